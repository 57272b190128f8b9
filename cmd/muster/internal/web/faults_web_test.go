package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"muster/cmd/muster/internal/testkit"
)

// A battle that fails in a what-if or a round robin (jobs, as matchups are) is said on its
// progress page in words, naming it, never as a stack trace; the server goes on serving.
func TestAFailedBattleIsSaidOnThePageInWords(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	a := ts.importFile(rebel1500)
	b := ts.importFile(imperial1500)
	res := waitResult(t, ts, startMatchup(t, ts, a, b, "open-field", "30", "5"))
	testkit.PanicAt(t, 3)
	for name, r := range map[string]response{
		"what-if":     postJob(t, ts, res+"/whatif", url.Values{"side": {"a"}, "battles": {"20"}, "variants": {"2"}}),
		"round robin": postJob(t, ts, "/roundrobin", url.Values{"army": {a, b}, "battles": {"20"}, "scenario": {"open-field"}, "seed": {"5"}}),
	} {
		if r.status != http.StatusOK || !strings.Contains(r.body, "Muster could not play this "+name) ||
			!strings.Contains(r.body, "battle 3 of the matchup with seed 5 failed: the engine tripped") || strings.Contains(r.body, "goroutine") {
			t.Errorf("the %s: %d\n%.3000s", name, r.status, r.body)
		}
	}
	wantStatus(t, "the matchup form after", ts.get("/sim"), http.StatusOK)
}
