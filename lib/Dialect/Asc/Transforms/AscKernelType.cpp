//===- AscKernelType.cpp - infer or check the kernel type -----------------===//
//
// Classifies every op of a kernel by the core that runs it (cube, vector or
// both), then infers the kernel's type or checks the one the user gave, and
// records it as the kernel's `asc.kernel_type` (Passes.td). An op in a
// branch only the other core type takes (`if asc.ascend_is_aiv():` holding a
// cube instruction, ...) is an error whatever the type.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "ascir/Dialect/Asc/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace asc {
#define GEN_PASS_DEF_ASCKERNELTYPE
#include "ascir/Dialect/Asc/Transforms/Passes.h.inc"
} // namespace asc
} // namespace mlir

using namespace mlir;
using namespace mlir::asc;

namespace {

enum class Unit { Both, Cube, Vector };

/// The memory a value's tensors live in, if it is a local tensor or a
/// framework object holding some.
std::optional<Hardware> memoryOf(Type type) {
  return TypeSwitch<Type, std::optional<Hardware>>(type)
      .Case([](LocalTensorType t) { return getTensorHardware(t); })
      .Case<TQueType, TQueBindType>(
          [](auto t) { return getHardware(getQueueTensorPosition(t)); })
      .Case([](TBufType t) { return getHardware(t.getPosition()); })
      .Default([](Type) { return std::nullopt; });
}

Unit unitOf(Operation *op) {
  if (op->hasTrait<asc::OpTrait::CubeUnit>())
    return Unit::Cube;
  bool vector = false;
  auto visit = [&](Type type) {
    std::optional<Hardware> memory = memoryOf(type);
    if (!memory || *memory == Hardware::GM)
      return false;
    if (*memory == Hardware::UB) {
      vector = true;
      return false;
    }
    return true; // L1, L0A/B/C, BiasTable, Fixpipe buffer
  };
  for (Type type : op->getOperandTypes())
    if (visit(type))
      return Unit::Cube;
  for (Type type : op->getResultTypes())
    if (visit(type))
      return Unit::Cube;
  return vector ? Unit::Vector : Unit::Both;
}

/// The core types, as bits of a set.
enum CoreBit : unsigned { kAic = 1, kAiv = 2, kBothCores = kAic | kAiv };

/// The value an integer `v` has on a core of type `core` when the core type
/// alone decides it (asc.ascend_is_aic/aiv, constants and the arith ops a
/// branch condition is built of), else nullopt. i1 values are 0 or 1.
std::optional<int64_t> valueOnCore(Value v, CoreBit core, unsigned depth = 0) {
  Operation *def = v.getDefiningOp();
  if (!def || depth > 16)
    return std::nullopt;
  auto operand = [&](unsigned i) {
    return valueOnCore(def->getOperand(i), core, depth + 1);
  };
  if (isa<AscendIsAicOp>(def))
    return core == kAic ? 1 : 0;
  if (isa<AscendIsAivOp>(def))
    return core == kAiv ? 1 : 0;
  if (auto c = dyn_cast<arith::ConstantOp>(def)) {
    auto attr = dyn_cast<IntegerAttr>(c.getValue());
    if (!attr)
      return std::nullopt;
    const APInt &bits = attr.getValue();
    return bits.getBitWidth() == 1 ? int64_t(bits.getZExtValue())
                                   : bits.getSExtValue();
  }
  if (isa<arith::ExtUIOp, arith::ExtSIOp, arith::IndexCastOp>(def))
    return operand(0);
  if (isa<arith::TruncIOp>(def) && def->getResult(0).getType().isInteger(1)) {
    std::optional<int64_t> x = operand(0);
    return x ? std::optional<int64_t>(*x & 1) : std::nullopt;
  }
  if (isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(def)) {
    std::optional<int64_t> a = operand(0), b = operand(1);
    if (isa<arith::AndIOp>(def) && ((a && *a == 0) || (b && *b == 0)))
      return 0;
    if (!a || !b)
      return std::nullopt;
    if (isa<arith::AndIOp>(def))
      return *a & *b;
    return isa<arith::OrIOp>(def) ? (*a | *b) : (*a ^ *b);
  }
  if (auto cmp = dyn_cast<arith::CmpIOp>(def)) {
    std::optional<int64_t> a = operand(0), b = operand(1);
    if (!a || !b)
      return std::nullopt;
    uint64_t ua = uint64_t(*a), ub = uint64_t(*b);
    switch (cmp.getPredicate()) {
    case arith::CmpIPredicate::eq:
      return *a == *b;
    case arith::CmpIPredicate::ne:
      return *a != *b;
    case arith::CmpIPredicate::slt:
      return *a < *b;
    case arith::CmpIPredicate::sle:
      return *a <= *b;
    case arith::CmpIPredicate::sgt:
      return *a > *b;
    case arith::CmpIPredicate::sge:
      return *a >= *b;
    case arith::CmpIPredicate::ult:
      return ua < ub;
    case arith::CmpIPredicate::ule:
      return ua <= ub;
    case arith::CmpIPredicate::ugt:
      return ua > ub;
    case arith::CmpIPredicate::uge:
      return ua >= ub;
    }
  }
  return std::nullopt;
}

/// The core types that can reach `op`: those for which every enclosing
/// scf.if whose condition the core type decides takes `op`'s branch (the
/// branches of `if asc.ascend_is_aiv():` / `asc.ascend_is_aic()`).
unsigned coresReaching(Operation *op) {
  unsigned cores = kBothCores;
  for (Region *region = op->getParentRegion(); region;) {
    Operation *parent = region->getParentOp();
    if (!parent || isa<func::FuncOp>(parent))
      break;
    if (auto branch = dyn_cast<scf::IfOp>(parent)) {
      bool thenSide = region == &branch.getThenRegion();
      for (CoreBit core : {kAic, kAiv}) {
        std::optional<int64_t> taken = valueOnCore(branch.getCondition(), core);
        if (taken && (*taken != 0) != thenSide)
          cores &= ~unsigned(core);
      }
    }
    region = parent->getParentRegion();
  }
  return cores;
}

/// pyasc's host KernelType, by its lower-case name.
std::optional<KernelType> parseKernelType(StringRef name) {
  return symbolizeKernelType(name);
}

/// The Ascend C type a host type declares (the HARD_SYNC types are the 1_0
/// types of their unit).
KernelMetaType toMetaType(KernelType type) {
  switch (type) {
  case KernelType::AIV_ONLY:
    return KernelMetaType::AIV_ONLY;
  case KernelType::AIC_ONLY:
    return KernelMetaType::AIC_ONLY;
  case KernelType::MIX_AIV_HARD_SYNC:
  case KernelType::MIX_AIV_1_0:
    return KernelMetaType::MIX_AIV_1_0;
  case KernelType::MIX_AIC_HARD_SYNC:
  case KernelType::MIX_AIC_1_0:
    return KernelMetaType::MIX_AIC_1_0;
  case KernelType::MIX_AIC_1_1:
    return KernelMetaType::MIX_AIC_1_1;
  case KernelType::MIX_AIC_1_2:
    return KernelMetaType::MIX_AIC_1_2;
  }
  llvm_unreachable("unknown KernelType");
}

bool hasCube(KernelMetaType type) {
  return type != KernelMetaType::AIV_ONLY &&
         type != KernelMetaType::MIX_AIV_1_0;
}

bool hasVector(KernelMetaType type) {
  return type != KernelMetaType::AIC_ONLY &&
         type != KernelMetaType::MIX_AIC_1_0;
}

bool isMix(KernelMetaType type) {
  return type != KernelMetaType::AIV_ONLY && type != KernelMetaType::AIC_ONLY;
}

bool hasAicAndAiv(KernelMetaType type) {
  return type == KernelMetaType::MIX_AIC_1_1 ||
         type == KernelMetaType::MIX_AIC_1_2;
}

std::string pyKernelType(KernelType type) {
  return "KernelType." + stringifyKernelType(type).upper();
}

struct AscKernelType
    : public mlir::asc::impl::AscKernelTypeBase<AscKernelType> {
  using Base::Base;

  void runOnOperation() override {
    std::optional<KernelType> given;
    if (!kernelType.empty()) {
      given = parseKernelType(kernelType);
      if (!given) {
        getOperation().emitError()
            << "asc-kernel-type: unknown kernel type '" << kernelType << "'";
        return signalPassFailure();
      }
    }
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal() || !func->hasAttr(AscDialect::getKernelAttrName()))
        continue;
      if (failed(runOnKernel(func, given)))
        return signalPassFailure();
    }
  }

  LogicalResult runOnKernel(func::FuncOp func,
                            std::optional<KernelType> given) {
    // The first op of each unit; an API call is preferred over a buffer's
    // allocation (asc.local_tensor, framework objects) for the message.
    Operation *cube = nullptr, *vector = nullptr;
    Operation *cubeCall = nullptr, *vectorCall = nullptr;
    Operation *crossCore = nullptr, *crossCoreInCore = nullptr;
    // The first Matmul op: its server runs on the AIC, its client on the
    // AIVs (MIX_AIC_1_2), or on the AIC itself with matmul_cube_only.
    Operation *matmul = nullptr;
    // The first call of one unit in a branch only the other core type takes
    // (a cube instruction under asc.ascend_is_aiv(), ...).
    Operation *wrongCore = nullptr;
    // The first cross-core set in such a branch whose pipe that core type
    // does not have (AIV: S, V, MTE2, MTE3; AIC: no V; hardware.md §3.1).
    CrossCoreSetFlagOp wrongPipe;
    auto noteCrossCore = [&](Operation *op, uint32_t mode) {
      Operation *&first = mode == 0 ? crossCore : crossCoreInCore;
      if (!first)
        first = op;
    };
    // The kernel's ops and those of the device functions it calls (not yet
    // inlined when the pipeline does not run).
    SmallVector<func::FuncOp> worklist{func};
    llvm::SmallPtrSet<Operation *, 8> visited{func};
    auto visit = [&](Operation *op) {
      if (auto call = dyn_cast<func::CallOp>(op))
        if (auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
                call, call.getCalleeAttr()))
          if (!callee.isExternal() && visited.insert(callee).second)
            worklist.push_back(callee);
      if (isa<MatmulOp, RegistMatmulOp, MatmulCallOp>(op) && !matmul)
        matmul = op;
      if (auto set = dyn_cast<CrossCoreSetFlagOp>(op)) {
        noteCrossCore(op, set.getModeId());
        Pipe pipe = set.getPipe();
        bool cubePipe =
            pipe == Pipe::M || pipe == Pipe::MTE1 || pipe == Pipe::FIX;
        unsigned cores = coresReaching(op);
        if (!wrongPipe &&
            ((cubePipe && cores == kAiv) || (pipe == Pipe::V && cores == kAic)))
          wrongPipe = set;
      } else if (auto wait = dyn_cast<CrossCoreWaitFlagOp>(op))
        noteCrossCore(op, wait.getModeId());
      else if (auto sync = dyn_cast<SyncAllOp>(op))
        // The AIVs among themselves (mode 0), or also the AICs (mode 2).
        noteCrossCore(op, sync.getIsAivOnly() ? 0 : 2);
      bool call = !isa<func::CallOp>(op) &&
                  (op->getNumResults() == 0 ||
                   !isa<LocalTensorType>(op->getResult(0).getType()));
      for (Type type : op->getOperandTypes())
        call &= !isFrameworkObjectType(type);
      Unit unit = unitOf(op);
      if (call && unit != Unit::Both && !wrongCore &&
          !isa<MatmulOp, RegistMatmulOp, MatmulCallOp>(op)) {
        unsigned cores = coresReaching(op);
        if ((unit == Unit::Cube && cores == kAiv) ||
            (unit == Unit::Vector && cores == kAic))
          wrongCore = op;
      }
      switch (unit) {
      case Unit::Cube:
        if (!cube)
          cube = op;
        if (call && !cubeCall)
          cubeCall = op;
        break;
      case Unit::Vector:
        if (!vector)
          vector = op;
        if (call && !vectorCall)
          vectorCall = op;
        break;
      case Unit::Both:
        break;
      }
    };
    while (!worklist.empty())
      worklist.pop_back_val().walk(visit);
    if (cubeCall)
      cube = cubeCall;
    if (vectorCall)
      vector = vectorCall;
    KernelMetaType type;
    if (matmul && matmulCubeOnly && vector)
      return emitApiError(vector, DiagCategory::Argument)
             << "cannot run in a matmul_cube_only kernel: it runs on the "
                "vector core (AIV), and matmul_cube_only=True builds an "
                "AIC_ONLY kernel; drop the option to get a MIX_AIC_1_2 "
                "kernel whose AIVs run the vector code";
    if (matmul && given && !hasCube(toMetaType(*given)))
      return emitApiError(matmul, DiagCategory::Argument)
             << "a Matmul cannot run in a " << pyKernelType(*given)
             << " kernel: its cube work runs on the AIC, which such blocks "
                "do not have; use KernelType.MIX_AIC_1_2 (or "
                "matmul_cube_only=True for AIC_ONLY), or leave kernel_type "
                "unset to infer it";
    if (matmul && !given) {
      type = matmulCubeOnly ? KernelMetaType::AIC_ONLY
                            : KernelMetaType::MIX_AIC_1_2;
    } else if (!given) {
      if ((cube && vector) || crossCoreInCore)
        type = KernelMetaType::MIX_AIC_1_2;
      else if (cube)
        type =
            crossCore ? KernelMetaType::MIX_AIC_1_0 : KernelMetaType::AIC_ONLY;
      else
        type =
            crossCore ? KernelMetaType::MIX_AIV_1_0 : KernelMetaType::AIV_ONLY;
    } else {
      type = toMetaType(*given);
      std::string name = pyKernelType(*given);
      if (cube && !hasCube(type))
        return emitApiError(cube, DiagCategory::Argument)
               << "cannot run in a " << name
               << " kernel: it runs on the cube core (AIC), which such "
                  "blocks do not have; use KernelType.AIC_ONLY "
                  "or a MIX_AIC kernel type, or leave kernel_type unset to "
                  "infer it";
      if (vector && !hasVector(type))
        return emitApiError(vector, DiagCategory::Argument)
               << "cannot run in a " << name
               << " kernel: it runs on the vector core (AIV), which such "
                  "blocks do not have; use a MIX_AIC_1_1 or "
                  "MIX_AIC_1_2 kernel type, or leave kernel_type unset to "
                  "infer it";
      if (crossCore && !isMix(type))
        return emitApiError(crossCore, DiagCategory::Sync)
               << "needs a MIX kernel type, but the kernel type is " << name
               << " (the cross-core scheduler is off in AIV_ONLY and AIC_ONLY "
                  "kernels)";
      if (crossCoreInCore && !hasAicAndAiv(type))
        return emitApiError(crossCoreInCore, DiagCategory::Sync)
               << "mode 1 and 2 synchronise the cores of one AI Core, which "
                  "needs kernel type MIX_AIC_1_1 or MIX_AIC_1_2, but it is "
               << name;
    }
    // The kernel type is fine, but a branch sends an instruction to the core
    // type that lacks its unit (hardware.md §0, §3.1).
    if (wrongCore && unitOf(wrongCore) == Unit::Cube)
      return emitApiError(wrongCore, DiagCategory::Argument)
             << "cannot run on a vector core (AIV): this branch runs only on "
                "the AIVs, and the instruction uses the cube unit (L1, L0A, "
                "L0B, L0C, the bias table or a cube register), which only the "
                "cube core (AIC) has; run it under asc.ascend_is_aic() and "
                "pass data between the AIVs and the AIC through GM with "
                "cross-core flags (cross_core_set_flag / "
                "cross_core_wait_flag, mode 2), or use the Matmul API";
    if (wrongCore)
      return emitApiError(wrongCore, DiagCategory::Argument)
             << "cannot run on the cube core (AIC): this branch runs only on "
                "the AIC, and the instruction uses the Unified Buffer "
                "(VECIN, VECOUT, VECCALC), which only the vector cores (AIV) "
                "have; run it under asc.ascend_is_aiv() and pass data between "
                "the AIVs and the AIC through GM with cross-core flags "
                "(cross_core_set_flag / cross_core_wait_flag, mode 2)";
    if (wrongPipe && wrongPipe.getPipe() == Pipe::V)
      return emitApiError(wrongPipe, DiagCategory::Argument)
             << "the set sits in PIPE_V, which the cube core (AIC) does not "
                "have, and this branch runs only on the AIC; use PIPE_M, "
                "PIPE_MTE1, PIPE_MTE2, PIPE_MTE3 or PIPE_FIX";
    if (wrongPipe)
      return emitApiError(wrongPipe, DiagCategory::Argument)
             << "the set sits in PIPE_"
             << stringifyPipe(wrongPipe.getPipe()).upper()
             << ", which a vector core (AIV) does not have, and this branch "
                "runs only on the AIVs; use PIPE_V, PIPE_MTE2 or PIPE_MTE3";
    func->setAttr(AscDialect::getKernelTypeAttrName(),
                  KernelMetaTypeAttr::get(func.getContext(), type));
    return success();
  }
};

} // namespace
