package yamlguard

import (
	"strings"
	"testing"
)

var squad = Limits{MaxDepth: 3, MaxNodes: 4, File: "a squad file", Files: "squad files", Depth: "about two", Nodes: "a few"}

// TestRefusalsUseTheCallersLimitsAndWords: each game system's reader gives its own bounds
// and the words for its files; a refusal names the line and column.
func TestRefusalsUseTheCallersLimitsAndWords(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"depth", "a: [[[[x]]]]\n", "line 1, column 6: the file nests more than 3 levels deep; a squad file needs about two"},
		{"entries", "a: [1, 2, 3, 4, 5]\n", "the file has more than 4 entries; a squad file needs a few"},
		{"alias", "a: &x 1\nb: *x\n", "line 1, column 4: a YAML anchor (&): squad files do not use anchors or aliases"},
		{"tag", "a: !!str 1\n", "a YAML tag (!): squad files do not use tags"},
	} {
		err := Check([]byte(c.in), squad)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	if err := Check([]byte("a: [1, 2]\nb: 'x & *y [z'\n"), squad); err != nil {
		t.Errorf("an honest file was refused: %v", err)
	}
}

// A picture or a zip picked by mistake is refused as not text, at its first such byte,
// before the YAML library calls it "a string used where a mapping is expected".
func TestABinaryFileIsRefusedAsNotText(t *testing.T) {
	for _, data := range [][]byte{
		[]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"),
		[]byte("format: 1\nname: caf\xe9\n"),
		[]byte("format: 1\nname: a\x00b\n"),
	} {
		e := Check(data, Limits{MaxDepth: 32, MaxNodes: 100, File: "an army file"})
		if e == nil || !strings.Contains(e.Msg, "not text") || !strings.Contains(e.Msg, "an army file is YAML text") {
			t.Errorf("%q: got %v, want the file refused as not text", data, e)
		}
	}
	if e := Check([]byte("format: 1\nname: café\n"), Limits{MaxDepth: 32, MaxNodes: 100, File: "an army file"}); e != nil {
		t.Errorf("UTF-8 text refused: %v", e)
	}
	if e := Check([]byte("format: 1\nname: caf\xe9\n"), Limits{MaxDepth: 32, MaxNodes: 100, File: "an army file"}); e == nil || e.Line != 2 || e.Column != 10 {
		t.Errorf("got %v, want line 2, column 10 (the é written in Latin-1)", e)
	}
}
