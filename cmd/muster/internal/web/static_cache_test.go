package web

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"muster/static"
)

// staticLinks is every /static/ address a page's <script src> and <link href> name.
func staticLinks(n *html.Node) []string {
	var out []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && (n.Data == "script" || n.Data == "link") {
			for _, key := range []string{"src", "href"} {
				if v, ok := attr(n, key); ok && strings.HasPrefix(v, "/static/") {
					out = append(out, v)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

// After an upgrade no browser keeps the old app.js: every page links its scripts and
// styles by the file's content hash, that address is cached for good, and the bare address
// must be revalidated.
func TestPagesLinkAssetsByTheirContentHash(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	seen := map[string]bool{}
	for _, path := range []string{"/", "/armies/" + id + "/edit", "/armies/" + id + "/sheets", "/armies/" + id + "/roster"} {
		r := ts.get(path)
		wantStatus(t, path, r, http.StatusOK)
		links := staticLinks(parseHTML(t, r.body))
		if len(links) == 0 {
			t.Fatalf("%s links no static file", path)
		}
		for _, link := range links {
			u, err := url.Parse(link)
			if err != nil {
				t.Fatal(err)
			}
			name := strings.TrimPrefix(u.Path, "/static/")
			b, err := static.FS.ReadFile(name)
			if err != nil {
				t.Fatalf("%s links %s, not an embedded file: %v", path, link, err)
			}
			sum := sha256.Sum256(b)
			if want := hex.EncodeToString(sum[:])[:12]; u.Query().Get("v") != want {
				t.Errorf("%s links %s: want ?v=%s, the first 12 hex digits of the file's SHA-256", path, link, want)
			}
			seen[name] = true
		}
	}
	for _, name := range []string{"app.js", "htmx.min.js", "muster.css", "print.css"} {
		if !seen[name] {
			t.Errorf("no page linked %s", name)
		}
	}

	versioned := ts.get(static.URL("app.js"))
	wantStatus(t, "versioned app.js", versioned, http.StatusOK)
	if cc := versioned.header.Get("Cache-Control"); !strings.Contains(cc, "immutable") || !strings.Contains(cc, "max-age=31536000") {
		t.Errorf("versioned app.js: Cache-Control %q, want a year's immutable caching", cc)
	}
	for _, bare := range []string{"/static/app.js", "/static/app.js?v=000000000000"} {
		r := ts.get(bare)
		wantStatus(t, bare, r, http.StatusOK)
		if cc := r.header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("%s: Cache-Control %q, want no-cache (revalidate on every use)", bare, cc)
		}
		if r.body != versioned.body {
			t.Errorf("%s does not serve the current app.js", bare)
		}
	}
	// Revalidating costs no download while the file is unchanged.
	req, _ := http.NewRequest(http.MethodGet, ts.srv.URL+"/static/app.js", nil)
	req.Header.Set("If-None-Match", versioned.header.Get("ETag"))
	wantStatus(t, "revalidated app.js", ts.do(req), http.StatusNotModified)
}
