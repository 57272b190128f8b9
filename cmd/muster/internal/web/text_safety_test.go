package web

// Text a hostile (or careless) club member types or scripts into a name or a note: what no
// database can keep is refused naming the field, never a 500; what would forge or turn
// around the text others read is refused with the form shown again as typed.

import (
	"html"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"muster/db/dbtest"
)

// A NUL or bytes that are not UTF-8 in a form or an army file: PostgreSQL refused to store
// them and the request answered 500 ("invalid byte sequence for encoding UTF8"). Each is
// now refused naming the field, on SQLite and on PostgreSQL alike, and nothing is saved.
func TestTextNoDatabaseKeepsIsRefusedNamingTheField(t *testing.T) {
	for _, tc := range []struct {
		name string
		db   func(t *testing.T) string
	}{
		{"sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "text.db") }},
		{"postgres", func(t *testing.T) string { return dbtest.Postgres(t) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ts := newTestServerOn(t, tc.db(t))
			id := ts.importFile(rebel1500)
			for _, req := range []struct {
				what, path string
				form       url.Values
			}{
				{"a game's name holding a NUL", "/games", url.Values{"name": {"Fri\x00day"}, "date": {"2026-05-01"}, "plays.rebel": {"on"}}},
				{"a game's notes not UTF-8", "/games", url.Values{"name": {"Friday"}, "notes": {"Bring dice\xc3"}, "plays.rebel": {"on"}}},
				{"an army's name not UTF-8", "/armies", url.Values{"name": {"A\xffrmy"}, "side": {"rebel"}}},
				{"the editor's draft holding a NUL", "/armies/" + id + "/preview", url.Values{"name": {"Re\x00named"}, "side": {"rebel"}}},
			} {
				r := ts.postForm(req.path, req.form)
				if r.status != http.StatusBadRequest || !strings.Contains(html.UnescapeString(r.body), `"name"`) && !strings.Contains(html.UnescapeString(r.body), `"notes"`) {
					t.Errorf("%s: %d, want 400 naming the field:\n%.600s", req.what, r.status, textOf(r.body))
				}
			}
			// Through the API, where the file's JSON escapes the NUL: the name's field is named.
			r := ts.postBody("/api/armies", "application/json",
				`{"format": 1, "name": "Line one\u0000", "side": "rebel", "units": []}`)
			if r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "name") || !strings.Contains(r.body, "U+0000") {
				t.Errorf("an army file's name holding a NUL: %d %s, want 422 naming the name and the character", r.status, r.body)
			}
			// The other game systems' files: the d20 squad's name and faction are columns too.
			for _, body := range []string{
				`{"format": 1, "system": "swm", "name": "S\u0000q", "faction": "Rebel Alliance", "units": [{"card": "Hoth Trooper"}]}`,
				`{"format": 1, "system": "swm", "name": "Sq", "faction": "Rebel\u0000 Alliance", "units": [{"card": "Hoth Trooper"}]}`,
			} {
				r := ts.postBody("/api/armies", "application/json", body)
				if r.status != http.StatusBadRequest || !strings.Contains(r.body, "U+0000") {
					t.Errorf("%s: %d %s, want 400 naming the NUL", body, r.status, r.body)
				}
			}
			list := ts.get("/api/armies")
			if n := strings.Count(list.body, `"id"`); n != 1 {
				t.Errorf("after the refusals the owner has %d armies, want the 1 imported: %s", n, list.body)
			}
		})
	}
}

// A line break in a name forged lines of the plain-text list ("Total: 1 SGPs (valid)" on
// a line of its own), and a right-to-left override turned the text after the name around
// (the summary's heading read "dauqs" for "squad"). Both are refused wherever the text is
// typed, naming the field and the character, with what was typed shown again.
func TestNamesOthersReadAreOneLineTheRightWayRound(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	const rlo = "Rogues\u202Eevil"

	// The editor: the form comes back as typed, with why.
	id := ts.importFile(rebel1500)
	form := ts.editorForm(id)
	form.Set("u0.name", rlo)
	form.Set("action", "save")
	r := ts.postForm("/armies/"+id, form)
	if r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "U+202E") || !strings.Contains(r.body, `value="`+rlo+`"`) {
		t.Errorf("editor: %d, want 422 naming U+202E with the name as typed:\n%.800s", r.status, textOf(r.body))
	}

	// An import: the file comes back as pasted.
	file := "format: 1\nname: \"Line one\\r\\nTotal: 1 SGPs (valid)\"\nside: rebel\nunits: []\n"
	r = ts.postForm("/armies/import", url.Values{"text": {file}})
	if r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "line break") || !strings.Contains(html.UnescapeString(r.body), file) {
		t.Errorf("import: %d, want 422 saying line break with the file as pasted:\n%.800s", r.status, textOf(r.body))
	}

	// A game's name, and a player's name every player of the game reads.
	r = ts.postForm("/games", url.Values{"name": {rlo}, "date": {"2026-05-01"}, "plays.rebel": {"on"}})
	if r.status == http.StatusSeeOther || !strings.Contains(r.body, "U+202E") || !strings.Contains(r.body, `value="`+rlo+`"`) {
		t.Errorf("game: %d, want a refusal naming U+202E with the name as typed:\n%.800s", r.status, textOf(r.body))
	}
	_, player := ts.createGame("Friday", map[string]string{"rebel": ""})
	r = ts.postForm("/play/"+player+"/lists", url.Values{"action": {"new"}, "player": {"Wedge\u202E"}, "side": {"rebel"}, "name": {"Red"}})
	if r.status == http.StatusSeeOther || !strings.Contains(r.body, "Your name holds an invisible direction override") {
		t.Errorf("player's name: %d, want a refusal naming the override:\n%.800s", r.status, textOf(r.body))
	}

	// A skirmish group's name, shown on its summary and share page.
	r = ts.postBody("/api/armies", "application/json", `{"format": 1, "system": "qrs", "name": "P", "side": "imperial",
		"groups": [{"name": "Scouts\u202E", "figures": [{"profile": "Stormtrooper"}]}]}`)
	if r.status != http.StatusBadRequest || !strings.Contains(r.body, "unit 1") || !strings.Contains(r.body, "U+202E") {
		t.Errorf("skirmish group: %d %s, want 400 naming unit 1 and U+202E", r.status, r.body)
	}

	// What a script sends through the API is refused the same way, naming the unit's field.
	r = ts.postBody("/api/armies", "application/json",
		`{"format": 1, "name": "Red", "side": "rebel", "units": [{"kind": "hero", "name": "A\u001b[31mred"}]}`)
	if r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "unit 1's name") || !strings.Contains(r.body, "U+001B") {
		t.Errorf("API: %d %s, want 422 naming unit 1's name and U+001B", r.status, r.body)
	}
}

// textOf is a page's text, for a failure message.
func textOf(body string) string {
	if i := strings.Index(body, "<main"); i >= 0 {
		body = body[i:]
	}
	var b strings.Builder
	in := false
	for _, r := range body {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
			b.WriteByte(' ')
		case !in:
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(html.UnescapeString(b.String())), " ")
}
