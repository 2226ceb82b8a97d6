/* The big screen. The server renders it, and htmx asks for its live parts again every few
   seconds (templates/screen/screen.html, _poll.html) with the ETag of what it shows: each
   part is swapped into its place, a 304 swaps nothing. This asks on its own clock (backing
   off while the network is down), flashes a row whose figures changed, ticks the round
   clock down each second (format.js), fits the tables to the screen, rotates the views and
   scrolls long ones. Keys: ← → views, P pause rotation, + − text size, C compact, F full
   screen. */
(function () {
  "use strict";

  var root = document.getElementById("screen");
  if (!root) return;
  var refreshMs = (parseFloat(root.dataset.refresh) || 4) * 1000;
  var store = window.localStorage || { getItem: function () { return null; }, setItem: function () {} };

  var els = {
    boards: document.getElementById("boards"),
    status: document.getElementById("screen-status"),
    gone: document.getElementById("screen-gone"),
  };
  var views = Array.prototype.slice.call(root.querySelectorAll(".screen-view"));

  // The clock, as the server drew it (each wave's, in a round played in waves): its time
  // left ticks down to `data-ends-at`.
  function tick() {
    document.querySelectorAll("#clock .clock-time[data-ends-at]").forEach(function (time) {
      window.MonopolyNight.tick(time);  // format.js
    });
  }

  // A row flashes once when its figures change: each row's, by table and name, as shown.
  // Only the boards in view count: a page of tables coming into view flashes nothing.
  function figures() {
    var shown = {};
    els.boards.querySelectorAll(".board:not([hidden]) .board-row").forEach(function (row) {
      var name = row.querySelector(".name");
      var key = row.closest(".board").dataset.table + ":" + (name.dataset.full || name.textContent);
      var now = row.querySelector(".worth").textContent + row.querySelector(".cash").textContent;
      if (previous[key] !== undefined && previous[key] !== now) row.classList.add("changed");
      shown[key] = now;
    });
    previous = shown;
  }
  var previous = {};
  figures();

  // ------------------------------------------------------------------ fitting the tables
  // Every table of the round on the screen, never scrolled: the type starts large (a small
  // night fills the screen) and shrinks step by step (names stay 32 px or more at 1920
  // wide); when even the smallest step does not fit, the tables are shown page by page,
  // each page for a few seconds.
  var pages = (function () {
    // --board-size steps; 1 keeps names at 32 px on 1920 px. At each step the fewest
    // columns are tried first: a board wide for its type shows each player on one line
    // (screen.css). Past the last step comes the densest layout: the cash line left out
    // (net worth only), so that twelve tables fit a 1920 x 1080 screen.
    var SIZES = [2.2, 1.8, 1.5, 1.3, 1.15, 1];
    var PAGE_MS = (parseFloat(root.dataset.pageSeconds) || 8) * 1000;
    var count = 1, shown = 0, timer = null, next = null;

    function cards() { return Array.prototype.slice.call(els.boards.querySelectorAll(".board")); }
    function room() {
      var scroller = els.boards.closest(".view-scroll");
      return scroller.getBoundingClientRect().bottom - 4;
    }
    // Every board above the view's bottom; above the densest step, every name whole on its
    // lines (a word too long for its board would be cut). The columns never overflow the
    // width: `columnRange` tries only as many as hold a board of their minimum width.
    function fits(list) {
      var bottom = room();
      var dense = els.boards.classList.contains("dense");
      return list.every(function (card) {
        return card.getBoundingClientRect().bottom <= bottom && (dense ||
          Array.prototype.every.call(card.querySelectorAll(".name"), function (name) {
            return name.scrollWidth <= name.clientWidth + 1;
          }));
      });
    }
    // The columns worth trying at a step, fewest first: from the fewest that leave rows
    // enough for every board (a board is at least its players' net worths tall, each 1.45
    // of its size) to the most whose boards are 14rem of its size wide. `space` is measured
    // once a lay: a big night tries no step its boards cannot fit and goes on to pages.
    function columnRange(size, boards, space) {
      var gap = 0.8 * size * space.rem;
      var rows = Math.floor((space.height + gap) / (space.players * 1.45 * size * space.rem + gap));
      var most = Math.floor((space.width + gap) / (14 * size * space.rem + gap));
      return { fewest: Math.ceil(boards / Math.max(1, rows)), most: Math.max(1, Math.min(boards, most)) };
    }

    function lay() {
      var all = cards();
      all.forEach(function (card) { card.hidden = false; delete card.dataset.page; });
      count = 1;
      var view = els.boards.closest(".screen-view");
      if (!all.length || view.hidden) { turn(); label(all.length); return; }
      els.boards.classList.remove("dense");
      shorten();  // every name whole while the steps are measured
      var space = {
        rem: parseFloat(getComputedStyle(document.documentElement).fontSize),
        width: els.boards.clientWidth,
        height: room() - els.boards.getBoundingClientRect().top,
        players: Math.max.apply(null, all.map(function (card) { return card.querySelectorAll(".board-row").length; })),
      };
      var laid = SIZES.some(function (size) {
        els.boards.style.setProperty("--board-size", String(size));
        var range = columnRange(size, all.length, space);
        for (var columns = range.fewest; columns <= range.most; columns += 1) {
          els.boards.style.setProperty("--board-columns", String(columns));
          if (fits(all)) return true;
        }
        return false;
      });
      if (!laid) {
        els.boards.style.setProperty("--board-size", "1");
        els.boards.classList.add("dense");
      }
      shorten();
      if (!laid && !fits(all)) {
        // At the smallest type: as many rows of tables as the screen holds, a page each.
        var limit = room() - all[0].getBoundingClientRect().top;
        var page = 0, pageTop = null;
        all.forEach(function (card) {
          var rect = card.getBoundingClientRect();
          if (pageTop === null) pageTop = rect.top;
          if (rect.bottom - pageTop > limit && rect.top > pageTop) {  // a row that does not fit
            page += 1;
            pageTop = rect.top;
          }
          card.dataset.page = String(page);
        });
        count = page + 1;
      }
      show(Math.min(shown, count - 1));
    }

    // At the densest step a name keeps one line: one that does not fit shows its short form
    // ("Henrietta M."), as the server wrote it; at any other step every name shows whole.
    function shorten() {
      var dense = els.boards.classList.contains("dense");
      els.boards.querySelectorAll(".name").forEach(function (name) {
        name.dataset.full = name.dataset.full || name.textContent;  // before any short form
        name.textContent = name.dataset.full;
        if (dense && name.dataset.short && name.scrollWidth > name.clientWidth) {
          name.textContent = name.dataset.short;
        }
      });
    }

    function show(index) {
      shown = index;
      cards().forEach(function (card) {
        card.hidden = card.dataset.page !== undefined && card.dataset.page !== String(shown);
      });
      label(cards().length);
      turn();
    }

    // The next page on its own clock: a redraw (new figures, every fetch of a busy round)
    // lays the tables out again but leaves the running page its time. The page turns once
    // its boards' figures have come (`asking`, `arrived`): a poll asks for those it shows.
    function turn() {
      if (count < 2) { clearTimeout(timer); timer = null; next = null; return; }
      if (timer === null && next === null) {
        timer = setTimeout(function () { timer = null; next = (shown + 1) % count; poll(); }, PAGE_MS);
      }
    }

    // The page a poll asks for: the ids of its tables, and the final's while it is shown;
    // "" when every table shows at once (the poll brings them all).
    function asking() {
      if (count < 2) return { page: null, ids: "" };
      var page = next === null ? shown : next;
      var ids = cards().filter(function (card) { return card.dataset.page === String(page); })
        .map(function (card) { return card.id.replace("board-", ""); });
      var final = document.getElementById("final-chart").dataset.tableId;
      if (final) ids.push(final);
      return { page: page, ids: ids.join(",") };
    }

    function arrived(asked) {
      if (next !== null && asked.page === next) { next = null; show(asked.page); }
    }
    function waiting() { return next !== null; }

    function label(total) {
      var node = document.getElementById("boards-page");
      if (count < 2) { node.textContent = ""; return; }
      var on = cards().filter(function (card) { return !card.hidden; });
      node.textContent = interpolate(
        gettext("Tables %(first)s\u2013%(last)s of %(total)s \u00b7 page %(page)s of %(pages)s"),
        { first: on[0].dataset.table, last: on[on.length - 1].dataset.table, total: total,
          page: shown + 1, pages: count }, true);
    }

    window.addEventListener("resize", function () { lay(); });
    return {
      lay: lay, asking: asking, arrived: arrived, waiting: waiting,
      pageMs: function () { return count * PAGE_MS; },
    };
  })();

  // A row flashes once when its figures change; drop the mark so that showing the view
  // again (display: none to shown restarts animations) does not flash it a second time.
  els.boards.addEventListener("animationend", function (event) {
    event.target.classList.remove("changed");
  });

  // ------------------------------------------------------------------ asking again
  var etag = root.dataset.etag;
  var lastUpdate = Date.now();
  var failures = 0;

  function drawStatus() {
    var seconds = Math.round((Date.now() - lastUpdate) / 1000);
    var said = { seconds: seconds };
    if (failures > 0) {
      els.status.textContent = seconds < 2
        ? gettext("Connection lost: showing the figures of just now, retrying")
        : interpolate(gettext("Connection lost: showing the figures of %(seconds)s s ago, retrying"), said, true);
      els.status.classList.add("offline");
    } else {
      els.status.textContent = seconds < 2
        ? gettext("Live · updated just now")
        : interpolate(gettext("Live · updated %(seconds)s s ago"), said, true);
      els.status.classList.remove("offline");
    }
  }

  var asked = null, inFlight = false, pollTimer = null;
  root.addEventListener("htmx:configRequest", function (event) {
    if (event.target !== root) return;
    event.detail.headers["If-None-Match"] = etag;
    asked = pages.asking();
    if (asked.ids) event.detail.parameters.tables = asked.ids;
  });
  document.addEventListener("htmx:afterSettle", tick);  // the clock's classes, once settled
  root.addEventListener("htmx:afterRequest", function (event) {  // after the parts' swap
    if (event.target !== root) return;
    var xhr = event.detail.xhr;
    els.gone.hidden = xhr.status !== 404;  // the link was revoked or replaced
    inFlight = false;
    if (xhr.status === 200) { pages.lay(); tick(); }
    pages.arrived(asked);
    if (xhr.status === 200) figures();
    if (event.detail.successful === true) {
      failures = 0;
      lastUpdate = Date.now();
      etag = xhr.getResponseHeader("ETag") || etag;
    } else {
      failures += 1;
    }
    drawStatus();
    // Back off gently while the network is down: 4 s, 8 s, … up to a minute.
    var wait = Math.min(refreshMs * Math.pow(2, Math.min(failures, 4)), 60000);
    pollTimer = setTimeout(poll, pages.waiting() ? 0 : failures ? wait : refreshMs);
  });
  function poll() {
    clearTimeout(pollTimer);
    if (inFlight) return;  // the page waiting to turn is asked for once this one is back
    inFlight = true;
    window.htmx.trigger(root, "poll");
  }

  // ------------------------------------------------------------------ views, rotation, scrolling
  var current = 0;
  var paused = store.getItem("screen.paused") === "1";
  var rotateTimer = null;

  function showView(index) {
    current = (index + views.length) % views.length;
    views.forEach(function (view, i) { view.hidden = i !== current; });
    var scroller = views[current].querySelector(".view-scroll");
    scroller.scrollTop = 0;
    scroll.reset(scroller);
    if (views[current].contains(els.boards)) pages.lay();
    scheduleRotation();
  }

  function scheduleRotation() {
    clearTimeout(rotateTimer);
    var rotateMs = (parseFloat(root.dataset.rotate) || 20) * 1000;
    if (views[current].contains(els.boards)) rotateMs = Math.max(rotateMs, pages.pageMs());
    if (!paused) rotateTimer = setTimeout(function () { showView(current + 1); }, rotateMs);
  }

  // Long views scroll down slowly, rest at the bottom, and start again from the top.
  var scroll = (function () {
    var SPEED = 40;        // pixels a second
    var REST = 3000;       // ms at the top and at the bottom
    var element = null, position = 0, restUntil = 0, last = 0;
    function reset(node) { element = node; position = 0; restUntil = performance.now() + REST; }
    function step(time) {
      var dt = last ? (time - last) / 1000 : 0;
      last = time;
      if (element && !document.hidden) {
        var max = element.scrollHeight - element.clientHeight;
        if (max <= 2) {
          position = 0;
        } else if (time >= restUntil) {
          if (position >= max) {
            position = 0;
            restUntil = time + REST;
          } else {
            position = Math.min(max, position + SPEED * dt);
            if (position >= max) restUntil = time + REST;
          }
        }
        element.scrollTop = position;
      }
      window.requestAnimationFrame(step);
    }
    window.requestAnimationFrame(step);
    return { reset: reset };
  })();

  // ------------------------------------------------------------------ text size and compact mode
  var scale = parseFloat(store.getItem("screen.scale")) || 1;
  var compact = store.getItem("screen.compact") === "1";

  function applyLook() {
    document.documentElement.style.setProperty("--screen-scale", scale.toFixed(2));
    document.body.classList.toggle("compact", compact);
    root.querySelector("[data-action=compact]").setAttribute("aria-pressed", String(compact));
    var pause = root.querySelector("[data-action=pause]");
    pause.setAttribute("aria-pressed", String(paused));
    pause.textContent = paused ? gettext("Rotate") : gettext("Pause");
    store.setItem("screen.scale", String(scale));
    store.setItem("screen.compact", compact ? "1" : "0");
    store.setItem("screen.paused", paused ? "1" : "0");
  }

  var actions = {
    next: function () { showView(current + 1); },
    prev: function () { showView(current - 1); },
    pause: function () { paused = !paused; applyLook(); scheduleRotation(); },
    larger: function () { scale = Math.min(2.5, Math.round((scale + 0.1) * 10) / 10); applyLook(); pages.lay(); },
    smaller: function () { scale = Math.max(0.5, Math.round((scale - 0.1) * 10) / 10); applyLook(); pages.lay(); },
    compact: function () { compact = !compact; applyLook(); pages.lay(); },
    fullscreen: function () {
      if (document.fullscreenElement) document.exitFullscreen();
      else if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen();
    },
  };

  root.addEventListener("click", function (event) {
    var button = event.target.closest("[data-action]");
    if (button && actions[button.dataset.action]) actions[button.dataset.action]();
  });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var key = {
      ArrowRight: "next", PageDown: "next", ArrowLeft: "prev", PageUp: "prev",
      p: "pause", P: "pause", "+": "larger", "=": "larger", "-": "smaller", _: "smaller",
      c: "compact", C: "compact", f: "fullscreen", F: "fullscreen",
    }[event.key];
    if (!key) return;
    event.preventDefault();
    actions[key]();
  });

  // The controls hide 3 s after the pointer last moved (and the pointer with them), so the
  // hall sees only the figures; a move, a touch or a key brings them back.
  var IDLE_MS = 3000;
  var idleTimer = null;
  function awake() {
    document.body.classList.remove("screen-idle");
    clearTimeout(idleTimer);
    idleTimer = setTimeout(function () { document.body.classList.add("screen-idle"); }, IDLE_MS);
  }
  ["pointermove", "pointerdown", "keydown"].forEach(function (name) {
    document.addEventListener(name, awake, { passive: true });
  });

  // ------------------------------------------------------------------ start
  awake();
  applyLook();
  tick();
  drawStatus();
  showView(0);
  setInterval(function () { tick(); drawStatus(); }, 1000);
  pollTimer = setTimeout(poll, refreshMs);
})();
