"""The cube path's Python API (pyasc_api.md §1.5.11, §1.5.10 cross-core flags) and the kernel type
(`@asc.jit(kernel_type=...)`, inferred otherwise): the IR and Ascend C a kernel compiles to, and the
compile errors of bad input at the kernel's line.

The kernels here are compiled, not run: the emitted Ascend C is checked as text (running it is the
simulator's part, python/test/sim).
"""

from __future__ import annotations

import contextlib
import inspect
import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import dumped

import asc
from asc.codegen.errors import CapacityError, CompileError, CompileTypeError, SyncError
from asc.runtime.config import KernelType

JIT = sys.modules["asc.runtime.jit"]
A = np.zeros(256, dtype=np.float16)
C = np.zeros(256, dtype=np.float32)


class _Compiled(Exception):
    """Raised instead of building the emitted C++ (the IR and source are dumped by then)."""


@contextlib.contextmanager
def _no_build(*args, **kwargs):
    raise _Compiled()
    yield  # pragma: no cover


def _compile(kernel, *args, tmp_path: Path, monkeypatch) -> tuple[str, str]:
    """(IR after the passes, Ascend C) of `kernel` compiled for `args`."""
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    monkeypatch.setattr(JIT, "_build", _no_build)
    with pytest.raises(_Compiled):
        kernel[1](*args)
    folder = dumped(tmp_path, kernel.__name__)
    return (folder / "ascir.mlir").read_text(), (folder / "ascendc.cpp").read_text()


def _lines(text: str) -> list[str]:
    """The lines of `text` without #line directives, stripped."""
    return [s.strip() for s in text.splitlines() if s.strip() and not s.startswith("#line")]


def _line_of(kernel, text: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def _error(kernel, *args) -> CompileError:
    with pytest.raises(CompileError) as info:
        kernel[1](*args)
    return info.value


# -- a basic matmul tile: GM -> L1 (ND -> NZ), L1 -> L0A/L0B, Mmad, Fixpipe to GM ---------------------


@asc.jit(always_compile=True)
def matmul_tile(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 256)
    gb = asc.GlobalTensor()
    gb.set_global_buffer(b, 256)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, 256)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 512, 256)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    nd = asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1)
    asc.data_copy(a1, ga, nd)
    asc.data_copy(b1, gb, intri_params=nd)
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, 0, 0, 0, False, 0))
    asc.load_data(b2, b1, asc.LoadData2DParams(repeat_times=1, if_transpose=True))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad(co1, a2, b2, asc.MmadParams(16, 16, 16))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(gc, co1, asc.FixpipeParamsV220(16, 16, 16, 16))
    asc.fixpipe(gc, co1, asc.FixpipeParamsV220(16, 16, 16, 16), config=asc.FixpipeConfig.cfg_nz())


def test_matmul_tile_ir_and_ascendc(tmp_path: Path, monkeypatch) -> None:
    ir, cpp = _compile(matmul_tile, A, A, C, tmp_path=tmp_path, monkeypatch=monkeypatch)
    ops = [line for line in _lines(ir) if line.startswith(("asc.data_copy", "asc.load_data", "asc.mmad",
                                                             "asc.fixpipe"))]
    assert ops == [
        "asc.data_copy_nd2nz %3, %0, %8 : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.nd2nz_params",
        "asc.data_copy_nd2nz %4, %1, %8 : !asc.local_tensor<b1, f16>, !asc.global_tensor<f16>, !asc.nd2nz_params",
        "asc.load_data_2d %5, %3, %9 : !asc.local_tensor<a2, f16>, !asc.local_tensor<a1, f16>, "
        "!asc.load_data_2d_params",
        "asc.load_data_2d %6, %4, %10 : !asc.local_tensor<b2, f16>, !asc.local_tensor<b1, f16>, "
        "!asc.load_data_2d_params",
        "asc.mmad %7, %5, %6, %11 : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, "
        "!asc.local_tensor<b2, f16>, !asc.mmad_params",
        "asc.fixpipe %2, %7, %12 : !asc.global_tensor<f32>, !asc.local_tensor<co1, f32>, !asc.fixpipe_params_v220",
        "asc.fixpipe %2, %7, %12 {config = #asc<co2_layout nz>} : !asc.global_tensor<f32>, "
        "!asc.local_tensor<co1, f32>, !asc.fixpipe_params_v220",
    ]
    assert "attributes {asc.kernel, asc.kernel_type = #asc<kernel_type aic_only>}" in ir
    body = _lines(cpp)
    # The kernel declares its type first; the simulator's entry exports it.
    assert body[body.index(next(s for s in body if s.startswith('extern "C"'))) + 1] == \
        "KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);"
    assert body[-3:] == ["ASCSIM_ENTRY(pyasc_matmul_tile)", "ASCSIM_KERNEL_TYPE(KERNEL_TYPE_AIC_ONLY)", "#endif"]
    for line in ["AscendC::Nd2NzParams nd(1, 16, 16, 0, 16, 16, 1, 1);",
                 "AscendC::DataCopy(a1, ga, nd);",
                 "AscendC::DataCopy(b1, gb, nd);",
                 "AscendC::LoadData2DParams v1(0, 1, 0, 0, 0, false, 0);",
                 "AscendC::LoadData(a2, a1, v1);",
                 "AscendC::LoadData2DParams v2(0, 1, 0, 0, 0, true, 0);",
                 "AscendC::MmadParams v3;", "v3.m = 16;", "v3.n = 16;", "v3.k = 16;",
                 "AscendC::Mmad(co1, a2, b2, v3);",
                 "AscendC::FixpipeParamsV220 v4(16, 16, 16, 16, false, QuantMode_t::NoQuant, 0, 1, 0, 0, 0, false);",
                 "AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(gc, co1, v4);",
                 "AscendC::Fixpipe<float, float, AscendC::CFG_NZ>(gc, co1, v4);"]:
        assert line in body, line


@asc.jit(always_compile=True)
def cube_forms(a: asc.GlobalAddress, c: asc.GlobalAddress):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 256)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, 256)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    b1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, 1024, 512)
    idx = asc.LocalTensor(asc.uint8, asc.TPosition.B1, 2048, 128)
    ws = asc.LocalTensor(asc.uint64, asc.TPosition.C1, 4096, 16)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
    a2i = asc.LocalTensor(asc.int8, asc.TPosition.A2, 512, 512)
    b2i = asc.LocalTensor(asc.int8, asc.TPosition.B2, 512, 512)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    co1i = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 1024, 256)
    bias = asc.LocalTensor(asc.float32, asc.TPosition.C2, 0, 16)
    asc.load_data_with_transpose(b2, a1, asc.LoadData2dTransposeParams(0, 1, 0, 0, 0, 0))
    asc.load_data_with_transpose(b2, a1, asc.LoadData2dTransposeParamsV2(repeat_times=1, src_frac_gap=2))
    asc.load_data_with_sparse(b2i, b1, idx, asc.LoadData2DParams(repeat_times=2))
    asc.set_load_data_boundary(2048)
    asc.set_load_data_padding_value(np.float16(1.5))
    asc.set_load_data_repeat(asc.LoadDataRepeatParam(2, 16, 1))
    asc.load_data(a2, a1, asc.LoadData3DParamsV2([0, 0, 1, 1], 4, 4, 16, 16, 16, 0, 0, 1, 1, 3, 3, 1, 1,
                                                  False, np.float16(0)))
    asc.init_const_value(a2, asc.InitConstValueParams(1, 2, 0, np.float16(0)))
    asc.mmad(co1, a2, b2, bias, asc.MmadParams(16, 16, 16, cmatrix_init_val=False))
    asc.mmad_with_sparse(co1i, a2i, b2i, asc.MmadParams(16, 16, 32))
    asc.set_fix_pipe_pre_quant_flag(0x3F800000)
    asc.fixpipe(ga, co1i, ws, asc.FixpipeParamsV220(16, 16, 16, 16, asc.QuantModes.VDEQF16))
    asc.data_copy(gc, co1, asc.DataCopyCO12DstParams(16, 16, 16, 16, nz2nd_en=True))


def test_cube_forms_ascendc(tmp_path: Path, monkeypatch) -> None:
    _ir, cpp = _compile(cube_forms, A, C, tmp_path=tmp_path, monkeypatch=monkeypatch)
    body = _lines(cpp)
    start = body.index("AscendC::LoadData2dTransposeParams v1(0, 1, 0, 0, 0, 0);")
    assert body[start:body.index("}", start)] == [
        "AscendC::LoadData2dTransposeParams v1(0, 1, 0, 0, 0, 0);",
        "AscendC::LoadDataWithTranspose(b2, a1, v1);",
        "AscendC::LoadData2dTransposeParamsV2 v2(0, 1, 0, 0, 0, 2, 0);",
        "AscendC::LoadDataWithTranspose(b2, a1, v2);",
        "AscendC::LoadData2DParams v3(0, 2, 0, 0, 0, false, 0);",
        "AscendC::LoadDataWithSparse(b2i, b1, idx, v3);",
        "AscendC::SetLoadDataBoundary(2048);",
        "AscendC::SetLoadDataPaddingValue<half>(static_cast<half>(1.5f));",
        "AscendC::LoadDataRepeatParam v4(16, 2, 1);",
        "AscendC::SetLoadDataRepeat(v4);",
        "uint8_t pad_list[4] = {0, 0, 1, 1};",
        "AscendC::LoadData3DParamsV2<half> v5(pad_list, 4, 4, 16, 16, 16, 0, 0, 1, 1, 3, 3, 1, 1, false, false, "
        "static_cast<half>(0.0f), false, false, false);",
        "AscendC::LoadData(a2, a1, v5);",
        "AscendC::InitConstValueParams<half> v6(1, 2, 0, static_cast<half>(0.0f));",
        "AscendC::InitConstValue(a2, v6);",
        "AscendC::MmadParams v7;", "v7.m = 16;", "v7.n = 16;", "v7.k = 16;", "v7.cmatrixInitVal = false;",
        "AscendC::Mmad(co1, a2, b2, bias, v7);",
        "AscendC::MmadParams v8;", "v8.m = 16;", "v8.n = 16;", "v8.k = 32;",
        "AscendC::MmadWithSparse(co1i, a2i, b2i, v8);",
        "AscendC::SetFixpipePreQuantFlag(1065353216);",
        "AscendC::FixpipeParamsV220 v9(16, 16, 16, 16, false, QuantMode_t::VDEQF16, 0, 1, 0, 0, 0, false);",
        "AscendC::Fixpipe<half, int32_t, AscendC::CFG_ROW_MAJOR>(ga, co1i, ws, v9);",
        "AscendC::DataCopyCO12DstParams v10(16, 16, 16, 16, QuantMode_t::NoQuant, 0, false, true);",
        "AscendC::DataCopy(gc, co1, v10);",
    ]


# -- kernel types -------------------------------------------------------------------------------------


@asc.jit(always_compile=True)
def cube_and_vector(a: asc.GlobalAddress, c: asc.GlobalAddress):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 256)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, 256)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    asc.data_copy(a1, ga, asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1))
    x = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    asc.data_copy(x, ga, 256)
    asc.cross_core_set_flag(3, 2, asc.PipeID.PIPE_MTE2)
    asc.cross_core_wait_flag(3, mode_id=2, pipe=asc.PipeID.PIPE_S)


def test_cube_and_vector_make_a_mix_kernel(tmp_path: Path, monkeypatch) -> None:
    ir, cpp = _compile(cube_and_vector, A, C, tmp_path=tmp_path, monkeypatch=monkeypatch)
    assert "asc.kernel_type = #asc<kernel_type mix_aic_1_2>" in ir
    body = _lines(cpp)
    assert "KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);" in body
    assert "ASCSIM_KERNEL_TYPE(KERNEL_TYPE_MIX_AIC_1_2)" in body
    assert "AscendC::CrossCoreSetFlag<2, PIPE_MTE2>(3);" in body
    assert "AscendC::CrossCoreWaitFlag<2, PIPE_S>(3);" in body


def test_given_kernel_type_is_declared(tmp_path: Path, monkeypatch) -> None:
    kernel = asc.jit(always_compile=True, kernel_type=KernelType.MIX_AIC_1_1)(cube_and_vector.fn)
    ir, cpp = _compile(kernel, A, C, tmp_path=tmp_path, monkeypatch=monkeypatch)
    assert "asc.kernel_type = #asc<kernel_type mix_aic_1_1>" in ir
    assert "KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_1);" in _lines(cpp)


def test_vector_kernel_is_aiv_only(tmp_path: Path, monkeypatch) -> None:
    @asc.jit(always_compile=True)
    def copy(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 256)
        t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
        asc.data_copy(t, g, 256)

    ir, cpp = _compile(copy, C, tmp_path=tmp_path, monkeypatch=monkeypatch)
    assert "asc.kernel_type = #asc<kernel_type aiv_only>" in ir
    assert "KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);" in _lines(cpp)


@asc.jit(kernel_type=KernelType.AIV_ONLY)
def mmad_in_aiv_kernel(a: asc.GlobalAddress):
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    asc.mmad(co1, a2, b2, asc.MmadParams(16, 16, 16))


@asc.jit(kernel_type=KernelType.AIC_ONLY)
def vector_in_aic_kernel(a: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(a, 256)
    x = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    asc.data_copy(x, g, 256)


@asc.jit(kernel_type=KernelType.MIX_AIV_1_0)
def in_core_sync_in_aiv_mix(a: asc.GlobalAddress):
    asc.cross_core_set_flag(0, 1, asc.PipeID.PIPE_V)


@pytest.mark.parametrize("kernel,marker,cls,message", [
    (mmad_in_aiv_kernel, "asc.mmad(", CompileError,
     "mmad: cannot run in a KernelType.AIV_ONLY kernel: it runs on the cube core (AIC), which such blocks do not "
     "have; use KernelType.AIC_ONLY or a MIX_AIC kernel type, or leave kernel_type unset to infer it"),
    (vector_in_aic_kernel, "asc.data_copy(", CompileError,
     "data_copy: cannot run in a KernelType.AIC_ONLY kernel: it runs on the vector core (AIV), which such blocks do "
     "not have; use a MIX_AIC_1_1 or MIX_AIC_1_2 kernel type, or leave kernel_type unset to infer it"),
    (in_core_sync_in_aiv_mix, "cross_core_set_flag", SyncError,
     "cross_core_set_flag: mode 1 and 2 synchronise the cores of one AI Core, which needs kernel type MIX_AIC_1_1 "
     "or MIX_AIC_1_2, but it is KernelType.MIX_AIV_1_0"),
])
def test_kernel_type_errors_name_the_line(kernel, marker, cls, message) -> None:
    err = _error(kernel, A)
    assert type(err) is cls
    assert err.message == message
    assert err.location.file == __file__ and err.location.line == _line_of(kernel, marker)


def test_kernel_type_option_is_checked() -> None:
    with pytest.raises(TypeError, match=r"^kernel_type must be an asc.runtime.config.KernelType \(e.g. "
                                        r"KernelType.AIC_ONLY\) or None to infer it, but got 'aic'$"):
        asc.jit(kernel_type="aic")(matmul_tile.fn)


# -- bad input at the line ----------------------------------------------------------------------------


@asc.jit
def mmad_into_ub(a: asc.GlobalAddress):
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 256)
    asc.mmad(ub, a2, b2, asc.MmadParams(16, 16, 16))


@asc.jit
def mmad_int8_into_float(a: asc.GlobalAddress):
    a2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 0, 512)
    b2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 0, 512)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    asc.mmad(co1, a2, b2, asc.MmadParams(16, 16, 32))


@asc.jit
def mmad_k_too_large(a: asc.GlobalAddress):
    p = asc.MmadParams(16, 16, 4096)  # noqa: F841


@asc.jit
def fixpipe_wrong_mode(a: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(a, 256)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    asc.fixpipe(g, co1, asc.FixpipeParamsV220(16, 16, 16, 16, asc.QuantModes.F322BF16))


@asc.jit
def cross_core_flag_16(a: asc.GlobalAddress):
    asc.cross_core_set_flag(16, 0, asc.PipeID.PIPE_MTE3)


@asc.jit
def mmad_dst_misaligned(a: asc.GlobalAddress):
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 512, 256)
    asc.mmad(co1, a2, b2, asc.MmadParams(16, 16, 16))


@asc.jit
def l0a_misaligned(a: asc.GlobalAddress):
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 256, 256)  # noqa: F841


@asc.jit
def l0c_over_capacity(a: asc.GlobalAddress):
    pipe = asc.TPipe()
    qc = asc.TQue(asc.TPosition.CO1, 2)
    pipe.init_buffer(qc, 2, 65536 + 32)


@pytest.mark.parametrize("kernel,marker,cls,message", [
    (mmad_dst_misaligned, "asc.mmad(", CompileError,
     "mmad: 'dst' starts at byte 512 of L0C, but Mmad writes from a multiple of 1024 bytes"),
    (l0a_misaligned, "TPosition.A2, 256", CompileError,
     "LocalTensor: 'addr' 256 in Hardware.L0A must be a multiple of 512 bytes"),
    (l0c_over_capacity, "pipe.init_buffer", CapacityError,
     "TPipe.init_buffer: init_buffer of 2 × 65568 bytes for a TPosition.CO1 queue brings Hardware.L0C use to "
     "131136 bytes; Hardware.L0C has 131072: use fewer or smaller buffers"),
    (mmad_into_ub, "asc.mmad(", CompileTypeError,
     "mmad: 'dst' must be a tensor in L0C (CO1), but it is in position VECOUT (UB)"),
    (mmad_int8_into_float, "asc.mmad(", CompileTypeError,
     "mmad: int8 x int8 accumulates in int32, but 'dst' is float32 (supported: float16, bfloat16 and float32 into "
     "float32, int8 into int32)"),
    (mmad_k_too_large, "MmadParams(", CompileError, "MmadParams: 'k' must be in [0, 4095], but got 4096"),
    (fixpipe_wrong_mode, "asc.fixpipe(", CompileTypeError,
     "fixpipe: quant_pre QuantModes.F322BF16 writes bfloat16, but 'dst' is float16"),
    (cross_core_flag_16, "cross_core_set_flag", SyncError,
     "cross_core_set_flag: 'flag_id' must be in [0, 15], but got 16"),
])
def test_cube_errors_name_the_line(kernel, marker, cls, message) -> None:
    err = _error(kernel, A)
    assert type(err) is cls
    assert err.message == message
    assert err.location.file == __file__ and err.location.line == _line_of(kernel, marker)


def test_fixpipe_config_must_be_a_fixpipe_config() -> None:
    @asc.jit
    def bad_config(a: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(a, 256)
        co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
        asc.fixpipe(g, co1, asc.FixpipeParamsV220(16, 16, 16, 16), config=asc.CO2Layout.NZ)

    err = _error(bad_config, C)
    assert type(err) is CompileTypeError
    assert err.message == (
        "no overload of fixpipe() matches the arguments (GlobalTensor, LocalTensor, FixpipeParamsV220, "
        "config=CO2Layout); candidates:\n"
        "  fixpipe(dst: Union[LocalTensor, GlobalTensor], src: LocalTensor, params: FixpipeParamsV220, "
        "config: FixpipeConfig = FixpipeConfig(CO2Layout.ROW_MAJOR))\n"
        "  fixpipe(dst: Union[LocalTensor, GlobalTensor], src: LocalTensor, cbuf_workspace: LocalTensor, "
        "params: FixpipeParamsV220, config: FixpipeConfig = FixpipeConfig(CO2Layout.ROW_MAJOR))")


def test_cross_core_mode_must_be_known_at_compile_time() -> None:
    @asc.jit
    def runtime_mode(a: asc.GlobalAddress, m: int):
        asc.cross_core_set_flag(0, m, asc.PipeID.PIPE_MTE3)

    with pytest.raises(CompileError) as info:
        runtime_mode[1](A, 1)
    assert info.value.message == "cross_core_set_flag: 'mode_id' must be a compile-time int (0, 1 or 2), got a runtime int32 scalar"


@asc.jit
def load_v2(a: asc.GlobalAddress):
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 1024)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 1024)
    asc.load_data(a2, a1, asc.LoadData2DParamsV2(0, 0, 1, 1, 0, 0, False, 0))


@asc.jit
def load_3d_v1(a: asc.GlobalAddress):
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 1024)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 1024)
    asc.load_data(a2, a1, asc.LoadData3DParamsV1(dtype=asc.float16))


@pytest.mark.parametrize("kernel,message", [
    (load_v2, "load_data: Ascend 910B/910C (A2/A3) have no LoadData taking LoadData2DParamsV2 (ascendc_api.md "
              "marks the 2D V2 load ✗A2); use LoadData2DParams"),
    (load_3d_v1, "load_data: Ascend 910B/910C (A2/A3) have no LoadData taking LoadData3DParamsV1 (ascendc_api.md "
                 "marks Load3D v1 ✗A2); use LoadData3DParamsV2"),
], ids=["2d_v2", "3d_v1"])
def test_load_data_forms_a2_lacks_are_refused_with_the_reason(kernel, message) -> None:
    with pytest.raises(CompileError) as info:
        kernel[1](A)
    assert info.value.message == message
    lines, first = inspect.getsourcelines(kernel.fn)
    assert info.value.location.line == first + len(lines) - 1
