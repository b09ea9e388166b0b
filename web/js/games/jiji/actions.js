// Jiji's legal actions in words: a label, what it costs or brings, a tone. Only the server's
// legal actions and specs become buttons (buttons.js); the prices come from the guide and the
// view (rent values for mortgages), never worked out from rules here.

import { legalButton } from "../../shell/buttons.js";
import { buildingName, jm } from "./events.js";

export const spaceName = (guide, space) => guide.spaces?.[space]?.name ?? `space ${space}`;

/** `{label, detail, tone}` of a legal action. */
export function describe(action, view, guide) {
  const g = guide;
  const name = (space) => spaceName(g, space);
  const who = (seat) => view.seats[seat]?.name ?? `seat ${Number(seat) + 1}`;
  const space = g.spaces?.[action.district] || {};
  const state = view.state;
  const me = state.players?.[view.seat];
  switch (action.type) {
    case "roll": return { label: me?.jailed && state.phase === "roll" ? "Roll for a double" : state.again ? "Roll again" : "Roll", tone: "primary" };
    case "pay_fine": return { label: "Pay the fine", detail: jm(g.jail?.fine ?? 500_000), tone: "spend" };
    case "use_card": return { label: "Use a Get Out of Jail card", tone: "plain" };
    case "buy": {
      const here = g.spaces?.[me?.pos] || {};
      return { label: `Buy ${here.name ?? "it"}`, detail: jm(here.price ?? 0), tone: "spend" };
    }
    case "auction": return { label: action.opening_bid ? `Auction it from ${jm(action.opening_bid)}` : "Auction it (no opening bid)", detail: "your opening bid", tone: "plain" };
    case "auction_district": return { label: `Auction ${name(action.district)}`, detail: action.opening_bid ? `from ${jm(action.opening_bid)}` : "no opening bid", tone: "plain" };
    case "bid": return { label: `Bid ${jm(action.amount)}`, tone: "spend" };
    case "pay_rent": return { label: "Pay the rent", detail: state.rent ? jm(state.rent[1]) : "", tone: "spend" };
    case "use_exemption": return { label: "Play the rent exemption card", detail: "pay nothing", tone: "gain" };
    case "place_permit": return { label: `${buildingName(action.building)} on ${name(action.district)}`, tone: "plain" };
    case "construction": return { label: "Press Construction", detail: "1, 2 or 3 blocks, or a station", tone: "plain" };
    case "place_blocks": {
      const res = action.residential || [];
      const ind = action.industrial || [];
      const where = [...new Set([...res, ...ind])].map(name).join(", ");
      const cost = res.reduce((t, s) => t + (g.spaces[s]?.residential_block || 0), 0)
        + ind.reduce((t, s) => t + (g.spaces[s]?.industrial_block || 0), 0);
      const parts = [res.length ? `${res.length} residential` : null, ind.length ? `${ind.length} industrial` : null].filter(Boolean);
      return { label: `${parts.join(" + ")} on ${where}`, detail: jm(cost), tone: "spend" };
    }
    case "place_station": return { label: `Station on ${name(action.district)}`, detail: "free", tone: "plain" };
    case "place_free_block": return { label: `Free ${state.free_kind || ""} block on ${name(action.district)}`.replace("  ", " "), detail: "free", tone: "gain" };
    case "decline_build": return { label: "Build nothing", tone: "plain" };
    case "jump": return { label: `Jump to ${name(action.district)}`, detail: "by station", tone: "plain" };
    case "build_stadium": return { label: `Stadium on ${name(action.district)}`, detail: jm(g.buildings?.stadium?.price ?? 0), tone: "spend" };
    case "build_skyscraper": return { label: `Skyscraper on ${name(action.district)}`, detail: jm(space.skyscraper ?? 0), tone: "spend" };
    case "build_tower": return { label: `Jiji Tower on ${name(action.district)}`, detail: jm(g.buildings?.tower?.price ?? 0), tone: "spend" };
    case "remove_nuisance": {
      const building = state.districts?.[action.district]?.permit;
      const blocks = g.buildings?.nuisances?.[building] ?? 0;
      return { label: `Remove the ${buildingName(building)} from ${name(action.district)}`, detail: jm(blocks * (g.buildings?.removal_per_block ?? 0)), tone: "spend" };
    }
    case "mortgage": return { label: `Mortgage ${name(action.district)}`, detail: `+${jm(state.derived?.mortgage_values?.[action.district] ?? 0)}`, tone: "gain" };
    case "lift_mortgage": return { label: `Lift the mortgage on ${name(action.district)}`, detail: jm(state.districts?.[action.district]?.mortgage ?? 0), tone: "spend" };
    case "end_turn": return { label: "End turn", tone: "primary" };
    case "declare_bankruptcy": return { label: "Declare bankruptcy", tone: "danger" };
    case "propose_deal": return { label: `Offer ${who(action.to)} a deal`, tone: "plain" };
    case "accept_deal": return { label: "Accept the deal", tone: "primary" };
    case "decline_deal": return { label: "Decline", tone: "plain" };
    case "withdraw_deal": return { label: "Withdraw the offer", tone: "plain" };
    default: return { label: action.type.replaceAll("_", " "), tone: "plain" };
  }
}

/** One legal action as a button (the shell's, with these words). */
export function actionButton(sc, action, extra = "") {
  return legalButton(action, describe(action, sc.view(), sc.guide()), (button) => sc.perform(action, button), extra);
}

/** The legal actions of `type` (optionally on `district`). */
export const legalOf = (view, type, district = null) => (view.legal_actions || [])
  .filter((a) => a.type === type && (district === null || a.district === district));
