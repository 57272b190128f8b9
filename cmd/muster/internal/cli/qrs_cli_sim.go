package cli

// The skirmish quick reference's quick-resolve on the command line: `muster qrs sim`.

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"muster/cmd/muster/internal/systems"
	"muster/rules/qrs"
	"muster/rules/qrs/army"
	"muster/rules/qrs/sim"
	"muster/rules/qrs/solo"
)

// qrsArmy reads and resolves a qrs army file; nil with the exit code when it cannot be used.
func qrsArmy(cmd, path string, stderr io.Writer) (*army.Army, int) {
	data, err := readCapped(path)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs %s: %v\n", cmd, err)
		return nil, 2
	}
	if msg := otherSystemFile(path, data, army.ID); msg != "" {
		fmt.Fprintf(stderr, "muster qrs %s: %s\n", cmd, msg)
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
	worse := fs.String("worse", "", "the shooting table's lost Worse row read as: "+strings.Join(qrs.WorseRowKeys, " (the default) or "))
	sight := fs.Int("sight", 1, "how many counters ahead the group sees at once")
	cover := fs.Bool("cover", false, "the group fights from cover")
	objective := fs.Int("objective", 0, "turns of advance to the objective (0: one past the last counter)")
	maxTurns := fs.Int("max-turns", 12, "turns before the attempt fails")
	battles := fs.Int("battles", 1000, "games to play")
	seed := fs.Uint64("seed", 0, "the dice seed (0: from the clock)")
	showLog := fs.Bool("log", false, "print the first game's log")
	asJSON := fs.Bool("json", false, "print one JSON object")
	usage := `usage: muster qrs sim --army ARMY [--group N] [--cover]
         (--counters KINDS [--pool NAME=N,...] [--prefer OPTION] [--sight N] [--objective TURNS]
          | --vs ARMY [--vs-group N] [--vs-cover])
         [--worse continued|half-plus] [--max-turns N] [--battles N] [--seed S] [--log] [--json]   (muster qrs help)`
	if code, ok := parseFlagsOnly(fs, args, usage, stdout, stderr); !ok {
		return code
	}
	// The engine would take a zero or negative count as "the default"; typed on the command
	// line it is a mistake to name, not to replace.
	var bad string
	switch {
	case *armyPath == "":
		bad = "--army is required: your army file (system: qrs)"
	case *counters == "" && *vsPath == "":
		bad = "give --counters KINDS (portals along the approach) or --vs ARMY (a group to fight)"
	case *counters != "" && *vsPath != "":
		bad = "--counters and --vs are two different games; give one"
	case *sight < 1 || *sight > 10:
		bad = fmt.Sprintf("--sight %d: write how many counters ahead the group sees, 1 to 10", *sight)
	case *maxTurns < 1 || *maxTurns > 100:
		bad = fmt.Sprintf("--max-turns %d: write 1 to 100 turns", *maxTurns)
	case *objective < 0 || *objective > 100:
		bad = fmt.Sprintf("--objective %d: write 1 to 100 turns of advance, or 0 for one past the last counter", *objective)
	case *battles < 1 || *battles > sim.MaxBattles:
		bad = fmt.Sprintf("--battles %d: write 1 to %d games", *battles, sim.MaxBattles)
	case *group < 0 || *vsGroup < 0:
		bad = "--group and --vs-group: write a group's number (1 is the first), or 0 for all groups as one"
	}
	if bad != "" {
		fmt.Fprintf(stderr, "muster qrs sim: %s\n", bad)
		return 2
	}
	a, code := qrsArmy("sim", *armyPath, stderr)
	if a == nil {
		return code
	}
	players, err := qrsGroup(a, *group)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs sim: --group %d: %v\n", *group, err)
		return 2
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	w, err := qrs.ParseWorseRow(*worse)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs sim: --worse: %v\n", err)
		return 2
	}
	dice := func(i int) qrs.Dice {
		r := rand.New(rand.NewPCG(*seed, uint64(i)))
		return qrs.DiceFunc(func(n int) int { return r.IntN(n) + 1 })
	}
	pct := func(r sim.Rate) string {
		return fmt.Sprintf("%5.1f%% (95%%: %.1f%% to %.1f%%)", r.P*100, r.Low*100, r.High*100)
	}
	if *vsPath != "" {
		return qrsSimFight(a, players, *vsPath, *vsGroup, *cover, *vsCover, *maxTurns, *battles, *seed, w, dice, pct, *showLog, *asJSON, stdout, stderr)
	}
	cfg := sim.Config{Players: players, Sight: *sight, Cover: *cover, Objective: *objective, MaxTurns: *maxTurns, Prefer: *prefer, Worse: w}
	if cfg.Profiles, err = systems.QRSProfiles(a); err != nil {
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
		fmt.Fprintf(stderr, "muster qrs sim: %v\n", systems.QRSSeeded(err, *seed))
		return playExit(err)
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
	fmt.Fprintf(stdout, "  turns %.1f, enemy figures appearing %.1f (%.1f of them killed), own figures down %.1f (means)\n", s.MeanTurns, s.MeanEnemies, s.MeanDown, s.MeanLost)
	qrsSimTail(stdout, s.FirstLog, s.NotSimulated)
	return 0
}

// qrsSimFight is `muster qrs sim --vs`: two groups shooting it out.
func qrsSimFight(a *army.Army, players army.Group, vsPath string, vsGroup int, cover, vsCover bool, maxTurns, battles int, seed uint64,
	worse qrs.WorseRow, dice func(int) qrs.Dice, pct func(sim.Rate) string, showLog, asJSON bool, stdout, stderr io.Writer) int {
	b, code := qrsArmy("sim", vsPath, stderr)
	if b == nil {
		return code
	}
	other, err := qrsGroup(b, vsGroup)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs sim: %v\n", err)
		return 2
	}
	cfg := sim.FightConfig{A: sim.Side{Group: players, Cover: cover}, B: sim.Side{Group: other, Cover: vsCover}, MaxTurns: maxTurns, Worse: worse}
	if cfg.Profiles, err = systems.QRSProfiles(a, b); err == nil {
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
	fmt.Fprintf(stderr, "muster qrs sim: %v\n", systems.QRSSeeded(err, seed))
	return playExit(err)
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
