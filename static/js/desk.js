/* The organiser desk: small enhancements. Every page works without this file. */
(function () {
  "use strict";

  // ------------------------------------------------------------ confirmations
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
    }
  });

  // ------------------------------------------------------------ one-tap toggles (check-in, paid)
  function setText(selector, value) {
    document.querySelectorAll(selector).forEach(function (el) { el.textContent = value; });
  }

  document.querySelectorAll("form[data-toggle]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.fetch) { return; }
      event.preventDefault();
      var button = form.querySelector("button");
      var input = form.querySelector("input[type=hidden][data-on]");
      button.disabled = true;
      button.classList.add("is-busy");
      fetch(form.action, {
        method: "POST",
        body: new FormData(form),
        headers: { "X-Requested-With": "fetch", "Accept": "application/json" },
        credentials: "same-origin"
      }).then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      }).then(function (data) {
        var pressed = input.name === "checked_in"
          ? data.checked_in
          : data.paid >= Number(input.dataset.off);
        button.setAttribute("aria-pressed", pressed ? "true" : "false");
        input.value = pressed ? input.dataset.on : input.dataset.off;
        var partial = form.querySelector("[data-partial]");
        if (partial) { partial.remove(); }
        setText("[data-count-checked]", data.counts.checked_in);
        setText("[data-count-registered]", data.counts.registered);
        setText("[data-count-missing]", data.counts.registered - data.counts.checked_in);
        setText("[data-money-total]", data.raised_text);  // written by the server
      }).catch(function () {
        form.submit();  // let the server answer the plain way
      }).finally(function () {
        button.disabled = false;
        button.classList.remove("is-busy");
      });
    });
  });

  // ------------------------------------------------------------ find a player
  var find = document.querySelector("[data-find]");
  var rows = document.querySelector("[data-find-rows]");
  if (find && rows) {
    find.hidden = false;
    var none = document.querySelector("[data-find-none]");
    find.querySelector("input").addEventListener("input", function (event) {
      var q = event.target.value.trim().toLowerCase();
      var shown = 0;
      rows.querySelectorAll("tbody tr").forEach(function (tr) {
        var hit = !q || tr.dataset.name.indexOf(q) !== -1;
        tr.hidden = !hit;
        if (hit) { shown += 1; }
      });
      if (none) { none.hidden = shown !== 0; }
    });
  }

  // ------------------------------------------------------------ edition defaults for variants
  var defaults = document.getElementById("edition-defaults");
  if (defaults) {
    var byEdition = JSON.parse(defaults.textContent);
    document.querySelectorAll("input[name=edition]").forEach(function (radio) {
      radio.addEventListener("change", function () {
        var chosen = byEdition[radio.value] || {};
        Object.keys(chosen).forEach(function (name) {
          var box = document.querySelector("input[name=variant_" + name + "]");
          if (box) { box.checked = chosen[name]; }
        });
      });
    });
  }

  // ------------------------------------------------------------ the round's clock
  // The round page's live part (templates/desk/_round_live.html) is drawn by the server and
  // asked for again by htmx, with the ETag of what it shows. This ticks its clock down to
  // the server's `ends_at` each second (each wave's, in a round played in waves), and leaves
  // the poll for when the page is seen again.
  function tick() {
    document.querySelectorAll(".countdown[data-ends-at]").forEach(function (countdown) {
      window.MonopolyNight.tick(countdown);  // format.js
    });
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (document.hidden && event.detail.elt.id === "round-live") { event.preventDefault(); }
  });
  document.addEventListener("htmx:afterSwap", tick);

  // The control room's count of tables needing attention, said once when it changes (not at
  // each poll, nor when the page opens). Focus is kept by htmx: each control has its own id.
  function roomNews() {
    var room = document.querySelector("#round-live [data-room-news]");
    return room ? room.dataset.roomNews : "";
  }
  MonopolyNight.sayChanges(document, roomNews, document.getElementById("room-news"));

  if (document.getElementById("round-live")) {
    tick();
    window.setInterval(tick, 1000);
  }

  // ------------------------------------------------------------ copy a message (plain and HTML)
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var state = document.querySelector("[data-copy-state]");
    button.addEventListener("click", function () {
      var plain = document.getElementById(button.dataset.copy).value;
      var htmlSource = button.dataset.copyHtml && document.getElementById(button.dataset.copyHtml);
      var copied;
      if (htmlSource && window.ClipboardItem && navigator.clipboard && navigator.clipboard.write) {
        copied = navigator.clipboard.write([new window.ClipboardItem({
          "text/plain": new Blob([plain], { type: "text/plain" }),
          "text/html": new Blob([htmlSource.value], { type: "text/html" })
        })]);
      } else if (navigator.clipboard && navigator.clipboard.writeText) {
        copied = navigator.clipboard.writeText(plain);
      } else {
        copied = Promise.reject(new Error("no clipboard"));
      }
      copied.then(function () {
        if (state) { state.textContent = gettext("Copied: paste it into an email."); }
      }).catch(function () {
        var area = document.getElementById(button.dataset.copy);
        area.focus();
        area.select();
        if (state) { state.textContent = gettext("Selected: press Ctrl+C (or ⌘C) to copy."); }
      });
    });
  });
})();
