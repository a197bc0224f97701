//===- timing/Timing.h - Cycle cost model (first cut) -----------*- C++ -*-===//
//
// Per-instruction costs for the pipe engine and the per-kernel estimate from
// per-block results. All constants come from hardware.md §7 (Huawei's pypto
// A2/A3 cost model and the 910B ini files) and are listed in sim/README.md.
//
// An instruction occupies its pipe for `occupancy` cycles from its start (the
// next instruction of the pipe may start then); its results are visible
// `latency` cycles after that.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_TIMING_TIMING_H
#define ASCSIM_TIMING_TIMING_H

#include "ascsim/abi.h"
#include "support/Isa.h"

#include <array>
#include <cstdint>
#include <vector>

namespace ascsim {

struct Cost {
  uint64_t occupancy = 1;
  uint64_t latency = 0;
};

namespace timing {

/// Scalar unit: issuing one API call, one scalar load / store (§7.1).
constexpr uint64_t kScalarIssue = 1;
constexpr uint64_t kScalarLoad = 6;
constexpr uint64_t kScalarStore = 4;
/// SetFlag / WaitFlag / PipeBarrier occupy their pipe for one cycle.
constexpr uint64_t kSyncOccupancy = 1;
/// Vector unit: one repeat = 256 bytes; completion adds the per-op delay plus
/// a fixed pipeline delay of 15 cycles (§7.1 VEC_VALU_TAB, vecDelay_).
constexpr uint64_t kRepeatBytes = 256;
constexpr uint64_t kVecPipelineDelay = 15;
/// MTE GM traffic: 87 bytes/cycle per core; GM latency read 347, write 203.
constexpr uint64_t kGmBytesPerCycle = 87;
constexpr uint64_t kGmReadLatency = 347;
constexpr uint64_t kGmWriteLatency = 203;
/// UB -> UB copy on PIPE_V: 256 bytes/cycle + 12 cycles.
constexpr uint64_t kUbCopyBytesPerCycle = 256;
constexpr uint64_t kUbCopyLatency = 12;

Cost gmToLocal(uint64_t bytes);
Cost localToGm(uint64_t bytes);
Cost localCopy(uint64_t bytes);
Cost vectorBinary(BinOp op, DType type, uint64_t bytes);

} // namespace timing

/// Timing of one finished block.
struct CoreTiming {
  uint64_t cycles = 0;
  std::array<uint64_t, kNumPipes> busy{};
};

/// The kernel estimate over all blocks.
struct KernelTiming {
  uint64_t cycles = 0;
  double durationUs = 0.0;
  /// Per pipe: max over physical cores of the busy cycles summed over the
  /// blocks each core ran.
  std::array<uint64_t, kNumPipes> busy{};
  int boundPipe = -1; // index into Pipe, -1 when nothing ran
};

/// Blocks are list-scheduled in block order onto `cores` identical cores
/// (each block goes to the earliest-free core, lowest index on ties).
KernelTiming estimateKernel(const std::vector<CoreTiming> &blocks,
                            uint32_t cores, double clockMhz);

} // namespace ascsim

#endif // ASCSIM_TIMING_TIMING_H
