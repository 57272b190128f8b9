package check

import (
	"fmt"
	"sort"

	"muster/rules/swm/army"
	"muster/rules/swm/cards"
)

// Offer is a card as the squad editor's picker offers it to a squad: whether the squad may
// take it and, when not, why (the same rules Evaluate checks, so the picker and the
// problems cannot disagree).
type Offer struct {
	Card    *cards.Card
	Allowed bool
	Why     string
	// Group orders the picker: the squad's own faction first, then Fringe, then the rest.
	Group string
}

// Offers lists every card of the catalogue for the squad: its faction's and the Fringe
// characters that join any faction allowed, other factions' cards refused with the reason
// (Choosing a Faction, p. 13), and a Unique character already in the squad refused
// (glossary, Unique). Cards are grouped by faction, the squad's first, and sorted by name.
func Offers(a *army.Army, cat *cards.Catalog) []Offer {
	squad := Faction(a.Faction)
	taken := map[string]int{} // given names of the squad's Unique characters -> unit number
	for i, u := range a.Units {
		if card, ok := cat.Lookup(u.Card); ok {
			if unique, known := card.IsUnique(); unique && known {
				if _, dup := taken[cards.Normalize(card.Given())]; !dup {
					taken[cards.Normalize(card.Given())] = i + 1
				}
			}
		}
	}
	var out []Offer
	for _, card := range cat.Cards() {
		o := Offer{Card: card, Allowed: true, Group: Faction(card.Faction)}
		if o.Group == "" {
			o.Group = card.Faction
		}
		switch fac := Faction(card.Faction); {
		case squad == "" || squad == Fringe:
			o.Allowed, o.Why = false, "choose the squad's faction first"
		case fac != Fringe && fac != squad:
			o.Allowed, o.Why = false, fmt.Sprintf("fights for the %s, not the %s (Choosing a Faction, p. 13)", card.Faction, squad)
		}
		if o.Allowed {
			if unique, known := card.IsUnique(); unique && known {
				if n, ok := taken[cards.Normalize(card.Given())]; ok {
					o.Allowed, o.Why = false, fmt.Sprintf("Unique: unit %d is already %s (glossary, Unique)", n, card.Given())
				}
			}
		}
		out = append(out, o)
	}
	rank := func(g string) int {
		switch g {
		case squad:
			return 0
		case Fringe:
			return 1
		}
		return 2
	}
	sort.SliceStable(out, func(i, j int) bool {
		ri, rj := rank(out[i].Group), rank(out[j].Group)
		if ri != rj {
			return ri < rj
		}
		if out[i].Group != out[j].Group {
			return out[i].Group < out[j].Group
		}
		return out[i].Card.Name < out[j].Card.Name
	})
	return out
}
