// The app shell: hash routes, the signed-in session, the header, and the service worker.
//
// Routes: #/ (dashboard), #/signin, #/new, #/lobby/<id>[?invite=<token>], #/game/<id>,
// #/game/<id>/replay[?step=N] (a game move by move: replay.js),
// #/player/<handle> (a player's page: player.js), #/account, #/guide[/<ruleset>][?from=<game id>], #/demo, #/reset/<token> (the password-reset
// email's link). The shell knows games only through the registry data the API gives: a game's
// screen and guide modules are loaded by the game's name (web/js/games/<game>/).

import * as api from "./api.js";
import { mountAccount } from "./account.js";
import { mountDashboard } from "./dashboard.js";
import { mountGame } from "./game.js";
import { mountGuide } from "./guide.js";
import { mountLobby, mountNewGame } from "./lobby.js";
import { mountPlayer } from "./player.js";
import { mountReplay } from "./replay.js";
import { busy, fill, go, h, notify } from "./ui.js";

const root = document.getElementById("app");
let unmount = null;

function parseHash() {
  const raw = location.hash.replace(/^#\/?/, "");
  const [path, query = ""] = raw.split("?");
  return { parts: path.split("/").filter(Boolean).map(decodeURIComponent), query: new URLSearchParams(query) };
}

function renderHeader() {
  const me = api.session.get();
  const nav = document.getElementById("nav");
  fill(nav,
    h("a", { href: "#/" }, "Dashboard"),
    h("a", { href: "#/guide", id: "nav-guide", "data-testid": "nav-guide" }, "Guide"),
    me ? h("a", { href: "#/account", "data-testid": "account-link" }, "Account") : null,
    me ? h("span", { class: "me", "data-testid": "signed-in-as" }, `@${me.handle}`) : h("a", { href: "#/signin" }, "Sign in"));
}

function signInScreen(next) {
  const handle = h("input", { id: "handle", name: "handle", autocomplete: "username", required: true, minlength: 3, maxlength: 20,
    pattern: "[A-Za-z0-9][A-Za-z0-9_\\-]{2,19}", "aria-describedby": "handle-help" });
  const password = h("input", { id: "password", name: "password", type: "password", autocomplete: "current-password", "aria-describedby": "password-help" });
  const button = h("button", { type: "submit", class: "primary" }, "Sign in or claim");
  const form = h("form", { class: "card narrow stack", onsubmit: async (e) => {
    e.preventDefault();
    button.disabled = true;
    try {
      const result = await api.signIn(handle.value.trim(), password.value);
      notify(result.created ? `Welcome, @${result.handle}: the handle is yours.` : `Signed in as @${result.handle}.`);
      go(next || "/");
    } catch (err) {
      if (err.status === 401) {
        notify(password.value ? "That password is not right for this handle." : "That handle is protected: enter its password.", "error");
        password.focus();
      } else {
        notify(err.message, "error");
      }
    } finally {
      button.disabled = false;
    }
  } },
  h("h1", {}, "Sign in to play"),
  h("p", {}, "Your account is your player handle. Pick a free one to claim it, or sign in to one you hold."),
  h("label", { for: "handle" }, "Handle"), handle,
  h("p", { id: "handle-help", class: "muted" }, "3 to 20 letters, digits, _ or -."),
  h("label", { for: "password" }, "Password (only if your handle has one)"), password,
  h("p", { id: "password-help", class: "muted" }, "An unprotected handle can be claimed by anyone: add a password on the Account page."),
  button,
  h("p", {}, h("a", { href: "#/guide" }, "Read the game guide"), " · ", h("a", { href: "#/demo" }, "Watch a demo game")));
  const games = h("section", { class: "card narrow stack", "aria-labelledby": "games-title", "data-testid": "signin-games", hidden: true });
  fill(root, form, games, forgotPassword(handle));
  handle.focus();
  gamesOnOffer(games);
}

/** What each game on this server is, in a sentence from its guide (filled in once known). */
async function gamesOnOffer(section) {
  try {
    const registry = await api.registry();
    if (!registry.default) return;
    const summaries = (await api.guide(registry.default)).game_summaries || {};
    const list = Object.entries(summaries);
    if (!list.length || !section.isConnected) return;
    fill(section, h("h2", { id: "games-title" }, list.length === 1 ? "The game" : `The ${list.length} games`),
      h("ul", { class: "games" }, list.map(([game, g]) => h("li", { "data-game": game }, h("strong", {}, g.title), `: ${g.summary}`))),
      h("p", { class: "muted" }, "Play with friends or bots, one move at a time, over minutes or days."));
    section.hidden = false;
  } catch {
    // An older server or no network: the sign-in form works without this.
  }
}

/** "Forgot your password?": a reset link to the handle's reset email, if it has one. */
function forgotPassword(handleInput) {
  const box = h("div");
  api.supports("POST", "/password-resets").then((supported) => {
    if (!supported) return;
    const handle = h("input", { id: "reset-handle", autocomplete: "username", required: true, minlength: 3, maxlength: 20,
      pattern: "[A-Za-z0-9][A-Za-z0-9_\\-]{2,19}" });
    const send = h("button", { type: "submit" }, "Email me a reset link");
    const details = h("details", { class: "card narrow" },
      h("summary", {}, "Forgot your password?"),
      h("form", { class: "stack", onsubmit: (e) => {
        e.preventDefault();
        busy(send, async () => {
          const answer = await api.requestPasswordReset(handle.value.trim());
          notify(answer.message);
        });
      } },
      h("p", { class: "muted" }, "If your handle has a reset email, we send a link to it. Nothing else is ever sent there."),
      h("label", { for: "reset-handle" }, "Handle"), handle, send));
    details.addEventListener("toggle", () => { if (details.open && !handle.value) handle.value = handleInput.value.trim(); });
    fill(box, details);
  });
  return box;
}

/** The reset email's link: choose a new password (this signs you in; other sessions end). */
function resetScreen(token) {
  const password = h("input", { id: "reset-password", type: "password", autocomplete: "new-password", required: true, minlength: 8, maxlength: 128 });
  const again = h("input", { id: "reset-password-again", type: "password", autocomplete: "new-password", required: true, minlength: 8, maxlength: 128 });
  const button = h("button", { type: "submit", class: "primary" }, "Set the new password");
  const form = h("form", { class: "card narrow stack", onsubmit: (e) => {
    e.preventDefault();
    if (password.value !== again.value) { notify("The two passwords differ.", "error"); again.focus(); return; }
    busy(button, async () => {
      try {
        const result = await api.resetPassword(token, password.value);
        notify(`Password set. Signed in as @${result.handle}; your other sessions were signed out.`);
        go("/account");
      } catch (err) {
        if (err.status === 404) notify("This link does not work any more (used, expired or replaced). Ask for a new one.", "error");
        else throw err;
      }
    });
  } },
  h("h1", {}, "Choose a new password"),
  h("label", { for: "reset-password" }, "New password (8 to 128 characters)"), password,
  h("label", { for: "reset-password-again" }, "The same again"), again,
  button,
  h("p", { class: "muted" }, "The link works once, for 30 minutes. ", h("a", { href: "#/signin" }, "Back to sign-in")));
  fill(root, form);
  password.focus();
}

// Each route() is one generation: a screen whose mount resolves after a newer route began (a
// quick click on, say, the dashboard's link away) is stopped at once, so its polling never
// outlives it (it went on asking /dashboard every 5 s, with an ended session too).
let generation = 0;

async function route() {
  const mine = ++generation;
  if (unmount) { unmount(); unmount = null; }
  renderHeader();
  const { parts, query } = parseHash();
  const [screen = "", id] = parts;
  const me = api.session.get();
  const publicScreens = new Set(["signin", "guide", "reset"]);
  if (!me && !publicScreens.has(screen)) {
    signInScreen(location.hash.replace(/^#/, "") || "/");
    return;
  }
  window.scrollTo(0, 0);
  let stop = null;
  switch (screen) {
    case "": stop = await mountDashboard(root); break;
    case "signin": signInScreen(query.get("next") || "/"); break;
    case "reset": resetScreen(id || ""); break;
    case "new": stop = await mountNewGame(root); break;
    case "lobby": stop = await mountLobby(root, id, query.get("invite")); break;
    case "game":
      if (parts[2] === "replay") stop = await mountReplay(root, id, query.get("step"));
      else stop = mountGame(root, id);
      break;
    case "account": stop = await mountAccount(root); break;
    case "player": stop = await mountPlayer(root, id || ""); break;
    case "guide": stop = await mountGuide(root, id, query.get("from")); break;
    case "demo": stop = await mountDemo(); break;
    default: fill(root, h("section", { class: "card narrow" }, h("h1", {}, "Not found"), h("a", { href: "#/" }, "Back to the dashboard")));
  }
  if (mine !== generation) { stop?.(); return; }
  unmount = stop;
  document.getElementById("app").focus({ preventScroll: true });
}

/** The guide's demo link: a table of four bots to watch (needs the bots back end). */
async function mountDemo() {
  if (await api.supports("POST", "/demo")) {
    try {
      const demo = await api.demoGame();
      go(`/game/${demo.game_id}`);
      return null;
    } catch (err) {
      notify(err.message, "error");
    }
  }
  fill(root, h("section", { class: "card narrow" }, h("h1", {}, "Demo board"),
    h("p", {}, "The demo table is four bots playing while you watch. This server does not run bots yet, so the demo is not available here."),
    h("p", {}, h("a", { href: "#/guide" }, "Read the guide"), " · ", h("a", { href: "#/" }, "Dashboard"))));
  return null;
}

api.setUnauthorizedHandler(() => {
  api.session.clear();
  notify("Your session has ended: sign in again.", "error");
  go(`/signin?next=${encodeURIComponent(location.hash.replace(/^#/, ""))}`);
});

window.addEventListener("hashchange", route);
route();

if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("sw.js").catch(() => {});
  navigator.serviceWorker.addEventListener?.("message", (e) => {
    if (e.data?.type === "navigate" && e.data.url) location.hash = e.data.url.replace(/^.*#/, "");
  });
}
