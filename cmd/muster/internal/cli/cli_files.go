package cli

// Output files named on the command line (--html, --pdf, --svg): checked before the work
// that fills them, so that a typo in a folder name is reported at once and not after a
// battle or a PDF, and their failures told in words rather than as "open x: ...".

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"muster/db"
)

// outputProblem says why the file path cannot be written by the flag, or "" when it can be
// (as far as can be known before writing: the folder exists, the path is not a folder).
func outputProblem(flagName, path string) string {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Sprintf("--%s %s is a folder; name a file to write, as in --%s %s", flagName, path, flagName, filepath.Join(path, "out"+outputExt(flagName)))
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf("--%s %s: there is no folder %s; make it first, or name a file in a folder that exists", flagName, path, dir)
	case err != nil:
		return writeProblem(flagName, path, err)
	case !fi.IsDir():
		return fmt.Sprintf("--%s %s: %s is a file, not a folder", flagName, path, dir)
	}
	return ""
}

// outputDirProblem is outputProblem for a flag naming a folder to fill (--svg DIR), which
// Muster makes when it does not exist.
func outputDirProblem(flagName, dir string) string {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return fmt.Sprintf("--%s %s is a file; name a folder to write the pictures into (Muster makes it if needed)", flagName, dir)
	}
	return ""
}

// writeProblem says why a file could not be written, in words.
func writeProblem(flagName, path string, err error) string {
	switch {
	case errors.Is(err, fs.ErrPermission):
		return fmt.Sprintf("--%s: cannot write %s: you do not have permission to write there; name a file in another folder", flagName, path)
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf("--%s: cannot write %s: the system has no such file or folder; name a file in a folder you can write to", flagName, path)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Sprintf("--%s: cannot write %s: %v", flagName, path, err)
}

func outputExt(flagName string) string {
	switch flagName {
	case "pdf":
		return ".pdf"
	case "html":
		return ".html"
	case "state":
		return ".yaml"
	}
	return ""
}

// dbPathProblem says why a --db path cannot be a SQLite database file (a folder, a folder
// that does not exist), before the driver's "unable to open database file (14)"; "" for a
// postgres:// address or a path that may be.
func dbPathProblem(path string) string {
	if strings.HasPrefix(path, "postgres://") || strings.HasPrefix(path, "postgresql://") {
		return ""
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Sprintf("--db %s is a folder; name the database file, as in --db %s", path, filepath.Join(path, "muster.db"))
	}
	return outputProblem("db", path)
}

// dbProblem says why the database cannot be opened: a PostgreSQL address by its server (the
// driver's multi-line report is no help to the one who typed it; the password is not shown),
// a file by SQLite's reason.
func dbProblem(dbPath string, err error) startError {
	if errors.Is(err, db.ErrUnreachable) {
		return startError{fmt.Sprintf("the PostgreSQL database %s does not answer: is the server running there, and are the user, password and database name right?", redacted(dbPath))}
	}
	first, _, _ := strings.Cut(err.Error(), "\n")
	return startError{fmt.Sprintf("the database %s cannot be opened (%s); check what --db names", redacted(dbPath), first)}
}

// redacted is a database address without its password.
func redacted(dbPath string) string {
	if u, err := url.Parse(dbPath); err == nil && db.IsPostgres(dbPath) {
		return u.Redacted()
	}
	return dbPath
}
