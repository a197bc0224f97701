"""Compat: pyasc `kernels/test_bilinear_interpolation.py` (§4.2) — f16 `bilinear_interpolation` L0 form with a
uint32 block-offset tensor and a uint8 TBuf scratch, numpy arrays."""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt

SRC0_LEN = 512  # 32 blocks of 16 halves
H_REPEAT = 2
V_REPEAT = 2
V_R_OFFSET = 128
OFFSET_LEN = 8 * H_REPEAT * V_REPEAT
WEIGHT_LEN = 16  # one weight per horizontal iteration (repeat_mode=False), padded to a 32-B block
DST_LEN = V_REPEAT * V_R_OFFSET


@asc.jit
def bilinear_kernel(src0: asc.GlobalAddress, offsets: asc.GlobalAddress, weights: asc.GlobalAddress,
                    dst: asc.GlobalAddress, mask: asc.ConstExpr[int]):
    src0_gm = asc.GlobalTensor()
    offset_gm = asc.GlobalTensor()
    weight_gm = asc.GlobalTensor()
    dst_gm = asc.GlobalTensor()
    src0_gm.set_global_buffer(src0, SRC0_LEN)
    offset_gm.set_global_buffer(offsets, OFFSET_LEN)
    weight_gm.set_global_buffer(weights, WEIGHT_LEN)
    dst_gm.set_global_buffer(dst, DST_LEN)

    pipe = asc.TPipe()
    in_src0 = asc.TQue(asc.TPosition.VECIN, 1)
    in_offset = asc.TQue(asc.TPosition.VECIN, 1)
    in_weight = asc.TQue(asc.TPosition.VECIN, 1)
    out_dst = asc.TQue(asc.TPosition.VECOUT, 1)
    tmp_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que=in_src0, num=1, len=SRC0_LEN * asc.half.sizeof())
    pipe.init_buffer(que=in_offset, num=1, len=OFFSET_LEN * asc.uint32.sizeof())
    pipe.init_buffer(que=in_weight, num=1, len=WEIGHT_LEN * asc.half.sizeof())
    pipe.init_buffer(que=out_dst, num=1, len=DST_LEN * asc.half.sizeof())
    pipe.init_buffer(tmp_buf, 1024)

    src0_local = in_src0.alloc_tensor(asc.half)
    offset_local = in_offset.alloc_tensor(asc.uint32)
    weight_local = in_weight.alloc_tensor(asc.half)
    asc.data_copy(src0_local, src0_gm, SRC0_LEN)
    asc.data_copy(offset_local, offset_gm, OFFSET_LEN)
    asc.data_copy(weight_local, weight_gm, WEIGHT_LEN)
    in_src0.enque(src0_local)
    in_offset.enque(offset_local)
    in_weight.enque(weight_local)

    src0_local = in_src0.deque(asc.half)
    offset_local = in_offset.deque(asc.uint32)
    weight_local = in_weight.deque(asc.half)
    dst_local = out_dst.alloc_tensor(asc.half)
    tmp = tmp_buf.get(asc.uint8, 1024)
    asc.bilinear_interpolation(dst_local, src0_local, offset_local, weight_local, mask, H_REPEAT, False, 1,
                               V_R_OFFSET, V_REPEAT, tmp)
    out_dst.enque(dst_local)
    in_src0.free_tensor(src0_local)
    in_offset.free_tensor(offset_local)
    in_weight.free_tensor(weight_local)

    dst_local = out_dst.deque(asc.half)
    asc.data_copy(dst_gm, dst_local, DST_LEN)
    out_dst.free_tensor(dst_local)


def reference(src0: np.ndarray, offsets: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Each of the 8 result blocks of vertical step v accumulates src0 blocks times weights over the horizontal
    steps; every product and partial sum is rounded to half."""
    out = np.zeros(DST_LEN, dtype=np.float16)
    for v in range(V_REPEAT):
        for b in range(8):
            acc = None
            for h in range(H_REPEAT):
                k = v * H_REPEAT + h
                start = int(offsets[8 * k + b]) // 2
                prod = (src0[start:start + 16].astype(np.float64) * np.float64(weights[k])).astype(np.float16)
                acc = prod if acc is None else (acc.astype(np.float64) + prod.astype(np.float64)).astype(np.float16)
            out[v * V_R_OFFSET + b * 16:v * V_R_OFFSET + b * 16 + 16] = acc
    return out


@pytest.mark.parametrize("seed", [0, 1])
def test_bilinear_interpolation(seed: int) -> None:
    rng = np.random.default_rng(seed)
    src0 = rng.uniform(-2, 2, SRC0_LEN).astype(np.float16)
    offsets = (rng.integers(0, SRC0_LEN // 16, OFFSET_LEN) * 32).astype(np.uint32)  # 32-B aligned byte offsets
    weights = rng.uniform(0, 1, WEIGHT_LEN).astype(np.float16)
    dst = np.zeros(DST_LEN, dtype=np.float16)
    bilinear_kernel[1, rt.current_stream()](src0, offsets, weights, dst, 128)
    expected = reference(src0, offsets, weights)
    # Lanes outside the 8 blocks of each vertical step are never written by the instruction.
    written = np.zeros(DST_LEN, dtype=bool)
    for v in range(V_REPEAT):
        written[v * V_R_OFFSET:v * V_R_OFFSET + 128] = True
    np.testing.assert_array_equal(dst[written], expected[written])
