package cards

import (
	"slices"
	"testing"
)

// The pack's 14 cards cost what the rulebook's squads add up to: the Assault on Echo Base
// squads 168 (Imperial) and 171 (Rebel), the sample Rebel squad 100, the Salvage Mission
// squads 26 and 26.
func TestPackCostsAddUpToTheRulebooksSquads(t *testing.T) {
	c := Builtin()
	if n := len(c.Cards()); n != 14 {
		t.Fatalf("%d cards, want the pack's 14", n)
	}
	squads := []struct {
		name  string
		cards map[string]int
		total int
	}{
		{"Assault on Echo Base, Imperial (L577)", map[string]int{"Darth Vader, Imperial Commander": 1, "General Veers, Hologram": 1, "Blizzard Scout 1": 1,
			"Elite Snowtrooper": 1, "Snowtrooper with E-Web Blaster": 1, "Snowtrooper": 2}, 168},
		{"Assault on Echo Base, Rebel (L585)", map[string]int{"Luke Skywalker on Tauntaun": 1, "Han Solo on Tauntaun": 1, "Princess Leia, Hoth Commander": 1,
			"Rebel Leader": 1, "Rebel Snowspeeder": 1, "Hoth Trooper with Atgar Cannon": 1, "Elite Hoth Trooper": 2, "Hoth Trooper": 2}, 171},
		{"sample Rebel Alliance squad (L319)", map[string]int{"Princess Leia, Hoth Commander": 1, "Rebel Leader": 1,
			"Hoth Trooper with Atgar Cannon": 2, "Elite Hoth Trooper": 1, "Hoth Trooper": 3}, 100},
		{"Echo Base Salvage, Imperial (L551)", map[string]int{"Elite Snowtrooper": 1, "Snowtrooper": 2}, 26},
		{"Echo Base Salvage, Rebel (L555)", map[string]int{"Elite Hoth Trooper": 1, "Hoth Trooper": 2}, 26},
	}
	for _, s := range squads {
		sum := 0
		for name, n := range s.cards {
			card, ok := c.Lookup(name)
			if !ok {
				t.Fatalf("%s: no card %q", s.name, name)
			}
			sum += n * *card.Cost
		}
		if sum != s.total {
			t.Errorf("%s costs %d, the rulebook prints %d", s.name, sum, s.total)
		}
	}
}

// The rulebook's printed numbers, where it prints them: Leia +7 / 20 against Vader (Defense
// 23, 140 HP); Han Defense 16, 90 HP and the Snowtrooper +4 / 10 in the Example of Combat.
func TestRulebookNumbersOnTheCards(t *testing.T) {
	c := Builtin()
	get := func(name string) *Card {
		card, ok := c.Lookup(name)
		if !ok {
			t.Fatalf("no card %q", name)
		}
		return card
	}
	leia, vader, han, snow := get("princess leia, hoth commander"), get("Darth Vader, Imperial Commander"), get("Han Solo on Tauntaun"), get("Snowtrooper")
	check := func(what string, p *int, want int) {
		t.Helper()
		if p == nil || *p != want {
			t.Errorf("%s: %v, want %d", what, p, want)
		}
	}
	check("Leia's Attack", leia.Attack, 7)
	check("Leia's Damage", leia.Damage, 20)
	check("Vader's Defense", vader.Defense, 23)
	check("Vader's Hit Points", vader.HP, 140)
	check("Vader's Force", vader.Force, 5)
	check("Han's Defense", han.Defense, 16)
	check("Han's Hit Points", han.HP, 90)
	check("Snowtrooper's Attack", snow.Attack, 4)
	check("Snowtrooper's Damage", snow.Damage, 10)
	// The Quick Start's Snowtroopers move 6 (L45; only the tauntaun riders are faster, L235),
	// have no Force points (only Vader, Han, Luke and Leia do, L261) and no commander effect
	// (only Vader and Leia, L267).
	check("Snowtrooper's Speed", snow.Speed, 6)
	check("Snowtrooper's Force", snow.Force, 0)
	if snow.Commander == nil || snow.Commander.Has {
		t.Errorf("Snowtrooper's commander effect: %+v, want none", snow.Commander)
	}
	// What the book does not print stays unknown.
	if leia.HP != nil || leia.Defense != nil || vader.Attack != nil || snow.HP != nil {
		t.Error("an unprinted value was filled in")
	}
}

// Only Luke Skywalker on Tauntaun is known in full (rulebook and Pojo); every other card
// lacks something a battle needs, and says what.
func TestOnlyLukeIsComplete(t *testing.T) {
	for _, card := range Builtin().Cards() {
		m := card.Missing()
		if card.Name == "Luke Skywalker on Tauntaun" {
			if len(m) != 0 {
				t.Errorf("Luke misses %v", m)
			}
			continue
		}
		if len(m) == 0 {
			t.Errorf("%s is complete; the rulebook does not print all of it", card.Name)
		}
	}
	veers, _ := Builtin().Lookup("General Veers, Hologram")
	if slices.Contains(veers.Missing(), "hp") {
		t.Error("a Hologram cannot be damaged; it needs no Hit Points")
	}
}

// Unique counts the given name: "Luke Skywalker on Tauntaun" is Luke Skywalker, "Princess
// Leia, Hoth Commander" Princess Leia (glossary, Unique).
func TestGivenNameOfVersions(t *testing.T) {
	for name, want := range map[string]string{
		"Luke Skywalker on Tauntaun":      "Luke Skywalker",
		"Luke Skywalker, Jedi Knight":     "Luke Skywalker",
		"Princess Leia, Hoth Commander":   "Princess Leia",
		"Darth Vader, Imperial Commander": "Darth Vader",
	} {
		if got := (&Card{Name: name}).Given(); got != want {
			t.Errorf("%s counts as %q, want %q", name, got, want)
		}
	}
}

// A cards: block completes a printed card's unknown values and keeps the printed ones.
func TestCardsBlockCompletesButDoesNotChangeAPrintedCard(t *testing.T) {
	hp, def, wrong := 80, 18, 99
	cat, conflicts, err := Builtin().Extend([]Card{
		{Name: "Princess Leia, Hoth Commander", HP: &hp, Defense: &def, Attack: &wrong},
		{Name: "Wampa", Faction: "Fringe", Cost: &def, Abilities: []string{"Speed 8"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	leia, _ := cat.Lookup("Princess Leia, Hoth Commander")
	if *leia.HP != 80 || *leia.Defense != 18 || *leia.Attack != 7 {
		t.Errorf("Leia: HP %d Defense %d Attack %d, want 80, 18 and the printed 7", *leia.HP, *leia.Defense, *leia.Attack)
	}
	if len(conflicts) != 1 || conflicts[0].Field != "attack" || conflicts[0].Printed != "7" {
		t.Errorf("conflicts %+v, want the attack 99 against the printed 7", conflicts)
	}
	orig, _ := Builtin().Lookup("Princess Leia, Hoth Commander")
	if orig.HP != nil {
		t.Error("extending changed the built-in catalogue")
	}
	w, ok := cat.Lookup("wampa")
	if !ok || *w.Speed != 8 || !w.AbilitiesComplete {
		t.Errorf("the new card: %+v, want Speed 8 from its ability and a complete list", w)
	}
	if _, _, err := Builtin().Extend([]Card{{Name: "Nobody"}}); err == nil {
		t.Error("a new card without a cost was accepted")
	}
}

func TestSplitAbility(t *testing.T) {
	for in, want := range map[string]struct {
		name string
		v    int
	}{"Damage Reduction 10": {"Damage Reduction", 10}, "Spotter +2": {"Spotter", 2}, "Double Attack": {"Double Attack", 0}} {
		n, v := SplitAbility(in)
		if n != want.name || v != want.v {
			t.Errorf("%q: %q %d", in, n, v)
		}
	}
}
