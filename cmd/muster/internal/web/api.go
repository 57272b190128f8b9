package web

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/systems"
	"muster/costing"
	"muster/db"
	"muster/roster"
	"muster/rules/system"
)

// apiCreated is the answer to POST /api/armies.
type apiCreated struct {
	ID       string           `json:"id"`
	Total    int              `json:"total"`
	Problems []roster.Problem `json:"problems"`
}

// apiArmy is the answer to GET /api/armies/{id}: the army file's content and its costs.
type apiArmy struct {
	ID       string              `json:"id"`
	Version  int                 `json:"version"`
	Name     string              `json:"name"`
	Side     string              `json:"side"`
	Limit    int                 `json:"limit,omitempty"`
	Total    int                 `json:"total"`
	Valid    bool                `json:"valid"`
	Units    []costing.Breakdown `json:"units"`
	Problems []roster.Problem    `json:"problems"`
	Waived   []roster.Problem    `json:"waived,omitempty"`
	Army     *roster.Army        `json:"army"`
}

// apiError is the API's answer to a request it cannot carry out: the reason, and where in
// the file sent (line, column), or the methods the address takes (allow).
type apiError struct {
	Error  string   `json:"error"`
	Line   int      `json:"line,omitempty"`
	Column int      `json:"column,omitempty"`
	Allow  []string `json:"allow,omitempty"`
}

// apiErrorFor is handleError's answer on the API: msg, except that a wrong method is told
// with the methods the address takes (from the Allow header the router set), and an address
// the API does not have is told with the ones it has, instead of the pages' wording.
func apiErrorFor(c *echo.Context, status int, msg string) apiError {
	r := c.Request()
	switch {
	case status == http.StatusMethodNotAllowed:
		allow := allowedMethods(c)
		return apiError{Error: fmt.Sprintf("%s does not take a %s request; send %s.", r.URL.Path, r.Method, orList(allow)), Allow: allow}
	case status == http.StatusNotFound && msg == "There is no page here.":
		return apiError{Error: fmt.Sprintf("The API has no address %s; its addresses are /api/armies, /api/armies/{id} and /api/armies/{id}/file.", r.URL.Path)}
	}
	return apiError{Error: msg}
}

// allowedMethods are the methods the Allow header of a 405 names, OPTIONS left out (every
// address takes it; nobody means to send it).
func allowedMethods(c *echo.Context) []string {
	var allow []string
	for m := range strings.SplitSeq(c.Response().Header().Get(echo.HeaderAllow), ",") {
		if m = strings.TrimSpace(m); m != "" && m != http.MethodOptions {
			allow = append(allow, m)
		}
	}
	return allow
}

// orList writes names as "A", "A or B", "A, B or C".
func orList(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// apiCreate saves the army file in the body (YAML or JSON) as a new army.
func (a *app) apiCreate(c *echo.Context) error {
	data, err := io.ReadAll(io.LimitReader(c.Request().Body, roster.MaxFileSize+1))
	if err != nil {
		var sc echo.HTTPStatusCoder
		if errors.As(err, &sc) {
			return err
		}
		return echo.NewHTTPError(http.StatusBadRequest, "The request body could not be read.")
	}
	if handled, err := a.apiCreateOther(c, data); handled { // api_systems.go
		return err
	}
	army, err := roster.Read(data)
	if err != nil {
		if id := system.Detect(data); id != system.SWMB {
			// Not SWMB's to report: its reader knows only its own system: value.
			return c.JSON(http.StatusBadRequest, apiError{Error: fmt.Sprintf("system: %q is not a game Muster knows; write one of %s", id, strings.Join(systems.Known(), ", "))})
		}
		out := apiError{Error: err.Error()}
		var pe *roster.ParseError
		if errors.As(err, &pe) {
			out.Error, out.Line, out.Column = pe.Msg, pe.Line, pe.Column
		}
		return c.JSON(http.StatusBadRequest, out)
	}
	rec, res, err := a.save(c, "", db.AnyVersion, army, "created through the API")
	if err != nil {
		return err
	}
	c.Response().Header().Set("Location", "/api/armies/"+rec.ID)
	return c.JSON(http.StatusCreated, apiCreated{ID: rec.ID, Total: res.Total, Problems: res.Problems})
}

func (a *app) apiGet(c *echo.Context) error {
	if handled, err := a.apiGetOther(c, false); handled { // api_systems.go
		return err
	}
	rec, army, err := a.loadArmyShared(c)
	if err != nil {
		return err
	}
	res := a.evaluate(army)
	m := metaOf(army, res)
	return c.JSON(http.StatusOK, apiArmy{ID: rec.ID, Version: rec.Version, Name: army.Name, Side: string(army.Side),
		Limit: army.Limit, Total: res.Total, Valid: m.Valid, Units: res.Units, Problems: res.Problems, Waived: res.Waived, Army: army})
}

// apiFile answers the army file itself: YAML, or JSON with ?format=json.
func (a *app) apiFile(c *echo.Context) error {
	if handled, err := a.apiGetOther(c, true); handled { // api_systems.go
		return err
	}
	_, army, err := a.loadArmyShared(c)
	if err != nil {
		return err
	}
	return a.sendFile(c, army, c.QueryParam("format"), false)
}

// apiAuth lets through a request made with a personal API token or a browser's session
// (whose CSRF rules the csrf middleware applies); anyone else gets 401 JSON.
func (a *app) apiAuth(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		o := owner(c)
		if o.ID == "" || a.auth.RequireLogin && o.Guest() {
			return c.JSON(http.StatusUnauthorized, apiError{Error: "Sign in, or send a personal API token as \"Authorization: Bearer TOKEN\" (make one on your account page or with muster token add)."})
		}
		return next(c)
	}
}

// apiArmyRow is one army in GET /api/armies.
type apiArmyRow struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Side  string `json:"side"`
	Total int    `json:"total"`
	Limit int    `json:"limit,omitempty"`
	Valid bool   `json:"valid"`
}

// apiList answers the caller's armies.
func (a *app) apiList(c *echo.Context) error {
	list, err := a.store.List(c.Request().Context(), ownerID(c))
	if err != nil {
		return err
	}
	out := make([]apiArmyRow, 0, len(list))
	for _, r := range list {
		out = append(out, apiArmyRow{ID: r.ID, Name: r.Name, Side: r.Side, Total: r.Total, Limit: r.Limit, Valid: r.Valid})
	}
	return c.JSON(http.StatusOK, out)
}

// apiDelete deletes one of the caller's armies (its owner can still bring it back on the
// web page); 204 when done.
func (a *app) apiDelete(c *echo.Context) error {
	rec, err := a.loadRecord(c)
	if err != nil {
		return err
	}
	if err := a.store.Delete(c.Request().Context(), ownerID(c), rec.ID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
