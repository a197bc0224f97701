"""@asc.jit options given as keyword arguments of a launch (pyasc_api.md §2.1: "merged over the
decorator defaults"), next to the kernel's own arguments."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.runtime import compiler
from asc.runtime.errors import KernelError, LaunchCallError, LaunchTypeError, LaunchValueError


@asc.jit(sim_budget=100_000)
def counted(x: asc.GlobalAddress, iters: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 64)
    total = 0
    for i in range(iters):
        total = total + i
    xg.set_value(0, total)


def _line(text: str) -> int:
    """The line of this file that holds `text` (after this function)."""
    with open(__file__) as f:
        return next(i for i, line in enumerate(f, 1) if text in line and "_line(" not in line)


def test_a_launch_option_overrides_the_decorator() -> None:
    x = np.zeros(64, dtype=np.int32)
    counted[1](x, 3000)  # within the decorator's budget
    assert x[0] == sum(range(3000))
    with pytest.raises(KernelError, match="ran more than 1000 steps") as e:
        counted[1](x, 3000, sim_budget=1000)
    assert e.value.category == "watchdog"
    # As a keyword argument among the kernel's own, which may be keywords too.
    with pytest.raises(KernelError, match="ran more than 1000 steps"):
        counted[1](x, sim_budget=1000, iters=3000)
    x[0] = 0
    counted[1](x=x, iters=3000)  # the decorator's options again
    assert x[0] == sum(range(3000))


def test_always_compile_at_the_launch_compiles_again(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    original = compiler.compile_source
    monkeypatch.setattr(compiler, "compile_source", lambda *a, **k: calls.append(1) or original(*a, **k))
    x = np.zeros(64, dtype=np.int32)
    counted[1](x, 10)
    before = len(calls)
    counted[1](x, 10, always_compile=True)
    counted[1](x, 10, always_compile=True)
    assert len(calls) == before + 2
    assert x[0] == 45
    counted[1](x, 10)  # the decorator's options: the kernel compiled before
    assert len(calls) == before + 2


def test_a_bad_launch_option_is_an_error_at_the_launch_line() -> None:
    x = np.zeros(64, dtype=np.int32)
    with pytest.raises(LaunchValueError) as e:
        counted[1](x, 10, opt_level=7)  # the bad option
    assert e.value.message == "kernel 'counted': opt_level must be 1, 2 or 3, but got 7"
    assert e.value.location.file == __file__ and e.value.location.line == _line("opt_level=7)  # the bad option")
    with pytest.raises(LaunchTypeError) as e:
        counted[1](x, 10, debug="yes")
    assert e.value.message == "kernel 'counted': debug must be True or False, but got 'yes'"
    # Argument errors of a launch with options still point at the launch line.
    with pytest.raises(LaunchTypeError) as e:
        counted[1](x, 1.5, sim_budget=10)  # a float for iters
    assert e.value.message == "kernel 'counted': argument 'iters' is annotated int but got float 1.5"
    assert e.value.location.line == _line("sim_budget=10)  # a float for iters")


def test_an_option_the_model_backend_refuses_is_an_error_at_the_launch_line() -> None:
    kernel = asc.jit(auto_sync_log="sync.log")(counted.fn)
    with pytest.raises(LaunchValueError) as e:
        kernel[1](np.zeros(64, dtype=np.int32), 3)  # auto_sync_log on Model
    assert e.value.message.startswith("kernel 'counted': auto_sync_log='sync.log' is bisheng's log")
    assert e.value.location.file == __file__
    assert e.value.location.line == _line("3)  # auto_sync_log on Model")
    with pytest.raises(LaunchValueError) as e:
        counted[1](np.zeros(64, dtype=np.int32), 3, auto_sync_log="sync.log")  # at the launch
    assert e.value.location.line == _line("auto_sync_log=\"sync.log\")  # at the launch")


def test_calling_a_kernel_without_blocks_is_an_error_at_the_call() -> None:
    with pytest.raises(LaunchCallError) as e:
        counted(np.zeros(64, dtype=np.int32), 3)  # no [num_blocks]
    assert e.value.message == ("'counted' is a kernel: launch it with counted[num_blocks](...) or "
                               "counted[num_blocks, stream](...)")
    assert e.value.location.file == __file__ and e.value.location.line == _line("3)  # no [num_blocks]")
    assert isinstance(e.value, RuntimeError)  # as before (and as pyasc raises)


def test_option_records_where_pyasc_defines_them() -> None:
    from asc.runtime import compiler, launcher, options

    assert compiler.CompileOptions is options.CompileOptions is asc.CompileOptions
    assert launcher.LaunchOptions is options.LaunchOptions is asc.LaunchOptions
    assert asc.CodegenOptions is options.CodegenOptions
    assert launcher.LaunchOptions() == launcher.LaunchOptions(core_num=0, stream=None)
    assert compiler.CompileOptions().opt_level == 3 and compiler.CompileOptions().insert_sync is None


@pytest.mark.parametrize("value", ["-O2", 3, ("-O2", 3)])
def test_bisheng_options_are_checked_at_the_decorator(value) -> None:
    with pytest.raises(TypeError) as e:
        asc.jit(bisheng_options=value)(counted.fn)
    assert str(e.value) == f"bisheng_options must be a tuple of strings, got {value!r}"


def test_bisheng_options_as_a_list() -> None:
    kernel = asc.jit(bisheng_options=["-DX=1"])(counted.fn)
    assert kernel.options.compile.bisheng_options == ("-DX=1",)
    x = np.zeros(64, dtype=np.int32)
    kernel[1](x, 4)  # no bisheng on the Model backend: the kernel runs as compiled by the simulator
    assert x[0] == 6


def test_a_parameter_named_like_an_option_is_an_error_naming_the_file_and_line() -> None:
    # The error named the kernel but not where it is (file and line).
    def kernel(x: asc.GlobalAddress, debug: int, sim_budget: int) -> None:
        pass

    line = kernel.__code__.co_firstlineno
    with pytest.raises(RuntimeError) as info:
        asc.jit(kernel)
    assert str(info.value) == (
        f"{__file__}:{line}: kernel 'kernel' has parameter(s) ['debug', 'sim_budget'] named like @asc.jit options "
        "(a launch takes options as keyword arguments); rename them")
