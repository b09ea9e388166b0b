// One legal action as a button: its words and cost (actions.js), its tone, and a stable
// data-key (so focus survives a redraw). `extra` adds classes ("small", "primary-big").

import { describe } from "./actions.js";

export function actionButtonOf(sc, action, extra = "") {
  const { h } = sc.ctx;
  const d = describe(action, sc.view(), sc.guide());
  const key = `act-${Object.entries(action).map(([k, v]) => `${k}=${typeof v === "object" ? JSON.stringify(v) : v}`).join("&")}`;
  const button = h("button", { type: "button", class: `action ${d.tone} ${extra}`.trim(), "data-key": key,
    "data-action": action.type, onclick: () => sc.perform(action, button) },
  h("span", { class: "label" }, d.label), d.detail ? h("span", { class: "cost" }, d.detail) : null);
  return button;
}
