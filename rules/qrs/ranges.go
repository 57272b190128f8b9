package qrs

// Range bands, as the sheet's range table orders them.
const (
	Long = iota
	Medium
	PointBlank
)

// BandNames are the range bands in the sheet's words.
var BandNames = [3]string{"long range", "medium range", "point blank"}

// Weapon is one row of the sheet's "Ranges of weapons" table, in inches.
type Weapon struct {
	Name string
	// Ranges are the greatest distances for long, medium and point blank range.
	Ranges [3]int
	// MinRange is the least distance the weapon can fire at (the walkers' "Min 2\"").
	MinRange int
}

// Weapons is the range table as printed, in its order (the order matters: a figure moving
// and shooting counts as using the row below's ranges).
var Weapons = []Weapon{
	{Name: "heavy laser", Ranges: [3]int{50, 20, 10}},
	{Name: "heavy blaster", Ranges: [3]int{45, 18, 10}},
	{Name: "blaster", Ranges: [3]int{40, 15, 8}},
	{Name: "pistol", Ranges: [3]int{30, 15, 10}},
	// "Ranges are for Blasters, Stormtrooper heavy blasters are in brackets."
	{Name: "stormtrooper blaster", Ranges: [3]int{25, 10, 5}},
	{Name: "stormtrooper heavy blaster", Ranges: [3]int{40, 15, 8}},
}

// WalkerGun is the walkers' chin turret: a Heavy Laser with a 2" minimum range.
var WalkerGun = Weapon{Name: "heavy laser", Ranges: [3]int{50, 20, 10}, MinRange: 2}

// FindWeapon finds a row of the range table by name.
func FindWeapon(name string) (Weapon, int, bool) {
	for i, w := range Weapons {
		if Key(w.Name) == Key(name) {
			return w, i, true
		}
	}
	return Weapon{}, -1, false
}

// RangeBand says at which band a weapon reaches a target distance inches away, or -1 when
// it is out of range. Moving and shooting counts as using the row below's ranges, except
// for Stormtroopers ("Except Stormtroopers!"); Muster reads the pistol's row below as the
// Stormtrooper blaster's, the next row printed, and a Stormtrooper row as itself.
func RangeBand(weapon string, distance float64, moving bool) int {
	w, i, ok := FindWeapon(weapon)
	if !ok {
		return -1
	}
	if moving && i < 4 {
		w = Weapons[i+1]
	}
	return bandOf(w, distance)
}

func bandOf(w Weapon, distance float64) int {
	if distance < float64(w.MinRange) {
		return -1
	}
	switch {
	case distance <= float64(w.Ranges[PointBlank]):
		return PointBlank
	case distance <= float64(w.Ranges[Medium]):
		return Medium
	case distance <= float64(w.Ranges[Long]):
		return Long
	}
	return -1
}

// WalkerBand is the range band of a walker's chin turret: "Count 1 range band further away
// if moving and shooting".
func WalkerBand(distance float64, moving bool) int {
	b := bandOf(WalkerGun, distance)
	if b < 0 || !moving {
		return b
	}
	return b - 1 // long range moving falls off the table: -1, cannot fire
}
