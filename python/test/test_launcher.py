"""The one launcher (`asc.runtime.launcher`) serves jit kernels and hand-written Ascend C alike:
argument words from one packer, the kernel's output printed, the PYASC_SIM_REPORT summary, the
launch recorded, warnings at the caller's line."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from conftest import run_python

import asc
import asc.lib.runtime as rt
from asc.runtime import launcher
from asc.runtime.ascendc_kernel import compile_ascendc, run_ascendc
from asc.runtime.errors import KernelWarning
from asc.runtime.specialize import pack_scalar

# ----------------------------------------------------------------------------- argument words


@pytest.mark.parametrize("value,dtype,word", [
    (-1, "int8", 0xFF), (127, "int8", 0x7F), (255, "uint8", 0xFF), (-2, "int16", 0xFFFE),
    (65535, "uint16", 0xFFFF), (-2, "int32", 0xFFFF_FFFE), (-1, "int64", 0xFFFF_FFFF_FFFF_FFFF),
    (2**64 - 1, "uint64", 0xFFFF_FFFF_FFFF_FFFF), (True, "bool", 1), (False, "bool", 0),
    (1.0, "float16", 0x3C00), (np.float16(-2.5), "float16", 0xC100), (1.0, "bfloat16", 0x3F80),
    (1.0, "float32", 0x3F80_0000), (np.float32(-0.0), "float32", 0x8000_0000),
    (1.0, "float64", 0x3FF0_0000_0000_0000), (np.int8(-3), "int8", 0xFD), (3.9, "int32", 3),
])
def test_pack_scalar_words(value: object, dtype: str, word: int) -> None:
    assert pack_scalar(value, dtype) == word


@pytest.mark.parametrize("value,dtype", [(128, "int8"), (-129, "int8"), (256, "uint8"), (-1, "uint32"),
                                         (2, "bool"), (2**63, "int64")])
def test_pack_scalar_range(value: int, dtype: str) -> None:
    with pytest.raises(OverflowError, match=f"^{value} does not fit in {dtype}$"):
        pack_scalar(value, dtype)


SCALARS = """
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void scalars(GM_ADDR out, int8_t a, uint16_t b, int64_t c, uint64_t d,
                                              half e, bfloat16_t f, float g, double h, bool i) {
  __gm__ double *o = (__gm__ double *)out;
  o[0] = a; o[1] = b; o[2] = (double)c; o[3] = (double)d; o[4] = (float)e; o[5] = (float)f;
  o[6] = g; o[7] = h; o[8] = i;
}
"""


def test_each_parameter_type_gets_its_value() -> None:
    kernel = compile_ascendc(SCALARS, "scalars")
    assert kernel.param_types == ["pointer", "int8", "uint16", "int64", "uint64", "float16", "bfloat16",
                                  "float32", "float64", "bool"]
    out = np.zeros(9, dtype=np.float64)
    values = [-5, 65535, -(2**40), 2**63, -2.5, 0.15625, 3.25, 1e300, True]
    kernel(1, out, *values)
    assert out.tolist() == [float(v) for v in values]
    with pytest.raises(TypeError) as info:  # a LaunchTypeError at this line
        kernel(1, out, 200, *values[1:])
    assert info.value.message == "argument 1 of kernel 'scalars' (int8): 200 does not fit in int8"


# ----------------------------------------------------------------------------- one launch path


@asc.jit
def hello(x: asc.GlobalAddress, n: int):
    asc.printf("n=%d\n", n)


HELLO = r"""
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void hello_cpp(GM_ADDR x, int32_t n) {
  AscendC::printf("n=%d\n", n);
}
"""

UNINIT = """
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void uninit(GM_ADDR z) {
  AscendC::GlobalTensor<float> zg;
  zg.SetGlobalBuffer((__gm__ float *)z, 64);
  AscendC::LocalTensor<float> a(AscendC::TPosition::VECOUT, 0, 64);
  AscendC::DataCopy(zg, a, 64);
}
"""


def _launch_hello(kind: str, blocks: int) -> None:
    x = np.zeros(8, dtype=np.float32)
    if kind == "jit":
        hello[blocks](x, 7)
    else:
        run_ascendc(HELLO, "hello_cpp", blocks, x, 7)


@pytest.mark.parametrize("kind,name", [("jit", "hello"), ("ascendc", "hello_cpp")])
def test_both_kinds_print_their_output_and_record_the_launch(kind: str, name: str,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    _launch_hello(kind, 2)
    assert capsys.readouterr() == ("[block 0] n=7\n[block 1] n=7\n", "")
    assert rt.last_launch().output == [(0, "[block 0] n=7\n"), (1, "[block 1] n=7\n")]


@pytest.mark.parametrize("kind,name", [("jit", "hello"), ("ascendc", "hello_cpp")])
def test_sim_report_goes_to_stderr_alike(kind: str, name: str, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(launcher, "SIM_REPORT", True)
    capsys.readouterr()
    _launch_hello(kind, 3)
    summary = rt.last_launch().summary()
    assert summary.startswith("simulator: 3 blocks on 3 vector cores at 1850 MHz\n") and summary.endswith("\n")
    assert capsys.readouterr().err == f"[pyasc] {name}[3]:\n{summary}"


@pytest.mark.parametrize("value,on", [("1", True), (" 1 ", True), ("on", True), ("TRUE", True), ("0", False),
                                      ("", False), ("off", False)])
def test_sim_report_environment(value: str, on: bool) -> None:
    proc = run_python("-c", "import asc.runtime.launcher as l; print(l.sim_report())",
                      env={"PYASC_SIM_REPORT": value})
    assert proc.stdout == f"{on}\n", proc.stderr


def test_warnings_of_a_hand_written_kernel_point_at_the_caller() -> None:
    z = np.zeros(64, dtype=np.float32)
    kernel = compile_ascendc(UNINIT, "uninit")
    for launch in (lambda: kernel(1, z), lambda: kernel.launch(1, z), lambda: run_ascendc(UNINIT, "uninit", 1, z)):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            launch()
        assert [(r.category, r.filename) for r in w] == [(KernelWarning, __file__)]
        assert "never written" in str(w[0].message)


def test_release_builds_use_the_precompiled_kernel_header(tmp_path) -> None:
    """The build installs kernel_operator.h.gch made with the launcher's flags; g++ must accept it
    (`-H` marks a used precompiled header with '!'), or every kernel parses the headers again."""
    import subprocess

    from asc import _C
    from asc.runtime.kernel_flags import CXX_FLAGS

    include = launcher._pch_include(other_flags=False)
    assert include == [f"-I{_C.NATIVE_DIR / 'pch'}"]
    assert launcher._pch_include(other_flags=True) == []  # debug builds, hand-written kernels' flags
    source = tmp_path / "k.cpp"
    source.write_text('#include "kernel_operator.h"\n')
    flags = [f for f in CXX_FLAGS if f != "-shared"]
    proc = subprocess.run([launcher.compiler(), *flags, "-H", "-fsyntax-only", *include,
                           f"-I{_C.SIM_INCLUDE_DIR}", str(source)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.splitlines()[0] == f"! {_C.NATIVE_DIR / 'pch' / 'kernel_operator.h.gch'}"
