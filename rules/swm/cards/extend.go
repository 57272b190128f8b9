package cards

// An army file's cards: block: new cards, and values for the pack's unknown ones.

import (
	"fmt"
	"strconv"
	"strings"
)

// Conflict is a value an army file's cards: block gives for a built-in card that differs
// from the printed one; the printed value stands.
type Conflict struct {
	Card, Field    string
	Printed, Given string
	// Library: the given value is the owner's card library's, the printed one the squad
	// file's or the pack's.
	Library bool
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
			cs = append(cs, Conflict{old.Name, f.name, strconv.Itoa(**f.dst), strconv.Itoa(**f.src), false})
		}
	}
	if e.Size != nil {
		if old.Size == nil {
			old.Size = e.Size
		} else if *old.Size != *e.Size {
			cs = append(cs, Conflict{old.Name, "size", *old.Size, *e.Size, false})
		}
	}
	if e.Unique != nil {
		if old.Unique == nil {
			old.Unique = e.Unique
		} else if *old.Unique != *e.Unique {
			cs = append(cs, Conflict{old.Name, "unique", strconv.FormatBool(*old.Unique), strconv.FormatBool(*e.Unique), false})
		}
	}
	if e.Abilities != nil {
		if old.AbilitiesComplete {
			if !sameAbilities(old.Abilities, e.Abilities) {
				cs = append(cs, Conflict{old.Name, "abilities", strings.Join(old.Abilities, ", "), strings.Join(e.Abilities, ", "), false})
			}
		} else {
			// The file's list is the whole card: it must keep what is printed.
			for _, a := range old.Abilities {
				found := false
				for _, b := range e.Abilities {
					found = found || Normalize(a) == Normalize(b)
				}
				if !found {
					cs = append(cs, Conflict{old.Name, "abilities", a, "(left out)", false})
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
			cs = append(cs, Conflict{old.Name, "commander", strconv.FormatBool(old.Commander.Has), strconv.FormatBool(e.Commander.Has), false})
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

// sameAbilities reports whether two lists name the same abilities (order, case and
// punctuation aside): a complete list given again is no conflict.
func sameAbilities(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, x := range a {
		seen[Normalize(x)]++
	}
	for _, y := range b {
		if seen[Normalize(y)] == 0 {
			return false
		}
		seen[Normalize(y)]--
	}
	return true
}
