package web

import (
	"net/url"

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
	own, err1 := boundedInt("Your side's total", o.Own, 0, qrs.MaxTotal)
	enemy, err2 := boundedInt("Enemy's total", o.Enemy, 1, qrs.MaxTotal)
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
