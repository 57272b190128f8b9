package system

import (
	"strconv"
	"strings"
)

// Where names where a problem is as the screens number units ("Unit 2, Rebel Leader: count",
// "Unit 1, Red Team: figure 1 profile"), never by the file's zero-based path
// ("units[1].count", "groups[0].figures[0].profile"), and returns the message without the
// unit's label it begins with, so that a list of problems says the unit once. A problem of
// the army as a whole keeps its field ("faction") and its message.
func (r *Report) Where(p Problem) (where, message string) {
	if p.Unit < 0 || p.Unit >= len(r.Units) {
		return p.Field, p.Message
	}
	label := "Unit " + strconv.Itoa(p.Unit+1)
	if name := r.Units[p.Unit].Name; name != "" {
		label += ", " + name
	}
	message = strings.TrimPrefix(p.Message, label+": ")
	if leaf := fieldWords(p.Field); leaf != "" {
		return label + ": " + leaf, message
	}
	return label, message
}

// fieldWords says a unit's field path below the unit in words, items counted from 1:
// "units[1].count" is "count", "groups[0].figures[2].profile" is "figure 3 profile". A
// field that is not under a unit ("limit") is itself.
func fieldWords(field string) string {
	if strings.HasPrefix(field, "units[") || strings.HasPrefix(field, "groups[") {
		_, rest, ok := strings.Cut(field, "]")
		if !ok {
			return field
		}
		field = strings.TrimPrefix(rest, ".")
	}
	var words []string
	for _, seg := range strings.Split(field, ".") {
		name, idx, ok := strings.Cut(seg, "[")
		if !ok {
			words = append(words, seg)
			continue
		}
		n, err := strconv.Atoi(strings.TrimSuffix(idx, "]"))
		if err != nil {
			words = append(words, seg)
			continue
		}
		words = append(words, strings.TrimSuffix(name, "s")+" "+strconv.Itoa(n+1))
	}
	return strings.TrimSpace(strings.Join(words, " "))
}
