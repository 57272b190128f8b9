package views

import "testing"

// The gamemaster's quick-resolve form never offers a list against itself (issue 31): by
// default the first list against the first list of another side, else the next list; the
// lists asked about are kept.
func TestQuickResolvePicksTwoListsOfTwoSides(t *testing.T) {
	v := GMView{Sides: []SideLists{
		{Side: "imperial", Lists: []ListRow{{ID: "i1"}, {ID: "i2"}}},
		{Side: "rebel", Lists: []ListRow{{ID: "r1"}}},
	}}
	for _, tc := range []struct{ a, b, wantA, wantB string }{
		{"", "", "i1", "r1"},
		{"r1", "", "r1", "i1"},
		{"i2", "", "i2", "r1"},
		{"i1", "i2", "i1", "i2"},
	} {
		v.Resolve.A, v.Resolve.B = tc.a, tc.b
		if a, b := v.ResolvePicks(); a != tc.wantA || b != tc.wantB {
			t.Errorf("asked %q, %q: picks %q, %q, want %q, %q", tc.a, tc.b, a, b, tc.wantA, tc.wantB)
		}
	}
	one := GMView{Sides: []SideLists{{Side: "rebel", Lists: []ListRow{{ID: "r1"}, {ID: "r2"}}}}}
	if a, b := one.ResolvePicks(); a != "r1" || b != "r2" {
		t.Errorf("one side: picks %q, %q, want r1, r2", a, b)
	}
}
