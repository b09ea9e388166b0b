// The generic game screen, for a game whose screen module this client does not have yet: the
// pending decisions in words, every legal action as a button (free parameters from
// legal_specs as a small form), the players, the event log and the chat. Plain, but a new
// game is playable the day its engine registers.

import { capital, genericEventWords, humanize, serviceEventWords, valueWords } from "./words.js";

export function mountGeneric(root, ctx) {
  const { h, fill } = ctx;
  const status = h("p", { class: "status-line", "data-testid": "turn-status", "aria-live": "polite" });
  const pending = h("section", { class: "card", "aria-labelledby": "pending-title" });
  const actions = h("section", { class: "action-bar generic", "aria-label": "Your actions", "data-testid": "action-bar" });
  const players = h("section", { class: "card", "aria-labelledby": "players-title" });
  const log = h("section", { class: "card", "aria-labelledby": "log-title" });
  const chat = h("section", { class: "card", "aria-labelledby": "chat-title" });
  root.append(h("section", { class: "game generic-game", "aria-label": "Game" },
    h("header", { class: "card" }, h("h1", {}, ctx.guide?.game_title || capital(ctx.view.game)), status,
      h("p", { class: "muted" }, "This client has no screen of its own for this game yet: the table is shown plainly.")),
    pending, players, log, chat, actions));

  const describe = (e) => serviceEventWords(e, ctx.view) || genericEventWords(e, ctx.view);
  const label = (action) => {
    const fields = Object.entries(action).filter(([k]) => k !== "type");
    return `${capital(humanize(action.type))}${fields.length ? ` (${fields.map(([k, v]) => `${humanize(k)} ${typeof v === "number" && /player|seat|to$/.test(k) ? ctx.words.name(v) : valueWords(v, ctx.view)}`).join(", ")})` : ""}`;
  };

  function specForm(type, spec) {
    const fields = Object.entries(spec.fields || spec.parameters || {});
    const inputs = fields.map(([field, info]) => {
      const id = `spec-${type}-${field}`;
      const choices = info?.choices || info?.enum;
      const input = Array.isArray(choices)
        ? h("select", { id, name: field }, choices.map((x) => h("option", { value: x }, String(x))))
        : h("input", { id, name: field, type: "number", min: info?.min ?? info?.minimum, max: info?.max ?? info?.maximum, value: info?.default ?? info?.min ?? 0 });
      return h("label", { for: id }, humanize(field), input);
    });
    const button = h("button", { type: "submit", class: "action primary", "data-action": type }, capital(humanize(type)));
    const form = h("form", { class: "spec-form", onsubmit: (e) => {
      e.preventDefault();
      const action = { type };
      for (const [field] of fields) {
        const el = form.elements[field];
        action[field] = el.type === "number" ? Number(el.value) : el.value;
      }
      ctx.act(action, button);
    } }, inputs, button);
    return form;
  }

  function update(view) {
    const d = view.decision;
    status.textContent = view.outcome
      ? (view.outcome.winner !== null && view.outcome.winner !== undefined ? `Game over: ${ctx.words.name(view.outcome.winner)} wins` : "Game over")
      : d ? ctx.words.decisionWords(view, d, {}, ctx.replay) : "Waiting…";
    fill(pending, h("h2", { id: "pending-title" }, "What the table waits for"), ctx.components.pending(view), ctx.components.idleControls(view));
    fill(players, h("h2", { id: "players-title" }, "Players"),
      h("ul", {}, view.seats.map((s) => h("li", { "data-testid": `player-${s.seat}` }, s.name, s.seat === view.seat ? " (you)" : "", s.kind === "bot" ? " (bot)" : ""))));
    fill(log, h("h2", { id: "log-title" }, "Event log"), ctx.components.eventLog(describe));
    fill(chat, h("h2", { id: "chat-title" }, "Chat"), ctx.components.chat(), ctx.components.tableControls(view));
    const buttons = (view.legal_actions || []).map((a) => h("button", { type: "button", class: "action", "data-action": a.type,
      onclick: (e) => ctx.act(a, e.currentTarget) }, label(a)));
    const forms = Object.entries(view.legal_specs || {}).map(([type, spec]) => specForm(type, spec));
    fill(actions, buttons.length || forms.length ? [h("div", { class: "actions" }, buttons), forms]
      : h("p", { class: "muted" }, view.seat === null || view.seat === undefined ? "You are watching this table." : "Nothing to do right now."));
  }

  return { update, chatChanged: () => update(ctx.view), unmount() {} };
}
