package web

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/systems"
	"muster/rules/qrs"
	"muster/rules/qrs/army"
	"muster/rules/qrs/sim"
	"muster/rules/qrs/solo"
	"muster/views"
)

// The skirmish quick-resolve on the web: GET /qrs/sim is the form, POST /qrs/sim queues the
// games (rules/qrs/sim, as muster qrs sim) as a job in the matchups' queue (issue 29) and
// goes to its progress page; /qrs/sim/:job shows the odds with the form as it was sent. The
// seed shown replays it.

// qrsWebBattles bounds a quick-resolve from the web: 2000 games take about half a second of
// a worker (BenchmarkQuickResolveOnTheWeb, docs/benchmarks.md).
const qrsWebBattles = 2000

// qrsSetupList is the shared setup fields' view: the form and the pickers' choices.
func qrsSetupList(f views.QRSNewForm, problem string) views.QRSSoloList {
	v := views.QRSSoloList{Form: f, Error: problem, Prefer: []views.QRSOption{{Value: "", Label: "the sheet's first option"}}}
	for _, p := range qrs.Starter().Profiles() {
		// Firepower in words: the sheet, and every other Muster page, writes FP for Force
		// points ("-8FP"), so "FP 3" beside a Jedi read as three Force points.
		v.Profiles = append(v.Profiles, views.QRSOption{Value: p.Name, Label: p.Name + " (firepower " + p.Stat() + ", defence " + strconv.Itoa(p.Defence) + ")"})
	}
	for _, p := range qrsPoolProfiles {
		v.PoolProfiles = append(v.PoolProfiles, p.Name)
	}
	for _, k := range solo.PreferKeys() {
		v.Prefer = append(v.Prefer, views.QRSOption{Value: k, Label: qrsPreferLabel(k)})
	}
	return v
}

// qrsSimPageFrom is the quick-resolve's own fields as sent.
func qrsSimPageFrom(form url.Values) views.QRSSimPage {
	return views.QRSSimPage{Sight: strings.TrimSpace(form.Get("sight")), Objective: strings.TrimSpace(form.Get("objective")),
		MaxTurns: strings.TrimSpace(form.Get("max-turns")), Battles: strings.TrimSpace(form.Get("battles")), Cover: form.Get("cover") != "",
		Against: strings.TrimSpace(form.Get("against")), AgainstCover: form.Get("against-cover") != ""}
}

// qrsRequest reads the form into a quick-resolve to queue, or says what to fix.
func qrsRequest(f views.QRSNewForm, v views.QRSSimPage) (jobs.QRSRequest, string) {
	setup, problem := qrsSetupFrom(f)
	if problem != "" {
		return jobs.QRSRequest{}, problem
	}
	if setup.Army == nil {
		return jobs.QRSRequest{}, "Your groups: give the group that goes for the objective at least one figure."
	}
	num := func(field, s string, lo, hi, def int) (int, string) {
		if s == "" {
			return def, ""
		}
		n, err := boundedInt(field, s, lo, hi)
		if err != nil {
			return 0, err.Error()
		}
		return n, ""
	}
	var probs [4]string
	var battles, sight, objective, maxTurns int
	battles, probs[0] = num("Games", v.Battles, 1, qrsWebBattles, 1000)
	sight, probs[1] = num("Counters seen at once", v.Sight, 1, 10, 1)
	objective, probs[2] = num("Turns of advance to the objective", v.Objective, 0, 100, 0)
	maxTurns, probs[3] = num("Turns before the attempt fails", v.MaxTurns, 1, 100, 12)
	for _, p := range probs {
		if p != "" {
			return jobs.QRSRequest{}, p
		}
	}
	players := army.Group{Name: setup.Army.Name}
	for _, g := range setup.Army.Groups {
		players.Figures = append(players.Figures, g.Figures...)
	}
	if v.Against != "" {
		return qrsFightRequest(setup, v, maxTurns, battles)
	}
	cfg := sim.Config{Players: players, Counters: setup.Counters, Prefer: setup.Prefer, Sight: sight, Cover: v.Cover, Objective: objective, MaxTurns: maxTurns,
		Worse: setup.Worse}
	profiles, err := systems.QRSProfiles(setup.Army)
	if err != nil {
		return jobs.QRSRequest{}, err.Error()
	}
	cfg.Profiles = profiles
	if setup.Pool != nil {
		// The pool's names are made the profiles' own by the game state's check.
		st := &solo.State{Format: 1, System: solo.GameSystem, Turn: 1, Pool: setup.Pool}
		if err := st.Check(); err != nil {
			return jobs.QRSRequest{}, err.Error()
		}
		cfg.Pool = st.Pool
	}
	return jobs.QRSRequest{Config: cfg, Battles: battles, Seed: setup.Seed}, ""
}

// qrsResultView is a played quick-resolve in the page's words.
func qrsResultView(req jobs.QRSRequest, s sim.Summary) *views.QRSSimResult {
	rate := func(r sim.Rate) views.QRSRate { return views.QRSRate{P: r.P, Low: r.Low, High: r.High} }
	return &views.QRSSimResult{Group: req.Config.Players.Name, Counters: len(req.Config.Counters), Battles: s.Battles, Seed: strconv.FormatUint(req.Seed, 10),
		Objective: rate(s.Objective), Survived: rate(s.Survived), MeanTurns: s.MeanTurns, MeanEnemies: s.MeanEnemies, MeanDown: s.MeanDown, MeanLost: s.MeanLost,
		Log: s.FirstLog, NotSimulated: s.NotSimulated, WorseRow: s.WorseRow}
}

// qrsFightRequest is a firefight to queue: the groups of the form but the one named Against,
// as one, shooting it out with that one (muster qrs sim --vs); or what to fix.
func qrsFightRequest(setup solo.Setup, v views.QRSSimPage, maxTurns, battles int) (jobs.QRSRequest, string) {
	var names []string
	var them *army.Group
	us := army.Group{}
	for i := range setup.Army.Groups {
		g := &setup.Army.Groups[i]
		names = append(names, g.Name)
		if strings.EqualFold(strings.TrimSpace(g.Name), v.Against) && them == nil {
			them = g
			continue
		}
		us.Figures = append(us.Figures, g.Figures...)
		if us.Name == "" {
			us.Name = g.Name
		} else {
			us.Name += " and " + g.Name
		}
	}
	switch {
	case them == nil:
		return jobs.QRSRequest{}, fmt.Sprintf("Against your group named: no group is named %q; write one of %s, or leave it empty to go past the portals.",
			v.Against, strings.Join(names, ", "))
	case len(us.Figures) == 0:
		return jobs.QRSRequest{}, fmt.Sprintf("Against your group named: %s is your only group; give the figures that fight it a group of their own.", them.Name)
	}
	cfg := sim.FightConfig{A: sim.Side{Group: us, Cover: v.Cover}, B: sim.Side{Group: *them, Cover: v.AgainstCover}, MaxTurns: maxTurns, Worse: setup.Worse}
	profiles, err := systems.QRSProfiles(setup.Army)
	if err != nil {
		return jobs.QRSRequest{}, err.Error()
	}
	cfg.Profiles = profiles
	return jobs.QRSRequest{Config: sim.Config{Players: us}, Fight: &cfg, Battles: battles, Seed: setup.Seed}, ""
}

// qrsFightView is a played firefight in the page's words.
func qrsFightView(req jobs.QRSRequest, s sim.FightSummary) *views.QRSFightResult {
	rate := func(r sim.Rate) views.QRSRate { return views.QRSRate{P: r.P, Low: r.Low, High: r.High} }
	return &views.QRSFightResult{A: req.Fight.A.Group.Name, B: req.Fight.B.Group.Name, Battles: s.Battles, Seed: strconv.FormatUint(req.Seed, 10),
		AWins: rate(s.AWins), BWins: rate(s.BWins), Undecided: rate(s.Undecided), MeanTurns: s.MeanTurns, MeanLostA: s.MeanLostA,
		MeanLostB: s.MeanLostB, Log: s.FirstLog, NotSimulated: s.NotSimulated, WorseRow: s.WorseRow}
}
