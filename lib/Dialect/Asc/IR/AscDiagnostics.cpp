//===- AscDiagnostics.cpp - pyasc-worded verifier diagnostics -------------===//
//
// emitApiError, emitApiWarning and the operand rules: the per-op table
// AscOpInfo.inc is generated from ODS by lib/TableGen/ascgen (Python names,
// memories and element types of tensor operands).
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
/// (bits in the order of kElementTypes). `form` names the API's call form
/// when its forms differ in these types, else is null.
struct OperandRule {
  unsigned index;
  const char *name;
  Hardware memory;
  uint16_t elementTypes;
  const char *form;
};

/// The type attribute `name` names an element type in `elementTypes`.
struct AttrRule {
  const char *name;
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

/// How Python spells the case `keyword` of the C++ enum `cppEnum`.
struct PyEnumCase {
  const char *cppEnum;
  const char *keyword;
  const char *python;
};

struct OpInfo {
  const char *opName;
  const char *apiName;
  const OperandRule *rules;
  unsigned numRules;
  const SameTypeRule *same;
  unsigned numSame;
  /// The ODS operand groups' names (pyasc's keywords), and the one variadic
  /// or optional group of an op without operand segments (-1: none).
  const char *const *operandNames;
  unsigned numOperandGroups;
  int variadicGroup;
  const AttrRule *attrRules;
  unsigned numAttrRules;
};

using ::mlir::asc::detail::ParamFieldInfo;
using ::mlir::asc::detail::ParamStructInfo;

#include "ascir/Dialect/Asc/IR/AscOpInfo.inc"

/// (MLIR spelling, numpy-style name), in the bit order of the rules.
struct ElementTypeName {
  const char *mlir;
  const char *numpy;
};
constexpr ElementTypeName kElementTypes[] = {
    {"i1", "bool"},     {"i8", "int8"},       {"ui8", "uint8"},
    {"i16", "int16"},   {"ui16", "uint16"},   {"i32", "int32"},
    {"ui32", "uint32"}, {"i64", "int64"},     {"ui64", "uint64"},
    {"f16", "float16"}, {"bf16", "bfloat16"}, {"f32", "float32"},
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

/// The operands of ODS group `index` of `op` described by `info`. Without
/// operand segments, the groups after the one variadic or optional group
/// start where its operands end (an absent temp buffer shifts them by one).
OperandRange odsOperands(Operation *op, const OpInfo &info, unsigned index) {
  auto sizes = op->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  if (!sizes) {
    if (info.variadicGroup < 0 ||
        index < static_cast<unsigned>(info.variadicGroup))
      return op->getOperands().slice(index, 1);
    unsigned variadicSize = op->getNumOperands() - (info.numOperandGroups - 1);
    if (index == static_cast<unsigned>(info.variadicGroup))
      return op->getOperands().slice(index, variadicSize);
    return op->getOperands().slice(index - 1 + variadicSize, 1);
  }
  unsigned start = 0;
  for (unsigned i = 0; i < index; ++i)
    start += sizes[i];
  return op->getOperands().slice(start, sizes[index]);
}

/// The ODS operand group of operand `index` of `op` described by `info`.
std::optional<unsigned> odsGroupOf(Operation *op, const OpInfo &info,
                                   unsigned index) {
  auto sizes = op->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  if (sizes) {
    unsigned start = 0;
    for (unsigned group = 0; group < sizes.size(); ++group) {
      start += sizes[group];
      if (index < start)
        return group;
    }
    return std::nullopt;
  }
  if (info.variadicGroup < 0)
    return index < info.numOperandGroups ? std::optional<unsigned>(index)
                                         : std::nullopt;
  unsigned variadic = info.variadicGroup;
  unsigned variadicSize = op->getNumOperands() - (info.numOperandGroups - 1);
  if (index < variadic)
    return index;
  if (index < variadic + variadicSize)
    return variadic;
  return index - variadicSize + 1;
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
  case DiagCategory::Queue:
    return "queue";
  }
  llvm_unreachable("unknown DiagCategory");
}

StringRef mlir::asc::getApiName(Operation *op) {
  if (const OpInfo *info = lookup(op))
    return info->apiName;
  StringRef name = op->getName().getStringRef();
  return name.drop_until([](char c) { return c == '.'; }).drop_front();
}

StringRef mlir::asc::getOperandName(Operation *op, Value operand) {
  const OpInfo *info = lookup(op);
  if (!info || !info->operandNames)
    return {};
  for (OpOperand &use : op->getOpOperands()) {
    if (use.get() != operand)
      continue;
    std::optional<unsigned> group =
        odsGroupOf(op, *info, use.getOperandNumber());
    if (group && *group < info->numOperandGroups)
      return info->operandNames[*group];
  }
  return {};
}

Location mlir::asc::getCategorizedLoc(Location loc, DiagCategory category) {
  std::string name = (kCategoryPrefix + stringifyDiagCategory(category)).str();
  return NameLoc::get(StringAttr::get(loc.getContext(), name), loc);
}

/// A diagnostic of `severity` at `loc` with `category`, its message starting
/// with "<api>: ".
static InFlightDiagnostic emitApiDiagnostic(Location loc, StringRef api,
                                            DiagCategory category,
                                            DiagnosticSeverity severity) {
  Location categorized = getCategorizedLoc(loc, category);
  InFlightDiagnostic diag = severity == DiagnosticSeverity::Warning
                                ? mlir::emitWarning(categorized)
                                : mlir::emitError(categorized);
  diag << api << ": ";
  return diag;
}

InFlightDiagnostic mlir::asc::emitApiError(Location loc, StringRef api,
                                           DiagCategory category) {
  return emitApiDiagnostic(loc, api, category, DiagnosticSeverity::Error);
}

InFlightDiagnostic mlir::asc::emitApiError(Operation *op,
                                           DiagCategory category) {
  return emitApiError(op->getLoc(), getApiName(op), category);
}

InFlightDiagnostic mlir::asc::emitApiWarning(Location loc, StringRef api,
                                             DiagCategory category) {
  return emitApiDiagnostic(loc, api, category, DiagnosticSeverity::Warning);
}

InFlightDiagnostic mlir::asc::emitApiWarning(Operation *op,
                                             DiagCategory category) {
  return emitApiWarning(op->getLoc(), getApiName(op), category);
}

InFlightDiagnostic
mlir::asc::emitTypeError(function_ref<InFlightDiagnostic()> emitError,
                         StringRef api, DiagCategory category) {
  // Type verifiers cannot choose their location: re-emit the diagnostic
  // at emitError's location with the category.
  InFlightDiagnostic original = emitError();
  Diagnostic *diag = original.getUnderlyingDiagnostic();
  if (!diag)
    return original;
  Location loc = diag->getLocation();
  original.abandon();
  return emitApiError(loc, api, category);
}

std::string mlir::asc::getPyTypeName(Type type) {
  int bit = elementTypeBit(type);
  if (bit >= 0)
    return kElementTypes[bit].numpy;
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return os.str();
}

std::string mlir::asc::getPyValueName(Type type) {
  std::string name = getPyTypeName(type);
  bool vowel = !name.empty() && StringRef("aeiou").contains(name.front());
  return (vowel ? "an " : "a ") + name + " value";
}

std::string mlir::asc::detail::getPyEnumName(StringRef cppEnum,
                                             StringRef keyword) {
  StringRef name = cppEnum.rsplit("::").second;
  if (name.empty())
    name = cppEnum;
  for (const PyEnumCase &c : kPyEnumCases)
    if (name == c.cppEnum && keyword == c.keyword)
      return c.python;
  return (name + "." + keyword.upper()).str();
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
    for (Value operand : odsOperands(op, *info, rule.index)) {
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
      if (bit < 0 || !(rule.elementTypes & (1u << bit))) {
        InFlightDiagnostic diag = emitApiError(op, DiagCategory::DType);
        diag << "'" << rule.name << "' holds "
             << getPyTypeName(tensor.getElementType()) << ", but "
             << info->apiName;
        if (rule.form)
          diag << " (" << rule.form << " form)";
        return diag << " supports " << allowedTypes(rule.elementTypes)
                    << " on Ascend 910B/910C";
      }
    }
  }
  for (const AttrRule &rule :
       llvm::ArrayRef<AttrRule>(info->attrRules, info->numAttrRules)) {
    auto attr = op->getAttrOfType<TypeAttr>(rule.name);
    if (!attr)
      continue; // the ODS attribute constraint reports it
    int bit = elementTypeBit(attr.getValue());
    if (bit < 0 || !(rule.elementTypes & (1u << bit)))
      return emitApiError(op, DiagCategory::DType)
             << "'" << rule.name << "' is " << getPyTypeName(attr.getValue())
             << ", but " << info->apiName << " supports "
             << allowedTypes(rule.elementTypes) << " on Ascend 910B/910C";
  }
  for (const SameTypeRule &rule :
       llvm::ArrayRef<SameTypeRule>(info->same, info->numSame)) {
    OperandRange tensors = odsOperands(op, *info, rule.tensor);
    if (tensors.empty())
      continue;
    Type expected = getTensorElementType(tensors.front().getType());
    if (!expected)
      continue; // the ODS type constraint reports it
    auto others = rule.result
                      ? ValueRange(op->getResults().slice(rule.other, 1))
                      : ValueRange(odsOperands(op, *info, rule.other));
    for (Value other : others) {
      if (rule.scalar) {
        if (!detail::isScalarOfElementType(other.getType(), expected))
          return emitApiError(op, DiagCategory::DType)
                 << "'" << rule.otherName << "' is "
                 << getPyValueName(other.getType()) << ", but '"
                 << rule.tensorName << "' holds " << getPyTypeName(expected);
        continue;
      }
      Type actual = getTensorElementType(other.getType());
      if (actual && actual != expected)
        return emitApiError(op, DiagCategory::DType)
               << "'" << rule.otherName << "' holds " << getPyTypeName(actual)
               << " but '" << rule.tensorName << "' holds "
               << getPyTypeName(expected) << "; element types must match";
    }
  }
  return success();
}

const mlir::asc::detail::ParamStructInfo *
mlir::asc::detail::getParamStructInfo(Operation *op) {
  static const llvm::StringMap<const ParamStructInfo *> table = [] {
    llvm::StringMap<const ParamStructInfo *> map;
    for (const ParamStructInfo &info : kParamStructs)
      map[info.opName] = &info;
    return map;
  }();
  auto it = table.find(op->getName().getStringRef());
  return it == table.end() ? nullptr : it->second;
}

StringRef mlir::asc::getPyVariableName(Location loc) {
  if (auto nameLoc = dyn_cast<NameLoc>(loc))
    return nameLoc.getName().getValue();
  if (auto callLoc = dyn_cast<CallSiteLoc>(loc))
    return getPyVariableName(callLoc.getCallee());
  if (auto fusedLoc = dyn_cast<FusedLoc>(loc))
    for (Location inner : fusedLoc.getLocations())
      if (auto nameLoc = dyn_cast<NameLoc>(inner))
        return nameLoc.getName().getValue();
  return StringRef();
}
