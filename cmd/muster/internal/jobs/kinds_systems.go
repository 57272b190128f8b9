package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"muster/cmd/muster/internal/systems"
	"muster/db"
	"muster/rules/battle"
	"muster/rules/qrs"
	"muster/rules/qrs/sim"
	"muster/rules/swm/army"
	"muster/rules/swm/check"
	"muster/rules/swm/engine"
)

// The other game systems' quick-resolves as jobs (issue 29): the d20 quick-resolve
// (rules/swm/engine) and the skirmish quick-resolve (rules/qrs/sim), each played in one
// piece (their engines play battle i with the seed and i, from the first battle only) in
// the same queue as matchups.

// SWMRequest is a d20 quick-resolve: two squads' files, the map, battles and seed.
type SWMRequest struct {
	Squads   [2][]byte `json:"squads"`
	IDs      [2]string `json:"ids"` // the squads' saved ids, for the form again
	Scenario string    `json:"scenario"`
	Battles  int       `json:"battles"`
	Seed     uint64    `json:"seed"`
}

// SWMResult is a played d20 quick-resolve: the engine's summary and the squads' names.
type SWMResult struct {
	Summary   *engine.Summary `json:"summary"`
	Names     [2]string       `json:"names"`
	SidesNote string          `json:"sides_note,omitempty"`
	// Log is the first battle's log: battle 0 of the seed, the one muster swm battle
	// --seed plays.
	Log []string `json:"log,omitempty"`
	// Outcomes are what each battle came to, in order: the replay picks battles to watch by
	// them without playing them again (a quick-resolve played before they were kept has
	// none).
	Outcomes []SWMOutcome `json:"outcomes,omitempty"`
}

// SWMOutcome is one battle of a d20 quick-resolve: its winner (0, 1, -1 a draw), the
// points of enemy figures each squad defeated, and its rounds.
type SWMOutcome struct {
	Winner   int    `json:"w"`
	Defeated [2]int `json:"d"`
	Rounds   int    `json:"r"`
}

// QRSRequest is a skirmish quick-resolve: the game as the form set it up (sim.Config,
// whose every field is data), the games and the dice seed, and the form as sent, to show it
// again with the result.
type QRSRequest struct {
	Config sim.Config `json:"config"`
	// Fight, when set, is a firefight of two groups instead (muster qrs sim --vs).
	Fight   *sim.FightConfig    `json:"fight,omitempty"`
	Battles int                 `json:"battles"`
	Seed    uint64              `json:"seed"`
	Form    map[string][]string `json:"form"`
}

// QRSResult is a played skirmish quick-resolve.
type QRSResult struct {
	Summary sim.Summary       `json:"summary"`
	Fight   *sim.FightSummary `json:"fight,omitempty"`
}

// SubmitSWM queues a d20 quick-resolve.
func (j *Jobs) SubmitSWM(ctx context.Context, owner, title string, req SWMRequest) (db.Matchup, error) {
	return j.submitPiece(ctx, owner, title, db.KindSWM, req.Battles, req, swmPerBattle)
}

// swmPerBattle bounds a d20 battle's time, generously: the assault map's take about a quarter
// of a second of a loaded core (docs/benchmarks.md).
const swmPerBattle = time.Second

// SubmitQRS queues a skirmish quick-resolve.
func (j *Jobs) SubmitQRS(ctx context.Context, owner, title string, req QRSRequest) (db.Matchup, error) {
	return j.submitPiece(ctx, owner, title, db.KindQRS, req.Battles, req)
}

func (j *Jobs) submitPiece(ctx context.Context, owner, title, kind string, battles int, req any, perBattle ...time.Duration) (db.Matchup, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return db.Matchup{}, err
	}
	return j.queue(ctx, db.Matchup{Owner: owner, Title: title, Request: body, Kind: kind, Battles: battles,
		ChunkSize: battles, Chunks: 1}, []battle.ChunkOptions{{First: 0, Count: battles}}, 1, perBattle...)
}

// PlaySWM plays a d20 quick-resolve as its job does.
func PlaySWM(req SWMRequest) (*SWMResult, error) {
	return playSWM(context.Background(), req, nil)
}

// playSWM is PlaySWM told the battles played (progress, when not nil) and stopped between
// battles when ctx ends.
func playSWM(ctx context.Context, req SWMRequest, progress func(done int)) (*SWMResult, error) {
	squads, costed, err := SWMSquads(req)
	if err != nil {
		return nil, err
	}
	res := &SWMResult{Names: [2]string{squads[0].Name, squads[1].Name}, Outcomes: make([]SWMOutcome, req.Battles)}
	each := func(i int, r *engine.Result) {
		res.Outcomes[i] = SWMOutcome{Winner: r.Winner, Defeated: r.Defeated, Rounds: r.Rounds}
	}
	sum, err := engine.SimulateEach(ctx, SWMMap(req), squads[0], squads[1], req.Battles, req.Seed, progress, each)
	if err != nil {
		return nil, err
	}
	res.Summary, res.SidesNote = sum, check.SidesNote(costed[0], costed[1])
	m, _ := engine.Scenario(req.Scenario)
	if first, err := engine.Play(m, squads[0], squads[1], rand.New(rand.NewPCG(req.Seed, 0)), true); err == nil {
		res.Log = first.Log
	}
	return res, nil
}

// SWMSquads are a d20 quick-resolve's squads as its battles play them, with their costs.
func SWMSquads(req SWMRequest) ([2]engine.Squad, [2]*check.Costed, error) {
	var squads [2]engine.Squad
	var costed [2]*check.Costed
	for i, f := range req.Squads {
		sq, err := army.Read(f)
		if err != nil {
			return squads, costed, fmt.Errorf("a squad does not read: %w", err)
		}
		c, err := check.Evaluate(sq)
		if err != nil {
			return squads, costed, fmt.Errorf("%s: %w", sq.Name, err)
		}
		if squads[i], err = engine.FromCosted(c); err != nil {
			return squads, costed, fmt.Errorf("%s: %w", sq.Name, err)
		}
		costed[i] = c
	}
	if _, ok := engine.Scenario(req.Scenario); !ok {
		return squads, costed, fmt.Errorf("there is no d20 map %q", req.Scenario)
	}
	return squads, costed, nil
}

// SWMMap makes a d20 quick-resolve's map afresh, as each battle needs it.
func SWMMap(req SWMRequest) func() *engine.Map {
	return func() *engine.Map { m, _ := engine.Scenario(req.Scenario); return m }
}

// PlayQRS plays a skirmish quick-resolve as its job does: game i rolls PCG(seed, i).
func PlayQRS(req QRSRequest) (*QRSResult, error) { return playQRS(req, nil) }

// playQRS is PlayQRS told how many games are played (progress, when not nil: game i's dice
// are asked for as it begins, in order).
func playQRS(req QRSRequest, progress func(done int)) (*QRSResult, error) {
	dice := func(i int) qrs.Dice {
		if progress != nil {
			progress(i)
		}
		r := rand.New(rand.NewPCG(req.Seed, uint64(i)))
		return qrs.DiceFunc(func(n int) int { return r.IntN(n) + 1 })
	}
	if req.Fight != nil {
		f, err := sim.RunFight(*req.Fight, req.Battles, dice)
		if err != nil {
			return nil, systems.QRSSeeded(err, req.Seed)
		}
		return &QRSResult{Fight: &f}, nil
	}
	s, err := sim.Run(req.Config, req.Battles, dice)
	if err != nil {
		return nil, systems.QRSSeeded(err, req.Seed)
	}
	return &QRSResult{Summary: s}, nil
}

// systemKind is how a row of another game system's quick-resolve is played.
func (j *Jobs) systemKind(m db.Matchup) (kind, error) {
	switch m.Kind {
	case db.KindSWM:
		var req SWMRequest
		if err := json.Unmarshal(m.Request, &req); err != nil {
			return nil, fmt.Errorf("the quick-resolve's request does not read: %w", err)
		}
		return &pieceKind{j: j, result: "/swm/quick-resolve/", playIt: func(ctx context.Context, progress func(int)) (any, error) {
			return playSWM(ctx, req, progress)
		}}, nil
	case db.KindQRS:
		var req QRSRequest
		if err := json.Unmarshal(m.Request, &req); err != nil {
			return nil, fmt.Errorf("the quick-resolve's request does not read: %w", err)
		}
		return &pieceKind{j: j, result: "/qrs/sim/", playIt: func(_ context.Context, progress func(int)) (any, error) {
			return playQRS(req, progress) // (2000 games take half a second: not worth stopping)
		}}, nil
	}
	return nil, fmt.Errorf("this Muster does not know how to play a %q", m.Kind)
}
