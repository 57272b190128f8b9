package web

import (
	"github.com/goccy/go-yaml"

	"muster/rules/swm"
	"muster/rules/swm/army"
)

// The web app's d20 Star Wars Miniatures pages: the squad editor (swm_editor.go), the
// printable squad sheet (swm_sheet.go), registered with the generic pages of
// handlers_systems.go.

// blankSquad is a new squad file from the create form. The create form asks for a side,
// not a faction: an Imperial squad starts as Empire, any other as Rebel Alliance (the Battle
// of Hoth's two factions), in the Rebellion era; the editor changes them. An empty limit is
// the standard scenario's 100 points.
func blankSquad(name, side string, limit int) ([]byte, error) {
	faction := "Rebel Alliance"
	if side == "imperial" {
		faction = "Empire"
	}
	if limit <= 0 {
		limit = army.DefaultLimit
	}
	return yaml.MarshalWithOptions(yaml.MapSlice{
		{Key: "format", Value: 1}, {Key: "system", Value: swm.ID}, {Key: "name", Value: name},
		{Key: "faction", Value: faction}, {Key: "era", Value: "Rebellion"}, {Key: "limit", Value: limit},
		{Key: "units", Value: []any{}},
	})
}
