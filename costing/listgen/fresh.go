// Package listgen builds armies within a gamemaster's force limits: the fresh units an army
// may still add (Fresh), random legal lists that spend most of a limit (Random), and a
// list grown or cut to a total (Scale), for "Is this fair?" (rules/battle/fair) and the list
// optimizer. Every list it returns passes the check `muster check` makes
// (costing.Evaluate: no error problems) and keeps within the limits.
package listgen

import (
	"slices"
	"strings"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// FreshSize is the size a fresh squad starts at, within its Troop List's sizes.
const FreshSize = 8

// Fresh lists one fresh legal unit of each kind the army's Troop List (its side's and the
// neutral troop types) and l allow adding to a, each of which, added alone, keeps the army
// within l (nil: the army's own limits:) with no new error problem:
//
//   - a squad of each troop type, FreshSize soldiers (within the type's sizes), the list's
//     quality (or the first quality l allows), and the first weapon the list names;
//   - a hero made from scratch (Chapter Twelve's 18 attribute points and 7 skill points) with
//     a blaster pistol and blaster, dodge and command raised;
//   - each droid with a blaster rifle (bare when it cannot carry one), each creature (one),
//     each remote weapon, each off-board strike;
//   - each on-board artillery piece followed by its crew: a squad of the piece's crew size
//     of the cheapest troop type, listed right after the piece (the engine crews a piece
//     with the squad after it). The two belong together: add both or neither (roster.Crewed).
//
// The order is the catalogue's, squads first. Units are deep copies; change them freely.
func Fresh(cat *rules.Catalog, a *roster.Army, l *roster.Limits) []roster.Unit {
	if l == nil {
		l = a.Limits
	}
	side := a.Side
	if side == "" && l != nil && len(l.Sides) > 0 {
		side = l.Sides[0]
	}
	base := errorKeys(cat, a, l)
	fits := func(us ...roster.Unit) bool {
		b := *a
		b.Units = append(slices.Clone(a.Units), us...)
		return noNewErrors(base, errorKeys(cat, &b, l))
	}
	var out []roster.Unit
	add := func(us ...roster.Unit) bool {
		if fits(us...) {
			out = append(out, us...)
			return true
		}
		return false
	}
	for i := range cat.Troops {
		t := &cat.Troops[i]
		if t.Side != side && t.Side != rules.Neutral {
			continue
		}
		if u, ok := costing.FreshSquad(cat, t, FreshSize, l); ok {
			add(u)
		}
	}
	add(freshHero())
	for _, d := range cat.Droids {
		u := roster.Unit{Kind: roster.KindDroid, Droid: d.Name, Weapons: []roster.Item{{Name: "blaster rifle"}}}
		if !add(u) {
			u.Weapons = nil
			add(u)
		}
	}
	for _, c := range cat.Creatures {
		add(roster.Unit{Kind: roster.KindCreature, Creature: c.Name, Count: 1})
	}
	for _, p := range cat.Artillery {
		if sq, err := costing.Crew(cat, side, p.Name, l); err == nil {
			add(roster.Unit{Kind: roster.KindArtillery, Artillery: p.Name}, sq)
		}
	}
	for _, s := range cat.Strikes {
		add(roster.Unit{Kind: roster.KindStrike, Strike: s.Name, Count: 1})
	}
	for _, w := range cat.Weapons {
		if w.Class == "heavy blaster" {
			add(roster.Unit{Kind: roster.KindRemoteWeapon, Weapon: w.Name})
		}
	}
	return out
}

// freshHero is a hero from scratch: DEX 4, PER 3, KNO 3, STR 3, TEC 3, MEC 2 (18 points),
// blaster +2, dodge +2, command +2 (6 of the 7 skill points), a blaster pistol.
func freshHero() roster.Unit {
	return roster.Unit{Kind: roster.KindHero, Name: "Hero", Origin: roster.OriginScratch, Move: 10,
		Attributes: map[rules.Attr]int{"DEX": 4, "PER": 3, "KNO": 3, "STR": 3, "TEC": 3, "MEC": 2},
		Skills:     roster.Skills{"blaster": 6, "dodge": 6, "command": 5},
		Weapons:    []roster.Item{{Name: "blaster pistol"}}, Armor: "none"}
}

// errorKeys are the army's error problems, each as its rule and field with the unit's
// index left out, counted: what a change must not add to.
func errorKeys(cat *rules.Catalog, a *roster.Army, l *roster.Limits) map[string]int {
	r := costing.Evaluate(cat, a, l)
	m := map[string]int{}
	for _, p := range r.Problems {
		if p.Severity == roster.Error {
			m[p.Rule+"|"+stripUnit(p.Field)]++
		}
	}
	return m
}

// stripUnit drops a field's "units[3]." so that problems of different units compare.
func stripUnit(f string) string {
	if strings.HasPrefix(f, "units[") {
		if _, rest, ok := strings.Cut(f, "]"); ok {
			return "units" + rest
		}
	}
	return f
}

func noNewErrors(before, after map[string]int) bool {
	for k, n := range after {
		if n > before[k] {
			return false
		}
	}
	return true
}

// Legal reports whether an army passes `muster check` against l (nil: its own limits:):
// costing.Evaluate finds no error problem.
func Legal(cat *rules.Catalog, a *roster.Army, l *roster.Limits) bool {
	return len(errorKeys(cat, a, l)) == 0
}
