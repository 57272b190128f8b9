package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"muster/db"
)

// previewBlaster sends the editor's cost update with the first unit's blaster code set.
func (ts *testServer) previewBlaster(id string, form url.Values, code int) {
	ts.t.Helper()
	v := url.Values{}
	for k, vs := range form {
		v[k] = append([]string(nil), vs...)
	}
	v.Set("u0.skills.skill.blaster", fmt.Sprint(code))
	req, _ := http.NewRequest(http.MethodPost, ts.srv.URL+"/armies/"+id+"/preview", strings.NewReader(v.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("HX-Request", "true")
	wantStatus(ts.t, fmt.Sprintf("cost update %d", code), ts.do(req), http.StatusOK)
}

// storedBlaster is the blaster code of the draft the store holds ("" with none).
func (ts *testServer) storedBlaster(id string) string {
	ts.t.Helper()
	d, err := ts.store.GetDraft(context.Background(), ts.ownerID(), id)
	if errors.Is(err, db.ErrNotFound) {
		return ""
	}
	if err != nil {
		ts.t.Fatal(err)
	}
	v, err := url.ParseQuery(string(d.Form))
	if err != nil {
		ts.t.Fatal(err)
	}
	return v.Get("u0.skills.skill.blaster")
}

// countingSaves counts the store's draft writes (transactions) the app makes from now on.
func countingSaves(ts *testServer) *atomic.Int64 {
	var n atomic.Int64
	ts.app.drafts.onWrite = func(int) { n.Add(1) }
	return &n
}

// A burst of cost updates (a player typing fast) writes the draft at most once a second,
// yet a reload right after the burst resumes the last keystroke, and the store holds it
// once the second is up: nothing typed is lost.
func TestABurstOfUpdatesKeepsTheLastAndWritesAtMostOnceASecond(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	form := ts.editorForm(id)
	writes := countingSaves(ts)
	start := time.Now()
	codes := []int{3, 4, 5, 6, 7, 8, 9, 4, 5, 7}
	for _, code := range codes {
		ts.previewBlaster(id, form, code)
	}
	burst := time.Since(start)
	// The editor, reloaded at once, opens on the last form typed.
	page := ts.get("/armies/" + id + "/edit?draft=resume").body
	resumed := formValues(byID(parseHTML(t, page), "army-form"))
	if got := resumed.Get("u0.skills.skill.blaster"); got != "7" {
		t.Fatalf("the editor reloaded after the burst resumes blaster %q, want the last typed, 7", got)
	}
	if !strings.Contains(ts.get("/armies/"+id).body, "unsaved") {
		t.Error("the army's page does not offer the unsaved changes kept in memory")
	}
	// At most one write a second (counted since the first cost update, reloads included).
	if n, max := writes.Load(), int64(time.Since(start)/draftEvery)+1; n > max {
		t.Errorf("%d cost updates in %v wrote the draft %d times, want at most %d", len(codes), burst, n, max)
	}
	// The last form reaches the store once its second is up.
	deadline := time.Now().Add(10 * time.Second)
	for ts.storedBlaster(id) != "7" {
		if time.Now().After(deadline) {
			t.Fatalf("the store holds blaster %q 10 s after the burst, want the last typed, 7", ts.storedBlaster(id))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Discarding (or saving) right after a burst forgets the form kept in memory: it is not
// written afterwards, and the editor offers no draft.
func TestDiscardAfterABurstLeavesNoDraft(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	form := ts.editorForm(id)
	for _, code := range []int{3, 4, 5, 6} {
		ts.previewBlaster(id, form, code)
	}
	wantStatus(t, "discard", ts.postForm("/armies/"+id+"/draft/discard", nil), http.StatusSeeOther)
	time.Sleep(draftEvery + 300*time.Millisecond)
	if got := ts.storedBlaster(id); got != "" {
		t.Errorf("after discarding, the store holds a draft (blaster %q)", got)
	}
	if body := ts.get("/armies/" + id + "/edit").body; strings.Contains(body, "draft=resume") {
		t.Error("after discarding, the editor still offers a draft to resume")
	}
}

// A server shutting down writes the forms it kept at once, and later ones as they come.
func TestStoppingWritesTheKeptDrafts(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	form := ts.editorForm(id)
	stop := make(chan struct{})
	ts.app.drafts.stopOn(stop)
	ts.app.drafts.every = time.Hour // only the stop writes
	ts.previewBlaster(id, form, 3)
	ts.previewBlaster(id, form, 6)
	if got := ts.storedBlaster(id); got != "" {
		t.Fatalf("the store holds blaster %q before the second is up, want nothing yet", got)
	}
	close(stop)
	deadline := time.Now().Add(10 * time.Second) // a backstop: the hour is far off
	for ts.storedBlaster(id) != "6" {
		if time.Now().After(deadline) {
			t.Fatalf("the store holds blaster %q 10 s after stopping, want 6", ts.storedBlaster(id))
		}
		time.Sleep(10 * time.Millisecond)
	}
	ts.previewBlaster(id, form, 8)
	if got := ts.storedBlaster(id); got != "8" {
		t.Errorf("a cost update while stopping: the store holds blaster %q, want 8 at once", got)
	}
}

// Many players' drafts of one second are written in one transaction, each player's last.
func TestDraftsOfManyPlayersAreWrittenTogether(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	var ids []string
	for range 3 {
		ids = append(ids, ts.importFile(mixed))
	}
	form := ts.editorForm(ids[0])
	var sizes []int
	var mu sync.Mutex
	ts.app.drafts.onWrite = func(n int) { mu.Lock(); sizes = append(sizes, n); mu.Unlock() }
	ts.app.drafts.every = time.Hour // only the flush below writes
	for _, code := range []int{3, 4, 5} {
		for _, id := range ids {
			ts.previewBlaster(id, form, code+1)
		}
	}
	ts.app.drafts.flush()
	for _, id := range ids {
		if got := ts.storedBlaster(id); got != "6" {
			t.Errorf("army %s: the store holds blaster %q, want the last typed, 6", id, got)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(sizes) != 1 || sizes[0] != 3 {
		t.Errorf("writes of %v drafts, want one write of 3 (one per army, each its last)", sizes)
	}
}
