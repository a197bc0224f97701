//===- device/VectorAbi.cpp - The vector API breadth on a core --*- C++ -*-===//
//
// Implements ascsim/vector_abi.h: checks each call (dtype, repeat, mask,
// strides, alignment, bounds of the exact footprint), plans it as an
// ops::VecInstr and issues it into its pipe; keeps the core's mask register,
// mask mode, atomic store configuration, pad value and DEQSCALE.
//
//===----------------------------------------------------------------------===//

#include "ascsim/vector_abi.h"

#include "device/Core.h"
#include "ops/VectorMath.h"
#include "ops/VectorOps.h"
#include "support/Fault.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

namespace ascsim {

namespace abi {
void vecOp(const VecCall &call, Loc loc) { currentCore().vecOp(call, loc); }
void vecControl(VecCtl what, DType type, uint64_t a, uint64_t b, Loc loc) {
  currentCore().vecControl(what, type, a, b, loc);
}
void dataCopyEx(const CopyCall &call, Loc loc) {
  currentCore().dataCopyEx(call, loc);
}
} // namespace abi

namespace {

constexpr uint8_t kModeEq = 2; // CMPMODE::EQ

/// The warning for a DataCopyPad of `copyType` elements padded with the
/// SetPadValue<padType> value `padBits` when the widths differ and the
/// element bits the NPU writes (the value's low bytes, zero-extended when
/// narrower) do not hold the value set; "" otherwise.
std::string padWidthWarning(DType padType, uint64_t padBits, DType copyType) {
  const uint32_t n = dtypeSize(padType), m = dtypeSize(copyType);
  if (n == m)
    return "";
  uint8_t set[8] = {0}, used[8] = {0};
  std::memcpy(set, &padBits, 8);
  std::memcpy(used, set, m); // little endian: the low m bytes
  const double value = vm::loadF(set, padType);
  if (value == vm::loadF(used, copyType))
    return "";
  char text[64];
  if (vm::isFloat(padType))
    std::snprintf(text, sizeof text, "%.9g", value);
  else
    std::snprintf(text, sizeof text, "%lld",
                  static_cast<long long>(vm::loadI(set, padType)));
  const std::string name = dtypeName(copyType);
  const std::string example =
      copyType == DType::BF16
          ? "asc.set_pad_value(asc.number(" + std::string(text) +
                ", asc.bfloat16))"
          : "asc.set_pad_value(np." + name + "(" + text + "))";
  return "data_copy_pad pads " + name + " elements with a " +
         std::to_string(n) + "-byte value set by set_pad_value; the NPU " +
         (n > m ? "uses its low " + std::to_string(m) + " bytes"
                : "zero-extends it to " + std::to_string(m) + " bytes") +
         " \u2014 pass a value of the copy's dtype, e.g. " + example;
}

const char *roundModeName(uint8_t m) {
  static const char *const kNames[] = {"CAST_NONE",  "CAST_RINT", "CAST_FLOOR",
                                       "CAST_CEIL",  "CAST_ROUND",
                                       "CAST_TRUNC", "CAST_ODD"};
  return m < 7 ? kNames[m] : "an unknown RoundMode";
}

/// BilinearInterpolation's ranges (ascendc_api.md §5.2) and operand
/// overlap; the offsets themselves are checked when it executes.
void checkBilinear(const VecCall &c, bool counter, Loc loc) {
  const char *api = "bilinear_interpolation: ";
  auto range = [&](const char *what, int64_t v, int64_t lo, int64_t hi) {
    if (v < lo || v > hi)
      fail("argument",
           std::string(api) + what + " must be in [" + std::to_string(lo) +
               ", " + std::to_string(hi) + "], but got " + std::to_string(v),
           loc);
  };
  range("h_repeat", c.aux, 1, 255);
  range("v_repeat", c.repeat, 1, 255);
  range("v_r_offset", static_cast<int64_t>(c.scalar), 128, 65534);
  range("dst_blk_stride", c.dstBlk, 1, 65535);
  if (counter)
    fail("argument",
         std::string(api) + "the mask register is in counter mode "
                            "(set_mask_count); this instruction takes a "
                            "normal-mode mask",
         loc);
  const Operand *ops[3] = {&c.src0, &c.src1, &c.src2};
  static const char *const kNames[3] = {"src0", "src1", "src0_offset"};
  for (int i = 0; i < 3; ++i)
    for (int j = i + 1; j < 3; ++j)
      if (ops[i]->addr < ops[j]->addr + ops[j]->bytes && // UB offsets
          ops[j]->addr < ops[i]->addr + ops[i]->bytes)
        fail("argument",
             std::string(api) + kNames[i] + " and " + kNames[j] +
                 " overlap; they must be disjoint",
             loc);
}

void lowBits(uint64_t n, uint64_t &hi, uint64_t &lo) {
  lo = n >= 64 ? ~0ull : (n == 0 ? 0 : (~0ull >> (64 - n)));
  hi = n <= 64 ? 0 : (n >= 128 ? ~0ull : (~0ull >> (128 - n)));
}

std::string typesOf(const VecCall &c) {
  switch (c.op) {
  case VecOp::Cast:
  case VecOp::AddReluCast:
  case VecOp::SubReluCast:
  case VecOp::MulCast:
  case VecOp::AddDeqRelu:
  case VecOp::CastDeq:
    return std::string(dtypeName(c.srcType)) + " -> " + dtypeName(c.dstType);
  case VecOp::MulAddDst:
  case VecOp::Axpy:
    return std::string("dst ") + dtypeName(c.dstType) + ", src " +
           dtypeName(c.srcType);
  case VecOp::Compare:
  case VecOp::CompareScalar:
    return std::string(dtypeName(c.srcType)) + " sources and a " +
           dtypeName(c.dstType) + " destination";
  case VecOp::CompareCmpMask:
    return std::string(dtypeName(c.srcType)) + " sources";
  case VecOp::SelectCmpMask:
    return dtypeName(c.dstType);
  case VecOp::Select:
  case VecOp::SelectScalar:
  case VecOp::SelectCmpMaskScalar:
    return std::string(dtypeName(c.dstType)) + " with a " +
           dtypeName(c.srcType) + " selection mask";
  default:
    return dtypeName(c.srcType);
  }
}

/// Select modes against the operand kinds, GetCmpMask's destination size.
void checkCmpMaskCall(const VecCall &c, Loc loc) {
  static const char *const kSel[] = {"VSEL_CMPMASK_SPR",
                                     "VSEL_TENSOR_SCALAR_MODE",
                                     "VSEL_TENSOR_TENSOR_MODE"};
  const char *mode = c.mode < 3 ? kSel[c.mode] : "an unknown SELMODE";
  if ((c.op == VecOp::Select || c.op == VecOp::SelectCmpMask) &&
      c.mode != 0 && c.mode != 2)
    fail("argument",
         std::string("select: a selection between two tensors needs "
                     "SELMODE VSEL_CMPMASK_SPR or VSEL_TENSOR_TENSOR_MODE, "
                     "but got ") +
             mode,
         loc);
  if ((c.op == VecOp::SelectScalar || c.op == VecOp::SelectCmpMaskScalar) &&
      c.mode != 1)
    fail("argument",
         std::string("select: a selection between a tensor and a scalar "
                     "needs SELMODE VSEL_TENSOR_SCALAR_MODE, but got ") +
             mode,
         loc);
  if (c.op == VecOp::GetCmpMask && c.dst.bytes < 128)
    fail("bounds",
         "get_cmp_mask: the destination holds " + std::to_string(c.dst.bytes) +
             " bytes, but GetCmpMask needs at least 128 bytes",
         loc);
}

} // namespace

//===----------------------------------------------------------------------===//
// Mask, mode and store configuration
//===----------------------------------------------------------------------===//

void Core::vecControl(VecCtl what, DType type, uint64_t a, uint64_t b,
                      Loc loc) {
  beginCall(loc);
  VecRegs &r = vecRegs_;
  switch (what) {
  case VecCtl::SetMask:
    r.maskHi = a;
    r.maskLo = b;
    return;
  case VecCtl::SetMaskLen: {
    int64_t len = static_cast<int64_t>(a);
    if (b) { // MaskMode::COUNTER: the element count
      if (len < 0)
        fail("argument",
             "set_vector_mask: the counter-mode length must be non-negative, "
             "but got " + std::to_string(len),
             loc);
      r.maskHi = 0;
      r.maskLo = static_cast<uint64_t>(len);
      return;
    }
    uint64_t maxLen = 256 / dtypeSize(type) > 128 ? 128 : 256 / dtypeSize(type);
    if (len < 0 || static_cast<uint64_t>(len) > maxLen)
      fail("argument",
           "set_vector_mask: a normal-mode length mask for " +
               std::string(dtypeName(type)) + " must be in [0, " +
               std::to_string(maxLen) + "], but got " + std::to_string(len),
           loc);
    lowBits(static_cast<uint64_t>(len), r.maskHi, r.maskLo);
    return;
  }
  case VecCtl::ResetMask:
    r.maskHi = r.maskLo = ~0ull;
    return;
  case VecCtl::SetMaskCount:
    r.counter = true;
    return;
  case VecCtl::SetMaskNorm:
    r.counter = false;
    return;
  case VecCtl::AtomicAdd:
  case VecCtl::AtomicMax:
  case VecCtl::AtomicMin:
  case VecCtl::AtomicType: {
    static const DType kTypes[] = {DType::I8,  DType::I16,  DType::F16,
                                   DType::BF16, DType::I32, DType::F32};
    if (std::find(std::begin(kTypes), std::end(kTypes), type) ==
        std::end(kTypes))
      fail("dtype",
           std::string("atomic stores of ") + dtypeName(type) +
               " are not supported on Ascend 910B/910C (A2/A3); supported: "
               "int8, int16, float16, bfloat16, int32, float32",
           loc);
    r.atomicType = type;
    if (what == VecCtl::AtomicAdd)
      r.atomic = AtomicKind::Add;
    else if (what == VecCtl::AtomicMax)
      r.atomic = AtomicKind::Max;
    else if (what == VecCtl::AtomicMin)
      r.atomic = AtomicKind::Min;
    return;
  }
  case VecCtl::AtomicNone:
    r.atomic = AtomicKind::None;
    return;
  case VecCtl::SetPadValue:
    r.padSet = true;
    r.padValue = a;
    r.padType = type;
    return;
  case VecCtl::SetDeqScale:
  case VecCtl::SetDeqScaleEx:
  case VecCtl::SetVdeqGroup: { // ops/QuantEval.cpp
    std::string error;
    if (!deqControl(what, a, b, r.deq, r.deqScale, error))
      fail("argument", error, loc);
    return;
  }
  }
}

//===----------------------------------------------------------------------===//
// Vector instructions
//===----------------------------------------------------------------------===//

void Core::vecOp(const VecCall &c, Loc loc) {
  uint64_t seq = beginCall(loc);
  const VecOp op = c.op;
  const char *api = vecOpName(op);
  const std::string who = api;
  std::string allowed;
  if (!vecSupports(op, c.dstType, c.srcType, allowed))
    fail("dtype",
         who + " does not support " + typesOf(c) +
             " on Ascend 910B/910C (A2/A3); supported: " + allowed,
         loc);
  if (op == VecOp::Cast) {
    std::string modes;
    if (!castModeAllowed(c.dstType, c.srcType, c.mode, modes))
      fail("argument",
           "cast: " + typesOf(c) + " supports round modes " + modes +
               ", not " + roundModeName(c.mode),
           loc);
  }
  if ((op == VecOp::Compare || op == VecOp::CompareScalar ||
       op == VecOp::CompareCmpMask) &&
      c.srcType == DType::I32 && c.mode != kModeEq)
    fail("dtype",
         who + ": int32 sources support only CMPMODE.EQ on Ascend "
               "910B/910C (A2/A3)",
         loc);

  checkCmpMaskCall(c, loc);

  auto vi = std::make_shared<VecInstr>();
  VecInstr &in = *vi;
  in.cmpMask = vecRegs_.cmpMask;
  in.ubBytes = mem_.ubBytes();
  in.op = op;
  in.dt = c.dstType;
  in.st = c.srcType;
  in.mode = c.mode;
  in.form = c.maskForm;
  in.scalar = c.scalar;
  in.aux = c.aux;
  in.deqScale = vecRegs_.deqScale;
  if (op == VecOp::BilinearInterpolation)
    checkBilinear(c, vecRegs_.counter, loc);
  if (op == VecOp::CastDeq) {
    in.deq = vecRegs_.deq;
    if ((c.mode & 1) && !in.deq.groupsSet)
      fail("argument",
           "cast_deq: is_vec_deq = true uses the 16 groups of "
           "set_deq_scale(vdeq, vdeq_info), which has not been called",
           loc);
  }
  in.loc = loc;
  in.perRepeat = elementsPerRepeat(op, c.dstType, c.srcType);
  const bool countForm = c.maskForm == MaskForm::Count;

  // Mask and repeats (hardware.md §4.1, §4.2).
  auto checkRepeat = [&] {
    if (c.repeat < 0 || c.repeat > 255)
      fail("argument",
           who + ": repeat_times must be in [0, 255], but got " +
               std::to_string(c.repeat) +
               " (the NPU would silently use the low 8 bits)",
           loc);
  };
  bool nop = false;
  if (countForm) {
    int64_t n = static_cast<int64_t>(c.mask[0]);
    if (n < 0)
      fail("argument",
           who + ": count must be non-negative, but got " + std::to_string(n),
           loc);
    if (op == VecOp::Compare || op == VecOp::CompareScalar) {
      uint64_t bytes = static_cast<uint64_t>(n) * dtypeSize(c.srcType);
      if (bytes % 256 != 0)
        fail("argument",
             who + ": count * sizeof(" + dtypeName(c.srcType) + ") = " +
                 std::to_string(bytes) +
                 " bytes is not a multiple of 256 bytes; the NPU would not "
                 "compute the last " +
                 std::to_string((bytes % 256) / dtypeSize(c.srcType)) +
                 " elements. Use a count that is a multiple of " +
                 std::to_string(in.perRepeat),
             loc);
    }
    in.counter = true;
    in.count = static_cast<uint64_t>(n);
  } else if (c.maskForm == MaskForm::None) {
    checkRepeat();
    in.counter = false;
  } else {
    checkRepeat();
    in.counter = vecRegs_.counter;
    uint64_t hi = 0, lo = 0;
    if (c.maskForm == MaskForm::Continuous) {
      uint64_t n = c.mask[0];
      if (in.counter) {
        in.count = n;
        vecRegs_.maskHi = 0;
        vecRegs_.maskLo = n;
      } else {
        if (n > in.perRepeat && op != VecOp::Compare &&
            op != VecOp::CompareCmpMask)
          fail("argument",
               who + ": a continuous mask selects the first n elements of "
                     "each repeat, n in [1, " +
                   std::to_string(in.perRepeat) + "] for " + typesOf(c) +
                   ", but got " + std::to_string(n),
               loc);
        lowBits(std::min<uint64_t>(n, in.perRepeat), hi, lo);
        vecRegs_.maskHi = hi;
        vecRegs_.maskLo = lo;
      }
    } else if (c.maskForm == MaskForm::Bits) {
      hi = c.mask[1];
      lo = c.mask[0];
      vecRegs_.maskHi = hi;
      vecRegs_.maskLo = lo;
      if (in.counter)
        in.count = lo;
    } else { // Register (isSetMask = false)
      hi = vecRegs_.maskHi;
      lo = vecRegs_.maskLo;
      if (in.counter)
        in.count = lo;
    }
    if (!in.counter) {
      if (in.perRepeat <= 64) {
        hi = 0;
        if (in.perRepeat < 64)
          lo &= (1ull << in.perRepeat) - 1;
      }
      in.maskHi = hi;
      in.maskLo = lo;
      if (op == VecOp::Compare || op == VecOp::CompareCmpMask) // reserved
        in.maskHi = in.maskLo = ~0ull;
      nop = in.maskHi == 0 && in.maskLo == 0;
    }
  }
  if (in.counter)
    in.repeats = static_cast<uint32_t>((in.count + in.perRepeat - 1) /
                                       in.perRepeat);
  else
    in.repeats = static_cast<uint32_t>(c.repeat);
  if (countForm) { // set_mask_norm(); set_vector_mask(-1, -1) afterwards
    vecRegs_.counter = false;
    vecRegs_.maskHi = vecRegs_.maskLo = ~0ull;
  }
  if (nop || in.repeats == 0 || (in.counter && in.count == 0))
    return;

  // Operands: element sizes and strides.
  const Operand *ops[kNumRoles] = {&c.dst, &c.src0, &c.src1, &c.src2};
  const int64_t blk[kNumRoles] = {c.dstBlk, c.src0Blk, c.src1Blk, 1};
  const int64_t rep[kNumRoles] = {c.dstRep, c.src0Rep, c.src1Rep, 8};
  static const char *const kStride[kNumRoles] = {"dst", "src0", "src1", ""};
  for (int k = 0; k < kNumRoles; ++k) {
    Role role = static_cast<Role>(k);
    VecOperand &o = in.opnd[k];
    if (!vecUses(op, role))
      continue;
    o.used = true;
    o.es = operandElemSize(op, role, c.dstType, c.srcType);
    o.view = ops[k]->bytes;
    if (countForm) { // one contiguous stream
      o.blk = 1;
      o.rep = static_cast<int64_t>(in.perRepeat) * o.es / 32;
      if (op == VecOp::Brcb || op == VecOp::Gatherb)
        o.rep = 8;
    } else {
      o.blk = blk[k];
      o.rep = rep[k];
    }
    if (role != Role::Src2 && (o.blk < 0 || o.rep < 0))
      fail("argument",
           who + ": the " + kStride[k] + " block and repeat strides must be "
                 "non-negative, but got " + std::to_string(o.blk) + " and " +
               std::to_string(o.rep),
           loc);
  }
  if (op == VecOp::Brcb && in.opnd[0].blk == 0)
    fail("argument", "brcb: dst_blk_stride must not be 0", loc);
  if (op == VecOp::Brcb) { // eight consecutive source elements per repeat
    in.opnd[1].blk = 1;
    in.opnd[1].rep = 8 * in.opnd[1].es / 32;
  }
  if (op == VecOp::CastDeq) { // 16 / 8 results in one half of each block
    VecOperand &d = in.opnd[0];
    d.epb = 32 / dtypeSize(c.srcType);
    d.inOff = (c.mode & 2) ? 16 : 0; // halfBlock: the upper 16 bytes
    if (countForm)
      d.rep = 8;
  }
  if (op == VecOp::Gather) {
    in.opnd[0].blk = 1;
    in.opnd[1].blk = 1;
  }
  if (op == VecOp::ReduceSum || op == VecOp::ReduceMax ||
      op == VecOp::ReduceMin)
    in.opnd[1].blk = 1;

  // Footprints, alignment, bounds.
  Spans reads[kNumRoles], writes[kNumRoles];
  for (int k = 0; k < kNumRoles; ++k) {
    Role role = static_cast<Role>(k);
    VecOperand &o = in.opnd[k];
    if (!o.used)
      continue;
    const Operand &src = *ops[k];
    const char *rname = roleName(op, role);
    Mem m = memOfPosition(src.pos);
    if (m != Mem::UB)
      fail("argument",
           who + ": the " + rname + " is at position " +
               positionName(src.pos) + " (" + memName(m) +
               "); vector instructions work on the Unified Buffer (VECIN, "
               "VECOUT, VECCALC)",
           loc);
    uint32_t align = op == VecOp::SetCmpMask          ? 16
                     : relaxedAlignment(op, role) ? o.es
                                                  : 32;
    if (src.addr % align != 0)
      fail("alignment",
           who + ": the " + rname + " UB address " + std::to_string(src.addr) +
               " is not " + std::to_string(align) + "-byte aligned",
           loc);
    reads[k] = footprint(in, role, false);
    writes[k] = footprint(in, role, true);
    Span r = hull(reads[k]), w = hull(writes[k]);
    uint64_t lo = 0, hi = 0;
    if (!reads[k].empty() || !writes[k].empty()) {
      lo = reads[k].empty() ? w.start
           : writes[k].empty() ? r.start
                               : std::min(r.start, w.start);
      hi = std::max(r.end, w.end);
    }
    DType t = role == Role::Dst ? c.dstType : c.srcType;
    if ((op == VecOp::Select || op == VecOp::SelectScalar ||
         op == VecOp::SelectCmpMaskScalar) &&
        role != Role::Src2)
      t = c.dstType;
    if (role == Role::Src2 && (op == VecOp::Gather || op == VecOp::Gatherb))
      t = DType::U32;
    if (role == Role::Src2 && (op == VecOp::ReduceSum ||
                               op == VecOp::ReduceMax ||
                               op == VecOp::ReduceMin))
      t = c.dstType;
    Access a{api, rname, !writes[k].empty(), t, /*blockAligned=*/false};
    uint8_t *p = mem_.resolve(src, lo, hi - lo, a, loc);
    o.base = p - lo;
  }
  if ((op == VecOp::ReduceSum || op == VecOp::ReduceMax ||
       op == VecOp::ReduceMin) &&
      !countForm) {
    uint64_t need = reduceTmpElements(in);
    uint64_t have = c.src2.bytes / dtypeSize(c.dstType);
    if (have < need)
      fail("bounds",
           who + ": the shared tmp buffer holds " + std::to_string(have) +
               " elements, but " + std::to_string(in.repeats) +
               " repeats need at least " + std::to_string(need),
           loc);
  }
  for (const VecOperand &o : in.opnd)
    if (o.used && o.base) { // UB byte 0, for addresses held in CMPMASK
      in.ub = o.base - mem_.ubOffset(o.base);
      break;
    }
  planResult(in, writes[0], writes[3]);

  std::vector<uint64_t> levels{in.repeats};
  if (op == VecOp::ReduceSum || op == VecOp::ReduceMax ||
      op == VecOp::ReduceMin)
    for (uint64_t n = in.repeats; n > 1;) {
      n = (n + in.perRepeat - 1) / in.perRepeat;
      levels.push_back(n);
    }
  if (op == VecOp::BilinearInterpolation) // hRepeat * vRepeat repeats
    levels = {static_cast<uint64_t>(c.aux) * in.repeats};
  Cost cost = timing::vectorOp(op, c.dstType, c.srcType, levels);

  Instr instr;
  instr.kind = InstrKind::Work;
  instr.pipe = Pipe::V;
  instr.seq = seq;
  instr.loc = loc;
  instr.name = api;
  instr.cost = cost;
  instr.work.kind = WorkKind::Vector;
  instr.work.type = c.dstType;
  instr.work.dst = in.out;
  // Race footprint and initialisation tracking: reads first, then writes.
  bool dataDependent = op == VecOp::Gather || op == VecOp::Gatherb ||
                       op == VecOp::BilinearInterpolation;
  for (int pass = 0; pass < 2; ++pass)
    for (int k = 0; k < kNumRoles; ++k) {
      const VecOperand &o = in.opnd[k];
      if (!o.used)
        continue;
      const Spans &ss = pass == 0 ? reads[k] : writes[k];
      uint64_t base = mem_.ubOffset(o.base);
      for (const Span &s : ss) {
        if (sys_.anyWatch)
          watchUb(Pipe::V, base + s.start, base + s.end, pass == 1, api, loc);
        if (race_)
          instr.fp.push_back(
              ByteRange{Mem::UB, base + s.start, base + s.end, pass == 1});
        if (!mem_.initTracking())
          continue;
        if (pass == 1)
          mem_.markWritten(base + s.start, s.end - s.start);
        else if (!(dataDependent && k == 1))
          checkInit(api, roleName(op, static_cast<Role>(k)), base + s.start,
                    s.end - s.start, loc);
      }
    }
  instr.work.vec = std::move(vi);
  issue(std::move(instr));
}

//===----------------------------------------------------------------------===//
// Data movement with parameters
//===----------------------------------------------------------------------===//

void Core::dataCopyEx(const CopyCall &call, Loc loc) {
  uint64_t seq = beginCall(loc);
  issueCopy(call, seq, loc);
}

void Core::issueCopy(const CopyCall &call, uint64_t seq, Loc loc) {
  const char *api = call.pad ? "data_copy_pad" : "data_copy";
  const std::string who = api;
  const uint32_t es = dtypeSize(call.type);
  Mem sm = memOfPosition(call.src.pos), dm = memOfPosition(call.dst.pos);
  Pipe pipe;
  if (sm == Mem::GM && dm == Mem::UB)
    pipe = Pipe::MTE2;
  else if (sm == Mem::UB && dm == Mem::GM)
    pipe = Pipe::MTE3;
  else if (sm == Mem::UB && dm == Mem::UB && !call.pad)
    pipe = Pipe::V;
  else
    fail("argument",
         who + " from " + positionName(call.src.pos) + " (" + memName(sm) +
             ") to " + positionName(call.dst.pos) + " (" + memName(dm) +
             ") is not supported on a vector core (AIV)",
         loc);
  if (call.blockCount > 4095)
    fail("argument",
         who + ": block_count must be in [0, 4095], but got " +
             std::to_string(call.blockCount),
         loc);
  if (call.pad) {
    if (call.blockLen > 2097151)
      fail("argument",
           who + ": block_len must be in [0, 2097151] bytes, but got " +
               std::to_string(call.blockLen),
           loc);
    if (call.blockLen % es != 0)
      fail("alignment",
           who + ": block_len " + std::to_string(call.blockLen) +
               " bytes is not a multiple of the " + std::to_string(es) +
               "-byte " + dtypeName(call.type) + " element",
           loc);
    if (call.hasPadParams &&
        (call.leftPadding * es > 32 || call.rightPadding * es > 32))
      fail("argument",
           who + ": left/right padding must each be at most 32 bytes (" +
               std::to_string(32 / es) + " " + dtypeName(call.type) +
               " elements), but got " + std::to_string(call.leftPadding) +
               " and " + std::to_string(call.rightPadding),
           loc);
    if (call.hasPadParams && call.isPad && es == 8 && call.padValue != 0)
      fail("argument", who + ": the padding value of 64-bit types must be 0",
           loc);
  }
  if (call.blockCount == 0 || call.blockLen == 0)
    return; // NOP (A2/A3)

  auto vi = std::make_shared<VecInstr>();
  VecInstr &in = *vi;
  in.isCopy = true;
  in.copy = call;
  in.loc = loc;
  in.dt = in.st = call.type;
  if (call.pad && sm == Mem::GM) {
    bool pads = call.leftPadding != 0 || call.rightPadding != 0;
    uint64_t mask = es == 8 ? ~0ull : ((1ull << (8 * es)) - 1);
    if (call.hasPadParams && call.isPad) {
      in.padBits = call.padValue & mask;
    } else if (vecRegs_.padSet) {
      in.padBits = vecRegs_.padValue & mask;
      // Pad or dummy bytes are written with the value: warn (once per call
      // site) when they do not hold it.
      std::string warning =
          pads || call.blockLen % 32 != 0
              ? padWidthWarning(vecRegs_.padType, vecRegs_.padValue, call.type)
              : "";
      if (!warning.empty() &&
          padWidthReported_.insert({loc.file, loc.line}).second) {
        Diagnostic d = makeDiagnostic("pad_value", std::move(warning), loc);
        d.severity = Severity::Warning;
        record(std::move(d));
      }
    } else if (!pads) {
      in.padFirst = true;
    } else {
      in.padDefined = false; // "random" on the NPU: left unwritten
    }
  }
  const Operand *ops[2] = {&call.dst, &call.src};
  Spans spans[2] = {footprint(in, Role::Dst, true),
                    footprint(in, Role::Src0, false)};
  for (int k = 0; k < 2; ++k) {
    VecOperand &o = in.opnd[k];
    const Operand &op = *ops[k];
    Mem m = memOfPosition(op.pos);
    o.used = true;
    o.es = es;
    o.view = op.bytes;
    const char *role = k == 0 ? "destination" : "source";
    if (m == Mem::UB && op.addr % 32 != 0)
      fail("alignment",
           who + ": the " + role + " UB address " + std::to_string(op.addr) +
               " is not 32-byte aligned",
           loc);
    Span h = hull(spans[k]);
    // DataCopyPad needs only byte alignment on the GM side.
    Access a{api, role, k == 0, call.pad && m == Mem::GM ? DType::U8 : call.type,
             /*blockAligned=*/false};
    uint8_t *p = mem_.resolve(op, h.start, h.end - h.start, a, loc);
    o.base = p - h.start;
  }
  if (dm == Mem::GM) {
    in.atomic = vecRegs_.atomic;
    in.atomicType = vecRegs_.atomicType;
  }
  planResult(in, spans[0], {});

  uint64_t bytes = 0;
  for (const Span &s : spans[1])
    bytes += s.end - s.start;
  Cost cost = pipe == Pipe::MTE2   ? timing::gmToLocal(bytes)
              : pipe == Pipe::MTE3 ? timing::localToGm(bytes)
                                   : timing::localCopy(bytes);
  Instr instr;
  instr.kind = InstrKind::Work;
  instr.pipe = pipe;
  instr.seq = seq;
  instr.loc = loc;
  instr.name = api;
  instr.cost = cost;
  instr.work.kind = WorkKind::Vector;
  instr.work.type = call.type;
  instr.work.dst = in.out;
  for (int pass = 0; pass < 2; ++pass) {
    int k = pass == 0 ? 1 : 0; // reads (source) first
    const VecOperand &o = in.opnd[k];
    bool ub = mem_.isUb(o.base + (spans[k].empty() ? 0 : spans[k][0].start));
    uint64_t base =
        ub ? mem_.ubOffset(o.base) : reinterpret_cast<uintptr_t>(o.base);
    uint64_t total = 0;
    for (const Span &s : spans[k]) {
      total += s.end - s.start;
      // Atomic stores are reported as reads: concurrent accumulations into
      // the same GM are not a race (ByteRange has no atomic flag).
      bool write = pass == 1 && in.atomic == AtomicKind::None;
      if (ub && sys_.anyWatch)
        watchUb(pipe, base + s.start, base + s.end, pass == 1, api, loc);
      if (race_)
        instr.fp.push_back(ByteRange{ub ? Mem::UB : Mem::GM, base + s.start,
                                     base + s.end, write});
      if (ub && mem_.initTracking()) {
        if (pass == 1)
          mem_.markWritten(base + s.start, s.end - s.start);
        else
          checkInit(api, "source", base + s.start, s.end - s.start, loc);
      }
    }
    if (!ub && (pipe == Pipe::MTE2 || pipe == Pipe::MTE3)) {
      (pass == 1 ? gmWrite_ : gmRead_) += total;
      ++gmTransfers_;
    }
  }
  instr.work.vec = std::move(vi);
  issue(std::move(instr));
}

} // namespace ascsim
