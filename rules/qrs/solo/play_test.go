package solo

import (
	"strings"
	"testing"

	"muster/rules/qrs"
	"muster/rules/qrs/army"
)

// scripted hands out die faces in order, failing the test when they run out.
func scripted(t *testing.T, faces ...int) qrs.Dice {
	t.Helper()
	return qrs.DiceFunc(func(sides int) int {
		if len(faces) == 0 {
			t.Fatalf("a d%d was rolled beyond the script", sides)
		}
		f := faces[0]
		faces = faces[1:]
		if f < 1 || f > sides {
			t.Fatalf("scripted %d on a d%d", f, sides)
		}
		return f
	})
}

func rescue(t *testing.T) *army.Army {
	t.Helper()
	f, err := army.Read([]byte(`format: 1
system: qrs
name: Rescue Team
side: rebel
groups:
  - name: Red Team
    figures:
      - {profile: Rebel Hero, name: Kara Vos}
      - {profile: Rebel Trooper, count: 3}
`))
	if err != nil {
		t.Fatal(err)
	}
	return army.Resolve(f)
}

// A short game by the sheet's play sequence: contact, orders, fire both ways, recycling.
func TestSoloTurnsTrackWoundsDuckBacksAndThePool(t *testing.T) {
	st, err := New(Setup{Seed: 1, Counters: []string{"corner", "open"}, Pool: Pool{Stormtrooper: 4, ProbeDroid: 1}, Army: rescue(t)})
	if err != nil {
		t.Fatal(err)
	}
	// Counter 2 (open) in sight; no contact yet (-1): a 4 is 3, nothing, but the counter is
	// in the open: the probe droid.
	o, err := Spot(st, []int{2}, scripted(t, 4))
	if err != nil || o.Force == "" || st.Pool[ProbeDroid] != 0 || !st.Contact {
		t.Fatalf("probe droid: %+v %v, pool %v", o, err, st.Pool)
	}
	// Both counters in sight (+1), contact made: 6 + 1 = 7, 4 Stormtroopers at counter 1.
	o, err = Spot(st, []int{1, 2}, scripted(t, 6, 1))
	if err != nil || o.Total != 7 || o.Counter != 1 || len(o.Figures) != 4 || st.Pool[Stormtrooper] != 0 {
		t.Fatalf("stormtroopers: %+v %v", o, err)
	}
	troopers := st.Groups[len(st.Groups)-1]
	if troopers.Orders != "Advance" || troopers.Side != Enemy || troopers.Started != 4 {
		t.Errorf("figures appearing at portals are on Advance orders: %+v", troopers)
	}
	// The pool is empty: another sighting deploys nothing.
	if o, _ := Spot(st, []int{1}, scripted(t, 6)); o.Deployed() {
		t.Errorf("deployed with an empty pool: %+v", o)
	}
	// The stormtroopers fire on Red Team: their 8 against Red Team's 3+2+2+2 = 9 is
	// "More than": only 7s and 8s duck back. Kara rolls 8 (ducks back), the troopers 1, 7, 2.
	res, err := Shoot(st, Shot{Target: 1, From: []int{troopers.ID}, Band: qrs.Medium}, scripted(t, 8, 1, 7, 2))
	if err != nil || res.Band != "More than enemies total" || res.Hits[0].Now != "ducks back" || res.Hits[2].Now != "ducks back" {
		t.Fatalf("%+v %v", res, err)
	}
	// Red Team's two figures that ducked back lose their firepower only in their next turn
	// (TestDuckBackHoldsTheNextTurn): this turn all 9 shoot; the stormtroopers' defence 8
	// is "Less than": D on 5-6, W* on 7 (armour: D), K on 8.
	res, err = Shoot(st, Shot{Target: troopers.ID, From: []int{1}}, scripted(t, 7, 8, 6, 1))
	if err != nil || res.Enemy != 9 || res.Band != "Less than enemies total" || res.Hits[0].Now != "ducks back" || res.Hits[1].Now != "killed" || res.Hits[3].Now != "unhurt" {
		t.Fatalf("%+v %v", res, err)
	}
	// A crossfire the player totals at 20 against the three left's 6 is the Half row (6 is
	// more than a quarter of 20): 4, 5 D, 6 W (armour: D), 7, 8 K.
	res, err = Shoot(st, Shot{Target: troopers.ID, EnemyTotal: 20}, scripted(t, 7, 8, 6))
	if err != nil || res.Enemy != 20 || res.Band != "Half enemies total" || len(res.Hits) != 3 {
		t.Fatalf("%+v %v", res, err)
	}
	got := []string{res.Hits[0].Now, res.Hits[1].Now, res.Hits[2].Now}
	if strings.Join(got, ",") != "killed,killed,ducks back" {
		t.Errorf("hits: %v", got)
	}
	// Morale: half of Red Team ducked back, with a hero in it.
	notes := EndTurn(st)
	joined := strings.Join(notes, "\n")
	if !strings.Contains(joined, "3 Stormtrooper recycled") || !strings.Contains(joined, "Red Team: 2 of 4 figures wounded or ducked back") {
		t.Errorf("end of turn 1: %v", notes)
	}
	if st.Turn != 2 || st.Pool[Stormtrooper] != 3 {
		t.Errorf("turn %d, pool %v", st.Turn, st.Pool)
	}
	// Duck backs last through the next turn, then clear.
	red, _ := st.Group(1)
	if !st.duckedNow(red.Figures[0]) || !st.held(red.Figures[0]) {
		t.Error("Kara's duck back ended early")
	}
	EndTurn(st)
	if red, _ := st.Group(1); red.Figures[0].DuckedBack != 0 {
		t.Error("Kara's duck back did not clear after her next turn")
	}
}

// "2 wounds Disable/kill a figure"; heroes are disabled, never killed; Force points spent and
// recovered up to the profile's.
func TestMarkWoundsAndForcePoints(t *testing.T) {
	a := rescue(t)
	st, _ := New(Setup{Counters: []string{"cover"}, Army: a})
	if now, _ := Mark(st, 1, 1, "wound"); now != "wounded (values halved)" {
		t.Errorf("first wound: %q", now)
	}
	if now, _ := Mark(st, 1, 1, "wound"); now != "disabled (second wound)" {
		t.Errorf("second wound on a hero: %q", now)
	}
	if now, _ := Mark(st, 1, 2, "down"); now != "killed" {
		t.Errorf("trooper: %q", now)
	}
	if _, err := Mark(st, 1, 2, "force:-1"); err == nil {
		t.Error("a trooper spent Force points")
	}
	if _, err := Mark(st, 1, 9, "wound"); err == nil || !strings.Contains(err.Error(), "figures 1 to 4") {
		t.Errorf("figure out of range: %v", err)
	}
	st.Groups = append(st.Groups, GroupState{ID: 7, Name: "Jedi", Side: Player, Figures: []FigureState{{Name: "Tal", Profile: "Jedi Knight", ForcePoints: 8}}})
	Mark(st, 7, 1, "force:-3")
	if now, _ := Mark(st, 7, 1, "force:+5"); now != "8 Force points" {
		t.Errorf("recovery beyond the profile's 8: %q", now)
	}
}

// A saved game reads back the same, and hostile saves are refused.
func TestGameStateRoundTripAndBounds(t *testing.T) {
	st, _ := New(Setup{Seed: 42, Counters: []string{"corner", "cover"}, Pool: Pool{Stormtrooper: 8}, Army: rescue(t)})
	Spot(st, []int{1, 2}, scripted(t, 6, 2))
	for _, asJSON := range []bool{false, true} {
		data, err := st.Marshal(asJSON)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Read(data)
		if err != nil {
			t.Fatalf("json %v: %v\n%s", asJSON, err, data)
		}
		if Summary(back) != Summary(st) || back.Seed != 42 || len(back.Log) != len(st.Log) {
			t.Errorf("json %v: round trip differs:\n%s\n%s", asJSON, Summary(back), Summary(st))
		}
	}
	bad := []string{
		"format: 1\nsystem: qrs\nturn: 1\ncounters: []\ngroups: []\n",
		"format: 1\nsystem: qrs-game\nturn: 1\ncounters: []\ngroups: [{id: 1, name: x, side: enemy, figures: [{name: a, profile: Gungan}]}]\n",
		"format: 1\nsystem: qrs-game\nturn: 1\npool: {Stormtrooper: 100000}\ncounters: []\ngroups: []\n",
		"format: 1\nsystem: qrs-game\nturn: 1\ncounters: []\ngroups: [{id: 1, name: x, side: enemy, figures: [{name: a, profile: Stormtrooper, wounds: 7}]}]\n",
	}
	for _, b := range bad {
		if _, err := Read([]byte(b)); err == nil {
			t.Errorf("accepted: %s", b)
		}
	}
	if _, err := New(Setup{Counters: []string{"roof"}}); err == nil {
		t.Error("a counter on a roof accepted")
	}
}

// The state adds what it knows to the random movement roll: quarters killed, Advance
// orders, a leader in the group.
func TestOrdersUseWhatTheStateKnows(t *testing.T) {
	st, _ := New(Setup{Counters: []string{"cover"}})
	st.Groups = append(st.Groups, GroupState{ID: 1, Name: "Squad", Side: Enemy, Orders: "Advance", Started: 4, Figures: []FigureState{
		{Name: "L", Profile: Leader}, {Name: "a", Profile: Stormtrooper, Down: true}, {Name: "b", Profile: Stormtrooper}, {Name: "c", Profile: Stormtrooper},
	}})
	// +1 advancing, +1 leader, -1 a quarter killed, -2 greater fire: -1. A 3 is 2.
	r, err := GiveOrders(st, 1, qrs.MoveSituation{GreaterFire: true}, scripted(t, 3))
	if err != nil || r.Roll.Modifier != -1 || r.Roll.Score != 2 || r.Roll.Order != qrs.HoldOrGo {
		t.Errorf("%+v %v", r, err)
	}
	if g, _ := st.Group(1); g.Orders != "Advance towards objective, or nearest enemy" {
		t.Errorf("orders: %q", g.Orders)
	}
	// At the end of the turn the fallen stormtrooper goes back to the pool, but the group
	// still counts a quarter killed: now "Advance towards..." orders +1, leader +1, -1.
	EndTurn(st)
	if g, _ := st.Group(1); len(g.Figures) != 3 {
		t.Fatalf("%+v", g)
	}
	r, _ = GiveOrders(st, 1, qrs.MoveSituation{}, scripted(t, 1))
	if r.Roll.Modifier != 1 {
		t.Errorf("a quarter killed forgotten after recycling: modifier %+d, want +1", r.Roll.Modifier)
	}
}

func jediAndStormtroopers(t *testing.T) *State {
	t.Helper()
	st, _ := New(Setup{Counters: []string{"cover"}})
	st.Groups = append(st.Groups,
		GroupState{ID: 1, Name: "Jedi", Side: Player, Figures: []FigureState{
			{Name: "Tal", Profile: "Jedi Knight", ForcePoints: 8}, {Name: "a", Profile: "Rebel Trooper"}, {Name: "b", Profile: "Rebel Trooper"}}},
		GroupState{ID: 2, Name: "Squad", Side: Enemy, Figures: []FigureState{
			{Name: "s1", Profile: Stormtrooper}, {Name: "s2", Profile: Stormtrooper}, {Name: "s3", Profile: Stormtrooper}, {Name: "s4", Profile: Stormtrooper}}},
	)
	return st
}

// "Defend/Deflect: Light Saber users may stop a hit on themselves or another figure within
// 2" and deflect the shot back. Force users use their bracketed firepower values for this."
// The squad's 8 against the Jedi group's 3+2+2 = 7 is "Less": Tal rolls 1, a 8 (K), b 7 (W).
// Tal stops the kill (8 FP to 7) and sends it back with 6 against the squad's 8: "More",
// D on 7-8: the first stormtrooper rolls 8 and ducks back.
func TestDeflectStopsTheWorstHitAndSendsItBack(t *testing.T) {
	st := jediAndStormtroopers(t)
	r, err := Shoot(st, Shot{Target: 1, From: []int{2}, Force: Deflect}, scripted(t, 1, 8, 7, 8, 1, 2))
	if err != nil {
		t.Fatal(err)
	}
	jedi, _ := st.Group(1)
	if r.Band != "Less than enemies total" || !strings.HasPrefix(r.Hits[1].Now, "deflected by Tal") || jedi.Figures[1].Down || jedi.Figures[2].Wounds != 1 || jedi.Figures[0].ForcePoints != 7 {
		t.Fatalf("%+v %+v", r, jedi)
	}
	if r.Returned == nil || r.Returned.Enemy != 6 || r.Returned.Band != "More than enemies total" || r.Returned.Hits[0].Now != "ducks back" || len(r.Returned.Hits) != 3 {
		t.Errorf("returned: %+v", r.Returned)
	}
}

// "A Force user under fire at Point blank range from a group with Firepower 5 or more may
// Swipe their enemy's weapon to one side, and so miss!" Only the Force user's own hit.
func TestSwipeOnlyAtPointBlankAndOnlyTheForceUser(t *testing.T) {
	st := jediAndStormtroopers(t)
	if _, err := Shoot(st, Shot{Target: 1, From: []int{2}, Band: qrs.Medium, Force: Swipe}, scripted(t)); err == nil {
		t.Error("a Swipe at medium range")
	}
	r, err := Shoot(st, Shot{Target: 1, From: []int{2}, Band: qrs.PointBlank, Force: Swipe}, scripted(t, 8, 8, 1))
	if err != nil {
		t.Fatal(err)
	}
	jedi, _ := st.Group(1)
	if !strings.HasPrefix(r.Hits[0].Now, "swiped aside by Tal") || !jedi.Figures[1].Down || r.Returned != nil {
		t.Errorf("%+v", r)
	}
	st.Groups[0].Figures[0].ForcePoints = 0
	if _, err := Shoot(st, Shot{Target: 1, From: []int{2}, Force: Deflect}, scripted(t)); err == nil {
		t.Error("a deflect with no Force points")
	}
}

// "Swipe: A Force user under fire at Point blank range from a group with Firepower 5 or
// more": two pairs of Stormtroopers (Firepower 2 each, 4 a group) firing together make 8,
// but neither group has 5, so there is nothing to Swipe; four in one group (8) may be.
func TestSwipeNeedsOneGroupOfFirepowerFive(t *testing.T) {
	st := jediAndStormtroopers(t)
	squad := &st.Groups[1]
	pair := GroupState{ID: 3, Name: "Pair", Side: Enemy, Figures: squad.Figures[2:]}
	squad.Figures = squad.Figures[:2]
	st.Groups = append(st.Groups, pair)
	_, err := Shoot(st, Shot{Target: 1, From: []int{2, 3}, Band: qrs.PointBlank, Force: Swipe}, scripted(t, 8, 8, 1, 1, 1, 1))
	if err == nil || !strings.Contains(err.Error(), "Firepower 5 or more") {
		t.Errorf("a Swipe against two groups of Firepower 4: %v", err)
	}
	if _, err := Shoot(jediAndStormtroopers(t), Shot{Target: 1, From: []int{2}, Band: qrs.PointBlank, Force: Swipe}, scripted(t, 8, 8, 1)); err != nil {
		t.Errorf("a Swipe against one group of Firepower 8: %v", err)
	}
}

// "the wound is healed on a 5,6 (D6) each turn treatment is given"; Wound suppression: values
// back to normal this turn for 1 FP, healed for good on a 6.
func TestMedicAndWoundSuppression(t *testing.T) {
	st := jediAndStormtroopers(t)
	Mark(st, 1, 2, "wound")
	if now, _ := Treat(st, 1, 2, scripted(t, 4)); !strings.Contains(now, "no better") || st.Groups[0].Figures[1].Wounds != 1 {
		t.Errorf("a 4 healed: %q", now)
	}
	if now, _ := Treat(st, 1, 2, scripted(t, 5)); !strings.Contains(now, "healed") || st.Groups[0].Figures[1].Wounds != 0 {
		t.Errorf("a 5 did not heal: %q", now)
	}
	if _, err := Treat(st, 1, 2, scripted(t)); err == nil {
		t.Error("treated an unwounded figure")
	}
	Mark(st, 1, 1, "wound") // Tal, defence 3: the group's defence 1.5 + 2 + 2
	jedi, _ := st.Group(1)
	if st.defence2(jedi) != 3+4+4 {
		t.Fatalf("wounded defence: %d halves", st.defence2(jedi))
	}
	if _, err := Suppress(st, 1, 1, scripted(t, 3)); err != nil {
		t.Fatal(err)
	}
	if st.defence2(jedi) != 6+4+4 || jedi.Figures[0].Wounds != 1 || jedi.Figures[0].ForcePoints != 7 {
		t.Errorf("suppressed: defence %d halves, %+v", st.defence2(jedi), jedi.Figures[0])
	}
	EndTurn(st)
	if st.defence2(jedi) != 3+4+4 {
		t.Error("the suppression outlasted its turn")
	}
	if now, _ := Suppress(st, 1, 1, scripted(t, 6)); !strings.Contains(now, "healed for good") || jedi.Figures[0].Wounds != 0 {
		t.Errorf("a 6: %q", now)
	}
	if _, err := Suppress(st, 1, 2, scripted(t)); err == nil {
		t.Error("a trooper suppressed a wound")
	}
}

// Other melee on the table: Tal's light sabre (melee 5, a 4: 9) against a stormtrooper
// (melee 1, a 2: 3) wins by 6: the armour does not count against a light sabre: Killed.
// A rebel trooper (1 + 1) losing by 2 to a stormtrooper (1 + 3) is Knocked out for D3 (2)
// turns: out of the fight until turn 3.
func TestFightOnTheTable(t *testing.T) {
	st := jediAndStormtroopers(t)
	line, err := Fight(st, Ref{1, 1}, []Ref{{2, 1}}, scripted(t, 4, 2))
	if err != nil || !strings.Contains(line, "s1: killed") {
		t.Fatalf("%q %v", line, err)
	}
	line, err = Fight(st, Ref{1, 2}, []Ref{{2, 2}}, scripted(t, 1, 3, 2))
	if err != nil || !strings.Contains(line, "a: knocked out for 2 turns, back on turn 3") {
		t.Fatalf("%q %v", line, err)
	}
	jedi, _ := st.Group(1)
	if CanShoot(st, *jedi) != 2 {
		t.Errorf("a knocked-out figure shoots: %d able", CanShoot(st, *jedi))
	}
	if _, err := Fight(st, Ref{1, 2}, []Ref{{2, 3}}, scripted(t)); err == nil {
		t.Error("a knocked-out figure fought")
	}
	if _, err := Fight(st, Ref{1, 1}, []Ref{{1, 3}}, scripted(t)); err == nil {
		t.Error("a figure fought its own side")
	}
	EndTurn(st)
	if CanShoot(st, *jedi) != 2 {
		t.Error("recovered a turn early")
	}
	EndTurn(st)
	if jedi, _ := st.Group(1); CanShoot(st, *jedi) != 3 {
		t.Error("not back on turn 3")
	}
}

// "the loser losing the difference (up to a maximum of 4) in Force Points. Max/Min means
// winner kills lower scored figure, or -8FP."
func TestLightsaberDuelOnTheTable(t *testing.T) {
	st := jediAndStormtroopers(t)
	st.Groups = append(st.Groups, GroupState{ID: 3, Name: "Hunter", Side: Enemy, Figures: []FigureState{{Name: "Inq", Profile: Inquisitor, ForcePoints: 8}}})
	if line, _ := DuelExchange(st, Ref{1, 1}, Ref{3, 1}, false, scripted(t, 5, 2)); !strings.Contains(line, "Inq loses 3 Force points (5 left)") {
		t.Errorf("%q", line)
	}
	if line, _ := DuelExchange(st, Ref{1, 1}, Ref{3, 1}, false, scripted(t, 6, 1)); !strings.Contains(line, "max/min: Inq loses 5 Force points (0 left); at 0 it fights on as a normal figure") {
		t.Errorf("%q", line)
	}
	if _, err := DuelExchange(st, Ref{1, 1}, Ref{3, 1}, false, scripted(t)); err == nil {
		t.Error("a duel with a Force user at 0 points")
	}
	st.Groups[2].Figures[0].ForcePoints = 8
	if line, _ := DuelExchange(st, Ref{1, 1}, Ref{3, 1}, true, scripted(t, 1, 6)); !strings.Contains(line, "max/min: Tal is disabled") {
		t.Errorf("%q", line)
	}
	if _, err := DuelExchange(st, Ref{1, 2}, Ref{3, 1}, false, scripted(t)); err == nil {
		t.Error("a rebel trooper in a lightsaber duel")
	}
}

// "only dice for the nearest 3 enemy figures per shooting figure": one probe droid shooting
// at a group of four dices for three of them.
func TestOnlyTheNearestThreeTargetsPerShooter(t *testing.T) {
	st := jediAndStormtroopers(t)
	st.Groups = append(st.Groups, GroupState{ID: 3, Name: "Probe", Side: Enemy, Figures: []FigureState{{Name: "p", Profile: ProbeDroid}}})
	r, err := Shoot(st, Shot{Target: 2, From: []int{3}}, scripted(t, 1, 1, 1))
	if err != nil || len(r.Hits) != 3 {
		t.Errorf("%+v %v", r, err)
	}
	r, err = Shoot(st, Shot{Target: 2, From: []int{3}, Figures: 1}, scripted(t, 1))
	if err != nil || len(r.Hits) != 1 {
		t.Errorf("--figures 1: %+v %v", r, err)
	}
}

// A long game stays readable: the log keeps its last MaxLog lines of at most MaxLogLine
// characters, so the saved file stays under MaxFileSize.
func TestLongGameLogStaysBounded(t *testing.T) {
	st, _ := New(Setup{Counters: []string{"cover"}})
	long := strings.Repeat("x", 5000)
	for i := 0; i < MaxLog+50; i++ {
		st.Logf("%d %s", i, long)
	}
	if len(st.Log) != MaxLog || len([]rune(st.Log[0])) != MaxLogLine || !strings.HasPrefix(st.Log[0], "50 ") {
		t.Fatalf("%d lines, first %.20q", len(st.Log), st.Log[0])
	}
	data, err := st.Marshal(false)
	if err != nil || len(data) > MaxFileSize {
		t.Fatalf("%d bytes, %v", len(data), err)
	}
	if _, err := Read(data); err != nil {
		t.Errorf("the long game does not read back: %v", err)
	}
}
