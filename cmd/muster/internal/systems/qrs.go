package systems

import (
	"errors"
	"fmt"

	"muster/rules/qrs"
	"muster/rules/qrs/army"
	"muster/rules/qrs/sim"
)

// What the skirmish quick reference's web pages and commands both need to play its games.

// QRSProfiles are the armies' profiles: blocks, for a game to resolve its figures by; two
// armies may not define one profile differently.
func QRSProfiles(armies ...*army.Army) ([]qrs.Profile, error) {
	var out []qrs.Profile
	seen := map[string]qrs.Profile{}
	for _, a := range armies {
		for _, p := range a.Catalog.Profiles() {
			if p.Source != qrs.SourceArmy {
				continue
			}
			if prev, ok := seen[qrs.Key(p.Name)]; ok {
				if fmt.Sprint(prev) != fmt.Sprint(p) {
					return nil, fmt.Errorf("both armies define a profile %q, differently; rename one", p.Name)
				}
				continue
			}
			seen[qrs.Key(p.Name)] = p
			out = append(out, p)
		}
	}
	return out, nil
}

// QRSSeeded names the seed beside a game that failed (sim.GameError), which with the game's
// index replays it.
func QRSSeeded(err error, seed uint64) error {
	var ge *sim.GameError
	if errors.As(err, &ge) {
		return fmt.Errorf("%w (seed %d)", err, seed)
	}
	return err
}
