package jobs

import (
	"context"
	"errors"
	"os"
	"slices"
	"testing"

	qrsarmy "muster/rules/qrs/army"
	"muster/rules/qrs/sim"
	"muster/rules/qrs/solo"
)

// A d20 quick-resolve tells its progress after each battle, 1 up to one short of all (the
// last is told by the job's end), and stops between battles when its context ends (the job
// cancelled); the skirmish quick-resolve tells each game as it begins. The answers are the
// same as without being followed.
func TestQuickResolvesTellTheirProgressAndStopWhenCancelled(t *testing.T) {
	var squads [2][]byte
	for i, f := range []string{"../../../../rules/swm/testdata/mirror-rebel.yaml", "../../../../rules/swm/testdata/mirror-imperial.yaml"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		squads[i] = b
	}
	req := SWMRequest{Squads: squads, Scenario: "open", Battles: 6, Seed: 3}
	var told []int
	got, err := playSWM(context.Background(), req, func(d int) { told = append(told, d) })
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{1, 2, 3, 4, 5}; !slices.Equal(told, want) {
		t.Errorf("progress told %v, want %v", told, want)
	}
	plain, err := PlaySWM(req)
	if err != nil || plain.Summary.Wins != got.Summary.Wins || plain.Summary.Losses != got.Summary.Losses {
		t.Errorf("followed %+v, plain %+v (%v)", got.Summary, plain.Summary, err)
	}
	a := qrsarmy.Resolve(&qrsarmy.File{Format: 1, System: "qrs", Name: "test", Groups: []qrsarmy.GroupEntry{{Name: "Red Team",
		Figures: []qrsarmy.FigureEntry{{Profile: "Rebel Trooper", Count: 3}}}}})
	q := QRSRequest{Config: sim.Config{Players: a.Groups[0], Counters: []string{solo.Corner, solo.Open}, Sight: 1, MaxTurns: 12}, Battles: 5, Seed: 7}
	var games []int
	if _, err := playQRS(q, func(d int) { games = append(games, d) }); err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 1, 2, 3, 4}; !slices.Equal(games, want) {
		t.Errorf("skirmish progress told %v, want %v", games, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	if _, err := playSWM(ctx, req, func(d int) {
		n = d
		if d == 2 {
			cancel()
		}
	}); !errors.Is(err, context.Canceled) || n != 2 {
		t.Errorf("cancelled after 2 battles: told %d, error %v; want it stopped there with context.Canceled", n, err)
	}
}
