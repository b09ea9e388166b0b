// One legal action as a button, for every game's screen: its words (`{label, detail, tone}`)
// come from the game's module; a stable data-key (from the action's fields) keeps the focus
// on it across a redraw. `extra` adds classes ("small", "primary-big").

import { h } from "../ui.js";

export function legalButton(action, words, press, extra = "") {
  const key = `act-${Object.entries(action).map(([k, v]) => `${k}=${typeof v === "object" ? JSON.stringify(v) : v}`).join("&")}`;
  const button = h("button", { type: "button", class: `action ${words.tone} ${extra}`.trim(), "data-key": key,
    "data-action": action.type, onclick: () => press(button) },
  h("span", { class: "label" }, words.label), words.detail ? h("span", { class: "cost" }, words.detail) : null);
  return button;
}
