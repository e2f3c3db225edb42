"""ProgressStore, Python side (fake comm): the browser's record is validated, refused with a message and
replaced when it is bad, merged with changes made before it arrived; every change is sent; nothing raises."""

from __future__ import annotations

import math
from typing import Any

import pytest

from tabletop.engine.progress import MASTERY_RIGHT, Progress, ProgressError
from tabletop.ui.progress import STORAGE_KEY, ProgressStore, shared_store
from tests.ui.conftest import browser_message


class Clock:
    def __init__(self, start: float = 1_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def record_of(clause: str, **fields: Any) -> dict[str, Any]:
    base = {"seen": 10.0, "tries": 1, "right": 1, "streak": 1, "last": 20.0, "last_right": 20.0}
    return {"format": "tabletop-progress", "version": 1, "clauses": {clause: {**base, **fields}}}


def loaded(store: ProgressStore, record: Any = None, **extra: Any) -> None:
    browser_message(store, {"type": "loaded", "record": record, "version": store.version, **extra})


def sent_records(store: ProgressStore) -> list[dict[str, Any]]:
    return [u["record"] for u in store.comm.updates() if "record" in u]


def test_the_browser_record_is_read_and_kept() -> None:
    store = ProgressStore(clock=Clock())
    assert store.key == STORAGE_KEY == "tabletop-arcade:progress"
    assert not store.loaded
    loaded(store, record_of("zaxxon.radar-barrier", tries=3, right=2, streak=1))
    assert store.loaded and store.notice == ""
    assert store.progress.state("zaxxon.radar-barrier") == "mastered"
    assert store.record == store.progress.to_json()


def test_nothing_stored_gives_a_fresh_record_without_complaint() -> None:
    store = ProgressStore(clock=Clock())
    loaded(store, None)
    assert store.loaded and store.notice == "" and store.progress.clauses == {}


def test_changes_are_sent_to_the_browser_with_a_new_version() -> None:
    store = ProgressStore(clock=Clock())
    loaded(store, None)
    v = store.version
    store.see(["zaxxon.roll"])
    assert store.version == v + 1
    assert sent_records(store)[-1]["clauses"]["zaxxon.roll"]["seen"] > 0
    store.attempt(["zaxxon.roll", "zaxxon.radar-barrier"], True, "question")
    last = sent_records(store)[-1]["clauses"]
    assert last["zaxxon.roll"]["tries"] == 1 and last["zaxxon.radar-barrier"]["right"] == 1
    assert store.version == v + 2
    assert store.attempts[-1].kind == "question" and store.attempts[-1].right is True


def test_seeing_a_clause_again_writes_nothing() -> None:
    store = ProgressStore(clock=Clock())
    loaded(store, None)
    store.see("zaxxon.roll")
    v = store.version
    store.see("zaxxon.roll")
    assert store.version == v


def test_changes_before_the_browser_record_arrives_are_merged_into_it() -> None:
    store = ProgressStore(clock=Clock())
    store.see(["xevoz.chop"])
    store.attempt(["zaxxon.radar-barrier"], True, "task")
    assert not sent_records(store), "nothing is sent before the browser's record was read"
    assert store.progress.state("zaxxon.radar-barrier") == "practised"
    loaded(store, record_of("zaxxon.radar-barrier", tries=1, right=1, streak=1))
    p = store.progress
    assert p.clauses["zaxxon.radar-barrier"].tries == 2 and p.clauses["zaxxon.radar-barrier"].right == 2
    assert p.state("zaxxon.radar-barrier") == "mastered" and p.state("xevoz.chop") == "seen"
    assert sent_records(store)[-1] == p.to_json()


def test_a_reset_before_the_browser_record_arrives_wins_over_it() -> None:
    store = ProgressStore(clock=Clock())
    store.reset()
    store.see(["xevoz.chop"])
    loaded(store, record_of("zaxxon.radar-barrier"))
    assert list(store.progress.clauses) == ["xevoz.chop"]


BAD_RECORDS: list[Any] = [
    "a string", 42, 3.5, True, [], [1, 2], {"format": "something-else", "version": 1, "clauses": {}},
    {"format": "tabletop-progress", "version": 2, "clauses": {}},
    {"format": "tabletop-progress", "version": "1", "clauses": {}},
    {"format": "tabletop-progress", "version": 1},
    {"format": "tabletop-progress", "version": 1, "clauses": []},
    {"format": "tabletop-progress", "version": 1, "clauses": {}, "extra": 1},
    record_of("Not An Id"), record_of("nodot"), record_of("zaxxon.roll", tries=-1),
    record_of("zaxxon.roll", tries=1.5), record_of("zaxxon.roll", right=5, tries=1),
    record_of("zaxxon.roll", seen="yesterday"), record_of("zaxxon.roll", seen=math.inf),
    record_of("zaxxon.roll", last=1e300), record_of("zaxxon.roll", tries=True),
    record_of("zaxxon.roll", streak=2, right=1),
    {"format": "tabletop-progress", "version": 1, "clauses": {"zaxxon.roll": {"seen": 1}}},
    {"format": "tabletop-progress", "version": 1, "clauses": {"zaxxon.roll": None}},
    {"format": "tabletop-progress", "version": 1,
     "clauses": {f"g.c{i}": record_of("g.x")["clauses"]["g.x"] for i in range(1001)}},
]


@pytest.mark.parametrize("bad", BAD_RECORDS, ids=range(len(BAD_RECORDS)))
def test_a_bad_record_is_refused_with_a_message_and_replaced(bad: Any) -> None:
    store = ProgressStore(clock=Clock())
    store.attempt(["zaxxon.roll"], True, "question")  # an early change survives the refusal
    loaded(store, bad)
    assert store.loaded
    assert "could not be read" in store.notice and "replaced by a fresh record" in store.notice
    assert set(store.progress.clauses) == {"zaxxon.roll"}
    assert sent_records(store)[-1] == store.progress.to_json(), "the fresh record is written over the bad one"


def test_text_that_is_not_json_is_refused_with_the_parser_reason() -> None:
    store = ProgressStore(clock=Clock())
    loaded(store, None, problem="Unexpected token } in JSON at position 3")
    assert "not JSON" in store.notice and "Unexpected token" in store.notice
    assert store.loaded and store.progress.clauses == {}


def test_a_browser_without_storage_is_told_progress_lasts_until_the_kernel_stops() -> None:
    store = ProgressStore(clock=Clock())
    loaded(store, None, unavailable="SecurityError: localStorage is disabled")
    assert store.loaded and not store.persistent
    assert "until the kernel stops" in store.notice and "Export" in store.notice


BAD_MESSAGES: list[Any] = [None, "loaded", 7, [], {}, {"type": "explode", "version": 0},
                           {"type": "loaded"}, {"type": "loaded", "version": "0"},
                           {"type": "loaded", "version": True}, {"type": ["loaded"], "version": 0}]


@pytest.mark.parametrize("msg", BAD_MESSAGES, ids=range(len(BAD_MESSAGES)))
def test_malformed_messages_change_nothing_and_raise_nothing(msg: Any) -> None:
    store = ProgressStore(clock=Clock())
    browser_message(store, msg)
    assert not store.loaded and store.progress.clauses == {}
    assert store.notice, "the refusal is said"


def test_a_stale_second_view_does_not_undo_the_merge() -> None:
    store = ProgressStore(clock=Clock())
    store.see(["xevoz.chop"])
    # two views render together: both read the browser (empty) before Python's record reached either
    browser_message(store, {"type": "loaded", "record": None, "version": 0})
    browser_message(store, {"type": "loaded", "record": None, "version": 0})
    assert store.progress.state("xevoz.chop") == "seen" and store.notice == ""


def test_a_record_changed_by_another_notebook_is_adopted() -> None:
    store = ProgressStore(clock=Clock())
    loaded(store, None)
    calls: list[str] = []
    store.on_change(lambda s, what: calls.append(what))
    other = record_of("xevious.stage-respawn", tries=2, right=2, streak=2)
    browser_message(store, {"type": "changed", "record": other, "version": store.version})
    assert store.progress.state("xevious.stage-respawn") == "mastered" and calls == ["changed"]
    # a reset elsewhere (an empty record) is adopted too
    empty = Progress().to_json()
    browser_message(store, {"type": "changed", "record": empty, "version": store.version})
    assert store.progress.clauses == {}


def test_a_corrupt_change_elsewhere_is_refused_and_this_record_written_back() -> None:
    store = ProgressStore(clock=Clock())
    loaded(store, record_of("zaxxon.roll"))
    before = store.progress.to_json()
    v = store.version
    browser_message(store, {"type": "changed", "record": {"hello": "world"}, "version": v})
    assert "could not be read" in store.notice and "written in its place" in store.notice
    assert store.progress.to_json() == before and store.version == v + 1
    # storage cleared by hand (nothing there): this record is written back, not forgotten
    browser_message(store, {"type": "changed", "record": None, "version": store.version})
    assert store.progress.to_json() == before


def test_a_failed_write_is_said() -> None:
    store = ProgressStore(clock=Clock())
    loaded(store, None)
    browser_message(store, {"type": "write-failed", "reason": "QuotaExceededError", "version": store.version})
    assert not store.persistent and "QuotaExceededError" in store.notice


def test_dismiss_clears_the_notice() -> None:
    store = ProgressStore(clock=Clock())
    loaded(store, "junk")
    assert store.notice
    browser_message(store, {"type": "dismiss"})
    assert store.notice == ""


def test_on_change_callbacks_and_a_failing_listener_does_not_break_recording() -> None:
    store = ProgressStore(clock=Clock())
    loaded(store, None)
    seen: list[str] = []

    def boom(s: ProgressStore, what: str) -> None:
        raise RuntimeError("listener bug")

    store.on_change(boom)
    store.on_change(lambda s, what: seen.append(what))
    store.see("zaxxon.roll")
    store.attempt("zaxxon.roll", False, "your-move")
    store.reset()
    assert seen == ["see", "attempt", "reset"]
    store.on_change(boom, remove=True)


def test_mastery_needs_the_right_answers_and_the_latest_right() -> None:
    store = ProgressStore(clock=Clock())
    loaded(store, None)
    for _ in range(MASTERY_RIGHT):
        store.attempt("zaxxon.roll", True, "practice")
    assert store.state("zaxxon.roll") == "mastered"
    store.attempt("zaxxon.roll", False, "review")
    assert store.state("zaxxon.roll") == "practised"


def test_python_api_misuse_raises_clearly_and_changes_nothing() -> None:
    store = ProgressStore(clock=Clock())
    loaded(store, None)
    with pytest.raises(ValueError, match="kind"):
        store.attempt(["zaxxon.roll"], True, "guess")
    with pytest.raises(ProgressError, match="not a clause id"):
        store.attempt(["zaxxon.roll", "Bad Id"], True, "task")
    with pytest.raises(TypeError):
        store.attempt(["zaxxon.roll"], 1, "task")  # type: ignore[arg-type]
    assert store.progress.clauses == {}


def test_replace_puts_a_validated_copy_in_place() -> None:
    store = ProgressStore(clock=Clock())
    loaded(store, None)
    p = Progress()
    p.attempt(["xevoz.chop"], True, 5.0)
    store.replace(p)
    p.attempt(["xevoz.chop"], False, 6.0)  # the store holds a copy
    assert store.progress.clauses["xevoz.chop"].tries == 1
    assert sent_records(store)[-1]["clauses"]["xevoz.chop"]["tries"] == 1


def test_front_end_writes_of_traits_are_refused() -> None:
    store = ProgressStore(clock=Clock())
    store.set_state({"loaded": True, "record": {"format": "x"}})
    assert not store.loaded and store.record == {} and store.refused_updates == 2


def test_shared_store_is_one_per_kernel() -> None:
    assert shared_store() is shared_store()
    assert isinstance(shared_store(), ProgressStore)


def test_the_bundle_has_the_store_renderer() -> None:
    store = ProgressStore()
    assert "ttRenderProgressStore" in store._esm and "tabletop-progress" in store._esm
    assert "localStorage" in store._esm
