package web

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// The authorization table for the armies of the other game systems: every army route,
// asked about the owner's d20 squad by its owner, another account, a guest and no one.
// Not yours reads as not found; a share link is the authority for the share routes, and a
// wrong link is not found. (authz_test.go covers every route with an SWMB army.)

type systemsAuthzRow struct {
	method, path string
	form         url.Values
	want         [4][]int // owner, other, guest, anon
}

func systemsAuthzRows() []systemsAuthzRow {
	pdf := s(200, 503)
	text := url.Values{"text": {"format: 1\nsystem: swm\nname: S\nfaction: Rebel Alliance\nunits: [{card: Hoth Trooper}]\n"}}
	return []systemsAuthzRow{
		{method: "GET", path: "/armies/{s}", want: ownerOnly(200)},
		{method: "POST", path: "/armies/{s}", form: text, want: ownerOnly(303)},
		{method: "POST", path: "/armies/{s}?squad-editor", form: url.Values{"name": {"S"}, "faction": {"Empire"}, "limit": {"100"}, "action": {"save"}}, want: ownerOnly(303)},
		{method: "GET", path: "/armies/{s}/edit", want: ownerOnly(200)},
		{method: "GET", path: "/armies/{s}/edit?as=text", want: ownerOnly(200)},
		{method: "POST", path: "/armies/{s}/preview", form: url.Values{"name": {"S"}, "faction": {"Empire"}}, want: ownerOnly(200)},
		{method: "POST", path: "/armies/{s}/preview?as-text", form: text, want: ownerOnly(200)},
		{method: "POST", path: "/armies/{s}/draft/discard", want: ownerOnly(303)},
		{method: "POST", path: "/armies/{s}/undo", want: ownerOnly(409)},
		{method: "POST", path: "/armies/{s}/redo", want: ownerOnly(409)},
		{method: "POST", path: "/armies/{s}/restore", form: url.Values{"version": {"1"}}, want: ownerOnly(303)},
		{method: "POST", path: "/armies/{s}/duplicate", want: ownerOnly(303)},
		{method: "GET", path: "/armies/{s}/delete", want: ownerOnly(200)},
		{method: "POST", path: "/armies/{s}/delete", want: ownerOnly(303)},
		{method: "POST", path: "/armies/{s}/undelete", want: ownerOnly(303)},
		{method: "POST", path: "/armies/{s}/share", want: ownerOnly(303)},
		{method: "GET", path: "/armies/{s}/shares", want: ownerOnly(303)},
		{method: "POST", path: "/armies/{s}/shares/{t}/revoke", want: ownerOnly(303)},
		{method: "GET", path: "/armies/{s}/export?format=json", want: ownerOnly(200)},
		{method: "GET", path: "/armies/{s}/sheets", want: ownerOnly(200)},
		{method: "GET", path: "/armies/{s}/sheets.pdf", want: [4][]int{pdf, s(404), s(404), s(404)}},
		{method: "GET", path: "/armies/{q}/sheets", want: ownerOnly(404)}, // no sheet for the skirmish QR: said in words
		{method: "GET", path: "/armies/{s}/roster", want: ownerOnly(303)}, // SWMB's compact roster: to the squad's own sheet
		{method: "GET", path: "/armies/{s}/roster.pdf", want: ownerOnly(303)},
		{method: "GET", path: "/share/{t}", want: all(200)},
		{method: "GET", path: "/share/{t}/export?format=text", want: all(200)},
		{method: "GET", path: "/share/{t}/sheets", want: all(200)},
		{method: "GET", path: "/share/{t}/sheets.pdf", want: all(200, 503)},
		{method: "GET", path: "/share/{t}/roster", want: all(303)},
		{method: "GET", path: "/share/{t}/roster.pdf", want: all(303)},
		{method: "POST", path: "/share/{t}/copy", want: all(303)},
		{method: "GET", path: "/compare?a={s}&b={s}", want: [4][]int{s(200), s(404), s(404), s(404)}},
		{method: "GET", path: "/swm/quick-resolve?a={s}&b={s}&battles=1", want: ownerOnly(200)},
		{method: "POST", path: "/swm/quick-resolve?a={s}&b={s}&battles=1", want: ownerOnly(422)}, // the sample's cards lack values: said, not queued
		{method: "GET", path: "/api/armies/{s}", want: apiOwner(200)},
		{method: "GET", path: "/api/armies/{s}/file", want: apiOwner(200)},
	}
}

// systemsAuthzFixture is a server with an owner's d20 squad, its share link and a skirmish
// quick reference army, and the four actors' browsers.
func systemsAuthzFixture(t *testing.T) (*testServer, map[string]*http.Client, map[string]string) {
	t.Helper()
	ts := newTestServer(t)
	vars := map[string]string{"s": ts.importText(t, fileText(t, swmSample), ""), "q": ts.importText(t, fileText(t, qrsPatrol), "")}
	link, err := ts.store.Share(context.Background(), ts.ownerID(), vars["s"])
	if err != nil {
		t.Fatal(err)
	}
	vars["t"] = link.Token
	clients := map[string]*http.Client{"owner": ts.c, "other": ts.client(), "guest": ts.client(), "anon": ts.client()}
	ts.signUp(clients["other"], "other")
	ts.as(clients["guest"], func() {
		wantStatus(t, "guest's army", ts.postForm("/armies", url.Values{"name": {"Guest's"}, "side": {"rebel"}}), http.StatusSeeOther)
	})
	return ts, clients, vars
}

func TestAuthorizationOtherSystemArmies(t *testing.T) {
	// Its servers are its own: it runs beside the other tests.
	t.Parallel()
	shared, sharedClients, sharedVars := systemsAuthzFixture(t)
	for _, row := range systemsAuthzRows() {
		t.Run(row.method+" "+row.path, func(t *testing.T) {
			ts, clients, vars := shared, sharedClients, sharedVars
			if row.method != "GET" {
				ts, clients, vars = systemsAuthzFixture(t)
			}
			expand := func(p string, wrong bool) string {
				for k, v := range vars {
					if wrong && k == "t" {
						v = "wrongLinkToken0123456789"
					}
					p = strings.ReplaceAll(p, "{"+k+"}", v)
				}
				return p
			}
			// Others first: what they ask must change nothing the owner then asks.
			for i := len(actors) - 1; i >= 0; i-- {
				for _, wrong := range []bool{false, true} {
					if wrong && !strings.Contains(row.path, "{t}") {
						continue
					}
					var got int
					ts.as(clients[actors[i]], func() {
						if row.method == "GET" {
							got = ts.get(expand(row.path, wrong)).status
						} else {
							form := url.Values{} // each asker its own form and CSRF token
							for k, v := range row.form {
								form[k] = slices.Clone(v)
							}
							got = ts.postForm(expand(row.path, wrong), form).status
						}
					})
					want := row.want[i]
					if wrong {
						want = s(404)
					}
					if !slices.Contains(want, got) {
						t.Errorf("%s (wrong link: %v): %d, want %v", actors[i], wrong, got, want)
					}
				}
			}
		})
	}
}
