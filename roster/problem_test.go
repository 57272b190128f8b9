package roster

import "testing"

// A problem's place reads as the screens count: units and their weapons and specialists from
// 1, words for the field path's dots (the path itself stays in Field for scripts).
func TestAProblemsPlaceCountsFromOneInWords(t *testing.T) {
	for _, c := range []struct{ field, where, want string }{
		{"units[0].weapons[1]", "Unit 1, Aurek Squad", "Unit 1, Aurek Squad: weapon 2"},
		{"units[2].specialists[0].weapons", "Unit 3, Baker Company", "Unit 3, Baker Company: specialist 1 weapons"},
		{"units[5].skills.blaster", "Unit 6, Ewok", "Unit 6, Ewok: blaster skill"},
		{"units[2].specialists[1].skills.blaster", "Unit 3, Baker Company", "Unit 3, Baker Company: specialist 2 blaster skill"},
		{"units[5].point_rolls", "Unit 6, Ewok", "Unit 6, Ewok: point rolls"},
		{"units[5]", "Unit 6, Ewok", "Unit 6, Ewok"},
		{"limits.total", "", "limits.total"},
	} {
		p := Problem{Field: c.field, Where: c.where}
		if got := p.Place(); got != c.want {
			t.Errorf("%s: %q, want %q", c.field, got, c.want)
		}
	}
}
