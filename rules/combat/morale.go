package combat

import (
	"fmt"

	"muster/rules"
)

// Status is a squad's morale status (Chapter Five, "Morale Statuses").
type Status uint8

// The morale statuses, best first.
const (
	Steady Status = iota
	Shaken
	Demoralized
	Broken
	statusCount
)

func (s Status) String() string {
	return [...]string{"steady", "shaken", "demoralized", "broken", "?"}[min(s, statusCount)]
}

// StatusOf is the status a morale level falls into: steady at 4 or higher, shaken at 2-3,
// demoralized at 1, broken at 0 (from the tables).
func (r *Rules) StatusOf(level int) Status {
	for s := Steady; s < statusCount; s++ {
		ms := r.statuses[s]
		if level >= ms.Min && ((ms.Max == 0 && ms.Min > 0) || level <= ms.Max) {
			return s
		}
	}
	return Broken
}

// Effects is what a status costs a squad: the Reference Sheet's Morale Status line.
func (r *Rules) Effects(s Status) rules.MoraleStatus { return r.statuses[min(s, Broken)] }

// StartingLevel is a quality's starting morale level: elite 7, veteran 6, average 5.
func (r *Rules) StartingLevel(q rules.Quality) (int, error) {
	l, ok := r.Tables.Morale.StartingLevel(q)
	if !ok {
		return 0, fmt.Errorf("no starting morale level for quality %q", q)
	}
	return l, nil
}

// moraleMods are the threat level modifiers by name.
type moraleMods struct {
	casualtyThreat, chargeThreat, receivingThreat int

	shaken, demoralized, casualty, commanderHit, cover, won, lost int
	chargeFlank, chargeBarrier                                    int
	recvFlank, recvOutnumbered, recvFollowing                     int

	rallyThreat, rallyCover, rallyShaken, rallyDemoralized, rallyHalf, rallyCasualty, rallyCommander int
	oppThreat, oppCover, oppShaken, oppHalf                                                          int
}

func (m *moraleMods) load(t *rules.Tables) error {
	mt := t.Morale
	for id, p := range map[string]*int{"casualty": &m.casualtyThreat, "charging": &m.chargeThreat, "receiving_charge": &m.receivingThreat} {
		v, ok := mt.Threat(id)
		if !ok {
			return fmt.Errorf("combat: morale has no %q test", id)
		}
		*p = v
	}
	m.rallyThreat, m.oppThreat = t.Rally.Threat, t.OpportunityFire.Threat
	for _, c := range []struct {
		name string
		ms   rules.Modifiers
		f    map[string]*int
	}{
		{"morale.standard_modifiers", mt.Standard, map[string]*int{"shaken": &m.shaken, "demoralized": &m.demoralized,
			"casualty": &m.casualty, "commander_hit": &m.commanderHit, "behind_cover": &m.cover,
			"won_close_assault": &m.won, "lost_close_assault": &m.lost}},
		{"morale.charge_modifiers", mt.Charge, map[string]*int{"flank_or_rear": &m.chargeFlank, "behind_barrier": &m.chargeBarrier}},
		{"morale.receiving_charge_modifiers", mt.ReceivingCharge, map[string]*int{"flank_or_rear": &m.recvFlank,
			"outnumbered": &m.recvOutnumbered, "following_fire_weapon": &m.recvFollowing}},
		{"rally.modifiers", t.Rally.Modifiers, map[string]*int{"behind_cover": &m.rallyCover, "shaken": &m.rallyShaken,
			"demoralized_or_broken": &m.rallyDemoralized, "half_casualties": &m.rallyHalf, "casualty": &m.rallyCasualty,
			"commander_hit": &m.rallyCommander}},
		{"opportunity_fire.modifiers", t.OpportunityFire.Modifiers, map[string]*int{"behind_cover": &m.oppCover,
			"shaken": &m.oppShaken, "half_casualties": &m.oppHalf}},
	} {
		if err := loadMods(c.name, c.ms, c.f); err != nil {
			return err
		}
	}
	return nil
}

// TestKind is one of the three morale tests.
type TestKind uint8

// The morale tests of the Morale Test Chart.
const (
	CasualtyTest TestKind = iota
	ChargeTest
	ReceivingChargeTest
)

func (k TestKind) String() string {
	return [...]string{"casualty", "charging", "receiving a charge"}[k]
}

// Morale is a squad's situation when it tests morale: its levels, its commander's command
// skill, and every threat level modifier that applies.
type Morale struct {
	Kind TestKind
	// Command is the commander's command skill, or the squad's if he is incapacitated (the
	// wound penalty already taken off where he is wounded).
	Command int
	// Level is the squad's morale level now; Start its starting level, which it can never
	// rise above.
	Level, Start int

	Casualties       int  // soldiers wounded or incapacitated this turn
	CommanderHit     bool // commander wounded or incapacitated this turn (first test after)
	BehindCover      bool // stationary within 1" of cover between it and the enemy
	WonCloseAssault  bool // forced back its opponent this turn
	LostCloseAssault bool // was forced back this turn

	// Charge tests: attacking the enemy's flank or rear; attacking across a barrier.
	// Receiving a charge: attacked in flank or rear (fewer than half could fire on the
	// chargers); charged by at least twice as many; following fire weapons in the squad.
	FlankOrRear          bool
	BehindBarrier        bool
	Outnumbered          bool
	FollowingFireWeapons int
}

// Threat is the test's threat level: the Morale Test Chart's base and its modifiers.
func (r *Rules) Threat(m Morale) int {
	mm := &r.mor
	t := mm.casualtyThreat
	switch m.Kind {
	case ChargeTest:
		t = mm.chargeThreat
		if m.FlankOrRear {
			t += mm.chargeFlank
		}
		if m.BehindBarrier {
			t += mm.chargeBarrier
		}
	case ReceivingChargeTest:
		t = mm.receivingThreat
		if m.FlankOrRear {
			t += mm.recvFlank
		}
		if m.Outnumbered {
			t += mm.recvOutnumbered
		}
		t += m.FollowingFireWeapons * mm.recvFollowing
	}
	switch r.StatusOf(m.Level) {
	case Shaken:
		t += mm.shaken
	case Demoralized, Broken:
		t += mm.demoralized
	}
	t += m.Casualties * mm.casualty
	if m.CommanderHit {
		t += mm.commanderHit
	}
	if m.BehindCover {
		t += mm.cover
	}
	if m.WonCloseAssault {
		t += mm.won
	}
	if m.LostCloseAssault {
		t += mm.lost
	}
	return t
}

// MoraleResult is a morale, rally or opportunity fire test rolled and applied.
type MoraleResult struct {
	Threat      int // threat level
	ThreatRoll  int // its score
	CommandRoll int // the command roll's score
	Row         rules.Outcome
	Level       int // the squad's morale level after the result
	Status      Status
	// Withdraw: the squad withdraws 4" from the closest enemy; false when the same result
	// broke the squad ("the broken morale level takes precedence").
	Withdraw bool
}

// Aborted reports whether a charge test stops the charge: the squad became demoralized or
// broken, or must withdraw.
func (m MoraleResult) Aborted() bool { return m.Status >= Demoralized || m.Row.Withdraw }

// Stands reports whether a squad receiving a charge stands: it is not broken and did not
// draw a withdraw result. A squad that does not stand loses its defensive fire.
func (m MoraleResult) Stands() bool { return m.Status != Broken && !m.Row.Withdraw }

// MoraleTest rolls a morale test (Chapter Five, "Morale Tests"): the threat roll against the
// command roll, read on the Morale Test Results (a tie is no effect), with the level kept
// between 0 and the starting level.
func (r *Rules) MoraleTest(d *Dice, m Morale) MoraleResult {
	th := r.Threat(m)
	tr, cr := Opposed(d, th, m.Command)
	return r.applyMorale(th, tr, cr, &r.morale, m.Level, m.Start)
}

// ThreatTest is a morale test at a given base threat level instead of the chart's
// (projective telepathy: "the threat level of the test is the amount the hero's roll beat
// the commander's roll"), with m's other modifiers (the squad's status and the rest).
func (r *Rules) ThreatTest(d *Dice, threat int, m Morale) MoraleResult {
	m.Kind = CasualtyTest
	th := r.Threat(m) - r.mor.casualtyThreat + threat
	tr, cr := Opposed(d, th, m.Command)
	return r.applyMorale(th, tr, cr, &r.morale, m.Level, m.Start)
}

func (r *Rules) applyMorale(th, tr, cr int, c *chart, level, start int) MoraleResult {
	row := c.outcome(tr - cr)
	l := min(max(level+row.Morale, 0), max(start, level))
	s := r.StatusOf(l)
	return MoraleResult{Threat: th, ThreatRoll: tr, CommandRoll: cr, Row: row, Level: l, Status: s,
		Withdraw: row.Withdraw && s != Broken}
}

// MoraleOdds is the exact probability of each Morale Test Results row, in the table's order
// (Morale +1, No Effect, Morale -1, Morale -2; Withdraw).
func (r *Rules) MoraleOdds(m Morale) []float64 {
	return r.morale.odds(MarginDist(r.Threat(m), m.Command))
}

// LevelOdds is the exact distribution of the squad's morale level after a morale test.
func (r *Rules) LevelOdds(m Morale) Dist {
	return r.levelOdds(&r.morale, r.Threat(m), m.Command, m.Level, m.Start)
}

func (r *Rules) levelOdds(c *chart, threat, command, level, start int) Dist {
	var out Dist
	for i, p := range c.odds(MarginDist(threat, command)) {
		if p == 0 {
			continue
		}
		l := min(max(level+c.table.Rows[i].Morale, 0), max(start, level))
		out = out.Plus(Dist{Lo: l, P: []float64{p}})
	}
	return out
}

// NeedsChargeTest: a squad with at least twice as many soldiers as the enemy squad charges
// without a morale test, unless the enemy has an assembled heavy weapon (Chapter Five,
// "Charging").
func NeedsChargeTest(chargers, defenders int, enemyAssembledWeapon bool) bool {
	return chargers < 2*defenders || enemyAssembledWeapon
}

// NeedsReceivingTest: "If less than half its number are charging it, a squad does not have
// to make a morale test. If charged in the flank or rear, the squad must always make a
// test" (Chapter Five, "Receiving a Charge").
func NeedsReceivingTest(chargers, defenders int, flankOrRear bool) bool {
	return flankOrRear || 2*chargers >= defenders
}

// Rally is a squad's situation when it tries to rally (Chapter Five, "Rallying").
type Rally struct {
	Command          int
	Level, Start     int
	BehindCover      bool
	HalfCasualties   bool // the squad has taken 50% or more casualties
	Casualties       int  // this turn
	CommanderHit     bool
	FiredOrAssaulted bool // fired or fought in close assault this turn: cannot rally
	EnemyWithin12    bool // an enemy soldier within 12": cannot rally
}

// CanRally reports whether the squad may attempt to rally: below its starting level, it did
// not fire or fight this turn, and no enemy is within 12". Broken squads test every Morale
// Phase regardless of the enemy's distance.
func (r *Rules) CanRally(x Rally) bool {
	if x.Level >= x.Start {
		return false
	}
	if r.StatusOf(x.Level) == Broken {
		return true
	}
	return !x.FiredOrAssaulted && !x.EnemyWithin12
}

// RallyThreat is the rally threat level: 4 and the Rally Test Threat Level Modifiers.
func (r *Rules) RallyThreat(x Rally) int {
	mm := &r.mor
	t := mm.rallyThreat + x.Casualties*mm.rallyCasualty
	switch r.StatusOf(x.Level) {
	case Shaken:
		t += mm.rallyShaken
	case Demoralized, Broken:
		t += mm.rallyDemoralized
	}
	if x.BehindCover {
		t += mm.rallyCover
	}
	if x.HalfCasualties {
		t += mm.rallyHalf
	}
	if x.CommanderHit {
		t += mm.rallyCommander
	}
	return t
}

// RallyTest rolls a rally test: the rally roll against the command roll; a tie is no
// effect, Morale +2 needs the command roll to beat the rally roll by more than 4.
func (r *Rules) RallyTest(d *Dice, x Rally) MoraleResult {
	th := r.RallyThreat(x)
	rr, cr := Opposed(d, th, x.Command)
	return r.applyMorale(th, rr, cr, &r.rally, x.Level, x.Start)
}

// RallyOdds is the exact distribution of the squad's level after a rally test.
func (r *Rules) RallyOdds(x Rally) Dist {
	return r.levelOdds(&r.rally, r.RallyThreat(x), x.Command, x.Level, x.Start)
}

// OpportunityTest is a squad's situation when it tries opportunity fire.
type OpportunityTest struct {
	Command        int
	Status         Status
	BehindCover    bool
	HalfCasualties bool
}

// OpportunityThreat is the opportunity fire threat level.
func (r *Rules) OpportunityThreat(o OpportunityTest) int {
	mm := &r.mor
	t := mm.oppThreat
	if o.BehindCover {
		t += mm.oppCover
	}
	if o.Status == Shaken {
		t += mm.oppShaken
	}
	if o.HalfCasualties {
		t += mm.oppHalf
	}
	return t
}

// OpportunityFire rolls the opportunity fire test (Chapter Five, "Opportunity Fire"): the
// squad may fire if its command roll beats the threat roll (a tie cannot fire).
// Demoralized and broken squads cannot attempt it; a squad that fails cannot move this
// Movement Phase but may fire in the Fire Combat Phase. Droids fire without a test
// (DroidOpportunityFire).
func (r *Rules) OpportunityFire(d *Dice, o OpportunityTest) bool {
	if o.Status >= Demoralized {
		return false
	}
	of, cr := Opposed(d, r.OpportunityThreat(o), o.Command)
	return r.opportunity.outcome(of-cr).Effect == rules.EffectCanFire
}

// OpportunityFireBoth rolls the opportunity fire test as OpportunityFire does (the same
// dice) and gives its result both for a squad not behind cover and for one behind cover
// (o.BehindCover is not read): the caller works out whether the squad is behind cover only
// where the two differ.
func (r *Rules) OpportunityFireBoth(d *Dice, o OpportunityTest) (open, covered bool) {
	if o.Status >= Demoralized {
		return false, false
	}
	o.BehindCover = false
	t := r.OpportunityThreat(o)
	of := d.Roll()
	cr := Score(d.Roll(), o.Command)
	open = r.opportunity.outcome(Score(of, t)-cr).Effect == rules.EffectCanFire
	covered = r.opportunity.outcome(Score(of, t+r.mor.oppCover)-cr).Effect == rules.EffectCanFire
	return open, covered
}

// OpportunityOdds is the exact probability that the squad may opportunity fire.
func (r *Rules) OpportunityOdds(o OpportunityTest) float64 {
	if o.Status >= Demoralized {
		return 0
	}
	p := 0.0
	for i, q := range r.opportunity.odds(MarginDist(r.OpportunityThreat(o), o.Command)) {
		if r.opportunity.table.Rows[i].Effect == rules.EffectCanFire {
			p += q
		}
	}
	return p
}
