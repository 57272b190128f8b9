package replay

import (
	"encoding/json"
	"math"

	"muster/rules/battle"
)

// The scenario designer's map (issue 33): a scenario's table drawn as the replay draws it
// (the same colours for each kind of ground, the same dashed deployment zones, barriers and
// objectives), but from the scenario file rather than a battle, in the table's own inches
// (a group turned so that y runs north), every piece marked with the form row it comes
// from so that the page's script (static/designer.js) moves and resizes it. The script
// redraws the map from the form as it is edited, in the same way; this is the picture
// before any script runs, and the read-only one of a shared scenario.

// Fills are the colours the map draws each terrain type in, by type name: for the script.
func Fills(types []string) string {
	m := map[string]string{}
	for _, t := range types {
		m[t] = terrainFill(t)
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// SideColours are the colours of each side's deployment zone (its palette's first).
var SideColours = [2]string{palettes[0][0], palettes[1][0]}

// Designer draws a scenario's table, each piece keyed by its place in its list (the form
// rows design.FromScenario numbers so).
func Designer(s *battle.Scenario, title string) string {
	w := &svgWriter{h: s.Height}
	w.f(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="%s %s %s %s" role="img" aria-labelledby="designer-title" class="designer-svg" id="designer-map" data-width="%s" data-height="%s">`,
		num(-margin), num(-margin), num(s.Width+2*margin), num(s.Height+2*margin), num(s.Width), num(s.Height))
	w.f(`<title id="designer-title">%s</title>`, esc(title))
	w.f(`<g id="designer-table" transform="translate(0 %s) scale(1 -1)">`, num(s.Height))
	w.f(`<rect x="0" y="0" width="%s" height="%s" fill="#e8dfc4" stroke="#5c5340" stroke-width="0.15"/>`, num(s.Width), num(s.Height))
	w.f(`<g id="designer-pieces">`)
	for i, sd := range s.Sides {
		z := sd.Deploy
		x0, y0 := math.Min(z[0], z[2]), math.Min(z[1], z[3])
		w.f(`<rect data-list="side" data-key="%d" x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="0.12" stroke="%s" stroke-width="0.2" stroke-dasharray="0.6 0.4"><title>deployment zone of %s</title></rect>`,
			i, num(x0), num(y0), num(math.Max(z[0], z[2])-x0), num(math.Max(z[1], z[3])-y0), SideColours[i], SideColours[i], esc(sd.Name))
	}
	for _, z := range s.Victory.Zones {
		x0, y0 := math.Min(z[0], z[2]), math.Min(z[1], z[3])
		w.f(`<rect x="%s" y="%s" width="%s" height="%s" fill="#3f3f46" fill-opacity="0.08" stroke="#3f3f46" stroke-width="0.12" stroke-dasharray="0.2 0.3"><title>exit</title></rect>`,
			num(x0), num(y0), num(math.Max(z[0], z[2])-x0), num(math.Max(z[1], z[3])-y0))
	}
	for i, t := range s.Terrain {
		fill := terrainFill(t.Type)
		switch {
		case len(t.Rect) == 4:
			x0, y0 := math.Min(t.Rect[0], t.Rect[2]), math.Min(t.Rect[1], t.Rect[3])
			w.f(`<rect data-list="terrain" data-key="%d" x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="0.8" stroke="#4b4536" stroke-width="0.1"><title>%s (%s)</title></rect>`,
				i, num(x0), num(y0), num(math.Max(t.Rect[0], t.Rect[2])-x0), num(math.Max(t.Rect[1], t.Rect[3])-y0), fill, esc(t.Name), esc(t.Type))
		case len(t.Circle) == 3:
			w.f(`<circle data-list="terrain" data-key="%d" cx="%s" cy="%s" r="%s" fill="%s" fill-opacity="0.8" stroke="#4b4536" stroke-width="0.1"><title>%s (%s)</title></circle>`,
				i, num(t.Circle[0]), num(t.Circle[1]), num(t.Circle[2]), fill, esc(t.Name), esc(t.Type))
		default:
			w.f(`<polygon data-list="terrain" data-key="%d" points="`, i)
			for j, p := range t.Poly {
				if j > 0 {
					w.f(" ")
				}
				w.f("%s,%s", num(p[0]), num(p[1]))
			}
			w.f(`" fill="%s" fill-opacity="0.8" stroke="#4b4536" stroke-width="0.1"><title>%s (%s)</title></polygon>`, fill, esc(t.Name), esc(t.Type))
		}
	}
	for i, b := range s.Barriers {
		w.f(`<line data-list="barrier" data-key="%d" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#3b2f1e" stroke-width="0.5" stroke-linecap="round"><title>%s (%s)</title></line>`,
			i, num(b.From[0]), num(b.From[1]), num(b.To[0]), num(b.To[1]), esc(b.Name), esc(b.Type))
	}
	for i, o := range s.Objectives {
		w.f(`<circle data-list="objective" data-key="%d" cx="%s" cy="%s" r="%s" fill="#facc15" fill-opacity="0.35" stroke="#a16207" stroke-width="0.15" stroke-dasharray="0.3 0.2"><title>%s</title></circle>`,
			i, num(o.At[0]), num(o.At[1]), num(math.Max(o.Radius, 0.8)), esc(o.Name))
	}
	w.f(`</g></g></svg>`)
	return w.String()
}
