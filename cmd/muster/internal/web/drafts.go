package web

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"muster/db"
)

// draftEvery is how often, at most, one player's draft of one army is written: the editor
// sends a cost update 300 ms after each pause in typing, and each stored the whole form
// (a synchronous write, synced to disk) before answering.
const draftEvery = time.Second

// drafts writes the army editor's drafts (the form as typed, kept so that leaving the page
// loses nothing), at most one write per player and army a second, the last form always
// kept:
//
//   - a form with no write of its key in the last second is written at once, before the
//     cost update answers (as before);
//   - one within the second is kept in memory and written when the second is up, replacing
//     any form kept before it (only the last one is written);
//   - one write at a time per key, in the order typed: a form typed while the last is being
//     written waits its turn.
//
// Reading a draft (the editor page, the army's page) answers the form kept in memory when
// there is one, so that a reload right after a burst of typing shows the last keystroke.
// Discarding or saving forgets the kept form and deletes the stored one, after any write in
// flight. When the server is stopping (stop closed), every kept form is written at once and
// later ones are written as they come. What a crash of the process loses: the forms of the
// last second.
type drafts struct {
	store *db.Store
	log   *slog.Logger
	now   func() time.Time
	// onWrite, when set (by tests), is called as each write of a draft begins.
	onWrite func()

	mu       sync.Mutex
	keys     map[draftKey]*draftState
	stopping bool
}

type draftKey struct{ owner, army string }

// draftState is one key's draft between writes.
type draftState struct {
	draft     db.Draft  // the last form typed (Updated: when)
	dirty     bool      // typed since the last write began
	writing   bool      // a write of this key is in flight
	lastWrite time.Time // when the last write began (on the drafts' clock)
	timer     *time.Timer
	deleted   bool // discarded while a write was in flight: delete again after it
}

func newDrafts(store *db.Store, log *slog.Logger) *drafts {
	return &drafts{store: store, log: log, now: time.Now, keys: map[draftKey]*draftState{}}
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
		var due []draftKey
		for k, s := range d.keys {
			if s.timer != nil && s.timer.Stop() {
				s.timer = nil
				due = append(due, k)
			}
		}
		d.mu.Unlock()
		for _, k := range due {
			d.flush(k)
		}
	}()
}

// save keeps owner's form of their army made on version base: written now, or within the
// second (see drafts). The error is the store's, for a write made now.
func (d *drafts) save(ctx context.Context, owner, army string, base int, form []byte) error {
	k := draftKey{owner, army}
	now := d.now()
	d.mu.Lock()
	s := d.keys[k]
	if s == nil {
		s = &draftState{}
		d.keys[k] = s
	}
	s.draft = db.Draft{Base: base, Form: form, Updated: now}
	s.dirty = true
	if s.writing || s.timer != nil {
		d.mu.Unlock() // the write in flight, or the one due, takes it
		return nil
	}
	if wait := s.lastWrite.Add(draftEvery).Sub(now); wait > 0 && !d.stopping {
		s.timer = time.AfterFunc(wait, func() { d.due(k) })
		d.mu.Unlock()
		return nil
	}
	dr := d.begin(s, now)
	d.mu.Unlock()
	err := d.store.SaveDraft(ctx, owner, army, dr.Base, dr.Form)
	d.done(k)
	return err
}

// begin marks s's write begun and returns the draft to write (d.mu held).
func (d *drafts) begin(s *draftState, now time.Time) db.Draft {
	if d.onWrite != nil {
		d.onWrite()
	}
	s.writing, s.dirty, s.lastWrite = true, false, now
	return s.draft
}

// due is a key's second up: its kept form is written, or, with none, the key is forgotten.
func (d *drafts) due(k draftKey) {
	d.mu.Lock()
	if s := d.keys[k]; s != nil {
		s.timer = nil
	}
	d.mu.Unlock()
	d.flush(k)
}

// flush writes k's kept form, if any and no write is in flight; a key with nothing kept and
// nothing in flight is forgotten.
func (d *drafts) flush(k draftKey) {
	d.mu.Lock()
	s := d.keys[k]
	if s == nil || s.writing || s.timer != nil {
		d.mu.Unlock()
		return
	}
	if !s.dirty {
		delete(d.keys, k)
		d.mu.Unlock()
		return
	}
	dr := d.begin(s, d.now())
	d.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := d.store.SaveDraft(ctx, k.owner, k.army, dr.Base, dr.Form); err != nil && !errors.Is(err, db.ErrNotFound) {
		d.log.Warn("editor: draft not kept", "army", k.army, "err", err)
	}
	d.done(k)
}

// done ends k's write: a discard that came meanwhile is carried out again, and what was
// typed meanwhile is due a second after the write began (at once when stopping).
func (d *drafts) done(k draftKey) {
	d.mu.Lock()
	s := d.keys[k]
	if s == nil {
		d.mu.Unlock()
		return
	}
	s.writing = false
	if s.deleted {
		s.deleted = false
		d.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := d.store.DeleteDraft(ctx, k.owner, k.army); err != nil {
			d.log.Warn("editor: draft not discarded", "army", k.army, "err", err)
		}
		d.mu.Lock()
		if s = d.keys[k]; s == nil {
			d.mu.Unlock()
			return
		}
	}
	wait := s.lastWrite.Add(draftEvery).Sub(d.now())
	if d.stopping {
		wait = 0
	}
	if s.timer == nil {
		s.timer = time.AfterFunc(max(wait, 0), func() { d.due(k) })
	}
	d.mu.Unlock()
}

// get returns owner's draft of their army: the form kept in memory, or the stored one.
func (d *drafts) get(ctx context.Context, owner, army string) (db.Draft, error) {
	d.mu.Lock()
	s := d.keys[draftKey{owner, army}]
	if s != nil && !s.deleted && s.draft.Form != nil {
		dr := s.draft
		d.mu.Unlock()
		return dr, nil
	}
	d.mu.Unlock()
	return d.store.GetDraft(ctx, owner, army)
}

// discard forgets owner's draft of their army: the kept form, the stored one, and (after it)
// any write in flight.
func (d *drafts) discard(ctx context.Context, owner, army string) error {
	k := draftKey{owner, army}
	d.mu.Lock()
	if s := d.keys[k]; s != nil {
		if s.timer != nil {
			s.timer.Stop()
			s.timer = nil
		}
		s.dirty = false
		s.draft = db.Draft{}
		if s.writing {
			s.deleted = true
		} else {
			delete(d.keys, k)
		}
	}
	d.mu.Unlock()
	return d.store.DeleteDraft(ctx, owner, army)
}
