package cli

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"muster/cmd/muster/internal/testkit"
	"muster/rules/combat"
)

func TestOddsTestJSON(t *testing.T) {
	code, out, errOut := runMuster(t, "odds", "test", "--skill", "3", "--difficulty", "6", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got map[string]float64
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	// Skill 3 against 6: the die must show 3, 4, 5 or a six.
	if len(got) != 1 || math.Abs(got["success"]-4.0/6) > 1e-9 {
		t.Errorf("got %v, want {success: 2/3}", got)
	}
	code, out, _ = runMuster(t, "odds", "test", "--skill", "3", "--difficulty", "6")
	if code != 0 || !strings.Contains(out, "66.67%") {
		t.Errorf("text output: %q", out)
	}
}

func TestOddsDamageJSON(t *testing.T) {
	code, out, errOut := runMuster(t, "odds", "damage", "--damage", "4", "--strength", "3", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got map[string]float64
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	want := combat.Default().DamageOdds(4, 3)
	if len(got) != 3 || got["none"] != want[0] || got["wound"] != want[1] || got["incapacitated"] != want[2] {
		t.Errorf("got %v, want %v", got, want)
	}
	if s := got["none"] + got["wound"] + got["incapacitated"]; math.Abs(s-1) > 1e-9 {
		t.Errorf("probabilities sum to %g", s)
	}
}

func TestOddsUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"odds"},
		{"odds", "sneeze"},
		{"odds", "test", "--skill", "3"},
		{"odds", "damage", "--damage", "x"},
		{"odds", "test", "--skill", "3", "--difficulty", "6", "extra"},
		{"odds", "volley", "--army", "a.yaml"},
	} {
		if code, _, errOut := runMuster(t, args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 with a message", args, code, errOut)
		}
	}
}

// A skill, difficulty, Damage Strength or Strength beyond what the book's charts produce is
// refused naming the flag and its range (it used to be computed: a skill of 30000 "succeeded"
// 83.33%, a Damage Strength of 9999999999 ran the machine out of memory). Penalties are
// negative: a demoralized, prone soldier attacked from the side rolls with a skill below 0.
func TestOddsTestAndDamageTakeWhatTheChartsProduce(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"test", "--skill", "30000", "--difficulty", "6"}, "--skill 30000: write -10 to 30 (the skill code with the roll's modifiers; penalties are negative)"},
		{[]string{"test", "--skill", "-11", "--difficulty", "6"}, "--skill -11: write -10 to 30"},
		{[]string{"test", "--skill", "3", "--difficulty", "61"}, "--difficulty 61: write 0 to 60"},
		{[]string{"test", "--skill", "3", "--difficulty", "-1"}, "--difficulty -1: write 0 to 60"},
		{[]string{"damage", "--damage", "9999999999", "--strength", "2"}, "--damage 9999999999: write 0 to 30 (the weapon's Damage Strength)"},
		{[]string{"damage", "--damage", "-3", "--strength", "2"}, "--damage -3: write 0 to 30"},
		{[]string{"damage", "--damage", "4", "--strength", "99999"}, "--strength 99999: write 0 to 30 (the target's Strength, armor included)"},
	} {
		code, out, errOut := runMuster(t, append([]string{"odds"}, tc.args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", tc.args, code, out, errOut, tc.want)
		}
	}
	// Skill -2 against difficulty 3 (a shaken, prone trooper of skill 1): a roll of 5 scores
	// 3; a six rolls over and always scores 4 or more. 1/6 + 1/6 = 1/3.
	code, out, errOut := runMuster(t, "odds", "test", "--skill", "-2", "--difficulty", "3", "--json")
	var got map[string]float64
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || math.Abs(got["success"]-1.0/3) > 1e-9 {
		t.Errorf("skill -2 against 3: exit %d, %s %s; want success 1/3", code, out, errOut)
	}
}

const oddsRebels = `format: 1
system: swmb
name: Rebels
side: rebel
units:
  - kind: squad
    name: Red
    troop: Standard Rebel Trooper
    size: 6
    skills: {blaster: 4, "blaster: repeating blaster": 5}
    weapons: [blaster rifle, vibroblade, grenade]
    specialists:
      - skills: {blaster artillery: 4}
        weapons: [repeating blaster (tripod)]
  - kind: hero
    name: Kell
    move: 10
    attributes: {DEX: 3, KNO: 2, MEC: 2, PER: 3, STR: 3, TEC: 2}
    skills: {blaster: 5, dodge: 5}
    weapons: [blaster pistol]
`

const oddsImperials = `format: 1
system: swmb
name: Imperials
side: imperial
units:
  - kind: squad
    name: White
    troop: Stormtrooper
    size: 5
    skills: {blaster: 3}
    weapons: [blaster rifle]
  - kind: droid
    name: Probe
    droid: Probe Droid
    weapons: [blaster pistol]
`

type volleyJSON struct {
	Firer, Target, Cover string
	Figures              int
	ExpectedHits         float64 `json:"expected_hits"`
	Shots                []struct {
		Who, Weapon        string
		Count, Skill       int
		Difficulty, Damage int
		Following          bool `json:"following_fire"`
		Band               string
	}
	Hits, Wounded, Incapacitated, Casualties []float64
	SystemDamage                             []float64 `json:"system_damage"`
	Expected                                 struct{ Casualties float64 }
	Notes                                    []string
}

func runVolley(t *testing.T, args ...string) volleyJSON {
	t.Helper()
	a, b := testkit.WriteFile(t, oddsRebels), testkit.WriteFile(t, oddsImperials)
	full := append([]string{"odds", "volley", "--army", a, "--target-army", b, "--json"}, args...)
	code, out, errOut := runMuster(t, full...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var v volleyJSON
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	return v
}

func sum(p []float64) float64 {
	s := 0.0
	for _, v := range p {
		s += v
	}
	return s
}

// Six Rebels at 20" against five stormtroopers (Strength 2 + 1 armor) in light cover: the
// specialist's tripod repeater keeps following fire with a crewman, who does not fire.
func TestOddsVolleyJSON(t *testing.T) {
	v := runVolley(t, "--squad", "0", "--target", "0", "--range", "20", "--cover", "light")
	if v.Figures != 5 || v.Cover != "light" || !strings.Contains(v.Target, "White") {
		t.Errorf("report: %+v", v)
	}
	firing, following := 0, false
	for _, s := range v.Shots {
		firing += s.Count
		if s.Weapon == "Repeating Blaster (Tripod)" {
			// 20" is medium for the rifle (15/50/150) and the repeater (15/60/150): 8 + 1.
			if !s.Following || s.Skill != 5 || s.Difficulty != 9 {
				t.Errorf("repeater shot %+v: want following fire, the specialization's 5, difficulty 9", s)
			}
			following = true
		} else if s.Skill != 4 || s.Difficulty != 9 || s.Damage != 5 {
			t.Errorf("rifle shot %+v", s)
		}
	}
	if !following || firing != 5 {
		t.Errorf("%d firing (want 5: one crews the repeater), following fire %v", firing, following)
	}
	for name, p := range map[string][]float64{"hits": v.Hits, "wounded": v.Wounded, "incapacitated": v.Incapacitated, "casualties": v.Casualties} {
		if math.Abs(sum(p)-1) > 1e-9 {
			t.Errorf("%s sums to %g", name, sum(p))
		}
	}
	if v.ExpectedHits <= 0 || v.Expected.Casualties <= 0 || len(v.Casualties) > 6 {
		t.Errorf("expected hits %g, casualties %g over %d values", v.ExpectedHits, v.Expected.Casualties, len(v.Casualties))
	}
	// Cover and prone only lower the odds.
	w := runVolley(t, "--squad", "0", "--target", "0", "--range", "20", "--cover", "heavy", "--prone")
	if w.Expected.Casualties >= v.Expected.Casualties {
		t.Errorf("heavy cover and prone: %g casualties, not fewer than %g", w.Expected.Casualties, v.Expected.Casualties)
	}
}

func TestOddsVolleyAtHeroAndDroid(t *testing.T) {
	v := runVolley(t, "--squad", "0", "--target", "1", "--range", "10")
	if v.SystemDamage == nil || v.Casualties != nil || math.Abs(sum(v.SystemDamage)-1) > 1e-9 {
		t.Errorf("at the droid: System Damage rolls expected, got %+v", v)
	}
	// The Imperial squad at the Rebel hero, who dodges.
	a, b := testkit.WriteFile(t, oddsImperials), testkit.WriteFile(t, oddsRebels)
	code, out, errOut := runMuster(t, "odds", "volley", "--army", a, "--squad", "0", "--target-army", b, "--target", "1", "--range", "12", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var h volleyJSON
	if err := json.Unmarshal([]byte(out), &h); err != nil {
		t.Fatal(err)
	}
	if h.Figures != 1 || len(h.Casualties) != 2 || !strings.Contains(strings.Join(h.Notes, " "), "dodge") {
		t.Errorf("at the hero: %+v", h)
	}
	// His dodges leave fewer hits landing than tests passed.
	landed := 0.0
	for i, p := range h.Hits {
		landed += float64(i) * p
	}
	if landed >= h.ExpectedHits {
		t.Errorf("hits landing %g, not fewer than the %g that hit before dodges", landed, h.ExpectedHits)
	}
	code, out, _ = runMuster(t, "odds", "volley", "--army", a, "--squad", "1", "--target-army", b, "--target", "0", "--range", "12")
	if code != 0 || !strings.Contains(out, "Expected") {
		t.Errorf("a droid firing: exit %d\n%s", code, out)
	}
}

func TestOddsVolleyErrors(t *testing.T) {
	a, b := testkit.WriteFile(t, oddsRebels), testkit.WriteFile(t, oddsImperials)
	for _, extra := range [][]string{
		{"--squad", "5", "--target", "0", "--range", "10"},
		{"--squad", "0", "--target", "9", "--range", "10"},
		{"--squad", "0", "--target", "0", "--range", "500"},
		{"--squad", "0", "--target", "0", "--range", "10", "--cover", "thick"},
		{"--squad", "0", "--target", "0", "--range", "0"},
	} {
		args := append([]string{"odds", "volley", "--army", a, "--target-army", b}, extra...)
		if code, _, errOut := runMuster(t, args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, %q", extra, code, errOut)
		}
	}
}
