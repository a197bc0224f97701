"""set_fix_pipe_pre_quant_flag: the scale of a CO1 data_copy with a scalar quant mode is the register the call
sets (low 32 bits read as float32, sim/CUBE.md). C = A @ A (32 x 32 x 32, float16 -> float32) is copied to
GM as int8 with QF322B8_PRE: rint(c * scale) saturated to [-128, 127], checked against numpy."""

from __future__ import annotations

import numpy as np
import pytest

import asc


@asc.jit
def square_into_l0c(ga: asc.GlobalTensor, c1: asc.LocalTensor) -> None:
    """C = A @ A of the 32 x 32 float16 A in `ga` into `c1` (CO1, float32), the M -> FIX flag waited: what each
    kernel's Fixpipe reads."""
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 1024)
    asc.data_copy(a1, ga, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 1))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 1024)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 1024)
    for i in range(2):
        asc.load_data(a2[i * 512:], a1, asc.LoadData2DParams(i, 2, 2, 0, 0, False, 0))
        asc.load_data(b2[i * 512:], a1, asc.LoadData2DParams(i, 2, 2, 0, 0, True, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad(c1, a2, b2, asc.MmadParams(32, 32, 32, cmatrix_init_val=True))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)


def _operand() -> np.ndarray:
    return ((np.arange(1024) % 23 - 11) / 4.0).astype(np.float16).reshape(32, 32)


def _square(a: np.ndarray) -> np.ndarray:
    """The K-order float32 sum of exact float16 products (sim/CUBE.md): what square_into_l0c leaves in L0C."""
    s = np.zeros((32, 32), dtype=np.float32)
    af = a.astype(np.float32)
    for k in range(32):
        s = (s + np.outer(af[:, k], af[k, :])).astype(np.float32)
    return s


@asc.jit(always_compile=True)
def quantised_square(a: asc.GlobalAddress, c: asc.GlobalAddress, scale_bits: int):
    ga = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a, 1024)
    gc.set_global_buffer(c, 1024)
    c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 1024)
    square_into_l0c(ga, c1)
    asc.set_fix_pipe_pre_quant_flag(scale_bits)
    asc.data_copy(gc, c1,
                  asc.DataCopyCO12DstParams(32, 32, 32, 32, quant_pre=asc.QuantModes.QF322B8_PRE, nz2nd_en=True))


@pytest.mark.values("set_fix_pipe_pre_quant_flag", "data_copy")
@pytest.mark.parametrize("scale", [0.25, 0.0625])
def test_the_co1_copy_scales_by_the_pre_quant_register(scale: float) -> None:
    a = _operand()
    c = np.full(2048, 99, dtype=np.int8)
    bits = int(np.float32(scale).view(np.uint32))
    quantised_square[1](a, c, bits)
    # The scalar quant mode on the K-order sum.
    s = _square(a)
    ref = np.clip(np.rint(s.astype(np.float64) * scale), -128, 127).astype(np.int8)
    np.testing.assert_array_equal(c[:1024].reshape(32, 32), ref)
    assert (c[1024:] == 99).all()  # only 32 x 32 bytes written


@asc.jit(always_compile=True)
def register_kept_by_unscaled_fixpipe(a: asc.GlobalAddress, y: asc.GlobalAddress, c: asc.GlobalAddress,
                                      scale_bits: int, mode: asc.ConstExpr[int]):
    ga = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a, 1024)
    gy.set_global_buffer(y, 1024)
    gc.set_global_buffer(c, 1024)
    c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 1024)
    square_into_l0c(ga, c1)
    asc.set_fix_pipe_pre_quant_flag(scale_bits)
    # A Fixpipe whose mode has no scalar scale does not load the register from its (unused) deq_scalar.
    asc.fixpipe(gy, c1, asc.FixpipeParamsV220(32, 32, 32, 32, asc.QuantModes(mode)))
    asc.data_copy(gc, c1,
                  asc.DataCopyCO12DstParams(32, 32, 32, 32, quant_pre=asc.QuantModes.QF322B8_PRE, nz2nd_en=True))


@pytest.mark.values("set_fix_pipe_pre_quant_flag", "fixpipe")
@pytest.mark.parametrize(("mode", "y_dtype"), [(asc.QuantModes.NoQuant, np.float32),
                                               (asc.QuantModes.F322F16, np.float16)], ids=["NoQuant", "F322F16"])
def test_a_fixpipe_without_a_scalar_scale_keeps_the_register(mode, y_dtype) -> None:
    a = _operand()
    y = np.zeros(1024, dtype=y_dtype)
    c = np.full(1024, 99, dtype=np.int8)
    register_kept_by_unscaled_fixpipe[1](a, y, c, int(np.float32(0.25).view(np.uint32)), int(mode))
    s = _square(a)
    np.testing.assert_array_equal(y.reshape(32, 32), s.astype(y_dtype))
    np.testing.assert_array_equal(c.reshape(32, 32), np.clip(np.rint(s.astype(np.float64) * 0.25), -128, 127))
