"""Keep the lab notebooks quick under nbmake: kernels started by this test run inherit a small game count.

The notebooks read ``TABLETOP_LAB_N`` (``tabletop.lab.ui.default_n``); opened in JupyterLab they use their own,
larger numbers.
"""

import os

os.environ.setdefault("TABLETOP_LAB_N", "40")
