"""Python-side widget tests: no browser, no kernel. A fake comm records what would be sent to the front end."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import comm
import pytest
from comm.base_comm import BaseComm


class FakeComm(BaseComm):  # type: ignore[misc]
    """Records every message a widget publishes (opens, state updates, custom messages)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.sent: list[dict[str, Any]] = []
        super().__init__(*args, **kwargs)

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None,
                    **keys: Any) -> None:
        self.sent.append({"msg_type": msg_type, "data": data, "buffers": buffers})

    def updates(self) -> list[dict[str, Any]]:
        """The state updates sent so far, as the browser receives them: a whole update's state, or the traits a
        board's patch message (``BoardWidget.send_state``) sets, with their new values."""
        from tabletop.ui._messages import received_state

        copy: dict[str, Any] = {}
        out = []
        for m in self.sent:
            if m["msg_type"] == "comm_open":
                copy = dict((m["data"] or {}).get("state") or {})
            elif m["msg_type"] == "comm_msg":
                got = received_state(copy, m["data"])
                if got is not None:
                    out.append(got)
        return out


@pytest.fixture(autouse=True)
def fake_comm(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(comm, "create_comm", lambda *a, **k: FakeComm(*a, **k))
    yield


def browser_message(widget: Any, content: Any) -> None:
    """Deliver ``content`` the way the browser's ``model.send(content)`` arrives: through the comm."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
