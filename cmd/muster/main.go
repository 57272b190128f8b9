// Command muster is the Star Wars Miniatures Battles army builder's command line and web app.
// Everything it does is in internal/cli; this only hands it the process.
package main

import (
	"os"

	"muster/cmd/muster/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
