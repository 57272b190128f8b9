package views

import (
	"strings"

	"muster/rules/swm/army"
	"muster/rules/swm/cards"
	"muster/rules/swm/check"
	"muster/rules/system"
)

// SWMSheetView is a d20 squad's printable sheet. CSS is set for a standalone page (the
// PDF), which carries its stylesheet inline; Back and Base are the web print view's links
// (the squad, and the sheet's own address for the paper switch and the PDF).
type SWMSheetView struct {
	Squad  *army.Army
	Costed *check.Costed
	Paper  string
	CSS    string
	Back   string
	Base   string
}

// blankMark is what an unprinted value shows on the sheet: an empty box or line to fill in.
const blankMark = ""

// cardStat is one of a card's statistics for the sheet: blank when the rulebook does not
// print it (or the card is not known).
func cardStat(c *cards.Card, name string) string {
	if c == nil {
		return blankMark
	}
	switch name {
	case "hp":
		return stat(c.HP)
	case "defense":
		return stat(c.Defense)
	case "attack":
		return attackBonus(c.Attack)
	case "damage":
		return stat(c.Damage)
	case "speed":
		return stat(c.Speed)
	case "force":
		return stat(c.Force)
	}
	return blankMark
}

// sheetErrors are the squad's errors, printed under its head so that a sheet of an
// illegal squad says so.
func sheetErrors(v SWMSheetView) []string {
	var out []string
	for _, p := range v.Costed.Problems {
		if p.Severity == system.Error {
			out = append(out, p.Message)
		}
	}
	return out
}

// eachLabel is " each, 3 figures" for a unit of several figures.
func eachLabel(count int) string {
	if count > 1 {
		return " each, " + itoa(count) + " figures"
	}
	return ""
}

// cardSubline is the card's faction, size and Unique, with a line to fill where unknown.
// CustomCardNote marks, on a printed sheet, a card whose values the squad file's cards:
// block added or completed: a player checks them against the physical card, as they are not
// the rulebook's.
const CustomCardNote = "Values from this squad file's cards: block, not all printed in the rulebook: check them against your card."

func cardSubline(c *cards.Card) string {
	parts := []string{c.Faction}
	if c.Size != nil {
		parts = append(parts, *c.Size)
	} else {
		parts = append(parts, "size: ______")
	}
	switch u, known := c.IsUnique(); {
	case u:
		parts = append(parts, "Unique")
	case !known:
		parts = append(parts, "Unique? ______")
	}
	if c.Set != "" {
		s := c.Set
		if c.Number != "" {
			s += " " + c.Number
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " · ")
}

// sheetAbilities is the card's special abilities as printed, with a line for the rest
// when the rulebook does not print the whole list.
func sheetAbilities(c *cards.Card) string {
	s := strings.Join(c.Abilities, ", ")
	switch {
	case c.AbilitiesComplete && s == "":
		return "none"
	case c.AbilitiesComplete:
		return s
	case s == "":
		return "not printed in the rulebook: ____________________________"
	}
	return s + ", and (not printed): ____________________"
}

// cardCommanderLine is the card's commander effect: its text, a line to fill when it has one
// the rulebook does not print, "" when it has none.
func cardCommanderLine(c *cards.Card) string {
	switch {
	case c.Commander == nil:
		return "not printed in the rulebook (if any): ____________________"
	case !c.Commander.Has:
		return ""
	case c.Commander.Text != "":
		return c.Commander.Text
	}
	return "not printed in the rulebook: ____________________________"
}

func joinComma(s []string) string { return strings.Join(s, ", ") }

// hpTrack is a figure's Hit Point boxes, each labelled with the Hit Points left once it is
// struck: a box for every 10 Hit Points, 5 when the total is not a multiple of 10, at most
// 60 boxes. Unknown Hit Points give 20 blank boxes of 10 and step 0.
func hpTrack(hp *int) ([]string, int) {
	if hp == nil || *hp <= 0 {
		return make([]string, 20), 0
	}
	step := 10
	if *hp%10 != 0 {
		step = 5
	}
	n := min((*hp+step-1)/step, 60)
	out := make([]string, n)
	for i := range out {
		out[i] = itoa(max(*hp-(i+1)*step, 0))
	}
	return out, step
}
