"""GatherMask (tensor and built-in patterns, normal and counter mode) against numpy, and its errors."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError

pytestmark = pytest.mark.values("data_copy", "gather_mask", "get_gather_mask_remain_count")

N = 1024  # source / destination elements
P = 512   # pattern elements


@asc.jit
def gather_mask_kernel(src: asc.GlobalAddress, pattern: asc.GlobalAddress, dst: asc.GlobalAddress,
                       counts: asc.GlobalAddress, builtin: asc.ConstExpr[int], reduce: asc.ConstExpr[bool],
                       mask: int, repeat: int, src0_rep: int, src1_rep: int):
    sg = asc.GlobalTensor()
    pg = asc.GlobalTensor()
    dg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    sg.set_global_buffer(src, N)
    pg.set_global_buffer(pattern, P)
    dg.set_global_buffer(dst, N)
    cg.set_global_buffer(counts, 4)
    s = asc.LocalTensor(src.dtype, asc.TPosition.VECIN, 0, N)
    p = asc.LocalTensor(pattern.dtype, asc.TPosition.VECIN, 65536, P)
    d = asc.LocalTensor(src.dtype, asc.TPosition.VECOUT, 98304, N)
    asc.data_copy(s, sg, N)
    asc.data_copy(p, pg, P)
    asc.data_copy(d, dg, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    params = asc.GatherMaskParams(1, repeat, src0_rep, src1_rep)
    if builtin:
        kept = asc.gather_mask(d, s, builtin, reduce, mask, params)
    else:
        kept = asc.gather_mask(dst=d, src0=s, src1_pattern=p, reduce_mode=reduce, mask=mask, params=params,
                               gather_mask_mode=asc.GatherMaskMode.DEFAULT)
    cg.set_value(0, kept)
    cg.set_value(1, asc.get_gather_mask_remain_count())
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(dg, d, N)


def builtin_bit(pattern: int, e: int) -> bool:
    if pattern == 1:
        return e % 2 == 0
    if pattern == 2:
        return e % 2 == 1
    if 3 <= pattern <= 6:
        return e % 4 == pattern - 3
    return True


def reference(src: np.ndarray, pattern: np.ndarray, builtin: int, reduce: bool, mask: int, repeat: int,
              src0_rep: int, src1_rep: int) -> np.ndarray:
    es = src.itemsize
    per_rep = mask if reduce else 256 // es
    bits = np.unpackbits(pattern.view(np.uint8), bitorder="little")
    out = []
    for r in range(repeat):
        for e in range(per_rep):
            keep = builtin_bit(builtin, e) if builtin else bits[r * src1_rep * 256 + e]
            if keep:
                out.append(src[r * src0_rep * 32 // es + e])
    return np.array(out, dtype=src.dtype)


CASES = [
    # builtin, reduce, mask, repeat, src0_rep, src1_rep
    (0, False, 0, 1, 0, 0),
    (0, False, 0, 3, 8, 1),
    (0, False, 0, 2, 16, 2),
    (1, False, 0, 2, 8, 0),
    (2, False, 0, 1, 0, 0),
    (4, False, 0, 3, 8, 0),
    (6, False, 0, 1, 0, 0),
    (7, False, 0, 2, 8, 0),
    (0, True, 200, 2, 16, 1),
    (0, True, 37, 3, 4, 1),
    (3, True, 150, 2, 10, 0),
]


@pytest.mark.parametrize("dtype,ptype", [(np.float16, np.uint16), (np.int16, np.uint16), (np.uint16, np.uint16),
                                         (np.int32, np.uint32), (np.uint32, np.uint32)])
@pytest.mark.parametrize("case", CASES)
def test_gather_mask_matches_numpy(dtype, ptype, case) -> None:
    builtin, reduce, mask, repeat, src0_rep, src1_rep = case
    rng = np.random.default_rng(zlib.crc32(repr((np.dtype(dtype).name, case)).encode()))
    src = rng.integers(0, 30000, N).astype(dtype)
    pattern = rng.integers(0, np.iinfo(ptype).max, P, dtype=np.uint64).astype(ptype)
    dst = np.full(N, 7, dtype=dtype)
    counts = np.zeros(4, dtype=np.int64)
    if reduce and src.itemsize == 4 and mask > 64:
        src0_rep = max(src0_rep, (mask * 4 + 31) // 32)
    gather_mask_kernel[1](src, pattern, dst, counts, builtin, reduce, mask, repeat, src0_rep, src1_rep)
    want = reference(src, pattern, builtin, reduce, mask, repeat, src0_rep, src1_rep)
    assert counts[0] == len(want)
    assert counts[1] == len(want)
    np.testing.assert_array_equal(dst[:len(want)], want)
    assert (dst[len(want):] == 7).all()


@asc.jit
def bad_gather_mask(x: asc.GlobalAddress, which: asc.ConstExpr[int]):
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 128)
    p16 = asc.LocalTensor(asc.uint16, asc.TPosition.VECIN, 4096, 128)
    p32 = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 8192, 128)
    i16 = asc.LocalTensor(asc.int16, asc.TPosition.VECOUT, 16384, 128)
    params = asc.GatherMaskParams()
    if which == 0:
        asc.gather_mask(t, t, p32, False, 0, params)
    elif which == 1:
        asc.gather_mask(t, t, 9, False, 0, params)
    elif which == 2:
        asc.gather_mask(t, t, p16, False, 0, params)
    elif which == 3:
        asc.gather_mask(i16, t, p16, False, 0, params)
    else:
        asc.gather_mask(t, t, p16, False, 0, 5)


@pytest.mark.parametrize("dtype,which,message", [
    (np.float16, 0, "gather_mask: 'src1_pattern' must hold uint16 bits for float16 elements, but it holds uint32"),
    (np.float16, 1, r"gather_mask: a built-in 'src1_pattern' must be in \[1, 7\] \(1 even, 2 odd, 3-6 the 1st-4th "
                    r"of every 4, 7 all\), but got 9"),
    (np.float32, 2, "gather_mask: 'dst' holds float32, but gather_mask supports int16, uint16, int32, uint32, "
                    "float16, bfloat16 on Ascend 910B/910C"),
    (np.float16, 3, "gather_mask: 'src0' holds float16 but 'dst' holds int16; element types must match"),
    (np.float16, 4, "no overload of gather_mask"),
])
def test_gather_mask_errors(dtype, which: int, message: str) -> None:
    x = np.zeros(128, dtype=dtype)
    with pytest.raises(CompileError, match=message):
        bad_gather_mask[1](x, which)
