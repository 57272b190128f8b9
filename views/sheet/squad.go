package sheet

import (
	"fmt"
	"strings"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// Squad is a filled-in Squad Record Sheet (Reference Sheets; Diagram 19, the Blue Rangers).
type Squad struct {
	Name, TroopType string
	Quality         string // Elite, Veteran, Average
	QualityCost     Num
	Move            Num
	Attrs           []AttrBlock
	SkillsPointCost Num

	// The four circles.
	Walk, Run    string
	CommandSkill Num
	Size         Num

	Weapons    []WeaponRow
	Armor      ArmorLine
	Equipment  []ItemRow
	PerSoldier Num
	BaseCost   Num

	Commander   Member
	Specialists [2]Member
	// Other are the other costs (a mounted squad's mounts), as costing prices them.
	Other []costing.Line
	Cost  Num

	Morale MoraleTrack
	// TroopList is the Troop List entry's training lines, for the Trng and Spec boxes.
	TroopList []string
	Figures   []Figure
}

// Member is the commander's or a specialist's line: his skills beyond the squad's, and the
// weapons he carries besides the squad's.
type Member struct {
	Present bool
	Skills  []SkillRow
	Weapons []WeaponRow
	Cost    Num
}

// buildSquad fills a Squad Record Sheet as Chapter Eight, "Creating Your Forces", does.
func buildSquad(c *rules.Catalog, tables *rules.Tables, u *roster.Unit, b costing.Breakdown) *Squad {
	s := &Squad{Name: b.Name, Walk: Inches(b.Walk), Run: Inches(b.Run), Cost: N(b.Cost)}
	t, _ := c.Troop(u.Troop)
	if t == nil {
		t = &rules.Troop{Attributes: map[rules.Attr]int{}, Commander: -1}
		s.TroopType = u.Troop
	} else {
		s.TroopType = t.Name
	}
	q := t.Quality
	if u.Quality != "" {
		q = rules.Quality(rules.Normalize(string(u.Quality)))
	}
	s.Quality = titleCase(string(q))
	perSoldier := 0
	if qc, ok := rules.QualityCost[q]; ok {
		s.QualityCost = N(qc)
		perSoldier += qc
	}
	s.Move = N(t.Move)
	perSoldier += t.Move

	a := attrCodes{codes: map[rules.Attr]int{}}
	for _, at := range rules.Attributes {
		a.codes[at] = t.Attributes[at]
		if v, ok := u.Attributes[at]; ok {
			a.codes[at] = v
		}
		perSoldier += a.codes[at]
	}
	g := readGear(c, u.Armor, t.Armor.Free, u.Equipment)
	a.dexAdj, a.strAdj = g.dexAdj, g.strAdj

	skills := resolve(c, u.Skills)
	training := func(o owned) int { return max(0, o.code-a.base(o.ref.Attr)) }
	s.Attrs = blocks(c, squadSkills, a, skills, 1, training)
	for i := range s.Attrs {
		at := s.Attrs[i].Attr
		trng, spec := troopCap(c, t.Training, at), troopCap(c, t.Specialists, at)
		s.Attrs[i].Trng, s.Attrs[i].Spec = &trng, &spec
	}
	for _, o := range skills {
		perSoldier += training(o)
	}
	s.SkillsPointCost = N(perSoldier)

	str := a.codes[rules.STR]
	s.Weapons = weaponRows(c, u.Weapons, str)
	s.Armor, s.Equipment = g.armor, g.items
	perSoldier += sumWeapons(s.Weapons) + g.cost
	s.PerSoldier = N(perSoldier)
	if u.Size > 0 {
		s.Size = N(u.Size)
		s.BaseCost = N(perSoldier * u.Size)
	}

	// The squad's own code in a skill: what the commander and specialists train beyond.
	squadCode := func(ref rules.SkillRef) int {
		if o, ok := find(skills, ref.Key()); ok {
			return o.code
		}
		return a.base(ref.Attr)
	}
	member := func(own roster.Skills, weapons []roster.Item) Member {
		m := Member{Present: true}
		total := 0
		for _, o := range resolve(c, own) {
			row := SkillRow{Key: o.ref.Key(), Label: titleCase(o.ref.Label()), Code: N(o.code)}
			if t := o.code - squadCode(o.ref); t > 0 {
				row.Cost = N(t)
				total += t
			}
			m.Skills = append(m.Skills, row)
		}
		m.Weapons = weaponRows(c, weapons, str)
		total += sumWeapons(m.Weapons)
		if total > 0 {
			m.Cost = N(total)
		}
		return m
	}
	command := skillKey(c, "command")
	commandRef, _ := c.ResolveSkill("command")
	s.CommandSkill = N(squadCode(commandRef))
	if u.Commander != nil {
		s.Commander = member(u.Commander.Skills, nil)
	}
	if cmd, ok := findRow(s.Commander.Skills, command); ok {
		s.CommandSkill = cmd.Code
	} else {
		// A commander who is not trained further has the squad's command skill (Chapter
		// Eight: "If you don't intend to give the commander a better skill, you can now
		// fill in the command skill").
		s.Commander.Skills = append([]SkillRow{{Key: command, Label: "Command", Code: s.CommandSkill}}, s.Commander.Skills...)
	}
	for i, sp := range u.Specialists {
		if i >= len(s.Specialists) {
			break // more than two is a validation problem; the sheet has room for two
		}
		s.Specialists[i] = member(sp.Skills, sp.Weapons)
	}
	for _, l := range b.Lines {
		if rest, ok := strings.CutPrefix(l.Label, "Other costs: "); ok {
			s.Other = append(s.Other, costing.Line{Label: rest, SGP: l.SGP})
		}
	}

	s.Morale = moraleTrack(tables, q)
	s.TroopList = troopListLines(t)
	s.Figures = squadFigures(u)
	return s
}

func findRow(rows []SkillRow, key string) (SkillRow, bool) {
	for _, r := range rows {
		if r.Key == key {
			return r, true
		}
	}
	return SkillRow{}, false
}

// troopCap is the Trng (or Spec) box of an attribute: what the Troop List allows a skill of
// the attribute no clause names ("Level 3 — any", "Level 2 — DEX, MEC, STR"), or failing
// that the level of the clauses naming skills under it ("melee combat, sneak"), starred.
// Both come from roster.TrainingCap, which the check and the editor ask too.
func troopCap(c *rules.Catalog, caps []rules.TrainingCap, at rules.Attr) Cap {
	if whole, _, ok := roster.TrainingCap(c, caps, rules.SkillRef{Attr: at}); ok {
		return Cap{Level: whole}
	}
	out := Cap{None: true}
	for _, tc := range caps {
		for _, name := range tc.Skills {
			ref, err := c.ResolveSkill(name)
			if err != nil || ref.Attr != at {
				continue
			}
			level, _, _ := roster.TrainingCap(c, caps, ref)
			if out.None || level > out.Level {
				out.Level = level
			}
			out.None = false
			out.Only = append(out.Only, ref.Label())
		}
	}
	return out
}

// troopListLines writes the Troop List's Skills, Specialists and Commanders lines, which
// the Trng and Spec boxes abbreviate.
func troopListLines(t *rules.Troop) []string {
	if t.Name == "" {
		return nil
	}
	clause := func(caps []rules.TrainingCap) string {
		if len(caps) == 0 {
			return "None"
		}
		var parts []string
		for _, tc := range caps {
			var what []string
			if tc.Any {
				what = append(what, "any")
			}
			for _, at := range tc.Attributes {
				what = append(what, string(at))
			}
			what = append(what, tc.Skills...)
			parts = append(parts, fmt.Sprintf("Level %d — %s", tc.Level, strings.Join(what, ", ")))
		}
		return strings.Join(parts, "; ")
	}
	cmd := "None"
	if t.Commander >= 0 {
		cmd = fmt.Sprintf("Level %d", t.Commander)
	}
	return []string{
		"Skills: " + clause(t.Training),
		"Specialists: " + clause(t.Specialists),
		"Commanders: " + cmd,
	}
}

// squadFigures labels a damage-box row per soldier: the commander, the specialists, then
// the rest of the squad.
func squadFigures(u *roster.Unit) []Figure {
	var labels []string
	n := u.Size
	if n > 0 {
		labels = append(labels, "Commander")
		n--
	}
	for i := range u.Specialists {
		if n == 0 {
			break
		}
		labels = append(labels, fmt.Sprintf("Specialist %d", i+1))
		n--
	}
	for i := range n {
		labels = append(labels, fmt.Sprintf("Soldier %d", i+1))
	}
	return figures(labels)
}

// MoraleBox is one box of the Morale Level Track.
type MoraleBox struct {
	Level   int
	Out     bool   // blacked out: above the squad's starting level
	Quality string // "E", "V" or "A" under the box a quality starts at
}

// MoraleBand is a status label under the track, spanning the boxes of its levels.
type MoraleBand struct {
	Label string
	Span  int
}

// MoraleTrack is the Squad Record Sheet's Morale Level Track: boxes 9 to 0, those to the
// left of the squad's starting level blacked out (Chapter Five: "At the beginning of the
// game, blacken in the boxes to the left of the squad's starting morale level").
type MoraleTrack struct {
	Start int
	Boxes []MoraleBox
	Bands []MoraleBand
}

// moraleTop is the highest level the sheet's track prints.
const moraleTop = 9

// statusLabels are the track's words for the morale statuses.
var statusLabels = map[string]string{"steady": "Steady", "shaken": "Shaken", "demoralized": "Dem.", "broken": "Broken"}

func moraleTrack(t *rules.Tables, q rules.Quality) MoraleTrack {
	start, ok := t.Morale.StartingLevel(q)
	if !ok {
		start = moraleTop
	}
	tr := MoraleTrack{Start: start}
	letters := map[int]string{}
	for _, s := range t.Morale.Starting {
		letters[s.Level] = strings.ToUpper(string(s.Quality)[:1])
	}
	for l := moraleTop; l >= 0; l-- {
		tr.Boxes = append(tr.Boxes, MoraleBox{Level: l, Out: l > start, Quality: letters[l]})
		label := ""
		if st, ok := t.Morale.Status(l); ok {
			label = statusLabels[st.Status]
		}
		if n := len(tr.Bands); n > 0 && tr.Bands[n-1].Label == label {
			tr.Bands[n-1].Span++
		} else {
			tr.Bands = append(tr.Bands, MoraleBand{Label: label, Span: 1})
		}
	}
	return tr
}
