package web

import (
	"context"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/testkit"
	"muster/db"
	"muster/rules/battle"
)

// fromAddress is a browser behind a proxy on this machine that says it asks for address
// (X-Forwarded-For, which the app trusts from the loopback only).
type fromAddress struct {
	addr string
	next http.RoundTripper
}

func (f fromAddress) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-Forwarded-For", f.addr)
	return f.next.RoundTrip(r)
}

// A flood bought with guests does not hold the queue (issue 29): twelve guests made by one
// address each ask for the largest matchup the form allows (100,000 battles); the guests of
// one address may have 200,000 battles queued together, so two are queued and ten are
// refused in words. A newcomer's 500-battle matchup, from another address, then starts at
// the next free worker (within one round of the chunks being played: at most as many of the
// flood's chunks start before it as there are workers) and finishes within 10 s
// (docs/benchmarks.md), the flood's thousands of chunks waiting notwithstanding.
func TestAGuestFloodFromOneAddressDoesNotHoldTheQueue(t *testing.T) {
	t.Parallel()
	const workers = 2
	const newcomerSeed = 999
	var mu sync.Mutex
	var started []uint64 // the seed of every chunk started, in order
	// The flood's chunks are not played (they would take minutes of two cores): each takes
	// 50 ms of a worker's time and saves a stand-in. The newcomer's are played.
	play := func(ctx context.Context, field *battle.Field, a, b *battle.Force, opt battle.ChunkOptions) (*battle.Chunk, error) {
		mu.Lock()
		started = append(started, opt.Seed)
		mu.Unlock()
		if opt.Seed == newcomerSeed {
			return battle.PlayChunk(ctx, field, a, b, opt)
		}
		select {
		case <-time.After(50 * time.Millisecond):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return &battle.Chunk{Seed: opt.Seed, First: opt.First, Count: opt.Count}, nil
	}
	ts := newTestServerJobs(t, filepath.Join(t.TempDir(), "test.db"), jobs.Options{Workers: workers, Play: play})
	queued, refused := 0, 0
	for i := range 12 {
		guest := ts.client()
		guest.Transport = fromAddress{"203.0.113.7", http.DefaultTransport}
		ts.as(guest, func() {
			army := ts.importText(t, fileText(t, rebel1500), "")
			r := ts.postForm("/sim", url.Values{"a": {army}, "b": {army}, "scenario": {"open-field"}, "battles": {"100000"}, "seed": {strconv.Itoa(i + 1)}})
			switch r.status {
			case http.StatusSeeOther:
				queued++
			case http.StatusTooManyRequests:
				refused++
				if !strings.Contains(r.body, "Visitors without an account on your network have 200000 battles queued already") {
					t.Errorf("guest %d refused without saying why:\n%.2000s", i+1, r.body)
				}
			default:
				t.Fatalf("guest %d: %d\n%.2000s", i+1, r.status, r.body)
			}
		})
	}
	if queued != 2 || refused != 10 {
		t.Fatalf("%d of the flood queued and %d refused, want 2 and 10", queued, refused)
	}
	// Let the flood take the workers.
	for deadline := time.Now().Add(testkit.Backstop); ; {
		mu.Lock()
		n := len(started)
		mu.Unlock()
		if n >= 4*workers {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the flood's chunks never started")
		}
		time.Sleep(10 * time.Millisecond)
	}
	newcomer := ts.client()
	newcomer.Transport = fromAddress{"198.51.100.9", http.DefaultTransport}
	var run string
	var asked time.Time
	var before int
	ts.as(newcomer, func() {
		army := ts.importText(t, fileText(t, imperial1500), "")
		mu.Lock()
		before = len(started)
		mu.Unlock()
		asked = time.Now()
		r := ts.postForm("/sim", url.Values{"a": {army}, "b": {army}, "scenario": {"open-field"}, "battles": {"500"}, "seed": {strconv.Itoa(newcomerSeed)}})
		wantStatus(t, "the newcomer's matchup", r, http.StatusSeeOther)
		run = r.header.Get("Location")
	})
	m := testkit.WaitMatchup(t, ts.store, strings.TrimPrefix(run, "/sim/run/"))
	took := time.Since(asked)
	if m.Status != db.MatchupDone {
		t.Fatalf("the newcomer's matchup ended %s: %s", m.Status, m.Error)
	}
	mu.Lock()
	defer mu.Unlock()
	ahead := -1
	for i, seed := range started[before:] {
		if seed == newcomerSeed {
			ahead = i
			break
		}
	}
	if ahead < 0 || ahead > workers {
		t.Errorf("%d of the flood's chunks started before the newcomer's, want at most %d (one round)", ahead, workers)
	}
	if took > 10*time.Second {
		t.Errorf("the newcomer's 500 battles took %v, want at most 10 s", took)
	}
	t.Logf("the newcomer's chunk started after %d of the flood's; its matchup took %v", ahead, took)
}
