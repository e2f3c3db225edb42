"""Links a teacher can hand a class: a lesson opened at a step, a board opened at a position.

A link is the notebook's own address (JupyterLab, Voila or the JupyterLite site: no server is needed) with a
*fragment* after ``#``, which no server ever sees::

    .../xevoz/04_drain_attack.ipynb#tt-game=xevoz&tt-step=5
    .../zaxxon/01_board.ipynb#tt-game=zaxxon&tt-position=eyJwbGFuZXMiOi...

``tt-game`` names the game whose board the link is for (every other board of the page ignores it), ``tt-step``
the lesson step (1 = the first), ``tt-position`` a position description (the game's ``position()``, as JSON,
base64url-encoded without padding). The board's front end reads the fragment once, when it is first drawn, and
sends it to Python as it is; :func:`parse` checks it field by field. A link from anywhere is untrusted input:

* only the fields above, each once, at most :data:`MAX_LINK` characters in all;
* the position is decoded as JSON and nothing else (never evaluated, never shown as HTML), an object whose set-up
  the game's own rules then check (``Game.set_up`` names the rule an impossible position breaks);
* a bad link is refused with the field and the reason (:class:`LinkError`), and the lesson or board opens at its
  start: it never raises into the notebook.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, unquote

#: the longest fragment a link may carry (a Xevoz position mid-round is about 1,500 characters encoded)
MAX_LINK = 8_000
#: the fields of a link's fragment
FIELDS = ("tt-game", "tt-step", "tt-position")
_GAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")
_B64 = re.compile(r"[A-Za-z0-9_-]*")


class LinkError(ValueError):
    """A link refused: ``field`` is the part of the link at fault, ``reason`` says why in plain words."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"link {field}: {reason}")
        self.field = field
        self.reason = reason


@dataclass(frozen=True)
class Link:
    """What a link asks for: the game it is for, a lesson step (1-based) and/or a position description."""

    game: str
    step: int | None = None
    position: dict[str, Any] | None = None

    def fragment(self) -> str:
        """The text after ``#`` that opens this link (see :func:`fragment`)."""
        return fragment(self.game, step=self.step, position=self.position)


def fragment(game: str, *, step: int | None = None, position: Mapping[str, Any] | None = None) -> str:
    """The fragment of a link to ``game``'s board at lesson ``step`` (1-based) and/or ``position``."""
    if not isinstance(game, str) or not _GAME.fullmatch(game):
        raise LinkError("tt-game", f"a game's short name (such as 'xevoz'), not {game!r:.40}")
    parts = [f"tt-game={game}"]
    if step is not None:
        if isinstance(step, bool) or not isinstance(step, int) or step < 1:
            raise LinkError("tt-step", f"a step number from 1, not {step!r:.40}")
        parts.append(f"tt-step={step}")
    if position is not None:
        raw = json.dumps(position, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")
        parts.append("tt-position=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("="))
    text = "&".join(parts)
    if len(text) > MAX_LINK:
        raise LinkError("tt-position", f"the position is too long for a link ({len(text):,} characters; at most "
                        f"{MAX_LINK:,})")
    return text


def parse(text: Any, *, steps: int | None = None) -> Link | None:
    """The link a fragment asks for, or ``None`` when the fragment holds no ``tt-`` field (an address without a
    link, a heading's anchor). ``steps``: the lesson's number of steps, when there is a lesson (a ``tt-step``
    is refused on a plain board). Raises :class:`LinkError` naming the field for anything else."""
    if not isinstance(text, str):
        raise LinkError("fragment", f"the text after '#', not {type(text).__name__}")
    if text.startswith("#"):
        text = text[1:]
    if len(text) > MAX_LINK:
        raise LinkError("fragment", f"{len(text):,} characters; a link holds at most {MAX_LINK:,}")
    if "tt-" not in text:
        return None
    seen = _fields(text)
    game = seen.get("tt-game")
    if game is None:
        raise LinkError("tt-game", "missing: a link names the game its board is for")
    if not _GAME.fullmatch(game):
        raise LinkError("tt-game", f"a game's short name (such as 'xevoz'), not {game!r:.40}")
    step = _step(seen["tt-step"], steps) if "tt-step" in seen else None
    position = _decode_position(seen["tt-position"]) if "tt-position" in seen else None
    if step is None and position is None:
        raise LinkError("fragment", "a link asks for a step ('tt-step') or a position ('tt-position')")
    return Link(game, step, position)


def _fields(text: str) -> dict[str, str]:
    """The ``tt-`` fields of a fragment, each once (other parts, such as a heading's anchor, are left alone)."""
    seen: dict[str, str] = {}
    for item in text.split("&"):
        if not item:
            continue
        key, eq, value = item.partition("=")
        key = unquote(key)
        if not key.startswith("tt-"):
            continue  # someone else's part of the fragment (an anchor): not ours to judge
        if key not in FIELDS:
            raise LinkError(key[:40], "not a field of a link (" + ", ".join(FIELDS) + ")")
        if not eq:
            raise LinkError(key, "has no value (write it as name=value)")
        if key in seen:
            raise LinkError(key, "is given twice")
        seen[key] = unquote(value)
    return seen


def _step(s: str, steps: int | None) -> int:
    if steps is None:
        raise LinkError("tt-step", "this board is not a lesson: it has no steps")
    if not s.isdigit() or not 1 <= int(s) <= steps:
        raise LinkError("tt-step", f"a step number from 1 to {steps}, not {s!r:.20}")
    return int(s)


def _decode_position(value: str) -> dict[str, Any]:
    if not _B64.fullmatch(value):
        raise LinkError("tt-position", "is base64url text (letters, digits, '-' and '_')")
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (binascii.Error, UnicodeDecodeError, ValueError, RecursionError) as exc:
        reason = exc.reason if isinstance(exc, LinkError) else "is not a position description (JSON) in base64url"
        raise LinkError("tt-position", reason) from None
    if not isinstance(data, dict):
        raise LinkError("tt-position", f"describes a position as an object of fields, not a {type(data).__name__}")
    return data


def _no_constant(name: str) -> Any:
    raise LinkError("tt-position", f"{name} is not a number a position may hold")


def share_url(base: str, link: Link) -> str:
    """``base`` (a page address, its own fragment dropped) with the link's fragment."""
    return base.split("#", 1)[0] + "#" + quote(link.fragment(), safe="=&-_")
