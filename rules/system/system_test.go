package system

import (
	"strings"
	"testing"
)

// The army file's system: field picks the game; a file without one is SWMB (format 1's only
// system before the newer games).
func TestDetectReadsTheSystemField(t *testing.T) {
	cases := map[string]string{
		"format: 1\nsystem: swm\nname: x\n": "swm",
		"format: 1\nsystem: QRS\n":          "qrs",
		"format: 1\nname: no system\n":      SWMB,
		`{"format": 1, "system": "swmb"}`:   SWMB,
		"::: not yaml [":                    SWMB,
		"format: 1\nsystem: \"  Swm \"\n":   "swm",
		// A file the YAML library cannot read is still its own system's to report.
		"format: 1\nsystem: swm\nname: a\nname: b\n":           "swm",
		"format: 1\nsystem: qrs\nunits:\n\t- x\n":              "qrs",
		`{"format": 1, "system": "swm", "name": 1, "name": 2}`: "swm",
		"format: 1\nname: a\nname: b\n":                        SWMB,
	}
	for in, want := range cases {
		if got := Detect([]byte(in)); got != want {
			t.Errorf("Detect(%q) = %q, want %q", in, got, want)
		}
	}
}

// Detect decodes the file with the YAML library, which the systems' readers never let see
// a file their guard refuses: 800 KB of nested brackets posted to /api/armies took the
// server to 18 GB here, in Detect, before any reader's guard. A file the guard refuses
// (nesting, aliases, too many entries) is left to SWMB's reader, which names its line and
// column; Detect does not decode it.
func TestDetectLeavesWhatTheGuardRefusesToSWMB(t *testing.T) {
	for name, in := range map[string]string{
		"aliases":         "format: 1\nsystem: swm\nname: &n x\nfaction: *n\n",
		"deep nesting":    "system: swm\nunits: " + strings.Repeat("[", 40) + strings.Repeat("]", 40) + "\n",
		"too many values": "system: qrs\nunits: [" + strings.Repeat("1,", 30000) + "1]\n",
	} {
		if got := Detect([]byte(in)); got != SWMB {
			t.Errorf("%s: Detect = %q, want %q (the file left to SWMB's guarded reader)", name, got, SWMB)
		}
	}
}
