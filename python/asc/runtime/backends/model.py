"""The Model backend: the Ascend C source compiled by the host C++ compiler against
pyasc's simulator headers, loaded into this process and run on the simulated cores.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ... import _C
from ...codegen.prototype import Param
from ..config import PLATFORMS, Platform, PlatformInfo

_CXX_TYPES = {
    "bool": "int8_t", "int8": "int8_t", "int16": "int16_t", "int32": "int32_t", "int64": "int64_t",
    "uint8": "uint8_t", "uint16": "uint16_t", "uint32": "uint32_t", "uint64": "uint64_t",
    "float16": "half", "bfloat16": "bfloat16_t", "float32": "float", "float64": "double",
}

#: Flags that change the produced object; part of the cache key.
CXX_FLAGS = ("-std=c++17", "-O1", "-fPIC", "-shared", "-w")
#: With @asc.jit(debug=True): no optimisation and a line table that points at the user's .py
#: (through the emitted #line directives), so gdb can break at `kernel.py:<line>`.
CXX_DEBUG_FLAGS = ("-std=c++17", "-O0", "-g", "-fPIC", "-shared", "-w")


def cxx_flags(debug: bool) -> tuple[str, ...]:
    return CXX_DEBUG_FLAGS if debug else CXX_FLAGS


class KernelBuildError(RuntimeError):
    """The host compiler rejected the generated Ascend C: a bug in pyasc, not in the kernel."""


def compiler() -> str:
    for candidate in (os.environ.get("CXX"), "g++", "c++", "clang++"):
        if candidate and shutil.which(candidate):
            return candidate
    raise RuntimeError("no host C++ compiler found (tried $CXX, g++, c++, clang++); the simulator "
                       "compiles kernels with it: install g++ (Debian: apt-get install g++)")


def entry_stub(name: str, params: Sequence[Param]) -> str:
    """`ascsim_entry(args)`: unpacks the launch words and calls the kernel."""
    args = []
    for i, p in enumerate(params):
        if p.kind == "struct":
            cxx = f"__gm__ {p.value.__name__}*"
        else:
            cxx = _CXX_TYPES[p.dtype.name]
            cxx = f"__gm__ {cxx}*" if p.kind == "pointer" else cxx
        args.append(f"ascsim::arg<{cxx}>(a[{i}])")
    return ("\n// Simulator entry point (added by pyasc's Model backend).\n"
            '#line 1 "<pyasc-simulator-entry>"\n'
            '#include "ascsim_entry.h"\n'
            f'extern "C" void ascsim_entry(const uint64_t* a) {{ {name}({", ".join(args)}); }}\n')


def build(source: str, name: str, params: Sequence[Param], workdir: Path, debug: bool = False) -> Path:
    """Compiles `source` (+ entry stub) into `workdir/kernel.so`."""
    cpp = workdir / "kernel.cpp"
    so = workdir / "kernel.so"
    cpp.write_text(source + entry_stub(name, params))
    libdir = str(_C.NATIVE_DIR)
    cmd = [compiler(), *cxx_flags(debug), f"-I{_C.SIM_INCLUDE_DIR}", str(cpp), "-o", str(so),
           f"-L{libdir}", "-lascsim", f"-Wl,-rpath,{libdir}"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise KernelBuildError(
            f"internal error: the generated Ascend C for kernel '{name}' did not compile; please report "
            f"it with this output.\ncommand: {' '.join(cmd)}\n{proc.stderr[-4000:]}")
    return so


def build_in_tempdir(source: str, name: str, params: Sequence[Param], debug: bool = False) -> tuple[Path, Path]:
    workdir = Path(tempfile.mkdtemp(prefix="pyasc_model_"))
    return workdir, build(source, name, params, workdir, debug)


_CONFIG_ENV = ("PYASC_SIM_THREADS", "PYASC_RACE_CHECK", "PYASC_SIM_TRACE")
_CONFIGS: dict[tuple, object] = {}


def sim_config(platform: Platform | PlatformInfo) -> object:
    """The simulator Config of `platform`, with the environment's knobs: PYASC_SIM_THREADS (host
    threads), PYASC_RACE_CHECK (raise | warn | off), PYASC_SIM_TRACE=1 (record the timeline for
    `last_launch().write_trace(path)`). Built once per platform and environment."""
    if isinstance(platform, PlatformInfo):
        platform = platform.platform
    env = tuple(os.environ.get(k, "") for k in _CONFIG_ENV)
    cfg = _CONFIGS.get((platform, env))
    if cfg is None:
        cfg = _CONFIGS[(platform, env)] = _make_config(PLATFORMS[platform], *env)
    return cfg


def _make_config(info: PlatformInfo, threads: str, race: str, trace: str) -> object:
    known = _C.sim.platform_config(info.platform.value)
    hbm = known.hbm_gbps if known is not None else 1612.0
    return _C.sim.Config(ub_bytes=info.ub_bytes, aiv_cores=info.aiv_cores,
                         clock_mhz=float(info.clock_mhz), host_threads=int(threads or 0), hbm_gbps=hbm,
                         race_check=(race or "raise").strip().lower(),
                         trace=trace.strip() not in ("", "0"))


def load(path: Path) -> object:
    return _C.sim.load_kernel(str(path))
