//===- AscStateOps.cpp - mask, mode and atomic configuration --------------===//
//
// Verifiers and template arguments of set_vector_mask and
// set_vector_mask_len (the atomic ops define theirs in ODS).
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// SetVectorMaskOp
//===----------------------------------------------------------------------===//

LogicalResult SetVectorMaskOp::verify() {
  std::optional<int64_t> high = getConstantInt(getMaskHigh());
  if (getMode() == MaskMode::COUNTER && high && *high != 0)
    return emitOpError() << "mask_high must be 0 in counter mode, but got "
                         << *high;
  return success();
}

void SetVectorMaskOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  args.push_back(getDtypeAttr());
  args.push_back(getModeAttr());
}

//===----------------------------------------------------------------------===//
// SetVectorMaskLenOp
//===----------------------------------------------------------------------===//

LogicalResult SetVectorMaskLenOp::verify() {
  std::optional<int64_t> length = getConstantInt(getLength());
  if (!length)
    return success();
  if (getMode() == MaskMode::COUNTER) {
    if (*length < 0)
      return emitOpError() << "element count must be non-negative, but got "
                           << *length;
    return success();
  }
  unsigned bytes = getElementByteSize(getDtype());
  int64_t lanes = std::min<int64_t>(128, 256 / bytes);
  if (*length < 1 || *length > lanes)
    return emitOpError() << "length must be in [1, " << lanes << "] for "
                         << bytes * 8 << "-bit elements in normal mode, "
                         << "but got " << *length;
  return success();
}

void SetVectorMaskLenOp::getTemplateArguments(
    SmallVectorImpl<Attribute> &args) {
  args.push_back(getDtypeAttr());
  args.push_back(getModeAttr());
}
