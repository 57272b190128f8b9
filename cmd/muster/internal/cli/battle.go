package cli

import (
	"flag"
	"fmt"
	"io"
	"strconv"

	"muster/roster"
	"muster/rules/battle"
	"muster/rules/battle/muster"
)

const battleUsage = `usage: muster battle [--scenario NAME|FILE.json] [--seed N] [--svg DIR] [--html FILE] A.yaml B.yaml
  plays one battle of army A (the scenario's first side) against army B and prints its
  turn-by-turn log and result; the same armies, scenario and seed give the same log.
  --svg DIR also draws the battle on the map, one SVG per phase (DIR/000-setup.svg, ...);
  --html FILE writes the replay as one self-contained page with a phase-by-phase scrubber.
  Scenarios: ` + "open-field (default), like-rats-in-a-trap, defending-the-bridge, crystal-forest-of-goratak, open-field-at-night"

// cmdBattle plays one battle. Exit 0: played; 2: bad arguments or unreadable armies.
func cmdBattle(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("battle", flag.ContinueOnError)
	scenario := fs.String("scenario", battle.DefaultScenario, "the battlefield and its rules")
	seed := fs.String("seed", "1", "the battle's seed (0 to 2^64-1)")
	svgDir := fs.String("svg", "", "a directory to draw the battle in, one SVG per phase")
	htmlFile := fs.String("html", "", "a file to write the battle's replay to, as one page")
	files, code, ok := parseFlags(fs, args, battleUsage, stdout, stderr)
	if !ok {
		return code
	}
	if len(files) == 0 {
		// "muster battle alone lists the scenarios" (muster help).
		fmt.Fprintln(stdout, "The scenarios (muster battle --scenario ID A.yaml B.yaml):")
		for _, sc := range battle.Scenarios() {
			def := ""
			if sc.ID == battle.DefaultScenario {
				def = " (the default)"
			}
			fmt.Fprintf(stdout, "  %s%s: %s\n      %s\n", sc.ID, def, sc.Name, sc.Description)
		}
		return 0
	}
	if len(files) != 2 {
		fmt.Fprintf(stderr, "muster battle: name two army files, A.yaml and B.yaml; %d given (muster battle --help)\n", len(files))
		return 2
	}
	s, err := strconv.ParseUint(*seed, 10, 64)
	if err != nil {
		fmt.Fprintf(stderr, "muster battle: --seed %q: a whole number from 0 to 18446744073709551615\n", *seed)
		return 2
	}
	if p := outputDirProblem("svg", *svgDir); *svgDir != "" && p != "" {
		fmt.Fprintf(stderr, "muster battle: %s\n", p)
		return 2
	}
	if p := outputProblem("html", *htmlFile); *htmlFile != "" && p != "" {
		fmt.Fprintf(stderr, "muster battle: %s\n", p)
		return 2
	}
	m, code := battleSetup("battle", *scenario, files[0], files[1], stderr)
	if m == nil {
		return code
	}
	bt := battle.New(m.field, m.forces[0], m.forces[1])
	if *svgDir == "" && *htmlFile == "" {
		bt.Play(s, stdout)
		return 0
	}
	_, tr := bt.PlayTrace(s, stdout)
	return writeReplay(tr, *svgDir, *htmlFile, stderr)
}

// matchSetup is what the battle, sim and whatif commands play: the scenario, the two armies
// as read (and their files' bytes, since standard input can be read only once) and as forces.
type matchSetup struct {
	field  *battle.Field
	armies [2]*roster.Army
	files  [2][]byte
	forces [2]*battle.Force
}

// battleSetup loads a scenario and two armies as forces; nil and the exit code when one
// cannot be read (said on stderr).
func battleSetup(cmd, scenario, a, b string, stderr io.Writer) (*matchSetup, int) {
	field, code := scenarioArg(cmd, "--scenario", scenario, stderr)
	if field == nil {
		return nil, code
	}
	m := &matchSetup{field: field}
	for i, path := range []string{a, b} {
		data, err := readCapped(path)
		if err != nil {
			fmt.Fprintf(stderr, "muster: %v\n", err)
			return nil, 2
		}
		army, code := parseArmy(path, data, stderr)
		if army == nil {
			return nil, code
		}
		f, err := muster.NewForce(armyCatalog(army), army)
		if err != nil {
			fmt.Fprintf(stderr, "muster %s: %s: %v\n", cmd, path, err)
			return nil, 2
		}
		m.armies[i], m.files[i], m.forces[i] = army, data, f
	}
	return m, 0
}
