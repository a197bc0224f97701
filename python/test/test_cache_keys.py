"""The cache key covers everything a kernel reads at compile time: no stale kernel is ever run.

Module attributes of imported modules (`params.SCALE`, `pkg.sub.VALUE`), device functions
reached as `module.fn`, closure variables, default values, and the host compiler's identity.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import numpy as np
from conftest import run_python

import asc

#: A kernel y = x * <expr> + <expr2> for 64 float32 elements; the test fills in the scalars.
_BODY = '''
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    h = asc.GlobalTensor()
    h.set_global_buffer(y, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, g, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    {compute}
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(h, t, n)
'''


def _kernel(name: str, compute: str, indent: str = "") -> str:
    body = textwrap.indent(textwrap.dedent(_BODY).format(compute=compute), indent + "    ")
    return (f"{indent}@asc.jit\n{indent}def {name}(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):\n"
            + body)


_MAIN = '''
x = np.arange(64, dtype=np.float32)
y = np.zeros_like(x)
{name}[1](x, y, 64)
print(repr(float(y[3])))
'''


def _script(tmp_path: Path, name: str, compute: str, imports: str) -> Path:
    path = tmp_path / "main.py"
    path.write_text(f"import numpy as np\nimport asc\n{imports}\n\n" + _kernel(name, compute)
                    + _MAIN.format(name=name))
    return path


def _run(script: Path, cache: Path, extra_env: dict | None = None) -> float:
    env = {"PYASC_CACHE_DIR": str(cache), "PYTHONPATH": str(script.parent)}
    env.update(extra_env or {})
    proc = run_python(str(script), env=env, cwd=script.parent)
    assert proc.returncode == 0, proc.stderr
    return float(proc.stdout.strip().splitlines()[-1])


def _entries(cache: Path) -> list[Path]:
    return sorted(p for p in cache.iterdir() if not p.name.startswith("tmp."))


def test_editing_an_imported_modules_constant_recompiles(tmp_path: Path) -> None:
    (tmp_path / "params.py").write_text("SCALE = 2.0\n")
    script = _script(tmp_path, "scale", "asc.muls(t, t, params.SCALE, n)", "import params")
    cache = tmp_path / "cache"
    assert _run(script, cache) == 3.0 * 2.0
    (tmp_path / "params.py").write_text("SCALE = 3.0\n")
    assert _run(script, cache) == 3.0 * 3.0  # a fresh process: the disk cache must not serve 2.0
    assert len(_entries(cache)) == 2


def test_attribute_chain_through_a_package(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from . import sub\n")
    (pkg / "sub.py").write_text("OFFSET = 1.0\n")
    script = _script(tmp_path, "shift", "asc.adds(t, t, pkg.sub.OFFSET, n)", "import pkg")
    cache = tmp_path / "cache"
    assert _run(script, cache) == 3.0 + 1.0
    (pkg / "sub.py").write_text("OFFSET = 5.0\n")
    assert _run(script, cache) == 3.0 + 5.0


def test_device_function_reached_through_a_module(tmp_path: Path) -> None:
    """`helpers.scale_by` is a device function in another module; what it reads is in the key."""
    (tmp_path / "helpers.py").write_text(textwrap.dedent('''
        import asc
        FACTOR = 2.0

        @asc.jit
        def scale_by(t: asc.LocalTensor, n: int):
            asc.muls(t, t, FACTOR, n)
    '''))
    script = _script(tmp_path, "scaled", "helpers.scale_by(t, n)", "import helpers")
    cache = tmp_path / "cache"
    assert _run(script, cache) == 3.0 * 2.0
    (tmp_path / "helpers.py").write_text((tmp_path / "helpers.py").read_text().replace("2.0", "4.0"))
    assert _run(script, cache) == 3.0 * 4.0


def test_changing_the_host_compiler_recompiles(tmp_path: Path) -> None:
    script = _script(tmp_path, "plain", "asc.adds(t, t, 1.0, n)", "")
    cache = tmp_path / "cache"
    assert _run(script, cache) == 4.0
    assert len(_entries(cache)) == 1
    wrapper = tmp_path / "my-cxx"
    wrapper.write_text('#!/bin/sh\nexec g++ "$@"\n')
    wrapper.chmod(0o755)
    assert _run(script, cache, {"CXX": str(wrapper)}) == 4.0
    assert len(_entries(cache)) == 2  # built by the other compiler, not served from the first
    assert _run(script, cache, {"CXX": str(wrapper)}) == 4.0
    assert len(_entries(cache)) == 2


# -- in one process ---------------------------------------------------------------------------------

def _launch(kernel) -> np.ndarray:
    x = np.arange(64, dtype=np.float32)
    y = np.zeros_like(x)
    kernel[1](x, y, 64)
    return y


def test_rebinding_a_module_attribute_recompiles_in_process(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "rebind_params.py").write_text("SCALE = 2.0\n")
    (tmp_path / "rebind_kernel.py").write_text(
        "import asc\nimport rebind_params\n\n" + _kernel("rebind", "asc.muls(t, t, rebind_params.SCALE, n)"))
    monkeypatch.syspath_prepend(str(tmp_path))
    import rebind_kernel
    import rebind_params

    x = np.arange(64, dtype=np.float32)
    np.testing.assert_array_equal(_launch(rebind_kernel.rebind), x * 2.0)
    rebind_params.SCALE = 3.0
    np.testing.assert_array_equal(_launch(rebind_kernel.rebind), x * 3.0)
    as_float = rebind_kernel.rebind.dependency_key()
    rebind_params.SCALE = 3  # an int32 scalar: other code, so another key although 3 == 3.0
    assert rebind_kernel.rebind.dependency_key() != as_float
    for name in ("rebind_kernel", "rebind_params"):
        sys.modules.pop(name, None)


# -- closures -----------------------------------------------------------------------------------------

def _make_closure_kernel(factor: float):
    import asc as local_asc  # a name only the closure binds

    local_factor = factor

    @local_asc.jit
    def local_helper(t: local_asc.LocalTensor, n: int):
        local_asc.muls(t, t, local_factor, n)

    @local_asc.jit
    def closure_kernel(x: local_asc.GlobalAddress, y: local_asc.GlobalAddress, n: int):
        g = local_asc.GlobalTensor()
        g.set_global_buffer(x, n)
        h = local_asc.GlobalTensor()
        h.set_global_buffer(y, n)
        t = local_asc.LocalTensor(local_asc.float32, local_asc.TPosition.VECIN, 0, n)
        local_asc.data_copy(t, g, n)
        local_asc.set_flag(local_asc.HardEvent.MTE2_V, 0)
        local_asc.wait_flag(local_asc.HardEvent.MTE2_V, 0)
        local_helper(t, n)
        local_asc.adds(t, t, local_factor, n)
        local_asc.set_flag(local_asc.HardEvent.V_MTE3, 0)
        local_asc.wait_flag(local_asc.HardEvent.V_MTE3, 0)
        local_asc.data_copy(h, t, n)

    return closure_kernel


def test_kernel_sees_its_enclosing_functions_names() -> None:
    """`asc` imported in the function, a local constant and a local device function."""
    x = np.arange(64, dtype=np.float32)
    for factor in (2.0, 3.0):  # the same source: the closure's values tell the kernels apart
        np.testing.assert_array_equal(_launch(_make_closure_kernel(factor)), x * factor + factor)


def test_rebinding_a_closure_variable_recompiles() -> None:
    offset = 1.0

    @asc.jit
    def nonlocal_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, n)
        h = asc.GlobalTensor()
        h.set_global_buffer(y, n)
        t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
        asc.data_copy(t, g, n)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.adds(t, t, offset, n)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(h, t, n)

    x = np.arange(64, dtype=np.float32)
    np.testing.assert_array_equal(_launch(nonlocal_kernel), x + 1.0)
    offset = 7.0
    np.testing.assert_array_equal(_launch(nonlocal_kernel), x + 7.0)
    assert offset == 7.0


def test_closure_kernel_in_a_fresh_process(tmp_path: Path) -> None:
    script = tmp_path / "main.py"
    script.write_text("import numpy as np\n\n\ndef make(factor):\n    import asc\n    scale = factor\n\n"
                      + _kernel("inner", "asc.muls(t, t, scale, n)", indent="    ")
                      + "    return inner\n\n\nfor f in (2.0, 5.0):\n" + textwrap.indent(
                          _MAIN.format(name="make(f)"), "    "))
    proc = run_python(str(script), env={"PYASC_CACHE_DIR": str(tmp_path / "cache")})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["6.0", "15.0"]


def test_rebinding_what_a_device_function_reads_recompiles_the_kernel(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "dev_helpers.py").write_text(textwrap.dedent('''
        import asc
        FACTOR = 2.0

        @asc.jit
        def scale_by(t: asc.LocalTensor, n: int):
            asc.muls(t, t, FACTOR, n)
    '''))
    (tmp_path / "dev_kernel.py").write_text(
        "import asc\nimport dev_helpers\n\n" + _kernel("dev", "dev_helpers.scale_by(t, n)"))
    monkeypatch.syspath_prepend(str(tmp_path))
    import dev_helpers
    import dev_kernel

    x = np.arange(64, dtype=np.float32)
    np.testing.assert_array_equal(_launch(dev_kernel.dev), x * 2.0)
    np.testing.assert_array_equal(_launch(dev_kernel.dev), x * 2.0)  # the cached key, reused
    dev_helpers.FACTOR = 5.0
    np.testing.assert_array_equal(_launch(dev_kernel.dev), x * 5.0)
    for name in ("dev_kernel", "dev_helpers"):
        sys.modules.pop(name, None)


def _kernel_applying(op):
    @asc.jit
    def apply(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, n)
        h = asc.GlobalTensor()
        h.set_global_buffer(y, n)
        t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
        asc.data_copy(t, g, n)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        op(t, t, t, n)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(h, t, n)
    return apply


def test_a_closure_bound_to_another_asc_function_is_another_kernel() -> None:
    """Found with the advanced API: the key described asc objects as nothing, so a kernel whose closure
    named asc.mul ran the code compiled for asc.add."""
    x = np.arange(64, dtype=np.float32)
    added, multiplied = np.zeros_like(x), np.zeros_like(x)
    _kernel_applying(asc.add)[1](x, added, 64)
    _kernel_applying(asc.mul)[1](x, multiplied, 64)
    np.testing.assert_array_equal(added, x + x)
    np.testing.assert_array_equal(multiplied, x * x)


def test_toolchain_key_follows_every_simulator_header(tmp_path: Path, monkeypatch) -> None:
    """An edited or added header anywhere under the simulator's include tree (nested directories
    too) changes the toolchain part of every key; an untouched tree gives the same key."""
    import os

    from asc import _C
    from asc.runtime import toolchain

    include = tmp_path / "include"
    (include / "ascsim" / "deep").mkdir(parents=True)
    header = include / "ascsim" / "deep" / "x.h"
    header.write_text("int x;\n")
    monkeypatch.setattr(_C, "SIM_INCLUDE_DIR", include)

    def key() -> str:
        toolchain.toolchain_key.cache_clear()
        return toolchain.toolchain_key()

    try:
        first = key()
        assert key() == first
        st = header.stat()
        os.utime(header, ns=(st.st_atime_ns, st.st_mtime_ns + 1))
        edited = key()
        assert edited != first
        (include / "kernel_operator.h").write_text("\n")
        assert key() not in (first, edited)
    finally:
        toolchain.toolchain_key.cache_clear()
