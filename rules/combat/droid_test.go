package combat

import "testing"

// Chapter Fourteen, "Droid Damage Table": DS ≥ SR rolls once for System Damage; DS > SR + 4
// twice. Both printings give ">" where the Damage Table gives "≥": 4 over is one roll.
func TestDroidDamageTable(t *testing.T) {
	r := Default()
	cases := []struct {
		name  string
		faces []int
		want  int
	}{
		{"4 + 2 = 6 against 4 + 3 = 7: no effect", []int{2, 3}, 0},
		{"4 + 3 = 7 against 7: a tie, one roll", []int{3, 3}, 1},
		{"4 + 5 = 9 against 4 + 2 = 6: one roll", []int{5, 2}, 1},
		{"4 + 6 + 1 = 11 against 4 + 3 = 7: exactly 4 over, one roll", []int{6, 1, 3}, 1},
		{"4 + 6 + 2 = 12 against 7: more than 4 over, two rolls", []int{6, 2, 3}, 2},
	}
	for _, c := range cases {
		if got := r.DroidDamage(scripted(c.faces...), 4, 4); got != c.want {
			t.Errorf("%s: %d rolls, want %d", c.name, got, c.want)
		}
	}
}

// The System Damage Table and its effects.
func TestSystemDamage(t *testing.T) {
	r := Default()
	dr := &Droid{Weapons: 2, BestSkill: 2}
	if e := r.SystemDamage(scripted(1), dr); e != "locomotive" || dr.Mobility() != 0.5 {
		t.Errorf("1: %s, mobility %g", e, dr.Mobility())
	}
	r.SystemDamage(scripted(1), dr)
	if dr.Mobility() != 0 {
		t.Error("a second locomotive hit should stop the droid")
	}
	if e := r.SystemDamage(scripted(3, 2), dr); e != "arm_or_weapon_mount" || !dr.Lost[1] || len(dr.Working()) != 1 {
		t.Errorf("3: %s, lost %v", e, dr.Lost)
	}
	if e := r.SystemDamage(scripted(6), dr); e != "head" || !dr.OutOfControl {
		t.Errorf("6: %s", e)
	}
	r.SystemDamage(scripted(4), dr)
	if dr.Torso != 1 || dr.Destroyed() {
		t.Errorf("one torso hit: %+v", dr)
	}
	r.SystemDamage(scripted(5), dr)
	if !dr.Destroyed() {
		t.Error("skills of 2 reduced twice should explode the droid")
	}
	f := &Figure{STR: 4, Droid: &Droid{Weapons: 1, BestSkill: 5}}
	if f.Strength() != 4 {
		t.Error("droid strength")
	}
	f.Droid.Torso = 1
	if f.Strength() != 3 {
		t.Error("a torso hit lowers all attributes, Strength included")
	}
	f.systems = 1
	f.EndPhase(scripted(2, 1), r)
	if !f.Droid.Lost[0] || f.PendingSystemDamage() != 0 {
		t.Error("EndPhase did not roll the marked System Damage")
	}
}

// Chapter Fourteen, "Fire Combat and Droids".
func TestDroidFirers(t *testing.T) {
	dr := &Droid{Weapons: 3, Torso: 1, OutOfControl: true}
	rifle := weapon(t, "blaster rifle")
	fs, err := DroidFirers(dr, []DroidWeapon{{0, rifle, 5, 0}, {1, rifle, 5, 1}}, nil)
	if err != nil || len(fs) != 2 || fs[0].Extra != 3 || fs[0].Skill != 4 {
		t.Errorf("two targets, out of control, one torso hit: %+v (%v)", fs, err)
	}
	if _, err := DroidFirers(dr, []DroidWeapon{{0, rifle, 5, 0}, {1, rifle, 5, 0}, {2, rifle, 5, 0}}, nil); err == nil {
		t.Error("a droid fired three weapons")
	}
	dr.Lost[2] = true
	if _, err := DroidFirers(dr, []DroidWeapon{{2, rifle, 5, 0}}, nil); err == nil {
		t.Error("a lost weapon fired")
	}
	if f, err := DroidOpportunityFire(false); err != nil || !f.Opportunity {
		t.Error("a droid that has not moved opportunity fires without a test")
	}
	if _, err := DroidOpportunityFire(true); err == nil {
		t.Error("a droid that moved opportunity fired")
	}
}

func TestDroidDamageMatchesItsOdds(t *testing.T) {
	r := Default()
	d := Seeded(13)
	const n = 60000
	checkDist(t, "Droid Damage Table", r.DroidDamageOdds(6, 5), n, func() int { return r.DroidDamage(d, 6, 5) })
	odds := r.SystemDamageOdds()
	effects := []string{"locomotive", "arm_or_weapon_mount", "torso", "head"}
	counts := make([]int, len(effects))
	probs := make([]float64, len(effects))
	for i, e := range effects {
		probs[i] = odds[e]
	}
	for range n {
		e := r.SystemDamage(d, &Droid{Weapons: 3, BestSkill: 9})
		for i := range effects {
			if effects[i] == e {
				counts[i]++
			}
		}
	}
	checkCounts(t, "System Damage Table", probs, counts, n)
}
