package main

import (
	"net/http"
	"strings"
	"testing"
)

// An editor action that names no unit ("remove", "remove:", "dup", "down:") is refused in
// words, never a crash.
func TestEditorActionWithoutAUnitIsRefusedInWords(t *testing.T) {
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	for _, action := range []string{"remove", "remove:", "dup", "dup:", "down:", "up", "remove:99", "remove:-1"} {
		form := ts.editorForm(id)
		form.Set("action", action)
		r := ts.postForm("/armies/"+id, form)
		if r.status != http.StatusBadRequest || !strings.Contains(r.body, "unit") {
			t.Errorf("action %q: %d, want 400 with a message:\n%.300s", action, r.status, r.body)
		}
	}
}
