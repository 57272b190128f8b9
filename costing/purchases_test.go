package costing

import (
	"testing"

	"muster/roster"
	"muster/rules"
)

func costUnits(t *testing.T, side rules.Side, units ...roster.Unit) *Result {
	t.Helper()
	return Army(rules.Default(), &roster.Army{Format: 1, Side: side, Units: units})
}

// Chapter Eleven, Artillery Strike Cost Chart: Rebel light 30, heavy 50; Imperial light 20,
// heavy 40. A neutral army pays the Rebel price (docs/decisions.md).
func TestOffBoardStrikePricesBySide(t *testing.T) {
	tests := []struct {
		side   rules.Side
		strike string
		count  int
		want   int
	}{
		{rules.Rebel, "light", 1, 30},
		{rules.Rebel, "heavy", 2, 100},
		{rules.Imperial, "light", 3, 60},
		{rules.Imperial, "heavy", 1, 40},
		{rules.Neutral, "heavy", 1, 50},
	}
	for _, tc := range tests {
		r := costUnits(t, tc.side, roster.Unit{Kind: roster.KindStrike, Strike: tc.strike, Count: tc.count})
		noErrors(t, r)
		if r.Total != tc.want {
			t.Errorf("%s %d x %s = %d, want %d", tc.side, tc.count, tc.strike, r.Total, tc.want)
		}
	}
}

// Chapter Eleven: the light anti-vehicle laser cannon costs 224, the anti-infantry battery 388.
func TestArtilleryPiecesAtPrintedPrice(t *testing.T) {
	r := costUnits(t, rules.Imperial,
		roster.Unit{Kind: roster.KindArtillery, Artillery: "anti-vehicle laser cannon"},
		roster.Unit{Kind: roster.KindArtillery, Artillery: "Anti-Infantry Battery"})
	noErrors(t, r)
	if r.Units[0].Cost != 224 || r.Units[1].Cost != 388 {
		t.Errorf("artillery = %d, %d; want 224, 388", r.Units[0].Cost, r.Units[1].Cost)
	}
}

// Chapter Fifteen, Remote Weapons: double the weapon's price plus 3 per skill level, at
// most 4. A heavy repeating blaster (33) with blaster artillery 4: 66 + 12 = 78.
func TestRemoteWeaponDoublePricePlusThreePerLevel(t *testing.T) {
	r := costUnits(t, rules.Rebel, roster.Unit{Kind: roster.KindRemoteWeapon, Weapon: "heavy repeating blaster",
		Skills: roster.Skills{"blaster artillery": 4}})
	noErrors(t, r)
	if r.Total != 78 {
		t.Errorf("remote heavy repeating blaster = %d, want 78", r.Total)
	}
	r = costUnits(t, rules.Rebel, roster.Unit{Kind: roster.KindRemoteWeapon, Weapon: "blaster pistol",
		Skills: roster.Skills{"blaster": 5}})
	if len(r.Problems) == 0 {
		t.Error("blaster 5 on a remote weapon: want a problem (at most 4 levels)")
	}
}

// Chapter Fourteen: weapons at price + 10, one turret 15, armor 20, repulsorlift 10 (which
// doubles the walk rate), self-destruct 10. A war droid (36) with a heavy repeating blaster
// (33 + 10) in a turret (15), a blaster rifle (15 + 10), armor, repulsorlift and
// self-destruct: 36 + 43 + 15 + 25 + 20 + 10 + 10 = 159; walk (8/2 + 3) x 2 = 14.
func TestDroidOptions(t *testing.T) {
	r := costUnits(t, rules.Imperial, roster.Unit{Kind: roster.KindDroid, Droid: "War Droid",
		Weapons:      []roster.Item{{Name: "heavy repeating blaster", Turret: true}, {Name: "blaster rifle"}},
		Armor:        roster.ArmorPlating,
		Repulsorlift: true, SelfDestruct: true})
	noErrors(t, r)
	if r.Total != 159 {
		t.Errorf("war droid = %d, want 159", r.Total)
	}
	if r.Units[0].Walk != 14 {
		t.Errorf("walk = %v, want 14", r.Units[0].Walk)
	}
}

// Armored heroes: DEX-based codes are written armor-adjusted and paid from the adjusted DEX;
// attributes are paid unarmored. A hero with DEX 4, blaster 5 in bounty hunter armor (DEX
// (3)): blaster +2. 2 x (10 + 4+2+2+3+3+2 + 2) = 56; + blaster pistol 7 + armor 10 = 73;
// + 30 = 103. Walk 10/2 + 3 = 8, run 13.
func TestArmoredHeroPaysFromAdjustedDEX(t *testing.T) {
	r := costUnits(t, rules.Neutral, roster.Unit{Kind: roster.KindHero, Name: "Hunter", Move: 10,
		Attributes: map[rules.Attr]int{rules.DEX: 4, rules.KNO: 2, rules.MEC: 2, rules.PER: 3, rules.STR: 3, rules.TEC: 2},
		Skills:     roster.Skills{"blaster": 5},
		Weapons:    []roster.Item{{Name: "blaster pistol"}},
		Armor:      "bounty hunter"})
	noErrors(t, r)
	b := r.Units[0]
	if b.Cost != 103 {
		t.Errorf("hero = %d, want 103", b.Cost)
	}
	if b.Walk != 8 || b.Run != 13 {
		t.Errorf("walk/run = %v/%v, want 8/13", b.Walk, b.Run)
	}
}

// Per-item gear: "2 grenades each" = 10 per soldier; a medpac is 10. Standard Rebel
// Troopers, 6 soldiers: veteran 10 + Move 10 + 13 + pistol 7 + 2 grenades 10 + medpac 10 =
// 60 per soldier, 360.
func TestGrenadesArePricedPerItem(t *testing.T) {
	r := costUnits(t, rules.Rebel, roster.Unit{Kind: roster.KindSquad, Troop: "Standard Rebel Trooper", Size: 6,
		Weapons:   []roster.Item{{Name: "blaster pistol"}, {Name: "grenade", Count: 2}},
		Equipment: []roster.Item{{Name: "medpac"}}})
	noErrors(t, r)
	if r.Total != 360 {
		t.Errorf("squad = %d, want 360", r.Total)
	}
}

// A skill specialization starts at the attribute, not at the parent skill (costing-rules.md):
// a specialist with "blaster: repeating blaster" 5 and DEX 3 pays 2 even when the squad has
// blaster 5.
func TestSpecializationStartsAtTheAttribute(t *testing.T) {
	r := costUnits(t, rules.Rebel, roster.Unit{Kind: roster.KindSquad, Troop: "Hoth Trooper", Size: 5,
		Skills:      roster.Skills{"blaster": 5},
		Specialists: []roster.Specialist{{Skills: roster.Skills{"blaster: repeating blaster": 5}}}})
	noErrors(t, r)
	if got := lineSGP(t, r.Units[0], "Specialist: Blaster: Repeating Blaster 5 (+2)"); got != 2 {
		t.Errorf("specialization = %d, want 2", got)
	}
}

// Unknown names are errors naming the nearest known names; the unit is still listed.
func TestUnknownNamesSuggestTheNearest(t *testing.T) {
	r := costUnits(t, rules.Rebel, roster.Unit{Kind: roster.KindSquad, Troop: "Hoth Troper", Size: 5})
	if len(r.Problems) != 1 || r.Problems[0].Field != "units[0].troop" || r.Problems[0].Hint != `did you mean "Hoth Trooper"?` {
		t.Errorf("problems = %+v", r.Problems)
	}
}
