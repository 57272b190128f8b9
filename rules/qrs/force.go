package qrs

// Power is one Force action as the sheet lists it. Each costs 1 Force point (Block 2);
// "Any force user may use The Force to perform one action an activation (Sith, and Jedi
// Masters may use 2 an activation)" and powers "prevent shooting by the user unless Jedi or
// better".
type Power struct {
	Name     string
	Cost     int
	DarkSide bool
	Text     string
}

// Powers are the sheet's Jedi powers in its order.
var Powers = []Power{
	{"Enhance", 1, false, "Double any movement up or down, +50% on the level."},
	{"Lift", 1, false, "Lift up to (current Force level) mass units and move at the user's movement speed."},
	{"Push/pull", 1, false, "Move (current Force level) figures up to 2D6\"; stunned for 3 turns if they hit a solid object."},
	{"Force jump", 1, false, "Jump up to (current Force level x D6\"), up or over obstacles (includes Force-assisted running)."},
	{"Mind Trick", 1, false, "Control up to 3 figures (Basic trooper, Stormtrooper only) within 5\", or one at up to 24\"."},
	{"Force lightning", 1, true, "Attack a figure within 24\": immobilised; on a 4th continuous turn it kills the victim."},
	{"Defend/Deflect", 1, false, "Light sabre users stop a hit on themselves or a figure within 2\" and deflect the shot back, with their bracketed firepower."},
	{"Seeing", 1, false, "See hidden figures within 3\" of a position where they could be seen."},
	{"Wound suppression", 1, false, "Ignore a wound this turn; a 6 on a D6 each turn makes the heal permanent."},
	{"Choke", 1, false, "Choke a living opponent (a choked Force user can only Block); Dark side users kill after 3 turns held uninterrupted."},
	{"Swipe", 1, false, "Under fire at point blank from a group with Firepower 5 or more: swipe their weapon aside, and so miss."},
	{"Block", 2, false, "Block an enemy Force action."},
	{"Activate", 1, false, "Switch switches, activate door mechanisms etc."},
}

// SwipeAllowed: "A Force user under fire at Point blank range from a group with Firepower 5
// or more may Swipe".
func SwipeAllowed(band, groupFirepower int) bool { return band == PointBlank && groupFirepower >= 5 }
