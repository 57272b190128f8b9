package roster

import (
	"errors"
	"strings"
	"testing"
)

// A squad has whole soldiers and a skill whole pips: a number with a fraction where the file
// takes a whole number is refused at its line and column, in words, never cut down (the YAML
// library read "size: 1.5" as a squad of 1).
func TestAFractionWhereAWholeNumberBelongsIsRefusedWhereItStands(t *testing.T) {
	for _, c := range []struct {
		what, file string
		line, col  int
		field, lit string
	}{
		{"a squad's size", "format: 1\nside: rebel\nunits:\n  - kind: squad\n    troop: Standard Rebel Trooper\n    size: 1.5\n", 6, 11, "size", "1.5"},
		{"the army's limit", "format: 1\nside: rebel\nlimit: 1500.5\n", 3, 8, "limit", "1500.5"},
		{"a skill's code", "format: 1\nside: rebel\nunits:\n  - kind: squad\n    troop: Standard Rebel Trooper\n    size: 5\n    skills: {blaster: 4.5}\n", 7, 23, "blaster", "4.5"},
		{"an attribute", "format: 1\nside: rebel\nunits:\n  - kind: hero\n    name: Kell\n    attributes:\n      dexterity: 3.25\n", 7, 18, "dexterity", "3.25"},
		{"an item's count", "format: 1\nside: rebel\nunits:\n  - kind: squad\n    troop: Standard Rebel Trooper\n    size: 5\n    weapons:\n      - {name: grenade, count: 2.5}\n", 8, 32, "count", "2.5"},
		{"a force limit", "format: 1\nside: rebel\nlimits:\n  total: 1500\n  max:\n    heroes: 0.5\n", 6, 13, "heroes", "0.5"},
		{"JSON's size", `{"format": 1, "side": "rebel", "units": [{"kind": "squad", "troop": "Standard Rebel Trooper", "size": 7.5}]}`, 1, 103, "size", "7.5"},
	} {
		_, err := Read([]byte(c.file))
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%s: read with %v, want it refused", c.what, err)
			continue
		}
		if pe.Line != c.line || pe.Column != c.col {
			t.Errorf("%s: refused at line %d, column %d, want line %d, column %d (%s)", c.what, pe.Line, pe.Column, c.line, c.col, pe.Msg)
		}
		if !strings.HasPrefix(pe.Msg, c.field+": write a whole number here, not "+c.lit) {
			t.Errorf("%s: %q, want it to name %s and say a whole number belongs there, not %s", c.what, pe.Msg, c.field, c.lit)
		}
	}
}

// A fraction is refused only where a whole number belongs: a name may be "2.5", and a
// whole number written "10.0" is ten.
func TestAFractionInTextOrAWholeNumberWithAPointIsRead(t *testing.T) {
	a, err := Read([]byte("format: 1\nside: rebel\nname: 2.5\nunits:\n  - kind: squad\n    name: 1.5\n    troop: Standard Rebel Trooper\n    size: 10.0\n"))
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != "2.5" || a.Units[0].Name != "1.5" || a.Units[0].Size != 10 {
		t.Errorf("read name %q, unit %q of size %d; want 2.5, 1.5 and 10", a.Name, a.Units[0].Name, a.Units[0].Size)
	}
}

// A limits file is read as an army file's limits: block is.
func TestAFractionInALimitsFileIsRefused(t *testing.T) {
	_, err := ReadLimits([]byte("total: 1500\nmax:\n  droids: 2.5\n"))
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 3 || !strings.HasPrefix(pe.Msg, "droids: write a whole number here, not 2.5") {
		t.Errorf("limits with droids: 2.5 read as %v", err)
	}
}
