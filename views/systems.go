package views

import (
	"time"

	"muster/rules/system"
)

// The views of armies of the other game systems (d20 Star Wars Miniatures, the skirmish
// quick reference), drawn from the shared report every system gives (rules/system).

// OtherArmyView is another system's army as its pages show it.
type OtherArmyView struct {
	ID          string
	SystemID    string // the file's system: value
	SystemTitle string
	Report      *system.Report
	Version     int
	Versions    int
	Updated     time.Time
	Shares      []ShareRow
	HasSheet    bool   // the system has a printable sheet
	Shared      bool   // shown through a share link
	Token       string // the share link's token, when Shared
	Draft       bool   // a preview of unsaved edits
	// SWMBlanks are a d20 squad's cards that still have blanks (its owner's page).
	SWMBlanks []SWMSquadCard
}

// SystemChoice is a game system the create and import forms offer.
type SystemChoice struct {
	ID, Title string
}

// NotForSystemView says that a page has no meaning for an army's game system.
type NotForSystemView struct {
	What, Why, SystemTitle, Back string
}

// systemLabel is a system's short name for lists.
func systemLabel(id string) string {
	switch id {
	case "", "swmb":
		return "SWMB"
	case "swm":
		return "SWM d20"
	case "qrs":
		return "Skirmish QR"
	}
	return id
}

// systemLongLabel is a system's name in words, for the army list's title attribute.
func systemLongLabel(id string) string {
	switch id {
	case "", "swmb":
		return "Star Wars Miniatures Battles (West End Games)"
	case "swm":
		return "Star Wars Miniatures, d20 (Wizards of the Coast, Battle of Hoth)"
	case "qrs":
		return "Star Wars skirmish quick reference"
	}
	return id
}

// reportCounts counts a report's errors and warnings.
func reportCounts(ps []system.Problem) (errs, warns int) {
	for _, p := range ps {
		switch p.Severity {
		case system.Error:
			errs++
		case system.Warning:
			warns++
		}
	}
	return errs, warns
}

// unitReportProblems are the problems of unit i.
func unitReportProblems(ps []system.Problem, i int) []system.Problem {
	var out []system.Problem
	for _, p := range ps {
		if p.Unit == i {
			out = append(out, p)
		}
	}
	return out
}

// pointsLabel is "100 of 100 points" or "62 points".
func pointsLabel(total, limit int) string {
	if limit > 0 {
		return itoa(total) + " of " + itoa(limit) + " points"
	}
	return itoa(total) + " points"
}

// otherUnitAnchor is the id of unit i's breakdown on another system's army page.
func otherUnitAnchor(i int) string { return "card-" + itoa(i+1) }
