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
