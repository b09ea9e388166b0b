// Every call the web client makes to the Mtaa HTTP API lives in this module (STYLE.md: "all
// API calls in one module"). The base URL comes from config.js (same origin locally, the API's
// URL when the page is served from CloudFront). The session token is kept in localStorage.
//
// Errors: every non-2xx answer throws ApiError with the service's one error shape
// ({error: {code, message, ...}}); `status` 0 means the network failed.

const TOKEN_KEY = "mtaa.session";

export class ApiError extends Error {
  constructor(status, code, message, details = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

function base() {
  const configured = (window.MTAA_CONFIG && window.MTAA_CONFIG.apiBase) || "";
  return configured.replace(/\/+$/, "");
}

export const session = {
  get() {
    try { return JSON.parse(localStorage.getItem(TOKEN_KEY) || "null"); } catch { return null; }
  },
  set(value) { localStorage.setItem(TOKEN_KEY, JSON.stringify(value)); },
  clear() { localStorage.removeItem(TOKEN_KEY); },
};

/** How many password changes are on their way (each will hand back a new token). */
let renewing = 0;
let onUnauthorized = () => {};
/** Called (once per such 401) when the token is no longer accepted: the session has ended. */
export function setUnauthorizedHandler(fn) { onUnauthorized = fn; }

/**
 * Whether a 401 means the session itself has ended (code `unauthorized`: a missing, unknown,
 * expired or revoked token, or a deleted account). A wrong current password on the Account
 * page is also a 401, `bad_credentials`, but the session stays valid: that one is only an error
 * to show. A 401 without the service's error shape (a proxy's) counts as an ended session.
 */
const sessionEnded = (status, code) => status === 401 && (!code || code === "unauthorized");

async function request(method, path, { body, headers = {}, auth = true, etag } = {}) {
  const init = { method, headers: { ...headers }, cache: "no-store" };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const token = session.get()?.token;
  if (auth && token) init.headers.authorization = `Bearer ${token}`;
  if (etag) init.headers["if-none-match"] = etag;
  let response;
  try {
    response = await fetch(base() + path, init);
  } catch (err) {
    throw new ApiError(0, "network", "The server could not be reached. Check your connection.");
  }
  if (response.status === 304) return { notModified: true, etag };
  const text = await response.text();
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = { raw: text }; }
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    // Only the session in use can end: a password change ends every session and hands back a
    // new token, so a request sent with the old one may come back 401 while the change is on
    // its way or after it.
    if (auth && token && sessionEnded(response.status, error.code) && session.get()?.token === token && !renewing) onUnauthorized();
    const { code, message, ...details } = error;
    throw new ApiError(response.status, code || `http_${response.status}`,
      message || (data && data.message) || `The server answered ${response.status}.`, details);
  }
  if (etag !== undefined) return { data, etag: response.headers.get("etag") };
  return data;
}

// ------------------------------------------------------------------ what the server offers
let openapi = null;
/** The server's OpenAPI document (fetched once per page load; `{}` when it cannot be had). */
function openapiDocument() {
  if (!openapi) openapi = request("GET", "/openapi.json", { auth: false }).catch(() => ({}));
  return openapi;
}

/** The server's OpenAPI paths; screens use them to offer only what the API has. */
export async function routes() {
  return (await openapiDocument()).paths || {};
}

/** Whether the API has `method path` (path in OpenAPI form, e.g. "/lobbies/{lobby_id}"). */
export async function supports(method, path) {
  const paths = await routes();
  const entry = paths[path];
  return Boolean(entry && entry[method.toLowerCase()]);
}

// ------------------------------------------------------------------ accounts and sessions
export async function signIn(handle, password) {
  const body = { handle };
  if (password) body.password = password;
  const data = await request("POST", "/sessions", { body, auth: false });
  session.set({ token: data.token, handle: data.handle, account_id: data.account_id });
  return data;
}
export async function signOut(everywhere = false) {
  try {
    if (await supports("DELETE", everywhere ? "/sessions" : "/sessions/current")) {
      await request("DELETE", everywhere ? "/sessions" : "/sessions/current");
    }
  } finally {
    session.clear();
  }
}
export const account = () => request("GET", "/account");
/** A password change ends every session, this one too: keep the fresh token it answers with. */
async function keepFreshSession(send) {
  renewing += 1;
  try {
    const data = await send();
    session.set({ token: data.token, handle: data.handle, account_id: data.account_id });
    return data;
  } finally {
    renewing -= 1;
  }
}
export const setPassword = (new_password, current_password) =>
  keepFreshSession(() => request("PUT", "/account/password", { body: current_password ? { new_password, current_password } : { new_password } }));
export const removePassword = (current_password) =>
  keepFreshSession(() => request("DELETE", "/account/password", { body: { current_password } }));
export const setEmail = (email, current_password) =>
  request("PUT", "/account/email", { body: current_password ? { email, current_password } : { email } });
export const removeEmail = () => request("DELETE", "/account/email");
export const requestPasswordReset = (handle) =>
  request("POST", "/password-resets", { body: { handle }, auth: false });
/** Use a reset link's token: sets the new password and signs in (every other session ends). */
export const resetPassword = (token, new_password) =>
  keepFreshSession(() => request("POST", `/password-resets/${encodeURIComponent(token)}`,
    { body: { new_password }, auth: false }));
export const notificationSettings = () => request("GET", "/account/notifications");
export const saveNotificationSettings = (settings) =>
  request("PUT", "/account/notifications", { body: settings });
export const exportAccount = () => request("GET", "/account/export");
export const deleteAccount = (confirm_handle) =>
  request("DELETE", "/account", { body: { confirm_handle } });
export const pushKey = () => request("GET", "/push/vapid-public-key");
export const subscribePush = (subscription) =>
  request("POST", "/push/subscriptions", { body: subscription });
export const unsubscribePush = (endpoint) =>
  request("DELETE", "/push/subscriptions", { body: { endpoint } });

// ------------------------------------------------------------------ dashboard and lobbies
export const dashboard = () => request("GET", "/dashboard");
export const player = (handle) => request("GET", `/players/${encodeURIComponent(handle)}`);
export const playerGames = (handle, cursor) =>
  request("GET", `/players/${encodeURIComponent(handle)}/games${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);
export const rematch = (gameId) => request("POST", `/games/${encodeURIComponent(gameId)}/rematch`);
export const createLobby = (settings) => request("POST", "/lobbies", { body: settings });
export const lobby = (id, invite) =>
  request("GET", `/lobbies/${encodeURIComponent(id)}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`);
export const updateLobby = (id, changes) =>
  request("PATCH", `/lobbies/${encodeURIComponent(id)}`, { body: changes });
export const cancelLobby = (id) => request("DELETE", `/lobbies/${encodeURIComponent(id)}`);
export const invite = (id, handle, role = "player") =>
  request("POST", `/lobbies/${encodeURIComponent(id)}/invites`, { body: { handle, role } });
export const withdrawInvite = (id, handle) =>
  request("DELETE", `/lobbies/${encodeURIComponent(id)}/invites/${encodeURIComponent(handle)}`);
export const inviteLink = (id) => request("POST", `/lobbies/${encodeURIComponent(id)}/invite-link`);
export const revokeInviteLink = (id) => request("DELETE", `/lobbies/${encodeURIComponent(id)}/invite-link`);
export const joinLobby = (id, { seat, invite: token } = {}) => {
  const body = {};
  if (seat !== undefined) body.seat = seat;
  if (token) body.invite = token;
  return request("POST", `/lobbies/${encodeURIComponent(id)}/join`, { body });
};
export const leaveLobby = (id) => request("POST", `/lobbies/${encodeURIComponent(id)}/leave`);
export const addBot = (id, level, seat) =>
  request("POST", `/lobbies/${encodeURIComponent(id)}/bots`, { body: seat === undefined ? { level } : { level, seat } });
export const emptySeat = (id, seat) =>
  request("DELETE", `/lobbies/${encodeURIComponent(id)}/seats/${seat}`);
export const startLobby = (id, options) =>
  request("POST", `/lobbies/${encodeURIComponent(id)}/start`, { body: options ? { options } : {} });
export const demoGame = () => request("POST", "/demo");

// ------------------------------------------------------------------ games
/** A table dealt straight from handles (the API before lobbies: POST /games). */
export const createGame = (seats, { ruleset, options = {} } = {}) =>
  request("POST", "/games", { body: ruleset ? { ruleset, seats, options } : { seats, options } });
/** GET /games/{id} with If-None-Match: resolves {data, etag} or {notModified: true}. */
export const game = (id, etag = null) =>
  request("GET", `/games/${encodeURIComponent(id)}`, { etag });
export const events = (id, after = 0, limit = 500) =>
  request("GET", `/games/${encodeURIComponent(id)}/events?after=${after}&limit=${limit}`);
/** One step of the game's replay (0: the deal; null: the last): {step, steps, revealed, at, events, log, view}. */
export const replay = (id, step = null) =>
  request("GET", `/games/${encodeURIComponent(id)}/replay${step === null ? "" : `?step=${step}`}`);
/** The check of a finished game (commitment and replay); with the game record when `record`. */
export const verifyGame = (id, record = false) =>
  request("GET", `/games/${encodeURIComponent(id)}/verify${record ? "?record=true" : ""}`);
export const saveGame = (id) => request("POST", `/games/${encodeURIComponent(id)}/save`);
/** End another seat's idle decision once its deadline (game.decision.deadline) has passed. */
export const endIdleTurn = (id, decision) =>
  request("POST", `/games/${encodeURIComponent(id)}/end-idle-turn`, { body: decision === undefined ? {} : { decision } });
/** Take your seat back from the Base bot that played it while you were away. */
export const takeBackSeat = (id) => request("DELETE", `/games/${encodeURIComponent(id)}/stand-in`);
export const resumeGame = (id) => request("POST", `/games/${encodeURIComponent(id)}/resume`);
/** A seat's standing orders: {game_id, seat, orders | null, recommended, schema (JSON Schema) | null,
 * did: [{seq, at, action, events}]} (what the orders did since the person last looked). */
export const orders = (id) => request("GET", `/games/${encodeURIComponent(id)}/orders`);
/** Set (an object of the game's order fields) or clear (null) my orders: the same shape back;
 * 422 names the field ("orders.<field>: ..."), 409 once the game is over. */
export const saveOrders = (id, value) =>
  request("PUT", `/games/${encodeURIComponent(id)}/orders`, { body: { orders: value } });

let actionCounter = 0;
/**
 * Send a player action: POST /games/{id}/{game}/<type with dashes> (game: the view's `game`,
 * whose moves share one route prefix) with the action's own fields, the version the player
 * saw and the pending decision the move answers (`decision`, when the action does not name
 * it itself): a move made on a view another seat's move has since changed still applies
 * while that decision is pending and the rules allow it (else 409 with the reason). An
 * Idempotency-Key makes a retried click apply once. The server decides legality.
 */
export function act(id, game, action, version, decision) {
  const { type, ...fields } = action;
  const body = { ...fields };
  if (version) body.version = version;
  if (decision !== undefined && decision !== null && !("decision" in body) && !("deal" in body)) {
    body.decision = decision;
  }
  actionCounter += 1;
  const key = `${Date.now().toString(36)}-${actionCounter}-${Math.random().toString(36).slice(2, 8)}`;
  return request("POST", `/games/${encodeURIComponent(id)}/${encodeURIComponent(game)}/${type.replaceAll("_", "-")}`,
    { body, headers: { "idempotency-key": key } });
}

export const chat = (id, after) =>
  request("GET", `/games/${encodeURIComponent(id)}/chat${after ? `?after=${encodeURIComponent(after)}` : ""}`);
export const postChat = (id, text) =>
  request("POST", `/games/${encodeURIComponent(id)}/chat`, { body: { text } });
export const presence = (id) => request("GET", `/games/${encodeURIComponent(id)}/presence`);

// ------------------------------------------------------------------ the guide and the registry
const guides = new Map();
/** A ruleset's guide data (its rules as data, plus the registry's names), cached per page load. */
export function guide(ruleset) {
  if (!guides.has(ruleset)) {
    const pending = request("GET", `/rulesets/${encodeURIComponent(ruleset)}/guide`, { auth: false });
    pending.catch(() => guides.delete(ruleset));
    guides.set(ruleset, pending);
  }
  return guides.get(ruleset);
}

let registryPending = null;
/**
 * What the server's engine registry offers, without the client naming any game:
 * `{rulesets, default, titles, games, gameTitles}`. The ruleset names and the default come
 * from /openapi.json (the lobby request's `ruleset` enum and default); titles and games from
 * that ruleset's guide (`ruleset_titles`, `ruleset_games`, `game_title`). Empty lists when the
 * server cannot say.
 */
export function registry() {
  if (!registryPending) {
    registryPending = (async () => {
      const doc = await openapiDocument();
      const schemas = doc.components?.schemas || {};
      let names = [];
      let fallback = null;
      for (const schema of Object.values(schemas)) {
        const field = schema?.properties?.ruleset;
        if (field && Array.isArray(field.enum)) { names = field.enum; fallback = field.default ?? null; break; }
      }
      const first = fallback || names[0];
      if (!first) return { rulesets: [], default: null, titles: {}, games: {}, gameTitles: {} };
      const data = await guide(first).catch(() => ({}));
      const rulesets = data.rulesets || names;
      const gameTitles = {};
      if (data.game) gameTitles[data.game] = data.game_title || data.game;
      return { rulesets, default: first, titles: data.ruleset_titles || {}, games: data.ruleset_games || {}, gameTitles };
    })();
    registryPending.catch(() => { registryPending = null; });
  }
  return registryPending;
}

/**
 * Readable ruleset names by id: the rules files' own titles, from the guide data. The one
 * place screens get them; `{}` when the server cannot say, and a screen then shows the id.
 */
export async function rulesetTitles() {
  try { return (await registry()).titles || {}; } catch { return {}; }
}
