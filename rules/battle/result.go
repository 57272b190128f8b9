package battle

import (
	"muster/rules/combat"
)

// Result is one battle's outcome.
type Result struct {
	Seed uint64
	// Winner is 0 (the first army), 1 (the second) or -1 for a draw.
	Winner int
	Reason string
	Turns  int
	// End is how the battle ended (EndNames): the scenario's objective, the turn limit, or
	// a side with no unit left that can fight.
	End int
	// VP are each side's victory points: the SGPs of enemy units incapacitated or fled.
	VP [2]int
	// Stake is the SGPs each side could lose (all its units but strikes and remote
	// weapons): side s destroyed VP[s]/Stake[1-s] of the enemy army.
	Stake [2]int
	Units []UnitResult
}

// UnitResult is what became of one unit.
type UnitResult struct {
	Side  int
	Name  string
	Kind  string
	SGP   int
	Fate  string
	Lost  bool // incapacitated or fled: its SGPs are the enemy's victory points
	Start int  // figures
	Left  int  // figures still fighting at the end
	// Destroyed is the SGPs of enemy units lost that this unit's casualties are credited
	// with (each lost unit's SGPs shared among the units that caused its casualties).
	Destroyed float64
	// LostTo is what it was lost to (CauseNames), when it was lost.
	LostTo string
}

// The fates of units.
const (
	FateStanding      = "standing"
	FateIncapacitated = "incapacitated"
	FateFled          = "fled"
	FateRouting       = "routing" // broken when the battle ended: counted as fled
	FateEscaped       = "escaped"
	FateNotArrived    = "never arrived"
	FateOffBoard      = "off-board"
)

// How a battle ends, for the Why (EndNames).
const (
	EndObjective = iota // the scenario's own condition met (or made impossible)
	EndTurnLimit        // the last turn played
	EndNoneLeft         // a side (or both) has no unit left that can fight
	NEnds
)

// EndNames name the endings, in their order.
var EndNames = [NEnds]string{"the objective", "the turn limit", "no unit left"}

// end ends the battle with a winner (-1 a draw, -2 the points or shares to decide) and how
// it ended.
func (b *Battle) end(winner, how int, reason string) {
	if b.over {
		return
	}
	b.over, b.winner, b.reason, b.res.End = true, winner, reason, how
}

// fighting reports whether a side has a unit on the table that is not broken, or one yet
// to arrive.
func (b *Battle) fighting(s int) bool {
	lo, hi := b.sideRange(s)
	for i := lo; i < hi; i++ {
		u := &b.units[i]
		if u.state == stReserve {
			return true
		}
		if u.onTable() && b.status(u) != combat.Broken && b.aliveCount(i) > 0 {
			return true
		}
	}
	return false
}

// checkVictory applies the scenario's victory condition; final is the last turn's end.
func (b *Battle) checkVictory(final bool) {
	if b.over {
		return
	}
	v := &b.field.Scenario.Victory
	f0, f1 := b.fighting(0), b.fighting(1)
	switch v.Kind {
	case "points", "share":
		if !f0 || !f1 || final {
			if final {
				b.end(-2, EndTurnLimit, "the turn limit")
			} else {
				b.end(-2, EndNoneLeft, "a side has no unit left that can fight")
			}
		}
	case "escape":
		s := v.Side
		all, lost := true, false
		lo, hi := b.sideRange(s)
		for i := lo; i < hi; i++ {
			u := &b.units[i]
			if !b.countsForExit(i) || len(u.members) == 0 {
				continue
			}
			if u.state != stEscaped {
				all = false
			}
			if u.state == stDestroyed || u.state == stFled || (u.onTable() && b.status(u) == combat.Broken && u.atRally) {
				lost = true
			}
		}
		switch {
		case all:
			b.end(s, EndObjective, "every squad got a soldier out")
		case lost:
			b.end(1-s, EndObjective, "a squad was lost before it got out")
		case final:
			b.end(1-s, EndTurnLimit, "the turn limit: not every squad got out")
		}
	case "exit":
		s := v.Side
		for i := range b.units {
			if b.units[i].side == s && b.units[i].state == stEscaped {
				b.end(s, EndObjective, "a squad got off the table")
				return
			}
		}
		if !b.fighting(s) {
			b.end(1-s, EndNoneLeft, "no unit left that can get off the table")
		} else if final {
			b.end(1-s, EndTurnLimit, "the turn limit: no squad got off the table")
		}
	case "carry":
		// The book sets no turn limit (Muster stops at the scenario's turns): a side left
		// with no unit that can fight cannot stop the other finding the objective and
		// carrying it off, so it has lost. (Played on to the limit instead, a side that won
		// the fight but had too few turns left to carry the droid home drew, and buying a
		// gun that won the fight sooner lowered its score.)
		switch {
		case !f0 && !f1:
			b.end(-1, EndNoneLeft, "neither side has a unit left that can fight")
		case !f0 || !f1:
			w := 0
			if !f0 {
				w = 1
			}
			b.end(w, EndNoneLeft, "the enemy has no unit left that can fight: nothing stops "+b.sideName(w)+" carrying the objective off")
		case final:
			b.end(-1, EndTurnLimit, "the turn limit: nobody carried the objective off")
		}
	}
}

// finish works out each unit's fate, the victory points and, for a points battle, the
// winner.
func (b *Battle) finish() {
	if !b.over {
		b.end(-2, EndTurnLimit, "the turn limit")
	}
	r := &b.res
	r.Turns = b.turn
	r.VP = [2]int{}
	r.Stake = b.stakes()
	n := len(b.units)
	for ui := range b.units {
		u := &b.units[ui]
		ur := UnitResult{Side: u.side, Name: u.spec.Name, Kind: string(u.spec.Kind), SGP: u.spec.SGP, Start: len(u.spec.Figs)}
		own := 0
		for _, fi := range u.members {
			f := &b.figs[fi]
			if int(f.home) == ui && f.alive() {
				own++
			}
		}
		if u.state == stAttached {
			f := &b.figs[u.members[0]]
			if f.alive() {
				own = 1
			}
		}
		ur.Left = own
		switch u.state {
		case stNotInBattle:
			ur.Fate = FateOffBoard
			if u.spec.Strike == "" {
				ur.Fate = FateNotArrived
			}
			if u.spec.Remote != nil {
				ur.Fate = FateStanding // emplaced, never destroyed (remote.go)
			}
		case stReserve:
			ur.Fate = FateNotArrived
		case stEscaped:
			ur.Fate = FateEscaped
		case stFled:
			ur.Fate, ur.Lost = FateFled, true
		case stDestroyed:
			ur.Fate, ur.Lost = FateIncapacitated, true
		case stAttached:
			sq := &b.units[u.attached]
			f := &b.figs[u.members[0]]
			switch {
			case !f.alive() && !f.gone:
				ur.Fate, ur.Lost = FateIncapacitated, true
			case f.gone && sq.state == stEscaped:
				ur.Fate = FateEscaped
			case f.gone:
				ur.Fate, ur.Lost = FateFled, true
			case b.status(sq) == combat.Broken:
				ur.Fate, ur.Lost = FateRouting, true
			default:
				ur.Fate = FateStanding
			}
		default:
			switch {
			case own == 0:
				ur.Fate, ur.Lost = FateIncapacitated, true
			case b.status(u) == combat.Broken:
				ur.Fate, ur.Lost = FateRouting, true
			default:
				ur.Fate = FateStanding
			}
		}
		ur.LostTo = b.lossCause(ui, ur.Fate)
		r.Units[ui] = ur
		if ur.Lost {
			r.VP[1-u.side] += ur.SGP
		}
	}
	// An on-board artillery piece shares its crew's fate; its SGPs are credited to those
	// who took its crew (artillery.go).
	for gi := range b.units {
		g := &b.units[gi]
		if g.spec.Gun == nil {
			continue
		}
		lo, _ := b.sideRange(g.side)
		ci := lo + g.spec.Crew
		r.Units[gi].Fate, r.Units[gi].Lost = r.Units[ci].Fate, r.Units[ci].Lost
		r.Units[gi].LostTo = r.Units[ci].LostTo
		if r.Units[gi].Lost {
			r.VP[1-g.side] += r.Units[gi].SGP
			for k := range n {
				b.credit[k*n+gi] = b.credit[k*n+ci]
			}
		}
	}
	// Credit each lost unit's SGPs to the enemy units that caused its casualties (a friend's
	// grenade earns nothing).
	for e := range b.units {
		if !r.Units[e].Lost {
			continue
		}
		total := 0.0
		for k := range n {
			if b.units[k].side != b.units[e].side {
				total += b.credit[k*n+e]
			}
		}
		if total == 0 {
			continue
		}
		for k := range n {
			if c := b.credit[k*n+e]; c > 0 && b.units[k].side != b.units[e].side {
				r.Units[k].Destroyed += float64(r.Units[e].SGP) * c / total
			}
		}
	}
	if b.winner == -2 {
		b.decideOnPoints()
	}
	r.Winner, r.Reason = b.winner, b.reason
}

// decideOnPoints names the winner of a battle that ended without one of the scenario's
// own conditions (a "points" or "share" scenario): the side that did the enemy more harm,
// then the side alone with units that can fight, then the side holding the objective, else
// a draw.
//
// "points" compares victory points as they are. "share" compares each side's victory
// points as a share of what the enemy could lose (stake): a side that spends more on its
// army does not hand the enemy more points to win by, and one that leaves points unspent
// is not rewarded for it (docs/decisions.md). Shares are compared by cross-multiplying, so
// equal shares are equal exactly.
func (b *Battle) decideOnPoints() {
	r := &b.res
	mine, theirs := r.VP[0], r.VP[1]
	what := "more victory points"
	if b.field.Scenario.Victory.Kind == "share" {
		st := r.Stake
		mine, theirs = r.VP[0]*st[0], r.VP[1]*st[1]
		what = "a larger share of the enemy army destroyed"
	}
	switch {
	case mine > theirs:
		b.winner, b.reason = 0, b.reason+"; "+what
	case theirs > mine:
		b.winner, b.reason = 1, b.reason+"; "+what
	default:
		equal := "; equal victory points"
		if b.field.Scenario.Victory.Kind == "share" {
			equal = "; equal shares of the enemy army destroyed"
		}
		// A side left alone with units that can fight holds the field: an army that put
		// nothing on the table (or lost all it had without harming the enemy) has not drawn
		// with one that stands there. Without this, a list of nothing drew with every army,
		// and the list optimizer, starting from it, found every unit worse than none.
		if f0, f1 := b.fighting(0), b.fighting(1); r.End == EndNoneLeft && f0 != f1 {
			b.winner = 0
			if f1 {
				b.winner = 1
			}
			b.reason += equal + ", and only " + b.sideName(b.winner) + " has units left that can fight"
			return
		}
		b.winner = b.objectiveHolder()
		if b.winner >= 0 {
			b.reason += equal + ", and " + b.sideName(b.winner) + " holds " + b.field.Scenario.Objectives[0].Name
		} else {
			b.reason += equal
		}
	}
}

// stakes are the SGPs each side could lose: its units but strikes and remote weapons,
// which never stand on the table to be lost, and reinforcements that never arrived (an
// artillery piece counts: it is lost with its crew). A unit kept off the table adds
// nothing to what the enemy must destroy a share of.
func (b *Battle) stakes() [2]int {
	var st [2]int
	for _, u := range b.units {
		if u.spec.Strike != "" || u.spec.Remote != nil || u.state == stReserve {
			continue
		}
		st[u.side] += u.spec.SGP
	}
	return st
}

// objectiveHolder is the side holding the scenario's first objective (a steady or shaken
// figure within its radius and no enemy figure), or -1.
func (b *Battle) objectiveHolder() int {
	if len(b.field.Scenario.Objectives) == 0 {
		return -1
	}
	o := b.field.Scenario.Objectives[0]
	at := Point{X: o.At[0], Y: o.At[1]}
	rad := o.Radius + baseRadius
	var has [2]bool
	for i := range b.figs {
		f := &b.figs[i]
		u := &b.units[f.unit]
		if !f.alive() || !u.onTable() || b.status(u) >= combat.Demoralized {
			continue
		}
		if dist2(f.pos, at) <= rad*rad {
			has[u.side] = true
		}
	}
	switch {
	case has[0] && !has[1]:
		return 0
	case has[1] && !has[0]:
		return 1
	}
	return -1
}
