package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
)

// fairList is a list a fairness test played (":list" a1, a2, ... b1, ...) as its army file,
// to save, check or import.
func (a *app) fairList(c *echo.Context) error {
	m, err := a.ownJob(c, db.KindFair)
	if err != nil {
		return err
	}
	notFound := echo.NewHTTPError(http.StatusNotFound, "There is no such list.")
	if m.Status != db.MatchupDone {
		return notFound
	}
	var res jobs.FairResult
	if err := json.Unmarshal(m.Result, &res); err != nil || res.Report == nil {
		return notFound
	}
	id := c.Param("list")
	ls := res.Report.Lists.A
	if strings.HasPrefix(id, "b") {
		ls = res.Report.Lists.B
	}
	n, err := strconv.Atoi(strings.TrimLeft(id, "ab"))
	if len(id) < 2 || (id[0] != 'a' && id[0] != 'b') || err != nil || n < 1 || n > len(ls) || ls[n-1].Army == nil {
		return notFound
	}
	army := ls[n-1].Army
	data, err := army.YAML()
	if err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename=%q`, fileName(army.Name)+".yaml"))
	return c.Blob(http.StatusOK, "application/yaml; charset=utf-8", data)
}
