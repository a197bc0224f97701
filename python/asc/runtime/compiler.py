"""Kernel compilation: Python AST → asc IR → passes → Ascend C source.

`PYASC_DUMP_PATH=dir` writes `codegen.mlir` (before passes), `ascir.mlir` (after
passes) and `ascendc.cpp` (the Ascend C source) there for every compile. Which
passes run depends on the @asc.jit options (docs/runtime.md, "Options").
"""

from __future__ import annotations

import ast
import re
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._C import _ods, passes, translate
from ..codegen.errors import CompileError, CompileWarning, from_diagnostics
from ..codegen.generator import FunctionVisitor
from ..codegen.ir_builder import IRBuilder
from ..codegen.prototype import Prototype
from ..errors import SourceLocation
from ..language.core.builtin import set_builder
from .config import PlatformInfo
from .errors import SyncWarning
from .options import CompileOptions as CompileOptions  # pyasc_api.md Appendix A: pyasc defines it here
from .options import JitOptions


@dataclass(frozen=True)
class CompiledSource:
    """The artifacts of compiling one specialisation of a kernel."""

    name: str
    ascendc: str
    ir_before: str
    ir_after: str
    #: NPU builds: the kernel takes the debug dump buffer (it prints, and ASCENDC_DUMP allows it).
    dump: bool = False
    #: The KernelType: the `kernel_type` option, else the one asc-kernel-type inferred (None only for a
    #: module without a kernel; see backends/npu.kernel_type_of).
    kernel_type: Any = None
    #: Whether the MLIR context could run passes on several threads (ir_multithreading).
    multithreaded: bool = True


def _kernel_type_pass(options: JitOptions) -> str:
    """asc-kernel-type: infers the kernel type, or checks `kernel_type` (docs/language.md)."""
    given = options.compile.kernel_type
    opts = [f"kernel-type={given.name.lower()}"] if given is not None else []
    if options.compile.matmul_cube_only:
        opts.append("matmul-cube-only=true")
    return f"asc-kernel-type{{{' '.join(opts)}}}" if opts else "asc-kernel-type"


_KERNEL_TYPE_ATTR = re.compile(r"asc\.kernel_type = #asc<kernel_type (\w+)>")


def _kernel_type(ir: str, options: JitOptions) -> Any:
    """The KernelType of the compiled kernel: the option, else the one asc-kernel-type inferred (its
    KernelMetaType, whose six values are KernelTypes of the same names)."""
    if options.compile.kernel_type is not None:
        return options.compile.kernel_type
    from .config import KernelType

    found = _KERNEL_TYPE_ATTR.search(ir)
    return KernelType[found.group(1).upper()] if found else None


def insert_sync_enabled(options: JitOptions, uses_local_tensor_auto: bool) -> bool:
    """insert_sync as pyasc resolves it: None means "the kernel uses LocalTensorAuto"."""
    value = options.compile.insert_sync
    return uses_local_tensor_auto if value is None else value


def pipeline(info: PlatformInfo, options: JitOptions, uses_local_tensor_auto: bool = False) -> str:
    """The pass pipeline of a compile (docs/runtime.md lists what each option adds)."""
    cp = options.compile
    insert_sync = insert_sync_enabled(options, uses_local_tensor_auto)
    # inline without its default canonicalize, so the capacity check sees the tensors as written.
    stages = ["asc-privatize-device-functions", "inline{default-pipeline=}", "symbol-dce"]
    if insert_sync:
        stages.append("asc-erase-sync")
    if uses_local_tensor_auto:
        stages += ["asc-auto-tensor-position", f"asc-materialize-auto-tensors{{ub-size={info.ub_bytes}}}"]
    if insert_sync:
        stages.append("asc-hoist-queue-creation")
    if insert_sync or uses_local_tensor_auto:
        stages.append("asc-unify-pipe")
    if insert_sync:
        stages.append(f"asc-insert-sync{{auto-sync={'true' if cp.auto_sync else 'false'}}}")
    # The capacities are the part's usable bytes (l1_bytes is TOTAL_L1_SIZE).
    stages.append(f"asc-verify-capacity{{ub-size={info.ub_bytes} l1-size={info.l1_bytes}}}")
    stages.append(_kernel_type_pass(options))
    # opt_level: 1 no clean-up, 2 canonicalize + cse, 3 also loop-invariant code motion (asc-licm:
    # upstream's, but a checked remainder or shift stays in its loop).
    if cp.opt_level >= 2:
        stages += ["canonicalize", "cse"]
    if cp.opt_level >= 3:
        stages += ["asc-licm", "canonicalize"]
    if cp.verify_sync:
        stages.append("asc-verify-sync")
    if cp.strip_loc:
        stages.append("strip-debuginfo")
    return ",".join(stages)  # passes run on the module, as in builtin.module(...)


def _warning_text(d: Any) -> str:
    """A warning's message, then its notes, each at its file:line."""
    lines = [f"{d.file}:{d.line}: {d.message}" if d.file else d.message]
    lines += [f"  note: {n.file}:{n.line}: {n.message}" if n.file else f"  note: {n.message}" for n in d.notes]
    return "\n".join(lines)


def _warn(diags: list) -> None:
    """The verifier's and the passes' warnings at the kernel's lines: SyncWarnings from verify_sync,
    CompileWarnings from the others (asc-verify-capacity: a static tensor sharing bytes with the TPipe's
    buffers; the verifier: a parameter struct field Ascend 910B/910C ignore). The verifier runs again after
    the passes, so a warning it repeats is issued once."""
    seen = set()
    for d in diags:
        if d.severity != "warning" or (d.file, d.line, d.message) in seen:
            continue
        seen.add((d.file, d.line, d.message))
        category = SyncWarning if d.category == "sync" else CompileWarning
        if d.file:
            warnings.warn_explicit(_warning_text(d), category, d.file, d.line)
        else:
            warnings.warn(_warning_text(d), category, stacklevel=2)


def _op_name(builder: Any) -> str:
    """The op a generated builder creates (its docstring starts with the name in backquotes)."""
    doc = builder.__doc__
    return doc[1:doc.index("`", 1)]


def _has_op(module: Any, prefixes: tuple[str, ...]) -> bool:
    text = module.to_string(debug_info=False)
    return any(f" {p}" in text or f"\"{p}" in text for p in prefixes)


def build_ir(tree: ast.FunctionDef, proto: Prototype, globals_: Mapping[str, Any],
             options: JitOptions | None = None) -> IRBuilder:
    builder = IRBuilder(proto.file)
    if options is not None:
        builder.capture_exceptions = options.codegen.capture_exceptions
    previous = set_builder(builder)
    try:
        FunctionVisitor(builder, proto, globals_).visit(tree)
    finally:
        set_builder(previous)
    return builder


def uses_printing(ir: str) -> bool:
    """True if the module (printed) has a printf, dump_tensor or dump_acc_chk_point (all three write the
    dump buffer on the NPU)."""
    return any(f"asc.{op} " in ir for op in ("printf", "dump_tensor", "dump_tensor_shape", "dump_acc_chk_point"))


def compile_source(tree: ast.FunctionDef, proto: Prototype, globals_: Mapping[str, Any],
                   info: PlatformInfo, options: JitOptions, dump_to: Path | None = None, npu: bool = False,
                   dump_buffer: bool = True, simulator_entry: bool = True,
                   line_directives: bool = True) -> CompiledSource:
    """With `dump_to`, the IR and the source are written there. With `npu`, the kernel gets the NPU
    launcher's trailing parameters (ffts_addr, and the dump buffer if it prints and `dump_buffer`
    allows it); the simulator entry stays, under #ifdef ASCSIM. Without `simulator_entry` /
    `line_directives` (generated operator projects), the source has neither the entry points nor
    #line directives."""
    builder = build_ir(tree, proto, globals_, options)
    module = builder.module
    diags = module.verify()
    if any(d.severity == "error" for d in diags):
        raise from_diagnostics(diags, "verification")
    verify_diags = list(diags)
    ir_before = module.to_string(debug_info=False)
    if options.compile.matmul_cube_only and not _has_op(module, (_op_name(_ods.matmul),)):
        raise CompileError("matmul_cube_only=True: this kernel has no Matmul, so there is no matmul to run on "
                           "the cube core alone (the option selects the AIC-only build of a kernel using "
                           "asc.adv.Matmul); remove the option",
                           SourceLocation(proto.file, proto.first_line))
    builder.ctx.multithreading = options.codegen.ir_multithreading
    # Without the pipeline the kernel type is still needed: it decides which cores run the kernel.
    stages = pipeline(info, options, builder.uses_local_tensor_auto) if options.compile.run_passes \
        else _kernel_type_pass(options)
    diags = passes.run_pipeline(module, stages, print_ir_before_all=options.compile.print_ir_before_all)
    if any(d.severity == "error" for d in diags):
        raise from_diagnostics(diags, "passes")
    _warn(verify_diags + list(diags))
    ir_after = module.to_string(debug_info=False)
    # The entry points the simulator loads the kernel by; guarded, so CANN's bisheng skips them.
    with_dump = npu and dump_buffer and uses_printing(ir_after)
    source, diags = translate.to_ascendc(module, line_directives=line_directives, simulator_entry=simulator_entry,
                                         npu_launch_params=npu, dump_buffer=with_dump)
    if source is None:
        raise from_diagnostics(diags, "translation")
    result = CompiledSource(proto.name, source, ir_before, ir_after, with_dump, _kernel_type(ir_after, options),
                            multithreaded=builder.ctx.multithreading)
    if dump_to is not None:
        dump(result, dump_to)
    return result


def dump(result: CompiledSource, directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "codegen.mlir").write_text(result.ir_before)
    (directory / "ascir.mlir").write_text(result.ir_after)
    (directory / "ascendc.cpp").write_text(result.ascendc)
