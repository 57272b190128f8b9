package solo

import (
	"strings"
	"testing"

	"muster/rules/qrs"
)

// The game option for the lost Worse row reaches every shot: Red Team's 9 against 40 is a
// quarter or less, the Worse row. Rolls 3, 4, 5, 6 read "D 3-4, W 5, K 6-8" in Muster's
// continued row and "D 4-5, W* 6" in the Half row ("Half enemies total ... D D W* K K",
// the sheet); every result names the reading.
func TestShotsReadTheGamesWorseRow(t *testing.T) {
	for _, c := range []struct {
		worse qrs.WorseRow
		want  string
	}{
		{qrs.WorseContinued, "duck_back,duck_back,wound,killed"},
		{qrs.WorseHalfPlus, "nothing,duck_back,duck_back,wound"},
	} {
		st, err := New(Setup{Seed: 1, Counters: []string{"corner"}, Army: rescue(t), Worse: c.worse})
		if err != nil {
			t.Fatal(err)
		}
		res, err := Shoot(st, Shot{Target: 1, EnemyTotal: 40}, scripted(t, 3, 4, 5, 6))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, h := range res.Hits {
			got = append(got, h.Name)
		}
		if strings.Join(got, ",") != c.want || res.WorseRow != c.worse.Title() {
			t.Errorf("%s: %v (%q), want %s", c.worse, got, res.WorseRow, c.want)
		}
		if last := st.Log[len(st.Log)-1]; !strings.Contains(last, c.worse.Title()) {
			t.Errorf("%s: the log does not name the reading: %q", c.worse, last)
		}
	}
}
