package rules

import (
	"slices"
	"testing"
)

func weaponsTestCatalog(t *testing.T) *Catalog {
	t.Helper()
	c, err := Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return c
}

func mustWeapon(t *testing.T, c *Catalog, name string) *Weapon {
	t.Helper()
	w, err := c.Weapon(name)
	if err != nil {
		t.Fatalf("Weapon(%q): %v", name, err)
	}
	return w
}

// TestWeaponChartBlasterRifle: Reference Sheets, Weapon Chart: Blaster Rifle 5, 15/50/150, 15 SGPs
// (Chapter Eight's Blue Rangers also write in "15").
func TestWeaponChartBlasterRifle(t *testing.T) {
	w := mustWeapon(t, weaponsTestCatalog(t), "blaster rifle")
	if w.Damage != 5 || !slices.Equal(w.Ranges, []int{15, 50, 150}) || w.Cost != 15 {
		t.Errorf("blaster rifle = damage %d, ranges %v, cost %d; want 5, [15 50 150], 15", w.Damage, w.Ranges, w.Cost)
	}
	if w.Skill != "blaster" || w.Class != "blaster" {
		t.Errorf("blaster rifle skill %q class %q; want blaster, blaster", w.Skill, w.Class)
	}
}

// TestWeaponChart checks every ranged row of the Reference Sheets' Weapon Chart.
func TestWeaponChart(t *testing.T) {
	c := weaponsTestCatalog(t)
	for _, tc := range []struct {
		name   string
		class  string
		damage int
		ranges []int
		cost   int
	}{
		{"Hold-Out Blaster", "blaster", 3, []int{2, 4, 6}, 4},
		{"Sporting Blaster", "blaster", 3, []int{5, 15, 60}, 6},
		{"Blaster Pistol", "blaster", 4, []int{5, 15, 60}, 7},
		{"Heavy Blaster Pistol", "blaster", 5, []int{4, 12, 25}, 8},
		{"Hunting Blaster", "blaster", 4, []int{15, 50, 150}, 14},
		{"Blaster Rifle", "blaster", 5, []int{15, 50, 150}, 15},
		{"Blaster Carbine", "blaster", 5, []int{12, 30, 125}, 11},
		{"Repeating Blaster", "blaster", 6, []int{15, 60, 150}, 18},
		{"Repeating Blaster (Tripod)", "heavy blaster", 6, []int{15, 60, 150}, 23},
		{"Medium Repeat Blaster", "heavy blaster", 7, []int{30, 75, 200}, 27},
		{"Heavy Repeat Blaster", "heavy blaster", 8, []int{38, 100, 250}, 33},
		{"Crossbow", "archaic", 3, []int{5, 15, 25}, 5},
		{"Longbow", "archaic", 3, []int{5, 15, 50}, 5},
		{"Black Powder Pistol", "archaic", 3, []int{2, 4, 6}, 3},
		{"Musket", "archaic", 3, []int{5, 15, 50}, 6},
		{"Rifle", "archaic", 3, []int{15, 50, 100}, 13},
		{"Submachinegun", "archaic", 4, []int{5, 25, 50}, 9},
		{"Bowcaster", "archaic", 4, []int{5, 15, 25}, 7},
		{"Grenade", "grenade", 4, []int{4, 10, 20}, 5},
		{"Thermal Detonator", "grenade", 8, []int{2, 4, 6}, 10},
	} {
		w := mustWeapon(t, c, tc.name)
		if w.Class != tc.class || w.Damage != tc.damage || !slices.Equal(w.Ranges, tc.ranges) || w.Cost != tc.cost {
			t.Errorf("%s = %s %d %v %d; want %s %d %v %d", tc.name, w.Class, w.Damage, w.Ranges, w.Cost,
				tc.class, tc.damage, tc.ranges, tc.cost)
		}
		if w.Source == "" {
			t.Errorf("%s cites no source", tc.name)
		}
	}
}

// TestWeaponChartHeavyBlastersFollowingFireAssembledCrew: the chart's † marks "Following
// fire; Assembled; Crew"; the standard repeating blaster has none of them (Chapter Three).
func TestWeaponChartHeavyBlastersFollowingFireAssembledCrew(t *testing.T) {
	c := weaponsTestCatalog(t)
	for _, name := range []string{"repeating blaster (tripod)", "medium repeating blaster", "heavy repeating blaster"} {
		w := mustWeapon(t, c, name)
		if !w.FollowingFire || !w.Assembled || !w.Crew {
			t.Errorf("%s: following fire %v, assembled %v, crew %v; want all true", name, w.FollowingFire, w.Assembled, w.Crew)
		}
		// Chapter Three: "weapons require the blaster skill (even the various repeating blasters)".
		if w.Skill != "blaster" {
			t.Errorf("%s skill %q; want blaster", name, w.Skill)
		}
	}
	w := mustWeapon(t, c, "repeating blaster")
	if w.FollowingFire || w.Assembled || w.Crew {
		t.Errorf("standard repeating blaster: following fire %v, assembled %v, crew %v; want none", w.FollowingFire, w.Assembled, w.Crew)
	}
}

// TestRepeatingBlasterConfigurations: standard configuration 18, tripod-mounted 23; the
// book's "repeat blaster" is the standard one.
func TestRepeatingBlasterConfigurations(t *testing.T) {
	c := weaponsTestCatalog(t)
	for _, tc := range []struct {
		name string
		cost int
	}{
		{"repeating blaster", 18},
		{"Repeating Blaster (standard configuration)", 18},
		{"repeating blaster (standard)", 18},
		{"repeat blaster", 18},
		{"repeating blaster (tripod)", 23},
		{"repeating blaster (tripod-mounted)", 23},
		{"tripod repeating blaster", 23},
		{"repeating blaster tripod", 23},
		{"repeat blaster (tripod)", 23},
	} {
		if w := mustWeapon(t, c, tc.name); w.Cost != tc.cost {
			t.Errorf("%q costs %d (%s); want %d", tc.name, w.Cost, w.Name, tc.cost)
		}
	}
	if w := mustWeapon(t, c, "repeat blaster"); w.Name != "Repeating Blaster" {
		t.Errorf(`"repeat blaster" resolves to %q; want "Repeating Blaster"`, w.Name)
	}
	if w := mustWeapon(t, c, "medium repeat blaster"); w.Name != "Medium Repeating Blaster" || w.Cost != 27 {
		t.Errorf(`"medium repeat blaster" = %q %d; want "Medium Repeating Blaster" 27`, w.Name, w.Cost)
	}
}

// TestVibrobladeCostsThreeByTheChart: the Weapon Chart prices the vibroblade at 3 (STR+2),
// although Chapter Eight's Blue Rangers write in 4; a vibrocutlass is priced as a vibroblade.
func TestVibrobladeCostsThreeByTheChart(t *testing.T) {
	c := weaponsTestCatalog(t)
	for _, name := range []string{"vibroblade", "vibro-blade", "Vibrocutlass"} {
		w := mustWeapon(t, c, name)
		if w.Cost != 3 || w.Damage != 2 || !w.STRBonus || w.Skill != "melee combat" {
			t.Errorf("%s = cost %d, STR+%d (bonus %v), skill %q; want 3, STR+2, melee combat", name, w.Cost, w.Damage, w.STRBonus, w.Skill)
		}
	}
	if w := mustWeapon(t, c, "vibroaxe"); w.Cost != 4 || w.Damage != 2 || !w.STRBonus {
		t.Errorf("vibroaxe = cost %d, STR+%d; want 4, STR+2", w.Cost, w.Damage)
	}
}

// TestWeaponChartMeleeWeapons checks the chart's melee rows.
func TestWeaponChartMeleeWeapons(t *testing.T) {
	c := weaponsTestCatalog(t)
	for _, tc := range []struct {
		name  string
		bonus int
		cost  int
	}{
		{"club", 1, 2},
		{"gaderffii", 1, 2},
		{"gaffi stick", 1, 2},
		{"spear", 1, 2},
		{"vibroaxe", 2, 4},
		{"vibroblade", 2, 3},
	} {
		w := mustWeapon(t, c, tc.name)
		if w.Class != "melee" || !w.STRBonus || w.Damage != tc.bonus || w.Cost != tc.cost {
			t.Errorf("%s = %s STR+%d (bonus %v) %d; want melee STR+%d %d", tc.name, w.Class, w.Damage, w.STRBonus, w.Cost, tc.bonus, tc.cost)
		}
	}
	// Lightsaber: "5 (+control)", 25 SGPs, its own skill.
	w := mustWeapon(t, c, "lightsaber")
	if w.Damage != 5 || w.STRBonus || w.Cost != 25 || w.Skill != "lightsaber" {
		t.Errorf("lightsaber = damage %d (STR bonus %v) cost %d skill %q; want 5, no STR, 25, lightsaber", w.Damage, w.STRBonus, w.Cost, w.Skill)
	}
}

// TestGrenadeSummaryCosts: Chapter Eleven's Grenade Summary (and the Reference Sheets' copy).
func TestGrenadeSummaryCosts(t *testing.T) {
	c := weaponsTestCatalog(t)
	for _, tc := range []struct {
		name     string
		cost     int
		damage   int
		duration int
		radius   float64
	}{
		{"Fragmentation", 5, 4, 1, 2.5},
		{"Concussion", 8, 5, 1, 1.5},
		{"Smoke", 5, 0, 5, 2.5},
		{"Luma", 8, 0, 6, 6},
		{"Stun", 10, 4, 4, 1.5},
		{"T-238", 8, 1, 3, 2.5},
		{"CryoBan", 5, 2, 2, 2.5},
		{"Plank gas", 15, 3, 2, 1.5},
		{"Fex-M3", 25, 5, 2, 1.5},
	} {
		w := mustWeapon(t, c, tc.name)
		if w.Cost != tc.cost || w.Damage != tc.damage || w.Duration != tc.duration || w.BurstRadius != tc.radius {
			t.Errorf("%s (%s) = cost %d dam %d duration %d radius %v; want %d %d %d %v", tc.name, w.Name,
				w.Cost, w.Damage, w.Duration, w.BurstRadius, tc.cost, tc.damage, tc.duration, tc.radius)
		}
		if w.Class != "grenade" || !w.PerItem || w.Skill != "grenade" || w.Effect == "" {
			t.Errorf("%s: class %q per item %v skill %q effect %q; want a per-item grenade with an effect", tc.name, w.Class, w.PerItem, w.Skill, w.Effect)
		}
	}
	// Chapter Eleven, Thermal Detonator: 10 SGPs, Damage 8; Chapter Three: 2.5" burst.
	w := mustWeapon(t, c, "thermal detonator")
	if w.Cost != 10 || w.Damage != 8 || w.BurstRadius != 2.5 || !w.PerItem {
		t.Errorf("thermal detonator = cost %d dam %d radius %v per item %v; want 10 8 2.5 true", w.Cost, w.Damage, w.BurstRadius, w.PerItem)
	}
}

// TestChapterElevenAdvancedWeapons: flamethrower, grenade launcher, DEMP gun, proton torpedo
// launcher and torpedoes as Chapter Eleven prints them.
func TestChapterElevenAdvancedWeapons(t *testing.T) {
	c := weaponsTestCatalog(t)
	w := mustWeapon(t, c, "flamethrower")
	if w.Cost != 15 || w.Skill != "flamethrower" || w.Damage != 4 || w.Incidental != 2 || !slices.Equal(w.Ranges, []int{3, 4, 6}) {
		t.Errorf("flamethrower = %d %q %d (%d) %v; want 15 flamethrower 4 (2) [3 4 6]", w.Cost, w.Skill, w.Damage, w.Incidental, w.Ranges)
	}
	w = mustWeapon(t, c, "grenade launcher")
	if w.Cost != 10 || w.Skill != "missile weapons" || !slices.Equal(w.Ranges, []int{12, 24, 40}) || w.MinRange != 3 {
		t.Errorf("grenade launcher = %d %q %v min %d; want 10 missile weapons [12 24 40] min 3", w.Cost, w.Skill, w.Ranges, w.MinRange)
	}
	w = mustWeapon(t, c, "DEMP gun")
	if w.Cost != 10 || w.Skill != "blaster" || w.Damage != 4 || !slices.Equal(w.Ranges, []int{12, 30, 125}) {
		t.Errorf("DEMP gun = %d %q %d %v; want 10 blaster 4 [12 30 125]", w.Cost, w.Skill, w.Damage, w.Ranges)
	}
	w = mustWeapon(t, c, "proton torpedo launcher")
	if w.Cost != 10 || w.Skill != "missile weapons" || w.Damage != 6 || !w.Assembled || w.PerItem {
		t.Errorf("proton torpedo launcher = %d %q %d assembled %v per item %v; want 10 missile weapons 6 true false", w.Cost, w.Skill, w.Damage, w.Assembled, w.PerItem)
	}
	w = mustWeapon(t, c, "proton torpedo")
	if w.Cost != 10 || !w.PerItem {
		t.Errorf("proton torpedo = %d per item %v; want 10 per torpedo", w.Cost, w.PerItem)
	}
}

// TestArmorChart: Chapter Eleven's Armor Chart (repeated on the Reference Sheets).
func TestArmorChart(t *testing.T) {
	c := weaponsTestCatalog(t)
	for _, tc := range []struct {
		name     string
		str, dex int
		cost     int
	}{
		{"Bounty Hunter", 1, -1, 10},
		{"Royal Guard", 1, 0, 25},
		{"Sandtrooper", 1, -1, 10},
		{"Scout trooper", 1, 0, 25},
		{"Snowtrooper", 1, -1, 10},
		{"Spacetrooper", 3, -1, 50},
		{"Stormtrooper", 1, -1, 10},
		{"bounty hunter armor", 1, -1, 10},
		{"stormtrooper armor", 1, -1, 10},
	} {
		a, err := c.Armor(tc.name)
		if err != nil {
			t.Errorf("Armor(%q): %v", tc.name, err)
			continue
		}
		if a.STR != tc.str || a.DEX != tc.dex || a.Cost != tc.cost {
			t.Errorf("%s = %+d/%+d %d; want %+d/%+d %d", tc.name, a.STR, a.DEX, a.Cost, tc.str, tc.dex, tc.cost)
		}
	}
	if n := len(c.Armors); n != 7 {
		t.Errorf("the Armor Chart has 7 types; catalogue has %d", n)
	}
}

// TestChapterElevenEquipmentPrices: Chapter Eleven's equipment, plus the glowrod of
// Advanced Terrain.
func TestChapterElevenEquipmentPrices(t *testing.T) {
	c := weaponsTestCatalog(t)
	for _, tc := range []struct {
		name    string
		cost    int
		dex     int
		perItem bool
	}{
		{"breath mask", 10, 0, false},
		{"camouflage suit", 20, 0, false},
		{"photo-optic replicator", 20, 0, false},
		{"OptiRep", 20, 0, false},
		{"environment suit", 10, -1, false},
		{"space suit", 15, -1, false},
		{"medpac", 10, 0, false},
		{"macrobinoculars", 10, 0, false},
		{"electrobinoculars", 10, 0, false},
		{"combat sensor", 10, 0, false},
		{"targeting computer", 10, 0, false},
		{"comlink", 10, 0, false},
		{"glowrod", 1, 0, false},
		{"tanglefoot field", 5, 0, true},
	} {
		e, err := c.Item(tc.name)
		if err != nil {
			t.Errorf("Item(%q): %v", tc.name, err)
			continue
		}
		if e.Cost != tc.cost || e.DEX != tc.dex || e.PerItem != tc.perItem {
			t.Errorf("%s = cost %d dex %d per item %v; want %d %d %v", tc.name, e.Cost, e.DEX, e.PerItem, tc.cost, tc.dex, tc.perItem)
		}
		if e.Effect == "" || e.Source == "" {
			t.Errorf("%s lacks an effect or a source", tc.name)
		}
	}
	if e, err := c.Item("medpac"); err == nil && e.Skill != "first aid" {
		t.Errorf("medpac skill %q; want first aid", e.Skill)
	}
}

// TestWeaponEntriesCiteTheirSource: every weapon, armor and item names where it comes from.
func TestWeaponEntriesCiteTheirSource(t *testing.T) {
	c := weaponsTestCatalog(t)
	for _, w := range c.Weapons {
		if w.Source == "" {
			t.Errorf("weapon %q has no source", w.Name)
		}
		if w.Class == "" || (w.Skill == "") {
			t.Errorf("weapon %q lacks a class or skill", w.Name)
		}
	}
	for _, a := range c.Armors {
		if a.Source == "" {
			t.Errorf("armor %q has no source", a.Name)
		}
	}
	for _, e := range c.Equipment {
		if e.Source == "" {
			t.Errorf("item %q has no source", e.Name)
		}
	}
}
