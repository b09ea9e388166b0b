// Creating a game and the lobby: seats, bots, invitations by handle, the invite link, making
// the lobby public (confirmed, only while waiting) and the kickoff. Without the lobby API
// (older servers) "New game" deals a table straight from handles (POST /games).

import * as api from "./api.js";
import { busy, confirmDialog, copyText, duration, fill, go, h, notify } from "./ui.js";

function optionsField(idPrefix) {
  const area = h("textarea", { id: `${idPrefix}-options`, rows: 3, spellcheck: "false", placeholder: '{"max_turns": 200}' });
  return {
    element: h("details", { class: "advanced" }, h("summary", {}, "Advanced: game options"),
      h("label", { for: `${idPrefix}-options` }, "Ruleset options as JSON (e.g. max_turns; scripted dice only where the server allows them)"), area),
    value() {
      const text = area.value.trim();
      if (!text) return undefined;
      try { return JSON.parse(text); } catch { throw new Error("The game options are not valid JSON."); }
    },
  };
}

async function rulesetSelect(id) {
  let names = ["mtaani", "mtaani-classic"];
  try { names = (await api.guide()).rulesets; } catch { /* keep the defaults */ }
  const titles = await api.rulesetTitles();
  return h("select", { id }, names.map((n) => h("option", { value: n }, titles[n] || n)));
}

export async function mountNewGame(root) {
  const ruleset = await rulesetSelect("ruleset");
  if (await api.supports("POST", "/lobbies")) {
    const size = h("select", { id: "table-size" }, [2, 3, 4].map((n) => h("option", { value: n, selected: n === 4 }, `${n} seats`)));
    const idle = h("select", { id: "idle-timeout" },
      h("option", { value: "" }, "The server's default"),
      [300, 3600, 86400, 604800].map((s) => h("option", { value: s }, s === 300 ? `${duration(s)} (a live table)` : duration(s))));
    const isPublic = h("input", { type: "checkbox", id: "make-public" });
    const button = h("button", { type: "submit", class: "primary" }, "Create lobby");
    const form = h("form", { class: "card narrow stack", onsubmit: (e) => {
      e.preventDefault();
      busy(button, async () => {
        const body = { table_size: Number(size.value), ruleset: ruleset.value };
        if (idle.value) body.idle_timeout_seconds = Number(idle.value);
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
    h("label", { for: "ruleset" }, "Edition and rules"), ruleset,
    h("label", { for: "table-size" }, "Table size"), size,
    h("label", { for: "idle-timeout" }, "End an idle turn after"), idle,
    h("label", { class: "switch" }, isPublic, "Make this lobby public"),
    h("p", { class: "muted" }, "Lobbies are private by default: only invited handles can find and join them."),
    button);
    fill(root, form);
    return null;
  }
  // The API before lobbies: deal a table from handles.
  const others = h("input", { id: "other-handles", required: true, autocomplete: "off", "aria-describedby": "others-help" });
  const options = optionsField("quick");
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
  h("label", { for: "ruleset" }, "Edition and rules"), ruleset,
  h("label", { for: "other-handles" }, "Other players' handles"), others,
  h("p", { id: "others-help", class: "muted" }, "1 to 3 handles, separated by commas. You take the first seat."),
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
  const options = optionsField("start");
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

  const act = (button, fn) => busy(button, async () => { lobby = await fn(); render(); });

  function render() {
    shown = JSON.stringify(lobby);
    const owner = lobby.you.role === "owner";
    const waiting = lobby.status === "waiting";
    const focusId = document.activeElement?.id;
    const seats = h("ol", { class: "seats-list", "aria-label": "Seats" }, lobby.seats.map((seat) => {
      const label = seat.kind === "empty" ? h("span", { class: "muted" }, "Empty seat")
        : h("span", {}, seat.name, seat.kind === "bot" ? ` (${seat.bot_level} bot)` : "", seat.account_id === lobby.owner.account_id ? " · owner" : "");
      const controls = [];
      if (owner && waiting && seat.kind === "empty") {
        const level = h("select", { id: `bot-level-${seat.seat}`, "aria-label": `Bot level for seat ${seat.seat + 1}` },
          ["base", "advanced", "smart"].map((l) => h("option", { value: l }, `${l[0].toUpperCase()}${l.slice(1)} bot`)));
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
      h("p", { class: "muted", "data-testid": "lobby-facts" },
        `${titles[lobby.ruleset] || lobby.ruleset} · ${lobby.table_size} seats · ${lobby.status}`,
        lobby.idle_timeout_seconds ? ` · an idle turn ends after ${duration(lobby.idle_timeout_seconds)}` : ""),
      h("section", { class: "card", "aria-labelledby": "seats-title" }, h("h2", { id: "seats-title" }, "Seats"), seats),
    ];
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
        const opts = options.value();
        const game = await api.startLobby(lobbyId, opts);
        go(`/game/${game.game_id}`);
      }) }, seated < 2 ? "Start (needs two seated)" : "Start the game");
      parts.push(h("section", { class: "card stack", "aria-labelledby": "invite-title" },
        h("h2", { id: "invite-title" }, "Invite"),
        inviteForm,
        h("div", { class: "row wrap" }, linkButton, publicToggle),
        link ? h("p", {}, h("label", { for: "invite-link" }, "Invite link"), h("input", { id: "invite-link", readonly: true, value: link })) : null,
        lobby.invited?.length ? h("ul", {}, lobby.invited.map((i) => h("li", {}, `${i.name} (${i.role}) `,
          h("button", { type: "button", class: "link", onclick: (e) => act(e.currentTarget, () => api.withdrawInvite(lobbyId, i.name)) }, "withdraw")))) : null),
      h("section", { class: "card stack" }, h("h2", {}, "Kickoff"), options.element, h("div", { class: "row" }, start,
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
