// Mulodi's cards and moves in words, from the guide's data (GET /rulesets/mulodi/guide: cards,
// colours, amounts) and the view: a card's name, colour, value and what it does; a legal
// action's label and what it costs or brings; every card on the table by its id.

const SET_COLOURS = {
  brown: "#8b5a2b", light_blue: "#7cc6ee", pink: "#e0609e", orange: "#f28c28", red: "#d62f2f",
  yellow: "#f4d03f", green: "#2e9e4f", dark_blue: "#1f3f99", taxi_park: "#3a3a3a", utility: "#9fb4a8",
};

export const colourSwatch = (id) => SET_COLOURS[id] || "#999";

/** The guide's entry for a card face, and a colour id's readable name ("dark blue"). */
export const faceInfo = (guide, face) => (guide.cards || []).find((c) => c.face === face) || { face, name: face, kind: "?", value: 0, colours: [], text: "" };
export const colourName = (guide, id) => ((guide.colours || []).find((c) => c.id === id)?.name || String(id).replaceAll("_", " ")).toLowerCase();
export const colourInfo = (guide, id) => (guide.colours || []).find((c) => c.id === id);
export const m = (amount) => `${Number(amount || 0).toLocaleString("en")}M`;

/** What a card does, in one line (the guide's text for action cards, ours for the rest). */
export function cardText(guide, face) {
  const info = faceInfo(guide, face);
  if (info.kind === "money") return "Money: bank it to pay with.";
  if (info.kind === "property") {
    const col = colourInfo(guide, info.colours[0]);
    return col ? `${col.name} property: ${col.size} make a full set; rent ${col.rent.map(m).join(", ")}.` : "A property.";
  }
  if (info.kind === "wild") return `Wildcard: counts as ${info.colours.map((c) => colourName(guide, c)).join(" or ")}; move it on your turn.`;
  if (info.kind === "master") return "Master wildcard: any colour; no cash value, can't pay.";
  return info.text || "";
}

/** Every card the viewer can see, by id: their hand, each bank, property section and building. */
export function cardIndex(view) {
  const out = new Map();
  const add = (c, where, seat, colour = null) => { if (c) out.set(c.id, { ...c, where, seat, colour }); };
  (view.state.hand || []).forEach((c) => add(c, "hand", view.seat));
  view.state.seats.forEach((s, seat) => {
    s.bank.forEach((c) => add(c, "bank", seat));
    for (const [colour, section] of Object.entries(s.properties)) {
      for (const group of section.sets) {
        group.cards.forEach((c) => add(c, "property", seat, colour));
        add(group.apartment, "building", seat, colour);
        add(group.arcade, "building", seat, colour);
      }
    }
  });
  return out;
}

/** The rent ``seat`` charges for ``colour`` now (0 without a card of it). */
export const rentOf = (view, seat, colour) => view.state.seats[seat].properties[colour]?.rent || 0;

/**
 * A legal action in words: ``{label, detail, tone}`` (tone: "gain", "spend", "plain",
 * "primary"). ``name(seat)`` gives a seat's display name.
 */
export function describe(action, view, guide, name) {
  const cards = cardIndex(view);
  const card = cards.get(action.card);
  const cardName = card ? card.name : "the card";
  const prop = (id) => cards.get(id)?.name || "a property";
  const col = (id) => colourName(guide, id);
  const factor = 2 ** (action.doubles || 0);
  const doubled = action.doubles ? ` with ${action.doubles === 1 ? "a Double the Rent" : "2 Double the Rents"} (x${factor}, ${action.doubles + 1} plays)` : "";
  switch (action.type) {
    case "bank": return { label: `Bank ${cardName}`, detail: `+${m(card?.value)} in your bank`, tone: "gain" };
    case "play_property": {
      const section = view.state.seats[view.seat]?.properties[action.colour];
      const size = colourInfo(guide, action.colour)?.size;
      const have = section ? section.sets.reduce((n, g) => n + (g.full ? 0 : g.cards.length), 0) : 0;
      return { label: `Lay ${cardName}${card && card.kind !== "property" ? ` as ${col(action.colour)}` : ""}`,
        detail: `${col(action.colour)}: ${Math.min(have + 1, size || have + 1)} of ${size}`, tone: "plain" };
    }
    case "move_wildcard": return { label: `Move ${cardName} to ${col(action.colour)}`, detail: "free: not a play", tone: "plain" };
    case "rent": return { label: `Charge ${col(action.colour)} rent${doubled}`,
      detail: `everyone pays you ${m(rentOf(view, view.seat, action.colour) * factor)}`, tone: "gain" };
    case "multi_rent": return { label: `Charge ${name(action.target)} ${col(action.colour)} rent${doubled}`,
      detail: `${name(action.target)} pays you ${m(rentOf(view, view.seat, action.colour) * factor)}`, tone: "gain" };
    case "banja": return { label: `Banja on ${name(action.target)}`, detail: `${name(action.target)} pays you ${m(guide.amounts?.banja ?? 50)}`, tone: "gain" };
    case "wedding_meeting": return { label: "Wedding Meeting", detail: `everyone pays you ${m(guide.amounts?.wedding_meeting ?? 20)}`, tone: "gain" };
    case "yongeza": return { label: "Yongeza", detail: `draw ${guide.amounts?.yongeza_draws ?? 2} cards`, tone: "plain" };
    case "land_grab": return { label: `Take ${prop(action.property)} from ${name(action.target)}`, detail: "Land Grab", tone: "gain" };
    case "land_trade": return { label: `Swap your ${prop(action.give)} for ${name(action.target)}'s ${prop(action.property)}`, detail: "Land Trade", tone: "plain" };
    case "yaaye_deal": return { label: `Take ${name(action.target)}'s full ${col(action.colour)} set`, detail: "Yaaye Deal, with its buildings", tone: "gain" };
    case "apartment": return { label: `Apartment on your ${col(action.colour)} set`, detail: `+${m(guide.amounts?.apartment ?? 30)} rent`, tone: "plain" };
    case "arcade": return { label: `Arcade on your ${col(action.colour)} set`, detail: `+${m(guide.amounts?.arcade ?? 40)} rent`, tone: "plain" };
    case "end_turn": return { label: "End turn", detail: action.returned?.length ? `return ${action.returned.map((id) => cards.get(id)?.name || id).join(", ")}` : "", tone: "plain" };
    case "neda": return { label: "Play your Neda", detail: "cancel it (not a play)", tone: "primary" };
    case "accept": return { label: "Let it stand", detail: "", tone: "plain" };
    case "pay": {
      const total = (action.cards || []).reduce((n, id) => n + (cards.get(id)?.value || 0), 0);
      return { label: `Pay with ${(action.cards || []).map((id) => cards.get(id)?.name || id).join(", ")}`, detail: `${m(total)}: no change given`, tone: "spend" };
    }
    default: return { label: String(action.type).replaceAll("_", " "), detail: "", tone: "plain" };
  }
}

/** What the card in play (a decision's ``detail``) does to its target, for the Neda prompt:
 * "pay 50M from your table ...", "lose Karen from your dark blue properties", ... */
export function costTo(guide, detail) {
  const byFace = (face) => faceInfo(guide, face).name;
  switch (detail.action) {
    case "rent": case "multi_rent": case "banja": case "wedding_meeting":
      return `pay ${m(detail.amount)} from your table (bank and properties; no change is given)`;
    case "land_grab": return `lose ${byFace(detail.property)} from your ${colourName(guide, colourOfFace(guide, detail.property))} properties`;
    case "land_trade": return `swap your ${byFace(detail.property)} for their ${byFace(detail.give)}`;
    case "yaaye_deal": return `lose your full ${colourName(guide, detail.colour)} set with its buildings`;
    default: return "accept its effect";
  }
}

const colourOfFace = (guide, face) => faceInfo(guide, face).colours?.[0];
