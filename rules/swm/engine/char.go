package engine

import (
	"slices"
	"strings"
	"sync"

	"muster/rules/swm/cards"
)

// Char is one figure in play.
type Char struct {
	ID    int
	Side  int // 0 or 1: the first or second squad
	Unit  int // the squad file's unit index
	Name  string
	Label string // the name the log uses: the squad's name and a number among copies
	Card  *cards.Card
	Cost  int // after Rapport: what its defeat scores
	Pos   Point
	Size  int // 1, 2 (Large) or 3 (Huge) squares a side
	HP    int
	MaxHP int
	Force int

	Activated bool
	Defeated  bool

	fpTurn       int // the turn in which it last spent Force points (once per turn)
	aooTurn      int // the turn in which it last made an attack of opportunity
	harpoonRound int // the round a Harpoon Gun holds it in place
	flankedRound int // the round a Flanking Attack exposed it
	flankedBy    int // the flanker's ID: its own attacks get no bonus
	ab           abilities
	lowerName    string   // Name in lower case, for commander effects that name characters
	effects      []effect // its commander effects, read once
	ce           ceMemo   // the effects on it (ceBonus)
}

// abilities are the card's abilities the engine plays, read once.
type abilities struct {
	speed, dr, fragile, heal, splash, spotter, grenades, repair int
	accurate, advantageous, cunning, double, flanking, flight   bool
	heavy, hologram, lightsaber, melee, mobile, mounted, twin   bool
	charging, harpoon, fireSupport, machinery, droid, gunner    bool
	trooper, hasCE, savage                                      bool
	saber                                                       bool // the Lightsaber ability itself
	forceGrip, deflect, riposte, sweep, useForce                bool
}

func readAbilities(c *cards.Card) abilities {
	var a abilities
	a.speed = *c.Speed
	// Card.Ability and Card.Has normalise every name on the card for each name they are
	// asked; the card's names are normalised once here and matched the same way: an
	// ability's number is its first listing's, and Has finds abilities and Force powers.
	names := make([]string, len(c.Abilities))
	values := make([]int, len(c.Abilities))
	for i, ab := range c.Abilities {
		n, v := cards.SplitAbility(ab)
		names[i], values[i] = cards.Normalize(n), v
	}
	powers := make([]string, len(c.ForcePowers))
	for i, p := range c.ForcePowers {
		powers[i] = cards.Normalize(p)
	}
	ability := func(n string) (int, bool) {
		if i := slices.Index(names, normalized(n)); i >= 0 {
			return values[i], true
		}
		return 0, false
	}
	num := func(n string) int { v, _ := ability(n); return v }
	has := func(n string) bool {
		_, ok := ability(n)
		return ok || slices.Contains(powers, normalized(n))
	}
	a.dr, a.fragile, a.heal, a.splash = num("Damage Reduction"), num("Fragile"), num("Heal"), num("Splash")
	a.spotter, a.grenades, a.repair = num("Spotter"), num("Grenades"), num("Industrial Repair")
	a.accurate, a.advantageous, a.cunning = has("Accurate Shot"), has("Advantageous Attack"), has("Cunning Attack")
	a.double, a.flanking, a.flight = has("Double Attack"), has("Flanking Attack"), has("Flight")
	a.heavy, a.hologram, a.melee, a.mobile = has("Heavy Weapon"), has("Hologram"), has("Melee Attack"), has("Mobile Attack")
	a.mounted, a.twin, a.charging, a.harpoon = has("Mounted Weapon"), has("Twin Attack"), has("Charging Fire"), has("Harpoon Gun")
	a.fireSupport, a.machinery, a.droid, a.gunner = has("Fire Support Mission"), has("Machinery"), has("Droid"), has("Gunner")
	a.savage = has("Savage")
	a.forceGrip, a.deflect, a.riposte = has("Force Grip"), has("Lightsaber Deflect"), has("Lightsaber Riposte")
	a.sweep, a.useForce = has("Lightsaber Sweep"), has("Use the Force")
	// Glossary, "with lightsabers": the Lightsaber ability or a Force power whose name
	// contains "Lightsaber".
	a.saber = has("Lightsaber")
	a.lightsaber = a.saber
	for _, p := range c.ForcePowers {
		a.lightsaber = a.lightsaber || strings.Contains(strings.ToLower(p), "lightsaber")
	}
	// Glossary, trooper: "trooper" in the name or the Trooper ability.
	a.trooper = strings.Contains(strings.ToLower(c.Name), "trooper") || has("Trooper")
	a.hasCE = c.Commander != nil && c.Commander.Has
	return a
}

// normalized is cards.Normalize of the names of the abilities readAbilities asks for, kept
// once worked out: only those few names are asked.
func normalized(name string) string {
	if k, ok := abilityKeys.Load(name); ok {
		return k.(string)
	}
	k := cards.Normalize(name)
	abilityKeys.Store(name, k)
	return k
}

var abilityKeys sync.Map

// living: no Mounted Weapon, and not a Droid (glossary, living; no Cyborgs in the pack).
func (c *Char) living() bool { return !c.ab.mounted && !c.ab.droid }

// canAttack: Holograms never attack; Fragile characters stop below their number.
func (c *Char) canAttack() bool {
	if c.ab.hologram {
		return false
	}
	return c.ab.fragile == 0 || c.HP >= c.ab.fragile
}

// squares is the character's space.
func (c *Char) squares() []Point { return footprint(c.Pos, c.Size) }

func footprint(p Point, s int) []Point {
	out := make([]Point, 0, s*s)
	for dy := range s {
		for dx := range s {
			out = append(out, Point{p.X + dx, p.Y + dy})
		}
	}
	return out
}

func sizeOf(c *cards.Card) int {
	switch *c.Size {
	case cards.Large:
		return 2
	case cards.Huge:
		return 3
	}
	return 1
}
