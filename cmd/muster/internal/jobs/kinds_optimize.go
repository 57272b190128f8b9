package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"muster/cmd/muster/internal/faults"
	"muster/db"
	"muster/roster"
	"muster/rules/battle"
	"muster/rules/battle/optimize"
)

// OptimizeRequest is everything a worker needs to play "What to bring" (issue 34,
// optimize.Run): the army searched from and its opponents, as files at the versions asked
// for.
type OptimizeRequest struct {
	ArmyID    string        `json:"army_id"`
	Version   int           `json:"version"` // the version searched from, which the final list is saved on
	Name      string        `json:"name"`
	Army      []byte        `json:"army"`
	Opponents []OptOpponent `json:"opponents"`
	Scenario  string        `json:"scenario"`
	// ScenarioFile is the scenario file when the search plays on a player's own scenario
	// (Scenario is then the form's name for it): the worker plays this field.
	ScenarioFile []byte `json:"scenario_file,omitempty"`
	Seed         uint64 `json:"seed"`
	Battles      int    `json:"battles"` // the most a change plays against each opponent
	Budget       int    `json:"budget"`  // the most battles in all
	// Game is set when the army is a game night's list searched against the other sides'
	// lists (nil: one's own army against one's own armies).
	Game *OptGame `json:"game,omitempty"`
}

// OptGame is a game night's search: the list searched from, the side's force limits every
// list keeps to, and who asked, through which link.
type OptGame struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	List string `json:"list"` // the list's id in the game; ArmyID is empty
	Side string `json:"side"`
	// Limits is the side's force limits as the gamemaster wrote them (a limits file; empty:
	// none). The army's own limit, limits: and house rules do not count in a game.
	Limits string `json:"limits,omitempty"`
	// By is who asked: "gm" or "player". Base is the link asked through ("/gm/{token}" or
	// "/play/{token}", as a game's round robin keeps its form's address), for the page's
	// way back and the gamemaster's save; a rotated link opens nothing there any more.
	By   string `json:"by"`
	Base string `json:"base"`
}

// OptOpponent is one list of the field, at the version played, with its weight.
type OptOpponent struct {
	ID      string  `json:"id"`
	Name    string  `json:"name"`
	Version int     `json:"version"`
	File    []byte  `json:"file"`
	Weight  float64 `json:"weight"`
	Side    string  `json:"side,omitempty"` // a game night's list's side
}

// OptimizeResult is a played search as saved: its answer (the JSON of `muster optimize
// --json`, the final list within) and what that JSON leaves out.
type OptimizeResult struct {
	Result  *optimize.Result `json:"result"`
	Battles int              `json:"battles"`
	Tried   int              `json:"tried"`
	Stopped string           `json:"stopped"`
	Limit   int              `json:"limit"`
	Trials  int              `json:"trials"`
	Delta   float64          `json:"delta"`
	DeltaCI [2]float64       `json:"delta_ci95"`
	// Steps' battles: what the search had played when each change was taken; their
	// effects, what each did in the battles that took it.
	StepBattles []int      `json:"step_battles"`
	StepEffects [][]string `json:"step_effects"`
	// StepArmies are the lists after each step (the one before the first is the request's
	// army), StepTurned the battle each turned (nil: none), for the replays.
	StepArmies []*roster.Army     `json:"step_armies"`
	StepTurned []*optimize.Turned `json:"step_turned"`
}

// SubmitOptimize queues a search of at most req.Budget battles: db.ErrBusy when its owner
// has something queued or playing.
func (j *Jobs) SubmitOptimize(ctx context.Context, owner, title string, req OptimizeRequest) (db.Matchup, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return db.Matchup{}, err
	}
	return j.queue(ctx, db.Matchup{Owner: owner, Title: title, Request: body, Kind: db.KindOptimize, Battles: req.Budget,
		ChunkSize: req.Budget, Chunks: 1}, []battle.ChunkOptions{{First: 0, Count: req.Budget}}, 1)
}

// playOptimize plays the whole search in one piece (each step depends on the one before),
// telling progress the battles played and stopping when ctx ends. A piece cut and played
// again searches again from the start with the same seed: the same answer.
func (j *Jobs) playOptimize(ctx context.Context, req OptimizeRequest, progress func(int)) (any, error) {
	field, err := RequestField(req.Scenario, req.ScenarioFile)
	if err != nil {
		return nil, err
	}
	army, err := roster.Read(req.Army)
	if err != nil {
		return nil, fmt.Errorf("the army of the search does not read: %w", err)
	}
	var limits *roster.Limits
	if g := req.Game; g != nil {
		// As the game judges the list (gamenight.Judge): its side's limits replace the
		// army's own limit, limits: and house rules.
		army.Limit, army.Limits, army.Rules = 0, nil, nil
		if strings.TrimSpace(g.Limits) != "" {
			if limits, err = roster.ReadLimits([]byte(g.Limits)); err != nil {
				return nil, fmt.Errorf("the %s side's limits do not read: %w", g.Side, err)
			}
		}
	}
	var opps []optimize.Opponent
	for _, o := range req.Opponents {
		a, err := roster.Read(o.File)
		if err != nil {
			return nil, fmt.Errorf("%s does not read: %w", o.Name, err)
		}
		opps = append(opps, optimize.Opponent{Army: a, Weight: o.Weight})
	}
	res, err := optimize.Run(ctx, j.cat, field, army, opps, optimize.Options{Battles: req.Battles, Seed: req.Seed, Budget: req.Budget,
		Limits: limits, Workers: 1, BeforeBattle: faults.BeforeBattle, Progress: func(p optimize.Progress) { progress(p.Battles) }})
	if err != nil {
		return nil, err
	}
	out := OptimizeResult{Result: res, Battles: res.Battles, Tried: res.Tried, Stopped: res.Stopped, Limit: res.Limit, Trials: res.Trials,
		Delta: res.Delta, DeltaCI: res.DeltaCI}
	for _, s := range res.Steps {
		out.StepBattles = append(out.StepBattles, s.Battles)
		out.StepEffects = append(out.StepEffects, s.Effects)
		out.StepArmies = append(out.StepArmies, s.Army)
		out.StepTurned = append(out.StepTurned, s.Turned)
	}
	return out, nil
}
