package sim

import (
	"fmt"
	"sort"

	"muster/rules/qrs"
	"muster/rules/qrs/army"
	"muster/rules/qrs/solo"
)

// Side is one group of a firefight between two groups.
type Side struct {
	Group army.Group
	Cover bool
}

// FightConfig is two groups shooting it out, both on the random movement table (the sheet's
// rule for groups beyond 6" of a player's character).
type FightConfig struct {
	A, B     Side
	Profiles []qrs.Profile
	MaxTurns int
	// Worse is the reading of the shooting table's lost Worse row (the game option).
	Worse qrs.WorseRow

	audit *audit // set by tests (audit.go)
}

// Fight is one firefight's result: Winner "a", "b" or "" (both gone, or time ran out).
type Fight struct {
	Winner       string
	Turns        int
	LostA, LostB int
	// WorseRow is the reading of the lost Worse row the firefight was played under.
	WorseRow string
	Log      []string
}

// FightNotSimulated is what the two-group quick-resolve leaves out.
var FightNotSimulated = []string{
	"Table geometry: the groups are in range and sight of each other at medium range throughout.",
	"Advancing into close combat: orders only decide whether a group stays (and shoots) or leaves (retreat, rout).",
	"Extra shooters, running, terrain, hiding; close combat, duels, grenades; Force powers; medics.",
}

// PlayFight plays one firefight: each turn both groups roll random movement (a group that
// retreats or routs leaves the table and loses), then shoot in Initiative order, each
// dicing for 3 figures of the other per shooter.
func PlayFight(c FightConfig, d qrs.Dice) (Fight, error) { return playFight(c, d, true) }

// playFight is PlayFight; without log the firefight keeps no log (solo.Setup.Quiet).
func playFight(c FightConfig, d qrs.Dice, log bool) (Fight, error) {
	if len(c.A.Group.Figures) == 0 || len(c.B.Group.Figures) == 0 {
		return Fight{}, fmt.Errorf("both groups need figures")
	}
	if c.MaxTurns < 1 {
		c.MaxTurns = 12
	}
	if c.MaxTurns > 100 {
		return Fight{}, fmt.Errorf("a game of more than 100 turns is not a skirmish")
	}
	st, err := solo.New(solo.Setup{Counters: []string{solo.Cover}, Worse: c.Worse, Quiet: !log})
	if err != nil {
		return Fight{}, err
	}
	st.Profiles = c.Profiles
	for i, s := range []Side{c.A, c.B} {
		g := solo.GroupState{ID: i + 1, Name: s.Group.Name, Side: solo.Player}
		for _, f := range s.Group.Figures {
			g.Figures = append(g.Figures, solo.FigureState{Name: f.Name, Profile: f.Profile.Name, ForcePoints: f.Profile.ForcePoints})
		}
		st.Groups = append(st.Groups, g)
	}
	if err := st.Check(); err != nil {
		return Fight{}, err
	}
	if c.audit != nil {
		c.audit.begin(st)
	}
	cover := map[int]bool{1: c.A.Cover, 2: c.B.Cover}
	f := Fight{WorseRow: c.Worse.Title()}
	left := map[int]bool{}
	for turn := 1; turn <= c.MaxTurns; turn++ {
		f.Turns = turn
		for _, id := range []int{1, 2} {
			me, _ := st.Group(id)
			other, _ := st.Group(3 - id)
			mine, theirs := solo.ActiveFigures(*me), solo.ActiveFigures(*other)
			r, err := solo.GiveOrders(st, id, qrs.MoveSituation{GreaterFire: theirs > mine, LightFire: 2*theirs < mine, InCover: cover[id], Alone: true}, d)
			if err == nil && r.Roll.Order <= qrs.Retreat {
				left[id] = true
				st.Logf("Turn %d: group %d, %s, leaves the fight (%s).", st.Turn, id, me.Name, r.Roll.Text)
			}
		}
		if len(left) > 0 {
			break
		}
		order := []int{1, 2}
		sort.SliceStable(order, func(i, j int) bool {
			gi, _ := st.Group(order[i])
			gj, _ := st.Group(order[j])
			return solo.Initiative(st, *gi) > solo.Initiative(st, *gj)
		})
		for _, id := range order {
			me, _ := st.Group(id)
			other, _ := st.Group(3 - id)
			n := solo.CanShoot(st, *me)
			if n == 0 || solo.ActiveFigures(*other) == 0 {
				continue
			}
			if _, err := solo.Shoot(st, solo.Shot{Target: 3 - id, From: []int{id}, Band: qrs.Medium, Cover: cover[3-id], Figures: 3 * n}, d); err != nil {
				return f, err
			}
		}
		if c.audit != nil {
			c.audit.state(st, turn)
		}
		a, _ := st.Group(1)
		b, _ := st.Group(2)
		if solo.ActiveFigures(*a) == 0 || solo.ActiveFigures(*b) == 0 {
			break
		}
		solo.EndTurn(st)
	}
	a, _ := st.Group(1)
	b, _ := st.Group(2)
	inA := solo.ActiveFigures(*a) > 0 && !left[1]
	inB := solo.ActiveFigures(*b) > 0 && !left[2]
	switch {
	case inA && !inB:
		f.Winner = "a"
	case inB && !inA:
		f.Winner = "b"
	}
	f.LostA = len(a.Figures) - solo.ActiveFigures(*a)
	f.LostB = len(b.Figures) - solo.ActiveFigures(*b)
	f.Log = st.Log
	if c.audit != nil {
		c.audit.fightResult(st, f, c, left)
	}
	return f, nil
}

// FightSummary is the odds of a firefight over many games.
type FightSummary struct {
	Battles      int      `json:"battles"`
	AWins        Rate     `json:"a_wins"`
	BWins        Rate     `json:"b_wins"`
	Undecided    Rate     `json:"undecided"`
	MeanTurns    float64  `json:"mean_turns"`
	MeanLostA    float64  `json:"mean_a_figures_down"`
	MeanLostB    float64  `json:"mean_b_figures_down"`
	WorseRow     string   `json:"worse_row"` // the reading of the lost Worse row played
	FirstLog     []string `json:"log"`
	NotSimulated []string `json:"not_simulated"`
}

// RunFight plays n firefights, the i-th with dice(i); the first one's log is kept, and only
// that one keeps one. A firefight that panics stops it with a *GameError.
func RunFight(c FightConfig, n int, dice func(i int) qrs.Dice) (FightSummary, error) {
	if n < 1 || n > MaxBattles {
		return FightSummary{}, fmt.Errorf("play 1 to %d games", MaxBattles)
	}
	s := FightSummary{Battles: n, NotSimulated: FightNotSimulated, WorseRow: c.Worse.Title()}
	a, b, turns, lostA, lostB := 0, 0, 0, 0, 0
	for i := range n {
		f, err := recovered(i, func() (Fight, error) { return playFight(c, dice(i), i == 0) })
		if err != nil {
			return s, err
		}
		if i == 0 {
			s.FirstLog = f.Log
		}
		switch f.Winner {
		case "a":
			a++
		case "b":
			b++
		}
		turns += f.Turns
		lostA += f.LostA
		lostB += f.LostB
	}
	s.AWins, s.BWins, s.Undecided = Wilson(a, n), Wilson(b, n), Wilson(n-a-b, n)
	s.MeanTurns = float64(turns) / float64(n)
	s.MeanLostA = float64(lostA) / float64(n)
	s.MeanLostB = float64(lostB) / float64(n)
	return s, nil
}
