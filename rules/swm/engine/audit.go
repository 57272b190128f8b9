package engine

import "fmt"

// audit, set by a test (nil otherwise), checks a battle's bookkeeping as it is played:
// after every activation, at the end of every round, at every attack and at the end,
// without changing anything the battle does (it reads the state and the engine's pure
// answers: a range or a look only fills the caches those answers keep), so a battle
// audited plays as one not audited. Each hook in the engine is one nil check.
type audit struct {
	checks int
	fails  []string
	what   string // the battle being played (squads, map, seed), for the messages

	gone      map[int]bool  // characters seen defeated
	activated map[int]int   // the round each character last activated in
	runSide   int           // the side of the last activations of this round
	runLen    int           // how many in a row
	left      int           // that side's characters still to activate after its last
	pos       map[int]Point // where each character stood after the last activation
	strikes   map[int]int   // attacks each character made on its own turns since then

	tally map[string]int // the players' choices (tally.go), over every battle audited
}

func (a *audit) failf(b *Battle, format string, args ...any) {
	if len(a.fails) < 20 {
		a.fails = append(a.fails, fmt.Sprintf("%s, round %d, turn %d: ", a.what, b.round, b.turn)+fmt.Sprintf(format, args...))
	}
}

// start readies the audit for a battle.
func (a *audit) start(what string) {
	a.what = what
	a.gone, a.activated = map[int]bool{}, map[int]int{}
	a.pos, a.strikes = map[int]Point{}, map[int]int{}
	a.runSide, a.runLen = -1, 0
	if a.tally == nil {
		a.tally = map[string]int{}
	}
}

// toActivate counts a side's characters in play that have not yet activated this round.
func (b *Battle) toActivate(side int) int {
	n := 0
	for _, c := range b.chars {
		if c.Side == side && !c.Defeated && !c.Activated {
			n++
		}
	}
	return n
}

// activation: after a character's turn (its end of turn played). A character activates at
// most once a round and never once defeated (Rounds and Phases, L73-L77: "Each character
// can be moved only once in a round"); the players alternate phases of two activations
// (L75), a player going on only when the other has no one left to activate, and stopping
// after one only when he has no one left.
func (a *audit) activation(b *Battle, c *Char) {
	a.checks++
	if a.gone[c.ID] {
		a.failf(b, "%s activated after it was defeated", c.Label)
	}
	if a.activated[c.ID] == b.round {
		a.failf(b, "%s activated twice in the round", c.Label)
	}
	a.activated[c.ID] = b.round
	if c.Side == a.runSide {
		a.runLen++
		if a.runLen > 2 && a.runLen%2 == 1 && b.toActivate(1-c.Side) > 0 {
			// (Defeats only take characters away and combined fire marks only the
			// acting side's, so the other side had them when this phase began.)
			a.failf(b, "%s is the side's activation %d in a row while the other side has %d to activate", c.Label, a.runLen, b.toActivate(1-c.Side))
		}
	} else {
		if a.runSide >= 0 && a.runLen%2 == 1 && a.left > 0 {
			a.failf(b, "%s's side took its turn after the other side activated only one with %d left to activate", c.Label, a.left)
		}
		a.runSide, a.runLen = c.Side, 1
	}
	a.left = b.toActivate(c.Side)
	a.turn(b, c)
	a.state(b, "after "+c.Label+"'s turn")
}

// turn checks what the character did on its turn: a character held by a Harpoon Gun does
// not move (glossary, Harpoon Gun, L593), a Heavy Weapon does not attack and move (L593),
// and no one makes more attacks than the rules give it: one, or two with Double Attack
// when it does not move (L257), each doubled by Twin Attack (L621).
func (a *audit) turn(b *Battle, c *Char) {
	n := a.strikes[c.ID]
	a.strikes[c.ID] = 0
	from, ok := a.pos[c.ID]
	if c.Defeated || !ok {
		return
	}
	moved := from != c.Pos
	if moved && c.harpoonRound == b.round {
		a.failf(b, "%s is held by a Harpoon Gun this round and moved from %v to %v", c.Label, from, c.Pos)
	}
	if moved && n > 0 && c.ab.heavy {
		a.failf(b, "%s has a Heavy Weapon and attacked and moved (%v to %v)", c.Label, from, c.Pos)
	}
	most := 1
	if c.ab.double && !moved {
		most = 2
	}
	if c.ab.twin {
		most *= 2
	}
	if n > most && !c.ab.sweep {
		a.failf(b, "%s made %d attacks on its turn (moved: %v)", c.Label, n, moved)
	}
}

// endRound: when a round ends with the battle going on, every character in play has
// activated (or spent its activation combining fire).
func (a *audit) endRound(b *Battle) {
	a.runSide, a.runLen = -1, 0
	if _, done := b.defeatedSide(); done {
		return
	}
	for _, c := range b.chars {
		if !c.Defeated && !c.Activated {
			a.failf(b, "the round ended with %s not activated", c.Label)
		}
	}
	a.state(b, "at the end of the round")
}

// state checks where everyone stands and what they have left: a character in play stands
// on the map, one to a square (Starting Positions, L37; Moving, L95: "must end in a legal
// empty space"), its whole space (2x2 Large, 3x3 Huge: glossary, space, L595) on squares
// it may end its turn on (not a wall, closed door or pit: Terrain, L545; a Hologram not in
// a wall or another character, L593), and the occupancy grid says so; a defeated one is
// off the map and stays defeated; Hit Points stay within 0 and the card's (a Hologram
// has none to lose), Force points within 0 and the card's rating.
func (a *audit) state(b *Battle, when string) {
	a.checks++
	owner := make([]int, len(b.occ))
	for _, c := range b.chars {
		if c.Defeated {
			a.gone[c.ID] = true
			continue
		}
		a.pos[c.ID] = c.Pos
		if a.gone[c.ID] {
			a.failf(b, "%s: %s was defeated and is back", when, c.Label)
		}
		if c.Size != sizeOf(c.Card) {
			a.failf(b, "%s: %s has size %d, its card %d", when, c.Label, c.Size, sizeOf(c.Card))
		}
		for _, q := range c.squares() {
			if !b.m.in(q) {
				a.failf(b, "%s: %s stands off the map at %v", when, c.Label, q)
				continue
			}
			switch t := b.m.At(q); {
			case t == Wall || t == Door && !b.doorOpen(q):
				a.failf(b, "%s: %s stands in a wall or closed door at %v", when, c.Label, q)
			case t == Pit:
				a.failf(b, "%s: %s stands in a pit at %v", when, c.Label, q)
			}
			i := q.Y*b.m.W + q.X
			if owner[i] > 0 {
				a.failf(b, "%s: %s and %s share the square %v", when, c.Label, b.chars[owner[i]-1].Label, q)
			}
			owner[i] = c.ID + 1
			if b.occ[i] != c.ID+1 {
				a.failf(b, "%s: %s stands at %v, which the grid gives to %d", when, c.Label, q, b.occ[i])
			}
		}
		if !c.ab.hologram && c.MaxHP != *c.Card.HP {
			a.failf(b, "%s: %s has %d Hit Points at most, its card %d", when, c.Label, c.MaxHP, *c.Card.HP)
		}
		if c.HP <= 0 || c.HP > c.MaxHP {
			a.failf(b, "%s: %s is in play with %d of %d Hit Points", when, c.Label, c.HP, c.MaxHP)
		}
		if c.Force < 0 || c.Force > *c.Card.Force {
			a.failf(b, "%s: %s has %d Force points of %d", when, c.Label, c.Force, *c.Card.Force)
		}
	}
	for i, o := range b.occ {
		if o > 0 && owner[i] != o {
			a.failf(b, "%s: the grid gives (%d,%d) to %s, who is not there", when, i%b.m.W+1, i/b.m.W+1, b.chars[o-1].Label)
		}
	}
}

// strike: an attack is made by a character in play that can attack, at an enemy in play
// that is not a Hologram (glossary, Hologram: "does not count as a legal target", L593);
// an attack on the attacker's own turn (not an attack of opportunity or a Riposte, which
// strike whoever provoked them) is at a legal target (glossary, legal target, L601: line
// of sight; adjacent enemies only, when any is; an enemy with cover only if nearest).
func (a *audit) strike(b *Battle, att, t *Char, aoo bool) {
	a.checks++
	switch {
	case att.Defeated || a.gone[att.ID]:
		a.failf(b, "%s attacks %s after it was defeated", att.Label, t.Label)
	case t.Defeated || a.gone[t.ID]:
		a.failf(b, "%s attacks %s, who was defeated", att.Label, t.Label)
	case t.Side == att.Side:
		a.failf(b, "%s attacks its ally %s", att.Label, t.Label)
	case t.ab.hologram:
		a.failf(b, "%s attacks the Hologram %s", att.Label, t.Label)
	case !att.canAttack():
		a.failf(b, "%s attacks %s but cannot attack (%d Hit Points)", att.Label, t.Label, att.HP)
	}
	if aoo {
		return
	}
	a.strikes[att.ID]++
	for _, x := range b.targets(att, att.Pos) {
		if x.t == t {
			return
		}
	}
	a.failf(b, "%s at %v attacks %s at %v, not a legal target from there", att.Label, att.Pos, t.Label, t.Pos)
}

// result: the battle ended within its round limit, by the rule it names: each squad's
// points defeated are the costs of the other's defeated characters (How to Win, L331),
// the figures left are those in play, a squad wins by defeat only when the other has no
// one left, and a tie-breaker's winner defeated at least as many points.
func (a *audit) result(b *Battle, r *Result) {
	a.checks++
	var pts, left [2]int
	for _, c := range b.chars {
		if c.Defeated {
			pts[1-c.Side] += c.Cost
		} else {
			left[c.Side]++
		}
	}
	if r.Defeated != pts || r.Left != left {
		a.failf(b, "the result says %v points defeated and %v figures left; the characters say %v and %v", r.Defeated, r.Left, pts, left)
	}
	if r.Rounds < 1 || r.Rounds > MaxRounds {
		a.failf(b, "the battle lasted %d rounds", r.Rounds)
	}
	switch {
	case r.Reason == "defeated every enemy character":
		if r.Winner < 0 || left[1-r.Winner] != 0 || left[r.Winner] == 0 {
			a.failf(b, "won by defeat by %d with %v figures left", r.Winner, left)
		}
	case left[0] == 0 || left[1] == 0:
		if left[0]+left[1] > 0 {
			a.failf(b, "a squad has no one left, yet the battle ended: %s", r.Reason)
		}
	case r.Winner >= 0 && pts[r.Winner] < pts[1-r.Winner]:
		a.failf(b, "%s wins by the tie-breaker with %d points defeated to %d", b.squads[r.Winner].Name, pts[r.Winner], pts[1-r.Winner])
	case r.Winner < 0 && pts[0] != pts[1]:
		a.failf(b, "a draw with %v points defeated", pts)
	}
}
