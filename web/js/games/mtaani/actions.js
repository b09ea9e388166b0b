// Legal actions as the dock shows them. The server's `legal_actions` (concrete actions) and
// `legal_specs` (actions with free parameters) are the only source of what may be done; this
// module only words them and attaches the cost the player will see, read from the game view
// (prices, fees) and the guide data (unit cost, mortgage value, bail, ...). An action type this
// client does not know yet is still shown, with a label made from its name and fields, so new
// engine actions appear without a change here. The server checks every action again.

import { money } from "../../ui.js";
import { valueWords } from "../../shell/words.js";
import { cardName, municipalName, offerNo } from "./events.js";

const GROUPS = {
  roll: "turn", buy: "turn", decline: "turn", choose_deck: "turn", pay_bail: "turn",
  bribe: "turn", end_turn: "turn", declare_bankruptcy: "turn", renovate: "turn", buy_special: "turn",
  build: "assets", sell_unit: "assets", mortgage: "assets", unmortgage: "assets",
  build_batch: "assets", sell_batch: "assets", mortgage_batch: "assets", unmortgage_batch: "assets",
};

/** Which dock panel an action belongs to ("turn", "assets", "trade", "loans"). */
export function groupOf(type) {
  if (GROUPS[type]) return GROUPS[type];
  if (/loan|borrow|lend|repay|demand/.test(type)) return "loans";  // before trade: offer_loan
  if (/trade|offer/.test(type)) return "trade";
  if (/insurance|card|teleport|zoning|syndicate|injunction|renovat|build|sell|mortgage/.test(type)) return "assets";
  return "turn";
}

const humanize = (type) => type.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());

/**
 * {label, detail, tone} for one legal action. `tone`: "primary" (moves the game on),
 * "spend", "gain", "danger" or "plain".
 */
export function describe(action, view, guide) {
  const c = guide.edition.currency;
  const d = view.state.derived || {};
  const tile = action.tile !== undefined ? guide.tiles[action.tile] : null;
  const decisionTile = view.state.decision?.tile;
  const setName = (id) => guide.sets.find((s) => s.id === id)?.name || id;
  const r = guide.rules;
  switch (action.type) {
    case "roll": return { label: view.state.players[view.seat]?.jail_turns ? "Roll for doubles" : "Roll dice", tone: "primary" };
    case "buy": return {
      label: `Buy ${guide.tiles[decisionTile]?.name ?? ""}`.trim(),
      detail: money(d.prices?.[decisionTile] ?? guide.tiles[decisionTile]?.purchase, c), tone: "spend",
    };
    case "decline": return {
      label: "Don't buy: pay the fee",
      detail: money(d.bank_fees?.[decisionTile] ?? guide.tiles[decisionTile]?.base_fee, c), tone: "plain",
    };
    case "choose_deck": return { label: action.deck === "mtaani" ? "Draw a Mtaani card" : "Draw a Mathree card", detail: action.deck === "mtaani" ? "money" : "movement", tone: "primary" };
    case "pay_bail": return { label: "Pay bail", detail: money(r.jail.bail, c), tone: "spend" };
    case "bribe": return { label: "Bribe the guards", detail: `${money(r.jail.bribe_cost, c)} (fine ${money(r.jail.bribe_fine, c)} if it fails)`, tone: "spend" };
    case "end_turn": return { label: "End turn", tone: "primary" };
    case "declare_bankruptcy": return { label: "Declare bankruptcy", tone: "danger" };
    case "build": return { label: `Build on ${tile.name}`, detail: money(tile.unit_cost, c), tone: "spend" };
    case "sell_unit": return { label: `Sell a unit on ${tile.name}`, detail: `+${money(tile.unit_refund, c)}`, tone: "gain" };
    case "mortgage": return { label: `Mortgage ${tile.name}`, detail: `+${money(tile.mortgage, c)}`, tone: "gain" };
    case "unmortgage": return { label: `Lift mortgage on ${tile.name}`, detail: money(tile.unmortgage_cost, c), tone: "spend" };
    case "build_batch": {
      const cost = batchBuildCost(action, view, guide);
      return { label: `Level ${setName(action.set)} to ${action.target} unit${action.target === 1 ? "" : "s"}`, detail: `up to ${money(cost, c)}`, tone: "spend" };
    }
    case "sell_batch": {
      const refund = batchSellRefund(action, view, guide);
      return { label: `Sell ${setName(action.set)} down to ${action.target} unit${action.target === 1 ? "" : "s"}`, detail: `+${money(refund, c)}`, tone: "gain" };
    }
    case "mortgage_batch": return action.amount
      ? { label: `Mortgage to raise ${money(action.amount, c)}`, detail: "as few properties as it takes, most expensive first", tone: "gain" }
      : { label: "Mortgage everything eligible", detail: "every unmortgaged property you can", tone: "gain" };
    case "unmortgage_batch": return { label: "Lift mortgages", detail: "most expensive first, as far as cash allows", tone: "spend" };
    case "take_loan": return { label: `Borrow ${money(action.amount, c)} from the bank`, detail: `${r.bank_loans?.interest_percent ?? ""}% interest`, tone: "gain" };
    case "repay_loan": return {
      label: action.loan ? `Repay player loan #${offerNo(action.loan)}` : "Repay the bank loan",
      detail: action.max ? "as much as you can" : action.percent ? `${action.percent}% of the balance` : "in full", tone: "spend",
    };
    case "accept_loan": return { label: "Accept the loan", detail: `offer #${offerNo(action.offer)}`, tone: "primary" };
    case "decline_loan": {
      const offer = (view.state.loan_offers || []).find((o) => o.id === action.offer);
      return { label: offer && offer.proposer === view.seat ? "Withdraw the loan offer" : "Decline the loan", detail: `offer #${offerNo(action.offer)}`, tone: "plain" };
    }
    case "demand_repayment": return { label: `Demand early repayment of loan #${offerNo(action.loan)}`, detail: "cancels the interest", tone: "plain" };
    case "buy_insurance": return { label: "Buy an insurance card", detail: money(d.insurance?.price ?? r.insurance?.first_price, c), tone: "spend" };
    case "use_insurance": return { label: "Use an insurance card", detail: "covers the payment you cannot settle", tone: "gain" };
    case "accept_trade": return { label: "Accept the trade", detail: `offer #${offerNo(action.trade)}`, tone: "primary" };
    case "decline_trade": {
      const offer = (view.state.trades || []).find((t) => t.id === action.trade);
      return { label: offer && offer.proposer === view.seat ? "Withdraw the offer" : "Decline the trade", detail: `offer #${offerNo(action.trade)}`, tone: "plain" };
    }
    case "set_trade_open": return { label: action.open ? "Open myself to trade offers" : "Close myself to trade offers", tone: "plain" };
    case "choose_municipal": return { label: municipalName(action.rule), detail: "until the current revolution ends", tone: "primary" };
    case "buy_special": return { label: `Buy the ${cardName(action.card)} card`, detail: money(r.specials?.[`${action.card}_price`], c), tone: "spend" };
    case "renovate": {
      const here = view.state.players[view.seat]?.position;
      return { label: `Renovate ${guide.tiles[here]?.name ?? ""}`.trim(), detail: money(d.renovation?.costs?.[here], c), tone: "spend" };
    }
    case "play_teleport": return { label: `Teleport to ${tile.name}`, tone: "primary" };
    case "play_zoning": return { label: `Zone ${setName(action.set)}`, detail: "demolishes every unit there", tone: "danger" };
    case "play_injunction": return { label: `Shield ${setName(action.set)}`, tone: "primary" };
    case "play_syndicate": return { label: "Start the Syndicate", tone: "primary" };
    default: {
      const fields = Object.entries(action).filter(([k]) => k !== "type");
      const detail = fields.map(([k, v]) => {
        if (k === "tile") return guide.tiles[v]?.name ?? v;
        if (/amount|cost|price|cash/.test(k) && typeof v === "number") return money(v, c);
        return `${k.replaceAll("_", " ")} ${valueWords(v, view, c)}`;
      }).join(", ");
      const amount = action.cost ?? action.price ?? action.amount;
      return { label: humanize(action.type), detail: detail || (typeof amount === "number" ? money(amount, c) : ""), tone: "plain" };
    }
  }
}

function batchBuildCost(action, view, guide) {
  const set = guide.sets.find((s) => s.id === action.set);
  if (!set) return 0;
  return set.tiles.reduce((sum, i) => {
    const units = view.state.props[String(i)]?.units ?? 0;
    return sum + Math.max(0, action.target - units) * guide.tiles[i].unit_cost;
  }, 0);
}

function batchSellRefund(action, view, guide) {
  const set = guide.sets.find((s) => s.id === action.set);
  if (!set) return 0;
  return set.tiles.reduce((sum, i) => {
    const units = view.state.props[String(i)]?.units ?? 0;
    return sum + Math.max(0, units - action.target) * guide.tiles[i].unit_refund;
  }, 0);
}

/** The legal actions of `view`, grouped by dock panel: {turn: [...], assets: [...], ...}. */
export function grouped(view) {
  const out = { turn: [], assets: [], trade: [], loans: [] };
  for (const action of view.legal_actions || []) (out[groupOf(action.type)] ||= []).push(action);
  return out;
}

/** The dock's specs (free-parameter actions) grouped the same way. */
export function groupedSpecs(view) {
  const out = {};
  for (const [type, spec] of Object.entries(view.legal_specs || {})) (out[groupOf(type)] ||= []).push([type, spec]);
  return out;
}

/** The debt the viewer must cover now (the raise-funds state), or null. */
export function myShortfall(view) {
  const seat = view.seat;
  if (seat === null || seat === undefined) return null;
  const debts = (view.state.debts || []).filter((d) => d.debtor === seat);
  if (!debts.length) return null;
  const owed = debts.reduce((sum, d) => sum + d.amount, 0);
  const cash = view.state.players[seat].cash;
  return { owed, cash, shortfall: Math.max(0, owed - cash), debts };
}
