package web

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"muster/db"
	"muster/rules/qrs"
	"muster/rules/qrs/solo"
	"muster/views"
)

// The steps of a web solo game: each reads its form, calls rules/qrs/solo with the step's
// dice, and fills in what the page shows. The rules are the domain's; here is only parsing.

// qrsSituationFields are the random movement table's modifiers the orders form asks about,
// by their form names (the game supplies quarters killed, Advance orders and the group's own
// heroes, officers and leaders).
var qrsSituationFields = []struct {
	key string
	mod qrs.MoveModifier
	set func(*qrs.MoveSituation)
}{
	{"greater-fire", qrs.MoveModifiers.GreaterFire, func(s *qrs.MoveSituation) { s.GreaterFire = true }},
	{"friends-retreating", qrs.MoveModifiers.FriendsRetreating, func(s *qrs.MoveSituation) { s.FriendsRetreating = true }},
	{"alone", qrs.MoveModifiers.Alone, func(s *qrs.MoveSituation) { s.Alone = true }},
	{"vehicle-near", qrs.MoveModifiers.VehicleNear, func(s *qrs.MoveSituation) { s.VehicleNear = true }},
	{"advancing", qrs.MoveModifiers.Advancing, func(s *qrs.MoveSituation) { s.Advancing = true }},
	{"in-cover", qrs.MoveModifiers.InCover, func(s *qrs.MoveSituation) { s.InCover = true }},
	{"leaders", qrs.MoveModifiers.Leader, nil},
	{"light-fire", qrs.MoveModifiers.LightFire, func(s *qrs.MoveSituation) { s.LightFire = true }},
	{"no-enemy", qrs.MoveModifiers.NoEnemyInSight, func(s *qrs.MoveSituation) { s.NoEnemyInSight = true }},
}

func qrsIntField(form url.Values, name, label string, lo, hi int) (int, error) {
	v := strings.TrimSpace(form.Get(name))
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s: write a whole number from %d to %d", label, lo, hi)
	}
	return n, nil
}

// qrsCounters places or removes a portal counter.
func qrsCounters(st *solo.State, _ qrs.Dice, form url.Values, r *views.QRSResult) (string, error) {
	r.Kind = "counter"
	if form.Get("action") == "remove" {
		id, err := strconv.Atoi(form.Get("counter"))
		if err != nil {
			return "", fmt.Errorf("counter: choose the counter to remove")
		}
		if err := solo.RemoveCounter(st, id); err != nil {
			return "", err
		}
		return fmt.Sprintf("Counter %d removed", id), nil
	}
	c, err := solo.AddCounter(st, form.Get("kind"))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Counter %d placed (%s)", c.ID, c.Kind), nil
}

// qrsSpotStep is the play sequence's step 2: the player's figure sees the ticked counters.
func qrsSpotStep(st *solo.State, d qrs.Dice, form url.Values, r *views.QRSResult) (string, error) {
	var ids []int
	for _, v := range form["counter"] {
		id, err := strconv.Atoi(v)
		if err != nil {
			return "", fmt.Errorf("counters in sight: %q is not a counter", v)
		}
		ids = append(ids, id)
	}
	if len(ids) == 0 {
		return "", fieldErr("Counters in sight", "tick the counters your figure can see, then roll")
	}
	s, err := st.Sighting(ids)
	if err != nil {
		return "", err
	}
	groups := len(st.Groups)
	o, err := solo.Spot(st, ids, d)
	if err != nil {
		return "", err
	}
	r.Kind = "spot"
	r.Spot = &views.QRSSpot{InSight: ids, Parts: s.Parts(), Outcome: o}
	if len(st.Groups) > groups {
		r.Spot.Group = st.Groups[len(st.Groups)-1].ID
	}
	what := "nothing"
	if o.Deployed() {
		what = o.Force
	}
	at := "counters"
	if len(ids) == 1 {
		at = "counter"
	}
	return fmt.Sprintf("Force generation at %s %s: %s", at, intsText(ids), what), nil
}

func intsText(ns []int) string {
	var parts []string
	for _, n := range ns {
		parts = append(parts, strconv.Itoa(n))
	}
	return strings.Join(parts, ", ")
}

// qrsOrdersStep is step 3: the random movement table for one group or every enemy group.
func qrsOrdersStep(st *solo.State, d qrs.Dice, form url.Values, r *views.QRSResult) (string, error) {
	var s qrs.MoveSituation
	for _, f := range qrsSituationFields {
		if f.set != nil && form.Get(f.key) != "" {
			f.set(&s)
		}
	}
	leaders, err := qrsIntField(form, "leaders", "Heroes/officers within 12\"", 0, 10)
	if err != nil {
		return "", err
	}
	s.Leaders = leaders
	var ids []int
	if which := form.Get("group"); which == "all" || which == "" {
		for _, g := range st.Groups {
			if g.Side == solo.Enemy {
				ids = append(ids, g.ID)
			}
		}
		if len(ids) == 0 {
			return "", fieldErr("Group", "no enemy group is on the table; choose a group")
		}
	} else {
		id, err := strconv.Atoi(which)
		if err != nil {
			return "", fieldErr("Group", "choose a group")
		}
		ids = []int{id}
	}
	// A roll made at the table, for one group, instead of Muster's.
	table := 0
	if form.Get("die") != "" {
		if table, err = qrsIntField(form, "die", "Die rolled at the table", 1, 6); err != nil {
			return "", err
		}
		if which := form.Get("group"); which == "all" || which == "" {
			return "", fieldErr("Die rolled at the table", "give it for one group at a time; choose the group")
		}
		d = qrs.AtTable(table, d)
	}
	r.Kind = "orders"
	for _, id := range ids {
		res, err := solo.GiveOrders(st, id, s, d)
		if err != nil {
			return "", err
		}
		g, _ := st.Group(id)
		o := views.QRSOrders{Group: id, Name: g.Name, Die: res.Roll.Die, Modifier: res.Roll.Modifier, Score: res.Roll.Score, Text: res.Roll.Text, Force: res.Force,
			AtTable: table > 0}
		for _, m := range res.Roll.Modifiers {
			o.Modifiers = append(o.Modifiers, views.QRSMoveMod{Label: m.Label, Value: m.Value, Printed: m.Printed})
		}
		if form.Get("ordered") != "" {
			o.Adjust = qrs.OrderedAdjustment(d)
		}
		r.Orders = append(r.Orders, o)
	}
	return fmt.Sprintf("Orders for group %s", intsText(ids)), nil
}

var qrsBandNames = map[string]int{"long": qrs.Long, "medium": qrs.Medium, "point-blank": qrs.PointBlank}

// qrsShootStep is fire at a group by the firepower ratio.
func qrsShootStep(st *solo.State, d qrs.Dice, form url.Values, r *views.QRSResult) (string, error) {
	target, err := strconv.Atoi(form.Get("target"))
	if err != nil {
		return "", fieldErr("Group under fire", "choose a group")
	}
	band, ok := qrsBandNames[form.Get("band")]
	if !ok {
		return "", fieldErr("Range band", "choose long, medium or point blank")
	}
	shot := solo.Shot{Target: target, Band: band, Cover: form.Get("cover") != "", Running: form.Get("running") != "", Force: form.Get("force")}
	for _, v := range form["from"] {
		id, err := strconv.Atoi(v)
		if err != nil {
			return "", fieldErr("Shooting groups", "%q is not a group", v)
		}
		if id == target {
			return "", fieldErr("Shooting groups", "group %d cannot shoot at itself", id)
		}
		shot.From = append(shot.From, id)
	}
	if shot.EnemyTotal, err = qrsIntField(form, "enemy", "Enemy firepower total", 0, 10000); err != nil {
		return "", err
	}
	if (len(shot.From) == 0) == (shot.EnemyTotal == 0) {
		return "", fieldErr("Shooting groups", "tick the groups shooting, or give the shooters' firepower total (one or the other)")
	}
	if shot.Extra, err = qrsIntField(form, "extra", "Extra figures shooting", 0, 100); err != nil {
		return "", err
	}
	if shot.Figures, err = qrsIntField(form, "figures", "Dice for the nearest N figures", 0, solo.MaxFigures); err != nil {
		return "", err
	}
	res, err := solo.Shoot(st, shot, d)
	if err != nil {
		return "", err
	}
	r.Kind = "shoot"
	r.Shot = qrsShotView(res)
	r.Worse = res.Band == qrs.Worse.Title() || (res.Returned != nil && res.Returned.Band == qrs.Worse.Title())
	g, _ := st.Group(target)
	return fmt.Sprintf("Fire at group %d, %s", target, g.Name), nil
}

func qrsShotView(res solo.ShotResult) *views.QRSShot {
	v := &views.QRSShot{Own: decimalText(res.Own), Enemy: decimalText(res.Enemy), Band: res.Band, Modifier: res.Modifier, Hits: res.Hits,
		WorseRow: res.WorseRow}
	if res.Returned != nil {
		v.Returned = qrsShotView(*res.Returned)
	}
	return v
}

// qrsMarkStep records what happened at the table without a roll.
func qrsMarkStep(st *solo.State, _ qrs.Dice, form url.Values, r *views.QRSResult) (string, error) {
	group, err1 := strconv.Atoi(form.Get("group"))
	figure, err2 := strconv.Atoi(form.Get("figure"))
	if err1 != nil || err2 != nil {
		return "", fieldErr("Mark", "choose a figure")
	}
	what := form.Get("what")
	switch what {
	case "wound", "heal", "duck", "down", "up", "force:-1", "force:+1":
	default:
		return "", fieldErr("Mark", "%q is not a mark; choose wound, heal, duck back, down, back up, or spend or recover 1 FP", what)
	}
	now, err := solo.Mark(st, group, figure, what)
	if err != nil {
		return "", err
	}
	r.Kind = "mark"
	return fmt.Sprintf("Group %d, figure %d: %s", group, figure, now), nil
}

// qrsRef reads a figure written "GROUP:FIGURE" (the page's values).
func qrsRef(v, label string) (solo.Ref, error) {
	g, f, ok := strings.Cut(v, ":")
	gi, err1 := strconv.Atoi(g)
	fi, err2 := strconv.Atoi(f)
	if !ok || err1 != nil || err2 != nil {
		return solo.Ref{}, fmt.Errorf("%s: choose a figure", label)
	}
	return solo.Ref{Group: gi, Figure: fi}, nil
}

// qrsCloseStep is close combat and the rolls for one figure: other melee (the chart), one
// exchange of a lightsaber duel, a medic's treatment, Wound suppression.
func qrsCloseStep(st *solo.State, d qrs.Dice, form url.Values, r *views.QRSResult) (string, error) {
	self, err := qrsRef(form.Get("figure"), "Figure")
	if err != nil {
		return "", err
	}
	var against []solo.Ref
	for _, v := range form["against"] {
		ref, err := qrsRef(v, "Opponents")
		if err != nil {
			return "", err
		}
		against = append(against, ref)
	}
	r.Kind = "close"
	switch kind := form.Get("kind"); kind {
	case "fight":
		if len(against) == 0 {
			return "", fieldErr("Opponents", "tick the enemy figures in contact (1 to 6)")
		}
		if _, err := solo.Fight(st, self, against, d); err != nil {
			return "", err
		}
		return fmt.Sprintf("Melee: figure %s", self), nil
	case "duel":
		if len(against) != 1 {
			return "", fieldErr("Opponents", "a lightsaber duel is against one figure; tick one")
		}
		if _, err := solo.DuelExchange(st, self, against[0], form.Get("kill") != "", d); err != nil {
			return "", err
		}
		return fmt.Sprintf("Lightsaber duel: %s against %s", self, against[0]), nil
	case "medic":
		if _, err := solo.Treat(st, self.Group, self.Figure, d); err != nil {
			return "", err
		}
		return fmt.Sprintf("Medic treats figure %s", self), nil
	case "suppress":
		if _, err := solo.Suppress(st, self.Group, self.Figure, d); err != nil {
			return "", err
		}
		return fmt.Sprintf("Wound suppression: figure %s", self), nil
	default:
		return "", fieldErr("What", "%q is not a close combat action; choose melee, lightsaber duel, medic or Wound suppression", kind)
	}
}

// qrsTurnStep ends the turn: duck backs clear, enemy casualties recycle, morale.
func qrsTurnStep(st *solo.State, _ qrs.Dice, _ url.Values, r *views.QRSResult) (string, error) {
	turn := st.Turn
	r.Kind = "turn"
	solo.EndTurn(st) // what it returns is in the log's lines, which the page shows
	return fmt.Sprintf("End of turn %d", turn), nil
}

// qrsGameView is the page's picture of the game.
func qrsGameView(g db.SoloGame, st *solo.State) views.QRSGame {
	v := views.QRSGame{ID: g.ID, Name: g.Name, Turn: st.Turn, Head: g.Head, Action: g.Action, CanUndo: g.Head > 1,
		Contact: st.Contact, Officer: st.OfficerOnTable(), Counters: st.Counters, Prefer: st.Prefer}
	_ = jsonUnmarshal(g.Result, &v.Result)
	if st.Pool != nil {
		v.Pool = []views.QRSPoolRow{}
		var names []string
		for n := range st.Pool {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			v.Pool = append(v.Pool, views.QRSPoolRow{Profile: n, Free: st.Pool[n]})
		}
	}
	for i := range st.Groups {
		gs := &st.Groups[i]
		fp, def := st.Totals(gs)
		gv := views.QRSGroup{ID: gs.ID, Name: gs.Name, Side: gs.Side, Orders: gs.Orders, Counter: gs.Counter,
			Firepower: decimalText(fp), Defence: decimalText(def), Enemy: gs.Side == solo.Enemy, Shaken: gs.Side == solo.Player && solo.Shaken(st, gs.ID)}
		for j, f := range gs.Figures {
			p := st.Profile(f)
			fv := views.QRSFigure{N: j + 1, Name: f.Name, Profile: f.Profile, Status: st.FigureStatus(f), Down: f.Down, Force: p.IsForceUser()}
			if fv.Force {
				fv.FP = fmt.Sprintf("%d/%d", f.ForcePoints, p.ForcePoints)
			}
			gv.Figures = append(gv.Figures, fv)
		}
		v.Groups = append(v.Groups, gv)
		for j, f := range gs.Figures {
			if f.Active() {
				v.Figures = append(v.Figures, views.QRSOption{Value: fmt.Sprintf("%d:%d", gs.ID, j+1), Label: fmt.Sprintf("%d.%d %s (%s)", gs.ID, j+1, f.Name, gs.Name)})
			}
		}
	}
	for i := len(st.Log) - 1; i >= 0 && len(v.Log) < 200; i-- {
		v.Log = append(v.Log, st.Log[i])
	}
	for _, f := range qrsSituationFields {
		v.MoveMods = append(v.MoveMods, views.QRSMoveMod{Key: f.key, Label: f.mod.Label, Value: f.mod.Value, Printed: f.mod.Printed})
	}
	return v
}

func decimalText(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// jsonUnmarshal reads a stored step's result; a result that cannot be read shows nothing
// rather than failing the page (the game's state is what matters).
func jsonUnmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// fieldErr is a problem with a form field, for the player: "Group under fire: choose a group".
func fieldErr(field, format string, args ...any) error {
	return fmt.Errorf("%s: "+format, append([]any{field}, args...)...)
}
