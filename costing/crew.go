package costing

import (
	"fmt"
	"slices"

	"muster/roster"
	"muster/rules"
)

// The crew of an on-board artillery piece. The book prices the crew apart ("each crew can
// be considered a squad", Chapter Eleven) and Muster's engine crews a piece with the squad
// listed right after it, so the editor's "Add its crew" and the list generator's fresh
// pieces both need one answer to "which squad": this one.

// FreshSquad is a squad of troop type t of n soldiers (kept within the type's sizes), of the
// type's quality or, when l does not allow it, the first quality l allows; ok is false when
// the troop type cannot start a squad.
func FreshSquad(cat *rules.Catalog, t *rules.Troop, n int, l *roster.Limits) (roster.Unit, bool) {
	u, err := roster.NewUnit(cat, roster.KindSquad, t.Name)
	if err != nil {
		return u, false
	}
	u.Size = t.ClampSize(n)
	u.Quality = t.Quality
	if l != nil && len(l.Qualities) > 0 && !slices.Contains(l.Qualities, t.Quality) {
		u.Quality = l.Qualities[0]
	}
	return u, true
}

// CrewTroop is the side's (or a neutral) troop type whose fresh squad costs least per
// soldier: a crew only feeds and aims the gun, so a player buys the cheapest soldiers who
// can.
func CrewTroop(cat *rules.Catalog, side rules.Side, l *roster.Limits) (*rules.Troop, bool) {
	var best *rules.Troop
	bestCost := 0
	for i := range cat.Troops {
		t := &cat.Troops[i]
		if t.Side != side && t.Side != rules.Neutral {
			continue
		}
		u, ok := FreshSquad(cat, t, 4, l)
		if !ok {
			continue
		}
		r := Army(cat, &roster.Army{Format: 1, System: "swmb", Side: side, Units: []roster.Unit{u}})
		c := r.Total * 100 / max(u.Size, 1)
		if best == nil || c < bestCost {
			best, bestCost = t, c
		}
	}
	return best, best != nil
}

// Crew is the squad that crews the artillery piece named piece: the piece's crew size (no
// fewer than a squad may have, within the troop type's sizes) of CrewTroop, named for the
// piece.
func Crew(cat *rules.Catalog, side rules.Side, piece string, l *roster.Limits) (roster.Unit, error) {
	p, err := cat.ArtilleryPiece(piece)
	if err != nil {
		return roster.Unit{}, err
	}
	t, ok := CrewTroop(cat, side, l)
	if !ok {
		return roster.Unit{}, fmt.Errorf("no troop type of the %s side can crew the %s", side, p.Name)
	}
	// A crew is a squad, and a squad has three soldiers at least (Chapter One): a piece that
	// needs two is bought with a squad of three, the third a spare hand.
	lo, hi := roster.SquadSizes(t)
	u, ok := FreshSquad(cat, t, min(max(p.Crew, lo), hi), l)
	if !ok {
		return roster.Unit{}, fmt.Errorf("no troop type of the %s side can crew the %s", side, p.Name)
	}
	u.Name = p.Name + " crew"
	return u, nil
}
