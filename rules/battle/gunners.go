package battle

// Gunner classes: which figures bestGun sees alike.
//
// fireValue asks bestGun for the expected harm of each figure's best shot. bestGun reads
// of the figure only its guns, their skills, its targeting computer and whether a wound
// hampers it, so figures alike in those get the same answer to the bit. A
// squad's soldiers mostly are: the classes are worked out once a battle (the figures'
// specs never change), and fireValue asks bestGun once per class and wound state per call
// instead of once per run of alike neighbours.

// gunners is the battle's gunner classes and fireValue's per-call scratch.
type gunners struct {
	class []int32 // by figure: its class, numbered from 0
	flags []uint8 // by figure: figDroid, figAdvanced (fireValue reads them)
	// val[2*c+w] is the current fireValue call's answer for class c, unhampered (w 0) or
	// hampered by a wound (w 1), valid when set[2*c+w] == stamp.
	val   []float64
	set   []uint32
	stamp uint32
	// fire is fireAt's own per-call scratch, the same way: the gun and its value for each
	// class and wound state, with the handicap it was asked with (fireAt adds each
	// firer's to the volley's modifiers).
	fire   []fireGun
	fset   []uint32
	fstamp uint32
}

// fireGun is bestGun's answer for one class in a fireAt call.
type fireGun struct {
	gi, handicap int
	v            float64
}

// initGunners numbers the classes: each figure joins the class of the first figure before
// it that bestGun sees alike.
func (b *Battle) initGunners() {
	g := &b.gun
	g.class = make([]int32, 0, len(b.figs))
	g.flags = make([]uint8, 0, len(b.figs))
	var reps []*FigSpec
	for s := range 2 {
		for _, us := range b.forces[s].Units {
			for k := range us.Figs {
				fs := &us.Figs[k]
				c := -1
				for i, r := range reps {
					if sameGuns(r, fs) {
						c = i
						break
					}
				}
				if c < 0 {
					c = len(reps)
					reps = append(reps, fs)
				}
				g.class = append(g.class, int32(c))
				var fl uint8
				if fs.Role == RoleDroid {
					fl |= figDroid
				}
				if fs.Flamer != nil || fs.DEMP != nil || fs.Torpedo != nil || fs.Launcher != nil {
					fl |= figAdvanced
				}
				g.flags = append(g.flags, fl)
			}
		}
	}
	g.val = make([]float64, 2*len(reps))
	g.set = make([]uint32, 2*len(reps))
	g.fire = make([]fireGun, 2*len(reps))
	g.fset = make([]uint32, 2*len(reps))
}

// Figure flags fireValue reads: a droid fires two weapons a phase; an advanced weapon
// (flamer, DEMP, torpedo, launcher) is weighed by advancedEstimate.
const (
	figDroid uint8 = 1 << iota
	figAdvanced
)

// sameGuns: the same guns at the same skills and the same targeting computer.
func sameGuns(f, g *FigSpec) bool {
	if f.TC != g.TC || len(f.Guns) != len(g.Guns) {
		return false
	}
	for i := range f.Guns {
		if f.Guns[i] != g.Guns[i] {
			return false
		}
	}
	return true
}

// newCall starts a fireValue call: every class's answer is unknown.
func (g *gunners) newCall() {
	g.stamp++
	if g.stamp == 0 {
		clear(g.set)
		g.stamp = 1
	}
}

// fireCall starts a fireAt call's answers (fireBest): its own stamp, so that a fire combat
// resolved in the middle of another (were there one) could not lend it its answers.
func (g *gunners) fireCall() uint32 {
	g.fstamp++
	if g.fstamp == 0 {
		clear(g.fset)
		g.fstamp = 1
	}
	return g.fstamp
}

// fireBest is bestGun(ui, f, d, mods+h, sr, crewed) for firer fi in the fireAt call that
// stamp (fireCall) marks, where ui, d, mods, sr and crewed are the call's: worked out once
// per class, wound state and handicap.
func (b *Battle) fireBest(stamp uint32, ui int, fi int32, f *fig, d float64, mods, h, sr int, crewed bool) (int, float64) {
	g := &b.gun
	k := g.slot(fi, f)
	if e := &g.fire[k]; g.fset[k] == stamp && e.handicap == h {
		return e.gi, e.v
	}
	gi, v := b.gunKept(ui, k, f, d, mods+h, sr, crewed)
	g.fire[k], g.fset[k] = fireGun{gi: gi, handicap: h, v: v}, stamp
	return gi, v
}

// slot is the index of figure fi's class and wound state in val and set.
func (g *gunners) slot(fi int32, f *fig) int {
	k := 2 * int(g.class[fi])
	if f.f.Wounded && !f.painControlled {
		k++
	}
	return k
}
