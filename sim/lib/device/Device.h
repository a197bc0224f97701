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

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ascsim {

struct CoreRole; // device/Core.h

using EntryFn = void (*)(const uint64_t *);

/// What the blocks of one launch share: the stop request (an interrupt, or
/// the watchdog of one block stopping the higher ones) and the block order of
/// float atomic stores.
///
/// Float atomic stores must land in an order that does not depend on the
/// host threads (float addition does not associate): a block's first float
/// atomic store waits until every lower-numbered block has finished, so the
/// stores land in block order. No deadlock: blocks are handed to threads in
/// increasing order, so the lowest unfinished block is always running and
/// never waits.
class LaunchControl {
public:
  explicit LaunchControl(uint32_t numBlocks) : numBlocks_(numBlocks) {
    if (numBlocks > 64)
      moreDone_.assign((numBlocks + 63) / 64, 0);
  }

  /// Block `b`'s watchdog tripped: stop every higher-numbered block at its
  /// next step. Lower-numbered blocks go on (to their end or their own
  /// budget), so the lowest block that exceeds the budget always reports it,
  /// whatever the host threads.
  void stopAbove(uint32_t b) {
    {
      std::lock_guard<std::mutex> lk(m_);
      if (b < stopAbove_.load(std::memory_order_relaxed))
        stopAbove_.store(b, std::memory_order_relaxed);
    }
    cv_.notify_all();
  }
  /// Block `b` must stop: an interrupt, or a lower block's watchdog.
  bool stopped(uint32_t b) const {
    return b > stopAbove_.load(std::memory_order_relaxed) ||
           interruptRequested();
  }
  /// Block `b` ran to its end (or stopped).
  void blockDone(uint32_t b);
  /// Waits until blocks [0, b) have finished; false if the launch is
  /// stopped first.
  bool awaitLowerBlocks(uint32_t b);

private:
  std::atomic<uint32_t> stopAbove_{~0u};
  std::mutex m_;
  std::condition_variable cv_;
  /// Which blocks have finished, a bit each: in one word up to 64 blocks
  /// (no allocation per launch), else in moreDone_.
  bool done(uint32_t b) const {
    const uint64_t w = numBlocks_ > 64 ? moreDone_[b / 64] : done_;
    return (w >> (b % 64)) & 1;
  }
  uint32_t numBlocks_;
  uint64_t done_ = 0;
  std::vector<uint64_t> moreDone_;
  uint32_t lowest_ = 0; // every block below has finished
};

struct BlockOutcome {
  std::vector<Diagnostic> diagnostics;
  CoreTiming timing;
  /// For the cross-core race check (race checks on only).
  std::vector<GmAccess> gmAccesses;
  /// The core's inter-block epoch clocks (Core::takeEpochClocks).
  std::vector<std::vector<uint32_t>> epochClocks;
  /// The timeline (LaunchConfig::trace only).
  std::unique_ptr<TraceSink> trace;
  /// printf / DumpTensor text ("[block N] " on every line).
  std::string output;
  /// The block did not run, or stopped early, because the launch was
  /// stopped (its "interrupted" diagnostic is in `diagnostics`).
  bool stopped = false;
};

/// Runs block `blockIdx` of `blockNum`: calls `entry(args)` with a new core
/// bound to this thread, then drains its pipes. Never throws; a memory fault
/// (SIGSEGV, SIGBUS, SIGFPE, SIGILL) in the kernel's code stops the block
/// with a "fault" diagnostic (support/SignalGuard.h).
BlockOutcome runBlock(EntryFn entry, const uint64_t *args, int64_t blockIdx,
                      int64_t blockNum, const LaunchConfig &config,
                      const GmMap &gm, LaunchControl &control);
/// The same for one core of a kernel type (device/Core.h CoreRole; the
/// control indexes the core runs by `role.task`); a core of a cross-core
/// domain reports its end to it.
BlockOutcome runCore(EntryFn entry, const uint64_t *args, int64_t blockIdx,
                     int64_t blockNum, const CoreRole &role,
                     const LaunchConfig &config, const GmMap &gm,
                     LaunchControl &control);

/// Calls fn(i) for i in [0, n) on `threads` host threads (the caller's thread
/// included); each index runs exactly once. `fn` must not throw.
void parallelFor(uint32_t n, uint32_t threads,
                 const std::function<void(uint32_t)> &fn);

} // namespace ascsim

#endif // ASCSIM_DEVICE_DEVICE_H
