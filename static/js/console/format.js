// Names for the console: seats by number, spaces by position, kinds of entry by the bank's
// labels. Money, clocks and elements come from the site's shared scripts (static/js/format.js
// and elements.js, loaded before the modules); what an entry does is said by the bank.

const shared = window.MonopolyNight;

export const { money, clock, ago, h } = shared;

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
  constructor(edition, kinds, currency) {
    this.edition = edition;
    this.kinds = kinds;
    this.currency = currency; // the event's (an ISO code), not the edition's symbol
    this.spaces = edition.spaces;
    this.names = new Map();
  }

  setSeats(seats) {
    this.names = new Map(seats.map((s) => [s.seat, s.name]));
  }

  seat(n) {
    if (n === "bank" || n === null || n === undefined) return "the bank";
    return this.names.get(Number(n)) || `Seat ${n}`;
  }

  space(p) {
    return this.spaces[p]?.name ?? `space ${p}`;
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
    const payer = this.seat(t.from);
    return `${payer === "the bank" ? "The bank" : payer} pays ${this.seat(t.to)}`;
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
