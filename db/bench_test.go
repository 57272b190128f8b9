package db

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
)

// BenchmarkSaveVersion is one editor save (a new version of a 5 KB army file) with SQLite's
// synchronous at FULL, Muster's setting, and at NORMAL, to show what durability costs
// (docs/benchmarks.md).
func BenchmarkSaveVersion(b *testing.B) {
	file := make([]byte, 5000)
	for _, mode := range []string{"FULL", "NORMAL"} {
		b.Run(mode, func(b *testing.B) {
			prev := synchronous
			synchronous = mode
			defer func() { synchronous = prev }()
			s, err := Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			ctx := context.Background()
			o, _ := s.CreateGuest(ctx)
			a, err := s.Create(ctx, o.ID, file, Meta{Name: "bench"}, "created")
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				if _, err := s.Save(ctx, o.ID, a.ID, AnyVersion, file, Meta{Name: fmt.Sprint(i)}, "saved"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
