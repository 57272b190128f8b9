package textguard

import (
	"strings"
	"testing"
)

func TestNamesRefuseWhatForgesOrBreaksTheText(t *testing.T) {
	for _, tc := range []struct {
		name, s, want string // want: a word the problem must hold
	}{
		{"not UTF-8", "A\xffrmy", "UTF-8"},
		{"NUL", "A\x00rmy", "U+0000"},
		{"line feed", "Line one\nTotal: 1 SGPs", "line break"},
		{"carriage return", "Line one\rTotal", "line break"},
		{"tab", "A\tB", "tab"},
		{"terminal escape", "A\x1b[31mred", "U+001B"},
		{"DEL", "A\x7fB", "U+007F"},
		{"C1 control", "A\u0085B", "U+0085"},
		{"right-to-left override", "evil\u202Egnp.exe", "U+202E"},
		{"left-to-right embedding", "\u202Aa", "U+202A"},
		{"first strong isolate", "\u2068a", "U+2068"},
		{"pop directional isolate", "a\u2069", "U+2069"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Problem(tc.s, false)
			if !strings.Contains(got, tc.want) {
				t.Errorf("Problem(%q) = %q, want it to name %q", tc.s, got, tc.want)
			}
		})
	}
}

func TestNamesKeepWhatAScriptNeeds(t *testing.T) {
	for _, s := range []string{
		"Rogue Squadron",
		"Ωmega Σquad — “the best”",
		"שועלי שמשון",            // Hebrew, right to left by itself
		"Red\u200F Five",         // a right-to-left mark changes only its neighbours
		"می\u200Cخواهم",          // Persian's zero-width non-joiner
		"Family 👨\u200D👩\u200D👧", // an emoji sequence's zero-width joiners
		"a\u200Bb",               // a zero-width space: invisible, and harmless
	} {
		if got := Problem(s, false); got != "" {
			t.Errorf("Problem(%q) = %q, want none", s, got)
		}
	}
}

func TestNotesKeepLineBreaksAndTabsButNotTheRest(t *testing.T) {
	if got := Problem("Bring dice.\r\nStart at 7.\tSharp.", true); got != "" {
		t.Errorf("a note's line breaks and tab: %q, want none", got)
	}
	if got := Problem("Bring\x00 dice", true); !strings.Contains(got, "U+0000") {
		t.Errorf("a note's NUL: %q, want it named", got)
	}
	if got := Problem("Bring \u202Edice", true); !strings.Contains(got, "U+202E") {
		t.Errorf("a note's override: %q, want it named", got)
	}
}
