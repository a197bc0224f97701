//===- ops/QuantOps.h - Quantisation and fused casts ------------*- C++ -*-===//
//
// The DEQSCALE state written by the three SetDeqScale forms and read by
// Cast int32 -> half, CastDeq and AddDeqRelu, and the elementwise results of
// the quantising / fused-cast vector instructions (AddReluCast, SubReluCast,
// MulCast, AddDeqRelu, CastDeq). The semantics and the choices made where the
// specs are silent are listed in sim/VECTOR.md ("Quantisation").
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPS_QUANTOPS_H
#define ASCSIM_OPS_QUANTOPS_H

#include "ascsim/vector_abi.h"

#include <array>
#include <cstdint>
#include <string>

namespace ascsim {

struct VecInstr;

/// One (scale, offset, signMode) group: the scalar CastDeq parameters or
/// one of the 16 groups of the vector form.
struct DeqGroup {
  float scale = 0.0f;
  int16_t offset = 0;    // 9-bit signed: [-256, 255]
  bool signMode = false; // true: saturate to int8, false: to uint8
};

/// Packs / unpacks a group into the 64-bit word the header passes through
/// vecControl: bits [0, 32) the float32 scale, [32, 48) the offset,
/// bit 48 signMode.
uint64_t packDeqGroup(const DeqGroup &g);
DeqGroup unpackDeqGroup(uint64_t word);

/// The per-core DEQSCALE state. SetDeqScale(half) writes `scalar` (scale =
/// the half value, offset 0, signMode kept) and the float16 copy Cast
/// int32 -> half uses (VecRegs::deqScale); SetDeqScale(float, offset,
/// signMode) writes `scalar` (and the float16 copy, rounded to nearest
/// even); SetDeqScale(vdeq, VdeqInfo) writes the 16 `groups`.
struct DeqState {
  DeqGroup scalar{1.0f, 0, true};
  std::array<DeqGroup, 16> groups{};
  bool groupsSet = false;
};

/// Result bits (dst type) of element e of the quantising instruction `in`
/// from the raw source bits `a` (src0) and `b` (src1; unused by CastDeq).
uint64_t quantCompute(const VecInstr &in, uint64_t a, uint64_t b, uint32_t e);

/// Applies SetDeqScale / SetDeqScaleEx / SetVdeqGroup (vecControl
/// arguments `a`, `b`) to the DEQSCALE state and its float16 copy; false
/// with a message in `error` for an offset outside 9 bits or a bad group.
bool deqControl(VecCtl what, uint64_t a, uint64_t b, DeqState &deq,
                uint16_t &deqScaleF16, std::string &error);

/// True for AddReluCast, SubReluCast, MulCast, AddDeqRelu, CastDeq.
bool isQuantOp(VecOp op);

} // namespace ascsim

#endif // ASCSIM_OPS_QUANTOPS_H
