package web

import (
	"errors"
	"net/url"
	"testing"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// FuzzArmyForm feeds the editor's form reader arbitrary form bodies. It must never panic;
// a refusal is a *formError naming the field; what it accepts must cost, check and write
// back to an army file the reader reads again. CI runs the seeds; `make fuzz` runs the
// fuzzer.
func FuzzArmyForm(f *testing.F) {
	for _, s := range []string{
		"name=Rogues&side=rebel&limit=1500",
		"name=R&side=rebel&u0.kind=squad&u0.troop=Stormtrooper&u0.size=10&u0.skills.skill.blaster=4&u0.weapons.0.name=blaster+rifle&u0.weapons.0.count=1",
		"name=R&side=imperial&u0.kind=hero&u0.attr.DEX=3&u0.force.skill.control=2&u0.force.powers=control+pain",
		"name=R&side=neutral&u0.kind=creature&u0.creature=rancor&u0.count=99999",
		"name=R&side=rebel&u0.kind=droid&u0.droid=security+droid&u0.armor=on&u0.weapons.0.turret=on",
		"name=R&side=rebel&u7.kind=squad&u-1.kind=hero&u99999999999.kind=squad",
		"name=&side=klingon&limit=-3",
		"u0.kind=squad&u0.size=abc&u0.commander.skill.command=999999999999999999999",
		// Sections filled without their boxes (read as ticked), and mounts with no creature.
		"u0.kind=squad&u0.commander.skills.skill.command=4&u0.sp3.weapons.0.name=Flamethrower&u0.mounts.count=3&u1.kind=hero&u1.force.powers=+",
	} {
		f.Add(s)
	}
	cat := rules.Default()
	f.Fuzz(func(t *testing.T, body string) {
		v, err := url.ParseQuery(body)
		if err != nil {
			return
		}
		army, err := parseArmyForm(v)
		if err != nil {
			var fe *formError
			if !errors.As(err, &fe) || fe.Field == "" {
				t.Fatalf("the form reader refused with %T %v, not a *formError naming a field", err, err)
			}
			return
		}
		army.Format, army.System = 1, "swmb"
		if army.Side == "" {
			army.Side = rules.Rebel
		}
		costing.Evaluate(cat, army, nil)
		if roster.CheckBounds(army) != nil {
			return // refused before saving
		}
		file, err := army.YAML()
		if err != nil {
			t.Fatalf("an accepted form does not write: %v", err)
		}
		if _, err := roster.Read(file); err != nil {
			t.Fatalf("an accepted form writes a file Muster cannot read: %v\n%s", err, file)
		}
	})
}
