//===- device/Device.h - Running blocks on host threads ---------*- C++ -*-===//
//
// Runs one block on a fresh Core bound to the calling thread, and runs many
// blocks on a pool of host threads. Every block's outcome lands in its own
// slot, so results do not depend on the number of threads or on scheduling.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_DEVICE_DEVICE_H
#define ASCSIM_DEVICE_DEVICE_H

#include "memory/Memory.h"
#include "pipes/Engine.h"
#include "race/Race.h"
#include "timing/Timing.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ascsim {

struct CoreRole; // device/Core.h

using EntryFn = void (*)(const uint64_t *);

struct BlockOutcome {
  std::vector<Diagnostic> diagnostics;
  CoreTiming timing;
  /// For the cross-core race check (race checks on only).
  std::vector<GmAccess> gmAccesses;
  /// The timeline (LaunchConfig::trace only).
  std::unique_ptr<TraceSink> trace;
  /// printf / DumpTensor text ("[block N] " on every line).
  std::string output;
};

/// Runs block `blockIdx` of `blockNum`: calls `entry(args)` with a new core
/// bound to this thread, then drains its pipes. Never throws.
BlockOutcome runBlock(EntryFn entry, const uint64_t *args, int64_t blockIdx,
                      int64_t blockNum, const LaunchConfig &config,
                      const GmMap &gm);
/// The same for one core of a kernel type (device/Core.h CoreRole); a core
/// of a cross-core domain reports its end to it.
BlockOutcome runCore(EntryFn entry, const uint64_t *args, int64_t blockIdx,
                     int64_t blockNum, const CoreRole &role,
                     const LaunchConfig &config, const GmMap &gm);

/// Calls fn(i) for i in [0, n) on `threads` host threads (the caller's thread
/// included); each index runs exactly once. `fn` must not throw.
void parallelFor(uint32_t n, uint32_t threads,
                 const std::function<void(uint32_t)> &fn);

} // namespace ascsim

#endif // ASCSIM_DEVICE_DEVICE_H
