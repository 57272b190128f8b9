package battle

// BattleSeed is the seed of battle i of a matchup with a master seed: a SplitMix64 step of
// the master seed advanced i times by the golden-ratio increment. Each battle's seed
// depends only on the master seed and its index, so a matchup's results do not depend on
// how many workers play it, and `muster battle --seed` replays any one of them.
func BattleSeed(master, i uint64) uint64 {
	z := master + (i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
