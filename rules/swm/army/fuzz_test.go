package army

import (
	"runtime"
	"testing"
	"time"
)

// fuzzSeeds are the fuzzer's seed corpus, and what BenchmarkRead reads.
var fuzzSeeds = []string{
	"format: 1\nsystem: swm\nfaction: Empire\nunits: [{card: Snowtrooper, count: 2}]\n",
	"format: 1\nsystem: swm\nfaction: Rebel\nunits:\n  - card: Hoth Trooper\ncards:\n  - {name: X, faction: Fringe, cost: 3, abilities: [Speed 8]}\n",
	"{\"format\": 1, \"system\": \"swm\", \"faction\": \"Empire\", \"units\": [{\"card\": \"Snowtrooper\"}]}",
	"format: 1\nsystem: swm\nfaction: !!str Empire\nunits: [&a {card: x}, *a]\n",
	"- - - - - - - - - - - - - - - - x\n",
	"units: [[[[[[[[[[[[[[[[[[",
	"format: 1\nsystem: swm\nfaction: 'it''s'\nunits: [{card: \"a # b\"}]\n",
}

// Bounds on one Read, whatever the bytes. Memory, not time, is what a machine shared with
// other builds cannot inflate: a squad file is at most 256 KiB, and the costliest read
// (a 250,000-character name, refused) allocates about 15 MB, so 64 MiB is a blow-up (an
// alias bomb the guard let through). The time bound is only a backstop against a hang,
// minutes, never a speed claim: BenchmarkRead measures the speed (docs/benchmarks.md).
const (
	fuzzMaxAlloc = 64 << 20
	fuzzBackstop = time.Minute
)

// FuzzRead: any bytes either read or are refused with a message, in bounded memory,
// without a panic. `go test` runs the seeds; `go test -fuzz FuzzRead ./rules/swm/army`
// explores.
func FuzzRead(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		a, err := Read(data)
		elapsed := time.Since(start)
		runtime.ReadMemStats(&after)
		if err == nil && (a.Format != 1 || a.System != "swm" || a.Units == nil || a.Limit < 1) {
			t.Fatalf("read an army without its required fields: %+v", a)
		}
		if err != nil && err.Error() == "" {
			t.Fatal("an empty message")
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > fuzzMaxAlloc {
			t.Fatalf("reading %d bytes allocated %d MB", len(data), alloc>>20)
		}
		if elapsed > fuzzBackstop {
			t.Fatalf("took %v", elapsed)
		}
	})
}

// BenchmarkRead reads the fuzzer's seeds, each once per iteration: the speed FuzzRead
// used to hold every input to (2 s) is measured here instead.
func BenchmarkRead(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range fuzzSeeds {
			Read([]byte(s))
		}
	}
}
