package costing

import (
	"testing"

	"muster/roster"
	"muster/rules"
)

// The crew the editor's "Add its crew" adds: the book's crew sizes (Chapter Eleven: the Light
// Anti-Vehicle Laser Cannon "Crew: 4", the Anti-Infantry Battery "Crew: 2", raised to the
// three soldiers a squad has at least, Chapter One), of a troop type the side may field, and
// no troop type of the side or the neutrals cheaper a soldier; the crew passes the check.
func TestCrewIsTheBooksCrewSizeOfTheCheapestSoldiers(t *testing.T) {
	cat := rules.Default()
	perSoldier := func(u roster.Unit) int {
		r := Army(cat, &roster.Army{Format: 1, System: "swmb", Side: "rebel", Units: []roster.Unit{u}})
		return r.Total * 100 / u.Size
	}
	for piece, size := range map[string]int{"Light Anti-Vehicle Laser Cannon": 4, "Anti-Infantry Battery": 3} {
		for _, side := range []rules.Side{"rebel", "imperial"} {
			u, err := Crew(cat, side, piece, nil)
			if err != nil {
				t.Fatalf("%s, %s: %v", piece, side, err)
			}
			tr, err := cat.Troop(u.Troop)
			if err != nil {
				t.Fatal(err)
			}
			if u.Kind != roster.KindSquad || tr.ClampSize(size) != u.Size || u.Name != piece+" crew" {
				t.Errorf("%s, %s: %+v, want a squad of %d named for the piece", piece, side, u, tr.ClampSize(size))
			}
			a := &roster.Army{Format: 1, System: "swmb", Side: side, Units: []roster.Unit{{Kind: roster.KindArtillery, Artillery: piece}, u}}
			for _, p := range Evaluate(cat, a, nil).Problems {
				if p.Severity == roster.Error {
					t.Errorf("%s, %s: the piece and its crew: %s", piece, side, p.Message)
				}
			}
			if tr.Side != side && tr.Side != rules.Neutral {
				t.Errorf("%s, %s: crewed by %s of the %s side", piece, side, tr.Name, tr.Side)
			}
			for i := range cat.Troops {
				o := &cat.Troops[i]
				if o.Side != side && o.Side != rules.Neutral {
					continue
				}
				f, ok := FreshSquad(cat, o, 4, nil)
				g, _ := FreshSquad(cat, tr, 4, nil)
				if ok && perSoldier(f) < perSoldier(g) {
					t.Errorf("%s, %s: %s costs less a soldier than the crew's %s", piece, side, o.Name, tr.Name)
				}
			}
		}
	}
	if _, err := Crew(cat, "rebel", "Death Star", nil); err == nil {
		t.Error("a piece the catalogue lacks was given a crew")
	}
}
