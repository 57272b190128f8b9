package views

import (
	"fmt"
	"strconv"
	"time"

	"muster/rules/qrs/solo"
)

// The skirmish quick reference's solo assistant (system qrs): the view models of its pages.
// The handlers fill them from rules/qrs/solo; nothing here decides a rule.

// QRSSoloList is the solo games page: the owner's games and the form that starts one.
type QRSSoloList struct {
	Games []QRSGameRow
	Form  QRSNewForm
	Error string
	// Profiles are the player profiles offered for the groups; PoolProfiles the figures the
	// result table deploys.
	Profiles     []QRSOption
	PoolProfiles []string
	Prefer       []QRSOption
	// Armies are the asker's saved qrs armies (the army list's), by id and name.
	Armies []QRSOption
}

// QRSOption is a choice of a select.
type QRSOption struct{ Value, Label string }

// QRSGameRow is one saved game in the list.
type QRSGameRow struct {
	ID, Name string
	Steps    int
	Updated  time.Time
}

// QRSNewForm is the new game form as posted (kept when it is refused).
type QRSNewForm struct {
	Name, Seed, Army, Prefer string
	// Worse is the reading of the shooting table's lost Worse row (qrs.WorseRowKeys; ""
	// the default).
	Worse string
	// Saved is one of the asker's saved qrs armies, played instead of the lines or a file.
	Saved     string
	Counters  [QRSCounterFields]string
	Pool      []string // one per PoolProfiles
	Unlimited bool
	Rows      [QRSGroupRows]QRSGroupRow
}

// The new game form's fixed numbers of counter and group lines (more counters can be
// placed during the game; more groups come from a pasted army file).
const (
	QRSCounterFields = 6
	QRSGroupRows     = 6
)

// QRSGroupRow is one line of the player's figures: rows with the same group name make one
// group.
type QRSGroupRow struct{ Group, Profile, Count, Name string }

// QRSGame is one solo game as it stands.
type QRSGame struct {
	ID, Name string
	Turn     int
	Head     int // the step the page was drawn at: every form carries it
	Action   string
	Result   QRSResult
	CanUndo  bool
	Error    string
	Contact  bool
	Officer  bool
	Counters []solo.Counter
	Pool     []QRSPoolRow // nil: unlimited
	Groups   []QRSGroup
	Figures  []QRSOption // every figure in the fight, "GROUP:FIGURE", for close combat
	Log      []string    // newest first
	Prefer   string
	MoveMods []QRSMoveMod // the random movement table's modifiers, Muster's values marked
}

// QRSPoolRow is how many figures of a profile are free for the enemy.
type QRSPoolRow struct {
	Profile string
	Free    int
}

// QRSGroup is a group on the table.
type QRSGroup struct {
	ID                  int
	Name, Side, Orders  string
	Counter             int
	Firepower, Defence  string
	Figures             []QRSFigure
	Enemy, Shaken, Gone bool
}

// QRSFigure is one figure's state.
type QRSFigure struct {
	N             int // its number in the group, from 1
	Name, Profile string
	Status        string // "wounded, ducked back", "" when fit
	Down          bool
	Force         bool // a Force user: the FP buttons
	FP            string
}

// QRSMoveMod is a modifier of the random movement table, for the page.
type QRSMoveMod struct {
	Key, Label string
	Value      int
	Printed    bool
}

// QRSResult is what a step rolled, saved with the step so that a reload shows it and rolls
// nothing.
type QRSResult struct {
	Kind   string      `json:"kind"`
	Lines  []string    `json:"lines,omitempty"`
	Spot   *QRSSpot    `json:"spot,omitempty"`
	Orders []QRSOrders `json:"orders,omitempty"`
	Shot   *QRSShot    `json:"shot,omitempty"`
	Worse  bool        `json:"worse,omitempty"` // the shot read the sheet's lost Worse row
	Notes  []string    `json:"notes,omitempty"`
}

// QRSShot is fire at a group: the two totals (halves kept: "7.5"), the row, the d8's
// modifier and each figure's roll and result.
type QRSShot struct {
	Target   string     `json:"target"`
	Own      string     `json:"own"`
	Enemy    string     `json:"enemy"`
	Band     string     `json:"band"`
	Modifier int        `json:"modifier"`
	Hits     []solo.Hit `json:"hits"`
	Returned *QRSShot   `json:"returned,omitempty"`
	// WorseRow is the game's reading of the table's lost Worse row, said on every shot.
	WorseRow string `json:"worse_row,omitempty"`
}

// QRSSpot is a roll of enemy force generation.
type QRSSpot struct {
	InSight []int        `json:"in_sight"`
	Parts   []solo.Part  `json:"parts,omitempty"`
	Outcome solo.Outcome `json:"outcome"`
	Group   int          `json:"group,omitempty"` // the group that appeared
}

// QRSOrders is a roll on the random movement table for a group.
type QRSOrders struct {
	Group     int          `json:"group"`
	Name      string       `json:"name"`
	Die       int          `json:"die"`
	Modifier  int          `json:"modifier"`
	Score     int          `json:"score"`
	Modifiers []QRSMoveMod `json:"modifiers,omitempty"`
	Text      string       `json:"text"`
	Force     []string     `json:"force,omitempty"`
	Adjust    int          `json:"adjust,omitempty"`   // a player's order: up to this much either way
	AtTable   bool         `json:"at_table,omitempty"` // the die was rolled at the table, not by Muster
}

// QRSOdds is the odds page's qrs section: one figure under fire.
type QRSOdds struct {
	Own, Enemy, Extra string
	Cover, Armour     bool
	Asked             bool
	Error             string
	Row               string
	Worse             bool
	Modifier          int
	Eighths           [4]int
}

// QRSMove is the odds page's random movement calculator (the skirmish quick reference's
// table): the situation asked about and, once asked, each order's exact chance.
type QRSMove struct {
	Asked                                              bool
	GreaterFire, FriendsRetreating, Alone, VehicleNear bool
	Advancing, InCover, LightFire, NoEnemy             bool
	Quarters, Leaders                                  string
	Error                                              string
	Modifier                                           int
	Applied                                            string // the modifiers that apply, in words
	Rows                                               []QRSMoveRow
}

// QRSGen is the odds page's enemy force generation calculator: the counters in sight by
// kind, the modifiers and the option preferred, and once asked each force's exact chance
// (Rows: Order is the force).
type QRSGen struct {
	Asked               bool
	Corner, Cover, Open string
	Officer, NoContact  bool
	Prefer              string
	Options             []QRSOption
	Error               string
	Modifier            int
	Rows                []QRSMoveRow
}

// QRSMoveRow is one order and its chance, exact (a fraction of sixths) and as a percentage.
type QRSMoveRow struct {
	Order, Exact string
	P            float64
}

// qrsResultNames are the shooting table's results in Eighths' order.
var qrsResultNames = [4]string{"Nothing", "Duck back", "Wound", "Killed or disabled"}

func eighths(n int) string { return strconv.Itoa(n) + "/8" }

func eighthPercent(n int) string { return percent(float64(n) / 8) }

// qrsTableRow is a row of the force generation table, as the sheet prints it.
type qrsTableRow struct {
	First, Second, Force string
}

// qrsTable is solo.Table in the sheet's words, both columns.
func qrsTable() []qrsTableRow {
	var out []qrsTableRow
	for i, r := range solo.Table {
		row := qrsTableRow{First: span(r.Low, r.High)}
		switch {
		case r.Low2 == 0:
			row.Second = "-"
		case r.High2 == -1:
			row.Second = strconv.Itoa(r.Low2) + "+"
		default:
			row.Second = span(r.Low2, r.High2)
		}
		for j, o := range r.Options {
			if j > 0 {
				row.Force += ", or "
			}
			row.Force += o.Label
		}
		switch i {
		case 0:
			row.Force = "Nothing (unless the counter is in the open: an Imperial Probe Droid)"
		case 3:
			row.Force += " (an Officer instead on 11; Muster: and on 19)"
		}
		out = append(out, row)
	}
	return out
}

func span(lo, hi int) string {
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return fmt.Sprintf("%d-%d", lo, hi)
}

func liveCounters(cs []solo.Counter) []solo.Counter {
	var out []solo.Counter
	for _, c := range cs {
		if !c.Removed {
			out = append(out, c)
		}
	}
	return out
}

// counterWord is "Counter" before one counter's number, "Counters" before several.
func counterWord(ns []int) string {
	if len(ns) == 1 {
		return "Counter"
	}
	return "Counters"
}

func intList(ns []int) string {
	s := ""
	for i, n := range ns {
		if i > 0 {
			s += ", "
		}
		s += strconv.Itoa(n)
	}
	return s
}

func star(printed bool) string {
	if printed {
		return ""
	}
	return "*"
}

func preferNote(prefer string) string {
	if prefer == "" {
		return ""
	}
	return " (this game prefers " + prefer + ")"
}

func poolText(pool []QRSPoolRow) string {
	s := ""
	for i, r := range pool {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%d %s", r.Free, r.Profile)
	}
	if s == "" {
		return "none"
	}
	return s
}

func counterLabel(c solo.Counter) string { return fmt.Sprintf("Counter %d (%s)", c.ID, c.Kind) }

// QRSSimPage is the quick-resolve page: the setup a solo game has, the simulation's own
// settings, and the result once played.
type QRSSimPage struct {
	Setup                               QRSSoloList
	Sight, Objective, MaxTurns, Battles string
	Cover                               bool
	// Against names the group the others fight (a firefight instead of the portals);
	// AgainstCover: it fights from cover.
	Against      string
	AgainstCover bool
	Result       *QRSSimResult
	Fight        *QRSFightResult
}

// QRSFightResult is a firefight's summary (rules/qrs/sim.FightSummary): A's groups against
// the group B.
type QRSFightResult struct {
	A, B                            string
	Battles                         int
	Seed                            string
	AWins, BWins, Undecided         QRSRate
	MeanTurns, MeanLostA, MeanLostB float64
	Log, NotSimulated               []string
	WorseRow                        string // the reading of the lost Worse row played
}

// QRSSimResult is a quick-resolve's summary (rules/qrs/sim).
type QRSSimResult struct {
	Group                                      string
	Counters, Battles                          int
	Seed                                       string
	Objective, Survived                        QRSRate
	MeanTurns, MeanEnemies, MeanDown, MeanLost float64
	Log, NotSimulated                          []string
	WorseRow                                   string // the reading of the lost Worse row played
}

// QRSRate is a proportion with its 95% interval.
type QRSRate struct{ P, Low, High float64 }

// qrsWorseOptions are the game option's readings of the shooting table's lost Worse row
// (qrs.WorseRow), the default first.
var qrsWorseOptions = []QRSOption{
	{Value: "continued", Label: "Muster's row, the table continued (D 3-4, W 5, K 6-8); +1 per extra shooter on every row"},
	{Value: "half-plus", Label: "The Half row, +1 per extra shooter (in that row only)"},
}

// atTable says a die was rolled at the table rather than by Muster.
func atTable(b bool) string {
	if b {
		return " (rolled at the table)"
	}
	return ""
}

// NextStep is what the sheet's play sequence has the player do after the last step, and the
// section of the page that does it: a phone shows it at the top instead of the whole
// sequence to scroll through.
func (v QRSGame) NextStep() (what, anchor string) {
	switch v.Result.Kind {
	case "spot":
		return "orders for the enemy groups (3)", "#orders"
	case "orders":
		return "move, lowest Initiative first; then shoot and act, highest first (4, 5)", "#shoot"
	case "shoot", "mark", "close":
		return "shoot and act on, highest Initiative first, or end the turn (5)", "#shoot"
	}
	return "when a figure of yours comes into sight of counters, dice for enemy force generation (2)", "#spot"
}
