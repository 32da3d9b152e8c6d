"""RFC 6902 diffing: exact operations for the cases clients rely on, and the round-trip property."""

from __future__ import annotations

import copy
from typing import Any

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol.diff import diff, pointer, same
from tests.protocol.exact import typed

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
)
keys = st.sampled_from(["a", "b", "c", "~", "/", "a/b", "~1", "0", ""])
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=6), st.dictionaries(keys, inner, max_size=5)),
    max_leaves=30,
)


def apply(a: Any, patch: list[dict[str, Any]]) -> Any:
    return jsonpatch.apply_patch(copy.deepcopy(a), patch)


class TestProperty:
    @settings(max_examples=400, deadline=None)
    @given(documents, documents)
    def test_patch_turns_a_into_b_types_included(self, a: Any, b: Any) -> None:
        assert typed(apply(a, diff(a, b))) == typed(b)

    @settings(max_examples=200, deadline=None)
    @given(documents)
    def test_equal_documents_give_an_empty_patch(self, a: Any) -> None:
        assert diff(a, copy.deepcopy(a)) == []

    @settings(max_examples=200, deadline=None)
    @given(st.lists(scalars, max_size=8), st.integers(0, 8), scalars)
    def test_one_insertion_in_a_list_is_one_add(self, items: list[Any], at: int, value: Any) -> None:
        at = min(at, len(items))
        after = [*items[:at], value, *items[at:]]
        patch = diff(items, after)
        assert len(patch) == 1
        assert patch[0]["op"] == "add"
        assert typed(apply(items, patch)) == typed(after)


class TestObjects:
    def test_changed_key_is_replaced_at_its_path(self) -> None:
        assert diff({"a": {"b": 1}}, {"a": {"b": 2}}) == [{"op": "replace", "path": "/a/b", "value": 2}]

    def test_removed_then_added_keys(self) -> None:
        assert diff({"x": 1, "y": 2}, {"y": 2, "z": 3}) == [
            {"op": "remove", "path": "/x"},
            {"op": "add", "path": "/z", "value": 3},
        ]

    def test_pointer_escapes_tilde_before_slash(self) -> None:
        assert diff({"a/b": 1, "m~n": 1}, {"a/b": 2, "m~n": 2}) == [
            {"op": "replace", "path": "/a~1b", "value": 2},
            {"op": "replace", "path": "/m~0n", "value": 2},
        ]
        assert pointer(["~1", 0, ""]) == "/~01/0/"

    def test_empty_key_is_a_path_segment(self) -> None:
        assert diff({"": 1}, {"": 2}) == [{"op": "replace", "path": "/", "value": 2}]


class TestTypes:
    def test_int_to_float_is_a_replace(self) -> None:
        assert diff({"n": 1}, {"n": 1.0}) == [{"op": "replace", "path": "/n", "value": 1.0}]

    def test_true_to_one_is_a_replace(self) -> None:
        assert diff([True], [1]) == [{"op": "replace", "path": "/0", "value": 1}]

    def test_nested_number_type_change_is_found_under_equal_containers(self) -> None:
        assert diff({"a": [0, {"b": 0}]}, {"a": [0, {"b": False}]}) == [
            {"op": "replace", "path": "/a/1/b", "value": False}
        ]

    def test_same_is_strict(self) -> None:
        assert same([1, {"a": 2}], [1, {"a": 2}]) is True
        assert same([1], [1.0]) is False
        assert same(0, False) is False

    def test_whole_document_replace_uses_the_root_pointer(self) -> None:
        assert diff([1], {"a": 1}) == [{"op": "replace", "path": "", "value": {"a": 1}}]


class TestLists:
    def test_removal_in_the_middle(self) -> None:
        assert diff([1, 2, 3, 4, 5], [1, 3, 4, 5]) == [{"op": "remove", "path": "/1"}]

    def test_append(self) -> None:
        assert diff({"l": [1]}, {"l": [1, 2, 3]}) == [
            {"op": "add", "path": "/l/1", "value": 2},
            {"op": "add", "path": "/l/2", "value": 3},
        ]

    def test_removals_go_from_the_highest_index_down(self) -> None:
        assert diff([0, 1, 2, 3, 4, 5, 6], [0, 9, 4, 5, 6]) == [
            {"op": "replace", "path": "/1", "value": 9},
            {"op": "remove", "path": "/3"},
            {"op": "remove", "path": "/2"},
        ]

    def test_element_changed_deep_inside_is_patched_in_place(self) -> None:
        a = [{"id": 1, "hp": 3}, {"id": 2, "hp": 3}]
        b = [{"id": 1, "hp": 3}, {"id": 2, "hp": 2}]
        assert diff(a, b) == [{"op": "replace", "path": "/1/hp", "value": 2}]

    def test_mostly_changed_list_is_replaced_whole(self) -> None:
        assert diff({"l": [1, 2, 3, 4]}, {"l": [5, 6, 7, 8]}) == [
            {"op": "replace", "path": "/l", "value": [5, 6, 7, 8]}
        ]

    def test_emptied_list_is_one_replace(self) -> None:
        assert diff({"l": [1, 2, 3]}, {"l": []}) == [{"op": "replace", "path": "/l", "value": []}]
