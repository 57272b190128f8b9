package listgen

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// MaxUnits bounds a random list: a gamemaster's table, not a swarm of womp rats.
const MaxUnits = 12

// squadNames name a random list's squads, the Aurebesh letters the book's squads go by.
var squadNames = []string{"Aurek", "Besh", "Cresh", "Dorn", "Esk", "Forn", "Grek", "Herf", "Isk", "Jenth", "Krill", "Leth"}

// kindWeight is how often a random list picks each kind of unit among those it may add:
// mostly squads, some heroes, now and then a droid, a creature, a gun or a remote weapon.
// Off-board strikes are left out (they need a commander with a comlink to call them).
var kindWeight = map[string]float64{
	roster.KindSquad: 10, roster.KindHero: 3, roster.KindDroid: 1, roster.KindCreature: 1,
	roster.KindArtillery: 1, roster.KindRemoteWeapon: 0.5,
}

// Side reads a Troop List's name ("Imperial", "rebel", "Rebels") as the side whose troop
// types it lists.
func Side(cat *rules.Catalog, troopList string) (rules.Side, error) {
	k := strings.ToLower(strings.TrimSpace(troopList))
	var sides []string
	for _, t := range cat.Troops {
		s := string(t.Side)
		if t.Side == rules.Neutral || slices.Contains(sides, s) {
			continue
		}
		sides = append(sides, s)
		if k == s || k == s+"s" {
			return t.Side, nil
		}
	}
	return "", fmt.Errorf("troop list %q: write one of %s", troopList, strings.Join(sides, ", "))
}

// Random builds a random list from the Troop List (imperial, rebel) within l: units drawn
// one at a time among those Fresh says still fit (squads of random sizes and qualities, some
// with a heavy weapons specialist), until nothing more fits or MaxUnits, then grown
// (Scale) to spend what is left. It passes costing.Evaluate against l with no error and
// spends most of l.Total. The same rng state gives the same list.
func Random(cat *rules.Catalog, troopList string, l *roster.Limits, rng *rand.Rand) (*roster.Army, error) {
	side, err := Side(cat, troopList)
	if err != nil {
		return nil, err
	}
	if l == nil || l.Total <= 0 {
		return nil, errors.New("limits: give the side a total (total: 1500): a random list spends most of it")
	}
	if len(l.Sides) > 0 && !slices.Contains(l.Sides, side) {
		return nil, fmt.Errorf("troop list %q: the limits are for %s", troopList, sideWords(l.Sides))
	}
	a := &roster.Army{Format: 1, System: "swmb", Name: "Random " + string(side) + " list", Side: side}
	for len(a.Units) < MaxUnits {
		groups := group(Fresh(cat, a, l))
		if len(groups) == 0 {
			break
		}
		g := pick(groups, rng)
		if v, ok := vary(cat, g, l, rng); ok && fitsAll(cat, a, l, v) {
			g = v
		}
		a.Units = append(a.Units, g...)
	}
	if len(a.Units) == 0 {
		return nil, fmt.Errorf("no unit of the %s Troop List fits within the limits (%d SGPs): raise the total or lift a ban", side, l.Total)
	}
	name(a)
	b, err := Scale(cat, a, l, l.Total)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// group pairs each artillery piece with its crew.
func group(us []roster.Unit) [][]roster.Unit {
	var gs [][]roster.Unit
	for i := 0; i < len(us); i++ {
		if roster.Crewed(us, i) {
			gs = append(gs, []roster.Unit{us[i], us[i+1]})
			i++
			continue
		}
		gs = append(gs, []roster.Unit{us[i]})
	}
	return gs
}

// pick draws a group: a kind by its weight (kindWeight), then one of that kind's groups
// alike.
func pick(gs [][]roster.Unit, rng *rand.Rand) []roster.Unit {
	byKind := map[string][][]roster.Unit{}
	var kinds []string
	for _, g := range gs {
		k := g[0].Kind
		if kindWeight[k] == 0 {
			continue
		}
		if byKind[k] == nil {
			kinds = append(kinds, k)
		}
		byKind[k] = append(byKind[k], g)
	}
	if len(kinds) == 0 {
		return gs[rng.IntN(len(gs))]
	}
	total := 0.0
	for _, k := range kinds {
		total += kindWeight[k]
	}
	x := rng.Float64() * total
	k := kinds[len(kinds)-1]
	for _, kk := range kinds {
		x -= kindWeight[kk]
		if x < 0 {
			k = kk
			break
		}
	}
	return byKind[k][rng.IntN(len(byKind[k]))]
}

// vary changes a fresh squad at random: its size (4 to 12 within its type's), its quality
// (among those l allows), and half the time a specialist with a heavy weapon its list
// allows. Other units stay fresh.
func vary(cat *rules.Catalog, g []roster.Unit, l *roster.Limits, rng *rand.Rand) ([]roster.Unit, bool) {
	if len(g) != 1 || g[0].Kind != roster.KindSquad {
		return nil, false
	}
	u := roster.CloneUnit(g[0])
	t, err := cat.Troop(u.Troop)
	if err != nil {
		return nil, false
	}
	u.Size = t.ClampSize(4 + rng.IntN(9))
	qs := []rules.Quality{rules.Average, rules.Veteran, rules.Elite}
	if l != nil && len(l.Qualities) > 0 {
		qs = l.Qualities
	}
	if rng.IntN(2) == 0 {
		u.Quality = qs[rng.IntN(len(qs))]
	}
	if rng.IntN(2) == 0 && t.Specialists != nil {
		allowed := cat.TroopWeapons(t)
		var heavy []string
		for j, w := range cat.Weapons {
			if allowed[j] && w.Class == "heavy blaster" {
				heavy = append(heavy, w.Name)
			}
		}
		if len(heavy) > 0 {
			u.Specialists = []roster.Specialist{{Weapons: []roster.Item{{Name: heavy[rng.IntN(len(heavy))]}}}}
		}
	}
	return []roster.Unit{u}, true
}

// fitsAll reports whether adding us to a keeps it free of new error problems within l.
func fitsAll(cat *rules.Catalog, a *roster.Army, l *roster.Limits, us []roster.Unit) bool {
	b := *a
	b.Units = append(slices.Clone(a.Units), us...)
	return noNewErrors(errorKeys(cat, a, l), errorKeys(cat, &b, l))
}

// name gives a list's units names: squads by the Aurebesh letters, heroes Hero 1, 2...
func name(a *roster.Army) {
	sq, he := 0, 0
	for i := range a.Units {
		u := &a.Units[i]
		switch {
		case u.Kind == roster.KindSquad && u.Name != "":
			sq++
		case u.Name != "" && u.Name != "Hero":
		case u.Kind == roster.KindSquad:
			u.Name = squadNames[sq%len(squadNames)] + " Squad"
			if sq >= len(squadNames) {
				u.Name += fmt.Sprintf(" %d", sq/len(squadNames)+1)
			}
			sq++
		case u.Kind == roster.KindHero:
			he++
			u.Name = fmt.Sprintf("Hero %d", he)
		}
	}
}

// MaxSquadSize is the most soldiers Scale puts in a squad of a troop type with no maximum.
const MaxSquadSize = 12

// Scale returns a copy of army a grown or cut to spend as much of total SGPs as it can
// within l with its total replaced by total (l's other clauses kept): soldiers taken from
// the largest squads (down to 4, or the type's minimum), then whole units dropped from
// the end (a gun with its crew) while it costs too much; then soldiers added to the
// smallest squads (up to MaxSquadSize, or the type's maximum), then fresh squads of the
// army's troop types added, while they fit. The result passes costing.Evaluate against the
// new limits with no error; it is an error when no list within them remains. It is
// deterministic: the handicap curve plays the same lists scaled.
func Scale(cat *rules.Catalog, a *roster.Army, l *roster.Limits, total int) (*roster.Army, error) {
	if total <= 0 {
		return nil, fmt.Errorf("scale to %d SGPs: give a total above 0", total)
	}
	var nl roster.Limits
	if l != nil {
		nl = *l
	}
	nl.Total = total
	b := cloneArmy(a)
	b.Limit = 0
	cost := func() int { return costing.Evaluate(cat, b, &nl).Total }
	// Cut.
	for !Legal(cat, b, &nl) {
		if len(b.Units) == 0 {
			return nil, fmt.Errorf("no list within %d SGPs and the limits", total)
		}
		if cost() > total {
			if i := largestSquad(cat, b); i >= 0 {
				b.Units[i].Size--
				continue
			}
		}
		drop(b)
	}
	// Grow: whole squads first, then soldiers.
	for len(b.Units) < 2*MaxUnits && addSquad(cat, b, &nl) {
	}
	for {
		grown := false
		for _, i := range squadsBySize(cat, b) {
			b.Units[i].Size++
			if Legal(cat, b, &nl) {
				grown = true
				break
			}
			b.Units[i].Size--
		}
		if !grown {
			break
		}
	}
	name(b)
	return b, nil
}

// largestSquad is the squad with the most soldiers that can lose one (above 4 and its
// type's minimum), not a gun's crew; -1 when none can.
func largestSquad(cat *rules.Catalog, a *roster.Army) int {
	best := -1
	for i := range a.Units {
		u := &a.Units[i]
		if u.Kind != roster.KindSquad || (i > 0 && roster.Crewed(a.Units, i-1)) {
			continue
		}
		low := 4
		if t, err := cat.Troop(u.Troop); err == nil && t.SizeMin > low {
			low = t.SizeMin
		}
		if u.Size > low && (best < 0 || u.Size > a.Units[best].Size) {
			best = i
		}
	}
	return best
}

// squadsBySize lists the squads that may grow (below MaxSquadSize and their type's
// maximum, not a gun's crew), smallest first, then in army order.
func squadsBySize(cat *rules.Catalog, a *roster.Army) []int {
	var out []int
	for i := range a.Units {
		u := &a.Units[i]
		if u.Kind != roster.KindSquad || (i > 0 && roster.Crewed(a.Units, i-1)) {
			continue
		}
		hi := MaxSquadSize
		if t, err := cat.Troop(u.Troop); err == nil && t.SizeMax > 0 && t.SizeMax < hi {
			hi = t.SizeMax
		}
		if u.Size < hi {
			out = append(out, i)
		}
	}
	slices.SortStableFunc(out, func(x, y int) int { return a.Units[x].Size - a.Units[y].Size })
	return out
}

// drop takes the last unit off the army (a gun with its crew).
func drop(a *roster.Army) {
	n := len(a.Units)
	switch {
	case n >= 2 && roster.Crewed(a.Units, n-2):
		a.Units = a.Units[:n-2]
	default:
		a.Units = a.Units[:n-1]
	}
}

// addSquad adds a fresh squad of FreshSize soldiers (or fewer, down to 4) of a troop type
// the army already fields, else of any of its Troop List's, the first that fits; it
// reports whether one did.
func addSquad(cat *rules.Catalog, a *roster.Army, l *roster.Limits) bool {
	var own, other []*rules.Troop
	for i := range cat.Troops {
		t := &cat.Troops[i]
		if t.Side != a.Side && t.Side != rules.Neutral {
			continue
		}
		if slices.ContainsFunc(a.Units, func(x roster.Unit) bool { return x.Kind == roster.KindSquad && x.Troop == t.Name }) {
			own = append(own, t)
		} else {
			other = append(other, t)
		}
	}
	for _, n := range []int{FreshSize, 6, 4} {
		for _, t := range append(own, other...) {
			u, ok := costing.FreshSquad(cat, t, n, l)
			if !ok {
				continue
			}
			a.Units = append(a.Units, u)
			if Legal(cat, a, l) {
				return true
			}
			a.Units = a.Units[:len(a.Units)-1]
		}
	}
	return false
}

func sideWords(ss []rules.Side) string {
	var w []string
	for _, s := range ss {
		w = append(w, string(s))
	}
	return strings.Join(w, ", ")
}

// cloneArmy is a copy of a whose units can be changed without touching a's.
func cloneArmy(a *roster.Army) *roster.Army {
	b := *a
	b.Units = make([]roster.Unit, len(a.Units))
	for i, u := range a.Units {
		b.Units[i] = roster.CloneUnit(u)
	}
	return &b
}
