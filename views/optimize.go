package views

// OptimizeView is an army's "What to bring" page (issue 34): the form (opponents among the
// owner's armies with their weights, the scenario, battles and budget), and once searched
// the path of changes taken and the final list.
type OptimizeView struct {
	ArmyID string
	Army   string
	// Action is where the form posts; Back and BackLabel the way back to the army or list.
	Action, Back, BackLabel string
	// NoForm leaves the form out (a game night's search's result: asked again from the list).
	NoForm bool
	// Game is set on a game night's list: the field is the other sides' submitted lists.
	Game *OptimizeGame
	// Opponents are the owner's armies that may be played against; Chosen and Weights are
	// as typed (by army id).
	Opponents []ArmyRow
	Chosen    map[string]bool
	Weights   map[string]string
	Scenarios []Choice
	// Scenario, Battles, Budget and Seed are as typed: a refused form shows them again.
	Scenario, Battles, Budget, Seed string
	Error                           string
	MaxBudget                       int
	// Played is set once the search has run.
	Played *OptimizeResult
}

// OptimizeGame is what the page says of a game night's search: whose lists it plays
// against, within which limits, or why there is no field for the asker.
type OptimizeGame struct {
	Name   string // the game's
	Side   string // the list's side, as shown ("Rebel")
	Sides  string // the field's sides, as shown ("Imperial")
	Limits string // the side's force limits in a line
	// Closed says why there is no field (no form is shown then).
	Closed string
}

// OptimizeResult is a search's answer, in the page's words.
type OptimizeResult struct {
	Job      string
	Field    string // the opponents and their weights, in words
	Scenario string
	Seed     string
	Limit    int
	Start    string // the start's total and score on fresh seeds
	Final    string // the final list's, and its gain over the start
	Better   bool   // the gain's interval lies above zero
	Steps    []OptimizeStep
	Stopped  string // how many changes were judged in how many battles, and why it stopped
	// Compare is the compare page of the start and the final list, as their files; Final
	// is the final list as YAML.
	FinalYAML string
	// Diff says unit by unit how the final list differs from the start.
	Diff     []string
	Version  int // the army's version searched from, which a save goes on top of
	Saveable bool
	// SaveAction is where the save posts and SaveLabel its button; without SaveAction,
	// SaveNote says why the list cannot be saved from here.
	SaveAction, SaveLabel, SaveNote string
}

// OptimizeStep is one change taken.
type OptimizeStep struct {
	Change string
	Total  int
	Score  string // its expected score on the battles that took it
	Delta  string // its gain over the list before, in words
	At     int    // battles the search had played when it took it
	// Effects say what it did in the battles that took it.
	Effects string
	// Battle is the first battle (from 1) the change turned another way, against Against,
	// 0 when none did; Without and With replay it without and with the change, Both side by
	// side.
	Battle              int
	Against             string
	Without, With, Both string
}
