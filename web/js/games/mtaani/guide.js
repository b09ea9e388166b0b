// Mtaani's guide sections for the shell's guide page (web/js/guide.js): the prose of every
// section from GET /rulesets/{name}/guide (the engine's data/guide.toml, its figures filled
// from the rules), with quick facts, the board, special tiles, the property guide, the decks
// and the global events drawn from the same data, so every number matches the build.

import { cell } from "../../shell/track.js";
import { describeSpecial, setColor } from "./board.js";
import { duration, h, money, num } from "../../ui.js";

const KIND_TITLES = { estate: "Estates", fast_food: "Fast Food", transport: "Transport", utility: "Utilities", comms: "Comms" };

export const guideSubtitle = (g) => g.edition.name;

/** The guide's sections: the prose of every section (from the engine's guide data) with the
 * tables, board and decks drawn from the same data where they belong. */
export function guideSections(g, { proseSection }) {
  const c = g.edition.currency;
  const r = g.rules;
  const m = (n) => money(n, c);
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
  const extras = {
    quick_facts: () => [
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
          + `The guide's live table ends an idle turn after ${duration(r.idle.live_timeout_seconds)}.`)),
      h("p", {}, h("a", { href: "#/demo", "data-testid": "demo-link" }, "To see what a typical game looks like, open the demo board.")),
    ],
    overview: () => [h("h3", {}, "The board"), miniBoard],
    special_tiles: () => h("dl", { class: "facts" }, uniqueSpecial(g).map((t) => [h("dt", {}, t.name), h("dd", {}, describeSpecial(g, t))])),
    property_guide: () => Object.entries(byKind).map(([kind, sets]) => [
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
    cards: () => [
      h("p", { class: "muted" }, `Large Mtaani cards pay ${r.cards.opening_percent}% during ${opening}.`),
      h("h3", {}, "Mtaani cards"),
      h("ul", { class: "cards-list" }, g.cards.mtaani.map((card) => h("li", {}, card.text, " ", h("span", { class: "muted" }, cardEffect(card, m))))),
      h("h3", {}, "Mathree cards"),
      h("ul", { class: "cards-list" }, g.cards.mathree.map((card) => h("li", {}, card.text))),
    ],
    global_events: () => (g.events?.length ? [h("h3", {}, "Every global event of this table"),
      h("ul", {}, g.events.filter((e) => (r.events?.enabled || []).includes(e.id)).map((e) => h("li", {}, e.text)))] : null),
  };
  return (g.prose || []).map((section) => proseSection(section, extras[section.id]?.()));
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
