// Mtaani's events in words, for the move feed, the rail, the log and the end-of-game summary.
// Every event type the engine emits has a line here (tests/browser check the engine's
// event_shapes against WORDED); the service's own events are worded by the shell. An event
// type this module does not know yet is still written in words (never raw JSON).

import { capital, genericEventWords, humanize, plural, serviceEventWords } from "../../shell/words.js";
import { money } from "../../ui.js";

const QUIET = new Set(["DecisionPending", "TurnStarted", "DeckReshuffled"]);

const REASONS = {
  salary: "salary", salary_landing: "salary (landed on Payday)", fee: "fee", purchase: "purchase",
  build: "building", unit_sale: "unit sale", mortgage: "mortgage", unmortgage: "lifting a mortgage",
  atm: "ATM", paye: "PAYE", card: "card", bail: "bail", bribe: "bribe", bribe_fine: "bribe fine",
  mugging: "mugging", bankruptcy: "bankruptcy", bankruptcy_assets: "bankrupt player's assets",
  bank_loan: "bank loan", player_loan: "player loan", loan_repayment: "loan repayment",
  chamber_of_commerce: "Chamber of Commerce", no_trade_charge: "no-trade charge", event_bonus: "global event bonus",
  event_levy: "austerity levy", fee_skim: "Syndicate skim", fee_subsidy: "rent subsidy", insurance: "insurance card",
  insurance_cover: "insurance cover", renovation: "renovation", trade: "trade",
};

export const reasonName = (reason) => REASONS[reason] || humanize(reason);

/** Municipal rules in words ("double_rent" -> "Double rent"). */
export function municipalName(rule) {
  const [how, ...rest] = String(rule).split("_");
  if (how === "ban") return "No special cards";
  const subject = { salary: "salary", rent: "rent", mtaani_cards: "Mtaani card amounts", dice: "dice rolls", prices: "property prices", atm: "ATM amounts" }[rest.join("_")] || humanize(rest.join("_"));
  return `${how === "double" ? "Double" : how === "halve" ? "Halve" : capital(how)} ${subject}`;
}

/** Special cards by name. */
export const cardName = (card) => ({ teleport: "Teleport", zoning: "Zoning", injunction: "Injunction", syndicate: "Syndicate" }[card] || capital(humanize(card)));

/** Global events by a short name ("tech_hub" -> "Tech hub"), from the guide's events when it has them. */
export function globalEventName(id) {
  return { tax_amnesty: "Tax amnesty", recession: "Recession", olympics: "Olympic Games", tech_hub: "Tech hub", crime_wave: "Crime wave",
    liberal_governor: "Liberal governor", scandal: "Scandal", oil: "Oil strike", austerity: "Austerity", amnesty: "General amnesty",
    bank_run: "Bank run", coalition: "Coalition" }[id] || capital(humanize(id));
}

/** Whether an event is worth a line in the feed (the log shows these too). */
export const shown = (e) => !QUIET.has(e.type);
/** An offer's (or its loan's) number as its two parties know it: offer ids count the offers
 * between those two seats in their last six digits (engine.mtaani.state offer_id). */
export const offerNo = (id) => Number(id) % 1_000_000;

/** Event fields that name a seat. */
const SEAT_FIELDS = ["player", "payer", "payee", "debtor", "creditor", "lender", "borrower", "proposer", "to", "by", "winner"];
/** Events that change the game for every seat. */
const TABLE_WIDE = new Set(["Bankrupt", "GameFinished", "GlobalEventStarted", "MunicipalRuleSet", "SpecialCardPlayed",
  "ChamberOfCommerce", "NoTradeCharge"]);

/**
 * What happened since `seat` last ended a turn: `{lines, others}`.
 *
 * `lines`, newest first, at most `limit`: from the other seats' turns, the shown events that
 * name the seat (it paid or was paid, an offer to or from it, a loan, a trade), the answers
 * to its offers (a decline names only the one who declined), the units another seat built
 * (one `UnitsBuilt` line per seat: `{player, units, tiles}`, made here) and what changes the
 * game for everyone (a bankruptcy, a global event, a Municipal rule, a special card), a card's
 * payment with the card drawn last when it does not name one; once
 * the seat's next turn has started, only offers made to it and answers to its own offers
 * (the rest is its own doing, in the feed). `others`: how many shown events of the other
 * seats' turns the lines leave out. `null` before the seat has ended a turn, or when nothing
 * happened since.
 */
export function sinceLastTurn(events, seat, limit = 6) {
  let start = events.length - 1;
  while (start >= 0 && !(events[start].type === "TurnEnded" && events[start].player === seat)) start -= 1;
  if (start < 0) return null;
  let next = start + 1;
  while (next < events.length && !(events[next].type === "TurnStarted" && events[next].player === seat)) next += 1;
  const myTrades = new Set(events.filter((e) => e.type === "TradeOffered" && e.proposer === seat).map((e) => e.trade));
  const myLoanOffers = new Set(events.filter((e) => e.type === "LoanOffered" && e.proposer === seat).map((e) => e.offer));
  const declined = (e) => e.by !== seat && ((e.type === "TradeClosed" && myTrades.has(e.trade))
    || (e.type === "LoanOfferClosed" && myLoanOffers.has(e.offer)));
  const answer = (e) => declined(e) || (e.type === "TradeCompleted" && e.proposer === seat);
  const offer = (e) => (e.type === "TradeOffered" || e.type === "LoanOffered") && e.to === seat && e.proposer !== seat;
  const between = events.slice(start + 1, next).filter(shown);
  const listed = [];
  const built = new Map();  // seat -> its UnitsBuilt line
  let drawn = null;  // the card drawn last: a payment it causes may not name it
  for (const e of between) {
    if (e.type === "CardDrawn") drawn = e.card;
    if (e.type === "UnitBuilt" && e.player !== seat) {
      let line = built.get(e.player);
      if (!line) built.set(e.player, line = { type: "UnitsBuilt", player: e.player, units: 0, tiles: [] });
      line.units += 1;  // (an event per unit)
      if (!line.tiles.includes(e.tile)) line.tiles.push(e.tile);
      const at = listed.indexOf(line);
      if (at >= 0) listed.splice(at, 1);
      listed.push(line);  // where its latest unit went up
    } else if (TABLE_WIDE.has(e.type) || SEAT_FIELDS.some((f) => e[f] === seat) || answer(e)) {
      listed.push(e.type === "Payment" && e.reason === "card" && e.card === undefined && drawn ? { ...e, card: drawn } : e);
    }
  }
  const own = events.slice(next).filter((e) => shown(e) && (offer(e) || answer(e)));
  const all = [...listed, ...own];
  if (!between.length && !own.length) return null;
  const lines = all.slice(-limit).reverse();
  const covered = lines.reduce((n, e) => n + (own.includes(e) ? 0 : e.type === "UnitsBuilt" ? e.units : 1), 0);
  return { lines, others: between.length - covered };
}

/** ` “<the card's text>”` for a Mtaani or Mathree card id the guide knows, else "". */
function cardText(guide, id) {
  if (id === undefined || id === null) return "";
  const card = [...(guide.cards?.mtaani || []), ...(guide.cards?.mathree || [])].find((c) => c.id === id);
  return card ? ` “${card.text.replace(/\.$/, "")}”` : "";
}

/** What one side of a trade hands over, in words. */
export function itemsWords(items, guide) {
  if (!items) return "nothing";
  const c = guide.edition.currency;
  const parts = [
    ...(items.properties || []).map((i) => guide.tiles[i]?.name ?? `tile ${i}`),
    items.cash ? money(items.cash, c) : null,
    items.insurance ? plural("insurance card", items.insurance) : null,
    ...(items.specials || []).map((card) => `the ${cardName(card)} card`),
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "nothing";
}

const deckName = (deck) => (deck === "mtaani" ? "Mtaani" : "Mathree");

/** One line of text for event `e`. */
export function describeEvent(e, view, guide) {
  const service = serviceEventWords(e, view);
  if (service) return service;
  const c = guide.edition.currency;
  const m = (n) => money(n, c);
  const who = (seat) => (seat === "pool" || seat === "bank" || seat === null || seat === undefined ? "the bank" : view.seats[seat]?.name ?? `seat ${Number(seat) + 1}`);
  const tile = (i) => guide.tiles[i]?.name ?? `tile ${i}`;
  const setName = (id) => guide.sets.find((s) => s.id === id)?.name || humanize(id);
  const line = WORDS[e.type];
  const text = line ? line(e, { who, tile, m, setName, guide, view }) : genericEventWords(e, view, c);
  return text.startsWith("the bank ") ? `The${text.slice(3)}` : text;  // never a handle's own case
}

const WORDS = {
  Bankrupt: (e, { who, m }) => `${who(e.player)} went bankrupt${e.creditor !== null && e.creditor !== undefined && e.creditor !== "pool" ? `: ${who(e.creditor)} receives ${m((e.cash || 0) + (e.assets_paid || 0))}` : ""}`,
  BribeOffered: (e, { who }) => `${who(e.player)} bribed the guards (they looked ${e.mood || "unreadable"}): ${e.success ? "it worked" : "it failed"}`,
  CardDrawn: (e, { who }) => `${who(e.player)} drew a ${deckName(e.deck)} card: ${e.text}`,
  ChamberOfCommerce: (e, { m }) => `The Chamber of Commerce visits (revolution ${e.revolution}): each player spends a trade point or pays ${m(e.amount)}`,
  DebtOwed: (e, { who, m, tile }) => `${who(e.debtor)} owes ${who(e.creditor)} ${m(e.amount)} (${reasonName(e.reason)}${e.tile !== undefined && e.tile !== null ? `, ${tile(e.tile)}` : ""}) and must raise funds`,
  DecisionPending: (e, { who }) => `${who(e.player)} to ${humanize(e.kind)}`,
  DeckChosen: (e, { who }) => `${who(e.player)} chose the ${deckName(e.deck)} deck`,
  DeckReshuffled: (e) => `The ${deckName(e.deck)} deck was reshuffled`,
  DiceRolled: (e, { who }) => `${who(e.player)} rolled ${e.dice.join(" + ")}${e.doubles ? " (doubles!)" : ""}`,
  ExtraTurn: (e, { who }) => `${who(e.player)} rolls again`,
  GameFinished: (e, { who }) => `Game over: ${e.winner === null || e.winner === undefined ? "no winner" : `${who(e.winner)} wins`}${e.termination === "turn_cap" ? " (the turn limit was reached)" : ""}`,
  GlobalEventEnded: (e) => `The ${globalEventName(e.event)} event ended`,
  GlobalEventStarted: (e) => `Global event: ${e.text}`,
  InsuranceBought: (e, { who, m }) => `${who(e.player)} bought an insurance card for ${m(e.price)} (the next costs ${m(e.next_price)})`,
  InsuranceReturned: (e, { who }) => `${who(e.player)}'s ${plural("insurance card", e.cards)} returned to the pool`,
  InsuranceUsed: (e, { who, m }) => `${who(e.player)} used an insurance card to cover ${m(e.covered)} (${reasonName(e.reason)})`,
  Jailed: (e, { who }) => `${who(e.player)} went to jail for ${plural("turn", e.turns)}${e.reason ? ` (${({ trespass: "trespassing", card: "a Mathree card", scandal: "the scandal" })[e.reason] || humanize(e.reason)})` : ""}`,
  LoanClockRestarted: (e, { m }) => `A loan's interest clock restarted: ${m(e.owed)} now due at revolution ${e.due}`,
  LoanDue: (e, { who, m }) => `${who(e.player)}'s ${e.lender === "bank" ? "bank loan" : `loan from ${who(e.lender)}`} is due${e.called ? " (called in)" : ""}: ${m(e.amount)}`,
  LoanOfferClosed: (e, { who }) => `Loan offer #${offerNo(e.offer)} was ${e.how || "closed"} by ${who(e.by)}`,
  LoanOffered: (e, { who, m }) => `${who(e.proposer)} offered ${who(e.to)} a loan: ${who(e.lender)} lends ${who(e.borrower)} ${m(e.amount)} at ${e.interest_percent}% for ${plural("revolution", e.term)}`,
  LoanRepaid: (e, { who, m }) => `${who(e.player)} repaid ${m(e.amount)} of the ${e.lender === "bank" ? "bank loan" : `loan from ${who(e.lender)}`}${e.owed ? ` (${m(e.owed)} left)` : " (paid off)"}`,
  LoanStarted: (e, { who, m }) => `${who(e.lender)} lent ${who(e.borrower)} ${m(e.amount)}: ${m(e.owed)} due at revolution ${e.due}`,
  LoanTaken: (e, { who, m }) => `${who(e.player)} borrowed ${m(e.amount)} from the bank: ${m(e.owed)} due at ${e.clock === "laps" ? "lap" : "revolution"} ${e.due}`,
  Moved: (e, { who, tile }) => `${who(e.player)} moved to ${tile(e.end)}${e.via && e.via !== "dice" ? ` (${({ card: "by a Mathree card", bribe: "after the bribe", teleport: "by Teleport", jail: "to jail" })[e.via] || humanize(e.via)})` : ""}`,
  Mugged: (e, { who, tile, m }) => `${who(e.player)} was mugged on ${tile(e.tile)}: ${m(e.amount)}`,
  MunicipalBusy: (e, { who }) => `${who(e.player)} landed on Municipal, but “${municipalName(e.rule)}” is already set`,
  MunicipalRuleActive: (e) => `Municipal rule in force: ${municipalName(e.rule)}, until revolution ${e.ends_after} ends`,
  MunicipalRuleExpired: (e) => `The Municipal rule “${municipalName(e.rule)}” expired`,
  MunicipalRuleSet: (e, { who }) => `${who(e.player)} set the Municipal rule: ${municipalName(e.rule)}${e.active ? `, until revolution ${e.ends_after} ends` : " (dormant until they pass Payday)"}`,
  MunicipalSkipped: (e, { who }) => `${who(e.player)} chose no Municipal rule`,
  NoTradeCharge: (e, { m }) => `Nobody can complete a set without trading: every player pays the no-trade charge of ${m(e.amount)}`,
  Payment: (e, { who, m, tile, guide }) => `${who(e.payer)} paid ${who(e.payee)} ${m(e.amount)}: ${reasonName(e.reason)}${e.tile !== undefined && e.tile !== null ? ` (${tile(e.tile)})` : ""}${cardText(guide, e.card)}`,
  PoolShort: (e, { who, m }) => `The ATM pool ran short: ${who(e.player)} got ${m(e.paid)} of ${m(e.owed)}`,
  PropertyBought: (e, { who, tile, m }) => `${who(e.player)} bought ${tile(e.tile)} for ${m(e.price)}`,
  PropertyDeclined: (e, { who, tile, m }) => `${who(e.player)} passed on ${tile(e.tile)}${e.fee ? ` and paid the ${m(e.fee)} fee` : ""}`,
  PropertyMortgaged: (e, { who, tile }) => `${who(e.player)} mortgaged ${tile(e.tile)}`,
  PropertyRenovated: (e, { who, tile, m }) => `${who(e.player)} renovated ${tile(e.tile)} to level ${e.level} for ${m(e.cost)} (${plural("renovation", e.renovations_left)} left before a break)`,
  PropertyUnmortgaged: (e, { who, tile }) => `${who(e.player)} lifted the mortgage on ${tile(e.tile)}`,
  Released: (e, { who }) => `${who(e.player)} is out of jail (${({ doubles: "rolled doubles", served: "served the sentence", bail: "paid bail", bribe: "bribed the guards", amnesty: "amnesty" })[e.how] || humanize(e.how)})`,
  RepaymentDemanded: (e, { who, m }) => `${who(e.lender)} demanded early repayment of loan #${offerNo(e.loan)}: ${who(e.borrower)} owes ${m(e.principal)} (interest of ${m(e.interest_cancelled)} cancelled)`,
  RevolutionCompleted: (e) => `Revolution ${e.revolution} completed`,
  SentenceExtended: (e, { who }) => `${who(e.player)}'s sentence grew to ${plural("turn", e.turns_left)}`,
  SentenceServed: (e, { who }) => `${who(e.player)} served a turn in jail (${plural("turn", e.turns_left)} left)`,
  SpecialCardBought: (e, { who, m }) => `${who(e.player)} bought the ${cardName(e.card)} card for ${m(e.price)}`,
  SpecialCardOffered: (e, { who, m }) => `The ${cardName(e.card)} card is on offer to ${who(e.player)} for ${m(e.price)} this turn`,
  SpecialCardPlayed: (e, { who, tile, setName }) => {
    const by = who(e.player);
    switch (e.card) {
      case "teleport": return `${by} played Teleport: ${tile(e.start)} to ${tile(e.end)}`;
      case "zoning": return `${by} played Zoning on ${setName(e.set)}: ${plural("unit", e.demolished || 0)} demolished, no building there until revolution ${e.ban_ends_after} ends`;
      case "injunction": return `${by} played the Injunction: ${setName(e.set)} is shielded until revolution ${e.ends_after} ends`;
      case "syndicate": return `${by} started the Syndicate: skimming fast-food, transport and comms rent until revolution ${e.ends_after} ends`;
      default: return `${by} played the ${cardName(e.card)} card`;
    }
  },
  SpecialEffectEnded: (e, { setName }) => `The ${cardName(e.card)} effect ended${e.set ? ` on ${setName(e.set)}` : ""}: the card is back on sale`,
  TradeClosed: (e, { who }) => `Trade offer #${offerNo(e.trade)} was ${e.how || "closed"} by ${who(e.by)}`,
  TradeCompleted: (e, { who, guide }) => `Trade done: ${who(e.proposer)} gave ${itemsWords(e.give, guide)} to ${who(e.to)} for ${itemsWords(e.get, guide)}`,
  TradeOffered: (e, { who, guide }) => `${who(e.proposer)} offered ${who(e.to)} a trade: ${itemsWords(e.give, guide)} for ${itemsWords(e.get, guide)}`,
  TradeOpenChanged: (e, { who }) => `${who(e.player)} is now ${e.open ? "open" : "closed"} to trade offers`,
  TradePointSpent: (e, { who }) => `${who(e.player)} spent a trade point with the Chamber of Commerce (${plural("point", e.left)} left)`,
  TurnEnded: (e, { who }) => `${who(e.player)} ended the turn`,
  TurnStarted: (e, { who }) => `${who(e.player)}'s turn`,
  TurnTimedOut: (e, { who }) => `${who(e.player)}'s turn was ended by the table`,
  UnitBuilt: (e, { who, tile }) => `${who(e.player)} built on ${tile(e.tile)} (${plural("unit", e.units)})`,
  // Made by sinceLastTurn, not by the engine: a seat's units built while another waited.
  UnitsBuilt: (e, { who, tile }) => `${who(e.player)} built ${plural("unit", e.units)} (${e.tiles.map(tile).join(", ")})`,
  UnitSold: (e, { who, tile }) => `${who(e.player)} sold a unit on ${tile(e.tile)} (${plural("unit", e.units)} left)`,
};

/** Event types with their own words (the test compares them with the engine's). */
export const WORDED = Object.keys(WORDS);
