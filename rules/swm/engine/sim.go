package engine

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime/debug"
)

// Summary is many battles of the same matchup.
type Summary struct {
	Battles int `json:"battles"`
	// Wins, Draws and Losses are counted for the first squad.
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
	// WinRate and its Wilson 95% interval, and the same for losses.
	WinRate      float64    `json:"win_rate"`
	WinInterval  [2]float64 `json:"win_interval"`
	DrawRate     float64    `json:"draw_rate"`
	DrawInterval [2]float64 `json:"draw_interval"`
	LossRate     float64    `json:"loss_rate"`
	LossInterval [2]float64 `json:"loss_interval"`
	MeanRounds   float64    `json:"mean_rounds"`
	// MeanDefeated is the mean points each squad defeated.
	MeanDefeated [2]float64 `json:"mean_defeated"`
	NotSimulated []string   `json:"not_simulated"`
}

// Simulate plays n battles; battle i rolls with PCG(seed, i), so a seed replays the run. A
// battle that panics (a fault in the engine) stops it with a *BattleError naming it, so that
// a page or command says so instead of falling over.
func Simulate(m func() *Map, a, b Squad, n int, seed uint64) (*Summary, error) {
	return SimulateProgress(context.Background(), m, a, b, n, seed, nil)
}

// SimulateProgress is Simulate told after each battle how many are played (progress, when
// not nil), and stopped with ctx's error between battles when ctx ends (a job cancelled).
func SimulateProgress(ctx context.Context, m func() *Map, a, b Squad, n int, seed uint64, progress func(done int)) (*Summary, error) {
	return SimulateEach(ctx, m, a, b, n, seed, progress, nil)
}

// SimulateEach is SimulateProgress handing each battle's result (without its log) to each,
// when not nil, as it is played: what a replay picks battles by is kept so, not played
// again.
func SimulateEach(ctx context.Context, m func() *Map, a, b Squad, n int, seed uint64, progress func(done int), each func(i int, r *Result)) (*Summary, error) {
	s := &Summary{Battles: n, NotSimulated: NotSimulated()}
	rounds := 0
	for i := range n {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if progress != nil && i > 0 {
			progress(i)
		}
		r, err := playRecovered(m, a, b, seed, i)
		if err != nil {
			return nil, err
		}
		if each != nil {
			each(i, r)
		}
		switch r.Winner {
		case 0:
			s.Wins++
		case 1:
			s.Losses++
		default:
			s.Draws++
		}
		rounds += r.Rounds
		s.MeanDefeated[0] += float64(r.Defeated[0])
		s.MeanDefeated[1] += float64(r.Defeated[1])
	}
	if n > 0 {
		s.MeanRounds = float64(rounds) / float64(n)
		s.MeanDefeated[0] /= float64(n)
		s.MeanDefeated[1] /= float64(n)
		s.WinRate, s.WinInterval = rate(s.Wins, n)
		s.DrawRate, s.DrawInterval = rate(s.Draws, n)
		s.LossRate, s.LossInterval = rate(s.Losses, n)
	}
	return s, nil
}

// BattleError is a battle of Simulate that stopped with a panic: battle Index of the run
// with seed Seed, which the same squads, map and seed play again.
type BattleError struct {
	Seed  uint64
	Index int
	Value any    // what it panicked with
	Stack []byte // where, for a log (never shown to a player)
}

func (e *BattleError) Error() string {
	return fmt.Sprintf("battle %d of the run with seed %d failed: %v (a fault in Muster's d20 engine; the same squads, map and seed play it again)",
		e.Index, e.Seed, e.Value)
}

// playRecovered plays battle i of a run (its map made first), a panic becoming its
// *BattleError.
func playRecovered(m func() *Map, a, b Squad, seed uint64, i int) (r *Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			r, err = nil, &BattleError{Seed: seed, Index: i, Value: v, Stack: debug.Stack()}
		}
	}()
	return Play(m(), a, b, rand.New(rand.NewPCG(seed, uint64(i))), false)
}

// TraceBattle plays battle i of the run with seed seed again (its map made first), with
// its log and trace, as Simulate played it: a panic becomes its *BattleError.
func TraceBattle(m func() *Map, a, b Squad, seed uint64, i int) (r *Result, t *Trace, err error) {
	defer func() {
		if v := recover(); v != nil {
			r, t, err = nil, nil, &BattleError{Seed: seed, Index: i, Value: v, Stack: debug.Stack()}
		}
	}()
	return PlayTrace(m(), a, b, rand.New(rand.NewPCG(seed, uint64(i))))
}

// rate is k of n with its Wilson score 95% interval.
func rate(k, n int) (float64, [2]float64) {
	const z = 1.959964
	p := float64(k) / float64(n)
	nn := float64(n)
	d := 1 + z*z/nn
	c := (p + z*z/(2*nn)) / d
	h := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / d
	return p, [2]float64{math.Max(0, c-h), math.Min(1, c+h)}
}

// NotSimulated lists the rules the engine does not play, or plays only approximately.
func NotSimulated() []string {
	return []string{
		"the printed battle maps: the scenario maps are approximations drawn from the scenario descriptions (docs/swm.md)",
		"walls and doors on square edges: walls and doors fill whole squares",
		"squeezing: big characters pass only where their whole space fits",
		"the players' choices are simple and the same for both squads: after an attack the only reason to move is to leave enemies' sight (docs/swm.md)",
		"commander effects given only as text: only the bonuses in a card's commander effects list are played",
		"special abilities and Force powers outside the Battle of Hoth glossary",
		"the setup choice: figures stand on the zone squares nearest the enemy, biggest first",
		"the initiative winner's choice is a fixed rule: first while anyone can attack from where they stand, else second (docs/swm.md)",
		fmt.Sprintf("a round limit the rulebook does not have: a battle that reaches %d rounds is judged by the tie-breaker's totals", MaxRounds),
	}
}
