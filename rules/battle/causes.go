package battle

// How units were lost, for the result page's "why": a lost unit's cause is the phase it was
// lost in. Fire (the Fire Combat Phase, opportunity and defensive fire in the Movement
// Phase, grenades, flames and clouds), close assault, morale (a unit that fled or was
// routing at the end, whatever first hurt it) and strikes (the Special Actions Phase:
// off-board strikes, and Force powers used there). Losses are counted as the victory
// points count them: a lost unit's SGPs.

// Causes of loss, in the order of CauseNames.
const (
	causeNone uint8 = iota
	causeFire
	causeAssault
	causeMorale
	causeStrikes
)

// NCauses is how many causes of loss there are.
const NCauses = 4

// CauseNames are the causes of loss, as UnitResult.LostTo and the summaries name them.
var CauseNames = [NCauses]string{"fire", "close assault", "morale", "strikes"}

// phaseEnd closes a phase: units lost in it are marked with its cause, and the trace, when
// one is being recorded, takes its frame.
func (b *Battle) phaseEnd(c uint8, name string) {
	for ui := range b.units {
		if b.lostIn[ui] == causeNone && b.lostNow(ui) {
			b.lostIn[ui] = c
		}
	}
	b.tracePhase(name)
	if b.audit != nil {
		b.auditState(name)
	}
}

// lostNow reports whether a unit has no figure of its own left fighting.
func (b *Battle) lostNow(ui int) bool {
	u := &b.units[ui]
	switch u.state {
	case stDestroyed, stFled:
		return true
	case stAttached:
		f := &b.figs[u.members[0]]
		return !f.alive()
	case stOnTable:
		// Only a unit that took casualties this turn can have lost its last figure: the
		// others are not counted again (this runs after every phase of every battle).
		return u.casualties > 0 && b.ownAlive(ui) == 0
	}
	return false
}

// lossCause names why a unit with a fate was lost ("" when it was not).
func (b *Battle) lossCause(ui int, fate string) string {
	switch fate {
	case FateFled, FateRouting:
		return CauseNames[causeMorale-1]
	case FateIncapacitated:
		if c := b.lostIn[ui]; c != causeNone {
			return CauseNames[c-1]
		}
		// Not seen lost when a phase closed: a figure taken out without counting as a
		// casualty (a droid's self-destruct, in the Fire Combat Phase). Fire is also where
		// most losses come from.
		return CauseNames[causeFire-1]
	}
	return ""
}

// causeIndex is a cause's index in CauseNames, or -1.
func causeIndex(name string) int {
	for i, n := range CauseNames {
		if n == name {
			return i
		}
	}
	return -1
}

// unitCauses is a unit's share of battles lost to each cause, from its counts over n battles.
func unitCauses(counts [NCauses]int, n int) map[string]float64 {
	m := make(map[string]float64, NCauses)
	for ci, name := range CauseNames {
		m[name] = round4(float64(counts[ci]) / float64(n))
	}
	return m
}

// sideCauses is a side's SGPs lost per battle by cause, from the sum over its units of SGPs
// times battles lost (integers, so that any split of the matchup gives the same).
func sideCauses(sgpBattles [NCauses]int, n int) map[string]float64 {
	m := make(map[string]float64, NCauses)
	for ci, name := range CauseNames {
		m[name] = round4(float64(sgpBattles[ci]) / float64(n))
	}
	return m
}

func ifi(c bool, a, b int) int {
	if c {
		return a
	}
	return b
}
