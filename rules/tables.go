package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"sync"
)

// The Reference Sheet charts live in one embedded file, apart from the catalogue, because
// the battle engine rolls against them on every shot and test while the army builder never
// needs them.
const tablesFile = "data/tables.json"

// Tables holds every Reference Sheet chart the battle engine resolves dice against. Build it
// with LoadTables (or use DefaultTables); it is read-only afterwards and safe to share.
type Tables struct {
	FireCombat       FireCombatChart  `json:"fire_combat"`
	CloseAssault     ModifierChart    `json:"close_assault"`
	Damage           OpposedTable     `json:"damage"`
	DroidDamage      OpposedTable     `json:"droid_damage"`
	SystemDamage     DieTable         `json:"system_damage"`
	Morale           MoraleTables     `json:"morale"`
	Rally            ThreatTest       `json:"rally"`
	OpportunityFire  ThreatTest       `json:"opportunity_fire"`
	Terrain          TerrainChart     `json:"terrain"`
	GrenadeScatter   GrenadeScatter   `json:"grenade_scatter"`
	CloudDissipation DieTable         `json:"cloud_dissipation"`
	ArtilleryStrike  ArtilleryTable   `json:"artillery_strike"`
	Jumping          JumpingCharts    `json:"jumping"`
	Obstructions     ObstructionChart `json:"obstructions"`
	Movement         MovementRates    `json:"movement"`
	ForcePoints      DieTable         `json:"force_points"`
}

// RangeBand is a weapon range band; base difficulty and grenade deviation both key on it.
type RangeBand string

// The three range bands of the Weapon Chart.
const (
	RangeShort  RangeBand = "short"
	RangeMedium RangeBand = "medium"
	RangeLong   RangeBand = "long"
)

// Modifier is one line of a modifier chart. ID is a stable key for the engine, so that the
// printed wording (kept in Condition) can follow the book without breaking callers.
type Modifier struct {
	ID        string `json:"id"`
	Condition string `json:"condition"` // as printed, without the Advanced Game brackets
	Value     int    `json:"value"`
	// Advanced marks the Reference Sheet's bracketed Advanced Game lines, which a Basic
	// Game must leave out.
	Advanced bool `json:"advanced,omitempty"`
	// Per names what Value is multiplied by ("casualty", "additional soldier", ...); empty
	// means the modifier applies once.
	Per string `json:"per,omitempty"`
	// Variant is the other printing's wording where the Reference Sheet and the chapter
	// disagree; the engine follows Condition.
	Variant string `json:"variant,omitempty"`
	Note    string `json:"note,omitempty"`
	Source  string `json:"source,omitempty"` // where the line comes from, when not the chart's own source
}

// Modifiers is a chart's lines in printed order.
type Modifiers []Modifier

// Find returns the modifier with the given ID.
func (ms Modifiers) Find(id string) (Modifier, bool) {
	for _, m := range ms {
		if m.ID == id {
			return m, true
		}
	}
	return Modifier{}, false
}

// ModifierChart is a chart that is nothing but modifiers, such as Close Assault Combat
// Modifiers.
type ModifierChart struct {
	Source    string    `json:"source"`
	Modifiers Modifiers `json:"modifiers"`
}

// RangeDifficulty is a Fire Combat Chart row.
type RangeDifficulty struct {
	Range      RangeBand `json:"range"`
	Difficulty int       `json:"difficulty"`
}

// FireCombatChart is the Fire Combat Chart and the Fire Combat Modifiers beneath it.
type FireCombatChart struct {
	Source         string            `json:"source"`
	BaseDifficulty []RangeDifficulty `json:"base_difficulty"`
	Target         Modifiers         `json:"target"`
	Firer          Modifiers         `json:"firer"`
}

// Base returns the base difficulty of a shot in the given band.
func (c FireCombatChart) Base(band RangeBand) (int, bool) {
	for _, r := range c.BaseDifficulty {
		if r.Range == band {
			return r.Difficulty, true
		}
	}
	return 0, false
}

// Effect keys of opposed-roll and die-table results, so the engine need not parse the
// book's wording.
const (
	EffectNoEffect      = "no_effect"
	EffectWound         = "wound"
	EffectIncapacitated = "incapacitated"
	EffectSystemDamage  = "system_damage"
	EffectMoraleUp      = "morale_up"
	EffectMoraleDown    = "morale_down"
	EffectWithdraw      = "withdraw"
	EffectCanFire       = "can_fire"
	EffectCannotFire    = "cannot_fire"
)

// Outcome is one row of a table that compares two rolls. The book prints each row as a
// relation such as "DS ≥ SR + 4" or "TR+4 ≤ CR"; every such relation is the margin
// (left roll minus right roll) compared with a constant, which is what Op and Offset hold.
// Printed keeps the book's text so a row can be checked against the page.
type Outcome struct {
	Printed string `json:"printed"`
	Op      string `json:"op"`     // "<", "<=", ">" or ">="
	Offset  int    `json:"offset"` // the row holds when (left - right) Op Offset
	Result  string `json:"result"` // as printed
	Effect  string `json:"effect"`
	Morale  int    `json:"morale,omitempty"` // change to the squad's morale level
	Rolls   int    `json:"rolls,omitempty"`  // rolls on the System Damage Table
	// Withdraw: the squad withdraws 4" (Morale -2; Withdraw).
	Withdraw bool `json:"withdraw,omitempty"`
}

// holds reports whether the row's relation is true for a margin.
func (o Outcome) holds(margin int) bool {
	switch o.Op {
	case "<":
		return margin < o.Offset
	case "<=":
		return margin <= o.Offset
	case ">":
		return margin > o.Offset
	case ">=":
		return margin >= o.Offset
	}
	return false
}

// bound turns the relation into an inclusive bound, and says whether it bounds from above.
func (o Outcome) bound() (b int, upper bool) {
	switch o.Op {
	case "<":
		return o.Offset - 1, true
	case "<=":
		return o.Offset, true
	case ">":
		return o.Offset + 1, false
	default:
		return o.Offset, false
	}
}

// OpposedTable is a table read by comparing two rolls: the Damage Table, the morale, rally
// and opportunity fire results. Its printed rows overlap ("DS ≥ SR" also holds when
// "DS ≥ SR + 4" does); the book means the narrowest row that holds, which Resolve picks.
type OpposedTable struct {
	Source string    `json:"source"`
	Left   string    `json:"left"`  // the printed abbreviation and its key, e.g. "DS = Weapon's Damage Strength Roll"
	Right  string    `json:"right"` // e.g. "SR = Target's Strength Roll"
	Rows   []Outcome `json:"rows"`
	Note   string    `json:"note,omitempty"`
}

// Resolve returns the row for a left roll against a right roll. LoadTables checks that every
// margin resolves to exactly one row, so the zero Outcome is never returned for a loaded table.
func (t OpposedTable) Resolve(left, right int) Outcome {
	o, _ := t.resolve(left - right)
	return o
}

// resolve picks the narrowest row that holds; ok is false when none holds or when rows
// bounding from above and from below both hold (the table would be ambiguous).
func (t OpposedTable) resolve(margin int) (Outcome, bool) {
	best, found, upperSeen, lowerSeen := -1, false, false, false
	bestBound := 0
	for i, r := range t.Rows {
		if !r.holds(margin) {
			continue
		}
		b, upper := r.bound()
		if upper {
			upperSeen = true
		} else {
			lowerSeen = true
		}
		if !found || (upper && b < bestBound) || (!upper && b > bestBound) {
			best, bestBound, found = i, b, true
		}
	}
	if !found || (upperSeen && lowerSeen) {
		return Outcome{}, false
	}
	return t.Rows[best], true
}

// DieRange is one row of a table read by a die roll: Min to Max inclusive. Max 0 means no
// upper bound (the book's "7+").
type DieRange struct {
	Min    int    `json:"min"`
	Max    int    `json:"max"`
	Result string `json:"result"` // as printed
	Effect string `json:"effect"` // stable key
	// Value is the row's number, where it has one: Force Points gained, turns of delay,
	// inches of drift.
	Value int `json:"value,omitempty"`
	// Rollover: roll again and add (the Force Points Table's "3 plus rollover").
	Rollover bool   `json:"rollover,omitempty"`
	Variant  string `json:"variant,omitempty"` // the other printing's wording, where it differs
	Note     string `json:"note,omitempty"`
}

// Contains reports whether a roll falls in the range.
func (r DieRange) Contains(roll int) bool {
	return roll >= r.Min && (r.Max == 0 || roll <= r.Max)
}

// DieTable is a table read by a roll: System Damage, Cloud Dissipation, Force Points,
// Artillery Strike Resolution.
type DieTable struct {
	Source string     `json:"source"`
	Roll   string     `json:"roll"` // what is rolled, e.g. "1D" or "command roll"
	Rows   []DieRange `json:"rows"`
	Note   string     `json:"note,omitempty"`
}

// Lookup returns the row a roll falls in; false where the book prints no row for it.
func (t DieTable) Lookup(roll int) (DieRange, bool) {
	for _, r := range t.Rows {
		if r.Contains(roll) {
			return r, true
		}
	}
	return DieRange{}, false
}

// ThreatLevel is a Morale Test Chart row.
type ThreatLevel struct {
	Test   string `json:"test"` // as printed: "Casualty", "Charging", "Receiving a Charge"
	ID     string `json:"id"`
	Threat int    `json:"threat"`
}

// MoraleStatus is a band of morale levels and what it costs the squad. Levels run from Min
// to Max inclusive; Max 0 with Min above 0 means no upper bound ("4 or Higher").
type MoraleStatus struct {
	Status string `json:"status"` // steady, shaken, demoralized, broken
	Min    int    `json:"min"`
	Max    int    `json:"max"`
	// FireModifier is added to the difficulty of blaster, blaster artillery and grenade tests.
	FireModifier int `json:"fire_modifier,omitempty"`
	// CloseAssaultModifier is added to melee combat and brawling rolls.
	CloseAssaultModifier int `json:"close_assault_modifier,omitempty"`
	// ThreatModifier is added to the threat level of later morale tests.
	ThreatModifier    int    `json:"threat_modifier,omitempty"`
	CannotAdvance     bool   `json:"cannot_advance,omitempty"`
	NoOpportunityFire bool   `json:"no_opportunity_fire,omitempty"`
	NoCharge          bool   `json:"no_charge,omitempty"`
	Routs             bool   `json:"routs,omitempty"`
	Effect            string `json:"effect"` // the Reference Sheet's Morale Status text
}

// StartingMoraleLevel is a quality's morale level at the start of a game.
type StartingMoraleLevel struct {
	Quality Quality `json:"quality"`
	Level   int     `json:"level"`
}

// MoraleTables are Chapter Five's charts: threat levels, their modifiers, the results, and
// the statuses a level falls into.
type MoraleTables struct {
	Source          string                `json:"source"`
	Tests           []ThreatLevel         `json:"tests"`
	Standard        Modifiers             `json:"standard_modifiers"`
	Charge          Modifiers             `json:"charge_modifiers"`
	ReceivingCharge Modifiers             `json:"receiving_charge_modifiers"`
	Results         OpposedTable          `json:"results"`
	Statuses        []MoraleStatus        `json:"statuses"`
	Starting        []StartingMoraleLevel `json:"starting_levels"`
	StatusSource    string                `json:"status_source"`
}

// Threat returns the base threat level of a morale test by its ID (casualty, charging,
// receiving_charge).
func (m MoraleTables) Threat(id string) (int, bool) {
	for _, t := range m.Tests {
		if t.ID == id {
			return t.Threat, true
		}
	}
	return 0, false
}

// Status returns the status a morale level falls into.
func (m MoraleTables) Status(level int) (MoraleStatus, bool) {
	for _, s := range m.Statuses {
		if level >= s.Min && ((s.Max == 0 && s.Min > 0) || level <= s.Max) {
			return s, true
		}
	}
	return MoraleStatus{}, false
}

// StartingLevel returns the morale level a squad of the given quality starts at.
func (m MoraleTables) StartingLevel(q Quality) (int, bool) {
	for _, s := range m.Starting {
		if s.Quality == q {
			return s.Level, true
		}
	}
	return 0, false
}

// ThreatTest is a command roll against a threat level that is not a morale test proper:
// the Rally Test and the Opportunity Fire Test.
type ThreatTest struct {
	Source    string       `json:"source"`
	Threat    int          `json:"threat"`
	Modifiers Modifiers    `json:"modifiers"`
	Results   OpposedTable `json:"results"`
}

// The ways terrain limits line of sight (the chart's LOS column).
const (
	LOSNoEffect = "none"       // "NE"
	LOSLimit    = "limit"      // a soldier sees LOSInches into or through it
	LOSBeyond   = "beyond"     // LOSInches beyond the door or window, unless the firer is adjacent
	LOSUpToWall = "up_to_wall" // blocked at the wall
	LOSAsWoods  = "as_woods"   // swamp: as the light, medium or heavy woods its foliage matches
)

// TerrainEffect is a Terrain Effects Chart row: a terrain type (an area) or a barrier type
// (a line). The printed cells are kept beside the numbers the engine uses.
type TerrainEffect struct {
	Name string `json:"name"` // as printed
	Kind string `json:"kind"` // "terrain" or "barrier"
	// Class is Chapter Two's movement class: clear, rough or very rough for terrain (very
	// rough: no running, and impassable to droids without repulsorlifts); moderate or
	// difficult for barriers (difficult: droids cannot cross; heroes jump it at 6).
	Class    string `json:"class"`
	Movement string `json:"movement"` // as printed: "NE", "2x cost", "4\""
	// MoveMultiplier is what each inch of terrain costs (1 for NE); 0 for barriers.
	MoveMultiplier int `json:"move_multiplier,omitempty"`
	// CrossCost is the inches of movement a barrier costs to cross; 0 for terrain.
	CrossCost    int    `json:"cross_cost,omitempty"`
	Fire         string `json:"fire"` // as printed: "NE", "+2", "*"
	FireModifier int    `json:"fire_modifier"`
	LOS          string `json:"los"` // as printed: "NE", "8\"", "1\" beyond", "up to wall", "*"
	LOSRule      string `json:"los_rule"`
	LOSInches    int    `json:"los_inches,omitempty"`
	Note         string `json:"note,omitempty"`
}

// TerrainChart is the Terrain Effects Chart, terrain types then barrier types.
type TerrainChart struct {
	Source string          `json:"source"`
	Rows   []TerrainEffect `json:"rows"`
	Note   string          `json:"note,omitempty"`
}

// Find returns the row for a terrain or barrier type by its printed name.
func (c TerrainChart) Find(name string) (TerrainEffect, bool) {
	for _, r := range c.Rows {
		if r.Name == name {
			return r, true
		}
	}
	return TerrainEffect{}, false
}

// Deviation is a grenade scatter row: the deviation is Dice dice times Multiplier divided
// by Divisor, fractions rounded up (the book's "1D/2", "1Dx2").
type Deviation struct {
	Range      RangeBand `json:"range"`
	Printed    string    `json:"printed"` // "1-3 inches (1D/2)"
	Dice       int       `json:"dice"`
	Multiplier int       `json:"multiplier"`
	Divisor    int       `json:"divisor"`
	MinInches  int       `json:"min_inches"`
	MaxInches  int       `json:"max_inches"`
}

// Inches returns the deviation for a total rolled on the row's dice.
func (d Deviation) Inches(total int) int {
	n := total * d.Multiplier
	return (n + d.Divisor - 1) / d.Divisor
}

// ScatterChart is one of the two Grenade Scatter Charts.
type ScatterChart struct {
	Source string      `json:"source"`
	Rows   []Deviation `json:"rows"`
	// MaxFractionOfDistance caps the deviation at that fraction of the distance to the
	// target (launched grenades: one half); 0 means no cap.
	MaxFractionOfDistance float64 `json:"max_fraction_of_distance,omitempty"`
	Note                  string  `json:"note,omitempty"`
}

// Row returns the deviation for a range band.
func (c ScatterChart) Row(band RangeBand) (Deviation, bool) {
	for _, d := range c.Rows {
		if d.Range == band {
			return d, true
		}
	}
	return Deviation{}, false
}

// GrenadeScatter holds the thrown and launched Grenade Scatter Charts.
type GrenadeScatter struct {
	Thrown   ScatterChart `json:"thrown"`
	Launched ScatterChart `json:"launched"`
}

// Bombardment is an off-board strike's effect once it lands.
type Bombardment struct {
	Kind           string  `json:"kind"` // "light" or "heavy"
	Damage         int     `json:"damage"`
	TemplateRadius float64 `json:"template_radius"` // inches
	// DeviationMultiplier times the deviation roll gives the inches a strike deviates.
	DeviationMultiplier int `json:"deviation_multiplier"`
}

// ArtilleryTable is the Artillery Strike Resolution Table with the delay roll it calls for,
// and how a strike that occurs lands.
type ArtilleryTable struct {
	Source     string   `json:"source"`
	Resolution DieTable `json:"resolution"`
	Delay      DieTable `json:"delay"`
	// OnTargetMax is the highest deviation roll on which a strike lands where placed
	// ("On a roll of 1-2, it hits exactly where placed").
	OnTargetMax int `json:"on_target_max"`
	// DeviationRollover: a 6 on the deviation roll is rerolled and added, as long as sixes come.
	DeviationRollover bool          `json:"deviation_rollover"`
	Bombardments      []Bombardment `json:"bombardments"`
}

// Bombardment returns the light or heavy bombardment.
func (a ArtilleryTable) Bombardment(kind string) (Bombardment, bool) {
	for _, b := range a.Bombardments {
		if b.Kind == kind {
			return b, true
		}
	}
	return Bombardment{}, false
}

// JumpBarrier is a Jumping Barriers chart row.
type JumpBarrier struct {
	Barrier    string `json:"barrier"` // "Moderate" or "Difficult"
	Difficulty int    `json:"difficulty"`
	Cost       int    `json:"cost"` // inches of movement
}

// JumpDistance is a Jumping Distance chart row.
type JumpDistance struct {
	Inches     int `json:"inches"`
	Difficulty int `json:"difficulty"`
}

// JumpingCharts are the heroes' climbing/jumping charts.
type JumpingCharts struct {
	Source   string         `json:"source"`
	Barriers []JumpBarrier  `json:"barriers"`
	Distance []JumpDistance `json:"distance"`
	// JumpCost is what any jump across a pit costs, whatever its length.
	JumpCost int    `json:"jump_cost"`
	Note     string `json:"note,omitempty"`
}

// Obstruction is an Obstructions Strength and Security Ratings Chart row. Security 0 is the
// book's "-": walls have no lock.
type Obstruction struct {
	Name     string `json:"name"`
	Strength int    `json:"strength"`
	Security int    `json:"security,omitempty"`
}

// ObstructionChart is the Obstructions Strength and Security Ratings Chart.
type ObstructionChart struct {
	Source string        `json:"source"`
	Rows   []Obstruction `json:"rows"`
}

// MovementMode is a Movement Rates chart row: a way of moving and what it does to fire.
type MovementMode struct {
	Mode    string `json:"mode"`    // "Walk", "Run"
	Formula string `json:"formula"` // "Move/2 + DEX": a note; rates are not rounded
	Fire    string `json:"fire"`    // as printed: "Fire +1", "No Fire"
	// FireModifier is added to the squad's fire difficulty; meaningless when NoFire.
	FireModifier int    `json:"fire_modifier,omitempty"`
	NoFire       bool   `json:"no_fire,omitempty"`
	Facing       string `json:"facing"` // as printed
}

// MovementRates is the Reference Sheets' Movement Rates chart.
type MovementRates struct {
	Source string         `json:"source"`
	Modes  []MovementMode `json:"modes"`
	// ProneCrawl is how far a soldier who starts the Movement Phase prone may crawl instead
	// of standing; StandUpCost is what standing up takes from his Movement Rate.
	ProneCrawl  int    `json:"prone_crawl"`
	StandUpCost int    `json:"stand_up_cost"`
	Note        string `json:"note,omitempty"`
}

// Mode returns a movement mode by its printed name.
func (m MovementRates) Mode(name string) (MovementMode, bool) {
	for _, x := range m.Modes {
		if x.Mode == name {
			return x, true
		}
	}
	return MovementMode{}, false
}

// LoadTables parses the embedded Reference Sheet tables and checks that they can be rolled
// against: every table cites its source, no die roll falls in two rows, and every margin of
// an opposed roll resolves to exactly one row.
func LoadTables() (*Tables, error) {
	b, err := fs.ReadFile(dataFS, tablesFile)
	if err != nil {
		return nil, fmt.Errorf("rules: unable to read %s: %w", tablesFile, err)
	}
	return parseTables(b)
}

// parseTables is LoadTables without the file, so tests can feed it damaged copies.
func parseTables(b []byte) (*Tables, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var t Tables
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("rules: unable to parse %s: %w", tablesFile, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("rules: %s: data after the tables object", tablesFile)
	}
	if err := t.check(); err != nil {
		return nil, fmt.Errorf("rules: %s: %w", tablesFile, err)
	}
	return &t, nil
}

var defaultTables = sync.OnceValues(LoadTables)

// DefaultTables returns the embedded tables, parsed once. The data is compiled in, so an
// error here is a defect caught by the package's tests.
func DefaultTables() *Tables {
	t, err := defaultTables()
	if err != nil {
		panic(err)
	}
	return t
}

// check is what LoadTables promises; a mistyped JSON file fails here rather than in a battle.
func (t *Tables) check() error {
	sources := []struct{ name, source string }{
		{"fire_combat", t.FireCombat.Source},
		{"close_assault", t.CloseAssault.Source},
		{"damage", t.Damage.Source},
		{"droid_damage", t.DroidDamage.Source},
		{"system_damage", t.SystemDamage.Source},
		{"morale", t.Morale.Source},
		{"morale.results", t.Morale.Results.Source},
		{"morale.status_source", t.Morale.StatusSource},
		{"rally", t.Rally.Source},
		{"rally.results", t.Rally.Results.Source},
		{"opportunity_fire", t.OpportunityFire.Source},
		{"opportunity_fire.results", t.OpportunityFire.Results.Source},
		{"terrain", t.Terrain.Source},
		{"grenade_scatter.thrown", t.GrenadeScatter.Thrown.Source},
		{"grenade_scatter.launched", t.GrenadeScatter.Launched.Source},
		{"cloud_dissipation", t.CloudDissipation.Source},
		{"artillery_strike", t.ArtilleryStrike.Source},
		{"artillery_strike.resolution", t.ArtilleryStrike.Resolution.Source},
		{"artillery_strike.delay", t.ArtilleryStrike.Delay.Source},
		{"jumping", t.Jumping.Source},
		{"obstructions", t.Obstructions.Source},
		{"movement", t.Movement.Source},
		{"force_points", t.ForcePoints.Source},
	}
	for _, s := range sources {
		if s.source == "" {
			return fmt.Errorf("%s does not cite its source", s.name)
		}
	}
	if len(t.FireCombat.BaseDifficulty) == 0 {
		return fmt.Errorf("fire_combat has no base difficulties")
	}
	for _, c := range []struct {
		name string
		ms   Modifiers
	}{
		{"fire_combat.target", t.FireCombat.Target},
		{"fire_combat.firer", t.FireCombat.Firer},
		{"close_assault", t.CloseAssault.Modifiers},
		{"morale.standard_modifiers", t.Morale.Standard},
		{"morale.charge_modifiers", t.Morale.Charge},
		{"morale.receiving_charge_modifiers", t.Morale.ReceivingCharge},
		{"rally.modifiers", t.Rally.Modifiers},
		{"opportunity_fire.modifiers", t.OpportunityFire.Modifiers},
	} {
		if err := c.ms.check(); err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
	}
	for _, c := range []struct {
		name string
		o    OpposedTable
	}{
		{"damage", t.Damage},
		{"droid_damage", t.DroidDamage},
		{"morale.results", t.Morale.Results},
		{"rally.results", t.Rally.Results},
		{"opportunity_fire.results", t.OpportunityFire.Results},
	} {
		if err := c.o.check(); err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
	}
	for _, c := range []struct {
		name string
		d    DieTable
	}{
		{"system_damage", t.SystemDamage},
		{"cloud_dissipation", t.CloudDissipation},
		{"force_points", t.ForcePoints},
		{"artillery_strike.resolution", t.ArtilleryStrike.Resolution},
		{"artillery_strike.delay", t.ArtilleryStrike.Delay},
	} {
		if err := c.d.check(); err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
	}
	seen := map[string]bool{}
	for _, r := range t.Terrain.Rows {
		if seen[r.Name] {
			return fmt.Errorf("terrain %q is listed twice", r.Name)
		}
		seen[r.Name] = true
		switch r.LOSRule {
		case LOSNoEffect, LOSLimit, LOSBeyond, LOSUpToWall, LOSAsWoods:
		default:
			return fmt.Errorf("terrain %q: unknown LOS rule %q", r.Name, r.LOSRule)
		}
		if (r.Kind == "terrain" && r.MoveMultiplier < 1) || (r.Kind == "barrier" && r.CrossCost < 1) ||
			(r.Kind != "terrain" && r.Kind != "barrier") {
			return fmt.Errorf("terrain %q: kind %q without its movement cost", r.Name, r.Kind)
		}
	}
	for _, s := range []ScatterChart{t.GrenadeScatter.Thrown, t.GrenadeScatter.Launched} {
		for _, d := range s.Rows {
			if d.Dice < 1 || d.Multiplier < 1 || d.Divisor < 1 {
				return fmt.Errorf("grenade scatter %s: dice, multiplier and divisor must be positive", d.Range)
			}
		}
	}
	levels := map[int]bool{}
	for _, s := range t.Morale.Statuses {
		hi := s.Max
		if hi == 0 && s.Min > 0 {
			hi = s.Min + 20 // well past any starting level
		}
		for l := s.Min; l <= hi; l++ {
			if levels[l] {
				return fmt.Errorf("morale level %d falls in two statuses", l)
			}
			levels[l] = true
		}
	}
	return nil
}

func (ms Modifiers) check() error {
	seen := map[string]bool{}
	for _, m := range ms {
		if m.ID == "" || m.Condition == "" || m.Value == 0 {
			return fmt.Errorf("modifier %q needs an id, a condition and a value", m.Condition)
		}
		if seen[m.ID] {
			return fmt.Errorf("modifier %q is listed twice", m.ID)
		}
		seen[m.ID] = true
	}
	return nil
}

// check walks margins well past any roll a squad makes in a game.
func (t OpposedTable) check() error {
	if len(t.Rows) == 0 {
		return fmt.Errorf("no rows")
	}
	for _, r := range t.Rows {
		switch r.Op {
		case "<", "<=", ">", ">=":
		default:
			return fmt.Errorf("row %q: unknown op %q", r.Printed, r.Op)
		}
		switch r.Effect {
		case EffectNoEffect, EffectWound, EffectIncapacitated, EffectSystemDamage, EffectMoraleUp,
			EffectMoraleDown, EffectWithdraw, EffectCanFire, EffectCannotFire:
		default:
			return fmt.Errorf("row %q: unknown effect %q", r.Printed, r.Effect)
		}
	}
	for m := -40; m <= 40; m++ {
		if _, ok := t.resolve(m); !ok {
			return fmt.Errorf("a margin of %d matches no single row", m)
		}
	}
	return nil
}

func (t DieTable) check() error {
	if len(t.Rows) == 0 {
		return fmt.Errorf("no rows")
	}
	for i, r := range t.Rows {
		if r.Effect == "" || r.Max != 0 && r.Max < r.Min {
			return fmt.Errorf("row %q: needs an effect and min <= max", r.Result)
		}
		for _, q := range t.Rows[i+1:] {
			if r.overlaps(q) {
				return fmt.Errorf("rows %q and %q overlap", r.Result, q.Result)
			}
		}
	}
	return nil
}

func (r DieRange) overlaps(q DieRange) bool {
	return (r.Max == 0 || q.Min <= r.Max) && (q.Max == 0 || r.Min <= q.Max)
}
