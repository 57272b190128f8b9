package web

// The gamemaster's force limits as form fields, beside the limits file they stand for. A
// side's fields are named lim.<side>.<clause>:
//
//	lim.rebel.present            marks that the fields were on the page
//	lim.rebel.total              the SGP total
//	lim.rebel.sgp.heroes ...     SGP caps per kind (heroes, squads, droids, creatures, artillery, strikes)
//	lim.rebel.max.heroes ...     count caps (heroes, squads, droids, creatures, specialized_weapons, grenades)
//	lim.rebel.quality            qualities allowed (repeated; none ticked: any)
//	lim.rebel.banned             banned unit kinds and catalogue entries (repeated)
//	lim.rebel.rules.<id>         a house rule's severity ("" keeps the book's)
//
// The limits file (limits.<side>) stays the import and export: when the gamemaster edits it
// (it differs from limits.<side>.was, the file the page was drawn from) it wins; otherwise
// the fields are read and written back as the file. Only the shape is checked here; what
// the limits mean is gamenight's and roster's to check.

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"muster/costing/gamenight"
	"muster/roster"
	"muster/rules"
	"muster/views"
)

// limitsFormOf draws limits as form fields.
func limitsFormOf(l *roster.Limits) views.LimitsForm {
	f := views.LimitsForm{Present: true, SGP: map[string]string{}, Max: map[string]string{}, Rules: map[string]string{}}
	if l == nil {
		return f
	}
	num := func(n *int) string {
		if n == nil {
			return ""
		}
		return strconv.Itoa(*n)
	}
	if l.Total > 0 {
		f.Total = strconv.Itoa(l.Total)
	}
	sgp, count := capFields(l)
	for _, k := range views.SGPCapKinds {
		f.SGP[k.Key] = num(*sgp[k.Key])
	}
	for _, k := range views.CountCapKinds {
		f.Max[k.Key] = num(*count[k.Key])
	}
	for _, q := range l.Qualities {
		f.Qualities = append(f.Qualities, string(q))
	}
	f.Banned = append(f.Banned, l.Banned...)
	f.Sides = len(l.Sides) > 0
	for id, sev := range l.Rules {
		f.Rules[id] = string(sev)
	}
	return f
}

// capFields are the limits' caps by the form's keys (those of views.SGPCapKinds and
// views.CountCapKinds): SGPs at most, and how many at most.
func capFields(l *roster.Limits) (sgp, count map[string]**int) {
	s, m := &l.SGP, &l.Max
	sgp = map[string]**int{"heroes": &s.Heroes, "squads": &s.Squads, "droids": &s.Droids, "creatures": &s.Creatures,
		"artillery": &s.Artillery, "strikes": &s.Strikes}
	count = map[string]**int{"heroes": &m.Heroes, "squads": &m.Squads, "droids": &m.Droids, "creatures": &m.Creatures,
		"specialized_weapons": &m.SpecializedWeapons, "grenades": &m.Grenades}
	return sgp, count
}

// readLimitsForm reads a side's limits fields: the fields as posted (to draw them again),
// the limits they make, and what in them is not of the right shape, in the gamemaster's
// words with the field named.
func readLimitsForm(vals url.Values, side string, keep *roster.Limits) (views.LimitsForm, *roster.Limits, []string) {
	pre := "lim." + side + "."
	get := func(k string) string { return strings.TrimSpace(vals.Get(pre + k)) }
	f := views.LimitsForm{Present: true, SGP: map[string]string{}, Max: map[string]string{}, Rules: map[string]string{}}
	l := &roster.Limits{}
	var errs []string
	whole := func(what, s string, hi int) *int {
		if s == "" {
			return nil
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > hi {
			errs = append(errs, fmt.Sprintf("%s: write a whole number from 0 to %d, or leave it empty for no cap (not %q)", what, hi, s))
			return nil
		}
		return &n
	}
	f.Total = get("total")
	if n := whole("total", f.Total, roster.MaxLimitTotal); n != nil {
		l.Total = *n
	}
	sgp, count := capFields(l)
	for _, k := range views.SGPCapKinds {
		f.SGP[k.Key] = get("sgp." + k.Key)
		*sgp[k.Key] = whole(k.Label+" (SGPs at most)", f.SGP[k.Key], roster.MaxLimitTotal)
	}
	for _, k := range views.CountCapKinds {
		f.Max[k.Key] = get("max." + k.Key)
		*count[k.Key] = whole(k.Label+" (how many at most)", f.Max[k.Key], 1000)
	}
	for _, q := range vals[pre+"quality"] {
		q = strings.TrimSpace(q)
		if _, ok := rules.QualityCost[rules.Quality(q)]; !ok {
			errs = append(errs, fmt.Sprintf("qualities: %q is not a troop quality (tick average, veteran or elite)", q))
			continue
		}
		f.Qualities = append(f.Qualities, q)
		l.Qualities = append(l.Qualities, rules.Quality(q))
	}
	for _, b := range vals[pre+"banned"] {
		if b = strings.TrimSpace(b); b != "" {
			f.Banned = append(f.Banned, b)
			l.Banned = append(l.Banned, b)
		}
	}
	for k, vs := range vals {
		id, ok := strings.CutPrefix(k, pre+"rules.")
		if !ok || len(vs) == 0 || strings.TrimSpace(vs[0]) == "" {
			continue
		}
		f.Rules[id] = strings.TrimSpace(vs[0])
		if l.Rules == nil {
			l.Rules = roster.Dials{}
		}
		l.Rules[id] = roster.Severity(f.Rules[id])
	}
	// The fields do not show a sides: clause; one written in the file is kept.
	if keep != nil {
		l.Sides = keep.Sides
		f.Sides = len(keep.Sides) > 0
	}
	return f, l, errs
}

// sideLimitsText is the limits file a side's part of the game form stands for: the file when
// the gamemaster edited it, else the fields written as one. errs are the fields' shape
// errors (the file is then the one the page was drawn from, so nothing is lost).
func sideLimitsText(vals url.Values, side string) (text string, form *views.LimitsForm, errs []string) {
	text = strings.ReplaceAll(vals.Get("limits."+side), "\r\n", "\n")
	was := strings.ReplaceAll(vals.Get("limits."+side+".was"), "\r\n", "\n")
	if vals.Get("lim."+side+".present") != "1" || strings.TrimSpace(text) != strings.TrimSpace(was) {
		return text, nil, nil
	}
	keep, _ := gamenight.ReadSideLimits(was)
	f, l, errs := readLimitsForm(vals, side, keep)
	if len(errs) > 0 {
		return was, &f, errs
	}
	out, err := gamenight.WriteSideLimits(l)
	if err != nil {
		return was, &f, []string{err.Error()}
	}
	return out, &f, nil
}
