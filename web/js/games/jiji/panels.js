// The Jiji screen's dock panels and the end of the game: the viewer's districts with what they
// may do to each (mortgage, lift, landmarks, removing a nuisance: the legal actions on it),
// deals (open offers and a composer from the propose_deal spec), and the wealth table.

import { actionButton, legalOf, spaceName } from "./actions.js";
import { moneyField } from "./actionbar.js";
import { buildingName, jm, sideWords } from "./events.js";
import { groupColor } from "./board.js";

const DISTRICT_ACTIONS = ["build_stadium", "build_skyscraper", "build_tower", "remove_nuisance", "mortgage", "lift_mortgage"];

/** The viewer's districts: blocks, buildings, rent, and the legal actions on each. */
export function districtsPanel(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const g = sc.guide();
  if (v.seat === null || v.seat === undefined) return sc.spectatorNote();
  const mine = Object.entries(v.state.districts).filter(([, d]) => d.owner === v.seat).map(([k, d]) => [Number(k), d]);
  if (!mine.length) return h("p", { class: "muted" }, "You own no district yet.");
  return h("div", { class: "table-wrap" }, h("table", { class: "districts", "data-testid": "my-districts" },
    h("thead", {}, h("tr", {}, ["District", "Blocks", "Buildings", "Rent", ""].map((t) => h("th", {}, t)))),
    h("tbody", {}, mine.map(([space, d]) => h("tr", {},
      h("th", { scope: "row" }, h("span", { class: "swatch", style: { "--set": groupColor(g, g.spaces[space].group) } }), spaceName(g, space)),
      h("td", {}, `${d.residential} residential, ${d.industrial} industrial`),
      h("td", {}, [d.station ? "station" : null, d.stadium ? "stadium" : null, d.skyscraper ? "skyscraper" : null, d.tower ? "Jiji Tower" : null,
        d.permit ? buildingName(d.permit) : null].filter(Boolean).join(", ") || "none"),
      h("td", {}, d.mortgage ? `mortgaged (${jm(d.mortgage)})` : jm(v.state.derived.rent[String(space)] ?? 0)),
      h("td", { class: "actions" }, DISTRICT_ACTIONS.flatMap((type) => legalOf(v, type, space)).map((a) => actionButton(sc, a, "small"))))))));
}

/** Open deals of the viewer (answer or withdraw) and a composer for a new one. */
export function dealsPanel(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const g = sc.guide();
  if (v.seat === null || v.seat === undefined) return sc.spectatorNote();
  const name = (space) => spaceName(g, space);
  const open = (v.state.deals || []).map((deal) => {
    const answers = [...legalOf(v, "accept_deal"), ...legalOf(v, "decline_deal"), ...legalOf(v, "withdraw_deal")]
      .filter((a) => a.deal === deal.deal);
    return h("li", {}, deal.proposer === v.seat
      ? `You offer ${sc.name(deal.to)} ${sideWords(deal.give, name)} for ${sideWords(deal.get, name)}`
      : `${sc.name(deal.proposer)} offers you ${sideWords(deal.give, name)} for ${sideWords(deal.get, name)}`,
    h("span", { class: "actions" }, answers.map((a) => actionButton(sc, a, "small"))));
  });
  return [
    h("h3", {}, "Open deals"),
    open.length ? h("ul", { class: "deal-list" }, open) : h("p", { class: "muted" }, "No open deal."),
    composer(sc),
  ];
}

function composer(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const g = sc.guide();
  const spec = v.legal_specs?.propose_deal;
  if (!spec || !spec.to.length) return h("p", { class: "muted" }, v.state.auction ? "No deal while an auction is open." : "You cannot offer a deal now.");
  if (!spec.to.includes(sc.st.dealTo)) sc.st.dealTo = spec.to[0];
  const to = sc.st.dealTo;
  const theirs = spec.get[String(to)];
  // Cash as the game writes money ("M1.5M"), read back under the field (moneyField).
  const cash = {};
  const side = (which, holdings, label) => (cash[which] = moneyField(sc, `deal-${which}-cash`,
    { minimum: 0, maximum: holdings.cash, step: g.money?.step ?? 10_000 }, { name: `${which}_cash` }), h("fieldset", {}, h("legend", {}, label),
    h("label", { for: `deal-${which}-cash` }, "Cash", cash[which].input), cash[which].says,
    holdings.districts.length ? h("ul", { class: "checks" }, holdings.districts.map((space) => h("li", {},
      h("label", { class: "check" }, h("input", { type: "checkbox", name: `${which}_districts`, value: space }), spaceName(g, space))))) : null,
    holdings.cards ? h("label", { for: `deal-${which}-cards` }, "Get Out of Jail cards", h("input", { id: `deal-${which}-cards`, "data-key": `deal-${which}-cards`,
      name: `${which}_cards`, type: "number", min: 0, max: holdings.cards, value: 0 })) : null));
  const send = h("button", { type: "submit", class: "action primary" }, "Send offer");
  return h("form", { class: "deal-composer", "data-testid": "deal-composer", onsubmit: (e) => {
    e.preventDefault();
    const form = e.currentTarget;
    const action = { type: "propose_deal", to };
    for (const which of ["give", "get"]) {
      const amount = cash[which].read();
      if (amount === null) {
        cash[which].input.reportValidity();
        cash[which].input.focus();
        return;
      }
      action[`${which}_cash`] = amount;
      action[`${which}_districts`] = [...form.querySelectorAll(`input[name=${which}_districts]:checked`)].map((el) => Number(el.value));
      action[`${which}_cards`] = Number(form.elements[`${which}_cards`]?.value || 0);
    }
    sc.perform(action, send);
  } },
  h("h3", {}, "Offer a deal"),
  h("label", { for: "deal-to" }, "To", h("select", { id: "deal-to", "data-key": "deal-to", onchange: (e) => { sc.st.dealTo = Number(e.target.value); sc.redrawDock(); } },
    spec.to.map((seat) => h("option", { value: seat, selected: seat === to }, sc.name(seat))))),
  h("div", { class: "trade-sides" }, side("give", spec.give, "You give"), side("get", theirs, `${sc.name(to)} gives`)),
  h("p", { class: "muted" }, `The offer lapses after ${sc.words.duration(v.state.options.deal_seconds)}. Districts change hands with their buildings.`),
  send);
}

/** The end of the game: every seat's wealth (cash plus the rent value of its districts). */
export function wealthTable(sc) {
  const { h } = sc.ctx;
  const v = sc.view();
  const over = v.state.over;
  if (!over || !v.outcome) return null;
  const rows = [...over.standings].sort((a, b) => (a.out - b.out) || (b.wealth - a.wealth) || (b.cash - a.cash));
  const how = over.termination === "clock" ? "The game clock ran out: the richest wins" : "The last player standing wins";
  // The shell's result (first on the screen): winner, replay, fairness check, standings and
  // a chart of wealth; the wealth table follows.
  return sc.ctx.components.result(v, {
    how, chartLabel: "Wealth at the end, in M",
    rows: rows.map((r) => ({ seat: r.player, name: sc.name(r.player), value: r.out ? 0 : r.wealth,
      figure: r.out ? "bankrupt" : jm(r.wealth) })),
    extra: [h("p", {}, "Wealth is cash plus the rent value of every district owned (a mortgaged one counts nothing)."),
      h("div", { class: "table-wrap" }, h("table", { class: "wealth", "data-testid": "wealth-table" },
      h("thead", {}, h("tr", {}, ["", "Player", "Cash", "Districts", "Wealth"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, rows.map((r, i) => h("tr", { class: r.player === over.winner ? "winner" : "" },
        h("td", {}, r.out ? "out" : String(i + 1)), h("th", { scope: "row" }, sc.name(r.player)),
        h("td", {}, jm(r.cash)), h("td", {}, jm(r.districts)), h("td", {}, h("strong", {}, r.out ? "bankrupt" : jm(r.wealth))))))))],
  });
}
