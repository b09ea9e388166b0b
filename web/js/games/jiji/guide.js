// Jiji's guide sections for the shell's guide page (web/js/guide.js): the prose of every
// section from GET /rulesets/jiji/guide (the engine's data/guide.toml, its figures filled from
// the game's data), with the quick facts, the board, the districts' prices and rents and every
// Chance card drawn from the same data after the prose, so every number matches the build.

import { h } from "../../ui.js";
import { groupColor } from "./board.js";
import { jm } from "./events.js";

const KINDS = { go: "GO", jail: "Jail", free_parking: "Free Parking", go_to_jail: "Go to Jail", chance: "Chance",
  permit: "Building Permit", auction: "Auction", tax: "Industrial Tax", district: "District" };

export const guideSubtitle = (g) => g.game_summaries?.[g.game]?.summary || g.title;

/** The guide's sections: the prose of every section, the tables where their section is. */
export function guideSections(g, { proseSection }) {
  const groupName = (id) => g.groups.find((x) => x.id === id)?.name || id;
  const swatch = (id) => h("span", { class: "swatch", style: { "--set": groupColor(g, id) } });
  const blocks = g.buildings.max_blocks;
  const extras = {
    aim: () => h("dl", { class: "facts", "data-testid": "quick-facts" },
      h("dt", {}, "Players"), h("dd", {}, `${g.players.min} to ${g.players.max}`),
      h("dt", {}, "Starting money"), h("dd", {}, jm(g.money.starting_cash)),
      h("dt", {}, "Salary at GO"), h("dd", {}, jm(g.money.salary)),
      h("dt", {}, "Board"), h("dd", {}, `${g.spaces.length} spaces, ${g.spaces.filter((s) => s.kind === "district").length} districts in ${g.groups.length} colour groups`)),
    board: () => h("div", { class: "table-wrap" }, h("table", { class: "guide-table", "data-testid": "board-table" },
      h("thead", {}, h("tr", {}, ["Space", "Name", "Kind", "Price"].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, g.spaces.map((s) => h("tr", { "data-space": s.space },
        h("td", {}, String(s.space)),
        h("th", { scope: "row" }, s.group ? swatch(s.group) : null, s.name),
        h("td", {}, s.group ? `District (${groupName(s.group)})` : KINDS[s.kind] || s.kind),
        h("td", {}, s.price ? jm(s.price) : s.amount ? `pay ${jm(s.amount)}` : "")))))),
    districts: () => g.groups.map((group) => [
      h("h3", {}, swatch(group.id), group.name),
      h("p", { class: "muted" }, `Residential block ${jm(group.residential_block)}, industrial block ${jm(group.industrial_block)}, skyscraper ${jm(group.skyscraper)}.`),
      h("div", { class: "table-wrap" }, h("table", { class: "guide-table", "data-group": group.id },
        h("thead", {}, h("tr", {}, ["District", "Price", "Bare", ...Array.from({ length: blocks }, (_, i) => `${i + 1} ${i ? "blocks" : "block"}`)]
          .map((x) => h("th", { scope: "col" }, x)))),
        h("tbody", {}, group.districts.map((space) => {
          const s = g.spaces[space];
          return h("tr", { "data-district": s.name }, h("th", { scope: "row" }, s.name), h("td", {}, jm(s.price)), s.rents.map((r) => h("td", {}, jm(r))));
        })))),
    ]),
    chance_cards: () => h("ul", { class: "cards-list", "data-testid": "chance-list" }, g.chance.map((c) => h("li", {}, c.text))),
  };
  return (g.prose || []).map((section) => proseSection(section, extras[section.id]?.()));
}
