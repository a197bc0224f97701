"""Kernel compilation: Python AST → asc IR → passes → Ascend C source.

`PYASC_DUMP_PATH=dir` writes `codegen.mlir` (before passes), `ascir.mlir` (after
passes) and `ascendc.cpp` (the Ascend C source) there for every compile.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._C import passes, translate
from ..codegen.errors import from_diagnostics
from ..codegen.generator import FunctionVisitor
from ..codegen.ir_builder import IRBuilder
from ..codegen.prototype import Prototype
from ..language.core.builtin import set_builder
from .config import PlatformInfo
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
    #: The KernelType the frontend determined, if it did (None: a vector kernel unless the
    #: `kernel_type` option says otherwise; see backends/npu.kernel_type_of).
    kernel_type: Any = None


def _pipeline(info: PlatformInfo, options: JitOptions) -> str:
    # inline without its default canonicalize, so the capacity check sees the tensors as written.
    # The capacities are the part's usable bytes (l1_bytes is TOTAL_L1_SIZE).
    stages = ["asc-privatize-device-functions", "inline{default-pipeline=}", "symbol-dce",
              f"asc-verify-capacity{{ub-size={info.ub_bytes} l1-size={info.l1_bytes}}}",
              "canonicalize", "cse"]
    if options.compile.strip_loc:
        stages.append("strip-debuginfo")
    return ",".join(stages)  # passes run on the module, as in builtin.module(...)


def build_ir(tree: ast.FunctionDef, proto: Prototype, globals_: Mapping[str, Any]) -> IRBuilder:
    builder = IRBuilder(proto.file)
    previous = set_builder(builder)
    try:
        FunctionVisitor(builder, proto, globals_).visit(tree)
    finally:
        set_builder(previous)
    return builder


def uses_printing(ir: str) -> bool:
    """True if the module (printed) has a printf or dump_tensor."""
    return "asc.printf " in ir or "asc.dump_tensor " in ir


def compile_source(tree: ast.FunctionDef, proto: Prototype, globals_: Mapping[str, Any],
                   info: PlatformInfo, options: JitOptions, dump_to: Path | None = None, npu: bool = False,
                   dump_buffer: bool = True, simulator_entry: bool = True,
                   line_directives: bool = True) -> CompiledSource:
    """With `dump_to`, the IR and the source are written there. With `npu`, the kernel gets the NPU
    launcher's trailing parameters (ffts_addr, and the dump buffer if it prints and `dump_buffer`
    allows it); the simulator entry stays, under #ifdef ASCSIM. Without `simulator_entry` /
    `line_directives` (generated operator projects), the source has neither the entry points nor
    #line directives."""
    builder = build_ir(tree, proto, globals_)
    module = builder.module
    diags = module.verify()
    if any(d.severity == "error" for d in diags):
        raise from_diagnostics(diags, "verification")
    ir_before = module.to_string(debug_info=False)
    if options.compile.run_passes:
        diags = passes.run_pipeline(module, _pipeline(info, options))
        if any(d.severity == "error" for d in diags):
            raise from_diagnostics(diags, "passes")
    ir_after = module.to_string(debug_info=False)
    # The entry points the simulator loads the kernel by; guarded, so CANN's bisheng skips them.
    with_dump = npu and dump_buffer and uses_printing(ir_after)
    source, diags = translate.to_ascendc(module, line_directives=line_directives, simulator_entry=simulator_entry,
                                         npu_launch_params=npu, dump_buffer=with_dump)
    if source is None:
        raise from_diagnostics(diags, "translation")
    result = CompiledSource(proto.name, source, ir_before, ir_after, with_dump)
    if dump_to is not None:
        dump(result, dump_to)
    return result


def dump(result: CompiledSource, directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "codegen.mlir").write_text(result.ir_before)
    (directory / "ascir.mlir").write_text(result.ir_after)
    (directory / "ascendc.cpp").write_text(result.ascendc)
