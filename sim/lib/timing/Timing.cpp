//===- timing/Timing.cpp - Cycle cost model (first cut) ---------*- C++ -*-===//

#include "timing/Timing.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <utility>

namespace ascsim {
namespace timing {

namespace {
uint64_t ceilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

/// {bytes per cycle, op delay} of a binary vector op (pypto VEC_VALU_TAB).
std::pair<uint64_t, uint64_t> vectorParams(BinOp op, DType type) {
  bool isFloat = type == DType::F16 || type == DType::F32 ||
                 type == DType::BF16 || type == DType::F64;
  switch (op) {
  case BinOp::Add:
  case BinOp::Sub:
    return {256, isFloat ? 6 : 4};
  case BinOp::Mul:
    if (isFloat)
      return {256, 7};
    return {type == DType::I16 || type == DType::U16 ? 128 : 256, 5};
  case BinOp::Max:
  case BinOp::Min:
    return {256, 4};
  case BinOp::Div:
    return {type == DType::F16 ? 64 : 128, 13};
  }
  return {256, 6};
}
} // namespace

Cost gmToLocal(uint64_t bytes) {
  return Cost{std::max<uint64_t>(1, ceilDiv(bytes, kGmBytesPerCycle)),
              kGmReadLatency};
}

Cost localToGm(uint64_t bytes) {
  return Cost{std::max<uint64_t>(1, ceilDiv(bytes, kGmBytesPerCycle)),
              kGmWriteLatency};
}

Cost localCopy(uint64_t bytes) {
  return Cost{std::max<uint64_t>(1, ceilDiv(bytes, kUbCopyBytesPerCycle)),
              kUbCopyLatency};
}

Cost vectorBinary(BinOp op, DType type, uint64_t bytes) {
  auto [parallel, delay] = vectorParams(op, type);
  uint64_t repeats = std::max<uint64_t>(1, ceilDiv(bytes, kRepeatBytes));
  return Cost{ceilDiv(repeats * kRepeatBytes, parallel),
              delay + kVecPipelineDelay};
}

} // namespace timing

uint64_t hbmCycles(uint64_t bytes, uint64_t transfers, double hbmGbps,
                   double clockMhz) {
  double bytesPerCycle = hbmGbps * 1e3 / clockMhz; // GB/s / MHz
  double eff = static_cast<double>(bytes) +
               static_cast<double>(transfers) * kTransferOverheadBytes;
  return static_cast<uint64_t>(eff / bytesPerCycle + 0.5);
}

KernelTiming estimateKernel(const std::vector<CoreTiming> &blocks,
                            uint32_t cores, double clockMhz) {
  KernelTiming k;
  if (blocks.empty() || cores == 0)
    return k;
  uint32_t used = std::min<uint64_t>(cores, blocks.size());
  std::vector<uint64_t> finish(used, 0);
  std::vector<std::array<uint64_t, kNumPipes>> busy(used);
  using Slot = std::pair<uint64_t, uint32_t>; // (free cycle, core)
  std::priority_queue<Slot, std::vector<Slot>, std::greater<Slot>> free;
  for (uint32_t c = 0; c < used; ++c)
    free.push({0, c});
  for (const CoreTiming &b : blocks) {
    auto [t, c] = free.top();
    free.pop();
    k.blockStart.push_back(t);
    k.blockCore.push_back(c);
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

} // namespace ascsim
