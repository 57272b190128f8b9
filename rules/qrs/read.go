package qrs

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/token"

	"muster/rules/yamlguard"
)

// MaxFileSize bounds an army or game file: a skirmish force is a few hundred bytes, a long
// solo game a few dozen kilobytes.
const MaxFileSize = 256 << 10

// MaxIndent bounds how deeply a file may nest (by indentation column or by brackets); an
// army file needs four levels.
const MaxIndent = 48

// ReadError is a file Muster cannot read, with the place in it when there is one.
type ReadError struct {
	Line, Column int
	Msg          string
}

func (e *ReadError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Msg)
	}
	return e.Msg
}

// Decode reads YAML or JSON strictly into v (unknown fields are errors), after refusing what
// a hostile file could use to exhaust memory: a size over MaxFileSize, anchors and aliases
// (a "billion laughs"), and nesting deeper than MaxIndent. what names the file for messages
// ("an army file").
func Decode(data []byte, v any, what string) error {
	return DecodeLimit(data, v, what, MaxFileSize)
}

// DecodeLimit is Decode with another size cap (a saved game, with its log, is larger than an
// army).
func DecodeLimit(data []byte, v any, what string, limit int) (err error) {
	data = yamlguard.TrimBOM(data)
	if len(data) > limit {
		return &ReadError{Msg: fmt.Sprintf("the file is %d bytes; %s may be at most %d", len(data), what, limit)}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return &ReadError{Msg: fmt.Sprintf("the file is empty; %s starts with \"format: 1\"", what)}
	}
	defer func() {
		// The YAML library has panicked on malformed input before; that is a file Muster
		// cannot read, not a crash.
		if r := recover(); r != nil {
			err = &ReadError{Msg: "the file is not YAML Muster can read; check its indentation and punctuation"}
		}
	}()
	if e := yamlguard.NotText(data, what); e != nil {
		return &ReadError{Line: e.Line, Column: e.Column, Msg: e.Msg}
	}
	fractions, err := guard(string(data))
	if err != nil {
		return err
	}
	if err := yaml.UnmarshalWithOptions(data, v, yaml.DisallowUnknownField()); err != nil {
		return readError(err, data)
	}
	if len(fractions) > 0 {
		return wholeNumbers(data, v, fractions)
	}
	return nil
}

// wholeNumbers refuses a number with a fraction written where the file takes a whole number
// ("count: 1.5"; yamlguard.WholeNumbers), at its line and column: the YAML library cuts it to
// 1 without a word, one figure where the player wrote one and a half. fractions are the
// file's number tokens with a fraction (guard gathers them).
func wholeNumbers(data []byte, v any, fractions []*token.Token) error {
	found, _ := yamlguard.WholeNumbers(data, v, fractions)
	if found == nil {
		return nil
	}
	re := &ReadError{Line: found.Line, Column: found.Column, Msg: fmt.Sprintf("write a whole number here, not %s", found.Value)}
	if found.Key != "" {
		re.Msg = found.Key + ": " + re.Msg
	}
	return re
}

// guard walks the tokens once (linear in the file) before the decoder builds anything. It
// returns the numbers written with a fraction, for wholeNumbers.
func guard(src string) (fractions []*token.Token, err error) {
	depth := 0
	for _, tk := range lexer.Tokenize(src) {
		if yamlguard.IsFraction(tk) {
			fractions = append(fractions, tk)
		}
		at := func(msg string) error {
			re := &ReadError{Msg: msg}
			if tk.Position != nil {
				re.Line, re.Column = tk.Position.Line, tk.Position.Column
			}
			return re
		}
		switch tk.Type {
		case token.AnchorType, token.AliasType:
			return nil, at("YAML anchors (&) and aliases (*) are not allowed; write each value out")
		case token.MergeKeyType:
			return nil, at("YAML merge keys (<<) are not allowed; write each value out")
		case token.SequenceStartType, token.MappingStartType:
			depth++
		case token.SequenceEndType, token.MappingEndType:
			depth--
		case token.InvalidType:
			return nil, at("this is not valid YAML: " + tk.Error)
		}
		if depth > MaxIndent || (tk.Position != nil && tk.Position.IndentNum > 2*MaxIndent) {
			return nil, at(fmt.Sprintf("the file nests more than %d levels deep", MaxIndent))
		}
	}
	return fractions, nil
}

// readError turns the YAML library's error into one naming the line and column.
func readError(err error, data []byte) error {
	var ye yaml.Error
	if errors.As(err, &ye) {
		re := &ReadError{Msg: ye.GetMessage()}
		if tk := ye.GetToken(); tk != nil && tk.Position != nil {
			re.Line, re.Column = tk.Position.Line, tk.Position.Column
		}
		switch {
		case strings.Contains(re.Msg, "unknown field"):
			re.Msg += "; docs/qrs.md lists the fields"
		case strings.Contains(re.Msg, "cannot unmarshal"), strings.Contains(re.Msg, " was used where "):
			if w := yamlguard.TypeWordsAt(re.Msg, data, re.Line, re.Column); w != re.Msg {
				re.Msg = w
			} else {
				re.Msg = "this value has the wrong kind; a number, a name or a list is expected here"
			}
		}
		return re
	}
	return &ReadError{Msg: err.Error()}
}

// TooLong is the longest name Muster keeps (army, group, figure, profile).
const TooLong = 100
