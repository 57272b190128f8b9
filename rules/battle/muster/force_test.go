package muster

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
)

// army reads an army file of the engine's fixtures (rules/battle/testdata).
func army(t *testing.T, name string) *roster.Army {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	a, err := roster.Read(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return a
}

func forceOf(t *testing.T, a *roster.Army) *battle.Force {
	t.Helper()
	f, err := NewForce(rules.Default(), a)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// The full kit's units are what the army file says they are, in the engine's terms: each
// kind, the piece crewed by the squad listed right after it, the mounted squad on its
// tauntauns at the creature's rate, the Jedi's lightsaber combat and the healer's detoxify
// poison, each specialist's grenades and launcher, and what the army holds.
func TestNewForceMakesEachUnitWhatItIs(t *testing.T) {
	a := army(t, "full-1500.yaml")
	f := forceOf(t, a)
	if f.Name != "Full kit" || f.Side != a.Side || len(f.Units) != len(a.Units) || len(f.Skipped) != 0 {
		t.Fatalf("force %q (%s), %d units of %d, skipped %q", f.Name, f.Side, len(f.Units), len(a.Units), f.Skipped)
	}
	byName := map[string]*battle.UnitSpec{}
	for i, us := range f.Units {
		if us.Index != i || string(us.Kind) != a.Units[i].Kind {
			t.Errorf("unit %d (%s): index %d, kind %q, the file's %q", i, us.Name, us.Index, us.Kind, a.Units[i].Kind)
		}
		byName[us.Name] = us
	}
	gun, crew := byName["Anti-Infantry Battery"], byName["Gun Crew"]
	if gun == nil || crew == nil || gun.Gun == nil || f.Units[gun.Crew] != crew || crew.Piece != gun.Gun || crew.PieceSkill != 5 {
		t.Errorf("the battery and its crew: %+v, %+v", gun, crew)
	}
	riders := byName["Riders"]
	if !riders.Mounted || riders.MountKind == nil || riders.MountKind.Name != "Tauntaun" ||
		riders.Walk != float64(riders.MountKind.Move+riders.MountKind.DEX) || riders.FootWalk == riders.Walk {
		t.Errorf("the riders: mounted %v on %v, walk %g (on foot %g)", riders.Mounted, riders.MountKind, riders.Walk, riders.FootWalk)
	}
	for _, fs := range riders.Figs {
		if fs.Riding == 0 || fs.MountSTR == 0 {
			t.Errorf("rider %s: beast riding %d, mount STR %d", fs.Who, fs.Riding, fs.MountSTR)
		}
	}
	jedi, healer := byName["Jedi"].Figs[0], byName["Healer"].Figs[0]
	if jedi.Role != battle.RoleHero || !jedi.Hero.SaberCombat || jedi.Hero.Parry != 5 || jedi.Hero.Points != 3 {
		t.Errorf("the Jedi: %+v", jedi.Hero)
	}
	if !healer.Hero.Detoxify || !healer.Hero.ControlPain || healer.Hero.SaberCombat {
		t.Errorf("the healer: %+v", healer.Hero)
	}
	gassers := byName["Gassers"]
	if gassers.Figs[0].Role != battle.RoleCommander || gassers.Figs[1].Role != battle.RoleSpecialist || gassers.Figs[3].Role != battle.RoleSoldier {
		t.Errorf("the gassers' roles: %d, %d, %d", gassers.Figs[0].Role, gassers.Figs[1].Role, gassers.Figs[3].Role)
	}
	if k := gassers.Figs[1].Kits; len(k) != 3 || k[0].N != 2 || k[0].Skill != 6 || !gassers.Figs[1].Mask {
		t.Errorf("the first gasser specialist's kits %+v, mask %v", k, gassers.Figs[1].Mask)
	}
	burners := byName["Burners"]
	if burners.Figs[1].Flamer == nil || burners.Figs[2].Launcher == nil || len(burners.Figs[2].Kits) != 1 || burners.Figs[2].Kits[0].N != 4 {
		t.Errorf("the burners' specialists: %+v, %+v", burners.Figs[1], burners.Figs[2])
	}
	for _, k := range []string{"hero", "mounted", "artillery", "stun grenade", "flamethrower", "telekinesis", "breath mask"} {
		if !f.Holds[rules.Normalize(k)] {
			t.Errorf("the force does not hold %q", k)
		}
	}
	if f.Holds["creature"] || f.Holds[rules.Normalize("remote weapon")] {
		t.Errorf("the force holds a creature or a remote weapon: %v", f.Holds)
	}
}

// What the engine does not fight with stays on the table, by name and cost: a piece with
// no squad after it to crew it, a remote weapon that is no blaster, a kind the engine does
// not simulate. An unnamed army is "unnamed army", and tanglefoot is counted by the section.
func TestNewForceSkipsWhatItCannotField(t *testing.T) {
	a := army(t, "imperial-1500.yaml")
	a.Name = ""
	a.Units[0].Equipment = append(a.Units[0].Equipment, roster.Item{Name: "tanglefoot field", Count: 3}, roster.Item{Name: "tanglefoot"})
	a.Units = append(a.Units,
		roster.Unit{Kind: roster.KindRemoteWeapon, Name: "Gate Knife", Weapon: "vibroblade", Skills: roster.Skills{"blaster": 4}},
		roster.Unit{Kind: roster.KindArtillery, Artillery: "Anti-Infantry Battery"})
	f := forceOf(t, a)
	if f.Name != "unnamed army" || f.Tanglefoot != 4 || len(f.Units) != len(a.Units)-2 || len(f.Skipped) != 2 {
		t.Fatalf("force %q, tanglefoot %d, %d units, skipped %q", f.Name, f.Tanglefoot, len(f.Units), f.Skipped)
	}
	if !strings.HasPrefix(f.Skipped[0], "Gate Knife (unnamed army): a remote weapon fires a blaster") || !strings.Contains(f.Skipped[0], "not a vibroblade") {
		t.Errorf("the remote weapon: %q", f.Skipped[0])
	}
	if !strings.HasPrefix(f.Skipped[1], "Anti-Infantry Battery (unnamed army): on-board artillery needs its crew") {
		t.Errorf("the piece: %q", f.Skipped[1])
	}
	if !f.Holds["artillery"] || !f.Holds[rules.Normalize("remote weapon")] {
		t.Errorf("holdings %v", f.Holds)
	}
}

// A unit is labelled by its own name, else by what it is; a squad's figures are its
// commander, its specialists and the rest; a droid fires two of its weapons a phase, one
// entry a weapon; a squad is fired at as its figures, each with his armor.
func TestSoldiersAndTargets(t *testing.T) {
	cat := rules.Default()
	a := army(t, "full-1500.yaml")
	u := &a.Units[0]
	if got := UnitLabel(u, 0); got != "[0] Gassers" {
		t.Errorf("label %q", got)
	}
	if got := UnitLabel(&roster.Unit{Kind: roster.KindStrike, Strike: "light"}, 3); got != "[3] light strike" {
		t.Errorf("label %q", got)
	}
	men, maxWeapons, err := Soldiers(cat, u)
	if err != nil || maxWeapons != 0 || len(men) != u.Size {
		t.Fatalf("%d soldiers, max weapons %d, %v", len(men), maxWeapons, err)
	}
	if men[0].Who != "commander" || men[0].Skills["command"] != 5 || men[1].Who != "specialist 1" || men[1].Skills["grenade"] != 6 ||
		men[3].Who != "soldier" || !men[3].Crewman || men[0].Crewman {
		t.Errorf("the squad's soldiers: %+v, %+v, %+v", men[0], men[1], men[3])
	}
	d := roster.Unit{Kind: roster.KindDroid, Droid: "War Droid", Weapons: []roster.Item{{Name: "heavy repeating blaster"}, {Name: "blaster rifle"}}}
	dm, mw, err := Soldiers(cat, &d)
	if err != nil || mw != 2 || len(dm) != 2 || len(dm[0].Weapons) != 1 || dm[1].Weapons[0].Name != "Blaster Rifle" {
		t.Errorf("the droid: %+v, max weapons %d, %v", dm, mw, err)
	}
	figs, camo, err := TargetFigures(cat, u)
	if err != nil || camo || len(figs) != u.Size {
		t.Fatalf("%d targets, camo %v, %v", len(figs), camo, err)
	}
	if _, _, err := Soldiers(cat, &roster.Unit{Kind: roster.KindCreature, Creature: "Rancor"}); err == nil {
		t.Error("a creature fires volleys")
	}
}
