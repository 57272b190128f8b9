package roster

import "fmt"

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
}

func (p Problem) String() string {
	s := fmt.Sprintf("%s: %s: %s", p.Severity, p.Field, p.Message)
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
