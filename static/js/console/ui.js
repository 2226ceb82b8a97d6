// Drawing the console from the app's state: header, banners, seats, deeds and the ledger.
// Names come from the server: every text goes in as a text node, never as HTML.

import { ago, clock, gettext, h, isolated, ngettext, say } from "./format.js";

export { h };

const $ = (id) => document.getElementById(id);

/** Replace a region's children, keeping keyboard focus on the "same" control if it had it. */
function fill(region, ...children) {
  const focused = document.activeElement;
  const key = region.contains(focused) ? focused?.dataset?.focus : null;
  region.replaceChildren(...children.flat());
  if (key) region.querySelector(`[data-focus="${CSS.escape(key)}"]`)?.focus();
}

export function swatch(group) {
  return h("span", { class: `swatch g-${group || "none"}`, "aria-hidden": "true" });
}

export function buildings(deed) {
  if (deed.hotel) return gettext("Hotel");
  if (deed.houses) return say(ngettext("%(count)s house", "%(count)s houses", deed.houses), { count: deed.houses });
  return "";
}

// ---------------------------------------------------------------- header

export function renderStatus(app) {
  const el = $("conn");
  const waiting = app.pending.length;
  const held = app.pending.find((i) => i.status !== "pending");
  let net = app.net;
  let text = gettext("Live");
  if (app.keyProblem) {
    net = "refused";
    text = gettext("Key refused");
  } else if (app.net === "offline") {
    text = waiting ? say(gettext("Offline \u00b7 %(count)s waiting"), { count: waiting }) : gettext("Offline");
  } else if (held) {
    net = "held";
    text = say(gettext("On hold \u00b7 %(count)s waiting"), { count: waiting });
  } else if (app.sending || waiting) {
    net = "sending";
    text = say(gettext("Sending %(count)s\u2026"), { count: waiting });
  }
  el.dataset.net = net;
  el.dataset.pending = String(waiting);
  el.dataset.attempts = String(app.attempts);
  if (el.textContent !== text) el.textContent = text;
}

export function renderClock(app) {
  const el = $("clock");
  const s = app.state;
  const running = s.status === "running";
  $("clock-label").hidden = !running;
  let text;
  if (s.status === "time_called") text = gettext("Time is up");
  else if (["planned", "seated", "waiting"].includes(s.status)) text = gettext("Not started");
  else if (s.status === "ended") text = gettext("Over");
  else if (s.ends_at) text = clock(Date.parse(s.ends_at) - (Date.now() + app.offset));
  else text = "";
  if (el.textContent !== text) el.textContent = text;
}

// ---------------------------------------------------------------- banners

export function renderBanners(app) {
  const s = app.shown;
  const w = app.words;
  const out = [];
  if (app.keyProblem) {
    out.push(h("div", { class: "banner danger", role: "alert" },
      h("strong", {}, gettext("This console\u2019s key no longer works.")), " ", app.keyProblem, " ",
      gettext("Scan the table\u2019s QR code again, or ask the organiser.")));
  }
  const head = app.pending[0];
  if (head && head.status === "refused") {
    out.push(h("div", { class: "banner danger", role: "alert", id: "held" },
      h("p", {}, h("strong", {}, gettext("The bank refused a waiting entry:")), " ", head.label),
      h("p", { class: "sentence" }, head.error?.detail || gettext("No reason given.")),
      h("p", {}, say(ngettext(
        "Nothing after it is sent until you deal with it (%(count)s more waiting).",
        "Nothing after it is sent until you deal with it (%(count)s more waiting).",
        app.pending.length - 1), { count: app.pending.length - 1 })),
      h("div", { class: "row" },
        h("button", { type: "button", class: "danger solid", "data-focus": "discard",
          onclick: () => app.discard(head) }, gettext("Discard this entry")),
        h("button", { type: "button", "data-focus": "retry", onclick: () => app.retry() }, gettext("Try again")))));
  } else if (head && head.status === "blocked") {
    out.push(h("div", { class: "banner warn" },
      h("strong", {}, gettext("Entries are waiting:")), " ", head.error?.detail || "", " ",
      h("button", { type: "button", onclick: () => app.discard(head) }, gettext("Discard the first"))));
  }
  if (app.net === "offline" && !app.keyProblem) {
    out.push(h("div", { class: "banner offline" },
      h("strong", {}, gettext("Offline.")), " ",
      gettext("Entries wait on this tablet and are sent, in order, when the connection returns."), " ",
      gettext("Balances shown are the last the bank sent.")));
  }
  if (s.last_turn && s.table_status !== "closed") {
    out.push(h("div", { class: "banner last-turn" },
      h("strong", { class: "last-turn-word" }, gettext("LAST TURN")),
      h("span", {}, gettext("Time is up: finish this round of turns, then close the table.")),
      h("button", { type: "button", class: "primary", onclick: () => app.openClose() }, gettext("Close table"))));
  }
  if (s.table_status === "closed" && s.review === "confirmed") {
    out.push(h("div", { class: "banner ok", "data-review": "confirmed" },
      h("strong", {}, gettext("Confirmed.")), " ",
      gettext("A referee has confirmed this table\u2019s result: it counts, and it is locked.")));
  } else if (s.table_status === "closed") {
    out.push(h("div", { class: "banner ok", "data-review": "awaiting" },
      h("strong", {}, gettext("Table closed: awaiting confirmation.")), " ",
      gettext("A referee who did not bank this table checks the result and confirms it.")));
  } else if (s.review === "disputed") {
    out.push(h("div", { class: "banner danger", "data-review": "disputed" },
      h("p", {}, h("strong", {}, gettext("Disputed:")), " ", s.review_note || gettext("no reason given")),
      h("p", {}, gettext("The table is open again: correct the ledger with the referee, then close it again.")),
      s.last_turn ? null : h("button", { type: "button", class: "primary", onclick: () => app.openClose() }, gettext("Close table"))));
  } else if (s.status === "planned" || s.status === "seated") {
    out.push(h("div", { class: "banner warn" },
      h("strong", {}, gettext("The round has not started.")), " ", gettext("Entries can be recorded once it does.")));
  }
  const debtors = s.seats.filter((seat) => seat.cash < 0 && !seat.bankrupt);
  for (const seat of debtors) {
    out.push(h("div", { class: "banner debt" },
      h("p", {}, h("strong", {}, say(gettext("%(name)s owes %(amount)s."), { name: isolated(seat.name), amount: w.money(-seat.cash) })), " ",
        gettext("Raise cash: sell buildings, mortgage, trade \u2014 or declare bankruptcy.")),
      debtPath(app, seat.seat)));
  }
  // The banners are a live region: drawn again only when they change, so that a screen
  // reader says a new one once, not at every poll.
  const banners = $("banners");
  const shown = out.map((node) => node.outerHTML).join("");
  if (banners.dataset.shown !== shown) {
    fill(banners, out);
    banners.dataset.shown = shown;
  }
}

/** The ways out of a debt, as buttons for one seat. */
export function debtPath(app, seat) {
  const name = app.words.seat(seat);
  const go = (move) => () => app.openMove(move, seat);
  return h("div", { class: "row debt-path" },
    h("button", { type: "button", "data-focus": `sell-${seat}`, onclick: go("sell_building") }, gettext("Sell buildings")),
    h("button", { type: "button", "data-focus": `mortgage-${seat}`, onclick: go("mortgage") }, pgettext("move", "Mortgage")),
    h("button", { type: "button", "data-focus": `trade-${seat}`, onclick: go("trade") }, pgettext("move", "Trade")),
    h("button", { type: "button", class: "danger", "data-focus": `bankrupt-${seat}`, onclick: go("bankrupt") },
      say(gettext("%(name)s goes bankrupt"), { name })));
}

// ---------------------------------------------------------------- seats

export function renderSeats(app) {
  const s = app.shown;
  const w = app.words;
  const cards = s.seats.map((seat) => {
    const owned = s.spaces.filter((d) => d.owner === seat.seat);
    const selected = app.seat === seat.seat;
    return h("button", {
      type: "button",
      class: `seat${seat.bankrupt ? " out" : ""}${seat.cash < 0 ? " debt" : ""}`,
      "aria-pressed": selected ? "true" : "false",
      "data-focus": `seat-${seat.seat}`,
      "data-seat": seat.seat,
      disabled: seat.bankrupt,
      onclick: () => app.select(seat.seat),
    },
    h("span", { class: "seat-name" }, seat.name),
    h("span", { class: "seat-cash" }, w.money(seat.cash)),
    h("span", { class: "seat-worth" }, say(gettext("Worth %(amount)s"), { amount: w.money(seat.net_worth) })),
    h("span", { class: "seat-deeds", role: "img",
      "aria-label": say(ngettext("%(count)s deed", "%(count)s deeds", owned.length), { count: owned.length }) },
      owned.map((d) => h("span", { class: `mini g-${d.group}${d.mortgaged ? " mortgaged" : ""}` }))),
    h("span", { class: "seat-tags" },
      selected ? h("span", { class: "badge ok" }, gettext("On turn")) : null,
      seat.jail_cards ? h("span", { class: "badge" }, seat.jail_cards > 1
        ? say(gettext("Jail card \u00d7%(count)s"), { count: seat.jail_cards }) : gettext("Jail card")) : null,
      seat.cash < 0 && !seat.bankrupt
        ? h("span", { class: "badge danger" }, say(gettext("Owes %(amount)s"), { amount: w.money(-seat.cash) })) : null,
      seat.bankrupt ? h("span", { class: "badge danger" }, gettext("Bankrupt")) : null));
  });
  // Drawn again only when they change: a poll that brings the table as it is drawn must not
  // replace a seat under the banker's finger (a tap pressed on one button and released on
  // its replacement is lost).
  const seats = $("seats");
  const drawn = cards.map((card) => card.outerHTML).join("");
  if (seats.dataset.drawn !== drawn) {
    fill(seats, cards);
    seats.dataset.drawn = drawn;
  }
  const current = s.seats.find((seat) => seat.seat === app.seat);
  // No live moves on a table that is closed (awaiting its check, or confirmed) or whose
  // round is not running: the banner above says why.
  const stopped = s.table_status === "closed" ? gettext("No moves: the table is closed")
    : ["planned", "seated", "ended"].includes(s.status) ? gettext("No moves: the round is not running") : "";
  $("moves-title").textContent = stopped
    || (current ? say(gettext("%(name)s\u2019s moves"), { name: isolated(current.name) }) : gettext("Pick a player"));
  document.querySelector("#moves .moves").hidden = Boolean(stopped);
  $("next-seat").hidden = Boolean(stopped);
  // A move on something a player holds shows only while they hold it.
  for (const button of document.querySelectorAll("#moves [data-move]")) {
    button.disabled = Boolean(stopped) || !current || current.bankrupt;
    const holds = HELD[button.dataset.move];
    button.hidden = Boolean(current && holds && !holds(current, s.spaces));
  }
}

// The moves on something a player holds, each with whether a seat holds it (as the table
// stands: a mortgaged deed, a building, a Get Out of Jail Free card).
const HELD = {
  unmortgage: (seat, deeds) => deeds.some((d) => d.owner === seat.seat && d.mortgaged),
  sell_building: (seat, deeds) => deeds.some((d) => d.owner === seat.seat && (d.houses || d.hotel)),
  use_jail_card: (seat) => seat.jail_cards > 0,
};

// ---------------------------------------------------------------- deeds

export function renderDeeds(app) {
  const s = app.shown;
  const w = app.words;
  const groups = new Map();
  for (const deed of s.spaces) {
    if (!groups.has(deed.group)) groups.set(deed.group, []);
    groups.get(deed.group).push(deed);
  }
  const blocks = [...groups.entries()].map(([group, deeds]) =>
    h("li", { class: "group" },
      h("ul", { class: "group-deeds", "aria-label": w.group(group) },
        deeds.map((d) => h("li", { class: `deed${d.owner ? "" : " unowned"}`, "data-space": d.space },
          h("span", { class: `deed-band g-${group}`, "aria-hidden": "true" }),
          h("span", { class: "deed-name" }, d.name),
          h("span", { class: "deed-owner" }, d.owner ? w.seat(d.owner) : gettext("Bank")),
          h("span", { class: "deed-state" },
            d.mortgaged ? h("span", { class: "badge warn" }, gettext("Mortgaged")) : null,
            buildings(d) ? h("span", { class: "badge ok" }, buildings(d)) : null))))));
  fill($("deeds"), blocks);
  $("bank-stock").textContent =
    say(gettext("Bank: %(houses)s houses, %(hotels)s hotels"), { houses: s.bank.houses, hotels: s.bank.hotels });
}

// ---------------------------------------------------------------- ledger

const SHOWN = 40;

export function renderLedger(app) {
  const w = app.words;
  const now = Date.now() + app.offset;
  const rows = [];
  for (const item of [...app.pending].reverse()) {
    const state = item.status === "refused" ? gettext("Refused") : item.status === "blocked" ? gettext("Waiting") :
      app.sending && item === app.pending[0] ? gettext("Sending\u2026") : gettext("Waiting");
    rows.push(h("li", { class: `entry pending ${item.status}`, "data-pending": item.id },
      h("span", { class: "entry-seq" }, h("span", { class: `badge ${item.status === "refused" ? "danger" : "warn"}` }, state)),
      h("span", { class: "entry-what" }, h("span", { class: "entry-text" }, item.label),
        item.money && item.status === "pending" ? h("span", { class: "entry-money" }, item.money) : null,
        item.status === "refused" ? h("span", { class: "entry-error" }, item.error?.detail || "") : null),
      h("span", { class: "entry-when", "data-made": item.made_at }, ago(item.made_at, Date.now())),
      h("span", { class: "entry-act" },
        h("button", { type: "button", class: "danger small-btn", "data-focus": `discard-${item.id}`,
          "aria-label": say(gettext("Discard: %(entry)s"), { entry: item.label }), onclick: () => app.discard(item) },
        gettext("Discard")))));
  }
  const entries = app.entries;
  const bySeq = new Map(entries.map((e) => [e.seq, e]));
  // Undo on the latest three the bank lets a banker undo (a referee's correction is theirs).
  const undoable = new Set(entries.filter((e) => e.banker_may_undo).slice(-3).map((e) => e.seq));
  const newest = entries.slice(-(app.showAll ? entries.length : SHOWN)).reverse();
  for (const e of newest) {
    const text = e.description || w.kind(e.kind);
    const voidedBy = e.voided_by ? bySeq.get(e.voided_by) : null;
    const money = e.transfers.length ? e.transfers.map((t) => w.transfer(t)).join(", ") : gettext("No money moved");
    rows.push(h("li", { class: `entry${e.voided_by ? " voided" : ""}${e.kind === "void" ? " is-void" : ""}`, "data-seq": e.seq, "data-kind": e.kind },
      h("span", { class: "entry-seq" }, `#${e.seq}`),
      h("span", { class: "entry-what" }, h("span", { class: "entry-text" }, text),
        h("span", { class: "entry-money" }, money),
        e.author_role !== "banker" ? h("span", { class: "entry-by" }, byWhom(e)) : null,
        voidedBy ? h("span", { class: "entry-by" }, say(gettext("Undone by #%(seq)s"), { seq: voidedBy.seq })) : null),
      h("span", { class: "entry-when", "data-at": e.created_at }, ago(Date.parse(e.created_at), now)),
      h("span", { class: "entry-act" },
        undoable.has(e.seq) && app.state.table_status !== "closed"
          ? h("button", { type: "button", class: "small-btn", "data-focus": `undo-${e.seq}`,
            "aria-label": say(gettext("Undo #%(seq)s: %(entry)s"), { seq: e.seq, entry: text }), onclick: () => app.openUndo(e) },
          pgettext("move", "Undo"))
          : null)));
  }
  if (!entries.length && app.state.last_seq > 0) {
    rows.push(h("li", { class: "entry empty" }, app.net === "offline"
      ? gettext("The ledger shows once the connection returns.") : gettext("Loading the ledger\u2026")));
  } else if (!rows.length) {
    rows.push(h("li", { class: "entry empty" }, gettext("No entries yet.")));
  }
  fill($("ledger"), rows);
  const more = $("ledger-more");
  more.hidden = app.showAll || entries.length <= SHOWN;
}

/** Who recorded an entry that is not the banker's: "by referee Sam". */
function byWhom(e) {
  if (e.author_role === "referee") return say(gettext("by referee %(name)s"), { name: isolated(e.author) });
  if (e.author_role === "organiser") return say(gettext("by organiser %(name)s"), { name: isolated(e.author) });
  return say(gettext("by %(role)s %(name)s"), { role: e.author_role, name: isolated(e.author) });
}

/** Keep "12 s ago" true without redrawing the ledger. */
export function renderTimes(app) {
  const now = Date.now() + app.offset;
  for (const el of document.querySelectorAll("#ledger [data-at]")) {
    el.textContent = ago(Date.parse(el.dataset.at), now);
  }
  for (const el of document.querySelectorAll("#ledger [data-made]")) {
    el.textContent = ago(Number(el.dataset.made), Date.now());
  }
}

