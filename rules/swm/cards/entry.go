package cards

// A card as a player types it from the physical card (the web app's card form): every value
// as typed, read into a Card with each refusal naming the field and the fix. The printed
// values of a pack card are fixed: what the form sends for them is ignored.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"muster/rules/textguard"
)

// Stat is a number on a card with the range Muster takes (the form's and a cards: block's).
type Stat struct {
	Key, Label string
	Lo, Hi     int
}

// Stats are the card's numbers, in the order the card prints them.
var Stats = []Stat{
	{"cost", "Cost", 0, 1000},
	{"hp", "Hit Points", 1, 10000},
	{"defense", "Defense", 0, 100},
	{"attack", "Attack", -20, 100},
	{"damage", "Damage", 0, 1000},
	{"speed", "Speed", 0, 50},
	{"force", "Force rating", 0, 100},
}

// StatOf returns the stat of a key.
func StatOf(key string) Stat {
	for _, s := range Stats {
		if s.Key == key {
			return s
		}
	}
	return Stat{Key: key, Label: key}
}

// Ranges of the form's other numbers.
const (
	AbilityMax   = 1000 // a numbered ability's number (Damage Reduction 10)
	EffectBonus  = 50   // a commander effect's bonus, either way
	EffectRange  = 50   // a commander effect's range in squares (0: the whole squad)
	MaxText      = 500  // a commander effect's text
	MaxEffects   = 3    // commander effect rows the form offers
	RapportMax   = 1000 // a Rapport's reduction
	defaultSpeed = 6    // "Most characters have a speed of 6"
)

// Entry is a card as the form sends it.
type Entry struct {
	Name, GivenName, Faction string
	// Values are the numbers by Stat key, as typed ("" for blank).
	Values map[string]string
	Size   string // small, medium, large, huge or ""
	Unique string // yes, no or ""
	// Abilities are the ticked abilities without a number; Numbers the numbered ones' typed
	// numbers by name ("" or absent: the card does not have it).
	Abilities []string
	Numbers   map[string]string
	Powers    []string
	// Commander is "yes", "no" or "" (not known yet).
	Commander     string
	CommanderText string
	Effects       []EffectEntry
	RapportName   string
	RapportAmount string
}

// EffectEntry is one row of a commander effect as typed.
type EffectEntry struct {
	Stat, Bonus, NameContains, Range string
	FollowersOnly                    bool
}

// FieldError is a refusal of one field: its form key, and the words (which name the field
// and say what to write).
type FieldError struct {
	Field, Msg string
}

func (e FieldError) Error() string { return e.Msg }

// EntryOf is a card as the form shows it to be changed.
func EntryOf(c *Card) Entry {
	e := Entry{Name: c.Name, GivenName: c.GivenName, Faction: c.Faction, Values: map[string]string{}, Numbers: map[string]string{}}
	for _, s := range Stats {
		if v := c.stat(s.Key); v != nil {
			e.Values[s.Key] = strconv.Itoa(*v)
		}
	}
	if c.Size != nil {
		e.Size = *c.Size
	}
	if u, known := c.IsUnique(); known && (c.Unique != nil || u) {
		e.Unique = yesNo(u)
	}
	for _, a := range c.Abilities {
		n, v := SplitAbility(a)
		switch k, ok := FindAbility(n); {
		case Normalize(n) == "unique" || Normalize(n) == "speed":
		case ok && k.Numbered:
			e.Numbers[k.Name] = strconv.Itoa(v)
		case ok:
			e.Abilities = append(e.Abilities, k.Name)
		default:
			e.Abilities = append(e.Abilities, a)
		}
	}
	e.Powers = append(e.Powers, c.ForcePowers...)
	if c.Commander != nil {
		e.Commander = yesNo(c.Commander.Has)
		e.CommanderText = c.Commander.Text
		for _, ef := range c.Commander.Effects {
			e.Effects = append(e.Effects, EffectEntry{Stat: ef.Stat, Bonus: strconv.Itoa(ef.Bonus), NameContains: ef.NameContains,
				Range: strconv.Itoa(ef.Range), FollowersOnly: ef.FollowersOnly})
		}
	}
	if len(c.Rapport) > 0 {
		e.RapportName, e.RapportAmount = c.Rapport[0].NameContains, strconv.Itoa(c.Rapport[0].Reduction)
	}
	return e
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func (c *Card) stat(key string) *int {
	switch key {
	case "cost":
		return c.Cost
	case "hp":
		return c.HP
	case "defense":
		return c.Defense
	case "attack":
		return c.Attack
	case "damage":
		return c.Damage
	case "speed":
		return c.Speed
	case "force":
		return c.Force
	}
	return nil
}

func (c *Card) setStat(key string, v *int) {
	switch key {
	case "cost":
		c.Cost = v
	case "hp":
		c.HP = v
	case "defense":
		c.Defense = v
	case "attack":
		c.Attack = v
	case "damage":
		c.Damage = v
	case "speed":
		c.Speed = v
	case "force":
		c.Force = v
	}
}

// Printed reports whether the pack card prints the stat (the form shows it fixed).
func (c *Card) Printed(key string) bool { return c != nil && c.stat(key) != nil }

// StatValue is a stat's value and whether it is known.
func (c *Card) StatValue(key string) (int, bool) {
	if v := c.stat(key); v != nil {
		return *v, true
	}
	return 0, false
}

// Card reads the entry. printed is the pack card it completes (nil for a new card): its
// printed values stay, whatever the entry says. faction gives the rulebook's spelling of
// a faction, or "" for none. Every refusal is returned, each naming its field; the card
// is only good when there are none.
func (e Entry) Card(printed *Card, faction func(string) string) (Card, []FieldError) {
	var errs []FieldError
	fail := func(field, format string, args ...any) {
		errs = append(errs, FieldError{Field: field, Msg: fmt.Sprintf(format, args...)})
	}
	var c Card
	if printed != nil {
		c = *printed
		c.Sources, c.Custom = nil, false
		c.Abilities = slices.Clone(printed.Abilities)
		c.ForcePowers = slices.Clone(printed.ForcePowers)
		c.Rapport = slices.Clone(printed.Rapport)
		if printed.Commander != nil {
			cm := *printed.Commander
			c.Commander = &cm
		}
	} else {
		c.Name = strings.TrimSpace(e.Name)
		switch {
		case c.Name == "":
			fail("name", "Name: write the card's name as printed")
		case len(c.Name) > 100:
			fail("name", "Name: %d characters; at most 100", len(c.Name))
		default:
			if p, ok := Builtin().Lookup(c.Name); ok {
				fail("name", "Name: the Battle of Hoth pack has %q: fill in that card's blanks from the pack's list instead of adding a new card", p.Name)
			}
		}
		c.GivenName = strings.TrimSpace(e.GivenName)
		if len(c.GivenName) > 100 {
			fail("given_name", "Given name: %d characters; at most 100", len(c.GivenName))
		}
		c.Faction = faction(e.Faction)
		if c.Faction == "" {
			if strings.TrimSpace(e.Faction) == "" {
				fail("faction", "Faction: choose the faction the card's symbol shows (Fringe joins any)")
			} else {
				fail("faction", "Faction: %q is not a faction of the rulebook's table; choose one from the list", e.Faction)
			}
		}
	}
	for _, s := range Stats {
		if printed.Printed(s.Key) {
			continue
		}
		typed := strings.TrimSpace(e.Values[s.Key])
		if typed == "" {
			if s.Key == "cost" && printed == nil {
				fail("cost", "Cost: write the card's point cost, a whole number from %d to %d", s.Lo, s.Hi)
			}
			c.setStat(s.Key, nil)
			continue
		}
		v, err := strconv.Atoi(strings.TrimPrefix(typed, "+"))
		switch {
		case err != nil:
			fail(s.Key, "%s: write a whole number from %d to %d, not %q", s.Label, s.Lo, s.Hi, typed)
		case v < s.Lo || v > s.Hi:
			fail(s.Key, "%s: %d is out of range; write a whole number from %d to %d", s.Label, v, s.Lo, s.Hi)
		default:
			c.setStat(s.Key, &v)
		}
	}
	if printed == nil || printed.Size == nil {
		switch sz := strings.ToLower(strings.TrimSpace(e.Size)); sz {
		case "":
			c.Size = nil
		case Small, Medium, Large, Huge:
			c.Size = &sz
		default:
			fail("size", "Size: %q; choose small, medium, large (2 by 2 squares) or huge (3 by 3)", e.Size)
		}
	}
	if printed == nil || printed.Unique == nil && !printed.Has("Unique") {
		switch u := strings.ToLower(strings.TrimSpace(e.Unique)); u {
		case "":
			c.Unique = nil
		case "yes", "no":
			b := u == "yes"
			c.Unique = &b
		default:
			fail("unique", "Unique: choose yes or no, not %q", e.Unique)
		}
	}
	c.readAbilities(e, printed, fail)
	c.readForce(e, printed, fail)
	c.readCommander(e, printed, fail)
	c.readRapport(e, printed, fail)
	c.contradictions(fail)
	if field, label, problem := c.TextProblem(); problem != "" {
		fail(field, "%s: %s", label, problem)
	}
	if len(errs) == 0 {
		// The engine's own reading, as a squad file's cards: block is read.
		if _, _, err := Builtin().Extend([]Card{c}); err != nil {
			fail("", "The card does not read: %s", err)
		}
	}
	return c, errs
}

// readAbilities builds the whole list: the printed abilities, Unique and Speed from their
// fields, the ticked ones and the numbered ones given a number.
func (c *Card) readAbilities(e Entry, printed *Card, fail func(string, string, ...any)) {
	if printed != nil && printed.AbilitiesComplete {
		return
	}
	var list []string
	have := func(name string) bool {
		for _, a := range list {
			if n, _ := SplitAbility(a); Normalize(n) == Normalize(name) {
				return true
			}
		}
		return false
	}
	if printed != nil {
		list = append(list, printed.Abilities...)
	}
	if c.Unique != nil && *c.Unique && !have("Unique") {
		list = append(list, "Unique")
	}
	if c.Unique != nil && !*c.Unique && have("Unique") {
		fail("unique", "Unique: the card prints Unique among its abilities; choose yes")
	}
	for _, a := range e.Abilities {
		k, ok := FindAbility(a)
		switch {
		case !ok:
			// Not offered by the form: an ability a card imported from a file has, kept as
			// written (Muster's battles do not play it; the not-simulated list says so).
			a = strings.TrimSpace(a)
			switch {
			case a == "" || Normalize(a) == "unique":
			case len(a) > 60:
				fail("abilities", "Abilities: %q is longer than 60 characters; write the ability's name as printed", a)
			case !have(a):
				list = append(list, a)
			}
		case k.Numbered:
			fail("ability."+k.Name, "%s: write its number (the X of %s X)", k.Name, k.Name)
		case !have(k.Name):
			list = append(list, k.Name)
		}
	}
	for _, k := range KnownAbilities {
		if !k.Numbered {
			continue
		}
		typed := strings.TrimSpace(e.Numbers[k.Name])
		if typed == "" {
			continue
		}
		v, err := strconv.Atoi(strings.TrimPrefix(typed, "+"))
		switch {
		case err != nil:
			fail("ability."+k.Name, "%s: write a whole number from 1 to %d, not %q (leave it blank if the card does not have it)", k.Name, AbilityMax, typed)
			continue
		case v < 1 || v > AbilityMax:
			fail("ability."+k.Name, "%s: %d is out of range; write a whole number from 1 to %d (leave it blank if the card does not have it)", k.Name, v, AbilityMax)
			continue
		}
		if pv, ok := printed.abilityOrNil(k.Name); ok {
			if pv != v {
				fail("ability."+k.Name, "%s: the card prints %s %d; write %d or leave it blank", k.Name, k.Name, pv, pv)
			}
			continue
		}
		text := fmt.Sprintf("%s %d", k.Name, v)
		if k.Plus {
			text = fmt.Sprintf("%s +%d", k.Name, v)
		}
		list = append(list, text)
	}
	if c.Speed != nil && *c.Speed != defaultSpeed && !have("Speed") {
		list = append(list, fmt.Sprintf("Speed %d", *c.Speed))
	}
	if list == nil {
		list = []string{}
	}
	c.Abilities, c.AbilitiesComplete = list, true
}

func (c *Card) abilityOrNil(name string) (int, bool) {
	if c == nil {
		return 0, false
	}
	return c.Ability(name)
}

func (c *Card) readForce(e Entry, printed *Card, fail func(string, string, ...any)) {
	if printed != nil && len(printed.ForcePowers) > 0 {
		return
	}
	var powers []string
	for _, p := range e.Powers {
		k, ok := FindPower(p)
		if !ok {
			fail("powers", "Force powers: Muster's battles do not play %q; tick only the powers listed", p)
			continue
		}
		if !slices.Contains(powers, k.Name) {
			powers = append(powers, k.Name)
		}
	}
	c.ForcePowers = powers
}

func (c *Card) readCommander(e Entry, printed *Card, fail func(string, string, ...any)) {
	if printed != nil && printed.Commander != nil && (!printed.Commander.Has || printed.Commander.Text != "" || len(printed.Commander.Effects) > 0) {
		return // printed in full
	}
	has := strings.ToLower(strings.TrimSpace(e.Commander))
	if printed != nil && printed.Commander != nil {
		has = "yes" // the card is known to have one; only its words are blank
	}
	text := strings.TrimSpace(e.CommanderText)
	if len(text) > MaxText {
		fail("commander_text", "Commander effect: %d characters; at most %d", len(text), MaxText)
	}
	var effects []Effect
	if len(e.Effects) > MaxEffects {
		fail("effects", "Commander effect: at most %d bonuses", MaxEffects)
	}
	for i, r := range e.Effects {
		if i >= MaxEffects {
			break
		}
		field := fmt.Sprintf("effect%d", i)
		label := fmt.Sprintf("Commander effect bonus %d", i+1)
		if strings.TrimSpace(r.Stat+r.Bonus+r.NameContains+r.Range) == "" {
			continue // an empty row
		}
		ef := Effect{Stat: strings.ToLower(strings.TrimSpace(r.Stat)), NameContains: strings.TrimSpace(r.NameContains), FollowersOnly: r.FollowersOnly}
		if !slices.Contains(effectStats, ef.Stat) {
			fail(field+".stat", "%s: choose the statistic it raises (attack, defense or damage)", label)
		}
		b, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(r.Bonus), "+"))
		switch {
		case strings.TrimSpace(r.Bonus) == "":
			fail(field+".bonus", "%s: write the bonus, a whole number from -%d to +%d", label, EffectBonus, EffectBonus)
		case err != nil || b == 0 || b < -EffectBonus || b > EffectBonus:
			fail(field+".bonus", "%s: write the bonus as a whole number from -%d to +%d other than 0, not %q", label, EffectBonus, EffectBonus, r.Bonus)
		}
		ef.Bonus = b
		if rs := strings.TrimSpace(r.Range); rs != "" {
			v, err := strconv.Atoi(rs)
			if err != nil || v < 0 || v > EffectRange {
				fail(field+".range", "%s: the range is a whole number of squares from 0 (the whole squad) to %d, not %q", label, EffectRange, rs)
			}
			ef.Range = v
		}
		if len(ef.NameContains) > 100 {
			fail(field+".name", "%s: the name to match is at most 100 characters", label)
		}
		effects = append(effects, ef)
	}
	switch has {
	case "":
		if text != "" || len(effects) > 0 {
			fail("commander", "Commander effect: you wrote an effect but did not say the card has one; choose yes, or clear the effect")
		}
		c.Commander = nil
	case "no":
		if text != "" || len(effects) > 0 {
			fail("commander", "Commander effect: you chose none but wrote an effect; choose yes, or clear the effect's text and bonuses")
		}
		c.Commander = &Commander{}
	case "yes":
		if printed == nil && text == "" && len(effects) == 0 {
			fail("commander_text", "Commander effect: write its text as printed, and the bonuses it gives if any (or choose none)")
		}
		c.Commander = &Commander{Has: true, Text: text, Effects: effects}
	default:
		fail("commander", "Commander effect: choose yes, none or not known, not %q", e.Commander)
	}
}

func (c *Card) readRapport(e Entry, printed *Card, fail func(string, string, ...any)) {
	if printed != nil && len(printed.Rapport) > 0 {
		return
	}
	name, amount := strings.TrimSpace(e.RapportName), strings.TrimSpace(e.RapportAmount)
	c.Rapport = nil
	switch {
	case name == "" && amount == "":
		return
	case name == "":
		fail("rapport_name", "Rapport: write the name the cheaper characters' names contain (such as AT-ST), or clear the reduction")
		return
	case amount == "":
		fail("rapport_amount", "Rapport: write how many points cheaper they are, from 1 to %d, or clear the name", RapportMax)
		return
	case len(name) > 100:
		fail("rapport_name", "Rapport: the name is at most 100 characters")
		return
	}
	v, err := strconv.Atoi(amount)
	if err != nil || v < 1 || v > RapportMax {
		fail("rapport_amount", "Rapport: write the reduction as a whole number from 1 to %d, not %q", RapportMax, amount)
		return
	}
	c.Rapport = []Rapport{{NameContains: name, Reduction: v}}
}

// contradictions refuses values that cannot all be on one card.
func (c *Card) contradictions(fail func(string, string, ...any)) {
	if fr, ok := c.Ability("Fragile"); ok && c.HP != nil && fr > *c.HP {
		fail("ability.Fragile", "Fragile: %d is more than the card's %d Hit Points, so it could never attack; check both numbers on the card", fr, *c.HP)
	}
	if len(c.ForcePowers) > 0 && c.Force != nil && *c.Force == 0 {
		fail("force", "Force rating: 0, but the card has Force powers (%s); write its Force rating, or untick the powers", strings.Join(c.ForcePowers, ", "))
	}
	if c.Has("Hologram") && (c.Has("Heavy Weapon") || c.Has("Double Attack") || c.Has("Twin Attack")) {
		fail("abilities", "Abilities: a Hologram cannot attack, so it cannot have attack abilities (Heavy Weapon, Double Attack, Twin Attack); untick them or Hologram")
	}
	if c.Rapport != nil && Normalize(c.Rapport[0].NameContains) != "" && strings.Contains(Normalize(c.Name), Normalize(c.Rapport[0].NameContains)) {
		fail("rapport_name", "Rapport: the card's own name contains %q; a Rapport names other characters", c.Rapport[0].NameContains)
	}
}

// Blanks lists, in the player's words, what the card still lacks for a battle (Missing,
// labelled).
func (c *Card) Blanks() []string {
	var out []string
	for _, m := range c.Missing() {
		switch m {
		case "hp", "defense", "attack", "damage", "speed", "force":
			out = append(out, StatOf(m).Label)
		case "size":
			out = append(out, "Size")
		case "commander":
			out = append(out, "Commander effect")
		default:
			out = append(out, "Abilities (the whole list)")
		}
	}
	return out
}

// TextProblem says which of the card's words holds what a name or note Muster shows
// others must not (rules/textguard): the field's label and the problem; "" when none.
func (c *Card) TextProblem() (field, label, problem string) {
	check := func(f, l, s string, lines bool) bool {
		if p := textguard.Problem(s, lines); p != "" {
			field, label, problem = f, l, p
			return true
		}
		return false
	}
	if check("name", "Name", c.Name, false) || check("given_name", "Given name", c.GivenName, false) ||
		check("faction", "Faction", c.Faction, false) || check("set", "Set", c.Set, false) || check("number", "Number", c.Number, false) {
		return
	}
	for _, a := range c.Abilities {
		if check("abilities", "Abilities", a, false) {
			return
		}
	}
	for _, p := range c.ForcePowers {
		if check("powers", "Force powers", p, false) {
			return
		}
	}
	for _, r := range c.Rapport {
		if check("rapport_name", "Rapport", r.NameContains, false) {
			return
		}
	}
	if c.Commander != nil {
		if check("commander_text", "Commander effect", c.Commander.Text, true) {
			return
		}
		for i, e := range c.Commander.Effects {
			if check(fmt.Sprintf("effect%d.name", i), fmt.Sprintf("Commander effect bonus %d", i+1), e.NameContains, false) {
				return
			}
		}
	}
	return "", "", ""
}
