package cli

import (
	"bytes"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"muster/cmd/muster/internal/testkit"
)

// The command line under bad input: every failure is a line or two on stderr that names
// the file, field or flag and the fix, with a non-zero exit, and never a Go error string
// ("flag provided but not defined", "open x: no such file", "cannot unmarshal") or a panic.

const rebels = book + "blue-rangers.yaml"

// goWords are the standard library's and the YAML library's phrasings a player must not see.
var goWords = regexp.MustCompile(`flag provided but not defined|invalid value|parse error|Usage of|cannot unmarshal|Go struct|interface \{\}|strconv\.|panic|goroutine|^open |: open |used where mapping is expected`)

func failsInWords(t *testing.T, wantCode int, wantWords []string, args ...string) {
	t.Helper()
	code, out, errOut := runMuster(t, args...)
	if code != wantCode {
		t.Errorf("muster %s: exit %d, want %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, wantCode, out, errOut)
	}
	if goWords.MatchString(errOut) {
		t.Errorf("muster %s: a Go error string reached the player:\n%s", strings.Join(args, " "), errOut)
	}
	if n := strings.Count(strings.TrimRight(errOut, "\n"), "\n") + 1; n > 2 {
		t.Errorf("muster %s: %d lines on stderr, want one or two:\n%s", strings.Join(args, " "), n, errOut)
	}
	for _, w := range wantWords {
		if !strings.Contains(errOut, w) {
			t.Errorf("muster %s: stderr lacks %q:\n%s", strings.Join(args, " "), w, errOut)
		}
	}
}

func TestAFlagMusterDoesNotKnowIsNamedWithWhereToFindTheFlags(t *testing.T) {
	failsInWords(t, 2, []string{"--bogus is not a flag of muster cost", "muster cost --help"}, "cost", "--bogus", rebels)
	failsInWords(t, 2, []string{"--turns is not a flag of muster sim"}, "sim", "--turns", "5", rebels, rebels)
	failsInWords(t, 2, []string{"--x is not a flag of muster qrs profiles"}, "qrs", "profiles", "--x")
	failsInWords(t, 2, []string{"--x is not a flag of muster odds test"}, "odds", "test", "--x")
	failsInWords(t, 2, []string{"--x is not a flag of muster swm battle"}, "swm", "battle", "--x")
}

func TestAFlagWithoutItsValueSaysWhatToWrite(t *testing.T) {
	failsInWords(t, 2, []string{"--limits needs a value after it", "--limits FILE"}, "check", rebels, "--limits")
	failsInWords(t, 2, []string{"--battles needs a value", "whole number"}, "sim", rebels, rebels, "--battles")
}

func TestANumberFlagGivenWordsOrAnOverlargeNumberSaysSo(t *testing.T) {
	failsInWords(t, 2, []string{`--battles "many": write a whole number, such as 1000`}, "sim", "--battles", "many", rebels, rebels)
	failsInWords(t, 2, []string{"--battles 99999999999999999999 is too large"}, "sim", "--battles", "99999999999999999999", rebels, rebels)
	failsInWords(t, 2, []string{"--max-variants", "whole number"}, "whatif", "--max-variants", "1e3", rebels, rebels)
	failsInWords(t, 2, []string{"--seed", "from 0 to 18446744073709551615"}, "swm", "sim", "--seed", "-1", rebels, rebels)
	failsInWords(t, 2, []string{"--range", "write a number"}, "qrs", "grenade", "--range", "far")
	failsInWords(t, 2, []string{"--json=maybe: write --json alone"}, "check", "--json=maybe", rebels)
	// Each worker holds a battle: a mistyped count is refused rather than filling the memory.
	failsInWords(t, 2, []string{"--workers 100000: write 0 to 1024"}, "sim", "--workers", "100000", rebels, rebels)
	failsInWords(t, 2, []string{"--workers -1: write 0 to 1024"}, "whatif", "--workers", "-1", rebels, rebels)
}

// `--seed 1 ... --seed 5` keeps no silent winner; the same flag twice alike means the same.
func TestAFlagGivenTwiceWithTwoValuesIsRefused(t *testing.T) {
	failsInWords(t, 2, []string{"--seed is given twice (1, then 5); give it once"}, "battle", "--seed", "1", rebels, rebels, "--seed", "5")
	if code, _, errOut := runMuster(t, "check", "--json", rebels, "--json"); code != 0 {
		t.Errorf("--json twice: exit %d: %s", code, errOut)
	}
}

func TestCostRefusesJSONAndTextTogether(t *testing.T) {
	failsInWords(t, 2, []string{"--json and --text", "give one"}, "cost", "--json", "--text", rebels)
}

func TestAMissingFileAFolderAndABinaryFileAreNamedInWords(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "army.yaml")
	if err := os.WriteFile(bin, []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "nope.yaml")
	for _, cmd := range [][]string{{"cost"}, {"check"}, {"sheet"}, {"battle", rebels}, {"sim", rebels}, {"whatif", rebels}, {"swm", "sheet"}} {
		failsInWords(t, 2, []string{"there is no file " + missing, "check its name and folder"}, append(cmd, missing)...)
		failsInWords(t, 2, []string{dir + " is a folder, not a file"}, append(cmd, dir)...)
		failsInWords(t, 2, []string{bin, "line 1, column 1: the file is not text"}, append(cmd, bin)...)
	}
	// A file given by a flag beside another file is named by its flag.
	failsInWords(t, 2, []string{"--limits: there is no file " + missing}, "check", rebels, "--limits", missing)
	failsInWords(t, 2, []string{"--limits: " + dir + " is a folder, not a file"}, "sheet", rebels, "--limits", dir)
	failsInWords(t, 2, []string{"--target-army: there is no file " + missing}, "odds", "volley", "--army", rebels, "--squad", "0", "--target-army", missing, "--target", "0", "--range", "10")
	failsInWords(t, 2, []string{"there is no file " + missing}, "qrs", "sim", "--army", missing, "--counters", "open")
	failsInWords(t, 2, []string{"--army: there is no file " + missing}, "odds", "volley", "--army", missing, "--squad", "0", "--target-army", rebels, "--target", "0", "--range", "10")
}

// A value of the wrong kind names the key as the file writes it, not Go's struct field.
func TestAWrongKindOfValueNamesTheKeyTheFileWrites(t *testing.T) {
	army := testkit.WriteFile(t, "format: 1\nside: rebel\nname: X\nunits:\n  - kind: squad\n    name: A\n    troop: Hoth Trooper\n    size: ten\n")
	failsInWords(t, 2, []string{"line 8, column 11: size: write a whole number here, not text"}, "check", army)
	sideList := testkit.WriteFile(t, "format: 1\nside: [rebel]\nname: X\n")
	failsInWords(t, 2, []string{"side: write text here, not a list"}, "cost", sideList)
	squad := testkit.WriteFile(t, "format: 1\nsystem: swm\nname: S\nfaction: Rebel Alliance\nlimit: lots\n")
	failsInWords(t, 2, []string{"limit: write a whole number here, not text"}, "check", squad)
}

func TestStandardInputIsReadForADash(t *testing.T) {
	data, err := os.ReadFile(rebels)
	if err != nil {
		t.Fatal(err)
	}
	old := stdin
	stdin = bytes.NewReader(data)
	defer func() { stdin = old }()
	code, out, errOut := runMuster(t, "check", "-")
	if code != 0 || !strings.Contains(out, "Blue Rangers (rebel): 710 SGPs") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	stdin = bytes.NewReader(data)
	failsInWords(t, 2, []string{`standard input ("-") was read already for another file; give at most one file as -`}, "battle", "-", "-")
	// whatif reads army A once, for the battles and for its changes.
	stdin = bytes.NewReader(data)
	code, out, errOut = runMuster(t, "whatif", "--battles", "2", "--max-variants", "1", "-", book+"crystal-forest-imperial.yaml")
	if code != 0 || !strings.Contains(out, "What to change in Blue Rangers") {
		t.Errorf("whatif - B: exit %d\n%s%s", code, out, errOut)
	}
}

// --html, --pdf and --svg naming a folder, a file, or a folder that does not exist are
// refused before the battle is played or the sheet printed.
func TestAnOutputThatCannotBeWrittenIsNamedBeforeTheWork(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	gone := filepath.Join(dir, "gone", "out.html")
	failsInWords(t, 2, []string{"--html " + dir + " is a folder; name a file to write"}, "battle", "--html", dir, rebels, rebels)
	failsInWords(t, 2, []string{"--svg " + file + " is a file; name a folder"}, "battle", "--svg", file, rebels, rebels)
	failsInWords(t, 2, []string{"there is no folder " + filepath.Dir(gone)}, "sheet", "--html", gone, rebels)
	failsInWords(t, 2, []string{"--pdf " + dir + " is a folder"}, "sheet", "--pdf", dir, rebels)
	if code, out, _ := runMuster(t, "battle", "--html", dir, rebels, rebels); code == 0 || out != "" {
		t.Errorf("the battle was played before its output was refused (exit %d):\n%s", code, out)
	}
}

// --help of every command: its usage and every flag it takes, on stdout, exit 0; the usage
// line names every flag the command takes (the list under it comes from the flags themselves).
func TestEveryCommandsHelpNamesEveryFlagItTakes(t *testing.T) {
	flagName := regexp.MustCompile(`(?m)^  (--[a-z0-9-]+)`)
	for _, cmd := range [][]string{{"cost"}, {"check"}, {"sheet"}, {"battle"}, {"sim"}, {"whatif"}, {"optimize"}, {"serve"}, {"worker"}, {"backup"},
		{"odds", "test"}, {"odds", "damage"}, {"odds", "volley"}, {"odds", "d20"}, {"odds", "qrs"},
		{"swm", "battle"}, {"swm", "sim"}, {"swm", "cards"},
		{"qrs", "sim"}, {"qrs", "new"}, {"qrs", "shoot"}, {"qrs", "melee"}, {"qrs", "walker"}} {
		code, out, errOut := runMuster(t, append(cmd, "--help")...)
		name := strings.Join(cmd, " ")
		if code != 0 || errOut != "" || !strings.Contains(out, "muster "+name) {
			t.Errorf("muster %s --help: exit %d, stderr %q\n%s", name, code, errOut, out)
			continue
		}
		usage, flags, _ := strings.Cut(out, "\nFlags:\n")
		for _, m := range flagName.FindAllStringSubmatch(flags, -1) {
			if !strings.Contains(usage, m[1]) {
				t.Errorf("muster %s --help: the usage does not mention %s", name, m[1])
			}
		}
	}
}

// An army of another game given to a command that plays one game says what the file is and
// where its commands are, instead of "system: "swm" is not a game Muster knows; write one of
// swmb, qrs, swm".
func TestAnArmyOfAnotherGameIsNamedWithItsCommands(t *testing.T) {
	const squad = "../../../../rules/swm/testdata/assault-rebel.yaml"
	const patrol = "../../../../rules/qrs/army/testdata/patrol.yaml"
	failsInWords(t, 2, []string{squad + " is a Star Wars Miniatures (d20", "(system: swm)", "muster swm help"}, "battle", rebels, squad)
	failsInWords(t, 2, []string{patrol + " is a Star Wars skirmish quick reference file", "muster qrs help"}, "sheet", patrol)
	failsInWords(t, 2, []string{squad + " is a Star Wars Miniatures (d20", "this command reads Star Wars skirmish quick reference files"}, "qrs", "sim", "--army", squad, "--counters", "open")
	failsInWords(t, 2, []string{rebels + ` does not say "system: swm"`}, "swm", "sim", squad, rebels)
}

// The skirmish quick reference's numbers out of range, or missing, name the flag and its
// range instead of printing the usage alone or being replaced by a default.
func TestAQRSNumberOutOfRangeNamesTheFlagAndItsRange(t *testing.T) {
	const patrol = "../../../../rules/qrs/army/testdata/patrol.yaml"
	failsInWords(t, 2, []string{"--max-turns -1: write 1 to 100 turns"}, "qrs", "sim", "--army", patrol, "--counters", "open", "--max-turns", "-1")
	failsInWords(t, 2, []string{"--sight 50: write how many counters ahead the group sees, 1 to 10"}, "qrs", "sim", "--army", patrol, "--counters", "open", "--sight", "50")
	failsInWords(t, 2, []string{"--group 7: Endor Patrol has groups 1 to 3"}, "qrs", "sim", "--army", patrol, "--counters", "open", "--group", "7")
	failsInWords(t, 2, []string{"--melee 30: write 0 to 20 (your figure's Melee value)"}, "qrs", "melee", "--melee", "30", "--against", "2")
	failsInWords(t, 2, []string{"--melee is required"}, "qrs", "melee", "--against", "2")
	failsInWords(t, 2, []string{"--leaders 99: write 0 to 10"}, "qrs", "movement", "--leaders", "99")
	failsInWords(t, 2, []string{"--range is required"}, "qrs", "grenade")
	failsInWords(t, 2, []string{"--own-total is required"}, "odds", "qrs", "--enemy-total", "3")
	failsInWords(t, 2, []string{"--own-total 99999999999: write 0 to 100000 (the Defence total of your figures under fire)"}, "odds", "qrs", "--own-total", "99999999999", "--enemy-total", "4")
	failsInWords(t, 2, []string{"--extra-shooters 5000: write 0 to 1000"}, "odds", "qrs", "--own-total", "3", "--enemy-total", "4", "--extra-shooters", "5000")
	failsInWords(t, 2, []string{`unexpected argument "x"`}, "odds", "qrs", "--own-total", "3", "--enemy-total", "4", "x")
	failsInWords(t, 2, []string{"--range NaN is not a number Muster can use"}, "qrs", "walker", "--range", "NaN", "--own-total", "3")
}

// A mistyped admin command stops before the database is opened: opening creates it, and a
// new muster.db must not be left behind by `muster user add` without a name.
func TestAMistypedUserCommandLeavesNoDatabaseBehind(t *testing.T) {
	dir := t.TempDir()
	dbFile := filepath.Join(dir, "muster.db")
	failsInWords(t, 2, []string{"write muster user add NAME --db DB"}, "user", "add", "--db", dbFile)
	failsInWords(t, 2, []string{`"bogus" is not an action of muster user; write add, list, passwd or adopt`}, "user", "bogus", "--db", dbFile)
	failsInWords(t, 2, []string{`write muster token revoke NAME ID --db DB`}, "token", "revoke", "ann", "--db", dbFile)
	if _, err := os.Stat(dbFile); err == nil {
		t.Errorf("%s was created by a command that was refused", dbFile)
	}
	failsInWords(t, 2, []string{"--db " + dir + " is a folder; name the database file"}, "user", "list", "--db", dir)
}

// The server's and the worker's settings are checked before anything starts.
func TestServeAndWorkerSettingsAreNamed(t *testing.T) {
	failsInWords(t, 2, []string{`--addr "nonsense": write a host and port`}, "serve", "--addr", "nonsense")
	failsInWords(t, 2, []string{"--workers -1: write 0 or more"}, "serve", "--workers", "-1")
	failsInWords(t, 2, []string{"--workers 0: write 1 or more"}, "worker", "--db", filepath.Join(t.TempDir(), "m.db"), "--workers", "0")
	failsInWords(t, 2, []string{"--db is for --jobs"}, "sim", "--db", "m.db", rebels, rebels)
	failsInWords(t, 2, []string{"--prune-after -1h0m0s: write 0 (keep them) or a time, such as 720h"}, "serve", "--prune-after", "-1h")
	failsInWords(t, 2, []string{"--db-conns 0: write 1 or more"}, "worker", "--db", filepath.Join(t.TempDir(), "m.db"), "--db-conns", "0")
	failsInWords(t, 2, []string{"--db is required: the database to bring up to date"}, "migrate")
	failsInWords(t, 2, []string{"name two army files, A.yaml and B.yaml; 1 given"}, "battle", rebels)
	failsInWords(t, 2, []string{`"frob" is not a command; muster help lists them`}, "frob")
}

// A skirmish command missing a flag its usage requires names that flag and what it holds.
func TestAQRSCommandMissingAFlagNamesIt(t *testing.T) {
	failsInWords(t, 2, []string{"--state is required: the game file to create"}, "qrs", "new")
	failsInWords(t, 2, []string{"--counters is required"}, "qrs", "generate")
	failsInWords(t, 2, []string{`unexpected argument "extra"`}, "qrs", "profiles", "extra")
	// Every skirmish command that takes no file reads its flags through parseFlagsOnly, so
	// each says which required flag is missing, and what a flag may hold, the same way.
	game := filepath.Join(t.TempDir(), "game.yaml")
	if code, _, errOut := runMuster(t, "qrs", "new", "--state", game, "--army", "../../../../rules/qrs/army/testdata/rescue.yaml", "--counters", "corner", "--seed", "1"); code != 0 {
		t.Fatal(errOut)
	}
	failsInWords(t, 2, []string{"--group is required: the group, or all for every enemy group"}, "qrs", "orders", "--state", game)
	failsInWords(t, 2, []string{"--leaders 11: write 0 to 10"}, "qrs", "orders", "--state", game, "--group", "all", "--leaders", "11")
	failsInWords(t, 2, []string{"--group is required: the group"}, "qrs", "medic", "--state", game, "--figure", "1")
	failsInWords(t, 2, []string{"--state is required: the game file"}, "qrs", "suppress", "--group", "1", "--figure", "1")
	failsInWords(t, 2, []string{"--from G,G", "--enemy-total E", "one of the two"}, "qrs", "shoot", "--state", game, "--target", "1", "--from", "2", "--enemy-total", "4")
	failsInWords(t, 2, []string{"--quarters-killed 5: write 0 to 4"}, "qrs", "movement", "--quarters-killed", "5")
	// A duellist's Melee is a profile's melee, 0 to 20 (docs/qrs.md), not the Force points' 50.
	failsInWords(t, 2, []string{"--melee 30: write 0 to 20"}, "qrs", "duel", "--melee", "30", "--fp", "3", "--against-melee", "2", "--against-fp", "3")
}

// A port another program holds is said in words with what to do, not logged as a Go error.
func TestServeSaysWhenItsPortIsTaken(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	failsInWords(t, 1, []string{"muster serve: cannot listen on " + ln.Addr().String() + ": another program (perhaps another Muster) is using that port; stop it, or choose another port with --addr"},
		"serve", "--addr", ln.Addr().String(), "--db", filepath.Join(t.TempDir(), "m.db"))
}

// A database that cannot be opened is said in a line: a PostgreSQL server that does not
// answer without the driver's report or the password, a file that is not a database by name.
func TestServeSaysWhenItsDatabaseCannotBeOpened(t *testing.T) {
	failsInWords(t, 1, []string{"the PostgreSQL database postgres://muster:xxxxx@127.0.0.1:1/muster does not answer"},
		"serve", "--addr", "127.0.0.1:0", "--db", "postgres://muster:secret@127.0.0.1:1/muster")
	notDB := testkit.WriteFile(t, "an army, not a database\n")
	failsInWords(t, 1, []string{"the database " + notDB + " cannot be opened", "file is not a database", "check what --db names"},
		"serve", "--addr", "127.0.0.1:0", "--db", notDB)
}

// muster odds d20 takes the odds page's bounds, each flag named with its value: an Attack of
// 2^63-1 used to wrap around and read as hitting on a natural 20 only (5%) where any roll
// but a natural 1 hits (95%); a negative --hp was refused in one line about three flags.
func TestOddsD20NamesTheFlagOutsideItsBounds(t *testing.T) {
	failsInWords(t, 2, []string{"--attack 9223372036854775807: write -10 to 60 (the attacker's Attack bonus)"}, "odds", "d20", "--attack", "9223372036854775807", "--defense", "10")
	failsInWords(t, 2, []string{"--defense -9223372036854775808: write 0 to 80"}, "odds", "d20", "--attack", "5", "--defense", "-9223372036854775808", "--cover")
	failsInWords(t, 2, []string{"--hp -3: write 0 to 100000 (the target's Hit Points)"}, "odds", "d20", "--attack", "5", "--defense", "10", "--damage", "10", "--hp", "-3")
	failsInWords(t, 2, []string{"--combined 51: write 0 to 50"}, "odds", "d20", "--attack", "5", "--defense", "10", "--combined", "51")
	// At the bounds the odds are the rulebook's: +60 against 10 misses only on a natural 1.
	code, out, errOut := runMuster(t, "odds", "d20", "--attack", "60", "--defense", "10")
	if code != 0 || !strings.Contains(out, "hit               95.00%  (19/20)") {
		t.Errorf("+60 against Defense 10: exit %d\n%s%s", code, out, errOut)
	}
}
