//===- InitBitmapTest.cpp - UB initialisation bitmap ------------*- C++ -*-===//
//
// CoreMemory::markWritten / unwritten (one bit per UB byte, updated a whole
// word at a time between the partial words at either end) against a byte
// array doing the same bookkeeping one byte at a time.
//
//===----------------------------------------------------------------------===//

#include "memory/Memory.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace ascsim;

namespace {
uint64_t referenceUnwritten(const std::vector<bool> &written, uint64_t addr,
                            uint64_t bytes, uint64_t &first) {
  uint64_t count = 0;
  for (uint64_t i = addr; i < addr + bytes && i < written.size(); ++i)
    if (!written[i]) {
      if (count++ == 0)
        first = i;
    }
  return count;
}
} // namespace

TEST(InitBitmapTest, WholeAndPartialWordsAgreeWithAByteReference) {
  GmMap gm({});
  LaunchConfig config;
  CoreMemory mem(gm, config);
  mem.enableInitTracking();
  const uint64_t size = mem.ubBytes();
  std::vector<bool> written(size, false);
  std::mt19937_64 rng(7);
  // Ranges of every shape: inside one word, across one boundary, many words,
  // ending at the UB's end, empty.
  auto range = [&](uint64_t &addr, uint64_t &bytes) {
    switch (rng() % 4) {
    case 0:
      bytes = rng() % 64;
      break;
    case 1:
      bytes = rng() % 300;
      break;
    case 2:
      bytes = rng() % 40000;
      break;
    default:
      bytes = size;
    }
    addr = rng() % size;
  };
  for (int step = 0; step < 4000; ++step) {
    uint64_t addr = 0, bytes = 0;
    range(addr, bytes);
    if (rng() % 3 == 0) {
      mem.markWritten(addr, bytes);
      for (uint64_t i = addr; i < addr + bytes && i < size; ++i)
        written[i] = true;
    } else {
      uint64_t first = ~0ull, want = ~0ull;
      uint64_t n = mem.unwritten(addr, bytes, first);
      uint64_t m = referenceUnwritten(written, addr, bytes, want);
      ASSERT_EQ(n, m) << "unwritten(" << addr << ", " << bytes << ")";
      if (m)
        ASSERT_EQ(first, want) << "unwritten(" << addr << ", " << bytes << ")";
    }
  }
  uint64_t first = 0;
  mem.markWritten(0, size);
  EXPECT_EQ(mem.unwritten(0, size, first), 0u);
}
