"""Keep the lab notebooks quick under nbmake: kernels started by this test run inherit a small game count.

The notebooks read ``TABLETOP_LAB_N`` (``tabletop.lab.ui.default_n``); opened in JupyterLab they use their own,
larger numbers.
"""

import os

os.environ.setdefault("TABLETOP_LAB_N", "40")
# the balance notebooks (07-09): strong-bot games are slow, so a handful of games at a tiny search budget
os.environ.setdefault("TABLETOP_BALANCE_N", "2")
os.environ.setdefault("TABLETOP_BALANCE_SIMS", "4")
os.environ.setdefault("TABLETOP_BALANCE_STEPS", "300")
