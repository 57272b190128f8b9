package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"

	"muster/cmd/muster/internal/faults"
	"muster/costing"
	"muster/db"
	"muster/roster"
	"muster/rules/battle"
	"muster/rules/battle/muster"
	"muster/rules/battle/whatif"
)

// What is played in the queue (issue 29): a matchup, a what-if, a round robin. Each is a row
// of matchups with its kind, cut into parts (chunk jobs, each saved once by its key) and
// finished by a merge job; they take turns in the same queue, and any worker plays any of
// them. A part played again plays the same battles with the same seeds: a cut one resumes
// with the same result.

// kind is how one kind of matchup row is played.
type kind interface {
	// parts are its chunk jobs, in order: First is the part's key (its first battle in
	// the row's battles laid end to end), Count its battles.
	parts(m db.Matchup) []battle.ChunkOptions
	// window is how many of its parts wait in the queue at a time.
	window() int
	// play plays the part with key first and answers what is saved of it.
	play(ctx context.Context, m db.Matchup, first, count int) ([]byte, error)
	// finish sums the saved parts up and completes the row.
	finish(ctx context.Context, m db.Matchup) error
}

// kindOf is how m is played, its request read.
func (j *Jobs) kindOf(m db.Matchup) (kind, error) {
	switch m.Kind {
	case db.KindWhatIf:
		var req WhatIfRequest
		if err := json.Unmarshal(m.Request, &req); err != nil {
			return nil, fmt.Errorf("the what-if's request does not read: %w", err)
		}
		return &pieceKind{j: j, result: "/whatif/", playIt: func(ctx context.Context, progress func(int)) (any, error) {
			return j.playWhatIf(ctx, req, progress)
		}}, nil
	case db.KindRoundRobin:
		return j.prepareRoundRobin(m)
	case db.KindOptimize:
		var req OptimizeRequest
		if err := json.Unmarshal(m.Request, &req); err != nil {
			return nil, fmt.Errorf("the search's request does not read: %w", err)
		}
		return &pieceKind{j: j, result: "/optimize/", playIt: func(ctx context.Context, progress func(int)) (any, error) {
			return j.playOptimize(ctx, req, progress)
		}}, nil
	case db.KindSWM, db.KindQRS:
		return j.systemKind(m)
	case db.KindFair:
		var req FairRequest
		if err := json.Unmarshal(m.Request, &req); err != nil {
			return nil, fmt.Errorf("the fairness test's request does not read: %w", err)
		}
		return &pieceKind{j: j, result: "/fair/", playIt: func(ctx context.Context, progress func(int)) (any, error) {
			res, err := PlayFair(ctx, j, req, func(d, _ int) { progress(d) })
			return res, err
		}}, nil
	case db.KindMatchup, "":
		p, err := j.prepare(m)
		if err != nil {
			return nil, err
		}
		return &matchupKind{j: j, p: p}, nil
	}
	return nil, fmt.Errorf("this Muster does not know how to play a %q", m.Kind)
}

// matchupKind is a matchup: N battles between two armies, saved as a sim.
type matchupKind struct {
	j *Jobs
	p *prepared
}

func (k *matchupKind) parts(m db.Matchup) []battle.ChunkOptions {
	return battle.Split(m.Battles, m.ChunkSize)
}
func (k *matchupKind) window() int { return max(k.p.req.Window, 1) }

func (k *matchupKind) play(ctx context.Context, m db.Matchup, first, count int) ([]byte, error) {
	c, err := k.j.playChunk(ctx, k.p.field, k.p.forces[0], k.p.forces[1], battle.ChunkOptions{Seed: k.p.req.Seed, First: first,
		Count: count, Workers: 1, SampleLog: true})
	if err != nil {
		return nil, err
	}
	return json.Marshal(c)
}

func (k *matchupKind) finish(ctx context.Context, m db.Matchup) error {
	j, p := k.j, k.p
	sum, err := j.merge(ctx, m, p)
	if err != nil {
		return err
	}
	res, err := SummaryRecord(sum, p.forces, p.req.Ask, j.store.Now().Sub(m.Created))
	if err != nil {
		return err
	}
	_, err = j.store.CompleteMatchup(ctx, m.ID, p.req.ResultBase, res)
	return err
}

// WhatIfRequest is everything a worker needs to play a what-if (whatif.Run), kept with it:
// the army changed and its opponent as files at the versions asked for.
type WhatIfRequest struct {
	Sim      string `json:"sim"`  // the matchup it starts from
	Side     string `json:"side"` // "a" or "b": the army changed
	Scenario string `json:"scenario"`
	// ScenarioFile is the matchup's own scenario file, when it was played on a player's
	// scenario (MatchupRequest.ScenarioFile).
	ScenarioFile []byte    `json:"scenario_file,omitempty"`
	Seed         uint64    `json:"seed"`
	Battles      int       `json:"battles"` // the most per army
	Variants     int       `json:"variants"`
	Army         []byte    `json:"army"`
	Opponent     []byte    `json:"opponent"`
	Names        [2]string `json:"names"` // the matchup's armies a and b, for the page
	// Played and Version: the version of the army the matchup played, and the one changed.
	Played  int `json:"played"`
	Version int `json:"version"`
}

// WhatIfResult is a played what-if as saved: the report (its variants without their
// armies, which the save button finds again) and what its JSON leaves out.
type WhatIfResult struct {
	Report  *whatif.Report `json:"report"`
	Battles int            `json:"battles"`
	Limit   int            `json:"limit"`
	Total   int            `json:"total"`
}

// SubmitWhatIf queues a what-if of at most battles battles in all (the army and each
// variant): db.ErrBusy when its owner has something queued or playing.
func (j *Jobs) SubmitWhatIf(ctx context.Context, owner, title string, battles int, req WhatIfRequest) (db.Matchup, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return db.Matchup{}, err
	}
	return j.queue(ctx, db.Matchup{Owner: owner, Title: title, Request: body, Kind: db.KindWhatIf, Battles: battles,
		ChunkSize: battles, Chunks: 1}, []battle.ChunkOptions{{First: 0, Count: battles}}, 1)
}

// asker is who asks for a job, as the fair shares count it (db.Bounds).
type asker struct {
	address string
	guest   bool
}

type askerKey struct{}

// Asking is ctx carrying who asks for the jobs queued with it: their address (an IPv6
// address by its /64) and whether they are a guest, for the bound on guests' battles from one
// address (db.Bounds). Jobs queued without it (the command line's) are bounded by owner only.
func Asking(ctx context.Context, address string, guest bool) context.Context {
	return context.WithValue(ctx, askerKey{}, asker{address: address, guest: guest})
}

// queue saves m with its first parts queued, in one transaction. Its first part jumps the
// queue (River's priority 1, every other part 2): a newcomer starts at the next free worker,
// within one round of the chunks being played, however many chunks others have waiting.
// perBattle, when not 0, is how long a battle of it may take (a d20 battle takes a hundred
// times an SWMB one), so that its part is not taken for dead while it plays.
func (j *Jobs) queue(ctx context.Context, m db.Matchup, parts []battle.ChunkOptions, window int, perBattle ...time.Duration) (db.Matchup, error) {
	if a, ok := ctx.Value(askerKey{}).(asker); ok {
		m.Address, m.Guest = a.address, a.guest
	}
	m, err := j.store.QueueMatchup(ctx, m, func(ctx context.Context, tx db.JobTx, m db.Matchup) error {
		var params []river.InsertManyParams
		for i, c := range parts[:min(window, len(parts))] {
			args := chunkArgs{Matchup: m.ID, First: c.First, Count: c.Count}
			if len(perBattle) > 0 {
				args.PerBattle = perBattle[0]
			}
			p := river.InsertManyParams{Args: args}
			if i == 0 {
				p.InsertOpts = &river.InsertOpts{Priority: firstPriority}
			}
			params = append(params, p)
		}
		return j.client.InsertManyTx(ctx, tx, params)
	})
	if err != nil {
		return db.Matchup{}, err
	}
	return m, nil
}

// playWhatIf plays the whole what-if in one piece (its looks depend on one another),
// telling progress the battles played and stopping when ctx ends.
func (j *Jobs) playWhatIf(ctx context.Context, req WhatIfRequest, progress func(int)) (any, error) {
	field, err := RequestField(req.Scenario, req.ScenarioFile)
	if err != nil {
		return nil, err
	}
	army, err := roster.Read(req.Army)
	if err != nil {
		return nil, fmt.Errorf("the army of the what-if does not read: %w", err)
	}
	oppArmy, err := roster.Read(req.Opponent)
	if err != nil {
		return nil, fmt.Errorf("the opponent of the what-if does not read: %w", err)
	}
	cat, _ := costing.CatalogFor(j.cat, oppArmy)
	opp, err := muster.NewForce(cat, oppArmy)
	if err != nil {
		return nil, fmt.Errorf("%s cannot take the field: %w", oppArmy.Name, err)
	}
	rep, err := whatif.Run(ctx, j.cat, field, army, opp, whatif.Options{Battles: req.Battles, Seed: req.Seed, MaxVariants: req.Variants,
		Workers: 1, BeforeBattle: faults.BeforeBattle, Progress: func(d, _ int) { progress(d) }})
	if err != nil {
		return nil, err
	}
	for i := range rep.Variants {
		rep.Variants[i].Army = nil
	}
	return WhatIfResult{Report: rep, Battles: rep.Battles, Limit: rep.Limit, Total: rep.Total}, nil
}

// follow writes a part's progress to the store twice a second until ctx ends, and cancels
// the part when its row has ended (cancelled by its owner).
func (j *Jobs) follow(ctx context.Context, id string, done *atomic.Int64, cancel func()) {
	t := time.NewTicker(500 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := j.store.SetProgress(ctx, id, int(done.Load())); err != nil {
			continue
		}
		if m, err := j.store.MatchupForWork(ctx, id); err == nil && m.Over() {
			cancel()
			return
		}
	}
}

// RoundRobinRequest is everything a worker needs to play a round robin: every pair i < j
// of its entrants (entrant i the scenario's first side), Battles each, with one seed.
type RoundRobinRequest struct {
	Scenario string `json:"scenario"`
	// ScenarioFile is the scenario file when the round robin is played on a player's own
	// scenario (Scenario is then the form's name for it): the worker plays this field, and
	// each pair's matchup keeps it (MatchupRequest.ScenarioFile).
	ScenarioFile []byte      `json:"scenario_file,omitempty"`
	Seed         uint64      `json:"seed"`
	SeedTyped    bool        `json:"seed_typed,omitempty"`
	Battles      int         `json:"battles"` // per pair
	ChunkSize    int         `json:"chunk_size"`
	Window       int         `json:"window"`
	Entrants     []RREntrant `json:"entrants"`
	Game         string      `json:"game,omitempty"` // a game night's round robin: its matchups are the game's
	SimBase      string      `json:"sim_base"`       // where a pair's matchup is reached: "/sims" or a game's
	Action       string      `json:"action"`         // the form it was asked from
	Nav          string      `json:"nav"`            // the page's section
}

// RREntrant is an army of a round robin, as a file at the version it plays.
type RREntrant struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Version int    `json:"version"`
	File    []byte `json:"file"`
}

// RoundRobinResult is a played round robin: each pair's saved matchup and expected scores.
type RoundRobinResult struct {
	Pairs []RRPair `json:"pairs"`
}

// RRPair is entrants I against J (I first): their matchup, and each side's summary.
type RRPair struct {
	I   int                `json:"i"`
	J   int                `json:"j"`
	Sim string             `json:"sim"`
	A   battle.SideSummary `json:"a"`
	B   battle.SideSummary `json:"b"`
}

// Pairs are a round robin of k entrants' pairs, in the order they are played.
func Pairs(k int) [][2]int {
	var out [][2]int
	for i := range k {
		for j := i + 1; j < k; j++ {
			out = append(out, [2]int{i, j})
		}
	}
	return out
}

// rrParts are a round robin's chunks: each pair's battles cut as a matchup's, keyed by
// their place with every pair's battles laid end to end.
func rrParts(entrants, battles, size int) []battle.ChunkOptions {
	var out []battle.ChunkOptions
	for p := range Pairs(entrants) {
		for _, c := range battle.Split(battles, size) {
			out = append(out, battle.ChunkOptions{First: p*battles + c.First, Count: c.Count})
		}
	}
	return out
}

// SubmitRoundRobin queues a round robin: db.ErrBusy when its owner has something queued or
// playing.
func (j *Jobs) SubmitRoundRobin(ctx context.Context, owner, title string, req RoundRobinRequest) (db.Matchup, error) {
	req.ChunkSize, req.Window = j.chunking(req.ChunkSize, req.Window)
	body, err := json.Marshal(req)
	if err != nil {
		return db.Matchup{}, err
	}
	parts := rrParts(len(req.Entrants), req.Battles, req.ChunkSize)
	return j.queue(ctx, db.Matchup{Owner: owner, Game: req.Game, Title: title, Request: body, Kind: db.KindRoundRobin,
		Battles: len(Pairs(len(req.Entrants))) * req.Battles, ChunkSize: req.ChunkSize, Chunks: len(parts)}, parts, req.Window)
}

type rrKind struct {
	j      *Jobs
	req    RoundRobinRequest
	field  *battle.Field
	forces []*battle.Force
}

func (j *Jobs) prepareRoundRobin(m db.Matchup) (*rrKind, error) {
	if p := j.forces.get(m.ID); p != nil && p.rr != nil {
		return p.rr, nil
	}
	k := &rrKind{j: j}
	if err := json.Unmarshal(m.Request, &k.req); err != nil {
		return nil, fmt.Errorf("the round robin's request does not read: %w", err)
	}
	field, err := RequestField(k.req.Scenario, k.req.ScenarioFile)
	if err != nil {
		return nil, err
	}
	k.field = field
	for _, e := range k.req.Entrants {
		army, err := roster.Read(e.File)
		if err != nil {
			return nil, fmt.Errorf("an army of the round robin does not read: %w", err)
		}
		cat, _ := costing.CatalogFor(j.cat, army)
		f, err := muster.NewForce(cat, army)
		if err != nil {
			return nil, fmt.Errorf("%s cannot take the field: %w", army.Name, err)
		}
		k.forces = append(k.forces, f)
	}
	j.forces.put(m.ID, &prepared{rr: k})
	return k, nil
}

func (k *rrKind) parts(m db.Matchup) []battle.ChunkOptions {
	return rrParts(len(k.req.Entrants), k.req.Battles, k.req.ChunkSize)
}
func (k *rrKind) window() int { return max(k.req.Window, 1) }

func (k *rrKind) play(ctx context.Context, m db.Matchup, first, count int) ([]byte, error) {
	n := k.req.Battles
	pairs := Pairs(len(k.forces))
	p := first / n
	if p >= len(pairs) {
		return nil, fmt.Errorf("jobs: round robin %s has no part at %d", m.ID, first)
	}
	c, err := k.j.playChunk(ctx, k.field, k.forces[pairs[p][0]], k.forces[pairs[p][1]], battle.ChunkOptions{Seed: k.req.Seed,
		First: first - p*n, Count: count, Workers: 1, SampleLog: true})
	if err != nil {
		return nil, fmt.Errorf("%s against %s: %w", k.req.Entrants[pairs[p][0]].Name, k.req.Entrants[pairs[p][1]].Name, err)
	}
	return json.Marshal(c)
}

// finish merges each pair's chunks (exactly battle.Simulate's summary of the pair) and
// saves every pair as a matchup and the round robin's result, in one transaction.
func (k *rrKind) finish(ctx context.Context, m db.Matchup) error {
	bodies, err := k.j.store.Chunks(ctx, m.ID)
	if err != nil {
		return err
	}
	parts := k.parts(m)
	if len(bodies) != len(parts) {
		return fmt.Errorf("jobs: round robin %s has %d parts saved of %d", m.ID, len(bodies), len(parts))
	}
	n := k.req.Battles
	pairs := Pairs(len(k.forces))
	byPair := make([][]*battle.Chunk, len(pairs))
	for i, b := range bodies {
		c := new(battle.Chunk)
		if err := json.Unmarshal(b, c); err != nil {
			return fmt.Errorf("jobs: a part of round robin %s: %w", m.ID, err)
		}
		p := parts[i].First / n
		byPair[p] = append(byPair[p], c)
	}
	elapsed := k.j.store.Now().Sub(m.Created)
	var sims []db.Sim
	var res RoundRobinResult
	for p, ij := range pairs {
		a, b := k.forces[ij[0]], k.forces[ij[1]]
		sum, err := battle.Merge(k.field, a, b, k.req.Seed, n, byPair[p])
		if err != nil {
			return err
		}
		ea, eb := k.req.Entrants[ij[0]], k.req.Entrants[ij[1]]
		rec, err := SummaryRecord(sum, [2]*battle.Force{a, b}, db.Sim{Owner: m.Owner, Game: k.req.Game,
			ArmyA: ea.ID, VersionA: ea.Version, ArmyB: eb.ID, VersionB: eb.Version,
			Scenario: k.req.Scenario, ScenarioFile: k.req.ScenarioFile}, elapsed)
		if err != nil {
			return err
		}
		sims = append(sims, rec)
		res.Pairs = append(res.Pairs, RRPair{I: ij[0], J: ij[1], A: sum.A, B: sum.B})
	}
	_, err = k.j.store.CompleteMatchupWith(ctx, m.ID, sims, func(saved []db.Sim) (string, []byte, error) {
		for i := range saved {
			res.Pairs[i].Sim = saved[i].ID
		}
		body, err := json.Marshal(res)
		return "/roundrobin/" + m.ID, body, err
	})
	return err
}
