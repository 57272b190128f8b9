package solo

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml"

	"muster/rules/qrs"
	"muster/rules/qrs/army"
)

// GameSystem is the system: value of a saved solo game, beside the army files' "qrs".
const GameSystem = "qrs-game"

// Bounds on a saved game, so a hostile file cannot make Muster do unbounded work.
const (
	MaxCounters = 50
	MaxGroups   = 200
	MaxFigures  = 2000
	MaxLog      = 1000 // log lines kept (the oldest are dropped)
	MaxLogLine  = 600  // characters of one log line kept
	// MaxFileSize bounds a saved game: the log at its longest is 600 KB, the groups at most
	// about 200 KB.
	MaxFileSize = 1 << 20
	MaxPool     = 500 // figures of one profile in the pool
	MaxTurns    = 1000
)

// Sides of a group.
const (
	Player = "player"
	Enemy  = "enemy"
)

// Counter is a portal counter on the table.
type Counter struct {
	ID      int    `yaml:"id" json:"id"`
	Kind    string `yaml:"kind" json:"kind"`
	Removed bool   `yaml:"removed,omitempty" json:"removed,omitempty"`
}

// FigureState is one figure through the game.
type FigureState struct {
	Name    string `yaml:"name" json:"name"`
	Profile string `yaml:"profile" json:"profile"`
	Wounds  int    `yaml:"wounds,omitempty" json:"wounds,omitempty"`
	// DuckedBack is the turn the figure ducked back (0: it has not). It counts as ducked
	// back (morale, the show) to the end of the turn after; it is "unable to move or shoot
	// in their next turn" only: that turn after (held).
	DuckedBack int  `yaml:"ducked_back,omitempty" json:"ducked_back,omitempty"`
	Down       bool `yaml:"down,omitempty" json:"down,omitempty"` // killed or disabled
	// Suppressed is the turn a Force user suppressed its wound ("all values return to
	// normal" for that turn).
	Suppressed int `yaml:"suppressed,omitempty" json:"suppressed,omitempty"`
	// KnockedOut is the turn a knocked-out figure recovers ("recovers in D3 turns").
	KnockedOut  int `yaml:"knocked_out,omitempty" json:"knocked_out,omitempty"`
	ForcePoints int `yaml:"force_points,omitempty" json:"force_points,omitempty"`
}

// hurt reports whether the figure plays wounded this turn (values halved).
func (st *State) hurt(f FigureState) bool { return f.Wounds > 0 && f.Suppressed != st.Turn }

// canAct reports whether the figure can move, shoot or use the Force this turn: in the
// fight, not held by a duck back, not knocked out.
func (st *State) canAct(f FigureState) bool {
	return f.Active() && !st.held(f) && st.Turn >= f.KnockedOut
}

// held: the turn after a duck back. "Duck Back: Figure is unable to move or shoot in their
// next turn" (the sheet): not the turn it ducked back in, whose shots it may still fire.
func (st *State) held(f FigureState) bool {
	return f.DuckedBack > 0 && st.Turn == f.DuckedBack+1
}

// Active reports whether the figure is still in the fight.
func (f FigureState) Active() bool { return !f.Down }

// GroupState is one group through the game.
type GroupState struct {
	ID      int    `yaml:"id" json:"id"`
	Name    string `yaml:"name" json:"name"`
	Side    string `yaml:"side" json:"side"`
	Orders  string `yaml:"orders,omitempty" json:"orders,omitempty"`
	Counter int    `yaml:"counter,omitempty" json:"counter,omitempty"` // where it appeared
	// Started is how many figures the group had when it appeared: an enemy group's dead go
	// back to the pool, but "each quarter of unit killed" still counts them. 0: all of
	// Figures (player groups keep their fallen).
	Started int           `yaml:"started,omitempty" json:"started,omitempty"`
	Figures []FigureState `yaml:"figures" json:"figures"`
}

// size is the group's figures at the start.
func (g GroupState) size() int { return max(g.Started, len(g.Figures)) }

// State is a solo game, saved between commands like an army file.
type State struct {
	Format int    `yaml:"format" json:"format"`
	System string `yaml:"system" json:"system"`
	Name   string `yaml:"name,omitempty" json:"name,omitempty"`
	// Seed and Step make the game's dice reproducible: the command line rolls the n-th
	// command's dice from (Seed, Step) and counts Step up.
	Seed    uint64 `yaml:"seed" json:"seed"`
	Step    uint64 `yaml:"step" json:"step"`
	Turn    int    `yaml:"turn" json:"turn"`
	Contact bool   `yaml:"contact,omitempty" json:"contact,omitempty"`
	// Prefer is the option the player prefers where the result table offers "or".
	Prefer string `yaml:"prefer,omitempty" json:"prefer,omitempty"`
	// WorseRow is the game's reading of the shooting table's lost Worse row (qrs.WorseRow's
	// key; "" the default).
	WorseRow string        `yaml:"worse_row,omitempty" json:"worse_row,omitempty"`
	Counters []Counter     `yaml:"counters" json:"counters"`
	Pool     Pool          `yaml:"pool,omitempty" json:"pool,omitempty"`
	Groups   []GroupState  `yaml:"groups" json:"groups"`
	Profiles []qrs.Profile `yaml:"profiles,omitempty" json:"profiles,omitempty"`
	Log      []string      `yaml:"log,omitempty" json:"log,omitempty"`

	catalog *qrs.Catalog
	// resolved holds the profiles the game's figures name, as Profile resolves them: a
	// game asks for its few profiles thousands of times, and resolving a name normalises it.
	resolved map[string]qrs.Profile
	// quiet: the game keeps no log (Setup.Quiet).
	quiet bool
}

// Setup is what a new game starts from.
type Setup struct {
	Name     string
	Seed     uint64
	Counters []string   // kinds, in the order placed (they are numbered from 1)
	Pool     Pool       // nil: unlimited
	Army     *army.Army // the player's figures; may be nil
	Prefer   string
	Worse    qrs.WorseRow // the reading of the shooting table's lost Worse row
	// Quiet keeps no log, and EndTurn returns no notes: a quick-resolve keeps the log of
	// its first game only, and formatting the others' would be thrown away.
	Quiet bool
}

// New starts a game at turn 1.
func New(s Setup) (*State, error) {
	st := &State{Format: 1, System: GameSystem, Name: s.Name, Seed: s.Seed, Turn: 1, Pool: s.Pool, Prefer: s.Prefer, quiet: s.Quiet}
	if s.Worse != qrs.WorseContinued {
		st.WorseRow = s.Worse.String()
	}
	if len(s.Counters) == 0 {
		return nil, fmt.Errorf("place at least one portal counter (corner, cover or open) covering the approaches to the objective")
	}
	if len(s.Counters) > MaxCounters {
		return nil, fmt.Errorf("%d counters; a game may have at most %d", len(s.Counters), MaxCounters)
	}
	for i, k := range s.Counters {
		k = strings.ToLower(strings.TrimSpace(k))
		if !oneOf(k, CounterKinds) {
			return nil, fmt.Errorf("counter %d: %q is not a place for a counter; write corner, cover or open", i+1, k)
		}
		st.Counters = append(st.Counters, Counter{ID: i + 1, Kind: k})
	}
	if s.Prefer != "" && !oneOf(s.Prefer, PreferKeys()) {
		return nil, fmt.Errorf("prefer %q is not an option of the result table; write one of %s", s.Prefer, strings.Join(PreferKeys(), ", "))
	}
	if s.Army != nil {
		for _, p := range s.Army.Catalog.Profiles() {
			if p.Source == qrs.SourceArmy {
				st.Profiles = append(st.Profiles, p)
			}
		}
		for _, g := range s.Army.Groups {
			gs := GroupState{ID: st.nextGroupID(), Name: g.Name, Side: Player}
			for _, f := range g.Figures {
				gs.Figures = append(gs.Figures, FigureState{Name: f.Name, Profile: f.Profile.Name, ForcePoints: f.Profile.ForcePoints})
			}
			st.Groups = append(st.Groups, gs)
		}
	}
	if !st.quiet {
		st.Logf("Turn 1. %d portal counters placed: %s.", len(st.Counters), st.counterList())
	}
	return st, st.Check()
}

func (st *State) counterList() string {
	var parts []string
	for _, c := range st.Counters {
		parts = append(parts, fmt.Sprintf("%d (%s)", c.ID, c.Kind))
	}
	return strings.Join(parts, ", ")
}

func (st *State) nextGroupID() int {
	id := 1
	for _, g := range st.Groups {
		id = max(id, g.ID+1)
	}
	return id
}

// Logf adds a line to the game's log, dropping the oldest beyond MaxLog; a quiet game
// keeps none.
func (st *State) Logf(format string, args ...any) {
	if st.quiet {
		return
	}
	line := fmt.Sprintf(format, args...)
	if utf8.RuneCountInString(line) > MaxLogLine {
		line = string([]rune(line)[:MaxLogLine-3]) + "..."
	}
	st.Log = append(st.Log, line)
	if len(st.Log) > MaxLog {
		st.Log = st.Log[len(st.Log)-MaxLog:]
	}
}

// Catalog is the starter profiles with the game's own added.
func (st *State) Catalog() *qrs.Catalog {
	if st.catalog == nil {
		c := qrs.Starter() // a copy of its own
		for _, p := range st.Profiles {
			p.Source = qrs.SourceArmy
			c.Put(p)
		}
		st.catalog = c
	}
	return st.catalog
}

// Profile resolves a figure's profile.
func (st *State) Profile(f FigureState) qrs.Profile {
	if p, ok := st.resolved[f.Profile]; ok {
		return p
	}
	p, _ := st.Catalog().Lookup(f.Profile)
	if st.resolved == nil {
		st.resolved = map[string]qrs.Profile{}
	}
	st.resolved[f.Profile] = p
	return p
}

// Group finds a group by its ID.
func (st *State) Group(id int) (*GroupState, error) {
	for i := range st.Groups {
		if st.Groups[i].ID == id {
			return &st.Groups[i], nil
		}
	}
	var ids []string
	for _, g := range st.Groups {
		ids = append(ids, fmt.Sprintf("%d (%s)", g.ID, g.Name))
	}
	if len(ids) == 0 {
		return nil, fmt.Errorf("there is no group %d; the game has no groups yet", id)
	}
	return nil, fmt.Errorf("there is no group %d; the groups are %s", id, strings.Join(ids, ", "))
}

// Check refuses a saved game that is out of bounds or refers to unknown profiles.
func (st *State) Check() error {
	switch {
	case st.Format != 1:
		return fmt.Errorf("format: %d is not a game file format Muster reads; write \"format: 1\"", st.Format)
	case st.System != GameSystem:
		return fmt.Errorf("system: %q is not a saved solo game; start one with muster qrs new", st.System)
	case len(st.Counters) > MaxCounters:
		return fmt.Errorf("%d counters; a game may have at most %d", len(st.Counters), MaxCounters)
	case len(st.Groups) > MaxGroups:
		return fmt.Errorf("%d groups; a game may have at most %d", len(st.Groups), MaxGroups)
	case st.Turn < 1 || st.Turn > MaxTurns:
		return fmt.Errorf("turn %d is outside 1 to %d", st.Turn, MaxTurns)
	case st.WorseRow != "" && !slices.Contains(qrs.WorseRowKeys, st.WorseRow):
		return fmt.Errorf("worse_row: %q is not a reading of the Worse row; write %s", st.WorseRow, strings.Join(qrs.WorseRowKeys, " or "))
	case len(st.Profiles) > army.MaxProfiles:
		return fmt.Errorf("%d profiles; at most %d", len(st.Profiles), army.MaxProfiles)
	case len(st.Log) > MaxLog:
		st.Log = st.Log[len(st.Log)-MaxLog:]
	}
	for i, l := range st.Log {
		if r := []rune(l); len(r) > MaxLogLine {
			st.Log[i] = string(r[:MaxLogLine-3]) + "..."
		}
	}
	if st.Pool != nil {
		// The pool is kept under the profiles' own names, so "stormtroopers: 12" and the
		// result table's Stormtrooper are one count.
		pool := Pool{}
		for name, n := range st.Pool {
			if n < 0 || n > MaxPool {
				return fmt.Errorf("pool: %d %s; write 0 to %d", n, name, MaxPool)
			}
			p, ok := st.Catalog().Lookup(name)
			if !ok {
				return fmt.Errorf("pool: there is no profile %q; write one of %s", name, strings.Join(st.Catalog().Nearest(name), ", "))
			}
			pool[p.Name] += n
		}
		st.Pool = pool
	}
	figures := 0
	for _, g := range st.Groups {
		figures += len(g.Figures)
		if g.Started < 0 || g.Started > MaxFigures {
			return fmt.Errorf("group %d: started with %d figures?", g.ID, g.Started)
		}
		if g.Side != Player && g.Side != Enemy {
			return fmt.Errorf("group %d: side %q; write player or enemy", g.ID, g.Side)
		}
		for _, f := range g.Figures {
			if _, ok := st.Catalog().Lookup(f.Profile); !ok {
				return fmt.Errorf("group %d, %s: there is no profile %q", g.ID, g.Name, f.Profile)
			}
			if f.Wounds < 0 || f.Wounds > 2 || f.ForcePoints < 0 || f.ForcePoints > army.MaxForcePoints {
				return fmt.Errorf("group %d, %s: %s has %d wounds and %d Force points; wounds are 0 to 2", g.ID, g.Name, f.Name, f.Wounds, f.ForcePoints)
			}
		}
	}
	if figures > MaxFigures {
		return fmt.Errorf("%d figures; a game may have at most %d", figures, MaxFigures)
	}
	return nil
}

// Read loads a saved game (YAML or JSON).
func Read(data []byte) (*State, error) {
	var st State
	if err := qrs.DecodeLimit(data, &st, "a game file", MaxFileSize); err != nil {
		return nil, err
	}
	if err := st.Check(); err != nil {
		return nil, err
	}
	return &st, nil
}

// Marshal writes the game as YAML (or JSON, when asJSON).
func (st *State) Marshal(asJSON bool) ([]byte, error) {
	if asJSON {
		return yaml.MarshalWithOptions(st, yaml.JSON())
	}
	return yaml.Marshal(st)
}

func oneOf(s string, list []string) bool {
	for _, x := range list {
		if s == x {
			return true
		}
	}
	return false
}
