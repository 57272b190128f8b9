package combat

// Test is a straight skill test (Chapter One, "Straight Skill Tests"): roll the open-ended
// die and add the skill; the soldier succeeds if the score is equal to or higher than the
// difficulty. A bomb-out scores 0 and fails any difficulty above 0.
func Test(d *Dice, skill, difficulty int) bool {
	return Score(d.Roll(), skill) >= difficulty
}

// TestOdds is the exact probability that a straight test succeeds.
func TestOdds(skill, difficulty int) float64 {
	return scoreDist(skill).AtLeast(difficulty)
}
