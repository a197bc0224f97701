//===- CmpMaskTest.cpp - The CMPMASK register, bit-exact --------*- C++ -*-===//
//
// Randomized (seeded) tests of Compare into CMPMASK, SetCmpMask/GetCmpMask,
// the Select forms that read CMPMASK (modes 0, 1, 2) and the CMPMASK a
// Select with a mask operand leaves behind, against references written here
// from ascendc_api.md §5.6; plus the diagnostics (alignment, size, address,
// mode, dtype, race). One kernel (kernels/vec_cmpmask.cpp) runs a scenario.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"
#include "ascsim/float16.h"
#include "ascsim/runtime.h"
#include "ascsim/vector_abi.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace ascsim;

namespace {

enum Scenario {
  kCompareGet = 0,
  kSetGet,
  kSelectBits,
  kSelectAddress,
  kSelectScalar,
  kCompareSelect,
  kSelectLoads,
  kSetMisaligned,
  kGetSmall,
  kAddressOutside,
  kModeMismatch,
  kCompareInt32Lt,
  kGetUnsynced,
  kScalarMode,
  kAddressOdd,
};

struct Desc {
  int scenario = 0;
  DType dt = DType::F32;
  int cmp = 0;
  int form = 0; // 0 continuous, 1 bits, 2 register
  uint64_t mask0 = ~0ull, mask1 = ~0ull;
  int64_t repeat = 1;
  int64_t dstBlk = 1, src0Blk = 1, src1Blk = 1, dstRep = 8, src0Rep = 8,
          src1Rep = 8;
  uint64_t scalar = 0;
  std::vector<uint8_t> A, B, D, E = std::vector<uint8_t>(256, 0);

  std::vector<int64_t> words() const {
    std::vector<int64_t> w(24, 0);
    w[0] = scenario;
    w[1] = static_cast<int64_t>(dt);
    w[2] = cmp;
    w[3] = form;
    w[4] = static_cast<int64_t>(mask0);
    w[5] = static_cast<int64_t>(mask1);
    w[6] = repeat;
    w[7] = dstBlk;
    w[8] = src0Blk;
    w[9] = src1Blk;
    w[10] = dstRep;
    w[11] = src0Rep;
    w[12] = src1Rep;
    w[13] = static_cast<int64_t>(scalar);
    w[14] = static_cast<int64_t>(A.size());
    w[15] = static_cast<int64_t>(B.size());
    w[16] = static_cast<int64_t>(D.size());
    return w;
  }
};

using RunOut = test::VecRun;

std::string dump(const LaunchResult &r) { return test::dumpDiagnostics(r); }

Kernel &kernel() { return test::cachedKernel(ASCSIM_KERNEL_VEC_CMPMASK); }

RunOut launch(const Desc &d) {
  return test::launchVec(kernel(), d.words(), d.A, d.B, d.E, d.D, d.E);
}

struct Rng {
  std::mt19937_64 g;
  explicit Rng(uint64_t seed) : g(seed) {}
  int64_t in(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(g);
  }
  bool coin(int pct = 50) { return in(0, 99) < pct; }
  uint64_t bits() { return g(); }
};

uint32_t sizeOf(DType t) { return t == DType::F16 ? 2 : 4; }

double getF(const uint8_t *p, DType t) {
  if (t == DType::F16) {
    uint16_t b;
    std::memcpy(&b, p, 2);
    return static_cast<float>(Half::fromBits(b));
  }
  if (t == DType::I32) {
    int32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  float f;
  std::memcpy(&f, p, 4);
  return f;
}

/// Values from a small set so that equal pairs are common; some NaN.
void fill(Rng &rng, std::vector<uint8_t> &v, DType t) {
  uint32_t es = sizeOf(t);
  for (size_t i = 0; i + es <= v.size(); i += es) {
    if (t == DType::I32) {
      int32_t x = static_cast<int32_t>(rng.in(-3, 3));
      std::memcpy(&v[i], &x, 4);
      continue;
    }
    double x = rng.coin(3) ? NAN : static_cast<double>(rng.in(-6, 6)) / 2;
    if (t == DType::F16) {
      uint16_t b = Half(x).bits();
      std::memcpy(&v[i], &b, 2);
    } else {
      float f = static_cast<float>(x);
      std::memcpy(&v[i], &f, 4);
    }
  }
}

uint64_t offOf(uint32_t es, int64_t blk, int64_t rep, uint32_t r, uint32_t e) {
  uint32_t epb = 32 / es;
  return (r * rep + (e / epb) * blk) * 32 + (e % epb) * es;
}

bool holds(double a, double b, int mode) {
  switch (mode) {
  case 0:
    return a < b;
  case 1:
    return a > b;
  case 2:
    return a == b;
  case 3:
    return a <= b;
  case 4:
    return a >= b;
  default:
    return a != b;
  }
}

/// CMPMASK after Compare (one repeat, all lanes: the mask is reserved).
void refCompare(const Desc &d, uint64_t out[2]) {
  uint32_t es = sizeOf(d.dt), P = 256 / es;
  out[0] = out[1] = 0;
  for (uint32_t e = 0; e < P; ++e) {
    double a = getF(&d.A[offOf(es, d.src0Blk, d.src0Rep, 0, e)], d.dt);
    double b = getF(&d.B[offOf(es, d.src1Blk, d.src1Rep, 0, e)], d.dt);
    if (holds(a, b, d.cmp))
      out[e / 64] |= 1ull << (e % 64);
  }
}

/// dst after a Select from CMPMASK: `bit(r, e)` picks src0.
template <class Bit>
std::vector<uint8_t> refSelect(const Desc &d, Bit bit, bool scalar) {
  std::vector<uint8_t> D = d.D;
  uint32_t es = sizeOf(d.dt), P = 256 / es;
  for (uint32_t r = 0; r < d.repeat; ++r)
    for (uint32_t e = 0; e < P; ++e) {
      bool on = e < 64 ? (d.mask0 >> e) & 1 : (d.mask1 >> (e - 64)) & 1;
      if (!on)
        continue;
      uint8_t *z = &D[offOf(es, d.dstBlk, d.dstRep, r, e)];
      if (bit(r, e))
        std::memcpy(z, &d.A[offOf(es, d.src0Blk, d.src0Rep, r, e)], es);
      else if (scalar)
        std::memcpy(z, &d.E[0], es); // the scalar = CMPMASK's low bytes
      else
        std::memcpy(z, &d.B[offOf(es, d.src1Blk, d.src1Rep, r, e)], es);
    }
  return D;
}

uint64_t word(const std::vector<uint8_t> &v, size_t at) {
  uint64_t w;
  std::memcpy(&w, &v[at], 8);
  return w;
}

/// Random geometry: repeats, strides, a normal-mode mask, operand sizes.
Desc randomDesc(Rng &rng, int scenario, DType dt) {
  Desc d;
  d.scenario = scenario;
  d.dt = dt;
  uint32_t es = sizeOf(dt), P = 256 / es;
  d.cmp = dt == DType::I32 ? 2 : static_cast<int>(rng.in(0, 5));
  d.form = static_cast<int>(rng.in(0, 2));
  bool single = scenario == kCompareGet || scenario == kCompareSelect;
  d.repeat = single ? 1 : rng.in(1, P == 128 ? 4 : 8); // <= 96 bytes of bits
  if (scenario == kCompareSelect)
    d.repeat = rng.in(1, 4);
  d.dstBlk = rng.in(1, 2);
  d.src0Blk = rng.in(1, 2);
  d.src1Blk = rng.in(0, 2);
  d.dstRep = rng.in(8 * d.dstBlk, 8 * d.dstBlk + 2);
  d.src0Rep = rng.in(0, 16);
  d.src1Rep = rng.in(0, 16);
  uint64_t lanes = rng.bits() | (1ull << rng.in(0, 63));
  d.mask0 = lanes;
  d.mask1 = P == 128 ? rng.bits() : 0;
  if (rng.coin(25)) {
    d.mask0 = ~0ull;
    d.mask1 = P == 128 ? ~0ull : 0;
  }
  auto bytes = [&](int64_t blk, int64_t rep) {
    return static_cast<size_t>(((d.repeat - 1) * rep + 7 * blk + 1) * 32);
  };
  d.A.resize(bytes(d.src0Blk, d.src0Rep));
  d.B.resize(bytes(d.src1Blk, d.src1Rep));
  d.D.resize(bytes(d.dstBlk, d.dstRep));
  fill(rng, d.A, dt);
  fill(rng, d.B, dt);
  for (auto &x : d.D)
    x = static_cast<uint8_t>(rng.bits());
  for (size_t i = 0; i < 128; ++i)
    d.E[i] = static_cast<uint8_t>(rng.bits());
  return d;
}

} // namespace

TEST(CmpMaskTest, CompareIntoRegisterThenGet) {
  Rng rng(0xC3A1);
  for (int it = 0; it < 60; ++it) {
    DType dt = it % 3 == 0 ? DType::F16 : it % 3 == 1 ? DType::F32 : DType::I32;
    Desc d = randomDesc(rng, kCompareGet, dt);
    RunOut o = launch(d);
    ASSERT_TRUE(o.res.ok) << dump(o.res);
    uint64_t want[2];
    refCompare(d, want);
    EXPECT_EQ(word(o.E, 128), want[0]) << "iteration " << it;
    EXPECT_EQ(word(o.E, 136), want[1]) << "iteration " << it;
    // Only the 16 register bytes of the destination are written.
    for (size_t i = 144; i < 256; ++i)
      ASSERT_EQ(o.E[i], d.E[i]) << "byte " << i;
  }
}

TEST(CmpMaskTest, SetThenGetRoundTrips) {
  Rng rng(0x5E7);
  for (int it = 0; it < 10; ++it) {
    Desc d = randomDesc(rng, kSetGet, DType::F32);
    RunOut o = launch(d);
    ASSERT_TRUE(o.res.ok) << dump(o.res);
    EXPECT_EQ(std::memcmp(&o.E[128], &d.E[0], 16), 0);
  }
}

TEST(CmpMaskTest, SelectModesFromRegister) {
  Rng rng(0x5E1EC7);
  for (int it = 0; it < 90; ++it) {
    DType dt = it % 2 ? DType::F16 : DType::F32;
    int scenario = kSelectBits + it % 3; // bits, address, scalar
    Desc d = randomDesc(rng, scenario, dt);
    uint32_t P = 256 / sizeOf(dt);
    RunOut o = launch(d);
    ASSERT_TRUE(o.res.ok) << dump(o.res);
    std::vector<uint8_t> want;
    if (scenario == kSelectBits) {
      want = refSelect(
          d, [&](uint32_t, uint32_t e) { return (d.E[e / 8] >> (e % 8)) & 1; },
          false);
    } else {
      auto continuous = [&](uint32_t r, uint32_t e) {
        uint64_t b = static_cast<uint64_t>(r) * P + e;
        return (d.E[32 + b / 8] >> (b % 8)) & 1;
      };
      want = refSelect(d, continuous, scenario == kSelectScalar);
    }
    ASSERT_EQ(o.D, want) << "iteration " << it << " scenario " << scenario;
  }
}

TEST(CmpMaskTest, CompareThenSelectReusesBitsEveryRepeat) {
  Rng rng(0xC5);
  for (int it = 0; it < 40; ++it) {
    DType dt = it % 2 ? DType::F16 : DType::F32;
    Desc d = randomDesc(rng, kCompareSelect, dt);
    RunOut o = launch(d);
    ASSERT_TRUE(o.res.ok) << dump(o.res);
    uint64_t bits[2];
    refCompare(d, bits);
    auto want = refSelect(
        d,
        [&](uint32_t, uint32_t e) {
          return ((e < 64 ? bits[0] >> e : bits[1] >> (e - 64)) & 1) != 0;
        },
        false);
    ASSERT_EQ(o.D, want) << "iteration " << it;
    EXPECT_EQ(word(o.E, 128), bits[0]);
  }
}

TEST(CmpMaskTest, SelectWithScalarLoadsItIntoTheRegister) {
  Rng rng(0x10AD);
  Desc d = randomDesc(rng, kSelectLoads, DType::F16);
  d.scalar = Half(-1.5).bits();
  RunOut o = launch(d);
  ASSERT_TRUE(o.res.ok) << dump(o.res);
  EXPECT_EQ(word(o.E, 128), d.scalar);
  EXPECT_EQ(word(o.E, 136), 0u);
}

namespace {
void expectError(const Desc &d, const std::string &category,
                 const std::string &text) {
  RunOut o = launch(d);
  ASSERT_FALSE(o.res.ok);
  bool found = false;
  for (const Diagnostic &g : o.res.diagnostics)
    found |=
        g.category == category && g.message.find(text) != std::string::npos;
  EXPECT_TRUE(found) << "wanted [" << category << "] " << text << "\n"
                     << dump(o.res);
}
} // namespace

TEST(CmpMaskTest, Diagnostics) {
  Rng rng(0xD1A6);
  Desc d = randomDesc(rng, kSetMisaligned, DType::F32);
  expectError(d, "alignment", "set_cmp_mask: the source UB address");
  expectError(d, "alignment", "is not 16-byte aligned");
  d.scenario = kGetSmall;
  expectError(d, "bounds",
              "get_cmp_mask: the destination holds 64 bytes, but GetCmpMask "
              "needs at least 128 bytes");
  d.scenario = kAddressOutside;
  d.repeat = 1;
  d.mask0 = ~0ull; // lane 0 is the first bit looked up
  d.mask1 = 0;
  expectError(d, "bounds",
              "select: the selection mask address in CMPMASK (UB byte "
              "2147483616, set through set_cmp_mask) puts bit 0 outside the "
              "Unified Buffer");
  d.scenario = kAddressOdd;
  expectError(d, "alignment",
              "set through set_cmp_mask) is not 32-byte aligned");
  d.scenario = kScalarMode;
  expectError(d, "argument",
              "select: a selection between a tensor and a scalar needs SELMODE "
              "VSEL_TENSOR_SCALAR_MODE, but got VSEL_CMPMASK_SPR");
  d.scenario = kModeMismatch;
  expectError(d, "argument",
              "select: a selection between two tensors needs SELMODE "
              "VSEL_CMPMASK_SPR or VSEL_TENSOR_TENSOR_MODE, but got "
              "VSEL_TENSOR_SCALAR_MODE");
  Desc i = randomDesc(rng, kCompareInt32Lt, DType::I32);
  expectError(i, "dtype",
              "compare: int32 sources support only CMPMODE.EQ on Ascend "
              "910B/910C (A2/A3)");
  Desc f = randomDesc(rng, kCompareGet, DType::F32);
  f.scenario = kGetUnsynced;
  RunOut o = launch(f);
  ASSERT_FALSE(o.res.ok);
  bool race = false;
  for (const Diagnostic &g : o.res.diagnostics)
    race |= g.category == "race" &&
            g.message.find("get_cmp_mask") != std::string::npos;
  EXPECT_TRUE(race) << dump(o.res);
}
