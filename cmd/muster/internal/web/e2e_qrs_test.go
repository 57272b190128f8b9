package web

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// The assistant used through a whole solo game in Chromium, against the real server: start
// a game (counters, pool, Red Team), place another counter, come into sight of two counters
// (6 -1 +1 = 6: four Stormtroopers), reload (nothing rerolled), give the enemy orders, fire
// both ways, mark a wound, end the turn, undo a step, and play on until the enemy group is
// gone and its figures are back in the pool.
func TestSoloSkirmishGameInChromium(t *testing.T) {
	t.Parallel()
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	base := startServer(t)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	has := func(want string) func(string) bool { return func(s string) bool { return strings.Contains(s, want) } }
	// The first step places a counter (step 0 of the dice); the sighting is step 1.
	seed := seedWithD6(t, 1, 6)

	b.do("the new game form", chromedp.Navigate(base+"/qrs/solo"), chromedp.WaitVisible(css("#solo-new-form")),
		chromedp.SendKeys(css("#solo-name"), "Rescue at Kessel"),
		chromedp.SendKeys(css("#solo-seed"), strconv.FormatUint(seed, 10)))
	b.shot("qrs-solo-new-1280-light")
	b.do("start", chromedp.Click(css("#solo-start")), chromedp.WaitVisible(css("#solo-turn")))
	b.waitText("h1", has("Rescue at Kessel"))
	b.waitText("#group-1", has("Red Team"))
	if got := b.text("#group-1"); !strings.Contains(got, "Defence 9") {
		t.Errorf("Red Team (a Rebel Hero and three Rebel Troopers): %q, want Defence 3+2+2+2 = 9", got)
	}
	gameURL := b.location()

	b.do("place a counter", chromedp.Click(css("#spot details summary")), chromedp.SetValue(css("#add-kind"), "open"),
		chromedp.Click(css("#add-counter")))
	b.waitText("#result-h", has("Counter 4 placed (open)"))

	b.do("come into sight of counters 1 and 2", chromedp.Click(css("#sight-1")), chromedp.Click(css("#sight-2")),
		chromedp.Click(css("#spot-roll")))
	spot := b.waitText("#spot-result", has("D6 6"))
	if !strings.Contains(spot, "= 6") {
		t.Errorf("6 -1 (no contact) +1 (another counter): %q", spot)
	}
	b.waitText("#spot-force", has("4 Stormtroopers"))
	b.waitText("#solo-pool", has("8 Stormtrooper"))
	b.shot("qrs-solo-game-1280-light")

	b.do("reload", chromedp.Navigate(gameURL), chromedp.WaitVisible(css("#spot-result")))
	if again := b.text("#spot-result"); again != spot {
		t.Errorf("the reload shows %q, the roll was %q", again, spot)
	}

	b.do("orders for the enemy", chromedp.SetValue(css("#orders-group"), "all"), chromedp.Click(css("#mod-in-cover")),
		chromedp.Click(css("#orders-roll")))
	orders := b.waitText("#result", has("Modifiers:"))
	if !regexp.MustCompile(`D6 \d \+2 = \d`).MatchString(orders) {
		t.Errorf("orders for a group on Advance orders in cover: %q", orders)
	}

	b.do("Red Team fires at the Stormtroopers", chromedp.SetValue(css("#shoot-target"), "2"), chromedp.Click(css("#from-1")),
		chromedp.Click(css("#shoot-roll")))
	// Four Stormtroopers' Defence 8 against Red Team's Firepower 3+2+2+2 = 9: "Less than
	// enemies total"; 3 figures diced per shooter, so all four.
	fire := b.waitText("#result", has("rolls"))
	if !strings.Contains(fire, "Defence total under fire 8 against the shooters' firepower 9") || !strings.Contains(fire, "Less than enemies total") {
		t.Errorf("Red Team's fire: %q", fire)
	}

	b.do("the Stormtroopers fire back", chromedp.SetValue(css("#shoot-target"), "1"), chromedp.Click(css("#from-2")),
		chromedp.Click(css("#shoot-roll")))
	b.waitText("#result-h", has("Fire at group 1, Red Team"))

	b.do("mark a wound", chromedp.SetValue(css("#mark-1-2"), "wound"), chromedp.Click(css("#fig-1-2 button")))
	b.waitText("#result-h", has("Group 1, figure 2"))
	// (A figure already wounded by the fire falls to a second wound.)
	b.waitText("#fig-1-2", func(s string) bool {
		return strings.Contains(s, "wounded") || strings.Contains(s, "killed") || strings.Contains(s, "disabled")
	})

	b.do("undo the mark", chromedp.Click(css("#solo-undo")))
	b.waitText("#result-h", has("Fire at group 1"))
	if strings.Contains(b.text("#result-h"), "figure 2") {
		t.Error("undo left the mark")
	}

	b.do("end turn 1", chromedp.Click(css("#solo-end-turn")))
	b.waitText("#solo-turn", has("Turn 2"))

	// Turn 2: the Stormtroopers fall (marked at the table), the turn ends, they go back to
	// the pool and the group leaves the table.
	// (Those Red Team killed in turn 1 went back to the pool at its end.)
	left, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#group-2 .solo-figures li").length`))
	if err != nil {
		t.Fatal(err)
	}
	for fig := 1; fig <= left; fig++ {
		sel := "#fig-2-" + strconv.Itoa(fig)
		if strings.Contains(b.text(sel), "killed") {
			continue
		}
		b.do("mark a Stormtrooper down", chromedp.SetValue(css("#mark-2-"+strconv.Itoa(fig)), "down"), chromedp.Click(css(sel+" button")))
		b.waitText(sel, has("killed"))
	}
	b.shot("qrs-solo-game-turn2-1280-light")
	b.do("end turn 2", chromedp.Click(css("#solo-end-turn")))
	b.waitText("#solo-turn", has("Turn 3"))
	b.waitText("#solo-pool", has("12 Stormtrooper"))
	b.waitText("#solo-log", has("Group 2, Imperials at counter"))
	if log := b.text("#solo-log"); !strings.Contains(log, "is gone") || !strings.Contains(log, "Turn 3 begins.") {
		t.Errorf("the log: %q", log)
	}
	gone, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("group-2") === null`))
	if err != nil || !gone {
		t.Errorf("the enemy group is still on the table (%v)", err)
	}

	// The quick-resolve of the same approach, 200 games.
	b.do("quick-resolve", chromedp.Navigate(base+"/qrs/sim"), chromedp.WaitVisible(css("#sim-form")),
		chromedp.SetValue(css("#battles"), "200"), chromedp.Click(css("#sim-run")))
	b.waitText("#sim-result-h", has("200 games"))
	if got := b.text("#rate-objective"); !regexp.MustCompile(`Reaches the objective\s+\d+\.\d\d%\s+\d+\.\d\d% to \d+\.\d\d%`).MatchString(got) {
		t.Errorf("the objective's odds: %q", got)
	}
	for _, w := range []int64{1280, 360} {
		b.do("window", chromedp.EmulateViewport(w, 900))
		b.shot("qrs-sim-" + strconv.FormatInt(w, 10) + "-light")
	}
	// At 360 px the result does not scroll sideways (its table scrolls by itself).
	wide, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth + 1`))
	if err != nil || wide {
		t.Errorf("the quick-resolve's result is wider than a 360 px window (%v)", err)
	}
	b.do("window", chromedp.EmulateViewport(1280, 900))

	for _, theme := range []string{"light", "dark"} {
		for _, w := range []int64{1280, 360} {
			b.do("window", chromedp.EmulateViewport(w, 900), chromedp.Navigate(gameURL), chromedp.WaitVisible(css("#solo-turn")))
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.setAttribute("data-theme", "`+theme+`"), true`)); err != nil {
				t.Fatal(err)
			}
			b.shot("qrs-solo-end-" + strconv.FormatInt(w, 10) + "-" + theme)
			b.do("new game page", chromedp.Navigate(base+"/qrs/solo"), chromedp.WaitVisible(css("#solo-new-form")))
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.setAttribute("data-theme", "`+theme+`"), true`)); err != nil {
				t.Fatal(err)
			}
			b.shot("qrs-solo-new-" + strconv.FormatInt(w, 10) + "-" + theme)
		}
	}
}
