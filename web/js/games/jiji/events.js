// Jiji's events in words, for the move feed, the log and the end of the game. Every event type
// the engine emits has a line here (tests/browser checks the engine's event_shapes against
// WORDED); the service's own events are worded by the shell; a type this module does not know
// yet is still written in words (never raw JSON).

import { capital, genericEventWords, humanize, plural, serviceEventWords } from "../../shell/words.js";
import { compact } from "../../shell/track.js";

const QUIET = new Set(["TurnStarted", "OpeningRoll", "ChanceShuffled"]);

/** An amount the Jiji way: "M200k", "M1.5M", "M37.7M" (the rulebook writes M500k). */
export const jm = (amount) => `M${compact(amount)}`;

const REASONS = {
  auction: "auction", bankruptcy: "bankruptcy", blocks: "blocks", chance: "a Chance card", deal: "a deal",
  industrial_tax: "Industrial Tax", jail_fine: "the jail fine", mortgage: "a mortgage", mortgage_lifted: "lifting a mortgage",
  nuisance_removal: "removing a nuisance", purchase: "a purchase", rent: "rent", salary: "salary", skyscraper: "a skyscraper",
  stadium: "a stadium", stadiums: "stadium bonus", tower: "the Jiji Tower",
};
export const reasonName = (reason) => REASONS[reason] || humanize(reason);

const BUILDINGS = {
  school: "school", park: "park", wind_farm: "wind farm", water_tower: "water tower",
  landfill: "landfill", power_station: "power station", wastewater_plant: "wastewater plant", prison: "prison",
};
/** A permit building's name ("wind_farm" -> "wind farm"). */
export const buildingName = (building) => BUILDINGS[building] || humanize(building);

const GRANTS = { blocks_1: "1 block", blocks_2: "2 blocks", blocks_3: "3 blocks", station: "a station" };
/** What the Construction unit granted, in words. */
export const grantName = (grant) => GRANTS[grant] || humanize(grant);

/** Whether an event is worth a line in the feed (the log shows these too). */
export const shown = (e) => !QUIET.has(e.type);

/** One side of a deal in words: "M500k, Kilimani and 1 Get Out of Jail card". */
export function sideWords(side, name) {
  if (!side) return "nothing";
  const parts = [...(side.districts || []).map(name), side.cash ? jm(side.cash) : null,
    side.cards ? plural("Get Out of Jail card", side.cards) : null].filter(Boolean);
  return parts.length ? parts.join(", ") : "nothing";
}

/** One line of text for event `e`. */
export function describeEvent(e, view, guide) {
  const service = serviceEventWords(e, view);
  if (service) return service;
  const who = (seat) => (seat === "bank" || seat === null || seat === undefined ? "the bank" : view.seats[seat]?.name ?? `seat ${Number(seat) + 1}`);
  const name = (space) => guide.spaces?.[space]?.name ?? `space ${space}`;
  const line = WORDS[e.type];
  const text = line ? line(e, { who, name, guide, view }) : genericEventWords(e, view);
  return sentence(text, view);
}

/** `text` as a sentence: its first letter a capital, unless it starts with a player's name,
 * which keeps its own case (a handle such as @wanjiku_trial reads "wanjiku_trial moved ...",
 * never "Wanjiku_trial"). */
export function sentence(text, view) {
  if ((view.seats || []).some((s) => s?.name && text.startsWith(s.name))) return text;
  return capital(text.startsWith("the bank ") ? `The${text.slice(3)}` : text);
}

const at = (seconds) => new Date(seconds * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });

const WORDS = {
  AuctionClosed: (e, { who, name }) => (e.winner === null || e.winner === undefined
    ? `Nobody bought ${name(e.district)} at auction: it stays unowned`
    : `${who(e.winner)} won the auction of ${name(e.district)} for ${jm(e.price)} (${plural("bid", e.bids)})`),
  AuctionOpened: (e, { who, name }) => `${e.opener === null || e.opener === undefined ? "The bank" : who(e.opener)} put ${name(e.district)} up for auction${e.bid ? ` with an opening bid of ${jm(e.bid)}` : `, bids from ${jm(e.minimum)}`}; it closes at ${at(e.closes)}`,
  Bankrupt: (e, { who }) => `${who(e.player)} went bankrupt${e.creditor === "bank" ? ": the bank auctions their districts" : `: ${who(e.creditor)} takes everything`}`,
  BidPlaced: (e, { who, name }) => `${who(e.player)} bid ${jm(e.amount)} for ${name(e.district)}${e.extended ? ` (a late bid: the auction now closes at ${at(e.closes)})` : ""}`,
  BlocksBuilt: (e, { who, name }) => `${who(e.player)} built ${plural(`${e.kind} block`, e.count)} on ${name(e.district)}${e.cost ? ` for ${jm(e.cost)}` : " (free)"}: ${e.residential} residential, ${e.industrial} industrial there`,
  BuildDeclined: (e, { who }) => `${who(e.player)} built nothing this time`,
  CardDrawn: (e, { who }) => `${who(e.player)} drew a Chance card: ${e.text}`,
  ChanceShuffled: (e) => `The Chance cards were shuffled (${plural("card", e.cards)})`,
  ClockStarted: (e) => `The game clock started: the game ends at ${new Date(e.ends * 1000).toLocaleString()}`,
  ClocksRestarted: (e) => `The clocks go on${e.clock_ends ? `: the game now ends at ${new Date(e.clock_ends * 1000).toLocaleString()}` : ""}`,
  ClocksStopped: () => "The clocks stopped while the game is saved",
  ConstructionPressed: (e, { who }) => `${who(e.player)} pressed Construction: ${grantName(e.grant)}`,
  ConstructionUnused: (e, { who }) => `${who(e.player)} has nowhere to place ${grantName(e.grant)}`,
  // A deal's id counts the deals between its two parties (engine.jiji.state.deal_id, in its
  // last six digits), the only readers of this event: "Deal #2" is their second.
  DealClosed: (e) => `Deal #${Number(e.deal) % 1_000_000} was ${e.how || "closed"}`,
  DealCompleted: (e, { who, name }) => `Deal done: ${who(e.proposer)} gave ${sideWords(e.give, name)} to ${who(e.to)} for ${sideWords(e.get, name)}`,
  DealOffered: (e, { who, name }) => `${who(e.proposer)} offered ${who(e.to)} a deal: ${sideWords(e.give, name)} for ${sideWords(e.get, name)}`,
  DebtOwed: (e, { who }) => `${who(e.debtor)} owes ${who(e.creditor)} ${jm(e.amount)} (${reasonName(e.reason)}) and must raise the money`,
  DebtPaid: (e, { who }) => `${who(e.debtor)} paid ${who(e.creditor)} the ${jm(e.amount)} owed (${reasonName(e.reason)})`,
  DiceRolled: (e, { who }) => `${who(e.player)} rolled ${e.dice.join(" + ")}${e.doubles ? " (a double!)" : ""}`,
  DistrictBought: (e, { who, name }) => `${who(e.player)} bought ${name(e.district)} for ${jm(e.price)}`,
  ExemptionTaken: (e, { who }) => `${who(e.player)} took the rent exemption card${e.source === "free_parking" ? " from Free Parking" : ` from ${who(e.source)}`}`,
  ExemptionUsed: (e, { who, name }) => `${who(e.player)} played the rent exemption card: no rent of ${jm(e.amount)} to ${who(e.owner)} for ${name(e.district)}`,
  GameFinished: (e, { who }) => `Game over: ${e.winner === null || e.winner === undefined ? "no single winner" : `${who(e.winner)} wins`}${e.termination === "clock" ? " (the game clock ran out: the richest wins)" : " (the last player standing)"}`,
  Jailed: (e, { who }) => `${who(e.player)} went to jail${e.reason ? ` (${({ go_to_jail: "Go to Jail", chance: "a Chance card", three_doubles: "three doubles in a row" })[e.reason] || humanize(e.reason)})` : ""}`,
  MortgageLifted: (e, { who, name }) => `${who(e.player)} lifted the mortgage on ${name(e.district)} (${jm(e.value)})`,
  Mortgaged: (e, { who, name }) => `${who(e.player)} mortgaged ${name(e.district)} for ${jm(e.value)}`,
  Moved: (e, { who, name }) => `${who(e.player)} moved to ${name(e.end)}${e.via && e.via !== "dice" ? ` (${({ card: "by a Chance card", jump: "by station" })[e.via] || humanize(e.via)})` : ""}`,
  NuisanceRemoved: (e, { who, name }) => `${who(e.player)} paid ${jm(e.cost)} to remove the ${buildingName(e.building)} from ${name(e.district)}`,
  OpeningRoll: (e, { who }) => `Opening rolls: ${Object.entries(e.rolls || {}).map(([seat, total]) => `${who(Number(seat))} ${total}`).join(", ")}`,
  PassedGo: (e, { who }) => `${who(e.player)} passed GO: ${jm(e.salary)}${e.bonus ? ` and ${jm(e.bonus)} for ${plural("stadium", e.stadiums)}` : ""}`,
  Payment: (e, { who, name }) => `${who(e.payer)} paid ${who(e.payee)} ${jm(e.amount)}: ${reasonName(e.reason)}${e.district !== undefined && e.district !== null ? ` (${name(e.district)})` : ""}`,
  PermitPlaced: (e, { who, name }) => `${who(e.player)} placed a ${buildingName(e.building)} (${e.sort}) on ${name(e.district)}${e.owner === null || e.owner === undefined ? ", nobody's yet" : e.owner === e.player ? "" : `, ${who(e.owner)}'s`}`,
  PermitUnused: (e, { who }) => `${who(e.player)} placed nothing from the Building Permit`,
  Released: (e, { who }) => `${who(e.player)} is out of jail (${({ double: "rolled a double", third_turn: "paid after three turns", fine: "paid the fine", card: "used a Get Out of Jail card" })[e.how] || humanize(e.how)})`,
  RentDue: (e, { who, name }) => `${who(e.player)} owes ${who(e.owner)} ${jm(e.amount)} rent for ${name(e.district)}`,
  SkyscraperBuilt: (e, { who, name }) => `${who(e.player)} built a skyscraper on ${name(e.district)} for ${jm(e.price)}: the group's rents double`,
  StadiumBuilt: (e, { who, name }) => `${who(e.player)} built a stadium on ${name(e.district)} for ${jm(e.price)}`,
  StationBuilt: (e, { who, name }) => `${who(e.player)} placed a station on ${name(e.district)}`,
  StillJailed: (e, { who }) => `${who(e.player)} stays in jail (${plural("try", e.tries)})`,
  TaxDue: (e, { who }) => `${who(e.player)} owes Industrial Tax: ${jm(e.amount)}`,
  TowerBuilt: (e, { who, name }) => `${who(e.player)} built the Jiji Tower on ${name(e.district)} for ${jm(e.price)}: all their rents double`,
  TurnEnded: (e, { who }) => `${who(e.player)} ended the turn`,
  TurnStarted: (e, { who }) => `${who(e.player)}'s turn`,
  TurnTimedOut: (e, { who }) => `${who(e.player)} was away: the table played the turn out`,
};

/** Event types with their own words (the test compares them with the engine's). */
export const WORDED = Object.keys(WORDS);
