//===- ScalarOpsTest.cpp - Scalar bit helpers and ScalarCast ----*- C++ -*-===//
//
// ops/ScalarOps against per-bit reference loops (randomized, seeded) and
// ScalarCast against hand-checked float16 / int32 results in every mode.
//
//===----------------------------------------------------------------------===//

#include "ops/ScalarOps.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

using namespace ascsim;

namespace {

int64_t refSff(uint64_t v, int bit) {
  for (int k = 0; k < 64; ++k)
    if (static_cast<int>((v >> k) & 1) == bit)
      return k;
  return -1;
}

int64_t refCount(uint64_t v, int bit) {
  int64_t n = 0;
  for (int k = 0; k < 64; ++k)
    n += static_cast<int>((v >> k) & 1) == bit;
  return n;
}

int64_t refClz(uint64_t v) {
  int64_t n = 0;
  for (int k = 63; k >= 0 && !((v >> k) & 1); --k)
    ++n;
  return n;
}

int64_t refSignBits(uint64_t v) {
  uint64_t sign = v >> 63;
  int64_t n = 0;
  for (int k = 62; k >= 0 && ((v >> k) & 1) == sign; --k)
    ++n;
  return n;
}

uint32_t bitsOf(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

} // namespace

TEST(ScalarOpsTest, BitHelpersMatchPerBitReference) {
  std::mt19937_64 rng(20261202);
  std::vector<uint64_t> values = {0,
                                  ~0ull,
                                  1,
                                  1ull << 63,
                                  (1ull << 63) - 1,
                                  0x8000000000000001ull,
                                  0x4000000000000000ull};
  for (int i = 0; i < 2000; ++i)
    values.push_back(rng() >> (rng() % 64));
  for (uint64_t v : values) {
    for (int bit = 0; bit < 2; ++bit) {
      EXPECT_EQ(scalar::sffValue(v, bit), refSff(v, bit)) << v;
      EXPECT_EQ(scalar::countOfValue(v, bit), refCount(v, bit)) << v;
    }
    EXPECT_EQ(scalar::countLeadingZero(v), refClz(v)) << v;
    EXPECT_EQ(scalar::countSignBits(static_cast<int64_t>(v)), refSignBits(v))
        << v;
  }
  EXPECT_EQ(scalar::countSignBits(0), 63);
  EXPECT_EQ(scalar::countSignBits(-1), 63);
  EXPECT_EQ(scalar::countLeadingZero(0), 64);
  EXPECT_EQ(scalar::sffValue(~0ull, 0), -1);
}

TEST(ScalarOpsTest, CastToHalfInEveryMode) {
  // 1 + 2^-11 lies halfway between 1.0 (0x3C00) and 1 + 2^-10 (0x3C01).
  uint32_t tie = bitsOf(1.0f + 0.00048828125f);
  EXPECT_EQ(scalar::castFloat(tie, DType::F16, 1), 0x3C00u); // RINT: even
  EXPECT_EQ(scalar::castFloat(tie, DType::F16, 2), 0x3C00u); // FLOOR
  EXPECT_EQ(scalar::castFloat(tie, DType::F16, 3), 0x3C01u); // CEIL
  EXPECT_EQ(scalar::castFloat(tie, DType::F16, 4), 0x3C01u); // ROUND: away
  EXPECT_EQ(scalar::castFloat(tie, DType::F16, 5), 0x3C00u); // TRUNC
  EXPECT_EQ(scalar::castFloat(tie, DType::F16, 6), 0x3C01u); // ODD
  uint32_t neg = bitsOf(-(1.0f + 0.00048828125f));
  EXPECT_EQ(scalar::castFloat(neg, DType::F16, 2), 0xBC01u);          // FLOOR
  EXPECT_EQ(scalar::castFloat(neg, DType::F16, 5), 0xBC00u);          // TRUNC
  EXPECT_EQ(scalar::castFloat(bitsOf(2.0f), DType::F16, 6), 0x4000u); // exact
}

TEST(ScalarOpsTest, CastToInt32InEveryMode) {
  auto cast = [](float f, uint8_t mode) {
    return static_cast<int32_t>(
        static_cast<uint32_t>(scalar::castFloat(bitsOf(f), DType::I32, mode)));
  };
  EXPECT_EQ(cast(2.5f, 1), 2);
  EXPECT_EQ(cast(-2.5f, 1), -2);
  EXPECT_EQ(cast(2.5f, 2), 2);
  EXPECT_EQ(cast(-2.5f, 2), -3);
  EXPECT_EQ(cast(2.5f, 3), 3);
  EXPECT_EQ(cast(2.5f, 4), 3);
  EXPECT_EQ(cast(-2.5f, 4), -3);
  EXPECT_EQ(cast(-2.7f, 5), -2);
  const char *modes = nullptr;
  EXPECT_FALSE(scalar::castSupported(DType::I32, 6, modes));
  EXPECT_STREQ(modes,
               "CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC");
  EXPECT_TRUE(scalar::castSupported(DType::F16, 0, modes));
  EXPECT_FALSE(scalar::castSupported(DType::BF16, 1, modes));
}
