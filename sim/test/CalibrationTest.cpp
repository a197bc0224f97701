//===- CalibrationTest.cpp - Timing model vs published figures --*- C++ -*-===//
//
// Runs Huawei's 8192 x 8192 float16 Add (kernels/add_calib.cpp) in the
// configurations of hardware.md §7.2 on the Ascend910B1 platform and
// compares the estimate with the published Task Duration. docs/timing.md
// records which figures the model is fitted to and the residuals; this test
// keeps them from drifting.
//
//===----------------------------------------------------------------------===//

#include "ascsim/float16.h"
#include "ascsim/runtime.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

using namespace ascsim;

namespace {

constexpr uint64_t kElements = 8192ull * 8192ull;

struct Case {
  const char *name;
  uint32_t blocks;
  uint32_t tileBytes;
  uint32_t buffers;
  double publishedUs;
  double tolerance; // relative
};

LaunchResult runCase(const Case &c) {
  std::string error;
  auto k = Kernel::load(ASCSIM_KERNEL_ADD_CALIB, error);
  EXPECT_TRUE(k) << error;
  if (!k)
    return {};
  uint32_t tile = c.tileBytes / 2;
  uint32_t totalTiles = static_cast<uint32_t>(kElements / tile);
  uint32_t perBlock = (totalTiles + c.blocks - 1) / c.blocks;
  // Every block streams the same arrays (block_stride 0): same bytes, small
  // host memory. One host thread, since the blocks share the output.
  std::vector<half> x(static_cast<size_t>(perBlock) * tile, half(1.0f)),
      y(x.size(), half(2.0f)), z(x.size());
  LaunchConfig cfg = *platformConfig("Ascend910B1");
  cfg.host_threads = 1;
  cfg.race_check = RaceCheck::Off;
  auto a = [](std::vector<half> &v) {
    return reinterpret_cast<uint64_t>(v.data());
  };
  LaunchResult r = k->launch(
      c.blocks, {a(x), a(y), a(z), totalTiles, tile, c.buffers, 0}, {}, cfg);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(static_cast<float>(z[0]), 3.0f);
  EXPECT_EQ(static_cast<float>(z.back()), 3.0f);
  return r;
}

TEST(CalibrationTest, HuaweiAddFloat16On910B1) {
  const Case cases[] = {
      {"1: 1 core, 8 KiB tiles", 1, 8192, 1, 6909.6, 0.10},
      {"2: 48 cores, 8 KiB tiles", 48, 8192, 1, 306.58, 0.05},
      {"3: 48 cores, 32 KiB tiles", 48, 32768, 1, 268.5, 0.05},
      {"4: + double buffer", 48, 32768, 2, 264.02, 0.05},
  };
  std::printf("%-28s %12s %12s %9s  bound\n", "case", "model us", "published",
              "residual");
  for (const Case &c : cases) {
    LaunchResult r = runCase(c);
    double res = (r.duration_us - c.publishedUs) / c.publishedUs;
    std::printf("%-28s %12.2f %12.2f %+8.1f%%  %s%s\n", c.name, r.duration_us,
                c.publishedUs, 100.0 * res, r.bound_pipe.c_str(),
                r.hbm_bound ? " (HBM)" : "");
    EXPECT_LT(std::fabs(res), c.tolerance) << c.name;
  }
}

} // namespace
