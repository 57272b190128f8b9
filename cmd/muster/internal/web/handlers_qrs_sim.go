package web

import (
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/faults"
	"muster/cmd/muster/internal/systems"
	"muster/rules/qrs"
	"muster/rules/qrs/army"
	"muster/rules/qrs/sim"
	"muster/rules/qrs/solo"
	"muster/views"
)

// The skirmish quick-resolve on the web: GET /qrs/sim is the form, POST /qrs/sim plays the
// games (rules/qrs/sim, as muster qrs sim) and shows the odds on the same page. Nothing is
// saved: the seed shown replays it.

// qrsWebBattles bounds a quick-resolve played within a request: 2000 games take about half a
// second (BenchmarkQuickResolveOnTheWeb, docs/benchmarks.md).
const qrsWebBattles = 2000

func (a *app) qrsSimForm(c *echo.Context) error {
	f := views.QRSNewForm{Counters: [views.QRSCounterFields]string{solo.Corner, solo.Cover, solo.Open}}
	for _, p := range qrsPoolProfiles {
		f.Pool = append(f.Pool, p.Suggest)
	}
	f.Rows[0] = views.QRSGroupRow{Group: "Red Team", Profile: "Rebel Hero", Count: "1"}
	f.Rows[1] = views.QRSGroupRow{Group: "Red Team", Profile: "Rebel Trooper", Count: "3"}
	v := views.QRSSimPage{Setup: qrsSetupList(f, ""), Sight: "1", Objective: "0", MaxTurns: "12", Battles: "1000"}
	var err error
	if v.Setup.Armies, err = a.qrsSavedArmies(c); err != nil {
		return err
	}
	return render(c, http.StatusOK, views.QRSSim(page(c, "Skirmish quick-resolve", "qrs"), v))
}

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

func (a *app) qrsSimRun(c *echo.Context) error {
	form, err := c.FormValues()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
	}
	f := qrsNewFormFrom(form)
	v := views.QRSSimPage{Sight: strings.TrimSpace(form.Get("sight")), Objective: strings.TrimSpace(form.Get("objective")),
		MaxTurns: strings.TrimSpace(form.Get("max-turns")), Battles: strings.TrimSpace(form.Get("battles")), Cover: form.Get("cover") != ""}
	played, problem := a.qrsWithSaved(c, f)
	var res *views.QRSSimResult
	var fault error
	if problem == "" {
		res, problem, fault = qrsSimulate(played, v)
	}
	if f.Seed == "" && res != nil {
		f.Seed = res.Seed
	}
	v.Setup, v.Result = qrsSetupList(f, problem), res
	if v.Setup.Armies, err = a.qrsSavedArmies(c); err != nil {
		return err
	}
	status := http.StatusOK
	switch {
	case fault != nil:
		faults.Log(a.log, "a game of a skirmish quick-resolve failed", fault)
		status = http.StatusInternalServerError
	case problem != "":
		status = http.StatusUnprocessableEntity
	}
	return render(c, status, views.QRSSim(page(c, "Skirmish quick-resolve", "qrs"), v))
}

// qrsSimulate reads the form into a quick-resolve and plays it, or says what to fix; a game
// that failed (a fault in Muster, not in the form) is said in words, and is the error.
func qrsSimulate(f views.QRSNewForm, v views.QRSSimPage) (*views.QRSSimResult, string, error) {
	setup, problem := qrsSetupFrom(f)
	if problem != "" {
		return nil, problem, nil
	}
	if setup.Army == nil {
		return nil, "Your groups: give the group that goes for the objective at least one figure.", nil
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
			return nil, p, nil
		}
	}
	players := army.Group{Name: setup.Army.Name}
	for _, g := range setup.Army.Groups {
		players.Figures = append(players.Figures, g.Figures...)
	}
	cfg := sim.Config{Players: players, Counters: setup.Counters, Prefer: setup.Prefer, Sight: sight, Cover: v.Cover, Objective: objective, MaxTurns: maxTurns}
	profiles, err := systems.QRSProfiles(setup.Army)
	if err != nil {
		return nil, err.Error(), nil
	}
	cfg.Profiles = profiles
	if setup.Pool != nil {
		// The pool's names are made the profiles' own by the game state's check.
		st := &solo.State{Format: 1, System: solo.GameSystem, Turn: 1, Pool: setup.Pool}
		if err := st.Check(); err != nil {
			return nil, err.Error(), nil
		}
		cfg.Pool = st.Pool
	}
	dice := func(i int) qrs.Dice {
		r := rand.New(rand.NewPCG(setup.Seed, uint64(i)))
		return qrs.DiceFunc(func(n int) int { return r.IntN(n) + 1 })
	}
	s, err := sim.Run(cfg, battles, dice)
	if faults.Is(err) {
		err = systems.QRSSeeded(err, setup.Seed)
		return nil, faults.Words("these games", err), err
	}
	if err != nil {
		return nil, err.Error(), nil
	}
	rate := func(r sim.Rate) views.QRSRate { return views.QRSRate{P: r.P, Low: r.Low, High: r.High} }
	return &views.QRSSimResult{Group: players.Name, Counters: len(cfg.Counters), Battles: s.Battles, Seed: strconv.FormatUint(setup.Seed, 10),
		Objective: rate(s.Objective), Survived: rate(s.Survived), MeanTurns: s.MeanTurns, MeanEnemies: s.MeanEnemies, MeanDown: s.MeanDown, MeanLost: s.MeanLost,
		Log: s.FirstLog, NotSimulated: s.NotSimulated}, "", nil
}
