"""Hand-written Ascend C kernels on the simulator (asc.runtime.ascendc_kernel)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from asc.runtime.ascendc_kernel import AscendCCompileError, compile_ascendc, run_ascendc
from asc.runtime.errors import KernelError

REPO = Path(__file__).resolve().parents[3]
EXAMPLE = REPO / "sim" / "examples" / "add_custom.cpp"

SCALE = """
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void scale(GM_ADDR x, GM_ADDR z, float k, int32_t n) {
  AscendC::GlobalTensor<float> xg, zg;
  xg.SetGlobalBuffer((__gm__ float *)x, n);
  zg.SetGlobalBuffer((__gm__ float *)z, n);
  for (int32_t i = 0; i < n; ++i)
    zg.SetValue(i, xg.GetValue(i) * k);
}
"""

RACY = """
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void racy(GM_ADDR x, GM_ADDR z) {
  AscendC::GlobalTensor<float> xg, zg;
  xg.SetGlobalBuffer((__gm__ float *)x, 64);
  zg.SetGlobalBuffer((__gm__ float *)z, 64);
  AscendC::LocalTensor<float> a(AscendC::TPosition::VECIN, 0, 64);
  AscendC::DataCopy(a, xg, 64);
  AscendC::DataCopy(zg, a, 64);
}
"""


def test_example_kernel_from_a_file() -> None:
    x = np.random.default_rng(0).random(4 * 2048, dtype=np.float32)
    y = np.ones_like(x)
    z = np.zeros_like(x)
    r = run_ascendc(EXAMPLE, "add_custom", 4, x, y, z, 2048, 512)
    np.testing.assert_array_equal(z, x + y)
    assert r.ok and r.diagnostics == [] and r.bound_pipe == "MTE2"


def test_source_text_and_scalar_parameters() -> None:
    kernel = compile_ascendc(SCALE, "scale")
    assert kernel.param_types == ["pointer", "pointer", "float32", "int32"]
    x = np.arange(64, dtype=np.float32)
    z = np.zeros_like(x)
    kernel(1, x, z, 2.5, 64)
    np.testing.assert_array_equal(z, x * np.float32(2.5))
    assert compile_ascendc(SCALE, "scale") is kernel  # compiled once


def test_errors_name_the_cpp_line() -> None:
    x = np.zeros(64, dtype=np.float32)
    z = np.zeros_like(x)
    with pytest.raises(KernelError) as e:
        run_ascendc(RACY, "racy", 1, x, z)
    assert e.value.category == "race"
    assert e.value.location.line == RACY.splitlines().index(
        "  AscendC::DataCopy(zg, a, 64);") + 1
    with pytest.raises(TypeError, match="takes 2 arguments"):
        run_ascendc(RACY, "racy", 1, x)


def test_compile_errors_show_the_compiler_output() -> None:
    with pytest.raises(AscendCCompileError, match="not_declared"):
        compile_ascendc('#include "kernel_operator.h"\nextern "C" void k(int n) { not_declared(n); }\n', "k")


def test_example_script_runs() -> None:
    out = subprocess.run([sys.executable, str(REPO / "sim" / "examples" / "run_add_custom.py"),
                          "--blocks", "2", "--block-length", "2048"],
                         capture_output=True, text=True, check=True).stdout
    assert "bound by MTE2" in out


def test_kernel_type_is_exported_to_the_simulator() -> None:
    from asc.runtime.config import KernelType

    # Not given and not declared: AIV_ONLY (nothing exported).
    assert compile_ascendc(SCALE, "scale").kernel_type is KernelType.AIV_ONLY
    # Given: exported with ASCSIM_KERNEL_TYPE; a HARD_SYNC type is the 1_0 type of its unit.
    assert compile_ascendc(SCALE, "scale", kernel_type=KernelType.MIX_AIC_1_2).kernel_type is KernelType.MIX_AIC_1_2
    assert compile_ascendc(SCALE, "scale", kernel_type=KernelType.MIX_AIV_HARD_SYNC).kernel_type \
        is KernelType.MIX_AIV_1_0
    # Declared in the source, as Ascend C kernels do.
    declared = SCALE.replace("int32_t n) {", "int32_t n) {\n  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);")
    assert compile_ascendc(declared, "scale").kernel_type is KernelType.MIX_AIV_1_0
    with pytest.raises(ValueError, match=r"^kernel_type=AIC_ONLY differs from the source's "
                                         r"KERNEL_TASK_TYPE_DEFAULT\(KERNEL_TYPE_MIX_AIV_1_0\)$"):
        compile_ascendc(declared, "scale", kernel_type=KernelType.AIC_ONLY)
    with pytest.raises(TypeError, match=r"^kernel_type must be an asc.runtime.config.KernelType \(e.g. "
                                        r"KernelType.AIC_ONLY\), got 'AIC_ONLY'$"):
        compile_ascendc(SCALE, "scale", kernel_type="AIC_ONLY")
    # A source exporting its type itself keeps it (nothing is appended).
    exported = SCALE + '#include "ascsim_entry.h"\nASCSIM_KERNEL_TYPE(KERNEL_TYPE_AIC_ONLY)\n'
    assert compile_ascendc(exported, "scale").kernel_type is KernelType.AIC_ONLY
    assert compile_ascendc(exported, "scale", kernel_type=KernelType.AIC_ONLY).kernel_type is KernelType.AIC_ONLY
    mix_aicore = SCALE.replace("int32_t n) {", "int32_t n) {\n  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AICORE);")
    with pytest.raises(ValueError, match=r"^KERNEL_TASK_TYPE_DEFAULT\(KERNEL_TYPE_MIX_AICORE\) declares a kernel type "
                                         r"Ascend 910B/910C do not run; use one of AIV_ONLY, AIC_ONLY, MIX_AIV_1_0, "
                                         r"MIX_AIC_1_0, MIX_AIC_1_1, MIX_AIC_1_2$"):
        compile_ascendc(mix_aicore, "scale")
