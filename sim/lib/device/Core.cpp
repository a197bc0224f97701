//===- device/Core.cpp - One simulated vector core --------------*- C++ -*-===//

#include "device/Core.h"

#include "ascsim/abi.h"

#include "device/Device.h"

#include "support/Fault.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <stdexcept>

namespace ascsim {

__thread Core *detail::tlsCore = nullptr;

namespace {
constexpr uint8_t kEventVV = 10; // HardEvent::V_V
constexpr uint8_t kPipeTAll = 6; // PIPE_ALL

/// Per core type (AIV, AIC) and HardEvent value: the pipe a plain
/// set_flag (wait_flag) of the event issues into, its source (destination)
/// pipe; Pipe::S for the other cases: an event invalid on that core type
/// (so dropped in a MIX kernel, whose dropped events are the invalid ones),
/// V_V (a PIPE_V barrier) and a scalar-side flag. One load tells a loop's
/// flag from the rare cases. Built once from the event table (immutable).
struct PlainFlagPipes {
  Pipe set[2][kNumEvents], wait[2][kNumEvents];
  PlainFlagPipes() {
    for (int aic = 0; aic < 2; ++aic)
      for (int e = 0; e < kNumEvents; ++e) {
        const bool plain =
            (aic ? hw::kEvents[e].aic : hw::kEvents[e].aiv) && e != kEventVV;
        const EventInfo &info = *eventInfo(static_cast<uint8_t>(e));
        set[aic][e] = plain ? info.src : Pipe::S;
        wait[aic][e] = plain ? info.dst : Pipe::S;
      }
  }
};
const PlainFlagPipes &plainFlagPipes() {
  static const PlainFlagPipes pipes;
  return pipes;
}
static_assert(hw::kNumEvents == kNumEvents, "one HardEvent table");

/// A cached copy's footprint (races checked): UB [u, u + bytes) and GM
/// [gm, gm + bytes), the source first (raceFootprint's order).
[[gnu::always_inline]] inline void copyFootprint(Footprint &fp, bool toGm,
                                                 uint64_t u, uint64_t gm,
                                                 uint64_t bytes) {
  if (toGm)
    fp.assignPair(Mem::UB, u, u + bytes, false, Mem::GM, gm, gm + bytes, true);
  else
    fp.assignPair(Mem::GM, gm, gm + bytes, false, Mem::UB, u, u + bytes, true);
}
} // namespace

CoreScope::CoreScope(Core &core) : previous_(detail::tlsCore) {
  detail::tlsCore = &core;
}
CoreScope::~CoreScope() { detail::tlsCore = previous_; }

void detail::noCurrentCore() {
  throw std::logic_error(
      "an Ascend C API was called outside a simulator launch");
}

Core::Core(int64_t blockIdx, int64_t blockNum, const LaunchConfig &config,
           const GmMap &gm, LaunchControl *control)
    : blockIdx_(blockIdx), blockNum_(blockNum), mem_(gm, config),
      engine_(flags_), fw_(config), control_(control),
      budget_(config.step_budget),
      controlIdx_(static_cast<uint32_t>(blockIdx)) {
  nextCheck_ = budget_ ? std::min(kStepsPerCheck, budget_ + 1) : kStepsPerCheck;
  stepsLeft_ = nextCheck_;
  if (config.race_check != RaceCheck::Off) {
    race_ = std::make_unique<RaceDetector>(config.race_check == RaceCheck::Raise
                                               ? Severity::Error
                                               : Severity::Warning,
                                           gm);
    engine_.setRaceDetector(race_.get());
    race_->setHint([this](Mem mem, uint64_t start, uint64_t end, Pipe earlier,
                          Pipe later) {
      return fw_.raceHint(mem, start, end, earlier, later);
    });
  }
  if (config.trace) {
    trace_ = std::make_unique<TraceSink>();
    engine_.setTrace(trace_.get());
  }
  if (config.init_check)
    mem_.enableInitTracking();
  engine_.setUb(mem_.ubData(), mem_.ubBytes());
  autoSync_ = config.auto_sync;
  sys_.clockMhz = config.clock_mhz;
  aivCores_ = config.aiv_cores;
  PlanStore &tls = threadPlans();
  if (tls.inUse) { // a second core on this thread (a nested launch)
    ownPlans_ = std::make_unique<PlanStore>();
    plans_ = ownPlans_.get();
  } else {
    plans_ = &tls;
  }
  plans_->inUse = true;
  bindPlans();
  bindFlagPipes();
}

Core::~Core() { plans_->inUse = false; }

void Core::bindPlans() {
  PlanContext c;
  c.ub = mem_.ubData();
  c.ubBytes = mem_.ubBytes();
  c.aic = role_.aic;
  c.readRate = timing::dmaRates().read;
  c.writeRate = timing::dmaRates().write;
  c.race = race_ ? static_cast<int>(race_->severity()) : -1;
  PlanStore &s = *plans_;
  const bool keep = s.bound && s.ctx == c;
  for (CachedVecPlan &e : s.vecCache) {
    e.valid = e.valid && keep;
    e.initTracked = false;
  }
  for (CachedCopy &e : s.copyCache) {
    if (!keep)
      e.count = 0; // empty
    e.coreReady = false;
    // The GM regions may differ from the last launch's.
    if (e.count != 0)
      bindCopyBounds(e);
    else
      mem_.gmRegionBounds(~0u, e.gmLo, e.gmHi); // empty
  }
  s.ctx = c;
  s.bound = true;
}

void Core::markPlanDirty(const CachedVecPlan &e) {
  const Operand *ops[kNumRoles] = {&e.call.dst, &e.call.src0, &e.call.src1,
                                   &e.call.src2};
  for (int k = 0; k < kNumRoles; ++k)
    if (e.plan.instr->opnd[k].used) // resolved by planVec (a UB view)
      mem_.markUbDirty(ops[k]->addr, ops[k]->addr + ops[k]->bytes);
}

void Core::checkInit(const char *api, const char *role, uint64_t addr,
                     uint64_t bytes, Loc loc, Mem mem) {
  if (mem == Mem::UB && mem_.allWritten(addr, bytes)) // the common case
    return;
  uint64_t first = 0;
  uint64_t n = mem == Mem::UB ? mem_.unwritten(addr, bytes, first)
                              : mem_.unwrittenLocal(mem, addr, bytes, first);
  if (n == 0 || !initReported_.insert({loc.file, loc.line}).second)
    return;
  const char *m = memName(mem);
  Diagnostic d = makeDiagnostic(
      "uninit",
      std::string(api) + " reads " + m + "[" + std::to_string(addr) + ", " +
          std::to_string(addr + bytes) + ") through its " + role + ", but " +
          std::to_string(n) + " of those " + std::to_string(bytes) +
          " bytes (the first at " + m + " byte " + std::to_string(first) +
          ") were never written by an earlier instruction: the values are "
          "undefined on the NPU",
      loc);
  d.severity = Severity::Warning;
  record(std::move(d));
}

void Core::warnIgnoredField(const char *api, const char *field,
                            int64_t value, bool isBool, const char *hint,
                            Loc loc) {
  if (!ignoredWarned_.insert({loc.file, loc.line, field}).second)
    return;
  Diagnostic d = makeDiagnostic(
      "argument",
      std::string(api) + ": '" + field +
          "' is ignored on Ascend 910B/910C (A2/A3), but got " +
          (isBool ? std::string(value ? "True" : "False")
                  : std::to_string(value)) +
          "; " + hint,
      loc);
  d.severity = Severity::Warning;
  record(std::move(d));
}

void Core::trackInit(Mem m, bool write, const char *api, const char *role,
                     uint64_t addr, uint64_t bytes, Loc loc) {
  if (m == Mem::GM || !mem_.initTracking())
    return;
  if (!write)
    checkInit(api, role, addr, bytes, loc, m);
  else if (m == Mem::UB)
    mem_.markWritten(addr, bytes);
  else
    mem_.markWrittenLocal(m, addr, bytes);
}

void Core::track(Pipe pipe, const char *api, Loc loc,
                 std::initializer_list<Use> uses) {
  for (int pass = 0; pass < 2; ++pass) {
    for (const Use &u : uses) {
      if (u.write != (pass == 1) || u.bytes == 0)
        continue;
      Mem m = mem_.memOf(u.ptr);
      uint64_t start = mem_.offsetOf(u.ptr, m);
      if (m == Mem::UB && sys_.anyWatch)
        watchUb(pipe, start, start + u.bytes, u.write, api, loc);
      trackInit(m, u.write, api, u.role, start, u.bytes, loc);
      if (autoSync_)
        noteAutoSync(pipe, m, start, start + u.bytes, u.write);
      if (m == Mem::GM && (pipe == Pipe::MTE2 || pipe == Pipe::MTE3))
        countGm(reinterpret_cast<uintptr_t>(u.ptr),
                reinterpret_cast<uintptr_t>(u.ptr) + u.bytes, u.bytes, u.write);
    }
  }
}

void Core::raceFootprint(Footprint &fp, std::initializer_list<Use> uses) const {
  if (!race_)
    return;
  for (int pass = 0; pass < 2; ++pass) {
    for (const Use &u : uses) {
      if (u.write != (pass == 1) || u.bytes == 0)
        continue;
      Mem m = mem_.memOf(u.ptr);
      uint64_t start = mem_.offsetOf(u.ptr, m);
      fp.emplace_back(m, start, start + u.bytes, u.write);
    }
  }
}

void Core::autoSyncBefore(Mem m, uint64_t start, uint64_t end, bool write,
                          const char *api, Loc loc) {
  for (Pipe p : {Pipe::V, Pipe::MTE2, Pipe::MTE3}) {
    AutoSyncLog &log = *autoSyncLogOf(p);
    if (!log.dependent(m, start, end, write))
      continue;
    // What bisheng emits: SetFlag<X_S> in pipe X, WaitFlag<X_S> on the
    // scalar, which stalls until X's earlier instructions completed.
    scalar_ += 2 * timing::kScalarIssue;
    scalarBusy_ += 2 * timing::kScalarIssue;
    Stall stall;
    stall.loc = loc;
    stall.what = std::string("the scalar unit stalls here: auto_sync waits "
                             "for PIPE_") +
                 pipeName(p) + " before " + api;
    scalar_ = std::max(scalar_, engine_.runUntilPipeDone(p, stall));
    if (race_)
      race_->pipeToScalar(p);
    log.clear();
  }
}

void Core::scalarAccess(const uint8_t *p, uint64_t bytes, bool write,
                        const char *api, Loc loc, uint64_t seq) {
  Mem m = mem_.memOf(p);
  uint64_t start = mem_.offsetOf(p, m);
  if (autoSync_)
    autoSyncBefore(m, start, start + bytes, write, api, loc);
  if (m == Mem::UB && sys_.anyWatch)
    watchUb(Pipe::S, start, start + bytes, write, api, loc);
  if (race_) {
    race_->setAccessEpoch(gmEpoch_);
    race_->access(Pipe::S, Footprint{ByteRange{m, start, start + bytes, write}},
                  api, loc, seq);
  }
  trackInit(m, write, api, "tensor", start, bytes, loc);
  // The scalar sees the UB, and writes GM, as if every copy had landed
  // (pipes/Engine.h setUb).
  if (m == Mem::UB || write)
    engine_.materialiseLazy();
  if (trace_)
    trace_->slices.push_back(
        {Pipe::S, scalar_,
         scalar_ + (write ? timing::kScalarStore : timing::kScalarLoad), api,
         loc, seq, 0});
}

void Core::checkpoint(Loc loc) {
  steps_ = nextCheck_; // step() counted stepsLeft_ down to 0
  if (budget_ && steps_ > budget_) {
    if (control_)
      control_->stopAbove(controlIdx_);
    Loc where = loopLoc_.line ? loopLoc_ : loc;
    std::string what =
        loopLoc_.line ? "the loop at " + formatLoc(loopLoc_) + " may never end"
                      : "the kernel may never end";
    fail("watchdog",
         "ran more than " + std::to_string(budget_) +
             " steps (API calls and loop iterations), the watchdog's budget "
             "per block: " +
             what +
             ". If it is only long, raise the budget: PYASC_SIM_BUDGET=<steps> "
             "or @asc.jit(sim_budget=<steps>) (0 = no limit)",
         where);
  }
  if ((control_ && control_->stopped(controlIdx_)) ||
      interruptRequested())
    fail("interrupted",
         "the launch was interrupted (block " + std::to_string(blockIdx_) +
             " stopped here)",
         loc);
  nextCheck_ = steps_ + kStepsPerCheck;
  if (budget_ && nextCheck_ > budget_ + 1)
    nextCheck_ = budget_ + 1;
  stepsLeft_ = nextCheck_ - steps_; // >= 1: steps_ <= budget_ here
}

void Core::orderFloatAtomics(Loc loc) {
  if (atomicsOrdered_ || !control_)
    return;
  if (!control_->awaitLowerBlocks(controlIdx_))
    fail("interrupted",
         "the launch was interrupted (block " + std::to_string(blockIdx_) +
             " stopped here)",
         loc);
  atomicsOrdered_ = true;
}

void Core::waitForRoom(Pipe p, const char *name, Loc loc) {
  scalar_ = std::max(scalar_, engine_.runUntilRoom(p, name, loc));
}

void Core::issue(Instr &&instr) {
  makeRoom(instr.pipe, instr.site.name, instr.site.loc);
  instr.issue = scalar_;
  if (race_) {
    instr.issueClock = race_->clock(Pipe::S);
    instr.gmEpoch = gmEpoch_;
  }
  engine_.push(std::move(instr));
}

void Core::issueBarrier(Pipe p, uint64_t seq, Loc loc, const char *name) {
  issueInPlace(InstrKind::Barrier, p, seq, loc, name);
}

//===----------------------------------------------------------------------===//
// Tensors and data movement
//===----------------------------------------------------------------------===//

void Core::checkLocalTensor(uint8_t pos, uint32_t addr, uint32_t elems,
                            uint32_t elemBytes, Loc loc) {
  lastLoc_ = loc;
  mem_.checkStaticTensor(pos, addr, elems, elemBytes, loc);
  const uint32_t end = addr + elems * elemBytes; // checked: within memory
  if (std::optional<Diagnostic> d =
          fw_.noteStatic(memOfPosition(pos), addr, end, loc))
    record(std::move(*d));
  if (memOfPosition(pos) != Mem::UB || elems == 0)
    return;
  for (const StaticUbTensor &t : staticUb_)
    if (t.addr == addr && t.end == end && t.loc.line == loc.line &&
        t.loc.file == loc.file)
      return; // the same tensor again (a loop)
  // Bounded: a kernel makes its static tensors at a few lines.
  if (staticUb_.size() < 64)
    staticUb_.push_back({addr, end, loc});
}

void Core::checkGmRead(const char *api, uint64_t addr, uint64_t bytes,
                       DType type, const char *hint, Loc loc) {
  if (bytes == 0)
    return;
  // Passes in one lookup of the launch's few arrays, counting no call.
  mem_.checkGm(addr, bytes, Access{api, "source", false, type}, loc, hint);
}

inline Instr &Core::issuePlainCopy(Pipe pipe, uint64_t seq, Loc loc,
                                   Cost cost, DType type, uint32_t count,
                                   const uint8_t *from, uint8_t *to) {
  Instr &in = issueInPlace(InstrKind::Work, pipe, seq, loc, "data_copy");
  fillPlainCopy(in, pipe, cost, type, count, from, to);
  return in;
}

inline void Core::fillPlainCopy(Instr &in, Pipe pipe, Cost cost, DType type,
                                uint32_t count, const uint8_t *from,
                                uint8_t *to) {
  in.cost = cost;
  in.work.kind = WorkKind::Copy;
  in.work.type = type;
  in.work.count = count;
  in.work.src0 = from;
  in.work.dst = to;
  // Between GM and a local memory (MTE2 in, MTE3 out) the copy reads its
  // source when it lands when races raise: every write that could reach the
  // source first is on another pipe or core, unordered, so raised.
  in.work.direct = race_ && race_->severity() == Severity::Error &&
                   (pipe == Pipe::MTE2 || pipe == Pipe::MTE3);
}

uint8_t *Core::cachedCopyGm(CachedCopy &e, const Operand &gmOp, DType type,
                            Loc loc) {
  const Access acc{"data_copy", e.toGm ? "destination" : "source", e.toGm,
                   type};
  uint8_t *gm = mem_.resolveGm(gmOp, e.bytes, acc, loc, e.gmRegion);
  if (mem_.memOf(gm) != Mem::GM) // as dataCopy classifies
    return nullptr;
  bindCopyBounds(e); // the region of the hint
  return gm;
}

void Core::cachedCopyFirstUse(CachedCopy &e, const Operand &ubOp, Loc loc) {
  // The view's chunks marked dirty, the UB side's init tracking (trackInit
  // of UB, its steps here).
  mem_.markUbDirty(ubOp.addr, ubOp.addr + std::max(ubOp.bytes, e.bytes));
  if (mem_.initTracking())
    trackUbInit(!e.toGm, "data_copy", "source", e.ubOffset, e.bytes, loc);
  e.coreReady = true;
}

inline Core::CachedCopy *Core::findCopyPlan(const Operand &dst,
                                            const Operand &src,
                                            uint32_t count, DType type,
                                            Loc loc) {
  if (count == 0 || sys_.anyWatch) // count 0: an empty slot
    return nullptr;
  CachedCopy *e = nullptr;
  for (CachedCopy &c : plans_->copyCache)
    if (c.loc.line == loc.line) { // the UB address next: a loop's double
                                  // buffers are plans of one line
      const Operand &ub = c.toGm ? src : dst;
      const Operand &gm = c.toGm ? dst : src;
      if (ub.addr == c.ub.addr && c.count == count &&
          c.loc.file == loc.file && c.type == type &&
          ub.bytes == c.ub.bytes && ub.pos == c.ub.pos && gm.pos == c.gmPos) {
        e = &c;
        break;
      }
    }
  if (!e || (e->toGm && vecRegs_.atomic != AtomicKind::None))
    return nullptr;
  return e;
}

inline bool Core::copyFromPlan(const Operand &dst, const Operand &src,
                               uint32_t count, DType type, uint64_t seq,
                               Loc loc) {
  CachedCopy *e = findCopyPlan(dst, src, count, type, loc);
  if (!e)
    return false;
  const uint64_t bytes = e->bytes;
  const Operand &gmOp = e->toGm ? dst : src;
  uint8_t *gm;
  if (__builtin_expect(e->inKeptRegion(gmOp.addr), 1)) {
    gm = reinterpret_cast<uint8_t *>(static_cast<uintptr_t>(gmOp.addr));
  } else if (!(gm = cachedCopyGm(*e, gmOp, type, loc))) {
    return false;
  }
  const uint64_t gmAddr = reinterpret_cast<uintptr_t>(gm);
  if (__builtin_expect(!e->coreReady, 0)) // planned by an earlier core
    cachedCopyFirstUse(*e, e->toGm ? src : dst, loc);
  // track(): reads first; the UB side's init tracking was done by this
  // core's first call (CachedCopy), GM has none.
  countGm(gmAddr, gmAddr + bytes, bytes, e->toGm);
  if (autoSync_)
    cachedCopyAutoSync(*e, gmAddr);
  uint8_t *ub = mem_.ubData() + e->ubOffset;
  const Pipe pipe = e->toGm ? Pipe::MTE3 : Pipe::MTE2;
  Instr &in = issuePlainCopy(pipe, seq, loc, e->cost, type, count,
                             e->toGm ? ub : gm, e->toGm ? gm : ub);
  if (race_)
    copyFootprint(in.fp, e->toGm, e->ubOffset, gmAddr, bytes);
  return true;
}

inline void Core::dataCopy(const Operand &dst, const Operand &src,
                           uint32_t count, DType type, Loc loc) {
  // The call-free path: a cached plan used on this core before, its GM
  // operand inside the kept region, no checkpoint due, a free queue slot —
  // tested before any side effect (else the general path or, with only the
  // room or this core's first use of the plan missing, cachedCopyAfterRoom:
  // tail calls).
  CachedCopy *e = stepsLeft_ != 1 ? findCopyPlan(dst, src, count, type, loc)
                                  : nullptr;
  if (__builtin_expect(e != nullptr, 1)) {
    const Operand &gmOp = e->toGm ? dst : src;
    const uint64_t gmAddr = gmOp.addr;
    if (__builtin_expect(e->inKeptRegion(gmAddr), 1)) {
      const uint64_t countType = count | static_cast<uint64_t>(type) << 32;
      if (__builtin_expect(
              e->coreReady &&
                  engine_.hasSlot(e->toGm ? Pipe::MTE3 : Pipe::MTE2),
              1))
        return issueCachedCopy<true>(*e, gmAddr, countType, loc);
      return cachedCopyAfterRoom(*e, gmAddr, countType, loc);
    }
  }
  dataCopyGeneral(dst, src, count | static_cast<uint64_t>(type) << 32, loc);
}

template <bool InSlot>
inline void Core::issueCachedCopy(CachedCopy &e, uint64_t gmAddr,
                                  uint64_t countType, Loc loc) {
  // copyFromPlan's steps for a plan ready on this core, its GM operand
  // tested; the GM traffic counted last (countGm's read-range note then is a
  // tail call).
  const uint32_t count = static_cast<uint32_t>(countType);
  const DType type = static_cast<DType>(countType >> 32);
  const bool toGm = e.toGm;
  const uint64_t bytes = e.bytes;
  const Pipe pipe = toGm ? Pipe::MTE3 : Pipe::MTE2;
  const uint64_t seq = beginCallFree(loc);
  if (!InSlot && !e.coreReady) // e.ub: the call's UB operand (the search)
    cachedCopyFirstUse(e, e.ub, loc);
  uint8_t *gm = reinterpret_cast<uint8_t *>(static_cast<uintptr_t>(gmAddr));
  uint8_t *ub = mem_.ubData() + e.ubOffset;
  Instr *inp;
  if (InSlot) {
    inp = &engine_.emplaceInSlot(InstrKind::Work, pipe, seq, scalar_, loc,
                                 "data_copy");
    if (race_) {
      inp->issueClock = race_->clock(Pipe::S);
      inp->gmEpoch = gmEpoch_;
    }
  } else {
    inp = &issueInPlace(InstrKind::Work, pipe, seq, loc, "data_copy");
  }
  Instr &in = *inp;
  fillPlainCopy(in, pipe, e.cost, type, count, toGm ? ub : gm, toGm ? gm : ub);
  if (autoSync_)
    cachedCopyAutoSync(e, gmAddr);
  if (race_)
    copyFootprint(in.fp, toGm, e.ubOffset, gmAddr, bytes);
  return countGm(gmAddr, gmAddr + bytes, bytes, toGm);
}

void Core::cachedCopyAfterRoom(CachedCopy &e, uint64_t gmAddr,
                               uint64_t countType, Loc loc) {
  issueCachedCopy<false>(e, gmAddr, countType, loc);
}

void Core::dataCopyGeneral(const Operand &dst, const Operand &src,
                           uint64_t countType, Loc loc) {
  const uint32_t count = static_cast<uint32_t>(countType);
  const DType type = static_cast<DType>(countType >> 32);
  uint64_t seq = beginCall(loc);
  if (!copyFromPlan(dst, src, count, type, seq, loc))
    planCopy(dst, src, count, type, seq, loc);
}

// The ABI entry of data_copy, here so that Core::dataCopy is inlined into it
// (device/KernelAbi.cpp has the other entries).
void abi::dataCopy(const Operand &dst, const Operand &src, uint32_t count,
                   DType type, Loc loc) {
  currentCore().dataCopy(dst, src, count, type, loc);
}

void Core::planCopy(const Operand &dst, const Operand &src, uint32_t count,
                    DType type, uint64_t seq, Loc loc) {
  const char *api = "data_copy";
  requireBuffer(dst, api, "destination", loc);
  requireBuffer(src, api, "source", loc);
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
  Pipe pipe;
  Cost cost;
  if (sm == Mem::GM && dm == Mem::UB) {
    pipe = Pipe::MTE2;
    cost = timing::gmToLocal(bytes);
  } else if (sm == Mem::UB && dm == Mem::GM) {
    pipe = Pipe::MTE3;
    cost = timing::localToGm(bytes);
  } else if (sm == Mem::UB && dm == Mem::UB) {
    pipe = Pipe::V;
    cost = timing::localCopy(bytes);
  } else if (sm == Mem::GM && dm == Mem::L1) {
    // Plain DataCopy GM -> L1 (hardware.md §5.3): the AIC's MTE2, no layout
    // change; a vector core has no L1.
    requireAic("data_copy GM -> L1", loc);
    pipe = Pipe::MTE2;
    cost = timing::gmToLocal(bytes);
  } else if (sm == Mem::L1 && dm == Mem::GM) {
    // DataCopy A1/B1 -> GM (ascendc_api.md §5.1 row 2): the AIC's MTE3, no
    // layout change, at the rate of the vector core's store.
    requireL1ToGm(api, src, loc);
    pipe = Pipe::MTE3;
    cost = timing::localToGm(bytes);
  } else if (sm == Mem::L1 && dm == Mem::BT) {
    // DataCopy L1 (C1) -> BiasTable (C2), as the Matmul API loads its bias
    // (the AIC's MTE1, no type change).
    requireAic("data_copy L1 -> BiasTable", loc);
    pipe = Pipe::MTE1;
    cost = timing::l1ToL0(bytes, false, false);
  } else {
    fail("argument",
         std::string("data_copy from ") + positionName(src.pos) + " (" +
             memName(sm) + ") to " + positionName(dst.pos) + " (" +
             memName(dm) + ") is not supported on a " +
             (role_.aic ? "cube core (AIC)" : "vector core (AIV)"),
         loc);
  }
  if (count == 0)
    return;
  if (pipe == Pipe::MTE3 && vecRegs_.atomic != AtomicKind::None) {
    // SetAtomicAdd/Max/Min: the store accumulates (device/VectorAbi.cpp).
    CopyCall c{};
    c.type = type;
    c.dst = dst;
    c.src = src;
    c.blockCount = 1;
    c.blockLen = static_cast<uint32_t>(bytes / 32);
    return issueCopy(c, seq, loc);
  }
  bool l1 = dm == Mem::L1;
  // L1 -> BiasTable: a cube-path copy (each memory's own alignment).
  const bool toBt = dm == Mem::BT;
  Access srcAcc{api, "source", false, type, true, l1 || toBt || sm == Mem::L1};
  Access dstAcc{api, "destination", true, type, true, l1};
  srcAcc.cube = toBt;
  dstAcc.cube = toBt;
  const uint8_t *from = mem_.resolve(src, 0, bytes, srcAcc, loc);
  uint8_t *to = mem_.resolve(dst, 0, bytes, dstAcc, loc);
  const std::initializer_list<Use> uses = {{from, bytes, false, "source"},
                                           {to, bytes, true, "destination"}};
  track(pipe, api, loc, uses);
  Instr &in = issuePlainCopy(pipe, seq, loc, cost, type, count, from, to);
  raceFootprint(in.fp, uses);
  // Planned for the next call of this site (copyFromPlan) once the UB side's
  // init tracking has run above.
  // Only UB copies are planned (the plan holds a UB offset).
  const bool toGm = pipe == Pipe::MTE3 && dm == Mem::GM && sm == Mem::UB;
  if ((toGm || (pipe == Pipe::MTE2 && dm == Mem::UB)) && !sys_.anyWatch &&
      mem_.memOf(toGm ? to : from) == Mem::GM) {
    CachedCopy &e = plans_->copyCache[plans_->copyNext];
    plans_->copyNext = (plans_->copyNext + 1) % kCopyPlanCache;
    e.loc = loc;
    e.ub = toGm ? src : dst;
    e.gmPos = toGm ? dst.pos : src.pos;
    e.toGm = toGm;
    e.type = type;
    e.count = count;
    e.elemBytes = es;
    e.alignMask = es - 1;
    mem_.gmRegionBounds(~0u, e.gmLo, e.gmHi); // empty: cachedCopyGm sets them
    e.bytes = bytes;
    e.cost = cost;
    e.ubOffset = mem_.ubOffset(toGm ? from : to);
    e.coreReady = true;
  }
}

//===----------------------------------------------------------------------===//
// Synchronisation
//===----------------------------------------------------------------------===//

inline void Core::issueSetFlag(const EventInfo &info, uint8_t event,
                               uint8_t fid, uint64_t seq, Loc loc,
                               const char *api) {
  flags_.issueSet(event, fid, loc, api);
  if (info.src == Pipe::S) {
    // The scalar is in order: its earlier work is complete now.
    if (trace_)
      trace_->slices.push_back(
          {Pipe::S, scalar_, scalar_ + 1, "set_flag", loc, seq, 0});
    engine_.postFlagSet(event, fid, scalar_, seq, loc);
    return;
  }
  Instr &in = issueInPlace(InstrKind::SetFlag, info.src, seq, loc, "set_flag");
  in.event = event;
  in.id = fid;
}

inline void Core::issueWaitFlag(const EventInfo &info, uint8_t event,
                                uint8_t fid, uint64_t seq, Loc loc) {
  flags_.issueWait(event, fid);
  if (info.dst == Pipe::S)
    return scalarWaitFlag(event, fid, seq, loc);
  Instr &in =
      issueInPlace(InstrKind::WaitFlag, info.dst, seq, loc, "wait_flag");
  in.event = event;
  in.id = fid;
}

void Core::scalarWaitFlag(uint8_t event, uint8_t fid, uint64_t seq, Loc loc) {
  Stall stall;
  stall.loc = loc;
  stall.scalarFlag = true;
  stall.event = event;
  stall.id = fid;
  uint64_t before = scalar_;
  uint64_t t = engine_.runUntilFlag(event, fid, stall);
  scalar_ = std::max({scalar_, t, engine_.now()});
  if (race_)
    race_->waitFlag(Pipe::S, event, fid);
  if (trace_)
    trace_->slices.push_back(
        {Pipe::S, before, scalar_ + 1, "wait_flag", loc, seq, 0});
  flags_.clear(event, fid);
}

bool Core::droppedEvent(uint8_t event) const {
  // In a MIX kernel each core type's build drops the flags of the other
  // type's pipes (hardware.md §3.2); single-type kernels report them.
  if (!role_.mixed || event >= hw::kNumEvents)
    return false;
  return role_.aic ? !hw::kEvents[event].aic : !hw::kEvents[event].aiv;
}

const EventInfo &Core::flagEvent(const char *api, uint8_t event, int32_t id,
                                 Loc loc) const {
  // FlagTable::validate's conditions, tested here without a call; it
  // throws the message when one fails.
  if (__builtin_expect(event < kNumEvents &&
                           static_cast<uint32_t>(id) < kNumEventIds &&
                           (role_.aic ? hw::kEvents[event].aic
                                      : hw::kEvents[event].aiv),
                       1))
    return events_[event];
  return FlagTable::validate(api, event, id, loc, role_.aic);
}

void Core::bindFlagPipes() {
  plainSet_ = plainFlagPipes().set[role_.aic];
  plainWait_ = plainFlagPipes().wait[role_.aic];
}

template <InstrKind K>
inline bool Core::issueFlagFree(uint8_t event, int32_t id, Loc loc) {
  constexpr bool set = K == InstrKind::SetFlag;
  if (__builtin_expect(event < kNumEvents &&
                           static_cast<uint32_t>(id) < kNumEventIds,
                       1)) {
    const Pipe p = (set ? plainSet_ : plainWait_)[event];
    void *at;
    if (__builtin_expect(p != Pipe::S && stepsLeft_ != 1 &&
                             (at = engine_.slotOf(p)) != nullptr,
                         1)) {
      const uint64_t seq = beginCallFree(loc);
      const uint8_t fid = static_cast<uint8_t>(id);
      if (set)
        flags_.issueSet(event, fid, loc);
      else
        flags_.issueWait(event, fid);
      issueFlagAt(at, K, p, event, fid, seq, loc,
                  set ? "set_flag" : "wait_flag");
      return true;
    }
  }
  return false;
}

inline void Core::setFlag(uint8_t event, int32_t id, Loc loc) {
  if (!issueFlagFree<InstrKind::SetFlag>(event, id, loc))
    issueFlagGeneral<InstrKind::SetFlag>(event, id, loc);
}

template <InstrKind K>
void Core::issueFlagGeneral(uint8_t event, int32_t id, Loc loc) {
  constexpr bool set = K == InstrKind::SetFlag;
  uint64_t seq = beginCall(loc);
  if (__builtin_expect(event < kNumEvents &&
                           static_cast<uint32_t>(id) < kNumEventIds,
                       1)) {
    const Pipe p = (set ? plainSet_ : plainWait_)[event];
    if (__builtin_expect(p != Pipe::S, 1)) {
      const uint8_t fid = static_cast<uint8_t>(id);
      if (set)
        flags_.issueSet(event, fid, loc);
      else
        flags_.issueWait(event, fid);
      issueFlagInstr(K, p, event, fid, seq, loc,
                     set ? "set_flag" : "wait_flag");
      return;
    }
  }
  if (set)
    setFlagRare(event, id, seq, loc);
  else
    waitFlagRare(event, id, seq, loc);
}

void Core::setFlagRare(uint8_t event, int32_t id, uint64_t seq, Loc loc) {
  if (droppedEvent(event))
    return;
  const EventInfo &info = flagEvent("set_flag", event, id, loc);
  if (event == kEventVV) // SetFlag<V_V> is a PIPE_V barrier
    return issueBarrier(Pipe::V, seq, loc, "set_flag");
  issueSetFlag(info, event, static_cast<uint8_t>(id), seq, loc);
}

inline void Core::waitFlag(uint8_t event, int32_t id, Loc loc) {
  if (!issueFlagFree<InstrKind::WaitFlag>(event, id, loc))
    issueFlagGeneral<InstrKind::WaitFlag>(event, id, loc);
}

void Core::waitFlagRare(uint8_t event, int32_t id, uint64_t seq, Loc loc) {
  if (droppedEvent(event))
    return;
  const EventInfo &info = flagEvent("wait_flag", event, id, loc);
  if (event == kEventVV) // paired with SetFlag<V_V>: a PIPE_V barrier
    return issueBarrier(Pipe::V, seq, loc, "wait_flag");
  issueWaitFlag(info, event, static_cast<uint8_t>(id), seq, loc);
}

// The ABI entries of set_flag and wait_flag, here so that Core::setFlag and
// Core::waitFlag are inlined into them.
void abi::setFlag(uint8_t event, int32_t id, Loc loc) {
  currentCore().setFlag(event, id, loc);
}

void abi::waitFlag(uint8_t event, int32_t id, Loc loc) {
  currentCore().waitFlag(event, id, loc);
}

void Core::drainAll(Loc loc, const char *what) {
  lastMmad_.valid = false;
  Stall stall;
  stall.loc = loc;
  stall.drainFor = what;
  uint64_t before = scalar_;
  scalar_ = std::max(scalar_, engine_.drain(stall));
  if (race_)
    race_->drainAll();
  if (trace_)
    trace_->slices.push_back(
        {Pipe::S, before, scalar_ + 1, "pipe_barrier", loc, seq_, 0});
}

void Core::pipeBarrier(uint8_t pipeT, Loc loc) {
  uint64_t seq = beginCall(loc);
  if (pipeT == kPipeTAll)
    return drainAll(loc, "pipe_barrier(PIPE_ALL)");
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
  // The other core type's pipes do not exist here: dropped, as on the NPU.
  if (!role_.aic && (*p == Pipe::M || *p == Pipe::MTE1 || *p == Pipe::FIX))
    return;
  if (role_.aic && *p == Pipe::V)
    return;
  if (*p == Pipe::M)
    lastMmad_.valid = false;
  issueBarrier(*p, seq, loc, "pipe_barrier");
}

//===----------------------------------------------------------------------===//
// Scalar unit
//===----------------------------------------------------------------------===//

void Core::scalarRead(const Operand &src, uint64_t index, DType type, void *out,
                      Loc loc, const char *api) {
  uint64_t seq = beginCall(loc);
  uint32_t es = dtypeSize(type);
  Access a{api, "tensor", false, type, /*blockAligned=*/false};
  const uint8_t *p = mem_.resolve(src, index * es, es, a, loc);
  engine_.runUntil(scalar_);
  scalarAccess(p, es, false, api, loc, seq);
  std::memcpy(out, p, es);
  scalar_ += hw::kScalarAddressCycles + timing::kScalarLoad;
  scalarBusy_ += hw::kScalarAddressCycles + timing::kScalarLoad;
}

void Core::scalarWrite(const Operand &dst, uint64_t index, DType type,
                       const void *in, Loc loc, const char *api) {
  uint64_t seq = beginCall(loc);
  uint32_t es = dtypeSize(type);
  Access a{api, "tensor", true, type, /*blockAligned=*/false};
  uint8_t *p = mem_.resolve(dst, index * es, es, a, loc);
  engine_.runUntil(scalar_);
  scalarAccess(p, es, true, api, loc, seq);
  std::memcpy(p, in, es);
  scalar_ += hw::kScalarAddressCycles + timing::kScalarStore;
  scalarBusy_ += hw::kScalarAddressCycles + timing::kScalarStore;
}

// On 2201 (ascendc_api.md §5.14): atomic stores off, normal mask mode and,
// on a vector core, every mask bit set.
void Core::initSocState(Loc loc) {
  beginCall(loc);
  vecRegs_.atomic = AtomicKind::None;
  vecRegs_.counter = false;
  vecRegs_.maskHi = vecRegs_.maskLo = ~0ull;
}

//===----------------------------------------------------------------------===//
// The TPipe framework
//===----------------------------------------------------------------------===//

void Core::runSync(const std::vector<SyncOp> &ops, uint64_t seq, Loc loc,
                   const char *api) {
  for (const SyncOp &op : ops) {
    // Each core of a MIX kernel keeps the books of the other type's queues:
    // their events (and PIPE_V barriers on the AIC) are dropped, as for the
    // user's own flags.
    if ((op.kind == SyncOp::Set || op.kind == SyncOp::Wait)
            ? droppedEvent(op.event)
            : op.kind == SyncOp::BarrierV && role_.aic)
      continue;
    scalar_ += timing::kScalarIssue;
    scalarBusy_ += timing::kScalarIssue;
    switch (op.kind) {
    case SyncOp::Set:
      issueSetFlag(*eventInfo(op.event), op.event, op.id, seq, loc, api);
      break;
    case SyncOp::Wait:
      issueWaitFlag(*eventInfo(op.event), op.event, op.id, seq, loc);
      break;
    case SyncOp::BarrierV:
      issueBarrier(Pipe::V, seq, loc, "pipe_barrier");
      break;
    case SyncOp::BarrierAll:
      drainAll(loc, "destroying the TPipe");
      break;
    }
  }
}

void Core::pipeCreate(void *pipe, Loc loc) {
  beginCall(loc);
  fw_.create(pipe, loc);
}

void Core::pipeRelease(void *pipe, Loc loc) {
  // While a Fault unwinds the kernel the destructor must not run the pipes.
  if (std::uncaught_exceptions() > 0 || !fw_.isLive(pipe))
    return;
  pipeDestroy(pipe, loc);
}

void Core::pipeInit(void *pipe, Loc loc) {
  beginCall(loc);
  fw_.init(pipe, loc);
}

void Core::pipeDestroy(void *pipe, Loc loc) {
  uint64_t seq = beginCall(loc);
  std::vector<SyncOp> &ops = syncOps();
  fw_.destroy(pipe, loc, ops);
  runSync(ops, seq, loc);
}

void Core::pipeReset(void *pipe, Loc loc) {
  uint64_t seq = beginCall(loc);
  std::vector<SyncOp> &ops = syncOps();
  fw_.reset(pipe, loc, ops);
  runSync(ops, seq, loc);
}

int32_t Core::queueInit(int32_t pool, uint8_t src, uint8_t dst, int32_t depth,
                        int32_t num, uint32_t len, bool tbuf, Loc loc) {
  uint64_t seq = beginCall(loc);
  std::vector<SyncOp> &ops = syncOps();
  int32_t q = fw_.initQueue(pool, src, dst, depth, num, len, tbuf, loc, &ops);
  for (Diagnostic &d : fw_.takeWarnings())
    record(std::move(d));
  runSync(ops, seq, loc);
  return q;
}

int32_t Core::poolInit(int32_t parent, uint8_t pos, uint32_t maxBufs,
                       uint32_t len, int32_t share, Loc loc) {
  beginCall(loc);
  int32_t pool = fw_.initPool(parent, pos, maxBufs, len, share, loc);
  for (Diagnostic &d : fw_.takeWarnings())
    record(std::move(d));
  return pool;
}

void Core::poolReset(int32_t pool, Loc loc) {
  uint64_t seq = beginCall(loc);
  std::vector<SyncOp> &ops = syncOps();
  fw_.resetPool(pool, loc, ops);
  runSync(ops, seq, loc);
}

BufferView Core::queueAlloc(int32_t q, bool inPlace, Loc loc) {
  uint64_t seq = beginCall(loc);
  std::vector<SyncOp> &ops = syncOps();
  BufferView v = fw_.alloc(q, inPlace, loc, ops);
  runSync(ops, seq, loc);
  return v;
}

void Core::queueEnque(int32_t q, uint64_t buffer, uint8_t srcUser,
                      uint8_t dstUser, Loc loc) {
  uint64_t seq = beginCall(loc);
  std::vector<SyncOp> &ops = syncOps();
  fw_.enque(q, buffer, srcUser, dstUser, loc, ops);
  runSync(ops, seq, loc, "enque");
}

BufferView Core::queueDeque(int32_t q, bool inPlace, uint64_t buffer,
                            uint8_t srcUser, uint8_t dstUser, Loc loc) {
  uint64_t seq = beginCall(loc);
  std::vector<SyncOp> &ops = syncOps();
  BufferView v = fw_.deque(q, inPlace, buffer, srcUser, dstUser, loc, ops);
  runSync(ops, seq, loc);
  return v;
}

void Core::queueFree(int32_t q, uint64_t buffer, Loc loc) {
  uint64_t seq = beginCall(loc);
  std::vector<SyncOp> &ops = syncOps();
  fw_.free(q, buffer, loc, ops);
  runSync(ops, seq, loc, "free_tensor");
}

BufferView Core::stackBuffer(const char *api, Loc loc) {
  beginCall(loc);
  return fw_.stackBuffer(api, loc);
}

BufferView Core::bufGet(int32_t q, uint32_t offset, uint64_t bytes, bool whole,
                        const char *api, Loc loc) {
  beginCall(loc);
  return fw_.get(q, offset, bytes, whole, api, loc);
}

int32_t Core::queueQuery(int32_t q, QueueQuery what, uint64_t buffer, Loc loc) {
  beginCall(loc);
  return fw_.query(q, what, buffer, loc);
}

int32_t Core::bufferUserTag(uint64_t buffer, bool set, int32_t tag,
                            const char *api, Loc loc) {
  beginCall(loc);
  return fw_.userTag(buffer, set, tag, api, loc);
}

void Core::queueFreeAllEvent(int32_t q, Loc loc) {
  uint64_t seq = beginCall(loc);
  std::vector<SyncOp> &ops = syncOps();
  fw_.freeAllEvents(q, loc, ops);
  runSync(ops, seq, loc);
}

int32_t Core::eventAlloc(uint8_t event, bool reserve, Loc loc) {
  beginCall(loc);
  return fw_.allocEvent(event, reserve, loc);
}

void Core::eventRelease(uint8_t event, int32_t id, Loc loc) {
  beginCall(loc);
  fw_.releaseEvent(event, id, loc);
}

//===----------------------------------------------------------------------===//
// Lifecycle
//===----------------------------------------------------------------------===//

void Core::finish() {
  // The note is a literal: a clean launch builds no string.
  Stall stall;
  stall.loc = lastLoc_;
  stall.whatLiteral = "the kernel returned after its last API call here and "
                      "waits for its pipes to drain";
  scalar_ = std::max(scalar_, engine_.drain(stall));
  // The block's UB is not read again: its pending lazy copies are dropped,
  // not landed (6 MiB of memcpy a launch of the float32 add benchmark).
  engine_.dropLazy();
  for (Diagnostic &d : flags_.leaked())
    record(std::move(d));
}

void Core::record(Diagnostic d) {
  d.block = blockIdx_;
  d.order = seq_;
  diags_.push_back(std::move(d));
}

std::vector<Diagnostic> Core::takeDiagnostics() {
  if (race_)
    for (Diagnostic &d : race_->takeDiagnostics()) {
      d.block = blockIdx_;
      diags_.push_back(std::move(d));
    }
  return std::move(diags_);
}

void Core::countGm(uint64_t lo, uint64_t hi, uint64_t bytes, bool write) {
  (write ? gmWrite_ : gmRead_) += bytes;
  ++gmTransfers_;
  if (write || hi <= lo)
    return;
  ++gmReadTransfers_;
  for (const auto &r : bypass_)
    if (r.first <= lo && lo < r.second) {
      bypassRead_ += bytes;
      ++bypassTransfers_;
      return;
    }
  noteRead(lo, hi);
}

void Core::noteRead(uint64_t lo, uint64_t hi) {
  // A bounded list of read ranges (their hulls): a streaming core extends
  // its last range, so this is O(1) per DMA in the common case and
  // O(kMaxReadRanges) at worst; a full list merges the new range into the
  // nearest one (over-estimating the footprint by the gap). The range
  // extended is the last one if it touches, else the first that touches
  // (here, with no call: a few instructions per DMA), else a new one
  // (noteNewRead).
  auto extend = [&](size_t i) {
    auto &r = reads_[i];
    if (!(lo <= r.second && r.first <= hi))
      return false;
    r = {std::min(r.first, lo), std::max(r.second, hi)};
    lastRead_ = i;
    return true;
  };
  const size_t n = reads_.size();
  if (n != 0 && extend(lastRead_))
    return;
  for (size_t i = 0; i < n; ++i)
    if (i != lastRead_ && extend(i)) // lastRead_ does not touch
      return;
  noteNewRead(lo, hi);
}

void Core::noteNewRead(uint64_t lo, uint64_t hi) {
  constexpr size_t kMaxReadRanges = 32;
  if (reads_.size() < kMaxReadRanges) {
    reads_.emplace_back(lo, hi);
    lastRead_ = reads_.size() - 1;
    return;
  }
  // No range touches [lo, hi]: merged into the nearest.
  size_t nearest = 0;
  uint64_t gap = ~0ull;
  for (size_t i = 0; i < reads_.size(); ++i) {
    const auto &r = reads_[i];
    uint64_t g = lo > r.second ? lo - r.second : r.first - hi;
    if (g < gap) {
      gap = g;
      nearest = i;
    }
  }
  auto &r = reads_[nearest];
  r = {std::min(r.first, lo), std::max(r.second, hi)};
  lastRead_ = nearest;
}

void Core::setL2CacheHint(uint64_t addr, uint64_t bytes, bool bypass) {
  const uint64_t end = addr + bytes;
  // The newest hint of a range wins: drop what it covers, keep the rest.
  std::vector<std::pair<uint64_t, uint64_t>> kept;
  for (const auto &r : bypass_) {
    if (r.second <= addr || end <= r.first) {
      kept.push_back(r);
      continue;
    }
    if (r.first < addr)
      kept.emplace_back(r.first, addr);
    if (end < r.second)
      kept.emplace_back(end, r.second);
  }
  if (bypass && bytes > 0)
    kept.emplace_back(addr, end);
  bypass_ = std::move(kept);
}

void Core::dataSyncBarrier(uint8_t mem, Loc loc) {
  uint64_t seq = beginCall(loc);
  if (mem > 3)
    fail("argument",
         "data_sync_barrier: MemDsbT " + std::to_string(mem) +
             " does not exist; use ALL, DDR, UB or SEQ",
         loc);
  // The scalar's own loads and stores complete at issue here (the scalar
  // is sequentially consistent in the simulator): nothing to wait for. The
  // pipes' instructions are ordered by flags and barriers, not by it.
  if (trace_)
    trace_->slices.push_back({Pipe::S, scalar_, scalar_ + 1,
                              "data_sync_barrier", loc, seq, 0});
}

CoreTiming Core::timing() const {
  CoreTiming t;
  timingCounts(t);
  t.bypassRanges = bypass_;
  t.readRanges = reads_;
  return t;
}

CoreTiming Core::takeTiming() {
  CoreTiming t;
  timingCounts(t);
  t.bypassRanges = std::move(bypass_);
  t.readRanges = std::move(reads_);
  return t;
}

void Core::timingCounts(CoreTiming &t) const {
  t.gmReadBytes = gmRead_;
  t.gmWriteBytes = gmWrite_;
  t.gmTransfers = gmTransfers_;
  t.bypassReadBytes = bypassRead_;
  t.bypassTransfers = bypassTransfers_;
  t.gmReadTransfers = gmReadTransfers_;
  t.cycles = std::max(scalar_, engine_.now());
  for (int p = 0; p < kNumPipes; ++p)
    t.busy[p] = engine_.busy(static_cast<Pipe>(p));
  t.busy[static_cast<int>(Pipe::S)] = scalarBusy_;
}

} // namespace ascsim
