package sheet

import (
	"fmt"
	"strconv"
	"strings"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// Creature is a filled-in Creature Record Sheet (Reference Sheets; Diagram 25, the rancor).
type Creature struct {
	Name string
	// MovementRate is the circle: Move + DEX.
	MovementRate string
	DEX, PER     Num
	// STR is the creature's Strength; ArmoredSTR the Strength its armored skin gives against
	// damage, which the cost counts (the rancor's 7 (10)).
	STR, ArmoredSTR Num
	Move            Num
	Orneriness      string // "0" when it has none and cannot be ridden, as Diagram 25 writes it
	Attacks         []Attack
	Total           Num // DEX + STR + PER + Move + each attack's damage
	Forms           Num // Number of Attack Forms
	Each            Num // CREATURE COST: Total x Forms
	Count           Num // Number of creatures
	Pack            Num // Pack Cost: CREATURE COST x Count
	Special         []string
	Figures         []Figure
}

// Attack is an Attack Forms line: the attack, its damage as a bonus to Strength, its
// Damage Strength and its cost (the damage again).
type Attack struct {
	Name  string
	Bonus string // "STR +3"
	Dam   Num
	Cost  Num
}

func buildCreature(c *rules.Catalog, u *roster.Unit, b costing.Breakdown) *Creature {
	cr := &Creature{Name: b.Name, MovementRate: Inches(b.Run)}
	n := max(u.Count, 1)
	cr.Count = N(n)
	ch, err := c.Creature(u.Creature)
	if err != nil {
		return cr
	}
	fillCreature(cr, ch, n)
	return cr
}

// buildMounts is the Creature Record Sheet of a mounted squad's creatures (Diagram 26's
// "10 Tauntauns"): the mount's chart entry times the creatures ridden, and a wound box pair
// for each, which the squad's sheet has no room for. Nil for a squad on foot, or whose
// mount the catalogue does not know (the roster lists that problem).
func buildMounts(c *rules.Catalog, u *roster.Unit, b costing.Breakdown) *Creature {
	if u.Mounts == nil || u.Mounts.Count <= 0 {
		return nil
	}
	ch, err := c.Creature(u.Mounts.Creature)
	if err != nil {
		return nil
	}
	cr := &Creature{Name: fmt.Sprintf("%s (mounts of %s)", ch.Name, b.Name),
		MovementRate: Inches(float64(ch.Move + ch.DEX)), Count: N(u.Mounts.Count)}
	fillCreature(cr, ch, u.Mounts.Count)
	return cr
}

// fillCreature writes n of a chart's creature on the sheet.
func fillCreature(cr *Creature, ch *rules.Creature, n int) {
	str := ch.STR
	cr.DEX, cr.STR, cr.PER, cr.Move = N(ch.DEX), N(ch.STR), N(ch.PER), N(ch.Move)
	if ch.ArmoredSTR > 0 {
		cr.ArmoredSTR = N(ch.ArmoredSTR)
		str = ch.ArmoredSTR
	}
	// Diagram 25 writes the rancor's "–" (no Orneriness Code: it cannot be ridden) as 0.
	cr.Orneriness = strconv.Itoa(ch.Orneriness)
	total := ch.DEX + str + ch.PER + ch.Move
	for _, at := range ch.Attacks {
		a := Attack{Name: at.Name, Dam: N(at.Damage), Cost: N(at.Damage)}
		if d := at.Damage - ch.STR; d != 0 {
			a.Bonus = fmt.Sprintf("STR %+d", d)
		} else {
			a.Bonus = "STR"
		}
		cr.Attacks = append(cr.Attacks, a)
		total += at.Damage
	}
	cr.Total, cr.Forms = N(total), N(len(ch.Attacks))
	cr.Each = N(total * len(ch.Attacks))
	cr.Pack = N(total * len(ch.Attacks) * n)
	if ch.ArmoredSTR > 0 && !strings.Contains(strings.ToLower(ch.Notes), "armored skin") {
		cr.Special = append(cr.Special, fmt.Sprintf("Armored skin: %+d to STR against damage.", ch.ArmoredSTR-ch.STR))
	}
	if ch.NightMove > 0 {
		cr.Special = append(cr.Special, fmt.Sprintf("Move %d at night.", ch.NightMove))
	}
	if ch.Notes != "" {
		cr.Special = append(cr.Special, ch.Notes)
	}
	var labels []string
	for i := range n {
		if n == 1 {
			labels = append(labels, ch.Name)
		} else {
			labels = append(labels, fmt.Sprintf("%s %d", ch.Name, i+1))
		}
	}
	cr.Figures = figures(labels)
}
