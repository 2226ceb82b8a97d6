// Names for the console: seats by number, spaces by position, kinds of entry by the bank's
// labels. Money, clocks and elements come from the site's shared scripts (static/js/format.js
// and elements.js, loaded before the modules); what an entry does is said by the bank.
// Every sentence of the scripts is said in the banker's language through Django's JavaScript
// catalogue (loaded before them: gettext, ngettext, pgettext, interpolate), each one whole,
// its values named: say(gettext("%(name)s pays the bank"), { name }).

const shared = window.MonopolyNight;

export const { money, clock, ago, h, isolated } = shared;
export const { gettext, ngettext, pgettext, interpolate } = window;

/** A sentence from the catalogue with its named values filled in. */
export function say(sentence, values) {
  return interpolate(sentence, values, true);
}

/** A UUID made on this tablet; crypto.randomUUID needs a secure context, so fall back. */
export function uuid() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Names and board words for one table: seats by number, spaces by position, kinds by label. */
export class Words {
  constructor(edition, kinds, groups, currency) {
    this.edition = edition;
    this.kinds = kinds;
    this.groups = groups || {};
    this.currency = currency; // the event's (an ISO code), not the edition's symbol
    this.spaces = edition.spaces;
    this.names = new Map();
  }

  setSeats(seats) {
    this.names = new Map(seats.map((s) => [s.seat, s.name]));
  }

  /** A seat's player by name, isolated for a sentence (a right-to-left name keeps its own
   *  direction); a seat nobody named, by number. */
  seat(n) {
    if (n === "bank" || n === null || n === undefined) return gettext("the bank");
    return isolated(this.names.get(Number(n))) || say(gettext("Seat %(seat)s"), { seat: n });
  }

  space(p) {
    return this.spaces[p]?.name ?? say(gettext("space %(space)s"), { space: p });
  }

  /** A colour group in the banker's words ("dark blue"), as the bank names it. */
  group(code) {
    return this.groups[code] || (code || "").replace(/_/g, " ");
  }

  kind(kind) {
    return this.kinds[kind] || kind;
  }

  money(amount) {
    return money(amount, this.currency);
  }

  /** Who pays whom in a transfer, payer first: "Ada pays Brook", "The bank pays Ada",
   *  "Ada pays the bank" (banking/entry_words.py says it the same way). */
  pays(t) {
    const bank = (n) => n === "bank" || n === null || n === undefined;
    if (bank(t.from)) return say(gettext("The bank pays %(payee)s"), { payee: this.seat(t.to) });
    if (bank(t.to)) return say(gettext("%(payer)s pays the bank"), { payer: this.seat(t.from) });
    return say(gettext("%(payer)s pays %(payee)s"), { payer: this.seat(t.from), payee: this.seat(t.to) });
  }

  /** One line per transfer, in the bank's words when it sent them ("Brook pays the bank
   *  the interest on mortgaged Boardwalk $18"), else who pays whom: "Ada pays Brook $100". */
  transfer(t) {
    return `${t.words || this.pays(t)} ${this.money(t.amount)}`;
  }

  /** An entry the bank has not described yet (queued offline, with no preview): its kind,
   *  its player and its deed, as names: "Buy · Ada · Park Place". */
  name(entry) {
    const parts = [this.kind(entry.kind), this.seat(entry.seat)];
    if (entry.space !== undefined) parts.push(this.space(entry.space));
    return parts.join(" \u00b7 ");
  }
}
