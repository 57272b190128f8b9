package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// An Imperial list for the game night: one squad of Stormtroopers, average by their Troop
// List, as Chapter Ten's Imperial briefing allows.
const blizzardForce = `format: 1
system: swmb
name: Blizzard Force
side: imperial
units:
  - kind: squad
    troop: Stormtrooper
    size: 10
    weapons:
      - name: blaster rifle
`

// Game night in a real browser against the real server: the gamemaster creates a game with
// Chapter Ten's force limits; a Rebel player opens the player link, builds a list that
// breaks a limit, submits it and sees why, fixes it and submits it again; an Imperial
// player imports a list and submits it; the gamemaster sees both sides' lists, valid, and
// locks the game; the player link then shows every list.
func TestGameNightInChromium(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := testkit.StartChromium(t, base+"/games/new", 1400, 1000)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	// change fires the change event htmx listens to, after a value was set from the test.
	change := func(sel string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('`+sel+`').dispatchEvent(new Event('change', {bubbles: true}))`)); err != nil {
			t.Fatalf("change %s: %v", sel, err)
		}
	}

	// The gamemaster.
	b.do("fill in Chapter Ten's example",
		chromedp.WaitVisible(css("#preset-chapter-ten")),
		chromedp.Click(css("#preset-chapter-ten")),
		chromedp.WaitVisible(css("#limits-rebel")),
	)
	// The preset loads the form again, filled in: wait for it rather than race it.
	rebel := ""
	for deadline := time.Now().Add(testkit.Backstop); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		// The page may still be loading: a failed read is tried again, not a failure.
		if v, err := chromedp.Run(ctx, chromedp.Value(css("#limits-rebel"))); err == nil {
			if rebel = v; strings.Contains(v, "qualities: [veteran, elite]") {
				break
			}
		}
	}
	if !strings.Contains(rebel, "qualities: [veteran, elite]") {
		t.Fatalf("the Rebel limits after the preset: %q", rebel)
	}
	b.do("name the game and create it",
		chromedp.SetValue(css("#game-name"), "Friday: Force Mixes"),
		chromedp.SetValue(css("#game-scenario"), "Chapter Ten, No One Said War Was Fair"),
	)
	b.shot("game-new-chapter-ten")
	b.do("create", chromedp.Click(css("#save-game")), chromedp.WaitVisible(css("#player-link")))
	b.shot("game-gm-created")
	gmURL := b.value("#gm-link")
	playerURL := b.value("#player-link")
	if !strings.Contains(gmURL, "/gm/") || !strings.Contains(playerURL, "/play/") {
		t.Fatalf("links: %q %q", gmURL, playerURL)
	}

	// The Rebel player: Mon Calamari are average by their Troop List; the limits want
	// veteran or elite squads.
	b.do("open the player link", chromedp.Navigate(playerURL), chromedp.WaitVisible(css("#start-list")))
	b.do("start a Rebel list",
		chromedp.SendKeys(css("#player"), "Ackbar"),
		chromedp.SetValue(css("#side"), "rebel"),
		chromedp.SendKeys(css("#list-name"), "Home One boarders"),
		chromedp.Click(css("#start-list-button")),
		chromedp.WaitVisible(css("#army-form")),
	)
	if fixed := b.text("#fixed"); !strings.Contains(fixed, "veteran or elite") {
		t.Fatalf("the editor does not show the side's limits: %q", fixed)
	}
	b.do("add Mon Calamari",
		chromedp.SetValue(css("#add-unit"), "squad|Mon Calamari"),
		chromedp.Click(css("#add-unit-button")),
		chromedp.WaitVisible(css(`select[name="u0.quality"]`)),
	)
	const why = "the limits allow veteran or elite squads only"
	b.waitText("#unit-0-problems", func(s string) bool { return strings.Contains(s, why) })
	b.shot("game-player-editor-breaks-limit")
	b.do("open the list's page and submit it",
		chromedp.Click(css("#view-summary")),
		chromedp.WaitVisible(css("#submit-list")),
		chromedp.Click(css("#submit-list")),
	)
	b.waitText("#list-status", func(s string) bool { return strings.Contains(s, "the gamemaster sees it as invalid") })
	if probs := b.text("#breakdown"); !strings.Contains(probs, why) {
		t.Fatalf("the submitted list does not say why it is invalid: %q", probs)
	}
	b.shot("game-player-submitted-invalid")

	b.do("fix it: veteran", chromedp.Click(css("#edit-list")), chromedp.WaitVisible(css(`select[name="u0.quality"]`)),
		chromedp.SetValue(css(`select[name="u0.quality"]`), "veteran"))
	change(`select[name="u0.quality"]`)
	b.waitText("#breakdown-panel", func(s string) bool { return strings.Contains(s, "Not saved yet") && !strings.Contains(s, why) })
	b.shot("game-player-editor-fixed")
	b.do("save", chromedp.Click(css("#save")))
	b.waitText(".flash", func(s string) bool { return strings.Contains(s, "Saved") })
	b.do("submit again",
		chromedp.Click(css("#view-summary")),
		chromedp.WaitVisible(css("#submit-list:not([disabled])")),
		chromedp.Click(css("#submit-list")),
	)
	b.waitText("#list-status", func(s string) bool { return strings.Contains(s, "keeps to the limits") })
	b.shot("game-player-submitted-valid")

	// The Imperial player imports a list.
	b.do("import an Imperial list",
		chromedp.Navigate(playerURL),
		chromedp.WaitVisible(css("#import-list")),
		chromedp.SendKeys(css("#import-player"), "Veers"),
		chromedp.SetValue(css("#import-side"), "imperial"),
		chromedp.SetValue(css("#import-text"), blizzardForce),
		chromedp.Click(css("#import-list-button")),
		chromedp.WaitVisible(css("#submit-list")),
		chromedp.Click(css("#submit-list")),
	)
	b.waitText("#list-status", func(s string) bool { return strings.Contains(s, "keeps to the limits") })
	b.do("the player's page lists this browser's lists", chromedp.Navigate(playerURL), chromedp.WaitVisible(css("#my-lists")))
	if mine := b.text("#my-lists"); !strings.Contains(mine, "Home One boarders") || !strings.Contains(mine, "Blizzard Force") {
		t.Fatalf("the player's page: %q", mine)
	}
	b.shot("game-player-page")

	// The gamemaster sees both sides' lists, and locks the game.
	b.do("open the GM link", chromedp.Navigate(gmURL), chromedp.WaitVisible(css("#lists-rebel")))
	rebels, imperials := b.text("#lists-rebel"), b.text("#lists-imperial")
	if !strings.Contains(rebels, "Ackbar") || !strings.Contains(rebels, "Home One boarders") || !strings.Contains(rebels, "valid") ||
		strings.Contains(rebels, "error") {
		t.Fatalf("the GM's Rebel lists: %q", rebels)
	}
	if !strings.Contains(imperials, "Veers") || !strings.Contains(imperials, "Blizzard Force") || !strings.Contains(imperials, "valid") {
		t.Fatalf("the GM's Imperial lists: %q", imperials)
	}
	b.shot("game-gm-lists")
	b.do("lock", chromedp.Click(css("#lock")), chromedp.WaitVisible(css("#unlock")))
	b.do("the player link after the lock", chromedp.Navigate(playerURL), chromedp.WaitVisible(css("#all-lists")))
	if all := b.text("#all-lists"); !strings.Contains(all, "Home One boarders") || !strings.Contains(all, "Blizzard Force") {
		t.Fatalf("after the lock the player link shows: %q", all)
	}
	b.shot("game-player-after-lock")
}
