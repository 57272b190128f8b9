package roster

import (
	"encoding/json"

	"github.com/goccy/go-yaml"
)

// YAML writes the army as an army file in YAML.
func (a *Army) YAML() ([]byte, error) {
	return yaml.MarshalWithOptions(a, yaml.IndentSequence(true))
}

// JSON writes the army as an army file in JSON.
func (a *Army) JSON() ([]byte, error) {
	return json.MarshalIndent(a, "", "  ")
}
