package costing

import (
	"fmt"
	"sort"
	"strings"

	"muster/roster"
)

// Text is an army as a plain-text list for a forum post or a chat message, as the text
// exports of other army builders read: a heading with the side and the total against the
// limit, then each unit on a line with what it is, what it carries and its SGPs, grouped by
// kind in the order the army lists them, and a last line saying whether it keeps to the rules.
func Text(a *roster.Army, r *Result) string {
	var b strings.Builder
	side := string(a.Side)
	if side != "" {
		side = strings.ToUpper(side[:1]) + side[1:]
	}
	fmt.Fprintf(&b, "%s (%s) — %d", a.Name, side, r.Total)
	if a.Limit > 0 {
		fmt.Fprintf(&b, " of %d", a.Limit)
	}
	b.WriteString(" SGPs\n")
	for _, kind := range roster.Kinds {
		first := true
		for i := range a.Units {
			u := &a.Units[i]
			if u.Kind != kind || i >= len(r.Units) {
				continue
			}
			if first {
				fmt.Fprintf(&b, "\n%s\n", kindHeading(kind))
				first = false
			}
			fmt.Fprintf(&b, "- %s", UnitName(u, i))
			if what := unitWhat(u); what != "" {
				fmt.Fprintf(&b, ": %s", what)
			}
			fmt.Fprintf(&b, " — %d\n", r.Units[i].Cost)
		}
	}
	errs, warns := 0, 0
	for _, p := range r.Problems {
		switch p.Severity {
		case roster.Error:
			errs++
		case roster.Warning:
			warns++
		}
	}
	switch {
	case errs > 0:
		fmt.Fprintf(&b, "\nBreaks %s (checked by Muster)\n", plural(errs, "rule"))
	case warns > 0:
		fmt.Fprintf(&b, "\nValid, with %s (checked by Muster)\n", plural(warns, "warning"))
	default:
		b.WriteString("\nValid (checked by Muster)\n")
	}
	return b.String()
}

func kindHeading(kind string) string {
	switch kind {
	case roster.KindSquad:
		return "Squads"
	case roster.KindHero:
		return "Heroes"
	case roster.KindDroid:
		return "Droids"
	case roster.KindCreature:
		return "Creatures"
	case roster.KindArtillery:
		return "Artillery"
	case roster.KindStrike:
		return "Strikes"
	case roster.KindRemoteWeapon:
		return "Remote weapons"
	}
	return kind
}

// unitWhat says in a few words what a unit is and carries.
func unitWhat(u *roster.Unit) string {
	var parts []string
	switch u.Kind {
	case roster.KindSquad:
		s := fmt.Sprintf("%d %s", u.Size, u.Troop)
		if u.Quality != "" {
			s += " (" + string(u.Quality) + ")"
		}
		parts = append(parts, s)
	case roster.KindCreature:
		parts = append(parts, fmt.Sprintf("%d %s", max(u.Count, 1), u.Creature))
	case roster.KindDroid:
		if u.Name != "" && u.Droid != "" {
			parts = append(parts, u.Droid)
		}
	case roster.KindArtillery, roster.KindStrike, roster.KindRemoteWeapon:
		if u.Count > 1 {
			parts = append(parts, fmt.Sprintf("x%d", u.Count))
		}
	}
	if u.Name == "" && len(parts) > 0 && u.Kind != roster.KindSquad && u.Kind != roster.KindCreature {
		parts = parts[1:]
	}
	parts = append(parts, items(u.Weapons)...)
	if !u.Armor.None() {
		armor := string(u.Armor)
		if u.Kind != roster.KindDroid && !strings.Contains(strings.ToLower(armor), "armor") {
			armor += " armor"
		}
		parts = append(parts, armor)
	}
	parts = append(parts, items(u.Equipment)...)
	if u.Commander != nil {
		c := "commander"
		if sk := skillList(u.Commander.Skills); sk != "" {
			c += " (" + sk + ")"
		}
		parts = append(parts, c)
	}
	if f := u.Force; f != nil && (len(f.Skills) > 0 || len(f.Powers) > 0) {
		force := "Force"
		if sk := skillList(f.Skills); sk != "" {
			force += " " + sk
		}
		if len(f.Powers) > 0 {
			force += ": " + strings.Join(f.Powers, ", ")
		}
		if f.Points > 0 {
			force += fmt.Sprintf(" (%d Force Points)", f.Points)
		}
		parts = append(parts, force)
	}
	if u.Mounts != nil && u.Mounts.Creature != "" {
		parts = append(parts, fmt.Sprintf("mounted on %d %s", u.Mounts.Count, u.Mounts.Creature))
	}
	for _, sp := range u.Specialists {
		if w := items(sp.Weapons); len(w) > 0 {
			parts = append(parts, "specialist with "+strings.Join(w, ", "))
		}
	}
	return strings.Join(parts, ", ")
}

// skillList is "command 4" or "alter 3, control 3, sense 2": each skill and its code, by
// name.
func skillList(s roster.Skills) string {
	names := make([]string, 0, len(s))
	for n := range s {
		names = append(names, n)
	}
	sort.Strings(names)
	for i, n := range names {
		names[i] = fmt.Sprintf("%s %d", n, s[n])
	}
	return strings.Join(names, ", ")
}

func items(list []roster.Item) []string {
	var out []string
	for _, it := range list {
		if it.Name == "" {
			continue
		}
		if n := it.N(); n > 1 {
			out = append(out, fmt.Sprintf("%s x%d", it.Name, n))
		} else {
			out = append(out, it.Name)
		}
	}
	return out
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
