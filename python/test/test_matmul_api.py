"""The Matmul API's front end (pyasc_api.md §1.7): the Ascend C a kernel compiles to, the configs, the
TCubeTiling layout, and the compile errors of bad input at the kernel's line. (Running Matmul kernels:
test_matmul_e2e.py.)"""

from __future__ import annotations

import contextlib
import inspect
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import dumped

import asc
import asc.lib.host
from asc.codegen.errors import CompileError
from asc.runtime.config import KernelType

JIT = sys.modules["asc.runtime.jit"]
A16 = np.zeros(256, dtype=np.float16)
C32 = np.zeros(256, dtype=np.float32)
ROOT = Path(__file__).resolve().parents[2]


class _Compiled(Exception):
    pass


@contextlib.contextmanager
def _no_build(*args, **kwargs):
    raise _Compiled()
    yield  # pragma: no cover


def _compile(kernel, *args, tmp_path: Path, monkeypatch) -> tuple[str, str]:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    monkeypatch.setattr(JIT, "_build", _no_build)
    with pytest.raises(_Compiled):
        kernel[1](*args)
    folder = dumped(tmp_path, kernel.__name__)
    return (folder / "ascir.mlir").read_text(), (folder / "ascendc.cpp").read_text()


def _line_of(kernel, text: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def _error(kernel, *args) -> CompileError:
    with pytest.raises(CompileError) as info:
        kernel[1](*args)
    return info.value


GM16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
GM32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
UB32 = asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, asc.float32)


@asc.jit(always_compile=True)
def mm_iterate_all(a: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    a_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, 256)
    c_gm.set_global_buffer(c, 256)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(GM16, GM16, GM32, matmul_config=asc.adv.get_mdl_config())
    tiling.share_l1_size = asc.property(asc.TOTAL_L1_SIZE)
    asc.adv.register_matmul(pipe, ws, mm)
    mm.init(tiling)
    mm.set_tensor_a(a_gm, True)
    mm.set_tensor_b(a_gm)
    mm.set_org_shape(16, 16, 16)
    mm.set_single_shape(16, 16, 16)
    mm.set_tail(16, 16)
    mm.iterate_all(c_gm, 0, False, True)
    mm.wait_iterate_all()
    mm.end()


def test_iterate_all_source(tmp_path: Path, monkeypatch) -> None:
    ir, src = _compile(mm_iterate_all, A16, C32, A16, asc.adv.TCubeTiling(), tmp_path=tmp_path,
                       monkeypatch=monkeypatch)
    assert "asc.kernel_type = #asc<kernel_type mix_aic_1_2>" in ir
    assert '#include "lib/matmul_intf.h"' in src
    assert "struct TCubeTiling" not in src
    cfg = re.search(r"constexpr static AscendC::MatmulConfig (PYASC_MM_CFG_[0-9a-f]{16}) = \[\] \{\n"
                    r"  AscendC::MatmulConfig c = AscendC::GetNormalConfig\(\);\n"
                    r"  c.doMultiDataLoad = true;\n  c.doNorm = false;\n  c.enUnitFlag = false;\n"
                    r"  c.enableUBReuse = true;\n  return c;\n\}\(\);", src)
    assert cfg, src
    body = [s.strip() for s in src.splitlines() if s.strip() and not s.startswith("#line")]
    mm = next(s for s in body if s.startswith("AscendC::Matmul<"))
    assert mm.startswith("AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, "
                         "LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, "
                         "LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, "
                         "false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, "
                         f"float, false, LayoutMode::NONE>, {cfg.group(1)}> ")
    name = mm.split()[-1].rstrip(";")
    calls = [s for s in body if s.startswith(name + ".") or s.startswith("REGIST_MATMUL_OBJ")]
    assert [re.sub(r"\(.*", "", c) for c in calls] == [
        "REGIST_MATMUL_OBJ", f"{name}.Init", f"{name}.SetTensorA", f"{name}.SetTensorB", f"{name}.SetOrgShape",
        f"{name}.SetSingleShape", f"{name}.SetTail", f"{name}.IterateAll<false>", f"{name}.WaitIterateAll",
        f"{name}.End"]
    assert calls[1].startswith(f"{name}.Init(&")
    assert calls[2].endswith(", true);")
    assert calls[6].endswith(", 16, -1);")  # set_tail's default tail_k
    assert calls[7].endswith(", 0, true);")  # (tensor, en_atomic, sync=False, en_sequential_write=True)


@asc.jit(always_compile=True)
def mm_iterate_ub(a: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    a_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, 256)
    c_gm.set_global_buffer(c, 256)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(GM16, GM16, UB32, GM32)
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que=que, num=1, len=1024)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(a_gm)
    total = 0
    with mm.iterate() as count:
        t = que.alloc_tensor(asc.float32)
        mm.get_tensor_c(t, en_sequential_write=True)
        que.enque(t)
        t = que.deque(asc.float32)
        asc.data_copy(c_gm[count * 256:], t, 256)
        que.free_tensor(t)
        total += 2
    off = mm.get_offset_c()
    c_gm.set_value(0, off.row + count + total)
    mm.end()


def test_iterate_context_is_a_while_loop(tmp_path: Path, monkeypatch) -> None:
    ir, src = _compile(mm_iterate_ub, A16, C32, A16, asc.adv.TCubeTiling(), tmp_path=tmp_path,
                       monkeypatch=monkeypatch)
    assert "scf.while" in ir and '"Iterate"' in ir
    body = [s.strip() for s in src.splitlines() if s.strip() and not s.startswith("#line")]
    start = body.index("while (true) {")
    more = body[start + 2]
    assert re.fullmatch(r"bool (v\d+) = mm\.Iterate<true>\(false\);", more), body[start:start + 4]
    assert f"if (!{more.split()[1]}) {{" in body[start + 3:start + 8]
    assert any(".GetTensorC<true>(" in s and s.endswith(", 0, true);") for s in body)
    assert any(s.startswith("AscendC::MatrixOffset ") and s.endswith(".GetOffsetC();") for s in body)
    assert any(s.startswith("REGIST_MATMUL_OBJ(&") and ", &" in s for s in body)


@pytest.mark.values("adv.get_normal_config", "adv.get_mdl_config", "adv.get_basic_config",
                    "adv.get_ib_share_norm_config", "adv.get_mm_config", "adv.get_matmul_api_tiling",
                    "adv.MatmulApiStaticTiling", "adv.MatmulShapeParams", "adv.MatmulFuncParams")
def test_configs_and_static_tiling() -> None:
    cfg = asc.adv.get_basic_config(128, 128, 64)
    assert cfg.diff() == {"doNorm": False, "doBasicBlock": True, "basicM": 128, "basicN": 128, "basicK": 64}
    assert asc.adv.MatmulConfig().diff() == {}
    assert asc.adv.get_normal_config(iterate_order=asc.adv.IterateOrder.ORDER_N).diff() == {"iterateOrder": 1}
    assert asc.adv.get_ib_share_norm_config(is_double_cache=True).diff() == {
        "doNorm": False, "doIBShareNorm": True, "enableDoubleCache": 1}
    mm = asc.adv.get_mm_config(asc.adv.MatmulConfigMode.CONFIG_MDL, asc.adv.MatmulShapeParams(64, 64, 64, 32, 32, 32),
                               asc.adv.MatmulFuncParams(iterate_order=asc.adv.IterateOrder.ORDER_M))
    assert mm.do_multi_data_load and (mm.single_core_m, mm.basic_k) == (64, 32)
    assert mm.iterate_order == asc.adv.IterateOrder.ORDER_M
    st = asc.adv.get_matmul_api_tiling(cfg, 512 * 1024, GM16, GM16, GM32)
    assert (st.base_m, st.base_n, st.base_k, st.single_core_m, st.depth_a1) == (128, 128, 64, -1, -1)
    assert len(asc.adv.MatmulConfig.__slots__) == 50
    with pytest.raises(TypeError, match="MatmulConfig has no field"):
        asc.adv.MatmulConfig(bogus=1)


@pytest.mark.values("adv.get_special_mdl_config", "adv.get_special_basic_config", "adv.MatmulQuantParams",
                    "adv.MatmulBatchParams")
def test_special_configs_and_param_holders() -> None:
    """The fields each factory and holder sets, as Ascend C's GetSpecialMDLConfig / GetSpecialBasicConfig /
    GetMMConfig set them (sim/include/ascsim/matmul_api.h has the same factories)."""
    a = asc.adv
    assert a.get_special_mdl_config().diff() == {"doNorm": False, "doSpecialMDL": True, "enUnitFlag": False}
    assert a.get_special_mdl_config(True, True, 2, True, True, True).diff() == {
        "doNorm": False, "doSpecialMDL": True, "intrinsicsCheck": True, "isNBatch": True, "enVecND2NZ": True,
        "doMTE2Preload": 2, "enUnitFlag": False, "isPerTensor": True, "hasAntiQuantOffset": True}
    assert a.get_special_basic_config(64, 128, 32, 256, 512, 128, 2, 3).diff() == {
        "doNorm": False, "doSpecialBasicBlock": True, "basicM": 64, "basicN": 128, "basicK": 32,
        "singleCoreM": 256, "singleCoreN": 512, "singleCoreK": 128, "stepM": 2, "stepN": 3}
    assert a.get_special_basic_config(16, 16, 16, 16, 16, 16, 1, 1, True, True,
                                      a.BatchMode.SINGLE_LARGE_THAN_L1).diff()["batchMode"] == 3
    with pytest.raises(ValueError, match="'step_n' must be a positive compile-time int, got 0"):
        a.get_special_basic_config(16, 16, 16, 16, 16, 16, 1, 0)
    # The holders on top of the mode's factory (MDL: doMultiDataLoad, enUnitFlag off, enableUBReuse).
    assert a.get_mm_config(a.MatmulConfigMode.CONFIG_MDL, a.MatmulQuantParams(True, True)).diff() == {
        "doNorm": False, "doMultiDataLoad": True, "enUnitFlag": False, "enableUBReuse": True,
        "isPerTensor": True, "hasAntiQuantOffset": True}
    batch = a.get_mm_config(a.MatmulBatchParams(True, a.BatchMode.BATCH_LARGE_THAN_L1, False))
    assert (batch.is_n_batch, batch.batch_mode, batch.is_bias_batch) == (True, a.BatchMode.BATCH_LARGE_THAN_L1,
                                                                         False)
    assert a.get_mm_config(a.MatmulBatchParams()).is_bias_batch is True


@asc.jit(always_compile=True)
def mm_static(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c, 256)
    mm = asc.adv.Matmul(GM16, GM16, GM32, matmul_config=asc.adv.get_matmul_api_tiling(
        asc.adv.get_basic_config(64, 64, 64), 524160, GM16, GM16, GM32))
    mm.iterate_all(c_gm)


def test_static_tiling_config(tmp_path: Path, monkeypatch) -> None:
    _, src = _compile(mm_static, C32, tmp_path=tmp_path, monkeypatch=monkeypatch)
    m = re.search(r"constexpr static auto (PYASC_MM_CFG_[0-9a-f]{16}) = AscendC::GetMatmulApiTiling<"
                  r"AscendC::MatmulType<.*>>\((PYASC_MM_CFG_[0-9a-f]{16})_BASE, 524160\);", src)
    assert m and m.group(1) == m.group(2), src


def test_tcube_tiling_layout() -> None:
    t = asc.adv.TCubeTiling
    assert len(t._fields_) == 49 and t._pack_ == 4
    names = [f.name for f in t._fields_.values()]
    assert names[:5] == ["usedCoreNum", "M", "N", "Ka", "Kb"] and names[-1] == "BatchNum"
    assert len(asc.adv.TCubeTiling().pack()) == 196
    assert len(asc.adv.MatmulApiStaticTiling._fields_) == 46
    assert asc.adv.MatmulApiStaticTiling().base_m == -1


def test_tcube_tiling_offsets_match_the_header(tmp_path: Path) -> None:
    """The Python offsets equal C++ offsetof of the TCubeTiling the simulator's Matmul header declares."""
    import ctypes

    from asc import _C

    ct = asc.adv.TCubeTiling._ctype_
    checks = [f"static_assert(offsetof(TCubeTiling, {name}) == {getattr(ct, name).offset}, \"{name}\");"
              for name, _ in ct._fields_]
    checks.append(f"static_assert(sizeof(TCubeTiling) == {ctypes.sizeof(ct)}, \"size\");")
    prog = tmp_path / "offsets.cpp"
    prog.write_text("#include <cstddef>\n#include \"lib/matmul_intf.h\"\n" + "\n".join(checks) + "\n")
    proc = subprocess.run([shutil.which("g++") or "g++", "-std=c++17", "-fsyntax-only", f"-I{_C.SIM_INCLUDE_DIR}",
                           str(prog)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]


# -- bad input: exact messages at the kernel's line -----------------------------------------------


@asc.jit(always_compile=True)
def a_dtype_mismatch(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c, 256)
    mm = asc.adv.Matmul(GM16, GM16, GM32)
    mm.set_tensor_a(c_gm)


@asc.jit(always_compile=True)
def c_dtype_mismatch(a: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, 256)
    mm = asc.adv.Matmul(GM16, GM16, GM32)
    mm.iterate_all(a_gm)


@asc.jit(always_compile=True)
def iterate_outside_with(a: asc.GlobalAddress):
    mm = asc.adv.Matmul(GM16, GM16, GM32)
    mm.iterate()


@asc.jit(always_compile=True)
def get_tensor_c_before_iterate(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c, 256)
    mm = asc.adv.Matmul(GM16, GM16, GM32)
    mm.get_tensor_c(c_gm)


@asc.jit(always_compile=True, kernel_type=KernelType.AIV_ONLY)
def matmul_in_aiv_kernel(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c, 256)
    mm = asc.adv.Matmul(GM16, GM16, GM32)
    mm.iterate_all(c_gm)


@asc.jit(always_compile=True)
def with_something_else(c: asc.GlobalAddress):
    with c:
        pass


@pytest.mark.parametrize("kernel, arg, marker, message", [
    (a_dtype_mismatch, C32, "mm.set_tensor_a(",
     "adv.Matmul: set_tensor_a: the A matrix's MatmulType holds float16, but the tensor holds float32"),
    (c_dtype_mismatch, A16, "mm.iterate_all(",
     "adv.Matmul: iterate_all: the C matrix's MatmulType holds float32, but the tensor holds float16"),
    (iterate_outside_with, A16, "mm.iterate()",
     "Matmul.iterate() must be used as `with mm.iterate() as count:` (it becomes `while (mm.Iterate()) { ...; "
     "count++; }`); use iterate_all for the whole C"),
    (get_tensor_c_before_iterate, C32, "mm.get_tensor_c(",
     "Matmul.get_tensor_c() before iterate: it fetches the base block the current iteration computed; call it "
     "inside `with mm.iterate() as count:`"),
    (matmul_in_aiv_kernel, C32, "asc.adv.Matmul(",
     "adv.Matmul: a Matmul cannot run in a KernelType.AIV_ONLY kernel: its cube work runs on the AIC, which such "
     "blocks do not have; use KernelType.MIX_AIC_1_2 (or matmul_cube_only=True for AIC_ONLY), or leave "
     "kernel_type unset to infer it"),
    (with_something_else, C32, "with c:",
     "the only `with` statement a kernel supports is `with mm.iterate() as count:` of an asc.adv.Matmul"),
])
def test_bad_input_names_the_line(kernel, arg, marker, message) -> None:
    err = _error(kernel, arg)
    assert err.message == message
    assert err.location.file == __file__ and err.location.line == _line_of(kernel, marker)


def test_matmul_type_checks() -> None:
    with pytest.raises(TypeError, match=r"MatmulType: 'position' must be an asc.TPosition"):
        asc.adv.MatmulType("GM", asc.CubeFormat.ND, asc.float16)
    with pytest.raises(TypeError, match=r"MatmulType: 'dtype' must be a data type"):
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, "half")


@asc.jit(always_compile=True)
def matmul_with_auto_tensors(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c, 256)
    mm = asc.adv.Matmul(GM16, GM16, UB32)
    t = asc.LocalTensorAuto(asc.float32, 256)
    with mm.iterate():
        mm.get_tensor_c(t)
    asc.data_copy(c_gm, t, 256)


def test_local_tensor_auto_in_a_matmul_kernel_needs_the_registration() -> None:
    err = _error(matmul_with_auto_tensors, C32)
    assert err.message == ("LocalTensorAuto: in a kernel with an asc.adv.Matmul a LocalTensorAuto needs "
                           "asc.adv.register_matmul before it: its buffer is created right after the registration, "
                           "which the cube core (AIC) of a MIX kernel never passes")
    assert err.location.line == _line_of(matmul_with_auto_tensors, "t = asc.LocalTensorAuto")


@asc.jit(always_compile=True)
def mm_trimmed(c: asc.GlobalAddress, which: asc.ConstExpr[int]):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c, 256)
    mm = asc.adv.Matmul(GM16, GM16, GM32, GM32, matmul_config=asc.adv.MatmulConfig(
        enable_set_bias=False, enable_set_tail=False, enable_set_org_shape=False, enable_quant_vector=False,
        enable_init=False, enable_end=False, enable_get_tensor_c=False))
    if which == 0:
        mm.set_bias(c_gm)
    elif which == 1:
        mm.set_tail(16, 16)
    elif which == 2:
        mm.set_org_shape(16, 16, 16)
    elif which == 3:
        mm.init(asc.adv.TCubeTiling())
    elif which == 4:
        mm.end()
    elif which == 5:
        with mm.iterate():
            mm.get_tensor_c(c_gm)
    elif which == 6:
        mm.iterate_n_batch(2, 2, 2, False)
    mm.iterate_all(c_gm)


@pytest.mark.parametrize("which,method,field,marker", [
    (0, "SetBias", "enable_set_bias", "mm.set_bias(c_gm)"),
    (1, "SetTail", "enable_set_tail", "mm.set_tail(16, 16)"),
    (2, "SetOrgShape", "enable_set_org_shape", "mm.set_org_shape(16, 16, 16)"),
    (3, "Init", "enable_init", "mm.init(asc.adv.TCubeTiling())"),
    (4, "End", "enable_end", "mm.end()"),
    (5, "GetTensorC", "enable_get_tensor_c", "mm.get_tensor_c(c_gm)"),
    (6, "IterateNBatch", "is_n_batch", "mm.iterate_n_batch(2, 2, 2, False)"),
])
def test_a_method_the_config_compiles_out_is_an_error(which: int, method: str, field: str, marker: str) -> None:
    err = _error(mm_trimmed, C32, which)
    api = {"SetBias": "set_bias", "SetTail": "set_tail", "SetOrgShape": "set_org_shape", "Init": "init",
           "End": "end", "GetTensorC": "get_tensor_c", "IterateNBatch": "iterate_n_batch"}[method]
    assert err.message == (f"{api}: this Matmul's MatmulConfig has {field}=False, which compiles {method} out of "
                           f"the Matmul (Ascend C trims the method); set {field}=True to call it")
    assert err.location.line == _line_of(mm_trimmed, marker)


def test_tscm_is_not_a_device_position() -> None:
    """pyasc_api.md §1.6: asc.TPosition has no TSCM (only the host enum has one), so a pyasc kernel cannot
    declare a Matmul operand in TSCM; the host enum's member is refused by MatmulType."""
    assert not hasattr(asc.TPosition, "TSCM")
    with pytest.raises(TypeError, match=r"MatmulType: 'position' must be an asc.TPosition, got "):
        asc.adv.MatmulType(asc.lib.host.TPosition.TSCM, asc.CubeFormat.NZ, asc.float16)
