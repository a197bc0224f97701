//===- AscTypes.cpp - asc types -------------------------------------------===//
//
// Type registration, the struct field list syntax, type verifiers and
// element-type and queue helpers.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscTypes.h"

#include "ascir/Dialect/Asc/IR/AscDiagnostics.h"
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
             LocalMemAllocatorType, MatmulType>(type);
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
    "float16, bfloat16, float32, float64, bool, int8, int16, int32, int64, "
    "uint8, uint16, uint32 or uint64";

using EmitErrorFn = function_ref<InFlightDiagnostic()>;

/// `api` is the Python class whose objects have the type.
static LogicalResult verifyElementType(EmitErrorFn emitError, StringRef api,
                                       Type type) {
  if (isSupportedElementType(type))
    return success();
  return emitTypeError(emitError, api, DiagCategory::DType)
         << "element type " << getPyTypeName(type)
         << " is not an Ascend C element type (expected " << kSupportedTypes
         << ")";
}

LogicalResult GMAddrType::verify(EmitErrorFn emitError, Type elementType) {
  // A kernel receives user structs through GM pointers.
  if (llvm::isa<StructType>(elementType))
    return success();
  return verifyElementType(emitError, "GlobalAddress", elementType);
}

LogicalResult GlobalTensorType::verify(EmitErrorFn emitError,
                                       Type elementType) {
  // `none` marks a tensor not yet bound by set_global_buffer.
  if (llvm::isa<NoneType>(elementType))
    return success();
  return verifyElementType(emitError, "GlobalTensor", elementType);
}

LogicalResult TensorDescType::verify(EmitErrorFn emitError, Type elementType) {
  return verifyElementType(emitError, "TensorDesc", elementType);
}

LogicalResult LocalTensorType::verify(EmitErrorFn emitError, TPosition position,
                                      Type elementType) {
  return verifyElementType(emitError, "LocalTensor", elementType);
}

static LogicalResult verifyDepth(EmitErrorFn emitError, StringRef api,
                                 int64_t depth) {
  if (depth < 0)
    return emitTypeError(emitError, api, DiagCategory::Queue)
           << "'depth' must be non-negative, but got " << depth;
  return success();
}

LogicalResult TQueType::verify(EmitErrorFn emitError, TPosition position,
                               int64_t depth) {
  if (position == TPosition::GM)
    return emitTypeError(emitError, "TQue", DiagCategory::Position)
           << "'pos' must be a buffer position, not "
           << getPyEnumName(position);
  return verifyDepth(emitError, "TQue", depth);
}

LogicalResult TQueBindType::verify(EmitErrorFn emitError, TPosition src,
                                   TPosition dst, int64_t depth) {
  if (!isOnChip(src) && !isOnChip(dst))
    return emitTypeError(emitError, "TQueBind", DiagCategory::Position)
           << "binds " << getPyEnumName(src) << " to " << getPyEnumName(dst)
           << "; 'src' or 'dst' must be an on-chip position";
  return verifyDepth(emitError, "TQueBind", depth);
}

LogicalResult TBufType::verify(EmitErrorFn emitError, TPosition position) {
  if (!isOnChip(position))
    return emitTypeError(emitError, "TBuf", DiagCategory::Position)
           << "'pos' must be an on-chip position, not "
           << getPyEnumName(position);
  return success();
}

/// Largest number of buffers a TBufPool can hand out (ascendc_api.md §2.7).
static constexpr int64_t kMaxPoolBuffers = 16;

LogicalResult TBufPoolType::verify(EmitErrorFn emitError, TPosition position,
                                   int64_t bufIdSize) {
  Hardware memory = getHardware(position);
  if (memory != Hardware::UB && memory != Hardware::L1)
    return emitTypeError(emitError, "TBufPool", DiagCategory::Position)
           << "'pos' " << getPyEnumName(position) << " is in "
           << getPyEnumName(memory)
           << ", but pools must be in Hardware.UB or Hardware.L1";
  if (bufIdSize < 1 || bufIdSize > kMaxPoolBuffers)
    return emitTypeError(emitError, "TBufPool", DiagCategory::Queue)
           << "'buf_id_size' must be in [1, " << kMaxPoolBuffers
           << "], but got " << bufIdSize;
  return success();
}

LogicalResult LocalMemAllocatorType::verify(EmitErrorFn emitError,
                                            Hardware hardware) {
  if (hardware == Hardware::GM)
    return emitTypeError(emitError, "LocalMemAllocator", DiagCategory::Position)
           << "'hard' must be an on-chip memory, not "
           << getPyEnumName(hardware);
  return success();
}

LogicalResult DataCopyPadExtParamsType::verify(EmitErrorFn emitError,
                                               Type elementType) {
  return verifyElementType(emitError, "DataCopyPadExtParams", elementType);
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
  // Python struct classes are asc.Struct subclasses.
  constexpr StringLiteral api = "Struct";
  if (!isIdentifier(name))
    return emitTypeError(emitError, api, DiagCategory::Argument)
           << "struct name '" << name << "' is not a C++ identifier";
  // Only reachable through the C++ builder: the syntax pairs them.
  if (fieldNames.size() != fieldTypes.size())
    return emitTypeError(emitError, api, DiagCategory::Argument)
           << "struct " << name << " has " << fieldNames.size()
           << " field names but " << fieldTypes.size() << " field types";
  if (fieldNames.empty())
    return emitTypeError(emitError, api, DiagCategory::Argument)
           << "struct " << name << " has no fields";
  if (!llvm::is_contained({1u, 2u, 4u, 8u, 16u}, pack))
    return emitTypeError(emitError, api, DiagCategory::Argument)
           << "struct " << name << ": 'pack' must be 1, 2, 4, 8 or 16, but got "
           << pack;
  llvm::SmallDenseSet<StringAttr> seen;
  for (auto [fieldName, fieldType] : llvm::zip_equal(fieldNames, fieldTypes)) {
    if (!isIdentifier(fieldName.getValue()))
      return emitTypeError(emitError, api, DiagCategory::Argument)
             << "field name '" << fieldName.getValue() << "' of struct " << name
             << " is not a C++ identifier";
    if (!seen.insert(fieldName).second)
      return emitTypeError(emitError, api, DiagCategory::Argument)
             << "struct " << name << " has two fields named '"
             << fieldName.getValue() << "'";
    if (!isSupportedElementType(fieldType) && !llvm::isa<StructType>(fieldType))
      return emitTypeError(emitError, api, DiagCategory::DType)
             << "field '" << fieldName.getValue() << "' of struct " << name
             << " is " << getPyTypeName(fieldType)
             << ", which is neither an Ascend C element type nor a struct";
  }
  return success();
}

std::optional<unsigned> StructType::getFieldIndex(StringRef field) const {
  for (auto [index, name] : llvm::enumerate(getFieldNames()))
    if (name.getValue() == field)
      return index;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// MatmulType
//===----------------------------------------------------------------------===//

namespace {
/// One operand of a Matmul: its role ("a", "b", "c", "bias") and MatmulType.
struct MatmulOperandView {
  StringRef role;
  TPosition position;
  CubeFormat format;
  Type type;
  bool trans;
  LayoutMode layout;
};
} // namespace

static bool isOneOf(Type type, std::initializer_list<Type> types) {
  return llvm::is_contained(types, type);
}

static LogicalResult verifyMatmulOperand(EmitErrorFn emitError,
                                         const MatmulOperandView &op) {
  bool input = op.role == "a" || op.role == "b";
  bool ub = op.position == TPosition::VECIN ||
            op.position == TPosition::VECOUT ||
            op.position == TPosition::VECCALC;
  bool positionOk = op.position == TPosition::GM || ub ||
                    (input && op.position == TPosition::TSCM);
  if (!positionOk)
    return emitTypeError(emitError, "MatmulType", DiagCategory::Position)
           << "the " << op.role << " matrix cannot be in "
           << getPyEnumName(op.position) << "; "
           << (input ? "A and B may be in GM, VECIN/VECCALC/VECOUT (UB) or "
                       "TSCM (L1)"
                     : "C and the bias may be in GM or VECIN/VECCALC/VECOUT "
                       "(UB)");
  bool formatOk;
  StringRef allowed;
  if (op.role == "a") {
    formatOk = llvm::is_contained({CubeFormat::ND, CubeFormat::NZ,
                                   CubeFormat::VECTOR, CubeFormat::SCALAR},
                                  op.format);
    allowed = "ND, NZ, VECTOR or SCALAR";
  } else if (op.role == "b") {
    formatOk = llvm::is_contained(
        {CubeFormat::ND, CubeFormat::NZ, CubeFormat::SCALAR}, op.format);
    allowed = "ND, NZ or SCALAR";
  } else if (op.role == "c") {
    formatOk = llvm::is_contained(
        {CubeFormat::ND, CubeFormat::NZ, CubeFormat::ND_ALIGN}, op.format);
    allowed = "ND, NZ or ND_ALIGN";
  } else {
    formatOk = op.format == CubeFormat::ND;
    allowed = "ND";
  }
  if (!formatOk)
    return emitTypeError(emitError, "MatmulType", DiagCategory::Argument)
           << "the " << op.role << " matrix cannot have format "
           << getPyEnumName(op.format) << "; it may be " << allowed;
  if (!input && op.trans)
    return emitTypeError(emitError, "MatmulType", DiagCategory::Argument)
           << "only A and B can be transposed, not the " << op.role
           << " matrix";
  if (op.role == "bias" && op.layout != LayoutMode::NONE)
    return emitTypeError(emitError, "MatmulType", DiagCategory::Argument)
           << "the bias has no batch layout; it must be LayoutMode.NONE";
  return success();
}

LogicalResult
MatmulType::verify(EmitErrorFn emitError, TPosition aPosition,
                   CubeFormat aFormat, Type aType, BoolAttr aTrans,
                   LayoutMode aLayout, TPosition bPosition, CubeFormat bFormat,
                   Type bType, BoolAttr bTrans, LayoutMode bLayout,
                   TPosition cPosition, CubeFormat cFormat, Type cType,
                   BoolAttr cTrans, LayoutMode cLayout, TPosition biasPosition,
                   CubeFormat biasFormat, Type biasType, BoolAttr biasTrans,
                   LayoutMode biasLayout, DictionaryAttr config) {
  MatmulOperandView views[] = {
      {"a", aPosition, aFormat, aType, aTrans.getValue(), aLayout},
      {"b", bPosition, bFormat, bType, bTrans.getValue(), bLayout},
      {"c", cPosition, cFormat, cType, cTrans.getValue(), cLayout},
      {"bias", biasPosition, biasFormat, biasType, biasTrans.getValue(),
       biasLayout}};
  for (const MatmulOperandView &view : views)
    if (failed(verifyMatmulOperand(emitError, view)))
      return failure();
  Builder b(aType.getContext());
  Type f16 = b.getF16Type(), bf16 = b.getBF16Type(), f32 = b.getF32Type();
  Type i8 = b.getIntegerType(8), i32 = b.getIntegerType(32);
  if (!isOneOf(aType, {f16, bf16, f32, i8}))
    return emitTypeError(emitError, "MatmulType", DiagCategory::DType)
           << "the A matrix must hold float16, bfloat16, float32 or int8, "
              "not "
           << getPyTypeName(aType);
  if (bType != aType)
    return emitTypeError(emitError, "MatmulType", DiagCategory::DType)
           << "A and B must have the same element type, but A holds "
           << getPyTypeName(aType) << " and B " << getPyTypeName(bType);
  SmallVector<Type> cTypes, biasTypes;
  if (aType == f16) {
    cTypes = {f32, f16};
    biasTypes = {f32, f16};
  } else if (aType == bf16) {
    cTypes = {f32, bf16};
    biasTypes = {f32, bf16};
  } else if (aType == f32) {
    cTypes = {f32};
    biasTypes = {f32};
  } else {
    cTypes = {i32, f16, i8};
    biasTypes = {i32};
  }
  auto names = [](ArrayRef<Type> types) {
    std::string s;
    for (auto [i, t] : llvm::enumerate(types))
      s +=
          (i ? (i + 1 == types.size() ? " or " : ", ") : "") + getPyTypeName(t);
    return s;
  };
  if (!llvm::is_contained(cTypes, cType))
    return emitTypeError(emitError, "MatmulType", DiagCategory::DType)
           << "a " << getPyTypeName(aType) << " Matmul writes C as "
           << names(cTypes) << ", not " << getPyTypeName(cType);
  if (!llvm::is_contained(biasTypes, biasType))
    return emitTypeError(emitError, "MatmulType", DiagCategory::DType)
           << "a " << getPyTypeName(aType) << " Matmul takes a bias of "
           << names(biasTypes) << ", not " << getPyTypeName(biasType);
  for (NamedAttribute entry : config) {
    if (!llvm::isa<IntegerAttr, BoolAttr>(entry.getValue()))
      return emitTypeError(emitError, "MatmulConfig", DiagCategory::Argument)
             << "field '" << entry.getName().getValue()
             << "' must be an integer or a bool";
  }
  return success();
}
