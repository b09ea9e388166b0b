// Words the shell and every game screen share: plurals, seat names, the service's own events
// (deadlines, stand-in bots, saves, the sealed seed and its opening) and a generic, readable wording of anything else (never
// raw JSON), so a game without its own screen module still reads in words.

import { duration, money, num } from "../ui.js";

/** "1 property", "2 properties": plural("property", n) or plural(["revolution"], n). */
export function plural(word, n, many = null) {
  const count = Number(n);
  if (count === 1) return `${num(count)} ${word}`;
  const other = many || (/[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`);
  return `${num(count)} ${other}`;
}

/** "end_turn" / "EndTurn" -> "end turn". */
export const humanize = (name) => String(name).replace(/([a-z])([A-Z])/g, "$1 $2").replaceAll("_", " ").replaceAll("-", " ").toLowerCase();
export const capital = (text) => String(text).charAt(0).toUpperCase() + String(text).slice(1);

/** A seat's display name in `view` ("the table" for null: a table-wide decision). */
export function seatName(view, seat) {
  if (seat === null || seat === undefined) return "the table";
  return view?.seats?.[seat]?.name ?? `seat ${Number(seat) + 1}`;
}

const DEADLINE_WORDS = {
  idle_turn: "the table may move on", response_window: "the window to respond closes",
  auction_close: "the auction closes", game_clock: "the game clock runs out", offer_expiry: "the offer expires",
};

/** When a pending decision's deadline passes, in words ("the auction closes in 2 minutes"). */
export function deadlineWords(decision, now = Date.now() / 1000) {
  if (!decision?.deadline) return "";
  const what = DEADLINE_WORDS[decision.deadline_kind] || "its deadline passes";
  const left = Math.round(decision.deadline - now);
  if (left <= 0) return `${what} now`;
  if (left < 90) return `${what} in ${plural("second", left)}`;
  if (left < 5400) return `${what} in ${plural("minute", Math.round(left / 60))}`;
  return `${what} at ${new Date(decision.deadline * 1000).toLocaleString()}`;
}

/** A pending decision in words: "Amani to choose a card" / "Your turn: choose a card"; in a
 * replay (`replay`), what the table waited for at that step: "At this step: you to choose a card". */
export function decisionWords(view, decision, kindWords = {}, replay = false) {
  const what = kindWords[decision.kind] || humanize(decision.kind);
  const mine = decision.player !== null && decision.player !== undefined && decision.player === view.seat;
  if (replay) return `At this step: ${mine ? "you" : seatName(view, decision.player)} to ${what}`;
  if (mine) return `Your turn: ${what}`;
  return `${seatName(view, decision.player)} to ${what}`;
}

/** Any value in words, for a field of an event or an action a screen does not know. */
export function valueWords(value, view, currency) {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return currency && value >= 1000 ? money(value, currency) : num(value);
  if (Array.isArray(value)) return value.length ? value.map((v) => valueWords(v, view, currency)).join(", ") : "none";
  if (typeof value === "object") {
    const parts = Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== 0 && !(Array.isArray(v) && !v.length))
      .map(([k, v]) => `${humanize(k)} ${valueWords(v, view, currency)}`);
    return parts.length ? parts.join(", ") : "nothing";
  }
  return humanize(value);
}

const SEAT_FIELDS = new Set(["player", "seat", "winner", "by", "proposer", "to", "lender", "borrower", "debtor", "creditor", "payer", "payee"]);
const LOG_FIELDS = new Set(["type", "seq", "step", "at", "private"]);

/** A generic line for event `e`: its type in words and its fields, seats by name. */
export function genericEventWords(e, view, currency) {
  const fields = Object.entries(e).filter(([k]) => !LOG_FIELDS.has(k)).map(([k, v]) => {
    if (SEAT_FIELDS.has(k) && (typeof v === "number" || v === null)) return `${humanize(k)} ${seatName(view, v)}`;
    return `${humanize(k)} ${valueWords(v, view, currency)}`;
  });
  return `${capital(humanize(e.type))}${fields.length ? `: ${fields.join("; ")}` : ""}`;
}

/** The service's own events in a game's log (any game), or null for a game's event. */
export function serviceEventWords(e, view) {
  const who = (seat) => seatName(view, seat);
  switch (e.type) {
    case "GameCreated": return `The table was dealt for ${view.seats.map((s) => s.name).join(", ")}`
      + (e.scripted ? ": a test table, its dice and draws fixed in advance" : "")
      + (e.commitment ? `. The dice and cards are sealed: fingerprint ${fingerprint(e.commitment)}, opened when the game ends` : "");
    // (The seed's 39 digits are for the fairness check, not for a line of the feed.)
    case "SeedRevealed": return e.salt
      ? `The seal is opened: anyone can check that fingerprint ${fingerprint(e.commitment)} held these dice and cards from the deal on (Check fairness)`
      : "The seal is opened: the game's dice and cards can be checked (Check fairness)";
    case "GameSaved": return "The owner saved (paused) the game";
    case "GameResumed": return "The owner resumed the game";
    case "DeadlinePassed": return `${who(e.player)}'s time ran out${e.kind ? ` (${humanize(e.kind)})` : ""}: the table moved on`;
    case "SeatHandedToBot": return `${who(e.player)} was away for ${plural("idle turn", e.idle_turns ?? 0)}: a ${e.level || "base"} bot plays the seat until they take it back`;
    case "SeatTakenBack": return `${who(e.player)} took their seat back from the stand-in bot`;
    case "SeatAnonymised": return `A player left the service: seat ${Number(e.seat) + 1} now goes by ${who(e.seat)}`;
    default: return null;
  }
}

/** A commitment's first 12 hex digits in groups ("3f2a 9c01 d4e7"), enough to compare by eye. */
export const fingerprint = (hex) => String(hex || "").slice(0, 12).replace(/(.{4})(?=.)/g, "$1 ");

/** Event types the service words itself (tests check every one has words). */
export const SERVICE_EVENTS = ["SeedRevealed", "GameCreated", "GameSaved", "GameResumed", "DeadlinePassed", "SeatHandedToBot", "SeatTakenBack", "SeatAnonymised"];

export { duration, money, num };
