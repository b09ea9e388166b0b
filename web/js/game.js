// The board-first game screen: move feed and roll status above the board, the board (Map or
// The Street), a right rail (current player, players, selected tile, guide shortcut, log
// preview) and a bottom dock (turn actions, assets, trade, loans, chat, log, audio, table).
// Updates arrive by polling GET /games/{id} with If-None-Match; new events are paged from
// GET /games/{id}/events. Every action button comes from the server's legal actions.

import * as api from "./api.js";
import { describe, groupOf, grouped, groupedSpecs, myShortfall } from "./actions.js";
import { PLAYER_COLORS, renderMap, renderStreet, setColor, tileDetails } from "./board.js";
import { describeEvent, shown } from "./events.js";
import { sound } from "./sound.js";
import { renderSummary } from "./summary.js";
import { busy, confirmDialog, copyText, fill, h, money, notify, prefs, unescapeHtml } from "./ui.js";

const DICE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const DECISION_WORDS = { turn: "roll", buy: "decide on buying", deck: "choose a deck", debt: "raise funds", end: "end the turn" };
const POLL_MS = 1500;
const HIDDEN_POLL_MS = 8000;

/** Remember a game on this device (the dashboard lists them when the API has no dashboard). */
export function rememberGame(id, label) {
  const list = prefs.get("recentGames", []).filter((g) => g.id !== id);
  list.unshift({ id, label, at: Math.floor(Date.now() / 1000) });
  prefs.set("recentGames", list.slice(0, 20));
}

export function mountGame(root, gameId, { demo = false } = {}) {
  const st = {
    id: gameId, view: null, etag: null, guide: null, events: [], after: 0, lastSeq: 0, loading: null, selected: null,
    mode: prefs.get("viewMode", "map"), follow: prefs.get("followTurn", true), zoomed: false,
    tab: "turn", chat: [], chatAfter: null, chatSupported: false, stopped: false, timer: null,
    lastDecisionMine: false, finishedSummary: null, trade: { to: null, give: new Set(), get: new Set(), giveCash: 0, getCash: 0 },
    acting: false,
  };
  root.replaceChildren();
  const screen = h("section", { class: "game", "aria-label": "Game" });
  const top = h("header", { class: "game-top" });
  const boardWrap = h("div", { class: "board-wrap" });
  const rail = h("aside", { class: "rail", "aria-label": "Players and details" });
  const dock = h("section", { class: "dock", "aria-label": "Actions dock" });
  const summary = h("div", { class: "summary-wrap" });
  screen.append(top, h("div", { class: "game-main" }, boardWrap, rail), dock, summary);
  root.append(screen);

  const mySeat = () => st.view?.seat;
  const name = (seat) => st.view.seats[seat]?.name ?? `seat ${seat}`;

  // ------------------------------------------------------------------ data
  async function refresh() {
    if (st.stopped) return;
    try {
      const result = await api.game(st.id, st.etag);
      const same = !result.notModified && st.view && result.data.version === st.view.version
        && result.data.status === st.view.status;
      if (!result.notModified && st.view && (result.data.version < st.view.version || same)) {
        // A poll sent before our own action landed, or the view we already show (after an
        // action the ETag is unknown): keep what is drawn, so buttons do not move under a click.
        if (same) st.etag = result.etag;
      } else if (!result.notModified) {
        const first = !st.view;
        st.view = result.data;
        st.etag = result.etag;
        if (first) {
          st.guide = await api.guide(st.view.ruleset);
          st.chatSupported = await api.supports("GET", "/games/{game_id}/chat");
          rememberGame(st.id, st.view.seats.map((s) => s.name).join(", "));
        }
        await loadEvents(!first);
        if (st.chatSupported) await loadChat();
        render();
      } else if (st.chatSupported && st.tab === "chat") {
        if (await loadChat()) renderDock();
      }
    } catch (err) {
      if (!st.view) {
        fill(root, h("section", { class: "card narrow" }, h("h1", {}, "This game cannot be shown"),
          h("p", {}, err.message), h("p", {}, h("a", { href: "#/" }, "Back to the dashboard"))));
        st.stopped = true;
        return;
      }
      if (err.status !== 0) notify(err.message, "error");
    }
    schedule();
  }

  function schedule() {
    clearTimeout(st.timer);
    if (st.stopped) return;
    st.timer = setTimeout(refresh, document.hidden ? HIDDEN_POLL_MS : POLL_MS);
  }

  /** Page in the events after the last one seen (one load at a time; each event once). */
  function loadEvents(react) {
    st.loading = (st.loading || Promise.resolve()).then(async () => {
      let more = true;
      const fresh = [];
      while (more) {
        const before = st.after;
        const page = await api.events(st.id, st.after, 500);
        for (const e of page.events) {
          if (e.seq === undefined || e.seq > st.lastSeq) {
            fresh.push(e);
            if (e.seq !== undefined) st.lastSeq = e.seq;
          }
        }
        st.after = Math.max(st.after, page.next_after);
        // A page may be short (even empty) after a long run of hidden items: go on while the
        // log does and the pages move forward.
        more = page.more && st.after > before;
      }
      st.events.push(...fresh);
      if (react) reactTo(fresh);
    });
    return st.loading;
  }

  async function loadChat() {
    try {
      const page = await api.chat(st.id, st.chatAfter);
      if (page.messages?.length) {
        st.chat.push(...page.messages);
        st.chatAfter = page.next_after;
        return true;
      }
      st.chatAfter = page.next_after ?? st.chatAfter;
    } catch { /* chat is optional: the table still plays */ }
    return false;
  }

  /** Sounds and announcements for events that just arrived. */
  function reactTo(fresh) {
    if (fresh.some((e) => e.type === "DiceRolled")) sound.play("dice");
    if (fresh.some((e) => ["PropertyBought", "UnitBuilt"].includes(e.type))) sound.play("purchase");
    const mine = st.view.decision && st.view.decision.player === mySeat();
    if (mine && !st.lastDecisionMine) {
      sound.play("turn");
      if (document.hidden && "Notification" in window && Notification.permission === "granted") {
        navigator.serviceWorker?.ready.then((reg) => reg.showNotification("Mtaani: your turn", {
          body: `It is your turn in the game with ${st.view.seats.map((s) => s.name).join(", ")}.`,
          tag: `turn-${st.id}`, data: { url: `#/game/${st.id}` },
        })).catch(() => {});
      }
    }
    st.lastDecisionMine = Boolean(mine);
    if (st.follow && fresh.some((e) => e.type === "Moved")) st.selected = null;
  }

  async function perform(action, button) {
    if (st.acting) return;
    if (action.type === "declare_bankruptcy") {
      const ok = await confirmDialog({ title: "Declare bankruptcy?", danger: true, confirmLabel: "Declare bankruptcy",
        body: "You leave the game. Your properties lose their units and mortgages and return to the market (or go to your creditor)." });
      if (!ok) return;
    }
    st.acting = true;
    screen.dataset.busy = "true";
    const done = await busy(button, async () => {
      const result = await api.act(st.id, st.view.game, action, st.view.version);
      st.view = result.game;
      st.etag = null;
      await loadEvents(true);
      render();
      return true;
    });
    st.acting = false;
    delete screen.dataset.busy;
    return done === true;
  }

  // ------------------------------------------------------------------ rendering
  function render() {
    const focusKey = document.activeElement?.dataset?.key;
    // What the player is typing or has chosen (chat, trade and loan forms) survives a refresh
    // caused by someone else's move.
    const typed = new Map([...root.querySelectorAll("input[data-key]:not([type=checkbox]), textarea[data-key], select[data-key]")]
      .map((el) => [el.dataset.key, el.value]));
    renderTop();
    renderBoard();
    renderRail();
    renderDock();
    renderSummaryIfOver();
    for (const [key, value] of typed) {
      const el = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
      if (!el || el.value === value) continue;
      if (el.options && ![...el.options].some((o) => o.value === value)) continue;  // that choice is gone
      el.value = value;
    }
    if (focusKey) root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)?.focus();
  }

  function followTile() {
    const v = st.view;
    const seat = v.decision ? v.decision.player : v.state.current;
    return v.state.players[seat]?.position ?? 0;
  }

  function selectedTile() {
    if (st.selected !== null) return st.selected;
    return st.follow ? followTile() : null;
  }

  function renderTop() {
    const v = st.view;
    const recent = [];
    for (let i = st.events.length - 1; i >= 0 && recent.length < 3; i -= 1) {
      if (shown(st.events[i])) recent.push(st.events[i]);
    }
    const lastRoll = [...st.events].reverse().find((e) => e.type === "DiceRolled");
    const status = statusLine();
    fill(top,
      h("div", { class: "feed", "aria-live": "polite", "aria-label": "Latest moves" },
        h("p", { class: "status-line", "data-testid": "turn-status" }, status),
        h("ul", { class: "latest" }, recent.map((e) => h("li", {}, describeEvent(e, v, st.guide))))),
      h("div", { class: "roll", "aria-label": "Roll status" },
        lastRoll ? [h("span", { class: "dice", "aria-hidden": "true" }, lastRoll.dice.map((d) => DICE[d] || d).join(" ")),
          h("span", { class: "sr-only" }, `Last roll ${lastRoll.dice.join(" and ")}`),
          h("span", { class: "roll-who" }, `${name(lastRoll.player)}: ${lastRoll.dice.reduce((a, b) => a + b, 0)}`)] : h("span", { class: "muted" }, "No roll yet")),
      h("div", { class: "view-controls", role: "group", "aria-label": "Board view" },
        h("button", { type: "button", "aria-pressed": st.mode === "street" ? "true" : "false", "data-key": "mode-street",
          onclick: () => setMode("street") }, "The Street"),
        h("button", { type: "button", "aria-pressed": st.mode === "map" ? "true" : "false", "data-key": "mode-map",
          onclick: () => setMode("map") }, "Map"),
        st.mode === "map" ? h("button", { type: "button", "aria-pressed": st.zoomed ? "true" : "false", "data-key": "zoom",
          onclick: () => { st.zoomed = !st.zoomed; renderTop(); renderBoard(); } }, st.zoomed ? "Zoom out" : "Zoom in") : null,
        h("label", { class: "switch" }, h("input", { type: "checkbox", checked: st.follow, "data-key": "follow",
          onchange: (e) => { st.follow = e.target.checked; prefs.set("followTurn", st.follow); st.selected = null; render(); } }), "Follow turn")));
  }

  function statusLine() {
    const v = st.view;
    if (v.outcome) return v.outcome.winner !== null && v.outcome.winner !== undefined ? `Game over: ${name(v.outcome.winner)} wins` : "Game over";
    if (v.status === "saved") return "This game is saved (paused) by its owner.";
    const d = v.decision;
    if (!d) return "Waiting…";
    const words = DECISION_WORDS[d.kind] || d.kind.replaceAll("_", " ");
    if (d.player === mySeat()) return `Your turn: ${words}`;
    return `${name(d.player)} to ${words}${mySeat() === null || mySeat() === undefined ? " (you are watching)" : ""}`;
  }

  function setMode(mode) {
    st.mode = mode;
    prefs.set("viewMode", mode);
    render();
  }

  function renderBoard() {
    const v = st.view;
    const sel = selectedTile();
    const handlers = { select: (i) => { st.selected = i; if (st.follow) { st.follow = false; prefs.set("followTurn", false); } render(); }, open: openCard };
    if (st.mode === "street") {
      fill(boardWrap, renderStreet(st.guide, v, { selected: sel, handlers }));
      const target = boardWrap.querySelector(`[data-tile="${sel ?? followTile()}"]`);
      target?.scrollIntoView({ block: "nearest", inline: "center" });
    } else {
      const center = h("div", { class: "center-inner" },
        h("button", { type: "button", class: "minimap-center", "data-key": "center",
          "aria-label": st.zoomed ? "Zoom the board out" : "Zoom the board in",
          onclick: () => { st.zoomed = !st.zoomed; renderTop(); renderBoard(); } },
        h("strong", { class: "brand-mark" }, "Mtaani"), h("span", {}, st.guide.edition.name)),
        h("p", { class: "center-facts" }, `Revolution ${v.state.derived.revolution} · Turn ${v.state.turn}`),
        h("p", { class: "center-facts" }, `ATM pool ${money(v.state.pool, st.guide.edition.currency)}`));
      fill(boardWrap, renderMap(st.guide, v, { selected: sel, handlers, center, zoomed: st.zoomed }));
      if (st.zoomed && sel !== null) boardWrap.querySelector(`[data-tile="${sel}"]`)?.scrollIntoView({ block: "center", inline: "center" });
    }
  }

  function openCard(index) {
    st.selected = index;
    render();
    const dialog = h("dialog", { class: "tile-card", "aria-label": `${st.guide.tiles[index].name} details` },
      tileDetails(st.guide, st.view, index, { full: true }),
      h("form", { method: "dialog", class: "row end" }, h("button", { type: "submit", class: "primary" }, "Close")));
    dialog.addEventListener("close", () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
  }

  function renderRail() {
    const v = st.view;
    const c = st.guide.edition.currency;
    const current = v.decision ? v.decision.player : v.state.current;
    const cp = v.state.players[current];
    const sel = selectedTile();
    const preview = st.events.filter(shown).slice(-6).reverse();
    fill(rail,
      h("section", { class: "card current-player", "aria-labelledby": "cp-title", style: { "--c": PLAYER_COLORS[current % 4] } },
        h("h2", { id: "cp-title" }, current === mySeat() ? "Your turn" : `${name(current)}'s turn`),
        h("dl", { class: "facts" },
          h("dt", {}, "Cash"), h("dd", { "data-testid": "current-cash" }, money(cp.cash, c)),
          h("dt", {}, "Net worth"), h("dd", {}, money(v.state.derived.net_worth[current], c)),
          h("dt", {}, "On"), h("dd", {}, st.guide.tiles[cp.position].name),
          cp.renovations_left !== undefined ? [h("dt", {}, "Renovations left"), h("dd", {}, cp.renovations_left)] : null,
          h("dt", {}, "Jail"), h("dd", {}, cp.jail_turns ? `${cp.jail_turns} turn${cp.jail_turns > 1 ? "s" : ""} left` : "Free"))),
      h("section", { class: "card players", "aria-labelledby": "players-title" },
        h("h2", { id: "players-title" }, "Players"),
        h("ul", {}, v.state.players.map((p, seat) => h("li", { class: `${seat === current ? "active" : ""} ${p.bankrupt ? "out" : ""}`, "data-testid": `player-${seat}` },
          h("span", { class: "dot", style: { "--c": PLAYER_COLORS[seat % 4] }, "aria-hidden": "true" }),
          h("span", { class: "pname" }, name(seat), seat === mySeat() ? " (you)" : "", v.seats[seat]?.kind === "bot" ? " (bot)" : ""),
          h("span", { class: "pcash" }, p.bankrupt ? "bankrupt" : money(p.cash, c)),
          h("span", { class: "pmeta" }, `${ownedCount(seat)} properties${p.jail_turns ? " · in jail" : ""}`))))),
      h("section", { class: "card", "aria-labelledby": "tile-title" },
        h("h2", { id: "tile-title" }, "Tile"),
        sel === null ? h("p", { class: "muted" }, "Tap a tile to inspect it; double-tap for its full card.")
          : [tileDetails(st.guide, v, sel), h("button", { type: "button", class: "link", onclick: () => openCard(sel) }, "Full card")]),
      h("section", { class: "card", "aria-labelledby": "log-title" },
        h("h2", { id: "log-title" }, "Latest events"),
        h("ul", { class: "log-preview" }, preview.map((e) => h("li", {}, describeEvent(e, v, st.guide)))),
        h("p", { class: "row" }, h("button", { type: "button", class: "link", onclick: () => { st.tab = "log"; renderDock(); dock.scrollIntoView({ block: "nearest" }); } }, "Full log"),
          h("a", { href: `#/guide/${encodeURIComponent(v.ruleset)}`, target: "_blank", rel: "noopener" }, "Game guide (wiki)"))));
  }

  function ownedCount(seat) {
    return Object.values(st.view.state.props).filter((p) => p.owner === seat).length;
  }

  // ------------------------------------------------------------------ dock
  const TABS = [["turn", "Turn"], ["assets", "Assets"], ["trade", "Trade"], ["loans", "Loans"], ["chat", "Chat"], ["log", "Log"], ["audio", "Audio"], ["table", "Table"]];

  function renderDock() {
    const v = st.view;
    const groups = grouped(v);
    const badge = (tab) => (groups[tab]?.length && tab !== "assets" ? h("span", { class: "badge" }, groups[tab].length) : null);
    const tablist = h("div", { class: "tabs", role: "tablist", "aria-label": "Dock panels" },
      TABS.map(([id, label]) => h("button", { type: "button", role: "tab", id: `tab-${id}`, "data-key": `tab-${id}`,
        "aria-selected": st.tab === id ? "true" : "false", "aria-controls": "dock-panel", tabindex: st.tab === id ? "0" : "-1",
        onclick: () => { st.tab = id; renderDock(); dock.querySelector(`#tab-${id}`)?.focus(); },
        onkeydown: (e) => tabKeys(e, id) }, label, badge(id))));
    const panel = h("div", { class: "panel", role: "tabpanel", id: "dock-panel", "aria-labelledby": `tab-${st.tab}`, tabindex: "0" });
    const renderers = { turn: turnPanel, assets: assetsPanel, trade: tradePanel, loans: loansPanel, chat: chatPanel, log: logPanel, audio: audioPanel, table: tablePanel };
    fill(panel, renderers[st.tab]());
    fill(dock, tablist, panel);
  }

  function tabKeys(e, id) {
    const i = TABS.findIndex(([t]) => t === id);
    let next = null;
    if (e.key === "ArrowRight") next = TABS[(i + 1) % TABS.length][0];
    if (e.key === "ArrowLeft") next = TABS[(i - 1 + TABS.length) % TABS.length][0];
    if (next) {
      e.preventDefault();
      st.tab = next;
      renderDock();
      dock.querySelector(`#tab-${next}`)?.focus();
    }
  }

  function actionButton(action, extraClass = "") {
    const d = describe(action, st.view, st.guide);
    const key = `act-${JSON.stringify(action)}`;
    const button = h("button", { type: "button", class: `action ${d.tone} ${extraClass}`, "data-key": key,
      "data-action": action.type, onclick: () => perform(action, button) },
    h("span", { class: "label" }, d.label), d.detail ? h("span", { class: "cost" }, d.detail) : null);
    return button;
  }

  function spectatorNote() {
    return h("p", { class: "muted" }, "You are watching this table: actions are for seated players.");
  }

  function turnPanel() {
    const v = st.view;
    if (mySeat() === null || mySeat() === undefined) return [spectatorNote()];
    const out = [];
    const short = myShortfall(v);
    const c = st.guide.edition.currency;
    if (short) {
      out.push(h("div", { class: "alert", role: "alert", "data-testid": "shortfall" },
        h("strong", {}, `You owe ${money(short.owed, c)} and hold ${money(short.cash, c)}.`),
        h("p", {}, short.shortfall > 0
          ? `Raise ${money(short.shortfall, c)} more: mortgage properties, sell units, trade or borrow (Assets, Trade and Loans panels), or declare bankruptcy.`
          : "You can now cover it."),
        h("ul", {}, short.debts.map((d) => h("li", {}, `${money(d.amount, c)} to ${d.creditor === null ? "the bank" : name(d.creditor)} (${d.reason.replaceAll("_", " ")})`)))));
    }
    out.push(...idleControls(v));
    const actions = grouped(v).turn;
    const specs = groupedSpecs(v).turn || [];
    if (!actions.length && !specs.length) {
      const d = v.decision;
      out.push(h("p", { class: "muted" }, v.outcome ? "The game is over." : d ? `Waiting for ${name(d.player)} to ${DECISION_WORDS[d.kind] || d.kind}.` : "Nothing to do right now."));
    }
    out.push(h("div", { class: "actions" }, actions.map((a) => actionButton(a))));
    specs.forEach(([type, spec]) => out.push(specForm(type, spec)));
    return out;
  }

  /** A bot standing in for me (take the seat back), and another seat's idle decision past its
   * deadline (end it, as the table's timer would). */
  function idleControls(v) {
    const out = [];
    const refreshAfter = (call) => (e) => busy(e.currentTarget, async () => { await call(); st.etag = null; await refresh(); });
    const me = v.seats[mySeat()];
    if (me && me.stand_in) {
      out.push(h("div", { class: "alert", role: "status", "data-testid": "stand-in" },
        h("p", {}, "A Base bot has been playing your seat while you were away."),
        h("button", { type: "button", onclick: refreshAfter(() => api.takeBackSeat(st.id)) }, "Take my seat back")));
    }
    const d = v.decision;
    if (d && d.deadline && d.player !== mySeat() && v.status === "active") {
      if (Date.now() / 1000 >= d.deadline) {
        out.push(h("button", { type: "button", "data-testid": "end-idle-turn", onclick: refreshAfter(() => api.endIdleTurn(st.id, d.id)) },
          `End ${name(d.player)}'s idle turn`));
      } else {
        out.push(h("p", { class: "muted" }, `The table moves on at ${new Date(d.deadline * 1000).toLocaleString()} if ${name(d.player)} stays idle.`));
      }
    }
    return out;
  }

  function assetsPanel() {
    const v = st.view;
    const seat = mySeat();
    if (seat === null || seat === undefined) return [spectatorNote()];
    const c = st.guide.edition.currency;
    const actions = grouped(v).assets;
    const byTile = new Map();
    const loose = [];
    for (const a of actions) {
      if (a.tile !== undefined) {
        if (!byTile.has(a.tile)) byTile.set(a.tile, []);
        byTile.get(a.tile).push(a);
      } else {
        loose.push(a);
      }
    }
    const mine = st.guide.tiles.filter((t) => v.state.props[String(t.index)]?.owner === seat);
    const rows = mine.map((t) => {
      const p = v.state.props[String(t.index)];
      return h("tr", {},
        h("th", { scope: "row" }, h("span", { class: "swatch", style: { "--set": setColor(st.guide, t.set) } }), t.name),
        h("td", {}, p.units), h("td", {}, p.mortgaged ? "mortgaged" : "—"),
        h("td", {}, money(v.state.derived.fees[t.index] ?? 0, c)),
        h("td", { class: "actions" }, (byTile.get(t.index) || []).map((a) => actionButton(a, "small"))));
    });
    const batches = new Map();
    const plain = [];
    for (const a of loose) {
      if (a.set !== undefined && a.target !== undefined) {
        const key = `${a.type}:${a.set}`;
        if (!batches.has(key)) batches.set(key, []);
        batches.get(key).push(a);
      } else {
        plain.push(a);
      }
    }
    const cards = [];
    if (v.state.players[seat].insurance) cards.push(`${v.state.players[seat].insurance} insurance card${v.state.players[seat].insurance > 1 ? "s" : ""}`);
    for (const [card, owner] of Object.entries(v.state.specials || {})) if (owner === seat) cards.push(`${card.charAt(0).toUpperCase()}${card.slice(1)} card`);
    return [
      h("h3", {}, "Your properties"),
      mine.length ? h("div", { class: "table-wrap" }, h("table", { class: "assets" },
        h("thead", {}, h("tr", {}, ["Property", "Units", "Mortgage", "Fee now", "Actions"].map((x) => h("th", { scope: "col" }, x)))),
        h("tbody", {}, rows))) : h("p", { class: "muted" }, "You own no properties yet."),
      h("h3", {}, "Batch actions"),
      batches.size || plain.length ? h("div", { class: "actions" },
        [...batches.values()].map((list) => batchControl(list)), plain.map((a) => actionButton(a)))
        : h("p", { class: "muted" }, "No batch action is available now."),
      h("h3", {}, "Purchased cards"),
      cards.length ? h("ul", {}, cards.map((card) => h("li", {}, typeof card === "string" ? card : card.name || card.id || JSON.stringify(card))))
        : h("p", { class: "muted" }, "You hold no purchased cards."),
      (groupedSpecs(v).assets || []).map(([type, spec]) => specForm(type, spec)),
    ];
  }

  /** One control per (batch type, set): choose the target, see the cost, apply. */
  function batchControl(list) {
    list.sort((a, b) => a.target - b.target);
    const id = `batch-${list[0].type}-${list[0].set}`;
    const select = h("select", { id, "data-key": id }, list.map((a, i) => h("option", { value: i }, `${a.target} unit${a.target === 1 ? "" : "s"}`)));
    const holder = h("span", {});
    const update = () => fill(holder, actionButton(list[Number(select.value)]));
    select.addEventListener("change", update);
    update();
    const d = describe(list[0], st.view, st.guide);
    return h("div", { class: "batch" }, h("label", { for: id }, d.label.replace(/ (down )?to \d+ units?$/, ""), ": target"), select, holder);
  }

  /** A generic form for an action with free parameters, from its spec. */
  function specForm(type, spec) {
    const fields = Object.entries(spec.fields || spec.parameters || {});
    const inputs = fields.map(([field, info]) => {
      const id = `spec-${type}-${field}`;
      const attrs = { id, name: field, "data-key": id };
      let input;
      if (Array.isArray(info?.choices || info?.enum)) {
        input = h("select", attrs, (info.choices || info.enum).map((x) => h("option", { value: x }, String(x))));
      } else {
        input = h("input", { ...attrs, type: "number", min: info?.min ?? info?.minimum, max: info?.max ?? info?.maximum, step: info?.step ?? info?.multiple_of ?? 1, value: info?.default ?? info?.min ?? "" });
      }
      return h("label", { for: id }, field.replaceAll("_", " "), input);
    });
    const button = h("button", { type: "submit", class: "action primary" }, describe({ type }, st.view, st.guide).label);
    const form = h("form", { class: "spec-form", "data-spec": type, onsubmit: (e) => {
      e.preventDefault();
      const action = { type };
      for (const [field] of fields) {
        const el = form.elements[field];
        action[field] = el.type === "number" ? Number(el.value) : el.value;
      }
      perform(action, button);
    } }, inputs, button, spec.description ? h("p", { class: "muted" }, spec.description) : null);
    return form;
  }

  function tradePanel() {
    const v = st.view;
    const seat = mySeat();
    if (seat === null || seat === undefined) return [spectatorNote()];
    const c = st.guide.edition.currency;
    const others = v.seats.filter((s) => s.seat !== seat && !v.state.players[s.seat].bankrupt);
    const t = st.trade;
    if (t.to === null || !others.some((o) => o.seat === t.to)) t.to = others[0]?.seat ?? null;
    const tradeActions = grouped(v).trade;
    const specEntry = (groupedSpecs(v).trade || []).find(([type]) => /propose/.test(type));
    const offerable = specEntry && Array.isArray(specEntry[1].to) ? specEntry[1].to : null;
    const owned = (who) => st.guide.tiles.filter((tile) => v.state.props[String(tile.index)]?.owner === who);
    const tileBox = (tile, set, prefix) => {
      const id = `${prefix}-${tile.index}`;
      return h("li", {}, h("input", { type: "checkbox", id, "data-key": id, checked: set.has(tile.index),
        onchange: (e) => { if (e.target.checked) set.add(tile.index); else set.delete(tile.index); renderDock(); } }),
      h("label", { for: id }, h("span", { class: "swatch", style: { "--set": setColor(st.guide, tile.set) } }), tile.name,
        v.state.props[String(tile.index)].mortgaged ? " (mortgaged)" : "", v.state.props[String(tile.index)].units ? ` (${v.state.props[String(tile.index)].units} units)` : ""));
    };
    const names = (set) => [...set].map((i) => st.guide.tiles[i].name);
    const give = [...names(t.give), t.giveCash ? money(t.giveCash, c) : null].filter(Boolean);
    const get = [...names(t.get), t.getCash ? money(t.getCash, c) : null].filter(Boolean);
    const closed = offerable && t.to !== null && !offerable.includes(t.to);
    const send = h("button", { type: "submit", class: "action primary", disabled: !specEntry || closed || (!give.length && !get.length) || t.to === null }, "Send offer");
    const form = h("form", { class: "trade", "aria-label": "Compose a trade offer", onsubmit: (e) => {
      e.preventDefault();
      if (!specEntry) return;
      perform({ type: specEntry[0], to: t.to, give: { cash: t.giveCash, properties: [...t.give] }, get: { cash: t.getCash, properties: [...t.get] } }, send)
        .then((sent) => { if (sent) { t.give.clear(); t.get.clear(); t.giveCash = 0; t.getCash = 0; renderDock(); } });
    } },
    h("label", { for: "trade-to" }, "Trade with",
      h("select", { id: "trade-to", "data-key": "trade-to", onchange: (e) => { t.to = Number(e.target.value); t.get.clear(); renderDock(); } },
        others.map((o) => h("option", { value: o.seat, selected: o.seat === t.to }, o.name)))),
    h("div", { class: "trade-sides" },
      h("fieldset", {}, h("legend", {}, "You give"),
        h("ul", { class: "checks" }, owned(seat).map((tile) => tileBox(tile, t.give, "give"))),
        h("label", { for: "give-cash" }, `Cash (${c})`, h("input", { id: "give-cash", type: "number", min: 0, step: 1000, value: t.giveCash, "data-key": "give-cash",
          onchange: (e) => { t.giveCash = Math.max(0, Number(e.target.value) || 0); renderDock(); } }))),
      h("fieldset", {}, h("legend", {}, `You get from ${t.to === null ? "—" : name(t.to)}`),
        h("ul", { class: "checks" }, t.to === null ? [] : owned(t.to).map((tile) => tileBox(tile, t.get, "get"))),
        h("label", { for: "get-cash" }, `Cash (${c})`, h("input", { id: "get-cash", type: "number", min: 0, step: 1000, value: t.getCash, "data-key": "get-cash",
          onchange: (e) => { t.getCash = Math.max(0, Number(e.target.value) || 0); renderDock(); } })))),
    h("div", { class: "trade-preview", "data-testid": "trade-preview", "aria-live": "polite" },
      h("p", {}, h("strong", {}, "You give: "), give.length ? give.join(", ") : "nothing"),
      h("p", {}, h("strong", {}, "You get: "), get.length ? get.join(", ") : "nothing")),
    h("div", { class: "row" }, send,
      h("button", { type: "button", onclick: () => { t.give.clear(); t.get.clear(); t.giveCash = 0; t.getCash = 0; renderDock(); } }, "Clear")),
    closed ? h("p", { class: "muted" }, `${name(t.to)} is closed to trade offers right now.`) : null,
    specEntry ? null : h("p", { class: "muted" }, "You cannot send a trade offer right now (this table does not take offers, or you have too many open)."));
    const byTrade = (id) => tradeActions.filter((a) => a.trade === id);
    const offers = (v.state.trades || []).map((offer) => {
      const mineOut = offer.proposer === seat;
      const items = (side) => [...(side.properties || []).map((i) => st.guide.tiles[i].name), side.cash ? money(side.cash, c) : null,
        side.insurance ? `${side.insurance} insurance` : null, ...(side.specials || [])].filter(Boolean).join(", ") || "nothing";
      return h("li", { class: "card offer", "data-testid": `offer-${offer.id}` },
        h("p", {}, h("strong", {}, mineOut ? `Your offer #${offer.id} to ${name(offer.to)}` : `Offer #${offer.id} from ${name(offer.proposer)}`)),
        h("p", {}, h("strong", {}, "You give: "), mineOut ? items(offer.give) : items(offer.get)),
        h("p", {}, h("strong", {}, "You get: "), mineOut ? items(offer.get) : items(offer.give)),
        h("div", { class: "actions" }, byTrade(offer.id).map((a) => actionButton(a, "small"))));
    });
    const other = tradeActions.filter((a) => a.trade === undefined);
    return [
      offers.length ? [h("h3", {}, "Open offers"), h("ul", { class: "list" }, offers)] : null,
      other.length ? h("div", { class: "actions" }, other.map((a) => actionButton(a))) : null,
      h("h3", {}, "Compose an offer"), form,
    ];
  }

  function loansPanel() {
    const v = st.view;
    const seat = mySeat();
    if (seat === null || seat === undefined) return [spectatorNote()];
    const c = st.guide.edition.currency;
    const actions = grouped(v).loans;
    const specs = Object.fromEntries(groupedSpecs(v).loans || []);
    const me = v.state.players[seat];
    const out = [];
    if (v.state.derived?.bank_loan_limit !== undefined) out.push(h("p", {}, `Bank loan limit: ${money(v.state.derived.bank_loan_limit, c)}`));
    if (me.bank_loan) {
      out.push(h("p", {}, `Bank loan: ${money(me.bank_loan.principal, c)} principal + ${money(me.bank_loan.interest, c)} interest, due at revolution ${me.bank_loan.due}.`));
    }
    const loans = (v.state.loans || []).filter((l) => l.borrower === seat || l.lender === seat);
    if (loans.length) {
      out.push(h("ul", {}, loans.map((l) => h("li", {}, l.borrower === seat
        ? `#${l.id}: you owe ${name(l.lender)} ${money(l.principal + l.interest, c)} (due at revolution ${l.due})`
        : `#${l.id}: ${name(l.borrower)} owes you ${money(l.principal + l.interest, c)} (due at revolution ${l.due})`))));
    }
    const offers = (v.state.loan_offers || []);
    if (offers.length) {
      out.push(h("ul", {}, offers.map((o) => h("li", {}, `Offer #${o.id}: ${name(o.lender)} lends ${name(o.borrower)} ${money(o.amount, c)} at ${o.interest_percent}% for ${o.term} revolutions`))));
    }
    if (!me.bank_loan && !loans.length && !offers.length) out.push(h("p", { class: "muted" }, "You have no open loans."));
    if (specs.take_loan) {
      const spec = specs.take_loan;
      const amount = h("input", { id: "loan-amount", "data-key": "loan-amount", type: "number", min: spec.min, max: spec.max, step: spec.step, value: spec.min, required: true });
      const button = h("button", { type: "submit", class: "action spend" }, h("span", { class: "label" }, "Borrow from the bank"),
        h("span", { class: "cost" }, `${spec.interest_percent}% interest, due after ${spec.term} revolutions`));
      out.push(h("form", { class: "spec-form", onsubmit: (e) => { e.preventDefault(); perform({ type: "take_loan", amount: Number(amount.value) }, button); } },
        h("label", { for: "loan-amount" }, `Amount (${money(spec.min, c)} to ${money(spec.max, c)})`, amount), button));
    }
    if (specs.offer_loan) {
      const spec = specs.offer_loan;
      const to = h("select", { id: "lend-to" }, spec.to.map((i) => h("option", { value: i }, name(i))));
      const lend = h("select", { id: "lend-way" }, h("option", { value: "true" }, "I lend"), h("option", { value: "false" }, "I borrow"));
      const amount = h("input", { id: "lend-amount", type: "number", min: spec.min, step: spec.step, value: spec.min, required: true });
      const rate = h("select", { id: "lend-rate" }, spec.interest_percents.map((p) => h("option", { value: p }, `${p}%`)));
      const term = h("select", { id: "lend-term" }, spec.terms.map((n) => h("option", { value: n }, `${n} revolutions`)));
      const button = h("button", { type: "submit", class: "action primary" }, "Offer the loan");
      out.push(h("form", { class: "spec-form", onsubmit: (e) => {
        e.preventDefault();
        perform({ type: "offer_loan", to: Number(to.value), lend: lend.value === "true", amount: Number(amount.value), interest_percent: Number(rate.value), term: Number(term.value) }, button);
      } }, h("label", { for: "lend-to" }, "With", to), h("label", { for: "lend-way" }, "Direction", lend),
      h("label", { for: "lend-amount" }, `Amount (${c})`, amount), h("label", { for: "lend-rate" }, "Interest", rate), h("label", { for: "lend-term" }, "Term", term), button));
    }
    if (actions.length) out.push(h("div", { class: "actions" }, actions.map((a) => actionButton(a))));
    Object.entries(specs).filter(([type]) => !["take_loan", "offer_loan"].includes(type)).forEach(([type, spec]) => out.push(specForm(type, spec)));
    return out;
  }

  function chatPanel() {
    if (!st.chatSupported) return [h("p", { class: "muted" }, "Table chat is not available on this server yet.")];
    const list = h("ol", { class: "chat-log", "aria-live": "polite", "aria-label": "Chat messages" },
      st.chat.map((m) => h("li", {}, h("strong", {}, m.name), ": ", unescapeHtml(m.text))));
    const input = h("input", { id: "chat-text", "data-key": "chat-text", maxlength: 500, autocomplete: "off", required: true });
    const send = h("button", { type: "submit", class: "primary" }, "Send");
    const form = h("form", { class: "row", onsubmit: async (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      await busy(send, async () => {
        await api.postChat(st.id, text);
        input.value = "";
        await loadChat();
        renderDock();
        dock.querySelector("#chat-text")?.focus();
      });
    } }, h("label", { for: "chat-text", class: "sr-only" }, "Message"), input, send);
    setTimeout(() => { list.scrollTop = list.scrollHeight; });
    return [list, form];
  }

  function logPanel() {
    const events = st.events.filter((e) => e.type !== "DecisionPending").slice().reverse();
    return [h("ul", { class: "full-log", "aria-label": "Event log" }, events.map((e) => h("li", {}, describeEvent(e, st.view, st.guide))))];
  }

  function audioPanel() {
    return [
      h("label", { class: "switch" }, h("input", { type: "checkbox", id: "mute", "data-key": "mute", checked: sound.muted,
        onchange: (e) => { sound.muted = e.target.checked; notify(sound.muted ? "Sound off" : "Sound on"); } }), "Mute sound effects"),
      h("label", { for: "volume" }, "Volume", h("input", { type: "range", id: "volume", min: 0, max: 1, step: 0.1, value: sound.volume,
        onchange: (e) => { sound.volume = e.target.value; } })),
      h("div", { class: "row" }, ["dice", "purchase", "turn"].map((n) => h("button", { type: "button", onclick: () => sound.play(n) }, `Play ${n}`))),
    ];
  }

  function tablePanel() {
    const v = st.view;
    const link = `${location.origin}${location.pathname}#/game/${st.id}`;
    const out = [
      h("p", {}, `${v.seats.length} seats · ${st.guide?.ruleset_titles?.[v.ruleset] || v.ruleset} · version ${v.version}`),
      h("div", { class: "row" },
        h("button", { type: "button", onclick: async () => notify(await copyText(link) ? "Game link copied" : link) }, "Copy game link"),
        h("a", { class: "button", href: "#/" }, "Dashboard"),
        h("a", { class: "button", href: `#/lobby/${st.id}` }, "Lobby")),
    ];
    if (v.owner && api.session.get()?.account_id === v.owner.account_id) {
      if (v.status === "active") out.push(h("button", { type: "button", onclick: (e) => busy(e.currentTarget, async () => { await api.saveGame(st.id); st.etag = null; await refresh(); }) }, "Save (pause) game"));
      if (v.status === "saved") out.push(h("button", { type: "button", onclick: (e) => busy(e.currentTarget, async () => { await api.resumeGame(st.id); st.etag = null; await refresh(); }) }, "Resume game"));
    }
    return out;
  }

  async function renderSummaryIfOver() {
    const v = st.view;
    if (!v.outcome) { summary.replaceChildren(); return; }
    if (st.finishedSummary === st.events.length) return;
    st.finishedSummary = st.events.length;
    fill(summary, renderSummary(v, st.events, st.guide));
  }

  // ------------------------------------------------------------------ lifecycle
  const onVisible = () => { if (!document.hidden) { clearTimeout(st.timer); refresh(); } };
  document.addEventListener("visibilitychange", onVisible);
  if (demo) notify("Demo table: four bots play while you watch.");
  refresh();
  return () => {
    st.stopped = true;
    clearTimeout(st.timer);
    document.removeEventListener("visibilitychange", onVisible);
  };
}
