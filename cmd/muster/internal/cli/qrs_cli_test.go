package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"muster/cmd/muster/internal/testkit"
)

// `muster cost` and `muster check` reach the qrs army through its system: the JSON shape of
// the contract, with the Firepower totals as the costs.
func TestQRSCostAndCheckDispatch(t *testing.T) {
	code, out, errOut := runMuster(t, "cost", "--json", "../../../../rules/qrs/army/testdata/patrol.yaml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep struct {
		System string `json:"system"`
		Total  int    `json:"total"`
		Units  []struct {
			Cost int `json:"cost"`
		} `json:"units"`
		Problems []map[string]any `json:"problems"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.System != "qrs" || rep.Total != 25 || len(rep.Units) != 3 || rep.Units[1].Cost != 10 {
		t.Errorf("report: %+v", rep)
	}
	bad := testkit.WriteFile(t, "format: 1\nsystem: qrs\nname: x\ngroups:\n  - name: Stormtroopers\n    figures: [{profile: stromtrooper}]\n")
	code, out, _ = runMuster(t, "check", bad)
	if code != 1 || !strings.Contains(out, `error: Unit 1, Stormtroopers: figure 1 profile: there is no profile "stromtrooper"`) {
		t.Errorf("check: exit %d\n%s", code, out)
	}
	broken := testkit.WriteFile(t, "format: 1\nsystem: qrs\ngroups:\n  - nme: x\n")
	code, _, errOut = runMuster(t, "check", broken)
	if code != 2 || !strings.Contains(errOut, "line 4, column 5") {
		t.Errorf("unreadable: exit %d: %s", code, errOut)
	}
}

// The sheet's Less row with cover and armour, by hand: 8 against 10 is "Less than enemies
// total" (D on 5-6, W on 7, K on 8); cover shifts the roll down one, armour makes W a D:
// nothing on 1-5 (5/8), D on 6-8 (3/8).
func TestQRSOddsShootingJSON(t *testing.T) {
	code, out, errOut := runMuster(t, "odds", "qrs", "--own-total", "8", "--enemy-total", "10", "--cover", "--armour", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Band     string            `json:"band"`
		Nothing  float64           `json:"nothing"`
		DuckBack float64           `json:"duck_back"`
		Wound    float64           `json:"wound"`
		Killed   float64           `json:"killed"`
		Exact    map[string]string `json:"exact"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Band != "less" || got.Nothing != 5.0/8 || got.DuckBack != 3.0/8 || got.Wound != 0 || got.Killed != 0 || got.Exact["duck_back"] != "3/8" {
		t.Errorf("%+v", got)
	}
	code, out, _ = runMuster(t, "odds", "qrs", "--own-total", "2", "--enemy-total", "10", "--extra-shooters", "1")
	if code != 0 || !strings.Contains(out, "Worse") || !strings.Contains(out, "killed     4/8") {
		t.Errorf("text: %s", out)
	}
	if code, _, _ := runMuster(t, "odds", "qrs", "--own-total", "3", "--enemy-total", "0"); code != 2 {
		t.Errorf("no shooters: exit %d", code)
	}
}

// A whole short solo game at the table, through the command line only: set up, spot until
// the Imperials appear, give them orders, exchange fire turn by turn until they are gone,
// and check the saved game tells the story. The same commands on the same seed replay the
// same game.
func TestQRSWholeSoloGameFromTheCommandLine(t *testing.T) {
	play := func(path string) string {
		t.Helper()
		must := func(args ...string) string {
			t.Helper()
			code, out, errOut := runMuster(t, append([]string{"qrs"}, args...)...)
			if code != 0 {
				t.Fatalf("muster qrs %s: exit %d: %s", strings.Join(args, " "), code, errOut)
			}
			return out
		}
		out := must("new", "--state", path, "--army", "../../../../rules/qrs/army/testdata/rescue.yaml",
			"--counters", "corner,cover,open", "--pool", "stormtrooper=8,heavy weapon trooper=1,officer=1,leader=1,probe droid=1", "--seed", "11")
		if !strings.Contains(out, "Group 1, Red Team (player)") || !strings.Contains(out, "No contact yet") {
			t.Fatalf("new: %s", out)
		}
		// Step 2 of the play sequence, until something appears (each try is a new turn).
		enemy := 0
		for turn := 0; turn < 30 && enemy == 0; turn++ {
			var o struct {
				Figures []string `json:"figures"`
			}
			if err := json.Unmarshal([]byte(must("spot", "--state", path, "--counters", "1,2,3", "--json")), &o); err != nil {
				t.Fatal(err)
			}
			if len(o.Figures) > 0 {
				enemy = 3 // the player's army has groups 1 and 2
				break
			}
			must("turn", "--state", path)
		}
		if enemy == 0 {
			t.Fatal("no Imperials in 30 turns")
		}
		// Step 3: their orders; then the fire fight, turn by turn, until they are gone.
		if out := must("orders", "--state", path, "--group", "all", "--light-fire"); !strings.Contains(out, "group 3") {
			t.Errorf("orders: %s", out)
		}
		// A figure that came out at a portal charges Kara: one melee, the chart applied.
		if out := must("fight", "--state", path, "--figure", "3:1", "--against", "1:1"); !strings.Contains(out, "melee:") {
			t.Errorf("fight: %s", out)
		}
		for turn := 0; turn < 40; turn++ {
			show := must("show", "--state", path)
			if !strings.Contains(show, "Group 3,") {
				break
			}
			// The Imperials shoot when any of them can (not all ducked back).
			if code, _, errOut := runMuster(t, "qrs", "shoot", "--state", path, "--target", "1", "--from", "3", "--band", "medium"); code != 0 && !strings.Contains(errOut, "no figure able to shoot") {
				t.Fatalf("enemy fire: exit %d: %s", code, errOut)
			}
			must("shoot", "--state", path, "--target", "3", "--enemy-total", "40", "--cover")
			must("turn", "--state", path)
		}
		show := must("show", "--state", path)
		if strings.Contains(show, "Group 3,") {
			t.Fatalf("the Imperials survived 40 turns of fire at 40 against their few:\n%s", show)
		}
		log := must("log", "--state", path)
		for _, want := range []string{"portal counters placed", "in sight. D6", "On Advance orders", "melee:", "under fire:", "begins."} {
			if !strings.Contains(strings.ToLower(log), strings.ToLower(want)) {
				t.Errorf("log lacks %q:\n%s", want, log)
			}
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	dir := t.TempDir()
	first := play(filepath.Join(dir, "game.yaml"))
	again := play(filepath.Join(dir, "again.yaml"))
	if first != again {
		t.Errorf("the same seed and commands played two different games")
	}
}

// Mistakes at the table get the player's words and exit 2, and the game file is untouched.
func TestQRSCommandMistakes(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.yaml")
	cases := [][]string{
		{"spot", "--counters", "1"},                    // no game file
		{"spot", "--state", path, "--counters", "1"},   // no such file yet
		{"new", "--state", path, "--counters", "roof"}, // not a counter place
		{"new", "--state", path, "--counters", "corner", "--pool", "stormtrooper=lots"},
		{"new", "--state", path, "--counters", "corner", "--pool", "gungan=3"},
	}
	for _, args := range cases {
		if code, _, errOut := runMuster(t, append([]string{"qrs"}, args...)...); code != 2 || !strings.Contains(errOut, "muster qrs") {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
	}
	if code, _, errOut := runMuster(t, "qrs", "new", "--state", path, "--counters", "corner", "--seed", "1"); code != 0 {
		t.Fatal(errOut)
	}
	before, _ := os.ReadFile(path)
	for _, args := range [][]string{
		{"spot", "--state", path, "--counters", "9"},
		{"mark", "--state", path, "--group", "5", "--figure", "1", "wound"},
		{"shoot", "--state", path, "--target", "1", "--enemy-total", "4"},
		{"new", "--state", path, "--counters", "open"},
	} {
		code, _, errOut := runMuster(t, append([]string{"qrs"}, args...)...)
		if code != 2 || strings.Contains(errOut, "panic") {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
	}
	after, _ := os.ReadFile(path)
	if string(before) != string(after) {
		t.Error("a refused command changed the game file")
	}
}

// The generator's odds by hand: one cover counter, contact made, no officer: only a 6 (4
// Stormtroopers), 1/6.
func TestQRSGenerateOddsCommand(t *testing.T) {
	code, out, errOut := runMuster(t, "qrs", "generate", "--counters", "cover", "--json")
	if code != 0 {
		t.Fatal(errOut)
	}
	var got map[string]struct {
		Exact string `json:"exact"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got["4 Stormtroopers"].Exact != "1/6" || got["nothing"].Exact != "5/6" || len(got) != 2 {
		t.Errorf("%s", out)
	}
}

// The procedures' odds through the command line, by hand: equal melee, the 1/36 kill; a
// grenade at 9" hits on 3+ (2/3); a walker at 15" fires 10 against 10 (Equal), armour
// ignored: W on the 8.
func TestQRSProcedureOddsCommands(t *testing.T) {
	exact := func(args ...string) map[string]string {
		t.Helper()
		code, out, errOut := runMuster(t, append(append([]string{"qrs"}, args...), "--json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		var got map[string]struct {
			Exact string `json:"exact"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		for k, v := range got {
			m[k] = v.Exact
		}
		return m
	}
	if got := exact("melee", "--melee", "2", "--against", "2"); got["your figure: Killed"] != "1/36" || got["opponent 1: Killed"] != "1/36" {
		t.Errorf("melee: %v", got)
	}
	if got := exact("grenade", "--range", "9"); got["hit"] != "2/3" {
		t.Errorf("grenade: %v", got)
	}
	if got := exact("walker", "--range", "15", "--own-total", "10"); got["wound"] != "1/8" || got["duck_back"] != "1/4" {
		t.Errorf("walker: %v", got)
	}
	if got := exact("duel", "--melee", "5", "--fp", "8", "--against-melee", "5", "--against-fp", "8"); got["draw"] != "1/6" {
		t.Errorf("duel: %v", got)
	}
	if code, _, _ := runMuster(t, "qrs", "grenade", "--range", "20"); code != 2 {
		t.Error("a grenade thrown 20\"")
	}
}

// Quick-resolve through the command line: odds with intervals, the not-simulated list, and
// the same seed giving the same answer.
func TestQRSSimCommand(t *testing.T) {
	args := []string{"qrs", "sim", "--army", "../../../../rules/qrs/army/testdata/rescue.yaml", "--counters", "corner,cover,open", "--battles", "200", "--seed", "5", "--json"}
	code, out, errOut := runMuster(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Summary struct {
			Battles   int `json:"battles"`
			Objective struct {
				P, Low, High float64
			} `json:"objective"`
			NotSimulated []string `json:"not_simulated"`
		} `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	o := got.Summary.Objective
	if got.Summary.Battles != 200 || o.Low > o.P || o.P > o.High || o.High-o.Low <= 0 || len(got.Summary.NotSimulated) == 0 {
		t.Errorf("%s", out)
	}
	if _, again, _ := runMuster(t, args...); again != out {
		t.Error("the same seed gave different odds")
	}
	code, out, _ = runMuster(t, "qrs", "sim", "--army", "../../../../rules/qrs/army/testdata/rescue.yaml", "--group", "2", "--counters", "open", "--battles", "20", "--seed", "1", "--log")
	if code != 0 || !strings.Contains(out, "Jedi past 1 counters") || !strings.Contains(out, "The first game:") || !strings.Contains(out, "Not simulated:") {
		t.Errorf("text: %s", out)
	}
}

// A Jedi's deflect through the command line: the hit is stopped, 1 FP spent, and the game
// file keeps the point spent.
func TestQRSShootWithDeflect(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.yaml")
	if code, _, errOut := runMuster(t, "qrs", "new", "--state", path, "--army", "../../../../rules/qrs/army/testdata/rescue.yaml", "--counters", "cover", "--seed", "4"); code != 0 {
		t.Fatal(errOut)
	}
	// The Jedi group (Tal Orin alone, defence 3) under fire from 40: Worse, so a hit is
	// certain on 3 or more; over a few volleys Tal deflects at least once.
	deflected := false
	for i := 0; i < 10 && !deflected; i++ {
		code, out, errOut := runMuster(t, "qrs", "shoot", "--state", path, "--target", "2", "--enemy-total", "40", "--force", "deflect")
		if code != 0 {
			if strings.Contains(errOut, "no light sabre user") {
				break // Tal is down or out of points
			}
			t.Fatalf("exit %d: %s", code, errOut)
		}
		deflected = strings.Contains(out, "deflected by Tal Orin (1 FP, 7 left)")
	}
	if !deflected {
		t.Fatal("Tal never deflected")
	}
	_, show, _ := runMuster(t, "qrs", "show", "--state", path)
	if !strings.Contains(show, "7/8 FP") {
		t.Errorf("the point spent is not in the game file:\n%s", show)
	}
	// Close combat between figures of one side is refused; a duel needs GROUP:FIGURE.
	if code, _, errOut := runMuster(t, "qrs", "fight", "--state", path, "--figure", "2:1", "--against", "1:1"); code != 2 || !strings.Contains(errOut, "same side") {
		t.Errorf("fight on one side: %d %s", code, errOut)
	}
	if code, _, errOut := runMuster(t, "qrs", "duel", "--state", path, "--figure", "2:1", "--against", "x"); code != 2 || !strings.Contains(errOut, "GROUP:FIGURE") {
		t.Errorf("duel ref: %d %s", code, errOut)
	}
	if code, _, errOut := runMuster(t, "qrs", "suppress", "--state", path, "--group", "1", "--figure", "2"); code != 2 || !strings.Contains(errOut, "not a Force user") {
		t.Errorf("suppress on a trooper: %d %s", code, errOut)
	}
	if code, _, errOut := runMuster(t, "qrs", "medic", "--state", path, "--group", "1", "--figure", "1"); code != 2 || !strings.Contains(errOut, "no wound") {
		t.Errorf("medic on an unwounded hero: %d %s", code, errOut)
	}
	if code, _, errOut := runMuster(t, "qrs", "shoot", "--state", path, "--target", "1", "--enemy-total", "4", "--force", "deflect"); code != 2 || !strings.Contains(errOut, "Red Team, has no light sabre user") {
		t.Errorf("deflect without a Jedi: %d %s", code, errOut)
	}
}

// Two groups against each other: the patrol's walker against the rescue team's Jedi alone.
func TestQRSSimTwoGroups(t *testing.T) {
	code, out, errOut := runMuster(t, "qrs", "sim", "--army", "../../../../rules/qrs/army/testdata/patrol.yaml", "--group", "2",
		"--vs", "../../../../rules/qrs/army/testdata/rescue.yaml", "--vs-group", "2", "--battles", "200", "--seed", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "Walker against Jedi, 200 games") || !strings.Contains(out, "Walker wins") || !strings.Contains(out, "Not simulated:") {
		t.Errorf("%s", out)
	}
	if code, _, _ := runMuster(t, "qrs", "sim", "--army", "../../../../rules/qrs/army/testdata/patrol.yaml", "--vs", "../../../../rules/qrs/army/testdata/rescue.yaml", "--counters", "open"); code != 2 {
		t.Error("portals and --vs together accepted")
	}
}

// The quick reference's grenade: "throw a D6+6 and score equal or more than the range", then
// each figure within 3" is "killed on a 4+(D6) or Duck back"; misses have no effect. At 9"
// a D6 of 3 or more hits (2/3): killed 1/3, ducks back 1/3, missed 1/3. The lines a player
// reads are one figure's three outcomes and add up to 1 (they listed the hit beside them).
func TestGrenadeOddsLinesAreOneFiguresOutcomes(t *testing.T) {
	code, out, errOut := runMuster(t, "qrs", "grenade", "--range", "9")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{`a hit 2/3`, `1/3        each figure within 3" killed`, `1/3        each figure within 3" ducks back`, `1/3        missed: no effect`} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if strings.Count(out, "\n") != 4 {
		t.Errorf("want a heading and three outcomes:\n%s", out)
	}
}

// The sheet's random movement table reads 1-2 "Stand in cover, or Advance as in (4)": a group
// not in cover advances as on 3-4, so the two rows are one result, and its odds are both
// rows'. By hand, a d6 with no modifier: 1-4 advance towards the objective (4/6 = 2/3), 5-6
// advance on the nearest enemy (1/3). In cover (+1): a 1 scores 2, stand in cover (1/6);
// 2-3 score 3-4, advance (1/3); 4-6 score 5 or more, advance on the enemy (1/2). Before, the
// second of two rows with the same words replaced the first: 1/3 + 1/3, adding up to 2/3.
func TestQRSMovementOddsAddRowsWithTheSameResult(t *testing.T) {
	exact := func(args ...string) map[string]string {
		t.Helper()
		code, out, errOut := runMuster(t, append([]string{"qrs", "movement", "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		var got map[string]struct {
			Exact string `json:"exact"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		for k, v := range got {
			m[k] = v.Exact
		}
		return m
	}
	advance, onEnemy := "Advance towards objective, or nearest enemy", "Advance towards nearest enemy, or objective"
	if got := exact(); len(got) != 2 || got[advance] != "2/3" || got[onEnemy] != "1/3" {
		t.Errorf("no modifier, not in cover: %v, want %s 2/3 and %s 1/3", got, advance, onEnemy)
	}
	if got := exact("--in-cover"); len(got) != 3 || got["Stand in cover"] != "1/6" || got[advance] != "1/3" || got[onEnemy] != "1/2" {
		t.Errorf("in cover: %v, want stand in cover 1/6, advance 1/3, on the enemy 1/2", got)
	}
	code, out, _ := runMuster(t, "qrs", "movement")
	if code != 0 || !strings.Contains(out, "66.667%  2/3        "+advance) {
		t.Errorf("the text lacks the advance's 2/3:\n%s", out)
	}
}

// The lost Worse row's reading is a flag of qrs new and qrs sim (issue 32): played under the
// reading asked, named in the result; an unknown reading refused naming the flag, exit 2.
func TestQRSWorseRowFlag(t *testing.T) {
	army := "../../../../rules/qrs/army/testdata/rescue.yaml"
	for worse, want := range map[string]string{"": "Muster's row continuing the table", "half-plus": "the Half row, +1 per extra shooter"} {
		args := []string{"qrs", "sim", "--army", army, "--counters", "corner,open", "--battles", "20", "--seed", "3", "--json"}
		if worse != "" {
			args = append(args, "--worse", worse)
		}
		code, out, errOut := runMuster(t, args...)
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("--worse %q: exit %d, the answer does not name %q:\n%s%s", worse, code, want, out, errOut)
		}
	}
	for _, args := range [][]string{{"qrs", "sim", "--army", army, "--counters", "open", "--worse", "lenient"},
		{"qrs", "new", "--state", t.TempDir() + "/g.yaml", "--worse", "lenient"}} {
		code, _, errOut := runMuster(t, args...)
		if code != 2 || !strings.Contains(errOut, `--worse: "lenient" is not a reading of the Worse row; write continued or half-plus`) {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
	state := t.TempDir() + "/g.yaml"
	if code, _, errOut := runMuster(t, "qrs", "new", "--state", state, "--worse", "half-plus", "--army", army, "--counters", "open"); code != 0 {
		t.Fatalf("qrs new --worse half-plus: exit %d, %s", code, errOut)
	}
	if b, err := os.ReadFile(state); err != nil || !strings.Contains(string(b), "worse_row: half-plus") {
		t.Errorf("the game file does not keep the reading: %v\n%s", err, b)
	}
}
