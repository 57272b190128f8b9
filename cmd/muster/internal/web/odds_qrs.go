package web

import (
	"net/url"
	"slices"
	"sort"

	"muster/rules/qrs"
	"muster/rules/qrs/solo"
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
	sortOdds(m.Rows)
	return m
}

// sortOdds puts the likeliest first (ties by name), as muster qrs prints them.
func sortOdds(rows []views.QRSMoveRow) {
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].P != rows[j].P {
			return rows[i].P > rows[j].P
		}
		return rows[i].Order < rows[j].Order
	})
}

// QRSGenSection reads the odds page's enemy force generation calculator (qrs-gen marks it
// asked): how many counters of each kind are in sight of the same figure, the modifiers, the
// option preferred; and works out each force's exact chance (solo.GenerationOdds, as muster
// qrs generate), the figures for the enemy taken as enough for anything.
func QRSGenSection(q url.Values) views.QRSGen {
	g := views.QRSGen{Asked: q.Get("qrs-gen") != "", Corner: q.Get("gen-corner"), Cover: q.Get("gen-cover"), Open: q.Get("gen-open"),
		Officer: q.Get("gen-officer") != "", NoContact: q.Get("gen-no-contact") != "", Prefer: q.Get("gen-prefer")}
	for _, k := range solo.PreferKeys() {
		g.Options = append(g.Options, views.QRSOption{Value: k, Label: qrsPreferLabel(k)})
	}
	if !g.Asked {
		return g
	}
	var s solo.Sighting
	var errs []error
	for _, kind := range []struct{ label, kind, value string }{
		{"Counters on corners", solo.Corner, g.Corner}, {"Counters in cover", solo.Cover, g.Cover}, {"Counters in the open", solo.Open, g.Open}} {
		n := 0
		if kind.value != "" {
			var err error
			n, err = boundedInt(kind.label, kind.value, 0, 12)
			errs = append(errs, err)
		}
		for range n {
			s.InSight = append(s.InSight, solo.Counter{ID: len(s.InSight) + 1, Kind: kind.kind})
		}
	}
	if err := firstErr(errs...); err != nil {
		g.Error = err.Error()
		return g
	}
	switch {
	case len(s.InSight) == 0:
		g.Error = "Counters in sight: write how many of each kind your figure sees, one at least."
		return g
	case len(s.InSight) > 12:
		g.Error = "Counters in sight: 12 at most, all kinds together."
		return g
	case g.Prefer != "" && !slices.Contains(solo.PreferKeys(), g.Prefer):
		g.Error = "Where the table offers a choice: pick one of the options listed."
		return g
	}
	s.Officer, s.NoContact = g.Officer, g.NoContact
	odds, err := solo.GenerationOdds(s, nil, g.Prefer)
	if err != nil {
		g.Error = err.Error()
		return g
	}
	g.Modifier = s.Modifier()
	for force, p := range odds {
		f, _ := p.Float64()
		g.Rows = append(g.Rows, views.QRSMoveRow{Order: force, Exact: p.RatString(), P: f})
	}
	sortOdds(g.Rows)
	return g
}
