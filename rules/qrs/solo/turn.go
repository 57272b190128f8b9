package solo

// Mark, EndTurn and the group helpers: what changes figures and groups between the rolls.

import (
	"fmt"
	"sort"
	"strings"

	"muster/rules/qrs"
)

// Mark changes a figure by hand: what happened at the table that Muster did not roll.
// what is wound, heal, down, up, duck, or force:+N / force:-N.
func Mark(st *State, groupID, figure int, what string) (string, error) {
	g, f, err := st.figure(groupID, figure)
	if err != nil {
		return "", err
	}
	p := st.Profile(*f)
	var now string
	switch {
	case what == "wound":
		now = st.apply(f, p, qrs.Wound)
	case what == "heal":
		if f.Wounds == 0 {
			return "", fmt.Errorf("%s has no wound to heal", f.Name)
		}
		f.Wounds--
		now = "a wound healed"
	case what == "down":
		now = st.apply(f, p, qrs.Killed)
	case what == "up":
		f.Down, f.Wounds = false, 0
		now = "back in the fight"
	case what == "duck":
		now = st.apply(f, p, qrs.DuckBack)
	case strings.HasPrefix(what, "force:"):
		var n int
		if _, err := fmt.Sscanf(what, "force:%d", &n); err != nil {
			return "", fmt.Errorf("write force:-1 to spend a Force point, force:+1 to recover one")
		}
		if !p.IsForceUser() {
			return "", fmt.Errorf("%s is not a Force user", f.Name)
		}
		if f.ForcePoints+n < 0 {
			return "", fmt.Errorf("%s has only %d Force points", f.Name, f.ForcePoints)
		}
		// Recovery is "1 FP per activation ... if the figure rests"; the profile's points
		// are the most it recovers to.
		f.ForcePoints = min(f.ForcePoints+n, max(p.ForcePoints, f.ForcePoints))
		now = fmt.Sprintf("%d Force points", f.ForcePoints)
	default:
		return "", fmt.Errorf("%q: write wound, heal, down, up, duck, or force:+N / force:-N", what)
	}
	st.Logf("Turn %d: group %d, %s: %s: %s.", st.Turn, g.ID, g.Name, f.Name, now)
	return now, nil
}

// EndTurn closes the turn: duck backs from the turn before clear, enemy casualties go back to
// the figure pool (Muster's reading of "until casualties are recycled": at the end of the turn
// they fell), groups with nobody left leave the table, and the morale of player groups is
// checked. It returns what the players must do.
func EndTurn(st *State) []string {
	var notes []string
	keep := st.Groups[:0]
	for _, g := range st.Groups {
		// Morale is read from the turn as it ends, before duck backs clear.
		morale := ""
		if g.Side == Player && !st.quiet {
			morale = st.morale(g)
		}
		for i := range g.Figures {
			f := &g.Figures[i]
			if f.KnockedOut > 0 && st.Turn+1 >= f.KnockedOut {
				f.KnockedOut = 0
			}
			if f.DuckedBack > 0 && st.Turn >= f.DuckedBack+1 {
				f.DuckedBack = 0
			}
		}
		if g.Side == Enemy {
			var alive []FigureState
			recycled := map[string]int{}
			for _, f := range g.Figures {
				if f.Active() {
					alive = append(alive, f)
				} else {
					recycled[f.Profile]++
					if st.Pool != nil {
						st.Pool[f.Profile]++
					}
				}
			}
			if len(recycled) > 0 && !st.quiet {
				notes = append(notes, fmt.Sprintf("Group %d, %s: %s recycled to the figure pool.", g.ID, g.Name, countList(recycled)))
			}
			if len(alive) == 0 {
				if !st.quiet {
					notes = append(notes, fmt.Sprintf("Group %d, %s, is gone.", g.ID, g.Name))
				}
				continue
			}
			g.Figures = alive
		} else if morale != "" {
			notes = append(notes, morale)
		}
		keep = append(keep, g)
	}
	st.Groups = keep
	for _, n := range notes {
		st.Logf("Turn %d: %s", st.Turn, n)
	}
	st.Turn++
	if !st.quiet {
		st.Logf("Turn %d begins.", st.Turn)
	}
	return notes
}

// morale: "If half or more figures in a group containing a players character are wounded or
// ducked back, they must move away from the nearest visible enemy ... Heroes ... may always
// ignore morale".
func (st *State) morale(g GroupState) string {
	shaken, size, ok := st.shaken(g)
	if !ok {
		return ""
	}
	return fmt.Sprintf("Group %d, %s: %d of %d figures wounded or ducked back: at the end of the turn they move away from the nearest visible enemy, not ending closer to any, by the shortest move; this replaces their next activation (heroes may ignore it).", g.ID, g.Name, shaken, size)
}

// shaken is the morale test (morale): whether the group fails it, with its figures
// wounded or ducked back and its figures in the fight.
func (st *State) shaken(g GroupState) (shaken, size int, ok bool) {
	hero := false
	for _, f := range g.Figures {
		p := st.Profile(f)
		if p.Role == qrs.RoleHero || p.IsForceUser() {
			hero = true
		}
		if !f.Active() {
			continue
		}
		size++
		if st.hurt(f) || st.duckedNow(f) {
			shaken++
		}
	}
	return shaken, size, hero && size > 0 && 2*shaken >= size
}

func countList(m map[string]int) string {
	var names []string
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	var parts []string
	for _, n := range names {
		parts = append(parts, fmt.Sprintf("%d %s", m[n], n))
	}
	return strings.Join(parts, ", ")
}

// Shaken is the sheet's morale test for a group (the player groups' at the end of a turn):
// half or more of its figures wounded or ducked back, in a group with a player's character.
func Shaken(st *State, groupID int) bool {
	g, err := st.Group(groupID)
	if err != nil {
		return false
	}
	_, _, shaken := st.shaken(*g)
	return shaken
}

// Withdraw takes a group off the table without casualties (an enemy group routing or
// retreating off the table); its figures go back to the pool.
func Withdraw(st *State, groupID int, why string) {
	for i, g := range st.Groups {
		if g.ID != groupID {
			continue
		}
		for _, f := range g.Figures {
			if st.Pool != nil {
				st.Pool[f.Profile]++
			}
		}
		st.Groups = append(st.Groups[:i], st.Groups[i+1:]...)
		st.Logf("Turn %d: group %d, %s, leaves the table (%s).", st.Turn, g.ID, g.Name, why)
		return
	}
}

// Initiative is a group's highest Initiative among the figures still in the fight (wounds
// halve it, rounded down), which orders the shooting.
func Initiative(st *State, g GroupState) int {
	best := 0
	for _, f := range g.Figures {
		if f.Active() {
			v := st.Profile(f).Initiative
			if st.hurt(f) {
				v /= 2
			}
			best = max(best, v)
		}
	}
	return best
}

// ActiveFigures counts a group's figures still in the fight.
func ActiveFigures(g GroupState) int {
	n := 0
	for _, f := range g.Figures {
		if f.Active() {
			n++
		}
	}
	return n
}

// CanShoot counts the figures able to shoot this turn (in the fight, not ducked back).
func CanShoot(st *State, g GroupState) int {
	n := 0
	for _, f := range g.Figures {
		if st.canAct(f) {
			n++
		}
	}
	return n
}

// Treat is a medic in contact with a wounded figure: "the wound is healed on a 5,6 (D6) each
// turn treatment is given".
func Treat(st *State, groupID, figure int, d qrs.Dice) (string, error) {
	g, f, err := st.figure(groupID, figure)
	if err != nil {
		return "", err
	}
	if !f.Active() || f.Wounds == 0 {
		return "", fmt.Errorf("%s has no wound a medic can treat", f.Name)
	}
	die := d.Roll(6)
	now := fmt.Sprintf("the medic rolls %d: no better", die)
	if die >= 5 {
		f.Wounds--
		now = fmt.Sprintf("the medic rolls %d: the wound is healed", die)
	}
	st.Logf("Turn %d: group %d, %s: %s: %s.", st.Turn, g.ID, g.Name, f.Name, now)
	return now, nil
}

// Suppress is the Force power Wound suppression: "Force user may ignore a wound this turn,
// all values return to normal. Throw a D6 each turn this is done and score a 6 to make the
// heal permanent." It costs 1 Force point.
func Suppress(st *State, groupID, figure int, d qrs.Dice) (string, error) {
	g, f, err := st.figure(groupID, figure)
	if err != nil {
		return "", err
	}
	switch {
	case !st.Profile(*f).IsForceUser():
		return "", fmt.Errorf("%s is not a Force user", f.Name)
	case !f.Active() || f.Wounds == 0:
		return "", fmt.Errorf("%s has no wound to suppress", f.Name)
	case f.ForcePoints < 1:
		return "", fmt.Errorf("%s has no Force point left", f.Name)
	}
	f.ForcePoints--
	die := d.Roll(6)
	now := fmt.Sprintf("suppresses the wound this turn (1 FP, %d left; rolls %d)", f.ForcePoints, die)
	if die == 6 {
		f.Wounds--
		now = fmt.Sprintf("suppresses the wound and rolls 6: healed for good (1 FP, %d left)", f.ForcePoints)
	} else {
		f.Suppressed = st.Turn
	}
	st.Logf("Turn %d: group %d, %s: %s %s.", st.Turn, g.ID, g.Name, f.Name, now)
	return now, nil
}

// figure finds a figure by its group and its number in the group (from 1).
func (st *State) figure(groupID, figure int) (*GroupState, *FigureState, error) {
	g, err := st.Group(groupID)
	if err != nil {
		return nil, nil, err
	}
	if figure < 1 || figure > len(g.Figures) {
		return nil, nil, fmt.Errorf("group %d, %s, has figures 1 to %d", g.ID, g.Name, len(g.Figures))
	}
	return g, &g.Figures[figure-1], nil
}
