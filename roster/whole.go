package roster

import (
	"errors"
	"fmt"

	"github.com/goccy/go-yaml/ast"

	"muster/rules/yamlguard"
)

// The YAML library cuts a number with a fraction to a whole one without a word where the
// file takes a whole number: "size: 1.5" became a squad of 1, one soldier where the player
// wrote one and a half. These refuse it, at its line and column, as the skirmish reader
// does (rules/qrs/read.go).

// wholeNumbers refuses a fraction written where v (the value just decoded from data) takes
// a whole number (yamlguard.WholeNumbers), at its line and column.
func wholeNumbers(data []byte, v any) error {
	found, other := yamlguard.WholeNumbers(data, v, yamlguard.FractionTokens(data))
	var pe *ParseError
	if errors.As(other, &pe) {
		return pe // an item's count (Item.UnmarshalYAML) says where itself
	}
	if found == nil {
		return nil
	}
	pe = &ParseError{Line: found.Line, Column: found.Column, Msg: wholeWords(found.Value)}
	if found.Key != "" {
		pe.Msg = found.Key + ": " + pe.Msg
	}
	return pe
}

// wholeWords refuses a fraction in a player's words.
func wholeWords(lit string) string {
	return fmt.Sprintf("write a whole number here, not %s (Muster does not round it: a squad has whole soldiers, a skill whole pips)", lit)
}

// itemCountFraction refuses an item's count written with a fraction ({name: grenade,
// count: 1.5}): an item is decoded from its node, past the options wholeNumbers decodes with.
func itemCountFraction(node ast.Node) error {
	var found error
	ast.Walk(visitFunc(func(n ast.Node) bool {
		mv, ok := n.(*ast.MappingValueNode)
		if !ok || found != nil {
			return found == nil
		}
		if mv.Key != nil && mv.Key.GetToken() != nil && mv.Key.GetToken().Value == "count" && mv.Value != nil && mv.Value.Type() == ast.FloatType {
			if lit := yamlguard.FractionLiteral(mv.Value.GetToken().Value); lit != "" {
				found = nodeError(mv.Value, "count: "+wholeWords(lit))
			}
		}
		return true
	}), node)
	return found
}

// visitFunc walks an AST with a function.
type visitFunc func(ast.Node) bool

func (f visitFunc) Visit(n ast.Node) ast.Visitor {
	if f(n) {
		return f
	}
	return nil
}
