package views

import (
	"net/url"
	"strings"

	"muster/rules/swm/cards"
)

// The d20 card library's views: the library, the card form, a shared card, and the squad
// page's list of cards with blanks.

// SWMLibraryView is the library page: the player's cards and the pack's.
type SWMLibraryView struct {
	Cards  []SWMLibraryRow
	Pack   []SWMPackRow
	Error  string // why an import was refused
	Import string // the refused import's text, kept
}

// SWMLibraryRow is one of the player's cards.
type SWMLibraryRow struct {
	ID, Name, Faction, Cost string
	Blanks                  []string // what a battle still lacks
	FromPack                bool     // it completes a pack card
	Share                   string   // the share link's token
	Problem                 string   // the stored card no longer reads
	Duplicate               bool     // a second card of the name (an older one, not used)
}

// SWMPackRow is a card of the Battle of Hoth pack as the library sees it.
type SWMPackRow struct {
	Name, Faction, Cost string
	Blanks              []string // what it lacks with the player's card, if any
	LibraryID           string   // the player's card completing it, if any
}

// SWMCardFormView is the card form: the pack card it completes (nil for a new card), the
// values as typed, and the refusals.
type SWMCardFormView struct {
	ID       string      // the library card being changed; "" for a new one
	Printed  *cards.Card // the pack card, whose printed values are fixed
	Entry    cards.Entry
	Errors   []cards.FieldError
	Factions []string
	Squad    string   // the squad to return to after saving
	Blanks   []string // what the saved card still lacks (shown after a save)
	Saved    bool
}

// SWMSharedCardView is a card opened through its share link.
type SWMSharedCardView struct {
	Token string
	Card  *cards.Card
	Entry []SWMCardLine
}

// SWMCardLine is one line of a card as shown read-only.
type SWMCardLine struct{ Label, Value string }

// SWMSquadCard is a card of a squad that still has blanks, for the squad's page.
type SWMSquadCard struct {
	Name   string
	Blanks []string
	Fill   string // the form's address
}

// title is the form's heading.
func (v SWMCardFormView) title() string {
	switch {
	case v.Printed != nil:
		return "Fill in " + v.Printed.Name
	case v.ID != "":
		return "Edit " + v.Entry.Name
	}
	return "A new card"
}

// action is where the form posts.
func (v SWMCardFormView) action() string {
	a := "/swm/cards"
	if v.ID != "" {
		a += "/" + v.ID
	}
	if v.Squad != "" {
		a += "?squad=" + url.QueryEscape(v.Squad)
	}
	return a
}

// errorFor is the refusal of a field, if any.
func (v SWMCardFormView) errorFor(field string) string {
	for _, e := range v.Errors {
		if e.Field == field {
			return e.Msg
		}
	}
	return ""
}

// fieldID is the HTML id of a form field.
func fieldID(field string) string {
	r := strings.NewReplacer(".", "-", " ", "-")
	return "card-" + strings.ToLower(r.Replace(field))
}

// describedBy is the aria-describedby of a field: its hint and its refusal.
func (v SWMCardFormView) describedBy(field string) string {
	ids := fieldID(field) + "-hint"
	if v.errorFor(field) != "" {
		ids += " " + fieldID(field) + "-error"
	}
	return ids
}

// fixedStat is a printed stat's value, and whether it is printed.
func (v SWMCardFormView) fixedStat(key string) (string, bool) {
	if v.Printed == nil {
		return "", false
	}
	if n, ok := v.Printed.StatValue(key); ok {
		return itoa(n), true
	}
	return "", false
}

// statHint is a stat's range in words.
func statHint(s cards.Stat) string {
	h := "a whole number from " + itoa(s.Lo) + " to " + itoa(s.Hi)
	switch s.Key {
	case "speed":
		h += "; blank: 6, as most characters"
	case "force":
		h += "; 0 for none"
	case "cost":
		h += " (the points it costs)"
	}
	return h
}

// printedAbility reports whether the pack card prints the ability (fixed on the form).
func (v SWMCardFormView) printedAbility(name string) bool {
	return v.Printed != nil && v.Printed.Has(name)
}

// abilitiesFixed: the pack card prints its whole list.
func (v SWMCardFormView) abilitiesFixed() bool {
	return v.Printed != nil && v.Printed.AbilitiesComplete
}

func (v SWMCardFormView) ticked(name string) bool {
	for _, a := range v.Entry.Abilities {
		if cards.Normalize(a) == cards.Normalize(name) {
			return true
		}
	}
	return v.printedAbility(name)
}

func (v SWMCardFormView) powerTicked(name string) bool {
	for _, a := range v.Entry.Powers {
		if cards.Normalize(a) == cards.Normalize(name) {
			return true
		}
	}
	return false
}

// powersFixed: the pack card prints its Force powers.
func (v SWMCardFormView) powersFixed() bool {
	return v.Printed != nil && len(v.Printed.ForcePowers) > 0
}

// number is a numbered ability's value as typed, or as printed.
func (v SWMCardFormView) number(name string) string {
	if v.Printed != nil {
		if n, ok := v.Printed.Ability(name); ok {
			return itoa(n)
		}
	}
	return v.Entry.Numbers[name]
}

func (v SWMCardFormView) sizeFixed() bool { return v.Printed != nil && v.Printed.Size != nil }
func (v SWMCardFormView) uniqueFixed() bool {
	return v.Printed != nil && (v.Printed.Unique != nil || v.Printed.Has("Unique"))
}
func (v SWMCardFormView) uniqueText() string {
	if u, _ := v.Printed.IsUnique(); u {
		return "yes"
	}
	return "no"
}

// commanderFixed: the pack card prints its commander effect in full (or none).
func (v SWMCardFormView) commanderFixed() bool {
	c := v.Printed
	return c != nil && c.Commander != nil && (!c.Commander.Has || c.Commander.Text != "" || len(c.Commander.Effects) > 0)
}

// commanderKnownYes: the pack says the card has an effect, without its words.
func (v SWMCardFormView) commanderKnownYes() bool {
	return v.Printed != nil && v.Printed.Commander != nil && v.Printed.Commander.Has && !v.commanderFixed()
}

func (v SWMCardFormView) rapportFixed() bool { return v.Printed != nil && len(v.Printed.Rapport) > 0 }

// effectRows are the commander effect rows the form shows: those typed, and blank ones up
// to cards.MaxEffects.
func (v SWMCardFormView) effectRows() []cards.EffectEntry {
	rows := append([]cards.EffectEntry{}, v.Entry.Effects...)
	for len(rows) < cards.MaxEffects {
		rows = append(rows, cards.EffectEntry{})
	}
	return rows[:cards.MaxEffects]
}

func effectField(i int, part string) string { return "effect" + itoa(i) + "." + part }

func abilityField(name string) string { return "ability." + name }

// printedLines are a pack card's printed values in words, for the form's summary.
func printedLines(c *cards.Card) []SWMCardLine { return CardLines(c) }

// CardLines are a card's known values in words.
func CardLines(c *cards.Card) []SWMCardLine {
	var out []SWMCardLine
	if c.Faction != "" {
		out = append(out, SWMCardLine{"Faction", c.Faction})
	}
	for _, s := range cards.Stats {
		if n, ok := c.StatValue(s.Key); ok {
			out = append(out, SWMCardLine{s.Label, itoa(n)})
		}
	}
	if c.Size != nil {
		out = append(out, SWMCardLine{"Size", *c.Size})
	}
	if u, known := c.IsUnique(); known {
		out = append(out, SWMCardLine{"Unique", map[bool]string{true: "yes", false: "no"}[u]})
	}
	if len(c.Abilities) > 0 {
		l := strings.Join(c.Abilities, ", ")
		if !c.AbilitiesComplete {
			l += " (the card may print more)"
		}
		out = append(out, SWMCardLine{"Abilities", l})
	}
	if len(c.ForcePowers) > 0 {
		out = append(out, SWMCardLine{"Force powers", strings.Join(c.ForcePowers, ", ")})
	}
	for _, r := range c.Rapport {
		out = append(out, SWMCardLine{"Rapport", "characters whose name contains " + r.NameContains + " cost " + itoa(r.Reduction) + " less"})
	}
	if c.Commander != nil {
		switch {
		case !c.Commander.Has:
			out = append(out, SWMCardLine{"Commander effect", "none"})
		case c.Commander.Text != "":
			out = append(out, SWMCardLine{"Commander effect", c.Commander.Text})
		default:
			out = append(out, SWMCardLine{"Commander effect", "yes (its words not known)"})
		}
	}
	return out
}

// fillURL is the form's address for a pack card.
func fillURL(name, squad string) string {
	u := "/swm/cards/new?pack=" + url.QueryEscape(name)
	if squad != "" {
		u += "&squad=" + url.QueryEscape(squad)
	}
	return u
}

// joinWords lists names with commas.
func joinWords(list []string) string { return strings.Join(list, ", ") }

// boolText is an ARIA boolean.
func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// extraAbilities are the entry's abilities the form does not offer (a card imported from a
// file): shown ticked, kept unless unticked.
func (v SWMCardFormView) extraAbilities() []string {
	var out []string
	for _, a := range v.Entry.Abilities {
		n, _ := cards.SplitAbility(a)
		if _, known := cards.FindAbility(n); known || cards.Normalize(n) == "unique" || cards.Normalize(n) == "speed" {
			continue
		}
		if v.Printed != nil && v.Printed.Has(n) {
			continue
		}
		out = append(out, a)
	}
	return out
}
