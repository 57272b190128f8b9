package roster

import (
	"testing"

	"muster/rules"
)

// FuzzRead feeds the army file reader arbitrary bytes. Read must never panic; what it
// accepts must write back (YAML and JSON) to a file it reads again, and the checks must run
// on it without panicking. The seed corpus is every printed force of the book plus the
// hostile shapes the guard refuses; CI runs the seeds, `make fuzz` runs the fuzzer
// (docs/benchmarks.md, Fuzzing).
func FuzzRead(f *testing.F) {
	for _, b := range bookFiles(f) {
		f.Add(b)
	}
	for _, s := range []string{
		rendorsRaiders,
		"format: 1\nside: rebel\nunits:\n  - kind: hero\n    origin: scratch\n    force: {skills: {control: 1}, powers: [remain conscious], point_rolls: 2, points: 1}\n",
		"format: 1\nside: imperial\nlimits: {total: 1500, sgp: {heroes: 300}, qualities: [average, veteran], max: {grenades: 30}, banned: [thermal detonator, vehicles], sides: [imperial], rules: {troop.training: warning}}\nrules: {troop.quality: waived}\nunits: []\n",
		"format: 1\nside: rebel\na: &a [x]\nb: *a\n",
		"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
		"- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - x",
		"{\"format\": 1, \"side\": \"rebel\", \"units\": [{\"kind\": \"droid\", \"droid\": \"war droid\", \"armor\": true}]}",
		"format: 1\nside: rebel\nname: |\n  a\n  b\nunits: []\n",
		"format: 1\r\nside: neutral\r\nunits:\r\n- kind: creature\r\n  creature: rancor\r\n  count: 99999\r\n",
	} {
		f.Add([]byte(s))
	}
	c := rules.Default()
	f.Fuzz(func(t *testing.T, data []byte) {
		if l, err := ReadLimits(data); err == nil {
			LimitsBounds(l, "limits")
		}
		a, err := Read(data)
		if err != nil {
			if _, ok := err.(*ParseError); !ok {
				t.Fatalf("Read returned %T, not a *ParseError: %v", err, err)
			}
			return
		}
		Check(c, a)
		CheckLimits(c, a, a.Limits, "limits")
		CheckDials(a.Rules, "rules")
		out, err := a.YAML()
		if err != nil {
			t.Fatalf("YAML: %v", err)
		}
		if _, err := Read(out); err != nil {
			t.Fatalf("the written army does not read again: %v\n--- input\n%q\n--- written\n%s", err, data, out)
		}
		js, err := a.JSON()
		if err != nil {
			t.Fatalf("JSON: %v", err)
		}
		if _, err := Read(js); err != nil {
			t.Fatalf("the JSON army does not read again: %v\n--- input\n%q\n--- written\n%s", err, data, js)
		}
	})
}
