package battle

// pairBits is a reusable set of (i, j) pairs for i < rows, j < cols: a hot loop's memory of
// what it has already found, kept without allocating once warmed up.
type pairBits struct {
	cols int
	bits []uint64
}

// reset empties the set and sizes it for rows x cols pairs.
func (p *pairBits) reset(rows, cols int) *pairBits {
	n := (rows*cols + 63) / 64
	if cap(p.bits) < n {
		p.bits = make([]uint64, n)
	}
	p.bits = p.bits[:n]
	clear(p.bits)
	p.cols = cols
	return p
}

func (p *pairBits) set(i, j int) {
	k := i*p.cols + j
	p.bits[k>>6] |= 1 << (k & 63)
}

func (p *pairBits) has(i, j int) bool {
	k := i*p.cols + j
	return p.bits[k>>6]&(1<<(k&63)) != 0
}
