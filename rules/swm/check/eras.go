package check

import (
	"fmt"
	"strings"

	"muster/rules/swm/cards"
)

// Fringe characters may join any faction in any era (rulebook, Choosing a Faction, p. 13).
const Fringe = "Fringe"

// Era is one row of the rulebook's table of eras and factions (Choosing a Faction, p. 13).
type Era struct {
	Name  string
	Light []string
	Dark  []string
}

// Eras is the table as printed.
var Eras = []Era{
	{"Old Republic", []string{"Old Republic"}, []string{"Sith", "Mandalorian"}},
	{"Rise of the Empire", []string{"Republic"}, []string{"Separatists", "Empire"}},
	{"Rebellion", []string{"Rebel Alliance"}, []string{"Empire"}},
	{"New Republic", []string{"New Republic"}, []string{"Empire"}},
	{"New Jedi Order", []string{"New Republic", "Empire"}, []string{"Yuuzhan Vong"}},
}

// factionAliases are the short names players use for the table's factions.
var factionAliases = map[string]string{
	"rebel": "Rebel Alliance", "rebels": "Rebel Alliance", "alliance": "Rebel Alliance",
	"imperial": "Empire", "imperials": "Empire", "galacticempire": "Empire",
	"separatist": "Separatists", "cis": "Separatists", "mandalorians": "Mandalorian",
	"vong": "Yuuzhan Vong",
}

// Factions lists every faction the table names, and Fringe.
func Factions() []string {
	seen := map[string]bool{}
	var out []string
	for _, e := range Eras {
		for _, f := range append(append([]string{}, e.Light...), e.Dark...) {
			if !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	return append(out, Fringe)
}

// Faction returns the table's spelling of a faction name, or "" if it is not one.
func Faction(name string) string {
	k := cards.Normalize(name)
	if a, ok := factionAliases[k]; ok {
		return a
	}
	for _, f := range Factions() {
		if cards.Normalize(f) == k {
			return f
		}
	}
	return ""
}

// FindEra returns the table's era by name.
func FindEra(name string) (Era, bool) {
	k := cards.Normalize(name)
	for _, e := range Eras {
		if cards.Normalize(e.Name) == k || (k == "classic" && e.Name == "Rebellion") {
			return e, true
		}
	}
	return Era{}, false
}

// Side returns "light" or "dark" for a faction in an era, or "" when the era does not
// field it.
func (e Era) Side(faction string) string {
	for _, f := range e.Light {
		if f == faction {
			return "light"
		}
	}
	for _, f := range e.Dark {
		if f == faction {
			return "dark"
		}
	}
	return ""
}

// FactionSide is the side of the Force a faction fights for in every era that fields it,
// "light" or "dark": what a squad that names no era is known by. It is "" for a faction the
// eras split (the Empire is dark but for the New Jedi Order's light) and for one the table
// does not name.
func FactionSide(faction string) string {
	side := ""
	for _, e := range Eras {
		switch s := e.Side(faction); {
		case s == "":
		case side == "":
			side = s
		case s != side:
			return ""
		}
	}
	return side
}

// eraNames lists the table's eras for messages.
func eraNames() string {
	var n []string
	for _, e := range Eras {
		n = append(n, e.Name)
	}
	return strings.Join(n, ", ")
}

// SidesNote says when two squads fight for the same side of the Force in their eras: a
// skirmish pits a Light Side squad against a Dark Side one (Characters, p. 12). It is ""
// when the sides differ or a squad names no era. A matchup is still played (a what-if).
func SidesNote(a, b *Costed) string {
	if a.Side == "" || a.Side != b.Side {
		return ""
	}
	return fmt.Sprintf("both squads fight for the %s side in their era; a skirmish pits a Light Side squad against a Dark Side one (rulebook, Characters, p. 12)", a.Side)
}
