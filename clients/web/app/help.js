// What a thing on the table does, at hand: a small popover with its text from the game's catalogue,
// shown on hover (a mouse), on keyboard focus and on tap (a tap toggles it); Escape closes it, and so do
// a tap or click elsewhere, the pointer leaving and the use of a control (so a text opened by a tap never
// sits over the buttons the player needs next: the page's restored focus does not reopen it). The target
// names the popover with aria-describedby, so a screen reader says the text with the target. One
// popover is open at a time, and a redraw (every update) opens the same one again on the new node.
//
// helped(el, text): the element itself (a card, a place, a heading) becomes focusable and carries it.
// helpedControl(button, text): a control keeps its click for its action; a small toggle beside it taps
// the popover open and shut, and hover and focus on the control show it too.
// helpedItem(item, control, text): an item holding a control (a card one selects): hover on the item
// and focus on the control (a tap focuses it) show it, with no toggle beside each of many items.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Popovers drawn in this task, named (``id``) once they are in the page: [tip, the element it describes]. */
let unnamed = [];
/** The open popover: {key, tip, fresh}; ``fresh`` while a redraw may still hand it to a new node. */
let current = null;

function show(key, tip) {
  if (current && current.tip !== tip) {
    delete current.tip.dataset.pinned;
    current.tip.hidden = true;
    syncToggle(current.tip);
  }
  tip.hidden = false;
  current = { key, tip, fresh: false };
  syncToggle(tip);
}

function hide(tip) {
  tip.hidden = true;
  if (current && current.tip === tip) current = null;
  syncToggle(tip);
}

/** Closes the open popover, pinned or not. */
function closeCurrent() {
  if (!current) return;
  delete current.tip.dataset.pinned;
  hide(current.tip);
}

/** The key of the popover a control's use closed: the focus the page gives back to that control after
 * the redraw does not open it again, until the next key or tap, or a hover. */
let quiet = null;

function syncToggle(tip) {
  const toggle = tip.previousElementSibling;
  if (toggle && toggle.classList.contains("help-toggle")) toggle.setAttribute("aria-expanded", String(!tip.hidden));
}

/** Names every popover of the regions this task drew into, in page order within each region (the
 * nearest element with an id: ``table-help-3``): the same drawing gets the same ids on every page, and
 * no two popovers of the page share one. Their elements point at them (aria-describedby). */
function nameAll() {
  const batch = unnamed;
  unnamed = [];
  const regions = new Set();
  for (const [tip] of batch) if (tip.isConnected) regions.add(tip.parentElement.closest("[id]") || document.body);
  for (const region of regions) {
    region.querySelectorAll(".help-tip").forEach((tip, i) => {
      tip.id = `${region.id || "page"}-help-${i + 1}`;
      const owner = owners.get(tip);
      if (owner) owner.setAttribute("aria-describedby", tip.id);
      const toggle = tip.previousElementSibling;
      if (toggle && toggle.classList.contains("help-toggle")) toggle.setAttribute("aria-controls", tip.id);
    });
  }
}

/** Each popover's element (the one aria-describedby names it from). */
const owners = new WeakMap();

function describe(owner, tip) {
  owners.set(tip, owner);
  unnamed.push([tip, owner]);
  if (unnamed.length === 1) queueMicrotask(nameAll);
}

/** The popover of ``text`` (keyed by ``key`` across redraws), open when it was open before the redraw. */
function popover(key, text) {
  const tip = h("span", { class: "help-tip", role: "tooltip", hidden: true }, text);
  if (current && current.key === key && !current.tip.isConnected && !current.fresh) {
    // the node shown before this redraw is gone: the first new node of the same key takes its place
    tip.hidden = false;
    if (current.tip.dataset.pinned) tip.dataset.pinned = "1";
    current = { key, tip, fresh: true };
  }
  // once the drawing under way is in the page: a popover whose node it did not draw again is closed
  queueMicrotask(() => {
    if (!current) return;
    current.fresh = false;
    if (!current.tip.isConnected) current = null;
  });
  return tip;
}

/** Hover and focus on ``el`` show ``tip``; leaving them hides it (unless a tap or click pinned it). */
function hoverAndFocus(el, key, tip) {
  el.addEventListener("pointerenter", (e) => {
    if (e.pointerType !== "mouse") return;
    quiet = null;
    show(key, tip);
  });
  el.addEventListener("pointerleave", (e) => {
    if (e.pointerType !== "mouse") return;
    delete tip.dataset.pinned; // a click pinned it: the pointer gone, it goes too
    hide(tip);
  });
  el.addEventListener("focusin", () => {
    if (quiet !== key) show(key, tip);
  });
  el.addEventListener("focusout", (e) => {
    if (!el.contains(e.relatedTarget) && !tip.dataset.pinned) hide(tip);
  });
}

/** A click or tap on ``el`` toggles ``tip``: a tap against its state when the finger went down (the
 * tap's own focus opened it), a mouse click or the keyboard against whether it was pinned open. */
function clickToggles(el, key, tip, isOwnClick = () => true) {
  let before = null;
  el.addEventListener("pointerdown", (e) => {
    before = e.pointerType === "mouse" ? null : !tip.hidden;
  });
  el.addEventListener("click", (e) => {
    if (!isOwnClick(e)) return;
    const open = before === null ? !tip.dataset.pinned : !before;
    before = null;
    if (open) {
      show(key, tip);
      tip.dataset.pinned = "1";
    } else {
      delete tip.dataset.pinned;
      hide(tip);
    }
  });
}

/** ``el`` (a card, a place, a heading: not a control) with ``text`` as its popover, focusable, its click
 * and tap toggling it (a click on a control inside ``el`` is the control's). No text: ``el`` as it is.
 * ``key`` tells it apart across redraws (default: its text). Returns ``el``. */
export function helped(el, text, key = text) {
  if (!text) return el;
  const tip = popover(key, text);
  el.classList.add("help-target");
  if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
  describe(el, tip);
  hoverAndFocus(el, key, tip);
  clickToggles(el, key, tip, (e) => !e.target.closest("button, a, select, input, textarea") || e.target === el);
  el.append(tip);
  return el;
}

/** ``item`` holding ``control`` (a card one selects: its click and tap act) with ``text`` as its
 * popover: hover on the item and focus on the control (a tap focuses it) show it, and the control names
 * it. No toggle beside it: many such items sit side by side (a hand of cards). Returns ``item``. */
export function helpedItem(item, control, text, key = text) {
  if (!text) return item;
  const tip = popover(key, text);
  item.classList.add("help-target");
  describe(control, tip);
  hoverAndFocus(item, key, tip);
  item.append(tip);
  return item;
}

/** ``button`` (a control: its click acts) with ``text`` as its popover, and a toggle beside it that taps
 * the popover open and shut. Returns the button alone without text, else a wrapper of the three. */
export function helpedControl(button, text, key = text) {
  if (!text) return button;
  const tip = popover(key, text);
  describe(button, tip);
  const toggle = h(
    "button",
    {
      type: "button",
      class: "help-toggle",
      "aria-label": t("ui.help.about", "What does it do?"),
      "aria-expanded": String(!tip.hidden),
      // the page's focus keeping (focus.js) tells toggles apart by it, and never lands on the toggle of
      // a control drawn disabled (an action on its way) instead of the control
      "data-slot": `help:${key}`,
      disabled: button.disabled,
    },
    "?",
  );
  const wrap = h("span", { class: "help-wrap help-target" }, button, toggle, tip);
  hoverAndFocus(wrap, key, tip);
  clickToggles(toggle, key, tip);
  return wrap;
}

/** The controls whose use closes the open popover (a help toggle is the popover's own). */
const CONTROL = "button:not(.help-toggle), a[href], select, input, textarea, summary";

// (a page only: the renderers also load in Node)
if (typeof document !== "undefined") {
  // Escape closes the open popover, wherever the focus is
  document.addEventListener("keydown", (e) => {
    quiet = null;
    if (e.key === "Escape") closeCurrent();
  });
  // a tap or click outside the popover's element closes it
  document.addEventListener(
    "pointerdown",
    (e) => {
      quiet = null;
      if (current && !(current.tip.parentElement && current.tip.parentElement.contains(e.target))) closeCurrent();
    },
    true,
  );
  // a control used (a card selected, a prompt answered) closes it: the next controls stay in view
  document.addEventListener(
    "click",
    (e) => {
      if (!current || !(e.target instanceof Element) || !e.target.closest(CONTROL)) return;
      quiet = current.key;
      closeCurrent();
    },
    true,
  );
}
