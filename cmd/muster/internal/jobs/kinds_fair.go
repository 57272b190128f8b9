package jobs

import (
	"context"
	"encoding/json"
	"fmt"

	"muster/costing/gamenight"
	"muster/db"
	"muster/roster"
	"muster/rules/battle"
	"muster/rules/battle/fair"
)

// "Is this fair?" as a job (issue 33): a built-in scenario or a player's own, each side's total (the
// scenario's other limits kept) and Troop List, random lists a side, battles at each
// handicap; played in one piece (fair.Run), its progress told twice a second.

// FairRequest is everything a worker needs to answer "Is this fair?".
type FairRequest struct {
	Scenario string `json:"scenario"`
	// ScenarioFile is the scenario file when the test is played on a player's own scenario
	// (Scenario is then the form's name for it, "mine:" and its id): the worker plays this
	// field, never one saved later.
	ScenarioFile []byte    `json:"scenario_file,omitempty"`
	Totals       [2]int    `json:"totals"`
	TroopLists   [2]string `json:"troop_lists"`
	Battles      int       `json:"battles"` // at each handicap, as asked
	Lists        int       `json:"lists"`
	// Strong is the strong lists a side that plays random lists (fair.Options.Strong), each
	// searched for with the default budget inside the job.
	Strong    int    `json:"strong,omitempty"`
	Seed      uint64 `json:"seed"`
	SeedTyped bool   `json:"seed_typed,omitempty"`
	// A game night's sides (issue 33), for each of the scenario's sides: Limits is the
	// game side's force limits as the gamemaster wrote them (in place of the scenario's and
	// the total), Armies the lists its players submitted (played as they are; none: random
	// lists within the limits), Game the game's page to go back to.
	Limits [2]string   `json:"limits,omitempty"`
	Armies [2][][]byte `json:"armies,omitempty"`
	Game   string      `json:"game,omitempty"`
}

// FairResult is an answer as saved: the report's JSON (the command line's) and what it
// leaves out that the page shows.
type FairResult struct {
	Report *fair.Report `json:"report"`
	Extra  fair.Extra   `json:"extra"`
}

// FairBattles is how many battles a fairness test plays at most: fair.Points handicaps of
// the battles at each, as fair.Run rounds them, and the strong lists' searches' budgets
// (fair.Plan): what its progress counts to.
func FairBattles(req FairRequest) (int, error) {
	field, err := RequestField(req.Scenario, req.ScenarioFile)
	if err != nil {
		return 0, err
	}
	sides, err := FairSides(field, req)
	if err != nil {
		return 0, err
	}
	return fair.Plan(sides[0], sides[1], fairOptions(req)), nil
}

// fairOptions are the request's options for fair.Run (no workers, no progress).
func fairOptions(req FairRequest) fair.Options {
	return fair.Options{Battles: req.Battles, Seed: req.Seed, Lists: req.Lists, Strong: req.Strong}
}

// FairSides are the request's two sides: the scenario's with the totals and Troop Lists
// asked, or a game night's limits and submitted lists where the request carries them.
func FairSides(field *battle.Field, req FairRequest) ([2]fair.Side, error) {
	sides, err := fair.WithTotals(field, req.Totals, req.TroopLists)
	if err != nil {
		return sides, err
	}
	for s := range 2 {
		name := field.Scenario.Sides[s].Name
		if req.Limits[s] != "" {
			l, err := gamenight.ReadSideLimits(req.Limits[s])
			if err != nil {
				return sides, fmt.Errorf("%s's limits: %w", name, err)
			}
			sides[s].Limits = l
		}
		for i, file := range req.Armies[s] {
			a, err := roster.Read(file)
			if err != nil {
				return sides, fmt.Errorf("%s's list %d does not read: %w", name, i+1, err)
			}
			sides[s].Lists = append(sides[s].Lists, a)
		}
	}
	return sides, nil
}

// SubmitFair queues a fairness test: db.ErrBusy when its owner has something queued or
// playing.
func (j *Jobs) SubmitFair(ctx context.Context, owner, title string, req FairRequest) (db.Matchup, error) {
	n, err := FairBattles(req)
	if err != nil {
		return db.Matchup{}, err
	}
	body, err := json.Marshal(req)
	if err != nil {
		return db.Matchup{}, err
	}
	return j.queue(ctx, db.Matchup{Owner: owner, Title: title, Request: body, Kind: db.KindFair, Battles: n,
		ChunkSize: n, Chunks: 1}, []battle.ChunkOptions{{First: 0, Count: n}}, 1)
}

// PlayFair answers a fairness test as its job does (progress, when set, is told the battles
// played).
func PlayFair(ctx context.Context, j *Jobs, req FairRequest, progress func(done, total int)) (*FairResult, error) {
	field, err := RequestField(req.Scenario, req.ScenarioFile)
	if err != nil {
		return nil, err
	}
	sides, err := FairSides(field, req)
	if err != nil {
		return nil, err
	}
	opt := fairOptions(req)
	opt.Workers, opt.Progress = 1, progress
	rep, err := fair.Run(ctx, j.cat, field, sides[0], sides[1], opt)
	if err != nil {
		return nil, err
	}
	return &FairResult{Report: rep, Extra: rep.Extra()}, nil
}
