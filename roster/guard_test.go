package roster

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// bookFiles are the book's forces as army files: the seed of the fuzz test and the proof
// that the guard lets real armies through.
func bookFiles(t testing.TB) map[string][]byte {
	t.Helper()
	paths, err := filepath.Glob("../rules/data/forces/*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no book files: %v", err)
	}
	paths = append(paths, "../costing/testdata/mixed-2000.yaml")
	out := map[string][]byte{}
	for _, p := range paths {
		if filepath.Base(p) == "expected.yaml" {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(p)] = b
	}
	return out
}

// Every printed force of the book passes the guard.
func TestGuardLetsArmiesThrough(t *testing.T) {
	for name, b := range bookFiles(t) {
		if err := guard(b); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// YAML that looks like structure but is not: brackets, ampersands, stars and quotes
	// inside scalars, comments and block scalars.
	for _, src := range []string{
		"name: Salt & Pepper *Raiders*\nside: rebel\n",
		"units:\n  - kind: hero\n    skills: {\"value [KNO]\": 6}\n    force: {powers: [control another's pain]}\n",
		"units:\n  - kind: hero\n    skills:\n      value [KNO]: 6\n",
		"name: x # a comment with & and * and [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n",
		"name: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ it''s * & quoted'\n",
		"name: \"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ \\\" *x &y\"\n",
		"name: |\n  [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n  *not an alias\nside: rebel\n",
		"format: 1\r\nside: rebel\r\nunits:\r\n  - kind: squad\r\n",
	} {
		if err := guard([]byte(src)); err != nil {
			t.Errorf("guard(%q) = %v", src, err)
		}
	}
}

// hostileInputs are files the guard must refuse, with what the refusal must say:
// anchors and aliases (a billion-laughs bomb), deep nesting of every kind, and more entries
// than any army has.
func hostileInputs() []struct{ name, src, want string } {
	var bomb strings.Builder
	bomb.WriteString("format: 1\nside: rebel\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&bomb, "a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	var indent strings.Builder
	for i := 0; indent.Len()+i+10 < MaxFileSize; i++ {
		fmt.Fprintf(&indent, "%sk%d:\n", strings.Repeat(" ", i), i)
	}
	const mib = MaxFileSize
	return []struct{ name, src, want string }{
		{"alias bomb", bomb.String(), "line 3, column 5: a YAML anchor (&)"},
		{"alias", "format: 1\nside: rebel\nname: *x\n", "line 3, column 7: a YAML alias (*)"},
		{"tag (found by the fuzzer: the library panicked on it)", "format: 1\nside: neutral\nunits:\n  ! 00000000000000000000000000", "line 4, column 3: a YAML tag (!)"},
		{"merge key", "format: 1\nside: rebel\nunits:\n  - <<: *base\n", "alias"},
		{"flow nesting", strings.Repeat("[", mib/2) + strings.Repeat("]", mib/2), "nests more than 32 levels"},
		{"map nesting", strings.Repeat("{a: ", mib/4), "nests more than 32 levels"},
		{"sequence nesting on one line", strings.Repeat("- ", mib/2), "nests more than 32 levels"},
		{"indentation nesting", indent.String(), "line 33"},
		{"too many entries", "format: 1\nside: rebel\nunits:\n" + strings.Repeat("  - {kind: creature, creature: rancor}\n", mib/40), "more than 20000 entries"},
		{"a long flow list", "format: 1\nside: rebel\nunits:\n  - kind: squad\n    weapons: [" + strings.Repeat("grenade,", mib/9) + "]\n", "more than 20000 entries"},
		{"over 1 MiB", "format: 1\nside: rebel\nname: " + strings.Repeat("x", mib), "larger than 1 MiB"},
		{"unclosed quote", "format: 1\nside: rebel\nname: \"Rendor's Raiders\n", "line 3, column 7: a quoted string is not closed"},
	}
}

// backstop bounds a test that could hang (a parser gone quadratic on a megabyte), not its
// speed: it is minutes, so that a loaded two-core machine never trips it. The speed is
// BenchmarkRefuseHostileInput's and BenchmarkReadLargestAcceptedArmy's
// (docs/benchmarks.md, "Reading hostile and large army files").
const backstop = 2 * time.Minute

// Hostile input is refused with a message and its line and column, in bounded memory and
// work: the guard refuses it before the YAML library parses anything, so refusing takes a
// handful of allocations (8 to 15 on every case here), not one or more per node of a
// megabyte, and under a megabyte.
func TestHostileInputIsRefused(t *testing.T) {
	for _, tc := range hostileInputs() {
		t.Run(tc.name, func(t *testing.T) {
			data := []byte(tc.src)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			_, err := Read(data)
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			var pe *ParseError
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Read = %v, want a ParseError with %q", err, tc.want)
			}
			// The guard reads the bytes once and keeps a stack of at most MaxDepth columns.
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
				t.Errorf("refusing it allocated %d bytes", alloc)
			}
			if n := after.Mallocs - before.Mallocs; n > 100 {
				t.Errorf("refusing it made %d allocations; the guard alone makes a few", n)
			}
			if elapsed > backstop {
				t.Errorf("refusing it took %v", elapsed)
			}
		})
	}
}

// BenchmarkRefuseHostileInput is how long the guard takes to refuse each hostile input
// (the time limit TestHostileInputIsRefused used to hold it to: a second).
func BenchmarkRefuseHostileInput(b *testing.B) {
	for _, tc := range hostileInputs() {
		data := []byte(tc.src)
		name := strings.Join(strings.Fields(strings.Split(tc.name, "(")[0]), "_")
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Read(data); err == nil {
					b.Fatal("accepted")
				}
			}
		})
	}
}

// largestAcceptedArmy is an army of nearly MaxNodes entries, the most the guard lets in.
func largestAcceptedArmy() []byte {
	return []byte("format: 1\nside: rebel\nunits:\n  - kind: squad\n    troop: Hoth Trooper\n    size: 10\n    weapons: [" +
		strings.Repeat("grenade, ", MaxNodes-20) + "]\n")
}

// The largest army the guard lets through is parsed in bounded memory and work too: a list
// of nearly 20000 weapons took the YAML library a second per 2000 and 800 MB before items
// were decoded from the parsed node rather than re-formatted bytes. Now it takes about
// 54 MB and 50 allocations a weapon; the bounds are 256 MB and 100 a weapon (work that
// grew with the square of the list would break both). Its speed is
// BenchmarkReadLargestAcceptedArmy's.
func TestLargestAcceptedArmyIsCheap(t *testing.T) {
	data := largestAcceptedArmy()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	a, err := Read(data)
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Units[0].Weapons) != MaxNodes-20 {
		t.Errorf("read %d weapons", len(a.Units[0].Weapons))
	}
	mallocs := after.Mallocs - before.Mallocs
	t.Logf("%d weapons: %v, %d MB allocated, %d allocations", len(a.Units[0].Weapons), elapsed, (after.TotalAlloc-before.TotalAlloc)>>20, mallocs)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<20 {
		t.Errorf("reading it allocated %d MB", alloc>>20)
	}
	if mallocs > 100*MaxNodes {
		t.Errorf("reading it made %d allocations, more than 100 a weapon", mallocs)
	}
	if elapsed > backstop {
		t.Errorf("reading it took %v", elapsed)
	}
}

// BenchmarkReadLargestAcceptedArmy is how long the largest army the guard lets in takes to
// read (the time limit TestLargestAcceptedArmyIsCheap used to hold it to: 5 s).
func BenchmarkReadLargestAcceptedArmy(b *testing.B) {
	data := largestAcceptedArmy()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(data); err != nil {
			b.Fatal(err)
		}
	}
}
