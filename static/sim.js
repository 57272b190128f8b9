// The matchup page's progress bar: it follows the run's server-sent events, moves the bar,
// and opens the result when the battles are done. The page works without it (a link to look
// again); the CSP allows no inline script, so it lives here.
(function () {
  "use strict";
  var box = document.querySelector("[data-sim-events]");
  if (!box || !window.EventSource) {
    return;
  }
  var bar = box.querySelector("progress");
  var label = box.querySelector("[data-sim-label]");
  var source = new EventSource(box.getAttribute("data-sim-events"));
  function data(ev) {
    try {
      return JSON.parse(ev.data);
    } catch (e) {
      return {};
    }
  }
  // The speed is measured from the first battles seen played on this page, so that a
  // reload mid-run does not count the battles played before it as instant.
  var first = null;
  function seconds(s) {
    if (s < 60) {
      return Math.max(1, Math.round(s)) + " s";
    }
    return Math.round(s / 60) + " min";
  }
  source.addEventListener("progress", function (ev) {
    var d = data(ev);
    bar.max = d.total;
    bar.value = d.done;
    if (d.queued > 0) {
      label.textContent = "Waiting for a free slot: " + d.queued + " before it in the queue.";
      return;
    }
    var text = d.done + " of " + d.total + " battles played";
    var now = Date.now() / 1000;
    if (first === null && d.done > 0) {
      first = {t: now, done: d.done};
    } else if (first !== null && d.done > first.done && now > first.t) {
      var rate = (d.done - first.done) / (now - first.t);
      text += " · " + Math.round(rate) + " battles a second · about " + seconds((d.total - d.done) / rate) + " left";
    }
    label.textContent = text + ".";
  });
  source.addEventListener("done", function (ev) {
    source.close();
    var d = data(ev);
    if (!d.url) {
      // A game's result this browser holds no link to: the server says where it is.
      label.textContent = d.note;
      return;
    }
    label.textContent = "Done.";
    window.location.assign(d.url);
  });
  source.addEventListener("cancelled", function (ev) {
    source.close();
    window.location.assign(data(ev).url);
  });
  source.addEventListener("restart", function () {
    // The server is stopping: the job stays queued or resumes with the next worker, and
    // EventSource reconnects by itself (the server said after how long) to whichever
    // process answers.
    label.textContent = "Muster is restarting: this page reconnects by itself.";
    first = null;
  });
  source.addEventListener("failed", function (ev) {
    source.close();
    label.textContent = data(ev).error || "The matchup could not be played.";
  });
  source.onerror = function () {
    // A dropped connection is retried by EventSource itself, without reloading the page. Only
    // when it gives up (the run is gone: finished long ago, or the server restarted) is the
    // page looked at again.
    if (source.readyState === EventSource.CLOSED) {
      window.location.reload();
    }
  };
})();
