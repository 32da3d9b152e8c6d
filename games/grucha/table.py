"""The submission check (GRU-9, 10, the opening minimum): pure, over the table, one hand and the groups
submitted.

Checks run in a fixed order and the first fault is refused, each with ``details.group`` (the index of the
submitted group at fault, ``None`` for a fault of the table as a whole) and ``details.reason``:

1. ``grucha/duplicate_card``: a card id twice in the submission (``details.card``: its index in the group);
2. ``grucha/not_in_hand``: a card neither on the table nor in the hand (``details.card``: its index).
   The same code, message and details whatever the card is or wherever it really lies (another hand,
   the stock, a joker the options leave out), so a refusal never locates a hidden card;
3. ``grucha/table_card_missing``: a table card left out (``details.card``: its id, public);
4. ``grucha/nothing_added``: no card from the hand (GRU-9 d);
5. ``grucha/invalid_group``: a group with no valid reading (``details.reason``: a `melds.REASONS` word);
6. ``grucha/opening``: the opening minimum (``table_touched``, or ``too_few_points`` with
   ``details.points`` and ``details.needed``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from games.engine import IllegalAction
from games.grucha.actions import SubmittedGroup
from games.grucha.melds import Meld, MeldError, meld_points, read
from games.grucha.model import Group, Options


class Accepted(NamedTuple):
    """An accepted submission: the new ``table`` and the ``added`` ids, in submission order."""

    table: list[Group]
    added: list[str]


def _refuse(code: str, group: int | None, reason: str, message: str = "", **details: Any) -> IllegalAction:
    return IllegalAction(code, message, {"group": group, "reason": reason, **details})


def _check_cards(table: Sequence[Group], hand: Sequence[str], groups: Sequence[SubmittedGroup]) -> list[str]:
    """Steps 1 to 4; the added ids."""
    on_table = {c for g in table for c in g.cards}
    held = set(hand)
    seen: set[str] = set()
    added: list[str] = []
    for gi, group in enumerate(groups):
        for ci, card in enumerate(group.cards):
            if card in seen:
                raise _refuse("grucha/duplicate_card", gi, "duplicate_card", card=ci)
            seen.add(card)
    for gi, group in enumerate(groups):
        for ci, card in enumerate(group.cards):
            if card not in on_table and card not in held:
                raise _refuse(
                    "grucha/not_in_hand", gi, "not_in_hand", f"card {ci} of group {gi} is not yours", card=ci
                )
            if card not in on_table:
                added.append(card)
    for old in table:
        for card in old.cards:
            if card not in seen:
                raise _refuse(
                    "grucha/table_card_missing", None, "table_card_missing", f"{card} must stay", card=card
                )
    if not added:
        raise _refuse("grucha/nothing_added", None, "nothing_added")
    return added


def _read_groups(groups: Sequence[SubmittedGroup], options: Options) -> list[Meld]:
    melds = []
    for gi, group in enumerate(groups):
        try:
            melds.append(read(group.cards, group.jokers, options.jokers_must_be_minority, group.kind))
        except MeldError as exc:
            raise _refuse("grucha/invalid_group", gi, exc.reason, f"group {gi}: {exc.reason}") from None
    return melds


def _check_opening(
    table: Sequence[Group], groups: Sequence[SubmittedGroup], melds: list[Meld], needed: int
) -> None:
    """The ``opening_min_points`` rule: every table group left as it is (so the new groups hold hand
    cards only), the new ones worth at least ``needed`` (jokers valued as what they stand for)."""
    old = [frozenset(g.cards) for g in table]
    submitted = [frozenset(g.cards) for g in groups]
    if any(submitted.count(g) < old.count(g) for g in old):
        raise _refuse(
            "grucha/opening", None, "table_touched", "the opening leaves every table group as it is"
        )
    points = sum(meld_points(m) for m, cards in zip(melds, submitted, strict=True) if cards not in old)
    if points < needed:
        raise _refuse(
            "grucha/opening",
            None,
            "too_few_points",
            f"the opening is worth {points} of {needed}",
            points=points,
            needed=needed,
        )


def check(
    table: Sequence[Group],
    hand: Sequence[str],
    groups: Sequence[SubmittedGroup],
    options: Options,
    opened: bool = True,
) -> Accepted:
    """The new table if ``groups`` may replace ``table`` for a player holding ``hand`` (GRU-9); the
    opening rule applies when ``options.opening_min_points`` > 0 and not ``opened``.
    Raises `IllegalAction` with the codes of the module docstring."""
    added = _check_cards(table, hand, groups)
    melds = _read_groups(groups, options)
    if options.opening_min_points > 0 and not opened:
        _check_opening(table, groups, melds, options.opening_min_points)
    return Accepted([Group(m.kind, list(m.cards), m.jokers) for m in melds], added)
