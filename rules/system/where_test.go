package system

import "testing"

// Problems name units as the screens number them, from 1 with the unit's name, and say the
// unit once: the systems' messages begin with that same label ("Unit 6, Princess Leia, Hoth
// Commander: a second Unique ..."), so a list that also printed the field path showed the
// unit twice, once counted from 0 ("units[5].card: Unit 6, ...").
func TestWhereNamesTheUnitOnceCountedFromOne(t *testing.T) {
	rep := &Report{Units: []Unit{
		{Name: "Princess Leia, Hoth Commander"}, {Name: "Red: Team"}, {Name: ""},
	}}
	cases := []struct {
		p              Problem
		where, message string
	}{
		{Problem{Unit: 0, Field: "units[0].count", Message: "Unit 1, Princess Leia, Hoth Commander: 2 copies of the Unique Princess Leia"},
			"Unit 1, Princess Leia, Hoth Commander: count", "2 copies of the Unique Princess Leia"},
		{Problem{Unit: 1, Field: "groups[1].figures[0].profile", Message: `Unit 2, Red: Team: there is no profile "stromtrooper".`},
			"Unit 2, Red: Team: figure 1 profile", `there is no profile "stromtrooper".`},
		{Problem{Unit: 0, Field: "limit", Message: "Unit 1, Princess Leia, Hoth Commander: this unit takes the squad past its limit"},
			"Unit 1, Princess Leia, Hoth Commander: limit", "this unit takes the squad past its limit"},
		{Problem{Unit: 2, Field: "groups[2]", Message: "the group has no name."},
			"Unit 3", "the group has no name."},
		{Problem{Unit: -1, Field: "faction", Message: "no faction"}, "faction", "no faction"},
		{Problem{Unit: 7, Field: "units[7].card", Message: "out of range"}, "units[7].card", "out of range"},
	}
	for _, c := range cases {
		where, message := rep.Where(c.p)
		if where != c.where || message != c.message {
			t.Errorf("Where(%+v) = %q, %q; want %q, %q", c.p, where, message, c.where, c.message)
		}
	}
}
