// Package form reads the web app's posted forms into plain values and checks them, each
// bound said once, in the words the page shows beside the field: a form's type and its
// Check (or a reader such as Count) hold both the bound and its sentence, where the
// validator's tags and the handlers' sentences held them apart before.
package form

import (
	"fmt"
	"strconv"
	"strings"
)

// Count reads a count typed in a form (battles, changes to try): a whole number from lo
// to hi. It answers the number, or a message naming the field (its label, as the page shows
// it) and what to write instead. The forms hand back what was typed, not the number read, so
// that "abc" or "1,000" (a script can send either; a number field stops neither in every
// browser) is shown again beside its message rather than replaced by a default.
func Count(label, typed string, lo, hi int) (int, string) {
	want := fmt.Sprintf("write a whole number from %d to %d", lo, hi)
	s := strings.TrimSpace(typed)
	if s == "" {
		return 0, fmt.Sprintf("%s: %s.", label, want)
	}
	n, err := strconv.Atoi(s)
	switch {
	case err != nil:
		return 0, fmt.Sprintf("%s: “%s” is not a whole number; %s.", label, shortTyped(s), want)
	case n < lo:
		return 0, fmt.Sprintf("%s: %d is fewer than %d; %s.", label, n, lo, want)
	case n > hi:
		return 0, fmt.Sprintf("%s: %d is more than %d; %s.", label, n, hi, want)
	}
	return n, ""
}

// shortTyped is what was typed as a message quotes it: at most 20 characters.
func shortTyped(s string) string {
	if r := []rune(s); len(r) > 20 {
		return string(r[:20]) + "…"
	}
	return s
}
