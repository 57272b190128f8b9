package solo

// Spot puts the enemy on the table when the player's figures come into sight of portal
// counters (the play sequence's step 2), and keeps the counters.

import (
	"fmt"
	"strings"

	"muster/rules/qrs"
)

// Spot is the sheet's step 2: a player's figure comes within sight of the counters inSight
// (their IDs); roll enemy force generation and put what appears on the table, on Advance
// orders, at the counter the dice pick.
func Spot(st *State, inSight []int, d qrs.Dice) (Outcome, error) {
	s, err := st.Sighting(inSight)
	if err != nil {
		return Outcome{}, err
	}
	o, err := Generate(s, st.Pool, st.Prefer, d)
	if err != nil {
		return o, err
	}
	line := ""
	if !st.quiet {
		line = fmt.Sprintf("Turn %d: counters %s in sight. D6 %d %+d = %d (column %d).", st.Turn, ids(inSight), o.Die, o.Modifier, o.Total, o.Column)
	}
	if !o.Deployed() {
		if !st.quiet {
			// The counter is picked even when nothing appears: whether it is in the open
			// decides the Probe Droid ("Nothing (unless counter is in the open, when an
			// Imperial Probe Droid appears"), so the log names it and its place.
			c, _ := st.counter(o.Counter)
			st.Logf("%s Counter %d (%s) picked; nothing appears%s.", line, o.Counter, c.Kind, notes(o))
		}
		return o, nil
	}
	g := GroupState{ID: st.nextGroupID(), Side: Enemy, Orders: "Advance", Counter: o.Counter}
	g.Name = fmt.Sprintf("Imperials at counter %d", o.Counter)
	cat := st.Catalog()
	count := map[string]int{}
	for _, name := range o.Figures {
		p, _ := cat.Lookup(name)
		count[name]++
		g.Figures = append(g.Figures, FigureState{Name: fmt.Sprintf("%s %d", name, count[name]), Profile: name, ForcePoints: p.ForcePoints})
		if st.Pool != nil {
			st.Pool[name]--
		}
	}
	g.Started = len(g.Figures)
	st.Groups = append(st.Groups, g)
	st.Contact = true
	if !st.quiet {
		st.Logf("%s At counter %d, as group %d on Advance orders: %s%s.", line, o.Counter, g.ID, o.Force, notes(o))
	}
	return o, nil
}

// Sighting is the moment a player's figure sees the counters inSight (their IDs), with the
// modifiers the game's state gives it: no contact yet, an officer on the table.
func (st *State) Sighting(inSight []int) (Sighting, error) {
	s := Sighting{NoContact: !st.Contact, Officer: st.officerOnTable()}
	seen := map[int]bool{}
	for _, id := range inSight {
		c, err := st.counter(id)
		if err != nil {
			return Sighting{}, err
		}
		if seen[id] {
			return Sighting{}, fmt.Errorf("counter %d is named twice", id)
		}
		seen[id] = true
		s.InSight = append(s.InSight, c)
	}
	return s, nil
}

// AddCounter places another portal counter (corner, cover or open) during the game.
func AddCounter(st *State, kind string) (Counter, error) {
	kind = strings.ToLower(strings.TrimSpace(kind))
	if !oneOf(kind, CounterKinds) {
		return Counter{}, fmt.Errorf("%q is not a place for a counter; write corner, cover or open", kind)
	}
	if len(st.Counters) >= MaxCounters {
		return Counter{}, fmt.Errorf("the game has %d counters, the most it may have", MaxCounters)
	}
	id := 1
	for _, c := range st.Counters {
		id = max(id, c.ID+1)
	}
	c := Counter{ID: id, Kind: kind}
	st.Counters = append(st.Counters, c)
	st.Logf("Turn %d: counter %d placed (%s).", st.Turn, id, kind)
	return c, nil
}

// OfficerOnTable reports whether an enemy Imperial Officer is in the fight (+2 to force
// generation).
func (st *State) OfficerOnTable() bool { return st.officerOnTable() }

func notes(o Outcome) string {
	if len(o.Notes) == 0 {
		return ""
	}
	return " (" + strings.Join(o.Notes, "; ") + ")"
}

func ids(list []int) string {
	var parts []string
	for _, id := range list {
		parts = append(parts, fmt.Sprint(id))
	}
	return strings.Join(parts, ", ")
}

func (st *State) counter(id int) (Counter, error) {
	for _, c := range st.Counters {
		if c.ID == id {
			if c.Removed {
				return c, fmt.Errorf("counter %d has been removed from the table", id)
			}
			return c, nil
		}
	}
	return Counter{}, fmt.Errorf("there is no counter %d; the counters are %s", id, st.counterList())
}

// RemoveCounter takes a portal counter off the table (the sheet leaves counters in place;
// a scenario or the player may remove them).
func RemoveCounter(st *State, id int) error {
	for i := range st.Counters {
		if st.Counters[i].ID == id && !st.Counters[i].Removed {
			st.Counters[i].Removed = true
			st.Logf("Turn %d: counter %d removed.", st.Turn, id)
			return nil
		}
	}
	return fmt.Errorf("there is no counter %d on the table", id)
}

// officerOnTable: an enemy Imperial Officer still in the fight.
func (st *State) officerOnTable() bool {
	for _, g := range st.Groups {
		if g.Side != Enemy {
			continue
		}
		for _, f := range g.Figures {
			if f.Active() && st.Profile(f).Role == qrs.RoleOfficer {
				return true
			}
		}
	}
	return false
}
