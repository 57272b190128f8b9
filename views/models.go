// Package views holds Muster's templ components: the layout, the pages and the htmx
// partials. Components take domain types (roster, costing, rules) and small view models
// built by the handlers; they hold no state and do no I/O.
package views

import (
	"fmt"
	"strings"
	"time"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// Page is what every full page needs: its title, the CSRF token its forms carry, and which
// part of the navigation is current.
type Page struct {
	Title string
	CSRF  string
	Nav   string // "armies", "new", "catalogue", "compare"
	Flash string
	// User is the signed-in account's name; "" for a guest or no one.
	User string
}

// ArmyRow is one saved army on the home page.
type ArmyRow struct {
	ID       string
	Name     string
	Side     string
	Total    int
	Limit    int
	Valid    bool
	Errors   int
	Versions int
	Updated  time.Time
	System   string // the army file's game system: "swmb", "swm", "qrs"
}

// ArmyView is one army with its costs, as the summary, the editor and the share page show it.
type ArmyView struct {
	ID       string
	Army     *roster.Army
	Result   *costing.Result
	Catalog  *rules.Catalog
	Version  int
	Versions int
	CanUndo  bool
	CanRedo  bool
	Shares   []ShareRow // the army's share links, newest first
	Updated  time.Time
	// Shared is set when the army is shown through its read-only share link.
	Shared bool
	// Draft is set when the editor shows changes that are not saved (after a rejected save,
	// or a resumed draft).
	Draft bool
	// Unsaved is the editor's draft kept on the server, offered to resume or discard.
	Unsaved *UnsavedDraft
	// Message is shown at the top of the editor (a save that could not be read).
	Message string
	// Refused, set by a cost update, names the field Muster could not read and why; the
	// breakdown beside it costs the army without that field.
	Refused string
	// Base, when set, is where the editor's forms and links go instead of /armies/{id}: a
	// game's list, edited through the player's link (/play/{token}/lists/{key}).
	Base string
	// Fixed, when set, says who fixed the army's side and limit (a game's list: the
	// gamemaster); the editor shows it instead of the side, limit and free-hand controls.
	Fixed string
}

// Href is the address of the army's page (action "") or of one of its actions ("edit",
// "preview", "undo", ...): under /armies/{id}, or under Base.
func (v ArmyView) Href(action string) string {
	base := armyURL(v.ID)
	if v.Base != "" {
		base = v.Base
	}
	if action == "" {
		return base
	}
	return base + "/" + action
}

// VersionRow is one saved version of an army, for the history list.
type VersionRow struct {
	Number  int
	Parent  int
	Total   int
	Note    string
	Created time.Time
	Head    bool
}

// headNumber is the head's version among rows (0, "any", if none is): the version a
// restore form was drawn from, so that a restore from a page showing an older head is
// refused.
func headNumber(rows []VersionRow) int {
	for _, r := range rows {
		if r.Head {
			return r.Number
		}
	}
	return 0
}

// NewArmyForm is the create form's values, echoed back with messages when they are wrong.
type NewArmyForm struct {
	Name   string
	Side   string
	Limit  string
	System string // the game system: "" or "swmb" for SWMB
	Errors map[string]string
}

// ImportForm is the import form's values, echoed back with the reason a file was refused.
type ImportForm struct {
	Text  string
	Error string
	// System is the import form's game system choice: "" for what the file says.
	System string
	Book   []BookChoice // the book's forces, to start from
}

// BookChoice is one of the book's printed forces offered as a starting point.
type BookChoice struct {
	File, Name, Side, Source string
	Units, Total             int
}

// ErrorView is an error page: the status and a message written for the player.
type ErrorView struct {
	Status  int
	Title   string
	Message string
	// Back are the ways back to where the player was (a game night's page, their list),
	// offered before "Back to your armies".
	Back []BackLink
}

// BackLink is a link back from an error page.
type BackLink struct {
	Href, Label string
}

// CompareView is two armies side by side.
type CompareView struct {
	Armies []ArmyRow
	AID    string
	BID    string
	// AV and BV are the versions compared (0: the saved head), for a diff between two
	// versions of one army.
	AV, BV    int
	A, B      *ArmyView
	Rows      []CompareRow
	Subtotals []CompareSubtotal
	// Other, when set, compares two armies of another game (A and B are then nil).
	Other *CompareOther
}

// CompareOther is a comparison of two armies of another game, through its costed reports.
type CompareOther struct {
	Game string // the game's name
	A, B CompareSide
}

// CompareSide is one army of such a comparison.
type CompareSide struct {
	ID, Name              string
	Version, Total, Limit int
	Errors, Warnings      int
}

// CompareSubtotal is one kind of unit's SGPs in each army.
type CompareSubtotal struct {
	Kind string
	A, B int
}

// CompareRow pairs a unit of the first army with the same unit (by kind and name) of the
// second; Differs marks a unit only one has, or one whose cost differs.
type CompareRow struct {
	Kind         string
	AName, BName string
	ACost, BCost int
	InA, InB     bool
	Differs      bool
	// Changes says what differs between the paired units, field by field ("size: 10 → 8").
	Changes []string
}

// AuthForm is the sign-in or sign-up form as typed, with what went wrong.
type AuthForm struct {
	Name, Next, Invite string
	Signup             string // the instance's mode: open, invite or closed
	Error              string
}

// AccountView is the account page.
type AccountView struct {
	Name      string
	Admin     bool
	Tokens    []TokenRow
	NewToken  string
	NewInvite string
	Error     string
}

// TokenRow is one API token as listed.
type TokenRow struct {
	ID, Label, Created, LastUsed string
	Revoked                      bool
}

// liveTokens counts the tokens not revoked.
func liveTokens(ts []TokenRow) int {
	n := 0
	for _, t := range ts {
		if !t.Revoked {
			n++
		}
	}
	return n
}

// ShareRow is one share link of an army, as its owner sees it.
type ShareRow struct {
	Token, URL          string
	Created, LastOpened string
	Revoked             bool
}

// UnsavedDraft is a draft of the editor's form left unsaved: when it was last typed, and
// where to resume or discard it.
type UnsavedDraft struct {
	Updated            string
	ResumeURL, Discard string
	OnOlderVersion     bool // saved on a version that is no longer the head
}

// subtotalAfter is the subtotal row that ends row k's kind, if row k is its kind's last.
func subtotalAfter(v CompareView, k int) (CompareSubtotal, bool) {
	if k+1 < len(v.Rows) && v.Rows[k+1].Kind == v.Rows[k].Kind {
		return CompareSubtotal{}, false
	}
	for _, s := range v.Subtotals {
		if s.Kind == v.Rows[k].Kind {
			return s, true
		}
	}
	return CompareSubtotal{}, false
}

// versionNote names the version compared when both sides are one army.
func versionNote(x, other *ArmyView) string {
	if x.ID != other.ID {
		return ""
	}
	return fmt.Sprintf(", version %d", x.Version)
}

// sideVersion names the version compared when both sides are one army of another game.
func sideVersion(x, other CompareSide) string {
	if x.ID != other.ID {
		return ""
	}
	return fmt.Sprintf(", version %d", x.Version)
}

func joinChanges(cs []string) string { return strings.Join(cs, "; ") }
