package views

// WhatIfView is a matchup's "What to change" page: the form, and once played the ranked
// changes.
type WhatIfView struct {
	SimID    string
	Side     string // "a" or "b": the army changed
	Sides    []Choice
	Army     string // the army changed, by name
	Opponent string
	Scenario string
	// Battles and Variants (the most changes to play) are as typed: a refused form shows
	// them again as they were.
	Battles, Variants string
	Error             string
	// Played is set once the what-if has run.
	Played *WhatIfResult
}

// WhatIfResult is a what-if's answer, in the page's words.
type WhatIfResult struct {
	Battles      int
	Seed         string
	Limit, Total int
	LimitNote    string // why the limit is what it is, when the army has none of its own
	Base         string // "scores 41.0% (95%: 34.4% to 47.9%) and wins 38.0% of its 200 battles"
	Rows         []WhatIfRow
	Legal        bool // false: the army breaks its rules, and every change makes it legal
	Looks        int  // how many times the battles were looked at
	// VersionNote says the army changed is a newer version than the matchup played.
	VersionNote string
}

// WhatIfRow is one change, ranked.
type WhatIfRow struct {
	Change string
	Total  int
	Wins   string // the variant's own win rate and interval
	Delta  string // the change in words (whatif.Words)
	Better bool   // the interval is above no change
	Worse  bool   // the interval is below no change
	// Effects say what changed in the battles; Settled that it stopped early, and when.
	Effects   []string
	Settled   string
	Legalizes bool
	// Battle is the first battle (from 1) the change turned another way, 0 when none did;
	// Without and With replay it without and with the change; Both shows the two side by
	// side.
	Battle              int
	Without, With, Both string
}
