"""The disk cache (hit in a fresh process, private, atomic) and PYASC_DUMP_PATH."""

from __future__ import annotations

import os
import stat
import textwrap
from pathlib import Path

from conftest import dumped, run_python
from test_launch_errors import copy_kernel as _copy_kernel

KERNEL = textwrap.dedent('''
    import sys, time
    import numpy as np
    import asc

    @asc.jit
    def scale_copy(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x + asc.get_block_idx() * n, n)
        h = asc.GlobalTensor()
        h.set_global_buffer(y + asc.get_block_idx() * n, n)
        t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
        asc.data_copy(t, g, n)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(h, t, n)

    x = np.arange(4 * 64, dtype=np.float32)
    y = np.zeros_like(x)
    start = time.perf_counter()
    scale_copy[4](x, y, 64)
    print(f"elapsed {time.perf_counter() - start:.3f}")
    assert (x == y).all()
''')


#: A second kernel for the script above (appended to it).
TWO_KERNELS = textwrap.dedent('''
    @asc.jit
    def other_copy(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, n)
        h = asc.GlobalTensor()
        h.set_global_buffer(y, n)
        t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
        asc.data_copy(t, g, n)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(h, t, n)

    other_copy[1](x, y, 64)
''')

def test_disk_cache_hit_in_a_fresh_process(tmp_path: Path) -> None:
    script = tmp_path / "k.py"
    script.write_text(KERNEL)
    cache = tmp_path / "cache"
    env = {"PYASC_CACHE_DIR": str(cache)}
    first = run_python(str(script), env=env)
    assert first.returncode == 0, first.stderr
    entries = [p for p in cache.iterdir() if not p.name.startswith("tmp.")]
    assert len(entries) == 1
    assert sorted(p.name for p in entries[0].iterdir()) == ["ascendc.cpp", "ascir.mlir", "kernel.so",
                                                            "manifest.json"]
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    mtime = (entries[0] / "kernel.so").stat().st_mtime_ns
    second = run_python(str(script), env=env)
    assert second.returncode == 0, second.stderr
    assert (entries[0] / "kernel.so").stat().st_mtime_ns == mtime  # reused, not rebuilt
    assert [p.name for p in cache.iterdir()] == [entries[0].name]


def test_changed_constant_recompiles(tmp_path: Path) -> None:
    script = tmp_path / "k.py"
    cache = tmp_path / "cache"
    script.write_text(KERNEL)
    assert run_python(str(script), env={"PYASC_CACHE_DIR": str(cache)}).returncode == 0
    script.write_text(KERNEL.replace("x + asc.get_block_idx() * n", "x + n * asc.get_block_idx()"))
    assert run_python(str(script), env={"PYASC_CACHE_DIR": str(cache)}).returncode == 0
    assert len([p for p in cache.iterdir()]) == 2


def test_untrusted_cache_entry_is_not_loaded(tmp_path: Path) -> None:
    script = tmp_path / "k.py"
    script.write_text(KERNEL)
    cache = tmp_path / "cache"
    env = {"PYASC_CACHE_DIR": str(cache)}
    assert run_python(str(script), env=env).returncode == 0
    (entry,) = list(cache.iterdir())
    so = entry / "kernel.so"
    os.chmod(so, 0o777)  # writable by anyone: must not be trusted
    mtime = so.stat().st_mtime_ns
    proc = run_python(str(script), env=env)
    assert proc.returncode == 0, proc.stderr
    # The entry was rejected and replaced by a fresh build with safe permissions.
    assert so.stat().st_mtime_ns != mtime
    assert stat.S_IMODE(so.stat().st_mode) == 0o700


def _python_line(cpp: str, statement: str) -> tuple[str, int]:
    """The file/line the C++ compiler attributes to `statement`, following #line directives."""
    file, line = "", 0
    for text in cpp.splitlines():
        if text.startswith("#line "):
            _, number, name = text.split(" ", 2)
            file, line = name.strip('"'), int(number)
            continue
        if statement in text:
            return file, line
        line += 1
    raise AssertionError(f"{statement!r} not in the source")


def test_dump_path_writes_ir_and_ascendc(tmp_path: Path) -> None:
    script = tmp_path / "k.py"
    script.write_text(KERNEL)
    dump = tmp_path / "dump"
    proc = run_python(str(script), env={"PYASC_CACHE_DIR": str(tmp_path / "c"), "PYASC_DUMP_PATH": str(dump)})
    assert proc.returncode == 0, proc.stderr
    folder = dumped(dump, "scale_copy")
    assert [p.name for p in dump.iterdir()] == [folder.name]
    assert sorted(p.name for p in folder.iterdir()) == ["ascendc.cpp", "ascir.mlir", "codegen.mlir"]
    cpp = (folder / "ascendc.cpp").read_text()
    assert '#include "kernel_operator.h"' in cpp
    assert 'extern "C" __global__ __aicore__ void pyasc_scale_copy(__gm__ float* x, __gm__ float* y, int32_t n)' in cpp
    assert _python_line(cpp, "AscendC::GlobalTensor<float> g;") == (str(script.resolve()), 8)
    assert _python_line(cpp, "AscendC::DataCopy(h, t, n);") == (str(script.resolve()), 16)
    assert "AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(0);" in cpp
    # The simulator's entry points, which CANN's kernel_operator.h leaves out (it defines no ASCSIM).
    assert cpp.endswith('}\n\n#ifdef ASCSIM\n#line 1 "<pyasc-simulator-entry>"\n#include "ascsim_entry.h"\n'
                        'ASCSIM_ENTRY(pyasc_scale_copy)\nASCSIM_KERNEL_TYPE(KERNEL_TYPE_AIV_ONLY)\n#endif\n')
    assert "asc.data_copy" in (folder / "codegen.mlir").read_text()
    assert "came from the cache" not in proc.stderr


def test_dump_path_keeps_one_folder_per_kernel_and_names_it_on_a_cache_hit(tmp_path: Path) -> None:
    script = tmp_path / "k.py"
    script.write_text(KERNEL + TWO_KERNELS)
    dump = tmp_path / "dump"
    env = {"PYASC_CACHE_DIR": str(tmp_path / "c"), "PYASC_DUMP_PATH": str(dump)}
    proc = run_python(str(script), env=env)
    assert proc.returncode == 0, proc.stderr
    folders = sorted(p.name for p in dump.iterdir())
    assert [f.split("-")[0] for f in folders] == ["other_copy", "scale_copy"]
    assert all(sorted(p.name for p in (dump / f).iterdir()) == ["ascendc.cpp", "ascir.mlir", "codegen.mlir"]
               for f in folders)
    assert "void pyasc_other_copy(" in (dumped(dump, "other_copy") / "ascendc.cpp").read_text()
    # A fresh process hits the disk cache: nothing is compiled, and stderr says where the dumps are.
    again = run_python(str(script), env=env)
    assert again.returncode == 0, again.stderr
    for name in ("scale_copy", "other_copy"):
        assert (f"[pyasc] kernel '{name}' came from the cache (not compiled again); its dump is in "
                f"{dumped(dump, name)}\n") in again.stderr
    # Dumps removed meanwhile are written again from the cache entry (without the frontend's IR).
    import shutil

    shutil.rmtree(dump)
    third = run_python(str(script), env=env)
    assert third.returncode == 0, third.stderr
    assert sorted(p.name for p in dumped(dump, "scale_copy").iterdir()) == ["ascendc.cpp", "ascir.mlir"]
    assert "; codegen.mlir exists only for a compile (use always_compile=True)" in third.stderr


def test_debug_build_line_table_names_the_python_file(tmp_path: Path) -> None:
    import shutil
    import subprocess

    script = tmp_path / "dbg.py"
    script.write_text(KERNEL.replace("@asc.jit", "@asc.jit(debug=True)"))
    cache = tmp_path / "cache"
    proc = run_python(str(script), env={"PYASC_CACHE_DIR": str(cache)})
    assert proc.returncode == 0, proc.stderr
    (entry,) = [p for p in cache.iterdir() if not p.name.startswith("tmp.")]
    objdump = shutil.which("objdump")
    if objdump is None:
        import pytest

        pytest.skip("objdump is not installed")
    lines = subprocess.run([objdump, "--dwarf=decodedline", str(entry / "kernel.so")], capture_output=True,
                           text=True).stdout
    assert "dbg.py" in lines
    # The kernel's data_copy(h, t, n) line (16) is in the table, as gdb needs for `break dbg.py:16`.
    assert any(line.split()[:2] == ["dbg.py", "16"] for line in lines.splitlines() if line.strip())


HELPER_KERNEL = textwrap.dedent('''
    import numpy as np
    import asc

    @asc.jit
    def helper(t, g, n):
        asc.data_copy(t, g, n)

    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, n)
        t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
        helper(t, g, n)

    k[1](np.zeros(64, dtype=np.float32), 64)
''')


def test_changing_a_called_device_function_recompiles(tmp_path: Path) -> None:
    script = tmp_path / "k.py"
    cache = tmp_path / "cache"
    script.write_text(HELPER_KERNEL)
    assert run_python(str(script), env={"PYASC_CACHE_DIR": str(cache)}).returncode == 0
    script.write_text(HELPER_KERNEL.replace("asc.data_copy(t, g, n)", "asc.data_copy(t, g, n // 2)"))
    assert run_python(str(script), env={"PYASC_CACHE_DIR": str(cache)}).returncode == 0
    assert len(list(cache.iterdir())) == 2


def test_entry_owned_by_another_user_is_not_loaded(tmp_path: Path) -> None:
    import pytest

    if os.getuid() != 0:
        pytest.skip("needs root to give a file to another user")
    script = tmp_path / "k.py"
    script.write_text(KERNEL)
    cache = tmp_path / "cache"
    env = {"PYASC_CACHE_DIR": str(cache)}
    assert run_python(str(script), env=env).returncode == 0
    (entry,) = list(cache.iterdir())
    os.chown(entry / "kernel.so", 65534, 65534)  # nobody
    assert run_python(str(script), env=env).returncode == 0
    assert (entry / "kernel.so").stat().st_uid == os.getuid()  # rebuilt by us, not loaded


def test_always_compile_bypasses_both_caches(tmp_path: Path, monkeypatch) -> None:
    import numpy as np

    import asc
    import asc.runtime.compiler as compiler

    calls = []
    original = compiler.compile_source
    monkeypatch.setattr(compiler, "compile_source", lambda *a, **k: calls.append(1) or original(*a, **k))
    monkeypatch.setenv("PYASC_CACHE_DIR", str(tmp_path / "cache"))
    kernel = asc.jit(always_compile=True)(_copy_kernel.fn)
    x = np.arange(64, dtype=np.float32)
    for _ in range(2):
        y = np.zeros_like(x)
        kernel[1](x, y, 64)
        np.testing.assert_array_equal(x, y)
    assert len(calls) == 2  # compiled at every launch: no in-memory hit
    assert not (tmp_path / "cache").exists() or not any((tmp_path / "cache").iterdir())  # no disk write

