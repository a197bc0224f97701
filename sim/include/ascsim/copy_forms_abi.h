//===- ascsim/copy_forms_abi.h - ABI of the DataCopy slice form -*- C++ -*-===//
//
// The kernel-to-simulator ABI of the SliceInfo form of DataCopy
// (ascendc_api.md §5.1 rows 17-18): one descriptor per call, checked and
// lowered to DataCopyPad row copies by sim/lib/device/CopyForms.cpp, as the
// NPU implements it (hardware.md §5.2). Includes only <cstdint> (through
// vector_abi.h) and declares PODs and one function.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_COPY_FORMS_ABI_H
#define ASCSIM_COPY_FORMS_ABI_H

#include "ascsim/vector_abi.h"

namespace ascsim {

/// One dimension of a slice (AscendC::SliceInfo fields, in elements;
/// burstLen in 32-byte blocks).
struct SliceDim {
  uint32_t startIndex, endIndex, stride, burstLen, shapeValue;
};

/// The slice copies support at most this many dimensions.
constexpr uint32_t kMaxSliceDims = 8;

struct SliceCall {
  DType type;
  Operand dst, src;
  uint32_t dims; // dimValue
  SliceDim dstDims[kMaxSliceDims], srcDims[kMaxSliceDims];
};

namespace abi {
/// Checks a DataCopy(dst, src, dstSliceInfo, srcSliceInfo, dimValue) and
/// issues it as one DataCopyPad per row of dimension 0.
ASCSIM_API void dataCopySlice(const SliceCall &call, Loc loc);
} // namespace abi

} // namespace ascsim

#endif // ASCSIM_COPY_FORMS_ABI_H
