package battle

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"muster/rules/internal/cputime"
)

// BenchmarkReferenceBattle plays the reference matchup: two armies of about 1500 SGPs
// (testdata/rebel-1500.yaml, 1538 SGPs, against testdata/imperial-1500.yaml, 1512) on the
// open field, one battle per iteration, each with its own seed, on one goroutine. It
// reports battles per second (wall clock and per CPU second, which a shared machine does not
// inflate), the dice a battle rolls and the nanoseconds of battle per die rolled
// (docs/benchmarks.md).
func BenchmarkReferenceBattle(b *testing.B) {
	benchBattle(b, "testdata/rebel-1500.yaml", "testdata/imperial-1500.yaml")
}

// BenchmarkFullKitBattle is the second matchup (issue 13): testdata/full-1500.yaml, with
// heroes using Force powers, special grenades, a flamethrower, a grenade launcher, an
// on-board artillery piece and a mounted squad, against the reference Imperials.
func BenchmarkFullKitBattle(b *testing.B) {
	benchBattle(b, "testdata/full-1500.yaml", "testdata/imperial-1500.yaml")
}

// BenchmarkBridgeBattle is the book's forces of Defending the Bridge on their scenario
// (rules/data/forces), whose woods everywhere make it the costliest built-in battle: the
// second what-if of issue 28.
func BenchmarkBridgeBattle(b *testing.B) {
	benchBattleOn(b, "defending-the-bridge", "rules/data/forces/defending-the-bridge-rebel.yaml", "rules/data/forces/defending-the-bridge-imperial.yaml")
}

func benchBattle(b *testing.B, pa, pb string) {
	benchBattleOn(b, "open-field", pa, pb)
}

func benchBattleOn(b *testing.B, sc, pa, pb string) {
	field := scenario(b, sc)
	bt := New(field, force(b, pa), force(b, pb))
	bt.Play(0, nil)
	b.ReportAllocs()
	var faces uint64
	i := uint64(0)
	cpu0 := cputime.Now()
	b.ResetTimer()
	for b.Loop() {
		bt.Play(BattleSeed(1, i), nil)
		faces += bt.Faces()
		i++
	}
	cpu := cputime.Now() - cpu0
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "battles/s")
	if cpu > 0 {
		b.ReportMetric(float64(i)/cpu.Seconds(), "battles/cpu-s")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(faces), "ns/die")
	b.ReportMetric(float64(faces)/float64(i), "dice/battle")
}

// BenchmarkReferenceBattleParallel plays the reference matchup on every core (one Battle per
// goroutine, as Simulate does): battles/s over all of them, to compare with the one-core
// figure.
func BenchmarkReferenceBattleParallel(b *testing.B) {
	field := scenario(b, "open-field")
	a, e := force(b, "testdata/rebel-1500.yaml"), force(b, "testdata/imperial-1500.yaml")
	var next atomic.Uint64
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		bt := New(field, a, e)
		for pb.Next() {
			bt.Play(BattleSeed(1, next.Add(1)), nil)
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "battles/s")
}

// BenchmarkMatchupUnsplit and BenchmarkMatchupChunked play the same 2,000-battle reference
// matchup on one goroutine: whole, and as chunks of 100 battles, each chunk through JSON
// (as the job system stores it) and merged. The difference is the cost of chunking
// (docs/benchmarks.md): compare battles/cpu-s on a busy machine.
func BenchmarkMatchupUnsplit(b *testing.B) {
	benchMatchup(b, 0)
}

func BenchmarkMatchupChunked(b *testing.B) {
	benchMatchup(b, 100)
}

func benchMatchup(b *testing.B, size int) {
	field := scenario(b, "open-field")
	a, e := force(b, "testdata/rebel-1500.yaml"), force(b, "testdata/imperial-1500.yaml")
	const n = 2000
	seed := uint64(0)
	cpu0 := cputime.Now()
	for b.Loop() {
		seed++
		if size == 0 {
			if _, err := Simulate(context.Background(), field, a, e, SimOptions{Battles: n, Seed: seed, Workers: 1, SampleLog: true}); err != nil {
				b.Fatal(err)
			}
			continue
		}
		if _, err := Merge(field, a, e, seed, n, playChunks(b, field, a, e, seed, n, size, true)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "battles/s")
	// Per CPU second, which other work on a shared machine does not inflate.
	if cpu := cputime.Now() - cpu0; cpu > 0 {
		b.ReportMetric(float64(b.N*n)/cpu.Seconds(), "battles/cpu-s")
	}
}

// squadsArmy is an army of n squads of ten, all alike (a commander and nine soldiers with
// blaster rifles): Hoth Troopers for the Rebels, Stormtroopers for the Imperials.
func squadsArmy(tb testing.TB, side string, n int) *Force {
	tb.Helper()
	troop, skills := "Hoth Trooper", "{blaster: 4, command: 4, brawling: 3}"
	if side == "imperial" {
		troop, skills = "Stormtrooper", "{blaster: 3, command: 3, brawling: 4}"
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "format: 1\nsystem: swmb\nname: %d squads\nside: %s\nunits:\n", n, side)
	for i := range n {
		fmt.Fprintf(&sb, "  - {kind: squad, name: %s %d, troop: %s, quality: average, size: 10, skills: %s, weapons: [blaster rifle]}\n",
			side, i+1, troop, skills)
	}
	return armyOf(tb, sb.String())
}

// BenchmarkSquads plays battles of 1, 2, 4 and 8 squads of ten a side on the open field:
// how a battle's cost grows with its figures (issue 28 asks for about linear, the
// 8-squad battle at most 2.5 times the 4-squad one). Compare instructions (callgrind,
// docs/benchmarks.md) or CPU time per battle between the sizes.
func BenchmarkSquads(b *testing.B) {
	field := scenario(b, "open-field")
	for _, n := range []int{1, 2, 4, 8} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			bt := New(field, squadsArmy(b, "rebel", n), squadsArmy(b, "imperial", n))
			bt.Play(0, nil) // as benchBattle: -benchtime Nx plays N+1 battles
			i := uint64(0)
			cpu0 := cputime.Now()
			for b.Loop() {
				bt.Play(BattleSeed(1, i), nil)
				i++
			}
			if cpu := cputime.Now() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(i), "cpu-ns/battle")
			}
		})
	}
}
