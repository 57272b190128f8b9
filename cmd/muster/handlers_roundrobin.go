package main

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/rules/battle"
	"muster/views"
)

// Round robins (issue 14): GET /roundrobin chooses some of one's armies, POST plays every
// pair once (the army higher in one's list as the scenario's first side), saves each pair
// as an ordinary matchup (so every cell opens its full result page) and shows the matrix.
// Like the what-if it is played in the request, bounded (RoundRobinMaxBattles) and
// admitted by heavyWork.
func (a *app) roundRobinRoutes(e *echo.Echo) {
	e.GET("/roundrobin", a.roundRobinForm)
	e.POST("/roundrobin", a.playRoundRobin)
}

func (a *app) roundRobinView(c *echo.Context) (views.RoundRobinView, error) {
	v := views.RoundRobinView{Chosen: map[string]bool{}, Scenario: battle.DefaultScenario, Battles: 200, Action: "/roundrobin",
		Lead: "Some of your armies, each against each of the others: a matrix of win rates with their 95% intervals, each cell opening its matchup."}
	list, err := a.store.List(c.Request().Context(), ownerID(c))
	if err != nil {
		return v, err
	}
	for _, r := range list {
		v.Armies = append(v.Armies, views.ArmyRow{ID: r.ID, Name: r.Name, Side: r.Side, Total: r.Total, Limit: r.Limit})
	}
	for _, s := range battle.Scenarios() {
		v.Scenarios = append(v.Scenarios, views.Choice{Value: s.ID, Label: s.Name, Note: s.Description})
	}
	return v, nil
}

func (a *app) roundRobinForm(c *echo.Context) error {
	v, err := a.roundRobinView(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.RoundRobinPage(page(c, "Round robin", "sim"), v))
}

func (a *app) playRoundRobin(c *echo.Context) error {
	v, err := a.roundRobinView(c)
	if err != nil {
		return err
	}
	refuse := func(status int, msg string) error {
		v.Errors = append(v.Errors, msg)
		return render(c, status, views.RoundRobinPage(page(c, "Round robin", "sim"), v))
	}
	form, err := c.FormValues()
	if err != nil {
		return refuse(http.StatusBadRequest, "The form could not be read: send it again.")
	}
	var ids []string
	for _, id := range form["army"] {
		if validID(id) && !slices.Contains(ids, id) {
			ids = append(ids, id)
			v.Chosen[id] = true
		}
	}
	v.Scenario, v.Seed = c.FormValue("scenario"), c.FormValue("seed")
	n, nerr := strconv.Atoi(c.FormValue("battles"))
	if nerr == nil {
		v.Battles = n
	}
	pairs := len(ids) * (len(ids) - 1) / 2
	switch {
	case len(ids) < 2:
		return refuse(http.StatusBadRequest, "Armies: tick two of your armies or more.")
	case len(ids) > views.RoundRobinMaxArmies:
		return refuse(http.StatusBadRequest, fmt.Sprintf("Armies: tick at most %d armies.", views.RoundRobinMaxArmies))
	case nerr != nil || n < 10 || n > 2000:
		return refuse(http.StatusBadRequest, "Battles per pair: write a number from 10 to 2000.")
	case pairs*n > views.RoundRobinMaxBattles:
		return refuse(http.StatusBadRequest, fmt.Sprintf("Battles per pair: %d pairs of %d battles is %d battles, more than the %d a round robin may play here; tick fewer armies or write fewer battles.",
			pairs, n, pairs*n, views.RoundRobinMaxBattles))
	case a.jobs == nil:
		return refuse(http.StatusServiceUnavailable, "This server plays no battles (it was started with --workers 0).")
	}
	field, err := battle.LoadScenario(v.Scenario)
	if err != nil {
		return refuse(http.StatusBadRequest, "Scenario: "+err.Error())
	}
	var seed uint64
	if v.Seed == "" {
		var b [8]byte
		_, _ = crand.Read(b[:])
		seed = binary.LittleEndian.Uint64(b[:]) >> 1
	} else if seed, err = strconv.ParseUint(v.Seed, 10, 64); err != nil {
		return refuse(http.StatusBadRequest, "Seed: a whole number from 0 to 18446744073709551615, or empty for a new one.")
	}
	// In the order of the player's list, so that the matrix reads like it.
	slices.SortStableFunc(ids, func(x, y string) int { return armyIndex(v.Armies, x) - armyIndex(v.Armies, y) })
	ctx := c.Request().Context()
	forces := make([]*battle.Force, len(ids))
	versions := make([]int, len(ids))
	for i, id := range ids {
		rec, _, army, err := a.headFile(ctx, ownerID(c), id)
		if errors.Is(err, errNoArmy) {
			return refuse(http.StatusBadRequest, "Armies: there is no such army; tick among your saved armies.")
		}
		if err != nil {
			return err
		}
		if forces[i], err = battle.NewForce(a.catalogFor(army), army); err != nil {
			return refuse(http.StatusBadRequest, fmt.Sprintf("Armies: %s cannot take the field: %v", rec.Name, err))
		}
		versions[i] = rec.Version
	}
	select {
	case heavyWork <- struct{}{}:
		defer func() { <-heavyWork }()
	default:
		return errBusy
	}
	owner, err := a.ensureOwner(c)
	if err != nil {
		return err
	}
	m, err := a.roundRobin(ctx, owner, field, ids, versions, forces, n, seed)
	if err != nil {
		return err
	}
	m.Seed = strconv.FormatUint(seed, 10)
	v.Matrix, v.Seed = m, m.Seed
	return render(c, http.StatusOK, views.RoundRobinPage(page(c, "Round robin", "sim"), v))
}

func armyIndex(rows []views.ArmyRow, id string) int {
	return slices.IndexFunc(rows, func(r views.ArmyRow) bool { return r.ID == id })
}

// roundRobin plays and saves every pair i < j (army i first) and fills both their cells.
func (a *app) roundRobin(ctx context.Context, owner string, field *battle.Field, ids []string, versions []int,
	forces []*battle.Force, n int, seed uint64) (*views.RoundRobinMatrix, error) {
	k := len(ids)
	m := &views.RoundRobinMatrix{Battles: n, Scenario: field.Scenario.Name, Rows: make([][]views.RoundRobinCell, k), Mean: make([]string, k)}
	for i, f := range forces {
		m.Names = append(m.Names, f.Name)
		m.Rows[i] = make([]views.RoundRobinCell, k)
		m.Rows[i][i].Self = true
	}
	sums := make([]float64, k)
	for i := range k {
		for j := i + 1; j < k; j++ {
			start := time.Now()
			s, err := battle.Simulate(ctx, field, forces[i], forces[j], battle.SimOptions{Battles: n, Seed: seed, SampleLog: true})
			if err != nil {
				return nil, err
			}
			rec, err := summaryRecord(s, [2]*battle.Force{forces[i], forces[j]}, db.Sim{Owner: owner, ArmyA: ids[i], VersionA: versions[i],
				ArmyB: ids[j], VersionB: versions[j]}, time.Since(start))
			if err != nil {
				return nil, err
			}
			saved, err := a.store.SaveSim(ctx, rec)
			if err != nil {
				return nil, err
			}
			url := "/sims/" + saved.ID
			m.Rows[i][j] = rrCell(forces[i].Name, forces[j].Name, s.A, s.B, url)
			m.Rows[j][i] = rrCell(forces[j].Name, forces[i].Name, s.B, s.A, url)
			sums[i] += s.A.WinRate
			sums[j] += s.B.WinRate
		}
	}
	for i := range k {
		m.Mean[i] = views.Pct(sums[i] / float64(k-1))
	}
	return m, nil
}

// rrCell is one army's result against another: ahead when its wins' interval lies above
// the other's, behind when below.
func rrCell(me, them string, x, y battle.SideSummary, url string) views.RoundRobinCell {
	tone := "even"
	switch {
	case x.CI95[0] > y.CI95[1]:
		tone = "ahead"
	case x.CI95[1] < y.CI95[0]:
		tone = "behind"
	}
	ci := views.Pct(x.CI95[0]) + " to " + views.Pct(x.CI95[1])
	return views.RoundRobinCell{Rate: views.Pct(x.WinRate), CI: ci, URL: url, Tone: tone,
		Label: fmt.Sprintf("%s against %s: wins %s, 95%% %s", me, them, views.Pct(x.WinRate), ci)}
}
