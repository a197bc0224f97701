//===- ascsim/copy_forms_api.h - DataCopy slice, enhanced forms -*- C++ -*-===//
//
// The SliceInfo form of DataCopy (ascendc_api.md §5.1 rows 17-18, §4.2,
// §6.3) and the DataCopyEnhancedParams form (rows 8-10) with their enums
// (§3.12-§3.14). On Ascend 910B/910C the enhanced parameters have no effect on the
// copies a vector core makes (§4.2): that form forwards to the
// DataCopyParams form. The slice form forwards to ascsim::abi::dataCopySlice
// (sim/lib/device/CopyForms.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_COPY_FORMS_API_H
#define ASCSIM_COPY_FORMS_API_H

#include "ascsim/copy_forms_abi.h"
#include "ascsim/vector_api.h"

/// Padding modes of DataCopyEnhancedParams (a compiler built-in, global).
enum pad_t : uint8_t {
  PAD_NONE = 0,
  PAD_MODE1,
  PAD_MODE2,
  PAD_MODE3,
  PAD_MODE4,
  PAD_MODE5,
  PAD_MODE6,
  PAD_MODE7,
  PAD_MODE8,
};

namespace AscendC {

#define ASCSIM_LOC ::ascsim::Loc loc = ::ascsim::here()

enum class BlockMode : uint8_t {
  BLOCK_MODE_NORMAL = 0,
  BLOCK_MODE_MATRIX,
  BLOCK_MODE_VECTOR,
  BLOCK_MODE_SMALL_CHANNEL,
  BLOCK_MODE_DEPTHWISE,
};

enum class DeqScale : uint8_t {
  DEQ_NONE = 0,
  DEQ,
  VDEQ,
  DEQ8,
  VDEQ8,
  DEQ16,
  VDEQ16,
};

struct DataCopyEnhancedParams {
  DataCopyEnhancedParams() {}
  DataCopyEnhancedParams(const BlockMode blockModeIn,
                         const DeqScale deqScaleIn, const uint64_t deqValueIn,
                         const uint8_t sidStoreModeIn, const bool isReluIn,
                         const pad_t padModeIn, const uint64_t padValueIn)
      : blockMode(blockModeIn), deqScale(deqScaleIn), deqValue(deqValueIn),
        sidStoreMode(sidStoreModeIn), isRelu(isReluIn), padMode(padModeIn),
        padValue(padValueIn) {}

  BlockMode blockMode = BlockMode::BLOCK_MODE_NORMAL;
  DeqScale deqScale = DeqScale::DEQ_NONE;
  uint64_t deqValue = 0;
  uint8_t sidStoreMode = 0;
  bool isRelu = false;
  pad_t padMode = pad_t::PAD_NONE;
  uint64_t padValue = 0;
  uint64_t deqTensorAddr = 0;
};

struct SliceInfo {
  SliceInfo() {}
  SliceInfo(const uint32_t startIndexIn, const uint32_t endIndexIn,
            const uint32_t strideIn, const uint32_t burstLenIn,
            const uint32_t shapeValueIn = 0)
      : startIndex(startIndexIn), endIndex(endIndexIn), stride(strideIn),
        burstLen(burstLenIn), shapeValue(shapeValueIn) {}

  uint32_t startIndex = 0;
  uint32_t endIndex = ONE_BLK_SIZE - 1;
  uint32_t stride = 0;
  uint32_t burstLen = ONE_BLK_SIZE;
  uint32_t shapeValue = 0;
};

//===----------------------------------------------------------------------===//
// DataCopy with DataCopyEnhancedParams (§5.1 rows 8-10)
//===----------------------------------------------------------------------===//

/// The enhanced parameters are ignored on Ascend 910B/910C (§4.2).
template <typename T>
inline void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
                     const DataCopyParams &intriParams,
                     const DataCopyEnhancedParams &, ASCSIM_LOC) {
  DataCopy(dst, src, intriParams, loc);
}
template <typename T>
inline void DataCopy(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                     const DataCopyParams &intriParams,
                     const DataCopyEnhancedParams &, ASCSIM_LOC) {
  DataCopy(dst, src, intriParams, loc);
}
template <typename T>
inline void DataCopy(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
                     const DataCopyParams &intriParams,
                     const DataCopyEnhancedParams &, ASCSIM_LOC) {
  DataCopy(dst, src, intriParams, loc);
}

//===----------------------------------------------------------------------===//
// DataCopy with SliceInfo (§5.1 rows 17-18)
//===----------------------------------------------------------------------===//

namespace ascsim_detail {
template <typename T>
inline void dataCopySlice(const ::ascsim::Operand &dst,
                          const ::ascsim::Operand &src,
                          const SliceInfo dstSliceInfo[],
                          const SliceInfo srcSliceInfo[],
                          const uint32_t dimValue, ::ascsim::Loc loc) {
  ::ascsim::SliceCall c{};
  c.type = ::ascsim::dtypeOf<T>();
  c.dst = dst;
  c.src = src;
  c.dims = dimValue;
  // Dimensions past kMaxSliceDims are rejected by the library; copying
  // them would overrun the descriptor.
  for (uint32_t d = 0; d < dimValue && d < ::ascsim::kMaxSliceDims; ++d) {
    const SliceInfo &a = dstSliceInfo[d], &b = srcSliceInfo[d];
    c.dstDims[d] = {a.startIndex, a.endIndex, a.stride, a.burstLen,
                    a.shapeValue};
    c.srcDims[d] = {b.startIndex, b.endIndex, b.stride, b.burstLen,
                    b.shapeValue};
  }
  ::ascsim::abi::dataCopySlice(c, loc);
}
} // namespace ascsim_detail

/// GM -> UB: the slice of src described by srcSliceInfo into the slice of
/// dst described by dstSliceInfo (dimension 0 first).
template <typename T>
inline void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
                     const SliceInfo dstSliceInfo[],
                     const SliceInfo srcSliceInfo[],
                     const uint32_t dimValue = 1, ASCSIM_LOC) {
  ascsim_detail::dataCopySlice<T>(dst.operand(), src.operand(), dstSliceInfo,
                                  srcSliceInfo, dimValue, loc);
}
/// UB -> GM.
template <typename T>
inline void DataCopy(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
                     const SliceInfo dstSliceInfo[],
                     const SliceInfo srcSliceInfo[],
                     const uint32_t dimValue = 1, ASCSIM_LOC) {
  ascsim_detail::dataCopySlice<T>(dst.operand(), src.operand(), dstSliceInfo,
                                  srcSliceInfo, dimValue, loc);
}

#undef ASCSIM_LOC

} // namespace AscendC

#endif // ASCSIM_COPY_FORMS_API_H
