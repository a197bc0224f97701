"""The launcher of the Model backend, for every kernel the simulator runs: the Ascend C that
`@asc.jit` emits and hand-written Ascend C (`asc.runtime.ascendc_kernel`).

* `build`: the source (which ends with its `ASCSIM_ENTRY(kernel)` entry points) compiled by the
  host C++ compiler against pyasc's Ascend C headers into a shared object linked to libascsim.
* `load`: the shared object loaded into this process.
* `launch`: the blocks run on the simulated cores of the current platform; the launch is recorded
  (`asc.lib.runtime.last_launch()`), the kernel's printf/dump output is written to stdout, with
  `PYASC_SIM_REPORT=1` the summary to stderr, and errors raise `KernelError`.

The native simulator is imported on first use, not with this module.
"""

from __future__ import annotations

import atexit
import numbers
import os
import sys
import weakref
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import AscError
from ..lib import runtime as rt
from . import env
from .config import Platform, platform_info
from .errors import KernelError, LaunchValueError, launch_site
from .kernel_flags import CXX_DEBUG_FLAGS, CXX_FLAGS, LINK_FLAGS, PCH_DIR_NAME
from .options import LaunchOptions as LaunchOptions  # pyasc_api.md Appendix A: pyasc defines it here

if TYPE_CHECKING:
    from pathlib import Path


def cxx_flags(debug: bool) -> tuple[str, ...]:
    return CXX_DEBUG_FLAGS if debug else CXX_FLAGS


#: PYASC_SIM_REPORT=1 (read once, at the first launch): after every launch, stderr gets
#: `[pyasc] kernel[num_blocks]:` and the simulator's summary (time per pipe, bound pipe, traffic).
SIM_REPORT: bool | None = None


def sim_report() -> bool:
    global SIM_REPORT
    if SIM_REPORT is None:
        SIM_REPORT = env.switch("PYASC_SIM_REPORT")
    return SIM_REPORT


#: The most blocks one launch may have: the NPU's limit on blockDim.
MAX_NUM_BLOCKS = 65535


def check_num_blocks(name: str, num_blocks: Any, stacklevel: int = 2) -> int:
    """`num_blocks` as an int if it is an integer (Python or numpy) in 1..65535, else a
    LaunchValueError at the launch line.

    `stacklevel` counts from the caller, as for `warnings.warn`: 2 = the caller's caller."""
    if not isinstance(num_blocks, (bool, np.bool_)) and isinstance(num_blocks, numbers.Integral) \
            and 0 < num_blocks <= MAX_NUM_BLOCKS:
        return int(num_blocks)
    raise LaunchValueError(f"kernel '{name}': the number of blocks must be a positive int no larger than "
                           f"{MAX_NUM_BLOCKS} (the NPU's limit), got {num_blocks!r}", launch_site(stacklevel))


class BuildError(RuntimeError):
    """The host compiler rejected a kernel source; `command` and `output` say how and why."""

    def __init__(self, command: list[str], output: str) -> None:
        super().__init__(f"command: {' '.join(command)}\n{output}")
        self.command = command
        self.output = output


class HostCompilerError(AscError, RuntimeError):
    """No host C++ compiler to build simulator kernels with (or `$CXX` names none)."""


def which(name: str) -> str | None:
    """`shutil.which` on a POSIX host, without importing shutil (and the compression modules it
    imports) on the warm-start path: `name` itself if it contains a slash, else the first executable
    file of that name in a directory of $PATH."""
    if os.sep in name:
        candidates = [name]
    else:
        candidates = [os.path.join(directory or os.curdir, name) for directory in os.get_exec_path()]
    for path in candidates:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def compiler() -> str:
    """The host C++ compiler: `$CXX` when set (it must exist), else the first of g++, c++, clang++."""
    explicit = os.environ.get("CXX", "").strip()
    if explicit:
        if which(explicit):
            return explicit
        raise HostCompilerError(f"CXX={explicit!r} is not an executable on PATH; the simulator builds each "
                                "kernel with the host C++ compiler $CXX names: point CXX at one (e.g. "
                                "CXX=g++) or unset it to use g++")
    for candidate in ("g++", "c++", "clang++"):
        if which(candidate):
            return candidate
    raise HostCompilerError("no host C++ compiler found (tried g++, c++, clang++; CXX is not set): the "
                            "simulator builds each kernel with one; install g++ (Debian/Ubuntu: apt-get "
                            "install g++; Fedora: dnf install gcc-c++) or set CXX to a C++17 compiler")


_IDENTITIES: dict[str, str] = {}


def compiler_identity() -> str:
    """The host compiler, for the cache keys: its name as chosen (`$CXX` or the default), the
    binary it resolves to, and that binary's size and modification time. An upgrade or a switch
    of compiler changes them; stat'ing is cheap enough for the warm-start path, where running
    `--version` would not be."""
    name = compiler()
    identity = _IDENTITIES.get(name)
    if identity is None:
        path = os.path.realpath(which(name) or name)
        try:
            st = os.stat(path)
            identity = f"{name}={path}:{st.st_size}:{st.st_mtime_ns}"
        except OSError:
            identity = f"{name}={path}"
        _IDENTITIES[name] = identity
    return identity


def build(source: str, workdir: Path, debug: bool = False, flags: tuple[str, ...] = ()) -> Path:
    """Compiles `source` into `workdir/kernel.so` (the source is kept as `workdir/kernel.cpp`),
    with `flags` added to `cxx_flags(debug)`."""
    import subprocess  # only when compiling: it is slow to import

    from .. import _C

    cpp = workdir / "kernel.cpp"
    so = workdir / "kernel.so"
    cpp.write_text(source)
    libdir = str(_C.NATIVE_DIR)
    # Matmul kernels too: lib/matmul_intf.h and ascsim/matmul_api.h include kernel_operator.h only
    # when the kernel has not (a second search would find the precompiled header's directory first).
    no_pch = debug or bool(flags)
    cmd = [compiler(), *cxx_flags(debug), *flags, *_pch_include(no_pch),
           f"-I{_C.SIM_INCLUDE_DIR}", str(cpp), "-o", str(so), f"-L{libdir}", "-lascsim", *LINK_FLAGS,
           f"-Wl,-rpath,{libdir}"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildError(cmd, proc.stderr[-6000:])
    return so


def _pch_include(other_flags: bool) -> list[str]:
    """`-I` of the precompiled kernel_operator.h, searched before the headers: for builds with
    exactly CXX_FLAGS (a compiler it does not fit ignores it). Not with other flags: g++ would use it
    even where a flag changes what the header means (`-fno-builtin-exit` of a kernel named `exit`)."""
    from .. import _C

    pch = _C.NATIVE_DIR / PCH_DIR_NAME
    return [] if other_flags or not (pch / "kernel_operator.h.gch").is_file() else [f"-I{pch}"]


def load(path: Path) -> Any:
    """The loaded kernel (`asc._C.sim.Kernel`); RuntimeError with the dlerror text."""
    from .. import _C

    return _C.sim.load_kernel(str(path))


#: Objects holding loaded kernels or other simulator objects (LoadedKernel, AscendCKernel, a JITFunction
#: with launch plans), released at exit.
_HOLDERS: weakref.WeakSet = weakref.WeakSet()


def hold(holder: Any) -> None:
    """Registers `holder`, whose `release()` drops its native kernel, to be released at exit."""
    _HOLDERS.add(holder)


@atexit.register
def _release_native_objects() -> None:
    """Drops every simulator object pyasc holds before the interpreter finalises.

    Kernels stay reachable from objects Python may never free at shutdown: pytest keeps the
    parametrize values (kernels) of every test it ran, an exception's traceback keeps the frames of
    a failed launch, and with torch imported such objects outlive module teardown. nanobind's
    leak check runs after that (Py_AtExit) and reported each loaded Kernel, its type and its
    methods as leaked. Registered when the launcher is first imported, so it runs after the atexit
    handlers of the user's program, which may still launch kernels."""
    for holder in list(_HOLDERS):
        holder.release()
    _CONFIGS.clear()
    rt._record_launch(None)


#: The environment knobs of the simulator Config (a launch plan compares them at every launch).
CONFIG_ENV = ("PYASC_SIM_THREADS", "PYASC_RACE_CHECK", "PYASC_SIM_TRACE", "PYASC_SIM_BUDGET")
_CONFIG_ENV = CONFIG_ENV
_CONFIGS: dict[tuple, Any] = {}


def sim_config(platform: Platform, budget: int | None = None, auto_sync: bool = False) -> Any:
    """The simulator Config of `platform`, with the environment's knobs: PYASC_SIM_THREADS (host
    threads), PYASC_RACE_CHECK (raise | warn | off), PYASC_SIM_TRACE=1 (record the timeline for
    `last_launch().write_trace(path)`), PYASC_SIM_BUDGET (the watchdog's steps per block, 0 = no
    limit). `budget` (the `sim_budget` option) overrides PYASC_SIM_BUDGET. `auto_sync`: the scalar
    synchronisation bisheng's --cce-auto-sync inserts (@asc.jit(auto_sync=True), docs/sync.md).
    Built once per platform, environment, budget and auto_sync."""
    env = tuple(os.environ.get(k, "") for k in _CONFIG_ENV)
    cfg = _CONFIGS.get((platform, env, budget, auto_sync))
    if cfg is None:
        cfg = _CONFIGS[(platform, env, budget, auto_sync)] = _make_config(platform, *env, budget=budget,
                                                                          auto_sync=auto_sync)
    return cfg


def _make_config(platform: Platform, *_env: str, budget: int | None, auto_sync: bool = False) -> Any:
    from .. import _C

    info = platform_info(platform)  # the hardware table's row of the part
    threads = env.count("PYASC_SIM_THREADS", "a whole number of host threads (0 or empty: one per "
                        "host core)")
    race = env.choice("PYASC_RACE_CHECK", ("raise", "warn", "off"), "raise")
    if budget is None and os.environ.get("PYASC_SIM_BUDGET", "").strip():
        budget = env.count("PYASC_SIM_BUDGET", "a whole number of steps per block (0: no limit; empty: "
                           "the default, 100000000)")
    extra = {} if budget is None else {"step_budget": budget}
    return _C.sim.Config(ub_bytes=info.ub_bytes, aiv_cores=info.aiv_cores, aic_cores=info.aic_cores,
                         clock_mhz=float(info.clock_mhz), host_threads=threads,
                         hbm_gbps=float(info.hbm_gbps), l2_bytes=info.l2_bytes, race_check=race,
                         trace=env.switch("PYASC_SIM_TRACE"), auto_sync=auto_sync, **extra)


def launch(name: str, handle: Any, num_blocks: int, words: list[int], regions: list[tuple[int, int, str]],
           config: Any, check: bool = True, stacklevel: int = 2, source: str | None = None) -> Any:
    """Runs `num_blocks` blocks of the loaded kernel `handle`; returns the LaunchResult.

    With `check`, warnings are issued as KernelWarnings (RuntimeWarnings) at the frame `stacklevel` counts from the
    caller (as for `warnings.warn`) and errors raise `KernelError`. `source`: the kernel's generated Ascend C,
    which the errors show where they point into it (strip_loc=True) rather than at a Python line."""
    result = handle.launch(num_blocks, words, regions, config)
    rt._record_launch(result)
    if result.quiet and not sim_report():
        return result
    _report(name, num_blocks, result, check, stacklevel + 1, source)
    return result


def finish(name: str, num_blocks: int, result: Any, stacklevel: int = 2, source: str | None = None) -> None:
    """What `launch` does after the run, for a launch run by a plan (asc.runtime.plan): record it,
    write the kernel's output and report, raise its errors."""
    rt._record_launch(result)
    if result.quiet and not sim_report():
        return
    _report(name, num_blocks, result, True, stacklevel + 1, source)


def _report(name: str, num_blocks: int, result: Any, check: bool, stacklevel: int,
            source: str | None = None) -> None:
    if result.output and env.ascendc_dump():  # the kernel's printf / dump_tensor, block by block
        for _, text in result.output:
            sys.stdout.write(text)
    if sim_report():
        print(f"[pyasc] {name}[{num_blocks}]:\n{result.summary()}", end="", file=sys.stderr)
    if check and result.diagnostics:
        KernelError.raise_for(name, result, stacklevel=stacklevel + 1, source=source)
