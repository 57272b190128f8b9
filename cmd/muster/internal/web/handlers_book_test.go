package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The New army page offers the book's forces; starting from the Blue Rangers saves them as
// a new army costed by the rules (710), with the book's 720 and why beside it.
func TestStartFromTheBooksBlueRangers(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	page := ts.get("/armies/new")
	wantStatus(t, "new army", page, http.StatusOK)
	for _, want := range []string{`id="book-forces"`, `value="blue-rangers.yaml"`, "Blue Rangers", "Chapter Eight"} {
		if !strings.Contains(page.body, want) {
			t.Errorf("the New army page lacks %q", want)
		}
	}
	r := ts.postForm("/armies/book", url.Values{"file": {"blue-rangers.yaml"}})
	wantStatus(t, "start from the book", r, http.StatusSeeOther)
	army := ts.get(r.header.Get("Location"))
	wantStatus(t, "the new army", army, http.StatusOK)
	for _, want := range []string{"710", "Book prints 720; by the rules 710", "vibroblade"} {
		if !strings.Contains(army.body, want) {
			t.Errorf("the army page lacks %q", want)
		}
	}
	r = ts.postForm("/armies/book", url.Values{"file": {"../troops.json"}})
	wantStatus(t, "a file that is not a book force", r, http.StatusBadRequest)
}
