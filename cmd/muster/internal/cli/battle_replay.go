package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"muster/rules/battle"
	"muster/rules/swm/engine"
	"muster/static"
	"muster/views"
	"muster/views/replay"
)

// writeReplay writes a battle's trace as SVG frames in dir and as one page in file (either
// may be ""). Exit 0: written; 1: a file could not be written.
func writeReplay(tr *battle.Trace, dir, file string, stderr io.Writer) int {
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			fmt.Fprintf(stderr, "muster battle: %s\n", writeProblem("svg", dir, err))
			return 1
		}
		for k, svg := range replay.Frames(tr) {
			name := filepath.Join(dir, frameFile(tr, k))
			if err := os.WriteFile(name, svg, 0o644); err != nil {
				fmt.Fprintf(stderr, "muster battle: %s\n", writeProblem("svg", name, err))
				return 1
			}
		}
	}
	if file != "" {
		css, _ := static.FS.ReadFile("replay.css")
		js, _ := static.FS.ReadFile("replay.js")
		v := views.NewReplayView(tr)
		v.Title = tr.Armies[0] + " against " + tr.Armies[1]
		var buf bytes.Buffer
		if err := views.ReplayDocument(v, standaloneCSS+string(css), string(js)).Render(context.Background(), &buf); err != nil {
			fmt.Fprintf(stderr, "muster battle: --html: %v\n", err)
			return 1
		}
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			fmt.Fprintf(stderr, "muster battle: %s\n", writeProblem("html", file, err))
			return 1
		}
	}
	return 0
}

// writeSWMReplay writes a d20 battle's trace as one self-contained page, the web replay's
// viewer with its style and script inlined; seed names its dice. Exit 0: written; 1: it
// could not be.
func writeSWMReplay(tr *engine.Trace, title, seed, file string, stderr io.Writer) int {
	css, _ := static.FS.ReadFile("replay.css")
	js, _ := static.FS.ReadFile("replay.js")
	v := views.NewSWMReplayView(tr)
	v.Title, v.Seed = title, seed
	var buf bytes.Buffer
	if err := views.ReplayDocument(v, standaloneCSS+string(css), string(js)).Render(context.Background(), &buf); err != nil {
		fmt.Fprintf(stderr, "muster swm battle: --html: %v\n", err)
		return 1
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "muster swm battle: %s\n", writeProblem("html", file, err))
		return 1
	}
	return 0
}

// frameFile names frame k's file so that the files sort in the battle's order:
// "000-setup.svg", "001-turn-1-movement.svg".
func frameFile(tr *battle.Trace, k int) string {
	fr := &tr.Frames[k]
	name := strings.ToLower(strings.ReplaceAll(fr.Phase, " ", "-"))
	if fr.Turn == 0 {
		return fmt.Sprintf("%03d-setup.svg", k)
	}
	return fmt.Sprintf("%03d-turn-%d-%s.svg", k, fr.Turn, name)
}

// standaloneCSS is what the self-contained page needs of the site's style (a name of 100
// letters without a space in the heading or the key breaks rather than widening the page).
const standaloneCSS = `body{font-family:system-ui,sans-serif;line-height:1.4}
button{font:inherit;padding:.3rem .8rem;cursor:pointer}
.hint{color:#555d68;font-size:.85rem}
pre{font-size:.85rem}
h1,h2,li{overflow-wrap:anywhere}
`
