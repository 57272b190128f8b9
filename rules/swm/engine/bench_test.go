package engine

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkPlay is one battle of each scenario's squads (the test house numbers for the
// unprinted cards) on its map: what the web's quick-resolve (at most 200 battles in one
// request) costs a battle. Instructions, counted without noise (docs/benchmarks.md):
//
//	go test -c -o /tmp/d20.test ./rules/swm/engine && cd rules/swm/engine
//	GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind \
//	    --toggle-collect=muster/rules/swm/engine.play /tmp/d20.test -test.run '^$' \
//	    -test.bench '^BenchmarkPlay$/^assault$' -test.benchtime 20x
func BenchmarkPlay(b *testing.B) {
	for _, sc := range []struct{ name, a, bb string }{
		{"salvage", "../testdata/salvage-rebel.yaml", "../testdata/salvage-imperial.yaml"},
		{"assault", "../testdata/assault-rebel.yaml", "../testdata/assault-imperial.yaml"},
	} {
		b.Run(sc.name, func(b *testing.B) {
			b.ReportAllocs()
			sa, err := FromCosted(costed(b, sc.a))
			if err != nil {
				b.Fatal(err)
			}
			sb, err := FromCosted(costed(b, sc.bb))
			if err != nil {
				b.Fatal(err)
			}
			i := uint64(0)
			for b.Loop() {
				m, _ := Scenario(sc.name)
				if _, err := Play(m, sa, sb, rand.New(rand.NewPCG(1, i)), false); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkPlayWarm is the assault battles of BenchmarkPlay once the shared tables (sight,
// range, steps, cover: sighttable.go) hold what they ask: the 20 battles are played once
// before the clock starts, then again and again, as the battles of a long quick-resolve
// come to be. Under callgrind (which counts the first round too), with -benchtime 20x, a
// warm battle is the count less BenchmarkPlay/assault's, over 20.
func BenchmarkPlayWarm(b *testing.B) {
	b.ReportAllocs()
	sa, err := FromCosted(costed(b, "../testdata/assault-rebel.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	sb, err := FromCosted(costed(b, "../testdata/assault-imperial.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	battle := func(i uint64) {
		m, _ := Scenario("assault")
		if _, err := Play(m, sa, sb, rand.New(rand.NewPCG(1, i%20)), false); err != nil {
			b.Fatal(err)
		}
	}
	for i := range uint64(20) {
		battle(i)
	}
	i := uint64(0)
	for b.Loop() {
		battle(i)
		i++
	}
}
