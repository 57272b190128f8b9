package web

import (
	"net/http"
	"strings"
	"testing"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

func costArmy(a *roster.Army) *costing.Result { return costing.Army(rules.Default(), a) }

// keepsTestSave imports file, saves it unchanged from the editor's own form and returns the
// exported army and the editor's page.
func keepsTestSave(t *testing.T, file string) (*roster.Army, string) {
	t.Helper()
	ts := newTestServer(t)
	r := ts.postBody("/api/armies", "application/yaml", file)
	wantStatus(t, "import", r, http.StatusCreated)
	id := strings.Split(strings.Split(r.body, `"id":"`)[1], `"`)[0]
	page := ts.get("/armies/" + id + "/edit").body
	form := ts.editorForm(id)
	form.Set("action", "save")
	wantStatus(t, "save unchanged", ts.postForm("/armies/"+id, form), http.StatusSeeOther)
	out, err := roster.Read([]byte(ts.get("/armies/" + id + "/export?format=yaml").body))
	if err != nil {
		t.Fatal(err)
	}
	return out, page
}

// Chapter One: a squad has "one or two specialists". An imported squad with three breaks
// that rule, and the checks say so; opening it in the editor and saving (the army renamed,
// say) must not quietly drop the third: it stays, costed and marked, until the player
// unticks it. Six Standard Rebel Troopers (Veteran 10 + Move 10 + attributes 13 = 33 each,
// 198), specialists blaster 5 and blaster 5 over the squad's 3 (+2 each) and first aid 4
// over TEC 2 (+2): 204 SGPs.
func TestEditorKeepsAThirdSpecialistUntilThePlayerRemovesIt(t *testing.T) {
	out, page := keepsTestSave(t, `format: 1
name: Three specialists
side: rebel
units:
  - kind: squad
    troop: Standard Rebel Trooper
    size: 6
    specialists:
      - skills: {blaster: 5}
      - skills: {blaster: 5}
      - skills: {first aid: 4}
`)
	if !strings.Contains(page, `name="u0.sp2"`) {
		t.Error("the editor shows no field for the third specialist")
	}
	if n := len(out.Units[0].Specialists); n != 3 {
		t.Fatalf("after saving unchanged the squad has %d specialists, want the 3 imported", n)
	}
	if got := out.Units[0].Specialists[2].Skills["first aid"]; got != 4 {
		t.Errorf("the third specialist's first aid is %d after saving, want 4", got)
	}
	res := costArmy(out)
	if res.Total != 204 {
		t.Errorf("total %d, want 204 (198 + three specialists at +2)", res.Total)
	}
}

// Chapter Twelve: "Droids may also be drawn from other Star Wars products": a droid given
// by its Move, attributes and skills, with no Droid Chart entry, costs 10 + Move 8 +
// attributes 17 + blaster 3 over DEX 2 (1) = 36. Saved unchanged from the editor it stays
// that droid; it does not become the first droid of the chart.
func TestEditorKeepsADroidThatIsNotOnTheDroidChart(t *testing.T) {
	out, page := keepsTestSave(t, `format: 1
name: Droid from another book
side: rebel
units:
  - kind: droid
    name: R2 Battle Unit
    move: 8
    attributes: {DEX: 2, KNO: 2, MEC: 3, PER: 3, STR: 3, TEC: 4}
    skills: {blaster: 3}
`)
	if !strings.Contains(page, `name="u0.move"`) || !strings.Contains(page, `name="u0.attr.TEC"`) {
		t.Error("the editor shows no Move or attributes for a droid that is not on the chart")
	}
	u := out.Units[0]
	if u.Droid != "" || u.Move != 8 || u.Attributes["TEC"] != 4 || u.Attributes["DEX"] != 2 {
		t.Fatalf("saved unchanged, the droid became %q, Move %d, attributes %v", u.Droid, u.Move, u.Attributes)
	}
	if res := costArmy(out); res.Total != 36 {
		t.Errorf("total %d, want 36", res.Total)
	}
}
