// Package check costs a d20 Star Wars Miniatures squad and checks it against the rulebook's
// squad-building rules: the era and faction table, fringe characters, the scenario's
// points, Unique by given name and Rapport. Every problem names the unit as the player
// numbers it, cites the rule and says how to fix it.
package check

import (
	"fmt"
	"sort"
	"strings"

	"muster/rules/swm/army"
	"muster/rules/swm/cards"
	"muster/rules/system"
)

// Rule ids, each with the rulebook passage it applies.
const (
	RuleCard    = "swm.card"    // the card must be one Muster knows or the file's cards: block adds
	RuleCards   = "swm.cards"   // a cards: block may complete a printed card, not change it
	RuleEra     = "swm.era"     // Choosing a Faction, p. 13: the era fixes the factions
	RuleFaction = "swm.faction" // faction symbol; Fringe joins any faction (p. 13)
	RulePoints  = "swm.points"  // Squad Construction: up to 100 points in a standard scenario
	RuleUnique  = "swm.unique"  // glossary, Unique (p. 31)
	RuleRapport = "swm.rapport" // glossary, Rapport (p. 31)
	RuleStats   = "swm.stats"   // a battle needs every value of every card
	RuleSquad   = "swm.squad"   // a squad has at least one card
)

const (
	citeEra     = "rulebook, Choosing a Faction (p. 13)"
	citeFringe  = "rulebook, Choosing a Faction (p. 13): \"Fringe characters can be added to any faction, in any era\""
	citePoints  = "rulebook, Squad Construction: \"you can spend up to 100 points\" in a standard scenario; a scenario may set another total"
	citeUnique  = "rulebook glossary, Unique (p. 31): no more than one Unique character with the same given name in a squad"
	citeRapport = "rulebook glossary, Rapport (p. 31)"
)

// Unit is one line of the squad with its card and its cost.
type Unit struct {
	Index int
	Card  *cards.Card // nil when the name is unknown
	Count int
	Each  int // the cost of one figure after Rapport
	Lines []system.Line
}

// Label names the unit as the player sees it: "Unit 2, Princess Leia, Hoth Commander".
func Label(i int, name string) string { return fmt.Sprintf("Unit %d, %s", i+1, name) }

// Costed is a squad with its catalogue, costs and problems.
type Costed struct {
	Army     *army.Army
	Catalog  *cards.Catalog
	Units    []Unit
	Total    int
	Side     string // light or dark when the era says, else ""
	Problems []system.Problem
}

// Evaluate costs and checks a squad.
func Evaluate(a *army.Army) (*Costed, error) {
	cat, conflicts, err := a.Catalog()
	if err != nil {
		return nil, err
	}
	c := &Costed{Army: a, Catalog: cat}
	for _, cf := range conflicts {
		msg := fmt.Sprintf("the cards: block gives %s %s for %s, but Muster's data has %s; Muster keeps %s", cf.Field, cf.Given, cf.Card, cf.Printed, cf.Printed)
		if cf.Given == "(left out)" {
			msg = fmt.Sprintf("the cards: block's abilities for %s leave out %s, which the card is known to have; Muster keeps it", cf.Card, cf.Printed)
		}
		if cf.Library {
			msg = fmt.Sprintf("your card library gives %s %s for %s, but this squad's file or the pack has %s; the squad keeps %s", cf.Field, cf.Given, cf.Card, cf.Printed, cf.Printed)
		}
		c.add(system.Problem{Rule: RuleCards, Severity: system.Warning, Unit: -1, Field: "cards",
			Message: msg, Hint: "check the card again; the abilities: list is the card's whole list"})
	}
	if len(a.Units) == 0 {
		c.add(system.Problem{Rule: RuleSquad, Severity: system.Error, Unit: -1, Field: "units",
			Message: "the squad has no cards yet: a squad is the stat cards you spend its points on (rulebook, Squad Construction)",
			Hint:    "add cards, such as \"units: [{card: Hoth Trooper, count: 3}]\""})
	}
	c.checkFaction()
	c.cost()
	c.checkUnique()
	c.checkStats()
	return c, nil
}

func (c *Costed) add(p system.Problem) { c.Problems = append(c.Problems, p) }

func (c *Costed) checkFaction() {
	a := c.Army
	fac := Faction(a.Faction)
	if fac == "" {
		c.add(system.Problem{Rule: RuleFaction, Severity: system.Error, Unit: -1, Field: "faction",
			Message: fmt.Sprintf("%q is not a faction of the rulebook's table (%s)", a.Faction, citeEra),
			Hint:    "write one of " + strings.Join(Factions(), ", ")})
		return
	}
	a.Faction = fac
	if fac == Fringe {
		c.add(system.Problem{Rule: RuleFaction, Severity: system.Error, Unit: -1, Field: "faction",
			Message: "Fringe is not a squad's faction: fringe characters join a faction (" + citeFringe + ")",
			Hint:    "write the faction the squad fights for, such as Rebel Alliance or Empire"})
		return
	}
	if a.Era == "" {
		return
	}
	era, ok := FindEra(a.Era)
	if !ok {
		c.add(system.Problem{Rule: RuleEra, Severity: system.Error, Unit: -1, Field: "era",
			Message: fmt.Sprintf("%q is not an era of the rulebook's table (%s)", a.Era, citeEra),
			Hint:    "write one of " + eraNames()})
		return
	}
	a.Era = era.Name
	c.Side = era.Side(fac)
	if c.Side == "" {
		c.add(system.Problem{Rule: RuleEra, Severity: system.Error, Unit: -1, Field: "era",
			Message: fmt.Sprintf("the %s do not field squads in the %s era (%s)", fac, era.Name, citeEra),
			Hint:    fmt.Sprintf("choose one of %s, or an era with the %s", strings.Join(append(era.Light, era.Dark...), ", "), fac)})
	}
}

// cost prices each unit: the card's cost less Rapport, at least 1, times the count; and
// reports the card where the running total first passes the limit.
func (c *Costed) cost() {
	a := c.Army
	rapports := c.rapports()
	for i, u := range a.Units {
		cu := Unit{Index: i, Count: u.Count}
		card, ok := c.Catalog.Lookup(u.Card)
		if !ok {
			c.add(system.Problem{Rule: RuleCard, Severity: system.Error, Unit: i, Field: fmt.Sprintf("units[%d].card", i),
				Message: fmt.Sprintf("%s: Muster knows no stat card by this name", Label(i, u.Card)),
				Hint:    "did you mean " + strings.Join(c.Catalog.Nearest(u.Card), ", ") + "? A card of another set can be added in the file's cards: block"})
			c.Units = append(c.Units, cu)
			continue
		}
		cu.Card = card
		base := *card.Cost
		cu.Lines = append(cu.Lines, system.Line{Label: "Stat card", Points: base})
		each := base
		for _, r := range rapports {
			if strings.Contains(strings.ToLower(card.Name), strings.ToLower(r.NameContains)) && cards.Normalize(r.from) != cards.Normalize(card.Name) {
				each -= r.Reduction
				cu.Lines = append(cu.Lines, system.Line{Label: "Rapport from " + r.from, Points: -r.Reduction,
					Note: fmt.Sprintf("name contains %q (%s)", r.NameContains, citeRapport)})
			}
		}
		if each < 1 {
			cu.Lines = append(cu.Lines, system.Line{Label: "Minimum cost", Points: 1 - each, Note: "a character costs at least 1 (" + citeRapport + ")"})
			each = 1
		}
		cu.Each = each
		if u.Count > 1 {
			cu.Lines = append(cu.Lines, system.Line{Label: fmt.Sprintf("%d figures at %d", u.Count, each), Points: each * u.Count})
		}
		c.Units = append(c.Units, cu)
		if fac := Faction(card.Faction); Faction(a.Faction) != "" && Faction(a.Faction) != Fringe && fac != Fringe && fac != Faction(a.Faction) {
			c.add(system.Problem{Rule: RuleFaction, Severity: system.Error, Unit: i, Field: fmt.Sprintf("units[%d].card", i),
				Message: fmt.Sprintf("%s: the card fights for the %s, not the %s (each card's faction symbol says which faction it can fight for; %s)", Label(i, card.Name), card.Faction, a.Faction, citeFringe),
				Hint:    "remove this unit, or build a squad of the " + card.Faction})
		}
	}
	over := -1
	running := 0
	for i, u := range c.Units {
		running += u.Each * u.Count
		if running > a.Limit && over < 0 {
			over = i
		}
	}
	c.Total = running
	if over >= 0 {
		// Name the unit that takes the squad past the limit: the one to drop or swap.
		name := a.Units[over].Card
		if u := c.Units[over]; u.Card != nil {
			name = u.Card.Name
		}
		c.add(system.Problem{Rule: RulePoints, Severity: system.Error, Unit: over, Field: "limit",
			Message: fmt.Sprintf("%s: this unit takes the squad past its limit; the squad costs %d points, %d over the limit of %d (%s)", Label(over, name), c.Total, c.Total-a.Limit, a.Limit, citePoints),
			Hint:    fmt.Sprintf("remove %d points: drop or swap this unit or another, or raise limit: if the scenario allows", c.Total-a.Limit)})
	}
}

type rapport struct {
	cards.Rapport
	from string
}

// rapports lists the squad's distinct Rapport abilities: copies of the same Rapport do not
// stack, different ones do (glossary, Rapport).
func (c *Costed) rapports() []rapport {
	seen := map[string]bool{}
	var out []rapport
	for _, u := range c.Army.Units {
		card, ok := c.Catalog.Lookup(u.Card)
		if !ok {
			continue
		}
		for _, r := range card.Rapport {
			key := fmt.Sprintf("%s/%d", strings.ToLower(r.NameContains), r.Reduction)
			if seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, rapport{r, card.Name})
		}
	}
	return out
}

// checkUnique allows one Unique character per given name (all versions share it).
func (c *Costed) checkUnique() {
	first := map[string]int{}
	for i, u := range c.Units {
		if u.Card == nil {
			continue
		}
		unique, known := u.Card.IsUnique()
		given := u.Card.Given()
		key := cards.Normalize(given)
		if !known {
			if j, dup := firstOther(c.Units, i, key); dup {
				c.add(system.Problem{Rule: RuleUnique, Severity: system.Warning, Unit: i, Field: fmt.Sprintf("units[%d].card", i),
					Message: fmt.Sprintf("%s: Muster does not know whether %s is Unique, and unit %d is the same character (%s)", Label(i, u.Card.Name), given, j+1, citeUnique),
					Hint:    "if the card says Unique, keep one; add \"unique: true\" or \"unique: false\" for it in the cards: block"})
			}
			continue
		}
		if !unique {
			continue
		}
		if u.Count > 1 {
			c.add(system.Problem{Rule: RuleUnique, Severity: system.Error, Unit: i, Field: fmt.Sprintf("units[%d].count", i),
				Message: fmt.Sprintf("%s: %d copies of the Unique %s (%s)", Label(i, u.Card.Name), u.Count, given, citeUnique),
				Hint:    "set count: 1"})
		}
		if j, ok := first[key]; ok {
			c.add(system.Problem{Rule: RuleUnique, Severity: system.Error, Unit: i, Field: fmt.Sprintf("units[%d].card", i),
				Message: fmt.Sprintf("%s: a second Unique %s; unit %d is already %s (%s)", Label(i, u.Card.Name), given, j+1, given, citeUnique),
				Hint:    "remove this unit or the other version of " + given})
			continue
		}
		first[key] = i
	}
}

// firstOther returns an earlier unit with the same given name.
func firstOther(units []Unit, i int, key string) (int, bool) {
	for j := range i {
		if units[j].Card != nil && cards.Normalize(units[j].Card.Given()) == key {
			return j, true
		}
	}
	return 0, false
}

// checkStats notes the cards a battle cannot play yet (costing needs only the cost).
func (c *Costed) checkStats() {
	builtin := cards.Builtin()
	for i, u := range c.Units {
		if u.Card == nil {
			continue
		}
		if m := u.Card.Missing(); len(m) > 0 {
			who := "the rulebook does not print"
			if _, pack := builtin.Lookup(u.Card.Name); !pack {
				// A card the file's cards: block adds: the rulebook never had it.
				who = "the file's cards: block does not give"
			}
			c.add(system.Problem{Rule: RuleStats, Severity: system.Info, Unit: i, Field: fmt.Sprintf("units[%d].card", i),
				Message: fmt.Sprintf("%s: %s its %s, so Muster cannot play it in a battle", Label(i, u.Card.Name), who, strings.Join(m, ", ")),
				Hint:    "fill in its blanks from the physical card in your card library (Cards), or in the file's cards: block"})
		}
	}
}

// Report is the squad as `muster cost` and `muster check` print it.
func (c *Costed) Report() *system.Report {
	r := &system.Report{Name: c.Army.Name, System: "swm", Faction: c.Army.Faction, Limit: c.Army.Limit, Total: c.Total, Problems: c.Problems}
	for i, u := range c.Units {
		name := c.Army.Units[i].Card
		if u.Card != nil {
			name = u.Card.Name
		}
		r.Units = append(r.Units, system.Unit{Name: name, Kind: "card", Count: u.Count, Cost: u.Each * u.Count, Lines: u.Lines})
	}
	sort.SliceStable(r.Problems, func(i, j int) bool { return rank(r.Problems[i].Severity) < rank(r.Problems[j].Severity) })
	if r.Problems == nil {
		r.Problems = []system.Problem{}
	}
	return r
}

func rank(s string) int {
	switch s {
	case system.Error:
		return 0
	case system.Warning:
		return 1
	}
	return 2
}
