package static

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"testing/fstest"
)

// A release that changes a file's content changes the address the pages link it by, and
// one that leaves it alone keeps the address (the browser's cached copy stays good).
func TestAssetAddressChangesWithItsContent(t *testing.T) {
	old := fstest.MapFS{"app.js": {Data: []byte("console.log(1)\n")}, "muster.css": {Data: []byte("body{}\n")}}
	upgraded := fstest.MapFS{"app.js": {Data: []byte("console.log(2)\n")}, "muster.css": {Data: []byte("body{}\n")}}
	before, err := Versions(old)
	if err != nil {
		t.Fatal(err)
	}
	after, err := Versions(upgraded)
	if err != nil {
		t.Fatal(err)
	}
	if before["app.js"] == after["app.js"] {
		t.Errorf("app.js changed but its version stayed %q", before["app.js"])
	}
	if before["muster.css"] != after["muster.css"] {
		t.Errorf("muster.css did not change but its version went %q -> %q", before["muster.css"], after["muster.css"])
	}
	// echo "console.log(1)" | sha256sum: 3879a5d930ae1999b278…
	if want := "3879a5d930ae"; before["app.js"] != want {
		t.Errorf("app.js version %q, want the first 12 hex digits of its SHA-256 %q", before["app.js"], want)
	}
}

func TestEmbeddedAssetURLCarriesItsHash(t *testing.T) {
	b, err := FS.ReadFile("app.js")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	if got, want := URL("app.js"), "/static/app.js?v="+hex.EncodeToString(sum[:])[:12]; got != want {
		t.Errorf("URL(app.js) = %q, want %q", got, want)
	}
}
