"""`make test`'s runner: the whole suite as two pytest runs side by side, one per core.

* the browser tests in JupyterLab and Voila (``-m "browser and not slow"``), printed live;
* everything else: the unit tests and every notebook under nbmake, then the JupyterLite site's browser test (the
  one marked slow: it serves the static site, no JupyterLab; tests/conftest.py runs browser tests last, so its
  Chromium opens after every unit test is done), written to build/test-logs/unit.log and printed when it ends.
  (The split keeps the two halves about equally long.)

They run in separate processes because Playwright's sync API keeps an asyncio loop running in the main thread
while its Chromium is open, and a board paces its bot replies whenever a loop is running: unit tests that expect
immediate replies must never share a process with an open browser (tests/conftest.py orders a single run the same
way). The exit code is 0 only when both runs pass; extra arguments go to both runs (e.g. ``-x``, ``-k name``).

    python .ci/test.py            # what `make test` runs
    python .ci/test.py --serial   # one run after the other (a 1-core machine, or to read one log)
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LOGS = REPO / "build" / "test-logs"
BROWSER = ["tests", "-m", "browser and not slow", "-q"]
UNIT = ["tests", "-m", "not browser or slow", "--nbmake", "--nbmake-timeout=600", "notebooks", "-q"]


def _pytest(args: list[str], extra: list[str]) -> list[str]:
    return [sys.executable, "-m", "pytest", *args, *extra]


def main(argv: list[str]) -> int:
    serial = "--serial" in argv
    extra = [a for a in argv if a != "--serial"]
    LOGS.mkdir(parents=True, exist_ok=True)
    log_path = LOGS / "unit.log"
    t0 = time.perf_counter()
    if serial:
        unit_rc = subprocess.call(_pytest(UNIT, extra), cwd=REPO)
        browser_rc = subprocess.call(_pytest(BROWSER, extra), cwd=REPO)
    else:
        with log_path.open("w") as log:
            unit = subprocess.Popen(_pytest(UNIT, extra), cwd=REPO, stdout=log, stderr=subprocess.STDOUT)
            print(f"unit tests, notebooks and the static site: running beside the JupyterLab browser tests, log in "
                  f"{log_path}", flush=True)
            print("-- browser tests (JupyterLab, Voila) " + "-" * 40, flush=True)
            browser_rc = subprocess.call(_pytest(BROWSER, extra), cwd=REPO)
            browser_s = time.perf_counter() - t0
            unit_rc = unit.wait()
        print(f"-- unit tests, notebooks, the static site (log {log_path}) " + "-" * 20, flush=True)
        sys.stdout.write(log_path.read_text())
        print(f"browser tests: {browser_s:.0f} s; unit tests, notebooks and the site: ended by "
              f"{time.perf_counter() - t0:.0f} s")
    verdict = {0: "passed", 5: "no tests"}
    print(f"make test: browser {verdict.get(browser_rc, f'FAILED (exit {browser_rc})')}, "
          f"unit, notebooks and site {verdict.get(unit_rc, f'FAILED (exit {unit_rc})')}; "
          f"{time.perf_counter() - t0:.0f} s in all", flush=True)
    return 0 if browser_rc == 0 and unit_rc == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
