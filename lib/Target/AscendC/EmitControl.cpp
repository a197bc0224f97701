//===- EmitControl.cpp - func, scf and arith printers ---------------------===//
//
// The module declares the user structs it uses, then its functions.
// Functions become kernels (`asc.kernel`) or `__aicore__ inline` device
// functions; device functions take framework objects (TPipe, TQue, ...) by
// reference and everything else by value, and return several values through
// trailing reference parameters `T0& ret0, T1& ret1` that the caller passes
// fresh variables to. scf loops and conditionals become C++ statements with
// loop-carried values in variables (framework objects cannot be copied, so
// they cannot be carried); arith ops become C++ expressions.
//
//===----------------------------------------------------------------------===//

#include "Emitter.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// builtin.module
//===----------------------------------------------------------------------===//

static bool isKernel(func::FuncOp funcOp) {
  return funcOp->hasAttr(AscDialect::getKernelAttrName());
}

/// Prints `[extern "C" __global__] __aicore__ [inline] T name(params)`;
/// parameters are named when the function has a body. Framework objects are
/// passed by reference; a device function returning several values returns
/// them through trailing reference parameters, whose names are recorded in
/// the emitter.
static LogicalResult printSignature(Emitter &emitter, func::FuncOp funcOp) {
  raw_ostream &os = emitter.ostream();
  FunctionType type = funcOp.getFunctionType();
  Location loc = funcOp.getLoc();
  FailureOr<StringRef> name = emitter.getFunctionName(funcOp);
  if (failed(name))
    return failure();
  emitter.getOutParameters().clear();
  if (isKernel(funcOp)) {
    os << "extern \"C\" __global__ __aicore__ void ";
  } else {
    for (Type result : type.getResults())
      if (failed(emitter.verifyCopyable(loc, result)))
        return failure();
    os << "__aicore__ " << (funcOp.isExternal() ? "" : "inline ");
    if (type.getNumResults() != 1)
      os << "void";
    else if (failed(emitter.emitType(loc, type.getResult(0))))
      return failure();
    os << " ";
  }
  os << *name << "(";
  LogicalResult status = success();
  if (funcOp.isExternal())
    status = printCommaSeparated(type.getInputs(), os, [&](Type input) {
      return emitter.emitParameter(loc, input, "");
    });
  else
    status =
        printCommaSeparated(funcOp.getArguments(), os, [&](BlockArgument arg) {
          return emitter.emitParameter(arg.getLoc(), arg.getType(),
                                       emitter.getOrCreateName(arg));
        });
  if (failed(status))
    return failure();
  if (isKernel(funcOp) && emitter.getOptions().npuLaunchParams) {
    bool first = type.getNumInputs() == 0;
    os << (first ? "" : ", ") << "GM_ADDR ffts_addr";
    if (emitter.getOptions().dumpBuffer)
      os << ", GM_ADDR dump_addr";
  }
  if (type.getNumResults() > 1) {
    for (auto [index, result] : llvm::enumerate(type.getResults())) {
      StringRef name;
      if (!funcOp.isExternal()) {
        name = emitter.createUniqueName(("ret" + Twine(index)).str());
        emitter.getOutParameters().push_back(name);
      }
      os << (index == 0 && type.getNumInputs() == 0 ? "" : ", ");
      if (failed(emitter.emitType(loc, result)))
        return failure();
      os << "&";
      if (!name.empty())
        os << " " << name;
    }
  }
  os << ")";
  return success();
}

/// True if a device function calls one that is printed after it.
static bool needsPrototypes(ArrayRef<func::FuncOp> order) {
  llvm::StringMap<unsigned> position;
  for (unsigned index = 0, e = order.size(); index < e; ++index)
    position[func::FuncOp(order[index]).getSymName()] = index;
  for (unsigned index = 0, e = order.size(); index < e; ++index) {
    WalkResult result = func::FuncOp(order[index]).walk([&](func::CallOp call) {
      auto it = position.find(call.getCallee());
      return it != position.end() && it->second >= index
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (result.wasInterrupted())
      return true;
  }
  return false;
}

/// Adds the struct types `type` refers to to `structs`, nested ones first.
static void collectStructs(Type type, llvm::SetVector<StructType> &structs) {
  type.walk([&](StructType structType) { structs.insert(structType); });
}

/// Prints `#pragma pack(push, N) struct Name { fields }; #pragma pack(pop)`
/// for every struct type used in `moduleOp`, each after the structs it
/// contains, and reserves their names.
static LogicalResult printStructDeclarations(Emitter &emitter,
                                             ModuleOp moduleOp) {
  llvm::SetVector<StructType> structs;
  moduleOp.walk([&](Operation *op) {
    if (auto funcOp = dyn_cast<func::FuncOp>(op))
      collectStructs(funcOp.getFunctionType(), structs);
    for (Type type : op->getResultTypes())
      collectStructs(type, structs);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Type type : block.getArgumentTypes())
          collectStructs(type, structs);
  });
  llvm::StringMap<StructType> byName;
  raw_ostream &os = emitter.ostream();
  Location loc = moduleOp.getLoc();
  for (StructType structType : structs) {
    StringRef name = structType.getName();
    // Declared by the Ascend C headers (CANN's kernel_tiling.h; the
    // simulator's Matmul header): asc.adv.TCubeTiling mirrors it field by
    // field (python/test/test_matmul_api.py compares the offsets).
    std::optional<size_t> headerFields =
        llvm::StringSwitch<std::optional<size_t>>(name)
            .Case("TCubeTiling", 49)
            .Case("MatrixOffset", 5)
            .Default(std::nullopt);
    if (headerFields) {
      if (structType.getFieldTypes().size() != *headerFields ||
          structType.getPack() != 4)
        return emitError(loc)
               << "cannot emit struct '" << name
               << "': the name is the Ascend C Matmul API's, whose struct "
                  "has "
               << *headerFields << " int32 fields packed to 4 bytes";
      emitter.reserveName(name);
      continue;
    }
    auto [it, inserted] = byName.try_emplace(name, structType);
    if (!inserted)
      return emitError(loc)
             << "cannot emit two different structs named '" << name
             << "': " << it->second << " and " << structType;
    SmallVector<StringRef> identifiers = {name};
    for (StringAttr fieldName : structType.getFieldNames())
      identifiers.push_back(fieldName.getValue());
    for (StringRef identifier : identifiers)
      if (isReservedName(identifier))
        return emitError(loc)
               << "cannot emit struct '" << name << "': name '" << identifier
               << "' is reserved in C++ or Ascend C";
    emitter.reserveName(name);
    os << "\n#pragma pack(push, " << structType.getPack() << ")\n"
       << "struct " << name << " {\n";
    for (auto [fieldName, fieldType] : llvm::zip_equal(
             structType.getFieldNames(), structType.getFieldTypes())) {
      os << "  ";
      if (failed(emitter.emitType(loc, fieldType)))
        return failure();
      os << " " << fieldName.getValue() << ";\n";
    }
    os << "};\n#pragma pack(pop)\n";
  }
  return success();
}

/// The simulator defines one `ascsim_entry` per shared object, so with the
/// simulator entry a module holds at most one kernel.
static LogicalResult verifyOneSimulatorEntry(Emitter &emitter,
                                             ModuleOp moduleOp) {
  if (!emitter.getOptions().simulatorEntry)
    return success();
  func::FuncOp first;
  for (auto funcOp : moduleOp.getOps<func::FuncOp>()) {
    if (funcOp.isExternal() || !isKernel(funcOp))
      continue;
    if (!first) {
      first = funcOp;
      continue;
    }
    return funcOp.emitOpError()
           << "cannot emit the simulator entry of kernel '"
           << funcOp.getSymName() << "': kernel '" << first.getSymName()
           << "' in the same module has it, and the simulator loads one "
              "kernel per shared object; put each kernel in its own module "
              "or translate without the simulator entry";
  }
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, ModuleOp moduleOp) {
  Emitter::Scope scope(emitter);
  if (failed(verifyOneSimulatorEntry(emitter, moduleOp)))
    return failure();
  if (failed(printStructDeclarations(emitter, moduleOp)))
    return failure();
  if (failed(printMatmulConfigs(emitter, moduleOp)))
    return failure();
  // Declarations first, then device functions, so kernels can call them.
  SmallVector<func::FuncOp> order;
  for (Operation &op : *moduleOp.getBody())
    if (!isa<func::FuncOp>(op))
      return emitter.emitNoPrinterError(op);
  // C++ names before any body, so that calls and variables know them;
  // kernels first, then declarations: their names are fixed.
  for (auto funcOp : moduleOp.getOps<func::FuncOp>())
    if (isKernel(funcOp) && failed(emitter.getFunctionName(funcOp)))
      return failure();
  for (auto funcOp : moduleOp.getOps<func::FuncOp>())
    if (!isKernel(funcOp) && funcOp.isExternal() &&
        failed(emitter.getFunctionName(funcOp)))
      return failure();
  for (auto funcOp : moduleOp.getOps<func::FuncOp>()) {
    if (funcOp.isExternal())
      order.push_back(funcOp);
    else if (failed(emitter.getFunctionName(funcOp)))
      return failure();
  }
  size_t numDeclarations = order.size();
  for (auto funcOp : moduleOp.getOps<func::FuncOp>())
    if (!funcOp.isExternal() && !isKernel(funcOp))
      order.push_back(funcOp);
  size_t numDeviceFunctions = order.size() - numDeclarations;
  for (auto funcOp : moduleOp.getOps<func::FuncOp>())
    if (!funcOp.isExternal() && isKernel(funcOp))
      order.push_back(funcOp);

  raw_ostream &os = emitter.ostream();
  auto emitFunctions = [&](ArrayRef<func::FuncOp> funcOps) {
    for (func::FuncOp funcOp : funcOps) {
      os << "\n";
      if (failed(emitter.emitOperation(*funcOp)))
        return failure();
    }
    return success();
  };
  ArrayRef<func::FuncOp> all(order);
  if (failed(emitFunctions(all.take_front(numDeclarations))))
    return failure();
  ArrayRef<func::FuncOp> deviceFunctions =
      all.slice(numDeclarations, numDeviceFunctions);
  if (needsPrototypes(deviceFunctions)) {
    os << "\n";
    for (func::FuncOp funcOp : deviceFunctions) {
      Emitter::FunctionScope functionScope(emitter);
      if (failed(printSignature(emitter, funcOp)))
        return failure();
      os << ";\n";
    }
  }
  return emitFunctions(all.drop_front(numDeclarations));
}

//===----------------------------------------------------------------------===//
// func
//===----------------------------------------------------------------------===//

/// Prints the simulator's entry points of a kernel (ascsim_entry.h spells
/// them, deducing each argument's C++ type from the kernel's signature). The
/// #line keeps the compiler from blaming the user's Python for them.
static void printSimulatorEntry(Emitter &emitter, func::FuncOp funcOp) {
  raw_ostream &os = emitter.ostream();
  os << "\n#ifdef ASCSIM\n";
  emitter.emitLocation(FileLineColLoc::get(funcOp.getContext(),
                                           "<pyasc-simulator-entry>", 1, 0));
  os << "#include \"ascsim_entry.h\"\n"
     << "ASCSIM_ENTRY(" << emitter.lookupFunctionName(funcOp.getSymName())
     << ")\n";
  // Which cores a launch starts (asc-kernel-type).
  if (auto type = funcOp->getAttrOfType<KernelMetaTypeAttr>(
          AscDialect::getKernelTypeAttrName()))
    os << "ASCSIM_KERNEL_TYPE(KERNEL_TYPE_"
       << stringifyKernelMetaType(type.getValue()).upper() << ")\n";
  os << "#endif\n";
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, func::FuncOp funcOp) {
  raw_indented_ostream &os = emitter.indentedStream();
  Emitter::FunctionScope scope(emitter);
  if (funcOp.isExternal()) {
    if (failed(printSignature(emitter, funcOp)))
      return failure();
    os << ";\n";
    return success();
  }
  if (!funcOp.getBody().hasOneBlock())
    return funcOp.emitOpError()
           << "cannot emit a function with "
           << funcOp.getBody().getBlocks().size()
           << " blocks: only structured control flow (scf) is supported";
  emitter.limitExpressionDepth(funcOp);
  emitter.separateFaultingExpressions(funcOp);
  emitter.findUnprinted(funcOp);
  if (failed(printSignature(emitter, funcOp)))
    return failure();
  os << " {\n";
  os.indent();
  // The kernel's type (asc-kernel-type), as Ascend C kernels declare it.
  if (auto type = funcOp->getAttrOfType<KernelMetaTypeAttr>(
          AscDialect::getKernelTypeAttrName());
      type && isKernel(funcOp))
    os << "KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_"
       << stringifyKernelMetaType(type.getValue()).upper() << ");\n";
  if (isKernel(funcOp) && emitter.getOptions().npuLaunchParams &&
      emitter.getOptions().dumpBuffer) {
    // One MiB of the dump buffer per core, as the NPU launcher sizes it.
    os << "#ifndef ASCSIM\n";
    os << "AscendC::InitDump(false, dump_addr, 1048576);\n";
    os << "#endif\n";
  }
  Block &body = funcOp.getBody().front();
  if (failed(emitter.emitBlockBody(body)))
    return failure();
  // A `return` without value at the end of the body is implicit.
  Operation *terminator = body.getTerminator();
  if (terminator->getNumOperands() != 0 &&
      failed(emitter.emitOperation(*terminator)))
    return failure();
  os.unindent();
  os << "}\n";
  if (isKernel(funcOp) && emitter.getOptions().simulatorEntry)
    printSimulatorEntry(emitter, funcOp);
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter,
                                        func::ReturnOp returnOp) {
  raw_ostream &os = emitter.ostream();
  if (returnOp.getNumOperands() > 1) {
    // Several values are returned through the out-parameters.
    for (auto [index, pair] : llvm::enumerate(llvm::zip_equal(
             emitter.getOutParameters(), returnOp.getOperands()))) {
      os << (index == 0 ? "" : ";\n") << std::get<0>(pair) << " = ";
      if (failed(emitter.emitOperand(std::get<1>(pair))))
        return failure();
    }
    return success();
  }
  os << "return";
  if (returnOp.getNumOperands() == 0)
    return success();
  os << " ";
  return emitter.emitOperand(returnOp.getOperand(0));
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, func::CallOp callOp) {
  raw_ostream &os = emitter.ostream();
  if (callOp.getNumResults() == 1) {
    if (failed(emitter.emitCopyDeclaration(callOp.getResult(0))))
      return failure();
    os << " = ";
    return printExpression(emitter, callOp);
  }
  // Several results are variables passed as trailing out-parameters.
  for (Value result : callOp.getResults()) {
    if (failed(emitter.emitCopyDeclaration(result)))
      return failure();
    os << ";\n";
  }
  return printExpression(emitter, callOp);
}

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 func::CallOp callOp) {
  raw_ostream &os = emitter.ostream();
  os << emitter.lookupFunctionName(callOp.getCallee()) << "(";
  if (failed(emitter.emitOperands(callOp.getOperands())))
    return failure();
  if (callOp.getNumResults() > 1) {
    for (OpResult result : callOp.getResults())
      os << (result.getResultNumber() == 0 && callOp.getNumOperands() == 0
                 ? ""
                 : ", ")
         << emitter.getOrCreateName(result);
  }
  os << ")";
  return Precedence::Postfix;
}

//===----------------------------------------------------------------------===//
// scf
//===----------------------------------------------------------------------===//

/// `pyasc::loop_tick();` at the loop's line: each iteration is a step of
/// the simulator's watchdog, which names this line if the loop never ends.
static void emitLoopTick(Emitter &emitter, Location loc) {
  emitter.emitLocation(loc);
  emitter.indentedStream() << "pyasc::loop_tick();\n";
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, scf::ForOp forOp) {
  raw_indented_ostream &os = emitter.indentedStream();
  // Loop-carried values live in variables declared before the loop; the
  // loop's results are those variables.
  for (auto [arg, init, result] :
       llvm::zip_equal(forOp.getRegionIterArgs(), forOp.getInitArgs(),
                       forOp.getResults())) {
    Value named = !emitter.hasSourceName(arg) && emitter.hasSourceName(result)
                      ? Value(result)
                      : Value(arg);
    if (failed(emitter.emitCopyDeclaration(named)))
      return failure();
    os << " = ";
    if (failed(emitter.emitOperand(init)))
      return failure();
    os << ";\n";
    emitter.mapToSameVariable(named == arg ? Value(result) : Value(arg), named);
  }
  // The declarations took lines: the loop header is the op's line again.
  emitter.emitLocation(forOp.getLoc());

  Emitter::LoopScope scope(emitter);
  Value iv = forOp.getInductionVar();
  StringRef ivName = emitter.getOrCreateInductionName(iv);
  os << "for (";
  if (failed(emitter.emitType(forOp.getLoc(), iv.getType())))
    return failure();
  os << " " << ivName << " = ";
  if (failed(emitter.emitOperand(forOp.getLowerBound())))
    return failure();
  os << "; " << ivName << " < ";
  if (failed(emitter.emitOperand(forOp.getUpperBound(),
                                 tighter(Precedence::Relational))))
    return failure();
  os << "; " << ivName << " += ";
  if (failed(emitter.emitOperand(forOp.getStep())))
    return failure();
  os << ") {\n";
  os.indent();
  emitLoopTick(emitter, forOp.getLoc());
  if (failed(emitter.emitBlockBody(*forOp.getBody())))
    return failure();
  auto yieldOp = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
  if (failed(emitter.emitAssignments(forOp.getRegionIterArgs(),
                                     yieldOp.getOperands(),
                                     /*parallel=*/true)))
    return failure();
  os.unindent();
  os << "}\n";
  return success();
}

/// Emits the ops of an scf.if branch and assigns its yielded values to the
/// if's result variables.
static LogicalResult printBranch(Emitter &emitter, scf::IfOp ifOp,
                                 Region &region) {
  raw_indented_ostream &os = emitter.indentedStream();
  os.indent();
  Emitter::Scope scope(emitter);
  Block &block = region.front();
  if (failed(emitter.emitBlockBody(block)) ||
      failed(emitter.emitAssignments(ifOp.getResults(),
                                     block.getTerminator()->getOperands(),
                                     /*parallel=*/false)))
    return failure();
  os.unindent();
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter, scf::IfOp ifOp) {
  raw_indented_ostream &os = emitter.indentedStream();
  for (Value result : ifOp.getResults()) {
    if (failed(emitter.emitCopyDeclaration(result)))
      return failure();
    os << ";\n";
  }
  // The result declarations took lines: the condition (which may fault, as a
  // checked division does) is the op's line again.
  emitter.emitLocation(ifOp.getLoc());
  os << "if (";
  if (failed(emitter.emitOperand(ifOp.getCondition())))
    return failure();
  os << ") {\n";
  if (failed(printBranch(emitter, ifOp, ifOp.getThenRegion())))
    return failure();
  Region &elseRegion = ifOp.getElseRegion();
  if (!elseRegion.empty() && (ifOp.getNumResults() != 0 ||
                              !llvm::hasSingleElement(elseRegion.front()))) {
    os << "} else {\n";
    if (failed(printBranch(emitter, ifOp, elseRegion)))
      return failure();
  }
  os << "}\n";
  return success();
}

LogicalResult mlir::asc::printOperation(Emitter &emitter,
                                        scf::WhileOp whileOp) {
  raw_indented_ostream &os = emitter.indentedStream();
  Block &before = whileOp.getBefore().front();
  Block &after = whileOp.getAfter().front();
  // The before-region arguments are variables updated at the end of each
  // iteration; the values forwarded by scf.condition live in the result
  // variables, which the after-region reads as its arguments.
  for (auto [arg, init] :
       llvm::zip_equal(before.getArguments(), whileOp.getInits())) {
    if (failed(emitter.emitCopyDeclaration(arg)))
      return failure();
    os << " = ";
    if (failed(emitter.emitOperand(init)))
      return failure();
    os << ";\n";
  }
  for (auto [result, arg] :
       llvm::zip_equal(whileOp.getResults(), after.getArguments())) {
    Value named = !emitter.hasSourceName(result) && emitter.hasSourceName(arg)
                      ? Value(arg)
                      : Value(result);
    if (failed(emitter.emitCopyDeclaration(named)))
      return failure();
    os << ";\n";
    emitter.mapToSameVariable(named == arg ? Value(result) : Value(arg), named);
  }

  emitter.emitLocation(whileOp.getLoc());
  Emitter::LoopScope scope(emitter);
  os << "while (true) {\n";
  os.indent();
  emitLoopTick(emitter, whileOp.getLoc());
  scf::ConditionOp conditionOp = whileOp.getConditionOp();
  if (failed(emitter.emitBlockBody(before)) ||
      failed(emitter.emitAssignments(whileOp.getResults(),
                                     conditionOp.getArgs(),
                                     /*parallel=*/false)))
    return failure();
  // The condition is evaluated at the `while` line, after the statements of
  // the before-region.
  emitter.emitLocation(conditionOp.getLoc());
  os << "if (!";
  if (failed(emitter.emitOperand(conditionOp.getCondition(),
                                 tighter(Precedence::Unary))))
    return failure();
  os << ") {\n  break;\n}\n";
  auto yieldOp = cast<scf::YieldOp>(after.getTerminator());
  if (failed(emitter.emitBlockBody(after)) ||
      failed(emitter.emitAssignments(before.getArguments(),
                                     yieldOp.getOperands(),
                                     /*parallel=*/true)))
    return failure();
  os.unindent();
  os << "}\n";
  return success();
}

/// Prints `pyasc::<name><T>(operands)`, T the result's type (its unsigned
/// twin with `isUnsigned`): a helper of the emitted prologue whose explicit
/// template argument converts the operands.
static FailureOr<Precedence> printHelperCall(Emitter &emitter, Operation &op,
                                             StringRef name, bool isUnsigned) {
  raw_ostream &os = emitter.ostream();
  Type type = op.getResult(0).getType();
  os << "pyasc::" << name << "<";
  if (failed(isUnsigned ? emitter.emitUnsignedType(op.getLoc(), type)
                        : emitter.emitType(op.getLoc(), type)))
    return failure();
  os << ">(";
  if (failed(emitter.emitOperands(op.getOperands())))
    return failure();
  os << ")";
  return Precedence::Postfix;
}

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 RangeCountOp op) {
  // A step that folded to 0 (`range(a, b, n * 0)`): Python's error, at the
  // line, rather than a kernel that always stops in the simulator.
  APInt step;
  if (matchPattern(op.getStep(), m_ConstantInt(&step)) && step.isZero())
    return op.emitError()
           << "range() arg 3 must not be zero: the loop's step is 0; use a "
              "positive step to count up or a negative one to count down";
  // The type is explicit: a literal bound is an `int`, the variable may not be.
  return printHelperCall(emitter, *op, "range_count", /*isUnsigned=*/false);
}

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 RangeAtOp op) {
  return printHelperCall(emitter, *op, "range_at", /*isUnsigned=*/false);
}

bool mlir::asc::usesRangeAt(Operation *root) {
  return root->walk([](RangeAtOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

bool mlir::asc::usesRangeCount(Operation *root) {
  return root->walk([](RangeCountOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

//===----------------------------------------------------------------------===//
// arith
//===----------------------------------------------------------------------===//

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 arith::ConstantOp constantOp) {
  return emitter.emitAttribute(constantOp.getLoc(), constantOp.getValue());
}

/// Prints `lhs <spelling> rhs` for a left-associative operator. Operands of
/// the operators compilers warn about (-Wparentheses) get parentheses
/// wherever they mix levels; comparisons never chain.
static FailureOr<Precedence> printInfix(Emitter &emitter, Value lhs,
                                        StringRef spelling, Value rhs,
                                        Precedence precedence) {
  using P = Precedence;
  bool isComparison = precedence == P::Equality || precedence == P::Relational;
  std::optional<P> clarify;
  if (precedence == P::Shift || precedence == P::BitAnd ||
      precedence == P::BitXor || precedence == P::BitOr ||
      precedence == P::LogicalAnd || precedence == P::LogicalOr)
    clarify = precedence;
  P lhsMinimum = isComparison ? tighter(precedence) : precedence;
  if (failed(emitter.emitOperand(lhs, lhsMinimum, clarify)))
    return failure();
  emitter.ostream() << " " << spelling << " ";
  if (failed(emitter.emitOperand(rhs, tighter(precedence), clarify)))
    return failure();
  return precedence;
}

/// Prints `static_cast<uN_t>(value)`.
static LogicalResult printAsUnsigned(Emitter &emitter, Value value) {
  raw_ostream &os = emitter.ostream();
  os << "static_cast<";
  if (failed(emitter.emitUnsignedType(value.getLoc(), value.getType())))
    return failure();
  os << ">(";
  if (failed(emitter.emitOperand(value)))
    return failure();
  os << ")";
  return success();
}

/// Prints `static_cast<uN_t>(lhs) <spelling> static_cast<uN_t>(rhs)`.
static LogicalResult printUnsignedInfix(Emitter &emitter, Value lhs,
                                        StringRef spelling, Value rhs) {
  if (failed(printAsUnsigned(emitter, lhs)))
    return failure();
  emitter.ostream() << " " << spelling << " ";
  return printAsUnsigned(emitter, rhs);
}

DivisionForm mlir::asc::classifyDivision(Operation &op) {
  bool isSigned = isa<arith::DivSIOp, arith::RemSIOp>(op);
  APInt lhs, rhs;
  bool lhsConstant = matchPattern(op.getOperand(0), m_ConstantInt(&lhs));
  if (!matchPattern(op.getOperand(1), m_ConstantInt(&rhs)))
    return DivisionForm::Checked;
  if (rhs.isZero())
    return lhsConstant ? DivisionForm::ZeroDivisor : DivisionForm::Checked;
  if (isSigned && rhs.isAllOnes() && rhs.getBitWidth() > 1) {
    if (!lhsConstant)
      return DivisionForm::Checked;
    if (lhs.isMinSignedValue())
      return DivisionForm::Overflow;
  }
  return DivisionForm::Plain;
}

bool mlir::asc::needsCheckedDivision(Operation *root) {
  WalkResult result = root->walk([](Operation *op) {
    if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp>(
            op) &&
        classifyDivision(*op) == DivisionForm::Checked)
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

bool mlir::asc::isCheckedShift(Operation &op) {
  if (!isa<arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp>(op))
    return false;
  APInt count;
  return !matchPattern(op.getOperand(1), m_ConstantInt(&count)) ||
         count.uge(count.getBitWidth());
}

bool mlir::asc::needsCheckedShift(Operation *root) {
  return root
      ->walk([](Operation *op) {
        return isCheckedShift(*op) ? WalkResult::interrupt()
                                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether `value` is the integer constant `expected`.
static bool isConstant(Value value, const APInt &expected) {
  APInt actual;
  return matchPattern(value, m_ConstantInt(&actual)) && actual == expected;
}

/// The count before the frontend's clamp of a signed count wider than the
/// shifted value, `trunci(select(c < L, L, select(x > W, W, x)))` with L < 0
/// and W >= T's width (c the inner select), else `count`. pyasc::shl/shr give
/// the same result for `x` (an int64_t) as for the clamped count, and report
/// a negative one as the user wrote it (-300, not int8's -128).
static Value unclampedCount(Value count, unsigned width,
                            SmallVectorImpl<Operation *> *clamp = nullptr) {
  using Pred = arith::CmpIPredicate;
  auto trunc = count.getDefiningOp<arith::TruncIOp>();
  if (!trunc)
    return count;
  auto low = trunc.getIn().getDefiningOp<arith::SelectOp>();
  if (!low)
    return count;
  auto high = low.getFalseValue().getDefiningOp<arith::SelectOp>();
  auto lowCmp = low.getCondition().getDefiningOp<arith::CmpIOp>();
  APInt lowest, widest;
  if (!high || !lowCmp || lowCmp.getPredicate() != Pred::slt ||
      lowCmp.getLhs() != low.getFalseValue() ||
      !matchPattern(low.getTrueValue(), m_ConstantInt(&lowest)) ||
      !lowest.isNegative() || !isConstant(lowCmp.getRhs(), lowest))
    return count;
  Value x = high.getFalseValue();
  auto highCmp = high.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!highCmp || highCmp.getPredicate() != Pred::sgt ||
      highCmp.getLhs() != x ||
      !matchPattern(high.getTrueValue(), m_ConstantInt(&widest)) ||
      widest.slt(width) || !isConstant(highCmp.getRhs(), widest) ||
      x.getType().getIntOrFloatBitWidth() > 64)
    return count;
  if (clamp)
    clamp->append({trunc, low, lowCmp, high, highCmp});
  return x;
}

void mlir::asc::collectUnprintedClamps(Operation *root,
                                       llvm::DenseSet<Operation *> &unprinted) {
  root->walk([&](Operation *op) {
    if (!isCheckedShift(*op))
      return;
    SmallVector<Operation *> clamp;
    Type type = op->getResult(0).getType();
    (void)unclampedCount(op->getOperand(1), type.getIntOrFloatBitWidth(),
                         &clamp);
    // In order from the shift: each op's users come before it. An op with a
    // user that is printed (another shift, a use elsewhere) stays.
    for (Operation *clampOp : clamp)
      if (llvm::all_of(clampOp->getUsers(), [&](Operation *user) {
            return user == op || unprinted.contains(user);
          }))
        unprinted.insert(clampOp);
  });
}

/// Prints `pyasc::shl<T>(a, c)` or `pyasc::shr<T>(a, c)` (T unsigned with
/// `isUnsigned`): Python's shift for any count; the count converts to
/// int64_t, keeping its sign.
static FailureOr<Precedence> printCheckedShift(Emitter &emitter, Operation &op,
                                               bool isUnsigned) {
  raw_ostream &os = emitter.ostream();
  Type type = op.getResult(0).getType();
  os << "pyasc::" << (isa<arith::ShLIOp>(op) ? "shl" : "shr") << "<";
  if (failed(isUnsigned ? emitter.emitUnsignedType(op.getLoc(), type)
                        : emitter.emitType(op.getLoc(), type)))
    return failure();
  os << ">(";
  Value count = unclampedCount(op.getOperand(1), type.getIntOrFloatBitWidth());
  if (failed(emitter.emitOperands(ValueRange{op.getOperand(0), count})))
    return failure();
  os << ")";
  return Precedence::Postfix;
}

/// Reports a division of two constants that is undefined (by zero, or
/// INT_MIN / -1), which would otherwise be printed literally.
static LogicalResult emitConstantDivisionError(Operation &op,
                                               DivisionForm form) {
  bool isSigned = isa<arith::DivSIOp, arith::RemSIOp>(op);
  bool isRemainder = isa<arith::RemSIOp, arith::RemUIOp>(op);
  APInt lhs, rhs;
  (void)matchPattern(op.getOperand(0), m_ConstantInt(&lhs));
  (void)matchPattern(op.getOperand(1), m_ConstantInt(&rhs));
  SmallString<32> lhsText, rhsText;
  lhs.toString(lhsText, 10, isSigned);
  rhs.toString(rhsText, 10, isSigned);
  StringRef what = isRemainder ? "remainder" : "division";
  StringRef spelling = isRemainder ? "%" : "/";
  InFlightDiagnostic diag = op.emitError() << "integer " << what << " ";
  if (form == DivisionForm::ZeroDivisor)
    diag << "by zero: " << lhsText << " " << spelling << " 0";
  else
    diag << "overflows: " << lhsText << " " << spelling << " -1 does not fit "
         << "in " << op.getResult(0).getType();
  diag << " with constant operands; the result is undefined";
  return diag;
}

/// Prints `pyasc::div<T>(lhs, rhs)` or `pyasc::rem<T>(...)`: a division whose
/// divisor may be 0 (or -1). With `isUnsigned`, T is the unsigned type of the
/// same width.
static FailureOr<Precedence>
printCheckedDivision(Emitter &emitter, Operation &op, bool isUnsigned) {
  bool isRemainder = isa<arith::RemSIOp, arith::RemUIOp>(op);
  return printHelperCall(emitter, op, isRemainder ? "rem" : "div", isUnsigned);
}

/// Whether `value` prints as an expression of int literals only (a constant,
/// or a select between such), whose C++ type is `int` whatever its IR type.
static bool printsUntyped(Emitter &emitter, Value value, unsigned depth = 0) {
  Operation *def = value.getDefiningOp();
  if (!def || depth > 8)
    return false;
  if (isa<arith::ConstantOp>(def))
    return true;
  auto select = dyn_cast<arith::SelectOp>(def);
  // A select printed as a variable has the variable's type.
  if (!select || !emitter.isInlined(def))
    return false;
  return printsUntyped(emitter, select.getTrueValue(), depth + 1) &&
         printsUntyped(emitter, select.getFalseValue(), depth + 1);
}

/// Prints `lhs <spelling> rhs` for a 64-bit op whose type no operand gives
/// (`(c ? 7 : 9) << 16`, `(c ? 2000000000 : 1) * 2`): the left operand cast
/// to the result type, so that C++ computes in 64 bits as the IR does.
static FailureOr<Precedence> printTypedInfix(Emitter &emitter, Operation &op,
                                             StringRef spelling,
                                             Precedence precedence) {
  raw_ostream &os = emitter.ostream();
  os << "static_cast<";
  if (failed(emitter.emitType(op.getLoc(), op.getResult(0).getType())))
    return failure();
  os << ">(";
  if (failed(emitter.emitOperand(op.getOperand(0))))
    return failure();
  os << ") " << spelling << " ";
  std::optional<Precedence> clarify;
  if (precedence == Precedence::Shift || precedence == Precedence::BitAnd ||
      precedence == Precedence::BitXor || precedence == Precedence::BitOr)
    clarify = precedence;
  if (failed(
          emitter.emitOperand(op.getOperand(1), tighter(precedence), clarify)))
    return failure();
  return precedence;
}

static FailureOr<Precedence> printArithBinaryUncast(Emitter &emitter,
                                                    Operation &op);

bool mlir::asc::printsOwnNarrowType(Operation &op) {
  if (op.getNumResults() != 1)
    return false;
  Type type = op.getResult(0).getType();
  return (type.isInteger(8) || type.isInteger(16)) &&
         isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::DivSIOp,
             arith::RemSIOp, arith::AndIOp, arith::OrIOp, arith::XOrIOp,
             arith::ShLIOp, arith::ShRSIOp, arith::DivUIOp, arith::RemUIOp,
             arith::ShRUIOp>(op);
}

FailureOr<Precedence> mlir::asc::printArithBinary(Emitter &emitter,
                                                  Operation &op) {
  // C++ computes 8- and 16-bit integers in int: `(a * b) / 7` on int8 would
  // divide the untruncated product. The IR's op wraps to its width, so an
  // op printed inside another expression is truncated there (a variable
  // truncates when assigned).
  Type type = op.getResult(0).getType();
  // (pyasc::div<T> and pyasc::shl<T> return a T already.)
  bool typed = (isa<arith::DivSIOp, arith::RemSIOp>(op) &&
                classifyDivision(op) == DivisionForm::Checked) ||
               isCheckedShift(op);
  if ((type.isInteger(8) || type.isInteger(16)) && emitter.isInlined(&op) &&
      !typed) {
    raw_ostream &os = emitter.ostream();
    os << "static_cast<";
    if (failed(emitter.emitType(op.getLoc(), type)))
      return failure();
    os << ">(";
    if (failed(printArithBinaryUncast(emitter, op)))
      return failure();
    os << ")";
    return Precedence::Postfix;
  }
  return printArithBinaryUncast(emitter, op);
}

static FailureOr<Precedence> printArithBinaryUncast(Emitter &emitter,
                                                    Operation &op) {
  using P = Precedence;
  if (isa<arith::DivSIOp, arith::RemSIOp>(op)) {
    DivisionForm form = classifyDivision(op);
    if (form == DivisionForm::Checked)
      return printCheckedDivision(emitter, op, /*isUnsigned=*/false);
    if (form != DivisionForm::Plain)
      return emitConstantDivisionError(op, form);
  }
  if (isCheckedShift(op))
    return printCheckedShift(emitter, op, /*isUnsigned=*/false);
  auto [spelling, precedence] =
      TypeSwitch<Operation *, std::pair<StringRef, Precedence>>(&op)
          .Case<arith::AddIOp, arith::AddFOp>(
              [](auto) { return std::make_pair("+", P::Additive); })
          .Case<arith::SubIOp, arith::SubFOp>(
              [](auto) { return std::make_pair("-", P::Additive); })
          .Case<arith::MulIOp, arith::MulFOp>(
              [](auto) { return std::make_pair("*", P::Multiplicative); })
          .Case<arith::DivSIOp, arith::DivFOp>(
              [](auto) { return std::make_pair("/", P::Multiplicative); })
          .Case<arith::RemSIOp>(
              [](auto) { return std::make_pair("%", P::Multiplicative); })
          .Case<arith::AndIOp>(
              [](auto) { return std::make_pair("&", P::BitAnd); })
          .Case<arith::OrIOp>(
              [](auto) { return std::make_pair("|", P::BitOr); })
          .Case<arith::XOrIOp>(
              [](auto) { return std::make_pair("^", P::BitXor); })
          .Case<arith::ShLIOp>(
              [](auto) { return std::make_pair("<<", P::Shift); })
          .Case<arith::ShRSIOp>(
              [](auto) { return std::make_pair(">>", P::Shift); })
          .Default([](Operation *) -> std::pair<StringRef, Precedence> {
            llvm_unreachable("not a binary arith op");
          });
  // A shift has the type of its left operand; other operators the common
  // type of both. An int literal there would compute a 64-bit op in 32 bits.
  Type type = op.getResult(0).getType();
  if (type.isInteger(64) && printsUntyped(emitter, op.getOperand(0)) &&
      (precedence == P::Shift || printsUntyped(emitter, op.getOperand(1))))
    return printTypedInfix(emitter, op, spelling, precedence);
  return printInfix(emitter, op.getOperand(0), spelling, op.getOperand(1),
                    precedence);
}

FailureOr<Precedence> mlir::asc::printArithUnsignedBinary(Emitter &emitter,
                                                          Operation &op) {
  if (isa<arith::DivUIOp, arith::RemUIOp>(op)) {
    DivisionForm form = classifyDivision(op);
    if (form != DivisionForm::Plain && form != DivisionForm::Checked)
      return emitConstantDivisionError(op, form);
    if (form == DivisionForm::Checked) {
      // static_cast<T>(pyasc::div<uN_t>(a, b)): the result in the signless
      // type, as the plain form prints it.
      raw_ostream &os = emitter.ostream();
      os << "static_cast<";
      if (failed(emitter.emitType(op.getLoc(), op.getResult(0).getType())))
        return failure();
      os << ">(";
      if (failed(printCheckedDivision(emitter, op, /*isUnsigned=*/true)))
        return failure();
      os << ")";
      return Precedence::Postfix;
    }
  }
  if (isCheckedShift(op)) {
    // static_cast<T>(pyasc::shr<uN_t>(a, c)), as for the division above.
    raw_ostream &os = emitter.ostream();
    os << "static_cast<";
    if (failed(emitter.emitType(op.getLoc(), op.getResult(0).getType())))
      return failure();
    os << ">(";
    if (failed(printCheckedShift(emitter, op, /*isUnsigned=*/true)))
      return failure();
    os << ")";
    return Precedence::Postfix;
  }
  StringRef spelling = TypeSwitch<Operation *, StringRef>(&op)
                           .Case([](arith::DivUIOp) { return "/"; })
                           .Case([](arith::RemUIOp) { return "%"; })
                           .Case([](arith::ShRUIOp) { return ">>"; })
                           .Default([](Operation *) -> StringRef {
                             llvm_unreachable("not an unsigned arith op");
                           });
  raw_ostream &os = emitter.ostream();
  os << "static_cast<";
  if (failed(emitter.emitType(op.getLoc(), op.getResult(0).getType())))
    return failure();
  os << ">(";
  if (failed(printUnsignedInfix(emitter, op.getOperand(0), spelling,
                                op.getOperand(1))))
    return failure();
  os << ")";
  return Precedence::Postfix;
}

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 arith::CmpIOp cmpOp) {
  using Pred = arith::CmpIPredicate;
  Value lhs = cmpOp.getLhs(), rhs = cmpOp.getRhs();
  Pred predicate = cmpOp.getPredicate();
  StringRef spelling;
  switch (predicate) {
  case Pred::eq:
    return printInfix(emitter, lhs, "==", rhs, Precedence::Equality);
  case Pred::ne:
    return printInfix(emitter, lhs, "!=", rhs, Precedence::Equality);
  case Pred::slt:
    return printInfix(emitter, lhs, "<", rhs, Precedence::Relational);
  case Pred::sle:
    return printInfix(emitter, lhs, "<=", rhs, Precedence::Relational);
  case Pred::sgt:
    return printInfix(emitter, lhs, ">", rhs, Precedence::Relational);
  case Pred::sge:
    return printInfix(emitter, lhs, ">=", rhs, Precedence::Relational);
  case Pred::ult:
    spelling = "<";
    break;
  case Pred::ule:
    spelling = "<=";
    break;
  case Pred::ugt:
    spelling = ">";
    break;
  case Pred::uge:
    spelling = ">=";
    break;
  }
  if (failed(printUnsignedInfix(emitter, lhs, spelling, rhs)))
    return failure();
  return Precedence::Relational;
}

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 arith::CmpFOp cmpOp) {
  using Pred = arith::CmpFPredicate;
  using P = Precedence;
  Value lhs = cmpOp.getLhs(), rhs = cmpOp.getRhs();
  raw_ostream &os = emitter.ostream();
  // Unordered predicates are the negation of the opposite ordered one.
  auto negated = [&](StringRef spelling) -> FailureOr<Precedence> {
    os << "!(";
    if (failed(printInfix(emitter, lhs, spelling, rhs, P::Relational)))
      return failure();
    os << ")";
    return P::Unary;
  };
  // `a op1 a <joiner> b op1 b`-style pairs of comparisons.
  auto pair = [&](Value a0, StringRef op0, Value b0, StringRef joiner, Value a1,
                  StringRef op1, Value b1, P inner) -> FailureOr<Precedence> {
    P outer = joiner == "&&" ? P::LogicalAnd : P::LogicalOr;
    if (failed(printInfix(emitter, a0, op0, b0, inner)))
      return failure();
    os << " " << joiner << " ";
    if (failed(printInfix(emitter, a1, op1, b1, inner)))
      return failure();
    return outer;
  };
  switch (cmpOp.getPredicate()) {
  case Pred::AlwaysFalse:
    os << "false";
    return P::Primary;
  case Pred::AlwaysTrue:
    os << "true";
    return P::Primary;
  case Pred::OEQ:
    return printInfix(emitter, lhs, "==", rhs, P::Equality);
  case Pred::OGT:
    return printInfix(emitter, lhs, ">", rhs, P::Relational);
  case Pred::OGE:
    return printInfix(emitter, lhs, ">=", rhs, P::Relational);
  case Pred::OLT:
    return printInfix(emitter, lhs, "<", rhs, P::Relational);
  case Pred::OLE:
    return printInfix(emitter, lhs, "<=", rhs, P::Relational);
  case Pred::ONE:
    return pair(lhs, "<", rhs, "||", lhs, ">", rhs, P::Relational);
  case Pred::ORD:
    return pair(lhs, "==", lhs, "&&", rhs, "==", rhs, P::Equality);
  case Pred::UEQ: {
    os << "!(";
    if (failed(pair(lhs, "<", rhs, "||", lhs, ">", rhs, P::Relational)))
      return failure();
    os << ")";
    return P::Unary;
  }
  case Pred::UGT:
    return negated("<=");
  case Pred::UGE:
    return negated("<");
  case Pred::ULT:
    return negated(">=");
  case Pred::ULE:
    return negated(">");
  case Pred::UNE:
    return printInfix(emitter, lhs, "!=", rhs, P::Equality);
  case Pred::UNO:
    return pair(lhs, "!=", lhs, "||", rhs, "!=", rhs, P::Equality);
  }
  llvm_unreachable("unknown CmpFPredicate");
}

/// Prints `condition ? trueValue : falseValue`.
static FailureOr<Precedence> printConditional(Emitter &emitter, Value condition,
                                              Value trueValue,
                                              Value falseValue) {
  raw_ostream &os = emitter.ostream();
  if (failed(emitter.emitOperand(condition, tighter(Precedence::Conditional))))
    return failure();
  os << " ? ";
  if (failed(emitter.emitOperand(trueValue)))
    return failure();
  os << " : ";
  if (failed(emitter.emitOperand(falseValue, Precedence::Conditional)))
    return failure();
  return Precedence::Conditional;
}

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 arith::SelectOp selectOp) {
  return printConditional(emitter, selectOp.getCondition(),
                          selectOp.getTrueValue(), selectOp.getFalseValue());
}

/// Prints `lhs <spelling> rhs ? lhs : rhs` (signed max and min).
static FailureOr<Precedence> printMinMax(Emitter &emitter, Value lhs,
                                         StringRef spelling, Value rhs) {
  raw_ostream &os = emitter.ostream();
  if (failed(printInfix(emitter, lhs, spelling, rhs, Precedence::Relational)))
    return failure();
  os << " ? ";
  if (failed(emitter.emitOperand(lhs)))
    return failure();
  os << " : ";
  if (failed(emitter.emitOperand(rhs, Precedence::Conditional)))
    return failure();
  return Precedence::Conditional;
}

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 arith::MaxSIOp maxOp) {
  return printMinMax(emitter, maxOp.getLhs(), ">", maxOp.getRhs());
}

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 arith::MinSIOp minOp) {
  return printMinMax(emitter, minOp.getLhs(), "<", minOp.getRhs());
}

FailureOr<Precedence> mlir::asc::printExpression(Emitter &emitter,
                                                 arith::NegFOp negOp) {
  emitter.ostream() << "-";
  // tighter() keeps `-(-x)` from printing as `--x`.
  if (failed(
          emitter.emitOperand(negOp.getOperand(), tighter(Precedence::Unary))))
    return failure();
  return Precedence::Unary;
}

FailureOr<Precedence> mlir::asc::printArithCast(Emitter &emitter,
                                                Operation &op) {
  raw_ostream &os = emitter.ostream();
  Value source = op.getOperand(0);
  Type sourceType = source.getType();
  Type resultType = op.getResult(0).getType();
  // i1 sign-extends to 0 or -1.
  bool negate = isa<arith::ExtSIOp>(op) && sourceType.isInteger(1);
  // Zero extension and unsigned conversions go through the unsigned type.
  bool sourceUnsigned =
      isa<arith::ExtUIOp, arith::UIToFPOp>(op) && !sourceType.isInteger(1);
  bool truncToBool = isa<arith::TruncIOp>(op) && resultType.isInteger(1);
  if (negate)
    os << "-";
  os << "static_cast<";
  if (failed(emitter.emitType(op.getLoc(), resultType)))
    return failure();
  os << ">(";
  if (isa<arith::FPToUIOp>(op)) {
    os << "static_cast<";
    if (failed(emitter.emitUnsignedType(op.getLoc(), resultType)))
      return failure();
    os << ">(";
    if (failed(emitter.emitOperand(source)))
      return failure();
    os << ")";
  } else if (sourceUnsigned) {
    if (failed(printAsUnsigned(emitter, source)))
      return failure();
  } else if (truncToBool) {
    if (failed(emitter.emitOperand(source, Precedence::BitAnd)))
      return failure();
    os << " & 1";
  } else if (failed(emitter.emitOperand(source))) {
    return failure();
  }
  os << ")";
  return negate ? Precedence::Unary : Precedence::Postfix;
}
