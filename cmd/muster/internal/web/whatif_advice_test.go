package web

import (
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	xhtml "golang.org/x/net/html"

	"muster/cmd/muster/internal/jobs"
)

// An army over its limit: the matchup's page says it broke its rules as played, and the
// what-if offers the changes that make it legal, each marked so. Once one is saved, the
// what-if on the same matchup says it starts from the newer version.
func TestAnIllegalArmysMatchupWarnsAndWhatIfMakesItLegal(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	data, err := os.ReadFile(unarmedArmy)
	if err != nil {
		t.Fatal(err)
	}
	// The unarmed Rebels cost 821 SGPs: a limit of 800 puts them 21 over.
	over := filepath.Join(t.TempDir(), "over.yaml")
	if err := os.WriteFile(over, []byte(strings.Replace(string(data), "limit: 1000", "limit: 800", 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	a := ts.importFile(over)
	b := ts.importFile(imperials1000)
	res := waitResult(t, ts, startMatchup(t, ts, a, b, "open-field", "40", "7"))
	page := ts.get(res)
	if w := text(byID(parseHTML(t, page.body), "sim-broken")); !strings.Contains(w, "Rebels with an unarmed squad breaks its rules as played (version 1, 1 problem)") {
		t.Errorf("the matchup page does not warn of the illegal army: %q", w)
	}
	r := postJob(t, ts, res+"/whatif", url.Values{"side": {"a"}, "battles": {"40"}, "variants": {"4"}})
	wantStatus(t, "what-if on an illegal army", r, http.StatusOK)
	doc := parseHTML(t, r.body)
	if n := byID(doc, "whatif-illegal"); n == nil {
		t.Error("the what-if does not say the army breaks its rules")
	}
	list := text(byID(doc, "whatif-variants-list"))
	if strings.Count(list, "Makes it legal.") < 1 || !strings.Contains(list, "Drop ") {
		t.Fatalf("no changes that make it legal: %q", list)
	}
	save := formValues(firstForm(byID(doc, "whatif-variants-list")))
	wantStatus(t, "save a change that makes it legal", ts.postForm(res+"/whatif/save", save), http.StatusSeeOther)
	again := postJob(t, ts, res+"/whatif", url.Values{"side": {"a"}, "battles": {"20"}, "variants": {"2"}})
	wantStatus(t, "what-if on the newer version", again, http.StatusOK)
	if n := text(byID(parseHTML(t, again.body), "whatif-version")); !strings.Contains(n, "The matchup played version 1") || !strings.Contains(n, "from version 2") {
		t.Errorf("no note of the newer version: %q", n)
	}
}

// unarmedWhatIf plays the unarmed squad's matchup (40 battles, seed 7) and its what-if (60
// battles, 3 changes), and returns the matchup's address and the what-if's page.
func unarmedWhatIf(t *testing.T, ts *testServer) (string, response) {
	t.Helper()
	a := ts.importFile(unarmedArmy)
	b := ts.importFile(imperials1000)
	res := waitResult(t, ts, startMatchup(t, ts, a, b, "open-field", "40", "7"))
	r := postJob(t, ts, res+"/whatif", url.Values{"side": {"a"}, "battles": {"60"}, "variants": {"3"}})
	wantStatus(t, "what-if", r, http.StatusOK)
	return res, r
}

// Each change links the first battle it turned another way, replayed without it and with
// it on the matchup's seed: arming the unarmed squad turns a battle, the two replays show
// the squad unarmed and armed (its weapon in the legend's log), and other battles of the
// same replay keep the change.
func TestAChangeLinksABattleItTurnedWithAndWithout(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	res, r := unarmedWhatIf(t, ts)
	doc := parseHTML(t, r.body)
	var with, without string
	for _, l := range hrefs(byID(doc, "whatif-variants-list")) {
		switch {
		case strings.Contains(l, "change=Bare+Hands%3A+arm+with"):
			if with == "" {
				with = l
			}
		case strings.Contains(l, "/whatif/replay?") && !strings.Contains(l, "change="):
			if without == "" {
				without = l
			}
		}
	}
	if with == "" || without == "" {
		t.Fatalf("no replay links for arming the squad: with %q, without %q", with, without)
	}
	wo := ts.get(html.UnescapeString(without))
	wantStatus(t, "without the change", wo, http.StatusOK)
	wi := ts.get(html.UnescapeString(with))
	wantStatus(t, "with the change", wi, http.StatusOK)
	if !strings.Contains(wi.body, "with the change: Bare Hands: arm with") || !strings.Contains(wo.body, "as it is, without any change") {
		t.Errorf("the replays do not say which army they show")
	}
	if wi.body == wo.body {
		t.Error("the battle is the same with and without the change")
	}
	// The next battle's link keeps the change.
	n := byID(parseHTML(t, wi.body), "replay-next-battle")
	if n == nil {
		t.Fatal("no link to the next battle")
	}
	if href, _ := attr(n, "href"); !strings.Contains(href, "change=") {
		t.Errorf("the next battle's link drops the change: %q", href)
	}
	// Another's matchup, or a change that is not one, is not found.
	bad := ts.get(res + "/whatif/replay?side=a&battle=0&change=Drop+Nobody")
	wantStatus(t, "a change that is not one", bad, http.StatusNotFound)
}

// hrefs are the addresses of the links under n, in order.
func hrefs(n *xhtml.Node) []string {
	var out []string
	if n == nil {
		return nil
	}
	if n.Type == xhtml.ElementNode && n.Data == "a" {
		if h, ok := attr(n, "href"); ok {
			out = append(out, h)
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		out = append(out, hrefs(c)...)
	}
	return out
}

// A server started with --workers 0 serves pages only: it queues a what-if and a round
// robin for the workers, as it does matchups, instead of playing them in the request (it
// used to play them, its jobs being set whatever their workers; then it refused them).
func TestAPagesOnlyServerQueuesWhatIfAndRoundRobin(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t) // its own workers stand for a muster worker on the same database
	a := ts.importFile(unarmedArmy)
	b := ts.importFile(imperials1000)
	res := waitResult(t, ts, startMatchup(t, ts, a, b, "open-field", "20", "7"))
	ts.app.jobs = startTestJobs(t, ts.store, slog.New(slog.NewTextHandler(io.Discard, nil)), jobs.Options{Workers: 0})
	for _, ask := range []struct {
		path string
		form url.Values
		want string
	}{
		{res + "/whatif", url.Values{"side": {"a"}, "battles": {"20"}, "variants": {"2"}}, `id="whatif-result"`},
		{"/roundrobin", url.Values{"army": {a, b}, "battles": {"10"}, "scenario": {"open-field"}}, `id="rr-matrix"`},
	} {
		r := ts.postForm(ask.path, ask.form)
		wantStatus(t, ask.path+" on a pages-only server", r, http.StatusSeeOther)
		run := r.header.Get("Location")
		if !strings.HasPrefix(run, "/sim/run/") {
			t.Fatalf("%s: sent to %q, not a progress page", ask.path, run)
		}
		done := ts.get(waitResult(t, ts, run))
		wantStatus(t, ask.path+": its result", done, http.StatusOK)
		if !strings.Contains(done.body, ask.want) {
			t.Errorf("%s: the result page lacks %s", ask.path, ask.want)
		}
	}
}
