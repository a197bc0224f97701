"""data_copy(GlobalTensor, VECOUT LocalTensor, Nz2NdParamsFull): NZ -> ND from the Unified Buffer to GM on a
vector core (MTE3), against a numpy model of the layout (sim/CUBE.md "DataCopy NZ -> ND"): matrix i of nd_num
starts src_nd_matrix_stride * 256 elements into the source, its column block c (16 columns) src_n_stride * 16
elements after block c - 1, row r of a block 16 elements after row r - 1; output row r of matrix i is written at
i * dst_nd_matrix_stride + r * dst_d_stride elements, d_value elements long."""

from __future__ import annotations

import numpy as np
import pytest

import asc

SRC = 3072  # source elements staged in UB


@asc.jit(always_compile=True)
def nz_to_nd(src: asc.GlobalAddress, dst: asc.GlobalAddress, nd_num: int, n_value: int, d_value: int,
             src_nd: int, src_n: int, dst_d: int, dst_nd: int, out_len: int):
    gs = asc.GlobalTensor()
    gd = asc.GlobalTensor()
    gs.set_global_buffer(src, SRC)
    gd.set_global_buffer(dst, out_len)
    x = asc.LocalTensor(gs.dtype, asc.TPosition.VECIN, 0, SRC)
    y = asc.LocalTensor(gs.dtype, asc.TPosition.VECOUT, 0, SRC)  # the same UB bytes
    asc.data_copy(x, gs, SRC)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(gd, y, asc.Nz2NdParamsFull(nd_num, n_value, d_value, src_nd, src_n, dst_d, dst_nd))


def model(src: np.ndarray, out: np.ndarray, nd_num: int, n_value: int, d_value: int, src_nd: int, src_n: int,
          dst_d: int, dst_nd: int) -> np.ndarray:
    want = out.copy()
    for i in range(nd_num):
        for r in range(n_value):
            for c in range(d_value // 16):
                s = i * src_nd * 256 + c * src_n * 16 + r * 16
                d = i * dst_nd + r * dst_d + c * 16
                want[d:d + 16] = src[s:s + 16]
    return want


@pytest.mark.values("data_copy")
@pytest.mark.parametrize(("dtype", "shape"), [
    (np.float16, (2, 20, 48, 6, 32, 64, 1380)),  # two 20 x 48 matrices, padded blocks, wider output rows
    (np.float32, (1, 16, 32, 1, 16, 32, 512)),
    (np.int16, (3, 8, 16, 2, 8, 16, 200)),
    (np.int32, (1, 5, 64, 1, 5, 70, 1)),
], ids=["f16", "f32", "i16", "i32"])
def test_nz_to_nd_from_ub_matches_the_layout_model(dtype, shape) -> None:
    nd_num, n_value, d_value, src_nd, src_n, dst_d, dst_nd = shape
    src = (np.arange(SRC) % 1000).astype(dtype)
    out_len = (nd_num - 1) * dst_nd + (n_value - 1) * dst_d + d_value + 16
    out = np.full(out_len, -1, dtype=dtype)
    want = model(src, out, *shape)
    nz_to_nd[1](src, out, nd_num, n_value, d_value, src_nd, src_n, dst_d, dst_nd, out_len)
    np.testing.assert_array_equal(out, want)


def test_a_runtime_d_value_not_a_multiple_of_16_is_an_error_at_the_line() -> None:
    src = np.zeros(SRC, dtype=np.float16)
    with pytest.raises(asc.runtime.errors.KernelError) as info:
        nz_to_nd[1](src, np.zeros(64, dtype=np.float16), 1, 2, 20, 1, 2, 20, 1, 64)
    text = str(info.value)
    assert "data_copy: 'd_value' must be a multiple of 16, got 20" in text
    assert "asc.data_copy(gd, y, asc.Nz2NdParamsFull(" in text
