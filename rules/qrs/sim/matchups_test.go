package sim

import (
	"testing"

	"muster/rules/qrs/army"
	"muster/rules/qrs/solo"
)

// advanceGame and fightGame are the built-in matchups: the games TestBattleHashes records
// and TestWinRates measures.
type advanceGame struct {
	name string
	c    Config
}

type fightGame struct {
	name string
	c    FightConfig
}

func builtinGames(t *testing.T) ([]advanceGame, []fightGame) {
	fig := func(p string, n int) army.FigureEntry { return army.FigureEntry{Profile: p, Count: n} }
	full := solo.Pool{}
	for _, name := range []string{solo.Stormtrooper, solo.Heavy, solo.Leader, solo.Officer, solo.DeathTrooper, solo.ProbeDroid, solo.Walker, solo.Inquisitor} {
		full[name] = 4
	}
	advances := []advanceGame{
		{"troopers-open-one-droid", Config{Players: group(t, fig("Rebel Trooper", 4)), Counters: []string{"open", "open", "open"}, Pool: solo.Pool{solo.ProbeDroid: 1}}},
		{"heroes-every-counter-full-pool", Config{Players: group(t, fig("Rebel Hero", 2), fig("Rebel Trooper", 4)), Counters: []string{"corner", "cover", "open"}, Pool: full, Sight: 2, Cover: true}},
		{"jedi-scoundrels-anything", Config{Players: group(t, fig("Jedi Knight", 1), fig("Scoundrel", 3)), Counters: []string{"cover", "corner", "open", "cover"}, Prefer: solo.PreferKeys()[0]}},
	}
	fights := []fightGame{
		{"death-troopers-against-rebels", FightConfig{A: Side{Group: group(t, fig("Death Trooper", 4))}, B: Side{Group: group(t, fig("Rebel Trooper", 6)), Cover: true}}},
		{"sith-against-jedi-and-troopers", FightConfig{A: Side{Group: group(t, fig("Sith Lord", 1), fig("Stormtrooper", 5))}, B: Side{Group: group(t, fig("Jedi Master", 1), fig("Rebel Trooper", 3))}}},
	}
	return advances, fights
}
