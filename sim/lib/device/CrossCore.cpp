//===- device/CrossCore.cpp - Cross-core flags ------------------*- C++ -*-===//

#include "device/CrossCore.h"

#include "device/Core.h"
#include "support/Fault.h"

#include <algorithm>
#include <utility>

namespace ascsim {

CrossCoreDomain::CrossCoreDomain(uint32_t blocks, bool aic,
                                 uint32_t aivPerBlock, bool mixed)
    : blocks_(blocks), hasAic_(aic), mixed_(mixed), aivPerBlock_(aivPerBlock) {
  cores_.resize((aic ? blocks : 0) + blocks * aivPerBlock);
  for (uint32_t b = 0; b < blocks; ++b) {
    if (aic) {
      cores_[aicId(b)].aic = true;
      cores_[aicId(b)].block = b;
    }
    for (uint32_t s = 0; s < aivPerBlock; ++s)
      cores_[aivId(b, s)].block = b;
  }
}

std::string CrossCoreDomain::coreName(uint32_t core) const {
  const CoreState &c = cores_[core];
  if (!mixed_)
    return "block " + std::to_string(c.block);
  if (c.aic)
    return "the AIC of block " + std::to_string(c.block);
  uint32_t sub = core - aivId(c.block, 0);
  return "AIV " + std::to_string(sub) + " of block " + std::to_string(c.block);
}

void CrossCoreDomain::raise(uint32_t core, uint8_t flag, const Raise &r,
                            std::string &err) {
  std::deque<Raise> &q = cores_[core].counters[flag];
  q.push_back(r);
  if (q.size() > kMaxPending && err.empty())
    err = "cross_core_set_flag raises the counter of flag id " +
          std::to_string(flag) + " of " + coreName(core) + " to " +
          std::to_string(q.size()) + ": at most " +
          std::to_string(kMaxPending) +
          " sets may be pending before a wait (the NPU hangs; hardware.md "
          "§3.6)";
}

namespace {
void joinInto(std::vector<uint32_t> &into, const std::vector<uint32_t> &c) {
  if (into.size() < c.size())
    into.resize(c.size());
  for (size_t i = 0; i < c.size(); ++i)
    into[i] = std::max(into[i], c[i]);
}
} // namespace

std::string CrossCoreDomain::post(uint32_t core, uint8_t mode, uint8_t flag,
                                  uint64_t cycle,
                                  const std::vector<uint32_t> &clock, Loc loc) {
  (void)loc;
  std::string err;
  std::lock_guard<std::mutex> lk(m_);
  const CoreState &c = cores_[core];
  // Members of the group the set belongs to, and the cores it raises.
  std::vector<uint32_t> members, targets;
  uint32_t group = 0;
  if (mode == 0) {
    group = c.aic ? 0 : 1;
    for (uint32_t i = 0; i < numCores(); ++i)
      if (cores_[i].aic == c.aic)
        members.push_back(i);
    targets = members;
  } else if (mode == 2 && c.aic) {
    const Raise r{cycle, clock};
    for (uint32_t s = 0; s < aivPerBlock_; ++s)
      raise(aivId(c.block, s), flag, r, err);
    cv_.notify_all();
    return err;
  } else { // mode 1 (AIVs of the block) or mode 2 from an AIV
    group = c.block;
    for (uint32_t s = 0; s < aivPerBlock_; ++s)
      members.push_back(aivId(c.block, s));
    if (mode == 1)
      targets = members;
    else
      targets.push_back(aicId(c.block));
  }
  Group &g = groups_[{mode, group, flag}];
  g.sets.resize(members.size());
  size_t me = static_cast<size_t>(
      std::find(members.begin(), members.end(), core) - members.begin());
  g.sets[me].push_back(Raise{cycle, clock});
  bool all = true;
  for (const auto &s : g.sets)
    all = all && !s.empty();
  if (all) {
    // The raise happens after every member's matched set: it carries the
    // join of their clocks.
    Raise r;
    for (auto &s : g.sets) {
      r.cycle = std::max(r.cycle, s.front().cycle);
      joinInto(r.clock, s.front().clock);
      s.pop_front();
    }
    for (uint32_t t : targets)
      raise(t, flag, r, err);
    cv_.notify_all();
  }
  return err;
}

Diagnostic CrossCoreDomain::deadlockReport(uint32_t core,
                                           const std::string &fallback,
                                           Loc loc) const {
  // The snapshot names every blocked core; a core it did not record (it
  // blocked after the snapshot) gets its own line.
  auto it = reports_.find(core);
  return it != reports_.end() ? it->second
                              : makeDiagnostic("deadlock", fallback, loc);
}

bool CrossCoreDomain::released(const CoreState &c) const {
  return c.gmReady   ? (*c.gmReady)()
         : c.msgWait ? !c.inbox.empty() || msgWaitEnds(c)
                     : !c.counters[c.waitFlag].empty();
}

void CrossCoreDomain::markBlocked(CoreState &c) {
  if (c.blocked)
    return; // a wake-up that did not end the wait: already counted
  c.blocked = true;
  // An AIC may be waiting for this core to block before it picks a request
  // (canPick). Only on the change: waiters that re-notified at every
  // wake-up would wake each other without end.
  cv_.notify_all();
}

bool CrossCoreDomain::stuck() const {
  bool anyBlocked = false;
  for (const CoreState &c : cores_) {
    if (c.done)
      continue;
    if (!c.blocked)
      return false;
    if (released(c))
      return false;
    anyBlocked = true;
  }
  return anyBlocked;
}

void CrossCoreDomain::snapshotDeadlock() {
  deadlocked_ = true;
  for (uint32_t core = 0; core < numCores(); ++core) {
    const CoreState &c = cores_[core];
    if (!c.blocked)
      continue;
    std::vector<Note> notes;
    for (uint32_t i = 0; i < numCores(); ++i) {
      if (i == core)
        continue;
      const CoreState &o = cores_[i];
      if (o.done)
        notes.push_back(makeNote(coreName(i) +
                                     " has finished (or stopped) and sets "
                                     "nothing more",
                                 Loc{nullptr, 0}));
      else if (o.blocked)
        notes.push_back(
            makeNote(coreName(i) +
                         (o.gmReady   ? " waits in " + o.msgWhat
                          : o.msgWait ? " " + o.msgWhat
                                      : " waits for cross-core flag " +
                                            std::to_string(o.waitFlag)) +
                         " here",
                     o.waitLoc));
    }
    // A message wait's `msgWhat` says "waits for ..." itself.
    const std::string head =
        c.gmReady   ? c.msgWhat + " on " + coreName(core) + " waits forever"
        : c.msgWait ? coreName(core) + " " + c.msgWhat + " forever"
                    : "cross_core_wait_flag(" + std::to_string(c.waitFlag) +
                          ") on " + coreName(core) + " waits forever";
    reports_[core] = makeDiagnostic(
        "deadlock",
        head + ": no core that is still running can set it (every other core "
               "is blocked in a cross-core wait or has finished)",
        c.waitLoc, std::move(notes));
  }
  cv_.notify_all();
}

uint64_t CrossCoreDomain::wait(uint32_t core, uint8_t flag, Loc loc,
                               std::vector<uint32_t> *clock) {
  std::unique_lock<std::mutex> lk(m_);
  CoreState &c = cores_[core];
  c.waitFlag = flag;
  c.waitLoc = loc;
  while (c.counters[flag].empty()) {
    markBlocked(c);
    if (!deadlocked_ && stuck())
      snapshotDeadlock();
    if (deadlocked_) {
      Diagnostic d = deadlockReport(
          core,
          "cross_core_wait_flag(" + std::to_string(flag) + ") on " +
              coreName(core) + " waits forever: the launch has deadlocked",
          loc);
      throw Fault{std::move(d)};
    }
    cv_.wait(lk);
  }
  c.blocked = false;
  Raise &r = c.counters[flag].front();
  const uint64_t cycle = r.cycle;
  if (clock)
    *clock = std::move(r.clock);
  c.counters[flag].pop_front();
  return cycle;
}

void CrossCoreDomain::gmRelease(const std::vector<uint64_t> &words,
                                const Stamp &stamp,
                                const std::function<void()> &write) {
  std::lock_guard<std::mutex> lk(m_);
  write();
  for (uint64_t w : words)
    gmStamps_[w] = stamp;
  cv_.notify_all();
}

CrossCoreDomain::Stamp
CrossCoreDomain::gmAcquire(uint32_t core, const std::vector<uint64_t> &words,
                           const std::function<bool()> &ready,
                           const std::function<void()> &consume,
                           const std::string &what, Loc loc) {
  std::unique_lock<std::mutex> lk(m_);
  CoreState &c = cores_[core];
  c.msgWhat = what;
  c.waitLoc = loc;
  while (!ready()) {
    c.gmReady = &ready;
    markBlocked(c);
    if (!deadlocked_ && stuck())
      snapshotDeadlock();
    if (deadlocked_) {
      Diagnostic d =
          deadlockReport(core,
                         what + " on " + coreName(core) +
                             " waits forever: the launch has deadlocked",
                         loc);
      c.gmReady = nullptr;
      c.blocked = false;
      throw Fault{std::move(d)};
    }
    cv_.wait(lk);
  }
  c.blocked = false;
  c.gmReady = nullptr;
  consume();
  Stamp out;
  for (uint64_t w : words) {
    auto it = gmStamps_.find(w);
    if (it == gmStamps_.end()) // set before the launch (not zeroed)
      continue;
    out.cycle = std::max(out.cycle, it->second.cycle);
    joinInto(out.clock, it->second.clock);
  }
  return out;
}

bool CrossCoreDomain::msgWaitEnds(const CoreState &c) const {
  if (!c.aic)
    return false;
  for (uint32_t s = 0; s < aivPerBlock_; ++s)
    if (!cores_[aivId(c.block, s)].done)
      return false;
  return true;
}

void CrossCoreDomain::sendToAic(uint32_t core, const void *data, uint32_t bytes,
                                uint64_t cycle,
                                const std::vector<uint32_t> &clock) {
  std::lock_guard<std::mutex> lk(m_);
  const CoreState &c = cores_[core];
  Message msg;
  msg.from = core - aivId(c.block, 0);
  msg.cycle = cycle;
  msg.clock = clock;
  msg.data.assign(static_cast<const uint8_t *>(data),
                  static_cast<const uint8_t *>(data) + bytes);
  cores_[aicId(c.block)].inbox.push_back(std::move(msg));
  cv_.notify_all();
}

void CrossCoreDomain::sendToAiv(uint32_t core, uint32_t sub, const void *data,
                                uint32_t bytes, uint64_t cycle,
                                const std::vector<uint32_t> &clock) {
  std::lock_guard<std::mutex> lk(m_);
  const CoreState &c = cores_[core];
  Message msg;
  msg.from = 0;
  msg.cycle = cycle;
  msg.clock = clock;
  msg.data.assign(static_cast<const uint8_t *>(data),
                  static_cast<const uint8_t *>(data) + bytes);
  cores_[aivId(c.block, sub)].inbox.push_back(std::move(msg));
  cv_.notify_all();
}

bool CrossCoreDomain::receive(uint32_t core, Message &out,
                              const std::string &what, Loc loc) {
  std::unique_lock<std::mutex> lk(m_);
  CoreState &c = cores_[core];
  c.msgWait = true;
  c.msgWhat = what;
  c.waitLoc = loc;
  while (c.inbox.empty() || !canPick(c)) {
    if (c.inbox.empty() && msgWaitEnds(c)) {
      c.msgWait = false;
      c.blocked = false;
      return false;
    }
    markBlocked(c);
    if (!deadlocked_ && stuck())
      snapshotDeadlock();
    if (deadlocked_) {
      Diagnostic d = deadlockReport(core,
                                    coreName(core) + " " + what +
                                        " forever: the launch has deadlocked",
                                    loc);
      c.msgWait = false;
      throw Fault{std::move(d)};
    }
    cv_.wait(lk);
  }
  c.blocked = false;
  c.msgWait = false;
  auto next = c.inbox.begin();
  if (c.aic) {
    // The request that reaches the AIC first on the device: the smallest
    // cycle among each AIV's oldest message (an AIV's own requests stay in
    // order), ties to the lower sub-block. Not the host's arrival order,
    // which depends on how the host threads ran.
    for (auto it = c.inbox.begin(); it != c.inbox.end(); ++it) {
      bool oldest = true;
      for (auto e = c.inbox.begin(); e != it && oldest; ++e)
        oldest = e->from != it->from;
      if (oldest && std::make_pair(it->cycle, it->from) <
                        std::make_pair(next->cycle, next->from))
        next = it;
    }
  }
  out = std::move(*next);
  c.inbox.erase(next);
  return true;
}

bool CrossCoreDomain::canPick(const CoreState &c) const {
  if (!c.aic)
    return true;
  // Every AIV of the block has a request queued, has finished, or is
  // blocked in a wait no other running core of the block can end: none can
  // still send a request that reaches the AIC before the queued ones.
  for (uint32_t s = 0; s < aivPerBlock_; ++s) {
    const CoreState &v = cores_[aivId(c.block, s)];
    if (v.done || (v.blocked && !released(v)))
      continue;
    bool queued = false;
    for (const Message &m : c.inbox)
      queued = queued || m.from == s;
    if (!queued)
      return false;
  }
  return true;
}

void CrossCoreDomain::finish(uint32_t core) {
  std::lock_guard<std::mutex> lk(m_);
  cores_[core].done = true;
  cores_[core].blocked = false;
  if (!deadlocked_ && stuck())
    snapshotDeadlock();
  cv_.notify_all();
}

//===----------------------------------------------------------------------===//
// The core's side
//===----------------------------------------------------------------------===//

void Core::crossSetFired(uint8_t id, uint64_t cycle, Loc loc, Pipe pipe,
                         const VectorClock *knows) {
  // The set orders what its pipe knows of the epoch it was issued in (and
  // the earlier ones); the core's other components have not changed since
  // (a wait first lets the core's own sets fire).
  std::vector<uint32_t> clock;
  auto &epochs = crossSetEpochs_[static_cast<int>(pipe)];
  if (knows && race_ && !epochs.empty()) {
    clock = releaseClock(knows, epochs.front() + 1);
    epochs.pop_front();
  }
  std::string err =
      role_.xc->post(role_.coreId, static_cast<uint8_t>(id >> 4),
                     static_cast<uint8_t>(id & 15), cycle, clock, loc);
  if (!err.empty())
    fail("sync", err, loc);
}

namespace {
void onCrossSet(void *ctx, uint8_t id, uint64_t cycle, Loc loc, Pipe pipe,
                const VectorClock *knows) {
  static_cast<Core *>(ctx)->crossSetFired(id, cycle, loc, pipe, knows);
}

const char *needMix(bool set) {
  return set ? "cross_core_set_flag" : "cross_core_wait_flag";
}
} // namespace

void Core::crossCoreSetFlag(uint8_t mode, uint8_t pipeT, uint32_t flagId,
                            Loc loc) {
  uint64_t seq = beginCall(loc);
  const char *api = needMix(true);
  if (!role_.mixed || !role_.xc)
    fail("argument",
         std::string(api) +
             " needs a MIX kernel type (MIX_AIC_1_1, "
             "MIX_AIC_1_2, MIX_AIV_1_0 or MIX_AIC_1_0); this "
             "kernel is " +
             kernelTypeName(role_.kernelType) + " (hardware.md §3.6)",
         loc);
  if (mode > 2)
    fail("argument",
         std::string(api) + ": mode " + std::to_string(mode) +
             " does not exist on A2/A3; use 0 (all AICs or all AIVs), 1 (the "
             "AIVs of one AI Core) or 2 (an AIC and its AIVs)",
         loc);
  if ((mode == 1 && (role_.aic || role_.xc->aivPerBlock() == 0)) ||
      (mode == 2 && (!role_.xc->hasAic() || role_.xc->aivPerBlock() == 0)))
    fail("argument",
         std::string(api) + ": mode " + std::to_string(mode) +
             (mode == 1 ? " syncs the AIVs of one AI Core; it needs an AIV of "
                          "a MIX_AIC_1_1 or MIX_AIC_1_2 kernel"
                        : " syncs an AIC with its AIVs; it needs a "
                          "MIX_AIC_1_1 or MIX_AIC_1_2 kernel") +
             ", this is a " +
             (role_.aic ? "cube core (AIC)" : "vector core (AIV)") + " of a " +
             kernelTypeName(role_.kernelType) + " kernel",
         loc);
  if (flagId >= CrossCoreDomain::kFlagIds)
    fail("argument",
         std::string(api) + ": flag id must be in 0..15, got " +
             std::to_string(flagId),
         loc);
  std::optional<Pipe> p = pipeFromPipeT(pipeT);
  bool exists =
      p && *p != Pipe::S &&
      (role_.aic ? *p != Pipe::V
                 : (*p == Pipe::V || *p == Pipe::MTE2 || *p == Pipe::MTE3));
  if (!exists)
    fail("argument",
         std::string(api) + ": the set sits in " + pipeTName(pipeT) +
             ", which is not a pipe of a " +
             (role_.aic ? "cube core (AIC): use PIPE_M, PIPE_MTE1, PIPE_MTE2, "
                          "PIPE_MTE3 or PIPE_FIX"
                        : "vector core (AIV): use PIPE_V, PIPE_MTE2 or "
                          "PIPE_MTE3"),
         loc);
  engine_.setCrossCore(&onCrossSet, this);
  Instr &in = issueInPlace(InstrKind::SetFlag, *p, seq, loc, api);
  in.event = Engine::kCrossCoreEvent;
  in.id = static_cast<uint8_t>(flagId | mode << 4);
  engine_.noteCrossSet();
  if (race_) {
    // What the core issues from now on is not ordered before the set.
    ensureHbClock();
    crossSetEpochs_[static_cast<int>(*p)].push_back(gmEpoch_);
    nextEpoch();
  }
}

void Core::crossCoreWaitFlag(uint32_t flagId, Loc loc) {
  beginCall(loc);
  const char *api = needMix(false);
  if (!role_.mixed || !role_.xc)
    fail("argument",
         std::string(api) +
             " needs a MIX kernel type (MIX_AIC_1_1, "
             "MIX_AIC_1_2, MIX_AIV_1_0 or MIX_AIC_1_0); this "
             "kernel is " +
             kernelTypeName(role_.kernelType) + " (hardware.md §3.6)",
         loc);
  if (flagId >= CrossCoreDomain::kFlagIds)
    fail("argument",
         std::string(api) + ": flag id must be in 0..15, got " +
             std::to_string(flagId),
         loc);
  // This core's own sets first: the waiter may need them.
  Stall stall;
  stall.loc = loc;
  stall.drainFor = api;
  scalar_ = std::max(scalar_, engine_.runUntilCrossSetsFired(stall));
  if (race_)
    race_->pruneGmEpochs();
  std::vector<uint32_t> clock;
  uint64_t c = role_.xc->wait(role_.coreId, static_cast<uint8_t>(flagId), loc,
                              race_ ? &clock : nullptr);
  scalar_ = std::max(scalar_, c + 1);
  if (race_) {
    // Everything the core does from now on happens after the set(s) the
    // wait consumed.
    ensureHbClock();
    acquireClock(clock);
  }
}

void Core::syncAll(bool aivOnly, Loc loc) {
  const char *api = "sync_all";
  if (!role_.mixed || !role_.xc)
    fail("argument",
         std::string(api) +
             " (the hardware form) needs a MIX kernel type "
             "(MIX_AIV_1_0, MIX_AIC_1_0, MIX_AIC_1_1 or "
             "MIX_AIC_1_2); this kernel is " +
             kernelTypeName(role_.kernelType) + " (hardware.md §3.6)",
         loc);
  if (aivOnly && role_.aic)
    fail("argument",
         std::string(api) + "<true> is a barrier of the vector cores; call it "
                            "on the AIVs (ASCEND_IS_AIV), or use "
                            "sync_all<false> to include the cube cores",
         loc);
  // Everything the core did before completes first (then the sets fire
  // from MTE3, which both core types have).
  drainAll(loc, api);
  constexpr uint8_t kPipeTMte3 = 5;
  const bool mixed = role_.xc->hasAic() && role_.xc->aivPerBlock() > 0;
  if (aivOnly || !mixed) { // one core type: a mode-0 barrier on flag 11
    crossCoreSetFlag(0, kPipeTMte3, 11, loc);
    crossCoreWaitFlag(11, loc);
    return;
  }
  // AIC waits for its AIVs (12), the AICs meet (13), the AIVs wait for
  // their AIC (14).
  if (role_.aic) {
    crossCoreWaitFlag(12, loc);
    crossCoreSetFlag(0, kPipeTMte3, 13, loc);
    crossCoreWaitFlag(13, loc);
    crossCoreSetFlag(2, kPipeTMte3, 14, loc);
  } else {
    crossCoreSetFlag(2, kPipeTMte3, 12, loc);
    crossCoreWaitFlag(14, loc);
  }
}

namespace abi {
void syncAll(bool aivOnly, Loc loc) { currentCore().syncAll(aivOnly, loc); }
} // namespace abi

} // namespace ascsim
