package db

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"muster/db/dbtest"
)

// A backup holds every army as saved when it was taken, and opens as a database of its own;
// saves after it are not in it.
func TestABackupHoldsEverythingSavedBeforeIt(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	owner := own(t, s)
	a, err := s.Create(ctx, owner, []byte("v1"), meta("Blue Rangers", 710), "created")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Save(ctx, owner, a.ID, AnyVersion, []byte("v2"), meta("Blue Rangers", 720), "saved"); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "backup.db")
	if err := s.Backup(ctx, out); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Save(ctx, owner, a.ID, AnyVersion, []byte("v3"), meta("Blue Rangers", 730), "after the backup"); err != nil {
		t.Fatal(err)
	}
	b, err := Open(ctx, out)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	got, file, err := b.Get(ctx, owner, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if string(file) != "v2" || got.Versions != 2 || got.Total != 720 {
		t.Fatalf("the backup holds %q, %d versions, %d SGPs; want v2, 2 versions, 720 SGPs", file, got.Versions, got.Total)
	}
}

// A backup never overwrites a file: the one already there may be the last good copy.
func TestABackupNeverOverwritesAFile(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	out := filepath.Join(t.TempDir(), "old-backup.db")
	if err := os.WriteFile(out, []byte("the last good copy"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := s.Backup(ctx, out); !errors.Is(err, ErrBackupExists) {
		t.Fatalf("backup over an existing file: %v, want ErrBackupExists", err)
	}
	if b, _ := os.ReadFile(out); string(b) != "the last good copy" {
		t.Fatalf("the existing file now holds %q", b)
	}
}

// PostgreSQL is backed up with its own tools.
func TestAPostgresBackupIsLeftToPgDump(t *testing.T) {
	s, err := Open(context.Background(), dbtest.Postgres(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Backup(context.Background(), filepath.Join(t.TempDir(), "x.db")); !errors.Is(err, ErrBackupPostgres) {
		t.Fatalf("backup on PostgreSQL: %v, want ErrBackupPostgres", err)
	}
}
