//===- EmitSortOps.cpp - MrgSort and GetMrgSortResult printers ------------===//
//
// MrgSort takes C++ arrays (element counts, sorted counts) and a
// MrgSortSrcList or MrgSort4Info, which the printers declare before the
// call; GetMrgSortResult returns its four counts through `uint16_t&`
// out-parameters.
//
//===----------------------------------------------------------------------===//

#include "Emitter.h"

using namespace mlir;
using namespace mlir::asc;

/// `<type> name[n] = {values...};` with each value converted to `type`.
static FailureOr<std::string> declareCounts(Emitter &emitter, Location loc,
                                            StringRef base, unsigned width,
                                            ValueRange values) {
  raw_ostream &os = emitter.ostream();
  Type type = IntegerType::get(loc.getContext(), width, IntegerType::Unsigned);
  std::string name = emitter.createUniqueName(base).str();
  if (failed(emitter.emitType(loc, type)))
    return failure();
  os << " " << name << "[" << values.size() << "] = {";
  if (failed(printCommaSeparated(values, os, [&](Value v) {
        return emitter.emitOperandConvertedTo(v, type);
      })))
    return failure();
  os << "};\n";
  emitter.emitLocation(loc);
  return name;
}

/// `AscendC::MrgSortSrcList<T>(a, b, c, d)`.
static LogicalResult printSrcList(Emitter &emitter, Location loc, Value dst,
                                  ValueRange lists) {
  raw_ostream &os = emitter.ostream();
  os << "AscendC::MrgSortSrcList<";
  if (failed(emitter.emitType(loc, getTensorElementType(dst.getType()))))
    return failure();
  os << ">(";
  if (failed(emitter.emitOperands(lists)))
    return failure();
  os << ")";
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, MrgSortOp op) {
  Location loc = op.getLoc();
  FailureOr<std::string> counts = declareCounts(
      emitter, loc, "element_count_list", 16, op.getElementCountList());
  if (failed(counts))
    return failure();
  FailureOr<std::string> sorted =
      declareCounts(emitter, loc, "sorted_num", 32, op.getSortedNum());
  if (failed(sorted))
    return failure();
  raw_ostream &os = emitter.ostream();
  os << "AscendC::MrgSort<";
  if (failed(
          emitter.emitType(loc, getTensorElementType(op.getDst().getType()))))
    return failure();
  os << ", " << (op.getIsExhaustedSuspension() ? "true" : "false") << ">(";
  if (failed(emitter.emitOperand(op.getDst())))
    return failure();
  os << ", ";
  if (failed(printSrcList(emitter, loc, op.getDst(), op.getSortList())))
    return failure();
  os << ", " << *counts << ", " << *sorted << ", ";
  Type u16 = IntegerType::get(op.getContext(), 16, IntegerType::Unsigned);
  if (failed(emitter.emitOperandConvertedTo(op.getValidBit(), u16)))
    return failure();
  os << ", ";
  if (failed(emitter.emitOperand(op.getRepeatTime())))
    return failure();
  os << ")";
  return success();
}

/// The MrgSort4Info forms: `MrgSort` (A2/A3) and `MrgSort4`.
static LogicalResult printInfoForm(Emitter &emitter, Operation *op,
                                   StringRef callee, Value dst,
                                   ValueRange lists, ValueRange lengths,
                                   Value suspension, Value validBit,
                                   Value repeat) {
  Location loc = op->getLoc();
  FailureOr<std::string> lens =
      declareCounts(emitter, loc, "element_lengths", 16, lengths);
  if (failed(lens))
    return failure();
  raw_ostream &os = emitter.ostream();
  std::string info = emitter.createUniqueName("mrg_sort_info").str();
  os << "AscendC::MrgSort4Info " << info << "(" << *lens << ", ";
  MLIRContext *context = op->getContext();
  if (failed(emitter.emitOperand(suspension)))
    return failure();
  os << ", ";
  if (failed(emitter.emitOperandConvertedTo(
          validBit, IntegerType::get(context, 16, IntegerType::Unsigned))))
    return failure();
  os << ", ";
  if (failed(emitter.emitOperandConvertedTo(
          repeat, IntegerType::get(context, 16, IntegerType::Unsigned))))
    return failure();
  os << ");\n";
  emitter.emitLocation(loc);
  os << "AscendC::" << callee << "(";
  if (failed(emitter.emitOperand(dst)))
    return failure();
  os << ", ";
  if (failed(printSrcList(emitter, loc, dst, lists)))
    return failure();
  os << ", " << info << ")";
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, MrgSortInfoOp op) {
  return printInfoForm(emitter, op, "MrgSort", op.getDst(), op.getSortList(),
                       op.getElementLengths(), op.getIfExhaustedSuspension(),
                       op.getValidBit(), op.getRepeatTimes());
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, MrgSort4Op op) {
  return printInfoForm(emitter, op, "MrgSort4", op.getDst(), op.getSortList(),
                       op.getElementLengths(), op.getIfExhaustedSuspension(),
                       op.getValidBit(), op.getRepeatTimes());
}

LogicalResult mlir::asc::printOperation(Emitter &emitter,
                                        GetMrgSortResultOp op) {
  raw_ostream &os = emitter.ostream();
  SmallVector<std::string, 4> names;
  for (int i = 0; i < 4; ++i)
    names.push_back(emitter.createUniqueName("mrg_sort_list").str());
  os << "uint16_t " << names[0] << ", " << names[1] << ", " << names[2] << ", "
     << names[3] << ";\n";
  emitter.emitLocation(op.getLoc());
  os << "AscendC::GetMrgSortResult(" << names[0] << ", " << names[1] << ", "
     << names[2] << ", " << names[3] << ")";
  for (int i = 0; i < 4; ++i) {
    os << ";\n";
    emitter.emitLocation(op.getLoc());
    Value result = op->getResult(i);
    if (failed(emitter.emitDeclaration(result)))
      return failure();
    os << " = static_cast<";
    if (failed(emitter.emitType(op.getLoc(), result.getType())))
      return failure();
    os << ">(" << names[i] << ")";
  }
  return success();
}
