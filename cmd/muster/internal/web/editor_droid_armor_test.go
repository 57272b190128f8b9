package web

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A droid's armor is its plating (+1 STR, 20 SGPs, Chapter Twelve); an imported droid in a
// "Blast Vest" breaks that rule, and Muster flags it, but a value Muster flags stays until
// the player changes it: the editor shows it with the problem on its field and saves it
// back, and choosing "none" removes it.
func TestADroidsArmorThatIsNotPlatingStaysFlaggedUntilRemoved(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	file := filepath.Join(t.TempDir(), "vest.yaml")
	if err := os.WriteFile(file, []byte("format: 1\nname: Vest droid\nside: rebel\nunits:\n  - kind: droid\n    droid: Security Droid\n    armor: Blast Vest\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	id := ts.importFile(file)
	editor := ts.get("/armies/" + id + "/edit")
	if !strings.Contains(editor.body, `data-field="u0.armor"`) || !strings.Contains(editor.body, `droids do not wear &#34;Blast Vest&#34;`) {
		t.Errorf("the editor does not flag the droid's Blast Vest on its field")
	}
	form := ts.editorForm(id)
	if form.Get("u0.armor") != "Blast Vest" {
		t.Fatalf("the droid's form holds armor %q, want Blast Vest as the file has it", form.Get("u0.armor"))
	}
	form.Set("action", "save")
	wantStatus(t, "save", ts.postForm("/armies/"+id, form), http.StatusSeeOther)
	if file := ts.get("/armies/" + id + "/export?format=yaml").body; !strings.Contains(file, "armor: Blast Vest") {
		t.Errorf("saving the editor dropped the droid's Blast Vest:\n%s", file)
	}

	form = ts.editorForm(id)
	form.Set("u0.armor", "")
	form.Set("action", "save")
	wantStatus(t, "save without it", ts.postForm("/armies/"+id, form), http.StatusSeeOther)
	if file := ts.get("/armies/" + id + "/export?format=yaml").body; strings.Contains(file, "armor") {
		t.Errorf("choosing none kept the droid's armor:\n%s", file)
	}
}
