package battle

import (
	"io"
	"math"

	"muster/rules"
	"muster/rules/combat"
)

// Battle fights battles between two forces on a field, turn by turn by the sequence of play
// (Introduction, "Sequence of Play"): initiative, movement, fire combat, close assault,
// morale, special actions. Both sides are played by the same doctrine (doctrine.go). One
// Battle is reused for many battles; it is not safe for concurrent use (give each goroutine
// its own). Randomness comes only from the seed given to Play.
type Battle struct {
	field  *Field
	r      *combat.Rules
	odds   *oddsTables
	cat    *rules.Catalog
	forces [2]*Force
	// dice are the dice in hand, one of streams (streams.go); seed is the battle's, stage
	// the stage of the turn being played, faces the dice rolled by streams seeded again.
	dice    *combat.Dice
	streams []stream
	// unitKeys name each unit's dice (unitKey).
	unitKeys []uint64
	seed     uint64
	stage    int
	faces    uint64

	figs  []fig
	units []unit
	// credit[u*len(units)+e] is the casualties unit u inflicted on unit e.
	credit []float64
	// engagements in close assault.
	engs []engagement

	turn       int
	initiative int
	over       bool
	winner     int
	reason     string
	// objective state (carry scenarios): where it is, who carries it (figure), found.
	objAt    Point
	objFound bool
	objBy    int32
	// reinforcement state per side.
	reinf [2]reinfState
	// strikes called, due in a later Special Actions Phase.
	strikes []strikeCall
	// acted, when not nil, records the catalogue entries and powers that acted (by
	// rules.Normalize'd name): the not-simulated list's truth test turns it on.
	acted map[string]bool
	// read[s*len(units)+u]: side s has read unit u's mind (receptive telepathy).
	read []bool
	// clouds of smoke, spores and gas on the table, and fire templates; fireID numbers fires.
	clouds []cloud
	fireID int
	// moves counts the units placed (place), for caches that hold while nothing moves.
	moves int
	// wind is the wind's direction this battle (windDir), once rolled.
	wind    float64
	windSet bool
	// Darkness and hidden movement (darkness.go, hidden.go): night is either; darkVis the
	// visibility in inches (0 by day); lights the lumas' light; usedMacro and usedGlow what
	// made a figure seen in the dark, for the log; hideSide the sides hiding, hidden the
	// units not yet spotted.
	night, hideOn       bool
	darkVis             float64
	lights              []light
	usedMacro, usedGlow bool
	hideSide            [2]bool
	hidden              []bool
	// tangles are the tanglefoot sections laid (tangle.go).
	tangles []Zone
	// remotes are the remote weapons emplaced on the table (remote.go).
	remotes []remoteAt
	// falls are large creatures fallen this phase, to resolve (creaturefall.go); falling:
	// resolving them.
	mountFoes []combat.Fighter // mountfight.go's scratch
	falls     []fallen
	falling   bool
	fallHit   []int32

	lg    *logger
	res   Result
	names []string

	// trace, when not nil, records the battle for a replay (trace.go); lostIn[u] is the
	// cause of unit u's loss, set when it is lost (causes.go).
	trace  *Trace
	lostIn []uint8

	// scratch, reused so that battles allocate nothing once warmed up.
	shots    []combat.Shot
	shotFig  []int32
	firers   []combat.Firer
	volley   combat.Volley
	tfigs    [combat.MaxFireTargets][]*combat.Figure
	tidx     []int32
	vis      []bool
	fighters [2][]combat.Fighter
	fidx     [2][]int32
	groups   []combat.Group
	close    combat.CloseResult
	burstF   []*combat.Figure
	burstE   []combat.Exposure
	burstI   []int32
	order    [2][]int
	tmpPts   []Point
	// room holds the figures of other units a layout keeps its bases off (place), blocked
	// the layout's points on one of them; roomSkip is the unit a charge stops in contact
	// with, plus one (0: none), set by placeAgainst for one place.
	room []Point
	// roomFloor: layout may give up on a formation with no more places clear (makeRoom's
	// best so far; -1: never); layoutGaveUp: the last layout did.
	roomFloor    int
	layoutGaveUp bool
	fullLayouts  bool // a test's: makeRoom never lets layout give up
	blocked      []bool
	roomSkip     int
	cpts         []combat.Point
	spShots      []combat.Shot // a hero's specific shot
	spFigs       [combat.MaxFireTargets][]*combat.Figure
	spVolley     combat.Volley
	// Split fire: idle lists the firers of the last fireAt who had nothing to shoot; only,
	// when not nil, restricts fireAt to those firers (onlyBuf holds them).
	idle, only, onlyBuf []int32
	// dempFor is the enemy droid unit a DEMP gunner held his fire for in the last fireAt,
	// to fire at it in the split (1 + the unit; 0 for none).
	dempFor int
	// hillC is centreHill's kept answers by unit (geocache.go).
	hillC []hillKept
	// setup is the figures and units as reset leaves them before the night's set-up: it
	// depends only on the field and the forces, so each Play after the first copies it
	// (restoreSetup) instead of laying the armies out again.
	setup setupCopy
	// statusBy[level] is r.StatusOf(level), worked out once in New (status).
	statusBy [statusLevels]combat.Status
	// passCache[command][level][start] is 1 + a charge test's pass odds (0: not yet known).
	passCache [passCmd][passLvl][passLvl]float64
	passOther map[combat.Morale]float64 // the others' odds (passOdds)
	hitsBy    []float64                 // [u*n+t]: hits unit u scored on unit t this phase
	taken     []bool
	placed    []int
	results   []combat.MoraleResult // per unit, the Morale Phase's casualty tests
	orderKey  []float64
	// standard is the standard repeating blaster, for discarded tripods.
	standard *rules.Weapon
	// blockers is fireAt's scratch: the figures that may stand in its lines of sight.
	blockers []Point
	// quick: makeRoom is looking for a whole fit (any figure on a place gives a formation
	// up), and stopper[k] is the index in room of the figure that last stopped formation k
	// (layout).
	quick   bool
	stopper [4]int32
	frames  frames  // place's formations (move.go)
	gunPts  []Point // fireGun's scratch
	// ud[a*n+c] is unitDistMax's last answer for units a and c, and geo[a*n+c] estimate's
	// last look from unit a at unit c (geocache.go).
	ud     []pairDist
	geo    []pairSight
	verSeq uint64
	// live[ui] is the positions of unit ui's figures still fighting with it and their box,
	// kept against its unitVer (livePos).
	live []livePts
	// blind is fireAt's scratch of firer-target pairs without a line of sight (pairs.go).
	blind pairBits
	// engSnap is assaultRound's copy of an engagement's units.
	engSnap [2][]int
	gun     gunners // fireValue's gunner classes (gunners.go)
	// walkOK is walkBound's answer: 0 not yet known, 1 true, 2 false (doctrine.go).
	walkOK uint8
	// barCells are coverAt's barriers by cell (doctrine.go).
	barCells barCells
	gunKeep  gunKeep // bestGun's kept answers (forecasts.go)
	// fc[2*(a*n+c)+walked] is estimate's kept answer for unit a's fire at unit c; condSeq
	// numbers the units' condVer; fvAdvanced: the last fireValue consulted an advanced
	// weapon (forecasts.go).
	fc []forecast
	// heroFigs are the figures that are heroes, in order (assumeCommand looks only at them).
	heroFigs   []int32
	condSeq    uint64
	fvAdvanced bool
	// audit, when a test sets it, checks every kept answer against a fresh look (audit.go).
	audit *cacheAudit
}

// fig is one figure in a battle.
type fig struct {
	spec  *FigSpec
	f     combat.Figure
	hero  combat.Hero
	droid combat.Droid
	pos   Point
	hill  bool         // standing on a hill (set where he is placed)
	cover combat.Cover // the cover his ground or a barrier within 1" gives (likewise)
	unit  int32        // the unit he fights with (an attached hero: his squad)
	home  int32        // the unit he was bought as
	prone bool
	// gone: off the table (fled or escaped), no longer fighting.
	gone      bool
	medpacs   int
	healTries uint8
	woundTurn int
	// casStamp is b.turn+1 in the turn he last counted as a casualty: "for each soldier
	// wounded or incapacitated this turn" (Chapter Five), one a soldier, however often hit.
	casStamp int
	// painControlled: a hero who controls pain acts as if unwounded; a second wound
	// incapacitates him.
	painControlled bool
	// saber is the lightsaber combat power's state in his current close assault:
	// saberUntried, saberOn (sense added to his rolls, control to his damage), saberOff
	// (failed: not again this combat). parryBoost: lightsaber combat passed (difficulty 8)
	// to enhance his parries for this Fire Combat Phase; parryTried: tried this turn.
	saber                  uint8
	parryBoost, parryTried bool
	// kitN is how many grenades of each kind of his kit (spec.Kits) he has left.
	kitN [maxKits]int16
	// torps: proton torpedoes left.
	torps int16
	// mount is a rider's creature; riding: he is still on it.
	mount  combat.Figure
	riding bool
	// mountDown: his mount lies wounded beside him, to stand up and be remounted.
	mountDown bool
	// powerTurn: the turn he last used a Force power (one a turn); conscious: he remained
	// conscious after being incapacitated.
	powerTurn int
	conscious bool
	// Afflictions: stunned until the end of turn stunTill at stunPen; plank gas wounds;
	// blinded by a luma's flash; his suit ruined by plank gas.
	stunTill               int
	stunPen                int8
	plank, blind, suitGone bool
}

const (
	saberUntried uint8 = iota
	saberOn
	saberOff
)

func (f *fig) alive() bool { return !f.f.Out && !f.gone }

// unit is one unit in a battle.
type unit struct {
	spec    *UnitSpec
	side    int
	members []int32 // figures, commander first; an attached hero last
	anchor  Point
	facing  float64
	state   uint8
	level   int // morale level
	// leader is the figure whose command skill the unit tests with (its commander or a hero
	// in command), -1 once he is out.
	leader int32
	// attached: for a hero unit, the squad he fights with, or -1.
	attached int
	arrived  int // the turn it came on the table (0: set up)
	atRally  bool
	tripod   uint8 // tripodNone, tripodCarried, tripodAssembled, tripodDiscarded, tripodAbandoned
	strikes  int
	lost     bool // strikes: "no further bombardment"

	// This turn.
	moved, walked, ran, charged, oppFired, defFired, fired, fought bool
	cannotMove                                                     bool
	casualties                                                     int
	commanderHit                                                   bool
	// tested: the unit has made its morale or rally test of this Morale Phase.
	tested bool
	// cmdHitUntested: the commander was hit and no morale test has been rolled since; the
	// +2 goes to "the first morale test after the commander is hit" only.
	cmdHitUntested          bool
	wonAssault, lostAssault bool
	eng                     int // engagement index, -1
	// chargedIn: it charged into the close assault it is in (not a defender there).
	chargedIn  bool
	bb         box // unitBox's cache
	boxOK      bool
	c          Point // centroid's cache
	cOK        bool
	fdir       Point // the facing as a unit vector
	mounted    bool
	firstRound bool
	leaving    bool // broke or withdraws in this Morale Phase
	confused   int  // the turn affect mind has it fight at -2
	bcStamp    int  // behindCover's cache: b.moves+1 when bcVal was worked out
	bcVal      bool
	gunAt      Point // a crew's gun, where it was set up
	gunFired   int   // the turn it last fired
	gunSet     bool
	amok       bool  // creatures running amok (mounts.go)
	remount    bool  // riders with mounts down (remount.go)
	from       Point // the enemy centre it withdraws from
	placed     bool  // placed this battle: its anchor is where it stood

	// condVer changes whenever one of its figures' condition does (forecasts.go).
	condVer uint64
	// str is avgSTR's answer, kept while the unit's unitVer is strVer and its condVer strCond.
	str             int
	strVer, strCond uint64
	strOK           bool
	// coverV is unitCover's answer, kept while the unit's unitVer is coverVer (0: none).
	coverV   combat.Cover
	coverVer uint64
	// ver is unitVer's number.
	ver uint64
}

// Unit states.
const (
	stReserve uint8 = iota // not yet on the table
	stOnTable
	stFled        // left the table broken, or dispersed at its rally point
	stEscaped     // left the table by the scenario's exit
	stDestroyed   // every figure incapacitated
	stAttached    // a hero fighting inside a squad
	stNotInBattle // strikes and units with no figures
)

const (
	tripodNone uint8 = iota
	tripodCarried
	tripodAssembled
	tripodDiscarded
	tripodAbandoned // left behind by a broken squad (Chapter Five, "Broken")
)

type reinfState struct {
	begun bool
	ready int // units made available (rolled for) but not yet entered
}

type strikeCall struct {
	unit    int
	due     int
	at      Point
	heading float64
	command int
}

// New makes a Battle of force a (the scenario's first side) against force b on a field.
func New(field *Field, a, b *Force) *Battle {
	var tangles []Zone
	if a.Tanglefoot+b.Tanglefoot > 0 {
		field, tangles = withTanglefoot(field, [2]*Force{a, b}) // tangle.go
	}
	bt := &Battle{field: field, r: combat.Default(), odds: tables(), cat: rules.Default(), forces: [2]*Force{a, b}, tangles: tangles}
	n := 0
	for s := range 2 {
		for _, us := range bt.forces[s].Units {
			n += len(us.Figs)
		}
	}
	bt.figs = make([]fig, n)
	nu := len(a.Units) + len(b.Units)
	bt.units = make([]unit, nu)
	bt.credit = make([]float64, nu*nu)
	bt.hitsBy = make([]float64, nu*nu)
	bt.results = make([]combat.MoraleResult, nu)
	bt.read = make([]bool, 2*nu)
	bt.orderKey = make([]float64, nu)
	bt.ud, bt.geo = make([]pairDist, nu*nu), make([]pairSight, nu*nu)
	bt.hillC = make([]hillKept, nu)
	bt.live = make([]livePts, nu)
	bt.fc = make([]forecast, 2*nu*nu)
	bt.roomFloor = -1
	for l := range bt.statusBy {
		bt.statusBy[l] = bt.r.StatusOf(l)
	}
	bt.passOther = make(map[combat.Morale]float64)
	bt.lostIn = make([]uint8, nu)
	bt.standard, _ = bt.cat.Weapon("repeating blaster")
	for i := range bt.units {
		bt.units[i].members = make([]int32, 0, 12)
	}
	bt.res.Units = make([]UnitResult, nu)
	for i := range bt.units {
		bt.units[i].spec = bt.unitSpec(i)
		bt.units[i].side = bt.sideOf(i)
	}
	bt.makeNames()
	bt.placeRemotes()
	bt.initGunners()
	fi := int32(0) // (the figures are made in this order by reset)
	for s := range 2 {
		for _, us := range bt.forces[s].Units {
			for k := range us.Figs {
				if us.Figs[k].Hero != nil {
					bt.heroFigs = append(bt.heroFigs, fi)
				}
				fi++
			}
		}
	}
	return bt
}

// Play fights one battle with the given seed and returns its result, valid until the next
// Play. When log is not nil, the turn-by-turn account is written to it; the same forces,
// field and seed give the same account, byte for byte.
func (b *Battle) Play(seed uint64, log io.Writer) *Result {
	b.startDice(seed)
	b.lg = nil
	if log != nil {
		b.lg = &logger{}
	}
	b.reset()
	b.res.Seed = seed
	b.logStart()
	b.tracePhase("Set-up")
	for b.turn = 1; b.turn <= b.field.Scenario.Turns && !b.over; b.turn++ {
		b.playTurn()
		if b.over {
			break // the battle was decided in this turn: it lasted b.turn turns
		}
	}
	if b.turn > b.field.Scenario.Turns {
		b.turn = b.field.Scenario.Turns
	}
	b.finish()
	if log != nil {
		b.logResult()
		_, _ = log.Write(b.lg.buf)
	}
	return &b.res
}

func (b *Battle) reset() {
	b.keyUnits()
	b.engs = b.engs[:0]
	b.strikes = b.strikes[:0]
	b.clouds, b.fireID, b.windSet = b.clouds[:0], 0, false
	for i := range b.read {
		b.read[i] = false
	}
	b.over, b.winner, b.reason = false, -1, ""
	b.reinf = [2]reinfState{}
	for i := range b.credit {
		b.credit[i] = 0
	}
	clear(b.lostIn)
	b.objBy, b.objFound = -1, false
	keep := b.audit == nil && b.trace == nil && !b.fullLayouts
	if keep && b.setup.ok {
		b.restoreSetup()
	} else {
		b.freshSetup()
		if keep {
			b.saveSetup()
		}
	}
	b.resetNight() // darkness.go
	if o := b.field.carryObjective(); o >= 0 {
		ob := b.field.Scenario.Objectives[o]
		b.objAt, b.objFound, b.objBy = Point{X: ob.At[0], Y: ob.At[1]}, !ob.Hidden, -1
	}
}

// freshSetup makes the figures and units afresh from the forces and deploys them.
func (b *Battle) freshSetup() {
	fi := 0
	ui := 0
	for s := range 2 {
		for _, us := range b.forces[s].Units {
			u := &b.units[ui]
			members := u.members[:0]
			*u = unit{spec: us, side: s, members: members, level: us.Start, leader: -1, attached: -1, eng: -1}
			for k := range us.Figs {
				fs := &us.Figs[k]
				f := &b.figs[fi]
				*f = fig{spec: fs, unit: int32(ui), home: int32(ui), medpacs: fs.Medpacs}
				for k := range fs.Kits {
					f.kitN[k] = int16(fs.Kits[k].N)
				}
				f.torps = int16(fs.Torpedoes)
				// His key: his unit's and his place in it (figureKey).
				f.f = combat.Figure{STR: fs.STR, Key: figureKey(b.unitKeys[ui], k, false)}
				if fs.MountSTR > 0 {
					// (After f.f is set: a rider's hits strike his mount on 5-6 from the
					// first shot of the battle.)
					f.mount, f.riding = combat.Figure{STR: fs.MountSTR, Key: figureKey(b.unitKeys[ui], k, true)}, true
					f.f.Mount, f.f.MountLarge = &f.mount, fs.MountLarge
				}
				if fs.Hero != nil {
					f.hero = combat.Hero{Points: fs.Hero.Points, Policy: combat.DefaultForcePolicy, Dodge: fs.Hero.Dodge, Parry: fs.Hero.Parry}
					if fs.Hero.has(pAbsorb) {
						f.hero.Absorb = fs.Hero.Control
					}
					f.f.Hero = &f.hero
				}
				if fs.Droid != nil {
					f.droid = *fs.Droid
					f.f.Droid = &f.droid
				}
				u.members = append(u.members, int32(fi))
				fi++
			}
			if len(u.members) > 0 {
				u.leader = u.members[0]
			}
			if us.Tripod >= 0 {
				u.tripod = tripodCarried
			}
			u.strikes = us.Strikes
			u.mounted = us.Mounted
			ui++
		}
	}
	m := b.moves
	b.deploy()
	b.setup.moves = b.moves - m
}

// setupCopy is freshSetup's result, kept by saveSetup: nothing in it depends on the seed
// (figure keys come from the units' names; deploying rolls no dice), and nothing in a
// figure or unit points outside b.figs except to the forces (a figure's Hero, Droid and
// Mount point at his own fields, so a copy put back in the same place stays right).
type setupCopy struct {
	ok      bool
	figs    []fig
	units   []unit
	members []int32 // the units' members, one after another
	moves   int     // the places deploy made
}

// saveSetup keeps the figures and units as freshSetup left them.
func (b *Battle) saveSetup() {
	c := &b.setup
	c.figs = append(c.figs[:0], b.figs...)
	c.units = append(c.units[:0], b.units...)
	c.members = c.members[:0]
	for i := range b.units {
		c.members = append(c.members, b.units[i].members...)
	}
	c.ok = true
}

// restoreSetup puts back what saveSetup kept: the same figures and units, each unit with
// its own members again, and kept answers renumbered as new places would (b.moves moves on
// by deploy's places; each kept centre takes a new unitVer, so nothing kept from an earlier
// battle is read as current).
func (b *Battle) restoreSetup() {
	c := &b.setup
	copy(b.figs, c.figs)
	k := 0
	for i := range b.units {
		u := &b.units[i]
		members := u.members[:0]
		*u = c.units[i]
		n := len(u.members)
		u.members = append(members, c.members[k:k+n]...)
		k += n
		if u.cOK {
			b.verSeq++
			u.ver = b.verSeq
		}
	}
	b.moves += c.moves
}

func (b *Battle) unitSpec(i int) *UnitSpec {
	if n0 := len(b.forces[0].Units); i >= n0 {
		return b.forces[1].Units[i-n0]
	}
	return b.forces[0].Units[i]
}

func (b *Battle) sideOf(i int) int {
	if i >= len(b.forces[0].Units) {
		return 1
	}
	return 0
}

// sideRange is the range of a side's unit indexes.
func (b *Battle) sideRange(s int) (int, int) {
	n0 := len(b.forces[0].Units)
	if s == 0 {
		return 0, n0
	}
	return n0, len(b.units)
}

// deploy sets up each side: heroes attach to squads (the doctrine), the set-up units are
// spread along the deployment zone from the side's left, and the rest wait in reserve.
func (b *Battle) deploy() {
	for s := range 2 {
		sd := &b.field.Scenario.Sides[s]
		lo, hi := b.sideRange(s)
		setup := hi - lo
		if sd.Setup != nil {
			setup = *sd.Setup
		}
		// Units that take the field (not heroes about to attach, not strikes) in order.
		placed := b.placed[:0]
		count := 0
		for i := lo; i < hi; i++ {
			u := &b.units[i]
			if len(u.members) == 0 {
				u.state = stNotInBattle
				continue
			}
			if u.spec.Kind == KindHero {
				continue
			}
			if count < setup {
				placed = append(placed, i)
				u.state = stOnTable
			} else {
				u.state = stReserve
			}
			count++
		}
		b.attachHeroes(s, lo, hi, setup, &placed)
		b.placed = placed
		in, _ := edgeNormal(sd.Edge)
		face := math.Atan2(in.Y, in.X)
		if len(sd.Zones) > 0 {
			for k, ui := range placed {
				z := sd.Zones[min(k, len(sd.Zones)-1)]
				b.place(ui, z.center(), b.faceEnemy(s, z.center(), face))
			}
			continue
		}
		z := sd.Deploy
		left := Point{X: -in.Y, Y: in.X} // to the side's left as it faces inward
		c := z.center()
		half := math.Abs(dot(sub(Point{X: z[2], Y: z[3]}, Point{X: z[0], Y: z[1]}), left)) / 2
		n := len(placed)
		for k, ui := range placed {
			off := half * (1 - (2*float64(k)+1)/float64(n))
			b.place(ui, add(c, scale(left, off)), face)
		}
	}
}

// faceEnemy faces a unit at p toward the centre of the table when the side's edge says
// little (units set up by a door face the hangar).
func (b *Battle) faceEnemy(s int, p Point, def float64) float64 {
	c := Point{X: b.field.W / 2, Y: b.field.H / 2}
	if dist2(p, c) < 1 {
		return def
	}
	return heading(p, c)
}

// attachHeroes puts each hero of a side with a squad (the doctrine: "attach heroes to
// squads"): the squad whose command is lowest, then the largest, among those not yet led
// by a hero. A hero with a better command skill than the squad's commander takes command.
// A hero with no squad to join fights alone.
func (b *Battle) attachHeroes(s, lo, hi, setup int, placed *[]int) {
	taken := b.taken[:0]
	for range hi - lo {
		taken = append(taken, false)
	}
	b.taken = taken
	for i := lo; i < hi; i++ {
		h := &b.units[i]
		if h.spec.Kind != KindHero {
			continue
		}
		best := -1
		if hs := h.spec.Figs[0].Hero; hs.has(pAnotherPain) || hs.has(pDetoxAnother) {
			// A hero who tends other heroes stands beside one (powers.go).
			for j := lo; j < hi && best < 0; j++ {
				if taken[j-lo] && b.units[j].state == stOnTable {
					best = j
				}
			}
		}
		tending := best >= 0
		for j := lo; j < hi && !tending; j++ {
			q := &b.units[j]
			if q.spec.Kind != KindSquad || taken[j-lo] || q.state != stOnTable {
				continue
			}
			if best < 0 || q.spec.Command < b.units[best].spec.Command ||
				(q.spec.Command == b.units[best].spec.Command && len(q.members) > len(b.units[best].members)) {
				best = j
			}
		}
		if best < 0 {
			h.state = stOnTable
			*placed = append(*placed, i)
			continue
		}
		taken[best-lo] = true
		q := &b.units[best]
		hf := h.members[0]
		b.figs[hf].unit = int32(best)
		q.members = append(q.members, hf)
		h.attached, h.state = best, stAttached
		if h.spec.Command > q.spec.Command {
			q.leader = hf
		}
	}
}

// command is the command skill a unit tests with now: its leader's, or the squad's own
// once he is out (a wounded leader's at -1).
func (b *Battle) command(ui int) int {
	u := &b.units[ui]
	if u.leader >= 0 {
		f := &b.figs[u.leader]
		if f.alive() && int(f.unit) == ui {
			c := u.spec.Command
			if f.spec.Hero != nil {
				c = f.spec.Hero.Command
			}
			if f.f.Wounded && !f.painControlled {
				c += combat.WoundPenalty
			}
			return c
		}
	}
	return u.spec.SquadCommand
}

// onTable reports whether a unit is on the table and fighting as itself.
func (u *unit) onTable() bool { return u.state == stOnTable }

// status is a unit's morale status; units not subject to morale are always steady.
func (b *Battle) status(u *unit) combat.Status {
	if u.spec.Start == 0 {
		return combat.Steady
	}
	if l := uint(u.level); l < statusLevels {
		return b.statusBy[l]
	}
	return b.r.StatusOf(u.level)
}

// statusLevels: the morale levels whose status New works out (more than any unit starts at).
const statusLevels = 16

// subjectToMorale: squads are; lone heroes, droids and creatures are not.
func (u *unit) subjectToMorale() bool { return u.spec.Start > 0 }

func (b *Battle) playTurn() {
	b.newTurn()
	b.logTurn()
	b.stageTo(stageInitiative)
	b.initiativePhase()
	if b.hideOn {
		b.rehide() // hidden.go
	}
	b.stageTo(stageMove)
	b.movementPhase()
	if b.hideOn {
		b.stageTo(stageSpotting)
		b.spotting()
	}
	b.phaseEnd(causeFire, "Movement") // opportunity fire is fire
	if b.over {
		return
	}
	b.stageTo(stageClouds)
	b.cloudsLinger()
	b.stageTo(stageFire)
	b.firePhase()
	b.phaseEnd(causeFire, "Fire combat")
	b.stageTo(stageAssault)
	b.assaultPhase()
	b.phaseEnd(causeAssault, "Close assault")
	b.stageTo(stageMorale)
	b.moralePhase()
	b.phaseEnd(causeMorale, "Morale")
	b.stageTo(stageSpecial)
	b.specialPhase()
	b.checkVictory(b.turn == b.field.Scenario.Turns)
	b.phaseEnd(causeStrikes, "Special actions")
}

// newTurn clears what counts for a turn only. A commander hit after his squad's last
// morale test of a turn (in the Special Actions Phase, or by a parting swing in the Morale
// Phase) still adds +2 to "the first morale test after the commander is hit" (Chapter
// Five), in a later turn: cmdHitUntested is cleared only by that test.
func (b *Battle) newTurn() {
	for i := range b.units {
		u := &b.units[i]
		u.moved, u.walked, u.ran, u.charged, u.oppFired, u.defFired, u.fired, u.fought = false, false, false, false, false, false, false, false
		u.cannotMove, u.casualties, u.commanderHit, u.wonAssault, u.lostAssault = false, 0, false, false, false
		u.firstRound = false
	}
	for i := range b.figs {
		f := &b.figs[i]
		f.parryTried = false
		if f.f.Stunned > 0 && f.stunTill < b.turn {
			f.f.Stunned = 0 // the stun has worn off
			b.touchCond(f)
		}
	}
}

// initiativePhase: each side rolls a die and adds the highest command skill on its side;
// the higher wins, ties roll again (Introduction, "The Initiative Phase").
func (b *Battle) initiativePhase() {
	var best [2]int
	for s := range 2 {
		lo, hi := b.sideRange(s)
		for i := lo; i < hi; i++ {
			u := &b.units[i]
			if u.onTable() {
				best[s] = max(best[s], b.command(i))
			}
		}
	}
	for {
		x, y := combat.Opposed(b.dice, best[0], best[1])
		if x != y {
			if x > y {
				b.initiative = 0
			} else {
				b.initiative = 1
			}
			b.logInitiative(x, y, best)
			return
		}
	}
}

// figsOf appends the indexes of a unit's figures still fighting with it.
func (b *Battle) figsOf(ui int, out []int32) []int32 {
	return append(out, b.liveFigs(ui)...)
}

// centroid is the middle of a unit's figures still fighting, kept until the unit is placed
// again or loses a figure.
func (b *Battle) centroid(ui int) Point {
	u := &b.units[ui]
	if u.cOK {
		if b.audit != nil {
			b.auditCentroid(ui)
		}
		return u.c
	}
	c, ok := b.centroidNow(ui)
	b.verSeq++
	u.ver = b.verSeq
	if !ok {
		return u.anchor
	}
	u.c, u.cOK = c, true
	return u.c
}

// centroidNow is the centre of the unit's figures still fighting with it, worked out
// afresh; ok is false when it has none.
func (b *Battle) centroidNow(ui int) (Point, bool) {
	var c Point
	n := 0
	for _, fi := range b.units[ui].members {
		f := &b.figs[fi]
		if f.alive() && int(f.unit) == ui {
			c = add(c, f.pos)
			n++
		}
	}
	if n == 0 {
		return Point{}, false
	}
	return scale(c, 1/float64(n)), true
}

// unitVer is a number that changes whenever the unit's figures move, fall or leave: every
// such change clears cOK (place, endPhaseUnit, diveOut, detachHero, leaveTable,
// assumeCommand, checkExits, selfDestruct), and each recomputed centroid takes a new number
// from a counter no battle resets. Answers that depend only on where a unit's figures
// stand can be kept against it (geocache.go).
func (b *Battle) unitVer(ui int) uint64 {
	if !b.units[ui].cOK {
		b.centroid(ui)
	}
	return b.units[ui].ver
}

// nearestFig is the distance from p to the nearest figure of unit ui, and the figure.
func (b *Battle) nearestFig(ui int, p Point) (float64, int32) {
	best, bi := math.Inf(1), int32(-1)
	for _, fi := range b.units[ui].members {
		f := &b.figs[fi]
		if f.alive() && int(f.unit) == ui {
			if d := dist2(f.pos, p); d < best-tie {
				best, bi = d, fi
			}
		}
	}
	return math.Sqrt(best), bi
}

// unitDist is the distance between the nearest figures of two units (centre to centre).
func (b *Battle) unitDist(a, c int) float64 {
	return b.unitDistMax(a, c, math.Inf(1))
}

// unitDistMax is unitDist, or anything more than limit when the units are farther apart
// than limit (their boxes say so without looking at every pair of figures).
func (b *Battle) unitDistMax(a, c int, limit float64) float64 {
	if g := b.unitBox(a).gap(b.unitBox(c)); g > limit+2*baseRadius {
		return g
	}
	// The distance holds while neither unit's figures move or fall (unitVer): the doctrine
	// asks for the same pairs again and again, in a move's planning and from turn to turn.
	k := a*len(b.units) + c
	va, vc := b.unitVer(a), b.unitVer(c)
	if e := &b.ud[k]; e.va == va && e.vc == vc {
		if b.audit != nil {
			b.auditDist(a, c, e.d)
		}
		return e.d
	}
	pa, _ := b.livePos(a)
	pc, bc := b.livePos(c)
	d := distFrom(pa, pc, bc.lo, bc.hi)
	b.ud[k] = pairDist{va: va, vc: vc, d: d}
	return d
}

// livePts is a unit's figures' positions as livePos keeps them.
type livePts struct {
	pts []Point
	idx []int32 // the figures whose positions pts holds
	bb  box     // (lo and hi of pts, not widened)
	ver uint64
}

// livePos is the positions of unit ui's figures still fighting with it, in member order,
// and the box around them, kept while its unitVer does not change (the caller has asked
// unitVer, so that the number is current): unitDistMax asks for the same units' positions
// pair after pair. (Numbers start at 1, so an entry of 0 is never current.)
func (b *Battle) livePos(ui int) ([]Point, box) {
	u, e := &b.units[ui], &b.live[ui]
	if u.cOK && e.ver == u.ver {
		return e.pts, e.bb
	}
	pts, idx := e.pts[:0], e.idx[:0]
	lo, hi := Point{X: math.Inf(1), Y: math.Inf(1)}, Point{X: math.Inf(-1), Y: math.Inf(-1)}
	for _, fi := range u.members {
		if f := &b.figs[fi]; f.alive() && int(f.unit) == ui {
			pts, idx = append(pts, f.pos), append(idx, fi)
			lo.X, lo.Y = fmin(lo.X, f.pos.X), fmin(lo.Y, f.pos.Y)
			hi.X, hi.Y = fmax(hi.X, f.pos.X), fmax(hi.Y, f.pos.Y)
		}
	}
	e.pts, e.idx, e.bb, e.ver = pts, idx, box{lo, hi}, 0
	if u.cOK {
		e.ver = u.ver
	}
	return pts, e.bb
}

// liveFigs is the figures of unit ui still fighting with it, in member order (the walk
// over its members that skips the fallen and those gone to another unit), kept with
// livePos's positions against its unitVer. The slice is the battle's: read it, do not keep
// it past a change to the unit.
func (b *Battle) liveFigs(ui int) []int32 {
	b.unitVer(ui)
	b.livePos(ui)
	return b.live[ui].idx
}

// distNow is the distance between the nearest figures of units a and c worked out afresh
// (the audit's; unitDistMax works the same out by distFrom from livePos), with pts as
// scratch (returned for reuse): the nearest of c's figures to each of a's, as
// nearestFig finds it (the first within tie of the least), from c's positions gathered
// once; the square root of the least of those is the least of their square roots. A
// figure of a whose squared distance to the box of c's positions is no less than the least
// found so far is passed over: each of c's figures is at least that far from him (the
// rounded differences and squares grow with the true ones), so he cannot lower it.
func (b *Battle) distNow(a, c int, pts []Point) (float64, []Point) {
	lo, hi := Point{X: math.Inf(1), Y: math.Inf(1)}, Point{X: math.Inf(-1), Y: math.Inf(-1)}
	for _, fi := range b.units[c].members {
		if f := &b.figs[fi]; f.alive() && int(f.unit) == c {
			pts = append(pts, f.pos)
			lo.X, lo.Y = fmin(lo.X, f.pos.X), fmin(lo.Y, f.pos.Y)
			hi.X, hi.Y = fmax(hi.X, f.pos.X), fmax(hi.Y, f.pos.Y)
		}
	}
	var own []Point
	for _, fi := range b.units[a].members {
		if f := &b.figs[fi]; f.alive() && int(f.unit) == a {
			own = append(own, f.pos)
		}
	}
	return distFrom(own, pts, lo, hi), pts
}

// distFrom is distNow from the positions of a's figures (own) and of c's (pts, within lo
// and hi), in member order.
func distFrom(own, pts []Point, lo, hi Point) float64 {
	best := math.Inf(1)
	for _, p := range own {
		var gx, gy float64 // (0 within the box's span)
		if p.X < lo.X {
			gx = lo.X - p.X
		} else if p.X > hi.X {
			gx = p.X - hi.X
		}
		if p.Y < lo.Y {
			gy = lo.Y - p.Y
		} else if p.Y > hi.Y {
			gy = p.Y - hi.Y
		}
		if gx*gx+gy*gy >= best {
			continue
		}
		near := math.Inf(1)
		for _, q := range pts {
			if d := dist2(q, p); d < near-tie {
				near = d
			}
		}
		best = fmin(best, near)
	}
	return math.Sqrt(best)
}

// enemyWithin reports whether any enemy figure is within r inches of any of the unit's.
func (b *Battle) enemyWithin(ui int, r float64) bool {
	u := &b.units[ui]
	lo, hi := b.sideRange(1 - u.side)
	for e := lo; e < hi; e++ {
		if b.units[e].onTable() && b.unitDistMax(ui, e, r) <= r {
			return true
		}
	}
	return false
}

// act records that a catalogue entry or power acted, when the battle is tracking.
func (b *Battle) act(name string) {
	if b.acted != nil {
		b.acted[rules.Normalize(name)] = true
	}
}
