// Drawing the console from the app's state: header, banners, seats, deeds and the ledger.
// Names come from the server: every text goes in as a text node, never as HTML.

import { ago, clock, h } from "./format.js";

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
  if (deed.hotel) return "Hotel";
  if (deed.houses) return `${deed.houses} house${deed.houses > 1 ? "s" : ""}`;
  return "";
}

// ---------------------------------------------------------------- header

export function renderStatus(app) {
  const el = $("conn");
  const waiting = app.pending.length;
  const held = app.pending.find((i) => i.status !== "pending");
  let net = app.net;
  let text = "Live";
  if (app.keyProblem) {
    net = "refused";
    text = "Key refused";
  } else if (app.net === "offline") {
    text = waiting ? `Offline \u00b7 ${waiting} waiting` : "Offline";
  } else if (held) {
    net = "held";
    text = `On hold \u00b7 ${waiting} waiting`;
  } else if (app.sending || waiting) {
    net = "sending";
    text = `Sending ${waiting}\u2026`;
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
  if (s.status === "time_called") text = "Time is up";
  else if (["planned", "seated", "waiting"].includes(s.status)) text = "Not started";
  else if (s.status === "ended") text = "Over";
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
      h("strong", {}, "This console's key no longer works. "), app.keyProblem,
      " Scan the table's QR code again, or ask the organiser."));
  }
  const head = app.pending[0];
  if (head && head.status === "refused") {
    out.push(h("div", { class: "banner danger", role: "alert", id: "held" },
      h("p", {}, h("strong", {}, "The bank refused a waiting entry: "), head.label, "."),
      h("p", { class: "sentence" }, head.error?.detail || "No reason given."),
      h("p", {}, `Nothing after it is sent until you deal with it (${app.pending.length - 1} more waiting).`),
      h("div", { class: "row" },
        h("button", { type: "button", class: "danger solid", "data-focus": "discard",
          onclick: () => app.discard(head) }, "Discard this entry"),
        h("button", { type: "button", "data-focus": "retry", onclick: () => app.retry() }, "Try again"))));
  } else if (head && head.status === "blocked") {
    out.push(h("div", { class: "banner warn" },
      h("strong", {}, "Entries are waiting: "), head.error?.detail || "", " ",
      h("button", { type: "button", onclick: () => app.discard(head) }, "Discard the first")));
  }
  if (app.net === "offline" && !app.keyProblem) {
    out.push(h("div", { class: "banner offline" },
      h("strong", {}, "Offline. "),
      "Entries wait on this tablet and are sent, in order, when the connection returns. ",
      "Balances shown are the last the bank sent."));
  }
  if (s.last_turn && s.table_status !== "closed") {
    out.push(h("div", { class: "banner last-turn" },
      h("strong", { class: "last-turn-word" }, "LAST TURN"),
      h("span", {}, "Time is up: finish this round of turns, then close the table."),
      h("button", { type: "button", class: "primary", onclick: () => app.openClose() }, "Close table")));
  }
  if (s.table_status === "closed" && s.review === "confirmed") {
    out.push(h("div", { class: "banner ok", "data-review": "confirmed" },
      h("strong", {}, "Confirmed. "), "A referee has confirmed this table's result: it counts, and it is locked."));
  } else if (s.table_status === "closed") {
    out.push(h("div", { class: "banner ok", "data-review": "awaiting" },
      h("strong", {}, "Table closed: awaiting confirmation. "),
      "A referee who did not bank this table checks the result and confirms it."));
  } else if (s.review === "disputed") {
    out.push(h("div", { class: "banner danger", "data-review": "disputed" },
      h("p", {}, h("strong", {}, "Disputed: "), s.review_note || "no reason given"),
      h("p", {}, "The table is open again: correct the ledger with the referee, then close it again."),
      s.last_turn ? null : h("button", { type: "button", class: "primary", onclick: () => app.openClose() }, "Close table")));
  } else if (s.status === "planned" || s.status === "seated") {
    out.push(h("div", { class: "banner warn" },
      h("strong", {}, "The round has not started. "), "Entries can be recorded once it does."));
  }
  const debtors = s.seats.filter((seat) => seat.cash < 0 && !seat.bankrupt);
  for (const seat of debtors) {
    out.push(h("div", { class: "banner debt" },
      h("p", {}, h("strong", {}, `${seat.name} owes ${w.money(-seat.cash)}. `),
        "Raise cash: sell buildings, mortgage, trade \u2014 or declare bankruptcy."),
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
    h("button", { type: "button", "data-focus": `sell-${seat}`, onclick: go("sell_building") }, "Sell buildings"),
    h("button", { type: "button", "data-focus": `mortgage-${seat}`, onclick: go("mortgage") }, "Mortgage"),
    h("button", { type: "button", "data-focus": `trade-${seat}`, onclick: go("trade") }, "Trade"),
    h("button", { type: "button", class: "danger", "data-focus": `bankrupt-${seat}`, onclick: go("bankrupt") },
      `${name} goes bankrupt`));
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
    h("span", { class: "seat-worth" }, `Worth ${w.money(seat.net_worth)}`),
    h("span", { class: "seat-deeds", role: "img", "aria-label": `${owned.length} deeds` },
      owned.map((d) => h("span", { class: `mini g-${d.group}${d.mortgaged ? " mortgaged" : ""}` }))),
    h("span", { class: "seat-tags" },
      selected ? h("span", { class: "badge ok" }, "On turn") : null,
      seat.jail_cards ? h("span", { class: "badge" }, `Jail card${seat.jail_cards > 1 ? ` \u00d7${seat.jail_cards}` : ""}`) : null,
      seat.cash < 0 && !seat.bankrupt ? h("span", { class: "badge danger" }, `Owes ${w.money(-seat.cash)}`) : null,
      seat.bankrupt ? h("span", { class: "badge danger" }, "Bankrupt") : null));
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
  const stopped = s.table_status === "closed" ? "the table is closed"
    : ["planned", "seated", "ended"].includes(s.status) ? "the round is not running" : "";
  $("moves-title").textContent = stopped ? `No moves: ${stopped}`
    : current ? `${current.name}\u2019s moves` : "Pick a player";
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
      h("ul", { class: "group-deeds", "aria-label": group.replace("_", " ") },
        deeds.map((d) => h("li", { class: `deed${d.owner ? "" : " unowned"}`, "data-space": d.space },
          h("span", { class: `deed-band g-${group}`, "aria-hidden": "true" }),
          h("span", { class: "deed-name" }, d.name),
          h("span", { class: "deed-owner" }, d.owner ? w.seat(d.owner) : "Bank"),
          h("span", { class: "deed-state" },
            d.mortgaged ? h("span", { class: "badge warn" }, "Mortgaged") : null,
            buildings(d) ? h("span", { class: "badge ok" }, buildings(d)) : null))))));
  fill($("deeds"), blocks);
  $("bank-stock").textContent =
    `Bank: ${s.bank.houses} houses, ${s.bank.hotels} hotels`;
}

// ---------------------------------------------------------------- ledger

const SHOWN = 40;

export function renderLedger(app) {
  const w = app.words;
  const now = Date.now() + app.offset;
  const rows = [];
  for (const item of [...app.pending].reverse()) {
    const state = item.status === "refused" ? "Refused" : item.status === "blocked" ? "Waiting" :
      app.sending && item === app.pending[0] ? "Sending\u2026" : "Waiting";
    rows.push(h("li", { class: `entry pending ${item.status}`, "data-pending": item.id },
      h("span", { class: "entry-seq" }, h("span", { class: `badge ${item.status === "refused" ? "danger" : "warn"}` }, state)),
      h("span", { class: "entry-what" }, h("span", { class: "entry-text" }, item.label),
        item.money && item.status === "pending" ? h("span", { class: "entry-money" }, item.money) : null,
        item.status === "refused" ? h("span", { class: "entry-error" }, item.error?.detail || "") : null),
      h("span", { class: "entry-when", "data-made": item.made_at }, ago(item.made_at, Date.now())),
      h("span", { class: "entry-act" },
        h("button", { type: "button", class: "danger small-btn", "data-focus": `discard-${item.id}`,
          "aria-label": `Discard: ${item.label}`, onclick: () => app.discard(item) }, "Discard"))));
  }
  const entries = app.entries;
  const bySeq = new Map(entries.map((e) => [e.seq, e]));
  // Undo on the latest three the bank lets a banker undo (a referee's correction is theirs).
  const undoable = new Set(entries.filter((e) => e.banker_may_undo).slice(-3).map((e) => e.seq));
  const newest = entries.slice(-(app.showAll ? entries.length : SHOWN)).reverse();
  for (const e of newest) {
    const text = e.description || w.kind(e.kind);
    const voidedBy = e.voided_by ? bySeq.get(e.voided_by) : null;
    const money = e.transfers.length ? e.transfers.map((t) => w.transfer(t)).join(", ") : "No money moved";
    rows.push(h("li", { class: `entry${e.voided_by ? " voided" : ""}${e.kind === "void" ? " is-void" : ""}`, "data-seq": e.seq, "data-kind": e.kind },
      h("span", { class: "entry-seq" }, `#${e.seq}`),
      h("span", { class: "entry-what" }, h("span", { class: "entry-text" }, text),
        h("span", { class: "entry-money" }, money),
        e.author_role !== "banker" ? h("span", { class: "entry-by" }, `by ${e.author_role} ${e.author}`) : null,
        voidedBy ? h("span", { class: "entry-by" }, `Undone by #${voidedBy.seq}`) : null),
      h("span", { class: "entry-when", "data-at": e.created_at }, ago(Date.parse(e.created_at), now)),
      h("span", { class: "entry-act" },
        undoable.has(e.seq) && app.state.table_status !== "closed"
          ? h("button", { type: "button", class: "small-btn", "data-focus": `undo-${e.seq}`,
            "aria-label": `Undo #${e.seq}: ${text}`, onclick: () => app.openUndo(e) }, "Undo")
          : null)));
  }
  if (!entries.length && app.state.last_seq > 0) {
    rows.push(h("li", { class: "entry empty" }, app.net === "offline"
      ? "The ledger shows once the connection returns." : "Loading the ledger\u2026"));
  } else if (!rows.length) {
    rows.push(h("li", { class: "entry empty" }, "No entries yet."));
  }
  fill($("ledger"), rows);
  const more = $("ledger-more");
  more.hidden = app.showAll || entries.length <= SHOWN;
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

