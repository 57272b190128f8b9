package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// A player signed in on two devices, each a browser of its own (its own cookies), in a real
// Chromium against the real server: the laptop starts a list; the phone, signed in to the
// same account, finds it on the player page under "Your lists on other devices", opens it
// there with its scripts switched off (a form, not a script), and renames it; the laptop's
// own link to the list still opens it, with the phone's name.
func TestAListOpensOnThePlayersOtherDeviceInChromium(t *testing.T) {
	t.Parallel()
	root := testkit.StartChromium(t, "about:blank", 1280, 1000)
	base := startServer(t)
	devices := map[string]*browser{}
	for _, which := range []string{"laptop", "phone"} {
		ctx, cancel := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/")); err != nil {
			t.Fatalf("the %s's browser: %v", which, err)
		}
		devices[which] = &browser{t: t, ctx: ctx}
	}
	laptop, phone := devices["laptop"], devices["phone"]
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	scripts := func(b *browser, on bool) {
		t.Helper()
		b.do("scripts", chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: !on})
			return err
		}))
	}

	// The laptop signs up, makes the game and starts a list.
	laptop.do("sign up", chromedp.Navigate(base+"/signup"), chromedp.WaitVisible(css("#signup-form")),
		chromedp.SendKeys(css("#name"), "luke"), chromedp.SendKeys(css("#password"), "password-luke"),
		chromedp.SendKeys(css("#password2"), "password-luke"), chromedp.Click(css("#signup-form button[type=submit]")))
	laptop.waitText("header nav", func(s string) bool { return strings.Contains(s, "luke") })
	laptop.do("the Sample Game", chromedp.Navigate(base+"/games/new"), chromedp.WaitVisible(css("#preset-sample-game")),
		chromedp.Click(css("#preset-sample-game")))
	laptop.waitValue("#limits-rebel", "total: 2000")
	laptop.do("create it", chromedp.WaitVisible(css("#save-game")), chromedp.Click(css("#save-game")), chromedp.WaitVisible(css("#player-link")))
	playerURL := laptop.value("#player-link")
	laptop.do("start a list", chromedp.Navigate(playerURL), chromedp.WaitVisible(css("#start-list")),
		chromedp.SendKeys(css("#player"), "Luke"), chromedp.SetValue(css("#side"), "rebel"),
		chromedp.SendKeys(css("#list-name"), "Red Squadron"), chromedp.Click(css("#start-list-button")),
		chromedp.WaitVisible(css("#army-form")))
	laptopList := strings.TrimSuffix(laptop.location(), "/edit")

	// The phone signs in and finds the list under other devices.
	phone.do("sign in", chromedp.Navigate(base+"/signin"), chromedp.WaitVisible(css("#signin-form")),
		chromedp.SendKeys(css("#name"), "luke"), chromedp.SendKeys(css("#password"), "password-luke"),
		chromedp.Click(css("#signin-form button[type=submit]")))
	phone.waitText("header nav", func(s string) bool { return strings.Contains(s, "luke") })
	phone.do("the player link", chromedp.Navigate(playerURL), chromedp.WaitVisible(css("#other-devices-lists")))
	if got := phone.text("#other-devices-lists"); !strings.Contains(got, "Red Squadron") {
		t.Fatalf("the phone's other devices list %q, want Red Squadron", got)
	}
	deviceShots(t, phone, "player-other-devices")

	scripts(phone, false)
	phone.do("open here", chromedp.Click(css("#other-devices-lists .open-here button")), chromedp.WaitVisible(css("#list-status")))
	if flash := phone.text(".flash"); !strings.Contains(flash, "Opened on this device") {
		t.Errorf("the list's page on the phone says %q", flash)
	}
	phoneList, _, _ := strings.Cut(phone.location(), "?")
	if phoneList == laptopList || !strings.HasPrefix(phoneList, playerURL+"/lists/") {
		t.Fatalf("the phone's link %q, the laptop's %q: want a link of the phone's own under the player link", phoneList, laptopList)
	}
	scripts(phone, true)
	deviceShots(t, phone, "list-opened-here")

	phone.do("the game's page", chromedp.Navigate(playerURL), chromedp.WaitVisible(css("#my-lists table")))
	if got := phone.text("#my-lists table"); !strings.Contains(got, "Red Squadron") {
		t.Errorf("the phone's own lists %q, want Red Squadron", got)
	}
	if n, _ := chromedp.Run(phone.ctx, chromedp.Evaluate[int](`document.querySelectorAll("#other-devices-lists").length`)); n != 0 {
		t.Error("the opened list is still offered under other devices")
	}

	// The phone renames it; the laptop's link shows the new name.
	phone.do("rename on the phone", chromedp.Navigate(phoneList+"/edit"), chromedp.WaitVisible(css("#army-name")),
		chromedp.SetValue(css("#army-name"), "Red Squadron, from the phone"), chromedp.Click(css("#save")))
	phone.waitText(".flash", func(s string) bool { return strings.Contains(s, "Saved as version") })
	laptop.do("the laptop's link", chromedp.Navigate(laptopList), chromedp.WaitVisible(css("#list-status")))
	if got := laptop.text("h1"); got != "Red Squadron, from the phone" {
		t.Errorf("the laptop's link opens %q, want the phone's name", got)
	}
}

// deviceShots saves the page at a desktop's and a phone's width, light and dark, when
// MUSTER_SCREENSHOTS names a folder.
func deviceShots(t *testing.T, b *browser, name string) {
	t.Helper()
	dir := os.Getenv("MUSTER_SCREENSHOTS")
	if dir == "" {
		return
	}
	for _, w := range []int64{1280, 360} {
		for _, theme := range []string{"light", "dark"} {
			b.do("window", chromedp.EmulateViewport(w, 900))
			if _, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`document.documentElement.setAttribute("data-theme", "`+theme+`"), true`)); err != nil {
				t.Fatal(err)
			}
			if buf, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(90)); err == nil {
				_ = os.WriteFile(filepath.Join(dir, fmt.Sprintf("devices-%s-%d-%s.png", name, w, theme)), buf, 0o644)
			}
		}
	}
	b.do("window", chromedp.EmulateViewport(1280, 1000))
}
