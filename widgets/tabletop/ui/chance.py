"""``ChanceWidget``: a six-sided die, the Zaxxon spinner, or a row of labelled faces (the Xevoz Battle Helix hook).

Standalone it owns a seeded :class:`tabletop.engine.Chance` (``ChanceWidget(kind="die", seed=1)``), rolls when
clicked (or Enter/Space) and can be rigged (``widget.rig(6)``); a rigged outcome is marked RIGGED. A game can also
use it as a display only: ``widget.show(draw)`` shows an outcome drawn by the game (``game.last_draws``).
Its drawing functions (``drawDie``, ``drawSpinner``, ``drawFaces``) are joined into every board's JS.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import anywidget
import traitlets as t

from ..engine import Chance, Draw
from . import _bundle
from ._messages import OptionalDict, PythonOwned, optional_dict, version_problem

#: The Zaxxon spinner used when a game gives none: an inner ring of RED/BLUE/WHITE sectors and an outer ring
#: where some sectors carry a "Z". RECONSTRUCTION: the rulebook names the colours and the "Z" but gives no
#: proportions; this layout makes the three colours equally likely and puts a "Z" on one sector in four
#: (one of each colour). A game passes its own ``sectors`` (each ``{color, z, weight, label}``) to change it.
ZAXXON_SPINNER: tuple[dict[str, Any], ...] = (
    {"color": "RED", "z": True}, {"color": "BLUE"}, {"color": "WHITE"}, {"color": "RED"},
    {"color": "BLUE", "z": True}, {"color": "WHITE"}, {"color": "RED"}, {"color": "BLUE"},
    {"color": "WHITE", "z": True}, {"color": "RED"}, {"color": "BLUE"}, {"color": "WHITE"},
)

DIE_FACES = (1, 2, 3, 4, 5, 6)
KINDS = ("die", "spinner", "faces")


def sector_outcome(sector: Mapping[str, Any]) -> str:
    """The outcome a spinner sector shows: its colour, plus ``+Z`` when its outer ring has a "Z" (a sector whose
    colour is "Z" itself, as in a game where Z is a fourth outcome, shows just ``Z``)."""
    colour = str(sector["color"]).upper()
    return colour + ("+Z" if sector.get("z") and colour != "Z" else "")


def spinner_domain(sectors: Sequence[Mapping[str, Any]]) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """The distinct outcomes of a spinner layout and the share of the wheel each covers."""
    weights: dict[str, float] = {}
    for s in sectors:
        w = float(s.get("weight", 1) or 1)
        if w <= 0:
            raise ValueError(f"spinner sector {dict(s)} has a weight of {w}; weights must be positive")
        weights[sector_outcome(s)] = weights.get(sector_outcome(s), 0.0) + w
    return tuple(weights), tuple(weights.values())


class ChanceWidget(PythonOwned, anywidget.AnyWidget):
    """``ChanceWidget(kind="die"|"spinner"|"faces", *, seed=None, faces=None, sectors=None, title="")``."""

    _entry: ClassVar[str] = "ttRenderChance"

    kind = t.Unicode("die").tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    faces: t.List[Any] = t.List().tag(sync=True)
    sectors: t.List[Any] = t.List().tag(sync=True)
    value = t.Any(None, allow_none=True).tag(sync=True)
    rigged = t.Bool(False).tag(sync=True)
    n = t.Int(0).tag(sync=True)
    history: t.List[Any] = t.List().tag(sync=True)
    pending: t.List[Any] = t.List().tag(sync=True)
    error: OptionalDict = optional_dict()
    version = t.Int(0).tag(sync=True)
    interactive = t.Bool(True).tag(sync=True)

    max_history: ClassVar[int] = 20

    def __init__(self, kind: str = "die", *, seed: int | None = None, faces: Sequence[Any] | None = None,
                 sectors: Sequence[Mapping[str, Any]] | None = None, title: str = "",
                 interactive: bool = True, **kwargs: Any) -> None:
        type(self)._prepare_bundle()
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        super().__init__(**kwargs)
        self.kind = kind
        self.title = title
        self.interactive = interactive
        self._weights: tuple[float, ...] | None = None
        if kind == "die":
            domain: tuple[Any, ...] = DIE_FACES
        elif kind == "spinner":
            layout = [dict(s) for s in (sectors or ZAXXON_SPINNER)]
            for s in layout:
                if "color" not in s:
                    raise ValueError(f"spinner sector {s} has no 'color'")
            self.sectors = layout
            domain, self._weights = spinner_domain(layout)
        else:
            if not faces:
                raise ValueError("kind='faces' needs faces=[{'value': ..., 'label': ...}, ...]")
            norm = [dict(f) if isinstance(f, Mapping) else {"value": f, "label": str(f)} for f in faces]
            for f in norm:
                if "value" not in f:
                    raise ValueError(f"face {f} has no 'value'")
            self.faces = norm
            domain = tuple(f["value"] for f in norm)
        self.domain = domain
        self.chance = Chance(_fresh_seed() if seed is None else int(seed), {kind: domain})
        self.on_msg(self._on_msg)
        self._error_n = 0

    @classmethod
    def _prepare_bundle(cls) -> None:
        if "_esm" in cls.__dict__ and not _bundle.DEV:
            return
        cls._esm = _bundle.join_js(("kit.js", "chance.js"), cls._entry)
        cls._css = _bundle.join_css(("kit.css", "chance.css"))

    # -- Python API ------------------------------------------------------------------------------------
    def roll(self) -> Any:
        """Draw the next outcome (a rigged one first) and show it; returns the value."""
        d = self.chance.draw(self.kind, None, self._weights)
        self._show(d.value, d.rigged)
        return d.value

    spin = roll

    def rig(self, *values: Any) -> None:
        """Queue outcomes for the next rolls (``rig(6)``, ``rig("RED+Z")``); an impossible one raises RigError."""
        seq = list(values[0]) if len(values) == 1 and isinstance(values[0], list | tuple) else list(values)
        self.chance.rig(self.kind, seq)
        self.pending = list(self.chance.pending().get(self.kind, []))
        self.version += 1

    def show(self, draw: Draw | Mapping[str, Any] | Any, *, rigged: bool = False) -> None:
        """Show an outcome drawn elsewhere (a game's ``Draw``, its dict, or a plain value), with the animation."""
        if isinstance(draw, Draw):
            value, rigged = draw.value, draw.rigged
        elif isinstance(draw, Mapping) and "value" in draw:
            value, rigged = draw["value"], bool(draw.get("rigged", False))
        else:
            value = draw
        if value not in self.domain:
            raise ValueError(f"{value!r} is not an outcome of this {self.kind}; outcomes: "
                             + ", ".join(map(str, self.domain)))
        self._show(value, rigged)

    def _show(self, value: Any, rigged: bool) -> None:
        hist = [*self.history, {"value": value, "rigged": rigged, "n": self.n + 1}][-self.max_history:]
        with self.hold_sync():
            self.value = value
            self.rigged = rigged
            self.history = hist
            self.pending = list(self.chance.pending().get(self.kind, []))
            self.error = None
            self.n = self.n + 1
            self.version = self.version + 1

    # -- browser messages (untrusted) ------------------------------------------------------------------
    def _on_msg(self, _w: Any, content: Any, _b: Any) -> None:
        self.handle_message(content)

    def handle_message(self, content: Any) -> bool:
        if not isinstance(content, Mapping) or content.get("type") != "roll":
            return self._refuse("ui.message", "expected a message {type: 'roll', version}")
        problem = version_problem(content, self.version, "picture")
        if problem:
            return self._refuse(*problem)
        if not self.interactive:
            return self._refuse("ui.locked", "this shows a game's outcomes; it cannot be rolled by hand")
        self.roll()
        return True

    def _refuse(self, rule: str, reason: str) -> bool:
        self._error_n += 1
        self.error = {"rule": rule, "reason": reason, "n": self._error_n}
        return False

    # -- static fallback -------------------------------------------------------------------------------
    def static_html(self) -> str:
        return static_chance_html(self.kind, self.value, self.rigged, self.title, self.sectors, self.faces)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, meta = bundle
        data["text/html"] = self.static_html()
        return data, meta


def _fresh_seed() -> int:
    from ..engine.chance import fresh_seed

    return fresh_seed()


_PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
         5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def die_svg(value: int, size: int = 64) -> str:
    """A die face as an SVG string (static pages)."""
    pips = "".join(f'<circle cx="{25 + c * 25}" cy="{25 + r * 25}" r="9" fill="#111"/>' for c, r in _PIPS[value])
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="{size}" height="{size}" '
            f'role="img" aria-label="die showing {value}"><rect x="4" y="4" width="92" height="92" rx="16" '
            f'fill="#fffdf7" stroke="#111" stroke-width="5"/>{pips}</svg>')


_SPIN_FILL = {"RED": ("#d7263d", "#fff"), "BLUE": ("#1f4fd1", "#fff"), "WHITE": ("#f4f4f4", "#111")}


def spinner_svg(sectors: Sequence[Mapping[str, Any]], value: Any = None, size: int = 160) -> str:
    """The spinner as an SVG string (static pages): colour ring with labels, outer ring with the Z marks,
    the drawn outcome's sectors outlined."""
    total = sum(float(x.get("weight", 1) or 1) for x in sectors)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="{size}" height="{size}" '
           f'role="img" aria-label="spinner{" showing " + html.escape(str(value)) if value is not None else ""}">']
    a = 0.0
    for sec in sectors:
        w = float(sec.get("weight", 1) or 1) / total * 360
        a0, a1 = a, a + w
        a += w
        colour = str(sec["color"]).upper()
        fill, ink = _SPIN_FILL.get(colour, ("#999", "#111"))
        lit = value is not None and sector_outcome(sec) == value
        stroke = 'stroke="#ff9f1c" stroke-width="4"' if lit else 'stroke="#111" stroke-width="1.5"'
        out.append(f'<path d="{_arc(18, 74, a0, a1)}" fill="{fill}" {stroke}/>')
        ring = "#2a1f3d" if sec.get("z") else "#e9e9ee"
        out.append(f'<path d="{_arc(76, 96, a0, a1)}" fill="{ring}" {stroke}/>')
        x, y = _polar(50, (a0 + a1) / 2)
        label = html.escape(str(sec.get("label") or (colour if w >= 40 else colour[:1])))
        out.append(f'<text x="{x:.1f}" y="{y:.1f}" fill="{ink}" font-size="11" font-weight="700" '
                   f'text-anchor="middle" dominant-baseline="central">{label}</text>')
        if sec.get("z"):
            x, y = _polar(86, (a0 + a1) / 2)
            out.append(f'<text x="{x:.1f}" y="{y:.1f}" fill="#ffe14d" font-size="14" font-weight="900" '
                       'text-anchor="middle" dominant-baseline="central">Z</text>')
    out.append('<circle cx="100" cy="100" r="16" fill="#222"/></svg>')
    return "".join(out)


def _polar(r: float, deg: float) -> tuple[float, float]:
    t = math.radians(deg - 90)
    return 100 + r * math.cos(t), 100 + r * math.sin(t)


def _arc(r0: float, r1: float, a0: float, a1: float) -> str:
    large = 1 if a1 - a0 > 180 else 0
    p = [_polar(r1, a0), _polar(r1, a1), _polar(r0, a1), _polar(r0, a0)]
    return (f"M {p[0][0]:.2f} {p[0][1]:.2f} A {r1} {r1} 0 {large} 1 {p[1][0]:.2f} {p[1][1]:.2f} "
            f"L {p[2][0]:.2f} {p[2][1]:.2f} A {r0} {r0} 0 {large} 0 {p[3][0]:.2f} {p[3][1]:.2f} Z")


def static_chance_html(kind: str, value: Any, rigged: bool, title: str, sectors: Sequence[Mapping[str, Any]],
                       faces: Sequence[Mapping[str, Any]]) -> str:
    esc = html.escape
    head = f"<b>{esc(title or kind)}</b>"
    if value is None:
        body = "not rolled yet"
    elif kind == "die" and value in DIE_FACES:
        body = die_svg(int(value)) + f" rolled {esc(str(value))}"
    elif kind == "spinner":
        body = spinner_svg(sectors, value) + f" spun <b>{esc(str(value))}</b>"
    else:
        body = f"outcome: <b>{esc(str(value))}</b>"
    if rigged:
        body += ' <span style="background:#6a1b9a;color:#fff;padding:0 4px;border-radius:3px">RIGGED</span>'
    extra = ""
    if kind == "spinner":
        extra = "<br>sectors: " + ", ".join(esc(sector_outcome(s)) for s in sectors)
    elif kind == "faces":
        extra = "<br>faces: " + ", ".join(esc(str(f.get("label", f.get("value")))) for f in faces)
    return (f'<div class="tt-static tt-static-chance" style="font-family:system-ui,sans-serif;font-size:16px;'
            f'border:2px solid #345;border-radius:8px;padding:8px;display:inline-block">{head}<br>{body}{extra}'
            "</div>")
