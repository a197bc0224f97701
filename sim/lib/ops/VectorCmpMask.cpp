//===- ops/VectorCmpMask.cpp - The CMPMASK register ------------*- C++ -*-===//
//
// What the instructions around the 128-bit CMPMASK register compute
// (ascendc_api.md §5.6): Compare into the register (one repeat, one bit per
// element), SetCmpMask (16 bytes of UB -> register), GetCmpMask (register ->
// 16 bytes of UB) and the Select forms without a mask operand, which take
// their selection from it: mode 0 the bits themselves (the same bits every
// repeat), mode 1 the scalar (low sizeof(T) bytes) with a selection-mask
// tensor, mode 2 the UB byte address of the selection mask (low 32 bits,
// as LocalTensor::GetPhyAddr() gives it; bits consumed continuously).
//
// The register is read and written when the instruction starts: PIPE_V
// starts its instructions in program order, which is the order the NPU's
// in-order vector pipe observes.
//
//===----------------------------------------------------------------------===//

#include "ops/VectorOps.h"

#include "ops/VectorMath.h"
#include "support/Fault.h"

#include <cmath>
#include <cstring>
#include <string>

namespace ascsim {

using namespace vm;

namespace {

bool maskBit(const VecInstr &in, uint32_t e) {
  return e < 64 ? (in.maskLo >> e) & 1 : (in.maskHi >> (e - 64)) & 1;
}

uint32_t elemsIn(const VecInstr &in, uint32_t r) {
  if (!in.counter)
    return in.perRepeat;
  uint64_t done = static_cast<uint64_t>(r) * in.perRepeat;
  uint64_t left = in.count > done ? in.count - done : 0;
  return static_cast<uint32_t>(left < in.perRepeat ? left : in.perRepeat);
}

uint64_t elemOff(const VecOperand &o, uint32_t r, uint32_t e) {
  uint32_t epb = 32 / o.es;
  return (static_cast<uint64_t>(r) * o.rep +
          static_cast<uint64_t>(e / epb) * o.blk) *
             32 +
         static_cast<uint64_t>(e % epb) * o.es;
}

/// Reads see this instruction's own earlier results (dense staging), as in
/// VectorEval.cpp.
const uint8_t *rd(const VecInstr &in, const uint8_t *st, Role r, uint64_t off) {
  const uint8_t *p = in.operand(r).base + off;
  if (in.dense && p >= in.out && p < in.out + in.stagingBytes)
    return st + (p - in.out);
  return p;
}

uint64_t raw(const uint8_t *p, uint32_t es) {
  uint64_t v = 0;
  std::memcpy(&v, p, es);
  return v;
}

void compareIntoRegister(const VecInstr &in, const uint8_t *st) {
  const VecOperand &A = in.operand(Role::Src0);
  const VecOperand &B = in.operand(Role::Src1);
  uint64_t bits[2] = {0, 0};
  // One repeat; A2/A3 ignore the mask (full 256 bytes), bits above the
  // elements of the repeat are 0.
  uint32_t n = elemsIn(in, 0);
  for (uint32_t e = 0; e < n && e < 128; ++e) {
    double a = loadF(rd(in, st, Role::Src0, elemOff(A, 0, e)), in.st);
    double b = loadF(rd(in, st, Role::Src1, elemOff(B, 0, e)), in.st);
    if (compareHolds(a, b, in.mode))
      bits[e / 64] |= 1ull << (e % 64);
  }
  in.cmpMask->lo = bits[0];
  in.cmpMask->hi = bits[1];
}

/// Byte `byte` of the selection mask whose UB address CMPMASK holds.
uint8_t maskByteAt(const VecInstr &in, uint64_t addr, uint64_t byte, Loc loc) {
  if (addr + byte >= in.ubBytes)
    fail("bounds",
         "select: the selection mask address in CMPMASK (UB byte " +
             std::to_string(addr) + ", set through set_cmp_mask) puts bit " +
             std::to_string(byte * 8) + " outside the Unified Buffer (" +
             std::to_string(in.ubBytes) + " bytes)",
         loc);
  return in.ub[addr + byte];
}

void selectFromRegister(const VecInstr &in, uint8_t *st, Loc loc) {
  const VecOperand &D = in.operand(Role::Dst);
  const VecOperand &A = in.operand(Role::Src0);
  const VecOperand &B = in.operand(Role::Src1);
  const bool scalarForm = in.op == VecOp::SelectCmpMaskScalar;
  const uint64_t addr = in.cmpMask->lo & 0xFFFFFFFFull;
  if (in.op == VecOp::SelectCmpMask && in.mode == 2 && addr % 32 != 0)
    fail("alignment",
         "select: the selection mask address in CMPMASK (UB byte " +
             std::to_string(addr) +
             ", set through set_cmp_mask) is not 32-byte aligned",
         loc);
  const uint64_t scalar = in.cmpMask->lo;
  for (uint32_t r = 0; r < in.repeats; ++r) {
    uint32_t n = elemsIn(in, r);
    for (uint32_t e = 0; e < n; ++e) {
      if (!in.counter && !maskBit(in, e))
        continue;
      uint64_t bit = static_cast<uint64_t>(r) * in.perRepeat + e;
      bool one;
      if (scalarForm)
        one = (*rd(in, st, Role::Src2, bit / 8) >> (bit % 8)) & 1;
      else if (in.mode == 0)
        one = ((e < 64 ? in.cmpMask->lo >> e : in.cmpMask->hi >> (e - 64)) &
               1) != 0;
      else
        one = (maskByteAt(in, addr, bit / 8, loc) >> (bit % 8)) & 1;
      uint64_t v;
      if (one)
        v = raw(rd(in, st, Role::Src0, elemOff(A, r, e)), A.es);
      else if (scalarForm)
        v = scalar;
      else
        v = raw(rd(in, st, Role::Src1, elemOff(B, r, e)), B.es);
      std::memcpy(st + (D.base + elemOff(D, r, e) - in.out), &v, D.es);
    }
  }
}

} // namespace

void evaluateCmpMask(const VecInstr &in, uint8_t *staging, Loc loc) {
  switch (in.op) {
  case VecOp::CompareCmpMask:
    return compareIntoRegister(in, staging);
  case VecOp::SetCmpMask: {
    const uint8_t *p = rd(in, staging, Role::Src0, 0);
    std::memcpy(&in.cmpMask->lo, p, 8);
    std::memcpy(&in.cmpMask->hi, p + 8, 8);
    return;
  }
  case VecOp::GetCmpMask: {
    const VecOperand &D = in.operand(Role::Dst);
    uint8_t *p = staging + (D.base - in.out);
    std::memcpy(p, &in.cmpMask->lo, 8);
    std::memcpy(p + 8, &in.cmpMask->hi, 8);
    return;
  }
  case VecOp::SelectCmpMask:
  case VecOp::SelectCmpMaskScalar:
    return selectFromRegister(in, staging, loc);
  default:
    return;
  }
}

void selectLoadsCmpMask(const VecInstr &in) {
  if (!in.cmpMask)
    return;
  const VecOperand &M = in.operand(Role::Src2);
  switch (in.mode) {
  case 0: { // SetCmpMask(selMask): its first 16 bytes (within the view)
    uint8_t b[16] = {0};
    std::memcpy(b, M.base, M.view < 16 ? M.view : 16);
    std::memcpy(&in.cmpMask->lo, b, 8);
    std::memcpy(&in.cmpMask->hi, b + 8, 8);
    return;
  }
  case 1:
    in.cmpMask->lo = in.scalar;
    in.cmpMask->hi = 0;
    return;
  default:
    in.cmpMask->lo = static_cast<uint64_t>(M.base - in.ub);
    in.cmpMask->hi = 0;
    return;
  }
}

bool cmpMaskFootprint(const VecInstr &in, Role role, bool write, Spans &out) {
  if (in.isCopy || (in.op != VecOp::SetCmpMask && in.op != VecOp::GetCmpMask))
    return false;
  out.clear();
  bool mine = in.op == VecOp::SetCmpMask ? role == Role::Src0 && !write
                                         : role == Role::Dst && write;
  if (mine)
    out.push_back({0, 16});
  return true;
}

} // namespace ascsim
