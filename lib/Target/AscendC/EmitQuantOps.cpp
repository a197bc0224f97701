//===- EmitQuantOps.cpp - quantisation op printers ------------------------===//
//
// asc.vdeq_info: AscendC::VdeqInfo has only an array constructor, so the
// struct is declared after three arrays holding its fields.
//
//===----------------------------------------------------------------------===//

#include "Emitter.h"

using namespace mlir;
using namespace mlir::asc;

LogicalResult mlir::asc::printOperation(Emitter &emitter, VdeqInfoOp op) {
  raw_ostream &os = emitter.ostream();
  StringRef name = emitter.getOrCreateName(op.getResult());
  static const char *const kSuffix[] = {"_scale", "_offset", "_sign_mode"};
  static const char *const kType[] = {"float", "int16_t", "bool"};
  SmallVector<std::string> arrays;
  OperandRange fields = op.getFields();
  for (unsigned k = 0; k < 3; ++k) {
    arrays.push_back(emitter.createUniqueName((name + kSuffix[k]).str()).str());
    os << "const " << kType[k] << " " << arrays.back() << "[16] = {";
    if (failed(
            printCommaSeparated(fields.slice(16 * k, 16), os, [&](Value field) {
              return emitter.emitOperandConvertedTo(field, field.getType());
            })))
      return failure();
    os << "};\n";
  }
  emitter.emitLocation(op.getLoc());
  if (failed(emitter.emitDeclaration(op.getResult())))
    return failure();
  os << "(" << arrays[0] << ", " << arrays[1] << ", " << arrays[2] << ")";
  return success();
}
