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

/// {parallel bytes/cycle, op delay, throughput factor} of the vector
/// instructions (hardware.md §7.1 VEC_VALU_TAB; entries
/// marked "assumed" are not in the table and use the closest class).
struct VecClass {
  uint64_t parallel, delay, thrput;
};
VecClass vecClass(VecOp op, DType dst, DType src) {
  bool f16 = dst == DType::F16 || src == DType::F16;
  bool isFloat = dst == DType::F16 || dst == DType::F32 || dst == DType::BF16;
  switch (op) {
  case VecOp::Add:
  case VecOp::Sub:
  case VecOp::Adds:
  case VecOp::AddRelu: // assumed: VADD
  case VecOp::SubRelu: // assumed: VSUB
    return {256, isFloat ? 6u : 4u, 1};
  case VecOp::Mul:
  case VecOp::Muls:
    if (isFloat)
      return {256, 7, 1};
    return {dst == DType::I16 || dst == DType::U16 ? 128u : 256u, 5, 1};
  case VecOp::FusedMulAdd: // assumed: VMUL fp
  case VecOp::FusedMulAddRelu:
  case VecOp::MulAddDst:
  case VecOp::Axpy:
  case VecOp::LeakyRelu:
    return {256, 7, 1};
  case VecOp::Max:
  case VecOp::Min:
  case VecOp::Maxs:
  case VecOp::Mins:
  case VecOp::Abs:
  case VecOp::Relu: // assumed: VMAX
    return {256, 4, 1};
  case VecOp::Div:
    return {f16 ? 64u : 128u, 13, 1};
  case VecOp::Exp:
    return {f16 ? 64u : 128u, 12, 1};
  case VecOp::Ln:
    return {f16 ? 64u : 128u, 14, 1};
  case VecOp::Sqrt:
    return {f16 ? 64u : 128u, 13, 1};
  case VecOp::Rsqrt:
  case VecOp::Reciprocal:
    return {256, 5, 1};
  case VecOp::Select:
  case VecOp::SelectScalar:
  case VecOp::SelectCmpMask:
  case VecOp::SelectCmpMaskScalar:
    return {256, 5, 1};
  case VecOp::Cast:
  case VecOp::CastDeq: // assumed: VCONV
    return {256, 4, 1};
  case VecOp::AddReluCast: // assumed: VADD
  case VecOp::SubReluCast:
  case VecOp::AddDeqRelu:
    return {256, isFloat || src == DType::F16 || src == DType::F32 ? 6u : 4u,
            1};
  case VecOp::MulCast: // assumed: VMUL fp
  case VecOp::BilinearInterpolation: // assumed: VMUL fp per h-iteration
    return {256, 7, 1};
  case VecOp::Copy:
  case VecOp::Brcb:
  case VecOp::Gather:  // assumed: VCOPY class
  case VecOp::Gatherb: // assumed: VCOPY class
    return {128, 4, 1};
  case VecOp::WholeReduceSum:
  case VecOp::RepeatReduceSum:
  case VecOp::ReduceSum:
    return {256, f16 ? 23u : 20u, 1};
  case VecOp::WholeReduceMax:
  case VecOp::WholeReduceMin:
  case VecOp::ReduceMax:
  case VecOp::ReduceMin:
    return {256, f16 ? 9u : 8u, 7};
  case VecOp::BlockReduceSum:
  case VecOp::PairReduceSum: // assumed: VCGADD
    return {256, f16 ? 15u : 12u, 1};
  case VecOp::BlockReduceMax:
  case VecOp::BlockReduceMin:
    return {256, f16 ? 6u : 5u, 1};
  default: // And, Or, Not, shifts, Duplicate, Compare(Scalar): assumed
    return {256, 4, 1};
  }
}
} // namespace

Cost vectorOp(VecOp op, DType dst, DType src,
              const std::vector<uint64_t> &levelRepeats) {
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
    total.occupancy += ceilDiv(r * kRepeatBytes, c.parallel) * c.thrput;
    if (i + 1 < levelRepeats.size())
      total.occupancy += lat;
  }
  return total;
}

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
