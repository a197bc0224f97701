"""A kernel's name never collides with anything in the process or in C++.

Kernels named like C library functions used to resolve to them (`exp` never ran, `memcpy` copied,
`exit` ended Python); kernels named like C++ keywords gave internal errors. The emitter now
exports `pyasc_<name>` and kernel libraries are built with hidden visibility; messages keep the
Python name.
"""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest
from conftest import dumped, run_python

import asc
from asc.codegen.errors import CompileError

LIBC = ["exp", "log", "sin", "sqrt", "abs", "floor", "round", "tanh", "puts", "free", "memcpy", "exit"]
KEYWORDS = ["new", "union", "switch", "template", "main", "int", "delete", "operator"]

_KERNEL = '''
@asc.jit
def {name}(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    h = asc.GlobalTensor()
    h.set_global_buffer(z, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, g, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, 2.0, n)
    asc.adds(t, t, {offset}.0, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(h, t, n)
'''

_MAIN = '''
for offset, kernel in enumerate(KERNELS):
    x = np.arange(64, dtype=np.float32)
    z = np.zeros_like(x)
    kernel[1](x, z, 64)
    ok = np.array_equal(z, 2 * x + offset) and np.array_equal(x, np.arange(64, dtype=np.float32))
    print(kernel.__name__, "ok" if ok else f"WRONG {z[:4]} {x[:4]}", flush=True)
'''


def test_kernels_named_like_c_functions_and_cpp_keywords_run(tmp_path: Path) -> None:
    names = LIBC + KEYWORDS
    script = tmp_path / "names.py"
    script.write_text("import numpy as np\nimport asc\n"
                      + "".join(_KERNEL.format(name=n, offset=i) for i, n in enumerate(names))
                      + f"\nKERNELS = [{', '.join(names)}]\n" + _MAIN)
    proc = run_python(str(script), env={"PYASC_CACHE_DIR": str(tmp_path / "cache")})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines() == [f"{n} ok" for n in names]


def test_the_cpp_symbol_is_prefixed_and_messages_keep_the_name(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    namespace: dict = {}
    source = tmp_path / "k.py"
    source.write_text("import asc\n" + _KERNEL.format(name="memcpy", offset=0))
    exec(compile(source.read_text(), str(source), "exec"), namespace)
    import numpy as np

    x = np.arange(64, dtype=np.float32)
    namespace["memcpy"][1](x, np.zeros_like(x), 64)
    cpp = (dumped(tmp_path, "memcpy") / "ascendc.cpp").read_text()
    assert 'extern "C" __global__ __aicore__ void pyasc_memcpy(' in cpp
    assert "ASCSIM_ENTRY(pyasc_memcpy)" in cpp
    with pytest.raises(asc.runtime.errors.KernelError, match="kernel 'memcpy'"):
        namespace["memcpy"][1](x, np.zeros(8, dtype=np.float32), 64)  # out of bounds


def test_non_ascii_kernel_name_is_a_compile_error(tmp_path: Path) -> None:
    source = tmp_path / "k.py"
    source.write_text("import asc\n\n\n@asc.jit\ndef café(x: asc.GlobalAddress):\n    pass\n")
    namespace: dict = {}
    exec(compile(source.read_text(), str(source), "exec"), namespace)
    import numpy as np

    with pytest.raises(CompileError) as info:
        namespace["café"][1](np.zeros(8, dtype=np.float32))
    assert info.value.location.file == str(source) and info.value.location.line == 5
    assert "cannot emit function 'café': its name is not a C++ identifier" in str(info.value)


def test_hand_written_kernel_named_exit_runs(tmp_path: Path) -> None:
    """Hand-written kernels keep their own name; hidden visibility keeps it inside the library."""
    script = tmp_path / "k.py"
    script.write_text(textwrap.dedent('''
        import numpy as np
        from asc.runtime.ascendc_kernel import run_ascendc

        SOURCE = """
        #include "kernel_operator.h"
        extern "C" __global__ __aicore__ void exit(GM_ADDR x, GM_ADDR y, uint32_t n) {
          AscendC::GlobalTensor<float> g, h;
          g.SetGlobalBuffer((__gm__ float *)x, n);
          h.SetGlobalBuffer((__gm__ float *)y, n);
          for (uint32_t i = 0; i < n; ++i)
            h.SetValue(i, g.GetValue(i) + 1);
        }
        """
        x = np.arange(16, dtype=np.float32)
        y = np.zeros_like(x)
        run_ascendc(SOURCE, "exit", 1, x, y, 16)
        assert np.array_equal(y, x + 1), y
        print("still here")
    '''))
    proc = run_python(str(script), env={"PYASC_CACHE_DIR": str(tmp_path / "cache")})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "still here"


_RESERVED_PREFIXES = '''
import numpy as np
import asc


@asc.jit
def _Helper(v):
    return v * 2


@asc.jit
def prefixed(z: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(z, 8)
    _Tmp = n + 1
    __x = _Tmp * 3
    PIPE_n = __x - 1
    EVENT_ID0 = PIPE_n + _Helper(n)
    for _ in range(n, 0, -1):
        EVENT_ID0 += 1
    g.set_value(0, EVENT_ID0)


z = np.zeros(8, dtype=np.int32)
prefixed[1](z, 4)
print(z[0])
'''


def test_names_reserved_by_their_prefix_compile(tmp_path: Path) -> None:
    """Variables and device functions named `_Tmp`, `__x`, `PIPE_n`, `EVENT_ID0`, `_Helper` (C++ or Ascend C
    reserves names with these prefixes, and a suffix does not change that) hung the emitter, which suffixed
    them forever; they now get a `v` in front. In a subprocess with a timeout, so a regression fails."""
    import subprocess
    import sys

    script = tmp_path / "k.py"
    script.write_text(_RESERVED_PREFIXES)
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYASC_CACHE_DIR": str(tmp_path / "cache")})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"{(4 + 1) * 3 - 1 + 8 + 4}\n"
