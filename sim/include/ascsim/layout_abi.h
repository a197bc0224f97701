//===- ascsim/layout_abi.h - ABI of the layout instructions -----*- C++ -*-===//
//
// The kernel-to-simulator ABI of ascsim/layout_api.h (GatherMask, Transpose,
// TransDataTo5HD, Scatter): one plain descriptor per call, checked and
// executed by sim/lib/device/LayoutAbi.cpp. Includes only <cstdint> (through
// vector_abi.h) and declares PODs and one function.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_LAYOUT_ABI_H
#define ASCSIM_LAYOUT_ABI_H

#include "ascsim/vector_abi.h"

namespace ascsim {

/// Instructions of the layout ABI (values are part of the ABI: append only).
enum class LayoutOp : uint8_t {
  GatherMask = 0, // dst, src0, src1 = pattern tensor (or builtin pattern)
  RemainCount,    // GetGatherMaskRemainCount
  Transpose,      // dst, src0: one 16x16 tile of a 2-byte type
  TransposeExt,   // dst, src0, src1 = shared tmp buffer (uint8)
  TransData5HD,   // lists of 16 dst / 16 src block addresses
  Scatter,        // dst, src0, src1 = uint32 byte offsets into dst
};

/// How TransDataTo5HD got its address lists.
enum class ListForm : uint8_t {
  Tensors = 0, // LocalTensor<T> (&)[16]: lists[] hold the views
  Addresses,   // uint64_t[16]: lists[].addr are UB byte addresses
  UbTensor,    // LocalTensor<uint64_t> dst/src holding the addresses
};

struct LayoutCall {
  LayoutOp op;
  DType type;        // element type of dst / src0
  DType patternType; // GatherMask pattern element type
  Operand dst, src0, src1;
  // GatherMask
  uint8_t pattern; // builtin pattern 1-7, 0 = the src1 tensor
  bool reduceMode;
  uint32_t mask;
  // GatherMask (src0Blk, repeat, src0Rep, src1Rep), Scatter (repeat,
  // src0Rep), TransDataTo5HD (repeat, dstRep, src0Rep)
  int64_t repeat;
  int64_t src0Blk, src0Rep, src1Rep, dstRep;
  // Scatter: dstBaseAddr; mask form as vector_abi.h MaskForm
  uint32_t base;
  MaskForm maskForm;
  uint64_t maskBits[2];
  // TransposeExt
  uint16_t n, c, h, w;
  uint8_t transposeType;
  // TransDataTo5HD
  ListForm listForm;
  bool dstHighHalf, srcHighHalf;
  Operand lists[32]; // 16 destinations, then 16 sources
};

namespace abi {
/// Checks, plans and issues one layout instruction (PIPE_V). GatherMask
/// returns the number of elements kept (the scalar waits for it);
/// RemainCount returns the last GatherMask's count; others return 0.
ASCSIM_API uint64_t layoutOp(const LayoutCall &call, Loc loc);
} // namespace abi

} // namespace ascsim

#endif // ASCSIM_LAYOUT_ABI_H
