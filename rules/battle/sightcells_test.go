package battle

import (
	"math/rand/v2"
	"testing"
)

// TestCellTableGivesTheSameSightAsEveryArea: the per-pair-of-cells table (sightcells.go)
// only spares Field.sight the areas and barriers a line cannot meet, so sight with it must
// answer exactly as sight testing every area and barrier, on every scenario's table: lines
// of every length and direction, from and to points at cell edges and corners (where the
// hull's margin matters), from a hill or not, to a prone figure or not.
func TestCellTableGivesTheSameSightAsEveryArea(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2026))
	for _, name := range []string{"open-field", "open-field-at-night", "crystal-forest-of-goratak", "defending-the-bridge", "like-rats-in-a-trap"} {
		f := scenario(t, name)
		if f.cells == nil {
			t.Fatalf("%s: no cell table (more than 31 areas and barriers?)", name)
		}
		every := *f
		every.cells = nil
		point := func() Point {
			p := Point{X: rng.Float64() * f.W, Y: rng.Float64() * f.H}
			if rng.IntN(4) == 0 { // on a cell's edge or corner
				p.X = float64(rng.IntN(int(f.W/gridCell))) * gridCell
			}
			if rng.IntN(4) == 0 {
				p.Y = float64(rng.IntN(int(f.H/gridCell))) * gridCell
			}
			return p
		}
		blocked, covered := 0, 0
		for i := range 40000 {
			p, q := point(), point()
			if i%3 == 0 { // short lines, within a few cells
				q = Point{X: fmin(f.W, fmax(0, p.X+rng.Float64()*8-4)), Y: fmin(f.H, fmax(0, p.Y+rng.Float64()*8-4))}
			}
			if i%5 == 1 && len(f.barriers) > 0 {
				// A target near a barrier (within about 1.5" of it): where the table keeps
				// a wall that does not stop sight only for its cover.
				br := &f.barriers[rng.IntN(len(f.barriers))]
				c := lerp(br.a, br.b, rng.Float64())
				q = Point{X: fmin(f.W, fmax(0, c.X+rng.Float64()*3-1.5)), Y: fmin(f.H, fmax(0, c.Y+rng.Float64()*3-1.5))}
			}
			hill, prone := rng.IntN(5) == 0, rng.IntN(3) == 0
			ok, cover := f.sight(p, q, hill, prone)
			okAll, coverAll := every.sight(p, q, hill, prone)
			if ok != okAll || cover != coverAll {
				t.Fatalf("%s: sight from %v to %v (hill %v, prone %v): with the table (%v, cover %v), testing every area (%v, cover %v)",
					name, p, q, hill, prone, ok, cover, okAll, coverAll)
			}
			if !ok {
				blocked++
			} else if cover > 0 {
				covered++
			}
		}
		// The lines must have met the terrain, or the comparison proves little (the rats'
		// village has no terrain that blocks sight, only cover).
		if covered == 0 || (blocked == 0 && name != "like-rats-in-a-trap") {
			t.Errorf("%s: of 40,000 lines %d blocked and %d in cover: the terrain was not met", name, blocked, covered)
		}
	}
}

// TestAxisClipGivesTheSameCut: clipIn along an axis polygon's edges (poly.axis) cuts every
// segment at the same parameters as the cross products over the edges.
func TestAxisClipGivesTheSameCut(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 2026))
	rects := 0
	for _, name := range []string{"open-field", "defending-the-bridge", "like-rats-in-a-trap", "crystal-forest-of-goratak"} {
		f := scenario(t, name)
		for i := range f.areas {
			p := f.areas[i].poly
			if p.axis == nil {
				continue
			}
			rects++
			general := p
			general.axis = nil
			bb := p.bb.pad(3)
			point := func() Point {
				q := Point{X: bb.lo.X + rng.Float64()*(bb.hi.X-bb.lo.X), Y: bb.lo.Y + rng.Float64()*(bb.hi.Y-bb.lo.Y)}
				switch rng.IntN(4) {
				case 0: // on an edge's line
					q.X = p.pts[rng.IntN(len(p.pts))].X
				case 1:
					q.Y = p.pts[rng.IntN(len(p.pts))].Y
				}
				return q
			}
			for range 20000 {
				a, b := point(), point()
				if rng.IntN(5) == 0 {
					b.X = a.X // along an axis
				}
				t0, t1, ok := p.clipIn(a, b)
				g0, g1, gok := general.clipIn(a, b)
				if t0 != g0 || t1 != g1 || ok != gok {
					t.Fatalf("%s, %s: clip of %v-%v along the axes (%v, %v, %v), by cross products (%v, %v, %v)", name, f.areas[i].name, a, b, t0, t1, ok, g0, g1, gok)
				}
			}
		}
	}
	if rects == 0 {
		t.Fatal("no axis polygon among the scenarios' areas")
	}
}
