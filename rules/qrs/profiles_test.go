package qrs

import "testing"

// The sheet's printed numbers survive in the starter data: walkers 8/10/12 on a Heavy Laser,
// Jet bikes shoot as Stormtroopers, Death Troopers count as Elite Troopers with Blasters,
// Sith and Jedi Masters take 2 Force actions.
func TestStarterProfilesKeepThePrintedNumbers(t *testing.T) {
	c := Starter()
	w, ok := c.Lookup("AT:ST/DP")
	if !ok || w.FirepowerAt(Long) != 8 || w.FirepowerAt(Medium) != 10 || w.FirepowerAt(PointBlank) != 12 || w.Weapon != "heavy laser" || w.Assumed("range_firepower") {
		t.Errorf("walker: %+v", w)
	}
	if !w.Assumed("defence") {
		t.Error("walker defence is not printed and must be marked assumed")
	}
	st, _ := c.Lookup("stormtroopers")
	bike, _ := c.Lookup("jet bike")
	if bike.Firepower != st.Firepower || bike.Weapon != st.Weapon {
		t.Errorf("jet bike %+v does not shoot as a stormtrooper %+v", bike, st)
	}
	dt, _ := c.Lookup("Death Troopers")
	et, _ := c.Lookup("elite trooper")
	if dt.Firepower != et.Firepower || dt.Defence != et.Defence || dt.Melee != et.Melee || dt.Weapon != "blaster" {
		t.Errorf("death trooper %+v is not an elite trooper with a blaster %+v", dt, et)
	}
	for _, n := range []string{"Sith Lord", "Jedi Master"} {
		if p, _ := c.Lookup(n); p.Actions() != 2 {
			t.Errorf("%s: %d Force actions, want 2", n, p.Actions())
		}
	}
	if p, _ := c.Lookup("Jedi Knight"); p.Actions() != 1 || p.Stat() != "2 [6]" {
		t.Errorf("Jedi Knight: %d actions, firepower %q", p.Actions(), p.Stat())
	}
}

func TestEveryStarterProfileIsComplete(t *testing.T) {
	for _, p := range Starter().Profiles() {
		if p.Name == "" || p.Defence <= 0 || p.Initiative <= 0 {
			t.Errorf("%q: missing numbers: %+v", p.Name, p)
		}
		if _, _, ok := FindWeapon(p.Weapon); !ok {
			t.Errorf("%q: weapon %q is not on the range table", p.Name, p.Weapon)
		}
		known := false
		for _, r := range Roles {
			known = known || r == p.Role
		}
		if !known {
			t.Errorf("%q: role %q", p.Name, p.Role)
		}
		if p.IsForceUser() && (p.Deflect == 0 || p.ForcePoints == 0) {
			t.Errorf("%q: a Force user needs a bracketed deflect value and Force points", p.Name)
		}
	}
}

func TestOverrideKeepsAliasesAndNameBeatsAlias(t *testing.T) {
	c := Starter().Clone()
	c.Put(Profile{Name: "Imperial Officer", Role: RoleOfficer, Firepower: 3, Defence: 3, Initiative: 5, Weapon: "pistol"})
	if p, ok := c.Lookup("officer"); !ok || p.Firepower != 3 {
		t.Errorf("officer alias lost on override: %+v", p)
	}
	if p, _ := Starter().Lookup("officer"); p.Firepower != 1 {
		t.Error("Clone shares profiles with the starter set")
	}
	c.Put(Profile{Name: "Leader", Role: RoleHero, Firepower: 5, Defence: 5, Initiative: 5, Weapon: "blaster"})
	if p, _ := c.Lookup("leader"); p.Role != RoleHero {
		t.Errorf("a profile named Leader must win over the Stormtrooper Leader's alias: %+v", p)
	}
	if got := c.Nearest("stormtroper"); len(got) == 0 || got[0] != "Stormtrooper" {
		t.Errorf("nearest: %v", got)
	}
}
