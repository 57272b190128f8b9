package solo

// Shoot resolves fire at a group by the firepower ratio, with the Force actions against
// it (Deflect, Swipe), and applies the results to the figures.

import (
	"fmt"
	"strings"

	"muster/rules/qrs"
)

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
	Figures    int  // how many figures are diced for (the nearest); 0 is all, or 3 per shooter of From
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
	// WorseRow is the game's reading of the lost Worse row, on every result: it decides
	// every heavily outgunned figure.
	WorseRow string `json:"worse_row"`
	Hits     []Hit  `json:"hits"`
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
	// strongest2 is the largest single shooting group's doubled firepower: Swipe asks for "a
	// group with Firepower 5 or more", not groups that make 5 between them.
	strongest2 := enemy2
	if len(s.From) > 0 {
		enemy2, strongest2 = 0, 0
		shooters := 0
		for _, id := range s.From {
			sg, err := st.Group(id)
			if err != nil {
				return ShotResult{}, err
			}
			fp2 := st.firepower2(sg, s.Band)
			enemy2 += fp2
			strongest2 = max(strongest2, fp2)
			shooters += CanShoot(st, *sg)
		}
		if s.Figures == 0 {
			// "only dice for the nearest 3 enemy figures per shooting figure": the group's
			// figures are taken nearest first, in the order the game lists them.
			s.Figures = 3 * shooters
		}
	}
	if len(s.From) > 0 && enemy2 == 0 {
		return ShotResult{}, fmt.Errorf("groups %s have no figure able to shoot (all down or ducked back)", ids(s.From))
	}
	if s.Running {
		own2 *= 2 // halving the shooters' values is doubling the targets' side of the ratio
	}
	worse, err := qrs.ParseWorseRow(st.WorseRow)
	if err != nil {
		return ShotResult{}, fmt.Errorf("the game's worse_row: %v", err)
	}
	f := qrs.Fire{Own: own2, Enemy: enemy2, Cover: s.Cover, ExtraShooters: s.Extra, Worse: worse}
	if err := f.Check(); err != nil {
		return ShotResult{}, fmt.Errorf("no firepower to shoot with: %v", err)
	}
	defender, err := st.forceDefender(g, s, strongest2)
	if err != nil {
		return ShotResult{}, err
	}
	r := ShotResult{Own: float64(own2) / 2, Enemy: float64(enemy2) / 2, Band: qrs.BandFor(own2, enemy2).Title(), Modifier: f.Modifier(), WorseRow: worse.Title()}
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
	if !st.quiet {
		// The Worse row's reading is named wherever it is read (f.RowTitle).
		st.Logf("Turn %d: group %d, %s, under fire: %s against %s, %s. %s", st.Turn, g.ID, g.Name, num(r.Own), num(r.Enemy), f.RowTitle(), hitsText(r.Hits))
	}
	if stopped >= 0 && s.Force == Deflect && len(s.From) > 0 {
		// "deflect the shot back. Force users use their bracketed firepower values for
		// this": Muster resolves the returned shot as the Force user firing alone with
		// its bracketed value at the first shooting group, dicing for its nearest 3.
		fu := g.Figures[defender]
		value := st.Profile(fu).Deflect
		if st.hurt(fu) {
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
func (st *State) forceDefender(g *GroupState, s Shot, strongest2 int) (int, error) {
	if s.Force == "" {
		return -1, nil
	}
	if s.Force != Deflect && s.Force != Swipe {
		return -1, fmt.Errorf("%q is not a Force action against fire; write deflect or swipe", s.Force)
	}
	if s.Force == Swipe && (s.Band != qrs.PointBlank || strongest2 < 10) {
		// "under fire at Point blank range from a group with Firepower 5 or more"
		return -1, fmt.Errorf("a Swipe works only under fire at point blank range from a group with Firepower 5 or more")
	}
	for i, f := range g.Figures {
		p := st.Profile(f)
		if st.canAct(f) && p.IsForceUser() && f.ForcePoints >= 1 && (s.Force == Swipe || p.Lightsaber) {
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
func halved(v int, wounded bool) int {
	if wounded {
		return v
	}
	return 2 * v
}

// firepower2 is a group's doubled firepower total at a band: figures down, or in the turn
// after their duck back (unable to shoot in their next turn: held), add nothing.
func (st *State) firepower2(g *GroupState, band int) int {
	t := 0
	for _, f := range g.Figures {
		if st.canAct(f) {
			t += halved(st.Profile(f).FirepowerAt(band), st.hurt(f))
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
