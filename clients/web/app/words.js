// The page's sentences with numbers and names in them: a chrome.json key's template in the page's
// language (English where that language lacks the key), its {fields} filled in, and its plural form
// chosen by Intl.PluralRules where the template is an object of forms ({"one": …, "few": …, "other": …}).
// No sentence is put together by concatenating words: each language orders its own.

import { englishWords, language, translated } from "./i18n.js";

const rules = new Map();

function pluralOf(lang, count) {
  if (!rules.has(lang)) rules.set(lang, new Intl.PluralRules(lang));
  return rules.get(lang).select(count);
}

/** The form of `template` for `count` (a string is its own every form); `lang` picks the plural rules. */
export function form(template, count, lang) {
  if (typeof template === "string") return template;
  return template[pluralOf(lang, Number(count))] ?? template.other;
}

/** The sentence of `key` with `vars` filled in (`{count}` also picks the plural form), in the page's
 * language, else in English; `key` itself when chrome.json has no such key (a test catches it). */
export function say(key, vars = {}) {
  const own = translated(key);
  const lang = own === null ? "en" : language();
  const template = own ?? englishWords(key);
  if (template === null) return key;
  const text = form(template, vars.count ?? 0, lang);
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}
