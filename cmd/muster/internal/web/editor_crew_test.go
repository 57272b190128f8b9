package web

import (
	"strings"
	"testing"

	"muster/roster"
	"muster/rules"
)

// The editor's "crew:N" action: the crew goes right after the piece; asked of a unit that
// is not a piece, of a crewed piece or of no unit, it is refused in words that say why.
func TestCrewActionAddsTheCrewAfterThePieceOrSaysWhyNot(t *testing.T) {
	cat := rules.Default()
	army := &roster.Army{Format: 1, System: "swmb", Side: "rebel", Units: []roster.Unit{
		{Kind: roster.KindArtillery, Artillery: "Light Anti-Vehicle Laser Cannon"},
		{Kind: roster.KindCreature, Creature: "Wampa", Count: 1},
	}}
	note, focus, err := applyAction(cat, army, "crew:0", "")
	if err != nil || focus != 1 || army.Units[1].Kind != roster.KindSquad || army.Units[1].Size != 4 || army.Units[2].Creature != "Wampa" {
		t.Fatalf("crew:0: %q %d %v %+v", note, focus, err, army.Units)
	}
	if !strings.Contains(note, "Light Anti-Vehicle Laser Cannon") {
		t.Errorf("the version's note %q does not name the piece", note)
	}
	for action, want := range map[string]string{
		"crew:0": "already has its crew",
		"crew:2": "only an artillery piece",
		"crew:":  "say which unit",
		"crew:9": "no unit",
	} {
		if _, _, err := applyAction(cat, army, action, ""); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", action, err, want)
		}
	}
}
