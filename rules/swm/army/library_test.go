package army

import (
	"strings"
	"testing"

	"muster/rules/swm/cards"
)

// A library written reads back as the same cards, and its entries read as a squad file's
// cards: block does (the engine's reading).
func TestLibraryRoundTripsAndReadsAsASquadFilesCards(t *testing.T) {
	hp, def, atk, dmg, force := 40, 15, 7, 10, 0
	size := cards.Medium
	no := false
	leader := cards.Card{Name: "Rebel Leader", HP: &hp, Defense: &def, Attack: &atk, Damage: &dmg, Force: &force, Size: &size, Unique: &no,
		Abilities: []string{"Double Attack"}, AbilitiesComplete: true, Commander: &cards.Commander{}}
	cost := 20
	wampa := cards.Card{Name: "Wampa", Faction: "Fringe", Cost: &cost, Abilities: []string{}, AbilitiesComplete: true,
		Commander: &cards.Commander{Has: true, Text: "x", Effects: []cards.Effect{{Stat: "attack", Bonus: 2, FollowersOnly: true}}}}
	file, err := WriteLibrary([]cards.Card{leader, wampa})
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadLibrary(file)
	if err != nil {
		t.Fatalf("%v\n%s", err, file)
	}
	if len(got) != 2 || *got[0].HP != 40 || got[1].Commander.Effects[0].Bonus != 2 || got[0].Abilities[0] != "Double Attack" {
		t.Errorf("read back: %+v", got)
	}
	squad := "format: 1\nsystem: swm\nname: x\nfaction: Rebel Alliance\nunits: [{card: Rebel Leader}]\n" +
		strings.SplitN(string(file), "system: swm\n", 2)[1]
	a, err := Read([]byte(squad))
	if err != nil {
		t.Fatalf("%v\n%s", err, squad)
	}
	cat, conflicts, err := a.Catalog()
	if err != nil || len(conflicts) > 0 {
		t.Fatal(err, conflicts)
	}
	if c, _ := cat.Lookup("Rebel Leader"); len(c.Missing()) != 0 {
		t.Errorf("the squad file's Rebel Leader lacks %v", c.Missing())
	}
}

// A squad's library fills what its file leaves blank; the file's values stand, and a
// library value that differs is a conflict marked as the library's.
func TestLibraryCompletesASquadAfterItsFile(t *testing.T) {
	a, err := Read([]byte("format: 1\nsystem: swm\nname: x\nfaction: Rebel Alliance\nunits: [{card: Rebel Leader}]\ncards: [{name: Rebel Leader, hp: 50}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	hp, def := 40, 15
	a.Library = []cards.Card{{Name: "rebel leader", HP: &hp, Defense: &def}}
	cat, conflicts, err := a.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	c, _ := cat.Lookup("Rebel Leader")
	if *c.HP != 50 || *c.Defense != 15 {
		t.Errorf("hp %d defense %d, want the file's 50 and the library's 15", *c.HP, *c.Defense)
	}
	if len(conflicts) != 1 || !conflicts[0].Library || conflicts[0].Field != "hp" {
		t.Errorf("conflicts: %+v", conflicts)
	}
}

// A library file is refused in words: two cards of a name, a new card without its cost.
func TestLibraryRefusals(t *testing.T) {
	for file, want := range map[string]string{
		"format: 1\nsystem: swm\ncards: [{name: A, faction: Fringe, cost: 1}, {name: a, faction: Fringe, cost: 2}]\n": "a second card of this name",
		"format: 1\nsystem: swm\ncards: [{name: Wampa, faction: Fringe}]\n":                                           "needs its cost",
		"format: 1\nsystem: qrs\ncards: [{name: Wampa}]\n":                                                            "system:",
		"format: 1\nsystem: swm\ncards: []\n":                                                                         "cards: none",
		"format: 1\nsystem: swm\ncards: [{name: Rebel Leader, hp: 0}]\n":                                              "hp: 0 is out of range",
	} {
		if _, err := ReadLibrary([]byte(file)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", file, err, want)
		}
	}
}

// A squad file with its library folded in reads as the squad with its library: what a
// reader of files alone (a job's worker) plays.
func TestWithLibraryFoldsTheLibraryIntoTheFile(t *testing.T) {
	file := []byte("# a comment\nformat: 1\nsystem: swm\nname: x\nfaction: Rebel Alliance\nunits: [{card: Rebel Leader}, {card: Wampa}]\ncards: [{name: Rebel Leader, hp: 50}]\n")
	hp, def, atk, dmg, force, cost := 40, 15, 7, 10, 0, 20
	size := cards.Medium
	no := false
	lib := []cards.Card{
		{Name: "Rebel Leader", HP: &hp, Defense: &def, Attack: &atk, Damage: &dmg, Force: &force, Size: &size, Unique: &no, Abilities: []string{"Double Attack"}, AbilitiesComplete: true, Commander: &cards.Commander{}},
		{Name: "Wampa", Faction: "Fringe", Cost: &cost, HP: &hp, Defense: &def, Attack: &atk, Damage: &dmg, Size: &size, Unique: &no, Abilities: []string{}, AbilitiesComplete: true},
		{Name: "Hoth Trooper", HP: &hp},
	}
	folded, err := WithLibrary(file, lib)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Read(folded)
	if err != nil {
		t.Fatalf("%v\n%s", err, folded)
	}
	if len(a.Cards) != 3 || strings.Contains(string(folded), "Hoth Trooper") {
		t.Errorf("the folded file's cards (only those its units name): %s", folded)
	}
	cat, _, err := a.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	leader, _ := cat.Lookup("Rebel Leader")
	wampa, ok := cat.Lookup("Wampa")
	if *leader.HP != 50 || *leader.Defense != 15 || len(leader.Missing()) != 0 || !ok || len(wampa.Missing()) != 0 {
		t.Errorf("the folded squad: leader %+v, wampa %+v", leader, wampa)
	}
	if same, _ := WithLibrary(file, nil); string(same) != string(file) {
		t.Error("no library changed the file")
	}
}

// FuzzReadLibrary: any bytes either read as cards that write and read back the same, or are
// refused with a message, without a panic.
func FuzzReadLibrary(f *testing.F) {
	for _, s := range append(fuzzSeeds,
		"format: 1\nsystem: swm\ncards: [{name: Rebel Leader, hp: 40, abilities: [Double Attack]}]\n",
		"format: 1\nsystem: swm\ncards: [{name: W, faction: Fringe, cost: 1, commander: {has: true, text: \"a\\nb\", effects: [{stat: attack, bonus: 2}]}, rapport: [{name_contains: x, reduction: 1}]}]\n") {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		list, err := ReadLibrary(data)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty message")
			}
			return
		}
		out, err := WriteLibrary(list)
		if err != nil {
			t.Fatalf("a library that read does not write: %v", err)
		}
		again, err := ReadLibrary(out)
		if err != nil || len(again) != len(list) {
			t.Fatalf("a written library does not read back: %v\n%s", err, out)
		}
	})
}
