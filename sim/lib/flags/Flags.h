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
  void issueSet(uint8_t event, uint8_t id, Loc loc);
  /// Program order: WaitFlag issued.
  void issueWait(uint8_t event, uint8_t id);

  /// Timeline: the flag becomes set at `cycle`. Throws a "sync" Fault if it
  /// is still set from an earlier SetFlag.
  void set(uint8_t event, uint8_t id, uint64_t cycle, Loc loc);
  bool isSet(uint8_t event, uint8_t id) const { return at(event, id).set; }
  uint64_t setCycle(uint8_t event, uint8_t id) const {
    return at(event, id).cycle;
  }
  Loc setLoc(uint8_t event, uint8_t id) const { return at(event, id).loc; }
  void clear(uint8_t event, uint8_t id) {
    Flag &f = at(event, id);
    setCount_ -= f.set;
    f.set = false;
  }

  /// One "sync" error per flag still set (in event, id order).
  std::vector<Diagnostic> leaked() const;

private:
  struct Flag {
    bool set = false;
    uint64_t cycle = 0;
    Loc loc{nullptr, 0};
  };
  struct Balance {
    int pending = 0; // sets minus waits in program order
    Loc lastSet{nullptr, 0};
  };
  Flag &at(uint8_t e, uint8_t id) { return flags_[e * kNumEventIds + id]; }
  const Flag &at(uint8_t e, uint8_t id) const {
    return flags_[e * kNumEventIds + id];
  }

  Flag flags_[kNumEvents * kNumEventIds];
  Balance balance_[kNumEvents * kNumEventIds];
  int setCount_ = 0; // flags set: leaked() skips the table when none is
};

/// "set_flag(MTE2_V, 1)" style spelling used in messages.
std::string flagCall(const char *api, uint8_t event, uint8_t id);

} // namespace ascsim

#endif // ASCSIM_FLAGS_FLAGS_H
