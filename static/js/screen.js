/* The big screen: draws the embedded snapshot at once, then fetches a fresh JSON snapshot
   every few seconds and redraws only what changed (no reload, no flicker). Rotates the
   views, scrolls long ones slowly, counts the round clock down every second.
   Keys: ← → views, P pause rotation, + − text size, C compact, F full screen. */
(function () {
  "use strict";

  var root = document.getElementById("screen");
  if (!root) return;
  var dataNode = document.getElementById("screen-data");
  var snapshot = JSON.parse(dataNode.textContent);
  var snapshotUrl = root.dataset.snapshotUrl;
  var refreshMs = (parseFloat(root.dataset.refresh) || 4) * 1000;
  var store = window.localStorage || { getItem: function () { return null; }, setItem: function () {} };

  var els = {
    clock: document.getElementById("clock"),
    clockLabel: document.getElementById("clock-label"),
    clockTime: document.getElementById("clock-time"),
    clockNote: document.getElementById("clock-note"),
    boards: document.getElementById("boards"),
    bracket: document.getElementById("bracket"),
    status: document.getElementById("screen-status"),
    gone: document.getElementById("screen-gone"),
    finalChart: document.getElementById("final-chart"),
  };
  var views = Array.prototype.slice.call(root.querySelectorAll(".screen-view"));

  // ------------------------------------------------------------------ small helpers
  var h = window.MonopolyNight.h;  // elements.js
  var money = window.MonopolyNight.money;  // format.js
  var duration = window.MonopolyNight.clock;  // format.js

  // Server time minus this machine's time, so a projector with a wrong clock still counts right.
  var offsetMs = 0;
  function takeServerTime(data) {
    var server = Date.parse(data.now);
    if (!isNaN(server)) offsetMs = server - Date.now();
  }
  function now() { return Date.now() + offsetMs; }

  // ------------------------------------------------------------------ the clock
  function drawClock() {
    var clock = snapshot.clock;
    var label = "", time = "", note = "", state = "";
    if (!clock) {
      label = "Tonight";
      time = "—";
      note = "No round has been seated yet";
    } else {
      label = "Round " + clock.round + " · " + clock.kind_label;
      if (clock.status === "running" && clock.ends_at) {
        var left = Date.parse(clock.ends_at) - now();
        if (left > 0) {
          time = duration(left);
          note = "Time is called at " + clock.ends_at_text;  // the event's local time
          if (left <= 5 * 60 * 1000) state = "soon";
        } else {
          time = "Last turn";
          note = "Time has been called";
          state = "last-turn";
        }
      } else if (clock.last_turn) {
        time = "Last turn";
        note = "Time has been called: finish the turn";
        state = "last-turn";
      } else if (clock.ended) {
        time = "Ended";
        note = "Results are being checked";
      } else {
        time = duration(clock.time_limit_minutes * 60 * 1000);
        note = "Starts soon";
      }
    }
    els.clockLabel.textContent = label;
    els.clockTime.textContent = time;
    els.clockNote.textContent = note;
    els.clock.classList.toggle("soon", state === "soon");
    els.clock.classList.toggle("last-turn", state === "last-turn");
  }

  // ------------------------------------------------------------------ the leaderboard
  var previousWorth = {};
  var boardsKey = null;

  function drawBoards() {
    var tables = snapshot.tables || [];
    var key = JSON.stringify(tables) + (snapshot.seating_soon ? "/soon" : "");
    if (key === boardsKey) return;
    var first = boardsKey === null;
    boardsKey = key;
    var worth = {};
    var rounds = {};
    tables.forEach(function (t) { rounds[t.round] = true; });
    var manyRounds = Object.keys(rounds).length > 1;
    var cards = tables.map(function (table) {
      // Gold for the leader, once somebody leads: not for a table still all level.
      var someoneLeads = table.leaderboard.some(function (seat) { return seat.place > 1; });
      var rows = table.leaderboard.map(function (seat) {
        var id = table.id + ":" + seat.seat;
        worth[id] = seat.net_worth + "/" + seat.cash;
        var changed = !first && previousWorth[id] !== undefined && previousWorth[id] !== worth[id];
        var classes = ["board-row"];
        if (someoneLeads && seat.place === 1 && !seat.bankrupt) classes.push("leader");
        if (seat.bankrupt) classes.push("bankrupt");
        if (changed) classes.push("changed");
        return h("li", { className: classes.join(" "), "data-seat": seat.seat }, [
          h("span", { className: "place", text: String(seat.place) }),
          h("span", { className: "name", text: seat.name, "data-full": seat.name, "data-short": seat.short }),
          h("span", { className: "worth", text: seat.bankrupt ? "Bankrupt" : money(seat.net_worth, table.currency) }),
          h("span", { className: "cash", text: "cash " + money(seat.cash, table.currency) }),
        ]);
      });
      var title = [h("span", { text: "Table " + table.number })];
      if (manyRounds) title.push(h("span", { className: "board-tag", text: "Round " + table.round }));
      if (table.closed) title.push(h("span", { className: "board-tag closed", text: "Closed" }));
      return h("article", { className: "board", "data-table": table.number }, [
        h("h3", {}, title),
        h("ol", { className: "board-rows" }, rows),
      ]);
    });
    previousWorth = worth;
    els.boards.replaceChildren.apply(
      els.boards,
      cards.length ? cards : [h("p", {
        className: "screen-empty" + (snapshot.seating_soon ? " seating-soon" : ""),
        text: snapshot.seating_soon ? "Seating coming soon" : "The tables appear here once the round is seated.",
      })]
    );
    pages.lay();
  }

  // ------------------------------------------------------------------ fitting the tables
  // Every table of the round on the screen, never scrolled: the type shrinks step by step
  // (names stay 32 px or more at 1920 wide), and when even the smallest step does not fit,
  // the tables are shown page by page, each page for a few seconds.
  var pages = (function () {
    // --board-size steps; 1 keeps names at 32 px on 1920 px; the last step leaves the cash
    // line out (net worth only), so that twelve tables fit a 1920 x 1080 screen.
    var SIZES = [[1.3, false], [1.15, false], [1, false], [1, true]];
    var PAGE_MS = (parseFloat(root.dataset.pageSeconds) || 8) * 1000;
    var count = 1, shown = 0, timer = null;

    function cards() { return Array.prototype.slice.call(els.boards.querySelectorAll(".board")); }
    function room() {
      var scroller = els.boards.closest(".view-scroll");
      return scroller.getBoundingClientRect().bottom - 4;
    }
    function fits(list) {
      var bottom = room();
      return list.every(function (card) { return card.getBoundingClientRect().bottom <= bottom; });
    }

    function lay() {
      var all = cards();
      all.forEach(function (card) { card.hidden = false; delete card.dataset.page; });
      count = 1;
      var view = els.boards.closest(".screen-view");
      if (!all.length || view.hidden) { turn(); label(all.length); return; }
      var size = 0;
      for (size = 0; size < SIZES.length; size += 1) {
        els.boards.style.setProperty("--board-size", String(SIZES[size][0]));
        els.boards.classList.toggle("dense", SIZES[size][1]);
        if (fits(all)) break;
      }
      shorten();
      if (size === SIZES.length) {
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
    // lays the tables out again but leaves the running page its time.
    function turn() {
      if (count < 2) { clearTimeout(timer); timer = null; return; }
      if (timer === null) timer = setTimeout(function () { timer = null; show((shown + 1) % count); }, PAGE_MS);
    }

    function label(total) {
      var node = document.getElementById("boards-page");
      if (count < 2) { node.textContent = ""; return; }
      var on = cards().filter(function (card) { return !card.hidden; });
      node.textContent = "Tables " + on[0].dataset.table + "\u2013" + on[on.length - 1].dataset.table +
        " of " + total + " \u00b7 page " + (shown + 1) + " of " + count;
    }

    window.addEventListener("resize", function () { lay(); });
    return { lay: lay, pageMs: function () { return count * PAGE_MS; } };
  })();

  // A row flashes once when its figures change; drop the mark so that showing the view
  // again (display: none to shown restarts animations) does not flash it a second time.
  els.boards.addEventListener("animationend", function (event) {
    event.target.classList.remove("changed");
  });

  // ------------------------------------------------------------------ the bracket
  var bracketKey = null;

  function drawBracket() {
    var bracket = snapshot.bracket || { rounds: [] };
    var key = JSON.stringify(bracket);
    if (key === bracketKey) return;
    bracketKey = key;
    var nodes = [];
    if (bracket.winners && bracket.winners.length) {
      nodes.push(h("div", {
        className: "bracket-winner",
        text: (bracket.winners.length > 1 ? "Winners: " : "Winner: ") +
          bracket.winners.map(function (w) { return w.name; }).join(", "),
      }));
    }
    var columns = (bracket.rounds || []).map(function (round) {
      var children = [h("h3", {}, [
        "Round " + round.number + " · " + round.kind_label + " ",
        h("span", { className: "state", text: round.status_label }),
      ])];
      var boxes = round.tables.map(function (table) {
        return h("div", { className: "bracket-table" }, [
          h("h4", { text: "Table " + table.number + (table.closed ? " · closed" : "") }),
          h("ol", {}, table.players.map(function (p) {
            var classes = ["bracket-player"];
            if (p.advances) classes.push("advances");
            if (p.undecided) classes.push("undecided");
            return h("li", { className: classes.join(" ") }, [
              h("span", {}, [h("span", { className: "rank", text: p.rank ? p.rank + "." : "" }), p.name]),
              h("span", { className: "mark" }),
            ]);
          })),
        ]);
      });
      if (boxes.length) children.push(h("div", { className: "bracket-tables" }, boxes));
      if (round.waiting && round.waiting.length) {
        children.push(h("div", { className: "bracket-waiting" }, [
          h("h4", { text: "Going through, to be seated" }),
          h("ul", {}, round.waiting.map(function (p) { return h("li", { text: p.name }); })),
        ]));
      }
      if (round.seating_soon) {
        children.push(h("p", { className: "screen-empty", text: "Seating coming soon" }));
      } else if (!round.tables.length && !(round.waiting && round.waiting.length)) {
        children.push(h("p", { className: "screen-empty", text: "Not seated yet" }));
      }
      return h("section", { className: "bracket-round" }, children);
    });
    if (!columns.length) nodes.push(h("p", { className: "screen-empty", text: "No rounds yet." }));
    nodes.push(h("div", { className: "bracket" }, columns));
    els.bracket.replaceChildren.apply(els.bracket, nodes);
  }

  // ------------------------------------------------------------------ the final's chart
  // Drawn by the server; its address changes with each entry, so a new one is fetched once.
  function drawFinalChart() {
    var chart = snapshot.final_chart;
    els.finalChart.hidden = !chart;
    if (!chart) return;
    var img = els.finalChart.querySelector("img");
    if (img.getAttribute("src") !== chart.url) {
      img.setAttribute("src", chart.url);
      img.setAttribute("alt", "The final table: each player\u2019s net worth after each entry");
      els.finalChart.querySelector("figcaption").textContent = "The final: net worth after each entry";
    }
  }

  function draw() {
    drawClock();
    drawFinalChart();
    drawBoards();
    drawBracket();
  }

  // ------------------------------------------------------------------ refreshing
  var lastUpdate = Date.now();
  var failures = 0;

  function drawStatus() {
    var seconds = Math.round((Date.now() - lastUpdate) / 1000);
    var ago = seconds < 2 ? "just now" : seconds + " s ago";
    if (failures > 0) {
      els.status.textContent = "Connection lost: showing the figures of " + ago + ", retrying";
      els.status.classList.add("offline");
    } else {
      els.status.textContent = "Live · updated " + ago;
      els.status.classList.remove("offline");
    }
  }

  function refresh() {
    // The bracket comes only when it changed since the one held here (it grows with the night).
    var url = snapshotUrl + "?bracket_version=" + encodeURIComponent(snapshot.bracket_version || "");
    fetch(url, { cache: "no-store", credentials: "omit", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (response.status === 404) { els.gone.hidden = false; throw new Error("revoked"); }
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      })
      .then(function (data) {
        els.gone.hidden = true;
        if (!("bracket" in data)) data.bracket = snapshot.bracket;
        snapshot = data;
        takeServerTime(data);
        failures = 0;
        lastUpdate = Date.now();
        draw();
        drawStatus();
      })
      .catch(function () { failures += 1; drawStatus(); })
      .then(function () {
        // Back off gently while the network is down: 4 s, 8 s, … up to a minute.
        var wait = Math.min(refreshMs * Math.pow(2, Math.min(failures, 4)), 60000);
        setTimeout(refresh, failures ? wait : refreshMs);
      });
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
    pause.textContent = paused ? "Rotate" : "Pause";
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
  takeServerTime(snapshot);
  applyLook();
  draw();
  drawStatus();
  showView(0);
  setInterval(function () { drawClock(); drawStatus(); }, 1000);
  setTimeout(refresh, refreshMs);
})();
