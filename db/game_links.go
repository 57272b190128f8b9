package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
)

// scrubGameLinks empties the game links (/gm/{token}, /play/{token}) that job requests kept
// in clear before they were sealed: a matchup's result_base, a round robin's sim_base and
// action, an optimizer search's game.base. Every other byte of a request is kept as it was.
func scrubGameLinks(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, "SELECT id, request FROM matchups")
	if err != nil {
		return err
	}
	type fix struct {
		id      string
		request []byte
	}
	var fixes []fix
	for rows.Next() {
		var id string
		var req []byte
		if err := rows.Scan(&id, &req); err != nil {
			rows.Close()
			return err
		}
		if out, changed := scrubRequest(req); changed {
			fixes = append(fixes, fix{id, out})
		}
	}
	if err := rows.Close(); err != nil {
		return err
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, f := range fixes {
		if _, err := tx.ExecContext(ctx, "UPDATE matchups SET request = ? WHERE id = ?", f.request, f.id); err != nil {
			return err
		}
	}
	return nil
}

// scrubRequest empties a request's game links; false when it held none (or is not an
// object: left as it is).
func scrubRequest(req []byte) ([]byte, bool) {
	var top map[string]json.RawMessage
	if json.Unmarshal(req, &top) != nil {
		return req, false
	}
	changed := scrubFields(top, "result_base", "sim_base", "action")
	if raw, ok := top["game"]; ok {
		var game map[string]json.RawMessage
		if json.Unmarshal(raw, &game) == nil && scrubFields(game, "base") {
			if out, err := json.Marshal(game); err == nil {
				top["game"], changed = out, true
			}
		}
	}
	if !changed {
		return req, false
	}
	out, err := json.Marshal(top)
	if err != nil {
		return req, false
	}
	return out, true
}

// scrubFields empties each named string field of m that holds a game link.
func scrubFields(m map[string]json.RawMessage, names ...string) bool {
	changed := false
	for _, n := range names {
		var s string
		if raw, ok := m[n]; !ok || json.Unmarshal(raw, &s) != nil {
			continue
		}
		if strings.HasPrefix(s, "/gm/") || strings.HasPrefix(s, "/play/") {
			m[n], changed = json.RawMessage(`""`), true
		}
	}
	return changed
}
