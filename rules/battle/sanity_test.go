package battle

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"muster/rules"
)

// The battle-sanity suite: paired experiments, "an army and X against the same opponent on
// the same seeds" (battle i with BattleSeed(seed, i) for both), for every kind of thing an
// army can buy. Each row plays the base army and the varied one against one opponent and
// compares them battle by battle: the enemy SGPs lost and the varied side's score (a win 1, a
// draw a half). Paired battles share every die of the units that did not change
// (streams.go), so the per-battle differences are narrow and their standard error honest.
//
//   - an offensive addition must make the enemy lose significantly more SGPs (paired z on
//     the per-battle difference above sanityZ) and be used (the catalogue entries it names
//     act in the varied battles: Battle.acted);
//   - nothing may make the enemy lose significantly fewer SGPs, nor lower the varied side's
//     expected score significantly (z below -sanityZ); a row may say why the book makes
//     its score fall (docs/battle.md, "The battle-sanity suite"), and nothing else is
//     excused;
//   - what the book makes no killer is held to that second rule alone (neutral): what
//     destroys nothing (stun grenades, a DEMP gun, luma and smoke grenades), what reaches
//     6" at most (a thermal detonator, a flamethrower), better quality and command, and
//     any thrown grenade against the line holding cover, whose repeating blasters outrange
//     it;
//   - a weapon worse in every number must not raise the expected score significantly once
//     the points it frees are spent.
//
// `go test` runs the fast rows (a few seconds); the whole table, with each row's numbers, by
//
//	MUSTER_SANITY=full go test -count=1 -run TestBattleSanity -v ./rules/battle/
//
// whose output is the table in docs/battle.md.

// sanityZ is the paired z a row must pass: 2.5 standard errors, about one chance in 160
// for one row by luck alone, with forty rows in the table.
const sanityZ = 2.5

type rowKind uint8

const (
	// offensive: the enemy must lose significantly more SGPs, and the item must act.
	offensive rowKind = iota
	// neutral: neither the enemy's losses nor the score may fall significantly; what it
	// names must act.
	neutral
	// worse: a weaker weapon with the freed points spent may not raise the score
	// significantly.
	worse
)

type sanityRow struct {
	name     string
	scenario string
	opp      string // the opponent's army file
	base     string // the varied side's army without X
	varied   string // and with X
	kind     rowKind
	uses     []string // catalogue entries that must act in the varied battles
	fast     bool     // in the fast suite (go test)
	why      string   // where the book makes a row go the other way: docs/battle.md says why
	// times: the row plays this many times the suite's battles (0: once). A small true
	// effect needs more battles to be told from chance: four concussion grenades add 7 to
	// 13 enemy SGPs lost, z 2.4 to 3.4 at 2,000 battles, 3.3 to 3.6 at 4,000.
	times int
}

// sanityArmy is the varied side's army: two average Hoth squads of eight with blaster
// rifles (Able and Baker); able adds lines to Able's entry (a specialist's weapons, its
// equipment), abl2 replaces its size and skills line, more adds units after them.
type sanityArmy struct {
	size     int
	skills   string
	quality  string
	weapons  string
	spec     string // Able's specialist's weapons, as a YAML list ("" none)
	equip    string
	commandr string
	more     string
}

func (a sanityArmy) yaml() string {
	if a.size == 0 {
		a.size = 8
	}
	if a.skills == "" {
		a.skills = "{blaster: 4, grenade: 4, flamethrower: 4, missile weapons: 4, command: 4, brawling: 3}"
	}
	if a.quality == "" {
		a.quality = "average"
	}
	if a.weapons == "" {
		a.weapons = "[blaster rifle]"
	}
	var sb strings.Builder
	sb.WriteString("format: 1\nsystem: swmb\nname: Sanity\nside: rebel\nunits:\n")
	fmt.Fprintf(&sb, "  - kind: squad\n    name: Able\n    troop: Hoth Trooper\n    quality: %s\n    size: %d\n    skills: %s\n    weapons: %s\n    armor: none\n",
		a.quality, a.size, a.skills, a.weapons)
	if a.equip != "" {
		fmt.Fprintf(&sb, "    equipment: %s\n", a.equip)
	}
	if a.commandr != "" {
		fmt.Fprintf(&sb, "    commander: %s\n", a.commandr)
	}
	if a.spec != "" {
		fmt.Fprintf(&sb, "    specialists:\n      - weapons: %s\n", a.spec)
	}
	sb.WriteString("  - kind: squad\n    name: Baker\n    troop: Hoth Trooper\n    quality: average\n    size: 8\n" +
		"    skills: {blaster: 4, grenade: 4, command: 4, brawling: 3}\n    weapons: [blaster rifle]\n    armor: none\n")
	sb.WriteString(a.more)
	return sb.String()
}

// The opponents. The plain line: two squads of eight unarmored Imperial troopers with
// blaster rifles and a security droid, who advance by cover and fire. The line holding
// cover: the same squads, each with a medium repeating blaster that it sets up and holds
// with where it can shoot from cover, and the droid.
const sanityLine = `format: 1
system: swmb
name: Plain line
side: imperial
units:
  - {kind: squad, name: Aurek, troop: Imperial Trooper, quality: average, size: 8, skills: {blaster: 4, brawling: 3, command: 3}, weapons: [blaster rifle], armor: none}
  - {kind: squad, name: Besh, troop: Imperial Trooper, quality: average, size: 8, skills: {blaster: 4, brawling: 3, command: 3}, weapons: [blaster rifle], armor: none}
  - {kind: droid, name: SC-4X, droid: Security Droid, weapons: [{name: blaster rifle, turret: true}]}
`

const sanityHolding = `format: 1
system: swmb
name: Line holding cover
side: imperial
units:
  - {kind: squad, name: Aurek, troop: Imperial Trooper, quality: average, size: 8, skills: {blaster: 4, brawling: 3, command: 3}, weapons: [blaster rifle], armor: none, specialists: [{weapons: [medium repeating blaster]}]}
  - {kind: squad, name: Besh, troop: Imperial Trooper, quality: average, size: 8, skills: {blaster: 4, brawling: 3, command: 3}, weapons: [blaster rifle], armor: none, specialists: [{weapons: [medium repeating blaster]}]}
  - {kind: droid, name: SC-4X, droid: Security Droid, weapons: [{name: blaster rifle, turret: true}]}
`

func sanityRows() []sanityRow {
	type variant struct {
		name   string
		army   sanityArmy
		kind   rowKind
		uses   []string
		fast   bool // fast on the open field against the plain line
		why    string
		onlyOF bool // the open field only
		// thrown: a thrown grenade (20" at most): against the line holding cover, whose two
		// medium repeating blasters outrange it, the squad holds beyond its reach, so the
		// row is held to neutral and need not use it.
		thrown bool
		// holdingWhy: against the line holding cover, why the book makes the row go the
		// other way (docs/battle.md).
		holdingWhy string
		times      int // sanityRow.times
	}
	// Against the line holding cover the squad is mostly destroyed with what it carries
	// unused; the open field's victory (the share of the enemy army destroyed, by SGPs, the
	// book's victory points) then credits the enemy with what it cost, and in the close
	// battles decided on shares that turns wins into losses: the same battles, the same
	// dice, the enemy's victory points higher by the kit's cost.
	const carriedUnused = "kit carried unused by a squad that is destroyed counts in the enemy's share (docs/battle.md)"
	// Against the same line a better quality squad is lost as often as an average one (it
	// is incapacitated where the average one routs: both count as lost) and is a larger
	// share of its army's SGPs, so in the battles where it is lost and its companion is
	// not, the enemy's share of the army destroyed is larger: its cost buys steadiness,
	// which pays only in the battles it survives.
	const dearerLost = "a steadier squad is lost as often and is a larger share of its army: when it alone is lost, the enemy's share is larger (docs/battle.md)"
	base := sanityArmy{}
	with := func(f func(*sanityArmy)) sanityArmy { a := base; f(&a); return a }
	spec := func(w string) sanityArmy { return with(func(a *sanityArmy) { a.spec = w }) }
	unit := func(u string) sanityArmy { return with(func(a *sanityArmy) { a.more = u }) }
	variants := []variant{
		{name: "two more soldiers", army: with(func(a *sanityArmy) { a.size = 10 }), kind: offensive},
		{name: "blaster 5 (one better)", army: with(func(a *sanityArmy) {
			a.skills = "{blaster: 5, grenade: 4, flamethrower: 4, missile weapons: 4, command: 4, brawling: 3}"
		}), kind: offensive},
		{name: "veteran quality", army: with(func(a *sanityArmy) { a.quality = "veteran" }), kind: neutral, holdingWhy: dearerLost},
		{name: "elite quality", army: with(func(a *sanityArmy) { a.quality = "elite" }), kind: neutral},
		{name: "commander command 6", army: with(func(a *sanityArmy) { a.commandr = "{skills: {command: 6}}" }), kind: neutral},
		{name: "4 grenades", army: spec("[{name: grenade, count: 4}]"), kind: offensive, uses: []string{"grenade"}, thrown: true},
		{name: "4 thermal detonators", army: spec("[{name: thermal detonator, count: 4}]"), kind: neutral, uses: []string{"thermal detonator"}, thrown: true},
		{name: "4 concussion grenades", army: spec("[{name: concussion grenade, count: 4}]"), kind: offensive, uses: []string{"concussion grenade"}, thrown: true, times: 2},
		{name: "4 stun grenades", army: spec("[{name: stun grenade, count: 4}]"), kind: neutral, uses: []string{"stun grenade"}, thrown: true},
		{name: "4 T-238 grenades", army: spec("[{name: T-238 grenade, count: 4}]"), kind: offensive, uses: []string{"T-238 grenade"}, thrown: true},
		{name: "4 CryoBan grenades", army: spec("[{name: CryoBan grenade, count: 4}]"), kind: offensive, uses: []string{"CryoBan grenade"}, thrown: true},
		{name: "4 plank gas grenades", army: spec("[{name: plank gas grenade, count: 4}]"), kind: offensive, uses: []string{"plank gas grenade"}, thrown: true, holdingWhy: carriedUnused},
		{name: "4 Fex-M3 grenades", army: spec("[{name: Fex-M3 grenade, count: 4}]"), kind: offensive, uses: []string{"Fex-M3 grenade"}, thrown: true, holdingWhy: carriedUnused},
		{name: "4 luma grenades", army: spec("[{name: luma grenade, count: 4}]"), kind: neutral, uses: []string{"luma grenade"}, thrown: true},
		{name: "4 smoke grenades", army: spec("[{name: smoke grenade, count: 4}]"), kind: neutral},
		{name: "a flamethrower", army: spec("[flamethrower]"), kind: neutral, uses: []string{"flamethrower"}, thrown: true},
		{name: "a grenade launcher and 6 grenades", army: spec("[grenade launcher, {name: grenade, count: 6}]"), kind: offensive, uses: []string{"grenade launcher"}, fast: true},
		{name: "a DEMP gun", army: spec("[DEMP gun]"), kind: neutral},
		{name: "a proton torpedo launcher and 6 torpedoes", army: spec("[proton torpedo launcher, {name: proton torpedo, count: 6}]"), kind: offensive, uses: []string{"proton torpedo"}, fast: true},
		{name: "medpacs", army: with(func(a *sanityArmy) { a.equip = "[medpac]" }), kind: neutral, uses: []string{"medpac"}, holdingWhy: carriedUnused},
		{name: "a wampa", army: unit("  - {kind: creature, name: Wampa, creature: Wampa, count: 1}\n"), kind: offensive, uses: []string{"wampa"}},
		{name: "a rancor", army: unit("  - {kind: creature, name: Rancor, creature: Rancor, count: 1}\n"), kind: offensive, uses: []string{"rancor"}},
		{name: "a war droid (heavy repeating blaster)", army: unit("  - {kind: droid, name: WD, droid: War Droid, weapons: [heavy repeating blaster]}\n"), kind: offensive},
		{name: "a security droid (blaster rifle)", army: unit("  - {kind: droid, name: SD, droid: Security Droid, weapons: [{name: blaster rifle, turret: true}]}\n"), kind: offensive},
		{name: "an assassin droid (blaster rifle)", army: unit("  - {kind: droid, name: AD, droid: Assassin Droid, weapons: [blaster rifle]}\n"), kind: offensive},
		{name: "a self-destructing probe droid", army: unit("  - {kind: droid, name: PD, droid: Probe Droid, self_destruct: true, weapons: [blaster pistol]}\n"), kind: neutral},
		{name: "an anti-infantry battery and crew", army: unit("  - {kind: artillery, artillery: Anti-Infantry Battery}\n  - {kind: squad, name: Crew, troop: Hoth Trooper, size: 2, skills: {blaster artillery: 4, command: 4}, weapons: [blaster pistol], armor: none}\n"),
			kind: offensive, uses: []string{"anti-infantry battery"}, fast: true},
		{name: "a light anti-vehicle laser cannon and crew", army: unit("  - {kind: artillery, artillery: Light Anti-Vehicle Laser Cannon}\n  - {kind: squad, name: Crew, troop: Hoth Trooper, size: 4, skills: {blaster artillery: 4, command: 4}, weapons: [blaster pistol], armor: none}\n"),
			kind: offensive, uses: []string{"light anti-vehicle laser cannon"}},
		{name: "a remote heavy repeating blaster", army: unit("  - {kind: remote weapon, weapon: heavy repeating blaster, skills: {blaster artillery: 4}}\n"), kind: offensive, uses: []string{"remote weapon"}, fast: true},
		{name: "two light strikes (and a comlink)", army: with(func(a *sanityArmy) {
			a.equip = "[comlink]"
			a.more = "  - {kind: strike, strike: light, count: 2}\n"
		}), kind: offensive, uses: []string{"comlink"}},
		{name: "a Force hero", army: unit(`  - kind: hero
    name: Jedi
    origin: scratch
    move: 10
    attributes: {DEX: 4, KNO: 2, MEC: 2, PER: 3, STR: 3, TEC: 2}
    skills: {lightsaber: 4, dodge: 4, command: 5}
    weapons: [lightsaber]
    armor: none
    force: {skills: {control: 3, sense: 3, alter: 3}, powers: [absorb/dissipate energy, lightsaber combat, injure/kill, life detection], points: 3}
`), kind: offensive, uses: []string{"lightsaber"}},
	}
	type opp struct {
		name, scenario, army string
	}
	opps := []opp{
		{"a plain line", "open-field", sanityLine},
		{"a line holding cover", "open-field", sanityHolding},
		{"a plain line", "crystal-forest-of-goratak", sanityLine},
	}
	var rows []sanityRow
	b := base.yaml()
	for oi, o := range opps {
		for _, v := range variants {
			if v.onlyOF && o.scenario != "open-field" {
				continue
			}
			r := sanityRow{
				name: v.name + " v " + o.name, scenario: o.scenario, opp: o.army,
				base: b, varied: v.army.yaml(), kind: v.kind, uses: v.uses,
				fast: v.fast && oi == 0, why: v.why, times: v.times,
			}
			if o.army == sanityHolding {
				if v.thrown {
					r.kind, r.uses = neutral, nil
				}
				if v.holdingWhy != "" {
					r.why = v.holdingWhy
				}
			}
			rows = append(rows, r)
		}
	}
	// A weapon worse in every number: black powder pistols (3 SGPs, 10" long range, damage
	// 3) instead of blaster rifles (15, 30", 4), the 96 SGPs freed spent on three more
	// soldiers.
	pistols := with(func(a *sanityArmy) { a.weapons = "[black powder pistol]"; a.size = 11 }).yaml()
	for _, o := range opps {
		rows = append(rows, sanityRow{name: "black powder pistols and three more soldiers v " + o.name,
			scenario: o.scenario, opp: o.army, base: b, varied: pistols, kind: worse})
	}
	return rows
}

// sanityResult is one row's paired comparison.
type sanityResult struct {
	row              *sanityRow
	n                int
	lost0, lost1     float64 // the enemy's mean SGPs lost, without and with X
	lostZ            float64
	score0, score1   float64
	scoreZ           float64
	acted            map[string]bool
	missing          []string
	verdict, problem string
}

// pairedZ is the mean of the per-battle differences over its standard error (0 when every
// difference is nil).
func pairedZ(d []float64) float64 {
	n := float64(len(d))
	m := 0.0
	for _, x := range d {
		m += x
	}
	m /= n
	v := 0.0
	for _, x := range d {
		v += (x - m) * (x - m)
	}
	if v == 0 {
		return 0
	}
	return m / math.Sqrt(v/(n-1)/n)
}

func score0(r *Result) float64 {
	switch r.Winner {
	case 0:
		return 1
	case -1:
		return 0.5
	}
	return 0
}

func runSanityRow(t *testing.T, row *sanityRow, n int, seed uint64) sanityResult {
	field := scenario(t, row.scenario)
	opp := armyOf(t, row.opp)
	b0 := New(field, armyOf(t, row.base), opp)
	b1 := New(field, armyOf(t, row.varied), opp)
	acted := map[string]bool{}
	b1.acted = acted
	dl, ds := make([]float64, n), make([]float64, n)
	res := sanityResult{row: row, n: n, acted: acted}
	for i := range n {
		s := BattleSeed(seed, uint64(i))
		r0 := b0.Play(s, nil)
		l0, sc0 := float64(r0.VP[0]), score0(r0)
		r1 := b1.Play(s, nil)
		l1, sc1 := float64(r1.VP[0]), score0(r1)
		dl[i], ds[i] = l1-l0, sc1-sc0
		res.lost0 += l0
		res.lost1 += l1
		res.score0 += sc0
		res.score1 += sc1
	}
	fn := float64(n)
	res.lost0, res.lost1, res.score0, res.score1 = res.lost0/fn, res.lost1/fn, res.score0/fn, res.score1/fn
	res.lostZ, res.scoreZ = pairedZ(dl), pairedZ(ds)
	for _, u := range row.uses {
		if !acted[rules.Normalize(u)] {
			res.missing = append(res.missing, u)
		}
	}
	res.judge()
	return res
}

// judge says whether the row went the expected way.
func (r *sanityResult) judge() {
	var bad []string
	switch r.row.kind {
	case offensive:
		if r.lostZ <= sanityZ {
			bad = append(bad, fmt.Sprintf("enemy losses not significantly up (z %.1f)", r.lostZ))
		}
	case worse:
		if r.scoreZ > sanityZ {
			bad = append(bad, fmt.Sprintf("the weaker weapon raises the score (z %.1f)", r.scoreZ))
		}
	}
	if r.row.kind != worse {
		if r.lostZ < -sanityZ {
			bad = append(bad, fmt.Sprintf("enemy losses significantly down (z %.1f)", r.lostZ))
		}
	}
	// The only thing a row's why excuses: its side's score significantly down.
	scoreDown := r.row.kind != worse && r.scoreZ < -sanityZ
	if len(r.missing) > 0 {
		bad = append(bad, "never used: "+strings.Join(r.missing, ", "))
	}
	r.verdict = "ok"
	switch {
	case len(bad) > 0:
		if scoreDown {
			bad = append(bad, fmt.Sprintf("score significantly down (z %.1f)", r.scoreZ))
		}
		r.problem = strings.Join(bad, "; ")
		r.verdict = "FAIL"
	case scoreDown && r.row.why != "":
		r.verdict = "explained"
	case scoreDown:
		r.problem = fmt.Sprintf("score significantly down (z %.1f)", r.scoreZ)
		r.verdict = "FAIL"
	}
}

// TestBattleSanity plays the suite: the fast rows by default, every row with
// MUSTER_SANITY=full.
func TestBattleSanity(t *testing.T) {
	full := os.Getenv("MUSTER_SANITY") == "full"
	n, seed := 1000, uint64(7)
	if full {
		n = 2000
	}
	if testing.Short() && !full {
		n = 120
	}
	if v, err := strconv.Atoi(os.Getenv("MUSTER_SANITY_N")); err == nil && v > 1 {
		n = v // (exploring: fewer battles a row)
	}
	var rows []*sanityRow
	all := sanityRows()
	filter := os.Getenv("MUSTER_SANITY_ROWS") // a substring of the row names to play
	for i := range all {
		if (full || all[i].fast) && strings.Contains(all[i].name, filter) {
			rows = append(rows, &all[i])
		}
	}
	results := make([]sanityResult, len(rows))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				results[i] = runSanityRow(t, rows[i], n*max(1, rows[i].times), seed)
			}
		})
	}
	for i := range rows {
		next <- i
	}
	close(next)
	wg.Wait()
	var sb strings.Builder
	fmt.Fprintf(&sb, "\n%d battles a row, seed %d\n\n", n, seed)
	sb.WriteString("| row | scenario | enemy SGPs lost | z | score | z | verdict |\n|---|---|---|---|---|---|---|\n")
	for _, r := range results {
		fmt.Fprintf(&sb, "| %s | %s | %.0f → %.0f | %+.1f | %.3f → %.3f | %+.1f | %s |\n", r.row.name, r.row.scenario,
			r.lost0, r.lost1, r.lostZ, r.score0, r.score1, r.scoreZ, r.verdict)
	}
	t.Log(sb.String())
	var names []string
	for _, r := range results {
		if r.verdict == "FAIL" {
			names = append(names, r.row.name+" ("+r.row.scenario+"): "+r.problem)
		}
	}
	sort.Strings(names)
	for _, s := range names {
		t.Error(s)
	}
}
