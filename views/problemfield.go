package views

import (
	"regexp"
	"strings"
)

var (
	unitIndex     = regexp.MustCompile(`^units\[(\d+)\]`)
	specialistIdx = regexp.MustCompile(`\.specialists\[(\d+)\]`)
	listIndex     = regexp.MustCompile(`\.(weapons|equipment)\[(\d+)\]`)
	skillOf       = regexp.MustCompile(`\.skills\.([^.\[]+)$`)
	powerIdx      = regexp.MustCompile(`\.powers\[\d+\]$`)
)

// FormField is the editor form's field name for a problem's field ("units[1].commander.
// skills.command" is the input "u1.commander.skills.skill.command"), so that a problem can
// point at the field and the field be marked. Where the form has no input of that exact
// name (a skill typed in a free row), the page falls back to the nearest enclosing name by
// dropping segments from the end; "" for a field the form does not show.
func FormField(field string) string {
	if field == "" {
		return ""
	}
	f := unitIndex.ReplaceAllString(field, "u$1")
	f = specialistIdx.ReplaceAllString(f, ".sp$1")
	f = listIndex.ReplaceAllString(f, ".$1.$2.name")
	f = strings.Replace(f, ".attributes.", ".attr.", 1)
	f = skillOf.ReplaceAllString(f, ".skills.skill.$1")
	f = powerIdx.ReplaceAllString(f, ".powers")
	return f
}
