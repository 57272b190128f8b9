package views

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// A hero made from scratch begins each Force skill at 1 and raises it at most 2 (Chapter
// Twelve, "Creating a Hero From Scratch"): the editor shows "≤ 3" beside each Force skill,
// as beside a squad's skills, and the check agrees: control 3 passes, 4 is refused on its
// field. A hero from the roleplaying game has no cap, and none is shown.
func TestAScratchHerosForceSkillsShowTheirCap(t *testing.T) {
	c := rules.Default()
	hero := func(origin string, control int) roster.Unit {
		return roster.Unit{Kind: roster.KindHero, Name: "Kenth", Origin: origin, Move: 10,
			Attributes: map[rules.Attr]int{rules.DEX: 3, rules.KNO: 2, rules.MEC: 2, rules.PER: 3, rules.STR: 3, rules.TEC: 2},
			Weapons:    []roster.Item{{Name: "lightsaber"}},
			Force:      &roster.Force{Skills: roster.Skills{"control": control}}}
	}
	render := func(u roster.Unit) string {
		army := &roster.Army{Format: 1, Name: "Heroes", Side: rules.Rebel, Units: []roster.Unit{u}}
		var buf bytes.Buffer
		if err := heroFields(ArmyView{Army: army, Catalog: c}, 0, u).Render(context.Background(), &buf); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}
	if got := strings.Count(render(hero(roster.OriginScratch, 1)), `<span class="cap">≤ 3</span>`); got != 3 {
		t.Errorf("a scratch hero's form shows the cap %d times, want beside each of the 3 Force skills", got)
	}
	if strings.Contains(render(hero("", 1)), `class="cap"`) {
		t.Error("a hero from the roleplaying game shows a cap")
	}
	for control, refused := range map[int]bool{3: false, 4: true} {
		u := hero(roster.OriginScratch, control)
		army := &roster.Army{Format: 1, Name: "Heroes", Side: rules.Rebel, Units: []roster.Unit{u}}
		got := false
		for _, p := range costing.Evaluate(c, army, nil).Problems {
			if strings.HasSuffix(p.Field, "force.skills.control") {
				got = true
			}
		}
		if got != refused {
			t.Errorf("control %d: refused on its field %v, want %v (the cap shown is %d)", control, got, refused, roster.ForceSkillCap(roster.OriginScratch))
		}
	}
}
