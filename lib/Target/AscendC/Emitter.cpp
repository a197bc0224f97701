//===- Emitter.cpp - Ascend C emitter core --------------------------------===//
//
// Naming, type and attribute spelling, #line directives, inlining of
// single-use pure expressions, and the dispatch of every op to its printer.
//
//===----------------------------------------------------------------------===//

#include "Emitter.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

void LineCountingStream::write_impl(const char *ptr, size_t size) {
  numNewlines += StringRef(ptr, size).count('\n');
  os.write(ptr, size);
}

Emitter::Emitter(raw_ostream &os, const AscendCEmitterOptions &options)
    : options(options), counter(os), indented(counter) {
  streams.push_back(&indented);
}

Emitter::Redirect::Redirect(Emitter &emitter, std::string &buffer)
    : emitter(emitter), stream(buffer) {
  emitter.streams.push_back(&stream);
}

Emitter::Redirect::~Redirect() { emitter.streams.pop_back(); }

/// The file/line/column location inside `loc`, looking through names,
/// fusions and call sites (the callee location wins).
static FileLineColLoc getFileLineColLoc(Location loc) {
  return TypeSwitch<Location, FileLineColLoc>(loc)
      .Case([](FileLineColLoc fileLoc) { return fileLoc; })
      .Case([](NameLoc nameLoc) {
        return getFileLineColLoc(nameLoc.getChildLoc());
      })
      .Case([](CallSiteLoc callLoc) {
        return getFileLineColLoc(callLoc.getCallee());
      })
      .Case([](FusedLoc fusedLoc) {
        for (Location inner : fusedLoc.getLocations())
          if (FileLineColLoc fileLoc = getFileLineColLoc(inner))
            return fileLoc;
        return FileLineColLoc();
      })
      .Default([](Location) { return FileLineColLoc(); });
}

/// The file and line a #line directive gives `loc`, or none. Line 0 means
/// "no line" (e.g. the implicit module of a parsed file).
static std::optional<std::pair<StringRef, unsigned>> getLine(Location loc) {
  FileLineColLoc fileLoc = getFileLineColLoc(loc);
  if (!fileLoc || fileLoc.getLine() == 0)
    return std::nullopt;
  return std::make_pair(fileLoc.getFilename().getValue(), fileLoc.getLine());
}

void Emitter::emitLocation(Location loc) {
  if (!options.lineDirectives)
    return;
  auto fileLine = getLine(loc);
  if (!fileLine)
    return;
  auto [file, line] = *fileLine;
  unsigned nextLine =
      presumedLine + (counter.getNumNewlines() - newlinesAtDirective);
  if (file == presumedFile && line == nextLine)
    return;
  // Written below the indentation: directives start in column 0.
  counter << "#line " << line << " \"";
  counter.write_escaped(file) << "\"\n";
  presumedFile = file.str();
  presumedLine = line;
  newlinesAtDirective = counter.getNumNewlines();
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

bool mlir::asc::isReservedName(StringRef name) {
  static const llvm::StringSet<> reserved = {
      // C++ keywords.
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor",
      "bool", "break", "case", "catch", "char", "char16_t", "char32_t",
      "char8_t", "class", "compl", "concept", "const", "consteval", "constexpr",
      "constinit", "const_cast", "continue", "co_await", "co_return",
      "co_yield", "decltype", "default", "delete", "do", "double",
      "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false",
      "float", "for", "friend", "goto", "if", "inline", "int", "long",
      "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr",
      "operator", "or", "or_eq", "private", "protected", "public", "register",
      "reinterpret_cast", "requires", "return", "short", "signed", "sizeof",
      "static", "static_assert", "static_cast", "struct", "switch", "template",
      "this", "thread_local", "throw", "true", "try", "typedef", "typeid",
      "typename", "union", "unsigned", "using", "virtual", "void", "volatile",
      "wchar_t", "while", "xor", "xor_eq",
      // Types and names from the Ascend C headers.
      "half", "bfloat16_t", "int8_t", "int16_t", "int32_t", "int64_t",
      "uint8_t", "uint16_t", "uint32_t", "uint64_t", "size_t", "AscendC",
      "GM_ADDR", "g_coreType", "std",
      // The namespace of pyasc's helpers in emitted code (pyasc::div).
      "pyasc"};
  return reserved.contains(name) || name.starts_with("__") ||
         (name.size() > 1 && name[0] == '_' && llvm::isUpper(name[1])) ||
         name.starts_with("PIPE_") || name.starts_with("EVENT_ID") ||
         name.starts_with("ASCEND_IS_");
}

/// The name the frontend attached to `loc`, turned into a C++ identifier.
static std::string getSourceName(Location loc) {
  StringRef name = getPyVariableName(loc);
  std::string identifier;
  for (char c : name)
    identifier.push_back(llvm::isAlnum(c) || c == '_' ? c : '_');
  if (!identifier.empty() && llvm::isDigit(identifier.front()))
    identifier.insert(identifier.begin(), '_');
  return identifier;
}

/// The source name of `value`: block arguments carry their own location,
/// results take the location of a single-result op.
static std::string getSourceName(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return getSourceName(arg.getLoc());
  Operation *op = value.getDefiningOp();
  if (op->getNumResults() != 1)
    return "";
  return getSourceName(op->getLoc());
}

StringRef Emitter::createUniqueName(StringRef base) {
  auto isTaken = [&](StringRef name) {
    return usedNames.count(name) || isReservedName(name);
  };
  // A name reserved by its prefix (`__x`, `_Tmp`, `PIPE_x`) stays reserved
  // with any suffix, so suffixes alone would never end: it gets a `v` first.
  std::string stem = base.str();
  if (isReservedName(stem + "_1"))
    stem.insert(0, "v");
  std::string name = stem;
  for (unsigned suffix = 1; isTaken(name); ++suffix)
    name = stem + "_" + std::to_string(suffix);
  StringRef saved = saver.save(name);
  usedNames.insert(saved, 1);
  return saved;
}

StringRef Emitter::getOrCreateName(Value value) {
  StringRef name = valueNames.lookup(value);
  if (!name.empty())
    return name;
  std::string base = getSourceName(value);
  if (base.empty()) {
    do
      base = "v" + std::to_string(++valueCounter);
    while (usedNames.count(base));
  }
  name = createUniqueName(base);
  valueNames.insert(value, name);
  return name;
}

StringRef Emitter::getOrCreateInductionName(Value value) {
  StringRef name = valueNames.lookup(value);
  if (!name.empty())
    return name;
  std::string base = getSourceName(value);
  if (base.empty())
    base = loopDepth <= 4 ? std::string(1, "ijkl"[loopDepth - 1])
                          : "i" + std::to_string(loopDepth);
  name = createUniqueName(base);
  valueNames.insert(value, name);
  return name;
}

/// True if `name` is an ASCII C++ identifier: letters, digits and '_', not
/// starting with a digit.
static bool isIdentifier(StringRef name) {
  return !name.empty() && !llvm::isDigit(name.front()) &&
         llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// Kernels are extern "C": their symbol lives in the process's namespace.
static constexpr llvm::StringLiteral kKernelPrefix = "pyasc_";

FailureOr<StringRef> Emitter::getFunctionName(func::FuncOp funcOp) {
  StringRef symbol = funcOp.getSymName();
  auto it = functionNames.find(symbol);
  if (it != functionNames.end())
    return StringRef(it->second);
  if (!isIdentifier(symbol))
    return funcOp.emitOpError()
           << "cannot emit function '" << symbol
           << "': its name is not a C++ identifier (ASCII letters, digits "
              "and '_', not starting with a digit); rename it";
  // `main` is reserved for functions only (a variable may take it).
  bool reserved = isReservedName(symbol) || symbol == "main";
  StringRef name;
  if (funcOp->hasAttr(AscDialect::getKernelAttrName())) {
    name = createUniqueName((kKernelPrefix + symbol).str());
  } else if (funcOp.isExternal()) {
    // Defined elsewhere under this very name: it cannot be renamed.
    if (reserved)
      return funcOp.emitOpError()
             << "cannot emit the declaration of '" << symbol
             << "': the name is reserved in C++ or Ascend C; rename it";
    reserveName(symbol);
    name = symbol;
  } else {
    // Device functions are private to the module: renamed if they must be.
    name = createUniqueName(reserved ? (symbol + "_fn").str() : symbol.str());
  }
  return StringRef(functionNames[symbol] = name.str());
}

StringRef Emitter::lookupFunctionName(StringRef symbol) const {
  auto it = functionNames.find(symbol);
  return it == functionNames.end() ? symbol : StringRef(it->second);
}

void Emitter::reserveName(StringRef name) {
  usedNames.insert(saver.save(name), 1);
}

bool Emitter::hasSourceName(Value value) const {
  return !getSourceName(value).empty();
}

void Emitter::mapToSameVariable(Value value, Value existing) {
  valueNames.insert(value, getOrCreateName(existing));
}

Emitter::Scope::Scope(Emitter &emitter)
    : valueScope(emitter.valueNames), nameScope(emitter.usedNames) {}

Emitter::FunctionScope::FunctionScope(Emitter &emitter) : Scope(emitter) {
  emitter.valueCounter = 0;
  emitter.loopDepth = 0;
}

Emitter::LoopScope::LoopScope(Emitter &emitter)
    : Scope(emitter), emitter(emitter) {
  ++emitter.loopDepth;
}

Emitter::LoopScope::~LoopScope() { --emitter.loopDepth; }

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

/// True if `user` prints some operand twice (a > b ? a : b), so inlining an
/// operand expression would duplicate it.
static bool printsOperandsTwice(Operation *user) {
  if (isa<arith::MaxSIOp, arith::MinSIOp>(user))
    return true;
  auto cmpOp = dyn_cast<arith::CmpFOp>(user);
  if (!cmpOp)
    return false;
  using Pred = arith::CmpFPredicate;
  Pred predicate = cmpOp.getPredicate();
  return predicate == Pred::ONE || predicate == Pred::ORD ||
         predicate == Pred::UEQ || predicate == Pred::UNO;
}

/// True if `user` needs its operands in variables: FreeTensor and
/// SetAddrWithOffset take the tensor by non-const reference.
static bool needsVariableOperands(Operation *user) {
  return isa<FreeTensorOp, LocalTensorSetAddrWithOffsetOp, RegistMatmulOp,
             MatmulCallOp>(user);
}

bool Emitter::isInlined(Operation *op) const {
  return isInlinable(op) && !materialized.contains(op);
}

void Emitter::limitExpressionDepth(Operation *root) {
  // Operands are defined before their users in a block, and an inlined op is
  // used in its own block: one walk in order sees every operand's depth first.
  llvm::DenseMap<Operation *, unsigned> depth;
  root->walk([&](Operation *op) {
    if (!isInlinable(op))
      return;
    unsigned opDepth = 1;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        if (auto it = depth.find(def); it != depth.end())
          opDepth = std::max(opDepth, it->second + 1);
    if (opDepth > kMaxExpressionDepth)
      materialized.insert(op); // a variable: a leaf of its user's expression
    else
      depth[op] = opDepth;
  });
}

/// True if `op` prints as a pyasc helper that may stop the core with a
/// fault at the line of its C++ statement (ascsim/checked_division.h,
/// checked_shift.h).
static bool mayFault(Operation &op) {
  if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp>(op))
    return classifyDivision(op) == DivisionForm::Checked;
  return isCheckedShift(op);
}

/// True if the value `use` reads is printed in an assignment (a yielded
/// value), which emitAssignments puts at the line of the value's op.
static bool isLocatedAssignment(OpOperand &use) {
  Operation *user = use.getOwner();
  if (isa<scf::YieldOp>(user))
    return isa<scf::ForOp, scf::IfOp, scf::WhileOp>(user->getParentOp());
  // scf.condition's first operand is the condition, printed at its line.
  return isa<scf::ConditionOp>(user) && use.getOperandNumber() > 0;
}

void Emitter::separateFaultingExpressions(Operation *root) {
  // Without #line directives, a fault names the C++ line.
  if (!options.lineDirectives)
    return;
  // Operands come before their users (see limitExpressionDepth): one walk in
  // order knows whether an operand's inline expression may fault. Inside an
  // expression that may fault, every op has the line of the one that faults.
  llvm::DenseSet<Operation *> faulting;
  root->walk([&](Operation *op) {
    if (!isInlined(op))
      return;
    bool faults =
        mayFault(*op) || llvm::any_of(op->getOperands(), [&](Value operand) {
          Operation *def = operand.getDefiningOp();
          return def && faulting.contains(def);
        });
    if (!faults)
      return;
    OpOperand &use = *op->getResult(0).getUses().begin();
    auto line = getLine(op->getLoc());
    auto userLine = getLine(use.getOwner()->getLoc());
    if (line && userLine && line != userLine && !isLocatedAssignment(use))
      materialized.insert(op); // a statement under its own #line
    else
      faulting.insert(op);
  });
}

void Emitter::findUnprinted(Operation *root) {
  collectUnprintedClamps(root, unprinted);
}

bool Emitter::isInlinable(Operation *op) const {
  // struct_set is pure but printed as an assignment statement, parameter
  // structs, empty tensors and tensor setters as declarations; a range's
  // count is computed once, before its loop, not in the loop's condition.
  if (op->getNumResults() != 1 || op->getNumRegions() != 0 ||
      isa<StructSetOp, ParamStructOpInterface, LocalTensorEmptyOp,
          LocalTensorSetSizeOp, LocalTensorSetBufferLenOp,
          LocalTensorSetAddrWithOffsetOp, RangeCountOp>(op))
    return false;
  bool named = !getSourceName(op->getResult(0)).empty();
  // Literals are free to repeat.
  if (isa<arith::ConstantOp>(op))
    return !named;
  if (named || !isMemoryEffectFree(op))
    return false;
  Value result = op->getResult(0);
  if (!result.hasOneUse())
    return false;
  Operation *user = result.getUses().begin()->getOwner();
  return user->getBlock() == op->getBlock() && !printsOperandsTwice(user) &&
         !needsVariableOperands(user);
}

LogicalResult Emitter::emitOperand(Value value, Precedence minimum,
                                   std::optional<Precedence> clarify) {
  Operation *def = value.getDefiningOp();
  if (def && isInlined(def)) {
    std::string buffer;
    FailureOr<Precedence> precedence = failure();
    {
      Redirect redirect(*this, buffer);
      precedence = emitExpression(*def);
    }
    if (failed(precedence))
      return failure();
    bool unclear =
        clarify && *precedence != *clarify && *precedence < Precedence::Unary;
    if (*precedence < minimum || unclear)
      ostream() << "(" << buffer << ")";
    else
      ostream() << buffer;
    return success();
  }
  StringRef name = valueNames.lookup(value);
  if (name.empty())
    return emitError(value.getLoc(),
                     "value is used before the emitter defined it");
  ostream() << name;
  return success();
}

LogicalResult Emitter::emitOperands(ValueRange values) {
  return printCommaSeparated(values, ostream(),
                             [&](Value value) { return emitOperand(value); });
}

/// True if `type` is the C++ type of an inlined constant of that type (an
/// `int`, `bool`, `float` or `double` literal, or a cast half literal), or,
/// unless `constant`, of an inlined expression of it (integer promotion
/// widens narrower types to `int`).
static bool spellsExactType(Type type, bool constant) {
  if (type.isSignlessInteger(1) || type.isSignlessInteger(32) || type.isF32() ||
      type.isF64())
    return true;
  if (constant)
    return type.isF16() || type.isBF16();
  return type.isSignlessInteger(64);
}

/// Prints `static_cast<T>(value)` for the C++ type T of `type`.
static LogicalResult emitStaticCast(Emitter &emitter, Value value, Type type) {
  emitter.ostream() << "static_cast<";
  if (failed(emitter.emitType(value.getLoc(), type)))
    return failure();
  emitter.ostream() << ">(";
  if (failed(emitter.emitOperand(value)))
    return failure();
  emitter.ostream() << ")";
  return success();
}

LogicalResult Emitter::emitOperandOfType(Value value, Type type) {
  Operation *def = value.getDefiningOp();
  bool exact = value.getType() == type &&
               (!def || !isInlined(def) || printsOwnNarrowType(*def) ||
                spellsExactType(type, isa<arith::ConstantOp>(def)));
  if (exact)
    return emitOperand(value);
  return emitStaticCast(*this, value, type);
}

LogicalResult Emitter::emitOperandConvertedTo(Value value, Type type) {
  Operation *def = value.getDefiningOp();
  bool literal = def && isa<arith::ConstantOp>(def) && isInlined(def);
  if (literal || value.getType() == type)
    return emitOperand(value);
  return emitStaticCast(*this, value, type);
}

std::optional<int64_t> Emitter::getIntegerLiteral(Value value) const {
  auto constant = value.getDefiningOp<arith::ConstantOp>();
  if (!constant || !isInlined(constant))
    return std::nullopt;
  auto intAttr = dyn_cast<IntegerAttr>(constant.getValue());
  if (!intAttr || !intAttr.getType().isSignlessInteger())
    return std::nullopt;
  return intAttr.getValue().getSExtValue();
}

LogicalResult Emitter::emitDeclaration(Value value) {
  if (failed(emitType(value.getLoc(), value.getType())))
    return failure();
  ostream() << " " << getOrCreateName(value);
  return success();
}

LogicalResult Emitter::emitParameter(Location loc, Type type, StringRef name) {
  if (failed(emitType(loc, type)))
    return failure();
  if (isFrameworkObjectType(type))
    ostream() << "&";
  if (!name.empty())
    ostream() << " " << name;
  return success();
}

LogicalResult Emitter::verifyCopyable(Location loc, Type type) {
  if (isFrameworkObjectType(type))
    return emitError(loc) << "cannot copy a value of type " << type
                          << ": Ascend C framework objects are only passed "
                             "by reference";
  return success();
}

LogicalResult Emitter::emitCopyDeclaration(Value value) {
  if (failed(verifyCopyable(value.getLoc(), value.getType())))
    return failure();
  return emitDeclaration(value);
}

LogicalResult Emitter::emitValueDefinition(Operation &op) {
  if (failed(emitDeclaration(op.getResult(0))))
    return failure();
  ostream() << " = ";
  return emitExpression(op);
}

bool Emitter::readsValue(Value value, Value variable) const {
  if (value == variable)
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || !isInlined(def)) {
    // Values may share a variable (struct fields assigned in place).
    StringRef name = valueNames.lookup(value);
    return !name.empty() && name == valueNames.lookup(variable);
  }
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return readsValue(operand, variable);
  });
}

LogicalResult Emitter::emitAssignments(ValueRange targets, ValueRange values,
                                       bool parallel) {
  SmallVector<std::pair<Value, Value>> changed;
  for (auto [target, value] : llvm::zip_equal(targets, values)) {
    Operation *def = value.getDefiningOp();
    bool inlined = def && isInlined(def);
    if (inlined || valueNames.lookup(value) != getOrCreateName(target))
      changed.emplace_back(target, value);
  }
  // A sequence of plain assignments is only wrong when a value reads a
  // variable assigned before it.
  if (parallel) {
    parallel = false;
    for (size_t i = 0; i < changed.size() && !parallel; ++i)
      for (size_t j = i + 1; j < changed.size() && !parallel; ++j)
        parallel = readsValue(changed[j].second, changed[i].first);
  }
  raw_ostream &os = ostream();
  // An inlined value is printed here, at the line of the op that makes it
  // (a division in it reports that line).
  auto locate = [&](Value value) {
    if (Operation *def = value.getDefiningOp(); def && isInlined(def))
      emitLocation(def->getLoc());
  };
  if (!parallel) {
    for (auto [target, value] : changed) {
      locate(value);
      os << getOrCreateName(target) << " = ";
      if (failed(emitOperand(value)))
        return failure();
      os << ";\n";
    }
    return success();
  }
  // Read every new value before any variable changes.
  SmallVector<StringRef> temporaries;
  for (auto [target, value] : changed) {
    locate(value);
    if (failed(emitType(target.getLoc(), target.getType())))
      return failure();
    temporaries.push_back(
        createUniqueName((getOrCreateName(target) + "_next").str()));
    os << " " << temporaries.back() << " = ";
    if (failed(emitOperand(value)))
      return failure();
    os << ";\n";
  }
  for (auto [pair, temporary] : llvm::zip_equal(changed, temporaries))
    os << getOrCreateName(pair.first) << " = " << temporary << ";\n";
  return success();
}

//===----------------------------------------------------------------------===//
// Spelling
//===----------------------------------------------------------------------===//

static LogicalResult emitIntegerType(raw_ostream &os, unsigned width,
                                     bool isUnsigned) {
  switch (width) {
  case 1:
    os << "bool";
    return success();
  case 8:
  case 16:
  case 32:
  case 64:
    os << (isUnsigned ? "uint" : "int") << width << "_t";
    return success();
  default:
    return failure();
  }
}

LogicalResult Emitter::emitType(Location loc, Type type) {
  raw_ostream &os = ostream();
  LogicalResult result =
      TypeSwitch<Type, LogicalResult>(type)
          .Case([&](IntegerType intType) {
            return emitIntegerType(os, intType.getWidth(),
                                   intType.isUnsigned());
          })
          .Case([&](IndexType) {
            os << "int64_t";
            return success();
          })
          .Case([&](FloatType floatType) {
            if (floatType.isF16())
              os << "half";
            else if (floatType.isBF16())
              os << "bfloat16_t";
            else if (floatType.isF32())
              os << "float";
            else if (floatType.isF64())
              os << "double";
            else
              return failure();
            return success();
          })
          .Case([&](GMAddrType addrType) {
            os << "__gm__ ";
            if (failed(emitType(loc, addrType.getElementType())))
              return failure();
            os << "*";
            return success();
          })
          .Case([&](StructType structType) {
            // The Matmul API's offset struct is the Ascend C header's.
            if (structType.getName() == "MatrixOffset")
              os << "AscendC::";
            os << structType.getName();
            return success();
          })
          .Case([&](TPipeType) {
            os << "AscendC::TPipe";
            return success();
          })
          .Case([&](TensorDescType descType) {
            os << "AscendC::TensorDesc<";
            if (failed(emitType(loc, descType.getElementType())))
              return failure();
            os << ">";
            return success();
          })
          .Case([&](ListTensorDescType) {
            os << "AscendC::ListTensorDesc";
            return success();
          })
          .Case([&](MatmulType matmulType) {
            return emitMatmulType(*this, loc, matmulType);
          })
          .Case([&](TQueType queType) {
            os << "AscendC::TQue<";
            if (failed(emitPosition(loc, queType.getPosition())))
              return failure();
            os << ", " << queType.getDepth() << ">";
            return success();
          })
          .Case([&](TQueBindType bindType) {
            os << "AscendC::TQueBind<";
            if (failed(emitPosition(loc, bindType.getSrc())))
              return failure();
            os << ", ";
            if (failed(emitPosition(loc, bindType.getDst())))
              return failure();
            os << ", " << bindType.getDepth() << ">";
            return success();
          })
          .Case([&](TBufType bufType) {
            os << "AscendC::TBuf<";
            if (failed(emitPosition(loc, bufType.getPosition())))
              return failure();
            os << ">";
            return success();
          })
          .Case([&](TBufPoolType poolType) {
            os << "AscendC::TBufPool<";
            if (failed(emitPosition(loc, poolType.getPosition())))
              return failure();
            os << ", " << poolType.getBufIdSize() << ">";
            return success();
          })
          .Case([&](LocalMemAllocatorType allocatorType) {
            os << "AscendC::LocalMemAllocator<";
            auto hardware = HardwareAttr::get(allocatorType.getContext(),
                                              allocatorType.getHardware());
            if (failed(emitAttribute(loc, hardware)))
              return failure();
            os << ">";
            return success();
          })
          .Case<BinaryRepeatParamsType, UnaryRepeatParamsType,
                BrcbRepeatParamsType, GatherRepeatParamsType,
                CopyRepeatParamsType, DataCopyParamsType, DataCopyExtParamsType,
                DataCopyPadParamsType, GatherMaskParamsType, VdeqInfoType,
                CheckLocalMemoryIAParamType, TransDataTo5HDParamsType,
                TransposeParamsExtType, DataCopyEnhancedParamsType,
                SliceInfoType, LoadImageToLocalParamsType, LoadData2DParamsType,
                LoadData2DParamsV2Type, LoadData2dTransposeParamsType,
                LoadData2dTransposeParamsV2Type, LoadData3DParamsV2ProType,
                LoadDataRepeatParamType, MmadParamsType, FixpipeParamsV220Type,
                DataCopyCO12DstParamsType, Nd2NzParamsType,
                Nz2NdParamsFullType>([&](auto paramsType) {
            os << paramsType.getCppName();
            return success();
          })
          .Case<LoadData3DParamsV1Type, LoadData3DParamsV2Type,
                InitConstValueParamsType>([&](auto paramsType) {
            os << paramsType.getCppName() << "<";
            if (failed(emitType(loc, paramsType.getElementType())))
              return failure();
            os << ">";
            return success();
          })
          .Case([&](AippParamsType paramsType) {
            os << "AscendC::AippParams<";
            if (failed(emitType(loc, paramsType.getElementType())))
              return failure();
            os << ">";
            return success();
          })
          .Case([&](DataCopyPadExtParamsType paramsType) {
            os << "AscendC::DataCopyPadExtParams<";
            if (failed(emitType(loc, paramsType.getElementType())))
              return failure();
            os << ">";
            return success();
          })
          .Case<GlobalTensorType, LocalTensorType>([&](auto tensorType) {
            if (isa<NoneType>(tensorType.getElementType()))
              return failure();
            os << (isa<GlobalTensorType>(tensorType) ? "AscendC::GlobalTensor<"
                                                     : "AscendC::LocalTensor<");
            if (failed(emitType(loc, tensorType.getElementType())))
              return failure();
            os << ">";
            return success();
          })
          .Default([](Type) { return failure(); });
  if (failed(result))
    return emitError(loc) << "cannot emit type " << type << " as Ascend C";
  return success();
}

LogicalResult Emitter::emitPosition(Location loc, TPosition position) {
  return emitAttribute(loc, TPositionAttr::get(loc->getContext(), position));
}

LogicalResult Emitter::emitUnsignedType(Location loc, Type type) {
  unsigned width = isa<IndexType>(type) ? 64 : type.getIntOrFloatBitWidth();
  if (!type.isIntOrIndex() || failed(emitIntegerType(ostream(), width,
                                                     /*isUnsigned=*/true)))
    return emitError(loc) << "cannot emit type " << type
                          << " as an unsigned Ascend C type";
  return success();
}

/// Prints an integer literal of `width` bits.
static Precedence printIntegerLiteral(raw_ostream &os, const APInt &value,
                                      unsigned width) {
  if (width == 1) {
    os << (value.isZero() ? "false" : "true");
    return Precedence::Primary;
  }
  int64_t number = value.getSExtValue();
  if (number == INT64_MIN) {
    os << "(-9223372036854775807LL - 1)";
    return Precedence::Primary;
  }
  // `-2147483648` negates the long 2147483648: no int, so a template next
  // to an int32_t (Muls(t, t, -2147483648, n)) deduces two types.
  if (number == INT32_MIN && width <= 32) {
    os << "(-2147483647 - 1)";
    return Precedence::Primary;
  }
  os << number;
  if (number > INT32_MAX || number < INT32_MIN)
    os << "LL";
  return number < 0 ? Precedence::Unary : Precedence::Primary;
}

/// Prints the shortest decimal that reads back as `value` in `floatType`,
/// with a `.0` so it stays a floating-point literal.
static Precedence printFloatLiteral(raw_ostream &os, const APFloat &value,
                                    FloatType floatType) {
  bool isDouble = floatType.isF64();
  StringRef suffix = isDouble ? "" : "f";
  bool needsCast = floatType.isF16() || floatType.isBF16();
  if (needsCast)
    os << "static_cast<" << (floatType.isF16() ? "half" : "bfloat16_t") << ">(";
  double number = value.convertToDouble();
  if (std::isnan(number)) {
    os << (isDouble ? "__builtin_nan(\"\")" : "__builtin_nanf(\"\")");
  } else if (std::isinf(number)) {
    os << (number < 0 ? "-" : "")
       << (isDouble ? "__builtin_inf()" : "__builtin_inff()");
  } else {
    char text[32];
    for (int precision = 1; precision <= 17; ++precision) {
      std::snprintf(text, sizeof(text), "%.*g", precision, number);
      double parsed = std::strtod(text, nullptr);
      if (isDouble ? parsed == number
                   : static_cast<float>(parsed) == static_cast<float>(number))
        break;
    }
    os << text;
    if (StringRef(text).find_first_of(".e") == StringRef::npos)
      os << ".0";
    os << suffix;
  }
  if (needsCast) {
    os << ")";
    return Precedence::Postfix;
  }
  return std::signbit(number) ? Precedence::Unary : Precedence::Primary;
}

/// Prints `text` as a C string literal. Quotes, backslashes and the usual
/// control characters get their short escapes; other bytes outside
/// printable ASCII get three-digit octal escapes (which, unlike hex escapes,
/// never absorb the characters that follow); `??` is split so that it can
/// never start a trigraph.
static void printStringLiteral(raw_ostream &os, StringRef text) {
  os << '"';
  char previous = 0;
  for (char c : text) {
    switch (c) {
    case '"':
      os << "\\\"";
      break;
    case '\\':
      os << "\\\\";
      break;
    case '\n':
      os << "\\n";
      break;
    case '\t':
      os << "\\t";
      break;
    case '\r':
      os << "\\r";
      break;
    case '?':
      os << (previous == '?' ? "\\?" : "?");
      break;
    default: {
      auto byte = static_cast<unsigned char>(c);
      if (byte >= 0x20 && byte < 0x7f) {
        os << c;
        break;
      }
      os << '\\' << static_cast<char>('0' + ((byte >> 6) & 7))
         << static_cast<char>('0' + ((byte >> 3) & 7))
         << static_cast<char>('0' + (byte & 7));
    }
    }
    previous = c;
  }
  os << '"';
}

/// The C++ enumerator spelling of an asc enum keyword (`mte2_v` -> MTE2_V).
static std::string toEnumerator(StringRef keyword) {
  return StringRef(keyword).upper();
}

FailureOr<Precedence> Emitter::emitAttribute(Location loc, Attribute attr) {
  raw_ostream &os = ostream();
  std::optional<Precedence> precedence =
      TypeSwitch<Attribute, std::optional<Precedence>>(attr)
          .Case([&](IntegerAttr intAttr) -> std::optional<Precedence> {
            unsigned width = isa<IndexType>(intAttr.getType())
                                 ? 64
                                 : intAttr.getType().getIntOrFloatBitWidth();
            return printIntegerLiteral(os, intAttr.getValue(), width);
          })
          .Case([&](FloatAttr floatAttr) -> std::optional<Precedence> {
            auto floatType = cast<FloatType>(floatAttr.getType());
            if (!floatType.isF16() && !floatType.isBF16() &&
                !floatType.isF32() && !floatType.isF64())
              return std::nullopt;
            return printFloatLiteral(os, floatAttr.getValue(), floatType);
          })
          .Case([&](StringAttr stringAttr) {
            printStringLiteral(os, stringAttr.getValue());
            return Precedence::Primary;
          })
          .Case([&](TPositionAttr positionAttr) {
            os << "AscendC::TPosition::"
               << toEnumerator(stringifyTPosition(positionAttr.getValue()));
            return Precedence::Primary;
          })
          .Case([&](HardEventAttr eventAttr) {
            os << "AscendC::HardEvent::"
               << toEnumerator(stringifyHardEvent(eventAttr.getValue()));
            return Precedence::Primary;
          })
          .Case([&](HardwareAttr hardwareAttr) {
            os << "AscendC::Hardware::"
               << toEnumerator(stringifyHardware(hardwareAttr.getValue()));
            return Precedence::Primary;
          })
          .Case([&](PropertyAttr propertyAttr) {
            os << "AscendC::"
               << toEnumerator(stringifyProperty(propertyAttr.getValue()));
            return Precedence::Primary;
          })
          .Case([&](RoundModeAttr modeAttr) {
            os << "AscendC::RoundMode::"
               << toEnumerator(stringifyRoundMode(modeAttr.getValue()));
            return Precedence::Primary;
          })
          .Case([&](CmpModeAttr modeAttr) {
            os << "AscendC::CMPMODE::"
               << toEnumerator(stringifyCmpMode(modeAttr.getValue()));
            return Precedence::Primary;
          })
          .Case([&](SelModeAttr modeAttr) {
            os << "AscendC::SELMODE::"
               << toEnumerator(stringifySelMode(modeAttr.getValue()));
            return Precedence::Primary;
          })
          .Case([&](ReduceOrderAttr orderAttr) {
            os << "AscendC::ReduceOrder::"
               << toEnumerator(stringifyReduceOrder(orderAttr.getValue()));
            return Precedence::Primary;
          })
          .Case([&](MemDsbTAttr memAttr) {
            os << "AscendC::MemDsbT::"
               << toEnumerator(stringifyMemDsbT(memAttr.getValue()));
            return Precedence::Primary;
          })
          .Case([&](MaskModeAttr modeAttr) {
            os << "AscendC::MaskMode::"
               << toEnumerator(stringifyMaskMode(modeAttr.getValue()));
            return Precedence::Primary;
          })
          .Case([&](CO2LayoutAttr layoutAttr) {
            // Only Fixpipe's configuration takes a layout: its constant.
            os << "AscendC::CFG_"
               << toEnumerator(stringifyCO2Layout(layoutAttr.getValue()));
            return Precedence::Primary;
          })
          .Case([&](PipeAttr pipeAttr) {
            os << "PIPE_" << toEnumerator(stringifyPipe(pipeAttr.getValue()));
            return Precedence::Primary;
          })
          .Case<CacheLineAttr, DcciDstAttr, AtomicDtypeAttr, AtomicOpAttr,
                CacheModeAttr, CacheRwModeAttr, AippInputFormatAttr>(
              [&](Attribute enumAttr) {
                return printControlEnumAttr(os, enumAttr);
              })
          .Case([&](TypeAttr typeAttr) -> std::optional<Precedence> {
            if (failed(emitType(loc, typeAttr.getValue())))
              return std::nullopt;
            return Precedence::Primary;
          })
          .Default([](Attribute) { return std::nullopt; });
  if (!precedence)
    return emitError(loc) << "cannot emit attribute " << attr << " as Ascend C";
  return *precedence;
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

LogicalResult Emitter::emitNoPrinterError(Operation &op) {
  return op.emitOpError() << "cannot emit operation '" << op.getName()
                          << "' as Ascend C: no printer";
}

FailureOr<Precedence> Emitter::emitExpression(Operation &op) {
  return TypeSwitch<Operation *, FailureOr<Precedence>>(&op)
      // func
      .Case<func::CallOp>([&](auto op) { return printExpression(*this, op); })
      // arith
      .Case<arith::ConstantOp, arith::CmpIOp, arith::CmpFOp, arith::SelectOp,
            arith::NegFOp, arith::MaxSIOp, arith::MinSIOp>(
          [&](auto op) { return printExpression(*this, op); })
      .Case<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::DivSIOp,
            arith::RemSIOp, arith::AndIOp, arith::OrIOp, arith::XOrIOp,
            arith::ShLIOp, arith::ShRSIOp, arith::AddFOp, arith::SubFOp,
            arith::MulFOp, arith::DivFOp>(
          [&](Operation *op) { return printArithBinary(*this, *op); })
      .Case<arith::DivUIOp, arith::RemUIOp, arith::ShRUIOp>(
          [&](Operation *op) { return printArithUnsignedBinary(*this, *op); })
      .Case<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, arith::SIToFPOp,
            arith::UIToFPOp, arith::FPToSIOp, arith::FPToUIOp, arith::ExtFOp,
            arith::TruncFOp, arith::IndexCastOp>(
          [&](Operation *op) { return printArithCast(*this, *op); })
      // asc
      .Case<AscendIsAicOp, AscendIsAivOp, RangeCountOp, RangeAtOp>(
          [&](auto op) { return printExpression(*this, op); })
      .Case<PtrOffsetOp, SubviewOp, PropertyOp, StructLoadOp, StructGetOp,
            LocalTensorReinterpretCastOp, ApiOpInterface>(
          [&](auto op) { return printExpression(*this, op); })
      .Default([&](Operation *op) -> FailureOr<Precedence> {
        return emitNoPrinterError(*op);
      });
}

LogicalResult Emitter::emitOperation(Operation &op) {
  // Printed at the use, pure and unused, or a clamp nothing prints.
  if (isInlined(&op) || unprinted.contains(&op) ||
      (op.getNumResults() == 1 && op.use_empty() && isMemoryEffectFree(&op) &&
       op.getNumRegions() == 0))
    return success();
  // The module prints no statement of its own (its location is the file).
  if (!isa<ModuleOp>(op))
    emitLocation(op.getLoc());
  bool trailingSemicolon =
      !isa<ModuleOp, func::FuncOp, scf::ForOp, scf::IfOp, scf::WhileOp>(op);
  LogicalResult status =
      TypeSwitch<Operation *, LogicalResult>(&op)
          // builtin
          .Case<ModuleOp>([&](auto op) { return printOperation(*this, op); })
          // func
          .Case<func::FuncOp, func::CallOp, func::ReturnOp>(
              [&](auto op) { return printOperation(*this, op); })
          // scf
          .Case<scf::ForOp, scf::IfOp, scf::WhileOp>(
              [&](auto op) { return printOperation(*this, op); })
          // asc
          .Case<GlobalTensorOp, TPipeOp, TQueOp, TQueBindOp, TBufOp, TBufPoolOp,
                LocalMemAllocatorOp, LocalTensorEmptyOp, MatmulOp,
                TensorDescOp>(
              [&](Operation *op) { return emitDeclaration(op->getResult(0)); })
          .Case<RegistMatmulOp, MatmulCallOp>(
              [&](auto op) { return printOperation(*this, op); })
          .Case<SetGlobalBufferOp, LocalTensorOp, GetTPipePtrOp, StructSetOp,
                AippParamsOp, ParamStructOpInterface, GatherMaskOp, VdeqInfoOp,
                GetStoreAtomicConfigOp, GetArchVersionOp, TransposeParamsExtOp,
                DataCopyEnhancedParamsOp, TransDataTo5HDOp,
                TransDataTo5HDAddrOp, DataCopySliceOp, DumpTensorShapeOp,
                LocalTensorSetSizeOp, LocalTensorSetBufferLenOp,
                LocalTensorSetAddrWithOffsetOp>(
              [&](auto op) { return printOperation(*this, op); })
          .Case<MrgSortOp, MrgSortInfoOp, MrgSort4Op, GetMrgSortResultOp,
                StructZeroOp, ListTensorDescOp>(
              [&](auto op) { return printOperation(*this, op); })
          .Case([&](AllocTensorOp op) {
            if (!op.getInPlace())
              return emitValueDefinition(*op);
            return printInPlaceQueueTensor(*this, op, op.getQueue(), Value());
          })
          .Case([&](DeQueOp op) {
            if (!op.getTensor())
              return emitValueDefinition(*op);
            return printInPlaceQueueTensor(*this, op, op.getQueue(),
                                           op.getTensor());
          })
          .Case<ApiOpInterface>([&](ApiOpInterface op) {
            if (op->getNumResults() == 1)
              return emitValueDefinition(*op);
            return printOperation(*this, op);
          })
          // Everything else that yields one value is an expression.
          .Default([&](Operation *op) {
            if (op->getNumResults() == 1 && op->getNumRegions() == 0)
              return emitValueDefinition(*op);
            return emitNoPrinterError(*op);
          });
  if (failed(status))
    return failure();
  if (trailingSemicolon)
    ostream() << ";\n";
  return success();
}

LogicalResult Emitter::emitBlockBody(Block &block) {
  for (Operation &op : block.without_terminator())
    if (failed(emitOperation(op)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

/// pyasc::div and pyasc::rem, the integer `/` and `%` whose divisor may be 0
/// (or -1): plain division on the NPU; checked in the simulator, where a
/// trapping division would end the Python process.
static constexpr llvm::StringLiteral kDivisionHelpers = R"(
#ifdef ASCSIM
#include "ascsim/checked_division.h"
#else
namespace pyasc {
template <typename T> __aicore__ inline T div(T a, T b) { return a / b; }
template <typename T> __aicore__ inline T rem(T a, T b) { return a % b; }
} // namespace pyasc
#endif
)";

/// pyasc::shl and pyasc::shr, the `<<` and `>>` whose count is not a
/// constant in 0 .. width - 1: Python's result for a count of the width or
/// more (every bit shifted out) on both targets; a negative count is an error
/// in the simulator and shifts every bit out on the NPU. The count is signed
/// (int64_t) whatever T is.
static constexpr llvm::StringLiteral kShiftHelpers = R"(
#ifdef ASCSIM
#include "ascsim/checked_shift.h"
#else
namespace pyasc {
template <typename T> __aicore__ inline T shl(T a, int64_t c) {
  return c >= 0 && c < int64_t(sizeof(T) * 8) ? static_cast<T>(static_cast<uint64_t>(a) << c) : T(0);
}
template <typename T> __aicore__ inline T shr(T a, int64_t c) {
  return c >= 0 && c < int64_t(sizeof(T) * 8) ? static_cast<T>(a >> c) : (a < T(0) ? T(-1) : T(0));
}
} // namespace pyasc
#endif
)";

/// pyasc::loop_tick, called at the start of every loop body: the
/// simulator's watchdog step and Ctrl-C check (ascsim/watchdog.h); nothing on
/// the NPU.
static constexpr llvm::StringLiteral kLoopHelpers = R"(
#ifdef ASCSIM
#include "ascsim/watchdog.h"
#else
namespace pyasc {
__aicore__ inline void loop_tick() {}
} // namespace pyasc
#endif
)";

/// pyasc::range_count, the iterations of a loop whose step is negative or
/// known only at run time (len(range(start, stop, step))): the simulator's
/// version stops the core at the loop's line when the step is 0
/// (ascsim/range_count.h); on the NPU a step of 0 counts 0 iterations.
static constexpr llvm::StringLiteral kRangeHelpers = R"(
#ifdef ASCSIM
#include "ascsim/range_count.h"
#else
namespace pyasc {
template <typename T> __aicore__ inline T range_count(T start, T stop, T step) {
  if (step == 0 || (step > 0 ? start >= stop : start <= stop)) {
    return 0; // no iterations; a step of 0 is an error in the simulator
  }
  uint64_t span = step > 0 ? uint64_t(stop) - uint64_t(start) : uint64_t(start) - uint64_t(stop);
  uint64_t by = step > 0 ? uint64_t(step) : uint64_t(0) - uint64_t(step);
  uint64_t count = (span - 1) / by + 1;
  uint64_t max = ~uint64_t(0) >> (65 - 8 * sizeof(T));
  return static_cast<T>(count < max ? count : max);
}
} // namespace pyasc
#endif
)";

/// pyasc::param_field, a run-time value converted to the narrower member
/// of a parameter struct: the simulator's version stops the core at the
/// struct's line when the member cannot hold the value
/// (ascsim/param_field.h); on the NPU a plain conversion.
static constexpr llvm::StringLiteral kParamFieldHelpers = R"(
#ifdef ASCSIM
#include "ascsim/param_field.h"
#else
namespace pyasc {
template <typename To, typename From>
__aicore__ inline To param_field(From value, const char *, const char *, long long, long long,
                                 const char * = nullptr) {
  return static_cast<To>(value);
}
} // namespace pyasc
#endif
)";

/// pyasc::range_at, the loop variable `start + index * step` of a loop that
/// counts its iterations: the value is in T's range, `index * step` may not
/// be, so the helper computes modulo 2^64 (defined on both targets) and
/// converts back.
static constexpr llvm::StringLiteral kRangeAtHelper = R"(
namespace pyasc {
template <typename T> __aicore__ inline T range_at(T start, T index, T step) {
  return static_cast<T>(uint64_t(start) + uint64_t(index) * uint64_t(step));
}
} // namespace pyasc
)";

static bool hasLoops(Operation *root) {
  return root
      ->walk([](Operation *op) {
        return isa<scf::ForOp, scf::WhileOp>(op) ? WalkResult::interrupt()
                                                 : WalkResult::advance();
      })
      .wasInterrupted();
}

LogicalResult mlir::asc::translateToAscendC(Operation *op, raw_ostream &os,
                                            const AscendCEmitterOptions &opts) {
  Emitter emitter(os, opts);
  emitter.ostream() << "// Generated by pyasc (ascir-translate "
                       "--mlir-to-ascendc)\n"
                    << "#include \"kernel_operator.h\"\n";
  if (usesListTensor(op))
    emitter.ostream() << "#include \"kernel_operator_list_tensor_intf.h\"\n";
  if (usesMatmul(op))
    emitter.ostream() << "#include \"lib/matmul_intf.h\"\n";
  if (needsCheckedDivision(op))
    emitter.ostream() << kDivisionHelpers;
  if (needsCheckedShift(op))
    emitter.ostream() << kShiftHelpers;
  if (hasLoops(op))
    emitter.ostream() << kLoopHelpers;
  if (usesRangeCount(op))
    emitter.ostream() << kRangeHelpers;
  if (usesRangeAt(op))
    emitter.ostream() << kRangeAtHelper;
  if (usesParamFieldCheck(op))
    emitter.ostream() << kParamFieldHelpers;
  if (isa<ModuleOp>(op))
    return emitter.emitOperation(*op);
  emitter.ostream() << "\n";
  return emitter.emitOperation(*op);
}
