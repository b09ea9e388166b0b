// Mulodi's guide sections for the shell's guide page (web/js/guide.js): the prose of every
// section from GET /rulesets/mulodi/guide (the engine's data/guide.toml, its figures filled
// from the game's data), with the quick facts, the colours and rents and every card drawn from
// the same data after the prose, so every number matches the build.

import { h } from "../../ui.js";
import { colourSwatch, m } from "./cards.js";

const KINDS = { money: "Money", action: "Action", property: "Property", wild: "Wildcard", master: "Master wildcard" };

export const guideSubtitle = (g) => g.game_summaries?.[g.game]?.summary || g.title;

/** The guide's sections: the prose of every section, the tables where their section is. */
export function guideSections(g, { proseSection }) {
  const colourName = (id) => g.colours.find((c) => c.id === id)?.name || id;
  const extras = {
    aim: () => h("dl", { class: "facts", "data-testid": "quick-facts" },
      h("dt", {}, "Players"), h("dd", {}, `${g.deal.min_players} to ${g.deal.max_players}`),
      h("dt", {}, "Deck"), h("dd", {}, `${g.deck_size} cards`),
      h("dt", {}, "Your turn"), h("dd", {}, `draw ${g.deal.draw}, play up to ${g.deal.plays}, keep at most ${g.deal.hand_limit}`),
      h("dt", {}, "To win"), h("dd", {}, `${g.winning.full_sets_of_different_colours} full sets of different colours`)),
    colours: () => h("div", { class: "table-wrap" }, h("table", { class: "guide-table", "data-testid": "colour-table" },
      h("thead", {}, h("tr", {}, ["Colour", "Full set", "Card value", "Rent by cards", "Properties", "Apartment, Arcade"].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, g.colours.map((c) => h("tr", { "data-colour": c.id },
        h("th", { scope: "row" }, h("span", { class: "swatch", style: { "--set": colourSwatch(c.id) } }), c.name),
        h("td", {}, String(c.size)), h("td", {}, m(c.value)),
        h("td", {}, c.rent.map((r, i) => `${i + 1}:\u00a0${m(r)}`).join(", ")),
        h("td", {}, c.properties.join(", ")),
        h("td", {}, c.buildings ? "yes" : "no")))))),
    deck: () => h("div", { class: "table-wrap" }, h("table", { class: "guide-table", "data-testid": "card-table" },
      h("thead", {}, h("tr", {}, ["Card", "Kind", "Cards", "Bank value", "What it does"].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, g.cards.map((c) => h("tr", { "data-face": c.face },
        h("th", { scope: "row" }, c.name), h("td", {}, KINDS[c.kind] || c.kind), h("td", {}, String(c.count)),
        h("td", {}, c.kind === "master" ? "none" : m(c.value)),
        h("td", {}, c.text || (c.kind === "property" ? `${colourName(c.colours[0])} property` : c.kind === "money" ? "Money: bank it to pay with." : ""))))))),
  };
  return (g.prose || []).map((section) => proseSection(section, extras[section.id]?.()));
}
