package web

import (
	"testing"

	"muster/cmd/muster/internal/jobs"
	"muster/views"
)

// BenchmarkQuickResolveOnTheWeb is the most a job queued by /qrs/sim plays: 2000 games of Red
// Team (a Rebel Hero and three Rebel Troopers) past a corner, a cover and an open counter,
// with the suggested figure pool (docs/benchmarks.md).
func BenchmarkQuickResolveOnTheWeb(b *testing.B) {
	f := views.QRSNewForm{Seed: "7", Counters: [views.QRSCounterFields]string{"corner", "cover", "open"}}
	for _, p := range qrsPoolProfiles {
		f.Pool = append(f.Pool, p.Suggest)
	}
	f.Rows[0] = views.QRSGroupRow{Group: "Red Team", Profile: "Rebel Hero", Count: "1"}
	f.Rows[1] = views.QRSGroupRow{Group: "Red Team", Profile: "Rebel Trooper", Count: "3"}
	v := views.QRSSimPage{Battles: "2000"}
	for b.Loop() {
		req, problem := qrsRequest(f, v)
		if problem != "" {
			b.Fatal(problem)
		}
		if _, err := jobs.PlayQRS(req); err != nil {
			b.Fatal(err)
		}
	}
}
