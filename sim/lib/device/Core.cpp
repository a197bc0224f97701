//===- device/Core.cpp - One simulated vector core --------------*- C++ -*-===//

#include "device/Core.h"

#include "support/Fault.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace ascsim {

namespace {
thread_local Core *tlsCore = nullptr;

constexpr uint8_t kEventVV = 10; // HardEvent::V_V
constexpr uint8_t kPipeTAll = 6; // PIPE_ALL
} // namespace

CoreScope::CoreScope(Core &core) : previous_(tlsCore) { tlsCore = &core; }
CoreScope::~CoreScope() { tlsCore = previous_; }

Core &currentCore() {
  if (!tlsCore)
    throw std::logic_error(
        "an Ascend C API was called outside a simulator launch");
  return *tlsCore;
}

Core::Core(int64_t blockIdx, int64_t blockNum, const LaunchConfig &config,
           const GmMap &gm)
    : blockIdx_(blockIdx), blockNum_(blockNum), mem_(gm, config),
      engine_(flags_) {}

uint64_t Core::beginCall(Loc loc) {
  lastLoc_ = loc;
  scalar_ += timing::kScalarIssue;
  scalarBusy_ += timing::kScalarIssue;
  return ++seq_;
}

void Core::issue(Instr instr) {
  Pipe p = instr.pipe;
  if (engine_.queued(p) >= Engine::kQueueDepth) {
    Stall stall{std::string("the scalar unit stalls here: issuing ") +
                    instr.name + " needs room in the full PIPE_" + pipeName(p) +
                    " queue (" + std::to_string(Engine::kQueueDepth) +
                    " instructions)",
                instr.loc, ""};
    scalar_ = std::max(scalar_, engine_.runUntilRoom(p, stall));
  }
  instr.issue = scalar_;
  engine_.push(std::move(instr));
}

void Core::issueBarrier(Pipe p, uint64_t seq, Loc loc, const char *name) {
  Instr in;
  in.kind = InstrKind::Barrier;
  in.pipe = p;
  in.seq = seq;
  in.loc = loc;
  in.name = name;
  issue(std::move(in));
}

//===----------------------------------------------------------------------===//
// Tensors and data movement
//===----------------------------------------------------------------------===//

void Core::checkLocalTensor(uint8_t pos, uint32_t addr, uint32_t elems,
                            uint32_t elemBytes, Loc loc) {
  lastLoc_ = loc;
  mem_.checkStaticTensor(pos, addr, elems, elemBytes, loc);
}

void Core::dataCopy(const Operand &dst, const Operand &src, uint32_t count,
                    DType type, Loc loc) {
  uint64_t seq = beginCall(loc);
  const char *api = "data_copy";
  uint32_t es = dtypeSize(type);
  uint64_t bytes = static_cast<uint64_t>(count) * es;
  if (bytes % 32 != 0) {
    uint64_t copied = bytes / 32 * 32;
    fail("alignment",
         "data_copy of " + std::to_string(count) + " " + dtypeName(type) +
             " elements (" + std::to_string(bytes) +
             " bytes) is not a multiple of 32 bytes; the NPU would copy only " +
             std::to_string(copied) + " bytes (" + std::to_string(copied / es) +
             " elements). Use a count that is a multiple of " +
             std::to_string(32 / es) +
             " elements, or data_copy_pad for byte-granular copies",
         loc);
  }
  Mem sm = memOfPosition(src.pos), dm = memOfPosition(dst.pos);
  Instr in;
  if (sm == Mem::GM && dm == Mem::UB) {
    in.pipe = Pipe::MTE2;
    in.cost = timing::gmToLocal(bytes);
  } else if (sm == Mem::UB && dm == Mem::GM) {
    in.pipe = Pipe::MTE3;
    in.cost = timing::localToGm(bytes);
  } else if (sm == Mem::UB && dm == Mem::UB) {
    in.pipe = Pipe::V;
    in.cost = timing::localCopy(bytes);
  } else {
    fail("argument",
         std::string("data_copy from ") + positionName(src.pos) + " (" +
             memName(sm) + ") to " + positionName(dst.pos) + " (" +
             memName(dm) + ") is not supported on a vector core (AIV)",
         loc);
  }
  if (count == 0)
    return;
  in.work.kind = WorkKind::Copy;
  in.work.type = type;
  in.work.count = count;
  in.work.src0 =
      mem_.resolve(src, 0, bytes, Access{api, "source", false, type}, loc);
  in.work.dst =
      mem_.resolve(dst, 0, bytes, Access{api, "destination", true, type}, loc);
  in.kind = InstrKind::Work;
  in.seq = seq;
  in.loc = loc;
  in.name = api;
  issue(std::move(in));
}

//===----------------------------------------------------------------------===//
// Vector compute
//===----------------------------------------------------------------------===//

void Core::vecBinary(BinOp op, DType type, const Operand &dst,
                     const Operand &src0, const Operand &src1, int32_t count,
                     Loc loc) {
  uint64_t seq = beginCall(loc);
  const char *api = binOpName(op);
  if (!supports(op, type))
    fail("dtype",
         std::string(api) + " does not support " + dtypeName(type) +
             " on Ascend 910B/910C (A2/A3); supported: " + supportedTypes(op),
         loc);
  if (count < 0)
    fail("argument",
         std::string(api) + ": count must be non-negative, but got " +
             std::to_string(count),
         loc);
  if (count == 0)
    return;
  uint64_t bytes = static_cast<uint64_t>(count) * dtypeSize(type);
  Instr in;
  in.kind = InstrKind::Work;
  in.pipe = Pipe::V;
  in.seq = seq;
  in.loc = loc;
  in.name = api;
  in.cost = timing::vectorBinary(op, type, bytes);
  in.work.kind = WorkKind::Binary;
  in.work.op = op;
  in.work.type = type;
  in.work.count = static_cast<uint64_t>(count);
  in.work.src0 =
      mem_.resolve(src0, 0, bytes, Access{api, "source 0", false, type}, loc);
  in.work.src1 =
      mem_.resolve(src1, 0, bytes, Access{api, "source 1", false, type}, loc);
  in.work.dst =
      mem_.resolve(dst, 0, bytes, Access{api, "destination", true, type}, loc);
  issue(std::move(in));
}

//===----------------------------------------------------------------------===//
// Synchronisation
//===----------------------------------------------------------------------===//

void Core::setFlag(uint8_t event, int32_t id, Loc loc) {
  uint64_t seq = beginCall(loc);
  const EventInfo &info = FlagTable::validate("set_flag", event, id, loc);
  if (event == kEventVV) // SetFlag<V_V> is a PIPE_V barrier
    return issueBarrier(Pipe::V, seq, loc, "set_flag");
  uint8_t fid = static_cast<uint8_t>(id);
  flags_.issueSet(event, fid, loc);
  if (info.src == Pipe::S) {
    // The scalar is in order: its earlier work is complete now.
    engine_.postFlagSet(event, fid, scalar_, seq, loc);
    return;
  }
  Instr in;
  in.kind = InstrKind::SetFlag;
  in.pipe = info.src;
  in.event = event;
  in.id = fid;
  in.seq = seq;
  in.loc = loc;
  in.name = "set_flag";
  issue(std::move(in));
}

void Core::waitFlag(uint8_t event, int32_t id, Loc loc) {
  uint64_t seq = beginCall(loc);
  const EventInfo &info = FlagTable::validate("wait_flag", event, id, loc);
  if (event == kEventVV) // paired with SetFlag<V_V>: a PIPE_V barrier
    return issueBarrier(Pipe::V, seq, loc, "wait_flag");
  uint8_t fid = static_cast<uint8_t>(id);
  flags_.issueWait(event, fid);
  if (info.dst == Pipe::S) {
    Stall stall{"the scalar unit stalls here", loc,
                flagCall("wait_flag", event, fid)};
    uint64_t t = engine_.runUntilFlag(event, fid, stall);
    scalar_ = std::max({scalar_, t, engine_.now()});
    flags_.clear(event, fid);
    return;
  }
  Instr in;
  in.kind = InstrKind::WaitFlag;
  in.pipe = info.dst;
  in.event = event;
  in.id = fid;
  in.seq = seq;
  in.loc = loc;
  in.name = "wait_flag";
  issue(std::move(in));
}

void Core::pipeBarrier(uint8_t pipeT, Loc loc) {
  uint64_t seq = beginCall(loc);
  if (pipeT == kPipeTAll) {
    Stall stall{"the scalar unit stalls here: pipe_barrier(PIPE_ALL) waits "
                "for every pipe to drain",
                loc, ""};
    scalar_ = std::max(scalar_, engine_.drain(stall));
    return;
  }
  std::optional<Pipe> p = pipeFromPipeT(pipeT);
  if (!p)
    fail("argument",
         std::string("pipe_barrier(") + pipeTName(pipeT) +
             ") names a pipe that Ascend 910B/910C (A2/A3) does not have",
         loc);
  if (*p == Pipe::S)
    fail("argument",
         "pipe_barrier(PIPE_S) is not supported: the scalar unit is always "
         "in order",
         loc);
  if (*p == Pipe::M || *p == Pipe::MTE1 || *p == Pipe::FIX)
    return; // cube pipes do not exist on a vector core: dropped, as on the NPU
  issueBarrier(*p, seq, loc, "pipe_barrier");
}

//===----------------------------------------------------------------------===//
// Scalar unit
//===----------------------------------------------------------------------===//

void Core::scalarRead(const Operand &src, uint64_t index, DType type, void *out,
                      Loc loc) {
  beginCall(loc);
  uint32_t es = dtypeSize(type);
  Access a{"get_value", "tensor", false, type, /*blockAligned=*/false};
  const uint8_t *p = mem_.resolve(src, index * es, es, a, loc);
  engine_.runUntil(scalar_);
  std::memcpy(out, p, es);
  scalar_ += timing::kScalarLoad;
  scalarBusy_ += timing::kScalarLoad;
}

void Core::scalarWrite(const Operand &dst, uint64_t index, DType type,
                       const void *in, Loc loc) {
  beginCall(loc);
  uint32_t es = dtypeSize(type);
  Access a{"set_value", "tensor", true, type, /*blockAligned=*/false};
  uint8_t *p = mem_.resolve(dst, index * es, es, a, loc);
  engine_.runUntil(scalar_);
  std::memcpy(p, in, es);
  scalar_ += timing::kScalarStore;
  scalarBusy_ += timing::kScalarStore;
}

void Core::initSocState(Loc loc) { beginCall(loc); }

//===----------------------------------------------------------------------===//
// Lifecycle
//===----------------------------------------------------------------------===//

void Core::finish() {
  Stall stall{"the kernel returned after its last API call here and waits "
              "for its pipes to drain",
              lastLoc_, ""};
  scalar_ = std::max(scalar_, engine_.drain(stall));
  for (Diagnostic &d : flags_.leaked())
    record(std::move(d));
}

void Core::record(Diagnostic d) {
  d.block = blockIdx_;
  d.order = seq_;
  diags_.push_back(std::move(d));
}

CoreTiming Core::timing() const {
  CoreTiming t;
  t.cycles = std::max(scalar_, engine_.now());
  for (int p = 0; p < kNumPipes; ++p)
    t.busy[p] = engine_.busy(static_cast<Pipe>(p));
  t.busy[static_cast<int>(Pipe::S)] = scalarBusy_;
  return t;
}

} // namespace ascsim
