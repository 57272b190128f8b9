package main

// The skirmish quick reference (system: qrs) on the command line: its armies through
// `muster cost` and `muster check`, `muster odds qrs` for shooting odds, and `muster qrs ...`
// for the solo assistant and the other procedures. Everything game-related lives in
// rules/qrs; this file parses flags and prints.

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"muster/rules/qrs"
	"muster/rules/qrs/army"
	"muster/rules/qrs/sim"
	"muster/rules/qrs/solo"
)

func init() {
	otherSystems[army.ID] = army.System{}
	oddsProcedures["qrs"] = oddsQRS
	extraCommands["qrs"] = cmdQRS
}

const oddsQRSUsage = `usage: muster odds qrs --own-total T --enemy-total E [--cover] [--armour] [--extra-shooters N] [--json]
  T: the Defence total of your figures under fire; E: the Firepower total shooting at them`

// newFlags is a flag set that reports to stderr, for the qrs commands.
func qrsFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// oddsQRS prints the exact odds of the shooting table for one figure under fire.
func oddsQRS(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("odds qrs", stderr)
	own := fs.Int("own-total", -1, "Defence total of your figures under fire")
	enemy := fs.Int("enemy-total", 0, "Firepower total of the enemy figures shooting")
	cover := fs.Bool("cover", false, "the figure is in cover (-1)")
	armour := fs.Bool("armour", false, "the figure wears armour (W counts as D)")
	extra := fs.Int("extra-shooters", 0, "extra figures shooting at the group (+1 each)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *own < 0 {
		fmt.Fprintln(stderr, oddsQRSUsage)
		return 2
	}
	f := qrs.Fire{Own: *own, Enemy: *enemy, Cover: *cover, Armour: *armour, ExtraShooters: *extra}
	if err := f.Check(); err != nil {
		fmt.Fprintf(stderr, "muster odds qrs: %v\n", err)
		return 2
	}
	band := qrs.BandFor(f.Own, f.Enemy)
	n := f.Eighths()
	if *asJSON {
		out := map[string]any{"band": band.String(), "row": band.Title(), "modifier": f.Modifier()}
		exact := map[string]string{}
		for i, name := range qrs.ResultNames {
			out[name] = float64(n[i]) / 8
			exact[name] = fmt.Sprintf("%d/8", n[i])
		}
		out["exact"] = exact
		return qrsJSON(stdout, stderr, out)
	}
	fmt.Fprintf(stdout, "Your side's total %d against the enemy's %d: %s\n", f.Own, f.Enemy, band.Title())
	fmt.Fprintf(stdout, "Roll a d8 for each figure under fire, %+d%s\n", f.Modifier(), qrsModifierNote(f))
	if band == qrs.Worse {
		fmt.Fprintln(stdout, "(The sheet's Worse row was lost; Muster continues the table's pattern: D on 3-4, W on 5, K on 6-8.)")
	}
	labels := []string{"nothing", "duck back", "wound", "killed"}
	for i, l := range labels {
		fmt.Fprintf(stdout, "  %-10s %d/8  %6.2f%%\n", l, n[i], float64(n[i])*100/8)
	}
	return 0
}

func qrsModifierNote(f qrs.Fire) string {
	var parts []string
	if f.Cover {
		parts = append(parts, "-1 in cover")
	}
	if f.ExtraShooters > 0 {
		parts = append(parts, fmt.Sprintf("+%d extra shooters", f.ExtraShooters))
	}
	if f.Armour {
		parts = append(parts, "armour: W counts as D")
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

func qrsJSON(stdout, stderr io.Writer, v any) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(stderr, "muster: %v\n", err)
		return 2
	}
	return 0
}

const qrsUsage = `usage: muster qrs COMMAND [flags]
  Solo play against the generated enemy, on a game file saved between commands:
    new --state GAME [--army ARMY] [--counters corner,cover,open] [--pool NAME=N,...]
        [--prefer OPTION] [--seed N] [--name NAME] [--force]
                              start a game: portal counters, the figures you have for the
                              enemy (no --pool: enough for anything), your army's groups
    spot --state GAME --counters 1,3
                              your figure comes into sight of these counters: roll enemy
                              force generation (both columns, the pool, the counter)
    orders --state GAME --group N|all [--greater-fire] [--friends-retreating] [--alone]
        [--vehicle-near] [--in-cover] [--leaders N] [--light-fire] [--no-enemy] [--ordered]
                              roll the random movement table for a group
    shoot --state GAME --target N (--from G,G [--band long|medium|point-blank] | --enemy-total E)
        [--cover] [--extra N] [--running] [--figures N] [--force deflect|swipe]
                              fire at a group: a d8 per figure, results applied; a Force
                              user of the group may deflect (sending it back) or swipe
    mark --state GAME --group N --figure I wound|heal|down|up|duck|force:-1|force:+1
    fight --state GAME --figure G:I --against G:I[,G:I...]
                              other melee between figures in contact, the chart applied
    duel --state GAME --figure G:I --against G:I [--kill]
                              one exchange of a lightsaber duel (--kill: on max/min the
                              winner kills rather than taking 8 FP)
    medic --state GAME --group N --figure I       a medic treats the wound (heals on 5-6)
    suppress --state GAME --group N --figure I    Wound suppression (1 FP; healed for good on 6)
    remove --state GAME --counter N
    turn --state GAME         end the turn: duck backs clear, casualties recycle, morale
    show --state GAME [--json]   the table as it stands;  log --state GAME: the game's log
  Reference and odds:
    profiles [--json]         the starter profiles, assumptions marked
    generate --counters KINDS [--officer] [--no-contact] [--pool NAME=N,...] [--prefer OPTION] [--json]
                              exact odds of enemy force generation
    movement [situation flags as for orders] [--json]
                              exact odds of the random movement table
    melee --melee M [--wounded] [--armour] [--saber] --against M,M [--against-armour]
        [--against-saber] [--json]      exact odds of other melee (one or several opponents)
    duel --melee M --fp F --against-melee M --against-fp F [--json]
                              exact odds of one exchange of a lightsaber duel
    grenade --range R | explosive --range R [--json]
                              a grenade's (6-12") or magnetic explosives' (within 6") odds
    walker --range R [--moving] --own-total T [--heavy-cover] [--extra N] [--json]
                              a walker's chin turret firing at your figures
    powers                    the Force powers and what they cost
  Quick-resolve:
    sim --army ARMY [--group N] --counters KINDS [--pool NAME=N,...] [--prefer OPTION]
        [--sight N] [--cover] [--objective TURNS] [--max-turns N] [--battles N] [--seed S]
        [--log] [--json]      play the group (all groups as one without --group) past the
                              counters N times: the odds it reaches the objective and
                              survives, with 95% intervals, and what is not simulated
    sim --army ARMY [--group N] --vs ARMY [--vs-group N] [--cover] [--vs-cover] ...
                              two groups shooting it out: the odds each wins
  Every command that rolls takes its dice from the game file's seed, so a game replays.`

// cmdQRS dispatches `muster qrs COMMAND`.
func cmdQRS(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "--help" || args[0] == "-h" {
		fmt.Fprintln(stdout, qrsUsage)
		return 0
	}
	cmds := map[string]func([]string, io.Writer, io.Writer) int{
		"new": qrsNew, "spot": qrsSpot, "orders": qrsOrders, "shoot": qrsShoot, "mark": qrsMark,
		"remove": qrsRemove, "turn": qrsTurn, "show": qrsShow, "log": qrsLog,
		"profiles": qrsProfiles, "generate": qrsGenerateOdds, "movement": qrsMovementOdds,
		"melee": qrsMeleeOdds, "duel": qrsDuelOdds, "grenade": qrsGrenadeOdds, "explosive": qrsExplosiveOdds,
		"walker": qrsWalkerOdds, "powers": qrsPowers, "sim": qrsSim,
		"fight": qrsFight,
		"medic": qrsFigureRoll("medic", solo.Treat), "suppress": qrsFigureRoll("suppress", solo.Suppress),
	}
	if cmd, ok := cmds[args[0]]; ok {
		return cmd(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "muster qrs: unknown command %q\n%s\n", args[0], qrsUsage)
	return 2
}

// qrsGame is a solo game loaded from its file, with the dice for this command.
type qrsGame struct {
	path string
	st   *solo.State
	dice qrs.Dice
}

// qrsLoad reads the game file named by --state. The dice of the command are drawn from the
// game's seed and its step, so that the same commands on the same file roll the same.
func qrsLoad(path string, stderr io.Writer) (*qrsGame, int) {
	if path == "" {
		fmt.Fprintln(stderr, "muster qrs: name the game file with --state GAME (start one with muster qrs new)")
		return nil, 2
	}
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs: cannot open the game file %s (start one with muster qrs new --state %s)\n", path, path)
		return nil, 2
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, solo.MaxFileSize+1))
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs: cannot read %s\n", path)
		return nil, 2
	}
	st, err := solo.Read(data)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs: %s: %v\n", path, err)
		return nil, 2
	}
	return &qrsGame{path: path, st: st, dice: st.NextDice()}, 0
}

// save writes the game back beside itself and renames it into place, so an interrupted
// write never leaves half a game.
func (g *qrsGame) save(stderr io.Writer) int {
	return qrsSave(g.path, g.st, stderr)
}

func qrsSave(path string, st *solo.State, stderr io.Writer) int {
	data, err := st.Marshal(strings.HasSuffix(strings.ToLower(path), ".json"))
	if err == nil {
		tmp := path + ".tmp"
		if err = os.WriteFile(tmp, data, 0o644); err == nil {
			err = os.Rename(tmp, path)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs: cannot save the game to %s: %v\n", path, err)
		return 2
	}
	return 0
}

// qrsPool reads "stormtrooper=8,officer=1".
func qrsPool(s string) (solo.Pool, error) {
	if s == "" {
		return nil, nil
	}
	pool := solo.Pool{}
	for _, part := range strings.Split(s, ",") {
		name, n, ok := strings.Cut(part, "=")
		count, err := strconv.Atoi(strings.TrimSpace(n))
		if !ok || err != nil || count < 0 || count > solo.MaxPool {
			return nil, fmt.Errorf("--pool: %q: write NAME=N with N from 0 to %d, e.g. --pool stormtrooper=12,officer=1", part, solo.MaxPool)
		}
		pool[strings.TrimSpace(name)] += count
	}
	return pool, nil
}

func qrsInts(s, flagName string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil {
			return nil, fmt.Errorf("%s: %q is not a number; write e.g. %s 1,3", flagName, part, flagName)
		}
		out = append(out, n)
	}
	if len(out) > solo.MaxCounters {
		return nil, fmt.Errorf("%s: too many", flagName)
	}
	return out, nil
}

func qrsNew(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs new", stderr)
	path := fs.String("state", "", "the game file to create")
	armyPath := fs.String("army", "", "your army file (system: qrs)")
	counters := fs.String("counters", "", "portal counters, e.g. corner,cover,open")
	pool := fs.String("pool", "", "your figures for the enemy, e.g. stormtrooper=12,officer=1")
	prefer := fs.String("prefer", "", "the option you prefer where the result table offers one: "+strings.Join(solo.PreferKeys(), ", "))
	seed := fs.Uint64("seed", 0, "the dice seed (0: from the clock)")
	name := fs.String("name", "", "a name for the game")
	force := fs.Bool("force", false, "overwrite an existing game file")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *path == "" {
		fmt.Fprintln(stderr, "usage: muster qrs new --state GAME [--army ARMY] [--counters corner,cover,open] [--pool NAME=N,...] [--prefer OPTION] [--seed N]")
		return 2
	}
	if _, err := os.Stat(*path); err == nil && !*force {
		fmt.Fprintf(stderr, "muster qrs new: %s already exists; add --force to start over\n", *path)
		return 2
	}
	setup := solo.Setup{Name: *name, Seed: *seed, Prefer: *prefer}
	if setup.Seed == 0 {
		setup.Seed = uint64(time.Now().UnixNano())
	}
	for _, k := range strings.Split(*counters, ",") {
		if strings.TrimSpace(k) != "" {
			setup.Counters = append(setup.Counters, k)
		}
	}
	var err error
	if setup.Pool, err = qrsPool(*pool); err != nil {
		fmt.Fprintf(stderr, "muster qrs new: %v\n", err)
		return 2
	}
	if *armyPath != "" {
		data, err := readCapped(*armyPath)
		if err != nil {
			fmt.Fprintf(stderr, "muster qrs new: cannot read %s\n", *armyPath)
			return 2
		}
		f, err := army.Read(data)
		if err != nil {
			fmt.Fprintf(stderr, "muster qrs new: %s: %v\n", *armyPath, err)
			return 2
		}
		a := army.Resolve(f)
		if rep := army.Evaluate(a); rep.HasErrors() {
			fmt.Fprintf(stderr, "muster qrs new: %s has errors; muster check %s says what to fix\n", *armyPath, *armyPath)
			return 1
		}
		setup.Army = a
		if setup.Name == "" {
			setup.Name = a.Name
		}
	}
	st, err := solo.New(setup)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs new: %v\n", err)
		return 2
	}
	if code := qrsSave(*path, st, stderr); code != 0 {
		return code
	}
	fmt.Fprint(stdout, solo.Summary(st))
	return 0
}

func qrsSpot(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs spot", stderr)
	path := fs.String("state", "", "the game file")
	list := fs.String("counters", "", "the counters in sight of the same figure, e.g. 1,3")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: muster qrs spot --state GAME --counters 1,3 [--json]")
		return 2
	}
	ids, err := qrsInts(*list, "--counters")
	if err != nil || len(ids) == 0 {
		fmt.Fprintln(stderr, "muster qrs spot: name the counters in sight with --counters, e.g. --counters 1,3")
		return 2
	}
	g, code := qrsLoad(*path, stderr)
	if g == nil {
		return code
	}
	o, err := solo.Spot(g.st, ids, g.dice)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs spot: %v\n", err)
		return 2
	}
	if code := g.save(stderr); code != 0 {
		return code
	}
	if *asJSON {
		return qrsJSON(stdout, stderr, o)
	}
	fmt.Fprintln(stdout, g.st.Log[len(g.st.Log)-1])
	return 0
}

// qrsSituation adds the random movement table's situation flags to a flag set.
func qrsSituation(fs *flag.FlagSet) *qrs.MoveSituation {
	s := &qrs.MoveSituation{}
	fs.BoolVar(&s.GreaterFire, "greater-fire", false, "under fire from greater numbers")
	fs.BoolVar(&s.FriendsRetreating, "friends-retreating", false, "friends within 6\" retreating")
	fs.BoolVar(&s.Alone, "alone", false, "no other friends within 12\"")
	fs.BoolVar(&s.VehicleNear, "vehicle-near", false, "enemy vehicle within 24\"")
	fs.IntVar(&s.QuartersKilled, "quarters-killed", 0, "quarters of the unit killed (the game file counts its own)")
	fs.BoolVar(&s.Advancing, "advancing", false, "advancing (the game file knows Advance orders)")
	fs.BoolVar(&s.InCover, "in-cover", false, "in cover")
	fs.IntVar(&s.Leaders, "leaders", 0, "heroes or officers within 12\" outside the group")
	fs.BoolVar(&s.LightFire, "light-fire", false, "under fire from less than half own numbers, or not under fire at all")
	fs.BoolVar(&s.NoEnemyInSight, "no-enemy", false, "no enemy in sight")
	return s
}

func qrsOrders(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs orders", stderr)
	path := fs.String("state", "", "the game file")
	group := fs.String("group", "", "the group, or all for every enemy group")
	ordered := fs.Bool("ordered", false, "a player's figure within 6\" issues an order (may add/subtract up to D6)")
	asJSON := fs.Bool("json", false, "print JSON")
	s := qrsSituation(fs)
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *group == "" || s.QuartersKilled < 0 || s.QuartersKilled > 4 || s.Leaders < 0 || s.Leaders > 10 {
		fmt.Fprintln(stderr, "usage: muster qrs orders --state GAME --group N|all [situation flags] (muster qrs help)")
		return 2
	}
	g, code := qrsLoad(*path, stderr)
	if g == nil {
		return code
	}
	var ids []int
	if *group == "all" {
		for _, gr := range g.st.Groups {
			if gr.Side == solo.Enemy {
				ids = append(ids, gr.ID)
			}
		}
		if len(ids) == 0 {
			fmt.Fprintln(stderr, "muster qrs orders: no enemy group is on the table")
			return 2
		}
	} else {
		n, err := strconv.Atoi(*group)
		if err != nil {
			fmt.Fprintln(stderr, "muster qrs orders: --group takes a group number or all")
			return 2
		}
		ids = []int{n}
	}
	var results []solo.OrdersResult
	for _, id := range ids {
		r, err := solo.GiveOrders(g.st, id, *s, g.dice)
		if err != nil {
			fmt.Fprintf(stderr, "muster qrs orders: %v\n", err)
			return 2
		}
		results = append(results, r)
		if !*asJSON {
			fmt.Fprintln(stdout, g.st.Log[len(g.st.Log)-1])
			if len(r.Roll.Modifiers) > 0 {
				fmt.Fprintf(stdout, "  modifiers: %s (* Muster's value: the sheet's was lost)\n", qrs.Describe(r.Roll.Modifiers))
			}
			for _, a := range r.Force {
				fmt.Fprintln(stdout, "  "+a)
			}
		}
		if *ordered {
			adj := qrs.OrderedAdjustment(g.dice)
			if !*asJSON {
				fmt.Fprintf(stdout, "  A player's order: you may add or subtract up to %d (score %d to %d).\n", adj, r.Roll.Score-adj, r.Roll.Score+adj)
			}
		}
	}
	if code := g.save(stderr); code != 0 {
		return code
	}
	if *asJSON {
		return qrsJSON(stdout, stderr, results)
	}
	return 0
}

var qrsBands = map[string]int{"long": qrs.Long, "medium": qrs.Medium, "point-blank": qrs.PointBlank, "pointblank": qrs.PointBlank}

func qrsShoot(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs shoot", stderr)
	path := fs.String("state", "", "the game file")
	target := fs.Int("target", 0, "the group under fire")
	from := fs.String("from", "", "the shooting groups, e.g. 2,3")
	band := fs.String("band", "medium", "the range band of the shooting groups: long, medium, point-blank")
	enemy := fs.Int("enemy-total", 0, "the firepower total shooting (instead of --from)")
	cover := fs.Bool("cover", false, "the targets are in cover (-1)")
	extra := fs.Int("extra", 0, "extra figures shooting at the group (+1 each)")
	running := fs.Bool("running", false, "the targets run across the line of fire (shooting values halved)")
	figures := fs.Int("figures", 0, "dice for the nearest N figures only (default with --from: 3 per shooting figure)")
	force := fs.String("force", "", "a Force user of the target group acts: deflect (light sabre, sends the shot back) or swipe (point blank)")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *target == 0 || (*from == "") == (*enemy == 0) || *figures < 0 || *extra < 0 {
		fmt.Fprintln(stderr, "usage: muster qrs shoot --state GAME --target N (--from G,G | --enemy-total E) [--cover] [--extra N] [--running] [--figures N]")
		return 2
	}
	b, ok := qrsBands[*band]
	if !ok {
		fmt.Fprintln(stderr, "muster qrs shoot: --band is long, medium or point-blank")
		return 2
	}
	shooters, err := qrsInts(*from, "--from")
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs shoot: %v\n", err)
		return 2
	}
	g, code := qrsLoad(*path, stderr)
	if g == nil {
		return code
	}
	res, err := solo.Shoot(g.st, solo.Shot{Target: *target, From: shooters, Band: b, EnemyTotal: *enemy, Cover: *cover, Extra: *extra, Running: *running, Figures: *figures, Force: *force}, g.dice)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs shoot: %v\n", err)
		return 2
	}
	if code := g.save(stderr); code != 0 {
		return code
	}
	if *asJSON {
		return qrsJSON(stdout, stderr, res)
	}
	if res.Returned != nil {
		fmt.Fprintln(stdout, g.st.Log[len(g.st.Log)-2])
	}
	fmt.Fprintln(stdout, g.st.Log[len(g.st.Log)-1])
	return 0
}

func qrsMark(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs mark", stderr)
	path := fs.String("state", "", "the game file")
	group := fs.Int("group", 0, "the group")
	figure := fs.Int("figure", 0, "the figure's number in the group (muster qrs show)")
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: muster qrs mark --state GAME --group N --figure I wound|heal|down|up|duck|force:-1|force:+1")
		return 2
	}
	g, code := qrsLoad(*path, stderr)
	if g == nil {
		return code
	}
	if _, err := solo.Mark(g.st, *group, *figure, fs.Arg(0)); err != nil {
		fmt.Fprintf(stderr, "muster qrs mark: %v\n", err)
		return 2
	}
	if code := g.save(stderr); code != 0 {
		return code
	}
	fmt.Fprintln(stdout, g.st.Log[len(g.st.Log)-1])
	return 0
}

// qrsRefs reads figures written G:I (group, figure), separated by commas.
func qrsRefs(s, flagName string) ([]solo.Ref, error) {
	var out []solo.Ref
	for _, part := range strings.Split(s, ",") {
		g, f, ok := strings.Cut(strings.TrimSpace(part), ":")
		gi, err1 := strconv.Atoi(g)
		fi, err2 := strconv.Atoi(f)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s: %q: write a figure as GROUP:FIGURE, e.g. 3:1 (muster qrs show numbers them)", flagName, part)
		}
		out = append(out, solo.Ref{Group: gi, Figure: fi})
	}
	if len(out) > 6 {
		return nil, fmt.Errorf("%s: at most 6 figures", flagName)
	}
	return out, nil
}

func qrsFight(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs fight", stderr)
	path := fs.String("state", "", "the game file")
	figure := fs.String("figure", "", "the figure fighting, GROUP:FIGURE")
	against := fs.String("against", "", "the opponents in contact with it, GROUP:FIGURE,...")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *figure == "" || *against == "" {
		fmt.Fprintln(stderr, "usage: muster qrs fight --state GAME --figure G:I --against G:I[,G:I...]")
		return 2
	}
	self, err := qrsRefs(*figure, "--figure")
	if err == nil && len(self) != 1 {
		err = fmt.Errorf("--figure names one figure")
	}
	var ops []solo.Ref
	if err == nil {
		ops, err = qrsRefs(*against, "--against")
	}
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs fight: %v\n", err)
		return 2
	}
	g, code := qrsLoad(*path, stderr)
	if g == nil {
		return code
	}
	if _, err := solo.Fight(g.st, self[0], ops, g.dice); err != nil {
		fmt.Fprintf(stderr, "muster qrs fight: %v\n", err)
		return 2
	}
	if code := g.save(stderr); code != 0 {
		return code
	}
	fmt.Fprintln(stdout, g.st.Log[len(g.st.Log)-1])
	return 0
}

func qrsDuelGame(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs duel", stderr)
	path := fs.String("state", "", "the game file")
	figure := fs.String("figure", "", "your duellist, GROUP:FIGURE")
	against := fs.String("against", "", "the other duellist, GROUP:FIGURE")
	kill := fs.Bool("kill", false, "on max/min the winner kills rather than taking 8 Force points")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: muster qrs duel --state GAME --figure G:I --against G:I [--kill]")
		return 2
	}
	a, err := qrsRefs(*figure, "--figure")
	var b []solo.Ref
	if err == nil {
		b, err = qrsRefs(*against, "--against")
	}
	if err == nil && (len(a) != 1 || len(b) != 1) {
		err = fmt.Errorf("a duel is one figure against one")
	}
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs duel: %v\n", err)
		return 2
	}
	g, code := qrsLoad(*path, stderr)
	if g == nil {
		return code
	}
	if _, err := solo.DuelExchange(g.st, a[0], b[0], *kill, g.dice); err != nil {
		fmt.Fprintf(stderr, "muster qrs duel: %v\n", err)
		return 2
	}
	if code := g.save(stderr); code != 0 {
		return code
	}
	fmt.Fprintln(stdout, g.st.Log[len(g.st.Log)-1])
	return 0
}

// qrsFigureRoll is a command that rolls for one figure of the game (medic, suppress).
func qrsFigureRoll(name string, proc func(*solo.State, int, int, qrs.Dice) (string, error)) func([]string, io.Writer, io.Writer) int {
	return func(args []string, stdout, stderr io.Writer) int {
		fs := qrsFlags("qrs "+name, stderr)
		path := fs.String("state", "", "the game file")
		group := fs.Int("group", 0, "the group")
		figure := fs.Int("figure", 0, "the figure's number in the group (muster qrs show)")
		if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
			fmt.Fprintf(stderr, "usage: muster qrs %s --state GAME --group N --figure I\n", name)
			return 2
		}
		g, code := qrsLoad(*path, stderr)
		if g == nil {
			return code
		}
		if _, err := proc(g.st, *group, *figure, g.dice); err != nil {
			fmt.Fprintf(stderr, "muster qrs %s: %v\n", name, err)
			return 2
		}
		if code := g.save(stderr); code != 0 {
			return code
		}
		fmt.Fprintln(stdout, g.st.Log[len(g.st.Log)-1])
		return 0
	}
}

func qrsRemove(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs remove", stderr)
	path := fs.String("state", "", "the game file")
	counter := fs.Int("counter", 0, "the counter to take off the table")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *counter == 0 {
		fmt.Fprintln(stderr, "usage: muster qrs remove --state GAME --counter N")
		return 2
	}
	g, code := qrsLoad(*path, stderr)
	if g == nil {
		return code
	}
	if err := solo.RemoveCounter(g.st, *counter); err != nil {
		fmt.Fprintf(stderr, "muster qrs remove: %v\n", err)
		return 2
	}
	if code := g.save(stderr); code != 0 {
		return code
	}
	fmt.Fprintln(stdout, g.st.Log[len(g.st.Log)-1])
	return 0
}

func qrsTurn(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs turn", stderr)
	path := fs.String("state", "", "the game file")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: muster qrs turn --state GAME")
		return 2
	}
	g, code := qrsLoad(*path, stderr)
	if g == nil {
		return code
	}
	notes := solo.EndTurn(g.st)
	if code := g.save(stderr); code != 0 {
		return code
	}
	for _, n := range notes {
		fmt.Fprintln(stdout, n)
	}
	fmt.Fprintf(stdout, "Turn %d begins: place order counters, dice for enemy force generation (muster qrs spot), calculate enemy orders (muster qrs orders), move lowest Initiative first, shoot highest first.\n", g.st.Turn)
	return 0
}

func qrsShow(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs show", stderr)
	path := fs.String("state", "", "the game file")
	asJSON := fs.Bool("json", false, "print the game as JSON")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: muster qrs show --state GAME [--json]")
		return 2
	}
	g, code := qrsLoad(*path, stderr)
	if g == nil {
		return code
	}
	if *asJSON {
		return qrsJSON(stdout, stderr, g.st)
	}
	fmt.Fprint(stdout, solo.Summary(g.st))
	return 0
}

func qrsLog(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs log", stderr)
	path := fs.String("state", "", "the game file")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: muster qrs log --state GAME")
		return 2
	}
	g, code := qrsLoad(*path, stderr)
	if g == nil {
		return code
	}
	for _, l := range g.st.Log {
		fmt.Fprintln(stdout, l)
	}
	return 0
}

func qrsProfiles(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs profiles", stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: muster qrs profiles [--json]")
		return 2
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
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *counters == "" {
		fmt.Fprintln(stderr, "usage: muster qrs generate --counters corner,open [--officer] [--no-contact] [--pool NAME=N,...] [--prefer OPTION] [--json]")
		return 2
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
	odds, err := qrs.Enumerate(func(d qrs.Dice) string {
		o, _ := solo.Generate(s, p, *prefer, d)
		if o.Force == "" {
			return "nothing"
		}
		return o.Force
	})
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
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || s.QuartersKilled < 0 || s.QuartersKilled > 4 || s.Leaders < 0 || s.Leaders > 10 {
		fmt.Fprintln(stderr, "usage: muster qrs movement [situation flags] [--json] (muster qrs help)")
		return 2
	}
	odds := map[string]*big.Rat{}
	for o, p := range qrs.MovementOdds(*s) {
		odds[o.Plain(s.InCover)] = p
	}
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
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || self.Melee < 0 || self.Melee > 20 || *against == "" {
		fmt.Fprintln(stderr, "usage: muster qrs melee --melee M [--wounded] [--armour] [--saber] --against M[,M...] [--against-armour] [--against-saber] [--json]")
		return 2
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
	bad := func(v int) bool { return v < 0 || v > army.MaxForcePoints }
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || bad(a.Melee) || bad(a.ForcePoints) || bad(b.Melee) || bad(b.ForcePoints) {
		fmt.Fprintln(stderr, "usage: muster qrs duel --melee M --fp F --against-melee M --against-fp F [--json]")
		return 2
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

func qrsRange(name string, args []string, stderr io.Writer) (float64, bool, bool) {
	fs := qrsFlags("qrs "+name, stderr)
	r := fs.Float64("range", -1, "the range in inches to the target's base")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *r < 0 {
		fmt.Fprintf(stderr, "usage: muster qrs %s --range INCHES [--json]\n", name)
		return 0, false, false
	}
	return *r, *asJSON, true
}

func qrsGrenadeOdds(args []string, stdout, stderr io.Writer) int {
	r, asJSON, ok := qrsRange("grenade", args, stderr)
	if !ok {
		return 2
	}
	hit, killed, duck, err := qrs.GrenadeOdds(r)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs grenade: %v\n", err)
		return 2
	}
	odds := map[string]*big.Rat{"hit": hit, "each figure within 3\" killed": killed, "each figure within 3\" ducks back": duck}
	if asJSON {
		return qrsOddsJSON(stdout, stderr, odds)
	}
	fmt.Fprintf(stdout, "Grenade at %g\": D6+6 must reach %g; a hit kills each figure within 3\" on 4+, else it ducks back (a full activation to throw)\n", r, math.Ceil(r))
	qrsOddsLines(stdout, odds)
	return 0
}

func qrsExplosiveOdds(args []string, stdout, stderr io.Writer) int {
	r, asJSON, ok := qrsRange("explosive", args, stderr)
	if !ok {
		return 2
	}
	hit, err := qrs.ExplosiveOdds(r)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs explosive: %v\n", err)
		return 2
	}
	odds := map[string]*big.Rat{"hit (Muster: the vehicle is disabled)": hit}
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
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *r < 0 || *own < 0 || *extra < 0 {
		fmt.Fprintln(stderr, "usage: muster qrs walker --range R [--moving] --own-total T [--heavy-cover] [--extra N] [--json]")
		return 2
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

// qrsArmy reads and resolves a qrs army file; nil with the exit code when it cannot be used.
func qrsArmy(cmd, path string, stderr io.Writer) (*army.Army, int) {
	data, err := readCapped(path)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs %s: cannot read %s\n", cmd, path)
		return nil, 2
	}
	f, err := army.Read(data)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs %s: %s: %v\n", cmd, path, err)
		return nil, 2
	}
	a := army.Resolve(f)
	if army.Evaluate(a).HasErrors() {
		fmt.Fprintf(stderr, "muster qrs %s: %s has errors; muster check %s says what to fix\n", cmd, path, path)
		return nil, 1
	}
	return a, 0
}

// qrsGroup is group n of an army (1-based), or all its groups as one for 0.
func qrsGroup(a *army.Army, n int) (army.Group, error) {
	switch {
	case n == 0:
		g := army.Group{Name: a.Name}
		for _, gr := range a.Groups {
			g.Figures = append(g.Figures, gr.Figures...)
		}
		return g, nil
	case n >= 1 && n <= len(a.Groups):
		return a.Groups[n-1], nil
	}
	return army.Group{}, fmt.Errorf("%s has groups 1 to %d", a.Name, len(a.Groups))
}

// qrsOwnProfiles are an army's profiles: block, for a game to resolve its figures by.
func qrsOwnProfiles(armies ...*army.Army) ([]qrs.Profile, error) {
	var out []qrs.Profile
	seen := map[string]qrs.Profile{}
	for _, a := range armies {
		for _, p := range a.Catalog.Profiles() {
			if p.Source != qrs.SourceArmy {
				continue
			}
			if prev, ok := seen[qrs.Key(p.Name)]; ok {
				if fmt.Sprint(prev) != fmt.Sprint(p) {
					return nil, fmt.Errorf("both armies define a profile %q, differently; rename one", p.Name)
				}
				continue
			}
			seen[qrs.Key(p.Name)] = p
			out = append(out, p)
		}
	}
	return out, nil
}

func qrsSim(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs sim", stderr)
	armyPath := fs.String("army", "", "your army file (system: qrs)")
	group := fs.Int("group", 0, "the group that goes for the objective (0: all groups as one)")
	vsPath := fs.String("vs", "", "instead of portals: the army file of a group to fight")
	vsGroup := fs.Int("vs-group", 0, "that army's group (0: all groups as one)")
	vsCover := fs.Bool("vs-cover", false, "the other group fights from cover")
	counters := fs.String("counters", "", "portal counters along the approach, e.g. corner,cover,open")
	pool := fs.String("pool", "", "your figures for the enemy, e.g. stormtrooper=12,officer=1")
	prefer := fs.String("prefer", "", "the option you prefer where the result table offers one")
	sight := fs.Int("sight", 1, "how many counters ahead the group sees at once")
	cover := fs.Bool("cover", false, "the group fights from cover")
	objective := fs.Int("objective", 0, "turns of advance to the objective (0: one past the last counter)")
	maxTurns := fs.Int("max-turns", 12, "turns before the attempt fails")
	battles := fs.Int("battles", 1000, "games to play")
	seed := fs.Uint64("seed", 0, "the dice seed (0: from the clock)")
	showLog := fs.Bool("log", false, "print the first game's log")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *armyPath == "" || (*counters == "") == (*vsPath == "") || *sight < 1 || *sight > 10 {
		fmt.Fprintln(stderr, "usage: muster qrs sim --army ARMY [--group N] (--counters KINDS | --vs ARMY [--vs-group N]) [--battles N] [--seed S] [--log] [--json] (muster qrs help)")
		return 2
	}
	a, code := qrsArmy("sim", *armyPath, stderr)
	if a == nil {
		return code
	}
	players, err := qrsGroup(a, *group)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs sim: %v\n", err)
		return 2
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	dice := func(i int) qrs.Dice {
		r := rand.New(rand.NewPCG(*seed, uint64(i)))
		return qrs.DiceFunc(func(n int) int { return r.IntN(n) + 1 })
	}
	pct := func(r sim.Rate) string {
		return fmt.Sprintf("%5.1f%% (95%%: %.1f%% to %.1f%%)", r.P*100, r.Low*100, r.High*100)
	}
	if *vsPath != "" {
		return qrsSimFight(a, players, *vsPath, *vsGroup, *cover, *vsCover, *maxTurns, *battles, *seed, dice, pct, *showLog, *asJSON, stdout, stderr)
	}
	cfg := sim.Config{Players: players, Sight: *sight, Cover: *cover, Objective: *objective, MaxTurns: *maxTurns, Prefer: *prefer}
	if cfg.Profiles, err = qrsOwnProfiles(a); err != nil {
		fmt.Fprintf(stderr, "muster qrs sim: %v\n", err)
		return 2
	}
	for _, k := range strings.Split(*counters, ",") {
		if strings.TrimSpace(k) != "" {
			cfg.Counters = append(cfg.Counters, strings.TrimSpace(k))
		}
	}
	if cfg.Pool, err = qrsPool(*pool); err == nil && cfg.Pool != nil {
		// The pool's names are checked and made canonical by the game state's own check.
		st := &solo.State{Format: 1, System: solo.GameSystem, Turn: 1, Pool: cfg.Pool}
		err = st.Check()
		cfg.Pool = st.Pool
	}
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs sim: %v\n", err)
		return 2
	}
	s, err := sim.Run(cfg, *battles, dice)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs sim: %v\n", err)
		return 2
	}
	if !*showLog {
		s.FirstLog = nil
	}
	if *asJSON {
		return qrsJSON(stdout, stderr, map[string]any{"seed": *seed, "group": cfg.Players.Name, "summary": s})
	}
	fmt.Fprintf(stdout, "%s past %d counters, %d games (seed %d)\n", cfg.Players.Name, len(cfg.Counters), s.Battles, *seed)
	fmt.Fprintf(stdout, "  reaches the objective  %s\n", pct(s.Objective))
	fmt.Fprintf(stdout, "  survives               %s\n", pct(s.Survived))
	fmt.Fprintf(stdout, "  turns %.1f, enemy figures appearing %.1f, own figures down %.1f (means)\n", s.MeanTurns, s.MeanEnemies, s.MeanLost)
	qrsSimTail(stdout, s.FirstLog, s.NotSimulated)
	return 0
}

// qrsSimFight is `muster qrs sim --vs`: two groups shooting it out.
func qrsSimFight(a *army.Army, players army.Group, vsPath string, vsGroup int, cover, vsCover bool, maxTurns, battles int, seed uint64,
	dice func(int) qrs.Dice, pct func(sim.Rate) string, showLog, asJSON bool, stdout, stderr io.Writer) int {
	b, code := qrsArmy("sim", vsPath, stderr)
	if b == nil {
		return code
	}
	other, err := qrsGroup(b, vsGroup)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs sim: %v\n", err)
		return 2
	}
	cfg := sim.FightConfig{A: sim.Side{Group: players, Cover: cover}, B: sim.Side{Group: other, Cover: vsCover}, MaxTurns: maxTurns}
	if cfg.Profiles, err = qrsOwnProfiles(a, b); err == nil {
		var s sim.FightSummary
		if s, err = sim.RunFight(cfg, battles, dice); err == nil {
			if !showLog {
				s.FirstLog = nil
			}
			if asJSON {
				return qrsJSON(stdout, stderr, map[string]any{"seed": seed, "a": players.Name, "b": other.Name, "summary": s})
			}
			fmt.Fprintf(stdout, "%s against %s, %d games (seed %d)\n", players.Name, other.Name, s.Battles, seed)
			fmt.Fprintf(stdout, "  %-24s %s\n", players.Name+" wins", pct(s.AWins))
			fmt.Fprintf(stdout, "  %-24s %s\n", other.Name+" wins", pct(s.BWins))
			fmt.Fprintf(stdout, "  %-24s %s\n", "undecided", pct(s.Undecided))
			fmt.Fprintf(stdout, "  turns %.1f, figures down %.1f and %.1f (means)\n", s.MeanTurns, s.MeanLostA, s.MeanLostB)
			qrsSimTail(stdout, s.FirstLog, s.NotSimulated)
			return 0
		}
	}
	fmt.Fprintf(stderr, "muster qrs sim: %v\n", err)
	return 2
}

func qrsSimTail(w io.Writer, log, notSimulated []string) {
	if len(log) > 0 {
		fmt.Fprintln(w, "\nThe first game:")
		for _, l := range log {
			fmt.Fprintln(w, "  "+l)
		}
	}
	fmt.Fprintln(w, "\nNot simulated:")
	for _, n := range notSimulated {
		fmt.Fprintln(w, "  - "+n)
	}
}
