"""Every API that takes a number takes a numpy scalar too: the fields of the parameter structs and of
AippParams, scalar_cast and printf refused one (np.uint16(2): "must be a number, got uint16"), and
np.bool_(True) was "cannot call 'bool' inside a kernel". The runtime conditional expression and `if`
are in test_conditional_expression_numbers.py."""

from __future__ import annotations

import numpy as np
from conftest import dumped

import asc


@asc.jit
def copy_with_numpy_params(x: asc.GlobalAddress, y: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 64)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, 64)
    s = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.data_copy(s, xg, asc.DataCopyParams(np.uint16(2), np.uint16(1), np.uint16(0), np.int32(0)))
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(yg, s, asc.DataCopyParams(2, 1, 0, 0))


def test_struct_fields_take_numpy_scalars() -> None:
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, np.float32)
    copy_with_numpy_params[1](x, y)
    assert y.tolist() == x[:16].tolist() + [0.0] * 48  # 2 blocks of 32 bytes


@asc.jit
def scalar_cast_of_numpy(h: asc.GlobalAddress):
    hg = asc.GlobalTensor()
    hg.set_global_buffer(h, 2)
    hg.set_value(0, asc.scalar_cast(np.float32(2.7), asc.float16, asc.RoundMode.CAST_FLOOR))
    hg.set_value(1, asc.scalar_cast(np.float64(-2.2), asc.float16, asc.RoundMode.CAST_FLOOR))


def test_scalar_cast_takes_a_numpy_scalar() -> None:
    h = np.zeros(2, np.float16)
    scalar_cast_of_numpy[1](h)
    # the float16 at or below the float32 value
    want = []
    for v in (np.float32(2.7), np.float32(-2.2)):
        r = np.float16(v)
        want.append(float(r if np.float32(r) <= v else np.nextafter(r, np.float16(-np.inf))))
    assert h.tolist() == want


@asc.jit
def printf_of_numpy(x: asc.GlobalAddress):
    asc.printf("i=%d u=%u f=%f\n", np.int32(-7), np.uint32(4000000000), np.float32(1.5))


def test_printf_takes_numpy_scalars(capsys) -> None:
    # "expected a number, got int32" (semantic.python_number_dtype)
    printf_of_numpy[1](np.zeros(1, np.float32))
    assert capsys.readouterr().out == "[block 0] i=-7 u=4000000000 f=1.500000\n"


@asc.jit
def aipp_params(x: asc.GlobalAddress, with_numpy: asc.ConstExpr[bool]):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 16)
    if with_numpy:
        cfg = asc.AippParams(asc.float16, dtc_params=asc.AippDataTypeConvParams(dtc_mean_ch0=np.uint8(200),
                                                                                 dtc_var_ch1=np.float16(0.5)),
                             csc_params=asc.AippColorSpaceConvParams(is_enable_csc=np.bool_(True),
                                                                     csc_matrix_r0_c0=np.int16(-3)))
    else:
        cfg = asc.AippParams(asc.float16, dtc_params=asc.AippDataTypeConvParams(dtc_mean_ch0=200, dtc_var_ch1=0.5),
                             csc_params=asc.AippColorSpaceConvParams(is_enable_csc=True, csc_matrix_r0_c0=-3))
    asc.set_aipp_functions(g, asc.AippInputFormat.RGB888_U8, cfg)


def test_aipp_params_take_numpy_scalars(tmp_path, monkeypatch) -> None:
    # "must be a number, got np.uint8(200)"; np.bool_(True): "cannot call 'bool' inside a kernel"
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path / "numpy"))
    aipp_params[1](np.zeros(16, np.uint8), True)
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path / "python"))
    aipp_params[1](np.zeros(16, np.uint8), False)
    cpp = [[line for line in (dumped(tmp_path / d, "aipp_params") / "ascendc.cpp").read_text().splitlines()
            if not line.startswith("#line")] for d in ("numpy", "python")]  # the same C++ but for the lines
    assert any("200" in line for line in cpp[1]) and cpp[0] == cpp[1]
