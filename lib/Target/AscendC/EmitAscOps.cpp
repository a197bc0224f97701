//===- EmitAscOps.cpp - asc op printers -----------------------------------===//
//
// The generic printer of ApiOpInterface ops (`Callee<targs>(arguments)` and
// `object.Member<targs>(arguments)`, with mask arrays declared first) and
// the few asc ops whose C++ is not a plain call: parameter struct and
// tensor declarations, SetGlobalBuffer, pointer arithmetic, sub-tensor
// indexing, the pipe reference, constants and struct fields.
//
//===----------------------------------------------------------------------===//

#include "Emitter.h"

#include <functional>

#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// ApiOpInterface
//===----------------------------------------------------------------------===//

/// Prints `Callee<template args>(arguments)`, or
/// `object.Callee<template args>(arguments)` for a member call. Mask array
/// arguments print as the names in `maskArrays`, in order.
static LogicalResult printApiCall(Emitter &emitter, ApiOpInterface op,
                                  ArrayRef<ApiArgument> arguments,
                                  ArrayRef<StringRef> maskArrays) {
  raw_ostream &os = emitter.ostream();
  if (op.isMemberCall()) {
    if (failed(emitter.emitOperand(op->getOperand(0), Precedence::Postfix)))
      return failure();
    os << ".";
  }
  os << op.getApiCallee();
  SmallVector<Attribute> templateArgs;
  op.getTemplateArguments(templateArgs);
  if (!templateArgs.empty()) {
    os << "<";
    if (failed(printCommaSeparated(templateArgs, os, [&](Attribute arg) {
          return emitter.emitAttribute(op.getLoc(), arg);
        })))
      return failure();
    os << ">";
  }
  os << "(";
  const StringRef *maskArray = maskArrays.begin();
  if (failed(printCommaSeparated(
          arguments, os, [&](const ApiArgument &arg) -> LogicalResult {
            switch (arg.kind) {
            case ApiArgument::Kind::Operand:
              if (arg.type)
                return emitter.emitOperandOfType(arg.value, arg.type);
              return emitter.emitOperand(arg.value);
            case ApiArgument::Kind::Mask:
              // A bare 0 is a null pointer constant, which also matches the
              // mask-array overload.
              if (emitter.getIntegerLiteral(arg.value) == 0) {
                os << "static_cast<uint64_t>(0)";
                return success();
              }
              return emitter.emitOperand(arg.value);
            case ApiArgument::Kind::MaskArray:
              os << *maskArray++;
              return success();
            case ApiArgument::Kind::Literal:
              return emitter.emitAttribute(op.getLoc(), arg.literal);
            }
            llvm_unreachable("unknown ApiArgument kind");
          })))
    return failure();
  os << ")";
  return success();
}

/// Prints a word of a `uint64_t` mask array initialiser: braces reject
/// narrowing, so anything but a non-negative literal is converted.
static LogicalResult printMaskWord(Emitter &emitter, Value word) {
  std::optional<int64_t> literal = emitter.getIntegerLiteral(word);
  if (literal && *literal >= 0)
    return emitter.emitOperand(word);
  emitter.ostream() << "static_cast<uint64_t>(";
  if (failed(emitter.emitOperand(word)))
    return failure();
  emitter.ostream() << ")";
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, ApiOpInterface op) {
  if (op->getNumResults() != 0)
    return op.emitOpError() << "cannot emit an API call with "
                            << op->getNumResults() << " results";
  SmallVector<ApiArgument> arguments;
  op.getCallArguments(arguments);
  // Mask arrays are declared first: `uint64_t mask[] = {low, high};`.
  SmallVector<StringRef> maskArrays;
  raw_ostream &os = emitter.ostream();
  for (const ApiArgument &arg : arguments) {
    if (arg.kind != ApiArgument::Kind::MaskArray)
      continue;
    maskArrays.push_back(emitter.createUniqueName("mask"));
    os << "uint64_t " << maskArrays.back() << "[] = {";
    if (failed(printMaskWord(emitter, arg.value)))
      return failure();
    os << ", ";
    if (failed(printMaskWord(emitter, arg.high)))
      return failure();
    os << "};\n";
  }
  if (!maskArrays.empty())
    emitter.emitLocation(op.getLoc());
  return printApiCall(emitter, op, arguments, maskArrays);
}

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 ApiOpInterface op) {
  // API functions return their own scalar types (GetBlockIdx: int64_t,
  // AllocEventID: int8_t); convert to the result type. Objects and tensors
  // are returned as they are.
  SmallVector<ApiArgument> arguments;
  op.getCallArguments(arguments);
  if (llvm::any_of(arguments, [](const ApiArgument &arg) {
        return arg.kind == ApiArgument::Kind::MaskArray;
      }))
    return op.emitOpError("cannot emit a mask array inside an expression");
  Type resultType = op->getResult(0).getType();
  if (!op.castsResult() || !resultType.isIntOrFloat()) {
    if (failed(printApiCall(emitter, op, arguments, {})))
      return failure();
    return Precedence::Postfix;
  }
  raw_ostream &os = emitter.ostream();
  os << "static_cast<";
  if (failed(emitter.emitType(op.getLoc(), resultType)))
    return failure();
  os << ">(";
  if (failed(printApiCall(emitter, op, arguments, {})))
    return failure();
  os << ")";
  return Precedence::Postfix;
}

//===----------------------------------------------------------------------===//
// Parameter structs
//===----------------------------------------------------------------------===//

/// Whether the run-time `value` of a field may not fit the field's member,
/// an 8- to 32-bit integer (not an element of the struct's type T, nor a
/// 64-bit member: those hold bit patterns): a signed value into an unsigned
/// member, or a wider value. Converting it would hand the simulator's
/// checks the truncation instead of the kernel's value, so it goes through
/// `pyasc::param_field` (ascsim/param_field.h).
static bool needsFieldCheck(Value value, Type fieldType,
                            const asc::detail::ParamFieldInfo *info) {
  auto fieldInt = dyn_cast<IntegerType>(fieldType);
  auto valueInt = dyn_cast<IntegerType>(value.getType());
  if (!info || info->enumerators ||
      !llvm::is_contained(
          {"uint8_t", "uint16_t", "uint32_t", "int8_t", "int16_t", "int32_t"},
          StringRef(info->cxxType)) ||
      !fieldInt || !valueInt || fieldInt.isSignless() ||
      fieldInt.getWidth() < 8 || fieldInt.getWidth() > 32 ||
      valueInt.getWidth() == 1 ||
      getConstantInt(value)) // the verifier checked constants
    return false;
  if (info->ignoredHint) // a run-time value is warned about
    return true;
  unsigned fw = fieldInt.getWidth(), vw = valueInt.getWidth();
  bool fits = fieldInt.isSigned() ? (valueInt.isUnsigned() ? vw < fw : vw <= fw)
                                  : valueInt.isUnsigned() && vw <= fw;
  return !fits;
}

/// Prints `value` converted to the integer field `fieldType` through
/// `pyasc::param_field<T>(value, "Struct", "field", lo, hi)`: [lo, hi] the
/// range ODS `fieldRanges` gives (hi < lo: none, the instruction checks).
static LogicalResult
printCheckedField(Emitter &emitter, Operation *op, Value value, Type fieldType,
                  const asc::detail::ParamFieldInfo &info) {
  raw_ostream &os = emitter.ostream();
  os << "pyasc::param_field<";
  if (failed(emitter.emitType(op->getLoc(), fieldType)))
    return failure();
  os << ">(";
  if (failed(emitter.emitOperand(value)))
    return failure();
  os << ", \"" << getApiName(op) << "\", \"" << info.name << "\", " << info.min
     << ", " << info.max;
  if (info.ignoredHint) {
    os << ", \"";
    os.write_escaped(info.ignoredHint);
    os << "\"";
  }
  os << ")";
  return success();
}

bool mlir::asc::usesParamFieldCheck(Operation *root) {
  return root
      ->walk([](ParamStructOpInterface op) {
        SmallVector<Type> fieldTypes;
        op.getFieldTypes(fieldTypes);
        const asc::detail::ParamStructInfo *info =
            asc::detail::getParamStructInfo(op);
        if (!info)
          return WalkResult::advance();
        OperandRange operands = op->getOperands();
        unsigned next = 0;
        for (auto [i, fieldType] : llvm::enumerate(fieldTypes)) {
          if (i >= info->numFields)
            break;
          const asc::detail::ParamFieldInfo &field = info->fields[i];
          unsigned count = field.arrayLength ? field.arrayLength : 1;
          for (Value value : operands.slice(next, count))
            if (needsFieldCheck(value, fieldType, &field))
              return WalkResult::interrupt();
          next += count;
        }
        return WalkResult::advance();
      })
      .wasInterrupted();
}

/// Prints the value of one scalar field: an enum field's constant as its
/// enumerator, an enum field otherwise cast to the enum, a run-time value
/// its member may not hold checked, the others converted to the
/// constructor parameter's type.
static LogicalResult printFieldValue(Emitter &emitter, Operation *op,
                                     Value value, Type fieldType,
                                     const asc::detail::ParamFieldInfo *info) {
  raw_ostream &os = emitter.ostream();
  if (needsFieldCheck(value, fieldType, info))
    return printCheckedField(emitter, op, value, fieldType, *info);
  if (info && info->enumerators) {
    std::optional<int64_t> v = getConstantInt(value);
    if (v && *v >= 0 && static_cast<uint64_t>(*v) < info->numEnumerators &&
        info->enumerators[*v]) {
      os << info->enumerators[*v];
      return success();
    }
    os << "static_cast<" << info->cxxType << ">(";
    if (failed(emitter.emitOperand(value)))
      return failure();
    os << ")";
    return success();
  }
  return emitter.emitOperandConvertedTo(value, fieldType);
}

/// `Struct name(fields...)`, or where no constructor takes the fields in
/// order (MmadParams), `Struct name;` and an assignment of each member whose
/// value is not its initialiser. Array fields are declared first as
/// `uint8_t pad_list[4] = {...};`.
LogicalResult mlir::asc::printOperation(Emitter &emitter,
                                        ParamStructOpInterface op) {
  raw_ostream &os = emitter.ostream();
  SmallVector<Type> fieldTypes;
  op.getFieldTypes(fieldTypes);
  const asc::detail::ParamStructInfo *info =
      asc::detail::getParamStructInfo(op);
  // Each field's value: its operand, or the name of its array variable.
  SmallVector<std::function<LogicalResult()>> values;
  OperandRange operands = op->getOperands();
  unsigned next = 0;
  for (auto [i, fieldType] : llvm::enumerate(fieldTypes)) {
    const asc::detail::ParamFieldInfo *field =
        info && i < info->numFields ? &info->fields[i] : nullptr;
    if (field && field->arrayLength) {
      OperandRange elements = operands.slice(next, field->arrayLength);
      next += field->arrayLength;
      std::string name = emitter.createUniqueName(field->name).str();
      os << field->cxxType << " " << name << "[" << field->arrayLength
         << "] = {";
      if (failed(printCommaSeparated(elements, os, [&](Value element) {
            return printFieldValue(emitter, op, element, fieldType, field);
          })))
        return failure();
      os << "};\n";
      emitter.emitLocation(op.getLoc());
      values.push_back([&os, name] {
        os << name;
        return success();
      });
      continue;
    }
    Value value = operands[next++];
    values.push_back([&emitter, op, value, fieldType = fieldType, field] {
      return printFieldValue(emitter, op, value, fieldType, field);
    });
  }
  if (failed(emitter.emitDeclaration(op->getResult(0))))
    return failure();
  if (!info || info->fieldConstructor) {
    os << "(";
    if (failed(printCommaSeparated(values, os,
                                   [](auto &print) { return print(); })))
      return failure();
    os << ")";
    return success();
  }
  StringRef name = emitter.getOrCreateName(op->getResult(0));
  unsigned index = 0;
  for (auto [field, print] :
       llvm::zip_equal(ArrayRef(info->fields, info->numFields), values)) {
    Value operand = field.arrayLength ? Value() : operands[index];
    index += field.arrayLength ? field.arrayLength : 1;
    std::optional<int64_t> v = operand ? getConstantInt(operand) : std::nullopt;
    if (v && operand.getType().isInteger(1))
      *v &= 1; // true is -1 as a signed i1
    if (v && field.hasInit && *v == field.init)
      continue;
    os << ";\n";
    emitter.emitLocation(op.getLoc());
    os << name << "." << field.member << " = ";
    if (failed(print()))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

LogicalResult mlir::asc::printOperation(Emitter &emitter,
                                        SetGlobalBufferOp op) {
  raw_ostream &os = emitter.ostream();
  if (failed(emitter.emitOperand(op.getTensor(), Precedence::Postfix)))
    return failure();
  os << ".SetGlobalBuffer(";
  if (failed(emitter.emitOperand(op.getAddr())))
    return failure();
  if (Value size = op.getSize()) {
    os << ", ";
    if (failed(emitter.emitOperand(size)))
      return failure();
  }
  os << ")";
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, LocalTensorOp op) {
  raw_ostream &os = emitter.ostream();
  if (failed(emitter.emitDeclaration(op.getResult())))
    return failure();
  os << "(";
  auto position =
      TPositionAttr::get(op.getContext(), op.getType().getPosition());
  if (failed(emitter.emitAttribute(op.getLoc(), position)))
    return failure();
  os << ", ";
  if (failed(emitter.emitOperands({op.getAddr(), op.getLength()})))
    return failure();
  os << ")";
  return success();
}

/// `T result[ = init];` and a new line at `op`'s location: the variable that
/// the call after it changes in place.
static LogicalResult printNewVariable(Emitter &emitter, Operation *op,
                                      Value init) {
  raw_ostream &os = emitter.ostream();
  Value result = op->getResult(0);
  if (failed(emitter.emitDeclaration(result)))
    return failure();
  if (init) {
    os << " = ";
    if (failed(emitter.emitOperand(init)))
      return failure();
  }
  os << ";\n";
  emitter.emitLocation(op->getLoc());
  return success();
}

/// `T result[ = init];` then `result.member(args)`: the descriptor setters
/// yield a modified copy, so the value they start from keeps its meaning.
static LogicalResult printSetterOnNewVariable(Emitter &emitter, Operation *op,
                                              Value init, StringRef member,
                                              ValueRange args) {
  raw_ostream &os = emitter.ostream();
  Value result = op->getResult(0);
  if (failed(printNewVariable(emitter, op, init)))
    return failure();
  os << emitter.getOrCreateName(result) << "." << member << "(";
  if (failed(emitter.emitOperands(args)))
    return failure();
  os << ")";
  return success();
}

LogicalResult mlir::asc::printInPlaceQueueTensor(Emitter &emitter,
                                                 Operation *op, Value queue,
                                                 Value init) {
  raw_ostream &os = emitter.ostream();
  Value result = op->getResult(0);
  if (failed(printNewVariable(emitter, op, init)))
    return failure();
  if (failed(emitter.emitOperand(queue, Precedence::Postfix)))
    return failure();
  os << "." << cast<ApiOpInterface>(op).getApiCallee() << "("
     << emitter.getOrCreateName(result) << ")";
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter,
                                        LocalTensorSetSizeOp op) {
  return printSetterOnNewVariable(emitter, op, op.getTensor(),
                                  op.getSetterName(), op.getValue());
}

LogicalResult mlir::asc::printOperation(Emitter &emitter,
                                        LocalTensorSetBufferLenOp op) {
  return printSetterOnNewVariable(emitter, op, op.getTensor(),
                                  op.getSetterName(), op.getValue());
}

LogicalResult mlir::asc::printOperation(Emitter &emitter,
                                        LocalTensorSetAddrWithOffsetOp op) {
  // Every field comes from the source: the new variable needs no value.
  return printSetterOnNewVariable(emitter, op, Value(), "SetAddrWithOffset",
                                  {op.getSource(), op.getOffset()});
}

FailureOr<Precedence>
mlir::asc::printExpression(Emitter &emitter, LocalTensorReinterpretCastOp op) {
  raw_ostream &os = emitter.ostream();
  if (failed(emitter.emitOperand(op.getTensor(), Precedence::Postfix)))
    return failure();
  os << ".ReinterpretCast<";
  if (failed(emitter.emitType(op.getLoc(),
                              op.getResult().getType().getElementType())))
    return failure();
  os << ">()";
  return Precedence::Postfix;
}

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 SubviewOp op) {
  raw_ostream &os = emitter.ostream();
  if (failed(emitter.emitOperand(op.getSource(), Precedence::Postfix)))
    return failure();
  os << "[";
  if (failed(emitter.emitOperand(op.getOffset())))
    return failure();
  os << "]";
  return Precedence::Postfix;
}

//===----------------------------------------------------------------------===//
// Pointers
//===----------------------------------------------------------------------===//

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 PtrOffsetOp op) {
  if (failed(emitter.emitOperand(op.getBase(), Precedence::Additive)))
    return failure();
  emitter.ostream() << " + ";
  if (failed(
          emitter.emitOperand(op.getOffset(), tighter(Precedence::Additive))))
    return failure();
  return Precedence::Additive;
}

//===----------------------------------------------------------------------===//
// Framework
//===----------------------------------------------------------------------===//

LogicalResult mlir::asc::printOperation(Emitter &emitter, GetTPipePtrOp op) {
  Value result = op.getResult();
  if (failed(emitter.emitParameter(op.getLoc(), result.getType(),
                                   emitter.getOrCreateName(result))))
    return failure();
  emitter.ostream() << " = *GetTPipePtr()";
  return success();
}

//===----------------------------------------------------------------------===//
// System
//===----------------------------------------------------------------------===//

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 PropertyOp op) {
  // The C++ constants have their own types (ONE_BLK_SIZE: uint16_t).
  raw_ostream &os = emitter.ostream();
  os << "static_cast<";
  if (failed(emitter.emitType(op.getLoc(), op.getType())))
    return failure();
  os << ">(";
  if (failed(emitter.emitAttribute(op.getLoc(), op.getPropertyAttr())))
    return failure();
  os << ")";
  return Precedence::Postfix;
}

//===----------------------------------------------------------------------===//
// Structs
//===----------------------------------------------------------------------===//

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 StructLoadOp op) {
  emitter.ostream() << "*";
  if (failed(emitter.emitOperand(op.getPtr(), tighter(Precedence::Unary))))
    return failure();
  return Precedence::Unary;
}

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 StructGetOp op) {
  if (failed(emitter.emitOperand(op.getInput(), Precedence::Postfix)))
    return failure();
  emitter.ostream() << "." << op.getField();
  return Precedence::Postfix;
}

/// Adds the ops printed inline in the expression of `value` to `ops`.
static void collectInlinedOps(Emitter &emitter, Value value,
                              SmallPtrSetImpl<Operation *> &ops) {
  Operation *def = value.getDefiningOp();
  if (!def || !emitter.isInlined(def) || !ops.insert(def).second)
    return;
  for (Value operand : def->getOperands())
    collectInlinedOps(emitter, operand, ops);
}

/// True if `op` may assign the field in the variable of its input: the old
/// struct is read nowhere else than in the assigned expression itself, and
/// the op runs once per definition of the input (same block).
static bool canAssignInPlace(Emitter &emitter, StructSetOp op) {
  Value input = op.getInput();
  Operation *def = input.getDefiningOp();
  Block *defBlock =
      def ? def->getBlock() : cast<BlockArgument>(input).getOwner();
  if (defBlock != op->getBlock() || (def && emitter.isInlined(def)))
    return false;
  SmallPtrSet<Operation *, 8> readers;
  collectInlinedOps(emitter, op.getValue(), readers);
  return llvm::all_of(input.getUsers(), [&](Operation *user) {
    return user == op || readers.contains(user);
  });
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, StructSetOp op) {
  raw_ostream &os = emitter.ostream();
  Value result = op.getResult();
  if (canAssignInPlace(emitter, op)) {
    emitter.mapToSameVariable(result, op.getInput());
  } else {
    if (failed(emitter.emitDeclaration(result)))
      return failure();
    os << " = ";
    if (failed(emitter.emitOperand(op.getInput())))
      return failure();
    os << ";\n";
  }
  os << emitter.getOrCreateName(result) << "." << op.getField() << " = ";
  return emitter.emitOperand(op.getValue());
}
