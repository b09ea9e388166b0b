// The game route (#/game/<id>): the shell's half of a game screen, the same for every game.
// It polls GET /games/{id} (If-None-Match), pages the event log and the chat, sends actions
// (with the version seen and an Idempotency-Key), signals "your turn" (title, sound, vibration
// where allowed, a notification when the page is hidden) and loads the screen module of the
// view's game, web/js/games/<game>/screen.js, with a generic screen when there is none yet.
// The screen module interface is described in docs/web.md ("Screen modules").

import * as api from "./api.js";
import { SCREENS } from "./games/modules.js";
import { makeOrders } from "./orders.js";
import { makeComponents } from "./shell/components.js";
import { mountGeneric } from "./shell/generic.js";
import * as words from "./shell/words.js";
import { sound } from "./sound.js";
import { busy, confirmDialog, fill, go, h, headerGuide, notify, prefs } from "./ui.js";

const POLL_MS = 1500;
const HIDDEN_POLL_MS = 8000;
const BASE_TITLE = document.title;

/** Remember a game on this device (the dashboard lists them when the API has no dashboard). */
export function rememberGame(id, label) {
  const list = prefs.get("recentGames", []).filter((g) => g.id !== id);
  list.unshift({ id, label, at: Math.floor(Date.now() / 1000) });
  prefs.set("recentGames", list.slice(0, 20));
}

/** The words of the game's feed: its `events.js` (`describeEvent`, `shown`), or the shell's. */
async function eventWords(game) {
  if (/^[a-z0-9_-]+$/.test(game || "") && SCREENS.has(game)) {
    try {
      return await import(`./games/${game}/events.js`);
    } catch { /* the shell's words below */ }
  }
  return { describeEvent: (e, view) => words.serviceEventWords(e, view) || words.genericEventWords(e, view) };
}

/** Load the screen module of `game` (null when the client has none for it). */
export async function screenModule(game) {
  if (!/^[a-z0-9_-]+$/.test(game || "") || !SCREENS.has(game)) return null;
  try {
    return await import(`./games/${game}/screen.js`);
  } catch {
    return null;
  }
}

export function mountGame(root, gameId) {
  const host = {
    id: gameId, view: null, etag: null, guide: null, events: [], after: 0, lastSeq: 0, loading: null,
    chat: [], chatAfter: null, chatSupported: false, stopped: false, timer: null, acting: false,
    screen: null, mine: false,
  };
  fill(root, h("p", { class: "muted" }, "Loading the table…"));

  // ------------------------------------------------------------------ data
  host.refresh = async function refresh(force = false) {
    if (host.stopped) return;
    if (force) host.etag = null;
    clearTimeout(host.timer);
    try {
      const result = await api.game(host.id, host.etag);
      const v = host.view;
      const same = !result.notModified && v && result.data.version === v.version && result.data.status === v.status;
      if (!result.notModified && v && (result.data.version < v.version || same) && !force) {
        // A poll sent before our own action landed, or the view we already show (after an
        // action the ETag is unknown): keep what is drawn, so buttons do not move under a click.
        if (same) host.etag = result.etag;
        keepDid(result.data);
      } else if (!result.notModified) {
        const first = !host.view;
        host.view = result.data;
        host.etag = result.etag;
        if (first) await start();  // (it keeps what the orders did from this first look)
        else keepDid(result.data);
        const fresh = await loadEvents();
        if (host.chatSupported) await host.loadChat();
        draw(first ? [] : fresh);
      } else if (host.chatSupported && await host.loadChat()) {
        host.screen?.chatChanged?.();
      }
    } catch (err) {
      if (!host.view) {
        fill(root, h("section", { class: "card narrow" }, h("h1", {}, "This game cannot be shown"),
          h("p", {}, err.message), h("p", {}, h("a", { href: "#/" }, "Back to the dashboard"))));
        host.stopped = true;
        return;
      }
      if (err.status !== 0) notify(err.message, "error");
    }
    schedule();
  };

  // What the orders did while the person was away: kept from the first look (start) and from
  // the polls of a hidden page (the card waits for their return); on a page they watch, the
  // feed shows the orders' moves as they come. A move already in the log the page first read
  // (its seq at most that read's last) was made before the page opened, whichever answer
  // carries it: two looks in flight at the opening (the first load and a return to the page)
  // race, and the one the server answered first, the one that tells what the orders did (a
  // look is told once), may land last.
  function keepDid(data) {
    const entries = data.orders_did || [];
    const opened = host.firstAfter;
    const added = host.orders?.note(document.hidden || opened === undefined ? entries
      : entries.filter((e) => e.seq !== undefined && e.seq <= opened));
    if (added && host.screen && !host.stopped) fill(host.didBox, host.orders.card());
  }

  function schedule() {
    clearTimeout(host.timer);
    if (host.stopped) return;
    host.timer = setTimeout(() => host.refresh(), document.hidden ? HIDDEN_POLL_MS : POLL_MS);
  }

  async function start() {
    const v = host.view;
    headerGuide(v.ruleset, host.id);  // the header's Guide opens this game's rules
    // The guide, the chat route, the screen module and the event log load side by side.
    // Standing orders: the seat's orders and what they did since the last look (orders.js),
    // worded by the game's feed once its words are loaded.
    let said = null;
    host.orders = makeOrders(host, { describe: (e) => said?.describeEvent(e, host.view, host.guide), shown: (e) => said?.shown?.(e) ?? true });
    host.orders.note(v.orders_did);
    const [guide, chat, module, feedWords] = await Promise.all([
      api.guide(v.ruleset).catch(() => ({})), api.supports("GET", "/games/{game_id}/chat"), screenModule(v.game), eventWords(v.game),
      loadEvents(), host.orders.load()]);
    said = feedWords;
    host.firstAfter = host.after;  // the log as the page first read it (keepDid)
    host.guide = guide;
    host.chatSupported = chat;
    rememberGame(host.id, v.seats.map((s) => s.name).join(", "));
    if (host.stopped) return;
    root.replaceChildren();
    const ctx = makeCtx();
    host.screen = module?.mount ? await module.mount(root, ctx) : mountGeneric(root, ctx);
    host.didBox = h("div", { class: "orders-did-wrap" });
    root.prepend(host.didBox);
  }

  /** Page in the events after the last one seen (one load at a time; each event once). */
  function loadEvents() {
    host.loading = (host.loading || Promise.resolve()).then(async () => {
      let more = true;
      const fresh = [];
      while (more) {
        const before = host.after;
        const page = await api.events(host.id, host.after, 500);
        for (const e of page.events) {
          if (e.seq === undefined || e.seq > host.lastSeq) {
            fresh.push(e);
            if (e.seq !== undefined) host.lastSeq = e.seq;
          }
        }
        host.after = Math.max(host.after, page.next_after);
        // A page may be short (even empty) after a long run of hidden items: go on while the
        // log does and the pages move forward.
        more = page.more && host.after > before;
      }
      host.events.push(...fresh);
      return fresh;
    });
    return host.loading;
  }

  host.loadChat = async function loadChat() {
    try {
      const page = await api.chat(host.id, host.chatAfter);
      if (page.messages?.length) {
        host.chat.push(...page.messages);
        host.chatAfter = page.next_after;
        return true;
      }
      host.chatAfter = page.next_after ?? host.chatAfter;
    } catch { /* chat is optional: the table still plays */ }
    return false;
  };

  // A finished game's results, above the game's own screen: the table's name, every player
  // linked to their page, and a rematch for those who sat there.
  function drawResults() {
    const v = host.view;
    if (!v.outcome || host.results) return;
    const people = v.seats.filter((seat) => seat.kind === "human" && seat.account_id.startsWith("acc_"));
    const rematch = h("button", { type: "button", class: "primary", "data-testid": "rematch" }, "Rematch");
    rematch.onclick = () => busy(rematch, async () => {
      const lobby = await api.rematch(host.id);
      go(`/lobby/${lobby.lobby_id}`);
    });
    host.results = h("section", { class: "card results", "data-testid": "game-results" },
      h("p", {}, h("strong", {}, v.name || "Game over"), " · players: ",
        people.map((seat, i) => [i ? ", " : "", h("a", { href: `#/player/${encodeURIComponent(seat.name)}`, "data-testid": "player-link" }, seat.name)])),
      v.seat !== null && v.seat !== undefined ? rematch : null);
    root.prepend(host.results);
  }

  function draw(fresh) {
    if (!host.screen || host.stopped) return;
    drawResults();
    fill(host.didBox, host.orders.card());
    host.screen.update(host.view, fresh);
    root.dataset.version = String(host.view.version);  // the version on screen (tests wait on it)
    signalTurn();
    // A finished game opens on its result (first on the screen), and a game that ends while
    // it is open brings its result into view once.
    if (host.view.outcome && !host.resultShown) {
      host.resultShown = true;
      const result = root.querySelector("[data-testid=game-result]");
      if (result) requestAnimationFrame(() => result.scrollIntoView({ block: "start" }));
    }
  }
  host.redraw = () => draw([]);

  /** "Your turn": the title, a sound, a vibration where allowed, a notification if hidden. */
  function signalTurn() {
    const v = host.view;
    const mine = v.status === "active" && !v.outcome && v.seat !== null && v.seat !== undefined
      && (v.pending || []).some((d) => d.player === v.seat);
    const title = host.guide?.game_title || "Mtaa";
    document.title = mine ? `● Your turn · ${title}` : `${title} · Mtaa`;
    if (mine && !host.mine) {
      sound.play("turn");
      try { if (navigator.userActivation?.hasBeenActive) navigator.vibrate?.([120, 60, 120]); } catch { /* not allowed */ }
      if (document.hidden && "Notification" in window && Notification.permission === "granted") {
        navigator.serviceWorker?.ready.then((reg) => reg.showNotification(`${title}: your turn`, {
          body: `It is your turn in the game with ${v.seats.map((s) => s.name).join(", ")}.`,
          tag: `turn-${host.id}`, data: { url: `#/game/${host.id}` },
        })).catch(() => {});
      }
    }
    host.mine = mine;
    document.body.dataset.yourTurn = mine ? "true" : "false";
  }

  /** The id of the decision the viewer's moves answer: their first pending one that is not an
   *  offer to answer (offers' answers name their own), or null when the table waits on others. */
  function answered(v) {
    const mine = (v.pending || []).find((d) => d.player === v.seat && d.kind !== "deal");
    return mine ? mine.id : null;
  }

  /** Send `action` (the view's game, version and decision); redraw with the answer. True when applied. */
  async function act(action, button) {
    if (host.acting) return false;
    host.acting = true;
    root.dataset.busy = "true";
    const done = await busy(button, async () => {
      const result = await api.act(host.id, host.view.game, action, host.view.version, answered(host.view));
      host.view = result.game;
      host.etag = null;
      const fresh = await loadEvents();
      draw(fresh);
      return true;
    });
    host.acting = false;
    delete root.dataset.busy;
    if (done === true) {
      const bar = document.getElementById("status");
      if (bar?.dataset.kind === "error") bar.hidden = true;  // an older refusal no longer holds
    } else if (!host.stopped) {
      // Refused (outbid, the window closed): show the table as it is now at once, not at the
      // next poll, so the buttons offer what is legal now (the refusal stays in the status line).
      host.refresh(true);
    }
    return done === true;
  }

  function makeCtx() {
    const components = makeComponents(host);
    return {
      gameId: host.id,
      api,
      get view() { return host.view; },
      get guide() { return host.guide; },
      seat: () => host.view?.seat ?? null,
      events: () => host.events,
      chatMessages: () => host.chat,
      act,
      refresh: () => host.refresh(true),
      words: { ...words, name: (seat) => words.seatName(host.view, seat) },
      components,
      sound, prefs, notify, busy, confirm: confirmDialog, h, fill,
    };
  }

  // ------------------------------------------------------------------ lifecycle
  const onVisible = () => { if (!document.hidden) host.refresh(); };
  document.addEventListener("visibilitychange", onVisible);
  host.refresh();
  return () => {
    host.stopped = true;
    clearTimeout(host.timer);
    document.removeEventListener("visibilitychange", onVisible);
    document.title = BASE_TITLE;
    delete document.body.dataset.yourTurn;
    delete root.dataset.version;
    host.screen?.unmount?.();
  };
}
