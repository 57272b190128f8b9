package army

import (
	"errors"
	"strings"
	"testing"
)

func TestReadDefaultsLimitAndCount(t *testing.T) {
	a, err := Read([]byte("format: 1\nsystem: swm\nname: x\nfaction: Empire\nunits:\n  - card: Snowtrooper\n"))
	if err != nil {
		t.Fatal(err)
	}
	if a.Limit != 100 || a.Units[0].Count != 1 {
		t.Errorf("limit %d count %d; want the standard 100 and 1", a.Limit, a.Units[0].Count)
	}
}

// A file that cannot be read says where (line and column) and what to write.
func TestReadErrorsNameLineAndColumn(t *testing.T) {
	_, err := Read([]byte("format: 1\nsystem: swm\nfaction: Empire\nunits:\n  - card: Snowtrooper\n    colour: white\n"))
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 6 || pe.Column == 0 {
		t.Fatalf("err %v; want line 6 with a column", err)
	}
}

// A field Muster does not know is answered with the fields of the part of the file it
// stands in: a unit's (card, count), a card's, or the file's own, so that the player sees
// what was meant (a unit's "cout", a card's "hitpoints", a file's "points").
func TestUnknownFieldNamesThePartsFields(t *testing.T) {
	head := "format: 1\nsystem: swm\nname: x\nfaction: Empire\n"
	for _, c := range []struct{ name, file, want, not string }{
		{"a unit's field", head + "units:\n  - card: Snowtrooper\n    cout: 2\n", "a unit under units: has card and count", "a squad file has"},
		{"a unit on one line", head + "units:\n  - {card: Snowtrooper, cout: 2}\n", "a unit under units: has card and count", "a squad file has"},
		{"a unit on the key's line", head + "units: [{card: Snowtrooper, cout: 2}]\n", "a unit under units: has card and count", "a squad file has"},
		{"a card's field", head + "units:\n  - card: Snowtrooper\ncards:\n  - name: Snowtrooper\n    hitpoints: 10\n", "a card under cards: has name", "a squad file has"},
		{"the file's field", head + "points: 100\nunits:\n  - card: Snowtrooper\n", "a squad file has format, system", "a unit under"},
	} {
		_, err := Read([]byte(c.file))
		if err == nil || !strings.Contains(err.Error(), "unknown field") || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), c.not) {
			t.Errorf("%s: %v; want %q", c.name, err, c.want)
		}
		if strings.Contains(err.Error(), "quotes") {
			t.Errorf("%s: a misspelt field is not a card's name: %v", c.name, err)
		}
	}
	// A card name with a comma, unquoted in a one-line unit, ends in a "field": the message
	// says to quote the name.
	_, err := Read([]byte(head + "units:\n  - {card: General Veers, Hologram}\n"))
	if err == nil || !strings.Contains(err.Error(), `if "Hologram" is the end of a card's name, put the whole name in quotes`) {
		t.Errorf("an unquoted name with a comma: %v", err)
	}
}

func TestReadRefusesHostileFiles(t *testing.T) {
	long := strings.Repeat("x", 101)
	many := "format: 1\nsystem: swm\nfaction: Empire\nunits:\n" + strings.Repeat("  - card: Snowtrooper\n", 201)
	cases := map[string]string{
		"alias":      "format: 1\nsystem: swm\nfaction: &f Empire\nunits: [{card: *f}]\n",
		"deep":       "format: 1\nsystem: swm\nfaction: Empire\nunits: " + strings.Repeat("[", 40) + "\n",
		"dashes":     "format: 1\nunits:\n" + strings.Repeat("- ", 40) + "x\n",
		"long name":  "format: 1\nsystem: swm\nfaction: Empire\nunits: [{card: " + long + "}]\n",
		"count":      "format: 1\nsystem: swm\nfaction: Empire\nunits: [{card: Snowtrooper, count: 1000000}]\n",
		"201 units":  many,
		"size":       strings.Repeat("#", MaxFileSize+1),
		"not swm":    "format: 1\nsystem: swmb\nfaction: Empire\nunits: [{card: Snowtrooper}]\n",
		"no faction": "format: 1\nsystem: swm\nunits: [{card: Snowtrooper}]\n",
		"limit":      "format: 1\nsystem: swm\nfaction: Empire\nlimit: -5\nunits: [{card: Snowtrooper}]\n",
	}
	for name, in := range cases {
		_, err := Read([]byte(in))
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		// The guard's refusals point at the place.
		var pe *ParseError
		if (name == "alias" || name == "deep" || name == "dashes") && (!errors.As(err, &pe) || pe.Line == 0) {
			t.Errorf("%s: %v, want a line and column", name, err)
		}
	}
	// Quoted text and comments may hold the characters the guard looks for.
	ok := "format: 1 # the *only* format\nsystem: swm\nname: \"Blizzard Force & friends [1]\"\nfaction: Empire\nunits: [{card: 'Snowtrooper'}]\n"
	if _, err := Read([]byte(ok)); err != nil {
		t.Errorf("an honest file was refused: %v", err)
	}
}

// A count or a limit with a fraction is refused where it stands: the YAML library cut
// "count: 1.5" to one figure without a word (a 7-point Snowtrooper where the player wrote one
// and a half). A fraction in a name is text, and "count: 2.0" is two.
func TestAFractionWhereAWholeNumberBelongsIsRefused(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"format: 1\nsystem: swm\nname: x\nfaction: Empire\nunits:\n  - {card: Snowtrooper, count: 1.5}\n", "line 6, column 32: count: write a whole number here, not 1.5"},
		{"format: 1\nsystem: swm\nname: x\nfaction: Empire\nlimit: 99.5\nunits:\n  - card: Snowtrooper\n", "line 5, column 8: limit: write a whole number here, not 99.5"},
	} {
		_, err := Read([]byte(c.file))
		if err == nil || err.Error() != c.want {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
	a, err := Read([]byte("format: 1\nsystem: swm\nname: \"2.5\"\nfaction: Empire\nunits:\n  - {card: Snowtrooper, count: 2.0}\n"))
	if err != nil || a.Name != "2.5" || a.Units[0].Count != 2 {
		t.Errorf("a name 2.5 and a count 2.0: %+v, %v", a, err)
	}
}
