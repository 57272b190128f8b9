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
