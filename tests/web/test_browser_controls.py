"""A prompt's controls (clients/web/app/controls.js) in the browser: a button per legal action, a select
past eight, nothing for a kind whose choice list is empty, and a JSON form for a kind absent from
``choices`` (free-form), whose fields are sent as typed."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Pages

MOUNT = """async ([prompt, fresh]) => {
    const { controls } = await import('/static/app/controls.js');
    if (fresh) window.chosen = [];
    const node = controls({
        prompt, inline: [], pending: false,
        label: (kind, choice) => `${kind} ${JSON.stringify(choice)}`,
        choose: (kind, fields) => window.chosen.push([kind, fields]),
    });
    let spot = document.getElementById('mount');
    if (!spot) document.body.append(spot = Object.assign(document.createElement('section'), {id: 'mount'}));
    spot.replaceChildren(node);
}"""


def mount(page: Any, prompt: dict[str, Any]) -> None:
    """Draw ``prompt``'s controls in ``#mount``, with no action chosen yet (``window.chosen``)."""
    page.evaluate(MOUNT, [prompt, True])


def test_choices_become_buttons_and_selects(pages: Pages) -> None:
    page = pages.open("/")
    page.wait_for_selector("#opt-gregs-turn_limit")
    many = [{"card": c} for c in range(1, 11)]
    mount(
        page,
        {"id": "p", "kinds": ["stop", "pass", "bid"], "choices": {"stop": [], "pass": [{}], "bid": many}},
    )
    assert page.locator("#mount button[data-kind=stop]").count() == 0  # not offered now
    assert page.locator("#mount button[data-kind=pass]").all_inner_texts() == ["pass {}"]
    assert page.locator("#mount select option").count() == 10
    # the select's button says what it sends, never a bare "Play"
    assert page.locator("#mount button[data-kind=bid]").inner_text() == 'bid {"card":1}'
    page.select_option("#mount select", "3")
    assert page.locator("#mount button[data-kind=bid]").inner_text() == 'bid {"card":4}'
    page.click("#mount button[data-kind=bid]")
    page.click("#mount button[data-kind=pass]")
    assert page.evaluate("window.chosen") == [["bid", {"card": 4}], ["pass", {}]]


def test_a_kind_without_choices_takes_free_form_fields(pages: Pages) -> None:
    page = pages.open("/")
    page.wait_for_selector("#opt-gregs-turn_limit")
    mount(page, {"id": "p", "kinds": ["say"], "choices": {}})
    assert page.locator("#mount button[data-kind=say]").inner_text() == "Send: say {}"
    assert page.locator("#mount label").inner_text() == "say {} — fields (JSON)"
    page.fill("#mount textarea", "[1, 2]")
    page.click("#mount button[data-kind=say]")
    assert (
        page.locator("#mount .field-error")
        .inner_text()
        .startswith("Write the action's fields as a JSON object")
    )
    assert page.evaluate("window.chosen") == []
    page.fill("#mount textarea", '{"words": "hello", "loud": true}')
    page.click("#mount button[data-kind=say]")
    assert page.evaluate("window.chosen") == [["say", {"words": "hello", "loud": True}]]


def redraw(page: Any, prompt: dict[str, Any]) -> None:
    """Draw ``prompt``'s controls again over the ones shown, as a patch or a countdown tick does."""
    page.evaluate(MOUNT, [prompt, False])


def test_a_redraw_keeps_the_picked_option_while_it_is_offered(pages: Pages) -> None:
    """A new user picked "deposit 3" in a select of many; a redraw (a patch, a countdown tick) reset it to
    the first option and the button sent 1. The pick survives redraws while it is still offered."""
    page = pages.open("/")
    page.wait_for_selector("#opt-gregs-turn_limit")
    amounts = [{"amount": a} for a in range(1, 11)]
    prompt = {"id": "p1", "kinds": ["deposit"], "choices": {"deposit": amounts}}
    mount(page, prompt)
    page.select_option("#mount select", "3")
    redraw(page, prompt)
    redraw(page, {**prompt, "id": "p2"})  # another seat acted: a new prompt, the same choice offered
    assert page.locator("#mount select").input_value() == "3"
    assert page.locator("#mount button[data-kind=deposit]").inner_text() == 'deposit {"amount":4}'
    page.click("#mount button[data-kind=deposit]")
    assert page.evaluate("window.chosen") == [["deposit", {"amount": 4}]]
    # no longer offered: the select falls back to its first option, and says so on its button
    page.select_option("#mount select", "9")
    redraw(page, {"id": "p3", "kinds": ["deposit"], "choices": {"deposit": amounts[:9]}})
    assert page.locator("#mount select").input_value() == "0"
    assert page.locator("#mount button[data-kind=deposit]").inner_text() == 'deposit {"amount":1}'


def test_a_sent_pick_does_not_carry_to_the_next_decision(pages: Pages) -> None:
    page = pages.open("/")
    page.wait_for_selector("#opt-gregs-turn_limit")
    amounts = [{"amount": a} for a in range(1, 11)]
    mount(page, {"id": "p1", "kinds": ["deposit"], "choices": {"deposit": amounts}})
    page.select_option("#mount select", "2")
    page.click("#mount button[data-kind=deposit]")
    redraw(page, {"id": "p1", "kinds": ["deposit"], "choices": {"deposit": amounts}})  # pending redraw
    assert page.locator("#mount select").input_value() == "2"
    redraw(page, {"id": "p9", "kinds": ["deposit"], "choices": {"deposit": amounts}})  # a later turn
    assert page.locator("#mount select").input_value() == "0"
    page.click("#mount button[data-kind=deposit]")
    assert page.evaluate("window.chosen") == [["deposit", {"amount": 3}], ["deposit", {"amount": 1}]]
