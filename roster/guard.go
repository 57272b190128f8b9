package roster

import "muster/rules/yamlguard"

// Bounds on an army file's shape, checked by guard before the YAML library sees the bytes
// (rules/yamlguard says why).
const (
	// MaxDepth bounds nesting. An army file nests about six levels (units, a unit, its
	// specialists, a specialist, his skills); 32 leaves room for any honest layout.
	MaxDepth = 32
	// MaxNodes bounds the number of entries (sequence items, mapping values, flow items).
	// A 2000-point army has a few hundred.
	MaxNodes = 20000
)

var armyFile = yamlguard.Limits{MaxDepth: MaxDepth, MaxNodes: MaxNodes,
	File: "an army file", Files: "army files", Depth: "about six", Nodes: "a few hundred"}

// guard refuses anchors, aliases, tags, deep nesting and too many entries, naming the line
// and column.
func guard(data []byte) error {
	if e := yamlguard.Check(data, armyFile); e != nil {
		return &ParseError{Line: e.Line, Column: e.Column, Msg: e.Msg}
	}
	return nil
}
