package engine

// Setting up: placing the squads in their zones; the occupancy grid.

import (
	"fmt"
	"strings"
)

// zones gives each squad its setup area by its side of the Force: the Light Side's squad
// the Light Side's area (Map.Zones[0], the scenarios' red area of the Rebel forces), the
// Dark Side's the other. A squad whose side is not known takes the area its opponent's side
// leaves; two of the same side, or of no known side, take them in file order.
func zones(a, b Squad) [2]int {
	if a.Side == "dark" && b.Side != "dark" || a.Side == "" && b.Side == "light" {
		return [2]int{1, 0}
	}
	return [2]int{0, 1}
}

// setup places the squads: "The Dark Side squad sets up first, then the Light Side squad"
// (Assemble Your Squad): the squad of the Dark Side's area first, then the other, biggest
// figures first, each on the free zone square nearest the enemy's zone. Areas and order
// follow the sides, not the files: the first file used to take the Light Side's area and the
// second to set up first, whatever their sides.
func (b *Battle) setup() error {
	b.zone = zones(b.squads[0], b.squads[1])
	for _, side := range [2]int{b.squadIn(1), b.squadIn(0)} {
		zone := b.m.Zones[b.zone[side]]
		// The zone as a grid, for fits: each figure tries every square of the zone.
		b.inZone = grow(b.inZone, b.m.W*b.m.H)
		clear(b.inZone)
		for _, p := range zone {
			if b.m.in(p) {
				b.inZone[p.Y*b.m.W+p.X] = true
			}
		}
		other := b.m.Zones[1-b.zone[side]]
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
			c.lowerName = strings.ToLower(c.Name)
			if f.Card.Commander != nil {
				for _, e := range f.Card.Commander.Effects {
					c.effects = append(c.effects, effect{ceStat(e.Stat), strings.ToLower(e.NameContains)})
				}
			}
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

// logSetup says who set up where, in the order they set up.
func (b *Battle) logSetup() {
	for i, side := range [2]int{b.squadIn(1), b.squadIn(0)} {
		var at []string
		for _, c := range b.chars {
			if c.Side == side {
				at = append(at, c.Label+" at "+c.Pos.String())
			}
		}
		b.logf("Setup, %s: [%c] %s, in the %s area: %s", [2]string{"first", "then"}[i], 'A'+side, b.squads[side].Name,
			[2]string{"Light Side's", "Dark Side's"}[b.zone[side]], strings.Join(at, ", "))
	}
}

// squadIn is the squad that sets up in zone z.
func (b *Battle) squadIn(z int) int {
	if b.zone[0] == z {
		return 0
	}
	return 1
}

// fits reports whether the character may stand at p: every square on the map, open to
// stand on, free of other characters (and, at setup, inside the zone). A Hologram never
// stands in a doorway: it cannot hold the door open (glossary, Hologram, L593), so the
// door would close on it and it would stand in a wall, which it may not end its turn in.
func (b *Battle) fits(c *Char, p Point, setup bool) bool {
	if p.X < 0 || p.Y < 0 || p.X+c.Size > b.m.W || p.Y+c.Size > b.m.H {
		return false
	}
	for y := p.Y; y < p.Y+c.Size; y++ {
		for x := p.X; x < p.X+c.Size; x++ {
			i := y*b.m.W + x
			if t := b.m.cells[i]; b.view.blocks[i] || t == Pit || c.ab.hologram && t == Door {
				return false
			}
			if o := b.occ[i]; o > 0 && b.chars[o-1] != c {
				return false
			}
			if setup && !b.inZone[i] {
				return false
			}
		}
	}
	return true
}

// moved marks a change to who stands where or to the doors: what was worked out from them
// (cover) no longer holds.
func (b *Battle) moved() { b.moves++ }

func (b *Battle) place(c *Char) {
	b.moved()
	for y := c.Pos.Y; y < c.Pos.Y+c.Size; y++ {
		for x := c.Pos.X; x < c.Pos.X+c.Size; x++ {
			b.occ[y*b.m.W+x] = c.ID + 1
		}
	}
}

func (b *Battle) lift(c *Char) {
	b.moved()
	for y := c.Pos.Y; y < c.Pos.Y+c.Size; y++ {
		for x := c.Pos.X; x < c.Pos.X+c.Size; x++ {
			if b.occ[y*b.m.W+x] == c.ID+1 {
				b.occ[y*b.m.W+x] = 0
			}
		}
	}
}
