package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// `muster cost` and `muster check` reach the qrs army through its system: the JSON shape of
// the contract, with the Firepower totals as the costs.
func TestQRSCostAndCheckDispatch(t *testing.T) {
	code, out, errOut := runMuster(t, "cost", "--json", "../../rules/qrs/army/testdata/patrol.yaml")
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
	bad := writeFile(t, "format: 1\nsystem: qrs\nname: x\ngroups:\n  - name: Stormtroopers\n    figures: [{profile: stromtrooper}]\n")
	code, out, _ = runMuster(t, "check", bad)
	if code != 1 || !strings.Contains(out, `Unit 1, Stormtroopers: there is no profile "stromtrooper"`) {
		t.Errorf("check: exit %d\n%s", code, out)
	}
	broken := writeFile(t, "format: 1\nsystem: qrs\ngroups:\n  - nme: x\n")
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
