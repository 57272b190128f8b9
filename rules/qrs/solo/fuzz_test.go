package solo

import (
	"testing"

	"muster/rules/qrs"
)

// A saved game from anywhere reads or is refused; one that reads can be played on.
func FuzzReadGame(f *testing.F) {
	st, _ := New(Setup{Seed: 3, Counters: []string{"corner", "open"}, Pool: Pool{Stormtrooper: 4}})
	data, _ := st.Marshal(false)
	f.Add(data)
	f.Add([]byte("format: 1\nsystem: qrs-game\nturn: 1\ncounters: [{id: 1, kind: open}]\ngroups: []\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := Read(data)
		if err != nil {
			return
		}
		faces := 0
		d := qrs.DiceFunc(func(n int) int { faces++; return faces%n + 1 })
		for _, c := range st.Counters {
			_, _ = Spot(st, []int{c.ID}, d)
		}
		for _, g := range st.Groups {
			_, _ = Shoot(st, Shot{Target: g.ID, EnemyTotal: 5}, d)
		}
		EndTurn(st)
		_ = Summary(st)
	})
}
