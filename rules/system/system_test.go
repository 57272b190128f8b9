package system

import "testing"

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
