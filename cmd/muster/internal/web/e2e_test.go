package web

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/testkit"
	"muster/rules"
)

// startServer runs the web app on a loopback port with a fresh database and its own matchup
// workers, as muster serve does.
func startServer(t *testing.T) string {
	t.Helper()
	store := testkit.NewStore(t)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	work := startTestJobs(t, store, logger, jobs.Options{Workers: jobs.DefaultWorkers()})
	srv := httptest.NewServer(New(store, rules.Default(), logger, Config{TrustedProxies: loopbackProxy}, work))
	t.Cleanup(srv.Close)
	return srv.URL
}

// browser drives one Chromium tab; each step has its own deadline, testkit.Backstop (a bound
// against a hang, not a speed claim).
type browser struct {
	t   *testing.T
	ctx context.Context
}

func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, testkit.Backstop)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

func (b *browser) text(sel string) string {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, testkit.Backstop)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		b.t.Fatalf("text of %s: %v", sel, err)
	}
	return strings.TrimSpace(s)
}

// waitText waits until the element's text satisfies ok and returns it. The deadline is
// as long as a step's, testkit.Backstop: on a loaded machine (CI beside other builds) a save
// and the page it brings back have taken more than 15 seconds; a passing test does not
// wait for it.
func (b *browser) waitText(sel string, ok func(string) bool) string {
	b.t.Helper()
	deadline := time.Now().Add(testkit.Backstop)
	for {
		// The page may be navigating (a form posted): a missing node is retried.
		ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		cancel()
		s = strings.TrimSpace(s)
		// An element being swapped by htmx can read empty for a moment: not an answer.
		if err == nil && s != "" && ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("waiting for %s: last text %q%s", sel, s, b.where())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// importArmy imports an army file through the browser's import form (so the browser's
// guest, or account, owns it) and returns the new army's id.
func (b *browser) importArmy(base, path string) string {
	b.t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		b.t.Fatal(err)
	}
	b.do("import "+path,
		chromedp.Navigate(base+"/armies/new#import"),
		chromedp.WaitVisible(chromedp.CSS("#text")),
		chromedp.SetValue(chromedp.CSS("#text"), string(data)),
		chromedp.Click(chromedp.CSS("#import-form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("#summary")),
	)
	id, _, _ := strings.Cut(strings.TrimPrefix(b.location(), base+"/armies/"), "?")
	return id
}

// waitValue waits until a field's value contains want (a page that reloads itself, such as
// the game form after a preset, is read again until it does).
func (b *browser) waitValue(sel, want string) {
	b.t.Helper()
	b.valueWhen(sel, func(v string) bool { return strings.Contains(v, want) })
}

// value reads a field's value, looking the node up again while the page is still arriving
// (after a form's redirect the node first found can go away before it is read).
func (b *browser) value(sel string) string {
	b.t.Helper()
	return b.valueWhen(sel, func(string) bool { return true })
}

// valueWhen waits until a field's value satisfies ok and returns it. The page may still be
// navigating (a form posted, a redirect followed): a node that went away between finding it
// and reading it is looked up again, not a failure.
func (b *browser) valueWhen(sel string, ok func(string) bool) string {
	b.t.Helper()
	deadline := time.Now().Add(testkit.Backstop)
	for {
		ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
		v, err := chromedp.Run(ctx, chromedp.Value(chromedp.CSS(sel)))
		cancel()
		if err == nil && ok(v) {
			return v
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("waiting for the value of %s: last %q (%v)%s", sel, v, err, b.where())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// where is the page a wait gave up on, for the failure message: its address and the start
// of its text (a flaky wait says what the browser showed instead).
func (b *browser) where() string {
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	defer cancel()
	loc, _ := chromedp.Run(ctx, chromedp.Location())
	body, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("body")))
	body = strings.Join(strings.Fields(body), " ")
	if len(body) > 400 {
		body = body[:400] + "…"
	}
	return fmt.Sprintf("\n  the page: %s\n  its text: %s", loc, body)
}

func (b *browser) location() string {
	b.t.Helper()
	loc, err := chromedp.Run(b.ctx, chromedp.Location())
	if err != nil {
		b.t.Fatal(err)
	}
	return loc
}

// shot saves a screenshot of the page when MUSTER_SCREENSHOTS names a folder.
func (b *browser) shot(name string) {
	dir := os.Getenv("MUSTER_SCREENSHOTS")
	if dir == "" {
		return
	}
	buf, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		b.t.Log(err)
	}
}

// The player's evening: create an army, add a squad from the Troop List, raise a skill and
// watch the cost change as they type, save, reload, undo, export, import the file again,
// and open the share link, all in a real browser against the real server.
func TestEndToEndInChromium(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := testkit.StartChromium(t, base+"/armies/new", 1400, 1000)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }

	b.do("create an army",
		chromedp.WaitVisible(css("#name")),
		chromedp.SendKeys(css("#name"), "Kwymar Garrison"),
		chromedp.SetValue(css("#side"), "imperial"),
		chromedp.SendKeys(css("#limit"), "1000"),
	)
	b.shot("new-army")
	b.do("submit the new army",
		chromedp.Click(css("#new-army button[type=submit]")),
		chromedp.WaitVisible(css("#army-form")),
	)
	b.do("add a squad from the Troop List",
		chromedp.SetValue(css("#add-unit"), "squad|Stormtrooper"),
		chromedp.Click(css("#add-unit-button")),
		chromedp.WaitVisible(css(`input[name="u0.skills.skill.blaster"]`)),
	)
	before := b.waitText("#army-total", func(s string) bool { return s != "0" })
	b.shot("editor-squad-added")

	b.do("change a skill",
		chromedp.Clear(css(`input[name="u0.skills.skill.blaster"]`)),
		chromedp.SendKeys(css(`input[name="u0.skills.skill.blaster"]`), "3"),
	)
	after := b.waitText("#army-total", func(s string) bool { return s != before })
	b.do("see it is not saved yet", chromedp.WaitVisible(css("#unsaved")))
	b.shot("editor-live-cost")

	b.do("save (Enter in a field saves) and reload",
		chromedp.SendKeys(css(`input[name="u0.skills.skill.blaster"]`), kb.Enter),
	)
	b.waitText(".flash", func(s string) bool { return strings.Contains(s, "version 3") })
	b.do("reload",
		chromedp.Reload(),
		chromedp.WaitVisible(css("#army-form")),
	)
	if saved := b.text("#army-total"); saved != after {
		t.Fatalf("after save and reload the total is %s, want %s", saved, after)
	}
	if v, _ := chromedp.Run(ctx, chromedp.Value(css(`input[name="u0.skills.skill.blaster"]`))); v != "3" {
		t.Fatalf("after reload blaster is %q, want 3", v)
	}
	loc := b.location()

	b.do("undo", chromedp.Click(css("#undo")), chromedp.WaitVisible(css(".flash")))
	b.waitText("#army-total", func(s string) bool { return s == before })
	b.shot("editor-after-undo")
	// The keyboard: Ctrl+Shift+Z redoes, Ctrl+Z undoes (static/app.js presses the buttons).
	b.do("redo from the keyboard", chromedp.WaitVisible(css("#redo:not([disabled])")),
		chromedp.KeyEvent("Z", chromedp.KeyModifiers(chromedp.ModifierCtrl, chromedp.ModifierShift)))
	b.waitText("#army-total", func(s string) bool { return s == after })
	b.do("undo from the keyboard", chromedp.WaitVisible(css("#undo:not([disabled])")),
		chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	b.waitText("#army-total", func(s string) bool { return s == before })

	// Export: the link the page offers, fetched as the browser would download it.
	id := strings.Split(strings.TrimPrefix(loc, base+"/armies/"), "/")[0]
	b.do("open the summary", chromedp.Navigate(base+"/armies/"+id), chromedp.WaitVisible(css("#export-yaml")))
	b.shot("army-summary")
	// Fetched with the browser's own session: the army is its guest owner's.
	file, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`fetch(document.querySelector("#export-yaml").href).then(r => r.ok ? r.text() : "status " + r.status)`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(file, "Stormtrooper") {
		t.Fatalf("export: %s", file)
	}
	if resp, err := http.Get(base + "/armies/" + id + "/export"); err != nil || resp.StatusCode != http.StatusNotFound {
		t.Fatalf("the export without the owner's session: %v %v", resp, err)
	}

	b.do("re-import the exported file",
		chromedp.Navigate(base+"/armies/new#import"),
		chromedp.WaitVisible(css("#text")),
		chromedp.SetValue(css("#text"), file),
		chromedp.Click(css("#import-form button[type=submit]")),
		chromedp.WaitVisible(css("#summary")),
	)
	if imported := b.text("#army-total"); imported != before {
		t.Fatalf("the re-imported army costs %s, want %s", imported, before)
	}
	if !strings.Contains(b.text(".flash"), "Imported") {
		t.Fatal("no word that the army was imported")
	}
	b.do("share it and open the link",
		chromedp.Click(css("#share-army")),
		chromedp.WaitVisible(css("#share-link-0")),
		chromedp.Click(css(".open-share")),
		chromedp.WaitVisible(css("#summary")),
	)
	b.shot("shared")
	name, shared, loc := b.text("h1"), b.text("#army-total"), b.location()
	if name != "Kwymar Garrison" || shared != before || !strings.Contains(loc, "/share/") {
		t.Fatalf("share page: %q %s at %s", name, shared, loc)
	}
	if _, err := chromedp.Run(ctx, chromedp.Nodes(css("form[method=post]"), chromedp.AtLeast(0))); err != nil {
		t.Fatal(err)
	}
}

// readFile returns a file's text, for pasting into a form.
func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
