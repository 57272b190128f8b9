package roster

import (
	"fmt"
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

// Place is where the problem is, in the player's words: "Unit 6, Ewok: weapons[0]", or the
// field for the army as a whole.
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
	return p.Where + ": " + rest
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
