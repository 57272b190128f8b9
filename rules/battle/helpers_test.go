package battle

import (
	"os"
	"path/filepath"
	"testing"

	"muster/roster"
	"muster/rules"
)

// readFile reads a file relative to this package or, failing that, the repository root.
func readFile(tb testing.TB, path string) []byte {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		data, err = os.ReadFile(filepath.Join("..", "..", path))
	}
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// NewForce is the engine's one door, rules/battle/muster's NewForce. A test of this package
// cannot import the door (the door imports the engine), so door_test.go, of package
// battle_test in this folder and linked into the same test binary, hands it over before
// any test runs.
var NewForce func(*rules.Catalog, *roster.Army) (*Force, error)

// force reads an army file as a Force.
func force(tb testing.TB, path string) *Force {
	tb.Helper()
	a, err := roster.Read(readFile(tb, path))
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	f, err := NewForce(rules.Default(), a)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return f
}

func scenario(tb testing.TB, name string) *Field {
	tb.Helper()
	f, err := LoadScenario(name)
	if err != nil {
		tb.Fatal(err)
	}
	return f
}
