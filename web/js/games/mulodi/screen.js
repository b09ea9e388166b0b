// The Mulodi card-table screen (mounted by the shell's game route for views whose `game` is
// "mulodi"; interface in docs/web.md). Top to bottom: the opponents (bank total, sets with the
// full ones marked, cards in hand), the middle and the draw pile, your table (bank, property
// sets), the dock (log, chat, table). The pinned action bar says what the table waits for, in
// plain words with its deadline, shows your hand as readable cards (a strip that scrolls
// sideways, so choosing a card never scrolls the page) and holds every move you may make now:
// the chosen card's plays (asking only what the card needs), the Neda prompt (what is done to
// you and what it costs), the payment (the debt, the running total, no change given) and the
// cards to return over the hand limit. Buttons come only from the server's legal actions.

import { cardIndex, cardText, colourName, colourSwatch, costTo, describe, faceInfo, m } from "./cards.js";
import { describeEvent } from "./events.js";
import { legalButton } from "../../shell/buttons.js";
import { clockTime, keepInputs } from "../../ui.js";

const KIND_WORDS = { play: "play", respond: "answer a card", pay: "pay" };
const TABS = [["log", "Log"], ["chat", "Chat"], ["table", "Table"]];
const CHOICE_FIELDS = ["target", "colour", "property", "give", "set", "doubles"];

export function mount(root, ctx) {
  const { h, fill, prefs } = ctx;
  const st = { chosen: null, pay: new Set(), payFor: null, ret: new Set(), tab: prefs.get("mulodiTab", "log"), picks: {}, handScroll: 0 };
  if (!TABS.some(([id]) => id === st.tab)) st.tab = "log";
  const style = h("link", { rel: "stylesheet", href: new URL("./mulodi.css", import.meta.url).href });
  document.head.append(style);
  const screen = h("section", { class: "mulodi", "aria-label": "Card table" });
  const opponents = h("section", { class: "opponents", "aria-label": "Other players" });
  const middle = h("section", { class: "middle", "aria-label": "The middle and the draw pile" });
  const mine = h("section", { class: "my-table", "aria-label": "Your table" });
  const hand = h("section", { class: "hand", "aria-label": "Your hand", "data-testid": "hand" });
  const dock = h("section", { class: "dock", "aria-label": "Log, chat and table" });
  const bar = h("section", { class: "action-bar", "aria-label": "Your turn and actions", "data-testid": "action-bar" });
  const result = h("div", { class: "summary-wrap" });
  // A finished game opens on its result: it comes first (empty during play).
  screen.append(result, opponents, middle, mine, dock, bar);
  root.append(screen);
  document.body.classList.add("has-action-bar");
  // A bar taller than its room (the longest names, a long card text sideways) scrolls inside
  // itself: say so at its foot ("More below"), as Jiji's does, until its end is in view.
  const markMore = () => { bar.dataset.more = String(bar.scrollHeight - bar.scrollTop - bar.clientHeight > 4); };
  bar.addEventListener("scroll", markMore, { passive: true });
  const barSize = new ResizeObserver(() => {
    document.documentElement.style.setProperty("--bar-space", `${bar.offsetHeight + 16}px`);
    markMore();
  });
  barSize.observe(bar);
  const handSize = new ResizeObserver(() => fitHand());
  handSize.observe(hand);

  const view = () => ctx.view;
  const guide = () => ctx.guide;
  const name = (seat) => (seat === view().seat ? "you" : ctx.words.name(seat));
  const Name = (seat) => (seat === view().seat ? "You" : ctx.words.name(seat));
  const whose = (seat) => (seat === view().seat ? "your" : `${ctx.words.name(seat)}'s`);
  const words = (action) => describe(action, view(), guide(), name);
  const button = (action, extra = "") => legalButton(action, words(action), (b) => perform(action, b), extra);
  const keep = (draw) => keepInputs(root, draw);

  async function perform(action, b) {
    const done = await ctx.act(action, b);
    if (done) { st.chosen = null; st.pay.clear(); st.ret.clear(); st.picks = {}; }
    return done;
  }

  function update(v, fresh = []) {
    if (st.chosen && !(v.state.hand || []).some((c) => c.id === st.chosen)) st.chosen = null;
    if (fresh.some((e) => e.type === "Paid" && e.payee === v.seat && e.paid) && ctx.sound) ctx.sound.play("purchase");
    keep(() => { renderResult(); renderOpponents(); renderMiddle(); renderMine(); renderDock(); renderHand(); renderBar(); });
    fitHand();
    markMore();
  }

  /** The hand strip shows whole cards only: where the hand is wider than the strip, its cards
   * widen so a whole number of them (as many as fit at the card's least width) fill it, its
   * scroll snaps a card at a time, and the heading says how many more lie past each edge. */
  function fitHand() {
    const strip = hand.querySelector(".hand-cards");
    if (!strip || !strip.children.length) return;
    strip.style.removeProperty("--card-w");
    const cards = [...strip.children];
    const least = cards[0].getBoundingClientRect().width;
    const gap = parseFloat(getComputedStyle(strip).columnGap) || 0;
    const room = strip.clientWidth;
    if (!least || !room) return;
    const across = Math.max(1, Math.floor((room + gap) / (least + gap)));
    if (cards.length > across) strip.style.setProperty("--card-w", `${Math.floor(((room - (across - 1) * gap) / across) * 100) / 100}px`);
    // A redraw (choosing a card, a new view) draws the strip afresh: it keeps where it was
    // scrolled, so a card chosen past the first ones stays in sight.
    if (strip.scrollLeft !== st.handScroll) strip.scrollLeft = st.handScroll;
    handHint();
  }

  /** "4 more →" (and "← 2 more") in the hand's heading: the cards past the strip's edges. */
  function handHint() {
    const strip = hand.querySelector(".hand-cards");
    const hint = hand.querySelector(".hand-more");
    if (!strip || !hint) return;
    const box = strip.getBoundingClientRect();
    let left = 0;
    let right = 0;
    for (const c of strip.children) {
      const r = c.getBoundingClientRect();
      if (r.right <= box.left + 1) left += 1;
      else if (r.left >= box.right - 1) right += 1;
    }
    hint.textContent = [left ? `← ${left} more` : "", right ? `${right} more →` : ""].filter(Boolean).join(" · ");
    hint.hidden = !left && !right;
  }

  // ------------------------------------------------------------------ cards and sets
  function cardFace(c, { selectable = false, pressed = false } = {}) {
    const info = faceInfo(guide(), c.face);
    const colours = info.colours || [];
    const stripe = colours.length ? colours.map((id) => h("span", { class: "band", style: { background: colourSwatch(id) } })) : null;
    const body = [
      h("span", { class: "stripe", "aria-hidden": "true" }, stripe),
      h("span", { class: "cname" }, c.name),
      h("span", { class: "cvalue" }, info.kind === "master" ? "no cash value" : m(c.value)),
      colours.length ? h("span", { class: "ccolour" }, colours.map((id) => colourName(guide(), id)).join(" / ")) : null,
      h("span", { class: "ctext" }, cardText(guide(), c.face)),
    ];
    if (!selectable) return h("div", { class: `pcard kind-${info.kind}`, "data-card": c.id, "data-face": c.face }, body);
    return h("button", { type: "button", class: `pcard kind-${info.kind}`, "data-card": c.id, "data-face": c.face, "data-key": `card-${c.id}`,
      "aria-pressed": pressed ? "true" : "false", onclick: () => { st.chosen = pressed ? null : c.id; st.picks = {}; update(view()); } }, body);
  }

  function setsOf(seat, { full = false } = {}) {
    const section = view().state.seats[seat].properties;
    const out = [];
    for (const [colour, info] of Object.entries(section)) {
      for (const group of info.sets) {
        out.push(h("li", { class: `set ${group.full ? "full" : ""}`, "data-colour": colour, style: { "--set": colourSwatch(colour) } },
          h("span", { class: "swatch", "aria-hidden": "true" }),
          h("strong", {}, colourName(guide(), colour)),
          ` ${group.cards.length}/${info.size}`, group.full ? h("span", { class: "full-mark" }, " full ✓") : null,
          group.apartment ? " + Apartment" : null, group.arcade ? " + Arcade" : null,
          full ? h("span", { class: "muted" }, `: ${group.cards.map((c) => c.name).join(", ")}`) : null));
      }
      out.push(h("li", { class: "rent muted", "data-rent": colour }, `${colourName(guide(), colour)} rent ${m(info.rent)}`));
    }
    return out.length ? h("ul", { class: "sets" }, out) : h("p", { class: "muted" }, "No properties yet");
  }

  /** The result of a finished game: ranked by full sets of different colours, then by what
   * each table is worth (the winner first: three full sets, or the ranking at a turn cap or
   * stalemate). */
  function renderResult() {
    const v = view();
    if (!v.outcome) { result.replaceChildren(); return; }
    const need = guide().winning?.full_sets_of_different_colours ?? 3;
    const rows = v.state.seats.map((s, seat) => ({ seat, name: Name(seat), value: s.table_value,
      sets: s.full_colours.length,
      figure: `${ctx.words.plural("full set", s.full_colours.length)} of ${need} · ${m(s.table_value)} on the table` }))
      .sort((a, b) => (b.seat === v.outcome.winner) - (a.seat === v.outcome.winner) || (b.sets - a.sets) || (b.value - a.value));
    fill(result, ctx.components.result(v, { rows, chartLabel: "What each table is worth at the end" }));
  }

  function renderOpponents() {
    const v = view();
    const g = guide();
    const need = g.winning?.full_sets_of_different_colours ?? 3;
    fill(opponents, v.state.seats.map((s, seat) => (seat === v.seat ? null
      : h("article", { class: `opponent card ${seat === turnHolder() ? "active" : ""}`, "data-testid": `opponent-${seat}`, "aria-label": ctx.words.name(seat) },
        h("h2", {}, ctx.words.name(seat), v.seats[seat]?.kind === "bot" ? " (bot)" : "", v.seats[seat]?.stand_in ? " (a bot stands in)" : "",
          seat === v.state.current && !v.outcome ? h("span", { class: "pill" }, "their turn") : null,
          v.outcome && seat === v.outcome.winner ? h("span", { class: "pill" }, "winner") : null),
        h("dl", { class: "facts" },
          h("dt", {}, "Bank"), h("dd", { "data-testid": `bank-${seat}` }, m(s.bank_value)),
          h("dt", {}, "Hand"), h("dd", {}, ctx.words.plural("card", s.hand_count)),
          h("dt", {}, "Full sets"), h("dd", {}, `${s.full_colours.length} of ${need}`)),
        setsOf(seat)))));
  }

  function turnHolder() {
    const v = view();
    return v.decision && v.decision.player !== null ? v.decision.player : v.state.current;
  }

  function renderMiddle() {
    const v = view();
    const top = v.state.middle.top;
    const play = v.state.action;
    fill(middle,
      h("div", { class: "pile" }, h("h2", {}, "The middle"),
        top ? cardFace(top) : h("p", { class: "muted" }, "Empty"),
        h("p", { class: "muted" }, `${ctx.words.plural("card", v.state.middle.count)} played`)),
      h("div", { class: "pile" }, h("h2", {}, "Draw pile"), h("p", { class: "big" }, ctx.words.plural("card", v.state.draw_pile))),
      h("div", { class: "pile turn-facts" }, h("h2", {}, v.outcome ? `Game over after ${ctx.words.plural("turn", v.state.turn)}` : `Turn ${v.state.turn}: ${Name(v.state.current)}`),
        v.outcome ? null : h("p", { "data-testid": "plays-left" }, `${ctx.words.plural("play", v.state.plays_left)} left this turn`),
        play ? h("p", { "data-testid": "play-in-middle" }, `${Name(play.actor)} played ${play.card.name}${play.amount ? ` (${m(play.amount)})` : ""}: ${play.chains.map(chainWords).join(", ")}`) : null));
  }

  // Where one target's part of the card in play stands; after a Neda the one to answer is the
  // chain's holder (the card's player, then the target again after a Neda back).
  function chainWords(c) {
    if (c.stage === "done") return `${name(c.target)} done`;
    if (c.stage === "pay") return `${name(c.target)} to pay`;
    if (!c.nedas) return `${name(c.target)} to answer`;
    if (c.nedas === 1) return `${name(c.target)} played a Neda, ${name(c.holder)} to answer`;
    return `${c.nedas} Nedas played for ${name(c.target)}, ${name(c.holder)} to answer`;
  }

  function renderMine() {
    const v = view();
    if (v.seat === null || v.seat === undefined) { fill(mine, h("p", { class: "muted" }, "You are watching this table: hands stay hidden; actions are for seated players.")); return; }
    const s = v.state.seats[v.seat];
    const moves = (v.legal_actions || []).filter((a) => a.type === "move_wildcard");
    fill(mine,
      h("div", { class: "card" }, h("h2", {}, `Your bank: ${m(s.bank_value)}`),
        s.bank.length ? h("ul", { class: "bank-cards" }, s.bank.map((c) => h("li", {}, `${c.name} (${m(c.value)})`))) : h("p", { class: "muted" }, "Empty")),
      h("div", { class: "card" }, h("h2", {}, `Your sets: ${s.full_colours.length} full of ${guide().winning?.full_sets_of_different_colours ?? 3}`), setsOf(v.seat, { full: true }),
        moves.length ? h("details", { class: "moves" }, h("summary", {}, "Move a wildcard (free)"), h("div", { class: "actions" }, moves.map((a) => button(a, "small")))) : null));
  }

  function renderHand() {
    const v = view();
    const cards = v.state.hand;
    if (!cards) { fill(hand); hand.hidden = true; return; }
    hand.hidden = false;
    fill(hand, h("h2", {}, `Your hand: ${ctx.words.plural("card", cards.length)}`, cards.length > v.state.hand_limit ? h("span", { class: "muted keep" }, ` (keep ${v.state.hand_limit})`) : null,
      !ctx.replay && v.decision?.kind === "play" && v.decision.player === v.seat && v.state.plays_left ? h("span", { class: "muted choose-one" }, ": choose one to play") : null,
      h("span", { class: "hand-more", "data-testid": "hand-more", "aria-hidden": "true", hidden: true })),
      h("div", { class: "hand-cards", role: "group", "aria-label": "Cards in your hand: choose one to play", onscroll: (e) => { st.handScroll = e.currentTarget.scrollLeft; handHint(); } },
        cards.map((c) => cardFace(c, { selectable: !ctx.replay, pressed: st.chosen === c.id }))));
  }

  function renderDock() {
    const v = view();
    const tabs = h("div", { class: "tabs", role: "tablist", "aria-label": "Dock panels" }, TABS.map(([id, label]) => h("button", {
      type: "button", role: "tab", id: `tab-${id}`, "data-key": `tab-${id}`, "aria-selected": st.tab === id ? "true" : "false",
      "aria-controls": "dock-panel", tabindex: st.tab === id ? "0" : "-1", onclick: () => selectTab(id), onkeydown: (e) => tabKeys(e, id) }, label)));
    const panel = h("div", { class: "panel", role: "tabpanel", id: "dock-panel", "aria-labelledby": `tab-${st.tab}`, tabindex: "0" });
    const renderers = {
      log: () => ctx.components.eventLog((e) => (e.type === "DecisionPending" ? null : describeEvent(e, view(), guide(), ctx.words)), { label: "Event log" }),
      chat: () => ctx.components.chat(),
      table: () => [ctx.components.pending(v, KIND_WORDS), ctx.components.idleControls(v), ctx.components.tableControls(v)],
    };
    fill(panel, renderers[st.tab]());
    fill(dock, tabs, panel);
  }

  function selectTab(id) { st.tab = id; prefs.set("mulodiTab", id); keep(renderDock); dock.querySelector(`#tab-${id}`)?.focus(); }
  function tabKeys(e, id) {
    const i = TABS.findIndex(([t]) => t === id);
    const next = e.key === "ArrowRight" ? TABS[(i + 1) % TABS.length][0] : e.key === "ArrowLeft" ? TABS[(i - 1 + TABS.length) % TABS.length][0] : null;
    if (next) { e.preventDefault(); selectTab(next); }
  }

  // ------------------------------------------------------------------ the action bar
  function statusLine() {
    const v = view();
    if (v.outcome) return v.outcome.winner !== null && v.outcome.winner !== undefined ? `Game over: ${ctx.words.name(v.outcome.winner)} wins` : "Game over";
    if (v.status === "saved") return "This game is saved (paused) by its owner.";
    if (ctx.replay) return v.decision ? `At this step: ${ctx.words.name(v.decision.player)} to ${KIND_WORDS[v.decision.kind] || v.decision.kind}` : "At this step";
    const mineNow = (v.pending || []).find((p) => p.player === v.seat);
    const d = mineNow || v.decision;
    if (!d) return "Waiting…";
    const det = d.detail || {};
    let what;
    if (d.kind === "play") what = d.player === v.seat ? (v.state.plays_left ? `Your turn: play up to ${ctx.words.plural("card", v.state.plays_left)}, then end your turn` : "Your turn: no plays left, so end your turn") : `${ctx.words.name(d.player)} is playing (${ctx.words.plural("play", v.state.plays_left)} left)`;
    else if (d.kind === "pay") what = d.player === v.seat ? `Pay ${ctx.words.name(det.to)} ${m(det.amount)} from your table` : `${ctx.words.name(d.player)} to pay ${name(det.to)} ${m(det.amount)}`;
    else if (det.against === "neda") what = d.player === v.seat ? `${ctx.words.name(det.by)} played a Neda against your ${faceInfo(guide(), det.card).name}` : `${ctx.words.name(d.player)} to answer ${whose(det.by)} Neda`;
    else what = d.player === v.seat ? `${ctx.words.name(det.by)} played ${faceInfo(guide(), det.card).name} on you` : `${ctx.words.name(d.player)} to answer ${whose(det.by)} ${faceInfo(guide(), det.card).name}`;
    return what;
  }

  function deadlineLine() {
    const v = view();
    const d = (v.pending || []).find((p) => p.player === v.seat) || v.decision;
    if (!d || !d.deadline || v.outcome) return null;
    const at = clockTime(d.deadline);
    const left = Math.round(d.deadline - Date.now() / 1000);
    const soon = left > 0 && left < 5400 ? ` (in ${left < 90 ? ctx.words.plural("second", left) : ctx.words.plural("minute", Math.round(left / 60))})` : "";
    const holder = d.player === v.seat ? "you" : ctx.words.name(d.player);
    return h("p", { class: "deadline", "data-testid": "deadline" }, d.kind === "play"
      ? `By ${at}${soon}, or the table ends ${d.player === v.seat ? "your" : "the"} turn`
      : `By ${at}${soon}, or the table answers for ${holder}: ${d.kind === "pay" ? "the cards that overpay least" : "no Neda"}`);
  }

  function renderBar() {
    const v = view();
    const mineNow = (v.pending || []).filter((p) => p.player === v.seat);
    const status = statusLine();
    const isMine = mineNow.length > 0 && !ctx.replay;
    const parts = [h("div", { class: "bar-head" },
      h("p", { class: `status-line ${isMine ? "mine" : ""}`, "data-testid": "turn-status", role: "status" }, status), deadlineLine(),
      ctx.components.ordersButton(v))];
    const playing = mineNow.some((d) => d.kind === "play");
    // On my turn the hand comes first, as cards; while I answer or pay, the prompt comes first
    // and the hand is a line of names (cards in hand never pay).
    if (playing && v.state.hand) parts.push(hand);
    if (v.status === "active" && !v.outcome && !ctx.replay) {
      for (const d of mineNow) {
        if (d.kind === "respond") parts.push(respondPrompt(d));
        else if (d.kind === "pay") parts.push(payPrompt(d));
        else if (d.kind === "play") parts.push(h("div", { class: "turn-moves" }, turnPanel()));
      }
    }
    if (!playing && v.state.hand) {
      parts.push(h("p", { class: "hand-line", "data-testid": "hand" }, h("strong", {}, `Your hand (${v.state.hand.length}): `),
        v.state.hand.map((c) => c.name).join(", ") || "empty"));
    }
    parts.push(...ctx.components.idleControls(v));
    fill(bar, parts);
  }

  function respondPrompt(d) {
    const v = view();
    const det = d.detail;
    const legal = (v.legal_actions || []).filter((a) => a.decision === d.id);
    const neda = legal.find((a) => a.type === "neda");
    const accept = legal.find((a) => a.type === "accept");
    const cardName = faceInfo(guide(), det.card).name;
    const held = (v.state.hand || []).filter((c) => c.face === "neda").length;
    const counter = det.against === "neda";
    const title = counter ? `${ctx.words.name(det.by)} played a Neda against your ${cardName}` : `${ctx.words.name(det.by)} played ${cardName} on you`;
    const effect = counter ? `If you let it stand, your ${cardName} is cancelled for ${ctx.words.name(det.target)}.`
      : `If you let it stand, you ${costTo(guide(), det)}.`;
    const nedaWords = held ? `A Neda cancels it; you hold ${ctx.words.plural("Neda", held)} (a Neda costs no play${counter ? "" : ", and they may Neda back"}).`
      : "You hold no Neda: you can only let it stand.";
    return h("section", { class: "prompt", role: "group", "aria-labelledby": `prompt-${d.id}`, "data-testid": "neda-prompt" },
      h("h2", { id: `prompt-${d.id}` }, title),
      h("div", { class: "sides" }, h("p", {}, effect), h("p", {}, nedaWords)),
      h("div", { class: "actions" }, neda ? button(neda, "primary-big") : null, accept ? button(accept, neda ? "" : "primary-big") : null));
  }

  function payPrompt(d) {
    const v = view();
    const spec = v.legal_specs?.pay;
    const cards = cardIndex(v);
    if (st.payFor !== d.id) { st.payFor = d.id; st.pay.clear(); }
    const debt = d.detail.amount;
    const payable = (spec?.cards || []).map((id) => cards.get(id)).filter(Boolean);
    const worth = payable.reduce((n, c) => n + c.value, 0);
    const chosen = payable.filter((c) => st.pay.has(c.id));
    const total = chosen.reduce((n, c) => n + c.value, 0);
    const enough = total >= debt || (chosen.length === payable.length && payable.length > 0);
    const suggested = (v.legal_actions || []).find((a) => a.type === "pay" && a.decision === d.id);
    const pay = { type: "pay", decision: d.id, cards: chosen.map((c) => c.id) };
    const payButton = h("button", { type: "button", class: "action primary primary-big", "data-key": "pay-chosen", "data-action": "pay",
      disabled: !enough || !chosen.length, onclick: (e) => perform(pay, e.currentTarget) },
    h("span", { class: "label" }, `Pay ${m(total)}`), h("span", { class: "cost" }, total > debt ? `${m(total - debt)} more than the debt: no change is given` : "no change is given"));
    return h("section", { class: "prompt pay", role: "group", "aria-labelledby": `prompt-${d.id}`, "data-testid": "pay-prompt" },
      h("h2", { id: `prompt-${d.id}` }, `You owe ${ctx.words.name(d.detail.to)} ${m(debt)}`),
      h("p", { "data-testid": "pay-total", "aria-live": "polite" }, `Chosen: ${m(total)} of ${m(debt)}`,
        worth < debt ? ` (your table is worth ${m(worth)}: give it all and you owe nothing more)` : ""),
      h("p", { class: "muted pay-help" }, "Choose cards of your table (bank and properties), never of your hand. No change is given."),
      h("fieldset", { class: "pay-cards" }, h("legend", { class: "sr-only" }, "Cards to pay with"),
        payable.map((c) => h("label", { class: "pay-card" }, h("input", { type: "checkbox", "data-key": `pay-${c.id}`, checked: st.pay.has(c.id),
          onchange: (e) => { if (e.target.checked) st.pay.add(c.id); else st.pay.delete(c.id); keep(renderBar); } }),
        ` ${c.name} (${m(c.value)}${c.where === "property" ? `, ${colourName(guide(), c.colour)} property` : ""})`))),
      h("div", { class: "actions" }, payButton, suggested ? button(suggested) : null));
  }

  function turnPanel() {
    const v = view();
    const legal = v.legal_actions || [];
    const out = [];
    const chosen = (v.state.hand || []).find((c) => c.id === st.chosen);
    if (chosen) {
      const options = legal.filter((a) => a.card && faceOfCard(a.card) === chosen.face && a.type !== "move_wildcard");
      // Banking a card that has other plays is the lesser choice: a short button on the
      // heading's row ("Bank it", its amount below), so the plays' choices get the rows below.
      const bank = options.length > 1 && options.find((a) => a.type === "bank");
      const plays = bank ? options.filter((a) => a !== bank) : options;
      out.push(h("section", { class: "prompt chosen", role: "group", "aria-labelledby": "chosen-title", "data-testid": "card-prompt" },
        h("div", { class: "chosen-head" },
          h("h2", { id: "chosen-title" }, `Play ${chosen.name}`),
          bank ? legalButton(bank, { ...words(bank), label: "Bank it" }, (b) => perform(bank, b), "bank-it") : null),
        h("p", { class: "muted chosen-text" }, cardText(guide(), chosen.face)),
        plays.length ? choices(plays) : h("p", { class: "muted" }, v.state.plays_left ? "This card can't be played now." : "No plays left this turn.")));
    }
    const ends = legal.filter((a) => a.type === "end_turn");
    const spec = v.legal_specs?.end_turn;
    // Over the hand limit, End turn asks which cards go back: while a card is chosen (its plays
    // come first) that is one button which opens the choice, so the plays and End turn both
    // stay on a phone's screen.
    if (spec && chosen) {
      out.push(h("div", { class: "actions" }, h("button", { type: "button", class: "action", "data-action": "end_turn", "data-key": "end-choose-return",
        onclick: () => { st.chosen = null; st.picks = {}; update(view()); } },
      h("span", { class: "label" }, "End turn"), h("span", { class: "cost" }, `first choose ${spec.return} to put back`))));
    } else if (spec) out.push(returnPicker(spec));
    else if (ends.length) out.push(h("div", { class: "actions" }, button(ends[0], v.state.plays_left ? "" : "primary-big")));
    return out;
  }

  /** The face of a card id among the viewer's cards. */
  function faceOfCard(id) {
    return cardIndex(view()).get(id)?.face;
  }

  /** The plays of one card: one button per move type when it has one form; for a move with
   * several (targets, colours, properties), a choice per field that differs and one button. */
  function choices(options) {
    const byType = new Map();
    for (const a of options) { if (!byType.has(a.type)) byType.set(a.type, []); byType.get(a.type).push(a); }
    const out = [];
    for (const [type, list] of byType) {
      if (list.length === 1) { out.push(button({ ...list[0] }, type === "bank" ? "" : "primary")); continue; }
      const varying = CHOICE_FIELDS.filter((f) => new Set(list.map((a) => JSON.stringify(a[f]))).size > 1);
      const picks = st.picks[type] || (st.picks[type] = {});
      let left = list;
      const selects = varying.map((field) => {
        const values = [...new Set(left.map((a) => JSON.stringify(a[field])))].map((x) => JSON.parse(x));
        if (!values.some((x) => JSON.stringify(x) === JSON.stringify(picks[field]))) picks[field] = values[0];
        left = left.filter((a) => JSON.stringify(a[field]) === JSON.stringify(picks[field]));
        const id = `pick-${type}-${field}`;
        return h("label", { for: id }, fieldWords(field),
          h("select", { id, "data-key": id, onchange: (e) => { picks[field] = JSON.parse(e.target.value); keep(renderBar); } },
            values.map((x) => h("option", { value: JSON.stringify(x), selected: JSON.stringify(x) === JSON.stringify(picks[field]) }, valueWords(field, x)))));
      });
      const action = left[0];
      out.push(h("div", { class: "chooser", "data-type": type }, h("div", { class: "choices" }, selects), button({ ...action }, "primary")));
    }
    return h("div", { class: "actions" }, out);
  }

  function fieldWords(field) {
    return { target: "Player", colour: "Colour", property: "Their property", give: "Yours to give", set: "Which set", doubles: "Double the Rent" }[field] || field;
  }

  function valueWords(field, x) {
    const cards = cardIndex(view());
    if (field === "target") return ctx.words.name(x);
    if (field === "colour") return colourName(guide(), x);
    if (field === "property" || field === "give") { const c = cards.get(x); return c ? `${c.name} (${colourName(guide(), c.colour)}, ${m(c.value)})` : x; }
    if (field === "doubles") return x ? `${x} (x${2 ** x}, ${x + 1} plays)` : "none";
    if (field === "set") return `set ${x + 1}`;
    return String(x);
  }

  function returnPicker(spec) {
    const v = view();
    const cards = cardIndex(v);
    const from = spec.from.map((id) => cards.get(id)).filter(Boolean);
    const chosen = from.filter((c) => st.ret.has(c.id));
    const ready = chosen.length === spec.return;
    return h("section", { class: "prompt", role: "group", "aria-labelledby": "return-title", "data-testid": "return-prompt" },
      h("h2", { id: "return-title" }, `You hold ${ctx.words.plural("card", from.length)}: choose ${spec.return} to put back`, h("span", { class: "return-where" }, " under the draw pile")),
      h("fieldset", { class: "pay-cards" }, h("legend", { class: "sr-only" }, "Cards to return"),
        from.map((c) => h("label", { class: "pay-card" }, h("input", { type: "checkbox", "data-key": `ret-${c.id}`, checked: st.ret.has(c.id),
          onchange: (e) => { if (e.target.checked) st.ret.add(c.id); else st.ret.delete(c.id); keep(renderBar); } }), ` ${c.name} (${m(c.value)})`))),
      h("div", { class: "actions" }, h("button", { type: "button", class: "action primary primary-big", "data-action": "end_turn", "data-key": "end-returning", disabled: !ready,
        onclick: (e) => perform({ type: "end_turn", returned: chosen.map((c) => c.id) }, e.currentTarget) },
      h("span", { class: "label" }, "End turn"), h("span", { class: "cost" }, `${chosen.length} of ${spec.return} chosen`))));
  }

  return {
    update,
    chatChanged: () => { if (st.tab === "chat") keep(renderDock); },
    unmount() {
      style.remove();
      barSize.disconnect();
      handSize.disconnect();
      document.body.classList.remove("has-action-bar");
      document.documentElement.style.removeProperty("--bar-space");
    },
  };
}
