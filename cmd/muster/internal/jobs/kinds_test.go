package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"muster/cmd/muster/internal/testkit"
	"muster/costing"
	"muster/db"
	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/battle/muster"
	"muster/rules/battle/whatif"
	qrsarmy "muster/rules/qrs/army"
	"muster/rules/qrs/sim"
	"muster/rules/qrs/solo"
)

const (
	unarmed       = "rules/battle/whatif/testdata/unarmed.yaml"
	imperials1000 = "rules/battle/whatif/testdata/imperials-1000.yaml"
)

func forceOf(t *testing.T, file []byte) (*roster.Army, *battle.Force) {
	t.Helper()
	army, err := roster.Read(file)
	if err != nil {
		t.Fatal(err)
	}
	cat, _ := costing.CatalogFor(rules.Default(), army)
	f, err := muster.NewForce(cat, army)
	if err != nil {
		t.Fatal(err)
	}
	return army, f
}

// A round robin played as jobs, cut by a worker that stops after two of its chunks and
// resumed by another, saves every pair with exactly the summary battle.Simulate gives the
// pair in one process with the same seed.
func TestARoundRobinAsJobsResumesWithTheInProcessNumbers(t *testing.T) {
	t.Parallel()
	testkit.OnBothDatabases(t, func(t *testing.T, dbPath string) {
		ctx := context.Background()
		store := testkit.OpenStore(t, dbPath)
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		o, err := store.CreateGuest(ctx)
		if err != nil {
			t.Fatal(err)
		}
		files := [][]byte{testkit.ReadFile(t, testkit.Rebel1500), testkit.ReadFile(t, testkit.Imperial1500), testkit.ReadFile(t, unarmed)}
		req := RoundRobinRequest{Scenario: "open-field", Seed: 11, Battles: 30, ChunkSize: 7, Window: 2, SimBase: "/sims"}
		for i, f := range files {
			army, _ := forceOf(t, f)
			req.Entrants = append(req.Entrants, RREntrant{ID: army.Name, Name: army.Name, Version: i + 1, File: f})
		}
		// The first worker plays two chunks and is cut on the third.
		var played atomic.Int32
		cut := make(chan struct{})
		var once sync.Once
		first := startJobs(t, store, logger, Options{Workers: 1, Play: func(ctx context.Context, field *battle.Field, a, b *battle.Force, opt battle.ChunkOptions) (*battle.Chunk, error) {
			if played.Add(1) > 2 {
				once.Do(func() { close(cut) })
				<-ctx.Done()
				return nil, ctx.Err()
			}
			return battle.PlayChunk(ctx, field, a, b, opt)
		}})
		m, err := first.SubmitRoundRobin(ctx, o.ID, "test", req)
		if err != nil {
			t.Fatal(err)
		}
		<-cut
		sctx, cancel := context.WithTimeout(ctx, 5e9)
		defer cancel()
		if err := first.Stop(sctx); err != nil && !errors.Is(err, context.Canceled) {
			t.Logf("stopping the first worker: %v", err)
		}
		if chunks, _, _ := store.ChunkProgress(ctx, m.ID); chunks != 2 {
			t.Fatalf("the cut worker saved %d chunks, want 2", chunks)
		}
		startJobs(t, store, logger, Options{Workers: 2})
		if m = testkit.WaitMatchup(t, store, m.ID); m.Status != db.MatchupDone {
			t.Fatalf("the round robin ended %s: %s", m.Status, m.Error)
		}
		var res RoundRobinResult
		if err := json.Unmarshal(m.Result, &res); err != nil {
			t.Fatal(err)
		}
		if len(res.Pairs) != 3 || m.ResultURL != "/roundrobin/"+m.ID {
			t.Fatalf("%d pairs at %q, want 3 at /roundrobin/%s", len(res.Pairs), m.ResultURL, m.ID)
		}
		field, _ := battle.LoadScenario("open-field")
		for _, p := range res.Pairs {
			_, a := forceOf(t, files[p.I])
			_, b := forceOf(t, files[p.J])
			s, err := battle.Simulate(ctx, field, a, b, battle.SimOptions{Battles: 30, Seed: 11, SampleLog: true})
			if err != nil {
				t.Fatal(err)
			}
			want, _ := json.Marshal(s)
			saved, err := store.GetSim(ctx, o.ID, p.Sim)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(saved.Summary, want) {
				t.Errorf("%s against %s: the job saved\n%s\nin one process:\n%s", a.Name, b.Name, saved.Summary, want)
			}
			if saved.VersionA != p.I+1 || saved.VersionB != p.J+1 || p.A.Score != s.A.Score {
				t.Errorf("pair %d-%d saved versions %d and %d, score %v (want %v)", p.I, p.J, saved.VersionA, saved.VersionB, p.A.Score, s.A.Score)
			}
		}
	})
}

// A what-if played as a job ranks the changes exactly as whatif.Run does in one process
// with the same seed, and says its progress as it plays.
func TestAWhatIfAsAJobRanksAsInProcess(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := testkit.NewStore(t)
	o, err := store.CreateGuest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	j := startJobs(t, store, slog.New(slog.NewTextHandler(io.Discard, nil)), Options{Workers: 1})
	armyFile, oppFile := testkit.ReadFile(t, unarmed), testkit.ReadFile(t, imperials1000)
	army, _ := forceOf(t, armyFile)
	_, opp := forceOf(t, oppFile)
	vs, err := whatif.Variants(rules.Default(), army, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	vs = append(vs, whatif.Spending(rules.Default(), army, nil, vs)...)
	req := WhatIfRequest{Sim: "x", Side: "a", Scenario: "open-field", Seed: 7, Battles: 60, Variants: 3, Army: armyFile, Opponent: oppFile}
	m, err := j.SubmitWhatIf(ctx, o.ID, "test", (len(vs)+1)*60, req)
	if err != nil {
		t.Fatal(err)
	}
	if m = testkit.WaitMatchup(t, store, m.ID); m.Status != db.MatchupDone {
		t.Fatalf("the what-if ended %s: %s", m.Status, m.Error)
	}
	field, _ := battle.LoadScenario("open-field")
	rep, err := whatif.Run(ctx, rules.Default(), field, army, opp, whatif.Options{Battles: 60, Seed: 7, MaxVariants: 3})
	if err != nil {
		t.Fatal(err)
	}
	for i := range rep.Variants {
		rep.Variants[i].Army = nil
	}
	want, _ := json.Marshal(WhatIfResult{Report: rep, Battles: rep.Battles, Limit: rep.Limit, Total: rep.Total})
	if !bytes.Equal(m.Result, want) {
		t.Errorf("the job ranked\n%s\nin one process:\n%s", m.Result, want)
	}
	if m.ResultURL != "/whatif/"+m.ID {
		t.Errorf("the result is at %q", m.ResultURL)
	}
}

// A skirmish quick-resolve played as a job (its game set up as JSON, as the web queues it)
// gives what sim.Run gives in one process with the same seed.
func TestASkirmishQuickResolveAsAJobPlaysAsInProcess(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := testkit.NewStore(t)
	o, err := store.CreateGuest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	j := startJobs(t, store, slog.New(slog.NewTextHandler(io.Discard, nil)), Options{Workers: 1})
	a := qrsarmy.Resolve(&qrsarmy.File{Format: 1, System: "qrs", Name: "test", Groups: []qrsarmy.GroupEntry{{Name: "Red Team", Figures: []qrsarmy.FigureEntry{
		{Profile: "Rebel Hero", Count: 1}, {Profile: "Rebel Trooper", Count: 3}}}}})
	pool := solo.Pool{solo.Stormtrooper: 12, solo.Heavy: 1, solo.Leader: 1, solo.Officer: 1, solo.ProbeDroid: 1, solo.Walker: 1}
	req := QRSRequest{Config: sim.Config{Players: a.Groups[0], Counters: []string{solo.Corner, solo.Cover, solo.Open}, Pool: pool, Sight: 1, MaxTurns: 12},
		Battles: 300, Seed: 7}
	m, err := j.SubmitQRS(ctx, o.ID, "test", req)
	if err != nil {
		t.Fatal(err)
	}
	if m = testkit.WaitMatchup(t, store, m.ID); m.Status != db.MatchupDone {
		t.Fatalf("the quick-resolve ended %s: %s", m.Status, m.Error)
	}
	res, err := PlayQRS(req)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(res)
	if !bytes.Equal(m.Result, want) || m.ResultURL != "/qrs/sim/"+m.ID {
		t.Errorf("the job played\n%s\nat %s; in one process:\n%s", m.Result, m.ResultURL, want)
	}
}

// A what-if cut midway (its worker stopped while it plays, as SIGTERM does) is played again
// from its start by the next worker, with the same seed: the same ranking as in one process.
func TestACutWhatIfResumesWithTheSameRanking(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := testkit.NewStore(t)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	o, err := store.CreateGuest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	armyFile, oppFile := testkit.ReadFile(t, unarmed), testkit.ReadFile(t, imperials1000)
	army, _ := forceOf(t, armyFile)
	_, opp := forceOf(t, oppFile)
	vs, err := whatif.Variants(rules.Default(), army, nil, 10)
	if err != nil {
		t.Fatal(err)
	}
	vs = append(vs, whatif.Spending(rules.Default(), army, nil, vs)...)
	req := WhatIfRequest{Sim: "x", Side: "a", Scenario: "open-field", Seed: 9, Battles: 2000, Variants: 10, Army: armyFile, Opponent: oppFile}
	first, err := Open(ctx, store, rules.Default(), logger, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := first.Start(ctx); err != nil {
		t.Fatal(err)
	}
	m, err := first.SubmitWhatIf(ctx, o.ID, "test", (len(vs)+1)*2000, req)
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(testkit.Backstop); ; {
		now, err := store.MatchupForWork(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		if now.Over() {
			t.Fatalf("the what-if ended (%s) before it could be cut", now.Status)
		}
		if now.Progress > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the what-if never said its progress")
		}
		time.Sleep(20 * time.Millisecond)
	}
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := first.Stop(sctx); err != nil {
		t.Logf("stopping the first worker: %v", err)
	}
	if n, _, _ := store.ChunkProgress(ctx, m.ID); n != 0 {
		t.Fatalf("the cut what-if saved %d parts, want none", n)
	}
	startJobs(t, store, logger, Options{Workers: 1})
	if m = testkit.WaitMatchup(t, store, m.ID); m.Status != db.MatchupDone {
		t.Fatalf("the what-if ended %s: %s", m.Status, m.Error)
	}
	field, _ := battle.LoadScenario("open-field")
	rep, err := whatif.Run(ctx, rules.Default(), field, army, opp, whatif.Options{Battles: 2000, Seed: 9, MaxVariants: 10})
	if err != nil {
		t.Fatal(err)
	}
	for i := range rep.Variants {
		rep.Variants[i].Army = nil
	}
	want, _ := json.Marshal(WhatIfResult{Report: rep, Battles: rep.Battles, Limit: rep.Limit, Total: rep.Total})
	if !bytes.Equal(m.Result, want) {
		t.Errorf("the resumed what-if ranked\n%s\nin one process:\n%s", m.Result, want)
	}
}
