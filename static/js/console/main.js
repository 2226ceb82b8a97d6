// The banker console: keeps the table's state, sends the outbox in order, polls for changes
// made elsewhere (a referee's void), and works on when the connection drops.
//
// Every entry goes through the outbox (IndexedDB) with a UUID made before the first send, so
// a reload, a closed tab or a lost answer never loses or doubles an entry: the bank records an
// id once and answers a repeat with the entry it already has.

import { Api, Offline } from "./api.js";
import { Words, gettext, say, uuid } from "./format.js";
import * as outbox from "./outbox.js";
import { Sheets } from "./sheets.js";
import * as ui from "./ui.js";

const POLL_MS = 5000;
const CACHE = "monopoly-night-console-v1";
const HOLDING = ["round_not_running", "wave_not_started", "table_closed", "table_confirmed"];
// Answers that may turn out otherwise later, sent again by themselves: a busy server (408,
// 429), a restart or a proxy between (502, 503, 504). Every other refusal, a 500 included,
// is final for that body: shown, and kept for the banker to try again or discard.
const LATER = [408, 429, 502, 503, 504];
// A post's answer brings the moves legal after it: no request of their own.
const WITH_OPTIONS = { "X-Answer-With": "options" };

const cfg = JSON.parse(document.getElementById("console-config").textContent);

const app = {
  cfg,
  api: new Api(cfg.key),
  words: new Words(cfg.edition, cfg.kinds, cfg.groups, cfg.currency),
  state: cfg.state,
  options: cfg.options,
  entries: [],
  pending: [],
  seat: Number(sessionStorage.getItem(`console-seat-${cfg.table}`)) || null,
  net: navigator.onLine ? "live" : "offline",
  sending: false,
  queuing: null, // the latest entry being put in the outbox (on disk once this resolves)
  flushing: null, // the outbox's sending, while it runs
  again: false,
  attempts: 0,
  keyProblem: null,
  offset: 0, // server clock minus tablet clock, from each answer's Date header
  offlineSince: navigator.onLine ? null : Date.now(), // when the current offline spell began
  syncedAt: null, // when the tablet last held the bank's state with nothing waiting
  showAll: false,

  // ---------------------------------------------------------- reading the state

  /** The latest entry on its way while none is held: the bank's preview of it (when it had
   * one) says how the table will stand and which moves will be legal. */
  get landing() {
    return this.pending.every((i) => i.status === "pending") ? this.pending.at(-1) : undefined;
  },

  /** The table as the banker sees it: with the entries on their way, as the bank's preview
   * of the latest said it would stand (until one is refused). */
  get shown() {
    return this.landing?.after || this.state;
  },

  /** The moves the bank offers, after the entries on their way where its preview said. */
  get shownOptions() {
    return this.landing?.options || this.options;
  },

  deeds() {
    return new Map(this.state.spaces.map((d) => [d.space, d]));
  },

  activeSeats() {
    return this.state.seats.filter((s) => !s.bankrupt).map((s) => s.seat);
  },

  optionsFor(seat) {
    const empty = { buy: [], auction: [], build: [], sell_building: [], mortgage: [], unmortgage: [],
      rent: [], trade: [], jail_cards: [], bankrupt: false, owed_to: null, amounts: {} };
    return this.shownOptions.seats.find((s) => s.seat === seat) || empty;
  },

  optionsFresh() {
    return this.options.last_seq === this.state.last_seq;
  },

  /** The Chance cards that lead to a rent ("nearest railroad"), where this edition has them. */
  viaCards() {
    return [...new Set(cfg.edition.cards.map((c) => c.effect.rent_via).filter(Boolean))];
  },

  /** Until no entry is being queued or sent: what the bank says next holds after them. */
  async sent() {
    await this.queuing;
    await this.flushing;
  },

  /** The options as they stand after every entry on its way (none older): the bank's
   * preview of the latest brought them, or they are asked for once those have landed. */
  async ensureOptions() {
    await this.queuing;
    if (this.shownOptions !== this.options) return;
    await this.sent();
    if (!this.optionsFresh() && this.net !== "offline") await loadOptions();
  },

  // ---------------------------------------------------------- acting

  select(seat) {
    this.seat = seat;
    sessionStorage.setItem(`console-seat-${cfg.table}`, String(seat));
    render();
  },

  openMove(kind, seat = this.seat) {
    if (seat !== this.seat) this.select(seat);
    sheets.open(kind, seat);
  },

  openUndo(entry) {
    sheets.openUndo(entry);
  },

  openClose() {
    sheets.openClose();
  },

  /** A dry run asked of the bank: its answer, with the connection's state kept up. */
  async ask(request) {
    try {
      const answer = await request;
      online(answer.date);
      if (answer.status === 401) keyRejected(answer.body.detail);
      return answer;
    } catch (error) {
      if (error instanceof Offline) offline();
      throw error;
    }
  },

  /** What an entry would do, once the entries on their way are recorded: the bank works it
   * out after them (sent along) without waiting for them to land; after a void or an entry
   * held back, once the outbox is sent. The answer brings the moves legal after it. */
  async preview(entry) {
    await this.queuing;
    let after = this.onTheirWay();
    if (after === null) {
      await this.sent();
      after = [];
    }
    return this.ask(this.api.post(cfg.api.preview, after.length ? { ...entry, after } : entry, WITH_OPTIONS));
  },

  /** The bodies of the entries on their way, oldest first; null while a void or a held
   * entry waits (a preview after those waits for the outbox). */
  onTheirWay() {
    if (this.pending.some((i) => i.status !== "pending" || i.url !== cfg.api.entries)) return null;
    return this.pending.map((i) => i.body);
  },

  /** What undoing an entry would do, as the bank works it out (nothing written). */
  async voidPreview(target) {
    await this.sent();
    return this.ask(this.api.get(cfg.api.void_preview.replace("{id}", target.id)));
  },

  /** Put an entry in the outbox (on disk first), then send what waits. With the bank's
   * preview, its outcome shows at once, marked as being sent, and nothing waits for it. */
  async queue(entry, label, preview = null) {
    const id = uuid();
    const shown = preview && { after: preview.state, options: preview.options,
      money: preview.transfers.map((t) => this.words.transfer(t)).join(", ") };
    this.queuing = enqueue({ id, url: cfg.api.entries, body: { id, ...entry }, label, ...shown });
    await this.queuing;
  },

  async queueVoid(target, reason, label) {
    const id = uuid();
    this.queuing = enqueue({ id, url: cfg.api.void.replace("{id}", target.id), body: { id, reason }, label });
    await this.queuing;
  },

  async discard(item) {
    await outbox.remove(item.n);
    this.pending = this.pending.filter((i) => i.n !== item.n);
    render();
    flush();
  },

  async retry() {
    const head = this.pending[0];
    if (head && head.status !== "pending") {
      head.status = "pending";
      head.error = null;
      await outbox.update(head);
      render();
    }
    flush();
  },

  /** Close the table; returns a sentence when that is refused. */
  async closeTable() {
    if (this.pending.length) {
      await flush();
      if (this.pending.length) return gettext("Entries are still waiting: they must reach the bank first.");
    }
    try {
      const answer = await this.api.post(cfg.api.close, {});
      online(answer.date);
      if (!answer.ok) return answer.body.detail;
      accept(answer.body);
      render();
      return null;
    } catch (error) {
      if (error instanceof Offline) {
        offline();
        return gettext("Offline: the table can be closed once the connection returns.");
      }
      throw error;
    }
  },
};

const sheets = new Sheets(app);

// ------------------------------------------------------------------ drawing

function render() {
  app.words.setSeats(app.state.seats);
  const active = app.activeSeats();
  if (!active.includes(app.seat)) app.seat = active[0] ?? null;
  ui.renderStatus(app);
  ui.renderClock(app);
  ui.renderBanners(app);
  ui.renderSeats(app);
  ui.renderDeeds(app);
  ui.renderLedger(app);
}

function save() {
  const { state, options, entries, offset } = app;
  outbox.saveSnapshot(cfg.table, { state, options, entries, offset })
    .catch(() => {});
}

// ------------------------------------------------------------------ connection

function online(date) {
  if (date) app.offset = date - Date.now();
  if (!app.pending.length) app.syncedAt = Date.now();
  if (app.net === "offline") {
    app.net = "live";
    app.offlineSince = null;
    render();
    flush();
  }
}

function offline() {
  if (app.net !== "offline") {
    app.net = "offline";
    app.offlineSince = Date.now();
    render();
  }
}

/** The console's report on itself, in headers of the state poll it makes anyway (no request
 * of its own): online or not, what waits in the outbox and for how long, when it last
 * synced, and, on the poll that gets through after an outage, how long it was away. */
function heartbeat() {
  const now = Date.now();
  const seconds = (since) => String(Math.max(0, Math.round((now - since) / 1000)));
  const oldest = app.pending[0];
  const headers = {
    "X-Console-Online": app.net === "offline" ? "0" : "1",
    "X-Console-Outbox": String(app.pending.length),
  };
  if (oldest) headers["X-Console-Oldest"] = seconds(oldest.made_at);
  if (app.syncedAt) headers["X-Console-Synced"] = seconds(app.syncedAt);
  if (app.net === "offline" && app.offlineSince) headers["X-Console-Away"] = seconds(app.offlineSince);
  return headers;
}

function keyRejected(detail) {
  app.keyProblem = detail || gettext("The table key was refused.");
  render();
}

/** Take a newer state; an older answer that arrives late never rolls the table back. */
function accept(state) {
  if (state.last_seq < app.state.last_seq) return false;
  app.state = state;
  save();
  return true;
}

async function get(path, headers) {
  try {
    const answer = await app.api.get(path, headers);
    online(answer.date);
    if (answer.status === 401) keyRejected(answer.body.detail);
    return answer.ok ? answer.body : null;
  } catch (error) {
    if (error instanceof Offline) {
      offline();
      return null;
    }
    throw error;
  }
}

async function loadEntries() {
  const entries = await get(cfg.api.entries);
  if (entries) {
    app.entries = entries;
    save();
  }
}

/** The options, once: a move tapped while they are asked for waits for the same answer. */
let optionsAsked = null;
function loadOptions() {
  optionsAsked ??= get(cfg.api.options).then((options) => takeOptions(options) && save()).finally(() => { optionsAsked = null; });
  return optionsAsked;
}

/** Take newer options (true if taken). */
function takeOptions(options) {
  if (!options || options.last_seq < app.options.last_seq) return false;
  app.options = options;
  return true;
}

function entriesFresh() {
  const last = app.entries.at(-1);
  return (last ? last.seq : 0) === app.state.last_seq;
}

/** Read the table (cheap: one GET), and the ledger and the options only when they changed. */
async function refresh() {
  if (app.keyProblem) return;
  const state = await get(cfg.api.state, heartbeat());
  if (!state) return;
  accept(state);
  // An entry being sent brings the ledger row and the options with its answer; the send
  // catches up on what is still behind once it is done.
  if (!app.flushing) await catchUp();
}

/** Fetch the ledger and the options if they are behind the state the console holds. */
async function catchUp() {
  if (app.keyProblem) return;
  if (!entriesFresh()) await loadEntries();
  if (!app.optionsFresh()) await loadOptions();
  render();
}

// ------------------------------------------------------------------ the outbox

/** Put an item in the outbox (on disk when this resolves) and start sending. */
async function enqueue(item) {
  const record = await outbox.add({ table: cfg.table, ...item });
  app.pending.push(record);
  render();
  flush();
}

/** An entry the bank recorded (or had recorded already under the same id). */
function recorded(answer) {
  const entry = answer.entry;
  accept(answer.state);
  takeOptions(answer.options);
  if (!app.entries.some((e) => e.id === entry.id)) {
    const last = app.entries.at(-1);
    if ((last ? last.seq : 0) + 1 === entry.seq) app.entries.push(entry);
    // Said to a screen reader: the row's words, as the ledger shows them.
    const money = entry.transfers.map((t) => app.words.transfer(t)).join(", ");
    document.getElementById("console-news").textContent = money
      ? say(gettext("Recorded #%(seq)s: %(entry)s. %(money)s"), { seq: entry.seq, entry: entry.description, money })
      : say(gettext("Recorded #%(seq)s: %(entry)s"), { seq: entry.seq, entry: entry.description });
  }
  if (entry.voids) {
    const target = app.entries.find((e) => e.id === entry.voids);
    if (target) target.voided_by = entry.seq;
  }
  save();
}

/** Send waiting entries, oldest first, one at a time; stop at a refusal or a lost connection. */
async function drain() {
  while (!app.keyProblem) {
    // Read afresh each time: the banker may have discarded one, another tab sent one.
    app.pending = await outbox.items(cfg.table);
    const item = app.pending[0];
    if (!item || item.status === "refused") break;
    app.sending = true;
    app.attempts += 1;
    ui.renderStatus(app);
    ui.renderLedger(app);
    let answer;
    try {
      answer = await app.api.post(item.url, item.body, WITH_OPTIONS);
    } catch (error) {
      if (!(error instanceof Offline)) throw error;
      offline();
      break;
    }
    online(answer.date);
    if (answer.ok) {
      await outbox.remove(item.n);
      app.pending = app.pending.filter((i) => i.n !== item.n);
      recorded(answer.body);
      render();
      continue;
    }
    if (answer.status === 401) {
      keyRejected(answer.body.detail);
      break;
    }
    if (LATER.includes(answer.status)) break; // sent again by itself, later
    const error = { status: answer.status, error: answer.body.error, detail: answer.body.detail };
    item.status = answer.status === 409 && HOLDING.includes(error.error) ? "blocked" : "refused";
    item.error = error;
    await outbox.update(item);
    break;
  }
  app.sending = false;
}

/** One sender at a time, across tabs too (an entry is still recorded once if two try);
 * while it runs, a second call asks it to look again and waits for the same run. */
function flush() {
  if (app.flushing) {
    app.again = true;
    return app.flushing;
  }
  app.flushing = (async () => {
    try {
      do {
        app.again = false;
        if (navigator.locks) await navigator.locks.request(`console-outbox-${cfg.table}`, drain);
        else await drain();
      } while (app.again);
    } finally {
      app.flushing = null;
      app.sending = false;
      render();
    }
    // Each answer carried the table's state: only the ledger or the options may be behind.
    if (!entriesFresh() || !app.optionsFresh()) await catchUp();
  })();
  return app.flushing;
}

async function tick() {
  await refresh();
  if (app.pending.length) await flush();
}

// ------------------------------------------------------------------ opening offline

async function registerWorker() {
  if (!("serviceWorker" in navigator) || !window.caches || app.net === "offline") return;
  try {
    await navigator.serviceWorker.register(cfg.service_worker);
    const cache = await caches.open(CACHE);
    await cache.addAll([...cfg.assets, new URL(cfg.page, location.href).href]);
    document.documentElement.dataset.offlineReady = "yes";
  } catch (error) {
    console.warn("The console cannot be prepared for opening offline:", error);
  }
}

async function boot() {
  try {
    const snapshot = await outbox.loadSnapshot(cfg.table);
    if (snapshot?.state && snapshot.state.last_seq >= app.state.last_seq) {
      if (snapshot.state.last_seq > app.state.last_seq) {
        app.state = snapshot.state;
        app.options = snapshot.options || app.options;
      }
      app.entries = snapshot.entries || [];
    }
    app.offset = snapshot?.offset || 0;
    app.pending = await outbox.items(cfg.table);
  } catch (error) {
    console.warn("The tablet's storage cannot be read:", error);
  }
  render();
  document.getElementById("ledger-more").addEventListener("click", () => {
    app.showAll = true;
    render();
  });
  document.getElementById("next-seat").addEventListener("click", () => {
    const active = app.activeSeats();
    app.select(active[(active.indexOf(app.seat) + 1) % active.length]);
  });
  for (const button of document.querySelectorAll("#moves [data-move]")) {
    button.addEventListener("click", () => app.openMove(button.dataset.move));
  }
  // The header stays on top as the page scrolls: a control taking the focus scrolls into
  // view below it, however tall the header is (a phone's wraps; zoom makes it taller).
  const header = document.querySelector(".console-header");
  new ResizeObserver(() => {
    document.documentElement.style.setProperty("--console-header", `${header.offsetHeight}px`);
  }).observe(header);
  window.addEventListener("online", tick);
  window.addEventListener("offline", offline);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") tick();
  });
  setInterval(tick, POLL_MS);
  setInterval(() => {
    ui.renderClock(app);
    ui.renderTimes(app);
  }, 1000);
  document.documentElement.dataset.console = "ready";
  await tick();
  await flush();
  registerWorker();
}

boot();
