package web

import (
	crand "crypto/rand"
	"encoding/binary"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/web/form"
	"muster/views"
)

// optimizeAsk is a "What should I bring?" form as posted, read and checked: the opponents
// ticked (indexes into those offered, in the order posted) with their weights, the battles
// a change plays against each, the budget and the seed.
type optimizeAsk struct {
	chosen  []int
	weights []float64
	battles int
	budget  int
	seed    uint64
}

// optimizeOffer is an opponent the form offers: its id in the form and its name.
type optimizeOffer struct{ id, name string }

// readOptimizeAsk reads the posted form against the opponents offered, shared by one's own
// armies' form and a game night's list's. What was typed goes back into v first, so that a
// refusal shows it again; a refusal comes back as its status and the message naming the
// field and the fix. unknown is the message for an opponent not offered (a forged or stale
// id), one and noun what an opponent and the opponents are called ("army", "armies").
func readOptimizeAsk(c *echo.Context, v *views.OptimizeView, offered []optimizeOffer, unknown, one, noun string) (optimizeAsk, int, string) {
	var ask optimizeAsk
	posted, err := c.FormValues()
	if err != nil {
		return ask, http.StatusBadRequest, "The form could not be read: send it again."
	}
	v.Scenario, v.Battles, v.Budget, v.Seed = c.FormValue("scenario"), c.FormValue("battles"), c.FormValue("budget"), c.FormValue("seed")
	// A page drawn with everything ticked is read as posted: nothing is ticked unless sent.
	clear(v.Chosen)
	bad := false
	for _, id := range posted["opponent"] {
		found := false
		for k, o := range offered {
			if o.id == id && !v.Chosen[id] {
				ask.chosen, found = append(ask.chosen, k), true
			}
		}
		bad = bad || !found
		v.Chosen[id] = true
	}
	ask.weights = make([]float64, len(ask.chosen))
	wmsg := ""
	for k, i := range ask.chosen {
		o := offered[i]
		typed := strings.TrimSpace(c.FormValue("weight-" + o.id))
		v.Weights[o.id] = typed
		if typed == "" {
			ask.weights[k] = 1
			continue
		}
		w, err := strconv.ParseFloat(typed, 64)
		if err != nil || !(w >= 0.1 && w <= 100) {
			wmsg = fmt.Sprintf("Weight of %s: write a number from 0.1 to 100 (1 counts it as much as the others).", o.name)
		}
		ask.weights[k] = w
	}
	n, nmsg := form.Count("Battles a change plays against each", v.Battles, optimizeMinBattles, optimizeMaxBattles)
	budget, bmsg := form.Count("Budget", v.Budget, optimizeMinBudget, optimizeMaxBudget)
	ask.battles, ask.budget = n, budget
	k := len(ask.chosen)
	switch {
	case bad:
		return ask, http.StatusBadRequest, unknown
	case k == 0:
		return ask, http.StatusBadRequest, fmt.Sprintf("Against: tick one %s or more to play against.", one)
	case k > optimizeMaxOpps:
		return ask, http.StatusBadRequest, fmt.Sprintf("Against: tick at most %d %s.", optimizeMaxOpps, noun)
	case wmsg != "":
		return ask, http.StatusBadRequest, wmsg
	case nmsg != "":
		return ask, http.StatusBadRequest, nmsg
	case bmsg != "":
		return ask, http.StatusBadRequest, bmsg
	case budget < 4*n*k:
		return ask, http.StatusBadRequest, fmt.Sprintf("Budget: %d battles cannot measure the list against %d %s and try one change (%d at least, at %d battles a change); write a larger budget or fewer battles.",
			budget, k, noun, 4*n*k, n)
	}
	if strings.TrimSpace(v.Seed) == "" {
		var b [8]byte
		_, _ = crand.Read(b[:])
		ask.seed = binary.LittleEndian.Uint64(b[:]) >> 1
	} else if ask.seed, err = strconv.ParseUint(strings.TrimSpace(v.Seed), 10, 64); err != nil {
		return ask, http.StatusBadRequest, "Seed: a whole number from 0 to 18446744073709551615, or empty for a new one."
	}
	return ask, 0, ""
}
