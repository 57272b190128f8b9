package web

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/costing"
	"muster/rules/combat"
	"muster/views"
)

// odds is the odds calculator page. Every section is a GET form: working out odds changes
// nothing, and the address of a result can be kept or shared.
func (a *app) odds(c *echo.Context) error {
	ctx := c.Request().Context()
	q := c.QueryParams()
	v := views.OddsView{
		Skill: q.Get("skill"), Difficulty: q.Get("difficulty"),
		Damage: q.Get("damage"), Strength: q.Get("strength"),
		Firer: q.Get("firer"), Target: q.Get("target"), Range: q.Get("range"), Cover: q.Get("cover"),
		Prone: q.Get("prone") != "", Walking: q.Get("walking") != "",
		Errors: map[string]string{},
	}
	if v.Cover == "" {
		v.Cover = "none"
	}

	if v.Skill != "" || v.Difficulty != "" {
		skill, err1 := boundedInt("skill", v.Skill, 0, 30)
		diff, err2 := boundedInt("difficulty", v.Difficulty, 0, 60)
		if err := firstErr(err1, err2); err != nil {
			v.Errors["test"] = err.Error()
		} else {
			v.Test = &views.TestOdds{Skill: skill, Difficulty: diff, Success: combat.TestOdds(skill, diff)}
		}
	}
	if v.Damage != "" || v.Strength != "" {
		ds, err1 := boundedInt("Damage Strength", v.Damage, 0, 30)
		sr, err2 := boundedInt("Strength", v.Strength, 0, 30)
		if err := firstErr(err1, err2); err != nil {
			v.Errors["damage"] = err.Error()
		} else {
			p := combat.Default().DamageOdds(ds, sr)
			v.Hit = &views.DamageOdds{Damage: ds, Strength: sr, None: p[combat.NoEffect], Wound: p[combat.Wound], Incapacitated: p[combat.Incapacitated]}
		}
	}

	// The volley's pickers offer every unit of the asker's armies, by name only: only the two
	// armies asked about are costed (in the volley).
	list, err := a.store.List(ctx, ownerID(c))
	list = swmbOnly(list)
	if err != nil {
		return err
	}
	armies := map[string]versioned{}
	rows := make([]views.ArmyRow, 0, len(list))
	for _, rec := range list {
		rows = append(rows, views.ArmyRow{ID: rec.ID, Name: rec.Name, Total: rec.Total, Updated: rec.Updated})
	}
	for k, rec := range list {
		head, army, err := a.headShared(ctx, ownerID(c), rec.ID)
		if err != nil {
			return err
		}
		armies[rec.ID] = versioned{army, head.Version}
		label := views.ArmyLabel(rows, rows[k])
		for i := range army.Units {
			v.Units = append(v.Units, views.UnitChoice{Value: fmt.Sprintf("%s:%d", rec.ID, i), Army: label, Unit: costing.UnitName(&army.Units[i], i)})
		}
	}
	if v.Firer != "" || v.Target != "" || v.Range != "" {
		rep, err := a.volleyFromForm(armies, v)
		if err != nil {
			v.Errors["volley"] = err.Error()
		} else {
			v.Volley = VolleyView(rep)
			// The page names the units as its pickers do ("Aurek Squad"), not by the battle
			// log's "[0] Aurek Squad".
			v.Volley.Firer, v.Volley.Target = unitChoiceName(v.Units, v.Firer, rep.Firer), unitChoiceName(v.Units, v.Target, rep.Target)
		}
	}
	v.QRS = QRSOddsSection(q)
	v.QRSMove = QRSMoveSection(q)
	v.QRSGen = QRSGenSection(q)
	v.D20 = D20OddsSection(q) // the d20 Star Wars Miniatures section (swm_odds.go)
	return render(c, http.StatusOK, views.Odds(page(c, "Odds", "odds"), v))
}
