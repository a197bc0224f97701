//===- ops/VectorOps.h - Mask/repeat vector instructions --------*- C++ -*-===//
//
// The functional model of the vector API breadth (hardware.md §4): one
// VecInstr record per issued instruction holds the operands (element size,
// block/repeat strides), the resolved mask (normal-mode bits or counter-mode
// element count), the repeat count and the op's parameters. From it:
//
//   footprint(in, role, write)  the exact bytes the instruction reads or
//                               writes through one operand, as sorted,
//                               merged ranges relative to the operand's base
//                               (consumed by the race detector, the
//                               initialisation check, the bounds check and
//                               the commit of the result);
//   evaluate / commit           the result, computed into a staging buffer
//                               when the instruction starts and copied (or
//                               atomically accumulated) into exactly the
//                               written bytes when it completes.
//
// The element walk: repeat r, element e (0 <= e < elements per repeat) of an
// operand with element size `es` lies at byte
//   (r * rep + (e / (32 / es)) * blk) * 32 + (e % (32 / es)) * es
// where blk/rep are the operand's block/repeat strides in 32-B blocks; e is
// enabled by bit e of the 128-bit mask (normal mode) or by
// r * perRepeat + e < count (counter mode). Instructions whose operands differ
// in size (Cast, MulAddDst, Axpy) iterate on the larger element size.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPS_VECTOROPS_H
#define ASCSIM_OPS_VECTOROPS_H

#include "ascsim/vector_abi.h"
#include "ops/QuantOps.h"
#include "support/Isa.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ascsim {

/// A byte range [start, end) relative to an operand's base.
struct Span {
  uint64_t start = 0;
  uint64_t end = 0;
};
using Spans = std::vector<Span>;
/// Appends [start, end) to `s`, filled in place (a Span built on the stack
/// and copied in stalls on store forwarding when it is read back).
inline void appendSpan(Spans &s, uint64_t start, uint64_t end) {
  Span &x = s.emplace_back();
  x.start = start;
  x.end = end;
}

/// Operand roles of a VecInstr.
enum class Role : uint8_t { Dst = 0, Src0, Src1, Src2 };
constexpr int kNumRoles = 4;

/// One operand: element size, strides (32-B blocks) and, once resolved, the
/// host address of its first byte and the byte length of its tensor view.
struct VecOperand {
  bool used = false;
  uint32_t es = 0;
  int64_t blk = 1;
  int64_t rep = 8;
  uint8_t *base = nullptr;
  uint64_t view = 0;
  // Half-block layouts (CastDeq dst): elements per 32-B block (0: 32 / es)
  // and the byte offset of the first one inside its block.
  uint32_t epb = 0;
  uint32_t inOff = 0;
};

/// The store configuration of MTE3 copies to GM (SetAtomicAdd/Max/Min).
enum class AtomicKind : uint8_t { None = 0, Add, Max, Min };

/// Staging bytes [st, st + len) land at result address `out + dst`.
struct WriteSeg {
  uint64_t dst = 0;
  uint64_t st = 0;
  uint64_t len = 0;
};

/// The core's 128-bit CMPMASK register (Compare register form, SetCmpMask,
/// GetCmpMask, the Select forms without a mask operand). Shared by the core
/// and its in-flight instructions: PIPE_V starts them in program order, so
/// reading and writing it when an instruction starts is program order.
struct CmpMaskReg {
  uint64_t lo = 0, hi = 0;
};

/// One planned instruction (a vector op or a parameterised data copy).
struct VecInstr {
  // User-provided, so that value-initialisation (allocate_shared, once per
  // instruction) runs the member initialisers (every member has one) instead
  // of first zeroing the whole record.
  VecInstr() {}

  bool isCopy = false; // DataCopy(DataCopyParams) / DataCopyPad
  VecOp op = VecOp::Add;
  DType dt = DType::F32; // dst element type
  DType st = DType::F32; // src element type
  uint8_t mode = 0;
  MaskForm form = MaskForm::Count; // as called
  // Mask resolution: normal mode uses maskHi:maskLo per repeat, counter mode
  // the element count. repeats = iterations actually executed.
  bool counter = false;
  uint64_t count = 0;
  uint64_t maskLo = ~0ull, maskHi = ~0ull;
  uint32_t repeats = 0;
  uint32_t perRepeat = 0; // elements per repeat
  std::array<VecOperand, kNumRoles> opnd;
  uint64_t scalar = 0;
  uint32_t aux = 0;
  uint16_t deqScale = 0x3C00; // float16 1.0
  // CastDeq's DEQSCALE state (ops/QuantOps.h); absent = the default state.
  // Optional: its 16 groups would otherwise be zeroed for every instruction.
  std::optional<DeqState> deq;
  Loc loc{nullptr, 0};                 // the call site (data-dependent faults)
  std::shared_ptr<CmpMaskReg> cmpMask; // the core's CMPMASK (its users)
  uint8_t *ub = nullptr;               // UB byte 0 (CMPMASK addresses)
  uint64_t ubBytes = 0;

  // Data copies.
  CopyCall copy{};
  bool padDefined = true; // pad bytes have a defined value
  uint64_t padBits = 0;   // value written into pads / dummy (if defined)
  bool padFirst = false;  // dummy = the block's first element

  // The result: staging covers [out, out + stagingBytes) densely (dense) or
  // holds the written bytes packed; segs give the mapping (none: the whole
  // staging buffer is one run at out).
  uint8_t *out = nullptr;
  bool dense = true;
  uint64_t stagingBytes = 0;
  std::vector<WriteSeg> segs;
  AtomicKind atomic = AtomicKind::None;
  DType atomicType = DType::F32;
  /// Host byte hulls (written; read through source 0; read through the
  /// other operands, or unused) for the engine's automatic PIPE_V
  /// dependency barrier.
  std::array<std::pair<uintptr_t, uintptr_t>, 3> hulls{};

  VecOperand &operand(Role r) { return opnd[static_cast<int>(r)]; }
  const VecOperand &operand(Role r) const { return opnd[static_cast<int>(r)]; }
};

/// Per-core vector state set by the scalar unit: the 128-bit mask register
/// and the mask mode (SetVectorMask, SetMaskCount/Norm), the store
/// configuration of copies to GM (SetAtomic*), the DataCopyPad pad value
/// (SetPadValue) and DEQSCALE (SetDeqScale).
struct VecRegs {
  bool counter = false;
  uint64_t maskHi = ~0ull, maskLo = ~0ull;
  AtomicKind atomic = AtomicKind::None;
  DType atomicType = DType::F32;
  bool padSet = false;
  uint64_t padValue = 0;
  DType padType = DType::U8; // the SetPadValue<T> type (its width matters)
  uint16_t deqScale = 0x3C00;
  DeqState deq; // the other SetDeqScale forms (ops/QuantOps.h)
  /// Made by the first instruction that uses it (Core::planVec), zero:
  /// most cores use none, and it was an allocation per core.
  std::shared_ptr<CmpMaskReg> cmpMask;
};

//===----------------------------------------------------------------------===//
// Static facts
//===----------------------------------------------------------------------===//

// The op classification, inline: planning asks these per operand of every
// instruction (ops/VectorOps.cpp uses them for the footprint walk too).
namespace detail {

enum class Shape {
  Elementwise,
  Compare,
  WholeReduce,
  BlockReduce,
  PairReduce,
  ReduceAll,
  Brcb,
  Gather,
  Gatherb
};

inline Shape shapeOf(VecOp op) {
  switch (op) {
  case VecOp::Compare:
  case VecOp::CompareScalar:
  case VecOp::CompareCmpMask:
    return Shape::Compare;
  case VecOp::WholeReduceSum:
  case VecOp::WholeReduceMax:
  case VecOp::WholeReduceMin:
  case VecOp::RepeatReduceSum:
    return Shape::WholeReduce;
  case VecOp::BlockReduceSum:
  case VecOp::BlockReduceMax:
  case VecOp::BlockReduceMin:
    return Shape::BlockReduce;
  case VecOp::PairReduceSum:
    return Shape::PairReduce;
  case VecOp::ReduceSum:
  case VecOp::ReduceMax:
  case VecOp::ReduceMin:
    return Shape::ReduceAll;
  case VecOp::Brcb:
    return Shape::Brcb;
  case VecOp::Gather:
    return Shape::Gather;
  case VecOp::Gatherb:
    return Shape::Gatherb;
  default:
    return Shape::Elementwise;
  }
}

/// One row of the simulator's op table (ascsim/gen/VecOps.def, generated
/// from the dialect's ODS): the Python name, element types and flags.
struct VecOpFacts {
  const char *name;
  uint16_t srcTypes, dstTypes; // bit DType
  uint8_t flags;
};
inline constexpr uint8_t kSameType = 1, kReadsDst = 2, kTensorSrc1 = 4;
inline constexpr VecOpFacts kVecOps[] = {
#define ASCSIM_VEC_OP(NAME, PY, FAMILY, TIMING, SRC, DST, FLAGS)               \
  {PY, SRC, DST, FLAGS},
#include "ascsim/gen/VecOps.def"
};

/// The table row of `op`; null for the simulator's own kinds (Layout, Aipp).
inline const VecOpFacts *facts(VecOp op) {
  auto i = static_cast<size_t>(op);
  return i < std::size(kVecOps) ? &kVecOps[i] : nullptr;
}

inline bool hasFlag(VecOp op, uint8_t flag) {
  const VecOpFacts *f = facts(op);
  return f && (f->flags & flag);
}

/// The elementwise ops with two tensor sources (BilinearInterpolation's
/// second tensor is its weights, not an elementwise operand).
inline bool isBinaryTensor(VecOp op) {
  return hasFlag(op, kTensorSrc1) && op != VecOp::BilinearInterpolation;
}

} // namespace detail

/// User-facing (pyasc) name: "add", "whole_reduce_max", ...
const char *vecOpName(VecOp op);
/// Whether A2/A3 supports `op` on (dst, src) element types; when not,
/// `allowed` gets the supported list for the message.
bool vecSupports(VecOp op, DType dst, DType src, std::string &allowed);
/// Cast pairs and round modes of hardware.md §4.3: whether the pair exists,
/// and (if so) whether `mode` is allowed; `modes` lists the allowed ones.
bool castPairSupported(DType dst, DType src);
bool castModeAllowed(DType dst, DType src, uint8_t mode, std::string &modes);
/// Which operands the op reads / writes (dst, src0, src1, src2).
inline bool vecUses(VecOp op, Role role) {
  switch (role) {
  case Role::Dst:
    return op != VecOp::CompareCmpMask && op != VecOp::SetCmpMask;
  case Role::Src0:
    return op != VecOp::Duplicate && op != VecOp::GetCmpMask;
  case Role::Src1:
    return detail::isBinaryTensor(op) || op == VecOp::BilinearInterpolation;
  case Role::Src2:
    return op == VecOp::Select || op == VecOp::SelectScalar ||
           op == VecOp::BilinearInterpolation ||
           op == VecOp::SelectCmpMaskScalar || op == VecOp::Gather ||
           op == VecOp::Gatherb ||
           detail::shapeOf(op) == detail::Shape::ReduceAll;
  }
  return false;
}
inline bool vecReadsDst(VecOp op) {
  return detail::hasFlag(op, detail::kReadsDst);
}
/// The instructions that read or write the CMPMASK register (the Compare
/// register form, Set/GetCmpMask, every Select).
inline bool usesCmpMask(VecOp op) {
  switch (op) {
  case VecOp::CompareCmpMask:
  case VecOp::SetCmpMask:
  case VecOp::GetCmpMask:
  case VecOp::Select:
  case VecOp::SelectScalar:
  case VecOp::SelectCmpMask:
  case VecOp::SelectCmpMaskScalar:
    return true;
  default:
    return false;
  }
}
/// Role name for messages ("source 0", "selection mask", ...).
inline const char *roleName(VecOp op, Role role) {
  switch (role) {
  case Role::Dst:
    return "destination";
  case Role::Src0:
    return detail::isBinaryTensor(op) ? "source 0" : "source";
  case Role::Src1:
    return "source 1";
  case Role::Src2:
    if (op == VecOp::Select || op == VecOp::SelectScalar ||
        op == VecOp::SelectCmpMaskScalar)
      return "selection mask";
    if (op == VecOp::Gather || op == VecOp::Gatherb ||
        op == VecOp::BilinearInterpolation)
      return "offset tensor";
    return "shared tmp buffer";
  }
  return "operand";
}
/// Elements per repeat (iterating on the larger element size).
inline uint32_t elementsPerRepeat(VecOp op, DType dst, DType src) {
  switch (op) {
  case VecOp::Compare:
  case VecOp::CompareScalar:
  case VecOp::CompareCmpMask:
    return 256 / dtypeSize(src);
  case VecOp::Select:
  case VecOp::SelectScalar:
    return 256 / dtypeSize(dst);
  case VecOp::Cast:
  case VecOp::MulAddDst:
  case VecOp::Axpy:
  case VecOp::AddReluCast:
  case VecOp::SubReluCast:
  case VecOp::MulCast:
  case VecOp::AddDeqRelu:
  case VecOp::CastDeq:
    return 256 / std::max(dtypeSize(dst), dtypeSize(src));
  case VecOp::Brcb:
  case VecOp::Gatherb:
    return 8;
  default:
    return 256 / dtypeSize(dst);
  }
}
/// Element size of an operand (bit masks and offsets: the storage type).
inline uint32_t operandElemSize(VecOp op, Role role, DType dst, DType src) {
  switch (role) {
  case Role::Dst:
    return dtypeSize(dst);
  case Role::Src0:
  case Role::Src1:
    if (op == VecOp::Select || op == VecOp::SelectScalar ||
        op == VecOp::SelectCmpMaskScalar)
      return dtypeSize(dst);
    return dtypeSize(src);
  case Role::Src2:
    if (op == VecOp::Select || op == VecOp::SelectScalar ||
        op == VecOp::SelectCmpMaskScalar)
      return dtypeSize(src);
    if (op == VecOp::Gather || op == VecOp::Gatherb ||
        op == VecOp::BilinearInterpolation)
      return 4;
    return dtypeSize(dst);
  }
  return 1;
}
/// Whether the UB operand needs only sizeof(T) alignment (ReduceSum/Max/Min
/// dst) instead of 32 bytes.
inline bool relaxedAlignment(VecOp op, Role role) {
  return role == Role::Dst && detail::shapeOf(op) == detail::Shape::ReduceAll;
}
/// Minimum sharedTmpBuffer elements of the ReduceSum/Max/Min mask forms.
uint64_t reduceTmpElements(const VecInstr &in);

//===----------------------------------------------------------------------===//
// Footprints, evaluation, commit
//===----------------------------------------------------------------------===//

/// The bytes instruction `in` reads (write = false) or writes through
/// operand `role`, relative to the operand's base, sorted and merged. Needs
/// only the plan (no resolved addresses), except Gather/Gatherb sources,
/// which are data dependent: the whole tensor view is reported.
Spans footprint(const VecInstr &in, Role role, bool write);
/// The same into `out`, reusing its capacity (no allocation per call once
/// `out` has grown: the core plans every instruction into the same lists).
void footprint(const VecInstr &in, Role role, bool write, Spans &out);
/// Hull [lo, hi) of a span list (0, 0 when empty).
inline Span hull(const Spans &s) {
  return s.empty() ? Span{0, 0} : Span{s.front().start, s.back().end};
}
/// Whether `in` is a stream: a count form of an elementwise op whose every
/// operand is one contiguous run of its elements (the common case). Its
/// footprints are then at most one span [0, streamSpan) per operand.
bool isStream(const VecInstr &in);
/// The bytes a stream reads (write = false) or writes through `role` from
/// the operand's base (0: none).
inline uint64_t streamSpan(const VecInstr &in, Role role, bool write) {
  const VecOperand &o = in.operand(role);
  const bool touched =
      write ? role == Role::Dst : role != Role::Dst || vecReadsDst(in.op);
  if (!o.used || !touched)
    return 0;
  const uint64_t most = static_cast<uint64_t>(in.repeats) * in.perRepeat;
  return std::min(in.count, most) * o.es;
}

/// Fills in.segs / in.out / in.stagingBytes / in.hulls from the resolved
/// operands and the write footprints (dst, and the ReduceSum/Max/Min
/// scratch buffer). `reads`: the read footprints of the kNumRoles roles when
/// the caller has them (null: computed here).
void planResult(VecInstr &in, const Spans &dstWrites, const Spans &tmpWrites,
                const Spans *reads = nullptr);

/// Computes the result into `staging` (in.stagingBytes bytes) when the
/// instruction starts. May throw a Fault (data-dependent Gather offsets).
void evaluateVector(const VecInstr &in, uint8_t *staging, Loc loc);
/// Writes the staged result into memory when the instruction completes
/// (plain stores, or accumulation under SetAtomicAdd/Max/Min).
void commitVector(const VecInstr &in, const uint8_t *staging);

/// An atomic store of `len` bytes of `type` elements from `v` into `p` (the
/// read-modify-write of all cores is serialised); the Fixpipe's commit.
void commitAtomic(uint8_t *p, const uint8_t *v, uint64_t len, AtomicKind k,
                  DType type);

/// The CMPMASK instructions (CompareCmpMask, Set/GetCmpMask, SelectCmpMask*;
/// ops/VectorCmpMask.cpp): their result at start. May throw a Fault (a
/// selection-mask address from CMPMASK outside the UB).
void evaluateCmpMask(const VecInstr &in, uint8_t *staging, Loc loc);
/// Select with a mask operand loads CMPMASK itself (the NPU implementation
/// goes through SetCmpMask): mode 0 the first 128 selection bits, mode 1
/// the scalar, mode 2 the selection mask's UB address.
void selectLoadsCmpMask(const VecInstr &in);
/// Footprints of SetCmpMask (16 bytes read) / GetCmpMask (16 bytes
/// written); false for other ops.
bool cmpMaskFootprint(const VecInstr &in, Role role, bool write, Spans &out);

/// BilinearInterpolation (ops/BilinearEval.cpp): footprints (src0 is data
/// dependent: its whole view) and the result at start; may throw a Fault
/// (an offset that is unaligned or outside src0).
Spans bilinearFootprint(const VecInstr &in, Role role, bool write);
void evaluateBilinear(const VecInstr &in, uint8_t *staging, Loc loc);

/// Cast one value (bit pattern of `src`) to `dst` with a RoundMode value;
/// exposed for tests. `deqScale` is the float16 DEQSCALE (int32 -> half).
uint64_t castValue(uint64_t bits, DType dst, DType src, uint8_t mode,
                   uint16_t deqScale);

} // namespace ascsim

#endif // ASCSIM_OPS_VECTOROPS_H
