// Creating a game and the lobby: every ruleset the server's registry has (with its seat range
// and its table options, generated from the guide's `table_options` JSON Schema), bot speed,
// seats, bots, invitations by handle, the invite link, making the lobby public (confirmed,
// only while waiting) and the kickoff. Without the lobby API (older servers) "New game" deals a
// table straight from handles (POST /games).

import * as api from "./api.js";
import { busy, confirmDialog, copyText, duration, fill, go, h, headerGuide, notify } from "./ui.js";

// Settings a lobby takes as its own fields (never among the ruleset's table options).
const LOBBY_FIELDS = new Set(["idle_timeout_seconds", "idle_turns_before_bot", "bot_delay_seconds"]);
// Options for tests, demos and bug reports only: not offered to players; the pace has its own picker.
const HIDDEN_OPTIONS = new Set(["scripted", "pace"]);
const BOT_SPEEDS = [[0, "Instant"], [1, "Fast (1 second a move)"], [2, "Normal (2 seconds a move)"], [5, "Relaxed (5 seconds a move)"], [10, "Slow (10 seconds a move)"]];

// The units a time option is typed in (seconds each), largest last.
const TIME_UNITS = [["seconds", 1], ["minutes", 60], ["hours", 3600], ["days", 86400]];
/** The largest unit that divides a time exactly (86400 -> days, 43200 -> hours, 90 -> seconds). */
const bestUnit = (seconds) => [...TIME_UNITS].reverse().find(([, size]) => seconds && seconds % size === 0)?.[1] ?? 60;

/** "max_turns" -> "Max turns". */
const words = (key) => key.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());

/** A table option's name for people: "auction_seconds" -> "Auction time", "max_turns" -> "Max turns". */
function optionLabel(key) {
  const stem = key.replace(/_seconds$/, "");
  return stem === key ? words(key) : words(/(window|clock)$/.test(stem) ? stem : `${stem}_time`);
}

/** A lobby's table options in words ("Auction time: 12 hours", "Max turns: no limit"). */
export function optionsInWords(options) {
  return Object.entries(options || {}).filter(([key]) => !HIDDEN_OPTIONS.has(key)).map(([key, value]) => {
    let shown;
    if (value === null || value === undefined) shown = "no limit";
    else if (typeof value === "boolean") shown = value ? "yes" : "no";
    // A game clock the table does not play to (Jiji's "last standing" end) is not a clock.
    else if (key === "clock_seconds" && options.end === "last_standing") shown = "none (to the last player standing)";
    else if (key.endsWith("_seconds") && typeof value === "number") shown = duration(value);
    else if (typeof value === "string") shown = words(value);
    else if (typeof value === "number") shown = value.toLocaleString("en-GB");
    else return null;  // objects and arrays are not for players
    return `${optionLabel(key)}: ${shown}`;
  }).filter(Boolean);
}

/**
 * A form for a ruleset's table options, generated from their JSON Schema (the guide's
 * `table_options`): numbers, booleans and enums; an empty field keeps the ruleset's default.
 * `value()` gives the options set, or undefined when none is.
 */
export function optionsForm(schema, idPrefix) {
  const fields = [];
  for (const [key, raw] of Object.entries(schema?.properties || {})) {
    if (LOBBY_FIELDS.has(key) || HIDDEN_OPTIONS.has(key)) continue;
    const variants = raw.anyOf || [raw];
    const prop = variants.find((v) => v.type && v.type !== "null") || variants.find((v) => v.enum) || raw;
    const nullable = variants.some((v) => v.type === "null");
    const id = `${idPrefix}-opt-${key}`;
    const label = raw.title && raw.title.toLowerCase() !== key.replaceAll("_", " ") ? raw.title : optionLabel(key);
    const help = raw.description || prop.description;
    let input;
    let read;
    if (key === "end_by") {
      // A date and time (the person's own clock), sent as Unix seconds.
      input = h("input", { type: "datetime-local", id });
      read = () => (input.value === "" ? undefined : Math.floor(new Date(input.value).getTime() / 1000));
      fields.push({ key, read, element: [h("label", { for: id }, "Ends by"), input,
        h("p", { class: "muted small" }, "Optional: the game ends at the first end of a turn after this date and time; the highest net worth wins.")] });
      continue;
    } else if (Array.isArray(prop.enum)) {
      input = h("select", { id }, h("option", { value: "" }, "The default"), prop.enum.map((v) => h("option", { value: JSON.stringify(v), selected: v === raw.default }, words(String(v)))));
      read = () => (input.value === "" ? undefined : JSON.parse(input.value));
    } else if (prop.type === "boolean") {
      input = h("input", { type: "checkbox", id, checked: Boolean(raw.default) });
      read = () => (input.checked === Boolean(raw.default) ? undefined : input.checked);
    } else if (prop.type === "integer" && key.endsWith("_seconds")) {
      // A time: a number in the unit a person thinks in (the default's own unit), sent in seconds.
      const unit = h("select", { id: `${id}-unit`, "aria-label": `${label}: unit` },
        TIME_UNITS.map(([name, size]) => h("option", { value: size, selected: size === bestUnit(raw.default) }, name)));
      const amount = h("input", { type: "number", id, min: 0, step: "any",
        placeholder: raw.default === null || raw.default === undefined ? (nullable ? "no limit" : "") : String(raw.default / bestUnit(raw.default)) });
      input = h("span", { class: "row time" }, amount, unit);
      read = () => (amount.value === "" ? undefined : Math.round(Number(amount.value) * Number(unit.value)));
      fields.push({ key, read, element: [h("label", { for: id }, label, prop.minimum !== undefined && prop.maximum !== undefined
        ? h("span", { class: "muted" }, ` (${duration(prop.minimum)} to ${duration(prop.maximum)})`) : null), input,
      raw.default !== null && raw.default !== undefined ? h("p", { class: "muted small" }, `${help ? `${help} ` : ""}Default: ${duration(raw.default)}.`)
        : (help ? h("p", { class: "muted small" }, help) : null)] });
      continue;
    } else if (prop.type === "integer" || prop.type === "number") {
      input = h("input", { type: "number", id, min: prop.minimum, max: prop.maximum, step: prop.type === "integer" ? 1 : "any",
        placeholder: raw.default === null || raw.default === undefined ? (nullable ? "no limit" : "") : String(raw.default) });
      read = () => (input.value === "" ? undefined : Number(input.value));
    } else {
      continue;  // objects and arrays are not for players
    }
    fields.push({ key, read, element: prop.type === "boolean"
      ? h("label", { class: "switch", for: id }, input, label)
      : [h("label", { for: id }, label, prop.minimum !== undefined && prop.maximum !== undefined ? h("span", { class: "muted" }, ` (${prop.minimum} to ${prop.maximum})`) : null), input,
        help ? h("p", { class: "muted small" }, help) : null] });
  }
  return {
    element: fields.length ? h("fieldset", { class: "options" }, h("legend", {}, "Table options"), fields.map((f) => f.element)) : null,
    value() {
      const out = {};
      for (const f of fields) {
        const v = f.read();
        if (v !== undefined && !Number.isNaN(v)) out[f.key] = v;
      }
      return Object.keys(out).length ? out : undefined;
    },
  };
}

/**
 * The pace picker: live, daily or weekly set every deadline of the table together (the
 * schema's `pace`, with what each means in words); "custom" leaves the values below.
 * `value()` gives the pace chosen, or undefined for custom; `chosen` starts it on a pace (the
 * one picked before the game was changed).
 */
export function pacePicker(schema, idPrefix, chosen = "") {
  const pace = schema?.properties?.pace;
  if (!pace?.enum) return { element: null, value: () => undefined };
  const name = `${idPrefix}-pace`;
  const choice = (value, title, says) => {
    const id = `${name}-${value}`;
    return h("label", { class: "pace-choice", for: id },
      h("input", { type: "radio", name, id, value, checked: value === (pace.enum.includes(chosen) ? chosen : "") }),
      h("span", {}, h("strong", {}, title), h("span", { class: "muted small" }, ` ${says}`)));
  };
  const element = h("fieldset", { class: "options pace", "data-testid": "pace" }, h("legend", {}, "Pace"),
    choice("", "Custom", "The server's defaults, or the times you set below."),
    pace.enum.map((value) => choice(value, words(value), pace["x-says"]?.[value] || "")));
  return { element, value: () => element.querySelector("input:checked")?.value || undefined };
}

/** The bot speed choice (a lobby's bot_delay_seconds). */
function botSpeedSelect(id, current = null) {
  return h("select", { id },
    current === null ? h("option", { value: "" }, "The server's default") : null,
    BOT_SPEEDS.map(([s, label]) => h("option", { value: s, selected: s === current }, label)));
}

export function botSpeedWords(seconds) {
  const known = BOT_SPEEDS.find(([s]) => s === seconds);
  return known ? known[1].replace(/ \(.*\)$/, "").toLowerCase() : `${seconds} seconds a move`;
}

async function rulesetSelect(id) {
  const registry = await api.registry();
  return h("select", { id }, registry.rulesets.map((n) => h("option", { value: n, selected: n === registry.default }, registry.titles[n] || n)));
}

export async function mountNewGame(root) {
  const ruleset = await rulesetSelect("ruleset");
  if (await api.supports("POST", "/lobbies")) {
    const size = h("select", { id: "table-size" });
    const optionsBox = h("div", { class: "stack" });
    const seatsHelp = h("p", { class: "muted", id: "seats-help" });
    let options = optionsForm({}, "new");
    let pace = pacePicker({}, "new");
    const loadRuleset = async () => {
      const g = await api.guide(ruleset.value).catch(() => ({}));
      const min = g.min_players ?? 2;
      const max = g.max_players ?? 4;
      const chosen = Number(size.value) || Math.min(max, 4);
      fill(size, Array.from({ length: max - min + 1 }, (_, i) => min + i)
        .map((n) => h("option", { value: n, selected: n === Math.min(Math.max(chosen, min), max) }, `${n} seats`)));
      seatsHelp.textContent = `${g.title || ruleset.value}: ${min} to ${max} players; empty seats can take bots in the lobby.`;
      options = optionsForm(g.table_options, "new");
      pace = pacePicker(g.table_options, "new", pace.value());
      fill(optionsBox, pace.element, options.element);
    };
    ruleset.addEventListener("change", loadRuleset);
    await loadRuleset();
    const idle = h("select", { id: "idle-timeout" },
      h("option", { value: "" }, "The server's default"),
      [300, 3600, 86400, 604800].map((s) => h("option", { value: s }, s === 300 ? `${duration(s)} (a live table)` : duration(s))));
    const botSpeed = botSpeedSelect("bot-speed");
    const isPublic = h("input", { type: "checkbox", id: "make-public" });
    const button = h("button", { type: "submit", class: "primary" }, "Create lobby");
    const form = h("form", { class: "card narrow stack", onsubmit: (e) => {
      e.preventDefault();
      busy(button, async () => {
        const body = { table_size: Number(size.value), ruleset: ruleset.value };
        if (idle.value) body.idle_timeout_seconds = Number(idle.value);
        if (botSpeed.value !== "") body.bot_delay_seconds = Number(botSpeed.value);
        const chosen = options.value();
        if (chosen) body.options = chosen;
        if (pace.value()) body.options = { ...(body.options || {}), pace: pace.value() };
        if (isPublic.checked) {
          const ok = await confirmDialog({ title: "Make this lobby public?", confirmLabel: "Make it public",
            body: "Anyone with the link can then join. A public lobby is reached through its link, not listed on dashboards." });
          if (!ok) return;
          Object.assign(body, { public: true, confirm_public: true });
        }
        const lobby = await api.createLobby(body);
        go(`/lobby/${lobby.lobby_id}`);
      });
    } },
    h("h1", {}, "New game"),
    h("label", { for: "ruleset" }, "Game and rules"), ruleset,
    h("label", { for: "table-size" }, "Table size"), size, seatsHelp,
    h("label", { for: "idle-timeout" }, "End an idle turn after"), idle,
    h("label", { for: "bot-speed" }, "Bot speed"), botSpeed,
    optionsBox,
    h("label", { class: "switch" }, isPublic, "Make this lobby public"),
    h("p", { class: "muted" }, "Lobbies are private by default: only invited handles can find and join them."),
    // The form is long on a phone (a game's options, the pace): Create lobby stays pinned at
    // the screen's foot, in reach from the first field (the defaults make a good table).
    h("div", { class: "form-foot", "data-testid": "new-game-foot" }, button));
    fill(root, form);
    return null;
  }
  // The API before lobbies: deal a table from handles.
  const others = h("input", { id: "other-handles", required: true, autocomplete: "off", "aria-describedby": "others-help" });
  const g = await api.guide(ruleset.value).catch(() => ({}));
  const options = optionsForm(g.table_options, "quick");
  const button = h("button", { type: "submit", class: "primary" }, "Deal the table");
  const form = h("form", { class: "card narrow stack", onsubmit: (e) => {
    e.preventDefault();
    busy(button, async () => {
      const me = api.session.get().handle;
      const seats = [me, ...others.value.split(/[\s,]+/).filter(Boolean)];
      const game = await api.createGame(seats, { ruleset: ruleset.value, options: options.value() || {} });
      go(`/game/${game.game_id}`);
    });
  } },
  h("h1", {}, "New game"),
  h("label", { for: "ruleset" }, "Game and rules"), ruleset,
  h("label", { for: "other-handles" }, "Other players' handles"), others,
  h("p", { id: "others-help", class: "muted" }, "Separated by commas. You take the first seat."),
  options.element, button);
  fill(root, form);
  others.focus();
  return null;
}

export async function mountLobby(root, lobbyId, inviteToken) {
  let stopped = false;
  let timer = null;
  let lobby = null;
  let link = inviteToken ? `${location.origin}${location.pathname}#/lobby/${lobbyId}?invite=${inviteToken}` : null;
  let shown = "";
  // What the owner is typing survives the lobby's refreshes (every 2 s, and after each change).
  const draft = { handle: "", role: "player" };
  const titles = await api.rulesetTitles();

  if (!(await api.supports("GET", "/lobbies/{lobby_id}"))) {
    // No lobby API: the id is a game's (the Table panel links here).
    go(`/game/${lobbyId}`);
    return null;
  }

  async function load() {
    try {
      lobby = await api.lobby(lobbyId, inviteToken);
      if (lobby.status === "started" && lobby.game_id) {
        go(`/game/${lobby.game_id}`);
        return;
      }
      if (JSON.stringify(lobby) !== shown) render();  // nothing changed: leave the page be
    } catch (err) {
      fill(root, h("section", { class: "card narrow" }, h("h1", {}, "Lobby"), h("p", { class: "alert" }, err.message), h("a", { href: "#/" }, "Dashboard")));
      stopped = true;
    }
    if (!stopped) timer = setTimeout(load, 2000);
  }

  // A bot level's rating from self-play tables, for the picker (" (rating 27.9 ± 2.1)").
  const botRating = (level) => {
    const r = lobby.bot_ratings?.[level];
    return r ? ` (rating ${r.mu.toFixed(1)} ± ${r.sigma.toFixed(1)})` : "";
  };

  const act = (button, fn) => busy(button, async () => { lobby = await fn(); render(); });

  /** The owner may change the bot speed until kickoff. */
  function botSpeedControl() {
    const select = botSpeedSelect("lobby-bot-speed", lobby.bot_delay_seconds);
    if (!BOT_SPEEDS.some(([s]) => s === lobby.bot_delay_seconds)) select.prepend(h("option", { value: lobby.bot_delay_seconds, selected: true }, botSpeedWords(lobby.bot_delay_seconds)));
    select.addEventListener("change", () => act(select, () => api.updateLobby(lobbyId, { bot_delay_seconds: Number(select.value) })));
    return h("div", { class: "row" }, h("label", { for: "lobby-bot-speed" }, "Bot speed"), select);
  }

  function render() {
    shown = JSON.stringify(lobby);
    headerGuide(lobby.ruleset);  // the header's Guide opens this table's game
    const owner = lobby.you.role === "owner";
    const waiting = lobby.status === "waiting";
    const focusId = document.activeElement?.id;
    const seats = h("ol", { class: "seats-list", "aria-label": "Seats" }, lobby.seats.map((seat) => {
      const label = seat.kind === "empty" ? h("span", { class: "muted" }, "Empty seat")
        : h("span", {}, seat.name,
          // A bot's name says its level ("Base bot 1"); a bot named otherwise gets it added.
          seat.kind === "bot" && !seat.name.toLowerCase().includes(`${seat.bot_level} bot`) ? ` (${seat.bot_level} bot)` : "", seat.account_id === lobby.owner.account_id ? " · owner" : "");
      const controls = [];
      if (owner && waiting && seat.kind === "empty") {
        const level = h("select", { id: `bot-level-${seat.seat}`, "aria-label": `Bot level for seat ${seat.seat + 1}` },
          ["base", "advanced", "smart"].map((l) => h("option", { value: l }, `${l[0].toUpperCase()}${l.slice(1)} bot${botRating(l)}`)));
        const add = h("button", { type: "button", id: `add-bot-${seat.seat}`, onclick: () => act(add, () => api.addBot(lobbyId, level.value, seat.seat)) }, "Add bot");
        controls.push(level, add);
      }
      if (owner && waiting && seat.kind !== "empty" && seat.account_id !== lobby.owner.account_id) {
        const remove = h("button", { type: "button", id: `empty-seat-${seat.seat}`, onclick: () => act(remove, () => api.emptySeat(lobbyId, seat.seat)) }, "Remove");
        controls.push(remove);
      }
      if (!owner && waiting && seat.kind === "empty" && lobby.you.seat === null) {
        const join = h("button", { type: "button", class: "primary", id: `join-${seat.seat}`, onclick: () => act(join, () => api.joinLobby(lobbyId, { seat: seat.seat, invite: inviteToken })) }, "Take this seat");
        controls.push(join);
      }
      return h("li", { "data-testid": `seat-${seat.seat}` }, h("span", { class: "seat-no" }, `Seat ${seat.seat + 1}`), label, h("span", { class: "row" }, controls));
    }));
    const parts = [
      h("div", { class: "row spread" }, h("h1", {}, `${lobby.owner.name}'s lobby`),
        h("span", { class: "pill" }, lobby.public ? "Public" : "Private")),
      h("p", { class: "table-name", "data-testid": "lobby-name" }, lobby.name),
      h("p", { class: "muted", "data-testid": "lobby-facts" },
        `${titles[lobby.ruleset] || lobby.ruleset} · ${lobby.table_size} seats · ${lobby.status}`,
        lobby.idle_timeout_seconds ? ` · an idle turn ends after ${duration(lobby.idle_timeout_seconds)}` : ""),
      h("p", { class: "muted", "data-testid": "lobby-bots" }, `Bots move: ${botSpeedWords(lobby.bot_delay_seconds)}`),
      h("p", { class: lobby.rated ? "muted" : "notice", "data-testid": "lobby-rated" },
        lobby.rated ? "Rated: the finishing order moves each player's rating." : `Unrated: ${lobby.unrated_reason}.`),
      optionsInWords(lobby.options).length ? h("ul", { class: "muted options-shown", "data-testid": "lobby-options", "aria-label": "Table options" },
        optionsInWords(lobby.options).map((line) => h("li", {}, line))) : null,
      h("section", { class: "card", "aria-labelledby": "seats-title" }, h("h2", { id: "seats-title" }, "Seats"), seats),
    ];
    if (owner && waiting) {
      // The owner names the table (empty: back to the default name).
      const nameInput = h("input", { id: "table-name", maxlength: 60, autocomplete: "off", placeholder: lobby.name });
      nameInput.value = lobby.named ? lobby.name : "";
      const nameButton = h("button", { type: "submit" }, "Rename");
      parts.push(h("form", { class: "row wrap", "data-testid": "lobby-rename", onsubmit: (e) => { e.preventDefault(); act(nameButton, () => api.updateLobby(lobbyId, { name: nameInput.value })); } },
        h("label", { for: "table-name" }, "Table name"), nameInput, nameButton));
    }
    if (owner && waiting) {
      const handle = h("input", { id: "invite-handle", autocomplete: "off", required: true, oninput: (e) => { draft.handle = e.target.value; } });
      handle.value = draft.handle;
      const role = h("select", { id: "invite-role", onchange: (e) => { draft.role = e.target.value; } },
        h("option", { value: "player" }, "as a player"), h("option", { value: "spectator" }, "as a spectator"));
      role.value = draft.role;
      const inviteButton = h("button", { type: "submit" }, "Invite");
      const invite = async () => {
        const changed = await api.invite(lobbyId, handle.value.trim(), role.value);
        draft.handle = "";
        return changed;
      };
      const inviteForm = lobby.public ? h("p", { class: "muted" }, "Public lobby: anyone with the link can join, so no invitations are needed.")
        : h("form", { class: "row wrap", onsubmit: (e) => { e.preventDefault(); act(inviteButton, invite); } },
          h("label", { for: "invite-handle" }, "Invite by handle"), handle, h("label", { for: "invite-role", class: "sr-only" }, "Role"), role, inviteButton);
      const linkButton = h("button", { type: "button", id: "copy-invite-link", onclick: () => busy(linkButton, async () => {
        if (!link) {
          if (lobby.public) {
            link = `${location.origin}${location.pathname}#/lobby/${lobbyId}`;
          } else {
            const made = await api.inviteLink(lobbyId);
            link = `${location.origin}${location.pathname}#/lobby/${lobbyId}?invite=${made.invite_token}`;
          }
        }
        const copied = await copyText(link);
        notify(copied ? "Invite link copied." : "Copy the invite link shown below.");
        render();
      }) }, "Copy invite link");
      const publicToggle = lobby.public ? null : h("button", { type: "button", id: "make-public", onclick: async () => {
        const ok = await confirmDialog({ title: "Make this lobby public?", confirmLabel: "Make it public",
          body: "Anyone with the link can then join; pending player invitations and the invite link are dropped. This cannot be changed after the game starts." });
        if (ok) act(publicToggle, () => api.updateLobby(lobbyId, { public: true, confirm_public: true }));
      } }, "Make this lobby public");
      const seated = lobby.seats.filter((s) => s.kind !== "empty").length;
      const start = h("button", { type: "button", class: "primary", id: "start-game", disabled: seated < 2, onclick: () => busy(start, async () => {
        const game = await api.startLobby(lobbyId);
        go(`/game/${game.game_id}`);
      }) }, seated < 2 ? "Start (needs two seated)" : "Start the game");
      parts.push(h("section", { class: "card stack", "aria-labelledby": "invite-title" },
        h("h2", { id: "invite-title" }, "Invite"),
        inviteForm,
        h("div", { class: "row wrap" }, linkButton, publicToggle),
        link ? h("p", {}, h("label", { for: "invite-link" }, "Invite link"), h("input", { id: "invite-link", readonly: true, value: link })) : null,
        lobby.invited?.length ? h("ul", {}, lobby.invited.map((i) => h("li", {}, `${i.name} (${i.role}) `,
          h("button", { type: "button", class: "link", onclick: (e) => act(e.currentTarget, () => api.withdrawInvite(lobbyId, i.name)) }, "withdraw")))) : null),
      h("section", { class: "card stack" }, h("h2", {}, "Kickoff"), botSpeedControl(), h("div", { class: "row" }, start,
        h("button", { type: "button", class: "danger", onclick: async (e) => {
          const button = e.currentTarget;
          if (await confirmDialog({ title: "Cancel this lobby?", danger: true, confirmLabel: "Cancel lobby", body: "The lobby leaves every dashboard." })) {
            busy(button, async () => { await api.cancelLobby(lobbyId); go("/"); });
          }
        } }, "Cancel lobby"))));
    } else if (waiting && lobby.you.seat !== null && lobby.you.seat !== undefined) {
      parts.push(h("p", {}, "Waiting for the owner to start. ", h("button", { type: "button", onclick: (e) => act(e.currentTarget, () => api.leaveLobby(lobbyId)) }, "Leave seat")));
    }
    fill(root, h("section", { class: "lobby stack" }, parts));
    if (focusId) document.getElementById(focusId)?.focus();
  }

  await load();
  return () => { stopped = true; clearTimeout(timer); };
}
