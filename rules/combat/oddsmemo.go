package combat

import (
	"slices"
	"sync"
)

// OddsMemo keeps, from one volley's exact odds to the next, each figure's outcome for each
// vector of hits by Damage class (the outcome tables of allocateOdds): working them out is
// most of a volley's cost, and a player trying ranges and covers on the odds page asks for
// the same figures against the same weapons again and again, only the hits' odds changing.
// The kept tables are the same numbers the volley would work out (the same code on the same
// inputs), so the odds are the same to the bit with or without it. Safe for concurrent use;
// bounded in entries and in each table's size.
type OddsMemo struct {
	mu     sync.Mutex
	tables map[memoKey]*outcomeTable
	order  []memoKey // oldest first: the first to go when full
	max    int
}

// NewOddsMemo keeps up to n outcome tables.
func NewOddsMemo(n int) *OddsMemo {
	return &OddsMemo{tables: map[memoKey]*outcomeTable{}, max: max(n, 1)}
}

// memoBiggest is the largest table kept (vectors of hits): bigger volleys are rare, and
// copying them would cost what it saves.
const memoBiggest = 1 << 14

// memoKey says which table: a figure's Strength and wound against the volley's Damage
// classes, with as many hits of each class at most (dims: the table's shape).
type memoKey struct {
	sr      int
	wounded bool
	classes int
	ds      [maxClasses]int
	dims    [maxClasses]int
}

func newMemoKey(sr int, wounded bool, ds, dims []int) memoKey {
	k := memoKey{sr: sr, wounded: wounded, classes: len(ds)}
	copy(k.ds[:], ds)
	copy(k.dims[:], dims)
	return k
}

// copyOf is a copy of the kept table for key (nil: none kept), the volley's own to fill.
func (m *OddsMemo) copyOf(key memoKey) *outcomeTable {
	if m == nil {
		return nil
	}
	m.mu.Lock()
	t := m.tables[key]
	m.mu.Unlock()
	if t == nil {
		return nil
	}
	// A kept table is never written again (keep stores a volley's table once the volley is
	// done with it, and every user copies): it may be read without the lock.
	model := *t.model
	model.pow = slices.Clone(t.model.pow)
	return &outcomeTable{model: &model, wounded: t.wounded, h: slices.Clone(t.h), known: slices.Clone(t.known)}
}

// keep stores a volley's table for key once the volley is done with it, in place of the
// one kept (which it extends: it was copied from it, or worked out afresh).
func (m *OddsMemo) keep(key memoKey, t *outcomeTable) {
	if m == nil || len(t.h) > memoBiggest {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.tables[key]; !ok {
		if len(m.order) >= m.max {
			delete(m.tables, m.order[0])
			m.order = m.order[1:]
		}
		m.order = append(m.order, key)
	}
	m.tables[key] = t
}
