// The scenario designer's map (issue 33): the table drawn from the form's rows as they are
// typed; an area, a deployment zone or an objective dragged with a mouse or a finger moves
// (an area's or a zone's north-east corner resizes it), a barrier's ends move, and the new
// numbers are written into the form's fields, which the server checks on saving. The "Add"
// buttons copy the page's row templates. Without this script the form alone edits the
// scenario (its "Add" buttons ask the server for the row).
(function () {
  "use strict";
  var wrap = document.getElementById("designer");
  var form = document.getElementById("designer-form");
  if (!wrap || !form) return;
  var svg = wrap.querySelector("svg");
  var pieces = svg && svg.querySelector("#designer-pieces");
  if (!pieces) return;
  var NS = "http://www.w3.org/2000/svg";
  var fills = JSON.parse(wrap.getAttribute("data-fills") || "{}");
  var colours = JSON.parse(wrap.getAttribute("data-colours") || "[]");

  function field(name) { return form.elements.namedItem(name); }
  function val(name) { var f = field(name); return f ? f.value : ""; }
  function num(name) { var x = parseFloat(val(name)); return isFinite(x) ? x : NaN; }
  function set(name, x) {
    var f = field(name);
    if (f) f.value = String(Math.round(x * 2) / 2); // to the half inch, as a table is measured
  }
  function rows(kind) { return form.querySelectorAll('[data-row="' + kind + '"]'); }
  function removed(kind, key) { var f = field(kind + "." + key + ".remove"); return f && f.checked; }

  function el(tag, attrs, title) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (title) {
      var t = document.createElementNS(NS, "title");
      t.textContent = title;
      e.appendChild(t);
    }
    pieces.appendChild(e);
    return e;
  }
  // hs is the handles' size in inches: at least 24 px on the screen, a fingertip on a phone.
  var hs = 1.8;
  function handleSize() {
    var m = svg.getScreenCTM();
    var k = m ? Math.abs(m.a) : 0;
    hs = k > 0 ? Math.max(1.8, 24 / k) : 1.8;
  }
  function rect(list, key, x, y, w, h, fill, extra, title) {
    var a = { "data-list": list, "data-key": key, x: x, y: y, width: Math.max(w, 0.1), height: Math.max(h, 0.1), fill: fill };
    for (var k in extra) a[k] = extra[k];
    el("rect", a, title);
    // The resize handle at the north-east corner.
    el("rect", { "data-list": list, "data-key": key, "data-handle": "ne", x: x + w - hs / 2, y: y + h - hs / 2, width: hs, height: hs,
      fill: "#ffffff", "fill-opacity": "0.85", stroke: "#1f2937", "stroke-width": "0.12", "class": "designer-handle" });
  }

  function draw() {
    handleSize();
    while (pieces.firstChild) pieces.removeChild(pieces.firstChild);
    [0, 1].forEach(function (s) {
      var p = "side." + s + ".";
      var x = num(p + "x"), y = num(p + "y"), w = num(p + "w"), h = num(p + "h");
      if ([x, y, w, h].some(isNaN)) return;
      rect("side", String(s), x, y, w, h, colours[s] || "#555", { "fill-opacity": "0.12", stroke: colours[s] || "#555",
        "stroke-width": "0.2", "stroke-dasharray": "0.6 0.4" }, "deployment zone of " + val(p + "name"));
    });
    // The victory condition's zones (escape, exit, carry), as the replay draws its exits.
    val("victory.zones").split(";").forEach(function (g) {
      var z = g.trim().split(/[\s,]+/).map(parseFloat);
      if (z.length !== 4 || z.some(isNaN)) return;
      var x0 = Math.min(z[0], z[2]), y0 = Math.min(z[1], z[3]);
      el("rect", { x: x0, y: y0, width: Math.abs(z[2] - z[0]), height: Math.abs(z[3] - z[1]), fill: "#3f3f46", "fill-opacity": "0.08",
        stroke: "#3f3f46", "stroke-width": "0.12", "stroke-dasharray": "0.2 0.3" }, "exit");
    });
    rows("terrain").forEach(function (r) {
      var k = r.getAttribute("data-key"), p = "terrain." + k + ".";
      if (removed("terrain", k)) return;
      var fill = fills[val(p + "type")] || "#b5a88a";
      var style = { "fill-opacity": "0.8", stroke: "#4b4536", "stroke-width": "0.1" };
      var title = (val(p + "name") || val(p + "type")) + " (" + val(p + "type") + ")";
      var shape = val(p + "shape");
      if (shape === "circle") {
        var cx = num(p + "x"), cy = num(p + "y"), cr = num(p + "r");
        if ([cx, cy, cr].some(isNaN)) return;
        el("circle", { "data-list": "terrain", "data-key": k, cx: cx, cy: cy, r: cr, fill: fill, "fill-opacity": "0.8", stroke: "#4b4536", "stroke-width": "0.1" }, title);
      } else if (shape === "poly") {
        var pts = val(p + "points").split(";").map(function (g) {
          return g.trim().split(/[\s,]+/).join(",");
        }).filter(function (g) { return g.length; }).join(" ");
        el("polygon", { "data-list": "terrain", "data-key": k, points: pts, fill: fill, "fill-opacity": "0.8", stroke: "#4b4536", "stroke-width": "0.1" }, title);
      } else {
        var x = num(p + "x"), y = num(p + "y"), w = num(p + "w"), h = num(p + "h");
        if ([x, y, w, h].some(isNaN)) return;
        rect("terrain", k, x, y, w, h, fill, style, title);
      }
    });
    rows("barrier").forEach(function (r) {
      var k = r.getAttribute("data-key"), p = "barrier." + k + ".";
      if (removed("barrier", k)) return;
      var x1 = num(p + "x1"), y1 = num(p + "y1"), x2 = num(p + "x2"), y2 = num(p + "y2");
      if ([x1, y1, x2, y2].some(isNaN)) return;
      el("line", { "data-list": "barrier", "data-key": k, x1: x1, y1: y1, x2: x2, y2: y2, stroke: "#3b2f1e", "stroke-width": "0.5", "stroke-linecap": "round" },
        val(p + "name") || val(p + "type"));
      el("circle", { "data-list": "barrier", "data-key": k, "data-handle": "1", cx: x1, cy: y1, r: hs / 2, fill: "#ffffff", "fill-opacity": "0.85", stroke: "#1f2937", "stroke-width": "0.12", "class": "designer-handle" });
      el("circle", { "data-list": "barrier", "data-key": k, "data-handle": "2", cx: x2, cy: y2, r: hs / 2, fill: "#ffffff", "fill-opacity": "0.85", stroke: "#1f2937", "stroke-width": "0.12", "class": "designer-handle" });
    });
    rows("objective").forEach(function (r) {
      var k = r.getAttribute("data-key"), p = "objective." + k + ".";
      if (removed("objective", k)) return;
      var x = num(p + "x"), y = num(p + "y"), rad = num(p + "radius");
      if ([x, y].some(isNaN)) return;
      el("circle", { "data-list": "objective", "data-key": k, cx: x, cy: y, r: Math.max(isNaN(rad) ? 0 : rad, 0.8), fill: "#facc15",
        "fill-opacity": "0.35", stroke: "#a16207", "stroke-width": "0.15", "stroke-dasharray": "0.3 0.2" }, val(p + "name"));
    });
  }

  // The pointer's place in the table's inches.
  function inches(ev) {
    var g = svg.querySelector("#designer-table");
    var m = g.getScreenCTM();
    if (!m) return null;
    var pt = svg.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    var q = pt.matrixTransform(m.inverse());
    return { x: q.x, y: q.y };
  }

  var drag = null;
  svg.addEventListener("pointerdown", function (ev) {
    var t = ev.target.closest ? ev.target.closest("[data-list]") : null;
    if (!t) return;
    var list = t.getAttribute("data-list"), key = t.getAttribute("data-key"), handle = t.getAttribute("data-handle") || "";
    var p = list + "." + key + ".";
    var start = inches(ev);
    if (!start) return;
    var names = list === "barrier" ? ["x1", "y1", "x2", "y2"] : ["x", "y", "w", "h"];
    var from = {};
    names.forEach(function (n) { from[n] = num(p + n); });
    var poly = null;
    if (list === "terrain" && val(p + "shape") === "poly") {
      // A polygon moves whole: each of its points by the same inches.
      poly = val(p + "points").split(";").map(function (g) {
        return g.trim().split(/[\s,]+/).map(parseFloat);
      }).filter(function (xy) { return xy.length === 2 && isFinite(xy[0]) && isFinite(xy[1]); });
    }
    drag = { list: list, key: key, handle: handle, p: p, start: start, from: from, poly: poly, id: ev.pointerId };
    svg.setPointerCapture(ev.pointerId);
    ev.preventDefault();
  });
  svg.addEventListener("pointermove", function (ev) {
    if (!drag || ev.pointerId !== drag.id) return;
    var at = inches(ev);
    if (!at) return;
    var dx = at.x - drag.start.x, dy = at.y - drag.start.y, f = drag.from, p = drag.p;
    if (drag.list === "barrier") {
      if (drag.handle !== "2") { set(p + "x1", f.x1 + dx); set(p + "y1", f.y1 + dy); }
      if (drag.handle !== "1") { set(p + "x2", f.x2 + dx); set(p + "y2", f.y2 + dy); }
    } else if (drag.poly) {
      var snap = function (x) { return Math.round(x * 2) / 2; };
      field(p + "points").value = drag.poly.map(function (xy) { return snap(xy[0] + dx) + ", " + snap(xy[1] + dy); }).join("; ");
    } else if (drag.handle === "ne") {
      set(p + "w", Math.max(f.w + dx, 0.5));
      set(p + "h", Math.max(f.h + dy, 0.5));
    } else {
      set(p + "x", f.x + dx);
      set(p + "y", f.y + dy);
    }
    draw();
  });
  function end(ev) {
    if (!drag || ev.pointerId !== drag.id) return;
    var row = form.querySelector('[data-row="' + drag.list + '"][data-key="' + drag.key + '"]');
    drag = null;
    if (row) {
      row.classList.add("designer-picked");
      setTimeout(function () { row.classList.remove("designer-picked"); }, 1200);
    }
  }
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);

  // Adding a row: the template's copy, numbered after the list's last row.
  function add(kind) {
    var tpl = document.getElementById("template-" + kind);
    if (!tpl) return;
    var next = 0;
    rows(kind).forEach(function (r) { next = Math.max(next, parseInt(r.getAttribute("data-key"), 10) + 1); });
    var html = tpl.innerHTML.split("__N__").join(String(next)).split("Terrain area new").join("Terrain area " + (next + 1))
      .split("Barrier new").join("Barrier " + (next + 1)).split("Objective new").join("Objective " + (next + 1));
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var row = holder.firstElementChild;
    var button = form.querySelector('[data-add="' + kind + '"]');
    button.parentNode.insertBefore(row, button);
    draw();
    var first = row.querySelector("input, select");
    if (first) first.focus();
  }
  // The "Add" buttons post the form for a new row without the script; with it, the row
  // is added here and nothing is posted.
  form.querySelectorAll("[data-add]").forEach(function (b) {
    b.addEventListener("click", function (ev) {
      ev.preventDefault();
      add(b.getAttribute("data-add"));
    });
  });
  form.addEventListener("input", draw);
  form.addEventListener("change", draw);
  wrap.classList.add("designer-js");
  window.addEventListener("resize", function () { if (!drag) draw(); });
  draw();
})();
