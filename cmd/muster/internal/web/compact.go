package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/pdf"
	"muster/roster"
	"muster/rules"
	"muster/static"
	"muster/views"
	"muster/views/sheet"
)

// The one-page compact roster: every unit in a line with its codes, weapons, armor and
// cost, for the table, beside the record sheets. Owners reach it under /armies/{id}, anyone
// with a share link under /share/{token}; both print, and both have a PDF.

// renderCompact writes an army's compact roster page; standalone pages carry their
// stylesheets inline (the PDF), the web view links them.
func (a *app) renderCompact(ctx context.Context, army *roster.Army, paper, base string, standalone bool) ([]byte, error) {
	cat := a.catalogFor(army)
	doc := sheet.Build(cat, rules.DefaultTables(), army, a.evaluate(army))
	v := views.CompactView{Doc: doc, Rows: sheet.Compact(doc), Paper: paper}
	if standalone {
		var css []byte
		for _, name := range []string{"print.css", "compact.css", "compact-" + paper + ".css"} {
			b, err := fs.ReadFile(static.FS, name)
			if err != nil {
				return nil, fmt.Errorf("compact roster: unable to read %s: %w", name, err)
			}
			css = append(append(css, b...), '\n')
		}
		v.CSS = string(css)
	} else {
		v.Back, v.Sheets, v.PDF = base, base+"/sheets?paper="+paper, base+"/roster.pdf?paper="+paper
	}
	var buf bytes.Buffer
	if err := views.CompactRoster(v).Render(ctx, &buf); err != nil {
		return nil, fmt.Errorf("compact roster: unable to render: %w", err)
	}
	return buf.Bytes(), nil
}

// compactPDF prints the compact roster with headless Chromium; where it cannot, it says
// where the print view is.
func (a *app) compactPDF(c *echo.Context, army *roster.Army, paper, view string) error {
	ctx := c.Request().Context()
	page, err := a.renderCompact(ctx, army, paper, "", true)
	if err != nil {
		return err
	}
	doc, err := pdf.Print(ctx, page, paper)
	if err != nil {
		if !errors.Is(err, pdf.ErrNoChromium) {
			a.log.Error("compact roster: PDF failed", "err", err)
		}
		return echo.NewHTTPError(http.StatusServiceUnavailable, "The PDF could not be made here. "+
			"The print view at "+view+" has the same roster: print it from your browser (Ctrl+P, or Save as PDF).")
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`inline; filename=%q`, fileName(army.Name)+"-roster.pdf"))
	return c.Blob(http.StatusOK, "application/pdf", doc)
}
