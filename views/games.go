package views

import (
	"fmt"
	"time"

	"muster/roster"
	"muster/rules"
)

// GameInfo is what every game page says about the game.
type GameInfo struct {
	Name     string
	Date     string
	Scenario string
	Notes    string
	Locked   bool
	Version  int
	Versions int
	Updated  time.Time
	// Battlefield is the scenario the game is played on (nil: none attached).
	Battlefield *Battlefield
}

// Battlefield is what a game's page shows of its scenario: what every player reads, and
// each side's Orders of the Day, which only that side's players and the gamemaster read.
type Battlefield struct {
	Name, Description, Table, Victory string
	Sides                             []BattlefieldSide
}

// BattlefieldSide is one of the scenario's sides, the game's side that plays it (imperial,
// rebel, neutral) and its Orders of the Day; Hidden: it sets up hidden (the gamemaster's to
// know).
type BattlefieldSide struct {
	Name, GameSide, Orders string
	Hidden                 bool
}

// For is the scenario's side the game's side plays (nil: none).
func (b *Battlefield) For(gameSide string) *BattlefieldSide {
	if b == nil {
		return nil
	}
	for i := range b.Sides {
		if b.Sides[i].GameSide == gameSide {
			return &b.Sides[i]
		}
	}
	return nil
}

// GameForm is the gamemaster's form: the game's details and each side's force limits,
// echoed back with what is wrong.
type GameForm struct {
	Name     string
	Date     string
	Scenario string
	Notes    string
	// Battlefield is the battlefield chosen: "" none, "kept" the game's as it is, a
	// built-in's id, or the gamemaster's own ("mine:" and its id); Battlefields the choices.
	Battlefield  string
	Battlefields []Choice
	Sides        []SideForm // always every side, in order: imperial, rebel, neutral
	Errors       map[string]string
	// Action is where the form posts: /games for a new game, the GM link for a game.
	Action string
	// Version is the game's version the form edits (0: a new game); a save from a tab left
	// open on an older one is refused.
	Version int
	// Catalog offers what the limits may ban.
	Catalog *rules.Catalog
}

// SideForm is one side in the gamemaster's form.
type SideForm struct {
	Side   string
	Plays  bool
	Limits string   // the limits file as written
	Errors []string // why the limits cannot be used: a parse error with line and column, or a problem
	// Summary is the limits in a line ("total 1500; heroes at most 300 SGPs; ..."); empty
	// when they do not parse.
	Summary string
	// Form is the limits as fields; Was is the limits file the page was drawn from (an edit
	// of the file is told from an edit of the fields by it).
	Form LimitsForm
	Was  string
}

// Preset is a set of example limits the form can be filled with.
type Preset struct {
	Key, Label, Title string
}

// ListRow is one list entered in a game, judged against its side's current limits.
type ListRow struct {
	ID        string
	Player    string
	Name      string
	Side      string
	Total     int
	Limit     int
	Submitted int // the version submitted; 0: not submitted
	Head      int // the version saved last
	Errors    int
	Warnings  int
	Problems  []roster.Problem // the errors, for "why"
	Href      string           // the list's page for whoever is looking
	Sheets    string           // its record sheets, where the viewer may print them
	Export    string
	Updated   time.Time
	// NoSide is set when the list's side no longer plays in the game.
	NoSide bool
}

// Valid reports whether the list breaks no rule and no limit.
func (r ListRow) Valid() bool { return r.Errors == 0 }

// Changed reports whether the player saved the list since submitting it.
func (r ListRow) Changed() bool { return r.Submitted > 0 && r.Head != r.Submitted }

// SideLists is one side of a game with its limits and its lists.
type SideLists struct {
	Side    string
	Summary string
	Lists   []ListRow
}

// VersionNote is one version of a game, for its history.
type VersionNote struct {
	Number  int
	Note    string
	Created time.Time
	Head    bool
	Summary string // each side's limits in a line
}

// GMView is the gamemaster's page of a game.
type GMView struct {
	Game      GameInfo
	Base      string // /gm/{token}
	GMURL     string // the full links, to copy
	PlayerURL string
	Sides     []SideLists
	Other     []ListRow // lists of sides that no longer play
	Form      GameForm
	Presets   []Preset
	History   []VersionNote
	Created   bool // the game was just made: say to keep the GM link
	// Scenarios are the battlefields quick-resolve can play on.
	Scenarios []Choice
	// ResolveError says why the last quick-resolve could not start.
	ResolveError string
	// ResolveRunning is the gamemaster's matchup being played, when it is why.
	ResolveRunning *RunningMatchup
	// Resolve is the quick-resolve form as the gamemaster sent it, drawn again after a
	// refusal (empty: the defaults).
	Resolve ResolveForm
	// Sims are the game's matchups, newest first.
	Sims []SimRow
}

// RotateView asks the gamemaster before a game's link is replaced.
type RotateView struct {
	Game  string // the game's name
	Base  string // /gm/{token}
	Which string // "gm" or "player"
	Lists int    // how many lists the game has, all kept
}

// ListsKept says what happens to the game's lists when the player link is replaced.
func (v RotateView) ListsKept() string {
	switch v.Lists {
	case 0:
		return "No list has been started yet."
	case 1:
		return "The game's list is kept as it is, and opens with the new link."
	}
	return fmt.Sprintf("The game's %d lists are kept as they are, and open with the new link.", v.Lists)
}

// PlayForm is a player's form to start or import a list.
type PlayForm struct {
	Player string
	Name   string
	Side   string
	Text   string
	Errors map[string]string
}

// PlayView is the page the player link opens.
type PlayView struct {
	Game  GameInfo
	Base  string   // /play/{token}
	Sides []string // the sides that play
	Mine  []ListRow
	// Elsewhere are a signed-in account's lists of the game that this browser holds no key
	// to (made on another device), each Href the "Open here" form's action.
	Elsewhere []ListRow
	Account   bool        // a signed-in account is asking (not a guest)
	All       []SideLists // after the lock: every submitted list
	Sims      []SimRow    // after the lock: the gamemaster's matchups
	Form      PlayForm
	Import    PlayForm
}

// ListView is one list's page: for its player (through the list's key), for the
// gamemaster, or for everyone once the game is locked.
type ListView struct {
	Game      GameInfo
	Back      string // the game's page for the viewer
	Row       ListRow
	Army      ArmyView // the version shown, judged against the side's limits
	Shown     int      // the version shown
	Limits    string   // the side's limits as written
	Summary   string   // in a line
	Owner     bool     // the player's own page: edit, submit, withdraw
	KeyURL    string   // the player's private link to the list
	Submitted []SubmissionRow
	// Optimize is the list's "What should I bring?" against the other sides' lists (for its
	// player or the gamemaster; "": none), OptimizeLabel its link's words.
	Optimize, OptimizeLabel string
}

// SubmissionRow is one submit or withdrawal.
type SubmissionRow struct {
	Version int
	Created time.Time
}

// sideID is a side's element id part ("other" for lists of sides that no longer play).
func sideID(side string) string {
	if side == "" {
		return "other"
	}
	return side
}

// firstProblems is at most n problems.
func firstProblems(ps []roster.Problem, n int) []roster.Problem {
	if len(ps) > n {
		return ps[:n]
	}
	return ps
}

// listCounts says how many lists a side has: for the gamemaster, how many are submitted
// and valid too ("3 lists: 2 submitted, 1 valid").
func listCounts(rows []ListRow, gm bool) string {
	n := plural(len(rows), "list", "lists")
	if !gm || len(rows) == 0 {
		return n
	}
	submitted, valid := 0, 0
	for _, r := range rows {
		if r.Submitted > 0 {
			submitted++
			if r.Valid() {
				valid++
			}
		}
	}
	return fmt.Sprintf("%s: %d submitted, %d valid", n, submitted, valid)
}

// LimitsForm is a side's force limits as form fields (strings as typed, so a wrong number is
// shown back as it was written).
type LimitsForm struct {
	Present bool
	// Typed is set when the fields are shown as the gamemaster typed them (one was of the
	// wrong shape); otherwise they are drawn from the limits file.
	Typed     bool
	Total     string
	SGP, Max  map[string]string // by CapKind.Key
	Qualities []string
	Banned    []string
	Rules     map[string]string // rule id: severity
	// Sides is set when the file holds a sides: clause, which the fields keep but do not show.
	Sides bool
}

// CapKind is one cap of the limits form: its key in the limits file and its label.
type CapKind struct{ Key, Label string }

// SGPCapKinds are the limits' SGP caps, in the form's order.
var SGPCapKinds = []CapKind{{"heroes", "Heroes"}, {"squads", "Squads (mounts included)"}, {"droids", "Droids"},
	{"creatures", "Creatures"}, {"artillery", "Artillery and remote weapons"}, {"strikes", "Off-board strikes"}}

// CountCapKinds are the limits' count caps, in the form's order.
var CountCapKinds = []CapKind{{"heroes", "Heroes"}, {"squads", "Squads"}, {"droids", "Droids"},
	{"creatures", "Creatures (one by one)"}, {"specialized_weapons", "Specialized weapons (every soldier's counts)"},
	{"grenades", "Grenades (every soldier's counts)"}}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ResolveForm is the quick-resolve form's values: the two lists, the battlefield and the
// number of battles, as typed.
type ResolveForm struct {
	A, B, Scenario, Battles string
}

// BattlesShown is the number of battles the form shows: as typed, or 1000 at first.
func (f ResolveForm) BattlesShown() string {
	if f.Battles == "" {
		return "1000"
	}
	return f.Battles
}

// ResolvePicks are the two lists the quick-resolve form shows: those asked about, or by
// default the first list and the first list of another side (else the next list), so that
// the form never offers a list against itself.
func (v GMView) ResolvePicks() (a, b string) {
	a, b = v.Resolve.A, v.Resolve.B
	type pick struct{ id, side string }
	var all []pick
	for _, s := range v.Sides {
		for _, l := range s.Lists {
			all = append(all, pick{l.ID, s.Side})
		}
	}
	if len(all) == 0 {
		return a, b
	}
	if a == "" {
		a = all[0].id
	}
	if b != "" {
		return a, b
	}
	side := ""
	for _, p := range all {
		if p.id == a {
			side = p.side
		}
	}
	for _, p := range all {
		if p.side != side {
			return a, p.id
		}
	}
	for _, p := range all {
		if p.id != a {
			return a, p.id
		}
	}
	return a, b
}
