"""The NPU backend: the emitted Ascend C compiled by CANN's bisheng and launched on an Ascend NPU
through the CANN runtime (docs/npu.md).

* `find_cann` / `probe` / `require_cann`: the CANN installation (ASCEND_HOME_PATH) and what of it
  is present; without a complete one every entry point raises `NpuUnavailableError`, listing what
  is missing and how to run on the simulator instead.
* `compile_commands` / `link_command` / `build_binary`: bisheng per kernel type (one object for a
  vector or cube kernel, both for a mix kernel), the one retry with `-disable-machine-licm`, and
  `ld.lld -m aicorelinux`. Binaries are cached like the simulator's kernels.
* `launch_jit`: one launch of an `@asc.jit` kernel through the runtime shim (`npu_runtime`).
"""

from __future__ import annotations

import json
import os
import platform as host_platform
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import env
from ..config import KernelType, PlatformInfo

_HOW_TO_SIMULATE = (
    "To run on pyasc's built-in simulator instead, select the Model backend: "
    "`asc.runtime.config.set_platform(asc.runtime.config.Backend.Model, ...)` "
    "(for the tutorials: `-r Model`)."
)

DEFAULT_ROOT = "/usr/local/Ascend/ascend-toolkit/latest"


class NpuUnavailableError(RuntimeError):
    """The NPU backend cannot run here: CANN, or a part of it, is missing."""


class BishengError(RuntimeError):
    """bisheng (or the linker) rejected a kernel; the message holds its stderr and the source path."""


# -- the CANN installation ----------------------------------------------------------------------

def find_cann() -> Path | None:
    """The CANN toolkit root: ASCEND_HOME_PATH, ASCEND_TOOLKIT_HOME or the default install path,
    the first that is a directory."""
    for candidate in (os.environ.get("ASCEND_HOME_PATH"), os.environ.get("ASCEND_TOOLKIT_HOME"), DEFAULT_ROOT):
        if candidate and Path(candidate).is_dir():
            return Path(candidate)
    return None


def _where_looked() -> str:
    """Why `find_cann` found nothing: each variable is named as unset or as not naming a directory."""
    home, toolkit = os.environ.get("ASCEND_HOME_PATH"), os.environ.get("ASCEND_TOOLKIT_HOME")
    if not home and not toolkit:
        return f"ASCEND_HOME_PATH is not set (nor ASCEND_TOOLKIT_HOME) and {DEFAULT_ROOT} does not exist"
    named = [f"{var}={value} is not a directory" for var, value in
             (("ASCEND_HOME_PATH", home), ("ASCEND_TOOLKIT_HOME", toolkit)) if value]
    return ", ".join(named) + f" and {DEFAULT_ROOT} does not exist"


def _tool(env: str, name: str, root: Path) -> Path | None:
    """A CANN tool: `$env` if set (a path or a name on PATH), else `name` on PATH, else the copy
    in the toolkit's compiler directory."""
    chosen = os.environ.get(env)
    if chosen:
        found = shutil.which(chosen)
        return Path(found) if found else None
    found = shutil.which(name)
    if found:
        return Path(found)
    bundled = root / "compiler" / "ccec_compiler" / "bin" / name
    return bundled if bundled.is_file() and os.access(bundled, os.X_OK) else None


def _tool_not_found(env: str, name: str, root: Path) -> str:
    """Where `_tool` looked: only PATH for a tool named by `env`, else PATH and the toolkit."""
    chosen = os.environ.get(env)
    if chosen:
        return f"{env}={chosen}: not an executable nor on PATH"
    return f"{name}: not on PATH nor in {root / 'compiler/ccec_compiler/bin'}"


@dataclass(frozen=True)
class Cann:
    """What of a CANN installation was found (`missing` lists what was not)."""

    root: Path
    bisheng: Path | None
    linker: Path | None
    #: -I/-D flags of the runtime headers, by layout: `<arch>-linux/pkg_inc` (newer CANN, with
    #: -DSEPARATE_PKG_ARCH) or `include/experiment`.
    header_flags: tuple[str, ...]
    layout: str
    lib_dir: Path
    #: `-l` names of the libraries the shim links (present ones only).
    libraries: tuple[str, ...]
    with_adump: bool
    version: str
    missing: tuple[str, ...] = field(default=())

    @property
    def tikcpp(self) -> Path:
        return self.root / "compiler" / "tikcpp" / "tikcfw"

    @property
    def version_header(self) -> Path:
        return self.root / "include" / "version" / "cann_version.h"


def _header_layout(root: Path) -> tuple[str, tuple[str, ...], list[Path]]:
    """The runtime header layout of `root`: its name, its compiler flags and its include dirs."""
    pkg_inc = root / f"{host_platform.machine()}-linux" / "pkg_inc"
    if pkg_inc.is_dir():
        dirs = [pkg_inc, pkg_inc / "profiling", pkg_inc / "runtime"]
        return "pkg_inc", (*(f"-I{d}" for d in dirs), "-DSEPARATE_PKG_ARCH"), dirs
    experiment = root / "include" / "experiment"
    dirs = [experiment, experiment / "msprof"]
    return "experiment", tuple(f"-I{d}" for d in dirs), dirs


def probe(root: Path) -> Cann:
    """Looks at every part of CANN the backend needs, without building or loading anything."""
    missing: list[str] = []
    bisheng = _tool("PYASC_COMPILER", "bisheng", root)
    if bisheng is None:
        missing.append(f"the kernel compiler ({_tool_not_found('PYASC_COMPILER', 'bisheng', root)})")
    linker = _tool("PYASC_LINKER", "ld.lld", root)
    if linker is None:
        missing.append(f"the kernel linker ({_tool_not_found('PYASC_LINKER', 'ld.lld', root)})")
    layout, flags, dirs = _header_layout(root)
    include = root / "include"
    if not any((d / "runtime" / "rt.h").is_file() for d in [include, *dirs]):
        missing.append(f"the runtime headers (runtime/rt.h under {include} or {dirs[0]})")
    if not (include / "acl" / "acl.h").is_file():
        missing.append(f"the ACL headers ({include / 'acl/acl.h'})")
    lib_dir = root / "lib64"
    libraries = []
    for lib in ("runtime", "ascendcl"):
        if (lib_dir / f"lib{lib}.so").is_file():
            libraries.append(lib)
        else:
            missing.append(f"the runtime library {lib_dir / f'lib{lib}.so'}")
    with_adump = (lib_dir / "libascend_dump.so").is_file() and any(
        (d / "adump" / "adump_pub.h").is_file() for d in [include, *dirs])
    if with_adump:
        libraries.append("ascend_dump")
    version_file = root / "version.cfg"
    version = version_file.read_text(errors="replace") if version_file.is_file() else ""
    return Cann(root, bisheng, linker, (f"-I{include}", *flags), layout, lib_dir, tuple(libraries), with_adump,
                version, tuple(missing))


def require_cann() -> Cann:
    """The CANN installation; `NpuUnavailableError` listing everything missing when it is not complete."""
    root = find_cann()
    if root is None:
        raise NpuUnavailableError(
            f"the NPU backend needs Huawei CANN, which was not found: {_where_looked()}. " + _HOW_TO_SIMULATE)
    cann = probe(root)
    if cann.missing:
        raise NpuUnavailableError(
            f"the NPU backend needs Huawei CANN, which was not found complete in {root}; missing:\n"
            + "".join(f"  - {m}\n" for m in cann.missing) + _HOW_TO_SIMULATE)
    return cann


# -- kernel types ---------------------------------------------------------------------------------

#: ELF magic of the registered binary, by the core type it runs on.
MAGIC_VECTOR = 0x41415246
MAGIC_CUBE = 0x41494343
MAGIC_MIX = 0x43554245

_VECTOR_TYPES = (KernelType.AIV_ONLY, KernelType.MIX_AIV_HARD_SYNC, KernelType.MIX_AIV_1_0)
_CUBE_TYPES = (KernelType.AIC_ONLY, KernelType.MIX_AIC_HARD_SYNC, KernelType.MIX_AIC_1_0)
_MIX_TYPES = (KernelType.MIX_AIC_1_1, KernelType.MIX_AIC_1_2)


def arch_family(info: PlatformInfo) -> str:
    """The part's architecture from the hardware table (`dav-c220` -> `c220`): the compile targets
    are `dav-<family>-vec` and `dav-<family>-cube`."""
    return info.arch[len("dav-"):] if info.arch.startswith("dav-") else info.arch


@dataclass(frozen=True)
class BuildPlan:
    """How one kernel type is built: (arch, extra flags, object name) per compile, and the magic."""

    compiles: tuple[tuple[str, tuple[str, ...], str], ...]
    magic: int


def build_plan(kernel_type: KernelType, family: str = "c220") -> BuildPlan:
    vec, cube = f"dav-{family}-vec", f"dav-{family}-cube"
    mix_name = kernel_type is not KernelType.AIV_ONLY and kernel_type is not KernelType.AIC_ONLY
    if kernel_type in _VECTOR_TYPES:
        return BuildPlan(((vec, (), "output_mix_aiv.o" if mix_name else "output_aiv.o"),), MAGIC_VECTOR)
    if kernel_type in _CUBE_TYPES:
        return BuildPlan(((cube, (), "output_mix_aic.o" if mix_name else "output_aic.o"),), MAGIC_CUBE)
    assert kernel_type in _MIX_TYPES
    mix = ("-cce-enable-mix", "-D__MIX_CORE_MACRO__=1")
    if kernel_type is KernelType.MIX_AIC_1_1:
        mix += ("-D__MIX_CORE_AIC_RATION__=1",)
    return BuildPlan(((cube, mix, "output_mix_aic.o"), (vec, mix, "output_mix_aiv.o")), MAGIC_MIX)


def kernel_type_of(options: Any, compiled: Any = None) -> KernelType:
    """The kernel type to build: the `kernel_type` option, else what the compiler inferred
    (asc-kernel-type; the compiled kernel's `kernel_type`), else a vector kernel."""
    chosen = options.compile.kernel_type
    if chosen is None:
        chosen = getattr(compiled, "kernel_type", None)
    if chosen is None:
        return KernelType.AIV_ONLY
    try:
        return KernelType(chosen)
    except ValueError:
        raise ValueError(f"kernel_type must be an asc.runtime.config.KernelType, got {chosen!r}") from None


# -- compile and link -----------------------------------------------------------------------------

#: Flags every bisheng compile gets after the user's bisheng_options. -fwrapv: the kernel's integers wrap
#: around (docs/language.md), as in the simulator's compile; without it a signed overflow (and uint64
#: arithmetic, emitted on int64_t) would be undefined behaviour for bisheng's optimiser.
FIXED_FLAGS = ("-std=c++17", "-fwrapv", "--cce-disable-kernel-global-attr-check",
               "-mllvm", "-cce-aicore-stack-size=0x8000",
               "-mllvm", "-cce-aicore-function-stack-size=0x8000",
               "-mllvm", "-cce-aicore-dcci-insert-for-scalar=false")
RETRY_FLAGS = ("-mllvm", "-disable-machine-licm")


@dataclass(frozen=True)
class CompileSettings:
    """What of the jit options and the environment reaches bisheng."""

    opt_level: int = 3
    debug: bool = False
    auto_sync: bool = True
    auto_sync_log: str = ""
    bisheng_options: tuple[str, ...] = ()
    dump: bool = False

    @staticmethod
    def of(options: Any, dump: bool) -> CompileSettings:
        c = options.compile
        extra = c.bisheng_options or ()
        if isinstance(extra, str) or not all(isinstance(o, str) for o in extra):
            raise TypeError(f"bisheng_options must be a tuple of strings, got {extra!r}")
        if c.auto_sync_log and not c.auto_sync:
            raise ValueError("auto_sync_log names the log of bisheng's automatic synchronisation; it needs "
                             "auto_sync=True")
        return CompileSettings(c.opt_level, c.debug, c.auto_sync, c.auto_sync_log, tuple(extra), dump)


def compile_commands(cann: Cann, source: Path, workdir: Path, kernel_type: KernelType,
                     settings: CompileSettings, family: str = "c220") -> list[list[str]]:
    """The bisheng command of each object of `kernel_type` (pyasc_api.md §2.7)."""
    assert cann.bisheng is not None
    commands = []
    for arch, mix_flags, name in build_plan(kernel_type, family).compiles:
        cmd = [str(cann.bisheng), "-c", "-x", "cce", f"-O{settings.opt_level}", str(source),
               f"--cce-aicore-arch={arch}", "--cce-aicore-only", "-o", str(workdir / name)]
        if cann.version_header.is_file():
            cmd += ["-include", str(cann.version_header)]
        cmd += [f"-I{cann.tikcpp}", f"-I{cann.tikcpp / 'impl'}", f"-I{cann.tikcpp / 'interface'}"]
        cmd += list(settings.bisheng_options)
        cmd += FIXED_FLAGS
        cmd.append(f"-DASCENDC_DUMP={1 if settings.dump else 0}")
        if settings.debug:
            cmd += ["-g", "-mllvm", "--cce-aicore-jump-expand=true"]
        if settings.auto_sync:
            cmd += ["--cce-auto-sync", "-mllvm", "-api-deps-filter"]
            if settings.auto_sync_log:
                cmd.append(f"-cce-auto-sync-log={settings.auto_sync_log}")
        cmd += mix_flags
        cmd += ["-D__NPU_TILING__", "-DTILING_KEY_VAR=0"]
        commands.append(cmd)
    return commands


def link_command(cann: Cann, objects: Sequence[Path], output: Path) -> list[str]:
    assert cann.linker is not None
    return [str(cann.linker), "-m", "aicorelinux", "-Ttext=0", *map(str, objects), "-static", "-o", str(output)]


def _run(cmd: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True)


def build_binary(cann: Cann, source_text: str, name: str, kernel_type: KernelType,
                 settings: CompileSettings, family: str = "c220") -> bytes:
    """Compiles and links `source_text`; returns the device binary. On failure raises `BishengError`
    with the tool's stderr and the path of the kept source."""
    workdir = Path(tempfile.mkdtemp(prefix="pyasc_compiler_"))
    keep = False
    try:
        source = workdir / f"{name}.cpp"
        source.write_text(source_text)
        objects = []
        for cmd in compile_commands(cann, source, workdir, kernel_type, settings, family):
            proc = _run(cmd)
            if proc.returncode != 0:  # bisheng's machine LICM has failed on valid kernels: once more without it
                retry = cmd[:-2] + list(RETRY_FLAGS) + cmd[-2:]
                proc = _run(retry)
                if proc.returncode != 0:
                    keep = True
                    raise BishengError(
                        f"bisheng failed to compile kernel '{name}' (exit code {proc.returncode}); the "
                        f"emitted Ascend C is kept at {source}.\ncommand: {' '.join(retry)}\n"
                        f"{proc.stderr[-6000:]}")
            objects.append(Path(cmd[cmd.index("-o") + 1]))
        output = workdir / "output.o"
        cmd = link_command(cann, objects, output)
        proc = _run(cmd)
        if proc.returncode != 0:
            keep = True
            raise BishengError(f"{cann.linker} failed to link kernel '{name}' (exit code {proc.returncode}); "
                               f"the emitted Ascend C is kept at {source}.\ncommand: {' '.join(cmd)}\n"
                               f"{proc.stderr[-6000:]}")
        return output.read_bytes()
    finally:
        if not keep:
            shutil.rmtree(workdir, ignore_errors=True)


def _identity(path: Path | None) -> str:
    if path is None:
        return ""
    real = os.path.realpath(path)
    try:
        st = os.stat(real)
    except OSError:
        return real
    return f"{real}:{st.st_size}:{st.st_mtime_ns}"


def dump_enabled() -> bool:
    """ASCENDC_DUMP: "true" (the default, any case) lets kernels that print get the dump buffer."""
    return env.ascendc_dump()


# -- loaded kernels -------------------------------------------------------------------------------

_KERNEL_SIGNATURE = re.compile(r'^extern "C" __global__ __aicore__ void (\w+)\(', re.MULTILINE)


def kernel_symbol(source: str, name: str) -> str:
    """The C++ name the emitter gave kernel `name` (its symbol in the device binary)."""
    found = _KERNEL_SIGNATURE.findall(source)
    if len(found) != 1:
        raise RuntimeError(f"internal error: the Ascend C of kernel '{name}' has {len(found)} kernels")
    return found[0]


@dataclass(eq=False)
class NpuKernel:
    """A linked device binary and what launching it needs."""

    name: str
    #: The kernel's symbol in the binary (the emitter prefixes names: pyasc_<name>).
    symbol: str
    binary: bytes
    magic: int
    kernel_type: KernelType
    dump: bool
    source: str
    directory: Path | None
    #: Set by the runtime on first launch: the registered binary and function.
    registration: Any = None


def load_or_compile(fn: Any, names: list[str], specs: list[Any], info: PlatformInfo, deps: tuple,
                    cann: Cann) -> NpuKernel:
    """The kernel of one specialisation: from the disk cache or compiled, linked and cached."""
    from ..cache import FileCache, make_key
    from ..compiler import compile_source
    from ..specialize import to_param
    from ..toolchain import toolchain_key

    options = fn.options
    params = [to_param(n, s) for n, s in zip(names, specs)]
    dump_env = dump_enabled()
    key = make_key(toolchain_key(), repr(deps), fn.__qualname__, *[s.key() for s in specs],
                   info.platform.value, "NPU", repr(fn._options_key), str(cann.root), cann.version,
                   _identity(cann.bisheng), _identity(cann.linker), f"dump={dump_env}")
    always = options.compile.always_compile
    disk = FileCache()
    what = f"kernel '{fn.__name__}' (NPU)"
    entry = None if always else disk.get(key, what, stacklevel=4)
    if entry is not None:
        meta = json.loads((entry / "npu.json").read_text())
        source = (entry / "ascendc.cpp").read_text()
        return NpuKernel(fn.__name__, kernel_symbol(source, fn.__name__), (entry / "kernel.o").read_bytes(),
                         meta["magic"],
                         KernelType(meta["kernel_type"]), meta["dump"], source, entry)

    from ...codegen.errors import CompileError
    from ...codegen.prototype import Prototype
    from ..jit import _CODEGEN_LOCK, dump_directory

    CompileSettings.of(options, False)  # bad bisheng options fail before the compile
    tree, def_line = fn.tree()
    proto = Prototype(fn.__name__, fn.file, def_line, params)
    dump_to = dump_directory(fn.__name__, key)
    try:
        with _CODEGEN_LOCK:
            compiled = compile_source(tree, proto, fn.namespace(), info, options, dump_to, npu=True,
                                      dump_buffer=dump_env)
    except CompileError as e:
        raise e.with_traceback(None) from None
    kernel_type = kernel_type_of(options, compiled)
    settings = CompileSettings.of(options, compiled.dump)
    binary = build_binary(cann, compiled.ascendc, fn.__name__, kernel_type, settings, arch_family(info))
    if dump_to is not None:
        (dump_to / "binary.o").write_bytes(binary)
    magic = build_plan(kernel_type).magic
    directory = None
    if not always:
        meta = {"magic": magic, "kernel_type": int(kernel_type), "dump": compiled.dump}
        directory = disk.put(key, {"kernel.o": binary, "ascendc.cpp": compiled.ascendc.encode(),
                                   "npu.json": json.dumps(meta).encode()})
    return NpuKernel(fn.__name__, kernel_symbol(compiled.ascendc, fn.__name__), binary, magic, kernel_type,
                     compiled.dump, compiled.ascendc, directory)


# -- launch ---------------------------------------------------------------------------------------

def prepare_args(names: Sequence[str], args: Sequence[Any], constexprs: set[str]) -> tuple[list, list]:
    """(specs, launch arguments) of the jit kernel's arguments for the NPU: every non-ConstExpr
    argument becomes an `npu_runtime.Arg`."""
    from . import npu_runtime

    specs, launch_args = [], []
    for name, value in zip(names, args):
        spec, arg = npu_runtime.prepare(name, value, name in constexprs)
        specs.append(spec)
        if arg is not None:
            launch_args.append(arg)
    return specs, launch_args


def launch_jit(fn: Any, launch: Any, names: Sequence[str], args: Sequence[Any], site: Any = None) -> None:
    """Compiles (or finds) and launches `fn` on the NPU with `args`. An argument of the wrong kind is a
    `LaunchTypeError` naming the kernel, at `site` (the launch line), as on the Model backend."""
    from .. import config
    from ..errors import LaunchTypeError
    from . import npu_runtime

    cann = require_cann()
    runtime = npu_runtime.runtime(cann)
    try:
        specs, launch_args = prepare_args(names, args, fn.constexprs)
    except TypeError as e:  # an argument's kind, layout or range, named by prepare()
        raise LaunchTypeError(f"kernel '{fn.__name__}': {e}", site) from None
    platform = config.current_platform()
    deps = fn.dependency_key()
    key = ("NPU", str(cann.root), cann.version, dump_enabled(), tuple(s.key() for s in specs), platform,
           fn._options_key, deps)
    kernel = fn._kernels.get(key)
    if kernel is None or fn.options.compile.always_compile:
        with fn._compile_lock:
            kernel = fn._kernels.get(key)
            if kernel is None or fn.options.compile.always_compile:
                kernel = load_or_compile(fn, list(names), specs, config.platform_info(platform), deps, cann)
                fn._kernels[key] = kernel
    if os.environ.get("DRY_RUN"):
        return
    from ...lib import runtime as rt

    # The NPU has no simulator report: last_launch() must not keep an earlier Model launch's.
    rt._record_launch(None)
    runtime.launch(kernel, launch.core_num, launch.stream, launch_args)
