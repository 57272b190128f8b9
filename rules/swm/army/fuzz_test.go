package army

import (
	"testing"
	"time"
)

// FuzzRead: any bytes either read or are refused with a message, quickly, without a panic.
// `go test` runs the seeds; `go test -fuzz FuzzRead ./rules/swm/army` explores.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"format: 1\nsystem: swm\nfaction: Empire\nunits: [{card: Snowtrooper, count: 2}]\n",
		"format: 1\nsystem: swm\nfaction: Rebel\nunits:\n  - card: Hoth Trooper\ncards:\n  - {name: X, faction: Fringe, cost: 3, abilities: [Speed 8]}\n",
		"{\"format\": 1, \"system\": \"swm\", \"faction\": \"Empire\", \"units\": [{\"card\": \"Snowtrooper\"}]}",
		"format: 1\nsystem: swm\nfaction: !!str Empire\nunits: [&a {card: x}, *a]\n",
		"- - - - - - - - - - - - - - - - x\n",
		"units: [[[[[[[[[[[[[[[[[[",
		"format: 1\nsystem: swm\nfaction: 'it''s'\nunits: [{card: \"a # b\"}]\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		a, err := Read(data)
		if err == nil && (a.Format != 1 || a.System != "swm" || a.Units == nil || a.Limit < 1) {
			t.Fatalf("read an army without its required fields: %+v", a)
		}
		if err != nil && err.Error() == "" {
			t.Fatal("an empty message")
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("took %v", d)
		}
	})
}
