// A seat's prompt as controls: a button per legal action (a select past MAX_BUTTONS), nothing for a
// kind whose choice list is empty (it cannot be taken now), and a small JSON form for a kind absent
// from `choices` (free-form: its fields are typed by the player). Kinds the renderer draws inline (the
// Gregs fan's slots) are left to it.

import { t } from "./i18n.js";
import { h } from "./dom.js";
import { helpedControl } from "./help.js";
import { say } from "./words.js";

const MAX_BUTTONS = 8;

/** The index in ``keys`` (each choice as JSON) of the option the select ``id`` still on the page shows,
 * so that a redraw (a patch, a countdown tick) keeps the player's pick while it is still offered; 0 when
 * there is none, when it is no longer offered, or when it was sent and a new prompt has come since (the
 * next decision starts from the first option again). The select on the page is the one being replaced:
 * behind a hot-seat curtain the controls are gone, so one seat's pick never carries to the next. */
function keptChoice(id, promptId, keys) {
  const old = document.getElementById(id);
  if (!old || old.tagName !== "SELECT" || !old.selectedOptions.length) return { at: 0, sent: false };
  const form = old.closest("form");
  const sent = Boolean(form && form.dataset.sent);
  if (sent && form.dataset.prompt !== promptId) return { at: 0, sent: false };
  const at = keys.indexOf(old.selectedOptions[0].dataset.choice);
  return { at: at < 0 ? 0 : at, sent };
}

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
  const promptId = ctx.prompt ? ctx.prompt.id : "";
  const keys = list.map((choice) => JSON.stringify(choice));
  const { at: start, sent } = keptChoice(id, promptId, keys);
  // the button says what it sends: the chosen option's label ("Play Stinky Cheese"), not a bare "Play"
  const send = h("button", { type: "submit", "data-kind": kind, disabled: ctx.pending }, ctx.label(kind, list[start]));
  const select = h(
    "select",
    { id, disabled: ctx.pending, onchange: () => (send.textContent = ctx.label(kind, list[Number(select.value)])) },
    list.map((choice, i) => h("option", { value: String(i), "data-choice": keys[i] }, ctx.label(kind, choice))),
  );
  select.value = String(start);
  return h(
    "form",
    {
      class: "choice-group",
      "data-prompt": promptId,
      "data-sent": sent ? "true" : null, // still the prompt it was sent from (a redraw while pending)
      onsubmit: (e) => {
        e.preventDefault();
        e.currentTarget.dataset.sent = "true";
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
