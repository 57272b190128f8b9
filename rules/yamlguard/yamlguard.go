// Package yamlguard refuses, before a YAML library sees them, the files that would make it
// work without bound. The library Muster reads army files with (goccy/go-yaml) recurses once
// per level of nesting and expands aliases when it fills in structs: a 1 MiB file of
// "[[[[..." took it 43 s and 14 GB, and "- - - - ..." was killed for memory. Every game
// system's army reader (SWMB's roster, d20's squads) scans its file here first, in one
// linear pass that keeps almost nothing in memory and refuses what an army file never needs.
package yamlguard

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// Limits are what a kind of file may hold, and the words its messages name it with.
type Limits struct {
	MaxDepth int    // levels of nesting
	MaxNodes int    // entries: sequence items, mapping values, flow items
	File     string // "an army file"
	Files    string // "army files"
	Depth    string // how deep such a file nests: "about six"
	Nodes    string // how many entries it has: "a few hundred"
}

// Error is a refusal, at a line and column (1-based).
type Error struct {
	Line, Column int
	Msg          string
}

func (e *Error) Error() string { return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Msg) }

// Check scans a file as YAML and refuses anchors, aliases, tags, deep nesting and too many
// entries, naming the line and column. It follows YAML's syntax closely enough to find where
// a node may begin (where an anchor, alias, quote or flow collection can start) and skips
// comments, quoted scalars and block scalars. Where it cannot be sure it counts more rather
// than less: a file it lets through is one the library parses in bounded time and memory;
// a file it refuses wrongly is one no army needs.
func Check(data []byte, lim Limits) *Error {
	if e := NotText(data, lim.File); e != nil {
		return e
	}
	g := guardScanner{data: data, line: 1, lim: lim}
	return g.scan()
}

type guardScanner struct {
	data      []byte
	pos       int
	line      int
	lineStart int

	flow  int   // depth of [ and { collections
	block []int // columns (1-based) of the block nodes enclosing the current one
	nodes int
	lim   Limits
}

func (g *guardScanner) col() int { return g.pos - g.lineStart + 1 }

func (g *guardScanner) fail(format string, args ...any) *Error {
	return &Error{Line: g.line, Column: g.col(), Msg: fmt.Sprintf(format, args...)}
}

func (g *guardScanner) peek(off int) byte {
	if g.pos+off < len(g.data) {
		return g.data[g.pos+off]
	}
	return 0
}

// isBreak reports a line break at the position: "\n", "\r\n" or a lone "\r", as YAML has it.
func (g *guardScanner) isBreak() bool {
	b := g.peek(0)
	return g.pos < len(g.data) && (b == '\n' || b == '\r')
}

// newline steps over the line break at the position.
func (g *guardScanner) newline() {
	if g.peek(0) == '\r' && g.peek(1) == '\n' {
		g.pos++
	}
	g.pos++
	g.line++
	g.lineStart = g.pos
}

// toLineEnd moves to the line break ending the current line (or the end of the file).
func (g *guardScanner) toLineEnd() {
	for g.pos < len(g.data) && !g.isBreak() {
		g.pos++
	}
}

func isBlank(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == 0 }

func (g *guardScanner) tooDeep() *Error {
	if g.flow+len(g.block) > g.lim.MaxDepth {
		return g.fail("the file nests more than %d levels deep; %s needs %s", g.lim.MaxDepth, g.lim.File, g.lim.Depth)
	}
	return nil
}

func (g *guardScanner) countNode() *Error {
	g.nodes++
	if g.nodes > g.lim.MaxNodes {
		return g.fail("the file has more than %d entries; %s needs %s", g.lim.MaxNodes, g.lim.File, g.lim.Nodes)
	}
	return nil
}

// blockNode records a block node starting at column c: enclosing nodes at a column past c
// are closed, and c opens a level unless a sibling already sits there.
func (g *guardScanner) blockNode(c int) *Error {
	for len(g.block) > 0 && g.block[len(g.block)-1] > c {
		g.block = g.block[:len(g.block)-1]
	}
	if len(g.block) == 0 || g.block[len(g.block)-1] < c {
		g.block = append(g.block, c)
	}
	return g.tooDeep()
}

func (g *guardScanner) scan() *Error {
	lineStart := true
	nodeStart := true // a node may begin here
	for g.pos < len(g.data) {
		if lineStart {
			lineStart = false
			for g.peek(0) == ' ' {
				g.pos++
			}
			if b := g.peek(0); g.flow == 0 && !g.isBreak() && b != '#' && g.pos < len(g.data) {
				if err := g.blockNode(g.col()); err != nil {
					return err
				}
			}
			nodeStart = true
			continue
		}
		b := g.data[g.pos]
		switch {
		case g.isBreak():
			g.newline()
			lineStart = true
			continue
		case b == ' ' || b == '\t':
			g.pos++
			continue
		case b == '#' && (g.pos == g.lineStart || isBlank(g.data[g.pos-1])):
			g.toLineEnd()
			continue
		}

		// Indicators that begin a nested node: "- ", "? " and ": " ("x:y" too, in flow).
		if (b == '-' || b == '?' || b == ':') && (isBlank(g.peek(1)) || (g.flow > 0 && b == ':')) {
			if err := g.countNode(); err != nil {
				return err
			}
			g.pos++
			if g.flow == 0 && b != ':' {
				// "- - x" nests a sequence in a sequence on one line: the node after the
				// indicator is a level of its own.
				for g.peek(0) == ' ' {
					g.pos++
				}
				if g.pos < len(g.data) && !g.isBreak() && g.peek(0) != '#' {
					if err := g.blockNode(g.col()); err != nil {
						return err
					}
				}
			}
			nodeStart = true
			continue
		}

		if g.flow > 0 {
			switch b {
			case ',':
				if err := g.countNode(); err != nil {
					return err
				}
				g.pos++
				nodeStart = true
				continue
			case ']', '}':
				g.flow--
				g.pos++
				nodeStart = false
				continue
			case '[', '{':
				// In flow context a bracket always opens a collection.
				nodeStart = true
			}
		}

		if nodeStart {
			switch b {
			case '&', '*':
				what := "anchor (&)"
				if b == '*' {
					what = "alias (*)"
				}
				return g.fail("a YAML %s: %s do not use anchors or aliases; write each value out", what, g.lim.Files)
			case '[', '{':
				g.flow++
				if err := g.countNode(); err != nil {
					return err
				}
				if err := g.tooDeep(); err != nil {
					return err
				}
				g.pos++
				continue
			case '"', '\'':
				if err := g.quoted(b); err != nil {
					return err
				}
				nodeStart = false
				continue
			case '|', '>':
				if g.flow == 0 {
					g.blockScalar()
					lineStart = true
					continue
				}
			case '!':
				// Tags choose a node's type; army files never need one, and the library
				// panicked on a tagged sequence entry the fuzzer found.
				return g.fail("a YAML tag (!): %s do not use tags; write the value plainly", g.lim.Files)
			}
		}

		// A plain scalar. In flow context it ends at any indicator, so step one byte; in
		// block context it runs to the next blank or ": ".
		g.pos++
		nodeStart = false
		if g.flow == 0 {
			for g.pos < len(g.data) && !isBlank(g.data[g.pos]) && (g.data[g.pos] != ':' || !isBlank(g.peek(1))) {
				g.pos++
			}
		}
	}
	return nil
}

// quoted skips a single- or double-quoted scalar, which may span lines.
func (g *guardScanner) quoted(q byte) *Error {
	startLine, startCol := g.line, g.col()
	g.pos++
	for g.pos < len(g.data) {
		b := g.data[g.pos]
		switch {
		case g.isBreak():
			g.newline()
			continue
		case q == '"' && b == '\\':
			g.pos++
			if g.isBreak() {
				g.newline()
				continue
			}
			g.pos++
			continue
		case b == q:
			if q == '\'' && g.peek(1) == '\'' {
				g.pos += 2
				continue
			}
			g.pos++
			return nil
		}
		g.pos++
	}
	return &Error{Line: startLine, Column: startCol, Msg: "a quoted string is not closed"}
}

// blockScalar skips a literal (|) or folded (>) scalar: its header line, then every line
// that is blank or indented past the node holding it. The holder is taken as the innermost
// open block node, which sits at or right of the true parent, so the scalar is ended no
// later than YAML ends it and no structure is skipped.
func (g *guardScanner) blockScalar() {
	holder := 1
	if len(g.block) > 0 {
		holder = g.block[len(g.block)-1]
	}
	g.toLineEnd()
	for g.pos < len(g.data) {
		g.newline()
		indent := 0
		for g.peek(indent) == ' ' {
			indent++
		}
		save := g.pos
		g.pos += indent
		blank := g.pos >= len(g.data) || g.isBreak()
		g.pos = save
		if !blank && indent+1 <= holder {
			return // the caller reads this line afresh
		}
		g.toLineEnd()
	}
}

// NotText refuses a file that is not UTF-8 text (a picture, a zip, a PDF picked by mistake)
// at its first such byte, rather than letting the YAML library report it as some value
// "used where mapping is expected".
func NotText(data []byte, file string) *Error {
	bad := bytes.IndexByte(data, 0)
	if bad < 0 && utf8.Valid(data) {
		return nil
	}
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			bad = i
			break
		}
		if bad >= 0 && i >= bad {
			break
		}
		i += n
	}
	line := 1 + bytes.Count(data[:bad], []byte("\n"))
	col := bad - bytes.LastIndexByte(data[:bad], '\n')
	return &Error{Line: line, Column: col, Msg: fmt.Sprintf("the file is not text (it holds binary data, as a picture or a zip file does); %s is YAML text saved as UTF-8", file)}
}

// utf8BOM is the byte order mark some editors (Windows Notepad, a spreadsheet's "UTF-8"
// export) write at the start of a UTF-8 file. YAML and JSON allow it there, but the YAML
// library reads it as part of the first key ("\ufeffformat" is an unknown field; a JSON
// file's "{" after it is "unexpected key name"), so every reader drops it first.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// TrimBOM is data without a leading UTF-8 byte order mark.
func TrimBOM(data []byte) []byte { return bytes.TrimPrefix(data, utf8BOM) }
