// The chrome's language: the page's own words (buttons, headings, messages) from app/chrome.json, in the
// language chosen in the header's switch, remembered per browser (localStorage); before any choice the
// browser's languages decide (navigator.languages), else English. Elements name their words with
// data-i18n="key" (their text) or data-i18n-label="key" (their aria-label).

export const LANGUAGES = ["en", "pl", "cs", "de"];
/** Each language in its own words, for the switch. */
export const NATIVE = { en: "English", pl: "Polski", cs: "Čeština", de: "Deutsch" };
const KEY = "boardroom.lang";

let words = {};
let english = {}; // the chrome's English words: what a key says where the language in use lacks it
let current = "en";

/** The language this browser chose, else the first of `languages` the chrome has, else English. */
export function preferredLanguage(stored, languages = []) {
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of languages) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** The language in use. */
export function language() {
  return current;
}

/** The words of `key` in the language in use; null when it has none (the caller keeps its English). */
export function translated(key) {
  return words[key] ?? null;
}

/** The English words of `key` (a string, or plural forms by `Intl.PluralRules` category); null if none. */
export function englishWords(key) {
  return english[key] ?? null;
}

/** The words of `key`, or `fallback` (English, typed where it is used) when the language lacks them. */
export function t(key, fallback) {
  return translated(key) ?? fallback;
}

/** Uses `chrome` (chrome.json's document) in `lang`: what `startChrome` does once it is fetched, and
 * what a script outside a page (Node) calls to word the renderers. */
export function useChrome(chrome, lang) {
  current = lang;
  words = chrome[lang] ?? {};
  english = chrome.en ?? {};
}

/** Loads the chrome in the browser's language and applies it to the page; adds the switch to `header`. */
export async function startChrome(header = document.querySelector("header.top")) {
  current = preferredLanguage(localStorage.getItem(KEY), navigator.languages || [navigator.language]);
  try {
    const response = await fetch("/static/app/chrome.json");
    useChrome(response.ok ? await response.json() : {}, current);
  } catch {
    words = {}; // offline: the page stays in English
  }
  document.documentElement.lang = current;
  applyChrome(document);
  if (header) header.append(languageSwitch());
}

/** Puts the language in use into every element of `root` that names its words. */
export function applyChrome(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    const said = translated(el.dataset.i18n);
    if (said !== null) el.textContent = said;
  }
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    const said = translated(el.dataset.i18nLabel);
    if (said !== null) el.setAttribute("aria-label", said);
  }
}

function languageSwitch() {
  const label = document.createElement("label");
  label.className = "lang";
  label.htmlFor = "lang";
  label.textContent = t("ui.language", "Language");
  const select = document.createElement("select");
  select.id = "lang";
  for (const lang of LANGUAGES) {
    const option = new Option(NATIVE[lang], lang, false, lang === current);
    option.lang = lang;
    select.append(option);
  }
  select.addEventListener("change", () => {
    localStorage.setItem(KEY, select.value);
    location.reload(); // every word of the page, the catalogue's included, comes again in the new one
  });
  const box = document.createElement("span");
  box.className = "lang-switch";
  box.append(label, select);
  return box;
}
