package main

// muster swm battle and muster swm sim: d20 battles between two squad files.

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"muster/rules/swm/army"
	"muster/rules/swm/check"
	"muster/rules/swm/engine"
)

// swmSquads reads the two squad files and fields them; a squad that fails its checks or
// whose cards lack values cannot play. It prints why and returns the exit code 2.
func swmSquads(cmd string, files []string, stderr io.Writer) ([2]engine.Squad, bool) {
	var out [2]engine.Squad
	if len(files) != 2 {
		fmt.Fprintf(stderr, "muster swm %s: give two squad files\n%s\n", cmd, swmUsage)
		return out, false
	}
	for i, path := range files {
		data, err := readCapped(path)
		if err != nil {
			fmt.Fprintf(stderr, "muster: %v\n", err)
			return out, false
		}
		a, err := army.Read(data)
		if err != nil {
			fmt.Fprintf(stderr, "muster: %s: %v\n", path, err)
			return out, false
		}
		c, err := check.Evaluate(a)
		if err != nil {
			fmt.Fprintf(stderr, "muster: %s: %v\n", path, err)
			return out, false
		}
		if rep := c.Report(); rep.HasErrors() {
			fmt.Fprintf(stderr, "muster: %s: the squad has errors; muster check shows them:\n", path)
			for _, p := range rep.Problems {
				if p.Severity == "error" {
					fmt.Fprintf(stderr, "  %s\n", p.Message)
				}
			}
			return out, false
		}
		s, err := engine.FromCosted(c)
		if err != nil {
			var inc *engine.IncompleteError
			if errors.As(err, &inc) {
				fmt.Fprintf(stderr, "muster: %s: %v\n", path, inc)
			} else {
				fmt.Fprintf(stderr, "muster: %s: %v\n", path, err)
			}
			return out, false
		}
		if s.Name == "" {
			s.Name = fmt.Sprintf("Squad %d", i+1)
		}
		out[i] = s
	}
	if out[0].Name == out[1].Name {
		out[0].Name += " (A)"
		out[1].Name += " (B)"
	}
	return out, true
}

func swmMap(cmd, name string, stderr io.Writer) bool {
	if _, ok := engine.Scenario(name); !ok {
		fmt.Fprintf(stderr, "muster swm %s: no scenario %q; write one of %s\n", cmd, name, strings.Join(engine.Scenarios(), ", "))
		return false
	}
	return true
}

// swmBattle plays one battle and prints its log.
func swmBattle(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("battle", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "the dice's seed: the same seed replays the same battle")
	scenario := fs.String("scenario", "open", "the map: "+strings.Join(engine.Scenarios(), ", "))
	files, ok := parseInterleaved(fs, args)
	if !ok || !swmMap("battle", *scenario, stderr) {
		return 2
	}
	squads, ok := swmSquads("battle", files, stderr)
	if !ok {
		return 2
	}
	m, _ := engine.Scenario(*scenario)
	r, err := engine.Play(m, squads[0], squads[1], rand.New(rand.NewPCG(*seed, 0)), true)
	if err != nil {
		fmt.Fprintf(stderr, "muster swm battle: %v\n", err)
		return 2
	}
	fmt.Fprintf(stdout, "%s against %s on the %s map (%s), seed %d\n\n", squads[0].Name, squads[1].Name, m.Name, m.Note, *seed)
	for _, l := range r.Log {
		fmt.Fprintln(stdout, l)
	}
	fmt.Fprintf(stdout, "\nAfter %d rounds: points defeated %s %d, %s %d\n", r.Rounds, squads[0].Name, r.Defeated[0], squads[1].Name, r.Defeated[1])
	return 0
}

// swmSim plays many battles and prints the odds.
func swmSim(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	battles := fs.Int("battles", 200, "how many battles")
	seed := fs.Uint64("seed", 1, "the dice's seed")
	scenario := fs.String("scenario", "open", "the map: "+strings.Join(engine.Scenarios(), ", "))
	asJSON := fs.Bool("json", false, "print one JSON object")
	files, ok := parseInterleaved(fs, args)
	if !ok || !swmMap("sim", *scenario, stderr) {
		return 2
	}
	if *battles < 1 || *battles > 100000 {
		fmt.Fprintln(stderr, "muster swm sim: --battles takes 1 to 100000")
		return 2
	}
	squads, ok := swmSquads("sim", files, stderr)
	if !ok {
		return 2
	}
	sum, err := engine.Simulate(func() *engine.Map { m, _ := engine.Scenario(*scenario); return m }, squads[0], squads[1], *battles, *seed)
	if err != nil {
		fmt.Fprintf(stderr, "muster swm sim: %v\n", err)
		return 2
	}
	if *asJSON {
		return writeJSON(stdout, struct {
			A        string `json:"a"`
			B        string `json:"b"`
			Scenario string `json:"scenario"`
			Seed     uint64 `json:"seed"`
			*engine.Summary
		}{squads[0].Name, squads[1].Name, *scenario, *seed, sum})
	}
	iv := func(x [2]float64) string { return fmt.Sprintf("%s to %s", pct(x[0]), pct(x[1])) }
	fmt.Fprintf(stdout, "%s against %s, %d battles on the %s map (seed %d)\n", squads[0].Name, squads[1].Name, sum.Battles, *scenario, *seed)
	fmt.Fprintf(stdout, "  %s wins  %5d  %8s  (95%%: %s)\n", squads[0].Name, sum.Wins, pct(sum.WinRate), iv(sum.WinInterval))
	fmt.Fprintf(stdout, "  draws %*s %5d  %8s  (95%%: %s)\n", len(squads[0].Name), "", sum.Draws, pct(sum.DrawRate), iv(sum.DrawInterval))
	fmt.Fprintf(stdout, "  %s wins  %5d  %8s  (95%%: %s)\n", squads[1].Name, sum.Losses, pct(sum.LossRate), iv(sum.LossInterval))
	fmt.Fprintf(stdout, "  mean rounds %.1f; mean points defeated: %s %.1f, %s %.1f\n", sum.MeanRounds, squads[0].Name, sum.MeanDefeated[0], squads[1].Name, sum.MeanDefeated[1])
	fmt.Fprintln(stdout, "Not simulated:")
	for _, n := range sum.NotSimulated {
		fmt.Fprintf(stdout, "  - %s\n", n)
	}
	return 0
}
