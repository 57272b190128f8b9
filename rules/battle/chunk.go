package battle

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// A matchup split into chunks: battles First to First+Count-1 of a matchup, each played with
// BattleSeed(Seed, i) whatever chunk it falls in, so any split of the same matchup plays the
// same battles. A Chunk keeps only what the summary needs, in a form that adds up exactly in
// any order (counts, histograms and exact sums), which is why a split matchup's summary is
// the unsplit one's to the byte: Simulate itself is one chunk merged.

// ChunkOptions says which battles of a matchup a chunk plays.
type ChunkOptions struct {
	Seed  uint64
	First int // the index of the chunk's first battle in the matchup
	Count int
	// Workers is how many goroutines play the chunk's battles; 0 means one per CPU.
	Workers int
	// Progress, when set, is called after each battle with the chunk's battles finished
	// so far; it is called from the workers and must be safe for concurrent use.
	Progress func(done int)
	// SampleLog keeps battle 0's log, when the chunk holds battle 0.
	SampleLog bool
	// BeforeBattle, when set, is called with each battle's index before it is played, from
	// the workers; tests make it panic, to see one battle's fault fail its chunk and no
	// more.
	BeforeBattle func(i int)
}

// Chunk is what a range of a matchup's battles adds up to. It is plain JSON so that a job
// system can store it and merge it elsewhere.
type Chunk struct {
	Seed  uint64 `json:"seed"`
	First int    `json:"first"`
	Count int    `json:"count"`
	Units int    `json:"units"` // both armies' units, to catch a merge of different matchups
	Wins  [2]int `json:"wins"`
	Draws int    `json:"draws"`
	// Turns counts battles by turns played, from 0.
	Turns []int `json:"turns"`
	// LostA and LostB count battles by the SGPs each army lost, by increasing SGPs.
	LostA []Tally `json:"lost_a"`
	LostB []Tally `json:"lost_b"`
	// Lost counts each unit's battles lost (incapacitated or fled), a's units then b's.
	Lost []int `json:"lost"`
	// Destroyed is each unit's enemy SGPs credited over the chunk's battles, summed exactly.
	Destroyed []ExactSum `json:"destroyed"`
	// LostTo counts each unit's battles lost by cause (CauseNames). Chunks stored before it
	// existed lack it; their matchup's summary then has no causes.
	LostTo [][NCauses]int `json:"lost_to,omitempty"`
	// Ends counts battles by how they ended (EndNames) and who won them: a's wins, b's,
	// draws. Chunks stored before it existed lack it; their summary then has no endings.
	Ends      *[NEnds][3]int `json:"ends,omitempty"`
	SampleLog string         `json:"sample_log,omitempty"`
}

// Tally is how many battles had a value.
type Tally struct {
	Value   int `json:"v"`
	Battles int `json:"n"`
}

// exactPrec holds any sum of up to 2^64 finite float64s without rounding: float64s span
// binary exponents from -1074 to 1023.
const exactPrec = 1074 + 1024 + 64

// ExactSum is a sum of float64s with no rounding, so that sums of parts add up to the same
// number whatever the parts and their order. Its JSON is the sum in hexadecimal.
type ExactSum struct{ f big.Float }

// Add adds x exactly.
func (s *ExactSum) Add(x float64) {
	if x == 0 {
		return
	}
	s.init()
	var t big.Float
	s.f.Add(&s.f, t.SetFloat64(x))
}

// AddSum adds another exact sum.
func (s *ExactSum) AddSum(o *ExactSum) {
	s.init()
	o.init()
	s.f.Add(&s.f, &o.f)
}

// Float64 is the sum rounded to the nearest float64.
func (s *ExactSum) Float64() float64 {
	x, _ := s.f.Float64()
	return x
}

func (s *ExactSum) init() {
	if s.f.Prec() == 0 {
		s.f.SetPrec(exactPrec)
	}
}

// MarshalJSON writes the sum as a string with a hexadecimal mantissa and a binary
// exponent, which reads back to the same number.
func (s ExactSum) MarshalJSON() ([]byte, error) {
	return json.Marshal(s.f.Text('p', 0))
}

// UnmarshalJSON reads MarshalJSON's string.
func (s *ExactSum) UnmarshalJSON(b []byte) error {
	var txt string
	if err := json.Unmarshal(b, &txt); err != nil {
		return err
	}
	f, _, err := big.ParseFloat(txt, 0, exactPrec, big.ToNearestEven)
	if err != nil {
		return fmt.Errorf("battle: exact sum %q: %w", txt, err)
	}
	s.f.SetPrec(exactPrec)
	s.f.Set(f)
	return nil
}

// PlayChunk plays battles opt.First to opt.First+opt.Count-1 of a matchup of force a against
// force b on a field, battle i with seed BattleSeed(opt.Seed, i), and adds them up. The
// chunk is the same whatever the number of workers. It stops early, with ctx's error, when
// ctx is cancelled, and with a *BattleError when a battle panics (the first such battle by
// index among those played).
func PlayChunk(ctx context.Context, field *Field, a, b *Force, opt ChunkOptions) (*Chunk, error) {
	n := opt.Count
	if n <= 0 || n > MaxBattles || opt.First < 0 || opt.First > MaxBattles-n {
		return nil, fmt.Errorf("battle: chunk of battles %d to %d is outside a matchup of at most %d", opt.First, opt.First+n-1, MaxBattles)
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	nu := len(a.Units) + len(b.Units)
	recs := make([]battleRecord, n)
	unitLost := make([]bool, n*nu)
	unitDest := make([]float64, n*nu)
	unitCause := make([]int8, n*nu)
	var next, done atomic.Int64
	var wg sync.WaitGroup
	var sample bytes.Buffer
	// A battle's panic stops every worker: the chunk has failed, and the battles left
	// would be played for nothing.
	var failMu sync.Mutex
	var failed *BattleError
	var stop atomic.Bool
	fail := func(err error) {
		failMu.Lock()
		defer failMu.Unlock()
		if be := err.(*BattleError); failed == nil || be.Index < failed.Index {
			failed = be
		}
		stop.Store(true)
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Before the first battle is taken, a panic is in setting it up: the first
			// battle of the chunk, which muster battle sets up the same way.
			i := opt.First
			defer RecoverBattle(field, opt.Seed, &i, fail)
			bt := New(field, a, b)
			for ctx.Err() == nil && !stop.Load() {
				j := int(next.Add(1) - 1)
				if j >= n {
					return
				}
				i = opt.First + j
				if opt.BeforeBattle != nil {
					opt.BeforeBattle(i)
				}
				var r *Result
				if i == 0 && opt.SampleLog {
					r = bt.Play(BattleSeed(opt.Seed, uint64(i)), &sample)
				} else {
					r = bt.Play(BattleSeed(opt.Seed, uint64(i)), nil)
				}
				recs[j] = battleRecord{winner: int8(r.Winner), turns: uint8(r.Turns), end: uint8(r.End)}
				for k, u := range r.Units {
					if u.Lost {
						recs[j].lost[u.Side] += int32(u.SGP)
						unitLost[j*nu+k] = true
						unitCause[j*nu+k] = int8(causeIndex(u.LostTo))
					}
					unitDest[j*nu+k] = u.Destroyed
				}
				d := int(done.Add(1))
				if opt.Progress != nil {
					opt.Progress(d)
				}
			}
		}()
	}
	wg.Wait()
	if failed != nil {
		return nil, failed
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c := &Chunk{Seed: opt.Seed, First: opt.First, Count: n, Units: nu, SampleLog: sample.String(),
		Lost: make([]int, nu), Destroyed: make([]ExactSum, nu), LostTo: make([][NCauses]int, nu), Ends: new([NEnds][3]int)}
	lostA, lostB := map[int]int{}, map[int]int{}
	for j, r := range recs {
		switch r.winner {
		case 0, 1:
			c.Wins[r.winner]++
			c.Ends[r.end][r.winner]++
		default:
			c.Draws++
			c.Ends[r.end][2]++
		}
		for int(r.turns) >= len(c.Turns) {
			c.Turns = append(c.Turns, 0)
		}
		c.Turns[r.turns]++
		lostA[int(r.lost[0])]++
		lostB[int(r.lost[1])]++
		for k := range nu {
			if unitLost[j*nu+k] {
				c.Lost[k]++
				if ci := unitCause[j*nu+k]; ci >= 0 {
					c.LostTo[k][ci]++
				}
			}
			c.Destroyed[k].Add(unitDest[j*nu+k])
		}
	}
	c.LostA, c.LostB = tallies(lostA), tallies(lostB)
	return c, nil
}

// tallies lists a histogram by increasing value.
func tallies(m map[int]int) []Tally {
	t := make([]Tally, 0, len(m))
	for v, k := range m {
		t = append(t, Tally{Value: v, Battles: k})
	}
	slices.SortFunc(t, func(x, y Tally) int { return x.Value - y.Value })
	return t
}

// Merge sums up a matchup of n battles from its chunks, which must cover battles 0 to n-1
// each exactly once: a missing or twice-counted battle is an error, never a quietly wrong
// summary. The chunks may come in any order.
func Merge(field *Field, a, b *Force, seed uint64, n int, chunks []*Chunk) (*Summary, error) {
	if n <= 0 || n > MaxBattles {
		return nil, errors.New("the number of battles must be between 1 and 1000000")
	}
	nu := len(a.Units) + len(b.Units)
	cs := slices.Clone(chunks)
	slices.SortFunc(cs, func(x, y *Chunk) int { return x.First - y.First })
	at := 0
	for _, c := range cs {
		switch {
		case c.Seed != seed:
			return nil, fmt.Errorf("battle: chunk at battle %d has seed %d, not the matchup's %d", c.First, c.Seed, seed)
		case c.Units != nu || len(c.Lost) != nu || len(c.Destroyed) != nu:
			return nil, fmt.Errorf("battle: chunk at battle %d has %d units, not the matchup's %d", c.First, c.Units, nu)
		case c.First < at:
			return nil, fmt.Errorf("battle: battle %d is in two chunks", c.First)
		case c.First > at:
			return nil, fmt.Errorf("battle: battles %d to %d are in no chunk", at, c.First-1)
		}
		at += c.Count
	}
	if at != n {
		return nil, fmt.Errorf("battle: the chunks hold %d battles, not %d", at, n)
	}

	s := &Summary{Battles: n, Scenario: field.Scenario.ID, ScenarioName: field.Scenario.Name, Seed: seed,
		SampleSeed: BattleSeed(seed, 0)}
	s.A.Name, s.B.Name = a.Name, b.Name
	var turnHist []int
	lostA, lostB := map[int]int{}, map[int]int{}
	unitLost := make([]int, nu)
	unitDest := make([]ExactSum, nu)
	unitCause := make([][NCauses]int, nu)
	causes := true // every chunk counted the causes
	ends := new([NEnds][3]int)
	for _, c := range cs {
		if c.Ends == nil {
			ends = nil
		} else if ends != nil {
			for e := range NEnds {
				for k := range 3 {
					ends[e][k] += c.Ends[e][k]
				}
			}
		}
		s.A.Wins += c.Wins[0]
		s.B.Wins += c.Wins[1]
		s.Draws += c.Draws
		for t, k := range c.Turns {
			for t >= len(turnHist) {
				turnHist = append(turnHist, 0)
			}
			turnHist[t] += k
		}
		for _, t := range c.LostA {
			lostA[t.Value] += t.Battles
		}
		for _, t := range c.LostB {
			lostB[t.Value] += t.Battles
		}
		for k := range nu {
			unitLost[k] += c.Lost[k]
			unitDest[k].AddSum(&c.Destroyed[k])
		}
		if len(c.LostTo) != nu {
			causes = false
			continue
		}
		for k := range nu {
			for ci := range NCauses {
				unitCause[k][ci] += c.LostTo[k][ci]
			}
		}
		if c.First == 0 {
			s.SampleLog = c.SampleLog
		}
	}
	turns := make([]int, 0, n)
	for t, k := range turnHist {
		for range k {
			turns = append(turns, t)
		}
	}
	s.LostA, s.LostB = expand(tallies(lostA), n), expand(tallies(lostB), n)
	s.A.WinRate, s.A.CI95 = rate(s.A.Wins, n)
	s.B.WinRate, s.B.CI95 = rate(s.B.Wins, n)
	s.DrawRate, s.DrawCI = rate(s.Draws, n)
	s.Ends = ends
	s.A.Score, s.A.ScoreCI95 = Score(s.A.Wins, s.Draws, n)
	s.B.Score, s.B.ScoreCI95 = Score(s.B.Wins, s.Draws, n)
	s.Turns = spread(turns)
	s.A.SGPLost = spread(s.LostA)
	s.B.SGPLost = spread(s.LostB)
	s.TurnCounts = make([]int, field.Scenario.Turns+1)
	for t, k := range turnHist {
		s.TurnCounts[min(t, len(s.TurnCounts)-1)] += k
	}
	units := make([]*UnitSpec, 0, nu)
	units = append(append(units, a.Units...), b.Units...)
	var sideSGP [2][NCauses]int
	for k, us := range units {
		army := "a"
		if k >= len(a.Units) {
			army = "b"
		}
		st := UnitStat{Army: army, Name: us.Name, SGP: us.SGP, SurvivalRate: round4(1 - float64(unitLost[k])/float64(n))}
		if us.SGP > 0 {
			st.SGPDestroyedPerSGP = round4(unitDest[k].Float64() / float64(n) / float64(us.SGP))
		}
		if causes {
			st.LostTo = unitCauses(unitCause[k], n)
			for ci := range NCauses {
				sideSGP[ifi(army == "b", 1, 0)][ci] += unitCause[k][ci] * us.SGP
			}
		}
		s.Units = append(s.Units, st)
	}
	if causes {
		s.A.SGPLostTo, s.B.SGPLostTo = sideCauses(sideSGP[0], n), sideCauses(sideSGP[1], n)
	}
	s.NotSimulated = NotSimulated(field, a, b)
	return s, nil
}

// expand lists every battle's value from a histogram, in increasing order.
func expand(t []Tally, n int) []int {
	v := make([]int, 0, n)
	for _, x := range t {
		for range x.Battles {
			v = append(v, x.Value)
		}
	}
	return v
}

// Split cuts a matchup of n battles into chunks of at most size battles, by index.
func Split(n, size int) []ChunkOptions {
	if size <= 0 {
		size = n
	}
	var cs []ChunkOptions
	for first := 0; first < n; first += size {
		cs = append(cs, ChunkOptions{First: first, Count: min(size, n-first)})
	}
	return cs
}
