package costing

import (
	"fmt"

	"muster/roster"
	"muster/rules"
)

// artillery prices an on-board artillery piece; its crew is a squad bought separately.
func (uc *unitCoster) artillery() Breakdown {
	a, err := uc.cat.ArtilleryPiece(uc.unit.Artillery)
	if err != nil {
		uc.notFound("artillery", err)
		return Breakdown{}
	}
	uc.add(a.Name, a.Cost)
	return Breakdown{Cost: a.Cost, Lines: uc.lines}
}

// strike prices off-board strikes at the army's side's price.
func (uc *unitCoster) strike() Breakdown {
	s, err := uc.cat.Strike(uc.unit.Strike)
	if err != nil {
		uc.notFound("strike", err)
		return Breakdown{}
	}
	n := uc.unit.Count
	if n <= 0 {
		n = 1
	}
	each := s.Cost[uc.army.Side]
	uc.add(fmt.Sprintf("%s strike (%s) x %d", s.Name, titleCase(string(uc.army.Side)), n), each*n)
	return Breakdown{Cost: each * n, Lines: uc.lines}
}

// Remote weapons (Chapter Fifteen): double the weapon's price, plus 3 per level of blaster
// or blaster artillery, at most 4 levels.
const (
	remotePriceFactor = 2
	remotePerLevel    = 3
	remoteMaxLevel    = 4
)

func (uc *unitCoster) remoteWeapon() Breakdown {
	w, err := uc.cat.Weapon(uc.unit.Weapon)
	if err != nil {
		uc.notFound("weapon", err)
		return Breakdown{}
	}
	total := remotePriceFactor * w.Cost
	uc.add(fmt.Sprintf("%s x 2", w.Name), total)
	for _, s := range uc.resolveSkills("skills", uc.unit.Skills) {
		ref, name, level := s.ref, s.name, s.code
		if k := rules.Normalize(ref.Label()); k != "blaster" && k != "blasterartillery" {
			uc.errorf("skills."+name, "give it blaster or blaster artillery", "a remote weapon has only blaster or blaster artillery levels, not %s", ref.Label())
			continue
		}
		if level > remoteMaxLevel {
			uc.problem(roster.Error, "remote.skills", "skills."+name, fmt.Sprintf("write %s %d at most", ref.Label(), remoteMaxLevel),
				"remote weapons may have at most %d levels (Chapter Fifteen, Remote Weapons)", remoteMaxLevel)
		}
		uc.add(fmt.Sprintf("%s %d x 3", titleCase(ref.Label()), level), remotePerLevel*level)
		total += remotePerLevel * level
	}
	uc.subtotal("Remote weapon cost", total)
	return Breakdown{Cost: total, Lines: uc.lines}
}
