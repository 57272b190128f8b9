package engine

import (
	"math/rand/v2"
	"strings"
	"testing"

	"muster/rules/swm/cards"
)

func ip(v int) *int { return &v }

// house makes a complete test card (house numbers, not a printed card).
func house(name string, cost, hp, def, atk, dmg int, abilities ...string) *cards.Card {
	size := cards.Medium
	speed := 6
	c := &cards.Card{Name: name, Faction: "Empire", Cost: ip(cost), HP: ip(hp), Defense: ip(def), Attack: ip(atk), Damage: ip(dmg),
		Size: &size, Abilities: abilities, AbilitiesComplete: true, Force: ip(0), Commander: &cards.Commander{}}
	if v, ok := c.Ability("Speed"); ok {
		speed = v
	}
	c.Speed = ip(speed)
	return c
}

func squad(name string, cs ...*cards.Card) Squad {
	s := Squad{Name: name}
	for i, c := range cs {
		s.Figures = append(s.Figures, Figure{Unit: i, Card: c, Cost: *c.Cost})
	}
	return s
}

func rng(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 1)) }

// newBattle sets up a battle without playing it, for rule tests that place figures.
func newBattle(t *testing.T, m *Map, a, b Squad) *Battle {
	t.Helper()
	bt := begin(m, a, b, rng(1), true, nil)
	if err := bt.setup(); err != nil {
		t.Fatal(err)
	}
	bt.round, bt.turn = 1, 1
	return bt
}

// put moves a character to p.
func (b *Battle) put(c *Char, p Point) {
	b.lift(c)
	c.Pos = p
	b.place(c)
}

// setDoor opens or closes a door as if a turn had ended beside it.
func (b *Battle) setDoor(p Point, open bool) {
	b.open[b.ter.door[p.Y*b.m.W+p.X]] = open
	b.view = b.ter.view(b.open)
	clear(b.asym)
	b.moved()
}

// field is a test map drawn as text, with one 'a' and one 'b' square at least.
func field(t *testing.T, rows ...string) *Map {
	t.Helper()
	m, err := Parse("test", "a test map", rows)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// char finds a character by its label.
func (b *Battle) char(t *testing.T, label string) *Char {
	t.Helper()
	for _, c := range b.chars {
		if c.Label == label {
			return c
		}
	}
	t.Fatalf("no character %q", label)
	return nil
}

func (b *Battle) logText() string { return strings.Join(b.lines, "\n") }

func count(s, sub string) int { return strings.Count(s, sub) }
