// A form generated from a game's options JSON Schema (GET /api/games: options_schema, as msgspec
// writes it: a $ref into $defs, an object with typed properties, defaults and bounds), worded by the
// game's catalogue (GET /api/games/{game}/catalog): an option's label is the name of its entry
// `option.<name>`, its help that entry's text, a choice's name the entry `option.<name>.<value>`.
// Closed choices are selects (one value) or checkboxes (a list), booleans checkboxes, numbers number
// inputs with the schema's bounds, a nested object a group of such fields. A refusal of the server that
// names an option (" - at `$.options.turn_limit`") is shown on that field in the page's own words
// (app/chrome.json), never as the server's text.

import { h } from "./dom.js";
import { t } from "./i18n.js";

function resolve(schema, root) {
  let node = schema;
  for (let i = 0; node && node.$ref && i < 16; i++) {
    const path = node.$ref.replace(/^#\//, "").split("/");
    node = path.reduce((at, key) => (at ? at[key] : undefined), root);
  }
  return node || {};
}

/** `template` with each `{name}` replaced by `values[name]`. */
export function said(template, values = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function humanize(name) {
  const text = name.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The words of an option or a choice: the catalogue's entry, else (a game without one: the fixtures)
// the name made readable.
function wordsOf(catalog, id, fallback) {
  const entry = catalog && catalog.entries[id];
  return entry ? { name: entry.name, text: entry.text } : { name: fallback, text: "" };
}

// The choices the catalogue names for `key` (`option.<key>.<value>`), in its order.
function namedValues(catalog, key) {
  const prefix = `option.${key}.`;
  if (!catalog) return [];
  const ids = Object.keys(catalog.entries).filter((id) => id.startsWith(prefix));
  return ids.map((id) => id.slice(prefix.length));
}

// A number node: itself, or the number alternative of an optional one (Grucha's `rounds`: null is off).
function numberNode(node) {
  if (node.type === "integer" || node.type === "number") return node;
  const alts = node.anyOf || [];
  const numbers = alts.filter((a) => a.type === "integer" || a.type === "number");
  if (numbers.length === 1 && alts.every((a) => a === numbers[0] || a.type === "null")) return numbers[0];
  return null;
}

// A closed set of values: an enum, or alternatives each a const, an enum or null (an optional choice,
// e.g. Infarkt's variant, which follows the expansions when null).
function enumValues(node) {
  if (Array.isArray(node.enum)) return node.enum;
  const alts = node.anyOf || node.oneOf;
  if (!Array.isArray(alts)) return null;
  const values = [];
  for (const alt of alts) {
    if ("const" in alt) values.push(alt.const);
    else if (Array.isArray(alt.enum)) values.push(...alt.enum);
    else if (alt.type === "null") values.unshift(null);
    else return null;
  }
  return values;
}

function rangeWords(node) {
  if (node.minimum !== undefined && node.maximum !== undefined)
    return said(t("ui.form.range", "{min} to {max}"), { min: node.minimum, max: node.maximum });
  return "";
}

/** A select of `values` named from the catalogue; seat numbers too where the schema's pattern takes
 * them (Gregs' `start`), as many as the table has seats (`setSeats`). */
function selectInput(ctx, values, node) {
  const { id, name, key, catalog } = ctx;
  const input = h("select", { id, name });
  const choiceName = (v) =>
    v === null ? t("ui.form.automatic", "Automatic") : wordsOf(catalog, `option.${key}.${v}`, String(v)).name;
  const pattern = node.pattern ? new RegExp(node.pattern) : null;
  const seatsToo = pattern !== null && pattern.test("1");
  const build = (seats) => {
    const fallback = node.default !== undefined ? JSON.stringify(node.default) : "";
    const kept = input.value || fallback;
    const seatValues = [];
    for (let n = 1; seatsToo && n < seats; n++) if (pattern.test(String(n))) seatValues.push(String(n));
    const seatName = (v) => said(t("ui.form.seat", "Seat {n}"), { n: v });
    input.replaceChildren(
      ...values.map((v) => h("option", { value: JSON.stringify(v) }, choiceName(v))),
      ...seatValues.map((v) => h("option", { value: JSON.stringify(v) }, seatName(v))),
    );
    // a seat the table no longer has falls back to the default
    const has = (v) => [...input.options].some((o) => o.value === v);
    if (has(kept)) input.value = kept;
    else if (has(fallback)) input.value = fallback;
  };
  build(ctx.seats);
  return { input, read: () => JSON.parse(input.value), setSeats: build };
}

/** A list option's choices, one entry per name: values the catalogue names alike are copies of one
 * thing (iGranie's `removed_cards`: a row per copy of a card), offered as one count from 0 to their
 * number, read as that many of them in their order; a value named alone is a checkbox. */
function checkboxSet(ctx, values, node) {
  const { id, name, key, catalog } = ctx;
  const chosen = new Set(Array.isArray(node.default) ? node.default : []);
  const groups = new Map();
  for (const v of values) {
    const words = wordsOf(catalog, `option.${key}.${v}`, String(v));
    if (!groups.has(words.name)) groups.set(words.name, { words, values: [] });
    groups.get(words.name).values.push(v);
  }
  const reads = [];
  const entries = [...groups.values()].map(({ words, values: copies }, i) => {
    const label = h("label", { for: `${id}-${i}` }, words.name);
    if (copies.length === 1) {
      const box = h("input", { id: `${id}-${i}`, type: "checkbox", value: copies[0], title: words.text || null });
      box.checked = chosen.has(copies[0]);
      reads.push(() => (box.checked ? [copies[0]] : []));
      return h("span", { class: "choice" }, box, label);
    }
    const count = h("input", {
      id: `${id}-${i}`,
      type: "number",
      inputmode: "numeric",
      min: 0,
      max: copies.length,
      step: 1,
      value: String(copies.filter((v) => chosen.has(v)).length),
      title: words.text || null,
      "data-values": copies.join(" "),
    });
    reads.push(() => {
      const n = Math.max(0, Math.min(copies.length, Math.trunc(Number(count.value) || 0)));
      return copies.slice(0, n);
    });
    const of = t("ui.form.of", "of {count}").replace("{count}", String(copies.length));
    return h("span", { class: "choice choice-count" }, count, label, h("span", { class: "choice-of" }, of));
  });
  const input = h("div", { id, class: "choices", "data-name": name }, entries);
  return { input, read: () => reads.flatMap((r) => r()), group: true };
}

function numberInput(ctx, node, outer) {
  const { id, name } = ctx;
  const value = outer.default !== undefined && outer.default !== null ? String(outer.default) : "";
  const input = h("input", {
    id,
    name,
    type: "number",
    inputmode: "numeric",
    min: node.minimum,
    max: node.maximum,
    step: node.type === "integer" ? 1 : "any",
    value,
  });
  // empty: left out, so the server's default applies (Grucha's point limit follows the other ends)
  return { input, read: () => (input.value.trim() === "" ? undefined : Number(input.value)) };
}

/** The input of one option node: {input, read(), group?, setSeats?}. */
function inputOf(ctx, node) {
  const values = enumValues(node);
  if (values) return selectInput(ctx, values, node);
  const number = numberNode(node);
  if (number) return numberInput(ctx, number, node);
  if (node.type === "boolean") {
    const input = h("input", { id: ctx.id, name: ctx.name, type: "checkbox" });
    input.checked = node.default === true;
    return { input, read: () => input.checked };
  }
  if (node.type === "array") {
    const items = resolve(node.items || {}, ctx.root);
    const listed = Array.isArray(items.enum) ? items.enum : namedValues(ctx.catalog, ctx.key);
    if (listed.length) return checkboxSet(ctx, listed, node);
  }
  if (node.type === "string") {
    const named = namedValues(ctx.catalog, ctx.key);
    if (named.length) return selectInput(ctx, named, node);
    const input = h("input", { id: ctx.id, name: ctx.name, type: "text", value: node.default ?? "" });
    const read = () => (input.value === "" && node.default === undefined ? undefined : input.value);
    return { input, read };
  }
  // anything else no shipped game has: JSON typed by hand
  const input = h("textarea", { id: ctx.id, name: ctx.name, rows: 2, spellcheck: "false" });
  input.value = node.default !== undefined ? JSON.stringify(node.default) : "";
  return { input, read: () => (input.value.trim() === "" ? undefined : JSON.parse(input.value)) };
}

/** The page's words for a refusal of `node`'s field holding `value`: its bounds when it is outside
 * them, else that it does not fit the table or the other options. */
export function refusalWords(node, value) {
  const number = numberNode(node);
  const bounded = number && number.minimum !== undefined && number.maximum !== undefined;
  const inside = typeof value === "number" && value >= number?.minimum && value <= number?.maximum;
  if (bounded && !(inside && Number.isInteger(value))) {
    const words = t("ui.form.error.range", "Choose a whole number from {min} to {max}.");
    return said(words, { min: number.minimum, max: number.maximum });
  }
  if (Array.isArray(value) && node.maxItems !== undefined && value.length > node.maxItems)
    return said(t("ui.form.error.too_many", "Choose at most {max}."), { max: node.maxItems });
  const misfit = "This choice does not fit the table or the other options: see the note under it.";
  return t("ui.form.error.choice", misfit);
}

/** A group of fields for a nested object (fixture-meld's `groups`), or one option's field. */
function field(ctx, node, fields) {
  if (node.type === "object" && node.properties) return group(ctx, node, fields);
  const { id } = ctx;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const words = wordsOf(ctx.catalog, `option.${ctx.key}`, humanize(ctx.name));
  const error = h("p", { class: "field-error", id: errorId, role: "alert", hidden: true });
  const made = inputOf(ctx, node);
  const { input } = made;
  const help = words.text || rangeWords(numberNode(node) || {});
  const hint = h("p", { class: "field-hint", id: hintId }, help);
  const label = made.group ? h("legend", {}, words.name) : h("label", { for: id }, words.name);
  const parts = input.type === "checkbox" ? [input, label] : [label, input];
  const element = made.group
    ? h("fieldset", { class: "field choice-set", "data-option": ctx.key }, parts, hint, error)
    : h("div", { class: "field", "data-option": ctx.key }, parts, hint, error);
  const target = made.group ? element : input;
  target.setAttribute("aria-describedby", `${hintId} ${errorId}`);
  fields.set(ctx.key, {
    element,
    node,
    read: made.read,
    setSeats: made.setSeats,
    focus: () => (made.group ? input.querySelector("input") || input : input).focus(),
    showError(text) {
      error.hidden = !text;
      error.textContent = text || "";
      if (text) target.setAttribute("aria-invalid", "true");
      else target.removeAttribute("aria-invalid");
    },
  });
  return element;
}

function group(ctx, node, fields) {
  const words = wordsOf(ctx.catalog, `option.${ctx.key}`, humanize(ctx.name));
  const children = Object.entries(node.properties).map(([name, prop]) =>
    field(child(ctx, name), resolve(prop, ctx.root), fields),
  );
  const legend = h("legend", {}, words.name);
  return h("fieldset", { class: "field option-group", "data-option": ctx.key }, legend, children);
}

function child(ctx, name) {
  const key = ctx.key ? `${ctx.key}.${name}` : name;
  return { ...ctx, name, key, id: `${ctx.idBase}-${key.replace(/\./g, "-")}` };
}

// The options object from the fields (keys `a.b` for a nested one); a field read as undefined is left
// out, so the server's default applies.
function collect(fields) {
  const options = {};
  for (const [key, f] of fields) {
    const value = f.read();
    if (value === undefined) continue;
    const path = key.split(".");
    const last = path.pop();
    let at = options;
    for (const step of path) at = at[step] ??= {};
    at[last] = value;
  }
  return options;
}

/** The fields of ``schema`` (an options schema) under a fieldset, worded by ``catalog`` (the game's, in
 * the page's language; null: names made readable). ``seats``: the table's seats, for options that
 * name a seat (`setSeats` when it changes). ``values()`` gives the options object, ``showError(error)``
 * puts a server refusal ({code, message}) on its field in the page's words and returns whether one
 * matched. */
export function optionsForm(schema, { idBase = "opt", catalog = null, seats = 0 } = {}) {
  const root = schema || {};
  const node = resolve(root, root);
  const fields = new Map();
  const ctx = { root, catalog, seats, idBase, key: "" };
  const elements = Object.entries(node.properties || {}).map(([name, prop]) =>
    field(child(ctx, name), resolve(prop, root), fields),
  );
  const element = h(
    "fieldset",
    { class: "options" },
    h("legend", {}, t("ui.form.options", "Options")),
    elements.length ? elements : h("p", {}, t("ui.form.no_options", "This game has no options.")),
  );
  return {
    element,
    values() {
      try {
        return collect(fields);
      } catch {
        const typed = [...fields.values()].find((f) => f.element.querySelector("textarea"));
        if (typed) typed.showError(t("ui.form.error.json", "Not valid JSON."));
        throw new Error("an option is not valid JSON");
      }
    },
    setSeats(count) {
      for (const f of fields.values()) if (f.setSeats) f.setSeats(count);
    },
    clearErrors() {
      for (const f of fields.values()) f.showError(null);
    },
    showError(error) {
      const key = pathOf(error && error.message, [...fields.keys()]);
      const target = key && fields.get(key);
      if (!target) return false;
      let value;
      try {
        value = target.read();
      } catch {
        value = undefined;
      }
      target.showError(refusalWords(target.node, value));
      target.focus();
      return true;
    },
  };
}

/** The option a server message names: by its path (" - at `$.options.<name>`", a nested one's
 * `<name>.<field>` when it is a field of its own, else `<name>`), else by a message that opens with
 * the option's name ("start must be ..."), as the games' setup checks word them. */
export function pathOf(message, names) {
  const text = String(message || "");
  const at = text.match(/at `\$\.options\.([A-Za-z0-9_.]+)/);
  if (at) {
    const steps = at[1].split(".");
    for (let n = steps.length; n > 0; n--) {
      const key = steps.slice(0, n).join(".");
      if (names.includes(key)) return key;
    }
  }
  const bare = text.replace(/^options: /, "");
  return names.find((n) => bare.startsWith(`${n} `)) || null;
}
