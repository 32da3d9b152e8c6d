"""A count's plural category (CLDR: ``one``, ``few``, ``many``, ``other``) in each language the project
speaks, as ``Intl.PluralRules`` gives it in a browser, so a story row can choose its wording by count
("1 karta", "2 karty", "5 kart") in Python and in the web client alike.

The rules are CLDR's published cardinal rules for whole numbers (a count in an event is a whole
number; the fraction-only categories, Czech ``many`` and Polish ``other``, never occur for one):

- ``en``, ``de``: ``one`` for 1, else ``other``;
- ``pl``: ``one`` for 1; ``few`` when the last digit is 2-4 and the last two are not 12-14 (2, 3, 22,
  104); ``many`` for every other whole number (0, 5-21, 25, 112);
- ``cs``: ``one`` for 1; ``few`` for 2-4; ``other`` for every other whole number (0, 5, 22).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping


def _one_other(n: int) -> str:
    return "one" if n == 1 else "other"


def _polish(n: int) -> str:
    if n == 1:
        return "one"
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return "few"
    return "many"


def _czech(n: int) -> str:
    if n == 1:
        return "one"
    return "few" if n in (2, 3, 4) else "other"


_RULES: Mapping[str, Callable[[int], str]] = {"en": _one_other, "de": _one_other, "pl": _polish, "cs": _czech}

#: The categories a language's rule gives a whole number, by language (what a story row may name).
CATEGORIES: Mapping[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "de": ("one", "other"),
    "pl": ("one", "few", "many"),
    "cs": ("one", "few", "other"),
}


def plural(lang: str, count: int) -> str:
    """The CLDR category of the whole number ``count`` in ``lang`` (one of `CATEGORIES`): ``plural("pl",
    22) == "few"``, ``plural("cs", 22) == "other"``. A negative count takes its size's category. Raises
    `KeyError` for a language without rules and `TypeError` for a value that is not a whole number."""
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError(f"a plural needs a whole number, not {count!r}")
    return _RULES[lang](abs(count))
