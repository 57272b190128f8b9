package combat

import (
	"errors"
	"fmt"
	"math"
)

// ShotHits is the exact distribution of the number of hits one Shot scores: its dice are
// independent tests, and a following fire weapon's chain goes on, each link at a further
// +2, for as long as it hits.
func (r *Rules) ShotHits(s Shot) Dist { return r.shotHits(s, nil) }

// shotHits is ShotHits with each hit avoided (dodged or parried) with probability
// avoid(difficulty of the test that scored it); nil avoids nothing.
func (r *Rules) shotHits(s Shot, avoid func(diff int) float64) Dist {
	one := Dist{}
	alive := Certain(0)
	diff := s.Difficulty
	for alive.Total() >= Epsilon {
		p := TestOdds(s.Skill, diff)
		a := 0.0
		if avoid != nil {
			a = avoid(diff)
		}
		one = one.Plus(alive.Scale(1 - p))
		kept := alive.Scale(p * (1 - a)).Shift(1).Plus(alive.Scale(p * a))
		if !s.Following {
			one = one.Plus(kept)
			break
		}
		alive = kept
		diff += r.fire.following
	}
	out := Certain(0)
	for range max(s.Shots, 1) {
		out = Convolve(out, one.trim())
	}
	return out
}

// TargetOdds is the exact outcome of a volley for one target squad.
type TargetOdds struct {
	// ExpectedHits is the mean number of successful tests (before dodges and parries).
	ExpectedHits float64
	// Hits is the distribution of hits that land (after dodges and parries).
	Hits Dist
	// Wounded counts figures newly wounded and still standing; Incapacitated those put out
	// of the fight (by one result, by two wounds, or by a wound on an old wound);
	// Casualties is their sum, what morale counts.
	Wounded, Incapacitated, Casualties Dist
	// SystemDamage is, for a lone droid, the distribution of System Damage rolls.
	SystemDamage Dist
}

// maxClasses bounds the different Damage Strengths one target's hits may carry.
const maxClasses = 4

// VolleyOdds computes a volley's outcome exactly, for each target: hits distributed at
// random over its visible figures (a multinomial, taken figure by figure as binomials of the
// hits still unassigned), and each figure's single Strength roll against the hits he took.
// Heroes' Force Points are not spent here. A hero's dodge or parry, and a droid's System
// Damage, are followed only when he is the target's only figure; inside a squad they are
// refused (the battle engine samples them).
func (r *Rules) VolleyOdds(shots []Shot, targets [MaxFireTargets][]*Figure) ([MaxFireTargets]TargetOdds, error) {
	return r.VolleyOddsKept(nil, shots, targets)
}

// VolleyOddsKept is VolleyOdds keeping in memo (nil: none) what it works out about each kind
// of figure against each kind of volley, for the next volleys to use: the same numbers.
func (r *Rules) VolleyOddsKept(memo *OddsMemo, shots []Shot, targets [MaxFireTargets][]*Figure) ([MaxFireTargets]TargetOdds, error) {
	var out [MaxFireTargets]TargetOdds
	for t := range targets {
		var mine []Shot
		for _, s := range shots {
			if s.Target == t {
				mine = append(mine, s)
			}
		}
		if len(mine) == 0 {
			continue
		}
		o, err := r.targetOdds(memo, mine, targets[t])
		if err != nil {
			return out, fmt.Errorf("target %d: %w", t, err)
		}
		out[t] = o
	}
	return out, nil
}

func (r *Rules) targetOdds(memo *OddsMemo, shots []Shot, figs []*Figure) (TargetOdds, error) {
	var o TargetOdds
	if len(figs) == 0 {
		return o, errors.New("no visible figures")
	}
	for _, f := range figs {
		if len(figs) > 1 && (f.Droid != nil || (f.Hero != nil && (f.Hero.Dodge > 0 || f.Hero.Parry > 0))) {
			return o, errors.New("exact odds follow a droid's System Damage, or a hero's dodge and parry, only when he is the target's only figure")
		}
	}
	var avoid func(Shot) func(int) float64
	if h := figs[0].Hero; len(figs) == 1 && h != nil && !h.Unaware && (h.Dodge > 0 || h.Parry > 0) {
		avoid = func(s Shot) func(int) float64 {
			if h.parries(&s) {
				return func(diff int) float64 { return parryGivenHit(h.Parry, s.Skill, diff) }
			}
			q := DodgeOdds(s.Skill, h.Dodge, 0)
			return func(int) float64 { return q }
		}
	}
	// Hits by Damage Strength class.
	var ds []int
	var hits []Dist
	for _, s := range shots {
		o.ExpectedHits += r.ShotHits(s).Mean()
		var h Dist
		if avoid != nil {
			h = r.shotHits(s, avoid(s))
		} else {
			h = r.ShotHits(s)
		}
		c := -1
		for i, v := range ds {
			if v == s.Damage {
				c = i
			}
		}
		if c < 0 {
			if len(ds) == maxClasses {
				return o, fmt.Errorf("more than %d different Damage Strengths at one target", maxClasses)
			}
			ds = append(ds, s.Damage)
			hits = append(hits, Certain(0))
			c = len(ds) - 1
		}
		hits[c] = Convolve(hits[c], h)
	}
	o.Hits = Certain(0)
	for _, h := range hits {
		o.Hits = Convolve(o.Hits, h)
	}
	if d := figs[0].Droid; len(figs) == 1 && d != nil {
		o.SystemDamage = r.droidOdds(ds, hits, figs[0].Strength())
		return o, nil
	}
	joint, err := r.allocateOdds(memo, ds, hits, figs)
	if err != nil {
		return o, err
	}
	n := len(figs)
	for w := 0; w <= n; w++ {
		for i := 0; w+i <= n; i++ {
			p := joint[w*(n+1)+i]
			if p == 0 {
				continue
			}
			o.Wounded = o.Wounded.Plus(Dist{Lo: w, P: []float64{p}})
			o.Incapacitated = o.Incapacitated.Plus(Dist{Lo: i, P: []float64{p}})
			o.Casualties = o.Casualties.Plus(Dist{Lo: w + i, P: []float64{p}})
		}
	}
	return o, nil
}

// parryGivenHit is the probability a hero parries a bolt that hit at difficulty diff: the
// attack's score, given it reached diff, against his lightsaber roll.
func parryGivenHit(parry, skill, diff int) float64 {
	sd := scoreDist(skill)
	num, den := 0.0, 0.0
	for i, p := range sd.P {
		x := sd.Lo + i
		if x < diff || p == 0 {
			continue
		}
		den += p
		num += p * ParryOdds(parry, x, 0)
	}
	if den == 0 {
		return 0
	}
	return num / den
}

// droidOdds is the distribution of a lone droid's System Damage rolls.
func (r *Rules) droidOdds(ds []int, hits []Dist, sr int) Dist {
	var out Dist
	forEachVector(hits, func(k []int, p float64) {
		var list []int
		for c, n := range k {
			for range n {
				list = append(list, ds[c])
			}
		}
		out = out.Plus(r.SystemRollsOdds(list, sr).Scale(p))
	})
	return out
}

// forEachVector calls f with every combination of counts, one from each distribution, and
// its probability.
func forEachVector(ds []Dist, f func(k []int, p float64)) {
	k := make([]int, len(ds))
	var rec func(c int, p float64)
	rec = func(c int, p float64) {
		if c == len(ds) {
			f(k, p)
			return
		}
		for i, q := range ds[c].P {
			if q == 0 {
				continue
			}
			k[c] = ds[c].Lo + i
			rec(c+1, p*q)
		}
	}
	rec(0, 1)
}

// resistModel holds, for one Strength modifier, each Damage Strength class's chance of no
// effect and of a wound for every Strength score.
type resistModel struct {
	sd   Dist
	a, b [][]float64 // [class][score index]
	// pow[(class*scores+score index)*powN+e] is math.Pow(a, e) for e below powN, or -1 until
	// asked for: the same numbers outcome asked math.Pow for, each worked out once (outcome
	// asks for the same few powers for every vector of hits).
	pow  []float64
	powN int
}

// powers makes room in m.pow for up to most-1 hits of a class.
func (m *resistModel) powers(most int) {
	m.powN = max(most-1, 0)
	m.pow = make([]float64, len(m.a)*len(m.sd.P)*m.powN)
	for i := range m.pow {
		m.pow[i] = -1
	}
}

func (r *Rules) newResistModel(sr int, ds []int) *resistModel {
	m := &resistModel{sd: scoreDist(sr)}
	for _, v := range ds {
		a := make([]float64, len(m.sd.P))
		b := make([]float64, len(m.sd.P))
		for si := range m.sd.P {
			h := r.harmGiven(v, m.sd.Lo+si)
			a[si], b[si] = h[NoEffect], h[Wound]
		}
		m.a, m.b = append(m.a, a), append(m.b, b)
	}
	return m
}

// outcome is the figure's result for k hits of each class.
func (m *resistModel) outcome(k []int, wounded bool) [3]float64 {
	total := 0
	for _, n := range k {
		total += n
	}
	if total == 0 {
		return [3]float64{1, 0, 0}
	}
	var out [3]float64
	for si, ps := range m.sd.P {
		if ps == 0 {
			continue
		}
		none, one := 1.0, 0.0
		for c, n := range k {
			if n == 0 {
				continue
			}
			a, b := m.a[c][si], m.b[c][si]
			var an1 float64
			switch {
			case n == 1:
				an1 = 1 // math.Pow(a, 0), for any a
			case n == 2:
				an1 = a // math.Pow(a, 1), for any a
			case n-1 >= m.powN:
				an1 = math.Pow(a, float64(n-1))
			default:
				if i := (c*len(m.sd.P)+si)*m.powN + n - 1; m.pow[i] >= 0 {
					an1 = m.pow[i]
				} else {
					an1 = math.Pow(a, float64(n-1))
					m.pow[i] = an1
				}
			}
			one = one*an1*a + none*float64(n)*b*an1
			none *= an1 * a
		}
		out[NoEffect] += ps * none
		out[Wound] += ps * one
	}
	if wounded {
		out[Wound] = 0
	}
	out[Incapacitated] = max(0, 1-out[NoEffect]-out[Wound])
	return out
}

// allocateOdds is the joint distribution of (newly wounded, incapacitated) figures, indexed
// w*(n+1)+i, when the hits of each class are spread at random over the figures.
func (r *Rules) allocateOdds(memo *OddsMemo, ds []int, hits []Dist, figs []*Figure) ([]float64, error) {
	C, n := len(ds), len(figs)
	dims := make([]int, C)
	size, most := 1, 0
	for c := range C {
		dims[c] = hits[c].Hi() + 1
		size *= dims[c]
		most = max(most, dims[c])
	}
	wi := (n + 1) * (n + 1)
	if size*wi > 1<<24 {
		return nil, fmt.Errorf("too many hits to follow exactly (%d states)", size*wi)
	}
	strides := make([]int, C)
	for c, st := 0, 1; c < C; c++ {
		strides[c] = st
		st *= dims[c]
	}
	a := allocation{C: C, n: n, wi: wi, dims: dims, strides: strides,
		cur: make([]float64, size*wi), next: make([]float64, size*wi),
		rem: make([]int, C), k: make([]int, C),
		bins: make([][]float64, most)}
	// Initial: the hit counts, nothing harmed.
	forEachVector(hits, func(k []int, p float64) {
		a.cur[index(k, dims)*wi] += p
	})
	// A figure's outcome depends on his Strength, his wound and the hits of each class he
	// takes: kept densely by the hits' index for each Strength and wound met.
	type kind struct {
		sr      int
		wounded bool
	}
	models := map[int]*resistModel{}
	outcomes := map[kind]*outcomeTable{}
	for j, f := range figs {
		clear(a.next)
		a.m = n - j
		sr := f.Strength()
		kd := kind{sr, f.Wounded}
		a.out = outcomes[kd]
		if a.out == nil {
			key := newMemoKey(sr, f.Wounded, ds, dims)
			if a.out = memo.copyOf(key); a.out == nil {
				model := models[sr]
				if model == nil {
					model = r.newResistModel(sr, ds)
					model.powers(most)
					models[sr] = model
				}
				a.out = &outcomeTable{model: model, wounded: f.Wounded, h: make([][3]float64, size), known: make([]bool, size)}
			}
			outcomes[kd] = a.out
			defer memo.keep(key, a.out) // once this volley is done with it
		}
		if a.m > 1 {
			// Each class's remaining hits split binomially, 1/m of a chance each to this
			// figure: one table for every count of hits, made once a figure.
			for h := range most {
				a.bins[h] = binomial(h, 1/float64(a.m))
			}
		}
		for ri := range size {
			a.live = a.live[:0]
			for s, p := range a.cur[ri*wi : (ri+1)*wi] {
				if p != 0 {
					a.live = append(a.live, state{s, p})
				}
			}
			if len(a.live) == 0 {
				continue
			}
			// His shares of these hits, once for every state that has them.
			unindex(ri, dims, a.rem)
			a.combos = a.combos[:0]
			a.split(0, 0)
			a.spread(ri)
		}
		a.cur, a.next = a.next, a.cur
	}
	return a.cur[:wi], nil
}

// outcomeTable holds a figure's outcome (model.outcome) for each vector of hits by class,
// by the vector's index (at's i is index(k, dims)), worked out the first time it is asked
// for.
type outcomeTable struct {
	model   *resistModel
	wounded bool
	h       [][3]float64
	known   []bool
}

func (t *outcomeTable) at(i int, k []int) [3]float64 {
	if !t.known[i] {
		t.h[i], t.known[i] = t.model.outcome(k, t.wounded), true
	}
	return t.h[i]
}

// allocation is allocateOdds' state while it gives one figure his share of the hits.
type allocation struct {
	C, n, wi, m int
	dims        []int
	strides     []int // index's place value of each class
	cur, next   []float64
	rem, k      []int // the hits still to give by class, this figure's
	bins        [][]float64
	out         *outcomeTable
	// live are the states of the hits left being spread that have a chance (most have none).
	live []state
	// combos are this figure's shares of the remaining hits rem, each worked out once for
	// every state of the figures before him: in the order the states take them.
	combos []share
}

// state is one state of the figures before this one, its place s and probability p.
type state struct {
	s int
	p float64
}

// share is one way this figure can take his hits: kIndex is their index, pk the binomial
// chance of each class's count (multiplied in class order, as the state's probability
// takes them), h his outcome.
type share struct {
	kIndex int
	pk     [maxClasses]float64
	h      [3]float64
}

// split lists this figure's shares k[c] of each class's remaining hits from class c on
// (ki: the index of k[:c]), skipping the counts too unlikely to matter.
func (a *allocation) split(c, ki int) {
	if c == a.C {
		a.combos = append(a.combos, share{kIndex: ki, h: a.out.at(ki, a.k)})
		if a.m > 1 {
			sh := &a.combos[len(a.combos)-1]
			for cc := range a.C {
				sh.pk[cc] = a.bins[a.rem[cc]][a.k[cc]]
			}
		}
		return
	}
	stride := a.strides[c]
	if a.m == 1 {
		a.k[c] = a.rem[c]
		a.split(c+1, ki+a.k[c]*stride)
		return
	}
	for kc, pk := range a.bins[a.rem[c]] {
		if pk < Epsilon*Epsilon {
			continue
		}
		a.k[c] = kc
		a.split(c+1, ki+kc*stride)
	}
}

// spread adds to the next states what follows from the live states of hits left ri (a
// state's s is w*(n+1)+inc, the figures wounded and incapacitated so far; p its
// probability), for each of this figure's shares: the hits left after him are
// the index ri less his. Share by share, then state by state: the shares of one ri write to
// states of different hits left, so every next state receives its sums in the order it did
// state by state (the same numbers to the bit, TestVolleyOddsAreTheSameToTheBit).
func (a *allocation) spread(ri int) {
	n1 := a.n + 1
	for i := range a.combos {
		sh := &a.combos[i]
		base := (ri - sh.kIndex) * a.wi
		next := a.next[base : base+a.wi]
		h, pk := sh.h, sh.pk
		classes := a.C
		if a.m == 1 {
			classes = 0 // the last figure takes every hit left: no chance to multiply by
		}
		for _, st := range a.live {
			// q is p times each class's chance, in class order, unrolled.
			s, q := st.s, st.p
			switch classes {
			case 1:
				q *= pk[0]
			case 2:
				q = q * pk[0] * pk[1]
			case 3:
				q = q * pk[0] * pk[1] * pk[2]
			case 4:
				q = q * pk[0] * pk[1] * pk[2] * pk[3]
			}
			next[s] += q * h[NoEffect]
			if h[Wound] > 0 {
				next[s+n1] += q * h[Wound]
			}
			if h[Incapacitated] > 0 {
				next[s+1] += q * h[Incapacitated]
			}
		}
	}
}

func index(k, dims []int) int {
	i := 0
	for c := len(dims) - 1; c >= 0; c-- {
		i = i*dims[c] + k[c]
	}
	return i
}

func unindex(i int, dims, k []int) {
	for c := range dims {
		k[c] = i % dims[c]
		i /= dims[c]
	}
}
