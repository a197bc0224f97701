//===- device/Core.h - One simulated vector core ----------------*- C++ -*-===//
//
// A Core is the state of one block's run: its Unified Buffer, flags, pipe
// engine and the scalar unit's clock. The kernel's code runs on a host thread
// with the core bound to it (CoreScope); every Ascend C call reaches the
// bound core through the ABI (KernelAbi.cpp). That thread-local binding is
// the only global mutable state of the simulator.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_DEVICE_CORE_H
#define ASCSIM_DEVICE_CORE_H

#include "flags/Flags.h"
#include "memory/Memory.h"
#include "pipes/Engine.h"
#include "timing/Timing.h"

#include <vector>

namespace ascsim {

class Core {
public:
  Core(int64_t blockIdx, int64_t blockNum, const LaunchConfig &config,
       const GmMap &gm);

  int64_t blockIdx() const { return blockIdx_; }
  int64_t blockNum() const { return blockNum_; }

  // Ascend C entry points (see ascsim/abi.h). Checks throw a Fault.
  void checkLocalTensor(uint8_t pos, uint32_t addr, uint32_t elems,
                        uint32_t elemBytes, Loc loc);
  void dataCopy(const Operand &dst, const Operand &src, uint32_t count,
                DType type, Loc loc);
  void vecBinary(BinOp op, DType type, const Operand &dst, const Operand &src0,
                 const Operand &src1, int32_t count, Loc loc);
  void setFlag(uint8_t event, int32_t id, Loc loc);
  void waitFlag(uint8_t event, int32_t id, Loc loc);
  void pipeBarrier(uint8_t pipeT, Loc loc);
  void scalarRead(const Operand &src, uint64_t index, DType type, void *out,
                  Loc loc);
  void scalarWrite(const Operand &dst, uint64_t index, DType type,
                   const void *in, Loc loc);
  void initSocState(Loc loc);

  /// The kernel function returned: run the pipes dry (deadlock -> Fault),
  /// then record every flag left set.
  void finish();
  /// Records a diagnostic of this core (fills block and program order).
  void record(Diagnostic d);
  std::vector<Diagnostic> takeDiagnostics() { return std::move(diags_); }
  CoreTiming timing() const;

private:
  uint64_t beginCall(Loc loc);
  void issue(Instr instr);
  void issueBarrier(Pipe p, uint64_t seq, Loc loc, const char *name);

  int64_t blockIdx_;
  int64_t blockNum_;
  CoreMemory mem_;
  FlagTable flags_;
  Engine engine_;
  uint64_t scalar_ = 0;     // the scalar unit's cycle
  uint64_t scalarBusy_ = 0; // cycles the scalar spent issuing / accessing
  uint64_t seq_ = 0;        // API calls so far (program order)
  Loc lastLoc_{nullptr, 0};
  std::vector<Diagnostic> diags_;
};

/// Binds `core` to the calling thread while alive.
class CoreScope {
public:
  explicit CoreScope(Core &core);
  ~CoreScope();
  CoreScope(const CoreScope &) = delete;
  CoreScope &operator=(const CoreScope &) = delete;

private:
  Core *previous_;
};

/// The core bound to the calling thread; throws std::logic_error if the
/// kernel runs outside a launch.
Core &currentCore();

} // namespace ascsim

#endif // ASCSIM_DEVICE_CORE_H
