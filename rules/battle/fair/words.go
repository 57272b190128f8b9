package fair

import (
	"fmt"
	"strings"
)

// Found says in a player's words where strong list l of the side named side came from and
// what its search found: the random list it started from, the battles searched, and either
// the changes taken with their gain in expected score against the other side's lists
// (measured on seeds the search never used) or that no change was surely better. The web
// page and muster fair both say it this way. A search that took no change is its random
// list: its "gain" is nothing by construction, so no interval is given for it.
func Found(side string, l List) string {
	out := fmt.Sprintf("The list optimizer's search from %s random list %d (%d battles searched)", side, l.From, l.Search)
	if len(l.Changes) == 0 {
		return out + ": no change was surely better, so it is that random list."
	}
	if l.Gain != nil && l.GainCI != nil {
		out += fmt.Sprintf(": %+.1f points of expected score over it against the other side's lists (95%%: %+.1f to %+.1f, on seeds the search never used)",
			100**l.Gain, 100*l.GainCI[0], 100*l.GainCI[1])
	}
	return out + ". Changes: " + strings.Join(l.Changes, "; ") + "."
}
