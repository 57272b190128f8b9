package solo

import (
	"strings"
	"testing"
)

// "Result: (randomise which counter in LOS the Imperials appear at) 1-5 Nothing (unless
// counter is in the open, when an Imperial Probe Droid appears" (the sheet, enemy force
// generation). The counter is picked whatever the roll, and when nothing appears the log
// names the one picked and where it stands, so the Probe Droid rule can be checked from the
// log: a corner counter picked gives nothing; an open one with no Probe Droid figure free
// gives nothing too, and says why.
func TestSpotLogsTheCounterWhenNothingAppears(t *testing.T) {
	st, err := New(Setup{Seed: 1, Counters: []string{"corner", "open"}, Pool: Pool{Stormtrooper: 4}, Army: rescue(t)})
	if err != nil {
		t.Fatal(err)
	}
	// Two counters in sight: +1, no contact: -1. A 3 is 3: nothing; the d2 picks counter 1.
	if o, err := Spot(st, []int{1, 2}, scripted(t, 3, 1)); err != nil || o.Deployed() || o.Counter != 1 {
		t.Fatalf("%+v %v", o, err)
	}
	if last := st.Log[len(st.Log)-1]; !strings.Contains(last, "Counter 1 (corner) picked; nothing appears.") {
		t.Errorf("log: %q", last)
	}
	// The d2 picks counter 2, in the open, with no Probe Droid in the pool.
	if o, err := Spot(st, []int{1, 2}, scripted(t, 3, 2)); err != nil || o.Deployed() || o.Counter != 2 {
		t.Fatalf("%+v %v", o, err)
	}
	if last := st.Log[len(st.Log)-1]; !strings.Contains(last, "Counter 2 (open) picked; nothing appears (no Probe Droid figure is free).") {
		t.Errorf("log: %q", last)
	}
}
