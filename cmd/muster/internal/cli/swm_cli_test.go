package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"muster/cmd/muster/internal/testkit"
	"muster/rules/system"
)

func runSWM(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(args, &out, &errb)
	return out.String(), errb.String(), code
}

// Done-when: muster cost on the rulebook's sample Rebel Alliance squad gives 100, exit 0.
func TestSWMCostSampleRebelSquadIsOneHundred(t *testing.T) {
	out, errs, code := runSWM(t, "cost", "--json", "testdata/swm/sample-rebel.yaml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep system.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Total != 100 || rep.Limit != 100 || rep.System != "swm" || len(rep.Units) != 5 {
		t.Errorf("report %+v", rep)
	}
	text, _, code := runSWM(t, "cost", "testdata/swm/sample-rebel.yaml")
	if code != 0 || !strings.Contains(text, "Army total: 100 of 100 points") {
		t.Errorf("exit %d:\n%s", code, text)
	}
}

// The text report names each problem's unit once, counted from 1 as the JSON's messages and
// the screens count it ("Unit 6, Princess Leia, Hoth Commander: card: ..."), never the
// file's zero-based path beside it ("units[5].card: Unit 6, ...").
func TestSWMCheckTextNamesTheUnitOnceFromOne(t *testing.T) {
	out, errs, code := runSWM(t, "check", "testdata/swm/two-leias.yaml")
	if code != 1 {
		t.Fatalf("exit %d, want 1 (%s)", code, errs)
	}
	want := "  error: Unit 6, Princess Leia, Hoth Commander: card: a second Unique Princess Leia; unit 1 is already Princess Leia"
	if !strings.Contains(out, want) {
		t.Errorf("no line %q in:\n%s", want, out)
	}
	if strings.Contains(out, "units[") {
		t.Errorf("a problem names the file's zero-based path:\n%s", out)
	}
}

// A second Princess Leia, and 101 points against 100: errors naming the unit, exit 1.
func TestSWMCheckSecondLeiaAndOnePointOver(t *testing.T) {
	for file, want := range map[string]string{
		"testdata/swm/two-leias.yaml":  "Unit 6, Princess Leia, Hoth Commander: a second Unique Princess Leia",
		"testdata/swm/over-limit.yaml": "Unit 6, Echo Base Deck Officer: this unit takes the squad past its limit; the squad costs 101 points, 1 over the limit of 100",
	} {
		out, errs, code := runSWM(t, "check", "--json", file)
		if code != 1 {
			t.Errorf("%s: exit %d, want 1 (%s)", file, code, errs)
		}
		var rep system.Report
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, p := range rep.Problems {
			found = found || (p.Severity == system.Error && strings.HasPrefix(p.Message, want))
		}
		if !found {
			t.Errorf("%s: no error %q in %+v", file, want, rep.Problems)
		}
	}
}

func TestSWMUnreadableSquadExitsTwoWithLineAndColumn(t *testing.T) {
	path := testkit.WriteFile(t, "format: 1\nsystem: swm\nfaction: Empire\nunits:\n  - card: Snowtrooper\n    colour: white\n")
	_, errs, code := runSWM(t, "cost", path)
	if code != 2 || !strings.Contains(errs, "line 6, column") {
		t.Errorf("exit %d, %q", code, errs)
	}
}

// muster odds d20 on the Example of Combat: the Snowtrooper (+4) with one ally combining
// fire on Han (Defense 16, cover): hits on 12+, 9 faces of 20; a critical 1 of 20;
// expected damage (8 x 10 + 20) / 20 = 5.
func TestSWMOddsD20SnowtrooperOnHanJSON(t *testing.T) {
	out, errs, code := runSWM(t, "odds", "d20", "--attack", "4", "--defense", "16", "--damage", "10", "--cover", "--combined", "1", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got map[string]float64
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got["hit"] != 0.45 || got["critical"] != 0.05 || got["expected_damage"] != 5 {
		t.Errorf("%v", got)
	}
	// Leia on Vader, 140 Hit Points at 20 a hit: the mean number of attacks is printed.
	text, _, code := runSWM(t, "odds", "d20", "--attack", "7", "--defense", "23", "--damage", "20", "--hp", "140")
	if code != 0 || !strings.Contains(text, "hit               25.00%  (1/4)") || !strings.Contains(text, "Attacks to defeat 140 Hit Points") {
		t.Errorf("exit %d:\n%s", code, text)
	}
	if _, _, code := runSWM(t, "odds", "d20", "--attack", "4"); code != 2 {
		t.Errorf("missing --defense: exit %d, want 2", code)
	}
}

// muster swm battle refuses the rulebook's sample squad (its cards are not all printed),
// naming each unit and the missing values, exit 2.
func TestSWMBattleNamesMissingCardValues(t *testing.T) {
	_, errs, code := runSWM(t, "swm", "battle", "testdata/swm/sample-rebel.yaml", "../../../../rules/swm/testdata/salvage-imperial.yaml")
	if code != 2 || !strings.Contains(errs, "Unit 2, Rebel Leader: not known: hp, defense, attack, damage") {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// muster swm battle plays the Echo Base Salvage Mission with completed cards and logs it;
// the same seed prints the same battle.
func TestSWMBattleSalvageLogReplays(t *testing.T) {
	args := []string{"swm", "battle", "--seed", "4", "--scenario", "salvage", "../../../../rules/swm/testdata/salvage-rebel.yaml", "../../../../rules/swm/testdata/salvage-imperial.yaml"}
	out, errs, code := runSWM(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "Round 1:") || !(strings.Contains(out, " wins: ") || strings.Contains(out, "Draw: ")) {
		t.Errorf("log:\n%s", out)
	}
	again, _, _ := runSWM(t, args...)
	if again != out {
		t.Error("the same seed printed a different battle")
	}
	if _, _, code := runSWM(t, "swm", "battle", "--scenario", "tatooine", "a.yaml", "b.yaml"); code != 2 {
		t.Errorf("an unknown scenario: exit %d", code)
	}
}

// muster swm sim --json: wins, draws and losses that add up, 95% intervals around the
// rates, and the not-simulated list.
func TestSWMSimJSON(t *testing.T) {
	out, errs, code := runSWM(t, "swm", "sim", "--battles", "40", "--seed", "3", "--json", "../../../../rules/swm/testdata/salvage-rebel.yaml", "../../../../rules/swm/testdata/salvage-imperial.yaml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var s struct {
		Battles, Wins, Draws, Losses int
		WinRate                      float64    `json:"win_rate"`
		WinInterval                  [2]float64 `json:"win_interval"`
		NotSimulated                 []string   `json:"not_simulated"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if s.Battles != 40 || s.Wins+s.Draws+s.Losses != 40 || s.WinInterval[0] > s.WinRate || s.WinInterval[1] < s.WinRate || len(s.NotSimulated) == 0 {
		t.Errorf("%+v", s)
	}
}

// muster swm cards shows the printed values and asks for the rest: Vader's Defense 23 is
// known, his Attack is not.
func TestSWMCardsListsKnownAndUnknown(t *testing.T) {
	out, _, code := runSWM(t, "swm", "cards")
	if code != 0 || !strings.Contains(out, "Darth Vader, Imperial Commander (Empire) cost 53\n  HP 140  Defense 23  Attack ?") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	js, _, code := runSWM(t, "swm", "cards", "--json")
	var list []map[string]any
	if code != 0 || json.Unmarshal([]byte(js), &list) != nil || len(list) != 14 {
		t.Fatalf("exit %d: %d cards", code, len(list))
	}
	if list[0]["name"] != "Luke Skywalker on Tauntaun" || list[1]["attack"] != nil {
		t.Errorf("Luke first, Han's attack null: %v, %v", list[0]["name"], list[1]["attack"])
	}
}

// muster swm sheet: the sample squad's sheet with a Hit Point track per figure: Vader's
// printed 140 is 14 boxes of 10; unknown values are blanks to fill in.
func TestSWMSheetHitPointTrack(t *testing.T) {
	out, errs, code := runSWM(t, "swm", "sheet", "testdata/swm/sample-rebel.yaml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "Unit 5, Hoth Trooper, 7 points each") || strings.Count(out, "  figure ") != 8 ||
		!strings.Contains(out, "Princess Leia, Hoth Commander, 19 points each\n  Defense ____  Attack +7  Damage 20") {
		t.Errorf("sheet:\n%s", out)
	}
	if got := hpTrack(ptr(140)); strings.Count(got, "[ ]") != 14 {
		t.Errorf("140 Hit Points: %q", got)
	}
	if got := hpTrack(ptr(25)); strings.Count(got, "[ ]") != 5 {
		t.Errorf("25 Hit Points in boxes of 5: %q", got)
	}
}

func ptr(v int) *int { return &v }

// muster swm battle sets each squad up in its own side's area, the Dark Side first, whichever
// file comes first (rulebook: the scenarios' "The Rebel forces set up anywhere within the
// red-shaded area ... The Imperial forces ... within the blue-shaded area", and "The Dark
// Side squad sets up first, then the Light Side squad"). Muster's maps put the Imperials'
// area at the top (assault: rows 1-4; salvage: rows 1-3) and the Rebels' at the bottom, the
// outpost's rows on the assault map (16-20; salvage: 20-22). The log still calls the first
// file's squad [A] and reports the points each file's squad defeated under its own name.
// Before, the first file took the Rebels' area and the second set up first: Vader's strike
// team, its file first, stood inside the Rebel outpost.
func TestSWMBattleSetsUpBySideWhicheverFileComesFirst(t *testing.T) {
	at := regexp.MustCompile(`at \((\d+),(\d+)\)`)
	for _, sc := range []struct {
		name, imperial, rebel string
		impLast, rebFirst     int // the Imperials' last row, the Rebels' first
	}{
		{"assault", "../../../../rules/swm/testdata/assault-imperial.yaml", "../../../../rules/swm/testdata/assault-rebel.yaml", 4, 16},
		{"salvage", "../../../../rules/swm/testdata/salvage-imperial.yaml", "../../../../rules/swm/testdata/salvage-rebel.yaml", 3, 20},
	} {
		names := map[string]string{sc.imperial: map[string]string{"assault": "Vader's strike team", "salvage": "Blizzard Force recon"}[sc.name],
			sc.rebel: map[string]string{"assault": "Echo Base defenders", "salvage": "Echo Base remnant"}[sc.name]}
		for _, files := range [][2]string{{sc.imperial, sc.rebel}, {sc.rebel, sc.imperial}} {
			out, errs, code := runSWM(t, "swm", "battle", "--seed", "2", "--scenario", sc.name, files[0], files[1])
			if code != 0 {
				t.Fatalf("%s %v: exit %d: %s", sc.name, files, code, errs)
			}
			imp, reb := names[sc.imperial], names[sc.rebel]
			var first, then string
			for _, l := range strings.Split(out, "\n") {
				if strings.HasPrefix(l, "Setup, first: ") {
					first = l
				} else if strings.HasPrefix(l, "Setup, then: ") {
					then = l
				}
			}
			if !strings.Contains(first, "] "+imp+", in the Dark Side's area: ") || !strings.Contains(then, "] "+reb+", in the Light Side's area: ") {
				t.Errorf("%s, %s first: want %s first in the Dark Side's area, then %s:\n%s\n%s", sc.name, names[files[0]], imp, reb, first, then)
			}
			for _, m := range at.FindAllStringSubmatch(first, -1) {
				if row, _ := strconv.Atoi(m[2]); row > sc.impLast {
					t.Errorf("%s, %s first: an Imperial figure sets up on row %d, below the Imperials' rows 1-%d: %s", sc.name, names[files[0]], row, sc.impLast, first)
				}
			}
			for _, m := range at.FindAllStringSubmatch(then, -1) {
				if row, _ := strconv.Atoi(m[2]); row < sc.rebFirst {
					t.Errorf("%s, %s first: a Rebel figure sets up on row %d, above the Rebels' rows from %d: %s", sc.name, names[files[0]], row, sc.rebFirst, then)
				}
			}
			a, b := names[files[0]], names[files[1]]
			if !strings.Contains(out, "[A] is "+a+", [B] is "+b) || !strings.Contains(out, "points defeated "+a+" ") ||
				strings.Index(out, "points defeated "+a+" ") > strings.LastIndex(out, ", "+b+" ") {
				t.Errorf("%s, %s first: the log does not name [A] the first file's squad, or the points out of order:\n%.400s", sc.name, a, out)
			}
		}
	}
}

// muster swm battle --battle I plays battle I of muster swm sim's run with the seed (the
// web replay's ?battle=), and --html writes it as one page, the web's d20 replay: a step
// for the setup and each activation, the log printed the same as without it.
func TestSWMBattleWritesItsReplay(t *testing.T) {
	squads := []string{"../../../../rules/swm/testdata/salvage-rebel.yaml", "../../../../rules/swm/testdata/salvage-imperial.yaml"}
	page := filepath.Join(t.TempDir(), "replay.html")
	args := append([]string{"swm", "battle", "--seed", "7", "--battle", "3", "--scenario", "salvage"}, squads...)
	plain, errs, code := runSWM(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	withPage, errs, code := runSWM(t, append([]string{"swm", "battle", "--seed", "7", "--battle", "3", "--scenario", "salvage", "--html", page}, squads...)...)
	if code != 0 {
		t.Fatalf("--html: exit %d: %s", code, errs)
	}
	if withPage != plain {
		t.Error("--html printed a different battle")
	}
	first, _, _ := runSWM(t, append([]string{"swm", "battle", "--seed", "7", "--scenario", "salvage"}, squads...)...)
	if first == plain {
		t.Error("--battle 3 printed battle 0")
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	turns := strings.Count(plain, "'s turn (")
	if n := strings.Count(string(html), `class="replay-frame"`); n != turns+1 {
		t.Errorf("the page has %d steps, the battle %d activations and its setup", n, turns)
	}
	for _, want := range []string{"seed 7, battle 3", `class="replay-svg replay-grid"`, "Set-up", "<script>"} {
		if !strings.Contains(string(html), want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}
