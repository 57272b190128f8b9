package web

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"
)

// A game's links (/gm/{token}, /play/{token}) are its keys: the games table keeps only
// their hashes, so that a copy of the database opens no game. A job asked through such a
// link must still lead back to it (a matchup's result under /gm/{token}/sims/, a round
// robin's pairs, the optimizer's "ask again"), and the job is read on pages outside the
// link (/sim/run/:job, /roundrobin/:job, /optimize/:job). So the link is kept in the job
// sealed (AES-GCM) with a key that only the asking browser holds, in a cookie of its own:
// the database holds "sealed:" + the sealed link, followed by the path under it in clear
// ("sealed:XXXX/sims/" + an id). Another browser, or a copy of the database, cannot open
// it; the page then says where to find the result instead (openLink's false).

const (
	linkCookie  = "muster_links" // the browser's key to the game links kept in its jobs
	sealedMark  = "sealed:"
	linkKeySize = 32
	ctxLinkKey  = "link-key" // the echo context key of a key given in this request
)

// sealLink seals base (a game's link, "/gm/{token}") with the asking browser's key, giving
// the browser a key first if it has none.
func (a *app) sealLink(c *echo.Context, base string) (string, error) {
	key, ok := linkKey(c)
	if !ok {
		key = make([]byte, linkKeySize)
		if _, err := rand.Read(key); err != nil {
			return "", err
		}
		ck := &http.Cookie{Name: linkCookie, Value: base64.RawURLEncoding.EncodeToString(key), Path: "/",
			Expires: time.Now().Add(400 * 24 * time.Hour), HttpOnly: true, Secure: a.sessions.Cookie.Secure,
			SameSite: http.SameSiteLaxMode}
		c.SetCookie(ck)
		c.Set(ctxLinkKey, key) // a second seal in the same request uses the same key
	}
	aead, err := linkAEAD(key)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return sealedMark + base64.RawURLEncoding.EncodeToString(aead.Seal(nonce, nonce, []byte(base), nil)), nil
}

// openLink turns a link kept in a job back into one the browser can follow: a sealed game
// link is opened with the browser's key, and the path after it kept; any other kept link
// ("/sims/ID", "/roundrobin") holds no key and is answered as it is. False: the link was a
// game's and this browser cannot open it (another browser, or the key was lost), or it was
// scrubbed (kept before links were sealed: migration 018).
func openLink(c *echo.Context, kept string) (string, bool) {
	rest, sealed := strings.CutPrefix(kept, sealedMark)
	if !sealed {
		return kept, kept != ""
	}
	box, path := rest, ""
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		box, path = rest[:i], rest[i:]
	}
	key, ok := linkKey(c)
	if !ok {
		return "", false
	}
	base, err := openSealed(key, box)
	if err != nil {
		return "", false
	}
	return base + path, true
}

// openSealed opens one sealed link with key.
func openSealed(key []byte, box string) (string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(box)
	if err != nil {
		return "", err
	}
	aead, err := linkAEAD(key)
	if err != nil {
		return "", err
	}
	if len(raw) < aead.NonceSize() {
		return "", errors.New("web: a sealed link too short")
	}
	plain, err := aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], nil)
	if err != nil {
		return "", err
	}
	return string(plain), nil
}

// linkKey is the browser's key, if it sent one.
func linkKey(c *echo.Context) ([]byte, bool) {
	if key, ok := c.Get(ctxLinkKey).([]byte); ok {
		return key, true
	}
	ck, err := c.Cookie(linkCookie)
	if err != nil {
		return nil, false
	}
	key, err := base64.RawURLEncoding.DecodeString(ck.Value)
	if err != nil || len(key) != linkKeySize {
		return nil, false
	}
	return key, true
}

func linkAEAD(key []byte) (cipher.AEAD, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// gameLinkElsewhere is what a page says where it cannot lead back into a game (openLink's
// false).
const gameLinkElsewhere = "This browser cannot lead you back into the game: open the game from the link you were given (the gamemaster's or your player link) to see it there."

// doneElsewhere is what a finished run's page says when its result is a game's this
// browser cannot open ("" when it can).
func doneElsewhere(opened bool) string {
	if opened {
		return ""
	}
	return "Done: the result is kept with the game. " + gameLinkElsewhere
}
