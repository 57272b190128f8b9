package web

import (
	"context"
	"sync"
	"time"

	"muster/db"
)

// progressHub wakes the progress streams of a web process when their job changes, as
// PostgreSQL tells (db.Store.ListenMatchups): one listening connection per process, open only
// while a stream is; the streams then read the database once per change instead of four
// times a second. On SQLite nothing tells, and the streams look every 250 ms.
type progressHub struct {
	store *db.Store
	mu    sync.Mutex
	subs  map[string]map[chan struct{}]bool
	n     int                // streams subscribed
	stop  context.CancelFunc // the listener's, while one runs
}

// subscribe returns a channel that receives when matchup id changes (or when changes may
// have been missed), and the function that ends the subscription.
func (h *progressHub) subscribe(id string) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs == nil {
		h.subs = map[string]map[chan struct{}]bool{}
	}
	if h.subs[id] == nil {
		h.subs[id] = map[chan struct{}]bool{}
	}
	h.subs[id][ch] = true
	h.n++
	if h.stop == nil {
		ctx, cancel := context.WithCancel(context.Background())
		h.stop = cancel
		go func() { _ = h.store.ListenMatchups(ctx, h.publish) }()
	}
	return ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.subs[id], ch)
		if len(h.subs[id]) == 0 {
			delete(h.subs, id)
		}
		if h.n--; h.n == 0 && h.stop != nil {
			h.stop()
			h.stop = nil
		}
	}
}

// publish wakes the streams of matchup id; "" wakes every stream.
func (h *progressHub) publish(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for key, chans := range h.subs {
		if id != "" && key != id {
			continue
		}
		for ch := range chans {
			select {
			case ch <- struct{}{}:
			default: // one wake-up waiting is enough
			}
		}
	}
}

// progressEvery is how often a progress stream reads its job with nothing to wake it: on
// SQLite it is the only way; on PostgreSQL a change wakes it, and this catches the rest (a
// notification lost with a dropped connection, the place in the queue moving).
func progressEvery(store *db.Store) time.Duration {
	if store.Notifies() {
		return pushedProgressEvery
	}
	return 250 * time.Millisecond
}

// pushedProgressEvery is progressEvery with notifications (a variable: a test sets it long,
// to see the push).
var pushedProgressEvery = time.Second
