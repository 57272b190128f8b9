package cards

// The catalogue: the embedded pack, lookup by name, suggestions.

import (
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Catalog is a set of cards by name.
type Catalog struct {
	cards []*Card
	index map[string]int
}

// Builtin returns the cards of the Battle of Hoth scenario pack: a catalogue of its own
// (each card a copy, its lists and commander effect too), so that no caller's change
// reaches another's. The embedded data is read once.
func Builtin() *Catalog {
	list := builtinCards()
	c := &Catalog{index: make(map[string]int, len(list)), cards: make([]*Card, 0, len(list))}
	for i := range list {
		c.add(list[i].clone())
	}
	return c
}

var builtinCards = sync.OnceValue(func() []Card {
	b, err := data.ReadFile("data/battle-of-hoth.json")
	if err != nil {
		panic("cards: embedded data missing: " + err.Error())
	}
	var list []Card
	if err := json.Unmarshal(b, &list); err != nil {
		panic("cards: embedded data unreadable: " + err.Error())
	}
	return list
})

// clone is a copy of the card that shares nothing a caller could change in place (the
// numbers are copied too; Sources is only read).
func (c *Card) clone() *Card {
	cp := *c
	for _, p := range []**int{&cp.Cost, &cp.HP, &cp.Defense, &cp.Attack, &cp.Damage, &cp.Speed, &cp.Force} {
		if *p != nil {
			v := **p
			*p = &v
		}
	}
	if cp.Size != nil {
		v := *cp.Size
		cp.Size = &v
	}
	if cp.Unique != nil {
		v := *cp.Unique
		cp.Unique = &v
	}
	cp.Abilities = slices.Clone(c.Abilities)
	cp.ForcePowers = slices.Clone(c.ForcePowers)
	cp.Rapport = slices.Clone(c.Rapport)
	if c.Commander != nil {
		cm := *c.Commander
		cm.Effects = slices.Clone(c.Commander.Effects)
		cp.Commander = &cm
	}
	return &cp
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
