//===- EmitAscOps.cpp - asc op printers -----------------------------------===//
//
// The generic printer of ApiOpInterface ops (`Callee<targs>(operands)`) and
// the few asc ops whose C++ is not a plain call: tensor declarations, member
// calls, pointer arithmetic and sub-tensor indexing.
//
//===----------------------------------------------------------------------===//

#include "Emitter.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// ApiOpInterface
//===----------------------------------------------------------------------===//

/// Prints `Callee<template args>(operands)`.
static LogicalResult printApiCall(Emitter &emitter, ApiOpInterface op) {
  raw_ostream &os = emitter.ostream();
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
  if (failed(emitter.emitOperands(op->getOperands())))
    return failure();
  os << ")";
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, ApiOpInterface op) {
  if (op->getNumResults() != 0)
    return op.emitOpError() << "cannot emit an API call with "
                            << op->getNumResults() << " results";
  return printApiCall(emitter, op);
}

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 ApiOpInterface op) {
  // API functions return their own types (GetBlockIdx: int64_t); convert to
  // the result type.
  raw_ostream &os = emitter.ostream();
  os << "static_cast<";
  if (failed(emitter.emitType(op.getLoc(), op->getResult(0).getType())))
    return failure();
  os << ">(";
  if (failed(printApiCall(emitter, op)))
    return failure();
  os << ")";
  return Precedence::Postfix;
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

LogicalResult mlir::asc::printOperation(Emitter &emitter, GlobalTensorOp op) {
  return emitter.emitDeclaration(op.getResult());
}

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
