package qrs

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/goccy/go-yaml"
)

// The roles a profile can have. They matter to the rules: officers add +2 to enemy force
// generation, heroes and officers steady a group's random movement, heroes are never killed,
// vehicles are hurt only by heavy lasers and explosives, Force users use the Force.
const (
	RoleTrooper   = "trooper"
	RoleLeader    = "leader"
	RoleOfficer   = "officer"
	RoleHero      = "hero"
	RoleForceUser = "force user"
	RoleDroid     = "droid"
	RoleVehicle   = "vehicle"
)

// Roles lists every role, for messages.
var Roles = []string{RoleTrooper, RoleLeader, RoleOfficer, RoleHero, RoleForceUser, RoleDroid, RoleVehicle}

// Profile is one troop type's stat line. Fields not named in Printed are Muster's
// assumptions: the sheet prints no stat lines except the walkers' firepower and the ranges.
type Profile struct {
	Name    string   `yaml:"name" json:"name"`
	Aliases []string `yaml:"aliases,omitempty" json:"aliases,omitempty"`
	Role    string   `yaml:"role" json:"role"`
	// Firepower is what the figure adds to its side's total when it shoots.
	Firepower int `yaml:"firepower" json:"firepower"`
	// RangeFirepower is long, medium and point blank firepower for weapons the sheet rates
	// by range (the walkers' 8/10/12); Firepower is then the medium-range value.
	RangeFirepower []int `yaml:"range_firepower,omitempty" json:"range_firepower,omitempty"`
	// Deflect is the bracketed firepower a Force user uses to Defend/Deflect.
	Deflect    int    `yaml:"deflect,omitempty" json:"deflect,omitempty"`
	Defence    int    `yaml:"defence" json:"defence"`
	Melee      int    `yaml:"melee" json:"melee"`
	Initiative int    `yaml:"initiative" json:"initiative"`
	Armour     bool   `yaml:"armour" json:"armour"`
	Weapon     string `yaml:"weapon" json:"weapon"`
	Lightsaber bool   `yaml:"lightsaber,omitempty" json:"lightsaber,omitempty"`
	// ForcePoints is the figure's starting Force points; ForceActions how many Force actions
	// it may take an activation (1, or 2 for Sith and Jedi Masters).
	ForcePoints  int  `yaml:"force_points,omitempty" json:"force_points,omitempty"`
	ForceActions int  `yaml:"force_actions,omitempty" json:"force_actions,omitempty"`
	DarkSide     bool `yaml:"dark_side,omitempty" json:"dark_side,omitempty"`
	// Printed names the fields the sheet itself gives; every other number is assumed.
	Printed []string `yaml:"printed,omitempty" json:"printed,omitempty"`
	// Source is where the profile came from: SourceStarter (Muster's data, where unprinted
	// numbers are assumptions) or SourceArmy (the player's profiles: block, all the player's).
	Source string `yaml:"-" json:"source,omitempty"`
}

// Where a profile came from.
const (
	SourceStarter = "starter"
	SourceArmy    = "army"
)

// Assumed reports whether a field's value is Muster's assumption rather than the sheet's.
func (p Profile) Assumed(field string) bool {
	if p.Source == SourceArmy {
		return false
	}
	for _, f := range p.Printed {
		if f == field {
			return false
		}
	}
	return true
}

// IsForceUser reports whether the figure can use the Force.
func (p Profile) IsForceUser() bool { return p.ForcePoints > 0 || p.Role == RoleForceUser }

// Actions is how many Force actions the figure may take an activation.
func (p Profile) Actions() int {
	if p.ForceActions > 0 {
		return p.ForceActions
	}
	if p.IsForceUser() {
		return 1
	}
	return 0
}

// FirepowerAt is the figure's firepower at a range band (0 long, 1 medium, 2 point blank).
func (p Profile) FirepowerAt(band int) int {
	if len(p.RangeFirepower) == 3 && band >= 0 && band < 3 {
		return p.RangeFirepower[band]
	}
	return p.Firepower
}

// Stat writes the firepower as the sheet writes it for Force users: "2 [6]".
func (p Profile) Stat() string {
	fp := fmt.Sprint(p.Firepower)
	if len(p.RangeFirepower) == 3 {
		fp = fmt.Sprintf("%d/%d/%d", p.RangeFirepower[0], p.RangeFirepower[1], p.RangeFirepower[2])
	}
	if p.Deflect > 0 {
		fp += fmt.Sprintf(" [%d]", p.Deflect)
	}
	return fp
}

//go:embed data/profiles.yaml
var profilesYAML []byte

// Catalog is a set of profiles looked up by name or alias.
type Catalog struct {
	list  []Profile
	index map[string]int
}

// Starter returns the embedded starter profiles. The data is part of the binary and checked
// by the tests, so a failure here is a build fault.
func Starter() *Catalog { return starter().Clone() }

// starter parses the embedded data once: it never changes, and a simulation asks for it in
// every game. Callers get clones, so nobody can change the parsed set.
var starter = sync.OnceValue(func() *Catalog {
	var list []Profile
	if err := yaml.Unmarshal(profilesYAML, &list); err != nil {
		panic("qrs: embedded profiles: " + err.Error())
	}
	c := &Catalog{}
	for _, p := range list {
		p.Source = SourceStarter
		c.Put(p)
	}
	return c
})

// Key is how names are matched: case, spaces, hyphens, underscores, colons and slashes
// ignored, so "AT:ST/DP", "at-st dp" and "ATSTDP" are one name.
func Key(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch r {
		case ' ', '-', '_', ':', '/', '\t', '.':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Put adds a profile or replaces the one of the same name (an army's override).
func (c *Catalog) Put(p Profile) {
	if c.index == nil {
		c.index = map[string]int{}
	}
	k := Key(p.Name)
	i := -1
	for j := range c.list {
		if Key(c.list[j].Name) == k {
			i = j
			break
		}
	}
	if i >= 0 {
		// An override keeps the aliases of the profile it replaces, so "officer" still
		// finds the player's own Imperial Officer.
		if len(p.Aliases) == 0 {
			p.Aliases = c.list[i].Aliases
		}
		c.list[i] = p
	} else {
		c.list = append(c.list, p)
		i = len(c.list) - 1
	}
	// A name always wins over another profile's alias.
	c.index[k] = i
	for _, a := range p.Aliases {
		ak := Key(a)
		if j, ok := c.index[ak]; ok && Key(c.list[j].Name) == ak {
			continue
		}
		c.index[ak] = i
	}
}

// Clone returns a copy the caller may Put into without changing c.
func (c *Catalog) Clone() *Catalog {
	n := &Catalog{list: append([]Profile(nil), c.list...), index: map[string]int{}}
	for k, v := range c.index {
		n.index[k] = v
	}
	return n
}

// Lookup finds a profile by name or alias.
func (c *Catalog) Lookup(name string) (Profile, bool) {
	i, ok := c.index[Key(name)]
	if !ok {
		return Profile{}, false
	}
	return c.list[i], true
}

// Has reports whether a name is the profile's own name (not an alias), for overrides.
func (c *Catalog) Has(name string) bool {
	i, ok := c.index[Key(name)]
	return ok && Key(c.list[i].Name) == Key(name)
}

// Profiles lists the profiles in the order they were added.
func (c *Catalog) Profiles() []Profile { return append([]Profile(nil), c.list...) }

// Nearest names up to three known profiles closest to an unknown name, for "did you mean".
func (c *Catalog) Nearest(name string) []string {
	k := Key(name)
	type cand struct {
		name string
		d    int
	}
	var cs []cand
	for _, p := range c.list {
		d := distance(k, Key(p.Name))
		for _, a := range p.Aliases {
			d = min(d, distance(k, Key(a)))
		}
		if strings.Contains(Key(p.Name), k) && k != "" {
			d = min(d, 1)
		}
		cs = append(cs, cand{p.Name, d})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	var out []string
	for _, c := range cs {
		if len(out) == 3 {
			break
		}
		out = append(out, c.name)
	}
	return out
}

// distance is the Levenshtein distance, capped inputs keep it cheap (names are <= 100).
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
