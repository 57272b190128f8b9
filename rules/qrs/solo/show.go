package solo

import (
	"fmt"
	"sort"
	"strings"

	"muster/rules/qrs"
)

// Summary is the table as it stands, for the player: turn, counters, pool, groups with each
// figure's wounds, duck backs and Force points.
func Summary(st *State) string {
	var b strings.Builder
	name := st.Name
	if name == "" {
		name = "Solo game"
	}
	fmt.Fprintf(&b, "%s, turn %d\n", name, st.Turn)
	var cs []string
	for _, c := range st.Counters {
		if !c.Removed {
			cs = append(cs, fmt.Sprintf("%d (%s)", c.ID, c.Kind))
		}
	}
	fmt.Fprintf(&b, "Portal counters: %s\n", orNone(strings.Join(cs, ", ")))
	if !st.Contact {
		b.WriteString("No contact yet with the enemy (-1 to force generation).\n")
	}
	if st.officerOnTable() {
		b.WriteString("An Imperial Officer is on the table (+2 to force generation).\n")
	}
	if st.Pool != nil {
		var names []string
		for n := range st.Pool {
			names = append(names, n)
		}
		sort.Strings(names)
		var parts []string
		for _, n := range names {
			parts = append(parts, fmt.Sprintf("%d %s", st.Pool[n], n))
		}
		fmt.Fprintf(&b, "Figure pool: %s\n", orNone(strings.Join(parts, ", ")))
	}
	for _, g := range st.Groups {
		fmt.Fprintf(&b, "\nGroup %d, %s (%s)", g.ID, g.Name, g.Side)
		if g.Orders != "" {
			fmt.Fprintf(&b, ": %s", g.Orders)
		}
		fmt.Fprintf(&b, "\n  firepower %s, defence %s\n", num(float64(st.firepower2(&g, 1))/2), num(float64(st.defence2(&g))/2))
		for i, f := range g.Figures {
			p := st.Profile(f)
			state := st.figureStatus(f)
			if p.IsForceUser() {
				state = append(state, fmt.Sprintf("%d/%d FP", f.ForcePoints, p.ForcePoints))
			}
			fmt.Fprintf(&b, "  %d. %s", i+1, f.Name)
			if f.Name != f.Profile {
				fmt.Fprintf(&b, " (%s)", f.Profile)
			}
			if len(state) > 0 {
				fmt.Fprintf(&b, ": %s", strings.Join(state, ", "))
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

func (st *State) defence2(g *GroupState) int {
	t := 0
	for _, f := range g.Figures {
		if f.Active() {
			t += halved(st.Profile(f).Defence, st.hurt(f))
		}
	}
	return t
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// figureStatus is what is wrong with a figure this turn: down (killed or disabled),
// wounded, ducked back, knocked out.
func (st *State) figureStatus(f FigureState) []string {
	var state []string
	switch {
	case f.Down:
		state = append(state, downWord(st.Profile(f)))
	case f.Wounds > 0:
		state = append(state, "wounded")
	}
	if f.Active() && st.duckedNow(f) {
		state = append(state, "ducked back")
	}
	if f.Active() && st.Turn < f.KnockedOut {
		state = append(state, fmt.Sprintf("knocked out until turn %d", f.KnockedOut))
	}
	return state
}

// FigureStatus writes what is wrong with a figure this turn ("wounded, ducked back"), or ""
// when it is fit.
func (st *State) FigureStatus(f FigureState) string { return strings.Join(st.figureStatus(f), ", ") }

// Totals are a group's Firepower (at medium range) and Defence totals as the shooting table
// compares them: figures down add nothing, wounded ones half, ducked back ones no firepower.
func (st *State) Totals(g *GroupState) (firepower, defence float64) {
	return float64(st.firepower2(g, qrs.Medium)) / 2, float64(st.defence2(g)) / 2
}
