// Package sheet builds the record sheets of Star Wars Miniatures Battles (the Reference
// Sheets' Squad, Hero, Droid and Creature Record Sheets; Diagrams 19, 23, 25 and 27) from a
// saved army: every box of each sheet, filled as a player would fill it by hand, and the army
// roster page that goes in front of them. It is a pure model: the catalogue, the army and its
// costing in, plain values out; views/sheets.templ lays them out for print.
//
// Everything here is specific to Miniatures Battles (system "swmb").
package sheet

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// Num is a number written in a box of the sheet; a Num that is not set leaves the box blank
// (a skill with no training has no cost written beside it).
type Num struct {
	V  int
	OK bool
}

// N is a number to write in a box.
func N(v int) Num { return Num{V: v, OK: true} }

// String is the box's text: the number, or nothing.
func (n Num) String() string {
	if !n.OK {
		return ""
	}
	return strconv.Itoa(n.V)
}

// Document is everything printed for one army: the roster page, then one record sheet per
// unit that has one (off-board strikes and remote weapons have no record sheet in the book;
// they are listed on the roster page with their costs). The book prints no artillery record
// sheet either: an on-board piece gets a sheet of Muster's, saying so (ArtillerySheet).
type Document struct {
	Name   string
	Side   string
	Roster Roster
	Sheets []Sheet
}

// The record sheets of the Reference Sheets.
const (
	SquadSheet    = "Squad Record Sheet"
	HeroSheet     = "Hero Record Sheet"
	DroidSheet    = "Droid Record Sheet"
	CreatureSheet = "Creature Record Sheet"
	// ArtillerySheet is Muster's own: the book prints no record sheet for artillery, and
	// the player needs the piece's numbers and its cost lines at the table.
	ArtillerySheet = "Artillery Sheet"
)

// Sheet is one unit's record sheet: exactly one of Squad, Hero, Droid and Creature is set.
type Sheet struct {
	Unit     int    // index into the army's units
	Title    string // SquadSheet, HeroSheet, ...
	Squad    *Squad
	Hero     *Hero
	Droid    *Droid
	Creature *Creature
	// Artillery is an on-board artillery piece's sheet of Muster's (ArtillerySheet).
	Artillery *Artillery
	// Printed and Erratum: the book's own figure for this unit where it prints one the rules
	// do not give, and why (costing.Breakdown).
	Cost    int
	Printed int
	Erratum string
	// Errors and Warnings count the unit's problems (listed on the roster page).
	Errors, Warnings int
	// MountsOf is the squad's name on the Creature Record Sheet of a mounted squad's mounts:
	// "When a squad is mounted, fill out a Creature Record Sheet for the number of creatures
	// ridden" (Chapter Thirteen, Point Costs for Mounts). It follows the squad's sheet, and
	// its cost is the squad's, on the squad's "Other costs" line, not another unit's.
	MountsOf string
}

// PrintedBeside is what the sheet writes beside its cost where the book prints another
// figure: "book prints 70", or for a droid, whose chart cost leaves weapons out, "Droid
// Chart prints 36, weapons excluded". Empty where no erratum applies.
func (s Sheet) PrintedBeside() string {
	switch {
	case s.Erratum == "":
		return ""
	case s.Droid != nil:
		return fmt.Sprintf("Droid Chart prints %d, weapons excluded", s.Printed)
	}
	return fmt.Sprintf("book prints %d", s.Printed)
}

// ID is the sheet's anchor in the document ("unit-0"; "unit-0-mounts" for a mounted
// squad's mounts).
func (s Sheet) ID() string {
	if s.MountsOf != "" {
		return fmt.Sprintf("unit-%d-mounts", s.Unit)
	}
	return fmt.Sprintf("unit-%d", s.Unit)
}

// Build makes the document for an army from its costing (costing.Evaluate's result, whose
// problems and limits go on the roster page). tables gives the morale levels each quality
// starts at (rules.DefaultTables()).
func Build(c *rules.Catalog, tables *rules.Tables, a *roster.Army, res *costing.Result) *Document {
	d := &Document{Name: a.Name, Side: string(a.Side)}
	for i := range a.Units {
		if i >= len(res.Units) {
			break
		}
		u, b := &a.Units[i], res.Units[i]
		s := Sheet{Unit: i, Cost: b.Cost, Printed: b.Printed, Erratum: b.Erratum}
		for _, p := range res.Problems {
			if p.Unit != i {
				continue
			}
			switch p.Severity {
			case roster.Error:
				s.Errors++
			case roster.Warning:
				s.Warnings++
			}
		}
		switch u.Kind {
		case roster.KindSquad:
			s.Title, s.Squad = SquadSheet, buildSquad(c, tables, u, b)
			if m := buildMounts(c, u, b); m != nil {
				d.Sheets = append(d.Sheets, s)
				s = Sheet{Unit: i, Title: CreatureSheet, Creature: m, Cost: m.Pack.V, MountsOf: b.Name}
			}
		case roster.KindHero:
			s.Title, s.Hero = HeroSheet, buildHero(c, u, b)
		case roster.KindDroid:
			s.Title, s.Droid = DroidSheet, buildDroid(c, u, b)
		case roster.KindCreature:
			s.Title, s.Creature = CreatureSheet, buildCreature(c, u, b)
		case roster.KindArtillery:
			s.Title, s.Artillery = ArtillerySheet, buildArtillery(c, u, b)
		default:
			continue
		}
		d.Sheets = append(d.Sheets, s)
	}
	d.Roster = buildRoster(a, res, d.Sheets)
	return d
}

// SkillRow is one line under an attribute: the skill's name, its code, and what its
// training cost (blank when untrained). A blank row is a line left for a skill the player
// writes in.
type SkillRow struct {
	Key   string // the skill's matching key (rules.Normalize), "" for a blank row
	Label string
	Code  Num
	Cost  Num
}

// Cap is a Troop List training level as the Trng and Spec boxes show it: the most levels a
// skill under the attribute may be raised. None: the list allows no training here. Only:
// the level holds for these skills alone, not for the whole attribute.
type Cap struct {
	Level int
	None  bool
	Only  []string
}

// String is the box's text: "3", "–" for none, "2*" when only some skills may be trained.
func (c Cap) String() string {
	switch {
	case c.None:
		return "–"
	case len(c.Only) > 0:
		return strconv.Itoa(c.Level) + "*"
	}
	return strconv.Itoa(c.Level)
}

// AttrBlock is an attribute and the skills listed under it.
type AttrBlock struct {
	Attr rules.Attr
	// Code is the attribute's code, which the cost box holds (each point costs one).
	Code Num
	// Adjusted is the armor-adjusted code the book writes in parentheses (DEX (1) for a
	// stormtrooper); not set when armor does not change it.
	Adjusted Num
	// Trng and Spec are the squad's and its specialists' training caps (squads only).
	Trng, Spec *Cap
	Rows       []SkillRow
}

// WeaponRow is a line of a "Weapon(s) Carried" box.
type WeaponRow struct {
	Name             string
	Dam              string
	Short, Med, Long Num
	Cost             Num
	Turret           bool
}

// ArmorLine is the "Armor: ___ STR/DEX mod.: ___ / ___" line.
type ArmorLine struct {
	Name     string
	STR, DEX string
	Cost     Num
	Free     bool
}

// ItemRow is a piece of equipment: its name, what it does, and its price.
type ItemRow struct {
	Name   string
	Effect string
	Cost   Num
}

// Damage boxes: a soldier, hero or creature is wounded, then incapacitated (Chapter Two,
// Damage Table; Chapter Twelve for heroes).
const (
	BoxWound = "Wound"
	BoxIncap = "Incap."
)

// Figure is one figure's damage boxes, blank for play.
type Figure struct {
	Label string
	Boxes []string
}

// skillDef is a standard skill printed on a blank sheet under its attribute.
type skillDef struct {
	attr  rules.Attr
	label string // as the blank sheet prints it
}

// The skills each blank sheet prints (Reference Sheets), in the sheet's order.
var (
	squadSkills = []skillDef{
		{rules.DEX, "Blaster"}, {rules.DEX, "Blaster Artillery"}, {rules.DEX, "Grenade"}, {rules.DEX, "Melee Combat"},
		{rules.KNO, "Survival"},
		{rules.MEC, "Beast Riding"},
		{rules.PER, "Command"}, {rules.PER, "Search"}, {rules.PER, "Sneak"},
		{rules.STR, "Brawling"}, {rules.STR, "Swimming"},
		{rules.TEC, "Demolition"}, {rules.TEC, "First Aid"},
	}
	heroSkills = []skillDef{
		{rules.DEX, "Blaster"}, {rules.DEX, "Blaster Artillery"}, {rules.DEX, "Brawl. Parry"}, {rules.DEX, "Dodge"},
		{rules.DEX, "Grenade"}, {rules.DEX, "Melee Combat"}, {rules.DEX, "Melee Parry"},
		{rules.KNO, "Survival"},
		{rules.MEC, "Beast Riding"},
		{rules.PER, "Command"}, {rules.PER, "Search"}, {rules.PER, "Sneak"},
		{rules.STR, "Brawling"}, {rules.STR, "Climb/Jump"}, {rules.STR, "Swimming"},
		{rules.TEC, "Demolition"}, {rules.TEC, "First Aid"},
	}
	droidSkills = []skillDef{
		{rules.DEX, "Blaster"}, {rules.DEX, "Blaster Artillery"}, {rules.DEX, "Grenade"}, {rules.DEX, "Melee Combat"},
		{rules.PER, "Search"}, {rules.PER, "Sneak"},
		{rules.STR, "Brawling"},
		{rules.TEC, "Demolition"}, {rules.TEC, "First Aid"},
	}
)

// owned is a skill a unit has, with its code.
type owned struct {
	ref  rules.SkillRef
	code int
}

// resolve reads a unit's skills; names the catalogue does not know are left out (costing
// reports them).
func resolve(c *rules.Catalog, s roster.Skills) []owned {
	var out []owned
	for name, code := range s {
		ref, err := c.ResolveSkill(name)
		if err != nil {
			continue
		}
		out = append(out, owned{ref, code})
	}
	slices.SortFunc(out, func(x, y owned) int {
		ax, ay := slices.Index(rules.Attributes, x.ref.Attr), slices.Index(rules.Attributes, y.ref.Attr)
		if ax != ay {
			return ax - ay
		}
		return strings.Compare(x.ref.Label(), y.ref.Label())
	})
	return out
}

func find(skills []owned, key string) (owned, bool) {
	for _, s := range skills {
		if s.ref.Key() == key {
			return s, true
		}
	}
	return owned{}, false
}

// skillKey is the matching key of a skill the blank sheet prints.
func skillKey(c *rules.Catalog, label string) string {
	if ref, err := c.ResolveSkill(label); err == nil {
		return ref.Key()
	}
	return rules.Normalize(label)
}

// attrCodes are the codes a unit's skills start from: attributes, with the DEX penalty of
// armor and suits (DEX-based codes of armored soldiers are written armor-adjusted) and the
// STR its armor adds against damage (written in parentheses, as the Troop Lists do).
type attrCodes struct {
	codes          map[rules.Attr]int
	dexAdj, strAdj int
}

func (a attrCodes) base(at rules.Attr) int {
	if at == rules.DEX {
		return a.codes[at] + a.dexAdj
	}
	return a.codes[at]
}

// blocks lays out the skill column: each attribute with the sheet's skills under it, then
// the unit's other skills, then (blanks) empty lines to write in. cost gives a skill's
// training cost from its code (0: none written).
func blocks(c *rules.Catalog, defs []skillDef, a attrCodes, skills []owned, blanks int, cost func(owned) int) []AttrBlock {
	var out []AttrBlock
	for _, at := range rules.Attributes {
		b := AttrBlock{Attr: at, Code: N(a.codes[at])}
		if adj := a.base(at); adj != a.codes[at] {
			b.Adjusted = N(adj)
		} else if at == rules.STR && a.strAdj != 0 {
			b.Adjusted = N(a.codes[at] + a.strAdj)
		}
		printed := map[string]bool{}
		for _, d := range defs {
			if d.attr != at {
				continue
			}
			key := skillKey(c, d.label)
			printed[key] = true
			row := SkillRow{Key: key, Label: d.label, Code: N(a.base(at))}
			if s, ok := find(skills, key); ok {
				row.Code = N(s.code)
				if t := cost(s); t > 0 {
					row.Cost = N(t)
				}
			}
			b.Rows = append(b.Rows, row)
		}
		for _, s := range skills {
			if s.ref.Attr != at || printed[s.ref.Key()] {
				continue
			}
			row := SkillRow{Key: s.ref.Key(), Label: titleCase(s.ref.Label()), Code: N(s.code)}
			if t := cost(s); t > 0 {
				row.Cost = N(t)
			}
			b.Rows = append(b.Rows, row)
		}
		for range blanks {
			b.Rows = append(b.Rows, SkillRow{})
		}
		out = append(out, b)
	}
	return out
}

// weaponRow writes a weapon as a "Weapon(s) Carried" line: melee weapons that add to
// Strength show the bonus and the damage it gives (Vibroblade (STR+2), 5 for STR 3; armor
// does not add: it resists damage only).
func weaponRow(w *rules.Weapon, it roster.Item, str int) WeaponRow {
	r := WeaponRow{Name: w.Name, Cost: N(w.Cost * it.N()), Turret: it.Turret}
	switch {
	case w.STRBonus && w.Damage == 0:
		r.Name += " (STR)"
		r.Dam = strconv.Itoa(str)
	case w.STRBonus:
		r.Name += fmt.Sprintf(" (STR+%d)", w.Damage)
		r.Dam = strconv.Itoa(str + w.Damage)
	case w.Damage == 0:
		r.Dam = "–"
	default:
		r.Dam = strconv.Itoa(w.Damage)
	}
	if it.N() > 1 {
		r.Name += fmt.Sprintf(" x%d", it.N())
	}
	if len(w.Ranges) == 3 {
		r.Short, r.Med, r.Long = N(w.Ranges[0]), N(w.Ranges[1]), N(w.Ranges[2])
	}
	return r
}

// weaponRows writes the weapons the catalogue knows (costing reports the others).
func weaponRows(c *rules.Catalog, items []roster.Item, str int) []WeaponRow {
	var out []WeaponRow
	for _, it := range items {
		w, err := c.Weapon(it.Name)
		if err != nil {
			continue
		}
		out = append(out, weaponRow(w, it, str))
	}
	return out
}

// gear is a unit's armor and equipment as the sheet writes them, with the DEX penalty and
// STR bonus they give.
type gear struct {
	armor          ArmorLine
	items          []ItemRow
	cost           int
	dexAdj, strAdj int
}

// readGear reads armor (free names a Troop List's free armor) and equipment. Grenades
// listed as equipment are priced as they are.
func readGear(c *rules.Catalog, worn roster.Armor, free string, equipment []roster.Item) gear {
	var g gear
	name := string(worn)
	if worn.None() {
		name = free
	}
	if name != "" {
		if a, err := c.Armor(name); err == nil {
			g.armor = ArmorLine{Name: a.Name, STR: signed(a.STR), DEX: signed(a.DEX), Cost: N(a.Cost)}
			if free != "" && rules.Normalize(a.Name) == rules.Normalize(free) {
				g.armor.Free, g.armor.Cost = true, N(0)
			}
			g.cost += g.armor.Cost.V
			g.dexAdj += a.DEX
			g.strAdj += a.STR
		}
	}
	for _, it := range equipment {
		row := ItemRow{}
		price := 0
		if e, err := c.Item(it.Name); err == nil {
			row.Name, row.Effect, price = e.Name, e.Effect, e.Cost
			g.dexAdj += e.DEX
		} else if w, err := c.Weapon(it.Name); err == nil {
			row.Name, row.Effect, price = w.Name, w.Effect, w.Cost
		} else {
			continue
		}
		if it.N() > 1 {
			row.Name += fmt.Sprintf(" x%d", it.N())
		}
		row.Cost = N(price * it.N())
		g.cost += price * it.N()
		g.items = append(g.items, row)
	}
	return g
}

// sumWeapons adds up what weapon rows cost.
func sumWeapons(rows []WeaponRow) int {
	n := 0
	for _, r := range rows {
		n += r.Cost.V
	}
	return n
}

// Inches writes a movement rate as the sheet's circles do: 8, or 7.5.
func Inches(v float64) string {
	if v == 0 {
		return ""
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

func signed(n int) string {
	if n == 0 {
		return "0"
	}
	return fmt.Sprintf("%+d", n)
}

// titleCase capitalises each word, as the record sheets print names.
func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// figures makes n damage-box rows labelled by what the figures are.
func figures(labels []string) []Figure {
	out := make([]Figure, len(labels))
	for i, l := range labels {
		out[i] = Figure{Label: l, Boxes: []string{BoxWound, BoxIncap}}
	}
	return out
}
