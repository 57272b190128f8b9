package costing

import (
	"testing"

	"pgregory.net/rapid"

	"muster/roster"
	"muster/rules"
)

var (
	propTroops  = []string{"Hoth Trooper", "Stormtrooper", "Standard Rebel Trooper", "Veteran Mercenary", "Snowtrooper", "Mon Calamari"}
	propSkills  = []string{"blaster", "melee combat", "command", "brawling", "grenade", "search", "blaster: repeating blaster"}
	propWeapons = []string{"blaster rifle", "blaster pistol", "vibroblade", "grenade", "repeating blaster (tripod)", "thermal detonator"}
	propGear    = []string{"medpac", "breath mask", "comlink", "smoke grenade"}
)

// genSquad draws a valid squad: codes start at the troop's own attribute codes (armor-adjusted
// for DEX skills) so that every training level is a real purchase.
func genSquad(t *rapid.T, label string) roster.Unit {
	c := rules.Default()
	tr, _ := c.Troop(rapid.SampledFrom(propTroops).Draw(t, label+"troop"))
	dexAdj := 0
	if tr.Armor.Free != "" {
		a, _ := c.Armor(tr.Armor.Free)
		dexAdj = a.DEX
	}
	u := roster.Unit{Kind: roster.KindSquad, Troop: tr.Name, Size: rapid.IntRange(3, 10).Draw(t, label+"size"), Skills: roster.Skills{}}
	for _, s := range rapid.SliceOfDistinct(rapid.SampledFrom(propSkills), rapid.ID).Draw(t, label+"skills") {
		ref, _ := c.ResolveSkill(s)
		base := tr.Attributes[ref.Attr]
		if ref.Attr == rules.DEX {
			base += dexAdj
		}
		u.Skills[s] = base + rapid.IntRange(0, 3).Draw(t, label+"train")
	}
	for _, w := range rapid.SliceOfN(rapid.SampledFrom(propWeapons), 0, 3).Draw(t, label+"weapons") {
		u.Weapons = append(u.Weapons, roster.Item{Name: w, Count: rapid.IntRange(1, 3).Draw(t, label+"count")})
	}
	for _, g := range rapid.SliceOfN(rapid.SampledFrom(propGear), 0, 2).Draw(t, label+"gear") {
		u.Equipment = append(u.Equipment, roster.Item{Name: g})
	}
	return u
}

func squadCost(t *rapid.T, u roster.Unit) int {
	a := &roster.Army{Format: 1, Side: rules.Rebel, Units: []roster.Unit{u}}
	r := Army(rules.Default(), a)
	for _, p := range r.Problems {
		if p.Severity == roster.Error {
			t.Fatalf("generated squad has a problem: %s", p)
		}
	}
	return r.Total
}

// Chapter Eight: each training level, soldier, weapon or item costs SGPs, so adding one
// never lowers a squad's cost.
func TestMoreNeverCostsLess(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		u := genSquad(t, "")
		before := squadCost(t, u)
		more := u
		more.Skills = roster.Skills{}
		for k, v := range u.Skills {
			more.Skills[k] = v
		}
		more.Weapons = append([]roster.Item(nil), u.Weapons...)
		more.Equipment = append([]roster.Item(nil), u.Equipment...)
		switch rapid.IntRange(0, 3).Draw(t, "what") {
		case 0:
			s := rapid.SampledFrom(propSkills).Draw(t, "skill")
			if _, ok := more.Skills[s]; !ok {
				t.Skip("skill not trained")
			}
			more.Skills[s]++
		case 1:
			if more.Size == 10 {
				t.Skip("full squad")
			}
			more.Size++
		case 2:
			more.Weapons = append(more.Weapons, roster.Item{Name: rapid.SampledFrom(propWeapons).Draw(t, "weapon")})
		case 3:
			more.Equipment = append(more.Equipment, roster.Item{Name: rapid.SampledFrom(propGear).Draw(t, "item")})
		}
		if after := squadCost(t, more); after < before {
			t.Fatalf("cost fell from %d to %d", before, after)
		}
	})
}

// An army's cost is the sum of its units': the order they are listed in changes nothing.
func TestCostDoesNotDependOnUnitOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 6).Draw(t, "n")
		units := make([]roster.Unit, n)
		for i := range units {
			units[i] = genSquad(t, "u")
		}
		perm := rapid.Permutation(units).Draw(t, "perm")
		c := rules.Default()
		a := Army(c, &roster.Army{Format: 1, Side: rules.Rebel, Units: units})
		b := Army(c, &roster.Army{Format: 1, Side: rules.Rebel, Units: perm})
		if a.Total != b.Total {
			t.Fatalf("total %d in one order, %d in another", a.Total, b.Total)
		}
	})
}
