package views

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"muster/costing"
	"muster/roster"
)

// htmxConfig keeps htmx within the CSP (no injected <style>, no eval, and no style
// attribute carried over when it settles a swap: the editor's script sizes the breakdown
// panel through its style, which htmx's default settling wrote back as an attribute the
// policy refuses) and has it swap error answers too, so that a refused cost update shows
// its message in place.
const htmxConfig = `{"includeIndicatorStyles":false,"allowEval":false,"allowScriptTags":false,` +
	`"attributesToSettle":["class","width","height"],` +
	`"responseHandling":[{"code":"204","swap":false},{"code":"[23]..","swap":true},{"code":"[45]..","swap":true,"error":true}]}`

func csrfHeaders(token string) string {
	b, _ := json.Marshal(map[string]string{"X-CSRF-Token": token})
	return string(b)
}

func itoa(n int) string { return strconv.Itoa(n) }

func title(p Page) string {
	if p.Title == "" {
		return "Muster"
	}
	return p.Title + " · Muster"
}

func sideLabel(s string) string {
	switch s {
	case "rebel":
		return "Rebel"
	case "imperial":
		return "Imperial"
	case "neutral":
		return "Neutral"
	}
	return s
}

// sideListsLabel names a side's table of lists for screen readers (the heading's words).
func sideListsLabel(side string) string {
	if side == "" {
		return "Other sides' lists (scrolls sideways)"
	}
	return sideLabel(side) + " lists (scrolls sideways)"
}

// totalLabel is "1849 of 2100 SGPs" or "1849 SGPs".
func totalLabel(total, limit int) string {
	if limit > 0 {
		return fmt.Sprintf("%d of %d SGPs", total, limit)
	}
	return fmt.Sprintf("%d SGPs", total)
}

func overBy(total, limit int) int {
	if limit > 0 && total > limit {
		return total - limit
	}
	return 0
}

// counts returns the number of errors and warnings among problems.
func counts(ps []roster.Problem) (errs, warns int) {
	for _, p := range ps {
		switch p.Severity {
		case roster.Error:
			errs++
		case roster.Warning:
			warns++
		}
	}
	return
}

// unitProblems are the problems of unit i.
func unitProblems(ps []roster.Problem, i int) []roster.Problem {
	var out []roster.Problem
	for _, p := range ps {
		if p.Unit == i {
			out = append(out, p)
		}
	}
	return out
}

func unitHasError(ps []roster.Problem, i int) bool {
	for _, p := range ps {
		if p.Unit == i && p.Severity == roster.Error {
			return true
		}
	}
	return false
}

func inches(v float64) string {
	return strconv.FormatFloat(v, 'f', -1, 64) + `"`
}

func movement(b costing.Breakdown) string {
	var parts []string
	if b.Walk > 0 {
		parts = append(parts, "walk "+inches(b.Walk))
	}
	if b.Run > 0 {
		parts = append(parts, "run "+inches(b.Run))
	}
	return strings.Join(parts, ", ")
}

// Plural counts n things: "1 problem", "3 problems".
func Plural(n int, one, many string) string { return plural(n, one, many) }

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func armyURL(id string) string            { return "/armies/" + id }
func armyAction(id, action string) string { return "/armies/" + id + "/" + action }
func shareURL(token string) string        { return "/share/" + token }
func unitAnchor(i int) string             { return fmt.Sprintf("unit-%d", i) }
func unitProblemsID(i int) string         { return fmt.Sprintf("unit-%d-problems", i) }
func field(i int, name string) string     { return fmt.Sprintf("u%d.%s", i, name) }

func slicesSort(s []string) { slices.Sort(s) }

func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// oobAttr marks an element of an htmx answer as swapped out of band.
func oobAttr(oob bool) templ.Attributes {
	if oob {
		return templ.Attributes{"hx-swap-oob": "true"}
	}
	return templ.Attributes{}
}

// editAction makes an editor button (save, add, move, duplicate, remove) post the form
// through htmx: the server saves and answers with where to go (HX-Location), which htmx
// fetches and swaps in without a page reload, so the page's state (and the player's
// scroll) is not thrown away for each unit added.
func editAction(v ArmyView) templ.Attributes {
	// Its own sync, not the form's "this:queue last" (inherited otherwise): a cost update that
	// fires after the click (the 300 ms after the last keystroke) must not abort the save in
	// flight, and a second click while it is saving is dropped.
	return templ.Attributes{"hx-post": v.Href(""), "hx-swap": "none", "hx-sync": "this:drop"}
}

// reshape makes a control of unit i draw the unit's fields again when it changes (a troop
// type changes the qualities, attributes, caps and weapons on offer; a filled blank row
// gets a new one below it). The change is consumed, so the form's own cost update does not
// also run: the redrawn unit brings the breakdown with it. Its own sync, not the form's
// (inherited otherwise): the cost update still due from a keystroke just before (the 300 ms
// after it) must not abort or hold up the redraw in flight, or the unit is drawn late or
// never (no new blank row, a troop type's options stale).
func reshape(v ArmyView, i int) templ.Attributes {
	return templ.Attributes{"hx-post": v.Href("preview"), "hx-trigger": "change consume", "hx-sync": "this:queue last",
		"hx-target": "#" + FieldsAnchor(i), "hx-swap": "outerHTML", "hx-vals": fmt.Sprintf(`{"rerender": "%d"}`, i)}
}

// reshapeClick is reshape for a button ("More skills").
func reshapeClick(v ArmyView, i int) templ.Attributes {
	a := reshape(v, i)
	a["hx-trigger"] = "click"
	return a
}

// ArmyLabel is armyLabel for handlers that build their own pickers.
func ArmyLabel(all []ArmyRow, r ArmyRow) string { return armyLabel(all, r) }

// armyLabel names an army in a picker: "Rebel Raiders (1500)", and where another army of
// the list has the same name, when it was saved too (and, should that match as well, the
// start of its id), so that two armies of one name can be told apart.
func armyLabel(all []ArmyRow, r ArmyRow) string {
	label := fmt.Sprintf("%s (%d)", r.Name, r.Total)
	if r.System != "" && r.System != "swmb" {
		label = fmt.Sprintf("%s (%s, %d)", r.Name, systemLabel(r.System), r.Total)
	}
	sameName, sameTime := false, false
	for _, o := range all {
		if o.ID == r.ID || o.Name != r.Name {
			continue
		}
		sameName = true
		if o.Total == r.Total && o.Updated.Format("2006-01-02 15:04") == r.Updated.Format("2006-01-02 15:04") {
			sameTime = true
		}
	}
	if !sameName {
		return label
	}
	label = fmt.Sprintf("%s (%d SGPs, saved %s)", r.Name, r.Total, r.Updated.Format("2 Jan 15:04"))
	if sameTime && len(r.ID) >= 6 {
		label += " #" + r.ID[:6]
	}
	return label
}
