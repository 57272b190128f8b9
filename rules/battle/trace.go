package battle

import (
	"io"
	"strings"

	"muster/rules/combat"
)

// A Trace is what a replay of one battle needs: the table and, phase by phase, where every
// figure stood and in what state, the moves, the fire, the templates, the close assaults,
// the casualties and the log lines of the phase. The engine records it only when asked
// (PlayTrace): every hook in the engine is a nil check on b.trace, so battles played
// without a trace do no more work than before.
type Trace struct {
	Scenario string      `json:"scenario"`
	Seed     uint64      `json:"seed"`
	Map      TraceMap    `json:"map"`
	Sides    [2]string   `json:"sides"`  // the scenario's side names
	Armies   [2]string   `json:"armies"` // the armies' names
	Units    []TraceUnit `json:"units"`
	Frames   []Frame     `json:"frames"`
	// Result is the log's closing account (who won, victory points, every unit's fate).
	Result string `json:"result"`

	prev    []FigState // the figures at the last frame, to find the casualties
	logAt   int        // how much of the log the frames hold so far
	cur     Frame      // the phase being recorded
	placed  []bool     // units placed at least once (an arriving unit's path starts where it enters)
	started bool       // the set-up frame is taken: moves before it are the deployment
}

// TraceMap is the table as drawn: its size, terrain areas, barriers, objectives, and each
// side's deployment zones.
type TraceMap struct {
	W          float64        `json:"w"`
	H          float64        `json:"h"`
	Areas      []TraceArea    `json:"areas"`
	Barriers   []TraceBarrier `json:"barriers"`
	Objectives []Objective    `json:"objectives"`
	Deploy     [2][]Zone      `json:"deploy"`
	Exits      []Zone         `json:"exits"` // the victory condition's zones (escape, exit, carry)
}

// TraceArea is a terrain area as a polygon.
type TraceArea struct {
	Name  string  `json:"name"`
	Kind  string  `json:"kind"`
	Cover string  `json:"cover"`
	Poly  []Point `json:"poly"`
	Block bool    `json:"block"` // blocks sight or movement
}

// TraceBarrier is a linear barrier.
type TraceBarrier struct {
	Name string `json:"name"`
	A    Point  `json:"a"`
	B    Point  `json:"b"`
}

// TraceUnit is one unit as the replay shows it.
type TraceUnit struct {
	Name string `json:"name"` // "Name (Side)", as the log names it
	Side int    `json:"side"`
	Kind string `json:"kind"`
}

// Frame is the table at the end of one phase.
type Frame struct {
	Turn  int        `json:"turn"` // 0: the set-up
	Phase string     `json:"phase"`
	Figs  []FigState `json:"figs"`
	// UnitStatus is each unit's morale status or fate ("steady", "broken", "fled", ...).
	UnitStatus []string    `json:"unit_status"`
	Moves      []TraceMove `json:"moves"`
	Fire       []TraceFire `json:"fire"`
	Templates  []Template  `json:"templates"`
	Assaults   []Assault   `json:"assaults"`
	Casualties []Casualty  `json:"casualties"`
	Log        string      `json:"log"`
}

// FigState is one figure at the end of a phase.
type FigState struct {
	Unit    int   `json:"unit"` // the unit he fights with (an attached hero: his squad)
	Home    int   `json:"home"` // the unit he was bought as
	At      Point `json:"at"`
	On      bool  `json:"on"` // on the table (not in reserve, fled or escaped)
	Hero    bool  `json:"hero"`
	Wounded bool  `json:"wounded"`
	Prone   bool  `json:"prone"`
	Out     bool  `json:"out"`    // incapacitated
	Gone    bool  `json:"gone"`   // fled or escaped off the table
	Broken  bool  `json:"broken"` // his unit is broken (routing)
}

// TraceMove is a unit's path in a phase: where its formation's centre was placed, in order.
type TraceMove struct {
	Unit   int     `json:"unit"`
	Path   []Point `json:"path"`
	Charge bool    `json:"charge"`
}

// TraceFire is one volley: a unit firing at another.
type TraceFire struct {
	From  int    `json:"from"`
	To    int    `json:"to"`
	Shots int    `json:"shots"`
	Hits  int    `json:"hits"`
	Mode  string `json:"mode"` // "", "opportunity", "defensive"
}

// Template is a grenade burst, a flame, a strike or an artillery shell where it landed.
type Template struct {
	Unit   int     `json:"unit"` // who threw or called it; -1 for none
	Kind   string  `json:"kind"`
	At     Point   `json:"at"`
	Radius float64 `json:"radius"`
	Under  int     `json:"under"` // figures under it
}

// Assault is one round of a close assault: the units on each side, the blows that landed.
type Assault struct {
	Units [2][]int `json:"units"`
	Blows [2]int   `json:"blows"`
}

// Casualty is a figure hit in a phase: "wounded", "incapacitated", "fled" or "escaped".
type Casualty struct {
	Fig  int    `json:"fig"`
	Unit int    `json:"unit"`
	What string `json:"what"`
}

// PlayTrace plays one battle like Play and records its trace. The log is always made (the
// frames hold it); it is also written to log when log is not nil. The battle is the one
// Play gives for the same seed, result and log byte for byte.
func (b *Battle) PlayTrace(seed uint64, log io.Writer) (*Result, *Trace) {
	t := b.newTrace()
	b.trace = t
	var sb strings.Builder
	r := b.Play(seed, &sb)
	b.trace = nil
	full := sb.String()
	t.Seed = seed
	t.Result = strings.TrimLeft(full[min(t.logAt, len(full)):], "\n")
	t.prev, t.placed = nil, nil
	if log != nil {
		_, _ = io.WriteString(log, full)
	}
	return r, t
}

func (b *Battle) newTrace() *Trace {
	f := b.field
	sc := f.Scenario
	t := &Trace{Scenario: sc.Name, Map: TraceMap{W: f.W, H: f.H, Objectives: sc.Objectives}}
	for i := range f.areas {
		a := &f.areas[i]
		t.Map.Areas = append(t.Map.Areas, TraceArea{Name: a.name, Kind: a.kind, Cover: a.cover.String(),
			Poly: append([]Point(nil), a.poly.pts...), Block: a.blocks || a.impassable})
	}
	for i := range f.barriers {
		br := &f.barriers[i]
		t.Map.Barriers = append(t.Map.Barriers, TraceBarrier{Name: br.name, A: br.a, B: br.b})
	}
	for s := range 2 {
		sd := &sc.Sides[s]
		t.Sides[s], t.Armies[s] = sd.Name, b.forces[s].Name
		if len(sd.Zones) > 0 {
			t.Map.Deploy[s] = append([]Zone(nil), sd.Zones...)
		} else {
			t.Map.Deploy[s] = []Zone{sd.Deploy}
		}
	}
	t.Map.Exits = sc.Victory.Zones
	for ui := range b.units {
		u := &b.units[ui]
		t.Units = append(t.Units, TraceUnit{Name: b.name(ui), Side: u.side, Kind: string(u.spec.Kind)})
	}
	t.placed = make([]bool, len(b.units))
	return t
}

// tracePhase closes the phase just played as a frame, when a trace is being recorded.
func (b *Battle) tracePhase(name string) {
	if b.trace != nil {
		b.trace.frame(b, name)
	}
}

func (t *Trace) frame(b *Battle, name string) {
	fr := t.cur
	t.cur = Frame{}
	fr.Turn, fr.Phase = b.turn, name
	if !t.started {
		// The set-up: the deployment's placements are not moves.
		fr.Turn, fr.Moves, t.started = 0, nil, true
	}
	fr.Figs = make([]FigState, len(b.figs))
	for i := range b.figs {
		f := &b.figs[i]
		u := &b.units[f.unit]
		on := !f.gone && (u.state == stOnTable || u.state == stAttached)
		fr.Figs[i] = FigState{Unit: int(f.unit), Home: int(f.home), At: f.pos, On: on, Hero: f.spec.Hero != nil,
			Wounded: f.f.Wounded, Prone: f.prone, Out: f.f.Out, Gone: f.gone,
			Broken: u.subjectToMorale() && b.status(u) == combat.Broken}
		if t.prev == nil {
			continue
		}
		p := &t.prev[i]
		switch {
		case f.f.Out && !p.Out:
			fr.Casualties = append(fr.Casualties, Casualty{Fig: i, Unit: int(f.home), What: "incapacitated"})
		case f.gone && !p.Gone && !f.f.Out:
			what := "fled"
			if u.state == stEscaped {
				what = "escaped"
			}
			fr.Casualties = append(fr.Casualties, Casualty{Fig: i, Unit: int(f.home), What: what})
		case f.f.Wounded && !p.Wounded && !f.f.Out:
			fr.Casualties = append(fr.Casualties, Casualty{Fig: i, Unit: int(f.home), What: "wounded"})
		}
	}
	t.prev = fr.Figs
	fr.UnitStatus = make([]string, len(b.units))
	for ui := range b.units {
		fr.UnitStatus[ui] = b.traceStatus(ui)
	}
	if b.lg != nil {
		fr.Log = string(b.lg.buf[t.logAt:])
		t.logAt = len(b.lg.buf)
	}
	t.Frames = append(t.Frames, fr)
}

// traceStatus is a unit's morale status on the table, or where it is when it is not.
func (b *Battle) traceStatus(ui int) string {
	u := &b.units[ui]
	switch u.state {
	case stReserve:
		return "in reserve"
	case stFled:
		return FateFled
	case stEscaped:
		return FateEscaped
	case stDestroyed:
		return FateIncapacitated
	case stAttached:
		return "with " + b.units[u.attached].spec.Name
	case stNotInBattle:
		return FateOffBoard
	}
	if b.aliveCount(ui) == 0 {
		return FateIncapacitated
	}
	return strings.ToLower(b.status(u).String())
}

// traceMove records a unit placed at a point (its formation's centre) in this phase.
func (t *Trace) traceMove(b *Battle, ui int, at Point) {
	u := &b.units[ui]
	from := u.anchor
	if !t.placed[ui] {
		from = at
		t.placed[ui] = true
	}
	for k := range t.cur.Moves {
		if m := &t.cur.Moves[k]; m.Unit == ui {
			m.Path = append(m.Path, at)
			m.Charge = m.Charge || u.charged
			return
		}
	}
	t.cur.Moves = append(t.cur.Moves, TraceMove{Unit: ui, Path: []Point{from, at}, Charge: u.charged})
}

// traceFire records a volley.
func (t *Trace) traceFire(ui, ti int, mode fireMode, shots, hits int) {
	m := ""
	switch mode {
	case fireOpportunity:
		m = "opportunity"
	case fireDefensive:
		m = "defensive"
	}
	t.cur.Fire = append(t.cur.Fire, TraceFire{From: ui, To: ti, Shots: shots, Hits: hits, Mode: m})
}

// traceTemplate records a template where it landed.
func (t *Trace) traceTemplate(ui int, kind string, at Point, r float64, under int) {
	t.cur.Templates = append(t.cur.Templates, Template{Unit: ui, Kind: kind, At: at, Radius: r, Under: under})
}

// traceAssault records a round of close assault.
func (t *Trace) traceAssault(b *Battle, ei int) {
	en := &b.engs[ei]
	a := Assault{Blows: b.close.Wins}
	for s := range 2 {
		a.Units[s] = append([]int(nil), en.units[s]...)
	}
	t.cur.Assaults = append(t.cur.Assaults, a)
}
