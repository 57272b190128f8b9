package engine

// keyOrder puts items in the order of small whole-number keys (move costs and risks),
// keeping the order they were added in among equal keys: the order slices.SortStableFunc
// gives with cmp.Compare on the keys, found by counting instead of comparing. bestSpot
// sorts the squares it reaches at a risk, up to a few hundred, and a stable comparison sort
// of them cost more than choosing among them.
type keyOrder struct {
	items, keys, counts, out []int
	top                      int // the greatest key added
}

// reset empties the order for a new list, keeping its arrays.
func (o *keyOrder) reset() {
	o.items, o.keys, o.top = o.items[:0], o.keys[:0], 0
}

// add appends an item with its key (0 or more).
func (o *keyOrder) add(item, key int) {
	o.items = append(o.items, item)
	o.keys = append(o.keys, key)
	o.top = max(o.top, key)
}

// sorted is the items by key, the first added first among equals. The slice is the
// order's own, overwritten by its next use.
func (o *keyOrder) sorted() []int {
	o.counts = grow(o.counts, o.top+1)
	clear(o.counts)
	for _, k := range o.keys {
		o.counts[k]++
	}
	at := 0
	for k, n := range o.counts {
		o.counts[k] = at
		at += n
	}
	o.out = grow(o.out, len(o.items))
	for j, k := range o.keys {
		o.out[o.counts[k]] = o.items[j]
		o.counts[k]++
	}
	return o.out
}
