"""A prompt's controls (clients/web/app/controls.js) in the browser: a button per legal action, a select
past eight, nothing for a kind whose choice list is empty, and a JSON form for a kind absent from
``choices`` (free-form), whose fields are sent as typed."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Pages

MOUNT = """async (prompt) => {
    const { controls } = await import('/static/app/controls.js');
    window.chosen = [];
    const node = controls({
        prompt, inline: [], pending: false,
        label: (kind, choice) => `${kind} ${JSON.stringify(choice)}`,
        choose: (kind, fields) => window.chosen.push([kind, fields]),
    });
    document.querySelector('main').replaceChildren(node);
}"""


def mount(page: Any, prompt: dict[str, Any]) -> None:
    page.evaluate(MOUNT, prompt)


def test_choices_become_buttons_and_selects(pages: Pages) -> None:
    page = pages.open("/")
    page.wait_for_selector("#opt-gregs-turn_limit")
    many = [{"card": c} for c in range(1, 11)]
    mount(
        page,
        {"id": "p", "kinds": ["stop", "pass", "bid"], "choices": {"stop": [], "pass": [{}], "bid": many}},
    )
    assert page.locator("main button[data-kind=stop]").count() == 0  # not offered now
    assert page.locator("main button[data-kind=pass]").all_inner_texts() == ["pass {}"]
    assert page.locator("main select option").count() == 10
    # the select's button says what it sends, never a bare "Play"
    assert page.locator("main button[data-kind=bid]").inner_text() == 'bid {"card":1}'
    page.select_option("main select", "3")
    assert page.locator("main button[data-kind=bid]").inner_text() == 'bid {"card":4}'
    page.click("main button[data-kind=bid]")
    page.click("main button[data-kind=pass]")
    assert page.evaluate("window.chosen") == [["bid", {"card": 4}], ["pass", {}]]


def test_a_kind_without_choices_takes_free_form_fields(pages: Pages) -> None:
    page = pages.open("/")
    page.wait_for_selector("#opt-gregs-turn_limit")
    mount(page, {"id": "p", "kinds": ["say"], "choices": {}})
    assert page.locator("main button[data-kind=say]").inner_text() == "Send: say {}"
    assert page.locator("main label").inner_text() == "say {} — fields (JSON)"
    page.fill("main textarea", "[1, 2]")
    page.click("main button[data-kind=say]")
    assert (
        page.locator("main .field-error")
        .inner_text()
        .startswith("Write the action's fields as a JSON object")
    )
    assert page.evaluate("window.chosen") == []
    page.fill("main textarea", '{"words": "hello", "loud": true}')
    page.click("main button[data-kind=say]")
    assert page.evaluate("window.chosen") == [["say", {"words": "hello", "loud": True}]]
