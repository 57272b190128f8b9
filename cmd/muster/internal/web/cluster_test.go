package web

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/testkit"
	"muster/db"
	"muster/db/dbtest"
	"muster/rules"
)

// TestMain removes the muster command the tests built (testkit.Muster) and the migrated
// database they copy (freshMigrated) once they are done.
func TestMain(m *testing.M) {
	code := m.Run()
	testkit.RemoveMuster()
	removeMigratedTemplate()
	os.Exit(code)
}

// process is a muster command running as its own process.
type process struct {
	cmd  *exec.Cmd
	addr chan string // the web process's address, once it listens
	done chan struct{}
}

// startMuster starts `muster args...` as a process, killed when the test ends.
func startMuster(t *testing.T, args ...string) *process {
	t.Helper()
	cmd := exec.Command(testkit.Muster(t), args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = &testLog{t: t, name: args[0]}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd, addr: make(chan string, 1), done: make(chan struct{})}
	listening := regexp.MustCompile(`listening on http://([^/]+)/`)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				p.addr <- m[1]
			}
		}
	}()
	go func() { cmd.Wait(); close(p.done) }()
	t.Cleanup(func() { p.kill() })
	return p
}

// kill kills the process at once (SIGKILL: no clean stop, chunks in hand are abandoned) and
// waits for it to die.
func (p *process) kill() {
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// testLog passes a process's warnings and errors to the test's log.
type testLog struct {
	mu   sync.Mutex
	t    *testing.T
	name string
}

func (l *testLog) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.Contains(line, "level=WARN") || strings.Contains(line, "level=ERROR") {
			l.t.Logf("%s: %s", l.name, line)
		}
	}
	return len(b), nil
}

// clusterBattles is the size of the matchup TestMatchupOnTwoWebProcessesAndThreeWorkers
// plays: 20,000 battles by default (about ten seconds of this 2-core machine), the issue's
// 100,000 with MUSTER_CLUSTER_BATTLES=100000 (docs/benchmarks.md).
func clusterBattles(t *testing.T) int {
	if s := os.Getenv("MUSTER_CLUSTER_BATTLES"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 100000 {
			t.Fatalf("MUSTER_CLUSTER_BATTLES=%q: a number of battles from 1 to 100000", s)
		}
		return n
	}
	return 20000
}

// Two web processes (pages only) and three workers on one PostgreSQL database: a matchup
// asked for on one web process and followed on the other is played by the workers; all three
// are killed midway (SIGKILL, chunks in hand lost) and three new ones started; the result is
// exactly `muster sim`'s for the same seed, byte for byte, every battle counted once, and
// the chunks, merged into it, not kept.
func TestMatchupOnTwoWebProcessesAndThreeWorkers(t *testing.T) {
	t.Parallel()
	dsn := dbtest.Postgres(t)
	if testing.Short() {
		t.Skip("plays a long matchup on five processes")
	}
	battles := clusterBattles(t)
	const seed = "424242"
	// The schema and the job tables exist before the processes start.
	store, err := db.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	setup, err := jobs.Open(context.Background(), store, rules.Default(), slog.New(slog.NewTextHandler(io.Discard, nil)), jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_ = setup.Stop(context.Background())
	var webs [2]*testServer
	for i := range webs {
		p := startMuster(t, "serve", "--addr", "127.0.0.1:0", "--db", dsn, "--workers", "0")
		var addr string
		select {
		case addr = <-p.addr:
		case <-p.done:
			t.Fatal("a web process stopped before listening")
		case <-time.After(time.Minute):
			t.Fatal("a web process did not listen within a minute")
		}
		webs[i] = &testServer{t: t, srv: &httptest.Server{URL: "http://" + addr}, store: store}
	}
	// One browser, one session (in the database): both web processes know it.
	webs[0].c = webs[0].client()
	webs[1].c = webs[0].c
	webs[0].signUp(webs[0].c, "tester")
	a := webs[0].importFile(rebel1500)
	b := webs[0].importFile(imperial1500)

	workers := func() []*process {
		var ps []*process
		for range 3 {
			ps = append(ps, startMuster(t, "worker", "--db", dsn, "--workers", "1", "--rescue-after", "3s"))
		}
		return ps
	}
	first := workers()
	run := startMatchup(t, webs[0], a, b, "open-field", strconv.Itoa(battles), seed)
	id := strings.TrimPrefix(run, "/sim/run/")
	m, err := store.MatchupForWork(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	// Midway: a third of the chunks saved, then every worker killed.
	for deadline := time.Now().Add(5 * time.Minute); ; {
		if time.Now().After(deadline) {
			t.Fatal("the workers did not play a third of the matchup within five minutes")
		}
		n, _, err := store.ChunkProgress(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if n >= m.Chunks/3 {
			break
		}
		if now, _ := store.MatchupForWork(context.Background(), id); now.Over() {
			t.Fatalf("the matchup ended (%s) before a third of it was played and the workers killed", now.Status)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, p := range first {
		p.kill()
	}
	if p := webs[1].get(run); p.status != http.StatusOK || !strings.Contains(p.body, "battles played") {
		t.Fatalf("the second web process's progress page, workers dead: %d\n%.1500s", p.status, p.body)
	}
	workers()
	var res string
	for deadline := time.Now().Add(5 * time.Minute); res == ""; {
		if time.Now().After(deadline) {
			t.Fatal("the matchup did not finish within five minutes")
		}
		r := webs[1].get(run)
		switch r.status {
		case http.StatusSeeOther:
			res = r.header.Get("Location")
		case http.StatusOK:
			time.Sleep(200 * time.Millisecond)
		default:
			t.Fatalf("%s on the second web process: %d", run, r.status)
		}
	}
	j := webs[1].get(res + "/json")
	wantStatus(t, "the result's JSON", j, http.StatusOK)
	code, cli, stderr := runMuster(t, "sim", "--battles", strconv.Itoa(battles), "--seed", seed, "--json", rebel1500, imperial1500)
	if code != 0 {
		t.Fatalf("muster sim: %s", stderr)
	}
	if got, want := compactJSON(t, j.body), compactJSON(t, cli); got != want {
		t.Errorf("the cluster's result differs from muster sim's:\n%s\n%s", got, want)
	}
	// Every battle counted once: the result is the command line's, and the merge refuses a
	// battle counted twice or missing. The matchup is done with all its battles, and its
	// chunks, merged into the result, are not kept.
	done, err := store.MatchupForWork(context.Background(), id)
	if err != nil || done.Status != db.MatchupDone || done.Battles != battles || done.ResultURL != res {
		t.Errorf("the matchup after the merge: %s, %d battles, result %q (%v); want done, %d, %q", done.Status, done.Battles, done.ResultURL, err, battles, res)
	}
	if chunks, played, err := store.ChunkProgress(context.Background(), id); err != nil || chunks != 0 || played != 0 {
		t.Errorf("the done matchup keeps %d chunks of %d battles (%v), want none", chunks, played, err)
	}
	var again int
	if err := store.DB().QueryRow(`SELECT COUNT(*) FROM river_job WHERE kind = $1 AND attempt > 1`, jobs.KindSimChunk).Scan(&again); err == nil {
		t.Logf("%d battles in %d chunks; %d chunk jobs were played again after the kill", battles, m.Chunks, again)
	}
}
