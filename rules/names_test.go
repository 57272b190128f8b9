package rules

import (
	"math/rand/v2"
	"testing"
)

// TestNormalizeIsItsDefinition checks Normalize's ASCII path against its definition,
// normalizeSlow: every name and alias of the catalogue, the book's abbreviations, and random
// strings of the characters matching treats specially.
func TestNormalizeIsItsDefinition(t *testing.T) {
	names := []string{"", " ", "melee", "Melee", " melee ", "climb/jump", "Climb / Jump", "repeat blaster",
		"blaster arty.", "Rec. Proj.", "e-web", "E_WEB", "stormtrooper's", "a/b/c", "//", "rec", "REPEAT",
		"x\tdetect\ny", "Thermal Detonator", "melee combat", "mel-ee", "repeat-ing", "Détecteur", "vibro\u2019blade"}
	c := Default()
	for _, ns := range c.names {
		names = append(names, ns...)
	}
	for _, tr := range c.Troops {
		names = append(names, tr.Aliases...)
	}
	for _, w := range c.Weapons {
		names = append(names, w.Aliases...)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "aArReEpPtTmMlLcCjJuUbBdD /-_.'\t0"
	for range 20000 {
		b := make([]byte, rng.IntN(16))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		names = append(names, string(b))
	}
	for _, w := range []string{"repeat", "arty", "climb", "jump", "rec", "proj", "detect", "melee"} {
		for _, sep := range []string{" ", "/", "-", ".", ""} {
			names = append(names, w+sep+w, sep+w, w+sep, "x"+sep+w+sep+"y")
		}
	}
	for _, n := range names {
		if got, want := Normalize(n), normalizeSlow(n); got != want {
			t.Errorf("Normalize(%q) = %q, its definition says %q", n, got, want)
		}
	}
}

func BenchmarkNormalize(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Normalize("Heavy Repeating Blaster")
		Normalize("blasterrifle")
	}
}
