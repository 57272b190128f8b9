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
	"strings"

	"muster/rules/qrs"
	"muster/rules/qrs/army"
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

const qrsUsage = `usage: muster qrs COMMAND ...
  (see muster help)`

// cmdQRS dispatches `muster qrs COMMAND`.
func cmdQRS(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, qrsUsage)
		return 2
	}
	fmt.Fprintf(stderr, "muster qrs: unknown command %q\n%s\n", args[0], qrsUsage)
	return 2
}
