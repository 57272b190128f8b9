package engine

import (
	"strings"
	"testing"
)

func TestSmoke(t *testing.T) {
	trooper := house("Test Trooper", 10, 30, 14, 6, 10)
	heavy := house("Test Heavy Trooper", 15, 40, 12, 4, 30, "Heavy Weapon", "Speed 2")
	a := squad("Blue", trooper, trooper, heavy)
	b := squad("Red", trooper, trooper, heavy)
	for _, name := range Scenarios() {
		m, _ := Scenario(name)
		r, err := Play(m, a, b, rng(3), true)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: winner %d in %d rounds: %s", name, r.Winner, r.Rounds, r.Reason)
		if name == "salvage" {
			t.Log(strings.Join(r.Log, "\n"))
		}
	}
}
