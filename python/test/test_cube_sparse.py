"""load_data_with_sparse / mmad_with_sparse compile to Ascend C (test_cube_api.py checks the text) but the
simulator does not model sparse Mmads yet: running one stops at its line with that message (it used to end in
an internal "did not compile" error, the simulator's headers lacking the two functions)."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.runtime.errors import KernelError

MESSAGE = ("sparse loads and Mmads (4:2 sparse int8 weights with a 2-bit index) are not modelled by the simulator "
           "yet (sim/CUBE.md); use load_data and mmad on dense int8 data")


@asc.jit(always_compile=True)
def sparse_load(a: asc.GlobalAddress):
    b1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, 1024, 512)
    idx = asc.LocalTensor(asc.uint8, asc.TPosition.B1, 2048, 128)
    b2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 512, 512)
    asc.load_data_with_sparse(b2, b1, idx, asc.LoadData2DParams(repeat_times=1))


@asc.jit(always_compile=True)
def sparse_mmad(a: asc.GlobalAddress):
    a2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 512, 512)
    b2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 512, 512)
    co1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 1024, 256)
    asc.mmad_with_sparse(co1, a2, b2, asc.MmadParams(16, 16, 32))


@pytest.mark.parametrize(("kernel", "api", "line"), [(sparse_load, "load_data_with_sparse", "asc.load_data_with_sparse("),
                                                     (sparse_mmad, "mmad_with_sparse", "asc.mmad_with_sparse(")])
def test_sparse_cube_ops_are_refused_at_their_line(kernel, api: str, line: str) -> None:
    with pytest.raises(KernelError) as info:
        kernel[1](np.zeros(256, dtype=np.float16))
    text = str(info.value)
    assert f"{api}: {MESSAGE}" in text
    assert "test_cube_sparse.py:" in text
    assert line in text
