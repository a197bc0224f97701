"""compare_scalar in its L0 (`mask: int`) and L1 (`mask: List[int]`) forms, through real kernels on the
simulator, bit-exact against numpy: float16, float32 and int32 (EQ only) sources, continuous and bit
masks, the mask register (`is_set_mask=False`), repeats and source strides, plus the errors."""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.codegen.errors import CompileError

pytestmark = pytest.mark.values("compare_scalar", "data_copy", "set_vector_mask")

N_BYTES = 256  # the bit-mask destination: up to 8 repeats of 256 bits
FILL = 0xA5    # destination bytes no repeat writes keep this value

MODES = ("LT", "GT", "EQ", "LE", "GE", "NE")
NUMPY = {"LT": np.less, "GT": np.greater, "EQ": np.equal, "LE": np.less_equal, "GE": np.greater_equal,
         "NE": np.not_equal}


@asc.jit
def cmps_kernel(x: asc.GlobalAddress, k: asc.GlobalAddress, s, n: int, mask: int, hi: int, repeat: int,
                src_blk: int, src_rep: int, form: asc.ConstExpr[int], mode: asc.ConstExpr[int]):
    """Loads x and the old bit-mask destination k; runs one masked compare_scalar form; stores k."""
    xg = asc.GlobalTensor()
    kg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    kg.set_global_buffer(k, 256)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    m = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 131072, 256)
    asc.data_copy(a, xg, n)
    asc.data_copy(m, kg, 256)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    params = asc.UnaryRepeatParams(1, src_blk, 8, src_rep)
    cmp = asc.CMPMODE.EQ
    if mode == 0:
        cmp = asc.CMPMODE.LT
    elif mode == 1:
        cmp = asc.CMPMODE.GT
    elif mode == 3:
        cmp = asc.CMPMODE.LE
    elif mode == 4:
        cmp = asc.CMPMODE.GE
    elif mode == 5:
        cmp = asc.CMPMODE.NE
    if form == 0:  # L0, positional
        asc.compare_scalar(m, a, s, cmp, mask, repeat, params)
    elif form == 1:  # L1, positional
        asc.compare_scalar(m, a, s, cmp, [mask, hi], repeat, params)
    elif form == 2:  # L1 by keyword, one mask word
        asc.compare_scalar(dst=m, src0=a, src1_scalar=s, cmp_mode=cmp, mask=[mask], repeat_times=repeat,
                           repeat_params=params, is_set_mask=True)
    elif form == 3:  # L0, the mask register (is_set_mask=False): the mask operand is ignored
        asc.set_vector_mask(hi, mask, x.dtype)
        asc.compare_scalar(m, a, s, cmp, 1, repeat, params, False)
    else:  # L1, the mask register, by keyword
        asc.set_vector_mask(hi, mask, dtype=x.dtype)
        asc.compare_scalar(m, a, s, cmp, mask=[1, 0], repeat_times=repeat, repeat_params=params,
                           is_set_mask=False)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(kg, m, 256)


def expected(x: np.ndarray, s, mode: str, lane_on, repeat: int, src_blk: int, src_rep: int) -> np.ndarray:
    """The destination bytes: repeat r's P bits at byte r·P/8, masked-off lanes 0, the rest untouched."""
    es = x.dtype.itemsize
    lanes, per_block = 256 // es, 32 // es
    out = np.full(N_BYTES, FILL, dtype=np.uint8)
    for r in range(repeat):
        bits = np.zeros(lanes, dtype=bool)
        for e in range(lanes):
            if lane_on(e):
                v = x[(r * src_rep + (e // per_block) * src_blk) * per_block + e % per_block]
                bits[e] = NUMPY[mode](v, s)
        out[r * lanes // 8:(r + 1) * lanes // 8] = np.packbits(bits, bitorder="little")
    return out


def run(dtype, s, mode: str, form: int, mask: int, hi: int, repeat: int, src_blk: int, src_rep: int,
        seed: int) -> None:
    rng = np.random.default_rng(seed)
    es = np.dtype(dtype).itemsize
    per_block = 32 // es
    # enough source elements for the strided reads of every repeat (and at least one 32-B block)
    n = max(((repeat - 1) * src_rep + 7 * src_blk + 1) * per_block, per_block)
    n = -(-n // per_block) * per_block
    if dtype == np.int32:
        x = rng.integers(-3, 4, n).astype(dtype)
    else:
        x = (rng.integers(-8, 9, n) / 4).astype(dtype)  # many exact ties with the scalar
        x[rng.integers(0, n, 3)] = np.nan
    k = np.full(N_BYTES, FILL, dtype=np.uint8)
    cmps_kernel[1, rt.current_stream()](x, k, dtype(s), n, np.uint64(mask), np.uint64(hi), repeat, src_blk,
                                         src_rep, form, MODES.index(mode))
    lanes = 256 // es
    if form == 0:
        def lane_on(e: int) -> bool:
            return e < mask
    else:
        words = [mask, hi] if form in (1, 3, 4) else [mask, 0]
        if es == 4:
            words[1] = 0  # 32-bit elements use the low word only

        def lane_on(e: int) -> bool:
            return bool((words[e // 64] >> (e % 64)) & 1) and e < lanes
    want = expected(x, dtype(s), mode, lane_on, repeat, src_blk, src_rep)
    np.testing.assert_array_equal(k, want)


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
@pytest.mark.parametrize("mode", MODES)
def test_compare_scalar_l0_every_mode(dtype, mode):
    lanes = 256 // np.dtype(dtype).itemsize
    run(dtype, 0.5, mode, form=0, mask=lanes - 3, hi=0, repeat=3, src_blk=1, src_rep=8, seed=MODES.index(mode))


@pytest.mark.parametrize("dtype,mask,repeat,src_blk,src_rep", [
    (np.float16, 1, 1, 1, 8), (np.float16, 128, 8, 1, 8), (np.float16, 77, 4, 2, 16), (np.float16, 100, 3, 1, 0),
    (np.float32, 1, 2, 1, 8), (np.float32, 64, 8, 1, 8), (np.float32, 33, 5, 3, 24), (np.float32, 50, 2, 1, 4),
    (np.int32, 64, 3, 1, 8), (np.int32, 17, 2, 2, 16),
])
def test_compare_scalar_l0_masks_repeats_strides(dtype, mask, repeat, src_blk, src_rep):
    mode = "EQ" if dtype == np.int32 else "GE"
    run(dtype, 1, mode, form=0, mask=mask, hi=0, repeat=repeat, src_blk=src_blk, src_rep=src_rep, seed=mask)


BITS = [
    (0x5555_5555_5555_5555, 0x8000_0000_0000_0001),
    (0xFFFF_FFFF_FFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFF),
    (0x0000_0000_0000_0001, 0x0000_0000_0000_0000),
    (0x0123_4567_89AB_CDEF, 0xF0F0_0000_0F0F_0001),
]


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.int32])
@pytest.mark.parametrize("lo,hi", BITS)
@pytest.mark.parametrize("form", [1, 2])
def test_compare_scalar_l1_bit_masks(dtype, lo, hi, form):
    mode = "EQ" if dtype == np.int32 else "LT"
    run(dtype, -1, mode, form=form, mask=lo, hi=hi, repeat=3, src_blk=2, src_rep=17, seed=lo & 0xFFFF)


@pytest.mark.parametrize("dtype,lo,hi,form", [
    (np.float16, 0x00FF_00FF_00FF_00FF, 0xFFFF_0000_0000_FFFF, 3),
    (np.float16, 0x8000_0000_0000_0000, 0x0000_0000_0000_0001, 4),
    (np.float32, 0xDEAD_BEEF_0000_FFFF, 0, 3),
    (np.float32, 0x0000_0000_FFFF_FFFF, 0, 4),
])
def test_compare_scalar_mask_register(dtype, lo, hi, form):
    """is_set_mask=False: the lanes come from asc.set_vector_mask, the mask operand is ignored."""
    run(dtype, 0.25, "NE", form=form, mask=lo, hi=hi, repeat=2, src_blk=1, src_rep=8, seed=form)


@asc.jit
def bad_cmps(x: asc.GlobalAddress, which: asc.ConstExpr[int]):
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 128)
    m = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 4096, 256)
    params = asc.UnaryRepeatParams()
    if which == 0:
        asc.compare_scalar(m, a, 1, asc.CMPMODE.LT, 64, 1, params)
    elif which == 1:
        asc.compare_scalar(m, a, 1.0, asc.CMPMODE.LT, [1, 2, 3], 1, params)
    elif which == 2:
        asc.compare_scalar(m, a, 1.0, asc.CMPMODE.LT, 64, 1, asc.BinaryRepeatParams())
    else:
        asc.compare_scalar(m, a, 1.0, asc.CMPMODE.LT, mask=[1, 0], repeat_times=1, params=params)


@pytest.mark.parametrize("dtype,which,message", [
    (np.int32, 0, "compare_scalar: int32 sources support only CMPMODE.EQ on Ascend 910B/910C, but 'cmp_mode' is "
                  "CMPMODE.LT"),
    (np.float32, 1, "compare_scalar: a bit mask is a list of one or two 64-bit words, got 3"),
    (np.float16, 2, r"no overload of compare_scalar\(\) matches"),
    (np.float16, 3, "compare_scalar\\(\\) got an unexpected keyword argument 'params'"),
])
def test_compare_scalar_form_errors(dtype, which: int, message: str) -> None:
    x = np.zeros(128, dtype=dtype)
    with pytest.raises(CompileError, match=message):
        bad_cmps[1](x, which)
