package battle

import "math"

// The ground of each square inch of the table that lies wholly in or wholly out of every
// area.
//
// Field.at tests a point against every area whose box overlaps its cell; a move is costed
// every half inch (walk), and formations, cover and charges ask it too. Most of a table
// lies wholly inside or wholly outside each area (the middle of a wood, the road between
// two): every point of such a square inch stands on the same ground. index works those
// squares' ground out once, by at's own loop at a point of each; at answers from it for
// points in them and tests the others, where an area's edge runs. The squares are offset
// from the inch lines by a quarter inch, so that edges on whole or half inches (most
// scenarios' rectangles) run through squares rather than along their sides, leaving those
// beside them whole. The claims are proved with a margin (sepMargin) far above the
// rounding of at's test.

// sepMargin is how far inside an area, or apart from it, a square must lie for the claim.
const sepMargin = 1e-3

// groundOff: square i along an axis holds [i-groundOff, i+1-groundOff].
const groundOff = 0.75

// cellGround is a square's ground, when uniform.
type cellGround struct {
	uniform bool
	g       ground
}

// indexGround works out f.ground, once the grid is made (atNow reads it).
func (f *Field) indexGround() {
	f.gnx, f.gny = int(f.W+groundOff)+1, int(f.H+groundOff)+1
	f.ground = make([]cellGround, f.gnx*f.gny)
	for y := range f.gny {
		for x := range f.gnx {
			lo := Point{X: float64(x) - groundOff, Y: float64(y) - groundOff}
			corners := boxCorners(box{lo, Point{X: lo.X + 1, Y: lo.Y + 1}})
			uniform := true
			for i := range f.areas {
				a := &f.areas[i]
				if !a.poly.convex() ||
					!(insideBy(&a.poly, corners[:], sepMargin) || sepGap(corners[:], a.poly.pts) > sepMargin) {
					uniform = false
					break
				}
			}
			if uniform {
				// Any point of the square on the table gives its ground: its middle, brought
				// onto the table.
				c := Point{X: fmin(fmax(lo.X+0.5, 0), f.W), Y: fmin(fmax(lo.Y+0.5, 0), f.H)}
				f.ground[y*f.gnx+x] = cellGround{uniform: true, g: f.atNow(c)}
			}
		}
	}
}

// groundAt is the square holding p, a point on the table.
func (f *Field) groundAt(p Point) *cellGround {
	return &f.ground[int(p.Y+groundOff)*f.gnx+int(p.X+groundOff)]
}

func boxCorners(b box) [4]Point {
	return [4]Point{b.lo, {X: b.hi.X, Y: b.lo.Y}, b.hi, {X: b.lo.X, Y: b.hi.Y}}
}

// insideBy reports whether every point lies inside the convex polygon by at least margin
// (its distance to each edge's line, on the inner side).
func insideBy(p *poly, pts []Point, margin float64) bool {
	for i, a := range p.pts {
		e := p.edges[i]
		l := norm(e)
		for _, q := range pts {
			if cross(e, sub(q, a)) < margin*l {
				return false
			}
		}
	}
	return true
}

// sepGap is the widest gap between two convex point sets along the normals of either's
// edges: when positive, they are at least that far apart; otherwise no such axis separates
// them (they may still be apart, which only costs at a test).
func sepGap(p, q []Point) float64 {
	best := math.Inf(-1)
	for _, s := range [2][]Point{p, q} {
		for i := range s {
			e := sub(s[(i+1)%len(s)], s[i])
			l := norm(e)
			if l == 0 {
				continue
			}
			n := Point{X: e.Y / l, Y: -e.X / l}
			pl, ph := math.Inf(1), math.Inf(-1)
			for _, v := range p {
				d := dot(n, v)
				pl, ph = fmin(pl, d), fmax(ph, d)
			}
			ql, qh := math.Inf(1), math.Inf(-1)
			for _, v := range q {
				d := dot(n, v)
				ql, qh = fmin(ql, d), fmax(qh, d)
			}
			best = fmax(best, fmax(ql-ph, pl-qh))
		}
	}
	return best
}
