//===- ascsim/copy_forms_api.h - DataCopy slice, enhanced forms -*- C++ -*-===//
//
// The SliceInfo form of DataCopy (ascendc_api.md §5.1 rows 17-18, §4.2,
// §6.3) and the DataCopyEnhancedParams form (rows 8-10). On Ascend
// 910B/910C the enhanced parameters have no effect on the copies a vector
// core makes (§4.2): that form forwards to the DataCopyParams form, after
// refusing a run-time ReLU it would not apply. The slice form forwards to
// ascsim::abi::dataCopySlice (sim/lib/device/CopyForms.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_COPY_FORMS_API_H
#define ASCSIM_COPY_FORMS_API_H

#include "ascsim/copy_forms_abi.h"
#include "ascsim/sort_abi.h" // faultf
#include "ascsim/vector_api.h"

namespace AscendC {

#define ASCSIM_LOC ::ascsim::Loc loc = ::ascsim::here()

// DataCopyEnhancedParams and SliceInfo are generated from the dialect's
// parameter struct ops (ascsim/gen/ParamStructs.h); the enums of the former
// are in ascsim/enums.h.

//===----------------------------------------------------------------------===//
// DataCopy with DataCopyEnhancedParams (§5.1 rows 8-10)
//===----------------------------------------------------------------------===//

namespace ascsim_detail {
/// The enhanced parameters are ignored on Ascend 910B/910C (§4.2): a
/// cube-path mode would silently do nothing. The verifier refuses a constant
/// one; only is_relu_in can be a run-time value (Python takes the enum fields
/// at compile time), refused here with the verifier's wording.
inline void checkEnhanced(const DataCopyEnhancedParams &e, ::ascsim::Loc loc) {
  if (e.isRelu)
    ::ascsim::faultf(
        "argument", loc,
        "data_copy: DataCopyEnhancedParams 'is_relu_in' is ignored on "
        "Ascend 910B/910C (A2/A3), but got True, a cube-path mode the copy "
        "would silently not apply; use the default, or data_copy(dst, src, "
        "repeat_params) and vector instructions");
}
} // namespace ascsim_detail

template <typename T>
inline void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
                     const DataCopyParams &intriParams,
                     const DataCopyEnhancedParams &enhancedParams, ASCSIM_LOC) {
  ascsim_detail::checkEnhanced(enhancedParams, loc);
  DataCopy(dst, src, intriParams, loc);
}
template <typename T>
inline void DataCopy(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                     const DataCopyParams &intriParams,
                     const DataCopyEnhancedParams &enhancedParams, ASCSIM_LOC) {
  ascsim_detail::checkEnhanced(enhancedParams, loc);
  DataCopy(dst, src, intriParams, loc);
}
template <typename T>
inline void DataCopy(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
                     const DataCopyParams &intriParams,
                     const DataCopyEnhancedParams &enhancedParams, ASCSIM_LOC) {
  ascsim_detail::checkEnhanced(enhancedParams, loc);
  DataCopy(dst, src, intriParams, loc);
}

//===----------------------------------------------------------------------===//
// DataCopy with SliceInfo (§5.1 rows 17-18)
//===----------------------------------------------------------------------===//

namespace ascsim_detail {
template <typename T>
inline void
dataCopySlice(const ::ascsim::Operand &dst, const ::ascsim::Operand &src,
              const SliceInfo dstSliceInfo[], const SliceInfo srcSliceInfo[],
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
