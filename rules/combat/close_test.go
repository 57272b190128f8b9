package combat

import (
	"testing"

	"muster/rules"
)

func TestPairing(t *testing.T) {
	cases := []struct {
		a, b int
		want [][]int // per group: the others' count
	}{
		{3, 3, [][]int{{1}, {1}, {1}}},
		{5, 2, [][]int{{3}, {2}}},
		{7, 2, [][]int{{3}, {3}}}, // at most three on one: the seventh stands idle
		{1, 4, [][]int{{3}}},
	}
	for _, c := range cases {
		gs := Pair(c.a, c.b, nil)
		if len(gs) != len(c.want) {
			t.Errorf("%d against %d: %d groups, want %d", c.a, c.b, len(gs), len(c.want))
			continue
		}
		used := map[int]bool{}
		for i, g := range gs {
			if g.N != c.want[i][0] {
				t.Errorf("%d against %d: group %d has %d against one, want %d", c.a, c.b, i, g.N, c.want[i][0])
			}
			for k := range g.N {
				if used[g.Others[k]] {
					t.Errorf("%d against %d: soldier %d fights twice", c.a, c.b, g.Others[k])
				}
				used[g.Others[k]] = true
			}
		}
	}
}

func TestCloseAssaultModifiers(t *testing.T) {
	r := Default()
	cat := rules.Default()
	w := func(n string) *rules.Weapon {
		x, err := cat.Weapon(n)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	base := Fighter{Fig: &Figure{STR: 3}, Skill: 3}
	cases := []struct {
		name  string
		f     func(*Fighter)
		extra int
		want  int
	}{
		{"bare fists", func(*Fighter) {}, 0, 3},
		{"charging", func(f *Fighter) { f.Charging = true }, 0, 4},
		{"defending a barrier", func(f *Fighter) { f.Barrier = true }, 0, 4},
		{"two on one", func(*Fighter) {}, 1, 4},
		{"three on one", func(*Fighter) {}, 2, 5},
		{"club", func(f *Fighter) { f.Weapon = w("club") }, 0, 4},
		{"vibroblade", func(f *Fighter) { f.Weapon = w("vibroblade") }, 0, 5},
		{"vibroaxe", func(f *Fighter) { f.Weapon = w("vibroaxe") }, 0, 5},
		{"lightsaber", func(f *Fighter) { f.Weapon = w("lightsaber") }, 0, 7},
		{"side or rear", func(f *Fighter) { f.SideOrRear = true }, 0, 1},
		{"prone", func(f *Fighter) { f.Prone = true }, 0, 1},
		{"separated", func(f *Fighter) { f.Separated = true }, 0, 2},
		{"shaken", func(f *Fighter) { f.Morale = Shaken }, 0, 2},
		{"demoralized", func(f *Fighter) { f.Morale = Demoralized }, 0, 1},
		{"droid", func(f *Fighter) { f.Droid = true }, 0, 4},
		{"wounded", func(f *Fighter) { f.Fig = &Figure{STR: 3, Wounded: true} }, 0, 2},
	}
	for _, c := range cases {
		f := base
		c.f(&f)
		if got := r.Modifier(&f, c.extra); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// Chapter Four's example: a single Rebel fights off two stormtroopers, all brawling 3, the
// Imperials +1 for outnumbering him. He attacks the one on the left; he rolls 3 (6), the
// left Imperial 2 (2 + 3 + 1 = 6): a tie, no damage; the other bombs out (0): the Rebel's 6
// beats him, but as the Rebel was fighting the other, he takes no damage.
func TestCloseAssaultExample(t *testing.T) {
	r := Default()
	rebel := Fighter{Fig: &Figure{STR: 3}, Skill: 3, Damage: 3}
	left := Fighter{Fig: &Figure{STR: 4}, Skill: 3, Damage: 3}
	right := Fighter{Fig: &Figure{STR: 4}, Skill: 3, Damage: 3}
	sides := [2][]Fighter{{rebel}, {left, right}}
	g := Group{LoneSide: 0, Lone: 0, N: 2, Others: [MaxOnOne]int{0, 1}, Attack: 0}
	if m := r.Modifier(&sides[1][0], g.N-1); m != 4 {
		t.Fatalf("stormtrooper's modifier %d, want 4", m)
	}
	var res CloseResult
	r.Close(scripted(3, 2, 1), sides, []Group{g}, &res)
	if res.Wins != [2]int{0, 0} {
		t.Errorf("wins %v: the tie and the unattacked loser do nothing", res.Wins)
	}
	for i, f := range []*Figure{sides[0][0].Fig, sides[1][0].Fig, sides[1][1].Fig} {
		if f.Pending() != NoEffect {
			t.Errorf("figure %d took damage", i)
		}
	}
}

// Chapter Four, "Damage": the Rebel (Strength 2, vibroaxe 2: Damage Strength 4) beat the
// pirate (Strength 3); he rolls 3 (7), the pirate 5 (8): no effect.
func TestCloseAssaultDamageExample(t *testing.T) {
	r := Default()
	axe, _ := rules.Default().Weapon("vibroaxe")
	rebel := Fighter{Fig: &Figure{STR: 2}, Skill: 3, Weapon: axe, Damage: 2 + axe.Damage}
	pirate := Fighter{Fig: &Figure{STR: 3}, Skill: 2, Damage: 3}
	if rebel.Damage != 4 {
		t.Fatalf("Damage Strength %d, want 4", rebel.Damage)
	}
	var res CloseResult
	// Skill rolls: Rebel 5 (3 + 2 + 5 = 10) beats the pirate's 2 (4); then 3 against 5.
	r.Close(scripted(5, 2, 3, 5), [2][]Fighter{{rebel}, {pirate}}, []Group{{Lone: 0, N: 1}}, &res)
	if res.Wins[0] != 1 {
		t.Fatalf("wins %v, want the Rebel's", res.Wins)
	}
	if pirate.Fig.Pending() != NoEffect {
		t.Errorf("7 against 8 did %v", pirate.Fig.Pending())
	}
}

// Chapter Fourteen's example: a security droid, Strength 3, rolls a 4 for 8 (4 + 3 + 1).
func TestDroidCloseAssaultExample(t *testing.T) {
	r := Default()
	droid := Fighter{Fig: &Figure{STR: 3, Droid: &Droid{}}, Skill: 3, Droid: true}
	if got := Score(scripted(4).Roll(), r.Modifier(&droid, 0)); got != 8 {
		t.Errorf("droid's combat roll %d, want 8", got)
	}
}

func TestForceBack(t *testing.T) {
	cases := []struct {
		cas, n [2]int
		want   int
	}{
		{[2]int{2, 1}, [2]int{5, 5}, 0},
		{[2]int{1, 1}, [2]int{5, 5}, -1},
		{[2]int{0, 3}, [2]int{5, 5}, 1},
		// "A squad which is outnumbered (has less than half as many soldiers as the opposing
		// squad) cannot force back the opposing squad."
		{[2]int{2, 0}, [2]int{10, 4}, -1},
		{[2]int{2, 0}, [2]int{10, 5}, 0},
	}
	for _, c := range cases {
		if got := ForceBack(c.cas, c.n); got != c.want {
			t.Errorf("casualties %v, soldiers %v: %d, want %d", c.cas, c.n, got, c.want)
		}
	}
}

// Sampled close assault rounds against GroupOdds: one on one with a vibroblade, two on one,
// three on one against a lightsaber (whose bomb-outs wound its user), a hero's parry.
func TestCloseAssaultMatchesItsOdds(t *testing.T) {
	r := Default()
	cat := rules.Default()
	blade, _ := cat.Weapon("vibroblade")
	saber, _ := cat.Weapon("lightsaber")
	club, _ := cat.Weapon("club")
	mk := func(skill, str, ds int, w *rules.Weapon, wounded bool) Fighter {
		return Fighter{Fig: &Figure{STR: str, Wounded: wounded}, Skill: skill, Damage: ds, Weapon: w}
	}
	cases := []struct {
		name   string
		lone   Fighter
		others []Fighter
		attack int
	}{
		{"one on one", mk(4, 3, 5, blade, false), []Fighter{mk(3, 3, 3, nil, false)}, 0},
		{"two on one", mk(4, 3, 3, nil, true), []Fighter{mk(3, 4, 4, club, false), mk(2, 2, 2, nil, false)}, 1},
		{"three on a lightsaber", Fighter{Fig: &Figure{STR: 3}, Skill: 5, Damage: 5, Weapon: saber, MeleeParry: 2},
			[]Fighter{mk(3, 3, 5, blade, false), mk(3, 3, 3, nil, false), mk(3, 3, 3, nil, false)}, 2},
		{"a clumsy lightsaber against a club", mk(3, 3, 4, club, false),
			[]Fighter{{Fig: &Figure{STR: 3}, Skill: 2, Damage: 3, Weapon: saber, BrawlingParry: 1}}, 0},
	}
	d := Seeded(8)
	const n = 40000
	for _, c := range cases {
		odds := r.GroupOdds(c.lone, c.others, c.attack)
		lone := make([]int, 3)
		others := make([][]int, len(c.others))
		for k := range others {
			others[k] = make([]int, 3)
		}
		g := Group{LoneSide: 0, N: len(c.others), Attack: c.attack}
		for k := range c.others {
			g.Others[k] = k
		}
		var res CloseResult
		for range n {
			l := c.lone
			lf := *l.Fig
			l.Fig = &lf
			os := make([]Fighter, len(c.others))
			for k, o := range c.others {
				of := *o.Fig
				o.Fig = &of
				os[k] = o
			}
			r.Close(d, [2][]Fighter{{l}, os}, []Group{g}, &res)
			lone[l.Fig.EndPhase(d, r)]++
			for k := range os {
				others[k][os[k].Fig.EndPhase(d, r)]++
			}
		}
		checkCounts(t, c.name+": lone soldier", odds.Lone[:], lone, n)
		for k := range others {
			checkCounts(t, c.name+": opponent", odds.Others[k][:], others[k], n)
		}
	}
}

// BenchmarkCloseAssaultRound: five against four (one group of two on one), vibroblades and
// clubs, with damage and the end of the phase.
func BenchmarkCloseAssaultRound(b *testing.B) {
	r := Default()
	cat := rules.Default()
	blade, _ := cat.Weapon("vibroblade")
	club, _ := cat.Weapon("club")
	var sides [2][]Fighter
	for range 5 {
		sides[0] = append(sides[0], Fighter{Fig: &Figure{STR: 3}, Skill: 4, Weapon: blade, Damage: 5})
	}
	for range 4 {
		sides[1] = append(sides[1], Fighter{Fig: &Figure{STR: 3}, Skill: 3, Weapon: club, Damage: 4})
	}
	groups := Pair(5, 4, nil)
	for i := range groups {
		r.ChooseAttack(&groups[i], sides[0])
	}
	d := Seeded(9)
	var res CloseResult
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		for s := range sides {
			for i := range sides[s] {
				*sides[s][i].Fig = Figure{STR: 3}
			}
		}
		r.Close(d, sides, groups, &res)
		var cas [2]int
		for s := range sides {
			for i := range sides[s] {
				if Casualty(sides[s][i].Fig.EndPhase(d, r)) {
					cas[s]++
				}
			}
		}
		ForceBack(cas, [2]int{5, 4})
	}
}

// Chapter Four, "Damage": "The winner's Damage Strength is the soldier's Strength, plus his
// melee weapon's Damage Strength; brawling soldiers just use their Strength attribute."
func TestMeleeDamage(t *testing.T) {
	cat := rules.Default()
	axe, _ := cat.Weapon("vibroaxe")
	saber, _ := cat.Weapon("lightsaber")
	if got := MeleeDamage(2, axe, 0, false); got != 4 {
		t.Errorf("Strength 2 with a vibroaxe: %d, want 4", got)
	}
	if got := MeleeDamage(3, nil, 0, false); got != 3 {
		t.Errorf("bare hands: %d, want the Strength 3", got)
	}
	if MeleeDamage(3, saber, 4, false) != 5 || MeleeDamage(3, saber, 4, true) != 9 {
		t.Error("lightsaber: 5, or control + 5 with lightsaber combat")
	}
}

// Chapter Five, "Broken" (line 1194 of the rulebook): a broken squad's skills are reduced to
// 0 while it flees; the Close Assault Combat Modifiers have lines for shaken (-1) and
// demoralized (-2) but none for broken, so a broken fighter rolls at 0 with no -2 on top.
func TestBrokenFighterSkillZeroNoExtraPenalty(t *testing.T) {
	r := Default()
	broken := Fighter{Skill: 0, Morale: Broken}
	if m := r.Modifier(&broken, 0); m != 0 {
		t.Errorf("broken fighter: modifier %d, want 0", m)
	}
	demor := Fighter{Skill: 4, Morale: Demoralized}
	if m := r.Modifier(&demor, 0); m != 2 {
		t.Errorf("demoralized fighter with skill 4: modifier %d, want 2", m)
	}
}
