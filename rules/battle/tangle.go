package battle

import (
	"fmt"
	"math"

	"muster/rules"
)

// Tanglefoot fields (Chapter Eleven, "Tanglefoot Field", book lines 2439-2455): bought by
// the 1" square section, "set up before the game begins" by the defender in clear terrain;
// "movement within the field is at double cost"; repulsorcraft ignore it. Muster's reading
// (docs/decisions.md): the scenarios name no defender, so either side may lay its sections
// (the gamemaster's discretion, as the book says); the doctrine lays them in a row (rows of
// at most the set-up zone's width) across the way the enemy comes, tangleGap inches in front
// of its set-up zone (its first zone where the scenario gives several), centred on it, and only the sections that fall on clear ground (no
// terrain area there) are laid. They slow every figure, of either side, that moves through
// them (the field is the field), and appear as terrain areas of a copy of the battlefield
// made for the matchup.

// tangleGap is how far in front of the set-up zone the first row of sections lies: beyond
// the 2" the enemy's own advance stops short, so that its chargers must cross it.
const tangleGap = 3.0

// withTanglefoot is the field with each side's tanglefoot sections laid, and the sections as
// laid (each a 1" square).
func withTanglefoot(field *Field, forces [2]*Force) (*Field, []Zone) {
	sc := *field.Scenario
	sc.Terrain = append([]TerrainSpec(nil), sc.Terrain...)
	var laid []Zone
	for s := range 2 {
		n := forces[s].Tanglefoot
		if n == 0 || s >= len(sc.Sides) {
			continue
		}
		sd := &sc.Sides[s]
		in, _ := edgeNormal(sd.Edge)
		z := sd.Deploy
		if len(sd.Zones) > 0 {
			z = sd.Zones[0]
		}
		left := Point{X: -in.Y, Y: in.X}
		corner := sub(Point{X: z[2], Y: z[3]}, Point{X: z[0], Y: z[1]})
		width := math.Max(math.Floor(math.Abs(dot(corner, left))), 1)
		front := add(z.center(), scale(in, math.Abs(dot(corner, in))/2+tangleGap))
		for row := 0; n > 0; row++ {
			k := int(math.Min(float64(n), width))
			n -= k
			run := -1 // the first cell of the run of laid cells being merged into one area
			for j := 0; j <= k; j++ {
				ok := false
				var cell Zone
				if j < k {
					// Cell j of the row, from the side's left, centred on the zone.
					off := float64(k)/2 - float64(j) - 0.5
					c := add(add(front, scale(in, float64(row)+0.5)), scale(left, off))
					g := field.at(c)
					// Only clear ground on the table takes it.
					ok = c.X >= 0.5 && c.Y >= 0.5 && c.X <= field.W-0.5 && c.Y <= field.H-0.5 &&
						g.mult == 1 && g.cover == 0 && !g.hill && !g.woods && !g.impassable
					cell = Zone{c.X - 0.5, c.Y - 0.5, c.X + 0.5, c.Y + 0.5}
				}
				if ok {
					laid = append(laid, cell)
					if run < 0 {
						run = len(laid) - 1
					}
					continue
				}
				if run >= 0 {
					a, b := laid[run], laid[len(laid)-1]
					r := []float64{math.Min(a[0], b[0]), math.Min(a[1], b[1]), math.Max(a[2], b[2]), math.Max(a[3], b[3])}
					sc.Terrain = append(sc.Terrain, TerrainSpec{Type: "custom", Name: "tanglefoot field", Rect: r, Cover: "none", Move: 2})
					run = -1
				}
			}
		}
	}
	if len(laid) == 0 {
		return field, nil
	}
	f, err := compile(&sc, rules.DefaultTables())
	if err != nil {
		// Too many areas for the index (64): lay none rather than fail the battle.
		return field, nil
	}
	return f, laid
}

// tangleNote: a unit that moved from start to end through tanglefoot is named in the log.
func (b *Battle) tangleNote(ui int, start, end Point) {
	for _, c := range b.tangles {
		if segBox(start, end).pad(baseRadius).overlaps(box{Point{X: c[0], Y: c[1]}, Point{X: c[2], Y: c[3]}}) {
			b.act("tanglefoot field")
			if b.lg != nil {
				b.logf("  %s wades through the tanglefoot field (double cost)\n", b.name(ui))
			}
			return
		}
	}
}

// tangleLine is the set-up log's line for the sections laid.
func (b *Battle) tangleLine() string {
	if len(b.tangles) == 0 {
		return ""
	}
	return fmt.Sprintf("Tanglefoot field: %d sections laid in clear ground (double cost to move through)\n", len(b.tangles))
}
