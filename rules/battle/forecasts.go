package battle

// The doctrine's forecasts, kept.
//
// estimate(ui, ti, walked, extra) is asked for every pair of hostile units several times a
// turn (each unit's plan weighs every target, the threat of every enemy, split fire), and
// most questions repeat one already answered while neither unit changed: units holding in
// cover ask the same ones turn after turn. What it reads of the battle:
//   - where each unit's figures stand, which fell and which fight with it: unitVer;
//   - each figure's condition (a wound, a stun, a droid's system damage, pain controlled):
//     condVer, a number per unit that every change of it bumps (touchCond);
//   - the firers' morale level and their tripod's state: kept in the entry;
//   - the table: fixed, but for smoke and fires (clouds), and for the night and hidden
//     units; a battle with clouds or in the dark is not kept;
//   - ammunition and the advanced weapons' state (advancedEstimate): an answer that
//     consulted one of them is not kept.
// An entry answers only the same question with all of these unchanged, so kept answers
// are the answers, to the bit; the audit (audit.go) checks each one it uses.

// forecast is one kept answer of estimate for a pair of units and walked.
type forecast struct {
	va, vt uint64 // unitVer of the firer and the target
	ca, ct uint64 // condVer of the firer and the target
	level  int    // the firer's morale level
	extra  int
	tripod uint8
	set    bool
	v      float64
}

// forecastSlot is the entry for unit ui's fire at unit ti, walking or not.
func (b *Battle) forecastSlot(ui, ti int, walked bool) *forecast {
	k := 2 * (ui*len(b.units) + ti)
	if walked {
		k++
	}
	return &b.fc[k]
}

// touchCond records that figure f's condition changed: the forecasts of the unit he fights
// with no longer hold.
func (b *Battle) touchCond(f *fig) {
	b.condSeq++
	b.units[f.unit].condVer = b.condSeq
}
