package roster

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"muster/rules"
	"muster/rules/yamlguard"
)

// Limits are a gamemaster's force limits for one side (Chapter Ten, "Force Mixes"): how many
// points, how they may be spent, what may be fielded, and house rules. They are written as
// an army file's limits: block or as a file of their own (ReadLimits), in the same shape:
//
//	total: 1500                      # SGPs for the whole army
//	sgp: {heroes: 600}               # SGP caps per category
//	qualities: [veteran, elite]      # qualities squads may have
//	max: {specialized_weapons: 3, grenades: 30, heroes: 2}
//	banned: [thermal detonator, vehicles]
//	sides: [rebel]                   # the sides these limits are for
//	rules: {troop.training: warning} # house rules: severity per rule id
//
// Every clause is optional; a cap of 0 allows none.
type Limits struct {
	Total     int             `yaml:"total,omitempty" json:"total,omitempty"`
	SGP       SGPCaps         `yaml:"sgp,omitempty" json:"sgp,omitempty"`
	Qualities []rules.Quality `yaml:"qualities,omitempty" json:"qualities,omitempty"`
	Max       CountCaps       `yaml:"max,omitempty" json:"max,omitempty"`
	Banned    []string        `yaml:"banned,omitempty" json:"banned,omitempty"`
	Sides     []rules.Side    `yaml:"sides,omitempty" json:"sides,omitempty"`
	Rules     Dials           `yaml:"rules,omitempty" json:"rules,omitempty"`
}

// SGPCaps caps the SGPs spent on each category of unit. Squads include their mounts;
// artillery covers on-board artillery pieces and remote weapons. Nil: no cap.
type SGPCaps struct {
	Heroes    *int `yaml:"heroes,omitempty" json:"heroes,omitempty"`
	Squads    *int `yaml:"squads,omitempty" json:"squads,omitempty"`
	Droids    *int `yaml:"droids,omitempty" json:"droids,omitempty"`
	Creatures *int `yaml:"creatures,omitempty" json:"creatures,omitempty"`
	Artillery *int `yaml:"artillery,omitempty" json:"artillery,omitempty"`
	Strikes   *int `yaml:"strikes,omitempty" json:"strikes,omitempty"`
}

// CountCaps caps how many of a thing an army fields. Creatures count one by one (a pack of
// three is three); specialized weapons and grenades count every one carried (a squad of ten
// with two grenades each carries twenty). Nil: no cap.
type CountCaps struct {
	Heroes             *int `yaml:"heroes,omitempty" json:"heroes,omitempty"`
	Squads             *int `yaml:"squads,omitempty" json:"squads,omitempty"`
	Droids             *int `yaml:"droids,omitempty" json:"droids,omitempty"`
	Creatures          *int `yaml:"creatures,omitempty" json:"creatures,omitempty"`
	SpecializedWeapons *int `yaml:"specialized_weapons,omitempty" json:"specialized_weapons,omitempty"`
	Grenades           *int `yaml:"grenades,omitempty" json:"grenades,omitempty"`
}

// ReadLimits parses a limits file: the shape of an army file's limits: block, on its own.
// It refuses what Read refuses (oversized files, anchors and aliases, deep nesting).
func ReadLimits(data []byte) (*Limits, error) {
	data = yamlguard.TrimBOM(data)
	if len(data) > MaxFileSize {
		return nil, &ParseError{Msg: tooLarge("a limits file")}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &ParseError{Msg: "the file is empty; a limits file holds clauses such as \"total: 1500\""}
	}
	if err := guard(data); err != nil {
		return nil, err
	}
	var l Limits
	if err := unmarshal(data, &l); err != nil {
		if pe, ok := err.(*ParseError); ok && strings.Contains(pe.Msg, "unknown field") {
			pe.Msg = strings.TrimSuffix(pe.Msg, "; see the army file format for the fields each unit kind takes") +
				"; a limits file takes total, sgp, qualities, max, banned, sides and rules"
		}
		return nil, err
	}
	l.normalize()
	return &l, nil
}

// normalize lower-cases what players may capitalise.
func (l *Limits) normalize() {
	for i, q := range l.Qualities {
		l.Qualities[i] = rules.Quality(strings.ToLower(strings.TrimSpace(string(q))))
	}
	for i, s := range l.Sides {
		l.Sides[i] = rules.Side(strings.ToLower(strings.TrimSpace(string(s))))
	}
	l.Rules.normalize()
}

func (d Dials) normalize() {
	for id, sev := range d {
		d[id] = Severity(strings.ToLower(strings.TrimSpace(string(sev))))
	}
}

// unitKindBans are the unit kinds a limits block may ban, by the words a gamemaster uses.
// Vehicles are not in format 1 (the book leaves them to a supplement); banning them is
// accepted and can never be broken.
var unitKindBans = map[string]string{
	"hero": KindHero, "heroes": KindHero,
	"squad": KindSquad, "squads": KindSquad,
	"droid": KindDroid, "droids": KindDroid,
	"creature": KindCreature, "creatures": KindCreature,
	"artillery": KindArtillery, "artillerypiece": KindArtillery, "artillerypieces": KindArtillery,
	"strike": KindStrike, "strikes": KindStrike, "offboardstrike": KindStrike, "offboardstrikes": KindStrike,
	"remoteweapon": KindRemoteWeapon, "remoteweapons": KindRemoteWeapon,
	"mount": "mount", "mounts": "mount",
	"vehicle": "vehicle", "vehicles": "vehicle",
}

// catalogKinds are the catalogue kinds a ban may name, with the word a qualified ban uses
// ("armor: stormtrooper" bans the armor, not the troop type).
var catalogKinds = []struct{ word, kind string }{
	{"troop", rules.KindTroop},
	{"weapon", rules.KindWeapon},
	{"equipment", rules.KindEquipment},
	{"armor", rules.KindArmor},
	{"creature", rules.KindCreature},
	{"droid", rules.KindDroid},
	{"artillery", rules.KindArtillery},
	{"power", rules.KindForcePower},
}

// ban is one banned entry, resolved: a unit kind, or catalogue entries by kind.
type ban struct {
	written string
	kind    string            // a unit kind, "mount" or "vehicle"; empty for catalogue entries
	entries map[string]string // catalogue kind -> normalized printed name
}

// resolveBans reads the banned list. An unqualified name bans every catalogue entry of that
// name (both the Stormtrooper troop type and stormtrooper armor); "armor: stormtrooper"
// bans one kind only.
func resolveBans(c *rules.Catalog, banned []string, field string) ([]ban, []Problem) {
	var out []ban
	var problems []Problem
	for i, w := range banned {
		f := fmt.Sprintf("%s[%d]", field, i)
		if k, ok := unitKindBans[rules.Normalize(w)]; ok {
			out = append(out, ban{written: w, kind: k})
			continue
		}
		b := ban{written: w, entries: map[string]string{}}
		name, only := w, ""
		if q, rest, ok := strings.Cut(w, ":"); ok {
			for _, ck := range catalogKinds {
				if rules.Normalize(q) == ck.word {
					name, only = rest, ck.kind
				}
			}
		}
		var near []string
		for _, ck := range catalogKinds {
			if only != "" && ck.kind != only {
				continue
			}
			if n, err := findName(c, ck.kind, name); err == nil {
				b.entries[ck.kind] = rules.Normalize(n)
			} else {
				near = append(near, c.Nearest(ck.kind, name, 2)...)
			}
		}
		if len(b.entries) == 0 {
			hint := "ban a unit kind (heroes, droids, creatures, artillery, strikes, remote weapons, vehicles) or a catalogue name"
			if len(near) > 0 {
				hint = "did you mean " + orList(near) + "?"
			}
			problems = append(problems, Problem{Rule: "limits.invalid", Severity: Error, Unit: -1, Field: f,
				Message: fmt.Sprintf("%q is not a unit kind or a catalogue name, so it bans nothing", w), Hint: hint})
			continue
		}
		out = append(out, b)
	}
	return out, problems
}

// findName resolves a name of a catalogue kind to its printed name.
func findName(c *rules.Catalog, kind, name string) (string, error) {
	var e rules.Entry
	switch kind {
	case rules.KindTroop:
		t, err := c.Troop(name)
		if err != nil {
			return "", err
		}
		e = t.Entry
	case rules.KindWeapon:
		w, err := c.Weapon(name)
		if err != nil {
			return "", err
		}
		e = w.Entry
	case rules.KindEquipment:
		it, err := c.Item(name)
		if err != nil {
			return "", err
		}
		e = it.Entry
	case rules.KindArmor:
		a, err := c.Armor(name)
		if err != nil {
			return "", err
		}
		e = a.Entry
	case rules.KindCreature:
		cr, err := c.Creature(name)
		if err != nil {
			return "", err
		}
		e = cr.Entry
	case rules.KindDroid:
		d, err := c.Droid(name)
		if err != nil {
			return "", err
		}
		e = d.Entry
	case rules.KindArtillery:
		a, err := c.ArtilleryPiece(name)
		if err != nil {
			return "", err
		}
		e = a.Entry
	case rules.KindForcePower:
		p, err := c.ForcePower(name)
		if err != nil {
			return "", err
		}
		e = p.Entry
	}
	return e.Name, nil
}

// bans reports whether a ban covers a catalogue entry of a kind.
func (b ban) bans(c *rules.Catalog, kind, name string) bool {
	want, ok := b.entries[kind]
	if !ok || name == "" {
		return false
	}
	n, err := findName(c, kind, name)
	return err == nil && rules.Normalize(n) == want
}

func orList(names []string) string {
	q := make([]string, 0, len(names))
	for _, n := range names {
		s := `"` + n + `"`
		if !slices.Contains(q, s) {
			q = append(q, s)
		}
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// CheckLimits checks the clauses of a gamemaster's limits that need no costs: sides,
// qualities, bans, and the counts of units, specialized weapons and grenades. The SGP
// clauses are costing.CheckLimits's. field is where the limits are written ("limits", or
// the limits file's name), for problems about the limits themselves.
func CheckLimits(c *rules.Catalog, a *Army, l *Limits, field string) []Problem {
	if l == nil {
		return nil
	}
	var ps []Problem
	army := func(rule, f, hint, format string, args ...any) {
		ps = append(ps, Problem{Rule: rule, Severity: Error, Unit: -1, Field: f, Message: fmt.Sprintf(format, args...), Hint: hint})
	}
	unit := func(rule string, i int, f, hint, format string, args ...any) {
		ps = append(ps, Problem{Rule: rule, Severity: Error, Unit: i, Field: UnitField(i, f), Message: fmt.Sprintf(format, args...), Hint: hint})
	}

	// The limits themselves.
	for i, s := range l.Sides {
		if s != rules.Rebel && s != rules.Imperial && s != rules.Neutral {
			army("limits.invalid", fmt.Sprintf("%s.sides[%d]", field, i), "write rebel, imperial or neutral", "%q is not a side", s)
		}
	}
	for i, q := range l.Qualities {
		if _, ok := rules.QualityCost[q]; !ok {
			army("limits.invalid", fmt.Sprintf("%s.qualities[%d]", field, i), "write average, veteran or elite", "%q is not a troop quality", q)
		}
	}
	bans, bad := resolveBans(c, l.Banned, field+".banned")
	ps = append(ps, bad...)

	if len(l.Sides) > 0 && !slices.Contains(l.Sides, a.Side) {
		army("limits.side", "side", "these limits are for "+sideList(l.Sides)+"; check the army against its own side's limits",
			"the limits are for %s; this army is %s (Chapter Ten: the gamemaster sets each side's force)", sideList(l.Sides), a.Side)
	}

	counts := map[string]int{}
	specialized, grenades := 0, 0
	for i := range a.Units {
		u := &a.Units[i]
		switch u.Kind {
		case KindHero, KindSquad, KindDroid:
			counts[u.Kind]++
		case KindCreature:
			counts[u.Kind] += max(u.Count, 1)
		}
		carriers := 1
		if u.Kind == KindSquad {
			carriers = max(u.Size, 0)
		}
		sw, gr := carried(c, u.Weapons, carriers)
		specialized += sw
		grenades += gr
		_, gr = carried(c, u.Equipment, carriers)
		grenades += gr
		for _, sp := range u.Specialists {
			sw, gr := carried(c, sp.Weapons, 1)
			specialized += sw
			grenades += gr
		}
		if u.Kind == KindRemoteWeapon {
			if w, err := c.Weapon(u.Weapon); err == nil && Specialized(w) {
				specialized++
			}
		}

		if u.Kind == KindSquad && len(l.Qualities) > 0 {
			q := u.Quality
			if q == "" {
				if t, err := c.Troop(u.Troop); err == nil {
					q = t.Quality
				}
			}
			q = rules.Quality(rules.Normalize(string(q)))
			if q != "" && !slices.Contains(l.Qualities, q) {
				unit("limits.quality", i, "quality", "make the squad "+qualityList(l.Qualities),
					"%s %s squad; the limits allow %s squads only (Chapter Ten, Force Mixes)", article(string(q)), q, qualityList(l.Qualities))
			}
		}
		for _, b := range bans {
			checkBan(c, b, u, i, unit)
		}
	}

	capCount := func(cap *int, n int, what, f, rule, hint string) {
		if cap != nil && n > *cap {
			army(rule, field+".max."+f, hint, "the army fields %d %s; the limits allow %d (Chapter Ten, Force Mixes)", n, what, *cap)
		}
	}
	capCount(l.Max.Heroes, counts[KindHero], "heroes", "heroes", "limits.count", "field fewer heroes")
	capCount(l.Max.Squads, counts[KindSquad], "squads", "squads", "limits.count", "field fewer squads")
	capCount(l.Max.Droids, counts[KindDroid], "droids", "droids", "limits.count", "field fewer droids")
	capCount(l.Max.Creatures, counts[KindCreature], "creatures", "creatures", "limits.count", "field fewer creatures")
	capCount(l.Max.SpecializedWeapons, specialized, "specialized weapons (repeating blasters, heavy blasters, advanced weapons; every soldier's counts)",
		"specialized_weapons", "limits.specialized-weapons", "give the repeating blasters to specialists rather than to whole squads, or field fewer")
	capCount(l.Max.Grenades, grenades, "grenades (every soldier's counts)", "grenades", "limits.grenades", "carry fewer grenades, or give them to specialists only")
	return ps
}

// checkBan reports what in a unit a ban covers.
func checkBan(c *rules.Catalog, b ban, u *Unit, i int, report func(rule string, i int, f, hint, format string, args ...any)) {
	const rule = "limits.banned"
	hint := "remove it: the limits ban " + b.written
	if b.kind != "" {
		switch {
		case b.kind == u.Kind:
			report(rule, i, "kind", hint, "the limits ban %s; this unit is a %s (Chapter Ten, Force Mixes)", b.written, u.Kind)
		case b.kind == "mount" && u.Mounts != nil:
			report(rule, i, "mounts", hint, "the limits ban %s; this squad is mounted (Chapter Ten, Force Mixes)", b.written)
		}
		return
	}
	check := func(kind, name, f string) {
		if b.bans(c, kind, name) {
			printed, _ := findName(c, kind, name)
			report(rule, i, f, hint, "%s (%s) is banned by the limits (Chapter Ten, Force Mixes)", printed, kind)
		}
	}
	check(rules.KindTroop, u.Troop, "troop")
	check(rules.KindDroid, u.Droid, "droid")
	check(rules.KindCreature, u.Creature, "creature")
	check(rules.KindArtillery, u.Artillery, "artillery")
	check(rules.KindWeapon, u.Weapon, "weapon")
	if !u.Armor.None() && u.Armor != ArmorPlating {
		check(rules.KindArmor, string(u.Armor), "armor")
	}
	if u.Kind == KindSquad && u.Armor.None() {
		if t, err := c.Troop(u.Troop); err == nil && t.Armor.Free != "" {
			check(rules.KindArmor, t.Armor.Free, "armor")
		}
	}
	items := func(list []Item, f string) {
		for j, it := range list {
			check(rules.KindWeapon, it.Name, fmt.Sprintf("%s[%d]", f, j))
			check(rules.KindEquipment, it.Name, fmt.Sprintf("%s[%d]", f, j))
		}
	}
	items(u.Weapons, "weapons")
	items(u.Equipment, "equipment")
	for j, sp := range u.Specialists {
		items(sp.Weapons, fmt.Sprintf("specialists[%d].weapons", j))
	}
	if u.Mounts != nil {
		check(rules.KindCreature, u.Mounts.Creature, "mounts.creature")
	}
	if u.Force != nil {
		for j, p := range u.Force.Powers {
			check(rules.KindForcePower, p, fmt.Sprintf("force.powers[%d]", j))
		}
	}
}

// carried counts the specialized weapons and grenades in a list of items, each carried by
// carriers soldiers.
func carried(c *rules.Catalog, items []Item, carriers int) (specialized, grenades int) {
	for _, it := range items {
		w, err := c.Weapon(it.Name)
		if err != nil {
			continue
		}
		n := min(it.N(), maxCount) * min(carriers, maxCount)
		if Specialized(w) {
			specialized += n
		}
		if w.Class == "grenade" {
			grenades += n
		}
	}
	return specialized, grenades
}

// Specialized reports whether a weapon is one of Chapter Three's "specialized weapons", the
// ones a gamemaster counts ("up to three specialized weapons"): weapons with special rules
// for their use — the repeating blasters in either configuration, the medium and heavy
// repeating blasters, and Chapter Eleven's advanced weapons (flamethrower, grenade launcher,
// DEMP gun, proton torpedo launcher; a torpedo is the launcher's ammunition). Grenades are
// counted on their own.
func Specialized(w *rules.Weapon) bool {
	switch {
	case w.Class == "heavy blaster":
		return true
	case w.Class == "advanced":
		return !w.PerItem
	}
	return rules.Normalize(w.Name) == "repeatingblaster"
}

// article is "a" or "an" before a word.
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

func sideList(sides []rules.Side) string {
	s := make([]string, len(sides))
	for i, x := range sides {
		s[i] = string(x)
	}
	return strings.Join(s, " or ")
}

func qualityList(qs []rules.Quality) string {
	s := make([]string, len(qs))
	for i, x := range qs {
		s[i] = string(x)
	}
	return strings.Join(s, " or ")
}

// Summary writes the limits in a line: "total 1500; heroes at most 600 SGPs; ...".
func (l *Limits) Summary() string {
	var parts []string
	if l.Total > 0 {
		parts = append(parts, fmt.Sprintf("total %d", l.Total))
	}
	sgp := func(name string, v *int) {
		if v != nil {
			parts = append(parts, fmt.Sprintf("%s at most %d SGPs", name, *v))
		}
	}
	sgp("heroes", l.SGP.Heroes)
	sgp("squads", l.SGP.Squads)
	sgp("droids", l.SGP.Droids)
	sgp("creatures", l.SGP.Creatures)
	sgp("artillery", l.SGP.Artillery)
	sgp("strikes", l.SGP.Strikes)
	count := func(one, many string, v *int) {
		if v != nil {
			name := many
			if *v == 1 {
				name = one
			}
			parts = append(parts, fmt.Sprintf("at most %d %s", *v, name))
		}
	}
	count("hero", "heroes", l.Max.Heroes)
	count("squad", "squads", l.Max.Squads)
	count("droid", "droids", l.Max.Droids)
	count("creature", "creatures", l.Max.Creatures)
	count("specialized weapon", "specialized weapons", l.Max.SpecializedWeapons)
	count("grenade", "grenades", l.Max.Grenades)
	if len(l.Qualities) > 0 {
		qs := make([]string, len(l.Qualities))
		for i, q := range l.Qualities {
			qs[i] = string(q)
		}
		parts = append(parts, "squads "+strings.Join(qs, " or "))
	}
	if len(l.Banned) > 0 {
		parts = append(parts, "no "+strings.Join(l.Banned, ", no "))
	}
	if len(l.Sides) > 0 {
		ss := make([]string, len(l.Sides))
		for i, s := range l.Sides {
			ss[i] = string(s)
		}
		parts = append(parts, "for "+strings.Join(ss, " or "))
	}
	if len(l.Rules) > 0 {
		parts = append(parts, fmt.Sprintf("%d house rules", len(l.Rules)))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "; ")
}
