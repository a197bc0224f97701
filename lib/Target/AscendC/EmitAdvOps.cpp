//===- EmitAdvOps.cpp - structs built in the kernel -----------------------===//
//
// asc.struct_zero declares a value-initialised struct (the advanced API's
// tiling structs computed in the kernel); the advanced API calls print
// through the generic ApiOpInterface path.
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
