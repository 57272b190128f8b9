package web

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/net/html"

	"muster/cmd/muster/internal/testkit"
)

// loadImport imports an army file through the import form as the client's browser would
// (making it a guest owner the first time) and returns the army's id.
func loadImport(client *http.Client, base string, data []byte) (string, error) {
	resp, err := client.Get(base + "/armies/new")
	if err != nil {
		return "", err
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := csrfRe.FindSubmatch(page)
	if m == nil {
		return "", errors.New("no CSRF token on /armies/new")
	}
	v := url.Values{"_csrf": {string(m[1])}, "text": {string(data)}}
	noFollow := *client
	noFollow.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err = noFollow.PostForm(base+"/armies/import", v)
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	id := regexp.MustCompile(`^/armies/([A-Za-z0-9_-]+)`).FindStringSubmatch(loc)
	if resp.StatusCode != http.StatusSeeOther || id == nil {
		return "", fmt.Errorf("import: %d to %q", resp.StatusCode, loc)
	}
	return id[1], nil
}

// loadPlayer is one simulated player: their own browser (session, CSRF cookie), their own
// army, and the editor form of it.
type loadPlayer struct {
	client *http.Client
	id     string
	form   url.Values
}

// loadClientTimeout is how long a player's browser waits for an answer before giving up
// (a timeout, in the report).
const loadClientTimeout = 30 * time.Second

func newLoadPlayer(base string, transport http.RoundTripper, data []byte) (*loadPlayer, error) {
	jar, _ := cookiejar.New(nil)
	// Each player comes from an address of its own, as the TLS proxy in front of Muster says
	// (X-Forwarded-For, believed from the proxy --trusted-proxy names: here loopback): the
	// guests one address may make are bounded (guestBurst), and 200 players are not one
	// address.
	n := loadPlayers.Add(1)
	addr := fmt.Sprintf("198.51.%d.%d", n/250%250, n%250+1)
	c := &http.Client{Jar: jar, Transport: forwardedFor{transport, addr}, Timeout: loadClientTimeout}
	var id string
	var err error
	for try := 0; ; try++ { // a busy server may say 503 while players arrive: as a browser would, try again
		if id, err = loadImport(c, base, data); err == nil || try == 20 {
			break
		}
		time.Sleep(time.Duration(100+rand.IntN(400)) * time.Millisecond)
	}
	if err != nil {
		return nil, err
	}
	resp, err := c.Get(base + "/armies/" + id + "/edit")
	if err != nil {
		return nil, err
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := csrfRe.FindSubmatch(page)
	if m == nil {
		return nil, fmt.Errorf("no editor form (%d)", resp.StatusCode)
	}
	p := &loadPlayer{client: c, id: id}
	// The editor's form is read from the page once per player (as in TestLoadEditorPreview).
	p.form = formValuesOfPage(page)
	return p, nil
}

// loadKinds are the mixed load's requests and their shares (percent) of issue 30: cost
// updates, the editor page, the army's summary, the armies page, record sheets, the
// catalogue, a volley's odds.
var loadKinds = []struct {
	kind  string
	share int
}{{"update", 30}, {"editor", 10}, {"summary", 15}, {"home", 15}, {"sheets", 10}, {"catalogue", 10}, {"odds", 10}}

// loadKind is the kind of request r (0 to 99) stands for.
func loadKind(r int) string {
	for _, k := range loadKinds {
		if r < k.share {
			return k.kind
		}
		r -= k.share
	}
	return loadKinds[len(loadKinds)-1].kind
}

// request sends one of the mixed load's requests and reads the answer.
func (p *loadPlayer) request(base, kind string, r int) (int, error) {
	var req *http.Request
	switch kind {
	case "update":
		v := url.Values{}
		for k, vs := range p.form {
			v[k] = slices.Clone(vs)
		}
		v.Set("u0.skills.skill.blaster", fmt.Sprint(3+r%3))
		req, _ = http.NewRequest(http.MethodPost, base+"/armies/"+p.id+"/preview", strings.NewReader(v.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("HX-Request", "true")
	case "editor":
		req, _ = http.NewRequest(http.MethodGet, base+"/armies/"+p.id+"/edit", nil)
	case "summary":
		req, _ = http.NewRequest(http.MethodGet, base+"/armies/"+p.id, nil)
	case "home":
		req, _ = http.NewRequest(http.MethodGet, base+"/", nil)
	case "sheets":
		req, _ = http.NewRequest(http.MethodGet, base+"/armies/"+p.id+"/sheets", nil)
	case "catalogue":
		req, _ = http.NewRequest(http.MethodGet, base+"/catalogue", nil)
	default:
		req, _ = http.NewRequest(http.MethodGet, base+"/odds?firer="+p.id+":0&target="+p.id+":1&range=10", nil)
	}
	resp, err := p.client.Do(req)
	if err != nil {
		return 0, err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, nil
}

// loadResult is what a run measured.
type loadResult struct {
	lats            []time.Duration            // answered 2xx
	byKind          map[string][]time.Duration // the same, by kind of request
	busy            int                        // 503, Muster's own "busy, try again"
	busyLats        []time.Duration            // how soon the 503s came back
	status5xx       int                        // any other 5xx
	other           int                        // other answers not 2xx
	timeouts, fails int                        // no answer in loadClientTimeout; no answer at all
	skipped         int                        // not sent: the generator had too many in flight
	elapsed         time.Duration
}

func pct(lats []time.Duration, p float64) time.Duration {
	if len(lats) == 0 {
		return 0
	}
	return lats[int(p*float64(len(lats)-1))].Round(10 * time.Microsecond)
}

func (r *loadResult) String() string {
	slices.Sort(r.lats)
	slices.Sort(r.busyLats)
	if len(r.lats) == 0 {
		return fmt.Sprintf("no answers; %d 503s, %d timeouts, %d failures", r.busy, r.timeouts, r.fails)
	}
	total := len(r.lats) + r.busy + r.status5xx + r.other
	s := fmt.Sprintf("answers %d in %.1fs (%.0f/s; %.0f/s served); served p50 %v, p90 %v, p99 %v, max %v; "+
		"503 busy %d (%.1f%%, p99 %v), other 5xx %d, other non-2xx %d, timeouts %d, failures %d, not sent %d",
		total, r.elapsed.Seconds(), float64(total)/r.elapsed.Seconds(), float64(len(r.lats))/r.elapsed.Seconds(),
		pct(r.lats, 0.5), pct(r.lats, 0.9), pct(r.lats, 0.99), r.lats[len(r.lats)-1].Round(10*time.Microsecond),
		r.busy, 100*float64(r.busy)/float64(total), pct(r.busyLats, 0.99), r.status5xx, r.other, r.timeouts, r.fails, r.skipped)
	var kinds []string
	for _, k := range loadKinds {
		l := r.byKind[k.kind]
		slices.Sort(l)
		kinds = append(kinds, fmt.Sprintf("%s %d p50 %v p99 %v", k.kind, len(l), pct(l, 0.5), pct(l, 0.99)))
	}
	return s + "\n  by kind: " + strings.Join(kinds, "; ")
}

// serverProcess is `muster serve` run as its own process for the load test: its memory is
// its own, apart from the load generator's.
type serverProcess struct {
	cmd      *exec.Cmd
	base     string
	warnings atomic.Int64 // lines logged at WARN (the 503s among them)
	errors   atomic.Int64 // lines logged at ERROR
	firstErr atomic.Value // the first ERROR line
	peakRSS  atomic.Int64 // bytes, sampled
}

// startServeProcess starts `muster serve` on a loopback port and a database of its own.
func startServeProcess(t *testing.T, args ...string) *serverProcess {
	t.Helper()
	args = append([]string{"serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "load.db")}, args...)
	bin := os.Getenv("MUSTER_LOADTEST_SERVER")
	if bin == "" {
		bin = testkit.Muster(t)
		args = append(args, "--trusted-proxy", "127.0.0.1")
	} // else another build, to compare: one from before issue 30 believed loopback's X-Forwarded-For unasked
	cmd := exec.Command(bin, args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	errOut, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serverProcess{cmd: cmd}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			cmd.Process.Kill()
		}
	})
	go func() {
		sc := bufio.NewScanner(errOut)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			// The line's own level: the first level= on it (a line may quote another's,
			// as the matchup workers' log quotes River's).
			level := ""
			if _, rest, ok := strings.Cut(line, "level="); ok {
				level, _, _ = strings.Cut(rest, " ")
			}
			switch {
			case level == "ERROR":
				if p.errors.Add(1) == 1 {
					p.firstErr.Store(line)
				}
			case level == "WARN":
				p.warnings.Add(1)
			}
		}
	}()
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		re := regexp.MustCompile(`listening on http://([^/]+)/`)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	select {
	case a := <-addr:
		if host, _, _ := net.SplitHostPort(a); host != "127.0.0.1" {
			t.Fatalf("the load test only targets loopback, not %s", a)
		}
		p.base = "http://" + a
	case <-time.After(time.Minute):
		t.Fatal("muster serve did not start listening within a minute")
	}
	return p
}

// rss is the process's resident memory now, in bytes (Linux: /proc/PID/status).
func (p *serverProcess) rss() int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// cpu is the process's CPU time so far (user and system; Linux: /proc/PID/stat, in the
// kernel's clock ticks, 100 a second).
func (p *serverProcess) cpu() time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // after the command's name
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * 10 * time.Millisecond
}

// sampleMemory notes the process's peak resident memory until ctx ends.
func (p *serverProcess) sampleMemory(ctx context.Context) {
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for {
		if m := p.rss(); m > p.peakRSS.Load() {
			p.peakRSS.Store(m)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// maxOutstanding bounds the load generator's requests in flight: beyond it a request is not
// sent (counted "not sent"), so that a server that stops answering cannot make the test
// itself eat the machine.
const maxOutstanding = 20000

// TestLoadMixed is the mixed load of docs/benchmarks.md (issue 30): simulated players, each
// with their own session and army, each sending a request about once a second (open loop:
// a request goes at its time whether or not the last one came back), for loadSeconds,
// against `muster serve` run as a process of its own on loopback (its memory measured
// apart). With MUSTER_LOADTEST_SIMS=2 two other players first start 100,000-battle
// matchups; with MUSTER_LOADTEST_CLOSED=N, N clients send requests back to back instead
// (saturation); MUSTER_LOADTEST_MAXREQ sets the server's --max-requests;
// MUSTER_LOADTEST_SERVER=path runs that muster build instead of this checkout's (to compare
// before and after a change). Bounded in count
// and time; MUSTER_LOADTEST=1 runs it (make loadtest), never go test ./... alone.
func TestLoadMixed(t *testing.T) {
	if os.Getenv("MUSTER_LOADTEST") == "" {
		t.Skip("set MUSTER_LOADTEST=1 (make loadtest) to run the load test")
	}
	players := envInt("MUSTER_LOADTEST_PLAYERS", 200, 1, 2000)
	seconds := envInt("MUSTER_LOADTEST_SECONDS", 30, 5, 300)
	sims := envInt("MUSTER_LOADTEST_SIMS", 0, 0, 4)
	closed := envInt("MUSTER_LOADTEST_CLOSED", 0, 0, 64)
	var args []string
	if n := envInt("MUSTER_LOADTEST_MAXREQ", 0, 0, 10000); n > 0 {
		args = append(args, "--max-requests", strconv.Itoa(n))
	}
	if sims > 0 {
		args = append(args, "--workers", "1")
	}
	srv := startServeProcess(t, args...)
	base := srv.base
	data, err := os.ReadFile(mixed)
	if err != nil {
		t.Fatal(err)
	}
	transport := &http.Transport{MaxIdleConns: 4000, MaxIdleConnsPerHost: 4000}
	n := players
	if closed > 0 {
		n = closed
	}
	ps := make([]*loadPlayer, n)
	{ // players arrive, a few at a time
		var wg sync.WaitGroup
		sem := make(chan struct{}, 4)
		errs := make(chan error, n)
		for i := range ps {
			wg.Go(func() {
				sem <- struct{}{}
				defer func() { <-sem }()
				var err error
				if ps[i], err = newLoadPlayer(base, transport, data); err != nil {
					errs <- fmt.Errorf("player %d: %w", i, err)
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
	}
	for i := range sims {
		p, err := newLoadPlayer(base, transport, data)
		if err != nil {
			t.Fatal(err)
		}
		v := url.Values{"_csrf": {p.form.Get("_csrf")}, "a": {p.id}, "b": {p.id}, "battles": {"100000"}, "scenario": {"open-field"}, "seed": {strconv.Itoa(i)}}
		resp, err := p.client.PostForm(base+"/sim", v)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK { // followed to the progress page
			t.Fatalf("matchup %d: %d", i, resp.StatusCode)
		}
	}
	idle := srv.rss()
	cpuBefore, genBefore := srv.cpu(), cpuTime()
	ctx, stopSampling := context.WithCancel(context.Background())
	sampled := make(chan struct{})
	go func() { srv.sampleMemory(ctx); close(sampled) }()
	var (
		mu          sync.Mutex
		res         = loadResult{byKind: map[string][]time.Duration{}}
		wg          sync.WaitGroup
		outstanding atomic.Int64
	)
	record := func(kind string, start time.Time, status int, err error) {
		d := time.Since(start)
		mu.Lock()
		defer mu.Unlock()
		var ne net.Error
		switch {
		case err != nil && errors.As(err, &ne) && ne.Timeout():
			res.timeouts++
		case err != nil:
			res.fails++
		case status == http.StatusServiceUnavailable:
			res.busy++
			res.busyLats = append(res.busyLats, d)
		case status >= 500:
			res.status5xx++
		case status >= 300:
			res.other++
		default:
			res.lats = append(res.lats, d)
			res.byKind[kind] = append(res.byKind[kind], d)
		}
	}
	send := func(p *loadPlayer, r int) {
		start := time.Now()
		kind := loadKind(r)
		status, err := p.request(base, kind, r)
		record(kind, start, status, err)
	}
	started := time.Now()
	end := started.Add(time.Duration(seconds) * time.Second)
	for i, p := range ps {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(i), 1))
			if closed > 0 {
				for time.Now().Before(end) {
					send(p, rng.IntN(100))
				}
				return
			}
			// Open loop: one request a second on average, at its time, each in its own goroutine.
			at := started.Add(time.Duration(rng.Int64N(int64(time.Second))))
			for at.Before(end) {
				time.Sleep(time.Until(at))
				r := rng.IntN(100)
				if outstanding.Add(1) > maxOutstanding {
					outstanding.Add(-1)
					mu.Lock()
					res.skipped++
					mu.Unlock()
				} else {
					wg.Go(func() {
						defer outstanding.Add(-1)
						send(p, r)
					})
				}
				at = at.Add(time.Duration(500+rng.IntN(1000)) * time.Millisecond)
			}
		})
	}
	wg.Wait()
	res.elapsed = time.Since(started)
	cpuUsed, genUsed := srv.cpu()-cpuBefore, cpuTime()-genBefore
	stopSampling()
	<-sampled
	mode := fmt.Sprintf("open loop, %d players", players)
	if closed > 0 {
		mode = fmt.Sprintf("closed loop, %d clients", closed)
	}
	answered := len(res.lats) + res.busy + res.status5xx + res.other
	report := fmt.Sprintf("%s, %d matchups running, %ds: %s\n  server: CPU %.1f s, %.2f ms an answer (matchups included); the load generator's CPU %.1f s; memory %.0f MB idle with the players' armies, %.0f MB peak (RSS); log: %d warnings, %d errors",
		mode, sims, seconds, res.String(), cpuUsed.Seconds(), float64(cpuUsed.Microseconds())/1000/float64(max(answered, 1)), genUsed.Seconds(),
		float64(idle)/(1<<20), float64(srv.peakRSS.Load())/(1<<20), srv.warnings.Load(), srv.errors.Load())
	t.Log(report)
	fmt.Println("loadtest:", report)
	if res.status5xx > 0 || res.fails > 0 || res.timeouts > 0 || res.skipped > 0 {
		t.Errorf("%d 5xx other than 503, %d timeouts, %d failed requests, %d not sent", res.status5xx, res.timeouts, res.fails, res.skipped)
	}
	if srv.errors.Load() > 0 {
		t.Errorf("the server logged %d errors; the first: %v", srv.errors.Load(), srv.firstErr.Load())
	}
}

func envInt(name string, def, lo, hi int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n >= lo && n <= hi {
		return n
	}
	return def
}

// formValuesOfPage reads the editor's form from a page, outside a test's helpers.
func formValuesOfPage(page []byte) url.Values {
	doc, err := html.Parse(strings.NewReader(string(page)))
	if err != nil {
		return nil
	}
	return formValues(byID(doc, "army-form"))
}

// loadPlayers counts the load's players, for each its own address.
var loadPlayers atomic.Int64

// forwardedFor sends every request as the proxy in front of Muster would for a client at addr.
type forwardedFor struct {
	rt   http.RoundTripper
	addr string
}

func (f forwardedFor) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-Forwarded-For", f.addr)
	return f.rt.RoundTrip(r)
}
