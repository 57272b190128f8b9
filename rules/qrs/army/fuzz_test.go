package army

import (
	"os"
	"testing"
)

// Whatever the file holds, reading it ends in a report or a message, never a panic, and a
// report's totals are the sums of its units.
func FuzzEvaluate(f *testing.F) {
	for _, name := range []string{"testdata/patrol.yaml", "testdata/rescue.yaml"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("format: 1\nsystem: qrs\ngroups: [{name: a, figures: [{profile: officer, count: -3}]}]\n"))
	f.Add([]byte("{\"format\": 1, \"system\": \"qrs\", \"profiles\": [{\"name\": \"x\", \"range_firepower\": [1]}]}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rep, err := System{}.Evaluate(data)
		if err != nil {
			if err.Error() == "" {
				t.Error("an empty message")
			}
			return
		}
		total := 0
		for _, u := range rep.Units {
			total += u.Cost
		}
		if total != rep.Total {
			t.Errorf("total %d, units sum to %d", rep.Total, total)
		}
	})
}
