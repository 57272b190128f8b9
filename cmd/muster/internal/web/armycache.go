package web

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"muster/db"
	"muster/roster"
)

// parsedCache keeps parsed army files by army and version, for the editor's cost update:
// parsing an army file (about 0.6 ms for a 2000-SGP army) would otherwise be most of the
// cost of each keystroke. Versions never change once saved, so entries never go stale.
// The armies it returns are shared: read them, never change them.
type parsedCache struct {
	mu      sync.Mutex
	entries map[string]*roster.Army
}

const parsedCacheSize = 256

func (pc *parsedCache) get(key string) *roster.Army {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	return pc.entries[key]
}

func (pc *parsedCache) put(key string, a *roster.Army) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.entries == nil || len(pc.entries) >= parsedCacheSize {
		pc.entries = map[string]*roster.Army{} // simple and bounded: start over when full
	}
	pc.entries[key] = a
}

// headShared returns the army's head version, parsed, from the cache when it can. The
// result must not be modified. Only owner's armies are found, and a deleted one is not.
func (a *app) headShared(ctx context.Context, owner, id string) (db.Army, *roster.Army, error) {
	rec, file, err := a.store.Get(ctx, owner, id)
	if errors.Is(err, db.ErrNotFound) || err == nil && rec.Deleted {
		return db.Army{}, nil, errNoArmy
	}
	if err != nil {
		return db.Army{}, nil, err
	}
	key := fmt.Sprintf("%s@%d", id, rec.Version)
	if army := a.parsed.get(key); army != nil {
		return rec, army, nil
	}
	army, err := readStored(id, file)
	if err != nil {
		return db.Army{}, nil, err
	}
	a.parsed.put(key, army)
	return rec, army, nil
}
