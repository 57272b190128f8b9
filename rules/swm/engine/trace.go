package engine

import "math/rand/v2"

// Trace is a battle as a replay shows it: the map, the figures, and a frame for the setup
// and after every activation, each with where everyone stands, the doors open, what
// happened (moves, attacks, damage) and the log's lines. It is data only: drawing it is
// the views' business. Only PlayTrace records one; in Play every hook is a nil check, so
// that a quick-resolve's battles cost what they did.
type Trace struct {
	Map     string // the map's name
	W, H    int
	Squares []Terrain // row by row
	Zones   [2][]Point
	Zone    [2]int  // each squad's setup area, an index of Zones
	Doors   []Point // as Frame.Open numbers them
	Squads  [2]string
	Figures []TraceFigure
	Frames  []Frame
	// Winner is 0 or 1, -1 a draw; Outcome is the log's last line, who won and why.
	Winner  int
	Outcome string

	open []Event // the activation's events so far: its frame takes them as it ends
}

// TraceFigure is a figure as it set up: Label is the log's name for it ("[A] Rebel
// Trooper 2"), Size its squares a side.
type TraceFigure struct {
	Name, Label string
	Side, Size  int
	MaxHP       int
}

// Frame is the battle after the setup (Round 0, Actor -1) or after one activation: the
// figure that activated, everyone's state by figure, the doors open by number, the events
// of the activation in order and its lines of the log (a round's first frame carries the
// round's initiative lines; the last frame the result's).
type Frame struct {
	Round   int
	Actor   int
	Figures []FigureState
	Open    []bool
	Events  []Event
	Log     []string
}

// FigureState is a figure at the end of a frame.
type FigureState struct {
	Pos      Point
	HP       int
	Force    int
	Defeated bool
}

// EventKind is what an Event records.
type EventKind uint8

// The kinds of event.
const (
	// Move: Who walked Path, its squares from where it stood to where it stopped (an attack
	// of opportunity on the way ends one move and the rest is another).
	Move EventKind = iota
	// Attack: Who attacked Target; Hit and Critical say how it went.
	Attack
	// Damage: Target took Damage from From (a figure's label, "Splash", "Force Grip"), and
	// Defeated says whether it fell.
	Damage
)

// Event is one thing that happened in an activation; Who and Target are figure indices.
type Event struct {
	Kind          EventKind
	Who, Target   int
	Path          []Point
	Hit, Critical bool
	Damage        int
	From          string
	Defeated      bool
}

// PlayTrace is Play with the log and a trace: the same dice play the same battle, the
// result and log identical to Play's with its log.
func PlayTrace(m *Map, a, b Squad, rng *rand.Rand) (*Result, *Trace, error) {
	bt := begin(m, a, b, rng, true, nil)
	bt.trace = &Trace{}
	r, err := bt.play()
	if err != nil {
		return nil, nil, err
	}
	return r, bt.trace, nil
}

// start records the map and the figures once they are set up, and the setup's frame.
func (t *Trace) start(b *Battle) {
	t.Map, t.W, t.H = b.m.Name, b.m.W, b.m.H
	t.Squares = append([]Terrain(nil), b.m.cells...)
	t.Zones, t.Zone = b.m.Zones, b.zone
	t.Doors = append([]Point(nil), b.ter.doors...)
	t.Squads = [2]string{b.squads[0].Name, b.squads[1].Name}
	for _, c := range b.chars {
		t.Figures = append(t.Figures, TraceFigure{Name: c.Name, Label: c.Label, Side: c.Side, Size: c.Size, MaxHP: c.MaxHP})
	}
	t.Frames = append(t.Frames, Frame{Actor: -1})
	t.close(b)
}

// frame closes the activation of c as a frame.
func (t *Trace) frame(b *Battle, c *Char) {
	t.Frames = append(t.Frames, Frame{Round: b.round, Actor: c.ID})
	t.close(b)
}

// close fills the last frame's states and its log: the lines since the frame before.
func (t *Trace) close(b *Battle) {
	f := &t.Frames[len(t.Frames)-1]
	f.Events, t.open = t.open, nil
	for _, c := range b.chars {
		f.Figures = append(f.Figures, FigureState{Pos: c.Pos, HP: c.HP, Force: c.Force, Defeated: c.Defeated})
	}
	f.Open = append([]bool(nil), b.open...)
	logged := 0
	for _, g := range t.Frames[:len(t.Frames)-1] {
		logged += len(g.Log)
	}
	f.Log = append([]string(nil), b.lines[logged:]...)
}

// end adds the result's lines to the last frame.
func (t *Trace) end(b *Battle, r *Result) {
	t.Winner = r.Winner
	if n := len(r.Log); n > 0 {
		t.Outcome = r.Log[n-1]
	}
	logged := 0
	for _, g := range t.Frames {
		logged += len(g.Log)
	}
	last := &t.Frames[len(t.Frames)-1]
	last.Log = append(last.Log, b.lines[logged:]...)
}

// step records c stepping to p: a new move, or the next square of the one going on.
func (t *Trace) step(c *Char, p Point) {
	if n := len(t.open); n > 0 && t.open[n-1].Kind == Move && t.open[n-1].Who == c.ID {
		t.open[n-1].Path = append(t.open[n-1].Path, p)
		return
	}
	t.open = append(t.open, Event{Kind: Move, Who: c.ID, Target: -1, Path: []Point{c.Pos, p}})
}

func (t *Trace) strike(att, tg *Char, hit, critical bool) {
	t.open = append(t.open, Event{Kind: Attack, Who: att.ID, Target: tg.ID, Hit: hit, Critical: critical})
}

func (t *Trace) damage(c *Char, n int, from string) {
	t.open = append(t.open, Event{Kind: Damage, Who: -1, Target: c.ID, Damage: n, From: from, Defeated: c.HP <= 0})
}
