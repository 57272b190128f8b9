package views

import (
	"strconv"
	"strings"

	"muster/rules/swm/army"
	"muster/rules/swm/cards"
	"muster/rules/swm/check"
)

// The d20 Star Wars Miniatures views: the squad editor and the squad sheet.

// SWMEditorView is the squad editor's page: the form's values, the squad costed and
// checked, and the card picker.
type SWMEditorView struct {
	Army               OtherArmyView // the total, the problems, the version
	Name, Faction, Era string
	Limit              int
	Squad              *army.Army
	Costed             *check.Costed
	Offers             []check.Offer
	Factions           []string
	Eras               []check.Era
	Problem            string // why the last save was refused
	// Unsaved is the editor's draft kept on the server, offered to resume or discard.
	Unsaved *UnsavedDraft
}

// factionListed reports whether the squad's faction is one the faction picker offers.
func (v SWMEditorView) factionListed() bool {
	for _, f := range v.Factions {
		if f == v.Faction && f != check.Fringe {
			return true
		}
	}
	return false
}

// eraListed reports whether the squad's era is none or one of the table's.
func (v SWMEditorView) eraListed() bool {
	for _, e := range v.Eras {
		if e.Name == v.Era {
			return true
		}
	}
	return v.Era == ""
}

// unitCost is the points of unit i, or "?" for a card Muster does not know.
func (v SWMEditorView) unitCost(i int) string {
	if i < len(v.Costed.Units) && v.Costed.Units[i].Card != nil {
		u := v.Costed.Units[i]
		return itoa(u.Each * u.Count)
	}
	return "?"
}

// unitKnown reports whether unit i's card is one Muster knows.
func (v SWMEditorView) unitKnown(i int) bool {
	return i < len(v.Costed.Units) && v.Costed.Units[i].Card != nil
}

// unitHasError reports whether a problem of error severity names unit i.
func (v SWMEditorView) unitHasError(i int) bool {
	e, _ := reportCounts(unitReportProblems(v.Army.Report.Problems, i))
	return e > 0
}

// stat is a card's value for the picker and the sheet: blank ("") when the rulebook does
// not print it.
func stat(p *int) string {
	if p == nil {
		return ""
	}
	return strconv.Itoa(*p)
}

// attackBonus is an Attack bonus as printed: "+7".
func attackBonus(p *int) string {
	if p == nil {
		return ""
	}
	if *p >= 0 {
		return "+" + strconv.Itoa(*p)
	}
	return strconv.Itoa(*p)
}

// cardCost is a card's cost, "?" when unknown.
func cardCost(c *cards.Card) string {
	if c.Cost == nil {
		return "?"
	}
	return strconv.Itoa(*c.Cost)
}

// cardUnique is "Unique" for a card known to be Unique whose abilities do not already say
// so; else "" (a card whose Unique-ness is not printed is a warning of the checks instead).
func cardUnique(c *cards.Card) string {
	if u, known := c.IsUnique(); u && known && !c.Has("Unique") {
		return "Unique"
	}
	return ""
}

// abilityList is a card's abilities and Force powers as printed, with a mark when the
// list is not the whole card.
func abilityList(c *cards.Card) string {
	all := append(append([]string{}, c.Abilities...), c.ForcePowers...)
	s := strings.Join(all, ", ")
	switch {
	case !c.AbilitiesComplete && s == "":
		return "abilities not printed in the rulebook"
	case !c.AbilitiesComplete:
		return s + ", … (the rest not printed)"
	}
	return s
}

// pickerID is the id of a card's Add button.
func pickerID(name string) string { return "add-" + cards.Normalize(name) }

// offerReasonID is the id of the reason a card is greyed out.
func offerReasonID(name string) string { return "why-" + cards.Normalize(name) }
