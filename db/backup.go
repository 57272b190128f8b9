package db

import (
	"context"
	"errors"
	"fmt"
	"os"
)

// ErrBackupExists is Backup's answer when the file to write is already there: a backup
// never overwrites anything (the file may be the last good copy).
var ErrBackupExists = errors.New("db: the backup file already exists")

// ErrBackupPostgres is Backup's answer on PostgreSQL, whose own tools (pg_dump) copy a
// live server consistently.
var ErrBackupPostgres = errors.New("db: PostgreSQL databases are backed up with pg_dump")

// Backup writes a consistent copy of the SQLite database, as of one moment, to a new file
// at path, while Muster goes on serving: SQLite's VACUUM INTO reads one snapshot (WAL lets
// writers go on beside it) and writes it compacted. Copying the database file itself is not
// safe while Muster runs: the last saves may still be in the -wal file beside it. The copy
// is a database like any other: `muster serve --db COPY` opens it.
func (s *Store) Backup(ctx context.Context, path string) error {
	if s.pg {
		return ErrBackupPostgres
	}
	if _, err := os.Lstat(path); err == nil {
		return ErrBackupExists
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("db: the backup file %s cannot be checked: %w", path, err)
	}
	// Through the read pool: a snapshot read, so saves are not held up while it copies.
	if _, err := s.r.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		return fmt.Errorf("db: the backup %s cannot be written: %w", path, err)
	}
	return nil
}
