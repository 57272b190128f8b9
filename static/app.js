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
  // Buttons marked data-copy copy the text of the element they name (the share link).
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest("[data-copy]");
    if (!b) {
      return;
    }
    var src = document.getElementById(b.getAttribute("data-copy"));
    if (src && navigator.clipboard) {
      navigator.clipboard.writeText(src.value || src.textContent);
      b.textContent = "Copied";
    }
  });
  // The editor keeps the form as a draft on the server with each cost update; until the
  // update after the last keystroke has come back, leaving the page asks first.
  var form = document.getElementById("army-form");
  if (form) {
    var pending = false;
    var touch = function () {
      pending = true;
    };
    form.addEventListener("input", touch);
    form.addEventListener("change", touch);
    form.addEventListener("submit", function () {
      pending = false;
    });
    document.addEventListener("htmx:afterRequest", function (ev) {
      if (ev.detail && ev.detail.successful && ev.detail.elt === form) {
        pending = false;
      }
    });
    window.addEventListener("beforeunload", function (ev) {
      if (pending) {
        ev.preventDefault();
        ev.returnValue = "";
      }
    });
  }

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
})();
