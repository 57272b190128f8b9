// Muster's only script besides htmx: keyboard shortcuts and small conveniences. The pages
// work without it; the CSP allows no inline script, so everything lives here.
(function () {
  "use strict";
  // Light or dark: the system's preference unless the header's switch chose (remembered).
  var root = document.documentElement;
  try {
    var saved = window.localStorage.getItem("muster-theme");
    if (saved === "light" || saved === "dark") {
      root.setAttribute("data-theme", saved);
    }
  } catch (e) {}
  document.addEventListener("click", function (ev) {
    if (!ev.target.closest || !ev.target.closest("[data-theme-toggle]")) {
      return;
    }
    var dark = root.getAttribute("data-theme") === "dark" ||
      (!root.getAttribute("data-theme") && window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
    var next = dark ? "light" : "dark";
    root.setAttribute("data-theme", next);
    try {
      window.localStorage.setItem("muster-theme", next);
    } catch (e) {}
  });
  // On a phone the header's links fold behind its Menu button (muster.css shows the button
  // only to a page with script): the button opens and closes them and says which
  // (aria-expanded); Escape closes them and gives the focus back to the button.
  var setNav = function (btn, open) {
    btn.setAttribute("aria-expanded", open ? "true" : "false");
  };
  document.addEventListener("click", function (ev) {
    var btn = ev.target.closest && ev.target.closest(".nav-toggle");
    if (btn) {
      setNav(btn, btn.getAttribute("aria-expanded") !== "true");
    }
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key !== "Escape") {
      return;
    }
    var btn = document.querySelector(".nav-toggle[aria-expanded=true]");
    var nav = btn && document.getElementById(btn.getAttribute("aria-controls"));
    var at = document.activeElement;
    if (nav && (at === btn || nav.contains(at))) {
      setNav(btn, false);
      btn.focus();
    }
  });
  // Ctrl+Z / Ctrl+Shift+Z (Cmd on a Mac) press the editor's Undo and Redo buttons, unless
  // the focus is in a text field, where the browser's own undo applies.
  document.addEventListener("keydown", function (ev) {
    if (!(ev.ctrlKey || ev.metaKey) || (ev.key !== "z" && ev.key !== "Z" && ev.key !== "y")) {
      return;
    }
    var t = ev.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) {
      return;
    }
    var redo = ev.key === "y" || ev.shiftKey;
    var btn = document.querySelector(redo ? "[data-shortcut=redo]" : "[data-shortcut=undo]");
    if (btn && !btn.disabled) {
      ev.preventDefault();
      btn.click();
    }
  });
  // A form marked data-confirm (revoking a share link or a token: nothing brings it back)
  // asks first, in its own words.
  document.addEventListener("submit", function (ev) {
    var f = ev.target;
    if (f.hasAttribute && f.hasAttribute("data-confirm") && !window.confirm(f.getAttribute("data-confirm"))) {
      ev.preventDefault();
      ev.stopImmediatePropagation();
    }
  }, true);
  // Buttons marked data-copy copy the text of the element they name (the share link).
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest("[data-copy]");
    if (!b) {
      return;
    }
    var src = document.getElementById(b.getAttribute("data-copy"));
    if (!src) {
      return;
    }
    // Where the clipboard is not offered (a page served over plain http from another
    // machine), the text is selected for the player to copy with the keyboard.
    var select = function () {
      if (src.select) {
        src.select();
      } else {
        var r = document.createRange();
        r.selectNodeContents(src);
        var sel = window.getSelection();
        sel.removeAllRanges();
        sel.addRange(r);
      }
      b.textContent = "Selected: press Ctrl+C";
    };
    if (!navigator.clipboard) {
      select();
      return;
    }
    navigator.clipboard.writeText(src.value || src.textContent).then(function () {
      b.textContent = "Copied";
    }, select);
  });
  // The editor keeps the form as a draft on the server with each cost update; until the
  // update after the last keystroke has come back, leaving the page asks first. The form is
  // swapped whole when a unit is added (htmx), so the listeners sit on the document.
  var pending = false;
  var inEditor = function (el) {
    return el && el.closest && el.closest("#army-form");
  };
  var touch = function (ev) {
    if (inEditor(ev.target)) {
      pending = true;
    }
  };
  // Capture: a control that redraws its unit consumes its change event on the way up.
  document.addEventListener("input", touch, true);
  document.addEventListener("change", touch, true);
  document.addEventListener("submit", function (ev) {
    if (inEditor(ev.target)) {
      pending = false;
    }
  });
  // A successful answer to the form (a cost update, a redrawn unit whose control it
  // replaced, a save that swapped the page) means the server holds what was typed.
  document.addEventListener("htmx:afterRequest", function (ev) {
    var elt = ev.detail && ev.detail.elt;
    if (ev.detail && ev.detail.successful && elt &&
      (inEditor(elt) || elt === document.body || !document.body.contains(elt))) {
      pending = false;
    }
  });
  window.addEventListener("beforeunload", function (ev) {
    if (pending && document.getElementById("army-form")) {
      ev.preventDefault();
      ev.returnValue = "";
    }
  });
  // htmx does not swap error answers: show their message (the server's own words, an
  // escaped template) at the top of the page instead of failing silently.
  document.addEventListener("htmx:responseError", function (ev) {
    var xhr = ev.detail && ev.detail.xhr;
    var main = document.querySelector("main") || document.body;
    if (!xhr || !main) {
      return;
    }
    var box = document.getElementById("htmx-error");
    if (!box) {
      box = document.createElement("div");
      box.id = "htmx-error";
      box.setAttribute("role", "alert");
      main.insertBefore(box, main.firstChild);
    }
    var found = null;
    if (xhr.responseText && window.DOMParser) {
      var doc = new DOMParser().parseFromString(xhr.responseText, "text/html");
      found = doc.querySelector(".error-box, [role=alert], main p");
    }
    box.className = "error-box";
    box.textContent = found ? found.textContent : "That did not work (" + xhr.status + "): reload the page and try again.";
  });
  // A number field holding what is not a number ("5e", "4.") posts as empty, which the
  // editor reads as the Troop List's value: the cost would quietly fall and a save would
  // store it. Such a field is posted as "not a number" instead, which the server refuses
  // in words naming the field, and the field is marked until it holds a number.
  var badNumbers = function (form) {
    return form ? Array.prototype.filter.call(form.querySelectorAll("input[type=number]"), function (el) {
      return el.validity && el.validity.badInput;
    }) : [];
  };
  document.addEventListener("htmx:configRequest", function (ev) {
    var elt = ev.detail && ev.detail.elt;
    if (!inEditor(elt) || !ev.detail.parameters) {
      return;
    }
    badNumbers(document.getElementById("army-form")).forEach(function (el) {
      ev.detail.parameters[el.name] = "not a number";
    });
  });
  // A section behind a box (a squad's commander and specialists, a hero's Force: a fieldset
  // whose data-gate names its box) counts only with the box ticked. A player who types a
  // command code or picks a specialist's weapon wants them, so doing so ticks the box, and
  // the cost update follows. (The server reads a filled section as ticked too: a form posted
  // without this script loses nothing.) For the same reason an unticked section must be
  // empty, or the server would keep it: unticking empties the section, and ticking it again
  // before the unit is drawn anew brings back what it held.
  var gateOf = function (el) {
    var fs = inEditor(el) && el.closest("fieldset[data-gate]");
    if (!fs) {
      return null;
    }
    var name = fs.getAttribute("data-gate");
    var box = null;
    fs.querySelectorAll("input[type=checkbox]").forEach(function (b) {
      if (!box && b.name === name) {
        box = b;
      }
    });
    return box ? {fs: fs, box: box} : null;
  };
  var sectionFields = function (g) {
    return Array.prototype.filter.call(g.fs.querySelectorAll("input, select, textarea"), function (el) {
      return el !== g.box && el.name && el.type !== "hidden" && el.type !== "button" && el.type !== "submit";
    });
  };
  var holdsSomething = function (el) {
    if (el.type === "checkbox" || el.type === "radio") {
      return el.checked;
    }
    // "5e" in a number field reads as "": it is still typed (and posted as "not a number").
    return el.value.trim() !== "" || !!(el.validity && el.validity.badInput);
  };
  var emptied = new WeakMap(); // box -> [[field, value or checked], ...] it held when unticked
  var gateInput = function (ev) {
    var g = gateOf(ev.target);
    if (!g) {
      return;
    }
    var el = ev.target;
    if (el === g.box) {
      if (ev.type !== "change") {
        return;
      }
      if (!g.box.checked) {
        var held = sectionFields(g).map(function (f) {
          var was = f.type === "checkbox" || f.type === "radio" ? f.checked : f.value;
          if (f.type === "checkbox" || f.type === "radio") {
            f.checked = false;
          } else {
            f.value = "";
          }
          return [f, was];
        });
        emptied.set(g.box, held);
      } else if (emptied.has(g.box)) {
        emptied.get(g.box).forEach(function (fw) {
          var f = fw[0];
          if (!g.fs.contains(f)) {
            return;
          }
          if (f.type === "checkbox" || f.type === "radio") {
            f.checked = f.checked || fw[1];
          } else if (f.value === "") {
            f.value = fw[1];
          }
        });
        emptied.delete(g.box);
      }
      return;
    }
    if (g.box.checked || !holdsSomething(el)) {
      return;
    }
    g.box.checked = true;
    emptied.delete(g.box);
    // A control that draws its unit again (a weapon row) posts the ticked box with its own
    // request; anything else has the box's change start the cost update at once.
    if (!el.hasAttribute("hx-post")) {
      g.box.dispatchEvent(new Event("change", {bubbles: true}));
    }
  };
  // Capture, ahead of htmx: the box is ticked (or the section emptied) before the form is
  // read for the request this very event starts.
  document.addEventListener("input", gateInput, true);
  document.addEventListener("change", gateInput, true);
  // Problems where they are: each problem in the editor names its field (data-field, the
  // form's own name; views.FormField); the field is marked (aria-invalid, a red border) with
  // the message beside it, and the problem's link goes to it. A field the form does not
  // show exactly falls back to the nearest enclosing name (a specialist's skill to the
  // specialist). Without script the problems still list under each unit.
  var findField = function (form, name) {
    while (name) {
      var el = form.querySelector("[name=\"" + (window.CSS && CSS.escape ? CSS.escape(name) : name) + "\"]");
      if (el && el.type !== "hidden") {
        return el;
      }
      var cut = name.lastIndexOf(".");
      if (cut < 0) {
        return null;
      }
      name = name.slice(0, cut);
    }
    return null;
  };
  var markProblems = function () {
    var form = document.getElementById("army-form");
    if (!form) {
      return;
    }
    form.querySelectorAll(".field-invalid").forEach(function (el) {
      el.classList.remove("field-invalid");
      el.removeAttribute("aria-invalid");
      el.removeAttribute("aria-describedby");
    });
    form.querySelectorAll(".field-problem").forEach(function (el) {
      el.remove();
    });
    var n = 0;
    form.querySelectorAll(".unit-problems li[data-field]").forEach(function (li) {
      var el = findField(form, li.getAttribute("data-field"));
      if (!el || el.classList.contains("field-invalid")) {
        return;
      }
      n++;
      var msg = document.createElement("span");
      msg.className = "field-problem " + li.className;
      msg.id = "field-problem-" + n;
      msg.textContent = li.getAttribute("data-message");
      el.classList.add("field-invalid");
      if (li.classList.contains("error")) {
        el.setAttribute("aria-invalid", "true");
      }
      el.setAttribute("aria-describedby", msg.id);
      var after = el.closest("label") || el;
      after.insertAdjacentElement("afterend", msg);
      var link = li.querySelector("a.problem-place");
      if (link && el.id) {
        link.setAttribute("href", "#" + el.id);
      }
    });
    badNumbers(form).forEach(function (el) {
      if (el.classList.contains("field-invalid")) {
        return;
      }
      n++;
      var msg = document.createElement("span");
      msg.className = "field-problem error";
      msg.id = "field-problem-" + n;
      msg.textContent = "not a number: write a whole number" + (el.min !== "" && el.max !== "" ? " from " + el.min + " to " + el.max : "");
      el.classList.add("field-invalid");
      el.setAttribute("aria-invalid", "true");
      el.setAttribute("aria-describedby", msg.id);
      (el.closest("label") || el).insertAdjacentElement("afterend", msg);
    });
  };
  document.addEventListener("DOMContentLoaded", markProblems);
  document.addEventListener("htmx:afterSettle", markProblems);
  // A problem's link, wherever it is listed in the editor (the pinned Problems list, the
  // list under a unit's cost lines, the one at the head of its fields), opens its unit when
  // another unit is picked (folded away by the style's :target) and puts the focus in the
  // field the problem names, or on the unit when the form shows no such field.
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest && ev.target.closest("a.problem-place");
    var form = document.getElementById("army-form");
    if (!a || !form || !form.contains(a) || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) {
      return;
    }
    var li = a.closest("li[data-field]");
    var name = li ? li.getAttribute("data-field") : "";
    var m = /^u(\d+)(\.|$)/.exec(name) || /#unit-(\d+)$/.exec(a.getAttribute("href") || "");
    var unit = m && document.getElementById("fields-" + m[1]);
    if (!unit) {
      return;
    }
    ev.preventDefault();
    if (unit.getClientRects().length === 0) {
      // Folded: pick it, as its link in the units list does.
      window.location.hash = unit.id;
    }
    var el = name ? findField(form, name) : null;
    if (!el || !unit.contains(el) || el.getClientRects().length === 0) {
      el = unit;
      if (!el.hasAttribute("tabindex")) {
        el.setAttribute("tabindex", "-1");
      }
    }
    el.focus({preventScroll: true});
    // The middle of the window: on a phone the status bar is pinned over its top.
    el.scrollIntoView({block: "center"});
  });

  // On narrow windows the editor's status bar (total, problems, saved state) is pinned over
  // the top of the window, and wraps to two or three lines at 360 px: the page starts below
  // it, however tall it is, so that it never hides the header or the first fields.
  var padForBar = function () {
    var bar = document.getElementById("totalbar");
    if (!bar) {
      return;
    }
    var fixed = window.getComputedStyle(bar).position === "fixed";
    document.body.style.paddingTop = fixed ? (bar.offsetHeight + 8) + "px" : "";
  };
  document.addEventListener("DOMContentLoaded", padForBar);
  document.addEventListener("htmx:afterSettle", padForBar);
  window.addEventListener("resize", padForBar);

  // On wide windows the breakdown (its total first) sticks beside the fields, as tall as the
  // window. Near the end of the page the editor's box ends above the window's bottom (the
  // footer) and would push the sticky panel up, its total out of sight just when a unit has
  // been added at the end: the panel is kept no taller than the room its box leaves.
  var fitPanel = function () {
    var panel = document.getElementById("breakdown-panel");
    var editor = panel && panel.closest(".editor");
    if (!editor || window.getComputedStyle(panel).position !== "sticky") {
      if (panel) {
        panel.style.maxHeight = "";
      }
      return;
    }
    var top = parseFloat(window.getComputedStyle(panel).top) || 0;
    var room = editor.getBoundingClientRect().bottom - top;
    panel.style.maxHeight = Math.max(160, Math.min(window.innerHeight - 2 * top, room)) + "px";
  };
  document.addEventListener("DOMContentLoaded", fitPanel);
  document.addEventListener("htmx:afterSettle", fitPanel);
  window.addEventListener("resize", fitPanel);
  window.addEventListener("scroll", fitPanel, {passive: true});

  // Forms marked data-busy play battles before the page comes back (what to change, round
  // robins): say so in their status line, and keep a second click from starting it again.
  document.addEventListener("submit", function (ev) {
    var f = ev.target;
    if (!f.hasAttribute || !f.hasAttribute("data-busy")) {
      return;
    }
    var st = f.querySelector("[data-busy-status]");
    if (st) {
      st.textContent = f.getAttribute("data-busy");
    }
    var b = f.querySelector("button[type=submit]");
    if (b) {
      setTimeout(function () { b.disabled = true; }, 0);
    }
  });
  // A field with a maxlength takes no more: the browser cuts a longer paste, and drops keys
  // past the limit, without a word. Say so beside the field: at the limit, how many it
  // takes; after a paste that was cut, how much of it was left out.
  var limitNote = function (el, text) {
    var id = (el.id || el.name) + "-limit";
    var note = document.getElementById(id);
    if (!text) {
      if (note) {
        note.remove();
        el.removeAttribute("aria-describedby");
      }
      return;
    }
    if (!note) {
      note = document.createElement("span");
      note.id = id;
      note.className = "field-limit";
      note.setAttribute("role", "status");
      el.insertAdjacentElement("afterend", note);
    }
    note.textContent = text;
    el.setAttribute("aria-describedby", id);
  };
  var limited = function (el) {
    return el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA") && el.maxLength > 0;
  };
  document.addEventListener("paste", function (ev) {
    var el = ev.target;
    if (!limited(el) || !ev.clipboardData) {
      return;
    }
    var pasted = ev.clipboardData.getData("text");
    var chosen = 0;
    try {
      chosen = (el.selectionEnd || 0) - (el.selectionStart || 0);
    } catch (e) {}
    var room = el.maxLength - (el.value.length - chosen);
    if (pasted.length <= room) {
      return;
    }
    var left = pasted.length - Math.max(room, 0);
    setTimeout(function () {
      limitNote(el, "This field takes at most " + el.maxLength + " characters: the last " + left +
        " of what you pasted " + (left === 1 ? "was" : "were") + " left out.");
    }, 0);
  });
  document.addEventListener("input", function (ev) {
    var el = ev.target;
    if (!limited(el) || ev.inputType === "insertFromPaste") {
      return;
    }
    limitNote(el, el.value.length >= el.maxLength ? el.maxLength + " of " + el.maxLength + " characters: the most this field takes." : "");
  });
})();
