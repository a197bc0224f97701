"""Corrupt cache entries are rebuilt with a warning; concurrent writers never publish a partial entry;
no build leaves a temporary directory behind."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from conftest import run_python

from asc.runtime.cache import MANIFEST, FileCache

SCRIPT = textwrap.dedent('''
    import numpy as np
    from gm_kernels import affine

    x = np.arange(64, dtype=np.float32)
    y = np.zeros_like(x)
    affine[1](x, y, 64, 1.0, 1.0)
    np.testing.assert_array_equal(y, x + 1)
    print("ok")
''')
LAUNCH_LINE = SCRIPT.splitlines().index("affine[1](x, y, 64, 1.0, 1.0)") + 1


def _run(script: Path, cache: Path):
    proc = run_python(str(script), env={"PYASC_CACHE_DIR": str(cache)})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"
    return proc


def _entry(cache: Path) -> Path:
    (entry,) = [p for p in cache.iterdir() if not p.name.startswith("tmp.")]
    return entry


def _truncate(entry: Path) -> None:
    so = entry / "kernel.so"
    so.write_bytes(so.read_bytes()[:100])


def _garbage(entry: Path) -> None:
    so = entry / "kernel.so"
    so.write_bytes(bytes(range(256)) * (so.stat().st_size // 256 + 1))


def _overwrite_source(entry: Path) -> None:
    (entry / "ascendc.cpp").write_text("// edited\n")


def _bad_manifest(entry: Path) -> None:
    (entry / MANIFEST).write_text("{not json")


def _missing_manifest(entry: Path) -> None:
    (entry / MANIFEST).unlink()


def _missing_file(entry: Path) -> None:
    (entry / "ascir.mlir").unlink()


@pytest.mark.parametrize("damage,problem", [
    (_truncate, "kernel.so does not match its recorded SHA-256 (truncated or overwritten)"),
    (_garbage, "kernel.so does not match its recorded SHA-256 (truncated or overwritten)"),
    (_overwrite_source, "ascendc.cpp does not match its recorded SHA-256 (truncated or overwritten)"),
    (_bad_manifest, "manifest.json is unreadable"),
    (_missing_manifest, "manifest.json is missing"),
    (_missing_file, "ascir.mlir is missing"),
])
def test_corrupt_entry_is_rebuilt_with_a_warning(tmp_path: Path, damage, problem: str) -> None:
    script = tmp_path / "k.py"
    script.write_text(SCRIPT)
    cache = tmp_path / "cache"
    _run(script, cache)
    entry = _entry(cache)
    damage(entry)
    second = _run(script, cache)
    expected = (f"{script}:{LAUNCH_LINE}: CacheWarning: pyasc: the cached build of kernel 'affine' in "
                f"{entry} is corrupt: {problem}")
    assert expected in second.stderr
    assert "it was removed and is rebuilt" in second.stderr
    assert FileCache(cache)._check(_entry(cache)) is None  # rebuilt intact
    third = _run(script, cache)
    assert "CacheWarning" not in third.stderr  # and used from then on


def test_entry_of_an_older_format_is_rebuilt_silently(tmp_path: Path) -> None:
    script = tmp_path / "k.py"
    script.write_text(SCRIPT)
    cache = tmp_path / "cache"
    _run(script, cache)
    entry = _entry(cache)
    manifest = json.loads((entry / MANIFEST).read_text())
    (entry / MANIFEST).write_text(json.dumps({"key": manifest["key"], "files": sorted(manifest["files"])}))
    second = _run(script, cache)
    assert "Warning" not in second.stderr
    assert json.loads((_entry(cache) / MANIFEST).read_text())["format"] == 2


def test_hand_written_kernel_corrupt_entry_is_rebuilt(tmp_path: Path) -> None:
    source = textwrap.dedent('''
        #include "kernel_operator.h"
        extern "C" __global__ __aicore__ void twice(GM_ADDR x, GM_ADDR y, uint32_t n) {
          AscendC::GlobalTensor<float> g, h;
          g.SetGlobalBuffer((__gm__ float *)x, n);
          h.SetGlobalBuffer((__gm__ float *)y, n);
          for (uint32_t i = 0; i < n; ++i)
            h.SetValue(i, g.GetValue(i) * 2);
        }
    ''')
    (tmp_path / "twice.cpp").write_text(source)
    script = tmp_path / "k.py"
    script.write_text(textwrap.dedent('''
        import numpy as np
        from asc.runtime.ascendc_kernel import run_ascendc

        x = np.arange(16, dtype=np.float32)
        y = np.zeros_like(x)
        run_ascendc("twice.cpp", "twice", 1, x, y, 16)
        np.testing.assert_array_equal(y, 2 * x)
        print("ok")
    '''))
    cache = tmp_path / "cache"
    env = {"PYASC_CACHE_DIR": str(cache)}
    assert run_python(str(script), env=env, cwd=tmp_path).returncode == 0
    entry = _entry(cache)
    _truncate(entry)
    proc = run_python(str(script), env=env, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert f"{script}:7: CacheWarning: pyasc: the cached build of Ascend C kernel 'twice' in {entry} " \
           "is corrupt: kernel.so does not match its recorded SHA-256" in proc.stderr
    assert FileCache(cache)._check(_entry(cache)) is None


STRESS = Path(__file__).resolve().parents[2] / "scripts" / "cache_stress.py"


def test_concurrent_compiles_into_one_cache(tmp_path: Path) -> None:
    """8 processes x 4 threads compile and launch the same and different kernels at once."""
    cache = tmp_path / "cache"
    proc = run_python(str(STRESS), "--processes", "8", "--threads", "4", "--rounds", "2",
                      "--cache", str(cache))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "failures: 0" in proc.stdout
    assert "corrupt entries: 0" in proc.stdout
    assert "entries: 5" in proc.stdout
    assert "leftover temporary directories: 0" in proc.stdout


# -- temporary build directories ----------------------------------------------------------------------

BROKEN = 'extern "C" void broken(int *x) { this does not compile; }'


@pytest.fixture
def private_tmp(tmp_path: Path, monkeypatch) -> Path:
    """A private temporary directory for tempfile (others may build kernels in /tmp meanwhile)."""
    import tempfile

    tmp = tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))
    monkeypatch.setenv("PYASC_CACHE_DIR", str(tmp_path / "cache"))
    return tmp


def test_always_compile_leaves_no_build_directory(private_tmp: Path) -> None:
    import numpy as np
    from test_launch_errors import copy_kernel

    import asc

    kernel = asc.jit(always_compile=True)(copy_kernel.fn)
    x = np.arange(64, dtype=np.float32)
    for _ in range(2):
        y = np.zeros_like(x)
        kernel[1](x, y, 64)
        np.testing.assert_array_equal(x, y)
    assert list(private_tmp.iterdir()) == []


def test_failed_build_leaves_no_build_directory(private_tmp: Path, monkeypatch) -> None:
    import numpy as np
    from test_launch_errors import copy_kernel

    import asc
    from asc.runtime import launcher
    from asc.runtime.jit import KernelBuildError

    def fail(source, workdir, debug=False):
        raise launcher.BuildError(["c++"], "simulated compiler failure")

    monkeypatch.setattr(launcher, "build", fail)
    kernel = asc.jit(always_compile=True)(copy_kernel.fn)
    x = np.arange(64, dtype=np.float32)
    with pytest.raises(KernelBuildError, match="simulated compiler failure"):
        kernel[1](x, np.zeros_like(x), 64)
    assert list(private_tmp.iterdir()) == []


def test_hand_written_kernels_leave_no_build_directory(private_tmp: Path) -> None:
    from asc.runtime.ascendc_kernel import AscendCCompileError, compile_ascendc

    source = ('#include "kernel_operator.h"\n'
              'extern "C" __global__ __aicore__ void nothing(GM_ADDR x) {}\n')
    kernel = compile_ascendc(source, "nothing")
    assert kernel.param_types == ["pointer"]
    with pytest.raises(AscendCCompileError, match="did not compile"):
        compile_ascendc(BROKEN, "broken")
    assert list(private_tmp.iterdir()) == []
