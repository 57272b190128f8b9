package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"muster/cmd/muster/internal/testkit"
	"muster/db"
)

// postJob posts a form that queues a job (a what-if, a round robin): the answer is a
// redirect to its progress page, which is followed until the job ends; then the result's
// page (done) or the progress page (failed, cancelled) is answered. A refused form is
// answered as it came.
func postJob(t *testing.T, ts *testServer, path string, v url.Values) response {
	t.Helper()
	r := ts.postForm(path, v)
	if r.status != http.StatusSeeOther || !strings.HasPrefix(r.header.Get("Location"), "/sim/run/") {
		return r
	}
	run := r.header.Get("Location")
	m := testkit.WaitMatchup(t, ts.store, strings.TrimPrefix(run, "/sim/run/"))
	if m.Status != db.MatchupDone {
		return ts.get(run)
	}
	return ts.get(waitResult(t, ts, run))
}
