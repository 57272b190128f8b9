package main

import (
	"net/http"
	"strings"
	"testing"
)

// The odds page: a straight test's chance by hand is 2/3 for skill 3 against difficulty 6
// (a first 3, 4, 5 or 6 makes 6 or more; a 2 makes 5; a 1 bombs out).
func TestOddsPageStraightTest(t *testing.T) {
	ts := newTestServer(t)
	r := ts.get("/odds?skill=3&difficulty=6")
	wantStatus(t, "odds", r, http.StatusOK)
	if !strings.Contains(r.body, `id="test-success">66.67%`) {
		t.Errorf("skill 3 against 6 does not show 66.67%%:\n%.3000s", r.body)
	}
}

// A volley between two saved armies: the Blue Rangers' rifles at 20" are at medium range
// (15-50: base 8) against stormtroopers in light cover (+1): difficulty 9 (Chapter Three).
func TestOddsPageVolleyBetweenSavedArmies(t *testing.T) {
	ts := newTestServer(t)
	rangers := ts.importFile("../../rules/data/forces/blue-rangers.yaml")
	rats := ts.importFile("../../rules/data/forces/intro-like-rats-in-a-trap.yaml")
	r := ts.get("/odds?firer=" + rangers + ":0&target=" + rats + ":2&range=20&cover=light")
	wantStatus(t, "odds volley", r, http.StatusOK)
	for _, want := range []string{`id="volley-shots"`, "8 x soldier", "Blaster Rifle", "medium", `<td class="num">9</td>`, `id="volley-hits"`, `id="dist-casualties"`} {
		if !strings.Contains(r.body, want) {
			t.Errorf("volley result lacks %q", want)
		}
	}
}

// Bad input is answered in the form's words, never with an error page.
func TestOddsPageExplainsBadInput(t *testing.T) {
	ts := newTestServer(t)
	ts.importFile("../../rules/data/forces/blue-rangers.yaml")
	for query, want := range map[string]string{
		"skill=three&difficulty=6":               "skill: write a whole number from 0 to 30",
		"damage=4&strength=99":                   "Strength: write a whole number from 0 to 30",
		"firer=nope:0&target=nope:1&range=10":    "choose the firing squad from the list",
		"firer=x&target=y&range=-3&cover=medium": "choose the firing squad",
	} {
		r := ts.get("/odds?" + query)
		wantStatus(t, query, r, http.StatusOK)
		if !strings.Contains(r.body, want) {
			t.Errorf("%s: page does not say %q", query, want)
		}
	}
}
