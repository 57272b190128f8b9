package combat

import (
	"testing"

	"muster/rules"
)

// Chapter Thirteen, "Attack Forms": bite and horn to the front, claw front and sides, tail
// back and sides, trample any direction.
func TestAttackFormArcs(t *testing.T) {
	want := map[string][3]bool{
		"bite": {true, false, false}, "horns": {true, false, false}, "claw": {true, true, false},
		"tail": {false, true, true}, "trample": {true, true, true},
	}
	for form, arcs := range want {
		for a, ok := range arcs {
			if got := FormReaches(form, Arc(a)); got != ok {
				t.Errorf("%s into arc %d: %v, want %v", form, a, got, ok)
			}
		}
	}
}

// "It gets one attack per Attack Form ... A creature may also attack multiple targets, but
// does so at -2 to each attack roll for each target beyond the first."
func TestCreatureAttacks(t *testing.T) {
	rancor, err := rules.Default().Creature("rancor")
	if err != nil {
		t.Fatal(err)
	}
	at, mod := CreatureAttacks(rancor, []Arc{Front})
	if len(at) != 2 || at[0].Target != 0 || at[1].Target != 0 || mod != 0 {
		t.Errorf("one soldier in front: %+v, %d", at, mod)
	}
	at, mod = CreatureAttacks(rancor, []Arc{Side, Front})
	if len(at) != 2 || mod != -2 {
		t.Errorf("one at the side, one in front: %+v, %d; want claw at the side, bite in front, -2", at, mod)
	}
	at, _ = CreatureAttacks(rancor, []Arc{Rear})
	if len(at) != 0 {
		t.Errorf("claw and bite reach behind: %+v", at)
	}
}

func TestMountAndAmok(t *testing.T) {
	if MountHit(scripted(4), false) || !MountHit(scripted(5), false) || !MountHit(scripted(4), true) {
		t.Error("mount hit on 5-6, 4-6 for large creatures")
	}
	if AmokDirection(scripted(4, 4, 2)) != 2 {
		t.Error("a 4 is rolled again when a creature runs amok")
	}
	if RegainControl(scripted(2), 2) || !RegainControl(scripted(3), 2) {
		t.Error("control returns when the die beats the Orneriness Code")
	}
}

// A creature's single attack against one soldier is a one-on-one close assault where the
// creature adds its attack form's Damage Strength to its roll, and is hurt against its
// Strength when it loses.
func TestCreatureFightMatchesItsOdds(t *testing.T) {
	r := Default()
	wampa, err := rules.Default().Creature("wampa")
	if err != nil {
		t.Fatal(err)
	}
	bite := rules.AttackForm{Name: "bite", Damage: 5}
	foe := Fighter{Fig: &Figure{STR: 3}, Skill: 4, Damage: 5, Weapon: weapon(t, "vibroblade")}
	odds := r.GroupOdds(Fighter{Fig: &Figure{STR: wampa.STR}, Skill: bite.Damage, Damage: bite.Damage, Creature: true}, []Fighter{foe}, 0)
	d := Seeded(14)
	const n = 50000
	var cr, so [3]int
	for range n {
		c := &Figure{STR: wampa.STR}
		f := foe
		ff := *foe.Fig
		f.Fig = &ff
		r.CreatureFight(d, c, []CreatureAttack{{Form: bite, Target: 0}}, 0, []Fighter{f})
		cr[c.EndPhase(d, r)]++
		so[f.Fig.EndPhase(d, r)]++
	}
	checkCounts(t, "creature", odds.Lone[:], cr[:], n)
	checkCounts(t, "soldier", odds.Others[0][:], so[:], n)
}
