package solo

// GiveOrders is the play sequence's step 3: the random movement table for a group, with the
// solo rules for the Force users in it.

import (
	"fmt"
	"strings"

	"muster/rules/qrs"
)

// OrdersResult is a group's roll on the random movement table, with advice for its
// non-player Force users.
type OrdersResult struct {
	Roll  qrs.MoveRoll `json:"roll"`
	Force []string     `json:"force,omitempty"`
}

// GiveOrders is the sheet's step 3 for one group: roll the random movement table. The state
// supplies what it knows (quarters of the group killed, Advance orders, heroes, officers and
// leaders in the group); the situation supplies what only the table shows.
func GiveOrders(st *State, groupID int, s qrs.MoveSituation, d qrs.Dice) (OrdersResult, error) {
	g, err := st.Group(groupID)
	if err != nil {
		return OrdersResult{}, err
	}
	down := g.size() - len(g.Figures) // recycled casualties of an enemy group
	for _, f := range g.Figures {
		if !f.Active() {
			down++
			continue
		}
		switch st.Profile(f).Role {
		case qrs.RoleHero, qrs.RoleOfficer, qrs.RoleLeader:
			s.Leaders++
		}
	}
	if down == g.size() {
		return OrdersResult{}, fmt.Errorf("group %d, %s, has no figure left in the fight", g.ID, g.Name)
	}
	// "Each quarter of unit killed": whole quarters of the figures the group started with.
	s.QuartersKilled += down * 4 / g.size()
	s.Advancing = s.Advancing || strings.HasPrefix(g.Orders, "Advance")
	r := OrdersResult{Roll: qrs.RollMovement(s, d)}
	g.Orders = r.Roll.Text
	if !st.quiet {
		st.Logf("Turn %d: group %d, %s: D6 %d %+d = %d: %s.", st.Turn, g.ID, g.Name, r.Roll.Die, r.Roll.Modifier, r.Roll.Score, r.Roll.Text)
	}
	if g.Side == Enemy {
		r.Force = st.forceAdvice(g, s)
	}
	return r, nil
}

// forceAdvice is the sheet's "Solo rules for Force users" for the group's Force users.
func (st *State) forceAdvice(g *GroupState, s qrs.MoveSituation) []string {
	var out []string
	for _, f := range g.Figures {
		p := st.Profile(f)
		if !f.Active() || !p.IsForceUser() {
			continue
		}
		if 2*f.ForcePoints <= p.ForcePoints && s.NoEnemyInSight {
			out = append(out, fmt.Sprintf("%s is at %d of %d Force points with no enemy in sight: it halts to recover (1 FP an activation).", f.Name, f.ForcePoints, p.ForcePoints))
			continue
		}
		if f.ForcePoints == 1 {
			out = append(out, f.Name+" has 1 Force point left: it uses it to Force jump away from the nearest threat.")
			continue
		}
		defend := "Deflect, sending shots back to the nearest enemy shooter"
		if !p.Lightsaber {
			defend = "Swipe"
		}
		out = append(out, fmt.Sprintf("%s (%d FP), in the combat phase, in order: (1) under fire from at least equal fire points: %s (Block a Force attack if it has 2 FP); (3) a friendly group within 12\" losing a firefight: Push the nearest enemy to it back, into a wall if possible; (4) an enemy blocking its move: Push it aside; (5) getting past guards: Mind Trick.", f.Name, f.ForcePoints, defend))
	}
	return out
}
