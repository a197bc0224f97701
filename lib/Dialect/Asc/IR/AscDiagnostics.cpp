//===- AscDiagnostics.cpp - pyasc-worded verifier diagnostics -------------===//
//
// emitApiError and the operand rules: the per-op table AscOpInfo.inc is
// generated from ODS by lib/TableGen/ascgen (Python names, memories and
// element types of tensor operands).
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscDiagnostics.h"

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::asc;

namespace {

/// One tensor operand's rule: the ODS operand group `index` (named `name`)
/// holds tensors in `memory` whose element types are in `elementTypes`
/// (bits in the order of kElementTypes).
struct OperandRule {
  unsigned index;
  const char *name;
  Hardware memory;
  uint16_t elementTypes;
};

/// Operand `other` (`otherName`; a result with `result`) holds the element
/// type of tensor operand `tensor`: as a tensor, or (`scalar`) as a scalar
/// of that type.
struct SameTypeRule {
  unsigned tensor;
  const char *tensorName;
  unsigned other;
  const char *otherName;
  bool scalar;
  bool result;
};

struct OpInfo {
  const char *opName;
  const char *apiName;
  const OperandRule *rules;
  unsigned numRules;
  const SameTypeRule *same;
  unsigned numSame;
};

#include "ascir/Dialect/Asc/IR/AscOpInfo.inc"

/// (MLIR spelling, numpy-style name), in the bit order of the rules.
struct ElementTypeName {
  const char *mlir;
  const char *numpy;
};
constexpr ElementTypeName kElementTypes[] = {
    {"i1", "bool"},      {"i8", "int8"},       {"ui8", "uint8"},
    {"i16", "int16"},    {"ui16", "uint16"},   {"i32", "int32"},
    {"ui32", "uint32"},  {"i64", "int64"},     {"ui64", "uint64"},
    {"f16", "float16"},  {"bf16", "bfloat16"}, {"f32", "float32"},
    {"f64", "float64"}};

const llvm::StringMap<const OpInfo *> &opInfoTable() {
  static const llvm::StringMap<const OpInfo *> table = [] {
    llvm::StringMap<const OpInfo *> map;
    for (const OpInfo &info : kOpInfo)
      map[info.opName] = &info;
    return map;
  }();
  return table;
}

const OpInfo *lookup(Operation *op) {
  const auto &table = opInfoTable();
  auto it = table.find(op->getName().getStringRef());
  return it == table.end() ? nullptr : it->second;
}

/// The bit of `type` in an element-type mask, or -1.
int elementTypeBit(Type type) {
  if (auto i = dyn_cast<IntegerType>(type)) {
    bool u = i.isUnsigned();
    if (i.isSigned())
      return -1;
    switch (i.getWidth()) {
    case 1:
      return u ? -1 : 0;
    case 8:
      return u ? 2 : 1;
    case 16:
      return u ? 4 : 3;
    case 32:
      return u ? 6 : 5;
    case 64:
      return u ? 8 : 7;
    default:
      return -1;
    }
  }
  if (type.isF16())
    return 9;
  if (type.isBF16())
    return 10;
  if (type.isF32())
    return 11;
  if (type.isF64())
    return 12;
  return -1;
}

/// numpy-style name of an element type ("float16"), else its MLIR spelling.
std::string elementTypeName(Type type) {
  int bit = elementTypeBit(type);
  if (bit >= 0)
    return kElementTypes[bit].numpy;
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return os.str();
}

std::string allowedTypes(uint16_t mask) {
  std::string out;
  for (unsigned i = 0; i < std::size(kElementTypes); ++i) {
    if (!(mask & (1u << i)))
      continue;
    if (!out.empty())
      out += ", ";
    out += kElementTypes[i].numpy;
  }
  return out;
}

/// "the Unified Buffer (VECIN, VECOUT or VECCALC)": a memory and the
/// positions that map to it.
std::string describeMemory(Hardware memory) {
  static constexpr TPosition kPositions[] = {
      TPosition::GM,  TPosition::A1,    TPosition::A2,     TPosition::B1,
      TPosition::B2,  TPosition::C1,    TPosition::C2,     TPosition::CO1,
      TPosition::CO2, TPosition::VECIN, TPosition::VECOUT, TPosition::VECCALC};
  SmallVector<std::string> names;
  for (TPosition p : kPositions)
    if (getHardware(p) == memory)
      names.push_back(stringifyTPosition(p).upper());
  std::string list;
  for (size_t i = 0; i < names.size(); ++i)
    list += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  std::string name = memory == Hardware::UB ? "the Unified Buffer"
                                            : stringifyHardware(memory).upper();
  return name + " (" + list + ")";
}

/// The operands of ODS group `index` of `op`.
OperandRange odsOperands(Operation *op, unsigned index) {
  auto sizes =
      op->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  if (!sizes)
    return op->getOperands().slice(index, 1);
  unsigned start = 0;
  for (unsigned i = 0; i < index; ++i)
    start += sizes[i];
  return op->getOperands().slice(start, sizes[index]);
}

constexpr StringLiteral kCategoryPrefix = "asc.diag.";

} // namespace

StringRef mlir::asc::stringifyDiagCategory(DiagCategory category) {
  switch (category) {
  case DiagCategory::Argument:
    return "argument";
  case DiagCategory::DType:
    return "dtype";
  case DiagCategory::Position:
    return "position";
  case DiagCategory::Alignment:
    return "alignment";
  case DiagCategory::Capacity:
    return "capacity";
  case DiagCategory::Sync:
    return "sync";
  }
  llvm_unreachable("unknown DiagCategory");
}

StringRef mlir::asc::getApiName(Operation *op) {
  if (const OpInfo *info = lookup(op))
    return info->apiName;
  StringRef name = op->getName().getStringRef();
  return name.drop_until([](char c) { return c == '.'; }).drop_front();
}

Location mlir::asc::getCategorizedLoc(Operation *op, DiagCategory category) {
  std::string name = (kCategoryPrefix + stringifyDiagCategory(category)).str();
  return NameLoc::get(StringAttr::get(op->getContext(), name), op->getLoc());
}

InFlightDiagnostic mlir::asc::emitApiError(Operation *op,
                                           DiagCategory category) {
  InFlightDiagnostic diag = mlir::emitError(getCategorizedLoc(op, category));
  diag << getApiName(op) << ": ";
  return diag;
}

std::optional<StringRef> mlir::asc::getDiagCategory(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc)) {
    StringRef text = name.getName().getValue();
    if (text.starts_with(kCategoryPrefix))
      return text.drop_front(kCategoryPrefix.size());
    return getDiagCategory(name.getChildLoc());
  }
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return getDiagCategory(call.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::optional<StringRef> c = getDiagCategory(inner))
        return c;
  return std::nullopt;
}

LogicalResult mlir::asc::detail::verifyOperandRules(Operation *op) {
  const OpInfo *info = lookup(op);
  if (!info)
    return success();
  for (const OperandRule &rule :
       llvm::ArrayRef<OperandRule>(info->rules, info->numRules)) {
    for (Value operand : odsOperands(op, rule.index)) {
      auto tensor = dyn_cast<LocalTensorType>(operand.getType());
      if (!tensor)
        continue; // the ODS type constraint reports it
      if (tensor.getHardware() != rule.memory)
        return emitApiError(op, DiagCategory::Position)
               << "'" << rule.name << "' must be a tensor in "
               << describeMemory(rule.memory) << ", but it is in position "
               << stringifyTPosition(tensor.getPosition()).upper() << " ("
               << stringifyHardware(tensor.getHardware()).upper() << ")";
      int bit = elementTypeBit(tensor.getElementType());
      if (bit < 0 || !(rule.elementTypes & (1u << bit)))
        return emitApiError(op, DiagCategory::DType)
               << "'" << rule.name << "' holds "
               << elementTypeName(tensor.getElementType()) << ", but "
               << info->apiName << " supports "
               << allowedTypes(rule.elementTypes)
               << " on Ascend 910B/910C";
    }
  }
  for (const SameTypeRule &rule :
       llvm::ArrayRef<SameTypeRule>(info->same, info->numSame)) {
    OperandRange tensors = odsOperands(op, rule.tensor);
    if (tensors.empty())
      continue;
    Type expected = getTensorElementType(tensors.front().getType());
    if (!expected)
      continue; // the ODS type constraint reports it
    auto others = rule.result
                      ? ValueRange(op->getResults().slice(rule.other, 1))
                      : ValueRange(odsOperands(op, rule.other));
    for (Value other : others) {
      if (rule.scalar) {
        if (!detail::isScalarOfElementType(other.getType(), expected))
          return emitApiError(op, DiagCategory::DType)
                 << "'" << rule.otherName << "' is a "
                 << elementTypeName(other.getType()) << " value, but '"
                 << rule.tensorName << "' holds "
                 << elementTypeName(expected);
        continue;
      }
      Type actual = getTensorElementType(other.getType());
      if (actual && actual != expected)
        return emitApiError(op, DiagCategory::DType)
               << "'" << rule.otherName << "' holds "
               << elementTypeName(actual) << " but '" << rule.tensorName
               << "' holds " << elementTypeName(expected)
               << "; element types must match";
    }
  }
  return success();
}
