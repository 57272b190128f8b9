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
	// val[2*c+w] is the current fireValue call's answer for class c, unhampered (w 0) or
	// hampered by a wound (w 1), valid when set[2*c+w] == stamp.
	val   []float64
	set   []uint32
	stamp uint32
}

// initGunners numbers the classes: each figure joins the class of the first figure before
// it that bestGun sees alike.
func (b *Battle) initGunners() {
	g := &b.gun
	g.class = make([]int32, 0, len(b.figs))
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
			}
		}
	}
	g.val = make([]float64, 2*len(reps))
	g.set = make([]uint32, 2*len(reps))
}

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

// slot is the index of figure fi's class and wound state in val and set.
func (g *gunners) slot(fi int32, f *fig) int {
	k := 2 * int(g.class[fi])
	if f.f.Wounded && !f.painControlled {
		k++
	}
	return k
}
