// The app shell: hash routes, the signed-in session, the header, and the service worker.
//
// Routes: #/ (dashboard), #/signin, #/new, #/lobby/<id>[?invite=<token>], #/game/<id>,
// #/account, #/guide[/<ruleset>], #/demo.

import * as api from "./api.js";
import { mountAccount } from "./account.js";
import { mountDashboard } from "./dashboard.js";
import { mountGame } from "./game.js";
import { mountGuide } from "./guide.js";
import { mountLobby, mountNewGame } from "./lobby.js";
import { fill, go, h, notify } from "./ui.js";

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
    h("a", { href: "#/guide" }, "Guide"),
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
      notify(err.status === 401 ? "That handle is protected: enter its password." : err.message, "error");
    } finally {
      button.disabled = false;
    }
  } },
  h("h1", {}, "Play Mtaani"),
  h("p", {}, "Your account is your player handle. Pick a free one to claim it, or sign in to one you hold."),
  h("label", { for: "handle" }, "Handle"), handle,
  h("p", { id: "handle-help", class: "muted" }, "3 to 20 letters, digits, _ or -."),
  h("label", { for: "password" }, "Password (only if your handle has one)"), password,
  h("p", { id: "password-help", class: "muted" }, "An unprotected handle can be claimed by anyone: add a password on the Account page."),
  button,
  h("p", {}, h("a", { href: "#/guide" }, "Read the game guide"), " · ", h("a", { href: "#/demo" }, "Watch a demo game")));
  fill(root, form);
  handle.focus();
}

async function route() {
  if (unmount) { unmount(); unmount = null; }
  renderHeader();
  const { parts, query } = parseHash();
  const [screen = "", id] = parts;
  const me = api.session.get();
  const publicScreens = new Set(["signin", "guide"]);
  if (!me && !publicScreens.has(screen)) {
    signInScreen(location.hash.replace(/^#/, "") || "/");
    return;
  }
  window.scrollTo(0, 0);
  switch (screen) {
    case "": unmount = await mountDashboard(root); break;
    case "signin": signInScreen(query.get("next") || "/"); break;
    case "new": unmount = await mountNewGame(root); break;
    case "lobby": unmount = await mountLobby(root, id, query.get("invite")); break;
    case "game": unmount = mountGame(root, id); break;
    case "account": unmount = await mountAccount(root); break;
    case "guide": unmount = await mountGuide(root, id || "mtaani"); break;
    case "demo": unmount = await mountDemo(); break;
    default: fill(root, h("section", { class: "card narrow" }, h("h1", {}, "Not found"), h("a", { href: "#/" }, "Back to the dashboard")));
  }
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
