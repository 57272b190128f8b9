package web

// Who is asking: every request is made by an owner (a guest held by the browser's session,
// or an account, through its session or a personal API token) or by no one. Identity is
// decided here, once per request; what an owner may reach is decided by the store, whose
// every read takes the owner (db/armies.go), so a handler cannot fetch another owner's row.

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/alexedwards/scs/v2"
	"github.com/labstack/echo/v5"
	"golang.org/x/crypto/bcrypt"
	"golang.org/x/time/rate"

	"muster/db"
)

// Sign-up modes of an instance (muster serve --signup).
const (
	SignupOpen   = "open"
	SignupInvite = "invite"
	SignupClosed = "closed"
)

// Config is how an instance treats visitors.
type Config struct {
	RequireLogin bool   // every page but sign-in, sign-up, share and game links needs an account
	Signup       string // open, invite or closed
	SecureCookie bool   // the instance is served over TLS: cookies only over HTTPS
	// Closing is closed when the server begins to shut down: progress streams end at once
	// with a "restart" event, and the page reconnects to the job, which resumes (nil: never).
	Closing <-chan struct{}
	// Stopping closes when the server begins to shut down: the editor's drafts kept in
	// memory (drafts.go) are written then, and later ones at once. nil: never.
	Stopping <-chan struct{}
	// MaxRequests bounds the requests served at once, MaxQueued those waiting their turn
	// (admission.go); 0: a few per core.
	MaxRequests, MaxQueued int
	// TrustedProxies are the proxies whose X-Forwarded-For is believed (--trusted-proxy);
	// none: the header is ignored.
	TrustedProxies []*net.IPNet
}

const (
	sessionOwner   = "owner" // the session key holding the owner's id
	sessionPass    = "pass"  // the session key holding the account's password mark (passwordMark)
	ctxOwner       = "owner" // the echo context key holding the db.Owner
	ctxViaToken    = "via-token"
	sessionTimeout = 90 * 24 * time.Hour
)

// newSessions is the session manager: sessions in the database, cookies HttpOnly and
// SameSite=Lax (Secure when served over TLS).
func newSessions(store *db.Store, secure bool) *scs.SessionManager {
	sm := scs.New()
	sm.Store = store.Sessions()
	sm.Lifetime = sessionTimeout
	sm.Cookie.Name = "muster_session"
	sm.Cookie.HttpOnly = true
	sm.Cookie.SameSite = http.SameSiteLaxMode
	sm.Cookie.Secure = secure
	sm.Cookie.Persist = true
	sm.Cookie.Path = "/"
	return sm
}

// loadSession loads the browser's session (scs) and saves it, with its cookie, just before
// the response is written, if the request changed it.
func (a *app) loadSession(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		var tok string
		if ck, err := c.Cookie(a.sessions.Cookie.Name); err == nil {
			tok = ck.Value
		}
		ctx, err := a.sessions.Load(c.Request().Context(), tok)
		if err != nil {
			return err
		}
		c.SetRequest(c.Request().WithContext(ctx))
		if r, err := echo.UnwrapResponse(c.Response()); err == nil {
			r.Before(func() {
				switch a.sessions.Status(ctx) {
				case scs.Modified:
					tok, expiry, err := a.sessions.Commit(ctx)
					if err != nil {
						a.log.Error("session not saved", "err", err)
						return
					}
					a.sessions.WriteSessionCookie(ctx, c.Response(), tok, expiry)
				case scs.Destroyed:
					a.sessions.WriteSessionCookie(ctx, c.Response(), "", time.Time{})
				}
			})
		}
		return next(c)
	}
}

// bearerToken reads an Authorization header's token. The scheme is read without regard to
// case (RFC 9110, 11.1: "bearer", "BEARER" are the same scheme), and may be followed by more
// than one space.
func bearerToken(h string) (string, bool) {
	scheme, tok, ok := strings.Cut(strings.TrimSpace(h), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	return strings.TrimSpace(tok), true
}

// identify finds who is asking: a personal API token (Authorization: Bearer, for the API
// only), or the session's owner.
func (a *app) identify(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		ctx := c.Request().Context()
		if h := c.Request().Header.Get("Authorization"); h != "" {
			tok, ok := bearerToken(h)
			if !ok || !strings.HasPrefix(c.Request().URL.Path, "/api/") {
				return echo.NewHTTPError(http.StatusUnauthorized, "Send a personal API token as \"Authorization: Bearer TOKEN\", to /api/ only (muster token add makes one).")
			}
			o, err := a.store.OwnerByToken(ctx, strings.TrimSpace(tok))
			if errors.Is(err, db.ErrNotFound) {
				return echo.NewHTTPError(http.StatusUnauthorized, "That API token is not valid: it may have been revoked. Make a new one on your account page or with muster token add.")
			}
			if err != nil {
				return err
			}
			c.Set(ctxOwner, o)
			c.Set(ctxViaToken, true)
			return next(c)
		}
		if id := a.sessions.GetString(ctx, sessionOwner); id != "" {
			o, err := a.store.OwnerByID(ctx, id)
			switch {
			case err == nil && !o.Guest() && a.sessions.GetString(ctx, sessionPass) != passwordMark(o.Password):
				// Signed in before the password was changed (here, on another browser, or
				// by muster user passwd): the change signs every other session out.
				a.sessions.Remove(ctx, sessionOwner)
				a.sessions.Remove(ctx, sessionPass)
			case err == nil:
				c.Set(ctxOwner, o)
			case errors.Is(err, db.ErrNotFound):
				a.sessions.Remove(ctx, sessionOwner)
			default:
				return err
			}
		}
		return next(c)
	}
}

// owner is who is asking: the zero Owner (ID "") for no one.
func owner(c *echo.Context) db.Owner {
	o, _ := c.Get(ctxOwner).(db.Owner)
	return o
}

// ownerID is the asking owner's id, "" for no one.
func ownerID(c *echo.Context) string { return owner(c).ID }

// ensureOwner returns who is asking, making the browser a guest owner first if it is no one:
// a visitor builds without signing up, and what they save is theirs from the first save.
func (a *app) ensureOwner(c *echo.Context) (string, error) {
	if o := owner(c); o.ID != "" {
		return o.ID, nil
	}
	if !a.guests.allow(c.RealIP()) {
		return "", echo.NewHTTPError(http.StatusTooManyRequests,
			"Too many new visitors from this address have saved something in the last minutes: wait a few minutes and try again, or sign in.")
	}
	g, err := a.store.CreateGuest(c.Request().Context())
	if err != nil {
		return "", err
	}
	a.sessions.Put(c.Request().Context(), sessionOwner, g.ID)
	c.Set(ctxOwner, g)
	return g.ID, nil
}

// signIn makes the session the account's, with a new session token (so a token seen before
// signing in is worthless after), bringing the browser's guest armies along.
func (a *app) signIn(c *echo.Context, acct db.Owner) error {
	ctx := c.Request().Context()
	if prev := owner(c); prev.ID != "" && prev.Guest() && prev.ID != acct.ID {
		if err := a.store.MergeGuest(ctx, prev.ID, acct.ID); err != nil {
			return err
		}
	}
	if err := a.sessions.RenewToken(ctx); err != nil {
		return err
	}
	a.sessions.Put(ctx, sessionOwner, acct.ID)
	a.sessions.Put(ctx, sessionPass, passwordMark(acct.Password))
	c.Set(ctxOwner, acct)
	return renewCSRF(c, a.auth.SecureCookie)
}

// passwordMark is what a session keeps of the password it was signed in with: a digest of
// the password's hash (never the hash itself), so that changing the password ends every
// session signed in before the change.
func passwordMark(hash string) string {
	sum := sha256.Sum256([]byte("muster session " + hash))
	return hex.EncodeToString(sum[:16])
}

// openPaths are what a visitor reaches on an instance that requires signing in: signing
// in and up, share links, game links, the assets and the health check.
var openPaths = []string{"/signin", "/signup", "/share/", "/gm/", "/play/", "/static/", "/healthz", "/api/"}

// requireLogin sends visitors without an account to the sign-in page on an instance run
// with --require-login (the API answers 401 itself, see apiAuth).
func (a *app) requireLogin(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if !a.auth.RequireLogin || !owner(c).Guest() && ownerID(c) != "" {
			return next(c)
		}
		p := c.Request().URL.Path
		for _, open := range openPaths {
			if p == strings.TrimSuffix(open, "/") || strings.HasPrefix(p, open) {
				return next(c)
			}
		}
		if m := c.Request().Method; m != http.MethodGet && m != http.MethodHead {
			return echo.NewHTTPError(http.StatusUnauthorized, "Sign in first: this Muster is for its members.")
		}
		return c.Redirect(http.StatusSeeOther, "/signin?next="+safeNext(c.Request().URL.RequestURI()))
	}
}

// safeNext keeps a post-sign-in destination on this site. Browsers drop tabs and newlines
// from a Location (the WHATWG URL parser) and read a backslash as a slash, so "/" + tab +
// "/evil.example" or "/" + backslash + "evil.example" would lead off the site: a control
// character or a backslash anywhere sends the visitor home instead.
func safeNext(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || len(next) > 512 ||
		strings.ContainsFunc(next, func(r rune) bool { return r < 0x20 || r == 0x7f || r == '\\' }) {
		return "/"
	}
	return next
}

// passwordCost is bcrypt's work factor (tests lower it).
var passwordCost = bcrypt.DefaultCost

// HashPassword hashes a password with bcrypt (golang.org/x/crypto).
func HashPassword(pw string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(pw), passwordCost)
	return string(h), err
}

// checkPassword compares a password with its hash in constant time.
func checkPassword(hash, pw string) bool {
	return hash != "" && bcrypt.CompareHashAndPassword([]byte(hash), []byte(pw)) == nil
}

// PasswordProblem says what is wrong with a new password, or "".
func PasswordProblem(pw string) string {
	switch {
	case len(pw) < 8:
		return "A password has at least 8 characters."
	case len(pw) > 72:
		return "A password has at most 72 bytes (bcrypt reads no more)."
	}
	return ""
}

// NameProblem says what is wrong with an account name, or "".
func NameProblem(name string) string {
	name = strings.TrimSpace(name)
	if name == "" || len(name) > 40 {
		return "An account name has 1 to 40 characters."
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return "An account name uses letters, digits, '.', '-' and '_' only."
		}
	}
	return ""
}

// clientAddressFor is how the address sign-in attempts and guests are counted by is read:
// the connection's, or, when the connection comes from a trusted proxy (--trusted-proxy:
// the TLS proxy the README recommends in front of Muster), the nearest address its
// X-Forwarded-For names that is not itself a trusted proxy. Without it every member behind
// the proxy shares one count, and a club's first five sign-ins of an evening lock out the
// rest. No proxy is trusted unless named (not even this machine's: another program on it,
// or a proxy that passes the header through, could choose any address), so a client
// cannot choose its address by sending the header.
func clientAddressFor(trusted []*net.IPNet) echo.IPExtractor {
	if len(trusted) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, n := range trusted {
		opts = append(opts, echo.TrustIPRange(n))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}

// ParseTrustedProxies reads --trusted-proxy: addresses (127.0.0.1, ::1) and ranges
// (10.0.0.0/8), separated by commas. The error says which one is not either, in words.
func ParseTrustedProxies(s string) ([]*net.IPNet, error) {
	var out []*net.IPNet
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if _, n, err := net.ParseCIDR(f); err == nil {
			out = append(out, n)
			continue
		}
		ip := net.ParseIP(f)
		if ip == nil {
			return nil, fmt.Errorf("%q is neither an address (127.0.0.1, ::1) nor a range (10.0.0.0/8)", f)
		}
		bits := 128
		if ip.To4() != nil {
			ip, bits = ip.To4(), 32
		}
		out = append(out, &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)})
	}
	return out, nil
}

// limiters rate-limits attempts per key: a burst of 5, then one every 12 seconds (burst and
// every, when set, say otherwise).
type limiters struct {
	mu    sync.Mutex
	m     map[string]*rate.Limiter
	burst int
	every time.Duration
}

// signInLimits counts sign-in attempts (and attempts at the current password on the account
// page) three ways. Per address, any names: one address guessing at many accounts. Per name
// and address: one address guessing at one account. Per name from anywhere, a higher
// ceiling: many addresses guessing at one account, each within its own limits. The ceiling
// never refuses an address with no recent failure at the name: a count from anywhere that
// refused everyone let anyone keep an account's owner out, with a few wrong passwords a
// minute from addresses of their own. While the ceiling is reached each address gets one
// guess at the name per failWindow.
type signInLimits struct {
	addr   limiters // attempts from an address
	pair   limiters // attempts at a name from an address
	name   limiters // attempts at a name from anywhere (the ceiling)
	failed limiters // a wrong password at a name from an address within failWindow
}

const (
	nameCeilingBurst = 20
	failWindow       = 15 * time.Minute
)

func newSignInLimits() *signInLimits {
	return &signInLimits{name: limiters{burst: nameCeilingBurst}, failed: limiters{burst: 1, every: failWindow}}
}

// nameKey is the name an attempt counts under: as accounts are found, case aside. A name
// longer than any account's (NameProblem: 40) counts under its first 41 bytes, still apart
// from every account's, so that a table of 10,000 made-up names holds 10,000 short keys and
// not 10,000 request bodies.
func nameKey(name string) string {
	if len(name) > 41 {
		name = name[:41]
	}
	return strings.ToLower(name)
}

// pairKey is a name tried from an address (a NUL between them: no address holds one).
func pairKey(name, addr string) string { return nameKey(name) + "\x00" + addr }

// try counts an attempt at name's password from addr and says why it may not be checked
// now ("" when it may).
func (s *signInLimits) try(name, addr string) string {
	// The address first: names an address may not try are not counted (nor kept) at all.
	if !s.addr.allow(addr) || !s.pair.allow(pairKey(name, addr)) {
		return "Too many attempts: wait a minute and try again."
	}
	// Every attempt counts towards the ceiling, a clean address's too.
	if !s.name.allow(nameKey(name)) && s.failed.counting(pairKey(name, addr)) {
		return "Too many wrong passwords for this account from many places: after a wrong one, wait a quarter of an hour and try again."
	}
	return ""
}

// fail records a wrong password at name from addr. When the record is full (10,000 failures
// within failWindow, every one still counting) this one goes unrecorded and the address stays
// clean: the ceiling is lifted for it, and the limits per address and per name and address
// still hold, where refusing would lock owners out again.
func (s *signInLimits) fail(name, addr string) {
	s.failed.allow(pairKey(name, addr))
}

// guestBurst and guestEvery bound the guests one address makes: every browser's first save makes one, so a
// script could make as many as it liked, each an owner with its own turn in the matchups'
// fair queue (one 100,000-battle matchup per owner): a hundred guests from one address held
// a club's matchup to a hundredth of the workers. A club on one network opening Muster at
// the start of an evening is within the burst.
const (
	guestBurst = 30
	guestEvery = 2 * time.Minute
)

const (
	maxLimiters  = 10_000
	signInBurst  = 5
	signInRefill = 12 * time.Second
)

func (l *limiters) allow(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.m == nil {
		l.m = map[string]*rate.Limiter{}
	}
	lim := l.m[key]
	if lim == nil {
		if len(l.m) >= maxLimiters {
			// Bounded: forget the limiters that have refilled (as good as new ones). One still
			// counting is never forgotten, or 10,000 made-up names would start an account's
			// count over; while none can be forgotten a new name waits its turn.
			for k, v := range l.m {
				if v.Tokens() >= float64(l.size()) {
					delete(l.m, k)
				}
			}
			if len(l.m) >= maxLimiters {
				return false
			}
		}
		lim = rate.NewLimiter(rate.Every(l.refill()), l.size())
		l.m[key] = lim
	}
	return lim.Allow()
}

// counting says whether key's limiter has spent any of its burst and not refilled since.
func (l *limiters) counting(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	lim := l.m[key]
	return lim != nil && lim.Tokens() < float64(l.size())
}

func (l *limiters) size() int {
	if l.burst > 0 {
		return l.burst
	}
	return signInBurst
}

func (l *limiters) refill() time.Duration {
	if l.every > 0 {
		return l.every
	}
	return signInRefill
}
