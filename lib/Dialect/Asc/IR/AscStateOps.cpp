//===- AscStateOps.cpp - mask, mode and atomic configuration --------------===//
//
// Verifiers and template arguments of set_vector_mask, set_vector_mask_len
// and set_pad_value (the atomic ops define theirs in ODS).
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// SetVectorMaskOp
//===----------------------------------------------------------------------===//

LogicalResult SetVectorMaskOp::verify() {
  std::optional<int64_t> high = getConstantInt(getMaskHigh());
  if (getMode() == MaskMode::COUNTER && high && *high != 0)
    return emitApiError(*this, DiagCategory::Argument)
           << "'mask_high' must be 0 in " << getPyEnumName(MaskMode::COUNTER)
           << " mode, but got " << *high;
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
      return emitApiError(*this, DiagCategory::Argument)
             << "'length' (an element count in "
             << getPyEnumName(MaskMode::COUNTER)
             << " mode) must be non-negative, but got " << *length;
    return success();
  }
  unsigned bytes = getElementByteSize(getDtype());
  int64_t lanes = std::min<int64_t>(128, 256 / bytes);
  if (*length < 1 || *length > lanes)
    return emitApiError(*this, DiagCategory::Argument)
           << "'length' must be in [1, " << lanes << "] for "
           << getPyTypeName(getDtype()) << " in "
           << getPyEnumName(MaskMode::NORMAL) << " mode, but got " << *length;
  return success();
}

void SetVectorMaskLenOp::getTemplateArguments(
    SmallVectorImpl<Attribute> &args) {
  args.push_back(getDtypeAttr());
  args.push_back(getModeAttr());
}

//===----------------------------------------------------------------------===//
// SetPadValueOp
//===----------------------------------------------------------------------===//

LogicalResult SetPadValueOp::verify() {
  Type valueType = getValue().getType();
  if (valueType.getIntOrFloatBitWidth() < 8)
    return emitApiError(*this, DiagCategory::DType)
           << "'padding_value' is " << getPyValueName(valueType)
           << ", but set_pad_value takes an 8- to 64-bit value";
  std::optional<TPosition> position = getPosition();
  if (position && getHardware(*position) != Hardware::UB)
    return emitApiError(*this, DiagCategory::Position)
           << "'pos' must be a Unified Buffer position (TPosition.VECIN, "
              "TPosition.VECOUT or TPosition.VECCALC), but got "
           << getPyEnumName(*position);
  Type type = getValue().getType();
  if (getElementByteSize(type) != 8)
    return success();
  Attribute value;
  if (!matchPattern(getValue(), m_Constant(&value)))
    return success();
  if (auto intAttr = dyn_cast<IntegerAttr>(value);
      intAttr && !intAttr.getValue().isZero())
    return emitApiError(*this, DiagCategory::Argument)
           << "a 64-bit 'padding_value' must be 0, but got "
           << intAttr.getValue().getSExtValue();
  if (auto floatAttr = dyn_cast<FloatAttr>(value);
      floatAttr && !floatAttr.getValue().isPosZero())
    return emitApiError(*this, DiagCategory::Argument)
           << "a 64-bit 'padding_value' must be 0, but got "
           << floatAttr.getValueAsDouble();
  return success();
}

void SetPadValueOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  // Without a position T is deduced from the argument, which is spelled as
  // exactly the value's type.
  if (!getPositionAttr())
    return;
  args.push_back(TypeAttr::get(getValue().getType()));
  args.push_back(getPositionAttr());
}

void SetPadValueOp::getCallArguments(SmallVectorImpl<ApiArgument> &args) {
  args.push_back(ApiArgument::operand(getValue(), getValue().getType()));
}
