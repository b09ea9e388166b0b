// The dock panels of the Mtaani screen: Assets (properties, batch actions, purchased cards),
// Trade (open offers, the open/closed switch and the composer: cash, properties, insurance
// and special cards on both sides, as the engine's propose_trade spec allows), Loans (bank
// loan, player loans, offers, repayment) and Audio.

import { describe, grouped, groupedSpecs } from "./actions.js";
import { setColor } from "./board.js";
import { cardName, itemsWords, offerNo } from "./events.js";
import { fill } from "../../ui.js";

// ------------------------------------------------------------------ assets
export function assetsPanel(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const g = sc.guide();
  const seat = v.seat;
  if (seat === null || seat === undefined) return [sc.spectatorNote()];
  const c = g.edition.currency;
  const actions = grouped(v).assets;
  const byTile = new Map();
  const loose = [];
  for (const a of actions) {
    if (a.tile !== undefined) {
      if (!byTile.has(a.tile)) byTile.set(a.tile, []);
      byTile.get(a.tile).push(a);
    } else {
      loose.push(a);
    }
  }
  const mine = g.tiles.filter((t) => v.state.props[String(t.index)]?.owner === seat);
  const rows = mine.map((t) => {
    const p = v.state.props[String(t.index)];
    return h("tr", {},
      h("th", { scope: "row" }, h("span", { class: "swatch", style: { "--set": setColor(g, t.set) } }), t.name),
      h("td", { "data-label": "Units" }, p.units), h("td", { "data-label": "Mortgage" }, p.mortgaged ? "mortgaged" : "—"),
      h("td", { "data-label": "Fee now" }, sc.money(v.state.derived.fees[t.index] ?? 0, c)),
      h("td", { class: "actions" }, (byTile.get(t.index) || []).map((a) => sc.actionButton(a, "small"))));
  });
  const batches = new Map();
  const plain = [];
  for (const a of loose) {
    if (a.set !== undefined && a.target !== undefined) {
      const key = `${a.type}:${a.set}`;
      if (!batches.has(key)) batches.set(key, []);
      batches.get(key).push(a);
    } else if (a.set === undefined || a.type.startsWith("play_")) {
      plain.push(a);
    }
  }
  const me = v.state.players[seat];
  const cards = [];
  if (me.insurance) cards.push(sc.words.plural("insurance card", me.insurance));
  for (const [card, owner] of Object.entries(v.state.specials || {})) if (owner === seat) cards.push(`The ${cardName(card)} card`);
  // Play a special card on a set: one control (choose the set) per card.
  const setPlays = new Map();
  for (const a of loose.filter((x) => x.set !== undefined && x.target === undefined)) {
    if (!setPlays.has(a.type)) setPlays.set(a.type, []);
    setPlays.get(a.type).push(a);
  }
  return [
    h("h3", {}, "Your properties"),
    mine.length ? h("div", { class: "table-wrap assets-wrap" }, h("table", { class: "assets" },
      h("thead", {}, h("tr", {}, ["Property", "Units", "Mortgage", "Fee now", "Actions"].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, rows))) : h("p", { class: "muted" }, "You own no properties yet."),
    h("h3", {}, "Batch actions"),
    batches.size || plain.length ? h("div", { class: "actions" },
      [...batches.values()].map((list) => choiceControl(sc, list, (a) => sc.words.plural("unit", a.target), "target")), plain.map((a) => sc.actionButton(a)))
      : h("p", { class: "muted" }, "No batch action is available now."),
    h("h3", {}, "Purchased cards"),
    cards.length ? h("ul", {}, cards.map((card) => h("li", {}, card))) : h("p", { class: "muted" }, "You hold no purchased cards."),
    [...setPlays.values()].map((list) => choiceControl(sc, list, (a) => g.sets.find((x) => x.id === a.set)?.name || a.set, "set")),
    (groupedSpecs(v).assets || []).map(([type, spec]) => sc.specForm(type, spec)),
  ];
}

/** One control for a family of actions that differ in one field: choose, see the cost, apply. */
function choiceControl(sc, list, label, field) {
  const { h, fill } = sc.ctx;
  if (field === "target") list.sort((a, b) => a.target - b.target);
  const id = `choice-${list[0].type}-${list[0].set ?? ""}`.replace(/[^a-z0-9_-]/gi, "-");
  const select = h("select", { id, "data-key": id }, list.map((a, i) => h("option", { value: i }, label(a))));
  const holder = h("span", {});
  const update = () => fill(holder, sc.actionButton(list[Number(select.value)]));
  select.addEventListener("change", update);
  update();
  const d = describe(list[0], sc.view(), sc.guide());
  const title = field === "target" ? `${d.label.replace(/ (down )?to \d+ units?$/, "")}: target` : d.label.replace(/ .*$/, " ") + "on";
  return h("div", { class: "batch" }, h("label", { for: id }, title), select, holder);
}

// ------------------------------------------------------------------ trade
export function tradePanel(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const g = sc.guide();
  const seat = v.seat;
  if (seat === null || seat === undefined) return [sc.spectatorNote()];
  const c = g.edition.currency;
  const others = v.seats.filter((s) => s.seat !== seat && !v.state.players[s.seat].bankrupt);
  const t = sc.st.trade;
  if (t.to === null || !others.some((o) => o.seat === t.to)) t.to = others[0]?.seat ?? null;
  const tradeActions = grouped(v).trade;
  const spec = v.legal_specs?.propose_trade || null;
  const offerable = spec && Array.isArray(spec.to) ? spec.to : null;
  const owned = (who) => g.tiles.filter((tile) => v.state.props[String(tile.index)]?.owner === who);
  const tradeable = (who) => new Set(who === seat ? spec?.give?.properties || [] : spec?.get?.[String(who)]?.properties || []);
  const redraw = () => sc.redrawDock();
  const check = (id, checked, onchange, text) => h("li", {}, h("label", { class: "check", for: id },
    h("input", { type: "checkbox", id, "data-key": id, checked, onchange }), text));
  const side = (who, items, prefix) => {
    const ok = tradeable(who);
    const p = v.state.players[who];
    const cards = Object.entries(v.state.specials || {}).filter(([, holder]) => holder === who).map(([card]) => card);
    return [
      h("ul", { class: "checks" }, owned(who).map((tile) => {
        const prop = v.state.props[String(tile.index)];
        const notes = [prop.mortgaged ? "mortgaged" : null, prop.units ? sc.words.plural("unit", prop.units) : null,
          !ok.has(tile.index) ? "not tradeable now: its set has units" : null].filter(Boolean);
        return check(`${prefix}-${tile.index}`, items.properties.has(tile.index),
          (e) => { if (e.target.checked) items.properties.add(tile.index); else items.properties.delete(tile.index); redraw(); },
          [h("span", { class: "swatch", style: { "--set": setColor(g, tile.set) } }), tile.name, notes.length ? h("span", { class: "muted" }, ` (${notes.join(", ")})`) : null]);
      }), cards.map((card) => check(`${prefix}-card-${card}`, items.specials.has(card),
        (e) => { if (e.target.checked) items.specials.add(card); else items.specials.delete(card); redraw(); }, `The ${cardName(card)} card`))),
      // Typing a number updates the preview and the Send button in place: a redraw when the
      // field lost focus replaced the Send button under the press that took the focus away.
      // The keys carry the form's generation, so a cleared form's fields start empty (empty
      // reads as 0: typing into a "0" made "01000").
      h("label", { for: `${prefix}-cash` }, `Cash (${c})`, h("input", { id: `${prefix}-cash`, type: "number", min: 0, step: 1000, value: items.cash || "", placeholder: "0", "data-key": `${prefix}-cash-${t.generation}`,
        oninput: (e) => { items.cash = Math.max(0, Number(e.target.value) || 0); sync(); } })),
      p.insurance ? h("label", { for: `${prefix}-insurance` }, `Insurance cards (holds ${p.insurance})`,
        h("input", { id: `${prefix}-insurance`, type: "number", min: 0, max: p.insurance, step: 1, value: items.insurance || "", placeholder: "0", "data-key": `${prefix}-insurance-${t.generation}`,
          oninput: (e) => { items.insurance = Math.min(p.insurance, Math.max(0, Number(e.target.value) || 0)); sync(); } })) : null,
    ];
  };
  const wire = (items) => ({ cash: items.cash, properties: [...items.properties], insurance: items.insurance, specials: [...items.specials] });
  const empty = (x) => !x.cash && !x.properties.length && !x.insurance && !x.specials.length;
  const blocked = [...t.give.properties].some((i) => !tradeable(seat).has(i)) || (t.to !== null && [...t.get.properties].some((i) => !tradeable(t.to).has(i)));
  const closed = offerable && t.to !== null && !offerable.includes(t.to);
  const send = h("button", { type: "submit", class: "action primary" }, "Send offer");
  const preview = h("div", { class: "trade-preview", "data-testid": "trade-preview", "aria-live": "polite" });
  /** The preview and whether Send may be pressed, from the form's items. */
  function sync() {
    const give = wire(t.give), get = wire(t.get);
    send.disabled = !spec || closed || blocked || (empty(give) && empty(get)) || t.to === null;
    fill(preview, h("p", {}, h("strong", {}, "You give: "), itemsWords(give, g)),
      h("p", {}, h("strong", {}, "You get: "), itemsWords(get, g)));
  }
  const clear = () => {
    for (const items of [t.give, t.get]) { items.properties.clear(); items.specials.clear(); items.cash = 0; items.insurance = 0; }
    t.generation += 1;
  };
  const form = h("form", { class: "trade", "aria-label": "Compose a trade offer", onsubmit: (e) => {
    e.preventDefault();
    if (!spec) return;
    sc.perform({ type: "propose_trade", to: t.to, give: wire(t.give), get: wire(t.get) }, send).then((sent) => { if (sent) { clear(); redraw(); } });
  } },
  h("label", { for: "trade-to" }, "Trade with",
    h("select", { id: "trade-to", "data-key": "trade-to", onchange: (e) => { t.to = Number(e.target.value); t.get.properties.clear(); t.get.specials.clear(); t.get.insurance = 0; redraw(); } },
      others.map((o) => h("option", { value: o.seat, selected: o.seat === t.to }, o.name)))),
  h("div", { class: "trade-sides" },
    h("fieldset", {}, h("legend", {}, "You give"), side(seat, t.give, "give")),
    h("fieldset", {}, h("legend", {}, `You get from ${t.to === null ? "—" : sc.name(t.to)}`), t.to === null ? null : side(t.to, t.get, "get"))),
  preview,
  h("div", { class: "row" }, send, h("button", { type: "button", onclick: () => { clear(); redraw(); } }, "Clear")),
  blocked ? h("p", { class: "muted" }, "A property whose set has units cannot change hands: sell the units first.") : null,
  closed ? h("p", { class: "muted" }, `${sc.name(t.to)} is closed to trade offers right now.`) : null,
  spec ? null : h("p", { class: "muted" }, "You cannot send a trade offer right now (nobody is open to offers, or you have too many open)."));
  sync();
  const byTrade = (id) => tradeActions.filter((a) => a.trade === id);
  const offers = (v.state.trades || []).map((offer) => {
    const mineOut = offer.proposer === seat;
    return h("li", { class: "card offer", "data-testid": `offer-${offer.id}` },
      h("p", {}, h("strong", {}, mineOut ? `Your offer #${offerNo(offer.id)} to ${sc.name(offer.to)}` : `Offer #${offerNo(offer.id)} from ${sc.name(offer.proposer)}`)),
      h("p", {}, h("strong", {}, "You give: "), mineOut ? itemsWords(offer.give, g) : itemsWords(offer.get, g)),
      h("p", {}, h("strong", {}, "You get: "), mineOut ? itemsWords(offer.get, g) : itemsWords(offer.give, g)),
      h("div", { class: "actions" }, byTrade(offer.id).map((a) => sc.actionButton(a, "small"))));
  });
  const toggle = tradeActions.find((a) => a.type === "set_trade_open");
  const open = v.state.players[seat].trade_open;
  const switchButton = toggle ? h("button", { type: "button", class: "toggle", role: "switch", "aria-checked": open ? "true" : "false", "data-action": "set_trade_open",
    onclick: (e) => sc.perform(toggle, e.currentTarget) }, h("span", { class: "knob", "aria-hidden": "true" }), "Accept trade offers") : null;
  const me = v.state.players[seat];
  return [
    h("div", { class: "row spread" }, switchButton,
      g.rules.trades?.enabled_points ? h("span", { class: "muted" }, `Trade points banked: ${me.trade_points ?? 0}`) : null),
    offers.length ? [h("h3", {}, "Open offers"), h("ul", { class: "list" }, offers)] : null,
    h("h3", {}, "Compose an offer"), form,
  ];
}

// ------------------------------------------------------------------ loans
export function loansPanel(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const g = sc.guide();
  const seat = v.seat;
  if (seat === null || seat === undefined) return [sc.spectatorNote()];
  const c = g.edition.currency;
  const m = (n) => sc.money(n, c);
  const actions = grouped(v).loans;
  const specs = Object.fromEntries(groupedSpecs(v).loans || []);
  const me = v.state.players[seat];
  const out = [];
  if (v.state.derived?.bank_loan_limit !== undefined) out.push(h("p", {}, `Bank loan limit: ${m(v.state.derived.bank_loan_limit)}`));
  const repayControl = (loanId, title) => {
    const list = actions.filter((a) => a.type === "repay_loan" && (a.loan ?? null) === loanId);
    if (!list.length) return null;
    const shares = list.filter((a) => a.percent).sort((a, b) => a.percent - b.percent);
    const most = list.find((a) => a.max);
    const id = `repay-${loanId ?? "bank"}`;
    const select = shares.length ? h("select", { id, "data-key": id }, shares.map((a, i) => h("option", { value: i, selected: a.percent === 100 }, `${a.percent}%`))) : null;
    const pay = h("button", { type: "button", class: "action spend", "data-action": "repay_loan", onclick: () => sc.perform(shares[Number(select.value)], pay) }, "Repay this share");
    return h("div", { class: "batch" }, h("label", { for: id }, `${title}: repay`), select, select ? pay : null, most ? sc.actionButton(most, "small") : null);
  };
  if (me.bank_loan) {
    out.push(h("p", {}, `Bank loan: ${m(me.bank_loan.principal)} principal + ${m(me.bank_loan.interest)} interest, due at revolution ${me.bank_loan.due}.`),
      repayControl(null, "Bank loan"));
  }
  const loans = (v.state.loans || []).filter((l) => l.borrower === seat || l.lender === seat);
  for (const l of loans) {
    out.push(h("p", {}, l.borrower === seat
      ? `Loan #${offerNo(l.id)}: you owe ${sc.name(l.lender)} ${m(l.principal + l.interest)} (due at revolution ${l.due})`
      : `Loan #${offerNo(l.id)}: ${sc.name(l.borrower)} owes you ${m(l.principal + l.interest)} (due at revolution ${l.due})${l.demanded ? ", repayment demanded" : ""}`));
    if (l.borrower === seat) out.push(repayControl(l.id, `Loan #${offerNo(l.id)}`));
    for (const a of actions.filter((x) => x.type === "demand_repayment" && x.loan === l.id)) out.push(sc.actionButton(a, "small"));
  }
  const offers = v.state.loan_offers || [];
  for (const o of offers) {
    out.push(h("div", { class: "card offer" }, h("p", {}, `Offer #${offerNo(o.id)}: ${sc.name(o.lender)} lends ${sc.name(o.borrower)} ${m(o.amount)} at ${o.interest_percent}% for ${sc.words.plural("revolution", o.term)}`),
      h("div", { class: "actions" }, actions.filter((a) => a.offer === o.id).map((a) => sc.actionButton(a, "small")))));
  }
  if (!me.bank_loan && !loans.length && !offers.length) out.push(h("p", { class: "muted" }, "You have no open loans."));
  if (specs.take_loan) {
    const spec = specs.take_loan;
    const amount = h("input", { id: "loan-amount", "data-key": "loan-amount", type: "number", min: spec.min, max: spec.max, step: spec.step, value: spec.min, required: true });
    const button = h("button", { type: "submit", class: "action spend" }, h("span", { class: "label" }, "Borrow from the bank"),
      h("span", { class: "cost" }, `${spec.interest_percent}% interest, due after ${sc.words.plural("revolution", spec.term)}`));
    out.push(h("form", { class: "spec-form", onsubmit: (e) => { e.preventDefault(); sc.perform({ type: "take_loan", amount: Number(amount.value) }, button); } },
      h("label", { for: "loan-amount" }, `Amount (${m(spec.min)} to ${m(spec.max)})`, amount), button));
  }
  if (specs.offer_loan) {
    const spec = specs.offer_loan;
    const to = h("select", { id: "lend-to", "data-key": "lend-to" }, spec.to.map((i) => h("option", { value: i }, sc.name(i))));
    const lend = h("select", { id: "lend-way", "data-key": "lend-way" }, h("option", { value: "true" }, "I lend"), h("option", { value: "false" }, "I borrow"));
    const amount = h("input", { id: "lend-amount", "data-key": "lend-amount", type: "number", min: spec.min, step: spec.step, value: spec.min, required: true });
    const rate = h("select", { id: "lend-rate", "data-key": "lend-rate" }, spec.interest_percents.map((p) => h("option", { value: p }, `${p}%`)));
    const term = h("select", { id: "lend-term", "data-key": "lend-term" }, spec.terms.map((n) => h("option", { value: n }, sc.words.plural("revolution", n))));
    const button = h("button", { type: "submit", class: "action primary" }, "Offer the loan");
    out.push(h("h3", {}, "Offer a player loan"), h("form", { class: "spec-form", onsubmit: (e) => {
      e.preventDefault();
      sc.perform({ type: "offer_loan", to: Number(to.value), lend: lend.value === "true", amount: Number(amount.value), interest_percent: Number(rate.value), term: Number(term.value) }, button);
    } }, h("label", { for: "lend-to" }, "With", to), h("label", { for: "lend-way" }, "Direction", lend),
    h("label", { for: "lend-amount" }, `Amount (${c})`, amount), h("label", { for: "lend-rate" }, "Interest", rate), h("label", { for: "lend-term" }, "Term", term), button));
  }
  const shownTypes = new Set(["repay_loan", "demand_repayment", "accept_loan", "decline_loan"]);
  const other = actions.filter((a) => !shownTypes.has(a.type));
  if (other.length) out.push(h("div", { class: "actions" }, other.map((a) => sc.actionButton(a))));
  Object.entries(specs).filter(([type]) => !["take_loan", "offer_loan"].includes(type)).forEach(([type, spec]) => out.push(sc.specForm(type, spec)));
  return out;
}

// ------------------------------------------------------------------ audio
export function audioPanel(sc) {
  const { h, sound, notify } = sc.ctx;
  return [
    h("label", { class: "switch" }, h("input", { type: "checkbox", id: "mute", "data-key": "mute", checked: sound.muted,
      onchange: (e) => { sound.muted = e.target.checked; notify(sound.muted ? "Sound off" : "Sound on"); } }), "Mute sound effects"),
    h("label", { for: "volume" }, "Volume", h("input", { type: "range", id: "volume", min: 0, max: 1, step: 0.1, value: sound.volume,
      onchange: (e) => { sound.volume = e.target.value; } })),
    h("div", { class: "row" }, ["dice", "purchase", "turn"].map((n) => h("button", { type: "button", onclick: () => sound.play(n) }, `Play ${n}`))),
  ];
}
