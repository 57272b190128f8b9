package web

// The JSON API's refusals: whatever a script sends, the answer is JSON naming what was wrong
// and how to send it right, never a page's wording, a Go error or a 500.

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// apiCall sends a request as a script would: a personal token, no cookies.
func apiCall(t *testing.T, ts *testServer, method, path, bearer, body string) (response, apiError) {
	t.Helper()
	req, _ := http.NewRequest(method, ts.srv.URL+path, strings.NewReader(body))
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	r := response{status: resp.StatusCode, header: resp.Header, body: string(b)}
	var out apiError
	if len(b) > 0 {
		if err := json.Unmarshal(b, &out); err != nil {
			t.Fatalf("%s %s: the answer is not JSON: %d %s", method, path, r.status, r.body)
		}
	}
	return r, out
}

// RFC 9110 §15.5.6: a method an address does not take is 405 with an Allow header listing
// those it does. The API says so in JSON too, naming the methods, for every address it has.
func TestAPIWrongMethodIs405WithTheAllowedMethods(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	tok, _, err := ts.store.AddToken(context.Background(), ts.ownerID(), "script")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		method, path string
		allow        []string
	}{
		{"PUT", "/api/armies", []string{"GET", "POST"}},
		{"DELETE", "/api/armies", []string{"GET", "POST"}},
		{"PATCH", "/api/armies/" + id, []string{"DELETE", "GET"}},
		{"POST", "/api/armies/" + id, []string{"DELETE", "GET"}},
		{"PUT", "/api/armies/" + id + "/file", []string{"GET"}},
		{"DELETE", "/api/armies/" + id + "/file", []string{"GET"}},
	} {
		r, e := apiCall(t, ts, tc.method, tc.path, tok, "")
		if r.status != http.StatusMethodNotAllowed {
			t.Errorf("%s %s: %d, want 405; %s", tc.method, tc.path, r.status, r.body)
			continue
		}
		for _, m := range tc.allow {
			if !strings.Contains(r.header.Get("Allow"), m) {
				t.Errorf("%s %s: Allow %q lacks %s", tc.method, tc.path, r.header.Get("Allow"), m)
			}
		}
		got := slices.Clone(e.Allow)
		slices.Sort(got)
		if !slices.Equal(got, tc.allow) {
			t.Errorf("%s %s: allow %v, want %v", tc.method, tc.path, e.Allow, tc.allow)
		}
		if !strings.Contains(e.Error, "does not take a "+tc.method+" request") || !strings.Contains(e.Error, " or ") && len(tc.allow) > 1 {
			t.Errorf("%s %s: the error reads %q", tc.method, tc.path, e.Error)
		}
	}
	// The army was not touched by any of it.
	if r, _ := apiCall(t, ts, "GET", "/api/armies/"+id, tok, ""); r.status != http.StatusOK {
		t.Errorf("the army after the wrong methods: %d", r.status)
	}
}

// An address the API does not have is a JSON 404 that lists the ones it has.
func TestAPIUnknownAddressListsTheAddresses(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r, e := apiCall(t, ts, "GET", "/api/units", "", "")
	if r.status != http.StatusNotFound || !strings.Contains(e.Error, "/api/units") || !strings.Contains(e.Error, "/api/armies/{id}/file") {
		t.Errorf("GET /api/units: %d %s", r.status, r.body)
	}
}

// A file naming a game Muster does not play is told with the games it does, not with SWMB's
// reader's "format 1 armies are swmb" (Muster reads swm and qrs files too).
func TestAPIUnknownSystemNamesEveryGame(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	tok, _, _ := ts.store.AddToken(context.Background(), ts.ownerID(), "script")
	for _, body := range []string{"format: 1\nsystem: zzz\nname: X\n", `{"format":1,"system":"40k","name":"X"}`} {
		r, e := apiCall(t, ts, "POST", "/api/armies", tok, body)
		if r.status != http.StatusBadRequest || !strings.Contains(e.Error, "system:") || !strings.Contains(e.Error, "swmb, qrs, swm") {
			t.Errorf("%s: %d %s", body, r.status, r.body)
		}
	}
}
