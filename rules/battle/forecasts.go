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

// bestGun's answers, kept for the battle's life.
//
// bestGun reads of the firer only his gunner class (his guns, their skills, his targeting
// computer), whether a wound hampers him (the two are his slot: gunners.go), his unit's
// tripod and whether its assembled weapon has its crewman; of the distance only the band
// each of his guns finds it in; and the modifiers and the target's Strength. None of it
// changes from battle to battle, so each answer is kept against those (gunKept), the
// distance by the step it has passed among the class's guns' range limits (gunSteps), and
// is the same answer to the bit.

// gunKeepBits sizes the kept answers' table: direct-mapped, a newer answer taking the
// place of an older one it collides with.
const gunKeepBits = 12

// gunEnt is one kept answer of bestGun, with its packed key (gunKey; 0: empty).
type gunEnt struct {
	key uint64
	gi  int32
	v   float64
}

// gunKeep is the kept answers, and the range limits by slot and tripod state.
type gunKeep struct {
	ents  []gunEnt
	steps [][]fvStep
	built []bool
}

// gunTripods is the number of tripod states (tripodNone .. tripodAbandoned).
const gunTripods = 5

// fvStep is a distance where a gun's band changes: passed by d when d > at, or when d >=
// at for a minimum range (closed).
type fvStep struct {
	at     float64
	closed bool
}

func (s fvStep) passed(d float64) bool { return d > s.at || s.closed && d == s.at }

// gunSteps is the range limits of figure f's guns (his class's) as unit ui fires them with
// its tripod as it is: each minimum range (closed) and range band's end, sorted, once.
func (b *Battle) gunSteps(ui int, k int, f *fig) []fvStep {
	gk := &b.gunKeep
	if gk.built == nil {
		n := len(b.gun.val) / 2
		gk.ents = make([]gunEnt, 1<<gunKeepBits)
		gk.steps = make([][]fvStep, 2*n*gunTripods)
		gk.built = make([]bool, 2*n*gunTripods)
	}
	j := k*gunTripods + int(b.units[ui].tripod)
	if gk.built[j] {
		return gk.steps[j]
	}
	var steps []fvStep
	for _, g := range f.spec.Guns {
		w := b.gunOf(ui, g)
		if len(w.Ranges) != 3 {
			continue
		}
		steps = addStep(steps, fvStep{at: float64(w.MinRange), closed: true})
		for _, r := range w.Ranges {
			steps = addStep(steps, fvStep{at: float64(r)})
		}
	}
	gk.steps[j], gk.built[j] = steps, true
	return steps
}

// addStep puts a step in its place: by distance, a closed one before an open one at the
// same distance (d >= at holds whenever d > at does); once.
func addStep(steps []fvStep, s fvStep) []fvStep {
	i := 0
	for i < len(steps) && (steps[i].at < s.at || steps[i].at == s.at && steps[i].closed && !s.closed) {
		i++
	}
	if i < len(steps) && steps[i] == s {
		return steps
	}
	steps = append(steps, fvStep{})
	copy(steps[i+1:], steps[i:])
	steps[i] = s
	return steps
}

// gunKept is bestGun(ui, f, d, mods, sr, crewed) for a figure in slot k, kept.
func (b *Battle) gunKept(ui, k int, f *fig, d float64, mods, sr int, crewed bool) (int, float64) {
	tr := b.units[ui].tripod
	gk := &b.gunKeep
	if tr >= gunTripods || uint(mods+1000) > 2000 || uint(sr) > 1000 || k >= 1<<20 || gk.built == nil {
		if gk.built == nil {
			b.gunSteps(ui, k, f) // (sizes the table)
		}
		return b.bestGun(ui, f, d, mods, sr, crewed)
	}
	j := k*gunTripods + int(tr)
	if !gk.built[j] {
		b.gunSteps(ui, k, f)
	}
	st := 0
	for _, s := range gk.steps[j] {
		if !s.passed(d) {
			break
		}
		st++
	}
	key := uint64(k+1)<<40 | uint64(tr)<<36 | uint64(st)<<24 | uint64(sr)<<12 | uint64(mods+1000)<<1
	if crewed {
		key |= 1
	}
	e := &gk.ents[(key*0x9E3779B97F4A7C15)>>(64-gunKeepBits)]
	if e.key == key {
		if b.audit != nil {
			b.auditGun(ui, f, d, mods, sr, crewed, int(e.gi), e.v)
		}
		return int(e.gi), e.v
	}
	gi, v := b.bestGun(ui, f, d, mods, sr, crewed)
	if st < 1<<12 {
		*e = gunEnt{key: key, gi: int32(gi), v: v}
	}
	return gi, v
}
