// The battle replay's scrubber: one phase at a time, stepped with the buttons, the slider
// or the arrow keys (Home and End for the first and last), the log beside it scrolled to
// the same phase. Without this script every phase shows, one under another.
(function () {
  "use strict";
  function init(root) {
    var frames = root.querySelectorAll(".replay-frame");
    var logs = root.querySelectorAll(".replay-log-phase");
    var box = root.querySelector(".replay-log");
    var range = root.querySelector(".replay-range");
    var now = root.querySelector(".replay-now");
    var controls = root.querySelector(".replay-controls");
    if (!frames.length || !range) return;
    var cur = -1;
    function show(k) {
      k = Math.max(0, Math.min(frames.length - 1, k));
      if (k === cur) return;
      cur = k;
      for (var i = 0; i < frames.length; i++) frames[i].hidden = i !== k;
      for (var j = 0; j < logs.length; j++) {
        logs[j].classList.toggle("current", j === k);
        if (j === k) logs[j].setAttribute("aria-current", "step"); else logs[j].removeAttribute("aria-current");
      }
      range.value = String(k);
      now.textContent = frames[k].getAttribute("data-counter");
      root.setAttribute("data-current", String(k));
      if (logs[k] && box) box.scrollTop = logs[k].offsetTop; // the list is the items' offset parent
    }
    root.classList.add("replay-js");
    controls.hidden = false;
    root.querySelectorAll("[data-step]").forEach(function (b) {
      b.addEventListener("click", function () { show(cur + Number(b.getAttribute("data-step"))); });
    });
    range.addEventListener("input", function () { show(Number(range.value)); });
    // A phase picked in the log shows on the map; where the map is not in the window (a
    // phone, whose log is under the map), the window scrolls back up to it.
    logs.forEach(function (li, i) {
      li.querySelector("a").addEventListener("click", function (e) {
        e.preventDefault();
        show(i);
        var r = frames[i].getBoundingClientRect();
        if (r.top < 0 || r.bottom > window.innerHeight) frames[i].scrollIntoView({block: "start"});
      });
    });
    document.addEventListener("keydown", function (e) {
      var t = e.target;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT") && t !== range) return;
      if (t === range) return; // the slider steps itself and fires "input"
      if (e.key === "ArrowRight") { show(cur + 1); e.preventDefault(); }
      else if (e.key === "ArrowLeft") { show(cur - 1); e.preventDefault(); }
      else if (e.key === "Home") { show(0); e.preventDefault(); }
      else if (e.key === "End") { show(frames.length - 1); e.preventDefault(); }
    });
    // A link to #ID-frame-N (ID the viewer's) opens that phase, on load and while on the
    // page. Two viewers on a page (a battle with and without a change) each listen: the
    // arrow keys step both together.
    function fromHash() {
      var m = new RegExp("^#" + root.id + "-frame-(\\d+)$").exec(location.hash);
      return m ? Number(m[1]) : -1;
    }
    window.addEventListener("hashchange", function () { var k = fromHash(); if (k >= 0) show(k); });
    show(Math.max(fromHash(), 0));
  }
  document.querySelectorAll(".replay").forEach(init);
})();
