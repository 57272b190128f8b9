package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
)

const migrateUsage = `usage: muster migrate --db muster.db|postgres://...
  brings the database's schema and its job tables up to date, once, before the web and
  worker processes start with --migrate=false (whose database user then needs no right to
  change the schema). Run it again after every upgrade; run twice, the second finds nothing to do.`

// cmdMigrate migrates a database. Exit 0: up to date; 1: the database failed; 2: bad arguments.
func cmdMigrate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	dbPath := fs.String("db", "", "the database to bring up to date (a SQLite file or a postgres:// address)")
	rest, code, ok := parseFlags(fs, args, migrateUsage, stdout, stderr)
	if !ok {
		return code
	}
	bad := ""
	switch {
	case len(rest) != 0:
		bad = fmt.Sprintf("unexpected argument %q; the database is given with --db", rest[0])
	case *dbPath == "":
		bad = "--db is required: the database to bring up to date (a SQLite file or a postgres:// address)"
	default:
		bad = dbPathProblem(*dbPath)
	}
	if bad != "" {
		fmt.Fprintf(stderr, "muster migrate: %s\n", bad)
		return 2
	}
	ctx := context.Background()
	store, err := db.Open(ctx, *dbPath) // migrates Muster's tables
	if err != nil {
		fmt.Fprintf(stderr, "muster migrate: %v\n", dbProblem(*dbPath, err))
		return 1
	}
	defer store.Close()
	if err := jobs.Migrate(ctx, store); err != nil {
		fmt.Fprintf(stderr, "muster migrate: %v\n", err)
		return 1
	}
	have, _, err := store.SchemaVersion(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "muster migrate: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "muster migrate: %s is up to date (schema version %d, job tables too)\n", redacted(*dbPath), have)
	return 0
}

// openStore opens the database for serve and worker: migrating it, or, with migrate false,
// as muster migrate left it (refused in words when it is behind).
func openStore(ctx context.Context, dbPath string, migrate bool) (*db.Store, error) {
	if migrate {
		s, err := db.Open(ctx, dbPath)
		if err != nil {
			return nil, dbProblem(dbPath, err)
		}
		return s, nil
	}
	s, err := db.OpenMigrated(ctx, dbPath)
	var behind *db.ErrSchemaBehind
	if errors.As(err, &behind) {
		return nil, startError{fmt.Sprintf("the database %s is at schema version %d and this Muster needs %d: run muster migrate --db on it first (or start without --migrate=false)",
			redacted(dbPath), behind.Have, behind.Want)}
	}
	if err != nil {
		return nil, dbProblem(dbPath, err)
	}
	return s, nil
}
