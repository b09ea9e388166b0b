// The Mtaani screen module (mounted by the shell's game route, web/js/game.js, for views whose
// `game` is "mtaani"; interface in docs/web.md). Board-first: the move feed and roll status
// above the board, the table-wide effects in force, the board (Map or The Street), a right rail
// (current player, players, selected tile, latest events) and a dock (assets, trade, loans,
// chat, log, audio, table); the pinned action bar (actionbar.js) keeps the pending decision and
// its actions on screen on every layout.

import { actionButtonOf } from "./buttons.js";
import { describe } from "./actions.js";
import { renderActionBar } from "./actionbar.js";
import { PLAYER_COLORS, renderMap, renderStreet, tileDetails } from "./board.js";
import { activeEffects } from "./effects.js";
import { describeEvent, shown, sinceLastTurn } from "./events.js";
import { assetsPanel, audioPanel, loansPanel, tradePanel } from "./panels.js";
import { renderSummary } from "./summary.js";
import { fitFrame, scrollIntoFrame } from "../../shell/track.js";
import { keepInputs } from "../../ui.js";

const DICE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const TABS = [["assets", "Assets"], ["trade", "Trade"], ["loans", "Loans"], ["chat", "Chat"], ["log", "Log"], ["audio", "Audio"], ["table", "Table"]];

export function mount(root, ctx) {
  const { h, fill, prefs } = ctx;
  const st = {
    selected: null, mode: prefs.get("viewMode", "map"), follow: prefs.get("followTurn", true), overview: false,
    tab: prefs.get("dockTab", "assets"), finishedSummary: null,
    trade: { to: null, give: items(), get: items(), generation: 0 },
  };
  if (!TABS.some(([id]) => id === st.tab)) st.tab = "assets";
  const screen = h("section", { class: "game", "aria-label": "Game" });
  const top = h("header", { class: "game-top" });
  const effects = h("div", { class: "effects", "aria-label": "Table-wide effects in force", "data-testid": "effects" });
  const boardWrap = h("div", { class: "board-wrap mtaani-wrap" });
  const rail = h("aside", { class: "rail", "aria-label": "Players and details" });
  const dock = h("section", { class: "dock", "aria-label": "Actions dock" });
  const summary = h("div", { class: "summary-wrap" });
  const bar = h("section", { class: "action-bar", "aria-label": "Your turn and actions", "data-testid": "action-bar" });
  // A finished game opens on its result: the summary comes first (empty during play).
  screen.append(summary, top, effects, h("div", { class: "game-main" }, boardWrap, rail), dock, bar);
  root.append(screen);
  document.body.classList.add("has-action-bar");
  // The page keeps room under its content for the pinned bar, however tall the bar grows.
  const barSize = new ResizeObserver(() => {
    document.documentElement.style.setProperty("--bar-space", `${bar.offsetHeight + 16}px`);
    fitBoard();
  });
  barSize.observe(bar);

  const view = () => ctx.view;
  const guide = () => ctx.guide;
  const sc = {
    ctx, st, view, guide,
    name: (seat) => ctx.words.name(seat),
    money: ctx.words.money,
    words: ctx.words,
    perform, redrawDock: () => keep(renderDock),
    spectatorNote: () => h("p", { class: "muted" }, "You are watching this table: actions are for seated players."),
  };
  sc.actionButton = (action, extra = "") => actionButtonOf(sc, action, extra);
  sc.specForm = (type, spec) => specForm(type, spec);

  async function perform(action, button) {
    if (action.type === "declare_bankruptcy") {
      const ok = await ctx.confirm({ title: "Declare bankruptcy?", danger: true, confirmLabel: "Declare bankruptcy",
        body: "You leave the game. Your properties lose their units and mortgages and return to the market (or go to your creditor)." });
      if (!ok) return false;
    }
    if (action.type === "buy_insurance") {
      // A big spend in one tap (issue 32's trial): the card's price and the cash it leaves, then
      // a second, deliberate press.
      const v = view();
      const c = guide().edition.currency;
      const price = v.state.derived?.insurance?.price ?? guide().rules.insurance?.first_price;
      const cash = v.state.players[v.seat]?.cash;
      const body = price !== undefined && cash !== undefined
        ? `It costs ${sc.money(price, c)}: you hold ${sc.money(cash, c)}, and ${sc.money(cash - price, c)} after. The card covers a payment you cannot settle.`
        : "The card covers a payment you cannot settle.";
      const ok = await ctx.confirm({ title: "Buy an insurance card?", body, confirmLabel: `Buy it for ${sc.money(price, c)}` });
      if (!ok) return false;
    }
    return ctx.act(action, button);
  }

  // ------------------------------------------------------------------ rendering
  /** Redraw with what the player is typing or has chosen (and the focus) kept. */
  const keep = (draw) => keepInputs(root, draw);

  function update(v, fresh = []) {
    if (ctx.sound && fresh.some((e) => e.type === "DiceRolled")) ctx.sound.play("dice");
    if (fresh.some((e) => ["PropertyBought", "UnitBuilt"].includes(e.type))) ctx.sound.play("purchase");
    if (st.follow && fresh.some((e) => e.type === "Moved")) st.selected = null;
    keep(() => {
      renderTop();
      renderEffects();
      renderBoard();
      renderRail();
      renderDock();
      renderBar();
      renderSummaryIfOver();
    });
    fitBoard();
    void v;
  }

  function followTile() {
    const v = view();
    const seat = v.decision && v.decision.player !== null ? v.decision.player : v.state.current;
    return v.state.players[seat]?.position ?? 0;
  }

  function selectedTile() {
    if (st.selected !== null) return st.selected;
    return st.follow ? followTile() : null;
  }

  function renderTop() {
    const v = view();
    const g = guide();
    const recent = [];
    for (let i = ctx.events().length - 1; i >= 0 && recent.length < 3; i -= 1) {
      const e = ctx.events()[i];
      if (shown(e)) recent.push(e);
    }
    const lastRoll = [...ctx.events()].reverse().find((e) => e.type === "DiceRolled");
    fill(top,
      h("div", { class: "feed", "aria-label": "Latest moves" },
        h("ul", { class: "latest", "data-testid": "feed" }, recent.map((e) => h("li", {}, describeEvent(e, v, g))))),
      h("div", { class: "roll", "aria-label": "Roll status" },
        lastRoll ? [h("span", { class: "dice", "aria-hidden": "true" }, lastRoll.dice.map((d) => DICE[d] || d).join(" ")),
          h("span", { class: "sr-only" }, `Last roll ${lastRoll.dice.join(" and ")}`),
          h("span", { class: "roll-who" }, `${sc.name(lastRoll.player)}: ${lastRoll.dice.reduce((a, b) => a + b, 0)}`)] : h("span", { class: "muted" }, "No roll yet")),
      h("div", { class: "view-controls", role: "group", "aria-label": "Board view" },
        h("button", { type: "button", "aria-pressed": st.mode === "street" ? "true" : "false", "data-key": "mode-street",
          onclick: () => setMode("street") }, "The Street"),
        h("button", { type: "button", "aria-pressed": st.mode === "map" ? "true" : "false", "data-key": "mode-map",
          onclick: () => setMode("map") }, "Map"),
        st.mode === "map" ? h("button", { type: "button", "aria-pressed": st.overview ? "true" : "false", "data-key": "overview",
          onclick: () => toggleOverview() }, st.overview ? "Zoom in" : "Whole board") : null,
        h("label", { class: "switch" }, h("input", { type: "checkbox", checked: st.follow, "data-key": "follow",
          onchange: (e) => { st.follow = e.target.checked; prefs.set("followTurn", st.follow); st.selected = null; update(view()); } }), "Follow turn")));
  }

  function toggleOverview(tile = null) {
    st.overview = !st.overview;
    if (tile !== null) { st.selected = tile; }
    update(view());
  }

  function renderEffects() {
    const list = activeEffects(view(), guide());
    effects.hidden = !list.length;
    fill(effects, list.map((fx) => h("p", { class: `effect effect-${fx.kind}`, "data-effect": fx.id },
      h("strong", {}, fx.title), fx.text ? ` · ${fx.text.replace(/\.$/, "")}` : "", h("span", { class: "ends" }, ` · ${fx.ends}`))));
  }

  function setMode(mode) {
    st.mode = mode;
    prefs.set("viewMode", mode);
    update(view());
  }

  function renderBoard() {
    const v = view();
    const g = guide();
    const sel = selectedTile();
    const handlers = {
      select: (i) => {
        // On the whole-board overview a tap zooms in on that tile (the minimap of the guide).
        if (st.overview) { st.follow = false; prefs.set("followTurn", false); toggleOverview(i); return; }
        st.selected = i;
        if (st.follow) { st.follow = false; prefs.set("followTurn", false); }
        update(view());
      },
      open: openCard,
    };
    const scroll = { left: boardWrap.scrollLeft, top: boardWrap.scrollTop };
    if (st.mode === "street") {
      fill(boardWrap, renderStreet(g, v, { selected: sel, handlers }));
      const target = boardWrap.querySelector(`[data-tile="${sel ?? followTile()}"]`);
      target?.scrollIntoView({ block: "nearest", inline: "center" });
    } else {
      const fx = activeEffects(v, g);
      const center = h("div", { class: "center-inner" },
        h("button", { type: "button", class: "minimap-center", "data-key": "center",
          "aria-label": st.overview ? "Zoom the board in" : "Show the whole board", onclick: () => toggleOverview() },
        h("strong", { class: "brand-mark" }, g.game_title || "Mtaani"), h("span", {}, g.edition.name)),
        h("p", { class: "center-facts" }, `Revolution ${v.state.derived.revolution} · Turn ${v.state.turn}`),
        h("p", { class: "center-facts" }, `ATM pool ${sc.money(v.state.pool, g.edition.currency)}`),
        fx.length ? h("ul", { class: "center-effects" }, fx.map((x) => h("li", {}, h("strong", {}, x.title), ` ${x.ends}`))) : null);
      fill(boardWrap, renderMap(g, v, { selected: sel, handlers, center, overview: st.overview }));
      boardWrap.scrollLeft = scroll.left;
      boardWrap.scrollTop = scroll.top;
      if (!st.overview && sel !== null) requestAnimationFrame(() => scrollToTile(sel));
    }
  }

  /** The board's frame ends above the pinned bar (shell/track.js). */
  const fitBoard = () => fitFrame(boardWrap, bar);
  const onResize = () => { fitBoard(); };
  window.addEventListener("resize", onResize);

  /** Keep tile `index` in sight inside the board's own scroll area (never the page's). */
  const scrollToTile = (index) => scrollIntoFrame(boardWrap, boardWrap.querySelector(`[data-tile="${index}"]`));

  function openCard(index) {
    st.selected = index;
    update(view());
    const g = guide();
    const dialog = h("dialog", { class: "tile-card", "aria-label": `${g.tiles[index].name} details` },
      tileDetails(g, view(), index, { full: true }),
      h("form", { method: "dialog", class: "row end" }, h("button", { type: "submit", class: "primary" }, "Close")));
    dialog.addEventListener("close", () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
  }

  function renderRail() {
    const v = view();
    const g = guide();
    const c = g.edition.currency;
    const won = v.outcome && v.outcome.winner !== null && v.outcome.winner !== undefined;
    const current = won ? v.outcome.winner : v.decision && v.decision.player !== null ? v.decision.player : v.state.current;
    const cp = v.state.players[current];
    const sel = selectedTile();
    // A seated player sees what concerned them since their last turn; others the latest events.
    const since = v.seat === null || v.seat === undefined ? null : sinceLastTurn(ctx.events(), v.seat);
    const preview = since ? since.lines : [];
    for (let i = ctx.events().length - 1; !since && i >= 0 && preview.length < 6; i -= 1) if (shown(ctx.events()[i])) preview.push(ctx.events()[i]);
    const othersLine = !since || !since.others ? null
      : since.lines.length ? `…and ${sc.words.plural("other move", since.others)} at the table.`
        : `${sc.words.plural("move", since.others)} at the table, none that concern you.`;
    const owned = (seat) => Object.values(v.state.props).filter((p) => p.owner === seat).length;
    fill(rail,
      h("section", { class: "card current-player", "aria-labelledby": "cp-title", style: { "--c": PLAYER_COLORS[current % 4] } },
        h("h2", { id: "cp-title", "data-testid": "rail-title" }, v.outcome ? (v.outcome.winner === null || v.outcome.winner === undefined
          ? "Game over" : `Game over: ${v.outcome.winner === v.seat ? "you win" : `${sc.name(v.outcome.winner)} wins`}`)
          : current === v.seat ? "Your turn" : `${sc.name(current)}'s turn`),
        h("dl", { class: "facts" },
          h("dt", {}, "Cash"), h("dd", { "data-testid": "current-cash" }, sc.money(cp.cash, c)),
          h("dt", {}, "Net worth"), h("dd", {}, sc.money(v.state.derived.net_worth[current], c)),
          h("dt", {}, "On"), h("dd", {}, g.tiles[cp.position].name),
          cp.renovations_left !== undefined && g.rules.renovation?.enabled ? [h("dt", {}, "Renovations left"), h("dd", {}, cp.renovations_left)] : null,
          h("dt", {}, "Jail"), h("dd", {}, cp.jail_turns ? `${sc.words.plural("turn", cp.jail_turns)} left` : "Free"))),
      h("section", { class: "card players", "aria-labelledby": "players-title" },
        h("h2", { id: "players-title" }, "Players"),
        h("ul", {}, v.state.players.map((p, seat) => h("li", { class: `${seat === current ? "active" : ""} ${p.bankrupt ? "out" : ""}`, "data-testid": `player-${seat}` },
          h("span", { class: "dot", style: { "--c": PLAYER_COLORS[seat % 4] }, "aria-hidden": "true" }),
          h("span", { class: "pname" }, sc.name(seat), seat === v.seat ? " (you)" : "", v.seats[seat]?.kind === "bot" ? " (bot)" : "",
            v.seats[seat]?.stand_in ? " (a bot stands in)" : ""),
          h("span", { class: "pcash" }, p.bankrupt ? "bankrupt" : sc.money(p.cash, c)),
          h("span", { class: "pmeta" }, [sc.words.plural("property", owned(seat), "properties"), p.jail_turns ? "in jail" : null,
            p.insurance ? sc.words.plural("insurance card", p.insurance) : null, p.trade_open === false ? "closed to trades" : null].filter(Boolean).join(" · ")))))),
      h("section", { class: "card", "aria-labelledby": "tile-title" },
        h("h2", { id: "tile-title" }, "Tile"),
        sel === null ? h("p", { class: "muted" }, "Tap a tile to inspect it; double-tap for its full card.")
          : [tileDetails(g, v, sel), h("button", { type: "button", class: "link", onclick: () => openCard(sel) }, "Full card")]),
      h("section", { class: "card", "aria-labelledby": "log-title" },
        h("h2", { id: "log-title" }, since ? "Since your last turn" : "Latest events"),
        h("ul", { class: "log-preview", "data-testid": "rail-log" }, preview.map((e) => h("li", {}, describeEvent(e, v, g)))),
        othersLine ? h("p", { class: "muted", "data-testid": "rail-log-others" }, othersLine) : null,
        h("p", { class: "row" }, h("button", { type: "button", class: "link", onclick: () => { st.tab = "log"; renderDock(); dock.scrollIntoView({ block: "nearest" }); } }, "Full log"),
          h("a", { href: `#/guide/${encodeURIComponent(v.ruleset)}?from=${encodeURIComponent(ctx.gameId)}` }, "Game guide"))));
  }

  // ------------------------------------------------------------------ dock
  function renderDock() {
    const v = view();
    const legal = v.legal_actions || [];
    const counts = {
      trade: legal.filter((a) => a.type === "accept_trade").length,
      loans: legal.filter((a) => a.type === "accept_loan").length,
    };
    const badge = (tab) => (counts[tab] ? h("span", { class: "badge", "aria-label": `${counts[tab]} waiting for your answer` }, counts[tab]) : null);
    const tablist = h("div", { class: "tabs", role: "tablist", "aria-label": "Dock panels" },
      TABS.map(([id, label]) => h("button", { type: "button", role: "tab", id: `tab-${id}`, "data-key": `tab-${id}`,
        "aria-selected": st.tab === id ? "true" : "false", "aria-controls": "dock-panel", tabindex: st.tab === id ? "0" : "-1",
        onclick: () => selectTab(id), onkeydown: (e) => tabKeys(e, id) }, label, badge(id))));
    const panel = h("div", { class: "panel", role: "tabpanel", id: "dock-panel", "aria-labelledby": `tab-${st.tab}`, tabindex: "0" });
    const renderers = {
      assets: () => assetsPanel(sc), trade: () => tradePanel(sc), loans: () => loansPanel(sc),
      chat: () => ctx.components.chat(),
      log: () => ctx.components.eventLog((e) => (e.type === "DecisionPending" ? null : describeEvent(e, view(), guide())), { label: "Event log" }),
      audio: () => audioPanel(sc), table: () => [ctx.components.pending(v), ctx.components.tableControls(v)],
    };
    fill(panel, renderers[st.tab]());
    fill(dock, tablist, panel);
  }

  function selectTab(id) {
    st.tab = id;
    prefs.set("dockTab", id);
    keep(renderDock);
    dock.querySelector(`#tab-${id}`)?.focus();
  }

  function tabKeys(e, id) {
    const i = TABS.findIndex(([t]) => t === id);
    let next = null;
    if (e.key === "ArrowRight") next = TABS[(i + 1) % TABS.length][0];
    if (e.key === "ArrowLeft") next = TABS[(i - 1 + TABS.length) % TABS.length][0];
    if (next) {
      e.preventDefault();
      selectTab(next);
    }
  }

  function renderBar() {
    fill(bar, renderActionBar(sc));
  }

  /** A generic form for an action with free parameters, from its spec. */
  function specForm(type, spec) {
    const fields = Object.entries(spec.fields || spec.parameters || {});
    const inputs = fields.map(([field, info]) => {
      const id = `spec-${type}-${field}`;
      const attrs = { id, name: field, "data-key": id };
      const input = Array.isArray(info?.choices || info?.enum)
        ? h("select", attrs, (info.choices || info.enum).map((x) => h("option", { value: x }, String(x))))
        : h("input", { ...attrs, type: "number", min: info?.min ?? info?.minimum, max: info?.max ?? info?.maximum, step: info?.step ?? 1, value: info?.default ?? info?.min ?? "" });
      return h("label", { for: id }, field.replaceAll("_", " "), input);
    });
    const button = h("button", { type: "submit", class: "action primary" }, describe({ type }, view(), guide()).label);
    const form = h("form", { class: "spec-form", "data-spec": type, onsubmit: (e) => {
      e.preventDefault();
      const action = { type };
      for (const [field] of fields) {
        const el = form.elements[field];
        action[field] = el.type === "number" ? Number(el.value) : el.value;
      }
      perform(action, button);
    } }, inputs, button);
    return form;
  }

  function renderSummaryIfOver() {
    const v = view();
    if (!v.outcome) { summary.replaceChildren(); return; }
    if (st.finishedSummary === ctx.events().length) return;
    st.finishedSummary = ctx.events().length;
    fill(summary, renderSummary(v, ctx.events(), guide(), ctx.components));
  }

  return {
    update,
    chatChanged: () => { if (st.tab === "chat") keep(renderDock); },
    unmount() {
      barSize.disconnect();
      window.removeEventListener("resize", onResize);
      document.body.classList.remove("has-action-bar");
      document.documentElement.style.removeProperty("--bar-space");
    },
  };
}

function items() {
  return { cash: 0, insurance: 0, properties: new Set(), specials: new Set() };
}
