package battle

import (
	"math"

	"muster/rules/combat"
)

// Point is a place on the table in inches: X from the west edge, Y from the south edge.
type Point = combat.Point

// baseRadius is half a figure's 1-inch base.
const baseRadius = combat.BaseRadius

// tie is how close two measures must be to count as equal when the doctrine chooses: the
// two sides of a mirrored battle compute the same distances with different rounding, and
// an exact tie must be broken the same way for both (by army order), not by the rounding.
const tie = 1e-6

// fmin and fmax are plain comparisons: math.Min and math.Max handle NaN and signed zeros,
// which the geometry never makes, at several times the cost.
func fmin(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}

func fmax(a, b float64) float64 {
	if a > b {
		return a
	}
	return b
}

func add(a, b Point) Point             { return Point{X: a.X + b.X, Y: a.Y + b.Y} }
func sub(a, b Point) Point             { return Point{X: a.X - b.X, Y: a.Y - b.Y} }
func scale(a Point, k float64) Point   { return Point{X: a.X * k, Y: a.Y * k} }
func dot(a, b Point) float64           { return a.X*b.X + a.Y*b.Y }
func cross(a, b Point) float64         { return a.X*b.Y - a.Y*b.X }
func norm(a Point) float64             { return math.Sqrt(a.X*a.X + a.Y*a.Y) }
func dist2(a, b Point) float64         { d := sub(a, b); return d.X*d.X + d.Y*d.Y }
func lerp(a, b Point, t float64) Point { return Point{X: a.X + (b.X-a.X)*t, Y: a.Y + (b.Y-a.Y)*t} }
func dirOf(a float64) Point            { return Point{X: math.Cos(a), Y: math.Sin(a)} }
func heading(from, to Point) float64   { return math.Atan2(to.Y-from.Y, to.X-from.X) }
func mid(a, b Point) Point             { return Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2} }
func towards(a, b Point, d float64) Point {
	v := sub(b, a)
	n := norm(v)
	if n <= d || n == 0 {
		return b
	}
	return add(a, scale(v, d/n))
}

// box is an axis-aligned bounding box.
type box struct{ lo, hi Point }

func boxOf(pts ...Point) box {
	b := box{pts[0], pts[0]}
	for _, p := range pts[1:] {
		b = b.grow(p)
	}
	return b
}

func (b box) grow(p Point) box {
	return box{Point{X: fmin(b.lo.X, p.X), Y: fmin(b.lo.Y, p.Y)}, Point{X: fmax(b.hi.X, p.X), Y: fmax(b.hi.Y, p.Y)}}
}

// pad widens the box by r on every side.
func (b box) pad(r float64) box {
	return box{Point{X: b.lo.X - r, Y: b.lo.Y - r}, Point{X: b.hi.X + r, Y: b.hi.Y + r}}
}

func (b box) contains(p Point) bool {
	return p.X >= b.lo.X && p.X <= b.hi.X && p.Y >= b.lo.Y && p.Y <= b.hi.Y
}

// gap is the distance between two boxes (0 when they overlap).
func (b box) gap(c box) float64 {
	dx := fmax(0, fmax(c.lo.X-b.hi.X, b.lo.X-c.hi.X))
	dy := fmax(0, fmax(c.lo.Y-b.hi.Y, b.lo.Y-c.hi.Y))
	return math.Sqrt(dx*dx + dy*dy)
}

func (b box) overlaps(c box) bool {
	return b.lo.X <= c.hi.X && c.lo.X <= b.hi.X && b.lo.Y <= c.hi.Y && c.lo.Y <= b.hi.Y
}

// segBox is the bounding box of a segment.
func segBox(a, b Point) box {
	return box{Point{X: fmin(a.X, b.X), Y: fmin(a.Y, b.Y)}, Point{X: fmax(a.X, b.X), Y: fmax(a.Y, b.Y)}}
}

// poly is a convex polygon, counter-clockwise, with its bounding box. edges[i] is
// pts[i+1]-pts[i] (wrapping), worked out once: sight and movement test points and segments
// against the same few polygons thousands of times a battle.
type poly struct {
	pts   []Point
	edges []Point
	bb    box
	// axis is set when every edge runs along an axis (most scenarios' rectangles): the
	// edges as clipIn uses them, without the cross product's half that is always zero.
	axis []axisEdge
}

// axisEdge is an edge along an axis: along x (y is false: the edge runs along y, its
// cross products with w are -edge.Y*w.X) or along y (y true: edge.X*w.Y). k is the factor
// (edge.X, or -edge.Y) and o the edge's start's coordinate across it.
type axisEdge struct {
	k, o float64
	y    bool
}

func newPoly(pts []Point) poly {
	// Orient counter-clockwise.
	area := 0.0
	for i := range pts {
		area += cross(pts[i], pts[(i+1)%len(pts)])
	}
	if area < 0 {
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	edges := make([]Point, len(pts))
	for i := range pts {
		edges[i] = sub(pts[(i+1)%len(pts)], pts[i])
	}
	pl := poly{pts: pts, edges: edges, bb: boxOf(pts...)}
	axis := make([]axisEdge, len(pts))
	for i, e := range edges {
		switch {
		case e.Y == 0 && e.X != 0:
			axis[i] = axisEdge{k: e.X, o: pts[i].Y, y: true}
		case e.X == 0 && e.Y != 0:
			axis[i] = axisEdge{k: -e.Y, o: pts[i].X}
		default:
			axis = nil
		}
		if axis == nil {
			break
		}
	}
	pl.axis = axis
	return pl
}

// convex reports whether the polygon is convex (and has an area).
func (p *poly) convex() bool {
	n := len(p.pts)
	if n < 3 {
		return false
	}
	for i := range n {
		a, b, c := p.pts[i], p.pts[(i+1)%n], p.pts[(i+2)%n]
		if cross(sub(b, a), sub(c, b)) < -1e-9 {
			return false
		}
	}
	return true
}

// contains reports whether a point is inside the polygon or on its edge.
func (p *poly) contains(q Point) bool {
	if !p.bb.contains(q) {
		return false
	}
	edges := p.edges[:len(p.pts)]
	for i, a := range p.pts {
		if cross(edges[i], sub(q, a)) < -1e-9 {
			return false
		}
	}
	return true
}

// clip returns the part of segment a-b inside the polygon as parameters 0 <= t0 <= t1 <= 1
// (Cyrus-Beck); ok is false when the segment misses it.
func (p *poly) clip(a, b Point) (t0, t1 float64, ok bool) {
	if !p.bb.overlaps(segBox(a, b)) {
		return 0, 0, false
	}
	return p.clipIn(a, b)
}

// clipIn is clip for a segment whose bounding box is known to overlap the polygon's.
func (p *poly) clipIn(a, b Point) (t0, t1 float64, ok bool) {
	d := sub(b, a)
	t0, t1 = 0, 1
	if p.axis != nil {
		// The same loop along axis edges: cross(edge, w) is edge.X*w.Y - 0*w.X, or
		// 0*w.Y - edge.Y*w.X, and the zero term changes at most the sign of a zero, which
		// no comparison or difference below tells apart.
		if len(p.axis) == 4 { // (a rectangle: the same four steps, unrolled)
			ax := (*[4]axisEdge)(p.axis)
			var in bool
			num, den := ax[0].nd(a, d)
			if t0, t1, in = clipStep(num, den, t0, t1); !in {
				return 0, 0, false
			}
			num, den = ax[1].nd(a, d)
			if t0, t1, in = clipStep(num, den, t0, t1); !in {
				return 0, 0, false
			}
			num, den = ax[2].nd(a, d)
			if t0, t1, in = clipStep(num, den, t0, t1); !in {
				return 0, 0, false
			}
			num, den = ax[3].nd(a, d)
			if t0, t1, in = clipStep(num, den, t0, t1); !in {
				return 0, 0, false
			}
			return t0, t1, true
		}
		for i := range p.axis {
			num, den := p.axis[i].nd(a, d)
			var in bool
			if t0, t1, in = clipStep(num, den, t0, t1); !in {
				return 0, 0, false
			}
		}
		return t0, t1, true
	}
	edges := p.edges[:len(p.pts)]
	for i, e0 := range p.pts {
		edge := edges[i]
		// Inside is to the left of each edge: cross(edge, q-e0) >= 0.
		var in bool
		if t0, t1, in = clipStep(cross(edge, sub(a, e0)), cross(edge, d), t0, t1); !in {
			return 0, 0, false
		}
	}
	return t0, t1, true
}

// nd is clipIn's numerator and denominator for axis edge e.
func (e *axisEdge) nd(a, d Point) (num, den float64) {
	if e.y {
		return e.k * (a.Y - e.o), e.k * d.Y
	}
	return e.k * (a.X - e.o), e.k * d.X
}

// clipStep is one turn of clipIn's loop: t0 and t1 narrowed to an edge, false where the
// segment misses the polygon.
func clipStep(num, den, t0, t1 float64) (float64, float64, bool) {
	if math.Abs(den) < 1e-12 {
		return t0, t1, !(num < 0)
	}
	t := -num / den
	if den > 0 {
		t0 = fmax(t0, t)
	} else {
		t1 = fmin(t1, t)
	}
	return t0, t1, !(t0 > t1)
}

// circlePoly approximates a circle with a regular 16-gon whose edges touch the circle's
// outside, so that nothing inside the circle is left out.
func circlePoly(c Point, r float64) []Point {
	const n = 16
	rr := r / math.Cos(math.Pi/n)
	pts := make([]Point, n)
	for i := range n {
		a := 2 * math.Pi * (float64(i) + 0.5) / n
		pts[i] = Point{X: c.X + rr*math.Cos(a), Y: c.Y + rr*math.Sin(a)}
	}
	return pts
}

// segDist2 is the squared distance from q to segment a-b.
func segDist2(a, b, q Point) float64 {
	d := sub(b, a)
	l2 := dot(d, d)
	if l2 == 0 {
		return dist2(a, q)
	}
	t := dot(sub(q, a), d) / l2
	t = fmax(0, fmin(1, t))
	return dist2(lerp(a, b, t), q)
}

// segProbe is a segment a-b ready to measure many points against: segDist2(a, b, q) with
// the segment's direction and squared length worked out once (the same arithmetic, so the
// same results).
type segProbe struct {
	a, d Point
	l2   float64
}

func probe(a, b Point) segProbe {
	d := sub(b, a)
	return segProbe{a: a, d: d, l2: dot(d, d)}
}

// dist2 is segDist2(a, b, q).
func (s *segProbe) dist2(q Point) float64 {
	if s.l2 == 0 {
		return dist2(s.a, q)
	}
	t := dot(sub(q, s.a), s.d) / s.l2
	t = fmax(0, fmin(1, t))
	return dist2(Point{X: s.a.X + s.d.X*t, Y: s.a.Y + s.d.Y*t}, q)
}

// farFromLine reports whether q lies farther than the square root of r2 from the line
// through the segment, by a margin above rounding, and so from the segment: dist2(q) >= r2
// then too, found with a cross product instead of a division. Most figures in a line's
// box are well aside from it.
func (s *segProbe) farFromLine(q Point, r2 float64) bool {
	return s.farFrom(q, s.farLimit(r2))
}

// farLimit and farFrom are farFromLine for many points against the same r2: farFrom(q,
// farLimit(r2)) is farFromLine(q, r2).
func (s *segProbe) farLimit(r2 float64) float64 {
	return (r2 + 1e-6) * s.l2
}

func (s *segProbe) farFrom(q Point, lim float64) bool {
	c := cross(s.d, sub(q, s.a))
	return c*c > lim
}

// segmentsCross reports whether segments a-b and c-d intersect (touching counts).
func segmentsCross(a, b, c, d Point) bool {
	d1 := cross(sub(b, a), sub(c, a))
	d2 := cross(sub(b, a), sub(d, a))
	d3 := cross(sub(d, c), sub(a, c))
	d4 := cross(sub(d, c), sub(b, c))
	if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
		return true
	}
	const eps = 1e-9
	on := func(p, q, r Point) bool { // r on segment p-q, given collinear
		return fmin(p.X, q.X)-eps <= r.X && r.X <= fmax(p.X, q.X)+eps &&
			fmin(p.Y, q.Y)-eps <= r.Y && r.Y <= fmax(p.Y, q.Y)+eps
	}
	switch {
	case math.Abs(d1) < eps && on(a, b, c):
		return true
	case math.Abs(d2) < eps && on(a, b, d):
		return true
	case math.Abs(d3) < eps && on(c, d, a):
		return true
	case math.Abs(d4) < eps && on(c, d, b):
		return true
	}
	return false
}

// sideOf is +1 or -1 for the side of line c-d that p lies on (0 on it).
func sideOf(c, d, p Point) float64 {
	v := cross(sub(d, c), sub(p, c))
	switch {
	case v > 1e-9:
		return 1
	case v < -1e-9:
		return -1
	}
	return 0
}

// angleDiff is the absolute difference between two headings, in [0, pi].
func angleDiff(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 2*math.Pi)
	if d > math.Pi {
		d = 2*math.Pi - d
	}
	return d
}

// inArc reports whether any part of a 1" base at q lies within the 90-degree arc centred
// on the direction f (a unit vector) from p (Chapter Three, "Fire Arcs"): q inside the arc,
// or within half an inch of one of its edges.
func inArc(p Point, f Point, q Point) bool {
	v := sub(q, p)
	d2 := dot(v, v)
	if c := dot(f, v); c > 0 && 2*c*c >= d2 { // within 45 degrees: cos^2 >= 1/2
		return true
	}
	return arcEdges(f, v, d2)
}

// arcEdges is the rest of inArc, for a target at v from the firer (d2 = |v|^2) not within
// 45 degrees of the facing: touching the firer's base, or within half an inch of one of
// the arc's edges.
func arcEdges(f, v Point, d2 float64) bool {
	if d2 <= baseRadius*baseRadius {
		return true
	}
	// The arc's edges, 45 degrees either side.
	const s = math.Sqrt2 / 2
	for _, e := range [2]Point{{X: s * (f.X - f.Y), Y: s * (f.X + f.Y)}, {X: s * (f.X + f.Y), Y: s * (f.Y - f.X)}} {
		if t := dot(e, v); t > 0 {
			if x := cross(e, v); x*x <= baseRadius*baseRadius {
				return true
			}
		}
	}
	return false
}
