"""The browser-kernel fallback (issue 14, sim/platform.py): in Pyodide the simulator and the lab play serially and
say so, and plotly figures display without nbformat. On CPython the browser is faked by patching
``in_browser_kernel``; the real thing runs in tests/browser/test_site_browser.py."""

from __future__ import annotations

import concurrent.futures

import pytest

from tabletop.sim import live, platform
from tabletop.sim.core import simulate


def test_outside_a_browser_nothing_changes() -> None:
    assert platform.in_browser_kernel() is False
    for ex in (None, "process", "thread", "serial"):
        assert platform.serial_in_browser(ex) == ex
    pool = concurrent.futures.ThreadPoolExecutor(1)
    try:
        assert platform.serial_in_browser(pool) is pool
    finally:
        pool.shutdown()
    assert platform.plotly_without_nbformat() is False


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platform, "in_browser_kernel", lambda: True)
    monkeypatch.setattr(platform, "_told", False)

    def no_pools(*a: object, **k: object) -> None:
        raise AssertionError("a pool was made in a browser kernel")

    monkeypatch.setattr(live, "ProcessPoolExecutor", no_pools)  # where the stream makes its pools
    monkeypatch.setattr(live, "ThreadPoolExecutor", no_pools)


def _key(res: object) -> list[tuple[int, int, object, int]]:
    return sorted((r.variant, r.seed, r.winner, r.steps) for r in res.records)  # type: ignore[attr-defined]


def test_in_a_browser_every_executor_plays_serially_and_says_so(browser: None, capsys: pytest.CaptureFixture[str]
                                                                ) -> None:
    serial = simulate("xevious", n=3, executor="serial", progress=False)
    assert capsys.readouterr().out == ""  # serial was asked for: nothing to say
    res = simulate("xevious", n=100, progress=False)  # the automatic choice would be a process pool here
    assert platform.BROWSER_NOTE in capsys.readouterr().out
    assert len(res.records) == 100
    simulate("xevious", n=100, progress=False)
    assert capsys.readouterr().out == ""  # said once per session
    for ex in ("process", "thread"):  # asked for a pool: a warning every time, and the same games
        with pytest.warns(RuntimeWarning, match=f"executor='{ex}' cannot run in a browser kernel; playing serially"):
            res = simulate("xevious", n=3, executor=ex, progress=False)
        assert _key(res) == _key(serial)


def test_in_a_browser_the_labs_run_button_plays_here_and_says_so(browser: None) -> None:
    from tabletop.lab import Lab

    lab = Lab("xevious", n=4)
    lab.start()  # the Run button: no thread in a browser kernel
    assert lab._thread is None
    assert lab.results is not None and len(lab.results.records) == 8
    assert "runs in your browser (Pyodide)" in lab.message.value
    assert lab.wait() is lab.results


def test_in_a_browser_plotly_figures_display_without_nbformat(browser: None, monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    import IPython
    import IPython.display
    import plotly.graph_objects as go
    import plotly.io as pio
    from IPython.core.interactiveshell import InteractiveShell
    from plotly.basedatatypes import BaseFigure

    shell = InteractiveShell()
    shown: list[tuple[object, dict[str, object]]] = []
    monkeypatch.setattr(IPython, "get_ipython", lambda: shell)
    monkeypatch.setattr(IPython.display, "display", lambda obj, **k: shown.append((obj, k)))
    before = pio.renderers.default
    try:
        assert platform.plotly_without_nbformat() is True
        assert pio.renderers.default == "plotly_mimetype"
        assert shell.display_formatter.ipython_display_formatter.lookup_by_type(BaseFigure)
        shell.display_formatter.format(go.Figure(go.Bar(x=[1], y=[2])))  # what a cell's value goes through
        assert len(shown) == 1 and shown[0][1] == {"raw": True}
        bundle = shown[0][0]
        assert isinstance(bundle, dict) and bundle["application/vnd.plotly.v1+json"]["data"][0]["type"] == "bar"
    finally:
        pio.renderers.default = before
