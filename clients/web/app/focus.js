// The table is redrawn on every update: these keep the keyboard's focus on the same control across
// redraws, or move it to the first control when the one used went away (a revealed slot). The key
// outlives a redraw in which every control was disabled (an action on its way).

const CONTROLS = "#play button, #play select, #play textarea";

function focusKey(el) {
  if (!el || !el.closest || !el.closest("#play") || !/^(BUTTON|SELECT|TEXTAREA)$/.test(el.tagName))
    return null;
  return `${el.tagName}|${el.dataset.kind || ""}|${el.dataset.slot || ""}|${el.textContent}`;
}

let remembered = null;

/** Run ``draw()`` and give the focus back as described above. */
export function keepingFocus(draw) {
  const active = document.activeElement;
  const key = focusKey(active);
  if (key !== null) remembered = key;
  else if (active && active !== document.body) remembered = null; // the person moved elsewhere
  draw();
  const now = document.activeElement;
  if (remembered === null || (now && now !== document.body && !now.closest("#play"))) return;
  const usable = [...document.querySelectorAll(CONTROLS)].filter((el) => !el.disabled && el.id !== "hide");
  const target = usable.find((el) => focusKey(el) === remembered) || usable[0];
  if (!target) return;
  target.focus();
  remembered = focusKey(target);
}
