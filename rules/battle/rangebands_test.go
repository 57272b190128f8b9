package battle

import (
	"testing"

	"muster/rules"
	"muster/rules/combat"
)

// The Reference Sheets' Weapon Chart (swmb-rulebook.txt, "WEAPON CHART"), typed in from the
// book, not read from the catalogue: each ranged row's short, medium and long limits in
// inches.
var weaponChartRanges = []struct {
	name                string
	short, medium, long float64
}{
	{"Hold-Out Blaster", 2, 4, 6},
	{"Sporting Blaster", 5, 15, 60},
	{"Blaster Pistol", 5, 15, 60},
	{"Heavy Blaster Pistol", 4, 12, 25},
	{"Hunting Blaster", 15, 50, 150},
	{"Blaster Rifle", 15, 50, 150},
	{"Blaster Carbine", 12, 30, 125},
	{"Repeating Blaster", 15, 60, 150},
	{"Repeating Blaster (Tripod)", 15, 60, 150}, // the chart's "Repeating Blaster**†", tripod-mounted
	{"Medium Repeat Blaster", 30, 75, 200},
	{"Heavy Repeat Blaster", 38, 100, 250},
	{"Crossbow", 5, 15, 25},
	{"Longbow", 5, 15, 50},
	{"Black Powder Pistol", 2, 4, 6},
	{"Musket", 5, 15, 50},
	{"Rifle", 15, 50, 100},
	{"Submachinegun", 5, 25, 50},
	{"Bowcaster", 5, 15, 25},
	{"Grenade", 4, 10, 20},
	{"Thermal Detonator", 2, 4, 6},
}

// Every ranged row of the Weapon Chart, through the engine's range-band function (bandOf,
// the one the battles use) and the combat package's (BandOf, the odds and grenades), at each
// printed limit and a hair past it. Chapter Three, "Range", on the blaster pistol: "All
// shots up to 5" are at short range; shots between 5" and 15" are at medium range, and any
// shots between 15" and 60" are at long range. No shots may be attempted at greater than
// long range." So a limit belongs to its band, a hair past it to the next, and past long
// range the weapon cannot fire. A limit mistyped in the catalogue, or a band test turned
// from "up to" into "below", fails here.
func TestWeaponChartRangeLimits(t *testing.T) {
	const past = 0.01 // a measured distance a hair over a limit
	cat := rules.Default()
	for _, row := range weaponChartRanges {
		w, err := cat.Weapon(row.name)
		if err != nil {
			t.Fatalf("%s: %v", row.name, err)
		}
		for _, c := range []struct {
			d    float64
			want combat.Band
			ok   bool
		}{
			{0, combat.Short, true},
			{row.short, combat.Short, true}, {row.short + past, combat.Medium, true},
			{row.medium, combat.Medium, true}, {row.medium + past, combat.Long, true},
			{row.long, combat.Long, true}, {row.long + past, 0, false},
		} {
			b, ok := bandOf(w.Ranges, w.MinRange, c.d)
			if ok != c.ok || ok && b != c.want {
				t.Errorf("%s at %v\": the engine says %v (fires %v), want %v (fires %v)", row.name, c.d, b, ok, c.want, c.ok)
			}
			b, err := combat.BandOf(w.Ranges, w.MinRange, c.d)
			if (err == nil) != c.ok || err == nil && b != c.want {
				t.Errorf("%s at %v\": combat.BandOf says %v (%v), want %v (fires %v)", row.name, c.d, b, err, c.want, c.ok)
			}
		}
	}
}
