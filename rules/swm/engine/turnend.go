package engine

// Holograms, and what happens when a turn ends: doors and pits.

// hologramTurn: a Hologram is defeated if it activates with no trooper ally within 2
// squares; otherwise it keeps near the troopers (glossary, Hologram).
func (b *Battle) hologramTurn(c *Char) {
	near := 1 << 30
	for _, a := range b.chars {
		if a.Side == c.Side && a != c && !a.Defeated && a.ab.trooper {
			near = min(near, b.rangeTo(c.Pos, c.Size, a))
		}
	}
	if near > 2 {
		c.Defeated = true
		b.lift(c)
		b.logf("  %s has no trooper ally within 2 squares and is defeated", c.Label)
		return
	}
	// Keep within 2 squares of the trooper ally nearest the enemy, as close to it as the
	// Speed allows, so that the Hologram survives its next activation.
	var lead *Char
	for _, a := range b.chars {
		if a.Side == c.Side && a != c && !a.Defeated && a.ab.trooper && (lead == nil || b.nearestEnemy(a, a.Pos) < b.nearestEnemy(lead, lead.Pos)) {
			lead = a
		}
	}
	r := b.reachable(c, c.ab.speed)
	best, bestD := c.Pos, b.rangeTo(c.Pos, c.Size, lead)
	for i, v := range r.cost {
		p := Point{i % b.m.W, i / b.m.W}
		if v <= 0 || !b.fits(c, p, false) {
			continue
		}
		if d := b.rangeTo(p, c.Size, lead); d < bestD {
			best, bestD = p, d
		}
	}
	b.moveTo(c, best, c.ab.speed)
}

// endTurn: doors open when a character ends a turn next to them and close when no one is
// (Doors, p. 26); a character that ends its turn in a pit is defeated.
func (b *Battle) endTurn(c *Char) {
	if !c.Defeated && !c.ab.hologram {
		for _, q := range c.squares() {
			if b.m.At(q) == Pit {
				c.Defeated = true
				b.lift(c)
				b.logf("  %s ends its turn in a pit and is defeated", c.Label)
				break
			}
		}
	}
	changed := false
	for i, p := range b.ter.doors {
		open := false
		for _, o := range b.chars {
			if !o.Defeated && !o.ab.hologram && onOrNext(p, o) {
				open = true
			}
		}
		if open != b.open[i] {
			b.open[i] = open
			changed = true
		}
	}
	if changed {
		b.view = b.ter.view(b.open)
		clear(b.asym)
		b.moved()
	}
}

// doorOpen reports an open door.
func (b *Battle) doorOpen(p Point) bool {
	if !b.m.in(p) {
		return false
	}
	i := b.ter.door[p.Y*b.m.W+p.X]
	return i >= 0 && b.open[i]
}

// onOrNext reports a character on the square or next to it.
func onOrNext(p Point, c *Char) bool {
	return p.X >= c.Pos.X-1 && p.X <= c.Pos.X+c.Size && p.Y >= c.Pos.Y-1 && p.Y <= c.Pos.Y+c.Size
}
