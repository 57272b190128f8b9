package engine

// Setting up: placing the squads in their zones; the occupancy grid.

import "fmt"

// setup places the squads: the second squad (the Dark Side's place in a standard
// skirmish, "The Dark Side squad sets up first") and then the first, biggest figures first,
// each on the free zone square nearest the enemy's zone.
func (b *Battle) setup() error {
	for side := 1; side >= 0; side-- {
		zone := b.m.Zones[side]
		other := b.m.Zones[1-side]
		cy := 0
		for _, p := range other {
			cy += p.Y
		}
		cy /= max(1, len(other))
		figs := append([]Figure(nil), b.squads[side].Figures...)
		// Big figures first: they need room.
		for i := 1; i < len(figs); i++ {
			for j := i; j > 0 && sizeOf(figs[j].Card) > sizeOf(figs[j-1].Card); j-- {
				figs[j], figs[j-1] = figs[j-1], figs[j]
			}
		}
		copies := map[string]int{}
		for _, f := range b.squads[side].Figures {
			copies[f.Card.Name]++
		}
		seen := map[string]int{}
		for _, f := range figs {
			seen[f.Card.Name]++
			label := "[" + string(rune('A'+side)) + "] " + f.Card.Name
			if copies[f.Card.Name] > 1 {
				label += fmt.Sprintf(" %d", seen[f.Card.Name])
			}
			c := &Char{Label: label, ID: len(b.chars), Side: side, Unit: f.Unit, Name: f.Card.Name, Card: f.Card, Cost: f.Cost,
				Size: sizeOf(f.Card), Force: *f.Card.Force, fpTurn: -1, aooTurn: -1, harpoonRound: -1, flankedRound: -1}
			c.ab = readAbilities(f.Card)
			if !c.ab.hologram {
				c.HP, c.MaxHP = *f.Card.HP, *f.Card.HP
			} else {
				c.HP, c.MaxHP = 1, 1
			}
			placed := false
			best, bestD := Point{}, 1<<30
			for _, p := range zone {
				if !b.fits(c, p, true) {
					continue
				}
				d := abs(p.Y-cy)*100 + abs(2*p.X+c.Size-b.m.W)
				if d < bestD {
					best, bestD, placed = p, d, true
				}
			}
			if !placed {
				return fmt.Errorf("%s: no room left in the setup area for %s", b.squads[side].Name, c.Name)
			}
			c.Pos = best
			b.chars = append(b.chars, c)
			b.place(c)
		}
	}
	return nil
}

// fits reports whether the character may stand at p: every square on the map, open to
// stand on, free of other characters (and, at setup, inside the zone). A Hologram never
// stands in a doorway: it cannot hold the door open (glossary, Hologram, L593), so the
// door would close on it and it would stand in a wall, which it may not end its turn in.
func (b *Battle) fits(c *Char, p Point, setup bool) bool {
	for _, q := range footprint(p, c.Size) {
		if !b.m.in(q) || b.blocks(q) || b.m.At(q) == Pit || c.ab.hologram && b.m.At(q) == Door {
			return false
		}
		if o := b.occ[q.Y*b.m.W+q.X]; o > 0 && b.chars[o-1] != c {
			return false
		}
		if setup && !inZone(b.m.Zones[c.Side], q) {
			return false
		}
	}
	return true
}

func inZone(z []Point, p Point) bool {
	for _, q := range z {
		if q == p {
			return true
		}
	}
	return false
}

func (b *Battle) place(c *Char) {
	for _, q := range c.squares() {
		b.occ[q.Y*b.m.W+q.X] = c.ID + 1
	}
}

func (b *Battle) lift(c *Char) {
	for _, q := range c.squares() {
		if b.occ[q.Y*b.m.W+q.X] == c.ID+1 {
			b.occ[q.Y*b.m.W+q.X] = 0
		}
	}
}
