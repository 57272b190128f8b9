package roster

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/token"

	"muster/rules/yamlguard"
)

// The YAML library cuts a number with a fraction to a whole one without a word where the
// file takes a whole number: "size: 1.5" became a squad of 1, one soldier where the player
// wrote one and a half. These refuse it, at its line and column, as the skirmish reader
// does (rules/qrs/read.go).

// fractionError is a number with a fraction where a whole number belongs.
type fractionError struct{ value string }

func (e *fractionError) Error() string { return "not a whole number: " + e.value }

// fraction is the number literal's text when it has a fraction ("1.5"; not "2.0"), else "".
func fraction(lit string) string {
	lit = strings.TrimSpace(lit)
	if f, err := strconv.ParseFloat(lit, 64); err == nil && f != math.Trunc(f) {
		return lit
	}
	return ""
}

// fractionTokens are the file's numbers written with a fraction: most files have none, and
// then nothing more is done. Tokenizing is linear in the file (the guard has bounded it).
func fractionTokens(data []byte) []*token.Token {
	var out []*token.Token
	for _, tk := range lexer.Tokenize(string(data)) {
		if tk.Type == token.FloatType && fraction(tk.Value) != "" {
			out = append(out, tk)
		}
	}
	return out
}

// wholeNumbers refuses a fraction written where v (the value just decoded from data) takes
// a whole number. A second decode, only of a file with a fraction in it, goes into a scratch
// value whose whole-number fields refuse fractions; a fraction where text belongs (a name
// "2.5") is text and passes.
func wholeNumbers(data []byte, v any) error {
	fractions := fractionTokens(data)
	if len(fractions) == 0 {
		return nil
	}
	refuse := func(b []byte) error {
		if lit := fraction(string(b)); lit != "" {
			return &fractionError{lit}
		}
		return nil
	}
	scratch := reflect.New(reflect.TypeOf(v).Elem()).Interface()
	err := yaml.UnmarshalWithOptions(data, scratch,
		yaml.CustomUnmarshaler(func(_ *int, b []byte) error { return refuse(b) }))
	var pe *ParseError
	if errors.As(err, &pe) {
		return pe // an item's count (Item.UnmarshalYAML) says where itself
	}
	var fe *fractionError
	if !errors.As(err, &fe) {
		return nil
	}
	pe = &ParseError{Msg: wholeWords(fe.value)}
	for _, tk := range fractions {
		if fraction(tk.Value) == fe.value && tk.Position != nil {
			pe.Line, pe.Column = tk.Position.Line, tk.Position.Column
			if k := yamlguard.KeyAt(data, pe.Line, pe.Column); k != "" {
				pe.Msg = k + ": " + pe.Msg
			}
			break
		}
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
			if lit := fraction(mv.Value.GetToken().Value); lit != "" {
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
