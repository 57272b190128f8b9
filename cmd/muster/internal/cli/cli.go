// Package cli is the muster command: one file per subcommand, each parsing its flags and
// calling the domain, the web app (serve), the job system (worker, sim --jobs) or the printer.
package cli

import (
	"fmt"
	"io"
)

const usage = `muster: build, cost and check Star Wars Miniatures Battles armies.

Usage:
  muster cost [--json|--text] [--limits LIMITS] FILE
                              print each unit's record-sheet cost breakdown, the army total
                              and every problem muster check finds (--text: the plain-text
                              list for a forum or a chat)
  muster check [--json] [--limits LIMITS] FILE
                              check the army against the Troop Lists, the creation rules and
                              a gamemaster's force limits (exit 0 no errors, 1 errors,
                              2 unreadable)
  muster sheet [--pdf OUT] [--html OUT] [--paper a4|letter] [--limits LIMITS] FILE
                              print the army's record sheets (roster page, then a Squad,
                              Hero, Droid or Creature Record Sheet per unit) as HTML, or as
                              a PDF through headless Chromium
  muster serve [--addr 127.0.0.1:8080] [--db muster.db|postgres://...] [--workers N]
               [--require-login] [--signup open|invite|closed] [--secure-cookies]
                              run the web app (guests build without signing up; with
                              --require-login every page but sign-in, share and game links
                              needs an account); --workers 0 serves pages only
  muster worker --db postgres://... [--workers N]
                              play matchup jobs only, beside any number of web processes
  muster migrate --db DB      bring the database's schema and job tables up to date, once,
                              for processes started with --migrate=false
  muster backup [--db muster.db] FILE
                              copy the SQLite database, as of one moment, to a new FILE
                              while muster serve runs (PostgreSQL: pg_dump)
  muster user add|list|passwd|adopt ... --db DB
  muster token add|list|revoke ... --db DB
                              the admin's accounts and personal API tokens (muster user)
  muster odds test|damage|volley [--json] ...
                              exact odds of a skill test, a hit on the Damage Table, or a
                              squad's volley at a unit of another army (muster odds for flags)
  muster battle [--scenario S] [--seed N] [--svg DIR] [--html FILE] A.yaml B.yaml
                              play one battle of army A against army B: the turn-by-turn
                              log and the result (muster battle alone lists the scenarios)
  muster sim [--battles N] [--seed S] [--workers W] [--scenario S] [--json]
             [--jobs --db DB [--chunk-size K]] A.yaml B.yaml
                              play N battles and print the odds (wins with 95% intervals,
                              SGPs lost, turns, each unit's record, what is not simulated);
                              with --jobs, through the database's job queue
  muster whatif [--battles N] [--seed S] [--max-variants K] [--workers W] [--json] A.yaml B.yaml
                              what to change in army A against B: legal changes within its
                              limit, played on the same seeds, ranked by the change in wins
  muster fair [--battles N] [--seed S] [--lists K] [--json] [--limits-a L --limits-b L]
              SCENARIO [A.yaml B.yaml]
                              is the scenario fair? each side's wins, and the handicap in
                              SGPs that evens it, for the given armies or random legal lists
                              within each side's limits (docs/fair.md)
  muster optimize [--battles N] [--seed S] [--budget B] [--time D] [--limits L] [--scenario S]
                  [--weights W,...] [--json] ARMY.yaml OPPONENT.yaml [OPPONENT.yaml ...]
                              what to bring: the legal list within ARMY's limit (and force
                              limits) that scores best against the opponents, found by
                              playing the battles; the changes taken, then the list
  muster qrs COMMAND ...      the skirmish quick reference (system: qrs armies): a solo game
                              against the generated enemy on a saved game file, exact odds
                              of its procedures, quick-resolve (muster qrs help; docs/qrs.md)
  muster odds qrs --own-total T --enemy-total E [--cover] [--armour] [--extra-shooters N]
                              exact odds of the skirmish quick reference's shooting table
  muster swm battle|sim|cards|sheet [--seed N] [--scenario S] A.yaml B.yaml
                              d20 Star Wars Miniatures (system: swm squads): battles, odds
                              of many (docs/swm.md); exact attack odds: muster odds d20
  muster help                 show this help
`

// Main dispatches a subcommand and returns the process exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, usage)
		return 0
	}
	switch args[0] {
	case "cost":
		return cmdCost(args[1:], stdout, stderr)
	case "odds":
		return cmdOdds(args[1:], stdout, stderr)
	case "check":
		return cmdCheck(args[1:], stdout, stderr)
	case "sheet":
		return cmdSheet(args[1:], stdout, stderr)
	case "serve":
		return cmdServe(args[1:], stdout, stderr)
	case "worker":
		return cmdWorker(args[1:], stdout, stderr)
	case "migrate":
		return cmdMigrate(args[1:], stdout, stderr)
	case "battle":
		return cmdBattle(args[1:], stdout, stderr)
	case "sim":
		return cmdSim(args[1:], stdout, stderr)
	case "user":
		return cmdUser(args[1:], stdout, stderr)
	case "token":
		return cmdToken(args[1:], stdout, stderr)
	case "whatif":
		return cmdWhatif(args[1:], stdout, stderr)
	case "fair":
		return cmdFair(args[1:], stdout, stderr)
	case "optimize":
		return cmdOptimize(args[1:], stdout, stderr)
	case "backup":
		return cmdBackup(args[1:], stdout, stderr)
	case "qrs":
		return cmdQRS(args[1:], stdout, stderr)
	case "swm":
		return cmdSWM(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "muster: %q is not a command; muster help lists them\n", args[0])
	return 2
}
