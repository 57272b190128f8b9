package web

import (
	"bytes"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"sync"

	"github.com/a-h/templ"
	"github.com/alexedwards/scs/v2"
	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/rules"
	"muster/static"
	"muster/views"
)

// app is what the handlers share: the store, the catalogue, the logger and the validator
// of request shapes. Game rules are checked by the domain packages, not here.
type app struct {
	store  *db.Store
	cat    *rules.Catalog
	log    *slog.Logger
	parsed parsedCache
	drafts *drafts // the editor's drafts, at most one write a player a second (drafts.go)
	// admission bounds the requests in progress, with a short queue (admission.go).
	admission *admission
	volleys   lruCache[*volleyAnswer] // a volley's odds by the armies' versions and the form (handlers_odds.go)
	// replayPicks are the battles picked by outcome on a matchup's replay page, by matchup
	// (handlers_replay_pick.go).
	replayPicks lruCache[*replayPicked]
	jobs        *jobs.Jobs // matchups played as jobs (jobs.go); nil: this server plays none
	sessions    *scs.SessionManager
	auth        Config
	signins     *signInLimits // sign-in attempts per address, per name and address, per name
	guests      limiters      // guests made per address (auth.go: newGuests)
	progress    *progressHub  // wakes progress streams when their job changes (PostgreSQL)
}

// newServer builds the web app's handler: middleware, routes, error pages.
func newServer(store *db.Store, cat *rules.Catalog, logger *slog.Logger, cfg Config) *echo.Echo {
	e, _ := newApp(store, cat, logger, cfg)
	return e
}

// newApp builds the web app's handler and the app behind it (for the shutdown's clean-up).
// New is the web app on its dependencies: the store, the catalogue, the log, how accounts
// work, and the job system its matchups are queued on.
func New(store *db.Store, cat *rules.Catalog, logger *slog.Logger, cfg Config, work *jobs.Jobs) *echo.Echo {
	e, a := newApp(store, cat, logger, cfg)
	a.jobs = work
	return e
}

func newApp(store *db.Store, cat *rules.Catalog, logger *slog.Logger, cfg Config) (*echo.Echo, *app) {
	if cfg.Signup == "" {
		cfg.Signup = SignupOpen
	}
	a := &app{store: store, cat: cat, log: logger,
		volleys: lruCache[*volleyAnswer]{size: volleyCacheSize}, replayPicks: lruCache[*replayPicked]{size: 256},
		sessions: newSessions(store, cfg.SecureCookie), auth: cfg, signins: newSignInLimits(),
		guests: limiters{burst: guestBurst, every: guestEvery}, progress: &progressHub{store: store},
		drafts: newDrafts(store, logger)}
	a.drafts.stopOn(cfg.Stopping)
	a.admission = newAdmission(cfg.MaxRequests, cfg.MaxQueued, 0)
	// HEAD answers as GET would on every page (RFC 9110: a server must support both): the
	// router sends it to the GET route, and no body is sent.
	router := echo.NewRouter(echo.RouterConfig{AutoHandleHEAD: true})
	e := echo.NewWithConfig(echo.Config{Logger: logger, Router: router, IPExtractor: clientAddressFor(cfg.TrustedProxies)})
	e.HTTPErrorHandler = a.handleError
	e.Use(requestLog(logger))
	e.Use(middleware.Recover())
	e.Use(secureHeaders(cfg.SecureCookie))
	e.Use(a.admit) // before any work: a refusal costs next to nothing
	e.Use(middleware.BodyLimit(maxBody))
	e.Use(storableForm)
	e.Use(a.loadSession)
	e.Use(a.identify)
	e.Use(csrf(cfg.SecureCookie))
	e.Use(a.requireLogin)
	e.Use(a.otherSystemArmies) // armies of the other game systems get their own pages (handlers_systems.go)

	e.GET("/healthz", a.healthz)
	staticFS, _ := fs.Sub(static.FS, ".")
	e.GET("/static/*", a.staticFile(staticFS))

	e.GET("/", a.home)
	e.GET("/armies/new", a.newArmy)
	e.POST("/armies", a.createArmy)
	e.POST("/armies/import", a.importArmy)
	e.POST("/armies/book", a.startFromBook)
	e.GET("/armies/:id", a.showArmy)
	e.POST("/armies/:id", a.saveArmy)
	e.GET("/armies/:id/edit", a.editArmy)
	e.POST("/armies/:id/preview", a.previewArmy)
	e.POST("/armies/:id/draft/discard", a.discardDraft)
	e.POST("/armies/:id/undo", a.undoArmy)
	e.POST("/armies/:id/redo", a.redoArmy)
	e.POST("/armies/:id/restore", a.restoreArmy)
	e.POST("/armies/:id/duplicate", a.duplicateArmy)
	e.GET("/armies/:id/delete", a.confirmDelete)
	e.POST("/armies/:id/delete", a.deleteArmy)
	e.POST("/armies/:id/undelete", a.undeleteArmy)
	e.POST("/armies/:id/share", a.shareArmy)
	e.GET("/armies/:id/export", a.exportArmy)
	e.GET("/armies/:id/sheets", a.armySheets)
	e.GET("/armies/:id/sheets.pdf", a.armySheetsPDF)
	e.GET("/armies/:id/roster", a.armyCompact)
	e.GET("/armies/:id/roster.pdf", a.armyCompactPDF)
	e.GET("/share/:token", a.sharedArmy)
	e.GET("/share/:token/export", a.exportShared)
	e.GET("/catalogue", a.catalogue)
	e.GET("/catalogue/:kind", a.catalogue)
	e.GET("/compare", a.compare)
	e.GET("/odds", a.odds)

	e.GET("/armies/:id/shares", a.armyShares)
	e.POST("/armies/:id/shares/:token/revoke", a.revokeShare)
	e.GET("/share/:token/sheets", a.sharedSheets)
	e.GET("/share/:token/sheets.pdf", a.sharedSheetsPDF)
	e.GET("/share/:token/roster", a.sharedCompact)
	e.GET("/share/:token/roster.pdf", a.sharedCompactPDF)
	e.POST("/share/:token/copy", a.copyShared)

	a.accountRoutes(e)
	a.gameRoutes(e)
	a.simRoutes(e)
	a.replayRoutes(e)
	a.qrsRoutes(e)
	a.swmCardRoutes(e)      // issue 32: the d20 card library (swm_cards.go)
	a.scenarioRoutes(e)     // issue 33: the scenario designer (scenarios.go)
	a.whatifRoutes(e)       // issue 14: what to change (handlers_whatif.go)
	a.roundRobinRoutes(e)   // issue 14: round robins (handlers_roundrobin.go)
	a.resultShareRoutes(e)  // issue 31: share links to matchups and round robins (result_shares.go)
	a.fairRoutes(e)         // issue 33: "Is this fair?" (handlers_isfair.go)
	a.optimizeRoutes(e)     // issue 34: what to bring (handlers_optimize.go)
	a.gameOptimizeRoutes(e) // issue 34: what to bring against a game night's field (game_optimize.go)
	a.swmRoutes(e)          // two d20 squads quick-resolved (swm_battle.go)

	// The JSON API's guard goes on each route, not on the group: a group's middleware makes
	// echo register catch-all routes under /api/ that answered a wrong method (PUT
	// /api/armies) 404 instead of 405 with the Allow header.
	api := e.Group("/api")
	api.GET("/armies", a.apiList, a.apiAuth)
	api.POST("/armies", a.apiCreate, a.apiAuth)
	api.GET("/armies/:id", a.apiGet, a.apiAuth)
	api.DELETE("/armies/:id", a.apiDelete, a.apiAuth)
	api.GET("/armies/:id/file", a.apiFile, a.apiAuth)
	return e, a
}

func (a *app) healthz(c *echo.Context) error {
	// The store answers a lookup of an id that cannot exist: "not found" means it is up.
	if err := a.store.Ping(c.Request().Context()); err != nil {
		return c.JSON(http.StatusServiceUnavailable, map[string]string{"status": "unavailable"})
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}

// staticFile serves the embedded assets. The pages link each by its content version
// (static.URL: /static/app.js?v=<hash>), so that address names one content for good and is
// cached as immutable; any other address of the file (none, or an older release's version)
// is served with the current content and must be revalidated, by its ETag, on every use:
// after an upgrade no browser keeps an old app.js beside the new pages.
func (a *app) staticFile(fsys fs.FS) echo.HandlerFunc {
	h := http.FileServerFS(fsys)
	return func(c *echo.Context) error {
		name := c.Param("*")
		if name == "" || strings.HasSuffix(name, ".go") {
			return echo.ErrNotFound
		}
		if _, err := fs.Stat(fsys, name); err != nil {
			return echo.ErrNotFound
		}
		hdr := c.Response().Header()
		version := static.Version(name)
		if version != "" && c.QueryParam("v") == version {
			hdr.Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			hdr.Set("Cache-Control", "no-cache")
		}
		if version != "" {
			hdr.Set("ETag", `"`+version+`"`)
		}
		r := c.Request().Clone(c.Request().Context())
		r.URL.Path = "/" + name
		h.ServeHTTP(c.Response(), r)
		return nil
	}
}

// page is the frame data of a full page.
func page(c *echo.Context, title, nav string) views.Page {
	o := owner(c)
	p := views.Page{Title: title, CSRF: csrfToken(c), Nav: nav}
	if !o.Guest() {
		p.User = o.Display
	}
	return p
}

// render writes a templ component as an HTML response.
func render(c *echo.Context, status int, comp templ.Component) error {
	buf := renderBuffers.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= maxPooledBuffer {
			buf.Reset()
			renderBuffers.Put(buf)
		}
	}()
	if err := comp.Render(c.Request().Context(), buf); err != nil {
		return err
	}
	return c.HTMLBlob(status, buf.Bytes())
}

// renderBuffers keeps the buffers pages are rendered into: an editor page is 170 KB, and
// growing a buffer to it each time allocated and copied twice that.
var renderBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooledBuffer is the largest buffer kept for the next page (a larger one, a rare army
// of hundreds of units, is left to the collector).
const maxPooledBuffer = 1 << 20

// deliberate reports an error a handler chose to answer with (an *echo.HTTPError with a
// status, such as the 503 of a busy server), as opposed to a failure.
func deliberate(err error) bool {
	var he *echo.HTTPError
	return errors.As(err, &he) && he.Code != 0 && he.Code != http.StatusInternalServerError
}

// handleError renders errors as pages (or JSON for the API), in the player's words. Errors
// that are not HTTP errors are logged and shown as a plain "something went wrong".
func (a *app) handleError(c *echo.Context, err error) {
	if r, _ := echo.UnwrapResponse(c.Response()); r != nil && r.Committed {
		return
	}
	status := http.StatusInternalServerError
	msg := "Something went wrong on Muster's side. The army was not changed by this request; try again."
	var he *echo.HTTPError
	switch {
	case errors.As(err, &he):
		status = he.Code
		if he.Message != "" {
			msg = he.Message
		} else {
			msg = http.StatusText(status)
		}
	case errors.Is(err, db.ErrNotFound):
		status, msg = http.StatusNotFound, "There is no such army."
	case echo.StatusCode(err) != 0:
		status = echo.StatusCode(err)
		msg = http.StatusText(status)
		if status == http.StatusRequestEntityTooLarge {
			msg = "The request is too large: an army file may be at most 1 MiB."
		}
	}
	if status == http.StatusNotFound && msg == http.StatusText(status) {
		msg = "There is no page here."
	}
	if status == http.StatusMethodNotAllowed && msg == http.StatusText(status) {
		// A form posted to a page, or a page's address sent a DELETE by a script: the page
		// says what the Allow header says, in words.
		msg = "This address does not take a " + c.Request().Method + " request: open it from a link, or send its form from Muster's own page."
		if allow := allowedMethods(c); len(allow) > 0 {
			msg += " It takes " + orList(allow) + "."
		}
	}
	if underLink(c.Request().URL.Path) {
		// Refusals under a game's link carry the token in their address too.
		markLinkPage(c.Response().Header())
	}
	// A refusal Muster chose (busy, Chromium missing) is expected, not a failure: the
	// request's own log line (requestLog) records it at warn.
	if status >= 500 && !deliberate(err) {
		a.log.Error("request failed", "path", loggedPath(c.Request().URL.Path), "err", err)
	}
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(status)
		return
	}
	if strings.HasPrefix(c.Request().URL.Path, "/api/") {
		_ = c.JSON(status, apiErrorFor(c, status, msg))
		return
	}
	title := http.StatusText(status)
	if c.Request().Header.Get("HX-Request") == "true" {
		// An htmx swap: an inline message in place of the panel.
		_ = render(c, status, views.InlineError(msg))
		return
	}
	_ = render(c, status, views.ErrorPage(page(c, title, ""),
		views.ErrorView{Status: status, Title: title, Message: msg, Back: append(backLinksOf(err), gameBackLinks(c.Request().URL.Path, err, status)...)}))
}

// refusedWithBack is a refusal that knows the page the player came from (a matchup's, for a
// replay asked for a battle it does not have), offered on the error page before "Back to
// your armies".
type refusedWithBack struct {
	*echo.HTTPError
	back views.BackLink
}

func (e refusedWithBack) Unwrap() error { return e.HTTPError }

// backLinksOf is the way back a refusal carries, if any.
func backLinksOf(err error) []views.BackLink {
	var rb refusedWithBack
	if errors.As(err, &rb) {
		return []views.BackLink{rb.back}
	}
	return nil
}
