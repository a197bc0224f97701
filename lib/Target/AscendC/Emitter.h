//===- Emitter.h - Ascend C emitter internals -------------------*- C++ -*-===//
//
// The emitter class shared by the files of the Ascend C target: output
// streams, scoped variable names, #line tracking, type and attribute
// spelling, and the printer of every supported op. Emitter.cpp holds the
// core and the single dispatch; EmitControl.cpp prints func, scf and arith;
// EmitAscOps.cpp prints asc ops.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_LIB_TARGET_ASCENDC_EMITTER_H
#define ASCIR_LIB_TARGET_ASCENDC_EMITTER_H

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "ascir/Target/AscendC/AscendCEmitter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/IndentedOstream.h"
#include "llvm/ADT/ScopedHashTable.h"
#include "llvm/Support/StringSaver.h"

namespace mlir {
namespace asc {

/// C++ operator precedence, from loosest to tightest binding. An operand
/// printed inline is parenthesised when it binds looser than required.
enum class Precedence : int {
  Lowest = 0,
  Conditional = 2, // ?:
  LogicalOr = 3,
  LogicalAnd = 4,
  BitOr = 5,
  BitXor = 6,
  BitAnd = 7,
  Equality = 8,   // == !=
  Relational = 9, // < <= > >=
  Shift = 11,
  Additive = 12,
  Multiplicative = 13,
  Unary = 15,   // -x !x
  Postfix = 16, // f(x) a[i] static_cast<T>(x)
  Primary = 17, // names, non-negative literals
};

/// Next tighter precedence level, for right operands of left-associative
/// operators.
inline Precedence tighter(Precedence precedence) {
  return static_cast<Precedence>(static_cast<int>(precedence) + 1);
}

/// Counts the lines written through it, so the emitter knows which C++ line
/// the compiler will attribute to the next statement.
class LineCountingStream : public llvm::raw_ostream {
public:
  explicit LineCountingStream(llvm::raw_ostream &os) : os(os) {
    SetUnbuffered();
  }
  unsigned getNumNewlines() const { return numNewlines; }

private:
  void write_impl(const char *ptr, size_t size) override;
  uint64_t current_pos() const override { return os.tell(); }

  llvm::raw_ostream &os;
  unsigned numNewlines = 0;
};

/// Calls `each` on the elements of `range`, printing ", " in between; stops
/// at the first failure.
template <typename Range, typename EachFn>
LogicalResult printCommaSeparated(const Range &range, raw_ostream &os,
                                  EachFn each) {
  bool first = true;
  for (auto &&element : range) {
    if (!first)
      os << ", ";
    first = false;
    if (failed(each(element)))
      return failure();
  }
  return success();
}

/// True for identifiers a variable or struct must not take: C++ keywords,
/// the element type names, and names the Ascend C headers define.
bool isReservedName(StringRef name);

class Emitter {
public:
  Emitter(raw_ostream &os, const AscendCEmitterOptions &options);

  //===--------------------------------------------------------------------===//
  // Dispatch
  //===--------------------------------------------------------------------===//

  /// Emits `op` as a statement (or nothing, if it is printed inline at its
  /// use or by its parent).
  LogicalResult emitOperation(Operation &op);

  /// Emits the ops of `block` as statements, without its terminator.
  LogicalResult emitBlockBody(Block &block);

  /// Prints a value-producing op as a C++ expression and returns its
  /// precedence.
  FailureOr<Precedence> emitExpression(Operation &op);

  /// Emits `T name = <expression>` for a single-result op.
  LogicalResult emitValueDefinition(Operation &op);

  /// Reports that `op` has no printer.
  LogicalResult emitNoPrinterError(Operation &op);

  //===--------------------------------------------------------------------===//
  // Values
  //===--------------------------------------------------------------------===//

  /// Prints `value`: its variable name, or its defining expression when that
  /// is inlined, parenthesised if it binds looser than `minimum`. With
  /// `clarify`, any other binary operator is parenthesised too (operands of
  /// bitwise, shift and logical operators, where compilers ask for clarity).
  LogicalResult emitOperand(Value value,
                            Precedence minimum = Precedence::Lowest,
                            std::optional<Precedence> clarify = std::nullopt);

  /// Prints `values` separated by commas.
  LogicalResult emitOperands(ValueRange values);

  /// Prints `value` as an expression whose C++ type is exactly that of
  /// `type` (the argument of a deduced template parameter), converting it
  /// with a static_cast unless its own spelling already has that type.
  LogicalResult emitOperandOfType(Value value, Type type);

  /// Prints `value` converted to the C++ type of `type` (a constructor
  /// parameter): a literal constant or a value of that type as it is,
  /// anything else through a static_cast, so that no conversion narrows.
  LogicalResult emitOperandConvertedTo(Value value, Type type);

  /// The value of `value` if it is printed as an integer literal.
  std::optional<int64_t> getIntegerLiteral(Value value) const;

  /// Prints `T name` for a new variable holding `value`.
  LogicalResult emitDeclaration(Value value);

  /// Prints `T name` for a variable that is assigned copies of other values
  /// (loop-carried values, scf.if and call results); fails for framework
  /// objects, which cannot be copied.
  LogicalResult emitCopyDeclaration(Value value);

  /// Reports an error if values of `type` cannot be copied.
  LogicalResult verifyCopyable(Location loc, Type type);

  /// Prints a function parameter: `T name`, or `T& name` for framework
  /// objects, which are passed by reference. An empty `name` prints only the
  /// type (prototypes of external functions).
  LogicalResult emitParameter(Location loc, Type type, StringRef name);

  /// Emits `targets[i] = values[i];` for the targets whose value changes.
  /// With `parallel`, the assignments behave as if they happened at once
  /// (through temporaries when more than one variable changes), as needed
  /// when values read other targets (loop-carried variables).
  LogicalResult emitAssignments(ValueRange targets, ValueRange values,
                                bool parallel);

  /// True if `op` is not printed as a statement but inline at its only use.
  bool isInlined(Operation *op) const;

  /// Prints as variables the ops in `root` whose inline expression would nest
  /// deeper than kMaxExpressionDepth, so that printing recurses a bounded
  /// number of levels however long a chain of single-use ops is.
  void limitExpressionDepth(Operation *root);

  /// Finds the ops in `root` that print nothing although they are used: a
  /// shift count's clamp that `pyasc::shl`/`shr` see through.
  void findUnprinted(Operation *root);

  /// Prints as variables, at their own lines, the inline expressions in
  /// `root` that may fault at run time (a checked division or shift) and
  /// whose user is at another source line: the fault names the line of the
  /// call in the C++ statement, which is the user's.
  void separateFaultingExpressions(Operation *root);

  /// How deep inline expressions may nest before a temporary cuts them.
  static constexpr unsigned kMaxExpressionDepth = 64;

  /// True if printing `value` reads `variable` (directly or through inlined
  /// expressions).
  bool readsValue(Value value, Value variable) const;

  //===--------------------------------------------------------------------===//
  // Names
  //===--------------------------------------------------------------------===//

  /// The variable name of `value`, created on first request from the
  /// NameLoc attached to it (made unique in scope), or `vN`.
  StringRef getOrCreateName(Value value);

  /// The name of a loop induction variable: its NameLoc name, or i, j, k by
  /// nesting depth.
  StringRef getOrCreateInductionName(Value value);

  /// Makes `value` share the variable of `existing` (loop-carried values,
  /// op results that live in pre-declared variables).
  void mapToSameVariable(Value value, Value existing);

  /// Reserves a fresh name derived from `base` in the current scope.
  StringRef createUniqueName(StringRef base);

  /// Keeps `name` (a function name) from being used for variables.
  void reserveName(StringRef name);

  /// True if the frontend attached a variable name to `value`.
  bool hasSourceName(Value value) const;

  /// The C++ name of `funcOp`, chosen on first request and reserved: a kernel
  /// is `pyasc_<name>` (its extern "C" symbol must collide with nothing in
  /// the process: a kernel named `exp`, `memcpy` or `exit` would otherwise
  /// resolve to the C library's function), a device function keeps its name
  /// unless C++ or Ascend C reserves it, a declaration keeps its name. Fails,
  /// with an error on `funcOp`, for names that are not C++ identifiers.
  FailureOr<StringRef> getFunctionName(func::FuncOp funcOp);

  /// The C++ name chosen for the function `symbol` (the symbol itself if
  /// none was chosen, e.g. for a callee outside the printed operation).
  StringRef lookupFunctionName(StringRef symbol) const;

  /// Opens a C++ block scope for names.
  class Scope {
  public:
    explicit Scope(Emitter &emitter);

  private:
    llvm::ScopedHashTableScope<Value, StringRef> valueScope;
    llvm::ScopedHashTableScope<StringRef, char> nameScope;
  };

  /// Opens a function scope: also restarts `vN` numbering and loop depth.
  class FunctionScope : public Scope {
  public:
    explicit FunctionScope(Emitter &emitter);
  };

  /// Increments the loop depth for the lifetime of the object.
  class LoopScope : public Scope {
  public:
    explicit LoopScope(Emitter &emitter);
    ~LoopScope();

  private:
    Emitter &emitter;
  };

  //===--------------------------------------------------------------------===//
  // Spelling
  //===--------------------------------------------------------------------===//

  /// Prints the C++ spelling of `type`.
  LogicalResult emitType(Location loc, Type type);

  /// Prints the C++ spelling of a position (`AscendC::TPosition::VECIN`).
  LogicalResult emitPosition(Location loc, TPosition position);

  /// Prints the C++ spelling of the unsigned integer type of the same width
  /// as `type` (for unsigned arithmetic on signless integers).
  LogicalResult emitUnsignedType(Location loc, Type type);

  /// Prints the C++ spelling of `attr` and returns its precedence.
  FailureOr<Precedence> emitAttribute(Location loc, Attribute attr);

  //===--------------------------------------------------------------------===//
  // Output
  //===--------------------------------------------------------------------===//

  /// The options the emitter was created with.
  const AscendCEmitterOptions &getOptions() const { return options; }

  /// The stream expressions and statements are written to.
  raw_ostream &ostream() { return *streams.back(); }

  /// The indented statement stream (for indent()/unindent()).
  raw_indented_ostream &indentedStream() { return indented; }

  /// Emits `#line N "file"` if the next C++ line would otherwise not be
  /// attributed to `loc`.
  void emitLocation(Location loc);

  /// Redirects ostream() into a buffer for the lifetime of the object.
  class Redirect {
  public:
    Redirect(Emitter &emitter, std::string &buffer);
    ~Redirect();

  private:
    Emitter &emitter;
    llvm::raw_string_ostream stream;
  };

  //===--------------------------------------------------------------------===//
  // Functions
  //===--------------------------------------------------------------------===//

  /// The names of the out-parameters of the function being printed: a
  /// device function returning several values returns them through trailing
  /// reference parameters.
  SmallVectorImpl<StringRef> &getOutParameters() { return outParameters; }

private:
  /// `op` could be printed inline (ignoring the depth limit).
  bool isInlinable(Operation *op) const;

  const AscendCEmitterOptions options;
  SmallVector<StringRef> outParameters;
  LineCountingStream counter;
  raw_indented_ostream indented;
  SmallVector<raw_ostream *> streams;

  llvm::BumpPtrAllocator allocator;
  llvm::StringSaver saver{allocator};
  llvm::ScopedHashTable<Value, StringRef> valueNames;
  llvm::ScopedHashTable<StringRef, char> usedNames;
  llvm::StringMap<std::string> functionNames;
  llvm::DenseSet<Operation *> materialized;
  llvm::DenseSet<Operation *> unprinted;
  unsigned valueCounter = 0;
  unsigned loopDepth = 0;

  // #line state: the file and line the compiler attributes to the line
  // after the last directive, and the newline count at that point.
  std::string presumedFile;
  unsigned presumedLine = 0;
  unsigned newlinesAtDirective = 0;
};

//===----------------------------------------------------------------------===//
// Printers (EmitControl.cpp): builtin, func, scf, arith
//===----------------------------------------------------------------------===//

LogicalResult printOperation(Emitter &emitter, ModuleOp moduleOp);
LogicalResult printOperation(Emitter &emitter, func::FuncOp funcOp);
LogicalResult printOperation(Emitter &emitter, func::CallOp callOp);
LogicalResult printOperation(Emitter &emitter, func::ReturnOp returnOp);
LogicalResult printOperation(Emitter &emitter, scf::ForOp forOp);
LogicalResult printOperation(Emitter &emitter, scf::IfOp ifOp);
LogicalResult printOperation(Emitter &emitter, scf::WhileOp whileOp);

FailureOr<Precedence> printExpression(Emitter &emitter, func::CallOp callOp);
FailureOr<Precedence> printExpression(Emitter &emitter,
                                      arith::ConstantOp constantOp);
FailureOr<Precedence> printExpression(Emitter &emitter, arith::CmpIOp cmpOp);
FailureOr<Precedence> printExpression(Emitter &emitter, arith::CmpFOp cmpOp);
FailureOr<Precedence> printExpression(Emitter &emitter,
                                      arith::SelectOp selectOp);
FailureOr<Precedence> printExpression(Emitter &emitter, arith::NegFOp negOp);
FailureOr<Precedence> printExpression(Emitter &emitter, arith::MaxSIOp maxOp);
FailureOr<Precedence> printExpression(Emitter &emitter, arith::MinSIOp minOp);
/// `pyasc::range_count<T>(start, stop, step)`; a constant step of 0 is an
/// error at the op's line.
FailureOr<Precedence> printExpression(Emitter &emitter, RangeCountOp op);
/// True if a loop of `root` counts a range with a negative or runtime step.
bool usesRangeCount(Operation *root);
/// `pyasc::range_at<T>(start, index, step)`: `start + index * step` without
/// signed overflow.
FailureOr<Precedence> printExpression(Emitter &emitter, RangeAtOp op);
bool usesRangeAt(Operation *root);
/// Signed and float binary operators (addi, mulf, shli, ...).
FailureOr<Precedence> printArithBinary(Emitter &emitter, Operation &op);
/// True if an inlined `op` prints as an expression of exactly its result's
/// C++ type (8- and 16-bit integer arithmetic is cast back to its width).
bool printsOwnNarrowType(Operation &op);
/// Unsigned binary operators (divui, remui, shrui).
FailureOr<Precedence> printArithUnsignedBinary(Emitter &emitter, Operation &op);
/// Conversions (extsi, extui, trunci, sitofp, fptosi, index_cast, ...).
FailureOr<Precedence> printArithCast(Emitter &emitter, Operation &op);

/// How an integer division or remainder (divsi, divui, remsi, remui) is
/// printed.
enum class DivisionForm {
  Plain,       // `a / b`: the divisor is a constant that cannot trap
  Checked,     // `pyasc::div<T>(a, b)`: may divide by zero or overflow
  ZeroDivisor, // both constant, divisor 0: an error
  Overflow,    // both constant, INT_MIN / -1: an error
};
DivisionForm classifyDivision(Operation &op);

/// True if `root` holds a division printed through `pyasc::div`/`rem`.
bool needsCheckedDivision(Operation *root);

/// True if `op` (shli, shrsi, shrui) prints as `pyasc::shl`/`shr`: its count
/// is not a constant in 0 .. width - 1.
bool isCheckedShift(Operation &op);
/// True if `root` holds a shift printed through `pyasc::shl`/`shr`.
bool needsCheckedShift(Operation *root);
/// Adds to `unprinted` the ops of the frontend's count clamps in `root` that
/// the shift helpers see through and nothing else uses.
void collectUnprintedClamps(Operation *root,
                            llvm::DenseSet<Operation *> &unprinted);

//===----------------------------------------------------------------------===//
// Printers (EmitAscOps.cpp): asc
//===----------------------------------------------------------------------===//

LogicalResult printOperation(Emitter &emitter, SetGlobalBufferOp op);
LogicalResult printOperation(Emitter &emitter, LocalTensorOp op);
LogicalResult printOperation(Emitter &emitter, LocalTensorSetSizeOp op);
/// The in-place forms of a depth-0 queue: `T r[ = t];` then
/// `q.AllocTensor(r)` / `q.DeQue(r)`.
LogicalResult printInPlaceQueueTensor(Emitter &emitter, Operation *op,
                                      Value queue, Value init);
LogicalResult printOperation(Emitter &emitter, LocalTensorSetBufferLenOp op);
LogicalResult printOperation(Emitter &emitter,
                             LocalTensorSetAddrWithOffsetOp op);
LogicalResult printOperation(Emitter &emitter, GetTPipePtrOp op);
/// EmitLayoutOps.cpp
LogicalResult printOperation(Emitter &emitter, GatherMaskOp op);
LogicalResult printOperation(Emitter &emitter, TransposeParamsExtOp op);
LogicalResult printOperation(Emitter &emitter, DataCopyEnhancedParamsOp op);
LogicalResult printOperation(Emitter &emitter, TransDataTo5HDOp op);
LogicalResult printOperation(Emitter &emitter, TransDataTo5HDAddrOp op);
LogicalResult printOperation(Emitter &emitter, DumpTensorShapeOp op);
LogicalResult printOperation(Emitter &emitter, DataCopySliceOp op);
LogicalResult printOperation(Emitter &emitter, StructSetOp op);
/// EmitSortOps.cpp: MrgSort arrays and lists, GetMrgSortResult.
LogicalResult printOperation(Emitter &emitter, MrgSortOp op);
LogicalResult printOperation(Emitter &emitter, MrgSortInfoOp op);
LogicalResult printOperation(Emitter &emitter, MrgSort4Op op);
LogicalResult printOperation(Emitter &emitter, GetMrgSortResultOp op);
/// EmitAdvOps.cpp: a struct built in the kernel.
LogicalResult printOperation(Emitter &emitter, StructZeroOp op);
LogicalResult printOperation(Emitter &emitter, RegistMatmulOp op);
LogicalResult printOperation(Emitter &emitter, MatmulCallOp op);
/// `AscendC::Matmul<A, B, C, Bias, CFG>` (EmitMatmulOps.cpp).
LogicalResult emitMatmulType(Emitter &emitter, Location loc, MatmulType type);
/// The file-scope MatmulConfig of every Matmul type in `moduleOp`.
LogicalResult printMatmulConfigs(Emitter &emitter, ModuleOp moduleOp);
LogicalResult printOperation(Emitter &emitter, ListTensorDescOp op);
/// True if `op` declares a TensorDesc or ListTensorDesc (the source includes
/// kernel_operator_list_tensor_intf.h).
bool usesListTensor(Operation *op);
/// True if `op` declares a Matmul (the source includes lib/matmul_intf.h).
bool usesMatmul(Operation *op);
/// EmitQuantOps.cpp: the three arrays and the struct declaration.
LogicalResult printOperation(Emitter &emitter, VdeqInfoOp op);
/// EmitControlOps.cpp: out-parameter calls, core type, control enums.
LogicalResult printOperation(Emitter &emitter, GetStoreAtomicConfigOp op);
LogicalResult printOperation(Emitter &emitter, GetArchVersionOp op);
LogicalResult printOperation(Emitter &emitter, AippParamsOp op);
FailureOr<Precedence> printExpression(Emitter &emitter, AscendIsAicOp op);
FailureOr<Precedence> printExpression(Emitter &emitter, AscendIsAivOp op);
/// `AscendC::CacheLine::SINGLE_CACHE_LINE` etc.
std::optional<Precedence> printControlEnumAttr(raw_ostream &os, Attribute attr);
/// The declaration `AscendC::Struct name(fields...)` of a parameter struct.
LogicalResult printOperation(Emitter &emitter, ParamStructOpInterface op);
/// True if a parameter struct of `root` narrows a run-time value into a
/// member through `pyasc::param_field`.
bool usesParamFieldCheck(Operation *root);
/// The generic printer of every ApiOpInterface op without results.
LogicalResult printOperation(Emitter &emitter, ApiOpInterface op);

FailureOr<Precedence> printExpression(Emitter &emitter, PtrOffsetOp op);
FailureOr<Precedence> printExpression(Emitter &emitter, SubviewOp op);
FailureOr<Precedence> printExpression(Emitter &emitter,
                                      LocalTensorReinterpretCastOp op);
FailureOr<Precedence> printExpression(Emitter &emitter, PropertyOp op);
FailureOr<Precedence> printExpression(Emitter &emitter, StructLoadOp op);
FailureOr<Precedence> printExpression(Emitter &emitter, StructGetOp op);
/// The generic printer of every ApiOpInterface op with one result.
FailureOr<Precedence> printExpression(Emitter &emitter, ApiOpInterface op);

} // namespace asc
} // namespace mlir

#endif // ASCIR_LIB_TARGET_ASCENDC_EMITTER_H
