package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"muster/db"
)

// simEvents streams a run's progress as server-sent events: "progress" with {done, total,
// queued} about four times a second, then "done" with the result's address, "cancelled" or
// "failed"; or, when the server shuts down, "restart" (the browser reconnects by itself in a
// second and a half, to whichever process answers, and the job goes on where it was). The
// server's write timeout does not cut the stream: each event has a deadline of its own.
func (a *app) simEvents(c *echo.Context) error {
	st, err := a.ownRun(c)
	if err != nil {
		return runError(err, "That matchup is no longer running.")
	}
	w := c.Response()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if c.Request().Method == http.MethodHead {
		return nil // the stream's headers, without following the matchup to its end
	}
	rc := http.NewResponseController(w)
	send := func(event string, data any) error {
		b, _ := json.Marshal(data)
		// A stalled reader is given up on after a while, whatever the server's timeout.
		_ = rc.SetWriteDeadline(time.Now().Add(eventWriteTimeout))
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b); err != nil {
			return err
		}
		return rc.Flush()
	}
	tick := time.NewTicker(progressEvery(a.store))
	defer tick.Stop()
	read := time.Now()
	var changed <-chan struct{}
	if a.store.Notifies() {
		ch, done := a.progress.subscribe(st.m.ID)
		defer done()
		changed = ch
	}
	for {
		m := st.m
		switch m.Status {
		case db.MatchupDone:
			_ = send("progress", map[string]int{"done": m.Battles, "total": m.Battles})
			// A game's result this browser cannot open (link_seal.go) is said, not followed.
			url, ok := openLink(c, m.ResultURL)
			_ = send("done", map[string]string{"url": url, "note": doneElsewhere(ok)})
			return nil
		case db.MatchupCancelled:
			_ = send("cancelled", map[string]string{"url": cancelledURL(c, m)})
			return nil
		case db.MatchupFailed:
			msg := m.Error
			if msg == "" {
				msg = "the matchup could not be played"
			}
			_ = send("failed", map[string]string{"error": msg})
			return nil
		}
		if err := send("progress", map[string]int{"done": st.done, "total": m.Battles, "queued": st.queued}); err != nil {
			return nil
		}
		select {
		case <-c.Request().Context().Done():
			return nil
		case <-a.auth.Closing:
			_ = rc.SetWriteDeadline(time.Now().Add(eventWriteTimeout))
			if _, err := fmt.Fprintf(w, "retry: %d\nevent: restart\ndata: {}\n\n", restartRetry.Milliseconds()); err == nil {
				_ = rc.Flush()
			}
			return nil
		case <-tick.C:
		case <-changed:
			// Told of a change: read it, but not more than four times a second however
			// fast the chunks come.
			select {
			case <-time.After(time.Until(read.Add(250 * time.Millisecond))):
			case <-c.Request().Context().Done():
				return nil
			}
		}
		read = time.Now()
		if st, err = a.ownRun(c); err != nil {
			return nil
		}
	}
}
