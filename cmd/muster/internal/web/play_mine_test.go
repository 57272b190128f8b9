package web

import (
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// signIn signs browser c in to the account name (password "password-"+name, as signUp
// makes it).
func (ts *testServer) signIn(c *http.Client, name string) {
	ts.t.Helper()
	ts.as(c, func() {
		r := ts.postForm("/signin", url.Values{"name": {name}, "password": {"password-" + name}})
		wantStatus(ts.t, "sign in "+name, r, http.StatusSeeOther)
	})
}

var openedKey = regexp.MustCompile(`^/play/[A-Za-z0-9_-]+/lists/([A-Za-z0-9_-]+)(\?opened=1)?$`)

// A signed-in player who opens the player link on a second browser finds the list made on
// the first under "Your lists on other devices", opens it there with a key of its own, and
// edits it; the first browser's link still opens it, with the edit. The list then counts
// as this browser's, and opening it again issues no further key.
func TestSignedInPlayerOpensTheirListOnAnotherDevice(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	_, player := ts.createGame("Two devices", chapterTenSides(t))
	first := ts.startList(player, "rebel", "Luke", "Red Squadron")
	phone := ts.client()
	ts.signIn(phone, "tester")

	var key string
	ts.as(phone, func() {
		doc := parseHTML(t, ts.get("/play/"+player).body)
		if got := text(byID(doc, "my-lists")); !strings.Contains(got, "None in this browser yet") {
			t.Errorf("the phone's own lists before opening one: %q, want none", got)
		}
		lists := byID(doc, "other-devices-lists")
		if lists == nil || !strings.Contains(text(lists), "Red Squadron") {
			t.Fatalf("the phone's player page does not list Red Squadron under other devices: %q", text(byID(doc, "my-lists")))
		}
		form := findForm(lists, "open-here")
		if form == nil {
			t.Fatal("no Open here form beside Red Squadron")
		}
		action, _ := attr(form, "action")
		r := ts.postForm(action, formValues(form))
		wantStatus(t, "open here", r, http.StatusSeeOther)
		m := openedKey.FindStringSubmatch(r.header.Get("Location"))
		if m == nil || m[1] == first {
			t.Fatalf("open here goes to %q, want the list under a key of the phone's own", r.header.Get("Location"))
		}
		key = m[1]
		page := ts.get(r.header.Get("Location"))
		wantStatus(t, "the list on the phone", page, http.StatusOK)
		if !strings.Contains(page.body, "Opened on this device") {
			t.Error("the list's page does not say it was opened on this device")
		}

		// The game's page now lists it as this browser's, and no longer under other devices.
		doc = parseHTML(t, ts.get("/play/"+player).body)
		if byID(doc, "other-devices-lists") != nil {
			t.Error("the opened list is still offered under other devices")
		}
		if !strings.Contains(text(byID(doc, "my-lists")), "Red Squadron") {
			t.Error("the opened list is not among this browser's lists")
		}
		// Asked again (a second tab's button), the phone goes to the key it holds.
		r = ts.postForm(action, nil)
		if m := openedKey.FindStringSubmatch(r.header.Get("Location")); r.status != http.StatusSeeOther || m == nil || m[1] != key {
			t.Errorf("open here again: %d to %q, want the phone's key %s", r.status, r.header.Get("Location"), key)
		}

		// The phone renames it.
		base := "/play/" + player + "/lists/" + key
		v := ts.listForm(base)
		v.Set("name", "Red Squadron, from the phone")
		v.Set("action", "save")
		wantStatus(t, "save on the phone", ts.postForm(base, v), http.StatusSeeOther)
	})

	r := ts.get("/play/" + player + "/lists/" + first)
	wantStatus(t, "the first browser's link", r, http.StatusOK)
	if !strings.Contains(r.body, "Red Squadron, from the phone") {
		t.Error("the first browser's link does not show the phone's edit")
	}
	if byID(parseHTML(t, ts.get("/play/"+player).body), "other-devices-lists") != nil {
		t.Error("the first browser is offered its own list as on another device")
	}
}

// Only the list's owner, signed in, opens it through the player link: another account, a
// guest and no one find neither the section nor the list, and their pages say how it is
// done; a list of another game is not found through this one.
func TestOnlyTheSignedInOwnerOpensAListOnAnotherDevice(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	_, player := ts.createGame("Owners only", chapterTenSides(t))
	_, elsewhere := ts.createGame("Another night", chapterTenSides(t))
	ts.startList(player, "rebel", "Luke", "Red Squadron")
	ts.startList(elsewhere, "rebel", "Luke", "Rogue Squadron")
	lists, err := ts.store.GameLists(t.Context(), mustGame(t, ts, player))
	if err != nil || len(lists) != 1 {
		t.Fatal(lists, err)
	}
	red := lists[0].ID
	other, guest, anon := ts.client(), ts.client(), ts.client()
	ts.signUp(other, "leia")
	ts.as(guest, func() { ts.startList(player, "imperial", "Piett", "Executor") })
	for who, c := range map[string]*http.Client{"another account": other, "a guest": guest, "no one": anon} {
		ts.as(c, func() {
			doc := parseHTML(t, ts.get("/play/"+player).body)
			if byID(doc, "other-devices-lists") != nil {
				t.Errorf("%s is offered lists on other devices: %q", who, text(byID(doc, "other-devices-lists")))
			}
			r := ts.postForm("/play/"+player+"/lists/mine/"+red+"/open", nil)
			wantStatus(t, who+" opening Red Squadron", r, http.StatusNotFound)
			if !strings.Contains(r.body, "Sign in to the account you made it with") || !strings.Contains(r.body, `href="/play/`+player+`"`) {
				t.Errorf("%s's refusal does not say how a list is opened here, with the way back to the game:\n%.3000s", who, r.body)
			}
			if strings.Contains(r.body, "/lists/mine\"") {
				t.Errorf("%s's refusal links back to a list that is not there", who)
			}
			if strings.Contains(r.header.Get("Set-Cookie"), listCookie) {
				t.Errorf("%s was given a key: %s", who, r.header.Get("Set-Cookie"))
			}
		})
	}
	ts.as(guest, func() {
		if got := text(byID(parseHTML(t, ts.get("/play/"+player).body), "this-browser-only")); !strings.Contains(got, "sign in") {
			t.Errorf("a guest's lists do not say they stay on this browser: %q", got)
		}
	})
	// The owner asking through another game's player link finds nothing.
	r := ts.postForm("/play/"+elsewhere+"/lists/mine/"+red+"/open", nil)
	wantStatus(t, "Red Squadron through another game", r, http.StatusNotFound)
}

// mustGame is the id of the game a player link opens.
func mustGame(t *testing.T, ts *testServer, player string) string {
	t.Helper()
	g, err := ts.store.GameByPlayerToken(t.Context(), player)
	if err != nil {
		t.Fatal(err)
	}
	return g.ID
}

// findForm is the first form under n whose class names cls.
func findForm(n *html.Node, cls string) *html.Node {
	if n.Type == html.ElementNode && n.Data == "form" {
		if c, _ := attr(n, "class"); slices.Contains(strings.Fields(c), cls) {
			return n
		}
	}
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		if f := findForm(k, cls); f != nil {
			return f
		}
	}
	return nil
}
