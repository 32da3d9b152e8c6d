// A seat's prompt as controls: a button per legal action (a select past MAX_BUTTONS), nothing for a
// kind whose choice list is empty (it cannot be taken now), and a small JSON form for a kind absent
// from `choices` (free-form: its fields are typed by the player). Kinds the renderer draws inline (the
// Gregs fan's slots) are left to it.

import { t } from "./i18n.js";
import { h } from "./dom.js";
import { helpedControl } from "./help.js";
import { say } from "./words.js";

const MAX_BUTTONS = 8;

function choiceButtons(kind, list, ctx) {
  if (list.length <= MAX_BUTTONS) {
    return h(
      "div",
      { class: "choice-group", role: "group", "aria-label": ctx.label(kind, {}) },
      list.map((choice) =>
        helpedControl(
          h(
            "button",
            {
              type: "button",
              class: "choice",
              "data-kind": kind,
              disabled: ctx.pending,
              onclick: () => ctx.choose(kind, choice),
            },
            ctx.label(kind, choice),
          ),
          ctx.help ? ctx.help(kind, choice) : "",
        ),
      ),
    );
  }
  const id = `choice-${kind}`;
  // the button says what it sends: the chosen option's label ("Play Stinky Cheese"), not a bare "Play"
  const send = h("button", { type: "submit", "data-kind": kind, disabled: ctx.pending }, ctx.label(kind, list[0]));
  const select = h(
    "select",
    { id, disabled: ctx.pending, onchange: () => (send.textContent = ctx.label(kind, list[Number(select.value)])) },
    list.map((choice, i) => h("option", { value: String(i) }, ctx.label(kind, choice))),
  );
  return h(
    "form",
    {
      class: "choice-group",
      onsubmit: (e) => {
        e.preventDefault();
        ctx.choose(kind, list[Number(select.value)]);
      },
    },
    h("label", { for: id }, ctx.label(kind, {})),
    select,
    send,
  );
}

function freeForm(kind, ctx) {
  const id = `free-${kind}`;
  const area = h("textarea", {
    id,
    rows: 2,
    spellcheck: "false",
    disabled: ctx.pending,
    "aria-describedby": `${id}-hint`,
  });
  area.value = "{}";
  const problem = h("p", { class: "field-error", role: "alert", hidden: true });
  return h(
    "form",
    {
      class: "choice-group free-form",
      onsubmit: (e) => {
        e.preventDefault();
        let fields;
        try {
          fields = JSON.parse(area.value);
          if (!fields || typeof fields !== "object" || Array.isArray(fields))
            throw new Error("not an object");
        } catch {
          problem.hidden = false;
          problem.textContent = say("ui.controls.fields_error");
          return;
        }
        ctx.choose(kind, fields);
      },
    },
    h("label", { for: id }, say("ui.controls.fields", { kind: ctx.label(kind, {}) })),
    area,
    h("p", { class: "field-hint", id: `${id}-hint` }, say("ui.controls.fields_hint")),
    problem,
    // says what it sends: the kind by its name ("Send: Lay out the table"), never a bare "Send"
    h("button", { type: "submit", "data-kind": kind, disabled: ctx.pending }, say("ui.controls.send", { kind: ctx.label(kind, {}) })),
  );
}

/** The controls of ``ctx.prompt`` (null: an empty group, laid out the same way). ``ctx``: {prompt,
 * inline (kinds drawn by the renderer), label(kind, choice), help(kind, choice) (what a choice does, as
 * its popover: help.js; optional), choose(kind, fields), pending}. */
export function controls(ctx) {
  const prompt = ctx.prompt;
  const groups = [];
  if (prompt) {
    const choices = prompt.choices || {};
    // an inline kind is the renderer's alone, a free-form one too (Grucha's table is its submission)
    const onTable = (prompt.kinds || []).filter((k) => ctx.inline.includes(k));
    if (onTable.some((k) => !Array.isArray(choices[k]) || choices[k].length))
      // "on the table", not "above": on a phone the prompt bar sits over the table (phone.css)
      groups.push(h("p", { class: "field-hint" }, say("ui.use_table")));
    for (const kind of prompt.kinds || []) {
      if (onTable.includes(kind)) continue;
      if (!(kind in choices)) groups.push(freeForm(kind, ctx));
      else if (choices[kind].length) groups.push(choiceButtons(kind, choices[kind], ctx));
    }
  }
  return h("div", { class: "controls-body" }, groups);
}
