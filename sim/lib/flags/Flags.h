//===- flags/Flags.h - Intra-core hardware event flags ----------*- C++ -*-===//
//
// One bit per (HardEvent, id) and core, as the hardware has it (hardware.md
// §3.3): SetFlag sets it from the source pipe, WaitFlag consumes it in the
// destination pipe. Two views are tracked:
//  - the timeline state (set/clear, with the cycle and the line of the set),
//    driven by the pipe engine, which detects a set of an already-set flag;
//  - the program-order balance, driven by the scalar at issue, which detects
//    two SetFlag calls without a WaitFlag in between.
// Flags left set at kernel end are reported as leaked.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_FLAGS_FLAGS_H
#define ASCSIM_FLAGS_FLAGS_H

#include "ascsim/runtime.h"
#include "support/Isa.h"

#include <cstddef>
#include <vector>

namespace ascsim {

class FlagTable {
public:
  /// Throws an "argument" Fault if `event` is not a HardEvent, is not valid
  /// on the core (a vector core, or a cube core when `aic`), or `id` is
  /// outside 0..7. `api` is "set_flag"/"wait_flag".
  static const EventInfo &validate(const char *api, uint8_t event, int32_t id,
                                   Loc loc, bool aic = false);

  /// Program order: SetFlag issued. Throws a "sync" Fault on a double set.
  /// (Inline, the Fault built out of line: a flag is 6 of a tile's 10
  /// instructions.)
  /// `api`: the queue operation that issues it ("enque", "free_tensor"),
  /// or null for the user's set_flag.
  void issueSet(uint8_t event, uint8_t id, Loc loc, const char *api = nullptr) {
    Balance &b = balance(event, id);
    if (__builtin_expect(b.pending >= 1, 0))
      doubleIssue(event, id, loc);
    ++b.pending;
    b.lastSet = loc;
    b.lastApi = api;
  }
  /// Program order: WaitFlag issued.
  void issueWait(uint8_t event, uint8_t id) { --balance(event, id).pending; }

  /// Timeline: the flag becomes set at `cycle`. Throws a "sync" Fault if it
  /// is still set from an earlier SetFlag.
  void set(uint8_t event, uint8_t id, uint64_t cycle, Loc loc) {
    const size_t i = slot(event, id);
    if (__builtin_expect(set_[i], 0))
      doubleSet(event, id, cycle, loc);
    set_[i] = true;
    ++setCount_;
    flags_[i].cycle = cycle;
    flags_[i].loc = loc;
  }
  bool isSet(uint8_t event, uint8_t id) const { return set_[slot(event, id)]; }
  /// The cycle and the line of the set that holds the flag (only while it is
  /// set: a cleared flag's entry is stale).
  uint64_t setCycle(uint8_t event, uint8_t id) const {
    return flags_[slot(event, id)].cycle;
  }
  Loc setLoc(uint8_t event, uint8_t id) const {
    return flags_[slot(event, id)].loc;
  }
  void clear(uint8_t event, uint8_t id) {
    const size_t i = slot(event, id);
    setCount_ -= set_[i];
    set_[i] = false;
  }

  /// One "sync" error per flag still set (in event, id order).
  std::vector<Diagnostic> leaked() const;

  /// The "sync" Fault of a set landing at `cycle` while the flag is still
  /// set. `wait`: the line of the wait_flag queued to consume the earlier
  /// set, still behind other work of its pipe (null: none issued).
  [[noreturn, gnu::cold, gnu::noinline]] void
  lostSet(uint8_t event, uint8_t id, uint64_t cycle, Loc loc, Loc wait) const;

private:
  static constexpr size_t kFlags = kNumEvents * kNumEventIds;
  // A core is built per block and launch: only the two byte maps below are
  // initialised (560 bytes; bit sets cost more per access than they save).
  // An entry of flags_ is written when its flag is set and read only while
  // it is set; an entry of balance_ is written when its touched byte is
  // first set. Zero-filling the 15.7 KiB of entries was a third of a tiny
  // launch's fixed cost.
  struct Flag {
    uint64_t cycle;
    Loc loc;
  };
  struct Balance {
    int pending; // sets minus waits in program order
    Loc lastSet;
    const char *lastApi; // issueSet's api of lastSet
  };
  /// The Faults of issueSet and set.
  [[noreturn, gnu::cold, gnu::noinline]] void
  doubleIssue(uint8_t event, uint8_t id, Loc loc) const;
  [[noreturn, gnu::cold, gnu::noinline]] void
  doubleSet(uint8_t event, uint8_t id, uint64_t cycle, Loc loc) const;
  static size_t slot(uint8_t event, uint8_t id) {
    return event * kNumEventIds + id;
  }
  Balance &balance(uint8_t event, uint8_t id) {
    const size_t i = slot(event, id);
    Balance &b = balance_[i];
    if (!touched_[i]) {
      touched_[i] = true;
      b.pending = 0;
      b.lastSet = Loc{nullptr, 0};
      b.lastApi = nullptr;
    }
    return b;
  }

  bool set_[kFlags] = {};     // the flag is set
  bool touched_[kFlags] = {}; // balance_[i] is initialised
  Flag flags_[kFlags];
  Balance balance_[kFlags];
  int setCount_ = 0; // flags set: leaked() skips the table when none is
};

/// "set_flag(MTE2_V, 1)" style spelling used in messages.
std::string flagCall(const char *api, uint8_t event, uint8_t id);

} // namespace ascsim

#endif // ASCSIM_FLAGS_FLAGS_H
