// Package cards holds the stat cards of WotC's Star Wars Miniatures as data: the 14 cards of
// the Battle of Hoth scenario pack (embedded), and the rules for reading a card's numbers
// and abilities. A value the rulebook (or a cited public page) does not give is nil, never
// a guess: a battle asks for it instead (Missing).
package cards

import (
	"embed"
	"strconv"
	"strings"
)

//go:embed data/*.json
var data embed.FS

// Sizes a character can have; big characters take 2x2 (Large) or 3x3 (Huge) squares.
const (
	Small  = "small"
	Medium = "medium"
	Large  = "large"
	Huge   = "huge"
)

// Card is one stat card. Pointer fields are nil when the value is not known.
type Card struct {
	Name string `json:"name" yaml:"name"`
	// GivenName is the name Unique counts (all versions of a character share it); empty
	// means the name before ", " or " on " ("Luke Skywalker on Tauntaun" is Luke Skywalker).
	GivenName string  `json:"given_name,omitempty" yaml:"given_name,omitempty"`
	Faction   string  `json:"faction" yaml:"faction"`
	Cost      *int    `json:"cost" yaml:"cost"`
	HP        *int    `json:"hp" yaml:"hp"`
	Defense   *int    `json:"defense" yaml:"defense"`
	Attack    *int    `json:"attack" yaml:"attack"`
	Damage    *int    `json:"damage" yaml:"damage"`
	Speed     *int    `json:"speed" yaml:"speed"`
	Size      *string `json:"size" yaml:"size"`
	Unique    *bool   `json:"unique" yaml:"unique"`
	// Abilities are written as printed ("Double Attack", "Damage Reduction 10", "Speed 8").
	Abilities []string `json:"abilities" yaml:"abilities"`
	// AbilitiesComplete says the list is the whole card; otherwise the card may print more.
	AbilitiesComplete bool      `json:"abilities_complete" yaml:"abilities_complete"`
	Rapport           []Rapport `json:"rapport,omitempty" yaml:"rapport,omitempty"`
	// Force is the Force rating: 0 for none, nil when unknown.
	Force       *int       `json:"force" yaml:"force"`
	ForcePowers []string   `json:"force_powers,omitempty" yaml:"force_powers,omitempty"`
	Commander   *Commander `json:"commander" yaml:"commander"`
	Set         string     `json:"set,omitempty" yaml:"set,omitempty"`
	Number      string     `json:"number,omitempty" yaml:"number,omitempty"`
	// Sources says where each value comes from (rulebook line, public page).
	Sources map[string]string `json:"sources,omitempty" yaml:"sources,omitempty"`
	// Custom marks a card an army file added or completed.
	Custom bool `json:"custom,omitempty" yaml:"-"`
}

// Rapport is the Rapport ability: characters whose name contains NameContains cost
// Reduction less in the same squad as this card (glossary: Rapport).
type Rapport struct {
	NameContains string `json:"name_contains" yaml:"name_contains"`
	Reduction    int    `json:"reduction" yaml:"reduction"`
}

// Commander is a card's commander effect. Has false: the card prints none. Text is the
// printed wording when known; Effects are the parts the engine plays.
type Commander struct {
	Has     bool     `json:"has" yaml:"has"`
	Text    string   `json:"text,omitempty" yaml:"text,omitempty"`
	Effects []Effect `json:"effects,omitempty" yaml:"effects,omitempty"`
}

// Effect is a commander effect's bonus to one statistic of the commander's allies.
type Effect struct {
	Stat          string `json:"stat" yaml:"stat"` // attack, defense, damage
	Bonus         int    `json:"bonus" yaml:"bonus"`
	NameContains  string `json:"name_contains,omitempty" yaml:"name_contains,omitempty"`
	FollowersOnly bool   `json:"followers_only,omitempty" yaml:"followers_only,omitempty"`
	Range         int    `json:"range,omitempty" yaml:"range,omitempty"` // 0: the whole squad
}

// Stats the engine knows for commander effects.
var effectStats = []string{"attack", "defense", "damage"}

// Given returns the name Unique counts.
func (c *Card) Given() string {
	if c.GivenName != "" {
		return c.GivenName
	}
	n := c.Name
	if i := strings.Index(n, ","); i > 0 {
		n = n[:i]
	}
	if i := strings.Index(strings.ToLower(n), " on "); i > 0 {
		n = n[:i]
	}
	return strings.TrimSpace(n)
}

// IsUnique reports whether the card is known to be Unique, and whether that is known.
func (c *Card) IsUnique() (unique, known bool) {
	if c.Unique != nil {
		return *c.Unique, true
	}
	if c.Has("Unique") {
		return true, true
	}
	return false, c.AbilitiesComplete
}

// Ability returns the value of a numbered ability ("Damage Reduction 10" gives 10) and
// whether the card has it.
func (c *Card) Ability(name string) (int, bool) {
	for _, a := range c.Abilities {
		n, v := SplitAbility(a)
		if Normalize(n) == Normalize(name) {
			return v, true
		}
	}
	return 0, false
}

// Has reports whether the card has the ability (or Force power) by name.
func (c *Card) Has(name string) bool {
	if _, ok := c.Ability(name); ok {
		return true
	}
	for _, p := range c.ForcePowers {
		if Normalize(p) == Normalize(name) {
			return true
		}
	}
	return false
}

// SplitAbility splits "Damage Reduction 10" into its name and number ("Spotter +2" gives 2);
// an ability without a number has 0.
func SplitAbility(a string) (string, int) {
	a = strings.TrimSpace(a)
	i := strings.LastIndex(a, " ")
	if i < 0 {
		return a, 0
	}
	v, err := strconv.Atoi(strings.TrimPrefix(a[i+1:], "+"))
	if err != nil {
		return a, 0
	}
	return strings.TrimSpace(a[:i]), v
}

// Normalize is the matching key of a name: case, spaces, hyphens, commas and full stops
// are ignored.
func Normalize(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch r {
		case ' ', '-', '_', ',', '.', '\'', '\u2019', '"':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Missing lists what a battle needs from the card and nobody has given: the statistics,
// the size, whether it is Unique, the whole list of abilities, the Force rating and the
// commander effect. A Hologram cannot attack or be damaged, so it needs none of the
// combat numbers.
func (c *Card) Missing() []string {
	var m []string
	hologram := c.Has("Hologram")
	if !hologram {
		for _, f := range []struct {
			name string
			v    *int
		}{{"hp", c.HP}, {"defense", c.Defense}, {"attack", c.Attack}, {"damage", c.Damage}} {
			if f.v == nil {
				m = append(m, f.name)
			}
		}
	}
	if c.Speed == nil {
		m = append(m, "speed")
	}
	if c.Size == nil {
		m = append(m, "size")
	}
	if !c.AbilitiesComplete {
		m = append(m, "abilities (the whole list)")
	}
	if c.Force == nil {
		m = append(m, "force")
	}
	if c.Commander == nil || (c.Commander.Has && c.Commander.Text == "" && len(c.Commander.Effects) == 0) {
		m = append(m, "commander")
	}
	return m
}
