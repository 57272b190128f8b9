package roster

import (
	"errors"
	"strings"
	"testing"

	"muster/rules"
)

// One set of limits for every saved army: names at most 100 characters, at most 200 units,
// every number in range; each refusal names the field.
func TestCheckBoundsRefusesWhatMusterDoesNotKeep(t *testing.T) {
	ok := &Army{Name: strings.Repeat("a", MaxNameLen), Units: make([]Unit, MaxUnits)}
	if err := CheckBounds(ok); err != nil {
		t.Errorf("an army at the limits is refused: %v", err)
	}
	cases := map[string]*Army{
		"name":           {Name: strings.Repeat("é", MaxNameLen+1)},
		"units":          {Name: "x", Units: make([]Unit, MaxUnits+1)},
		"units[1].name":  {Name: "x", Units: []Unit{{}, {Name: strings.Repeat("n", 101)}}},
		"units[0].count": {Name: "x", Units: []Unit{{Kind: "creature", Count: -3}}},
		"limit":          {Name: "x", Limit: -1},
	}
	for field, a := range cases {
		err := CheckBounds(a)
		var be *BoundsError
		if !errors.As(err, &be) || be.Field != field {
			t.Errorf("%s: got %v, want a refusal naming %s", field, err, field)
		}
	}
}

// A name is one line of text as typed: a line break (which forges lines of the plain-text
// list), a control character (a NUL, which PostgreSQL refuses to store: a 500 before) or a
// direction override (which turns the text after the name around, on the page and in the
// PDF) is refused, naming the field, wherever the army comes from; so are the names of
// the army's own catalog entries, which are printed wherever its units are.
func TestNamesHoldNoLineBreakControlOrDirectionOverride(t *testing.T) {
	troop := func(name string) *rules.Custom {
		return &rules.Custom{Troops: []rules.Troop{{Entry: rules.Entry{Name: name}}}}
	}
	cases := map[string]struct {
		army *Army
		word string
	}{
		"name":                   {&Army{Name: "Line one\r\nTotal: 1 SGPs (valid)"}, "line break"},
		"units[0].name":          {&Army{Name: "x", Units: []Unit{{Name: "A\x1b[31mred"}}}, "U+001B"},
		"units[1].name":          {&Army{Name: "x", Units: []Unit{{}, {Name: "squad\u202Eevil"}}}, "U+202E"},
		"catalog.troops[0].name": {&Army{Name: "x", Catalog: troop("Militia\x00")}, "U+0000"},
		"catalog.creatures[0].name": {&Army{Name: "x", Catalog: &rules.Custom{Creatures: []rules.Creature{
			{Entry: rules.Entry{Name: strings.Repeat("b", MaxNameLen+1)}}}}}, "at most 100"},
		"catalog.droids[0].aliases[0]": {&Army{Name: "x", Catalog: &rules.Custom{Droids: []rules.Droid{
			{Entry: rules.Entry{Name: "R9", Aliases: []string{"R\n9"}}}}}}, "line break"},
	}
	for field, tc := range cases {
		err := CheckBounds(tc.army)
		var be *BoundsError
		if !errors.As(err, &be) || be.Field != field || !strings.Contains(be.Message, tc.word) {
			t.Errorf("%s: got %v, want a refusal naming %s and saying %q", field, err, field, tc.word)
		}
	}
	if err := CheckBounds(&Army{Name: "שועלי שמשון 👨\u200D👩\u200D👧", Catalog: troop("Kwymar Militiaman")}); err != nil {
		t.Errorf("a Hebrew name with an emoji sequence is refused: %v", err)
	}
}

// A value of the wrong type is named by the file's own field, in words, never Go's types.
func TestTypeMistakesAreInThePlayersWords(t *testing.T) {
	cases := map[string]string{
		"format: 1\nname: x\nside: rebel\nlimit: lots\nunits: []\n": "limit: write a whole number here, not text",
	}
	for in, want := range cases {
		_, err := Read([]byte(in))
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "Go struct") {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	_, err := ReadLimits([]byte("total: lots\n"))
	if err == nil || !strings.Contains(err.Error(), "total: write a whole number here, not text") {
		t.Errorf("limits: %v", err)
	}
}

// The Troop Lists are per side: a Rebel army fielding Stormtroopers is warned (troop.side,
// dialled like every rule); neutral troops serve every side.
func TestCrossSideTroopsAreWarned(t *testing.T) {
	cat := rules.Default()
	check := func(side rules.Side, troop string) []Problem {
		a := &Army{Format: 1, Name: "x", Side: side, Units: []Unit{{Kind: KindSquad, Troop: troop, Size: 6}}}
		var out []Problem
		for _, p := range Check(cat, a) {
			if p.Rule == "troop.side" {
				out = append(out, p)
			}
		}
		return out
	}
	if ps := check(rules.Rebel, "Stormtrooper"); len(ps) != 1 || ps[0].Severity != Warning || !strings.Contains(ps[0].Message, "Imperial Troop List") {
		t.Errorf("Stormtroopers in a Rebel army: %+v", ps)
	}
	if ps := check(rules.Imperial, "Stormtrooper"); len(ps) != 0 {
		t.Errorf("Stormtroopers in an Imperial army: %+v", ps)
	}
	for _, tr := range cat.Troops {
		if tr.Side == rules.Neutral {
			if ps := check(rules.Rebel, tr.Name); len(ps) != 0 {
				t.Errorf("neutral %s in a Rebel army: %+v", tr.Name, ps)
			}
			break
		}
	}
}
