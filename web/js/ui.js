// Small DOM helpers shared by the screens: element builder, money and time formatting, the
// status line (an ARIA live region), confirmation dialogs and device preferences.

/**
 * h("button", {class: "primary", onclick: fn}, "Roll") builds an element. Attributes starting
 * with "on" are listeners; `dataset`, `style` (object) and boolean attributes are handled;
 * children may be strings, nodes, arrays or null.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElementNS(
    tag === "svg" || attrs.__svg ? "http://www.w3.org/2000/svg" : "http://www.w3.org/1999/xhtml", tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false || key === "__svg") continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, v);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

/** An SVG element (same conventions as h). */
export function s(tag, attrs = {}, ...children) {
  return h(tag, { ...attrs, __svg: true }, ...children);
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * Run `draw` (which redraws parts of `root`) keeping what the player is typing or has chosen
 * and the focus: inputs, selects and textareas with a `data-key` get their values back (a
 * select only when that choice is still offered), and the element with the focused key is
 * focused again.
 */
export function keepInputs(root, draw) {
  const focusKey = document.activeElement?.dataset?.key;
  const typed = new Map([...root.querySelectorAll("input[data-key]:not([type=checkbox]), textarea[data-key], select[data-key]")]
    .map((el) => [el.dataset.key, el.value]));
  draw();
  for (const [key, value] of typed) {
    const el = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (!el || el.value === value) continue;
    if (el.options && ![...el.options].some((o) => o.value === value)) continue;  // that choice is gone
    el.value = value;
    el.dispatchEvent(new Event("change"));
  }
  if (focusKey) root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)?.focus({ preventScroll: true });
}

/** Replace the children of `el`. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** The seat colours every game screen and the dashboard share (seat i: SEAT_COLORS[i % 4]). */
export const SEAT_COLORS = ["#c2401c", "#1f6fbf", "#0f7d58", "#8a3fae"];

const number = new Intl.NumberFormat("en-KE");
/** 2000000 -> "2,000,000 SFR". */
export const money = (amount, currency = "SFR") => `${number.format(amount ?? 0)} ${currency}`;
export const num = (n) => number.format(n ?? 0);

export function ago(seconds) {
  if (!seconds) return "";
  const diff = Math.max(0, Date.now() / 1000 - seconds);
  if (diff < 60) return "just now";
  if (diff < 3600) return `${Math.floor(diff / 60)} min ago`;
  if (diff < 86400) return `${Math.floor(diff / 3600)} h ago`;
  return `${Math.floor(diff / 86400)} d ago`;
}

/** A moment for people, by the reader's clock: "17:10" today, "Tue 17:10" on another day. */
export function clockTime(seconds) {
  const when = new Date(seconds * 1000);
  const today = when.toDateString() === new Date().toDateString();
  return when.toLocaleString([], { ...(today ? {} : { weekday: "short" }), hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}

/** A length of time for people: 300 -> "5 minutes", 86400 -> "1 day", 5400 -> "90 minutes". */
export function duration(seconds) {
  for (const [unit, size] of [["day", 86400], ["hour", 3600], ["minute", 60]]) {
    if (seconds >= size && seconds % size === 0) {
      const n = seconds / size;
      return `${n} ${unit}${n === 1 ? "" : "s"}`;
    }
  }
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}

/** Decode the three entities the chat service escapes, for display as plain text. */
export const unescapeHtml = (text) =>
  text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

/** Show a short message in the status line (read by screen readers). */
export function notify(message, kind = "info") {
  const bar = document.getElementById("status");
  if (!bar) return;
  bar.textContent = message;
  bar.dataset.kind = kind;
  bar.hidden = false;
  clearTimeout(notify.timer);
  notify.timer = setTimeout(() => { bar.hidden = true; }, kind === "error" ? 8000 : 4000);
}

/** Run an async UI action: disables `button` meanwhile, reports errors in the status line. */
export async function busy(button, fn) {
  if (button) button.disabled = true;
  try {
    return await fn();
  } catch (err) {
    notify(err.message || String(err), "error");
    return undefined;
  } finally {
    if (button && button.isConnected) button.disabled = false;
  }
}

/**
 * A modal confirmation (<dialog>). `requireText`: the user must type it to confirm, in any case
 * and with surrounding spaces ignored (as the server compares a handle typed to confirm).
 * Resolves true when confirmed.
 */
export function confirmDialog({ title, body, confirmLabel = "Confirm", danger = false, requireText = null }) {
  const typed = (text) => text.trim().toLowerCase() === String(requireText).trim().toLowerCase();
  return new Promise((resolve) => {
    const input = requireText
      ? h("input", { type: "text", id: "confirm-text", autocomplete: "off", spellcheck: "false",
        "aria-describedby": "confirm-body" })
      : null;
    const ok = h("button", { type: "submit", class: danger ? "danger" : "primary", disabled: Boolean(requireText) }, confirmLabel);
    const cancel = h("button", { type: "button" }, "Cancel");
    const form = h("form", { method: "dialog" },
      h("h2", { id: "confirm-title" }, title),
      h("p", { id: "confirm-body" }, body),
      input ? h("label", { for: "confirm-text" }, `Type ${requireText} to confirm`) : null,
      input,
      h("div", { class: "row end" }, cancel, ok));
    const dialog = h("dialog", { "aria-labelledby": "confirm-title", class: "confirm" }, form);
    if (input) input.addEventListener("input", () => { ok.disabled = !typed(input.value); });
    cancel.addEventListener("click", () => dialog.close("cancel"));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      if (requireText && !typed(input.value)) return;
      dialog.close("ok");
    });
    dialog.addEventListener("close", () => { resolve(dialog.returnValue === "ok"); dialog.remove(); });
    document.body.append(dialog);
    dialog.showModal();
    (input || ok).focus();
  });
}

/** Per-device preferences (view mode, follow turn, sound). */
export const prefs = {
  get(key, fallback) {
    try {
      const value = localStorage.getItem(`mtaa.pref.${key}`);
      return value === null ? fallback : JSON.parse(value);
    } catch { return fallback; }
  },
  set(key, value) { localStorage.setItem(`mtaa.pref.${key}`, JSON.stringify(value)); },
};

/** Copy text to the clipboard (falls back to selecting a field for manual copy). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Point the header's Guide link at the guide of the game on screen (`ruleset`; `from`, the
 * game's id, gives the guide its way back), or at the guides' start when `ruleset` is null. The
 * header is drawn afresh on every route, so a screen without a game leaves the start. */
export function headerGuide(ruleset = null, from = null) {
  const link = document.getElementById("nav-guide");
  if (!link) return;
  link.href = ruleset ? `#/guide/${encodeURIComponent(ruleset)}${from ? `?from=${encodeURIComponent(from)}` : ""}` : "#/guide";
}

/** Navigate to a hash route ("/game/abc"); re-renders when already there. */
export function go(path) {
  if (location.hash === `#${path}`) window.dispatchEvent(new HashChangeEvent("hashchange"));
  else location.hash = path;
}
