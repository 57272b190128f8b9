package web

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"
)

// maxBody bounds every request body: an army file is at most 1 MiB (roster.MaxFileSize);
// the rest is room for a multipart upload's envelope.
const maxBody = 2 << 20

// contentSecurityPolicy allows no inline script and no framing; htmx and the app's script
// are served from /static/.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; " +
	"img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; " +
	"object-src 'none'; frame-ancestors 'none'"

// secureHeaders sets the headers every response carries; served over HTTPS
// (--secure-cookies), Strict-Transport-Security too: a browser that has seen Muster over
// HTTPS does not go back to plain HTTP for a year, where a network could read its cookies.
func secureHeaders(https bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			h := c.Response().Header()
			h.Set("Content-Security-Policy", contentSecurityPolicy)
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("X-Frame-Options", "DENY")
			h.Set("Referrer-Policy", "same-origin")
			h.Set("Cross-Origin-Opener-Policy", "same-origin")
			h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
			if https {
				h.Set("Strict-Transport-Security", hstsValue)
			}
			return next(c)
		}
	}
}

// hstsValue is the Strict-Transport-Security header of an instance served over HTTPS: a
// year, this host only (other services of the domain are not Muster's to decide).
const hstsValue = "max-age=31536000"

// requestLog logs one line per request with slog: method, path, status, duration.
func requestLog(logger *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil && clientGone(c, err) {
				// Nobody is waiting for an answer (htmx's hx-sync cancels a cost update the
				// next keystroke replaces; a tab was closed): nothing failed on Muster's side.
				logger.Log(c.Request().Context(), slog.LevelInfo, "request cancelled: the client went away",
					"method", c.Request().Method, "path", loggedPath(c.Request().URL.Path),
					"status", statusClientClosed, "duration", time.Since(start).Round(time.Microsecond))
				return nil
			}
			if err != nil {
				// Let the error handler write the page now, so the status logged is the one sent.
				c.Echo().HTTPErrorHandler(c, err)
			}
			_, status := echo.ResolveResponseStatus(c.Response(), err)
			// Expected refusals are not errors: a 4xx is the client's, a deliberate 503 (busy,
			// a health check's "unavailable") Muster's choice; only a failure is an error.
			level := slog.LevelInfo
			switch {
			case status >= 500 && err != nil && !deliberate(err):
				level = slog.LevelError
			case status >= 500:
				level = slog.LevelWarn
			}
			attrs := []any{"method", c.Request().Method, "path", loggedPath(c.Request().URL.Path),
				"status", status, "duration", time.Since(start).Round(time.Microsecond)}
			if err != nil && level == slog.LevelError {
				attrs = append(attrs, "err", err.Error())
			}
			logger.Log(c.Request().Context(), level, "request", attrs...)
			return nil
		}
	}
}

// statusClientClosed is what the log records for a request whose client went away before
// the answer (nginx's 499): no answer is sent, and it is not a server error.
const statusClientClosed = 499

// clientGone reports whether err is the request's own cancellation: the client closed the
// connection or cancelled the request, and whatever the handler was doing stopped with it.
func clientGone(c *echo.Context, err error) bool {
	return errors.Is(c.Request().Context().Err(), context.Canceled) &&
		(errors.Is(err, context.Canceled) || echo.StatusCode(err) == 0)
}

// storableForm refuses a form (or query) value that no database column can hold: bytes that
// are not UTF-8, or a NUL. PostgreSQL refuses both ("invalid byte sequence"), which
// answered a game's name, an army's name or an editor's draft holding one with a 500. A
// browser never sends either from what was typed (it encodes forms as UTF-8 and drops
// NULs), so the refusal is for scripts, and names the field. What a name must not hold
// beyond these (a line break, a direction override) is refused by the checks of the form
// that holds it, with the form shown again as typed.
func storableForm(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		m := c.Request().Method
		if m == http.MethodGet || m == http.MethodHead || strings.HasPrefix(c.Request().URL.Path, "/api/") {
			return next(c)
		}
		form, err := c.FormValues()
		if err != nil {
			return next(c) // the handler meets the same error, and says it as before
		}
		for key, values := range form {
			for _, v := range append([]string{key}, values...) {
				if !utf8.ValidString(v) || strings.IndexByte(v, 0) >= 0 {
					field := "a field"
					if utf8.ValidString(key) && strings.IndexByte(key, 0) < 0 && len(key) <= 64 {
						field = strconv.Quote(key)
					}
					return echo.NewHTTPError(http.StatusBadRequest, "The form's "+field+
						" holds bytes that are not text (a NUL, or bytes that are not UTF-8), which Muster cannot keep. Go back, type the field again, and send the form again.")
				}
			}
		}
		return next(c)
	}
}

// csrf protects every mutating form with a token (cookie + form field or X-CSRF-Token
// header), and lets a browser's same-origin requests through on Sec-Fetch-Site. The JSON
// API is for scripts, which send no cookies: it is exempt when the request carries no
// Sec-Fetch-Site header (browsers always send one, so a cross-site form still fails).
// Served over HTTPS (--secure-cookies), its cookie is sent over HTTPS only.
func csrf(secure bool) echo.MiddlewareFunc {
	return middleware.CSRFWithConfig(middleware.CSRFConfig{
		Skipper: func(c *echo.Context) bool {
			r := c.Request()
			return strings.HasPrefix(r.URL.Path, "/api/") && r.Header.Get("Sec-Fetch-Site") == "" && !crossOrigin(r)
		},
		// A cross-site (or same-site, another port or subdomain) form or fetch is refused in
		// the player's words, as a missing token is; echo's own words were "cross-site request
		// blocked by CSRF".
		AllowSecFetchSiteFunc: func(c *echo.Context) (bool, error) {
			return false, echo.NewHTTPError(http.StatusForbidden, "This form did not come from Muster's own pages, so it was not sent: open the page in Muster and send it from there.")
		},
		TokenLookup:    "form:_csrf,header:X-CSRF-Token",
		CookieName:     csrfCookie,
		CookiePath:     "/",
		CookieHTTPOnly: true,
		CookieSecure:   secure,
		CookieSameSite: http.SameSiteStrictMode,
		ErrorHandler: func(c *echo.Context, err error) error {
			return echo.NewHTTPError(http.StatusForbidden,
				"This form has expired or did not come from Muster. Reload the page and try again.").Wrap(err)
		},
	})
}

// crossOrigin reports a request whose Origin header names another site than the one asked: a
// browser's, from another site's page (one too old to send Sec-Fetch-Site). Scripts send no
// Origin; they keep using the JSON API without a token.
func crossOrigin(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return false
	}
	u, err := url.Parse(o)
	return err != nil || !strings.EqualFold(u.Host, r.Host)
}

// csrfCookie is the name of the CSRF token's cookie.
const csrfCookie = "muster_csrf"

// renewCSRF gives the browser a new CSRF token at sign-in and sign-out: a token someone
// learnt before (on a shared computer, from the page of the session before) is worthless
// after. The next page's forms carry the new one.
func renewCSRF(c *echo.Context, secure bool) error {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return err
	}
	c.SetCookie(&http.Cookie{Name: csrfCookie, Value: base64.RawURLEncoding.EncodeToString(b), Path: "/",
		Expires: time.Now().Add(24 * time.Hour), HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode})
	return nil
}

// csrfToken is the token the current page's forms carry.
func csrfToken(c *echo.Context) string {
	if s, ok := c.Get("csrf").(string); ok {
		return s
	}
	return ""
}

// secretSegments are the paths whose next segment is a secret link's token: a share link, a
// game's gamemaster or player link. A list's key follows /lists/ under /play/ (but for
// /lists/mine/{id}/open, which names a list by its id), and a share
// link being revoked /shares/ under /armies/{id}.
var secretSegments = []string{"share", "gm", "play"}

// loggedPath is a request's path as the log keeps it: with the tokens of secret links
// replaced by "…". The database keeps only their hashes; a log that anyone running the
// server reads (or ships elsewhere) must not hold what opens a game or a list either.
func loggedPath(p string) string {
	parts := strings.Split(p, "/")
	for i := 1; i+1 < len(parts); i++ {
		switch {
		case i == 1 && slices.Contains(secretSegments, parts[i]) && parts[i+1] != "":
			parts[i+1] = "…"
		case i == 3 && parts[1] == "play" && parts[i] == "lists" && parts[i+1] == "mine":
			// Opening one's own list on another device: a list's id follows, not a key.
		case i == 3 && (parts[1] == "play" && parts[i] == "lists" || parts[1] == "armies" && parts[i] == "shares") && parts[i+1] != "":
			parts[i+1] = "…"
		}
	}
	return strings.Join(parts, "/")
}
