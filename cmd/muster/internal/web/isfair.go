package web

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/roster"
	"muster/rules/battle/fair"
	"muster/views"
)

// "Is this fair?" on the web (issue 33): GET /fair is the form (a built-in scenario or one of
// the asker's own, each
// side's total and Troop List), POST /fair queues the fairness test (rules/battle/fair, as
// muster fair) as a job in the matchups' queue and goes to its progress page; /fair/:job
// shows the answer and the curve with the form as it was sent.
func (a *app) fairRoutes(e *echo.Echo) {
	e.GET("/fair", a.fairForm)
	e.POST("/fair", a.fairRun)
	e.GET("/fair/:job", a.fairResult)
	e.GET("/fair/:job/lists/:list", a.fairList)
	e.POST("/gm/:token/fair", a.gmFair, linkPage) // a game night's sides (game_fair.go)
}

// fairDefaultScenario is the scenario the form starts on: the book's own question.
const fairDefaultScenario = "sample-game"

// fairView is the form for a scenario (a built-in's id, or one of the asker's own:
// "mine:" and its id), its fields filled with what was typed, or (empty) the scenario's own
// totals and Troop Lists.
func (a *app) fairView(c *echo.Context, scenario string, form url.Values) (views.FairView, error) {
	v := views.FairView{Scenario: scenario, Battles: "200", RandomK: strconv.Itoa(fair.DefaultLists), Strong: strconv.Itoa(views.FairDefaultStrong),
		TroopLists: []views.Choice{{Value: "imperial", Label: "Imperial"}, {Value: "rebel", Label: "Rebel"}}}
	// The asker's own scenarios too: a scenario designed is the one a gamemaster most wants
	// to ask "Is this fair?" of.
	var err error
	if v.Scenarios, err = a.scenarioChoices(c); err != nil {
		return v, err
	}
	v.SideLabels = [2]string{"The first side", "The second side"}
	v.Lists = [2]string{"imperial", "rebel"}
	if f, _, err := a.matchupScenario(c, scenario); err == nil {
		for s := range 2 {
			sd := f.Scenario.Sides[s]
			v.SideLabels[s] = fmt.Sprintf("%s (the %s side)", sd.Name, []string{"first", "second"}[s])
			if side, err := fair.ScenarioSide(f, s); err == nil && side.Limits != nil && side.Limits.Total > 0 {
				v.Totals[s] = strconv.Itoa(side.Limits.Total)
			}
			if sd.TroopList != "" {
				v.Lists[s] = sd.TroopList
			}
		}
	}
	if form != nil {
		for s := range 2 {
			if _, ok := form["total"+strconv.Itoa(s)]; ok {
				v.Totals[s] = strings.TrimSpace(form.Get("total" + strconv.Itoa(s)))
			}
			if x := form.Get("list" + strconv.Itoa(s)); x != "" {
				v.Lists[s] = x
			}
		}
		for k, p := range map[string]*string{"battles": &v.Battles, "lists": &v.RandomK, "strong": &v.Strong, "seed": &v.Seed} {
			if _, ok := form[k]; ok {
				*p = strings.TrimSpace(form.Get(k))
			}
		}
	}
	return v, nil
}

// fairRequestForm is a request as the form's fields.
func fairRequestForm(req jobs.FairRequest) url.Values {
	q := url.Values{"scenario": {req.Scenario}, "battles": {strconv.Itoa(req.Battles)}, "lists": {strconv.Itoa(req.Lists)},
		"strong": {strconv.Itoa(req.Strong)}}
	for s := range 2 {
		q.Set("total"+strconv.Itoa(s), strconv.Itoa(req.Totals[s]))
		q.Set("list"+strconv.Itoa(s), req.TroopLists[s])
	}
	if req.SeedTyped {
		q.Set("seed", strconv.FormatUint(req.Seed, 10))
	}
	return q
}

// fairFormURL is the form after a cancel, with the picks filled in.
func fairFormURL(request []byte, q url.Values) string {
	var req jobs.FairRequest
	if err := json.Unmarshal(request, &req); err == nil {
		for k, vs := range fairRequestForm(req) {
			q[k] = vs
		}
	}
	return "/fair?" + q.Encode()
}

func fairPct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" }

// fairAnswer is the report in the page's words, and its curve drawn.
func fairAnswer(r *fair.Report, job string) *views.FairAnswer {
	a, b := r.SideNames[0], r.SideNames[1]
	ci := func(x [2]float64) string { return fmt.Sprintf("95%%: %s to %s", fairPct(x[0]), fairPct(x[1])) }
	ans := &views.FairAnswer{Scenario: r.ScenarioName, Whose: fair.Possessive(a), Battles: r.Battles, Total: r.Battles * len(r.Curve), Seed: strconv.FormatUint(r.Seed, 10),
		SideNames: r.SideNames, Shared: r.Shared,
		Win:   [2]string{fairPct(r.WinRate.A) + " (" + ci(r.CI95.A) + ")", fairPct(r.WinRate.B) + " (" + ci(r.CI95.B) + ")"},
		Draws: fairPct(r.WinRate.Draw), Score: fairPct(r.ExpectedScoreA) + " (" + ci(r.ScoreCI95) + ")"}
	h := r.Handicap
	who := a
	if h.Side == "b" {
		who = b
	}
	switch {
	case !h.Bounded:
		ans.Verdict = fmt.Sprintf("The handicap that evens it cannot be told: more points did not surely win more battles over the handicaps played (best guess: %.0f SGPs more for %s). Play more battles.", h.SGP, who)
	case h.CI95[0] <= 0:
		ans.Verdict = fmt.Sprintf("Fair enough: no handicap is surely needed. Best guess: %.0f SGPs more for %s (95%%: %.0f to %.0f; below 0, the points go to the other side).", h.SGP, who, h.CI95[0], h.CI95[1])
	default:
		ans.Verdict = fmt.Sprintf("Not fair: give %s %.0f SGPs more to make it even (95%%: %.0f to %.0f).", who, h.SGP, h.CI95[0], h.CI95[1])
	}
	for s, ls := range [][]fair.List{r.Lists.A, r.Lists.B} {
		for _, l := range ls {
			x := views.FairList{Name: l.Name, SGP: l.SGP, Units: fairUnits(l.Army), Strong: l.Kind == fair.KindStrong}
			if x.Strong {
				x.Found = fair.Found(r.SideNames[s], l)
			}
			if job != "" {
				x.URL = fmt.Sprintf("/fair/%s/lists/%s%d", job, []string{"a", "b"}[s], len(ans.Lists[s])+1)
			}
			ans.Lists[s] = append(ans.Lists[s], x)
		}
	}
	for _, p := range r.Curve {
		hd := "none"
		switch {
		case p.HandicapSGP > 0:
			hd = fmt.Sprintf("%d SGPs more for %s", p.HandicapSGP, a)
		case p.HandicapSGP < 0:
			hd = fmt.Sprintf("%d SGPs more for %s", -p.HandicapSGP, b)
		}
		ans.Points = append(ans.Points, views.FairPoint{Handicap: hd, Score: fairPct(p.ExpectedScoreA), CI: fairPct(p.CI95[0]) + " to " + fairPct(p.CI95[1])})
	}
	ans.Curve = fairChart(r)
	return ans
}

// fairUnits counts a list's units by kind.
func fairUnits(a *roster.Army) string {
	n := map[string]int{}
	for _, u := range a.Units {
		n[u.Kind]++
	}
	var parts []string
	for _, k := range roster.Kinds {
		switch c := n[k]; {
		case c == 1:
			parts = append(parts, "1 "+k)
		case c > 1:
			parts = append(parts, fmt.Sprintf("%d %s", c, kindPlural(k)))
		}
	}
	return strings.Join(parts, ", ")
}

// fairChart draws the curve: x the handicap (SGPs to the first side, negative to the
// second), y the first side's expected score from 0 to 1.
func fairChart(r *fair.Report) views.FairChart {
	const w, h, left, right, top, bottom = 640, 300, 60, 30, 10, 40
	ch := views.FairChart{W: w, H: h, MarkX: -1}
	lo, hi := float64(r.Curve[0].HandicapSGP), float64(r.Curve[len(r.Curve)-1].HandicapSGP)
	if hi <= lo {
		hi = lo + 1
	}
	px := func(x float64) int { return left + int(math.Round((x-lo)/(hi-lo)*float64(w-left-right))) }
	py := func(y float64) int { return top + int(math.Round((1-y)*float64(h-top-bottom))) }
	ch.EvenY = py(0.5)
	for _, y := range []float64{0, 0.25, 0.5, 0.75, 1} {
		ch.YLabels = append(ch.YLabels, views.FairTick{At: py(y), Text: fmt.Sprintf("%.0f%%", 100*y)})
	}
	var pts []string
	for _, p := range r.Curve {
		x := float64(p.HandicapSGP)
		ch.XLabels = append(ch.XLabels, views.FairTick{At: px(x), Text: fmt.Sprintf("%+d", p.HandicapSGP)})
		ch.Dots = append(ch.Dots, views.FairDot{X: px(x), Y: py(p.ExpectedScoreA), Lo: py(p.CI95[0]), Hi: py(p.CI95[1]),
			Label: fmt.Sprintf("%+d SGPs: %s (95%%: %s to %s)", p.HandicapSGP, fairPct(p.ExpectedScoreA), fairPct(p.CI95[0]), fairPct(p.CI95[1]))})
		pts = append(pts, fmt.Sprintf("%d,%d", px(x), py(p.Fitted)))
	}
	ch.Fitted = strings.Join(pts, " ")
	hd := r.Handicap
	x := hd.SGP
	cl, chh := hd.CI95[0], hd.CI95[1]
	if hd.Side == "b" {
		x, cl, chh = -x, -chh, -cl
	}
	if hd.Bounded && x >= lo && x <= hi {
		ch.MarkX = px(x)
		ch.MarkLo, ch.MarkHi = px(math.Max(lo, cl)), px(math.Min(hi, chh))
	}
	ch.AxisText = fmt.Sprintf("SGPs added to %s (negative: to %s)", r.SideNames[0], r.SideNames[1])
	ch.Caption = fmt.Sprintf("%s expected score at each handicap (dots, with their 95%% intervals), the fitted curve (the line), an even game (dashed) and the handicap that evens it with its interval (green, where it falls on the picture).", fair.Possessive(r.SideNames[0]))
	return ch
}

// kindPlural is a unit kind's plural: "squads", "heroes", "artillery pieces".
func kindPlural(k string) string {
	switch k {
	case roster.KindHero:
		return "heroes"
	case roster.KindArtillery:
		return "artillery pieces"
	}
	return k + "s"
}
