package yamlguard

import "testing"

// A value of the wrong kind is told with the key the file writes, the kind it needs and the
// kind it holds, never Go's type names; the library names the outermost struct field, so
// the key is read where the value stands.
func TestAWrongKindOfValueIsToldInTheFilesWords(t *testing.T) {
	for _, c := range []struct {
		msg, data string
		line, col int
		want      string
	}{
		{"cannot unmarshal []interface {} into Go struct field Army.Side of type rules.Side", "format: 1\nside: [a]\n", 2, 7, "side: write text here, not a list"},
		{"cannot unmarshal string into Go struct field Army.Units of type int", "units:\n  - name: a\n    size: abc\n", 3, 11, "size: write a whole number here, not text"},
		{"cannot unmarshal string into Go struct field File.Groups of type int", "groups: [{name: a, figures: [{profile: x, count: lots}]}]\n", 1, 50, "count: write a whole number here, not text"},
		{"cannot unmarshal 99999999999999999999 into Go value of type int", "    size: 99999999999999999999\n", 1, 11, "size: 99999999999999999999 is too large a number; no army needs one this size"},
		{"cannot unmarshal string into Go struct field Limits.Total of type int", "", 0, 0, "total: write a whole number here, not text"},
		{"sequence was used where mapping is expected", "- a\n- b\n", 1, 1, "the file: write a block of fields here, not a list"},
		{"string was used where mapping is expected", "format: 1\nrules: yes\n", 2, 8, "rules: write a block of fields here, not text"},
		// A JSON body quotes its keys; the key is named all the same.
		{"cannot unmarshal string into Go struct field File.Groups of type bool", `{"groups":[{"figures":[{"armour":"yes"}]}]}`, 1, 34, "armour: write true or false here, not text"},
	} {
		var data []byte
		if c.data != "" {
			data = []byte(c.data)
		}
		if got := TypeWordsAt(c.msg, data, c.line, c.col); got != c.want {
			t.Errorf("%q at %d:%d:\n got %q\nwant %q", c.msg, c.line, c.col, got, c.want)
		}
	}
}
