package sheet

import (
	"fmt"
	"strings"
)

// CompactRow is one unit on the one-page compact roster: what a player needs at the table
// without the record sheets (what it is, how far it moves, its codes, what it carries and
// wears, how many figures) and its cost.
type CompactRow struct {
	N       int
	Name    string
	What    string // "Stormtrooper squad, veteran, 10 soldiers"
	Move    string // "walk 8\", run 13\""
	Codes   string // attributes and trained skills: "DEX 3 (blaster 4, dodge 4); PER 2 (command 4)"
	Weapons string // "Blaster Rifle 5 (10/30/60)"
	Armor   string
	Other   string // commander, specialists, equipment, Force, attacks: what else acts
	Figures int
	Cost    int
	Errors  int
}

// Compact lays the document out as the compact roster: one row per unit in army order
// (units without a record sheet keep their roster line), from the same sheets the record
// sheets print, so the two never disagree.
func Compact(d *Document) []CompactRow {
	bySheet := map[int]Sheet{}
	for _, s := range d.Sheets {
		if s.MountsOf == "" { // the squad's row lists its mounts
			bySheet[s.Unit] = s
		}
	}
	var out []CompactRow
	for _, ru := range d.Roster.Units {
		row := CompactRow{N: ru.N, Name: ru.Name, What: ru.Kind, Cost: ru.Cost, Errors: ru.Errors}
		s, ok := bySheet[ru.N-1]
		switch {
		case !ok:
			var parts []string
			for _, l := range ru.Lines {
				parts = append(parts, l.Label)
			}
			row.Other = strings.Join(parts, "; ")
		case s.Squad != nil:
			q := s.Squad
			row.What = fmt.Sprintf("%s squad, %s, %s soldiers", q.TroopType, strings.ToLower(q.Quality), q.Size)
			row.Move = walkRun(q.Walk, q.Run)
			row.Codes = codes(q.Attrs)
			row.Weapons = weapons(q.Weapons)
			row.Armor = armor(q.Armor)
			var other []string
			if q.Commander.Present {
				other = append(other, "commander: command "+q.CommandSkill.String()+memberExtra(q.Commander, "command"))
			}
			for i, sp := range q.Specialists {
				if sp.Present {
					other = append(other, fmt.Sprintf("specialist %d%s", i+1, memberExtra(sp, "")))
				}
			}
			other = append(other, items(q.Equipment)...)
			for _, l := range q.Other {
				other = append(other, l.Label)
			}
			row.Other = strings.Join(other, "; ")
			row.Figures = len(q.Figures)
		case s.Hero != nil:
			h := s.Hero
			row.What = "hero"
			row.Move = walkRun(h.Walk, h.Run)
			row.Codes = codes(h.Attrs)
			row.Weapons = weapons(h.Weapons)
			row.Armor = armor(h.Armor)
			other := items(h.Equipment)
			if f := forceLine(h.Force); f != "" {
				other = append(other, f)
			}
			if h.ForcePoints.OK && h.ForcePoints.V > 0 {
				other = append(other, "Force Points "+h.ForcePoints.String())
			}
			row.Other = strings.Join(other, "; ")
			row.Figures = len(h.Figures)
		case s.Droid != nil:
			dr := s.Droid
			row.What = dr.Type
			row.Move = "move " + dr.MovementRate
			row.Codes = codes(dr.Attrs)
			row.Weapons = weapons(dr.Weapons)
			other := items(dr.Equipment)
			for _, l := range dr.Special {
				other = append(other, l.Label)
			}
			row.Other = strings.Join(other, "; ")
			row.Figures = 1
		case s.Creature != nil:
			cr := s.Creature
			row.What = fmt.Sprintf("creature, %s", plural(cr.Count.V, "figure"))
			row.Move = "move " + cr.MovementRate
			row.Codes = fmt.Sprintf("DEX %s, PER %s, STR %s", cr.DEX, cr.PER, cr.STR)
			if cr.ArmoredSTR.OK && cr.ArmoredSTR != cr.STR {
				row.Codes += " (" + cr.ArmoredSTR.String() + " armored)"
			}
			// As the Creature Record Sheet writes an Attack Forms line (Diagram 25: "claw
			// (STR +3)", Dam. 10): the Damage Strength is the number the table rolls with;
			// its relation to STR alone ("horns STR -1") left the player to work it out.
			var att []string
			for _, a := range cr.Attacks {
				att = append(att, fmt.Sprintf("%s (%s) %s", a.Name, a.Bonus, a.Dam))
			}
			row.Weapons = strings.Join(att, ", ")
			row.Other = strings.Join(cr.Special, "; ")
			row.Figures = len(cr.Figures)
		case s.Artillery != nil:
			ar := s.Artillery
			row.What = "artillery: " + ar.Piece
			if ar.Count > 1 {
				row.What += fmt.Sprintf(" x%d", ar.Count)
			}
			if ar.Known {
				w := fmt.Sprintf("damage %d", ar.Damage)
				if ar.Blast != "" {
					w += ", blast " + ar.Blast
				}
				if ar.MinRange != "" {
					w += ", minimum range " + ar.MinRange
				}
				row.Weapons = w
				row.Other = fmt.Sprintf("crew %d (%s); fire rate %s; body Strength %d, %d points",
					ar.Crew, ar.Skill, ar.FireRate, ar.BodyStrength, ar.BodyPoints)
			} else {
				var parts []string
				for _, l := range ar.Lines {
					parts = append(parts, l.Label)
				}
				row.Other = strings.Join(parts, "; ")
			}
		}
		out = append(out, row)
	}
	return out
}

func walkRun(walk, run string) string {
	return "walk " + walk + ", run " + run
}

// codes writes attributes with their trained skills: "DEX 3 (blaster 4, dodge 4)". A skill
// is written where it was raised (it has a cost) or is a skill the unit has above nothing.
func codes(attrs []AttrBlock) string {
	var parts []string
	for _, a := range attrs {
		code := a.Code.String()
		if a.Adjusted.OK {
			code += " (" + a.Adjusted.String() + ")"
		}
		var skills []string
		for _, r := range a.Rows {
			if r.Key != "" && r.Cost.OK && r.Code.OK {
				skills = append(skills, r.Label+" "+r.Code.String())
			}
		}
		p := string(a.Attr) + " " + code
		if len(skills) > 0 {
			p += ": " + strings.Join(skills, ", ")
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, "; ")
}

func weapons(ws []WeaponRow) string {
	var parts []string
	for _, w := range ws {
		p := w.Name
		if w.Dam != "" {
			p += " " + w.Dam
		}
		if w.Short.OK {
			p += fmt.Sprintf(" (%s/%s/%s)", w.Short, w.Med, w.Long)
		}
		if w.Turret {
			p += " turret"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}

func armor(a ArmorLine) string {
	if a.Name == "" {
		return ""
	}
	s := a.Name
	if a.STR != "" || a.DEX != "" {
		s += " (STR " + a.STR + ", DEX " + a.DEX + ")"
	}
	return s
}

func items(is []ItemRow) []string {
	var out []string
	for _, it := range is {
		out = append(out, it.Name)
	}
	return out
}

// memberExtra is what a commander or specialist has beyond the squad: ": blaster 5, Heavy
// Blaster Pistol"; skip is a skill already written (the commander's command).
func memberExtra(m Member, skip string) string {
	var parts []string
	for _, s := range m.Skills {
		if s.Key != "" && s.Code.OK && s.Key != skip {
			parts = append(parts, s.Label+" "+s.Code.String())
		}
	}
	if w := weapons(m.Weapons); w != "" {
		parts = append(parts, w)
	}
	if len(parts) == 0 {
		return ""
	}
	return ": " + strings.Join(parts, ", ")
}

func forceLine(f ForceSection) string {
	var parts []string
	for _, s := range f.Skills {
		if s.Code.OK && s.Code.V > 0 {
			parts = append(parts, s.Name+" "+s.Code.String())
		}
	}
	for _, p := range f.Powers {
		parts = append(parts, p.Name)
	}
	if len(parts) == 0 {
		return ""
	}
	return "Force: " + strings.Join(parts, ", ")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
