package costing

import (
	"fmt"
	"strings"

	"muster/roster"
	"muster/rules"
)

// Offer is one entry of an editor's "Add a unit" picker: what it adds, what it costs as it
// starts (roster.NewUnit), and, when the force limits ban it, why.
type Offer struct {
	Kind, Name string
	Label      string
	Cost       int
	// Banned, when set, is the limits' reason the entry cannot be fielded: the picker shows
	// it greyed out with the reason.
	Banned string
	// Note marks an entry that can be fielded with a warning (another side's Troop List).
	Note string
}

// OfferGroup is a labelled group of offers, in the order a player looks for them.
type OfferGroup struct {
	Label  string
	Offers []Offer
}

// Offers lists what an army of side can add, grouped by kind: squads from the side's Troop
// List first, then neutrals (they serve every side), then other sides' (a warning, rule
// troop.side); heroes; droids; creatures; artillery; strikes; remote weapons. Each entry's
// base cost is the cost of the unit NewUnit makes, costed by the same code as the army; what
// the limits (nil: none) ban is marked with the limits' own words, found by checking the
// entry alone against them, so the picker and the checks cannot disagree.
func Offers(c *rules.Catalog, side rules.Side, lim *roster.Limits) []OfferGroup {
	offer := func(kind, name, label string) Offer {
		o := Offer{Kind: kind, Name: name, Label: label}
		u, err := roster.NewUnit(c, kind, name)
		if err != nil {
			o.Banned = err.Error()
			return o
		}
		a := &roster.Army{Format: 1, System: "swmb", Side: side, Units: []roster.Unit{u}}
		r := cost(c, a)
		o.Cost = r.Total
		if lim != nil {
			o.Banned = banReason(c, a, r, lim)
		}
		return o
	}
	var own, neutral, other []Offer
	for _, t := range c.Troops {
		o := offer(roster.KindSquad, t.Name, t.Name)
		switch {
		case t.Side == side:
			own = append(own, o)
		case t.Side == rules.Neutral:
			neutral = append(neutral, o)
		default:
			o.Label = fmt.Sprintf("%s (%s)", t.Name, t.Side)
			o.Note = "another side's Troop List: a warning (troop.side)"
			other = append(other, o)
		}
	}
	var droids, creatures, arty, strikes, remotes []Offer
	for _, d := range c.Droids {
		droids = append(droids, offer(roster.KindDroid, d.Name, d.Name))
	}
	for _, cr := range c.Creatures {
		creatures = append(creatures, offer(roster.KindCreature, cr.Name, cr.Name))
	}
	for _, a := range c.Artillery {
		arty = append(arty, offer(roster.KindArtillery, a.Name, a.Name))
	}
	for _, s := range c.Strikes {
		strikes = append(strikes, offer(roster.KindStrike, s.Name, s.Name+" strike"))
	}
	for _, w := range c.Weapons {
		if w.Class == "heavy blaster" {
			remotes = append(remotes, offer(roster.KindRemoteWeapon, w.Name, "Remote "+w.Name))
		}
	}
	heroes := []Offer{offer(roster.KindHero, "", "Hero from the roleplaying game"),
		offer(roster.KindHero, "scratch", "Hero created from scratch")}
	sideName := strings.ToUpper(string(side[:min(1, len(side))])) + string(side[min(1, len(side)):])
	gs := []OfferGroup{
		{Label: "Squads: " + sideName + " Troop List", Offers: own},
		{Label: "Squads: neutral (serve every side)", Offers: neutral},
		{Label: "Squads: other sides' Troop Lists (a warning)", Offers: other},
		{Label: "Heroes", Offers: heroes},
		{Label: "Droids", Offers: droids},
		{Label: "Creatures", Offers: creatures},
		{Label: "Artillery pieces", Offers: arty},
		{Label: "Off-board strikes", Offers: strikes},
		{Label: "Remote weapons", Offers: remotes},
	}
	out := gs[:0]
	for _, g := range gs {
		if len(g.Offers) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// banReason is why the limits refuse the entry itself, in their own words, or "": a ban on
// the kind or the entry, a count cap of zero for its kind, or an SGP cap its base cost alone
// breaks. What the player can still change (quality, the starting weapon) is not the entry's
// fault, nor is the army's side or total.
func banReason(c *rules.Catalog, a *roster.Army, r *Result, lim *roster.Limits) string {
	ps := roster.CheckLimits(c, a, lim, "limits")
	ps = append(ps, CheckLimits(c, a, r, lim)...)
	entry := map[string]bool{}
	for _, f := range []string{"kind", "troop", "droid", "creature", "artillery", "weapon", "strike"} {
		entry[roster.UnitField(0, f)] = true
	}
	for _, p := range ps {
		if p.Severity != roster.Error {
			continue
		}
		switch p.Rule {
		case "limits.banned":
			if entry[p.Field] {
				return p.Message
			}
		case "limits.count", "limits.heroes", "limits.squads", "limits.droids", "limits.creatures", "limits.artillery", "limits.strikes":
			return p.Message
		}
	}
	return ""
}
