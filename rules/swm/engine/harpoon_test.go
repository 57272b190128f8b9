package engine

import (
	"strings"
	"testing"
)

// Harpoon Gun: "Instead of making its normal attack or attacks, this character can choose a
// target enemy with Mounted Weapon within 6 squares. That enemy cannot move this round"
// (glossary, L593). It pays when the walker would move before attacking: here it sees only
// the speeder, which its Damage Reduction 10 makes the speeder's own attack worthless
// against, while a costly ally stands behind a wall the walker could walk round within its
// Speed. With the wall gone the walker attacks the ally from where it stands, holding it
// gains nothing, and the speeder attacks instead.
func TestHarpoonGunWhenHoldingPays(t *testing.T) {
	speeder := house("Test Speeder", 5, 60, 10, 5, 10, "Harpoon Gun", "Flight")
	leader := house("Test Leader", 50, 10, 10, 0, 10)
	walker := house("Test Walker", 40, 100, 16, 10, 30, "Mounted Weapon", "Damage Reduction 10")
	for _, c := range []struct {
		wall string
		want bool
	}{{"#", true}, {".", false}} {
		w := c.wall
		m := field(t,
			"aa..."+w+"....b",
			"....."+w+".....",
			"....."+w+".....",
			"....."+w+".....",
			"...........",
		)
		b := newBattle(t, m, squad("A", speeder, leader), squad("B", walker))
		s, l, wk := b.char(t, "[A] Test Speeder"), b.char(t, "[A] Test Leader"), b.char(t, "[B] Test Walker")
		b.put(s, Point{0, 0})
		b.put(wk, Point{3, 2})
		b.put(l, Point{8, 2})
		ts := b.targets(s, s.Pos)
		if len(ts) == 0 || ts[0].t != wk {
			t.Fatalf("wall %q: the speeder does not see the walker", w)
		}
		b.script = []int{5} // the walker fails its save of 11
		fired := b.replaceAttacks(s, ts)
		if fired != c.want || fired && !strings.Contains(b.logText(), "fires its Harpoon Gun") {
			t.Errorf("wall %q: Harpoon Gun fired %v, want %v (holding it is worth %.1f, the attack %.1f)\n%s",
				w, fired, c.want, b.harpoonValue(s, wk), ts[0].score, b.logText())
		}
		if held := wk.harpoonRound == b.round; held != c.want {
			t.Errorf("wall %q: the walker held %v, want %v", w, held, c.want)
		}
	}
}
