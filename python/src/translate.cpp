//===- translate.cpp - asc IR to Ascend C source ----------------*- C++ -*-===//
//
// Thin wrapper over mlir::asc::translateToAscendC; diagnostics come back as
// records so the Python side can show the user's source line.
//
//===----------------------------------------------------------------------===//

#include "bindings.h"
#include "ir.h"

#include "ascir/Target/AscendC/AscendCEmitter.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;
using namespace mlir;

void init_translate(nb::module_ &m) {
  m.def(
      "to_ascendc",
      [](pyasc::NbModule &module, bool lineDirectives, bool simulatorEntry,
         bool npuLaunchParams, bool dumpBuffer)
          -> std::pair<std::optional<std::string>, std::vector<pyasc::Diag>> {
        Operation *op = module.module->getOperation();
        pyasc::DiagnosticCapture capture(op->getContext());
        std::string source;
        llvm::raw_string_ostream os(source);
        asc::AscendCEmitterOptions options;
        options.lineDirectives = lineDirectives;
        options.simulatorEntry = simulatorEntry;
        options.npuLaunchParams = npuLaunchParams;
        options.dumpBuffer = dumpBuffer;
        bool failedEmit = failed(asc::translateToAscendC(op, os, options));
        auto diags = capture.take();
        if (failedEmit) {
          pyasc::ensureDiagnostic(diags, "translation to Ascend C");
          return {std::nullopt, std::move(diags)};
        }
        os.flush();
        return {std::move(source), std::move(diags)};
      },
      nb::arg("module"), nb::arg("line_directives") = true,
      nb::arg("simulator_entry") = false, nb::arg("npu_launch_params") = false,
      nb::arg("dump_buffer") = false);
}
