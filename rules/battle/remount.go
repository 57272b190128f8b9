package battle

import "muster/rules/combat"

// Remounting (Chapter Thirteen, "Mounts": "Movement" and "Damage to Creatures", book lines
// 3224-3230 and 3318-3320): "a wounded creature can stand up in the next Movement Phase at
// a cost of 2". The rider may then attempt to mount the creature ... If he fails, the beast
// runs amok." Mounting is "an opposed skill test, pitting his beast riding skill against the
// creature's Orneriness Code", and costs half his Movement Rate, the creature moving at most
// half its own after. The doctrine has every rider whose mount lies wounded try, at the start
// of his squad's move when it is not in close assault, and the squad spends that Movement
// Phase on it (it does not move on). A beast that runs amok is lost to the squad (it runs
// off: loose mounts are not played). When every rider standing is in the saddle again, the
// squad moves at its mount's rate again.

// remountAll: the squad's riders with mounts down try to mount again. It reports whether
// the squad spent its move on it.
func (b *Battle) remountAll(ui int) bool {
	u := &b.units[ui]
	u.remount = false
	tried := false
	for _, fi := range u.members {
		f := &b.figs[fi]
		if !f.mountDown {
			continue
		}
		f.mountDown = false
		if !f.alive() || int(f.home) != ui {
			continue
		}
		tried = true
		x, y := combat.Opposed(b.dice, ridingSkill(f), f.spec.MountOrn)
		ok := x > y
		if ok {
			f.riding, f.f.Mount = true, &f.mount
		}
		if b.lg != nil {
			b.logf("  %s of %s %s\n", f.spec.Who, b.name(ui), ifs(ok, "gets his "+lower(u.spec.MountKind.Name)+" up and mounts it again (beast riding)",
				"fails to mount again: his "+lower(u.spec.MountKind.Name)+" runs amok"))
		}
	}
	if !tried {
		return false
	}
	b.act("beast riding")
	all := true
	for _, fi := range u.members {
		if f := &b.figs[fi]; f.alive() && int(f.home) == ui && !f.riding {
			all = false
		}
	}
	u.mounted = all
	if b.lg != nil {
		b.logf("%s stays to remount%s\n", b.name(ui), ifs(all, ": mounted again", ""))
	}
	return true
}
