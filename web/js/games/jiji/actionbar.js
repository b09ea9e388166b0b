// The pinned action bar of the Jiji screen: always on screen, on every layout. It says whose
// decision it is and how long the game clock has left, shows an open auction to everyone (the
// current bid, who holds it, the time left, bid buttons from the least bid up), deals offered
// to the viewer, a debt's ways out, and the turn's choices: the Construction result and where
// it can be built, the Building Permit choice, buying or auctioning a district. Buttons and
// forms come only from the server's legal actions and specs; the main action is marked
// data-main.

import { legalButton } from "../../shell/buttons.js";
import { actionButton, describe, legalOf, spaceName } from "./actions.js";
import { clockTime } from "../../ui.js";
import { buildingName, jm, sideWords } from "./events.js";

export const DECISION_WORDS = {
  roll: "roll", buy: "buy or auction the district", permit: "place a Building Permit building",
  exemption: "pay the rent or play the exemption card", free_block: "place the free block",
  place: "place what Construction granted", turn: "build or end the turn", debt: "raise the money owed",
  bid: "bid in the auction", deal: "answer a deal", auction_close: "close the auction", game_clock: "end the game",
};

/** Seconds as "1:05", "12:03", "2:04:10", "3 days 4:00:00". */
export function clockWords(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const days = Math.floor(s / 86400);
  const hms = [Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60];
  const text = hms[0] ? `${hms[0]}:${String(hms[1]).padStart(2, "0")}:${String(hms[2]).padStart(2, "0")}`
    : `${hms[1]}:${String(hms[2]).padStart(2, "0")}`;
  return days ? `${days} day${days === 1 ? "" : "s"} ${text}` : text;
}

/** A countdown to `ends` (Unix seconds) that the screen's ticker keeps current. */
export function countdown(sc, ends, before = "", after = "") {
  const left = ends - Date.now() / 1000;
  return sc.ctx.h("span", { class: "countdown", "data-ends": String(ends), "data-before": before, "data-after": after },
    `${before}${clockWords(left)}${after}`);
}

/** The game clock in words: time left (ticking) and the moment it ends by the reader's clock
 * ("Clock: 47:12 left · ends 17:10"), stopped while saved, not started, or none (a table
 * played to the last player standing says it has no clock, whatever length its options
 * name: only a clock table's clock ends the game). */
export function clockPill(sc, testid = "clock") {
  const { h } = sc.ctx;
  const s = sc.view().state;
  let body;
  if (s.options.end !== "clock") body = "Last player standing · no game clock";
  else if (s.over) body = "The game clock ran out";
  else if (s.clock_end === null || s.clock_end === undefined) body = `Clock: ${clockWords(s.options.clock_seconds)}, from the first roll`;
  else if (s.paused_at) body = `Clock stopped: ${clockWords(s.clock_end - s.paused_at)} left`;
  else body = [countdown(sc, s.clock_end, "Clock: ", " left"), ` · ends ${clockTime(s.clock_end)}`];
  return h("span", { class: "pill clock", "data-testid": testid }, body);
}

export function statusLine(sc) {
  const v = sc.view();
  const s = v.state;
  if (v.outcome) {
    const winner = v.outcome.winner;
    return winner === null || winner === undefined ? "Game over: no single winner" : `Game over: ${sc.name(winner)} wins`;
  }
  if (v.status === "saved") return "This game is saved (paused) by its owner.";
  const a = s.auction;
  if (a) {
    const what = `Auction of ${spaceName(sc.guide(), a.district)}`;
    if (sc.ctx.replay) return `At this step: ${what}${a.holder !== null && a.holder !== undefined ? `, ${a.holder === v.seat ? "you" : sc.name(a.holder)} holding ${jm(a.bid)}` : ""}`;
    if (a.holder === v.seat) return `${what}: you hold the highest bid`;
    if ((a.bidders || []).includes(v.seat)) return `Your turn: ${what}, bid or let it go`;
    return `${what}${a.holder !== null && a.holder !== undefined ? `: ${sc.name(a.holder)} holds ${jm(a.bid)}` : ""}`;
  }
  const d = v.decision;
  if (!d) return "Waiting…";
  const words = DECISION_WORDS[d.kind] || d.kind.replaceAll("_", " ");
  // A replay's step and my own decision read as the shell words them.
  if (sc.ctx.replay || d.player === v.seat) return sc.ctx.words.decisionWords(v, d, DECISION_WORDS, sc.ctx.replay);
  return `${sc.name(d.player)} to ${words}${v.seat === null || v.seat === undefined ? " (you are watching)" : ""}`;
}

/** Money as a person writes it at this table: "M900k", "900k", "M1.5M", "1.5m", "M1,500,000"
 * or "900000" (M, the game's unit, may lead; k is thousands, M millions; spaces and commas are
 * ignored). The amount in M, or NaN when the text reads as no amount. */
export function parseMoney(text) {
  const t = String(text ?? "").trim().replace(/[\s,_]/g, "");
  const m = /^(?:[Mm](?=[\d.]))?(\d+(?:\.\d*)?|\.\d+)([kKmM]?)$/.exec(t);
  if (!m) return NaN;
  return Math.round(Number(m[1]) * { "": 1, k: 1e3, K: 1e3, m: 1e6, M: 1e6 }[m[2]]);
}

/** What is wrong with `amount` for `spec` (`{minimum, maximum, step}`), in words, or "". */
export function moneyProblem(amount, spec) {
  if (Number.isNaN(amount)) return "Write an amount as the game does, such as M900k or M1.5M.";
  if (amount < spec.minimum) return `At least ${jm(spec.minimum)}.`;
  if (spec.maximum !== undefined && amount > spec.maximum) return `At most ${jm(spec.maximum)}, your cash.`;
  if (spec.step && amount % spec.step) return `In steps of ${jm(spec.step)}: ${jm(amount - (amount % spec.step))} or ${jm(amount - (amount % spec.step) + spec.step)}.`;
  return "";
}

/** A money field for `spec` (`{minimum, maximum, step}`): shown and typed as the game writes
 * money ("M900k", "M1.5M"; a bare number is taken too), with a line under it (`says`) that
 * reads back the amount understood, or what is wrong with it. `read()` gives the amount, or
 * null after marking the field invalid with what is wrong. `attrs` go on the input. */
export function moneyField(sc, key, spec, attrs = {}) {
  const { h } = sc.ctx;
  const hintId = `${key}-says`;
  const input = h("input", { id: key, "data-key": key, type: "text", inputmode: "text", autocomplete: "off", spellcheck: "false",
    class: "money-input", value: jm(spec.minimum), required: true, "aria-describedby": hintId, ...attrs });
  const range = `${jm(spec.minimum)} to ${jm(spec.maximum)}, in steps of ${jm(spec.step)}`;
  const says = h("span", { class: "muted small money-says", id: hintId, "data-testid": `${key}-says`, "aria-live": "polite" }, range);
  const read = () => {
    const amount = parseMoney(input.value);
    const problem = moneyProblem(amount, spec);
    input.setCustomValidity(problem);
    says.textContent = problem || `${jm(amount)} (${range})`;
    return problem ? null : amount;
  };
  input.addEventListener("input", read);
  return { input, says, read };
}

/** An amount form from a spec (`{minimum, maximum, step}`, :func:`moneyField`) with a submit
 * button; nothing is sent until the field reads as an amount the spec allows. */
function amountForm(sc, key, label, spec, submitLabel, makeAction, extra = null) {
  const { h } = sc.ctx;
  const field = moneyField(sc, key, spec);
  const button = h("button", { type: "submit", class: "action plain" }, submitLabel);
  const form = h("form", { class: "spec-form", novalidate: true, onsubmit: (e) => {
    e.preventDefault();
    const amount = field.read();
    if (amount === null) {
      field.input.reportValidity();
      field.input.focus();
      return;
    }
    sc.perform(makeAction(amount, form), button);
  } }, extra, h("label", { for: key }, label, field.input), button, field.says);
  return form;
}

/** The open auction, for everyone at the table. */
function auctionPanel(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const g = sc.guide();
  const a = v.state.auction;
  if (!a) return null;
  const bids = legalOf(v, "bid");
  const spec = v.legal_specs?.bid;
  const info = g.spaces[a.district];
  const held = a.holder !== null && a.holder !== undefined;
  const canBid = bids.length > 0;
  let note = null;
  if (a.holder === v.seat) note = "You hold the highest bid: wait for the close, or for a higher bid.";
  else if (!canBid && v.seat !== null && v.seat !== undefined) note = `You cannot bid: the least bid is ${jm(a.minimum)}.`;
  return h("section", { class: "auction-panel", "aria-labelledby": "auction-title", "data-testid": "auction" },
    h("p", { class: "auction-head" },
      h("strong", { id: "auction-title" }, `Auction: ${info.name}`), " · ",
      h("span", { "data-testid": "auction-bid" }, held ? `${jm(a.bid)} by ${a.holder === v.seat ? "you" : sc.name(a.holder)}` : `no bid yet, from ${jm(a.minimum)}`),
      " · ", h("span", { "data-testid": "auction-time" }, countdown(sc, a.closes, "closes in ")),
      h("span", { class: "muted" }, ` · ${a.bids.length === 1 ? "1 bid" : `${a.bids.length} bids`} · price ${jm(info.price)}`)),
    canBid ? h("div", { class: "actions bids" }, bids.map((b, i) => actionButton(sc, b, i === 0 ? "primary-big" : "small")),
      spec ? h("details", { class: "other-amount" }, h("summary", {}, "Another amount"),
        amountForm(sc, "bid-amount", "Your bid", spec, "Bid", (amount) => ({ type: "bid", amount }))) : null) : null,
    note ? h("p", { class: "muted" }, note) : null);
}

/** Deals offered to the viewer, as prompts (what changes hands, accept or decline). */
function dealPrompts(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const g = sc.guide();
  const name = (space) => spaceName(g, space);
  return (v.state.deals || []).filter((deal) => deal.to === v.seat).map((deal) => {
    const answers = [...legalOf(v, "accept_deal"), ...legalOf(v, "decline_deal")].filter((a) => a.deal === deal.deal);
    return h("section", { class: "prompt", role: "group", "aria-labelledby": `prompt-deal-${deal.deal}`, "data-testid": `prompt-deal-${deal.deal}` },
      h("h2", { id: `prompt-deal-${deal.deal}` }, `${sc.name(deal.proposer)} offers you a deal`),
      h("div", { class: "sides" },
        h("p", {}, h("strong", {}, "You give: "), sideWords(deal.get, name)),
        h("p", {}, h("strong", {}, "You get: "), sideWords(deal.give, name)),
        h("p", { class: "muted" }, countdown(sc, deal.expires, "It lapses in "))),
      h("div", { class: "actions" }, answers.map((a) => actionButton(sc, a, a.type === "accept_deal" ? "primary-big" : ""))));
  });
}

/** In a debt: what is owed, and the ways out the rules allow. */
function debtHelp(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const mine = (v.state.debts || []).filter((d) => d.debtor === v.seat);
  if (!mine.length) return null;
  const owed = mine.reduce((t, d) => t + d.amount, 0);
  const cash = v.state.players[v.seat].cash;
  const values = v.state.derived.mortgage_values || {};
  const mortgages = legalOf(v, "mortgage").sort((a, b) => (values[b.district] || 0) - (values[a.district] || 0));
  const to = mine[0].creditor === "bank" ? "the bank" : sc.name(mine[0].creditor);
  return h("div", { class: "alert debt", role: "alert", "data-testid": "debt" },
    h("p", {}, h("strong", {}, `You owe ${to} ${jm(owed)} and hold ${jm(cash)}.`),
      " Mortgage a district, offer a deal (Deals), or declare bankruptcy."),
    mortgages.length ? h("div", { class: "actions" }, mortgages.map((a) => actionButton(sc, a))) : null);
}

/** Where the Construction unit's blocks can go: a quick choice per district (all of the grant
 * as residential, or as industrial, where the cash allows) and a form to spread them. */
function placeBlocks(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const g = sc.guide();
  const spec = v.legal_specs?.place_blocks;
  const listed = legalOf(v, "place_blocks");
  const rows = [];
  for (const space of Object.keys(spec?.districts || {}).map(Number)) {
    const here = listed.filter((a) => [...(a.residential || []), ...(a.industrial || [])].every((x) => x === space));
    const best = (kind) => here.filter((a) => !(a[kind === "residential" ? "industrial" : "residential"] || []).length)
      .sort((a, b) => (b[kind] || []).length - (a[kind] || []).length)[0];
    const choices = [best("residential"), best("industrial")].filter(Boolean);
    if (choices.length) {
      rows.push(h("li", { class: "place-row" }, h("span", { class: "place-name" }, `${spaceName(g, space)} `, h("span", { class: "muted" }, `(room for ${spec.districts[space]})`)),
        h("span", { class: "actions" }, choices.map((a) => actionButton(sc, a, "small")))));
    }
  }
  const inputs = Object.entries(spec?.districts || {}).map(([space, room]) => {
    const max = Math.min(room, spec.grant);
    const input = (kind) => h("input", { type: "number", min: 0, max, value: 0, "data-key": `mix-${kind}-${space}`, name: `${kind}-${space}`,
      "aria-label": `${kind} blocks on ${spaceName(g, Number(space))}` });
    return h("tr", {}, h("th", { scope: "row" }, spaceName(g, Number(space))), h("td", {}, input("residential")), h("td", {}, input("industrial")));
  });
  const place = h("button", { type: "submit", class: "action plain" }, "Place these blocks");
  const mix = spec ? h("details", { class: "mix" }, h("summary", {}, `Spread the ${spec.grant} blocks over several districts`),
    h("form", { onsubmit: (e) => {
      e.preventDefault();
      const action = { type: "place_blocks", residential: [], industrial: [] };
      for (const el of e.currentTarget.querySelectorAll("input[type=number]")) {
        const [kind, space] = el.name.split("-");
        for (let i = 0; i < Number(el.value); i += 1) action[kind].push(Number(space));
      }
      sc.perform(action, place);
    } }, h("table", { class: "mix-table" }, h("thead", {}, h("tr", {}, h("th", {}, "District"), h("th", {}, "Residential"), h("th", {}, "Industrial"))),
      h("tbody", {}, inputs)), place)) : null;
  const first = rows[0]?.querySelector("button");
  first?.setAttribute("data-main", "true");
  first?.classList.add("primary-big");
  return [h("ul", { class: "place-list", "data-testid": "place-blocks" }, rows), mix];
}

/** The Building Permit: a district and a building the rules allow there. */
function permitChooser(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const g = sc.guide();
  const options = legalOf(v, "place_permit");
  const byDistrict = new Map();
  for (const a of options) byDistrict.set(a.district, [...(byDistrict.get(a.district) || []), a.building]);
  if (!byDistrict.size) return null;
  const nuisances = g.buildings?.nuisances || {};
  const whose = (space) => {
    const owner = v.state.districts[String(space)]?.owner;
    return owner === null || owner === undefined ? "nobody's" : owner === v.seat ? "yours" : `${sc.name(owner)}'s`;
  };
  const district = h("select", { id: "permit-district", "data-key": "permit-district" },
    [...byDistrict.keys()].map((space) => h("option", { value: space }, `${spaceName(g, space)} (${whose(space)})`)));
  const building = h("select", { id: "permit-building", "data-key": "permit-building" });
  const fillBuildings = () => {
    const chosen = byDistrict.get(Number(district.value)) || [];
    const keep = building.value;
    building.replaceChildren(...chosen.map((b) => h("option", { value: b },
      b in nuisances ? `${buildingName(b)} (nuisance, ${nuisances[b]} blocks)` : `${buildingName(b)} (bonus)`)));
    if (chosen.includes(keep)) building.value = keep;
  };
  district.addEventListener("change", () => { fillBuildings(); sc.mark?.(Number(district.value)); });
  fillBuildings();
  const submit = h("button", { type: "submit", class: "action primary primary-big", "data-main": "true" }, "Place it");
  return [h("form", { class: "spec-form permit", "data-testid": "permit", onsubmit: (e) => {
    e.preventDefault();
    sc.perform({ type: "place_permit", district: Number(district.value), building: building.value }, submit);
  } }, h("label", { for: "permit-district" }, "District", district), h("label", { for: "permit-building" }, "Building", building), submit),
  h("p", { class: "muted small" }, "A bonus keeps nuisances off a district; a nuisance makes its residential blocks count for nothing.")];
}

/** The turn holder's choices in the phase the turn is in. */
function turnChoices(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const s = v.state;
  const g = sc.guide();
  const button = (a, extra = "") => actionButton(sc, a, extra);
  const main = (a) => {
    const b = button(a, "primary-big");
    b.setAttribute("data-main", "true");
    return b;
  };
  const out = [];
  switch (s.phase) {
    case "roll": {
      const [roll] = legalOf(v, "roll");
      out.push(h("div", { class: "actions" }, roll ? main(roll) : null, [...legalOf(v, "pay_fine"), ...legalOf(v, "use_card")].map((a) => button(a))));
      break;
    }
    case "buy": {
      const space = s.players[v.seat].pos;
      const [buy] = legalOf(v, "buy");
      const auctions = legalOf(v, "auction");
      const spec = v.legal_specs?.auction;
      // The price beside the cash (a phone's rail is far below the bar); without a legal Buy
      // (the cash is short) why, and how to raise it (mortgaging is legal in this phase).
      const price = g.spaces[space].price;
      const cash = s.players[v.seat].cash;
      out.push(buy || !(price > cash)
        ? h("p", { class: "muted", "data-testid": "buy-cash" }, `${spaceName(g, space)} is nobody's: buy it for ${jm(price)} (you hold ${jm(cash)}), or put it up for auction with your opening bid.`)
        : h("p", { class: "alert", role: "status", "data-testid": "buy-cash" }, h("strong", {}, `You can't buy ${spaceName(g, space)}: it costs ${jm(price)} and you hold ${jm(cash)}.`),
          ` Raise ${jm(price - cash)} more (mortgage a district under Districts, or make a deal) to buy it, or put it up for auction with your opening bid.`),
        // Buy, then the opening bids on one short row (each button just its amount; a phone
        // held sideways showed them below the bar's fold, issue 32), then one of the person's own.
        // (Without a Buy the first opening bid is the main action, in full words.)
        h("div", { class: "actions buy-choice" }, buy ? main(buy) : auctions.length ? main(auctions[0]) : null,
          auctions.length > (buy ? 0 : 1) ? h("div", { class: "openings", role: "group", "aria-labelledby": "openings-label" },
            h("span", { class: "openings-label", id: "openings-label" }, buy ? "or auction it from" : "or from"),
            auctions.slice(buy ? 0 : 1).map((a) => {
              const opening = legalButton(a, { label: a.opening_bid ? jm(a.opening_bid) : "no opening bid", tone: "plain" },
                (el) => sc.perform(a, el), "small");
              opening.setAttribute("aria-label", describe(a, v, g).label);
              return opening;
            })) : null),
        spec && spec.minimum ? h("details", { class: "other-amount" }, h("summary", {}, "Another opening bid"),
          amountForm(sc, "opening-bid", "Opening bid", spec, "Auction it", (amount) => ({ type: "auction", opening_bid: amount }))) : null);
      break;
    }
    case "permit": out.push(permitChooser(sc)); break;
    case "exemption": {
      const [owner, amount, space] = s.rent || [];
      const [use] = legalOf(v, "use_exemption");
      out.push(h("p", {}, `${sc.name(owner)} asks ${jm(amount)} rent for ${spaceName(g, space)}.`),
        h("div", { class: "actions" }, use ? main(use) : null, legalOf(v, "pay_rent").map((a) => button(a))));
      break;
    }
    case "free_block": {
      const blocks = legalOf(v, "place_free_block");
      out.push(h("div", { class: "actions" }, blocks.map((a, i) => (i === 0 ? main(a) : button(a))), legalOf(v, "decline_build").map((a) => button(a, blocks.length ? "" : "primary-big"))));
      break;
    }
    case "place": {
      const stations = legalOf(v, "place_station");
      const grant = s.grant === 0 ? "a station" : `${s.grant} block${s.grant === 1 ? "" : "s"}`;
      out.push(h("p", { class: "construction", "data-testid": "construction" }, h("strong", {}, `Construction: ${grant}.`),
        s.grant === 0 ? " Place it free on a district of yours." : " Place them now on districts of yours (up to 8 a district), residential or industrial, at the group's prices."));
      if (s.grant === 0) out.push(h("div", { class: "actions" }, stations.map((a, i) => (i === 0 ? main(a) : button(a)))));
      else out.push(placeBlocks(sc));
      out.push(h("div", { class: "actions" }, legalOf(v, "decline_build").map((a) => button(a, "small"))));
      break;
    }
    case "turn": {
      const [next] = [...legalOf(v, "roll"), ...legalOf(v, "end_turn")];
      const spec = v.legal_specs?.auction_district;
      const landmarks = ["construction", "jump", "build_stadium", "build_skyscraper", "build_tower", "remove_nuisance"]
        .flatMap((type) => legalOf(v, type));
      out.push(h("div", { class: "actions main-actions" }, next ? main(next) : null, landmarks.map((a) => button(a))));
      if (spec) {
        const select = h("select", { id: "auction-district", "data-key": "auction-district", name: "district" },
          spec.districts.map((space) => h("option", { value: space }, `${spaceName(g, space)} (${jm(g.spaces[space].price)})`)));
        const bidSpec = { ...spec, minimum: spec.minimum || 0 };
        out.push(h("p", { class: "muted" }, "On the Auction space you may put any unowned district up for auction."),
          amountForm(sc, "auction-district-bid", "Opening bid", bidSpec, "Auction it",
            (amount) => ({ type: "auction_district", district: Number(select.value), opening_bid: amount }),
            h("label", { for: "auction-district" }, "District", select)));
      }
      break;
    }
    default: break;
  }
  return out;
}

export function renderActionBar(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const s = v.state;
  const seat = v.seat;
  const watching = seat === null || seat === undefined;
  const active = v.status === "active" && !v.outcome;
  const myTurn = active && !watching && !s.auction && !(s.debts || []).length && s.cur === seat;
  const d = v.decision;
  const body = [
    h("div", { class: "bar-head" },
      h("p", { class: `status-line${d && d.player === seat && !watching && !sc.ctx.replay ? " mine" : ""}`, "data-testid": "turn-status", "aria-live": "polite" }, statusLine(sc)),
      clockPill(sc), sc.ctx.components.ordersButton(v)),
    watching ? h("p", { class: "muted" }, "You are watching this table: actions are for seated players.") : null,
    active ? auctionPanel(sc) : null,
    active && !watching ? dealPrompts(sc) : null,
    active && !watching ? debtHelp(sc) : null,
    sc.ctx.components.idleControls(v),
    myTurn ? turnChoices(sc) : null,
  ];
  const bankrupt = legalOf(v, "declare_bankruptcy");
  if (bankrupt.length) body.push(h("div", { class: "actions" }, bankrupt.map((a) => actionButton(sc, a, "small"))));
  const bar = h("div", { class: "bar-body" }, body);
  if (!bar.querySelector("[data-main]")) {
    // Not the turn holder's choice: the first button of a prompt, the auction or the debt.
    const first = bar.querySelector(".auction-panel button, .prompt button, .debt button");
    first?.setAttribute("data-main", "true");
  }
  if (active && !watching && !sc.ctx.replay && !bar.querySelector("button[data-action], form button") && d) {
    bar.append(h("p", { class: "muted" }, `Waiting for ${sc.name(d.player)} to ${DECISION_WORDS[d.kind] || d.kind.replaceAll("_", " ")}.`));
  }
  return bar;
}
