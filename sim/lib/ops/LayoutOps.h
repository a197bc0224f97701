//===- ops/LayoutOps.h - GatherMask, Transpose, 5HD, Scatter ----*- C++ -*-===//
//
// The functional model of the layout instructions of ascsim/layout_api.h.
// A LayoutInstr is a VecInstr (so the engine stages and commits it like any
// vector instruction: `out`/`segs` cover the written bytes) that carries
// either an explicit list of element moves planned at issue (Transpose,
// TransposeExt, TransDataTo5HD: the layout is known statically) or the plan
// of a data-dependent instruction (GatherMask: what is kept depends on the
// pattern; Scatter: where it lands depends on the offsets), evaluated when
// the instruction starts.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPS_LAYOUTOPS_H
#define ASCSIM_OPS_LAYOUTOPS_H

#include "ascsim/layout_abi.h"
#include "ops/VectorOps.h"

#include <cstdint>
#include <vector>

namespace ascsim {

/// Copy `len` bytes from `src` (host address, read when the instruction
/// starts) to `dst` (host address inside the written hull).
struct Move {
  const uint8_t *src;
  uint8_t *dst;
  uint32_t len;
};

struct LayoutInstr : VecInstr {
  LayoutOp lop = LayoutOp::GatherMask;
  std::vector<Move> moves; // Transpose, TransposeExt, TransDataTo5HD

  // GatherMask: element e of repeat r of src0 lies at
  // (r * src0Rep + (e / (32 / es)) * src0Blk) * 32 + (e % (32 / es)) * es;
  // its pattern bit is bit e of the bytes at r * src1Rep * 32 (pattern = 0)
  // or given by the builtin pattern 1-7.
  const uint8_t *src0 = nullptr;
  const uint8_t *patternBase = nullptr;
  uint8_t pattern = 0;
  uint32_t es = 2;
  uint64_t perRep = 0; // elements per repeat
  uint64_t reps = 0;
  uint64_t src0Blk = 1, src0Rep = 0, src1Rep = 0;
  uint64_t dstCapacity = 0; // elements the dst view holds
  /// The number of elements kept; set when the instruction starts.
  mutable uint64_t kept = 0;

  // Scatter: element i (enabled lane e of repeat r, i = r * perRep + e) of
  // src0 at (r * src0Rep * 32 + e * es) goes to dst byte base + offset[i].
  const uint8_t *offsets = nullptr;
  uint8_t *dstBase = nullptr;
  uint64_t dstView = 0;
  uint32_t base = 0;
  std::vector<uint64_t> lanes; // (r << 32) | e of every enabled lane
};

/// Whether `pattern` (1-7) keeps element e.
inline bool builtinPatternBit(uint8_t pattern, uint64_t e) {
  switch (pattern) {
  case 1:
    return e % 2 == 0;
  case 2:
    return e % 2 == 1;
  case 3:
  case 4:
  case 5:
  case 6:
    return e % 4 == static_cast<uint64_t>(pattern - 3);
  case 7:
    return true;
  default:
    return false;
  }
}

/// Computes a LayoutInstr's result into `staging` when it starts (the
/// staging buffer already holds a snapshot of the written hull). May throw
/// a Fault (GatherMask output beyond dst, Scatter offsets out of range).
void evaluateLayout(const VecInstr &in, uint8_t *staging, Loc loc);

/// User-facing (pyasc) name of a layout instruction.
const char *layoutOpName(LayoutOp op);

} // namespace ascsim

#endif // ASCSIM_OPS_LAYOUTOPS_H
