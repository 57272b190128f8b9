package rules

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sync"
)

//go:embed data/*.json
var dataFS embed.FS

// Catalog is the whole Miniatures Battles catalogue. Build it with Load; it is read-only
// afterwards and safe to share between goroutines.
type Catalog struct {
	Troops      []Troop
	Weapons     []Weapon
	Armors      []Armor
	Equipment   []Equipment
	Skills      []Skill
	ForcePowers []ForcePower
	Creatures   []Creature
	Droids      []Droid
	Artillery   []Artillery
	Strikes     []Strike

	index map[string]map[string]int // kind -> normalized name or alias -> position
	names map[string][]string       // kind -> printed names in catalogue order

	extendedWith *Custom // the army's catalog: block this copy holds, if any

	weaponKeys []string      // each weapon's normalized name, by position
	allowed    *troopWeapons // what each troop type may carry, worked out on first use
}

// The kinds of entry, as used in lookups and error messages.
const (
	KindTroop      = "troop type"
	KindWeapon     = "weapon"
	KindArmor      = "armor"
	KindEquipment  = "equipment"
	KindSkill      = "skill"
	KindForcePower = "Force power"
	KindCreature   = "creature"
	KindDroid      = "droid"
	KindArtillery  = "artillery piece"
	KindStrike     = "strike"
)

// dataFile pairs each kind with its embedded file and destination.
func (c *Catalog) files() []struct {
	kind, file string
	dst        any
} {
	return []struct {
		kind, file string
		dst        any
	}{
		{KindTroop, "troops.json", &c.Troops},
		{KindWeapon, "weapons.json", &c.Weapons},
		{KindArmor, "armor.json", &c.Armors},
		{KindEquipment, "equipment.json", &c.Equipment},
		{KindSkill, "skills.json", &c.Skills},
		{KindForcePower, "force.json", &c.ForcePowers},
		{KindCreature, "creatures.json", &c.Creatures},
		{KindDroid, "droids.json", &c.Droids},
		{KindArtillery, "artillery.json", &c.Artillery},
		{KindStrike, "strikes.json", &c.Strikes},
	}
}

// Load parses the embedded catalogue and indexes every entry by its name and aliases.
func Load() (*Catalog, error) {
	c := &Catalog{index: map[string]map[string]int{}, names: map[string][]string{}}
	for _, f := range c.files() {
		b, err := fs.ReadFile(dataFS, "data/"+f.file)
		if err != nil {
			return nil, fmt.Errorf("rules: unable to read %s: %w", f.file, err)
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(f.dst); err != nil {
			return nil, fmt.Errorf("rules: unable to parse %s: %w", f.file, err)
		}
	}
	add := func(kind string, i int, e Entry) error {
		m := c.index[kind]
		if m == nil {
			m = map[string]int{}
			c.index[kind] = m
		}
		for _, n := range append([]string{e.Name}, e.Aliases...) {
			k := Normalize(n)
			if j, dup := m[k]; dup && j != i {
				return fmt.Errorf("rules: %s %q is listed twice", kind, n)
			}
			m[k] = i
		}
		c.names[kind] = append(c.names[kind], e.Name)
		if e.Source == "" {
			return fmt.Errorf("rules: %s %q does not cite its source", kind, e.Name)
		}
		return nil
	}
	var err error
	each := func(kind string, n int, entry func(int) Entry) {
		for i := 0; i < n && err == nil; i++ {
			err = add(kind, i, entry(i))
		}
	}
	each(KindTroop, len(c.Troops), func(i int) Entry { return c.Troops[i].Entry })
	each(KindWeapon, len(c.Weapons), func(i int) Entry { return c.Weapons[i].Entry })
	each(KindArmor, len(c.Armors), func(i int) Entry { return c.Armors[i].Entry })
	each(KindEquipment, len(c.Equipment), func(i int) Entry { return c.Equipment[i].Entry })
	each(KindSkill, len(c.Skills), func(i int) Entry { return c.Skills[i].Entry })
	each(KindForcePower, len(c.ForcePowers), func(i int) Entry { return c.ForcePowers[i].Entry })
	each(KindCreature, len(c.Creatures), func(i int) Entry { return c.Creatures[i].Entry })
	each(KindDroid, len(c.Droids), func(i int) Entry { return c.Droids[i].Entry })
	each(KindArtillery, len(c.Artillery), func(i int) Entry { return c.Artillery[i].Entry })
	each(KindStrike, len(c.Strikes), func(i int) Entry { return c.Strikes[i].Entry })
	if err != nil {
		return nil, err
	}
	c.weaponKeys = make([]string, len(c.Weapons))
	for i, w := range c.Weapons {
		c.weaponKeys[i] = Normalize(w.Name)
	}
	c.allowed = &troopWeapons{}
	return c, nil
}

var defaultCatalog = sync.OnceValues(Load)

// Default returns the embedded catalogue, parsed once. The data is compiled in, so an error
// here is a defect caught by the package's tests.
func Default() *Catalog {
	c, err := defaultCatalog()
	if err != nil {
		panic(err)
	}
	return c
}

// NotFoundError says a name matched no catalogue entry, with the nearest known names.
type NotFoundError struct {
	Kind    string
	Name    string
	Nearest []string
}

func (e *NotFoundError) Error() string {
	msg := fmt.Sprintf("unknown %s %q", e.Kind, e.Name)
	if len(e.Nearest) > 0 {
		msg += "; did you mean " + quoteList(e.Nearest) + "?"
	}
	return msg
}

func (c *Catalog) find(kind, name string) (int, error) {
	if i, ok := c.index[kind][Normalize(name)]; ok {
		return i, nil
	}
	return -1, &NotFoundError{Kind: kind, Name: name, Nearest: c.Nearest(kind, name, 3)}
}

// Troop finds a Troop List entry by name or alias.
func (c *Catalog) Troop(name string) (*Troop, error) {
	i, err := c.find(KindTroop, name)
	if err != nil {
		return nil, err
	}
	return &c.Troops[i], nil
}

// Weapon finds a weapon by name or alias.
func (c *Catalog) Weapon(name string) (*Weapon, error) {
	i, err := c.find(KindWeapon, name)
	if err != nil {
		return nil, err
	}
	return &c.Weapons[i], nil
}

// Armor finds an armor type by name or alias.
func (c *Catalog) Armor(name string) (*Armor, error) {
	i, err := c.find(KindArmor, name)
	if err != nil {
		return nil, err
	}
	return &c.Armors[i], nil
}

// Item finds an item of equipment by name or alias.
func (c *Catalog) Item(name string) (*Equipment, error) {
	i, err := c.find(KindEquipment, name)
	if err != nil {
		return nil, err
	}
	return &c.Equipment[i], nil
}

// Skill finds a skill by name or alias.
func (c *Catalog) Skill(name string) (*Skill, error) {
	i, err := c.find(KindSkill, name)
	if err != nil {
		return nil, err
	}
	return &c.Skills[i], nil
}

// ForcePower finds a Force power by name or alias.
func (c *Catalog) ForcePower(name string) (*ForcePower, error) {
	i, err := c.find(KindForcePower, name)
	if err != nil {
		return nil, err
	}
	return &c.ForcePowers[i], nil
}

// Creature finds a Creature Chart entry by name or alias.
func (c *Catalog) Creature(name string) (*Creature, error) {
	i, err := c.find(KindCreature, name)
	if err != nil {
		return nil, err
	}
	return &c.Creatures[i], nil
}

// Droid finds a Droid Chart entry by name or alias.
func (c *Catalog) Droid(name string) (*Droid, error) {
	i, err := c.find(KindDroid, name)
	if err != nil {
		return nil, err
	}
	return &c.Droids[i], nil
}

// ArtilleryPiece finds an artillery piece by name or alias.
func (c *Catalog) ArtilleryPiece(name string) (*Artillery, error) {
	i, err := c.find(KindArtillery, name)
	if err != nil {
		return nil, err
	}
	return &c.Artillery[i], nil
}

// Strike finds an off-board strike ("light" or "heavy") by name or alias.
func (c *Catalog) Strike(name string) (*Strike, error) {
	i, err := c.find(KindStrike, name)
	if err != nil {
		return nil, err
	}
	return &c.Strikes[i], nil
}

// Names lists the printed names of every entry of a kind, in catalogue order.
func (c *Catalog) Names(kind string) []string { return c.names[kind] }
