package web

import (
	"fmt"
	"html"
	"math/rand/v2"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"muster/cmd/muster/internal/jobs"
	"muster/rules/swm/engine"
)

// swmPlayed plays a d20 quick-resolve of the Echo Base Salvage Mission's squads (seed 7, on
// the salvage map) and answers the result's address and the squads' files.
func swmPlayed(t *testing.T, ts *testServer, battles int) (string, [2][]byte) {
	t.Helper()
	rebel, imperial := "../../../../rules/swm/testdata/salvage-rebel.yaml", "../../../../rules/swm/testdata/salvage-imperial.yaml"
	a := ts.importText(t, fileText(t, rebel), "")
	b := ts.importText(t, fileText(t, imperial), "")
	r := ts.postForm("/swm/quick-resolve", url.Values{"a": {a}, "b": {b}, "scenario": {"salvage"}, "battles": {strconv.Itoa(battles)}, "seed": {"7"}})
	wantStatus(t, "POST /swm/quick-resolve", r, http.StatusSeeOther)
	return waitResult(t, ts, r.header.Get("Location")), [2][]byte{readTestFile(t, rebel), readTestFile(t, imperial)}
}

var (
	replayFigRE    = regexp.MustCompile(`<g class="fig" data-fig="(\d+)" data-side="\d" data-square="(\d+),(\d+)">`)
	replayFellRE   = regexp.MustCompile(`<g class="fell" data-fig="(\d+)">`)
	replayAttackRE = regexp.MustCompile(`<line class="attack" data-fig="(\d+)" data-target="(\d+)" data-hit="(true|false)"`)
)

// The replay of a d20 quick-resolve's battle draws, step by step, the figures where the
// engine had them (the battle played again from the same squads, map and seed, traced), the
// attacks it made and the figures it defeated, with each step's log; the setup's squares are
// the log's own. The battles to watch by outcome link to battles of the quick-resolve.
func TestSWMReplayShowsTheEnginesBattle(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	result, files := swmPlayed(t, ts, 12)
	page := ts.get(result)
	wantStatus(t, result, page, http.StatusOK)
	if !strings.Contains(page.body, `href="`+result+`/replay"`) {
		t.Fatalf("the result's page has no link to its replay:\n%.3000s", idText(t, page.body, "outcome"))
	}
	const battle = 3
	r := ts.get(result + "/replay?battle=" + strconv.Itoa(battle))
	wantStatus(t, "the replay", r, http.StatusOK)

	squads, _, err := jobs.SWMSquads(jobs.SWMRequest{Squads: files, Scenario: "salvage"})
	if err != nil {
		t.Fatal(err)
	}
	m, _ := engine.Scenario("salvage")
	res, tr, err := engine.PlayTrace(m, squads[0], squads[1], rand.New(rand.NewPCG(7, battle)))
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(r.body, `<figure class="replay-frame" id="replay-frame-`)[1:]
	if len(parts) != len(tr.Frames) {
		t.Fatalf("the replay shows %d steps, the engine's battle had %d", len(parts), len(tr.Frames))
	}
	fell, attacks := 0, 0
	for k, part := range parts {
		part = part[:strings.Index(part, "</figure>")]
		f := tr.Frames[k]
		seen := map[int]bool{}
		for _, g := range replayFigRE.FindAllStringSubmatch(part, -1) {
			i, _ := strconv.Atoi(g[1])
			x, _ := strconv.Atoi(g[2])
			y, _ := strconv.Atoi(g[3])
			seen[i] = true
			if s := f.Figures[i]; s.Defeated || s.Pos != (engine.Point{X: x, Y: y}) {
				t.Errorf("step %d: figure %d (%s) drawn at (%d,%d), the engine had it at %v (defeated %v)", k, i, tr.Figures[i].Label, x, y, s.Pos, s.Defeated)
			}
		}
		for i, s := range f.Figures {
			if !s.Defeated && !seen[i] {
				t.Errorf("step %d: %s, in play, is not drawn", k, tr.Figures[i].Label)
			}
		}
		fell += len(replayFellRE.FindAllString(part, -1))
		attacks += len(replayAttackRE.FindAllString(part, -1))
	}
	defeated := 0
	for _, s := range tr.Frames[len(tr.Frames)-1].Figures {
		if s.Defeated {
			defeated++
		}
	}
	if fell != defeated || defeated == 0 {
		t.Errorf("the replay crosses out %d figures as they fall, the battle defeated %d", fell, defeated)
	}
	if n := strings.Count(strings.Join(res.Log, "\n"), " attacks "); attacks != n || n == 0 {
		t.Errorf("the replay draws %d attacks, the log has %d", attacks, n)
	}
	// The setup's squares are the ones the log says.
	setup := regexp.MustCompile(`(\[[AB]\] [^,:]+?) at \((\d+),(\d+)\)`)
	placed := setup.FindAllStringSubmatch(res.Log[1]+res.Log[2], -1)
	if len(placed) != len(tr.Figures) {
		t.Errorf("the log's setup places %d figures, the battle has %d", len(placed), len(tr.Figures))
	}
	for _, g := range placed {
		for i, fig := range tr.Figures {
			if fig.Label == g[1] {
				want := fmt.Sprintf(`data-fig="%d" data-side="%d" data-square="%s,%s"`, i, fig.Side, dec(g[2]), dec(g[3]))
				if !strings.Contains(parts[0], want) {
					t.Errorf("the setup does not draw %s where the log puts it (%s)", fig.Label, want)
				}
			}
		}
	}
	// Each step's log beside it.
	for k := range tr.Frames {
		if len(tr.Frames[k].Log) > 0 && !strings.Contains(r.body, html.EscapeString(tr.Frames[k].Log[0])) {
			t.Errorf("step %d's log line %q is not on the page", k, tr.Frames[k].Log[0])
		}
	}
	// The picks: a typical win, the longest battle, each linking to a battle of the run.
	picks := idText(t, r.body, "replay-picks")
	for _, want := range []string{"a typical win for", "the longest battle ("} {
		if !strings.Contains(picks, want) {
			t.Errorf("the battles to watch lack %q:\n%s", want, picks)
		}
	}
	// The battle number the form asks for is the battle's index plus one.
	if r := ts.get(result + "/replay?n=4"); !strings.Contains(r.body, "Battle 4 of 12") {
		t.Errorf("?n=4 is not battle 4 of 12: %d\n%.500s", r.status, r.body)
	}
}

// A battle the quick-resolve did not play is refused in words; another account's replay is
// not found, as its result is.
func TestSWMReplayRefusesBadBattlesAndOthers(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	result, _ := swmPlayed(t, ts, 3)
	for _, q := range []string{"battle=3", "battle=-1", "battle=x", "n=0", "n=4"} {
		r := ts.get(result + "/replay?" + q)
		wantStatus(t, q, r, http.StatusBadRequest)
		if !strings.Contains(r.body, "choose a whole number from") {
			t.Errorf("%s: the refusal does not say which battles there are:\n%.1500s", q, r.body)
		}
	}
	other := ts.client()
	ts.signUp(other, "other")
	ts.as(other, func() {
		r := ts.get(result + "/replay")
		wantStatus(t, "another account's replay", r, http.StatusNotFound)
		if !strings.Contains(r.body, "There is no such result.") {
			t.Errorf("another account's replay: %.500s", r.body)
		}
	})
}

// dec is a 1-based square number of the log as the map's 0-based one.
func dec(s string) string { n, _ := strconv.Atoi(s); return strconv.Itoa(n - 1) }
