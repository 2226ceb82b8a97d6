// The sheets that slide up for a move: pick what the move needs (only the legal choices, as
// the bank's options say), check what will move with the bank's preview, then record.

import { Offline } from "./api.js";
import { gettext, isolated, ngettext, say } from "./format.js";
import { buildings, debtPath, h, swatch } from "./ui.js";

const QUICK_AMOUNTS = [10, 20, 50, 100, 200, 500];

export class Sheets {
  constructor(app) {
    this.app = app;
    this.dialog = document.getElementById("sheet");
    this.title = document.getElementById("sheet-title");
    this.body = document.getElementById("sheet-body");
    this.token = 0;
    document.getElementById("sheet-close").addEventListener("click", () => this.close());
    // Announced a moment after the sheet closes: by then another move may have opened it.
    this.dialog.addEventListener("close", () => { if (!this.dialog.open) this.token += 1; });
  }

  get words() {
    return this.app.words;
  }

  /** Show content in the sheet (opening it if needed); returns a token that goes stale
   *  when the sheet changes, so a late answer never lands on another move's sheet. */
  show(title, ...content) {
    this.token += 1;
    this.title.textContent = title;
    this.body.replaceChildren(...content.flat().filter(Boolean));
    this.body.scrollTop = 0;
    if (!this.dialog.open) this.dialog.showModal();
    const first = this.body.querySelector("[autofocus], button:not([disabled]), input, select");
    (first || this.title).focus();
    return this.token;
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  stale(token) {
    return token !== this.token || !this.dialog.open;
  }

  // ------------------------------------------------------------ moves

  async open(kind, seat) {
    const name = this.words.seat(seat);
    const title = `${this.words.kind(kind)} \u00b7 ${name}`;
    const direct = { pass_go: true, jail_fine: true };
    if (direct[kind]) return this.confirm(title, { kind, seat });
    const needsOptions = ["buy", "deal", "build", "sell_building", "mortgage", "unmortgage", "rent",
      "trade", "use_jail_card"].includes(kind);
    if (needsOptions) {
      const token = this.show(title, h("p", { class: "loading", role: "status" }, gettext("Loading the choices\u2026")));
      await this.app.ensureOptions();
      if (this.stale(token)) return;
    }
    const ctx = { title, seat, name, opts: this.app.optionsFor(seat) };
    const builder = this[`move_${kind}`];
    return builder.call(this, ctx);
  }

  staleNote() {
    return this.app.optionsFresh() || this.app.shownOptions !== this.app.options ? null :
      h("p", { class: "notice warn" }, gettext("Offline: these choices are from the last update the bank sent."));
  }

  /** Several buildings at once on a group, as the bank offers them (for Build and Sell):
   *  one button a count. */
  several(ctx) {
    const w = this.words;
    const groups = ctx.opts.several?.[ctx.kind] || {};
    const rows = Object.entries(groups).map(([first, counts]) => {
      const space = w.spaces[Number(first)];
      const group = w.group(space.group);
      return h("div", { class: "several", "data-several": first },
        h("p", { class: "several-title" }, swatch(space.group), " ",
          say(gettext("Several at once on the %(group)s sites"), { group })),
        h("div", { class: "several-counts" }, Object.entries(counts).map(([count, amount]) =>
          h("button", { type: "button", class: "several-count", "data-count": count,
            onclick: () => this.confirm(ctx.title, { kind: ctx.kind, seat: ctx.seat, space: Number(first), count: Number(count) },
              () => this.open(ctx.kind, ctx.seat)) },
          h("span", { class: "choice-main" }, ctx.kind === "build"
            ? say(ngettext("%(count)s house", "%(count)s houses", Number(count)), { count })
            : say(ngettext("%(count)s building", "%(count)s buildings", Number(count)), { count })),
          h("span", { class: "choice-sub" }, w.money(amount))))));
    });
    return rows.length ? rows : null;
  }

  /** A list of deeds to pick from; `sub` says what picking it means. */
  spaceList(ctx, spaces, { sub, entry, empty, intro }) {
    const w = this.words;
    const deeds = this.app.deeds();
    const list = spaces.length
      ? h("div", { class: "choices" }, spaces.map((p) => {
        const space = w.spaces[p];
        return h("button", { type: "button", class: "choice", "data-space": p,
          onclick: () => this.confirm(ctx.title, entry(p), () => this.open(ctx.kind, ctx.seat)) },
        swatch(space.group),
        h("span", { class: "choice-main" }, space.name),
        h("span", { class: "choice-sub" }, sub(p, deeds.get(p), space)));
      }))
      : h("p", { class: "empty" }, empty);
    return this.show(ctx.title, intro, this.staleNote(), list, this.several(ctx), this.leftOut(ctx));
  }

  /** The player's own deeds this list leaves out, each with the bank's reason. */
  leftOut(ctx) {
    const w = this.words;
    const why = ctx.opts.left_out?.[ctx.kind] || {};
    const spaces = Object.keys(why).map(Number);
    if (!spaces.length) return null;
    return h("section", { class: "left-out", "aria-labelledby": "left-out-h" },
      h("h3", { id: "left-out-h" }, gettext("Not in this list")),
      h("ul", {}, spaces.map((p) => h("li", { "data-left-out": p },
        swatch(w.spaces[p].group), " ", h("strong", {}, w.space(p)), " \u2014 ", why[p]))));
  }

  move_buy(ctx) {
    ctx.kind = "buy";
    const w = this.words;
    return this.spaceList(ctx, ctx.opts.buy, {
      sub: (p) => cash(w, ctx.opts, "buy", p),
      entry: (p) => ({ kind: "buy", seat: ctx.seat, space: p }),
      empty: say(gettext("Nothing %(name)s can buy now. Not enough cash for a deed? Auction it instead."), { name: ctx.name }),
    });
  }

  /** The short game's start: a dealt deed, paid at its printed price (the same deeds as a buy). */
  move_deal(ctx) {
    ctx.kind = "deal";
    const w = this.words;
    return this.spaceList(ctx, ctx.opts.buy, {
      sub: (p) => cash(w, ctx.opts, "buy", p),
      entry: (p) => ({ kind: "deal", seat: ctx.seat, space: p }),
      empty: say(gettext("No deed %(name)s can be dealt now."), { name: ctx.name }),
    });
  }

  move_build(ctx) {
    ctx.kind = "build";
    const w = this.words;
    const full = this.app.cfg.rules.houses_per_hotel;
    return this.spaceList(ctx, ctx.opts.build, {
      sub: (p, d) => {
        const next = d.houses === full ? gettext("hotel")
          : say(ngettext("%(count)s house", "%(count)s houses", d.houses + 1), { count: d.houses + 1 });
        return `${buildings(d) || gettext("No houses")} \u2192 ${next} \u00b7 ${cash(w, ctx.opts, "build", p)}`;
      },
      entry: (p) => ({ kind: "build", seat: ctx.seat, space: p }),
      empty: say(gettext("%(name)s cannot build now: building needs a whole colour group with no " +
        "mortgage, evenly, with the cash and the bank\u2019s stock of houses."), { name: ctx.name }),
    });
  }

  move_sell_building(ctx) {
    ctx.kind = "sell_building";
    const w = this.words;
    return this.spaceList(ctx, ctx.opts.sell_building, {
      sub: (p, d) => `${buildings(d)} \u00b7 +${cash(w, ctx.opts, "sell_building", p)}`,
      entry: (p) => ({ kind: "sell_building", seat: ctx.seat, space: p }),
      empty: say(gettext("%(name)s has no building to sell (sell evenly, from the fullest site first)."), { name: ctx.name }),
    });
  }

  move_mortgage(ctx) {
    ctx.kind = "mortgage";
    const w = this.words;
    return this.spaceList(ctx, ctx.opts.mortgage, {
      sub: (p) => `+${cash(w, ctx.opts, "mortgage", p)}`,
      entry: (p) => ({ kind: "mortgage", seat: ctx.seat, space: p }),
      empty: say(gettext("%(name)s has nothing to mortgage (sell the group\u2019s buildings first)."), { name: ctx.name }),
    });
  }

  move_unmortgage(ctx) {
    ctx.kind = "unmortgage";
    const w = this.words;
    return this.spaceList(ctx, ctx.opts.unmortgage, {
      sub: (p) => say(gettext("%(amount)s (value + 10%)"), { amount: cash(w, ctx.opts, "unmortgage", p) }),
      entry: (p) => ({ kind: "unmortgage", seat: ctx.seat, space: p }),
      empty: say(gettext("%(name)s has no mortgage to lift (or not the cash for it)."), { name: ctx.name }),
    });
  }

  move_rent(ctx, via = null) {
    ctx.kind = "rent";
    const w = this.words;
    const rents = new Map(this.app.shownOptions.rents.map((r) => [r.space, r]));
    const kinds = { nearest_railroad: "railroad", nearest_utility: "utility" };
    const spaces = ctx.opts.rent.filter((p) => !via || w.spaces[p].kind === kinds[via]);
    const cards = this.app.viaCards();
    const modes = cards.length ? h("div", { class: "segmented", role: "group", "aria-label": gettext("How the player got there") },
      h("button", { type: "button", "aria-pressed": String(!via), onclick: () => this.move_rent(ctx, null) }, gettext("Landed on it")),
      cards.map((v) => h("button", { type: "button", "aria-pressed": String(via === v),
        onclick: () => this.move_rent(ctx, v) },
      v === "nearest_railroad" ? gettext("Chance: nearest railroad (rent \u00d72)") : gettext("Chance: nearest utility (dice \u00d710)")))) : null;
    const list = spaces.length
      ? h("div", { class: "choices" }, spaces.map((p) => {
        const r = rents.get(p);
        const space = w.spaces[p];
        let due = "";
        const perDice = via ? r?.per_dice_via_card : r?.per_dice;
        const amount = via ? r?.amount_via_card : r?.amount;
        if (perDice) due = say(gettext("dice \u00d7 %(times)s"), { times: perDice });
        else if (amount) due = w.money(amount);
        const entry = { kind: "rent", seat: ctx.seat, space: p };
        if (via) entry.via_card = via;
        const pick = space.kind === "utility"
          ? () => this.dice(ctx, entry)
          : () => this.confirm(ctx.title, entry, () => this.move_rent(ctx, via));
        return h("button", { type: "button", class: "choice", "data-space": p, onclick: pick },
          swatch(space.group),
          h("span", { class: "choice-main" }, space.name),
          h("span", { class: "choice-sub" }, say(gettext("to %(owner)s \u00b7 %(due)s"), { owner: w.seat(r?.owner), due })));
      }))
      : h("p", { class: "empty" }, say(gettext("%(name)s owes rent on nothing here: the deed is unowned, " +
        "%(name)s\u2019s own, or mortgaged."), { name: ctx.name }));
    return this.show(ctx.title, modes, this.staleNote(), list);
  }

  dice(ctx, entry) {
    const name = this.words.space(entry.space);
    const buttons = [];
    for (let n = 2; n <= 12; n += 1) {
      buttons.push(h("button", { type: "button", class: "die", "data-dice": n,
        onclick: () => this.confirm(ctx.title, { ...entry, dice: n }, () => this.dice(ctx, entry)) }, String(n)));
    }
    return this.show(ctx.title,
      h("p", { class: "prompt", id: "dice-prompt" }, say(gettext("Dice total thrown to reach %(deed)s:"), { deed: name })),
      h("div", { class: "dice", role: "group", "aria-labelledby": "dice-prompt" }, buttons),
      backButton(() => this.move_rent(ctx, entry.via_card || null)));
  }

  move_tax(ctx) {
    const w = this.words;
    const rules = this.app.cfg.rules;
    const choices = [];
    for (const space of w.spaces.filter((s) => s.kind === "tax")) {
      const flat = { kind: "tax", seat: ctx.seat, space: space.position };
      if (space.position === 4 && rules.income_tax_choice) {
        choices.push(this.taxChoice(ctx, { ...flat, choice: "flat" }, space.name, w.money(rules.taxes[4])));
        choices.push(this.taxChoice(ctx, { ...flat, choice: "percent" }, space.name, gettext("10% of total worth")));
      } else {
        choices.push(this.taxChoice(ctx, flat, space.name, w.money(rules.taxes[String(space.position)])));
      }
    }
    return this.show(ctx.title, h("div", { class: "choices" }, choices));
  }

  taxChoice(ctx, entry, name, sub) {
    return h("button", { type: "button", class: "choice", "data-space": entry.space, "data-choice": entry.choice || "",
      onclick: () => this.confirm(ctx.title, entry, () => this.move_tax(ctx)) },
    h("span", { class: "choice-main" }, name), h("span", { class: "choice-sub" }, sub));
  }

  move_card(ctx, deck = "chance") {
    const w = this.words;
    const cards = w.edition.cards.filter((c) => c.deck === deck && (c.effect.kind !== "move" || c.effect.rent_via));
    const seen = new Set();
    const unique = cards.filter((c) => !seen.has(c.text) && seen.add(c.text));
    const tabs = h("div", { class: "segmented", role: "group", "aria-label": gettext("Deck") },
      ["chance", "community_chest"].map((d) => h("button", { type: "button", "aria-pressed": String(d === deck),
        "data-deck": d, onclick: () => this.move_card(ctx, d) }, this.app.cfg.decks[d])));
    const list = h("div", { class: "choices cards" }, unique.map((card) =>
      h("button", { type: "button", class: "choice", "data-card": card.id,
        onclick: () => this.pickCard(ctx, card) },
      h("span", { class: "choice-main" }, card.text),
      h("span", { class: "choice-sub" }, this.cardEffect(card)))));
    return this.show(ctx.title, tabs, list,
      h("p", { class: "muted small" }, gettext("Cards that only move a token are not listed: record the rent or Pass GO they lead to.")));
  }

  cardEffect(card) {
    const w = this.words;
    const e = card.effect;
    switch (e.kind) {
      case "collect": return `+${w.money(e.amount)}`;
      case "pay": return w.money(-e.amount);
      case "advance_to_go": return `+${w.money(w.edition.salary)}`;
      case "collect_from_each": return say(gettext("%(amount)s from each player"), { amount: w.money(e.amount) });
      case "pay_each": return say(gettext("%(amount)s to each player"), { amount: w.money(e.amount) });
      case "repairs": return say(gettext("%(house)s a house, %(hotel)s a hotel"),
        { house: w.money(e.per_house), hotel: w.money(e.per_hotel) });
      case "jail_card": return gettext("Kept until used");
      case "pay_or_chance": return say(gettext("Pay %(amount)s or take a Chance"), { amount: w.money(e.amount) });
      default: return e.rent_via ? gettext("Then the rent") : "";
    }
  }

  pickCard(ctx, card) {
    const entry = { kind: "card", seat: ctx.seat, deck: card.deck, card: card.id };
    const back = () => this.move_card(ctx, card.deck);
    if (card.effect.rent_via) {
      ctx.opts = this.app.optionsFor(ctx.seat);
      return this.move_rent({ ...ctx, title: `${this.words.kind("rent")} \u00b7 ${ctx.name}` }, card.effect.rent_via);
    }
    if (card.effect.kind === "pay_or_chance") {
      return this.show(ctx.title, h("p", { class: "prompt" }, card.text),
        h("div", { class: "choices" },
          h("button", { type: "button", class: "choice",
            onclick: () => this.confirm(ctx.title, { ...entry, choice: "pay" }, back) },
          h("span", { class: "choice-main" }, say(gettext("Pay %(amount)s"), { amount: this.words.money(card.effect.amount) }))),
          h("button", { type: "button", class: "choice",
            onclick: () => this.confirm(ctx.title, { ...entry, choice: "chance" }, back) },
          h("span", { class: "choice-main" }, gettext("Take a Chance card instead")))),
        backButton(back));
    }
    return this.confirm(ctx.title, entry, back);
  }

  move_auction(ctx, space = null) {
    const w = this.words;
    const unowned = this.app.state.spaces.filter((d) => d.owner === null).map((d) => d.space);
    if (space === null) {
      const list = unowned.length
        ? h("div", { class: "choices" }, unowned.map((p) => h("button", { type: "button", class: "choice",
          "data-space": p, onclick: () => this.move_auction(ctx, p) },
        swatch(w.spaces[p].group), h("span", { class: "choice-main" }, w.space(p)),
        h("span", { class: "choice-sub" }, say(gettext("printed %(amount)s"), { amount: w.money(w.spaces[p].price) })))))
        : h("p", { class: "empty" }, gettext("Every deed is owned: nothing to auction."));
      return this.show(ctx.title, h("p", { class: "prompt" }, gettext("Which deed is auctioned?")), list);
    }
    let winner = ctx.seat;
    const pad = keypad("auction-amount", gettext("Winning bid"));
    const winners = seatPicker(this.app, { label: gettext("Who won?"), selected: winner, onpick: (n) => { winner = n; } });
    return this.show(ctx.title,
      h("p", { class: "prompt" }, say(gettext("Auction of %(deed)s"), { deed: w.space(space) })),
      winners, pad.el,
      actions(
        h("button", { type: "button", class: "primary", onclick: () => {
          if (!pad.value()) return pad.complain(gettext("Enter the winning bid."));
          this.confirm(ctx.title, { kind: "auction", seat: winner, space, amount: pad.value() },
            () => this.move_auction(ctx, space));
        } }, gettext("Check")),
        h("button", { type: "button", onclick: () => this.move_auction(ctx) }, gettext("Back"))));
  }

  move_pay_player(ctx) {
    let to = null;
    const pad = keypad("pay-amount", gettext("Amount"));
    const memo = textField("pay-memo", gettext("What for (optional)"));
    const others = seatPicker(this.app, { label: say(gettext("%(name)s pays whom?"), { name: ctx.name }),
      exclude: ctx.seat, onpick: (n) => { to = n; } });
    return this.show(ctx.title, others, pad.el, memo.el,
      actions(h("button", { type: "button", class: "primary", onclick: () => {
        if (to === null) return pad.complain(gettext("Pick who is paid."));
        if (!pad.value()) return pad.complain(gettext("Enter the amount."));
        const entry = { kind: "pay_player", seat: ctx.seat, to_seat: to, amount: pad.value() };
        if (memo.value()) entry.memo = memo.value();
        this.confirm(ctx.title, entry, () => this.move_pay_player(ctx));
      } }, gettext("Check"))));
  }

  move_bank_payment(ctx) {
    let sign = 1;
    const pad = keypad("bank-amount", gettext("Amount"));
    const memo = textField("bank-memo", gettext("What for"));
    const direction = h("div", { class: "segmented", role: "group", "aria-label": gettext("Direction") },
      [[1, say(gettext("Bank pays %(name)s"), { name: ctx.name })],
        [-1, say(gettext("%(name)s pays the bank"), { name: ctx.name })]].map(([value, text]) =>
        h("button", { type: "button", "aria-pressed": String(value === sign), "data-sign": value,
          onclick: (event) => {
            sign = value;
            for (const b of direction.children) b.setAttribute("aria-pressed", String(b === event.currentTarget));
          } }, text)));
    return this.show(ctx.title, direction, pad.el, memo.el,
      actions(h("button", { type: "button", class: "primary", onclick: () => {
        if (!pad.value()) return pad.complain(gettext("Enter the amount."));
        const entry = { kind: "bank_payment", seat: ctx.seat, amount: sign * pad.value() };
        if (memo.value()) entry.memo = memo.value();
        this.confirm(ctx.title, entry, () => this.move_bank_payment(ctx));
      } }, gettext("Check"))));
  }

  move_use_jail_card(ctx) {
    const decks = ctx.opts.jail_cards || [];
    const names = this.app.cfg.decks;
    const list = decks.length
      ? h("div", { class: "choices" }, decks.map((deck) => h("button", { type: "button", class: "choice",
        onclick: () => this.confirm(ctx.title, { kind: "use_jail_card", seat: ctx.seat, deck }) },
      h("span", { class: "choice-main" }, say(gettext("Use the %(deck)s card"), { deck: names[deck] })),
      h("span", { class: "choice-sub" }, gettext("It goes back under its deck")))))
      : h("p", { class: "empty" }, say(gettext("%(name)s holds no Get Out of Jail Free card."), { name: ctx.name }));
    return this.show(ctx.title, this.staleNote(), list);
  }

  move_bankrupt(ctx) {
    const w = this.words;
    // The bank says whom the debt is owed to ("bank" or a seat); null: not recorded, any.
    const owed = this.app.optionsFor(ctx.seat).owed_to ?? null;
    const creditors = owed === null ? [null, ...this.app.activeSeats().filter((n) => n !== ctx.seat)]
      : [owed === "bank" ? null : owed];
    return this.show(ctx.title,
      h("p", { class: "prompt" }, owed === null ? say(gettext("%(name)s cannot pay. Who is owed?"), { name: ctx.name })
        : owed === "bank" ? say(gettext("%(name)s cannot pay the bank."), { name: ctx.name })
          : say(gettext("%(name)s cannot pay %(creditor)s."), { name: ctx.name, creditor: w.seat(owed) })),
      h("p", { class: "muted" }, gettext("To a player: buildings go back to the bank at half price, and cash, deeds " +
        "and cards go to that player. To the bank: deeds go back to the bank for auction.")),
      h("div", { class: "choices" }, creditors.map((c) => h("button", { type: "button", class: "choice danger",
        "data-creditor": c ?? "bank",
        onclick: () => {
          if (c !== null && this.mortgagedOf(ctx.seat).length) return this.move_bankrupt_lift(ctx, c);
          const entry = { kind: "bankrupt", seat: ctx.seat };
          if (c !== null) entry.creditor = c;
          this.confirm(ctx.title, entry, () => this.move_bankrupt(ctx));
        } }, h("span", { class: "choice-main" }, c === null ? gettext("The bank") : w.seat(c))))));
  }

  /** The debtor's mortgaged deeds, which a creditor receives and may lift at once. */
  mortgagedOf(seat) {
    return [...this.app.deeds().values()].filter((d) => d.owner === seat && d.mortgaged).map((d) => d.space);
  }

  /** To a player: tick the mortgaged deeds the creditor lifts now; the bank's preview
   * shows what each costs (the interest, or the value and interest) before recording. */
  move_bankrupt_lift(ctx, creditor) {
    const w = this.words;
    const form = h("form", { class: "lift", onsubmit: (event) => event.preventDefault() });
    const boxes = this.mortgagedOf(ctx.seat).map((p) => h("label", { class: "check" },
      h("input", { type: "checkbox", name: "lift", value: p }), swatch(w.spaces[p].group), ` ${w.space(p)}`));
    form.append(h("fieldset", {}, h("legend", {},
      say(gettext("%(name)s receives these mortgaged deeds. Lift any now?"), { name: w.seat(creditor) })),
    ...boxes),
    h("p", { class: "muted" }, gettext("The interest is due on each at once. A deed ticked is paid off now as well, " +
        "for less than lifting it later; the bank\u2019s check shows the amounts.")),
      actions(h("button", { type: "submit", class: "primary", "data-action": "check-bankruptcy", onclick: () => {
        const entry = { kind: "bankrupt", seat: ctx.seat, creditor };
        const lifted = [...form.querySelectorAll("input[name=lift]:checked")].map((i) => Number(i.value));
        if (lifted.length) entry.lift = lifted;
        this.confirm(ctx.title, entry, () => this.move_bankrupt_lift(ctx, creditor));
      } }, gettext("Check the bankruptcy")), h("button", { type: "button", onclick: () => this.move_bankrupt(ctx) }, gettext("Back"))));
    return this.show(ctx.title, this.staleNote(), form);
  }

  move_trade(ctx, partner = null) {
    const w = this.words;
    if (partner === null) {
      const others = this.app.activeSeats().filter((n) => n !== ctx.seat);
      if (others.length === 1) return this.move_trade(ctx, others[0]);
      return this.show(ctx.title, seatPicker(this.app, { label: say(gettext("%(name)s trades with whom?"), { name: ctx.name }), exclude: ctx.seat,
        onpick: (n) => this.move_trade(ctx, n) }));
    }
    const deeds = this.app.deeds();
    const seats = new Map(this.app.state.seats.map((s) => [s.seat, s]));
    const form = h("form", { class: "trade", onsubmit: (event) => event.preventDefault() });
    const sides = [ctx.seat, partner].map((seat) => {
      const tradeable = this.app.optionsFor(seat).trade;
      const held = seats.get(seat).jail_cards;
      const tag = `trade-${seat}`;
      return h("fieldset", { class: "side", "data-seat": seat },
        h("legend", {}, say(gettext("%(name)s gives"), { name: w.seat(seat) })),
        tradeable.length ? tradeable.map((p) => h("label", { class: "check" },
          h("input", { type: "checkbox", name: `give-${seat}`, value: p, "data-mortgaged": deeds.get(p).mortgaged ? "1" : "" }),
          swatch(w.spaces[p].group), " ", deeds.get(p).mortgaged
            ? say(gettext("%(deed)s (mortgaged)"), { deed: w.space(p) }) : w.space(p)))
          : h("p", { class: "muted" }, gettext("No deed to trade.")),
        h("label", { for: `${tag}-cash` }, say(gettext("Cash from %(name)s"), { name: w.seat(seat) })),
        h("input", { id: `${tag}-cash`, name: `cash-${seat}`, type: "number", min: 0, step: 1, inputmode: "numeric", placeholder: "0" }),
        held ? [h("label", { for: `${tag}-jail` }, say(gettext("Jail cards from %(name)s"), { name: w.seat(seat) })),
          h("input", { id: `${tag}-jail`, name: `jail-${seat}`, type: "number", min: 0, max: held, step: 1, inputmode: "numeric", placeholder: "0" })] : null);
    });
    const lift = h("fieldset", { class: "lift", hidden: true }, h("legend", {}, gettext("Lift these mortgages now (value + 10%)?")));
    const refreshLift = () => {
      const mortgaged = [...form.querySelectorAll("input[type=checkbox][data-mortgaged='1']:checked")].map((i) => Number(i.value));
      const kept = new Set([...lift.querySelectorAll("input:checked")].map((i) => Number(i.value)));
      lift.replaceChildren(lift.firstChild, ...mortgaged.map((p) => h("label", { class: "check" },
        h("input", { type: "checkbox", name: "lift", value: p, checked: kept.has(p) }), ` ${w.space(p)}`)));
      lift.hidden = !mortgaged.length;
    };
    form.addEventListener("change", (event) => { if (event.target.name !== "lift") refreshLift(); });
    const error = h("p", { class: "error", role: "alert" });
    const side = (seat) => ({
      spaces: [...form.querySelectorAll(`input[name="give-${seat}"]:checked`)].map((i) => Number(i.value)),
      cash: Number(form.elements[`cash-${seat}`].value || 0),
      jail_cards: Number(form.elements[`jail-${seat}`]?.value || 0),
    });
    form.append(h("div", { class: "sides" }, sides), lift, error,
      actions(h("button", { type: "submit", class: "primary", onclick: () => {
        const give = compact(side(ctx.seat));
        const take = compact(side(partner));
        if (!Object.keys(give).length && !Object.keys(take).length) {
          error.textContent = gettext("Tick what changes hands, or enter cash.");
          return;
        }
        const entry = { kind: "trade", seat: ctx.seat, to_seat: partner, give, take };
        const lifted = [...lift.querySelectorAll("input:checked")].map((i) => Number(i.value));
        if (lifted.length) entry.lift = lifted;
        this.confirm(ctx.title, entry, () => this.show(ctx.title, form));
      } }, gettext("Check the trade"))));
    return this.show(say(gettext("Trade \u00b7 %(name)s and %(partner)s"), { name: ctx.name, partner: w.seat(partner) }),
      this.staleNote(), form);
  }

  // ------------------------------------------------------------ check, then record

  /** Ask the bank what the entry would do, show it, and record it on "Record". */
  async confirm(title, entry, back = null) {
    const label = this.words.name(entry);
    if (this.app.net === "offline") return this.offline(title, entry, label, back);
    const token = this.show(title, h("p", { class: "loading", role: "status" }, gettext("Checking with the bank\u2026")));
    let answer;
    try {
      answer = await this.app.preview(entry);
    } catch (error) {
      if (!(error instanceof Offline)) throw error;
      if (!this.stale(token)) this.offline(title, entry, label, back);
      return;
    }
    if (this.stale(token)) return;
    if (!answer.ok) return this.refused(title, entry, answer.body, back);
    return this.preview(title, entry, answer.body.description, answer.body, back);
  }

  preview(title, entry, label, p, back) {
    const w = this.words;
    const seat = entry.seat;
    const transfers = p.transfers;
    const parts = [h("p", { class: "what" }, label)];
    const total = p.total;
    if (transfers.length) {
      parts.push(h("h3", {}, gettext("Money")),
        total.each !== null ? h("p", { class: "each" }, say(ngettext("%(amount)s each, %(count)s payment",
          "%(amount)s each, %(count)s payments", transfers.length), { amount: w.money(total.each), count: transfers.length })) : null,
        h("ul", { class: "transfers" }, transfers.map((t) => h("li", {},
          h("span", {}, t.words),
          h("strong", { class: "amount" }, w.money(t.amount))))));
      if (transfers.length > 1) {
        parts.push(h("p", { class: "total" }, total.words));
      }
    } else {
      parts.push(h("p", { class: "each" }, gettext("No money moves.")));
    }
    if (p.balances.length) {
      parts.push(h("h3", {}, gettext("Balances")), h("table", { class: "data balances" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, gettext("Player")), h("th", { scope: "col", class: "num" }, gettext("Before")),
          h("th", { scope: "col", class: "num" }, gettext("After")), h("th", { scope: "col", class: "num" }, gettext("Change")))),
        h("tbody", {}, [...p.balances].sort((a, b) => (b.seat === seat) - (a.seat === seat)).map((b) => h("tr", { "data-seat": b.seat, class: b.after < 0 ? "short" : "" },
          h("th", { scope: "row" }, b.name), h("td", { class: "num" }, w.money(b.before)),
          h("td", { class: "num" }, w.money(b.after)),
          h("td", { class: "num" }, (b.change > 0 ? "+" : "") + w.money(b.change)))))));
    }
    const changes = deedChanges(this.app, p.state);
    if (changes.length) parts.push(h("h3", {}, gettext("Deeds")), h("ul", { class: "changes" }, changes.map((c) => h("li", {}, c))));
    for (const b of p.balances.filter((x) => x.after < 0)) {
      parts.push(h("div", { class: "notice warn debt-note" },
        h("p", {}, h("strong", {}, say(gettext("%(name)s will owe %(amount)s."), { name: isolated(b.name), amount: w.money(-b.after) })), " ",
          gettext("The debt is recorded in full. Then raise cash: sell buildings, mortgage, trade \u2014 or declare bankruptcy."))));
    }
    // The same move as the latest entry, within a minute (a double tap?): the bank asks.
    if (p.repeat) {
      parts.push(h("div", { class: "notice warn", role: "alert", "data-repeat": p.repeat.seq },
        h("strong", {}, gettext("Again?")), " ", p.repeat.question));
    }
    parts.push(actions(
      h("button", { type: "button", class: "primary", "data-action": "record", autofocus: true, onclick: () => this.record(entry, label, p) },
        p.repeat ? gettext("Record again") : gettext("Record")),
      back ? h("button", { type: "button", onclick: back }, gettext("Back"))
        : h("button", { type: "button", onclick: () => this.close() }, gettext("Cancel"))));
    return this.show(title, parts);
  }

  refused(title, entry, body, back) {
    const parts = [h("div", { class: "notice danger", role: "alert" },
      h("strong", {}, gettext("The bank says no:")), " ", body.detail || gettext("this move is not allowed."))];
    if (body.error === "insufficient_cash") {
      parts.push(h("p", {}, say(gettext("%(name)s needs more cash. Raise it first: sell buildings, mortgage, " +
        "trade \u2014 or declare bankruptcy if a debt cannot be paid."), { name: this.words.seat(entry.seat) })));
      parts.push(debtPath(this.app, entry.seat));
      if (entry.kind === "buy") {
        parts.push(h("button", { type: "button", onclick: () => this.move_auction({ title: `${this.words.kind("auction")} \u00b7 ${this.words.seat(entry.seat)}`, seat: entry.seat }, entry.space) },
          gettext("Auction it instead")));
      }
    }
    parts.push(actions(back ? h("button", { type: "button", onclick: back }, gettext("Back")) : null,
      h("button", { type: "button", onclick: () => this.close() }, gettext("Close"))));
    return this.show(title, parts);
  }

  offline(title, entry, label, back) {
    return this.show(title, h("p", { class: "what" }, label),
      h("div", { class: "notice warn", role: "status" }, h("strong", {}, gettext("Offline: no preview.")), " ",
        gettext("The bank cannot check this move or show the amounts now. A queued entry waits on this " +
        "tablet and is sent when the connection returns; if the rules refuse it then, the console " +
        "shows why and holds the queue.")),
      actions(
        h("button", { type: "button", class: "primary", "data-action": "queue", onclick: () => this.record(entry, label) }, gettext("Queue it")),
        back ? h("button", { type: "button", onclick: back }, gettext("Back")) : null));
  }

  async record(entry, label, preview = null) {
    this.close();
    await this.app.queue(entry, label, preview);
  }

  // ------------------------------------------------------------ undo and close

  async openUndo(target) {
    const w = this.words;
    const label = target.description || w.kind(target.kind);
    const title = say(gettext("Undo #%(seq)s"), { seq: target.seq });
    const token = this.show(title, h("p", { class: "loading", role: "status" }, gettext("Checking with the bank\u2026")));
    let answer = null;
    try {
      answer = await this.app.voidPreview(target);
    } catch (error) {
      if (!(error instanceof Offline)) throw error;
    }
    if (this.stale(token)) return;
    if (answer && !answer.ok) return this.refused(title, target, answer.body, null);
    // What goes back and the balances after, as the bank worked them out; offline, it waits.
    const p = answer ? answer.body : null;
    let money;
    if (!p) {
      money = h("div", { class: "notice warn", role: "status" }, h("strong", {}, gettext("Offline: no preview.")), " ",
        gettext("The bank cannot show what goes back now. The undo waits on this tablet and is sent when " +
        "the connection returns; if the bank refuses it then, the console shows why."));
    } else if (p.transfers.length) {
      money = [h("h3", {}, gettext("Money going back")), h("ul", { class: "transfers" }, p.transfers.map((t) => h("li", {},
        h("span", {}, t.words), h("strong", { class: "amount" }, w.money(t.amount)))))];
    } else {
      money = h("p", {}, gettext("No money moves back."));
    }
    const balances = p && p.balances.length ? h("ul", { class: "changes" }, p.balances.map((b) =>
      h("li", {}, `${b.name}: ${w.money(b.before)} \u2192 ${w.money(b.after)}`))) : null;
    const reason = textField("void-reason", gettext("Reason"), { required: true });
    const quick = [gettext("Wrong player"), gettext("Wrong amount"), gettext("Wrong deed"), gettext("Recorded twice")].map((text) =>
      h("button", { type: "button", class: "small-btn", onclick: () => reason.set(text) }, text));
    const error = h("p", { class: "error", role: "alert" });
    return this.show(title,
      h("p", { class: "what" }, label),
      money, balances,
      h("p", { class: "muted small" }, gettext("The entry stays in the ledger, marked as undone, with your reason.")),
      h("div", { class: "row quick" }, quick), reason.el, error,
      actions(
        h("button", { type: "button", class: "danger solid", "data-action": "undo", onclick: async () => {
          if (!reason.value()) { error.textContent = gettext("Say why the entry is undone."); reason.focus(); return; }
          this.close();
          await this.app.queueVoid(target, reason.value(),
            say(gettext("Undo #%(seq)s (%(entry)s): %(reason)s"), { seq: target.seq, entry: label, reason: reason.value() }));
        } }, gettext("Undo entry")),
        h("button", { type: "button", onclick: () => this.close() }, gettext("Cancel"))));
  }

  openClose() {
    const error = h("p", { class: "error", role: "alert" });
    return this.show(gettext("Close the table"),
      h("p", {}, gettext("Close the table once the last turn is played. No entry can be recorded after that; " +
        "the net worths are counted and a referee confirms them.")),
      this.app.pending.length ? h("p", { class: "notice warn" }, gettext("Entries are still waiting to be sent: they go first.")) : null,
      !this.app.pending.length && this.app.state.last_seq === 0
        ? h("p", { class: "notice warn", "data-empty-table": "" }, h("strong", {}, gettext("Nothing has been recorded at this table.")), " ",
          gettext("Every player is counted at the starting cash. Close it only if no game was played here."))
        : null,
      error,
      actions(
        h("button", { type: "button", class: "primary", "data-action": "close-table", onclick: async () => {
          const answer = await this.app.closeTable();
          if (answer) error.textContent = answer;
          else this.close();
        } }, gettext("Close table")),
        h("button", { type: "button", onclick: () => this.close() }, gettext("Cancel"))));
  }
}

// ---------------------------------------------------------------- small parts

/** The cash a move moves on a space, as the bank's options say ("" if they do not say). */
function cash(words, opts, move, space) {
  const amount = opts.amounts?.[move]?.[space];
  return amount === undefined || amount === null ? "" : words.money(amount);
}

function actions(...buttons) {
  return h("div", { class: "actions" }, buttons);
}

function backButton(onclick) {
  return actions(h("button", { type: "button", onclick }, gettext("Back")));
}

function compact(side) {
  const out = {};
  if (side.spaces.length) out.spaces = side.spaces;
  if (side.cash > 0) out.cash = Math.floor(side.cash);
  if (side.jail_cards > 0) out.jail_cards = Math.floor(side.jail_cards);
  return out;
}

/** What changes on the board: owners, buildings, mortgages. */
function deedChanges(app, after) {
  const w = app.words;
  const before = app.deeds();
  const out = [];
  for (const d of after.spaces) {
    const was = before.get(d.space);
    if (!was) continue;
    if (was.owner !== d.owner) out.push(`${d.name}: ${d.owner ? w.seat(d.owner) : gettext("back to the bank")}`);
    const b0 = buildings(was) || gettext("no buildings");
    const b1 = buildings(d) || gettext("no buildings");
    if (b0 !== b1) out.push(`${d.name}: ${b0} \u2192 ${b1}`);
    if (was.mortgaged !== d.mortgaged) out.push(`${d.name}: ${d.mortgaged ? gettext("mortgaged") : gettext("mortgage lifted")}`);
  }
  return out;
}

/** Seat buttons to pick one player; the pressed one is the choice. */
function seatPicker(app, { label, exclude = null, selected = null, onpick }) {
  const id = `pick-${Math.random().toString(36).slice(2, 8)}`;
  const group = h("div", { class: "seat-pick", role: "group", "aria-labelledby": id });
  for (const n of app.activeSeats().filter((s) => s !== exclude)) {
    group.append(h("button", { type: "button", "aria-pressed": String(n === selected), "data-seat": n,
      onclick: (event) => {
        for (const b of group.children) b.setAttribute("aria-pressed", String(b === event.currentTarget));
        onpick(n);
      } }, app.words.seat(n)));
  }
  return h("div", { class: "field" }, h("p", { class: "prompt", id }, label), group);
}

/** An amount with a keypad and quick amounts, for the rare free-form payment. */
function keypad(id, label) {
  const input = h("input", { id, name: id, type: "text", inputmode: "none", autocomplete: "off",
    pattern: "[0-9]*", class: "amount-input", placeholder: "0" });
  const message = h("p", { class: "error", role: "alert" });
  const set = (text) => {
    input.value = text.replace(/\D/g, "").replace(/^0+/, "").slice(0, 6);
    message.textContent = "";
  };
  const key = (text, aria, action) => h("button", { type: "button", class: "key", "aria-label": aria || null,
    onclick: action }, text);
  const digits = ["1", "2", "3", "4", "5", "6", "7", "8", "9"].map((d) => key(d, null, () => set(input.value + d)));
  const el = h("div", { class: "keypad-field" },
    h("label", { for: id }, label),
    input,
    h("div", { class: "quick", role: "group", "aria-label": gettext("Quick amounts") },
      QUICK_AMOUNTS.map((n) => key(String(n), say(gettext("Amount %(amount)s"), { amount: n }), () => set(String(n))))),
    h("div", { class: "keypad" }, digits,
      key(gettext("Clear"), gettext("Clear the amount"), () => set("")),
      key("0", null, () => set(input.value + "0")),
      key("\u232b", gettext("Delete the last digit"), () => set(input.value.slice(0, -1)))),
    message);
  input.addEventListener("input", () => set(input.value));
  return {
    el,
    value: () => Number(input.value || 0),
    complain: (text) => { message.textContent = text; },
  };
}

function textField(id, label, { required = false } = {}) {
  const input = h("input", { id, name: id, type: "text", maxlength: 200, autocomplete: "off", required });
  return {
    el: h("div", { class: "field" }, h("label", { for: id }, label), input),
    value: () => input.value.trim(),
    set: (text) => { input.value = text; },
    focus: () => input.focus(),
  };
}
