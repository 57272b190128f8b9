package cli

import (
	"encoding/json"
	"math"
	"testing"
)

// `muster odds volley` reads the armies' own catalog: blocks too. Six Kwymar Militiamen
// with blaster 4 at 20" (medium range, difficulty 8) hit on a 4, 5 or 6: half their shots,
// 3 expected hits of 6.
func TestOddsVolleyWithCustomTroops(t *testing.T) {
	code, out, errOut := runMuster(t, "odds", "volley", "--json", "--army", "../../../../costing/testdata/custom-catalog.yaml", "--squad", "0",
		"--target-army", "../../../../rules/data/forces/blue-rangers.yaml", "--target", "0", "--range", "20")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep struct {
		ExpectedHits float64 `json:"expected_hits"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	// The exact odds truncate below 1e-12 a term; 3 to within 1e-9.
	if math.Abs(rep.ExpectedHits-3) > 1e-9 {
		t.Errorf("expected hits = %v, want 3", rep.ExpectedHits)
	}
}
