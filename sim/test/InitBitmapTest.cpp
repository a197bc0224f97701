//===- InitBitmapTest.cpp - UB initialisation bitmap ------------*- C++ -*-===//
//
// CoreMemory::markWritten / unwritten / allWritten (one bit per UB byte,
// updated a whole word at a time between the partial words at either end,
// and a summary bit per 512 bytes that are all written; a range inside one
// word inline) against a byte array doing the same bookkeeping one byte at a
// time.
//
//===----------------------------------------------------------------------===//

#include "memory/Memory.h"

#include <gtest/gtest.h>

#include <algorithm>
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
      ASSERT_EQ(mem.allWritten(addr, bytes), m == 0)
          << "allWritten(" << addr << ", " << bytes << ")";
      if (m)
        ASSERT_EQ(first, want) << "unwritten(" << addr << ", " << bytes << ")";
    }
  }
  uint64_t first = 0;
  mem.markWritten(0, size);
  EXPECT_EQ(mem.unwritten(0, size, first), 0u);
}

// UbBuffer::markDirty marks the chunks of a range a bitmap word at a time:
// after writing one byte in every chunk of random ranges (inside one chunk,
// across 64-chunk word boundaries, to the buffer's end) and marking each
// range dirty, release() must leave the buffer clean, i.e. every written
// chunk was marked.
TEST(InitBitmapTest, MarkDirtyCoversEveryChunkOfItsRange) {
  UbBuffer buf;
  const uint64_t size = 512 * 1024, chunk = UbBuffer::kChunk;
  buf.prepare(size);
  std::mt19937_64 rng(11);
  for (int round = 0; round < 200; ++round) {
    for (int r = 0; r < 3; ++r) {
      const uint64_t addr = rng() % size;
      uint64_t len = 0;
      switch (rng() % 4) {
      case 0:
        len = 1 + rng() % 100;
        break;
      case 1:
        len = 1 + rng() % (70 * chunk);
        break;
      case 2:
        len = 1 + rng() % (200 * chunk);
        break;
      default:
        len = size - addr;
      }
      const uint64_t end = std::min(size, addr + len);
      for (uint64_t c = addr; c < end; c = (c / chunk + 1) * chunk)
        buf.data()[c] = 0x5A; // the first byte of each chunk in range
      buf.data()[end - 1] = 0x5A;
      buf.markDirty(addr, end);
    }
    buf.release();
    ASSERT_TRUE(buf.clean()) << "round " << round;
  }
}

// release() re-fills exactly the dirty chunks, a run of consecutive ones at a
// time: with every byte, bitmap bit and summary bit set beforehand, each
// dirty chunk (runs inside one dirty word, across word boundaries, through
// the buffer's last, partial chunk) must come back clean and every other
// chunk untouched.
TEST(InitBitmapTest, ReleaseRefillsExactlyTheDirtyChunks) {
  UbBuffer buf;
  const uint64_t chunk = UbBuffer::kChunk, size = 200 * chunk + 512;
  const uint64_t chunks = (size + chunk - 1) / chunk;
  const uint64_t fullWords =
      (size + UbBuffer::kFullBytes * 64 - 1) / (UbBuffer::kFullBytes * 64);
  buf.prepare(size);
  std::mt19937_64 rng(23);
  for (int round = 0; round < 300; ++round) {
    std::fill(buf.data(), buf.data() + size, 0x5A);
    std::fill(buf.written(), buf.written() + (size + 63) / 64, ~0ull);
    std::fill(buf.full(), buf.full() + fullWords, ~0ull);
    std::vector<bool> dirty(chunks, false);
    for (int r = 0, n = static_cast<int>(rng() % 6); r < n; ++r) {
      const uint64_t c = rng() % chunks;
      const uint64_t len = rng() % 3 == 0 ? 1 + rng() % 140 : 1 + rng() % 4;
      const uint64_t e = std::min(chunks, c + len);
      buf.markDirty(c * chunk, std::min(size, e * chunk));
      for (uint64_t k = c; k < e; ++k)
        dirty[k] = true;
    }
    buf.release();
    for (uint64_t k = 0; k < chunks; ++k) {
      const uint64_t end = std::min(size, (k + 1) * chunk);
      const uint8_t byte = dirty[k] ? kUninitialisedByte : 0x5A;
      for (uint64_t i = k * chunk; i < end; ++i)
        ASSERT_EQ(buf.data()[i], byte) << "round " << round << " byte " << i;
      for (uint64_t w = k * chunk / 64; w < (end + 63) / 64; ++w)
        ASSERT_EQ(buf.written()[w], dirty[k] ? 0u : ~0ull)
            << "round " << round << " bitmap word " << w;
      for (uint64_t b = k * chunk / UbBuffer::kFullBytes;
           b < (end + UbBuffer::kFullBytes - 1) / UbBuffer::kFullBytes; ++b)
        ASSERT_EQ((buf.full()[b / 64] >> (b % 64)) & 1, dirty[k] ? 0u : 1u)
            << "round " << round << " summary bit " << b;
    }
  }
}

// The summary of full 512-byte chunks (UbBuffer::full) is reset with the
// bitmap when the buffer is reused: a core that wrote the whole UB, then a
// new core on the same thread sees every byte unwritten again; a chunk
// filled by two partial writes counts as written.
TEST(InitBitmapTest, ReusedBufferForgetsFullChunks) {
  GmMap gm({});
  LaunchConfig config;
  uint64_t size = 0;
  {
    CoreMemory mem(gm, config);
    mem.enableInitTracking();
    size = mem.ubBytes();
    mem.markWritten(0, size);
    uint64_t first = 0;
    ASSERT_EQ(mem.unwritten(0, size, first), 0u);
  }
  CoreMemory mem(gm, config);
  mem.enableInitTracking();
  uint64_t first = ~0ull;
  EXPECT_EQ(mem.unwritten(0, size, first), size);
  EXPECT_EQ(first, 0u);
  mem.markWritten(1024, 300);
  mem.markWritten(1324, 212); // [1024, 1536) written in two pieces
  EXPECT_EQ(mem.unwritten(1024, 512, first), 0u);
  EXPECT_EQ(mem.unwritten(512, 2048, first), 2048u - 512u);
  EXPECT_EQ(first, 512u);
  mem.markWritten(4096, 8192);
  EXPECT_EQ(mem.unwritten(4000, 8400, first), 96u + 112u);
  EXPECT_EQ(first, 4000u);
  EXPECT_EQ(mem.unwritten(4100, 8000, first), 0u);
}

// markWritten of a range inside one bitmap word (set inline, without
// markWrittenRange) marks its chunk dirty too: the next core on the thread
// sees those bytes unwritten again, and only its own writes written.
TEST(InitBitmapTest, ASmallWriteIsForgottenByTheNextCore) {
  GmMap gm({});
  LaunchConfig config;
  {
    CoreMemory mem(gm, config);
    mem.enableInitTracking();
    mem.markWritten(2048 + 100, 20); // bits 36..55 of one word
    mem.markWritten(4096, 64);       // one whole word
    EXPECT_TRUE(mem.allWritten(2048 + 100, 20));
    EXPECT_TRUE(mem.allWritten(4096, 64));
    EXPECT_FALSE(mem.allWritten(2048 + 99, 20));
    EXPECT_FALSE(mem.allWritten(2048 + 101, 20));
  }
  CoreMemory mem(gm, config);
  mem.enableInitTracking();
  uint64_t first = 0;
  EXPECT_EQ(mem.unwritten(2048 + 100, 20, first), 20u);
  EXPECT_EQ(mem.unwritten(4096, 64, first), 64u);
  EXPECT_FALSE(mem.allWritten(4096, 64));
  mem.markWritten(4096 + 8, 8);
  EXPECT_EQ(mem.unwritten(4096, 64, first), 56u);
  EXPECT_EQ(first, 4096u);
  EXPECT_TRUE(mem.allWritten(4096 + 8, 8));
}

// allWritten of every range inside one word (the inline test) after a write
// of [a, b) in it: true exactly when the range lies in [a, b).
TEST(InitBitmapTest, AllWrittenInsideOneWord) {
  GmMap gm({});
  LaunchConfig config;
  for (auto [a, b] : {std::pair<uint64_t, uint64_t>{0, 64},
                      {0, 1},
                      {63, 64},
                      {5, 40},
                      {32, 64}}) {
    CoreMemory mem(gm, config);
    mem.enableInitTracking();
    const uint64_t w = 640; // a word's first byte
    mem.markWritten(w + a, b - a);
    for (uint64_t s = 0; s < 64; ++s)
      for (uint64_t n = 1; s + n <= 64; ++n)
        ASSERT_EQ(mem.allWritten(w + s, n), a <= s && s + n <= b)
            << "[" << a << ", " << b << ") written, allWritten(" << s << ", "
            << n << ")";
  }
}
