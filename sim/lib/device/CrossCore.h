//===- device/CrossCore.h - Cross-core flags of a launch --------*- C++ -*-===//
//
// The hardware cross-core flags of a MIX launch (hardware.md §3.6): every
// core has 16 counters (flag ids 0-15, at most 15 pending); a
// CrossCoreSetFlag fires when its pipe's earlier instructions complete and
// raises counters by its mode's rule:
//   mode 0  all AICs (or all AIVs) of the launch: once every one has set the
//           id, each one's counter + 1;
//   mode 1  the AIVs of one AI Core: once all have set, each one's + 1;
//   mode 2  an AIC and its AIVs: the AIC's set raises each AIV's counter,
//           all AIVs' sets raise the AIC's.
// The domain also carries the software inter-block sync of any launch
// (IBSet/IBWait, SyncAll's software form, NotifyNextBlock/WaitPreBlock):
// flags in a GM workspace, written and polled under the domain's lock, a
// wait blocking the core's host thread like a cross-core wait. A launch
// with a domain runs every core on a thread of its own (sim/lib/launch).
// CrossCoreWaitFlag blocks the waiting core (its host thread) until the
// counter is non-zero and takes the cycle of the set that raised it. A
// counter is a FIFO of the raises: each carries the setters' happens-before
// clock (the join of every member's set for modes 0 and 1, and of the AIVs'
// sets for a mode-2 set of the AIVs), and the N-th wait consumed on a flag
// joins the clock of the N-th raise, so the race check orders what the
// setters did before their sets before what the waiter does after. The
// cores of a MIX launch run on their own host threads; when every core that
// has not finished is blocked in a wait, that is a deadlock: each blocked
// core fails naming the others' waits and the cores that finished.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_DEVICE_CROSSCORE_H
#define ASCSIM_DEVICE_CROSSCORE_H

#include "ascsim/abi.h"
#include "ascsim/runtime.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace ascsim {

class CrossCoreDomain {
public:
  static constexpr uint32_t kFlagIds = 16;
  static constexpr uint32_t kMaxPending = 15;

  /// `blocks` AI Cores, each with an AIC (`aic`) and `aivPerBlock` AIVs;
  /// `mixed`: a MIX kernel type (else the domain only carries GM flags and
  /// each block is one core).
  CrossCoreDomain(uint32_t blocks, bool aic, uint32_t aivPerBlock,
                  bool mixed = true);

  uint32_t numCores() const { return static_cast<uint32_t>(cores_.size()); }
  uint32_t aicId(uint32_t block) const { return block; }
  uint32_t aivId(uint32_t block, uint32_t sub) const {
    return (hasAic_ ? blocks_ : 0) + block * aivPerBlock_ + sub;
  }
  bool hasAic() const { return hasAic_; }
  uint32_t aivPerBlock() const { return aivPerBlock_; }
  /// "AIC of block 0", "AIV 1 of block 2".
  std::string coreName(uint32_t core) const;

  /// A set of `core` with `mode` fired at `cycle`, the setter knowing
  /// `clock` (its happens-before clock, one component per core and pipe;
  /// empty when the race check is off); returns an error message (empty
  /// when fine), e.g. a counter beyond 15 pending sets.
  std::string post(uint32_t core, uint8_t mode, uint8_t flag, uint64_t cycle,
                   const std::vector<uint32_t> &clock, Loc loc);
  /// Blocks until `core`'s counter `flag` is non-zero, takes one and returns
  /// the cycle it was raised at; `clock` becomes the clock of that raise.
  /// Throws a "deadlock" Fault when every unfinished core is blocked.
  uint64_t wait(uint32_t core, uint8_t flag, Loc loc,
                std::vector<uint32_t> *clock = nullptr);
  /// The core's kernel returned or stopped: it sets nothing more.
  void finish(uint32_t core);

  // Software inter-block sync through GM flags. A release stamps the flag
  // words it writes with the writer's cycle and happens-before clock (one
  // component per core of the domain and pipe); an acquire joins the stamps of
  // the words it waited for.
  struct Stamp {
    uint64_t cycle = 0;
    std::vector<uint32_t> clock;
  };
  /// Runs `write` (it stores the flag words at `words`, host addresses)
  /// under the lock, stamps them with `stamp`, wakes the waiters.
  void gmRelease(const std::vector<uint64_t> &words, const Stamp &stamp,
                 const std::function<void()> &write);
  /// Blocks `core` until `ready()` (evaluated under the lock) holds, then
  /// runs `consume` under the lock and returns the join of the stamps of
  /// `words`. `what` names the wait in reports ("ib_wait(block_idx=1,
  /// event_id=0)"). Throws a "deadlock" Fault when every unfinished core is
  /// blocked.
  Stamp gmAcquire(uint32_t core, const std::vector<uint64_t> &words,
                  const std::function<bool()> &ready,
                  const std::function<void()> &consume, const std::string &what,
                  Loc loc);

  // The Matmul (KFC) message channel of a MIX launch (sim/MATMUL.md): an
  // AIV sends requests to the AIC of its block, the AIC replies to one AIV.
  // A message is delivered at `cycle` (sender's cycle + the latency).
  /// `clock`: the sender's happens-before clock (a release; empty when the
  /// race check is off), joined by the receiver.
  struct Message {
    uint32_t from = 0; // the sender's sub-block index (AIV) or 0 (AIC)
    uint64_t cycle = 0;
    std::vector<uint8_t> data;
    std::vector<uint32_t> clock;
  };
  /// AIV `core` -> the AIC of its block.
  void sendToAic(uint32_t core, const void *data, uint32_t bytes,
                 uint64_t cycle, const std::vector<uint32_t> &clock = {});
  /// The AIC `core` -> AIV `sub` of its block.
  void sendToAiv(uint32_t core, uint32_t sub, const void *data, uint32_t bytes,
                 uint64_t cycle, const std::vector<uint32_t> &clock = {});
  /// Blocks until a message for `core` arrives; on an AIC, the request
  /// with the smallest cycle once no AIV of the block can still send an
  /// earlier one (each AIV has one queued, has finished, or is blocked), so
  /// the order does not depend on the host threads; returns false
  /// once every AIV of the block has finished and nothing is queued (then
  /// `finished` lists nothing new). Throws a "deadlock" Fault when every
  /// unfinished core is blocked. `what` describes the wait in reports.
  bool receive(uint32_t core, Message &out, const std::string &what, Loc loc);

private:
  /// One raise of a counter (or one member's set of a group): its cycle
  /// and the happens-before clock it carries.
  struct Raise {
    uint64_t cycle = 0;
    std::vector<uint32_t> clock;
  };
  struct CoreState {
    bool aic = false;
    uint32_t block = 0;
    std::deque<Raise> counters[kFlagIds];
    bool blocked = false, done = false;
    /// Blocked in receive() (a message wait) rather than a flag wait.
    bool msgWait = false;
    /// Blocked in gmAcquire (a GM flag wait): its condition.
    const std::function<bool()> *gmReady = nullptr;
    std::string msgWhat;
    std::deque<Message> inbox;
    uint8_t waitFlag = 0;
    Loc waitLoc{nullptr, 0};
  };
  /// Sets of a group, per member, not yet matched by every member.
  struct Group {
    std::vector<std::deque<Raise>> sets;
  };
  void raise(uint32_t core, uint8_t flag, const Raise &r, std::string &err);
  /// Every unfinished core is blocked with an empty counter.
  bool stuck() const;
  /// `c` starts to wait: blocked, and the AICs told (once per wait).
  void markBlocked(CoreState &c);
  /// A blocked core's wait can end now (its counter, inbox or GM flags).
  bool released(const CoreState &c) const;
  /// An AIC may take a queued request: no AIV of its block can still send
  /// one that arrives earlier (receive picks the earliest by cycle).
  bool canPick(const CoreState &c) const;
  /// An AIC's message wait ends once all its AIVs have finished.
  bool msgWaitEnds(const CoreState &c) const;

  uint32_t blocks_;
  bool hasAic_;
  bool mixed_;
  std::map<uint64_t, Stamp> gmStamps_;
  uint32_t aivPerBlock_;
  std::vector<CoreState> cores_;
  /// Keyed by (mode, group, flag): mode 0 group 0 = the AICs, 1 = the AIVs;
  /// modes 1 and 2 (AIV side) by block.
  std::map<std::tuple<uint8_t, uint32_t, uint8_t>, Group> groups_;
  std::mutex m_;
  std::condition_variable cv_;
  bool deadlocked_ = false;
  /// The report of each core blocked when the deadlock was found (a
  /// snapshot: the cores then fail and finish one by one).
  std::map<uint32_t, Diagnostic> reports_;
  /// The deadlock report of `core`: the snapshot's, else `fallback`.
  Diagnostic deadlockReport(uint32_t core, const std::string &fallback,
                            Loc loc) const;
  void snapshotDeadlock();
};

} // namespace ascsim

#endif // ASCSIM_DEVICE_CROSSCORE_H
