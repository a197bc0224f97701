//===- ops/BilinearEval.cpp - BilinearInterpolation -------------*- C++ -*-===//
//
// The block-offset-driven interpolation (ascendc_api.md §5.2): vRepeat
// vertical iterations, each of hRepeat horizontal ones. Horizontal iteration
// k (counted over all vertical ones) takes eight byte offsets
// src0Offset[8k .. 8k+7], each selecting one 32-byte block (16 halves) of
// src0, and weights from src1: one value src1[k] for all eight blocks
// (repeatMode false) or src1[8k + b] for block b (repeatMode true). Block b
// of the result is the sum over the horizontal iterations of
// src0block_b * weight_b; vertical iteration v writes its eight blocks at
// element v * vROffset of dst, blocks dstBlkStride blocks apart. Lanes
// (block b, element i) are enabled by mask bit 16 b + i. Every product and
// every partial sum is rounded to float16 (sim/VECTOR.md, "Quantisation").
//
//===----------------------------------------------------------------------===//

#include "ops/VectorOps.h"

#include "ops/VectorMath.h"
#include "support/Fault.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace ascsim {

using namespace vm;

namespace {

constexpr uint32_t kBlocks = 8;
constexpr uint32_t kLanes = 16; // halves per 32-byte block

struct Geometry {
  uint64_t h, v, vOff, weights;
};

Geometry geometryOf(const VecInstr &in) {
  Geometry g;
  g.h = in.aux;
  g.v = in.repeats;
  g.vOff = in.scalar; // elements
  g.weights = g.h * g.v * (in.mode ? kBlocks : 1);
  return g;
}

bool laneOn(const VecInstr &in, uint32_t lane) {
  return lane < 64 ? (in.maskLo >> lane) & 1 : (in.maskHi >> (lane - 64)) & 1;
}

uint64_t dstOffset(const VecInstr &in, const Geometry &g, uint64_t v,
                   uint32_t b, uint32_t i) {
  const VecOperand &d = in.operand(Role::Dst);
  return v * g.vOff * 2 + static_cast<uint64_t>(b) * d.blk * 32 + i * 2;
}

} // namespace

Spans bilinearFootprint(const VecInstr &in, Role role, bool write) {
  const VecOperand &o = in.operand(role);
  if (!o.used || write != (role == Role::Dst))
    return {};
  Geometry g = geometryOf(in);
  Spans s;
  switch (role) {
  case Role::Dst:
    for (uint64_t v = 0; v < g.v; ++v)
      for (uint32_t b = 0; b < kBlocks; ++b)
        for (uint32_t i = 0; i < kLanes; ++i) {
          if (!laneOn(in, b * kLanes + i))
            continue;
          uint64_t a = dstOffset(in, g, v, b, i);
          if (!s.empty() && s.back().end == a)
            s.back().end = a + 2;
          else
            s.push_back({a, a + 2});
        }
    // Blocks of one vertical iteration may interleave with the next one's
    // (dstBlkStride > 1): sort and merge.
    std::sort(s.begin(), s.end(),
              [](const Span &x, const Span &y) { return x.start < y.start; });
    {
      Spans m;
      for (const Span &x : s) {
        if (!m.empty() && x.start <= m.back().end)
          m.back().end = std::max(m.back().end, x.end);
        else
          m.push_back(x);
      }
      return m;
    }
  case Role::Src0: // data dependent: the whole view
    if (o.view)
      s.push_back({0, o.view});
    return s;
  case Role::Src1:
    s.push_back({0, g.weights * 2});
    return s;
  case Role::Src2:
    s.push_back({0, g.h * g.v * kBlocks * 4});
    return s;
  }
  return s;
}

void evaluateBilinear(const VecInstr &in, uint8_t *staging, Loc loc) {
  const VecOperand &A = in.operand(Role::Src0);
  const VecOperand &W = in.operand(Role::Src1);
  const VecOperand &O = in.operand(Role::Src2);
  const VecOperand &D = in.operand(Role::Dst);
  Geometry g = geometryOf(in);
  for (uint64_t v = 0; v < g.v; ++v) {
    double acc[kBlocks][kLanes] = {};
    for (uint64_t h = 0; h < g.h; ++h) {
      uint64_t k = v * g.h + h;
      for (uint32_t b = 0; b < kBlocks; ++b) {
        uint32_t off;
        std::memcpy(&off, O.base + (k * kBlocks + b) * 4, 4);
        if (off % 32 != 0)
          fail("alignment",
               "bilinear_interpolation: src0_offset[" +
                   std::to_string(k * kBlocks + b) +
                   "] = " + std::to_string(off) +
                   " is not a multiple of 32 bytes (one src0 block)",
               loc);
        if (static_cast<uint64_t>(off) + 32 > A.view)
          fail("bounds",
               "bilinear_interpolation: src0_offset[" +
                   std::to_string(k * kBlocks + b) +
                   "] = " + std::to_string(off) + " reads src0 bytes [" +
                   std::to_string(off) + ", " + std::to_string(off + 32ull) +
                   "), but src0 holds " + std::to_string(A.view) + " bytes",
               loc);
        uint64_t wi = in.mode ? k * kBlocks + b : k;
        double w = loadF(W.base + wi * 2, DType::F16);
        for (uint32_t i = 0; i < kLanes; ++i) {
          double x = loadF(A.base + off + i * 2, DType::F16);
          double p = roundTo(x * w, DType::F16);
          acc[b][i] = h == 0 ? p : roundTo(acc[b][i] + p, DType::F16);
        }
      }
    }
    for (uint32_t b = 0; b < kBlocks; ++b)
      for (uint32_t i = 0; i < kLanes; ++i) {
        if (!laneOn(in, b * kLanes + i))
          continue;
        uint8_t *p = staging + (D.base + dstOffset(in, g, v, b, i) - in.out);
        storeBits(p, DType::F16, roundBits(acc[b][i], DType::F16));
      }
  }
}

} // namespace ascsim
