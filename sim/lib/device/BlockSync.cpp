//===- device/BlockSync.cpp - Inter-block sync through GM flags -*- C++ -*-===//
//
// IBSet/IBWait, SyncAll's software form and NotifyNextBlock/WaitPreBlock
// (ascendc_api.md §6.5, hardware.md §3.6): vector cores synchronise through
// int32 flags in a GM workspace, each flag the first word of a 32-byte
// slot (docs/sync.md gives the layout). Every call first waits for the
// core's earlier instructions (the data written before a set is in GM when
// the flag is); a wait blocks the core's host thread in the launch's
// cross-core domain (device/CrossCore.h), which reports a deadlock when no
// running core can set what the blocked ones wait for. Each set is a
// release and each completed wait an acquire of a happens-before clock: the
// cross-core race check orders the GM accesses they order.
//
//===----------------------------------------------------------------------===//

#include "device/Core.h"
#include "device/CrossCore.h"
#include "support/Fault.h"
#include "timing/Timing.h"

#include <algorithm>

namespace ascsim {

namespace {
constexpr uint64_t kSlotBytes = 32;

std::string bytesText(uint64_t b) { return std::to_string(b) + " bytes"; }
} // namespace

void Core::nextEpoch() {
  gmEpoch_ = static_cast<uint32_t>(epochClocks_.size());
  epochClocks_.push_back(hbClock_);
  if (race_)
    race_->setGmEpoch(role_.coreId, gmEpoch_);
}

void Core::ensureHbClock() {
  if (hbClock_.empty()) {
    hbClock_.assign(role_.xc->numCores() * kNumPipes, 0);
    epochClocks_.push_back(hbClock_);
  }
}

std::vector<uint32_t> Core::releaseClock(const VectorClock *knows,
                                         uint32_t upTo) {
  std::vector<uint32_t> c = hbClock_;
  for (int p = 0; p < kNumPipes; ++p)
    c[role_.coreId * kNumPipes + p] =
        knows && race_
            ? std::min(race_->gmEpochsKnown(p, *knows, upTo),
                       engine_.queuedGmEpoch(static_cast<Pipe>(p), upTo))
            : upTo;
  return c;
}

void Core::acquireClock(const std::vector<uint32_t> &clock) {
  for (size_t i = 0; i < clock.size() && i < hbClock_.size(); ++i)
    hbClock_[i] = std::max(hbClock_[i], clock[i]);
  nextEpoch();
}

void Core::release(int32_t *word, int32_t value) {
  // The flag's store lands kGmWriteLatency after issue, carrying everything
  // this core knew, including the epoch it ends (the pipes are drained).
  CrossCoreDomain::Stamp stamp;
  stamp.cycle = scalar_ + timing::kGmWriteLatency;
  stamp.clock = releaseClock(nullptr, gmEpoch_ + 1);
  role_.xc->gmRelease({reinterpret_cast<uint64_t>(word)}, stamp,
                      [&] { *word = value; });
  nextEpoch();
}

void Core::acquired(uint64_t cycle, const std::vector<uint32_t> &clock) {
  // The flag's read lands after the set that satisfied the wait; the core
  // then knows everything the setters knew.
  scalar_ = std::max(scalar_ + timing::kGmReadLatency,
                     cycle + timing::kGmReadLatency);
  acquireClock(clock);
}

int32_t *Core::gmSyncEnter(const char *api, bool aivOnly, const Operand &gm,
                           uint64_t gmBytes, const std::string &gmWhy,
                           const Operand &ub, uint64_t ubBytes, Loc loc) {
  if (!aivOnly)
    fail("argument",
         std::string(api) +
             ": isAIVOnly must be true: the GM-flag form synchronises the "
             "vector cores (AIVs), which stage the flags through the Unified "
             "Buffer; use the hardware SyncAll<false>() to include the cube "
             "cores",
         loc);
  if (role_.aic)
    fail("argument",
         std::string(api) +
             " runs on the vector cores (it stages its flags through the "
             "Unified Buffer, which a cube core (AIC) does not have); call it "
             "on the AIVs (ASCEND_IS_AIV)",
         loc);
  if (!role_.xc)
    fail("internal",
         std::string(api) +
             ": the launch has no inter-block domain (the kernel library does "
             "not mark its use of inter-block sync; was it built against the "
             "simulator's headers?)",
         loc);
  if (ub.bytes < ubBytes)
    fail("argument",
         std::string(api) + ": 'ub_workspace' holds " + bytesText(ub.bytes) +
             "; it needs at least " + bytesText(ubBytes),
         loc);
  if (gm.bytes != 0 && gm.bytes < gmBytes)
    fail("argument",
         std::string(api) + ": 'gm_workspace' holds " + bytesText(gm.bytes) +
             "; it needs at least " + bytesText(gmBytes) + " (" + gmWhy + ")",
         loc);
  // The UB staging buffer: a vector-core position, in bounds.
  mem_.resolve(ub, 0, ubBytes, Access{api, "ub_workspace", true, DType::I32},
               loc);
  uint8_t *p = mem_.resolve(
      gm, 0, gmBytes,
      Access{api, "gm_workspace", true, DType::I32, /*blockAligned=*/false},
      loc);
  drainAll(loc, api);
  // A release (and the flag stores): the lazy copies land first
  // (pipes/Engine.h setUb).
  engine_.materialiseLazy();
  ensureHbClock();
  if (race_)
    race_->pruneGmEpochs();
  return reinterpret_cast<int32_t *>(p);
}

void Core::ibSync(bool wait, bool aivOnly, const Operand &gm, const Operand &ub,
                  int64_t blockIdx, int64_t eventId, Loc loc) {
  beginCall(loc);
  const char *api = wait ? "ib_wait" : "ib_set";
  // The flag area: per event, one 32-byte slot per core of the launch
  // (get_block_num(), twice that in a MIX kernel).
  const int64_t cores = blockNum_ * (role_.mixed ? 2 : 1);
  if (blockIdx < 0 || blockIdx >= cores)
    fail("argument",
         std::string(api) + ": 'block_idx' must be in [0, " +
             std::to_string(cores - 1) + "] (the launch's " +
             std::to_string(cores) + " cores), but got " +
             std::to_string(blockIdx),
         loc);
  if (eventId < 0)
    fail("argument",
         std::string(api) + ": 'event_id' must not be negative, but got " +
             std::to_string(eventId),
         loc);
  const uint64_t slot = static_cast<uint64_t>(eventId * cores + blockIdx);
  const std::string why =
      "the slot of event_id " + std::to_string(eventId) + " and block_idx " +
      std::to_string(blockIdx) + " is 32-byte slot " + std::to_string(slot) +
      " = event_id * " + std::to_string(cores) + " + block_idx";
  int32_t *area = gmSyncEnter(api, aivOnly, gm, (slot + 1) * kSlotBytes, why,
                              ub, kSlotBytes, loc);
  int32_t *flag = area + slot * (kSlotBytes / 4);
  const uint64_t word = reinterpret_cast<uint64_t>(flag);
  CrossCoreDomain &xc = *role_.xc;
  const uint32_t me = role_.coreId;
  if (!wait) {
    release(flag, 1);
    scalar_ += timing::kScalarStore;
    scalarBusy_ += timing::kScalarStore;
    return;
  }
  const std::string what = "ib_wait(block_idx=" + std::to_string(blockIdx) +
                           ", event_id=" + std::to_string(eventId) + ")";
  std::function<bool()> ready = [flag] { return *flag != 0; };
  CrossCoreDomain::Stamp got =
      xc.gmAcquire(me, {word}, ready, [flag] { *flag = 0; }, what, loc);
  acquired(got.cycle, got.clock);
}

void Core::syncAllSoft(bool aivOnly, const Operand &gm, const Operand &ub,
                       int64_t usedCores, Loc loc) {
  beginCall(loc);
  const char *api = "sync_all";
  const int64_t cores = blockNum_ * role_.taskRatio;
  if (usedCores < 0 || usedCores > cores)
    fail("argument",
         std::string(api) + ": 'used_cores' must be in [0, " +
             std::to_string(cores) +
             "] (0: every block; at most get_block_num() * "
             "get_task_ration()), but got " +
             std::to_string(usedCores),
         loc);
  const int64_t used = usedCores == 0 ? cores : usedCores;
  if (blockIdx_ >= used)
    fail("argument",
         std::string(api) + ": block " + std::to_string(blockIdx_) +
             " calls the software sync_all with used_cores=" +
             std::to_string(usedCores) + ": only blocks 0-" +
             std::to_string(used - 1) + " take part",
         loc);
  if (aivCores_ != 0 && static_cast<uint64_t>(used) > aivCores_)
    fail("deadlock",
         std::string(api) + " over " + std::to_string(used) +
             " blocks: the part has " + std::to_string(aivCores_) +
             " vector cores, so the blocks beyond them start only after "
             "earlier ones finish, and the barrier never completes on the "
             "NPU (hardware.md §1.3); launch at most " +
             std::to_string(aivCores_) + " blocks",
         loc);
  const uint64_t need = static_cast<uint64_t>(cores) * kSlotBytes;
  int32_t *area = gmSyncEnter(
      api, aivOnly, gm, need,
      "one 32-byte slot per block: get_block_num() * 32 bytes", ub, need, loc);
  const int32_t round = static_cast<int32_t>(++syncAllRounds_);
  CrossCoreDomain &xc = *role_.xc;
  const uint32_t me = role_.coreId;
  std::vector<uint64_t> words;
  for (int64_t b = 0; b < used; ++b)
    words.push_back(reinterpret_cast<uint64_t>(area + b * (kSlotBytes / 4)));
  int32_t *mine = area + blockIdx_ * (kSlotBytes / 4);
  release(mine, round);
  std::function<bool()> ready = [area, used, round] {
    for (int64_t b = 0; b < used; ++b)
      if (area[b * (kSlotBytes / 4)] < round)
        return false;
    return true;
  };
  CrossCoreDomain::Stamp got = xc.gmAcquire(
      me, words, ready, [] {}, "sync_all (the software form)", loc);
  acquired(got.cycle, got.clock);
}

void Core::blockOrder(bool notify, const Operand &gm, const Operand &ub,
                      Loc loc) {
  beginCall(loc);
  const char *api = notify ? "notify_next_block" : "wait_pre_block";
  const int64_t cores = blockNum_ * role_.taskRatio;
  const uint64_t need = static_cast<uint64_t>(cores) * kSlotBytes;
  int32_t *area =
      gmSyncEnter(api, true, gm, need,
                  "one 32-byte slot per block: get_block_num() * 32 bytes", ub,
                  kSlotBytes, loc);
  CrossCoreDomain &xc = *role_.xc;
  const uint32_t me = role_.coreId;
  if (notify) {
    int32_t *mine = area + blockIdx_ * (kSlotBytes / 4);
    release(mine, 1);
    scalar_ += timing::kScalarStore;
    scalarBusy_ += timing::kScalarStore;
    return;
  }
  if (blockIdx_ == 0) { // the first block waits for nobody
    scalar_ += timing::kGmReadLatency;
    return;
  }
  int32_t *prev = area + (blockIdx_ - 1) * (kSlotBytes / 4);
  std::function<bool()> ready = [prev] { return *prev != 0; };
  CrossCoreDomain::Stamp got = xc.gmAcquire(
      me, {reinterpret_cast<uint64_t>(prev)}, ready, [] {},
      "wait_pre_block (for block " + std::to_string(blockIdx_ - 1) + ")", loc);
  acquired(got.cycle, got.clock);
}

namespace abi {
void ibSync(bool wait, bool aivOnly, const Operand &gm, const Operand &ub,
            int64_t blockIdx, int64_t eventId, Loc loc) {
  currentCore().ibSync(wait, aivOnly, gm, ub, blockIdx, eventId, loc);
}
void syncAllSoft(bool aivOnly, const Operand &gm, const Operand &ub,
                 int64_t usedCores, Loc loc) {
  currentCore().syncAllSoft(aivOnly, gm, ub, usedCores, loc);
}
void blockOrder(bool notify, const Operand &gm, const Operand &ub, Loc loc) {
  currentCore().blockOrder(notify, gm, ub, loc);
}
} // namespace abi

} // namespace ascsim
