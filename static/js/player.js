/* A player's own page: asks status.json every ten seconds with If-None-Match; a 304 means
   nothing changed (nothing is redrawn); otherwise the live part of the page is drawn again
   from the JSON, the same markup the server renders. The round clock ticks every second. */
(function () {
  "use strict";

  var root = document.getElementById("player");
  var live = document.getElementById("player-live");
  if (!root || !live) return;
  var status = JSON.parse(document.getElementById("player-data").textContent);
  var url = root.dataset.statusUrl;
  var refreshMs = (parseFloat(root.dataset.refresh) || 10) * 1000;
  var etag = '"' + status.version + '"';
  var updated = document.getElementById("player-updated");
  var lastOk = Date.now();
  var failures = 0;

  var offsetMs = 0;  // server time minus this phone's time
  function takeServerTime(iso) {
    var server = Date.parse(iso);
    if (!isNaN(server)) offsetMs = server - Date.now();
  }
  takeServerTime(root.dataset.now);

  var h = window.MonopolyNight.h;  // elements.js
  function money(amount) { return window.MonopolyNight.money(amount, status.currency); }  // format.js
  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
  function two(n) { return (n < 10 ? "0" : "") + n; }
  function clockText(seconds) { return window.MonopolyNight.clock(seconds * 1000); }  // format.js

  // ------------------------------------------------------------------ the live part
  function roundCard(r) {
    if (!r) {
      return h("section", { className: "card p-round", "aria-labelledby": "p-round-h" }, [
        h("h2", { id: "p-round-h", text: "Tonight" }), h("p", { text: "No round is seated yet." }),
      ]);
    }
    var badge = "badge" + (r.status === "running" ? " ok" : r.last_turn ? " warn" : "");
    var parts = [h("div", { className: "spread" }, [
      h("h2", { id: "p-round-h", text: "Round " + r.number + " · " + r.kind_label }),
      h("span", { className: badge, text: r.status_label }),
    ])];
    if (r.status === "running" && r.ends_at) {
      parts.push(h("p", { className: "p-clock", role: "timer", "aria-label": "Time left in round " + r.number, "data-ends-at": r.ends_at }));
      parts.push(h("p", { className: "muted small", text: "Time is called at " + r.ends_at_text + "." }));
    } else if (r.last_turn) {
      parts.push(h("p", { className: "p-clock is-last", text: "Last turn" }));
      parts.push(h("p", { className: "muted small", text: "Time has been called: finish the turn, then the banker closes the table." }));
    } else if (r.ended) {
      parts.push(h("p", { className: "p-clock is-ended", text: "Ended" }));
    } else {
      parts.push(h("p", { className: "p-clock is-waiting", text: r.time_limit_minutes + " min" }));
      parts.push(h("p", { className: "muted small", text: "The clock starts when the organiser starts the round." }));
    }
    return h("section", { className: "card p-round", "aria-labelledby": "p-round-h" }, parts);
  }

  function tableCard(s) {
    var t = s.table, parts = [h("h2", { id: "p-table-h", text: "Your table" })];
    if (t) {
      parts.push(h("p", { className: "p-where" }, [
        h("span", { className: "p-where-label", text: "Table" }), " ",
        h("strong", { className: "p-where-big", text: String(t.number) }), " ",
        h("span", { className: "p-where-label", text: "Seat" }), " ",
        h("strong", { className: "p-where-big", text: String(t.seat) }),
      ]));
      if (t.closed) parts.push(h("p", { className: "badge", text: "The table is closed" }));
    } else if (s.seating === "coming_soon") {
      parts.push(h("p", { className: "p-soon", text: "Seating coming soon" }));
      parts.push(h("p", { className: "muted", text: "Your table appears here once the organiser releases the seating." }));
    } else {
      parts.push(h("p", { text: "You have no table in round " + s.round.number + "." }));
    }
    return h("section", { className: "card p-table", "aria-labelledby": "p-table-h" }, parts);
  }

  function moneyCard(t) {
    var me = t.me;
    var rows = [
      ["Net worth", money(me.net_worth)], ["Cash", money(me.cash)],
      ["Deeds at price", money(me.property_value)], ["Buildings at cost", money(me.building_value)],
    ];
    if (me.jail_cards) rows.push(["Get Out of Jail Free cards", String(me.jail_cards)]);
    var deeds = me.deeds.length
      ? h("ul", { className: "p-deeds", role: "list" }, me.deeds.map(function (d) {
          return h("li", {}, [
            h("span", { className: "chip g-" + d.group, "aria-hidden": "true" }),
            h("span", { className: "p-deed-name", text: d.name }),
            d.hotel ? h("span", { className: "tag", text: "hotel" })
              : d.houses ? h("span", { className: "tag", text: plural(d.houses, "house") }) : null,
            d.mortgaged ? h("span", { className: "tag warn", text: "mortgaged" }) : null,
          ]);
        }))
      : h("p", { className: "muted", text: "No deeds yet." });
    return h("section", { className: "card p-money", "aria-labelledby": "p-money-h" }, [
      h("h2", { id: "p-money-h", text: "Your money" }),
      me.bankrupt ? h("p", { className: "p-cash is-bankrupt", text: "Bankrupt" })
        : h("p", { className: "p-cash" }, [h("span", { className: "sr-only", text: "Cash: " }), money(me.cash)]),
      h("dl", { className: "pairs" }, rows.map(function (row) {
        return h("div", {}, [h("dt", { text: row[0] }), h("dd", { text: row[1] })]);
      })),
      h("h3", { text: "Your deeds" }),
      deeds,
      h("p", { className: "muted small", text: "As the banker records it" + (t.last_seq ? ": entry " + t.last_seq : "") + "." }),
    ]);
  }

  function matesCard(t) {
    return h("section", { className: "card p-mates", "aria-labelledby": "p-mates-h" }, [
      h("h2", { id: "p-mates-h", text: "At table " + t.number }),
      h("ol", { className: "p-board", role: "list" }, t.players.map(function (p) {
        var classes = (p.you ? "is-you" : "") + (p.bankrupt ? " is-bankrupt" : "");
        return h("li", { className: classes.trim() || null }, [
          h("span", { className: "place", text: String(p.place) }),
          h("span", { className: "name" }, [p.name, p.you ? " " : null, p.you ? h("span", { className: "tag", text: "you" }) : null]),
          h("span", { className: "worth", text: p.bankrupt ? "Bankrupt" : money(p.net_worth) }),
        ]);
      })),
      h("p", { className: "muted small", text: "Net worth: cash, deeds at price (mortgaged at half), buildings at cost." }),
      t.chart_url ? h("img", { className: "p-chart", src: t.chart_url, width: "640", height: "260",
        alt: "Each player\u2019s net worth at table " + t.number + " after each entry" }) : null,
    ]);
  }

  function nextCard(next) {
    return h("section", { className: "card p-next is-" + next.state, "aria-labelledby": "p-next-h" }, [
      h("h2", { id: "p-next-h", text: "What\u2019s next" }), h("p", { text: next.text }),
    ]);
  }

  function resultsCard(results) {
    return h("section", { className: "card p-results", "aria-labelledby": "p-results-h" }, [
      h("h2", { id: "p-results-h", text: "Your results" }),
      h("ul", { className: "p-result-list", role: "list" }, results.map(function (x) {
        var line = x.bankrupt ? "Bankrupt" : "Place " + x.rank + (x.tied ? " (tied)" : "") + " · " + money(x.net_worth);
        if (x.points) line += " · " + plural(x.points, "point");
        return h("li", {}, [
          h("p", { className: "p-result-head" }, [
            h("strong", { text: "Round " + x.round + " · " + x.kind_label }), " ",
            h("span", { className: "muted", text: "table " + x.table }),
          ]),
          h("p", {}, [line, x.advances ? " · " : null, x.advances ? h("strong", { text: "goes through" }) : null]),
          h("p", { className: "muted small", text: "cash " + money(x.cash) + " + deeds " + money(x.property_value) + " + buildings " + money(x.building_value) }),
        ]);
      })),
    ]);
  }

  function draw() {
    var cards = [roundCard(status.round)];
    if (status.round) cards.push(tableCard(status));
    if (status.table) cards.push(moneyCard(status.table), matesCard(status.table));
    cards.push(nextCard(status.next));
    if (status.results.length) cards.push(resultsCard(status.results));
    live.replaceChildren.apply(live, cards);
    tick();
  }

  // ------------------------------------------------------------------ the clock
  function tick() {
    var clock = live.querySelector(".p-clock[data-ends-at]");
    if (!clock) return;
    var left = Math.max(0, Math.round((Date.parse(clock.dataset.endsAt) - Date.now() - offsetMs) / 1000));
    clock.textContent = left > 0 ? clockText(left) : "Time!";
    clock.classList.toggle("is-low", left < 300);
  }

  // ------------------------------------------------------------------ refreshing
  function drawUpdated() {
    var seconds = Math.round((Date.now() - lastOk) / 1000);
    updated.textContent = failures
      ? "No connection: showing what was known " + seconds + " s ago. Trying again."
      : "Up to date (checked " + (seconds < 2 ? "just now" : seconds + " s ago") + "). Nothing on this page can change the game.";
  }

  function refresh() {
    if (document.hidden) { schedule(); return; }
    fetch(url, { cache: "no-store", credentials: "omit", headers: { "Accept": "application/json", "If-None-Match": etag } })
      .then(function (response) {
        if (response.status === 304) return null;
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      })
      .then(function (data) {
        failures = 0;
        lastOk = Date.now();
        if (data) {
          takeServerTime(data.now);
          etag = '"' + data.version + '"';
          if (data.version !== status.version) { status = data; draw(); }
        }
      })
      .catch(function () { failures += 1; })
      .then(function () { drawUpdated(); schedule(); });
  }

  var timer = null;
  function schedule() {
    clearTimeout(timer);
    var wait = failures ? Math.min(refreshMs * Math.pow(2, Math.min(failures, 3)), 60000) : refreshMs;
    timer = setTimeout(refresh, wait);
  }

  document.addEventListener("visibilitychange", function () { if (!document.hidden) refresh(); });
  tick();
  setInterval(function () { tick(); drawUpdated(); }, 1000);
  schedule();
})();
