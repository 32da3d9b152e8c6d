// Which numbered rule is behind a refusal or a missing control. A refusal's code names the rule the
// game's refusal checks (games/<game>/rules.py, the codes' descriptions declared with them, and
// Grucha's group reasons, games/grucha/melds.py `REASONS`); a control is missing when the prompt lists
// its kind with no choice (the game keeps the kind so that the page can say why). Rule ids are the
// catalogue's (`rules`), so the page links them into its rules panel (rules.js).

/** Refusal code -> the rule it enforces, per shipped game. */
export const CODE_RULES = {
  "gregs/character_taken": "GRE-3",
  "gregs/must_reveal": "GRE-12",
  "gregs/no_slot": "GRE-12",
  "gregs/slot_revealed": "GRE-12",
  "gregs/bad_cut": "GRE-15",
  "gregs/holder_needs_three": "GRE-16",
  "gregs/bad_target": "GRE-18",
  "grucha/no_draw": "GRU-8",
  "grucha/duplicate_card": "GRU-9",
  "grucha/not_in_hand": "GRU-9",
  "grucha/nothing_added": "GRU-9",
  "grucha/table_card_missing": "GRU-10",
  "grucha/bad_call": "GRU-11",
  "grucha/cannot_end": "GRU-12",
  "grucha/no_pass": "GRU-14",
};

/** Grucha's ``grucha/invalid_group`` by ``details.reason``: the rule the group breaks. */
export const GROUP_RULES = {
  too_few_cards: "GRU-3",
  duplicate_rank: "GRU-7",
  run_too_long: "GRU-4",
  not_consecutive: "GRU-4",
  duplicate_suit: "GRU-5",
  set_too_long: "GRU-5",
  no_natural: "GRU-6",
};

/** iGranie's Abilities no card may cancel (IGR-32 Tester's Power, IGR-34 Extraordinary Locksmith). */
export const UNCANCELLABLE = { tester: "IGR-32", locksmith: "IGR-34" };

const RULE_ID = /\b[A-Z]{3}-\d+\b/;

/** The window ``prompt`` answers in iGranie's ``view`` (its id is ``w<window>/...``), else the newest. */
function windowOf(prompt, view) {
  const windows = (view && view.windows) || [];
  const id = Number(String((prompt && prompt.id) || "").match(/^w(\d+)\//)?.[1]);
  return windows.find((w) => w.id === id) || windows[windows.length - 1] || null;
}

/** The uncancellable Ability that opened iGranie's window, as ``{ability, rule}``, else null. */
function uncancellable(prompt, view) {
  const w = windowOf(prompt, view);
  const first = w && w.plays && w.plays[0] && w.plays[0].payload;
  return first && first.kind === "ability" && UNCANCELLABLE[first.ability]
    ? { ability: first.ability, rule: UNCANCELLABLE[first.ability] }
    : null;
}

/** The rule id behind ``error`` ({code, message, details}) at ``game``'s table, or null: the error's
 * ``details.rule``, else its code's (iGranie's ``window/no_target`` at an uncancellable Ability; a
 * Grucha group by its reason), else a rule id the server's message names. ``rules``: the catalogue's
 * rule ids, to which the answer is kept. */
export function ruleOfError(error, { game, prompt, view, rules }) {
  if (!error) return null;
  const details = error.details || {};
  let rule = typeof details.rule === "string" ? details.rule : CODE_RULES[error.code] || null;
  if (error.code === "grucha/invalid_group") rule = GROUP_RULES[details.reason] || "GRU-3";
  if (game === "igranie" && error.code === "window/no_target") rule = uncancellable(prompt, view)?.rule || null;
  if (!rule) rule = String(error.message || "").match(RULE_ID)?.[0] || null;
  return rule && rules.includes(rule) ? rule : null;
}

/** Why each control of ``prompt`` is missing: ``[{kind, code, rule, about}]`` for the kinds the prompt
 * lists with no choice that a rule forbids now (``code``: the refusal a sent one would get, for its
 * sentence; ``about``: an id whose catalogue text says more, or null). Only rules in ``rules``. */
export function missingControls({ game, prompt, view, rules }) {
  if (!prompt || !prompt.choices) return [];
  const empty = (prompt.kinds || []).filter((k) => Array.isArray(prompt.choices[k]) && !prompt.choices[k].length);
  const found = [];
  for (const kind of empty) {
    if (game === "gregs" && kind === "stop") {
      // GRE-16: the holder reveals three first; GRE-12: anyone reveals one first
      const holder = Boolean(view && view.holder_turn);
      found.push({ kind, code: holder ? "gregs/holder_needs_three" : "gregs/must_reveal", about: null });
    } else if (game === "grucha" && kind === "end") {
      found.push({ kind, code: "grucha/cannot_end", about: null });
    } else if (game === "igranie" && kind === "cancel") {
      const why = uncancellable(prompt, view);
      if (why) found.push({ kind, code: "window/no_target", rule: why.rule, about: why.ability });
    }
  }
  return found
    .map((f) => ({ about: null, ...f, rule: f.rule || CODE_RULES[f.code] }))
    .filter((f) => rules.includes(f.rule));
}
