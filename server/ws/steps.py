"""Log steps as the fan-out helper takes them, and per-viewer event filtering."""

from __future__ import annotations

from typing import Any

from games.engine.model import Event
from protocol.fanout import Step, Viewer, prompt_out
from protocol.messages import EventOut, PromptOut
from server.store.model import LogStep, Schedule


def engine_events(steps: list[LogStep]) -> list[Event[Any]]:
    """The events of ``steps``, in order, as engine `Event` values (bodies stay builtins)."""
    return [Event(e.body, e.audience) for s in steps for e in s.events]


def event_versions(steps: list[LogStep]) -> list[int]:
    """The version each event of ``steps`` produced, in the order of `engine_events`."""
    return [s.version for s in steps for _ in s.events]


def missed(steps: list[LogStep], viewer: Viewer) -> list[EventOut]:
    """The events of ``steps`` that ``viewer`` may see, each with the version it produced (`Step.seen_by`)."""
    if not steps:
        return []
    step = Step(steps[0].version - 1, steps[-1].version, engine_events(steps), versions=event_versions(steps))
    return step.seen_by(viewer)


def prompts_out(
    game: Any, state: Any, schedule: Schedule | None, prompts: dict[int, Any] | None = None
) -> dict[int, PromptOut]:
    """Each seat's prompt of ``state`` with its deadline (server time, seconds) from ``schedule``;
    ``prompts``: the game's prompts of ``state`` when already known (else asked again)."""
    # an auto-pass is the seat's private setting: its prompt shows the timer's deadline, as without it
    due = {d.seat: d.due for d in schedule.deadlines if d.kind != "autopass"} if schedule is not None else {}
    if prompts is None:
        prompts = game.prompts(state)
    return {seat: prompt_out(p, due.get(seat)) for seat, p in prompts.items()}
