package web

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"sync"
	"testing"

	"muster/roster"
)

// The pages that read an army share its parsed version (loadArmyShared): none of them may
// change it. Every reading page is asked for, twice and at once from several browsers
// (run with -race too), and the army kept in the cache still writes the file stored.
func TestReadingPagesLeaveTheSharedArmyUnchanged(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	rec, file, err := ts.store.Get(context.Background(), ts.ownerID(), id)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := roster.Read(file)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := fresh.YAML()
	pages := []string{"/armies/" + id + "/edit", "/armies/" + id, "/armies/" + id + "/sheets",
		"/armies/" + id + "/export", "/armies/" + id + "/export?format=json", "/armies/" + id + "/export?format=text",
		"/api/armies/" + id, "/api/armies/" + id + "/file", "/odds?firer=" + id + ":0&target=" + id + ":1&range=10",
		"/armies/" + id + "/edit"}
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			for _, p := range pages {
				req, _ := http.NewRequest(http.MethodGet, ts.srv.URL+p, nil)
				resp, err := ts.c.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					t.Errorf("GET %s: %d", p, resp.StatusCode)
				}
			}
		})
	}
	wg.Wait()
	cached := ts.app.parsed.get(id + "@" + strconv.Itoa(rec.Version))
	if cached == nil {
		t.Fatal("the army's version is not in the cache after the pages read it")
	}
	got, _ := cached.YAML()
	if !bytes.Equal(got, want) {
		t.Errorf("the shared army changed while pages read it:\n got %s\nwant %s", got, want)
	}
}

// The cache keeps the armies used last, up to its size.
func TestParsedCacheDropsTheLeastRecentlyUsed(t *testing.T) {
	c := lruCache[*roster.Army]{size: 3}
	a := map[string]*roster.Army{}
	for _, k := range []string{"a@1", "b@1", "c@1"} {
		a[k] = &roster.Army{Name: k}
		c.put(k, a[k])
	}
	c.get("a@1") // a is used: b is now the least recently used
	c.put("d@1", &roster.Army{Name: "d@1"})
	if c.get("b@1") != nil {
		t.Error("b, the least recently used, is still kept")
	}
	for _, k := range []string{"a@1", "c@1", "d@1"} {
		if c.get(k) == nil {
			t.Errorf("%s is no longer kept", k)
		}
	}
}
