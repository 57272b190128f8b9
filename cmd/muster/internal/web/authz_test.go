package web

// The authorization table: every route the server registers, asked by the army's owner,
// another account, a guest (a browser that built without signing up) and no one (no
// cookies), with the status each must get. Routes reached through a share, GM or player
// link are asked with the link (the link is the authority) and with a wrong one (404). A
// route the server registers without a row here fails the test.

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/rules/battle"
	"muster/rules/battle/design"
	"muster/rules/swm/cards"
)

// actors, in the order each row's statuses are written.
var actors = []string{"owner", "other", "guest", "anon"}

// authzRow is one route: the request, and the status for each actor (any of the listed
// statuses where more than one is fine, as for a PDF without Chromium).
type authzRow struct {
	method, route string // as registered
	path          string // with {placeholders} from the fixture
	form          url.Values
	body          string // a raw body (the JSON API), instead of a form
	want          [4][]int
}

func s(codes ...int) []int { return codes }

// all is the same status for every actor.
func all(codes ...int) [4][]int { return [4][]int{codes, codes, codes, codes} }

// ownerOnly is the owner's status, and 404 for everyone else: not yours reads as not found.
func ownerOnly(codes ...int) [4][]int { return [4][]int{codes, s(404), s(404), s(404)} }

// apiOwner is the owner's status on the JSON API: another owner's army is not found, and no
// one at all gets 401.
func apiOwner(codes ...int) [4][]int { return [4][]int{codes, s(404), s(404), s(401)} }

// accountOnly is a signed-in account's status; guests and no one are asked to sign in.
func accountOnly(codes ...int) [4][]int { return [4][]int{codes, codes, s(401), s(401)} }

// scenarioFile is a scenario of the owner's (the built-in open field) and scenarioForm the
// designer's form of it, as posted.
var scenarioFile, scenarioForm = func() ([]byte, url.Values) {
	f, _ := battle.LoadScenario("open-field")
	file, _ := design.Marshal(f.Scenario)
	return file, design.FromScenario(f.Scenario).Values()
}()

func authzRows() []authzRow {
	pdf := s(200, 503)
	armyFile, _ := os.ReadFile(mixed)
	return []authzRow{
		{method: "GET", route: "/", path: "/", want: all(200)},
		{method: "GET", route: "/healthz", path: "/healthz", want: all(200)},
		{method: "GET", route: "/static/*", path: "/static/muster.css", want: all(200)},
		{method: "GET", route: "/catalogue", path: "/catalogue", want: all(200)},
		{method: "GET", route: "/catalogue/:kind", path: "/catalogue/weapons", want: all(200)},
		{method: "GET", route: "/armies/new", path: "/armies/new", want: all(200)},
		{method: "GET", route: "/compare", path: "/compare?a={army}&b={army}", want: ownerOnly(200)},
		{method: "GET", route: "/odds", path: "/odds?firer={army}:0&target={army}:1", want: all(200)},
		{method: "GET", route: "/swm/quick-resolve", path: "/swm/quick-resolve", want: all(200)},                                                            // d20 squads: authz_systems_test.go
		{method: "POST", route: "/swm/quick-resolve", path: "/swm/quick-resolve", form: url.Values{"a": {"{army}"}, "b": {"{army}"}}, want: ownerOnly(422)}, // not a d20 squad: said
		{method: "GET", route: "/swm/quick-resolve/:job", path: "/swm/quick-resolve/{swmjob}", want: ownerOnly(303)},                                        // not done: its progress page
		{method: "GET", route: "/swm/quick-resolve/:job/replay", path: "/swm/quick-resolve/{swmjob}/replay", want: ownerOnly(303)},                          // not done: its progress page (a done one's: swm_quick_resolve_replay_test.go)
		{method: "GET", route: "/sim", path: "/sim", want: all(200)},
		{method: "GET", route: "/games/new", path: "/games/new", want: all(200)},
		{method: "GET", route: "/signin", path: "/signin", want: all(200)},
		{method: "GET", route: "/signup", path: "/signup", want: all(200)},
		{method: "GET", route: "/account", path: "/account", want: accountOnly(200)},

		{method: "POST", route: "/armies", path: "/armies", form: url.Values{"name": {"New"}, "side": {"rebel"}}, want: all(303)},
		{method: "POST", route: "/armies/import", path: "/armies/import", form: url.Values{"text": {string(armyFile)}}, want: all(303)},
		{method: "POST", route: "/armies/book", path: "/armies/book", form: url.Values{"file": {"blue-rangers.yaml"}}, want: all(303)},
		{method: "GET", route: "/armies/:id", path: "/armies/{army}", want: ownerOnly(200)},
		{method: "POST", route: "/armies/:id", path: "/armies/{army}", form: url.Values{"name": {"Renamed"}, "side": {"imperial"}, "action": {"save"}}, want: ownerOnly(303)},
		{method: "GET", route: "/armies/:id/edit", path: "/armies/{army}/edit", want: ownerOnly(200)},
		{method: "POST", route: "/armies/:id/preview", path: "/armies/{army}/preview", form: url.Values{"name": {"Renamed"}, "side": {"imperial"}}, want: ownerOnly(200)},
		{method: "POST", route: "/armies/:id/draft/discard", path: "/armies/{army}/draft/discard", want: ownerOnly(303)},
		{method: "POST", route: "/armies/:id/undo", path: "/armies/{army}/undo", want: ownerOnly(409)},
		{method: "POST", route: "/armies/:id/redo", path: "/armies/{army}/redo", want: ownerOnly(409)},
		{method: "POST", route: "/armies/:id/restore", path: "/armies/{army}/restore", form: url.Values{"version": {"1"}}, want: ownerOnly(303)},
		{method: "POST", route: "/armies/:id/duplicate", path: "/armies/{army}/duplicate", want: ownerOnly(303)},
		{method: "GET", route: "/armies/:id/delete", path: "/armies/{army}/delete", want: ownerOnly(200)},
		{method: "POST", route: "/armies/:id/delete", path: "/armies/{army}/delete", want: ownerOnly(303)},
		{method: "POST", route: "/armies/:id/undelete", path: "/armies/{deleted}/undelete", want: ownerOnly(303)},
		{method: "POST", route: "/armies/:id/share", path: "/armies/{army}/share", want: ownerOnly(303)},
		{method: "GET", route: "/armies/:id/shares", path: "/armies/{army}/shares", want: ownerOnly(303)},
		{method: "POST", route: "/armies/:id/shares/:token/revoke", path: "/armies/{army}/shares/{share}/revoke", want: ownerOnly(303)},
		{method: "GET", route: "/armies/:id/export", path: "/armies/{army}/export?format=json", want: ownerOnly(200)},
		{method: "GET", route: "/armies/:id/sheets", path: "/armies/{army}/sheets", want: ownerOnly(200)},
		{method: "GET", route: "/armies/:id/sheets.pdf", path: "/armies/{army}/sheets.pdf", want: [4][]int{pdf, s(404), s(404), s(404)}},
		{method: "GET", route: "/armies/:id/roster", path: "/armies/{army}/roster", want: ownerOnly(200)},
		{method: "GET", route: "/armies/:id/roster.pdf", path: "/armies/{army}/roster.pdf", want: [4][]int{pdf, s(404), s(404), s(404)}},

		{method: "GET", route: "/share/:token", path: "/share/{share}", want: all(200)},
		{method: "GET", route: "/share/:token/export", path: "/share/{share}/export", want: all(200)},
		{method: "GET", route: "/share/:token/sheets", path: "/share/{share}/sheets", want: all(200)},
		{method: "GET", route: "/share/:token/sheets.pdf", path: "/share/{share}/sheets.pdf", want: all(200, 503)},
		{method: "GET", route: "/share/:token/roster", path: "/share/{share}/roster", want: all(200)},
		{method: "GET", route: "/share/:token/roster.pdf", path: "/share/{share}/roster.pdf", want: all(200, 503)},
		{method: "POST", route: "/share/:token/copy", path: "/share/{share}/copy", want: all(303)},

		{method: "POST", route: "/signin", path: "/signin", form: url.Values{"name": {"tester"}, "password": {"wrong password"}}, want: all(401)},
		{method: "POST", route: "/signup", path: "/signup", form: url.Values{"name": {"newcomer"}, "password": {"a good password"}, "password2": {"a good password"}},
			want: [4][]int{s(409), s(409), s(303), s(303)}},
		{method: "POST", route: "/signout", path: "/signout", want: all(303)},
		{method: "POST", route: "/account/password", path: "/account/password", form: url.Values{"current": {"wrong"}, "password": {"a new password"}}, want: accountOnly(422)},
		{method: "POST", route: "/account/tokens", path: "/account/tokens", form: url.Values{"label": {"laptop"}}, want: accountOnly(200)},
		{method: "POST", route: "/account/tokens/:id/revoke", path: "/account/tokens/{tokid}/revoke", want: [4][]int{s(303), s(404), s(401), s(401)}},
		{method: "POST", route: "/account/tokens/revoke-all", path: "/account/tokens/revoke-all", want: accountOnly(303)},
		{method: "POST", route: "/account/invites", path: "/account/invites", want: [4][]int{s(404), s(404), s(401), s(401)}},

		{method: "GET", route: "/api/armies", path: "/api/armies", want: [4][]int{s(200), s(200), s(200), s(401)}},
		{method: "POST", route: "/api/armies", path: "/api/armies", body: string(armyFile), want: [4][]int{s(201), s(201), s(201), s(401)}},
		{method: "GET", route: "/api/armies/:id", path: "/api/armies/{army}", want: apiOwner(200)},
		{method: "DELETE", route: "/api/armies/:id", path: "/api/armies/{army}", want: apiOwner(204)},
		{method: "GET", route: "/api/armies/:id/file", path: "/api/armies/{army}/file", want: apiOwner(200)},

		{method: "POST", route: "/sim", path: "/sim", form: url.Values{"a": {"{army}"}, "b": {"{army}"}, "battles": {"1"}, "scenario": {"open-field"}},
			want: [4][]int{s(303), s(400), s(400), s(400)}},
		{method: "GET", route: "/sim/run/:job", path: "/sim/run/{job}", want: ownerOnly(200, 303)},
		{method: "GET", route: "/sim/run/:job/events", path: "/sim/run/{job}/events", want: ownerOnly(200)},
		{method: "POST", route: "/sim/run/:job/cancel", path: "/sim/run/{job}/cancel", want: ownerOnly(303)},
		{method: "GET", route: "/sims/:id", path: "/sims/{sim}", want: ownerOnly(200)},
		{method: "GET", route: "/sims/:id/json", path: "/sims/{sim}/json", want: ownerOnly(200)},
		{method: "GET", route: "/sims/:id/replay", path: "/sims/{sim}/replay", want: ownerOnly(200)},
		// Issue 14: what to change (the fixture's army has errors: the owner is told so, 422) and round robins.
		{method: "GET", route: "/sims/:id/whatif", path: "/sims/{sim}/whatif", want: ownerOnly(200)},
		{method: "POST", route: "/sims/:id/whatif", path: "/sims/{sim}/whatif", form: url.Values{"side": {"a"}, "battles": {"20"}, "variants": {"2"}}, want: ownerOnly(422)},
		{method: "GET", route: "/sims/:id/whatif/replay", path: "/sims/{sim}/whatif/replay?side=a&battle=0", want: ownerOnly(200)},
		{method: "POST", route: "/sims/:id/whatif/save", path: "/sims/{sim}/whatif/save", form: url.Values{"side": {"a"}, "change": {"Drop Aurek Squad (518 SGPs)"}}, want: ownerOnly(422)},
		{method: "GET", route: "/whatif/:job", path: "/whatif/{wjob}", want: ownerOnly(303)},          // not done: its progress page
		{method: "GET", route: "/roundrobin/:job", path: "/roundrobin/{rrjob}", want: ownerOnly(303)}, // not done: its progress page
		{method: "GET", route: "/armies/:id/optimize", path: "/armies/{army}/optimize", want: ownerOnly(200)},
		{method: "POST", route: "/armies/:id/optimize", path: "/armies/{army}/optimize", form: url.Values{"battles": {"20"}, "budget": {"2000"}}, want: ownerOnly(400)}, // no opponent ticked: said
		{method: "GET", route: "/optimize/:job", path: "/optimize/{ojob}", want: ownerOnly(303)},                                                                        // not done: its progress page
		{method: "POST", route: "/optimize/:job/save", path: "/optimize/{ojob}/save", want: ownerOnly(409)},                                                             // not done: nothing to save
		{method: "GET", route: "/optimize/:job/replay", path: "/optimize/{ojob}/replay?step=1", want: ownerOnly(303)},                                                   // not done: its progress page
		{method: "GET", route: "/roundrobin", path: "/roundrobin", want: all(200)},
		// Share links to results (issue 31): made and revoked by the owner; opened by anyone
		// holding the link.
		{method: "POST", route: "/sims/:id/shares", path: "/sims/{sim}/shares", want: ownerOnly(303)},
		{method: "POST", route: "/sims/:id/shares/:token/revoke", path: "/sims/{sim}/shares/{simrevoke}/revoke", want: ownerOnly(303)},
		{method: "GET", route: "/share/sim/:token", path: "/share/sim/{simshare}", want: all(200)},
		{method: "GET", route: "/share/sim/:token/json", path: "/share/sim/{simshare}/json", want: all(200)},
		{method: "GET", route: "/share/sim/:token/replay", path: "/share/sim/{simshare}/replay", want: all(200)},
		{method: "POST", route: "/roundrobin/:job/shares", path: "/roundrobin/{rrdone}/shares", want: ownerOnly(303)},
		{method: "POST", route: "/roundrobin/:job/shares/:token/revoke", path: "/roundrobin/{rrdone}/shares/{rrrevoke}/revoke", want: ownerOnly(303)},
		{method: "GET", route: "/share/roundrobin/:token", path: "/share/roundrobin/{rrshare}", want: all(200)},
		{method: "GET", route: "/share/roundrobin/:token/sims/:id", path: "/share/roundrobin/{rrshare}/sims/{rrpair}", want: all(200)},
		{method: "GET", route: "/share/roundrobin/:token/sims/:id/json", path: "/share/roundrobin/{rrshare}/sims/{rrpair}/json", want: all(200)},
		{method: "GET", route: "/share/roundrobin/:token/sims/:id/replay", path: "/share/roundrobin/{rrshare}/sims/{rrpair}/replay", want: all(200)},
		// Another pair's matchup (not this round robin's) is not reached through its link.
		{method: "GET", route: "/share/roundrobin/:token/sims/:id", path: "/share/roundrobin/{rrshare}/sims/{sim}", want: all(404)},
		{method: "GET", route: "/fair", path: "/fair", want: all(200)},
		// A game night's fairness test: its imperial side has no total and no list: refused in words, for anyone holding the GM link.
		{method: "POST", route: "/gm/:token/fair", path: "/gm/{gm}/fair", form: url.Values{"scenario": {"sample-game"}, "battles": {"20"}}, want: all(400)},
		{method: "POST", route: "/fair", path: "/fair", form: url.Values{"scenario": {"sample-game"}, "battles": {"5"}}, want: all(400)}, // refused before queuing: said
		{method: "GET", route: "/fair/:job", path: "/fair/{fjob}", want: ownerOnly(303)},
		{method: "GET", route: "/fair/:job/lists/:list", path: "/fair/{fjob}/lists/a1", want: ownerOnly(404)}, // not played: no lists
		{method: "POST", route: "/roundrobin", path: "/roundrobin", form: url.Values{"army": {"{army}"}, "battles": {"10"}, "scenario": {"open-field"}}, want: all(400)},
		{method: "GET", route: "/gm/:token/roundrobin", path: "/gm/{gm}/roundrobin", want: all(200)},
		{method: "POST", route: "/gm/:token/roundrobin", path: "/gm/{gm}/roundrobin", form: url.Values{"army": {"{list}"}, "battles": {"10"}, "scenario": {"open-field"}}, want: all(400)},
		{method: "GET", route: "/play/:token/roundrobin", path: "/play/{player}/roundrobin", want: all(404)}, // not before the lock
		{method: "POST", route: "/play/:token/roundrobin", path: "/play/{player}/roundrobin", form: url.Values{"army": {"{list}"}, "battles": {"10"}}, want: all(404)},

		{method: "POST", route: "/games", path: "/games", form: url.Values{"name": {"Friday"}, "date": {"2026-05-01"}, "plays.rebel": {"on"}}, want: all(303)},
		{method: "GET", route: "/gm/:token", path: "/gm/{gm}", want: all(200)},
		{method: "POST", route: "/gm/:token", path: "/gm/{gm}", form: url.Values{"name": {"Saturday"}, "date": {"2026-05-02"}, "plays.rebel": {"on"}, "plays.imperial": {"on"}}, want: all(303)},
		{method: "POST", route: "/gm/:token/lock", path: "/gm/{gm}/lock", want: all(303)},
		{method: "POST", route: "/gm/:token/unlock", path: "/gm/{gm}/unlock", want: all(303)},
		{method: "GET", route: "/gm/:token/rotate", path: "/gm/{gm}/rotate?which=player", want: all(200)},
		{method: "POST", route: "/gm/:token/rotate", path: "/gm/{gm}/rotate", form: url.Values{"which": {"player"}, "confirm": {"yes"}}, want: all(303)},
		{method: "POST", route: "/gm/:token/restore", path: "/gm/{gm}/restore", form: url.Values{"version": {"1"}}, want: all(303)},
		{method: "GET", route: "/gm/:token/limits/:side", path: "/gm/{gm}/limits/rebel", want: all(200)},
		{method: "POST", route: "/gm/:token/limits/:side", path: "/gm/{gm}/limits/rebel", form: url.Values{"text": {"total: 1200\n"}}, want: all(303)},
		{method: "GET", route: "/gm/:token/lists/:id", path: "/gm/{gm}/lists/{list}", want: all(200)},
		{method: "GET", route: "/gm/:token/lists/:id/export", path: "/gm/{gm}/lists/{list}/export", want: all(200)},
		{method: "GET", route: "/gm/:token/lists/:id/sheets", path: "/gm/{gm}/lists/{list}/sheets", want: all(200)},
		{method: "POST", route: "/gm/:token/resolve", path: "/gm/{gm}/resolve", form: url.Values{"a": {"{list}"}, "b": {"{list2}"}, "battles": {"1"}, "scenario": {"open-field"}}, want: all(303)},
		// "What should I bring?" against the game's field (game_optimize.go): the gamemaster's
		// link for any list; no list is submitted here, so there is no field and nothing is
		// searched (said). A search that is not this game's is not found, even its owner's.
		{method: "GET", route: "/gm/:token/lists/:id/optimize", path: "/gm/{gm}/lists/{list}/optimize", want: all(200)},
		{method: "POST", route: "/gm/:token/lists/:id/optimize", path: "/gm/{gm}/lists/{list}/optimize", form: url.Values{"opponent": {"{list2}"}, "battles": {"20"}, "budget": {"2000"}}, want: all(409)},
		{method: "POST", route: "/gm/:token/optimize/:job/save", path: "/gm/{gm}/optimize/{ojob}/save", want: all(404)},
		{method: "GET", route: "/gm/:token/sims/:id", path: "/gm/{gm}/sims/{gmsim}", want: all(200)},
		{method: "GET", route: "/gm/:token/sims/:id/replay", path: "/gm/{gm}/sims/{gmsim}/replay", want: all(200)},
		{method: "GET", route: "/gm/:token/sims/:id/json", path: "/gm/{gm}/sims/{gmsim}/json", want: all(200)},

		{method: "GET", route: "/play/:token", path: "/play/{player}", want: all(200)},
		{method: "POST", route: "/play/:token/lists", path: "/play/{player}/lists", form: url.Values{"action": {"new"}, "player": {"Wedge"}, "side": {"rebel"}, "name": {"Rogues"}}, want: all(303)},
		// A signed-in player's own list opened on another device: the player link and the
		// owner's session together (handlers_play_mine.go).
		{method: "POST", route: "/play/:token/lists/mine/:id/open", path: "/play/{player}/lists/mine/{list}/open", want: ownerOnly(303)},
		{method: "GET", route: "/play/:token/lists/:key", path: "/play/{player}/lists/{key}", want: all(200)},
		{method: "POST", route: "/play/:token/lists/:key", path: "/play/{player}/lists/{key}", form: url.Values{"name": {"Renamed"}, "action": {"save"}}, want: all(422)},
		{method: "GET", route: "/play/:token/lists/:key/edit", path: "/play/{player}/lists/{key}/edit", want: all(200)},
		{method: "POST", route: "/play/:token/lists/:key/preview", path: "/play/{player}/lists/{key}/preview", form: url.Values{"name": {"Renamed"}}, want: all(200)},
		{method: "POST", route: "/play/:token/lists/:key/draft/discard", path: "/play/{player}/lists/{key}/draft/discard", want: all(303)},
		{method: "POST", route: "/play/:token/lists/:key/undo", path: "/play/{player}/lists/{key}/undo", want: all(409)},
		{method: "POST", route: "/play/:token/lists/:key/redo", path: "/play/{player}/lists/{key}/redo", want: all(409)},
		{method: "POST", route: "/play/:token/lists/:key/submit", path: "/play/{player}/lists/{key}/submit", want: all(303)},
		{method: "POST", route: "/play/:token/lists/:key/withdraw", path: "/play/{player}/lists/{key}/withdraw", want: all(303)},
		{method: "GET", route: "/play/:token/lists/:key/export", path: "/play/{player}/lists/{key}/export", want: all(200)},
		{method: "GET", route: "/play/:token/lists/:key/sheets", path: "/play/{player}/lists/{key}/sheets", want: all(200)},
		// Before the lock a player has no field: the page says why; a post searches nothing.
		{method: "GET", route: "/play/:token/lists/:key/optimize", path: "/play/{player}/lists/{key}/optimize", want: all(200)},
		{method: "POST", route: "/play/:token/lists/:key/optimize", path: "/play/{player}/lists/{key}/optimize", form: url.Values{"opponent": {"{list2}"}, "battles": {"20"}, "budget": {"2000"}}, want: all(409)},
		// (Undo and redo of a first version, and a save of a form that lacks the army's fields,
		// are refused by the handler: the request got past the authorization.)
		// Before the lock a player sees no other list and none of the gamemaster's matchups.
		{method: "GET", route: "/play/:token/view/:id", path: "/play/{player}/view/{list}", want: all(404)},
		{method: "GET", route: "/play/:token/sims/:id", path: "/play/{player}/sims/{gmsim}", want: all(404)},
		{method: "GET", route: "/play/:token/sims/:id/replay", path: "/play/{player}/sims/{gmsim}/replay", want: all(404)},
		{method: "GET", route: "/play/:token/sims/:id/json", path: "/play/{player}/sims/{gmsim}/json", want: all(404)},

		// The skirmish quick reference's solo games (handlers_qrs.go): the owner's alone.
		{method: "GET", route: "/qrs/solo", path: "/qrs/solo", want: all(200)},
		{method: "POST", route: "/qrs/solo", path: "/qrs/solo", form: url.Values{"counter1": {"open"}, "unlimited": {"on"}}, want: all(303)},
		{method: "GET", route: "/qrs/solo/:id", path: "/qrs/solo/{solo}", want: ownerOnly(200)},
		{method: "POST", route: "/qrs/solo/:id/counters", path: "/qrs/solo/{solo}/counters", form: url.Values{"action": {"add"}, "kind": {"cover"}}, want: ownerOnly(303)},
		{method: "POST", route: "/qrs/solo/:id/spot", path: "/qrs/solo/{solo}/spot", form: url.Values{"counter": {"1"}}, want: ownerOnly(303)},
		{method: "POST", route: "/qrs/solo/:id/orders", path: "/qrs/solo/{solo}/orders", form: url.Values{"group": {"1"}}, want: ownerOnly(303)},
		{method: "POST", route: "/qrs/solo/:id/shoot", path: "/qrs/solo/{solo}/shoot", form: url.Values{"target": {"1"}, "band": {"medium"}, "enemy": {"4"}}, want: ownerOnly(303)},
		{method: "POST", route: "/qrs/solo/:id/mark", path: "/qrs/solo/{solo}/mark", form: url.Values{"group": {"1"}, "figure": {"1"}, "what": {"wound"}}, want: ownerOnly(303)},
		{method: "POST", route: "/qrs/solo/:id/close", path: "/qrs/solo/{solo}/close", form: url.Values{"kind": {"medic"}, "figure": {"1:1"}}, want: ownerOnly(422)},
		{method: "POST", route: "/qrs/solo/:id/turn", path: "/qrs/solo/{solo}/turn", want: ownerOnly(303)},
		{method: "POST", route: "/qrs/solo/:id/undo", path: "/qrs/solo/{solo}/undo", want: ownerOnly(409)},
		{method: "GET", route: "/qrs/sim", path: "/qrs/sim", want: all(200)},
		{method: "POST", route: "/qrs/sim", path: "/qrs/sim", form: url.Values{"counter1": {"open"}, "unlimited": {"on"}, "group0": {"Red"}, "profile0": {"Rebel Trooper"}, "count0": {"2"}, "battles": {"10"}}, want: all(303)}, // queued: its progress page
		{method: "GET", route: "/qrs/sim/:job", path: "/qrs/sim/{qrsjob}", want: ownerOnly(303)},                                                                                                                                 // not done: its progress page
		{method: "POST", route: "/qrs/solo/:id/delete", path: "/qrs/solo/{solo}/delete", want: ownerOnly(303)},

		// The d20 card library (swm_cards.go): the owner's alone; a card's link reads it.
		{method: "GET", route: "/swm/cards", path: "/swm/cards", want: all(200)},
		{method: "GET", route: "/swm/cards/new", path: "/swm/cards/new?pack=Hoth+Trooper", want: all(200)},
		{method: "POST", route: "/swm/cards", path: "/swm/cards", form: url.Values{"pack": {"Hoth Trooper"}, "hp": {"10"}}, want: all(303)},
		{method: "GET", route: "/swm/cards/export", path: "/swm/cards/export", want: ownerOnly(200)},
		{method: "POST", route: "/swm/cards/import", path: "/swm/cards/import", form: url.Values{"text": {"format: 1\nsystem: swm\ncards: [{name: Hoth Trooper, hp: 10}]\n"}}, want: all(303)},
		{method: "GET", route: "/swm/cards/:id", path: "/swm/cards/{card}", want: ownerOnly(200)},
		{method: "POST", route: "/swm/cards/:id", path: "/swm/cards/{card}", form: url.Values{"hp": {"40"}}, want: ownerOnly(303)},
		{method: "GET", route: "/swm/cards/:id/delete", path: "/swm/cards/{card}/delete", want: ownerOnly(200)},
		{method: "POST", route: "/swm/cards/:id/delete", path: "/swm/cards/{card}/delete", want: ownerOnly(303)},
		{method: "POST", route: "/swm/cards/:id/share", path: "/swm/cards/{card}/share", want: ownerOnly(303)},
		{method: "POST", route: "/swm/cards/:id/unshare", path: "/swm/cards/{card}/unshare", want: ownerOnly(303)},
		{method: "GET", route: "/swm/squads/:id/export", path: "/swm/squads/{swmsquad}/export", want: ownerOnly(200)},
		{method: "GET", route: "/swm/card-share/:token", path: "/swm/card-share/{cardshare}", want: all(200)},
		// Issue 33: a player's scenarios are theirs alone; a share link reads one.
		{method: "GET", route: "/scenarios", path: "/scenarios", want: all(200)},
		{method: "POST", route: "/scenarios", path: "/scenarios", want: all(303)},
		{method: "POST", route: "/scenarios/import", path: "/scenarios/import", form: url.Values{"text": {string(scenarioFile)}}, want: all(303)},
		{method: "POST", route: "/scenarios/builtin/:name/copy", path: "/scenarios/builtin/open-field/copy", want: all(303)},
		{method: "GET", route: "/scenarios/:id", path: "/scenarios/{scenario}", want: ownerOnly(200)},
		{method: "POST", route: "/scenarios/:id", path: "/scenarios/{scenario}", form: scenarioForm, want: ownerOnly(303)},
		{method: "GET", route: "/scenarios/:id/export", path: "/scenarios/{scenario}/export", want: ownerOnly(200)},
		{method: "GET", route: "/scenarios/:id/history", path: "/scenarios/{scenario}/history", want: ownerOnly(200)},
		{method: "GET", route: "/scenarios/:id/history/:number", path: "/scenarios/{scenario}/history/1", want: ownerOnly(200)},
		{method: "GET", route: "/scenarios/:id/history/:number/export", path: "/scenarios/{scenario}/history/1/export", want: ownerOnly(200)},
		{method: "POST", route: "/scenarios/:id/restore", path: "/scenarios/{scenario}/restore", form: url.Values{"version": {"1"}}, want: ownerOnly(303)},
		{method: "POST", route: "/scenarios/:id/delete", path: "/scenarios/{scenario}/delete", want: ownerOnly(303)},
		{method: "POST", route: "/scenarios/:id/share", path: "/scenarios/{scenario}/share", want: ownerOnly(303)},
		{method: "POST", route: "/scenarios/:id/unshare", path: "/scenarios/{scenario}/unshare", want: ownerOnly(303)},
		{method: "GET", route: "/scenario-share/:token", path: "/scenario-share/{scenshare}", want: all(200)},
		{method: "GET", route: "/scenario-share/:token/export", path: "/scenario-share/{scenshare}/export", want: all(200)},
		{method: "POST", route: "/scenario-share/:token/copy", path: "/scenario-share/{scenshare}/copy", want: all(303)},
		{method: "POST", route: "/swm/card-share/:token/copy", path: "/swm/card-share/{cardshare}/copy", want: all(303)},
	}
}

// authzFixture is a server with an owner's army, share link, game (two lists, a matchup),
// own matchup, finished run and API token, and the four actors' browsers.
type authzFixture struct {
	ts      *testServer
	clients map[string]*http.Client
	vars    map[string]string
}

func newAuthzFixture(t *testing.T) *authzFixture {
	t.Helper()
	ts := newTestServer(t)
	f := &authzFixture{ts: ts, clients: map[string]*http.Client{"owner": ts.c}, vars: map[string]string{}}
	ctx := context.Background()
	owner := ts.ownerID()
	f.vars["army"] = ts.importFile(mixed)
	f.vars["deleted"] = ts.importFile(rebel1500)
	wantStatus(t, "delete", ts.postForm("/armies/"+f.vars["deleted"]+"/delete", nil), http.StatusSeeOther)
	link, err := ts.store.Share(ctx, owner, f.vars["army"])
	if err != nil {
		t.Fatal(err)
	}
	f.vars["share"] = link.Token
	gm, player := ts.createGame("Chakton", map[string]string{"rebel": "total: 1500\n", "imperial": ""})
	f.vars["gm"], f.vars["player"] = gm, player
	f.vars["key"] = ts.startList(player, "rebel", "Luke", "Red")
	ts.startList(player, "imperial", "Vader", "Black")
	g, _, err := ts.store.GameByGMToken(ctx, gm)
	if err != nil {
		t.Fatal(err)
	}
	lists, _ := ts.store.GameLists(ctx, g.ID)
	f.vars["list"], f.vars["list2"] = lists[0].ID, lists[1].ID
	m, err := ts.store.SaveSim(ctx, db.Sim{Owner: owner, ArmyA: f.vars["army"], ArmyB: f.vars["army"], VersionA: 1, VersionB: 1, Scenario: "open-field", Battles: 1, Seed: "1"})
	if err != nil {
		t.Fatal(err)
	}
	f.vars["sim"] = m.ID
	gs, _ := ts.store.SaveSim(ctx, db.Sim{Owner: owner, Game: g.ID, ArmyA: lists[0].ID, ArmyB: lists[1].ID, VersionA: lists[0].Army.Version, VersionB: lists[1].Army.Version, Scenario: "open-field", Battles: 1, Seed: "1"})
	f.vars["gmsim"] = gs.ID
	r := ts.postForm("/sim", url.Values{"a": {f.vars["army"]}, "b": {f.vars["army"]}, "battles": {"1"}, "scenario": {"open-field"}})
	wantStatus(t, "start a matchup", r, http.StatusSeeOther)
	f.vars["job"] = strings.TrimPrefix(r.header.Get("Location"), "/sim/run/")
	// Cancelled, so that the owner may start the next one (one at a time per owner).
	wantStatus(t, "cancel the matchup", ts.postForm(r.header.Get("Location")+"/cancel", nil), http.StatusSeeOther)
	// A what-if and a round robin of the owner's, ended (cancelled) so as not to hold the
	// owner's turn.
	for k, kind := range map[string]string{"wjob": db.KindWhatIf, "rrjob": db.KindRoundRobin, "swmjob": db.KindSWM, "qrsjob": db.KindQRS, "fjob": db.KindFair, "ojob": db.KindOptimize} {
		j, err := ts.store.CreateMatchup(ctx, db.Matchup{Owner: owner, Kind: kind, Title: kind, Request: []byte("{}"), Battles: 1, ChunkSize: 1, Chunks: 1})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ts.store.CancelMatchup(ctx, owner, j.ID); err != nil {
			t.Fatal(err)
		}
		f.vars[k] = j.ID
	}
	// A round robin of the owner's, played (one pair), and share links to it and to the
	// matchup (issue 31), one more of each to revoke.
	rrReq, _ := json.Marshal(jobs.RoundRobinRequest{Scenario: "open-field", Battles: 1, SimBase: "/sims", Action: "/roundrobin", Nav: "sim",
		Entrants: []jobs.RREntrant{{ID: f.vars["army"], Name: "A", Version: 1}, {ID: f.vars["army"], Name: "B", Version: 1}}})
	rr, err := ts.store.CreateMatchup(ctx, db.Matchup{Owner: owner, Kind: db.KindRoundRobin, Title: "rr", Request: rrReq, Battles: 1, ChunkSize: 1, Chunks: 1})
	if err != nil {
		t.Fatal(err)
	}
	pair := db.Sim{Owner: owner, ArmyA: f.vars["army"], ArmyB: f.vars["army"], VersionA: 1, VersionB: 1, Scenario: "open-field", Battles: 1, Seed: "1"}
	if _, err := ts.store.CompleteMatchupWith(ctx, rr.ID, []db.Sim{pair}, func(saved []db.Sim) (string, []byte, error) {
		f.vars["rrpair"] = saved[0].ID
		body, err := json.Marshal(jobs.RoundRobinResult{Pairs: []jobs.RRPair{{I: 0, J: 1, Sim: saved[0].ID}}})
		return "/roundrobin/" + rr.ID, body, err
	}); err != nil {
		t.Fatal(err)
	}
	f.vars["rrdone"] = rr.ID
	for k, res := range map[string][2]string{"simshare": {db.ShareSim, m.ID}, "simrevoke": {db.ShareSim, m.ID},
		"rrshare": {db.ShareRoundRobin, rr.ID}, "rrrevoke": {db.ShareRoundRobin, rr.ID}} {
		l, err := ts.store.ShareResult(ctx, owner, res[0], res[1])
		if err != nil {
			t.Fatal(err)
		}
		f.vars[k] = l.Token
	}
	_, tok, _ := ts.store.AddToken(ctx, owner, "script")
	r = ts.postForm("/qrs/solo", url.Values{"counter1": {"open"}, "unlimited": {"on"}, "group0": {"Red"}, "profile0": {"Rebel Trooper"}, "count0": {"2"}})
	wantStatus(t, "start a solo game", r, http.StatusSeeOther)
	f.vars["solo"] = strings.TrimPrefix(r.header.Get("Location"), "/qrs/solo/")
	f.vars["tokid"] = tok.ID
	hp := 40
	body, _ := json.Marshal(&cards.Card{Name: "Rebel Leader", HP: &hp})
	card, err := ts.store.SaveSWMCard(ctx, owner, "", "Rebel Leader", "rebelleader", body)
	if err != nil {
		t.Fatal(err)
	}
	f.vars["card"] = card.ID
	r = ts.postForm("/armies", url.Values{"name": {"Echo"}, "side": {"rebel"}, "system": {"swm"}})
	wantStatus(t, "a d20 squad", r, http.StatusSeeOther)
	f.vars["swmsquad"] = strings.TrimSuffix(strings.TrimPrefix(r.header.Get("Location"), "/armies/"), "/edit")
	if f.vars["cardshare"], err = ts.store.ShareSWMCard(ctx, owner, card.ID); err != nil {
		t.Fatal(err)
	}
	sc, err := ts.store.SaveScenario(ctx, owner, "", db.AnyVersion, "Open field", scenarioFile, "imported")
	if err != nil {
		t.Fatal(err)
	}
	f.vars["scenario"] = sc.ID
	if f.vars["scenshare"], err = ts.store.ShareScenario(ctx, owner, sc.ID); err != nil {
		t.Fatal(err)
	}

	f.clients["other"] = ts.client()
	ts.signUp(f.clients["other"], "other")
	f.clients["guest"] = ts.client()
	ts.as(f.clients["guest"], func() {
		wantStatus(t, "guest's army", ts.postForm("/armies", url.Values{"name": {"Guest's"}, "side": {"rebel"}}), http.StatusSeeOther)
	})
	f.clients["anon"] = ts.client()
	return f
}

// authzTemplate is a fixture as built: its database copied at one moment and its
// browsers' cookies (their sessions are rows of that database). A fresh fixture for a route
// that changes something is a copy of it: the same rows and the same signed-in browsers,
// for a file copy instead of the thirty-odd requests that build one.
type authzTemplate struct {
	db      []byte
	vars    map[string]string
	cookies map[string][]*http.Cookie
}

func (f *authzFixture) snapshot(t *testing.T) *authzTemplate {
	t.Helper()
	path := filepath.Join(t.TempDir(), "template.db")
	if err := f.ts.store.Backup(context.Background(), path); err != nil {
		t.Fatal(err)
	}
	body, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(f.ts.srv.URL + "/")
	tmpl := &authzTemplate{db: body, vars: f.vars, cookies: map[string][]*http.Cookie{}}
	for actor, c := range f.clients {
		tmpl.cookies[actor] = c.Jar.Cookies(u)
	}
	return tmpl
}

// fixture is a fresh server on a copy of the template's database, with a browser per actor
// holding that actor's cookies (copied: what one fixture's requests do to a browser, a
// sign-out, stays in that fixture).
func (tmpl *authzTemplate) fixture(t *testing.T) *authzFixture {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.db")
	if err := os.WriteFile(path, tmpl.db, 0o600); err != nil {
		t.Fatal(err)
	}
	ts := serveTestDB(t, path, jobs.Options{Workers: jobs.DefaultWorkers()})
	u, _ := url.Parse(ts.srv.URL + "/")
	f := &authzFixture{ts: ts, clients: map[string]*http.Client{}, vars: tmpl.vars}
	for actor, cookies := range tmpl.cookies {
		c := ts.client()
		c.Jar.SetCookies(u, cookies)
		f.clients[actor] = c
	}
	ts.c = f.clients["owner"]
	return f
}

var placeholder = regexp.MustCompile(`\{[a-z0-9]+\}`)

func (f *authzFixture) expand(s string) string {
	return placeholder.ReplaceAllStringFunc(s, func(p string) string { return f.vars[p[1:len(p)-1]] })
}

// ask sends the row's request as an actor (a wrong link, when wrong is set) and returns the
// status.
func (f *authzFixture) ask(t *testing.T, row authzRow, actor string, wrong bool) int {
	t.Helper()
	path := f.expand(row.path)
	if wrong {
		for _, k := range []string{"share", "gm", "player", "key", "cardshare", "simshare", "rrshare", "scenshare"} {
			path = strings.ReplaceAll(path, f.vars[k], "wrongLinkToken0123456789")
		}
	}
	ts := f.ts
	var status int
	ts.as(f.clients[actor], func() {
		var req *http.Request
		switch {
		case row.body != "":
			req, _ = http.NewRequest(row.method, ts.srv.URL+path, strings.NewReader(row.body))
			req.Header.Set("Content-Type", "application/yaml")
		case row.method == "POST":
			v := url.Values{}
			for k, vals := range row.form {
				v.Set(k, f.expand(vals[0]))
			}
			if row.route == "/signup" {
				v.Set("name", "newcomer-"+actor)
			}
			v.Set("_csrf", ts.token())
			req, _ = http.NewRequest(row.method, ts.srv.URL+path, strings.NewReader(v.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		default:
			req, _ = http.NewRequest(row.method, ts.srv.URL+path, nil)
		}
		status = ts.do(req).status
	})
	return status
}

func TestAuthorizationTableCoversEveryRoute(t *testing.T) {
	// Its servers are its own (a fresh one per actor of each route that changes something):
	// it runs beside the other tests instead of holding the package to one core for minutes.
	t.Parallel()
	shared := newAuthzFixture(t)
	tmpl := shared.snapshot(t)
	rows := authzRows()
	listed := map[string]bool{}
	for _, row := range rows {
		listed[row.method+" "+row.route] = true
	}
	for _, r := range shared.ts.handler.Router().Routes() {
		if strings.HasPrefix(r.Method, "echo_") {
			continue
		}
		if !listed[r.Method+" "+r.Path] {
			t.Errorf("%s %s has no row in the authorization table", r.Method, r.Path)
		}
	}
	for _, row := range rows {
		t.Run(row.method+" "+row.route, func(t *testing.T) {
			// Whatever changes something is asked of a fresh fixture per actor, others first: a
			// copy of the shared one as it was before any row ran.
			readOnly := row.method == "GET"
			for i := len(actors) - 1; i >= 0; i-- {
				actor := actors[i]
				f := shared
				if !readOnly {
					f = tmpl.fixture(t)
				}
				if got := f.ask(t, row, actor, false); !slices.Contains(row.want[i], got) {
					t.Errorf("%s: %d, want %v", actor, got, row.want[i])
				}
				if placeholder.MatchString(row.path) && regexp.MustCompile(`\{(share|gm|player|key|cardshare|simshare|rrshare)\}`).MatchString(row.path) {
					if got := f.ask(t, row, actor, true); got != http.StatusNotFound {
						t.Errorf("%s with a wrong link: %d, want 404", actor, got)
					}
				}
			}
		})
	}
}
