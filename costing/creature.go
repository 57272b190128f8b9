package costing

import (
	"fmt"

	"muster/rules"
)

// creatureCost is the Creature Record Sheet's cost: (DEX + STR + PER + Move + each attack
// form's damage) x the number of attack forms. The Orneriness Code is not added; armored
// skin counts (the rancor's STR 10, Diagram 25).
func creatureCost(c *rules.Creature) int {
	sum := c.DEX + creatureSTR(c) + c.PER + c.Move
	for _, a := range c.Attacks {
		sum += a.Damage
	}
	return sum * len(c.Attacks)
}

func creatureSTR(c *rules.Creature) int {
	if c.ArmoredSTR > 0 {
		return c.ArmoredSTR
	}
	return c.STR
}

// creature costs a creature or a pack of them.
func (uc *unitCoster) creature() Breakdown {
	u := uc.unit
	c, err := uc.cat.Creature(u.Creature)
	if err != nil {
		uc.notFound("creature", err)
		return Breakdown{}
	}
	uc.add(fmt.Sprintf("DEX %d", c.DEX), c.DEX)
	if c.ArmoredSTR > 0 {
		uc.add(fmt.Sprintf("STR %d (%d, armored skin)", c.STR, c.ArmoredSTR), c.ArmoredSTR)
	} else {
		uc.add(fmt.Sprintf("STR %d", c.STR), c.STR)
	}
	uc.add(fmt.Sprintf("PER %d", c.PER), c.PER)
	uc.add("Move", c.Move)
	sum := c.DEX + creatureSTR(c) + c.PER + c.Move
	for _, a := range c.Attacks {
		uc.add(titleCase(a.Name), a.Damage)
		sum += a.Damage
	}
	uc.subtotal("Total", sum)
	each := creatureCost(c)
	uc.subtotal(fmt.Sprintf("x %d attack forms = Creature cost", len(c.Attacks)), each)
	n := u.Count
	if n <= 0 {
		n = 1
	}
	total := each * n
	if n > 1 {
		uc.subtotal(fmt.Sprintf("x %d = Pack cost", n), total)
	}
	b := Breakdown{Cost: total, Lines: uc.lines, Run: float64(c.Move + c.DEX)}
	if c.Erratum != nil {
		b.Printed = c.Erratum.Printed * n
		b.Erratum = fmt.Sprintf("the Creature Chart prints %d each: %s", c.Erratum.Printed, c.Erratum.Why)
	}
	return b
}
