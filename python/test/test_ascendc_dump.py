"""ASCENDC_DUMP (pyasc_api.md §2.10): "true" (the default, any case) keeps a kernel's printf output;
any other value drops it, on the Model backend as on the NPU (where the kernel is then built with
-DASCENDC_DUMP=0)."""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt


@asc.jit
def says(x: asc.GlobalAddress, n: int):
    asc.printf("n=%d\n", n)


@pytest.mark.parametrize("value,printed", [(None, True), ("true", True), ("True", True), ("0", False),
                                           ("false", False), ("off", False)])
def test_ascendc_dump_keeps_or_drops_the_output(monkeypatch: pytest.MonkeyPatch, capsys, value, printed) -> None:
    if value is None:
        monkeypatch.delenv("ASCENDC_DUMP", raising=False)
    else:
        monkeypatch.setenv("ASCENDC_DUMP", value)
    for _ in range(2):  # planned launches too
        says[1](np.zeros(8, dtype=np.float32), 7)
    assert capsys.readouterr().out == ("[block 0] n=7\n" * 2 if printed else "")
    assert rt.last_launch().output == [(0, "[block 0] n=7\n")]
