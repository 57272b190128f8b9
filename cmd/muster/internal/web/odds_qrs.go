package web

import (
	"net/url"
	"sort"

	"muster/rules/qrs"
	"muster/views"
)

// QRSOddsSection is the odds page's skirmish quick reference section: one figure under fire,
// the exact eighths of the d8 from rules/qrs (the numbers of muster odds qrs).
func QRSOddsSection(q url.Values) views.QRSOdds {
	o := views.QRSOdds{Own: q.Get("qrs-own"), Enemy: q.Get("qrs-enemy"), Extra: q.Get("qrs-extra"),
		Cover: q.Get("qrs-cover") != "", Armour: q.Get("qrs-armour") != ""}
	if o.Own == "" && o.Enemy == "" {
		return o
	}
	o.Asked = true
	own, err1 := boundedInt("Defence total under fire", o.Own, 0, qrs.MaxTotal)
	enemy, err2 := boundedInt("Shooters' firepower total", o.Enemy, 1, qrs.MaxTotal)
	extra := 0
	var err3 error
	if o.Extra != "" {
		extra, err3 = boundedInt("Extra figures shooting", o.Extra, 0, qrs.MaxExtraShooters)
	}
	if err := firstErr(err1, err2, err3); err != nil {
		o.Error = err.Error()
		return o
	}
	f := qrs.Fire{Own: own, Enemy: enemy, Cover: o.Cover, Armour: o.Armour, ExtraShooters: extra}
	if err := f.Check(); err != nil {
		o.Error = err.Error()
		return o
	}
	band := qrs.BandFor(own, enemy)
	o.Row, o.Worse, o.Modifier, o.Eighths = band.Title(), band == qrs.Worse, f.Modifier(), f.Eighths()
	return o
}

// QRSMoveSection reads the odds page's random movement calculator (qrs-mv marks it asked)
// and works out each order's exact chance (qrs.PlainMovementOdds, as muster qrs movement).
func QRSMoveSection(q url.Values) views.QRSMove {
	on := func(k string) bool { return q.Get(k) != "" }
	m := views.QRSMove{Asked: on("qrs-mv"), GreaterFire: on("mv-greater-fire"), FriendsRetreating: on("mv-friends-retreating"),
		Alone: on("mv-alone"), VehicleNear: on("mv-vehicle-near"), Advancing: on("mv-advancing"), InCover: on("mv-in-cover"),
		LightFire: on("mv-light-fire"), NoEnemy: on("mv-no-enemy"), Quarters: q.Get("mv-quarters"), Leaders: q.Get("mv-leaders")}
	if !m.Asked {
		return m
	}
	quarters, leaders := 0, 0
	var err1, err2 error
	if m.Quarters != "" {
		quarters, err1 = boundedInt("Quarters of the unit killed", m.Quarters, 0, 4)
	}
	if m.Leaders != "" {
		leaders, err2 = boundedInt("Heroes or officers within 12\"", m.Leaders, 0, 10)
	}
	if err := firstErr(err1, err2); err != nil {
		m.Error = err.Error()
		return m
	}
	s := qrs.MoveSituation{GreaterFire: m.GreaterFire, FriendsRetreating: m.FriendsRetreating, Alone: m.Alone,
		VehicleNear: m.VehicleNear, QuartersKilled: quarters, Advancing: m.Advancing, InCover: m.InCover, Leaders: leaders,
		LightFire: m.LightFire, NoEnemyInSight: m.NoEnemy}
	m.Modifier = s.Modifier()
	if ms := s.Applied(); len(ms) > 0 {
		m.Applied = qrs.Describe(ms)
	}
	for order, p := range qrs.PlainMovementOdds(s) {
		f, _ := p.Float64()
		m.Rows = append(m.Rows, views.QRSMoveRow{Order: order, Exact: p.RatString(), P: f})
	}
	sort.Slice(m.Rows, func(i, j int) bool {
		if m.Rows[i].P != m.Rows[j].P {
			return m.Rows[i].P > m.Rows[j].P
		}
		return m.Rows[i].Order < m.Rows[j].Order
	})
	return m
}
