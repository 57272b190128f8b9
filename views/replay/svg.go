// Package replay draws a battle's trace (battle.Trace) as SVG, one frame per phase: the
// table with its terrain areas, barriers, objectives and deployment zones; every figure on
// its 1" base in its unit's colour, marked wounded, prone or broken; the phase's moves as
// paths, its fire as lines from the firers to their target, grenade, flame and strike
// templates, close assaults and casualties. The output is a pure function of the trace:
// the same trace gives the same bytes. Colours are presentation attributes, not style, so
// that a page whose Content-Security-Policy forbids inline style still shows them.
package replay

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"muster/rules/battle"
)

// margin is the inches drawn around the table, where units enter and leave.
const margin = 2.0

// Colours of the units: each side's units take its palette's colours in army order. The
// first army's are reds and browns and the second's blues and greens, as the matchup's
// result page draws them (its first army in the site's accent, a dark red, its second in
// blue): a player who read the odds knows the armies on the map.
var palettes = [2][]string{
	{"#b91c1c", "#c2410c", "#9d174d", "#a16207", "#be123c", "#7c2d12", "#86198f", "#991b1b"},
	{"#1d4ed8", "#0e7490", "#4338ca", "#047857", "#0369a1", "#6d28d9", "#15803d", "#1e3a8a"},
}

// UnitColour is the colour a unit is drawn in.
func UnitColour(t *battle.Trace, ui int) string {
	side := t.Units[ui].Side
	k := 0
	for j := range ui {
		if t.Units[j].Side == side {
			k++
		}
	}
	p := palettes[side]
	return p[k%len(p)]
}

// terrainFill is an area's colour by its kind.
func terrainFill(kind string) string {
	k := strings.ToLower(kind)
	switch {
	case isWoods(k):
		return "#8cbf6a"
	case strings.Contains(k, "hill"):
		return "#c9a86a"
	case strings.Contains(k, "water"), strings.Contains(k, "swamp"), strings.Contains(k, "marsh"), strings.Contains(k, "river"):
		return "#7fb7d9"
	case strings.Contains(k, "building"), strings.Contains(k, "rubble"), strings.Contains(k, "ruin"):
		return "#8d8d8d"
	case strings.Contains(k, "crystal"):
		return "#b8c0ff"
	case strings.Contains(k, "scrub"), strings.Contains(k, "brush"), strings.Contains(k, "shrub"):
		return "#a9b47c" // olive: low growth, told from a hill's tan and the woods' green
	}
	return "#b5a88a"
}

// isWoods tells woods (and forest, jungle) from other ground: they are drawn with trees.
func isWoods(kind string) bool {
	k := strings.ToLower(kind)
	return strings.Contains(k, "wood") || strings.Contains(k, "forest") || strings.Contains(k, "jungle")
}

// treeSpacing is the inches between the trees drawn on woods: the thicker the woods, the
// closer.
func treeSpacing(kind string) float64 {
	k := strings.ToLower(kind)
	switch {
	case strings.Contains(k, "light"):
		return 3.2
	case strings.Contains(k, "heavy"), strings.Contains(k, "dense"), strings.Contains(k, "jungle"):
		return 1.8
	}
	return 2.4
}

// The trees' crowns: dark green discs with a darker rim, so that woods read as woods and
// not as a patch of coloured ground, on the page's light and dark themes alike (the table
// is drawn in its own colours on either).
const (
	treeFill   = "#3d6b2c"
	treeStroke = "#234019"
	treeRadius = 0.8
)

// trees draws woods' trees (x, y in the drawing's units, y down) on a staggered grid
// spacing apart, each wholly inside the polygon poly (in the same units).
func (w *svgWriter) trees(poly [][2]float64, spacing float64) {
	if len(poly) < 3 {
		return
	}
	x0, y0, x1, y1 := poly[0][0], poly[0][1], poly[0][0], poly[0][1]
	for _, p := range poly[1:] {
		x0, x1 = math.Min(x0, p[0]), math.Max(x1, p[0])
		y0, y1 = math.Min(y0, p[1]), math.Max(y1, p[1])
	}
	// The trees let the pointer through to their area, whose title names it.
	w.f(`<g class="woods-trees" fill="%s" stroke="%s" stroke-width="0.08" fill-opacity="0.9" pointer-events="none">`, treeFill, treeStroke)
	row, n := 0, 0
	for y := y0 + spacing/2; y <= y1-treeRadius/2; y += spacing * 0.87 {
		off := 0.0
		if row%2 == 1 {
			off = spacing / 2
		}
		for x := x0 + spacing/2 + off - spacing/4; x <= x1-treeRadius/2; x += spacing {
			if inside(poly, x, y, treeRadius) {
				w.f(`<circle cx="%s" cy="%s" r="%s"/>`, num(x), num(y), num(treeRadius))
				n++
			}
		}
		row++
	}
	// A wood too small for the grid still shows a tree, at its middle.
	if cx, cy := (x0+x1)/2, (y0+y1)/2; n == 0 && inside(poly, cx, cy, 0) {
		w.f(`<circle cx="%s" cy="%s" r="%s"/>`, num(cx), num(cy), num(math.Min(treeRadius, math.Min(x1-x0, y1-y0)/3)))
	}
	w.f(`</g>`)
}

// inside tells whether the point (x, y) lies in the polygon at least margin from its edges.
func inside(poly [][2]float64, x, y, margin float64) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a[1] > y) != (b[1] > y) && x < (b[0]-a[0])*(y-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
		if segDist(a, b, x, y) < margin {
			return false
		}
	}
	return in
}

func segDist(a, b [2]float64, x, y float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l := dx*dx + dy*dy
	t := 0.0
	if l > 0 {
		t = math.Max(0, math.Min(1, ((x-a[0])*dx+(y-a[1])*dy)/l))
	}
	return math.Hypot(a[0]+t*dx-x, a[1]+t*dy-y)
}

// TerrainSwatch is a small picture of how an area of the kind is drawn on the map, for the
// key: its colour and, for woods, its trees.
func TerrainSwatch(kind string) string {
	w := &svgWriter{}
	w.f(`<svg class="replay-terrain-swatch" width="28" height="20" viewBox="0 0 5.6 4" aria-hidden="true">`)
	w.f(`<rect x="0" y="0" width="5.6" height="4" fill="#e8dfc4"/>`)
	w.f(`<rect x="0.2" y="0.2" width="5.2" height="3.6" fill="%s" fill-opacity="0.8" stroke="#4b4536" stroke-width="0.08"/>`, terrainFill(kind))
	if isWoods(kind) {
		w.f(`<g fill="%s" stroke="%s" stroke-width="0.08" fill-opacity="0.9">`, treeFill, treeStroke)
		n := 2
		if treeSpacing(kind) < 2.4 {
			n = 3
		} else if treeSpacing(kind) > 2.4 {
			n = 1
		}
		for i := range n {
			w.f(`<circle cx="%s" cy="%s" r="%s"/>`, num(5.6*float64(2*i+1)/float64(2*n)), num(2-0.5*float64(i%2)+0.25), num(treeRadius))
		}
		w.f(`</g>`)
	}
	w.f(`</svg>`)
	return w.String()
}

// svgWriter writes numbers with at most two decimals, so that the output is short and the
// same on every machine.
type svgWriter struct {
	bytes.Buffer
	h float64 // the table's height: SVG's y runs down, the table's Y north
}

func num(x float64) string {
	x = math.Round(x*100) / 100
	if x == 0 {
		x = 0 // no "-0"
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

func (w *svgWriter) x(p battle.Point) string { return num(p.X) }
func (w *svgWriter) y(p battle.Point) string { return num(w.h - p.Y) }

func (w *svgWriter) f(format string, args ...any) { fmt.Fprintf(w, format, args...) }

func esc(s string) string { return html.EscapeString(s) }

// Frames draws every frame of a trace.
func Frames(t *battle.Trace) [][]byte { return FramesAs(t, "replay") }

// FramesAs draws every frame of a trace with its ids prefixed by prefix ("replay" for
// Frames): two replays on one page need two prefixes, or the second's upright pictures
// would show the first's drawings (<use> finds the first element with an id).
func FramesAs(t *battle.Trace, prefix string) [][]byte {
	out := make([][]byte, len(t.Frames))
	for k := range t.Frames {
		out[k] = frame(t, k, prefix)
	}
	return out
}

// Caption names a frame: "Set-up" or "Turn 3: Fire combat".
func Caption(t *battle.Trace, k int) string {
	fr := &t.Frames[k]
	if fr.Turn == 0 {
		return fr.Phase
	}
	return "Turn " + strconv.Itoa(fr.Turn) + ": " + fr.Phase
}

// Frame draws frame k of a trace as one SVG document.
func Frame(t *battle.Trace, k int) []byte { return frame(t, k, "replay") }

func frame(t *battle.Trace, k int, prefix string) []byte {
	fr := &t.Frames[k]
	m := &t.Map
	w := &svgWriter{h: m.H}
	w.f(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="%s %s %s %s" role="img" aria-labelledby="%s-title-%d" class="replay-svg" data-frame="%d">`,
		num(-margin), num(-margin), num(m.W+2*margin), num(m.H+2*margin), prefix, k, k)
	w.f(`<title id="%s-title-%d">%s, %s</title>`, prefix, k, esc(t.Scenario), esc(Caption(t, k)))
	// The drawing is one group with an id, so that Upright can show it turned a quarter.
	w.f(`<g id="%s">`, mapID(prefix, k))
	drawTable(w, t)
	drawMoves(w, t, fr)
	drawTemplates(w, fr)
	drawFire(w, t, fr)
	drawAssaults(w, t, fr)
	drawFigures(w, t, fr)
	w.f(`</g></svg>`)
	return w.Bytes()
}

// MapID is the id of frame k's drawing inside its SVG.
func MapID(k int) string { return mapID("replay", k) }

func mapID(prefix string, k int) string { return prefix + "-map-" + strconv.Itoa(k) }

// Upright is frame k turned a quarter anticlockwise, for a phone's tall window: the table's
// long side runs up the screen, so that its inches are half as large again as across it (a
// 72" table and its margins, 76" across 360 px, are 4.7 px an inch; upright, its 52" are
// 6.9). It draws nothing itself: it shows Frame(t, k)'s drawing, which must be in the same
// page, by reference (<use>), so that a page carrying both is not twice as heavy; the page's
// style shows one or the other. East is up, North to the left, South to the right: the
// edges are named in the margins, since the map no longer has North at the top.
func Upright(t *battle.Trace, k int) []byte { return UprightAs(t, k, "replay") }

// UprightAs is Upright for the frames drawn by FramesAs with the same prefix.
func UprightAs(t *battle.Trace, k int, prefix string) []byte {
	m := &t.Map
	w := &svgWriter{h: m.H}
	// rotate(-90) takes the frame's (x, y) to (y, -x): x from -margin to H+margin across,
	// y from -(W+margin) to margin down.
	w.f(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="%s %s %s %s" role="img" aria-labelledby="%s-title-%d" class="replay-svg replay-upright" data-frame="%d">`,
		num(-margin), num(-(m.W + margin)), num(m.H+2*margin), num(m.W+2*margin), prefix, k, k)
	w.f(`<use href="#%s" transform="rotate(-90)"/>`, mapID(prefix, k))
	// The edges' names, each along its edge in the margin, reading up the left and down the
	// right.
	label := `<text x="%s" y="%s" transform="rotate(%d %s %s)" font-size="1.2" font-family="sans-serif" fill="#5c5340" text-anchor="middle" dominant-baseline="middle">%s</text>`
	lx, rx, cy, ty, by := num(-margin/2), num(m.H+margin/2), num(-m.W/2), num(-(m.W + margin/2)), num(margin/2)
	w.f(label, lx, cy, -90, lx, cy, "North")
	w.f(label, rx, cy, 90, rx, cy, "South")
	w.f(label, num(m.H/2), ty, 0, num(m.H/2), ty, "East")
	w.f(label, num(m.H/2), by, 0, num(m.H/2), by, "West")
	w.f(`</svg>`)
	return w.Bytes()
}

func drawTable(w *svgWriter, t *battle.Trace) {
	m := &t.Map
	w.f(`<rect x="0" y="0" width="%s" height="%s" fill="#e8dfc4" stroke="#5c5340" stroke-width="0.15"/>`, num(m.W), num(m.H))
	// Deployment zones and exits, dashed, in the side's first colour.
	for s := range 2 {
		for _, z := range m.Deploy[s] {
			w.zone(z, palettes[s][0], "0.6 0.4", "deployment zone of "+t.Sides[s])
		}
	}
	for _, z := range m.Exits {
		w.zone(z, "#3f3f46", "0.2 0.3", "exit")
	}
	for _, a := range m.Areas {
		w.f(`<polygon points="`)
		for i, p := range a.Poly {
			if i > 0 {
				w.f(" ")
			}
			w.f("%s,%s", w.x(p), w.y(p))
		}
		op := "0.75"
		if a.Block {
			op = "0.95"
		}
		w.f(`" fill="%s" fill-opacity="%s" stroke="#4b4536" stroke-width="0.08"><title>%s (%s, %s cover)</title></polygon>`,
			terrainFill(a.Kind), op, esc(a.Name), esc(a.Kind), esc(strings.ToLower(a.Cover)))
		if isWoods(a.Kind) {
			poly := make([][2]float64, len(a.Poly))
			for i, p := range a.Poly {
				poly[i] = [2]float64{p.X, w.h - p.Y}
			}
			w.trees(poly, treeSpacing(a.Kind))
		}
	}
	for _, b := range m.Barriers {
		w.f(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#3b2f1e" stroke-width="0.35" stroke-linecap="round"><title>%s</title></line>`,
			w.x(b.A), w.y(b.A), w.x(b.B), w.y(b.B), esc(b.Name))
	}
	for _, o := range m.Objectives {
		p := battle.Point{X: o.At[0], Y: o.At[1]}
		r := math.Max(o.Radius, 0.6)
		w.f(`<circle cx="%s" cy="%s" r="%s" fill="#facc15" fill-opacity="0.25" stroke="#a16207" stroke-width="0.12" stroke-dasharray="0.3 0.2"><title>%s</title></circle>`,
			w.x(p), w.y(p), num(r), esc(o.Name))
		w.f(`<path d="M%s %s l0.35 0.7l-0.7 -0.45h0.7l-0.7 0.45z" fill="#a16207"/>`, w.x(p), num(m.H-p.Y-0.4))
	}
}

func (w *svgWriter) zone(z battle.Zone, colour, dash, title string) {
	x0, x1 := math.Min(z[0], z[2]), math.Max(z[0], z[2])
	y0, y1 := math.Min(z[1], z[3]), math.Max(z[1], z[3])
	w.f(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="0.08" stroke="%s" stroke-width="0.12" stroke-dasharray="%s"><title>%s</title></rect>`,
		num(x0), num(w.h-y1), num(x1-x0), num(y1-y0), colour, colour, dash, esc(title))
}

func drawMoves(w *svgWriter, t *battle.Trace, fr *battle.Frame) {
	for _, mv := range fr.Moves {
		if len(mv.Path) < 2 || samePath(mv.Path) {
			continue
		}
		c := UnitColour(t, mv.Unit)
		// The head is four times the line's width.
		width, head, dash, what := "0.18", 0.72, ` stroke-dasharray="0.5 0.3"`, " moves"
		if mv.Charge {
			width, head, dash, what = "0.3", 1.2, "", " charges"
		}
		w.f(`<polyline class="move" data-unit="%d" points="`, mv.Unit)
		for i, p := range mv.Path {
			if i > 0 {
				w.f(" ")
			}
			w.f("%s,%s", w.x(p), w.y(p))
		}
		w.f(`" fill="none" stroke="%s" stroke-width="%s"%s stroke-opacity="0.8"><title>%s</title></polyline>`,
			c, width, dash, esc(t.Units[mv.Unit].Name+what))
		w.arrowhead(mv.Path, head)
	}
}

// arrowhead draws a path's head: a triangle size long and size wide, its tip at the last
// point, pointing the way the last step went. It is drawn, not a <marker>: a marker is not
// drawn where a frame is shown by reference (Upright) from an SVG the page hides.
func (w *svgWriter) arrowhead(path []battle.Point, size float64) {
	tip := path[len(path)-1]
	from := tip
	for i := len(path) - 2; i >= 0 && math.Hypot(from.X-tip.X, from.Y-tip.Y) < 0.01; i-- {
		from = path[i]
	}
	d := math.Hypot(tip.X-from.X, tip.Y-from.Y)
	if d < 0.01 {
		return
	}
	// In the drawing's units (y down): the way along, and across it.
	ux, uy := (tip.X-from.X)/d, -(tip.Y-from.Y)/d
	x, y := tip.X, w.h-tip.Y
	bx, by := x-ux*size, y-uy*size
	w.f(`<path class="move-head" d="M%s %sL%s %sL%s %sz" fill="#334155"/>`,
		num(x), num(y), num(bx-uy*size/2), num(by+ux*size/2), num(bx+uy*size/2), num(by-ux*size/2))
}

func samePath(p []battle.Point) bool {
	for _, q := range p[1:] {
		if math.Abs(q.X-p[0].X) > 0.01 || math.Abs(q.Y-p[0].Y) > 0.01 {
			return false
		}
	}
	return true
}

// centre is the middle of a unit's figures on the table in a frame (or of all its figures
// when none is left, so that fire at a unit wiped out still has somewhere to go).
func centre(fr *battle.Frame, ui int) (battle.Point, bool) {
	var c battle.Point
	n := 0
	for pass := range 2 {
		for _, f := range fr.Figs {
			if f.Unit == ui && (pass == 1 || f.On && !f.Out) {
				c.X += f.At.X
				c.Y += f.At.Y
				n++
			}
		}
		if n > 0 {
			return battle.Point{X: c.X / float64(n), Y: c.Y / float64(n)}, true
		}
	}
	return c, false
}

func drawFire(w *svgWriter, t *battle.Trace, fr *battle.Frame) {
	for _, f := range fr.Fire {
		to, ok := centre(fr, f.To)
		if !ok {
			continue
		}
		colour, dash := "#dc2626", ""
		if f.Hits == 0 {
			colour, dash = "#52525b", ` stroke-dasharray="0.25 0.25"`
		}
		mode := ""
		if f.Mode != "" {
			mode = " (" + f.Mode + " fire)"
		}
		title := fmt.Sprintf("%s fires at %s%s: %s, %s", t.Units[f.From].Name, t.Units[f.To].Name, mode, counted(f.Shots, "shot"), counted(f.Hits, "hit"))
		w.f(`<g class="fire" data-from="%d" data-to="%d" data-hits="%d"><title>%s</title>`, f.From, f.To, f.Hits, esc(title))
		for _, g := range fr.Figs {
			if g.Unit != f.From || !g.On || g.Out {
				continue
			}
			w.f(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="0.07" stroke-opacity="0.7"%s/>`,
				w.x(g.At), w.y(g.At), w.x(to), w.y(to), colour, dash)
		}
		if f.Hits > 0 {
			w.f(`<text x="%s" y="%s" font-size="0.9" font-family="sans-serif" font-weight="bold" fill="%s" stroke="#fff" stroke-width="0.15" paint-order="stroke">%d</text>`,
				num(to.X+0.7), num(w.h-to.Y-0.7), colour, f.Hits)
		}
		w.f(`</g>`)
	}
}

func drawTemplates(w *svgWriter, fr *battle.Frame) {
	for _, tp := range fr.Templates {
		w.f(`<circle class="template" cx="%s" cy="%s" r="%s" fill="#f97316" fill-opacity="0.3" stroke="#c2410c" stroke-width="0.12"><title>%s: %d under it</title></circle>`,
			w.x(tp.At), w.y(tp.At), num(math.Max(tp.Radius, 0.5)), esc(tp.Kind), tp.Under)
	}
}

func drawAssaults(w *svgWriter, t *battle.Trace, fr *battle.Frame) {
	for _, a := range fr.Assaults {
		var names [2][]string
		for s := range 2 {
			for _, ui := range a.Units[s] {
				names[s] = append(names[s], t.Units[ui].Name)
			}
		}
		title := fmt.Sprintf("Close assault: %s against %s, %d and %d blows land",
			strings.Join(names[0], ", "), strings.Join(names[1], ", "), a.Blows[0], a.Blows[1])
		for _, x := range a.Units[0] {
			for _, y := range a.Units[1] {
				p, ok1 := centre(fr, x)
				q, ok2 := centre(fr, y)
				if !ok1 || !ok2 {
					continue
				}
				m := battle.Point{X: (p.X + q.X) / 2, Y: (p.Y + q.Y) / 2}
				w.f(`<g class="assault"><title>%s</title><line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#7c2d12" stroke-width="0.3" stroke-opacity="0.6"/>`,
					esc(title), w.x(p), w.y(p), w.x(q), w.y(q))
				w.f(`<path d="M%s %sl1.2 1.2m0 -1.2l-1.2 1.2" stroke="#7c2d12" stroke-width="0.3" stroke-linecap="round"/></g>`,
					num(m.X-0.6), num(w.h-m.Y-0.6))
			}
		}
	}
}

// figState is a figure's state as the frame shows it, for its title and the tests.
func figState(f battle.FigState) string {
	switch {
	case f.Out:
		return "out"
	case f.Wounded && f.Prone:
		return "wounded prone"
	case f.Wounded:
		return "wounded"
	case f.Prone:
		return "prone"
	}
	return "ok"
}

func drawFigures(w *svgWriter, t *battle.Trace, fr *battle.Frame) {
	fell := map[int]string{}
	for _, c := range fr.Casualties {
		fell[c.Fig] = c.What
	}
	for i, f := range fr.Figs {
		if f.Gone || !f.On && !f.Out {
			continue
		}
		name := t.Units[f.Unit].Name
		st := figState(f)
		if f.Broken && !f.Out {
			st += " broken"
		}
		x, y := w.x(f.At), w.y(f.At)
		if f.Out {
			// Incapacitated: a cross where he fell, red in the phase he fell.
			colour, op := "#3f3f46", "0.45"
			if _, now := fell[i]; now {
				colour, op = "#dc2626", "1"
			}
			w.f(`<path class="fig" data-fig="%d" data-unit="%d" data-state="out" d="M%s %sl0.8 0.8m0 -0.8l-0.8 0.8" stroke="%s" stroke-opacity="%s" stroke-width="0.22" stroke-linecap="round"><title>%s: incapacitated</title></path>`,
				i, f.Unit, num(f.At.X-0.4), num(w.h-f.At.Y-0.4), colour, op, esc(name))
			continue
		}
		c := UnitColour(t, f.Home)
		stroke, sw, dash := "#111827", "0.08", ""
		if f.Hero {
			stroke, sw = "#eab308", "0.16"
		}
		if f.Broken {
			dash = ` stroke-dasharray="0.2 0.15"`
		}
		// data-side lets the page's style tell the sides apart beyond their colours.
		w.f(`<g class="fig" data-fig="%d" data-unit="%d" data-side="%d" data-state="%s" data-x="%s" data-y="%s"><title>%s: %s</title>`,
			i, f.Unit, t.Units[f.Unit].Side, st, num(f.At.X), num(f.At.Y), esc(name), st)
		if f.Prone {
			w.f(`<ellipse cx="%s" cy="%s" rx="0.5" ry="0.3" fill="%s" stroke="%s" stroke-width="%s"%s/>`, x, y, c, stroke, sw, dash)
		} else {
			w.f(`<circle cx="%s" cy="%s" r="0.5" fill="%s" stroke="%s" stroke-width="%s"%s/>`, x, y, c, stroke, sw, dash)
		}
		if f.Wounded {
			w.f(`<circle cx="%s" cy="%s" r="0.2" fill="#fff"/>`, x, y)
		}
		if _, hit := fell[i]; hit {
			w.f(`<circle cx="%s" cy="%s" r="0.75" fill="none" stroke="#dc2626" stroke-width="0.1"/>`, x, y)
		}
		w.f(`</g>`)
	}
}

// counted is "1 shot", "3 shots".
func counted(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
