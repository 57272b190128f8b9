package main

import (
	"errors"
	"strings"
	"testing"
)

// Ten Standard Rebel Troopers (Troop Lists, p. 99: veteran 10 + Move 10 + attributes 3+2+2+2+2+2
// = 33 each): 330 SGPs, with no commander and no specialist.
const tenTroopers = `format: 1
name: Ten troopers
side: rebel
units:
  - kind: squad
    troop: Standard Rebel Trooper
    size: 10
`

// "How many mounts" filled in with no creature chosen under Mounts cannot be kept (which
// creature?) and was dropped without a word: it is refused, naming the field and the fix.
func TestMountsCountedWithoutACreatureAreRefusedInWords(t *testing.T) {
	ts := newTestServer(t)
	id := ts.importFile(writeFile(t, tenTroopers))
	form := ts.editorForm(id)
	form.Set("u0.mounts.count", "4")
	_, err := parseArmyForm(form)
	var fe *formError
	if !errors.As(err, &fe) || fe.Field != "u0.mounts.count" {
		t.Fatalf("4 mounts without a creature read as %v, want a refusal naming u0.mounts.count", err)
	}
	if !strings.Contains(fe.Msg, "creature") {
		t.Errorf("the refusal %q does not say to choose the creature", fe.Msg)
	}
	// No number, or nought, is not input.
	for _, n := range []string{"", "0"} {
		form.Set("u0.mounts.count", n)
		if _, err := parseArmyForm(form); err != nil {
			t.Errorf("mounts count %q without a creature: %v", n, err)
		}
	}
}
