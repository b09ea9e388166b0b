// Standing orders on the game screen (issue 31, section 1), the same for every game: the
// "Orders" button each screen puts beside its turn status, the Orders panel (a form drawn from
// the game's orders JSON Schema, `GET /games/{id}/orders`, with the recommended values, "Use
// recommended", "Clear (decide everything myself)" and "Save": `PUT`, a refused value's message beside its
// field) and "What your orders did": at the next look, the moves the seat's orders made while
// the person was away (the view's `orders_did`), a summary line and the list, in the words of
// the game's own feed (its `events.js` `describeEvent`), until dismissed.
//
// The form knows only JSON Schema: a boolean is a switch, an integer (bounds from `minimum` /
// `maximum`) a number input with its unit, an enum (a Literal) a select, a list of an enum a
// group of checkboxes; a `null` choice (`anyOf [..., {type: null}]`) is "no limit" / "none".
// The words are the schema's own `title` and `description` (the game's terms, the ruleset's).

import * as api from "./api.js";
import { capital, humanize, plural } from "./shell/words.js";
import { fill, h, num } from "./ui.js";

/** `#/$defs/Name` references resolved; `allOf: [one]` unwrapped. */
function resolve(schema, node) {
  let out = node || {};
  for (let guard = 0; guard < 8; guard += 1) {
    if (out.$ref) {
      const { $ref, ...rest } = out;
      const target = $ref.replace(/^#\//, "").split("/").reduce((at, key) => at?.[key], schema) || {};
      out = { ...target, ...rest };
    } else if (Array.isArray(out.allOf) && out.allOf.length === 1) {
      const { allOf, ...rest } = out;
      out = { ...resolve(schema, allOf[0]), ...rest };
    } else {
      break;
    }
  }
  return out;
}

/** The unit of an amount field: the schema's own (`unit` or `x-unit`), else the currency the
 * title or description names ("Buy up to (SFR)", "... in SFR", "this many M"), else "". */
export function unitOf(prop, title = "", description = "") {
  if (prop.unit || prop["x-unit"]) return prop.unit || prop["x-unit"];
  for (const text of [title, description]) {
    const named = String(text || "").match(/\((?:in )?([A-Z][A-Za-z]{0,4})\)/) || String(text || "").match(/\b(?:in|many) ([A-Z][A-Za-z]{0,4})\b/);
    if (named) return named[1];
  }
  return "";
}

/**
 * One form field of the orders schema: `{key, kind, title, help, unit, choices, nullable,
 * min, max}`; `kind` is "boolean", "integer", "number", "enum", "enums" (a list of an enum)
 * or null (a shape the form cannot edit: its value is kept as it is).
 */
export function fieldOf(schema, key, raw) {
  const node = resolve(schema, raw);
  const variants = (node.anyOf || [node]).map((v) => resolve(schema, v));
  const nullable = variants.some((v) => v.type === "null");
  const prop = variants.find((v) => v.type !== "null") || node;
  const help = node.description || prop.description || "";
  const title = node.title || prop.title || capital(humanize(key));
  const base = { key, title, help, nullable, unit: unitOf({ ...prop, ...node }, title, help) };
  const choicesOf = (p) => (Array.isArray(p.enum) ? p.enum : p.const !== undefined ? [p.const] : null);
  if (prop.type === "boolean") return { ...base, kind: "boolean" };
  if (prop.type === "integer" || prop.type === "number") {
    return { ...base, kind: prop.type, min: prop.minimum ?? (prop.exclusiveMinimum !== undefined ? prop.exclusiveMinimum + 1 : undefined),
      max: prop.maximum ?? (prop.exclusiveMaximum !== undefined ? prop.exclusiveMaximum - 1 : undefined) };
  }
  const single = choicesOf(prop) || (prop.anyOf ? prop.anyOf.map((v) => resolve(schema, v)).flatMap((v) => choicesOf(v) || []) : null);
  if (single && single.length) return { ...base, kind: "enum", choices: single };
  if (prop.type === "array") {
    const items = resolve(schema, prop.items);
    const many = choicesOf(items) || (items.anyOf ? items.anyOf.map((v) => resolve(schema, v)).flatMap((v) => choicesOf(v) || []) : null);
    if (many && many.length) return { ...base, kind: "enums", choices: many };
  }
  return { ...base, kind: null };
}

/** A field's description with its choices' ids in words ("near_full: when ..." -> "Near full:
 * when ..."): ids of one word stay as written, the sentence reads them as they are. */
export function helpWords(f) {
  let text = f.help || "";
  for (const c of f.choices || []) {
    if (typeof c !== "string" || !c.includes("_")) continue;
    text = text.replace(new RegExp(`\\b${c}\\b`, "g"), `“${capital(humanize(c))}”`);
  }
  return text;
}

/** A value of field `f` in words ("yes", "200,000 SFR", "Mortgage first", "no limit"). */
export function orderValueWords(f, value) {
  if (value === null || value === undefined) return f.kind === "integer" || f.kind === "number" ? "no limit" : "none";
  if (f.kind === "boolean") return value ? "on" : "off";
  if (f.kind === "integer" || f.kind === "number") return `${num(value)}${f.unit ? ` ${f.unit}` : ""}`;
  if (f.kind === "enums") return value.length ? value.map((v) => capital(humanize(v))).join(", ") : "none";
  if (typeof value === "string") return capital(humanize(value));
  return String(value);
}

/** The field a 422's message names ("orders.buy_up_to: ..." -> ["buy_up_to", "..."]). */
export function refusedField(message) {
  const m = String(message || "").match(/^(?:body\.)?orders\.([A-Za-z0-9_]+)(?:\.[^:]*)?: (.*)$/s);
  return m ? [m[1], m[2]] : [null, String(message || "")];
}

/** A refusal of field `f` in words: pydantic's "Input should be less than or equal to 100000000"
 * reads "Buy properties priced up to: at most 100,000,000 SFR"; other messages keep their words,
 * long figures grouped. */
export function refusalWords(f, text) {
  const unit = f?.unit ? ` ${f.unit}` : "";
  const said = String(text || "")
    .replace(/^Input should be less than or equal to (-?\d+)$/, (_, n) => `at most ${num(Number(n))}${unit}`)
    .replace(/^Input should be greater than or equal to (-?\d+)$/, (_, n) => `at least ${num(Number(n))}${unit}`)
    .replace(/^Input should be a valid (integer|number).*$/, "type a whole number")
    .replace(/^Input should be /, "should be ")
    .replace(/\b\d{5,}\b/g, (n) => num(Number(n)));
  const title = f?.title ? String(f.title).replace(/\s*\([^)]*\)$/, "") : "";
  return title ? `${title}: ${said}` : capital(said);
}

/**
 * The summary line of what the orders did, made from the feed's own sentences (`lines`: the
 * sentences whose subject is the seat, `name` the seat's name in them, capitalised or not,
 * "You" too): "Your
 * orders rolled 6 times, bought Kibra for 60,000 SFR, paid Chebet 40,000 SFR". Sentences of one
 * event type said three times or more are counted under the words they share ("rolled 6
 * times", "ended the turn 6 times"); at most `most` phrases, then "and more".
 */
export function summaryLine(items, name, moves, most = 6) {
  // A feed may start its sentence with a capital (Jiji's "J2f8ff5 rolled" for @j2f8ff5).
  const subject = (text) => [`${name} `, `${capital(name)} `, "You "].find((prefix) => text.startsWith(prefix));
  const groups = new Map();  // event type -> predicates, in the order first said
  for (const { type, text } of items) {
    const prefix = subject(text);
    if (!prefix) continue;
    const predicate = text.slice(prefix.length).split(/: | \(/)[0].trim();
    if (!groups.has(type)) groups.set(type, []);
    groups.get(type).push(predicate);
  }
  const phrases = [];
  for (const predicates of groups.values()) {
    if (predicates.length < 3) { phrases.push(...predicates); continue; }
    const words = predicates.map((p) => p.split(" "));
    let shared = 0;
    while (words.every((w) => w[shared] !== undefined && w[shared] === words[0][shared])) shared += 1;
    phrases.push(`${words[0].slice(0, Math.max(1, shared)).join(" ")} ${num(predicates.length)} times`);
  }
  const head = `Your orders made ${plural("move", moves)} for you`;
  if (!phrases.length) return `${head}.`;
  const shown = phrases.slice(0, most);
  return `${head}: ${shown.join(", ")}${phrases.length > most ? ", and more" : ""}.`;
}

/**
 * The orders of the game on screen, for the shell (game.js): `load()` reads the seat's orders
 * (once the view is there), `button(view)` is the button a screen puts by its turn status
 * (null when there is nothing to order: a spectator, a replay, a finished game, a game without
 * orders), `note(entries)` keeps what the orders did (the view's `orders_did` or GET's `did`;
 * each move once, by its `seq`) and `card()` is "What your orders did" (null when nothing is
 * left to read). `describe(e)` words an event as the game's feed does; `shown(e)` says whether
 * the feed shows it.
 */
export function makeOrders(host, { describe, shown = () => true }) {
  const me = {
    info: null,          // the GET /games/{id}/orders body
    supported: false,
    did: [],             // the moves not yet dismissed, oldest first
    seen: new Set(),     // seqs already kept
    dialog: null,
  };

  me.load = async function load() {
    const v = host.view;
    if (host.replay || v.seat === null || v.seat === undefined || v.outcome) return;
    me.supported = await api.supports("GET", "/games/{game_id}/orders");
    if (!me.supported) return;
    try {
      me.info = await api.orders(host.id);
      me.note(me.info.did);
    } catch { me.info = null; }  // (the table still plays without them)
  };

  me.note = function note(entries) {
    let added = false;
    for (const entry of entries || []) {
      const key = entry.seq ?? `${entry.at}:${JSON.stringify(entry.action)}`;
      if (me.seen.has(key)) continue;
      me.seen.add(key);
      me.did.push(entry);
      added = true;
    }
    return added;
  };

  const active = (v) => v.status === "active" && !v.outcome && !host.replay && v.seat !== null && v.seat !== undefined;

  me.button = function button(v = host.view) {
    if (!me.info?.schema || !active(v)) return null;
    const on = me.info.orders !== null && me.info.orders !== undefined;
    return h("button", { type: "button", class: `orders-button${on ? " on" : ""}`, "data-testid": "orders-button", "data-key": "orders-button",
      "aria-haspopup": "dialog", title: "Standing orders: the moves the table makes for you", onclick: () => open() },
    "Orders", h("span", { class: "orders-state" }, on ? "on" : "off"));
  };

  /** The Orders panel: a dialog with the form, its buttons always in reach at its foot. */
  function open() {
    const info = me.info;
    const schema = info.schema;
    const fields = Object.entries(schema.properties || {}).map(([key, raw]) => fieldOf(schema, key, raw));
    const value = { ...(info.recommended || {}), ...(info.orders || {}) };
    const controls = new Map();
    const errors = new Map();
    const status = h("p", { class: "orders-status", role: "status", "data-testid": "orders-status" }, stateWords(info));
    const general = h("p", { class: "error", role: "alert", "data-testid": "orders-error", hidden: true });

    const body = fields.map((f) => {
      const id = `order-${f.key}`;
      const error = h("p", { class: "error field-error", id: `${id}-error`, role: "alert", "data-testid": `orders-error-${f.key}`, hidden: true });
      errors.set(f.key, error);
      const rec = info.recommended?.[f.key];
      const recWords = h("span", { class: "muted small recommended" }, `Recommended: ${orderValueWords(f, rec)}`);
      const help = f.help ? h("span", { class: "muted small" }, helpWords(f)) : null;
      const describedBy = `${id}-help ${id}-error`;
      const helpLine = h("p", { class: "order-help", id: `${id}-help` }, help, " ", recWords);
      // Each control is read and set through one pair, set from the orders shown.
      const keep = (read, set) => { controls.set(f.key, { read, set }); set(value[f.key]); };
      const field = (...parts) => h("div", { class: "order-field", "data-field": f.key }, ...parts, helpLine, error);
      if (f.kind === "boolean") {
        const control = h("input", { type: "checkbox", id, role: "switch", "aria-describedby": describedBy });
        keep(() => control.checked, (x) => { control.checked = Boolean(x); });
        return field(h("label", { class: "switch", for: id }, control, f.title));
      }
      if (f.kind === "integer" || f.kind === "number") {
        const input = h("input", { type: "number", id, inputmode: "numeric", min: f.min, max: f.max, step: f.kind === "integer" ? 1 : "any",
          placeholder: f.nullable ? "no limit" : "", "aria-describedby": describedBy });
        // (an empty amount is sent as null: "no limit" where the field has one, else the
        // service refuses it by name, as any bad value)
        keep(() => (input.value === "" ? null : Number(input.value)),
          (x) => { input.value = x === null || x === undefined ? "" : String(x); });
        const range = f.min !== undefined && f.max !== undefined ? ` (${num(f.min)} to ${num(f.max)})`
          : f.min !== undefined ? ` (at least ${num(f.min)})` : "";
        return field(h("label", { for: id }, f.title, h("span", { class: "muted" }, range)),
          h("span", { class: "row order-amount" }, input, f.unit ? h("span", { class: "unit" }, f.unit) : null));
      }
      if (f.kind === "enum") {
        const control = h("select", { id, "aria-describedby": describedBy },
          f.nullable ? h("option", { value: "null" }, "None") : null,
          f.choices.map((c) => h("option", { value: JSON.stringify(c) }, capital(humanize(String(c))))));
        keep(() => JSON.parse(control.value), (x) => { control.value = JSON.stringify(x ?? null); });
        return field(h("label", { for: id }, f.title), control);
      }
      if (f.kind === "enums") {
        const boxes = f.choices.map((c, i) => h("input", { type: "checkbox", id: `${id}-${i}`, value: JSON.stringify(c) }));
        keep(() => boxes.filter((b) => b.checked).map((b) => JSON.parse(b.value)),
          (x) => { const chosen = new Set((x || []).map((c) => JSON.stringify(c))); for (const b of boxes) b.checked = chosen.has(b.value); });
        return h("fieldset", { class: "order-field order-choices", "data-field": f.key, "aria-describedby": describedBy },
          h("legend", {}, f.title),
          h("div", { class: "choices" }, boxes.map((b, i) => h("label", { class: "switch", for: b.id }, b, capital(humanize(String(f.choices[i])))))),
          helpLine, error);
      }
      // A shape the form cannot edit: kept as it is, said in words.
      controls.set(f.key, { read: () => value[f.key], set: () => {} });
      return h("div", { class: "order-field", "data-field": f.key },
        h("p", {}, h("strong", {}, f.title), `: ${orderValueWords(f, value[f.key])}`), help ? h("p", { class: "order-help" }, help) : null, error);
    });

    const clearErrors = () => { for (const el of [...errors.values(), general]) { el.hidden = true; el.textContent = ""; } };
    const showError = (err) => {
      const [key, text] = refusedField(err.details?.field ? `orders.${err.details.field}: ${err.message}` : err.message);
      const el = (key && errors.get(key)) || general;
      el.textContent = refusalWords(fields.find((f) => f.key === key), text);
      el.hidden = false;
      const field = key && form.querySelector(`[data-field="${CSS.escape(key)}"]`);
      field?.classList.add("refused");
      (field?.querySelector("input, select") || el).focus?.();
      field?.scrollIntoView({ block: "nearest" });
    };
    const send = async (orders, button) => {
      clearErrors();
      for (const el of form.querySelectorAll(".refused")) el.classList.remove("refused");
      try {
        button.disabled = true;
        me.info = await api.saveOrders(host.id, orders);
        me.note(me.info.did);
        fill(status, stateWords(me.info, true));
        host.redraw();
        host.refresh?.(true);
      } catch (err) {
        if (err.status === 422) showError(err);
        else { general.textContent = err.message; general.hidden = false; }
      } finally {
        button.disabled = false;
      }
    };
    const read = () => {
      const out = {};
      for (const [key, c] of controls) {
        const x = c.read();
        if (x !== undefined && !Number.isNaN(x)) out[key] = x;
      }
      return out;
    };

    const save = h("button", { type: "submit", class: "primary", "data-testid": "orders-save" }, "Save");
    const recommended = h("button", { type: "button", "data-testid": "orders-recommended",
      onclick: () => { clearErrors(); for (const [key, c] of controls) c.set(me.info.recommended?.[key]); fill(status, "The recommended orders are in the form: Save to use them."); } }, "Use recommended");
    const clear = h("button", { type: "button", "data-testid": "orders-clear", onclick: (e) => send(null, e.currentTarget) }, "Clear (decide everything myself)");
    const close = h("button", { type: "button", "data-testid": "orders-close", onclick: () => dialog.close() }, "Close");
    const form = h("form", { class: "orders-form", novalidate: true, onsubmit: (e) => { e.preventDefault(); send(read(), save); } },
      h("div", { class: "orders-head" },
        h("h2", { id: "orders-title" }, "Your standing orders"),
        h("p", { class: "muted small" }, "Orders make your routine moves the moment the game needs them, and stop for the decisions you make yourself. Saved orders act at once on what waits for you now."),
        status),
      h("div", { class: "orders-fields" }, body),
      general,
      h("div", { class: "orders-foot" }, recommended, clear, save, close));
    const dialog = h("dialog", { class: "orders-panel", "aria-labelledby": "orders-title", "data-testid": "orders-panel" }, form);
    dialog.addEventListener("close", () => { dialog.remove(); me.dialog = null; document.querySelector("[data-testid=orders-button]")?.focus({ preventScroll: true }); });
    me.dialog?.close();
    me.dialog = dialog;
    document.body.append(dialog);
    dialog.showModal();
    form.querySelector(".orders-fields input, .orders-fields select")?.focus({ preventScroll: true });
  }

  function stateWords(info, saved = false) {
    if (info.orders === null || info.orders === undefined) {
      return saved ? "Cleared: the table waits for you at every decision." : "You have no orders: the table waits for you at every decision.";
    }
    return saved ? "Saved: your orders are on, and act on what waits for you now." : "Your orders are on.";
  }

  /** "What your orders did": the summary line, then each move's events in the feed's words. */
  me.card = function card() {
    const v = host.view;
    if (!me.did.length || host.replay || v.seat === null || v.seat === undefined) return null;
    const name = v.seats?.[v.seat]?.name ?? "";
    const items = [];
    const lines = [];
    for (const entry of me.did) {
      for (const e of entry.events || []) {
        if (!shown(e)) continue;
        const text = describe(e);
        if (!text) continue;
        items.push({ type: e.type, text });
        lines.push(h("li", {}, text));
      }
    }
    const dismiss = h("button", { type: "button", class: "small", "data-testid": "orders-did-dismiss",
      onclick: () => { me.did = []; host.redraw(); } }, "Dismiss");
    return h("section", { class: "card orders-did", "data-testid": "orders-did", "aria-labelledby": "orders-did-title" },
      h("div", { class: "row spread" }, h("h2", { id: "orders-did-title" }, "What your orders did"), dismiss),
      h("p", { class: "orders-did-summary", "data-testid": "orders-did-summary" }, summaryLine(items, name, me.did.length)),
      lines.length ? h("ol", { class: "orders-did-list", "data-testid": "orders-did-list" }, lines) : null);
  };

  return me;
}
