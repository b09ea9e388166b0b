// The dashboard: open lobbies, games in progress (whose turn it is), saved games, games to
// watch, finished games, and the "New game" button. Without the dashboard API (older
// servers), it lists the games opened on this device.

import * as api from "./api.js";
import { ago, clockTime, fill, h, prefs, SEAT_COLORS as PLAYER_COLORS } from "./ui.js";

export async function mountDashboard(root) {
  const me = api.session.get();
  const head = h("div", { class: "row spread" },
    h("h1", {}, "Dashboard"),
    h("div", { class: "row" },
      h("a", { class: "button primary", href: "#/new", "data-testid": "new-game" }, "New game"),
      h("a", { class: "button", href: "#/demo" }, "Watch a demo")));
  const body = h("div", { class: "dash-grid" }, h("p", { class: "muted" }, "Loading…"));
  fill(root, h("section", { class: "dashboard" }, head, body));
  let timer = null;
  let stopped = false;
  const titles = await api.rulesetTitles();

  async function load() {
    if (await api.supports("GET", "/dashboard")) {
      try {
        const d = await api.dashboard();
        fill(body,
          section("Open lobbies", "open-lobbies", d.open_lobbies, lobbyItem, "No open lobbies. Start one with New game."),
          section("Games in progress", "in-progress", d.in_progress, gameItem, "No games in progress."),
          section("Saved games", "saved", d.saved, gameItem, "No saved games."),
          section("Games to watch", "watchable", d.watchable, gameItem, "Nobody has invited you to watch a game."),
          section("Finished games", "finished", d.finished, gameItem, "No finished games yet."));
      } catch (err) {
        fill(body, h("p", { class: "alert" }, err.message));
      }
    } else {
      await deviceGames();
    }
    if (!stopped) timer = setTimeout(load, 5000);
  }

  async function deviceGames() {
    const recent = prefs.get("recentGames", []).slice(0, 8);
    const rows = await Promise.all(recent.map(async (g) => {
      try {
        const { data } = await api.game(g.id);
        const d = data.decision;
        return { game_id: g.id, ruleset: data.ruleset, status: data.outcome ? "finished" : data.status, seats: data.seats,
          your_seat: data.seat, turn: d ? { seat: d.player, name: data.seats[d.player].name, kind: d.kind, yours: d.player === data.seat, deadline_kind: d.deadline_kind, deadline: d.deadline } : null, updated_at: g.at };
      } catch { return null; }
    }));
    const games = rows.filter(Boolean);
    fill(body,
      section("Games in progress", "in-progress", games.filter((g) => g.status !== "finished"), gameItem, "No games on this device yet. Start one with New game."),
      section("Finished games", "finished", games.filter((g) => g.status === "finished"), gameItem, "No finished games yet."),
      h("p", { class: "muted" }, "This server has no dashboard yet: these are the games opened on this device."));
  }

  function section(title, id, items, render, empty) {
    return h("section", { class: "card", "aria-labelledby": `dash-${id}`, "data-testid": `dash-${id}` },
      h("h2", { id: `dash-${id}` }, title),
      items?.length ? h("ul", { class: "list" }, items.map(render)) : h("p", { class: "muted" }, empty));
  }

  function lobbyItem(l) {
    return h("li", {}, h("a", { href: `#/lobby/${l.lobby_id}` }, l.name || `${l.owner.name}'s table`),
      h("span", { class: "muted" }, ` · ${l.seated}/${l.table_size} seated · ${l.public ? "public" : "private"} · ${l.your_role} · ${ago(l.updated_at)}`));
  }

  // What the table waits for, by its deadline's kind (every game declares the same kinds):
  // a turn, an answer (a response window, an offer) or a bid; with its time when it is set.
  function waitsFor(t) {
    const what = { response_window: "answer", offer_expiry: "answer", auction_close: "bid" }[t.deadline_kind] || "turn";
    return t.deadline && t.deadline_kind !== "idle_turn" ? `${what}, by ${clockTime(t.deadline)}` : what;
  }

  // A finished game: its winner and the reader's place ("1st of 4"), from the dashboard.
  function result(g) {
    if (g.status !== "finished") return null;
    const place = g.your_place ? ` · you placed ${ordinal(g.your_place)} of ${g.seats.length}` : "";
    const winner = g.winner
      ? [playerLink(g.winner), " won"]
      : "no single winner";
    return h("span", { class: "result", "data-testid": "dash-result" }, " ", winner, place);
  }

  // A person's name links to their page (bots and anonymous seats have none).
  function playerLink(person) {
    return person.account_id.startsWith("acc_")
      ? h("a", { href: `#/player/${encodeURIComponent(person.name)}`, "data-testid": "player-link" }, person.name)
      : person.name;
  }

  function ordinal(n) {
    const tens = n % 100, ones = n % 10;
    const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[ones] || "th");
    return `${n}${suffix}`;
  }

  function gameItem(g) {
    const turn = g.status === "finished" ? result(g) : g.turn
      ? (g.turn.yours ? h("strong", { class: "your-turn" }, `Your ${waitsFor(g.turn)}`) : h("span", {}, `${g.turn.name}'s ${waitsFor(g.turn)}`))
      : h("span", { class: "muted" }, g.status);
    // Every seat the table waits for, when it is more than one (some games ask several at once).
    const others = (g.waiting || []).filter((w) => !g.turn || w.seat !== g.turn.seat).map((w) => (w.yours ? "you" : w.name));
    return h("li", {},
      h("a", { href: `#/game/${g.game_id}`, "data-testid": "dash-game-name" }, g.name || g.seats.map((s) => s.name).join(", ")),
      h("span", { class: "seats", "aria-hidden": "true" }, g.seats.map((s) => h("span", { class: "dot", style: { "--c": PLAYER_COLORS[s.seat % 4] } }))),
      " ", turn, others.length ? h("span", {}, ` (also waiting for ${others.join(", ")})`) : null,
      g.status === "finished" ? [" ", h("a", { href: `#/game/${g.game_id}/replay`, "data-testid": "dash-replay" }, "Replay")] : null,
      h("span", { class: "muted" }, ` · ${titles[g.ruleset] || g.ruleset} · ${ago(g.updated_at)}`));
  }

  await load();
  void me;
  return () => { stopped = true; clearTimeout(timer); };
}
