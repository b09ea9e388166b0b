// The game guide page, generated from GET /rulesets/{name}/guide (the engine's own data), so
// every number matches the build: quick facts, special tiles, the board, the property guide,
// the card decks and the rule values. Sections the data gains later are shown generically.

import * as api from "./api.js";
import { cell, describeSpecial, setColor } from "./board.js";
import { duration, fill, h, money, num } from "./ui.js";

const KIND_TITLES = { estate: "Estates", fast_food: "Fast Food", transport: "Transport", utility: "Utilities", comms: "Comms" };
const SHOWN = new Set(["ruleset", "title", "edition", "rules", "sets", "tiles", "cards", "rulesets", "ruleset_titles"]);

export async function mountGuide(root, name) {
  fill(root, h("p", { class: "muted" }, "Loading the guide…"));
  let g;
  try {
    g = await api.guide(name);
  } catch (err) {
    fill(root, h("section", { class: "card narrow" }, h("h1", {}, "Guide"), h("p", { class: "alert" }, err.message)));
    return null;
  }
  const c = g.edition.currency;
  const r = g.rules;
  const m = (n) => money(n, c);
  const choose = h("select", { id: "guide-ruleset", onchange: (e) => { location.hash = `/guide/${e.target.value}`; } },
    g.rulesets.map((n) => h("option", { value: n, selected: n === g.ruleset }, g.ruleset_titles?.[n] || n)));

  const byKind = {};
  for (const set of g.sets) (byKind[set.kind] ||= []).push(set);

  const miniBoard = h("div", { class: "mini-board", style: { "--n": g.edition.board_size / 4 + 1 }, role: "img",
    "aria-label": `The ${g.edition.board_size}-tile board, Payday in the bottom-right corner` },
  g.tiles.map((t) => {
    const { row, col } = cell(t.index, g.edition.board_size);
    return h("span", { class: `mini-tile kind-${t.kind}`, title: `${t.index}: ${t.name}`,
      style: { "grid-row": row, "grid-column": col, "--set": setColor(g, t.set) || "transparent" } }, t.name);
  }));

  const opening = Object.entries(r.cards.opening_revolutions).map(([players, revs]) => `the first ${revs} revolutions with ${players} players`).join(", ");
  const sections = [
    h("header", { class: "row spread" }, h("div", {}, h("p", { class: "muted" }, g.edition.name), h("h1", {}, "How to play Mtaani")),
      h("div", {}, h("label", { for: "guide-ruleset" }, "Rules"), choose)),
    h("p", {}, "This guide is generated from the game's own data, so every number matches the build you are playing. ",
      h("a", { href: "#/demo", "data-testid": "demo-link" }, "To see what a typical game looks like, open the demo board.")),
    h("section", { class: "card", "aria-labelledby": "g-facts" }, h("h2", { id: "g-facts" }, "Quick facts"),
      h("dl", { class: "facts", "data-testid": "quick-facts" },
        h("dt", {}, "Players"), h("dd", {}, `${r.deal.min_players} to ${r.deal.max_players}, humans, bots or both`),
        h("dt", {}, "Starting cash"), h("dd", {}, m(r.deal.starting_cash)),
        h("dt", {}, "Payday salary"), h("dd", {}, `${m(r.payday.salary)} (landing exactly: ${m(r.payday.salary * r.payday.landing_multiplier)})`),
        h("dt", {}, "Board"), h("dd", {}, `${g.edition.board_size} tiles on a ${g.edition.board_size / 4 + 1} by ${g.edition.board_size / 4 + 1} square loop`),
        h("dt", {}, "Bank reserves (ATM pool)"), h("dd", {}, m(r.deal.pool)),
        h("dt", {}, "Dice"), h("dd", {}, `${r.dice.count} dice of ${r.dice.sides} sides; doubles give another turn`),
        // The rule's figure is the guide's, for a live table; on this service each table is
        // created with its own idle timeout (POST /lobbies), shown in its lobby.
        h("dt", {}, "Idle turns"), h("dd", { "data-testid": "idle-turns" },
          "each table sets its own idle timeout, shown in its lobby: a turn left idle that long is ended by the table. "
          + `The guide's live table ends an idle turn after ${duration(r.idle.live_timeout_seconds)}.`))),
    h("section", { class: "card", "aria-labelledby": "g-board" }, h("h2", { id: "g-board" }, "The board"), miniBoard),
    h("section", { class: "card", "aria-labelledby": "g-special" }, h("h2", { id: "g-special" }, "Special tiles"),
      h("dl", { class: "facts" }, uniqueSpecial(g).map((t) => [h("dt", {}, t.name), h("dd", {}, describeSpecial(g, t))]))),
    h("section", { class: "card", "aria-labelledby": "g-economy" }, h("h2", { id: "g-economy" }, "Economy and fees"),
      h("ul", {},
        h("li", {}, `A property costs ${r.property.purchase_multiplier} × its mortgage value; a complete, unbuilt set charges ${r.property.set_fee_multiplier} × the base fee.`),
        h("li", {}, `With units the fee is (purchase cost + unit cost × units) × units ÷ ${r.property.unit_fee_divisor}; at most ${r.property.max_units} units per property.`),
        h("li", {}, `Units sell back at ${r.property.unit_refund_percent}% of their build cost; lifting a mortgage costs its value plus ${r.property.unmortgage_interest_percent}%.`),
        h("li", {}, `PAYE takes ${r.paye.percent}% of your cash; the ATM pays up to ${m(r.atm.amount)} from the pool.`))),
    h("section", { class: "card", "aria-labelledby": "g-props" }, h("h2", { id: "g-props" }, "Property guide"),
      Object.entries(byKind).map(([kind, sets]) => [
        h("h3", {}, KIND_TITLES[kind] || kind),
        h("div", { class: "table-wrap" }, h("table", { class: "guide-table" },
          h("thead", {}, h("tr", {}, ["Property", "Price", "Base fee", "Mortgage", "Unit cost", "Fee with 5 units"].map((x) => h("th", { scope: "col" }, x)))),
          h("tbody", {}, sets.flatMap((set) => set.tiles.map((i) => {
            const t = g.tiles[i];
            return h("tr", { "data-tile": t.name },
              h("th", { scope: "row" }, h("span", { class: "swatch", style: { "--set": setColor(g, set.id) } }), t.name),
              h("td", {}, num(t.purchase)), h("td", {}, num(t.base_fee)), h("td", {}, num(t.mortgage)),
              h("td", {}, num(t.unit_cost)), h("td", {}, num(t.fees[t.fees.length - 1])));
          }))))),
      ]),
      h("p", { class: "muted" }, `Amounts in ${c}.`)),
    h("section", { class: "card", "aria-labelledby": "g-jail" }, h("h2", { id: "g-jail" }, "Jail and the streets"),
      h("ul", {},
        h("li", {}, `Bail ${m(r.jail.bail)}; a bribe costs ${m(r.jail.bribe_cost)} with odds between ${r.jail.bribe_odds_min_percent}% and ${r.jail.bribe_odds_max_percent}%; a failed bribe costs ${m(r.jail.bribe_fine)} more and makes the sentence ${r.jail.bribe_fail_sentence} turns.`),
        h("li", {}, `Trespassing on the rich side: a ${r.locals.trespass_percent}% chance of arrest for ${r.jail.arrest_min_turns} to ${r.jail.arrest_max_turns} turns.`),
        h("li", {}, `Muggings on the seedy side: a ${r.locals.mugging_percent}% chance of losing ${r.locals.mugging_min_percent}% to ${r.locals.mugging_max_percent}% of your cash; players holding less than ${m(r.locals.mugging_min_cash)} are left alone.`),
        h("li", {}, r.locals.exemption === "complete_hood" ? "Own a complete residential set on a side and you are a local there: never arrested or mugged." : "Own any property on a side and you are a local there: never arrested or mugged."))),
    h("section", { class: "card", "aria-labelledby": "g-cards" }, h("h2", { id: "g-cards" }, "Cards"),
      h("p", {}, `Mtaani card amounts up to ${m(r.cards.face_value_limit)} are paid at face value. Larger ones pay ${r.cards.opening_percent}% during ${opening}, then full value, and from revolution ${r.cards.late_start_revolution} another ${r.cards.late_step_percent} percentage points every ${r.cards.late_step_revolutions} revolutions.`),
      h("h3", {}, "Mtaani cards"),
      h("ul", { class: "cards-list" }, g.cards.mtaani.map((card) => h("li", {}, card.text, " ", h("span", { class: "muted" }, cardEffect(card, m))))),
      h("h3", {}, "Mathree cards"),
      h("ul", { class: "cards-list" }, g.cards.mathree.map((card) => h("li", {}, card.text)))),
    Object.entries(g).filter(([k]) => !SHOWN.has(k)).map(([k, v]) => h("section", { class: "card" },
      h("h2", {}, k.replaceAll("_", " ").replace(/^./, (x) => x.toUpperCase())), generic(v))),
    h("p", {}, h("a", { href: "#/" }, "Back to the game")),
  ];
  fill(root, h("article", { class: "guide stack" }, sections));
  return null;
}

function uniqueSpecial(g) {
  const seen = new Set();
  return g.tiles.filter((t) => t.kind !== "property" && !seen.has(t.kind) && seen.add(t.kind));
}

function cardEffect(card, m) {
  switch (card.effect) {
    case "gain": return `(collect ${m(card.amount)})`;
    case "pay": return `(pay ${m(card.amount)})`;
    case "pay_each": return `(pay each player ${m(card.amount)})`;
    case "collect_each": return `(collect ${m(card.amount)} from each player)`;
    case "per_unit": return `(pay ${m(card.amount)} per unit)`;
    default: return "";
  }
}

function generic(value) {
  if (Array.isArray(value)) return h("ul", {}, value.map((v) => h("li", {}, typeof v === "object" && v ? (v.text || v.name || JSON.stringify(v)) : String(v))));
  if (value && typeof value === "object") return h("dl", { class: "facts" }, Object.entries(value).map(([k, v]) => [h("dt", {}, k), h("dd", {}, typeof v === "object" ? JSON.stringify(v) : String(v))]));
  return h("p", {}, String(value));
}
