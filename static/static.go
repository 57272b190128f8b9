// Package static holds the web app's assets, embedded in the binary: the hand-written CSS
// (print.css and the paper sizes for the record sheets, swm-sheet.css for the d20 squad sheet),
// the small script that wires keyboard shortcuts, the matchup page's progress bar (sim.js),
// and htmx (copied by the Makefile from the
// npm package pinned in package.json).
package static

import "embed"

// FS holds the assets, served under /static/ (pages link them by URL, with their content version).
//
//go:embed muster.css app.js sim.js replay.js replay.css designer.js designer.css htmx.min.js print.css paper-a4.css paper-letter.css compact.css compact-a4.css compact-letter.css favicon.svg swm-sheet.css
var FS embed.FS
