package solo

// Close combat in the game: other melee and lightsaber duels between figures on the table,
// with their results applied.

import (
	"fmt"
	"strings"

	"muster/rules/qrs"
)

// Ref names a figure: its group and its number in the group (from 1).
type Ref struct{ Group, Figure int }

func (r Ref) String() string { return fmt.Sprintf("%d:%d", r.Group, r.Figure) }

func (st *State) fighter(r Ref) (*GroupState, *FigureState, qrs.Fighter, error) {
	g, f, err := st.figure(r.Group, r.Figure)
	if err != nil {
		return nil, nil, qrs.Fighter{}, err
	}
	if !f.Active() || st.Turn < f.KnockedOut {
		return nil, nil, qrs.Fighter{}, fmt.Errorf("%s (%s) is not in the fight", f.Name, r)
	}
	p := st.Profile(*f)
	return g, f, qrs.Fighter{Melee: p.Melee, Wounded: st.hurt(*f), Armour: p.Armour, Saber: p.Lightsaber}, nil
}

// Fight resolves one figure's melee against the opponents in contact with it (the sheet's
// other melee) and applies the chart: Wounded is a wound, Killed takes the figure down,
// Knocked out keeps it out of the fight for D3 turns; Retreat 1" and Continue are the
// player's to carry out.
func Fight(st *State, self Ref, opponents []Ref, d qrs.Dice) (string, error) {
	if len(opponents) == 0 || len(opponents) > 6 {
		return "", fmt.Errorf("name 1 to 6 opponents in contact")
	}
	sg, sf, me, err := st.fighter(self)
	if err != nil {
		return "", err
	}
	var ops []qrs.Fighter
	var figs []*FigureState
	for _, r := range opponents {
		og, of, f, err := st.fighter(r)
		if err != nil {
			return "", err
		}
		if og.Side == sg.Side {
			return "", fmt.Errorf("%s and %s are on the same side", sf.Name, of.Name)
		}
		if of == sf {
			return "", fmt.Errorf("%s cannot fight itself", sf.Name)
		}
		ops = append(ops, f)
		figs = append(figs, of)
	}
	o := qrs.Melee(me, ops, d)
	parts := []string{fmt.Sprintf("%s rolls %d, the opponents' best %d", sf.Name, o.Die, o.OpponentsDie)}
	if o.Self != qrs.NoEffect {
		parts = append(parts, fmt.Sprintf("%s: %s", sf.Name, st.applyMelee(sf, o.Self, d)))
	}
	for i, e := range o.Opponents {
		if e != qrs.NoEffect {
			parts = append(parts, fmt.Sprintf("%s: %s", figs[i].Name, st.applyMelee(figs[i], e, d)))
		}
	}
	if len(parts) == 1 {
		parts = append(parts, "no effect")
	}
	line := strings.Join(parts, "; ")
	st.Logf("Turn %d: melee: %s.", st.Turn, line)
	return line, nil
}

func (st *State) applyMelee(f *FigureState, e qrs.MeleeEffect, d qrs.Dice) string {
	p := st.Profile(*f)
	captured := " (captured if the only friendly figure in contact with the winner)"
	switch e {
	case qrs.Wounded:
		return st.apply(f, p, qrs.Wound) + captured
	case qrs.MeleeKilled:
		return st.apply(f, p, qrs.Killed)
	case qrs.KnockedOut:
		turns := d.Roll(3)
		f.KnockedOut = st.Turn + turns
		return fmt.Sprintf("knocked out for %d turns, back on turn %d%s", turns, f.KnockedOut, captured)
	}
	return e.String()
}

// DuelExchange is one exchange of a lightsaber duel between two Force users on the table.
// On max/min, kill is the winner's choice of killing the loser over taking 8 Force points.
// A duellist at 0 Force points "is considered as a normal figure": fight with Fight.
func DuelExchange(st *State, a, b Ref, kill bool, d qrs.Dice) (string, error) {
	ga, fa, _, err := st.fighter(a)
	if err != nil {
		return "", err
	}
	gb, fb, _, err := st.fighter(b)
	if err != nil {
		return "", err
	}
	if ga.Side == gb.Side {
		return "", fmt.Errorf("%s and %s are on the same side", fa.Name, fb.Name)
	}
	for _, f := range []*FigureState{fa, fb} {
		if p := st.Profile(*f); !p.Lightsaber || f.ForcePoints == 0 {
			return "", fmt.Errorf("%s is not a light sabre armed Force user with Force points: use a melee (muster qrs fight)", f.Name)
		}
	}
	pa, pb := st.Profile(*fa), st.Profile(*fb)
	ma, mb := pa.Melee, pb.Melee
	if st.hurt(*fa) {
		ma /= 2
	}
	if st.hurt(*fb) {
		mb /= 2
	}
	o := qrs.Duel(qrs.Duelist{Melee: ma, ForcePoints: fa.ForcePoints}, qrs.Duelist{Melee: mb, ForcePoints: fb.ForcePoints}, d)
	line := fmt.Sprintf("%s rolls %d, %s rolls %d: ", fa.Name, o.DieA, fb.Name, o.DieB)
	loser, lp := fb, pb
	if o.Loser == "a" {
		loser, lp = fa, pa
	}
	switch {
	case o.Loser == "":
		line += "a draw"
	case o.MaxMin && kill:
		line += fmt.Sprintf("max/min: %s is %s", loser.Name, st.apply(loser, lp, qrs.Killed))
	default:
		loser.ForcePoints -= o.Lost
		line += fmt.Sprintf("%s loses %d Force points (%d left)", loser.Name, o.Lost, loser.ForcePoints)
		if o.MaxMin {
			line = strings.Replace(line, ": ", ": max/min: ", 1)
		}
		if loser.ForcePoints == 0 {
			line += "; at 0 it fights on as a normal figure"
		}
	}
	st.Logf("Turn %d: lightsaber duel: %s.", st.Turn, line)
	return line, nil
}
