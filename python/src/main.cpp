//===- main.cpp - The _asc extension module entry point ---------*- C++ -*-===//
//
// One submodule per area, each bound in its own file (style.md §10).
//
//===----------------------------------------------------------------------===//

#include "bindings.h"

NB_MODULE(_asc, m) {
  m.doc() = "pyasc compiler core: MLIR builder, passes, Ascend C translation";
  init_diagnostics(m);
  nanobind::module_ ir =
      m.def_submodule("ir", "MLIR context, types and a generic op builder");
  nanobind::module_ passes =
      m.def_submodule("passes", "pass pipelines over asc modules");
  nanobind::module_ translate =
      m.def_submodule("translate", "asc IR to Ascend C source");
  init_ir(ir);
  init_passes(passes);
  init_translate(translate);
}
