//===- AscendCEmitter.h - MLIR to Ascend C source ---------------*- C++ -*-===//
//
// Translates a module of asc, func, scf and arith ops into Ascend C source
// that compiles against `kernel_operator.h`.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_TARGET_ASCENDC_ASCENDCEMITTER_H
#define ASCIR_TARGET_ASCENDC_ASCENDCEMITTER_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;

namespace asc {

/// Options of the Ascend C emitter.
struct AscendCEmitterOptions {
  /// Emit `#line N "file"` so that C++ diagnostics and simulator reports
  /// point at the Python source named by the ops' FileLineColLocs.
  bool lineDirectives = true;
  /// Emit, after the kernel, the entry points pyasc's simulator loads it by
  /// (`ASCSIM_ENTRY(kernel)` from `ascsim_entry.h`), under `#ifdef ASCSIM`:
  /// only the simulator's `kernel_operator.h` defines ASCSIM, so the same
  /// source still compiles unchanged with CANN's bisheng. The simulator loads
  /// one kernel per shared object, so a module may then hold one kernel only.
  bool simulatorEntry = false;
  /// Append the parameters the NPU launcher passes after the user's ones to
  /// every kernel: `GM_ADDR ffts_addr` (the cross-core synchronisation base
  /// the runtime reports; mix kernels set it), then, with `dumpBuffer`,
  /// `GM_ADDR dump_addr`, the device buffer printf and DumpTensor write to,
  /// which the kernel hands to `AscendC::InitDump` first (not under ASCSIM:
  /// the simulator prints directly).
  bool npuLaunchParams = false;
  /// With `npuLaunchParams`: the kernel gets the debug dump buffer.
  bool dumpBuffer = false;
};

/// Prints `op` (a module, or a single function) as Ascend C source to `os`.
/// Reports unsupported ops, types and attributes as diagnostics on the
/// offending op and returns failure.
LogicalResult translateToAscendC(Operation *op, raw_ostream &os,
                                 const AscendCEmitterOptions &options = {});

/// Registers the `mlir-to-ascendc` translation and its command-line flags.
void registerToAscendCTranslation();

} // namespace asc
} // namespace mlir

#endif // ASCIR_TARGET_ASCENDC_ASCENDCEMITTER_H
