package views

// FairMaxBattles bounds the battles at each handicap a fairness test plays from the web.
const FairMaxBattles = 500

// FairView is "Is this fair?": the form (a built-in scenario, each side's total and Troop
// List, battles, lists, seed) as typed, and the answer once played.
type FairView struct {
	Scenarios  []Choice
	Scenario   string
	TroopLists []Choice
	// Sides' fields as typed: a refused form shows them again.
	Totals     [2]string
	Lists      [2]string // the Troop Lists chosen
	Battles    string
	RandomK    string
	Strong     string // strong lists a side
	Seed       string
	Errors     []string
	Answer     *FairAnswer
	SideLabels [2]string // the scenario's side names, for the form's legends
	// Game is the game night's page a game's fairness test goes back to ("" for one asked
	// on this page).
	Game string
}

// FairAnswer is a played fairness test in words, with its curve drawn.
type FairAnswer struct {
	Scenario       string
	Battles, Total int
	Seed           string
	SideNames      [2]string
	Whose          string    // the first side's name, possessive
	Win            [2]string // each side's win rate with its interval, in words
	Draws          string
	Score          string // the first side's expected score with its interval
	Verdict        string // the handicap in a sentence
	Lists          [2][]FairList
	Shared         bool
	Curve          FairChart
	Points         []FairPoint
}

// FairList is a list played.
type FairList struct {
	URL   string // its army file, to save (empty: none)
	Name  string
	SGP   int
	Units string
	// Strong marks a strong list (the optimizer's search from a random list); Found says
	// where it started and what the search found, in words.
	Strong bool
	Found  string
}

// FairMaxStrong is the most strong lists a side the form offers: each costs a search of
// as many battles as the curve (docs/decisions.md).
const FairMaxStrong = 3

// FairDefaultStrong is the strong lists a side the form starts on (docs/decisions.md).
const FairDefaultStrong = 1

// FairPoint is a row of the curve's table.
type FairPoint struct {
	Handicap string // "+200 to the Imperials"
	Score    string
	CI       string
}

// FairChart is the curve drawn: each handicap's score and interval as points on a
// W x H picture, the fitted curve as a polyline, the even line and the handicap's mark.
type FairChart struct {
	W, H     int
	Dots     []FairDot
	Fitted   string // polyline points
	EvenY    int
	XLabels  []FairTick
	YLabels  []FairTick
	MarkX    int // the even handicap's x; -1 when off the picture
	MarkLo   int
	MarkHi   int
	Caption  string
	AxisText string
}

// FairDot is one handicap's expected score and its interval on the picture.
type FairDot struct {
	X, Y, Lo, Hi int
	Label        string
}

// FairTick is an axis label.
type FairTick struct {
	At   int
	Text string
}
