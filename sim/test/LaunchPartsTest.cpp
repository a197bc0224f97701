//===- LaunchPartsTest.cpp - A launch's shared parts ------------*- C++ -*-===//
//
// What the blocks of a launch share, built once per launch: the GM regions in
// address order (GmMap) and the finished-block record behind the block order
// of float atomic stores (LaunchControl); and the host threads that run the
// blocks (parallelFor's pool).
//
//===----------------------------------------------------------------------===//

#include "device/Device.h"
#include "memory/Memory.h"

#include <gtest/gtest.h>

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <numeric>
#include <random>
#include <string>
#include <thread>
#include <vector>

using namespace ascsim;

namespace {

std::vector<std::string> names(const GmMap &gm) {
  std::vector<std::string> out;
  for (const GmRegion &r : gm.regions())
    out.push_back(r.name);
  return out;
}

} // namespace

// GmMap keeps the regions in address order; input already in increasing
// order is kept as given (not sorted again), any other is sorted.
TEST(GmMapTest, RegionsInAddressOrder) {
  using V = std::vector<std::string>;
  const GmMap sorted(
      {{0x1000, 0x100, "x"}, {0x2000, 0x100, "y"}, {0x3000, 0x100, "z"}});
  EXPECT_EQ(names(sorted), (V{"x", "y", "z"}));
  const GmMap reversed(
      {{0x3000, 0x100, "z"}, {0x2000, 0x100, "y"}, {0x1000, 0x100, "x"}});
  EXPECT_EQ(names(reversed), (V{"x", "y", "z"}));
  const GmMap oneOut(
      {{0x1000, 0x100, "x"}, {0x3000, 0x100, "z"}, {0x2000, 0x100, "y"}});
  EXPECT_EQ(names(oneOut), (V{"x", "y", "z"}));
  // Equal addresses (an array passed twice): in address order, both kept.
  const GmMap twice(
      {{0x2000, 0x100, "b"}, {0x1000, 0x100, "a"}, {0x1000, 0x100, "a2"}});
  ASSERT_EQ(twice.regions().size(), 3u);
  EXPECT_EQ(twice.regions()[0].address, 0x1000u);
  EXPECT_EQ(twice.regions()[1].address, 0x1000u);
  EXPECT_EQ(twice.regions()[2].name, "b");
  // Lookups and the union over the sorted regions.
  ASSERT_NE(reversed.find(0x2080), nullptr);
  EXPECT_EQ(reversed.find(0x2080)->name, "y");
  EXPECT_EQ(reversed.find(0x2100), nullptr);
  EXPECT_EQ(reversed.unionBytes(), 0x300u);
  EXPECT_EQ(twice.unionBytes(), 0x200u);
}

// LaunchControl: awaitLowerBlocks(b) holds once blocks [0, b) have finished,
// whatever order they finish in, for launches of one word of blocks and of
// more (the record spans words past 64 blocks).
TEST(LaunchControlTest, LowerBlocksFinishedInAnyOrder) {
  std::mt19937 rng(7);
  for (uint32_t n : {1u, 2u, 63u, 64u, 65u, 130u, 200u}) {
    SCOPED_TRACE("blocks " + std::to_string(n));
    for (uint32_t hold = 0; hold < n; hold += std::max(1u, n / 5)) {
      SCOPED_TRACE("held back " + std::to_string(hold));
      LaunchControl c(n);
      // Every block but `hold` finishes, in random order.
      std::vector<uint32_t> order(n);
      std::iota(order.begin(), order.end(), 0u);
      std::shuffle(order.begin(), order.end(), rng);
      for (uint32_t b : order)
        if (b != hold)
          c.blockDone(b);
      // Stopped, a wait that would block returns false at once: so each
      // call below tells whether the lower blocks have all finished.
      c.stopAbove(0);
      EXPECT_TRUE(c.awaitLowerBlocks(hold));
      EXPECT_FALSE(c.awaitLowerBlocks(hold + 1)); // waits for `hold`
      EXPECT_FALSE(c.awaitLowerBlocks(n));
      c.blockDone(hold);
      EXPECT_TRUE(c.awaitLowerBlocks(n));
    }
  }
}

// After an idle gap the pool's worker is woken on another CPU than the
// caller's: Linux tended to wake it on the caller's CPU, where it waited a
// time slice (~4 ms) behind the caller while the other CPU idled. Each round
// sleeps 20 ms, then runs two indices on two threads; the caller's index
// waits until the worker has taken the other and noted its CPU.
TEST(ThreadPoolTest, AWorkerAfterAnIdleGapRunsOffTheCallersCpu) {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  ASSERT_EQ(sched_getaffinity(0, sizeof allowed, &allowed), 0);
  const bool twoCpus = CPU_COUNT(&allowed) >= 2;
  int together = 0;
  const int rounds = 10;
  for (int r = 0; r < rounds; ++r) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const std::thread::id caller = std::this_thread::get_id();
    std::atomic<int> callerCpu{-1}, workerCpu{-1};
    std::atomic<bool> workerMaskBack{false};
    std::atomic<bool> ran[2] = {false, false};
    parallelFor(2, 2, [&](uint32_t i) {
      ran[i] = true;
      if (std::this_thread::get_id() == caller) {
        callerCpu = sched_getcpu();
        auto start = std::chrono::steady_clock::now();
        while (workerCpu.load() < 0 &&
               std::chrono::steady_clock::now() - start <
                   std::chrono::milliseconds(50)) {
        }
      } else {
        cpu_set_t mine;
        CPU_ZERO(&mine);
        workerMaskBack = sched_getaffinity(0, sizeof mine, &mine) == 0 &&
                         CPU_EQUAL(&mine, &allowed);
        workerCpu = sched_getcpu();
      }
    });
    ASSERT_TRUE(ran[0] && ran[1]) << "round " << r;
    // The worker runs its index with its former mask back.
    if (workerCpu.load() >= 0)
      EXPECT_TRUE(workerMaskBack.load()) << "round " << r;
    together += workerCpu.load() >= 0 && workerCpu.load() == callerCpu.load();
  }
  // With one CPU allowed, both threads share it (nothing to steer).
  if (twoCpus)
    EXPECT_LE(together, 2) << "of " << rounds << " rounds";
  else
    EXPECT_EQ(together, rounds);
}
