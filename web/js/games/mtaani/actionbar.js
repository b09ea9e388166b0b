// The pinned action bar of the Mtaani screen: always on screen, on every layout. It says whose
// decision it is, puts the main action first and big, prompts the recipient of a trade or loan
// offer (what changes hands on each side, accept or decline), and in a debt offers the
// cheapest way to cover the shortfall first. Buttons come only from the server's legal actions
// and specs.

import { grouped, myShortfall } from "./actions.js";
import { itemsWords } from "./events.js";

const MAIN = ["roll", "end_turn", "buy", "choose_deck", "choose_municipal"];
export const DECISION_WORDS = { turn: "roll", buy: "decide on buying", deck: "choose a deck", debt: "raise funds", end: "end the turn", municipal: "choose a Municipal rule" };

export function statusLine(sc) {
  const v = sc.view();
  if (v.outcome) return v.outcome.winner !== null && v.outcome.winner !== undefined ? `Game over: ${sc.name(v.outcome.winner)} wins` : "Game over";
  if (v.status === "saved") return "This game is saved (paused) by its owner.";
  const d = v.decision;
  if (!d) return "Waiting…";
  const words = DECISION_WORDS[d.kind] || d.kind.replaceAll("_", " ");
  // A replay's step and my own decision read as the shell words them.
  if (sc.ctx.replay || d.player === v.seat) return sc.ctx.words.decisionWords(v, d, DECISION_WORDS, sc.ctx.replay);
  return `${sc.name(d.player)} to ${words}${v.seat === null || v.seat === undefined ? " (you are watching)" : ""}`;
}

/** Incoming offers that wait for my answer, as prompts. */
function offerPrompts(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const g = sc.guide();
  const c = g.edition.currency;
  const seat = v.seat;
  const byType = (type, key, id) => (v.legal_actions || []).filter((a) => a.type === type && a[key] === id);
  const out = [];
  for (const offer of v.state.trades || []) {
    if (offer.to !== seat) continue;
    const answers = [...byType("accept_trade", "trade", offer.id), ...byType("decline_trade", "trade", offer.id)];
    out.push(h("section", { class: "prompt", role: "group", "aria-labelledby": `prompt-trade-${offer.id}`, "data-testid": `prompt-trade-${offer.id}` },
      h("h2", { id: `prompt-trade-${offer.id}` }, `${sc.name(offer.proposer)} offers you a trade`),
      h("div", { class: "sides" },
        h("p", {}, h("strong", {}, "You give: "), itemsWords(offer.get, g)),
        h("p", {}, h("strong", {}, "You get: "), itemsWords(offer.give, g))),
      (offer.shown || []).some((p) => p.mortgaged) ? h("p", { class: "muted" }, "Mortgaged properties change hands with their mortgage.") : null,
      h("div", { class: "actions" }, answers.map((a) => sc.actionButton(a, a.type === "accept_trade" ? "primary-big" : "")))));
  }
  for (const offer of v.state.loan_offers || []) {
    const counterparty = offer.proposer === offer.lender ? offer.borrower : offer.lender;
    if (counterparty !== seat) continue;
    const answers = [...byType("accept_loan", "offer", offer.id), ...byType("decline_loan", "offer", offer.id)];
    const due = sc.money(Math.round(offer.amount * (100 + offer.interest_percent) / 100), c);
    out.push(h("section", { class: "prompt", role: "group", "aria-labelledby": `prompt-loan-${offer.id}`, "data-testid": `prompt-loan-${offer.id}` },
      h("h2", { id: `prompt-loan-${offer.id}` }, offer.lender === seat ? `${sc.name(offer.proposer)} asks to borrow from you` : `${sc.name(offer.proposer)} offers you a loan`),
      h("div", { class: "sides" },
        offer.lender === seat
          ? [h("p", {}, h("strong", {}, "You lend: "), sc.money(offer.amount, c)), h("p", {}, h("strong", {}, "You get back: "), `${due} after ${sc.words.plural("revolution", offer.term)}`)]
          : [h("p", {}, h("strong", {}, "You get: "), sc.money(offer.amount, c)), h("p", {}, h("strong", {}, "You repay: "), `${due} (${offer.interest_percent}% interest) after ${sc.words.plural("revolution", offer.term)}`)]),
      h("div", { class: "actions" }, answers.map((a) => sc.actionButton(a, a.type === "accept_loan" ? "primary-big" : "")))));
  }
  return out;
}

/** In a debt: the cheapest ways to cover the shortfall, first. */
const bar = { debt: null };

function debtHelp(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const short = myShortfall(v);
  if (!short) return null;
  const c = sc.guide().edition.currency;
  const options = [];
  if (short.shortfall > 0) {
    const legal = v.legal_actions || [];
    if (legal.some((a) => a.type === "mortgage_batch")) {
      // The engine takes any amount with a legal batch mortgage: it mortgages, most expensive
      // first, only until the amount is raised.
      options.push(sc.actionButton({ type: "mortgage_batch", amount: short.shortfall }, "primary-big"));
    }
    const loan = v.legal_specs?.take_loan;
    if (loan && short.shortfall <= loan.max) {
      const amount = Math.max(loan.min, Math.ceil(short.shortfall / loan.step) * loan.step);
      if (amount <= loan.max) options.push(sc.actionButton({ type: "take_loan", amount }));
    }
    for (const a of legal.filter((x) => x.type === "use_insurance")) options.push(sc.actionButton(a));
  }
  return bar.debt = h("div", { class: "alert debt", role: "alert", "data-testid": "shortfall" },
    h("p", {}, h("strong", {}, `You owe ${sc.money(short.owed, c)} and hold ${sc.money(short.cash, c)}.`), " ",
      short.shortfall > 0 ? `Raise ${sc.money(short.shortfall, c)} more.` : "You can now cover it."),
    options.length ? h("div", { class: "actions" }, options) : null,
    short.shortfall > 0 ? h("p", { class: "muted" }, "Or sell units and mortgage one by one (Assets), trade or borrow from a player (Trade, Loans), or declare bankruptcy.") : null);
}

/** At my buy decision: the price beside my cash (a phone's rail is far below the bar); when the
 * cash is short, why there is no Buy and the cheapest ways to raise the difference (the engine
 * lets a player mortgage and borrow before answering), as a debt's help offers. */
function buyHelp(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const d = v.decision;
  if (!d || d.kind !== "buy" || d.player !== v.seat || v.seat === null || v.seat === undefined || sc.ctx.replay || v.outcome) return null;
  const g = sc.guide();
  const c = g.edition.currency;
  const tile = v.state.decision?.tile ?? d.detail?.tile;
  const name = g.tiles[tile]?.name ?? "it";
  const price = v.state.derived?.prices?.[tile] ?? g.tiles[tile]?.purchase;
  const cash = v.state.players[v.seat].cash;
  const legal = v.legal_actions || [];
  if (legal.some((a) => a.type === "buy") || !(price > cash)) {
    return h("p", { class: "buy-cash", "data-testid": "buy-cash" }, `${name} costs ${sc.money(price, c)}; you hold ${sc.money(cash, c)}.`);
  }
  const short = price - cash;
  const options = [];
  if (legal.some((a) => a.type === "mortgage_batch")) options.push(sc.actionButton({ type: "mortgage_batch", amount: short }, "small"));
  const loan = v.legal_specs?.take_loan;
  if (loan && short <= loan.max) {
    const amount = Math.max(loan.min, Math.ceil(short / loan.step) * loan.step);
    if (amount <= loan.max) options.push(sc.actionButton({ type: "take_loan", amount }, "small"));
  }
  return h("div", { class: "alert buy-short", role: "status", "data-testid": "buy-cash" },
    h("p", {}, h("strong", {}, `You can't buy ${name} yet: it costs ${sc.money(price, c)} and you hold ${sc.money(cash, c)}.`),
      ` Raise ${sc.money(short, c)} more to buy it${options.length ? ":" : "."}`),
    options.length ? h("div", { class: "actions" }, options) : null,
    h("p", { class: "muted more-ways" }, "Or sell units or mortgage one by one (Assets), trade or borrow from a player (Trade, Loans); or don't buy and pay the fee."));
}

export function renderActionBar(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const seat = v.seat;
  const watching = seat === null || seat === undefined;
  const turn = watching ? [] : grouped(v).turn;
  // Without a legal Buy (the cash is short: buyHelp says so), not buying is what moves the game on.
  const mainTypes = turn.some((a) => a.type === "buy") ? MAIN : [...MAIN, "decline"];
  const main = turn.filter((a) => mainTypes.includes(a.type)).sort((a, b) => mainTypes.indexOf(a.type) - mainTypes.indexOf(b.type));
  const rest = turn.filter((a) => !mainTypes.includes(a.type) && a.type !== "declare_bankruptcy");
  const bankrupt = turn.filter((a) => a.type === "declare_bankruptcy");
  const mood = v.hints?.guard_mood;
  bar.debt = null;
  const help = debtHelp(sc);
  const d = v.decision;
  const waiting = !watching && !sc.ctx.replay && !turn.length && !v.outcome && d
    ? h("p", { class: "muted" }, `Waiting for ${sc.name(d.player)} to ${DECISION_WORDS[d.kind] || d.kind.replaceAll("_", " ")}.`) : null;
  // The Municipal rules are a compact grid under one heading (how long a rule holds), so the
  // whole choice fits a phone's bar; every other main action is a big button.
  const municipal = main.filter((a) => a.type === "choose_municipal");
  const mainButtons = main.filter((a) => a.type !== "choose_municipal").map((a, i) => sc.actionButton(a, i === 0 || (a.type === "buy" || a.type === "choose_deck") ? "primary-big" : ""));
  const ruleButtons = municipal.map((a) => sc.actionButton(a, "small"));
  // The one main action (what moves the game on now) is marked for people and tests alike.
  const first = mainButtons[0] || ruleButtons[0] || (!watching && bar.debt ? bar.debt.querySelector("button") : null);
  first?.setAttribute("data-main", "true");
  const rules = ruleButtons.length ? h("section", { class: "municipal-choice", role: "group", "aria-labelledby": "municipal-choice", "data-testid": "municipal-choice" },
    h("h2", { id: "municipal-choice" }, "Choose the Municipal rule", h("span", { class: "muted" }, " (in force until the current revolution ends)")),
    h("div", { class: "municipal-grid" }, ruleButtons)) : null;
  return [
    h("div", { class: "bar-head one-row" },
      h("p", { class: `status-line${d && d.player === seat && !watching && !sc.ctx.replay ? " mine" : ""}`, "data-testid": "turn-status", "aria-live": "polite" }, statusLine(sc)),
      mood ? h("span", { class: "pill mood", "data-testid": "guard-mood" }, `The guards look ${mood}`) : null,
      sc.ctx.components.ordersButton(v)),
    watching ? h("p", { class: "muted" }, "You are watching this table: actions are for seated players.") : null,
    offerPrompts(sc),
    help,
    buyHelp(sc),
    sc.ctx.components.idleControls(v),
    rules,
    mainButtons.length || rest.length ? h("div", { class: "actions main-actions" }, mainButtons, rest.map((a) => sc.actionButton(a))) : rules ? null : waiting,
    bankrupt.map((a) => sc.actionButton(a, "small")),
  ];
}
