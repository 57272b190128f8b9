package battle

import (
	"strings"
	"testing"
)

// The open field is won by the larger share of the enemy army destroyed, not by more
// victory points: hand-worked cases with a rich side (1,000 SGPs it could lose) and a poor
// one (500). Destroying 300 of the poor side (60%) beats losing 400 of the rich side (40%),
// though 300 VP is less than 400; 250 of 500 against 500 of 1,000 is a tie (50% each),
// which the hill breaks or leaves a draw.
func TestOpenFieldIsWonOnTheShareOfTheEnemyDestroyed(t *testing.T) {
	field := scenario(t, "open-field")
	if field.Scenario.Victory.Kind != "share" {
		t.Fatalf("the open field's victory is %q, want share", field.Scenario.Victory.Kind)
	}
	b := New(field, force(t, "testdata/rebel-1500.yaml"), force(t, "testdata/imperial-1500.yaml"))
	cases := []struct {
		vp     [2]int
		winner int
		reason string
	}{
		{[2]int{300, 400}, 0, "a larger share of the enemy army destroyed"},
		{[2]int{400, 300}, 0, "a larger share of the enemy army destroyed"},
		{[2]int{200, 500}, 1, "a larger share of the enemy army destroyed"},
		{[2]int{250, 500}, -1, "equal shares of the enemy army destroyed"},
		{[2]int{0, 0}, -1, "equal shares of the enemy army destroyed"},
	}
	for _, c := range cases {
		b.res.VP, b.res.Stake = c.vp, [2]int{1000, 500}
		b.winner, b.reason = -2, "the turn limit"
		// Nobody on the hill: b.figs empty of the living.
		figs := b.figs
		b.figs = nil
		b.decideOnPoints()
		b.figs = figs
		if b.winner != c.winner || !strings.Contains(b.reason, c.reason) {
			t.Errorf("VP %v of stakes [1000 500]: winner %d (%q), want %d (%q)", c.vp, b.winner, b.reason, c.winner, c.reason)
		}
	}
}

// What a side could lose is its army but its strikes and remote weapons, which never stand
// on the table, and any unit the engine does not field. The mixed army (muster cost: 2,101
// SGPs with a heavy strike of 80, a remote heavy repeating blaster of 78, and an
// Anti-Infantry Battery of 388 with no crew listed after it, which stays off the table)
// can lose 2,101 - 80 - 78 - 388 = 1,555; the Imperial reference army, with none of these,
// its whole 1,512.
func TestAStakeLeavesOutWhatCannotBeLost(t *testing.T) {
	b := New(scenario(t, "open-field"), force(t, "costing/testdata/mixed-2000.yaml"), force(t, "testdata/imperial-1500.yaml"))
	if got, want := b.Play(1, nil).Stake, [2]int{1555, 1512}; got != want {
		t.Errorf("stakes %v, want %v", got, want)
	}
}

// The expected score counts a win 1 and a draw a half. By hand: 3 wins and 2 draws in 10
// battles score (3 + 1)/10 = 0.4; the scores' second moment is (3 + 2/4)/10 = 0.35, their
// variance 0.35 - 0.16 = 0.19, the mean's standard error sqrt(0.019) = 0.13784, and the
// 95% interval 0.4 -+ 1.96 x 0.13784 = 0.1298 to 0.6702.
func TestExpectedScoreCountsADrawAsAHalf(t *testing.T) {
	m, ci := Score(3, 2, 10)
	if m != 0.4 || ci != [2]float64{0.1298, 0.6702} {
		t.Errorf("Score(3, 2, 10) = %v %v, want 0.4 [0.1298 0.6702]", m, ci)
	}
	if m, ci := Score(10, 0, 10); m != 1 || ci != [2]float64{1, 1} {
		t.Errorf("Score(10, 0, 10) = %v %v, want 1 [1 1]", m, ci)
	}
}

// A reinforcement that never arrived could not be lost: in the hangar, where further
// Imperial units come on a 6 in a Special Actions Phase, a battle that ends before all have
// come counts only those that came in the Imperials' stake (the units' fates say which).
func TestAStakeLeavesOutReinforcementsThatNeverCame(t *testing.T) {
	b := New(scenario(t, "like-rats-in-a-trap"), force(t, "testdata/rats-rebels.yaml"), force(t, "testdata/rats-imperials.yaml"))
	for i := range uint64(200) {
		r := b.Play(BattleSeed(3, i), nil)
		var want [2]int
		absent := false
		for _, u := range r.Units {
			if u.Fate == FateNotArrived {
				absent = true
				continue
			}
			want[u.Side] += u.SGP
		}
		if !absent {
			continue
		}
		if r.Stake != want {
			t.Fatalf("battle %d: stakes %v, want %v (the units that came)", i, r.Stake, want)
		}
		return
	}
	t.Fatal("no battle of 200 ended before every reinforcement came: the test checks nothing")
}

// A matchup counts its battles by how they ended, and the counts add up to its wins and
// draws, split into chunks or not.
func TestEndingsAddUpToTheResults(t *testing.T) {
	field := scenario(t, "defending-the-bridge")
	a, z := force(t, "rules/data/forces/defending-the-bridge-rebel.yaml"), force(t, "rules/data/forces/defending-the-bridge-imperial.yaml")
	var chunks []*Chunk
	for _, o := range Split(90, 40) {
		o.Seed = 5
		c, err := PlayChunk(t.Context(), field, a, z, o)
		if err != nil {
			t.Fatal(err)
		}
		chunks = append(chunks, c)
	}
	s, err := Merge(field, a, z, 5, 90, chunks)
	if err != nil {
		t.Fatal(err)
	}
	if s.Ends == nil {
		t.Fatal("no endings counted")
	}
	var k [3]int
	for _, e := range s.Ends {
		for i := range 3 {
			k[i] += e[i]
		}
	}
	if k != [3]int{s.A.Wins, s.B.Wins, s.Draws} {
		t.Errorf("endings add up to %v, the results are %d, %d, %d", k, s.A.Wins, s.B.Wins, s.Draws)
	}
	if s.Ends[EndTurnLimit][0] != 0 {
		t.Errorf("the Rebels won %d battles at the turn limit, which the scenario gives to the Imperials", s.Ends[EndTurnLimit][0])
	}
}
