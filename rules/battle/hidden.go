package battle

import "muster/rules/combat"

// Hidden movement (Chapter Nine, book lines 1951-2010), a scenario option (SideSpec.Hidden):
// the units of a hiding side are not on the enemy's table until spotted. Muster's reading
// (docs/decisions.md):
//   - a hidden unit cannot be fired at, charged or aimed at with a power; the enemy's
//     doctrine still moves toward it as if it knew which counters were real (dummy counters
//     are not laid);
//   - at the end of each Movement Phase, each hidden unit some enemy figure could see (the
//     terrain and the dark permitting) is spotted: at once if most of its figures stand in
//     the open by day ("when hidden troops step out into the open, they become spotted");
//     otherwise on an opposed roll, the best search code among the enemy figures that could
//     see it (+1 with a combat sensor) against the squad's sneak code plus the Spotting
//     Hidden Troops Chart (woods +1/+2/+3, behind a barrier +1, dark +4 unless a spotter has
//     macrobinoculars or the unit is lit): spotted unless the sneak roll is higher;
//   - a unit that fires (or charges, or is charged) is spotted at once ("it is not possible
//     to fire and remain hidden");
//   - a spotted unit that no enemy figure could see at the start of a Movement Phase hides
//     again ("replaced by counters at the start of the next Movement Phase");
//   - an attached hero hides and is spotted with his squad (one roll, the squad's);
//   - the doctrine keeps a hidden unit's fire (opportunity fire too) for a volley expected
//     to cause at least one casualty (ambushWorth): an ambush waits for its enemy.

// ambushWorth is the least a hidden unit's volley must be expected to cause (casualties) for
// the doctrine to fire and give the unit away: an ambush waits for its enemy to come close.
const ambushWorth = 1.0

// resetHidden hides the units of the hiding sides.
func (b *Battle) resetHidden() {
	b.hideOn = false
	for s := range 2 {
		b.hideSide[s] = s < len(b.field.Scenario.Sides) && b.field.Scenario.Sides[s].Hidden
		b.hideOn = b.hideOn || b.hideSide[s]
	}
	if len(b.hidden) != len(b.units) {
		b.hidden = make([]bool, len(b.units))
	}
	for i := range b.units {
		b.hidden[i] = b.hideSide[b.units[i].side]
	}
}

// hiddenFrom: figure c is hidden from figure a (c's unit hides from a's side).
func (b *Battle) hiddenFrom(a, c *fig) bool {
	return b.hidden[c.unit] && b.units[c.unit].side != b.units[a.unit].side
}

// reveal: unit ui is spotted (it fired, charged or was charged).
func (b *Battle) reveal(ui int, why string) {
	if !b.hidden[ui] {
		return
	}
	b.hidden[ui] = false
	if b.lg != nil {
		b.logf("  %s is spotted (%s)\n", b.name(ui), why)
	}
}

// seenBy is how well side s could see unit ui now, were it not hidden: whether any of its
// figures sees one of ui's, the best search code among those that do (with the combat
// sensor's +1), whether one of them has macrobinoculars; sensor: that code used a sensor.
func (b *Battle) seenBy(ui, s int) (seen bool, search int, macro, sensor bool) {
	was := b.hidden[ui]
	b.hidden[ui] = false
	lo, hi := b.sideRange(s)
	search = -1
	for e := lo; e < hi; e++ {
		eu := &b.units[e]
		if !eu.onTable() {
			continue
		}
		for _, ai := range eu.members {
			a := &b.figs[ai]
			if !a.alive() || int(a.unit) != e {
				continue
			}
			for _, ci := range b.units[ui].members {
				if c := &b.figs[ci]; !c.alive() || int(c.unit) != ui {
					continue
				}
				if ok, _ := b.los(ai, ci); ok {
					seen = true
					code := a.spec.Search
					if a.spec.Sensor {
						code++
					}
					if code > search {
						search, sensor = code, a.spec.Sensor
					}
					macro = macro || a.spec.Macro
					break
				}
			}
		}
	}
	b.usedMacro, b.usedGlow = false, false
	b.hidden[ui] = was
	return seen, search, macro, sensor
}

// sneakMod is the Spotting Hidden Troops Chart's modifier most of a unit's figures have
// (woods +1 to +3, behind a barrier +1; 0 in the open), and the dark's +4.
func (b *Battle) sneakMod(ui int) int {
	var n [5]int
	most := 0
	for _, fi := range b.units[ui].members {
		f := &b.figs[fi]
		if !f.alive() || int(f.unit) != ui {
			continue
		}
		m := 0
		if g := b.field.at(f.pos); g.woods {
			m = int(g.cover)
		} else if f.cover > combat.Open {
			m = 1 // behind a barrier
		}
		n[m]++
		if n[m] > n[most] || (n[m] == n[most] && m > most) {
			most = m
		}
	}
	return most
}

// darkSneak is the chart's +4 for the dark.
const darkSneak = 4

// spotting: at the end of the Movement Phase, every hidden unit an enemy could see is
// spotted or stays hidden.
func (b *Battle) spotting() {
	for ui := range b.units {
		u := &b.units[ui]
		if !b.hidden[ui] || !u.onTable() {
			continue
		}
		seen, search, macro, sensor := b.seenBy(ui, 1-u.side)
		if !seen {
			continue
		}
		mod := b.sneakMod(ui)
		dark := b.darkVis > 0 && !macro && !b.unitLit(ui)
		if mod == 0 && !dark {
			b.reveal(ui, "in the open")
			continue
		}
		if dark {
			mod += darkSneak
		} else if b.darkVis > 0 && macro {
			b.act("macrobinoculars")
		}
		if sensor {
			b.act("combat sensor")
		}
		b.hand(ui) // the hidden unit's dice, searcher's and sneak's both
		x, y := combat.Opposed(b.dice, search, u.spec.Sneak+mod)
		if b.lg != nil {
			b.logf("  %s searches (search %d%s) for %s (sneak %d+%d): %d against %d\n", b.sideName(1-u.side), search, ifs(sensor, " with a combat sensor", ""),
				b.name(ui), u.spec.Sneak, mod, x, y)
		}
		if x >= y {
			b.reveal(ui, "by search")
		}
	}
}

// unitLit: a figure of the unit stands in light.
func (b *Battle) unitLit(ui int) bool {
	for _, fi := range b.units[ui].members {
		if f := &b.figs[fi]; f.alive() && int(f.unit) == ui && b.lit(f) {
			return true
		}
	}
	return false
}

// rehide: at the start of the Movement Phase, a spotted unit of a hiding side that no enemy
// could see (and not in close assault) hides again.
func (b *Battle) rehide() {
	for ui := range b.units {
		u := &b.units[ui]
		if b.hidden[ui] || !b.hideSide[u.side] || !u.onTable() || u.eng >= 0 {
			continue
		}
		if seen, _, _, _ := b.seenBy(ui, 1-u.side); !seen {
			b.hidden[ui] = true
			if b.lg != nil {
				b.logf("%s hides again\n", b.name(ui))
			}
		}
	}
}
