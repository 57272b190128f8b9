// Package design is the scenario designer's form (issue 33): a scenario file
// (rules/battle's Scenario) as rows of text fields a person edits, one row per terrain
// area, barrier and objective, and the file built back from them. The form covers what a
// gamemaster designs (the table, terrain, barriers, each side's deployment zone, set-up and
// Orders of the Day, objectives, the victory condition, the turn limit, night); what it does
// not show (reinforcements, rally points, set-up zones, force limits, approximations) is
// kept from the file it was loaded from, so that a file saved from the form plays the same
// battles as the file loaded into it.
package design

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"muster/rules"
	"muster/rules/battle"
)

// Form is a scenario as the designer's fields hold it: text as typed.
type Form struct {
	ID, Name, Source, Description string
	Width, Height, Turns          string
	// VictoryKind is battle.Victory's Kind, VictorySide its Side ("0" or "1"), VictoryZones
	// its zones as text ("x0, y0, x1, y1; ...").
	VictoryKind, VictorySide, VictoryText, VictoryZones string
	// Night makes the battle a night one; Visibility its inches ("" rolls them).
	Night      bool
	Visibility string
	Terrain    []Area
	Barriers   []Barrier
	Sides      [2]Side
	Objectives []Objective
}

// Area is a terrain area's row. Shape is "rect" (X, Y its south-west corner, W, H its
// size), "circle" (X, Y its centre, R its radius) or "poly" (Points, "x, y; x, y; ...").
type Area struct {
	Key                                 string // the row's number in the posted form
	Type, Name, Shape, X, Y, W, H, R    string
	Points, Foliage, Cover, Move        string
	High, Impassable, BlocksLOS, Remove bool
}

// Barrier is a barrier's row: from (X1, Y1) to (X2, Y2).
type Barrier struct {
	Key                           string
	Type, Name, X1, Y1, X2, Y2    string
	Impassable, BlocksLOS, Remove bool
}

// Side is a side's row: its deployment zone X, Y (south-west corner), W, H.
type Side struct {
	Name, Edge, X, Y, W, H, Setup, Orders string
	Hidden                                bool
	// Rally are the side's rally points as text ("x, y; x, y"; empty: its home edge), and
	// Reinforce how its units not set up arrive, as the scenario file writes it (JSON; empty:
	// they do not): every field of the file editable as text, these two as they are written.
	Rally, Reinforce string
}

// Objective is an objective's row.
type Objective struct {
	Key                               string
	Name, X, Y, Radius, Search, Range string
	Hidden, Carry, Remove             bool
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// zonesText writes zones as "x0, y0, x1, y1; ...".
func zonesText(zs []battle.Zone) string {
	var parts []string
	for _, z := range zs {
		parts = append(parts, num(z[0])+", "+num(z[1])+", "+num(z[2])+", "+num(z[3]))
	}
	return strings.Join(parts, "; ")
}

// FromScenario is a scenario file's fields in the form.
func FromScenario(s *battle.Scenario) Form {
	f := Form{ID: s.ID, Name: s.Name, Source: s.Source, Description: s.Description,
		Width: num(s.Width), Height: num(s.Height), Turns: strconv.Itoa(s.Turns),
		VictoryKind: s.Victory.Kind, VictorySide: strconv.Itoa(s.Victory.Side), VictoryText: s.Victory.Text,
		VictoryZones: zonesText(s.Victory.Zones)}
	if s.Darkness != nil {
		f.Night = true
		if s.Darkness.Visibility > 0 {
			f.Visibility = num(s.Darkness.Visibility)
		}
	}
	for i, t := range s.Terrain {
		a := Area{Key: strconv.Itoa(i), Type: t.Type, Name: t.Name, Foliage: t.Foliage, Cover: t.Cover,
			High: t.High, Impassable: t.Impassable, BlocksLOS: t.BlocksLOS}
		if t.Move != 0 {
			a.Move = num(t.Move)
		}
		switch {
		case len(t.Rect) == 4:
			x0, y0 := math.Min(t.Rect[0], t.Rect[2]), math.Min(t.Rect[1], t.Rect[3])
			a.Shape, a.X, a.Y = "rect", num(x0), num(y0)
			a.W, a.H = num(math.Max(t.Rect[0], t.Rect[2])-x0), num(math.Max(t.Rect[1], t.Rect[3])-y0)
		case len(t.Circle) == 3:
			a.Shape, a.X, a.Y, a.R = "circle", num(t.Circle[0]), num(t.Circle[1]), num(t.Circle[2])
		default:
			a.Shape = "poly"
			var parts []string
			for _, p := range t.Poly {
				parts = append(parts, num(p[0])+", "+num(p[1]))
			}
			a.Points = strings.Join(parts, "; ")
		}
		f.Terrain = append(f.Terrain, a)
	}
	for i, b := range s.Barriers {
		f.Barriers = append(f.Barriers, Barrier{Key: strconv.Itoa(i), Type: b.Type, Name: b.Name,
			X1: num(b.From[0]), Y1: num(b.From[1]), X2: num(b.To[0]), Y2: num(b.To[1]), Impassable: b.Impassable, BlocksLOS: b.BlocksLOS})
	}
	for i, sd := range s.Sides {
		z := sd.Deploy
		x0, y0 := math.Min(z[0], z[2]), math.Min(z[1], z[3])
		f.Sides[i] = Side{Name: sd.Name, Edge: sd.Edge, X: num(x0), Y: num(y0), W: num(math.Max(z[0], z[2]) - x0),
			H: num(math.Max(z[1], z[3]) - y0), Hidden: sd.Hidden, Orders: sd.Orders}
		if sd.Setup != nil {
			f.Sides[i].Setup = strconv.Itoa(*sd.Setup)
		}
		var rally []string
		for _, p := range sd.Rally {
			rally = append(rally, num(p[0])+", "+num(p[1]))
		}
		f.Sides[i].Rally = strings.Join(rally, "; ")
		if sd.Reinforce != nil {
			if b, err := json.MarshalIndent(sd.Reinforce, "", "  "); err == nil {
				f.Sides[i].Reinforce = string(b)
			}
		}
	}
	for i, o := range s.Objectives {
		ob := Objective{Key: strconv.Itoa(i), Name: o.Name, X: num(o.At[0]), Y: num(o.At[1]), Hidden: o.Hidden, Carry: o.Carry}
		if o.Radius != 0 {
			ob.Radius = num(o.Radius)
		}
		if o.Search != 0 {
			ob.Search = strconv.Itoa(o.Search)
		}
		if o.SearchRange != 0 {
			ob.Range = num(o.SearchRange)
		}
		f.Objectives = append(f.Objectives, ob)
	}
	return f
}

// MaxRows is the most rows of a kind the form reads (the engine takes at most 64 areas).
const MaxRows = 100

func on(v url.Values, k string) bool { return v.Get(k) != "" }

// rowKeys are the row numbers of a list's rows in a posted form, in order: the rows the
// page's script added or a person removed leave gaps and come in any order.
func rowKeys(v url.Values, prefix, field string) []string {
	var keys []int
	for k := range v {
		rest, ok := strings.CutPrefix(k, prefix+".")
		if !ok {
			continue
		}
		n, f, ok := strings.Cut(rest, ".")
		if !ok || f != field {
			continue
		}
		if i, err := strconv.Atoi(n); err == nil && i >= 0 && i < 10*MaxRows {
			keys = append(keys, i)
		}
	}
	sort.Ints(keys)
	if len(keys) > MaxRows {
		keys = keys[:MaxRows]
	}
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = strconv.Itoa(k)
	}
	return out
}

// Read is the form as posted. Its field names are what Values writes.
func Read(v url.Values) Form {
	f := Form{ID: v.Get("id"), Name: v.Get("name"), Source: v.Get("source"), Description: v.Get("description"),
		Width: v.Get("width"), Height: v.Get("height"), Turns: v.Get("turns"),
		VictoryKind: v.Get("victory.kind"), VictorySide: v.Get("victory.side"), VictoryText: v.Get("victory.text"),
		VictoryZones: v.Get("victory.zones"), Night: on(v, "night"), Visibility: v.Get("visibility")}
	for _, k := range rowKeys(v, "terrain", "type") {
		p := "terrain." + k + "."
		f.Terrain = append(f.Terrain, Area{Key: k, Type: v.Get(p + "type"), Name: v.Get(p + "name"), Shape: v.Get(p + "shape"),
			X: v.Get(p + "x"), Y: v.Get(p + "y"), W: v.Get(p + "w"), H: v.Get(p + "h"), R: v.Get(p + "r"), Points: v.Get(p + "points"),
			Foliage: v.Get(p + "foliage"), Cover: v.Get(p + "cover"), Move: v.Get(p + "move"),
			High: on(v, p+"high"), Impassable: on(v, p+"impassable"), BlocksLOS: on(v, p+"blocks_los"), Remove: on(v, p+"remove")})
	}
	for _, k := range rowKeys(v, "barrier", "type") {
		p := "barrier." + k + "."
		f.Barriers = append(f.Barriers, Barrier{Key: k, Type: v.Get(p + "type"), Name: v.Get(p + "name"),
			X1: v.Get(p + "x1"), Y1: v.Get(p + "y1"), X2: v.Get(p + "x2"), Y2: v.Get(p + "y2"),
			Impassable: on(v, p+"impassable"), BlocksLOS: on(v, p+"blocks_los"), Remove: on(v, p+"remove")})
	}
	for i := range f.Sides {
		p := "side." + strconv.Itoa(i) + "."
		f.Sides[i] = Side{Name: v.Get(p + "name"), Edge: v.Get(p + "edge"), X: v.Get(p + "x"), Y: v.Get(p + "y"),
			W: v.Get(p + "w"), H: v.Get(p + "h"), Setup: v.Get(p + "setup"), Orders: v.Get(p + "orders"), Hidden: on(v, p+"hidden"),
			Rally: v.Get(p + "rally"), Reinforce: v.Get(p + "reinforce")}
	}
	for _, k := range rowKeys(v, "objective", "name") {
		p := "objective." + k + "."
		f.Objectives = append(f.Objectives, Objective{Key: k, Name: v.Get(p + "name"), X: v.Get(p + "x"), Y: v.Get(p + "y"),
			Radius: v.Get(p + "radius"), Search: v.Get(p + "search"), Range: v.Get(p + "search_range"),
			Hidden: on(v, p+"hidden"), Carry: on(v, p+"carry"), Remove: on(v, p+"remove")})
	}
	return f
}

// Values is the form as a browser posts it (rows numbered in order, checkboxes ticked
// present): what Read reads.
func (f Form) Values() url.Values {
	v := url.Values{}
	set := func(k, x string) {
		if x != "" {
			v.Set(k, x)
		}
	}
	tick := func(k string, b bool) {
		if b {
			v.Set(k, "on")
		}
	}
	set("id", f.ID)
	set("name", f.Name)
	set("source", f.Source)
	set("description", f.Description)
	set("width", f.Width)
	set("height", f.Height)
	set("turns", f.Turns)
	set("victory.kind", f.VictoryKind)
	set("victory.side", f.VictorySide)
	set("victory.text", f.VictoryText)
	set("victory.zones", f.VictoryZones)
	tick("night", f.Night)
	set("visibility", f.Visibility)
	for i, a := range f.Terrain {
		p := "terrain." + strconv.Itoa(i) + "."
		v.Set(p+"type", a.Type)
		for k, x := range map[string]string{"name": a.Name, "shape": a.Shape, "x": a.X, "y": a.Y, "w": a.W, "h": a.H, "r": a.R,
			"points": a.Points, "foliage": a.Foliage, "cover": a.Cover, "move": a.Move} {
			set(p+k, x)
		}
		tick(p+"high", a.High)
		tick(p+"impassable", a.Impassable)
		tick(p+"blocks_los", a.BlocksLOS)
	}
	for i, b := range f.Barriers {
		p := "barrier." + strconv.Itoa(i) + "."
		v.Set(p+"type", b.Type)
		for k, x := range map[string]string{"name": b.Name, "x1": b.X1, "y1": b.Y1, "x2": b.X2, "y2": b.Y2} {
			set(p+k, x)
		}
		tick(p+"impassable", b.Impassable)
		tick(p+"blocks_los", b.BlocksLOS)
	}
	for i, s := range f.Sides {
		p := "side." + strconv.Itoa(i) + "."
		for k, x := range map[string]string{"name": s.Name, "edge": s.Edge, "x": s.X, "y": s.Y, "w": s.W, "h": s.H, "setup": s.Setup, "orders": s.Orders,
			"rally": s.Rally, "reinforce": s.Reinforce} {
			set(p+k, x)
		}
		tick(p+"hidden", s.Hidden)
	}
	for i, o := range f.Objectives {
		p := "objective." + strconv.Itoa(i) + "."
		v.Set(p+"name", o.Name)
		for k, x := range map[string]string{"x": o.X, "y": o.Y, "radius": o.Radius, "search": o.Search, "search_range": o.Range} {
			set(p+k, x)
		}
		tick(p+"hidden", o.Hidden)
		tick(p+"carry", o.Carry)
	}
	return v
}

// Errors are the form's refusals by field name ("terrain.3.x", "side.0.edge"; a row's own
// name, "terrain.3", for the row as a whole; "" for the file as a whole).
type Errors map[string]string

// reader parses the form's numbers, noting each refusal by its field.
type reader struct{ errs Errors }

func (r *reader) num(key, label, s string, def float64, optional bool) float64 {
	s = strings.TrimSpace(s)
	if s == "" && optional {
		return def
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		r.errs[key] = label + ": write a number of inches, as 12 or 7.5"
		return def
	}
	return x
}

func (r *reader) int(key, label, s string, optional bool) (int, bool) {
	s = strings.TrimSpace(s)
	if s == "" && optional {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		r.errs[key] = label + ": write a whole number"
		return 0, false
	}
	return n, true
}

// groups reads "a, b; c, d" as groups of n numbers (any n when n is 0).
func (r *reader) groups(key, label, s string, n int) [][]float64 {
	var out [][]float64
	for _, g := range strings.Split(s, ";") {
		if strings.TrimSpace(g) == "" {
			continue
		}
		var xs []float64
		for _, t := range strings.FieldsFunc(g, func(c rune) bool { return c == ',' || c == ' ' || c == '\t' }) {
			x, err := strconv.ParseFloat(t, 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				r.errs[key] = fmt.Sprintf("%s: %q is not a number", label, t)
				return nil
			}
			xs = append(xs, x)
		}
		if n > 0 && len(xs) != n {
			r.errs[key] = fmt.Sprintf("%s: write groups of %d numbers parted by semicolons, as 0, 0, 10, 6; 62, 42, 72, 48", label, n)
			return nil
		}
		out = append(out, xs)
	}
	return out
}

func rowLabel(kind string, i int, name string) string {
	if name != "" {
		return fmt.Sprintf("%s %d (%s)", kind, i+1, name)
	}
	return fmt.Sprintf("%s %d", kind, i+1)
}

// Build is the scenario file of the form, base's fields the form does not show kept (base
// may be nil: a new scenario), checked by the engine. A file the engine refuses comes back
// with the refusals by field; the file is then nil.
func (f Form) Build(base *battle.Scenario) ([]byte, Errors) {
	r := &reader{errs: Errors{}}
	var s battle.Scenario
	if base != nil {
		s = *base
	}
	s.ID, s.Name, s.Source, s.Description = strings.TrimSpace(f.ID), strings.TrimSpace(f.Name), f.Source, f.Description
	s.Width = r.num("width", "Table width", f.Width, 0, false)
	s.Height = r.num("height", "Table height", f.Height, 0, false)
	s.Turns, _ = r.int("turns", "Turns", f.Turns, false)
	s.Victory.Kind, s.Victory.Text = f.VictoryKind, f.VictoryText
	s.Victory.Side, _ = r.int("victory.side", "Victory: the side", f.VictorySide, true)
	s.Victory.Zones = nil
	for _, g := range r.groups("victory.zones", "Victory zones", f.VictoryZones, 4) {
		s.Victory.Zones = append(s.Victory.Zones, battle.Zone{g[0], g[1], g[2], g[3]})
	}
	s.Darkness = nil
	if f.Night {
		s.Darkness = &battle.Darkness{Visibility: r.num("visibility", "Visibility at night", f.Visibility, 0, true)}
	}
	// Each list's rows in the file, and the form row each came from: the engine's refusal
	// of the file's terrain 3 is marked on the form row it was.
	var terrainKeys, barrierKeys, objectiveKeys []string
	s.Terrain = []battle.TerrainSpec{}
	for _, a := range f.Terrain {
		if a.Remove {
			continue
		}
		p := "terrain." + a.Key + "."
		label := rowLabel("Terrain", len(terrainKeys), a.Name)
		t := battle.TerrainSpec{Type: a.Type, Name: strings.TrimSpace(a.Name), High: a.High, Impassable: a.Impassable, BlocksLOS: a.BlocksLOS}
		if a.Type == "custom" {
			t.Cover = a.Cover
			t.Move = r.num(p+"move", label+": move cost", a.Move, 0, true)
		} else if a.Type == "swamp" || a.Foliage != "" {
			t.Foliage = a.Foliage
		}
		switch a.Shape {
		case "circle":
			x, y, rad := r.num(p+"x", label+": x", a.X, 0, false), r.num(p+"y", label+": y", a.Y, 0, false), r.num(p+"r", label+": radius", a.R, 0, false)
			if rad <= 0 && r.errs[p+"r"] == "" {
				r.errs[p+"r"] = label + ": give the circle a radius above 0"
			}
			t.Circle = []float64{x, y, rad}
		case "poly":
			for _, g := range r.groups(p+"points", label+": points", a.Points, 2) {
				t.Poly = append(t.Poly, [2]float64{g[0], g[1]})
			}
			if len(t.Poly) < 3 && r.errs[p+"points"] == "" {
				r.errs[p+"points"] = label + ": a polygon needs at least 3 points"
			}
		default:
			x, y := r.num(p+"x", label+": x", a.X, 0, false), r.num(p+"y", label+": y", a.Y, 0, false)
			w, h := r.num(p+"w", label+": width", a.W, 0, false), r.num(p+"h", label+": depth", a.H, 0, false)
			if w <= 0 && r.errs[p+"w"] == "" {
				r.errs[p+"w"] = label + ": give the area a width above 0"
			}
			if h <= 0 && r.errs[p+"h"] == "" {
				r.errs[p+"h"] = label + ": give the area a depth above 0"
			}
			t.Rect = []float64{x, y, x + w, y + h}
		}
		s.Terrain = append(s.Terrain, t)
		terrainKeys = append(terrainKeys, "terrain."+a.Key)
	}
	s.Barriers = []battle.BarrierSpec{}
	for _, b := range f.Barriers {
		if b.Remove {
			continue
		}
		p := "barrier." + b.Key + "."
		label := rowLabel("Barrier", len(barrierKeys), b.Name)
		s.Barriers = append(s.Barriers, battle.BarrierSpec{Type: b.Type, Name: strings.TrimSpace(b.Name),
			From:       [2]float64{r.num(p+"x1", label+": from x", b.X1, 0, false), r.num(p+"y1", label+": from y", b.Y1, 0, false)},
			To:         [2]float64{r.num(p+"x2", label+": to x", b.X2, 0, false), r.num(p+"y2", label+": to y", b.Y2, 0, false)},
			Impassable: b.Impassable, BlocksLOS: b.BlocksLOS})
		barrierKeys = append(barrierKeys, "barrier."+b.Key)
	}
	for i, sd := range f.Sides {
		p := "side." + strconv.Itoa(i) + "."
		label := rowLabel("Side", i, sd.Name)
		spec := s.Sides[i]
		spec.Name, spec.Edge, spec.Hidden, spec.Orders = strings.TrimSpace(sd.Name), sd.Edge, sd.Hidden, sd.Orders
		x, y := r.num(p+"x", label+": deployment x", sd.X, 0, false), r.num(p+"y", label+": deployment y", sd.Y, 0, false)
		w, h := r.num(p+"w", label+": deployment width", sd.W, 0, false), r.num(p+"h", label+": deployment depth", sd.H, 0, false)
		spec.Deploy = battle.Zone{x, y, x + w, y + h}
		spec.Setup = nil
		if n, ok := r.int(p+"setup", label+": units set up at the start", sd.Setup, true); ok {
			spec.Setup = &n
		}
		spec.Rally = nil
		for _, g := range r.groups(p+"rally", label+": rally points", sd.Rally, 2) {
			spec.Rally = append(spec.Rally, [2]float64{g[0], g[1]})
		}
		spec.Reinforce = nil
		if text := strings.TrimSpace(sd.Reinforce); text != "" {
			dec := json.NewDecoder(strings.NewReader(text))
			dec.DisallowUnknownFields()
			var rf battle.Reinforce
			if err := dec.Decode(&rf); err != nil {
				r.errs[p+"reinforce"] = label + ": reinforcements do not read as the scenario file writes them (phase, from_turn, rolls, then, per_turn, entries): " + err.Error()
			} else {
				spec.Reinforce = &rf
			}
		}
		s.Sides[i] = spec
	}
	s.Objectives = nil
	for _, o := range f.Objectives {
		if o.Remove {
			continue
		}
		p := "objective." + o.Key + "."
		label := rowLabel("Objective", len(objectiveKeys), o.Name)
		ob := battle.Objective{Name: strings.TrimSpace(o.Name), Hidden: o.Hidden, Carry: o.Carry,
			At:     [2]float64{r.num(p+"x", label+": x", o.X, 0, false), r.num(p+"y", label+": y", o.Y, 0, false)},
			Radius: r.num(p+"radius", label+": radius", o.Radius, 0, true), SearchRange: r.num(p+"search_range", label+": search range", o.Range, 0, true)}
		ob.Search, _ = r.int(p+"search", label+": search difficulty", o.Search, true)
		s.Objectives = append(s.Objectives, ob)
		objectiveKeys = append(objectiveKeys, "objective."+o.Key)
	}
	if len(r.errs) > 0 {
		return nil, r.errs
	}
	file, err := Marshal(&s)
	if err != nil {
		return nil, Errors{"": err.Error()}
	}
	if _, err := battle.ParseScenario(file); err != nil {
		return nil, Errors{fieldOf(err, terrainKeys, barrierKeys, objectiveKeys): err.Error()}
	}
	return file, nil
}

// fieldOf is the form's field for an engine's refusal of the built file.
func fieldOf(err error, terrain, barriers, objectives []string) string {
	var se *battle.ScenarioError
	if !errors.As(err, &se) {
		return ""
	}
	parts := strings.Split(se.Path, ".")
	row := func(keys []string) string {
		if len(parts) > 1 {
			if i, err := strconv.Atoi(parts[1]); err == nil && i < len(keys) {
				return keys[i]
			}
		}
		return ""
	}
	switch parts[0] {
	case "terrain":
		return row(terrain)
	case "barriers":
		return row(barriers)
	case "objectives":
		return row(objectives)
	case "sides":
		return "side." + strings.Join(parts[1:], ".")
	}
	return se.Path
}

// Marshal writes a scenario file as the built-in files are written: indented JSON, the
// characters as they are (no \u003c for <).
func Marshal(s *battle.Scenario) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Parse reads a stored or uploaded scenario file into the form's base. The
// engine's check is ParseScenario's; this only needs the fields.
func Parse(file []byte) (*battle.Scenario, error) {
	var s battle.Scenario
	dec := json.NewDecoder(bytes.NewReader(file))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, err
	}
	return &s, nil
}

// Type is a terrain or barrier type a row may take, with the Terrain Effects Chart's
// effects in words for the menu.
type Type struct{ Name, Effects string }

// TerrainTypes are the terrain types the engine knows (the Terrain Effects Chart's, then
// "custom"); BarrierTypes its barrier types.
func TerrainTypes() []Type { return chartTypes("terrain") }

// BarrierTypes are the barrier types the engine knows, then "custom" (a cliff).
func BarrierTypes() []Type { return chartTypes("barrier") }

func chartTypes(kind string) []Type {
	var out []Type
	for _, row := range rules.DefaultTables().Terrain.Rows {
		if row.Kind == kind {
			out = append(out, Type{Name: row.Name, Effects: "move " + row.Movement + ", fire " + row.Fire + ", sight " + row.LOS})
		}
	}
	if kind == "barrier" {
		return append(out, Type{Name: "custom", Effects: "impassable (a cliff, a force field)"})
	}
	return append(out, Type{Name: "custom", Effects: "its cover and move cost as given"})
}

// Blank is a new scenario: the book's 72" x 48" table, each side at its edge, the most
// victory points winning in 12 turns.
func Blank(id, name string) *battle.Scenario {
	return &battle.Scenario{ID: id, Name: name, Width: 72, Height: 48, Turns: 12,
		Terrain: []battle.TerrainSpec{}, Barriers: []battle.BarrierSpec{},
		Sides: [2]battle.SideSpec{{Name: "South", Edge: "south", Deploy: battle.Zone{10, 1, 62, 9}},
			{Name: "North", Edge: "north", Deploy: battle.Zone{10, 39, 62, 47}}},
		Victory: battle.Victory{Kind: "points", Text: "Most victory points when the battle ends wins."}}
}

// NewArea, NewBarrier and NewObjective are the rows "Add" gives, keyed key: a small
// woods, a low wall and an objective near the table's middle, to drag where they belong.
func NewArea(key string) Area {
	return Area{Key: key, Type: "light woods", Shape: "rect", X: "30", Y: "20", W: "8", H: "6"}
}

// NewBarrier is a new barrier's row (NewArea).
func NewBarrier(key string) Barrier {
	return Barrier{Key: key, Type: "low wall", X1: "30", Y1: "16", X2: "40", Y2: "16"}
}

// NewObjective is a new objective's row (NewArea).
func NewObjective(key string) Objective {
	return Objective{Key: key, Name: "objective", X: "36", Y: "24", Radius: "3"}
}

// Add is the form with a new row of a list ("terrain", "barrier", "objective") after its
// last, numbered after the highest row: "Add" without the page's script.
func (f Form) Add(list string) Form {
	next := 0
	bump := func(key string) {
		if n, err := strconv.Atoi(key); err == nil && n >= next {
			next = n + 1
		}
	}
	switch list {
	case "terrain":
		for _, a := range f.Terrain {
			bump(a.Key)
		}
		f.Terrain = append(f.Terrain, NewArea(strconv.Itoa(next)))
	case "barrier":
		for _, b := range f.Barriers {
			bump(b.Key)
		}
		f.Barriers = append(f.Barriers, NewBarrier(strconv.Itoa(next)))
	case "objective":
		for _, o := range f.Objectives {
			bump(o.Key)
		}
		f.Objectives = append(f.Objectives, NewObjective(strconv.Itoa(next)))
	}
	return f
}
