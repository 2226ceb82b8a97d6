// Words and numbers for the console: money, times, and one sentence per ledger entry.

const MINUS = "\u2212";

export function money(amount, currency) {
  const sign = amount < 0 ? MINUS : "";
  return `${sign}${currency}${Math.abs(amount).toLocaleString("en-US")}`;
}

export function signed(amount, currency) {
  return (amount > 0 ? "+" : "") + money(amount, currency);
}

/** "just now", "12 s ago", "3 min ago", "2 h ago". */
export function ago(then, now) {
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 5) return "just now";
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}

/** A countdown: "1:05:09" or "5:09". */
export function countdown(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
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

/** Names and board words for one table: seats by number, spaces by position, cards by id. */
export class Words {
  constructor(edition) {
    this.edition = edition;
    this.currency = edition.currency;
    this.spaces = edition.spaces;
    this.cards = new Map(edition.cards.map((c) => [c.id, c]));
    this.names = new Map();
  }

  setSeats(seats) {
    this.names = new Map(seats.map((s) => [s.seat, s.name]));
  }

  seat(n) {
    if (n === "bank" || n === null || n === undefined) return "the bank";
    return this.names.get(Number(n)) || `Seat ${n}`;
  }

  who(n) {
    const name = this.seat(n);
    return name === "the bank" ? "Bank" : name;
  }

  space(p) {
    return this.spaces[p]?.name ?? `space ${p}`;
  }

  money(amount) {
    return money(amount, this.currency);
  }

  /** One line per transfer: "Ada → Brook $100". */
  transfer(t) {
    return `${this.who(t.from)} \u2192 ${this.who(t.to)} ${this.money(t.amount)}`;
  }

  /** What an entry does, in a short sentence a volunteer reads at a glance. */
  describe(e) {
    const who = this.seat(e.seat);
    const space = this.space(e.space);
    switch (e.kind) {
      case "pass_go": return `${who} passes GO`;
      case "buy": return `${who} buys ${space}`;
      case "auction": return `${who} wins ${space} at auction`;
      case "deal": return `${who} is dealt ${space}`;
      case "rent": {
        const how = e.via_card ? " (Chance card)" : e.dice ? ` (dice ${e.dice})` : "";
        return `${who} pays rent on ${space}${how}`;
      }
      case "tax": return `${who} pays ${space}${e.choice === "percent" ? " (10%)" : ""}`;
      case "jail_fine": return `${who} pays the jail fine`;
      case "card": {
        const card = this.cards.get(e.card);
        const text = card ? card.text : e.card;
        return `${who}: ${text}${e.choice === "chance" ? " (takes a Chance)" : ""}`;
      }
      case "use_jail_card": return `${who} uses a Get Out of Jail Free card`;
      case "bank_payment":
        return (e.amount > 0 ? `Bank pays ${who}` : `${who} pays the bank`) +
          (e.memo ? `: ${e.memo}` : "");
      case "pay_player": return `${who} pays ${this.seat(e.to_seat)}${e.memo ? `: ${e.memo}` : ""}`;
      case "build": return `${who} builds on ${space}`;
      case "sell_building": return `${who} sells a building on ${space}`;
      case "mortgage": return `${who} mortgages ${space}`;
      case "unmortgage": return `${who} lifts the mortgage on ${space}`;
      case "trade": return `${who} trades with ${this.seat(e.to_seat)}`;
      case "bankrupt":
        return `${who} goes bankrupt to ${e.creditor ? this.seat(e.creditor) : "the bank"}`;
      case "adjust": return `Correction for ${who}: ${e.reason}`;
      case "void": return `Undo${e.target_seq ? ` #${e.target_seq}` : ""}: ${e.reason}`;
      default: return e.kind;
    }
  }

  /** What a trade hands over, one side: "Boardwalk, $100, 1 jail card". */
  tradeSide(side) {
    const parts = (side?.spaces || []).map((p) => this.space(p));
    if (side?.cash) parts.push(this.money(side.cash));
    if (side?.jail_cards) parts.push(`${side.jail_cards} jail card${side.jail_cards > 1 ? "s" : ""}`);
    return parts.join(", ") || "nothing";
  }
}
