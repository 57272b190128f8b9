package cards

// The abilities and Force powers Muster's engine plays (rules/swm/engine, char.go's
// readAbilities), as the card form offers them: a card entered in the web app's form may
// have only these, so that every ability it lists is one a battle plays.

// KnownAbility is a special ability the engine plays. Numbered abilities are printed with
// their number ("Damage Reduction 10"); Plus ones with a sign ("Spotter +2").
type KnownAbility struct {
	Name     string
	Numbered bool
	Plus     bool
	// Help is the glossary's rule in a few words (the form's hint).
	Help string
}

// KnownAbilities are the special abilities of the pack's glossary that the engine plays
// (and Droid, Gunner, Savage and Trooper, which the glossary's rules name), by name.
// Unique and Speed are the form's own fields; Rapport is its own block.
var KnownAbilities = []KnownAbility{
	{Name: "Accurate Shot", Help: "may target an enemy with cover even if it is not the nearest"},
	{Name: "Advantageous Attack", Help: "+10 Damage against an enemy that has not activated this round"},
	{Name: "Charging Fire", Help: "replaces turn: move up to double Speed, then attack"},
	{Name: "Cunning Attack", Help: "+4 Attack and +10 Damage against an enemy that has not activated this round"},
	{Name: "Damage Reduction", Numbered: true, Help: "each instance of damage taken is reduced by this number"},
	{Name: "Double Attack", Help: "an extra attack instead of moving"},
	{Name: "Droid", Help: "not living; no double damage on a critical hit; ignores commander effects"},
	{Name: "Fire Support Mission", Help: "replaces turn: 60 damage to a target and everyone within 2 squares"},
	{Name: "Flanking Attack", Help: "the target has -4 Defense against this character's Mounted Weapon allies"},
	{Name: "Flight", Help: "ignores enemies, low objects, difficult terrain and pits while moving"},
	{Name: "Fragile", Numbered: true, Help: "cannot attack while its Hit Points are below this number"},
	{Name: "Grenades", Numbered: true, Help: "replaces attacks: this damage to a target and the characters next to it"},
	{Name: "Gunner", Help: "may combine fire with an adjacent Mounted Weapon ally"},
	{Name: "Harpoon Gun", Help: "replaces attacks: a Mounted Weapon enemy within 6 cannot move this round"},
	{Name: "Heal", Numbered: true, Help: "replaces attacks: removes this much damage from a living character it touches"},
	{Name: "Heavy Weapon", Help: "cannot attack and move in the same turn"},
	{Name: "Hologram", Help: "cannot attack or be damaged; defeated if it activates with no trooper ally within 2 squares"},
	{Name: "Industrial Repair", Numbered: true, Help: "replaces attacks: removes this much damage from an adjacent Mounted Weapon or Machinery ally"},
	{Name: "Lightsaber", Help: "+10 Damage against adjacent enemies"},
	{Name: "Machinery", Help: "Industrial Repair works on this character"},
	{Name: "Melee Attack", Help: "can attack only adjacent enemies"},
	{Name: "Mobile Attack", Help: "may move, attack, then finish its move"},
	{Name: "Mounted Weapon", Help: "combines fire only with Mounted Weapon allies or adjacent Gunners; not living"},
	{Name: "Rigid", Help: "cannot squeeze (Muster plays no squeezing)"},
	{Name: "Savage", Help: "ignores commander effects"},
	{Name: "Splash", Numbered: true, Help: "on a hit or a miss, this damage to the characters next to the target (save 11)"},
	{Name: "Spotter", Numbered: true, Plus: true, Help: "+this Damage when it combines fire on a target within 6 squares"},
	{Name: "Trooper", Help: "counts as a trooper"},
	{Name: "Twin Attack", Help: "each attack is followed by one more on the same target"},
}

// KnownPowers are the Force powers the engine plays, with what each costs as the pack
// prints it.
var KnownPowers = []KnownAbility{
	{Name: "Force Grip", Help: "1 Force point, replaces attacks: 10 damage to an enemy in sight"},
	{Name: "Lightsaber Deflect", Help: "1 Force point when hit by a nonmelee attack: no damage on a save of 11"},
	{Name: "Lightsaber Riposte", Help: "1 Force point when hit by a melee attack: an immediate attack on the attacker"},
	{Name: "Lightsaber Sweep", Help: "1 Force point, replaces attacks: an attack on each adjacent enemy"},
	{Name: "Use the Force", Help: "3 Force points before an attack: it hits and counts as a critical hit"},
}

// FindAbility returns the known ability of a name (as Normalize matches), if any.
func FindAbility(name string) (KnownAbility, bool) {
	for _, k := range KnownAbilities {
		if Normalize(k.Name) == Normalize(name) {
			return k, true
		}
	}
	return KnownAbility{}, false
}

// FindPower returns the known Force power of a name, if any.
func FindPower(name string) (KnownAbility, bool) {
	for _, k := range KnownPowers {
		if Normalize(k.Name) == Normalize(name) {
			return k, true
		}
	}
	return KnownAbility{}, false
}
