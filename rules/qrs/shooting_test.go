package qrs

import (
	"math/big"
	"strings"
	"testing"
)

// The rows of the shooting table as the sheet prints them (columns are the d8, 1 to 8);
// "." is an empty cell. The "Worse" row is Muster's reading of the lost cells.
var printedTable = map[Band]string{
	Twice: ".......D",
	More:  "......DD",
	Equal: ".....DDW",
	Less:  "....DDWK",
	Half:  "...DDWKK",
	Worse: "..DDWKKK", // decision: the pattern continued one column left
}

func TestShootingTableCellsAsPrinted(t *testing.T) {
	letters := map[Result]byte{Nothing: '.', DuckBack: 'D', Wound: 'W', Killed: 'K'}
	for b, row := range printedTable {
		for col := 1; col <= 8; col++ {
			if got := letters[Cell(b, col)]; got != row[col-1] {
				t.Errorf("%s, column %d: got %c, want %c", b.Title(), col, got, row[col-1])
			}
		}
	}
}

// "this produces a ratio (equal, Twice the enemy's total etc)": own total against the
// enemy's firepower total of 10.
func TestRatioBandFromTheTwoTotals(t *testing.T) {
	cases := []struct {
		own  int
		want Band
	}{
		{30, Twice}, {20, Twice}, {19, More}, {11, More}, {10, Equal}, {9, Less},
		{6, Less}, {5, Half}, {3, Half}, {2, Worse}, {0, Worse},
	}
	for _, c := range cases {
		if got := BandFor(c.own, 10); got != c.want {
			t.Errorf("own %d against 10: got %s, want %s", c.own, got, c.want)
		}
	}
}

// Hand computations: counting the d8 faces (of 8) giving nothing, duck back, wound, killed.
// Cover takes 1 from the roll (a roll of 1 stays in column 1); armour turns W into D.
func TestShootingOddsByHandForEveryPrintedRow(t *testing.T) {
	type c struct {
		own, enemy    int
		cover, armour bool
		extra         int
		want          [4]int
	}
	cases := []c{
		// Twice: only an 8 ducks back; in cover the 8 reads column 7, nothing.
		{20, 10, false, false, 0, [4]int{7, 1, 0, 0}},
		{20, 10, true, false, 0, [4]int{8, 0, 0, 0}},
		{20, 10, false, true, 0, [4]int{7, 1, 0, 0}},
		{20, 10, true, true, 0, [4]int{8, 0, 0, 0}},
		// More: 7 and 8 duck back; in cover only the 8 (reading 7).
		{15, 10, false, false, 0, [4]int{6, 2, 0, 0}},
		{15, 10, true, false, 0, [4]int{7, 1, 0, 0}},
		{15, 10, false, true, 0, [4]int{6, 2, 0, 0}},
		{15, 10, true, true, 0, [4]int{7, 1, 0, 0}},
		// Equal: 6, 7 duck back, 8 wounds; armour makes the 8 a duck back; cover moves
		// every roll one column left, so 7 and 8 duck back.
		{10, 10, false, false, 0, [4]int{5, 2, 1, 0}},
		{10, 10, true, false, 0, [4]int{6, 2, 0, 0}},
		{10, 10, false, true, 0, [4]int{5, 3, 0, 0}},
		{10, 10, true, true, 0, [4]int{6, 2, 0, 0}},
		// Less: 5, 6 D, 7 W, 8 K.
		{8, 10, false, false, 0, [4]int{4, 2, 1, 1}},
		{8, 10, true, false, 0, [4]int{5, 2, 1, 0}},
		{8, 10, false, true, 0, [4]int{4, 3, 0, 1}},
		{8, 10, true, true, 0, [4]int{5, 3, 0, 0}},
		// Half: 4, 5 D, 6 W, 7, 8 K.
		{5, 10, false, false, 0, [4]int{3, 2, 1, 2}},
		{5, 10, true, false, 0, [4]int{4, 2, 1, 1}},
		{5, 10, false, true, 0, [4]int{3, 3, 0, 2}},
		{5, 10, true, true, 0, [4]int{4, 3, 0, 1}},
		// Worse (decision): 3, 4 D, 5 W, 6-8 K.
		{2, 10, false, false, 0, [4]int{2, 2, 1, 3}},
		{2, 10, true, true, 0, [4]int{3, 3, 0, 2}},
		// Two extra shooters at Equal: 4, 5 D; 6 reads 8, W; 7 and 8 read beyond column 8,
		// which Muster reads as column 8 (W).
		{10, 10, false, false, 2, [4]int{3, 2, 3, 0}},
		// One extra shooter in cover cancels out: the Less row as printed.
		{8, 10, true, false, 1, [4]int{4, 2, 1, 1}},
	}
	for _, x := range cases {
		f := Fire{Own: x.own, Enemy: x.enemy, Cover: x.cover, Armour: x.armour, ExtraShooters: x.extra}
		if got := f.Eighths(); got != x.want {
			t.Errorf("%+v (%s): got %v eighths, want %v", f, BandFor(x.own, x.enemy), got, x.want)
		}
		o := f.Odds()
		sum := new(big.Rat)
		for i, r := range o {
			if r.Cmp(big.NewRat(int64(x.want[i]), 8)) != 0 {
				t.Errorf("%+v: %s = %s, want %d/8", f, ResultNames[i], r.RatString(), x.want[i])
			}
			sum.Add(sum, r)
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%+v: odds sum to %s", f, sum.RatString())
		}
	}
}

func TestFireCheckRefusesNobodyShooting(t *testing.T) {
	if (Fire{Own: 4, Enemy: 0}).Check() == nil {
		t.Error("no enemy firepower accepted")
	}
	if (Fire{Own: 4, Enemy: 3, ExtraShooters: -1}).Check() == nil {
		t.Error("negative extra shooters accepted")
	}
	if err := (Fire{Own: 4, Enemy: 3}).Check(); err != nil {
		t.Error(err)
	}
}

// A total beyond any table is refused naming which number and what would do (a group's total
// typed on the solo page's shooting form reaches this check), not "those numbers".
func TestFireCheckNamesTheNumberTooLarge(t *testing.T) {
	for _, c := range []struct {
		f    Fire
		want string
	}{
		{Fire{Own: 100001, Enemy: 3}, "the Defence total under fire 100001 is larger than any table holds; write 0 to 100000"},
		{Fire{Own: 4, Enemy: 100001}, "the shooters' firepower total 100001 is larger than any table holds; write 1 to 100000"},
		{Fire{Own: 4, Enemy: 3, ExtraShooters: 1001}, "1001 extra shooters is more than any table holds; write 0 to 1000"},
	} {
		if err := c.f.Check(); err == nil || err.Error() != c.want {
			t.Errorf("%+v: %v, want %q", c.f, err, c.want)
		}
	}
	if err := (Fire{Own: MaxTotal, Enemy: MaxTotal, ExtraShooters: MaxExtraShooters}).Check(); err != nil {
		t.Errorf("the largest numbers: %v", err)
	}
}

// The range table: a Blaster at 12" is medium range, at 41" out of range; moving, it uses
// the Pistol's row below (15" medium, 10" point blank); Stormtroopers keep theirs.
func TestRangesOfWeaponsAndMovingAndShooting(t *testing.T) {
	cases := []struct {
		weapon string
		d      float64
		moving bool
		want   int
	}{
		{"blaster", 12, false, Medium},
		{"blaster", 8, false, PointBlank},
		{"blaster", 40, false, Long},
		{"blaster", 41, false, -1},
		{"blaster", 9, true, PointBlank}, // pistol row: point blank to 10"
		{"heavy laser", 45, true, Long},  // heavy blaster row: long to 45"
		{"heavy laser", 48, true, -1},
		{"stormtrooper blaster", 6, true, Medium},
		{"stormtrooper heavy blaster", 8, false, PointBlank},
		{"stormtrooper blaster", 26, false, -1},
		{"lightsaber", 1, false, -1},
	}
	for _, c := range cases {
		if got := RangeBand(c.weapon, c.d, c.moving); got != c.want {
			t.Errorf("%s at %v\" (moving %v): band %d, want %d", c.weapon, c.d, c.moving, got, c.want)
		}
	}
	// Walkers: "(Min 2\") 10\"" point blank; one band further away if moving.
	if WalkerBand(1, false) != -1 || WalkerBand(10, false) != PointBlank || WalkerBand(10, true) != Medium || WalkerBand(30, true) != -1 {
		t.Error("walker chin turret bands wrong")
	}
}

// The sheet's "Ranges of weapons" table, typed in from the sheet (skirmish quick reference,
// L102-110), not read from Weapons: each row's long, medium and point blank limits in
// inches, in the order printed. The Stormtrooper row prints blasters and, in brackets,
// heavy blasters; Muster names the two "stormtrooper blaster" and "stormtrooper heavy
// blaster".
var printedRanges = []struct {
	name             string
	long, medium, pb float64
}{
	{"heavy laser", 50, 20, 10},   // "Heavy Lasers etc 50" 20" 10""
	{"heavy blaster", 45, 18, 10}, // "Heavy Blaster 45" 18" 10""
	{"blaster", 40, 15, 8},        // "Blaster 40" 15" 8""
	{"pistol", 30, 15, 10},        // "Pistol 30" 15" 10""
	{"stormtrooper blaster", 25, 10, 5},
	{"stormtrooper heavy blaster", 40, 15, 8}, // the bracketed "(40") (15") (8")"
}

// past is "just past" a limit: a measured distance a hair over it.
const past = 0.01

// Every row of the range table at each printed limit and just past it, standing and
// moving: a limit is inside its band ("up to"), a hair past it is the next band out, and
// past long range the weapon cannot fire. Moving and shooting "count as using the row
// below's ranges (Except Stormtroopers!)": the row printed below, and a Stormtrooper row
// keeps its own. A limit moved by an inch in the code's table fails here (the pistol's
// point blank at 12" rather than 10" passed every other test).
func TestRangeTableLimitsAsPrinted(t *testing.T) {
	for i, row := range printedRanges {
		for _, moving := range []bool{false, true} {
			r := row
			if moving && !strings.HasPrefix(row.name, "stormtrooper") {
				r = printedRanges[i+1]
			}
			for _, c := range []struct {
				d    float64
				want int
			}{
				{0, PointBlank},
				{r.pb, PointBlank}, {r.pb + past, Medium},
				{r.medium, Medium}, {r.medium + past, Long},
				{r.long, Long}, {r.long + past, -1},
			} {
				if got := RangeBand(row.name, c.d, moving); got != c.want {
					t.Errorf("%s at %v\" (moving %v, the %s row's ranges): %s, want %s",
						row.name, c.d, moving, r.name, bandName(got), bandName(c.want))
				}
			}
		}
	}
}

// The walkers' chin turret: "8/10/12 50" 20" (Min 2") 10"" and "Count 1 range band further
// away if moving and shooting" (L88-92): each limit and just past it, and the minimum.
func TestWalkerGunLimitsAsPrinted(t *testing.T) {
	for _, c := range []struct {
		d                    float64
		standing, whileMoved int
	}{
		{2 - past, -1, -1},
		{2, PointBlank, Medium},
		{10, PointBlank, Medium},
		{10 + past, Medium, Long},
		{20, Medium, Long},
		{20 + past, Long, -1},
		{50, Long, -1},
		{50 + past, -1, -1},
	} {
		if got := WalkerBand(c.d, false); got != c.standing {
			t.Errorf("walker at %v\", standing: %s, want %s", c.d, bandName(got), bandName(c.standing))
		}
		if got := WalkerBand(c.d, true); got != c.whileMoved {
			t.Errorf("walker at %v\", moving: %s, want %s", c.d, bandName(got), bandName(c.whileMoved))
		}
	}
}

func bandName(b int) string {
	if b < 0 {
		return "out of range"
	}
	return BandNames[b]
}
