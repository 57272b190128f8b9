package main

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An army over its limit: the matchup's page says it broke its rules as played, and the
// what-if offers the changes that make it legal, each marked so. Once one is saved, the
// what-if on the same matchup says it starts from the newer version.
func TestAnIllegalArmysMatchupWarnsAndWhatIfMakesItLegal(t *testing.T) {
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
	r := ts.postForm(res+"/whatif", url.Values{"side": {"a"}, "battles": {"40"}, "variants": {"4"}})
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
	again := ts.postForm(res+"/whatif", url.Values{"side": {"a"}, "battles": {"20"}, "variants": {"2"}})
	wantStatus(t, "what-if on the newer version", again, http.StatusOK)
	if n := text(byID(parseHTML(t, again.body), "whatif-version")); !strings.Contains(n, "The matchup played version 1") || !strings.Contains(n, "from version 2") {
		t.Errorf("no note of the newer version: %q", n)
	}
}
