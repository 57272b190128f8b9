package sim

import (
	"fmt"
	"math/rand/v2"
	"runtime/debug"
	"strings"
	"testing"

	"muster/rules/qrs"
	"muster/rules/qrs/army"
	"muster/rules/qrs/solo"
)

// drawGroup draws 1 to 8 figures of any of the catalogue's profiles.
func drawGroup(rng *rand.Rand, name string, profiles []qrs.Profile) army.Group {
	g := army.Group{Name: name}
	for i := range 1 + rng.IntN(8) {
		p := profiles[rng.IntN(len(profiles))]
		g.Figures = append(g.Figures, army.Figure{Name: fmt.Sprintf("%s %d", p.Name, i+1), Profile: p})
	}
	return g
}

func groupNames(g army.Group) string {
	var out []string
	for _, f := range g.Figures {
		out = append(out, f.Profile.Name)
	}
	return strings.Join(out, ", ")
}

// drawPool is nil (figures for anything) or a few of each profile the result table deploys.
func drawPool(rng *rand.Rand) solo.Pool {
	if rng.IntN(2) == 0 {
		return nil
	}
	p := solo.Pool{}
	for _, name := range []string{solo.Stormtrooper, solo.Heavy, solo.Leader, solo.Officer, solo.DeathTrooper, solo.ProbeDroid, solo.Walker, solo.Inquisitor} {
		p[name] = rng.IntN(9)
	}
	return p
}

// TestAnyGamesKeepTheirBookkeeping plays quick-resolves of player groups drawn at random
// from every profile of the catalogue, along approaches of every kind of counter, with
// pools, preferences, sight and cover drawn too, and firefights between two such groups,
// audited (audit.go): whatever the player brings, a game ends without a panic within its
// turns, with the pool, the wounds, the Force points and the orders whole after every
// turn's shooting, and a result that adds up. A failure names the game and its seed.
func TestAnyGamesKeepTheirBookkeeping(t *testing.T) {
	profiles := qrs.Starter().Profiles()
	games := 3000
	if testing.Short() {
		games = 300
	}
	rng := rand.New(rand.NewPCG(9, 4))
	for d := range games {
		dice := seeded(uint64(d))(0)
		a := &audit{}
		var run func() error
		if d%3 == 2 {
			c := FightConfig{A: Side{Group: drawGroup(rng, "A", profiles), Cover: rng.IntN(2) == 0},
				B: Side{Group: drawGroup(rng, "B", profiles), Cover: rng.IntN(2) == 0}, MaxTurns: 1 + rng.IntN(15), audit: a}
			a.what = fmt.Sprintf("game %d (seed %d, a firefight): %s against %s", d, d, groupNames(c.A.Group), groupNames(c.B.Group))
			run = func() error { _, err := PlayFight(c, dice); return err }
		} else {
			c := Config{Players: drawGroup(rng, "Players", profiles), Pool: drawPool(rng), Sight: 1 + rng.IntN(3),
				Cover: rng.IntN(2) == 0, MaxTurns: 1 + rng.IntN(15), audit: a}
			if k := solo.PreferKeys(); rng.IntN(2) == 0 {
				c.Prefer = k[rng.IntN(len(k))]
			}
			for range 1 + rng.IntN(5) {
				c.Counters = append(c.Counters, solo.CounterKinds[rng.IntN(len(solo.CounterKinds))])
			}
			a.what = fmt.Sprintf("game %d (seed %d): %s past %v, pool %s, prefer %q", d, d, groupNames(c.Players), c.Counters, poolText(c.Pool), c.Prefer)
			run = func() error { _, err := Play(c, dice); return err }
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("%s: panic: %v\n%s", a.what, r, debug.Stack())
				}
			}()
			if err := run(); err != nil {
				t.Errorf("%s: %v", a.what, err)
			}
		}()
		if len(a.fails) > 0 {
			t.Errorf("%s", strings.Join(a.fails, "\n"))
		}
		if a.checks == 0 {
			t.Errorf("%s: nothing was checked", a.what)
		}
	}
}

func poolText(p solo.Pool) string {
	if p == nil {
		return "unlimited"
	}
	return fmt.Sprint(map[string]int(p))
}
