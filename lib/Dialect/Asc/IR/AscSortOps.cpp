//===- AscSortOps.cpp - sort and region-proposal ops ----------------------===//
//
// Verifiers and template arguments of the ops in AscSortOps.td. Element
// types and memories are the operand rules'; here: repeat counts, the four
// lists of MrgSort and its valid bits, and GetSortLen's type.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"

using namespace mlir;
using namespace mlir::asc;

namespace {

LogicalResult verifyRepeat(Operation *op, Value repeat) {
  return asc::detail::verifyVectorMask(op, Type(), Value(), Value(), repeat,
                                       /*setsMask=*/false);
}

/// The 4 lists of a MrgSort form, their element type (that of `dst`), the
/// four counts and the valid bits.
LogicalResult verifyMrgSort(Operation *op, Value dst, ValueRange lists,
                            ValueRange counts, StringRef countsName,
                            Value validBit, Value repeat) {
  if (lists.size() != 4)
    return emitApiError(op, DiagCategory::Argument)
           << "'sort_list' must hold 4 tensors (repeat one for unused "
              "lists), but holds "
           << lists.size();
  Type type = getTensorElementType(dst.getType());
  for (Value list : lists) {
    Type t = getTensorElementType(list.getType());
    if (t != type)
      return emitApiError(op, DiagCategory::DType)
             << "'sort_list' holds " << getPyTypeName(t)
             << " tensors, but 'dst' holds " << getPyTypeName(type);
  }
  if (counts.size() != 4)
    return emitApiError(op, DiagCategory::Argument)
           << "'" << countsName << "' must hold 4 counts, but holds "
           << counts.size();
  for (Value count : counts) {
    std::optional<int64_t> n = getConstantInt(count);
    if (n && (*n < 0 || *n > 0xFFFF))
      return emitApiError(op, DiagCategory::Argument)
             << "'" << countsName << "' entries must be in [0, 65535], but "
             << "one is " << *n;
  }
  std::optional<int64_t> valid = getConstantInt(validBit);
  if (valid && *valid != 3 && *valid != 7 && *valid != 15)
    return emitApiError(op, DiagCategory::Argument)
           << "'valid_bit' must be 3 (0b11: lists 1-2), 7 (0b111: lists 1-3) "
              "or 15 (0b1111: lists 1-4), but got "
           << *valid;
  std::optional<int64_t> r = getConstantInt(repeat);
  if (r && (*r < 1 || *r > 255))
    return emitApiError(op, DiagCategory::Argument)
           << "'" << getOperandName(op, repeat)
           << "' must be in [1, 255], but got " << *r;
  return success();
}

} // namespace

LogicalResult Sort32Op::verify() {
  return verifyRepeat(*this, getRepeatTime());
}

void SortOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  asc::detail::appendElementTypes(args, {getDst()});
  args.push_back(BoolAttr::get(getContext(), getIsFullSort()));
}

LogicalResult SortOp::verify() { return verifyRepeat(*this, getRepeatTime()); }

LogicalResult MrgSortOp::verify() {
  if (failed(verifyMrgSort(*this, getDst(), getSortList(),
                           getElementCountList(), "element_count_list",
                           getValidBit(), getRepeatTime())))
    return failure();
  if (getSortedNum().size() != 4)
    return emitApiError(*this, DiagCategory::Argument)
           << "'sorted_num' must hold 4 values, but holds "
           << getSortedNum().size();
  return success();
}

LogicalResult MrgSortInfoOp::verify() {
  return verifyMrgSort(*this, getDst(), getSortList(), getElementLengths(),
                       "element_lengths", getValidBit(), getRepeatTimes());
}

LogicalResult MrgSort4Op::verify() {
  return verifyMrgSort(*this, getDst(), getSortList(), getElementLengths(),
                       "element_lengths", getValidBit(), getRepeatTimes());
}

static LogicalResult verifySortElementType(Operation *op, Type type) {
  if (type.isF16() || type.isF32())
    return success();
  return emitApiError(op, DiagCategory::DType)
         << "'dtype' must be float16 or float32 (the score types of the sort "
            "instructions), but got "
         << getPyTypeName(type);
}

LogicalResult GetSortLenOp::verify() {
  return verifySortElementType(*this, getElementType());
}

LogicalResult GetSortOffsetOp::verify() {
  return verifySortElementType(*this, getElementType());
}

LogicalResult ConcatOp::verify() {
  return verifyRepeat(*this, getRepeatTime());
}

LogicalResult ExtractOp::verify() {
  return verifyRepeat(*this, getRepeatTime());
}

LogicalResult RpSort16Op::verify() {
  return verifyRepeat(*this, getRepeatTime());
}

LogicalResult ProposalConcatOp::verify() {
  return verifyRepeat(*this, getRepeatTime());
}

LogicalResult ProposalExtractOp::verify() {
  return verifyRepeat(*this, getRepeatTime());
}
