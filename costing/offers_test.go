package costing

import (
	"strings"
	"testing"

	"muster/roster"
	"muster/rules"
)

func findOffer(t *testing.T, gs []OfferGroup, kind, name string) (string, Offer) {
	t.Helper()
	for _, g := range gs {
		for _, o := range g.Offers {
			if o.Kind == kind && o.Name == name {
				return g.Label, o
			}
		}
	}
	t.Fatalf("no offer %s %q", kind, name)
	return "", Offer{}
}

// The picker's base costs are the charts' costs of the entry as it starts: the Creature
// Chart (Bantha 24, Tauntaun 30, Wampa 78: (DEX+STR+PER+Move+attacks) x forms) and the Droid
// Chart (Security Droid 35, War Droid 36), one creature, no droid weapons.
func TestAddUnitPickerShowsChartCosts(t *testing.T) {
	gs := Offers(rules.Default(), rules.Rebel, nil)
	for _, tc := range []struct {
		kind, name string
		cost       int
	}{
		{roster.KindCreature, "Bantha", 24},
		{roster.KindCreature, "Tauntaun", 30},
		{roster.KindCreature, "Wampa", 78},
		{roster.KindDroid, "Security Droid", 35},
		{roster.KindDroid, "War Droid", 36},
	} {
		if _, o := findOffer(t, gs, tc.kind, tc.name); o.Cost != tc.cost || o.Banned != "" {
			t.Errorf("%s: cost %d banned %q, want %d and allowed", tc.name, o.Cost, o.Banned, tc.cost)
		}
	}
}

// Squads come from the army's own Troop List first, then neutrals (they serve every side),
// then other sides' lists, marked as the troop.side warning.
func TestAddUnitPickerGroupsSquadsBySide(t *testing.T) {
	gs := Offers(rules.Default(), rules.Rebel, nil)
	if !strings.Contains(gs[0].Label, "Rebel") {
		t.Fatalf("first group %q, want the Rebel Troop List", gs[0].Label)
	}
	g, ewok := findOffer(t, gs, roster.KindSquad, "Ewok")
	if g != gs[0].Label || ewok.Note != "" {
		t.Errorf("Ewok in %q with note %q, want the Rebel list unmarked", g, ewok.Note)
	}
	g, storm := findOffer(t, gs, roster.KindSquad, "Stormtrooper")
	if !strings.Contains(g, "other sides") || !strings.Contains(storm.Note, "troop.side") {
		t.Errorf("Stormtrooper in %q note %q, want other sides' group with the troop.side warning", g, storm.Note)
	}
	if gs[0].Offers[0].Cost <= 0 {
		t.Errorf("%s costs %d", gs[0].Offers[0].Name, gs[0].Offers[0].Cost)
	}
}

// Chapter Ten, Force Mixes: what the gamemaster bans is greyed out with the limits' reason;
// what the player can still change (a default weapon the limits count) is not.
func TestAddUnitPickerGreysWhatTheLimitsBan(t *testing.T) {
	zero, cap := 0, 20
	lim := &roster.Limits{Banned: []string{"Wampa"}, Max: roster.CountCaps{Heroes: &zero, SpecializedWeapons: &zero}, SGP: roster.SGPCaps{Creatures: &cap}}
	gs := Offers(rules.Default(), rules.Rebel, lim)
	if _, o := findOffer(t, gs, roster.KindCreature, "Wampa"); !strings.Contains(o.Banned, "banned") {
		t.Errorf("Wampa: banned %q, want the ban named", o.Banned)
	}
	if _, o := findOffer(t, gs, roster.KindHero, "scratch"); !strings.Contains(o.Banned, "heroes") {
		t.Errorf("hero: banned %q, want the zero hero cap", o.Banned)
	}
	// A Bantha (24) alone breaks a 20-SGP creature cap; a Vervikk (18) does not.
	if _, o := findOffer(t, gs, roster.KindCreature, "Bantha"); o.Banned == "" {
		t.Error("Bantha (24 SGPs) allowed under a 20-SGP creature cap")
	}
	if _, o := findOffer(t, gs, roster.KindCreature, "Vervikk"); o.Banned != "" {
		t.Errorf("Vervikk (18) refused under a 20 cap: %s", o.Banned)
	}
	if _, o := findOffer(t, gs, roster.KindSquad, "Ewok"); o.Banned != "" {
		t.Errorf("Ewok squad refused: %s", o.Banned)
	}
}
