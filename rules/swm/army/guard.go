package army

import "muster/rules/yamlguard"

// Bounds checked before the YAML library sees the bytes (rules/yamlguard says why): a squad
// file needs neither deep nesting nor aliases.
const (
	maxDepth = 12   // a squad file nests about five levels (cards, a card, commander, effects, an effect)
	maxNodes = 5000 // list items, mapping values and flow items
)

var squadFile = yamlguard.Limits{MaxDepth: maxDepth, MaxNodes: maxNodes,
	File: "a squad file", Files: "squad files", Depth: "about five", Nodes: "a few dozen"}

// guard refuses anchors, aliases, tags, deep nesting and too many entries, naming the line
// and column.
func guard(data []byte) error {
	if e := yamlguard.Check(data, squadFile); e != nil {
		return &ParseError{Line: e.Line, Column: e.Column, Msg: e.Msg}
	}
	return nil
}
