package engine

// Holograms, and what happens when a turn ends: doors and pits.

// hologramTurn: a Hologram is defeated if it activates with no trooper ally within 2
// squares (glossary, Hologram). Otherwise it ends its turn within 2 squares of as many
// trooper allies as it can reach, so that one of them moving away does not leave it
// alone at its next activation; among those squares, the nearest to the trooper ally
// nearest the enemy. It never walks out of 2 squares of every trooper when it could stay.
func (b *Battle) hologramTurn(c *Char) {
	var troopers []*Char
	near := 1 << 30
	for _, a := range b.chars {
		if a.Side == c.Side && a != c && !a.Defeated && a.ab.trooper {
			troopers = append(troopers, a)
			near = min(near, b.rangeTo(c.Pos, c.Size, a))
		}
	}
	if near > 2 {
		c.Defeated = true
		b.lift(c)
		if len(troopers) == 0 {
			b.note(tHologramAlone)
		} else {
			b.note(tHologramLost)
		}
		b.logf("  %s has no trooper ally within 2 squares and is defeated", c.Label)
		return
	}
	var lead *Char
	for _, a := range troopers {
		if lead == nil || b.nearestEnemy(a, a.Pos) < b.nearestEnemy(lead, lead.Pos) {
			lead = a
		}
	}
	within := func(p Point) int {
		n := 0
		for _, a := range troopers {
			if b.rangeTo(p, c.Size, a) <= 2 {
				n++
			}
		}
		return n
	}
	r := b.reachable(c, c.ab.speed)
	best, bestN, bestD := c.Pos, within(c.Pos), b.rangeTo(c.Pos, c.Size, lead)
	for i, v := range r.cost {
		p := Point{i % b.m.W, i / b.m.W}
		if v <= 0 || !b.fits(c, p, false) {
			continue
		}
		n := within(p)
		if n < bestN {
			continue
		}
		if d := b.rangeTo(p, c.Size, lead); n > bestN || d < bestD {
			best, bestN, bestD = p, n, d
		}
	}
	b.moveTo(c, best, c.ab.speed)
	if b.audit != nil && within(c.Pos) == 0 {
		// The start square was within 2 of a trooper: staying was always possible.
		b.note(badHologram)
	}
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
