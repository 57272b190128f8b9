package army

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"muster/rules/qrs"
	"muster/rules/system"
)

// Figure is one figure of a group with its profile resolved.
type Figure struct {
	Name    string      `json:"name"`
	Profile qrs.Profile `json:"profile"`
}

// Group is a group as the game uses it.
type Group struct {
	Name    string   `json:"name"`
	Figures []Figure `json:"figures"`
}

// Firepower is the group's firepower total at a range band (what its fire is compared by).
func (g Group) Firepower(band int) int {
	t := 0
	for _, f := range g.Figures {
		t += f.Profile.FirepowerAt(band)
	}
	return t
}

// Defence is the group's Defence total (what enemy fire at it is compared with).
func (g Group) Defence() int {
	t := 0
	for _, f := range g.Figures {
		t += f.Profile.Defence
	}
	return t
}

// Army is an army file resolved against the profiles.
type Army struct {
	Name     string
	Faction  string
	Groups   []Group
	Catalog  *qrs.Catalog
	Problems []system.Problem
}

// Resolve checks an army read by Read against the starter profiles and its own profiles:
// block. Groups whose figures cannot be resolved keep the figures that can.
func Resolve(f *File) *Army {
	a := &Army{Name: f.Name, Faction: f.Side, Catalog: qrs.Starter().Clone()}
	if a.Faction == "" {
		a.Faction = f.Faction
	}
	add := func(sev string, unit int, field, msg, hint string) {
		a.Problems = append(a.Problems, system.Problem{Severity: sev, Unit: unit, Field: field, Message: msg, Hint: hint})
	}
	if strings.TrimSpace(f.Name) == "" {
		add(system.Warning, -1, "name", "The army has no name.", "Add a name: line at the top of the file.")
	} else if utf8.RuneCountInString(f.Name) > qrs.TooLong {
		add(system.Error, -1, "name", fmt.Sprintf("The army's name is %d characters long.", utf8.RuneCountInString(f.Name)), fmt.Sprintf("Shorten it to %d characters or fewer.", qrs.TooLong))
		a.Name = truncate(f.Name)
	}
	if f.Side != "" && !oneOf(strings.ToLower(f.Side), Sides) {
		add(system.Error, -1, "side", fmt.Sprintf("Side %q is not a side.", f.Side), "Write rebel, imperial or neutral, or put a free description under faction:.")
	}
	if utf8.RuneCountInString(f.Faction) > qrs.TooLong {
		add(system.Error, -1, "faction", "The faction is longer than 100 characters.", "Shorten it.")
		a.Faction = truncate(a.Faction)
	}
	for i, p := range f.Profiles {
		field := fmt.Sprintf("profiles[%d]", i)
		if msgs := checkProfile(&p); len(msgs) > 0 {
			for _, m := range msgs {
				add(m.sev, -1, field+"."+m.field, fmt.Sprintf("Profile %d, %s: %s", i+1, orUnnamed(p.Name), m.msg), m.hint)
			}
			if hasError(msgs) {
				continue
			}
		}
		if a.Catalog.Has(p.Name) {
			add(system.Info, -1, field, fmt.Sprintf("Profile %d, %s: replaces Muster's starter profile of that name.", i+1, p.Name), "")
		}
		p.Source = qrs.SourceArmy // the player's numbers are the player's, not Muster's assumptions
		a.Catalog.Put(p)
	}
	if len(f.Groups) == 0 {
		add(system.Error, -1, "groups", "The army has no groups.", "Add a groups: list, each group with figures: built from profiles.")
	}
	noted := map[string]bool{}
	for gi, ge := range f.Groups {
		name := strings.TrimSpace(ge.Name)
		if name == "" {
			name = fmt.Sprintf("Group %d", gi+1)
			add(system.Warning, gi, fmt.Sprintf("groups[%d].name", gi), fmt.Sprintf("Unit %d has no name.", gi+1), "Give the group a name: so the game log can tell it apart.")
		} else if utf8.RuneCountInString(name) > qrs.TooLong {
			add(system.Error, gi, fmt.Sprintf("groups[%d].name", gi), fmt.Sprintf("Unit %d: the name is longer than 100 characters.", gi+1), "Shorten it.")
			name = truncate(name)
		}
		who := fmt.Sprintf("Unit %d, %s", gi+1, name)
		g := Group{Name: name}
		if len(ge.Figures) == 0 {
			add(system.Error, gi, fmt.Sprintf("groups[%d].figures", gi), who+": the group has no figures.", "List its figures, e.g. figures: [{profile: Stormtrooper, count: 4}].")
		}
		for fi, fe := range ge.Figures {
			field := fmt.Sprintf("groups[%d].figures[%d]", gi, fi)
			p, ok := a.Catalog.Lookup(fe.Profile)
			if !ok {
				msg := fmt.Sprintf("%s: there is no profile %q.", who, fe.Profile)
				if strings.TrimSpace(fe.Profile) == "" {
					msg = who + ": a figure entry has no profile."
				}
				add(system.Error, gi, field+".profile", msg,
					fmt.Sprintf("Write one of %s, or add the troop type under profiles:.", strings.Join(a.Catalog.Nearest(fe.Profile), ", ")))
				continue
			}
			count := fe.Count
			switch {
			case count == 0:
				count = 1
			case count < 0 || count > MaxCount:
				add(system.Error, gi, field+".count", fmt.Sprintf("%s: %d %s is not a number of figures.", who, fe.Count, p.Name), fmt.Sprintf("Write a count from 1 to %d.", MaxCount))
				continue
			}
			if fe.Name != "" && count > 1 {
				add(system.Warning, gi, field+".name", fmt.Sprintf("%s: %d figures share the name %q.", who, count, fe.Name), "A named figure is one figure: drop count:, or drop name:.")
			}
			if utf8.RuneCountInString(fe.Name) > qrs.TooLong {
				add(system.Error, gi, field+".name", who+": a figure's name is longer than 100 characters.", "Shorten it.")
				fe.Name = truncate(fe.Name)
			}
			if fe.Armour != nil && *fe.Armour != p.Armour {
				p.Armour = *fe.Armour
				add(system.Info, gi, field+".armour", fmt.Sprintf("%s: %s figures here are played %s.", who, p.Name, map[bool]string{true: "wearing armour", false: "without armour"}[p.Armour]), "")
			}
			if assumed := assumedFields(p); len(assumed) > 0 && !noted[p.Name] {
				noted[p.Name] = true
				add(system.Info, gi, field+".profile", fmt.Sprintf("%s: the %s's %s are Muster's assumptions; the sheet does not print them.", who, p.Name, strings.Join(assumed, ", ")),
					"Put your own numbers under profiles: if your group plays it differently (docs/qrs.md).")
			}
			for range count {
				fig := Figure{Name: fe.Name, Profile: p}
				if fig.Name == "" {
					fig.Name = p.Name
				}
				g.Figures = append(g.Figures, fig)
			}
		}
		checkGroup(g, gi, who, add)
		a.Groups = append(a.Groups, g)
	}
	return a
}

// checkGroup adds what the sheet's rules say about a group's make-up.
func checkGroup(g Group, gi int, who string, add func(sev string, unit int, field, msg, hint string)) {
	vehicles, foot := 0, 0
	for _, f := range g.Figures {
		if f.Profile.Role == qrs.RoleVehicle {
			vehicles++
		} else {
			foot++
		}
	}
	if vehicles > 0 && foot > 0 {
		add(system.Info, gi, fmt.Sprintf("groups[%d]", gi), who+": walkers move at the speed of any infantry with them (the sheet's vehicle rules).", "")
	}
}

// Evaluate is the system's report: each group's Firepower total as its cost line, its Defence
// total beside it, and every problem.
func Evaluate(a *Army) *system.Report {
	rep := &system.Report{Name: a.Name, System: ID, Faction: a.Faction, Problems: a.Problems}
	for _, g := range a.Groups {
		u := system.Unit{Name: g.Name, Kind: "group", Count: len(g.Figures), Cost: g.Firepower(qrs.Medium)}
		for i := 0; i < len(g.Figures); {
			j := i
			for j < len(g.Figures) && g.Figures[j].Name == g.Figures[i].Name && g.Figures[j].Profile.Name == g.Figures[i].Profile.Name {
				j++
			}
			p := g.Figures[i].Profile
			label := fmt.Sprintf("%d x %s", j-i, g.Figures[i].Name)
			if g.Figures[i].Name != p.Name {
				label = fmt.Sprintf("%s (%s)", g.Figures[i].Name, p.Name)
			}
			note := fmt.Sprintf("firepower %s, defence %d, melee %d, initiative %d, %s", p.Stat(), p.Defence, p.Melee, p.Initiative, p.Weapon)
			if p.Armour {
				note += ", armour"
			}
			if p.ForcePoints > 0 {
				note += fmt.Sprintf(", %d Force points", p.ForcePoints)
			}
			u.Lines = append(u.Lines, system.Line{Label: label, Points: (j - i) * p.Firepower, Note: note})
			i = j
		}
		u.Lines = append(u.Lines, system.Line{Label: "Defence total", Points: g.Defence(), Note: "compared with the enemy's firepower; not added to the cost"})
		rep.Units = append(rep.Units, u)
		rep.Total += u.Cost
	}
	return rep
}

type finding struct{ sev, field, msg, hint string }

func hasError(fs []finding) bool {
	for _, f := range fs {
		if f.sev == system.Error {
			return true
		}
	}
	return false
}

// checkProfile says what is wrong with a player's profile, filling in what may be left out.
func checkProfile(p *qrs.Profile) []finding {
	var out []finding
	bad := func(field, msg, hint string) { out = append(out, finding{system.Error, field, msg, hint}) }
	if strings.TrimSpace(p.Name) == "" {
		bad("name", "the profile has no name.", "Give it a name: the figures use it as their profile:.")
	} else if utf8.RuneCountInString(p.Name) > qrs.TooLong {
		bad("name", "the name is longer than 100 characters.", "Shorten it.")
	}
	if len(p.Aliases) > MaxAliases {
		bad("aliases", fmt.Sprintf("%d aliases; at most %d.", len(p.Aliases), MaxAliases), "")
	}
	for _, al := range p.Aliases {
		if utf8.RuneCountInString(al) > qrs.TooLong {
			bad("aliases", "an alias is longer than 100 characters.", "Shorten it.")
		}
	}
	if p.Role == "" {
		p.Role = qrs.RoleTrooper
		if p.ForcePoints > 0 {
			p.Role = qrs.RoleForceUser
		}
	} else if !oneOf(strings.ToLower(p.Role), qrs.Roles) {
		bad("role", fmt.Sprintf("role %q is not one Muster knows.", p.Role), "Write one of "+strings.Join(qrs.Roles, ", ")+".")
	} else {
		p.Role = strings.ToLower(p.Role)
	}
	stat := func(field string, v, hi int) {
		if v < 0 || v > hi {
			bad(field, fmt.Sprintf("%s %d is outside 0 to %d.", field, v, hi), "")
		}
	}
	stat("firepower", p.Firepower, MaxStat)
	stat("deflect", p.Deflect, MaxStat)
	stat("defence", p.Defence, MaxStat)
	stat("melee", p.Melee, MaxSmallStat)
	stat("initiative", p.Initiative, MaxSmallStat)
	stat("force_points", p.ForcePoints, MaxForcePoints)
	stat("force_actions", p.ForceActions, 2)
	if len(p.RangeFirepower) != 0 {
		if len(p.RangeFirepower) != 3 {
			bad("range_firepower", "range firepower needs three numbers: long, medium and point blank (the walkers' 8/10/12).", "Write e.g. range_firepower: [8, 10, 12].")
		}
		for _, v := range p.RangeFirepower {
			stat("range_firepower", v, MaxStat)
		}
	}
	if p.Weapon == "" {
		p.Weapon = "blaster"
	} else if _, _, ok := qrs.FindWeapon(p.Weapon); !ok {
		var names []string
		for _, w := range qrs.Weapons {
			names = append(names, w.Name)
		}
		bad("weapon", fmt.Sprintf("weapon %q is not on the sheet's range table.", p.Weapon), "Write one of "+strings.Join(names, ", ")+" (lightsaber users set lightsaber: true).")
	}
	if p.Deflect > 0 && p.ForcePoints == 0 {
		out = append(out, finding{system.Warning, "deflect", "a deflect value without Force points: only Force users deflect.", "Give the profile force_points:, or drop deflect:."})
	}
	if p.Defence == 0 {
		out = append(out, finding{system.Warning, "defence", "defence 0: the figure adds nothing to its side's total under fire.", "Was defence: left out?"})
	}
	return out
}

func assumedFields(p qrs.Profile) []string {
	var out []string
	for _, f := range []string{"firepower", "defence", "melee", "initiative"} {
		if p.Assumed(f) {
			out = append(out, f)
		}
	}
	return out
}

func oneOf(s string, list []string) bool {
	for _, x := range list {
		if s == x {
			return true
		}
	}
	return false
}

func orUnnamed(s string) string {
	if strings.TrimSpace(s) == "" {
		return "(unnamed)"
	}
	return truncate(s)
}

func truncate(s string) string {
	r := []rune(s)
	if len(r) > qrs.TooLong {
		return string(r[:qrs.TooLong]) + "..."
	}
	return s
}

// System is the skirmish quick reference as the app and the command line reach it.
type System struct{}

// ID is the system: value.
func (System) ID() string { return ID }

// Title is the game's name for people.
func (System) Title() string { return "Star Wars skirmish quick reference" }

// Evaluate reads, resolves and reports an army file.
func (System) Evaluate(file []byte) (*system.Report, error) {
	f, err := Read(file)
	if err != nil {
		return nil, err
	}
	return Evaluate(Resolve(f)), nil
}
