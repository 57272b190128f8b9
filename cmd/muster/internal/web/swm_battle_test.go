package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// swmPlay asks for a d20 quick-resolve (the form's values as a query string), follows its
// job to the end and answers the result's page.
func swmPlay(t *testing.T, ts *testServer, query string) response {
	t.Helper()
	v, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	r := postJob(t, ts, "/swm/quick-resolve", v)
	if !strings.Contains(r.body, `id="swm-battle-form"`) {
		t.Fatalf("the quick-resolve (%s) answered %d:\n%.2000s", query, r.status, r.body)
	}
	return r
}

// The d20 quick-resolve on the web plays what `muster swm sim` plays: the Echo Base Salvage
// Mission's squads (with the test house numbers for the unprinted cards) on the salvage
// map, the same seed, the same wins, draws and losses.
func TestSWMQuickResolveMatchesTheCommandLine(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	rebel, imperial := "../../../../rules/swm/testdata/salvage-rebel.yaml", "../../../../rules/swm/testdata/salvage-imperial.yaml"
	a := ts.importText(t, fileText(t, rebel), "")
	b := ts.importText(t, fileText(t, imperial), "")
	r := swmPlay(t, ts, "a="+a+"&b="+b+"&scenario=salvage&battles=20&seed=7")
	wantStatus(t, "quick-resolve", r, http.StatusOK)
	code, out, errOut := runMuster(t, "swm", "sim", "--battles", "20", "--seed", "7", "--scenario", "salvage", "--json", rebel, imperial)
	if code != 0 {
		t.Fatalf("muster swm sim: %d %s", code, errOut)
	}
	var cli struct{ Wins, Draws, Losses int }
	if err := json.Unmarshal([]byte(out), &cli); err != nil {
		t.Fatal(err)
	}
	table := idText(t, r.body, "swm-outcome")
	for _, n := range []int{cli.Wins, cli.Draws, cli.Losses} {
		if !strings.Contains(table, " "+strconv.Itoa(n)+" ") {
			t.Errorf("the page's outcome %q lacks the command line's %d (wins %d, draws %d, losses %d)", table, n, cli.Wins, cli.Draws, cli.Losses)
		}
	}
	if cli.Wins+cli.Draws+cli.Losses != 20 {
		t.Errorf("the command line played %d battles", cli.Wins+cli.Draws+cli.Losses)
	}
	// The first battle's log is muster swm battle's with the same seed.
	code, battle, errOut := runMuster(t, "swm", "battle", "--seed", "7", "--scenario", "salvage", rebel, imperial)
	if code != 0 {
		t.Fatalf("muster swm battle: %d %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(battle), "\n")
	log := idText(t, r.body, "swm-log")
	for _, l := range []string{lines[2], lines[len(lines)/2], lines[len(lines)-3]} {
		if !strings.Contains(log, strings.TrimSpace(l)) {
			t.Errorf("the page's first battle lacks muster swm battle's line %q", l)
		}
	}
}

// A player with the rulebook open picks the map by the scenario's title ("Echo Base Salvage
// Mission", rulebook p. 27; "Assault on Echo Base"), told which maps are Muster's drawings,
// and reads the points each squad defeated as the enemy's, the rulebook's tie-breaker count
// (Victory: "the point cost of enemy characters each player has defeated").
func TestSWMQuickResolveNamesMapsAndPointsInTheRulebooksWords(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	a := ts.importText(t, fileText(t, "../../../../rules/swm/testdata/salvage-rebel.yaml"), "")
	b := ts.importText(t, fileText(t, "../../../../rules/swm/testdata/salvage-imperial.yaml"), "")
	r := swmPlay(t, ts, "a="+a+"&b="+b+"&scenario=salvage&battles=5&seed=7")
	wantStatus(t, "quick-resolve", r, http.StatusOK)
	maps := idText(t, r.body, "scenario")
	for _, want := range []string{"Open field (the Quick Start's setup", "Echo Base Salvage Mission (map drawn from the scenario's description)", "Assault on Echo Base (map drawn"} {
		if !strings.Contains(maps, want) {
			t.Errorf("the map picker lacks %q: %s", want, maps)
		}
	}
	if !strings.Contains(r.body, `<option value="salvage" selected>Echo Base Salvage Mission`) {
		t.Error("the map played is not the one shown as chosen")
	}
	if means := idText(t, r.body, "swm-means"); !strings.Contains(means, "Enemy points each squad defeated, on average (the rulebook's tie-breaker count): Echo Base remnant") {
		t.Errorf("the points defeated do not say whose: %s", means)
	}
}

// The rulebook prints few cards whole: two squads of the sample cards cannot take the field,
// and the page names each unit and the values it lacks instead of playing.
func TestSWMQuickResolveNamesTheMissingValues(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	s := ts.importText(t, fileText(t, swmSample), "")
	r := ts.get("/swm/quick-resolve?a=" + s + "&b=" + s)
	wantStatus(t, "quick-resolve", r, http.StatusOK)
	missing := idText(t, r.body, "swm-missing")
	if !strings.Contains(missing, "Unit 1, Princess Leia, Hoth Commander: not known: hp, defense") {
		t.Errorf("missing values: %s", missing)
	}
	// The squad plays both sides here: what it lacks is said once.
	if n := strings.Count(missing, "Unit 1, Princess Leia, Hoth Commander"); n != 1 {
		t.Errorf("Princess Leia's missing values are listed %d times, want once: %s", n, missing)
	}
	if byID(parseHTML(t, r.body), "outcome") != nil {
		t.Error("an incomplete squad was played")
	}
	bad := ts.get("/swm/quick-resolve?a=" + s + "&b=" + s + "&battles=5000")
	if !strings.Contains(bad.body, "Battles: write a whole number from 1 to 100") {
		t.Error("too many battles is not refused in words")
	}
	// A seed the command line takes plays; one past its 64 bits is named with the range.
	big := ts.get("/swm/quick-resolve?a=" + s + "&b=" + s + "&seed=18446744073709551616")
	if !strings.Contains(big.body, "Seed: write a whole number from 0 to 18446744073709551615, not &#34;18446744073709551616&#34;") {
		t.Errorf("a seed past 64 bits: %s", idText(t, big.body, "content"))
	}
	if n := byID(parseHTML(t, big.body), "seed"); n == nil {
		t.Error("no seed field")
	} else if v, _ := attr(n, "value"); v != "18446744073709551616" {
		t.Error("the refused seed is not kept as typed")
	}
	q := ts.importText(t, fileText(t, qrsPatrol), "")
	other := ts.get("/swm/quick-resolve?a=" + s + "&b=" + q)
	if !strings.Contains(other.body, "Endor Patrol is not a d20 squad") {
		t.Errorf("an army of another game: %.2000s", other.body)
	}
}

// A squad that breaks the squad-building rules does not take the field on the web, as
// `muster swm sim` refuses it: the Salvage Mission's Imperial squad (26 points) with a
// limit of 20 is named with its error, and nothing is played. Two squads of one side of the
// Force (Characters, p. 12) are played with a note saying so; Rebels against the Empire
// draw none.
func TestSWMQuickResolveRefusesASquadThatBreaksTheRules(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	rebelFile, imperialFile := "../../../../rules/swm/testdata/salvage-rebel.yaml", "../../../../rules/swm/testdata/salvage-imperial.yaml"
	rebel := ts.importText(t, fileText(t, rebelFile), "")
	imperial := ts.importText(t, fileText(t, imperialFile), "")
	over := ts.importText(t, strings.Replace(fileText(t, imperialFile), "limit: 26", "limit: 20", 1), "")
	r := ts.get("/swm/quick-resolve?a=" + rebel + "&b=" + over + "&scenario=salvage&battles=5")
	wantStatus(t, "quick-resolve", r, http.StatusOK)
	doc := parseHTML(t, r.body)
	if byID(doc, "outcome") != nil {
		t.Error("a squad 6 points over its limit was played")
	}
	broken := idText(t, r.body, "swm-broken")
	if !strings.Contains(broken, "Blizzard Force recon") || !strings.Contains(broken, "the squad costs 26 points, 6 over the limit of 20") {
		t.Errorf("the refusal: %s", broken)
	}
	if !strings.Contains(r.body, `href="/armies/`+over+`/edit"`) {
		t.Error("the refusal does not link to the squad's editor")
	}

	same := swmPlay(t, ts, "a="+imperial+"&b="+imperial+"&scenario=salvage&battles=5")
	if !strings.Contains(idText(t, same.body, "swm-sides"), "both squads fight for the dark side") || byID(parseHTML(t, same.body), "outcome") == nil {
		t.Error("two Empire squads of the Rebellion era: want the battles played with a note")
	}
	mixed := swmPlay(t, ts, "a="+rebel+"&b="+imperial+"&scenario=salvage&battles=5")
	if byID(parseHTML(t, mixed.body), "swm-sides") != nil {
		t.Error("Rebels against the Empire drew the same-side note")
	}
}

// The web quick-resolve sets up by side as muster swm battle and sim do (they share the
// engine, and the squads' sides come from their files the same way): the Assault on Echo
// Base with either squad first plays the command line's battles, wins, draws and losses
// counted for the squad picked first. Were the page to lose the sides, its squads would set
// up by file order, Vader's team in the Rebel outpost, and the counts would differ.
func TestSWMQuickResolveSetsUpBySideWhicheverSquadComesFirst(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	rebel, imperial := "../../../../rules/swm/testdata/assault-rebel.yaml", "../../../../rules/swm/testdata/assault-imperial.yaml"
	ids := map[string]string{rebel: ts.importText(t, fileText(t, rebel), ""), imperial: ts.importText(t, fileText(t, imperial), "")}
	for _, files := range [][2]string{{imperial, rebel}, {rebel, imperial}} {
		r := swmPlay(t, ts, "a="+ids[files[0]]+"&b="+ids[files[1]]+"&scenario=assault&battles=30&seed=11")
		wantStatus(t, "quick-resolve", r, http.StatusOK)
		code, out, errOut := runMuster(t, "swm", "sim", "--battles", "30", "--seed", "11", "--scenario", "assault", "--json", files[0], files[1])
		if code != 0 {
			t.Fatalf("muster swm sim: %d %s", code, errOut)
		}
		var cli struct{ Wins, Draws, Losses int }
		if err := json.Unmarshal([]byte(out), &cli); err != nil {
			t.Fatal(err)
		}
		table := idText(t, r.body, "swm-outcome")
		for _, n := range []int{cli.Wins, cli.Draws, cli.Losses} {
			if !strings.Contains(table, " "+strconv.Itoa(n)+" ") {
				t.Errorf("%s first: the page's outcome %q lacks the command line's %d (wins %d, draws %d, losses %d)", files[0], table, n, cli.Wins, cli.Draws, cli.Losses)
			}
		}
	}
}
