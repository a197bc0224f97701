"""Fixpipe and the CO1 data_copy with the quantisation modes beyond QF322B8_PRE (test_cube_pre_quant.py), against
numpy (sim/CUBE.md "Fixpipe"): the scale is the low 32 bits of a uint64 word read as float32 — deq_scalar for
DEQF16 / REQ8 / QF322B8_PRE, one word per output channel from an L1 cbuf workspace for VDEQF16 / VREQ8 /
VQF322B8_PRE; int8 / uint8 results are rint(x * scale) saturated, float16 x * scale rounded once; F322BF16 rounds
to nearest even. ND (CFG_ROW_MAJOR) and NZ (CFG_NZ, 32 int8 or 16 float16 columns per block) outputs."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import asc

M, K, N = 32, 64, 64
Q = asc.QuantModes


@asc.jit(always_compile=True)
def int_gemm_quant(a: asc.GlobalAddress, bt: asc.GlobalAddress, ws: asc.GlobalAddress, c: asc.GlobalAddress,
                   mode: asc.ConstExpr[int], deq: int, vec: asc.ConstExpr[bool], nz: asc.ConstExpr[bool]):
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gw = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a, M * K)
    gb.set_global_buffer(bt, K * N)
    gw.set_global_buffer(ws, N)
    gc.set_global_buffer(c, M * N)
    a1 = asc.LocalTensor(asc.int8, asc.TPosition.A1, 0, M * K)
    b1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, 8192, K * N)
    w1 = asc.LocalTensor(asc.uint64, asc.TPosition.C1, 16384, N)
    asc.data_copy(a1, ga, asc.Nd2NzParams(1, M, K, 0, K, M, 1, 1))
    asc.data_copy(b1, gb, asc.Nd2NzParams(1, N, K, 0, K, N, 1, 1))  # B^T in NZ is B in Zn
    asc.data_copy(w1, gw, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    a2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 0, M * K)
    b2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 0, K * N)
    for i in range(M // 16):
        asc.load_data(a2[i * K * 16:], a1, asc.LoadData2DParams(i, K // 32, M // 16, 0, 0, False, 0))
    asc.load_data(b2, b1, asc.LoadData2DParams(0, (K // 32) * (N // 16), 1))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    c1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, M * N)
    asc.mmad(c1, a2, b2, asc.MmadParams(M, N, K))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    cfg = asc.FixpipeConfig.cfg_nz() if nz else asc.FixpipeConfig.cfg_row_major()
    params = asc.FixpipeParamsV220(N, M, M, M if nz else N, Q(mode), deq)  # NZ: dst_stride in 32-B rows
    if vec:
        asc.fixpipe(gc, c1, w1, params, cfg)
    else:
        asc.fixpipe(gc, c1, params, cfg)


def _bits(scale: float) -> int:
    return int(np.float32(scale).view(np.uint32))


def _int_operands():
    rng = np.random.default_rng(7)
    a = rng.integers(-6, 7, (M, K)).astype(np.int8)
    b = rng.integers(-6, 7, (K, N)).astype(np.int8)
    scales = ((np.arange(N) % 7 + 1) / 16.0).astype(np.float32)
    return a, b, scales


@pytest.mark.values("fixpipe")
@pytest.mark.parametrize("nz", [False, True], ids=["nd", "nz"])
@pytest.mark.parametrize(("mode", "vec", "dtype"), [
    (Q.DEQF16, False, np.float16), (Q.VDEQF16, True, np.float16), (Q.REQ8, False, np.int8),
    (Q.VREQ8, True, np.int8), (Q.VREQ8, True, np.uint8)], ids=["DEQF16", "VDEQF16", "REQ8", "VREQ8", "VREQ8_u8"])
def test_int32_quant_modes_match_numpy(mode, vec: bool, dtype, nz: bool) -> None:
    a, b, scales = _int_operands()
    acc = (a.astype(np.int32) @ b.astype(np.int32)).astype(np.float32)
    scale = scales if vec else np.full(N, np.float32(0.375))
    ws = np.array([_bits(s) for s in scales], dtype=np.uint64)
    c = np.zeros(M * N, dtype=dtype)
    int_gemm_quant[1](a, np.ascontiguousarray(b.T), ws, c, int(mode), _bits(0.375), vec, nz)
    if dtype == np.float16:
        want = (acc * scale).astype(np.float16)
    else:
        lo, hi = (0, 255) if dtype == np.uint8 else (-128, 127)
        want = np.clip(np.rint(acc * scale), lo, hi).astype(dtype)
    if nz:
        c0 = 32 // np.dtype(dtype).itemsize
        want = want.reshape(M, N // c0, c0).transpose(1, 0, 2)
    np.testing.assert_array_equal(c, want.reshape(-1))


@asc.jit(always_compile=True)
def float_square_quant(a: asc.GlobalAddress, ws: asc.GlobalAddress, c: asc.GlobalAddress, mode: asc.ConstExpr[int],
                       deq: int, form: asc.ConstExpr[str]):
    ga = asc.GlobalTensor()
    gw = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a, 1024)
    gw.set_global_buffer(ws, 32)
    gc.set_global_buffer(c, 1024)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 1024)
    w1 = asc.LocalTensor(asc.uint64, asc.TPosition.C1, 16384, 32)
    asc.data_copy(a1, ga, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 1))
    asc.data_copy(w1, gw, 32)
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 1024)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 1024)
    for i in range(2):
        asc.load_data(a2[i * 512:], a1, asc.LoadData2DParams(i, 2, 2, 0, 0, False, 0))
        asc.load_data(b2[i * 512:], a1, asc.LoadData2DParams(i, 2, 2, 0, 0, True, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 1024)
    asc.mmad(c1, a2, b2, asc.MmadParams(32, 32, 32))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    if form == "fixpipe":
        asc.fixpipe(gc, c1, asc.FixpipeParamsV220(32, 32, 32, 32, Q(mode), deq))
    elif form == "workspace":
        asc.fixpipe(gc, c1, w1, asc.FixpipeParamsV220(32, 32, 32, 32, Q(mode), deq))
    else:
        asc.set_fix_pipe_pre_quant_flag(deq)
        asc.data_copy(gc, c1, asc.DataCopyCO12DstParams(32, 32, 32, 32, quant_pre=Q(mode), nz2nd_en=True))


def _square() -> tuple[np.ndarray, np.ndarray]:
    a = ((np.arange(1024) % 23 - 11) / 4.0).astype(np.float16).reshape(32, 32)
    s = np.zeros((32, 32), dtype=np.float32)
    af = a.astype(np.float32)
    for k in range(32):  # the K-order float32 sum of exact products (sim/CUBE.md)
        s = (s + np.outer(af[:, k], af[k, :])).astype(np.float32)
    return a, s


@pytest.mark.values("fixpipe", "data_copy")
@pytest.mark.parametrize(("mode", "form", "dtype"), [
    (Q.QF322B8_PRE, "fixpipe", np.int8), (Q.VQF322B8_PRE, "workspace", np.int8),
    (Q.VQF322B8_PRE, "workspace", np.uint8)], ids=["QF322B8_PRE", "VQF322B8_PRE", "VQF322B8_PRE_u8"])
def test_float32_to_8_bit_quant_modes_match_numpy(mode, form: str, dtype) -> None:
    a, s = _square()
    scales = ((np.arange(32) % 5 + 1) / 8.0).astype(np.float32)
    scale = scales if form == "workspace" else np.float32(0.25)
    c = np.zeros(1024, dtype=dtype)
    float_square_quant[1](a, np.array([_bits(x) for x in scales], np.uint64), c, int(mode), _bits(0.25), form)
    lo, hi = (0, 255) if dtype == np.uint8 else (-128, 127)
    np.testing.assert_array_equal(c.reshape(32, 32), np.clip(np.rint(s.astype(np.float64) * scale), lo, hi))


@pytest.mark.values("fixpipe", "data_copy")
@pytest.mark.parametrize("form", ["fixpipe", "data_copy"])
def test_f322bf16_rounds_to_nearest_even(form: str) -> None:
    a, s = _square()
    c = torch.zeros(1024, dtype=torch.bfloat16)
    float_square_quant[1](a, np.zeros(32, np.uint64), c, int(Q.F322BF16), 0, form)
    want = torch.tensor(s).to(torch.bfloat16).float().numpy()
    np.testing.assert_array_equal(c.float().numpy().reshape(32, 32), want)
