package army

import "fmt"

// Bounds checked before the YAML library sees the bytes. The library recurses once per
// level of nesting and expands aliases; a squad file needs neither deep nesting nor
// aliases, so a cheap linear scan refuses them (SWMB's roster package learned this from
// its fuzzer).
const (
	maxDepth = 12   // a squad file nests about five levels (cards, a card, commander, effects, an effect)
	maxNodes = 5000 // list items and flow items
)

// guard scans the file once: it refuses anchors and aliases (& and * where a value may
// start), flow collections nested deeper than maxDepth, block nesting deeper than
// maxDepth (by indentation steps and "- - -" runs) and more than maxNodes entries. Quoted
// scalars and comments are skipped. Where it cannot be sure it refuses: a squad never needs
// any of it.
func guard(data []byte) error {
	line, col := 1, 0
	flow := 0
	nodes := 0
	var indents []int
	atLineStart := true
	indent := 0
	prev := byte('\n')
	fail := func(format string, args ...any) error {
		return &ParseError{Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
	}
	for i := 0; i < len(data); i++ {
		c := data[i]
		col++
		if c == '\n' {
			line, col = line+1, 0
			atLineStart, indent = true, 0
			prev = c
			continue
		}
		if atLineStart {
			if c == ' ' {
				indent++
				prev = c
				continue
			}
			if c == '\t' || c == '\r' {
				prev = c
				continue
			}
			atLineStart = false
			if c != '#' && flow == 0 {
				for len(indents) > 0 && indents[len(indents)-1] >= indent {
					indents = indents[:len(indents)-1]
				}
				indents = append(indents, indent)
				if len(indents) > maxDepth {
					return fail("the file nests deeper than a squad file needs (%d levels); check its indentation", maxDepth)
				}
			}
		}
		valueStart := prev == ' ' || prev == '\n' || prev == '[' || prev == '{' || prev == ',' || prev == '\t' || col == 1
		switch c {
		case '#':
			if valueStart {
				for i < len(data) && data[i] != '\n' {
					i++
				}
				i--
				continue
			}
		case '"', '\'':
			if valueStart || prev == ':' {
				j := i + 1
				for ; j < len(data); j++ {
					if data[j] == '\\' && c == '"' {
						j++
						continue
					}
					if data[j] == c {
						if c == '\'' && j+1 < len(data) && data[j+1] == '\'' {
							j++
							continue
						}
						break
					}
					if data[j] == '\n' {
						line, col = line+1, 0
					}
				}
				col += j - i
				i = j
				prev = c
				continue
			}
		case '&', '*':
			if valueStart {
				return fail("anchors and aliases (& and *) are not used in squad files; write each value out")
			}
		case '!':
			if valueStart {
				return fail("YAML tags (!) are not used in squad files")
			}
		case '[', '{':
			flow++
			nodes++
			if flow > maxDepth {
				return fail("brackets nest deeper than a squad file needs (%d levels)", maxDepth)
			}
		case ']', '}':
			if flow > 0 {
				flow--
			}
		case ',':
			nodes++
		case '-':
			if valueStart && i+1 < len(data) && (data[i+1] == ' ' || data[i+1] == '\n') {
				nodes++
				if flow == 0 {
					indents = append(indents, col-1)
					if len(indents) > maxDepth {
						return fail("the file nests deeper than a squad file needs (%d levels); check its indentation", maxDepth)
					}
				}
			}
		}
		if nodes > maxNodes {
			return fail("the file has more than %d entries; a squad file needs far fewer", maxNodes)
		}
		prev = c
	}
	return nil
}
