package battle

import (
	"muster/rules"
)

// notSimulated names, in the players' words, every rule the engine leaves out or plays in
// a simpler way than the book, whatever the armies hold; every result lists them
// (docs/battle.md has the details).
var notSimulated = []string{
	"vehicles (the book leaves them to a supplement)",
	"separation: squads move as one body in a formation that keeps every soldier within command distance",
	"split fire only by soldiers who cannot shoot at their squad's target (they take a second one); a droid's two weapons fire at one target",
	"figures of the firing and target squads do not block each other's line of sight (squads stand in line abreast); figures of other units do",
	"fire at squads locked in close assault (the doctrine never risks hitting friends)",
	"voluntary prone only for squads holding in cover out of charge reach",
	"wounded soldiers keep up with their squad (which walks); those wounded by defensive fire lie prone short of contact for that turn",
	"close assault pairing is by counts (at most three on one), not by bases in contact; creatures attack to their front",
	"broken squads flee toward their rally point or home edge even when enemies are nearer to it",
	"assembled weapons start disassembled; dragging an assembled weapon 1\" is not used (squads holding set up, squads moving carry or drop the tripod)",
	"shots at walls and obstructions, doors opened or broken, buildings",
	"weather",
}

// hiddenNotSimulated is listed where the scenario has darkness or a side set up hidden.
const hiddenNotSimulated = "hidden movement and darkness: dummy counters are not laid (the doctrine moves toward hidden units as if it knew where they were), spotting is checked at the end of each Movement Phase, and an attached hero hides and is spotted with his squad"

// GeneralNotSimulated reports whether a line of NotSimulated is one every matchup lists
// (the engine's own simplifications), not one about these armies or this scenario: a
// result shows the particular ones first and folds the general ones away.
func GeneralNotSimulated(line string) bool {
	for _, g := range notSimulated {
		if g == line {
			return true
		}
	}
	return false
}

// heldNotSimulated is what the engine leaves out of particular items, powers and units: a
// result lists a line when either army holds one of its keys (rules.Normalize'd names of
// weapons, equipment and Force powers, or "hero", "mounted", "creature").
var heldNotSimulated = []struct {
	keys []string
	text string
}{
	{[]string{"hero"}, "heroes climb impassable barriers only as 3-meter climbs of difficulty 8, done in one move (none is caught mid-climb), and jump no pits (no scenario has them); specific targeting only at a hero standing in or drawing cover from the target squad, or at its commander, never at a droid drawing cover from it; heroes give up command only of a broken squad at its rally point"},
	{[]string{"life detection"}, "life detection is not used to find hidden units (the doctrine moves as if it knew where they were)"},
	{[]string{"telekinesis"}, "telekinesis is not used to place grenades"},
	{[]string{"flamethrower"}, "fire started by flamethrowers burns on any ground and gives no smoke; a flamethrower's miss through a door or window is not placed at the aperture"},
	{[]string{"proton torpedo launcher"}, "proton torpedoes stop at walls rather than testing to breach them"},
	{[]string{"stun grenade", "t-238 grenade", "cryoban grenade", "plank gas grenade", "fex-m3 grenade", "smoke grenade"},
		"stun and gas clouds catch soldiers who end a Movement Phase under them, not those who only pass through; stun and plank gas penalties fall on skills, not attributes"},
	{[]string{"macrobinoculars", "glowrod"}, "fog, mist, rain and snow: no scenario has them; macrobinoculars and glowrods act only in the dark (open-field-at-night), and every unit holding glowrods lights them unless its side is hiding"},
	{[]string{"tanglefoot field"}, "tanglefoot fields are laid by either side (the scenarios name no defender), in rows across the enemy's way 3\" in front of the set-up zone, on clear ground only; repulsorlift droids are slowed by them too"},
	{[]string{"combat sensor"}, "combat sensors act only where there is something to search for (hidden units, a hidden objective)"},
	{[]string{"artillery"}, "on-board artillery pieces are not fired at themselves (their Body Points): their crews are; the whole crew squad serves its gun, and the squad listed after a piece is its crew"},
	{[]string{"remote weapon"}, "remote weapons stand on the front edge of their side's set-up zone (the book puts them in the defender's buildings, which no scenario has), fire only in the Fire Combat Phase, with no following fire, and are never fired at, charged or destroyed (the book gives them no Strength)"},
	{[]string{"mounted"}, "riders mount again only mounts that fell wounded (the squad spends its move on it), never a loose one: a mount that runs off or amok is lost; a squad with a rider on foot goes on foot; riders and their mounts fight the enemies they are paired with, whatever the creature's arcs; a pinned rider does not pull himself free"},
	{[]string{"creature"}, "a creature unit runs amok as one body, and attacks what it runs into in the Close Assault Combat Phase"},
}

// NotSimulated is the list for a matchup: the engine's own, what it leaves out of what the
// two armies hold, the scenario's approximations, and the units it does not field.
func NotSimulated(field *Field, a, b *Force) []string {
	out := append([]string(nil), notSimulated...)
	hidden := field.Scenario.Darkness != nil
	for _, sd := range field.Scenario.Sides {
		hidden = hidden || sd.Hidden
	}
	if hidden {
		out = append(out, hiddenNotSimulated)
	}
	for _, l := range heldNotSimulated {
		for _, k := range l.keys {
			if a.Holds[rules.Normalize(k)] || b.Holds[rules.Normalize(k)] {
				out = append(out, l.text)
				break
			}
		}
	}
	out = append(out, field.Scenario.Approximations...)
	for _, f := range []*Force{a, b} {
		out = append(out, f.Skipped...)
	}
	return out
}
