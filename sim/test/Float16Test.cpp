//===- Float16Test.cpp - half / bfloat16_t conversions and ops --*- C++ -*-===//
//
// The software conversions of ascsim/float16.h against the compiler's
// _Float16 (libgcc's correctly rounded conversions) where available, and
// against hand-checked values for bfloat16.
//
//===----------------------------------------------------------------------===//

#include "ascsim/float16.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

namespace {

uint32_t bitsOf(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}
float floatOf(uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}

#ifdef __FLT16_MANT_DIG__
uint16_t refHalfBits(float f) {
  _Float16 h = static_cast<_Float16>(f);
  uint16_t b;
  std::memcpy(&b, &h, sizeof b);
  return b;
}

TEST(Float16Test, EveryHalfWidensExactly) {
  for (uint32_t b = 0; b < 0x10000; ++b) {
    _Float16 ref;
    uint16_t b16 = static_cast<uint16_t>(b);
    std::memcpy(&ref, &b16, sizeof ref);
    float got = static_cast<float>(half::fromBits(b16));
    float want = static_cast<float>(ref);
    if (std::isnan(want))
      ASSERT_TRUE(std::isnan(got)) << b;
    else
      ASSERT_EQ(bitsOf(got), bitsOf(want)) << b;
  }
}

TEST(Float16Test, FloatToHalfRoundsToNearestEven) {
  // Every half, its neighbours, and the midpoints between halves.
  for (uint32_t b = 0; b < 0x10000; ++b) {
    float f = static_cast<float>(half::fromBits(static_cast<uint16_t>(b)));
    if (std::isnan(f))
      continue;
    uint32_t fb = bitsOf(f);
    for (int32_t d = -2; d <= 2; ++d) {
      float g = floatOf(fb + static_cast<uint32_t>(d));
      if (std::isnan(g))
        continue;
      ASSERT_EQ(half(g).bits(), refHalfBits(g)) << std::hexfloat << g;
    }
    float next =
        static_cast<float>(half::fromBits(static_cast<uint16_t>(b + 1)));
    if (!std::isnan(next) && !std::isinf(next) && !std::isinf(f)) {
      float mid = static_cast<float>((static_cast<double>(f) + next) / 2);
      ASSERT_EQ(half(mid).bits(), refHalfBits(mid)) << std::hexfloat << mid;
    }
  }
  std::mt19937 rng(42);
  for (int i = 0; i < 2000000; ++i) {
    float g = floatOf(static_cast<uint32_t>(rng()));
    if (std::isnan(g))
      continue;
    ASSERT_EQ(half(g).bits(), refHalfBits(g)) << std::hexfloat << g;
  }
}
#endif

TEST(Float16Test, HalfSpecialValues) {
  EXPECT_EQ(half(0.0f).bits(), 0x0000);
  EXPECT_EQ(half(-0.0f).bits(), 0x8000);
  EXPECT_EQ(half(1.0f).bits(), 0x3c00);
  EXPECT_EQ(half(65504.0f).bits(), 0x7bff);
  EXPECT_EQ(half(65519.99f).bits(), 0x7bff);
  EXPECT_EQ(half(65520.0f).bits(), 0x7c00); // ties to even -> infinity
  EXPECT_EQ(half(std::ldexp(1.0, -24)).bits(), 0x0001);
  EXPECT_EQ(half(std::ldexp(1.0, -25)).bits(), 0x0000); // tie to even (0)
  EXPECT_EQ(half(std::ldexp(1.5, -25)).bits(), 0x0001);
  EXPECT_EQ(half(INFINITY).bits(), 0x7c00);
  EXPECT_TRUE(std::isnan(static_cast<float>(half(NAN))));
  // Double converts directly (no double rounding through float).
  double justAboveTie = 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40);
  EXPECT_EQ(half(justAboveTie).bits(), 0x3c01);
}

TEST(Float16Test, BFloat16Conversions) {
  EXPECT_EQ(bfloat16_t(1.0f).bits(), 0x3f80);
  EXPECT_EQ(bfloat16_t(-2.0f).bits(), 0xc000);
  // 1 + 2^-8 is a tie between 1 and 1 + 2^-7: rounds to even (1).
  EXPECT_EQ(bfloat16_t(1.0f + std::ldexp(1.0f, -8)).bits(), 0x3f80);
  EXPECT_EQ(bfloat16_t(1.0f + 3 * std::ldexp(1.0f, -8)).bits(), 0x3f82);
  EXPECT_EQ(bfloat16_t(3.0e38f).bits(), 0x7f62);
  EXPECT_EQ(bfloat16_t(3.4e38f).bits(), 0x7f80); // overflow -> inf
  for (uint32_t b = 0; b < 0x10000; ++b) {
    bfloat16_t v = bfloat16_t::fromBits(static_cast<uint16_t>(b));
    float f = static_cast<float>(v);
    ASSERT_EQ(bitsOf(f), b << 16);
    if (!std::isnan(f))
      ASSERT_EQ(bfloat16_t(f).bits(), b);
  }
}

TEST(Float16Test, Arithmetic) {
  half a = 1.5f, b = 2.25f;
  EXPECT_EQ(static_cast<float>(a + b), 3.75f);
  EXPECT_EQ(static_cast<float>(a * b), 3.375f);
  EXPECT_EQ(static_cast<float>(-a), -1.5f);
  EXPECT_TRUE(a < b);
  EXPECT_TRUE(a == 1.5);
  EXPECT_TRUE(2 > a);
  float mixed = a + 1.0f; // half op float -> float
  EXPECT_EQ(mixed, 2.5f);
  half sum = a + 1; // half op int -> half
  EXPECT_EQ(static_cast<float>(sum), 2.5f);
  a += b;
  EXPECT_EQ(static_cast<float>(a), 3.75f);
  half h = static_cast<half>(3);
  EXPECT_EQ(static_cast<int>(h), 3);
  half c = true ? h : half(0);
  EXPECT_EQ(c.bits(), h.bits());
  // Correct rounding of a sum: 2048 + 1 is a tie -> 2048.
  EXPECT_EQ(static_cast<float>(half(2048) + half(1)), 2048.f);
  EXPECT_EQ(static_cast<float>(half(2048) + half(3)), 2052.f);
  bfloat16_t bf(1.0f);
  half fromBf(bf);
  EXPECT_EQ(fromBf.bits(), 0x3c00);
}

} // namespace
