package yamlguard

import (
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/token"
)

// The YAML library cuts a number written with a fraction to a whole one without a word where
// a file takes a whole number: "size: 1.5" became a squad of 1, one soldier where the player
// wrote one and a half. Every game system's reader refuses it at its line and column with
// what is here.

// Fraction is a number written with a fraction where a whole number belongs, and where it
// stands: its line and column, and the key it is the value of ("size"), when found.
type Fraction struct {
	Value        string
	Line, Column int
	Key          string
}

// FractionLiteral is lit when it is a number with a fraction ("1.5"; not "2.0"), else "".
func FractionLiteral(lit string) string {
	lit = strings.TrimSpace(lit)
	if f, err := strconv.ParseFloat(lit, 64); err == nil && f != math.Trunc(f) {
		return lit
	}
	return ""
}

// IsFraction reports whether a token is a number written with a fraction.
func IsFraction(tk *token.Token) bool {
	return tk.Type == token.FloatType && FractionLiteral(tk.Value) != ""
}

// FractionTokens are the file's numbers written with a fraction: most files have none, and
// then a reader does nothing more. Tokenizing is linear in the file.
func FractionTokens(data []byte) []*token.Token {
	var out []*token.Token
	for _, tk := range lexer.Tokenize(string(data)) {
		if IsFraction(tk) {
			out = append(out, tk)
		}
	}
	return out
}

// fractionError is what the scratch decode stops at.
type fractionError struct{ value string }

func (e *fractionError) Error() string { return "not a whole number: " + e.value }

// WholeNumbers finds a fraction written where v (the value just decoded from data) takes a
// whole number. A second decode, run only for a file with fractions in it, goes into a
// scratch value of v's type whose whole-number fields refuse fractions; a fraction where text
// belongs (a name "2.5") is text and passes. fractions are FractionTokens(data), to say
// where the refused one stands. other is any other error the scratch decode met (a type's
// own UnmarshalYAML may refuse a fraction in its own words), for the reader to pass on.
func WholeNumbers(data []byte, v any, fractions []*token.Token) (found *Fraction, other error) {
	if len(fractions) == 0 {
		return nil, nil
	}
	refuse := func(b []byte) error {
		if lit := FractionLiteral(string(b)); lit != "" {
			return &fractionError{lit}
		}
		return nil
	}
	scratch := reflect.New(reflect.TypeOf(v).Elem()).Interface()
	err := yaml.UnmarshalWithOptions(data, scratch,
		yaml.CustomUnmarshaler(func(_ *int, b []byte) error { return refuse(b) }),
		yaml.CustomUnmarshaler(func(_ *uint64, b []byte) error { return refuse(b) }))
	var fe *fractionError
	if !errors.As(err, &fe) {
		return nil, err
	}
	found = &Fraction{Value: fe.value}
	for _, tk := range fractions {
		if FractionLiteral(tk.Value) == fe.value && tk.Position != nil {
			found.Line, found.Column = tk.Position.Line, tk.Position.Column
			found.Key = KeyAt(data, found.Line, found.Column)
			break
		}
	}
	return found, nil
}
