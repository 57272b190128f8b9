package battle

import (
	"fmt"

	"muster/rules/combat"
)

// Dice streams. Every unit rolls from dice of its own, seeded afresh for each turn and
// stage of the turn from the battle's seed, the unit's side and its place in its army, and
// the table (initiative, reinforcements, the weather) from dice of its own too. A change to
// one unit (a weapon, a soldier more) changes that unit's rolls and what follows from them,
// but leaves every other unit's dice where they were, and from the next stage on even the
// changed unit's: so two armies differing in one unit, played on the same seed, fight
// battles that stay alike (common random numbers), and what-if's paired intervals are
// narrow. With one stream for the whole battle a changed figure moved every later die.
//
// Whoever acts takes the dice: a unit for its move (its charge test and what its plan
// weighs), its volleys (wherever they are fired: the Fire Combat Phase, opportunity and
// defensive fire, each with the damage they do), its morale tests, its close assault (an
// engagement rolls with its first unit's dice) and its special actions; the end of a
// phase's wounds roll from a stream of the wounded unit's own.

// Stages of the turn, in the order they are played: a stream's key includes the stage, so
// the keys of a battle never repeat.
const (
	stageSetup = iota
	stageInitiative
	stageMove
	stageSpotting
	stageClouds
	stageFire
	stageAssault
	stageMorale
	stageSpecial
)

// What a unit's dice are for: its actions, and the wounds it takes at the end of a phase.
// Each has a stream of its own, so that the two never restart each other.
const (
	forActing = iota
	forWounds
	forHarm // where a volley's hits fall and what they do (harmDice)
	purposes
)

// stream is one set of dice and the key it was last seeded with (0: not in this battle):
// the turn and stage (at) and how many actions the unit began before in that stage (n).
type stream struct {
	dice combat.Dice
	key  uint64
	at   uint64
	n    uint64
}

// unitKey is what names a unit's dice: its side, its name and how many units of its army
// before it bear the same name. Not its place in the army: dropping or adding a unit (what
// what-if proposes) leaves every other unit's dice where they were.
func unitKey(side int, name string, nth int) uint64 {
	h := uint64(14695981039346656037) // FNV-1a
	for i := 0; i < len(name); i++ {
		h = (h ^ uint64(name[i])) * 1099511628211
	}
	return mix64(h + uint64(side+1)<<32 + uint64(nth))
}

// figureKey names the k-th figure of the unit named by key (his mount, when mount) for
// the dice that decide which figures a volley's hits fall on and the damage they take
// (combat.Figure.Key): a soldier more or less at the end of one squad leaves every other
// figure's key as it was.
func figureKey(unit uint64, k int, mount bool) uint64 {
	z := mix64(unit + uint64(k+1)*0x9e3779b97f4a7c15)
	if mount {
		z = mix64(z ^ 0x6d6f756e74) // "mount"
	}
	return z | 1
}

// keyUnits names each unit for its dice (unitKey), once a battle.
func (b *Battle) keyUnits() {
	if len(b.unitKeys) == len(b.units) {
		return
	}
	b.unitKeys = make([]uint64, len(b.units))
	seen := map[string]int{}
	for i := range b.units {
		u := &b.units[i]
		k := fmt.Sprint(u.side, u.spec.Name)
		b.unitKeys[i] = unitKey(u.side, u.spec.Name, seen[k])
		seen[k]++
	}
}

// startDice starts a battle's dice from its seed: every stream is seeded again when first
// used, and the table's dice are in hand.
func (b *Battle) startDice(seed uint64) {
	if len(b.streams) != (len(b.units)+1)*purposes {
		b.streams = make([]stream, (len(b.units)+1)*purposes)
	}
	b.keyUnits()
	for i := range b.streams {
		b.streams[i].key = 0
	}
	b.seed, b.faces, b.turn, b.stage = seed, 0, 0, stageSetup
	b.hand(-1)
}

// stageTo starts a stage of the turn with the table's dice in hand.
func (b *Battle) stageTo(stage int) {
	b.stage = stage
	b.hand(-1)
}

// hand begins an action of unit ui (ui < 0: the table's) with fresh dice of its own, and
// returns the dice that were in hand, so that an action inside another's (opportunity fire
// in mid-move) can give them back: defer b.use(b.hand(e)). Each action's dice are seeded by
// the unit, the turn, the stage and how many actions the unit began before in the stage:
// however many dice one volley or test rolls, the next starts where it would have.
func (b *Battle) hand(ui int) *combat.Dice { return b.handFor(ui, forActing) }

// use puts dice back in hand.
func (b *Battle) use(d *combat.Dice) { b.dice = d }

// handFor begins an action of unit ui for a purpose, as hand.
func (b *Battle) handFor(ui, purpose int) *combat.Dice {
	prev := b.dice
	slot, who := len(b.units), uint64(0)
	if ui >= 0 {
		slot, who = ui, b.unitKeys[ui]
	}
	st := &b.streams[slot*purposes+purpose]
	at := uint64(b.turn)<<8 | uint64(b.stage)
	if st.key == 0 || st.at != at {
		st.at, st.n = at, 0
	} else {
		st.n++
	}
	if st.key != 0 {
		b.faces += st.dice.Faces()
	}
	st.key = streamKey(b.seed, who, uint64(purpose), at, st.n)
	st.dice.Reseed(st.key)
	b.dice = &st.dice
	return prev
}

// streamKey mixes a battle's seed with what a stream is for (SplitMix64's finaliser on
// each part in turn); never 0, which marks a stream unused. (Four parts spelt out, not a
// variadic loop: handFor calls it on every unit's turn to act.)
func streamKey(seed, who, purpose, at, n uint64) uint64 {
	const golden = 0x9e3779b97f4a7c15
	z := mix64(seed + golden + who)
	z = mix64(z + golden + purpose)
	z = mix64(z + golden + at)
	return mix64(z+golden+n) | 1
}

func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Faces is how many dice the last battle rolled, all streams together.
func (b *Battle) Faces() uint64 {
	n := b.faces
	for i := range b.streams {
		if b.streams[i].key != 0 {
			n += b.streams[i].dice.Faces()
		}
	}
	return n
}

// engagementDice is the unit whose dice a close assault rolls with: its first side's first
// unit (the other side's, when the first has none left in it).
func (b *Battle) engagementDice(ei int) int {
	en := &b.engs[ei]
	for s := range 2 {
		if len(en.units[s]) > 0 {
			return en.units[s][0]
		}
	}
	return -1
}

// harmDice are fresh dice of unit ui's for where one volley's hits fall and the damage
// they do, apart from the dice of its fire tests; the dice in hand stay in hand.
func (b *Battle) harmDice(ui int) *combat.Dice {
	fire := b.handFor(ui, forHarm)
	harm := b.dice
	b.use(fire)
	return harm
}
