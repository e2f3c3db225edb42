"""``tabletop.balance(game, variants=..., bots=..., n=..., seed=..., executor=...)``: the balance report of
:mod:`tabletop.sim.balance` (this module is callable: ``import tabletop.balance`` then ``tabletop.balance(...)``,
or ``from tabletop.balance import balance``)."""

from __future__ import annotations

import sys
import types
from typing import Any

from .sim.balance import BalanceReport, balance

__all__ = ["BalanceReport", "balance"]


class _Callable(types.ModuleType):
    def __call__(self, *args: Any, **kwargs: Any) -> BalanceReport:
        return balance(*args, **kwargs)


sys.modules[__name__].__class__ = _Callable
