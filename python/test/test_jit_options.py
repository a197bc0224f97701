"""Every @asc.jit option has an effect, or is refused with a reason (docs/runtime.md, "Options").

auto_sync, insert_sync and verify_sync have their own tests in test_auto_sync.py; kernel_type and
bisheng_options belong to the cube and NPU work."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError
from asc.runtime import compiler
from asc.runtime.options import CompileOptions, JitOptions


def _body(x: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 64)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
    for _i in range(n):
        k = n * 8  # loop-invariant
        asc.duplicate(t, 1.0, k)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(xg, t, 64)


def _compile(monkeypatch: pytest.MonkeyPatch, **options) -> compiler.CompiledSource:
    seen: list[compiler.CompiledSource] = []
    original = compiler.compile_source
    monkeypatch.setattr(compiler, "compile_source", lambda *a, **k: seen.append(original(*a, **k)) or seen[-1])
    kernel = asc.jit(always_compile=True, **options)(_body)
    x = np.zeros(64, dtype=np.float32)
    kernel[1](x, 8)
    np.testing.assert_array_equal(x, np.ones(64, dtype=np.float32))
    return seen[-1]


def test_unknown_option_is_a_type_error_listing_the_valid_ones() -> None:
    with pytest.raises(TypeError) as info:
        asc.jit(auto_synch=True)(_body)
    assert str(info.value) == (
        "unknown option(s) ['auto_synch'] for @asc.jit; valid options: ['always_compile', 'auto_sync', "
        "'auto_sync_log', 'bisheng_options', 'capture_exceptions', 'debug', 'insert_sync', "
        "'ir_multithreading', 'kernel_type', 'matmul_cube_only', 'opt_level', 'print_ir_before_all', "
        "'run_passes', 'sim_budget', 'strip_loc', 'verify_sync']")


@pytest.mark.parametrize("name,value,message", [
    ("auto_sync", 1, "auto_sync must be True or False, but got 1"),
    ("insert_sync", "yes", "insert_sync must be True or False, but got 'yes'"),
    ("verify_sync", None, "verify_sync must be True or False, but got None"),
    ("capture_exceptions", 0, "capture_exceptions must be True or False, but got 0"),
    ("auto_sync_log", 3, "auto_sync_log must be a file name (str), but got 3"),
])
def test_option_types_are_checked(name: str, value: object, message: str) -> None:
    with pytest.raises(TypeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        asc.jit(**{name: value})(_body)


def test_opt_level_selects_the_clean_up_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "canonicalize" not in compiler.pipeline(_info(), JitOptions(compile=CompileOptions(opt_level=1)))
    o1 = _compile(monkeypatch, opt_level=1)
    o2 = _compile(monkeypatch, opt_level=2)
    o3 = _compile(monkeypatch, opt_level=3)
    # Without canonicalize/cse the constants of every statement stay; level 3 hoists n * 8 out of the loop.
    assert o1.ir_after.count("arith.constant") > o2.ir_after.count("arith.constant")
    loop2 = o2.ir_after[o2.ir_after.index("scf.for"):]
    loop3 = o3.ir_after[o3.ir_after.index("scf.for"):]
    assert "arith.muli" in loop2.split("}")[0] and "arith.muli" not in loop3.split("}")[0]
    with pytest.raises(ValueError, match="opt_level must be 1, 2 or 3, but got 4"):
        asc.jit(opt_level=4)(_body)


def _info():
    from asc.runtime import config

    return config.platform_info(config.current_platform())


def test_print_ir_before_all_prints_the_module_before_every_pass(monkeypatch: pytest.MonkeyPatch,
                                                                 capfd: pytest.CaptureFixture[str]) -> None:
    _compile(monkeypatch, print_ir_before_all=True)
    err = capfd.readouterr().err
    assert "// -----// IR Dump Before AscPrivatizeDeviceFunctions (asc-privatize-device-functions)" in err
    assert "// -----// IR Dump Before CSE (cse)" in err
    _compile(monkeypatch)
    assert "IR Dump" not in capfd.readouterr().err


def test_ir_multithreading_switches_the_context(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _compile(monkeypatch).multithreaded is True
    assert _compile(monkeypatch, ir_multithreading=False).multithreaded is False


def _divides_by_zero(x: asc.GlobalAddress):
    k = 1 // 0  # noqa: F841 - a compile-time error
    asc.get_block_idx()


def test_capture_exceptions() -> None:
    x = np.zeros(8, dtype=np.float32)
    with pytest.raises(CompileError, match="integer division or modulo by zero"):
        asc.jit(always_compile=True)(_divides_by_zero)[1](x)
    with pytest.raises(ZeroDivisionError):
        asc.jit(always_compile=True, capture_exceptions=False)(_divides_by_zero)[1](x)


def test_matmul_cube_only_without_a_matmul_is_refused() -> None:
    kernel = asc.jit(always_compile=True, matmul_cube_only=True)(_body)
    with pytest.raises(CompileError) as info:
        kernel[1](np.zeros(64, dtype=np.float32), 8)
    assert str(info.value.message).startswith("matmul_cube_only=True: this kernel has no Matmul")
    assert info.value.location.line == _body.__code__.co_firstlineno


def test_auto_sync_log_is_refused_on_the_model_backend() -> None:
    kernel = asc.jit(auto_sync_log="sync.log")(_body)
    with pytest.raises(ValueError, match=r"auto_sync_log='sync.log' is bisheng's log .* only the NPU backend"):
        kernel[1](np.zeros(64, dtype=np.float32), 8)


def test_strip_loc_and_run_passes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert "strip-debuginfo" in compiler.pipeline(_info(), JitOptions(compile=CompileOptions(strip_loc=True)))
    raw = _compile(monkeypatch, run_passes=False)
    # Without the pipeline only asc-kernel-type runs (the kernel type decides which cores run it).
    assert re.sub(r", asc.kernel_type = #asc<kernel_type \w+>", "", raw.ir_after) == raw.ir_before
