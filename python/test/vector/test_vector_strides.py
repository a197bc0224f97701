"""Stride and base operands that are plain integers in Ascend C (not struct fields), end to end.

`Duplicate` takes `uint16_t dstBlockStride, uint8_t dstRepeatStride` and `Gather` takes
`uint32_t srcBaseAddr, uint16_t dstRepStride` (ascendc_api.md §5.7, §5.8): a constant that does not
fit is a compile error at the call, as for the same fields of the repeat-parameter structs, not a
value silently wrapped by the C++ conversion (a repeat stride of 300 used to become 44). In-range
strides, gapped and overlapping, are checked against numpy.
"""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.codegen.errors import CompileError
from asc.runtime.errors import KernelError

pytestmark = pytest.mark.values("duplicate", "gather")


def launch(kernel, *args):
    kernel[1, rt.current_stream()](*args)


def element_at(dtype, r: int, e: int, blk: int, rep: int) -> int:
    """Index of lane `e` of repeat `r` with block stride `blk` and repeat stride `rep` (in 32-B blocks)."""
    per_block = 32 // np.dtype(dtype).itemsize
    return (r * rep + (e // per_block) * blk) * per_block + e % per_block


@asc.jit
def duplicate_strided(z: asc.GlobalAddress, n: int, mask: int, repeat: int, blk: asc.ConstExpr[int],
                      rep: asc.ConstExpr[int]):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, n)
    c = asc.LocalTensor(z.dtype, asc.TPosition.VECOUT, 0, n)
    asc.data_copy(c, zg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.duplicate(c, 3, mask, repeat, dst_block_stride=blk, dst_repeat_stride=rep)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


@pytest.mark.parametrize("dtype", [np.int16, np.float32])
@pytest.mark.parametrize("blk,rep,repeat", [(1, 8, 3), (2, 16, 2), (3, 5, 3), (1, 255, 2), (1, 0, 2)])
def test_duplicate_block_and_repeat_strides(dtype, blk: int, rep: int, repeat: int) -> None:
    lanes = 256 // np.dtype(dtype).itemsize
    n = 256 * 40 // np.dtype(dtype).itemsize
    mask = lanes - 3
    z = np.arange(n).astype(dtype)
    want = z.copy()
    for r in range(repeat):
        for e in range(mask):
            want[element_at(dtype, r, e, blk, rep)] = 3
    launch(duplicate_strided, z, n, mask, repeat, blk, rep)
    np.testing.assert_array_equal(z, want)


@asc.jit
def gather_strided(x: asc.GlobalAddress, off: asc.GlobalAddress, z: asc.GlobalAddress, n: int, m: int,
                   base: asc.ConstExpr[int], rep: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    og.set_global_buffer(off, m)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    o = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 32768, m)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 65536, n)
    asc.data_copy(a, xg, n)
    asc.data_copy(o, og, m)
    asc.data_copy(c, zg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.gather(c, a, o, base, 20, 2, rep)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


@pytest.mark.parametrize("base,rep", [(0, 8), (64, 3), (32, 20)])
def test_gather_base_and_repeat_stride(base: int, rep: int) -> None:
    n, lanes = 2048, 64
    rng = np.random.default_rng(base + rep)
    x = rng.integers(-1000, 1000, n).astype(np.int32)
    idx = rng.integers(0, 1024, 2 * lanes)
    z = np.full(n, -1, np.int32)
    want = z.copy()
    for r in range(2):
        for e in range(20):
            want[r * rep * 8 + e] = x[idx[r * lanes + e] + base // 4]
    launch(gather_strided, x, (idx * 4).astype(np.uint32), z, n, 2 * lanes, base, rep)
    np.testing.assert_array_equal(z, want)


@pytest.mark.parametrize("blk,rep,message", [
    (1, 300, "duplicate: 'dst_repeat_stride' must be in [0, 255] (uint8_t), but got 300"),
    (1, -1, "duplicate: 'dst_repeat_stride' must be in [0, 255] (uint8_t), but got -1"),
    (65536, 8, "duplicate: 'dst_block_stride' must be in [0, 65535] (uint16_t), but got 65536"),
])
def test_duplicate_stride_out_of_range_is_a_compile_error(blk: int, rep: int, message: str) -> None:
    z = np.zeros(1024, np.float32)
    with pytest.raises(CompileError) as info:
        launch(duplicate_strided, z, 1024, 64, 2, blk, rep)
    text = str(info.value)
    assert message in text
    assert "test_vector_strides.py:42:" in text  # the asc.duplicate line


@pytest.mark.parametrize("base,rep,message", [
    (0, 65536, "gather: 'dst_rep_stride' must be in [0, 65535] (uint16_t), but got 65536"),
    (-4, 8, "gather: 'src_base' must be in [0, 4294967295] (uint32_t), but got -4"),
])
def test_gather_operand_out_of_range_is_a_compile_error(base: int, rep: int, message: str) -> None:
    x = np.zeros(2048, np.int32)
    with pytest.raises(CompileError) as info:
        launch(gather_strided, x, np.zeros(128, np.uint32), x.copy(), 2048, 128, base, rep)
    text = str(info.value)
    assert message in text
    assert "test_vector_strides.py:80:" in text  # the asc.gather line


@asc.jit
def copy_repeat_size(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, dst_rep: int,
                     src_rep: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 65536, n)
    asc.data_copy(a, xg, n)
    asc.data_copy(c, zg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.copy(c, a, 64, 2, asc.CopyRepeatParams(dst_stride=1, src_stride=1, dst_repeat_size=dst_rep,
                                               src_repeat_size=src_rep))
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


def test_copy_repeat_sizes_in_range() -> None:
    n = 4096
    x = np.arange(n, dtype=np.float32)
    z = np.full(n, -1, np.float32)
    want = z.copy()
    want[:64] = x[:64]
    want[9 * 8:9 * 8 + 64] = x[4 * 8:4 * 8 + 64]
    launch(copy_repeat_size, x, z, n, 9, 4)
    np.testing.assert_array_equal(z, want)


def test_copy_repeat_size_out_of_range() -> None:
    """ascendc_api.md §4.2: CopyRepeatParams' repeat sizes are 0-4095 blocks; a constant beyond is a
    compile error, a runtime one a kernel error at the line (both used to run with the large stride)."""
    x = np.zeros(4096, np.float32)
    with pytest.raises(CompileError) as info:
        launch(copy_repeat_size, x, x.copy(), 4096, 8, 4096)
    assert "CopyRepeatParams: 'src_repeat_size' must be in [0, 4095], but got 4096" in str(info.value)
    with pytest.raises(KernelError) as kinfo:
        launch(copy_repeat_size, x, x.copy(), 4096, 4100, 8)
    assert "copy: dst_repeat_size and src_repeat_size must be in [0, 4095], but got 4100 and 8" in str(kinfo.value)
    assert "test_vector_strides.py:141:" in str(kinfo.value)
