//===- timing/Timing.cpp - Cycle cost model (first cut) ---------*- C++ -*-===//

#include "timing/Timing.h"

#include "ascsim/gen/Hardware.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <utility>

namespace ascsim {
namespace timing {

namespace {
/// {parallel bytes/cycle, op delay, throughput factor} of a vector
/// instruction: its class in the hardware table (AscHardware.td, pypto's
/// VEC_VALU_TAB, hardware.md §7.1; the class of each op is its ODS
/// `simTiming`, ascsim/gen/VecOps.def), in the column of the element types
/// it works on.
struct VecClass {
  uint64_t parallel, delay, thrput;
};

constexpr hw::VecTiming kOpTiming[] = {
#define ASCSIM_VEC_OP(NAME, PY, FAMILY, TIMING, ...) hw::VecTiming::TIMING,
#include "ascsim/gen/VecOps.def"
};

bool isFloatType(DType t) {
  return t == DType::F16 || t == DType::BF16 || t == DType::F32 ||
         t == DType::F64;
}

VecClass vecClass(VecOp op, DType dst, DType src) {
  auto i = static_cast<size_t>(op);
  const hw::VecTimingFacts &t = hw::kVecTimings[static_cast<size_t>(
      i < std::size(kOpTiming) ? kOpTiming[i] : hw::VecTiming::VOTHER)];
  // Columns: 0 a float16 operand, 1 other floats, 2 16-bit integers, 3 other
  // integers (by the destination).
  unsigned col = dst == DType::F16 || src == DType::F16   ? 0
                 : isFloatType(dst) || isFloatType(src)   ? 1
                 : dst == DType::I16 || dst == DType::U16 ? 2
                                                          : 3;
  return {t.parallel[col], t.delay[col < 2 ? col : 2], t.throughput};
}
} // namespace

DmaRates &dmaRates() {
  thread_local DmaRates rates;
  return rates;
}

DmaRates dmaRatesFor(bool l2Resident) {
  if (l2Resident)
    return {hw::kL2ReadBytesPerCycle, hw::kL2WriteBytesPerCycle};
  return {kGmBytesPerCycle, kGmBytesPerCycle};
}

uint64_t bankConflictCycles(const BankOperand *ops, size_t n) {
  constexpr uint64_t kGroups = 16, kBlocks = 8;
  std::array<uint8_t, kGroups> reads{}, writes{};
  for (size_t i = 0; i < n; ++i) {
    std::array<uint8_t, kGroups> &g = ops[i].write ? writes : reads;
    const uint64_t first = ops[i].ubOffset / hw::kBlockBytes;
    const uint64_t blocks = ops[i].blockStride == 0 ? 1 : kBlocks;
    for (uint64_t b = 0; b < blocks; ++b)
      ++g[(first + b * static_cast<uint64_t>(ops[i].blockStride)) % kGroups];
  }
  // Counts only grow: the largest at the end is the largest ever reached.
  uint64_t worst = 1;
  for (uint64_t k = 0; k < kGroups; ++k)
    worst = std::max<uint64_t>(worst, std::max(reads[k], writes[k]));
  return worst;
}

Cost vectorOp(VecOp op, DType dst, DType src,
              const std::vector<uint64_t> &levelRepeats, uint64_t bankCycles) {
  VecClass c = vecClass(op, dst, src);
  uint64_t lat = c.delay + kVecPipelineDelay;
  if (levelRepeats.empty())
    return Cost{1, lat};
  // Levels of a software sequence are dependent: each waits for the one
  // before (the compiler's PIPE_V barrier), so all but the last latency
  // keep the pipe busy.
  Cost total{0, lat};
  for (size_t i = 0; i < levelRepeats.size(); ++i) {
    uint64_t r = std::max<uint64_t>(1, levelRepeats[i]);
    uint64_t cycles = ceilDiv(r * kRepeatBytes, c.parallel) * c.thrput;
    if (i == 0 && bankCycles > 1)
      cycles = std::max(cycles, r * bankCycles);
    total.occupancy += cycles;
    if (i + 1 < levelRepeats.size())
      total.occupancy += lat;
  }
  return total;
}

Cost mmad(uint32_t m, uint32_t n, uint32_t k, DType a) {
  // pypto's CUBE_PE_TAB (hardware.md §7.1): K elements per fractal cycle.
  uint64_t kstep = a == DType::F32 ? 4 : dtypeSize(a) == 1 ? 32 : 16;
  uint64_t macs = ceilDiv(m, 16) * ceilDiv(n, 16) * ceilDiv(k, kstep);
  return Cost{macs + hw::kMmadIssueCycles, hw::kMmadLatency};
}

Cost l1ToL0(uint64_t bytes, bool l0b, bool load3d) {
  uint64_t rate = l0b ? hw::kL0bWriteBytesPerCycle : hw::kL0aWriteBytesPerCycle;
  return Cost{std::max<uint64_t>(1, ceilDiv(bytes, rate)),
              load3d ? hw::kLoadData3DLatency : hw::kLoadData2DLatency};
}

Cost initConst(uint64_t bytes, bool l0b) {
  uint64_t rate = l0b ? hw::kL0bWriteBytesPerCycle : hw::kL0aWriteBytesPerCycle;
  return Cost{std::max<uint64_t>(1, ceilDiv(bytes, rate)),
              hw::kLoadData2DLatency};
}

Cost fixpipe(uint64_t l0cBytes, uint64_t outBytes, bool toGm) {
  uint64_t read = ceilDiv(l0cBytes, hw::kL0cReadBytesPerCycle);
  if (!toGm)
    return Cost{std::max<uint64_t>(
                    {1, read, ceilDiv(outBytes, hw::kL1WriteBytesPerCycle)}),
                hw::kLoadData2DLatency};
  return Cost{
      std::max<uint64_t>({1, read, ceilDiv(outBytes, dmaRates().write)}),
      kGmWriteLatency};
}

Cost gmToLocal(uint64_t bytes) {
  return Cost{std::max<uint64_t>(1, ceilDiv(bytes, dmaRates().read)),
              kGmReadLatency};
}

Cost localToGm(uint64_t bytes) {
  return Cost{std::max<uint64_t>(1, ceilDiv(bytes, dmaRates().write)),
              kGmWriteLatency};
}

Cost localCopy(uint64_t bytes) {
  return Cost{std::max<uint64_t>(1, ceilDiv(bytes, kUbCopyBytesPerCycle)),
              kUbCopyLatency};
}

} // namespace timing

uint64_t hbmCycles(uint64_t bytes, uint64_t transfers, double hbmGbps,
                   double clockMhz) {
  double bytesPerCycle = hbmGbps * 1e3 / clockMhz; // GB/s / MHz
  double eff = static_cast<double>(bytes) +
               static_cast<double>(transfers) * kTransferOverheadBytes;
  return static_cast<uint64_t>(eff / bytesPerCycle + 0.5);
}

uint64_t l2Cycles(uint64_t bytes, uint32_t aicCores) {
  uint64_t rate = hw::kL2ReadBytesPerCycle * std::max<uint32_t>(1, aicCores);
  return (bytes + rate - 1) / rate;
}

namespace {
/// More blocks than cores: each block goes to the earliest-free core
/// (lowest index on ties); sets k's cycles and busy, and with `schedule`
/// its block starts and cores.
void listSchedule(TimingList blocks, uint32_t used, bool schedule,
                  KernelTiming &k);
} // namespace

KernelTiming estimateKernel(TimingList blocks, uint32_t cores, double clockMhz,
                            bool schedule) {
  KernelTiming k;
  if (blocks.empty() || cores == 0)
    return k;
  uint32_t used = std::min<uint64_t>(cores, blocks.size());
  if (schedule) {
    k.blockStart.reserve(blocks.size());
    k.blockCore.reserve(blocks.size());
  }
  bool oneWave = used == blocks.size();
  for (size_t i = 0; oneWave && i + 1 < blocks.size(); ++i)
    oneWave = blocks[i].cycles > 0;
  if (oneWave) {
    // One wave: block i starts at cycle 0 on core i (the list schedule
    // below with every core free at 0, lowest index first; a block of 0
    // cycles but the last would free its core at 0 for the next one).
    for (uint32_t c = 0; c < used; ++c) {
      const CoreTiming &b = blocks[c];
      if (schedule) {
        k.blockStart.push_back(0);
        k.blockCore.push_back(c);
      }
      k.cycles = std::max(k.cycles, b.cycles);
      for (int p = 0; p < kNumPipes; ++p)
        k.busy[p] = std::max(k.busy[p], b.busy[p]);
    }
  } else {
    listSchedule(blocks, used, schedule, k);
  }
  k.durationUs = static_cast<double>(k.cycles) / clockMhz;
  uint64_t best = 0;
  for (int p = 0; p < kNumPipes; ++p) {
    if (k.busy[p] > best) {
      best = k.busy[p];
      k.boundPipe = p;
    }
  }
  return k;
}

namespace {
void listSchedule(TimingList blocks, uint32_t used, bool schedule,
                  KernelTiming &k) {
  std::vector<uint64_t> finish(used, 0);
  std::vector<std::array<uint64_t, kNumPipes>> busy(used);
  using Slot = std::pair<uint64_t, uint32_t>; // (free cycle, core)
  std::priority_queue<Slot, std::vector<Slot>, std::greater<Slot>> free;
  for (uint32_t c = 0; c < used; ++c)
    free.push({0, c});
  for (size_t i = 0; i < blocks.size(); ++i) {
    const CoreTiming &b = blocks[i];
    auto [t, c] = free.top();
    free.pop();
    if (schedule) {
      k.blockStart.push_back(t);
      k.blockCore.push_back(c);
    }
    finish[c] = t + b.cycles;
    for (int p = 0; p < kNumPipes; ++p)
      busy[c][p] += b.busy[p];
    free.push({finish[c], c});
  }
  for (uint32_t c = 0; c < used; ++c) {
    k.cycles = std::max(k.cycles, finish[c]);
    for (int p = 0; p < kNumPipes; ++p)
      k.busy[p] = std::max(k.busy[p], busy[c][p]);
  }
}
} // namespace

} // namespace ascsim
