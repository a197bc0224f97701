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
#include "ascsim/vector_abi.h"
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
/// MTE GM traffic per core: 44 bytes/cycle, fitted to Huawei's single-core
/// Add (hardware.md §7.2 case 1; pypto's model says 87, the 910B ini 32 -
/// docs/timing.md); GM latency read 347, write 203 cycles (pypto).
constexpr uint64_t kGmBytesPerCycle = 44;
constexpr uint64_t kGmReadLatency = 347;
constexpr uint64_t kGmWriteLatency = 203;
/// UB -> UB copy on PIPE_V: 256 bytes/cycle + 12 cycles.
constexpr uint64_t kUbCopyBytesPerCycle = 256;
constexpr uint64_t kUbCopyLatency = 12;

Cost gmToLocal(uint64_t bytes);
Cost localToGm(uint64_t bytes);
Cost localCopy(uint64_t bytes);
/// A mask/repeat vector instruction (or count form) executing `repeats`
/// 256-byte iterations (VEC_VALU_TAB classes, hardware.md §7.1; `levels` > 1
/// for the software ReduceSum/Max/Min sequences: repeats of each level).
Cost vectorOp(VecOp op, DType dst, DType src,
              const std::vector<uint64_t> &levelRepeats);

} // namespace timing

/// Timing of one finished block.
struct CoreTiming {
  uint64_t cycles = 0;
  std::array<uint64_t, kNumPipes> busy{};
  /// GM traffic of the DMA pipes (MTE2 reads, MTE3 writes) and the number of
  /// DataCopy transfers that carried it.
  uint64_t gmReadBytes = 0;
  uint64_t gmWriteBytes = 0;
  uint64_t gmTransfers = 0;
};

/// Chip-level HBM model (docs/timing.md): every DMA transfer costs
/// `bytes + kTransferOverheadBytes` bytes of the shared HBM bandwidth. The
/// overhead is fitted to the 8 KiB vs 32 KiB tile figures of hardware.md
/// §7.2 (small transfers use the bandwidth less efficiently, §5.4).
constexpr uint64_t kTransferOverheadBytes = 1763;

/// Cycles the shared HBM needs for `bytes` in `transfers` DMA transfers.
uint64_t hbmCycles(uint64_t bytes, uint64_t transfers, double hbmGbps,
                   double clockMhz);

/// The kernel estimate over all blocks.
struct KernelTiming {
  /// Latest core finish (the list schedule's makespan).
  uint64_t cycles = 0;
  double durationUs = 0.0;
  /// Start cycle and physical core of each block in the list schedule.
  std::vector<uint64_t> blockStart;
  std::vector<uint32_t> blockCore;
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
