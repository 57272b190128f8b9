package sim

import (
	"testing"

	"muster/rules/qrs/army"
	"muster/rules/qrs/solo"
)

// BenchmarkGame is one game of the web's suggested quick-resolve (Red Team, a Rebel Hero
// and three Rebel Troopers, past a corner, a cover and an open counter, with the suggested
// figure pool), game i with dice PCG(7, i), as Run plays every game but the first (no
// log): what each of the up to 2,000 games of a request costs. BenchmarkGameLogged is the
// first, whose log is kept. Instructions, counted without noise (docs/benchmarks.md):
//
//	go test -c -o /tmp/qrs.test ./rules/qrs/sim && cd rules/qrs/sim
//	GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind \
//	    --toggle-collect=muster/rules/qrs/sim.play /tmp/qrs.test -test.run '^$' \
//	    -test.bench 'BenchmarkGame$' -test.benchtime 200x
func BenchmarkGame(b *testing.B) { benchGames(b, false) }

func BenchmarkGameLogged(b *testing.B) { benchGames(b, true) }

func benchGames(b *testing.B, log bool) {
	b.ReportAllocs()
	c := benchConfig(b)
	dice := seeded(7)
	i := 0
	for b.Loop() {
		if _, err := play(c, dice(i), log); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func benchConfig(b *testing.B) Config {
	a := army.Resolve(&army.File{Format: 1, System: "qrs", Name: "bench", Groups: []army.GroupEntry{{Name: "Red Team", Figures: []army.FigureEntry{
		{Profile: "Rebel Hero", Count: 1}, {Profile: "Rebel Trooper", Count: 3}}}}})
	for _, p := range a.Problems {
		if p.Severity == "error" {
			b.Fatal(p.Message)
		}
	}
	pool := solo.Pool{solo.Stormtrooper: 12, solo.Heavy: 1, solo.Leader: 1, solo.Officer: 1, solo.DeathTrooper: 0, solo.ProbeDroid: 1, solo.Walker: 1, solo.Inquisitor: 0}
	return Config{Players: a.Groups[0], Counters: []string{solo.Corner, solo.Cover, solo.Open}, Pool: pool}
}
