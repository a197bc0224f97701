"""Run hand-written Ascend C kernels on the simulator.

The same way the Model backend runs the Ascend C that pyasc emits: the C++ source is compiled by the
host compiler against pyasc's Ascend C headers and run on the simulated vector cores, with every
check (bounds, races, deadlocks, leaked flags) and the timing model::

    import numpy as np
    from asc.runtime.ascendc_kernel import run_ascendc

    x = np.random.rand(8 * 2048).astype(np.float32); y = ...; z = np.zeros_like(x)
    result = run_ascendc("add_custom.cpp", "add_custom", 8, x, y, z, 2048)
    print(result.summary())

`source_or_path` is a path to a ``.cpp`` file or the source text itself. Arrays (numpy arrays, CPU
torch tensors, anything with ``__array_interface__``) are passed as GM pointers (zero copy, written
in place); Python numbers are converted to the C++ parameter's type. Simulator errors raise
`asc.runtime.errors.KernelError` at the kernel's line, warnings go through `warnings.warn`.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from .. import _C
from .errors import KernelError
from .specialize import pack_scalar, pointer_region


class AscendCCompileError(RuntimeError):
    """The host compiler rejected a hand-written Ascend C kernel (the message holds its output)."""


class AscendCKernel:
    """A compiled hand-written kernel, ready to launch any number of times."""

    def __init__(self, path: Path, name: str) -> None:
        self.path = path
        self.name = name
        lib = ctypes.CDLL(str(path))
        lib.ascsim_param_types.restype = ctypes.c_char_p
        types = lib.ascsim_param_types().decode()
        self.param_types: list[str] = types.split(",") if types else []
        self._handle = _C.sim.load_kernel(str(path))

    def __repr__(self) -> str:
        return f"AscendCKernel({self.name}({', '.join(self.param_types)}))"

    def launch(self, num_blocks: int, *args: Any, config: Any = None, check: bool = True) -> Any:
        """Runs `num_blocks` blocks; returns the simulator's LaunchResult.

        `config` is an `asc._C.sim.Config` (default: the current platform's, with the PYASC_*
        environment knobs). With `check`, error diagnostics raise `KernelError` and warnings are
        issued as `RuntimeWarning`s."""
        if len(args) != len(self.param_types):
            raise TypeError(f"kernel '{self.name}' takes {len(self.param_types)} arguments "
                            f"({', '.join(self.param_types)}), but {len(args)} were given")
        words: list[int] = []
        regions: list[tuple[int, int, str]] = []
        for i, (value, ty) in enumerate(zip(args, self.param_types)):
            name = f"argument {i}"
            if ty == "pointer":
                if isinstance(value, int):
                    words.append(value)
                    continue
                region = pointer_region(name, value)
                if region is None:
                    raise TypeError(f"{name} of kernel '{self.name}' is a pointer: pass a numpy "
                                    f"array or CPU torch tensor, not {type(value).__name__}")
                regions.append(region)
                words.append(region[0])
            else:
                try:
                    words.append(pack_scalar(value, ty))
                except (OverflowError, TypeError, ValueError) as e:
                    raise TypeError(f"{name} of kernel '{self.name}' ({ty}): {e}") from None
        if config is None:
            from . import config as cfg
            from .backends import model

            config = model.sim_config(cfg.platform_info(cfg.current_platform()))
        result = self._handle.launch(num_blocks, words, regions, config)
        try:
            from ..lib import runtime as rt

            rt._record_launch(result)
        except (ImportError, AttributeError):
            pass
        if os.environ.get("PYASC_SIM_REPORT", "").strip() not in ("", "0"):
            print(result.summary(), end="")
        if check:
            KernelError.raise_for(self.name, result)
        return result

    __call__ = launch


_compiled: dict[str, AscendCKernel] = {}


def _source_of(source_or_path: str | os.PathLike) -> tuple[str, str]:
    """(source text, file name for diagnostics)."""
    if isinstance(source_or_path, os.PathLike) or (
            isinstance(source_or_path, str) and "\n" not in source_or_path
            and source_or_path.endswith((".cpp", ".cc", ".cxx", ".h"))):
        path = Path(source_or_path)
        return path.read_text(), str(path.resolve())
    return str(source_or_path), "<ascendc source>"


def compile_ascendc(source_or_path: str | os.PathLike, kernel_name: str) -> AscendCKernel:
    """Compiles (once per process and source) a hand-written kernel for the simulator."""
    from .backends import model

    source, filename = _source_of(source_or_path)
    key = hashlib.sha256("\0".join([source, filename, kernel_name, *model.CXX_FLAGS,
                                    str(_C.SIM_LIBRARY)]).encode()).hexdigest()
    kernel = _compiled.get(key)
    if kernel is not None:
        return kernel
    workdir = Path(tempfile.mkdtemp(prefix="pyasc_ascendc_"))
    cpp = workdir / "kernel.cpp"
    so = workdir / "kernel.so"
    # The #line keeps diagnostics pointing into the user's file.
    cpp.write_text(
        f'#line 1 "{filename}"\n{source}\n'
        "\n// Simulator entry points (added by asc.runtime.ascendc_kernel).\n"
        '#include "ascsim_entry.h"\n'
        f'extern "C" void ascsim_entry(const uint64_t* a) {{ ascsim::invoke({kernel_name}, a); }}\n'
        f'extern "C" const char* ascsim_param_types() {{ return ascsim::paramTypes({kernel_name}); }}\n')
    libdir = str(_C.NATIVE_DIR)
    flags = [f for f in model.CXX_FLAGS if f != "-w"]
    cmd = [model.compiler(), *flags, f"-I{_C.SIM_INCLUDE_DIR}", str(cpp), "-o", str(so),
           f"-L{libdir}", "-lascsim", f"-Wl,-rpath,{libdir}"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise AscendCCompileError(
            f"Ascend C kernel '{kernel_name}' from {filename} did not compile against the simulator's "
            f"Ascend C headers:\n{proc.stderr[-6000:]}")
    kernel = AscendCKernel(so, kernel_name)
    _compiled[key] = kernel
    return kernel


def run_ascendc(source_or_path: str | os.PathLike, kernel_name: str, num_blocks: int, *args: Any,
                config: Any = None, check: bool = True) -> Any:
    """Compiles (cached) and launches a hand-written Ascend C kernel; returns the LaunchResult."""
    return compile_ascendc(source_or_path, kernel_name).launch(num_blocks, *args, config=config,
                                                               check=check)


__all__ = ["AscendCCompileError", "AscendCKernel", "compile_ascendc", "run_ascendc"]
