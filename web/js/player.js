// A player's page (#/player/<handle>): their rating per game with its uncertainty and a small
// chart of its history, games played, won and their places, and their finished games (each
// with its winner, standings, replay and fairness check). Another player's private tables
// appear only to those who sat or watched there (the API leaves them out).

import * as api from "./api.js";
import { ago, fill, h, s } from "./ui.js";

const GAME_TITLES = { mtaani: "Mtaani", mulodi: "Mulodi", jiji: "Jiji" };

export async function mountPlayer(root, handle) {
  fill(root, h("section", { class: "card" }, h("p", { class: "muted" }, "Loading…")));
  let page, games;
  try {
    [page, games] = await Promise.all([api.player(handle), api.playerGames(handle)]);
  } catch (err) {
    fill(root, h("section", { class: "card narrow" }, h("h1", {}, "Player"), h("p", { class: "alert" }, err.message), h("a", { href: "#/" }, "Dashboard")));
    return null;
  }
  const list = h("ul", { class: "list", "data-testid": "player-games" });
  const more = h("button", { type: "button", "data-testid": "player-more" }, "Older games");
  const addGames = (answer) => {
    list.append(...answer.games.map(gameItem));
    more.style.display = answer.next_cursor ? "" : "none";
    more.onclick = async () => addGames(await api.playerGames(handle, answer.next_cursor));
  };
  const ratings = Object.entries(page.ratings);
  fill(root, h("section", { class: "player" },
    h("h1", {}, page.handle),
    ratings.length ? ratings.map(([game, r]) => ratingCard(game, r))
      : h("p", { class: "muted", "data-testid": "player-unrated" }, "No rated games yet."),
    h("section", { class: "card", "aria-labelledby": "player-games-title" },
      h("h2", { id: "player-games-title" }, "Finished games"), list, more)));
  addGames(games);
  if (!games.games.length) list.append(h("li", { class: "muted" }, "No finished games to show."));
  return null;
}

function ratingCard(game, r) {
  const places = Object.entries(r.places).map(([place, n]) => `${ordinal(Number(place))}: ${n}`).join(" · ");
  return h("section", { class: "card", "data-testid": `rating-${game}` },
    h("h2", {}, GAME_TITLES[game] || game),
    h("p", { class: "rating" }, h("strong", {}, r.mu.toFixed(1)), ` ± ${r.sigma.toFixed(1)}`,
      h("span", { class: "muted" }, ` (cautious ${r.ordinal.toFixed(1)})`)),
    h("p", { class: "muted" }, `${r.games} rated game${r.games === 1 ? "" : "s"} · ${r.wins} won${places ? ` · ${places}` : ""}`),
    chart([START, ...r.history]));
}

// A new player's rating (OpenSkill's default), where every chart starts.
const START = { mu: 25, sigma: 25 / 3 };

// The rating from a new player's through each rated game (a line) with its uncertainty (a
// band, mu ± sigma).
function chart(history) {
  const W = 320, H = 120, P = 6;
  if (!history.length) return null;
  const lows = history.map((p) => p.mu - p.sigma), highs = history.map((p) => p.mu + p.sigma);
  const min = Math.min(...lows), max = Math.max(...highs);
  const x = (i) => (history.length === 1 ? W / 2 : P + (i * (W - 2 * P)) / (history.length - 1));
  const y = (v) => H - P - ((v - min) / (max - min || 1)) * (H - 2 * P);
  const line = history.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.mu).toFixed(1)}`).join(" ");
  const band = [...history.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.mu + p.sigma).toFixed(1)}`),
    ...history.map((p, i) => [i, p]).reverse().map(([i, p]) => `L${x(i).toFixed(1)},${y(p.mu - p.sigma).toFixed(1)}`)].join(" ") + " Z";
  const last = history[history.length - 1];
  return s("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-chart", role: "img", "data-testid": "rating-chart",
    "aria-label": `Rating over ${history.length - 1} rated game${history.length === 2 ? "" : "s"}, now ${last.mu.toFixed(1)} ± ${last.sigma.toFixed(1)}` },
    s("path", { d: band, fill: "currentColor", opacity: "0.15" }),
    s("path", { d: line, fill: "none", stroke: "currentColor", "stroke-width": "2" }),
    history.map((p, i) => s("circle", { cx: x(i).toFixed(1), cy: y(p.mu).toFixed(1), r: "3", fill: "currentColor" })));
}

function gameItem(g) {
  const winner = g.winner ? `${g.winner.name} won` : "no single winner";
  const standings = g.places ? g.seats.map((seat) => `${ordinal(g.places[seat.seat])} ${seat.name}`).join(", ") : "";
  return h("li", { "data-testid": "player-game" },
    h("a", { href: `#/game/${g.game_id}` }, g.name),
    h("span", {}, ` · ${winner}${g.place ? ` · placed ${ordinal(g.place)}` : ""}`),
    standings ? h("span", { class: "muted" }, ` · ${standings}`) : null,
    " ", h("a", { href: `#/game/${g.game_id}/replay`, "data-testid": "player-replay" }, "Replay & fairness check"),
    h("span", { class: "muted" }, ` · ${ago(g.finished_at)}`));
}

export function ordinal(n) {
  const tens = n % 100, ones = n % 10;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[ones] || "th");
  return `${n}${suffix}`;
}
