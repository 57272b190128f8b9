package web

import (
	"bytes"
	"container/list"
	"context"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v5"

	"muster/views"
)

// Admission control (issue 30): a process serves at most a few requests per core at once;
// the rest wait their turn in a bounded queue for a short while, pages first, and when the
// queue is full or the wait is over they are answered 503 at once, with Retry-After and a
// page in words. Under any overload the server then holds a bounded number of requests
// (memory stays flat) and answers every one quickly, served or refused, rather than
// letting thousands pile up and all time out together.
const (
	admitPerCore  = 4                      // requests in progress per core
	queuePerCore  = 32                     // requests waiting per core
	admitWait     = 500 * time.Millisecond // how long a request waits for its turn
	admitRetry    = 2                      // Retry-After, seconds
	classPage     = 0                      // a page: served first
	classHeavy    = 1                      // a cost update, the editor, sheets, odds, a form posted
	numAdmitClass = 2
)

// busyMessage is the 503 page's words.
const busyMessage = "Muster is busy: too many players are asking at once, and your request was not handled. " +
	"Nothing was changed. Wait a moment and try again (your browser may do so by itself)."

// busyPages are the 503's page and its htmx partial, rendered once.
var busyPages = sync.OnceValue(func() (b struct{ page, inline []byte }) {
	var buf bytes.Buffer
	views.ErrorPage(views.Page{Title: "Busy"}, views.ErrorView{Status: http.StatusServiceUnavailable,
		Title: "Muster is busy", Message: busyMessage}).Render(context.Background(), &buf)
	b.page = bytes.Clone(buf.Bytes())
	buf.Reset()
	views.InlineError(busyMessage).Render(context.Background(), &buf)
	b.inline = bytes.Clone(buf.Bytes())
	return b
})

// admission is the bound on requests in progress, with its queue. Heavy work may hold at
// most heavyLimit turns, so that pages always have one: a few slow what-ifs or PDFs do not
// shut the armies page out.
type admission struct {
	limit, heavyLimit, maxQueue int
	wait                        time.Duration

	mu       sync.Mutex
	inFlight int // requests in progress
	heavy    int // of which heavy work
	queued   int
	waiting  [numAdmitClass]list.List // of *admitTicket, first come first
}

type admitTicket struct {
	ready   chan struct{}
	granted bool
}

func newAdmission(limit, maxQueue int, wait time.Duration) *admission {
	if limit <= 0 {
		limit = admitPerCore * runtime.GOMAXPROCS(0)
	}
	if maxQueue <= 0 {
		maxQueue = queuePerCore * runtime.GOMAXPROCS(0)
	}
	if wait <= 0 {
		wait = admitWait
	}
	heavy := max(1, limit-max(1, limit/4))
	return &admission{limit: limit, heavyLimit: heavy, maxQueue: maxQueue, wait: wait}
}

// canRun reports whether a request of class may start now (ad.mu held).
func (ad *admission) canRun(class int) bool {
	return ad.inFlight < ad.limit && (class == classPage || ad.heavy < ad.heavyLimit)
}

// start counts a request of class in progress (ad.mu held).
func (ad *admission) start(class int) {
	ad.inFlight++
	if class == classHeavy {
		ad.heavy++
	}
}

// acquire waits for a turn: true when the request may go on (release must follow), false
// when it is refused (the queue full, the wait over, or the client gone).
func (ad *admission) acquire(ctx context.Context, class int) bool {
	ad.mu.Lock()
	if ad.canRun(class) && ad.noneWaitingBefore(class) {
		ad.start(class)
		ad.mu.Unlock()
		return true
	}
	if ad.queued >= ad.maxQueue {
		ad.mu.Unlock()
		return false
	}
	t := &admitTicket{ready: make(chan struct{})}
	el := ad.waiting[class].PushBack(t)
	ad.queued++
	ad.mu.Unlock()

	timer := time.NewTimer(ad.wait)
	defer timer.Stop()
	select {
	case <-t.ready:
		return true
	case <-timer.C:
	case <-ctx.Done():
	}
	ad.mu.Lock()
	defer ad.mu.Unlock()
	if t.granted { // the turn came as the wait ended: take it
		return true
	}
	ad.waiting[class].Remove(el)
	ad.queued--
	return false
}

// noneWaitingBefore reports whether no request of class or a class served before it waits
// (d.mu held): a newcomer does not overtake them.
func (ad *admission) noneWaitingBefore(class int) bool {
	for c := 0; c <= class; c++ {
		if ad.waiting[c].Len() > 0 {
			return false
		}
	}
	return true
}

// release ends the turn of a request of class: the first waiting of the first class that
// may run takes it.
func (ad *admission) release(class int) {
	ad.mu.Lock()
	defer ad.mu.Unlock()
	ad.inFlight--
	if class == classHeavy {
		ad.heavy--
	}
	for c := range ad.waiting {
		if el := ad.waiting[c].Front(); el != nil && ad.canRun(c) {
			t := ad.waiting[c].Remove(el).(*admitTicket)
			ad.queued--
			ad.start(c)
			t.granted = true
			close(t.ready)
			return
		}
	}
}

// admitClass is which queue a request waits in: pages first (the armies page, an army's
// page, the catalogue, sign-in), then the work behind them (the editor and its cost
// updates, record sheets and PDFs, odds, comparisons, every form posted).
func admitClass(r *http.Request) int {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return classHeavy
	}
	p := r.URL.Path
	for _, heavy := range []string{"/edit", "/sheets", "/roster", ".pdf", "/export"} {
		if strings.HasSuffix(p, heavy) {
			return classHeavy
		}
	}
	for _, heavy := range []string{"/odds", "/compare", "/swm/", "/qrs", "/sim", "/whatif", "/roundrobin", "/api/"} {
		if strings.HasPrefix(p, heavy) {
			return classHeavy
		}
	}
	return classPage
}

// unadmitted reports the requests that do not take a turn: /healthz and the static assets
// (cheap, and a load balancer's health check must not be refused for being busy), and a
// matchup's progress stream (server-sent events: open for as long as the matchup plays,
// waiting, not working; it would hold a turn for minutes).
func unadmitted(r *http.Request) bool {
	p := r.URL.Path
	return p == "/healthz" || strings.HasPrefix(p, "/static/") ||
		strings.HasSuffix(p, "/events") || strings.Contains(r.Header.Get("Accept"), "text/event-stream")
}

// admit is the middleware: every request but the unadmitted takes a turn.
func (a *app) admit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		r := c.Request()
		if unadmitted(r) {
			return next(c)
		}
		class := admitClass(r)
		if !a.admission.acquire(r.Context(), class) {
			c.Response().Header().Set("Retry-After", strconv.Itoa(admitRetry))
			if r.Method == http.MethodHead || strings.HasPrefix(r.URL.Path, "/api/") {
				return echo.NewHTTPError(http.StatusServiceUnavailable, busyMessage)
			}
			// The page rendered once: under an overload refusals are most of what the
			// server does, and each must cost next to nothing.
			body := busyPages().page
			if isHTMX(c) {
				body = busyPages().inline
			}
			return c.HTMLBlob(http.StatusServiceUnavailable, body)
		}
		defer a.admission.release(class)
		return next(c)
	}
}
