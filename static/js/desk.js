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
  var money = window.MonopolyNight.money;  // format.js

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
        setText("[data-money-total]", money(data.money.total, data.currency));
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

  // ------------------------------------------------------------ the clock and live tables
  var offset = 0;  // server time minus this device's time
  var countdown = document.querySelector(".countdown[data-ends-at]");
  if (countdown && countdown.dataset.now) {
    offset = Date.parse(countdown.dataset.now) - Date.now();
  }
  function serverNow() { return Date.now() + offset; }

  function clockText(seconds) { return window.MonopolyNight.clock(seconds * 1000); }  // format.js

  var control = document.querySelector("[data-round-status-url]");

  function tick() {
    if (countdown) {
      var left = Math.max(0, Math.round((Date.parse(countdown.dataset.endsAt) - serverNow()) / 1000));
      countdown.textContent = left > 0 ? clockText(left) : "Time!";
      countdown.classList.toggle("is-low", left < 300);
      if (left === 0 && !tick.calledOnce) { tick.calledOnce = true; poll(); }
    }
  }

  function updateTable(card, table) {
    var state = card.querySelector("[data-field=state]");
    state.textContent = table.closed ? "Closed" : "Open";
    state.classList.toggle("ok", !table.closed);
    card.classList.toggle("is-closed", table.closed);
    card.querySelector("[data-field=last]").textContent =
      table.last_seq ? "#" + table.last_seq + " " + table.last_kind_label : "none";
    card.querySelector("[data-field=ago]").textContent = table.ago;  // the server's words
    card.querySelector("[data-field=console]").setAttribute("href", table.console_url);
  }

  // The control room: the server judges each table and orders the tiles; this draws them.
  var room = document.querySelector("[data-room]");
  var h = window.MonopolyNight.h;  // elements.js

  function roomTile(t) {
    function fact(label, field, value, className) {
      return h("div", null, h("dt", { text: label }),
        h("dd", { className: className, dataset: { field: field }, text: value }));
    }
    var leader = t.leader ? t.leader.name + " " + money(t.leader.net_worth, t.currency) : "none yet";
    return h("li", { className: "room-tile" + (t.attention ? " needs-attention" : ""), dataset: { roomTile: t.id } },
      h("div", { className: "spread" },
        h("a", { className: "tile-name", href: "#table-" + t.number, text: "Table " + t.number }),
        h("span", { className: "badge status-" + t.status, dataset: { field: "status" }, text: t.status_label })),
      h("p", { className: "tile-reason", dataset: { field: "reasons" }, hidden: !t.attention, text: t.reason_words }),
      h("dl", { className: "tile-facts" },
        fact("Tablet", "tablet", t.tablet.words, "tablet-" + t.tablet.state),
        fact("Last entry", "last-entry", t.last_entry_words),
        fact("Entries", "entries", String(t.entries)),
        fact("Leader", "leader", leader)));
  }

  function drawRoom(data) {
    if (!room || !data) { return; }
    var count = room.querySelector("[data-room-count]");
    count.textContent = data.attention
      ? data.attention + (data.attention === 1 ? " needs" : " need") + " attention"
      : "all well";
    count.classList.toggle("danger", data.attention > 0);
    count.classList.toggle("ok", data.attention === 0);
    room.querySelector("[data-room-tiles]").replaceChildren.apply(
      room.querySelector("[data-room-tiles]"), data.tables.map(roomTile));
  }

  var etag = null;

  function poll() {
    if (!control || document.hidden) { return; }
    var headers = { "Accept": "application/json" };
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(control.dataset.roundStatusUrl, {
      headers: headers, credentials: "same-origin", cache: "no-store"
    }).then(function (response) {
      if (response.status === 304) {
        var date = Date.parse(response.headers.get("Date") || "");
        if (!Number.isNaN(date)) { offset = date - Date.now(); }
        return null;
      }
      if (!response.ok) { throw new Error(String(response.status)); }
      etag = response.headers.get("ETag");
      return response.json();
    }).then(function (data) {
      if (!data) { return; }
      offset = Date.parse(data.now) - Date.now();
      if (data.round.status !== control.dataset.roundStatus) { window.location.reload(); return; }
      var cards = document.querySelectorAll("[data-table]");
      if (cards.length !== data.tables.length) { window.location.reload(); return; }
      // A table closed, confirmed or disputed: the queue and the end-round form change too.
      var reviewed = data.tables.some(function (table) {
        var card = document.querySelector("[data-table='" + table.id + "']");
        return card && card.dataset.review !== undefined && card.dataset.review !== (table.review || "");
      });
      if (reviewed) { window.location.reload(); return; }
      data.tables.forEach(function (table) {
        var card = document.querySelector("[data-table='" + table.id + "']");
        if (card) { updateTable(card, table); }
      });
      drawRoom(data.room);
    }).catch(function () { /* the next poll tries again */ });
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
        if (state) { state.textContent = "Copied: paste it into an email."; }
      }).catch(function () {
        var area = document.getElementById(button.dataset.copy);
        area.focus();
        area.select();
        if (state) { state.textContent = "Selected: press Ctrl+C (or ⌘C) to copy."; }
      });
    });
  });

  var watching = control && ["seated", "running", "time_called"].indexOf(control.dataset.roundStatus) !== -1;
  if (countdown) {
    tick();
    window.setInterval(tick, 1000);
  }
  if (watching) {
    window.setInterval(poll, 5000);
    document.addEventListener("visibilitychange", function () { if (!document.hidden) { poll(); } });
  }
})();
