package cli

import (
	"bytes"
	"encoding/xml"
	stdhtml "html"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `muster battle --svg DIR --html FILE` draws the battle it plays: one well-formed SVG per
// phase (a set-up and five phases a turn, the last turn possibly cut short), and one page
// holding every frame and the phase's log, the same battle as the printed log.
func TestBattleDrawsOneSVGPerPhase(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "replay.html")
	var out, errb bytes.Buffer
	if code := cmdBattle([]string{"--seed", "4", "--svg", filepath.Join(dir, "svg"), "--html", page, rebel1500, imperial1500}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	files, err := os.ReadDir(filepath.Join(dir, "svg"))
	if err != nil {
		t.Fatal(err)
	}
	turns := strings.Count(out.String(), "\nTurn ")
	if lo, hi := 1+5*(turns-1)+1, 1+5*turns; len(files) < lo || len(files) > hi {
		t.Fatalf("%d SVG files for a battle of %d turns, want %d to %d", len(files), turns, lo, hi)
	}
	if files[0].Name() != "000-setup.svg" || files[1].Name() != "001-turn-1-movement.svg" {
		t.Errorf("files begin %s, %s", files[0].Name(), files[1].Name())
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, "svg", f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		d := xml.NewDecoder(bytes.NewReader(data))
		for {
			if _, err := d.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("%s is not well-formed: %v", f.Name(), err)
			}
		}
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(html), `class="replay-frame"`); n != len(files) {
		t.Errorf("the page holds %d frames, the directory %d", n, len(files))
	}
	for _, want := range []string{"<script>", "replay-range", "Turn 1: Movement"} {
		if !strings.Contains(string(html), want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// Its log is the printed log's, phase by phase.
	if line := strings.SplitN(out.String(), "\n", 2)[0]; !strings.Contains(string(html), stdhtml.EscapeString(line)) {
		t.Errorf("the page lacks the log's first line %q", line)
	}
}

// A directory that cannot be made is refused in words.
func TestBattleSVGDirectoryMustBeWritable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "plain")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := cmdBattle([]string{"--svg", filepath.Join(file, "sub"), rebel1500, imperial1500}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "--svg") {
		t.Errorf("exit %d, %q; want 1 and a message naming --svg", code, errb.String())
	}
}
