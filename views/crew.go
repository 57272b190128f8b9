package views

import (
	"fmt"

	"muster/costing"
	"muster/roster"
)

// crewOf names the squad that crews artillery piece i, when it has one (roster.Crewed).
func crewOf(v ArmyView, i int) (string, bool) {
	if !roster.Crewed(v.Army.Units, i) {
		return "", false
	}
	u := v.Army.Units[i+1]
	return fmt.Sprintf("%s (%d soldiers)", unitTitle(v, i+1, u), u.Size), true
}

// crewOffer is the label of the button that adds piece i's crew (costing.Crew) with what it
// costs, or "" when no troop type can crew it.
func crewOffer(v ArmyView, i int) string {
	crew, err := costing.Crew(v.Catalog, v.Army.Side, v.Army.Units[i].Artillery, v.Army.Limits)
	if err != nil {
		return ""
	}
	r := costing.Army(v.Catalog, &roster.Army{Format: 1, System: "swmb", Side: v.Army.Side, Units: []roster.Unit{crew}})
	return fmt.Sprintf("Add its crew: %d %s · %d SGPs", crew.Size, crew.Troop, r.Total)
}
