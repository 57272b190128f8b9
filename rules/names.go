package rules

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// wordAliases are the book's own abbreviations, applied word by word before matching:
// "repeat blaster" is the repeating blaster, "blaster arty." is blaster artillery, "melee"
// alone is melee combat, "climb/jump" is climbing/jumping.
var wordAliases = map[string]string{
	"repeat": "repeating",
	"arty":   "artillery",
	"climb":  "climbing",
	"jump":   "jumping",
	"rec":    "receptive",
	"proj":   "projective",
	"detect": "detection",
}

// separators are the characters matching treats as word breaks or ignores.
var separators = strings.NewReplacer("/", " / ", "-", " ", "_", " ", ".", "", "'", "", "\u2019", "")

// Normalize reduces a name to its matching key: case, spaces, hyphens and underscores are
// ignored, as are full stops and apostrophes, and the book's abbreviations are expanded.
//
// Names in ASCII (every name of the catalogue, nearly every name of a file) take a path of
// their own that allocates at most the key; the result is the same (normalizeSlow, the
// definition, is checked against it in names_test.go).
func Normalize(name string) string {
	var buf [64]byte
	key := buf[:0]
	word := 0 // where the current word starts in key
	endWord := func() {
		if a, ok := wordAliases[string(key[word:])]; ok {
			key = append(key[:word], a...)
		}
		word = len(key)
	}
	for i := 0; i < len(name); i++ {
		b := name[i]
		switch {
		case b >= utf8.RuneSelf:
			return normalizeSlow(name)
		case b == ' ' || b == '\t' || b == '\n' || b == '\v' || b == '\f' || b == '\r' || b == '-' || b == '_':
			endWord()
		case b == '/':
			endWord()
			key = append(key, '/')
			endWord()
		case b == '.' || b == '\'':
		default:
			if 'A' <= b && b <= 'Z' {
				b += 'a' - 'A'
			}
			key = append(key, b)
		}
	}
	endWord()
	if string(key) == "melee" {
		return "meleecombat"
	}
	if string(key) == name {
		return name
	}
	return string(key)
}

// normalizeSlow is Normalize's definition, for names beyond ASCII.
func normalizeSlow(name string) string {
	name = strings.ToLower(strings.TrimSpace(name))
	name = separators.Replace(name)
	words := strings.Fields(name)
	for i, w := range words {
		if a, ok := wordAliases[w]; ok {
			words[i] = a
		}
	}
	key := strings.Join(words, "")
	if key == "melee" {
		return "meleecombat"
	}
	return key
}

// Nearest returns up to n known names of a kind closest to name, nearest first: names that
// contain it or that it contains, then by edit distance.
func (c *Catalog) Nearest(kind, name string, n int) []string {
	key := Normalize(name)
	type cand struct {
		name string
		d    int
	}
	var cands []cand
	for _, known := range c.names[kind] {
		k := Normalize(known)
		d := editDistance(key, k)
		if key != "" && (strings.Contains(k, key) || strings.Contains(key, k)) {
			d = 0
		}
		// Far-off names are noise, not suggestions.
		if d > max(3, len(key)/2) {
			continue
		}
		cands = append(cands, cand{known, d})
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].d < cands[j].d })
	var out []string
	// Only the closest matches help; a name much further off than the best is noise.
	for i := 0; i < len(cands) && i < n && cands[i].d <= cands[0].d+1; i++ {
		out = append(out, cands[i].name)
	}
	return out
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = `"` + n + `"`
	}
	switch len(q) {
	case 1:
		return q[0]
	default:
		return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
	}
}
