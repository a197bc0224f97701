//===- ir.h - Python wrappers of MLIR objects -------------------*- C++ -*-===//
//
// Plain handles shared by the binding files. Modules and builders keep their
// context alive; types, values and ops are handles that stay valid while the
// context lives (the Python compiler holds it for the whole compile).
//
//===----------------------------------------------------------------------===//

#ifndef PYASC_PYTHON_SRC_IR_H
#define PYASC_PYTHON_SRC_IR_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <memory>

namespace pyasc {

/// Owns the MLIR context with every dialect an asc module uses.
struct NbContext {
  NbContext(); // registers and loads every dialect asc modules use
  std::unique_ptr<mlir::MLIRContext> ctx;
};
using ContextRef = std::shared_ptr<NbContext>;

struct NbType {
  mlir::Type type;
};
struct NbAttr {
  mlir::Attribute attr;
};
struct NbLoc {
  mlir::Location loc;
};
struct NbValue {
  mlir::Value value;
};
struct NbBlock {
  mlir::Block *block;
};
struct NbRegion {
  mlir::Region *region;
};
struct NbOp {
  mlir::Operation *op;
};

struct NbModule {
  ContextRef ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

struct NbBuilder {
  explicit NbBuilder(ContextRef c)
      : ctx(std::move(c)), builder(ctx->ctx.get()),
        loc(mlir::UnknownLoc::get(ctx->ctx.get())) {}
  ContextRef ctx;
  mlir::OpBuilder builder;
  mlir::Location loc;
};

} // namespace pyasc

#endif // PYASC_PYTHON_SRC_IR_H
