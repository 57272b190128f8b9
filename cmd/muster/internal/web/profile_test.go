package web

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"muster/db"
	"muster/rules"
)

// The profile of one request at a time (docs/benchmarks.md, issue 30): the real app (every
// middleware, the slog request log, SQLite with synchronous=FULL) answers the requests of
// the mixed load one after another, in the test's process, without a network in between.
// Each benchmark reports cpu-ns/op, the process's CPU time (getrusage: user and system,
// every goroutine, the garbage collector) per answer, which the machine's other work does
// not inflate the way it does the wall clock.
//
//	go test -run '^$' -bench 'Request' -benchtime 2s ./cmd/muster/internal/web
//	go test -run '^$' -bench 'Request/editor$' -benchtime 2s -cpuprofile /tmp/cpu.out ./cmd/muster/internal/web
//
// The requests are those of TestLoadMixed: the player's cost update (the editor's whole form
// of costing/testdata/mixed-2000.yaml, the blaster code changing), the editor page, the
// army's summary, the armies page, the record sheets, the catalogue and a volley's odds.
// A player types about one request a second, so every cost update's draft is written: the
// web app writes them behind the answers, every player's of the last second in one
// transaction (drafts.go). The benchmark's cost updates go to draftBatch armies in turn,
// written together after each round: each cost update's CPU counts its share of a write of
// draftBatch drafts, the drafts of about a hundred players typing (a busy server's writes
// hold more, and cost less each).

// draftBatch is the number of drafts the benchmark writes together.
const draftBatch = 30

// profileEnv is one player's browser on the app, in process.
type profileEnv struct {
	app     *app
	discard bool // answers' bodies counted, not kept (handlerTransport)
	client  *http.Client
	id      string         // the army every page but the cost update reads
	ids     []string       // the armies the cost updates go to in turn (draftBatch)
	others  []*http.Client // the browsers of ids[1:]
	// previews counts the cost updates sent.
	previews int
	body     []string // cost updates' bodies, the blaster code 3, 4 and 5
}

// handlerTransport answers a client's requests with a handler, in process. With discard
// set, the answer's body is counted, not kept (a server writes it to its socket): the
// profile measures the server, not a client reading 170 KB pages.
type handlerTransport struct {
	h       http.Handler
	discard *bool
}

func (t handlerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if !*t.discard {
		rec := httptest.NewRecorder()
		t.h.ServeHTTP(rec, r)
		return rec.Result(), nil
	}
	w := &countingWriter{header: http.Header{}, status: http.StatusOK}
	t.h.ServeHTTP(w, r)
	return &http.Response{StatusCode: w.status, Header: w.header, Body: http.NoBody, ContentLength: w.n, Request: r}, nil
}

// countingWriter is a ResponseWriter that keeps the header and status and counts the body.
type countingWriter struct {
	header http.Header
	status int
	n      int64
	wrote  bool
}

func (w *countingWriter) Header() http.Header { return w.header }
func (w *countingWriter) Write(b []byte) (int, error) {
	w.wrote = true
	w.n += int64(len(b))
	return len(b), nil
}
func (w *countingWriter) WriteHeader(status int) {
	if !w.wrote {
		w.status, w.wrote = status, true
	}
}

func newProfileEnv(b *testing.B) *profileEnv {
	b.Helper()
	store, err := db.Open(context.Background(), filepath.Join(b.TempDir(), "muster.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.Close() })
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	e, a := newApp(store, rules.Default(), logger, Config{})
	jar, _ := cookiejar.New(nil)
	env := &profileEnv{app: a, client: &http.Client{Jar: jar}}
	env.client.Transport = handlerTransport{h: e, discard: &env.discard}
	data, err := os.ReadFile(mixed)
	if err != nil {
		b.Fatal(err)
	}
	if env.id, err = loadImport(env.client, "http://muster.test", data); err != nil {
		b.Fatal(err)
	}
	// The other armies the cost updates go to are other players': the player's own pages
	// (the armies page, the odds page's pickers) list one army.
	env.ids = []string{env.id}
	for range draftBatch - 1 {
		jar, _ := cookiejar.New(nil)
		other := &http.Client{Jar: jar, Transport: env.client.Transport}
		id, err := loadImport(other, "http://muster.test", data)
		if err != nil {
			b.Fatal(err)
		}
		env.ids = append(env.ids, id)
		env.others = append(env.others, other)
	}
	page := env.get(b, "/armies/"+env.id+"/edit")
	form := formValuesOfPage([]byte(page))
	if form.Get("_csrf") == "" || len(form) < 100 {
		b.Fatalf("editor form: %d fields", len(form))
	}
	// The other browsers send the same form: they are given its CSRF cookie.
	u, _ := url.Parse("http://muster.test/")
	for _, o := range env.others {
		o.Jar.SetCookies(u, []*http.Cookie{{Name: csrfCookie, Value: form.Get("_csrf"), Path: "/"}})
	}
	for code := 3; code <= 5; code++ {
		v := url.Values{}
		for k, vs := range form {
			v[k] = slices.Clone(vs)
		}
		v.Set("u0.skills.skill.blaster", fmt.Sprint(code))
		env.body = append(env.body, v.Encode())
	}
	return env
}

func (env *profileEnv) get(b *testing.B, path string) string {
	resp, err := env.client.Get("http://muster.test" + path)
	if err != nil {
		b.Fatal(err)
	}
	if env.discard {
		if resp.StatusCode != http.StatusOK || resp.ContentLength < 1000 {
			b.Fatalf("GET %s: %d, %d bytes", path, resp.StatusCode, resp.ContentLength)
		}
		return ""
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b.Fatalf("GET %s: %d %.300s", path, resp.StatusCode, body)
	}
	return string(body)
}

// request sends the mixed load's request of kind k (the i-th of its kind).
func (env *profileEnv) request(b *testing.B, k string, i int) {
	switch k {
	case "preview":
		j := env.previews % draftBatch
		req, _ := http.NewRequest(http.MethodPost, "http://muster.test/armies/"+env.ids[j]+"/preview", strings.NewReader(env.body[i%3]))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("HX-Request", "true")
		client := env.client
		if j > 0 {
			client = env.others[j-1]
		}
		resp, err := client.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			b.Fatalf("preview: %v %v", resp.StatusCode, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if env.previews++; env.previews%draftBatch == 0 {
			env.app.drafts.flush()
		}
	case "editor":
		env.get(b, "/armies/"+env.id+"/edit")
	case "summary":
		env.get(b, "/armies/"+env.id)
	case "home":
		env.get(b, "/")
	case "sheets":
		env.get(b, "/armies/"+env.id+"/sheets")
	case "catalogue":
		env.get(b, "/catalogue")
	case "odds":
		env.get(b, "/odds?firer="+env.id+":0&target="+env.id+":1&range=10")
	case "odds-new":
		// A volley not asked before (a range of its own each time): worked out, not kept.
		env.get(b, fmt.Sprintf("/odds?firer=%s:0&target=%s:1&range=%d.%d", env.id, env.id, 10+i/1000%20, i%1000))
	default:
		b.Fatalf("no request %q", k)
	}
}

// mixKinds is the mixed load of issue 30, 100 requests: 30% cost updates, 10% editor page,
// 15% summary, 15% armies page, 10% sheets, 10% catalogue, 10% odds; shuffled once.
func mixKinds() []string {
	var ks []string
	for _, k := range []struct {
		kind string
		n    int
	}{{"preview", 30}, {"editor", 10}, {"summary", 15}, {"home", 15}, {"sheets", 10}, {"catalogue", 10}, {"odds", 10}} {
		for range k.n {
			ks = append(ks, k.kind)
		}
	}
	rand.New(rand.NewPCG(30, 1)).Shuffle(len(ks), func(i, j int) { ks[i], ks[j] = ks[j], ks[i] })
	return ks
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkRequest(b *testing.B) {
	env := newProfileEnv(b)
	mix := mixKinds()
	env.discard = true
	for _, k := range []string{"editor", "odds", "odds-new", "preview", "summary", "home", "sheets", "catalogue", "mix"} {
		b.Run(k, func(b *testing.B) {
			for i := range 3 { // warm: the caches a running server has
				if k == "mix" {
					env.request(b, mix[i], i)
				} else {
					env.request(b, k, i)
				}
			}
			b.ReportAllocs()
			cpu := cpuTime()
			n := 0
			for i := 0; b.Loop(); i++ {
				n++
				kind := k
				if k == "mix" {
					kind = mix[i%len(mix)]
				}
				env.request(b, kind, i)
			}
			b.StopTimer()
			b.ReportMetric(float64(cpuTime()-cpu)/float64(n), "cpu-ns/op")
		})
	}
}
