package cli

// The skirmish quick reference's reference and exact odds on the command line: `muster
// qrs profiles`, `generate`, `movement`, `melee`, `duel` (odds), `grenade`, `explosive`,
// `walker` and `powers`.

import (
	"fmt"
	"io"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"muster/rules/qrs"
	"muster/rules/qrs/army"
	"muster/rules/qrs/solo"
)

func qrsProfiles(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs profiles", stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	usage := "usage: muster qrs profiles [--json]"
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr); !ok {
		return code
	}
	ps := qrs.Starter().Profiles()
	if *asJSON {
		return qrsJSON(stdout, stderr, ps)
	}
	fmt.Fprintln(stdout, "Starter profiles (* Muster's assumption: the sheet prints no stat lines but the walkers' firepower)")
	fmt.Fprintf(stdout, "%-22s %-10s %-9s %-8s %-6s %-5s %-6s %-27s %s\n", "Profile", "Role", "Firepower", "Defence", "Melee", "Init", "Armour", "Weapon", "Force points")
	for _, p := range ps {
		mark := func(field, v string) string {
			if p.Assumed(field) {
				return v + "*"
			}
			return v
		}
		fp := mark("firepower", p.Stat())
		if len(p.RangeFirepower) == 3 {
			fp = mark("range_firepower", p.Stat())
		}
		fmt.Fprintf(stdout, "%-22s %-10s %-9s %-8s %-6s %-5s %-6s %-27s %s\n", p.Name, p.Role, fp,
			mark("defence", strconv.Itoa(p.Defence)), mark("melee", strconv.Itoa(p.Melee)), mark("initiative", strconv.Itoa(p.Initiative)),
			mark("armour", map[bool]string{true: "yes", false: "no"}[p.Armour]), mark("weapon", p.Weapon), qrsFP(p, mark))
	}
	return 0
}

func qrsFP(p qrs.Profile, mark func(field, v string) string) string {
	if !p.IsForceUser() {
		return "-"
	}
	return mark("force_points", strconv.Itoa(p.ForcePoints))
}

// qrsOddsLines prints exact odds sorted from likeliest.
func qrsOddsLines(w io.Writer, odds map[string]*big.Rat) {
	keys := make([]string, 0, len(odds))
	for k := range odds {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if c := odds[keys[i]].Cmp(odds[keys[j]]); c != 0 {
			return c > 0
		}
		return keys[i] < keys[j]
	})
	for _, k := range keys {
		f, _ := odds[k].Float64()
		fmt.Fprintf(w, "  %7.3f%%  %-9s  %s\n", f*100, odds[k].RatString(), k)
	}
}

func qrsOddsJSON(stdout, stderr io.Writer, odds map[string]*big.Rat) int {
	out := map[string]map[string]any{}
	for k, v := range odds {
		f, _ := v.Float64()
		out[k] = map[string]any{"p": f, "exact": v.RatString()}
	}
	return qrsJSON(stdout, stderr, out)
}

func qrsGenerateOdds(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs generate", stderr)
	counters := fs.String("counters", "", "the kinds of the counters in sight, e.g. corner,open")
	officer := fs.Bool("officer", false, "an Imperial Officer is on the table (+2)")
	noContact := fs.Bool("no-contact", false, "no contact yet with the enemy (-1)")
	pool := fs.String("pool", "", "your figures for the enemy, e.g. stormtrooper=4")
	prefer := fs.String("prefer", "", "the option you prefer: "+strings.Join(solo.PreferKeys(), ", "))
	asJSON := fs.Bool("json", false, "print JSON")
	usage := "usage: muster qrs generate --counters corner,open [--officer] [--no-contact] [--pool NAME=N,...] [--prefer OPTION] [--json]"
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr); !ok {
		return code
	}
	s := solo.Sighting{Officer: *officer, NoContact: *noContact}
	for i, k := range strings.Split(*counters, ",") {
		k = strings.ToLower(strings.TrimSpace(k))
		if k != solo.Corner && k != solo.Cover && k != solo.Open {
			fmt.Fprintf(stderr, "muster qrs generate: %q is not a place for a counter; write corner, cover or open\n", k)
			return 2
		}
		s.InSight = append(s.InSight, solo.Counter{ID: i + 1, Kind: k})
	}
	if len(s.InSight) > 12 {
		fmt.Fprintln(stderr, "muster qrs generate: at most 12 counters in sight")
		return 2
	}
	p, err := qrsPool(*pool)
	if err == nil && p != nil {
		st := &solo.State{Format: 1, System: solo.GameSystem, Turn: 1, Pool: p}
		err = st.Check()
		p = st.Pool
	}
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs generate: %v\n", err)
		return 2
	}
	odds, err := solo.GenerationOdds(s, p, *prefer)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs generate: %v\n", err)
		return 2
	}
	if *asJSON {
		return qrsOddsJSON(stdout, stderr, odds)
	}
	fmt.Fprintf(stdout, "Enemy force generation: D6 %+d, %d counter(s) in sight (a natural 1 is always nothing)\n", s.Modifier(), len(s.InSight))
	qrsOddsLines(stdout, odds)
	return 0
}

func qrsMovementOdds(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs movement", stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	s := qrsSituation(fs)
	usage := "usage: muster qrs movement [situation flags] [--json] (muster qrs help)"
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr, situationBounds...); !ok {
		return code
	}
	odds := qrs.PlainMovementOdds(*s)
	if *asJSON {
		return qrsOddsJSON(stdout, stderr, odds)
	}
	fmt.Fprintf(stdout, "Random movement: D6 %+d", s.Modifier())
	if ms := s.Applied(); len(ms) > 0 {
		fmt.Fprintf(stdout, " (%s; * Muster's value: the sheet's was lost)", qrs.Describe(ms))
	}
	fmt.Fprintln(stdout)
	qrsOddsLines(stdout, odds)
	return 0
}

func qrsMeleeOdds(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs melee", stderr)
	self := qrs.Fighter{}
	fs.IntVar(&self.Melee, "melee", -1, "your figure's Melee value")
	fs.BoolVar(&self.Wounded, "wounded", false, "your figure is wounded (melee halved)")
	fs.BoolVar(&self.Armour, "armour", false, "your figure wears armour")
	fs.BoolVar(&self.Saber, "saber", false, "your figure fights with a light sabre")
	against := fs.String("against", "", "the opponents' Melee values, e.g. 2 or 2,1")
	theirArmour := fs.Bool("against-armour", false, "the opponents wear armour")
	theirSaber := fs.Bool("against-saber", false, "the opponents fight with light sabres")
	asJSON := fs.Bool("json", false, "print JSON")
	usage := "usage: muster qrs melee --melee M [--wounded] [--armour] [--saber] --against M[,M...] [--against-armour] [--against-saber] [--json]"
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr, flagBounds{"melee", 0, 20, "your figure's Melee value"}); !ok {
		return code
	}
	values, err := qrsInts(*against, "--against")
	if err != nil || len(values) == 0 || len(values) > 6 {
		fmt.Fprintln(stderr, "muster qrs melee: --against takes 1 to 6 Melee values, e.g. --against 2,1")
		return 2
	}
	var ops []qrs.Fighter
	for _, v := range values {
		if v < 0 || v > 20 {
			fmt.Fprintln(stderr, "muster qrs melee: Melee values are 0 to 20")
			return 2
		}
		ops = append(ops, qrs.Fighter{Melee: v, Armour: *theirArmour, Saber: *theirSaber})
	}
	odds, err := qrs.Enumerate(func(d qrs.Dice) string {
		o := qrs.Melee(self, ops, d)
		if o.Self != qrs.NoEffect {
			return "your figure: " + o.Self.String()
		}
		var hurt []string
		for i, e := range o.Opponents {
			if e != qrs.NoEffect {
				hurt = append(hurt, fmt.Sprintf("opponent %d: %s", i+1, e))
			}
		}
		if len(hurt) == 0 {
			return "no effect on anyone"
		}
		return strings.Join(hurt, "; ")
	})
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs melee: %v\n", err)
		return 2
	}
	if *asJSON {
		return qrsOddsJSON(stdout, stderr, odds)
	}
	fmt.Fprintln(stdout, "Other melee: each D6 + Melee; the loser reads the chart by the difference (* captured if the only friendly figure in contact with the winner)")
	qrsOddsLines(stdout, odds)
	return 0
}

func qrsDuelOdds(args []string, stdout, stderr io.Writer) int {
	for _, a := range args {
		if a == "--state" || strings.HasPrefix(a, "--state=") || a == "-state" {
			return qrsDuelGame(args, stdout, stderr)
		}
	}
	fs := qrsFlags("qrs duel", stderr)
	var a, b qrs.Duelist
	fs.IntVar(&a.Melee, "melee", -1, "your Force user's Melee value")
	fs.IntVar(&a.ForcePoints, "fp", -1, "your Force user's Force points")
	fs.IntVar(&b.Melee, "against-melee", -1, "the opponent's Melee value")
	fs.IntVar(&b.ForcePoints, "against-fp", -1, "the opponent's Force points")
	asJSON := fs.Bool("json", false, "print JSON")
	usage := "usage: muster qrs duel --melee M --fp F --against-melee M --against-fp F [--json]"
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr, flagBounds{"melee", 0, army.MaxSmallStat, "your Force user's Melee"}, flagBounds{"fp", 0, army.MaxForcePoints, "your Force user's Force points"}, flagBounds{"against-melee", 0, army.MaxSmallStat, "the opponent's Melee"}, flagBounds{"against-fp", 0, army.MaxForcePoints, "the opponent's Force points"}); !ok {
		return code
	}
	odds, _ := qrs.Enumerate(func(d qrs.Dice) string {
		o := qrs.Duel(a, b, d)
		who := map[string]string{"a": "your Force user", "b": "the opponent"}[o.Loser]
		switch {
		case o.Loser == "":
			return "draw"
		case o.MaxMin:
			return who + " is killed, or loses 8 FP (max/min: the winner chooses)"
		}
		return fmt.Sprintf("%s loses %d FP", who, o.Lost)
	})
	if *asJSON {
		return qrsOddsJSON(stdout, stderr, odds)
	}
	fmt.Fprintln(stdout, "Lightsaber duel, one exchange: each D6 + Melee; the loser loses the difference (at most 4) in Force points; a 6 against a 1 is max/min")
	qrsOddsLines(stdout, odds)
	return 0
}

func qrsRange(name string, args []string, stdout, stderr io.Writer) (r float64, asJSON bool, code int, ok bool) {
	fs := qrsFlags("qrs "+name, stderr)
	rng := fs.Float64("range", -1, "the range in inches to the target's base")
	js := fs.Bool("json", false, "print JSON")
	usage := fmt.Sprintf("usage: muster qrs %s --range INCHES [--json]", name)
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr, flagBounds{"range", 0, math.MaxInt32, "the range in inches"}); !ok {
		return 0, false, code, false
	}
	return *rng, *js, 0, true
}

func qrsGrenadeOdds(args []string, stdout, stderr io.Writer) int {
	r, asJSON, code, ok := qrsRange("grenade", args, stdout, stderr)
	if !ok {
		return code
	}
	hit, killed, duck, err := qrs.GrenadeOdds(r)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs grenade: %v\n", err)
		return 2
	}
	// A figure within 3" meets one of three outcomes, so the lines add up to 1: the hit
	// itself is said in the heading, not listed beside the two results it splits into.
	miss := new(big.Rat).Sub(big.NewRat(1, 1), hit)
	odds := map[string]*big.Rat{"each figure within 3\" killed": killed, "each figure within 3\" ducks back": duck,
		"missed: no effect": miss}
	if asJSON {
		odds["hit"] = hit // a script reads the hit beside the three outcomes
		return qrsOddsJSON(stdout, stderr, odds)
	}
	hf, _ := hit.Float64()
	fmt.Fprintf(stdout, "Grenade at %g\": D6+6 must reach %g, a hit %s (%.3f%%); each figure within 3\" is then killed on 4+, else it ducks back (a full activation to throw)\n",
		r, math.Ceil(r), hit.RatString(), hf*100)
	qrsOddsLines(stdout, odds)
	return 0
}

func qrsExplosiveOdds(args []string, stdout, stderr io.Writer) int {
	r, asJSON, code, ok := qrsRange("explosive", args, stdout, stderr)
	if !ok {
		return code
	}
	hit, err := qrs.ExplosiveOdds(r)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs explosive: %v\n", err)
		return 2
	}
	// The miss beside the hit: the lines are the throw's two outcomes and add up to 1.
	odds := map[string]*big.Rat{"hit (Muster: the vehicle is disabled)": hit,
		"missed: no effect": new(big.Rat).Sub(big.NewRat(1, 1), hit)}
	if asJSON {
		return qrsOddsJSON(stdout, stderr, odds)
	}
	fmt.Fprintf(stdout, "Magnetic explosives at %g\": a D6 must score %g or more\n", r, math.Max(1, math.Ceil(r)))
	qrsOddsLines(stdout, odds)
	return 0
}

func qrsWalkerOdds(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs walker", stderr)
	r := fs.Float64("range", -1, "range in inches from the walker to your group")
	moving := fs.Bool("moving", false, "the walker moves and shoots (one band further away)")
	own := fs.Int("own-total", -1, "the Defence total of your figures under fire")
	heavy := fs.Bool("heavy-cover", false, "your figures are in cover heavier than light cover (-1)")
	extra := fs.Int("extra", 0, "extra figures shooting at the group")
	asJSON := fs.Bool("json", false, "print JSON")
	usage := "usage: muster qrs walker --range R [--moving] --own-total T [--heavy-cover] [--extra N] [--json]"
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr, flagBounds{"range", 0, math.MaxInt32, "the range in inches"}, flagBounds{"own-total", 0, math.MaxInt32, "the Defence total of your figures under fire"}, flagBounds{"extra", 0, math.MaxInt32, "extra figures shooting"}); !ok {
		return code
	}
	f, band, err := qrs.WalkerFire(*r, *moving, *own, *extra, *heavy)
	if err == nil {
		err = f.Check()
	}
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs walker: %v\n", err)
		return 2
	}
	n := f.Eighths()
	odds := map[string]*big.Rat{}
	for i, name := range qrs.ResultNames {
		odds[name] = big.NewRat(int64(n[i]), 8)
	}
	if *asJSON {
		return qrsOddsJSON(stdout, stderr, odds)
	}
	fmt.Fprintf(stdout, "Walker chin turret at %s: firepower %d against your %d: %s (armour and light cover ignored)\n", qrs.BandNames[band], f.Enemy, f.Own, qrs.BandFor(f.Own, f.Enemy).Title())
	qrsOddsLines(stdout, odds)
	return 0
}

func qrsPowers(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "usage: muster qrs powers")
		return 2
	}
	fmt.Fprintln(stdout, "Force powers: one action an activation (Sith and Jedi Masters two); they prevent shooting by the user unless Jedi or better.")
	for _, p := range qrs.Powers {
		dark := ""
		if p.DarkSide {
			dark = " (Dark side only)"
		}
		fmt.Fprintf(stdout, "  %-18s %d FP%s: %s\n", p.Name, p.Cost, dark, p.Text)
	}
	fmt.Fprintln(stdout, "Recovering: 1 FP per activation resting (moving no more than 3\", not under fire).")
	return 0
}
