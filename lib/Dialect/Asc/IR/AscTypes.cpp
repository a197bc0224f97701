//===- AscTypes.cpp - asc types -------------------------------------------===//
//
// Type registration, type verifiers and element-type helpers.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asc;

#define GET_TYPEDEF_CLASSES
#include "ascir/Dialect/Asc/IR/AscTypes.cpp.inc"

void AscDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ascir/Dialect/Asc/IR/AscTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

bool mlir::asc::isSupportedElementType(Type type) {
  if (type.isF16() || type.isBF16() || type.isF32())
    return true;
  auto intType = dyn_cast<IntegerType>(type);
  if (!intType || intType.isSigned())
    return false;
  unsigned width = intType.getWidth();
  if (width == 1)
    return intType.isSignless();
  return width == 8 || width == 16 || width == 32 || width == 64;
}

unsigned mlir::asc::getElementByteSize(Type type) {
  if (!isSupportedElementType(type))
    return 0;
  return std::max(type.getIntOrFloatBitWidth() / 8, 1u);
}

unsigned mlir::asc::getAlignment(Hardware memory) {
  switch (memory) {
  case Hardware::GM:
    return 1;
  case Hardware::UB:
  case Hardware::L1:
    return 32;
  case Hardware::L0A:
  case Hardware::L0B:
    return 512;
  case Hardware::L0C:
  case Hardware::BIAS:
    return 64;
  case Hardware::FIXBUF:
    return 128;
  }
  llvm_unreachable("unknown Hardware");
}

Hardware mlir::asc::getTensorHardware(Type tensorType) {
  return getHardware(getTensorPosition(tensorType));
}

TPosition mlir::asc::getTensorPosition(Type tensorType) {
  if (auto local = dyn_cast<LocalTensorType>(tensorType))
    return local.getPosition();
  return TPosition::GM;
}

Type mlir::asc::getTensorElementType(Type tensorType) {
  return TypeSwitch<Type, Type>(tensorType)
      .Case<GlobalTensorType, LocalTensorType>(
          [](auto type) { return type.getElementType(); })
      .Default([](Type) { return Type(); });
}

//===----------------------------------------------------------------------===//
// Type verifiers
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kSupportedTypes =
    "f16, bf16, f32, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64";

static LogicalResult
verifyElementType(function_ref<InFlightDiagnostic()> emitError, Type type) {
  if (isSupportedElementType(type))
    return success();
  return emitError() << "element type " << type
                     << " is not an Ascend C element type (expected "
                     << kSupportedTypes << ")";
}

LogicalResult GMAddrType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 Type elementType) {
  return verifyElementType(emitError, elementType);
}

LogicalResult
GlobalTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                         Type elementType) {
  // `none` marks a tensor not yet bound by set_global_buffer.
  if (llvm::isa<NoneType>(elementType))
    return success();
  return verifyElementType(emitError, elementType);
}

LogicalResult
LocalTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                        TPosition position, Type elementType) {
  return verifyElementType(emitError, elementType);
}
