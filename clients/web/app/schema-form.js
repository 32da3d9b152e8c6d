// A form generated from a game's options JSON Schema (GET /api/games: options_schema, as msgspec
// writes it: a $ref into $defs, an object with typed properties, defaults and bounds). Every option
// gets a labelled field showing its default; a refusal of the server that names a path
// (" - at `$.options.turn_limit`") is shown on that field.

import { h } from "./dom.js";

function resolve(schema, root) {
  let node = schema;
  for (let i = 0; node && node.$ref && i < 16; i++) {
    const path = node.$ref.replace(/^#\//, "").split("/");
    node = path.reduce((at, key) => (at ? at[key] : undefined), root);
  }
  return node || {};
}

function humanize(name) {
  const text = name.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function hint(node) {
  const parts = [];
  if (node.description) parts.push(node.description);
  if (node.minimum !== undefined && node.maximum !== undefined)
    parts.push(`${node.minimum} to ${node.maximum}`);
  else if (node.minimum !== undefined) parts.push(`at least ${node.minimum}`);
  else if (node.maximum !== undefined) parts.push(`at most ${node.maximum}`);
  if (node.pattern) parts.push(`format: ${node.pattern}`);
  if (node.default !== undefined) parts.push(`default: ${JSON.stringify(node.default)}`);
  return parts.join("; ");
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

/** One option's field: {element, read() -> value|undefined, showError(text|null), focus()}. */
function field(name, node, idBase) {
  const id = `${idBase}-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const error = h("p", { class: "field-error", id: errorId, role: "alert", hidden: true });
  const help = hint(node);
  let input;
  let read;
  const values = enumValues(node);
  if (values) {
    input = h(
      "select",
      { id, name },
      values.map((v) => h("option", { value: JSON.stringify(v) }, v === null ? "(automatic)" : String(v))),
    );
    if (node.default !== undefined) input.value = JSON.stringify(node.default);
    read = () => JSON.parse(input.value);
  } else if (node.type === "boolean") {
    input = h("input", { id, name, type: "checkbox" });
    input.checked = node.default === true;
    read = () => input.checked;
  } else if (node.type === "integer" || node.type === "number") {
    input = h("input", {
      id,
      name,
      type: "number",
      inputmode: "numeric",
      min: node.minimum,
      max: node.maximum,
      step: node.type === "integer" ? 1 : "any",
      value: node.default !== undefined ? String(node.default) : "",
    });
    read = () => (input.value.trim() === "" ? undefined : Number(input.value));
  } else if (node.type === "string") {
    input = h("input", { id, name, type: "text", value: node.default !== undefined ? node.default : "" });
    read = () => (input.value === "" && node.default === undefined ? undefined : input.value);
  } else {
    // arrays, objects and unions: JSON typed by hand
    input = h("textarea", { id, name, rows: 2, spellcheck: "false" });
    input.value = node.default !== undefined ? JSON.stringify(node.default) : "";
    read = () => (input.value.trim() === "" ? undefined : JSON.parse(input.value));
  }
  input.setAttribute("aria-describedby", `${hintId} ${errorId}`);
  const label = h("label", { for: id }, node.title || humanize(name));
  const element = h(
    "div",
    { class: "field", "data-option": name },
    input.type === "checkbox" ? [input, label] : [label, input],
    h("p", { class: "field-hint", id: hintId }, help),
    error,
  );
  return {
    element,
    read,
    focus: () => input.focus(),
    showError(text) {
      error.hidden = !text;
      error.textContent = text || "";
      if (text) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    },
  };
}

/** The fields of ``schema`` (an options schema) under a fieldset; ``values()`` gives the options object
 * (a field left empty is left out: the server's default applies), ``showError(message)`` puts a server
 * refusal on its field and returns whether one matched. */
export function optionsForm(schema, idBase = "opt") {
  const root = schema || {};
  const node = resolve(root, root);
  const fields = new Map();
  for (const [name, prop] of Object.entries(node.properties || {})) {
    fields.set(name, field(name, resolve(prop, root), idBase));
  }
  const about = node.description ? node.description.replace(/``/g, "") : null;
  const element = h(
    "fieldset",
    { class: "options" },
    h("legend", {}, "Options"),
    about ? h("p", { class: "field-hint" }, about) : null,
    fields.size ? [...fields.values()].map((f) => f.element) : h("p", {}, "This game has no options."),
  );
  return {
    element,
    values() {
      const options = {};
      for (const [name, f] of fields) {
        let value;
        try {
          value = f.read();
        } catch {
          f.showError("Not valid JSON.");
          throw new Error(`option ${name}: not valid JSON`);
        }
        if (value !== undefined) options[name] = value;
      }
      return options;
    },
    clearErrors() {
      for (const f of fields.values()) f.showError(null);
    },
    showError(message) {
      const name = pathOf(message, [...fields.keys()]);
      const target = name && fields.get(name);
      if (!target) return false;
      target.showError(message);
      target.focus();
      return true;
    },
  };
}

/** The option a server message names: by its path (" - at `$.options.<name>`"), else by a message that
 * opens with the option's name ("start must be ..."), as the games' setup checks word them. */
export function pathOf(message, names) {
  const text = String(message || "");
  const at = text.match(/at `\$\.options\.([A-Za-z0-9_]+)/);
  if (at && names.includes(at[1])) return at[1];
  const bare = text.replace(/^options: /, "");
  return names.find((n) => bare.startsWith(`${n} `)) || null;
}
