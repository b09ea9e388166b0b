// Pieces of the game screen that every game shares, built by the shell and handed to screen
// modules through ctx.components: the event log, the table chat, the list of pending
// decisions, the idle-turn controls (end another seat's idle turn, take your seat back) and
// the table controls (game link, save and resume). Each call returns a fresh element drawn
// from the host's current data.

import * as api from "../api.js";
import { busy, copyText, h, notify, s as svg, SEAT_COLORS, unescapeHtml } from "../ui.js";
import { capital, deadlineWords, decisionWords, fingerprint, humanize, plural, seatName } from "./words.js";

const ENDINGS = {
  turn_cap: "The turn limit was reached", clock: "The game clock ran out", stalemate: "Nobody could play on",
  bankruptcy: "Everyone else went bankrupt", sets: "Three full sets of different colours",
};

export function makeComponents(host) {
  /** The full event log, newest first, each line from `describe(e)` (null: not shown). */
  function eventLog(describe, { limit = null, label = "Event log", className = "full-log" } = {}) {
    const lines = [];
    for (let i = host.events.length - 1; i >= 0 && (limit === null || lines.length < limit); i -= 1) {
      const text = describe(host.events[i]);
      if (text) lines.push(h("li", {}, text));
    }
    return h("ul", { class: className, "aria-label": label }, lines);
  }

  /** The table chat: messages and a form to send one. */
  function chat() {
    if (host.replay) return h("p", { class: "muted" }, "The table chat is on the game's own page.");
    if (!host.chatSupported) return h("p", { class: "muted" }, "Table chat is not available on this server yet.");
    const list = h("ol", { class: "chat-log", "aria-live": "polite", "aria-label": "Chat messages" },
      host.chat.map((m) => h("li", {}, h("strong", {}, m.name), ": ", unescapeHtml(m.text))));
    const input = h("input", { id: "chat-text", "data-key": "chat-text", maxlength: 500, autocomplete: "off", required: true });
    const send = h("button", { type: "submit", class: "primary" }, "Send");
    const form = h("form", { class: "row chat-form", onsubmit: async (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      await busy(send, async () => {
        await api.postChat(host.id, text);
        input.value = "";
        await host.loadChat();
        host.redraw();
        document.getElementById("chat-text")?.focus();
      });
    } }, h("label", { for: "chat-text", class: "sr-only" }, "Message"), input, send);
    setTimeout(() => { list.scrollTop = list.scrollHeight; });
    return h("div", { class: "chat" }, list, form);
  }

  /** Every decision the table waits for, in words, with its deadline. */
  function pending(view, kindWords = {}) {
    if (!view.pending?.length) return h("p", { class: "muted" }, view.outcome ? "The game is over." : "Nothing is pending.");
    return h("ul", { class: "pending-list", "data-testid": "pending" }, view.pending.map((d) => h("li", {},
      h("strong", {}, decisionWords(view, d, kindWords, host.replay)), d.deadline ? h("span", { class: "muted" }, ` · ${deadlineWords(d)}`) : null)));
  }

  /** A bot standing in for me (take the seat back), and another seat's idle decision past its
   * deadline (end it, as the table's timer would). */
  function idleControls(view) {
    const out = [];
    if (host.replay) return out;  // a replay: nothing to do
    const after = (call) => (e) => busy(e.currentTarget, async () => { await call(); await host.refresh(true); });
    const me = view.seats[view.seat];
    if (me && me.stand_in) {
      out.push(h("div", { class: "alert", role: "status", "data-testid": "stand-in" },
        h("p", {}, `A ${me.stand_in} bot has been playing your seat while you were away.`),
        h("button", { type: "button", onclick: after(() => api.takeBackSeat(host.id)) }, "Take my seat back")));
    }
    const d = view.decision;
    if (d && d.deadline && d.deadline_kind === "idle_turn" && d.player !== null && d.player !== view.seat && view.status === "active") {
      if (Date.now() / 1000 >= d.deadline) {
        out.push(h("button", { type: "button", "data-testid": "end-idle-turn", onclick: after(() => api.endIdleTurn(host.id, d.id)) },
          `End ${seatName(view, d.player)}'s idle turn`));
      } else {
        out.push(h("p", { class: "muted" }, `The table moves on at ${new Date(d.deadline * 1000).toLocaleString()} if ${seatName(view, d.player)} stays idle.`));
      }
    }
    return out;
  }

  /** The table: what it is, its link, the dashboard and lobby, save or resume (owner), and
   * the replay once the game is over (in a replay: back to the game). */
  function tableControls(view) {
    const link = `${location.origin}${location.pathname}#/game/${host.id}`;
    const title = host.guide?.ruleset_titles?.[view.ruleset] || host.guide?.title || view.ruleset;
    if (host.replay) {
      return [h("p", {}, `${view.seats.length} seats · ${title} · a replay`),
        h("div", { class: "row" }, h("a", { class: "button", href: `#/game/${host.id}` }, "Back to the game"),
          h("a", { class: "button", href: "#/" }, "Dashboard"))];
    }
    const finished = view.status === "finished" || view.outcome;
    const out = [
      h("p", {}, `${view.seats.length} seats · ${title} · version ${view.version}`),
      finished ? h("a", { class: "button primary", href: `#/game/${host.id}/replay`, "data-testid": "replay-link" }, "Replay the game, every card shown") : null,
      h("div", { class: "row" },
        h("button", { type: "button", onclick: async () => notify(await copyText(link) ? "Game link copied" : link) }, "Copy game link"),
        h("a", { class: "button", href: "#/" }, "Dashboard"),
        h("a", { class: "button", href: `#/lobby/${host.id}` }, "Lobby"),
        h("a", { class: "button", href: `#/guide/${encodeURIComponent(view.ruleset)}?from=${encodeURIComponent(host.id)}` }, "Guide")),
    ];
    if (view.owner && api.session.get()?.account_id === view.owner.account_id) {
      const after = (call) => (e) => busy(e.currentTarget, async () => { await call(); await host.refresh(true); });
      if (view.status === "active") out.push(h("button", { type: "button", onclick: after(() => api.saveGame(host.id)) }, "Save (pause) game"));
      if (view.status === "saved") out.push(h("button", { type: "button", onclick: after(() => api.resumeGame(host.id)) }, "Resume game"));
    }
    return out;
  }

  /** A bar chart of each standing's `value` (the figure the game ranks by), in seat colours:
   * each row's words above its bar, so a bar of nothing still reads. */
  function barChart(rows, label, colors) {
    const width = 560; const text = 20; const bar = 16; const gap = 12; const pad = 8;
    const row = text + bar + gap;
    const max = Math.max(1, ...rows.map((r) => r.value || 0));
    return svg("svg", { viewBox: `0 0 ${width} ${pad + rows.length * row}`, class: "chart", role: "img", "aria-label": label, "data-testid": "result-chart" },
      rows.map((r, i) => {
        const y = pad + i * row;
        return [svg("text", { x: pad, y: y + 15, class: "bar-label" }, `${r.name}: ${r.figure}`),
          svg("rect", { x: pad, y: y + text, width: Math.max(3, ((r.value || 0) / max) * (width - 2 * pad)), height: bar, rx: 4,
            fill: colors[r.seat % colors.length] }, svg("title", {}, `${r.name}: ${r.figure}`))];
      }));
  }

  /** The checked answer of GET /games/{id}/verify, in the replay's words (replay.js). */
  function fairnessWords(check) {
    const r = check.report || {};
    if (check.ok) {
      return `Checked: the game's luck (every roll, draw and shuffle) was sealed at the deal (fingerprint ${fingerprint(check.commitment)}), `
        + `the seal opened at the end matches it, and all ${plural("move", r.steps ?? 0)} replay exactly as recorded.`;
    }
    const why = r.difference?.message || (r.scripted ? "this table's dice and draws were fixed in advance (a test table)" : "the record does not replay as played");
    return `Not verified: ${why}.`;
  }

  /** The result of a finished game, first on its screen: who won, how the game ended, the
   * replay and the fairness check (one press each), the standings (`rows`: {seat, name, figure,
   * value}, best first) and a chart (`chart`, or bars of the rows' values); `extra` follows. */
  function result(view, { rows, how = null, chart = null, chartLabel = "Final standings", colors = SEAT_COLORS, extra = null }) {
    if (!view.outcome) return null;
    const winner = view.outcome.winner;
    const title = winner === null || winner === undefined ? "Game over: no single winner"
      : winner === view.seat ? "Game over: you win" : `Game over: ${seatName(view, winner)} wins`;
    const ending = how || ENDINGS[view.outcome.termination] || capital(humanize(String(view.outcome.termination || "the end")));
    const answer = h("p", { class: "fairness", "data-testid": "fairness-result", "aria-live": "polite" },
      host.fairness ? fairnessWords(host.fairness) : "");
    const check = h("button", { type: "button", "data-testid": "result-verify", onclick: (e) => busy(e.currentTarget, async () => {
      host.fairness = await api.verifyGame(host.id);
      answer.textContent = fairnessWords(host.fairness);
    }) }, "Check fairness");
    return h("section", { class: "summary result", "data-testid": "game-result", "aria-labelledby": "result-title" },
      h("h2", { id: "result-title", "data-testid": "result-title" }, title),
      h("p", { class: "result-how" }, `${ending}.`),
      h("div", { class: "row result-actions" },
        h("a", { class: "button primary", href: `#/game/${host.id}/replay`, "data-testid": "result-replay" }, "Replay, every card shown"),
        check),
      answer,
      h("h3", {}, "Final standings"),
      h("ol", { class: "standings", "data-testid": "standings" }, rows.map((r) => h("li", { "data-seat": r.seat },
        h("span", { class: "dot", style: { "--c": colors[r.seat % colors.length] }, "aria-hidden": "true" }),
        r.name, " ", h("strong", {}, r.figure)))),
      chart || barChart(rows, chartLabel, colors),
      extra);
  }

  /** The Orders button (web/js/orders.js) a screen puts beside its turn status: it opens the
   * seat's standing orders; null for a spectator, a replay, a finished game or a game without
   * orders. */
  const ordersButton = (view) => host.orders?.button(view) ?? null;

  return { eventLog, chat, pending, idleControls, tableControls, result, ordersButton };
}
