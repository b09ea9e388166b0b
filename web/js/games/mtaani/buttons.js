// One legal action as a button: its words and cost (actions.js), its tone, and a stable
// data-key (so focus survives a redraw). `extra` adds classes ("small", "primary-big").

import { describe } from "./actions.js";
import { legalButton } from "../../shell/buttons.js";

export function actionButtonOf(sc, action, extra = "") {
  return legalButton(action, describe(action, sc.view(), sc.guide()), (button) => sc.perform(action, button), extra);
}
