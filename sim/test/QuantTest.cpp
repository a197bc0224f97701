//===- QuantTest.cpp - Quantisation and fused casts, bit-exact --*- C++ -*-===//
//
// Randomized (seeded) tests of AddReluCast, SubReluCast, MulCast, AddDeqRelu
// and CastDeq with the three SetDeqScale forms, against a reference written
// here from the semantics of sim/VECTOR.md ("Quantisation"): one driver
// kernel (kernels/quant_driver.cpp) executes one instruction described by a
// descriptor; this file draws descriptors over type pairs, call forms,
// masks, strides, repeats and DEQSCALE settings, computes the expected UB
// bytes and compares. Plus the diagnostics.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"
#include "ascsim/float16.h"
#include "ascsim/runtime.h"
#include "ascsim/vector_abi.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace ascsim;

namespace {

enum Form { kCount = 0, kCont, kBits, kReg };

struct Group {
  float scale = 1.0f;
  int16_t offset = 0;
  bool sign = true;
  uint64_t word() const {
    uint32_t b;
    std::memcpy(&b, &scale, 4);
    return b | (static_cast<uint64_t>(static_cast<uint16_t>(offset)) << 32) |
           (static_cast<uint64_t>(sign) << 48);
  }
};

/// One instruction: descriptor words 0-21 as quant_driver.cpp reads them,
/// words 32-47 the vector DEQSCALE groups (deqForm 3).
struct QDesc {
  VecOp op = VecOp::AddReluCast;
  DType dt = DType::I8, st = DType::F16;
  int form = kCount;
  int64_t count = 0;
  uint64_t mask0 = 0, mask1 = 0;
  int64_t repeat = 1;
  int64_t dstBlk = 1, src0Blk = 1, src1Blk = 1, dstRep = 8, src0Rep = 8,
          src1Rep = 8;
  int deqForm = 0; // 0 none, 1 half, 2 (float, offset, sign), 3 vector
  uint16_t deqHalf = 0x3C00;
  Group scalar;
  Group groups[16];
  bool vecDeq = false, halfBlock = false;
  // BilinearInterpolation: B = weights (weightBytes) then the offsets.
  int64_t weightBytes = 0, hRepeat = 1, repeatMode = 0, vROffset = 128;
  std::vector<uint8_t> A, B, D;

  std::vector<int64_t> words() const {
    std::vector<int64_t> w(48, 0);
    w[0] = static_cast<int64_t>(op);
    w[1] = static_cast<int64_t>(dt);
    w[2] = static_cast<int64_t>(st);
    w[3] = form;
    w[4] = count;
    w[5] = static_cast<int64_t>(mask0);
    w[6] = static_cast<int64_t>(mask1);
    w[7] = repeat;
    w[8] = dstBlk;
    w[9] = src0Blk;
    w[10] = src1Blk;
    w[11] = dstRep;
    w[12] = src0Rep;
    w[13] = src1Rep;
    w[14] = deqForm;
    if (deqForm == 1)
      w[15] = deqHalf;
    if (deqForm == 2) {
      uint32_t b;
      std::memcpy(&b, &scalar.scale, 4);
      w[15] = b;
      w[16] = scalar.offset;
      w[17] = scalar.sign;
    }
    if (deqForm == 3)
      for (int i = 0; i < 16; ++i)
        w[32 + i] = static_cast<int64_t>(groups[i].word());
    w[18] = (vecDeq ? 1 : 0) | (halfBlock ? 2 : 0);
    w[19] = static_cast<int64_t>(A.size());
    w[20] = static_cast<int64_t>(B.size());
    w[21] = static_cast<int64_t>(D.size());
    w[22] = weightBytes;
    w[23] = hRepeat;
    w[24] = repeatMode;
    w[25] = vROffset;
    return w;
  }
};

std::string dump(const LaunchResult &r) { return test::dumpDiagnostics(r); }

Kernel &driver() { return test::cachedKernel(ASCSIM_KERNEL_QUANT_DRIVER); }

struct RunOut {
  LaunchResult res;
  std::vector<uint8_t> D;
};

RunOut launch(const QDesc &d) {
  std::vector<int64_t> w = d.words();
  RunOut out;
  out.D = d.D;
  std::vector<uint8_t> a = d.A, b = d.B;
  auto addr = [](auto &v) { return reinterpret_cast<uint64_t>(v.data()); };
  LaunchConfig cfg;
  cfg.host_threads = 1;
  out.res = driver().launch(1, {addr(w), addr(a), addr(b), addr(out.D)},
                            {{addr(w), w.size() * 8, "cfg"},
                             {addr(a), a.size(), "a"},
                             {addr(b), b.size(), "b"},
                             {addr(out.D), out.D.size(), "d"}},
                            cfg);
  return out;
}

//===----------------------------------------------------------------------===//
// Reference (sim/VECTOR.md, "Quantisation"), independent of the library
//===----------------------------------------------------------------------===//

uint32_t sizeOf(DType t) {
  switch (t) {
  case DType::I8:
  case DType::U8:
    return 1;
  case DType::I16:
  case DType::F16:
    return 2;
  default:
    return 4;
  }
}

double load(const uint8_t *p, DType t) {
  switch (t) {
  case DType::F16: {
    uint16_t b;
    std::memcpy(&b, p, 2);
    return static_cast<float>(Half::fromBits(b));
  }
  case DType::F32: {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  case DType::I16: {
    int16_t v;
    std::memcpy(&v, p, 2);
    return v;
  }
  default: {
    int32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  }
}

/// Nearest integer (ties to even), saturated; NaN -> 0.
int64_t sat(double v, int64_t lo, int64_t hi) {
  if (std::isnan(v))
    return 0;
  double r = std::nearbyint(v);
  return r <= lo ? lo : r >= hi ? hi : static_cast<int64_t>(r);
}

void storeHalf(uint8_t *p, double v) {
  uint16_t b = Half(v).bits();
  std::memcpy(p, &b, 2);
}

/// Writes element e of repeat r of the destination (already located at p).
void reference(const QDesc &d, uint32_t e, const uint8_t *a, const uint8_t *b,
               uint8_t *p) {
  switch (d.op) {
  case VecOp::AddReluCast:
  case VecOp::SubReluCast: {
    double x = load(a, d.st), y = load(b, d.st);
    double v = d.op == VecOp::AddReluCast ? x + y : x - y; // exact here
    v = v > 0 ? v : 0;
    if (d.dt == DType::F16)
      storeHalf(p, v);
    else
      *p = static_cast<uint8_t>(sat(v, -128, 127));
    return;
  }
  case VecOp::MulCast: {
    double v = load(a, d.st) * load(b, d.st);
    *p = static_cast<uint8_t>(d.dt == DType::I8 ? sat(v, -128, 127)
                                                : sat(v, 0, 255));
    return;
  }
  case VecOp::AddDeqRelu: {
    double v = (load(a, d.st) + load(b, d.st)) *
               static_cast<float>(Half::fromBits(d.deqHalf));
    storeHalf(p, v > 0 ? v : 0);
    return;
  }
  default: { // CastDeq
    Group g = d.vecDeq ? d.groups[e % 16] : d.scalar;
    if (d.deqForm == 1)
      g.scale = static_cast<float>(Half::fromBits(d.deqHalf));
    double v = load(a, d.st) * static_cast<double>(g.scale);
    if (d.dt == DType::F16) {
      storeHalf(p, v);
      return;
    }
    double r = std::nearbyint(v) + g.offset;
    *p = static_cast<uint8_t>(g.sign ? sat(r, -128, 127) : sat(r, 0, 255));
    return;
  }
  }
}

uint64_t offsetOf(uint32_t r, uint32_t e, uint32_t es, int64_t blk, int64_t rep,
                  uint32_t epb, uint32_t inOff) {
  return (r * rep + (e / epb) * blk) * 32 + inOff + (e % epb) * es;
}

std::vector<uint8_t> expected(const QDesc &d) {
  std::vector<uint8_t> D = d.D;
  uint32_t es = sizeOf(d.st), ds = sizeOf(d.dt);
  uint32_t per = 256 / std::max(es, ds);
  bool deq = d.op == VecOp::CastDeq;
  bool count = d.form == kCount;
  uint32_t repeats = count ? static_cast<uint32_t>((d.count + per - 1) / per)
                           : static_cast<uint32_t>(d.repeat);
  for (uint32_t r = 0; r < repeats; ++r)
    for (uint32_t e = 0; e < per; ++e) {
      bool on;
      if (count) {
        on = static_cast<int64_t>(r) * per + e < d.count;
      } else if (d.form == kCont) {
        on = e < d.mask0;
      } else {
        uint64_t w = e < 64 ? d.mask0 : (per > 64 ? d.mask1 : 0);
        on = (w >> (e % 64)) & 1;
      }
      if (!on)
        continue;
      int64_t sBlk = count ? 1 : d.src0Blk,
              sRep = count ? per * es / 32 : d.src0Rep;
      int64_t tBlk = count ? 1 : d.src1Blk,
              tRep = count ? per * es / 32 : d.src1Rep;
      int64_t dBlk = count ? 1 : d.dstBlk,
              dRep = count ? (deq ? 8 : per * ds / 32) : d.dstRep;
      uint64_t ao = offsetOf(r, e, es, sBlk, sRep, 32 / es, 0);
      uint64_t bo = offsetOf(r, e, es, tBlk, tRep, 32 / es, 0);
      uint64_t dof =
          deq ? offsetOf(r, e, ds, dBlk, dRep, 32 / es, d.halfBlock ? 16 : 0)
              : offsetOf(r, e, ds, dBlk, dRep, 32 / ds, 0);
      reference(d, e, d.A.data() + ao, deq ? nullptr : d.B.data() + bo,
                D.data() + dof);
    }
  return D;
}

//===----------------------------------------------------------------------===//
// Random configurations
//===----------------------------------------------------------------------===//

struct Pair {
  VecOp op;
  DType st, dt;
};

void fillSource(std::mt19937_64 &rng, std::vector<uint8_t> &v, DType t,
                VecOp op) {
  uint32_t es = sizeOf(t);
  for (size_t i = 0; i + es <= v.size(); i += es) {
    switch (t) {
    case DType::F16: {
      // Multiples of 1/4 up to +-160: exact sums and products, ties.
      double x = static_cast<int>(rng() % 1281) / 4.0 - 160.0;
      if (op == VecOp::MulCast)
        x /= 8.0;
      uint16_t b = Half(x).bits();
      std::memcpy(&v[i], &b, 2);
      break;
    }
    case DType::F32: {
      std::normal_distribution<float> n(0.0f, 1000.0f);
      float f = n(rng);
      std::memcpy(&v[i], &f, 4);
      break;
    }
    case DType::I16: {
      int16_t x = static_cast<int16_t>(rng());
      std::memcpy(&v[i], &x, 2);
      break;
    }
    default: {
      int32_t x = static_cast<int32_t>(rng() % (1u << 28)) - (1 << 27);
      std::memcpy(&v[i], &x, 4);
      break;
    }
    }
  }
}

QDesc randomDesc(std::mt19937_64 &rng, const Pair &p) {
  QDesc d;
  d.op = p.op;
  d.st = p.st;
  d.dt = p.dt;
  uint32_t es = sizeOf(p.st), ds = sizeOf(p.dt);
  uint32_t per = 256 / std::max(es, ds);
  bool deq = p.op == VecOp::CastDeq;
  d.form = static_cast<int>(rng() % 4);
  d.repeat = 1 + static_cast<int64_t>(rng() % 4);
  if (d.form == kCount) {
    d.count = 1 + static_cast<int64_t>(rng() % (per * 4));
  } else if (d.form == kCont) {
    d.mask0 = 1 + rng() % per;
  } else {
    d.mask0 = rng() | 1;
    d.mask1 = per > 64 ? rng() : 0;
    if (per < 64)
      d.mask0 &= (1ull << per) - 1;
  }
  d.src0Blk = 1 + static_cast<int64_t>(rng() % 2);
  d.src1Blk = 1 + static_cast<int64_t>(rng() % 2);
  d.src0Rep = 8 * d.src0Blk + static_cast<int64_t>(rng() % 3);
  d.src1Rep = 8 * d.src1Blk + static_cast<int64_t>(rng() % 3);
  d.dstBlk = 1 + static_cast<int64_t>(rng() % 2);
  uint32_t dstBlocks = deq ? 8 : per * ds / 32;
  d.dstRep = dstBlocks * d.dstBlk + static_cast<int64_t>(rng() % 3);
  // Buffers large enough for the strided footprints (+ slack).
  size_t srcBytes =
      (static_cast<size_t>(std::max(d.src0Rep, d.src1Rep)) * 4 + 16) * 32;
  size_t dstBytes = (static_cast<size_t>(d.dstRep) * 4 + 16) * 32;
  d.A.resize(srcBytes);
  d.B.resize(srcBytes);
  d.D.resize(dstBytes);
  fillSource(rng, d.A, p.st, p.op);
  fillSource(rng, d.B, p.st, p.op);
  for (auto &b : d.D)
    b = static_cast<uint8_t>(rng());
  if (p.op == VecOp::AddDeqRelu) {
    d.deqForm = 1;
    d.deqHalf = Half(static_cast<double>(rng() % 2000) / 4096.0).bits();
  }
  if (deq) {
    d.halfBlock = rng() & 1;
    d.vecDeq = rng() & 1;
    auto group = [&] {
      Group g;
      g.scale = static_cast<float>(static_cast<int>(rng() % 2001) - 1000) /
                (p.st == DType::I32 ? 65536.0f : 256.0f);
      g.offset = static_cast<int16_t>(static_cast<int>(rng() % 512) - 256);
      g.sign = rng() & 1;
      return g;
    };
    if (d.vecDeq) {
      d.deqForm = 3;
      for (Group &g : d.groups)
        g = group();
    } else if (p.st == DType::I32 && (rng() & 1)) {
      d.deqForm = 1;
      d.deqHalf = Half(static_cast<double>(rng() % 2000) / 65536.0).bits();
    } else {
      d.deqForm = 2;
      d.scalar = group();
    }
  }
  return d;
}

const char *typeName(DType t) {
  switch (t) {
  case DType::I8:
    return "int8";
  case DType::U8:
    return "uint8";
  case DType::I16:
    return "int16";
  case DType::F16:
    return "float16";
  case DType::F32:
    return "float32";
  default:
    return "int32";
  }
}

std::string describe(const QDesc &d) {
  return "op " + std::to_string(static_cast<int>(d.op)) + " " + typeName(d.st) +
         "->" + typeName(d.dt) + " form " + std::to_string(d.form) + " count " +
         std::to_string(d.count) + " mask " + std::to_string(d.mask0) + "/" +
         std::to_string(d.mask1) + " repeat " + std::to_string(d.repeat) +
         " deq " + std::to_string(d.deqForm) + (d.vecDeq ? " vec" : "") +
         (d.halfBlock ? " half" : "");
}

void randomized(const std::vector<Pair> &pairs, uint64_t seed, int iters) {
  std::mt19937_64 rng(seed);
  for (int i = 0; i < iters; ++i) {
    const Pair &p = pairs[rng() % pairs.size()];
    QDesc d = randomDesc(rng, p);
    RunOut out = launch(d);
    ASSERT_TRUE(out.res.ok) << describe(d) << "\n" << dump(out.res);
    std::vector<uint8_t> want = expected(d);
    ASSERT_EQ(out.D, want) << describe(d);
  }
}

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

TEST(QuantTest, FusedCastsRandomized) {
  randomized({{VecOp::AddReluCast, DType::F16, DType::I8},
              {VecOp::AddReluCast, DType::I16, DType::I8},
              {VecOp::AddReluCast, DType::F32, DType::F16},
              {VecOp::SubReluCast, DType::F16, DType::I8},
              {VecOp::SubReluCast, DType::I16, DType::I8},
              {VecOp::SubReluCast, DType::F32, DType::F16},
              {VecOp::MulCast, DType::F16, DType::I8},
              {VecOp::MulCast, DType::F16, DType::U8}},
             0x5eed01, 160);
}

TEST(QuantTest, AddDeqReluRandomized) {
  randomized({{VecOp::AddDeqRelu, DType::I32, DType::F16}}, 0x5eed02, 60);
}

TEST(QuantTest, CastDeqRandomized) {
  randomized({{VecOp::CastDeq, DType::I16, DType::I8},
              {VecOp::CastDeq, DType::I16, DType::U8},
              {VecOp::CastDeq, DType::I32, DType::F16}},
             0x5eed03, 160);
}

/// Exact ties round to even; the 33-bit AddDeqRelu sum does not wrap.
TEST(QuantTest, RoundingAndRange) {
  QDesc d;
  d.op = VecOp::MulCast;
  d.st = DType::F16;
  d.dt = DType::I8;
  d.count = 8;
  d.A.assign(256, 0);
  d.B.assign(256, 0);
  d.D.assign(256, 0x77);
  const double xs[8] = {0.5, 1.5, 2.5, -0.5, -2.5, 127.5, -128.5, 300};
  for (int i = 0; i < 8; ++i) {
    uint16_t a = Half(xs[i]).bits(), one = Half(1.0).bits();
    std::memcpy(&d.A[2 * i], &a, 2);
    std::memcpy(&d.B[2 * i], &one, 2);
  }
  RunOut out = launch(d);
  ASSERT_TRUE(out.res.ok) << dump(out.res);
  const int8_t want[8] = {0, 2, 2, 0, -2, 127, -128, 127};
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(static_cast<int8_t>(out.D[i]), want[i]) << i;
  EXPECT_EQ(out.D[8], 0x77);

  QDesc s;
  s.op = VecOp::AddDeqRelu;
  s.st = DType::I32;
  s.dt = DType::F16;
  s.count = 2;
  s.deqForm = 1;
  s.deqHalf = Half(1.0 / 131072).bits(); // 2^-17
  s.A.assign(256, 0);
  s.B.assign(256, 0);
  s.D.assign(128, 0);
  int32_t big = 2147483647, neg = -2147483647 - 1;
  std::memcpy(&s.A[0], &big, 4);
  std::memcpy(&s.B[0], &big, 4);
  std::memcpy(&s.A[4], &neg, 4);
  std::memcpy(&s.B[4], &neg, 4);
  out = launch(s);
  ASSERT_TRUE(out.res.ok) << dump(out.res);
  uint16_t h0, h1;
  std::memcpy(&h0, &out.D[0], 2);
  std::memcpy(&h1, &out.D[2], 2);
  EXPECT_EQ(h0, Half(32768.0).bits()); // (2^32 - 2) * 2^-17, rounded
  EXPECT_EQ(h1, 0);                    // relu of -32768 is +0
}

void expectError(const QDesc &d, const std::string &category,
                 const std::string &message);

/// BilinearInterpolation reference (BilinearEval.cpp header comment):
/// products and partial sums rounded to half.
std::vector<uint8_t> bilinearExpected(const QDesc &d) {
  std::vector<uint8_t> D = d.D;
  const uint8_t *w = d.B.data();
  const uint8_t *offs = d.B.data() + d.weightBytes;
  for (int64_t v = 0; v < d.repeat; ++v) {
    double acc[8][16] = {};
    for (int64_t h = 0; h < d.hRepeat; ++h) {
      int64_t k = v * d.hRepeat + h;
      for (int b = 0; b < 8; ++b) {
        uint32_t off;
        std::memcpy(&off, offs + (k * 8 + b) * 4, 4);
        double wt = load(w + (d.repeatMode ? k * 8 + b : k) * 2, DType::F16);
        for (int i = 0; i < 16; ++i) {
          double x = load(d.A.data() + off + i * 2, DType::F16);
          double p = static_cast<float>(Half(x * wt));
          acc[b][i] = h == 0 ? p : static_cast<float>(Half(acc[b][i] + p));
        }
      }
    }
    for (int b = 0; b < 8; ++b)
      for (int i = 0; i < 16; ++i) {
        uint32_t lane = b * 16 + i;
        uint64_t word = lane < 64 ? d.mask0 : d.mask1;
        bool on =
            d.form == kCont ? lane < d.mask0 : ((word >> (lane % 64)) & 1);
        if (!on)
          continue;
        storeHalf(&D[(v * d.vROffset + b * d.dstBlk * 16 + i) * 2], acc[b][i]);
      }
  }
  return D;
}

TEST(QuantTest, BilinearInterpolationRandomized) {
  std::mt19937_64 rng(0x5eed04);
  for (int it = 0; it < 60; ++it) {
    QDesc d;
    d.op = VecOp::BilinearInterpolation;
    d.st = d.dt = DType::F16;
    d.form = (rng() & 1) ? kCont : kBits;
    d.mask0 = d.form == kCont ? 1 + rng() % 128 : rng() | 1;
    d.mask1 = d.form == kCont ? 0 : rng();
    d.hRepeat = 1 + static_cast<int64_t>(rng() % 4);
    d.repeat = 1 + static_cast<int64_t>(rng() % 3);
    d.repeatMode = rng() & 1;
    d.dstBlk = 1 + static_cast<int64_t>(rng() % 2);
    d.vROffset = 128 * d.dstBlk + 16 * static_cast<int64_t>(rng() % 4);
    int64_t k = d.hRepeat * d.repeat;
    d.A.resize(64 * 32);
    for (size_t i = 0; i < d.A.size(); i += 2) {
      uint16_t b = Half(static_cast<int>(rng() % 2001) / 64.0 - 15.6).bits();
      std::memcpy(&d.A[i], &b, 2);
    }
    d.weightBytes = ((d.repeatMode ? 8 * k : k) * 2 + 31) / 32 * 32;
    d.B.assign(d.weightBytes + (8 * k * 4 + 31) / 32 * 32, 0);
    for (int64_t i = 0; i < d.weightBytes; i += 2) {
      uint16_t b = Half(static_cast<int>(rng() % 1024) / 1024.0).bits();
      std::memcpy(&d.B[i], &b, 2);
    }
    for (int64_t i = 0; i < 8 * k; ++i) {
      uint32_t off = static_cast<uint32_t>(rng() % 64) * 32;
      std::memcpy(&d.B[d.weightBytes + i * 4], &off, 4);
    }
    d.D.resize(((d.repeat - 1) * d.vROffset + 8 * 16 * d.dstBlk) * 2 + 64);
    d.D.resize((d.D.size() + 31) / 32 * 32);
    for (auto &b : d.D)
      b = static_cast<uint8_t>(rng());
    RunOut out = launch(d);
    ASSERT_TRUE(out.res.ok) << dump(out.res);
    ASSERT_EQ(out.D, bilinearExpected(d)) << "iteration " << it;
  }
}

TEST(QuantTest, BilinearInterpolationDiagnostics) {
  QDesc d;
  d.op = VecOp::BilinearInterpolation;
  d.st = d.dt = DType::F16;
  d.form = kCont;
  d.mask0 = 128;
  d.A.assign(512, 0);
  d.weightBytes = 32;
  d.B.assign(64, 0);
  d.D.assign(256, 0);
  uint32_t bad = 48;
  std::memcpy(&d.B[32 + 8], &bad, 4);
  expectError(d, "alignment",
              "bilinear_interpolation: src0_offset[2] = 48 is not a multiple "
              "of 32 bytes (one src0 block)");
  bad = 512;
  std::memcpy(&d.B[32 + 8], &bad, 4);
  expectError(d, "bounds",
              "bilinear_interpolation: src0_offset[2] = 512 reads src0 bytes "
              "[512, 544), but src0 holds 512 bytes");
  std::memset(&d.B[32], 0, 32);
  d.vROffset = 64;
  expectError(d, "argument",
              "bilinear_interpolation: v_r_offset must be in [128, 65534], "
              "but got 64");
  d.vROffset = 128;
  d.hRepeat = 0;
  expectError(d, "argument",
              "bilinear_interpolation: h_repeat must be in [1, 255], but got "
              "0");
}

QDesc errorDesc() {
  QDesc d;
  d.op = VecOp::CastDeq;
  d.st = DType::I16;
  d.dt = DType::I8;
  d.count = 128;
  d.A.assign(256, 0);
  d.B.assign(32, 0);
  d.D.assign(256, 0);
  return d;
}

void expectError(const QDesc &d, const std::string &category,
                 const std::string &message) {
  RunOut out = launch(d);
  ASSERT_FALSE(out.res.ok);
  ASSERT_FALSE(out.res.diagnostics.empty());
  EXPECT_EQ(out.res.diagnostics[0].category, category);
  EXPECT_NE(out.res.diagnostics[0].message.find(message), std::string::npos)
      << dump(out.res);
}

TEST(QuantTest, Diagnostics) {
  QDesc d = errorDesc();
  d.vecDeq = true; // no SetDeqScale(vdeq, info)
  expectError(d, "argument",
              "cast_deq: is_vec_deq = true uses the 16 groups of "
              "set_deq_scale(vdeq, vdeq_info), which has not been called");

  d = errorDesc();
  d.deqForm = 2;
  d.scalar.offset = 300;
  expectError(d, "argument",
              "set_deq_scale: the offset is a 9-bit signed value in [-256, "
              "255], but got 300");

  d = errorDesc();
  d.dt = DType::F16; // CastDeq<half, int16_t>
  d.D.assign(512, 0);
  expectError(d, "dtype",
              "cast_deq does not support int16 -> float16 on Ascend "
              "910B/910C (A2/A3); supported: int32 -> float16, int16 -> "
              "int8, int16 -> uint8");

  d = errorDesc();
  d.form = kCont;
  d.mask0 = 129;
  d.deqForm = 2;
  expectError(d, "argument",
              "cast_deq: a continuous mask selects the first n elements of "
              "each repeat, n in [1, 128] for int16 -> int8, but got 129");

  d = errorDesc();
  d.deqForm = 2;
  d.count = 256; // the half-block destination needs 512 bytes
  d.A.assign(512, 0);
  expectError(d, "bounds", "cast_deq");
}

} // namespace
