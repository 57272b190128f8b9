package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v5"
	"golang.org/x/crypto/bcrypt"
	"golang.org/x/net/html"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/testkit"
	"muster/db"
	"muster/rules"
)

// The armies most tests play, and the what-if's.
const (
	rebel1500     = "../../../../" + testkit.Rebel1500
	imperial1500  = "../../../../" + testkit.Imperial1500
	unarmedArmy   = "../../../../rules/battle/whatif/testdata/unarmed.yaml"
	imperials1000 = "../../../../rules/battle/whatif/testdata/imperials-1000.yaml"
)

// runMuster runs the muster command (built from this checkout): the web app's pages are
// checked against what it prints.
func runMuster(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return testkit.RunMuster(t, args...)
}

// runSWM is runMuster with its results in the order the d20 tests read them.
func runSWM(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	code, out, errOut := testkit.RunMuster(t, args...)
	return out, errOut, code
}

// testServer is the web app on a real listener with a fresh database, and a client that
// keeps cookies (the CSRF cookie) and does not follow redirects.
type testServer struct {
	t     *testing.T
	srv   *httptest.Server
	store *db.Store
	c     *http.Client
	// handler is the app's echo instance (its routes, for the authorization table).
	handler *echo.Echo
	app     *app
}

func newTestServer(t *testing.T) *testServer {
	t.Helper()
	return newTestServerOn(t, filepath.Join(t.TempDir(), "test.db"))
}

// newTestServerOn is a test server on a database: a SQLite file or a postgres:// address.
func newTestServerOn(t *testing.T, dbPath string) *testServer {
	t.Helper()
	return newTestServerJobs(t, dbPath, jobs.Options{Workers: jobs.DefaultWorkers()})
}

// newTestServerJobs is a test server on a database whose own workers play matchups as opt
// says.
func newTestServerJobs(t *testing.T, dbPath string, opt jobs.Options) *testServer {
	t.Helper()
	freshMigrated(t, dbPath)
	ts := serveTestDB(t, dbPath, opt)
	// The tests' browser is signed in to an account of its own (its armies are its own).
	ts.signUp(ts.c, "tester")
	return ts
}

// serveTestDB is a test server on a database that is there already, its browser signed in
// to nothing.
func serveTestDB(t *testing.T, dbPath string, opt jobs.Options) *testServer {
	t.Helper()
	store, err := db.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	// The tests' requests come from this machine's TLS proxy (--trusted-proxy 127.0.0.1),
	// which names each member's address in X-Forwarded-For.
	e, a := newApp(store, rules.Default(), logger, Config{TrustedProxies: loopbackProxy})
	a.jobs = startTestJobs(t, store, logger, opt)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	ts := &testServer{t: t, srv: srv, store: store, handler: e, app: a}
	ts.c = ts.client()
	return ts
}

// loopbackProxy is --trusted-proxy 127.0.0.1,::1.
var loopbackProxy, _ = ParseTrustedProxies("127.0.0.1,::1")

// client is a new browser: its own cookies, redirects not followed.
func (ts *testServer) client() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// as runs f with the test server's browser swapped for c.
func (ts *testServer) as(c *http.Client, f func()) {
	prev := ts.c
	ts.c = c
	defer func() { ts.c = prev }()
	f()
}

// signUp signs browser c up as an account named name (password "password-"+name).
func (ts *testServer) signUp(c *http.Client, name string) {
	ts.t.Helper()
	ts.as(c, func() {
		r := ts.postForm("/signup", url.Values{"name": {name}, "password": {"password-" + name}, "password2": {"password-" + name}})
		if r.status != http.StatusSeeOther {
			ts.t.Fatalf("sign up %s: %d %s", name, r.status, r.body)
		}
	})
}

type response struct {
	status int
	header http.Header
	body   string
}

func (ts *testServer) do(req *http.Request) response {
	ts.t.Helper()
	resp, err := ts.c.Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return response{status: resp.StatusCode, header: resp.Header, body: string(b)}
}

func (ts *testServer) get(path string) response {
	req, _ := http.NewRequest(http.MethodGet, ts.srv.URL+path, nil)
	return ts.do(req)
}

var csrfRe = regexp.MustCompile(`name="_csrf" value="([^"]+)"`)

// token fetches a page that carries a form and returns its CSRF token.
func (ts *testServer) token() string {
	ts.t.Helper()
	r := ts.get("/signin") // a page with a form on every kind of instance
	m := csrfRe.FindStringSubmatch(r.body)
	if m == nil {
		ts.t.Fatalf("no CSRF token in /signin:\n%s", r.body)
	}
	return m[1]
}

// postForm posts a form with the CSRF token.
func (ts *testServer) postForm(path string, v url.Values) response {
	ts.t.Helper()
	if v == nil {
		v = url.Values{}
	}
	if v.Get("_csrf") == "" {
		v.Set("_csrf", ts.token())
	}
	req, _ := http.NewRequest(http.MethodPost, ts.srv.URL+path, strings.NewReader(v.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return ts.do(req)
}

func (ts *testServer) postBody(path, contentType, body string) response {
	req, _ := http.NewRequest(http.MethodPost, ts.srv.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	return ts.do(req)
}

// importFile imports an army file through the API and returns its id.
func (ts *testServer) importFile(path string) string {
	ts.t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		ts.t.Fatal(err)
	}
	r := ts.postBody("/api/armies", "application/yaml", string(data))
	if r.status != http.StatusCreated {
		ts.t.Fatalf("POST /api/armies %s: %d %s", path, r.status, r.body)
	}
	m := regexp.MustCompile(`"id":"([^"]+)"`).FindStringSubmatch(r.body)
	return m[1]
}

// wantStatus fails unless the response has the status.
func wantStatus(t *testing.T, what string, r response, status int) {
	t.Helper()
	if r.status != status {
		t.Fatalf("%s: status %d, want %d; body:\n%.2000s", what, r.status, status, r.body)
	}
}

// parseHTML parses a page.
func parseHTML(t *testing.T, s string) *html.Node {
	t.Helper()
	n, err := html.Parse(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// find returns the first element with the id.
func byID(n *html.Node, id string) *html.Node {
	if n.Type == html.ElementNode {
		if v, ok := attr(n, "id"); ok && v == id {
			return n
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := byID(c, id); f != nil {
			return f
		}
	}
	return nil
}

func text(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(" " + n.Data + " ")
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// formValues is what a browser would submit for the form: inputs (checked boxes only),
// selects (the selected option, else the first) and textareas; submit buttons left out.
func formValues(form *html.Node) url.Values {
	v := url.Values{}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			name, named := attr(n, "name")
			switch n.Data {
			case "input":
				typ, _ := attr(n, "type")
				val, _ := attr(n, "value")
				switch typ {
				case "submit", "button", "file":
				case "checkbox", "radio":
					if _, on := attr(n, "checked"); on && named {
						if val == "" {
							val = "on"
						}
						v.Add(name, val)
					}
				default:
					if named {
						v.Add(name, val)
					}
				}
			case "select":
				var first, chosen *html.Node
				var opts func(*html.Node)
				opts = func(o *html.Node) {
					if o.Type == html.ElementNode && o.Data == "option" {
						if first == nil {
							first = o
						}
						if _, sel := attr(o, "selected"); sel && chosen == nil {
							chosen = o
						}
					}
					for c := o.FirstChild; c != nil; c = c.NextSibling {
						opts(c)
					}
				}
				opts(n)
				if _, multiple := attr(n, "multiple"); multiple {
					// A multiple select sends each selected option, and nothing when none is.
					var each func(*html.Node)
					each = func(o *html.Node) {
						if o.Type == html.ElementNode && o.Data == "option" {
							if _, sel := attr(o, "selected"); sel && named {
								val, _ := attr(o, "value")
								v.Add(name, val)
							}
						}
						for c := o.FirstChild; c != nil; c = c.NextSibling {
							each(c)
						}
					}
					each(n)
					return
				}
				if chosen == nil {
					chosen = first
				}
				if chosen != nil && named {
					val, ok := attr(chosen, "value")
					if !ok {
						val = text(chosen)
					}
					v.Add(name, val)
				}
				return
			case "textarea":
				if named {
					v.Add(name, text(n))
				}
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(form)
	return v
}

// editorForm loads an army's editor and returns the values its form would submit.
func (ts *testServer) editorForm(id string) url.Values {
	ts.t.Helper()
	r := ts.get("/armies/" + id + "/edit")
	wantStatus(ts.t, "editor", r, http.StatusOK)
	form := byID(parseHTML(ts.t, r.body), "army-form")
	if form == nil {
		ts.t.Fatal("the editor has no #army-form")
	}
	return formValues(form)
}

// ownerID is the id of the test browser's account.
func (ts *testServer) ownerID() string {
	ts.t.Helper()
	o, err := ts.store.OwnerByName(context.Background(), "tester")
	if err != nil {
		ts.t.Fatal(err)
	}
	return o.ID
}

// Sign-ups in tests need not be slow: bcrypt's least work factor.
func init() { passwordCost = bcrypt.MinCost }

// startTestJobs starts a job system on store, stopped when the test ends (before the store
// closes: cleanups run last registered first).
func startTestJobs(t testing.TB, store *db.Store, logger *slog.Logger, opt jobs.Options) *jobs.Jobs {
	t.Helper()
	j, err := jobs.Open(context.Background(), store, rules.Default(), logger, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := j.Stop(ctx); err != nil {
			t.Logf("stopping the jobs: %v", err)
		}
	})
	return j
}

// idText is the text of the element with the id on the page.
func idText(t *testing.T, body, id string) string {
	t.Helper()
	n := byID(parseHTML(t, body), id)
	if n == nil {
		t.Fatalf("no #%s on the page:\n%.3000s", id, body)
	}
	return text(n)
}

// Subtests of one name (the second and third are named "same#01" and "same#02") each get a
// database of their own: a '#' in the test's directory does not cut the database's path
// short (to one file the two would share, outside their directories).
func TestSubtestsOfOneNameHaveTheirOwnDatabase(t *testing.T) {
	t.Parallel()
	for i := range 3 {
		t.Run("same", func(t *testing.T) {
			ts := newTestServer(t) // signs up "tester": refused on a database shared with the first
			if list, err := ts.store.List(context.Background(), ts.ownerID()); err != nil || len(list) != 0 {
				t.Errorf("subtest %d (%s) starts with %d armies (%v), want none", i, t.Name(), len(list), err)
			}
			ts.importFile(mixed)
		})
	}
}
