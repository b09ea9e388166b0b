// The end-of-game summary: net worth over the revolutions as a chart (from the engine's
// RevolutionCompleted events, which carry `net_worth` per seat), where each player's money
// came from (Payment events by `reason`) and the final standings.

import { PLAYER_COLORS } from "./board.js";
import { reasonName } from "./events.js";
import { h, money, num, s } from "../../ui.js";

/** Figures of a finished game from its whole event log. */
export function summarize(view, events, startingCash = null) {
  const seats = view.seats.length;
  const start = view.state.players.map(() => null);
  // Every line starts at the deal (revolution 0): net worth is the starting cash.
  const series = view.seats.map(() => (startingCash === null ? [] : [[0, startingCash]]));
  const income = view.seats.map(() => ({}));
  const spending = view.seats.map(() => ({}));
  let revolution = 0;
  for (const e of events) {
    if (e.type === "RevolutionCompleted") {
      revolution = e.revolution;
      for (let seat = 0; seat < seats; seat += 1) {
        const worth = e.net_worth?.[seat] ?? e.net_worth?.[String(seat)];
        if (worth !== undefined) series[seat].push([e.revolution, worth]);
      }
    } else if (e.type === "Payment") {
      if (typeof e.payee === "number") income[e.payee][e.reason] = (income[e.payee][e.reason] || 0) + e.amount;
      if (typeof e.payer === "number") spending[e.payer][e.reason] = (spending[e.payer][e.reason] || 0) + e.amount;
    }
  }
  // Close every line with the final net worth (after the last completed revolution).
  const final = view.state.derived.net_worth;
  view.seats.forEach((_, seat) => {
    if (!view.state.players[seat].bankrupt) series[seat].push([revolution + 1, final[seat] ?? final[String(seat)]]);
    start[seat] = series[seat][0];
  });
  const standings = view.seats.map((seatInfo, seat) => ({
    seat, name: seatInfo.name, worth: final[seat] ?? final[String(seat)] ?? 0,
    bankrupt: view.state.players[seat].bankrupt,
  })).sort((a, b) => (a.bankrupt - b.bankrupt) || (b.worth - a.worth));
  if (view.outcome && view.outcome.winner !== null && view.outcome.winner !== undefined) {
    const winner = standings.findIndex((row) => row.seat === view.outcome.winner);
    if (winner > 0) standings.unshift(...standings.splice(winner, 1));
  }
  return { series, income, spending, standings };
}

function chart(view, series, currency) {
  const points = series.flat();
  const width = 560; const height = 270; const pad = { l: 70, r: 14, t: 12, b: 36 };
  const maxX = Math.max(1, ...points.map(([x]) => x));
  const maxY = Math.max(1, ...points.map(([, y]) => y));
  const x = (v) => pad.l + (v / maxX) * (width - pad.l - pad.r);
  const y = (v) => height - pad.b - (Math.max(0, v) / maxY) * (height - pad.t - pad.b);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(maxY * f));
  return s("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img",
    "aria-label": `Net worth by revolution, in ${currency}` },
  ticks.map((t) => [
    s("line", { x1: pad.l, x2: width - pad.r, y1: y(t), y2: y(t), class: "grid" }),
    s("text", { x: pad.l - 6, y: y(t) + 4, "text-anchor": "end", class: "axis" }, num(t)),
  ]),
  Array.from({ length: maxX + 1 }, (_, i) => i).filter((i) => maxX <= 12 || i % Math.ceil(maxX / 12) === 0)
    .map((i) => s("text", { x: x(i), y: height - pad.b + 14, "text-anchor": "middle", class: "axis" }, String(i))),
  s("text", { x: (width + pad.l) / 2, y: height - 2, "text-anchor": "middle", class: "axis" }, "revolution"),
  series.map((line, seat) => line.length ? [
    s("polyline", { points: line.map(([a, b]) => `${x(a)},${y(b)}`).join(" "), fill: "none",
      stroke: PLAYER_COLORS[seat % 4], "stroke-width": 2.5 }),
    line.map(([a, b]) => s("circle", { cx: x(a), cy: y(b), r: 3, fill: PLAYER_COLORS[seat % 4] },
      s("title", {}, `${view.seats[seat].name}, revolution ${a}: ${money(b, currency)}`))),
  ] : null));
}

/** The result panel (the shell's `result`, first on the screen): the winner, the replay and
 * the fairness check, the final standings by net worth, net worth over the revolutions and
 * where each player's money came from. */
export function renderSummary(view, events, guide, components) {
  const currency = guide.edition.currency;
  const { series, income, standings } = summarize(view, events, guide.rules.deal.starting_cash);
  const reasons = [...new Set(income.flatMap((m) => Object.keys(m)))].sort();
  const rows = standings.map((row) => ({ seat: row.seat, name: row.name, value: row.bankrupt ? 0 : row.worth,
    figure: row.bankrupt ? "bankrupt" : money(row.worth, currency) }));
  const lines = [h("h3", {}, "Net worth over the revolutions"), chart(view, series, currency),
    h("ul", { class: "legend" }, view.seats.map((seat, i) => h("li", {},
      h("span", { class: "dot", style: { "--c": PLAYER_COLORS[i % 4] } }), seat.name)))];
  const sources = [h("h3", {}, "Where the money came from"),
    h("div", { class: "table-wrap" }, h("table", { class: "sources" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), reasons.map((r) => h("th", { scope: "col" }, reasonName(r))))),
      h("tbody", {}, view.seats.map((seat, i) => h("tr", {},
        h("th", { scope: "row" }, seat.name),
        reasons.map((r) => h("td", {}, income[i][r] ? num(income[i][r]) : "–")))))))];
  return components.result(view, { rows, chart: lines, colors: PLAYER_COLORS, extra: sources });
}
