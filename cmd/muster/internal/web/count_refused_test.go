package web

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// A count of battles (or of changes to try) that is not a whole number, as a script or an
// old browser can send it, is refused on the page that asked for it: the message names the
// field, quotes what was typed and says what to write, and the form comes back as it was
// sent (the count as typed, not 0 or a default; the armies, scenario and seed kept), so
// that sending it again after correcting the count plays what was asked.
func TestACountThatIsNotANumberIsRefusedNamingItsFieldAndTheFormKeepsWhatWasTyped(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	a, b, c := ts.importFile(rebel1500), ts.importFile(imperial1500), ts.importFile(unarmedArmy)
	res := waitResult(t, ts, startMatchup(t, ts, a, b, "open-field", "20", "7"))

	for _, tc := range []struct {
		name, path, form string
		sent             url.Values
		want             string
	}{
		{"matchup", "/sim", "sim-form",
			url.Values{"a": {b}, "b": {a}, "scenario": {"defending-the-bridge"}, "battles": {"lots"}, "seed": {"42"}},
			`Battles: “lots” is not a whole number; write a whole number from 1 to 100000.`},
		{"matchup, thousands with a comma", "/sim", "sim-form",
			url.Values{"a": {a}, "b": {b}, "scenario": {"open-field"}, "battles": {"1,000"}, "seed": {"9"}},
			`Battles: “1,000” is not a whole number; write a whole number from 1 to 100000.`},
		{"what-if battles", res + "/whatif", "whatif-form",
			url.Values{"side": {"b"}, "battles": {"many"}, "variants": {"3"}},
			`Battles for each: “many” is not a whole number; write a whole number from 20 to 500.`},
		{"what-if changes", res + "/whatif", "whatif-form",
			url.Values{"side": {"a"}, "battles": {"40"}, "variants": {"all"}},
			`Changes to try: “all” is not a whole number; write a whole number from 1 to 10.`},
		{"round robin", "/roundrobin", "rr-form",
			url.Values{"army": {a, c}, "scenario": {"like-rats-in-a-trap"}, "battles": {"2e3"}, "seed": {"5"}},
			`Battles per pair: “2e3” is not a whole number; write a whole number from 10 to 2000.`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ts.postForm(tc.path, tc.sent)
			wantStatus(t, tc.name, r, http.StatusBadRequest)
			if !strings.Contains(r.body, tc.want) {
				t.Errorf("the page does not say %q", tc.want)
			}
			form := byID(parseHTML(t, r.body), tc.form)
			if form == nil {
				t.Fatalf("no #%s on the refused page", tc.form)
			}
			got := formValues(form)
			for k, sent := range tc.sent {
				// Ticked boxes come back in the page's order.
				if g, s := slices.Sorted(slices.Values(got[k])), slices.Sorted(slices.Values(sent)); !slices.Equal(g, s) {
					t.Errorf("the refused form's %s is %q, was sent %q", k, got[k], sent)
				}
			}
		})
	}
}
