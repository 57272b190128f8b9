// Package textguard refuses the characters a name or a note Muster keeps must not hold:
// bytes that are not UTF-8 (PostgreSQL refuses to store them), control characters (a NUL
// PostgreSQL refuses too; a line break in a name forges lines of the plain-text list; a
// terminal escape repaints the terminal `muster cost` prints to) and the invisible
// direction overrides (U+202A to U+202E, U+2066 to U+2069) that turn the text after them
// around, on the page and in the PDF, beyond the name they were typed in.
//
// It keeps what a name in any script needs: the direction marks (U+200E, U+200F, U+061C),
// which change no text but their neighbours', and the zero-width joiners (U+200C, U+200D)
// of Persian words and emoji. See docs/decisions.md.
package textguard

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// Problem says what in s a name (lines false) or a note (lines true: line breaks and tabs
// allowed) must not hold, in words that end with what to do; "" when nothing.
func Problem(s string, lines bool) string {
	if !utf8.ValidString(s) {
		return "holds bytes that are not UTF-8 text; type it again"
	}
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r':
			if !lines {
				return "holds a line break; a name is one line, so join the lines"
			}
		case r == '\t':
			if !lines {
				return "holds a tab; use a space instead"
			}
		case unicode.IsControl(r):
			return fmt.Sprintf("holds an invisible control character (U+%04X); delete it", r)
		case isOverride(r):
			return fmt.Sprintf("holds an invisible direction override (U+%04X), which turns the text after it around; delete it", r)
		}
	}
	return ""
}

// isOverride reports the explicit embeddings, overrides and isolates of the Unicode
// bidirectional algorithm, which last until a matching pop (or the end of the paragraph).
func isOverride(r rune) bool {
	return r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069
}
