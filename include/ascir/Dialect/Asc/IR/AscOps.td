//===- AscOps.td - asc op definitions ----------------------*- tablegen -*-===//
//
// Shared op base classes, memory resources and traits of the asc dialect,
// followed by one include per op family.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCOPS_TD

include "ascir/Dialect/Asc/IR/AscAttrs.td"
include "ascir/Dialect/Asc/IR/AscDialect.td"
include "ascir/Dialect/Asc/IR/AscInterfaces.td"
include "ascir/Dialect/Asc/IR/AscTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

//===----------------------------------------------------------------------===//
// Memory resources
//===----------------------------------------------------------------------===//

// One resource per physical memory; C++ definitions in AscOps.h.
def Asc_GMResource : Resource<"::mlir::asc::GMResource">;
def Asc_UBResource : Resource<"::mlir::asc::UBResource">;
def Asc_L1Resource : Resource<"::mlir::asc::L1Resource">;
def Asc_L0AResource : Resource<"::mlir::asc::L0AResource">;
def Asc_L0BResource : Resource<"::mlir::asc::L0BResource">;
def Asc_L0CResource : Resource<"::mlir::asc::L0CResource">;
// Hardware synchronisation flags: set_flag, wait_flag and barriers read and
// write it, so no transformation drops or reorders them.
def Asc_SyncResource : Resource<"::mlir::asc::SyncResource">;
// The bookkeeping of the TPipe framework: which buffers queues, TBufs and
// pools own, and which event ids are reserved.
def Asc_PipeResource : Resource<"::mlir::asc::PipeResource">;
// The vector mask register and mask mode, and the atomic store
// configuration: set by some API calls, used by later ones.
def Asc_VectorStateResource : Resource<"::mlir::asc::VectorStateResource">;
// The core's debug output: printf and DumpTensor write it, so they are
// never dropped, merged or reordered relative to each other.
def Asc_DebugResource : Resource<"::mlir::asc::DebugResource">;

//===----------------------------------------------------------------------===//
// Traits
//===----------------------------------------------------------------------===//

// Element-type relations between operands. They are declarations the
// generator reads (lib/TableGen/ascgen): the Asc_OperandRules trait, which
// every asc op has and which runs before these, checks them with
// pyasc-worded messages, so their own predicates hold trivially.

// All global/local tensor operands have the same element type.
def Asc_SameTensorElementType : PredOpTrait<
    "all tensor operands have the same element type", CPred<"true">>;

// `scalar` holds values of the element type of tensor `tensor`.
class Asc_ScalarOfElementType<string scalar, string tensor>
    : PredOpTrait<scalar # " has the element type of " # tensor,
                  CPred<"true">> {
  string scalarName = scalar;
  string tensorName = tensor;
}

// Tensors `a` and `b` have the same element type.
class Asc_SameElementType<string a, string b>
    : PredOpTrait<a # " and " # b # " have the same element type",
                  CPred<"true">> {
  string lhs = a;
  string rhs = b;
}

// Reads and writes the synchronisation resource.
def Asc_SyncEffects
    : MemoryEffects<[MemRead<Asc_SyncResource>, MemWrite<Asc_SyncResource>]>;

// Reads and writes the framework's bookkeeping.
def Asc_PipeEffects
    : MemoryEffects<[MemRead<Asc_PipeResource>, MemWrite<Asc_PipeResource>]>;

// Reads and writes the framework's bookkeeping and hardware flags (queue
// operations wait for and set flags).
def Asc_QueueEffects
    : MemoryEffects<[MemRead<Asc_PipeResource>, MemWrite<Asc_PipeResource>,
                     MemRead<Asc_SyncResource>, MemWrite<Asc_SyncResource>]>;

// Only reads the framework's bookkeeping (queries).
def Asc_PipeReadEffects : MemoryEffects<[MemRead<Asc_PipeResource>]>;

// Reads and writes the vector state: every vector instruction (its call
// sets or uses the mask), mask and mode setters, atomic configuration.
def Asc_VectorStateEffects
    : MemoryEffects<[MemRead<Asc_VectorStateResource>,
                     MemWrite<Asc_VectorStateResource>]>;

//===----------------------------------------------------------------------===//
// Base classes
//===----------------------------------------------------------------------===//

// An op emitted as one call `apiCallee<template args>(arguments...)`. Set
// `hasTemplateArgs` when the op implements getTemplateArguments in C++, and
// list other ApiOpInterface methods it implements (getCallArguments) in
// `apiMethods`; put op-specific C++ declarations in
// `apiExtraClassDeclaration`. Set `isMemberCall` for a member function of
// operand #0 (`apiCallee` is then the member name) and clear `castsResult`
// when the function returns exactly the op's scalar result type.
class Asc_ApiOp<string mnemonic, string apiCallee, list<Trait> traits = [],
                bit hasTemplateArgs = 0, list<string> apiMethods = []>
    : Asc_Op<mnemonic, traits # [DeclareOpInterfaceMethods<Asc_ApiOpInterface,
        !listconcat(!if(hasTemplateArgs, ["getTemplateArguments"], []),
                    apiMethods)>]> {
  string callee = apiCallee;
  bit isMemberCall = 0;
  // The simulator's view of the op (lib/TableGen/ascgen -> ascsim/gen/VecOps.def):
  //  * `simOp`: the simulator's vector instruction (its VecOp enumerator),
  //    "" when the op is simulated otherwise;
  //  * `simTiming`: its class of the cost model (Asc_VecTiming names in
  //    AscHardware.td);
  //  * `cxxForms`: the family of Ascend C signatures the simulator's header
  //    generates for it (Binary, Scalar, Unary), "" when written by hand.
  //  * `cxxOnlyTypes`: element types the Ascend C API (and so the simulator,
  //    for hand-written kernels) accepts beyond pyasc's.
  string simOp = "";
  string simTiming = "VOTHER";
  string cxxForms = "";
  list<Type> cxxOnlyTypes = [];
  bit castsResult = 1;
  code apiExtraClassDeclaration = "";
  let extraClassDeclaration = [{
    /// The Ascend C function or member this op calls.
    static ::llvm::StringRef getApiCallee() { return "}] # callee # [{"; }
    /// True if operand #0 is the object whose member is called.
    static bool isMemberCall() { return }] # !if(isMemberCall, "true", "false")
        # [{; }
    /// True if the C++ result is converted to the result type.
    static bool castsResult() { return }] # !if(castsResult, "true", "false")
        # [{; }
  }] # apiExtraClassDeclaration;
}

// A member call on a framework object (TPipe, TQue, TBuf, ...).
class Asc_MemberOp<string mnemonic, string member, list<Trait> traits = [],
                   bit hasTemplateArgs = 0>
    : Asc_ApiOp<mnemonic, member, traits, hasTemplateArgs> {
  let isMemberCall = 1;
}

include "ascir/Dialect/Asc/IR/AscSystemOps.td"
include "ascir/Dialect/Asc/IR/AscMemoryOps.td"
include "ascir/Dialect/Asc/IR/AscListTensorOps.td"
include "ascir/Dialect/Asc/IR/AscVectorOps.td"
include "ascir/Dialect/Asc/IR/AscQuantOps.td"
include "ascir/Dialect/Asc/IR/AscCmpMaskOps.td"
include "ascir/Dialect/Asc/IR/AscReduceOps.td"
include "ascir/Dialect/Asc/IR/AscSortOps.td"
include "ascir/Dialect/Asc/IR/AscAdvOps.td"
include "ascir/Dialect/Asc/IR/AscMatmulOps.td"
include "ascir/Dialect/Asc/IR/AscStateOps.td"
include "ascir/Dialect/Asc/IR/AscParamOps.td"
include "ascir/Dialect/Asc/IR/AscLayoutOps.td"
include "ascir/Dialect/Asc/IR/AscCubeOps.td"
include "ascir/Dialect/Asc/IR/AscSyncOps.td"
include "ascir/Dialect/Asc/IR/AscFrameworkOps.td"
include "ascir/Dialect/Asc/IR/AscStructOps.td"
include "ascir/Dialect/Asc/IR/AscDebugOps.td"
include "ascir/Dialect/Asc/IR/AscControlOps.td"
include "ascir/Dialect/Asc/IR/AscAutoSyncOps.td"

#endif // ASCIR_DIALECT_ASC_IR_ASCOPS_TD
