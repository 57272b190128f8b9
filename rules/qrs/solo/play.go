package solo

import (
	"fmt"
	"sort"
	"strings"

	"muster/rules/qrs"
)

// Spot is the sheet's step 2: a player's figure comes within sight of the counters inSight
// (their IDs); roll enemy force generation and put what appears on the table, on Advance
// orders, at the counter the dice pick.
func Spot(st *State, inSight []int, d qrs.Dice) (Outcome, error) {
	s := Sighting{NoContact: !st.Contact, Officer: st.officerOnTable()}
	seen := map[int]bool{}
	for _, id := range inSight {
		c, err := st.counter(id)
		if err != nil {
			return Outcome{}, err
		}
		if seen[id] {
			return Outcome{}, fmt.Errorf("counter %d is named twice", id)
		}
		seen[id] = true
		s.InSight = append(s.InSight, c)
	}
	o, err := Generate(s, st.Pool, st.Prefer, d)
	if err != nil {
		return o, err
	}
	line := fmt.Sprintf("Turn %d: counters %s in sight. D6 %d %+d = %d (column %d).", st.Turn, ids(inSight), o.Die, o.Modifier, o.Total, o.Column)
	if !o.Deployed() {
		st.Logf("%s Nothing appears%s.", line, notes(o))
		return o, nil
	}
	g := GroupState{ID: st.nextGroupID(), Side: Enemy, Orders: "Advance", Counter: o.Counter}
	g.Name = fmt.Sprintf("Imperials at counter %d", o.Counter)
	cat := st.Catalog()
	count := map[string]int{}
	for _, name := range o.Figures {
		p, _ := cat.Lookup(name)
		count[name]++
		g.Figures = append(g.Figures, FigureState{Name: fmt.Sprintf("%s %d", name, count[name]), Profile: name, ForcePoints: p.ForcePoints})
		if st.Pool != nil {
			st.Pool[name]--
		}
	}
	g.Started = len(g.Figures)
	st.Groups = append(st.Groups, g)
	st.Contact = true
	st.Logf("%s At counter %d, as group %d on Advance orders: %s%s.", line, o.Counter, g.ID, o.Force, notes(o))
	return o, nil
}

func notes(o Outcome) string {
	if len(o.Notes) == 0 {
		return ""
	}
	return " (" + strings.Join(o.Notes, "; ") + ")"
}

func ids(list []int) string {
	var parts []string
	for _, id := range list {
		parts = append(parts, fmt.Sprint(id))
	}
	return strings.Join(parts, ", ")
}

func (st *State) counter(id int) (Counter, error) {
	for _, c := range st.Counters {
		if c.ID == id {
			if c.Removed {
				return c, fmt.Errorf("counter %d has been removed from the table", id)
			}
			return c, nil
		}
	}
	return Counter{}, fmt.Errorf("there is no counter %d; the counters are %s", id, st.counterList())
}

// RemoveCounter takes a portal counter off the table (the sheet leaves counters in place;
// a scenario or the player may remove them).
func RemoveCounter(st *State, id int) error {
	for i := range st.Counters {
		if st.Counters[i].ID == id && !st.Counters[i].Removed {
			st.Counters[i].Removed = true
			st.Logf("Turn %d: counter %d removed.", st.Turn, id)
			return nil
		}
	}
	return fmt.Errorf("there is no counter %d on the table", id)
}

// officerOnTable: an enemy Imperial Officer still in the fight.
func (st *State) officerOnTable() bool {
	for _, g := range st.Groups {
		if g.Side != Enemy {
			continue
		}
		for _, f := range g.Figures {
			if f.Active() && st.Profile(f).Role == qrs.RoleOfficer {
				return true
			}
		}
	}
	return false
}

// OrdersResult is a group's roll on the random movement table, with advice for its
// non-player Force users.
type OrdersResult struct {
	Roll  qrs.MoveRoll `json:"roll"`
	Force []string     `json:"force,omitempty"`
}

// GiveOrders is the sheet's step 3 for one group: roll the random movement table. The state
// supplies what it knows (quarters of the group killed, Advance orders, heroes, officers and
// leaders in the group); the situation supplies what only the table shows.
func GiveOrders(st *State, groupID int, s qrs.MoveSituation, d qrs.Dice) (OrdersResult, error) {
	g, err := st.Group(groupID)
	if err != nil {
		return OrdersResult{}, err
	}
	down := g.size() - len(g.Figures) // recycled casualties of an enemy group
	for _, f := range g.Figures {
		if !f.Active() {
			down++
			continue
		}
		switch st.Profile(f).Role {
		case qrs.RoleHero, qrs.RoleOfficer, qrs.RoleLeader:
			s.Leaders++
		}
	}
	if down == g.size() {
		return OrdersResult{}, fmt.Errorf("group %d, %s, has no figure left in the fight", g.ID, g.Name)
	}
	// "Each quarter of unit killed": whole quarters of the figures the group started with.
	s.QuartersKilled += down * 4 / g.size()
	s.Advancing = s.Advancing || strings.HasPrefix(g.Orders, "Advance")
	r := OrdersResult{Roll: qrs.RollMovement(s, d)}
	g.Orders = r.Roll.Text
	st.Logf("Turn %d: group %d, %s: D6 %d %+d = %d: %s.", st.Turn, g.ID, g.Name, r.Roll.Die, r.Roll.Modifier, r.Roll.Score, r.Roll.Text)
	if g.Side == Enemy {
		r.Force = st.forceAdvice(g, s)
	}
	return r, nil
}

// forceAdvice is the sheet's "Solo rules for Force users" for the group's Force users.
func (st *State) forceAdvice(g *GroupState, s qrs.MoveSituation) []string {
	var out []string
	for _, f := range g.Figures {
		p := st.Profile(f)
		if !f.Active() || !p.IsForceUser() {
			continue
		}
		if 2*f.ForcePoints <= p.ForcePoints && s.NoEnemyInSight {
			out = append(out, fmt.Sprintf("%s is at %d of %d Force points with no enemy in sight: it halts to recover (1 FP an activation).", f.Name, f.ForcePoints, p.ForcePoints))
			continue
		}
		if f.ForcePoints == 1 {
			out = append(out, f.Name+" has 1 Force point left: it uses it to Force jump away from the nearest threat.")
			continue
		}
		defend := "Deflect, sending shots back to the nearest enemy shooter"
		if !p.Lightsaber {
			defend = "Swipe"
		}
		out = append(out, fmt.Sprintf("%s (%d FP), in the combat phase, in order: (1) under fire from at least equal fire points: %s (Block a Force attack if it has 2 FP); (3) a friendly group within 12\" losing a firefight: Push the nearest enemy to it back, into a wall if possible; (4) an enemy blocking its move: Push it aside; (5) getting past guards: Mind Trick.", f.Name, f.ForcePoints, defend))
	}
	return out
}

// Shot is enemy fire at a group, as the player reads it off the table.
type Shot struct {
	Target int // the group under fire
	// EnemyTotal is the firepower shooting; or From names the shooting groups and Band the
	// range, and the total is theirs.
	EnemyTotal int
	From       []int
	Band       int
	Cover      bool
	Extra      int  // extra figures shooting at the group
	Running    bool // the targets run across the line of fire: shooting values halved
	Figures    int  // how many figures are diced for (the nearest); 0 is all
	// Force is a Force action of the target group against the fire: "deflect" or "swipe".
	Force string
}

// The Force actions a group under fire can take against it.
const (
	Deflect = "deflect"
	Swipe   = "swipe"
)

// Hit is what one figure under fire suffered.
type Hit struct {
	Figure string     `json:"figure"`
	Roll   int        `json:"roll"`
	Result qrs.Result `json:"-"`
	Name   string     `json:"result"`
	Now    string     `json:"now"`
}

// ShotResult is the fire's band, totals and hits.
type ShotResult struct {
	Own, Enemy float64 `json:"-"`
	Band       string  `json:"band"`
	Modifier   int     `json:"modifier"`
	Hits       []Hit   `json:"hits"`
	// Returned is the deflected shot sent back at the shooters.
	Returned *ShotResult `json:"returned,omitempty"`
}

// Shoot resolves fire at a group: the group's Defence total (wounded figures at half)
// against the shooters', a d8 per figure under fire, and applies the results.
func Shoot(st *State, s Shot, d qrs.Dice) (ShotResult, error) {
	g, err := st.Group(s.Target)
	if err != nil {
		return ShotResult{}, err
	}
	// Totals are kept doubled so that halving (wounds, running) stays exact.
	own2 := st.defence2(g)
	enemy2 := 2 * s.EnemyTotal
	if len(s.From) > 0 {
		enemy2 = 0
		for _, id := range s.From {
			sg, err := st.Group(id)
			if err != nil {
				return ShotResult{}, err
			}
			enemy2 += st.firepower2(sg, s.Band)
		}
	}
	if len(s.From) > 0 && enemy2 == 0 {
		return ShotResult{}, fmt.Errorf("groups %s have no figure able to shoot (all down or ducked back)", ids(s.From))
	}
	if s.Running {
		own2 *= 2 // halving the shooters' values is doubling the targets' side of the ratio
	}
	f := qrs.Fire{Own: own2, Enemy: enemy2, Cover: s.Cover, ExtraShooters: s.Extra}
	if err := f.Check(); err != nil {
		return ShotResult{}, fmt.Errorf("no firepower to shoot with: %v", err)
	}
	defender, err := st.forceDefender(g, s, enemy2)
	if err != nil {
		return ShotResult{}, err
	}
	r := ShotResult{Own: float64(own2) / 2, Enemy: float64(enemy2) / 2, Band: qrs.BandFor(own2, enemy2).Title(), Modifier: f.Modifier()}
	// Roll for every figure first: a Force user stops a hit only once it is known.
	var figs []int
	for i := range g.Figures {
		if g.Figures[i].Active() && (s.Figures == 0 || len(figs) < s.Figures) {
			figs = append(figs, i)
		}
	}
	for _, i := range figs {
		ff := f
		ff.Armour = st.Profile(g.Figures[i]).Armour
		roll := d.Roll(8)
		res := ff.Resolve(roll)
		r.Hits = append(r.Hits, Hit{Figure: g.Figures[i].Name, Roll: roll, Result: res, Name: res.String()})
	}
	stopped := -1
	if defender >= 0 {
		stopped = st.stopHit(g, defender, figs, r.Hits, s.Force)
	}
	for k, i := range figs {
		if k == stopped {
			continue
		}
		r.Hits[k].Now = st.apply(&g.Figures[i], st.Profile(g.Figures[i]), r.Hits[k].Result)
	}
	st.Logf("Turn %d: group %d, %s, under fire: %s against %s, %s. %s", st.Turn, g.ID, g.Name, num(r.Own), num(r.Enemy), r.Band, hitsText(r.Hits))
	if stopped >= 0 && s.Force == Deflect && len(s.From) > 0 {
		// "deflect the shot back. Force users use their bracketed firepower values for
		// this": Muster resolves the returned shot as the Force user firing alone with
		// its bracketed value at the first shooting group, dicing for its nearest 3.
		fu := g.Figures[defender]
		value := st.Profile(fu).Deflect
		if fu.Wounds > 0 {
			value = max(1, value/2)
		}
		back, err := Shoot(st, Shot{Target: s.From[0], EnemyTotal: value, Figures: 3}, d)
		if err == nil {
			r.Returned = &back
		}
	}
	return r, nil
}

// forceDefender finds the figure of the group that can take the Force action asked for, or
// says why none can; -1 when no action was asked.
func (st *State) forceDefender(g *GroupState, s Shot, enemy2 int) (int, error) {
	if s.Force == "" {
		return -1, nil
	}
	if s.Force != Deflect && s.Force != Swipe {
		return -1, fmt.Errorf("%q is not a Force action against fire; write deflect or swipe", s.Force)
	}
	if s.Force == Swipe && (s.Band != qrs.PointBlank || enemy2 < 10) {
		// "under fire at Point blank range from a group with Firepower 5 or more"
		return -1, fmt.Errorf("a Swipe works only under fire at point blank range from a group with Firepower 5 or more")
	}
	for i, f := range g.Figures {
		p := st.Profile(f)
		if f.Active() && !st.duckedNow(f) && p.IsForceUser() && f.ForcePoints >= 1 && (s.Force == Swipe || p.Lightsaber) {
			return i, nil
		}
	}
	if s.Force == Deflect {
		return -1, fmt.Errorf("group %d, %s, has no light sabre user with a Force point to spare able to deflect (a Force user without a light sabre uses swipe)", g.ID, g.Name)
	}
	return -1, fmt.Errorf("group %d, %s, has no Force user with a Force point to spare", g.ID, g.Name)
}

// stopHit spends the defender's Force point on the worst hit it may stop: Deflect "stop a
// hit on themselves or another figure within 2" (Muster: any figure of the group, the
// worst hit), Swipe only the shot at the Force user. It returns the index of the stopped
// hit, or -1 when there was nothing to stop (and no point is spent).
func (st *State) stopHit(g *GroupState, defender int, figs []int, hits []Hit, action string) int {
	best := -1
	for k, i := range figs {
		if hits[k].Result == qrs.Nothing || (action == Swipe && i != defender) {
			continue
		}
		if best < 0 || hits[k].Result > hits[best].Result {
			best = k
		}
	}
	if best < 0 {
		return -1
	}
	fu := &g.Figures[defender]
	fu.ForcePoints--
	word := map[string]string{Deflect: "deflected", Swipe: "swiped aside"}[action]
	hits[best].Now = fmt.Sprintf("%s by %s (1 FP, %d left)", word, fu.Name, fu.ForcePoints)
	return best
}

func num(v float64) string { return strings.TrimSuffix(fmt.Sprintf("%.1f", v), ".0") }

func hitsText(hs []Hit) string {
	var parts []string
	for _, h := range hs {
		parts = append(parts, fmt.Sprintf("%s rolls %d: %s", h.Figure, h.Roll, h.Now))
	}
	return strings.Join(parts, "; ") + "."
}

// halved is a value doubled, halved again for a wound: "Wound: Halve shooting/defence/Melee
// values".
func halved(v, wounds int) int {
	if wounds > 0 {
		return v
	}
	return 2 * v
}

// firepower2 is a group's doubled firepower total at a band: figures down or ducked back
// (unable to shoot in their next turn) add nothing.
func (st *State) firepower2(g *GroupState, band int) int {
	t := 0
	for _, f := range g.Figures {
		if f.Active() && !st.duckedNow(f) {
			t += halved(st.Profile(f).FirepowerAt(band), f.Wounds)
		}
	}
	return t
}

// duckedNow: a figure that ducked back this turn or last is still ducked back.
func (st *State) duckedNow(f FigureState) bool {
	return f.DuckedBack > 0 && st.Turn <= f.DuckedBack+1
}

// apply changes a figure for a result and says what it now is.
func (st *State) apply(f *FigureState, p qrs.Profile, res qrs.Result) string {
	switch res {
	case qrs.DuckBack:
		f.DuckedBack = st.Turn
		return "ducks back"
	case qrs.Wound:
		f.Wounds++
		if f.Wounds >= 2 {
			// "2 wounds Disable/kill a figure."
			f.Down = true
			return downWord(p) + " (second wound)"
		}
		return "wounded (values halved)"
	case qrs.Killed:
		f.Down = true
		return downWord(p)
	}
	return "unhurt"
}

// downWord: "Heroes are never killed, just Disabled, unless a scenario rule allows this."
func downWord(p qrs.Profile) string {
	if p.Role == qrs.RoleHero || p.Role == qrs.RoleForceUser {
		return "disabled"
	}
	return "killed"
}

// Mark changes a figure by hand: what happened at the table that Muster did not roll.
// what is wound, heal, down, up, duck, or force:+N / force:-N.
func Mark(st *State, groupID, figure int, what string) (string, error) {
	g, err := st.Group(groupID)
	if err != nil {
		return "", err
	}
	if figure < 1 || figure > len(g.Figures) {
		return "", fmt.Errorf("group %d, %s, has figures 1 to %d", g.ID, g.Name, len(g.Figures))
	}
	f := &g.Figures[figure-1]
	p := st.Profile(*f)
	var now string
	switch {
	case what == "wound":
		now = st.apply(f, p, qrs.Wound)
	case what == "heal":
		if f.Wounds == 0 {
			return "", fmt.Errorf("%s has no wound to heal", f.Name)
		}
		f.Wounds--
		now = "a wound healed"
	case what == "down":
		now = st.apply(f, p, qrs.Killed)
	case what == "up":
		f.Down, f.Wounds = false, 0
		now = "back in the fight"
	case what == "duck":
		now = st.apply(f, p, qrs.DuckBack)
	case strings.HasPrefix(what, "force:"):
		var n int
		if _, err := fmt.Sscanf(what, "force:%d", &n); err != nil {
			return "", fmt.Errorf("write force:-1 to spend a Force point, force:+1 to recover one")
		}
		if !p.IsForceUser() {
			return "", fmt.Errorf("%s is not a Force user", f.Name)
		}
		if f.ForcePoints+n < 0 {
			return "", fmt.Errorf("%s has only %d Force points", f.Name, f.ForcePoints)
		}
		// Recovery is "1 FP per activation ... if the figure rests"; the profile's points
		// are the most it recovers to.
		f.ForcePoints = min(f.ForcePoints+n, max(p.ForcePoints, f.ForcePoints))
		now = fmt.Sprintf("%d Force points", f.ForcePoints)
	default:
		return "", fmt.Errorf("%q: write wound, heal, down, up, duck, or force:+N / force:-N", what)
	}
	st.Logf("Turn %d: group %d, %s: %s: %s.", st.Turn, g.ID, g.Name, f.Name, now)
	return now, nil
}

// EndTurn closes the turn: duck backs from the turn before clear, enemy casualties go back to
// the figure pool (Muster's reading of "until casualties are recycled": at the end of the turn
// they fell), groups with nobody left leave the table, and the morale of player groups is
// checked. It returns what the players must do.
func EndTurn(st *State) []string {
	var notes []string
	keep := st.Groups[:0]
	for _, g := range st.Groups {
		// Morale is read from the turn as it ends, before duck backs clear.
		morale := ""
		if g.Side == Player {
			morale = st.morale(g)
		}
		for i := range g.Figures {
			f := &g.Figures[i]
			if f.DuckedBack > 0 && st.Turn >= f.DuckedBack+1 {
				f.DuckedBack = 0
			}
		}
		if g.Side == Enemy {
			var alive []FigureState
			recycled := map[string]int{}
			for _, f := range g.Figures {
				if f.Active() {
					alive = append(alive, f)
				} else {
					recycled[f.Profile]++
					if st.Pool != nil {
						st.Pool[f.Profile]++
					}
				}
			}
			if len(recycled) > 0 {
				notes = append(notes, fmt.Sprintf("Group %d, %s: %s recycled to the figure pool.", g.ID, g.Name, countList(recycled)))
			}
			if len(alive) == 0 {
				notes = append(notes, fmt.Sprintf("Group %d, %s, is gone.", g.ID, g.Name))
				continue
			}
			g.Figures = alive
		} else if morale != "" {
			notes = append(notes, morale)
		}
		keep = append(keep, g)
	}
	st.Groups = keep
	for _, n := range notes {
		st.Logf("Turn %d: %s", st.Turn, n)
	}
	st.Turn++
	st.Logf("Turn %d begins.", st.Turn)
	return notes
}

// morale: "If half or more figures in a group containing a players character are wounded or
// ducked back, they must move away from the nearest visible enemy ... Heroes ... may always
// ignore morale".
func (st *State) morale(g GroupState) string {
	hero, shaken, size := false, 0, 0
	for _, f := range g.Figures {
		p := st.Profile(f)
		if p.Role == qrs.RoleHero || p.IsForceUser() {
			hero = true
		}
		if !f.Active() {
			continue
		}
		size++
		if f.Wounds > 0 || st.duckedNow(f) {
			shaken++
		}
	}
	if !hero || size == 0 || 2*shaken < size {
		return ""
	}
	return fmt.Sprintf("Group %d, %s: %d of %d figures wounded or ducked back: at the end of the turn they move away from the nearest visible enemy, not ending closer to any, by the shortest move; this replaces their next activation (heroes may ignore it).", g.ID, g.Name, shaken, size)
}

func countList(m map[string]int) string {
	var names []string
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	var parts []string
	for _, n := range names {
		parts = append(parts, fmt.Sprintf("%d %s", m[n], n))
	}
	return strings.Join(parts, ", ")
}

// Shaken is the sheet's morale test for a group (the player groups' at the end of a turn):
// half or more of its figures wounded or ducked back, in a group with a player's character.
func Shaken(st *State, groupID int) bool {
	g, err := st.Group(groupID)
	return err == nil && st.morale(*g) != ""
}

// Withdraw takes a group off the table without casualties (an enemy group routing or
// retreating off the table); its figures go back to the pool.
func Withdraw(st *State, groupID int, why string) {
	for i, g := range st.Groups {
		if g.ID != groupID {
			continue
		}
		for _, f := range g.Figures {
			if st.Pool != nil {
				st.Pool[f.Profile]++
			}
		}
		st.Groups = append(st.Groups[:i], st.Groups[i+1:]...)
		st.Logf("Turn %d: group %d, %s, leaves the table (%s).", st.Turn, g.ID, g.Name, why)
		return
	}
}

// Initiative is a group's highest Initiative among the figures still in the fight (wounds
// halve it, rounded down), which orders the shooting.
func Initiative(st *State, g GroupState) int {
	best := 0
	for _, f := range g.Figures {
		if f.Active() {
			v := st.Profile(f).Initiative
			if f.Wounds > 0 {
				v /= 2
			}
			best = max(best, v)
		}
	}
	return best
}

// ActiveFigures counts a group's figures still in the fight.
func ActiveFigures(g GroupState) int {
	n := 0
	for _, f := range g.Figures {
		if f.Active() {
			n++
		}
	}
	return n
}

// CanShoot counts the figures able to shoot this turn (in the fight, not ducked back).
func CanShoot(st *State, g GroupState) int {
	n := 0
	for _, f := range g.Figures {
		if f.Active() && !st.duckedNow(f) {
			n++
		}
	}
	return n
}
