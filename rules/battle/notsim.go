package battle

// notSimulated names, in the players' words, every rule the engine leaves out or plays in
// a simpler way than the book; every result lists them (docs/battle.md has the details).
var notSimulated = []string{
	"hidden movement, dummy counters and spotting (Chapter Nine): every figure is seen",
	"vehicles (the book leaves them to a supplement)",
	"life detection finds nothing (every figure is seen); telekinesis is not used to place grenades",
	"heroes' specific targeting, climbing and jumping, and taking or giving up command during the battle",
	"fire started by flamethrowers burns on any ground and gives no smoke; a flamethrower's miss through a door or window is not placed at the aperture",
	"proton torpedoes stop at walls rather than testing to breach them",
	"luma grenades light no darkness (the scenarios have none): only their blinding flash acts",
	"stun and gas clouds catch soldiers who end a Movement Phase under them, not those who only pass through; stun and plank gas penalties fall on skills, not attributes",
	"on-board artillery and remote weapons: they stay off the table (no crews are bought with them, no buildings to hold them)",
	"darkness, fog, rain and snow: no scenario has them, so macrobinoculars and glowrods change nothing",
	"tanglefoot fields (set before the battle by defenders with police equipment)",
	"combat sensors act only where a scenario has something to search for",
	"mounts being hit, thrown riders, falls and creatures running amok; mounted squads move at the mount's rate and fire from a moving surface",
	"separation: squads move as one body in a formation that keeps every soldier within command distance",
	"split fire: a squad fires at one target a phase (a droid's two weapons too)",
	"figures of the firing and target squads do not block each other's line of sight (squads stand in line abreast); figures of other units do",
	"fire at squads locked in close assault (the doctrine never risks hitting friends)",
	"voluntary prone: soldiers are prone only when wounded by defensive fire",
	"wounded soldiers keep up with their squad (which walks); those wounded by defensive fire lie prone short of contact for that turn",
	"close assault pairing is by counts (at most three on one), not by bases in contact; creatures attack to their front",
	"broken squads flee toward their rally point or home edge even when enemies are nearer to it",
	"assembled weapons start disassembled; dragging an assembled weapon 1\" is not used (squads holding set up, squads moving carry or drop the tripod)",
	"shots at walls and obstructions, doors opened or broken, buildings",
	"weather and fire; clouds drift with a wind rolled afresh each time",
}

// NotSimulated is the list for a matchup: the engine's own, the scenario's approximations,
// and what the two armies hold that the engine leaves out.
func NotSimulated(field *Field, a, b *Force) []string {
	out := append([]string(nil), notSimulated...)
	out = append(out, field.Scenario.Approximations...)
	for _, f := range []*Force{a, b} {
		out = append(out, f.Skipped...)
	}
	return out
}
