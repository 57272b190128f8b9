package db

import (
	"context"
	"errors"
	"testing"
	"time"
)

// A saved matchup reads back as saved, has an unguessable id, and lists newest first.
func TestSimsSaveAndRead(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		tick := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		s.now = func() time.Time { tick = tick.Add(time.Second); return tick }
		in := Sim{ArmyA: "a1", VersionA: 3, ArmyB: "b1", VersionB: 1, Scenario: "open-field", Battles: 1000,
			Seed: "18446744073709551615", Summary: []byte(`{"battles":1000}`), Charts: []byte(`{}`),
			SampleLog: "Turn 1\n", Elapsed: 1234 * time.Millisecond, Owner: own(t, s)}
		first, err := s.SaveSim(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		if len(first.ID) < 16 {
			t.Fatalf("id %q", first.ID)
		}
		got, err := s.GetSim(ctx, own(t, s), first.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.ArmyA != "a1" || got.VersionA != 3 || got.Seed != in.Seed || string(got.Summary) != `{"battles":1000}` ||
			got.SampleLog != "Turn 1\n" || got.Elapsed != in.Elapsed || !got.Created.Equal(first.Created) {
			t.Errorf("read back %+v", got)
		}
		second, err := s.SaveSim(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		list, err := s.ListSims(ctx, own(t, s), 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].ID != second.ID || list[1].ID != first.ID || list[0].SampleLog != "" {
			t.Errorf("list %+v", list)
		}
		if _, err := s.GetSim(ctx, own(t, s), "nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("missing: %v", err)
		}
	})
}
