package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// A scenario's history in a real Chromium (issue 33, versions as an army's): a built-in
// copied and saved; the designer open in a second tab saves after the first did, is
// refused with words saying what happened and what was typed still in its fields, and
// saved again knowingly; the history lists every version, one is viewed read-only and
// restored as the newest, the versions between kept. The history and a version's page
// pass axe at 1280 and 360 px, light and dark (screenshots under MUSTER_SCREENSHOTS).
func TestScenarioHistoryInChromium(t *testing.T) {
	t.Parallel()
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	base := startServer(t)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	named := func(name string) chromedp.CSS { return css(`[name="` + name + `"]`) }

	b.do("copy the open field", chromedp.Navigate(base+"/scenarios"), chromedp.WaitVisible(css("#builtin-scenarios")),
		chromedp.Click(css(`form[action="/scenarios/builtin/open-field/copy"] button`)), chromedp.WaitVisible(css("#designer-form")))
	designer := strings.Split(b.location(), "?")[0]
	b.do("rename it and save", chromedp.SetValue(named("name"), "Open field, walled"), chromedp.Click(css("#save-scenario")),
		chromedp.WaitVisible(css("#scenario-saved")))
	if got := b.text("#scenario-saved"); got != "Saved as version 2." {
		t.Errorf("the save says %q", got)
	}

	// A second tab opens version 2; the first saves version 3; the second's save is refused.
	tab, cancelTab := chromedp.NewContext(ctx)
	t.Cleanup(cancelTab)
	if err := chromedp.Do(tab, chromedp.Navigate(designer)); err != nil { // opens the tab, without a deadline that would close it
		t.Fatalf("a second tab: %v", err)
	}
	second := &browser{t: t, ctx: tab}
	second.do("the second tab", chromedp.WaitVisible(css("#designer-form")))
	b.do("the first tab saves", chromedp.SetValue(named("side.0.orders"), "Hold the hill."), chromedp.Click(css("#save-scenario")),
		chromedp.WaitVisible(css("#scenario-saved")))
	second.do("the second tab saves", chromedp.SetValue(named("name"), "Typed in the second tab"),
		chromedp.SetValue(named("description"), "A description typed in the second tab."), chromedp.Click(css("#save-scenario")),
		chromedp.WaitVisible(css("#scenario-errors")))
	if got := second.text("#scenario-errors"); !strings.Contains(got, "saved as version 3 in another tab or window after this page opened version 2") {
		t.Errorf("the refused save says %q", got)
	}
	for field, want := range map[string]string{"name": "Typed in the second tab", "description": "A description typed in the second tab."} {
		if v := second.value(`[name="` + field + `"]`); v != want {
			t.Errorf("after the refusal %s holds %q, want what was typed", field, v)
		}
	}
	if href, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.getElementById("stale-history-link").target`)); err != nil || href != "_blank" {
		t.Errorf("the refusal's link to the history opens in %q (%v), want a new tab, this one keeping what was typed", href, err)
	}
	second.looks("scenario-designer-stale")
	second.do("saved again, knowingly", chromedp.Click(css("#save-scenario")), chromedp.WaitVisible(css("#scenario-saved")))
	if got := second.text("#scenario-saved"); got != "Saved as version 4." {
		t.Errorf("the second save says %q", got)
	}

	// The history: four versions, newest first.
	b.do("the history", chromedp.Navigate(designer), chromedp.WaitVisible(css("#scenario-history-link")),
		chromedp.Click(css("#scenario-history-link")), chromedp.WaitVisible(css("#scenario-versions")))
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[string](`Array.from(document.querySelectorAll("#scenario-versions tbody tr")).map(function (r) { return r.id; }).join(" ")`))
	if err != nil || rows != "scenario-version-4 scenario-version-3 scenario-version-2 scenario-version-1" {
		t.Errorf("the history's rows: %q (%v)", rows, err)
	}
	if got := b.text("#scenario-version-1"); !strings.Contains(got, "copied from the built-in Open field") {
		t.Errorf("version 1 says %q", got)
	}
	b.looks("scenario-history")

	// Version 2 viewed, then restored as version 5.
	b.do("version 2", chromedp.Click(css("#scenario-version-2 a.view-version")), chromedp.WaitVisible(css("#scenario-version-table")))
	if got := b.text("h1"); got != "Open field, walled: version 2" {
		t.Errorf("version 2's page is %q", got)
	}
	b.looks("scenario-version")
	b.do("restore it", chromedp.Click(css("button.restore-version")), chromedp.WaitVisible(css("#scenario-restored")))
	if got := b.text("#scenario-restored"); !strings.Contains(got, "Version 2 restored as version 5") {
		t.Errorf("the restore says %q", got)
	}
	if v := b.value(`[name="name"]`); v != "Open field, walled" {
		t.Errorf("the designer after the restore holds the name %q", v)
	}
	b.do("the history again", chromedp.Click(css("#scenario-history-link")), chromedp.WaitVisible(css("#scenario-version-5")))
	if got := b.text("#scenario-version-5"); !strings.Contains(got, "restored version 2") {
		t.Errorf("version 5 says %q", got)
	}
	if got := b.text("#scenario-version-4"); !strings.Contains(got, "Typed in the second tab") {
		t.Errorf("the restore lost version 4: %q", got)
	}
	// The list links each scenario's history with its count.
	b.do("the list", chromedp.Navigate(base+"/scenarios"), chromedp.WaitVisible(css("a.scenario-history")))
	if got := strings.Join(strings.Fields(b.text("a.scenario-history")), " "); got != "History (5 versions) of Open field, walled" {
		t.Errorf("the list's history link reads %q", got)
	}
	b.looks("scenario-list")
}
