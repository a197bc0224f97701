//===- CubeOpsTest.cpp - The cube instructions on plain buffers -----------===//
//
// ops/CubeOps.h against independent references written the way numpy would
// compute them: ND matrices, explicit fractal index formulas (hardware.md
// §6.1), and the Mmad sum in float32 in K order from zero (sim/CUBE.md).
// Random shapes include non-multiples of 16 (padding).
//
//===----------------------------------------------------------------------===//

#include "ops/CubeOps.h"
#include "ops/VectorMath.h"
#include "support/Isa.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

using namespace ascsim;
using namespace ascsim::cube;

namespace {

uint32_t ceil16(uint32_t x) { return (x + 15) / 16 * 16; }

/// Element bits of `v` in `t` (rounded to nearest even for floats).
void put(std::vector<uint8_t> &buf, uint64_t idx, DType t, double v) {
  vm::storeF(buf.data() + idx * dtypeSize(t), t, v);
}
double get(const std::vector<uint8_t> &buf, uint64_t idx, DType t) {
  return vm::loadF(buf.data() + idx * dtypeSize(t), t);
}

/// A random m x k matrix of `t` values (small integers scaled so f16 sums
/// are not all exact), row-major, as doubles (exactly representable).
std::vector<double> randomMatrix(std::mt19937 &rng, uint32_t rows,
                                 uint32_t cols, DType t) {
  std::vector<double> m(static_cast<size_t>(rows) * cols);
  std::uniform_int_distribution<int> d(-100, 100);
  for (double &x : m) {
    if (t == DType::I8)
      x = d(rng);
    else {
      std::vector<uint8_t> b(4);
      vm::storeF(b.data(), t, d(rng) / 7.0);
      x = vm::loadF(b.data(), t); // the value the type holds
    }
  }
  return m;
}

/// A (m x k) into Zz (M1, K1, 16, K0); padding zero.
std::vector<uint8_t> packZz(const std::vector<double> &a, uint32_t m,
                            uint32_t k, DType t) {
  uint32_t k0 = 32 / dtypeSize(t), k1 = (k + k0 - 1) / k0, m1 = (m + 15) / 16;
  std::vector<uint8_t> out(static_cast<size_t>(m1) * k1 * 512, 0);
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < k; ++j)
      put(out, ((i / 16 * k1 + j / k0) * 16 + i % 16) * k0 + j % k0, t,
          a[static_cast<size_t>(i) * k + j]);
  return out;
}

/// B (k x n) into Zn (K1, N1, 16 (n), K0 (k)).
std::vector<uint8_t> packZn(const std::vector<double> &b, uint32_t k,
                            uint32_t n, DType t) {
  uint32_t k0 = 32 / dtypeSize(t), k1 = (k + k0 - 1) / k0, n1 = (n + 15) / 16;
  std::vector<uint8_t> out(static_cast<size_t>(k1) * n1 * 512, 0);
  for (uint32_t i = 0; i < k; ++i)
    for (uint32_t j = 0; j < n; ++j)
      put(out, ((i / k0 * n1 + j / 16) * 16 + j % 16) * k0 + i % k0, t,
          b[static_cast<size_t>(i) * n + j]);
  return out;
}

/// Element (i, j) of an Nz L0C result (N1, M1, 16, 16).
uint64_t nzAt(uint32_t i, uint32_t j, uint32_t m) {
  return ((j / 16) * ((m + 15) / 16) + i / 16) * 256 + (i % 16) * 16 + j % 16;
}

/// numpy's view of the model: float32 products summed in K order from 0.
float refDot(const std::vector<double> &a, const std::vector<double> &b,
             uint32_t k, uint32_t n, uint32_t i, uint32_t j) {
  float acc = 0.0f;
  for (uint32_t kk = 0; kk < k; ++kk) {
    float p = static_cast<float>(a[static_cast<size_t>(i) * k + kk]) *
              static_cast<float>(b[static_cast<size_t>(kk) * n + j]);
    acc = acc + p;
  }
  return acc;
}

MmadDesc desc(uint32_t m, uint32_t n, uint32_t k, DType a, DType dst) {
  MmadDesc d{};
  d.m = m;
  d.n = n;
  d.k = k;
  d.a = d.b = a;
  d.dst = d.bias = dst;
  d.cmatrixInitVal = true;
  return d;
}

} // namespace

TEST(CubeMmad, FloatTypesMatchTheKOrderModelBitExactly) {
  std::mt19937 rng(14);
  std::uniform_int_distribution<uint32_t> dim(1, 70);
  for (DType t : {DType::F16, DType::BF16, DType::F32}) {
    for (int trial = 0; trial < 12; ++trial) {
      uint32_t m = dim(rng), n = dim(rng), k = dim(rng);
      SCOPED_TRACE(std::string(dtypeName(t)) + " m=" + std::to_string(m) +
                   " n=" + std::to_string(n) + " k=" + std::to_string(k));
      auto a = randomMatrix(rng, m, k, t), b = randomMatrix(rng, k, n, t);
      auto za = packZz(a, m, k, t), zb = packZn(b, k, n, t);
      MmadDesc d = desc(m, n, k, t, DType::F32);
      std::vector<uint8_t> c(static_cast<size_t>(ceil16(m)) * ceil16(n) * 4,
                             0xFF);
      std::vector<uint8_t> sum(c.size());
      mmad(d, za.data(), zb.data(), nullptr, sum.data());
      mmadCommit(d, sum.data(), c.data());
      for (uint32_t i = 0; i < m; ++i)
        for (uint32_t j = 0; j < n; ++j) {
          float got;
          std::memcpy(&got, c.data() + nzAt(i, j, m) * 4, 4);
          ASSERT_EQ(got, refDot(a, b, k, n, i, j)) << i << "," << j;
        }
    }
  }
}

TEST(CubeMmad, Int8IsExactAndAccumulatesWithBias) {
  std::mt19937 rng(7);
  const uint32_t m = 30, n = 40, k = 70; // Mmad.md's padding example
  auto a = randomMatrix(rng, m, k, DType::I8),
       b = randomMatrix(rng, k, n, DType::I8);
  auto za = packZz(a, m, k, DType::I8), zb = packZn(b, k, n, DType::I8);
  std::vector<int32_t> bias(n);
  for (uint32_t j = 0; j < n; ++j)
    bias[j] = static_cast<int32_t>(j) * 1000 - 7;
  std::vector<uint8_t> c(static_cast<size_t>(ceil16(m)) * ceil16(n) * 4, 0);
  std::vector<uint8_t> sum(c.size());
  // C = bias + A x B, then C += A x B.
  MmadDesc d = desc(m, n, k, DType::I8, DType::I32);
  d.hasBias = true;
  mmad(d, za.data(), zb.data(), reinterpret_cast<uint8_t *>(bias.data()),
       sum.data());
  mmadCommit(d, sum.data(), c.data());
  MmadDesc acc = desc(m, n, k, DType::I8, DType::I32);
  acc.cmatrixInitVal = false;
  ASSERT_TRUE(mmadAccumulates(acc));
  mmad(acc, za.data(), zb.data(), nullptr, sum.data());
  mmadCommit(acc, sum.data(), c.data());
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      int64_t ref = 0;
      for (uint32_t kk = 0; kk < k; ++kk)
        ref += static_cast<int64_t>(a[i * k + kk]) *
               static_cast<int64_t>(b[kk * n + j]);
      int32_t got;
      std::memcpy(&got, c.data() + nzAt(i, j, m) * 4, 4);
      ASSERT_EQ(got, bias[j] + 2 * ref) << i << "," << j;
    }
}

// Every dispatch level of the kernel, its unpacking and the L0C commit
// (setCubeIsaCap: the base build, AVX2 (FMA, F16C), AVX-512F, the host's
// best) against the K-order model, for the staged commit (mmad then
// mmadCommit) and the fused one of a direct Mmad (mmadInto): L0C holding
// values first, accumulated into (c = c + s, one rounding; int32 wrapping
// past INT32_MAX) and overwritten; padding bytes of L0C untouched.
TEST(CubeMmad, EveryIsaLevelCommitsTheModelsBits) {
  struct Shape {
    uint32_t m, n, k;
  };
  const Shape shapes[] = {{128, 128, 64}, {32, 48, 96}, {30, 40, 70},
                          {17, 16, 33},   {16, 35, 16}, {64, 64, 17}};
  std::mt19937 rng(15);
  for (CubeIsa isa :
       {CubeIsa::Base, CubeIsa::Avx2, CubeIsa::Avx512, CubeIsa::Best}) {
    setCubeIsaCap(isa);
    for (DType t : {DType::F16, DType::BF16, DType::F32, DType::I8}) {
      const bool i8 = t == DType::I8;
      const DType dst = i8 ? DType::I32 : DType::F32;
      for (const Shape &sh : shapes)
        for (bool accumulate : {true, false}) {
          const uint32_t m = sh.m, n = sh.n, k = sh.k;
          SCOPED_TRACE("isa " + std::to_string(static_cast<int>(isa)) + " " +
                       dtypeName(t) + " m=" + std::to_string(m) +
                       " n=" + std::to_string(n) + " k=" + std::to_string(k) +
                       (accumulate ? " accumulate" : " overwrite"));
          auto a = randomMatrix(rng, m, k, t), b = randomMatrix(rng, k, n, t);
          auto za = packZz(a, m, k, t), zb = packZn(b, k, n, t);
          MmadDesc d = desc(m, n, k, t, dst);
          d.cmatrixInitVal = !accumulate;
          ASSERT_EQ(mmadAccumulates(d), accumulate);
          // L0C before: valid elements random (int32 near INT32_MAX, so
          // the sum wraps), padding 0xAB.
          std::vector<uint8_t> c0(
              static_cast<size_t>(ceil16(m)) * ceil16(n) * 4, 0xAB);
          std::uniform_int_distribution<int32_t> iv(INT32_MAX - 1000000,
                                                    INT32_MAX);
          std::uniform_real_distribution<float> fv(-50.0f, 50.0f);
          for (uint32_t i = 0; i < m; ++i)
            for (uint32_t j = 0; j < n; ++j) {
              if (i8) {
                int32_t v = iv(rng);
                std::memcpy(c0.data() + nzAt(i, j, m) * 4, &v, 4);
              } else {
                float v = fv(rng);
                std::memcpy(c0.data() + nzAt(i, j, m) * 4, &v, 4);
              }
            }
          std::vector<uint8_t> staged = c0, fused = c0, sum(c0.size());
          mmad(d, za.data(), zb.data(), nullptr, sum.data());
          mmadCommit(d, sum.data(), staged.data());
          mmadInto(d, za.data(), zb.data(), fused.data());
          ASSERT_EQ(staged, fused);
          for (size_t o = 0; o < c0.size(); o += 4) {
            const uint32_t f = static_cast<uint32_t>(o / 4 / 256);
            const uint32_t i = (f % ((m + 15) / 16)) * 16 + (o / 4 % 256) / 16;
            const uint32_t j = (f / ((m + 15) / 16)) * 16 + o / 4 % 16;
            if (i >= m || j >= n) { // padding: as it was
              ASSERT_EQ(std::memcmp(staged.data() + o, c0.data() + o, 4), 0)
                  << i << "," << j;
              continue;
            }
            if (i8) {
              int64_t ref = 0;
              for (uint32_t kk = 0; kk < k; ++kk)
                ref += static_cast<int64_t>(a[i * k + kk]) *
                       static_cast<int64_t>(b[kk * n + j]);
              int32_t before, got;
              std::memcpy(&before, c0.data() + o, 4);
              std::memcpy(&got, staged.data() + o, 4);
              uint32_t want = static_cast<uint32_t>(ref);
              if (accumulate)
                want += static_cast<uint32_t>(before);
              ASSERT_EQ(static_cast<uint32_t>(got), want) << i << "," << j;
            } else {
              float before, got;
              std::memcpy(&before, c0.data() + o, 4);
              std::memcpy(&got, staged.data() + o, 4);
              float s = refDot(a, b, k, n, i, j);
              ASSERT_EQ(got, accumulate ? before + s : s) << i << "," << j;
            }
          }
        }
    }
  }
  setCubeIsaCap(CubeIsa::Best);
}

TEST(CubeMmad, GemvReadsAContiguously) {
  std::mt19937 rng(3);
  const uint32_t n = 33, k = 50;
  auto a = randomMatrix(rng, 1, k, DType::F16),
       b = randomMatrix(rng, k, n, DType::F16);
  std::vector<uint8_t> za(4 * 512, 0); // 1 x K row, contiguous
  for (uint32_t j = 0; j < k; ++j)
    put(za, j, DType::F16, a[j]);
  auto zb = packZn(b, k, n, DType::F16);
  MmadDesc d = desc(1, n, k, DType::F16, DType::F32);
  std::vector<uint8_t> c(ceil16(1) * ceil16(n) * 4, 0), sum(c.size());
  mmad(d, za.data(), zb.data(), nullptr, sum.data());
  mmadCommit(d, sum.data(), c.data());
  for (uint32_t j = 0; j < n; ++j) {
    float got;
    std::memcpy(&got, c.data() + nzAt(0, j, 1) * 4, 4);
    EXPECT_EQ(got, refDot(a, b, k, n, 0, j));
  }
}

TEST(CubeFormats, Nd2NzPadsTheLastBlockWithZeros) {
  for (DType t : {DType::F16, DType::I8, DType::F32}) {
    const uint32_t es = dtypeSize(t), c0 = 32 / es, rows = 21,
                   cols = 3 * c0 - 5;
    const uint32_t pitch = cols + 7; // srcDValue: a wider GM row
    std::vector<uint8_t> src(static_cast<size_t>(rows) * pitch * es);
    for (size_t i = 0; i < src.size(); ++i)
      src[i] = static_cast<uint8_t>(i * 7 + 1);
    Nd2NzDesc d{1, rows, cols, 0, pitch, ceil16(rows), 1, 0};
    uint32_t blocks = (cols + c0 - 1) / c0;
    std::vector<uint8_t> dst(static_cast<size_t>(blocks) * ceil16(rows) * 32,
                             0xAB);
    nd2nz(d, es, src.data(), dst.data());
    for (uint32_t r = 0; r < rows; ++r)
      for (uint32_t c = 0; c < blocks * c0; ++c) {
        const uint8_t *got =
            dst.data() + (static_cast<size_t>(c / c0) * ceil16(rows) + r) * 32 +
            (c % c0) * es;
        std::vector<uint8_t> want(es, 0);
        if (c < cols)
          std::memcpy(want.data(), src.data() + (r * pitch + c) * es, es);
        ASSERT_EQ(0, std::memcmp(got, want.data(), es))
            << dtypeName(t) << " " << r << "," << c;
      }
    // Rows 21..31 of the padded fractals are not written.
    EXPECT_EQ(dst[21 * 32], 0xAB);
  }
}

TEST(CubeFormats, LoadDataReordersNzIntoZzAndTransposesIntoZn) {
  // A 32 x 48 half matrix in L1 as Nz (K1 = 3 column blocks of M1 = 2).
  const uint32_t m = 32, k = 48, m1 = 2, k1 = 3;
  std::vector<uint8_t> nz(static_cast<size_t>(m1) * k1 * 512);
  std::vector<double> v(m * k);
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < k; ++j) {
      v[i * k + j] = i * 100 + j;
      put(nz, ((j / 16) * m1 + i / 16) * 256 + (i % 16) * 16 + j % 16,
          DType::F16, v[i * k + j]);
    }
  // Zz: per m1 row of fractals, K1 repeats with srcStride M1.
  std::vector<uint8_t> zz(nz.size(), 0);
  for (uint32_t r = 0; r < m1; ++r) {
    LoadData2DDesc d{};
    d.startIndex = r;
    d.repeatTimes = k1;
    d.srcStride = m1;
    loadData2D(d, DType::F16, false, nz.data(), nullptr,
               zz.data() + r * k1 * 512);
  }
  EXPECT_EQ(zz, packZz(v, m, k, DType::F16));
  // The same matrix as B (k x n = 32 x 48): Nz fractals transposed into Zn.
  const uint32_t kb = 32, nb = 48, kb1 = 2, nb1 = 3;
  std::vector<uint8_t> zn(nz.size(), 0);
  for (uint32_t r = 0; r < kb1; ++r) {
    LoadData2DDesc d{};
    d.startIndex = r;
    d.repeatTimes = nb1;
    d.srcStride = kb1;
    d.ifTranspose = true;
    loadData2D(d, DType::F16, false, nz.data(), nullptr,
               zn.data() + r * nb1 * 512);
  }
  EXPECT_EQ(zn, packZn(v, kb, nb, DType::F16));
}

TEST(CubeFormats, TransposeOf8And32BitDataMovesFractalPairs) {
  // int8: a 32 x 32 block = two fractals (rows 0-15, 16-31).
  std::vector<uint8_t> src(1024), dst(1024, 0);
  for (int i = 0; i < 1024; ++i)
    src[i] = static_cast<uint8_t>(i * 13);
  LoadData2DDesc d{};
  d.form = LoadForm::Transpose;
  d.repeatTimes = 1;
  loadData2D(d, DType::I8, false, src.data(), nullptr, dst.data());
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c)
      ASSERT_EQ(dst[r * 32 + c], src[c * 32 + r]);
  // float32: a 16 x 16 block whose columns 0-7 / 8-15 are the fractals.
  std::vector<float> s(256), o(256, 0);
  for (int i = 0; i < 256; ++i)
    s[i] = static_cast<float>(i);
  loadData2D(d, DType::F32, false, reinterpret_cast<uint8_t *>(s.data()),
             nullptr, reinterpret_cast<uint8_t *>(o.data()));
  auto at = [](const std::vector<float> &f, int r, int c) {
    return f[(c / 8) * 128 + r * 8 + c % 8];
  };
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c)
      ASSERT_EQ(at(o, r, c), at(s, c, r));
}

TEST(CubeFixpipe, NzToNdWithQuantModesAndRelu) {
  const uint32_t m = 20, n = 40, m16 = ceil16(m), n16 = ceil16(n);
  std::vector<float> l0c(m16 * n16, 0);
  std::vector<int32_t> l0i(m16 * n16, 0);
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      l0c[nzAt(i, j, m)] = (static_cast<float>(i) - 9.5f) * (j + 1) / 3.0f;
      l0i[nzAt(i, j, m)] =
          static_cast<int32_t>(i * 37) - static_cast<int32_t>(j * 11);
    }
  FixpipeDesc d{};
  d.nSize = n;
  d.mSize = m;
  d.srcStride = m16;
  d.dstStride = n + 3; // a wider output row
  d.ndNum = 1;
  // float32 -> float16 (RINT), ReLU.
  d.src = DType::F32;
  d.dst = DType::F16;
  d.quant = kF322F16;
  d.reluEn = true;
  std::vector<uint8_t> out(m * d.dstStride * 2, 0xEE);
  fixpipe(d, reinterpret_cast<uint8_t *>(l0c.data()), nullptr, out.data());
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      float v = std::max(0.0f, l0c[nzAt(i, j, m)]);
      ASSERT_EQ(get(out, i * d.dstStride + j, DType::F16),
                vm::roundTo(v, DType::F16));
    }
  EXPECT_EQ(out[n * 2], 0xEE); // the row's tail is not written
  // int32 -> float16 with a scalar scale (DEQF16) and int32 -> int8 per
  // channel (VREQ8, saturating).
  d.src = DType::I32;
  d.reluEn = false;
  d.quant = kDeqF16;
  float scale = 0.25f;
  uint32_t sbits;
  std::memcpy(&sbits, &scale, 4);
  d.deqScalar = sbits;
  fixpipe(d, reinterpret_cast<uint8_t *>(l0i.data()), nullptr, out.data());
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j)
      ASSERT_EQ(get(out, i * d.dstStride + j, DType::F16),
                vm::roundTo(l0i[nzAt(i, j, m)] * 0.25, DType::F16));
  d.quant = kVReq8;
  d.dst = DType::I8;
  std::vector<uint64_t> words(n);
  for (uint32_t j = 0; j < n; ++j) {
    float s = 0.5f + j / 8.0f;
    uint32_t b;
    std::memcpy(&b, &s, 4);
    words[j] = b;
  }
  std::vector<uint8_t> o8(m * d.dstStride, 0);
  fixpipe(d, reinterpret_cast<uint8_t *>(l0i.data()),
          reinterpret_cast<uint8_t *>(words.data()), o8.data());
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      double q = std::nearbyint(static_cast<double>(
          static_cast<float>(l0i[nzAt(i, j, m)]) * (0.5f + j / 8.0f)));
      q = std::min(127.0, std::max(-128.0, q));
      ASSERT_EQ(static_cast<int8_t>(o8[i * d.dstStride + j]),
                static_cast<int>(q));
    }
}

TEST(CubeFixpipe, NzOutputKeepsFractals) {
  const uint32_t m = 16, n = 32;
  std::vector<float> l0c(m * n);
  for (uint32_t i = 0; i < m * n; ++i)
    l0c[i] = static_cast<float>(i);
  FixpipeDesc d{};
  d.src = d.dst = DType::F32;
  d.nz = true;
  d.nSize = n;
  d.mSize = m;
  d.srcStride = m;
  d.dstStride = m * 16 * 4 / 32; // 32-B units between the column blocks
  d.ndNum = 1;
  std::vector<float> out(m * n, -1);
  fixpipe(d, reinterpret_cast<uint8_t *>(l0c.data()), nullptr,
          reinterpret_cast<uint8_t *>(out.data()));
  EXPECT_EQ(out, l0c); // NZ -> NZ with the natural strides is a copy
}

TEST(CubeRuns, MmadAndFixpipeFootprints) {
  CubeInstr in;
  in.kind = CubeKind::Mmad;
  in.mmad = desc(30, 40, 70, DType::F16, DType::F32);
  CubeRuns r = planCube(in);
  // A: 2 x 5 fractals, B: 5 x 3, C: 2 x 3 float32 fractals.
  EXPECT_EQ(extent(r.src), 2u * 5 * 512);
  EXPECT_EQ(extent(r.src1), 5u * 3 * 512);
  EXPECT_EQ(extent(r.dst), 2u * 3 * 1024);
  in.kind = CubeKind::Fixpipe;
  in.fix = FixpipeDesc{};
  in.fix.src = DType::F32;
  in.fix.dst = DType::F16;
  in.fix.nSize = 40;
  in.fix.mSize = 30;
  in.fix.srcStride = 32;
  in.fix.dstStride = 64;
  in.fix.ndNum = 1;
  r = planCube(in);
  ASSERT_EQ(r.dst.size(), 30u); // one run per output row
  EXPECT_EQ(r.dst[1].off, 128u);
  EXPECT_EQ(r.dst[1].len, 80u);
}

// The Mmad kernel is blocked and vectorised (issue 14): against a scalar
// triple loop over the fractal layouts (what it replaced) on the same data
// in the same process, so the ratio does not depend on the machine's load.
TEST(CubeMmad, InnerKernelIsFarFasterThanAScalarLoop) {
  const uint32_t s = 128;
  std::mt19937 rng(1);
  auto a = randomMatrix(rng, s, s, DType::F16),
       b = randomMatrix(rng, s, s, DType::F16);
  auto za = packZz(a, s, s, DType::F16), zb = packZn(b, s, s, DType::F16);
  MmadDesc d = desc(s, s, s, DType::F16, DType::F32);
  std::vector<uint8_t> sum(static_cast<size_t>(s) * s * 4);
  std::vector<float> naive(static_cast<size_t>(s) * s);
  using Clock = std::chrono::steady_clock;
  double fast = 1e9, slow = 1e9;
  for (int rep = 0; rep < 3; ++rep) {
    auto t0 = Clock::now();
    mmad(d, za.data(), zb.data(), nullptr, sum.data());
    auto t1 = Clock::now();
    for (uint32_t i = 0; i < s; ++i)
      for (uint32_t j = 0; j < s; ++j) {
        float acc = 0;
        for (uint32_t k = 0; k < s; ++k)
          acc = acc +
                static_cast<float>(get(
                    za, ((i / 16) * 8 + k / 16) * 256 + (i % 16) * 16 + k % 16,
                    DType::F16)) *
                    static_cast<float>(get(zb,
                                           ((k / 16) * 8 + j / 16) * 256 +
                                               (j % 16) * 16 + k % 16,
                                           DType::F16));
        naive[i * s + j] = acc;
      }
    auto t2 = Clock::now();
    fast = std::min(fast, std::chrono::duration<double>(t1 - t0).count());
    slow = std::min(slow, std::chrono::duration<double>(t2 - t1).count());
  }
  for (uint32_t i = 0; i < s; ++i)
    for (uint32_t j = 0; j < s; ++j) {
      float got;
      std::memcpy(&got, sum.data() + nzAt(i, j, s) * 4, 4);
      ASSERT_EQ(got, naive[i * s + j]);
    }
  std::printf("mmad 128^3 f16: %.2f GMAC/s, %.0fx the scalar loop\n",
              1.0 * s * s * s / fast / 1e9, slow / fast);
  EXPECT_GT(slow / fast, 4.0);
}

// LoadData 3D (img2col) of an NC1HWC0 float16 map against a direct
// im2col: k = ((c1 * Kh + kh) * Kw + kw) * C0 + c0, m = ho * Wo + wo,
// padding (and m beyond the output) = the pad value; L0A in Zz.
TEST(CubeFormats, Img2colWindowIntoZz) {
  struct Case {
    uint32_t h, w, c, fh, fw, sh, sw, dh, dw;
    uint8_t pad[4]; // left, right, top, bottom
    uint32_t mStart, mExt, kStart, kExt;
  } cases[] = {{5, 6, 16, 3, 3, 1, 1, 1, 1, {1, 1, 1, 1}, 0, 32, 0, 144},
               {7, 9, 32, 2, 3, 2, 2, 2, 1, {0, 2, 1, 0}, 16, 16, 48, 64}};
  for (const Case &c : cases) {
    const uint32_t c0 = 16, c1 = (c.c + 15) / 16;
    std::vector<uint8_t> fmap(static_cast<size_t>(c1) * c.h * c.w * c0 * 2);
    for (size_t i = 0; i < fmap.size() / 2; ++i)
      put(fmap, i, DType::F16, static_cast<double>(i % 1000));
    CubeInstr in;
    in.kind = CubeKind::Load3D;
    in.type = DType::F16;
    Load3DDesc &d = in.load3d;
    std::memcpy(d.padList, c.pad, 4);
    d.l1H = c.h;
    d.l1W = c.w;
    d.channelSize = c.c;
    d.kExtension = c.kExt;
    d.mExtension = c.mExt;
    d.kStartPt = c.kStart;
    d.mStartPt = c.mStart;
    d.strideW = c.sw;
    d.strideH = c.sh;
    d.filterW = c.fw;
    d.filterH = c.fh;
    d.dilationW = c.dw;
    d.dilationH = c.dh;
    std::vector<uint8_t> pv(2);
    put(pv, 0, DType::F16, -3.0);
    std::memcpy(&d.padValue, pv.data(), 2);
    const uint32_t m1 = c.mExt / 16, k1 = c.kExt / 16;
    std::vector<uint8_t> out(static_cast<size_t>(m1) * k1 * 512, 0xEE);
    load3D(in, fmap.data(), out.data());
    const int64_t wo = (static_cast<int64_t>(c.w) + c.pad[0] + c.pad[1] -
                        (c.dw * (c.fw - 1) + 1)) /
                           c.sw +
                       1;
    const int64_t ho = (static_cast<int64_t>(c.h) + c.pad[2] + c.pad[3] -
                        (c.dh * (c.fh - 1) + 1)) /
                           c.sh +
                       1;
    for (uint32_t i = 0; i < c.mExt; ++i)
      for (uint32_t j = 0; j < c.kExt; ++j) {
        int64_t m = c.mStart + i, k = c.kStart + j;
        int64_t ci0 = k % c0, rest = k / c0, kw = rest % c.fw;
        rest /= c.fw;
        int64_t kh = rest % c.fh, ci1 = rest / c.fh;
        double want = -3.0;
        if (m < ho * wo && ci1 < c1) {
          int64_t y = (m / wo) * c.sh - c.pad[2] + kh * c.dh;
          int64_t x = (m % wo) * c.sw - c.pad[0] + kw * c.dw;
          if (y >= 0 && x >= 0 && y < c.h && x < c.w)
            want =
                get(fmap, ((ci1 * c.h + y) * c.w + x) * c0 + ci0, DType::F16);
        }
        uint64_t at = ((i / 16) * k1 + j / 16) * 256 + (i % 16) * 16 + j % 16;
        ASSERT_EQ(get(out, at, DType::F16), want) << i << "," << j;
      }
  }
}
