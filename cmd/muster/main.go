// Command muster is the Star Wars Miniatures Battles army builder's command line.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `muster: build, cost and check Star Wars Miniatures Battles armies.

Usage:
  muster cost [--json] FILE   print each unit's record-sheet cost breakdown and the army total
  muster help                 show this help
`

// run dispatches a subcommand and returns the process exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, usage)
		return 0
	}
	switch args[0] {
	case "cost":
		return cmdCost(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "muster: unknown command %q\n\n%s", args[0], usage)
	return 2
}
