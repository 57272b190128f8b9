package check

import (
	"strings"
	"testing"

	"muster/rules/swm/army"
	"muster/rules/system"
)

func evaluate(t *testing.T, file string) *Costed {
	t.Helper()
	a, err := army.Read([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	c, err := Evaluate(a)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func problems(c *Costed, rule, severity string) []system.Problem {
	var out []system.Problem
	for _, p := range c.Problems {
		if p.Rule == rule && p.Severity == severity {
			out = append(out, p)
		}
	}
	return out
}

const sample = `format: 1
system: swm
name: Sample Rebel Alliance squad
faction: Rebel Alliance
era: Rebellion
units:
  - card: Princess Leia, Hoth Commander
  - card: Rebel Leader
  - {card: Hoth Trooper with Atgar Cannon, count: 2}
  - card: Elite Hoth Trooper
  - {card: Hoth Trooper, count: 3}
`

// Squad Construction: the sample Rebel Alliance squad costs 19 + 18 + 30 + 12 + 21 = 100,
// the standard scenario's limit, with no error.
func TestSampleRebelSquadCostsOneHundred(t *testing.T) {
	c := evaluate(t, sample)
	if c.Total != 100 {
		t.Errorf("total %d, want 100", c.Total)
	}
	if c.Report().HasErrors() {
		t.Errorf("errors: %v", c.Problems)
	}
	if c.Side != "light" {
		t.Errorf("side %q; the Rebel Alliance is the Light Side in the Rebellion era", c.Side)
	}
}

// Unique (p. 31): a second Princess Leia is an error naming that unit.
func TestUniqueSecondPrincessLeia(t *testing.T) {
	c := evaluate(t, sample+"  - card: princess leia hoth commander\n")
	ps := problems(c, RuleUnique, system.Error)
	if len(ps) != 1 || ps[0].Unit != 5 || !strings.HasPrefix(ps[0].Message, "Unit 6, Princess Leia, Hoth Commander:") {
		t.Fatalf("unique problems %+v; want one naming unit 6", ps)
	}
	if ps[0].Hint == "" {
		t.Error("no fix offered")
	}
}

// Unique by given name: versions share it. A house card "Luke Skywalker, Jedi Knight"
// beside Luke Skywalker on Tauntaun is a second Luke Skywalker.
func TestUniqueVersionsShareTheGivenName(t *testing.T) {
	c := evaluate(t, `format: 1
system: swm
faction: Rebel
units:
  - card: Luke Skywalker on Tauntaun
  - card: Luke Skywalker, Jedi Knight
cards:
  - {name: "Luke Skywalker, Jedi Knight", faction: Rebel Alliance, cost: 40, abilities: [Unique]}
`)
	if ps := problems(c, RuleUnique, system.Error); len(ps) != 1 || ps[0].Unit != 1 {
		t.Errorf("problems %+v; want the second Luke named", c.Problems)
	}
	c = evaluate(t, "format: 1\nsystem: swm\nfaction: Rebel Alliance\nunits: [{card: Luke Skywalker on Tauntaun, count: 2}]\n")
	if ps := problems(c, RuleUnique, system.Error); len(ps) != 1 {
		t.Errorf("two copies of a Unique card: %+v", c.Problems)
	}
}

// Squad Construction: up to 100 points. 101 is an error naming the unit that passes it.
func TestPointsLimitOneOver(t *testing.T) {
	c := evaluate(t, sample+"  - card: Echo Base Deck Officer\ncards:\n  - {name: Echo Base Deck Officer, faction: Rebel Alliance, cost: 1}\n")
	ps := problems(c, RulePoints, system.Error)
	if c.Total != 101 || len(ps) != 1 || ps[0].Unit != 5 || !strings.Contains(ps[0].Message, "Unit 6, Echo Base Deck Officer") || !strings.Contains(ps[0].Message, "1 over the limit of 100") {
		t.Fatalf("total %d, problems %+v", c.Total, ps)
	}
	// The scenario's own total: Assault on Echo Base gives the Rebels 171.
	c = evaluate(t, strings.Replace(sample, "era: Rebellion\n", "era: Rebellion\nlimit: 99\n", 1))
	if ps := problems(c, RulePoints, system.Error); len(ps) != 1 || ps[0].Unit != 4 {
		t.Errorf("100 against 99: %+v, want the last unit named", ps)
	}
}

// Choosing a Faction (p. 13): the era fixes the factions; a card fights for its faction;
// Fringe joins any.
func TestEraFactionTableAndFringe(t *testing.T) {
	c := evaluate(t, "format: 1\nsystem: swm\nfaction: Sith\nera: Rebellion\nunits: [{card: Snowtrooper}]\n")
	if len(problems(c, RuleEra, system.Error)) != 1 {
		t.Errorf("the Sith in the Rebellion era: %+v", c.Problems)
	}
	c = evaluate(t, "format: 1\nsystem: swm\nfaction: Empire\nera: New Jedi Order\nunits: [{card: Snowtrooper}]\n")
	if c.Report().HasErrors() || c.Side != "light" {
		t.Errorf("the Empire in the New Jedi Order is a Light Side faction: side %q, %+v", c.Side, c.Problems)
	}
	c = evaluate(t, `format: 1
system: swm
faction: Empire
era: Rebellion
units:
  - card: Hoth Trooper
  - card: Bounty Hunter
cards:
  - {name: Bounty Hunter, faction: Fringe, cost: 10}
`)
	ps := problems(c, RuleFaction, system.Error)
	if len(ps) != 1 || ps[0].Unit != 0 || !strings.HasPrefix(ps[0].Message, "Unit 1, Hoth Trooper:") {
		t.Errorf("a Rebel card in an Imperial squad (and a Fringe one): %+v", c.Problems)
	}
	c = evaluate(t, "format: 1\nsystem: swm\nfaction: Fringe\nunits: [{card: Snowtrooper}]\n")
	if len(problems(c, RuleFaction, system.Error)) != 1 {
		t.Errorf("a Fringe squad: %+v", c.Problems)
	}
	c = evaluate(t, "format: 1\nsystem: swm\nfaction: Jawas\nunits: [{card: Snowtrooper}]\n")
	if len(problems(c, RuleFaction, system.Error)) != 1 {
		t.Errorf("an unknown faction: %+v", c.Problems)
	}
}

// Rapport (p. 31): the named characters cost less, at least 1; copies of the same Rapport
// do not stack; different Rapports do.
func TestRapportReducesCostMinimumOneNoStacking(t *testing.T) {
	file := `format: 1
system: swm
faction: Empire
limit: 200
units:
  - card: General Veers, Hologram
  - card: General Veers Again
  - card: AT-ST Driver
  - card: Cheap AT-ST
cards:
  - name: General Veers, Hologram
    rapport: [{name_contains: AT-ST, reduction: 10}]
  - {name: General Veers Again, faction: Empire, cost: 5, rapport: [{name_contains: at-st, reduction: 10}]}
  - {name: AT-ST Driver, faction: Empire, cost: 30}
  - {name: Cheap AT-ST, faction: Empire, cost: 8}
`
	c := evaluate(t, file)
	if c.Units[2].Each != 20 {
		t.Errorf("AT-ST Driver costs %d; 30 less one Rapport of 10 (the copy does not stack) is 20", c.Units[2].Each)
	}
	if c.Units[3].Each != 1 {
		t.Errorf("Cheap AT-ST costs %d; 8 - 10 is below the minimum of 1", c.Units[3].Each)
	}
	// A different Rapport stacks.
	c = evaluate(t, strings.Replace(file, "reduction: 10}]}", "reduction: 5}]}", 1))
	if c.Units[2].Each != 15 {
		t.Errorf("two different Rapports: %d, want 30 - 10 - 5 = 15", c.Units[2].Each)
	}
}

func TestUnknownCardSuggestsNames(t *testing.T) {
	c := evaluate(t, "format: 1\nsystem: swm\nfaction: Empire\nunits: [{card: Snowtroper}]\n")
	ps := problems(c, RuleCard, system.Error)
	if len(ps) != 1 || !strings.Contains(ps[0].Hint, "Snowtrooper") {
		t.Errorf("%+v", c.Problems)
	}
}

// A cards: block completes a pack card; a value that contradicts a printed one, or a list
// that leaves out a printed ability, is a warning and the printed value stays.
func TestCardsBlockConflictsAreWarnings(t *testing.T) {
	c := evaluate(t, `format: 1
system: swm
faction: Empire
units: [{card: "Darth Vader, Imperial Commander"}]
cards:
  - {name: "Darth Vader, Imperial Commander", defense: 20, attack: 14, abilities: [Melee Attack, Double Attack]}
`)
	ws := problems(c, RuleCards, system.Warning)
	if len(ws) != 2 || !strings.Contains(ws[0].Message, "defense 20") || !strings.Contains(ws[1].Message, "leave out Unique") {
		t.Fatalf("%+v", c.Problems)
	}
	if d := *c.Units[0].Card.Defense; d != 23 || *c.Units[0].Card.Attack != 14 {
		t.Errorf("Defense %d (printed 23 stays), Attack %d (filled in: 14)", d, *c.Units[0].Card.Attack)
	}
}

// Characters (p. 12): one squad is Light Side, the other Dark Side. Two Empire squads of the
// Rebellion era are both Dark Side, and the note says so; Rebels against the Empire, or a
// squad that names no era, draw no note.
func TestSidesNoteForTwoSquadsOfOneSide(t *testing.T) {
	squad := func(faction, era string) *Costed {
		c, err := Evaluate(&army.Army{Name: "s", Faction: faction, Era: era, Limit: 100, Units: []army.Unit{{Card: "Snowtrooper", Count: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	empire, rebels, noEra := squad("Empire", "Rebellion"), squad("Rebel Alliance", "Rebellion"), squad("Empire", "")
	if n := SidesNote(empire, empire); !strings.Contains(n, "both squads fight for the dark side") {
		t.Errorf("two Rebellion-era Empire squads: %q", n)
	}
	for _, pair := range [][2]*Costed{{empire, rebels}, {rebels, empire}, {noEra, noEra}} {
		if n := SidesNote(pair[0], pair[1]); n != "" {
			t.Errorf("%s (%s) against %s (%s): %q", pair[0].Army.Faction, pair[0].Side, pair[1].Army.Faction, pair[1].Side, n)
		}
	}
}

// A card the file's cards: block adds (a card of another set) is not the rulebook's to
// print: what it lacks is the block's to give; a pack card's gaps are the rulebook's.
func TestMissingValuesOfAFileCardAreTheFilesToGive(t *testing.T) {
	c := evaluate(t, `format: 1
system: swm
name: s
faction: Rebel Alliance
units:
  - card: Rebel Leader
  - card: "Luke Skywalker, Jedi Knight"
cards:
  - {name: "Luke Skywalker, Jedi Knight", faction: Rebel Alliance, cost: 30}
`)
	var msgs []string
	for _, p := range c.Problems {
		if p.Rule == RuleStats {
			msgs = append(msgs, p.Message)
		}
	}
	if len(msgs) != 2 || !strings.HasPrefix(msgs[0], "Unit 1, Rebel Leader: the rulebook does not print its hp") ||
		!strings.HasPrefix(msgs[1], "Unit 2, Luke Skywalker, Jedi Knight: the file's cards: block does not give its hp") {
		t.Errorf("%q", msgs)
	}
}

// A squad that names no era is known by its faction where the table of eras and factions
// (Choosing a Faction, p. 13) always puts it on one side: the Rebel Alliance light, the
// Separatists and the Yuuzhan Vong dark; the Empire is dark but for the New Jedi Order's
// light, so its side needs the era.
func TestFactionSideWhereEveryEraAgrees(t *testing.T) {
	for faction, want := range map[string]string{"Rebel Alliance": "light", "Old Republic": "light", "New Republic": "light",
		"Republic": "light", "Separatists": "dark", "Sith": "dark", "Mandalorian": "dark", "Yuuzhan Vong": "dark",
		"Empire": "", Fringe: "", "Hutts": ""} {
		if got := FactionSide(faction); got != want {
			t.Errorf("%s: %q, want %q", faction, got, want)
		}
	}
}
