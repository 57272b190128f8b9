package roster

import (
	"errors"
	"strings"
	"testing"
)

const rendorsRaiders = `format: 1
system: swmb
name: Kwymar Relief Force
side: rebel
limit: 2100
units:
  - kind: squad
    name: Rendor's Raiders
    troop: Standard Rebel Trooper
    size: 10
    skills: {blaster: 4, grenade: 4}
    weapons:
      - blaster pistol
      - {name: grenade, count: 2}
    commander:
      skills: {command: 4}
    specialists:
      - skills: {blaster: 5}
        weapons: [repeating blaster (tripod)]
  - kind: droid
    droid: Security Droid
    weapons: [{name: blaster rifle, turret: true}]
    armor: true
`

// The army file format (army-file.md): items are bare names or {name, count, turret}; a
// droid's armor is true or false.
func TestReadArmyFileFormat1(t *testing.T) {
	a, err := Read([]byte(rendorsRaiders))
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != "Kwymar Relief Force" || a.Side != "rebel" || a.Limit != 2100 || len(a.Units) != 2 {
		t.Fatalf("army header read as %+v", a)
	}
	sq := a.Units[0]
	if sq.Size != 10 || sq.Weapons[0].Name != "blaster pistol" || sq.Weapons[1].N() != 2 {
		t.Errorf("squad read as %+v", sq)
	}
	if sq.Commander.Skills["command"] != 4 || sq.Specialists[0].Weapons[0].Name != "repeating blaster (tripod)" {
		t.Errorf("commander/specialist read as %+v %+v", sq.Commander, sq.Specialists)
	}
	d := a.Units[1]
	if !d.Weapons[0].Turret || d.Armor != ArmorPlating {
		t.Errorf("droid read as %+v", d)
	}
}

// JSON is YAML: the same army in JSON reads the same, and writing then reading gives the
// army back in either format.
func TestArmyFileRoundTripsThroughYAMLAndJSON(t *testing.T) {
	a, err := Read([]byte(rendorsRaiders))
	if err != nil {
		t.Fatal(err)
	}
	for name, write := range map[string]func() ([]byte, error){"yaml": a.YAML, "json": a.JSON} {
		out, err := write()
		if err != nil {
			t.Fatal(err)
		}
		b, err := Read(out)
		if err != nil {
			t.Fatalf("%s: re-reading: %v\n%s", name, err, out)
		}
		again, _ := write()
		if string(again) != string(out) {
			t.Errorf("%s: second write differs:\n%s\n---\n%s", name, out, again)
		}
		if b.Units[1].Armor != ArmorPlating || b.Units[0].Weapons[1].N() != 2 {
			t.Errorf("%s: round trip lost fields: %+v", name, b.Units)
		}
	}
}

// The slips of a hand-edited file (a key written twice, a tab, a colon in a name, an
// unclosed bracket, a missing space or comma) are told at their line and column in a
// player's words, not in the YAML library's ("mapping key ... already defined at [2:1]",
// "found character that cannot start any token", "unexpected key name").
func TestHandEditingSlipsAreToldInAPlayersWords(t *testing.T) {
	const head = "format: 1\nside: rebel\n"
	for _, tc := range []struct {
		name, file   string
		line, column int
		says         string
	}{
		{"a key twice", head + "name: A\nname: B\nunits: []\n", 4, 1, "name: written twice in one block (first at line 3, column 1); keep one of them"},
		{"a key twice in a unit", head + "units:\n  - kind: squad\n    size: 5\n    size: 6\n", 6, 5, "size: written twice in one block (first at line 5, column 5)"},
		{"a key twice in JSON", `{"format": 1, "side": "rebel", "name": "x", "name": "y"}`, 1, 45, "name: written twice in one block (first at line 1, column 32)"},
		{"a tab", head + "units:\n\t- kind: squad\n", 4, 1, "a tab: YAML indents with spaces only"},
		{"a colon in a name", head + "name: Red: One\n", 3, 7, `put the value in quotes (name: "Red: One")`},
		{"no space after the colon", "format:1\nside: rebel\n", 1, 1, "write a space after the colon"},
		{"no colon", head + "name Red One\nunits: []\n", 3, 1, `this line is not "key: value"`},
		{"an unclosed list", head + "units:\n  - kind: squad\n    weapons: [blaster rifle, grenade\n", 5, 14, "a list opened with [ is not closed: end it with ]"},
		{"an unclosed block", head + "units:\n  - kind: squad\n    skills: {blaster: 4\n", 5, 13, "a block opened with { is not closed: end it with }"},
		{"a missing comma", `{"format": 1, "side": "rebel" "name": "x"}`, 1, 31, "a comma is missing between two entries"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read([]byte(tc.file))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a ParseError", err)
			}
			if pe.Line != tc.line || pe.Column != tc.column || !strings.Contains(pe.Msg, tc.says) {
				t.Errorf("got %v\nwant line %d, column %d: ...%s...", err, tc.line, tc.column, tc.says)
			}
			for _, jargon := range []string{"mapping", "token", "context", "[1:", "[2:", "[3:", "[5:"} {
				if strings.Contains(pe.Msg, jargon) {
					t.Errorf("the message speaks the library's words (%q): %s", jargon, pe.Msg)
				}
			}
		})
	}
}

// A file that does not parse is reported with its line and column.
func TestParseErrorsGiveLineAndColumn(t *testing.T) {
	tests := []struct {
		name, file   string
		line, column int
		says         string
	}{
		{"unknown field", "format: 1\nside: rebel\nunits:\n  - kind: squad\n    sise: 3\n", 5, 5, `unknown field "sise"`},
		{"bad indentation", "format: 1\nside: rebel\nunits:\n  - kind: squad\n   size: [3\n", 5, 4, ""},
		{"wrong type", "format: 1\nside: rebel\nunits:\n  - kind: squad\n    size: ten\n", 5, 11, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read([]byte(tc.file))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a ParseError", err)
			}
			if pe.Line != tc.line || pe.Column != tc.column {
				t.Errorf("at %d:%d, want %d:%d (%v)", pe.Line, pe.Column, tc.line, tc.column, err)
			}
			if !strings.Contains(pe.Msg, tc.says) {
				t.Errorf("message %q does not say %q", pe.Msg, tc.says)
			}
		})
	}
}

// The header fields are required and checked: format 1, system swmb, a side, known kinds.
func TestArmyHeaderIsChecked(t *testing.T) {
	tests := map[string]string{
		"":                                      "empty",
		"side: rebel\nunits: []\n":              "format: missing",
		"format: 2\nside: rebel\n":              `write "format: 1"`,
		"format: 1\nsystem: d20\nside: rebel\n": `"swmb"`,
		"format: 1\nside: hutt\n":               "rebel, imperial or neutral",
		"format: 1\nunits: []\n":                "side: missing",
		"format: 1\nside: rebel\nunits:\n  - kind: vehicle\n": "units[0].kind",
	}
	for file, says := range tests {
		_, err := Read([]byte(file))
		if err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("%q: err = %v, want it to say %q", file, err, says)
		}
	}
}

// Callers read at most MaxFileSize+1 bytes of an upload or a file, so a refusal that gave
// the size it was handed told the player a 5 MB file was 1048577 bytes: it says "larger
// than 1 MiB" instead.
func TestAnOversizedFileIsNotGivenTheSizeItsReaderCutItTo(t *testing.T) {
	cut := []byte("format: 1\nside: rebel\nname: \"" + strings.Repeat("x", MaxFileSize) + "\"\n")[:MaxFileSize+1]
	for what, read := range map[string]func([]byte) error{
		"army":   func(b []byte) error { _, err := Read(b); return err },
		"limits": func(b []byte) error { _, err := ReadLimits(b); return err },
	} {
		err := read(cut)
		if err == nil || strings.Contains(err.Error(), "1048577") || !strings.Contains(err.Error(), "larger than 1 MiB") {
			t.Errorf("%s file cut at 1 MiB + 1: err = %v, want \"larger than 1 MiB\" and no byte count", what, err)
		}
	}
}

// Files over 1 MiB are refused before parsing.
func TestOversizedFileIsRefused(t *testing.T) {
	big := "format: 1\nside: rebel\nname: \"" + strings.Repeat("x", MaxFileSize) + "\"\n"
	_, err := Read([]byte(big))
	if err == nil || !strings.Contains(err.Error(), "1 MiB") {
		t.Fatalf("err = %v, want a refusal naming the 1 MiB limit", err)
	}
}
