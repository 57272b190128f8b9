package db

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"

	"muster/db/dbtest"
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

// BenchmarkConcurrentChunkSaves saves chunks of eight matchups from eight goroutines at once
// on PostgreSQL, under the writer lock every other write takes (as before issue 29) and
// without it (row locks and the primary key): docs/benchmarks.md.
func BenchmarkConcurrentChunkSaves(b *testing.B) {
	s, err := Open(context.Background(), dbtest.Postgres(b))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	body := make([]byte, 4096) // about a chunk's JSON
	for _, global := range []bool{true, false} {
		b.Run(map[bool]string{true: "writer-lock", false: "row-locks"}[global], func(b *testing.B) {
			var ids []string
			for range 8 {
				o, err := s.CreateGuest(ctx)
				if err != nil {
					b.Fatal(err)
				}
				m, err := s.CreateMatchup(ctx, Matchup{Owner: o.ID, Request: []byte("{}"), Battles: 200_000, ChunkSize: 1, Chunks: 200_000})
				if err != nil {
					b.Fatal(err)
				}
				ids = append(ids, m.ID)
			}
			var next atomic.Int64
			b.SetParallelism(max(1, 8/runtime.GOMAXPROCS(0)))
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					n := int(next.Add(1))
					if err := s.saveChunk(ctx, ids[n%8], n, 1, body, global); err != nil {
						b.Error(err)
					}
				}
			})
		})
	}
}
