package battle

import (
	"fmt"
	"strings"

	"muster/costing"
	"muster/roster"
	"muster/rules"
	"muster/rules/combat"
)

// Force is an army made ready for battle: each unit's figures with their codes, weapons
// and Strength, its movement rates, morale and cost. Build it once with NewForce and fight
// as many battles with it as needed; it is read-only and safe to share between goroutines.
type Force struct {
	Name  string
	Side  rules.Side
	Total int // SGPs
	Units []*UnitSpec
	// Skipped says what in the army the engine leaves out, by unit.
	Skipped []string
	// holds is what the army holds, for the not-simulated list (notsim.go).
	holds map[string]bool
	// Tanglefoot is how many 1" sections of tanglefoot field it lays (tangle.go).
	Tanglefoot int
}

// Unit roles.
const (
	roleSoldier uint8 = iota
	roleCommander
	roleSpecialist
	roleHero
	roleDroid
	roleCreature
)

// UnitSpec is one unit of a Force.
type UnitSpec struct {
	Name  string
	Kind  string
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

// NewForce builds a Force from an army: each unit costed (costing.Army) and its figures
// made from the army file (Soldiers). Units the engine does not fight with (remote
// weapons, on-board artillery) are kept for their cost and listed in Skipped.
func NewForce(cat *rules.Catalog, a *roster.Army) (*Force, error) {
	cost := costing.Army(cat, a)
	f := &Force{Name: a.Name, Side: a.Side, Total: cost.Total, holds: holdings(a), Tanglefoot: tanglefootOf(a)}
	if f.Name == "" {
		f.Name = "unnamed army"
	}
	for i := range a.Units {
		u := &a.Units[i]
		b := cost.Units[i]
		us := &UnitSpec{Name: unitName(u), Kind: u.Kind, Index: i, SGP: b.Cost, Walk: b.Walk, Run: b.Run, Tripod: -1}
		var err error
		switch u.Kind {
		case roster.KindSquad:
			err = squadSpec(cat, u, us)
		case roster.KindHero:
			err = heroSpec(cat, u, us)
		case roster.KindDroid:
			err = droidSpec(cat, u, us)
		case roster.KindCreature:
			err = creatureSpec(cat, u, us)
		case roster.KindArtillery:
			// A piece is crewed by the squad listed right after it (artillery.go).
			p, perr := cat.ArtilleryPiece(u.Artillery)
			if perr != nil {
				err = perr
				break
			}
			if i+1 >= len(a.Units) || a.Units[i+1].Kind != roster.KindSquad {
				f.Skipped = append(f.Skipped, fmt.Sprintf("%s (%s): on-board artillery needs its crew, the squad listed right after it; its %d SGPs stay on the table", us.Name, f.Name, b.Cost))
				continue
			}
			us.Gun, us.Crew = p, len(f.Units)+1
		case roster.KindStrike:
			us.Strike, us.Strikes = rules.Normalize(u.Strike), max(u.Count, 1)
			if us.Strike != "light" && us.Strike != "heavy" {
				err = fmt.Errorf("strike %q: light or heavy", u.Strike)
			}
		case roster.KindRemoteWeapon:
			var ok bool
			if ok, err = remoteSpec(cat, u, us); err == nil && !ok {
				f.Skipped = append(f.Skipped, fmt.Sprintf("%s (%s): a remote weapon fires a blaster (a blaster pistol up to a heavy repeating blaster), not a %s; its %d SGPs stay on the table", us.Name, f.Name, lower(u.Weapon), b.Cost))
				continue
			}
		default:
			f.Skipped = append(f.Skipped, fmt.Sprintf("%s (%s): %s are not simulated; its %d SGPs stay on the table", us.Name, f.Name, plural(u.Kind), b.Cost))
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s, unit %d (%s): %w", f.Name, i+1, us.Name, err)
		}
		nightSpec(cat, u, us) // darkness.go
		if n := len(f.Units); n > 0 && f.Units[n-1].Gun != nil && f.Units[n-1].Crew == n && u.Kind == roster.KindSquad {
			crewFor(cat, u, us, f.Units[n-1].Gun)
		}
		f.Units = append(f.Units, us)
	}
	return f, nil
}

// protection is what a unit wears against gas and stun spores.
type protection struct {
	mask, suit, armored, sensor bool
	suitName                    string
}

// protectionOf reads it from the armor worn (or the Troop List's free armor) and the
// equipment: any armor is battle armor; environment and space suits are suits.
func protectionOf(cat *rules.Catalog, worn roster.Armor, free string, equipment []roster.Item) protection {
	var p protection
	p.armored = (!worn.None() && worn != roster.ArmorPlating) || (worn.None() && free != "")
	for _, it := range equipment {
		e, err := cat.Item(it.Name)
		if err != nil {
			continue
		}
		switch rules.Normalize(e.Name) {
		case rules.Normalize("breath mask"):
			p.mask = true
		case rules.Normalize("environment suit"), rules.Normalize("space suit"):
			p.suit, p.suitName = true, e.Name
		case rules.Normalize("combat sensor"):
			p.sensor = true
		}
	}
	return p
}

func (p protection) put(fs *FigSpec) {
	fs.Mask, fs.Suit, fs.Armored, fs.Sensor, fs.SuitName = p.mask, p.suit, p.armored, p.sensor, p.suitName
}

func plural(kind string) string {
	switch kind {
	case roster.KindRemoteWeapon:
		return "remote weapons"
	}
	return kind + "s"
}

// figFrom fills a figure's weapons and codes from a Soldier.
func figFrom(cat *rules.Catalog, m *Soldier, items []roster.Item, fs *FigSpec) {
	fs.Who, fs.TC, fs.Crewman = m.Who, m.TargetingComputer, m.Crewman
	for _, w := range m.Weapons {
		if VolleyWeapon(w) && len(fs.Guns) < 3 {
			fs.Guns = append(fs.Guns, Gun{W: w, Skill: m.Code(cat, w)})
		}
	}
	// Grenades: each kind he carries and how many (Chapter Eleven, "Grenades").
	for _, it := range items {
		w, err := cat.Weapon(it.Name)
		if err != nil || w.Class != "grenade" {
			continue
		}
		k, ok := grenadeKind(w)
		if !ok {
			continue
		}
		found := false
		for i := range fs.Kits {
			if fs.Kits[i].W == w {
				fs.Kits[i].N += it.N()
				found = true
			}
		}
		if !found && len(fs.Kits) < maxKits {
			fs.Kits = append(fs.Kits, Kit{W: w, N: it.N(), Skill: m.Code(cat, w), Kind: k})
		}
	}
	fs.PER = m.Attrs[rules.PER]
	advancedOf(cat, m, items, fs)
	fs.Search = m.SkillCode(cat, "search")
	fs.FirstAid = m.SkillCode(cat, "first aid")
}

// meleeOf picks the close assault weapon that gives the best roll (skill and weapon bonus),
// then the most damage; bare hands use brawling.
func meleeOf(cat *rules.Catalog, m *Soldier, bare int, control int, saberCombat bool, fs *FigSpec) {
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
		dmg := combat.MeleeDamage(bare, w, control, saberCombat)
		if v := skill + r.WeaponBonus(w); v > best || (v == best && dmg > fs.MeleeDamage) {
			best, fs.Melee, fs.MeleeSkill, fs.MeleeDamage = v, w, skill, dmg
		}
	}
}

func squadSpec(cat *rules.Catalog, u *roster.Unit, us *UnitSpec) error {
	t, err := cat.Troop(u.Troop)
	if err != nil {
		return err
	}
	men, _, err := Soldiers(cat, u)
	if err != nil {
		return err
	}
	q := u.Quality
	if q == "" {
		q = t.Quality
	}
	if us.Start, err = combat.Default().StartingLevel(q); err != nil {
		return err
	}
	armor, _, camo, _ := Gear(cat, u.Armor, t.Armor.Free, u.Equipment)
	us.Camo = camo
	prot := protectionOf(cat, u.Armor, t.Armor.Free, u.Equipment)
	bare := t.Attributes[rules.STR]
	if v, ok := u.Attributes[rules.STR]; ok {
		bare = v
	}
	medpacs := 0
	for _, it := range u.Equipment {
		if rules.Normalize(it.Name) == "medpac" {
			medpacs += it.N()
		}
		if rules.Normalize(it.Name) == "comlink" {
			us.Comlink = true
		}
	}
	for i := range men {
		m := &men[i]
		fs := FigSpec{STR: bare + armor, Bare: bare, Role: roleSoldier, Medpacs: medpacs}
		prot.put(&fs)
		items := u.Weapons
		switch {
		case i == 0:
			fs.Role = roleCommander
			us.Command = m.SkillCode(cat, "command")
		case strings.HasPrefix(m.Who, "specialist"):
			fs.Role = roleSpecialist
			items = append(append([]roster.Item{}, u.Weapons...), u.Specialists[i-1].Weapons...)
		}
		figFrom(cat, m, items, &fs)
		meleeOf(cat, m, bare, 0, false, &fs)
		for _, w := range m.Weapons {
			if w.Assembled && us.Tripod < 0 {
				us.Tripod = i
			}
		}
		us.Figs = append(us.Figs, fs)
	}
	sq := Soldier{Skills: SkillMap(cat, u.Skills), Attrs: men[0].Attrs}
	us.SquadCommand = sq.SkillCode(cat, "command")
	if u.Mounts != nil {
		c, err := cat.Creature(u.Mounts.Creature)
		if err != nil {
			return err
		}
		us.Mounted, us.MountKind = true, c
		us.mountAttacks = mountPlans(c)
		us.FootWalk, us.FootRun = us.Walk, us.Run
		us.Walk, us.Run = float64(c.Move+c.DEX), float64(c.Move+c.DEX)
		for k := range us.Figs {
			fs := &us.Figs[k]
			fs.Riding = men[k].SkillCode(cat, "beast riding")
			fs.MountSTR, fs.MountOrn, fs.MountLarge = c.STR, c.Orneriness, c.STR >= largeCreatureSTR
			if c.ArmoredSTR > 0 {
				fs.MountSTR = c.ArmoredSTR
			}
		}
	}
	return nil
}

func heroSpec(cat *rules.Catalog, u *roster.Unit, us *UnitSpec) error {
	men, _, err := Soldiers(cat, u)
	if err != nil {
		return err
	}
	m := &men[0]
	armor, _, camo, _ := Gear(cat, u.Armor, "", u.Equipment)
	us.Camo = camo
	bare := u.Attributes[rules.STR]
	h := heroOf(cat, u)
	hs := &HeroSpec{Dodge: h.Dodge, Parry: h.Parry, Command: m.SkillCode(cat, "command"), Climb: m.SkillCode(cat, "climbing/jumping"),
		BrawlParry: m.Skills["brawling parry"], MeleeParry: m.Skills["melee parry"]}
	saberCombat := false
	if u.Force != nil {
		hs.Points = u.Force.Points
		fsk := SkillMap(cat, u.Force.Skills)
		hs.Control = fsk["control"]
		hs.Sense, hs.Alter = fsk["sense"], fsk["alter"]
		hs.Powers = powersOf(u.Force.Powers)
		hs.Detoxify = HasPower(u.Force.Powers, "detoxify poison") && hs.Control > 0
		hs.ControlPain = HasPower(u.Force.Powers, "control pain") && hs.Control > 0
		saberCombat = HasPower(u.Force.Powers, "lightsaber combat")
	}
	fs := FigSpec{STR: bare + armor, Bare: bare, Role: roleHero, Hero: hs}
	protectionOf(cat, u.Armor, "", u.Equipment).put(&fs)
	for _, it := range u.Equipment {
		if rules.Normalize(it.Name) == "medpac" {
			fs.Medpacs += it.N()
		}
		if rules.Normalize(it.Name) == "comlink" {
			us.Comlink = true
		}
	}
	figFrom(cat, m, u.Weapons, &fs)
	// The lightsaber's plain Damage Strength: lightsaber combat adds control only after its
	// test in each close assault (assault.go).
	meleeOf(cat, m, bare, 0, false, &fs)
	hs.SaberCombat = saberCombat && hs.Control > 0 && hs.Sense > 0 && fs.Melee != nil && fs.Melee.Skill == "lightsaber"
	us.Figs = []FigSpec{fs}
	us.Command, us.SquadCommand = hs.Command, hs.Command
	return nil
}

func droidSpec(cat *rules.Catalog, u *roster.Unit, us *UnitSpec) error {
	men, _, err := Soldiers(cat, u)
	if err != nil {
		return err
	}
	figs, _, err := TargetFigures(cat, u)
	if err != nil {
		return err
	}
	fs := FigSpec{Who: "droid", Role: roleDroid, STR: figs[0].STR, Bare: figs[0].STR, Droid: figs[0].Droid}
	d, _ := cat.Droid(u.Droid)
	for _, m := range men {
		for _, w := range m.Weapons {
			if VolleyWeapon(w) && len(fs.Guns) < 3 {
				fs.Guns = append(fs.Guns, Gun{W: w, Skill: m.Code(cat, w)})
			}
		}
	}
	fs.Droid.Weapons = len(fs.Guns)
	if len(men) > 0 {
		meleeOf(cat, &men[0], fs.Bare, 0, false, &fs)
		fs.Search = men[0].SkillCode(cat, "search")
	} else {
		sk := Soldier{Skills: SkillMap(cat), Attrs: d.Attributes}
		meleeOf(cat, &sk, fs.Bare, 0, false, &fs)
	}
	us.Figs = []FigSpec{fs}
	us.Run = us.Walk // droids move at their Walk Rate (Chapter Fourteen, "Locomotive Systems")
	us.NoRough = !u.Repulsorlift
	us.SelfDestruct = u.SelfDestruct
	return nil
}

func creatureSpec(cat *rules.Catalog, u *roster.Unit, us *UnitSpec) error {
	c, err := cat.Creature(u.Creature)
	if err != nil {
		return err
	}
	s := c.STR
	if c.ArmoredSTR > 0 {
		s = c.ArmoredSTR
	}
	if len(c.Attacks) == 0 {
		return fmt.Errorf("the %s has no attack forms", c.Name)
	}
	best := c.Attacks[0].Damage
	for _, a := range c.Attacks {
		best = max(best, a.Damage)
	}
	for i := range max(u.Count, 1) {
		us.Figs = append(us.Figs, FigSpec{Who: fmt.Sprintf("%s %d", c.Name, i+1), Role: roleCreature, STR: s, Bare: c.STR,
			Creature: c, MeleeSkill: best, MeleeDamage: best})
	}
	us.Walk = us.Run // one Movement Rate
	return nil
}
