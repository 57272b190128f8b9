package web

import (
	"bytes"
	"fmt"
	"io/fs"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/pdf"
	"muster/rules/swm/army"
	"muster/rules/swm/check"
	"muster/static"
	"muster/views"
)

// The d20 squad sheet: HTML with print CSS (the web's print view links its stylesheets,
// as its CSP allows no inline style), and the same page made standalone for the PDF, which
// Chromium prints as it prints SWMB's record sheets (pdf.go).

func (a *app) swmSheet(c *echo.Context, o otherArmy, paper string, standalone bool) ([]byte, error) {
	sq, err := army.Read(o.file)
	if err != nil {
		return nil, echo.NewHTTPError(http.StatusUnprocessableEntity, "This squad file no longer reads: "+err.Error()+". Edit it as text to fix it.")
	}
	sq.Library = o.lib
	costed, err := check.Evaluate(sq)
	if err != nil {
		return nil, echo.NewHTTPError(http.StatusUnprocessableEntity, "This squad cannot be costed: "+err.Error()+". Edit it as text to fix it.")
	}
	v := views.SWMSheetView{Squad: sq, Costed: costed, Paper: paper}
	if standalone {
		if v.CSS, err = swmSheetCSS(paper); err != nil {
			return nil, err
		}
	} else if o.token != "" {
		v.Back, v.Base = "/share/"+o.token, "/share/"+o.token+"/sheets"
	} else {
		v.Back, v.Base = "/armies/"+o.rec.ID, "/armies/"+o.rec.ID+"/sheets"
	}
	var buf bytes.Buffer
	if err := views.SWMSheet(v).Render(c.Request().Context(), &buf); err != nil {
		return nil, fmt.Errorf("swm sheet: unable to render: %w", err)
	}
	return buf.Bytes(), nil
}

// swmSheetCSS is the record sheets' print stylesheet, the paper's page size and the squad
// sheet's own rules, to inline in the PDF's page.
func swmSheetCSS(paper string) (string, error) {
	base, err := pdf.SheetCSS(paper)
	if err != nil {
		return "", err
	}
	own, err := fs.ReadFile(static.FS, "swm-sheet.css")
	if err != nil {
		return "", fmt.Errorf("swm sheet: unable to read swm-sheet.css: %w", err)
	}
	return base + string(own), nil
}
