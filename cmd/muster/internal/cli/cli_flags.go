package cli

// What every subcommand shares when it reads its command line: flags before or after the
// file names, --help on standard output with exit 0, and a bad flag told in one line that
// names it and the fix, instead of the flag package's "flag provided but not defined" and
// a dump of Go-style defaults.

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"regexp"
	"strings"
	"time"
)

// parseFlags parses a command's arguments, its flags written before or after its file names
// (`muster check army.yaml --limits gm.yaml`), and returns the file names. ok is false when
// the command must stop with code: 0 after --help (usage and the flags printed on stdout),
// 2 after a bad flag (one line on stderr naming it). The command's name is fs.Name().
func parseFlags(fs *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (files []string, code int, ok bool) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.VisitAll(func(f *flag.Flag) {
		if _, done := f.Value.(*onceValue); !done {
			f.Value = &onceValue{Value: f.Value}
		}
	})
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				printUsage(stdout, fs, usage)
				return nil, 0, false
			}
			fmt.Fprintf(stderr, "muster %s: %s\n", fs.Name(), flagProblem(fs, err))
			return nil, 2, false
		}
		if fs.NArg() == 0 {
			return files, 0, true
		}
		// After "--" every argument is a name, even one starting with "-".
		if len(args) > 0 && len(args)-fs.NArg() > 0 && args[len(args)-fs.NArg()-1] == "--" {
			return append(files, fs.Args()...), 0, true
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// parseFlagsOnly is parseFlags for a command that takes no file names. It refuses in one
// line, exit 2, the first of: a number flag outside its bounds (outOfRange), an argument
// left over, a flag the usage requires (written outside [ ] and ( )) that was not given.
func parseFlagsOnly(fs *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer, bounds ...flagBounds) (code int, ok bool) {
	rest, code, ok := parseFlags(fs, args, usage, stdout, stderr)
	if !ok {
		return code, false
	}
	msg := outOfRange(fs, bounds...)
	if msg == "" && len(rest) > 0 {
		msg = usageProblem(fs, rest, usage)
	}
	if msg == "" {
		msg = missingFlag(fs, usage)
	}
	if msg != "" {
		fmt.Fprintf(stderr, "muster %s: %s\n", fs.Name(), msg)
		return 2, false
	}
	return 0, true
}

// printUsage prints a command's usage and then every flag it takes, from the flag set
// itself, so that --help cannot leave one out.
func printUsage(w io.Writer, fs *flag.FlagSet, usage string) {
	fmt.Fprintln(w, strings.TrimRight(usage, "\n"))
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		return
	}
	fmt.Fprintln(w, "\nFlags:")
	fs.VisitAll(func(f *flag.Flag) {
		name, help := flag.UnquoteUsage(unwrapped(f))
		left := "  --" + f.Name
		if name != "" {
			left += " " + strings.ToUpper(name)
		}
		// A negative default is "not given" (the command asks for the flag), not a value to show.
		if def := f.DefValue; def != "" && def != "false" && def != "0" && !strings.HasPrefix(def, "-") {
			help += " (default " + def + ")"
		}
		if len(left) < 26 {
			fmt.Fprintf(w, "%-26s %s\n", left, help)
		} else {
			fmt.Fprintf(w, "%s\n%-26s %s\n", left, "", help)
		}
	})
}

var (
	flagUnknown  = regexp.MustCompile(`^flag provided but not defined: -+(.*)$`)
	flagNeedsArg = regexp.MustCompile(`^flag needs an argument: -+(.*)$`)
	flagBadValue = regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for (?:flag )?-+([^:]+): (.*)$`)
	flagBadBool  = regexp.MustCompile(`^invalid boolean flag ([^:]+): (.*)$`)
	flagSyntax   = regexp.MustCompile(`^bad flag syntax: (.*)$`)
)

// flagProblem says in a player's words what is wrong with a flag, from the flag package's
// error (whose wording the standard library keeps stable).
func flagProblem(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if m := flagUnknown.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("--%s is not a flag of muster %s; muster %s --help lists them", m[1], fs.Name(), fs.Name())
	}
	if m := flagNeedsArg.FindStringSubmatch(msg); m != nil {
		f := fs.Lookup(m[1])
		if f == nil {
			return fmt.Sprintf("--%s needs a value after it", m[1])
		}
		return fmt.Sprintf("--%s needs a value after it: %s", m[1], valueWanted(f))
	}
	if m := flagBadValue.FindStringSubmatch(msg); m != nil {
		value, name, why := m[1], m[2], m[3]
		f := fs.Lookup(name)
		if f == nil {
			return fmt.Sprintf("--%s %q: %s", name, value, why)
		}
		if ov, ok := f.Value.(*onceValue); ok && ov.twice {
			return fmt.Sprintf("--%s is given twice (%s, then %s); give it once", name, ov.first, value)
		}
		if why == errNotFinite.Error() {
			return fmt.Sprintf("--%s %s is not a number Muster can use: %s", name, value, valueWanted(f))
		}
		if strings.Contains(why, "out of range") {
			return fmt.Sprintf("--%s %s is too large: %s", name, value, valueWanted(f))
		}
		if isBool(f) {
			return fmt.Sprintf("--%s=%s: write --%s alone to turn it on (or --%s=false)", name, value, name, name)
		}
		return fmt.Sprintf("--%s %q: %s", name, value, valueWanted(f))
	}
	if m := flagBadBool.FindStringSubmatch(msg); m != nil {
		if f := fs.Lookup(m[1]); f != nil {
			if ov, ok := f.Value.(*onceValue); ok && ov.twice {
				return fmt.Sprintf("--%s is given twice, once as %s; give it once", m[1], ov.first)
			}
		}
		return fmt.Sprintf("--%s: write --%s alone to turn it on (or --%s=false)", m[1], m[1], m[1])
	}
	if m := flagSyntax.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("%q is not a flag; write flags as --name or --name VALUE (muster %s --help)", m[1], fs.Name())
	}
	return msg
}

// valueWanted says what kind of value a flag takes.
func valueWanted(f *flag.Flag) string {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return "muster --help says what it takes"
	}
	switch g.Get().(type) {
	case int, int64:
		return "write a whole number, such as " + exampleOf(f, "10")
	case uint, uint64:
		return "write a whole number from 0 to 18446744073709551615, such as " + exampleOf(f, "1")
	case float64:
		return "write a number, such as " + exampleOf(f, "1.5")
	case time.Duration:
		return "write a duration, such as 30s or 5m"
	case bool:
		return "write --" + f.Name + " alone to turn it on"
	}
	name, _ := flag.UnquoteUsage(unwrapped(f))
	return "write it as --" + f.Name + " " + strings.ToUpper(name)
}

// unwrapped is the flag as defined, before parseFlags wrapped its value, for the flag
// package to name the kind of value it takes (int, string, the usage's `file`).
func unwrapped(f *flag.Flag) *flag.Flag {
	ov, ok := f.Value.(*onceValue)
	if !ok {
		return f
	}
	c := *f
	c.Value = ov.Value
	return &c
}

func exampleOf(f *flag.Flag, fallback string) string {
	if f.DefValue != "" && f.DefValue != "0" && !strings.HasPrefix(f.DefValue, "-") {
		return f.DefValue
	}
	return fallback
}

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// onceValue refuses a flag given twice with two values: `--seed 1 ... --seed 5` is almost
// always a command line edited in a hurry, and the flag package would keep the last value
// without a word. The same value twice (`--json ... --json`) means the same and passes.
type onceValue struct {
	flag.Value
	set, twice bool
	first      string
}

// errTwice and errNotFinite are reported by flagProblem in words; their text never reaches
// a player.
var (
	errTwice     = errors.New("given twice")
	errNotFinite = errors.New("not finite")
)

func (o *onceValue) Set(s string) error {
	if o.set {
		if s == o.first {
			return nil
		}
		o.twice = true
		return errTwice
	}
	o.set, o.first = true, s
	if err := o.Value.Set(s); err != nil {
		return err
	}
	// The flag package reads "NaN" and "Inf" as numbers; no distance or total is either.
	if f, ok := o.Get().(float64); ok && (math.IsNaN(f) || math.IsInf(f, 0)) {
		return errNotFinite
	}
	return nil
}

func (o *onceValue) IsBoolFlag() bool {
	b, ok := o.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

func (o *onceValue) Get() any {
	if g, ok := o.Value.(flag.Getter); ok {
		return g.Get()
	}
	return o.Value.String()
}

// outOfRange checks number flags against their ranges, in order, and says what is wrong
// with the first one outside: "--melee is required (0 to 20)" when it was not given (its
// default is a "not given" mark outside the range), "--leaders 99: write 0 to 10" when it
// was. "" when all are within.
func outOfRange(fs *flag.FlagSet, checks ...flagBounds) string {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, c := range checks {
		f := fs.Lookup(c.name)
		if f == nil {
			continue
		}
		var v float64
		switch x := f.Value.(flag.Getter).Get().(type) {
		case int:
			v = float64(x)
		case float64:
			v = x
		default:
			continue
		}
		if v >= c.lo && v <= c.hi {
			continue
		}
		if !set[c.name] {
			return fmt.Sprintf("--%s is required: %s, %s", c.name, c.what, c.span())
		}
		return fmt.Sprintf("--%s %s: write %s (%s)", c.name, f.Value.String(), c.span(), c.what)
	}
	return ""
}

// workersBounds is --workers of sim and whatif: each worker holds a battle of its own, so a
// mistyped 100000 would take gigabytes to share the same few cores more thinly.
var workersBounds = flagBounds{"workers", 0, 1024, "battles played at once; 0 is one per CPU"}

// flagBounds is a number flag's range, and what it counts.
type flagBounds struct {
	name   string
	lo, hi float64
	what   string
}

func (c flagBounds) span() string {
	if c.hi >= math.MaxInt32 {
		return fmt.Sprintf("%g or more", c.lo)
	}
	return fmt.Sprintf("%g to %g", c.lo, c.hi)
}

var (
	optionalPart = regexp.MustCompile(`\[[^\[\]]*\]|\([^()]*\)`)
	usageFlag    = regexp.MustCompile(`--([a-z0-9-]+)`)
)

// usageProblem says what is wrong when a command's arguments do not fit its one-line usage:
// an argument where it takes none, or the first flag the usage requires (written outside
// [ ] and ( )) that was not given; else the usage itself, as the way to write the command.
func usageProblem(fs *flag.FlagSet, rest []string, usage string) string {
	if len(rest) > 0 {
		return fmt.Sprintf("unexpected argument %q; every value is given with a flag (muster %s --help)", rest[0], fs.Name())
	}
	if msg := missingFlag(fs, usage); msg != "" {
		return msg
	}
	return "write it as " + strings.TrimPrefix(usage, "usage: ")
}

// missingFlag names the first flag the usage requires (written outside [ ] and ( )) that
// was not given: "--state is required: the game file"; "" when all were.
func missingFlag(fs *flag.FlagSet, usage string) string {
	required := usage
	for {
		next := optionalPart.ReplaceAllString(required, "")
		if next == required {
			break
		}
		required = next
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, m := range usageFlag.FindAllStringSubmatch(required, -1) {
		if f := fs.Lookup(m[1]); f != nil && !set[m[1]] {
			return fmt.Sprintf("--%s is required: %s", m[1], f.Usage)
		}
	}
	return ""
}
