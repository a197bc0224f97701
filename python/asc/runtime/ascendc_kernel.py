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
torch tensors) are passed as GM pointers (zero copy, written in place); Python numbers are
converted to the C++ parameter's type. The launch is the jit kernels' (`asc.runtime.launcher`):
recorded as `last_launch()`, the kernel's printf output printed, simulator errors raised as
`asc.runtime.errors.KernelError` at the kernel's line, warnings issued with `warnings.warn`.

The kernel's type (which cores a launch starts) is `kernel_type=` (a `KernelType`) or, without it, what
the source declares with `KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_X)`; neither: AIV_ONLY. It is exported to
the simulator with `ASCSIM_KERNEL_TYPE` (ascsim_entry.h) and readable as `AscendCKernel.kernel_type`.
"""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any

from . import config as cfg
from . import launcher
from .cache import FileCache, make_key
from .errors import LaunchTypeError, launch_site
from .list_tensor import ListTensor
from .specialize import pack_scalar, pointer_region

#: Appended to the kernel's source: the simulator's entry points, as the emitter prints them.
_ENTRY = '\n#include "ascsim_entry.h"\nASCSIM_ENTRY({kernel})\n'
_KERNEL_TYPE_ENTRY = "ASCSIM_KERNEL_TYPE(KERNEL_TYPE_{name})\n"
_RUNNABLE_TYPES = ("AIV_ONLY", "AIC_ONLY", "MIX_AIV_1_0", "MIX_AIC_1_0", "MIX_AIC_1_1", "MIX_AIC_1_2")
_DECLARED_TYPE = re.compile(r"\bKERNEL_TASK_TYPE_DEFAULT\s*\(\s*KERNEL_TYPE_(\w+)\s*\)")
_EXPORTED_TYPE = re.compile(r"\bASCSIM_KERNEL_TYPE\s*\(\s*KERNEL_TYPE_(\w+)\s*\)")


def _meta_type_name(kernel_type: Any) -> str:
    """The KernelMetaType enumerator (without KERNEL_TYPE_) of a pyasc KernelType: the HARD_SYNC types
    are the 1_0 types of their unit, as asc-kernel-type declares them."""
    if not isinstance(kernel_type, cfg.KernelType):
        raise TypeError(f"kernel_type must be an asc.runtime.config.KernelType (e.g. KernelType.AIC_ONLY), "
                        f"got {kernel_type!r}")
    return kernel_type.name.replace("HARD_SYNC", "1_0")


def _kernel_type_name(source: str, kernel_type: Any) -> str | None:
    """What ASCSIM_KERNEL_TYPE exports: `kernel_type`, else the source's KERNEL_TASK_TYPE_DEFAULT; None
    when nothing is to be appended (no type, or the source exports it itself)."""
    declared = _DECLARED_TYPE.search(source) or _EXPORTED_TYPE.search(source)
    if kernel_type is not None:
        name = _meta_type_name(kernel_type)
        if declared is not None and declared.group(1) != name:
            raise ValueError(f"kernel_type={kernel_type.name} differs from the source's {declared.group(0)}")
        return None if _EXPORTED_TYPE.search(source) else name
    if declared is None or _EXPORTED_TYPE.search(source):
        return None
    if declared.group(1) not in _RUNNABLE_TYPES:
        raise ValueError(f"KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_{declared.group(1)}) declares a kernel type Ascend "
                         f"910B/910C do not run; use one of {', '.join(_RUNNABLE_TYPES)}")
    return declared.group(1)


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
        #: Which cores a launch starts (ASCSIM_KERNEL_TYPE; AIV_ONLY when the library does not export it).
        self.kernel_type = cfg.KernelType.AIV_ONLY
        if hasattr(lib, "ascsim_kernel_type"):
            lib.ascsim_kernel_type.restype = ctypes.c_uint8
            meta = cfg.KernelMetaType(lib.ascsim_kernel_type())
            self.kernel_type = cfg.KernelType[meta.name]
        self._handle = launcher.load(path)
        launcher.hold(self)

    def release(self) -> None:
        """Drops the native kernel (at exit)."""
        self._handle = None

    def __repr__(self) -> str:
        return f"AscendCKernel({self.name}({', '.join(self.param_types)}))"

    def launch(self, num_blocks: int, *args: Any, config: Any = None, check: bool = True) -> Any:
        """Runs `num_blocks` blocks; returns the simulator's LaunchResult.

        `config` is an `asc._C.sim.Config` (default: the current platform's, with the PYASC_*
        environment knobs). With `check`, error diagnostics raise `KernelError` and warnings are
        issued as `KernelWarning`s (a `RuntimeWarning`)."""
        return self._launch(num_blocks, args, config, check, stacklevel=3)

    __call__ = launch

    def _launch(self, num_blocks: int, args: tuple, config: Any, check: bool, stacklevel: int) -> Any:
        num_blocks = launcher.check_num_blocks(self.name, num_blocks, stacklevel)
        try:
            words, regions = self._pack(args)
        except TypeError as e:
            raise LaunchTypeError(str(e), launch_site(stacklevel - 1)) from None
        if config is None:
            config = launcher.sim_config(cfg.current_platform())
        return launcher.launch(self.name, self._handle, num_blocks, words, regions, config, check,
                               stacklevel)

    def _pack(self, args: tuple) -> tuple[list[int], list[tuple[int, int, str]]]:
        """One launch word per argument, by the C++ parameter's type; the GM region of each array."""
        if len(args) != len(self.param_types):
            raise TypeError(f"kernel '{self.name}' takes {len(self.param_types)} arguments "
                            f"({', '.join(self.param_types)}), but {len(args)} were given")
        words: list[int] = []
        regions: list[tuple[int, int, str]] = []
        for i, (value, ty) in enumerate(zip(args, self.param_types)):
            name = f"argument {i}"
            if ty != "pointer":
                try:
                    words.append(pack_scalar(value, ty))
                except (OverflowError, TypeError, ValueError) as e:
                    raise TypeError(f"{name} of kernel '{self.name}' ({ty}): {e}") from None
            elif isinstance(value, int):
                words.append(value)
            elif isinstance(value, ListTensor):  # the descriptor, its arrays GM regions too
                regions.extend(value.regions(name))
                words.append(value.descriptor.ctypes.data)
            else:
                region = pointer_region(name, value)
                if region is None:
                    raise TypeError(f"{name} of kernel '{self.name}' is a pointer: pass a numpy "
                                    f"array or CPU torch tensor, not {type(value).__name__}")
                regions.append(region)
                words.append(region[0])
        return words, regions


_compiled: dict[str, AscendCKernel] = {}
_lock = threading.Lock()


def _source_of(source_or_path: str | os.PathLike) -> tuple[str, str]:
    """(source text, file name for diagnostics)."""
    if isinstance(source_or_path, os.PathLike) or (
            isinstance(source_or_path, str) and "\n" not in source_or_path
            and source_or_path.endswith((".cpp", ".cc", ".cxx", ".h"))):
        path = Path(source_or_path)
        return path.read_text(), str(path.resolve())
    return str(source_or_path), "<ascendc source>"


def compile_ascendc(source_or_path: str | os.PathLike, kernel_name: str, kernel_type: Any = None) -> AscendCKernel:
    """Compiles a hand-written kernel for the simulator: once per process and source, and kept in
    the disk cache (`asc.runtime.cache`) like `@asc.jit` kernels."""
    return _compile(source_or_path, kernel_name, stacklevel=3, kernel_type=kernel_type)


def _flags(kernel_name: str) -> tuple[str, ...]:
    """The kernel keeps the user's name; with hidden visibility its call from the entry point binds
    inside the library, unless the name is a compiler builtin (`exit`, `exp`), whose implicit
    declaration is visible: not treating it as a builtin hides it too."""
    return (f"-fno-builtin-{kernel_name}",)


def _compile(source_or_path: str | os.PathLike, kernel_name: str, stacklevel: int,
             kernel_type: Any = None) -> AscendCKernel:
    """`stacklevel` locates cache warnings, counted from this function (1)."""
    from .toolchain import toolchain_key

    if not (kernel_name.isascii() and kernel_name.isidentifier()):
        raise ValueError(f"kernel_name must be the C++ name of the kernel function, got {kernel_name!r}")
    source, filename = _source_of(source_or_path)
    type_name = _kernel_type_name(source, kernel_type)
    key = make_key("ascendc", toolchain_key(), source, filename, kernel_name, *launcher.CXX_FLAGS,
                   *_flags(kernel_name), launcher.compiler_identity(), type_name or "")
    kernel = _compiled.get(key)
    if kernel is not None:
        return kernel
    with _lock:
        kernel = _compiled.get(key)
        if kernel is None:
            kernel = _compiled[key] = _load_or_build(key, source, filename, kernel_name, type_name,
                                                     stacklevel + 1)
    return kernel


def _load_or_build(key: str, source: str, filename: str, kernel_name: str, type_name: str | None,
                   stacklevel: int) -> AscendCKernel:
    disk = FileCache()
    what = f"Ascend C kernel '{kernel_name}'"
    entry = disk.get(key, what, stacklevel=stacklevel)
    if entry is not None:
        try:
            return AscendCKernel(entry / "kernel.so", kernel_name)
        except (OSError, RuntimeError) as e:  # intact but unloadable: rebuild it as well
            disk.discard(entry, what, f"kernel.so does not load ({e})", stacklevel=stacklevel)
    workdir = Path(tempfile.mkdtemp(prefix="pyasc_ascendc_"))
    try:
        # The #line keeps diagnostics pointing into the user's file.
        text = f'#line 1 "{filename}"\n{source}\n{_ENTRY.format(kernel=kernel_name)}'
        if type_name is not None:
            text += _KERNEL_TYPE_ENTRY.format(name=type_name)
        try:
            so = launcher.build(text, workdir, flags=_flags(kernel_name))
        except launcher.BuildError as e:
            raise AscendCCompileError(
                f"Ascend C kernel '{kernel_name}' from {filename} did not compile against the simulator's "
                f"Ascend C headers:\n{e.output}") from None
        entry = disk.put(key, {"kernel.so": so, "kernel.cpp": text.encode()})
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return AscendCKernel(entry / "kernel.so", kernel_name)


def run_ascendc(source_or_path: str | os.PathLike, kernel_name: str, num_blocks: int, *args: Any,
                config: Any = None, check: bool = True, kernel_type: Any = None) -> Any:
    """Compiles (cached) and launches a hand-written Ascend C kernel; returns the LaunchResult."""
    return _compile(source_or_path, kernel_name, stacklevel=3, kernel_type=kernel_type)._launch(
        num_blocks, args, config, check, stacklevel=3)


__all__ = ["AscendCCompileError", "AscendCKernel", "compile_ascendc", "run_ascendc"]
