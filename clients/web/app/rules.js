// The rules one click away: the table's rules panel, a section per numbered rule of the game's
// catalogue (`rules`: {id, name, text}, in rule order and the page's language), opened by its button;
// a link to a rule (`ruleLink`, or an address ending in #rule-<id>) opens the panel at that section.
// The notes that say which rule keeps a control away or refused a move are drawn here too.

import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { missingControls, ruleOfError } from "./rulerefs.js";
import { sentence } from "./messages.js";

const $ = (id) => document.getElementById(id);

/** The id of a rule's section: ``rule-GRE-16``. */
export const sectionId = (rule) => `rule-${rule}`;

let shownFor = null;

function setOpen(open) {
  $("rules-toggle").setAttribute("aria-expanded", String(open));
  $("rules-body").hidden = !open;
}

/** Fill the panel from ``catalog``'s rules (again only when the catalogue changed); a game with none
 * keeps the panel hidden. Binds the button and the address's ``#rule-<id>`` once. */
export function drawRules(catalog) {
  const panel = $("rules");
  const rules = (catalog && catalog.rules) || [];
  panel.hidden = rules.length === 0;
  if (shownFor === catalog) return;
  if (shownFor === null) {
    $("rules-toggle").addEventListener("click", () => setOpen($("rules-body").hidden));
    addEventListener("hashchange", fromAddress);
  }
  shownFor = catalog;
  fill(
    $("rules-body"),
    rules.map((rule) =>
      h(
        "section",
        { id: sectionId(rule.id), class: "rule", tabindex: "-1", "aria-labelledby": `${sectionId(rule.id)}-title`, lang: rule.lang },
        h("h3", { id: `${sectionId(rule.id)}-title` }, `${rule.id} ${rule.name}`),
        h("p", {}, rule.text),
      ),
    ),
  );
  fromAddress();
}

/** Open the panel at ``rule``'s section: marked, scrolled to and focused. */
export function openRule(rule) {
  const section = $(sectionId(rule));
  if (!section) return;
  setOpen(true);
  for (const other of document.querySelectorAll(".rule.rule-current")) other.classList.remove("rule-current");
  section.classList.add("rule-current");
  section.scrollIntoView({ block: "nearest" });
  section.focus();
}

function fromAddress() {
  const rule = decodeURIComponent(location.hash.slice(1)).replace(/^rule-/, "");
  if (location.hash.startsWith("#rule-")) openRule(rule);
}

/** A link into the panel's section of ``rule`` ("Rule GRE-16: Three cards"), or null when the catalogue
 * has no such rule. */
export function ruleLink(rule, catalog) {
  const found = catalog && catalog.rules.find((r) => r.id === rule);
  if (!found) return null;
  const words = t("ui.rules.link", "Rule {rule}: {name}").replace("{rule}", rule).replace("{name}", found.name);
  return h(
    "a",
    {
      href: `#${sectionId(rule)}`,
      class: "rule-link",
      "data-rule": rule,
      onclick: (e) => {
        e.preventDefault();
        history.replaceState(null, "", `#${sectionId(rule)}`);
        openRule(rule);
      },
    },
    words,
  );
}

/** The facts rulerefs.js reads from a renderer's ``ctx``. */
function situation(ctx) {
  const catalog = ctx.catalog;
  return { game: catalog && catalog.game, prompt: ctx.prompt, view: ctx.view, rules: catalog ? catalog.rules.map((r) => r.id) : [] };
}

/** One line per control ``ctx.prompt`` lists but a rule keeps away now: "Stop: <why> Rule GRE-16: ...". */
export function missingNotes(ctx) {
  return missingControls(situation(ctx)).map(({ kind, code, rule, about }) => {
    const text = about ? ctx.textOf(about) : "";
    return h(
      "li",
      { "data-kind": kind, "data-rule": rule },
      `${ctx.nameOf(`choice.${kind}`)}: ${sentence({ code })}${text ? ` ${ctx.nameOf(about)}: ${text}` : ""} `,
      ruleLink(rule, ctx.catalog),
    );
  });
}

/** The viewer's refused move in words (``text``), with a link to the rule behind it when one is known. */
export function refusalNote(text, ctx) {
  const rule = ctx.error ? ruleOfError(ctx.error, situation(ctx)) : null;
  const link = rule ? ruleLink(rule, ctx.catalog) : null;
  return link ? [`${text} `, link] : [text];
}
