package cards

import (
	"strings"
	"testing"
)

func faction(s string) string {
	switch Normalize(s) {
	case "rebelalliance", "rebel":
		return "Rebel Alliance"
	case "empire":
		return "Empire"
	case "fringe":
		return "Fringe"
	}
	return ""
}

// A pack card's printed values stay whatever the form sends; its blanks are read; the
// result is a whole card a battle can play.
func TestEntryCompletesAPackCardKeepingWhatIsPrinted(t *testing.T) {
	han, _ := Builtin().Lookup("Han Solo on Tauntaun")
	e := Entry{Values: map[string]string{"cost": "1", "hp": "5", "attack": "9", "damage": "20", "force": "3"},
		Size: "large", Abilities: []string{"Accurate Shot"}, Commander: "no"}
	c, errs := e.Card(han, faction)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if *c.Cost != 27 || *c.HP != 90 || *c.Attack != 9 || *c.Damage != 20 || *c.Force != 3 || *c.Size != Large {
		t.Errorf("values: %+v", c)
	}
	if m := c.Missing(); len(m) != 0 {
		t.Errorf("still missing: %v", m)
	}
	if !c.Has("Heal") || !c.Has("Mobile Attack") || !c.Has("Unique") || !c.AbilitiesComplete {
		t.Errorf("the printed abilities were lost: %v", c.Abilities)
	}
	if strings.Count(strings.Join(c.Abilities, ","), "Accurate Shot") != 1 {
		t.Errorf("a ticked printed ability listed twice: %v", c.Abilities)
	}
}

// Each refusal names the field and says what to write; a good field beside a bad one is
// kept in the entry (the form shows the entry again).
func TestEntryRefusesInWordsNamingTheField(t *testing.T) {
	cases := []struct {
		name  string
		e     Entry
		field string
		words string
	}{
		{"not a number", Entry{Values: map[string]string{"hp": "ten"}}, "hp", `Hit Points: write a whole number from 1 to 10000, not "ten"`},
		{"out of range", Entry{Values: map[string]string{"defense": "250"}}, "defense", "Defense: 250 is out of range"},
		{"fragile above hp", Entry{Values: map[string]string{"hp": "30"}, Numbers: map[string]string{"Fragile": "40"}}, "ability.Fragile", "could never attack"},
		{"powers with no force", Entry{Values: map[string]string{"force": "0"}, Powers: []string{"Force Grip"}}, "force", "Force rating: 0, but the card has Force powers"},
		{"commander none with text", Entry{Commander: "no", CommanderText: "+2 Attack"}, "commander", "you chose none but wrote an effect"},
		{"effect without bonus", Entry{Commander: "yes", Effects: []EffectEntry{{Stat: "attack"}}}, "effect0.bonus", "write the bonus"},
		{"rapport half", Entry{RapportName: "AT-ST"}, "rapport_amount", "Rapport: write how many points cheaper"},
		{"control character", Entry{Abilities: []string{"Bodyguard\x1b[2J"}}, "abilities", "control character"},
		{"bad size", Entry{Size: "gigantic"}, "size", "Size:"},
		{"hologram attacks", Entry{Abilities: []string{"Hologram", "Double Attack"}}, "abilities", "a Hologram cannot attack"},
	}
	leader, _ := Builtin().Lookup("Rebel Leader")
	for _, tc := range cases {
		_, errs := tc.e.Card(leader, faction)
		found := false
		for _, fe := range errs {
			found = found || fe.Field == tc.field && strings.Contains(fe.Msg, tc.words)
		}
		if !found {
			t.Errorf("%s: %v, want %s: %q", tc.name, errs, tc.field, tc.words)
		}
	}
	// An ability the form does not offer (a card imported from a file) is kept as written.
	if c, errs := (Entry{Abilities: []string{"Bodyguard"}}).Card(leader, faction); len(errs) > 0 || !c.Has("Bodyguard") || !c.Has("Double Attack") {
		t.Errorf("an imported ability: %v %v", c.Abilities, errs)
	}
	// A printed number contradicted.
	speeder, _ := Builtin().Lookup("Rebel Snowspeeder")
	if _, errs := (Entry{Numbers: map[string]string{"Damage Reduction": "20"}}).Card(speeder, faction); len(errs) != 1 || !strings.Contains(errs[0].Msg, "prints Damage Reduction 10") {
		t.Errorf("a printed ability's number changed: %v", errs)
	}
}

// A new card needs its name, faction and cost, and may not take a pack card's name.
func TestEntryNewCard(t *testing.T) {
	_, errs := Entry{}.Card(nil, faction)
	var fields []string
	for _, e := range errs {
		fields = append(fields, e.Field)
	}
	if strings.Join(fields, ",") != "name,faction,cost" {
		t.Errorf("a blank new card: %v", errs)
	}
	if _, errs := (Entry{Name: "Hoth trooper", Faction: "Rebel", Values: map[string]string{"cost": "7"}}).Card(nil, faction); len(errs) != 1 || errs[0].Field != "name" {
		t.Errorf("a pack card's name: %v", errs)
	}
	e := Entry{Name: "Wampa", Faction: "Fringe", Values: map[string]string{"cost": "20", "hp": "60", "defense": "15", "attack": "8", "damage": "20", "speed": "8", "force": "0"},
		Size: "large", Unique: "no", Abilities: []string{"Melee Attack"}, Numbers: map[string]string{"Damage Reduction": "5"}, Commander: "no"}
	c, errs := e.Card(nil, faction)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if len(c.Missing()) != 0 || !c.Has("Speed") || !c.Has("Damage Reduction") || c.Faction != "Fringe" {
		t.Errorf("the new card: %+v, missing %v", c, c.Missing())
	}
	// The form shows the card again as it was entered.
	back := EntryOf(&c)
	if back.Values["hp"] != "60" || back.Numbers["Damage Reduction"] != "5" || back.Unique != "no" || len(back.Abilities) != 1 {
		t.Errorf("EntryOf: %+v", back)
	}
}
