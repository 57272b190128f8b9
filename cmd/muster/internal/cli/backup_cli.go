package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"muster/db"
)

const backupUsage = `usage: muster backup [--db muster.db] FILE
  writes a copy of the database, as of one moment, to FILE (a new file: an existing one is
  never overwritten), while muster serve goes on running. To restore, stop Muster and start
  it on the copy (muster serve --db FILE), or put the copy in the database's place.
  A PostgreSQL database is backed up with pg_dump.`

// cmdBackup copies a SQLite database for safekeeping. Exit 0: written; 1: the copy could
// not be written; 2: bad arguments, no such database, a PostgreSQL address, or FILE exists.
func cmdBackup(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbPath := fs.String("db", "muster.db", "the database `file` muster serve uses")
	files, code, ok := parseFlags(fs, args, backupUsage, stdout, stderr)
	if !ok {
		return code
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, "muster backup: name one new file to write the copy to, as in muster backup --db muster.db muster-backup.db")
		return 2
	}
	out := files[0]
	if fi, err := os.Stat(out); err == nil && fi.IsDir() {
		fmt.Fprintf(stderr, "muster backup: %s is a folder; name a new file in it, as in %s\n", out, filepath.Join(out, "muster-backup.db"))
		return 2
	}
	if fi, err := os.Stat(filepath.Dir(out)); err != nil || !fi.IsDir() {
		fmt.Fprintf(stderr, "muster backup: there is no folder %s for %s; make it first, or name a file in a folder that exists\n", filepath.Dir(out), out)
		return 2
	}
	if db.IsPostgres(*dbPath) {
		fmt.Fprintln(stderr, "muster backup: --db is a PostgreSQL address: back it up with PostgreSQL's own pg_dump (pg_dump ADDRESS > muster.sql); muster backup copies SQLite files")
		return 2
	}
	// Opening a path that does not exist would make an empty database there and back that up.
	if st, err := os.Stat(*dbPath); err != nil || st.IsDir() {
		fmt.Fprintf(stderr, "muster backup: there is no database file at %s: give the one muster serve uses with --db FILE\n", *dbPath)
		return 2
	}
	ctx := context.Background()
	store, err := db.Open(ctx, *dbPath)
	if err != nil {
		fmt.Fprintf(stderr, "muster backup: %v\n", dbProblem(*dbPath, err))
		return 1
	}
	defer store.Close()
	switch err := store.Backup(ctx, out); {
	case errors.Is(err, db.ErrBackupExists):
		fmt.Fprintf(stderr, "muster backup: %s already exists and is left as it is: name a new file for the copy\n", out)
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "muster backup: the copy could not be written to %s (is its folder there and writable?): %v\n", out, err)
		return 1
	}
	fmt.Fprintf(stdout, "%s copied to %s\n", *dbPath, out)
	return 0
}
