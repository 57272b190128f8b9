package combat

import (
	"testing"

	"muster/rules"
)

func TestMoraleStatusByLevel(t *testing.T) {
	r := Default()
	for level, want := range map[int]Status{7: Steady, 5: Steady, 4: Steady, 3: Shaken, 2: Shaken, 1: Demoralized, 0: Broken} {
		if got := r.StatusOf(level); got != want {
			t.Errorf("level %d: %v, want %v", level, got, want)
		}
	}
	for q, want := range map[rules.Quality]int{rules.Elite: 7, rules.Veteran: 6, rules.Average: 5} {
		if got, err := r.StartingLevel(q); err != nil || got != want {
			t.Errorf("%s starts at %d (%v), want %d", q, got, err, want)
		}
	}
	if e := r.Effects(Demoralized); !e.CannotAdvance || !e.NoOpportunityFire || e.FireModifier != 2 {
		t.Errorf("demoralized: %+v", e)
	}
}

// Chapter Five's example: an Average squad of 10 (morale 5) suffers its first casualty;
// command 3. The commander bombs out (0); the threat roll is 3 + 4 + 1 (the book prints 7;
// 3 + 4 + 1 is 8): at least the command roll + 4, so Morale -2 and withdraw: level 3, shaken.
func TestMoraleExample(t *testing.T) {
	r := Default()
	m := Morale{Kind: CasualtyTest, Command: 3, Level: 5, Start: 5, Casualties: 1}
	if th := r.Threat(m); th != 5 {
		t.Fatalf("threat level %d, want 4 + 1", th)
	}
	res := r.MoraleTest(scripted(3, 1), m) // threat roll first, then the command roll
	if res.ThreatRoll != 8 || res.CommandRoll != 0 {
		t.Fatalf("rolls %d and %d, want 8 and 0", res.ThreatRoll, res.CommandRoll)
	}
	if res.Row.Result != "Morale -2; Withdraw" || res.Level != 3 || res.Status != Shaken || !res.Withdraw {
		t.Errorf("result %q, level %d %v, withdraw %v; want Morale -2; Withdraw to 3, shaken", res.Row.Result, res.Level, res.Status, res.Withdraw)
	}
}

// Chapter Five's rally example: broken (+2), commander incapacitated this turn (+2): 8.
func TestRallyExample(t *testing.T) {
	r := Default()
	x := Rally{Command: 3, Level: 0, Start: 5, CommanderHit: true}
	if th := r.RallyThreat(x); th != 8 {
		t.Errorf("rally threat %d, want 8", th)
	}
	if !r.CanRally(Rally{Level: 0, Start: 5, EnemyWithin12: true}) {
		t.Error("a broken squad tests to rally every Morale Phase")
	}
	if r.CanRally(Rally{Level: 3, Start: 5, FiredOrAssaulted: true}) || r.CanRally(Rally{Level: 5, Start: 5}) {
		t.Error("a squad that fired, or is at its starting level, rallied")
	}
	// Command 3 beats rally 8 by more than 4 only on a big rollover; a tie is no effect.
	res := r.RallyTest(scripted(2, 6, 5), x) // rally 2 + 8 = 10; command 6 + 5 + 3 = 14: +1
	if res.Level != 1 {
		t.Errorf("14 against 10: level %d, want 1 (Morale +1)", res.Level)
	}
	res = r.RallyTest(scripted(2, 6, 6, 1), x) // 10 against 16: by 6, Morale +2
	if res.Level != 2 {
		t.Errorf("16 against 10: level %d, want 2", res.Level)
	}
	res = r.RallyTest(scripted(3, 6, 2), x) // 11 against 11: a tie is no effect
	if res.Level != 0 {
		t.Errorf("a tie rallied to %d", res.Level)
	}
}

func TestThreatModifiers(t *testing.T) {
	r := Default()
	cases := []struct {
		name string
		m    Morale
		want int
	}{
		{"casualty", Morale{Kind: CasualtyTest, Level: 5}, 4},
		{"charging", Morale{Kind: ChargeTest, Level: 5}, 6},
		{"receiving a charge", Morale{Kind: ReceivingChargeTest, Level: 5}, 4},
		{"shaken", Morale{Level: 3}, 5},
		{"demoralized", Morale{Level: 1}, 6},
		{"three casualties", Morale{Level: 5, Casualties: 3}, 7},
		{"commander hit", Morale{Level: 5, CommanderHit: true}, 6},
		{"behind cover", Morale{Level: 5, BehindCover: true}, 3},
		{"won close assault", Morale{Level: 5, WonCloseAssault: true}, 3},
		{"lost close assault", Morale{Level: 5, LostCloseAssault: true}, 5},
		{"charging a flank", Morale{Kind: ChargeTest, Level: 5, FlankOrRear: true}, 4},
		{"charging across a barrier", Morale{Kind: ChargeTest, Level: 5, BehindBarrier: true}, 7},
		{"charged in the flank", Morale{Kind: ReceivingChargeTest, Level: 5, FlankOrRear: true}, 6},
		{"outnumbered 2:1", Morale{Kind: ReceivingChargeTest, Level: 5, Outnumbered: true}, 6},
		{"two following fire weapons", Morale{Kind: ReceivingChargeTest, Level: 5, FollowingFireWeapons: 2}, 2},
	}
	for _, c := range cases {
		if got := r.Threat(c.m); got != c.want {
			t.Errorf("%s: threat %d, want %d", c.name, got, c.want)
		}
	}
	if r.RallyThreat(Rally{Level: 3, BehindCover: true, HalfCasualties: true, Casualties: 1}) != 4+1-1+2+1 {
		t.Error("rally threat modifiers")
	}
	if r.OpportunityThreat(OpportunityTest{Status: Shaken, BehindCover: true, HalfCasualties: true}) != 4+1-1+2 {
		t.Error("opportunity fire threat modifiers")
	}
}

func TestChargeAndReceivingExemptions(t *testing.T) {
	if NeedsChargeTest(10, 5, false) || !NeedsChargeTest(10, 5, true) || !NeedsChargeTest(9, 5, false) {
		t.Error("twice as many charge without a test, unless the enemy has an assembled heavy weapon")
	}
	if NeedsReceivingTest(2, 5, false) || !NeedsReceivingTest(2, 5, true) || !NeedsReceivingTest(3, 6, false) {
		t.Error("fewer than half charging: no test, unless charged in flank or rear")
	}
	r := Default()
	// A charging squad that drops to demoralized, or must withdraw, aborts.
	if !(MoraleResult{Status: Demoralized}).Aborted() || (MoraleResult{Status: Shaken}).Aborted() {
		t.Error("charge abort by status")
	}
	res := r.MoraleTest(scripted(6, 1, 1), Morale{Kind: ChargeTest, Command: 3, Level: 5, Start: 5}) // 13 against 0
	if !res.Aborted() || res.Stands() {
		t.Errorf("withdraw result: aborted %v, stands %v", res.Aborted(), res.Stands())
	}
	// "If this result causes the squad to become broken, ignore the Withdraw rules."
	res = r.MoraleTest(scripted(6, 1, 1), Morale{Kind: CasualtyTest, Command: 3, Level: 1, Start: 5})
	if res.Level != 0 || res.Status != Broken || res.Withdraw {
		t.Errorf("broken by -2: level %d %v, withdraw %v", res.Level, res.Status, res.Withdraw)
	}
	// Morale +1 never passes the starting level.
	res = r.MoraleTest(scripted(1, 5), Morale{Kind: CasualtyTest, Command: 3, Level: 5, Start: 5})
	if res.Row.Morale != 1 || res.Level != 5 {
		t.Errorf("Morale +1 at the starting level: %d", res.Level)
	}
}

// Ties: the morale test's TR ≤ CR is no effect; the opportunity fire test's OF ≥ CR cannot
// fire; the rally test's RR ≥ CR is no effect.
func TestMoraleTies(t *testing.T) {
	r := Default()
	res := r.MoraleTest(scripted(3, 4), Morale{Kind: CasualtyTest, Command: 3, Level: 5, Start: 5}) // 7 against 7
	if res.Row.Effect != rules.EffectNoEffect {
		t.Errorf("morale tie: %q", res.Row.Result)
	}
	if r.OpportunityFire(scripted(3, 4), OpportunityTest{Command: 3}) {
		t.Error("an opportunity fire tie fired")
	}
	if r.OpportunityFire(scripted(6, 6, 6), OpportunityTest{Command: 9, Status: Demoralized}) {
		t.Error("a demoralized squad opportunity fired")
	}
}

// The odds by hand: a casualty test, command 4 against threat 4, Morale +1 needs the
// command roll to beat the threat roll by 4 or more.
func TestMoraleOddsByHand(t *testing.T) {
	r := Default()
	m := Morale{Kind: CasualtyTest, Command: 4, Level: 5, Start: 5}
	odds := r.MoraleOdds(m)
	rd := ScoreDist(4)
	var up, none, down, withdraw float64
	for i, p := range rd.P {
		for j, q := range rd.P {
			tr, cr := rd.Lo+i, rd.Lo+j
			switch {
			case tr+4 <= cr:
				up += p * q
			case tr <= cr:
				none += p * q
			case tr >= cr+4:
				withdraw += p * q
			default:
				down += p * q
			}
		}
	}
	want := []float64{up, none, down, withdraw}
	for i := range want {
		if !near(odds[i], want[i]) {
			t.Errorf("row %d: %.12f, want %.12f", i, odds[i], want[i])
		}
	}
	// With equal modifiers the two rolls are alike: P(TR > CR) = (1 - P(tie))/2, and a tie
	// has probability 1/7 (see TestDamageOddsByHand), so 3/7.
	if got := down + withdraw; !near(got, 3.0/7) {
		t.Errorf("P(threat roll beats command roll) = %.12f, want 3/7", got)
	}
}

func TestMoraleMatchesItsOdds(t *testing.T) {
	r := Default()
	d := Seeded(10)
	const n = 50000
	ms := []Morale{
		{Kind: CasualtyTest, Command: 3, Level: 5, Start: 5, Casualties: 2},
		{Kind: ChargeTest, Command: 4, Level: 3, Start: 6, FlankOrRear: true},
		{Kind: ReceivingChargeTest, Command: 2, Level: 7, Start: 7, Outnumbered: true},
	}
	for _, m := range ms {
		odds := r.LevelOdds(m)
		checkDist(t, "morale level after a "+m.Kind.String()+" test", odds, n, func() int { return r.MoraleTest(d, m).Level })
	}
	x := Rally{Command: 4, Level: 1, Start: 6, BehindCover: true}
	checkDist(t, "rally", r.RallyOdds(x), n, func() int { return r.RallyTest(d, x).Level })
	o := OpportunityTest{Command: 3, Status: Shaken}
	p := r.OpportunityOdds(o)
	var counts [2]int
	for range n {
		counts[boolInt(r.OpportunityFire(d, o))]++
	}
	checkCounts(t, "opportunity fire", []float64{1 - p, p}, counts[:], n)
}

// OpportunityFireBoth gives what OpportunityFire gives on the same dice, with and without
// the behind-cover modifier.
func TestOpportunityFireBothMatches(t *testing.T) {
	r := Default()
	for seed := range uint64(4000) {
		for _, o := range []OpportunityTest{{Command: 3}, {Command: 1, Status: Shaken}, {Command: 5, HalfCasualties: true},
			{Command: 2, Status: Shaken, HalfCasualties: true}, {Command: 4, Status: Demoralized}} {
			open, covered := r.OpportunityFireBoth(Seeded(seed), o)
			o.BehindCover = false
			a := r.OpportunityFire(Seeded(seed), o)
			o.BehindCover = true
			c := r.OpportunityFire(Seeded(seed), o)
			if open != a || covered != c {
				t.Fatalf("seed %d %+v: both gives %v/%v, OpportunityFire %v/%v", seed, o, open, covered, a, c)
			}
		}
	}
}
