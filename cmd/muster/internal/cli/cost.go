package cli

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

	"muster/cmd/muster/internal/systems"
	"muster/costing"
	"muster/roster"
	"muster/rules"
	"muster/rules/system"
)

// costReport is the JSON shape of `muster cost --json` (../shared/spec/army-file.md), with
// the problems house rules waived beside the ones that count.
type costReport struct {
	Name     string              `json:"name"`
	System   string              `json:"system"`
	Side     rules.Side          `json:"side"`
	Limit    int                 `json:"limit,omitempty"`
	Total    int                 `json:"total"`
	Units    []costing.Breakdown `json:"units"`
	Problems []roster.Problem    `json:"problems"`
	Waived   []roster.Problem    `json:"waived,omitempty"`
}

const costUsage = `usage: muster cost [--json|--text] [--limits LIMITS] FILE
  prints each unit's record-sheet cost breakdown, the army total and every problem
  muster check finds; FILE "-" reads the army from standard input. Exit 0: no errors;
  1: errors (costs still printed); 2: a file cannot be read or parsed.`

const checkUsage = `usage: muster check [--json] [--limits LIMITS] FILE
  checks the army against the Troop Lists, the creation rules and a gamemaster's force
  limits; FILE "-" reads the army from standard input. Exit 0: no errors (warnings and
  notes allowed); 1: errors; 2: a file cannot be read or parsed.`

// cmdCost prints an army's costs and every problem `muster check` finds. Exit 0: no errors;
// 1: errors (costs still printed); 2: a file cannot be read or parsed.
func cmdCost(args []string, stdout, stderr io.Writer) int {
	args, asText := textFlag(args)
	army, res, asJSON, code := evaluateArgs("cost", args, stdout, stderr)
	if army == nil {
		return code
	}
	if asText && asJSON {
		fmt.Fprintln(stderr, "muster cost: --json and --text are two ways to print the same; give one")
		return 2
	}
	if asText {
		fmt.Fprint(stdout, costing.Text(army, res))
	} else if asJSON {
		rep := costReport{Name: army.Name, System: "swmb", Side: army.Side, Limit: army.Limit,
			Total: res.Total, Units: res.Units, Problems: res.Problems, Waived: res.Waived}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(stderr, "muster: %v\n", err)
			return 2
		}
	} else {
		printCost(stdout, army, res)
	}
	if roster.HasErrors(res.Problems) {
		return 1
	}
	return 0
}

// textFlag takes `--text` (the plain-text list for forums) out of muster cost's arguments.
func textFlag(args []string) ([]string, bool) {
	var out []string
	text := false
	for _, a := range args {
		if a == "--text" || a == "-text" {
			text = true
			continue
		}
		out = append(out, a)
	}
	return out, text
}

// evaluateArgs is what `muster cost` and `muster check` share: their flags, reading the
// army and the limits file, and evaluating the army. army is nil when the command must stop
// with the exit status code. An army of another game system is costed and checked here
// through its system (systems.go), and army is nil with that command's exit code.
func evaluateArgs(cmd string, args []string, stdout, stderr io.Writer) (army *roster.Army, res *costing.Result, asJSON bool, code int) {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	jsonFlag := fs.Bool("json", false, "print one JSON object")
	limitsPath := fs.String("limits", "", "check against a gamemaster's limits `file` (replaces the army's limits: block)")
	usage := checkUsage
	if cmd == "cost" {
		usage = costUsage
		fs.Bool("text", false, "print the plain-text list for a forum or a chat")
	}
	files, code, ok := parseFlags(fs, args, usage, stdout, stderr)
	if !ok {
		return nil, nil, false, code
	}
	if len(files) != 1 {
		fmt.Fprintf(stderr, "muster %s: name one army file, as in muster %s army.yaml (muster %s --help)\n", cmd, cmd, cmd)
		return nil, nil, false, 2
	}
	data, err := readCapped(files[0])
	if err != nil {
		fmt.Fprintf(stderr, "muster %s: %v\n", cmd, err)
		return nil, nil, false, 2
	}
	if sys := systems.For(data); sys != nil {
		if *limitsPath != "" {
			fmt.Fprintf(stderr, "muster %s: --limits is for Star Wars Miniatures Battles armies; %s armies carry their limit in the file\n", cmd, sys.Title())
			return nil, nil, false, 2
		}
		return nil, nil, false, evaluateOther(sys, files[0], data, *jsonFlag, stdout, stderr)
	}
	army, code = parseArmy(files[0], data, stderr)
	if army == nil {
		return nil, nil, false, code
	}
	limits, code := readLimitsFile(*limitsPath, stderr)
	if code != 0 {
		return nil, nil, false, code
	}
	return army, costing.Evaluate(rules.Default(), army, limits), *jsonFlag, 0
}

// armyCatalog is the built-in catalogue with the army's own catalog: block, for the commands
// that read an army's names outside costing.Evaluate (sheets, battles, odds).
func armyCatalog(army *roster.Army) *rules.Catalog {
	c, _ := costing.CatalogFor(rules.Default(), army)
	return c
}

// readLimitsFile reads a gamemaster's limits file; an empty path means none. The exit code
// is 2 when it cannot be read or parsed.
func readLimitsFile(path string, stderr io.Writer) (*roster.Limits, int) {
	if path == "" {
		return nil, 0
	}
	data, err := readCapped(path)
	if err != nil {
		// Named by its flag: beside the army file, "there is no file x" alone leaves the
		// player to guess which of the two is missing.
		fmt.Fprintf(stderr, "muster: --limits: %v\n", err)
		return nil, 2
	}
	l, err := roster.ReadLimits(data)
	if err != nil {
		fmt.Fprintf(stderr, "muster: %s: %v\n", path, err)
		return nil, 2
	}
	return l, 0
}

// readCapped reads at most one byte more than an army file may hold, so that an enormous
// file is refused by its size without being read whole. The path "-" is standard input.
// Its errors say what Muster was reading and what to do, in words (readError).
func readCapped(path string) ([]byte, error) {
	if path == "-" {
		if stdinTaken == stdin {
			return nil, errors.New(`standard input ("-") was read already for another file; give at most one file as -`)
		}
		stdinTaken = stdin
		data, err := io.ReadAll(io.LimitReader(stdin, roster.MaxFileSize+1))
		if err != nil {
			return nil, fmt.Errorf("cannot read standard input: %w", err)
		}
		return data, nil
	}
	if fi, err := os.Stat(path); err != nil {
		return nil, readError(path, err)
	} else if fi.IsDir() {
		return nil, fmt.Errorf("%s is a folder, not a file; name a file inside it", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, readError(path, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, roster.MaxFileSize+1))
	if err != nil {
		return nil, readError(path, err)
	}
	return data, nil
}

// stdinTaken is the standard input readCapped has read, which cannot be read a second time
// (muster battle - -); tests hand in a new reader for each run.
var stdinTaken io.Reader

// readError says why a file could not be read, in words, keeping the system's reason only
// where there is no plainer one.
func readError(path string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("there is no file %s; check its name and folder", path)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("cannot read %s: you do not have permission to read it", path)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("cannot read %s: %v", path, err)
}

// readArmy reads and parses an army file, reporting failures as the contract asks (exit 2,
// with line and column).
func readArmy(path string, stderr io.Writer) (*roster.Army, int) {
	return readFlagArmy("", path, stderr)
}

// readFlagArmy is readArmy for an army file given by a flag (--army, --target-army): a file
// that cannot be read is named by its flag, as the command takes two.
func readFlagArmy(flagName, path string, stderr io.Writer) (*roster.Army, int) {
	data, err := readCapped(path)
	if err != nil {
		if flagName != "" {
			fmt.Fprintf(stderr, "muster: --%s: %v\n", flagName, err)
		} else {
			fmt.Fprintf(stderr, "muster: %v\n", err)
		}
		return nil, 2
	}
	return parseArmy(path, data, stderr)
}

// parseArmy parses an army file read already (standard input can be read only once).
func parseArmy(path string, data []byte, stderr io.Writer) (*roster.Army, int) {
	if msg := otherSystemFile(path, data, system.SWMB); msg != "" {
		fmt.Fprintf(stderr, "muster: %s\n", msg)
		return nil, 2
	}
	army, err := roster.Read(data)
	if err != nil {
		if id := system.Detect(data); id != system.SWMB && len(systems.Others()) > 0 {
			fmt.Fprintf(stderr, "muster: %s: system: %q is not a game Muster knows; write one of %s\n", path, id, strings.Join(systems.Known(), ", "))
			return nil, 2
		}
		fmt.Fprintf(stderr, "muster: %s: %v\n", path, err)
		return nil, 2
	}
	return army, 0
}

func printCost(w io.Writer, army *roster.Army, res *costing.Result) {
	fmt.Fprintf(w, "%s (%s)\n", army.Name, army.Side)
	for i, u := range res.Units {
		fmt.Fprintf(w, "\n[%d] %s (%s)\n", i, u.Name, u.Kind)
		for _, l := range u.Lines {
			label := l.Label
			if l.Subtotal {
				label = "= " + label
			}
			fmt.Fprintf(w, "  %-44s %6d", label, l.SGP)
			if l.Note != "" {
				fmt.Fprintf(w, "  %s", l.Note)
			}
			fmt.Fprintln(w)
		}
		if u.Walk > 0 || u.Run > 0 {
			var rates []string
			if u.Walk > 0 {
				rates = append(rates, "walk "+inches(u.Walk))
			}
			if u.Run > 0 {
				rates = append(rates, "run "+inches(u.Run))
			}
			fmt.Fprintf(w, "  Movement: %s\n", strings.Join(rates, ", "))
		}
		if u.Erratum != "" {
			fmt.Fprintf(w, "  Book prints %d; by the rules %d: %s\n", u.Printed, u.Cost, u.Erratum)
		}
		fmt.Fprintf(w, "  Unit cost: %d\n", u.Cost)
	}
	fmt.Fprintln(w)
	if army.Limit > 0 {
		fmt.Fprintf(w, "Army total: %d of %d SGPs", res.Total, army.Limit)
		if res.Total > army.Limit {
			fmt.Fprintf(w, " (%d over)", res.Total-army.Limit)
		}
		fmt.Fprintln(w)
	} else {
		fmt.Fprintf(w, "Army total: %d SGPs\n", res.Total)
	}
	printProblems(w, res)
}

// printProblems lists the problems that count, then those house rules waived.
func printProblems(w io.Writer, res *costing.Result) {
	if len(res.Problems) == 0 {
		fmt.Fprintln(w, "No problems found.")
	} else {
		fmt.Fprintf(w, "\nProblems (%d):\n", len(res.Problems))
		for _, p := range res.Problems {
			fmt.Fprintf(w, "  %s%s\n", p, ruleTag(p))
		}
	}
	if len(res.Waived) > 0 {
		fmt.Fprintf(w, "\nWaived by house rules (%d):\n", len(res.Waived))
		for _, p := range res.Waived {
			fmt.Fprintf(w, "  %s%s\n", p, ruleTag(p))
		}
	}
}

func ruleTag(p roster.Problem) string {
	if p.Rule == "" {
		return ""
	}
	return " [" + p.Rule + "]"
}

func inches(v float64) string {
	return strconv.FormatFloat(v, 'f', -1, 64) + `"`
}
