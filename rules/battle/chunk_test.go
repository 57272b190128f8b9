package battle

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// playChunks plays a matchup chunk by chunk, each chunk through JSON as a job system stores
// it, and hands the chunks back shuffled.
func playChunks(tb testing.TB, field *Field, a, b *Force, seed uint64, n, size int, sample bool) []*Chunk {
	tb.Helper()
	var cs []*Chunk
	for _, o := range Split(n, size) {
		o.Seed, o.Workers, o.SampleLog = seed, 1, sample
		c, err := PlayChunk(context.Background(), field, a, b, o)
		if err != nil {
			tb.Fatal(err)
		}
		j, err := json.Marshal(c)
		if err != nil {
			tb.Fatal(err)
		}
		var back Chunk
		if err := json.Unmarshal(j, &back); err != nil {
			tb.Fatal(err)
		}
		cs = append(cs, &back)
	}
	rand.New(rand.NewPCG(seed, uint64(size))).Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	return cs
}

// A matchup split by battle index into chunks of any size, played separately and merged in
// any order, sums up to the unsplit matchup's summary: the same JSON to the byte, the same
// pictures, and battle 0's log as the sample.
func TestChunksMergeToTheUnsplitSummary(t *testing.T) {
	a, b := force(t, "testdata/rebel-1500.yaml"), force(t, "testdata/imperial-1500.yaml")
	field := scenario(t, "open-field")
	const n, seed = 600, 4242
	whole, err := Simulate(context.Background(), field, a, b, SimOptions{Battles: n, Seed: seed, SampleLog: true})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(whole)
	var log bytes.Buffer
	New(field, a, b).Play(BattleSeed(seed, 0), &log)
	if whole.SampleLog != log.String() || whole.SampleLog == "" {
		t.Fatal("the unsplit matchup's sample log is not battle 0's log")
	}
	for _, size := range []int{1, 7, 64, 100, 599, 600, 10000} {
		got, err := Merge(field, a, b, seed, n, playChunks(t, field, a, b, seed, n, size, true))
		if err != nil {
			t.Fatalf("chunks of %d: %v", size, err)
		}
		if j, _ := json.Marshal(got); !bytes.Equal(j, want) {
			t.Errorf("chunks of %d: the JSON differs:\n%s\nunsplit:\n%s", size, j, want)
		}
		if !reflect.DeepEqual(got, whole) {
			t.Errorf("chunks of %d: the summary's pictures or sample differ from the unsplit one's", size)
		}
	}
}

// A merge refuses chunks that leave a battle out, count one twice or come from another
// matchup, rather than summing them up wrong.
func TestMergeRefusesChunksThatDoNotCoverTheMatchupOnce(t *testing.T) {
	a, b := force(t, "testdata/rebel-1500.yaml"), force(t, "testdata/imperial-1500.yaml")
	field := scenario(t, "open-field")
	cs := playChunks(t, field, a, b, 5, 40, 10, false)
	slices.SortFunc(cs, func(x, y *Chunk) int { return x.First - y.First })
	other := playChunks(t, field, a, b, 6, 40, 10, false)
	for _, tc := range []struct {
		name   string
		chunks []*Chunk
		want   string
	}{
		{"a chunk missing", cs[1:], "in no chunk"},
		{"a chunk twice", append(append([]*Chunk(nil), cs...), cs[0]), "in two chunks"},
		{"too many battles", append(append([]*Chunk(nil), cs...), &Chunk{Seed: 5, First: 40, Count: 1, Units: cs[0].Units, Lost: cs[0].Lost, Destroyed: cs[0].Destroyed}), "hold 41 battles"},
		{"another matchup's chunks", other, "seed 6"},
	} {
		if _, err := Merge(field, a, b, 5, 40, tc.chunks); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}

// An exact sum reads back from its JSON as the same number, and adds up the same whatever
// the order of its parts (which float64 addition does not).
func TestExactSumDoesNotDependOnOrder(t *testing.T) {
	xs := []float64{1e16, 1, -1e16, 0.1, 0.2, 0.3, 5e-324, 123456.789}
	var fwd, back ExactSum
	for i := range xs {
		fwd.Add(xs[i])
		back.Add(xs[len(xs)-1-i])
	}
	j, _ := json.Marshal(fwd)
	var read ExactSum
	if err := json.Unmarshal(j, &read); err != nil {
		t.Fatal(err)
	}
	if fwd.f.Cmp(&back.f) != 0 || fwd.f.Cmp(&read.f) != 0 {
		t.Errorf("forwards %s, backwards %s, read back %s", fwd.f.Text('p', 0), back.f.Text('p', 0), read.f.Text('p', 0))
	}
	if got, want := fwd.Float64(), 1+0.1+0.2+0.3+123456.789; got != want && got-want > 1e-9 {
		t.Errorf("sum %v, want about %v", got, want)
	}
}
