package combat

// StrikeResult is an off-board strike resolved (Chapter Eleven, "Resolving Strikes").
type StrikeResult struct {
	Roll   int    // the command roll's score
	Effect string // the Artillery Strike Resolution Table's key: lost, cancelled, delayed, occurs
	Delay  int    // turns, when delayed
}

// ResolveStrike makes the requesting commander's command roll on the Artillery Strike
// Resolution Table. The table starts at 1, which a command roll can only reach as a
// bomb-out's 0 (a first 1 always bombs out): Muster reads the "1" row as a command roll of
// 1 or less, so a bomb-out loses this and every later strike (docs/decisions.md). A delay
// roll of 4, which neither printing covers, is rolled again.
func (r *Rules) ResolveStrike(d *Dice, command int) StrikeResult {
	s := Score(d.Roll(), command)
	row, ok := r.Tables.ArtilleryStrike.Resolution.Lookup(max(s, 1))
	if !ok {
		return StrikeResult{Roll: s, Effect: "lost"}
	}
	res := StrikeResult{Roll: s, Effect: row.Effect}
	if row.Effect == "delayed" {
		for {
			if dr, ok := r.Tables.ArtilleryStrike.Delay.Lookup(d.D6()); ok {
				res.Delay = dr.Value
				break
			}
		}
	}
	return res
}

// StrikeOdds is the exact probability of each Artillery Strike Resolution Table effect.
func (r *Rules) StrikeOdds(command int) map[string]float64 {
	out := map[string]float64{}
	sd := scoreDist(command)
	for i, p := range sd.P {
		if row, ok := r.Tables.ArtilleryStrike.Resolution.Lookup(max(sd.Lo+i, 1)); ok {
			out[row.Effect] += p
		} else {
			out["lost"] += p
		}
	}
	return out
}

// StrikeLanding rolls where an occurring strike lands: a direction on the template (which
// the opposing player orients; heading gives it), then a distance roll that rolls over on
// sixes: 1-2 lands where placed, anything else deviates that many inches times the
// bombardment's multiplier.
func (r *Rules) StrikeLanding(d *Dice, kind string, aim Point, heading float64) Point {
	a := r.Tables.ArtilleryStrike
	b, _ := a.Bombardment(kind)
	dir := d.D6()
	roll := d.D6()
	if roll == 6 && a.DeviationRollover {
		roll += d.Rollover()
	}
	if roll <= a.OnTargetMax {
		return aim
	}
	return Deviate(aim, heading, dir, float64(roll*max(b.DeviationMultiplier, 1)))
}

// CloudDissipation rolls a smoke or gas cloud's Special Actions Phase roll: drift (1" down
// wind), remain, or dissipate.
func (r *Rules) CloudDissipation(d *Dice) string {
	row, _ := r.Tables.CloudDissipation.Lookup(d.D6())
	return row.Effect
}
