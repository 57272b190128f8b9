package web

import (
	"html"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// A change that turned a battle links the battle without and with it side by side (?both=1
// on the what-if replay): one page holding the two battles exactly as their own pages show
// them (the same results), each viewer with ids of its own (no id twice on the page), and
// each upright picture showing its own viewer's drawing, not the other's.
func TestAChangeShowsItsBattleSideBySide(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	_, r := unarmedWhatIf(t, ts)
	page := func(body string) *goquery.Document {
		t.Helper()
		d, err := goquery.NewDocumentFromReader(strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	var both, with, without string
	page(r.body).Find("#whatif-variants-list a[href]").Each(func(_ int, s *goquery.Selection) {
		l := html.UnescapeString(s.AttrOr("href", ""))
		arming := strings.Contains(l, "change=Bare+Hands%3A+arm+with")
		switch {
		case arming && strings.Contains(l, "both=1") && both == "":
			both = l
		case arming && !strings.Contains(l, "both=1") && with == "":
			with = l
		case !arming && strings.Contains(l, "/whatif/replay?") && !strings.Contains(l, "change=") && without == "":
			without = l
		}
	})
	if both == "" || with == "" || without == "" {
		t.Fatalf("links: side by side %q, with %q, without %q", both, with, without)
	}
	pair := ts.get(both)
	wantStatus(t, "side by side", pair, http.StatusOK)
	doc := page(pair.body)
	seen := map[string]bool{}
	doc.Find("[id]").Each(func(_ int, s *goquery.Selection) {
		id := s.AttrOr("id", "")
		if seen[id] {
			t.Errorf("id %q twice on the page", id)
		}
		seen[id] = true
	})
	for _, root := range []string{"replay-without", "replay-with"} {
		v := doc.Find("section.replay#" + root)
		if v.Length() != 1 {
			t.Fatalf("want one viewer #%s", root)
		}
		uses := v.Find("use")
		if uses.Length() == 0 {
			t.Errorf("#%s: no upright pictures", root)
		}
		uses.Each(func(_ int, s *goquery.Selection) {
			href := s.AttrOr("href", "")
			if !strings.HasPrefix(href, "#"+root+"-map-") || v.Find(href).Length() != 1 {
				t.Errorf("#%s: an upright picture shows %q, not a drawing of its own", root, href)
			}
		})
	}
	// The two battles are the ones their own pages show.
	result := func(d *goquery.Document, id string) string {
		t.Helper()
		s := d.Find("#" + id)
		if s.Length() != 1 {
			t.Fatalf("no #%s", id)
		}
		return s.Text()
	}
	wo, wi := page(ts.get(without).body), page(ts.get(with).body)
	if got, want := result(doc, "replay-without-result"), result(wo, "replay-result"); got != want {
		t.Errorf("the left battle is not the one without the change:\n%s\nwant\n%s", got, want)
	}
	if got, want := result(doc, "replay-with-result"), result(wi, "replay-result"); got != want {
		t.Errorf("the right battle is not the one with the change:\n%s\nwant\n%s", got, want)
	}
	if result(doc, "replay-with-result") == result(doc, "replay-without-result") {
		t.Error("the change made no difference to the battle it is said to have turned")
	}
	if href := doc.Find("#replay-next-battle").AttrOr("href", ""); !strings.Contains(href, "both=1") || !strings.Contains(href, "change=") {
		t.Errorf("the next battle's link drops the pairing: %q", href)
	}
}
