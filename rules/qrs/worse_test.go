package qrs

import "testing"

// The sheet's shooting table prints the Half row as "Half enemies total: D D W* K K" in
// columns 4-8 and for the Worse row only "Worse: For every extra figure shooting at the
// group, +1 to the die roll result." Both readings, counted on the d8's eight faces
// (nothing, duck back, wound, killed):
//   - continued (Muster's row): D 3-4, W 5, K 6-8, and the +1 on every row;
//   - half-plus: the Half row, D 4-5, W 6, K 7-8, +1 per extra shooter in that row only.
func TestWorseRowReadings(t *testing.T) {
	cases := []struct {
		what         string
		own, enemy   int
		extra        int
		worse        WorseRow
		want         [4]int
		wantModifier int
	}{
		{"a quarter of the enemy's total, continued", 1, 8, 0, WorseContinued, [4]int{2, 2, 1, 3}, 0},
		{"a quarter of the enemy's total, the Half row", 1, 8, 0, WorseHalfPlus, [4]int{3, 2, 1, 2}, 0},
		{"2 extra shooters, continued", 1, 8, 2, WorseContinued, [4]int{0, 2, 1, 5}, 2},
		{"2 extra shooters, the Half row +2", 1, 8, 2, WorseHalfPlus, [4]int{1, 2, 1, 4}, 2},
		// Equal: D on 6-7, W* on 8. The +1 is every row's only under the continued reading.
		{"equal totals, 2 extra shooters, continued", 4, 4, 2, WorseContinued, [4]int{3, 2, 3, 0}, 2},
		{"equal totals, 2 extra shooters, the Half-row reading", 4, 4, 2, WorseHalfPlus, [4]int{5, 2, 1, 0}, 0},
	}
	for _, c := range cases {
		f := Fire{Own: c.own, Enemy: c.enemy, ExtraShooters: c.extra, Worse: c.worse}
		if err := f.Check(); err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		if got := f.Eighths(); got != c.want {
			t.Errorf("%s: eighths %v, want %v", c.what, got, c.want)
		}
		if got := f.Modifier(); got != c.wantModifier {
			t.Errorf("%s: modifier %+d, want %+d", c.what, got, c.wantModifier)
		}
	}
	for _, k := range WorseRowKeys {
		w, err := ParseWorseRow(k)
		if err != nil || w.String() != k {
			t.Errorf("ParseWorseRow(%q) = %v, %v", k, w, err)
		}
	}
	if w, err := ParseWorseRow(""); err != nil || w != WorseContinued {
		t.Errorf("the default reading is %v, %v; want continued", w, err)
	}
	if _, err := ParseWorseRow("quarter"); err == nil {
		t.Error("an unknown reading was taken")
	}
}
