package views

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// Option is one choice of a select.
type Option struct {
	Value, Label string
	Selected     bool
	// Disabled options are shown greyed out (the label says why) and cannot be picked.
	Disabled bool
}

// OptGroup is a labelled group of choices.
type OptGroup struct {
	Label   string
	Options []Option
}

// canonical is the catalogue's printed name for a name written in a file, or "" when the
// catalogue does not know it.
func canonical(c *rules.Catalog, kind, name string) string {
	if name == "" {
		return ""
	}
	var (
		n   string
		err error
	)
	switch kind {
	case rules.KindTroop:
		var t *rules.Troop
		if t, err = c.Troop(name); err == nil {
			n = t.Name
		}
	case rules.KindWeapon:
		var w *rules.Weapon
		if w, err = c.Weapon(name); err == nil {
			n = w.Name
		}
	case rules.KindArmor:
		var a *rules.Armor
		if a, err = c.Armor(name); err == nil {
			n = a.Name
		}
	case rules.KindEquipment:
		var e *rules.Equipment
		if e, err = c.Item(name); err == nil {
			n = e.Name
		} else {
			var w *rules.Weapon
			if w, err = c.Weapon(name); err == nil {
				n = w.Name
			}
		}
	case rules.KindCreature:
		var cr *rules.Creature
		if cr, err = c.Creature(name); err == nil {
			n = cr.Name
		}
	case rules.KindDroid:
		var d *rules.Droid
		if d, err = c.Droid(name); err == nil {
			n = d.Name
		}
	case rules.KindArtillery:
		var a *rules.Artillery
		if a, err = c.ArtilleryPiece(name); err == nil {
			n = a.Name
		}
	case rules.KindStrike:
		var s *rules.Strike
		if s, err = c.Strike(name); err == nil {
			n = s.Name
		}
	case rules.KindForcePower:
		var p *rules.ForcePower
		if p, err = c.ForcePower(name); err == nil {
			n = p.Name
		}
	}
	return n
}

// groups builds a select's groups, marking the current value. A value the catalogue does
// not know is kept, in a group of its own, so that saving does not lose it; so is a name the
// catalogue knows under another (an alias such as "vibrocutlass", priced as a vibroblade):
// the army keeps the name its player wrote.
func groups(c *rules.Catalog, kind, current string, gs ...OptGroup) []OptGroup {
	canon := canonical(c, kind, current)
	if current != "" && canon != "" && rules.Normalize(canon) != rules.Normalize(current) {
		return append([]OptGroup{{Label: "As written", Options: []Option{{Value: current, Label: current + " (the catalogue's " + canon + ")", Selected: true}}}}, gs...)
	}
	found := current == ""
	// The options are the catalogue's printed names, no two of one picker with the same key
	// (TestNoTwoOptionsShareAKey): when the catalogue knows the current value, the option to
	// mark is its printed name. Only a value it does not know is compared by key with every
	// option.
	curKey := ""
	if current != "" && canon == "" {
		curKey = rules.Normalize(current)
	}
	for gi := range gs {
		for oi := range gs[gi].Options {
			o := &gs[gi].Options[oi]
			if current == "" {
				continue
			}
			if canon != "" && o.Value == canon || canon == "" && rules.Normalize(o.Value) == curKey {
				o.Selected, found = true, true
			}
		}
	}
	if !found {
		label := current + " — not in the catalogue"
		if near := c.Nearest(kind, current, 1); len(near) > 0 {
			label += "; did you mean " + near[0] + "?"
		}
		gs = append([]OptGroup{{Label: "Not in the catalogue", Options: []Option{{Value: current, Label: label, Selected: true}}}}, gs...)
	}
	return gs
}

// pickerKey names a picker's choices: the catalogue, the kind, and what they depend on.
type pickerKey struct {
	c     *rules.Catalog
	kind  string
	troop *rules.Troop
	side  rules.Side
	flag  bool
}

// pickers keeps each picker's choices, built once: an editor page draws a weapon picker for
// every weapon row of every unit, each the same list for one troop type, and building it
// (every weapon, its label, whether the Troop List allows it) was most of the page's cost.
// Bounded: emptied when pickersSize are kept (an army's own catalogue is a catalogue of its
// own, made for each request).
var pickers struct {
	sync.Mutex
	m map[pickerKey][]OptGroup
}

const pickersSize = 512

// picker returns the choices of key, built by build the first time, as a copy whose
// options the caller may mark (groups marks the current value).
func picker(key pickerKey, build func() []OptGroup) []OptGroup {
	pickers.Lock()
	gs, ok := pickers.m[key]
	pickers.Unlock()
	if !ok {
		gs = build()
		pickers.Lock()
		if pickers.m == nil || len(pickers.m) >= pickersSize {
			pickers.m = map[pickerKey][]OptGroup{}
		}
		pickers.m[key] = gs
		pickers.Unlock()
	}
	out := make([]OptGroup, len(gs))
	for i, g := range gs {
		out[i] = OptGroup{Label: g.Label, Options: slices.Clone(g.Options)}
	}
	return out
}

func opts(names []string) []Option {
	out := make([]Option, 0, len(names))
	for _, n := range names {
		out = append(out, Option{Value: n, Label: n})
	}
	return out
}

// troopGroups offers the Troop List entries, the army's side first.
func troopGroups(c *rules.Catalog, side rules.Side, current string) []OptGroup {
	return groups(c, rules.KindTroop, current, picker(pickerKey{c: c, kind: rules.KindTroop, side: side}, func() []OptGroup {
		return troopPicker(c, side)
	})...)
}

func troopPicker(c *rules.Catalog, side rules.Side) []OptGroup {
	var mine, others []string
	for _, t := range c.Troops {
		if t.Side == side || t.Side == rules.Neutral {
			mine = append(mine, t.Name)
		} else {
			others = append(others, t.Name)
		}
	}
	return []OptGroup{
		{Label: "Troop Lists: " + sideLabel(string(side)) + " and neutral", Options: opts(mine)},
		{Label: "Other sides' Troop Lists", Options: opts(others)}}
}

// weaponGroups lists the weapons a troop may carry first, grouped by class (blasters,
// heavy blasters, archaic, grenades, advanced) with their SGPs; the rest follow as house
// rules. What a troop may carry is roster.WeaponAllowed's answer, the check's own.
func weaponGroups(c *rules.Catalog, t *rules.Troop, current string) []OptGroup {
	return groups(c, rules.KindWeapon, current, picker(pickerKey{c: c, kind: rules.KindWeapon, troop: t}, func() []OptGroup {
		return weaponPicker(c, t)
	})...)
}

func weaponPicker(c *rules.Catalog, t *rules.Troop) []OptGroup {
	none := OptGroup{Label: "", Options: []Option{{Value: "", Label: "—"}}}
	var ok, other []rules.Weapon
	var allowed []bool
	if t != nil {
		allowed = c.TroopWeapons(t)
	}
	for j, w := range c.Weapons {
		if t == nil || allowed[j] {
			ok = append(ok, w)
		} else {
			other = append(other, w)
		}
	}
	gs := []OptGroup{none}
	for _, cl := range pickerClasses {
		var in []rules.Weapon
		for _, w := range ok {
			if w.Class == cl.class {
				in = append(in, w)
			}
		}
		if len(in) == 0 {
			continue
		}
		label := cl.label
		if t != nil {
			label += " (" + t.Name + " Troop List)"
		}
		gs = append(gs, OptGroup{Label: label, Options: weaponOpts(in)})
	}
	var rest []rules.Weapon
	for _, w := range ok {
		if !slices.ContainsFunc(pickerClasses, func(cl pickerClass) bool { return cl.class == w.Class }) {
			rest = append(rest, w)
		}
	}
	if len(rest) > 0 {
		gs = append(gs, OptGroup{Label: "Other weapons", Options: weaponOpts(rest)})
	}
	if len(other) > 0 {
		gs = append(gs, OptGroup{Label: "Not on the Troop List (house rules; checked)", Options: weaponOpts(other)})
	}
	return gs
}

type pickerClass struct{ class, label string }

// pickerClasses are the catalogue's weapon classes in the order Chapter Three lists them.
var pickerClasses = []pickerClass{
	{"blaster", "Blasters"}, {"heavy blaster", "Heavy blasters"}, {"archaic", "Archaic"},
	{"melee", "Melee"}, {"grenade", "Grenades"}, {"advanced", "Advanced weapons"},
}

func weaponOpts(ws []rules.Weapon) []Option {
	out := make([]Option, 0, len(ws))
	for _, w := range ws {
		out = append(out, Option{Value: w.Name, Label: fmt.Sprintf("%s (%d)", w.Name, w.Cost)})
	}
	return out
}

// heavyWeaponGroups are the weapons a remote weapon can be.
func heavyWeaponGroups(c *rules.Catalog, current string) []OptGroup {
	return groups(c, rules.KindWeapon, current, picker(pickerKey{c: c, kind: "heavy weapon"}, func() []OptGroup {
		return heavyWeaponPicker(c)
	})...)
}

func heavyWeaponPicker(c *rules.Catalog) []OptGroup {
	var hv, other []rules.Weapon
	for _, w := range c.Weapons {
		if w.Class == "heavy blaster" {
			hv = append(hv, w)
		} else if w.Class != "grenade" && w.Class != "melee" {
			other = append(other, w)
		}
	}
	return []OptGroup{{Label: "Heavy weapons", Options: weaponOpts(hv)}, {Label: "Other weapons", Options: weaponOpts(other)}}
}

// armorGroups lists the armor a troop may wear.
func armorGroups(c *rules.Catalog, t *rules.Troop, current string) []OptGroup {
	cur := current
	if roster.Armor(cur).None() {
		cur = ""
	}
	return groups(c, rules.KindArmor, cur, picker(pickerKey{c: c, kind: rules.KindArmor, troop: t}, func() []OptGroup {
		return armorPicker(c, t)
	})...)
}

func armorPicker(c *rules.Catalog, t *rules.Troop) []OptGroup {
	first := Option{Value: "", Label: "None"}
	if t != nil && t.Armor.Free != "" {
		first.Label = t.Armor.Free + " (free, from the Troop List)"
	}
	var ok, other []Option
	for _, a := range c.Armors {
		o := Option{Value: a.Name, Label: fmt.Sprintf("%s (STR +%d, DEX %d; %d)", a.Name, a.STR, a.DEX, a.Cost)}
		if t == nil || roster.ArmorAllowed(t.Armor, &a) {
			ok = append(ok, o)
		} else {
			other = append(other, o)
		}
	}
	gs := []OptGroup{{Options: []Option{first}}, {Label: "Allowed", Options: ok}}
	if len(other) > 0 {
		gs = append(gs, OptGroup{Label: "Not on the Troop List (house rules; checked)", Options: other})
	}
	return gs
}

func equipmentGroups(c *rules.Catalog, current string) []OptGroup {
	return groups(c, rules.KindEquipment, current, picker(pickerKey{c: c, kind: rules.KindEquipment}, func() []OptGroup {
		return equipmentPicker(c)
	})...)
}

func equipmentPicker(c *rules.Catalog) []OptGroup {
	var eq, gr []Option
	for _, e := range c.Equipment {
		eq = append(eq, Option{Value: e.Name, Label: fmt.Sprintf("%s (%d)", e.Name, e.Cost)})
	}
	for _, w := range c.Weapons {
		if w.Class == "grenade" {
			gr = append(gr, Option{Value: w.Name, Label: fmt.Sprintf("%s (%d)", w.Name, w.Cost)})
		}
	}
	return []OptGroup{{Options: []Option{{Value: "", Label: "—"}}}, {Label: "Equipment", Options: eq}, {Label: "Grenades", Options: gr}}
}

func creatureGroups(c *rules.Catalog, current string, rideable bool) []OptGroup {
	return groups(c, rules.KindCreature, current, picker(pickerKey{c: c, kind: rules.KindCreature, flag: rideable}, func() []OptGroup {
		return creaturePicker(c, rideable)
	})...)
}

func creaturePicker(c *rules.Catalog, rideable bool) []OptGroup {
	var o []Option
	for _, cr := range c.Creatures {
		if rideable && cr.Orneriness == 0 {
			continue
		}
		o = append(o, Option{Value: cr.Name, Label: fmt.Sprintf("%s (%d)", cr.Name, cr.Cost)})
	}
	first := []OptGroup{}
	if rideable {
		first = append(first, OptGroup{Options: []Option{{Value: "", Label: "Not mounted"}}})
	}
	return append(first, OptGroup{Label: "Creature Chart", Options: o})
}

func droidGroups(c *rules.Catalog, current string) []OptGroup {
	chart := picker(pickerKey{c: c, kind: rules.KindDroid}, func() []OptGroup {
		var o []Option
		for _, d := range c.Droids {
			o = append(o, Option{Value: d.Name, Label: fmt.Sprintf("%s (%d)", d.Name, d.Cost)})
		}
		return []OptGroup{{Label: "Droid Chart", Options: o}}
	})
	// A droid from another product has no chart entry: without this choice the select
	// would show the chart's first droid, and the next cost update would make it that one.
	other := OptGroup{Options: []Option{{Value: "", Label: "Not on the Droid Chart (Move and attributes below)", Selected: current == ""}}}
	return groups(c, rules.KindDroid, current, append([]OptGroup{other}, chart...)...)
}

// droidOf is the Droid Chart's entry for name, nil when it has none.
func droidOf(c *rules.Catalog, name string) *rules.Droid {
	if name == "" {
		return nil
	}
	d, err := c.Droid(name)
	if err != nil {
		return nil
	}
	return d
}

// droidMovePlaceholder and droidAttrPlaceholder show the chart's values in a droid's empty
// Move and attribute fields (empty keeps the chart's).
func droidMovePlaceholder(d *rules.Droid) string {
	if d == nil {
		return ""
	}
	return fmt.Sprint(d.Move)
}

func droidAttrPlaceholder(d *rules.Droid, at rules.Attr) string {
	if d == nil {
		return ""
	}
	return fmt.Sprint(d.Attributes[at])
}

func artilleryGroups(c *rules.Catalog, current string) []OptGroup {
	return groups(c, rules.KindArtillery, current, picker(pickerKey{c: c, kind: rules.KindArtillery}, func() []OptGroup {
		return artilleryPicker(c)
	})...)
}

func artilleryPicker(c *rules.Catalog) []OptGroup {
	var o []Option
	for _, a := range c.Artillery {
		o = append(o, Option{Value: a.Name, Label: fmt.Sprintf("%s (%d)", a.Name, a.Cost)})
	}
	return []OptGroup{{Label: "Artillery", Options: o}}
}

func strikeGroups(c *rules.Catalog, side rules.Side, current string) []OptGroup {
	return groups(c, rules.KindStrike, current, picker(pickerKey{c: c, kind: rules.KindStrike, side: side}, func() []OptGroup {
		return strikePicker(c, side)
	})...)
}

func strikePicker(c *rules.Catalog, side rules.Side) []OptGroup {
	var o []Option
	for _, s := range c.Strikes {
		o = append(o, Option{Value: s.Name, Label: fmt.Sprintf("%s (%d for the %s side)", s.Name, s.Cost[side], side)})
	}
	return []OptGroup{{Label: "Off-board strikes", Options: o}}
}

func qualityOptions(t *rules.Troop, current rules.Quality) []Option {
	def := "Troop List's"
	if t != nil {
		def = "Troop List: " + string(t.Quality)
	}
	out := []Option{{Value: "", Label: def, Selected: current == ""}}
	for _, q := range []rules.Quality{rules.Average, rules.Veteran, rules.Elite} {
		out = append(out, Option{Value: string(q), Label: fmt.Sprintf("%s (+%d)", q, rules.QualityCost[q]), Selected: rules.Normalize(string(current)) == string(q)})
	}
	return out
}

// addGroups is the "Add a unit" picker: costing.Offers grouped by kind, each with its base
// cost; what the force limits ban is disabled and says why.
func addGroups(c *rules.Catalog, side rules.Side, lim *roster.Limits) []OptGroup {
	var out []OptGroup
	for _, g := range costing.Offers(c, side, lim) {
		og := OptGroup{Label: g.Label}
		for _, o := range g.Offers {
			label := fmt.Sprintf("%s · %d SGPs", o.Label, o.Cost)
			if o.Banned != "" {
				label = o.Label + " — not allowed: " + o.Banned
			}
			og.Options = append(og.Options, Option{Value: o.Kind + "|" + o.Name, Label: label, Disabled: o.Banned != ""})
		}
		out = append(out, og)
	}
	return out
}

// SkillLimit is what the editor allows for one skill of a squad: the code it starts from,
// the most the Troop List allows, and why.
type SkillLimit struct {
	Name string
	Base int
	Max  int
	Why  string
}

// squadSkillLimits works out each soldier skill's base and cap for a squad: attributes
// (armor-adjusted for DEX) plus the Troop List's training levels.
func squadSkillLimits(c *rules.Catalog, t *rules.Troop, u roster.Unit) []SkillLimit {
	var out []SkillLimit
	if t == nil {
		return out
	}
	attrs := map[rules.Attr]int{}
	for _, at := range rules.Attributes {
		attrs[at] = t.Attributes[at]
		if v, ok := u.Attributes[at]; ok {
			attrs[at] = v
		}
	}
	dexAdj := 0
	armor := t.Armor.Free
	if !u.Armor.None() {
		armor = string(u.Armor)
	}
	if armor != "" {
		if a, err := c.Armor(armor); err == nil {
			dexAdj += a.DEX
		}
	}
	for _, it := range u.Equipment {
		if e, err := c.Item(it.Name); err == nil {
			dexAdj += e.DEX
		}
	}
	for i, s := range c.Skills {
		if s.Kind != "soldier" {
			continue
		}
		base := attrs[s.Attr]
		if s.Attr == rules.DEX {
			base += dexAdj
		}
		level, _, ok := roster.TrainingCap(c, t.Training, rules.SkillRef{Name: s.Name, Attr: s.Attr, Known: &c.Skills[i]})
		if !ok {
			level = 0
		}
		var why []string
		if level == 0 {
			why = append(why, fmt.Sprintf("the %s Troop List allows no training in %s", t.Name, s.Name))
		} else {
			why = append(why, fmt.Sprintf("the %s Troop List allows up to %d levels of training in %s (%s %d + %d)", t.Name, level, s.Name, s.Attr, base, level))
		}
		out = append(out, SkillLimit{Name: s.Name, Base: base, Max: base + level, Why: strings.Join(why, "; ")})
	}
	return out
}

// skillValue is the code a unit's skills give a named skill, as text ("" when absent).
func skillValue(s roster.Skills, name string) string {
	for k, v := range s {
		if rules.Normalize(k) == rules.Normalize(name) {
			return fmt.Sprint(v)
		}
	}
	return ""
}

// SkillRow is a skill written as a free row (specializations, heroes' skills, custom skills).
type SkillRow struct {
	Name string
	Code int
}

// otherSkills are the skills not among the fixed ones, sorted, with blank rows to add more.
func otherSkills(s roster.Skills, fixed []string, blanks int) []SkillRow {
	var out []SkillRow
	for k, v := range s {
		isFixed := false
		for _, f := range fixed {
			if rules.Normalize(f) == rules.Normalize(k) {
				isFixed = true
			}
		}
		if !isFixed {
			out = append(out, SkillRow{Name: k, Code: v})
		}
	}
	slices.SortFunc(out, func(a, b SkillRow) int { return strings.Compare(a.Name, b.Name) })
	for i := 0; i < blanks; i++ {
		out = append(out, SkillRow{})
	}
	return out
}

// withBlank returns items and one blank row to add another.
func withBlank(items []roster.Item) []roster.Item {
	return append(slices.Clone(items), roster.Item{})
}

func limitNames(ls []SkillLimit) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Name
	}
	return out
}

func troopOf(c *rules.Catalog, name string) *rules.Troop {
	t, err := c.Troop(name)
	if err != nil {
		return nil
	}
	return t
}

func itemCount(it roster.Item) string {
	if it.Name == "" {
		return ""
	}
	return fmt.Sprint(it.N())
}

func numOrEmpty(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprint(n)
}

func attrValue(u roster.Unit, t *rules.Troop, at rules.Attr) string {
	if v, ok := u.Attributes[at]; ok {
		return fmt.Sprint(v)
	}
	return ""
}

func attrPlaceholder(t *rules.Troop, at rules.Attr) string {
	if t == nil {
		return ""
	}
	return fmt.Sprint(t.Attributes[at])
}

func sizeRange(t *rules.Troop) (lo, hi string, why string) {
	if t == nil {
		return "1", "1000", ""
	}
	lo, hi = "1", "1000"
	why = "Any size"
	if t.SizeMin > 0 {
		lo = fmt.Sprint(t.SizeMin)
	}
	if t.SizeMax > 0 {
		hi = fmt.Sprint(t.SizeMax)
	}
	if t.SizeMin > 0 || t.SizeMax > 0 {
		why = fmt.Sprintf("The %s Troop List: %s to %s soldiers", t.Name, lo, hi)
	}
	return
}

func forcePowerOptions(c *rules.Catalog, side rules.Side, f *roster.Force) []Option {
	var out []Option
	for _, p := range c.ForcePowers {
		o := Option{Value: p.Name, Label: p.Name}
		if p.Side != "" && p.Side != side {
			o.Label += " (" + string(p.Side) + " only)"
		}
		if f != nil {
			for _, have := range f.Powers {
				if rules.Normalize(have) == rules.Normalize(p.Name) {
					o.Selected = true
				}
			}
		}
		out = append(out, o)
	}
	// Powers the catalogue does not know stay checked, so that saving keeps them (costing
	// reports them).
	if f != nil {
		for _, have := range f.Powers {
			if canonical(c, rules.KindForcePower, have) == "" {
				out = append(out, Option{Value: have, Label: have + " (unknown)", Selected: true})
			}
		}
	}
	return out
}

func forceSkill(f *roster.Force, name string) string {
	if f == nil {
		return ""
	}
	return skillValue(f.Skills, name)
}

func allSkillNames(c *rules.Catalog) []string {
	return c.Names(rules.KindSkill)
}

func fieldsAnchor(i int) string { return FieldsAnchor(i) }

// FieldsAnchor is the id of unit i's fields in the editor, for links and scrolling.
func FieldsAnchor(i int) string { return fmt.Sprintf("fields-%d", i) }

func unitTitle(v ArmyView, i int, u roster.Unit) string {
	if v.Result != nil && i < len(v.Result.Units) && v.Result.Units[i].Name != "" {
		return v.Result.Units[i].Name
	}
	if u.Name != "" {
		return u.Name
	}
	return fmt.Sprintf("%s %d", u.Kind, i+1)
}

func rowCode(r SkillRow) string {
	if r.Name == "" {
		return ""
	}
	return fmt.Sprint(r.Code)
}

func commanderWhy(t *rules.Troop) string {
	switch {
	case t == nil:
		return ""
	case t.Commander < 0:
		return "the " + t.Name + " Troop List allows no commander"
	default:
		return fmt.Sprintf("the %s Troop List allows commanders up to %d levels above the squad", t.Name, t.Commander)
	}
}

// commanderCap is the most command a squad's commander may have: PER (the squad's, or its
// override) plus the Troop List's commander levels; 0 when the list allows no commander.
func commanderCap(t *rules.Troop, u roster.Unit) int {
	if t == nil || t.Commander < 0 {
		return 0
	}
	per := t.Attributes["PER"]
	if v, ok := u.Attributes["PER"]; ok {
		per = v
	}
	return per + t.Commander
}

// creatureStats is a creature's Creature Chart line, for the editor: what the player is
// buying, as the chart prints it.
func creatureStats(c *rules.Catalog, name string) string {
	cr, err := c.Creature(name)
	if err != nil {
		return ""
	}
	s := fmt.Sprintf("Creature Chart: DEX %d, PER %d, STR %d", cr.DEX, cr.PER, cr.STR)
	if cr.ArmoredSTR > 0 {
		s += fmt.Sprintf(" (%d armored)", cr.ArmoredSTR)
	}
	s += fmt.Sprintf(", Move %d, movement rate %d", cr.Move, cr.MovementRate)
	if cr.Orneriness > 0 {
		s += fmt.Sprintf(", orneriness %d", cr.Orneriness)
	}
	var att []string
	for _, a := range cr.Attacks {
		att = append(att, fmt.Sprintf("%s STR+%d", a.Name, a.Damage))
	}
	if len(att) > 0 {
		s += "; attacks: " + strings.Join(att, ", ")
	}
	return s + fmt.Sprintf("; %d SGPs each.", cr.Cost)
}

// droidStats is a droid's Droid Chart line, for the editor.
func droidStats(c *rules.Catalog, name string) string {
	d, err := c.Droid(name)
	if err != nil {
		return ""
	}
	var attrs []string
	for _, at := range rules.Attributes {
		attrs = append(attrs, fmt.Sprintf("%s %d", at, d.Attributes[at]))
	}
	skills := make([]string, 0, len(d.Skills))
	for k, v := range d.Skills {
		skills = append(skills, fmt.Sprintf("%s %d", k, v))
	}
	slices.Sort(skills)
	s := "Droid Chart: " + strings.Join(attrs, ", ") + fmt.Sprintf(", Move %d, movement rate %d", d.Move, d.MovementRate)
	if len(skills) > 0 {
		s += "; skills: " + strings.Join(skills, ", ")
	}
	return s + fmt.Sprintf("; %d SGPs before weapons.", d.Cost)
}

// maxAttr is a number input's max, or "" (no max) in free-hand mode.
func maxAttr(free bool, n int) string {
	if free {
		return ""
	}
	return itoa(n)
}
