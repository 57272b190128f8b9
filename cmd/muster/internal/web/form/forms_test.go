package form

import (
	"strings"
	"testing"
)

// The count's message says which way it is out of range, with the field's bounds.
func TestACountOutOfRangeSaysItsBounds(t *testing.T) {
	for _, c := range []struct {
		typed string
		want  string
	}{
		{"", "Battles: write a whole number from 1 to 100000."},
		{"0", "Battles: 0 is fewer than 1; write a whole number from 1 to 100000."},
		{"100001", "Battles: 100001 is more than 100000; write a whole number from 1 to 100000."},
		{"  250 ", ""},
		{"123456789012345678901234567890", "Battles: “12345678901234567890…” is not a whole number; write a whole number from 1 to 100000."},
	} {
		if _, msg := Count("Battles", c.typed, 1, 100000); msg != c.want {
			t.Errorf("%q: %q, want %q", c.typed, msg, c.want)
		}
	}
	if n, _ := Count("Battles", " 250 ", 1, 100000); n != 250 {
		t.Errorf("\" 250 \" reads as %d", n)
	}
}

// Each form's bounds, at their edges: a name of 100 characters is taken and of 101 refused
// (characters, not bytes: 100 "é" are 200 bytes), the sides the book has, a limit of digits
// only and at most 7 of them, a date as YYYY-MM-DD, a player's name of at most 60, two
// armies and a seed of at most 24 characters; each refusal in the words the form shows.
func TestEachFormsBoundsAtTheirEdges(t *testing.T) {
	n := func(k int, s string) string { return strings.Repeat(s, k) }
	for _, c := range []struct {
		what string
		got  Errors
		want Errors
	}{
		{"a name of 100", NewArmy{Name: n(100, "é"), Side: "rebel"}.Check(), Errors{}},
		{"a name of 101", NewArmy{Name: n(101, "a"), Side: "rebel"}.Check(), Errors{"name": "Give the army a name (at most 100 characters)."}},
		{"no name, a droid side, a limit with a comma", NewArmy{Side: "droid", Limit: "1,500"}.Check(), Errors{
			"name": "Give the army a name (at most 100 characters).", "side": "Choose rebel, imperial or neutral.",
			"limit": "The limit is a whole number of Squad Generation Points, or empty for none."}},
		{"a limit of 7 digits", NewArmy{Name: "A", Side: "neutral", Limit: "1234567"}.Check(), Errors{}},
		{"a limit of 8 digits", NewArmy{Name: "A", Side: "imperial", Limit: "12345678"}.Check(), Errors{"limit": "The limit is a whole number of Squad Generation Points, or empty for none."}},
		{"a game", Game{Name: "Chakton", Date: "2026-02-30"}.Check(), Errors{"date": "Write the date as YYYY-MM-DD, or leave it empty."}},
		{"a game's notes", Game{Name: "x", Date: "2026-02-28", Scenario: n(4000, "s"), Notes: n(8001, "n")}.Check(), Errors{"notes": "The notes may be at most 8000 characters."}},
		{"a player of 60", StartList{Player: n(60, "p"), Name: n(100, "l")}.Check(), Errors{}},
		{"a player of 61", StartList{Player: n(61, "p"), Name: n(101, "l")}.Check(), Errors{
			"player": "Write your name (at most 60 characters): the gamemaster sees it beside your list.", "name": "A list's name is at most 100 characters."}},
		{"one army", Matchup{A: "abc", Seed: n(25, "1")}.Check(), Errors{"armies": "Choose two saved armies.", "seed": SeedMessage}},
	} {
		if len(c.got) != len(c.want) {
			t.Errorf("%s: %v, want %v", c.what, c.got, c.want)
			continue
		}
		for k, v := range c.want {
			if c.got[k] != v {
				t.Errorf("%s: %s %q, want %q", c.what, k, c.got[k], v)
			}
		}
	}
	if _, ok := Version("0"); ok {
		t.Error("version 0 taken")
	}
	if v, ok := Version("3"); !ok || v != 3 {
		t.Error("version 3 refused")
	}
	if ExportFormat("pdf") || !ExportFormat("text") || Paper("a5") || !Paper("") || RotateWhich("owner") || !RotateWhich("gm") {
		t.Error("a choice outside the form's options was taken, or one of them refused")
	}
	if (Compare{A: "a", AV: MaxVersion + 1}).Check() || !(Compare{A: "a", B: "b", AV: 3}).Check() {
		t.Error("the compare query's bounds")
	}
}
