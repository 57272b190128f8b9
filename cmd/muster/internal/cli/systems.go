package cli

import (
	"encoding/json"
	"fmt"
	"io"

	"muster/cmd/muster/internal/systems"
	"muster/rules/system"
	"muster/rules/yamlguard"
)

// evaluateOther runs `muster cost` or `muster check` for an army of another system: the
// same JSON shape (total, problems with severity) and the same exit codes as for SWMB.
func evaluateOther(sys system.System, path string, file []byte, asJSON bool, stdout, stderr io.Writer) int {
	rep, err := sys.Evaluate(file)
	if err != nil {
		fmt.Fprintf(stderr, "muster: %s: %v\n", path, err)
		return 2
	}
	if rep.Problems == nil {
		rep.Problems = []system.Problem{}
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(stderr, "muster: %v\n", err)
			return 2
		}
	} else {
		systems.PrintReport(stdout, sys, rep)
	}
	if rep.HasErrors() {
		return 1
	}
	return 0
}

// otherSystemFile says, for a file of a system a command does not play, what the file is
// and which commands read it; "" when the file claims the system want (or none Muster
// knows, which the reader then reports). want is system.SWMB, or another system's ID.
func otherSystemFile(path string, data []byte, want string) string {
	id := system.Detect(data)
	if id == want || yamlguard.NotText(data, "") != nil {
		return "" // the reader says what is wrong with a file that is not text
	}
	title := func(id string) string {
		if id == system.SWMB {
			return "Star Wars Miniatures Battles"
		}
		return systems.ByID(id).Title()
	}
	if id != system.SWMB && systems.ByID(id) == nil {
		return ""
	}
	if id == system.SWMB && want != system.SWMB {
		// A file without system: is SWMB's, or another system's file missing the line.
		return fmt.Sprintf("%s does not say \"system: %s\"; a %s file starts with \"format: 1\" and \"system: %s\" (a file without system: is a Star Wars Miniatures Battles army: muster help)",
			path, want, title(want), want)
	}
	where := "muster " + id + " help"
	if id == system.SWMB {
		where = "muster help"
	}
	return fmt.Sprintf("%s is a %s file (system: %s); this command reads %s files (system: %s). %s lists the commands for it",
		path, title(id), id, title(want), want, where)
}
