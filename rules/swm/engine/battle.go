// Package engine plays d20 Star Wars Miniatures skirmishes (the Battle of Hoth rulebook) on
// a square grid: initiative each round, two activations a phase, movement with diagonal
// and terrain costs, line of sight, cover and the nearest-target rule, combined fire,
// attacks of opportunity, criticals, saves, Force points, the pack's special abilities and
// Force powers, commander effects given as bonuses, victory and the 10-round tie-breaker.
// It is pure: the dice come from the *rand.Rand it is handed, so a seed replays a battle.
package engine

import (
	"fmt"
	"math/rand/v2"
)

// Result is how a battle ended.
type Result struct {
	Winner int // 0 or 1: the first or second squad; -1 a draw
	Rounds int
	Reason string
	// Defeated is the points each squad defeated of the other's (reduced costs, Rapport).
	Defeated [2]int
	// Left is the figures each squad has standing.
	Left [2]int
	// RoundLimit is Muster's cap on rounds (MaxRounds), which the rulebook does not have:
	// a battle that reaches it is judged by the tie-breaker's totals. Stated on every
	// result, so that a reader knows a judged battle was not the book's ending.
	RoundLimit int
	Log        []string
}

// Limits of a battle. The rulebook ends a skirmish only by defeat or the 10-round
// tie-breaker; MaxRounds stops a battle that neither ends (two squads that can still
// attack but never hit) and judges it by the tie-breaker's totals.
const (
	QuietRounds = 10
	MaxRounds   = 60
)

// Battle is a skirmish in progress.
type Battle struct {
	m      *Map
	rng    *rand.Rand
	chars  []*Char
	occ    []int // char index + 1 by square
	ter    *terrain
	open   []bool          // the terrain's doors open, by number
	view   *view           // the terrain with those doors open
	asym   map[losKey]bool // sight kept for pairs whose two ways differ (los)
	squads [2]Squad
	zone   [2]int // each squad's setup area, an index of m.Zones (setup.go)
	round  int
	turn   int
	quiet  bool // nothing this round damaged, attacked or forced a save
	log    bool
	lines  []string
	script []int // rolls a test sets up, used before the random ones

	// Scratch space, reused from call to call.
	reach      reach    // reachable's answer
	unreached  []int    // -1 for every square: a fresh reach's costs
	marks      []uint8  // reachable's (markEnemies)
	seen, adj  []*Char  // legalTargets'
	found      []target // bestTarget's and canGrip's
	ranges     []int
	obst       []Point // cover's: the characters in the way
	walls      []Point // and the squares'
	squareObst []Point
	obstRows   []uint64
	anchor     anchorMemo        // anchorScratch's
	order      keyOrder          // bestSpot's
	levelBuf   []int             // bestSpot's and afterAttack's
	path       []Point           // moveTo's
	inZone     []bool            // setup's: the squares of the zone it fills
	fields     [2]enemyFieldMemo // enemyField's, by side
	fieldQueue []Point

	moves  int       // counts changes to who stands where and to the doors (moved)
	covers coverMemo // cover's answers

	audit *audit // set by tests (audit.go)
	trace *Trace // set by PlayTrace (trace.go): every hook is a nil check when it is not
}

// Play runs one battle of a against b on the map with the dice of rng. With log set the
// result carries the turn-by-turn log.
func Play(m *Map, a, b Squad, rng *rand.Rand, log bool) (*Result, error) {
	return play(m, a, b, rng, log, nil)
}

// play is Play with an audit (nil when not audited). It is never inlined, so that callgrind
// can count a battle's instructions by its name (docs/benchmarks.md).
//
//go:noinline
func play(m *Map, a, b Squad, rng *rand.Rand, log bool, au *audit) (*Result, error) {
	return begin(m, a, b, rng, log, au).play()
}

// play sets the squads up and plays the battle out.
func (bt *Battle) play() (*Result, error) {
	if err := bt.setup(); err != nil {
		return nil, err
	}
	if bt.audit != nil {
		bt.audit.state(bt, "after setup")
	}
	bt.logf("[A] is %s, [B] is %s, on the %s map; squares are (column,row) from the top left", bt.squads[0].Name, bt.squads[1].Name, bt.m.Name)
	bt.logSetup()
	if bt.trace != nil {
		bt.trace.start(bt)
	}
	return bt.run(), nil
}

// begin is a battle before setup: every door closed.
func begin(m *Map, a, b Squad, rng *rand.Rand, log bool, au *audit) *Battle {
	bt := &Battle{m: m, rng: rng, log: log, squads: [2]Squad{a, b}, occ: make([]int, m.W*m.H), ter: terrainOf(m), audit: au}
	bt.open = make([]bool, len(bt.ter.doors))
	bt.view = bt.ter.view(bt.open)
	return bt
}

func (b *Battle) logf(format string, args ...any) {
	if b.log {
		b.lines = append(b.lines, fmt.Sprintf(format, args...))
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// alive lists a side's characters still in play.
func (b *Battle) alive(side int) []*Char {
	var out []*Char
	for _, c := range b.chars {
		if c.Side == side && !c.Defeated {
			out = append(out, c)
		}
	}
	return out
}

// run plays rounds until one squad is defeated, or the tie-breaker decides.
func (b *Battle) run() *Result {
	res := &Result{Winner: -1, RoundLimit: MaxRounds}
	b.logf("Muster stops a battle at %d rounds, a limit the rulebook does not have, and judges it by the tie-breaker's totals", MaxRounds)
	quietRounds := 0
	for b.round = 1; b.round <= MaxRounds; b.round++ {
		b.quiet = true
		for _, c := range b.chars {
			c.Activated = false
		}
		first, why := b.chooseOrder(b.initiative())
		if b.log {
			b.logf("Round %d: %s goes first %s", b.round, b.squads[first].Name, why)
		}
		b.playRound(first)
		if b.audit != nil {
			b.audit.endRound(b)
		}
		if w, done := b.defeatedSide(); done {
			res.Winner, res.Reason = w, "defeated every enemy character"
			if w < 0 {
				res.Reason = "both squads fell in the same round"
			}
			break
		}
		if b.quiet {
			quietRounds++
		} else {
			quietRounds = 0
		}
		if quietRounds >= QuietRounds {
			res.Winner, res.Reason = b.tieBreaker(fmt.Sprintf("%d rounds in a row without damage, an attack roll or a save (How to Win, tie-breaker)", QuietRounds))
			break
		}
		if b.round == MaxRounds {
			res.Winner, res.Reason = b.tieBreaker(fmt.Sprintf("the battle reached %d rounds; judged as the tie-breaker judges", MaxRounds))
		}
	}
	res.Rounds = min(b.round, MaxRounds)
	for _, c := range b.chars {
		if c.Defeated {
			res.Defeated[1-c.Side] += c.Cost
		} else {
			res.Left[c.Side]++
		}
	}
	if res.Winner >= 0 {
		b.logf("%s wins: %s", b.squads[res.Winner].Name, res.Reason)
	} else {
		b.logf("Draw: %s", res.Reason)
	}
	res.Log = b.lines
	if b.trace != nil {
		b.trace.end(b, res)
	}
	if b.audit != nil {
		b.audit.result(b, res)
	}
	return res
}

// initiative: both roll a d20, ties roll again; it returns the winner, who "decides who
// goes first in the round" (L67): run applies the players' choice.
func (b *Battle) initiative() int {
	for {
		x, y := b.d20(), b.d20()
		if x != y {
			if b.log {
				b.logf("Initiative: %s %d, %s %d", b.squads[0].Name, x, b.squads[1].Name, y)
			}
			if x > y {
				return 0
			}
			return 1
		}
	}
}

// chooseOrder is the initiative winner's choice of who goes first (L67), and why: first
// while anyone can attack from where it stands (engaged), to attack before being
// attacked; else second, letting the other side move into its range first (the rulebook:
// "other times you'll want to see what your opponent is up to before committing your
// forces", L67).
func (b *Battle) chooseOrder(winner int) (int, string) {
	if b.engaged() {
		return winner, "(the initiative winner chose to go first: someone can attack)"
	}
	return 1 - winner, "(the initiative winner chose to go second: no one can attack yet)"
}

// engaged reports whether any character in play can attack from where it stands: then the
// initiative winner goes first, to attack before being attacked; otherwise it goes second.
func (b *Battle) engaged() bool {
	for _, c := range b.chars {
		if c.Defeated || !c.canAttack() {
			continue
		}
		if _, ok := b.bestTarget(c, c.Pos); ok {
			return true
		}
	}
	return false
}

// d20 rolls the die; tests may script the next rolls.
func (b *Battle) d20() int {
	if len(b.script) > 0 {
		r := b.script[0]
		b.script = b.script[1:]
		return r
	}
	return b.rng.IntN(20) + 1
}

// playRound alternates phases of two activations until every character has had its turn
// (Rounds and Phases, p. 4); a player with no one left passes.
func (b *Battle) playRound(first int) {
	side := first
	for {
		if _, done := b.defeatedSide(); done {
			return
		}
		left := [2]int{}
		for _, c := range b.chars {
			if !c.Defeated && !c.Activated {
				left[c.Side]++
			}
		}
		if left[0]+left[1] == 0 {
			return
		}
		if left[side] == 0 {
			side = 1 - side
			continue
		}
		for range 2 {
			c := b.pick(side)
			if c == nil {
				break
			}
			b.activate(c)
			if b.audit != nil {
				b.audit.activation(b, c)
			}
			if b.trace != nil {
				b.trace.frame(b, c)
			}
			if _, done := b.defeatedSide(); done {
				return
			}
		}
		side = 1 - side
	}
}

// defeatedSide reports a squad with no one left: the other wins (-1 when both fell).
func (b *Battle) defeatedSide() (int, bool) {
	var n [2]int
	for _, c := range b.chars {
		if !c.Defeated {
			n[c.Side]++
		}
	}
	n0, n1 := n[0], n[1]
	switch {
	case n0 == 0 && n1 == 0:
		return -1, true
	case n0 == 0:
		return 1, true
	case n1 == 0:
		return 0, true
	}
	return 0, false
}

// tieBreaker: the squad that defeated more points wins; then the one with a character
// nearest the map's centre, counted from the character's nearest square around walls as
// range is; then the one whose nearest character costs more (How to Win).
func (b *Battle) tieBreaker(why string) (int, string) {
	var pts [2]int
	for _, c := range b.chars {
		if c.Defeated {
			pts[1-c.Side] += c.Cost
		}
	}
	if pts[0] != pts[1] {
		w := 0
		if pts[1] > pts[0] {
			w = 1
		}
		return w, fmt.Sprintf("%s; defeated %d points to %d", why, pts[w], pts[1-w])
	}
	var near [2]int
	var cost [2]int
	centre := b.centreDist()
	for s := range 2 {
		near[s] = 1 << 30
		for _, c := range b.alive(s) {
			d := b.nearest(centre, c)
			if d < near[s] || d == near[s] && c.Cost > cost[s] {
				near[s], cost[s] = d, c.Cost
			}
		}
	}
	switch {
	case near[0] != near[1]:
		w := 0
		if near[1] < near[0] {
			w = 1
		}
		return w, fmt.Sprintf("%s; points defeated equal, a character nearer the centre of the map (%s against %s)", why, squares(near[w]), squares(near[1-w]))
	case cost[0] != cost[1]:
		w := 0
		if cost[1] > cost[0] {
			w = 1
		}
		return w, why + "; points and distance to the centre equal, the costlier character nearest the centre"
	}
	return -1, why + "; points, distance to the centre and cost all equal"
}

// squares says a count of squares from the centre; a character walled off from it has none.
func squares(n int) string {
	switch {
	case n >= 1<<20:
		return "no way round the walls"
	case n == 1:
		return "1 square"
	}
	return itoa(n) + " squares"
}
