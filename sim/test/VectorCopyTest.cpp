//===- VectorCopyTest.cpp - DataCopy params, DataCopyPad, atomics -*- C++ -*-//
//
// Randomized (seeded) DataCopy(DataCopyParams) / DataCopyPad scenarios of
// kernels/vec_copy.cpp against byte-level references written from
// hardware.md §5.1-§5.2; atomic accumulation across blocks; the diagnostics
// of kernels/vec_errors.cpp with their Python lines; timing classes.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"
#include "ascsim/runtime.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace ascsim;

namespace {

std::string dump(const LaunchResult &r) {
  return test::dumpDiagnostics(r, /*withPlace=*/true);
}

Kernel &copyKernel() { return test::cachedKernel(ASCSIM_KERNEL_VEC_COPY); }

struct Scenario {
  int mode = 0;
  int32_t cnt = 1, len = 1, sgap = 0, dgap = 0, a0 = 0, a1 = 0, a2 = 0, a3 = 0;
  std::vector<int16_t> x, y;
};

LaunchResult run(Scenario &s, uint32_t blocks = 1, uint32_t threads = 1) {
  auto addr = [](auto &v) { return reinterpret_cast<uint64_t>(v.data()); };
  LaunchConfig cfg;
  cfg.host_threads = threads;
  return copyKernel().launch(
      blocks,
      {static_cast<uint64_t>(s.mode), addr(s.x), addr(s.y), s.x.size(),
       s.y.size(), static_cast<uint64_t>(s.cnt), static_cast<uint64_t>(s.len),
       static_cast<uint64_t>(s.sgap), static_cast<uint64_t>(s.dgap),
       static_cast<uint64_t>(s.a0), static_cast<uint64_t>(s.a1),
       static_cast<uint64_t>(s.a2), static_cast<uint64_t>(s.a3)},
      {{addr(s.x), s.x.size() * 2, "x"}, {addr(s.y), s.y.size() * 2, "y"}},
      cfg);
}

std::vector<int16_t> randomVec(std::mt19937 &g, size_t n) {
  std::vector<int16_t> v(n);
  for (int16_t &e : v)
    e = static_cast<int16_t>(g());
  return v;
}

size_t up(size_t v, size_t a) { return (v + a - 1) / a * a; }

TEST(VectorCopyTest, DataCopyParamsStridedBlocks) {
  std::mt19937 g(60);
  for (int i = 0; i < 120; ++i) {
    Scenario s;
    s.mode = static_cast<int>(g() % 3 == 0 ? 6 : g() % 2);
    s.cnt = static_cast<int32_t>(g() % 6); // 0 = NOP
    s.len = static_cast<int32_t>(1 + g() % 4);
    s.sgap = static_cast<int32_t>(g() % 3);
    s.dgap = static_cast<int32_t>(g() % 3);
    size_t srcBytes = static_cast<size_t>(s.cnt) * (s.len + s.sgap) * 32 + 64;
    size_t dstBytes = static_cast<size_t>(s.cnt) * (s.len + s.dgap) * 32 + 64;
    s.x = randomVec(g, srcBytes / 2);
    s.y = randomVec(g, dstBytes / 2);
    std::vector<int16_t> want = s.y;
    auto *wb = reinterpret_cast<uint8_t *>(want.data());
    auto *xb = reinterpret_cast<const uint8_t *>(s.x.data());
    for (int b = 0; b < s.cnt; ++b)
      std::memcpy(wb + static_cast<size_t>(b) * (s.len + s.dgap) * 32,
                  xb + static_cast<size_t>(b) * (s.len + s.sgap) * 32,
                  static_cast<size_t>(s.len) * 32);
    LaunchResult r = run(s);
    ASSERT_TRUE(r.ok) << "case " << i << "\n" << dump(r);
    ASSERT_EQ(s.y, want) << "case " << i << " mode " << s.mode;
  }
}

TEST(VectorCopyTest, DataCopyPadGmToUbPadsEachBlockTo32Bytes) {
  std::mt19937 g(61);
  for (int i = 0; i < 160; ++i) {
    Scenario s;
    s.mode = static_cast<int>(g() % 3 == 0 ? 5 : (g() % 4 == 0 ? 7 : 2));
    s.cnt = static_cast<int32_t>(1 + g() % 5);
    s.len = static_cast<int32_t>(2 * (1 + g() % 40)); // bytes, int16 multiple
    s.sgap = static_cast<int32_t>(g() % 20);          // GM gap in bytes
    s.dgap = static_cast<int32_t>(g() % 2);           // UB gap in blocks
    s.a0 = static_cast<int32_t>(g() % 2);             // isPad
    if (s.mode == 7)
      s.a0 = 0;
    s.a1 = static_cast<int32_t>(g() % 3 == 0 ? 0 : g() % 17); // left (elems)
    s.a2 = static_cast<int32_t>(g() % 3 == 0 ? 0 : g() % 17); // right
    s.a3 = static_cast<int32_t>(static_cast<int16_t>(g()));
    size_t padded = up(static_cast<size_t>(s.a1 + s.a2) * 2 + s.len, 32);
    size_t srcBytes = static_cast<size_t>(s.cnt) * (s.len + s.sgap) + 64;
    size_t dstBytes = up(s.cnt * (padded + s.dgap * 32) + 64, 32);
    s.x = randomVec(g, up(srcBytes, 32) / 2);
    s.y = randomVec(g, dstBytes / 2);
    std::vector<int16_t> want = s.y;
    auto *wb = reinterpret_cast<uint8_t *>(want.data());
    auto *xb = reinterpret_cast<const uint8_t *>(s.x.data());
    bool defined = s.a0 || s.mode == 7 || (s.a1 == 0 && s.a2 == 0);
    for (int b = 0; b < s.cnt; ++b) {
      uint8_t *blk = wb + static_cast<size_t>(b) * (padded + s.dgap * 32);
      const uint8_t *src = xb + static_cast<size_t>(b) * (s.len + s.sgap);
      if (defined) {
        int16_t v = static_cast<int16_t>(s.a3);
        if (!s.a0 && s.mode != 7) // dummy = the block's first element
          std::memcpy(&v, src, 2);
        for (size_t k = 0; k < padded; k += 2)
          std::memcpy(blk + k, &v, 2);
      }
      std::memcpy(blk + s.a1 * 2, src, static_cast<size_t>(s.len));
    }
    LaunchResult r = run(s);
    ASSERT_TRUE(r.ok) << "case " << i << "\n" << dump(r);
    ASSERT_EQ(s.y, want) << "case " << i << " mode " << s.mode << " isPad "
                         << s.a0 << " left " << s.a1 << " right " << s.a2;
  }
}

TEST(VectorCopyTest, DataCopyPadUbToGmWritesExactlyBlockLenBytes) {
  std::mt19937 g(62);
  for (int i = 0; i < 120; ++i) {
    Scenario s;
    s.mode = 3;
    s.cnt = static_cast<int32_t>(1 + g() % 5);
    s.len = static_cast<int32_t>(2 * (1 + g() % 40)); // bytes
    s.sgap = static_cast<int32_t>(g() % 2);           // UB gap, blocks
    s.dgap = static_cast<int32_t>(g() % 9);           // GM gap, bytes
    size_t srcBytes = s.cnt * (up(s.len, 32) + s.sgap * 32) + 64;
    size_t dstBytes = s.cnt * (s.len + s.dgap) + 64;
    s.x = randomVec(g, up(srcBytes, 32) / 2);
    s.y = randomVec(g, up(dstBytes, 32) / 2);
    std::vector<int16_t> want = s.y;
    auto *wb = reinterpret_cast<uint8_t *>(want.data());
    auto *xb = reinterpret_cast<const uint8_t *>(s.x.data());
    for (int b = 0; b < s.cnt; ++b)
      std::memcpy(wb + static_cast<size_t>(b) * (s.len + s.dgap),
                  xb + static_cast<size_t>(b) * (up(s.len, 32) + s.sgap * 32),
                  static_cast<size_t>(s.len));
    LaunchResult r = run(s);
    ASSERT_TRUE(r.ok) << "case " << i << "\n" << dump(r);
    ASSERT_EQ(s.y, want) << "case " << i;
  }
}

TEST(VectorCopyTest, AtomicAddAccumulatesAcrossBlocksAndThreads) {
  const uint32_t blocks = 12;
  const int ny = 256; // floats per block
  for (uint32_t threads : {1u, 4u}) {
    std::vector<float> x(blocks * ny), y(ny);
    for (size_t i = 0; i < x.size(); ++i)
      x[i] = static_cast<float>(static_cast<int>(i % 97) - 48);
    for (int i = 0; i < ny; ++i)
      y[i] = static_cast<float>(i);
    std::vector<float> want = y;
    for (uint32_t b = 0; b < blocks; ++b)
      for (int i = 0; i < ny; ++i)
        want[i] += x[b * ny + i];
    Scenario s;
    s.mode = 4;
    // reuse the int16 plumbing: pass the float arrays' storage.
    s.x.resize(x.size() * 2);
    s.y.resize(y.size() * 2);
    std::memcpy(s.x.data(), x.data(), x.size() * 4);
    std::memcpy(s.y.data(), y.data(), y.size() * 4);
    auto addr = [](auto &v) { return reinterpret_cast<uint64_t>(v.data()); };
    LaunchConfig cfg;
    cfg.host_threads = threads;
    LaunchResult r = copyKernel().launch(
        blocks,
        {4, addr(s.x), addr(s.y), x.size(), static_cast<uint64_t>(ny), 0, 0, 0,
         0, 0, 0, 0, 0},
        {{addr(s.x), s.x.size() * 2, "x"}, {addr(s.y), s.y.size() * 2, "y"}},
        cfg);
    ASSERT_TRUE(r.ok) << dump(r); // atomic stores are not cross-core races
    std::memcpy(y.data(), s.y.data(), y.size() * 4);
    EXPECT_EQ(y, want) << "threads " << threads;
  }
}

TEST(VectorCopyTest, AtomicMaxWithDataCopyPad) {
  const uint32_t blocks = 5;
  const int ny = 64;
  std::vector<float> x(blocks * ny), y(ny, -1.0f);
  std::mt19937 g(63);
  for (float &v : x)
    v = static_cast<float>(static_cast<int>(g() % 200) - 100);
  std::vector<float> want = y;
  for (uint32_t b = 0; b < blocks; ++b)
    for (int i = 0; i < ny; ++i)
      want[i] = std::max(want[i], x[b * ny + i]);
  std::vector<int16_t> xs(x.size() * 2), ys(y.size() * 2);
  std::memcpy(xs.data(), x.data(), x.size() * 4);
  std::memcpy(ys.data(), y.data(), y.size() * 4);
  auto addr = [](auto &v) { return reinterpret_cast<uint64_t>(v.data()); };
  LaunchResult r = copyKernel().launch(
      blocks,
      {8, addr(xs), addr(ys), x.size(), static_cast<uint64_t>(ny), 0, 0, 0, 0,
       0, 0, 0, 0},
      {{addr(xs), xs.size() * 2, "x"}, {addr(ys), ys.size() * 2, "y"}},
      LaunchConfig{});
  ASSERT_TRUE(r.ok) << dump(r);
  std::memcpy(y.data(), ys.data(), y.size() * 4);
  EXPECT_EQ(y, want);
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

struct Expect {
  int mode;
  const char *category;
  unsigned line;
  const char *text;
};

TEST(VectorCopyTest, PadValueOfAnotherWidthWarnsOnce) {
  // SetPadValue<int32_t> before an int16 DataCopyPad: the pads get the low 2
  // bytes; a warning (once per call site) when they do not hold the value.
  for (int32_t value : {0x12345, -9}) {
    Scenario s;
    s.mode = 9;
    s.cnt = 3;
    s.len = 10;
    s.a1 = 2; // left, right padding (elements)
    s.a2 = 1;
    s.a3 = value;
    s.x = std::vector<int16_t>(32, 5);
    s.y = std::vector<int16_t>(64, 7);
    LaunchResult r = run(s);
    ASSERT_TRUE(r.ok) << dump(r);
    std::vector<int16_t> want(64, 7);
    for (int b = 0; b < 3; ++b)
      for (int k = 0; k < 16; ++k)
        want[b * 16 + k] = k >= 2 && k < 7 ? 5 : static_cast<int16_t>(value);
    EXPECT_EQ(s.y, want) << value;
    std::vector<const Diagnostic *> warnings;
    for (const Diagnostic &d : r.diagnostics)
      if (d.category == "pad_value")
        warnings.push_back(&d);
    if (value == -9) {
      EXPECT_TRUE(warnings.empty()) << dump(r);
      continue;
    }
    ASSERT_EQ(warnings.size(), 1u) << dump(r);
    EXPECT_EQ(warnings[0]->severity, Severity::Warning);
    EXPECT_EQ(warnings[0]->message,
              "data_copy_pad pads int16 elements with a 4-byte value set by "
              "set_pad_value; the NPU uses its low 2 bytes \u2014 pass a value "
              "of the copy's dtype, e.g. asc.set_pad_value(np.int16(74565))");
  }
}

TEST(VectorCopyTest, DiagnosticsNameThePythonLine) {
  std::string error;
  auto k = Kernel::load(ASCSIM_KERNEL_VEC_ERRORS, error);
  ASSERT_TRUE(k) << error;
  const Expect cases[] = {
      {0, "argument", 10, "repeat_times must be in [0, 255], but got 300"},
      {1, "dtype", 20, "add does not support bfloat16"},
      {2, "alignment", 30, "is not 32-byte aligned"},
      {3, "argument", 40, "n in [1, 64] for float32, but got 100"},
      {4, "bounds", 50, "view holds only 64 float32 elements"},
      {5, "argument", 60, "supports round modes CAST_NONE, not CAST_RINT"},
      {6, "dtype", 70, "int32 sources support only CMPMODE.EQ"},
      {7, "bounds", 80, "reads source bytes [4096, 4100)"},
      {8, "argument", 90, "at most 32 bytes"},
      {10, "argument", 100, "not a multiple of 256 bytes"},
      // The count forms name their op like every other vector call.
      {11, "dtype", 110,
       "add does not support bfloat16 on Ascend 910B/910C (A2/A3); "
       "supported: int16, int32, float16, float32"},
      {12, "argument", 120, "add: count must be non-negative, but got -8"},
      {13, "dtype", 130,
       "div does not support int32 on Ascend 910B/910C (A2/A3); supported: "
       "float16, float32"},
  };
  std::vector<float> x(1024, 1.0f);
  uint64_t xa = reinterpret_cast<uint64_t>(x.data());
  for (const Expect &e : cases) {
    LaunchResult r = k->launch(1, {static_cast<uint64_t>(e.mode), xa},
                               {{xa, x.size() * 4, "x"}}, LaunchConfig{});
    ASSERT_FALSE(r.ok) << "mode " << e.mode;
    const Diagnostic *d = nullptr;
    for (const Diagnostic &dd : r.diagnostics)
      if (dd.severity == Severity::Error)
        d = &dd;
    ASSERT_TRUE(d) << dump(r);
    EXPECT_EQ(d->category, e.category) << "mode " << e.mode << "\n" << dump(r);
    EXPECT_EQ(d->file, "kernel.py");
    EXPECT_EQ(d->line, e.line) << dump(r);
    EXPECT_NE(d->message.find(e.text), std::string::npos)
        << "mode " << e.mode << ": " << d->message;
  }
  // ReduceSum's dst needs only sizeof(T) alignment.
  LaunchResult ok =
      k->launch(1, {9, xa}, {{xa, x.size() * 4, "x"}}, LaunchConfig{});
  EXPECT_TRUE(ok.ok) << dump(ok);
}

} // namespace

namespace {

// Core::dataCopy plans a GM <-> UB copy once per call site and then checks
// only its GM side (CachedCopy). kernels/copy_plan_cache.cpp repeats its
// copy lines with alternating UB slots and a last copy in of another count:
// what lands and what it costs must be what each call names, the
// never-written half of `c` is reported once, and a copy in out of bounds
// at a planned site faults as a first call would.
struct CopyPlanRun {
  std::vector<float> x = std::vector<float>(1024), z = std::vector<float>(1024),
                     w = std::vector<float>(64);
  LaunchResult run(RaceCheck rc, int32_t last, uint64_t xElements) {
    std::string error;
    static std::unique_ptr<Kernel> k =
        Kernel::load(ASCSIM_KERNEL_COPY_PLAN_CACHE, error);
    EXPECT_TRUE(k) << error;
    for (int i = 0; i < 1024; ++i)
      x[i] = static_cast<float>(i + 1);
    std::fill(z.begin(), z.end(), -1.f);
    std::fill(w.begin(), w.end(), -1.f);
    auto addr = [](std::vector<float> &v) {
      return reinterpret_cast<uint64_t>(v.data());
    };
    LaunchConfig config;
    config.race_check = rc;
    return k->launch(
        1, {addr(x), addr(z), addr(w), 4, static_cast<uint64_t>(last)},
        {{addr(x), xElements * 4, "x"},
         {addr(z), z.size() * 4, "z"},
         {addr(w), w.size() * 4, "w"}},
        config);
  }
};

TEST(CopyPlanCache, RepeatedCallSitesCopyWhatEachCallNames) {
  for (RaceCheck rc : {RaceCheck::Raise, RaceCheck::Off}) {
    uint64_t mte2Busy[2] = {};
    for (int32_t last : {256, 128}) {
      CopyPlanRun t;
      LaunchResult r = t.run(rc, last, 1024);
      ASSERT_TRUE(r.ok) << dump(r);
      mte2Busy[last == 128] = r.pipe_busy_cycles["MTE2"];
      // Tiles 0-2 and the first `last` elements of tile 3 come from x; the
      // rest of tile 3's slot (slot 1) still holds tile 1's.
      for (int i = 0; i < 1024; ++i) {
        const float want = i < 768 + last ? t.x[i] : t.x[i - 512];
        EXPECT_EQ(t.z[i], want) << "last " << last << ", element " << i;
      }
      // c: x[0..8) then 32 never-written bytes (0xFF) in every tile.
      for (int tile = 0; tile < 4; ++tile)
        for (int i = 0; i < 16; ++i) {
          uint32_t bits;
          std::memcpy(&bits, &t.w[tile * 16 + i], 4);
          if (i < 8)
            EXPECT_EQ(t.w[tile * 16 + i], t.x[i]);
          else
            EXPECT_EQ(bits, 0xFFFFFFFFu) << "tile " << tile << ", " << i;
        }
      ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
      const Diagnostic &d = r.diagnostics[0];
      EXPECT_EQ(d.category, "uninit");
      EXPECT_EQ(d.line, 33u); // DataCopy(wg[i * 16], c, 16)
      EXPECT_EQ(d.message.rfind("data_copy reads UB[2048, 2112) through its "
                                "source, but 32 of those 64 bytes (the first "
                                "at UB byte 2080) were never written",
                                0),
                0u)
          << d.message;
    }
    // The last copy in costs what its own count does, not the plan's.
    EXPECT_LT(mte2Busy[1], mte2Busy[0]);
  }
}

TEST(CopyPlanCache, OutOfBoundsAtAPlannedSiteFaults) {
  // x holds 768 elements: tile 3's copy in (slot 1, planned by tile 1)
  // reads elements [768, 1024).
  CopyPlanRun t;
  LaunchResult r = t.run(RaceCheck::Off, 256, 768);
  ASSERT_FALSE(r.ok);
  ASSERT_FALSE(r.diagnostics.empty()) << dump(r);
  const Diagnostic &d = r.diagnostics.back();
  EXPECT_EQ(d.category, "bounds") << dump(r);
  EXPECT_EQ(d.line, 29u) << dump(r); // DataCopy(slot, xg[i * 256], ...)
  EXPECT_EQ(d.message.rfind("data_copy reads GM bytes [3072, 4096) = "
                            "elements [768, 1024) relative to argument 'x'",
                            0),
            0u)
      << d.message;
}

TEST(CopyPlanCache, AKeptPlanChecksTheGmRegionsOfItsOwnLaunch) {
  // A kept plan tests its GM operand against its region's bounds
  // (CachedCopy::gmLo/gmHi), which each core takes from its own launch:
  // the second launch registers x shorter, and tile 3's copy in, planned
  // by the first launch's tile 1, must fault as in a launch of its own.
  CopyPlanRun t;
  LaunchResult ok = t.run(RaceCheck::Off, 256, 1024);
  ASSERT_TRUE(ok.ok) << dump(ok);
  LaunchResult r = t.run(RaceCheck::Off, 256, 768);
  ASSERT_FALSE(r.ok);
  ASSERT_FALSE(r.diagnostics.empty()) << dump(r);
  const Diagnostic &d = r.diagnostics.back();
  EXPECT_EQ(d.category, "bounds") << dump(r);
  EXPECT_EQ(d.line, 29u) << dump(r);
  EXPECT_EQ(d.message.rfind("data_copy reads GM bytes [3072, 4096) = "
                            "elements [768, 1024) relative to argument 'x'",
                            0),
            0u)
      << d.message;
  // And a third launch with the whole x again copies every tile.
  LaunchResult again = t.run(RaceCheck::Off, 256, 1024);
  ASSERT_TRUE(again.ok) << dump(again);
  for (int i = 0; i < 1024; ++i)
    ASSERT_EQ(t.z[i], t.x[i]) << i;
}

} // namespace

namespace {

// Core::PlanStore keeps the planned call sites from one core to the next on
// a thread; each core's first use of a kept plan redoes its init tracking
// and its dirty marking (kernels/plan_store.cpp).
LaunchResult runPlanStore(std::vector<float> &x, std::vector<float> &z,
                          int32_t fillB, bool initCheck) {
  std::string error;
  static std::unique_ptr<Kernel> k =
      Kernel::load(ASCSIM_KERNEL_PLAN_STORE, error);
  EXPECT_TRUE(k) << error;
  auto addr = [](std::vector<float> &v) {
    return reinterpret_cast<uint64_t>(v.data());
  };
  LaunchConfig config;
  config.init_check = initCheck;
  const int32_t tiles = static_cast<int32_t>(x.size() / 64);
  return k->launch(1,
                   {addr(x), addr(z), static_cast<uint64_t>(tiles),
                    static_cast<uint64_t>(fillB)},
                   {{addr(x), x.size() * 4, "x"}, {addr(z), z.size() * 4, "z"}},
                   config);
}

// The L2 model's first-touch reads are the hulls of a core's GM reads
// (Core::noteRead: at most 32, a read no hull touches merged into the
// nearest when the list is full). kernels/read_ranges.cpp reads 80 times
// 256 bytes in both modes; mode 0's hulls (the merges) cover the 10,496
// bytes that mode 1 covers with one range, so the HBM estimate agrees.
TEST(ReadRanges, AFullListMergesIntoTheNearestHull) {
  std::string error;
  std::unique_ptr<Kernel> k = Kernel::load(ASCSIM_KERNEL_READ_RANGES, error);
  ASSERT_TRUE(k) << error;
  std::vector<float> x(3000, 1.f);
  const uint64_t a = reinterpret_cast<uint64_t>(x.data());
  LaunchResult r[2];
  for (int mode = 0; mode < 2; ++mode) {
    r[mode] = k->launch(1, {a, static_cast<uint64_t>(mode)},
                        {{a, x.size() * 4, "x"}}, LaunchConfig{});
    ASSERT_TRUE(r[mode].ok && r[mode].diagnostics.empty()) << dump(r[mode]);
    EXPECT_TRUE(r[mode].l2_resident);
    EXPECT_EQ(r[mode].gm_read_bytes, 80u * 256u);
  }
  EXPECT_GT(r[1].hbm_cycles, 0u);
  EXPECT_EQ(r[0].hbm_cycles, r[1].hbm_cycles);
}

TEST(PlanStore, EveryLaunchReportsTheNeverWrittenSourceOnce) {
  // The second and third launches issue the first launch's plans: without
  // their own init tracking they would report nothing.
  std::vector<float> x(256, 1.f), z(256);
  std::string first;
  for (int launch = 0; launch < 3; ++launch) {
    LaunchResult r = runPlanStore(x, z, /*fillB=*/0, /*initCheck=*/true);
    ASSERT_TRUE(r.ok) << dump(r);
    ASSERT_EQ(r.diagnostics.size(), 1u) << "launch " << launch << dump(r);
    const Diagnostic &d = r.diagnostics[0];
    EXPECT_EQ(d.category, "uninit");
    EXPECT_EQ(d.line, 31u); // Add(d, a, b, 64)
    EXPECT_EQ(d.message.rfind("add reads UB[1024, 1280) through its ", 0), 0u)
        << d.message;
    if (launch == 0)
      first = d.message;
    EXPECT_EQ(d.message, first) << "launch " << launch;
  }
}

TEST(PlanStore, KeptVectorPlansMarkTheirChunksForTheReset) {
  // Without init tracking only the first use's dirty marking marks `d`'s
  // chunk (no copy touches it): the next block's reset check
  // (ASCSIM_CHECK_UB_RESET=1) aborts if a launch wrote it unmarked.
  std::vector<float> x(256), z(256);
  for (int i = 0; i < 256; ++i)
    x[i] = static_cast<float>(i + 1);
  for (int launch = 0; launch < 3; ++launch) {
    std::fill(z.begin(), z.end(), -1.f);
    LaunchResult r = runPlanStore(x, z, /*fillB=*/1, /*initCheck=*/false);
    ASSERT_TRUE(r.ok) << dump(r);
    EXPECT_TRUE(r.diagnostics.empty()) << dump(r);
    for (int i = 0; i < 256; ++i)
      ASSERT_EQ(z[i], 2 * x[i] + x[i % 64]) << "launch " << launch << ", " << i;
  }
}

} // namespace
