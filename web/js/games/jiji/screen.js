// The Jiji screen module (mounted by the shell's game route for views whose `game` is "jiji";
// interface in docs/web.md). The city at a glance: the move feed and the last roll above the
// track; the track (board.js) with every district's owner, current rent and buildings, and in
// its middle the game clock and the open auction; a rail with the players (cash, wealth) and
// the chosen space's card; a dock (your districts, deals, log, chat, table); the end's wealth
// table; and the pinned action bar (actionbar.js) with the auction, the Construction result,
// the Building Permit choice and the turn's main action on screen on every layout.

import { fitFrame, scrollIntoFrame } from "../../shell/track.js";
import { keepInputs, SEAT_COLORS } from "../../ui.js";
import { legalOf, spaceName } from "./actions.js";
import { clockPill, clockWords, countdown, renderActionBar } from "./actionbar.js";
import { renderTrack, spaceCard } from "./board.js";
import { describeEvent, jm, shown } from "./events.js";
import { dealsPanel, districtsPanel, wealthTable } from "./panels.js";

const DICE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const TABS = [["districts", "Districts"], ["deals", "Deals"], ["log", "Log"], ["chat", "Chat"], ["table", "Table"]];

export function mount(root, ctx) {
  const { h, fill, prefs } = ctx;
  const st = { selected: null, follow: prefs.get("jiji.follow", true), tab: prefs.get("jiji.tab", "districts"), dealTo: null };
  if (!TABS.some(([id]) => id === st.tab)) st.tab = "districts";
  const style = h("link", { rel: "stylesheet", href: new URL("./jiji.css", import.meta.url).href });
  document.head.append(style);

  const screen = h("section", { class: "game jiji-game", "aria-label": "Game" });
  const top = h("header", { class: "game-top" });
  const summary = h("div", { class: "summary-wrap" });
  const boardWrap = h("div", { class: "board-wrap jiji-wrap" });
  const rail = h("aside", { class: "rail", "aria-label": "Players and the chosen space" });
  const dock = h("section", { class: "dock", "aria-label": "Actions dock" });
  const bar = h("section", { class: "action-bar", "aria-label": "Your turn and actions", "data-testid": "action-bar" });
  // A finished game opens on its result: the summary comes first (empty during play).
  screen.append(summary, top, h("div", { class: "game-main" }, boardWrap, rail), dock, bar);
  root.append(screen);
  document.body.classList.add("has-action-bar");
  // A bar taller than its room scrolls inside itself: say so at its foot ("More below"),
  // until its end is in view (issue 32: sideways, the opening bids sat below an unmarked fold).
  const markMore = () => { bar.dataset.more = String(bar.scrollHeight - bar.scrollTop - bar.clientHeight > 4); };
  bar.addEventListener("scroll", markMore, { passive: true });
  const barSize = new ResizeObserver(() => {
    document.documentElement.style.setProperty("--bar-space", `${bar.offsetHeight + 16}px`);
    fitFrame(boardWrap, bar);
    markMore();
  });
  barSize.observe(bar);

  const view = () => ctx.view;
  const guide = () => ctx.guide;
  const sc = {
    ctx, st, view, guide,
    name: (seat) => ctx.words.name(seat),
    words: ctx.words,
    perform,
    redrawDock: () => keepInputs(root, renderDock),
    mark: (space) => { st.selected = space; keepInputs(root, () => { renderBoard(); renderRail(); }); },
    spectatorNote: () => h("p", { class: "muted" }, "You are watching this table: actions are for seated players."),
  };

  async function perform(action, button) {
    if (action.type === "declare_bankruptcy") {
      const ok = await ctx.confirm({ title: "Declare bankruptcy?", danger: true, confirmLabel: "Declare bankruptcy",
        body: "You leave the game: your creditor takes what you have (the bank auctions your districts)." });
      if (!ok) return false;
    }
    return ctx.act(action, button);
  }

  function update(v, fresh = []) {
    if (fresh.some((e) => e.type === "DiceRolled")) ctx.sound?.play("dice");
    if (fresh.some((e) => ["DistrictBought", "BlocksBuilt", "AuctionClosed"].includes(e.type))) ctx.sound?.play("purchase");
    if (fresh.some((e) => e.type === "Moved" || e.type === "AuctionOpened")) st.selected = null;
    keepInputs(root, () => {
      renderTop();
      renderSummary();
      renderBoard();
      renderRail();
      renderDock();
      fill(bar, renderActionBar(sc));
    });
    fitFrame(boardWrap, bar);
    markMore();
    const focus = focusSpace();
    if (focus !== null && st.follow) requestAnimationFrame(() => scrollIntoFrame(boardWrap, boardWrap.querySelector(`[data-space="${focus}"]`)));
    void v;
  }

  /** The space to keep in sight: the one chosen, the auctioned district, or where the player
   * the game waits on stands. */
  function focusSpace() {
    const v = view();
    if (st.selected !== null) return st.selected;
    if (v.state.auction) return v.state.auction.district;
    const seat = v.decision && v.decision.player !== null ? v.decision.player : v.state.cur;
    return v.state.players[seat]?.pos ?? null;
  }

  function renderTop() {
    const v = view();
    const g = guide();
    const recent = [];
    for (let i = ctx.events().length - 1; i >= 0 && recent.length < 3; i -= 1) {
      if (shown(ctx.events()[i])) recent.push(ctx.events()[i]);
    }
    const roll = v.state.last_roll;
    fill(top,
      h("div", { class: "feed", "aria-label": "Latest moves" },
        h("ul", { class: "latest", "data-testid": "feed" }, recent.map((e) => h("li", {}, describeEvent(e, v, g))))),
      h("div", { class: "roll", "aria-label": "Last roll" },
        roll && roll.length ? [h("span", { class: "dice", "aria-hidden": "true" }, roll.map((d) => DICE[d] || d).join(" ")),
          h("span", { class: "sr-only" }, `Last roll ${roll.join(" and ")}`)] : h("span", { class: "muted" }, "No roll yet")),
      h("div", { class: "view-controls" },
        h("label", { class: "switch" }, h("input", { type: "checkbox", checked: st.follow, "data-key": "follow",
          onchange: (e) => { st.follow = e.target.checked; prefs.set("jiji.follow", st.follow); st.selected = null; update(view()); } }), "Follow the game")));
  }

  function renderSummary() {
    fill(summary, wealthTable(sc));
  }

  /** Spaces to mark on the track for the decision at hand. */
  function marks() {
    const v = view();
    const out = new Map();
    const a = v.state.auction;
    if (a) out.set(a.district, { cls: "on-auction", note: "on auction" });
    const room = v.legal_specs?.place_blocks?.districts || {};
    for (const [space, free] of Object.entries(room)) out.set(Number(space), { cls: "can-build", note: `room ${free}` });
    for (const s of legalOf(v, "place_station")) out.set(s.district, { cls: "can-build", note: "station here" });
    for (const s of legalOf(v, "place_permit")) out.set(s.district, { cls: "can-permit", note: "permit" });
    for (const s of legalOf(v, "jump")) out.set(s.district, { cls: "can-jump", note: "jump here" });
    return out;
  }

  function renderBoard() {
    const v = view();
    const g = guide();
    const s = v.state;
    const a = s.auction;
    const center = h("div", { class: "center-inner" },
      h("strong", { class: "brand-mark" }, g.title || "Jiji"),
      h("p", { class: "center-facts" }, clockPill(sc, "center-clock")),
      a ? h("p", { class: "center-facts" }, `Auction: ${spaceName(g, a.district)}, `,
        a.holder !== null && a.holder !== undefined ? `${jm(a.bid)} by ${sc.name(a.holder)}` : `from ${jm(a.minimum)}`,
        ", ", countdown(sc, a.closes, "", " left")) : null,
      h("p", { class: "center-facts" }, `Turn ${s.turn}`, " · ",
        s.exemption === null || s.exemption === undefined ? "the rent exemption card is on Free Parking" : `${sc.name(s.exemption)} holds the rent exemption card`),
      h("p", { class: "center-facts" }, `Stadiums left: ${s.derived.stadiums_left}`, " · ", s.derived.tower_built ? "the Jiji Tower stands" : "the Jiji Tower is still to build"),
      h("p", { class: "legend", "aria-label": "Legend" },
        h("span", { class: "chip res" }, "R"), " residential ", h("span", { class: "chip ind" }, "I"), " industrial ",
        h("span", { class: "chip bonus" }, "bonus"), " ", h("span", { class: "chip nuisance" }, "nuisance")));
    const scroll = { left: boardWrap.scrollLeft, top: boardWrap.scrollTop };
    fill(boardWrap, renderTrack(g, v, {
      selected: st.selected, marks: marks(), center,
      select: (space) => { st.selected = st.selected === space ? null : space; keepInputs(root, () => { renderBoard(); renderRail(); }); },
    }));
    boardWrap.scrollLeft = scroll.left;
    boardWrap.scrollTop = scroll.top;
  }

  function renderRail() {
    const v = view();
    const g = guide();
    const s = v.state;
    const owned = (seat) => Object.values(s.districts).filter((d) => d.owner === seat).length;
    const space = st.selected ?? focusSpace();
    fill(rail,
      h("section", { class: "card players", "aria-labelledby": "players-title" },
        h("h2", { id: "players-title" }, "Players"),
        h("ul", {}, s.players.map((p, seat) => h("li", { class: `${seat === s.cur ? "active" : ""} ${p.out ? "out" : ""}`, "data-testid": `player-${seat}` },
          h("span", { class: "dot", style: { "--c": SEAT_COLORS[seat % 4] }, "aria-hidden": "true" }),
          h("span", { class: "pname" }, sc.name(seat), seat === v.seat ? " (you)" : "", v.seats[seat]?.kind === "bot" ? " (bot)" : "",
            v.seats[seat]?.stand_in ? " (a bot stands in)" : ""),
          h("span", { class: "pcash" }, p.out ? "bankrupt" : jm(p.cash)),
          h("span", { class: "pmeta" }, [p.out ? null : `wealth ${jm(s.derived.wealth[String(seat)] ?? 0)}`,
            sc.words.plural("district", owned(seat)), `on ${spaceName(g, p.pos)}`, p.jailed ? "in jail" : null,
            p.cards.length ? sc.words.plural("Get Out of Jail card", p.cards.length) : null,
            s.exemption === seat ? "holds the rent exemption card" : null].filter(Boolean).join(" · ")))))),
      h("section", { class: "card", "aria-labelledby": "space-title" },
        h("h2", { id: "space-title" }, "Space"),
        space === null ? h("p", { class: "muted" }, "Tap a space on the track to read its card.") : spaceCard(g, v, space)));
  }

  function renderDock() {
    const v = view();
    const counts = { deals: (v.state.deals || []).filter((d) => d.to === v.seat).length };
    const tablist = h("div", { class: "tabs", role: "tablist", "aria-label": "Dock panels" },
      TABS.map(([id, label]) => h("button", { type: "button", role: "tab", id: `tab-${id}`, "data-key": `tab-${id}`,
        "aria-selected": st.tab === id ? "true" : "false", "aria-controls": "dock-panel", tabindex: st.tab === id ? "0" : "-1",
        onclick: () => selectTab(id), onkeydown: (e) => tabKeys(e, id) }, label,
      counts[id] ? h("span", { class: "badge", "aria-label": `${counts[id]} waiting for your answer` }, counts[id]) : null)));
    const panel = h("div", { class: "panel", role: "tabpanel", id: "dock-panel", "aria-labelledby": `tab-${st.tab}`, tabindex: "0" });
    const renderers = {
      districts: () => districtsPanel(sc), deals: () => dealsPanel(sc), chat: () => ctx.components.chat(),
      log: () => ctx.components.eventLog((e) => describeEvent(e, view(), guide()), { label: "Event log" }),
      table: () => [ctx.components.pending(v), ctx.components.tableControls(v)],
    };
    fill(panel, renderers[st.tab]());
    fill(dock, tablist, panel);
  }

  function selectTab(id) {
    st.tab = id;
    prefs.set("jiji.tab", id);
    keepInputs(root, renderDock);
    dock.querySelector(`#tab-${id}`)?.focus();
  }

  function tabKeys(e, id) {
    const i = TABS.findIndex(([t]) => t === id);
    const next = { ArrowRight: TABS[(i + 1) % TABS.length][0], ArrowLeft: TABS[(i - 1 + TABS.length) % TABS.length][0] }[e.key];
    if (next) {
      e.preventDefault();
      selectTab(next);
    }
  }

  // Countdowns (the clock, the auction's close, a deal's expiry) tick every second without a
  // redraw, so nothing moves under a finger.
  const ticker = setInterval(() => {
    for (const el of root.querySelectorAll(".countdown[data-ends]")) {
      el.textContent = `${el.dataset.before}${clockWords(Number(el.dataset.ends) - Date.now() / 1000)}${el.dataset.after}`;
    }
  }, 1000);
  const onResize = () => fitFrame(boardWrap, bar);
  window.addEventListener("resize", onResize);

  return {
    update,
    chatChanged: () => { if (st.tab === "chat") keepInputs(root, renderDock); },
    unmount() {
      clearInterval(ticker);
      barSize.disconnect();
      window.removeEventListener("resize", onResize);
      style.remove();
      document.body.classList.remove("has-action-bar");
      document.documentElement.style.removeProperty("--bar-space");
    },
  };
}
