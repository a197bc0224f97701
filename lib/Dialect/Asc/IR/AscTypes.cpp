//===- AscTypes.cpp - asc types -------------------------------------------===//
//
// Type registration, the struct field list syntax, type verifiers and
// element-type and queue helpers.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// Parses `"name" : type, ...` (possibly empty, which the verifier rejects).
static ParseResult parseStructFields(AsmParser &parser,
                                     SmallVector<StringAttr> &names,
                                     SmallVector<Type> &types) {
  auto parseRest = [&](const std::string &name) -> ParseResult {
    Type type;
    if (parser.parseColon() || parser.parseType(type))
      return failure();
    names.push_back(StringAttr::get(parser.getContext(), name));
    types.push_back(type);
    return success();
  };
  std::string name;
  if (succeeded(parser.parseOptionalString(&name))) {
    if (parseRest(name))
      return failure();
    while (succeeded(parser.parseOptionalComma()))
      if (parser.parseString(&name) || parseRest(name))
        return failure();
  }
  return success();
}

static void printStructFields(AsmPrinter &printer, ArrayRef<StringAttr> names,
                              ArrayRef<Type> types) {
  llvm::interleaveComma(llvm::zip_equal(names, types), printer, [&](auto pair) {
    printer.printString(std::get<0>(pair).getValue());
    printer << " : " << std::get<1>(pair);
  });
}

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
  if (type.isF16() || type.isBF16() || type.isF32() || type.isF64())
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

bool mlir::asc::isFrameworkObjectType(Type type) {
  return isa<TPipeType, TQueType, TQueBindType, TBufType, TBufPoolType,
             LocalMemAllocatorType>(type);
}

TPosition mlir::asc::getQueueTensorPosition(Type queueType) {
  return TypeSwitch<Type, TPosition>(queueType).Case<TQueType, TQueBindType>(
      [](auto type) { return type.getTensorPosition(); });
}

int64_t mlir::asc::getQueueDepth(Type queueType) {
  return TypeSwitch<Type, int64_t>(queueType).Case<TQueType, TQueBindType>(
      [](auto type) { return type.getDepth(); });
}

//===----------------------------------------------------------------------===//
// Type verifiers
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kSupportedTypes =
    "f16, bf16, f32, f64, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64";

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
  // A kernel receives user structs through GM pointers.
  if (llvm::isa<StructType>(elementType))
    return success();
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

static LogicalResult verifyDepth(function_ref<InFlightDiagnostic()> emitError,
                                 int64_t depth) {
  if (depth < 0)
    return emitError() << "queue depth must be non-negative, but got " << depth;
  return success();
}

LogicalResult TQueType::verify(function_ref<InFlightDiagnostic()> emitError,
                               TPosition position, int64_t depth) {
  if (position == TPosition::GM)
    return emitError() << "queue position gm is not a buffer position";
  return verifyDepth(emitError, depth);
}

LogicalResult TQueBindType::verify(function_ref<InFlightDiagnostic()> emitError,
                                   TPosition src, TPosition dst,
                                   int64_t depth) {
  if (!isOnChip(src) && !isOnChip(dst))
    return emitError() << "queue binds " << stringifyTPosition(src) << " to "
                       << stringifyTPosition(dst)
                       << "; one of its positions must be on chip";
  return verifyDepth(emitError, depth);
}

LogicalResult TBufType::verify(function_ref<InFlightDiagnostic()> emitError,
                               TPosition position) {
  if (!isOnChip(position))
    return emitError() << "buffer position " << stringifyTPosition(position)
                       << " is not on chip";
  return success();
}

/// Largest number of buffers a TBufPool can hand out (ascendc_api.md §2.7).
static constexpr int64_t kMaxPoolBuffers = 16;

LogicalResult TBufPoolType::verify(function_ref<InFlightDiagnostic()> emitError,
                                   TPosition position, int64_t bufIdSize) {
  Hardware memory = getHardware(position);
  if (memory != Hardware::UB && memory != Hardware::L1)
    return emitError() << "buffer pool position "
                       << stringifyTPosition(position) << " is in "
                       << stringifyHardware(memory)
                       << ", but pools must be in ub or l1";
  if (bufIdSize < 1 || bufIdSize > kMaxPoolBuffers)
    return emitError() << "buffer pool size must be in [1, " << kMaxPoolBuffers
                       << "], but got " << bufIdSize;
  return success();
}

LogicalResult
LocalMemAllocatorType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Hardware hardware) {
  if (hardware == Hardware::GM)
    return emitError() << "allocator memory gm is not on chip";
  return success();
}

LogicalResult
DataCopyPadExtParamsType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 Type elementType) {
  return verifyElementType(emitError, elementType);
}

//===----------------------------------------------------------------------===//
// StructType
//===----------------------------------------------------------------------===//

/// True if `name` is a C++ identifier (letters, digits and `_`, not starting
/// with a digit).
static bool isIdentifier(StringRef name) {
  return !name.empty() && !llvm::isDigit(name.front()) &&
         llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

LogicalResult StructType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef name,
                                 ArrayRef<StringAttr> fieldNames,
                                 ArrayRef<Type> fieldTypes, unsigned pack) {
  if (!isIdentifier(name))
    return emitError() << "struct name '" << name
                       << "' is not a C++ identifier";
  // Only reachable through the C++ builder: the syntax pairs them.
  if (fieldNames.size() != fieldTypes.size())
    return emitError() << "struct '" << name << "' has " << fieldNames.size()
                       << " field names but " << fieldTypes.size()
                       << " field types";
  if (fieldNames.empty())
    return emitError() << "struct '" << name << "' has no fields";
  if (!llvm::is_contained({1u, 2u, 4u, 8u, 16u}, pack))
    return emitError() << "struct pack must be 1, 2, 4, 8 or 16, but got "
                       << pack;
  llvm::SmallDenseSet<StringAttr> seen;
  for (auto [fieldName, fieldType] : llvm::zip_equal(fieldNames, fieldTypes)) {
    if (!isIdentifier(fieldName.getValue()))
      return emitError() << "field name '" << fieldName.getValue()
                         << "' of struct '" << name
                         << "' is not a C++ identifier";
    if (!seen.insert(fieldName).second)
      return emitError() << "struct '" << name << "' has two fields named '"
                         << fieldName.getValue() << "'";
    if (!isSupportedElementType(fieldType) && !llvm::isa<StructType>(fieldType))
      return emitError() << "field '" << fieldName.getValue() << "' of struct '"
                         << name << "' has type " << fieldType
                         << ", which is neither an Ascend C element type nor "
                            "a struct";
  }
  return success();
}

std::optional<unsigned> StructType::getFieldIndex(StringRef field) const {
  for (auto [index, name] : llvm::enumerate(getFieldNames()))
    if (name.getValue() == field)
      return index;
  return std::nullopt;
}
