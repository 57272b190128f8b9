package cli

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"muster/cmd/muster/internal/volley"
	"muster/cmd/muster/internal/web"
	"muster/roster"
	"muster/rules"
	"muster/rules/combat"
	"muster/rules/qrs"
	"muster/rules/qrs/solo"
)

// Every odds distribution Muster prints is one roll's (or one volley's) outcomes, each once:
// they add up to 1. A result written twice (two rows of a table that read the same), an
// outcome left out or a tail cut short shows as a sum off 1. The sweep runs each producer
// over its inputs, through the command that prints it (the JSON carries the full numbers; the
// text prints the same ones rounded) and through the functions the odds page renders:
//
//   - muster odds damage, and the odds page's Damage Table section (combat.DamageOdds)
//   - muster odds volley, and the odds page's volley (volleyOdds, VolleyView)
//   - muster odds d20 --hp, and the odds page's d20 section (D20OddsSection)
//   - muster odds qrs, and the odds page's quick reference section (QRSOddsSection)
//   - muster qrs generate, movement, melee, duel, grenade, explosive and walker
//
// A straight test's success (muster odds test, the page's test section) and a d20 attack's
// hit and critical are single chances, not distributions.
func TestEveryOddsDistributionSumsToOne(t *testing.T) {
	const tol = 1e-9
	near := func(t *testing.T, what string, s float64) {
		t.Helper()
		if math.Abs(s-1) > tol {
			t.Errorf("%s: the distribution adds up to %.12g, not 1", what, s)
		}
	}
	// qrsExact checks a muster qrs … --json distribution: each outcome's exact fraction (they
	// must add up to 1 exactly) and its float.
	qrsExact := func(t *testing.T, args ...string) {
		t.Helper()
		code, out, errOut := runMuster(t, append(args, "--json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		var got map[string]struct {
			P     float64 `json:"p"`
			Exact string  `json:"exact"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		if args[1] == "grenade" {
			delete(got, "hit") // the hit, given beside the three outcomes it splits into
		}
		exact, p := new(big.Rat), 0.0
		for k, v := range got {
			r, ok := new(big.Rat).SetString(v.Exact)
			if !ok {
				t.Fatalf("%v: %q has exact %q", args, k, v.Exact)
			}
			exact.Add(exact, r)
			p += v.P
		}
		if exact.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%v: the outcomes add up to %s, not 1:\n%s", args, exact.RatString(), out)
		}
		near(t, fmt.Sprint(args), p)
	}
	on := func(b bool, flag string) []string {
		if b {
			return []string{flag}
		}
		return nil
	}

	t.Run("odds damage", func(t *testing.T) {
		for ds := 0; ds <= 30; ds++ {
			for sr := 0; sr <= 30; sr++ {
				code, out, errOut := runMuster(t, "odds", "damage", "--damage", strconv.Itoa(ds), "--strength", strconv.Itoa(sr), "--json")
				if code != 0 {
					t.Fatalf("exit %d: %s", code, errOut)
				}
				var got map[string]float64
				if err := json.Unmarshal([]byte(out), &got); err != nil {
					t.Fatal(err)
				}
				near(t, fmt.Sprintf("muster odds damage %d against %d", ds, sr), got["none"]+got["wound"]+got["incapacitated"])
				// The odds page shows the same three numbers (handlers_odds.go).
				p := combat.Default().DamageOdds(ds, sr)
				near(t, fmt.Sprintf("odds page damage %d against %d", ds, sr), p[combat.NoEffect]+p[combat.Wound]+p[combat.Incapacitated])
			}
		}
	})

	t.Run("odds volley", func(t *testing.T) {
		// Every unit of each of the book's printed forces fires at every unit of the next
		// force: at 3" and 40" standing still at a target in the open, at 12" walking at a
		// prone one in heavy cover.
		files, err := filepath.Glob("../../../../rules/data/forces/*.yaml")
		if err != nil || len(files) == 0 {
			t.Fatalf("the book's forces: %v", err)
		}
		var armies []*roster.Army
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			a, err := roster.Read(data)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			armies = append(armies, a)
		}
		cat := rules.Default()
		played := 0
		for i, firing := range armies {
			target := armies[(i+1)%len(armies)]
			for fi := range firing.Units {
				for ti := range target.Units {
					for _, set := range []volley.Setup{{Range: 3, Cover: combat.Open}, {Range: 12, Cover: combat.HeavyCover, Prone: true, Walking: true},
						{Range: 40, Cover: combat.Open}} {
						rep, err := volley.Odds(cat, firing, fi, target, ti, set)
						if err != nil {
							continue // no weapon reaches, or a unit that does not fire
						}
						played++
						what := fmt.Sprintf("%s at %s, %+v", rep.Firer, rep.Target, set)
						for name, p := range map[string][]float64{"hits": rep.Hits, "wounded": rep.Wounded,
							"incapacitated": rep.Incapacitated, "casualties": rep.Casualties, "system damage": rep.SystemDamage} {
							if p != nil {
								near(t, what+": "+name, sum(p))
							}
						}
						for _, d := range web.VolleyView(rep).Dists {
							near(t, what+": the odds page's "+d.Name, sum(d.P))
						}
					}
				}
			}
		}
		if played < 100 {
			t.Errorf("only %d volleys could be played: the sweep tests little", played)
		}
	})

	t.Run("odds d20", func(t *testing.T) {
		// The attacks to defeat a target depend on the hit and critical chances (the natural
		// roll needed, 2 to 20 and beyond; a Droid; a reroll) and the hits needed: from one
		// to the most a target can need.
		type hd struct{ hp, dmg int }
		for _, need := range []int{-5, 2, 5, 11, 15, 19, 20, 25} {
			atk, def := max(-need, 0), max(need, 0)
			for _, flags := range [][]string{nil, {"--droid"}, {"--reroll"}, {"--droid", "--reroll"}, {"--cover", "--combined", "2"}} {
				for _, h := range []hd{{1, 10}, {10, 10}, {25, 10}, {50, 10}, {75, 10}, {160, 20}, {300, 5}, {1000, 1}} {
					if h.hp == 1000 && need != 2 && need != 25 {
						continue // the most hits a target may need: its quickest and slowest
					}
					args := append([]string{"odds", "d20", "--attack", strconv.Itoa(atk), "--defense", strconv.Itoa(def),
						"--damage", strconv.Itoa(h.dmg), "--hp", strconv.Itoa(h.hp), "--json"}, flags...)
					code, out, errOut := runMuster(t, args...)
					if code != 0 {
						t.Fatalf("%v: exit %d: %s", args, code, errOut)
					}
					var got struct {
						AttacksToDefeat []float64 `json:"attacks_to_defeat"`
					}
					if err := json.Unmarshal([]byte(out), &got); err != nil {
						t.Fatal(err)
					}
					near(t, fmt.Sprint(args), sum(got.AttacksToDefeat))
					q := url.Values{"d20atk": {strconv.Itoa(atk)}, "d20def": {strconv.Itoa(def)}, "d20dmg": {strconv.Itoa(h.dmg)}, "d20hp": {strconv.Itoa(h.hp)}}
					for i := 0; i < len(flags); i++ {
						switch flags[i] {
						case "--droid":
							q.Set("d20droid", "on")
						case "--reroll":
							q.Set("d20reroll", "on")
						case "--cover":
							q.Set("d20cover", "on")
						case "--combined":
							i++
							q.Set("d20combined", flags[i])
						}
					}
					v := web.D20OddsSection(q)
					if v.Error != "" {
						t.Fatalf("odds page %v: %s", q, v.Error)
					}
					near(t, fmt.Sprintf("odds page %v", q), sum(v.ToDefeat))
					rows := 0.0
					for _, r := range v.Rows() {
						rows += r.P
					}
					near(t, fmt.Sprintf("odds page table %v", q), rows)
				}
			}
		}
	})

	t.Run("odds d20 beyond its reach", func(t *testing.T) {
		// A target needing more hits than the odds are worked out for is refused, where its
		// list stopped at 100,000 attacks with most of the chance still to come (5,000 hits
		// on a natural 20 alone: about 100,000 attacks, half the chance left out).
		code, _, errOut := runMuster(t, "odds", "d20", "--attack", "0", "--defense", "25", "--droid", "--damage", "1", "--hp", "5000", "--json")
		if code != 2 || !strings.Contains(errOut, "more than 1000 hits") {
			t.Errorf("5000 hits to defeat: exit %d, %q; want 2 and why", code, errOut)
		}
		v := web.D20OddsSection(url.Values{"d20atk": {"0"}, "d20def": {"25"}, "d20droid": {"on"}, "d20dmg": {"1"}, "d20hp": {"5000"}})
		if !strings.Contains(v.Error, "more than 1000 hits") || len(v.ToDefeat) > 0 {
			t.Errorf("the odds page on 5000 hits to defeat: %q and %d attacks", v.Error, len(v.ToDefeat))
		}
	})

	t.Run("odds qrs", func(t *testing.T) {
		totals := []int{0, 1, 2, 3, 5, 8, 13, 40, 100, qrs.MaxTotal}
		for _, own := range totals {
			for _, enemy := range totals[1:] {
				for _, extra := range []int{0, 1, 3, qrs.MaxExtraShooters} {
					for _, cover := range []bool{false, true} {
						for _, armour := range []bool{false, true} {
							args := append(append([]string{"odds", "qrs", "--own-total", strconv.Itoa(own), "--enemy-total", strconv.Itoa(enemy),
								"--extra-shooters", strconv.Itoa(extra), "--json"}, on(cover, "--cover")...), on(armour, "--armour")...)
							code, out, errOut := runMuster(t, args...)
							if code != 0 {
								t.Fatalf("%v: exit %d: %s", args, code, errOut)
							}
							var got map[string]any
							if err := json.Unmarshal([]byte(out), &got); err != nil {
								t.Fatal(err)
							}
							p, eighths := 0.0, 0
							for _, name := range qrs.ResultNames {
								p += got[name].(float64)
								var n int
								fmt.Sscanf(got["exact"].(map[string]any)[name].(string), "%d/8", &n)
								eighths += n
							}
							near(t, fmt.Sprint(args), p)
							if eighths != 8 {
								t.Errorf("%v: %d eighths of the d8", args, eighths)
							}
							q := url.Values{"qrs-own": {strconv.Itoa(own)}, "qrs-enemy": {strconv.Itoa(enemy)}, "qrs-extra": {strconv.Itoa(extra)}}
							if cover {
								q.Set("qrs-cover", "on")
							}
							if armour {
								q.Set("qrs-armour", "on")
							}
							o := web.QRSOddsSection(q)
							if o.Error != "" {
								t.Fatalf("odds page %v: %s", q, o.Error)
							}
							if n := o.Eighths; n[0]+n[1]+n[2]+n[3] != 8 {
								t.Errorf("odds page %v: %v eighths of the d8", q, n)
							}
						}
					}
				}
			}
		}
	})

	t.Run("qrs generate", func(t *testing.T) {
		kinds := []string{solo.Corner, solo.Cover, solo.Open}
		var sights [][]string
		for _, a := range kinds {
			sights = append(sights, []string{a})
			for _, b := range kinds {
				sights = append(sights, []string{a, b}, []string{a, b, solo.Open})
			}
		}
		for _, counters := range sights {
			for _, mods := range [][]string{nil, {"--officer"}, {"--no-contact"}, {"--officer", "--no-contact"}} {
				for _, prefer := range append([]string{""}, solo.PreferKeys()...) {
					for _, pool := range []string{"", "stormtrooper=3", "stormtrooper=12,imperial officer=1,death trooper=2"} {
						args := append([]string{"qrs", "generate", "--counters", strings.Join(counters, ",")}, mods...)
						if prefer != "" {
							args = append(args, "--prefer", prefer)
						}
						if pool != "" {
							args = append(args, "--pool", pool)
						}
						qrsExact(t, args...)
					}
				}
			}
		}
	})

	t.Run("qrs movement", func(t *testing.T) {
		flags := []string{"--greater-fire", "--friends-retreating", "--alone", "--vehicle-near", "--advancing", "--in-cover", "--light-fire", "--no-enemy"}
		for set := range 1 << len(flags) {
			for _, quarters := range []int{0, 2, 4} {
				for _, leaders := range []int{0, 1, 10} {
					args := []string{"qrs", "movement", "--quarters-killed", strconv.Itoa(quarters), "--leaders", strconv.Itoa(leaders)}
					for i, f := range flags {
						if set&(1<<i) != 0 {
							args = append(args, f)
						}
					}
					qrsExact(t, args...)
				}
			}
		}
	})

	t.Run("qrs melee", func(t *testing.T) {
		for _, melee := range []int{0, 1, 2, 5, 20} {
			for _, against := range []string{"0", "2", "20", "1,3", "2,2,2", "1,1,1,1,1,1"} {
				for _, mods := range [][]string{nil, {"--wounded"}, {"--armour", "--against-saber"}, {"--saber", "--against-armour"}} {
					if strings.Count(against, ",") == 5 && (len(mods) > 0 || melee != 2) {
						continue // seven dice: one run is enough
					}
					qrsExact(t, append([]string{"qrs", "melee", "--melee", strconv.Itoa(melee), "--against", against}, mods...)...)
				}
			}
		}
	})

	t.Run("qrs duel", func(t *testing.T) {
		for _, m := range []int{0, 1, 4, 6, 20} {
			for _, fp := range []int{0, 1, 5, 12} {
				for _, om := range []int{0, 3, 6, 20} {
					for _, ofp := range []int{0, 2, 8} {
						qrsExact(t, "qrs", "duel", "--melee", strconv.Itoa(m), "--fp", strconv.Itoa(fp),
							"--against-melee", strconv.Itoa(om), "--against-fp", strconv.Itoa(ofp))
					}
				}
			}
		}
	})

	t.Run("qrs grenade and explosive", func(t *testing.T) {
		for r := 6.0; r <= 12; r += 0.5 {
			qrsExact(t, "qrs", "grenade", "--range", strconv.FormatFloat(r, 'g', -1, 64))
		}
		for r := 0.0; r <= 6; r += 0.5 {
			qrsExact(t, "qrs", "explosive", "--range", strconv.FormatFloat(r, 'g', -1, 64))
		}
	})

	t.Run("qrs walker", func(t *testing.T) {
		for _, r := range []string{"2", "9.5", "10", "15", "20", "35", "40"} {
			for _, own := range []int{0, 1, 4, 10, 24, 100} {
				for _, extra := range []int{0, 2} {
					for _, mods := range [][]string{nil, {"--moving"}, {"--heavy-cover"}, {"--moving", "--heavy-cover"}} {
						if (r == "35" || r == "40") && len(mods) > 0 && mods[0] == "--moving" {
							continue // beyond the turret's reach when moving
						}
						qrsExact(t, append([]string{"qrs", "walker", "--range", r, "--own-total", strconv.Itoa(own), "--extra", strconv.Itoa(extra)}, mods...)...)
					}
				}
			}
		}
	})
}
