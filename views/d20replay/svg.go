// Package d20replay draws a d20 battle's trace (engine.Trace) as SVG, one frame per step
// (the setup, then each activation): the map's squares, walls and doors (open or shut as
// they were), the setup areas, every figure on its squares in its colour with its number
// and a bar of its Hit Points, the step's moves as paths, its attacks as lines from the
// attacker to the target (red a hit, grey dashed a miss), the damage taken, and the
// figures defeated. One unit is one square. The output is a pure function of the trace,
// and colours are presentation attributes (the page's Content-Security-Policy forbids
// inline style).
package d20replay

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"strconv"

	"muster/rules/swm/engine"
)

// margin is the squares drawn around the map for the columns' and rows' numbers, which the
// log's (column,row) count.
const margin = 1.0

// Colours of the figures: each side's take its palette's colours in order. The first
// squad's are reds and browns and the second's blues and greens, as the SWMB replay's (and
// the odds pages') first army's and second army's.
var palettes = [2][]string{
	{"#b91c1c", "#c2410c", "#9d174d", "#a16207", "#be123c", "#7c2d12", "#86198f", "#991b1b"},
	{"#1d4ed8", "#0e7490", "#4338ca", "#047857", "#0369a1", "#6d28d9", "#15803d", "#1e3a8a"},
}

// Colour is the colour figure i is drawn in.
func Colour(t *engine.Trace, i int) string {
	side := t.Figures[i].Side
	return palettes[side][(Number(t, i)-1)%len(palettes[side])]
}

// Number is figure i's number among its squad's, from 1: what the map writes on it.
func Number(t *engine.Trace, i int) int {
	n := 1
	for j := range i {
		if t.Figures[j].Side == t.Figures[i].Side {
			n++
		}
	}
	return n
}

// Tag is how the map and its key name figure i: its squad's letter, as the log's [A] and
// [B], and its number ("A2").
func Tag(t *engine.Trace, i int) string {
	return string(rune('A'+t.Figures[i].Side)) + strconv.Itoa(Number(t, i))
}

// Caption names frame k: "Set-up", or "Round 2: [A] Luke Skywalker".
func Caption(t *engine.Trace, k int) string {
	f := &t.Frames[k]
	if f.Actor < 0 {
		return "Set-up"
	}
	return "Round " + strconv.Itoa(f.Round) + ": " + t.Figures[f.Actor].Label
}

// Square kinds' fills and names, for the map and its key.
var squareFill = map[engine.Terrain]string{
	engine.Open:      "#ece6d3",
	engine.Low:       "#b08d57",
	engine.Difficult: "#bcc8d2",
	engine.Pit:       "#1f2937",
	engine.Wall:      "#52525b",
	engine.Door:      "#92400e",
}

// Key is a kind of square as the key shows it: its name, what it does, and a swatch.
type Key struct{ Name, Note, Swatch string }

// Keys are the kinds of square on the trace's map, each once, in the order of the rulebook's
// terrain (open first, then low objects, difficult terrain, pits, walls, doors): a door is
// shown shut and open.
func Keys(t *engine.Trace) []Key {
	has := map[engine.Terrain]bool{}
	for _, s := range t.Squares {
		has[s] = true
	}
	var out []Key
	add := func(k engine.Terrain, name, note string, open bool) {
		if has[k] {
			out = append(out, Key{name, note, swatch(k, open)})
		}
	}
	add(engine.Low, "low objects", "cover; 2 squares of movement", false)
	add(engine.Difficult, "difficult terrain", "2 squares of movement", false)
	add(engine.Pit, "pit", "a figure that ends its turn there is defeated", false)
	add(engine.Wall, "wall", "blocks movement and sight", false)
	add(engine.Door, "door, shut", "a wall until someone ends a turn next to it", false)
	add(engine.Door, "door, open", "", true)
	return out
}

func swatch(k engine.Terrain, open bool) string {
	w := &writer{}
	w.f(`<svg class="replay-terrain-swatch" width="20" height="20" viewBox="0 0 1 1" aria-hidden="true">`)
	w.square(k, 0, 0, open)
	// A light rim: a wall's or a pit's dark square stands out on the dark theme's page too.
	w.f(`<rect x="0.02" y="0.02" width="0.96" height="0.96" fill="none" stroke="#a8a29e" stroke-width="0.04"/>`)
	w.f(`</svg>`)
	return w.String()
}

// Frames draws every frame of a trace, the ids in them prefixed by prefix.
func Frames(t *engine.Trace, prefix string) [][]byte {
	out := make([][]byte, len(t.Frames))
	for k := range t.Frames {
		out[k] = Frame(t, k, prefix)
	}
	return out
}

// Frame draws frame k of a trace as one SVG document.
func Frame(t *engine.Trace, k int, prefix string) []byte {
	f := &t.Frames[k]
	w := &writer{}
	w.f(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="%s %s %s %s" role="img" aria-labelledby="%s-title-%d" class="replay-svg replay-grid" data-frame="%d">`,
		num(-margin), num(-margin), num(float64(t.W)+margin+0.2), num(float64(t.H)+margin+0.2), prefix, k, k)
	w.f(`<title id="%s-title-%d">%s map, %s</title>`, prefix, k, esc(t.Map), esc(Caption(t, k)))
	drawSquares(w, t, f)
	drawMoves(w, t, f)
	drawAttacks(w, t, k)
	drawFigures(w, t, k)
	drawDamage(w, t, f)
	w.f(`</svg>`)
	return w.Bytes()
}

func drawSquares(w *writer, t *engine.Trace, f *engine.Frame) {
	// The columns' and rows' numbers, as the log counts them from the top left.
	w.f(`<g font-size="0.5" font-family="sans-serif" fill="#5c5340" text-anchor="middle" dominant-baseline="central" aria-hidden="true">`)
	for x := range t.W {
		if x == 0 || (x+1)%5 == 0 {
			w.f(`<text x="%s" y="-0.5">%d</text>`, num(float64(x)+0.5), x+1)
		}
	}
	for y := range t.H {
		if y == 0 || (y+1)%5 == 0 {
			w.f(`<text x="-0.5" y="%s">%d</text>`, num(float64(y)+0.5), y+1)
		}
	}
	w.f(`</g>`)
	open := map[engine.Point]bool{}
	for i, p := range t.Doors {
		if i < len(f.Open) && f.Open[i] {
			open[p] = true
		}
	}
	for y := range t.H {
		for x := range t.W {
			p := engine.Point{X: x, Y: y}
			w.square(t.Squares[y*t.W+x], float64(x), float64(y), open[p])
		}
	}
	// The setup areas, a dashed line round each squad's, in its first colour.
	for s := range 2 {
		z := t.Zones[t.Zone[s]]
		if len(z) == 0 {
			continue
		}
		x0, y0, x1, y1 := z[0].X, z[0].Y, z[0].X, z[0].Y
		for _, p := range z {
			x0, y0, x1, y1 = min(x0, p.X), min(y0, p.Y), max(x1, p.X), max(y1, p.Y)
		}
		w.f(`<rect x="%d" y="%d" width="%d" height="%d" fill="%s" fill-opacity="0.1" stroke="%s" stroke-width="0.08" stroke-dasharray="0.4 0.25"><title>setup area of %s</title></rect>`,
			x0, y0, x1-x0+1, y1-y0+1, palettes[s][0], palettes[s][0], esc(t.Squads[s]))
	}
	// The grid.
	w.f(`<path d="`)
	for x := 0; x <= t.W; x++ {
		w.f("M%d 0V%d", x, t.H)
	}
	for y := 0; y <= t.H; y++ {
		w.f("M0 %dH%d", y, t.W)
	}
	w.f(`" stroke="#5c5340" stroke-opacity="0.35" stroke-width="0.03" fill="none"/>`)
}

// square draws one square of kind k with its top left at (x, y); a door open or shut.
func (w *writer) square(k engine.Terrain, x, y float64, open bool) {
	fill := squareFill[k]
	if k == engine.Door && open {
		fill = squareFill[engine.Open]
	}
	if k == engine.Door {
		// A door says where it is and whether it is open, for the tests and a hover.
		state := "shut"
		if open {
			state = "open"
		}
		w.f(`<rect class="door" data-square="%s,%s" data-open="%t" x="%s" y="%s" width="1" height="1" fill="%s"><title>a door, %s</title></rect>`,
			num(x), num(y), open, num(x), num(y), fill, state)
	} else {
		w.f(`<rect x="%s" y="%s" width="1" height="1" fill="%s"/>`, num(x), num(y), fill)
	}
	switch k {
	case engine.Low:
		// A crate: a darker inner square.
		w.f(`<rect x="%s" y="%s" width="0.6" height="0.6" fill="none" stroke="#6b4f2a" stroke-width="0.08"/>`, num(x+0.2), num(y+0.2))
	case engine.Difficult:
		w.f(`<path d="M%s %sl0.6 -0.6M%s %sl0.6 -0.6" stroke="#64748b" stroke-width="0.06"/>`, num(x+0.1), num(y+0.6), num(x+0.3), num(y+0.9))
	case engine.Door:
		if open {
			// An open door: its frame, dashed, and the leaf swung to one side.
			w.f(`<rect x="%s" y="%s" width="0.9" height="0.9" fill="none" stroke="#92400e" stroke-width="0.08" stroke-dasharray="0.2 0.12"/>`, num(x+0.05), num(y+0.05))
			w.f(`<rect x="%s" y="%s" width="0.15" height="0.8" fill="#92400e"/>`, num(x+0.1), num(y+0.1))
		} else {
			w.f(`<rect x="%s" y="%s" width="0.8" height="0.8" fill="none" stroke="#fde68a" stroke-width="0.06"/><path d="M%s %sh0.6" stroke="#fde68a" stroke-width="0.1"/>`,
				num(x+0.1), num(y+0.1), num(x+0.2), num(y+0.5))
		}
	}
}

// centre is the middle of a figure standing at p.
func centre(t *engine.Trace, i int, p engine.Point) (float64, float64) {
	s := float64(t.Figures[i].Size)
	return float64(p.X) + s/2, float64(p.Y) + s/2
}

func drawMoves(w *writer, t *engine.Trace, f *engine.Frame) {
	for _, e := range f.Events {
		if e.Kind != engine.Move || len(e.Path) < 2 {
			continue
		}
		w.f(`<polyline class="move" data-fig="%d" points="`, e.Who)
		for i, p := range e.Path {
			if i > 0 {
				w.f(" ")
			}
			x, y := centre(t, e.Who, p)
			w.f("%s,%s", num(x), num(y))
		}
		w.f(`" fill="none" stroke="%s" stroke-width="0.14" stroke-dasharray="0.35 0.2" stroke-linejoin="round"><title>%s moves from %s to %s</title></polyline>`,
			Colour(t, e.Who), esc(t.Figures[e.Who].Label), e.Path[0], e.Path[len(e.Path)-1])
		// The start: a small ring where the figure stood.
		x, y := centre(t, e.Who, e.Path[0])
		w.f(`<circle cx="%s" cy="%s" r="0.15" fill="none" stroke="%s" stroke-width="0.08"/>`, num(x), num(y), Colour(t, e.Who))
	}
}

// drawAttacks draws each attack from where the attacker stood to where the target stood as
// it happened: every figure's position at the frame before, moved along as its moves go.
func drawAttacks(w *writer, t *engine.Trace, k int) {
	f := &t.Frames[k]
	at := make([]engine.Point, len(t.Figures))
	for i := range at {
		if k > 0 {
			at[i] = t.Frames[k-1].Figures[i].Pos
		} else {
			at[i] = f.Figures[i].Pos
		}
	}
	for _, e := range f.Events {
		switch e.Kind {
		case engine.Move:
			at[e.Who] = e.Path[len(e.Path)-1]
		case engine.Attack:
			x1, y1 := centre(t, e.Who, at[e.Who])
			x2, y2 := centre(t, e.Target, at[e.Target])
			colour, dash, what := "#dc2626", "", "hits"
			if e.Critical {
				what = "scores a critical hit on"
			}
			if !e.Hit {
				colour, dash, what = "#52525b", ` stroke-dasharray="0.25 0.2"`, "misses"
			}
			w.f(`<line class="attack" data-fig="%d" data-target="%d" data-hit="%t" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="0.12"%s stroke-linecap="round"><title>%s attacks %s: %s</title></line>`,
				e.Who, e.Target, e.Hit, num(x1), num(y1), num(x2), num(y2), colour, dash, esc(t.Figures[e.Who].Label), esc(t.Figures[e.Target].Label), what)
		}
	}
}

// drawFigures draws every figure in play at the frame's end, the one that activated ringed
// in gold, and a red cross where one was defeated in this step (the defeated leave the map).
func drawFigures(w *writer, t *engine.Trace, k int) {
	f := &t.Frames[k]
	for i, s := range f.Figures {
		fig := &t.Figures[i]
		x, y := centre(t, i, s.Pos)
		size := float64(fig.Size)
		if s.Defeated {
			if k > 0 && !t.Frames[k-1].Figures[i].Defeated {
				d := 0.3 * size
				w.f(`<g class="fell" data-fig="%d"><title>%s is defeated</title><path d="M%s %sl%s %sM%s %sl%s %s" stroke="#dc2626" stroke-width="0.16" stroke-linecap="round"/></g>`,
					i, esc(fig.Label), num(x-d), num(y-d), num(2*d), num(2*d), num(x+d), num(y-d), num(-2*d), num(2*d))
			}
			continue
		}
		if i == f.Actor {
			w.f(`<circle class="actor" cx="%s" cy="%s" r="%s" fill="none" stroke="#eab308" stroke-width="0.12"/>`, num(x), num(y), num(0.48*size))
		}
		r := 0.38 * size
		w.f(`<g class="fig" data-fig="%d" data-side="%d" data-square="%d,%d"><title>%s at %s, %d of %d Hit Points</title>`,
			i, fig.Side, s.Pos.X, s.Pos.Y, esc(fig.Label), s.Pos, s.HP, fig.MaxHP)
		w.f(`<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="#111827" stroke-width="0.04"/>`, num(x), num(y), num(r), Colour(t, i))
		w.f(`<text x="%s" y="%s" font-size="%s" font-family="sans-serif" font-weight="bold" fill="#ffffff" text-anchor="middle" dominant-baseline="central">%s</text>`,
			num(x), num(y), num(0.36*math.Sqrt(size)), Tag(t, i))
		w.f(`</g>`)
		// Hit Points: a bar under the figure, green to red as it is hurt.
		if fig.MaxHP > 0 && s.HP < fig.MaxHP {
			bw := 0.8 * size
			left := float64(s.HP) / float64(fig.MaxHP)
			bar := "#16a34a"
			if left <= 0.5 {
				bar = "#dc2626"
			}
			w.f(`<rect x="%s" y="%s" width="%s" height="0.14" fill="#111827"/><rect class="hp" x="%s" y="%s" width="%s" height="0.14" fill="%s"/>`,
				num(x-bw/2), num(y+r+0.02), num(bw), num(x-bw/2), num(y+r+0.02), num(bw*left), bar)
		}
	}
}

// drawDamage writes the damage each figure took in the step beside it: "-10" in red.
func drawDamage(w *writer, t *engine.Trace, f *engine.Frame) {
	took := make([]int, len(t.Figures))
	var order []int
	for _, e := range f.Events {
		if e.Kind == engine.Damage {
			if took[e.Target] == 0 {
				order = append(order, e.Target)
			}
			took[e.Target] += e.Damage
		}
	}
	for _, i := range order {
		x, y := centre(t, i, f.Figures[i].Pos)
		size := float64(t.Figures[i].Size)
		w.f(`<text class="damage" data-fig="%d" x="%s" y="%s" font-size="0.6" font-family="sans-serif" font-weight="bold" fill="#b91c1c" stroke="#ffffff" stroke-width="0.12" paint-order="stroke" text-anchor="middle">−%d</text>`,
			i, num(x+0.35*size), num(y-0.3*size), took[i])
	}
}

// writer writes numbers with at most two decimals, so that the output is short and the same
// on every machine.
type writer struct{ bytes.Buffer }

func (w *writer) f(format string, args ...any) { fmt.Fprintf(w, format, args...) }

func num(x float64) string {
	x = math.Round(x*100) / 100
	if x == 0 {
		x = 0 // no "-0"
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

func esc(s string) string { return html.EscapeString(s) }
