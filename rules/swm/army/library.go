package army

// A player's card library as a file: the cards: block of a squad file on its own, with the
// file's format and system, so that the same entries read in either. A squad file reads as
// a library too (its cards: block is taken, the rest ignored).

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"

	"muster/rules/swm/cards"
	"muster/rules/yamlguard"
)

// MaxLibrary is how many cards one player's library holds.
const MaxLibrary = 500

// libraryFile is what a library file may hold: a squad file's fields, all optional but
// format, system and cards.
type libraryFile struct {
	Format  int          `yaml:"format"`
	System  string       `yaml:"system"`
	Name    string       `yaml:"name"`
	Faction string       `yaml:"faction"`
	Era     string       `yaml:"era"`
	Limit   int          `yaml:"limit"`
	Units   []Unit       `yaml:"units"`
	Cards   []cards.Card `yaml:"cards"`
}

// ReadLibrary reads a card library file (or a squad file's cards: block): each card as a
// squad file's cards: block reads it, a pack card's name completing that card, a new name
// adding a card (with its cost and faction). Two cards of one name are refused.
func ReadLibrary(data []byte) ([]cards.Card, error) {
	data = yamlguard.TrimBOM(data)
	if len(data) > MaxFileSize {
		return nil, &ParseError{Msg: fmt.Sprintf("the file is %d bytes; a card library file may be at most %d (256 KiB)", len(data), MaxFileSize)}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &ParseError{Msg: "the file is empty; a card library file starts with \"format: 1\", \"system: swm\" and \"cards:\""}
	}
	if err := guard(data); err != nil {
		return nil, err
	}
	var f libraryFile
	if err := unmarshal(data, &f); err != nil {
		return nil, err
	}
	switch {
	case f.Format == 0:
		return nil, &ParseError{Msg: "format: missing; a card library file starts with \"format: 1\""}
	case f.Format != 1:
		return nil, &ParseError{Msg: fmt.Sprintf("format: %d is not a format Muster reads; write \"format: 1\"", f.Format)}
	case strings.ToLower(strings.TrimSpace(f.System)) != "swm":
		return nil, &ParseError{Msg: fmt.Sprintf("system: %q; a d20 Star Wars Miniatures card library says \"system: swm\"", f.System)}
	case len(f.Cards) == 0:
		return nil, &ParseError{Msg: "cards: none; list the cards under cards:, as a squad file's cards: block does"}
	case len(f.Cards) > MaxLibrary:
		return nil, &ParseError{Msg: fmt.Sprintf("cards: %d entries; a library holds at most %d", len(f.Cards), MaxLibrary)}
	}
	seen := map[string]int{}
	for i := range f.Cards {
		c := &f.Cards[i]
		c.Name = strings.TrimSpace(c.Name)
		if j, dup := seen[cards.Normalize(c.Name)]; dup && c.Name != "" {
			return nil, &ParseError{Msg: fmt.Sprintf("cards[%d] (%s): a second card of this name; cards[%d] is one already", i, c.Name, j)}
		}
		seen[cards.Normalize(c.Name)] = i
		c.Sources, c.Custom = nil, false
		// As in a squad file's cards: block, an abilities: list is the card's whole list.
		c.AbilitiesComplete = c.AbilitiesComplete || c.Abilities != nil
		if _, label, problem := c.TextProblem(); problem != "" {
			return nil, &ParseError{Msg: fmt.Sprintf("cards[%d] (%s): %s: %s", i, c.Name, strings.ToLower(label), problem)}
		}
		if _, _, err := cards.Builtin().Extend([]cards.Card{*c}); err != nil {
			return nil, &ParseError{Msg: strings.Replace(err.Error(), "cards[0]", fmt.Sprintf("cards[%d]", i), 1)}
		}
	}
	return f.Cards, nil
}

// WriteLibrary writes cards as a library file, each as a squad file's cards: block entry
// (unknown values left out).
func WriteLibrary(list []cards.Card) ([]byte, error) {
	entries := make([]yaml.MapSlice, 0, len(list))
	for i := range list {
		entries = append(entries, CardEntry(&list[i]))
	}
	body, err := yaml.MarshalWithOptions(yaml.MapSlice{
		{Key: "format", Value: 1}, {Key: "system", Value: "swm"}, {Key: "cards", Value: entries},
	}, yaml.IndentSequence(true))
	if err != nil {
		return nil, err
	}
	head := "# A d20 Star Wars Miniatures card library (Muster). Each entry reads as a squad file's\n" +
		"# cards: entry does: copy entries into a squad file's cards: block to play them with muster swm.\n"
	return append([]byte(head), body...), nil
}

// CardEntry is one card as a cards: block entry, in the card's order, unknown values left
// out.
func CardEntry(c *cards.Card) yaml.MapSlice {
	m := yaml.MapSlice{{Key: "name", Value: c.Name}}
	add := func(k string, v any) { m = append(m, yaml.MapItem{Key: k, Value: v}) }
	if c.GivenName != "" {
		add("given_name", c.GivenName)
	}
	if c.Faction != "" {
		add("faction", c.Faction)
	}
	for _, s := range cards.Stats {
		if s.Key == "force" {
			continue
		}
		if v, ok := c.StatValue(s.Key); ok {
			add(s.Key, v)
		}
	}
	if c.Size != nil {
		add("size", *c.Size)
	}
	if c.Unique != nil {
		add("unique", *c.Unique)
	}
	if c.Abilities != nil && (c.AbilitiesComplete || len(c.Abilities) > 0) {
		add("abilities", append([]string{}, c.Abilities...))
	}
	if len(c.Rapport) > 0 {
		var rs []yaml.MapSlice
		for _, r := range c.Rapport {
			rs = append(rs, yaml.MapSlice{{Key: "name_contains", Value: r.NameContains}, {Key: "reduction", Value: r.Reduction}})
		}
		add("rapport", rs)
	}
	if v, ok := c.StatValue("force"); ok {
		add("force", v)
	}
	if len(c.ForcePowers) > 0 {
		add("force_powers", c.ForcePowers)
	}
	if c.Commander != nil {
		cm := yaml.MapSlice{{Key: "has", Value: c.Commander.Has}}
		if c.Commander.Text != "" {
			cm = append(cm, yaml.MapItem{Key: "text", Value: c.Commander.Text})
		}
		if len(c.Commander.Effects) > 0 {
			var es []yaml.MapSlice
			for _, e := range c.Commander.Effects {
				em := yaml.MapSlice{{Key: "stat", Value: e.Stat}, {Key: "bonus", Value: e.Bonus}}
				if e.NameContains != "" {
					em = append(em, yaml.MapItem{Key: "name_contains", Value: e.NameContains})
				}
				if e.FollowersOnly {
					em = append(em, yaml.MapItem{Key: "followers_only", Value: true})
				}
				if e.Range != 0 {
					em = append(em, yaml.MapItem{Key: "range", Value: e.Range})
				}
				es = append(es, em)
			}
			cm = append(cm, yaml.MapItem{Key: "effects", Value: es})
		}
		add("commander", cm)
	}
	if c.Set != "" {
		add("set", c.Set)
	}
	if c.Number != "" {
		add("number", c.Number)
	}
	return m
}

// WithLibrary returns the squad file with the library's cards that its units name appended
// to its cards: block: the same squad as Read gives with Army.Library set (the file's own
// entries come first, so its values stand), as one file to hand to something that reads
// files only (a job's worker, muster swm). The file's comments are not kept.
func WithLibrary(file []byte, library []cards.Card) ([]byte, error) {
	a, err := Read(file)
	if err != nil {
		return nil, err
	}
	used := map[string]bool{}
	for _, u := range a.Units {
		used[cards.Normalize(u.Card)] = true
	}
	var add []any
	for i := range library {
		if used[cards.Normalize(library[i].Name)] {
			add = append(add, CardEntry(&library[i]))
		}
	}
	if len(add) == 0 {
		return file, nil
	}
	var doc yaml.MapSlice
	if err := yaml.UnmarshalWithOptions(yamlguard.TrimBOM(file), &doc, yaml.UseOrderedMap()); err != nil {
		return nil, err
	}
	found := false
	for i := range doc {
		if k, _ := doc[i].Key.(string); k == "cards" {
			found = true
			list, _ := doc[i].Value.([]any)
			doc[i].Value = append(list, add...)
		}
	}
	if !found {
		doc = append(doc, yaml.MapItem{Key: "cards", Value: add})
	}
	return yaml.MarshalWithOptions(doc, yaml.IndentSequence(true))
}
