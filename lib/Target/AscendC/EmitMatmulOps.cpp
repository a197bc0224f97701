//===- EmitMatmulOps.cpp - the Matmul advanced API ------------------------===//
//
// The Matmul object's C++ type and config, REGIST_MATMUL_OBJ and the method
// calls. Each distinct Matmul type gets one file-scope config
//
//   constexpr static AscendC::MatmulConfig PYASC_MM_CFG_<hash> = [] {
//     AscendC::MatmulConfig c = AscendC::GetNormalConfig();
//     c.iterateOrder = static_cast<decltype(c.iterateOrder)>(1);
//     return c;
//   }();
//
// (the fields that differ from GetNormalConfig()), named by a hash of the
// type so that the declaration and every use agree without shared state.
//
//===----------------------------------------------------------------------===//

#include "Emitter.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace mlir::asc;

/// FNV-1a of the printed type: stable across runs and processes.
static std::string matmulConfigName(MatmulType type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << Type(type);
  uint64_t hash = 0xcbf29ce484222325ULL;
  for (char ch : text) {
    hash ^= static_cast<unsigned char>(ch);
    hash *= 0x100000001b3ULL;
  }
  std::string name;
  llvm::raw_string_ostream out(name);
  out << "PYASC_MM_CFG_" << llvm::format_hex_no_prefix(hash, 16);
  return name;
}

static const char *cubeFormatName(CubeFormat format) {
  switch (format) {
  case CubeFormat::ND:
    return "ND";
  case CubeFormat::NZ:
    return "NZ";
  case CubeFormat::ZN:
    return "ZN";
  case CubeFormat::ZZ:
    return "ZZ";
  case CubeFormat::NN:
    return "NN";
  case CubeFormat::ND_ALIGN:
    return "ND_ALIGN";
  case CubeFormat::SCALAR:
    return "SCALAR";
  case CubeFormat::VECTOR:
    return "VECTOR";
  }
  return "ND";
}

static LogicalResult emitOperandType(Emitter &emitter, Location loc,
                                     TPosition position, CubeFormat format,
                                     Type type, BoolAttr trans,
                                     LayoutMode layout) {
  raw_ostream &os = emitter.ostream();
  os << "AscendC::MatmulType<";
  if (failed(emitter.emitPosition(loc, position)))
    return failure();
  os << ", CubeFormat::" << cubeFormatName(format) << ", ";
  if (failed(emitter.emitType(loc, type)))
    return failure();
  os << ", " << (trans.getValue() ? "true" : "false")
     << ", LayoutMode::" << stringifyLayoutMode(layout).upper() << ">";
  return success();
}

/// `A, B, C, Bias` of a Matmul type.
static LogicalResult emitOperandTypes(Emitter &emitter, Location loc,
                                      MatmulType type) {
  raw_ostream &os = emitter.ostream();
  if (failed(emitOperandType(emitter, loc, type.getAPosition(),
                             type.getAFormat(), type.getAType(),
                             type.getATrans(), type.getALayout())))
    return failure();
  os << ", ";
  if (failed(emitOperandType(emitter, loc, type.getBPosition(),
                             type.getBFormat(), type.getBType(),
                             type.getBTrans(), type.getBLayout())))
    return failure();
  os << ", ";
  if (failed(emitOperandType(emitter, loc, type.getCPosition(),
                             type.getCFormat(), type.getCType(),
                             type.getCTrans(), type.getCLayout())))
    return failure();
  os << ", ";
  return emitOperandType(emitter, loc, type.getBiasPosition(),
                         type.getBiasFormat(), type.getBiasType(),
                         type.getBiasTrans(), type.getBiasLayout());
}

LogicalResult mlir::asc::emitMatmulType(Emitter &emitter, Location loc,
                                        MatmulType type) {
  raw_ostream &os = emitter.ostream();
  os << "AscendC::Matmul<";
  if (failed(emitOperandTypes(emitter, loc, type)))
    return failure();
  os << ", " << matmulConfigName(type) << ">";
  return success();
}

/// The config key naming the L1 size of a static tiling.
static constexpr llvm::StringLiteral kStaticTilingL1 = "static_tiling_l1";

LogicalResult mlir::asc::printMatmulConfigs(Emitter &emitter,
                                            ModuleOp moduleOp) {
  llvm::SetVector<MatmulType> types;
  moduleOp.walk([&](MatmulOp op) { types.insert(op.getType()); });
  raw_ostream &os = emitter.ostream();
  Location loc = moduleOp.getLoc();
  for (MatmulType type : types) {
    std::string name = matmulConfigName(type);
    DictionaryAttr config = type.getConfig();
    auto l1 = config.getAs<IntegerAttr>(kStaticTilingL1);
    std::string base = l1 ? name + "_BASE" : name;
    os << "\nconstexpr static AscendC::MatmulConfig " << base
       << " = [] {\n  AscendC::MatmulConfig c = AscendC::GetNormalConfig();\n";
    for (NamedAttribute field : config) {
      StringRef key = field.getName().getValue();
      if (key == kStaticTilingL1)
        continue;
      os << "  c." << key << " = ";
      if (auto flag = dyn_cast<BoolAttr>(field.getValue()))
        os << (flag.getValue() ? "true" : "false");
      else
        os << "static_cast<decltype(c." << key << ")>("
           << cast<IntegerAttr>(field.getValue()).getInt() << ")";
      os << ";\n";
    }
    os << "  return c;\n}();\n";
    if (l1) {
      os << "constexpr static auto " << name
         << " = AscendC::GetMatmulApiTiling<";
      if (failed(emitOperandTypes(emitter, loc, type)))
        return failure();
      os << ">(" << base << ", " << l1.getInt() << ");\n";
    }
  }
  return success();
}

bool mlir::asc::usesMatmul(Operation *op) {
  return op->walk([](MatmulOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// A struct argument by address, anything else as it is.
static LogicalResult emitMatmulArgument(Emitter &emitter, Value value) {
  bool byAddress = isa<StructType, TPipeType>(value.getType());
  if (byAddress)
    emitter.ostream() << "&";
  return emitter.emitOperand(value, byAddress ? Precedence::Postfix
                                              : Precedence::Lowest);
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, RegistMatmulOp op) {
  raw_ostream &os = emitter.ostream();
  os << "REGIST_MATMUL_OBJ(&";
  if (failed(emitter.emitOperand(op.getPipe(), Precedence::Unary)))
    return failure();
  os << ", (GM_ADDR)(";
  if (failed(emitter.emitOperand(op.getWorkspace())))
    return failure();
  os << "), ";
  if (failed(emitter.emitOperand(op.getMatmul())))
    return failure();
  if (Value tiling = op.getTiling()) {
    os << ", ";
    if (failed(emitMatmulArgument(emitter, tiling)))
      return failure();
  }
  os << ")";
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, MatmulCallOp op) {
  raw_ostream &os = emitter.ostream();
  if (!op.getResults().empty()) {
    Value result = op.getResults()[0];
    if (failed(emitter.emitDeclaration(result)))
      return failure();
    os << " = ";
  }
  if (failed(emitter.emitOperand(op.getMatmul(), Precedence::Postfix)))
    return failure();
  os << "." << op.getMethod();
  if (auto sync = op.getSyncAttr()) {
    os << "<" << (sync.getValue() ? "true" : "false");
    if (auto wait = op.getWaitAttr())
      os << ", " << (wait.getValue() ? "true" : "false");
    os << ">";
  }
  os << "(";
  for (auto [index, arg] : llvm::enumerate(op.getArgs())) {
    if (index)
      os << ", ";
    // SetUserDefInfo(const uint64_t tilingPtr) takes the address as an
    // integer: a pointer does not convert implicitly.
    bool asInteger =
        op.getMethod() == "SetUserDefInfo" && isa<GMAddrType>(arg.getType());
    if (asInteger)
      os << "reinterpret_cast<uint64_t>(";
    if (failed(emitMatmulArgument(emitter, arg)))
      return failure();
    if (asInteger)
      os << ")";
  }
  os << ")";
  return success();
}
