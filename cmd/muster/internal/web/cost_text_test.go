package web

import (
	"strings"
	"testing"
)

// `muster cost --text` prints the plain-text list for forums, the same the web app's
// export?format=text answers.
func TestCostTextIsTheForumList(t *testing.T) {
	t.Parallel()
	code, out, _ := runMuster(t, "cost", "--text", mixed)
	if code != 1 || !strings.HasPrefix(out, "Mixed Imperial Force (Imperial) — 2101 of 2100 SGPs\n") ||
		!strings.Contains(out, "- Cresh Squad: 6 Imperial Trooper, blaster carbine, stormtrooper armor — 282\n") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	r := ts.get("/armies/" + id + "/export?format=text")
	if r.status != 200 || r.body != out || !strings.HasPrefix(r.header.Get("Content-Type"), "text/plain") {
		t.Errorf("the web's text list differs from the command line's: %d\n%s", r.status, r.body)
	}
}
