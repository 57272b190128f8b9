package cli

// The skirmish quick reference (system: qrs) on the command line: its armies through
// `muster cost` and `muster check`, `muster odds qrs` for shooting odds, and `muster qrs ...`
// for the solo assistant and the other procedures. Everything game-related lives in
// rules/qrs; this file (the dispatcher and what the commands share) and qrs_cli_solo.go,
// qrs_cli_odds.go and qrs_cli_sim.go parse flags and print.

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"muster/rules/qrs"
	"muster/rules/qrs/solo"
)

const oddsQRSUsage = `usage: muster odds qrs --own-total T --enemy-total E [--cover] [--armour] [--extra-shooters N] [--json]
  T: the Defence total of your figures under fire; E: the Firepower total shooting at them`

// qrsFlags is a qrs command's flag set; parseFlags reports its problems.
func qrsFlags(name string, _ io.Writer) *flag.FlagSet {
	return flag.NewFlagSet(name, flag.ContinueOnError)
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
	if code, ok := parseFlagsOnly(fs, args, oddsQRSUsage, stdout, stderr,
		flagBounds{"own-total", 0, qrs.MaxTotal, "the Defence total of your figures under fire"},
		flagBounds{"enemy-total", 1, qrs.MaxTotal, "the Firepower total shooting at them"},
		flagBounds{"extra-shooters", 0, qrs.MaxExtraShooters, "extra figures shooting at the group"}); !ok {
		return code
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
        [--prefer OPTION] [--worse continued|half-plus] [--seed N] [--name NAME] [--force]
                              start a game: portal counters, the figures you have for the
                              enemy (no --pool: enough for anything), your army's groups
    spot --state GAME --counters 1,3
                              your figure comes into sight of these counters: roll enemy
                              force generation (both columns, the pool, the counter)
    orders --state GAME --group N|all [--die D] [--greater-fire] [--friends-retreating] [--alone]
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
        [--worse continued|half-plus] [--log] [--json]
                              play the group (all groups as one without --group) past the
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
	fmt.Fprintf(stderr, "muster qrs: %q is not a command of muster qrs; muster qrs help lists them\n", args[0])
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
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		fmt.Fprintf(stderr, "muster qrs: there is no game file %s (start one with muster qrs new --state %s)\n", path, path)
		return nil, 2
	case err == nil && fi.IsDir():
		fmt.Fprintf(stderr, "muster qrs: --state %s is a folder; name the game file (muster qrs new --state GAME starts one)\n", path)
		return nil, 2
	}
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs: %v\n", readError(path, err))
		return nil, 2
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, solo.MaxFileSize+1))
	if err != nil {
		fmt.Fprintf(stderr, "muster qrs: %v\n", readError(path, err))
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
		fmt.Fprintf(stderr, "muster qrs: the game was not saved: %s\n", writeProblem("state", path, err))
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
