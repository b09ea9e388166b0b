// Game events in words, for the move feed, the log and the end-of-game summary. Unknown event
// types (new engine features) are still shown, by name and fields.

import { money } from "./ui.js";

const QUIET = new Set(["DecisionPending", "TurnStarted", "DeckReshuffled"]);

const REASONS = {
  salary: "salary", salary_landing: "salary (landed on Payday)", fee: "fee", purchase: "purchase",
  build: "building", unit_sale: "unit sale", mortgage: "mortgage", unmortgage: "lifting a mortgage",
  atm: "ATM", paye: "PAYE", card: "card", bail: "bail", bribe: "bribe", bribe_fine: "bribe fine",
  mugging: "mugging", bankruptcy: "bankruptcy", bankruptcy_assets: "bankrupt player's assets",
};

export const reasonName = (reason) => REASONS[reason] || String(reason).replaceAll("_", " ");

/** Whether an event is worth a line in the feed (the log shows these too). */
export const shown = (e) => !QUIET.has(e.type);

/** One line of text for event `e`. */
export function describeEvent(e, view, guide) {
  const c = guide.edition.currency;
  const who = (seat) => (seat === "pool" || seat === null || seat === undefined ? "the bank" : view.seats[seat]?.name ?? `seat ${seat}`);
  const tile = (i) => guide.tiles[i]?.name ?? `tile ${i}`;
  switch (e.type) {
    case "DiceRolled": return `${who(e.player)} rolled ${e.dice.join(" + ")}${e.doubles ? " (doubles!)" : ""}`;
    case "Moved": return `${who(e.player)} moved to ${tile(e.end)}${e.via && e.via !== "dice" ? ` (${String(e.via).replaceAll("_", " ")})` : ""}`;
    case "Payment": return `${who(e.payer)} paid ${who(e.payee)} ${money(e.amount, c)}: ${reasonName(e.reason)}${e.tile !== undefined ? ` (${tile(e.tile)})` : ""}`;
    case "PropertyBought": return `${who(e.player)} bought ${tile(e.tile)} for ${money(e.price, c)}`;
    case "PropertyDeclined": return `${who(e.player)} passed on ${tile(e.tile)}`;
    case "UnitBuilt": return `${who(e.player)} built on ${tile(e.tile)} (${e.units} unit${e.units === 1 ? "" : "s"})`;
    case "UnitSold": return `${who(e.player)} sold a unit on ${tile(e.tile)} (${e.units} left)`;
    case "PropertyMortgaged": return `${who(e.player)} mortgaged ${tile(e.tile)}`;
    case "PropertyUnmortgaged": return `${who(e.player)} lifted the mortgage on ${tile(e.tile)}`;
    case "TurnEnded": return `${who(e.player)} ended the turn`;
    case "ExtraTurn": return `${who(e.player)} rolls again`;
    case "RevolutionCompleted": return `Revolution ${e.revolution} completed`;
    case "Mugged": return `${who(e.player)} was mugged on ${tile(e.tile)}: ${money(e.amount, c)}`;
    case "CardDrawn": return `${who(e.player)} drew a ${e.deck === "mtaani" ? "Mtaani" : "Mathree"} card: ${e.text}`;
    case "DeckChosen": return `${who(e.player)} chose the ${e.deck === "mtaani" ? "Mtaani" : "Mathree"} deck`;
    case "Jailed": return `${who(e.player)} went to jail for ${e.turns} turns`;
    case "Released": return `${who(e.player)} is out of jail (${String(e.how).replaceAll("_", " ")})`;
    case "SentenceServed": return `${who(e.player)} served a turn in jail (${e.turns_left} left)`;
    case "BribeOffered": return `${who(e.player)} bribed the guards: ${e.success ? "it worked" : "it failed"}`;
    case "DebtOwed": return `${who(e.debtor)} owes ${who(e.creditor)} ${money(e.amount, c)} (${reasonName(e.reason)}) and must raise funds`;
    case "PoolShort": return `The ATM pool ran short: ${who(e.player)} got ${money(e.paid, c)} of ${money(e.owed, c)}`;
    case "Bankrupt": return `${who(e.player)} went bankrupt`;
    case "TurnTimedOut": return `${who(e.player)}'s turn was ended by the table`;
    case "GameFinished": return `Game over: ${e.winner === null || e.winner === undefined ? "no winner" : `${who(e.winner)} wins`}`;
    case "DecisionPending": return `${who(e.player)} to ${e.kind}`;
    case "TurnStarted": return `${who(e.player)}'s turn`;
    case "GameCreated": return `The table was dealt for ${view.seats.map((seat) => seat.name).join(", ")}`;
    default: {
      const fields = Object.entries(e).filter(([k]) => !["type", "seq", "step", "at"].includes(k))
        .map(([k, v]) => `${k.replaceAll("_", " ")}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
      return `${e.type.replace(/([a-z])([A-Z])/g, "$1 $2")}${fields.length ? ` (${fields.join(", ")})` : ""}`;
    }
  }
}
