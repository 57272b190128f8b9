// Package pdf prints pages to PDF with headless Chromium (Debian's chromium), and renders
// the record sheets as the one page both the command line and the web app print or show.
package pdf

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"muster/costing"
	"muster/roster"
	"muster/rules"
	"muster/static"
	"muster/views"
	"muster/views/sheet"
)

// Sheets writes an army's record sheets as one HTML page. Standalone pages carry
// their stylesheet inline (for the PDF and `muster sheet --html`); the web app's print view
// links it from /static/ (its CSP allows no inline style), and base (the army's address as
// reached: its owner's or a share link's) gives that view its toolbar of links.
func Sheets(ctx context.Context, cat *rules.Catalog, army *roster.Army, res *costing.Result, paper, base string, standalone bool) ([]byte, error) {
	v := views.SheetsView{Doc: sheet.Build(cat, rules.DefaultTables(), army, res), Paper: paper, Base: base}
	if standalone {
		css, err := SheetCSS(paper)
		if err != nil {
			return nil, err
		}
		v.CSS = css
	}
	var buf bytes.Buffer
	if err := views.Sheets(v).Render(ctx, &buf); err != nil {
		return nil, fmt.Errorf("sheets: unable to render: %w", err)
	}
	return buf.Bytes(), nil
}

// SheetCSS is the print stylesheet and the paper's page size, to inline.
func SheetCSS(paper string) (string, error) {
	var out []byte
	for _, name := range []string{"print.css", views.PaperCSS(paper)} {
		b, err := fs.ReadFile(static.FS, name)
		if err != nil {
			return "", fmt.Errorf("sheets: unable to read %s: %w", name, err)
		}
		out = append(out, b...)
		out = append(out, '\n')
	}
	return string(out), nil
}

// ErrNoChromium says that PDFs cannot be made here.
var ErrNoChromium = errors.New("making a PDF needs Chromium (Debian's chromium package), which is not installed here")

// Chromium finds a Chromium to print with: $MUSTER_CHROMIUM, or chromium on the PATH.
func Chromium() string {
	if p := os.Getenv("MUSTER_CHROMIUM"); p != "" {
		if _, err := exec.LookPath(p); err == nil {
			return p
		}
		return ""
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// pdfSlots bounds how many Chromiums the web app runs at once: each takes a few hundred MB.
var pdfSlots = make(chan struct{}, 2)

// pdfTimeout bounds one PDF, browser start included (the server's write timeout is 60 s).
const pdfTimeout = 40 * time.Second

// Print prints a standalone HTML page to PDF with headless Chromium: the page is set as
// the document of a blank tab (nothing is fetched from the network) and printed on the
// paper its @page rule names, backgrounds included (the blacked-out boxes).
func Print(ctx context.Context, html []byte, paper string) ([]byte, error) {
	exe := Chromium()
	if exe == "" {
		return nil, ErrNoChromium
	}
	select {
	case pdfSlots <- struct{}{}:
		defer func() { <-pdfSlots }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	ctx, cancel := context.WithTimeout(ctx, pdfTimeout)
	defer cancel()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU)
	actx, cancelA := chromedp.NewExecAllocator(ctx, opts...)
	defer cancelA()
	bctx, cancelB := chromedp.NewContext(actx)
	defer cancelB()
	size := chromedp.PaperA4
	if paper == views.PaperLetter {
		size = chromedp.PaperLetter
	}
	if err := chromedp.Do(bctx,
		chromedp.Navigate("about:blank"),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			tree, err := chromedp.Call(ctx, cdppage.GetFrameTree, cdp.Empty{})
			if err != nil {
				return err
			}
			_, err = chromedp.Call(ctx, cdppage.SetDocumentContent, cdppage.SetDocumentContentParams{
				FrameID: tree.FrameTree.Frame.ID, HTML: string(html)})
			return err
		}),
	); err != nil {
		return nil, fmt.Errorf("sheets: chromium: %w", err)
	}
	pdf, err := chromedp.Run(bctx, chromedp.PrintToPDF(
		chromedp.PDFPaper(size),
		chromedp.PDFPreferCSSPageSize(),
		chromedp.PDFPrintBackground(),
		chromedp.PDFMargin(0),
	))
	if err != nil {
		return nil, fmt.Errorf("sheets: chromium could not print: %w", err)
	}
	return pdf, nil
}
