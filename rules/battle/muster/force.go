// Package muster is the battle engine's one door: it makes an army (roster) and its costs
// (costing) into the engine's own values, a battle.Force of units and figures. What a unit
// is in battle terms (its figures, their codes, weapons, gear and Strength, its rates and
// morale, what it holds) is decided here; how it fights is the engine's (rules/battle),
// which imports neither roster nor costing.
package muster

import (
	"fmt"
	"strings"

	"muster/costing"
	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/combat"
)

// kinds maps an army's kinds of unit to the engine's; the others (vehicles, ...) are not
// simulated.
var kinds = map[string]battle.UnitKind{
	roster.KindSquad:        battle.KindSquad,
	roster.KindHero:         battle.KindHero,
	roster.KindDroid:        battle.KindDroid,
	roster.KindCreature:     battle.KindCreature,
	roster.KindArtillery:    battle.KindArtillery,
	roster.KindStrike:       battle.KindStrike,
	roster.KindRemoteWeapon: battle.KindRemoteWeapon,
}

// NewForce builds a Force from an army: each unit costed (costing.Army) and its figures
// made from the army file (Soldiers). Units the engine does not fight with (remote
// weapons, on-board artillery) are kept for their cost and listed in Skipped.
func NewForce(cat *rules.Catalog, a *roster.Army) (*battle.Force, error) {
	cost := costing.Army(cat, a)
	f := &battle.Force{Name: a.Name, Side: a.Side, Total: cost.Total, Holds: holdings(a), Tanglefoot: tanglefootOf(a)}
	if f.Name == "" {
		f.Name = "unnamed army"
	}
	for i := range a.Units {
		u := &a.Units[i]
		b := cost.Units[i]
		us := &battle.UnitSpec{Name: unitName(u), Kind: kinds[u.Kind], Index: i, SGP: b.Cost, Walk: b.Walk, Run: b.Run, Tripod: -1}
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
			// A piece is crewed by the squad listed right after it (the engine's artillery.go).
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
				f.Skipped = append(f.Skipped, fmt.Sprintf("%s (%s): a remote weapon fires a blaster (a blaster pistol up to a heavy repeating blaster), not a %s; its %d SGPs stay on the table", us.Name, f.Name, strings.ToLower(u.Weapon), b.Cost))
				continue
			}
		default:
			f.Skipped = append(f.Skipped, fmt.Sprintf("%s (%s): %s are not simulated; its %d SGPs stay on the table", us.Name, f.Name, plural(u.Kind), b.Cost))
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s, unit %d (%s): %w", f.Name, i+1, us.Name, err)
		}
		nightSpec(cat, u, us)
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

func (p protection) put(fs *battle.FigSpec) {
	fs.Mask, fs.Suit, fs.Armored, fs.Sensor, fs.SuitName = p.mask, p.suit, p.armored, p.sensor, p.suitName
}

func plural(kind string) string {
	switch kind {
	case roster.KindRemoteWeapon:
		return "remote weapons"
	}
	return kind + "s"
}

// figFrom fills a figure's weapons and codes from a Soldier (battle.Arm) and the items he
// carries: his grenades, and his proton torpedoes if he has the launcher.
func figFrom(cat *rules.Catalog, m *battle.Soldier, items []roster.Item, fs *battle.FigSpec) {
	battle.Arm(cat, m, fs)
	// Grenades: each kind he carries and how many (Chapter Eleven, "Grenades").
	for _, it := range items {
		w, err := cat.Weapon(it.Name)
		if err != nil || w.Class != "grenade" {
			continue
		}
		fs.Carry(w, it.N(), m.Code(cat, w))
	}
	if fs.Torpedo != nil {
		for _, it := range items {
			if rules.Normalize(it.Name) == rules.Normalize("proton torpedo") {
				fs.Torpedoes += it.N()
			}
		}
	}
}

func squadSpec(cat *rules.Catalog, u *roster.Unit, us *battle.UnitSpec) error {
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
		fs := battle.FigSpec{STR: bare + armor, Bare: bare, Role: battle.RoleSoldier, Medpacs: medpacs}
		prot.put(&fs)
		items := u.Weapons
		switch {
		case i == 0:
			fs.Role = battle.RoleCommander
			us.Command = m.SkillCode(cat, "command")
		case strings.HasPrefix(m.Who, "specialist"):
			fs.Role = battle.RoleSpecialist
			items = append(append([]roster.Item{}, u.Weapons...), u.Specialists[i-1].Weapons...)
		}
		figFrom(cat, m, items, &fs)
		battle.Melee(cat, m, bare, &fs)
		for _, w := range m.Weapons {
			if w.Assembled && us.Tripod < 0 {
				us.Tripod = i
			}
		}
		us.Figs = append(us.Figs, fs)
	}
	sq := battle.Soldier{Skills: SkillMap(cat, u.Skills), Attrs: men[0].Attrs}
	us.SquadCommand = sq.SkillCode(cat, "command")
	if u.Mounts != nil {
		c, err := cat.Creature(u.Mounts.Creature)
		if err != nil {
			return err
		}
		us.Mount(c)
		for k := range us.Figs {
			us.Figs[k].Riding = men[k].SkillCode(cat, "beast riding")
		}
	}
	return nil
}

func heroSpec(cat *rules.Catalog, u *roster.Unit, us *battle.UnitSpec) error {
	men, _, err := Soldiers(cat, u)
	if err != nil {
		return err
	}
	m := &men[0]
	armor, _, camo, _ := Gear(cat, u.Armor, "", u.Equipment)
	us.Camo = camo
	bare := u.Attributes[rules.STR]
	h := heroOf(cat, u)
	hs := &battle.HeroSpec{Dodge: h.Dodge, Parry: h.Parry, Command: m.SkillCode(cat, "command"), Climb: m.SkillCode(cat, "climbing/jumping"),
		BrawlParry: m.Skills["brawling parry"], MeleeParry: m.Skills["melee parry"]}
	saberCombat := false
	if u.Force != nil {
		hs.Points = u.Force.Points
		fsk := SkillMap(cat, u.Force.Skills)
		hs.Control = fsk["control"]
		hs.Sense, hs.Alter = fsk["sense"], fsk["alter"]
		hs.Powers = battle.PowersOf(u.Force.Powers)
		hs.Detoxify = HasPower(u.Force.Powers, "detoxify poison") && hs.Control > 0
		hs.ControlPain = HasPower(u.Force.Powers, "control pain") && hs.Control > 0
		saberCombat = HasPower(u.Force.Powers, "lightsaber combat")
	}
	fs := battle.FigSpec{STR: bare + armor, Bare: bare, Role: battle.RoleHero, Hero: hs}
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
	// test in each close assault (the engine's assault.go).
	battle.Melee(cat, m, bare, &fs)
	hs.SaberCombat = saberCombat && hs.Control > 0 && hs.Sense > 0 && fs.Melee != nil && fs.Melee.Skill == "lightsaber"
	us.Figs = []battle.FigSpec{fs}
	us.Command, us.SquadCommand = hs.Command, hs.Command
	return nil
}

func droidSpec(cat *rules.Catalog, u *roster.Unit, us *battle.UnitSpec) error {
	men, _, err := Soldiers(cat, u)
	if err != nil {
		return err
	}
	figs, _, err := TargetFigures(cat, u)
	if err != nil {
		return err
	}
	fs := battle.FigSpec{Who: "droid", Role: battle.RoleDroid, STR: figs[0].STR, Bare: figs[0].STR, Droid: figs[0].Droid}
	d, _ := cat.Droid(u.Droid)
	for _, m := range men {
		for _, w := range m.Weapons {
			fs.AddGun(cat, &m, w)
		}
	}
	fs.Droid.Weapons = len(fs.Guns)
	if len(men) > 0 {
		battle.Melee(cat, &men[0], fs.Bare, &fs)
		fs.Search = men[0].SkillCode(cat, "search")
	} else {
		sk := battle.Soldier{Skills: SkillMap(cat), Attrs: d.Attributes}
		battle.Melee(cat, &sk, fs.Bare, &fs)
	}
	us.Figs = []battle.FigSpec{fs}
	us.Run = us.Walk // droids move at their Walk Rate (Chapter Fourteen, "Locomotive Systems")
	us.NoRough = !u.Repulsorlift
	us.SelfDestruct = u.SelfDestruct
	return nil
}

func creatureSpec(cat *rules.Catalog, u *roster.Unit, us *battle.UnitSpec) error {
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
		us.Figs = append(us.Figs, battle.FigSpec{Who: fmt.Sprintf("%s %d", c.Name, i+1), Role: battle.RoleCreature, STR: s, Bare: c.STR,
			Creature: c, MeleeSkill: best, MeleeDamage: best})
	}
	us.Walk = us.Run // one Movement Rate
	return nil
}

// remoteSpec makes a remote weapon unit: its weapon and its code with it, the higher of
// blaster and blaster artillery (the engine's remote.go). A weapon it cannot fire in a
// volley (a grenade, a melee weapon) is not one the book allows.
func remoteSpec(cat *rules.Catalog, u *roster.Unit, us *battle.UnitSpec) (bool, error) {
	w, err := cat.Weapon(u.Weapon)
	if err != nil {
		return false, err
	}
	if !battle.VolleyWeapon(w) || w.Class == "grenade" {
		return false, nil
	}
	sk := SkillMap(cat, u.Skills)
	code := max(sk[rules.Normalize("blaster")], sk[rules.Normalize("blaster artillery")])
	us.Remote = &battle.Gun{W: w, Skill: code}
	return true, nil
}

// crewFor makes a squad the crew of a piece (the engine's artillery.go): its commander's
// blaster artillery code.
func crewFor(cat *rules.Catalog, u *roster.Unit, us *battle.UnitSpec, gun *rules.Artillery) {
	us.Piece = gun
	men, _, err := Soldiers(cat, u)
	if err == nil && len(men) > 0 {
		us.PieceSkill = men[0].SkillCode(cat, "blaster artillery")
	}
}

// Equipment names, normalized.
var (
	glowrodName = rules.Normalize("glowrod")
	macroName   = rules.Normalize("macrobinoculars")
)

// nightGear reads a unit's glowrods and macrobinoculars: every figure of a unit that bought
// them for its soldiers holds them.
func nightGear(u *roster.Unit) (glow, macro bool) {
	for _, it := range u.Equipment {
		switch rules.Normalize(it.Name) {
		case glowrodName, rules.Normalize("glow rod"):
			glow = true
		case macroName, rules.Normalize("electrobinoculars"):
			macro = true
		}
	}
	return glow, macro
}

// nightSpec gives a unit's figures their glowrods and macrobinoculars (the engine's
// darkness.go), and the unit its sneak code (its first soldier's: "a sneak roll is made
// for the whole squad").
func nightSpec(cat *rules.Catalog, u *roster.Unit, us *battle.UnitSpec) {
	glow, macro := nightGear(u)
	for k := range us.Figs {
		us.Figs[k].Glowrod, us.Figs[k].Macro = glow, macro
	}
	if len(us.Figs) == 0 || u.Kind == roster.KindCreature {
		return
	}
	if men, _, err := Soldiers(cat, u); err == nil && len(men) > 0 {
		us.Sneak = men[0].SkillCode(cat, "sneak")
	}
}

// tanglefootOf counts an army's tanglefoot sections (the engine's tangle.go lays them).
func tanglefootOf(a *roster.Army) int {
	n := 0
	for i := range a.Units {
		for _, it := range a.Units[i].Equipment {
			if rules.Normalize(it.Name) == rules.Normalize("tanglefoot field") || rules.Normalize(it.Name) == rules.Normalize("tanglefoot") {
				n += it.N()
			}
		}
	}
	return n
}

// holdings is what an army holds, for the engine's not-simulated list (Force.Holds): the
// normalized names of its weapons, equipment and Force powers, and its kinds of unit.
func holdings(a *roster.Army) map[string]bool {
	h := map[string]bool{}
	add := func(items []roster.Item) {
		for _, it := range items {
			h[rules.Normalize(it.Name)] = true
		}
	}
	for i := range a.Units {
		u := &a.Units[i]
		add(u.Weapons)
		add(u.Equipment)
		for _, sp := range u.Specialists {
			add(sp.Weapons)
		}
		if u.Force != nil {
			for _, p := range u.Force.Powers {
				h[rules.Normalize(p)] = true
			}
		}
		switch {
		case u.Kind == roster.KindArtillery:
			h["artillery"] = true
		case u.Kind == roster.KindRemoteWeapon:
			h[rules.Normalize("remote weapon")] = true // the key NotSimulated looks up
		case u.Kind == roster.KindHero:
			h["hero"] = true
		case u.Kind == roster.KindCreature:
			h["creature"] = true
		case u.Mounts != nil:
			h["mounted"] = true
		}
	}
	return h
}
