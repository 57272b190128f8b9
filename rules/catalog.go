// Package rules holds Star Wars Miniatures Battles as data: the catalogue of troop types,
// weapons, armor, equipment, grenades, skills, Force powers, creatures, droids, artillery
// and off-board strikes, read from embedded JSON files (one per kind), each entry citing
// where in the rulebook it comes from.
//
// Everything here is specific to Miniatures Battles (system "swmb"); another game system
// gets its own package beside this one.
package rules

// Attr is one of the six attributes.
type Attr string

// The six attributes, in record-sheet order.
const (
	DEX Attr = "DEX"
	KNO Attr = "KNO"
	MEC Attr = "MEC"
	PER Attr = "PER"
	STR Attr = "STR"
	TEC Attr = "TEC"
)

// Attributes lists the attributes in record-sheet order.
var Attributes = []Attr{DEX, KNO, MEC, PER, STR, TEC}

// Quality is a squad's troop quality.
type Quality string

// The three qualities of Chapter Eight.
const (
	Average Quality = "average"
	Veteran Quality = "veteran"
	Elite   Quality = "elite"
)

// QualityCost is the SGP price of each quality (Chapter Eight, "Creating Your Forces").
var QualityCost = map[Quality]int{Average: 0, Veteran: 10, Elite: 20}

// Side is the side of the conflict an army or catalogue entry belongs to.
type Side string

// The sides of the Troop Lists.
const (
	Imperial Side = "imperial"
	Rebel    Side = "rebel"
	Neutral  Side = "neutral"
)

// Erratum records where the book prints a number that its own rules do not give.
type Erratum struct {
	Printed int    `json:"printed"`
	Why     string `json:"why"`
}

// Entry is what every catalogue entry has: its printed name, other names the book uses for
// it, and where in the book it comes from.
type Entry struct {
	Name    string   `json:"name"`
	Aliases []string `json:"aliases,omitempty"`
	Source  string   `json:"source"`
	Notes   string   `json:"notes,omitempty"`
}

// TrainingCap is one clause of a Troop List's "Skills" or "Specialists" line, such as
// "Level 2 — DEX, MEC, STR" or "Level 2 — melee combat, sneak, STR" or "Level 3 — any".
type TrainingCap struct {
	Level      int      `json:"level"`
	Any        bool     `json:"any,omitempty"`
	Attributes []Attr   `json:"attributes,omitempty"`
	Skills     []string `json:"skills,omitempty"`
}

// WeaponRule is a Troop List's "Weapons" line.
type WeaponRule struct {
	Any          bool     `json:"any,omitempty"`
	AnyBlaster   bool     `json:"any_blaster,omitempty"`
	HeavyWeapons bool     `json:"heavy_weapons,omitempty"`
	Names        []string `json:"names,omitempty"`
}

// ArmorRule is a Troop List's "Armor" line: "Any", "None", a named type, or a named type
// that comes free.
type ArmorRule struct {
	Any   bool     `json:"any,omitempty"`
	Names []string `json:"names,omitempty"`
	Free  string   `json:"free,omitempty"`
}

// Troop is a Troop List entry. Attributes are unarmored; troops who always wear armor name
// it in Armor.Free, and the book's parenthesised (armored) values follow from it.
type Troop struct {
	Entry      `yaml:",inline"`
	Side       Side          `json:"side"`
	Quality    Quality       `json:"quality"`
	SizeMin    int           `json:"size_min"` // 0: "Any"
	SizeMax    int           `json:"size_max"` // 0: "Any"
	Attributes map[Attr]int  `json:"attributes"`
	Move       int           `json:"move"`
	Training   []TrainingCap `json:"training"`
	Weapons    WeaponRule    `json:"weapons"`
	Armor      ArmorRule     `json:"armor"`
	// Commander is the "Commanders: Level N" cap; -1 means "None".
	Commander int `json:"commander"`
	// Specialists are the "Specialists" clauses; empty means "None".
	Specialists []TrainingCap `json:"specialists,omitempty"`
}

// Weapon is a Weapon Chart or Chapter Eleven weapon. Melee weapons have Damage as a bonus
// to STR (STRBonus true); ranged weapons have short, medium and long ranges in inches.
type Weapon struct {
	Entry         `yaml:",inline"`
	Class         string  `json:"class"` // blaster, heavy blaster, archaic, grenade, melee, advanced
	Skill         string  `json:"skill"`
	Damage        int     `json:"damage"`
	STRBonus      bool    `json:"str_bonus,omitempty"`
	Incidental    int     `json:"incidental_damage,omitempty"`
	Ranges        []int   `json:"ranges,omitempty"` // short, medium, long
	MinRange      int     `json:"min_range,omitempty"`
	Cost          int     `json:"cost"`
	PerItem       bool    `json:"per_item,omitempty"` // priced per item carried (grenades, torpedoes)
	FollowingFire bool    `json:"following_fire,omitempty"`
	Assembled     bool    `json:"assembled,omitempty"`
	Crew          bool    `json:"crew,omitempty"`
	BurstRadius   float64 `json:"burst_radius,omitempty"`
	Duration      int     `json:"duration,omitempty"` // turns a grenade's cloud lasts
	Effect        string  `json:"effect,omitempty"`
}

// Armor is an Armor Chart entry.
type Armor struct {
	Entry `yaml:",inline"`
	STR   int `json:"str"`
	DEX   int `json:"dex"` // negative: the DEX penalty
	Cost  int `json:"cost"`
}

// Equipment is a Chapter Eleven item that is neither weapon nor armor.
type Equipment struct {
	Entry   `yaml:",inline"`
	Cost    int    `json:"cost"`
	PerItem bool   `json:"per_item,omitempty"`
	DEX     int    `json:"dex,omitempty"` // environment and space suits: -1
	Skill   string `json:"skill,omitempty"`
	Effect  string `json:"effect"`
}

// Skill is a skill of the attribute and skill list; Kind says who may have it: soldier (on
// the Squad Record Sheet), hero (heroes' special skills), specialized (weapon skills such as
// flamethrower) or vehicle.
type Skill struct {
	Entry `yaml:",inline"`
	Attr  Attr   `json:"attr"`
	Kind  string `json:"kind"`
}

// ForcePower is a Force power of Chapter Twelve: the Force skills it is used with, the powers
// it requires, and the one side that may use it, where restricted.
type ForcePower struct {
	Entry    `yaml:",inline"`
	Skills   []string `json:"skills"`
	Requires []string `json:"requires,omitempty"`
	Side     Side     `json:"side,omitempty"`
}

// AttackForm is one of a creature's attacks and its Damage Strength.
type AttackForm struct {
	Name   string `json:"name"`
	Damage int    `json:"damage"`
}

// Creature is a Creature Chart entry. Orneriness 0 means none ("–"): it cannot be ridden.
type Creature struct {
	Entry        `yaml:",inline"`
	DEX          int          `json:"dex"`
	STR          int          `json:"str"`
	ArmoredSTR   int          `json:"armored_str,omitempty"` // the rancor's armored skin
	PER          int          `json:"per"`
	Move         int          `json:"move"`
	NightMove    int          `json:"night_move,omitempty"`
	MovementRate int          `json:"movement_rate"` // as printed
	Orneriness   int          `json:"orneriness"`
	Attacks      []AttackForm `json:"attacks"`
	Cost         int          `json:"cost"` // the chart's printed SGPs
	Erratum      *Erratum     `json:"erratum,omitempty"`
}

// Droid is a Droid Chart entry; Cost is the chart's SGPs, which exclude weapons.
type Droid struct {
	Entry        `yaml:",inline"`
	Attributes   map[Attr]int   `json:"attributes"`
	Move         int            `json:"move"`
	MovementRate int            `json:"movement_rate"` // as printed
	Skills       map[string]int `json:"skills"`
	Cost         int            `json:"cost"`
	Erratum      *Erratum       `json:"erratum,omitempty"`
}

// Artillery is an on-board artillery piece of Chapter Eleven; its crew is a squad.
type Artillery struct {
	Entry        `yaml:",inline"`
	Skill        string  `json:"skill"`
	Crew         int     `json:"crew"`
	BodyStrength int     `json:"body_strength"`
	BodyPoints   int     `json:"body_points"`
	MinRange     int     `json:"min_range"`
	FireRate     string  `json:"fire_rate"`
	FireControl  int     `json:"fire_control"`
	BlastRadius  float64 `json:"blast_radius"`
	Damage       int     `json:"damage"`
	Cost         int     `json:"cost"`
}

// Strike is an off-board strike (Chapter Eleven, "Off-Board Artillery"), priced by side.
type Strike struct {
	Entry  `yaml:",inline"`
	Damage int          `json:"damage"`
	Radius float64      `json:"radius"`
	Cost   map[Side]int `json:"cost"`
}

// ClampSize keeps a squad of n soldiers within the Troop List's sizes (0: any), and at one
// soldier at least.
func (t *Troop) ClampSize(n int) int {
	if t.SizeMin > 0 && n < t.SizeMin {
		n = t.SizeMin
	}
	if t.SizeMax > 0 && n > t.SizeMax {
		n = t.SizeMax
	}
	return max(n, 1)
}
