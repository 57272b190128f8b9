package check

import (
	"strings"
	"testing"

	"muster/rules/swm/army"
)

// The picker offers a Rebel Alliance squad its faction's cards, refuses the Empire's
// (Choosing a Faction, p. 13) and a second Princess Leia (glossary, Unique), each with the
// reason, and lists the squad's faction first.
func TestOffersChoosingAFactionAndUnique(t *testing.T) {
	a, err := army.Read([]byte("format: 1\nsystem: swm\nname: S\nfaction: Rebel\nunits:\n  - card: Princess Leia, Hoth Commander\n"))
	if err != nil {
		t.Fatal(err)
	}
	cat, _, err := a.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	offers := Offers(a, cat)
	if len(offers) != 14 {
		t.Fatalf("%d offers, want the pack's 14 cards", len(offers))
	}
	by := map[string]Offer{}
	for _, o := range offers {
		by[o.Card.Name] = o
	}
	if o := by["Hoth Trooper"]; !o.Allowed {
		t.Errorf("Hoth Trooper refused: %s", o.Why)
	}
	if o := by["Darth Vader, Imperial Commander"]; o.Allowed || !strings.Contains(o.Why, "fights for the Empire, not the Rebel Alliance") {
		t.Errorf("Vader: %+v", o)
	}
	if o := by["Princess Leia, Hoth Commander"]; o.Allowed || !strings.Contains(o.Why, "Unique: unit 1 is already Princess Leia") {
		t.Errorf("second Leia: %+v", o)
	}
	// Luke on Tauntaun is a different given name: still allowed.
	if o := by["Luke Skywalker on Tauntaun"]; !o.Allowed {
		t.Errorf("Luke refused: %s", o.Why)
	}
	if offers[0].Group != "Rebel Alliance" || offers[len(offers)-1].Group != "Empire" {
		t.Errorf("order: first %s, last %s", offers[0].Group, offers[len(offers)-1].Group)
	}
}
