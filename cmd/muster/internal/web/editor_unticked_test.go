package web

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"muster/cmd/muster/internal/testkit"
	"muster/roster"
)

// Ten Standard Rebel Troopers (Troop Lists, p. 99: veteran 10 + Move 10 + attributes 3+2+2+2+2+2
// = 33 each): 330 SGPs, with no commander and no specialist.
const tenTroopers = `format: 1
name: Ten troopers
side: rebel
units:
  - kind: squad
    troop: Standard Rebel Trooper
    size: 10
`

// A hero from the roleplaying game: 30 + 2 x (Move 10 + six attributes at 2) = 74 SGPs,
// not Force-sensitive.
const plainHero = `format: 1
name: One hero
side: rebel
units:
  - kind: hero
    name: Dash
    move: 10
    attributes: {DEX: 2, KNO: 2, MEC: 2, PER: 2, STR: 2, TEC: 2}
`

// Issue 25: a player typed the commander's command and a specialist's skill and weapon
// without ticking "The squad has a commander" or "Specialist 1"; the form reader read the
// boxes alone, so the breakdown stayed at 330 and Save stored the squad without them. Filled
// in, they are what the player wants: command 4 over the squad's PER 2 (+2), a specialist
// with demolition 4 over TEC 2 (+2) and a Flamethrower (15, Chapter Eleven): 330 + 2 + 17 = 349.
func TestCommanderAndSpecialistTypedWithoutTheirBoxesAreKept(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(testkit.WriteFile(t, tenTroopers))
	form := ts.editorForm(id)
	if form.Has("u0.commander") || form.Has("u0.sp0") {
		t.Fatalf("the squad starts with a box ticked: %v %v", form["u0.commander"], form["u0.sp0"])
	}
	form.Set("u0.commander.skills.skill.command", "4")
	form.Set("u0.sp0.skills.x.0.name", "demolition")
	form.Set("u0.sp0.skills.x.0.code", "4")
	form.Set("u0.sp0.weapons.0.name", "Flamethrower")

	r := ts.postForm("/armies/"+id+"/preview", form)
	wantStatus(t, "cost update", r, http.StatusOK)
	if got := textByID(parseHTML(t, r.body), "army-total"); got != "349" {
		t.Errorf("the cost update totals %q, want 349 (330 + commander 2 + specialist 2 + Flamethrower 15)", got)
	}

	form.Set("action", "save")
	wantStatus(t, "save", ts.postForm("/armies/"+id, form), http.StatusSeeOther)
	out, err := roster.Read([]byte(ts.get("/armies/" + id + "/export?format=yaml").body))
	if err != nil {
		t.Fatal(err)
	}
	u := out.Units[0]
	if u.Commander == nil || u.Commander.Skills["command"] != 4 {
		t.Errorf("saved commander %+v, want command 4", u.Commander)
	}
	if len(u.Specialists) != 1 || u.Specialists[0].Skills["demolition"] != 4 ||
		len(u.Specialists[0].Weapons) != 1 || u.Specialists[0].Weapons[0].Name != "Flamethrower" {
		t.Errorf("saved specialists %+v, want one with demolition 4 and a Flamethrower", u.Specialists)
	}
	if res := costArmy(out); res.Total != 349 {
		t.Errorf("the saved army costs %d, want 349", res.Total)
	}
	// Drawn again, the boxes say what is counted.
	again := ts.editorForm(id)
	if again.Get("u0.commander") != "on" || again.Get("u0.sp0") != "on" {
		t.Errorf("after the save the boxes read commander %q, specialist 1 %q; want both ticked", again.Get("u0.commander"), again.Get("u0.sp0"))
	}
}

// The same for a hero's Force: control 2 and a power chosen without ticking
// "Force-sensitive" count. Force total (Chapter Eight): 25 for using the Force + 4 x control 2
// + 5 for the power = 38, on the hero's 74: 112.
func TestForceTypedWithoutItsBoxIsKept(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(testkit.WriteFile(t, plainHero))
	form := ts.editorForm(id)
	if form.Has("u0.force") {
		t.Fatal("the hero starts Force-sensitive")
	}
	form.Set("u0.force.skills.skill.control", "2")
	form.Add("u0.force.powers", "control pain")
	a, err := parseArmyForm(form)
	if err != nil {
		t.Fatal(err)
	}
	f := a.Units[0].Force
	if f == nil || f.Skills["control"] != 2 || len(f.Powers) != 1 {
		t.Fatalf("the hero's Force read %+v, want control 2 and control pain", f)
	}
	if res := costArmy(a); res.Total != 112 {
		t.Errorf("the hero costs %d, want 112 (74 + 25 + 4 x 2 + 5)", res.Total)
	}
}

// What an unticked section holds when the player has typed nothing there (the empty command
// and skill fields, the weapon select at "—", the Force's empty fields) is not input: the
// editor's own form, posted unchanged, gives no squad a commander or specialist and no hero
// the Force.
func TestAnUntickedSectionHoldingOnlyItsDefaultsAddsNothing(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, file string
		keys       []string // fields the unticked sections post, to be sure they are there
		total      int
	}{
		{"squad", tenTroopers, []string{"u0.commander.skills.skill.command", "u0.commander.skills.x.0.name",
			"u0.sp0.skills.x.0.code", "u0.sp0.weapons.0.name", "u0.sp1.weapons.0.count"}, 330},
		{"hero", plainHero, []string{"u0.force.skills.skill.control", "u0.force.point_rolls", "u0.force.points"}, 74},
	} {
		t.Run(c.name, func(t *testing.T) {
			ts := newTestServer(t)
			id := ts.importFile(testkit.WriteFile(t, c.file))
			form := ts.editorForm(id)
			for _, k := range c.keys {
				if !form.Has(k) {
					t.Fatalf("the editor's form has no %s", k)
				}
			}
			a, err := parseArmyForm(form)
			if err != nil {
				t.Fatal(err)
			}
			u := a.Units[0]
			if u.Commander != nil || len(u.Specialists) != 0 || u.Force != nil {
				t.Errorf("posted unchanged, the unit got commander %+v, specialists %+v, Force %+v", u.Commander, u.Specialists, u.Force)
			}
			if res := costArmy(a); res.Total != c.total {
				t.Errorf("posted unchanged it costs %d, want %d", res.Total, c.total)
			}
		})
	}
}

// "How many mounts" filled in with no creature chosen under Mounts cannot be kept (which
// creature?) and was dropped without a word: it is refused, naming the field and the fix.
func TestMountsCountedWithoutACreatureAreRefusedInWords(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(testkit.WriteFile(t, tenTroopers))
	form := ts.editorForm(id)
	form.Set("u0.mounts.count", "4")
	_, err := parseArmyForm(form)
	var fe *formError
	if !errors.As(err, &fe) || fe.Field != "u0.mounts.count" {
		t.Fatalf("4 mounts without a creature read as %v, want a refusal naming u0.mounts.count", err)
	}
	if !strings.Contains(fe.Msg, "creature") {
		t.Errorf("the refusal %q does not say to choose the creature", fe.Msg)
	}
	// No number, or nought, is not input.
	for _, n := range []string{"", "0"} {
		form.Set("u0.mounts.count", n)
		if _, err := parseArmyForm(form); err != nil {
			t.Errorf("mounts count %q without a creature: %v", n, err)
		}
	}
}
