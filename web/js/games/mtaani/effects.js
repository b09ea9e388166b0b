// Table-wide effects in force (a timed global event, the Municipal rule, Zoning bans,
// Injunction shields, the Syndicate) with when each ends, read from the view's state, and what
// they do to one tile's price and fee (for the tile card).

import { cardName, globalEventName, municipalName } from "./events.js";

/** [{id, kind, title, text, ends}] of the effects in force now. */
export function activeEffects(view, guide) {
  const s = view.state;
  const out = [];
  const setName = (id) => guide.sets.find((x) => x.id === id)?.name || id;
  if (s.event) {
    const info = (guide.events || []).find((e) => e.id === s.event.id);
    out.push({ id: `event-${s.event.id}`, kind: "event", title: globalEventName(s.event.id), text: info?.text || "",
      ends: `until revolution ${s.event.ends_after} ends` });
  }
  if (s.municipal) {
    const m = s.municipal;
    out.push({ id: `municipal-${m.rule}`, kind: "municipal", title: `Municipal: ${municipalName(m.rule)}`,
      text: m.rule === "ban_special_cards" ? "No special card can be played." : `Set by ${view.seats[m.by]?.name ?? "a player"}.`,
      ends: m.active ? `until revolution ${m.ends_after} ends` : `dormant until ${view.seats[m.by]?.name ?? "its setter"} passes Payday` });
  }
  const fx = s.effects || {};
  for (const [set, end] of Object.entries(fx.zoning_bans || {})) {
    out.push({ id: `zoning-${set}`, kind: "zoning", title: `Zoning: ${setName(set)}`, text: "No building on this set.", ends: `until revolution ${end} ends` });
  }
  for (const [set, end] of Object.entries(fx.injunctions || {})) {
    out.push({ id: `injunction-${set}`, kind: "injunction", title: `Injunction: ${setName(set)}`, text: "Shielded from Zoning and the Syndicate.", ends: `until revolution ${end} ends` });
  }
  if (fx.syndicate_holder !== null && fx.syndicate_holder !== undefined) {
    const pct = guide.rules.specials?.syndicate_percent ?? 20;
    out.push({ id: "syndicate", kind: "syndicate", title: `${cardName("syndicate")}: ${view.seats[fx.syndicate_holder]?.name ?? "a player"}`,
      text: `Skims ${pct}% of fast-food, transport and comms rent.`, ends: `until revolution ${fx.syndicate_ends_after} ends` });
  }
  return out;
}

const PRICE_EVENTS = { tech_hub: "the Tech hub event", crime_wave: "the Crime wave event" };
const FEE_EVENTS = { olympics: "the Olympic Games event", liberal_governor: "the Liberal governor's rent subsidy" };

/** Why tile `index`'s price and fee differ from the printed ones now: {price: [...], fee: [...]}. */
export function tileEffects(view, guide, index) {
  const s = view.state;
  const tile = guide.tiles[index];
  const out = { price: [], fee: [], build: [] };
  if (s.event && PRICE_EVENTS[s.event.id]) out.price.push(PRICE_EVENTS[s.event.id]);
  if (s.event && FEE_EVENTS[s.event.id]) out.fee.push(FEE_EVENTS[s.event.id]);
  const rule = s.municipal?.active ? s.municipal.rule : null;
  if (rule === "double_prices" || rule === "halve_prices") out.price.push(`the Municipal rule (${municipalName(rule)})`);
  if (rule === "double_rent" || rule === "halve_rent") out.fee.push(`the Municipal rule (${municipalName(rule)})`);
  const fx = s.effects || {};
  const set = guide.sets.find((x) => x.id === tile.set);
  if (fx.syndicate_holder !== null && fx.syndicate_holder !== undefined && set
    && (guide.rules.specials?.syndicate_families || []).includes(set.kind) && !(fx.injunctions || {})[tile.set]) {
    out.fee.push(`the Syndicate (${view.seats[fx.syndicate_holder]?.name} skims ${guide.rules.specials.syndicate_percent}% of it)`);
  }
  if ((fx.zoning_bans || {})[tile.set]) out.build.push(`Zoning: no building until revolution ${fx.zoning_bans[tile.set]} ends`);
  if ((fx.injunctions || {})[tile.set]) out.build.push(`Injunction: shielded until revolution ${fx.injunctions[tile.set]} ends`);
  return out;
}
