package web

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"muster/costing"
	"muster/db"
	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/battle/muster"
)

// savedPickSim saves a matchup of the reference armies with master seed 7 and the given
// number of battles, as its owner, and returns its id.
func savedPickSim(t *testing.T, ts *testServer, battles int) string {
	t.Helper()
	a, b := ts.importFile(rebel1500), ts.importFile(imperial1500)
	m, err := ts.store.SaveSim(context.Background(), db.Sim{Owner: ts.ownerID(), ArmyA: a, VersionA: 1, ArmyB: b, VersionB: 1,
		Scenario: "open-field", Battles: battles, Seed: "7"})
	if err != nil {
		t.Fatal(err)
	}
	return m.ID
}

// pickLink is a link of the replay's "Battles to watch by outcome".
type pickLink struct {
	href, text string
	battle     int
}

func pickLinks(t *testing.T, body string) (links []pickLink, note string) {
	t.Helper()
	doc := parseHTML(t, body)
	nav := byID(doc, "replay-picks")
	if nav == nil {
		t.Fatal("the replay has no battles picked by outcome")
	}
	if n := byID(nav, "replay-picks-note"); n != nil {
		note = text(n)
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "a" {
			href, _ := attr(n, "href")
			i, _ := attr(n, "data-battle")
			k, err := strconv.Atoi(i)
			if err != nil {
				t.Fatalf("link %q: data-battle %q", href, i)
			}
			links = append(links, pickLink{href, strings.Join(strings.Fields(text(n)), " "), k})
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(nav)
	return links, note
}

// pickForces are the reference armies as the matchup fields them.
func pickForces(t *testing.T) [2]*battle.Force {
	t.Helper()
	var forces [2]*battle.Force
	for s, f := range []string{rebel1500, imperial1500} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		army, err := roster.Read(data)
		if err != nil {
			t.Fatal(err)
		}
		cat, _ := costing.CatalogFor(rules.Default(), army)
		if forces[s], err = muster.NewForce(cat, army); err != nil {
			t.Fatal(err)
		}
	}
	return forces
}

// The replay links to battles picked by outcome, and each is what its link says: played
// again here from the matchup's seed, a typical win is a win of that army with a margin
// as near the median of its wins' margins as any, the closest loss a loss with the smallest
// margin, the longest battle one with the most turns (the first such). Each link opens that
// battle on the same route.
func TestReplayLinksBattlesPickedByOutcome(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	const battles = 60
	id := savedPickSim(t, ts, battles)
	r := ts.get("/sims/" + id + "/replay")
	wantStatus(t, "replay", r, http.StatusOK)
	links, note := pickLinks(t, r.body)
	if note != "" {
		t.Errorf("60 battles, all played again, yet the note %q", note)
	}

	forces := pickForces(t)
	field, err := battle.LoadScenario("open-field")
	if err != nil {
		t.Fatal(err)
	}
	bt := battle.New(field, forces[0], forces[1])
	type outcome struct{ winner, margin, turns int }
	out := make([]outcome, battles)
	maxTurns := 0
	for i := range out {
		res := bt.Play(battle.BattleSeed(7, uint64(i)), nil)
		o := outcome{winner: res.Winner, turns: res.Turns}
		if o.winner >= 0 {
			o.margin = res.VP[o.winner] - res.VP[1-o.winner]
		}
		out[i] = o
		maxTurns = max(maxTurns, o.turns)
	}
	names := [2]string{forces[0].Name, forces[1].Name}
	// "(by 120 victory points", or "(20 victory points behind" (a win) or "ahead" (a loss)
	// when the winner had fewer.
	byRe := regexp.MustCompile(`\((?:by (\d+) victory points?|(\d+) victory points? (?:behind|ahead))`)
	seen := map[string]bool{}
	t.Logf("picks: %v", links)
	for _, l := range links {
		prefix := "Battle " + strconv.Itoa(l.battle+1) + ": "
		if !strings.HasPrefix(l.text, prefix) {
			t.Errorf("link %q does not start %q", l.text, prefix)
		}
		if want := "/sims/" + id + "/replay?battle=" + strconv.Itoa(l.battle); l.href != want {
			t.Errorf("link %q goes to %q, want %q", l.text, l.href, want)
		}
		o := out[l.battle]
		said := -1 << 30
		if m := byRe.FindStringSubmatch(l.text); m != nil && m[1] != "" {
			said, _ = strconv.Atoi(m[1])
		} else if m != nil {
			said, _ = strconv.Atoi(m[2])
			said = -said
		}
		for s, name := range names {
			switch {
			case strings.Contains(l.text, "a typical win for "+name+" "):
				seen["win"+strconv.Itoa(s)] = true
				if o.winner != s || said != o.margin {
					t.Errorf("%q: battle %d was won by side %d by %d", l.text, l.battle, o.winner, o.margin)
				}
				var margins []int
				for _, x := range out {
					if x.winner == s {
						margins = append(margins, x.margin)
					}
				}
				median2 := medianTwice(margins)
				for i, x := range out {
					if x.winner == s && abs2(2*x.margin-median2) < abs2(2*o.margin-median2) {
						t.Errorf("%q: battle %d's margin %d is nearer the median %d/2", l.text, i+1, x.margin, median2)
					}
				}
			case strings.Contains(l.text, "the closest loss for "+name+" "):
				seen["loss"+strconv.Itoa(s)] = true
				if o.winner != 1-s || said != o.margin {
					t.Errorf("%q: battle %d was won by side %d by %d", l.text, l.battle, o.winner, o.margin)
				}
				for i, x := range out {
					if x.winner == 1-s && x.margin < o.margin {
						t.Errorf("%q: battle %d was lost by %d only", l.text, i+1, x.margin)
					}
				}
			}
		}
		if strings.Contains(l.text, "the longest battle") {
			seen["longest"] = true
			if want := "(" + strconv.Itoa(maxTurns) + " turns)"; o.turns != maxTurns || !strings.Contains(l.text, want) {
				t.Errorf("%q: battle %d lasted %d turns, the longest %d", l.text, l.battle, o.turns, maxTurns)
			}
			for i := range l.battle {
				if out[i].turns == maxTurns {
					t.Errorf("%q: battle %d lasted as long, and came first", l.text, i+1)
				}
			}
		}
		if strings.Contains(l.text, "draw") && o.winner != -1 {
			t.Errorf("%q: battle %d was not a draw", l.text, l.battle)
		}
		p := ts.get(l.href)
		wantStatus(t, l.href, p, http.StatusOK)
		if want := "Battle " + strconv.Itoa(l.battle+1) + " of " + strconv.Itoa(battles); !strings.Contains(p.body, want) {
			t.Errorf("%s does not say %q", l.href, want)
		}
	}
	for _, k := range []string{"win0", "loss0", "win1", "loss1", "longest"} {
		if !seen[k] {
			t.Errorf("no %s pick among %v", k, links)
		}
	}
}

// A matchup of more than replayPickMax battles is picked among its first replayPickMax, and
// the page says so.
func TestReplayPicksAmongTheFirstBattlesOnly(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := savedPickSim(t, ts, replayPickMax+1)
	r := ts.get("/sims/" + id + "/replay?battle=" + strconv.Itoa(replayPickMax))
	wantStatus(t, "replay", r, http.StatusOK)
	links, note := pickLinks(t, r.body)
	if want := fmt.Sprintf("Picked among the first %d of the %d battles.", replayPickMax, replayPickMax+1); note != want {
		t.Errorf("note %q, want %q", note, want)
	}
	if len(links) == 0 {
		t.Fatal("no picks")
	}
	for _, l := range links {
		if l.battle >= replayPickMax {
			t.Errorf("%q: picked beyond the first %d", l.text, replayPickMax)
		}
	}
}

func medianTwice(m []int) int {
	s := append([]int(nil), m...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[(len(s)-1)/2] + s[len(s)/2]
}

func abs2(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
