//===- EmitControlOps.cpp - system-control op printers --------------------===//
//
// The asc ops of AscControlOps.td that are not plain calls: the calls with
// out-parameters (GetStoreAtomicConfig, GetArchVersion), which need
// variables of the exact C++ parameter type, the core-type tests on
// g_coreType, and the spelling of the cache and store-atomic enums.
//
//===----------------------------------------------------------------------===//

#include "Emitter.h"

using namespace mlir;
using namespace mlir::asc;

/// Prints `<declaration of result> = static_cast<T>(variable)`.
static LogicalResult printResultFrom(Emitter &emitter, Value result,
                                     StringRef variable, Location loc) {
  raw_ostream &os = emitter.ostream();
  if (failed(emitter.emitDeclaration(result)))
    return failure();
  os << " = static_cast<";
  if (failed(emitter.emitType(loc, result.getType())))
    return failure();
  os << ">(" << variable << ")";
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter,
                                        GetStoreAtomicConfigOp op) {
  // GetStoreAtomicConfig(uint16_t&, uint16_t&): the results are copied from
  // variables of exactly that type.
  raw_ostream &os = emitter.ostream();
  StringRef type = emitter.createUniqueName("atomic_type_bits");
  StringRef atomicOp = emitter.createUniqueName("atomic_op_bits");
  os << "uint16_t " << type << ";\n"
     << "uint16_t " << atomicOp << ";\n"
     << "AscendC::GetStoreAtomicConfig(" << type << ", " << atomicOp << ");\n";
  if (failed(printResultFrom(emitter, op.getAtomicType(), type, op.getLoc())))
    return failure();
  os << ";\n";
  return printResultFrom(emitter, op.getAtomicOp(), atomicOp, op.getLoc());
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, GetArchVersionOp op) {
  raw_ostream &os = emitter.ostream();
  StringRef version = emitter.createUniqueName("arch_version");
  os << "uint32_t " << version << " = ";
  Type u32 = IntegerType::get(op.getContext(), 32, IntegerType::Unsigned);
  if (failed(emitter.emitOperandConvertedTo(op.getCoreVersion(), u32)))
    return failure();
  os << ";\nAscendC::GetArchVersion(" << version << ");\n";
  return printResultFrom(emitter, op.getResult(), version, op.getLoc());
}

/// `g_coreType == AscendC::<core>`, converted to a non-bool result type.
static FailureOr<Precedence> printCoreTypeTest(Emitter &emitter, Operation *op,
                                               StringRef core) {
  raw_ostream &os = emitter.ostream();
  Type type = op->getResult(0).getType();
  if (type.isInteger(1)) {
    os << "g_coreType == AscendC::" << core;
    return Precedence::Equality;
  }
  os << "static_cast<";
  if (failed(emitter.emitType(op->getLoc(), type)))
    return failure();
  os << ">(g_coreType == AscendC::" << core << ")";
  return Precedence::Postfix;
}

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 AscendIsAicOp op) {
  return printCoreTypeTest(emitter, op, "AIC");
}

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 AscendIsAivOp op) {
  return printCoreTypeTest(emitter, op, "AIV");
}

std::optional<Precedence> mlir::asc::printControlEnumAttr(raw_ostream &os,
                                                          Attribute attr) {
  StringRef type, keyword;
  if (auto a = dyn_cast<CacheLineAttr>(attr)) {
    type = "CacheLine";
    keyword = stringifyCacheLine(a.getValue());
  } else if (auto a = dyn_cast<DcciDstAttr>(attr)) {
    type = "DcciDst";
    keyword = stringifyDcciDst(a.getValue());
  } else if (auto a = dyn_cast<AtomicDtypeAttr>(attr)) {
    type = "AtomicDtype";
    keyword = stringifyAtomicDtype(a.getValue());
  } else if (auto a = dyn_cast<AtomicOpAttr>(attr)) {
    type = "AtomicOp";
    keyword = stringifyAtomicOp(a.getValue());
  } else if (auto a = dyn_cast<CacheModeAttr>(attr)) {
    type = "CacheMode";
    keyword = stringifyCacheMode(a.getValue());
  } else if (auto a = dyn_cast<CacheRwModeAttr>(attr)) {
    type = "CacheRwMode";
    keyword = stringifyCacheRwMode(a.getValue());
  } else if (auto a = dyn_cast<AippInputFormatAttr>(attr)) {
    type = "AippInputFormat";
    keyword = stringifyAippInputFormat(a.getValue());
  } else {
    return std::nullopt;
  }
  os << "AscendC::" << type << "::" << keyword.upper();
  return Precedence::Primary;
}

/// One field of a brace-initialised aggregate: braces reject narrowing, so
/// anything but an in-range literal or a value of the field's exact type is
/// converted.
static LogicalResult printBraceField(Emitter &emitter, Value value, Type type,
                                     Location loc) {
  raw_ostream &os = emitter.ostream();
  if (value.getType() == type)
    return emitter.emitOperand(value);
  auto intType = dyn_cast<IntegerType>(type);
  if (std::optional<int64_t> literal = emitter.getIntegerLiteral(value)) {
    if (intType && intType.isUnsigned() && *literal >= 0 &&
        (intType.getWidth() >= 64 ||
         *literal < (int64_t(1) << intType.getWidth())))
      return emitter.emitOperand(value);
  }
  os << "static_cast<";
  if (failed(emitter.emitType(loc, type)))
    return failure();
  os << ">(";
  if (failed(emitter.emitOperand(value)))
    return failure();
  os << ")";
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, AippParamsOp op) {
  // AippParams<U> is an aggregate of aggregates (no constructor): nested
  // braces, one group per sub-struct.
  raw_ostream &os = emitter.ostream();
  if (failed(emitter.emitDeclaration(op.getResult())))
    return failure();
  SmallVector<Type> types;
  op.getFieldTypes(types);
  os << "{";
  unsigned next = 0;
  bool firstGroup = true;
  for (unsigned size : AippParamsOp::getGroupSizes()) {
    os << (firstGroup ? "{" : ", {");
    firstGroup = false;
    for (unsigned i = 0; i < size; ++i, ++next) {
      if (i)
        os << ", ";
      if (failed(printBraceField(emitter, op.getFields()[next], types[next],
                                 op.getLoc())))
        return failure();
    }
    os << "}";
  }
  os << "}";
  return success();
}
