//===- EmitLayoutOps.cpp - GatherMask, 5HD, slice-copy printers -----------===//
//
// GatherMask returns its count through a `uint64_t&` out-parameter, so it is
// not a plain call: the printer declares the counter, makes the call and
// then defines the op's result from it. TransDataTo5HD, the slice form of
// DataCopy and DumpTensor's ShapeInfo take C++ arrays, which the printers
// declare before the call; the
// TransposeParamsExt and DataCopyEnhancedParams constructors take enums,
// printed as enumerators when constant.
//
//===----------------------------------------------------------------------===//

#include "Emitter.h"

using namespace mlir;
using namespace mlir::asc;

LogicalResult mlir::asc::printOperation(Emitter &emitter, GatherMaskOp op) {
  raw_ostream &os = emitter.ostream();
  std::string count = emitter.createUniqueName("rsvd_cnt").str();
  os << "uint64_t " << count << " = 0;\n";
  emitter.emitLocation(op.getLoc());
  os << "AscendC::GatherMask(";
  if (failed(emitter.emitOperands({op.getDst(), op.getSrc0()})))
    return failure();
  os << ", ";
  Value pattern = op.getSrc1Pattern();
  if (isa<IntegerType>(pattern.getType())) {
    // The built-in overload takes `const uint8_t`; the tensor one cannot
    // match an integer.
    if (failed(emitter.emitOperandOfType(
            pattern,
            IntegerType::get(op.getContext(), 8, IntegerType::Unsigned))))
      return failure();
  } else if (failed(emitter.emitOperand(pattern))) {
    return failure();
  }
  os << ", ";
  if (failed(emitter.emitOperands(
          {op.getReduceMode(), op.getMask(), op.getParams()})))
    return failure();
  os << ", " << count << ");\n";
  emitter.emitLocation(op.getLoc());
  if (failed(emitter.emitDeclaration(op.getCount())))
    return failure();
  os << " = static_cast<";
  if (failed(emitter.emitType(op.getLoc(), op.getCount().getType())))
    return failure();
  os << ">(" << count << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// Structs with enum fields
//===----------------------------------------------------------------------===//

/// Prints `value` as the enumerator `prefix + names[value]` when it is a
/// constant index of `names`, else as a cast of the value to `enumType`.
static LogicalResult printEnumField(Emitter &emitter, Value value,
                                    StringRef enumType, StringRef prefix,
                                    ArrayRef<const char *> names) {
  raw_ostream &os = emitter.ostream();
  std::optional<int64_t> v = getConstantInt(value);
  if (v && *v >= 0 && static_cast<size_t>(*v) < names.size()) {
    os << prefix << names[*v];
    return success();
  }
  os << "static_cast<" << enumType << ">(";
  if (failed(emitter.emitOperand(value)))
    return failure();
  os << ")";
  return success();
}

static Type unsignedType(MLIRContext *context, unsigned width) {
  return IntegerType::get(context, width, IntegerType::Unsigned);
}

LogicalResult mlir::asc::printOperation(Emitter &emitter,
                                        TransposeParamsExtOp op) {
  static const char *const kNames[] = {"TRANSPOSE_TYPE_NONE",
                                       "TRANSPOSE_NZ2ND_0213",
                                       "TRANSPOSE_NZ2NZ_0213",
                                       "TRANSPOSE_NZ2NZ_012_WITH_N",
                                       "TRANSPOSE_NZ2ND_012_WITH_N",
                                       "TRANSPOSE_NZ2ND_012_WITHOUT_N",
                                       "TRANSPOSE_NZ2NZ_012_WITHOUT_N",
                                       "TRANSPOSE_ND2ND_ONLY",
                                       "TRANSPOSE_ND_UB_GM",
                                       "TRANSPOSE_GRAD_ND_UB_GM",
                                       "TRANSPOSE_ND2ND_B16",
                                       "TRANSPOSE_NCHW2NHWC",
                                       "TRANSPOSE_NHWC2NCHW"};
  raw_ostream &os = emitter.ostream();
  if (failed(emitter.emitDeclaration(op.getResult())))
    return failure();
  os << "(";
  Type u16 = unsignedType(op.getContext(), 16);
  for (Value size :
       {op.getNSize(), op.getCSize(), op.getHSize(), op.getWSize()}) {
    if (failed(emitter.emitOperandConvertedTo(size, u16)))
      return failure();
    os << ", ";
  }
  if (failed(printEnumField(emitter, op.getTransposeType(),
                            "AscendC::TransposeType",
                            "AscendC::TransposeType::", kNames)))
    return failure();
  os << ")";
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter,
                                        DataCopyEnhancedParamsOp op) {
  static const char *const kBlockModes[] = {
      "BLOCK_MODE_NORMAL", "BLOCK_MODE_MATRIX", "BLOCK_MODE_VECTOR",
      "BLOCK_MODE_SMALL_CHANNEL", "BLOCK_MODE_DEPTHWISE"};
  static const char *const kDeqScales[] = {"DEQ_NONE", "DEQ",   "VDEQ",  "DEQ8",
                                           "VDEQ8",    "DEQ16", "VDEQ16"};
  static const char *const kPadModes[] = {
      "PAD_NONE",  "PAD_MODE1", "PAD_MODE2", "PAD_MODE3", "PAD_MODE4",
      "PAD_MODE5", "PAD_MODE6", "PAD_MODE7", "PAD_MODE8"};
  raw_ostream &os = emitter.ostream();
  MLIRContext *context = op.getContext();
  if (failed(emitter.emitDeclaration(op.getResult())))
    return failure();
  os << "(";
  if (failed(printEnumField(emitter, op.getBlockMode(), "AscendC::BlockMode",
                            "AscendC::BlockMode::", kBlockModes)))
    return failure();
  os << ", ";
  if (failed(printEnumField(emitter, op.getDeqScale(), "AscendC::DeqScale",
                            "AscendC::DeqScale::", kDeqScales)))
    return failure();
  os << ", ";
  if (failed(emitter.emitOperandConvertedTo(op.getDeqValueIn(),
                                            unsignedType(context, 64))))
    return failure();
  os << ", ";
  if (failed(emitter.emitOperandConvertedTo(op.getSidStoreModeIn(),
                                            unsignedType(context, 8))))
    return failure();
  os << ", ";
  if (failed(emitter.emitOperand(op.getIsReluIn())))
    return failure();
  os << ", ";
  if (failed(printEnumField(emitter, op.getPadModeIn(), "pad_t",
                            "pad_t::", kPadModes)))
    return failure();
  os << ", ";
  if (failed(emitter.emitOperandConvertedTo(op.getPadValueIn(),
                                            unsignedType(context, 64))))
    return failure();
  os << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// Calls taking C++ arrays
//===----------------------------------------------------------------------===//

/// Declares `elementType name[] = {values...};` (values converted to
/// `convertTo` when given) and returns the name.
static FailureOr<std::string> declareArray(Emitter &emitter, Location loc,
                                           StringRef base, Type elementType,
                                           ValueRange values,
                                           Type convertTo = Type()) {
  raw_ostream &os = emitter.ostream();
  std::string name = emitter.createUniqueName(base).str();
  if (failed(emitter.emitType(loc, elementType)))
    return failure();
  os << " " << name << "[" << values.size() << "] = {";
  if (failed(printCommaSeparated(values, os, [&](Value v) {
        return convertTo ? emitter.emitOperandConvertedTo(v, convertTo)
                         : emitter.emitOperand(v);
      })))
    return failure();
  os << "};\n";
  emitter.emitLocation(loc);
  return name;
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, TransDataTo5HDOp op) {
  Type tensorType = op.getDstList()[0].getType();
  FailureOr<std::string> dst = declareArray(emitter, op.getLoc(), "dst_list",
                                            tensorType, op.getDstList());
  if (failed(dst))
    return failure();
  FailureOr<std::string> src = declareArray(emitter, op.getLoc(), "src_list",
                                            tensorType, op.getSrcList());
  if (failed(src))
    return failure();
  raw_ostream &os = emitter.ostream();
  os << "AscendC::TransDataTo5HD(" << *dst << ", " << *src << ", ";
  if (failed(emitter.emitOperand(op.getParams())))
    return failure();
  os << ")";
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter,
                                        TransDataTo5HDAddrOp op) {
  Type u64 = unsignedType(op.getContext(), 64);
  FailureOr<std::string> dst =
      declareArray(emitter, op.getLoc(), "dst_list", u64, op.getDstList(), u64);
  if (failed(dst))
    return failure();
  FailureOr<std::string> src =
      declareArray(emitter, op.getLoc(), "src_list", u64, op.getSrcList(), u64);
  if (failed(src))
    return failure();
  raw_ostream &os = emitter.ostream();
  os << "AscendC::TransDataTo5HD<";
  if (failed(emitter.emitType(op.getLoc(), op.getElementType())))
    return failure();
  os << ">(" << *dst << ", " << *src << ", ";
  if (failed(emitter.emitOperand(op.getParams())))
    return failure();
  os << ")";
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter,
                                        DumpTensorShapeOp op) {
  Type u32 = unsignedType(op.getContext(), 32);
  FailureOr<std::string> shape =
      declareArray(emitter, op.getLoc(), "shape", u32, op.getShape(), u32);
  if (failed(shape))
    return failure();
  FailureOr<std::string> original = declareArray(
      emitter, op.getLoc(), "original_shape", u32, op.getOriginalShape(), u32);
  if (failed(original))
    return failure();
  static constexpr StringLiteral kFormats[] = {"ND", "NZ", "NCHW", "NC1HWC0",
                                               "NHWC"};
  raw_ostream &os = emitter.ostream();
  os << "AscendC::DumpTensor(";
  if (failed(emitter.emitOperand(op.getTensor())))
    return failure();
  os << ", ";
  if (failed(emitter.emitOperandConvertedTo(op.getDesc(), u32)))
    return failure();
  os << ", ";
  if (failed(emitter.emitOperandConvertedTo(op.getSize(), u32)))
    return failure();
  os << ", AscendC::ShapeInfo(" << op.getShape().size() << ", " << *shape
     << ", " << op.getOriginalShape().size() << ", " << *original
     << ", AscendC::DataFormat::" << kFormats[op.getDataFormat()] << "))";
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, DataCopySliceOp op) {
  Type sliceType = SliceInfoType::get(op.getContext());
  FailureOr<std::string> dst = declareArray(emitter, op.getLoc(), "dst_slices",
                                            sliceType, op.getDstSlices());
  if (failed(dst))
    return failure();
  FailureOr<std::string> src = declareArray(emitter, op.getLoc(), "src_slices",
                                            sliceType, op.getSrcSlices());
  if (failed(src))
    return failure();
  raw_ostream &os = emitter.ostream();
  os << "AscendC::DataCopy(";
  if (failed(emitter.emitOperands({op.getDst(), op.getSrc()})))
    return failure();
  os << ", " << *dst << ", " << *src << ", ";
  if (failed(emitter.emitOperandConvertedTo(op.getDimValue(),
                                            unsignedType(op.getContext(), 32))))
    return failure();
  os << ")";
  return success();
}
