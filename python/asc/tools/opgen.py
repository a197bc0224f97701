"""GE registration: a CANN custom-operator project generated from an `@asc.jit` kernel.

    from asc.tools.opgen import OpSpec, TensorSpec, generate
    spec = OpSpec("AddCustom", inputs=[TensorSpec("x", "float32"), TensorSpec("y", "float32")],
                  outputs=[TensorSpec("z", "float32")], block_dim=8,
                  tiling={"block_length": "total_length / block_dim"})
    generate(vadd_kernel, spec, "out/AddCustom")

or `python -m asc.tools.opgen module:kernel spec.json out/AddCustom` (the JSON holds OpSpec's
fields). The kernel's pointer parameters are the operator's inputs then outputs, with the same names
and in the same order; each scalar parameter (annotated `int` or `float`) is a field of the tiling
data, set by the host tiling function from its `tiling` expression (C++ over `total_length`, the
element count of the first input, `block_dim` and the attributes), or, without one, from the
attribute of the same name. ConstExpr parameters take their values from `constexprs`.

The project (docs/npu.md, "GE registration"):

    CMakeLists.txt, CMakePresets.json, build.sh        build files of the custom-op layout
    op_proto/<op>_proto.h, op_proto/<op>_proto.cpp     REG_OP prototype and its shape inference
    op_info/aic-<soc>-ops-info.json                    op info: inputs, outputs, attributes
    op_host/<op>_tiling.h, op_host/<op>.cpp            tiling data, tiling function, OpDef
    op_kernel/<op>.cpp                                 the kernel's Ascend C and the op's entry
    op_kernel/CMakeLists.txt, op_host/CMakeLists.txt

All of it is generated text that pyasc writes itself; it compiles against the stub headers of the
tests, and the kernel runs on the simulator. Building the package needs CANN.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: DataType name -> (GE data type, C++ element type).
_DTYPES = {
    "float32": ("DT_FLOAT", "float"), "float16": ("DT_FLOAT16", "half"), "bfloat16": ("DT_BF16", "bfloat16_t"),
    "int8": ("DT_INT8", "int8_t"), "int16": ("DT_INT16", "int16_t"), "int32": ("DT_INT32", "int32_t"),
    "int64": ("DT_INT64", "int64_t"), "uint8": ("DT_UINT8", "uint8_t"), "uint16": ("DT_UINT16", "uint16_t"),
    "uint32": ("DT_UINT32", "uint32_t"), "uint64": ("DT_UINT64", "uint64_t"), "bool": ("DT_BOOL", "bool"),
}
#: Attribute type -> (REG_OP type, OpDef setter, C++ type).
_ATTRS = {"int": ("Int", "Int", "int64_t"), "float": ("Float", "Float", "float"), "bool": ("Bool", "Bool", "bool")}
#: Tiling field types: 4 bytes each, so the host's serialisation and the kernel's struct agree.
_SCALARS = {int: ("int32", "int32_t"), float: ("float32", "float")}


class OpSpecError(ValueError):
    """The operator description does not fit the kernel (the message says how)."""


@dataclass(frozen=True)
class TensorSpec:
    name: str
    dtype: str
    format: str = "ND"


@dataclass(frozen=True)
class AttrSpec:
    name: str
    type: str  # "int" | "float" | "bool"
    default: Any


@dataclass(frozen=True)
class OpSpec:
    op_type: str
    inputs: list[TensorSpec]
    outputs: list[TensorSpec]
    block_dim: int
    tiling: dict[str, str] = field(default_factory=dict)
    attrs: list[AttrSpec] = field(default_factory=list)
    constexprs: dict[str, Any] = field(default_factory=dict)
    soc: str = "ascend910b"

    @staticmethod
    def from_json(data: dict) -> OpSpec:
        try:
            return OpSpec(data["op_type"], [TensorSpec(**t) for t in data["inputs"]],
                          [TensorSpec(**t) for t in data["outputs"]], int(data["block_dim"]),
                          dict(data.get("tiling", {})), [AttrSpec(**a) for a in data.get("attrs", [])],
                          dict(data.get("constexprs", {})), data.get("soc", "ascend910b"))
        except (KeyError, TypeError) as e:
            raise OpSpecError(f"bad operator description: {e!r}; expected op_type, inputs, outputs, block_dim "
                              "and optionally tiling, attrs, constexprs, soc") from None

    @property
    def snake(self) -> str:
        """AddCustom -> add_custom: the file and kernel entry name CANN derives from the op type."""
        return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", self.op_type).lower()


@dataclass(frozen=True)
class _Field:
    name: str
    cxx: str
    expression: str


def _check(kernel: Any, spec: OpSpec) -> tuple[list[str], list[_Field]]:
    """The kernel's tensor parameter names and the tiling fields; OpSpecError when they do not fit."""
    if not re.fullmatch(r"[A-Z][A-Za-z0-9]*", spec.op_type):
        raise OpSpecError(f"op_type must be an UpperCamelCase identifier, got {spec.op_type!r}")
    if not 1 <= spec.block_dim <= 65535:
        raise OpSpecError(f"block_dim must be in 1..65535, got {spec.block_dim}")
    for t in [*spec.inputs, *spec.outputs]:
        if t.dtype not in _DTYPES:
            raise OpSpecError(f"tensor '{t.name}': unknown dtype {t.dtype!r}; known: {sorted(_DTYPES)}")
    attrs = {a.name: a for a in spec.attrs}
    for a in spec.attrs:
        if a.type not in _ATTRS:
            raise OpSpecError(f"attribute '{a.name}': type must be one of {sorted(_ATTRS)}, got {a.type!r}")
    tensors, fields = [], []
    for name, p in kernel.signature.parameters.items():
        if name in kernel.constexprs:
            if name not in spec.constexprs:
                raise OpSpecError(f"kernel parameter '{name}' is a ConstExpr: give its value in constexprs")
            continue
        annotation = p.annotation
        if annotation in _SCALARS or annotation in ("int", "float"):
            kind = annotation if annotation in _SCALARS else {"int": int, "float": float}[annotation]
            expression = spec.tiling.get(name, name if name in attrs else None)
            if expression is None:
                raise OpSpecError(f"kernel parameter '{name}' is a scalar: give its value in tiling (a C++ "
                                  "expression over total_length, block_dim and the attributes) or add an "
                                  "attribute of that name")
            fields.append(_Field(name, _SCALARS[kind][1], expression))
        else:
            tensors.append(name)
    expected = [t.name for t in [*spec.inputs, *spec.outputs]]
    if tensors != expected:
        raise OpSpecError(f"kernel '{kernel.__name__}' takes the tensors {tensors}, but the operator's inputs "
                          f"then outputs are {expected}: they must be the same, in the same order")
    unknown = set(spec.tiling) - {f.name for f in fields}
    if unknown:
        raise OpSpecError(f"tiling names {sorted(unknown)}, which are not scalar parameters of kernel "
                          f"'{kernel.__name__}'")
    return tensors, fields


def kernel_source(kernel: Any, spec: OpSpec) -> str:
    """The Ascend C of `kernel` specialised for `spec` (no simulator entry, no #line directives)."""
    from ..codegen.prototype import Prototype
    from ..runtime import config
    from ..runtime.compiler import compile_source
    from ..runtime.jit import _CODEGEN_LOCK
    from ..runtime.specialize import ArgSpec, to_param

    dtypes = {t.name: t.dtype for t in [*spec.inputs, *spec.outputs]}
    specs = []
    names = list(kernel.signature.parameters)
    for name in names:
        if name in kernel.constexprs:
            specs.append(ArgSpec("constexpr", value=spec.constexprs[name]))
        elif name in dtypes:
            specs.append(ArgSpec("pointer", dtypes[name]))
        else:
            annotation = kernel.signature.parameters[name].annotation
            kind = annotation if annotation in _SCALARS else {"int": int, "float": float}[annotation]
            specs.append(ArgSpec("scalar", _SCALARS[kind][0]))
    params = [to_param(n, s) for n, s in zip(names, specs)]
    tree, def_line = kernel.tree()
    with _CODEGEN_LOCK:
        compiled = compile_source(tree, Prototype(kernel.__name__, kernel.file, def_line, params),
                                  kernel.namespace(), config.platform_info(), kernel.options,
                                  simulator_entry=False, line_directives=False)
    return compiled.ascendc


_KERNEL_LINE = re.compile(r'^extern "C" __global__ __aicore__ void (\w+)\(', re.MULTILINE)
_KERNEL_TYPE_LINE = re.compile(r"^ *(KERNEL_TASK_TYPE_DEFAULT\(\w+\);)\n", re.MULTILINE)


def _op_kernel(kernel: Any, spec: OpSpec, fields: list[_Field]) -> str:
    source = kernel_source(kernel, spec)
    found = _KERNEL_LINE.findall(source)
    assert len(found) == 1, found
    symbol = found[0]
    # The jit kernel becomes a device function the operator's entry calls; the entry declares the
    # kernel type (asc-kernel-type) the jit kernel declared.
    source = _KERNEL_LINE.sub(lambda m: f"__aicore__ inline void {m.group(1)}(", source)
    kernel_type = _KERNEL_TYPE_LINE.findall(source)
    source = _KERNEL_TYPE_LINE.sub("", source)
    tensors = [*spec.inputs, *spec.outputs]
    lines = [source.rstrip("\n"), "",
             f"// The tiling data of {spec.op_type}: the fields op_host/{spec.snake}_tiling.h declares, in order.",
             f"struct {spec.op_type}TilingData {{"]
    lines += [f"  {f.cxx} {f.name};" for f in fields]
    lines += ["};", "",
              f'extern "C" __global__ __aicore__ void {spec.snake}('
              + ", ".join([*(f"GM_ADDR {t.name}" for t in tensors), "GM_ADDR workspace", "GM_ADDR tiling"]) + ") {",
              *(f"  {line}" for line in kernel_type),
              f"  {spec.op_type}TilingData data;",
              "  // Byte by byte from global memory: the host serialised the fields without padding.",
              "  for (uint32_t i = 0; i < sizeof(data); ++i)",
              "    reinterpret_cast<uint8_t *>(&data)[i] = tiling[i];"]
    args = []
    by_name = {f.name: f for f in fields}
    tensor_types = {t.name: _DTYPES[t.dtype][1] for t in tensors}
    for name in kernel.signature.parameters:
        if name in kernel.constexprs:
            continue
        if name in tensor_types:
            args.append(f"reinterpret_cast<__gm__ {tensor_types[name]} *>({name})")
        else:
            args.append(f"data.{by_name[name].name}")
    lines += [f"  {symbol}({', '.join(args)});", "}", ""]
    return "\n".join(lines)


def _tiling_header(spec: OpSpec, fields: list[_Field]) -> str:
    guard = f"{spec.snake.upper()}_TILING_H"
    lines = [f"// {spec.op_type}: tiling data (generated by pyasc's opgen).", f"#ifndef {guard}", f"#define {guard}",
             '#include "register/tilingdata_base.h"', "", "namespace optiling {",
             f"BEGIN_TILING_DATA_DEF({spec.op_type}TilingData)"]
    lines += [f"TILING_DATA_FIELD_DEF({f.cxx}, {f.name});" for f in fields]
    lines += ["END_TILING_DATA_DEF;", "", f"REGISTER_TILING_DATA_CLASS({spec.op_type}, {spec.op_type}TilingData)",
              "} // namespace optiling", f"#endif // {guard}", ""]
    return "\n".join(lines)


def _attr_default(a: AttrSpec) -> str:
    if a.type == "bool":
        return "true" if a.default else "false"
    if a.type == "float":
        return repr(float(a.default))
    return str(int(a.default))


def _op_host(spec: OpSpec, fields: list[_Field]) -> str:
    tensors = [("Input", t) for t in spec.inputs] + [("Output", t) for t in spec.outputs]
    lines = [f"// {spec.op_type}: tiling function, shape and data type inference, operator definition",
             "// (generated by pyasc's opgen).",
             f'#include "{spec.snake}_tiling.h"', '#include "register/op_def_registry.h"', "",
             "namespace optiling {",
             "static ge::graphStatus TilingFunc(gert::TilingContext *context) {",
             "  const int64_t total_length = context->GetInputShape(0)->GetOriginShape().GetShapeSize();",
             f"  const int64_t block_dim = {spec.block_dim};"]
    if spec.attrs:
        lines.append("  const gert::RuntimeAttrs *attrs = context->GetAttrs();")
        for i, a in enumerate(spec.attrs):
            cxx = _ATTRS[a.type][2]
            lines.append(f"  const {cxx} {a.name} = *attrs->GetAttrPointer<{cxx}>({i});")
    lines += ["  (void)total_length;", f"  {spec.op_type}TilingData tiling;"]
    for f in fields:
        lines.append(f"  tiling.set_{f.name}(static_cast<{f.cxx}>({f.expression}));")
    lines += ["  context->SetBlockDim(static_cast<uint32_t>(block_dim));",
              "  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(),",
              "                      context->GetRawTilingData()->GetCapacity());",
              "  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());",
              "  size_t *workspace = context->GetWorkspaceSizes(1);",
              "  workspace[0] = 0;",
              "  return ge::GRAPH_SUCCESS;", "}", "} // namespace optiling", "",
              "namespace ge {",
              "// Every output has the shape and data type of the first input.",
              "static ge::graphStatus InferShape(gert::InferShapeContext *context) {",
              "  const gert::Shape *input = context->GetInputShape(0);"]
    lines += [f"  *context->GetOutputShape({i}) = *input;" for i in range(len(spec.outputs))]
    lines += ["  return GRAPH_SUCCESS;", "}", "",
              "static ge::graphStatus InferDataType(gert::InferDataTypeContext *context) {"]
    lines += [f"  context->SetOutputDataType({i}, context->GetInputDataType(0));" for i in range(len(spec.outputs))]
    lines += ["  return GRAPH_SUCCESS;", "}", "} // namespace ge", "", "namespace ops {",
              f"class {spec.op_type} : public OpDef {{", "public:",
              f"  explicit {spec.op_type}(const char *name) : OpDef(name) {{"]
    for kind, t in tensors:
        lines += [f'    this->{kind}("{t.name}")', "        .ParamType(REQUIRED)",
                  f"        .DataType({{ge::{_DTYPES[t.dtype][0]}}})", f"        .Format({{ge::FORMAT_{t.format}}});"]
    for a in spec.attrs:
        lines.append(f'    this->Attr("{a.name}").AttrType(OPTIONAL).{_ATTRS[a.type][1]}({_attr_default(a)});')
    lines += ["    this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);",
              "    this->AICore().SetTiling(optiling::TilingFunc);",
              f'    this->AICore().AddConfig("{spec.soc}");', "  }", "};", "", f"OP_ADD({spec.op_type});",
              "} // namespace ops", ""]
    return "\n".join(lines)


def _proto_header(spec: OpSpec) -> str:
    guard = f"{spec.snake.upper()}_PROTO_H"
    lines = [f"// {spec.op_type}: operator prototype (generated by pyasc's opgen).", f"#ifndef {guard}",
             f"#define {guard}", '#include "graph/operator_reg.h"', "", "namespace ge {", f"REG_OP({spec.op_type})"]
    lines += [f"    .INPUT({t.name}, TensorType({{{_DTYPES[t.dtype][0]}}}))" for t in spec.inputs]
    lines += [f"    .OUTPUT({t.name}, TensorType({{{_DTYPES[t.dtype][0]}}}))" for t in spec.outputs]
    lines += [f"    .ATTR({a.name}, {_ATTRS[a.type][0]}, {_attr_default(a)})" for a in spec.attrs]
    lines += [f"    .OP_END_FACTORY_REG({spec.op_type})", "} // namespace ge", f"#endif // {guard}", ""]
    return "\n".join(lines)


def _proto_source(spec: OpSpec) -> str:
    first = spec.inputs[0].name
    lines = [f"// {spec.op_type}: shape inference of the prototype (generated by pyasc's opgen).",
             f'#include "{spec.snake}_proto.h"', "", "namespace ge {",
             f"IMPLEMT_COMMON_INFERFUNC({spec.op_type}InferShape) {{",
             f'  TensorDesc input = op.GetInputDescByName("{first}");']
    for t in spec.outputs:
        lines += [f'  TensorDesc {t.name}_desc = op.GetOutputDescByName("{t.name}");',
                  f"  {t.name}_desc.SetShape(input.GetShape());",
                  f"  {t.name}_desc.SetDataType(input.GetDataType());",
                  f'  op.UpdateOutputDesc("{t.name}", {t.name}_desc);']
    lines += ["  return GRAPH_SUCCESS;", "}", "",
              f"COMMON_INFER_FUNC_REG({spec.op_type}, {spec.op_type}InferShape);", "} // namespace ge", ""]
    return "\n".join(lines)


def _op_info(spec: OpSpec) -> str:
    entry: dict[str, Any] = {}
    for prefix, tensors in (("input", spec.inputs), ("output", spec.outputs)):
        for i, t in enumerate(tensors):
            dtype = "float" if t.dtype == "float32" else t.dtype  # the op info's spelling of float32
            entry[f"{prefix}{i}"] = {"name": t.name, "dtype": dtype, "format": t.format, "paramType": "required"}
    if spec.attrs:
        entry["attr"] = {"list": ",".join(a.name for a in spec.attrs)}
        for a in spec.attrs:
            entry[f"attr_{a.name}"] = {"type": a.type, "paramType": "optional", "defaultValue": _attr_default(a)}
    entry["opFile"] = {"value": spec.snake}
    entry["opInterface"] = {"value": spec.snake}
    return json.dumps({spec.op_type: entry}, indent=2) + "\n"


def _build_files(spec: OpSpec) -> dict[str, str]:
    top = f"""# {spec.op_type}: custom operator package (generated by pyasc's opgen). Needs CANN:
#   ASCEND_CANN_PACKAGE_PATH=$ASCEND_HOME_PATH ./build.sh
cmake_minimum_required(VERSION 3.16)
project({spec.op_type} LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 17)
set(ASCEND_CANN_PACKAGE_PATH $ENV{{ASCEND_CANN_PACKAGE_PATH}} CACHE PATH "CANN toolkit root")
set(SOC_VERSION "{spec.soc}" CACHE STRING "the Ascend part the kernel is built for")
add_subdirectory(op_host)
add_subdirectory(op_kernel)
"""
    host = f"""# Host side: the operator definition and tiling (op_host) and the prototype (op_proto).
add_library(cust_op_{spec.snake} SHARED {spec.snake}.cpp ../op_proto/{spec.snake}_proto.cpp)
target_include_directories(cust_op_{spec.snake} PRIVATE . ../op_proto ${{ASCEND_CANN_PACKAGE_PATH}}/include)
target_link_directories(cust_op_{spec.snake} PRIVATE ${{ASCEND_CANN_PACKAGE_PATH}}/lib64)
target_link_libraries(cust_op_{spec.snake} PRIVATE register graph exe_graph tiling_api)
install(TARGETS cust_op_{spec.snake} LIBRARY DESTINATION op_api/lib)
install(FILES ../op_info/aic-{spec.soc}-ops-info.json DESTINATION op_impl/ai_core/tbe/config/{spec.soc})
"""
    kernel = f"""# Device side: the kernel, compiled by bisheng through CANN's Ascend C CMake support.
include(${{ASCEND_CANN_PACKAGE_PATH}}/compiler/tikcpp/ascendc_kernel_cmake/ascendc.cmake)
ascendc_library(kernel_{spec.snake} STATIC {spec.snake}.cpp)
install(TARGETS kernel_{spec.snake} ARCHIVE DESTINATION op_impl/ai_core/tbe/kernel/{spec.soc})
"""
    presets = json.dumps({"version": 1, "configurePresets": [{
        "name": "default", "generator": "Unix Makefiles", "binaryDir": "${sourceDir}/build_out",
        "cacheVariables": {"CMAKE_BUILD_TYPE": "Release", "SOC_VERSION": spec.soc,
                           "ASCEND_CANN_PACKAGE_PATH": "$env{ASCEND_HOME_PATH}"}}]}, indent=2) + "\n"
    build = """#!/bin/bash
# Configures, builds and installs the package into build_out/install (needs CANN: ASCEND_HOME_PATH).
set -euo pipefail
cd "$(dirname "$0")"
: "${ASCEND_HOME_PATH:?set ASCEND_HOME_PATH to the CANN toolkit (source its set_env.sh)}"
export ASCEND_CANN_PACKAGE_PATH="$ASCEND_HOME_PATH"
cmake --preset=default
cmake --build build_out -j 2
cmake --install build_out --prefix build_out/install
"""
    return {"CMakeLists.txt": top, "CMakePresets.json": presets, "build.sh": build,
            "op_host/CMakeLists.txt": host, "op_kernel/CMakeLists.txt": kernel}


def render(kernel: Any, spec: OpSpec) -> dict[str, str]:
    """The project's files (relative path -> text)."""
    _, fields = _check(kernel, spec)
    files = _build_files(spec)
    files.update({
        f"op_proto/{spec.snake}_proto.h": _proto_header(spec),
        f"op_proto/{spec.snake}_proto.cpp": _proto_source(spec),
        f"op_info/aic-{spec.soc}-ops-info.json": _op_info(spec),
        f"op_host/{spec.snake}_tiling.h": _tiling_header(spec, fields),
        f"op_host/{spec.snake}.cpp": _op_host(spec, fields),
        f"op_kernel/{spec.snake}.cpp": _op_kernel(kernel, spec, fields),
    })
    return dict(sorted(files.items()))


def generate(kernel: Any, spec: OpSpec, out_dir: str | Path) -> list[Path]:
    """Writes the project into `out_dir`; returns the files written."""
    out = Path(out_dir)
    written = []
    for rel, text in render(kernel, spec).items():
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        if rel == "build.sh":
            path.chmod(0o755)
        written.append(path)
    return written


def _load_kernel(ref: str) -> Any:
    """The kernel named by `module:function` or `path/to/file.py:function`."""
    from ..runtime.jit import JITFunction

    where, _, attr = ref.rpartition(":")
    if not where or not attr:
        raise SystemExit(f"opgen: the kernel must be given as module:function or file.py:function, got {ref!r}")
    if where.endswith(".py"):
        module = _import_file(Path(where))
    else:
        sys.path.insert(0, str(Path.cwd()))
        try:
            module = importlib.import_module(where)
        except ModuleNotFoundError as e:
            # Only the named module (or a package on its path) is the user's typo; a module the
            # kernel's file itself imports keeps its own traceback.
            if e.name is None or not (where == e.name or where.startswith(e.name + ".")):
                raise
            raise SystemExit(f"opgen: no module named {e.name!r} (the kernel {ref!r} is looked up from "
                             f"{Path.cwd()} and sys.path; give path/to/file.py:function instead)") from None
    kernel = getattr(module, attr, None)
    if not isinstance(kernel, JITFunction):
        raise SystemExit(f"opgen: {ref} is not an @asc.jit kernel")
    return kernel


def _import_file(path: Path) -> Any:
    import importlib.util

    if not path.is_file():
        raise SystemExit(f"opgen: the kernel file {path} does not exist")
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"opgen: cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module


def _read_json(path: Path) -> Any:
    """The operator description in `path`; OpSpecError when it cannot be read or is not JSON."""
    try:
        text = path.read_text()
    except OSError as e:
        raise OpSpecError(f"cannot read the operator description {path}: {e.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise OpSpecError(f"{path}:{e.lineno}:{e.colno}: the operator description is not valid JSON: {e.msg}") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m asc.tools.opgen",
                                     description="Generate a CANN custom-operator project from an @asc.jit kernel.")
    parser.add_argument("kernel", help="module:function or path/to/file.py:function of the @asc.jit kernel")
    parser.add_argument("spec", help="JSON file describing the operator (OpSpec's fields)")
    parser.add_argument("out", help="directory to write the project into")
    args = parser.parse_args(argv)
    kernel = _load_kernel(args.kernel)
    try:
        spec = OpSpec.from_json(_read_json(Path(args.spec)))
        files = generate(kernel, spec, args.out)
    except OpSpecError as e:
        print(f"opgen: {e}", file=sys.stderr)
        return 2
    for f in files:
        print(f)
    return 0


__all__ = ["AttrSpec", "OpSpec", "OpSpecError", "TensorSpec", "generate", "kernel_source", "main", "render"]

if __name__ == "__main__":
    sys.exit(main())
