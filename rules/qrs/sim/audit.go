package sim

import (
	"fmt"
	"slices"

	"muster/rules/qrs"
	"muster/rules/qrs/solo"
)

// audit, set by a test on a Config or FightConfig (nil otherwise), checks a game's
// bookkeeping after the shooting of every turn and at its end, reading the state without
// changing it, so a game audited plays as one not audited. Each hook is one nil check.
type audit struct {
	checks int
	fails  []string
	what   string // the game being played, for the messages

	pool    solo.Pool // the figure pool at the start (nil: unlimited)
	players map[int]int
	killed  int // enemy figures seen down after the shooting (each turn's are new)
	// standing is the enemy figures in the fight just before a turn's shooting (shooting);
	// fell adds, turn by turn, those standing before less those standing after: the
	// figures that fell, counted from the table, an independent count of the game's
	// casualties that neither reads down markers nor relies on their recycling.
	standing, fell int
	counted        bool // shooting noted standing this turn (quick-resolves; not firefights)
}

// activeEnemies counts the enemy figures in the fight, in every enemy group on the table.
func activeEnemies(st *solo.State) int {
	n := 0
	for _, g := range st.Groups {
		if g.Side == solo.Enemy {
			n += solo.ActiveFigures(g)
		}
	}
	return n
}

// shooting notes the enemy figures standing before a turn's shooting.
func (a *audit) shooting(st *solo.State) { a.standing, a.counted = activeEnemies(st), true }

func (a *audit) failf(st *solo.State, format string, args ...any) {
	if len(a.fails) < 20 {
		a.fails = append(a.fails, fmt.Sprintf("%s, turn %d: ", a.what, st.Turn)+fmt.Sprintf(format, args...))
	}
}

// begin records what the game starts with.
func (a *audit) begin(st *solo.State) {
	a.players = map[int]int{}
	for _, g := range st.Groups {
		if g.Side == solo.Player {
			a.players[g.ID] = len(g.Figures)
		}
	}
	if st.Pool != nil {
		a.pool = solo.Pool{}
		for k, v := range st.Pool {
			a.pool[k] = v
		}
	}
}

// orders are the texts the random movement table gives (and the Advance orders a group
// appears on).
func validOrders(o string) bool {
	if o == "" || o == "Advance" {
		return true
	}
	for _, x := range qrs.Orders {
		if o == x.Plain(true) || o == x.Plain(false) {
			return true
		}
	}
	return false
}

// state checks, after a turn's shooting: the figure pool never goes below 0 and holds, with
// the enemy figures on the table (their dead until the turn's end), what it started with
// (figures go back when they fall or leave; "until casualties are recycled"); player groups
// keep every figure (their fallen stay, disabled or killed); an enemy group on the table
// started with at least what it has and has somebody; a figure has at most 2 wounds, and
// one in the fight at most 1 ("2 wounds Disable/kill a figure"); Force points stay within
// 0 and the profile's; orders are a result of the random movement table; duck backs are
// of this turn or the last.
func (a *audit) state(st *solo.State, turn int) {
	a.checks++
	if a.counted {
		a.fell += a.standing - activeEnemies(st)
		a.counted = false
	}
	if st.Turn != turn {
		a.failf(st, "the game's turn is %d, the quick-resolve's %d", st.Turn, turn)
	}
	onTable := map[string]int{}
	for _, g := range st.Groups {
		if g.Side == solo.Enemy {
			if len(g.Figures) == 0 || g.Started < len(g.Figures) {
				a.failf(st, "group %d, %s, has %d figures and started with %d", g.ID, g.Name, len(g.Figures), g.Started)
			}
		} else if n, ok := a.players[g.ID]; !ok || n != len(g.Figures) {
			a.failf(st, "player group %d, %s, has %d figures, %d at the start", g.ID, g.Name, len(g.Figures), n)
		}
		if !validOrders(g.Orders) {
			a.failf(st, "group %d, %s, has orders %q", g.ID, g.Name, g.Orders)
		}
		for _, f := range g.Figures {
			if g.Side == solo.Enemy {
				onTable[f.Profile]++
				if !f.Active() {
					a.killed++
				}
			}
			p := st.Profile(f)
			switch {
			case f.Wounds < 0 || f.Wounds > 2 || f.Active() && f.Wounds > 1:
				a.failf(st, "%s of group %d has %d wounds (down: %v)", f.Name, g.ID, f.Wounds, f.Down)
			case f.ForcePoints < 0 || f.ForcePoints > max(p.ForcePoints, 0):
				a.failf(st, "%s of group %d has %d Force points of %d", f.Name, g.ID, f.ForcePoints, p.ForcePoints)
			case f.DuckedBack > st.Turn || f.DuckedBack > 0 && f.DuckedBack < st.Turn-1:
				a.failf(st, "%s of group %d ducked back in turn %d", f.Name, g.ID, f.DuckedBack)
			}
		}
	}
	if a.pool != nil {
		names := map[string]bool{}
		for k := range a.pool {
			names[k] = true
		}
		for k := range st.Pool {
			names[k] = true
		}
		for k := range onTable {
			names[k] = true
		}
		for k := range names {
			if st.Pool[k] < 0 || st.Pool[k]+onTable[k] != a.pool[k] {
				a.failf(st, "the pool holds %d %s and %d are on the table, of %d", st.Pool[k], k, onTable[k], a.pool[k])
			}
		}
	}
}

// result: the game ended within its turns; the player figures lost are those down, the
// group survived if any is in the fight, it reached the objective only standing; the enemy
// figures down are every enemy figure that fell, of those that appeared.
func (a *audit) result(st *solo.State, b Battle, c Config) {
	a.checks++
	if b.Turns < 1 || b.Turns > c.MaxTurns {
		a.failf(st, "the game lasted %d turns of %d", b.Turns, c.MaxTurns)
	}
	g, err := st.Group(1)
	if err != nil {
		a.failf(st, "the player group is gone: %v", err)
		return
	}
	active := solo.ActiveFigures(*g)
	if b.Lost != len(g.Figures)-active || b.Survived != (active > 0) || b.Objective && !b.Survived {
		a.failf(st, "lost %d, survived %v, objective %v; the group has %d of %d in the fight", b.Lost, b.Survived, b.Objective, active, len(g.Figures))
	}
	if b.EnemyDown != a.killed || b.EnemyDown != a.fell || b.EnemyDown > b.Enemies {
		a.failf(st, "%d enemy figures down of %d that appeared; %d seen down after the shooting, %d fewer standing after it than before", b.EnemyDown, b.Enemies, a.killed, a.fell)
	}
}

// fightResult: the groups keep their figures; the losses are the figures down; a group
// wins only if it is still in the fight and the other is not.
func (a *audit) fightResult(st *solo.State, f Fight, c FightConfig, left map[int]bool) {
	a.checks++
	if f.Turns < 1 || f.Turns > c.MaxTurns {
		a.failf(st, "the fight lasted %d turns of %d", f.Turns, c.MaxTurns)
	}
	var in [2]bool
	for i, lost := range []int{f.LostA, f.LostB} {
		g, err := st.Group(i + 1)
		if err != nil {
			a.failf(st, "group %d is gone: %v", i+1, err)
			return
		}
		active := solo.ActiveFigures(*g)
		if lost != len(g.Figures)-active {
			a.failf(st, "group %d lost %d, has %d of %d in the fight", i+1, lost, active, len(g.Figures))
		}
		in[i] = active > 0 && !left[i+1]
	}
	want := ""
	switch {
	case in[0] && !in[1]:
		want = "a"
	case in[1] && !in[0]:
		want = "b"
	}
	if f.Winner != want || !slices.Contains([]string{"", "a", "b"}, f.Winner) {
		a.failf(st, "the winner is %q; in the fight: %v", f.Winner, in)
	}
}
