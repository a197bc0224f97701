//===- ascsim/vector_api.h - Vector API breadth -----------------*- C++ -*-===//
//
// The constants and the mask/repeat/count forms of the Ascend C vector
// instructions (ascendc_api.md §5.1-§5.13; their parameter structs, §4.1-
// §4.2, are generated: ascsim/gen/ParamStructs.h), the
// data-movement parameter forms (DataCopyParams, DataCopyPad) and the mask
// and atomic controls. Every function is a thin inline forwarder that fills
// one ascsim::VecCall / CopyCall and calls the library; the semantics
// (hardware.md §4) live in sim/lib/ops/Vector*.cpp.
//
// Deliberate widenings (they accept every call the NPU headers accept and let
// the simulator diagnose what the NPU would silently truncate): repeat counts
// are taken as int32_t (the NPU signature says uint8_t; a value above 255 is
// reported instead of wrapping).
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_VECTOR_API_H
#define ASCSIM_VECTOR_API_H

#include "ascsim/api.h"
#include "ascsim/tensor.h"
#include "ascsim/vector_abi.h"
// The parameter structs (ascendc_api.md §4.1, §4.2: BinaryRepeatParams,
// DataCopyParams, ...), generated from the dialect's parameter struct ops.
#include "ascsim/gen/ParamStructs.h"

namespace AscendC {

//===----------------------------------------------------------------------===//
// Enumerations (ascendc_api.md §3)
//===----------------------------------------------------------------------===//

// RoundMode, CMPMODE, SELMODE, ReduceOrder and MaskMode: ascsim/gen/Enums.h
// (generated from the dialect's enums, through ascsim/enums.h).

constexpr uint64_t MASK_PLACEHOLDER = 0;
/// Non-const, like the NPU's: it is passed to `uint64_t mask[]` parameters.
inline uint64_t MASK_PLACEHOLDER_LIST[2] = {0, 0};
constexpr uint16_t DEFAULT_DATA_COPY_NBURST = 1;
constexpr uint16_t DEFAULT_DATA_COPY_STRIDE = 0;
constexpr uint32_t BRCB_BROADCAST_NUMBER = 8;

} // namespace AscendC

//===----------------------------------------------------------------------===//
// Call builders (simulator internal)
//===----------------------------------------------------------------------===//

namespace ascsim {
namespace vec {

template <class T> inline uint64_t bits(const T &v) {
  uint64_t b = 0;
  __builtin_memcpy(&b, &v, sizeof(T));
  return b;
}

inline Operand none() { return Operand{0, 0, 0xFF}; }

template <class D, class S> inline VecCall make(VecOp op) {
  VecCall c{};
  c.op = op;
  c.dstType = dtypeOf<D>();
  c.srcType = dtypeOf<S>();
  c.maskForm = MaskForm::None;
  c.dst = c.src0 = c.src1 = c.src2 = none();
  c.repeat = 1;
  c.dstBlk = c.src0Blk = c.src1Blk = 1;
  c.dstRep = c.src0Rep = c.src1Rep = 8;
  return c;
}

inline void count(VecCall &c, int64_t n) {
  c.maskForm = MaskForm::Count;
  c.mask[0] = static_cast<uint64_t>(n);
}
inline void mask(VecCall &c, uint64_t m, bool isSetMask) {
  c.maskForm = isSetMask ? MaskForm::Continuous : MaskForm::Register;
  c.mask[0] = m;
}
/// `wide` = the instruction's largest element is 16-bit or smaller: only
/// then is the high word part of the mask (32-bit types use mask[0] only).
inline void mask(VecCall &c, const uint64_t *m, bool isSetMask, bool wide) {
  c.maskForm = isSetMask ? MaskForm::Bits : MaskForm::Register;
  if (isSetMask) {
    c.mask[0] = m[0];
    c.mask[1] = wide ? m[1] : 0;
  }
}
inline void binary(VecCall &c, const AscendC::BinaryRepeatParams &p) {
  c.dstBlk = p.dstBlkStride;
  c.src0Blk = p.src0BlkStride;
  c.src1Blk = p.src1BlkStride;
  c.dstRep = p.dstRepStride;
  c.src0Rep = p.src0RepStride;
  c.src1Rep = p.src1RepStride;
}
inline void unary(VecCall &c, const AscendC::UnaryRepeatParams &p) {
  c.dstBlk = p.dstBlkStride;
  c.src0Blk = p.srcBlkStride;
  c.dstRep = p.dstRepStride;
  c.src0Rep = p.srcRepStride;
}
template <class A, class B> constexpr bool wide() {
  return sizeof(A) <= 2 && sizeof(B) <= 2;
}

} // namespace vec
} // namespace ascsim

namespace AscendC {

#define ASCSIM_LOC ::ascsim::Loc loc = ::ascsim::here()
#define ASCSIM_T(T) ::ascsim::dtypeOf<T>()

//===----------------------------------------------------------------------===//
// Vector binary, tensor (+) tensor (§5.2)
//===----------------------------------------------------------------------===//

#define ASCSIM_VBIN_MASKED(NAME, OP)                                           \
  template <typename T, bool isSetMask = true>                                 \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src0,      \
                   const LocalTensor<T> &src1, uint64_t mask[],                \
                   const int32_t repeatTime,                                   \
                   const BinaryRepeatParams &repeatParams, ASCSIM_LOC) {       \
    ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::OP);      \
    c.dst = dst.operand();                                                     \
    c.src0 = src0.operand();                                                   \
    c.src1 = src1.operand();                                                   \
    ::ascsim::vec::mask(c, mask, isSetMask, sizeof(T) <= 2);                   \
    c.repeat = repeatTime;                                                     \
    ::ascsim::vec::binary(c, repeatParams);                                    \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }                                                                            \
  template <typename T, bool isSetMask = true>                                 \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src0,      \
                   const LocalTensor<T> &src1, uint64_t mask,                  \
                   const int32_t repeatTime,                                   \
                   const BinaryRepeatParams &repeatParams, ASCSIM_LOC) {       \
    ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::OP);      \
    c.dst = dst.operand();                                                     \
    c.src0 = src0.operand();                                                   \
    c.src1 = src1.operand();                                                   \
    ::ascsim::vec::mask(c, mask, isSetMask);                                   \
    c.repeat = repeatTime;                                                     \
    ::ascsim::vec::binary(c, repeatParams);                                    \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }
#define ASCSIM_VBIN_COUNT(NAME, OP)                                            \
  template <typename T>                                                        \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src0,      \
                   const LocalTensor<T> &src1, const int32_t &count,           \
                   ASCSIM_LOC) {                                               \
    ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::OP);      \
    c.dst = dst.operand();                                                     \
    c.src0 = src0.operand();                                                   \
    c.src1 = src1.operand();                                                   \
    ::ascsim::vec::count(c, count);                                            \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }

// The Binary-family ops are instantiated from the generated table below.

/// dst = src0 * src1 + dst; (dst, src) in {(half, half), (float, float),
/// (float, half)}.
template <typename T, typename U, bool isSetMask = true>
inline void MulAddDst(const LocalTensor<T> &dst, const LocalTensor<U> &src0,
                      const LocalTensor<U> &src1, uint64_t mask[],
                      const int32_t repeatTime,
                      const BinaryRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, U>(::ascsim::VecOp::MulAddDst);
  c.dst = dst.operand();
  c.src0 = src0.operand();
  c.src1 = src1.operand();
  ::ascsim::vec::mask(c, mask, isSetMask, ::ascsim::vec::wide<T, U>());
  c.repeat = repeatTime;
  ::ascsim::vec::binary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T, typename U, bool isSetMask = true>
inline void MulAddDst(const LocalTensor<T> &dst, const LocalTensor<U> &src0,
                      const LocalTensor<U> &src1, uint64_t mask,
                      const int32_t repeatTime,
                      const BinaryRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, U>(::ascsim::VecOp::MulAddDst);
  c.dst = dst.operand();
  c.src0 = src0.operand();
  c.src1 = src1.operand();
  ::ascsim::vec::mask(c, mask, isSetMask);
  c.repeat = repeatTime;
  ::ascsim::vec::binary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T, typename U>
inline void MulAddDst(const LocalTensor<T> &dst, const LocalTensor<U> &src0,
                      const LocalTensor<U> &src1, const int32_t &count,
                      ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, U>(::ascsim::VecOp::MulAddDst);
  c.dst = dst.operand();
  c.src0 = src0.operand();
  c.src1 = src1.operand();
  ::ascsim::vec::count(c, count);
  ::ascsim::abi::vecOp(c, loc);
}

//===----------------------------------------------------------------------===//
// Vector (+) scalar (§5.3)
//===----------------------------------------------------------------------===//

#define ASCSIM_VSCALAR(NAME, OP)                                               \
  template <typename T, bool isSetMask = true>                                 \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src,       \
                   const T &scalarValue, uint64_t mask[],                      \
                   const int32_t repeatTime,                                   \
                   const UnaryRepeatParams &repeatParams, ASCSIM_LOC) {        \
    ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::OP);      \
    c.dst = dst.operand();                                                     \
    c.src0 = src.operand();                                                    \
    c.scalar = ::ascsim::vec::bits(scalarValue);                               \
    ::ascsim::vec::mask(c, mask, isSetMask, sizeof(T) <= 2);                   \
    c.repeat = repeatTime;                                                     \
    ::ascsim::vec::unary(c, repeatParams);                                     \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }                                                                            \
  template <typename T, bool isSetMask = true>                                 \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src,       \
                   const T &scalarValue, uint64_t mask,                        \
                   const int32_t repeatTime,                                   \
                   const UnaryRepeatParams &repeatParams, ASCSIM_LOC) {        \
    ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::OP);      \
    c.dst = dst.operand();                                                     \
    c.src0 = src.operand();                                                    \
    c.scalar = ::ascsim::vec::bits(scalarValue);                               \
    ::ascsim::vec::mask(c, mask, isSetMask);                                   \
    c.repeat = repeatTime;                                                     \
    ::ascsim::vec::unary(c, repeatParams);                                     \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }                                                                            \
  template <typename T, bool isSetMask = true>                                 \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src,       \
                   const T &scalarValue, const int32_t &count, ASCSIM_LOC) {   \
    ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::OP);      \
    c.dst = dst.operand();                                                     \
    c.src0 = src.operand();                                                    \
    c.scalar = ::ascsim::vec::bits(scalarValue);                               \
    ::ascsim::vec::count(c, count);                                            \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }
// The Scalar-family ops are instantiated from the generated table below.

/// Arithmetic for signed, logical for unsigned types; roundEn adds the last
/// bit shifted out (round half up).
template <typename T, bool isSetMask = true>
inline void ShiftRight(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                       const T &scalarValue, uint64_t mask[],
                       const int32_t repeatTime,
                       const UnaryRepeatParams &repeatParams,
                       bool roundEn = false, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::ShiftRight);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.scalar = ::ascsim::vec::bits(scalarValue);
  c.mode = roundEn ? 1 : 0;
  ::ascsim::vec::mask(c, mask, isSetMask, sizeof(T) <= 2);
  c.repeat = repeatTime;
  ::ascsim::vec::unary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T, bool isSetMask = true>
inline void ShiftRight(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                       const T &scalarValue, uint64_t mask,
                       const int32_t repeatTime,
                       const UnaryRepeatParams &repeatParams,
                       bool roundEn = false, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::ShiftRight);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.scalar = ::ascsim::vec::bits(scalarValue);
  c.mode = roundEn ? 1 : 0;
  ::ascsim::vec::mask(c, mask, isSetMask);
  c.repeat = repeatTime;
  ::ascsim::vec::unary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T, bool isSetMask = true>
inline void ShiftRight(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                       const T &scalarValue, const int32_t &count, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::ShiftRight);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.scalar = ::ascsim::vec::bits(scalarValue);
  ::ascsim::vec::count(c, count);
  ::ascsim::abi::vecOp(c, loc);
}

/// dst = src * scalar + dst; (src, scalar, dst) in {(half, half, half),
/// (float, float, float), (half, half, float)}.
template <typename T, typename U, bool isSetMask = true>
inline void Axpy(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                 const U &scalarValue, uint64_t mask[],
                 const int32_t repeatTime,
                 const UnaryRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, U>(::ascsim::VecOp::Axpy);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.scalar = ::ascsim::vec::bits(scalarValue);
  ::ascsim::vec::mask(c, mask, isSetMask, ::ascsim::vec::wide<T, U>());
  c.repeat = repeatTime;
  ::ascsim::vec::unary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T, typename U, bool isSetMask = true>
inline void Axpy(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                 const U &scalarValue, uint64_t mask, const int32_t repeatTime,
                 const UnaryRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, U>(::ascsim::VecOp::Axpy);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.scalar = ::ascsim::vec::bits(scalarValue);
  ::ascsim::vec::mask(c, mask, isSetMask);
  c.repeat = repeatTime;
  ::ascsim::vec::unary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T, typename U>
inline void Axpy(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                 const U &scalarValue, const int32_t &count, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, U>(::ascsim::VecOp::Axpy);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.scalar = ::ascsim::vec::bits(scalarValue);
  ::ascsim::vec::count(c, count);
  ::ascsim::abi::vecOp(c, loc);
}

//===----------------------------------------------------------------------===//
// Vector unary (§5.4)
//===----------------------------------------------------------------------===//

#define ASCSIM_VUNARY(NAME, OP)                                                \
  template <typename T, bool isSetMask = true>                                 \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src,       \
                   uint64_t mask[], const int32_t repeatTime,                  \
                   const UnaryRepeatParams &repeatParams, ASCSIM_LOC) {        \
    ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::OP);      \
    c.dst = dst.operand();                                                     \
    c.src0 = src.operand();                                                    \
    ::ascsim::vec::mask(c, mask, isSetMask, sizeof(T) <= 2);                   \
    c.repeat = repeatTime;                                                     \
    ::ascsim::vec::unary(c, repeatParams);                                     \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }                                                                            \
  template <typename T, bool isSetMask = true>                                 \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src,       \
                   uint64_t mask, const int32_t repeatTime,                    \
                   const UnaryRepeatParams &repeatParams, ASCSIM_LOC) {        \
    ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::OP);      \
    c.dst = dst.operand();                                                     \
    c.src0 = src.operand();                                                    \
    ::ascsim::vec::mask(c, mask, isSetMask);                                   \
    c.repeat = repeatTime;                                                     \
    ::ascsim::vec::unary(c, repeatParams);                                     \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }                                                                            \
  template <typename T>                                                        \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src,       \
                   const int32_t &count, ASCSIM_LOC) {                         \
    ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::OP);      \
    c.dst = dst.operand();                                                     \
    c.src0 = src.operand();                                                    \
    ::ascsim::vec::count(c, count);                                            \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }

// The Ascend C functions of every op of the families above, from the
// simulator's op table (generated from the dialect's ODS, whose `cxxForms`
// names the family): a new op of a family needs no line here.
#define ASCSIM_FORMS_Binary(NAME)                                              \
  ASCSIM_VBIN_MASKED(NAME, NAME) ASCSIM_VBIN_COUNT(NAME, NAME)
#define ASCSIM_FORMS_Scalar(NAME) ASCSIM_VSCALAR(NAME, NAME)
#define ASCSIM_FORMS_Unary(NAME) ASCSIM_VUNARY(NAME, NAME)
#define ASCSIM_FORMS_Custom(NAME)
#define ASCSIM_VEC_OP(NAME, PY, FAMILY, ...) ASCSIM_FORMS_##FAMILY(NAME)
#include "ascsim/gen/VecOps.def"
#undef ASCSIM_FORMS_Binary
#undef ASCSIM_FORMS_Scalar
#undef ASCSIM_FORMS_Unary
#undef ASCSIM_FORMS_Custom
#undef ASCSIM_VBIN_MASKED
#undef ASCSIM_VBIN_COUNT
#undef ASCSIM_VSCALAR
#undef ASCSIM_VUNARY

/// UB -> UB vector copy with block strides (CopyRepeatParams).
template <typename T, bool isSetMask = true>
inline void Copy(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                 const uint64_t mask[], const int32_t repeatTime,
                 const CopyRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::Copy);
  c.dst = dst.operand();
  c.src0 = src.operand();
  ::ascsim::vec::mask(c, mask, isSetMask, sizeof(T) <= 2);
  c.repeat = repeatTime;
  c.dstBlk = repeatParams.dstStride;
  c.src0Blk = repeatParams.srcStride;
  c.dstRep = repeatParams.dstRepeatSize;
  c.src0Rep = repeatParams.srcRepeatSize;
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T, bool isSetMask = true>
inline void Copy(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                 const uint64_t mask, const int32_t repeatTime,
                 const CopyRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::Copy);
  c.dst = dst.operand();
  c.src0 = src.operand();
  ::ascsim::vec::mask(c, mask, isSetMask);
  c.repeat = repeatTime;
  c.dstBlk = repeatParams.dstStride;
  c.src0Blk = repeatParams.srcStride;
  c.dstRep = repeatParams.dstRepeatSize;
  c.src0Rep = repeatParams.srcRepeatSize;
  ::ascsim::abi::vecOp(c, loc);
}

//===----------------------------------------------------------------------===//
// Conversion (§5.5): T = dst type, U = src type
//===----------------------------------------------------------------------===//

template <typename T, typename U, bool isSetMask = true>
inline void Cast(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                 const RoundMode &roundMode, const uint64_t mask[],
                 const int32_t repeatTime,
                 const UnaryRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, U>(::ascsim::VecOp::Cast);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.mode = static_cast<uint8_t>(roundMode);
  ::ascsim::vec::mask(c, mask, isSetMask, ::ascsim::vec::wide<T, U>());
  c.repeat = repeatTime;
  ::ascsim::vec::unary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T, typename U, bool isSetMask = true>
inline void Cast(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                 const RoundMode &roundMode, const uint64_t mask,
                 const int32_t repeatTime,
                 const UnaryRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, U>(::ascsim::VecOp::Cast);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.mode = static_cast<uint8_t>(roundMode);
  ::ascsim::vec::mask(c, mask, isSetMask);
  c.repeat = repeatTime;
  ::ascsim::vec::unary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T, typename U>
inline void Cast(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                 const RoundMode &roundMode, const uint32_t count, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, U>(::ascsim::VecOp::Cast);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.mode = static_cast<uint8_t>(roundMode);
  ::ascsim::vec::count(c, count);
  ::ascsim::abi::vecOp(c, loc);
}

/// The DEQSCALE register used by int32 -> half casts.
inline void SetDeqScale(half scale, ASCSIM_LOC) {
  ::ascsim::abi::vecControl(::ascsim::VecCtl::SetDeqScale, ::ascsim::DType::F16,
                            scale.bits(), 0, loc);
}

//===----------------------------------------------------------------------===//
// Compare / select (§5.6): Compare<T = src, U = dst>
//===----------------------------------------------------------------------===//

template <typename T, typename U, bool isSetMask = true>
inline void Compare(const LocalTensor<U> &dst, const LocalTensor<T> &src0,
                    const LocalTensor<T> &src1, CMPMODE cmpMode,
                    const uint64_t mask[], const int32_t repeatTime,
                    const BinaryRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<U, T>(::ascsim::VecOp::Compare);
  c.dst = dst.operand();
  c.src0 = src0.operand();
  c.src1 = src1.operand();
  c.mode = static_cast<uint8_t>(cmpMode);
  ::ascsim::vec::mask(c, mask, isSetMask, sizeof(T) <= 2);
  c.repeat = repeatTime;
  ::ascsim::vec::binary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T, typename U, bool isSetMask = true>
inline void Compare(const LocalTensor<U> &dst, const LocalTensor<T> &src0,
                    const LocalTensor<T> &src1, CMPMODE cmpMode,
                    const uint64_t mask, const int32_t repeatTime,
                    const BinaryRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<U, T>(::ascsim::VecOp::Compare);
  c.dst = dst.operand();
  c.src0 = src0.operand();
  c.src1 = src1.operand();
  c.mode = static_cast<uint8_t>(cmpMode);
  ::ascsim::vec::mask(c, mask, isSetMask);
  c.repeat = repeatTime;
  ::ascsim::vec::binary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T, typename U>
inline void Compare(const LocalTensor<U> &dst, const LocalTensor<T> &src0,
                    const LocalTensor<T> &src1, CMPMODE cmpMode, uint32_t count,
                    ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<U, T>(::ascsim::VecOp::Compare);
  c.dst = dst.operand();
  c.src0 = src0.operand();
  c.src1 = src1.operand();
  c.mode = static_cast<uint8_t>(cmpMode);
  ::ascsim::vec::count(c, count);
  ::ascsim::abi::vecOp(c, loc);
}

template <typename T, typename U, bool isSetMask = true>
inline void CompareScalar(const LocalTensor<U> &dst, const LocalTensor<T> &src0,
                          const T src1Scalar, CMPMODE cmpMode,
                          const uint64_t mask[], const int32_t repeatTime,
                          const UnaryRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c =
      ::ascsim::vec::make<U, T>(::ascsim::VecOp::CompareScalar);
  c.dst = dst.operand();
  c.src0 = src0.operand();
  c.scalar = ::ascsim::vec::bits(src1Scalar);
  c.mode = static_cast<uint8_t>(cmpMode);
  ::ascsim::vec::mask(c, mask, isSetMask, sizeof(T) <= 2);
  c.repeat = repeatTime;
  ::ascsim::vec::unary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T, typename U, bool isSetMask = true>
inline void CompareScalar(const LocalTensor<U> &dst, const LocalTensor<T> &src0,
                          const T src1Scalar, CMPMODE cmpMode,
                          const uint64_t mask, const int32_t repeatTime,
                          const UnaryRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c =
      ::ascsim::vec::make<U, T>(::ascsim::VecOp::CompareScalar);
  c.dst = dst.operand();
  c.src0 = src0.operand();
  c.scalar = ::ascsim::vec::bits(src1Scalar);
  c.mode = static_cast<uint8_t>(cmpMode);
  ::ascsim::vec::mask(c, mask, isSetMask);
  c.repeat = repeatTime;
  ::ascsim::vec::unary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T, typename U>
inline void CompareScalar(const LocalTensor<U> &dst, const LocalTensor<T> &src0,
                          const T src1Scalar, CMPMODE cmpMode, uint32_t count,
                          ASCSIM_LOC) {
  ::ascsim::VecCall c =
      ::ascsim::vec::make<U, T>(::ascsim::VecOp::CompareScalar);
  c.dst = dst.operand();
  c.src0 = src0.operand();
  c.scalar = ::ascsim::vec::bits(src1Scalar);
  c.mode = static_cast<uint8_t>(cmpMode);
  ::ascsim::vec::count(c, count);
  ::ascsim::abi::vecOp(c, loc);
}

// Select: bit 1 -> src0, bit 0 -> src1 (U = mask element type).
#define ASCSIM_SELECT(SRC1_T, SRC1_SET, OP)                                    \
  template <typename T, typename U, bool isSetMask = true>                     \
  inline void Select(const LocalTensor<T> &dst, const LocalTensor<U> &selMask, \
                     const LocalTensor<T> &src0, SRC1_T src1, SELMODE selMode, \
                     uint64_t mask[], const int32_t repeatTime,                \
                     const BinaryRepeatParams &repeatParams, ASCSIM_LOC) {     \
    ::ascsim::VecCall c = ::ascsim::vec::make<T, U>(::ascsim::VecOp::OP);      \
    c.dst = dst.operand();                                                     \
    c.src0 = src0.operand();                                                   \
    c.src2 = selMask.operand();                                                \
    SRC1_SET;                                                                  \
    c.mode = static_cast<uint8_t>(selMode);                                    \
    ::ascsim::vec::mask(c, mask, isSetMask, sizeof(T) <= 2);                   \
    c.repeat = repeatTime;                                                     \
    ::ascsim::vec::binary(c, repeatParams);                                    \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }                                                                            \
  template <typename T, typename U, bool isSetMask = true>                     \
  inline void Select(const LocalTensor<T> &dst, const LocalTensor<U> &selMask, \
                     const LocalTensor<T> &src0, SRC1_T src1, SELMODE selMode, \
                     uint64_t mask, const int32_t repeatTime,                  \
                     const BinaryRepeatParams &repeatParams, ASCSIM_LOC) {     \
    ::ascsim::VecCall c = ::ascsim::vec::make<T, U>(::ascsim::VecOp::OP);      \
    c.dst = dst.operand();                                                     \
    c.src0 = src0.operand();                                                   \
    c.src2 = selMask.operand();                                                \
    SRC1_SET;                                                                  \
    c.mode = static_cast<uint8_t>(selMode);                                    \
    ::ascsim::vec::mask(c, mask, isSetMask);                                   \
    c.repeat = repeatTime;                                                     \
    ::ascsim::vec::binary(c, repeatParams);                                    \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }                                                                            \
  template <typename T, typename U>                                            \
  inline void Select(const LocalTensor<T> &dst, const LocalTensor<U> &selMask, \
                     const LocalTensor<T> &src0, SRC1_T src1, SELMODE selMode, \
                     uint32_t count, ASCSIM_LOC) {                             \
    ::ascsim::VecCall c = ::ascsim::vec::make<T, U>(::ascsim::VecOp::OP);      \
    c.dst = dst.operand();                                                     \
    c.src0 = src0.operand();                                                   \
    c.src2 = selMask.operand();                                                \
    SRC1_SET;                                                                  \
    c.mode = static_cast<uint8_t>(selMode);                                    \
    ::ascsim::vec::count(c, count);                                            \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }
ASCSIM_SELECT(const LocalTensor<T> &, c.src1 = src1.operand(), Select)
ASCSIM_SELECT(T, c.scalar = ::ascsim::vec::bits(src1), SelectScalar)
#undef ASCSIM_SELECT

// The 128-bit CMPMASK register: Compare into it (one repeat, the mask is
// reserved on A2/A3), Set/GetCmpMask, and the Select forms that read it
// (the vector mask is the one of SetVectorMask).
template <typename T, bool isSetMask = true>
inline void Compare(const LocalTensor<T> &src0, const LocalTensor<T> &src1,
                    CMPMODE cmpMode, const uint64_t mask[],
                    const BinaryRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c =
      ::ascsim::vec::make<T, T>(::ascsim::VecOp::CompareCmpMask);
  c.src0 = src0.operand();
  c.src1 = src1.operand();
  c.mode = static_cast<uint8_t>(cmpMode);
  ::ascsim::vec::mask(c, mask, isSetMask, sizeof(T) <= 2);
  ::ascsim::vec::binary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T, bool isSetMask = true>
inline void Compare(const LocalTensor<T> &src0, const LocalTensor<T> &src1,
                    CMPMODE cmpMode, const uint64_t mask,
                    const BinaryRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c =
      ::ascsim::vec::make<T, T>(::ascsim::VecOp::CompareCmpMask);
  c.src0 = src0.operand();
  c.src1 = src1.operand();
  c.mode = static_cast<uint8_t>(cmpMode);
  ::ascsim::vec::mask(c, mask, isSetMask);
  ::ascsim::vec::binary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
/// Reads CMPMASK into the first 16 bytes of dst (dst holds >= 128 bytes).
template <typename T>
inline void GetCmpMask(const LocalTensor<T> &dst, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::GetCmpMask);
  c.dst = dst.operand();
  ::ascsim::abi::vecOp(c, loc);
}
/// Loads CMPMASK from the first 16 bytes of src (16-byte aligned).
template <typename T>
inline void SetCmpMask(const LocalTensor<T> &src, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::SetCmpMask);
  c.src0 = src.operand();
  ::ascsim::abi::vecOp(c, loc);
}
/// Mode 1 without a scalar operand: the scalar is the low sizeof(T) bytes
/// of CMPMASK (SetCmpMask of a tensor holding it).
template <typename T, typename U>
inline void Select(const LocalTensor<T> &dst, const LocalTensor<U> &selMask,
                   const LocalTensor<T> &src0, const int32_t repeatTime,
                   const BinaryRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c =
      ::ascsim::vec::make<T, U>(::ascsim::VecOp::SelectCmpMaskScalar);
  c.dst = dst.operand();
  c.src0 = src0.operand();
  c.src2 = selMask.operand();
  c.mode = static_cast<uint8_t>(SELMODE::VSEL_TENSOR_SCALAR_MODE);
  c.maskForm = ::ascsim::MaskForm::Register;
  c.repeat = repeatTime;
  ::ascsim::vec::binary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
/// Mode 0: the selection bits are CMPMASK (SetCmpMask(selMask)); mode 2:
/// CMPMASK holds the selection mask's UB address.
template <typename T, SELMODE selMode>
inline void Select(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
                   const LocalTensor<T> &src1, const int32_t repeatTime,
                   const BinaryRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c =
      ::ascsim::vec::make<T, T>(::ascsim::VecOp::SelectCmpMask);
  c.dst = dst.operand();
  c.src0 = src0.operand();
  c.src1 = src1.operand();
  c.mode = static_cast<uint8_t>(selMode);
  c.maskForm = ::ascsim::MaskForm::Register;
  c.repeat = repeatTime;
  ::ascsim::vec::binary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}

//===----------------------------------------------------------------------===//
// Fill, broadcast, gather (§5.7, §5.8)
//===----------------------------------------------------------------------===//

template <typename T, bool isSetMask = true>
inline void Duplicate(const LocalTensor<T> &dst, const T &scalarValue,
                      uint64_t mask, const int32_t repeatTime,
                      const uint16_t dstBlockStride,
                      const uint8_t dstRepeatStride, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::Duplicate);
  c.dst = dst.operand();
  c.scalar = ::ascsim::vec::bits(scalarValue);
  ::ascsim::vec::mask(c, mask, isSetMask);
  c.repeat = repeatTime;
  c.dstBlk = dstBlockStride;
  c.dstRep = dstRepeatStride;
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T, bool isSetMask = true>
inline void Duplicate(const LocalTensor<T> &dst, const T &scalarValue,
                      uint64_t mask[], const int32_t repeatTime,
                      const uint16_t dstBlockStride,
                      const uint8_t dstRepeatStride, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::Duplicate);
  c.dst = dst.operand();
  c.scalar = ::ascsim::vec::bits(scalarValue);
  ::ascsim::vec::mask(c, mask, isSetMask, sizeof(T) <= 2);
  c.repeat = repeatTime;
  c.dstBlk = dstBlockStride;
  c.dstRep = dstRepeatStride;
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T>
inline void Duplicate(const LocalTensor<T> &dst, const T &scalarValue,
                      const int32_t &count, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::Duplicate);
  c.dst = dst.operand();
  c.scalar = ::ascsim::vec::bits(scalarValue);
  ::ascsim::vec::count(c, count);
  ::ascsim::abi::vecOp(c, loc);
}

/// Each repeat reads 8 consecutive elements of src0 and fills 8 data blocks
/// of dst, one element per block.
template <typename T>
inline void Brcb(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
                 const int32_t repeatTime, const BrcbRepeatParams &repeatParams,
                 ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::Brcb);
  c.dst = dst.operand();
  c.src0 = src0.operand();
  c.repeat = repeatTime;
  c.dstBlk = repeatParams.dstBlkStride;
  c.dstRep = repeatParams.dstRepStride;
  ::ascsim::abi::vecOp(c, loc);
}

/// dst[i] = *(src + srcBaseAddr + srcOffset[i]) (byte offsets).
template <typename T>
inline void Gather(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                   const LocalTensor<uint32_t> &srcOffset,
                   const uint32_t srcBaseAddr, const uint64_t mask,
                   const int32_t repeatTime, const uint16_t dstRepStride,
                   ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::Gather);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.src2 = srcOffset.operand();
  c.aux = srcBaseAddr;
  ::ascsim::vec::mask(c, mask, true);
  c.repeat = repeatTime;
  c.dstRep = dstRepStride;
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T>
inline void Gather(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                   const LocalTensor<uint32_t> &srcOffset,
                   const uint32_t srcBaseAddr, const uint64_t mask[],
                   const int32_t repeatTime, const uint16_t dstRepStride,
                   ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::Gather);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.src2 = srcOffset.operand();
  c.aux = srcBaseAddr;
  ::ascsim::vec::mask(c, mask, true, sizeof(T) <= 2);
  c.repeat = repeatTime;
  c.dstRep = dstRepStride;
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T>
inline void Gather(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                   const LocalTensor<uint32_t> &srcOffset,
                   const uint32_t srcBaseAddr, const uint32_t count,
                   ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::Gather);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.src2 = srcOffset.operand();
  c.aux = srcBaseAddr;
  ::ascsim::vec::count(c, count);
  ::ascsim::abi::vecOp(c, loc);
}

/// Block-granular gather: offset[i] = byte offset of the 32-B block i.
template <typename T>
inline void Gatherb(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
                    const LocalTensor<uint32_t> &offset,
                    const int32_t repeatTime,
                    const GatherRepeatParams &repeatParams, ASCSIM_LOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(::ascsim::VecOp::Gatherb);
  c.dst = dst.operand();
  c.src0 = src0.operand();
  c.src2 = offset.operand();
  c.repeat = repeatTime;
  c.dstBlk = repeatParams.dstBlkStride == 0 ? 1 : repeatParams.dstBlkStride;
  c.dstRep = repeatParams.dstRepStride;
  ::ascsim::abi::vecOp(c, loc);
}

//===----------------------------------------------------------------------===//
// Mask and mode control (§5.10)
//===----------------------------------------------------------------------===//

template <typename T, MaskMode mode = MaskMode::NORMAL>
inline void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow,
                          ASCSIM_LOC) {
  ::ascsim::abi::vecControl(::ascsim::VecCtl::SetMask, ASCSIM_T(T), maskHigh,
                            maskLow, loc);
}
template <typename T, MaskMode mode = MaskMode::NORMAL>
inline void SetVectorMask(int32_t len, ASCSIM_LOC) {
  ::ascsim::abi::vecControl(::ascsim::VecCtl::SetMaskLen, ASCSIM_T(T),
                            static_cast<uint64_t>(static_cast<int64_t>(len)),
                            mode == MaskMode::COUNTER ? 1 : 0, loc);
}
inline void ResetMask(ASCSIM_LOC) {
  ::ascsim::abi::vecControl(::ascsim::VecCtl::ResetMask, ::ascsim::DType::U8, 0,
                            0, loc);
}
inline void SetMaskCount(ASCSIM_LOC) {
  ::ascsim::abi::vecControl(::ascsim::VecCtl::SetMaskCount, ::ascsim::DType::U8,
                            0, 0, loc);
}
inline void SetMaskNorm(ASCSIM_LOC) {
  ::ascsim::abi::vecControl(::ascsim::VecCtl::SetMaskNorm, ::ascsim::DType::U8,
                            0, 0, loc);
}

//===----------------------------------------------------------------------===//
// Reductions (§5.11; dst type = src type)
//===----------------------------------------------------------------------===//

namespace detail {
template <typename T>
inline ::ascsim::VecCall reduceCall(::ascsim::VecOp op,
                                    const LocalTensor<T> &dst,
                                    const LocalTensor<T> &src) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, T>(op);
  c.dst = dst.operand();
  c.src0 = src.operand();
  return c;
}
} // namespace detail

#define ASCSIM_WHOLE_REDUCE(NAME, OP, ORDER_PARAM, ORDER_SET)                  \
  template <typename T, bool isSetMask = true>                                 \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src,       \
                   const uint64_t mask[], const int32_t repeatTime,            \
                   const int32_t dstRepStride, const int32_t srcBlkStride,     \
                   const int32_t srcRepStride ORDER_PARAM, ASCSIM_LOC) {       \
    ::ascsim::VecCall c =                                                      \
        detail::reduceCall<T>(::ascsim::VecOp::OP, dst, src);                  \
    ::ascsim::vec::mask(c, mask, isSetMask, sizeof(T) <= 2);                   \
    c.repeat = repeatTime;                                                     \
    c.dstRep = dstRepStride;                                                   \
    c.src0Blk = srcBlkStride;                                                  \
    c.src0Rep = srcRepStride;                                                  \
    ORDER_SET;                                                                 \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }                                                                            \
  template <typename T, bool isSetMask = true>                                 \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src,       \
                   const int32_t mask, const int32_t repeatTime,               \
                   const int32_t dstRepStride, const int32_t srcBlkStride,     \
                   const int32_t srcRepStride ORDER_PARAM, ASCSIM_LOC) {       \
    ::ascsim::VecCall c =                                                      \
        detail::reduceCall<T>(::ascsim::VecOp::OP, dst, src);                  \
    ::ascsim::vec::mask(c, static_cast<uint64_t>(static_cast<int64_t>(mask)),  \
                        isSetMask);                                            \
    c.repeat = repeatTime;                                                     \
    c.dstRep = dstRepStride;                                                   \
    c.src0Blk = srcBlkStride;                                                  \
    c.src0Rep = srcRepStride;                                                  \
    ORDER_SET;                                                                 \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }
#define ASCSIM_COMMA ,
ASCSIM_WHOLE_REDUCE(WholeReduceSum, WholeReduceSum, , (void)0)
ASCSIM_WHOLE_REDUCE(
    WholeReduceMax, WholeReduceMax,
    ASCSIM_COMMA ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX,
    c.mode = static_cast<uint8_t>(order))
ASCSIM_WHOLE_REDUCE(
    WholeReduceMin, WholeReduceMin,
    ASCSIM_COMMA ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX,
    c.mode = static_cast<uint8_t>(order))
#undef ASCSIM_WHOLE_REDUCE

// Note the repeat count before the mask.
#define ASCSIM_BLOCK_REDUCE(NAME, OP)                                          \
  template <typename T, bool isSetMask = true>                                 \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src,       \
                   const int32_t repeatTime, const uint64_t mask[],            \
                   const int32_t dstRepStride, const int32_t srcBlkStride,     \
                   const int32_t srcRepStride, ASCSIM_LOC) {                   \
    ::ascsim::VecCall c =                                                      \
        detail::reduceCall<T>(::ascsim::VecOp::OP, dst, src);                  \
    ::ascsim::vec::mask(c, mask, isSetMask, sizeof(T) <= 2);                   \
    c.repeat = repeatTime;                                                     \
    c.dstRep = dstRepStride;                                                   \
    c.src0Blk = srcBlkStride;                                                  \
    c.src0Rep = srcRepStride;                                                  \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }                                                                            \
  template <typename T, bool isSetMask = true>                                 \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src,       \
                   const int32_t repeatTime, const int32_t mask,               \
                   const int32_t dstRepStride, const int32_t srcBlkStride,     \
                   const int32_t srcRepStride, ASCSIM_LOC) {                   \
    ::ascsim::VecCall c =                                                      \
        detail::reduceCall<T>(::ascsim::VecOp::OP, dst, src);                  \
    ::ascsim::vec::mask(c, static_cast<uint64_t>(static_cast<int64_t>(mask)),  \
                        isSetMask);                                            \
    c.repeat = repeatTime;                                                     \
    c.dstRep = dstRepStride;                                                   \
    c.src0Blk = srcBlkStride;                                                  \
    c.src0Rep = srcRepStride;                                                  \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }
ASCSIM_BLOCK_REDUCE(BlockReduceSum, BlockReduceSum)
ASCSIM_BLOCK_REDUCE(BlockReduceMax, BlockReduceMax)
ASCSIM_BLOCK_REDUCE(BlockReduceMin, BlockReduceMin)
ASCSIM_BLOCK_REDUCE(PairReduceSum, PairReduceSum)
#undef ASCSIM_BLOCK_REDUCE

template <typename T, bool isSetMask = true>
inline void RepeatReduceSum(const LocalTensor<T> &dst,
                            const LocalTensor<T> &src, const int32_t repeatTime,
                            const int32_t mask, const int32_t dstBlkStride,
                            const int32_t srcBlkStride,
                            const int32_t dstRepStride,
                            const int32_t srcRepStride, ASCSIM_LOC) {
  ::ascsim::VecCall c =
      detail::reduceCall<T>(::ascsim::VecOp::RepeatReduceSum, dst, src);
  ::ascsim::vec::mask(c, static_cast<uint64_t>(static_cast<int64_t>(mask)),
                      isSetMask);
  c.repeat = repeatTime;
  c.dstBlk = dstBlkStride;
  c.src0Blk = srcBlkStride;
  c.dstRep = dstRepStride;
  c.src0Rep = srcRepStride;
  ::ascsim::abi::vecOp(c, loc);
}

// Whole-tensor reductions into dst[0] (ReduceMax/Min: dst[1] = index bits).
#define ASCSIM_REDUCE_ALL(NAME, OP, IDX_PARAM, IDX_SET)                        \
  template <typename T>                                                        \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src,       \
                   const LocalTensor<T> &sharedTmpBuffer,                      \
                   const uint64_t mask[], const int32_t repeatTime,            \
                   const int32_t srcRepStride IDX_PARAM, ASCSIM_LOC) {         \
    ::ascsim::VecCall c =                                                      \
        detail::reduceCall<T>(::ascsim::VecOp::OP, dst, src);                  \
    c.src2 = sharedTmpBuffer.operand();                                        \
    ::ascsim::vec::mask(c, mask, true, sizeof(T) <= 2);                        \
    c.repeat = repeatTime;                                                     \
    c.src0Rep = srcRepStride;                                                  \
    IDX_SET;                                                                   \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }                                                                            \
  template <typename T>                                                        \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src,       \
                   const LocalTensor<T> &sharedTmpBuffer, const int32_t mask,  \
                   const int32_t repeatTime,                                   \
                   const int32_t srcRepStride IDX_PARAM, ASCSIM_LOC) {         \
    ::ascsim::VecCall c =                                                      \
        detail::reduceCall<T>(::ascsim::VecOp::OP, dst, src);                  \
    c.src2 = sharedTmpBuffer.operand();                                        \
    ::ascsim::vec::mask(c, static_cast<uint64_t>(static_cast<int64_t>(mask)),  \
                        true);                                                 \
    c.repeat = repeatTime;                                                     \
    c.src0Rep = srcRepStride;                                                  \
    IDX_SET;                                                                   \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }
ASCSIM_REDUCE_ALL(ReduceMax, ReduceMax, ASCSIM_COMMA bool calIndex = 0,
                  c.mode = calIndex ? 1 : 0)
ASCSIM_REDUCE_ALL(ReduceMin, ReduceMin, ASCSIM_COMMA bool calIndex = 0,
                  c.mode = calIndex ? 1 : 0)
ASCSIM_REDUCE_ALL(ReduceSum, ReduceSum, , (void)0)
#undef ASCSIM_REDUCE_ALL

template <typename T, bool isSetMask = true>
inline void ReduceSum(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                      const LocalTensor<T> &sharedTmpBuffer,
                      const int32_t count, ASCSIM_LOC) {
  ::ascsim::VecCall c =
      detail::reduceCall<T>(::ascsim::VecOp::ReduceSum, dst, src);
  c.src2 = sharedTmpBuffer.operand();
  ::ascsim::vec::count(c, count);
  ::ascsim::abi::vecOp(c, loc);
}
#define ASCSIM_REDUCE_COUNT(NAME, OP)                                          \
  template <typename T>                                                        \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src,       \
                   const LocalTensor<T> &sharedTmpBuffer, const int32_t count, \
                   bool calIndex = 0, ASCSIM_LOC) {                            \
    ::ascsim::VecCall c =                                                      \
        detail::reduceCall<T>(::ascsim::VecOp::OP, dst, src);                  \
    c.src2 = sharedTmpBuffer.operand();                                        \
    ::ascsim::vec::count(c, count);                                            \
    c.mode = calIndex ? 1 : 0;                                                 \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }
ASCSIM_REDUCE_COUNT(ReduceMax, ReduceMax)
ASCSIM_REDUCE_COUNT(ReduceMin, ReduceMin)
#undef ASCSIM_REDUCE_COUNT
#undef ASCSIM_COMMA

//===----------------------------------------------------------------------===//
// Atomic store configuration (§5.13): later UB -> GM copies accumulate
//===----------------------------------------------------------------------===//

template <typename T> inline void SetAtomicAdd(ASCSIM_LOC) {
  ::ascsim::abi::vecControl(::ascsim::VecCtl::AtomicAdd, ASCSIM_T(T), 0, 0,
                            loc);
}
template <typename T> inline void SetAtomicMax(ASCSIM_LOC) {
  ::ascsim::abi::vecControl(::ascsim::VecCtl::AtomicMax, ASCSIM_T(T), 0, 0,
                            loc);
}
template <typename T> inline void SetAtomicMin(ASCSIM_LOC) {
  ::ascsim::abi::vecControl(::ascsim::VecCtl::AtomicMin, ASCSIM_T(T), 0, 0,
                            loc);
}
template <typename T> inline void SetAtomicType(ASCSIM_LOC) {
  ::ascsim::abi::vecControl(::ascsim::VecCtl::AtomicType, ASCSIM_T(T), 0, 0,
                            loc);
}
inline void SetAtomicNone(ASCSIM_LOC) {
  ::ascsim::abi::vecControl(::ascsim::VecCtl::AtomicNone, ::ascsim::DType::U8,
                            0, 0, loc);
}

//===----------------------------------------------------------------------===//
// Data movement with parameters (§5.1)
//===----------------------------------------------------------------------===//

namespace detail {
template <typename T>
inline void copyParams(const ::ascsim::Operand &dst,
                       const ::ascsim::Operand &src, const DataCopyParams &p,
                       ::ascsim::Loc loc) {
  ::ascsim::CopyCall c{};
  c.type = ASCSIM_T(T);
  c.dst = dst;
  c.src = src;
  c.blockCount = p.blockCount;
  c.blockLen = p.blockLen;
  c.srcStride = p.srcStride;
  c.dstStride = p.dstStride;
  ::ascsim::abi::dataCopyEx(c, loc);
}
template <typename T>
inline ::ascsim::CopyCall padCall(const ::ascsim::Operand &dst,
                                  const ::ascsim::Operand &src,
                                  uint32_t blockCount, uint32_t blockLen,
                                  uint32_t srcStride, uint32_t dstStride) {
  ::ascsim::CopyCall c{};
  c.type = ASCSIM_T(T);
  c.pad = true;
  c.dst = dst;
  c.src = src;
  c.blockCount = blockCount;
  c.blockLen = blockLen;
  c.srcStride = srcStride;
  c.dstStride = dstStride;
  return c;
}
} // namespace detail

/// GM -> local: blockCount blocks of blockLen 32-B blocks, gaps in blocks.
template <typename T>
inline void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
                     const DataCopyParams &repeatParams, ASCSIM_LOC) {
  detail::copyParams<T>(dst.operand(), src.operand(), repeatParams, loc);
}
template <typename T>
inline void DataCopy(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
                     const DataCopyParams &repeatParams, ASCSIM_LOC) {
  detail::copyParams<T>(dst.operand(), src.operand(), repeatParams, loc);
}
template <typename T>
inline void DataCopy(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                     const DataCopyParams &repeatParams, ASCSIM_LOC) {
  detail::copyParams<T>(dst.operand(), src.operand(), repeatParams, loc);
}

/// GM -> UB, byte granular; every block lands padded to 32 bytes.
template <typename T>
inline void DataCopyPad(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
                        const DataCopyExtParams &dataCopyParams,
                        const DataCopyPadExtParams<T> &padParams, ASCSIM_LOC) {
  ::ascsim::CopyCall c =
      detail::padCall<T>(dst.operand(), src.operand(),
                         dataCopyParams.blockCount, dataCopyParams.blockLen,
                         dataCopyParams.srcStride, dataCopyParams.dstStride);
  c.extParams = true;
  c.hasPadParams = true;
  c.isPad = padParams.isPad;
  c.leftPadding = padParams.leftPadding;
  c.rightPadding = padParams.rightPadding;
  c.padValue = ::ascsim::vec::bits(padParams.paddingValue);
  ::ascsim::abi::dataCopyEx(c, loc);
}
template <typename T>
inline void DataCopyPad(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
                        const DataCopyParams &dataCopyParams,
                        const DataCopyPadParams &padParams, ASCSIM_LOC) {
  ::ascsim::CopyCall c =
      detail::padCall<T>(dst.operand(), src.operand(),
                         dataCopyParams.blockCount, dataCopyParams.blockLen,
                         dataCopyParams.srcStride, dataCopyParams.dstStride);
  c.hasPadParams = true;
  c.isPad = padParams.isPad;
  c.leftPadding = padParams.leftPadding;
  c.rightPadding = padParams.rightPadding;
  c.padValue = padParams.paddingValue;
  ::ascsim::abi::dataCopyEx(c, loc);
}
/// UB -> GM, writing exactly blockLen bytes per block.
template <typename T>
inline void DataCopyPad(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
                        const DataCopyExtParams &dataCopyParams, ASCSIM_LOC) {
  ::ascsim::CopyCall c =
      detail::padCall<T>(dst.operand(), src.operand(),
                         dataCopyParams.blockCount, dataCopyParams.blockLen,
                         dataCopyParams.srcStride, dataCopyParams.dstStride);
  c.extParams = true;
  ::ascsim::abi::dataCopyEx(c, loc);
}
template <typename T>
inline void DataCopyPad(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
                        const DataCopyParams &dataCopyParams, ASCSIM_LOC) {
  ::ascsim::abi::dataCopyEx(
      detail::padCall<T>(dst.operand(), src.operand(),
                         dataCopyParams.blockCount, dataCopyParams.blockLen,
                         dataCopyParams.srcStride, dataCopyParams.dstStride),
      loc);
}

/// The value DataCopyPad writes into padding when isPad is false.
template <typename T, TPosition pos = TPosition::MAX>
inline void SetPadValue(T paddingValue, ASCSIM_LOC) {
  ::ascsim::abi::vecControl(::ascsim::VecCtl::SetPadValue, ASCSIM_T(T),
                            ::ascsim::vec::bits(paddingValue), 0, loc);
}

#undef ASCSIM_LOC
#undef ASCSIM_T

} // namespace AscendC

#endif // ASCSIM_VECTOR_API_H
