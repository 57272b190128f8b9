package web

// The army editor's form: one form holds the whole army, one fieldset per unit. Field
// names (written by views/editor.templ):
//
//	name, side, limit, units (how many units)
//	u3.kind, u3.name, u3.troop, u3.quality, u3.size, u3.attr.DEX, u3.armor, u3.origin,
//	u3.move (heroes, droids), u3.droid, u3.creature, u3.count, u3.artillery, u3.strike, u3.weapon,
//	u3.plating, u3.repulsorlift, u3.self_destruct (checkboxes)
//	u3.skills.skill.blaster = 4              a skill with its own input
//	u3.skills.x.0.name, u3.skills.x.0.code   a free row (specializations, custom skills)
//	u3.weapons.0.name, .count, .turret       item rows; u3.equipment.0.name, .count
//	u3.commander (checkbox), u3.commander.skills...
//	u3.sp0 (checkbox), u3.sp0.skills..., u3.sp0.weapons...   (sp0, sp1; more for a squad imported with more)
//	u3.mounts.creature, u3.mounts.count
//	u3.force (checkbox), u3.force.skills..., u3.force.powers (repeated), u3.force.point_rolls,
//	u3.force.points
//
// A section behind a checkbox (the commander, a specialist, the Force) is read when its box
// is ticked or when any of its fields holds something: a player who typed a command code
// without ticking the box wants the commander (docs/decisions.md, "The editor"). The editor
// draws those fields empty when the box is off, so an untouched section adds nothing.
//
// parseArmyForm reads it back into an army; only the shape is checked here (numbers are
// numbers, the side is a side): the game's rules are costing's and roster's to check.

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// maxUnits bounds the units one form may carry.
const maxUnits = 200

// maxRows bounds the rows of one list (skills, weapons, equipment) in the form.
const maxRows = 50

// formError is a form value that is not of the right shape, with the field it came from.
type formError struct {
	Field, Msg string
}

func (e *formError) Error() string { return e.Field + ": " + e.Msg }

// words says what is wrong as the editor shows it: the unit by its place and name (as the
// unit list and the problems name it) instead of the form's field name ("u0.size").
func (e *formError) words(a *roster.Army) string {
	if i, ok := formUnit(e.Field); ok {
		where := fmt.Sprintf("Unit %d", i+1)
		if a != nil && i < len(a.Units) {
			where += ", " + costing.UnitName(&a.Units[i], i)
		}
		return where + ": " + e.Msg
	}
	switch e.Field {
	case "side":
		return "Side: " + e.Msg
	case "limit":
		return "SGP limit: " + e.Msg
	}
	return e.Field + ": " + e.Msg
}

// formUnit reads the unit index out of a field name such as "u3.size".
func formUnit(field string) (int, bool) {
	rest, ok := strings.CutPrefix(field, "u")
	if !ok {
		return 0, false
	}
	num, _, ok := strings.Cut(rest, ".")
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(num)
	return i, err == nil && i >= 0
}

type formReader struct {
	v   url.Values
	err *formError
	// filledAt holds every dotted prefix of a field that holds something ("u3.commander" for
	// u3.commander.skills.skill.command = 4); built on first use, one pass over the form.
	filledAt map[string]bool
}

func (f *formReader) str(key string) string { return strings.TrimSpace(f.v.Get(key)) }

func (f *formReader) has(key string) bool { _, ok := f.v[key]; return ok }

func (f *formReader) on(key string) bool {
	s := f.v.Get(key)
	return s == "on" || s == "true" || s == "1"
}

// section reports whether the checkbox-gated section key is wanted: its box ticked, or
// something typed or chosen in one of its fields (key + ".…"). The box's own value does not
// count, nor does a field left empty (the editor posts an unticked section's fields empty).
func (f *formReader) section(key string) bool {
	if f.on(key) {
		return true
	}
	if f.filledAt == nil {
		f.filledAt = map[string]bool{}
		for k, vs := range f.v {
			if !slices.ContainsFunc(vs, func(s string) bool { return strings.TrimSpace(s) != "" }) {
				continue
			}
			for i := range len(k) {
				if k[i] == '.' {
					f.filledAt[k[:i]] = true
				}
			}
		}
	}
	return f.filledAt[key]
}

// notANumber is what the editor's script posts for a number field holding something that
// is not a number ("5e"): the browser would post it as empty, which reads as the default.
const notANumber = "not a number"

// num reads a whole number in [lo, hi]; empty reads as 0.
func (f *formReader) num(key string, lo, hi int, what string) int {
	s := f.str(key)
	if s == "" {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		if f.err == nil {
			msg := fmt.Sprintf("%s must be a whole number from %d to %d, not %q", what, lo, hi, s)
			if s == notANumber {
				msg = fmt.Sprintf("%s must be a whole number from %d to %d; what is typed there is not a number", what, lo, hi)
			}
			f.err = &formError{Field: key, Msg: msg}
		}
		return 0
	}
	return n
}

// parseArmyForm reads the editor's form into an army. On a *formError it still returns the
// army as far as it reads, the refused value left empty, for the editor to show again.
func parseArmyForm(v url.Values) (*roster.Army, error) {
	f := &formReader{v: v}
	a := &roster.Army{Format: 1, System: "swmb", Name: f.str("name"), Units: []roster.Unit{}}
	switch side := rules.Side(strings.ToLower(f.str("side"))); side {
	case rules.Rebel, rules.Imperial, rules.Neutral:
		a.Side = side
	default:
		// Read on: a refused form is shown again with everything else the player typed.
		f.err = &formError{Field: "side", Msg: fmt.Sprintf("write rebel, imperial or neutral, not %q", f.str("side"))}
	}
	a.Limit = f.num("limit", 0, 1_000_000, "the limit")
	n := f.num("units", 0, maxUnits, "the number of units")
	for i := 0; i < n; i++ {
		a.Units = append(a.Units, f.unit(i))
	}
	if f.err != nil {
		// The army as far as it reads (the refused value left empty), so that the editor can
		// show the form again as typed, with the reason.
		return a, f.err
	}
	return a, nil
}

func (f *formReader) unit(i int) roster.Unit {
	p := fmt.Sprintf("u%d.", i)
	u := roster.Unit{Kind: f.str(p + "kind"), Name: f.str(p + "name")}
	switch u.Kind {
	case roster.KindSquad:
		u.Troop = f.str(p + "troop")
		u.Quality = rules.Quality(f.str(p + "quality"))
		u.Size = f.num(p+"size", 0, 1000, "the squad's size")
		u.Attributes = f.attributes(p + "attr.")
		u.Skills = f.skills(p + "skills")
		u.Weapons = f.items(p+"weapons", false)
		u.Armor = roster.Armor(f.str(p + "armor"))
		u.Equipment = f.items(p+"equipment", false)
		if f.section(p + "commander") {
			u.Commander = &roster.Commander{Skills: f.skills(p + "commander.skills")}
		}
		// The form offers two specialists, and every one of an imported squad with more
		// (each marked): all ticked or filled ones are read, so that saving drops none.
		for j := 0; j < maxRows; j++ {
			sp := fmt.Sprintf("%ssp%d", p, j)
			if f.section(sp) {
				u.Specialists = append(u.Specialists, roster.Specialist{
					Skills: f.skills(sp + ".skills"), Weapons: f.items(sp+".weapons", false)})
			}
		}
		if c := f.str(p + "mounts.creature"); c != "" {
			u.Mounts = &roster.Mounts{Creature: c, Count: f.num(p+"mounts.count", 0, 1000, "the number of mounts")}
		} else if n := f.num(p+"mounts.count", 0, 1000, "the number of mounts"); n > 0 && f.err == nil {
			// A number of mounts with no creature cannot be kept (which creature?), and
			// dropping it would lose what was typed: the player is asked to finish it.
			f.err = &formError{Field: p + "mounts.count", Msg: fmt.Sprintf(
				"%d mounts, but no creature is chosen under Mounts: choose the mounts' creature, or clear How many mounts", n)}
		}
	case roster.KindHero:
		u.Origin = f.str(p + "origin")
		u.Move = f.num(p+"move", 0, 100, "Move")
		u.Attributes = f.attributes(p + "attr.")
		u.Skills = f.skills(p + "skills")
		u.Weapons = f.items(p+"weapons", false)
		u.Armor = roster.Armor(f.str(p + "armor"))
		u.Equipment = f.items(p+"equipment", false)
		if f.section(p + "force") {
			fo := &roster.Force{Skills: f.skills(p + "force.skills")}
			for _, pw := range f.v[p+"force.powers"] {
				if pw = strings.TrimSpace(pw); pw != "" && !slices.Contains(fo.Powers, pw) {
					fo.Powers = append(fo.Powers, pw)
				}
			}
			fo.PointRolls = f.num(p+"force.point_rolls", 0, 100, "Force point rolls")
			fo.Points = f.num(p+"force.points", 0, 1000, "Force points")
			u.Force = fo
		}
	case roster.KindDroid:
		u.Droid = f.str(p + "droid")
		// Empty: the Droid Chart's; a droid from another product has only these.
		u.Move = f.num(p+"move", 0, 100, "Move")
		u.Attributes = f.attributes(p + "attr.")
		u.Skills = f.skills(p + "skills")
		u.Weapons = f.items(p+"weapons", true)
		// Armor a droid does not wear (posted only when the army has it) is kept, flagged
		// by the checks, until the player removes it or takes the plating instead.
		u.Armor = roster.Armor(f.str(p + "armor"))
		if f.on(p + "plating") {
			u.Armor = roster.ArmorPlating
		}
		u.Repulsorlift = f.on(p + "repulsorlift")
		u.SelfDestruct = f.on(p + "self_destruct")
		u.Equipment = f.items(p+"equipment", false)
	case roster.KindCreature:
		u.Creature = f.str(p + "creature")
		u.Count = f.num(p+"count", 0, 1000, "the number of creatures")
	case roster.KindArtillery:
		u.Artillery = f.str(p + "artillery")
	case roster.KindStrike:
		u.Strike = f.str(p + "strike")
		u.Count = f.num(p+"count", 0, 100, "the number of strikes")
	case roster.KindRemoteWeapon:
		u.Weapon = f.str(p + "weapon")
		u.Skills = f.skills(p + "skills")
	default:
		if f.err == nil {
			f.err = &formError{Field: p + "kind", Msg: fmt.Sprintf("%q is not a unit kind; one of %s", u.Kind, strings.Join(roster.Kinds, ", "))}
		}
	}
	return u
}

func (f *formReader) attributes(prefix string) map[rules.Attr]int {
	var m map[rules.Attr]int
	for _, at := range rules.Attributes {
		if f.str(prefix+string(at)) == "" {
			continue
		}
		if m == nil {
			m = map[rules.Attr]int{}
		}
		m[at] = f.num(prefix+string(at), 0, 20, string(at))
	}
	return m
}

// skills reads a skill list: inputs named prefix.skill.NAME and free rows prefix.x.K.
func (f *formReader) skills(prefix string) roster.Skills {
	var s roster.Skills
	set := func(name string, key string) {
		if name == "" || f.str(key) == "" {
			return
		}
		if s == nil {
			s = roster.Skills{}
		}
		s[name] = f.num(key, 0, 30, "the code of "+name)
	}
	keys := make([]string, 0)
	for k := range f.v {
		if strings.HasPrefix(k, prefix+".skill.") {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		set(strings.TrimPrefix(k, prefix+".skill."), k)
	}
	for k := 0; k < maxRows; k++ {
		row := fmt.Sprintf("%s.x.%d", prefix, k)
		if !f.has(row + ".name") {
			break
		}
		set(f.str(row+".name"), row+".code")
	}
	return s
}

// items reads rows prefix.K.name, .count (and .turret for droids' weapons).
func (f *formReader) items(prefix string, turret bool) []roster.Item {
	var out []roster.Item
	for k := 0; k < maxRows; k++ {
		row := fmt.Sprintf("%s.%d", prefix, k)
		if !f.has(row + ".name") {
			break
		}
		name := f.str(row + ".name")
		if name == "" {
			continue
		}
		it := roster.Item{Name: name, Count: f.num(row+".count", 0, 1000, "the number of "+name)}
		if it.Count == 1 {
			it.Count = 0
		}
		if turret {
			it.Turret = f.on(row + ".turret")
		}
		out = append(out, it)
	}
	return out
}
