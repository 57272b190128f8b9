// Package cards holds the stat cards of WotC's Star Wars Miniatures as data: the 14 cards of
// the Battle of Hoth scenario pack (embedded), and the rules for reading a card's numbers
// and abilities. A value the rulebook (or a cited public page) does not give is nil, never
// a guess: a battle asks for it instead (Missing).
package cards

import (
	"embed"
	"encoding/json"
	"fmt"
	"sort"
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

// Catalog is a set of cards by name.
type Catalog struct {
	cards []*Card
	index map[string]int
}

// Builtin returns the cards of the Battle of Hoth scenario pack.
func Builtin() *Catalog {
	b, err := data.ReadFile("data/battle-of-hoth.json")
	if err != nil {
		panic("cards: embedded data missing: " + err.Error())
	}
	var list []*Card
	if err := json.Unmarshal(b, &list); err != nil {
		panic("cards: embedded data unreadable: " + err.Error())
	}
	c := &Catalog{index: map[string]int{}}
	for _, card := range list {
		c.add(card)
	}
	return c
}

func (c *Catalog) add(card *Card) {
	c.index[Normalize(card.Name)] = len(c.cards)
	c.cards = append(c.cards, card)
}

// Cards returns every card in catalogue order.
func (c *Catalog) Cards() []*Card { return c.cards }

// Lookup finds a card by name (case, spaces and punctuation ignored).
func (c *Catalog) Lookup(name string) (*Card, bool) {
	i, ok := c.index[Normalize(name)]
	if !ok {
		return nil, false
	}
	return c.cards[i], true
}

// Nearest returns up to three known names closest to name, for "did you mean".
func (c *Catalog) Nearest(name string) []string {
	key := Normalize(name)
	type cand struct {
		name string
		d    int
	}
	var cs []cand
	for _, card := range c.cards {
		k := Normalize(card.Name)
		d := distance(key, k)
		if strings.Contains(k, key) || strings.Contains(key, k) {
			d = 0
		}
		cs = append(cs, cand{card.Name, d})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	var out []string
	for i := 0; i < len(cs) && i < 3; i++ {
		out = append(out, cs[i].name)
	}
	return out
}

// distance is the Levenshtein distance, for suggestions.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}

// Conflict is a value an army file's cards: block gives for a built-in card that differs
// from the printed one; the printed value stands.
type Conflict struct {
	Card, Field    string
	Printed, Given string
}

// Extend returns a catalogue with the army file's cards added (a new name) or completed (a
// built-in name: only its unknown values are filled in). A value that contradicts a known
// one is reported and ignored, so that a typo cannot quietly change a printed card.
func (c *Catalog) Extend(extra []Card) (*Catalog, []Conflict, error) {
	n := &Catalog{index: map[string]int{}}
	for _, card := range c.cards {
		cp := *card
		n.add(&cp)
	}
	var conflicts []Conflict
	for i := range extra {
		e := extra[i]
		if strings.TrimSpace(e.Name) == "" {
			return nil, nil, fmt.Errorf("cards[%d]: a card needs a name", i)
		}
		if err := e.validate(); err != nil {
			return nil, nil, fmt.Errorf("cards[%d] (%s): %s", i, e.Name, err)
		}
		old, ok := n.Lookup(e.Name)
		if !ok {
			if e.Cost == nil {
				return nil, nil, fmt.Errorf("cards[%d] (%s): a new card needs its cost", i, e.Name)
			}
			if strings.TrimSpace(e.Faction) == "" {
				return nil, nil, fmt.Errorf("cards[%d] (%s): a new card needs its faction", i, e.Name)
			}
			e.Custom = true
			if e.Abilities != nil {
				e.AbilitiesComplete = true
			}
			if e.Speed == nil {
				v := 6 // "Most characters have a speed of 6" unless the card has Speed X
				if s, ok := e.Ability("Speed"); ok {
					v = s
				}
				e.Speed = &v
			}
			if e.Commander == nil {
				e.Commander = &Commander{}
			}
			if e.Force == nil {
				zero := 0
				e.Force = &zero
			}
			n.add(&e)
			continue
		}
		conflicts = append(conflicts, complete(old, &e)...)
	}
	return n, conflicts, nil
}

func (e *Card) validate() error {
	if len(e.Name) > 100 {
		return fmt.Errorf("the name is %d characters; at most 100", len(e.Name))
	}
	for _, f := range []struct {
		name   string
		v      *int
		lo, hi int
	}{{"cost", e.Cost, 0, 1000}, {"hp", e.HP, 1, 10000}, {"defense", e.Defense, 0, 100}, {"attack", e.Attack, -20, 100},
		{"damage", e.Damage, 0, 1000}, {"speed", e.Speed, 0, 50}, {"force", e.Force, 0, 100}} {
		if f.v != nil && (*f.v < f.lo || *f.v > f.hi) {
			return fmt.Errorf("%s: %d is out of range (%d to %d)", f.name, *f.v, f.lo, f.hi)
		}
	}
	if e.Size != nil {
		s := strings.ToLower(strings.TrimSpace(*e.Size))
		switch s {
		case Small, Medium, Large, Huge:
			e.Size = &s
		default:
			return fmt.Errorf("size: %q; write small, medium, large or huge", *e.Size)
		}
	}
	if len(e.Abilities) > 50 || len(e.ForcePowers) > 50 || len(e.Rapport) > 10 {
		return fmt.Errorf("too many abilities (at most 50)")
	}
	for _, r := range e.Rapport {
		if r.NameContains == "" || r.Reduction < 1 || r.Reduction > 1000 {
			return fmt.Errorf("rapport: each entry needs name_contains and a reduction from 1 to 1000")
		}
	}
	if e.Commander != nil {
		for _, ef := range e.Commander.Effects {
			ok := false
			for _, s := range effectStats {
				ok = ok || strings.EqualFold(ef.Stat, s)
			}
			if !ok {
				return fmt.Errorf("commander effect stat %q; write attack, defense or damage", ef.Stat)
			}
		}
	}
	return nil
}

// complete fills old's unknown values from e and reports values that disagree.
func complete(old, e *Card) []Conflict {
	var cs []Conflict
	old.Custom = true
	ints := []struct {
		name     string
		dst, src **int
	}{{"cost", &old.Cost, &e.Cost}, {"hp", &old.HP, &e.HP}, {"defense", &old.Defense, &e.Defense},
		{"attack", &old.Attack, &e.Attack}, {"damage", &old.Damage, &e.Damage}, {"speed", &old.Speed, &e.Speed},
		{"force", &old.Force, &e.Force}}
	for _, f := range ints {
		switch {
		case *f.src == nil:
		case *f.dst == nil:
			*f.dst = *f.src
		case **f.dst != **f.src:
			cs = append(cs, Conflict{old.Name, f.name, strconv.Itoa(**f.dst), strconv.Itoa(**f.src)})
		}
	}
	if e.Size != nil {
		if old.Size == nil {
			old.Size = e.Size
		} else if *old.Size != *e.Size {
			cs = append(cs, Conflict{old.Name, "size", *old.Size, *e.Size})
		}
	}
	if e.Unique != nil {
		if old.Unique == nil {
			old.Unique = e.Unique
		} else if *old.Unique != *e.Unique {
			cs = append(cs, Conflict{old.Name, "unique", strconv.FormatBool(*old.Unique), strconv.FormatBool(*e.Unique)})
		}
	}
	if e.Abilities != nil {
		if old.AbilitiesComplete {
			cs = append(cs, Conflict{old.Name, "abilities", strings.Join(old.Abilities, ", "), strings.Join(e.Abilities, ", ")})
		} else {
			// The file's list is the whole card: it must keep what is printed.
			for _, a := range old.Abilities {
				found := false
				for _, b := range e.Abilities {
					found = found || Normalize(a) == Normalize(b)
				}
				if !found {
					cs = append(cs, Conflict{old.Name, "abilities", a, "(left out)"})
					e.Abilities = append(e.Abilities, a)
				}
			}
			old.Abilities = e.Abilities
			old.AbilitiesComplete = true
			if old.Speed == nil {
				v := 6
				if s, ok := old.Ability("Speed"); ok {
					v = s
				}
				old.Speed = &v
			}
		}
	}
	if len(e.ForcePowers) > 0 && len(old.ForcePowers) == 0 {
		old.ForcePowers = e.ForcePowers
	}
	if len(e.Rapport) > 0 {
		old.Rapport = e.Rapport
	}
	if e.Commander != nil {
		switch {
		case old.Commander == nil:
			old.Commander = e.Commander
		case old.Commander.Has != e.Commander.Has:
			cs = append(cs, Conflict{old.Name, "commander", strconv.FormatBool(old.Commander.Has), strconv.FormatBool(e.Commander.Has)})
		case old.Commander.Text == "" && len(old.Commander.Effects) == 0:
			old.Commander = e.Commander
		}
	}
	if e.GivenName != "" && old.GivenName == "" {
		old.GivenName = e.GivenName
	}
	if e.Number != "" && old.Number == "" {
		old.Number = e.Number
	}
	return cs
}
