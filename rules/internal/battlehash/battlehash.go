// Package battlehash keeps the battles an engine plays, as hashes, in a file its tests
// compare today's battles with: one line per matchup, the matchup's fields and the hash of
// everything its battles produced (logs, results, a trace). A change meant to leave every
// battle unchanged (speed work, a refactoring) must leave the file right; a change meant to
// change which battles are played (the dice, a rule, the doctrine) updates the file with
//
//	MUSTER_BATTLE_HASHES=update go test -count=1 -run TestBattleHashes ./rules/...
//
// and says so in its commit message. The engines' tests are TestBattleHashes in
// rules/battle, rules/swm/engine and rules/qrs/sim (docs/benchmarks.md, "Battle hashes").
package battlehash

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"os"
	"strings"
	"testing"
)

// Env is the variable that, set to "update", makes Check write the file instead.
const Env = "MUSTER_BATTLE_HASHES"

// Hash collects what a matchup's battles produce.
type Hash struct{ h hash.Hash }

// New starts a matchup's hash.
func New() *Hash { return &Hash{sha256.New()} }

// Write adds bytes (a log, a result or trace as JSON).
func (h *Hash) Write(p []byte) { h.h.Write(p) }

// Printf adds a formatted value (a count of dice, a winner).
func (h *Hash) Printf(format string, args ...any) { fmt.Fprintf(h.h, format, args...) }

// Sum is the first 8 bytes of the SHA-256, in hex: enough to tell two sets of battles apart.
func (h *Hash) Sum() string { return hex.EncodeToString(h.h.Sum(nil)[:8]) }

// Line is one matchup of the file: its fields (scenario, armies, battles; no spaces within
// a field) and its hash.
type Line struct {
	Fields []string
	Hash   string
}

func (l Line) key() string { return strings.Join(l.Fields, " ") }

// Check compares the matchups just played with the file at path (relative to the test's
// package), or writes the file when MUSTER_BATTLE_HASHES=update. header is the file's
// opening comment (what is played, and how to update it); pkg is the package's path for
// the update command (./rules/battle/).
func Check(t testing.TB, path, header, pkg string, got []Line) {
	t.Helper()
	update := UpdateCommand(pkg)
	if os.Getenv(Env) == "update" {
		// The old file is read first: it says what changed, and go test's cache then
		// knows the test depends on it (an update is never answered from the cache).
		old, _, _ := read(path)
		changed, gone := 0, len(old)
		for _, l := range got {
			if h, ok := old[l.key()]; ok {
				gone--
				if h != l.Hash {
					changed++
				}
			} else {
				changed++
			}
		}
		var b bytes.Buffer
		for _, l := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
			fmt.Fprintf(&b, "# %s\n", l)
		}
		fmt.Fprintf(&b, "#\n# Update: %s\n", update)
		for _, l := range got {
			fmt.Fprintf(&b, "%s %s\n", l.key(), l.Hash)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote the hashes of %d matchups to %s: %d new or changed, %d of the old file's gone", len(got), path, changed, gone)
		return
	}
	want, order, err := read(path)
	if err != nil {
		t.Fatalf("%v\nMake it with: %s", err, update)
		return
	}
	var diffs []string
	seen := map[string]bool{}
	for _, l := range got {
		k := l.key()
		seen[k] = true
		switch h, ok := want[k]; {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("%s: played (hash %s), not in the file", k, l.Hash))
		case h != l.Hash:
			diffs = append(diffs, fmt.Sprintf("%s: hash %s, the file says %s", k, l.Hash, h))
		}
	}
	for _, k := range order {
		if !seen[k] {
			diffs = append(diffs, fmt.Sprintf("%s: in the file, no longer played", k))
		}
	}
	if len(diffs) > 0 {
		t.Errorf("the battles played are not those recorded in %s:\n  %s\n\n"+
			"A change meant to leave every battle unchanged has changed some. A change meant to "+
			"change which battles are played (the dice, a rule, the doctrine, what a log, result "+
			"or trace says) updates the file with\n\n    %s\n\nand says so in its commit message "+
			"(\"battle hashes updated: ...\").", path, strings.Join(diffs, "\n  "), update)
	}
}

// UpdateCommand is the command that rewrites a package's hash file.
func UpdateCommand(pkg string) string {
	return fmt.Sprintf("%s=update go test -count=1 -run TestBattleHashes %s", Env, pkg)
}

// read reads a hash file: comment lines start with #; every other line is a matchup's
// fields and, last, its hash.
func read(path string) (map[string]string, []string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("the battle hashes: %w", err)
	}
	defer f.Close()
	out := map[string]string{}
	var order []string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) < 2 {
			return nil, nil, fmt.Errorf("%s, line %d: %q is not a matchup and its hash", path, n, line)
		}
		k := strings.Join(fs[:len(fs)-1], " ")
		if _, dup := out[k]; dup {
			return nil, nil, fmt.Errorf("%s, line %d: %s twice", path, n, k)
		}
		out[k] = fs[len(fs)-1]
		order = append(order, k)
	}
	return out, order, sc.Err()
}

// Recorded is a hash file's hashes by matchup (its fields joined by spaces): what another
// package checks battles it plays from the same matchups against (the scenario designer's
// files, rules/battle/design).
func Recorded(path string) (map[string]string, error) {
	m, _, err := read(path)
	return m, err
}
