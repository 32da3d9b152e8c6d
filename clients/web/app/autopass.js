// Auto-pass as the page sees it (docs/api.md "Seat settings"): the server passes by itself for a seat
// whose `auto_pass` setting is on (the default) whenever its prompt offers nothing but the pass, so the
// page never shows such a prompt: no controls, no curtain, no focus moved to it. Only the seat's own
// page knows the setting; the other seats' frames are the same whether the seat passed by hand or not.

/** Whether `prompt` offers nothing but its pass default: default `pass`, the bare `{kind: "pass"}` as
 * the pass's only choice, and any other kind listed with no legal action (choices `[]`: a held card with
 * nothing to target). The server's `passes_only`, server/play/deadlines.py. */
export function passesOnly(prompt) {
  if (!prompt || !prompt.kinds.includes("pass") || prompt.default !== "pass") return false;
  const choices = prompt.choices || {};
  const listed = choices.pass;
  if (listed !== undefined && !(listed.length === 1 && Object.keys(listed[0]).length === 0)) return false;
  const none = (kind) => Array.isArray(choices[kind]) && choices[kind].length === 0;
  return prompt.kinds.every((kind) => kind === "pass" || none(kind));
}

/** Whether the server answers `prompt` by itself for a seat whose settings are `settings` (`{auto_pass}`;
 * `undefined` while they are being read: the server's default, on). */
export function autoPassed(prompt, settings) {
  const on = settings === undefined || settings.auto_pass !== false;
  return on && passesOnly(prompt);
}
