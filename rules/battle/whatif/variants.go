// Package whatif proposes changes to an army and plays each changed army against the same
// opponent with the same battle seeds as the army itself (common random numbers), so that
// the difference in win rate is the change's and not the dice's. It ranks the changes by
// that difference with a paired 95% interval (interval.go).
//
// Every variant is judged by costing.Evaluate, the code `muster check` runs: a variant with
// an error (the Troop List, the creation rules, the force limits, the army's limit) is
// never proposed.
package whatif

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// The kinds of change, in the order a round of the proposal takes them (see pick).
const (
	KindDrop     = "drop"
	KindWeapon   = "weapon"
	KindArmor    = "armor"
	KindTraining = "training"
	KindSize     = "size"
	KindAdd      = "add"
)

// The kinds of change only the optimizer asks for (Moves): what-if's ranking (Variants)
// keeps to the six above, so that its reports do not change.
const (
	KindQuality    = "quality"
	KindCommander  = "commander"
	KindSpecialist = "specialist"
	KindEquipment  = "equipment"
	KindUntrain    = "untrain"
	KindHero       = "hero"
	KindReplace    = "replace"
)

// moveOrder is kindOrder with the optimizer's kinds after it.
var moveOrder = append(slices.Clone(kindOrder), KindQuality, KindCommander, KindSpecialist, KindEquipment, KindHero, KindUntrain, KindReplace)

var kindOrder = []string{KindDrop, KindWeapon, KindTraining, KindSize, KindAdd, KindArmor}

// Variant is one proposed change to an army: the changed army, legal and within its
// limit, and its total.
type Variant struct {
	Kind   string       `json:"-"`
	Unit   int          `json:"-"` // the unit changed (or copied), for the order of proposals
	Change string       `json:"change"`
	Army   *roster.Army `json:"army"`
	Total  int          `json:"total"`
	// Legalizes: the army breaks its rules and this change makes it legal.
	Legalizes bool `json:"makes_it_legal,omitempty"`
	// Builds is the change this one makes first, when it spends the points that change
	// frees (Spending).
	Builds string `json:"spends_what,omitempty"`
}

// Limit is the most a variant of army a may cost: the army's own limit, else the force
// limits' total (l, or the army's limits: block), else what the army costs now, so that
// a variant is never better for being bigger than the army the player chose.
func Limit(a *roster.Army, l *roster.Limits, total int) int {
	if l == nil {
		l = a.Limits
	}
	switch {
	case a.Limit > 0 && l != nil && l.Total > 0:
		return min(a.Limit, l.Total)
	case a.Limit > 0:
		return a.Limit
	case l != nil && l.Total > 0:
		return l.Total
	}
	return total
}

// NotLegalError says the army itself does not pass the checks, so no variant of it can be
// judged fairly.
type NotLegalError struct{ Problem roster.Problem }

func (e *NotLegalError) Error() string {
	p := e.Problem
	msg := fmt.Sprintf("the army does not pass muster check (%s", p.Message)
	if p.Where != "" {
		msg = fmt.Sprintf("the army does not pass muster check (%s: %s", p.Where, p.Message)
	}
	if p.Hint != "" {
		msg += "; " + p.Hint
	}
	return msg + "): fix it first, then ask what to change"
}

// Variants lists at most max legal variants of army a (limits l; nil: the army's own),
// deterministically: the candidates of each kind in unit order, taken one of each kind in
// turn (drop, weapon, training, size, add, armor), and within a kind each unit's in turn,
// so that a short list still tries every kind of change on every unit. max <= 0: all.
//
// An army that breaks its rules (a book force 1 SGP over its limit) gets the single changes
// that make it legal, each marked Legalizes; with none, a NotLegalError naming its first
// problem.
func Variants(cat *rules.Catalog, a *roster.Army, l *roster.Limits, max int) ([]Variant, error) {
	return variants(cat, a, l, max, false)
}

// Moves lists every legal single change of army a (limits l; nil: the army's own) that the
// editor allows: Variants' kinds and the optimizer's (a squad's quality, its commander and
// his command, a specialist with his weapon, equipment and grenades, a skill level less, a
// hero's skills, Force skills and powers, one unit replaced by a copy of another), each
// checked by costing.Evaluate (no error) and within the limit. Deterministic: kinds in
// moveOrder, taken one of each in turn as Variants takes them.
func Moves(cat *rules.Catalog, a *roster.Army, l *roster.Limits) ([]Variant, error) {
	return variants(cat, a, l, 0, true)
}

// Extra lists the legal variants of army a that put one group of the units given at the
// end of it (fresh units a list generator offers: a unit alone, or an artillery piece and
// the squad that crews it), as KindAdd variants.
func Extra(cat *rules.Catalog, a *roster.Army, l *roster.Limits, groups [][]roster.Unit) []Variant {
	base := costing.Evaluate(cat, a, l)
	limit := Limit(a, l, base.Total)
	var out []Variant
	seen := map[string]bool{}
	for _, us := range groups {
		b, err := json.Marshal(us)
		if err != nil || len(us) == 0 || seen[string(b)] {
			continue
		}
		seen[string(b)] = true
		var nus []roster.Unit
		if json.Unmarshal(b, &nus) != nil {
			continue
		}
		v := (&gen{army: a}).clone()
		v.Units = append(v.Units, nus...)
		r := costing.Evaluate(cat, v, l)
		if r.Total > limit || roster.HasErrors(r.Problems) {
			continue
		}
		names := make([]string, len(nus))
		for k := range nus {
			names[k] = costing.UnitName(&nus[k], len(a.Units)+k)
		}
		out = append(out, Variant{Kind: KindAdd, Unit: len(a.Units), Army: v, Total: r.Total,
			Change: fmt.Sprintf("Add a fresh %s (%d SGPs)", strings.Join(names, " with "), r.Total-base.Total)})
	}
	return out
}

func variants(cat *rules.Catalog, a *roster.Army, l *roster.Limits, max int, all bool) ([]Variant, error) {
	base := costing.Evaluate(cat, a, l)
	var first *roster.Problem
	for i, p := range base.Problems {
		if p.Severity == roster.Error {
			first = &base.Problems[i]
			break
		}
	}
	c, _ := costing.CatalogFor(cat, a)
	limit := Limit(a, l, base.Total)
	byKind := map[string][]Variant{}
	seen := map[string]bool{}
	unit := 0
	try := func(kind, change string, v *roster.Army) bool {
		if seen[change] {
			return false
		}
		seen[change] = true
		r := costing.Evaluate(cat, v, l)
		if r.Total > limit || roster.HasErrors(r.Problems) {
			return false
		}
		byKind[kind] = append(byKind[kind], Variant{Kind: kind, Unit: unit, Change: change, Army: v, Total: r.Total})
		return true
	}
	g := gen{cat: c, army: a, res: base, try: try}
	for i := range a.Units {
		unit = i
		g.drop(i)
		g.weapons(i)
		g.training(i)
		g.size(i)
		g.add(i)
		g.armor(i)
		if all {
			g.quality(i)
			g.commander(i)
			g.specialists(i)
			g.equipment(i)
			g.hero(i)
			g.untrain(i)
			g.replace(i)
		}
	}
	for k, vs := range byKind {
		byKind[k] = byUnit(vs)
		for i := range vs {
			byKind[k][i].Legalizes = first != nil
		}
	}
	order := kindOrder
	if all {
		order = moveOrder
	}
	out := pick(byKind, order, max)
	if first != nil && len(out) == 0 {
		return nil, &NotLegalError{Problem: *first}
	}
	return out, nil
}

// spendPer and spendOf bound Spending: the points freed by the first spendOf variants that
// free any are spent spendPer ways each.
const (
	spendPer = 2
	spendOf  = 3
)

// Spending is the second step of a what-if: each of the first variants (vs, of army a)
// that frees points, with those points spent on one more change (a soldier more, a level
// of training, a better weapon or armor, a second unit), the changes that spend the most
// first. A downgrade that saves points is worth what the points buy: the player would
// spend them. A change that only undoes the first (the weapon swapped back) is not one.
func Spending(cat *rules.Catalog, a *roster.Army, l *roster.Limits, vs []Variant) []Variant {
	base := costing.Evaluate(cat, a, l)
	if roster.HasErrors(base.Problems) {
		return nil // the changes that make it legal come first
	}
	limit := Limit(a, l, base.Total)
	orig, _ := json.Marshal(a)
	var out []Variant
	freeing := 0
	for _, v := range vs {
		if v.Total >= base.Total || v.Builds != "" || freeing == spendOf {
			continue
		}
		freeing++
		// The variant's own changes, within the army's limit (not the variant's total,
		// which is the limit of an army with none of its own).
		within := *v.Army
		within.Limit = limit
		next, err := Variants(cat, &within, l, 0)
		if err != nil {
			continue
		}
		var spend []Variant
		for _, w := range next {
			if w.Kind == KindDrop || w.Total <= v.Total || w.Total > limit {
				continue
			}
			if v.Kind != KindDrop && w.Unit == v.Unit && w.Kind == v.Kind {
				continue // the same change made another way (the weapon swapped back), not a second
			}
			w.Army.Limit = a.Limit
			if b, _ := json.Marshal(w.Army); string(b) == string(orig) {
				continue // back where it started
			}
			spend = append(spend, w)
		}
		slices.SortStableFunc(spend, func(x, y Variant) int { return y.Total - x.Total })
		for _, w := range spend[:min(len(spend), spendPer)] {
			out = append(out, Variant{Kind: w.Kind, Unit: v.Unit, Change: v.Change + "; with the SGPs it frees: " + lowerFirst(w.Change),
				Army: w.Army, Total: w.Total, Builds: v.Change})
		}
	}
	return out
}

// Find is the variant of army a named by change, as Variants and Spending propose it: the
// save of a what-if finds the change again on the army as it is saved now.
func Find(cat *rules.Catalog, a *roster.Army, l *roster.Limits, change string) (*Variant, error) {
	vs, err := Variants(cat, a, l, 0)
	if err != nil {
		return nil, err
	}
	for _, v := range vs {
		if v.Change == change {
			return &v, nil
		}
	}
	for _, v := range vs {
		if !strings.HasPrefix(change, v.Change+"; ") {
			continue
		}
		for _, w := range Spending(cat, a, l, []Variant{v}) {
			if w.Change == change {
				return &w, nil
			}
		}
	}
	return nil, nil
}

// lowerFirst writes a change as the second half of a sentence ("Drop X" -> "drop X"),
// leaving a unit's name as it is.
func lowerFirst(s string) string {
	for _, verb := range []string{"Drop ", "Add "} {
		if strings.HasPrefix(s, verb) {
			return strings.ToLower(verb[:1]) + s[1:]
		}
	}
	return s
}

// byUnit reorders one kind's candidates (in unit order) to take each unit's first, then
// each unit's second, and so on, so that a short list is not all about the first unit.
func byUnit(vs []Variant) []Variant {
	var units [][]Variant
	for _, v := range vs {
		if len(units) == 0 || units[len(units)-1][0].Unit != v.Unit {
			units = append(units, nil)
		}
		units[len(units)-1] = append(units[len(units)-1], v)
	}
	out := make([]Variant, 0, len(vs))
	for round := 0; len(out) < len(vs); round++ {
		for _, u := range units {
			if round < len(u) {
				out = append(out, u[round])
			}
		}
	}
	return out
}

// pick takes one variant of each kind in turn until max are taken or none is left.
func pick(byKind map[string][]Variant, order []string, max int) []Variant {
	var out []Variant
	for round := 0; ; round++ {
		took := false
		for _, k := range order {
			if round < len(byKind[k]) {
				if max > 0 && len(out) >= max {
					return out
				}
				out = append(out, byKind[k][round])
				took = true
			}
		}
		if !took {
			return out
		}
	}
}

// gen makes the candidate changes of one army.
type gen struct {
	cat  *rules.Catalog
	army *roster.Army
	res  *costing.Result
	try  func(kind, change string, v *roster.Army) bool
}

func (g *gen) name(i int) string { return costing.UnitName(&g.army.Units[i], i) }

// clone is a deep copy of the army, through its JSON (the army file's own shape).
func (g *gen) clone() *roster.Army {
	b, err := json.Marshal(g.army)
	if err != nil {
		panic("whatif: an army that cannot be written: " + err.Error())
	}
	var v roster.Army
	if err := json.Unmarshal(b, &v); err != nil {
		panic("whatif: an army that cannot be read back: " + err.Error())
	}
	return &v
}

func (g *gen) drop(i int) {
	if len(g.army.Units) < 2 {
		return
	}
	v := g.clone()
	v.Units = slices.Delete(v.Units, i, i+1)
	g.try(KindDrop, fmt.Sprintf("Drop %s (%d SGPs)", g.name(i), g.res.Units[i].Cost), v)
}

// weapons swaps each of a squad's weapons for another its Troop List allows and that is
// fired with the same skill (so the squad's training still applies), or arms an unarmed
// squad with each ranged weapon its list allows.
func (g *gen) weapons(i int) {
	u := &g.army.Units[i]
	if u.Kind != roster.KindSquad {
		return
	}
	troop, err := g.cat.Troop(u.Troop)
	if err != nil {
		return
	}
	allowed := g.allowedWeapons(troop)
	if len(u.Weapons) == 0 {
		for _, w := range allowed {
			if len(w.Ranges) == 0 || w.Class == "grenade" {
				continue
			}
			v := g.clone()
			v.Units[i].Weapons = []roster.Item{{Name: w.Name}}
			g.try(KindWeapon, fmt.Sprintf("%s: arm with %s", g.name(i), w.Name), v)
		}
		return
	}
	for j, it := range u.Weapons {
		cur, err := g.cat.Weapon(it.Name)
		if err != nil || cur.Class == "grenade" {
			continue
		}
		for _, w := range allowed {
			if w.Name == cur.Name || w.Skill != cur.Skill || (len(w.Ranges) == 0) != (len(cur.Ranges) == 0) {
				continue
			}
			v := g.clone()
			v.Units[i].Weapons[j] = roster.Item{Name: w.Name, Count: it.Count}
			g.try(KindWeapon, fmt.Sprintf("%s: %s instead of %s", g.name(i), w.Name, cur.Name), v)
		}
	}
}

// allowedWeapons are the catalogue's weapons a Troop List allows, strongest first (then by
// name), so that the first swaps proposed are the likeliest to matter.
func (g *gen) allowedWeapons(t *rules.Troop) []*rules.Weapon {
	var ws []*rules.Weapon
	for _, n := range g.cat.Names(rules.KindWeapon) {
		w, err := g.cat.Weapon(n)
		if err != nil || w.Assembled || w.Crew || !roster.WeaponAllowed(g.cat, t.Weapons, w) {
			continue
		}
		ws = append(ws, w)
	}
	slices.SortStableFunc(ws, func(x, y *rules.Weapon) int {
		if x.Damage != y.Damage {
			return y.Damage - x.Damage
		}
		if x.Name < y.Name {
			return -1
		}
		if x.Name > y.Name {
			return 1
		}
		return 0
	})
	return ws
}

// armor swaps a squad's armor for each other its Troop List allows.
func (g *gen) armor(i int) {
	u := &g.army.Units[i]
	if u.Kind != roster.KindSquad {
		return
	}
	troop, err := g.cat.Troop(u.Troop)
	if err != nil {
		return
	}
	cur := ""
	if !u.Armor.None() {
		if a, err := g.cat.Armor(string(u.Armor)); err == nil {
			cur = a.Name
		}
	}
	for _, n := range g.cat.Names(rules.KindArmor) {
		a, err := g.cat.Armor(n)
		if err != nil || a.Name == cur || !roster.ArmorAllowed(troop.Armor, a) {
			continue
		}
		v := g.clone()
		v.Units[i].Armor = roster.Armor(a.Name)
		was := cur
		if was == "" {
			was = "no armor"
		}
		g.try(KindArmor, fmt.Sprintf("%s: %s armor instead of %s", g.name(i), a.Name, was), v)
	}
}

// training adds one training level (Chapter Four: one SGP a soldier) to one of a squad's
// skills, its commander's or one of its specialists' (the Troop List's caps are the
// checks').
func (g *gen) training(i int) {
	u := &g.army.Units[i]
	if u.Kind != roster.KindSquad {
		return
	}
	for _, n := range sortedSkills(u.Skills) {
		v := g.clone()
		v.Units[i].Skills[n]++
		g.try(KindTraining, fmt.Sprintf("%s: %s %d instead of %d", g.name(i), n, u.Skills[n]+1, u.Skills[n]), v)
	}
	if u.Commander != nil {
		for _, n := range sortedSkills(u.Commander.Skills) {
			v := g.clone()
			v.Units[i].Commander.Skills[n]++
			g.try(KindTraining, fmt.Sprintf("%s's commander: %s %d instead of %d", g.name(i), n, u.Commander.Skills[n]+1, u.Commander.Skills[n]), v)
		}
	}
	for j, sp := range u.Specialists {
		for _, n := range sortedSkills(sp.Skills) {
			v := g.clone()
			v.Units[i].Specialists[j].Skills[n]++
			g.try(KindTraining, fmt.Sprintf("%s's specialist %d: %s %d instead of %d", g.name(i), j+1, n, sp.Skills[n]+1, sp.Skills[n]), v)
		}
	}
}

func sortedSkills(s roster.Skills) []string {
	names := make([]string, 0, len(s))
	for n := range s {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// size adds or removes one soldier of a squad.
func (g *gen) size(i int) {
	u := &g.army.Units[i]
	if u.Kind != roster.KindSquad || u.Size < 1 {
		return
	}
	for _, d := range []int{1, -1} {
		if u.Size+d < 1 {
			continue
		}
		v := g.clone()
		v.Units[i].Size += d
		g.try(KindSize, fmt.Sprintf("%s: %d soldiers instead of %d", g.name(i), u.Size+d, u.Size), v)
	}
}

// add fields a second unit like this one, with the SGPs the limit leaves: a copy, and for
// a squad a smaller copy at the Troop List's least size.
func (g *gen) add(i int) {
	u := g.army.Units[i]
	switch u.Kind {
	case roster.KindSquad, roster.KindDroid, roster.KindCreature, roster.KindArtillery, roster.KindStrike, roster.KindRemoteWeapon:
	default:
		return // a hero is one person
	}
	name := g.name(i) + " II"
	v := g.clone()
	nu := v.Units[i]
	nu.Name = name
	v.Units = append(v.Units, nu)
	g.try(KindAdd, fmt.Sprintf("Add %s, a copy of %s (%d SGPs)", name, g.name(i), g.res.Units[i].Cost), v)
	if u.Kind != roster.KindSquad {
		return
	}
	troop, err := g.cat.Troop(u.Troop)
	if err != nil || troop.SizeMin < 1 || troop.SizeMin >= u.Size {
		return
	}
	v = g.clone()
	nu = v.Units[i]
	nu.Name, nu.Size = name, troop.SizeMin
	v.Units = append(v.Units, nu)
	g.try(KindAdd, fmt.Sprintf("Add %s, %s at %d soldiers", name, g.name(i), troop.SizeMin), v)
}
