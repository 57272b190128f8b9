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
	}
	for in, want := range cases {
		if got := Detect([]byte(in)); got != want {
			t.Errorf("Detect(%q) = %q, want %q", in, got, want)
		}
	}
}
