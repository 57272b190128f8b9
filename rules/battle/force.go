package battle

import (
	"muster/rules"
	"muster/rules/combat"
)

// Force is an army made ready for battle: each unit's figures with their codes, weapons
// and Strength, its movement rates, morale and cost. The engine's one door,
// rules/battle/muster's NewForce, builds it from an army once; fight as many battles with it
// as needed: it is read-only and safe to share between goroutines.
type Force struct {
	Name  string
	Side  rules.Side
	Total int // SGPs
	Units []*UnitSpec
	// Skipped says what in the army the engine leaves out, by unit.
	Skipped []string
	// Holds is what the army holds, for the not-simulated list (notsim.go): the
	// rules.Normalize'd names of its weapons, equipment and Force powers, and "hero",
	// "mounted", "creature", "artillery", "remote weapon" for what its units are.
	Holds map[string]bool
	// Tanglefoot is how many 1" sections of tanglefoot field it lays (tangle.go).
	Tanglefoot int
}

// Figure roles (FigSpec.Role).
const (
	RoleSoldier uint8 = iota
	RoleCommander
	RoleSpecialist
	RoleHero
	RoleDroid
	RoleCreature
)

// UnitKind is what a unit is to the engine (UnitSpec.Kind).
type UnitKind string

// The kinds of unit the engine fights with: the door (rules/battle/muster) maps an army's
// kinds to them and leaves the others out of the Force.
const (
	KindSquad        UnitKind = "squad"
	KindHero         UnitKind = "hero"
	KindDroid        UnitKind = "droid"
	KindCreature     UnitKind = "creature"
	KindArtillery    UnitKind = "artillery"
	KindStrike       UnitKind = "strike"
	KindRemoteWeapon UnitKind = "remote weapon"
)

// UnitSpec is one unit of a Force.
type UnitSpec struct {
	Name  string
	Kind  UnitKind
	Index int // in the army file
	SGP   int
	Figs  []FigSpec
	// Walk and Run are the movement rates in inches; creatures and droids have one rate.
	Walk, Run float64
	// Start is the starting morale level (squads); 0 for units not subject to morale.
	Start int
	// Command is the commander's command skill; SquadCommand the squad's, used once he is
	// incapacitated.
	Command, SquadCommand int
	Camo                  bool
	// Tripod is the index of the figure carrying an assembled weapon, or -1.
	Tripod int
	// Comlink: the unit's commander can call off-board strikes.
	Comlink bool
	// Strike is "light" or "heavy" for a unit of off-board strikes, Strikes how many.
	Strike  string
	Strikes int
	Mounted bool
	// MountKind is the creature a mounted squad rides, mountAttacks its attacks on 1, 2 or
	// 3 foes to its front, worked out once (mountfight.go).
	MountKind    *rules.Creature
	mountAttacks [combat.MaxOnOne]mountPlan
	// FootWalk and FootRun are a mounted squad's rates on foot, once riders are thrown.
	FootWalk, FootRun float64
	// NoRough: a droid without a repulsorlift (no very rough terrain, no difficult barriers).
	NoRough bool
	// SelfDestruct: a droid with self-destruct programming.
	SelfDestruct bool
	// Gun is an on-board artillery piece, Crew the index in Force.Units of the squad that
	// crews it; a crew squad's Piece is its gun and PieceSkill its lead gunner's blaster
	// artillery code (artillery.go).
	Gun, Piece *rules.Artillery
	Crew       int
	PieceSkill int
	// Remote is a remote weapon's weapon and code (remote.go).
	Remote *Gun
	// Sneak is the unit's sneak code, against spotting (hidden.go).
	Sneak int
}

// FigSpec is one figure.
type FigSpec struct {
	Who  string
	Role uint8
	// STR is his Strength against damage (armor included); Bare his unarmored Strength,
	// for the damage he does in close assault.
	STR, Bare int
	Guns      []Gun // the weapons he fires in volleys
	Melee     *rules.Weapon
	// MeleeSkill is his close assault code (melee combat, lightsaber or brawling), MeleeDamage
	// his Damage Strength when he wins.
	MeleeSkill, MeleeDamage int
	// Kits are the grenades he carries, one entry a kind (at most maxKits), with his code.
	Kits        []Kit
	Crewman, TC bool
	// Against gas and stun spores (Chapter Eleven): a breath mask, an environment or space
	// suit, battle armor (any armor worn). PER is his Perception, against a luma's flash.
	Mask, Suit, Armored bool
	PER                 int
	// A rider's beast riding code and his mount's Strength and Orneriness Code (mounts.go).
	Riding, MountSTR, MountOrn int
	MountLarge                 bool
	// Sensor: a combat sensor, +1 to his search rolls. SuitName: the suit he wears.
	Sensor   bool
	SuitName string
	// Glowrod and Macro: he holds a glowrod, macrobinoculars (darkness.go).
	Glowrod, Macro bool
	// Advanced weapons (advanced.go) and his codes with them; Torpedoes is his proton
	// torpedoes.
	Flamer, Launcher, Torpedo, DEMP                                *rules.Weapon
	FlamerSkill, LauncherSkill, TorpedoSkill, DEMPSkill, Torpedoes int
	Search, FirstAid                                               int
	Medpacs                                                        int
	Hero                                                           *HeroSpec
	Droid                                                          *combat.Droid // the starting damage state: weapons and best skill
	Creature                                                       *rules.Creature
}

// Gun is a weapon a figure fires and his code with it.
type Gun struct {
	W     *rules.Weapon
	Skill int
}

// HeroSpec is what a hero brings: dodge, parry, Force Points and the powers the engine uses.
type HeroSpec struct {
	Dodge, Parry, Points   int
	BrawlParry, MeleeParry int
	Command, Control       int
	ControlPain            bool
	// Sense is his sense skill; SaberCombat: he has the lightsaber combat power, a
	// lightsaber, control and sense, and tests it at the lower of the two (Chapter Twelve,
	// "Using Force Powers").
	Sense       int
	SaberCombat bool
	// Detoxify: the detoxify poison power, against gases.
	Detoxify bool
	// Alter is his alter skill; Powers the Force powers he has (powers.go).
	Alter  int
	Powers power
	// Climb is his climbing/jumping code.
	Climb int
}

// saberLevel is the level he uses lightsaber combat at: the lower of control and sense.
func (h *HeroSpec) saberLevel() int { return min(h.Control, h.Sense) }

// maxGuns is how many weapons one figure fires in volleys.
const maxGuns = 3

// AddGun gives figure fs weapon w to fire in volleys, at soldier m's code with it, when it
// is a volley weapon (VolleyWeapon) and he has fewer than three.
func (fs *FigSpec) AddGun(cat *rules.Catalog, m *Soldier, w *rules.Weapon) {
	if VolleyWeapon(w) && len(fs.Guns) < maxGuns {
		fs.Guns = append(fs.Guns, Gun{W: w, Skill: m.Code(cat, w)})
	}
}

// Arm fills a figure's weapons and codes from a Soldier: the weapons he fires in volleys,
// his advanced weapons (advanced.go), his Perception, search and first aid. His grenades
// are the door's to give (FigSpec.Carry), with his proton torpedoes.
func Arm(cat *rules.Catalog, m *Soldier, fs *FigSpec) {
	fs.Who, fs.TC, fs.Crewman = m.Who, m.TargetingComputer, m.Crewman
	for _, w := range m.Weapons {
		fs.AddGun(cat, m, w)
	}
	fs.PER = m.Attrs[rules.PER]
	advancedOf(cat, m, fs)
	fs.Search = m.SkillCode(cat, "search")
	fs.FirstAid = m.SkillCode(cat, "first aid")
}

// Melee picks the close assault weapon that gives the best roll (skill and weapon bonus),
// then the most damage; bare hands use brawling. bare is his unarmored Strength.
func Melee(cat *rules.Catalog, m *Soldier, bare int, fs *FigSpec) {
	r := combat.Default()
	fs.MeleeSkill = m.SkillCode(cat, "brawling")
	fs.MeleeDamage = combat.MeleeDamage(bare, nil, 0, false)
	best := fs.MeleeSkill
	for _, w := range m.Weapons {
		if w.Class != "melee" || w.Skill == "brawling" {
			continue
		}
		skill := m.Code(cat, w)
		if w.Skill == "lightsaber" && skill == 0 {
			skill = m.Attrs[rules.DEX] + m.DEXAdj
		}
		dmg := combat.MeleeDamage(bare, w, 0, false)
		if v := skill + r.WeaponBonus(w); v > best || (v == best && dmg > fs.MeleeDamage) {
			best, fs.Melee, fs.MeleeSkill, fs.MeleeDamage = v, w, skill, dmg
		}
	}
}

// Mount puts a squad on creature c (mounts.go): it moves at the creature's rate (Move plus
// DEX), on foot at its own; each rider's mount has the creature's Strength (armored, if it
// is) and Orneriness Code; the mount's attacks on 1, 2 or 3 foes are worked out once
// (mountfight.go). Each rider's beast riding code is the door's to give (FigSpec.Riding).
func (us *UnitSpec) Mount(c *rules.Creature) {
	us.Mounted, us.MountKind = true, c
	us.mountAttacks = mountPlans(c)
	us.FootWalk, us.FootRun = us.Walk, us.Run
	us.Walk, us.Run = float64(c.Move+c.DEX), float64(c.Move+c.DEX)
	for k := range us.Figs {
		fs := &us.Figs[k]
		fs.MountSTR, fs.MountOrn, fs.MountLarge = c.STR, c.Orneriness, c.STR >= largeCreatureSTR
		if c.ArmoredSTR > 0 {
			fs.MountSTR = c.ArmoredSTR
		}
	}
}
