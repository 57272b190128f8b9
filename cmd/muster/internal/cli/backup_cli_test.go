package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"muster/db"
)

// muster backup copies the database with an account in it; the copy serves as a database,
// and a second backup to the same file is refused with the file left alone.
func TestBackupCopiesTheDatabaseAndNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	dbPath, out := filepath.Join(dir, "muster.db"), filepath.Join(dir, "copy.db")
	cli := func(args ...string) (string, string, int) {
		var o, e bytes.Buffer
		code := Main(args, &o, &e)
		return o.String(), e.String(), code
	}
	stdin = strings.NewReader("correct horse\n")
	_, errs, code := cli("user", "add", "obiwan", "--password-stdin", "--db", dbPath)
	stdin = nil
	if code != 0 {
		t.Fatalf("user add: %d %q", code, errs)
	}
	if o, e, code := cli("backup", "--db", dbPath, out); code != 0 || !strings.Contains(o, "copied to "+out) {
		t.Fatalf("backup: %d %q %q", code, o, e)
	}
	s, err := db.Open(context.Background(), out)
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.OwnerByName(context.Background(), "obiwan")
	s.Close()
	if err != nil {
		t.Fatalf("the copy has no account obiwan: %v", err)
	}
	before, _ := os.ReadFile(out)
	if _, e, code := cli("backup", "--db", dbPath, out); code != 2 || !strings.Contains(e, "already exists") {
		t.Errorf("a backup over the copy: %d %q", code, e)
	}
	if after, _ := os.ReadFile(out); !bytes.Equal(before, after) {
		t.Error("the refused backup changed the existing copy")
	}
}

// muster backup says what to do instead of making an empty database, copying PostgreSQL, or
// guessing the file.
func TestBackupRefusesWhatItCannotCopyInWords(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"backup", "--db", filepath.Join(dir, "none.db"), filepath.Join(dir, "x.db")}, "there is no database file at"},
		{[]string{"backup", "--db", "postgres://localhost/muster", filepath.Join(dir, "x.db")}, "pg_dump"},
		{[]string{"backup", "--db", filepath.Join(dir, "none.db")}, "name one new file to write the copy to"},
		{[]string{"backup", "--db", filepath.Join(dir, "none.db"), dir}, "is a folder; name a new file in it"},
		{[]string{"backup", "--db", filepath.Join(dir, "none.db"), filepath.Join(dir, "no-folder", "x.db")}, "there is no folder"},
	} {
		var o, e bytes.Buffer
		if code := Main(c.args, &o, &e); code != 2 || !strings.Contains(e.String(), c.want) {
			t.Errorf("%v: %d %q, want exit 2 and %q", c.args, code, e.String(), c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "none.db")); err == nil {
		t.Error("a backup of a missing database made one")
	}
}
