package web

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/net/html"
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

func newLoadPlayer(base string, transport http.RoundTripper, data []byte) (*loadPlayer, error) {
	jar, _ := cookiejar.New(nil)
	// Each player comes from an address of its own, as the TLS proxy in front of Muster says
	// (X-Forwarded-For, read from loopback connections): the guests one address may make are
	// bounded (guestBurst), and 200 players are not one address.
	n := loadPlayers.Add(1)
	addr := fmt.Sprintf("198.51.%d.%d", n/250%250, n%250+1)
	c := &http.Client{Jar: jar, Transport: forwardedFor{transport, addr}, Timeout: 30 * time.Second}
	id, err := loadImport(c, base, data)
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
		return nil, errors.New("no editor form")
	}
	p := &loadPlayer{client: c, id: id}
	// The editor's form is read from the page once per player (as in TestLoadEditorPreview).
	p.form = formValuesOfPage(page)
	return p, nil
}

// request sends one of the mixed load's requests, chosen by r (0 to 99): editor updates
// half the time, then the army's summary, the armies page and the odds of a volley.
func (p *loadPlayer) request(base string, r int) (int, error) {
	var req *http.Request
	switch {
	case r < 50:
		v := url.Values{}
		for k, vs := range p.form {
			v[k] = slices.Clone(vs)
		}
		v.Set("u0.skills.skill.blaster", fmt.Sprint(3+r%3))
		req, _ = http.NewRequest(http.MethodPost, base+"/armies/"+p.id+"/preview", strings.NewReader(v.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("HX-Request", "true")
	case r < 75:
		req, _ = http.NewRequest(http.MethodGet, base+"/armies/"+p.id, nil)
	case r < 90:
		req, _ = http.NewRequest(http.MethodGet, base+"/", nil)
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
	lats         []time.Duration
	status5xx    int
	other, fails int
	elapsed      time.Duration
}

func (r *loadResult) String() string {
	slices.Sort(r.lats)
	if len(r.lats) == 0 {
		return fmt.Sprintf("no answers; %d failures", r.fails)
	}
	pct := func(p float64) time.Duration {
		return r.lats[int(p*float64(len(r.lats)-1))].Round(10 * time.Microsecond)
	}
	return fmt.Sprintf("answers %d in %.1fs (%.0f req/s); p50 %v, p90 %v, p99 %v, max %v; 5xx %d, other non-2xx %d, failures %d",
		len(r.lats), r.elapsed.Seconds(), float64(len(r.lats))/r.elapsed.Seconds(), pct(0.5), pct(0.9), pct(0.99),
		r.lats[len(r.lats)-1].Round(10*time.Microsecond), r.status5xx, r.other, r.fails)
}

// TestLoadMixed is the mixed load of docs/benchmarks.md: simulated players, each with
// their own session and army, each sending a request about once a second (open loop: a
// request goes at its time whether or not the last one came back), for loadSeconds. With
// MUSTER_LOADTEST_SIMS=2 two other players first start 100,000-battle matchups; with
// MUSTER_LOADTEST_CLOSED=N, N clients send requests back to back instead (saturation).
// Bounded in count and time; loopback only; MUSTER_LOADTEST=1 runs it.
func TestLoadMixed(t *testing.T) {
	if os.Getenv("MUSTER_LOADTEST") == "" {
		t.Skip("set MUSTER_LOADTEST=1 (make loadtest) to run the load test")
	}
	players := envInt("MUSTER_LOADTEST_PLAYERS", 200, 1, 2000)
	seconds := envInt("MUSTER_LOADTEST_SECONDS", 30, 5, 300)
	sims := envInt("MUSTER_LOADTEST_SIMS", 0, 0, 4)
	closed := envInt("MUSTER_LOADTEST_CLOSED", 0, 0, 64)
	base := startServer(t)
	if !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Fatalf("the load test only targets loopback, not %s", base)
	}
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
	for i := range ps {
		if ps[i], err = newLoadPlayer(base, transport, data); err != nil {
			t.Fatalf("player %d: %v", i, err)
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
	var (
		mu  sync.Mutex
		res loadResult
		wg  sync.WaitGroup
	)
	record := func(start time.Time, status int, err error) {
		d := time.Since(start)
		mu.Lock()
		defer mu.Unlock()
		switch {
		case err != nil:
			res.fails++
		case status >= 500:
			res.status5xx++
		case status >= 300:
			res.other++
		default:
			res.lats = append(res.lats, d)
		}
	}
	started := time.Now()
	end := started.Add(time.Duration(seconds) * time.Second)
	for i, p := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 1))
			if closed > 0 {
				for time.Now().Before(end) {
					start := time.Now()
					status, err := p.request(base, rng.IntN(100))
					record(start, status, err)
				}
				return
			}
			// Open loop: one request a second on average, at its time, each in its own goroutine.
			at := started.Add(time.Duration(rng.Int64N(int64(time.Second))))
			for at.Before(end) {
				time.Sleep(time.Until(at))
				r := rng.IntN(100)
				wg.Add(1)
				go func() {
					defer wg.Done()
					start := time.Now()
					status, err := p.request(base, r)
					record(start, status, err)
				}()
				at = at.Add(time.Duration(500+rng.IntN(1000)) * time.Millisecond)
			}
		}()
	}
	wg.Wait()
	res.elapsed = time.Since(started)
	mode := fmt.Sprintf("open loop, %d players", players)
	if closed > 0 {
		mode = fmt.Sprintf("closed loop, %d clients", closed)
	}
	report := fmt.Sprintf("%s, %d matchups running, %ds: %s", mode, sims, seconds, res.String())
	t.Log(report)
	fmt.Println("loadtest:", report)
	if res.status5xx > 0 || res.fails > 0 {
		t.Errorf("%d 5xx and %d failed requests", res.status5xx, res.fails)
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
