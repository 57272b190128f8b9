package combat

import (
	"testing"

	"muster/rules"
)

func weapon(t testing.TB, name string) *rules.Weapon {
	t.Helper()
	w, err := rules.Default().Weapon(name)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// shots returns n identical shots.
func repeatShot(s Shot, n int) []Shot {
	out := make([]Shot, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// Chapter One's example: blaster 3, short range in the open, difficulty 6, rolls a 3: hit.
func TestStraightTestExample(t *testing.T) {
	if !Test(scripted(3), 3, 6) {
		t.Error("3 + blaster 3 against 6 should hit")
	}
	if Test(scripted(2), 3, 6) {
		t.Error("2 + blaster 3 against 6 should miss")
	}
}

// Chapter Three, "Blaster Tests", Examples 1 to 3.
func TestBlasterTestExamples(t *testing.T) {
	r := Default()
	var v Volley
	// Example 1: five soldiers, blaster 3, difficulty 8; 1, 2, 3, 3, 5 score 0, 5, 6, 6, 8.
	r.Fire(scripted(1, 2, 3, 3, 5), repeatShot(Shot{Skill: 3, Difficulty: 8, Shots: 1, Damage: 4}, 5), &v)
	if v.Hits[0] != 1 {
		t.Errorf("Example 1: %d hits, want 1", v.Hits[0])
	}
	// Example 2: ten soldiers, blaster 4, difficulty 11 (long range, walking); the sixes roll
	// over into 1, and into 6 and 2: scores 0, 0, 7, 7, 7, 8, 8, 9, 11, 18. Two hits.
	if d, ok := r.Base(Long), true; d+r.fire.walking != 11 || !ok {
		t.Errorf("long range and walking = %d, want 11", d+r.fire.walking)
	}
	r.Fire(scripted(1, 1, 3, 3, 3, 4, 4, 5, 6, 1, 6, 6, 2), repeatShot(Shot{Skill: 4, Difficulty: 11, Shots: 1, Damage: 4}, 10), &v)
	if v.Hits[0] != 2 {
		t.Errorf("Example 2: %d hits, want 2", v.Hits[0])
	}
	// Example 3: blaster 6 at difficulty 6 bombs out: a miss.
	r.Fire(scripted(1), []Shot{{Skill: 6, Difficulty: 6, Shots: 1}}, &v)
	if v.Hits[0] != 0 {
		t.Error("Example 3: a bomb-out hit")
	}
}

// Chapter Three, "Determining Base Difficulty": blaster pistols and a medium repeating
// blaster firing 14": medium range (8) for the pistols, short (6) for the repeater.
func TestBaseDifficultyExample(t *testing.T) {
	r := Default()
	for _, c := range []struct {
		weapon string
		want   int
	}{{"blaster pistol", 8}, {"medium repeating blaster", 6}, {"blaster rifle", 6}} {
		w := weapon(t, c.weapon)
		b, err := BandOf(w.Ranges, w.MinRange, 14)
		if err != nil || r.Base(b) != c.want {
			t.Errorf("%s at 14\": base %d (%v), want %d", c.weapon, r.Base(b), err, c.want)
		}
	}
}

// "All shots up to 5" are at short range; shots between 5" and 15" are at medium range,
// and any shots between 15" and 60" are at long range. No shots may be attempted at greater
// than long range."
func TestBandOfBlasterPistol(t *testing.T) {
	w := weapon(t, "blaster pistol")
	for _, c := range []struct {
		in   float64
		want Band
		ok   bool
	}{{0, Short, true}, {5, Short, true}, {5.01, Medium, true}, {15, Medium, true}, {15.5, Long, true}, {60, Long, true}, {60.1, 0, false}} {
		b, err := BandOf(w.Ranges, w.MinRange, c.in)
		if (err == nil) != c.ok || (c.ok && b != c.want) {
			t.Errorf("%.2f\": %v (%v), want %v ok=%v", c.in, b, err, c.want, c.ok)
		}
	}
	gl := weapon(t, "grenade launcher")
	if _, err := BandOf(gl.Ranges, gl.MinRange, 2.5); err == nil {
		t.Error("a grenade launcher fired inside its 3\" minimum range")
	}
}

// Chapter Three, Diagram 8, Examples 1 to 4, through Aim.
func TestFinalDifficultyExamples(t *testing.T) {
	r := Default()
	aim := func(f Firing, fr Firer, tv TargetView) Shot {
		t.Helper()
		s, err := r.Aim(f, []Firer{fr}, []TargetView{tv}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return s[0]
	}
	// 1: heavy blaster pistols at 10" (medium, 8), most of the target behind a wall (+2): 10.
	if s := aim(Firing{}, Firer{Skill: 3, Weapon: weapon(t, "heavy blaster pistol")}, TargetView{Distance: 10, Cover: MediumCover}); s.Difficulty != 10 {
		t.Errorf("Example 1: difficulty %d, want 10", s.Difficulty)
	}
	// 2: carbines walk to 4" (short, 6) in a medium forest (+2), walked (+1): 9.
	if s := aim(Firing{Walking: true}, Firer{Skill: 3, Weapon: weapon(t, "blaster carbine")}, TargetView{Distance: 4, Cover: MediumCover}); s.Difficulty != 9 {
		t.Errorf("Example 2: difficulty %d, want 9", s.Difficulty)
	}
	// 3: medium range; of the visible soldiers two in medium cover, three in light: light
	// cover (+1), 9.
	cover, prone := TargetCondition([]Cover{MediumCover, MediumCover, LightCover, LightCover, LightCover}, make([]bool, 5))
	if cover != LightCover || prone {
		t.Fatalf("two in medium and three in light cover: %v, prone %v; want light", cover, prone)
	}
	if s := aim(Firing{}, Firer{Skill: 3, Weapon: weapon(t, "blaster rifle")}, TargetView{Distance: 30, Cover: cover}); s.Difficulty != 9 {
		t.Errorf("Example 3: difficulty %d, want 9", s.Difficulty)
	}
	// 4: short range (6), shaken (+1): 7; the wounded soldier one higher, which Muster takes
	// off his skill instead ("he has to roll one higher than the rest of the squad").
	s := aim(Firing{Morale: Shaken}, Firer{Skill: 3, Weapon: weapon(t, "blaster rifle"), Wounded: true}, TargetView{Distance: 10})
	if s.Difficulty != 7 || s.Skill != 2 {
		t.Errorf("Example 4: difficulty %d with skill %d, want 7 with 2", s.Difficulty, s.Skill)
	}
}

// "If all 10 squad members are eligible targets and six are in light cover and four are in
// the open, the squad gains the benefits of light cover. If the squad is split exactly
// fifty-fifty, the squad gains the better benefit."
func TestTargetConditionMajority(t *testing.T) {
	six := []Cover{LightCover, LightCover, LightCover, LightCover, LightCover, LightCover, Open, Open, Open, Open}
	if c, _ := TargetCondition(six, nil); c != LightCover {
		t.Errorf("six in light cover, four in the open: %v", c)
	}
	if c, _ := TargetCondition([]Cover{Open, Open, HeavyCover, HeavyCover}, nil); c != HeavyCover {
		t.Errorf("two and two: %v, want the better (heavy)", c)
	}
	if _, p := TargetCondition([]Cover{Open, Open}, []bool{true, false}); !p {
		t.Error("one of two prone: the better benefit is prone")
	}
	if _, p := TargetCondition([]Cover{Open, Open, Open}, []bool{true, false, false}); p {
		t.Error("one of three prone is not the majority")
	}
}

// Every Fire Combat modifier, each alone, on a blaster rifle at short range (base 6).
func TestFireCombatModifiers(t *testing.T) {
	r := Default()
	rifle := weapon(t, "blaster rifle")
	mrb := weapon(t, "medium repeating blaster")
	cases := []struct {
		name string
		f    Firing
		fr   Firer
		tv   TargetView
		want int
	}{
		{"open", Firing{}, Firer{}, TargetView{}, 6},
		{"light cover", Firing{}, Firer{}, TargetView{Cover: LightCover}, 7},
		{"medium cover", Firing{}, Firer{}, TargetView{Cover: MediumCover}, 8},
		{"heavy cover", Firing{}, Firer{}, TargetView{Cover: HeavyCover}, 9},
		{"prone", Firing{}, Firer{}, TargetView{Prone: true}, 7},
		{"camouflage in medium cover (+4 in all)", Firing{}, Firer{}, TargetView{Cover: MediumCover, Camouflage: true}, 10},
		{"walking", Firing{Walking: true}, Firer{}, TargetView{}, 7},
		{"opportunity", Firing{Opportunity: true}, Firer{}, TargetView{}, 7},
		{"defensive", Firing{Defensive: true}, Firer{}, TargetView{}, 7},
		{"shaken", Firing{Morale: Shaken}, Firer{}, TargetView{}, 7},
		{"demoralized", Firing{Morale: Demoralized}, Firer{}, TargetView{}, 8},
		{"moving mount", Firing{MovingMount: true}, Firer{}, TargetView{}, 7},
		{"separated", Firing{}, Firer{Separated: true}, TargetView{}, 7},
		{"targeting computer", Firing{}, Firer{TargetingComputer: true}, TargetView{}, 5},
		{"hero, three shots", Firing{}, Firer{Shots: 3}, TargetView{}, 10},
		{"hero, specific target", Firing{}, Firer{Specific: true}, TargetView{}, 10},
		{"hero, two shots at a specific soldier", Firing{}, Firer{Shots: 2, Specific: true}, TargetView{}, 12},
		{"smoke template", Firing{}, Firer{Extra: 2}, TargetView{}, 8},
		{"everything", Firing{Walking: true, Morale: Demoralized}, Firer{Separated: true, TargetingComputer: true},
			TargetView{Cover: HeavyCover, Prone: true}, 6 + 3 + 1 + 1 + 2 + 1 - 1},
	}
	for _, c := range cases {
		fr := c.fr
		fr.Weapon, fr.Skill = rifle, 4
		s, err := r.Aim(c.f, []Firer{fr}, []TargetView{c.tv}, nil)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if s[0].Difficulty != c.want {
			t.Errorf("%s: difficulty %d, want %d", c.name, s[0].Difficulty, c.want)
		}
	}
	// Following fire only with the crewman.
	s, _ := r.Aim(Firing{}, []Firer{{Skill: 4, Weapon: mrb, Crewed: true}, {Skill: 4, Weapon: mrb}}, []TargetView{{Distance: 10}}, nil)
	if !s[0].Following || s[1].Following {
		t.Errorf("following fire: crewed %v, alone %v; want true, false", s[0].Following, s[1].Following)
	}
	for name, f := range map[string]Firing{"ran": {Ran: true}, "broken": {Morale: Broken}} {
		if _, err := r.Aim(f, []Firer{{Skill: 4, Weapon: rifle}}, []TargetView{{Distance: 10}}, nil); err == nil {
			t.Errorf("a squad that %s fired", name)
		}
	}
	if _, err := r.Aim(Firing{MovingMount: true}, []Firer{{Skill: 4, Weapon: rifle}}, []TargetView{{Distance: 100}}, nil); err == nil {
		t.Error("a rider on a moving creature fired at long range")
	}
	if _, err := r.Aim(Firing{}, []Firer{{Skill: 4, Weapon: rifle}}, make([]TargetView, 3), nil); err == nil {
		t.Error("a squad fired at three targets")
	}
	if _, err := r.Aim(Firing{}, []Firer{{Skill: 4, Weapon: weapon(t, "grenade")}}, []TargetView{{Distance: 3}}, nil); err == nil {
		t.Error("a grenade was fired in a volley")
	}
}

// Chapter Three, "Following Fire": difficulty 8, blaster 4; a 5 hits; the next test at 10
// hits; the next at 12 misses, ending the following fire.
func TestFollowingFireExample(t *testing.T) {
	r := Default()
	var v Volley
	s := []Shot{{Skill: 4, Difficulty: 8, Damage: 7, Shots: 1, Following: true}}
	r.Fire(scripted(5, 6, 1, 3), s, &v) // 9 hits 8; 6+1+4 = 11 hits 10; 3+4 = 7 misses 12
	if v.Hits[0] != 2 {
		t.Errorf("following fire: %d hits, want 2", v.Hits[0])
	}
	s[0].Following = false
	r.Fire(scripted(5), s, &v)
	if v.Hits[0] != 1 {
		t.Errorf("without its crewman: %d hits, want 1", v.Hits[0])
	}
	// Exactly: P(chain of at least two) = P(hit at 8) * P(hit at 10); with skill 4 the die
	// must show 4 or more (4, 5 or a six: 1/2), then 6 or more (a six: 1/6).
	h := r.ShotHits(Shot{Skill: 4, Difficulty: 8, Shots: 1, Following: true})
	if got, want := h.AtLeast(2), (3.0/6)*(1.0/6); !near(got, want) {
		t.Errorf("P(two or more hits) = %g, want %g", got, want)
	}
}

// Chapter Three's specialists example: 14", four blaster pistols and a wounded one at
// medium range (8), a blaster rifle at short (6), everybody blaster 3. Red dice 1, 4, 4, 5:
// one hit; the wounded man's 5: no good; the rifle's 6: a hit.
func TestSpecialistsAndWoundedExample(t *testing.T) {
	r := Default()
	pistol, rifle := weapon(t, "blaster pistol"), weapon(t, "blaster rifle")
	firers := []Firer{{Skill: 3, Weapon: pistol}, {Skill: 3, Weapon: pistol}, {Skill: 3, Weapon: pistol}, {Skill: 3, Weapon: pistol},
		{Skill: 3, Weapon: pistol, Wounded: true}, {Skill: 3, Weapon: rifle}}
	shots, err := r.Aim(Firing{}, firers, []TargetView{{Distance: 14}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if shots[0].Difficulty != 8 || shots[5].Difficulty != 6 || shots[4].Skill != 2 {
		t.Fatalf("difficulties %d and %d, wounded skill %d; want 8, 6 and 2", shots[0].Difficulty, shots[5].Difficulty, shots[4].Skill)
	}
	var v Volley
	r.Fire(scripted(1, 4, 4, 5, 5, 6, 3), shots, &v)
	if v.Hits[0] != 2 {
		t.Errorf("%d hits, want one with a pistol and one with the rifle", v.Hits[0])
	}
}

// Chapter Three, "Damage Table" examples: heavy blaster pistol (5) against Strength 3.
func TestDamageTableExamples(t *testing.T) {
	r := Default()
	for _, c := range []struct {
		name   string
		ds, sr int
		want   Harm
	}{
		{"1: the Rebel bombs out (0) against 4 + 3 = 7", 1, 4, NoEffect},
		{"2: 3 + 5 = 8 against 5 + 3 = 7", 3, 5, Wound},
		{"3: 4 + 5 = 9 against 2 + 3 = 5", 4, 2, Incapacitated},
	} {
		if got := r.Damage(scripted(c.ds, c.sr), 5, 3); got != c.want {
			t.Errorf("Example %s: %v, want %v", c.name, got, c.want)
		}
	}
	// Ties wound (DS ≥ SR), both bomb-outs included.
	if got := r.Damage(scripted(1, 1), 5, 3); got != Wound {
		t.Errorf("two bomb-outs: %v, want a wound (0 ≥ 0)", got)
	}
}

// Chapter Three, "Multiple Shots Against One Target": two blaster pistols (4) hit a
// Strength 3 soldier; the Rebel rolls 4 and 1 (the book prints 9 and 0; 4 + 4 is 8), the
// Imperial 3 for 6: the first shot wounds, the second has no effect.
func TestMultipleShotsOneStrengthRoll(t *testing.T) {
	r := Default()
	f := &Figure{STR: 3}
	r.Resist(scripted(4, 1, 3), f, []int{4, 4})
	if f.wounds != 1 || f.out {
		t.Errorf("marks: %d wounds, out %v; want one wound", f.wounds, f.out)
	}
	if h := f.EndPhase(nil, r); h != Wound || !f.Wounded {
		t.Errorf("end of phase: %v, wounded %v", h, f.Wounded)
	}
}

// "A soldier who is wounded a second time is incapacitated"; damage waits for the end of
// the phase; a wounded soldier resists at -1.
func TestWoundsAndIncapacitation(t *testing.T) {
	r := Default()
	f := &Figure{STR: 3}
	f.Mark(Wound)
	if f.Wounded || f.Strength() != 3 {
		t.Error("a marked wound took effect before the end of the phase")
	}
	f.Mark(Wound)
	if h := f.EndPhase(nil, r); h != Incapacitated || !f.Out {
		t.Errorf("two wounds in one phase: %v, out %v", h, f.Out)
	}
	g := &Figure{STR: 3, Wounded: true}
	if g.Strength() != 2 {
		t.Errorf("a wounded soldier resists at %d, want 2", g.Strength())
	}
	g.Mark(Wound)
	if h := g.EndPhase(nil, r); h != Incapacitated {
		t.Errorf("a second wound: %v, want incapacitated", h)
	}
	h := &Figure{STR: 3}
	h.Mark(Incapacitated)
	h.Mark(Wound)
	if got := h.EndPhase(nil, r); got != Incapacitated || !Casualty(got) {
		t.Errorf("incapacitated and wounded: %v", got)
	}
}

// rollByEnumeration lists the open-ended die's totals with their chances, face by face from
// Chapter One's words alone (not from RollDist or Score): "Whenever a player rolls a 1 when
// making a roll, he bombs out. His score is 0"; on a 6 "he rolls the die again and adds the
// new roll ... He only stops rolling when he rolls a number other than 6. Ones rolled
// during rollovers do not count as bomb-outs". Runs of more than maxSixes sixes are left
// out: their chance, 6^-(maxSixes+1), is the enumeration's whole error.
func rollByEnumeration(maxSixes int) map[int]float64 {
	out := map[int]float64{}
	var after func(total int, p float64, sixes int) // the dice after a six
	after = func(total int, p float64, sixes int) {
		for f := 1; f <= 6; f++ {
			if f < 6 {
				out[total+f] += p / 6
			} else if sixes < maxSixes {
				after(total+6, p/6, sixes+1)
			}
		}
	}
	out[0] += 1.0 / 6 // a first 1: a bomb-out
	for f := 2; f <= 5; f++ {
		out[f] += 1.0 / 6
	}
	after(6, 1.0/6, 1)
	return out
}

// damageByEnumeration is the Damage Table's three results for one hit, summed over every
// pair of dice: "DS = Weapon's Damage Strength Roll, SR = Target's Strength Roll", a
// bomb-out scoring 0 "and no modifiers are applied to it"; "DS < SR: No Effect; DS ≥ SR:
// Wound; DS ≥ SR + 4: Incapacitated" (Chapter Three, "Damage Table").
func damageByEnumeration(roll map[int]float64, ds, sr int) [3]float64 {
	score := func(r, mod int) int {
		if r == 0 {
			return 0
		}
		return r + mod
	}
	var out [3]float64
	for x, px := range roll {
		for y, py := range roll {
			d, s := score(x, ds), score(y, sr)
			switch {
			case d >= s+4:
				out[Incapacitated] += px * py
			case d >= s:
				out[Wound] += px * py
			default:
				out[NoEffect] += px * py
			}
		}
	}
	return out
}

// TestDamageOddsByHand checks every row of DamageOdds (no effect, wound, incapacitated)
// against numbers the test works out without the package's dice code: one by hand, the rest
// by enumerating the dice in the test itself.
func TestDamageOddsByHand(t *testing.T) {
	r := Default()
	// By hand. Damage Strength 0 against Strength 0, the dice alone: the two scores X and Y
	// are alike, so P(X < Y) = (1 - P(X = Y))/2. They are equal when both show the same of 0
	// (a bomb-out), 2, 3, 4, 5 (5/36), or both roll a six and the same rollover: (1/36)
	// times the sum of the squared rollover odds, which is (5/36)(1 + 1/36 + ...) = 1/7. So
	// P(no effect) = (1 - (5 + 1/7)/36)/2 = 3/7.
	none := 3.0 / 7
	got := r.DamageOdds(0, 0)
	if !near(got[NoEffect], none) {
		t.Errorf("P(no effect, 0 against 0) = %.12f, want %.12f", got[NoEffect], none)
	}
	// The enumeration agrees with the hand count (a check of the enumeration itself).
	roll := rollByEnumeration(14) // leaves out 6^-15 < 3e-12 of each die
	if e := damageByEnumeration(roll, 0, 0); !near(e[NoEffect], none) {
		t.Fatalf("the enumeration gives P(no effect, 0 against 0) = %.12f, the hand count %.12f", e[NoEffect], none)
	}
	// Every row, over Damage Strengths from fists to a thermal detonator and Strengths from
	// a wounded weakling to armoured: the first die's bomb-out (a 0 that ignores the Damage
	// Strength) and the rollover tails move all three rows.
	for _, ds := range []int{0, 2, 3, 4, 5, 8} {
		for _, sr := range []int{0, 1, 2, 3, 4, 6} {
			want := damageByEnumeration(roll, ds, sr)
			got := r.DamageOdds(ds, sr)
			for h := NoEffect; h <= Incapacitated; h++ {
				if !near(got[h], want[h]) {
					t.Errorf("DamageOdds(%d, %d)[%v] = %.12f, the dice enumerated give %.12f", ds, sr, h, got[h], want[h])
				}
			}
		}
	}
}

func TestDamageMatchesItsOdds(t *testing.T) {
	r := Default()
	d := Seeded(2)
	const n = 60000
	for _, c := range [][2]int{{4, 3}, {5, 2}, {8, 4}, {2, 6}} {
		var counts [3]int
		for range n {
			counts[r.Damage(d, c[0], c[1])]++
		}
		p := r.DamageOdds(c[0], c[1])
		checkCounts(t, "damage", p[:], counts[:], n)
	}
	// One Strength roll against three hits (4, 4 and 6), on a soldier already wounded and not.
	for _, wounded := range []bool{false, true} {
		var counts [3]int
		for range n {
			f := &Figure{STR: 3, Wounded: wounded}
			r.Resist(d, f, []int{4, 4, 6})
			counts[f.Pending()]++
		}
		p := r.HitsOdds([]int{4, 4, 6}, 2+boolInt(!wounded), wounded)
		checkCounts(t, "three hits, one Strength roll", p[:], counts[:], n)
	}
}

// A ten-soldier squad (a specialist with a crewed medium repeating blaster among them)
// splits its fire between a squad of eight (two already wounded) and a lone hero who
// dodges; sampled outcomes against the exact odds.
func TestVolleyMatchesItsOdds(t *testing.T) {
	r := Default()
	rifle, mrb := weapon(t, "blaster rifle"), weapon(t, "medium repeating blaster")
	var firers []Firer
	for range 8 {
		firers = append(firers, Firer{Skill: 4, Weapon: rifle, Target: 0})
	}
	firers = append(firers, Firer{Skill: 5, Weapon: mrb, Crewed: true}, Firer{Skill: 4, Weapon: rifle, Target: 1})
	shots, err := r.Aim(Firing{}, firers, []TargetView{{Distance: 20, Cover: LightCover}, {Distance: 12}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	squad := func() []*Figure {
		f := make([]*Figure, 8)
		for i := range f {
			f[i] = &Figure{STR: 3, Wounded: i < 2}
		}
		return f
	}
	hero := func() []*Figure { return []*Figure{{STR: 3, Hero: &Hero{Dodge: 5}}} }
	odds, err := r.VolleyOdds(shots, [2][]*Figure{squad(), hero()})
	if err != nil {
		t.Fatal(err)
	}
	d := Seeded(3)
	const n = 30000
	var v Volley
	wounded := make([]int, 9)
	incap := make([]int, 9)
	hits := make([]int, 40)
	heroHarm := make([]int, 3)
	expHits := 0.0
	for range n {
		targets := [2][]*Figure{squad(), hero()}
		r.Volley(d, shots, targets, &v)
		expHits += float64(v.Hits[0])
		hits[min(v.Hits[0], len(hits)-1)]++
		w, in := 0, 0
		for _, f := range targets[0] {
			switch f.EndPhase(d, r) {
			case Wound:
				w++
			case Incapacitated:
				in++
			}
		}
		wounded[w]++
		incap[in]++
		heroHarm[targets[1][0].EndPhase(d, r)]++
	}
	o := odds[0]
	checkCounts(t, "hits", padTo(o.Hits, len(hits)), hits, n)
	checkCounts(t, "wounded", padTo(o.Wounded, 9), wounded, n)
	checkCounts(t, "incapacitated", padTo(o.Incapacitated, 9), incap, n)
	h := odds[1]
	heroP := []float64{h.Casualties.At(0), h.Wounded.At(1), h.Incapacitated.At(1)}
	checkCounts(t, "dodging hero", heroP, heroHarm, n)
	if got := expHits / n; got < o.ExpectedHits*0.97 || got > o.ExpectedHits*1.03 {
		t.Errorf("mean hits %.3f, exact %.3f", got, o.ExpectedHits)
	}
}

// padTo lays a distribution over 0..n-1, folding what lies beyond into the last value.
func padTo(d Dist, n int) []float64 {
	out := make([]float64, n)
	for i, p := range d.P {
		out[min(max(d.Lo+i, 0), n-1)] += p
	}
	return out
}

// A lone droid and a lone hero who parries, under fire.
func TestDroidAndParryUnderFireMatchOdds(t *testing.T) {
	r := Default()
	shots := repeatShot(Shot{Skill: 4, Difficulty: 7, Damage: 5, Shots: 1}, 6)
	droid := func() []*Figure { return []*Figure{{STR: 4, Droid: &Droid{Weapons: 1, BestSkill: 99}}} }
	odds, err := r.VolleyOdds(shots, [2][]*Figure{droid()})
	if err != nil {
		t.Fatal(err)
	}
	d := Seeded(4)
	const n = 30000
	var v Volley
	rolls := make([]int, 16)
	for range n {
		figs := droid()
		r.Volley(d, shots, [2][]*Figure{figs}, &v)
		rolls[min(figs[0].PendingSystemDamage(), 15)]++
	}
	checkCounts(t, "droid's System Damage rolls", padTo(odds[0].SystemDamage, 16), rolls, n)

	jedi := func() []*Figure { return []*Figure{{STR: 3, Hero: &Hero{Parry: 6, Dodge: 3}}} }
	odds, err = r.VolleyOdds(shots, [2][]*Figure{jedi()})
	if err != nil {
		t.Fatal(err)
	}
	landed := make([]int, 8)
	harm := make([]int, 3)
	for range n {
		figs := jedi()
		r.Volley(d, shots, [2][]*Figure{figs}, &v)
		landed[min(v.Hits[0]-v.Parried[0], 7)]++
		harm[figs[0].EndPhase(d, r)]++
	}
	checkCounts(t, "bolts past the parry", padTo(odds[0].Hits, 8), landed, n)
	o := odds[0]
	checkCounts(t, "parrying hero", []float64{o.Casualties.At(0), o.Wounded.At(1), o.Incapacitated.At(1)}, harm, n)
}

// The exact volley odds against a hand computation: one firer, blaster 4 at difficulty 8,
// blaster pistol (4) against one soldier of Strength 3.
func TestVolleyOddsByHand(t *testing.T) {
	r := Default()
	odds, err := r.VolleyOdds([]Shot{{Skill: 4, Difficulty: 8, Damage: 4, Shots: 1}}, [2][]*Figure{{{STR: 3}}})
	if err != nil {
		t.Fatal(err)
	}
	hit := 1.0 / 2 // needs 4 or more on the die: 4, 5 or a six
	dmg := r.DamageOdds(4, 3)
	o := odds[0]
	if !near(o.ExpectedHits, hit) || !near(o.Wounded.At(1), hit*dmg[Wound]) || !near(o.Incapacitated.At(1), hit*dmg[Incapacitated]) {
		t.Errorf("hits %g wounded %g incapacitated %g; want %g, %g, %g", o.ExpectedHits, o.Wounded.At(1),
			o.Incapacitated.At(1), hit, hit*dmg[Wound], hit*dmg[Incapacitated])
	}
	// Two shots at two soldiers: both land on the same soldier with probability 1/2.
	odds, _ = r.VolleyOdds(repeatShot(Shot{Skill: 20, Difficulty: 2, Damage: 4, Shots: 1}, 2), [2][]*Figure{{{STR: 3}, {STR: 3}}})
	p := 5.0 / 6 // a hit unless a bomb-out
	two := r.HitsOdds([]int{4, 4}, 3, false)
	wantNone := (1-p)*(1-p) + 2*p*(1-p)*dmg[NoEffect] + p*p*(0.5*two[NoEffect]+0.5*dmg[NoEffect]*dmg[NoEffect])
	if got := odds[0].Casualties.At(0); !near(got, wantNone) {
		t.Errorf("P(no casualties) = %.12f, want %.12f", got, wantNone)
	}
}

// The workspace is reused: a ten-soldier volley with damage allocates nothing.
func TestVolleyAllocatesNothing(t *testing.T) {
	r := Default()
	shots, figs := tenSoldierVolley(t)
	d := Seeded(5)
	var v Volley
	r.Volley(d, shots, [2][]*Figure{figs}, &v)
	allocs := testing.AllocsPerRun(1000, func() {
		for _, f := range figs {
			*f = Figure{STR: 3}
		}
		r.Volley(d, shots, [2][]*Figure{figs}, &v)
		for _, f := range figs {
			f.EndPhase(d, r)
		}
	})
	if allocs != 0 {
		t.Errorf("a volley allocates %.1f times", allocs)
	}
}

func tenSoldierVolley(t testing.TB) ([]Shot, []*Figure) {
	r := Default()
	firers := make([]Firer, 10)
	for i := range firers {
		firers[i] = Firer{Skill: 4, Weapon: weapon(t, "blaster rifle")}
	}
	shots, err := r.Aim(Firing{}, firers, []TargetView{{Distance: 12}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	figs := make([]*Figure, 10)
	for i := range figs {
		figs[i] = &Figure{STR: 3}
	}
	return shots, figs
}

// BenchmarkVolley: ten soldiers, blaster 4, blaster rifles at short range in the open (6),
// at ten soldiers of Strength 3: tests, random hit assignment, Strength rolls, end of phase.
func BenchmarkVolley(b *testing.B) {
	r := Default()
	shots, figs := tenSoldierVolley(b)
	d := Seeded(6)
	var v Volley
	targets := [2][]*Figure{figs}
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		for _, f := range figs {
			*f = Figure{STR: 3}
		}
		r.Volley(d, shots, targets, &v)
		for _, f := range figs {
			f.EndPhase(d, r)
		}
	}
}

func BenchmarkStraightTest(b *testing.B) {
	d := Seeded(7)
	n := 0
	defer reportCPU(b)()
	for b.Loop() {
		n += boolInt(Test(d, 4, 8))
	}
	sink = n
}

func BenchmarkVolleyOdds(b *testing.B) {
	r := Default()
	shots, figs := tenSoldierVolley(b)
	defer reportCPU(b)()
	for b.Loop() {
		if _, err := r.VolleyOdds(shots, [2][]*Figure{figs}); err != nil {
			b.Fatal(err)
		}
	}
}
