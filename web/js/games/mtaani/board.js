// The board: tile geometry on the square loop, the whole-board Map, The Street carousel and
// the tile detail card. Everything shown comes from the guide (names, sets, prices) and the
// game view (owners, units, mortgages, positions, fees); nothing is computed from rules here.

import { cell, compact, edge, seatInitials } from "../../shell/track.js";
import { h, money, num, SEAT_COLORS } from "../../ui.js";
import { tileEffects } from "./effects.js";

export const PLAYER_COLORS = SEAT_COLORS;
const SET_KIND_UNIT = { estate: "house", fast_food: "shop", transport: "route", utility: "station", comms: "satellite" };

export function setColor(guide, setId) {
  if (!setId) return null;
  const ids = guide.sets.map((s) => s.id);
  const i = ids.indexOf(setId);
  const palette = ["#8d5524", "#5dade2", "#d35ebd", "#f39c12", "#e74c3c", "#f1c40f", "#27ae60", "#1f3a93",
    "#7f8c8d", "#34495e", "#16a085", "#c0392b"];
  return palette[i % palette.length];
}

export function unitName(guide, setId) {
  const set = guide.sets.find((s) => s.id === setId);
  return (set && SET_KIND_UNIT[set.kind]) || "unit";
}

function tokens(view, index) {
  const state = view.state;
  const labels = seatInitials(view);
  return state.players
    .map((p, seat) => ({ p, seat }))
    .filter(({ p }) => !p.bankrupt && p.position === index)
    .map(({ seat }) => h("span", {
      class: "token", style: { "--c": PLAYER_COLORS[seat % 4] },
      title: view.seats[seat]?.name, "aria-label": `${view.seats[seat]?.name} is here`,
    }, labels[seat]));
}

/** Short status of a tile for its face and label: owner, units, mortgage. */
export function tileFacts(guide, view, index) {
  const tile = guide.tiles[index];
  const prop = view.state.props[String(index)] || view.state.props[index];
  if (!prop) return { tile };
  const owner = prop.owner === null || prop.owner === undefined ? null : view.seats[prop.owner];
  return { tile, prop, owner };
}

function tileLabel(guide, view, index) {
  const { tile, prop, owner } = tileFacts(guide, view, index);
  const parts = [tile.name];
  if (prop) {
    parts.push(owner ? `owned by ${owner.name}` : `unowned, ${money(view.state.derived.prices[index] ?? tile.purchase)}`);
    if (prop.units) parts.push(`${prop.units} ${unitName(guide, tile.set)}${prop.units > 1 ? "s" : ""}`);
    if (prop.mortgaged) parts.push("mortgaged");
  }
  const here = view.state.players.filter((p) => !p.bankrupt && p.position === index).length;
  if (here) parts.push(`${here} token${here > 1 ? "s" : ""} here`);
  return parts.join(", ");
}

function tileFace(guide, view, index, selected, overview = false) {
  const { tile, prop, owner } = tileFacts(guide, view, index);
  const color = setColor(guide, tile.set);
  const classes = ["tile", `edge-${edge(index, guide.tiles.length)}`, `kind-${tile.kind}`];
  if (prop?.mortgaged) classes.push("mortgaged");
  if (selected === index) classes.push("selected");
  if (tile.side) classes.push(`side-${tile.side}`);
  const fx = prop ? tileEffects(view, guide, index) : null;
  if (fx && (fx.price.length || fx.fee.length)) classes.push("affected");
  const labels = seatInitials(view);
  return [
    classes.join(" "),
    [
      color ? h("span", { class: "band", style: { "--set": color } }) : null,
      h("span", { class: "name" }, overview ? tile.short || tile.name : tile.name),
      prop ? h("span", { class: "price" },
        owner ? h("span", { class: "owner", style: { "--c": PLAYER_COLORS[prop.owner % 4] }, title: owner.name }, labels[prop.owner])
          : compact(view.state.derived.prices[index] ?? tile.purchase)) : null,
      prop?.units ? h("span", { class: "units", "aria-hidden": "true" },
        Array.from({ length: prop.units }, () => h("i", { class: "unit" }))) : null,
      prop?.mortgaged ? h("span", { class: "mortgage-flag", "aria-hidden": "true" }, "M") : null,
      fx?.build.length ? h("span", { class: "effect-flag", "aria-hidden": "true" }, fx.build[0].startsWith("Zoning") ? "⛔" : "🛡") : null,
      h("span", { class: "tokens" }, tokens(view, index)),
    ],
  ];
}

/**
 * The whole-board Map. `handlers.select(index)` on a tap, `handlers.open(index)` on a
 * double-tap or Enter; `center` is put in the middle of the loop. Tiles are drawn at a size
 * where names and prices are readable (the board scrolls on small screens); `overview` fits
 * the whole board on the screen with deep sides (the names printed short, the guide's
 * `short`: across on the left and right, down on the top and bottom rows), each owned tile
 * ringed in its owner's colour, and the tokens; the full names are in the labels.
 */
export function renderMap(guide, view, { selected, handlers, center, overview }) {
  const size = guide.tiles.length;
  const n = size / 4 + 1;
  const board = h("div", {
    class: `board${overview ? " overview" : ""}`, role: "grid", "aria-label": "Game board",
    style: { "--n": n, "--mid": n - 2 },
  });
  for (let index = 0; index < size; index += 1) {
    const { row, col } = cell(index, size);
    const [cls, children] = tileFace(guide, view, index, selected, overview);
    const owner = tileFacts(guide, view, index).prop?.owner;
    const owned = owner !== null && owner !== undefined;
    const button = h("button", {
      type: "button", class: owned ? `${cls} owned` : cls, role: "gridcell", "data-tile": index,
      style: { "grid-row": row, "grid-column": col, "--owner": owned ? PLAYER_COLORS[owner % 4] : null },
      "aria-label": tileLabel(guide, view, index),
      "aria-pressed": selected === index ? "true" : "false",
    }, children);
    attachTap(button, () => handlers.select(index), () => handlers.open(index));
    board.append(button);
  }
  board.append(h("div", { class: "board-center", style: { "grid-row": `2 / ${n}`, "grid-column": `2 / ${n}` } }, center));
  return board;
}

/** The Street: a scrollable carousel of tile cards in board order. */
export function renderStreet(guide, view, { selected, handlers }) {
  const list = h("ol", { class: "street", "aria-label": "The Street: tiles in board order" });
  guide.tiles.forEach((tile, index) => {
    const [cls, children] = tileFace(guide, view, index, selected);
    const button = h("button", {
      type: "button", class: `${cls} street-tile`, "data-tile": index,
      "aria-label": tileLabel(guide, view, index), "aria-pressed": selected === index ? "true" : "false",
    }, h("span", { class: "index" }, `#${index}`), children,
    tile.kind === "property" ? h("span", { class: "fee" }, `Fee ${num(feeNow(view, index, tile))}`) : null);
    attachTap(button, () => handlers.select(index), () => handlers.open(index));
    list.append(h("li", {}, button));
  });
  return list;
}

function feeNow(view, index, tile) {
  const prop = view.state.props[String(index)];
  if (prop && prop.owner !== null && prop.owner !== undefined) return view.state.derived.fees[index] ?? 0;
  return view.state.derived.bank_fees?.[index] ?? tile.base_fee;
}

/**
 * Tap selects; a second tap on the same tile within 400 ms (double-tap / double-click) opens
 * its card. The last tap is kept outside the element because a tap re-renders the board.
 */
const lastTap = { key: null, at: 0 };
function attachTap(el, onTap, onDouble) {
  const key = `${el.classList.contains("street-tile") ? "street" : "map"}:${el.dataset.tile}`;
  el.addEventListener("click", () => {
    const now = Date.now();
    if (lastTap.key === key && now - lastTap.at < 400) {
      lastTap.key = null;
      onDouble();
    } else {
      lastTap.key = key;
      lastTap.at = now;
      onTap();
    }
  });
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.shiftKey || e.altKey)) { e.preventDefault(); onDouble(); }
  });
}

/** The tile detail card: owner, fees (now and by units), mortgage state and value, units. */
export function tileDetails(guide, view, index, { full = false } = {}) {
  const { tile, prop, owner } = tileFacts(guide, view, index);
  const currency = guide.edition.currency;
  const rows = [];
  if (prop) {
    const set = guide.sets.find((s) => s.id === tile.set);
    rows.push(["Set", set ? set.name : tile.set]);
    rows.push(["Owner", owner ? owner.name : "Unowned (the market)"]);
    const fx = tileEffects(view, guide, index);
    const price = view.state.derived.prices[index] ?? tile.purchase;
    rows.push(["Fee now", [owner ? money(view.state.derived.fees[index] ?? 0, currency)
      : `${money(feeNow(view, index, tile), currency)} to the bank if declined`,
    fx.fee.length ? h("span", { class: "effect-note" }, ` (changed by ${fx.fee.join(" and ")})`) : null]]);
    rows.push(["Price", [money(price, currency),
      fx.price.length || price !== tile.purchase ? h("span", { class: "effect-note" }, ` (printed ${money(tile.purchase, currency)}${fx.price.length ? `; changed by ${fx.price.join(" and ")}` : ""})`) : null]]);
    if (fx.build.length) rows.push(["Table effects", fx.build.join("; ")]);
    if (prop.renovations) rows.push(["Renovations", `level ${prop.renovations}`]);
    rows.push([`${cap(unitName(guide, tile.set))}s`, `${prop.units} of ${guide.rules.property.max_units}`]);
    rows.push(["Unit cost", money(tile.unit_cost, currency)]);
    rows.push(["Mortgage", prop.mortgaged
      ? `Mortgaged: lifting costs ${money(tile.unmortgage_cost, currency)}`
      : `Not mortgaged (pays ${money(tile.mortgage, currency)})`]);
    if (full) {
      rows.push(["Base fee", money(tile.base_fee, currency)]);
      rows.push(["Complete set, unbuilt", money(tile.set_fee, currency)]);
      tile.fees.slice(1).forEach((fee, i) => rows.push([`With ${i + 1} ${unitName(guide, tile.set)}${i ? "s" : ""}`, money(fee, currency)]));
      rows.push(["Unit sells back for", money(tile.unit_refund, currency)]);
    }
  } else {
    rows.push(["Tile", describeSpecial(guide, tile)]);
  }
  if (tile.side) rows.push(["Side", tile.side === "seedy" ? "The seedy side (muggings)" : "The rich side (trespass arrests)"]);
  const here = view.state.players.map((p, seat) => ({ p, seat })).filter(({ p }) => !p.bankrupt && p.position === index);
  if (here.length) rows.push(["Here now", here.map(({ seat }) => view.seats[seat].name).join(", ")]);
  return h("div", { class: "tile-details" },
    h("h3", {}, h("span", { class: "swatch", style: { "--set": setColor(guide, tile.set) || "transparent" } }), tile.name),
    h("dl", { class: "facts" }, rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])));
}

function cap(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

/** What a special tile does, worded from the rule values in the guide data. */
export function describeSpecial(guide, tile) {
  const r = guide.rules;
  const c = guide.edition.currency;
  switch (tile.kind) {
    case "payday": return `Pass for ${money(r.payday.salary, c)}; land exactly for ${money(r.payday.salary * r.payday.landing_multiplier, c)}.`;
    case "atm": return `Collect up to ${money(r.atm.amount, c)} from the ATM pool.`;
    case "paye": return `Pay ${r.paye.percent}% of your cash.`;
    case "jail": return `Just visiting, unless you were sent here. Bail ${money(r.jail.bail, c)}; bribe ${money(r.jail.bribe_cost, c)}.`;
    case "fortune": return "Choose to draw a Mtaani card or a Mathree card.";
    case "mtaani": return "Draw a Mtaani card: a financial effect.";
    case "mathree": return "Draw a Mathree card: it moves you.";
    case "municipal": return "Choose one temporary rule for the whole table.";
    default: return tile.kind;
  }
}
