//===- LayoutTest.cpp - GatherMask, Transpose, 5HD, Scatter -----*- C++ -*-===//
//
// Randomized (seeded) tests of the layout instructions of
// ascsim/layout_api.h against references written here from ascendc_api.md
// §5.8-§5.9 and the choices of sim/VECTOR.md, byte for byte; plus their
// diagnostics. One kernel (kernels/vec_layout.cpp) runs a scenario.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"
#include "ascsim/runtime.h"
#include "ascsim/vector_abi.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace ascsim;

namespace {

enum Scenario {
  kGatherMaskTensor = 0,
  kGatherMaskBuiltin,
  kTranspose16,
  kTransposeExt,
  kTrans5hdTensors,
  kTrans5hdAddresses,
  kTrans5hdUbList,
  kScatterCount,
  kScatterMask,
  kScatterBits,
};

struct Desc {
  int64_t w[25] = {};
  std::vector<uint8_t> A, B, D;
};

struct RunOut {
  LaunchResult res;
  std::vector<uint8_t> D;
  int64_t kept = 0, remain = 0;
};

std::string dump(const LaunchResult &r) { return test::dumpDiagnostics(r); }

Kernel &kernel() { return test::cachedKernel(ASCSIM_KERNEL_VEC_LAYOUT); }

RunOut launch(Desc d) {
  d.w[22] = static_cast<int64_t>(d.A.size());
  d.w[23] = static_cast<int64_t>(d.B.size());
  d.w[24] = static_cast<int64_t>(d.D.size());
  std::vector<int64_t> w(d.w, d.w + 25);
  RunOut out;
  out.D = d.D;
  std::vector<int64_t> counts(4, -1);
  auto addr = [](auto &v) { return reinterpret_cast<uint64_t>(v.data()); };
  LaunchConfig cfg;
  cfg.host_threads = 1;
  out.res = kernel().launch(
      1, {addr(w), addr(d.A), addr(d.B), addr(out.D), addr(counts)},
      {{addr(w), w.size() * 8, "cfg"},
       {addr(d.A), d.A.size(), "a"},
       {addr(d.B), d.B.size(), "b"},
       {addr(out.D), out.D.size(), "d"},
       {addr(counts), counts.size() * 8, "counts"}},
      cfg);
  out.kept = counts[0];
  out.remain = counts[1];
  return out;
}

std::vector<uint8_t> randomBytes(std::mt19937_64 &g, size_t n) {
  std::vector<uint8_t> v(n);
  for (auto &b : v)
    b = static_cast<uint8_t>(g());
  return v;
}

bool builtinBit(int p, uint64_t e) {
  if (p == 1)
    return e % 2 == 0;
  if (p == 2)
    return e % 2 == 1;
  if (p >= 3 && p <= 6)
    return e % 4 == static_cast<uint64_t>(p - 3);
  return true;
}

uint32_t sizeOf(DType t) {
  switch (t) {
  case DType::I8:
  case DType::U8:
    return 1;
  case DType::I32:
  case DType::U32:
  case DType::F32:
    return 4;
  default:
    return 2;
  }
}

//===----------------------------------------------------------------------===//
// GatherMask
//===----------------------------------------------------------------------===//

TEST(LayoutTest, GatherMaskRandomized) {
  std::mt19937_64 g(20260713);
  const DType types[] = {DType::I16,  DType::U16, DType::F16,
                         DType::BF16, DType::I32, DType::U32};
  for (int iter = 0; iter < 120; ++iter) {
    DType t = types[g() % 6];
    uint32_t es = sizeOf(t), epb = 32 / es;
    bool builtin = g() % 3 == 0;
    bool reduce = g() % 3 == 0;
    int pattern = builtin ? 1 + static_cast<int>(g() % 7) : 0;
    uint64_t perRep = reduce ? 1 + g() % 300 : 256 / es;
    uint64_t reps = g() % 5; // 0 is a NOP
    uint64_t blk = 1 + g() % 2, rep = g() % 24, prep = g() % 3;
    Desc d;
    d.w[0] = builtin ? kGatherMaskBuiltin : kGatherMaskTensor;
    d.w[1] = static_cast<int64_t>(t);
    d.w[2] = reduce;
    d.w[3] = static_cast<int64_t>(perRep);
    d.w[4] = static_cast<int64_t>(reps);
    d.w[5] = static_cast<int64_t>(blk);
    d.w[6] = static_cast<int64_t>(rep);
    d.w[7] = static_cast<int64_t>(prep);
    d.w[8] = pattern;
    d.A = randomBytes(g, 32768);
    d.B = randomBytes(g, 1024);
    d.D = randomBytes(g, 32768);
    std::vector<uint8_t> want = d.D;
    uint64_t k = 0;
    for (uint64_t r = 0; r < reps; ++r)
      for (uint64_t e = 0; e < perRep; ++e) {
        uint64_t bit = r * prep * 256 + e;
        bool keep =
            builtin ? builtinBit(pattern, e) : (d.B[bit / 8] >> (bit % 8)) & 1;
        if (!keep)
          continue;
        uint64_t off = (r * rep + (e / epb) * blk) * 32 + (e % epb) * es;
        std::memcpy(&want[k * es], &d.A[off], es);
        ++k;
      }
    RunOut o = launch(d);
    ASSERT_TRUE(o.res.ok) << "iter " << iter << "\n" << dump(o.res);
    EXPECT_EQ(o.kept, static_cast<int64_t>(k)) << "iter " << iter;
    EXPECT_EQ(o.remain, static_cast<int64_t>(k)) << "iter " << iter;
    EXPECT_EQ(o.D, want) << "iter " << iter << " type " << static_cast<int>(t)
                         << " pattern " << pattern << " reduce " << reduce;
  }
}

Desc gatherMaskCase(DType t, int pattern) {
  Desc d;
  d.w[0] = pattern ? kGatherMaskBuiltin : kGatherMaskTensor;
  d.w[1] = static_cast<int64_t>(t);
  d.w[4] = 1;
  d.w[5] = 1;
  d.w[8] = pattern;
  d.A.assign(1024, 1);
  d.B.assign(256, 0xFF);
  d.D.assign(1024, 0);
  return d;
}

TEST(LayoutTest, GatherMaskDiagnostics) {
  struct Case {
    Desc d;
    const char *category, *text;
  };
  Desc f32 = gatherMaskCase(DType::F32, 0);
  Desc zero = gatherMaskCase(DType::F16, 0);
  zero.w[0] = kGatherMaskBuiltin; // pattern 0
  Desc bigRepeat = gatherMaskCase(DType::F16, 7);
  bigRepeat.w[4] = 300;
  Desc small = gatherMaskCase(DType::I16, 0);
  small.D.assign(64, 0); // 32 elements, 128 kept
  Desc smallBuiltin = gatherMaskCase(DType::I16, 7);
  smallBuiltin.D.assign(64, 0);
  Case cases[] = {
      {f32, "dtype",
       "gather_mask: does not support float32 sources with a uint32 pattern "
       "on Ascend 910B/910C (A2/A3); supported (src0, pattern): (int16, "
       "uint16), (uint16, uint16), (float16, uint16), (bfloat16, uint16), "
       "(int32, uint32), (uint32, uint32)"},
      {zero, "argument",
       "gather_mask: a built-in pattern must be in [1, 7], but got 0"},
      {bigRepeat, "argument",
       "gather_mask: params.repeat_times must be in [0, 255], but got 300"},
      {small, "bounds",
       "gather_mask: the pattern keeps more than the 32 elements the "
       "destination tensor holds (element 32 of repeat 0 would be output "
       "element 32)"},
      {smallBuiltin, "bounds",
       "gather_mask: built-in pattern 7 keeps 128 elements, but the "
       "destination tensor holds 32"},
  };
  for (Case &c : cases) {
    RunOut o = launch(c.d);
    ASSERT_FALSE(o.res.ok);
    ASSERT_FALSE(o.res.diagnostics.empty());
    EXPECT_EQ(o.res.diagnostics[0].category, c.category);
    EXPECT_EQ(o.res.diagnostics[0].message, c.text) << dump(o.res);
  }
}

//===----------------------------------------------------------------------===//
// Transpose
//===----------------------------------------------------------------------===//

TEST(LayoutTest, Transpose16x16) {
  std::mt19937_64 g(7);
  for (DType t : {DType::I16, DType::U16, DType::F16}) {
    Desc d;
    d.w[0] = kTranspose16;
    d.w[1] = static_cast<int64_t>(t);
    d.A = randomBytes(g, 512);
    d.D = randomBytes(g, 1024);
    std::vector<uint8_t> want = d.D;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j)
        std::memcpy(&want[(i * 16 + j) * 2], &d.A[(j * 16 + i) * 2], 2);
    RunOut o = launch(d);
    ASSERT_TRUE(o.res.ok) << dump(o.res);
    EXPECT_EQ(o.D, want);
  }
}

TEST(LayoutTest, TransposeExtRandomized) {
  std::mt19937_64 g(11);
  const DType types[] = {DType::I8,  DType::U8,  DType::I16, DType::U16,
                         DType::F16, DType::I32, DType::U32, DType::F32};
  for (int iter = 0; iter < 40; ++iter) {
    DType t = types[g() % 8];
    uint32_t es = sizeOf(t);
    bool toNhwc = g() % 2;
    uint64_t n = 1 + g() % 3, c = 1 + g() % 5;
    uint64_t w0 = 32 / es;
    uint64_t h = 1 + g() % 3, w = w0 * (1 + g() % 2); // h*w*es % 32 == 0
    Desc d;
    d.w[0] = kTransposeExt;
    d.w[1] = static_cast<int64_t>(t);
    d.w[9] = static_cast<int64_t>(n);
    d.w[10] = static_cast<int64_t>(c);
    d.w[11] = static_cast<int64_t>(h);
    d.w[12] = static_cast<int64_t>(w);
    d.w[13] = toNhwc ? 11 : 12;
    uint64_t total = n * c * h * w;
    d.A = randomBytes(g, (total * es + 31) / 32 * 32);
    uint64_t h0 = es == 1 ? 32 : 16;
    uint64_t tmp = (toNhwc ? c + 2 : 2 * c + 1) * h0 * w0 * es;
    d.B.assign((tmp + 31) / 32 * 32, 0);
    d.D = randomBytes(g, (total * es + 31) / 32 * 32);
    std::vector<uint8_t> want = d.D;
    uint64_t hw = h * w;
    for (uint64_t b = 0; b < n; ++b)
      for (uint64_t k = 0; k < c; ++k)
        for (uint64_t p = 0; p < hw; ++p) {
          uint64_t nchw = (b * c + k) * hw + p, nhwc = (b * hw + p) * c + k;
          uint64_t from = toNhwc ? nchw : nhwc, to = toNhwc ? nhwc : nchw;
          std::memcpy(&want[to * es], &d.A[from * es], es);
        }
    RunOut o = launch(d);
    ASSERT_TRUE(o.res.ok) << "iter " << iter << "\n" << dump(o.res);
    EXPECT_EQ(o.D, want) << "iter " << iter;
  }
  // TRANSPOSE_ND2ND_B16: n * c tiles of 16 x 16.
  Desc d;
  d.w[0] = kTransposeExt;
  d.w[1] = static_cast<int64_t>(DType::F16);
  d.w[9] = 2;
  d.w[10] = 3;
  d.w[11] = d.w[12] = 16;
  d.w[13] = 10;
  d.A = randomBytes(g, 6 * 512);
  d.B.assign(32, 0);
  d.D = randomBytes(g, 6 * 512);
  std::vector<uint8_t> want = d.D;
  for (int k = 0; k < 6; ++k)
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j)
        std::memcpy(&want[k * 512 + (i * 16 + j) * 2],
                    &d.A[k * 512 + (j * 16 + i) * 2], 2);
  RunOut o = launch(d);
  ASSERT_TRUE(o.res.ok) << dump(o.res);
  EXPECT_EQ(o.D, want);
}

TEST(LayoutTest, TransposeDiagnostics) {
  Desc base;
  base.w[0] = kTransposeExt;
  base.w[1] = static_cast<int64_t>(DType::F16);
  base.w[9] = 1;
  base.w[10] = 4;
  base.w[11] = 1;
  base.w[12] = 16;
  base.w[13] = 11;
  base.A.assign(1024, 0);
  base.B.assign(32, 0); // (4 + 2) * 16 * 16 * 2 = 3072 needed
  base.D.assign(1024, 0);
  Desc type7 = base;
  type7.w[13] = 7;
  Desc f32 = base;
  f32.w[0] = kTranspose16;
  f32.w[1] = static_cast<int64_t>(DType::F32);
  struct Case {
    Desc d;
    const char *category, *text;
  } cases[] = {
      {base, "bounds",
       "transpose: the shared tmp buffer holds 32 bytes, but (c + 2) * h0 * "
       "w0 * sizeof(T) = 3072 are needed"},
      {type7, "argument",
       "transpose: transpose type 7 is not implemented on Ascend 910B/910C "
       "(A2/A3); use TRANSPOSE_ND2ND_B16, TRANSPOSE_NCHW2NHWC or "
       "TRANSPOSE_NHWC2NCHW"},
      {f32, "dtype",
       "transpose: the 16x16 form does not support float32 on Ascend "
       "910B/910C (A2/A3); supported: int16, uint16, float16"},
  };
  for (Case &c : cases) {
    RunOut o = launch(c.d);
    ASSERT_FALSE(o.res.ok);
    EXPECT_EQ(o.res.diagnostics[0].category, c.category);
    EXPECT_EQ(o.res.diagnostics[0].message, c.text) << dump(o.res);
  }
}

//===----------------------------------------------------------------------===//
// TransDataTo5HD
//===----------------------------------------------------------------------===//

TEST(LayoutTest, TransDataTo5HDRandomized) {
  std::mt19937_64 g(5);
  const DType types[] = {DType::I8,  DType::U8,  DType::I16, DType::F16,
                         DType::I32, DType::F32, DType::U32, DType::U16};
  for (int iter = 0; iter < 60; ++iter) {
    DType t = types[g() % 8];
    uint32_t es = sizeOf(t);
    int form = kTrans5hdTensors + static_cast<int>(g() % 3);
    uint64_t reps = 1 + g() % 3;
    uint64_t dstRep = g() % 3, srcRep = g() % 3;
    bool dh = es == 1 && g() % 2, sh = es == 1 && g() % 2;
    // Every list entry owns a region large enough for its repeats.
    uint64_t span = 32 * (1 + 3 * 2);
    Desc d;
    d.w[0] = form;
    d.w[1] = static_cast<int64_t>(t);
    d.w[4] = static_cast<int64_t>(reps);
    d.w[14] = dh;
    d.w[15] = sh;
    d.w[16] = static_cast<int64_t>(dstRep);
    d.w[17] = static_cast<int64_t>(srcRep);
    d.w[20] = d.w[21] = static_cast<int64_t>(span);
    d.A = randomBytes(g, 16 * span);
    d.D = randomBytes(g, 16 * span);
    std::vector<uint8_t> want = d.D;
    auto at = [&](uint64_t r, uint64_t stride) {
      return (reps == 1 ? 1 : r) * stride * 32;
    };
    for (uint64_t r = 0; r < reps; ++r) {
      uint64_t ds = at(r, dstRep), ss = at(r, srcRep);
      for (uint64_t i = 0; i < 16; ++i)
        for (uint64_t j = 0; j < 16; ++j) {
          const uint8_t *src = &d.A[i * span + ss];
          if (es == 2)
            std::memcpy(&want[j * span + ds + i * 2], src + j * 2, 2);
          else if (es == 1)
            want[j * span + ds + (dh ? 16 : 0) + i] = src[(sh ? 16 : 0) + j];
          else if (j < 8)
            std::memcpy(&want[(2 * j + i / 8) * span + ds + (i % 8) * 4],
                        src + j * 4, 4);
        }
    }
    RunOut o = launch(d);
    ASSERT_TRUE(o.res.ok) << "iter " << iter << "\n" << dump(o.res);
    EXPECT_EQ(o.D, want) << "iter " << iter << " form " << form << " type "
                         << static_cast<int>(t);
  }
}

TEST(LayoutTest, TransDataTo5HDDiagnostics) {
  Desc d;
  d.w[0] = kTrans5hdAddresses;
  d.w[1] = static_cast<int64_t>(DType::F16);
  d.w[4] = 1;
  d.w[14] = 1;
  d.w[20] = d.w[21] = 64;
  d.A.assign(1024, 0);
  d.D.assign(1024, 0);
  RunOut o = launch(d);
  ASSERT_FALSE(o.res.ok);
  EXPECT_EQ(o.res.diagnostics[0].category, "argument");
  EXPECT_EQ(o.res.diagnostics[0].message,
            "trans_data_to_5hd: dst_high_half/src_high_half apply only to "
            "int8/uint8, not float16");
}

//===----------------------------------------------------------------------===//
// Scatter (not on A2/A3 NPUs; simulator semantics, sim/VECTOR.md)
//===----------------------------------------------------------------------===//

TEST(LayoutTest, ScatterRandomized) {
  std::mt19937_64 g(3);
  const DType types[] = {DType::F16, DType::I32, DType::U16, DType::F32};
  for (int iter = 0; iter < 40; ++iter) {
    DType t = types[g() % 4];
    uint32_t es = sizeOf(t);
    uint64_t per = 256 / es;
    int form = kScatterCount + static_cast<int>(g() % 3);
    uint64_t reps = 1 + g() % 3, srcRep = 8 + g() % 4;
    uint64_t count = 1 + g() % (per * 3);
    uint64_t m0 = g(), m1 = g(), cont = 1 + g() % per;
    if (per <= 64)
      m1 = 0;
    if (per < 64)
      m0 &= (1ull << per) - 1;
    uint64_t dstElems = 4096, base = es * (g() % 16);
    // Distinct destinations so that the order of writes does not matter.
    std::vector<uint32_t> slots(dstElems - 16);
    for (uint32_t i = 0; i < slots.size(); ++i)
      slots[i] = i;
    std::shuffle(slots.begin(), slots.end(), g);
    Desc d;
    d.w[0] = form;
    d.w[1] = static_cast<int64_t>(t);
    d.w[3] = static_cast<int64_t>(form == kScatterCount  ? count
                                  : form == kScatterMask ? cont
                                                         : m0);
    d.w[4] = static_cast<int64_t>(reps);
    d.w[6] = static_cast<int64_t>(srcRep);
    d.w[18] = static_cast<int64_t>(base);
    d.w[19] = static_cast<int64_t>(m1);
    d.A = randomBytes(g, 4096);
    d.B.assign(4 * per * 3, 0);
    for (uint64_t i = 0; i < per * 3; ++i) {
      uint32_t off = slots[i] * es;
      std::memcpy(&d.B[i * 4], &off, 4);
    }
    d.D = randomBytes(g, dstElems * es);
    std::vector<uint8_t> want = d.D;
    uint64_t rr = form == kScatterCount ? (count + per - 1) / per : reps;
    uint64_t step = form == kScatterCount ? 256 : srcRep * 32;
    for (uint64_t r = 0; r < rr; ++r)
      for (uint64_t e = 0; e < per; ++e) {
        bool on = form == kScatterCount ? r * per + e < count
                  : form == kScatterMask
                      ? e < cont
                      : ((e < 64 ? m0 >> e : m1 >> (e - 64)) & 1);
        if (!on)
          continue;
        uint64_t i = r * per + e;
        uint32_t off;
        std::memcpy(&off, &d.B[i * 4], 4);
        std::memcpy(&want[base + off], &d.A[r * step + e * es], es);
      }
    RunOut o = launch(d);
    ASSERT_TRUE(o.res.ok) << "iter " << iter << "\n" << dump(o.res);
    EXPECT_EQ(o.D, want) << "iter " << iter;
  }
}

TEST(LayoutTest, ScatterOffsetOutsideDestination) {
  Desc d;
  d.w[0] = kScatterCount;
  d.w[1] = static_cast<int64_t>(DType::F32);
  d.w[3] = 8;
  d.A.assign(256, 0);
  d.B.assign(32, 0);
  uint32_t off = 4096;
  std::memcpy(&d.B[4], &off, 4);
  d.D.assign(1024, 0);
  RunOut o = launch(d);
  ASSERT_FALSE(o.res.ok);
  EXPECT_EQ(o.res.diagnostics[0].category, "bounds");
  EXPECT_EQ(o.res.diagnostics[0].message,
            "scatter: offset 1 writes destination bytes [4096, 4100), but "
            "the destination tensor holds 1024 bytes");
}

} // namespace
