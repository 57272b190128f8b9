package web

import (
	"container/list"
	"context"
	"errors"
	"strconv"
	"sync"

	"muster/db"
	"muster/roster"
)

// parsedCache keeps parsed army files by army and version ("id@version"), for every page
// that reads an army (the editor, its cost update, the summary, the sheets, the odds, a
// matchup's and a game's pages): parsing an army file (about 0.6 ms for a 2000-SGP army)
// would otherwise be most of the cost of each. Versions never change once saved, so entries
// never go stale. The armies it returns are shared: read them, never change them.
//
// It holds parsedCacheSize armies: those a few hundred players at once have open, each a
// few tens of kilobytes parsed (docs/benchmarks.md, issue 30). It held 256 and was emptied
// when full: with 500 players each on an army of their own it was emptied every few
// seconds, and most reads parsed again.
type parsedCache = lruCache[*roster.Army]

const parsedCacheSize = 2048

// lruCache is a map bounded by its size: the entry least recently used goes first.
type lruCache[V any] struct {
	mu      sync.Mutex
	size    int                      // 0: parsedCacheSize
	entries map[string]*list.Element // key -> *lruEntry[V] in lru
	lru     list.List                // most recently used first
}

type lruEntry[V any] struct {
	key string
	v   V
}

func (c *lruCache[V]) get(key string) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[key]
	if !ok {
		var zero V
		return zero
	}
	c.lru.MoveToFront(el)
	return el.Value.(*lruEntry[V]).v
}

func (c *lruCache[V]) put(key string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[string]*list.Element{}
	}
	if el, ok := c.entries[key]; ok {
		el.Value.(*lruEntry[V]).v = v
		c.lru.MoveToFront(el)
		return
	}
	c.entries[key] = c.lru.PushFront(&lruEntry[V]{key: key, v: v})
	size := c.size
	if size == 0 {
		size = parsedCacheSize
	}
	for c.lru.Len() > size {
		last := c.lru.Back()
		delete(c.entries, last.Value.(*lruEntry[V]).key)
		c.lru.Remove(last)
	}
}

// parsedKey names an army's version in the cache.
func parsedKey(id string, version int) string { return id + "@" + strconv.Itoa(version) }

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
	key := parsedKey(id, rec.Version)
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
