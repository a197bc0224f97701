"""The simulator never hangs, never takes Python down, and gives the same numbers on any number of host
threads: the watchdog, Ctrl-C during a launch, memory faults in kernel code, float atomics in block
order (docs/reliability.md)."""

from __future__ import annotations

import contextlib
import inspect
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.errors import EnvironmentVariableError
from asc.runtime.ascendc_kernel import compile_ascendc
from asc.runtime.errors import KernelError

REPO = Path(__file__).resolve().parents[3]


def line_of(kernel, text: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


# ----------------------------------------------------------------------------- the watchdog


@asc.jit(sim_budget=10_000)
def endless_scalar_loop(x: asc.GlobalAddress, k: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 64)
    n = k
    while n > 0:  # n never changes: no API call in the body
        k = k + 1
    xg.set_value(0, k)


@asc.jit
def endless_copy_loop(x: asc.GlobalAddress, k: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 64)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    n = k
    while n > 0:
        asc.data_copy(a, xg, 64)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def counted_loop(x: asc.GlobalAddress, iters: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 64)
    total = 0
    for i in range(iters):
        total = total + i
    xg.set_value(0, total)


def test_endless_loop_without_api_calls_stops_at_the_loop_line() -> None:
    x = np.zeros(64, dtype=np.int32)
    with pytest.raises(KernelError) as e:
        endless_scalar_loop[2](x, 1)
    err = e.value
    assert err.category == "watchdog"
    assert err.block == 0  # the lowest block that exceeded the budget, whatever the threads
    assert err.location.line == line_of(endless_scalar_loop, "while n > 0")
    loop = f"{err.location.file}:{err.location.line}"
    assert str(err).splitlines()[0].endswith(
        "kernel 'endless_scalar_loop' (block 0): ran more than 10000 steps (API calls and loop "
        f"iterations), the watchdog's budget per block: the loop at {loop} may never end. If it is "
        "only long, raise the budget: PYASC_SIM_BUDGET=<steps> or @asc.jit(sim_budget=<steps>) "
        "(0 = no limit)")
    assert err.notes == []  # the other block was stopped, not reported


def test_budget_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYASC_SIM_BUDGET", "5000")
    x = np.zeros(64, dtype=np.float32)
    start = time.perf_counter()
    with pytest.raises(KernelError, match="ran more than 5000 steps") as e:
        endless_copy_loop[48](x, 1)
    assert time.perf_counter() - start < 10
    assert e.value.category == "watchdog" and e.value.block == 0
    assert e.value.location.line == line_of(endless_copy_loop, "while n > 0")


def test_long_loops_run_within_the_budget_and_zero_means_no_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    x = np.zeros(64, dtype=np.int32)
    counted_loop[1](x, 3000)  # the default budget
    assert x[0] == sum(range(3000))
    monkeypatch.setenv("PYASC_SIM_BUDGET", "1000")
    with pytest.raises(KernelError, match="ran more than 1000 steps"):
        counted_loop[1](x, 3000)
    monkeypatch.setenv("PYASC_SIM_BUDGET", "0")
    x[0] = 0
    counted_loop[1](x, 3000)
    assert x[0] == sum(range(3000))


def test_bad_budgets_are_value_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYASC_SIM_BUDGET", "lots")
    with pytest.raises(EnvironmentVariableError, match=r"environment variable PYASC_SIM_BUDGET='lots' is not "
                       r"valid: expected a whole number of steps per block \(0: no limit; empty: the default, "
                       r"100000000\)"):
        counted_loop[1](np.zeros(64, dtype=np.int32), 3)
    with pytest.raises(ValueError, match="sim_budget must be a non-negative int"):
        asc.jit(sim_budget=-1)(counted_loop.fn)
    assert asc._C.sim.Config(step_budget=7).step_budget == 7
    assert asc._C.sim.Config().step_budget == 100_000_000


# ----------------------------------------------------------------------------- Ctrl-C

# The long launch's iterations: 48 blocks x 3,000,000 take ~20 s uninterrupted (2026-12-05). The tests
# send SIGINT 0.5 s into it; 100,000 took minutes once and 0.67 s by then, so a SIGINT delayed on a
# loaded host could arrive after the launch had finished.
LONG = 3_000_000

CTRL_C_SCRIPT = textwrap.dedent("""
    import sys
    import numpy as np
    import asc

    @asc.jit
    def long_loop(x: asc.GlobalAddress, z: asc.GlobalAddress, iters: int):
        xg = asc.GlobalTensor()
        zg = asc.GlobalTensor()
        xg.set_global_buffer(x + asc.get_block_idx() * 64, 64)
        zg.set_global_buffer(z + asc.get_block_idx() * 64, 64)
        a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        for i in range(iters):
            asc.data_copy(a, xg, 64)
            asc.pipe_barrier(asc.PipeID.PIPE_ALL)
            asc.data_copy(zg, a, 64)
            asc.pipe_barrier(asc.PipeID.PIPE_ALL)

    x = np.ones(64 * 48, np.float32)
    z = np.zeros_like(x)
    long_loop[48](x, z, 1)  # compiled
    print("launching", flush=True)
    try:
        long_loop[48](x, z, LONG)
    except KeyboardInterrupt:
        print("KeyboardInterrupt", flush=True)
        z[:] = 0
        long_loop[48](x, z, 2)
        print("next launch", float(z.sum()), flush=True)
        sys.exit(0)
    print("not interrupted", flush=True)
    sys.exit(1)
""").replace("LONG", str(LONG))


@contextlib.contextmanager
def _script(path: Path, source: str) -> Iterator[subprocess.Popen]:
    """Runs `source` as a Python script at `path` (its output a pipe of text lines); killed at the end.

    The script starts with Python's own Ctrl-C handler, as in a terminal: a child of a pytest started as a
    background job inherits SIGINT ignored, and Python then installs no handler at all."""
    path.write_text("import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n" + source)
    proc = subprocess.Popen([sys.executable, str(path)], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        assert proc.stdout is not None
        yield proc
    finally:
        proc.kill()
        proc.wait()


def test_ctrl_c_stops_a_long_launch_within_a_second(tmp_path: Path) -> None:
    with _script(tmp_path / "long_launch.py", CTRL_C_SCRIPT) as proc:
        assert proc.stdout.readline().strip() == "launching"
        time.sleep(0.5)  # inside the launch (uninterrupted it takes ~20 s: LONG)
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        assert proc.stdout.readline().strip() == "KeyboardInterrupt"
        assert time.monotonic() - sent < 1.0
        assert proc.stdout.readline().strip() == "next launch 3072.0"
        assert proc.wait(timeout=30) == 0


CTRL_C_BETWEEN_LAUNCHES = CTRL_C_SCRIPT.split("long_loop[48](x, z, 1)  # compiled")[0] + textwrap.dedent("""
    import signal
    import threading

    long_loop[48](x, z, 1)  # the launch's SIGINT handler goes in, and stays
    try:
        signal.raise_signal(signal.SIGINT)  # outside a launch: Python's handler, as without pyasc
        print("no KeyboardInterrupt", flush=True)
    except KeyboardInterrupt:
        print("KeyboardInterrupt", flush=True)
    z[:] = 0
    thread = threading.Thread(target=lambda: long_loop[48](x, z, 2))  # not stopped by that Ctrl-C
    thread.start()
    thread.join()
    print("thread launch", float(z.sum()), flush=True)
    calls = []

    def handler(sig, frame):
        calls.append(sig)
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, handler)  # replaces the launch's handler: the next launch puts it back
    print("launching", flush=True)
    try:
        long_loop[48](x, z, LONG)
    except KeyboardInterrupt:
        print("stopped", calls == [signal.SIGINT], flush=True)
        sys.exit(0)
    sys.exit(1)
""").replace("LONG", str(LONG))


def test_ctrl_c_between_launches_and_a_handler_set_after_them(tmp_path: Path) -> None:
    with _script(tmp_path / "between.py", CTRL_C_BETWEEN_LAUNCHES) as proc:
        assert proc.stdout.readline().strip() == "KeyboardInterrupt"
        assert proc.stdout.readline().strip() == "thread launch 3072.0"
        assert proc.stdout.readline().strip() == "launching"
        time.sleep(0.5)
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        assert proc.stdout.readline().strip() == "stopped True"
        assert time.monotonic() - sent < 1.0
        assert proc.wait(timeout=30) == 0


# ----------------------------------------------------------------------------- memory faults

WILD_POINTER = """
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void wild(GM_ADDR x, int32_t bad_block) {
  AscendC::GlobalTensor<float> xg;
  xg.SetGlobalBuffer((__gm__ float *)x, 64);
  xg.SetValue(AscendC::GetBlockIdx(), 1.0f);
  if (AscendC::GetBlockIdx() == bad_block) {
    volatile float *p = (volatile float *)(uintptr_t)16;
    *p = 2.0f;
  }
}
"""

DIVIDE = """
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void divide(GM_ADDR x, int32_t d) {
  AscendC::GlobalTensor<int32_t> xg;
  xg.SetGlobalBuffer((__gm__ int32_t *)x, 64);
  volatile int32_t divisor = d;
  xg.SetValue(0, 100 / divisor);
}
"""

RECURSE = """
#include "kernel_operator.h"
static int32_t deep(volatile int32_t *frame, int32_t n) {
  volatile int32_t local[256];
  local[n & 255] = n;
  return n == 0 ? *frame : deep(local, n + 1) + local[(n + 1) & 255];
}
extern "C" __global__ __aicore__ void recurse(GM_ADDR x, int32_t n) {
  AscendC::GlobalTensor<int32_t> xg;
  xg.SetGlobalBuffer((__gm__ int32_t *)x, 64);
  volatile int32_t start = n;
  xg.SetValue(0, deep(&start, n));
}
"""


def test_a_wild_pointer_is_an_error_naming_the_block_and_python_goes_on() -> None:
    kernel = compile_ascendc(WILD_POINTER, "wild")
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(KernelError) as e:
        kernel(4, x, 2)
    err = e.value
    assert err.category == "fault" and err.block == 2
    first = str(err).splitlines()[0]
    assert "kernel 'wild' (block 2): memory fault in the kernel's code: SIGSEGV (address 0x10: not mapped)" \
        in first
    set_value_line = WILD_POINTER.splitlines().index("  xg.SetValue(AscendC::GetBlockIdx(), 1.0f);") + 1
    assert err.location.line == set_value_line  # the last API call before the fault
    np.testing.assert_array_equal(x[:4], [1, 1, 1, 1])  # every block ran up to the fault
    x[:] = 0
    r = kernel(4, x, -1)  # the process goes on: the next launch works
    assert r.ok
    np.testing.assert_array_equal(x[:4], [1, 1, 1, 1])


def test_faults_on_many_host_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    kernel = compile_ascendc(WILD_POINTER, "wild")
    for threads in ("1", "2", "4"):
        monkeypatch.setenv("PYASC_SIM_THREADS", threads)
        for bad in (0, 5):
            with pytest.raises(KernelError) as e:
                kernel(8, np.zeros(64, dtype=np.float32), bad)
            assert e.value.category == "fault" and e.value.block == bad


def test_integer_division_by_zero_in_hand_written_code() -> None:
    kernel = compile_ascendc(DIVIDE, "divide")
    with pytest.raises(KernelError, match=r"SIGFPE \(integer division by zero\)") as e:
        kernel(1, np.zeros(64, dtype=np.int32), 0)
    assert e.value.category == "fault"
    x = np.zeros(64, dtype=np.int32)
    kernel(1, x, 7)
    assert x[0] == 14


def test_stack_overflow_is_caught_on_the_alternate_stack() -> None:
    kernel = compile_ascendc(RECURSE, "recurse")
    with pytest.raises(KernelError, match="memory fault in the kernel's code: SIGSEGV") as e:
        kernel(1, np.zeros(64, dtype=np.int32), 1)
    assert e.value.category == "fault"
    x = np.zeros(64, dtype=np.int32)
    kernel(1, x, 0)  # n == 0 returns at once
    assert x[0] == 0


# ----------------------------------------------------------------------------- float atomics


@asc.jit
def accumulate(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, spin: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x + asc.get_block_idx() * n, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    # Lower blocks work longer: on several host threads, higher blocks reach their atomic store first.
    for _i in range(spin * (asc.get_block_num() - asc.get_block_idx())):
        asc.data_copy(a, xg, n)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.set_atomic_add(asc.float32)
    asc.data_copy(zg, a, n)
    asc.set_atomic_none()


def test_float_atomic_adds_land_in_block_order_on_any_number_of_threads(
        monkeypatch: pytest.MonkeyPatch) -> None:
    blocks, n = 24, 64
    rng = np.random.default_rng(7)
    # Magnitudes far apart: float addition in another order gives other bits.
    x = (rng.standard_normal((blocks, n)) * 10.0 ** rng.integers(-4, 8, (blocks, n))).astype(np.float32)
    want = np.zeros(n, dtype=np.float32)
    for b in range(blocks):  # block order
        want = want + x[b]
    assert any(not np.array_equal(want, sum(x[p], np.zeros(n, np.float32)))
               for p in (rng.permutation(blocks) for _ in range(5)))  # the order matters here
    for threads in ("1", "2", "4"):
        monkeypatch.setenv("PYASC_SIM_THREADS", threads)
        for _ in range(3):
            z = np.zeros(n, dtype=np.float32)
            accumulate[blocks](x.reshape(-1), z, n, 200)
            np.testing.assert_array_equal(z.view(np.uint32), want.view(np.uint32))
    assert rt.last_launch().ok
