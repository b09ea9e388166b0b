// The guide route (#/guide[/<ruleset>][?from=<game id>]): the rules of any registered ruleset,
// generated from GET /rulesets/{name}/guide (the engine's own data and prose). Every game's
// prose (`prose`: sections in reading order, from its data/guide.toml) is drawn here, by
// `proseSection`; the game's guide module (web/js/games/<game>/guide.js,
// `guideSections(g, tools)`) adds its tables and boards to their sections; a game without one
// gets its prose, then its data shown plainly.

import * as api from "./api.js";
import { GUIDES } from "./games/modules.js";
import { capital, humanize, valueWords } from "./shell/words.js";
import { fill, h } from "./ui.js";

const SHELL_KEYS = new Set(["ruleset", "title", "game", "game_title", "min_players", "max_players", "table_options",
  "rulesets", "ruleset_titles", "ruleset_games", "prose"]);

async function guideModule(game) {
  if (!/^[a-z0-9_-]+$/.test(game || "") || !GUIDES.has(game)) return null;
  try { return await import(`./games/${game}/guide.js`); } catch { return null; }
}

/** A prose section of the guide data: its paragraphs, its items, its worked example (if any:
 * a boxed "Worked example" after the rules it works through), then `extra` (a game's tables). */
export function proseSection(section, ...extra) {
  return h("section", { class: "card prose", "aria-labelledby": `g-${section.id}`, "data-section": section.id },
    h("h2", { id: `g-${section.id}` }, section.title),
    section.text.map((p) => h("p", {}, p)),
    section.items.length ? h("ul", {}, section.items.map((i) => h("li", {}, i))) : null,
    section.example?.length ? h("div", { class: "example", "data-testid": `example-${section.id}` },
      h("h3", {}, "Worked example"), section.example.map((p) => h("p", {}, p))) : null,
    extra);
}

/** A game without a guide module: its prose (every game's rules pages, data/guide.toml), then
 * its other data in words. */
function genericSections(g) {
  const out = [];
  for (const [key, value] of Object.entries(g)) {
    if (SHELL_KEYS.has(key)) continue;
    out.push(h("section", { class: "card" }, h("h2", {}, capital(humanize(key))), h("p", {}, valueWords(value))));
  }
  return [...(g.prose || []).map((s) => proseSection(s)), ...out];
}

export async function mountGuide(root, name, from) {
  fill(root, h("p", { class: "muted" }, "Loading the guide…"));
  let g;
  try {
    const registry = await api.registry();
    g = await api.guide(name || registry.default);
  } catch (err) {
    fill(root, h("section", { class: "card narrow" }, h("h1", {}, "Guide"), h("p", { class: "alert" }, err.message)));
    return null;
  }
  const module = await guideModule(g.game);
  const choose = h("select", { id: "guide-ruleset", onchange: (e) => { location.hash = `/guide/${e.target.value}${from ? `?from=${encodeURIComponent(from)}` : ""}`; } },
    g.rulesets.map((n) => h("option", { value: n, selected: n === g.ruleset }, g.ruleset_titles?.[n] || n)));
  const back = from
    ? h("a", { href: `#/game/${encodeURIComponent(from)}`, class: "button", "data-testid": "guide-back" }, "Back to the game")
    : h("a", { href: "#/", class: "button", "data-testid": "guide-back" }, "Back to the dashboard");
  const sections = module?.guideSections ? module.guideSections(g, { proseSection }) : genericSections(g);
  fill(root, h("article", { class: "guide stack" },
    h("header", { class: "row spread" },
      h("div", {}, h("p", { class: "muted" }, module?.guideSubtitle ? module.guideSubtitle(g) : g.title), h("h1", {}, `How to play ${g.game_title || g.title}`)),
      h("div", { class: "row" }, h("label", { for: "guide-ruleset" }, "Rules"), choose, back)),
    h("nav", { class: "card toc", "aria-label": "Sections" }, h("ul", {}, (g.prose || []).map((s) => h("li", {}, h("a", { href: `#g-${s.id}`, onclick: (e) => {
      e.preventDefault();
      document.getElementById(`g-${s.id}`)?.scrollIntoView({ block: "start" });
    } }, s.title))))),
    sections,
    h("p", {}, (() => { const copy = back.cloneNode(true); copy.removeAttribute("data-testid"); return copy; })())));
  return null;
}
