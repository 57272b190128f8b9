// Package static holds the web app's assets, embedded in the binary: the hand-written CSS,
// the small script that wires keyboard shortcuts, and htmx (copied by the Makefile from the
// npm package pinned in package.json).
package static

import "embed"

// FS holds the assets, served under /static/.
//
//go:embed muster.css app.js htmx.min.js
var FS embed.FS
