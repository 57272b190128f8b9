package engine

// The audit's tally of the players' choices (docs/swm.md, "The players' choices"): for each
// ability, how often the situation where the rules make it pay arose and how often it was
// used, and the choices that give points away, which should never happen. Counting reads
// the state only, like the rest of the audit, so a battle tallied plays as one not tallied.

// Tally keys. A key ending in ".chance" counts the situations where the ability pays; the
// key without it the uses. One ending in ".possible" counts where the rules allow it, paying
// or not (combined fire and Heal are worth their cost only sometimes: combineFire,
// bestHeal).
// The keys starting "bad." are choices that give points away.
const (
	tAoO            = "attack of opportunity"
	tAoOMove        = "move that provokes attacks of opportunity"
	tCombined       = "combined fire"
	tCombinedChance = "combined fire.possible"
	tHeal           = "Heal"
	tHealChance     = "Heal.possible"
	tHarpoon        = "Harpoon Gun"
	tHarpoonChance  = "Harpoon Gun.possible"
	tGrip           = "Force Grip"
	tGripChance     = "Force Grip.chance"
	tUseForce       = "Use the Force"
	tSweep          = "Lightsaber Sweep"
	tSweepChance    = "Lightsaber Sweep.chance"
	tDeflect        = "Lightsaber Deflect"
	tDeflectChance  = "Lightsaber Deflect.chance"
	tDouble         = "Double Attack"
	tDoubleChance   = "Double Attack.chance"
	tHologramLost   = "Hologram defeated, trooper allies in play but none within 2 squares"
	tHologramAlone  = "Hologram defeated, no trooper ally left in play"

	badHologram = "bad.a Hologram ends its turn out of 2 squares of every trooper ally when it could stay within"
	badUseForce = "bad.Use the Force on a target that can deflect it"
	badAnchor   = "bad.a Hologram's anchor (the trooper nearest it) leaves it alone"
	badGripMove = "bad.a move to use Force Grip with no target in sight after it"
)

// note counts one of the tally's keys (audited battles only).
func (b *Battle) note(key string) {
	if b.audit != nil {
		b.audit.tally[key]++
	}
}
