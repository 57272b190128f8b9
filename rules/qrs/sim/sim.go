// Package sim is the skirmish quick reference's quick-resolve: a player group advancing on
// its objective past portal counters, against the enemy the solo rules generate, played
// many times to give the odds that it arrives and that it survives. It plays the game
// through the solo package's own procedures (generation, orders, fire, end of turn), so the
// simulation and the table-side assistant cannot disagree. There is no table geometry: what
// the sheet decides by distance and line of sight is replaced by the fixed choices listed in
// NotSimulated.
package sim

import (
	"fmt"
	"math"
	"runtime/debug"
	"sort"

	"muster/rules/qrs"
	"muster/rules/qrs/army"
	"muster/rules/qrs/solo"
)

// Config is one matchup.
type Config struct {
	Players  army.Group // the player group (merge several into one before)
	Profiles []qrs.Profile
	Counters []string  // portal counters in the order the group passes them
	Pool     solo.Pool // nil: figures for anything
	Prefer   string
	// Sight is how many counters ahead the group sees at once (1 or more).
	Sight int
	// Cover: the player group fights from cover.
	Cover bool
	// Objective is how many turns of advance reach the objective (default: one past the
	// last counter); MaxTurns ends the game as a failure (default 12).
	Objective, MaxTurns int
	// Worse is the reading of the shooting table's lost Worse row (the game option).
	Worse qrs.WorseRow

	audit *audit // set by tests (audit.go)
}

// NotSimulated is what the quick-resolve leaves out, for the report.
var NotSimulated = []string{
	"Table geometry: ranges, line of sight and movement. Every group in play is in range and sight of every other; fire is at medium range.",
	"Extra shooters (+1 per extra figure shooting at the group): never added.",
	"Running, difficult terrain, jumping, hiding and Seeing.",
	"Close combat, lightsaber duels, grenades and explosives.",
	"Force powers (Deflect, Swipe, Push, Mind Trick...) and Force point recovery.",
	"Medics and wound suppression.",
	"Player orders to Imperial groups within 6\" (the add/subtract up to D6).",
	"Walkers' moving-and-shooting band and their ignoring of armour and light cover: a walker shoots like any figure, at medium range.",
}

// Battle is one game's result.
type Battle struct {
	Objective bool `json:"objective"`
	Survived  bool `json:"survived"`
	Turns     int  `json:"turns"`
	Enemies   int  `json:"enemies"`      // enemy figures that appeared
	EnemyDown int  `json:"enemies_down"` // of them, killed
	Lost      int  `json:"players_down"`
	// WorseRow is the reading of the lost Worse row the game was played under.
	WorseRow string   `json:"worse_row"`
	Log      []string `json:"log,omitempty"`
}

func (c *Config) defaults() error {
	if len(c.Players.Figures) == 0 {
		return fmt.Errorf("the player group has no figures")
	}
	if len(c.Counters) == 0 {
		return fmt.Errorf("place at least one portal counter on the approach")
	}
	if c.Sight < 1 {
		c.Sight = 1
	}
	if c.Objective < 1 {
		c.Objective = len(c.Counters) + 1
	}
	if c.MaxTurns < 1 {
		c.MaxTurns = 12
	}
	if c.MaxTurns > 100 || c.Objective > 100 {
		return fmt.Errorf("a game of more than 100 turns is not a skirmish")
	}
	return nil
}

// Play plays one game with the dice handed in.
func Play(c Config, d qrs.Dice) (Battle, error) { return play(c, d, true) }

// play is Play; without log the game keeps no log (solo.Setup.Quiet) and is otherwise the
// same game. It is never inlined, so that callgrind can count a game's instructions by its
// name (docs/benchmarks.md).
//
//go:noinline
func play(c Config, d qrs.Dice, log bool) (Battle, error) {
	if err := c.defaults(); err != nil {
		return Battle{}, err
	}
	var pool solo.Pool
	if c.Pool != nil {
		pool = solo.Pool{}
		for k, v := range c.Pool {
			pool[k] = v
		}
	}
	st, err := solo.New(solo.Setup{Counters: c.Counters, Pool: pool, Prefer: c.Prefer, Worse: c.Worse, Quiet: !log})
	if err != nil {
		return Battle{}, err
	}
	st.Profiles = c.Profiles
	pg := solo.GroupState{ID: 1, Name: c.Players.Name, Side: solo.Player}
	for _, f := range c.Players.Figures {
		pg.Figures = append(pg.Figures, solo.FigureState{Name: f.Name, Profile: f.Profile.Name, ForcePoints: f.Profile.ForcePoints})
	}
	st.Groups = append(st.Groups, pg)
	if err := st.Check(); err != nil {
		return Battle{}, err
	}
	if c.audit != nil {
		c.audit.begin(st)
	}
	b := Battle{WorseRow: c.Worse.Title()}
	progress, spotted := 0, map[int]bool{}
	for turn := 1; turn <= c.MaxTurns; turn++ {
		b.Turns = turn
		// 2) Enemy force generation: the counters ahead that the group now sees.
		var sight []int
		for id := progress + 1; id <= len(c.Counters) && len(sight) < c.Sight; id++ {
			if !spotted[id] {
				sight = append(sight, id)
			}
		}
		if len(sight) > 0 {
			spotted[sight[0]] = true // the nearest counter is passed once seen
			o, err := solo.Spot(st, sight, d)
			if err != nil {
				return b, err
			}
			b.Enemies += len(o.Figures)
		}
		// 3) Orders for the enemy groups: routing and retreating groups leave the table.
		players, _ := st.Group(1)
		pFig := solo.ActiveFigures(*players)
		for _, g := range enemies(st) {
			size := solo.ActiveFigures(g)
			s := qrs.MoveSituation{
				GreaterFire: pFig > size,
				LightFire:   2*pFig < size,
				InCover:     counterKind(st, g.Counter) != solo.Open,
				Alone:       len(enemies(st)) == 1,
			}
			r, err := solo.GiveOrders(st, g.ID, s, d)
			if err != nil {
				continue
			}
			if r.Roll.Order <= qrs.Retreat {
				solo.Withdraw(st, g.ID, r.Roll.Text)
			}
		}
		// 5) Shooting in Initiative order, highest first; ties to the enemy.
		if c.audit != nil {
			c.audit.shooting(st)
		}
		order := append(enemies(st), *players)
		sort.SliceStable(order, func(i, j int) bool { return solo.Initiative(st, order[i]) > solo.Initiative(st, order[j]) })
		for _, g := range order {
			cur, err := st.Group(g.ID)
			if err != nil {
				continue
			}
			shooters := solo.CanShoot(st, *cur)
			if shooters == 0 {
				continue
			}
			target := 1
			cover := c.Cover
			if g.Side == solo.Player {
				es := enemies(st)
				if len(es) == 0 {
					continue
				}
				target = es[0].ID // the nearest: the first to appear
				cover = counterKind(st, es[0].Counter) != solo.Open
			}
			tg, _ := st.Group(target)
			if solo.ActiveFigures(*tg) == 0 {
				continue
			}
			// "only dice for the nearest 3 enemy figures per shooting figure"
			if _, err := solo.Shoot(st, solo.Shot{Target: target, From: []int{g.ID}, Band: qrs.Medium, Cover: cover, Figures: 3 * shooters}, d); err != nil {
				return b, err
			}
		}
		if c.audit != nil {
			c.audit.state(st, turn)
		}
		// The turn's enemy casualties, before they are recycled: in every enemy group, the
		// ones killed to the last figure too, and in the turn the player group falls.
		for _, g := range st.Groups {
			if g.Side != solo.Enemy {
				continue
			}
			for _, f := range g.Figures {
				if !f.Active() {
					b.EnemyDown++
				}
			}
		}
		players, _ = st.Group(1)
		shaken := solo.Shaken(st, 1)
		if solo.ActiveFigures(*players) == 0 {
			break
		}
		solo.EndTurn(st)
		// 4) The group advances unless morale holds it back (it falls back instead), or
		// enemies still stand in its way at the counter it must pass.
		if !shaken && len(enemies(st)) == 0 {
			progress++
		} else if shaken {
			progress = max(0, progress-1)
		}
		if progress >= c.Objective {
			b.Objective = true
			break
		}
	}
	players, _ := st.Group(1)
	b.Survived = solo.ActiveFigures(*players) > 0
	b.Lost = len(players.Figures) - solo.ActiveFigures(*players)
	b.Log = st.Log
	if c.audit != nil {
		c.audit.result(st, b, c)
	}
	return b, nil
}

func enemies(st *solo.State) []solo.GroupState {
	var out []solo.GroupState
	for _, g := range st.Groups {
		if g.Side == solo.Enemy && solo.ActiveFigures(g) > 0 {
			out = append(out, g)
		}
	}
	return out
}

func counterKind(st *solo.State, id int) string {
	for _, c := range st.Counters {
		if c.ID == id {
			return c.Kind
		}
	}
	return solo.Open
}

// Rate is a proportion with its 95% Wilson interval.
type Rate struct {
	P    float64 `json:"p"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// Wilson is the 95% Wilson score interval of k successes in n trials: unlike the normal
// approximation it stays inside 0..1 and is honest at 0 and n.
func Wilson(k, n int) Rate {
	if n == 0 {
		return Rate{}
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	centre := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return Rate{P: p, Low: math.Max(0, centre-half), High: math.Min(1, centre+half)}
}

// Summary is the odds over many games.
type Summary struct {
	Battles      int      `json:"battles"`
	Objective    Rate     `json:"objective"`
	Survived     Rate     `json:"survived"`
	MeanTurns    float64  `json:"mean_turns"`
	MeanEnemies  float64  `json:"mean_enemy_figures"`
	MeanDown     float64  `json:"mean_enemy_figures_down"` // of them, killed
	MeanLost     float64  `json:"mean_player_figures_down"`
	WorseRow     string   `json:"worse_row"` // the reading of the lost Worse row played
	FirstLog     []string `json:"log"`
	NotSimulated []string `json:"not_simulated"`
}

// MaxBattles bounds a run.
const MaxBattles = 100000

// GameError is a game of Run or RunFight that stopped with a panic (a fault in the engine):
// the Index-th game, which the same setup and dice(Index) play again.
type GameError struct {
	Index int
	Value any    // what it panicked with
	Stack []byte // where, for a log (never shown to a player)
}

func (e *GameError) Error() string {
	return fmt.Sprintf("game %d failed: %v (a fault in Muster's skirmish engine; the same setup and seed play it again)", e.Index, e.Value)
}

// recovered plays game i with play, a panic becoming its *GameError: a page or command says
// so instead of falling over.
func recovered[T any](i int, play func() (T, error)) (g T, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &GameError{Index: i, Value: v, Stack: debug.Stack()}
		}
	}()
	return play()
}

// Run plays n games, the i-th with dice(i), and sums them up; the first game's log is kept,
// and only that game keeps one. A game that panics stops it with a *GameError.
func Run(c Config, n int, dice func(i int) qrs.Dice) (Summary, error) {
	if n < 1 || n > MaxBattles {
		return Summary{}, fmt.Errorf("play 1 to %d games", MaxBattles)
	}
	s := Summary{Battles: n, NotSimulated: NotSimulated, WorseRow: c.Worse.Title()}
	obj, surv, turns, enemies, down, lost := 0, 0, 0, 0, 0, 0
	for i := range n {
		b, err := recovered(i, func() (Battle, error) { return play(c, dice(i), i == 0) })
		if err != nil {
			return s, err
		}
		if i == 0 {
			s.FirstLog = b.Log
		}
		if b.Objective {
			obj++
		}
		if b.Survived {
			surv++
		}
		turns += b.Turns
		enemies += b.Enemies
		down += b.EnemyDown
		lost += b.Lost
	}
	s.MeanTurns = float64(turns) / float64(n)
	s.MeanEnemies = float64(enemies) / float64(n)
	s.MeanDown = float64(down) / float64(n)
	s.MeanLost = float64(lost) / float64(n)
	s.Objective, s.Survived = Wilson(obj, n), Wilson(surv, n)
	return s, nil
}
