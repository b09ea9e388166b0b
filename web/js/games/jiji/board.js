// The Jiji track: 40 spaces round the board, each district with what stands on it readable at
// a glance (its owner, its current rent, residential and industrial blocks, a station, the
// stadium, the skyscraper, the Jiji Tower, a bonus or nuisance building, a mortgage), the
// players' tokens, and a space's card. Names, prices and rent tables come from the guide;
// owners, buildings and current rents (the engine's `derived.rent`) from the view.

import { cell, seatInitials } from "../../shell/track.js";
import { h, SEAT_COLORS } from "../../ui.js";
import { buildingName, jm } from "./events.js";

const GROUP_COLORS = ["#8d5524", "#5dade2", "#d35ebd", "#f39c12", "#e74c3c", "#f1c40f", "#27ae60", "#1f3a93"];
const SHORT = { water_tower: "water twr", wind_farm: "wind farm", power_station: "power stn", wastewater_plant: "wastewater" };

/** A colour group's colour (by its place in the guide's groups). */
export function groupColor(guide, groupId) {
  const i = guide.groups.findIndex((g) => g.id === groupId);
  return i < 0 ? "#7f8c8d" : GROUP_COLORS[i % GROUP_COLORS.length];
}

export const groupOf = (guide, space) => guide.groups.find((g) => g.districts.includes(space));

/** The district's state in the view (`null` for a space that is no district). */
export const districtOf = (view, space) => view.state.districts[String(space)] || null;

/** What stands on a district, as short chips: blocks by kind, landmarks, the permit building. */
function buildings(guide, d) {
  const nuisance = d.permit && d.permit in (guide.buildings?.nuisances || {});
  return [
    d.residential ? h("span", { class: "chip res", title: `${d.residential} residential` }, `R${d.residential}`) : null,
    d.industrial ? h("span", { class: "chip ind", title: `${d.industrial} industrial` }, `I${d.industrial}`) : null,
    d.station ? h("span", { class: "chip stn", title: "station" }, "Stn") : null,
    d.stadium ? h("span", { class: "chip std", title: "stadium" }, "Stadium") : null,
    d.skyscraper ? h("span", { class: "chip sky", title: "skyscraper" }, "Sky") : null,
    d.tower ? h("span", { class: "chip tower", title: "Jiji Tower" }, "Tower") : null,
    d.permit ? h("span", { class: `chip ${nuisance ? "nuisance" : "bonus"}`, title: `${buildingName(d.permit)} (${nuisance ? "nuisance" : "bonus"})` },
      SHORT[d.permit] || buildingName(d.permit)) : null,
  ].filter(Boolean);
}

/** The space in words, for its button's accessible name and the card. */
export function spaceLabel(guide, view, space) {
  const info = guide.spaces[space];
  const d = districtOf(view, space);
  if (!d) return info.name;
  const group = groupOf(guide, space);
  const parts = [`${info.name}, ${group?.name || ""} group`];
  if (d.owner === null || d.owner === undefined) parts.push(`nobody's, price ${jm(info.price)}`);
  else parts.push(`${view.seats[d.owner]?.name}'s`, d.mortgage ? "mortgaged" : `rent ${jm(view.state.derived.rent[String(space)] ?? 0)}`);
  if (d.residential) parts.push(`${d.residential} residential`);
  if (d.industrial) parts.push(`${d.industrial} industrial`);
  for (const [flag, words] of [["station", "a station"], ["stadium", "a stadium"], ["skyscraper", "a skyscraper"], ["tower", "the Jiji Tower"]]) {
    if (d[flag]) parts.push(words);
  }
  if (d.permit) parts.push(`a ${buildingName(d.permit)}`);
  return parts.join(", ");
}

function tokens(view, space) {
  const labels = seatInitials(view);
  return view.state.players
    .map((p, seat) => ({ p, seat }))
    .filter(({ p }) => !p.out && p.pos === space)
    .map(({ p, seat }) => h("span", {
      class: `token${p.jailed ? " jailed" : ""}`, style: { "--c": SEAT_COLORS[seat % 4] },
      title: view.seats[seat]?.name,
    }, labels[seat]));
}

function face(guide, view, space) {
  const info = guide.spaces[space];
  const d = districtOf(view, space);
  const state = view.state;
  const labels = seatInitials(view);
  if (!d) {
    let note = null;
    if (info.kind === "tax") note = jm(info.amount);
    if (info.kind === "go") note = `+${jm(guide.money?.salary ?? 0)}`;
    if (info.kind === "free_parking") note = state.exemption === null || state.exemption === undefined ? "rent card here" : `card: ${labels[state.exemption]}`;
    return [h("span", { class: "name" }, info.name), note ? h("span", { class: "price" }, note) : null];
  }
  const owned = d.owner !== null && d.owner !== undefined;
  const rent = state.derived.rent[String(space)] ?? 0;
  return [
    h("span", { class: "band", style: { "--set": groupColor(guide, info.group) }, "aria-hidden": "true" }),
    h("span", { class: "name" }, info.name),
    h("span", { class: "price" },
      owned ? [h("span", { class: "owner", style: { "--c": SEAT_COLORS[d.owner % 4] } }, labels[d.owner]), " ",
        d.mortgage ? "mortgaged" : h("span", { class: "rent", "data-testid": `rent-${space}` }, `rent ${jm(rent)}`)]
        : jm(info.price)),
    h("span", { class: "chips" }, buildings(guide, d)),
    d.mortgage ? h("span", { class: "mortgage-flag", "aria-hidden": "true" }, "M") : null,
  ];
}

/**
 * The track: `marks` maps a space to a class ("can-build", "can-permit", "on-auction") and a
 * short note; `select(space)` on a tap; `center` fills the middle.
 */
export function renderTrack(guide, view, { selected, marks = new Map(), select, center }) {
  const size = guide.spaces.length;
  const n = size / 4 + 1;
  const board = h("div", { class: "board jiji", role: "grid", "aria-label": "The track", style: { "--n": n } });
  const here = view.decision && view.decision.player !== null ? view.state.players[view.decision.player]?.pos : null;
  for (let space = 0; space < size; space += 1) {
    const { row, col } = cell(space, size);
    const mark = marks.get(space);
    const classes = ["tile", `kind-${guide.spaces[space].kind}`, selected === space ? "selected" : "",
      here === space ? "here" : "", mark ? mark.cls : "", districtOf(view, space)?.mortgage ? "mortgaged" : ""];
    board.append(h("button", {
      type: "button", class: classes.filter(Boolean).join(" "), role: "gridcell", "data-space": space,
      style: { "grid-row": row, "grid-column": col }, "aria-pressed": selected === space ? "true" : "false",
      "aria-label": `${spaceLabel(guide, view, space)}${mark?.note ? `; ${mark.note}` : ""}`,
      onclick: () => select(space),
    }, face(guide, view, space), mark?.note ? h("span", { class: "mark-note" }, mark.note) : null,
    h("span", { class: "tokens" }, tokens(view, space))));
  }
  board.append(h("div", { class: "board-center", style: { "grid-row": `2 / ${n}`, "grid-column": `2 / ${n}` } }, center));
  return board;
}

/** A space's card: for a district its group, price, owner, what stands on it, its rent now and
 * its rent table (the counted blocks' line marked), block and skyscraper prices. */
export function spaceCard(guide, view, space) {
  const info = guide.spaces[space];
  const d = districtOf(view, space);
  if (!d) return h("div", { class: "space-card" }, h("h3", {}, info.name), h("p", { class: "muted" }, SPACE_WORDS[info.kind] || ""));
  const group = groupOf(guide, space);
  const nuisance = d.permit && d.permit in (guide.buildings?.nuisances || {});
  const counted = (nuisance ? 0 : d.residential) + d.industrial;
  const owner = d.owner === null || d.owner === undefined ? "nobody" : view.seats[d.owner]?.name;
  return h("div", { class: "space-card", "data-testid": "space-card" },
    h("h3", {}, h("span", { class: "swatch", style: { "--set": groupColor(guide, info.group) } }), info.name),
    h("dl", { class: "facts" },
      h("dt", {}, "Group"), h("dd", {}, `${group?.name} (${group?.districts.length} districts)`),
      h("dt", {}, "Price"), h("dd", {}, jm(info.price)),
      h("dt", {}, "Owner"), h("dd", {}, owner, d.mortgage ? ` (mortgaged for ${jm(d.mortgage)})` : ""),
      h("dt", {}, "Blocks"), h("dd", {}, `${d.residential} residential, ${d.industrial} industrial`),
      h("dt", {}, "Buildings"), h("dd", {}, buildings(guide, d).length ? buildings(guide, d) : "none"),
      h("dt", {}, "Rent now"), h("dd", {}, d.owner === null || d.owner === undefined ? "nobody collects it" : jm(view.state.derived.rent[String(space)] ?? 0)),
      h("dt", {}, "Block prices"), h("dd", {}, `${jm(info.residential_block)} residential, ${jm(info.industrial_block)} industrial`),
      h("dt", {}, "Skyscraper"), h("dd", {}, jm(info.skyscraper))),
    h("table", { class: "rent-table" },
      h("caption", {}, nuisance ? "Rent by counted blocks (a nuisance: residential blocks do not count)" : "Rent by counted blocks"),
      h("tbody", {}, info.rents.map((rent, blocks) => h("tr", { class: blocks === counted ? "now" : "" },
        h("th", { scope: "row" }, blocks === 0 ? "Bare land" : `${blocks} block${blocks === 1 ? "" : "s"}`), h("td", {}, jm(rent)))))));
}

const SPACE_WORDS = {
  go: "Passing GO pays the salary, and the stadium bonus.",
  jail: "Just visiting, unless sent here.",
  free_parking: "The lander takes the rent exemption card.",
  go_to_jail: "Go straight to jail, no salary.",
  chance: "Draw a Chance card.",
  permit: "Place a bonus building on your district or a nuisance on another player's (either on an unowned one).",
  tax: "Pay this if you own an industrial block.",
  auction: "You may put any unowned district up for auction.",
};
