// The replay route (#/game/<id>/replay[?step=N]): a game move by move, drawn by the game's own
// screen module (or the generic screen) from GET /games/{id}/replay?step=N, with no actions:
// the screen gets a view without legal actions and a ctx whose act() does nothing, and the
// shell's components show no controls but the way back. A finished game shows everything that
// was hidden during play (hands, draw piles, offers: the view's `state.revealed`, worded here
// for every game) and its fairness check (GET /games/{id}/verify); a game in progress shows
// each viewer only what they saw, step by step.

import * as api from "./api.js";
import { screenModule } from "./game.js";
import { makeComponents } from "./shell/components.js";
import { mountGeneric } from "./shell/generic.js";
import * as words from "./shell/words.js";
import { busy, confirmDialog, fill, h, headerGuide, notify, prefs } from "./ui.js";

const SILENT = { play() {}, muted: true, volume: 0 };

export async function mountReplay(root, gameId, startStep) {
  const host = {
    id: gameId, replay: true, view: null, guide: null, events: [], chat: [], chatSupported: false,
    page: null, screen: null, stopped: false, refresh: async () => {},
  };
  fill(root, h("p", { class: "muted" }, "Loading the replay…"));
  let first;
  try {
    first = await api.replay(gameId, startStep === null || startStep === "" ? 0 : Number(startStep));
  } catch (err) {
    fill(root, h("section", { class: "card narrow" }, h("h1", {}, "This replay cannot be shown"),
      h("p", {}, err.message), h("p", {}, h("a", { href: `#/game/${gameId}` }, "Back to the game"), " · ",
        h("a", { href: "#/" }, "Dashboard"))));
    return null;
  }
  const v0 = first.view;
  headerGuide(v0.ruleset, gameId);
  const [guide, module] = await Promise.all([api.guide(v0.ruleset).catch(() => ({})), screenModule(v0.game)]);
  host.guide = guide;
  const title = guide.game_title || words.capital(v0.game);

  const status = h("p", { class: "replay-status", "data-testid": "replay-status", "aria-live": "polite" });
  const slider = h("input", { type: "range", min: 0, max: first.steps, value: first.step, id: "replay-step",
    "data-testid": "replay-slider", onchange: () => go(Number(slider.value)) });
  const button = (label, testid, to) => h("button", { type: "button", "data-testid": testid, onclick: () => go(to()) }, label);
  const controls = h("div", { class: "row replay-controls", role: "group", "aria-label": "Step through the game" },
    button("« First", "replay-first", () => 0),
    button("◀ Previous", "replay-prev", () => host.page.step - 1),
    button("Next ▶", "replay-next", () => host.page.step + 1),
    button("Last »", "replay-last", () => host.page.steps),
    h("label", { for: "replay-step", class: "sr-only" }, "Step"), slider);
  const fair = h("div", { class: "fairness", "data-testid": "fairness" });
  const revealed = h("div", { class: "revealed", "data-testid": "revealed" });
  const bar = h("header", { class: "card replay-bar", "data-testid": "replay" },
    h("h1", {}, `Replay · ${title}`), status, controls, revealed, fair,
    h("p", {}, h("a", { href: `#/game/${gameId}` }, "Back to the game"), " · ", h("a", { href: "#/" }, "Dashboard")));
  const screenRoot = h("div", { class: "replay-screen" });
  root.replaceChildren(h("section", { class: "replay" }, bar, screenRoot));

  const ctx = {
    gameId, api, replay: true,
    get view() { return host.view; },
    get guide() { return host.guide; },
    seat: () => host.view?.seat ?? null,
    events: () => host.events,
    chatMessages: () => host.chat,
    act: async () => false,  // a replay: nothing to do
    refresh: async () => {},
    words: { ...words, name: (seat) => words.seatName(host.view, seat) },
    components: makeComponents(host),
    sound: SILENT, prefs, notify, busy, confirm: confirmDialog, h, fill,
  };

  function show(page) {
    host.page = page;
    host.view = page.view;
    host.events = page.log;
    slider.max = page.steps;
    slider.value = page.step;
    const when = page.at ? new Date(page.at * 1000).toLocaleString() : "";
    status.textContent = `Step ${page.step} of ${page.steps}${page.step === 0 ? " (the deal)" : ""} · ${when} · `
      + (page.revealed ? "everything hidden during play is shown" : "as you saw it during play");
    for (const [testid, disabled] of [["replay-first", page.step === 0], ["replay-prev", page.step === 0],
      ["replay-next", page.step >= page.steps], ["replay-last", page.step >= page.steps]]) {
      controls.querySelector(`[data-testid=${testid}]`).disabled = disabled;
    }
    fill(revealed, revealedWords(page.view));
    host.screen.update(page.view, page.events);
    root.dataset.step = String(page.step);  // the step on screen (tests wait on it)
    history.replaceState(null, "", `#/game/${gameId}/replay?step=${page.step}`);
  }

  async function go(step) {
    if (host.stopped || !host.page) return;
    const to = Math.max(0, Math.min(host.page.steps, step));
    if (to === host.page.step) return;
    try {
      show(await api.replay(gameId, to));
    } catch (err) {
      notify(err.message, "error");
    }
  }

  host.view = v0;
  host.events = first.log;
  host.screen = module?.mount ? await module.mount(screenRoot, ctx) : mountGeneric(screenRoot, ctx);
  show(first);
  if (first.revealed) showFairness(fair, gameId);

  const onKey = (e) => {
    if (e.target.closest?.("input, textarea, select")) return;
    if (e.key === "ArrowRight") go(host.page.step + 1);
    if (e.key === "ArrowLeft") go(host.page.step - 1);
  };
  document.addEventListener("keydown", onKey);
  return () => {
    host.stopped = true;
    document.removeEventListener("keydown", onKey);
    delete root.dataset.step;
    host.screen?.unmount?.();
  };
}

/** What the view shows only after the end (`state.revealed`: hands, draw piles), in words. */
function revealedWords(view) {
  const shown = view.state?.revealed;
  if (!shown || !Object.keys(shown).length) return [];
  return [h("h2", {}, "Revealed after the end"),
    h("dl", {}, Object.entries(shown).flatMap(([key, value]) => [
      h("dt", {}, words.capital(words.humanize(key))),
      h("dd", {}, revealedValue(value, view))]))];
}

/** A revealed value: per seat ("0": [...]) by the seat's name, per deck by its name, a list
 * of cards as their count and names (the next card first), else in words. */
function revealedValue(value, view) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return h("ul", {}, Object.entries(value).map(([k, v]) => h("li", { "data-key": k },
      /^\d+$/.test(k) ? words.seatName(view, Number(k)) : words.capital(words.humanize(k)), ": ",
      cardWords(v, view))));
  }
  return cardWords(value, view);
}

function cardWords(value, view) {
  if (!Array.isArray(value)) return words.valueWords(value, view);
  const names = value.map((c) => (c && typeof c === "object" && "name" in c ? c.name : words.valueWords(c, view)));
  return `${words.plural("card", names.length)}${names.length ? `: ${names.join(", ")}` : ""}`;
}

/** The fairness check of a finished game, in plain words, with the record to check at home. */
async function showFairness(el, gameId) {
  fill(el, h("p", { class: "muted" }, "Checking the dice and cards…"));
  try {
    const check = await api.verifyGame(gameId);
    const report = check.report;
    const lines = [h("h2", {}, "Fair play")];
    if (check.ok) {
      lines.push(h("p", { "data-testid": "fair-verdict" },
        `Checked: the game's luck (every roll, draw and shuffle) was sealed at the deal (fingerprint ${words.fingerprint(check.commitment)}), `
        + `the seal opened at the end matches it, and all ${words.plural("move", report.steps)} replay exactly as recorded.`));
    } else {
      const why = report.difference?.message || (report.scripted ? "this table's dice and draws were fixed in advance (a test table)" : "");
      lines.push(h("p", { class: "alert", "data-testid": "fair-verdict" }, `Not verified: ${why}.`));
    }
    const download = h("button", { type: "button", onclick: (e) => busy(e.currentTarget, async () => {
      const full = await api.verifyGame(gameId, true);
      const url = URL.createObjectURL(new Blob([JSON.stringify(full.record)], { type: "application/json" }));
      const a = h("a", { href: url, download: `game-${gameId}.json` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    }) }, "Download the game record");
    lines.push(h("p", { class: "muted" }, "Check it yourself: python -m engine.verify game.json (in the project), "
      + `or recompute SHA-256 of the salt's bytes followed by the seed's digits: salt ${check.salt}, seed ${check.seed}.`), download);
    fill(el, lines);
  } catch (err) {
    fill(el, h("p", { class: "muted" }, err.status === 409 ? err.message : `The check could not be made: ${err.message}`));
  }
}
