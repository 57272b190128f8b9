package web

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"time"

	"muster/db"
)

// draftEvery is how often the editor's drafts are written: the editor sends a cost update
// 300 ms after each pause in typing, and each stored the whole form (a transaction of its
// own, synced to disk) before answering.
const draftEvery = time.Second

// drafts keeps the army editor's drafts (the form as typed, kept so that leaving the page
// loses nothing) and writes them behind the cost updates, every draft of the last second in
// one transaction:
//
//   - a cost update puts its form in memory, replacing the one kept before it, and answers
//     without waiting for the disk: at most one write per player and army a second, the
//     last form always the one written;
//   - once a second (draftEvery) every form kept since the last write is written, together;
//   - reading a draft (the editor page, the army's page) answers the form kept in memory when
//     there is one, so that a reload right after a burst of typing shows the last keystroke;
//   - discarding or saving forgets the kept form and deletes the stored one, after any write
//     in flight (writes and discards take turns: a discarded draft is never written back);
//   - when the server is stopping (stop closed), what is kept is written at once, and later
//     forms as they come.
//
// What a crash of the process loses: the forms of the last second. Several web processes
// (PostgreSQL): the last second of typing is in the process that received it, the others
// read it from the database a second later.
type drafts struct {
	store *db.Store
	log   *slog.Logger
	now   func() time.Time
	// onWrite, when set (by tests), is called with the number of drafts of each write.
	onWrite func(n int)
	every   time.Duration // draftEvery; tests set it longer

	mu       sync.Mutex
	kept     map[draftKey]keptDraft // typed since the last write began
	shown    map[draftKey]keptDraft // the last form of each key not yet known written
	seq      uint64                 // forms kept so far
	timer    *time.Timer            // the next write, when something is kept
	stopping bool

	writing sync.Mutex // a write or a discard at a time
}

// draftKey is whose draft of which army; list: the army is a game's list.
type draftKey struct {
	owner, army string
	list        bool
}

// keptDraft is a form kept in memory, numbered in the order typed.
type keptDraft struct {
	db.Draft
	seq uint64
}

func newDrafts(store *db.Store, log *slog.Logger) *drafts {
	return &drafts{store: store, log: log, now: time.Now, every: draftEvery, kept: map[draftKey]keptDraft{}, shown: map[draftKey]keptDraft{}}
}

// stopOn writes every kept form when done closes, and every later one at once.
func (d *drafts) stopOn(done <-chan struct{}) {
	if done == nil {
		return
	}
	go func() {
		<-done
		d.mu.Lock()
		d.stopping = true
		d.mu.Unlock()
		d.flush()
	}()
}

// save keeps owner's form of their army made on version base, to be written within
// draftEvery (at once when the server is stopping).
func (d *drafts) save(owner, army string, base int, form []byte) {
	d.keep(draftKey{owner, army, false}, base, form)
}

// saveList keeps the typist's (owner's) form of a game's list (army, its army), as save.
func (d *drafts) saveList(owner, army string, base int, form []byte) {
	d.keep(draftKey{owner, army, true}, base, form)
}

func (d *drafts) keep(k draftKey, base int, form []byte) {
	d.mu.Lock()
	d.seq++
	dr := keptDraft{db.Draft{Base: base, Form: form, Updated: d.now()}, d.seq}
	d.kept[k], d.shown[k] = dr, dr
	stopping := d.stopping
	if d.timer == nil && !stopping {
		d.timer = time.AfterFunc(d.every, d.flush)
	}
	d.mu.Unlock()
	if stopping {
		d.flush()
	}
}

// flush writes every kept form in one transaction.
func (d *drafts) flush() {
	d.writing.Lock()
	defer d.writing.Unlock()
	d.mu.Lock()
	d.timer = nil
	batch := make([]db.DraftWrite, 0, len(d.kept))
	written := make(map[draftKey]keptDraft, len(d.kept))
	for k, dr := range d.kept {
		batch = append(batch, db.DraftWrite{Owner: k.owner, Army: k.army, Base: dr.Base, Form: dr.Form, List: k.list})
		written[k] = dr
	}
	clear(d.kept)
	d.mu.Unlock()
	if len(batch) == 0 {
		return
	}
	if d.onWrite != nil {
		d.onWrite(len(batch))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := d.store.SaveDrafts(ctx, batch)
	d.mu.Lock()
	defer d.mu.Unlock()
	if err != nil && strings.Contains(err.Error(), "database is closed") {
		return // the store is closed: the server has stopped (and wrote what it had then)
	}
	if err != nil {
		// Kept for the next write, unless typed again meanwhile (the newer form is kept).
		d.log.Warn("editor: drafts not kept; trying again", "drafts", len(batch), "err", err)
		for k, dr := range written {
			if _, newer := d.kept[k]; !newer {
				d.kept[k] = dr
			}
		}
		if d.timer == nil {
			d.timer = time.AfterFunc(d.every, d.flush)
		}
		return
	}
	for k, dr := range written {
		if s, ok := d.shown[k]; ok && s.seq == dr.seq {
			delete(d.shown, k) // the database has the last form typed: read it there
		}
	}
}

// get returns owner's draft of their army (or of a game's list): the form kept in memory,
// or the stored one.
func (d *drafts) get(ctx context.Context, owner, army string) (db.Draft, error) {
	d.mu.Lock()
	dr, ok := d.shown[draftKey{owner, army, false}]
	if !ok {
		dr, ok = d.shown[draftKey{owner, army, true}]
	}
	d.mu.Unlock()
	if ok {
		return dr.Draft, nil
	}
	return d.store.GetDraft(ctx, owner, army)
}

// discard forgets owner's draft of their army (or of a game's list): the kept form and the stored one, after any
// write in flight.
func (d *drafts) discard(ctx context.Context, owner, army string) error {
	d.writing.Lock()
	defer d.writing.Unlock()
	d.mu.Lock()
	for _, list := range []bool{false, true} {
		k := draftKey{owner, army, list}
		delete(d.kept, k)
		delete(d.shown, k)
	}
	d.mu.Unlock()
	return d.store.DeleteDraft(ctx, owner, army)
}
