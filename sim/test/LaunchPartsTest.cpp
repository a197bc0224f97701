//===- LaunchPartsTest.cpp - A launch's shared parts ------------*- C++ -*-===//
//
// What the blocks of a launch share, built once per launch: the GM regions in
// address order (GmMap) and the finished-block record behind the block order
// of float atomic stores (LaunchControl).
//
//===----------------------------------------------------------------------===//

#include "device/Device.h"
#include "memory/Memory.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <string>
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
  const GmMap sorted({{0x1000, 0x100, "x"},
                      {0x2000, 0x100, "y"},
                      {0x3000, 0x100, "z"}});
  EXPECT_EQ(names(sorted), (V{"x", "y", "z"}));
  const GmMap reversed({{0x3000, 0x100, "z"},
                        {0x2000, 0x100, "y"},
                        {0x1000, 0x100, "x"}});
  EXPECT_EQ(names(reversed), (V{"x", "y", "z"}));
  const GmMap oneOut({{0x1000, 0x100, "x"},
                      {0x3000, 0x100, "z"},
                      {0x2000, 0x100, "y"}});
  EXPECT_EQ(names(oneOut), (V{"x", "y", "z"}));
  // Equal addresses (an array passed twice): in address order, both kept.
  const GmMap twice({{0x2000, 0x100, "b"},
                     {0x1000, 0x100, "a"},
                     {0x1000, 0x100, "a2"}});
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
