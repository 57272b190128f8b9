package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"muster/cmd/muster/internal/pdf"
	"muster/costing"
	"muster/roster"
	"muster/views"
)

const sheetUsage = "usage: muster sheet [--pdf OUT] [--html OUT] [--paper a4|letter] [--limits FILE] FILE"

// cmdSheet writes an army's record sheets: the roster page and one sheet per unit, as a
// standalone HTML page (--html, or standard output when neither output is named) and as a
// PDF printed by headless Chromium (--pdf). Exit 0: written (an army that breaks rules
// still prints, its problems on the roster page); 1: the PDF could not be made (no
// Chromium); 2: a file cannot be read, parsed or written, or the flags are wrong.
func cmdSheet(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sheet", flag.ContinueOnError)
	pdfOut := fs.String("pdf", "", "write the sheets as a PDF to `file` (needs Chromium)")
	htmlOut := fs.String("html", "", "write the sheets as one standalone HTML page to `file`")
	paper := fs.String("paper", views.PaperA4, "paper size: a4 or letter")
	limitsPath := fs.String("limits", "", "check against a gamemaster's limits `file` (printed on the roster page)")
	files, code, ok := parseFlags(fs, args, sheetUsage, stdout, stderr)
	if !ok {
		return code
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, "muster sheet: name one army file, as in muster sheet army.yaml (muster sheet --help)")
		return 2
	}
	if *paper != views.PaperA4 && *paper != views.PaperLetter {
		fmt.Fprintf(stderr, "muster sheet: --paper %q: write a4 or letter\n", *paper)
		return 2
	}
	for _, out := range []struct{ flag, path string }{{"html", *htmlOut}, {"pdf", *pdfOut}} {
		if p := outputProblem(out.flag, out.path); out.path != "" && p != "" {
			fmt.Fprintf(stderr, "muster sheet: %s\n", p)
			return 2
		}
	}
	army, code := readArmy(files[0], stderr)
	if army == nil {
		return code
	}
	limits, code := readLimitsFile(*limitsPath, stderr)
	if code != 0 {
		return code
	}
	cat := armyCatalog(army)
	res := costing.Evaluate(cat, army, limits)
	ctx := context.Background()
	html, err := pdf.Sheets(ctx, cat, army, res, *paper, "", true)
	if err != nil {
		fmt.Fprintf(stderr, "muster: %v\n", err)
		return 2
	}
	if roster.HasErrors(res.Problems) {
		fmt.Fprintf(stderr, "muster: %s breaks rules; its problems are printed on the roster page (muster check lists them)\n", files[0])
	}
	if *htmlOut == "" && *pdfOut == "" {
		if _, err := stdout.Write(html); err != nil {
			fmt.Fprintf(stderr, "muster: %v\n", err)
			return 2
		}
		return 0
	}
	if *htmlOut != "" {
		if err := os.WriteFile(*htmlOut, html, 0o644); err != nil {
			fmt.Fprintf(stderr, "muster sheet: %s\n", writeProblem("html", *htmlOut, err))
			return 2
		}
	}
	if *pdfOut != "" {
		doc, err := pdf.Print(ctx, html, *paper)
		if err != nil {
			if err == pdf.ErrNoChromium {
				fmt.Fprintf(stderr, "muster sheet: --pdf: %v; install it (apt-get install chromium), or write the HTML with --html and print it from a browser", err)
			} else {
				fmt.Fprintf(stderr, "muster sheet: --pdf: the PDF could not be made (%v); write the HTML with --html and print it from a browser", err)
			}
			fmt.Fprintln(stderr)
			return 1
		}
		if err := os.WriteFile(*pdfOut, doc, 0o644); err != nil {
			fmt.Fprintf(stderr, "muster sheet: %s\n", writeProblem("pdf", *pdfOut, err))
			return 2
		}
	}
	return 0
}
