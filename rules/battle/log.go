package battle

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"muster/rules/combat"
)

// logger collects a battle's account. Nothing is formatted when a battle is played without
// a log (every call site checks b.lg first or goes through logf, which does).
type logger struct {
	buf   []byte
	phase string // the phase heading not yet written
	// cas: the last line written is a casualty line (logCasualties), under its heading.
	cas bool
}

// logf writes one line of the current phase, indented under it.
func (b *Battle) logf(format string, args ...any) {
	if b.lg == nil {
		return
	}
	if b.lg.phase != "" {
		b.lg.buf = append(b.lg.buf, "  "...)
		b.lg.buf = append(b.lg.buf, b.lg.phase...)
		b.lg.buf = append(b.lg.buf, '\n')
		b.lg.phase = ""
	}
	b.lg.buf = append(b.lg.buf, "    "...)
	b.lg.buf = fmt.Appendf(b.lg.buf, format, args...)
	b.lg.cas = false
}

// logCasualties writes a unit's casualties as the phase's damage takes effect, under a
// heading of their own: printed after the phase's last volley with none, the casualties of
// both sides read as that volley's.
func (b *Battle) logCasualties(ui, wounded, out int) {
	if b.lg == nil {
		return
	}
	if !b.lg.cas {
		b.logf("casualties as the damage takes effect:\n")
	}
	b.logf("  %s: %s\n", b.name(ui), casualtyText(wounded, out))
	b.lg.cas = true
}

// logPhase starts a phase; its heading is written with its first line.
func (b *Battle) logPhase(name string) {
	if b.lg != nil {
		b.lg.phase = name
	}
}

func (b *Battle) logTurn() {
	if b.lg != nil {
		b.lg.phase = ""
		b.lg.buf = fmt.Appendf(b.lg.buf, "\nTurn %d\n", b.turn)
	}
}

// name is a unit's name with its side.
func (b *Battle) name(ui int) string {
	if ui < 0 || ui >= len(b.names) {
		return "?"
	}
	return b.names[ui]
}

// sideName is a side's role in the scenario.
// figName names a figure in the log with his unit: "specialist 2 of Able (South)"; a hero,
// or a figure that is his unit (a droid, a creature), by the unit's name.
func (b *Battle) figName(f *fig) string {
	u := b.name(int(f.home))
	if f.spec.Hero != nil || strings.HasPrefix(u, f.spec.Who) {
		return u
	}
	return f.spec.Who + " of " + u
}

// count is "1 shot", "3 shots".
func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func (b *Battle) sideName(s int) string { return b.field.Scenario.Sides[s].Name }

// makeNames names every unit "Name (Side)", numbering repeats within a side.
func (b *Battle) makeNames() {
	b.names = make([]string, len(b.units))
	for ui := range b.units {
		u := &b.units[ui]
		n := u.spec.Name
		k := 1
		for j := range ui {
			if b.units[j].side == u.side && b.units[j].spec.Name == u.spec.Name {
				k++
			}
		}
		if k > 1 {
			n += " " + strconv.Itoa(k)
		}
		b.names[ui] = n + " (" + b.sideName(u.side) + ")"
	}
}

func in1(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

func ifs(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

func lower(s string) string { return strings.ToLower(s) }

// where describes a point: its coordinates and the terrain there.
func (b *Battle) where(p Point) string {
	s := "(" + in1(p.X) + ", " + in1(p.Y) + ")"
	for i := range b.field.areas {
		if a := &b.field.areas[i]; a.poly.contains(p) {
			s += " in " + a.name
			break
		}
	}
	return s
}

func (b *Battle) coverNote(ui int) string {
	if c := b.unitCover(ui); c > combat.Open {
		return ", " + c.String() + " cover"
	}
	return ""
}

func (b *Battle) logStart() {
	if b.lg == nil {
		return
	}
	sc := b.field.Scenario
	b.lg.buf = fmt.Appendf(b.lg.buf, "%s, %g\" x %g\", at most %d turns; seed %d\n", sc.Name, sc.Width, sc.Height, sc.Turns, b.res.Seed)
	b.lg.buf = fmt.Appendf(b.lg.buf, "Victory: %s\n", sc.Victory.Text)
	b.lg.buf = append(b.lg.buf, b.tangleLine()...)
	b.lg.buf = append(b.lg.buf, b.nightLine()...)
	for s := range 2 {
		f := b.forces[s]
		b.lg.buf = fmt.Appendf(b.lg.buf, "%s: %s (%d SGPs)\n", b.sideName(s), f.Name, f.Total)
		lo, hi := b.sideRange(s)
		for ui := lo; ui < hi; ui++ {
			u := &b.units[ui]
			b.lg.buf = fmt.Appendf(b.lg.buf, "  %s, %s, %d SGPs", u.spec.Name, u.spec.Kind, u.spec.SGP)
			if n := len(u.spec.Figs); n > 1 {
				b.lg.buf = fmt.Appendf(b.lg.buf, ", %d figures", n)
			}
			switch u.state {
			case stOnTable:
				b.lg.buf = fmt.Appendf(b.lg.buf, ", sets up at %s", b.where(u.anchor))
				if b.hideOn && b.hidden[ui] {
					b.lg.buf = append(b.lg.buf, ", hidden"...)
				}
			case stReserve:
				b.lg.buf = append(b.lg.buf, ", in reserve"...)
			case stAttached:
				b.lg.buf = fmt.Appendf(b.lg.buf, ", with %s", b.units[u.attached].spec.Name)
				if b.units[u.attached].leader == u.members[0] {
					b.lg.buf = append(b.lg.buf, " (in command)"...)
				}
			case stNotInBattle:
				if u.spec.Strike != "" {
					b.lg.buf = fmt.Appendf(b.lg.buf, ", %d %s off-board strike(s)", u.spec.Strikes, u.spec.Strike)
				}
				if u.spec.Remote != nil {
					b.lg.buf = append(b.lg.buf, b.remoteLine(ui)...)
				}
			}
			b.lg.buf = append(b.lg.buf, '\n')
		}
		for _, sk := range f.Skipped {
			b.lg.buf = fmt.Appendf(b.lg.buf, "  not simulated: %s\n", sk)
		}
	}
}

func (b *Battle) logInitiative(x, y int, best [2]int) {
	if b.lg == nil {
		return
	}
	b.lg.buf = fmt.Appendf(b.lg.buf, "  Initiative: %s %d (command %d), %s %d (command %d); %s moves second\n",
		b.sideName(0), x, best[0], b.sideName(1), y, best[1], b.sideName(b.initiative))
}

func (b *Battle) logVolley(ui, ti int, mode fireMode, v combat.TargetView, shots []combat.Shot) {
	lo, hi := math.MaxInt, math.MinInt
	n := 0
	for _, s := range shots {
		lo, hi = min(lo, s.Difficulty), max(hi, s.Difficulty)
		n += max(s.Shots, 1)
	}
	diff := strconv.Itoa(lo)
	if hi != lo {
		diff += "-" + strconv.Itoa(hi)
	}
	what := ""
	switch mode {
	case fireOpportunity:
		what = " (opportunity fire)"
	case fireDefensive:
		what = " (defensive fire)"
	}
	cover := v.Cover.String() + " cover"
	if v.Cover == combat.Open {
		cover = "in the open"
	}
	extra := ""
	if v.Prone {
		extra += ", prone"
	}
	dodged := ""
	if d := b.volley.Dodged[0] + b.volley.Parried[0]; d > 0 {
		dodged = fmt.Sprintf(" (%d dodged or parried)", d)
	}
	if a := b.volley.Absorbed[0]; a > 0 {
		dodged += fmt.Sprintf(" (%d absorbed: uses absorb/dissipate energy)", a)
	}
	if b.trace != nil {
		b.trace.traceFire(ui, ti, mode, n, b.volley.Hits[0])
	}
	hits := count(b.volley.Hits[0], "hit")
	if b.volley.Hits[0] > n {
		hits += " (following fire)" // each hit of a following-fire weapon allows another shot
	}
	b.logf("%s fires at %s%s: %s at %d visible, %s\", %s%s, difficulty %s: %s%s\n", b.name(ui), b.name(ti), what,
		count(n, "shot"), len(b.tidx), in1(v.Distance), cover, extra, diff, hits, dodged)
}

func (b *Battle) logAssault(ei, parting, n0, n1 int) {
	en := &b.engs[ei]
	var names [2][]string
	for s := range 2 {
		for k := 0; k < len(en.units[s]); k++ {
			names[s] = append(names[s], b.name(en.units[s][k]))
		}
	}
	if b.trace != nil && parting < 0 {
		b.trace.traceAssault(b, ei)
	}
	if parting >= 0 {
		b.logf("parting swing at %s: %d blows land\n", b.name(parting), b.close.Wins[1-b.units[parting].side])
		return
	}
	b.logf("%s (%d) against %s (%d): %d and %d blows land\n", strings.Join(names[0], ", "), n0,
		strings.Join(names[1], ", "), n1, b.close.Wins[0], b.close.Wins[1])
}

func (b *Battle) logMorale(ui int, what string, res combat.MoraleResult) {
	if b.lg == nil {
		return
	}
	u := &b.units[ui]
	b.logf("%s, %s test: threat %d rolls %d, command %d: %s; morale level %d, %s%s\n", b.name(ui), what, res.Threat,
		res.ThreatRoll, res.CommandRoll, res.Row.Result, u.level, res.Status, ifs(res.Withdraw, ", withdraws", ""))
}

func (b *Battle) logResult() {
	r := &b.res
	w := "a draw"
	if r.Winner >= 0 {
		w = b.sideName(r.Winner) + " (" + b.forces[r.Winner].Name + ") wins"
	}
	b.lg.buf = fmt.Appendf(b.lg.buf, "\nResult after %d turns: %s (%s).\n", r.Turns, w, strings.TrimPrefix(r.Reason, "; "))
	b.lg.buf = fmt.Appendf(b.lg.buf, "Victory points: %s %d, %s %d.\n", b.sideName(0), r.VP[0], b.sideName(1), r.VP[1])
	for s := range 2 {
		b.lg.buf = fmt.Appendf(b.lg.buf, "%s:\n", b.sideName(s))
		for _, u := range r.Units {
			if u.Side != s {
				continue
			}
			b.lg.buf = fmt.Appendf(b.lg.buf, "  %-28s %5d SGPs  %-14s", u.Name, u.SGP, u.Fate)
			if u.Start > 1 {
				b.lg.buf = fmt.Appendf(b.lg.buf, " %d of %d figures", u.Left, u.Start)
			}
			if u.Destroyed > 0 {
				b.lg.buf = fmt.Appendf(b.lg.buf, "; credited with %.0f enemy SGPs", u.Destroyed)
			}
			b.lg.buf = append(b.lg.buf, '\n')
		}
	}
}
