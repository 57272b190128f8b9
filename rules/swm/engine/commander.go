package engine

import "strings"

// Commander effects (glossary, commander effect).

// The statistics a commander effect raises, as ceBonus asks for them.
const (
	ceAttack = iota
	ceDefense
	ceDamage
	ceStats
)

// ceStat is the statistic a card's effect names (any case), or -1 for one the engine does
// not play.
func ceStat(name string) int {
	for i, s := range [ceStats]string{"attack", "defense", "damage"} {
		if strings.EqualFold(name, s) {
			return i
		}
	}
	return -1
}

// effect is what ceBonus reads of a card's commander effect: its statistic (ceStat) and
// the NameContains in lower case.
type effect struct {
	stat  int
	names string
}

// ceMemo is a character's commander-effect bonuses, worked out when moves (plus one, so
// that the zero memo holds nothing) was the battle's count of moves.
type ceMemo struct {
	moves int
	bonus [ceStats]int
}

// ceBonus is the best commander-effect bonus to a statistic: only the highest of several
// applies, duplicates never stack, effects end with the commander and normally skip Droid
// and Savage characters (glossary, commander effect). The bonuses depend only on who stands
// where and who is defeated, which only a move changes (moved counts them), and every
// attack worked out asks for three: they are worked out together and kept until a move.
func (b *Battle) ceBonus(c *Char, stat int) int {
	if c.ab.droid || c.ab.savage {
		return 0
	}
	if c.ce.moves != b.moves+1 {
		c.ce = ceMemo{moves: b.moves + 1}
		b.ceBonuses(c, &c.ce.bonus)
	}
	return c.ce.bonus[stat]
}

// ceBonuses works out the character's best bonus to each statistic.
func (b *Battle) ceBonuses(c *Char, best *[ceStats]int) {
	for _, cmd := range b.chars {
		if cmd.Side != c.Side || cmd.Defeated || cmd == c || cmd.Card.Commander == nil {
			continue
		}
		for i, e := range cmd.Card.Commander.Effects {
			st := cmd.effects[i].stat
			if st < 0 || e.Bonus <= best[st] {
				continue
			}
			if e.FollowersOnly && c.ab.hasCE {
				continue
			}
			if e.NameContains != "" && !strings.Contains(c.lowerName, cmd.effects[i].names) {
				continue
			}
			if e.Range > 0 && b.rangeTo(cmd.Pos, cmd.Size, c) > e.Range {
				continue
			}
			best[st] = e.Bonus
		}
	}
}
