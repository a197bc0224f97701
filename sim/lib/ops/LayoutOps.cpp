//===- ops/LayoutOps.cpp - GatherMask, Transpose, 5HD, Scatter --*- C++ -*-===//

#include "ops/LayoutOps.h"

#include "support/Fault.h"

#include <cstring>
#include <string>

namespace ascsim {

const char *layoutOpName(LayoutOp op) {
  switch (op) {
  case LayoutOp::GatherMask:
    return "gather_mask";
  case LayoutOp::RemainCount:
    return "get_gather_mask_remain_count";
  case LayoutOp::Transpose:
  case LayoutOp::TransposeExt:
    return "transpose";
  case LayoutOp::TransData5HD:
    return "trans_data_to_5hd";
  case LayoutOp::Scatter:
    return "scatter";
  }
  return "layout";
}

namespace {

void evalGatherMask(const LayoutInstr &in, uint8_t *st, Loc loc) {
  const uint32_t es = in.es, epb = 32 / es;
  uint64_t k = 0;
  for (uint64_t r = 0; r < in.reps; ++r)
    for (uint64_t e = 0; e < in.perRep; ++e) {
      bool keep;
      if (in.pattern == 0) {
        uint64_t bit = e;
        const uint8_t *p = in.patternBase + r * in.src1Rep * 32 + bit / 8;
        keep = (*p >> (bit % 8)) & 1;
      } else {
        keep = builtinPatternBit(in.pattern, e);
      }
      if (!keep)
        continue;
      if (k >= in.dstCapacity)
        fail("bounds",
             "gather_mask: the pattern keeps more than the " +
                 std::to_string(in.dstCapacity) +
                 " elements the destination tensor holds (element " +
                 std::to_string(e) + " of repeat " + std::to_string(r) +
                 " would be output element " + std::to_string(k) + ")",
             loc);
      const uint8_t *s = in.src0 +
                         (r * in.src0Rep + (e / epb) * in.src0Blk) * 32 +
                         (e % epb) * es;
      std::memcpy(st + k * es, s, es);
      ++k;
    }
  in.kept = k;
}

void evalScatter(const LayoutInstr &in, uint8_t *st, Loc loc) {
  const uint32_t es = in.es;
  uint64_t i = 0;
  for (uint64_t lane : in.lanes) {
    uint64_t r = lane >> 32, e = lane & 0xFFFFFFFFu;
    uint64_t idx = r * in.perRep + e;
    uint32_t off;
    std::memcpy(&off, in.offsets + idx * 4, 4);
    uint64_t addr = static_cast<uint64_t>(in.base) + off;
    if (addr % es != 0)
      fail("alignment",
           "scatter: offset " + std::to_string(idx) + " gives byte " +
               std::to_string(addr) + " of the destination, which is not " +
               std::to_string(es) + "-byte aligned",
           loc);
    if (addr + es > in.dstView)
      fail("bounds",
           "scatter: offset " + std::to_string(idx) +
               " writes destination bytes [" + std::to_string(addr) + ", " +
               std::to_string(addr + es) +
               "), but the destination tensor holds " +
               std::to_string(in.dstView) + " bytes",
           loc);
    std::memcpy(st + (in.dstBase + addr - in.out),
                in.src0 + r * in.src0Rep * 32 + e * es, es);
    ++i;
  }
}

} // namespace

void evaluateLayout(const VecInstr &base, uint8_t *staging, Loc loc) {
  const LayoutInstr &in = static_cast<const LayoutInstr &>(base);
  switch (in.lop) {
  case LayoutOp::GatherMask:
    return evalGatherMask(in, staging, loc);
  case LayoutOp::Scatter:
    return evalScatter(in, staging, loc);
  default:
    for (const Move &m : in.moves)
      std::memcpy(staging + (m.dst - in.out), m.src, m.len);
    return;
  }
}

} // namespace ascsim
