//===- ascsim/quant_api.h - Quantisation and fused casts --------*- C++ -*-===//
//
// AddReluCast, SubReluCast, MulCast, AddDeqRelu (ascendc_api.md §5.2), CastDeq
// and the (float, offset, signMode) and vector forms of SetDeqScale (§5.5),
// plus VdeqInfo (§4.4). Thin inline forwarders like ascsim/vector_api.h (which
// also holds SetDeqScale(half)); the semantics live in sim/lib/ops/
// QuantEval.cpp and are documented in sim/VECTOR.md ("Quantisation").
//
// Deliberate widening as in vector_api.h: repeat counts are int32_t.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_QUANT_API_H
#define ASCSIM_QUANT_API_H

#include "ascsim/vector_api.h"

namespace AscendC {

constexpr uint32_t VDEQ_TENSOR_SIZE = 16;

/// The 16 (scale, offset, signMode) groups of the vector DEQSCALE form.
struct VdeqInfo {
  VdeqInfo() {}
  VdeqInfo(const float vdeqScaleIn[VDEQ_TENSOR_SIZE],
           const int16_t vdeqOffsetIn[VDEQ_TENSOR_SIZE],
           const bool vdeqSignModeIn[VDEQ_TENSOR_SIZE]) {
    for (uint32_t i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
      vdeqScale[i] = vdeqScaleIn[i];
      vdeqOffset[i] = vdeqOffsetIn[i];
      vdeqSignMode[i] = vdeqSignModeIn[i];
    }
  }

  float vdeqScale[VDEQ_TENSOR_SIZE] = {0};
  int16_t vdeqOffset[VDEQ_TENSOR_SIZE] = {0};
  bool vdeqSignMode[VDEQ_TENSOR_SIZE] = {0};
};

} // namespace AscendC

namespace ascsim {
namespace vec {

/// One DEQSCALE group as passed through vecControl and stored in the vdeq
/// tensor: bits [0, 32) the float32 scale, [32, 48) the offset, bit 48
/// signMode (ops/QuantOps.h packDeqGroup).
inline uint64_t deqWord(float scale, int16_t offset, bool signMode) {
  uint32_t b = 0;
  __builtin_memcpy(&b, &scale, 4);
  return static_cast<uint64_t>(b) |
         (static_cast<uint64_t>(static_cast<uint16_t>(offset)) << 32) |
         (static_cast<uint64_t>(signMode ? 1 : 0) << 48);
}

template <class T, class U>
inline VecCall binaryCast(VecOp op, const AscendC::LocalTensor<T> &dst,
                          const AscendC::LocalTensor<U> &src0,
                          const AscendC::LocalTensor<U> &src1) {
  VecCall c = make<T, U>(op);
  c.dst = dst.operand();
  c.src0 = src0.operand();
  c.src1 = src1.operand();
  return c;
}

} // namespace vec
} // namespace ascsim

namespace AscendC {

#define ASCSIM_QLOC ::ascsim::Loc loc = ::ascsim::here()

//===----------------------------------------------------------------------===//
// Fused binary casts (§5.2): T = dst type, U = source type
//===----------------------------------------------------------------------===//

#define ASCSIM_QBIN(NAME, OP)                                                  \
  template <typename T, typename U, bool isSetMask = true>                     \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<U> &src0,      \
                   const LocalTensor<U> &src1, const uint64_t mask[],          \
                   const int32_t repeatTime,                                   \
                   const BinaryRepeatParams &repeatParams, ASCSIM_QLOC) {      \
    ::ascsim::VecCall c =                                                      \
        ::ascsim::vec::binaryCast(::ascsim::VecOp::OP, dst, src0, src1);       \
    ::ascsim::vec::mask(c, mask, isSetMask, ::ascsim::vec::wide<T, U>());      \
    c.repeat = repeatTime;                                                     \
    ::ascsim::vec::binary(c, repeatParams);                                    \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }                                                                            \
  template <typename T, typename U, bool isSetMask = true>                     \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<U> &src0,      \
                   const LocalTensor<U> &src1, const uint64_t mask,            \
                   const int32_t repeatTime,                                   \
                   const BinaryRepeatParams &repeatParams, ASCSIM_QLOC) {      \
    ::ascsim::VecCall c =                                                      \
        ::ascsim::vec::binaryCast(::ascsim::VecOp::OP, dst, src0, src1);       \
    ::ascsim::vec::mask(c, mask, isSetMask);                                   \
    c.repeat = repeatTime;                                                     \
    ::ascsim::vec::binary(c, repeatParams);                                    \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }                                                                            \
  template <typename T, typename U>                                            \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<U> &src0,      \
                   const LocalTensor<U> &src1, const uint32_t count,           \
                   ASCSIM_QLOC) {                                              \
    ::ascsim::VecCall c =                                                      \
        ::ascsim::vec::binaryCast(::ascsim::VecOp::OP, dst, src0, src1);       \
    ::ascsim::vec::count(c, count);                                            \
    ::ascsim::abi::vecOp(c, loc);                                              \
  }

/// relu(src0 + src1) converted to T: half -> int8, int16 -> int8,
/// float -> half.
ASCSIM_QBIN(AddReluCast, AddReluCast)
/// relu(src0 - src1) converted to T.
ASCSIM_QBIN(SubReluCast, SubReluCast)
/// src0 * src1 converted to T: half -> int8 / uint8.
ASCSIM_QBIN(MulCast, MulCast)
/// relu((src0 + src1) * DEQSCALE): int32 -> half (generic form).
ASCSIM_QBIN(AddDeqRelu, AddDeqRelu)
#undef ASCSIM_QBIN

/// relu((src0 + src1) * DEQSCALE), the DEQSCALE of SetDeqScale(half).
template <bool isSetMask = true>
inline void AddDeqRelu(const LocalTensor<half> &dst,
                       const LocalTensor<int32_t> &src0,
                       const LocalTensor<int32_t> &src1, const uint64_t mask[],
                       const int32_t repeatTime,
                       const BinaryRepeatParams &repeatParams, ASCSIM_QLOC) {
  AddDeqRelu<half, int32_t, isSetMask>(dst, src0, src1, mask, repeatTime,
                                       repeatParams, loc);
}
template <bool isSetMask = true>
inline void AddDeqRelu(const LocalTensor<half> &dst,
                       const LocalTensor<int32_t> &src0,
                       const LocalTensor<int32_t> &src1, const uint64_t mask,
                       const int32_t repeatTime,
                       const BinaryRepeatParams &repeatParams, ASCSIM_QLOC) {
  AddDeqRelu<half, int32_t, isSetMask>(dst, src0, src1, mask, repeatTime,
                                       repeatParams, loc);
}
inline void AddDeqRelu(const LocalTensor<half> &dst,
                       const LocalTensor<int32_t> &src0,
                       const LocalTensor<int32_t> &src1, const int32_t &count,
                       ASCSIM_QLOC) {
  AddDeqRelu<half, int32_t>(dst, src0, src1, static_cast<uint32_t>(count), loc);
}

//===----------------------------------------------------------------------===//
// CastDeq and SetDeqScale (§5.5)
//===----------------------------------------------------------------------===//

/// Dequantising conversion: int16 -> int8 / uint8 (x * scale, rounded, plus
/// offset, saturated as signMode says) or int32 -> half (x * scale). The
/// scale (offset, signMode) come from SetDeqScale: the scalar form, or
/// (isVecDeq) the 16 groups of the vector form, group = lane % 16. Results
/// fill one half of each 32-byte destination block (halfBlock: the upper).
template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true,
          bool halfBlock = true>
inline void CastDeq(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                    const uint64_t mask[], const int32_t repeatTime,
                    const UnaryRepeatParams &repeatParams, ASCSIM_QLOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, U>(::ascsim::VecOp::CastDeq);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.mode = (isVecDeq ? 1 : 0) | (halfBlock ? 2 : 0);
  ::ascsim::vec::mask(c, mask, isSetMask, ::ascsim::vec::wide<T, U>());
  c.repeat = repeatTime;
  ::ascsim::vec::unary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
/// The continuous mask of CastDeq is an int32_t (ascendc_api.md §5.5).
template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true,
          bool halfBlock = true>
inline void CastDeq(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                    const int32_t mask, const int32_t repeatTime,
                    const UnaryRepeatParams &repeatParams, ASCSIM_QLOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, U>(::ascsim::VecOp::CastDeq);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.mode = (isVecDeq ? 1 : 0) | (halfBlock ? 2 : 0);
  ::ascsim::vec::mask(c, static_cast<uint64_t>(static_cast<int64_t>(mask)),
                      isSetMask);
  c.repeat = repeatTime;
  ::ascsim::vec::unary(c, repeatParams);
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T, typename U, bool isVecDeq = true, bool halfBlock = true>
inline void CastDeq(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                    const uint32_t count, ASCSIM_QLOC) {
  ::ascsim::VecCall c = ::ascsim::vec::make<T, U>(::ascsim::VecOp::CastDeq);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.mode = (isVecDeq ? 1 : 0) | (halfBlock ? 2 : 0);
  ::ascsim::vec::count(c, count);
  ::ascsim::abi::vecOp(c, loc);
}

/// DEQSCALE for CastDeq with isVecDeq = false: the scale, a 9-bit signed
/// offset and signMode (true: int8 results, false: uint8).
inline void SetDeqScale(float scale, int16_t offset, bool signMode,
                        ASCSIM_QLOC) {
  ::ascsim::abi::vecControl(
      ::ascsim::VecCtl::SetDeqScaleEx, ::ascsim::DType::F32,
      ::ascsim::vec::deqWord(scale, offset, signMode), 0, loc);
}

/// The vector DEQSCALE (CastDeq with isVecDeq = true): the 16 groups are
/// stored into the first 128 bytes of `vdeq` (one uint64_t each, the
/// deqWord layout) and loaded into the DEQSCALE state.
template <typename T>
inline void SetDeqScale(const LocalTensor<T> &vdeq, const VdeqInfo &vdeqInfo,
                        ASCSIM_QLOC) {
  LocalTensor<uint64_t> words = vdeq.template ReinterpretCast<uint64_t>();
  for (uint32_t i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
    uint64_t w =
        ::ascsim::vec::deqWord(vdeqInfo.vdeqScale[i], vdeqInfo.vdeqOffset[i],
                               vdeqInfo.vdeqSignMode[i]);
    words.SetValue(i, w, loc);
    ::ascsim::abi::vecControl(::ascsim::VecCtl::SetVdeqGroup,
                              ::ascsim::DType::U64, i, w, loc);
  }
}

//===----------------------------------------------------------------------===//
// BilinearInterpolation (§5.2)
//===----------------------------------------------------------------------===//

namespace detail {
template <typename T>
inline ::ascsim::VecCall
bilinearCall(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
             const LocalTensor<uint32_t> &src0Offset,
             const LocalTensor<T> &src1, int32_t hRepeat, bool repeatMode,
             int32_t dstBlkStride, int32_t vROffset, int32_t vRepeat) {
  ::ascsim::VecCall c =
      ::ascsim::vec::make<T, T>(::ascsim::VecOp::BilinearInterpolation);
  c.dst = dst.operand();
  c.src0 = src0.operand();
  c.src1 = src1.operand();
  c.src2 = src0Offset.operand();
  c.repeat = vRepeat;
  c.aux = static_cast<uint32_t>(hRepeat);
  c.scalar = static_cast<uint64_t>(static_cast<int64_t>(vROffset));
  c.mode = repeatMode ? 1 : 0;
  c.dstBlk = dstBlkStride;
  return c;
}
} // namespace detail

/// Block-offset-driven bilinear interpolation (half): see
/// sim/lib/ops/BilinearEval.cpp. The simulator needs no scratch space, so
/// sharedTmpBuffer is neither read nor written. Repeat counts, strides and
/// vROffset are widened to int32_t so that out-of-range values are reported.
template <typename T>
inline void BilinearInterpolation(
    const LocalTensor<T> &dst, const LocalTensor<T> &src0,
    const LocalTensor<uint32_t> &src0Offset, const LocalTensor<T> &src1,
    const uint64_t mask[], int32_t hRepeat, bool repeatMode,
    int32_t dstBlkStride, int32_t vROffset, int32_t vRepeat,
    const LocalTensor<uint8_t> &sharedTmpBuffer, ASCSIM_QLOC) {
  (void)sharedTmpBuffer;
  ::ascsim::VecCall c =
      detail::bilinearCall(dst, src0, src0Offset, src1, hRepeat, repeatMode,
                           dstBlkStride, vROffset, vRepeat);
  ::ascsim::vec::mask(c, mask, true, sizeof(T) <= 2);
  ::ascsim::abi::vecOp(c, loc);
}
template <typename T>
inline void BilinearInterpolation(
    const LocalTensor<T> &dst, const LocalTensor<T> &src0,
    const LocalTensor<uint32_t> &src0Offset, const LocalTensor<T> &src1,
    uint64_t mask, int32_t hRepeat, bool repeatMode, int32_t dstBlkStride,
    int32_t vROffset, int32_t vRepeat,
    const LocalTensor<uint8_t> &sharedTmpBuffer, ASCSIM_QLOC) {
  (void)sharedTmpBuffer;
  ::ascsim::VecCall c =
      detail::bilinearCall(dst, src0, src0Offset, src1, hRepeat, repeatMode,
                           dstBlkStride, vROffset, vRepeat);
  ::ascsim::vec::mask(c, mask, true);
  ::ascsim::abi::vecOp(c, loc);
}

#undef ASCSIM_QLOC

} // namespace AscendC

#endif // ASCSIM_QUANT_API_H
