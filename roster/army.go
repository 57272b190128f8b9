// Package roster is the army model and the army file format (format 1) of
// ../shared/spec/army-file.md: one army per file, YAML or JSON.
package roster

import "muster/rules"

// The unit kinds of format 1.
const (
	KindSquad        = "squad"
	KindHero         = "hero"
	KindDroid        = "droid"
	KindCreature     = "creature"
	KindArtillery    = "artillery"
	KindStrike       = "strike"
	KindRemoteWeapon = "remote weapon"
)

// Kinds lists the unit kinds in the order the editor offers them.
var Kinds = []string{KindSquad, KindHero, KindDroid, KindCreature, KindArtillery, KindStrike, KindRemoteWeapon}

// Army is one army file.
type Army struct {
	Format int        `yaml:"format" json:"format"`
	System string     `yaml:"system,omitempty" json:"system,omitempty"`
	Name   string     `yaml:"name" json:"name"`
	Side   rules.Side `yaml:"side" json:"side"`
	Limit  int        `yaml:"limit,omitempty" json:"limit,omitempty"`
	// Limits are a gamemaster's force limits for this army's side (see Limits).
	Limits *Limits `yaml:"limits,omitempty" json:"limits,omitempty"`
	// Rules are the player's house rules: a severity per rule id (see Dials).
	Rules Dials `yaml:"rules,omitempty" json:"rules,omitempty"`
	// Catalog declares custom troop types, droids and creatures (from the roleplaying game
	// or a house rule) in the shape of the built-in catalogue's data files.
	Catalog *rules.Custom `yaml:"catalog,omitempty" json:"catalog,omitempty"`
	Units   []Unit        `yaml:"units" json:"units"`
}

// Skills maps a skill name, as written in the file, to its code.
type Skills map[string]int

// Unit is one entry of an army's units. Which fields apply depends on Kind; the others
// stay empty.
type Unit struct {
	Kind string `yaml:"kind" json:"kind"`
	Name string `yaml:"name,omitempty" json:"name,omitempty"`

	// Squads.
	Troop       string             `yaml:"troop,omitempty" json:"troop,omitempty"`
	Quality     rules.Quality      `yaml:"quality,omitempty" json:"quality,omitempty"`
	Size        int                `yaml:"size,omitempty" json:"size,omitempty"`
	Commander   *Commander         `yaml:"commander,omitempty" json:"commander,omitempty"`
	Specialists []Specialist       `yaml:"specialists,omitempty" json:"specialists,omitempty"`
	Mounts      *Mounts            `yaml:"mounts,omitempty" json:"mounts,omitempty"`
	Attributes  map[rules.Attr]int `yaml:"attributes,omitempty" json:"attributes,omitempty"`

	// Heroes (and squads' and droids' skills, weapons, armor and equipment).
	Origin    string `yaml:"origin,omitempty" json:"origin,omitempty"`
	Move      int    `yaml:"move,omitempty" json:"move,omitempty"`
	Skills    Skills `yaml:"skills,omitempty" json:"skills,omitempty"`
	Weapons   []Item `yaml:"weapons,omitempty" json:"weapons,omitempty"`
	Armor     Armor  `yaml:"armor,omitempty" json:"armor,omitempty"`
	Equipment []Item `yaml:"equipment,omitempty" json:"equipment,omitempty"`
	Force     *Force `yaml:"force,omitempty" json:"force,omitempty"`

	// Droids.
	Droid        string `yaml:"droid,omitempty" json:"droid,omitempty"`
	Repulsorlift bool   `yaml:"repulsorlift,omitempty" json:"repulsorlift,omitempty"`
	SelfDestruct bool   `yaml:"self_destruct,omitempty" json:"self_destruct,omitempty"`

	// Creatures, artillery, strikes and remote weapons.
	Creature  string `yaml:"creature,omitempty" json:"creature,omitempty"`
	Count     int    `yaml:"count,omitempty" json:"count,omitempty"`
	Artillery string `yaml:"artillery,omitempty" json:"artillery,omitempty"`
	Strike    string `yaml:"strike,omitempty" json:"strike,omitempty"`
	Weapon    string `yaml:"weapon,omitempty" json:"weapon,omitempty"`

	// Printed is the total the rulebook prints for this unit, where it comes from one of the
	// book's worked examples or forces: the breakdown shows it beside the cost by the rules.
	Printed *Printed `yaml:"printed,omitempty" json:"printed,omitempty"`
}

// Printed is a unit's total as the book prints it, where, and why it differs.
type Printed struct {
	SGP    int    `yaml:"sgp" json:"sgp"`
	Source string `yaml:"source,omitempty" json:"source,omitempty"`
	Why    string `yaml:"why,omitempty" json:"why,omitempty"`
}

// Commander is a squad's commander: his command training beyond the squad's.
type Commander struct {
	Skills Skills `yaml:"skills,omitempty" json:"skills,omitempty"`
}

// Specialist is one of a squad's (at most two) specialists: his training beyond the squad's
// and the weapons he carries besides the squad's.
type Specialist struct {
	Skills  Skills `yaml:"skills,omitempty" json:"skills,omitempty"`
	Weapons []Item `yaml:"weapons,omitempty" json:"weapons,omitempty"`
}

// Mounts makes a squad mounted: the creatures ridden and how many.
type Mounts struct {
	Creature string `yaml:"creature" json:"creature"`
	Count    int    `yaml:"count" json:"count"`
}

// Force is a hero's Force section.
type Force struct {
	Skills     Skills   `yaml:"skills,omitempty" json:"skills,omitempty"`
	Powers     []string `yaml:"powers,omitempty" json:"powers,omitempty"`
	PointRolls int      `yaml:"point_rolls,omitempty" json:"point_rolls,omitempty"`
	Points     int      `yaml:"points,omitempty" json:"points,omitempty"`
}

// Item is a weapon or piece of equipment, written either as a bare name or as
// {name, count, turret}. Count 0 means one.
type Item struct {
	Name   string `yaml:"name" json:"name"`
	Count  int    `yaml:"count,omitempty" json:"count,omitempty"`
	Turret bool   `yaml:"turret,omitempty" json:"turret,omitempty"`
}

// N is how many of the item are carried.
func (it Item) N() int {
	if it.Count <= 0 {
		return 1
	}
	return it.Count
}

// Armor is a squad's or hero's armor type by name ("none" or empty for none). A droid's
// armor is written true or false (+1 STR for 20); true reads as ArmorPlating.
type Armor string

// ArmorPlating is a droid's one point of armor.
const ArmorPlating Armor = "plating"

// None reports whether no armor is worn.
func (a Armor) None() bool {
	return a == "" || rules.Normalize(string(a)) == "none" || rules.Normalize(string(a)) == "false"
}
