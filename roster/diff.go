package roster

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"muster/rules"
)

// UnitDiff is one row of two armies compared unit by unit: the unit's index in army A and in
// army B (-1 where it is in one army only) and, for a pair, the fields that changed.
type UnitDiff struct {
	Kind    string
	A, B    int
	Changes []string
}

// Diff pairs two armies' units: first by kind and shown name, then what is left by kind and
// type (a squad of Stormtroopers renamed is still that squad), then by kind alone in order;
// a unit left over is in one army only. Paired units list their changed fields, so that two
// versions of one army read as a diff. The rows come grouped by kind, in the order kinds
// first appear, A's units before B's leftovers within each.
func Diff(a, b *Army) []UnitDiff {
	n, m := len(a.Units), len(b.Units)
	pair := make([]int, n)
	for i := range pair {
		pair[i] = -1
	}
	used := make([]bool, m)
	match := func(same func(ua, ub *Unit, i, j int) bool) {
		for i := range n {
			if pair[i] >= 0 {
				continue
			}
			for j := range m {
				ua, ub := &a.Units[i], &b.Units[j]
				if !used[j] && ua.Kind == ub.Kind && same(ua, ub, i, j) {
					pair[i], used[j] = j, true
					break
				}
			}
		}
	}
	match(func(ua, ub *Unit, i, j int) bool {
		return rules.Normalize(ua.ShownName(i)) == rules.Normalize(ub.ShownName(j))
	})
	match(func(ua, ub *Unit, _, _ int) bool {
		t := unitType(*ua)
		return t != "" && rules.Normalize(t) == rules.Normalize(unitType(*ub))
	})
	match(func(*Unit, *Unit, int, int) bool { return true })

	var rows []UnitDiff
	for i := range n {
		row := UnitDiff{Kind: a.Units[i].Kind, A: i, B: pair[i]}
		if j := pair[i]; j >= 0 {
			row.Changes = unitChanges(a.Units[i], b.Units[j])
		}
		rows = append(rows, row)
	}
	for j := range m {
		if !used[j] {
			rows = append(rows, UnitDiff{Kind: b.Units[j].Kind, A: -1, B: j})
		}
	}
	var kinds []string
	for _, r := range rows {
		if !slices.Contains(kinds, r.Kind) {
			kinds = append(kinds, r.Kind)
		}
	}
	slices.SortStableFunc(rows, func(x, y UnitDiff) int {
		return slices.Index(kinds, x.Kind) - slices.Index(kinds, y.Kind)
	})
	return rows
}

// ShownName is the name a unit is shown by, unit i of its army: its own name, or its troop
// type, droid, creature, piece, weapon or strike, or its kind and place ("hero 3").
func (u *Unit) ShownName(i int) string {
	if u.Name != "" {
		return u.Name
	}
	for _, s := range []string{u.Troop, u.Droid, u.Creature, u.Artillery, u.Weapon} {
		if s != "" {
			return s
		}
	}
	if u.Strike != "" {
		return u.Strike + " strike"
	}
	return fmt.Sprintf("%s %d", u.Kind, i+1)
}

// unitType is what a unit is, beside its name: its troop type, droid, creature, piece,
// weapon or strike.
func unitType(u Unit) string {
	for _, s := range []string{u.Troop, u.Droid, u.Creature, u.Artillery, u.Weapon, u.Strike} {
		if s != "" {
			return s
		}
	}
	return ""
}

// unitChanges lists the fields of an army file's unit that differ, as "field: before →
// after" in the file's own terms (its keys, "point_rolls" read as "point rolls", and values).
func unitChanges(a, b Unit) []string {
	fields := func(u Unit) map[string]json.RawMessage {
		out := map[string]json.RawMessage{}
		if data, err := json.Marshal(u); err == nil {
			_ = json.Unmarshal(data, &out)
		}
		return out
	}
	fa, fb := fields(a), fields(b)
	var keys []string
	for k := range fa {
		keys = append(keys, k)
	}
	for k := range fb {
		if _, ok := fa[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var out []string
	for _, k := range keys {
		va, vb := shownField(k, string(fa[k])), shownField(k, string(fb[k]))
		if va == vb {
			continue
		}
		out = append(out, fmt.Sprintf("%s: %s → %s", strings.ReplaceAll(k, "_", " "), va, vb))
	}
	return out
}

// shownField is a field's value as shown, a left-out one as what the army file format
// says it means: armor none ("none", "false" or nothing, Armor.None), origin rpg, the
// Troop List's quality. Two values shown alike are no change.
func shownField(key, v string) string {
	empty := v == "" || v == "null"
	switch key {
	case "armor":
		var a Armor
		if empty || json.Unmarshal([]byte(v), &a) == nil && a.None() {
			return "none"
		}
	case "origin":
		if empty {
			return OriginRPG
		}
	case "quality":
		if empty {
			return "the Troop List's"
		}
	}
	return shown(v)
}

// shown is a field's JSON value as a player reads it: quotes and braces trimmed, keys'
// underscores as spaces, nothing as "none", long values cut.
func shown(v string) string {
	if v == "" || v == "null" {
		return "none"
	}
	v = strings.NewReplacer(`"`, "", "{", "", "}", "", "[", "", "]", "", "_", " ").Replace(v)
	v = strings.ReplaceAll(v, ",", ", ")
	v = strings.ReplaceAll(v, ":", ": ")
	if len(v) > 80 {
		v = v[:80] + "…"
	}
	return v
}
