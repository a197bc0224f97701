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
#include "ascsim/gen/Hardware.h"
#include "ascsim/vector_abi.h"
#include "support/Isa.h"

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace ascsim {

struct Cost {
  uint64_t occupancy = 1;
  uint64_t latency = 0;
};

namespace timing {

/// ceil(a / b), b > 0: cycles of a rate, blocks of a span.
inline uint64_t ceilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

// The cost-model numbers of the hardware table (AscHardware.td, with their
// sources: hardware.md §7 and the fits of docs/timing.md).
/// Scalar unit: issuing one API call, one scalar load / store.
constexpr uint64_t kScalarIssue = hw::kScalarIssueCycles;
constexpr uint64_t kScalarLoad = hw::kScalarLoadCycles;
constexpr uint64_t kScalarStore = hw::kScalarStoreCycles;
/// SetFlag / WaitFlag / PipeBarrier occupy their pipe for one cycle.
constexpr uint64_t kSyncOccupancy = 1;
/// Vector unit: one repeat = 256 bytes; completion adds the per-op delay plus
/// a fixed pipeline delay.
constexpr uint64_t kRepeatBytes = hw::kRepeatBytes;
constexpr uint64_t kVecPipelineDelay = hw::kVecPipelineDelay;
/// MTE GM traffic per core (fitted) and GM latencies.
constexpr uint64_t kGmBytesPerCycle = hw::kGmBytesPerCycle;
constexpr uint64_t kGmReadLatency = hw::kGmReadLatency;
constexpr uint64_t kGmWriteLatency = hw::kGmWriteLatency;
/// UB -> UB copy on PIPE_V.
constexpr uint64_t kUbCopyBytesPerCycle = hw::kUbCopyBytesPerCycle;
constexpr uint64_t kUbCopyLatency = hw::kUbCopyLatency;

/// Per-core DMA rates (bytes per cycle) of the core running on this host
/// thread: the fitted HBM rate (kGmBytesPerCycle), or the L2 rates of the
/// hardware table when the launch's GM buffers fit in the L2
/// (docs/timing.md, "L2"). Set by the device layer for each core run.
struct DmaRates {
  uint64_t read = kGmBytesPerCycle;
  uint64_t write = kGmBytesPerCycle;
};
DmaRates &dmaRates();
/// The rates of a launch whose GM working set is (or is not) L2-resident.
DmaRates dmaRatesFor(bool l2Resident);

Cost gmToLocal(uint64_t bytes);
Cost localToGm(uint64_t bytes);
Cost localCopy(uint64_t bytes);
/// A mask/repeat vector instruction (or count form) executing `repeats`
/// 256-byte iterations (VEC_VALU_TAB classes, hardware.md §7.1; `levels` > 1
/// for the software ReduceSum/Max/Min sequences: repeats of each level).
/// `bankCycles` (0: none) is the cycles one repeat of the first level needs
/// for its UB bank-group accesses (bankConflictCycles); a repeat takes the
/// larger of that and its class's rate.
Cost vectorOp(VecOp op, DType dst, DType src,
              const std::vector<uint64_t> &levelRepeats,
              uint64_t bankCycles = 0);

/// UB bank groups (hardware.md §2.3): 16 groups, a 32-B block at UB byte `a`
/// is in group (a / 32) mod 16, and the vector unit reads (and writes) one
/// block per group per cycle. One operand of a repeat: its UB byte offset,
/// its block stride in blocks, and whether the repeat reads or writes it.
struct BankOperand {
  uint64_t ubOffset = 0;
  int64_t blockStride = 1;
  bool write = false;
};
/// Cycles one repeat (8 blocks of each operand) needs for its bank-group
/// accesses: the largest number of reads (or of writes) that fall into one
/// group. 1 when no two blocks of the repeat share a group.
uint64_t bankConflictCycles(const BankOperand *ops, size_t n);

// The cube path (hardware.md §7.1-7.2; docs/timing.md).
/// Mmad of m x n x k with `a` elements: ceil(m/16) ceil(n/16) ceil(k/kstep)
/// fractal cycles (kstep 16 for f16/bf16, 4 for f32, 32 for int8) plus the
/// fitted per-Mmad issue cycles; the cube pipeline latency after that.
Cost mmad(uint32_t m, uint32_t n, uint32_t k, DType a);
/// L1 -> L0A / L0B (MTE1) of `bytes` written: the L0 write rate plus the
/// LoadData 2D (or 3D) latency.
Cost l1ToL0(uint64_t bytes, bool l0b, bool load3d);
/// InitConstValue into L1 / L0A / L0B.
Cost initConst(uint64_t bytes, bool l0b);
/// Fixpipe reading `l0cBytes` of L0C and writing `outBytes` to GM (toGm) or
/// L1.
Cost fixpipe(uint64_t l0cBytes, uint64_t outBytes, bool toGm);

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
  /// The part of gmReadBytes / gmTransfers that read GM ranges marked
  /// SetL2CacheHint(CACHE_MODE_DISABLE) (served by HBM, not kept in L2),
  /// and those ranges (host addresses, [first, second)).
  uint64_t gmReadTransfers = 0;
  uint64_t bypassReadBytes = 0;
  uint64_t bypassTransfers = 0;
  std::vector<std::pair<uint64_t, uint64_t>> bypassRanges;
  /// Hulls of the other GM ranges DMA read (the L2 model's footprint).
  std::vector<std::pair<uint64_t, uint64_t>> readRanges;
};

/// Chip-level HBM model (docs/timing.md): every DMA transfer costs
/// `bytes + kTransferOverheadBytes` bytes of the shared HBM bandwidth (the
/// overhead is fitted, AscHardware.td).
constexpr uint64_t kTransferOverheadBytes = hw::kTransferOverheadBytes;

/// Cycles the shared HBM needs for `bytes` in `transfers` DMA transfers.
uint64_t hbmCycles(uint64_t bytes, uint64_t transfers, double hbmGbps,
                   double clockMhz);
/// Cycles the chip's L2 needs to serve `bytes` (the per-core L2 read rate
/// times the cube-core count: hardware.md §7.2's aggregate).
uint64_t l2Cycles(uint64_t bytes, uint32_t aicCores);

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

/// The blocks' timings read in place: `count` CoreTimings `stride` bytes
/// apart, such as the timing member of each record of a launch's per-core
/// array (no copy into a vector of their own), or a vector's elements.
class TimingList {
public:
  TimingList() = default;
  TimingList(const std::vector<CoreTiming> &v)
      : first_(v.data()), count_(v.size()) {}
  TimingList(const CoreTiming *first, size_t count, size_t stride)
      : first_(first), count_(count), stride_(stride) {}
  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  const CoreTiming &operator[](size_t i) const {
    return *reinterpret_cast<const CoreTiming *>(
        reinterpret_cast<const char *>(first_) + i * stride_);
  }

private:
  const CoreTiming *first_ = nullptr;
  size_t count_ = 0;
  size_t stride_ = sizeof(CoreTiming);
};

/// Blocks are list-scheduled in block order onto `cores` identical cores
/// (each block goes to the earliest-free core, lowest index on ties).
/// Without `schedule`, blockStart and blockCore stay empty (a launch reads
/// them only for its trace).
KernelTiming estimateKernel(TimingList blocks, uint32_t cores, double clockMhz,
                            bool schedule = true);

} // namespace ascsim

#endif // ASCSIM_TIMING_TIMING_H
