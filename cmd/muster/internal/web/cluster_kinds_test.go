package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/db/dbtest"
)

// The other jobs on a cluster (issue 29): two web processes that play nothing and two
// workers on one PostgreSQL database, every process started with --migrate=false after muster
// migrate. A round robin asked for on one web process is followed on the other; midway a
// worker and the web process that asked for it are killed (SIGKILL) and a new worker started;
// every pair comes out as `muster sim` plays it with the same seed. Then a what-if, a d20
// and a skirmish quick-resolve, asked for on a third web process and followed on the second,
// equal `muster whatif`, `muster swm sim` and the skirmish engine in one process.
func TestWhatIfRoundRobinAndQuickResolvesOnACluster(t *testing.T) {
	t.Parallel()
	dsn := dbtest.Postgres(t)
	if testing.Short() {
		t.Skip("plays on six processes")
	}
	if code, out, errOut := runMuster(t, "migrate", "--db", dsn); code != 0 {
		t.Fatalf("muster migrate: %s%s", out, errOut)
	}
	store, err := db.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	web := func() (*process, *testServer) {
		p := startMuster(t, "serve", "--addr", "127.0.0.1:0", "--db", dsn, "--workers", "0", "--migrate=false")
		select {
		case addr := <-p.addr:
			return p, &testServer{t: t, srv: &httptest.Server{URL: "http://" + addr}, store: store}
		case <-p.done:
			t.Fatal("a web process stopped before listening")
		case <-time.After(time.Minute):
			t.Fatal("a web process did not listen within a minute")
		}
		return nil, nil
	}
	worker := func() *process {
		return startMuster(t, "worker", "--db", dsn, "--workers", "1", "--rescue-after", "3s", "--migrate=false")
	}
	p0, web0 := web()
	_, web1 := web()
	web0.c = web0.client()
	web1.c = web0.c // one browser, its session in the database
	web0.signUp(web0.c, "tester")
	files := []string{rebel1500, imperial1500, unarmedArmy}
	var ids []string
	for _, f := range files {
		ids = append(ids, web0.importFile(f))
	}
	first := worker()
	worker()

	// The round robin: 3 pairs of 2,000 battles, 12 chunks.
	const battles, seed = 2000, "5"
	r := web0.postForm("/roundrobin", url.Values{"army": ids, "battles": {strconv.Itoa(battles)}, "scenario": {"open-field"}, "seed": {seed}})
	wantStatus(t, "POST /roundrobin on the first web process", r, http.StatusSeeOther)
	run := r.header.Get("Location")
	id := strings.TrimPrefix(run, "/sim/run/")
	for deadline := time.Now().Add(5 * time.Minute); ; {
		if time.Now().After(deadline) {
			t.Fatal("the workers did not play two chunks of the round robin within five minutes")
		}
		if n, _, err := store.ChunkProgress(context.Background(), id); err != nil {
			t.Fatal(err)
		} else if n >= 2 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	first.kill()
	p0.kill()
	if p := web1.get(run); p.status != http.StatusOK || !strings.Contains(p.body, "Playing a round robin") {
		t.Fatalf("the second web process's progress page: %d\n%.1500s", p.status, p.body)
	}
	worker()
	res := ts1Result(t, web1, run)
	page := web1.get(res)
	wantStatus(t, "the round robin's page on the second web process", page, http.StatusOK)
	m, err := store.MatchupForWork(context.Background(), id)
	if err != nil || m.Status != db.MatchupDone {
		t.Fatalf("the round robin: %s (%v)", m.Status, err)
	}
	var rr jobs.RoundRobinResult
	if err := json.Unmarshal(m.Result, &rr); err != nil || len(rr.Pairs) != 3 {
		t.Fatalf("the round robin's result: %d pairs (%v)", len(rr.Pairs), err)
	}
	// The entrants in the order the form listed them, each by its file.
	var req jobs.RoundRobinRequest
	if err := json.Unmarshal(m.Request, &req); err != nil {
		t.Fatal(err)
	}
	fileOf := map[string]string{}
	for i, id := range ids {
		fileOf[id] = files[i]
	}
	for _, p := range rr.Pairs {
		j := web1.get("/sims/" + p.Sim + "/json")
		wantStatus(t, "a pair's JSON", j, http.StatusOK)
		code, cli, stderr := runMuster(t, "sim", "--battles", strconv.Itoa(battles), "--seed", seed, "--json",
			fileOf[req.Entrants[p.I].ID], fileOf[req.Entrants[p.J].ID])
		if code != 0 {
			t.Fatalf("muster sim: %s", stderr)
		}
		if got, want := compactJSON(t, j.body), compactJSON(t, cli); got != want {
			t.Errorf("pair %d-%d differs from muster sim's:\n%s\n%s", p.I, p.J, got, want)
		}
	}

	// A what-if on a third web process, followed on the second.
	_, web2 := web()
	web2.c = web0.c
	b := web2.importFile(imperials1000)
	mres := waitResult(t, web1, startMatchup(t, web2, ids[2], b, "open-field", "40", "7"))
	w := web2.postForm(mres+"/whatif", url.Values{"side": {"a"}, "battles": {"60"}, "variants": {"3"}})
	wantStatus(t, "POST whatif", w, http.StatusSeeOther)
	wpage := web1.get(ts1Result(t, web1, w.header.Get("Location")))
	wantStatus(t, "the what-if's page", wpage, http.StatusOK)
	wm, _ := store.MatchupForWork(context.Background(), strings.TrimPrefix(w.header.Get("Location"), "/sim/run/"))
	var got jobs.WhatIfResult
	if err := json.Unmarshal(wm.Result, &got); err != nil {
		t.Fatal(err)
	}
	code, cli, stderr := runMuster(t, "whatif", "--battles", "60", "--seed", "7", "--max-variants", "3", "--json", unarmedArmy, imperials1000)
	if code != 0 {
		t.Fatalf("muster whatif: %s", stderr)
	}
	var want struct {
		Variants []struct {
			Change string  `json:"change"`
			Delta  float64 `json:"delta"`
		} `json:"variants"`
	}
	if err := json.Unmarshal([]byte(cli), &want); err != nil {
		t.Fatal(err)
	}
	if len(want.Variants) != len(got.Report.Variants) {
		t.Fatalf("the what-if ranked %d changes, muster whatif %d", len(got.Report.Variants), len(want.Variants))
	}
	for i, v := range want.Variants {
		if g := got.Report.Variants[i]; g.Change != v.Change || g.Delta != v.Delta {
			t.Errorf("change %d: %q %+.4f on the cluster, %q %+.4f by muster whatif", i, g.Change, g.Delta, v.Change, v.Delta)
		}
	}

	// The d20 quick-resolve.
	rebel, imperial := "../../../../rules/swm/testdata/salvage-rebel.yaml", "../../../../rules/swm/testdata/salvage-imperial.yaml"
	var sa, sb string
	web2.as(web0.c, func() {
		sa = web2.importText(t, fileText(t, rebel), "")
		sb = web2.importText(t, fileText(t, imperial), "")
	})
	d := web2.postForm("/swm/quick-resolve", url.Values{"a": {sa}, "b": {sb}, "scenario": {"salvage"}, "battles": {"20"}, "seed": {"7"}})
	wantStatus(t, "POST /swm/quick-resolve", d, http.StatusSeeOther)
	wantStatus(t, "the d20 result", web1.get(ts1Result(t, web1, d.header.Get("Location"))), http.StatusOK)
	dm, _ := store.MatchupForWork(context.Background(), strings.TrimPrefix(d.header.Get("Location"), "/sim/run/"))
	var dres jobs.SWMResult
	if err := json.Unmarshal(dm.Result, &dres); err != nil || dres.Summary == nil {
		t.Fatalf("the d20 result: %v", err)
	}
	code, cli, stderr = runMuster(t, "swm", "sim", "--battles", "20", "--seed", "7", "--scenario", "salvage", "--json", rebel, imperial)
	if code != 0 {
		t.Fatalf("muster swm sim: %s", stderr)
	}
	var dcli struct{ Wins, Draws, Losses int }
	if err := json.Unmarshal([]byte(cli), &dcli); err != nil {
		t.Fatal(err)
	}
	if s := dres.Summary; s.Wins != dcli.Wins || s.Draws != dcli.Draws || s.Losses != dcli.Losses {
		t.Errorf("d20: %d/%d/%d on the cluster, %d/%d/%d by muster swm sim", s.Wins, s.Draws, s.Losses, dcli.Wins, dcli.Draws, dcli.Losses)
	}

	// The skirmish quick-resolve.
	form := newSoloForm(5, fullPool)
	form.Set("battles", "300")
	q := web2.postForm("/qrs/sim", form)
	wantStatus(t, "POST /qrs/sim", q, http.StatusSeeOther)
	wantStatus(t, "the skirmish result", web1.get(ts1Result(t, web1, q.header.Get("Location"))), http.StatusOK)
	qm, _ := store.MatchupForWork(context.Background(), strings.TrimPrefix(q.header.Get("Location"), "/sim/run/"))
	var qreq jobs.QRSRequest
	if err := json.Unmarshal(qm.Request, &qreq); err != nil {
		t.Fatal(err)
	}
	in, err := jobs.PlayQRS(qreq)
	if err != nil {
		t.Fatal(err)
	}
	inJSON, _ := json.Marshal(in)
	if string(qm.Result) != string(inJSON) {
		t.Errorf("skirmish: the cluster played\n%s\nin one process:\n%s", qm.Result, inJSON)
	}
}

// ts1Result follows a job's progress page on a web process until it goes to the result.
func ts1Result(t *testing.T, ts *testServer, run string) string {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Minute); time.Now().Before(deadline); {
		r := ts.get(run)
		switch r.status {
		case http.StatusSeeOther:
			return r.header.Get("Location")
		case http.StatusOK:
			if strings.Contains(r.body, "Muster could not play") {
				t.Fatalf("%s failed:\n%.2000s", run, r.body)
			}
			time.Sleep(100 * time.Millisecond)
		default:
			t.Fatalf("%s: %d", run, r.status)
		}
	}
	t.Fatalf("%s did not finish within five minutes", run)
	return ""
}
