package cli

// The skirmish quick reference's solo assistant on the command line: `muster qrs new`,
// `spot`, `orders`, `shoot`, `mark`, `fight`, `duel`, `medic`, `suppress`, `remove`, `turn`,
// `show` and `log`, each reading the game file, rolling from its seed and saving it again.

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"muster/rules/qrs"
	"muster/rules/qrs/army"
	"muster/rules/qrs/solo"
)

func qrsNew(args []string, stdout, stderr io.Writer) int {
	fs := qrsFlags("qrs new", stderr)
	path := fs.String("state", "", "the game file to create")
	armyPath := fs.String("army", "", "your army file (system: qrs)")
	counters := fs.String("counters", "", "portal counters, e.g. corner,cover,open")
	pool := fs.String("pool", "", "your figures for the enemy, e.g. stormtrooper=12,officer=1")
	prefer := fs.String("prefer", "", "the option you prefer where the result table offers one: "+strings.Join(solo.PreferKeys(), ", "))
	worse := fs.String("worse", "", "the shooting table's lost Worse row read as: "+strings.Join(qrs.WorseRowKeys, " (the default) or "))
	seed := fs.Uint64("seed", 0, "the dice seed (0: from the clock)")
	name := fs.String("name", "", "a name for the game")
	force := fs.Bool("force", false, "overwrite an existing game file")
	usage := "usage: muster qrs new --state GAME [--army ARMY] [--counters corner,cover,open] [--pool NAME=N,...] [--prefer OPTION] [--worse continued|half-plus] [--seed N] [--name NAME] [--force]"
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr); !ok {
		return code
	}
	if p := outputProblem("state", *path); p != "" {
		fmt.Fprintf(stderr, "muster qrs new: %s\n", p)
		return 2
	}
	if _, err := os.Stat(*path); err == nil && !*force {
		fmt.Fprintf(stderr, "muster qrs new: %s already exists; add --force to start over\n", *path)
		return 2
	}
	setup := solo.Setup{Name: *name, Seed: *seed, Prefer: *prefer}
	w, err := qrs.ParseWorseRow(*worse)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs new: --worse: %v\n", err)
		return 2
	}
	setup.Worse = w
	if setup.Seed == 0 {
		setup.Seed = uint64(time.Now().UnixNano())
	}
	for _, k := range strings.Split(*counters, ",") {
		if strings.TrimSpace(k) != "" {
			setup.Counters = append(setup.Counters, k)
		}
	}
	if setup.Pool, err = qrsPool(*pool); err != nil {
		fmt.Fprintf(stderr, "muster qrs new: %v\n", err)
		return 2
	}
	if *armyPath != "" {
		data, err := readCapped(*armyPath)
		if err != nil {
			fmt.Fprintf(stderr, "muster qrs new: --army: %v\n", err)
			return 2
		}
		if msg := otherSystemFile(*armyPath, data, army.ID); msg != "" {
			fmt.Fprintf(stderr, "muster qrs new: --army: %s\n", msg)
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
	usage := "usage: muster qrs spot --state GAME --counters 1,3 [--json]"
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr); !ok {
		return code
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

// situationBounds are the ranges of the situation flags qrsSituation defines.
var situationBounds = []flagBounds{
	{"quarters-killed", 0, 4, "quarters of the unit killed"},
	{"leaders", 0, 10, "heroes or officers within 12\""},
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
	die := fs.Int("die", 0, "the die rolled at the table for the group (1 to 6; 0: Muster rolls)")
	asJSON := fs.Bool("json", false, "print JSON")
	s := qrsSituation(fs)
	usage := "usage: muster qrs orders --state GAME --group N|all [--die D] [situation flags] (muster qrs help)"
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr, situationBounds...); !ok {
		return code
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
	dice := g.dice
	if *die != 0 {
		if *die < 1 || *die > 6 || *group == "all" {
			fmt.Fprintln(stderr, "muster qrs orders: --die: the die rolled at the table, 1 to 6, for one group (--group N)")
			return 2
		}
		dice = qrs.AtTable(*die, g.dice)
	}
	var results []solo.OrdersResult
	for _, id := range ids {
		r, err := solo.GiveOrders(g.st, id, *s, dice)
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
	usage := "usage: muster qrs shoot --state GAME --target N (--from G,G [--band long|medium|point-blank] | --enemy-total E) [--cover] [--extra N] [--running] [--figures N] [--force deflect|swipe] [--json]"
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr, flagBounds{"figures", 0, math.MaxInt32, "how many figures fire"}, flagBounds{"extra", 0, math.MaxInt32, "extra figures shooting"}); !ok {
		return code
	}
	if (*from == "") == (*enemy == 0) {
		fmt.Fprintf(stderr, "muster %s: name who shoots with --from G,G (the shooting groups) or --enemy-total E (their firepower total), one of the two\n", fs.Name())
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
	usage := "usage: muster qrs mark --state GAME --group N --figure I wound|heal|down|up|duck|force:-1|force:+1"
	rest, code, ok := parseFlags(fs, args, usage, stdout, stderr)
	if !ok {
		return code
	}
	if len(rest) != 1 {
		fmt.Fprintf(stderr, "muster %s: %s\n", fs.Name(), usageProblem(fs, rest[min(1, len(rest)):], usage))
		return 2
	}
	g, code := qrsLoad(*path, stderr)
	if g == nil {
		return code
	}
	if _, err := solo.Mark(g.st, *group, *figure, rest[0]); err != nil {
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
	usage := "usage: muster qrs fight --state GAME --figure G:I --against G:I[,G:I...]"
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr); !ok {
		return code
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
	usage := "usage: muster qrs duel --state GAME --figure G:I --against G:I [--kill]"
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr); !ok {
		return code
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
		usage := fmt.Sprintf("usage: muster qrs %s --state GAME --group N --figure I", name)
		if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr); !ok {
			return code
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
	usage := "usage: muster qrs remove --state GAME --counter N"
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr); !ok {
		return code
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
	usage := "usage: muster qrs turn --state GAME"
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr); !ok {
		return code
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
	usage := "usage: muster qrs show --state GAME [--json]"
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr); !ok {
		return code
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
	usage := "usage: muster qrs log --state GAME"
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr); !ok {
		return code
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
