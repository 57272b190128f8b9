package yamlguard

// The YAML library's messages for a value of the wrong kind name Go's types and struct
// fields; every game system's reader turns them into the file's own words here.

import (
	"fmt"
	"regexp"
	"strings"
)

// goTypeError is the YAML library's message for a value of the wrong type, which names Go's
// types and fields ("cannot unmarshal string into Go struct field Limits.Total of type int").
var goTypeError = regexp.MustCompile(`cannot unmarshal (\S+(?: \{\})?) into Go (?:struct field (\S+) of type|value of type) (\S+)`)

var digits = regexp.MustCompile(`^-?[0-9]+$`)

// usedWhere is the library's message for a list or a single value where a block of fields
// belongs ("sequence was used where mapping is expected").
var usedWhere = regexp.MustCompile(`^(\w+) was used where (\w+) is expected`)

// TypeWords rewrites a type error in the file's own terms: the field as the file writes
// it, what it holds and what it should hold.
func TypeWords(msg string) string { return TypeWordsAt(msg, nil, 0, 0) }

// keyBefore finds the key written just before a value ("size: abc", "{count: lots}", and
// JSON's quoted keys, {"count": "lots"}).
var keyBefore = regexp.MustCompile(`"?([A-Za-z_][A-Za-z0-9_]*)"?\s*:\s*$`)

// TypeWordsAt is TypeWords for an error at a line and column (1-based) of data. The library
// names the outermost struct field ("Army.Units" for a unit's size), so the key is read from
// the file where the bad value stands.
func TypeWordsAt(msg string, data []byte, line, col int) string {
	if w, ok := syntaxWords(msg); ok {
		return w
	}
	if m := usedWhere.FindStringSubmatch(msg); m != nil {
		field := "this value"
		if k := KeyAt(data, line, col); k != "" {
			field = k
		} else if line == 1 && col == 1 {
			field = "the file"
		}
		return fmt.Sprintf("%s: write %s here, not %s", field, kindWords(m[2]), kindWords(m[1]))
	}
	m := goTypeError.FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	field := "this value"
	if m[2] != "" {
		parts := strings.Split(m[2], ".")
		field = snake(parts[len(parts)-1])
	}
	if k := KeyAt(data, line, col); k != "" {
		field = k
	} else if data != nil {
		// The named field may be the one holding the value several levels up; the line and
		// column say where it is.
		field = "this value"
	}
	if digits.MatchString(m[1]) && kindWords(m[3]) == "a whole number" {
		return fmt.Sprintf("%s: %s is too large a number; no army needs one this size", field, m[1])
	}
	return fmt.Sprintf("%s: write %s here, not %s", field, kindWords(m[3]), kindWords(m[1]))
}

// kindWords names a Go or YAML type as a player would.
func kindWords(t string) string {
	switch {
	case strings.HasPrefix(t, "int"), strings.HasPrefix(t, "uint"), t == "number":
		return "a whole number"
	case strings.HasPrefix(t, "float"):
		return "a number"
	case t == "string", t == "scalar", strings.HasSuffix(t, ".Side"), strings.HasSuffix(t, ".Kind"), strings.HasSuffix(t, ".Severity"), strings.HasSuffix(t, ".Armor"):
		return "text"
	case t == "bool":
		return "true or false"
	case strings.HasPrefix(t, "[]"), t == "array", t == "sequence":
		return "a list"
	case strings.HasPrefix(t, "map"), t == "mapping", t == "object", strings.HasPrefix(t, "roster."), strings.HasPrefix(t, "*roster."):
		return "a block of fields"
	}
	return t
}

// snake writes a Go field name (PointRolls) as the file's key (point_rolls).
func snake(name string) string {
	var b strings.Builder
	for i, r := range name {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// KeyAt is the key written before the value at line and column of data (1-based), or "":
// "count" for "count: 1.5", and for a JSON body's "count": 1.5 too.
func KeyAt(data []byte, line, col int) string {
	if data == nil || line < 1 || col < 1 {
		return ""
	}
	lines := strings.Split(string(data), "\n")
	if line > len(lines) {
		return ""
	}
	l := lines[line-1]
	if col-1 <= len(l) {
		l = l[:col-1]
	}
	if m := keyBefore.FindStringSubmatch(l); m != nil {
		return m[1]
	}
	return ""
}

// duplicateKey is the library's message for a key written twice in one block.
var duplicateKey = regexp.MustCompile(`^mapping key "([^"]*)" already defined at \[(\d+):(\d+)\]`)

// syntaxPhrases are the library's syntax errors a hand-edited file commonly meets, in a
// player's words: what is wrong at the line and column given, and the usual fix.
var syntaxPhrases = []struct{ lib, words string }{
	{"mapping value is not allowed in this context",
		`a colon YAML cannot place: if it is part of a value, put the value in quotes (name: "Red: One"); otherwise indent this line as the other lines of its block`},
	{"sequence end token ']' not found", "a list opened with [ is not closed: end it with ]"},
	{"could not find '[' character corresponding to ']'", "a ] that closes no list: remove it, or open the list with ["},
	{"could not find flow mapping end token '}'", "a block opened with { is not closed: end it with }"},
	{"could not find '{' character corresponding to '}'", "a } that closes no block: remove it, or open the block with {"},
	{"',' or '}' must be specified", "a comma is missing between two entries"},
	{"',' or ']' must be specified", "a comma is missing between two entries"},
	{"block sequence entries are not allowed in this context", `a list entry ("- ...") YAML cannot place: indent it under its key, as the other entries of the list`},
	{"non-map value is specified", `this line is not "key: value": write the key, a colon and a space before the value (name: Rendor's Raiders), and indent it as the other lines of its block`},
	{"unexpected key name", `this line does not read as "key: value": write a space after the colon (format: 1), and indent it as the other lines of its block`},
	{"value is not allowed in this context", `a value YAML cannot place: write it after its key and a colon (size: 5), indented as the other lines of its block`},
	{"could not find value for mapping key", `a key without its value: write the value after the colon and a space`},
}

// syntaxWords rewrites the library's syntax errors (YAML's terms: "mapping value", "flow
// mapping end token") in the file's own words; ok is false for other messages.
func syntaxWords(msg string) (string, bool) {
	if m := duplicateKey.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("%s: written twice in one block (first at line %s, column %s); keep one of them", m[1], m[2], m[3]), true
	}
	if strings.Contains(msg, "that cannot start any token") && strings.Contains(msg, "\t") {
		return "a tab: YAML indents with spaces only; replace the tab with spaces (two a level)", true
	}
	for _, p := range syntaxPhrases {
		if strings.HasPrefix(msg, p.lib) {
			return p.words, true
		}
	}
	return msg, false
}
