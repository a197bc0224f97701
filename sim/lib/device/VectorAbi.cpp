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
#include "ops/FastPaths.h"
#include "ops/VectorMath.h"
#include "ops/VectorOps.h"
#include "support/Fault.h"
#include "support/PerThread.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

namespace ascsim {

namespace abi {
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

/// Allocator recycling the memory of VecInstr records (with their shared_ptr
/// control block) per host thread: the V queue holds up to 32 instructions,
/// more than malloc's per-thread cache keeps, so each would otherwise pay a
/// slow malloc and free.
template <class T> struct Recycled {
  using value_type = T;
  static constexpr size_t kKeep = 64;
  Recycled() = default;
  template <class U> Recycled(const Recycled<U> &) {}
  T *allocate(size_t n) {
    std::vector<void *> &kept = freeList();
    if (n != 1 || kept.empty())
      return static_cast<T *>(::operator new(n * sizeof(T)));
    void *p = kept.back();
    kept.pop_back();
    return static_cast<T *>(p);
  }
  void deallocate(T *p, size_t n) {
    std::vector<void *> &kept = freeList();
    if (n == 1 && kept.size() < kKeep)
      kept.push_back(p);
    else
      ::operator delete(p);
  }
  static std::vector<void *> &freeList() {
    struct List {
      std::vector<void *> blocks;
      ~List() {
        for (void *p : blocks)
          ::operator delete(p);
      }
    };
    static thread_local List list;
    return list.blocks;
  }
  template <class U> bool operator==(const Recycled<U> &) const {
    return true;
  }
  template <class U> bool operator!=(const Recycled<U> &) const {
    return false;
  }
};

std::shared_ptr<VecInstr> newVecInstr() {
  return std::allocate_shared<VecInstr>(Recycled<VecInstr>());
}

} // namespace

Core::PlanStore &Core::threadPlans() {
  // The store's VecInstrs go back to newVecInstr's thread-local free list
  // when the store is destroyed at the thread's exit: the list is made
  // first (one record allocated and freed), so that it is destroyed last.
  thread_local const bool listFirst = (newVecInstr(), true);
  (void)listFirst;
  return perThread<PlanStore>(); // 4.4 KiB: support/PerThread.h
}

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

// A call goes through three steps, so that the rules, the planning and the
// bookkeeping can each be read (and changed) on their own:
//   checkVec  the call's own rules (dtype, mode, repeat, mask, strides);
//             reads the core's vector registers, changes nothing;
//   planVec   resolves mask and repeats (writing the mask register as the
//             NPU does), places the operands in the UB (alignment, bounds of
//             the exact footprints) and builds the VecInstr and its cost;
//   issueVec  race footprint, init tracking and UB watch of the planned
//             footprints, then the V queue.

//   A plan is kept per call site (Core::CachedVecPlan says why reusing it
//   is exact) and from one core to the next on a thread (Core::PlanStore);
//   a reused plan skips checkVec, and after its first issue on the core
//   issueVec's tracking (issueCachedVec).

namespace {

bool sameOperand(const Operand &a, const Operand &b) {
  return a.addr == b.addr && a.bytes == b.bytes && a.pos == b.pos;
}

// Every field of VecCall: a field added to it must be compared here (the
// size check below fails first).
bool sameCall(const VecCall &a, const VecCall &b) {
  return a.op == b.op && a.dstType == b.dstType && a.srcType == b.srcType &&
         a.maskForm == b.maskForm && a.mode == b.mode &&
         sameOperand(a.dst, b.dst) && sameOperand(a.src0, b.src0) &&
         sameOperand(a.src1, b.src1) && sameOperand(a.src2, b.src2) &&
         a.mask[0] == b.mask[0] && a.mask[1] == b.mask[1] &&
         a.repeat == b.repeat && a.dstBlk == b.dstBlk &&
         a.src0Blk == b.src0Blk && a.src1Blk == b.src1Blk &&
         a.dstRep == b.dstRep && a.src0Rep == b.src0Rep &&
         a.src1Rep == b.src1Rep && a.scalar == b.scalar && a.aux == b.aux;
}
static_assert(sizeof(VecCall) == 8 + 4 * sizeof(Operand) + 16 + 7 * 8 + 8 + 8,
              "VecCall changed: compare the new field in sameCall");

} // namespace

bool Core::cacheableVecOp(VecOp op) {
  // Elementwise ops that read no CMPMASK and no dequant state beyond the
  // scale (CastDeq reads the group table) and have no data-dependent
  // footprint.
  return detail::shapeOf(op) == detail::Shape::Elementwise &&
         !usesCmpMask(op) && op != VecOp::CastDeq &&
         op != VecOp::BilinearInterpolation;
}

inline Core::CachedVecPlan *Core::findVecPlan(const VecCall &c, Loc loc) {
  const MaskRegs regs{vecRegs_.counter, vecRegs_.maskHi, vecRegs_.maskLo};
  for (CachedVecPlan &e : plans_->vecCache)
    // The destination first after the line: a loop's double buffers are
    // plans of one line that differ there.
    if (e.valid && e.loc.line == loc.line && e.call.dst.addr == c.dst.addr &&
        e.loc.file == loc.file && e.maskIn == regs &&
        e.deqScale == vecRegs_.deqScale && sameCall(e.call, c))
      return &e;
  return nullptr;
}

inline void Core::vecOp(const VecCall &c, Loc loc) {
  uint64_t seq = beginCall(loc);
  const bool cacheable = cacheableVecOp(c.op);
  // A hit skips checkVec: the plan was made for the same call after
  // checkVec passed, and checkVec reads nothing else of a cacheable op but
  // the mask mode (maskIn.counter, part of the key).
  if (cacheable)
    if (CachedVecPlan *e = findVecPlan(c, loc)) {
      vecRegs_.counter = e->maskOut.counter;
      vecRegs_.maskHi = e->maskOut.maskHi;
      vecRegs_.maskLo = e->maskOut.maskLo;
      if (__builtin_expect(e->initTracked && !sys_.anyWatch, 1))
        return issueCachedVec(*e, seq, loc);
      return issueVecPlan(*e, seq, loc);
    }
  planAndIssueVec(c, loc, seq, cacheable);
}

void Core::keepFirstUse(CachedVecPlan &e) const {
  e.initOps.clear();
  const VecPlan &plan = e.plan;
  for (int pass = 0; pass < 2; ++pass)
    for (int k = 0; k < kNumRoles; ++k) {
      const Spans &spans = pass == 0 ? plan.reads[k] : plan.writes[k];
      if (spans.empty())
        continue;
      const uint64_t base = mem_.ubOffset(plan.instr->opnd[k].base);
      for (const Span &sp : spans)
        e.initOps.push_back(
            {base + sp.start, sp.end - sp.start, plan.roles[k], pass == 1});
    }
}

void Core::issueVecPlan(CachedVecPlan &e, uint64_t seq, Loc loc) {
  if (!e.initTracked) // this core's first use (PlanStore)
    markPlanDirty(e);
  const VecOp op = e.plan.instr->op;
  if (e.kept && !sys_.anyWatch && op != VecOp::Gather &&
      op != VecOp::Gatherb) {
    // issueVec's init tracking on this core's first use (its spans: reads
    // first, by role; no data-dependent source), then the rest of its work
    // for this plan, which issueCachedVec does.
    if (!e.initTracked && mem_.initTracking())
      for (const CachedVecPlan::InitOp &o : e.initOps)
        trackUbInit(o.write, e.plan.api, o.role, o.start, o.bytes, loc);
    e.initTracked = true;
    return issueCachedVec(e, seq, loc);
  }
  const Instr &issued =
      issueVec(e.plan, seq, loc, /*keep=*/true, e.initTracked);
  e.initTracked = true;
  // Again (the same values), in case the issue that made the plan was
  // interrupted by a fault before it kept them.
  e.fp = issued.fp;
  e.direct = issued.work.direct;
  keepFirstUse(e);
  e.kept = true;
}

void Core::planAndIssueVec(const VecCall &c, Loc loc, uint64_t seq,
                           bool cacheable) {
  checkVec(c, loc);
  const MaskRegs in{vecRegs_.counter, vecRegs_.maskHi, vecRegs_.maskLo};
  const uint16_t deqScale = vecRegs_.deqScale;
  PlanStore &store = *plans_;
  if (!planVec(c, loc, store.vecPlan))
    return;
  if (!cacheable) {
    issueVec(store.vecPlan, seq, loc);
    return;
  }
  CachedVecPlan &e = store.vecCache[store.vecNext];
  store.vecNext = (store.vecNext + 1) % kVecPlanCache;
  e.valid = true;
  e.call = c;
  e.loc = loc;
  e.maskIn = in;
  e.maskOut = {vecRegs_.counter, vecRegs_.maskHi, vecRegs_.maskLo};
  e.deqScale = deqScale;
  // The planned record moves into the slot; the slot's old one becomes the
  // next plan's storage (planVec refills every field issueVec reads).
  std::swap(e.plan, store.vecPlan);
  e.initTracked = false;
  e.kept = false;
  const Instr &issued = issueVec(e.plan, seq, loc, /*keep=*/true);
  e.initTracked = true;
  e.fp = issued.fp; // empty when races are off
  e.direct = issued.work.direct;
  keepFirstUse(e);
  e.kept = true;
}

inline void Core::issueCachedVec(const CachedVecPlan &e, uint64_t seq,
                                 Loc loc) {
  // What issueVec + issueVecInstr do for this plan once its init tracking
  // is done, without a UB watch: a PIPE_V instruction touches no GM, so
  // only auto_sync's bookkeeping is left (the same calls in the same
  // order: reads first, by role, span by span); the footprint and the
  // direct flag are the first issue's (the same spans, bases and race
  // severity).
  const VecInstr &vi = *e.plan.instr;
  if (autoSync_) // initOps: the spans in that order, flat (keepFirstUse)
    for (const CachedVecPlan::InitOp &o : e.initOps)
      noteAutoSync(Pipe::V, Mem::UB, o.start, o.start + o.bytes, o.write);
  Instr &instr = issueInPlace(InstrKind::Work, Pipe::V, seq, loc, e.plan.api);
  instr.cost = e.plan.cost;
  instr.work.kind = WorkKind::Vector;
  instr.work.type = vi.dt;
  instr.work.dst = vi.out;
  if (race_)
    instr.fp = e.fp;
  instr.work.direct = e.direct;
  instr.work.vec = e.plan.instr;
}

// The ABI entry, here so that Core::vecOp is inlined into it.
void abi::vecOp(const VecCall &call, Loc loc) {
  currentCore().vecOp(call, loc);
}

void Core::checkVec(const VecCall &c, Loc loc) const {
  const VecOp op = c.op;
  // The op's name as a string only for a message (not on every call).
  auto who = [op] { return std::string(vecOpName(op)); };
  std::string allowed;
  if (!vecSupports(op, c.dstType, c.srcType, allowed))
    fail("dtype",
         who() + " does not support " + typesOf(c) +
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
         who() + ": int32 sources support only CMPMODE.EQ on Ascend "
                 "910B/910C (A2/A3)",
         loc);
  checkCmpMaskCall(c, loc);
  if (op == VecOp::BilinearInterpolation)
    checkBilinear(c, vecRegs_.counter, loc);
  if (op == VecOp::CastDeq && (c.mode & 1) && !vecRegs_.deq.groupsSet)
    fail("argument",
         "cast_deq: is_vec_deq = true uses the 16 groups of "
         "set_deq_scale(vdeq, vdeq_info), which has not been called",
         loc);

  // Mask and repeats (hardware.md §4.1, §4.2).
  const uint32_t perRepeat = elementsPerRepeat(op, c.dstType, c.srcType);
  const bool countForm = c.maskForm == MaskForm::Count;
  if (countForm) {
    const int64_t n = static_cast<int64_t>(c.mask[0]);
    if (n < 0)
      fail("argument",
           who() + ": count must be non-negative, but got " + std::to_string(n),
           loc);
    const uint32_t es = dtypeSize(c.srcType);
    const uint64_t bytes = static_cast<uint64_t>(n) * es;
    if ((op == VecOp::Compare || op == VecOp::CompareScalar) &&
        bytes % 256 != 0)
      fail("argument",
           who() + ": count * sizeof(" + dtypeName(c.srcType) +
               ") = " + std::to_string(bytes) +
               " bytes is not a multiple of 256 bytes; the NPU would not "
               "compute the last " +
               std::to_string((bytes % 256) / es) +
               " elements. Use a count that is a multiple of " +
               std::to_string(perRepeat),
           loc);
    return; // count forms walk their operands contiguously: no strides
  }
  if (c.repeat < 0 || c.repeat > 255)
    fail("argument",
         who() + ": repeat_times must be in [0, 255], but got " +
             std::to_string(c.repeat) +
             " (the NPU would silently use the low 8 bits)",
         loc);
  if (c.maskForm == MaskForm::Continuous && !vecRegs_.counter &&
      c.mask[0] > perRepeat && op != VecOp::Compare &&
      op != VecOp::CompareCmpMask)
    fail("argument",
         who() +
             ": a continuous mask selects the first n elements of each "
             "repeat, n in [1, " +
             std::to_string(perRepeat) + "] for " + typesOf(c) + ", but got " +
             std::to_string(c.mask[0]),
         loc);

  // Strides (source 2 has none of its own).
  const int64_t blk[3] = {c.dstBlk, c.src0Blk, c.src1Blk};
  const int64_t rep[3] = {c.dstRep, c.src0Rep, c.src1Rep};
  static const char *const kStride[3] = {"dst", "src0", "src1"};
  for (int k = 0; k < 3; ++k)
    if (vecUses(op, static_cast<Role>(k)) && (blk[k] < 0 || rep[k] < 0))
      fail("argument",
           who() + ": the " + kStride[k] +
               " block and repeat strides must be "
               "non-negative, but got " +
               std::to_string(blk[k]) + " and " + std::to_string(rep[k]),
           loc);
  if (op == VecOp::Brcb && c.dstBlk == 0)
    fail("argument", "brcb: dst_blk_stride must not be 0", loc);
  // CopyRepeatParams' repeat sizes are 0-4095 blocks (ascendc_api.md §4.2).
  if (op == VecOp::Copy && (c.dstRep > 4095 || c.src0Rep > 4095))
    fail("argument",
         "copy: dst_repeat_size and src_repeat_size must be in [0, 4095], "
         "but got " +
             std::to_string(c.dstRep) + " and " + std::to_string(c.src0Rep),
         loc);
}

bool Core::resolveMask(const VecCall &c, VecInstr &in) {
  const VecOp op = c.op;
  if (c.maskForm == MaskForm::Count) {
    in.counter = true;
    in.count = c.mask[0];
    // set_mask_norm(); set_vector_mask(-1, -1) afterwards, as on the NPU.
    vecRegs_.counter = false;
    vecRegs_.maskHi = vecRegs_.maskLo = ~0ull;
  } else if (c.maskForm == MaskForm::None) {
    in.counter = false;
  } else {
    in.counter = vecRegs_.counter;
    uint64_t hi = 0, lo = 0;
    if (c.maskForm == MaskForm::Continuous) {
      const uint64_t n = c.mask[0];
      if (in.counter) {
        in.count = n;
        vecRegs_.maskHi = 0;
        vecRegs_.maskLo = n;
      } else {
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
      if (in.maskHi == 0 && in.maskLo == 0)
        return false;
    }
  }
  in.repeats = in.counter ? static_cast<uint32_t>(
                                (in.count + in.perRepeat - 1) / in.perRepeat)
                          : static_cast<uint32_t>(c.repeat);
  return in.repeats != 0 && !(in.counter && in.count == 0);
}

namespace {

/// Element sizes and block/repeat strides of the operands the op uses: the
/// call's strides, or one contiguous stream for a count form; the ops with a
/// fixed walk override theirs.
void setStrides(const VecCall &c, VecInstr &in) {
  const VecOp op = c.op;
  const bool countForm = c.maskForm == MaskForm::Count;
  const int64_t blk[kNumRoles] = {c.dstBlk, c.src0Blk, c.src1Blk, 1};
  const int64_t rep[kNumRoles] = {c.dstRep, c.src0Rep, c.src1Rep, 8};
  for (int k = 0; k < kNumRoles; ++k) {
    const Role role = static_cast<Role>(k);
    VecOperand &o = in.opnd[k];
    if (!vecUses(op, role))
      continue;
    o.used = true;
    o.es = operandElemSize(op, role, c.dstType, c.srcType);
    if (countForm) {
      o.blk = 1;
      o.rep = static_cast<int64_t>(in.perRepeat) * o.es / 32;
      if (op == VecOp::Brcb || op == VecOp::Gatherb)
        o.rep = 8;
    } else {
      o.blk = blk[k];
      o.rep = rep[k];
    }
  }
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
}

/// The element type an operand's bounds message counts in.
DType boundsType(const VecCall &c, Role role) {
  const VecOp op = c.op;
  if (role == Role::Dst)
    return c.dstType;
  if ((op == VecOp::Select || op == VecOp::SelectScalar ||
       op == VecOp::SelectCmpMaskScalar) &&
      role != Role::Src2)
    return c.dstType;
  if (role == Role::Src2 && (op == VecOp::Gather || op == VecOp::Gatherb))
    return DType::U32;
  if (role == Role::Src2 && (op == VecOp::ReduceSum ||
                             op == VecOp::ReduceMax || op == VecOp::ReduceMin))
    return c.dstType;
  return c.srcType;
}

} // namespace

bool Core::planVec(const VecCall &c, Loc loc, VecPlan &plan) {
  const VecOp op = c.op;
  const char *api = vecOpName(op);
  plan.api = api;
  plan.instr = newVecInstr();
  VecInstr &in = *plan.instr;
  if (usesCmpMask(op)) {
    if (!vecRegs_.cmpMask) // zero, as the register starts
      vecRegs_.cmpMask = std::make_shared<CmpMaskReg>();
    in.cmpMask = vecRegs_.cmpMask; // only its users share it (a refcount)
  }
  in.ubBytes = mem_.ubBytes();
  in.op = op;
  in.dt = c.dstType;
  in.st = c.srcType;
  in.mode = c.mode;
  in.form = c.maskForm;
  in.scalar = c.scalar;
  in.aux = c.aux;
  in.deqScale = vecRegs_.deqScale;
  if (op == VecOp::CastDeq)
    in.deq = vecRegs_.deq;
  in.loc = loc;
  in.perRepeat = elementsPerRepeat(op, c.dstType, c.srcType);
  if (!resolveMask(c, in))
    return false; // a NOP
  setStrides(c, in);

  // Place every operand in the UB: position, alignment, bounds of the hull
  // of its exact footprint (a stream's without the general walk).
  const bool stream = isStream(in);
  const Operand *ops[kNumRoles] = {&c.dst, &c.src0, &c.src1, &c.src2};
  for (int k = 0; k < kNumRoles; ++k) {
    const Role role = static_cast<Role>(k);
    VecOperand &o = in.opnd[k];
    plan.reads[k].clear();
    plan.writes[k].clear();
    if (!o.used)
      continue;
    const Operand &src = *ops[k];
    o.view = src.bytes;
    const char *rname = roleName(op, role);
    plan.roles[k] = rname;
    const Mem m = memOfPosition(src.pos);
    if (m != Mem::UB) {
      requireBuffer(src, api, rname, loc);
      fail("argument",
           std::string(api) + ": the " + rname + " is at position " +
               positionName(src.pos) + " (" + memName(m) +
               "); vector instructions work on the Unified Buffer (VECIN, "
               "VECOUT, VECCALC)",
           loc);
    }
    const uint32_t align = op == VecOp::SetCmpMask          ? 16
                           : relaxedAlignment(op, role) ? o.es
                                                        : 32;
    if (misaligned(src.addr, align))
      fail("alignment",
           std::string(api) + ": the " + rname + " UB address " +
               std::to_string(src.addr) + " is not " + std::to_string(align) +
               "-byte aligned",
           loc);
    if (stream) {
      if (uint64_t n = streamSpan(in, role, false))
        appendSpan(plan.reads[k], 0, n);
      if (uint64_t n = streamSpan(in, role, true))
        appendSpan(plan.writes[k], 0, n);
    } else {
      footprint(in, role, false, plan.reads[k]);
      footprint(in, role, true, plan.writes[k]);
    }
    const Span r = hull(plan.reads[k]), w = hull(plan.writes[k]);
    const bool reads = !plan.reads[k].empty(), writes = !plan.writes[k].empty();
    const uint64_t lo = !reads    ? (writes ? w.start : 0)
                        : !writes ? r.start
                                  : std::min(r.start, w.start);
    const uint64_t hi = std::max(r.end, w.end);
    Access a{api, rname, writes, boundsType(c, role), /*blockAligned=*/false};
    o.base = mem_.resolve(src, lo, hi - lo, a, loc) - lo;
  }
  if ((op == VecOp::ReduceSum || op == VecOp::ReduceMax ||
       op == VecOp::ReduceMin) &&
      c.maskForm != MaskForm::Count) {
    const uint64_t need = reduceTmpElements(in);
    const uint64_t have = c.src2.bytes / dtypeSize(c.dstType);
    if (have < need)
      fail("bounds",
           std::string(api) + ": the shared tmp buffer holds " +
               std::to_string(have) + " elements, but " +
               std::to_string(in.repeats) + " repeats need at least " +
               std::to_string(need),
           loc);
  }
  for (const VecOperand &o : in.opnd)
    if (o.used && o.base) { // UB byte 0, for addresses held in CMPMASK
      in.ub = o.base - mem_.ubOffset(o.base);
      break;
    }
  planResult(in, plan.writes[0], plan.writes[3], plan.reads);

  // Cost: the repeats of each level of the software reductions.
  std::vector<uint64_t> &levels = plan.levels;
  levels.assign(1, in.repeats);
  if (op == VecOp::ReduceSum || op == VecOp::ReduceMax ||
      op == VecOp::ReduceMin)
    for (uint64_t n = in.repeats; n > 1;) {
      n = (n + in.perRepeat - 1) / in.perRepeat;
      levels.push_back(n);
    }
  if (op == VecOp::BilinearInterpolation) // hRepeat * vRepeat repeats
    levels[0] = static_cast<uint64_t>(c.aux) * in.repeats;
  // UB bank groups of one repeat (hardware.md §2.3): the sources' blocks and
  // the destination's, at their block strides (a stride of 0 reads one
  // block).
  timing::BankOperand banks[2 * kNumRoles];
  size_t nb = 0;
  for (int k = 0; k < kNumRoles; ++k) {
    const VecOperand &o = in.opnd[k];
    if (!o.used || !o.base)
      continue;
    for (int w = 0; w < 2; ++w)
      if (!(w ? plan.writes[k] : plan.reads[k]).empty())
        banks[nb++] = {mem_.ubOffset(o.base), o.blk, w == 1};
  }
  plan.cost = timing::vectorOp(op, c.dstType, c.srcType, levels,
                               timing::bankConflictCycles(banks, nb));
  return true;
}

Instr &Core::issueVec(VecPlan &plan, uint64_t seq, Loc loc, bool keep,
                      bool initTracked) {
  const VecInstr &in = *plan.instr;
  const char *api = plan.api;
  // Data-dependent sources report their whole view as read; the init check
  // would flag bytes the instruction never reads.
  const bool dataDependent = in.op == VecOp::Gather ||
                             in.op == VecOp::Gatherb ||
                             in.op == VecOp::BilinearInterpolation;
  SpanUse uses[2 * kNumRoles];
  size_t n = 0;
  for (int pass = 0; pass < 2; ++pass) // reads first
    for (int k = 0; k < kNumRoles; ++k) {
      const Spans &spans = pass == 0 ? plan.reads[k] : plan.writes[k];
      if (spans.empty())
        continue;
      const char *role = plan.roles[k]; // roleName(in.op, role k)
      if ((pass == 0 && dataDependent && k == 1) || initTracked)
        role = nullptr; // no init tracking
      uses[n++] = {Mem::UB, mem_.ubOffset(in.opnd[k].base), &spans, pass == 1,
                   role};
    }
  return issueVecInstr(keep ? plan.instr : std::move(plan.instr), Pipe::V,
                       plan.cost, seq, api, loc, uses, n);
}

Instr &Core::issueVecInstr(std::shared_ptr<VecInstr> vi, Pipe pipe,
                           Cost cost, uint64_t seq, const char *api, Loc loc,
                           const SpanUse *uses, size_t count) {
  for (const SpanUse *u = uses; u != uses + count; ++u) {
    uint64_t total = 0, lo = ~0ull, hi = 0;
    for (const Span &s : *u->spans) {
      const uint64_t start = u->base + s.start, end = u->base + s.end;
      total += s.end - s.start;
      lo = std::min(lo, start);
      hi = std::max(hi, end);
      if (u->mem == Mem::UB && sys_.anyWatch)
        watchUb(pipe, start, end, u->write, api, loc);
      if (u->role)
        trackInit(u->mem, u->write, api, u->role, start, end - start, loc);
      if (autoSync_)
        noteAutoSync(pipe, u->mem, start, end, u->write);
    }
    if (u->mem == Mem::GM && (pipe == Pipe::MTE2 || pipe == Pipe::MTE3))
      countGm(lo, hi, total, u->write);
  }
  Instr &instr = issueInPlace(InstrKind::Work, pipe, seq, loc, api);
  instr.cost = cost;
  instr.work.kind = WorkKind::Vector;
  instr.work.type = vi->dt;
  instr.work.dst = vi->out;
  // Atomic stores are writes of their class: two of one class commute (no
  // race), anything else against them races (race/Race.h).
  const uint8_t atomic =
      vi->atomic == AtomicKind::None
          ? 0
          : atomicClass(static_cast<uint8_t>(vi->atomic), vi->atomicType);
  if (race_)
    for (const SpanUse *u = uses; u != uses + count; ++u)
      for (const Span &s : *u->spans)
        instr.fp.emplace_back(u->mem, u->base + s.start, u->base + s.end,
                              u->write, u->write ? atomic : uint8_t(0));
  // A dense elementwise instruction reads its sources when it lands,
  // straight into its destination, when races raise (Work::direct,
  // pipes/Engine.h): a write that could reach a source first is on another
  // pipe and unordered (raised), or on PIPE_V and held until this one
  // completes (Engine::vectorDependency).
  instr.work.direct = pipe == Pipe::V && race_ &&
                      race_->severity() == Severity::Error &&
                      elementwiseDirect(*vi);
  instr.work.vec = std::move(vi);
  return instr;
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
  else if (sm == Mem::GM && dm == Mem::L1 && !call.pad) {
    // DataCopy GM -> A1/B1/C1 with DataCopyParams (ascendc_api.md §5.1 row
    // 4, and rows 8-10 that behave as it): the AIC's MTE2, as the count form.
    requireAic("data_copy GM -> L1", loc);
    pipe = Pipe::MTE2;
  } else if (sm == Mem::L1 && dm == Mem::GM && !call.pad) {
    // DataCopy A1/B1 -> GM with DataCopyParams (ascendc_api.md §5.1 row 5):
    // the AIC's MTE3.
    requireL1ToGm(api, call.src, loc);
    pipe = Pipe::MTE3;
  } else {
    requireBuffer(call.dst, api, "destination", loc);
    requireBuffer(call.src, api, "source", loc);
    fail("argument",
         who + " from " + positionName(call.src.pos) + " (" + memName(sm) +
             ") to " + positionName(call.dst.pos) + " (" + memName(dm) +
             ") is not supported on a " +
             (role_.aic ? "cube core (AIC)" : "vector core (AIV)"),
         loc);
  }
  // DataCopyExtParams counts from 1 (ascendc_api.md §6.3, as its ODS
  // fieldRanges); with DataCopyParams 0 is a NOP.
  const uint32_t least = call.extParams ? 1 : 0;
  if (call.blockCount < least || call.blockCount > 4095)
    fail("argument",
         who + ": block_count must be in [" + std::to_string(least) +
             ", 4095], but got " + std::to_string(call.blockCount),
         loc);
  if (call.pad) {
    if (call.blockLen < least || call.blockLen > 2097151)
      fail("argument",
           who + ": block_len must be in [" + std::to_string(least) +
               ", 2097151] bytes, but got " + std::to_string(call.blockLen),
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

  std::shared_ptr<VecInstr> vi = newVecInstr();
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
    if ((m == Mem::UB || m == Mem::L1) && op.addr % 32 != 0)
      fail("alignment",
           who + ": the " + role + " " + memName(m) + " address " +
               std::to_string(op.addr) + " is not 32-byte aligned",
           loc);
    Span h = hull(spans[k]);
    // DataCopyPad needs only byte alignment on the GM side.
    Access a{api, role, k == 0, call.pad && m == Mem::GM ? DType::U8 : call.type,
             /*blockAligned=*/false, /*allowL1=*/m == Mem::L1};
    uint8_t *p = mem_.resolve(op, h.start, h.end - h.start, a, loc);
    o.base = p - h.start;
  }
  if (dm == Mem::GM) {
    in.atomic = vecRegs_.atomic;
    in.atomicType = vecRegs_.atomicType;
    if (in.atomic != AtomicKind::None && vm::isFloat(in.atomicType))
      orderFloatAtomics(loc);
  }
  planResult(in, spans[0], {});

  uint64_t bytes = 0;
  for (const Span &s : spans[1])
    bytes += s.end - s.start;
  Cost cost = pipe == Pipe::MTE2   ? timing::gmToLocal(bytes)
              : pipe == Pipe::MTE3 ? timing::localToGm(bytes)
                                   : timing::localCopy(bytes);
  // UB operands by offset, GM ones by host address.
  auto base = [&](Mem m, const VecOperand &o) {
    return m == Mem::GM ? reinterpret_cast<uintptr_t>(o.base)
                        : mem_.offsetOf(o.base, m);
  };
  const SpanUse uses[2] = {
      {sm, base(sm, in.opnd[1]), &spans[1], false, "source"},
      {dm, base(dm, in.opnd[0]), &spans[0], true, "destination"}};
  issueVecInstr(std::move(vi), pipe, cost, seq, api, loc, uses, 2);
}

} // namespace ascsim
