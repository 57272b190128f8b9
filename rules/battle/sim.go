package battle

import (
	"context"
	"errors"
	"math"
	"sort"
)

// MaxBattles bounds a matchup.
const MaxBattles = 1_000_000

// SimOptions says how to play a matchup.
type SimOptions struct {
	Battles int
	Seed    uint64
	// Workers is how many goroutines play battles; 0 means one per CPU. The results do not
	// depend on it.
	Workers int
	// Progress, when set, is called after each battle with the number finished so far; it
	// is called from the workers and must be safe for concurrent use.
	Progress func(done int)
	// SampleLog keeps the first battle's log.
	SampleLog bool
	// BeforeBattle is as ChunkOptions' (tests make a battle panic).
	BeforeBattle func(i int)
}

// Summary is a matchup's results: the JSON of `muster sim --json`.
type Summary struct {
	Battles  int         `json:"battles"`
	Scenario string      `json:"scenario"`
	Seed     uint64      `json:"seed"`
	A        SideSummary `json:"a"`
	B        SideSummary `json:"b"`
	Draws    int         `json:"draws"`
	Turns    Spread      `json:"turns"`
	Units    []UnitStat  `json:"units"`
	// Ends counts battles by how they ended (EndNames: the objective, the turn limit, no
	// unit left) and who won them (a's wins, b's, draws); absent for matchups whose chunks
	// did not count them.
	Ends *[NEnds][3]int `json:"ends,omitempty"`
	// NotSimulated names every rule the engine skips or approximates.
	NotSimulated []string `json:"not_simulated"`

	// For pictures and the sample battle; not part of the JSON.
	ScenarioName string     `json:"-"`
	DrawRate     float64    `json:"-"`
	DrawCI       [2]float64 `json:"-"`
	TurnCounts   []int      `json:"-"` // battles by turns played, from 0
	LostA, LostB []int      `json:"-"` // SGPs lost per battle, sorted
	SampleSeed   uint64     `json:"-"`
	SampleLog    string     `json:"-"`
}

// SideSummary is one army's results.
type SideSummary struct {
	Name    string     `json:"name"`
	Wins    int        `json:"wins"`
	WinRate float64    `json:"win_rate"`
	CI95    [2]float64 `json:"ci95"`
	// Score is the expected score, a win counting 1 and a draw a half, with its 95%
	// interval: what what-if and round robins rank by.
	Score     float64    `json:"expected_score"`
	ScoreCI95 [2]float64 `json:"expected_score_ci95"`
	SGPLost   Spread     `json:"sgp_lost"`
	// SGPLostTo is the SGPs it lost per battle, on average, by cause (CauseNames); absent
	// when the matchup's chunks did not count causes.
	SGPLostTo map[string]float64 `json:"sgp_lost_to,omitempty"`
}

// Spread is a distribution's mean and 10th, 50th and 90th percentiles.
type Spread struct {
	Mean float64 `json:"mean"`
	P10  float64 `json:"p10"`
	P50  float64 `json:"p50"`
	P90  float64 `json:"p90"`
}

// UnitStat is one unit's record over the matchup.
type UnitStat struct {
	Army string `json:"army"` // "a" or "b"
	Name string `json:"name"`
	SGP  int    `json:"-"`
	// SurvivalRate is the share of battles it was neither incapacitated nor fled.
	SurvivalRate float64 `json:"survival_rate"`
	// SGPDestroyedPerSGP is the enemy SGPs credited to it per SGP it cost, on average.
	SGPDestroyedPerSGP float64 `json:"sgp_destroyed_per_sgp"`
	// LostTo is the share of battles it was lost to each cause (CauseNames).
	LostTo map[string]float64 `json:"lost_to,omitempty"`
}

// battleRecord is what a matchup keeps of one battle.
type battleRecord struct {
	winner int8
	turns  uint8
	end    uint8
	lost   [2]int32
}

// Simulate plays a matchup of n battles of force a against force b on a field, battle i
// with seed BattleSeed(opt.Seed, i), on opt.Workers goroutines, and summarises it. The
// summary is the same whatever the number of workers. It stops early, with ctx's error,
// when ctx is cancelled, and with a *BattleError when a battle panics. It is one chunk
// merged, so that a matchup split into chunks (and played anywhere) sums up to exactly this
// summary.
func Simulate(ctx context.Context, field *Field, a, b *Force, opt SimOptions) (*Summary, error) {
	n := opt.Battles
	if n <= 0 || n > MaxBattles {
		return nil, errors.New("the number of battles must be between 1 and 1000000")
	}
	c, err := PlayChunk(ctx, field, a, b, ChunkOptions{Seed: opt.Seed, First: 0, Count: n, Workers: opt.Workers,
		Progress: opt.Progress, SampleLog: opt.SampleLog, BeforeBattle: opt.BeforeBattle})
	if err != nil {
		return nil, err
	}
	return Merge(field, a, b, opt.Seed, n, []*Chunk{c})
}

// rate is a proportion and its Wilson score 95% interval.
func rate(k, n int) (float64, [2]float64) {
	lo, hi := Wilson(k, n)
	return round4(float64(k) / float64(n)), [2]float64{round4(lo), round4(hi)}
}

// Score is the expected score of w wins and d draws in n battles (a win 1, a draw a
// half) and its 95% interval: the normal interval of the mean of the battles' scores,
// within 0 and 1 (at n of a few hundred the scores' mean is close to normal).
func Score(w, d, n int) (float64, [2]float64) {
	if n == 0 {
		return 0, [2]float64{0, 1}
	}
	const z = 1.959963984540054
	nn := float64(n)
	m := (float64(w) + float64(d)/2) / nn
	v := (float64(w)+float64(d)/4)/nn - m*m
	h := z * math.Sqrt(max(v, 0)/nn)
	return round4(m), [2]float64{round4(fmax(0, m-h)), round4(fmin(1, m+h))}
}

// Wilson is the Wilson score 95% interval for k successes in n trials.
func Wilson(k, n int) (lo, hi float64) { return WilsonAt(k, n, 1.959963984540054) }

// WilsonAt is the Wilson score interval for k successes in n trials at z standard errors
// (1.96 for 95%, 3.29 for 99.9%).
func WilsonAt(k, n int, z float64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	c := (p + z*z/(2*nn)) / den
	h := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return fmax(0, c-h), fmin(1, c+h)
}

// spread is the mean and nearest-rank percentiles of a sample.
func spread(v []int) Spread {
	if len(v) == 0 {
		return Spread{}
	}
	s := append([]int(nil), v...)
	sort.Ints(s)
	sum := 0.0
	for _, x := range s {
		sum += float64(x)
	}
	pct := func(p float64) float64 {
		i := int(math.Ceil(p*float64(len(s)))) - 1
		return float64(s[min(max(i, 0), len(s)-1)])
	}
	copy(v, s)
	return Spread{Mean: round4(sum / float64(len(s))), P10: pct(0.1), P50: pct(0.5), P90: pct(0.9)}
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
