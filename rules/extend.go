package rules

import (
	"fmt"
	"maps"
	"slices"
)

// Custom holds the troop types, droids and creatures an army file declares in its
// `catalog:` block (from the roleplaying game or a house rule), in the same shape as the
// built-in catalogue's data files.
type Custom struct {
	Troops    []Troop    `yaml:"troops,omitempty" json:"troops,omitempty"`
	Droids    []Droid    `yaml:"droids,omitempty" json:"droids,omitempty"`
	Creatures []Creature `yaml:"creatures,omitempty" json:"creatures,omitempty"`
}

// customSource is cited for custom entries that do not say where they come from.
const customSource = "the army file's catalog block"

// Extend returns a copy of the catalogue with the custom entries added. A custom entry may
// not reuse a built-in name: a house-rule stormtrooper needs a name of its own, so that a
// reader of the list is never misled about which one is meant. Extending a catalogue again
// with the block it was extended with returns it unchanged.
func (c *Catalog) Extend(x *Custom) (*Catalog, error) {
	if x == nil || c.extendedWith == x || len(x.Troops)+len(x.Droids)+len(x.Creatures) == 0 {
		return c, nil
	}
	n := *c
	n.extendedWith = x
	n.allowed = &troopWeapons{} // positions of its own troop types
	n.Troops = slices.Concat(c.Troops, x.Troops)
	n.Droids = slices.Concat(c.Droids, x.Droids)
	n.Creatures = slices.Concat(c.Creatures, x.Creatures)
	n.index = map[string]map[string]int{}
	for k, m := range c.index {
		n.index[k] = maps.Clone(m)
	}
	n.names = map[string][]string{}
	for k, v := range c.names {
		n.names[k] = slices.Clone(v)
	}
	add := func(kind string, at int, e *Entry) error {
		if e.Name == "" {
			return fmt.Errorf("catalog: a custom %s needs a name", kind)
		}
		if e.Source == "" {
			e.Source = customSource
		}
		for _, name := range append([]string{e.Name}, e.Aliases...) {
			if _, taken := n.index[kind][Normalize(name)]; taken {
				return fmt.Errorf("catalog: the custom %s %q has the name of one already known; give it a name of its own", kind, name)
			}
			n.index[kind][Normalize(name)] = at
		}
		n.names[kind] = append(n.names[kind], e.Name)
		return nil
	}
	for i := range x.Troops {
		if err := add(KindTroop, len(c.Troops)+i, &n.Troops[len(c.Troops)+i].Entry); err != nil {
			return nil, err
		}
	}
	for i := range x.Droids {
		if err := add(KindDroid, len(c.Droids)+i, &n.Droids[len(c.Droids)+i].Entry); err != nil {
			return nil, err
		}
	}
	for i := range x.Creatures {
		if err := add(KindCreature, len(c.Creatures)+i, &n.Creatures[len(c.Creatures)+i].Entry); err != nil {
			return nil, err
		}
	}
	return &n, nil
}
