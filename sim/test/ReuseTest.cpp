//===- ReuseTest.cpp - State reused across blocks and launches --*- C++ -*-===//
//
// The host threads and their Unified Buffers outlive a launch (device/
// Device.cpp, memory/Memory.cpp): a block must still see a Unified Buffer of
// 0xFF bytes, results must not depend on what ran before, and launches from
// several host threads at once must work.
//
//===----------------------------------------------------------------------===//

#include "ascsim/runtime.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

using namespace ascsim;

namespace {

uint64_t addr(std::vector<float> &v) {
  return reinterpret_cast<uint64_t>(v.data());
}

struct Seed {
  std::unique_ptr<Kernel> k;
  Seed() {
    std::string error;
    k = Kernel::load(ASCSIM_KERNEL_SEED_ADD, error);
    EXPECT_TRUE(k) << error;
  }
  /// z = x + y on `blocks` blocks of n elements; true if z is right and
  /// nothing was reported.
  bool add(uint32_t blocks, uint64_t n, const LaunchConfig &c) {
    std::vector<float> x(n * blocks), y(n * blocks), z(n * blocks, -1.f);
    for (size_t i = 0; i < x.size(); ++i) {
      x[i] = static_cast<float>(i);
      y[i] = 0.5f;
    }
    LaunchResult r = k->launch(blocks, {addr(x), addr(y), addr(z), n},
                               {{addr(x), x.size() * 4, "x"},
                                {addr(y), y.size() * 4, "y"},
                                {addr(z), z.size() * 4, "z"}},
                               c);
    if (!r.ok || !r.diagnostics.empty())
      return false;
    for (size_t i = 0; i < z.size(); ++i)
      if (z[i] != x[i] + 0.5f)
        return false;
    return true;
  }
};

LaunchResult dumpUninit(const LaunchConfig &c) {
  std::string error;
  std::unique_ptr<Kernel> k = Kernel::load(ASCSIM_KERNEL_DEBUG_PRINT, error);
  EXPECT_TRUE(k) << error;
  std::vector<float> x(64, 1.f), z(64, 0.f);
  return k->launch(1, {addr(x), addr(z), 9},
                   {{addr(x), 256, "x"}, {addr(z), 256, "z"}}, c);
}

TEST(ReuseTest, ABlockSeesAnUninitialisedUbAfterAnotherKernel) {
  LaunchConfig c;
  c.host_threads = 1;
  Seed seed;
  ASSERT_TRUE(seed.add(1, 8192, c)); // writes UB[0, 98304)
  LaunchResult r = dumpUninit(c);    // dumps UB[256, 288), never written
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].category, "uninit");
  ASSERT_EQ(r.output.size(), 1u);
  EXPECT_NE(r.output[0].second.find("nan, nan, nan, nan, nan, nan, nan, nan"),
            std::string::npos)
      << r.output[0].second;
}

TEST(ReuseTest, TheUbSizeMayChangeBetweenLaunches) {
  Seed seed;
  LaunchConfig small;
  small.host_threads = 1;
  small.ub_bytes = 65536;
  LaunchConfig big;
  big.host_threads = 1;
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(seed.add(2, 4096, small));
    ASSERT_TRUE(seed.add(2, 8192, big));
  }
}

TEST(ReuseTest, RepeatedLaunchesOnTheThreadPoolAgree) {
  Seed seed;
  for (uint32_t threads : {1u, 2u, 3u, 8u}) {
    LaunchConfig c;
    c.host_threads = threads;
    for (int i = 0; i < 20; ++i)
      ASSERT_TRUE(seed.add(7, 512, c)) << threads;
  }
}

TEST(ReuseTest, LaunchesFromSeveralHostThreadsAtOnce) {
  Seed seed;
  LaunchConfig c;
  c.host_threads = 2;
  std::vector<int> ok(4, 0);
  std::vector<std::thread> callers;
  for (int t = 0; t < 4; ++t)
    callers.emplace_back([&, t] {
      int good = 0;
      for (int i = 0; i < 25; ++i)
        good += seed.add(5, 256, c) ? 1 : 0;
      ok[t] = good;
    });
  for (std::thread &t : callers)
    t.join();
  for (int t = 0; t < 4; ++t)
    EXPECT_EQ(ok[t], 25) << t;
}

} // namespace
