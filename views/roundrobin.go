package views

// RoundRobinView is the round robin page: which armies, the battlefield, how many battles,
// and once played the matrix.
type RoundRobinView struct {
	Armies    []ArmyRow
	Chosen    map[string]bool
	Scenarios []Choice
	Scenario  string
	// Battles is as typed: a refused form shows it again as it was.
	Battles string
	Seed    string
	Errors  []string
	// Action is where the form posts ("/roundrobin", or a game night's).
	Action string
	// Lead says whose armies these are.
	Lead string
	// Game is the game night's page when the armies are its lists ("" for your armies).
	Game   string
	Matrix *RoundRobinMatrix
	// ShareBase, Shares, Shared: as SimView's (a shared round robin shows no form).
	ShareBase string
	Shares    []ShareRow
	Shared    bool
	// Elsewhere is why the form is not shown (a game's round robin on a browser that
	// cannot open the game's link), "" when it is.
	Elsewhere string
}

// RoundRobinMatrix is every army against every other: row i, column j is army i's wins
// against army j, linking to their matchup.
type RoundRobinMatrix struct {
	Names    []string
	Rows     [][]RoundRobinCell
	Battles  int
	Scenario string
	Seed     string
	// Mean is each row's average win rate against the others.
	Mean []string
}

// RoundRobinCell is one army's result against another.
type RoundRobinCell struct {
	Self  bool // the diagonal
	Rate  string
	CI    string
	URL   string
	Label string // for screen readers: "Rebels against Imperials: wins 54.0%, 95% 47.1% to 60.8%"
	Tone  string // "ahead", "behind" or "even": the interval above, below or across one half
}

// The bounds of a round robin played from the page.
const (
	RoundRobinMaxArmies  = 6
	RoundRobinMaxBattles = 15000
)
