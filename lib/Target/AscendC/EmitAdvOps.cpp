//===- EmitAdvOps.cpp - structs built in the kernel -----------------------===//
//
// asc.struct_zero declares a value-initialised struct (the advanced API's
// tiling structs computed in the kernel); the advanced API calls print
// through the generic ApiOpInterface path. Also the ListTensorDesc
// declaration (with or without its descriptor) and the test for the
// list-tensor include.
//
//===----------------------------------------------------------------------===//

#include "Emitter.h"

using namespace mlir;
using namespace mlir::asc;

LogicalResult mlir::asc::printOperation(Emitter &emitter, StructZeroOp op) {
  if (failed(emitter.emitDeclaration(op.getResult())))
    return failure();
  emitter.ostream() << "{}";
  return success();
}

//===----------------------------------------------------------------------===//
// List tensors
//===----------------------------------------------------------------------===//

/// `AscendC::ListTensorDesc l;` or `AscendC::ListTensorDesc l(data, len, n);`.
LogicalResult mlir::asc::printOperation(Emitter &emitter, ListTensorDescOp op) {
  if (failed(emitter.emitDeclaration(op.getResult())))
    return failure();
  if (!op.getData())
    return success();
  raw_ostream &os = emitter.ostream();
  os << "(";
  if (failed(emitter.emitOperands(
          {op.getData(), op.getLength(), op.getShapeSize()})))
    return failure();
  os << ")";
  return success();
}

bool mlir::asc::usesListTensor(Operation *root) {
  return root
      ->walk([](Operation *op) {
        return isa<TensorDescOp, ListTensorDescOp>(op) ? WalkResult::interrupt()
                                                       : WalkResult::advance();
      })
      .wasInterrupted();
}
