"""Gather by byte offsets, Gatherb by 32-byte blocks, and the masked vector Copy, against numpy."""

from __future__ import annotations

import numpy as np
import pytest

import asc

pytestmark = pytest.mark.values("copy", "data_copy", "gather", "gatherb")

N = 256


@asc.jit
def gather_kernel(src: asc.GlobalAddress, offsets: asc.GlobalAddress, dst: asc.GlobalAddress, n: int,
                  base: int, masked: asc.ConstExpr[bool]):
    sg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    dg = asc.GlobalTensor()
    sg.set_global_buffer(src, n)
    og.set_global_buffer(offsets, n)
    dg.set_global_buffer(dst, n)
    s = asc.LocalTensor(src.dtype, asc.TPosition.VECIN, 0, n)
    o = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 65536, n)
    d = asc.LocalTensor(src.dtype, asc.TPosition.VECOUT, 131072, n)
    asc.data_copy(s, sg, n)
    asc.data_copy(o, og, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if masked:
        per_repeat = 256 // src.dtype.sizeof()
        asc.gather(d, s, o, base, per_repeat, n // per_repeat, 8)
    else:
        asc.gather(d, s, o, base, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(dg, d, n)


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32, np.uint16])
@pytest.mark.parametrize("masked", [False, True])
def test_gather_by_byte_offsets(dtype, masked: bool) -> None:
    rng = np.random.default_rng(1)
    src = rng.integers(0, 1000, N).astype(dtype)
    index = rng.integers(0, N // 2, N)
    base_elems = 16
    offsets = (index * np.dtype(dtype).itemsize).astype(np.uint32)
    dst = np.zeros_like(src)
    gather_kernel[1](src, offsets, dst, N, base_elems * np.dtype(dtype).itemsize, masked)
    np.testing.assert_array_equal(dst, src[index + base_elems])


@asc.jit
def copy_kernel(src: asc.GlobalAddress, dst: asc.GlobalAddress, n: int, mask: int, repeat: int):
    sg = asc.GlobalTensor()
    dg = asc.GlobalTensor()
    sg.set_global_buffer(src, n)
    dg.set_global_buffer(dst, n)
    s = asc.LocalTensor(src.dtype, asc.TPosition.VECIN, 0, n)
    d = asc.LocalTensor(src.dtype, asc.TPosition.VECOUT, 65536, n)
    asc.data_copy(s, sg, n)
    asc.data_copy(d, dg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.copy(d, s, mask, repeat, asc.CopyRepeatParams(1, 1, 8, 8))
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(dg, d, n)


@pytest.mark.parametrize("dtype,mask", [(np.float32, 64), (np.float32, 10), (np.float16, 128), (np.float16, 33)])
def test_masked_copy_leaves_masked_off_elements(dtype, mask: int) -> None:
    per_repeat = 256 // np.dtype(dtype).itemsize
    src = np.arange(N, dtype=dtype) + 1
    dst = np.full(N, -1, dtype=dtype)
    copy_kernel[1](src, dst, N, mask, N // per_repeat)
    lane = np.arange(N) % per_repeat
    np.testing.assert_array_equal(dst, np.where(lane < mask, src, -1).astype(dtype))


@asc.jit
def gatherb_kernel(src: asc.GlobalAddress, offsets: asc.GlobalAddress, dst: asc.GlobalAddress, n: int,
                   blocks: int):
    sg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    dg = asc.GlobalTensor()
    sg.set_global_buffer(src, n)
    og.set_global_buffer(offsets, blocks)
    dg.set_global_buffer(dst, n)
    s = asc.LocalTensor(src.dtype, asc.TPosition.VECIN, 0, n)
    o = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 65536, blocks)
    d = asc.LocalTensor(src.dtype, asc.TPosition.VECOUT, 131072, n)
    asc.data_copy(s, sg, n)
    asc.data_copy(o, og, blocks)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.gatherb(d, s, o, blocks // 8, asc.GatherRepeatParams(1, 8))
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(dg, d, n)


@pytest.mark.parametrize("dtype", [np.uint32, np.uint16])
def test_gatherb_moves_32_byte_blocks(dtype) -> None:
    per_block = 32 // np.dtype(dtype).itemsize
    blocks = 32
    n = blocks * per_block
    src = np.arange(n, dtype=dtype)
    order = np.random.default_rng(2).permutation(blocks)
    offsets = (order * 32).astype(np.uint32)
    dst = np.zeros_like(src)
    gatherb_kernel[1](src, offsets, dst, n, blocks)
    np.testing.assert_array_equal(dst.reshape(blocks, per_block), src.reshape(blocks, per_block)[order])
