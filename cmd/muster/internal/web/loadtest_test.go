package web

import (
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestLoadEditorPreview is the bounded load test of docs/benchmarks.md: the editor's
// cost-update request (POST /armies/{id}/preview, the whole army form) for the 2000-SGP
// army costing/testdata/mixed-2000.yaml, against the real server on loopback. It runs only
// with MUSTER_LOADTEST=1 (make loadtest): at most loadRequests requests or loadTime, from
// loadWorkers concurrent clients (4, or MUSTER_LOADTEST_WORKERS from 1 to 16), then it stops by itself.
func TestLoadEditorPreview(t *testing.T) {
	if os.Getenv("MUSTER_LOADTEST") == "" {
		t.Skip("set MUSTER_LOADTEST=1 (make loadtest) to run the load test")
	}
	const (
		loadRequests = 5000
		loadTime     = 60 * time.Second
		warmup       = 100
	)
	loadWorkers := 4
	if n, err := strconv.Atoi(os.Getenv("MUSTER_LOADTEST_WORKERS")); err == nil && n >= 1 && n <= 16 {
		loadWorkers = n
	}
	base := startServer(t)
	if !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Fatalf("the load test only targets loopback, not %s", base)
	}
	data, err := os.ReadFile(mixed)
	if err != nil {
		t.Fatal(err)
	}
	// One player (a guest, by the import) and the form as the editor posts it, with the CSRF
	// cookie and token of one page view.
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Transport: &http.Transport{MaxIdleConnsPerHost: loadWorkers}}
	id, err := loadImport(client, base, data)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := client.Get(base + "/armies/" + id + "/edit")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	form := formValues(byID(parseHTML(t, string(page)), "army-form"))
	if form.Get("_csrf") == "" || len(form) < 100 {
		t.Fatalf("editor form: %d fields", len(form))
	}

	preview := func(v url.Values) (time.Duration, error) {
		start := time.Now()
		req, _ := http.NewRequest(http.MethodPost, base+"/armies/"+id+"/preview", strings.NewReader(v.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("HX-Request", "true")
		resp, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		n, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || n < 1000 {
			return 0, fmt.Errorf("status %d, %d bytes", resp.StatusCode, n)
		}
		return time.Since(start), nil
	}
	for i := 0; i < warmup; i++ {
		if _, err := preview(form); err != nil {
			t.Fatal(err)
		}
	}

	var (
		mu    sync.Mutex
		lats  []time.Duration
		errs  int
		next  int
		wg    sync.WaitGroup
		until = time.Now().Add(loadTime)
	)
	started := time.Now()
	for w := 0; w < loadWorkers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := url.Values{}
			for k, vs := range form {
				v[k] = slices.Clone(vs)
			}
			for {
				mu.Lock()
				if next >= loadRequests || time.Now().After(until) {
					mu.Unlock()
					return
				}
				i := next
				next++
				mu.Unlock()
				// As a player types: the Aurek Squad's blaster code goes 3, 4, 5, 3, ...
				v.Set("u0.skills.skill.blaster", fmt.Sprint(3+i%3))
				d, err := preview(v)
				mu.Lock()
				if err != nil {
					errs++
				} else {
					lats = append(lats, d)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(started)
	if errs > 0 || len(lats) == 0 {
		t.Fatalf("%d errors, %d answers", errs, len(lats))
	}
	slices.Sort(lats)
	pct := func(p float64) time.Duration { return lats[int(p*float64(len(lats)-1))] }
	report := fmt.Sprintf("requests %d, workers %d, %.1fs, %.0f req/s; p50 %v, p90 %v, p99 %v, max %v; request body %d bytes",
		len(lats), loadWorkers, elapsed.Seconds(), float64(len(lats))/elapsed.Seconds(),
		pct(0.50).Round(time.Microsecond), pct(0.90).Round(time.Microsecond), pct(0.99).Round(time.Microsecond),
		lats[len(lats)-1].Round(time.Microsecond), len(form.Encode()))
	t.Log(report)
	fmt.Println("loadtest:", report)
}
