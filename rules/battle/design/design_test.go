package design

import (
	"encoding/json"
	"net/url"
	"os"
	"path"
	"strings"
	"testing"

	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/battle/muster"
	"muster/rules/internal/battlehash"
)

// The built-in scenarios reproduced by the designer's files (issue 33): each built-in
// loaded into the form, posted as a browser posts it and built back into a file plays the
// same battles, the same hashes as rules/battle's TestBattleHashes records for it (the
// same matchups, seeds and hashing), and the file reads back into the same form.
func TestBuiltinsThroughTheForm(t *testing.T) {
	recorded, err := battlehash.Recorded("../testdata/battle-hashes.txt")
	if err != nil {
		t.Fatal(err)
	}
	matchups := [][2]string{
		{"rebel-1500.yaml", "imperial-1500.yaml"},
		{"full-1500.yaml", "imperial-1500.yaml"},
		{"rats-rebels.yaml", "rats-imperials.yaml"},
	}
	checked := 0
	for _, info := range battle.Scenarios() {
		orig, err := battle.LoadScenario(info.ID)
		if err != nil {
			t.Fatal(err)
		}
		form := FromScenario(orig.Scenario)
		posted, err := url.ParseQuery(form.Values().Encode())
		if err != nil {
			t.Fatal(err)
		}
		file, errs := Read(posted).Build(orig.Scenario)
		if len(errs) > 0 {
			t.Errorf("%s: the form refuses the built-in: %v", info.ID, errs)
			continue
		}
		field, err := battle.ParseScenario(file)
		if err != nil {
			t.Errorf("%s: the built file does not read: %v", info.ID, err)
			continue
		}
		again, _ := Parse(file)
		if got := FromScenario(again); !equalForms(got, form) {
			t.Errorf("%s: the file built from the form reads back into another form:\n%+v\nwant\n%+v", info.ID, got, form)
		}
		for _, m := range matchups {
			want := recorded[strings.Join([]string{info.ID, m[0], m[1], "seed=7", "battles=20"}, " ")]
			if want == "" {
				// Not in the hash file (the Sample Game): the same battles as the built-in.
				want = hash(t, orig, m)
			} else {
				checked++
			}
			if got := hash(t, field, m); got != want {
				t.Errorf("%s, %s against %s: the designer's file plays battles %s, the built-in %s", info.ID, m[0], m[1], got, want)
			}
		}
	}
	if checked < 15 {
		t.Errorf("only %d matchups checked against the recorded hashes", checked)
	}
}

func equalForms(a, b Form) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// hash plays a matchup's 20 battles as TestBattleHashes does and hashes them alike.
func hash(t *testing.T, field *battle.Field, m [2]string) string {
	t.Helper()
	var forces [2]*battle.Force
	for i, p := range m {
		b, err := os.ReadFile(path.Join("../testdata", p))
		if err != nil {
			t.Fatal(err)
		}
		a, err := roster.Read(b)
		if err != nil {
			t.Fatal(err)
		}
		if forces[i], err = muster.NewForce(rules.Default(), a); err != nil {
			t.Fatal(err)
		}
	}
	bt := battle.New(field, forces[0], forces[1])
	h := battlehash.New()
	for i := range uint64(20) {
		var log strings.Builder
		var r *battle.Result
		var tr *battle.Trace
		if i == 0 {
			r, tr = bt.PlayTrace(battle.BattleSeed(7, i), &log)
		} else {
			r = bt.Play(battle.BattleSeed(7, i), &log)
		}
		h.Write([]byte(log.String()))
		j, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		h.Write(j)
		if tr != nil {
			if j, err = json.Marshal(tr); err != nil {
				t.Fatal(err)
			}
			h.Write(j)
		}
		h.Printf("faces %d\n", bt.Faces())
	}
	return h.Sum()
}

// A refusal is marked on the form row it was typed in, by the row's own number, even when
// rows before it were removed; a number that is not one is refused beside its field.
func TestRefusalsMarkTheirField(t *testing.T) {
	f := FromScenario(Blank("mine", "Mine"))
	f.Terrain = []Area{
		{Key: "4", Type: "light woods", Shape: "rect", X: "1", Y: "1", W: "4", H: "4", Remove: true},
		{Key: "7", Type: "medium woods", Name: "the north woods", Shape: "rect", X: "60", Y: "40", W: "20", H: "6"},
	}
	_, errs := f.Build(nil)
	if msg := errs["terrain.7"]; !strings.Contains(msg, `terrain 1 (the north woods): rect runs past the table's 72" width`) {
		t.Errorf("the area past the edge: %v", errs)
	}
	f.Terrain[1].W = "wide"
	_, errs = f.Build(nil)
	if msg := errs["terrain.7.w"]; !strings.Contains(msg, "width") {
		t.Errorf("a width that is not a number: %v", errs)
	}
	f.Terrain = nil
	f.Sides[1].Edge = "up"
	_, errs = f.Build(nil)
	if msg := errs["side.1.edge"]; !strings.Contains(msg, `side 2 (North): edge "up"`) {
		t.Errorf("a bad edge: %v", errs)
	}
	f.Sides[1].Edge = "north"
	file, errs := f.Build(nil)
	if len(errs) > 0 {
		t.Fatalf("a blank scenario: %v", errs)
	}
	if _, err := battle.ParseScenario(file); err != nil {
		t.Fatal(err)
	}
	got := Read(url.Values{"terrain.10.type": {"a"}, "terrain.2.type": {"b"}, "terrain.x.type": {"c"}}).Terrain
	if len(got) != 2 || got[0].Type != "b" || got[1].Type != "a" {
		t.Errorf("rows in their numbers' order, a row with no number left out: %+v", got)
	}
}

// A side's rally points and reinforcements are fields of the form too, as text: edited
// there they go into the file (the engine reads them: a reinforcement zone off the table is
// refused as any zone is), and reinforcements that do not read as the file writes them are
// refused beside the side's field.
func TestRallyAndReinforcementsAsText(t *testing.T) {
	f := FromScenario(Blank("mine", "Mine"))
	f.Sides[0].Setup = "1"
	f.Sides[0].Rally = "10, 2; 60, 2"
	f.Sides[0].Reinforce = `{"phase": "movement", "from_turn": 2, "entries": [{"name": "the south road", "zone": [30, 0.5, 42, 3]}]}`
	file, errs := f.Build(nil)
	if len(errs) > 0 {
		t.Fatalf("rally points and reinforcements: %v", errs)
	}
	s, err := Parse(file)
	if err != nil {
		t.Fatal(err)
	}
	sd := s.Sides[0]
	if len(sd.Rally) != 2 || sd.Rally[1] != [2]float64{60, 2} || sd.Reinforce == nil || sd.Reinforce.FromTurn != 2 ||
		len(sd.Reinforce.Entries) != 1 || sd.Reinforce.Entries[0].Name != "the south road" {
		t.Fatalf("the file's side: %+v, reinforce %+v", sd, sd.Reinforce)
	}
	if again := FromScenario(s).Sides[0]; again.Rally != "10, 2; 60, 2" || !strings.Contains(again.Reinforce, `"from_turn": 2`) {
		t.Errorf("the file read back into the form: %+v", again)
	}
	f.Sides[0].Reinforce = `{"phase": "movement", "from_turn": 2, "entry": []}`
	if _, errs = f.Build(nil); !strings.Contains(errs["side.0.reinforce"], `Side 1 (South): reinforcements do not read`) {
		t.Errorf("reinforcements misspelt: %v", errs)
	}
	f.Sides[0].Reinforce = ""
	f.Sides[0].Rally = "10; 2"
	if _, errs = f.Build(nil); errs["side.0.rally"] == "" {
		t.Errorf("a rally point of one number: %v", errs)
	}
}
