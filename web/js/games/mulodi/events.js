// Every Mulodi event in words (the engine's event_shapes; the service's own events through the
// shell's words). Cards are named by face (an event never carries a hidden card's id).

import { colourName, faceInfo, m } from "./cards.js";
import * as shellWords from "../../shell/words.js";

export const WORDED = ["Accepted", "ActionCancelled", "ActionPlayed", "BuildingAdded", "BuildingsBanked",
  "CardBanked", "CardsDrawn", "CardsReturned", "DecisionPending", "DrawPileReshuffled", "GameDealt",
  "GameFinished", "NedaPlayed", "Paid", "PropertiesSwapped", "PropertyPlayed", "PropertyTaken", "SetTaken",
  "TimedOut", "TurnEnded", "TurnStarted", "WildcardMoved"];

const ACTIONS = { rent: "Rent", multi_rent: "Multi-coloured Rent", banja: "Banja", wedding_meeting: "Wedding Meeting",
  land_grab: "Land Grab", land_trade: "Land Trade", yaaye_deal: "Yaaye Deal" };

const KINDS = { play: "play", respond: "answer a card", pay: "pay" };

/** Event ``e`` in words for ``view`` (``words``: the shell's ctx.words; by default the shell's
 * words with seats named from ``view``). */
export function describeEvent(e, view, guide, words = { ...shellWords, name: (seat) => shellWords.seatName(view, seat) }) {
  const service = words.serviceEventWords(e, view);
  if (service) return service;
  // "You" where the seat is the sentence's subject, "you" anywhere else ("paid you", "on you").
  const who = (seat) => (seat === view.seat ? "You" : words.name(seat));
  const whom = (seat) => (seat === view.seat ? "you" : words.name(seat));
  const whose = (seat) => (seat === view.seat ? "your" : `${words.name(seat)}'s`);
  const capitalWhose = (seat) => words.capital(whose(seat));
  const card = (face) => faceInfo(guide, face).name;
  const col = (id) => colourName(guide, id);
  const arr = (x) => (Array.isArray(x) ? x : []);
  const list = (faces) => arr(faces).map(card).join(", ") || "nothing";
  const action = (id) => ACTIONS[id] || words.humanize(id || "card");
  switch (e.type) {
    case "GameDealt": return `${words.plural("card", e.hand)} dealt to each of ${e.players} players; ${e.pile} in the draw pile`;
    case "TurnStarted": return `${who(e.player)}: turn ${e.turn}`;
    case "TurnEnded": return `${who(e.player)} ended the turn`;
    case "CardsDrawn": return `${who(e.player)} drew ${Array.isArray(e.cards) ? list(e.cards) : words.plural("card", e.count)}${e.reason === "yongeza" ? " (Yongeza)" : ""}`;
    case "CardsReturned": return `${who(e.player)} put ${Array.isArray(e.cards) ? list(e.cards) : words.plural("card", e.count)} back under the draw pile`;
    case "CardBanked": return `${who(e.player)} banked ${card(e.card)} (${m(e.value)})`;
    case "PropertyPlayed": return `${who(e.player)} laid ${card(e.card)} as ${col(e.colour)}`;
    case "WildcardMoved": return `${who(e.player)} moved ${card(e.card)} from ${col(e.previous)} to ${col(e.colour)}`;
    case "BuildingAdded": return `${who(e.player)} added ${card(e.card)} to the ${col(e.colour)} set`;
    case "BuildingsBanked": return `${capitalWhose(e.player)} ${col(e.colour)} set is no longer full: ${list(e.cards)} went to the bank`;
    case "ActionPlayed": {
      const targets = arr(e.targets);
      const on = targets.length === 1 ? ` on ${whom(targets[0])}` : targets.length ? " on everyone" : "";
      const what = e.amount ? `: ${m(e.amount)}${targets.length > 1 ? " each" : ""}` : e.property ? `: ${card(e.property)}${e.give ? ` for ${card(e.give)}` : ""}` : e.colour ? `: the ${col(e.colour)} set` : "";
      return `${who(e.player)} played ${card(e.card)}${e.doubles ? ` with ${words.plural("Double the Rent", e.doubles)}` : ""}${on}${what}`;
    }
    case "NedaPlayed": return `${who(e.player)} played a Neda against ${whose(e.against)} ${action(e.action)}`;
    case "Accepted": return e.nedas % 2 ? `${who(e.player)} let the Neda stand` : `${who(e.player)} let the ${action(e.action)} stand`;
    case "ActionCancelled": return `The ${action(e.action)} is cancelled for ${whom(e.target)}`;
    case "Paid": {
      if (!e.paid) return `${who(e.payer)} had nothing on the table to pay ${whom(e.payee)}`;
      // Seed: "There is no change in the game. You pay with what you have on the table." A
      // payment short of the debt is everything the payer could pay with (payment.py).
      const cards = ` (${list([...arr(e.to_bank), ...arr(e.to_properties)])})`;
      const by = e.how === "table" ? ", chosen by the table" : "";
      const they = e.payer === view.seat ? "you" : "they";
      if (e.paid < e.debt) return `${who(e.payer)} paid ${whom(e.payee)} ${m(e.paid)} of the ${m(e.debt)} owed${cards}: all ${they} had on the table to pay with${by}`;
      if (e.paid > e.debt) return `${who(e.payer)} paid ${whom(e.payee)} ${m(e.paid)} for a debt of ${m(e.debt)}${cards}: ${m(e.paid - e.debt)} over, as there is no change in the game${by}`;
      return `${who(e.payer)} paid ${whom(e.payee)} the ${m(e.debt)} owed${cards}${by}`;
    }
    case "PropertyTaken": return `${who(e.player)} took ${card(e.card)} from ${whom(e.target)}`;
    case "PropertiesSwapped": return `${who(e.player)} swapped ${card(e.gave)} for ${whose(e.target)} ${card(e.got)}`;
    case "SetTaken": return `${who(e.player)} took ${whose(e.target)} full ${col(e.colour)} set (${list([...arr(e.cards), ...arr(e.buildings)])})`;
    case "TimedOut": return `${capitalWhose(e.player)} time ran out: the table ${e.kind === "pay" ? "paid for them" : e.kind === "respond" ? "answered for them (no Neda)" : "ended the turn"}`;
    case "DrawPileReshuffled": return `The middle was shuffled into a new draw pile of ${words.plural("card", e.count)}`;
    case "GameFinished": return e.winner === null || e.winner === undefined ? "Game over" : `Game over: ${who(e.winner)} ${e.winner === view.seat ? "win" : "wins"}${e.termination === "three_sets" ? " with three full sets" : ""}`;
    case "DecisionPending": return `${who(e.player)} to ${KINDS[e.kind] || words.humanize(e.kind || "decide")}`;
    default: return words.genericEventWords(e, view);
  }
}
