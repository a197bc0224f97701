//===- flags/Flags.cpp - Intra-core hardware event flags --------*- C++ -*-===//

#include "flags/Flags.h"

#include "support/Fault.h"

namespace ascsim {

std::string flagCall(const char *api, uint8_t event, uint8_t id) {
  const EventInfo *info = eventInfo(event);
  return std::string(api) + "(" + (info ? info->name : "?") + ", " +
         std::to_string(id) + ")";
}

const EventInfo &FlagTable::validate(const char *api, uint8_t event, int32_t id,
                                     Loc loc, bool aic) {
  const EventInfo *info = eventInfo(event);
  if (!info)
    fail("argument",
         std::string(api) + ": " + std::to_string(event) +
             " is not a HardEvent value",
         loc);
  if (aic && !hw::kEvents[event].aic)
    fail("argument",
         std::string(api) + ": event " + info->name +
             " is not valid on a cube core (AIC), which has no vector pipe",
         loc);
  if (!aic && !info->onAiv)
    fail("argument",
         std::string(api) + ": event " + info->name +
             " is not valid on a vector core (AIV); valid events are " +
             aivEventList(),
         loc);
  if (id < 0 || id >= kNumEventIds)
    fail("argument",
         std::string(api) + "(" + info->name + ", " + std::to_string(id) +
             "): event id must be in 0..7 (ids 6 and 7 are reserved by the "
             "framework)",
         loc);
  return *info;
}

void FlagTable::doubleIssue(uint8_t event, uint8_t id, Loc loc) const {
  fail("sync",
       flagCall("set_flag", event, id) +
           " is called again before a matching wait_flag; a flag is a "
           "single bit, so the first set is lost and a later wait or "
           "barrier hangs on the NPU",
       loc,
       {makeNote("the flag was set here and not waited since",
                 balance_[slot(event, id)].lastSet)});
}

void FlagTable::doubleSet(uint8_t event, uint8_t id, uint64_t cycle,
                          Loc loc) const {
  const Flag &f = flags_[slot(event, id)];
  fail(
      "sync",
      flagCall("set_flag", event, id) + " sets the flag at cycle " +
          std::to_string(cycle) +
          " while it is still set from an earlier set_flag that no "
          "wait_flag has consumed yet; the event is lost. Add a reverse "
          "synchronisation or use another event id",
      loc,
      {makeNote("the earlier set_flag, set at cycle " + std::to_string(f.cycle),
                f.loc)});
}

void FlagTable::lostSet(uint8_t event, uint8_t id, uint64_t cycle, Loc loc,
                        Loc wait) const {
  const size_t i = slot(event, id);
  const char *api = touched_[i] && balance_[i].lastSet.line == loc.line &&
                            balance_[i].lastSet.file == loc.file
                        ? balance_[i].lastApi
                        : nullptr;
  if (!api || !wait.file)
    doubleSet(event, id, cycle, loc);
  // A queue operation's set: the user wrote no flag, so say what the queue
  // did and what to change (docs/sync.md "Same-cycle set and wait").
  const EventInfo *info = eventInfo(event);
  const Flag &f = flags_[i];
  const std::string pipe = std::string("PIPE_") + pipeName(info->dst);
  const std::string fix =
      std::string(api) == "enque"
          ? "Enqueue the tensors before dequeuing any of them (each then "
            "holds its own id until its deque)"
          : "Free the tensors before allocating any of them again (each "
            "then holds its own id until its alloc_tensor)";
  fail("sync",
       std::string(api) + " sets flag " + info->name + " id " +
           std::to_string(id) + " at cycle " + std::to_string(cycle) +
           " while the earlier set of that id (cycle " +
           std::to_string(f.cycle) +
           ") is still unconsumed: the wait_flag issued at " + formatLoc(wait) +
           " to consume it has not run yet, because " + pipe +
           " is still busy with earlier instructions. Queues take the lowest "
           "free event id, so this " +
           api +
           " reuses the id that wait releases in program order; on the NPU a "
           "flag is one bit, so this set is lost and a later wait hangs. " +
           fix,
       loc,
       {makeNote("the earlier set, at cycle " + std::to_string(f.cycle), f.loc),
        makeNote("the wait_flag that has not consumed it yet", wait)});
}

std::vector<Diagnostic> FlagTable::leaked() const {
  std::vector<Diagnostic> out;
  if (setCount_ == 0)
    return out;
  for (int e = 0; e < kNumEvents; ++e) {
    for (int id = 0; id < kNumEventIds; ++id) {
      const size_t i = slot(e, id);
      if (!set_[i])
        continue;
      const Flag &f = flags_[i];
      out.push_back(makeDiagnostic(
          "sync",
          std::string("flag ") + eventInfo(e)->name + " id " +
              std::to_string(id) + " set at " + formatLoc(f.loc) +
              " is never waited; it would leak into the next kernel on this "
              "core. Add the matching wait_flag",
          f.loc));
    }
  }
  return out;
}

} // namespace ascsim
