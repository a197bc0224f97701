//===- ascsim/layout_api.h - GatherMask, Transpose, 5HD, Scatter -*- C++
//-*-===//
//
// The compacting gather (GatherMask, GetGatherMaskRemainCount), the layout
// instructions (Transpose, TransDataTo5HD) and Scatter (ascendc_api.md §5.8,
// §5.9), with the GatherMaskMode enum (§3.19; TransposeType is in
// ascsim/enums.h, the parameter structs in ascsim/gen/ParamStructs.h). Like
// vector_api.h every function is an inline forwarder filling one
// ascsim::LayoutCall; checks and semantics live in sim/lib/device/LayoutAbi.cpp
// and sim/lib/ops/LayoutOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_LAYOUT_API_H
#define ASCSIM_LAYOUT_API_H

#include "ascsim/layout_abi.h"
#include "ascsim/vector_api.h"

namespace ascsim {
namespace layout {
template <class T> inline LayoutCall make(LayoutOp op) {
  LayoutCall c{};
  c.op = op;
  c.type = dtypeOf<T>();
  c.patternType = c.type;
  c.dst = c.src0 = c.src1 = vec::none();
  c.repeat = 1;
  c.src0Blk = 1;
  c.maskForm = MaskForm::None;
  return c;
}
} // namespace layout

} // namespace ascsim

namespace AscendC {

#define ASCSIM_LOC ::ascsim::Loc loc = ::ascsim::here()

//===----------------------------------------------------------------------===//
// Enumerations (ascendc_api.md §3.19)
//===----------------------------------------------------------------------===//

enum class GatherMaskMode : uint8_t { VERSION_V1 = 0, VERSION_V2 = 1 };
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V2;
/// The misspelt alias the NPU headers also declare.
constexpr GatherMaskMode defaultGahterMaskMode = defaultGatherMaskMode;

//===----------------------------------------------------------------------===//
// GatherMask (§5.8)
//===----------------------------------------------------------------------===//

namespace ascsim_detail {
template <typename T>
inline ::ascsim::LayoutCall
gatherMask(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
           const bool reduceMode, const uint32_t mask,
           const GatherMaskParams &p) {
  ::ascsim::LayoutCall c =
      ::ascsim::layout::make<T>(::ascsim::LayoutOp::GatherMask);
  c.dst = dst.operand();
  c.src0 = src0.operand();
  c.reduceMode = reduceMode;
  c.mask = mask;
  c.src0Blk = p.src0BlockStride;
  c.repeat = p.repeatTimes;
  c.src0Rep = p.src0RepeatStride;
  c.src1Rep = p.src1RepeatStride;
  return c;
}
} // namespace ascsim_detail

/// Keeps the src0 elements whose pattern bit is set, packed from dst[0];
/// rsvdCnt = the number kept. The mask mode is normal afterwards.
template <typename T, typename U, GatherMaskMode mode = defaultGatherMaskMode>
inline void GatherMask(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
                       const LocalTensor<U> &src1Pattern, const bool reduceMode,
                       const uint32_t mask,
                       const GatherMaskParams &gatherMaskParams,
                       uint64_t &rsvdCnt, ASCSIM_LOC) {
  ::ascsim::LayoutCall c =
      ascsim_detail::gatherMask(dst, src0, reduceMode, mask, gatherMaskParams);
  c.patternType = ::ascsim::dtypeOf<U>();
  c.src1 = src1Pattern.operand();
  rsvdCnt = ::ascsim::abi::layoutOp(c, loc);
}
/// Built-in patterns: 1 even, 2 odd, 3-6 the 1st-4th of every 4, 7 all.
template <typename T, GatherMaskMode mode = defaultGatherMaskMode>
inline void GatherMask(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
                       const uint8_t src1Pattern, const bool reduceMode,
                       const uint32_t mask,
                       const GatherMaskParams &gatherMaskParams,
                       uint64_t &rsvdCnt, ASCSIM_LOC) {
  ::ascsim::LayoutCall c =
      ascsim_detail::gatherMask(dst, src0, reduceMode, mask, gatherMaskParams);
  c.pattern = src1Pattern == 0 ? 0xFF : src1Pattern; // 0 is not a pattern
  rsvdCnt = ::ascsim::abi::layoutOp(c, loc);
}

inline int64_t GetGatherMaskRemainCount(ASCSIM_LOC) {
  ::ascsim::LayoutCall c =
      ::ascsim::layout::make<uint16_t>(::ascsim::LayoutOp::RemainCount);
  return static_cast<int64_t>(::ascsim::abi::layoutOp(c, loc));
}

//===----------------------------------------------------------------------===//
// Transpose, TransDataTo5HD (§5.9)
//===----------------------------------------------------------------------===//

/// One 16x16 tile of a 2-byte type: dst[i][j] = src[j][i].
template <typename T>
inline void Transpose(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                      ASCSIM_LOC) {
  ::ascsim::LayoutCall c =
      ::ascsim::layout::make<T>(::ascsim::LayoutOp::Transpose);
  c.dst = dst.operand();
  c.src0 = src.operand();
  ::ascsim::abi::layoutOp(c, loc);
}
template <typename T>
inline void Transpose(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                      const LocalTensor<uint8_t> &sharedTmpBuffer,
                      const TransposeParamsExt &transposeParams, ASCSIM_LOC) {
  ::ascsim::LayoutCall c =
      ::ascsim::layout::make<T>(::ascsim::LayoutOp::TransposeExt);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.src1 = sharedTmpBuffer.operand();
  c.n = transposeParams.nSize;
  c.c = transposeParams.cSize;
  c.h = transposeParams.hSize;
  c.w = transposeParams.wSize;
  c.transposeType = static_cast<uint8_t>(transposeParams.transposeType);
  ::ascsim::abi::layoutOp(c, loc);
}

namespace ascsim_detail {
template <typename T>
inline ::ascsim::LayoutCall trans5hd(const TransDataTo5HDParams &p) {
  ::ascsim::LayoutCall c =
      ::ascsim::layout::make<T>(::ascsim::LayoutOp::TransData5HD);
  c.dstHighHalf = p.dstHighHalf;
  c.srcHighHalf = p.srcHighHalf;
  c.repeat = p.repeatTimes;
  c.dstRep = p.dstRepStride;
  c.src0Rep = p.srcRepStride;
  return c;
}
} // namespace ascsim_detail

template <typename T>
inline void TransDataTo5HD(const LocalTensor<T> (&dstList)[16],
                           const LocalTensor<T> (&srcList)[16],
                           const TransDataTo5HDParams &nchwconvParams,
                           ASCSIM_LOC) {
  ::ascsim::LayoutCall c = ascsim_detail::trans5hd<T>(nchwconvParams);
  c.listForm = ::ascsim::ListForm::Tensors;
  for (int i = 0; i < 16; ++i) {
    c.lists[i] = dstList[i].operand();
    c.lists[16 + i] = srcList[i].operand();
  }
  ::ascsim::abi::layoutOp(c, loc);
}
template <typename T>
inline void TransDataTo5HD(uint64_t dstList[16], uint64_t srcList[16],
                           const TransDataTo5HDParams &nchwconvParams,
                           ASCSIM_LOC) {
  ::ascsim::LayoutCall c = ascsim_detail::trans5hd<T>(nchwconvParams);
  c.listForm = ::ascsim::ListForm::Addresses;
  for (int i = 0; i < 16; ++i) {
    c.lists[i] = ::ascsim::Operand{dstList[i], 0,
                                   static_cast<uint8_t>(TPosition::VECCALC)};
    c.lists[16 + i] = ::ascsim::Operand{
        srcList[i], 0, static_cast<uint8_t>(TPosition::VECCALC)};
  }
  ::ascsim::abi::layoutOp(c, loc);
}
template <typename T>
inline void TransDataTo5HD(const LocalTensor<uint64_t> &dst,
                           const LocalTensor<uint64_t> &src,
                           const TransDataTo5HDParams &nchwconvParams,
                           ASCSIM_LOC) {
  ::ascsim::LayoutCall c = ascsim_detail::trans5hd<T>(nchwconvParams);
  c.listForm = ::ascsim::ListForm::UbTensor;
  c.dst = dst.operand();
  c.src0 = src.operand();
  ::ascsim::abi::layoutOp(c, loc);
}

//===----------------------------------------------------------------------===//
// Scatter (§5.8; not supported on A2/A3 NPUs, see sim/VECTOR.md)
//===----------------------------------------------------------------------===//

template <typename T>
inline void Scatter(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                    const LocalTensor<uint32_t> &dstOffset,
                    const uint32_t dstBaseAddr, const uint64_t mask,
                    const int32_t repeatTime, const uint8_t srcRepStride,
                    ASCSIM_LOC) {
  ::ascsim::LayoutCall c =
      ::ascsim::layout::make<T>(::ascsim::LayoutOp::Scatter);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.src1 = dstOffset.operand();
  c.base = dstBaseAddr;
  c.maskForm = ::ascsim::MaskForm::Continuous;
  c.maskBits[0] = mask;
  c.repeat = repeatTime;
  c.src0Rep = srcRepStride;
  ::ascsim::abi::layoutOp(c, loc);
}
template <typename T>
inline void Scatter(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                    const LocalTensor<uint32_t> &dstOffset,
                    const uint32_t dstBaseAddr, const uint64_t mask[],
                    const int32_t repeatTime, const uint8_t srcRepStride,
                    ASCSIM_LOC) {
  ::ascsim::LayoutCall c =
      ::ascsim::layout::make<T>(::ascsim::LayoutOp::Scatter);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.src1 = dstOffset.operand();
  c.base = dstBaseAddr;
  c.maskForm = ::ascsim::MaskForm::Bits;
  c.maskBits[0] = mask[0];
  c.maskBits[1] = sizeof(T) <= 2 ? mask[1] : 0;
  c.repeat = repeatTime;
  c.src0Rep = srcRepStride;
  ::ascsim::abi::layoutOp(c, loc);
}
template <typename T>
inline void Scatter(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                    const LocalTensor<uint32_t> &dstOffset,
                    const uint32_t dstBaseAddr, const uint32_t count,
                    ASCSIM_LOC) {
  ::ascsim::LayoutCall c =
      ::ascsim::layout::make<T>(::ascsim::LayoutOp::Scatter);
  c.dst = dst.operand();
  c.src0 = src.operand();
  c.src1 = dstOffset.operand();
  c.base = dstBaseAddr;
  c.maskForm = ::ascsim::MaskForm::Count;
  c.maskBits[0] = count;
  ::ascsim::abi::layoutOp(c, loc);
}

#undef ASCSIM_LOC

} // namespace AscendC

#endif // ASCSIM_LAYOUT_API_H
