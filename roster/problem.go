package roster

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Severity says how much a problem matters.
type Severity string

// The severities a problem can have. Waived problems are listed, not counted.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Info    Severity = "info"
)

// Problem is one thing wrong with (or worth knowing about) an army, written for the player:
// which unit and field, what the rules say, and what would fix it.
type Problem struct {
	Rule     string   `json:"rule,omitempty"`
	Severity Severity `json:"severity"`
	Unit     int      `json:"unit"` // index into units; -1 for the army as a whole
	Field    string   `json:"field"`
	Message  string   `json:"message"`
	Hint     string   `json:"hint,omitempty"`
	// Where names the unit as the screens do ("Unit 6, Ewok"); empty for the army as a whole.
	Where string `json:"where,omitempty"`
}

// Place is where the problem is, in the player's words: "Unit 6, Ewok: weapon 1" (the field
// path units[5].weapons[0], counted from 1 as the screens count units), or the field for the
// army as a whole. The field path itself stays in Field, for scripts (muster check --json).
func (p Problem) Place() string {
	if p.Where == "" {
		return p.Field
	}
	rest := p.Field
	if i := strings.Index(rest, "]."); strings.HasPrefix(rest, "units[") && i > 0 {
		rest = rest[i+2:]
	} else if strings.HasPrefix(rest, "units[") {
		return p.Where
	}
	return p.Where + ": " + fieldWords(rest)
}

var (
	indexed   = regexp.MustCompile(`([a-z_]+?)s?\[(\d+)\]`)
	skillPath = regexp.MustCompile(`skills\.([a-z_]+)`)
)

// fieldWords says a unit's field path as a player counts: "specialists[0].weapons" is
// "specialist 1 weapons", "skills.blaster" "blaster skill".
func fieldWords(path string) string {
	path = skillPath.ReplaceAllString(path, "${1} skill")
	path = indexed.ReplaceAllStringFunc(path, func(m string) string {
		g := indexed.FindStringSubmatch(m)
		n, _ := strconv.Atoi(g[2])
		return fmt.Sprintf("%s %d", g[1], n+1)
	})
	return strings.NewReplacer(".", " ", "_", " ").Replace(path)
}

func (p Problem) String() string {
	s := fmt.Sprintf("%s: %s: %s", p.Severity, p.Place(), p.Message)
	if p.Hint != "" {
		s += " (" + p.Hint + ")"
	}
	return s
}

// UnitField is the field path of a unit's field, as problems name it.
func UnitField(unit int, field string) string {
	if field == "" {
		return fmt.Sprintf("units[%d]", unit)
	}
	return fmt.Sprintf("units[%d].%s", unit, field)
}
