package roster

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"

	"muster/rules"
	"muster/rules/yamlguard"
)

// MaxFileSize bounds an army file: a 1500-point army is a few kilobytes.
const MaxFileSize = 1 << 20

// ParseError says why an army file could not be read, and where.
type ParseError struct {
	Line, Column int // 1-based; 0 when the problem has no single place
	Msg          string
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Msg)
	}
	return e.Msg
}

// Read parses an army file, YAML or JSON (JSON is YAML), and checks its structure: the
// format, the system, the side and each unit's kind. Names are resolved later, against a
// catalogue, so that one unknown name does not hide the costs of the other units.
func Read(data []byte) (*Army, error) {
	data = yamlguard.TrimBOM(data)
	if len(data) > MaxFileSize {
		return nil, &ParseError{Msg: tooLarge("an army file")}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &ParseError{Msg: "the file is empty; an army file starts with \"format: 1\""}
	}
	if err := guard(data); err != nil {
		return nil, err
	}
	var a Army
	if err := unmarshal(data, &a); err != nil {
		if bytes.Contains(data, textListMark) {
			return nil, &ParseError{Msg: "this is Muster's text list (for a forum or a chat), which cannot be read back into an army: import the army's YAML or JSON export instead (Export YAML on its page)"}
		}
		return nil, err
	}
	if err := a.checkStructure(); err != nil {
		return nil, err
	}
	a.Rules.normalize()
	if a.Limits != nil {
		a.Limits.normalize()
	}
	return &a, nil
}

// unmarshal decodes YAML strictly (unknown fields are errors). The library has panicked on
// malformed input the guard did not foresee (the fuzzer found a tagged sequence entry); a
// panic here is a file Muster cannot read, not a crash.
func unmarshal(data []byte, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &ParseError{Msg: "the file is not YAML Muster can read (the parser failed on it); check its indentation and punctuation"}
		}
	}()
	if err := yaml.UnmarshalWithOptions(data, v, yaml.DisallowUnknownField()); err != nil {
		return parseError(err, data)
	}
	return wholeNumbers(data, v)
}

// textListMark ends the text list costing.Text writes ("Valid (checked by Muster)"): a
// player who exported the text list and imports it back is told what it is, not where the
// YAML reader gave up on it.
var textListMark = []byte("(checked by Muster)")

// tooLarge refuses a file over MaxFileSize. Callers read at most one byte more than that (a
// larger upload is not read to its end), so the message cannot say the file's size.
func tooLarge(what string) string {
	return fmt.Sprintf("the file is larger than 1 MiB (%d bytes), the most %s may be; an army of 2000 SGPs is a few kilobytes, so check that this is the army file", MaxFileSize, what)
}

// parseError turns the YAML library's error into one that names the line and column and
// says what is wrong in a player's words.
func parseError(err error, data []byte) error {
	var pe *ParseError
	if errors.As(err, &pe) {
		return pe
	}
	var ye yaml.Error
	if errors.As(err, &ye) {
		pe := &ParseError{Msg: ye.GetMessage()}
		if tk := ye.GetToken(); tk != nil && tk.Position != nil {
			pe.Line, pe.Column = tk.Position.Line, tk.Position.Column
		}
		if strings.Contains(pe.Msg, "unknown field") {
			pe.Msg += "; see the army file format for the fields each unit kind takes"
		}
		pe.Msg = yamlguard.TypeWordsAt(pe.Msg, data, pe.Line, pe.Column)
		return pe
	}
	return &ParseError{Msg: yamlguard.TypeWords(err.Error())}
}

func (a *Army) checkStructure() error {
	if a.Format != 1 {
		if a.Format == 0 {
			return &ParseError{Msg: "format: missing; an army file starts with \"format: 1\""}
		}
		return &ParseError{Msg: fmt.Sprintf("format: %d is not a format Muster reads; write \"format: 1\"", a.Format)}
	}
	if a.System != "" && a.System != "swmb" {
		return &ParseError{Msg: fmt.Sprintf("system: %q is not known; format 1 armies are \"swmb\" (Star Wars Miniatures Battles)", a.System)}
	}
	switch rules.Side(strings.ToLower(string(a.Side))) {
	case rules.Rebel, rules.Imperial, rules.Neutral:
		a.Side = rules.Side(strings.ToLower(string(a.Side)))
	case "":
		return &ParseError{Msg: "side: missing; write rebel, imperial or neutral"}
	default:
		return &ParseError{Msg: fmt.Sprintf("side: %q is not a side; write rebel, imperial or neutral", a.Side)}
	}
	for i := range a.Units {
		u := &a.Units[i]
		k := strings.ToLower(strings.TrimSpace(strings.ReplaceAll(u.Kind, "_", " ")))
		if k == "remote" || k == "remoteweapon" {
			k = KindRemoteWeapon
		}
		ok := false
		for _, known := range Kinds {
			if k == known {
				ok = true
			}
		}
		if !ok {
			return &ParseError{Msg: fmt.Sprintf("units[%d].kind: %q is not a unit kind; write one of %s", i, u.Kind, strings.Join(Kinds, ", "))}
		}
		u.Kind = k
	}
	return nil
}

// UnmarshalYAML reads an item written as a bare name or as {name, count, turret}. It takes
// the parsed node, not its bytes: the library re-formats the whole document for each []byte
// unmarshaler, which made a list of 2000 weapons take a second and 800 MB.
func (it *Item) UnmarshalYAML(node ast.Node) error {
	if node.Type() == ast.MappingType || node.Type() == ast.MappingValueType {
		type plain Item
		var p plain
		if err := itemCountFraction(node); err != nil {
			return err
		}
		if err := yaml.NodeToValue(node, &p, yaml.DisallowUnknownField()); err != nil {
			return err
		}
		*it = Item(p)
		return nil
	}
	var name string
	if err := yaml.NodeToValue(node, &name); err != nil {
		return nodeError(node, "an item is a name (\"blaster rifle\") or {name: grenade, count: 2}")
	}
	*it = Item{Name: name}
	return nil
}

// nodeError is a ParseError at a node's position.
func nodeError(node ast.Node, msg string) error {
	pe := &ParseError{Msg: msg}
	if tk := node.GetToken(); tk != nil && tk.Position != nil {
		pe.Line, pe.Column = tk.Position.Line, tk.Position.Column
	}
	return pe
}

// UnmarshalJSON mirrors UnmarshalYAML for callers that decode JSON directly.
func (it *Item) UnmarshalJSON(b []byte) error {
	return yaml.UnmarshalWithOptions(b, it, yaml.DisallowUnknownField())
}

// MarshalYAML writes an item as a bare name when it is one plain item.
func (it Item) MarshalYAML() (any, error) {
	if it.Count <= 1 && !it.Turret {
		return it.Name, nil
	}
	type plain Item
	return plain(it), nil
}

// MarshalJSON mirrors MarshalYAML.
func (it Item) MarshalJSON() ([]byte, error) {
	v, _ := it.MarshalYAML()
	return json.Marshal(v)
}

// UnmarshalYAML reads armor as a name or, for droids, true or false.
func (a *Armor) UnmarshalYAML(node ast.Node) error {
	if node.Type() == ast.BoolType {
		var on bool
		if err := yaml.NodeToValue(node, &on); err == nil {
			*a = ""
			if on {
				*a = ArmorPlating
			}
			return nil
		}
	}
	var name string
	if node.Type() == ast.MappingType || node.Type() == ast.SequenceType || yaml.NodeToValue(node, &name) != nil {
		return nodeError(node, "armor is an armor type (\"stormtrooper\", \"none\"), or true or false for a droid")
	}
	*a = Armor(name)
	return nil
}

// UnmarshalJSON mirrors UnmarshalYAML.
func (a *Armor) UnmarshalJSON(b []byte) error { return yaml.Unmarshal(b, a) }

// MarshalYAML writes a droid's plating back as true.
func (a Armor) MarshalYAML() (any, error) {
	if a == ArmorPlating {
		return true, nil
	}
	return string(a), nil
}

// MarshalJSON mirrors MarshalYAML.
func (a Armor) MarshalJSON() ([]byte, error) {
	v, _ := a.MarshalYAML()
	return json.Marshal(v)
}
