//===- CubeTest.cpp - The cube path on the simulator ------------*- C++ -*-===//
//
// kernels/cube_matmul.cpp (AIC_ONLY tiled matmul through TQue<A1/B1/A2/B2/
// CO1>), kernels/cube_mix.cpp (MIX_AIC_1_2 with cross-core flags) and the
// error kernels, against numpy-equivalent references: float16 inputs, the
// float32 K-order sum of sim/CUBE.md (one Mmad per K step, each added to
// L0C), exact messages and lines. Also the Mmad timing against the
// measured loops of hardware.md §7.1.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "ascsim/float16.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

using namespace ascsim;
using ascsim::test::cachedKernel;
using ascsim::test::dumpDiagnostics;

namespace {

uint64_t addr(const void *p) { return reinterpret_cast<uint64_t>(p); }

struct Matmul {
  uint32_t M, N, K, bm, bn, bk;
  std::vector<ascsim::Half> a, b;
  std::vector<float> c;
};

Matmul makeMatmul(uint32_t M, uint32_t N, uint32_t K, uint32_t bm, uint32_t bn,
                  uint32_t bk, uint32_t seed) {
  Matmul m{M, N, K, bm, bn, bk, {}, {}, {}};
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> d(-64, 64);
  for (uint32_t i = 0; i < M * K; ++i)
    m.a.push_back(ascsim::Half(d(rng) / 16.0f));
  for (uint32_t i = 0; i < K * N; ++i)
    m.b.push_back(ascsim::Half(d(rng) / 9.0f));
  m.c.assign(M * N, -1.0f);
  return m;
}

/// The model: per K step a float32 K-order sum from zero, added to C.
float reference(const Matmul &m, uint32_t i, uint32_t j) {
  float acc = 0.0f;
  for (uint32_t k0 = 0; k0 < m.K; k0 += m.bk) {
    float s = 0.0f;
    for (uint32_t k = k0; k < k0 + m.bk; ++k)
      s = s + static_cast<float>(m.a[i * m.K + k]) *
                  static_cast<float>(m.b[k * m.N + j]);
    acc = k0 == 0 ? s : acc + s;
  }
  return acc;
}

LaunchResult runMatmul(Matmul &m, uint32_t blocks, uint32_t flags,
                       LaunchConfig cfg = {}) {
  Kernel &k = cachedKernel(ASCSIM_KERNEL_CUBE_MATMUL);
  EXPECT_EQ(k.kernelType(), 1); // AIC_ONLY
  return k.launch(blocks,
                  {addr(m.a.data()), addr(m.b.data()), addr(m.c.data()), m.M,
                   m.N, m.K, m.bm, m.bn, m.bk, flags},
                  {{addr(m.a.data()), m.a.size() * 2, "a"},
                   {addr(m.b.data()), m.b.size() * 2, "b"},
                   {addr(m.c.data()), m.c.size() * 4, "c"}},
                  cfg);
}

} // namespace

TEST(CubeMatmul, TiledFloat16ToFloat32MatchesTheModel) {
  Matmul m = makeMatmul(128, 192, 256, 64, 64, 64, 1);
  LaunchResult r = runMatmul(m, 4, 0);
  ASSERT_TRUE(r.ok) << dumpDiagnostics(r, true);
  EXPECT_TRUE(r.diagnostics.empty()) << dumpDiagnostics(r, true);
  for (uint32_t i = 0; i < m.M; ++i)
    for (uint32_t j = 0; j < m.N; ++j)
      ASSERT_EQ(m.c[i * m.N + j], reference(m, i, j)) << i << "," << j;
  EXPECT_EQ(r.kernel_type, "AIC_ONLY");
  EXPECT_EQ(r.cores_used, 4u);
  EXPECT_GT(r.pipe_busy_cycles.at("M"), 0u);
  EXPECT_GT(r.pipe_busy_cycles.at("MTE1"), 0u);
  EXPECT_GT(r.pipe_busy_cycles.at("FIX"), 0u);
  EXPECT_EQ(r.pipe_busy_cycles.count("V"), 0u); // an AIC has no vector pipe
}

TEST(CubeMatmul, HalfAndBfloat16BiasWidenIntoTheBiasTable) {
  // DataCopy C1 -> C2 of a half / bfloat16 source into a float BiasTable:
  // every element widened exactly (C = bias + 0 x 0).
  for (uint32_t bf16 = 0; bf16 < 2; ++bf16) {
    std::vector<uint16_t> bias(16);
    std::vector<float> want(16);
    for (uint32_t j = 0; j < 16; ++j) {
      const float v = (static_cast<float>(j) - 7.3f) / 3.0f;
      if (bf16) {
        ascsim::BFloat16 h(v);
        std::memcpy(&bias[j], &h, 2);
        want[j] = static_cast<float>(h);
      } else {
        ascsim::Half h(v);
        std::memcpy(&bias[j], &h, 2);
        want[j] = static_cast<float>(h);
      }
    }
    std::vector<float> c(256, -1.0f);
    Kernel &k = cachedKernel(ASCSIM_KERNEL_CUBE_BIAS);
    LaunchResult r = k.launch(
        1, {addr(bias.data()), addr(c.data()), bf16},
        {{addr(bias.data()), 32, "bias"}, {addr(c.data()), c.size() * 4, "c"}},
        {});
    ASSERT_TRUE(r.ok) << dumpDiagnostics(r, true);
    EXPECT_TRUE(r.diagnostics.empty()) << dumpDiagnostics(r, true);
    for (uint32_t i = 0; i < 16; ++i)
      for (uint32_t j = 0; j < 16; ++j)
        ASSERT_EQ(c[i * 16 + j], want[j]) << bf16 << ": " << i << "," << j;
    EXPECT_GT(r.pipe_busy_cycles.at("MTE1"), 0u);
  }
}

TEST(CubeMatmul, OddTilesReluAndFloat16Output) {
  // 30 x 40 x 70 in one tile (Mmad.md's padding example), two K steps of 35:
  // 4 fractals per Mmad need the PIPE_M barrier (flag 4).
  Matmul m = makeMatmul(30, 40, 70, 30, 40, 35, 2);
  std::vector<ascsim::Half> out(30 * 40, ascsim::Half(-7.0f));
  m.c.assign(30 * 40 / 2, 0); // as bytes for the float16 output
  Kernel &k = cachedKernel(ASCSIM_KERNEL_CUBE_MATMUL);
  LaunchResult r =
      k.launch(1,
               {addr(m.a.data()), addr(m.b.data()), addr(out.data()), 30, 40,
                70, 30, 40, 35, 1 | 2 | 4},
               {{addr(m.a.data()), m.a.size() * 2, "a"},
                {addr(m.b.data()), m.b.size() * 2, "b"},
                {addr(out.data()), out.size() * 2, "c"}},
               {});
  ASSERT_TRUE(r.ok) << dumpDiagnostics(r, true);
  for (uint32_t i = 0; i < 30; ++i)
    for (uint32_t j = 0; j < 40; ++j) {
      float want = std::max(0.0f, reference(m, i, j));
      ASSERT_EQ(static_cast<float>(out[i * 40 + j]),
                static_cast<float>(ascsim::Half(want)))
          << i << "," << j;
    }
}

TEST(CubeMatmul, MissingPipeMBarrierBetweenSmallMmads) {
  Matmul m = makeMatmul(30, 40, 70, 30, 40, 35, 2);
  LaunchResult r = runMatmul(m, 1, 0);
  ASSERT_FALSE(r.ok);
  ASSERT_EQ(r.diagnostics.size(), 1u) << dumpDiagnostics(r, true);
  EXPECT_EQ(r.diagnostics[0].category, "sync");
  EXPECT_NE(r.diagnostics[0].message.find(
                "with ceil(m/16) * ceil(n/16) = 6 < 10 fractals"),
            std::string::npos)
      << r.diagnostics[0].message;
}

// hardware.md §7.1 (UnitFlag.md): 128 x 256 x 512 half in 8 Mmads measured
// 4209-4225 cycles, 128 x 128 x 512 2172. The per-Mmad issue cycles are
// fitted to these (docs/timing.md); the M pipe's busy time of the tiled
// kernel (A and B preloaded into L1, double-buffered L0, one core) is
// checked against them.
TEST(CubeMatmul, MmadLoopsMatchTheMeasuredCycles) {
  struct Case {
    uint32_t n;
    uint64_t lo, hi;
  } cases[] = {{256, 4209, 4225}, {128, 2161, 2183}}; // 2172 +- 0.5 %
  for (const Case &c : cases) {
    Matmul m = makeMatmul(128, c.n, 512, 128, c.n, 64, 3);
    LaunchResult r = runMatmul(m, 1, 8);
    ASSERT_TRUE(r.ok) << dumpDiagnostics(r, true);
    uint64_t busy = r.pipe_busy_cycles.at("M");
    std::printf("128 x %u x 512: M busy %llu cycles\n", c.n,
                static_cast<unsigned long long>(busy));
    EXPECT_GE(busy, c.lo) << "N=" << c.n;
    EXPECT_LE(busy, c.hi) << "N=" << c.n;
  }
}

TEST(CubeMix, AicComputesAivsPostProcessThroughCrossCoreFlags) {
  std::vector<ascsim::Half> a(1024), b(1024);
  for (int i = 0; i < 1024; ++i) {
    a[i] = ascsim::Half((i % 17 - 8) / 4.0f);
    b[i] = ascsim::Half((i % 13 - 6) / 2.0f);
  }
  std::vector<float> c(1024, 0), out(1024, 0);
  std::vector<int32_t> info(24, -1);
  Kernel &k = cachedKernel(ASCSIM_KERNEL_CUBE_MIX);
  EXPECT_EQ(k.kernelType(), 5); // MIX_AIC_1_2
  LaunchResult r = k.launch(1,
                            {addr(a.data()), addr(b.data()), addr(c.data()),
                             addr(out.data()), addr(info.data()), 0},
                            {{addr(a.data()), 2048, "a"},
                             {addr(b.data()), 2048, "b"},
                             {addr(c.data()), 4096, "c"},
                             {addr(out.data()), 4096, "out"},
                             {addr(info.data()), 96, "info"}},
                            {});
  ASSERT_TRUE(r.ok) << dumpDiagnostics(r, true);
  EXPECT_TRUE(r.diagnostics.empty()) << dumpDiagnostics(r, true);
  for (int i = 0; i < 32; ++i)
    for (int j = 0; j < 32; ++j) {
      float s = 0;
      for (int kk = 0; kk < 32; ++kk)
        s = s + static_cast<float>(a[i * 32 + kk]) *
                    static_cast<float>(b[kk * 32 + j]);
      ASSERT_EQ(c[i * 32 + j], s);
      ASSERT_EQ(out[i * 32 + j], s + 1.0f);
    }
  // (block idx, sub-block idx, sub-block num, task ratio, core type):
  // the AIC, then AIV 0 and AIV 1 of block 0 (hardware.md §1.3).
  std::vector<int32_t> want = {0, 0, 2, 1, 1, -1, -1, -1, //
                               0, 0, 2, 2, 2, -1, -1, -1, //
                               1, 1, 2, 2, 2, -1, -1, -1};
  EXPECT_EQ(info, want);
  EXPECT_EQ(r.kernel_type, "MIX_AIC_1_2");
  ASSERT_EQ(r.blocks.size(), 3u);
  EXPECT_EQ(r.blocks[0].core_type, "AIC");
  EXPECT_EQ(r.blocks[1].core_type, "AIV");
  // The AIVs wait for the AIC's Fixpipe: they end after it.
  EXPECT_GT(r.blocks[1].cycles, r.blocks[0].pipe_busy_cycles.at("FIX"));
}

namespace {
LaunchResult runMix(int mode) {
  std::vector<ascsim::Half> a(1024), b(1024);
  std::vector<float> c(1024), out(1024);
  std::vector<int32_t> info(24);
  return cachedKernel(ASCSIM_KERNEL_CUBE_MIX)
      .launch(1,
              {addr(a.data()), addr(b.data()), addr(c.data()), addr(out.data()),
               addr(info.data()), static_cast<uint64_t>(mode)},
              {}, {});
}
} // namespace

TEST(CubeMix, BlocksWritingTheSameGmRaceButABlocksOwnCoresDoNot) {
  // Two blocks of the mode-0 kernel: each block's AIC writes all of `c`,
  // which its AIVs then read (ordered by the cross-core flags: no report),
  // but the other block's cores are not ordered with it.
  std::vector<ascsim::Half> a(1024, ascsim::Half(1.0f)),
      b(1024, ascsim::Half(1.0f));
  std::vector<float> c(1024), out(1024);
  std::vector<int32_t> info(24);
  LaunchResult r = cachedKernel(ASCSIM_KERNEL_CUBE_MIX)
                       .launch(2,
                               {addr(a.data()), addr(b.data()), addr(c.data()),
                                addr(out.data()), addr(info.data()), 0},
                               {{addr(a.data()), 2048, "a"},
                                {addr(b.data()), 2048, "b"},
                                {addr(c.data()), 4096, "c"},
                                {addr(out.data()), 4096, "out"},
                                {addr(info.data()), 96, "info"}},
                               {});
  ASSERT_FALSE(r.ok);
  bool cWaw = false;
  for (const Diagnostic &d : r.diagnostics) {
    EXPECT_EQ(d.category, "race") << d.message;
    EXPECT_NE(d.message.find("cross-core"), std::string::npos) << d.message;
    cWaw = cWaw || d.message.find("WAW hazard on GM[c+") != std::string::npos;
  }
  EXPECT_TRUE(cWaw) << dumpDiagnostics(r, true);
}

TEST(CubeMix, SyncAllIsABarrierOfEveryCore) {
  std::vector<ascsim::Half> a(1024), b(1024);
  std::vector<float> c(1024), out(1024, 0);
  std::vector<int32_t> info(24, 0);
  LaunchResult r = cachedKernel(ASCSIM_KERNEL_CUBE_MIX)
                       .launch(1,
                               {addr(a.data()), addr(b.data()), addr(c.data()),
                                addr(out.data()), addr(info.data()), 4},
                               {}, {});
  ASSERT_TRUE(r.ok) << dumpDiagnostics(r, true);
  // Every core saw all three writes: none passed the barrier early.
  EXPECT_EQ(out[0], 60.0f);
  EXPECT_EQ(out[1], 60.0f);
  EXPECT_EQ(out[2], 60.0f);
  r = cachedKernel(ASCSIM_KERNEL_CUBE_MIX)
          .launch(1,
                  {addr(a.data()), addr(b.data()), addr(c.data()),
                   addr(out.data()), addr(info.data()), 5},
                  {}, {});
  ASSERT_FALSE(r.ok);
  ASSERT_EQ(r.diagnostics.size(), 2u) << dumpDiagnostics(r, true);
  EXPECT_EQ(r.diagnostics[0].message,
            "cross_core_wait_flag(12) on the AIC of block 0 waits forever: "
            "no core that is still running can set it (every other core is "
            "blocked in a cross-core wait or has finished)");
  EXPECT_EQ(r.diagnostics[0].line, 50u);
  EXPECT_EQ(r.diagnostics[1].message,
            "cross_core_wait_flag(14) on AIV 0 of block 0 waits forever: no "
            "core that is still running can set it (every other core is "
            "blocked in a cross-core wait or has finished)");
}

namespace {
// kernels/cross_core_race.cpp: AIV 0 of block 0 writes z, another core
// reads it, ordered (or not) by cross-core flags.
LaunchResult runXc(int mode, uint32_t blocks = 1) {
  std::vector<ascsim::Half> x(256, ascsim::Half(1.0f)), z(256);
  return cachedKernel(ASCSIM_KERNEL_CROSS_CORE_RACE)
      .launch(blocks,
              {addr(x.data()), addr(z.data()), static_cast<uint64_t>(mode)},
              {{addr(x.data()), 512, "x"}, {addr(z.data()), 512, "z"}}, {});
}

void expectXcRace(const LaunchResult &r, const std::string &msg, unsigned line,
                  unsigned noteLine, const std::string &note) {
  ASSERT_EQ(r.diagnostics.size(), 1u) << dumpDiagnostics(r, true);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_EQ(d.category, "race");
  EXPECT_EQ(d.message, msg);
  EXPECT_EQ(d.file, "xc.py");
  EXPECT_EQ(d.line, line);
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0].message, note);
  EXPECT_EQ(d.notes[0].line, noteLine);
}

// The AIC's read (line 12) of what AIV 0 wrote (line 10), not ordered.
void expectAicReadRacesAivWrite(const LaunchResult &r) {
  expectXcRace(r,
               "cross-core RAW hazard on GM[z+0x0000,z+0x0200): AIV 0 of "
               "block 0 MTE3 data_copy (xc.py:10) and the AIC of block 0 "
               "MTE2 data_copy (xc.py:12) touch the same bytes and no "
               "cross-core sync orders them (a cross_core_set_flag after the "
               "first and the cross_core_wait_flag it satisfies before the "
               "second, sync_all, ...)",
               12, 10, "AIV 0 of block 0's write");
}
} // namespace

TEST(CrossCoreRace, AMode2FlagOrdersAnAivWriteBeforeTheAicRead) {
  LaunchResult r = runXc(0);
  EXPECT_TRUE(r.ok && r.diagnostics.empty()) << dumpDiagnostics(r, true);
}

TEST(CrossCoreRace, WithoutTheFlagTheCoresOfABlockRace) {
  expectAicReadRacesAivWrite(runXc(1));
}

TEST(CrossCoreRace, AMode0FlagAndSyncAllOrderBlocks) {
  LaunchResult r = runXc(2, 2);
  EXPECT_TRUE(r.ok && r.diagnostics.empty()) << dumpDiagnostics(r, true);
  r = runXc(3, 2);
  EXPECT_TRUE(r.ok && r.diagnostics.empty()) << dumpDiagnostics(r, true);
}

TEST(CrossCoreRace, AWaitOrdersOnlyWhatPrecededTheSetItConsumed) {
  expectAicReadRacesAivWrite(runXc(4));
}

TEST(CrossCoreRace, Mode1OrdersTheAivsOfABlock) {
  LaunchResult r = runXc(5);
  EXPECT_TRUE(r.ok && r.diagnostics.empty()) << dumpDiagnostics(r, true);
}

TEST(CrossCoreRace, ASetOrdersOnlyThePipesItsPipeWaitedFor) {
  expectXcRace(runXc(6),
               "cross-core RAW hazard on GM[z+0x0000,z+0x0200): AIV 0 of "
               "block 0 MTE3 data_copy (xc.py:10) and AIV 1 of block 0 MTE2 "
               "data_copy (xc.py:14) touch the same bytes and no cross-core "
               "sync orders them (a cross_core_set_flag after the first and "
               "the cross_core_wait_flag it satisfies before the second, "
               "sync_all, ...)",
               14, 10, "AIV 0 of block 0's write");
}

TEST(CubeMix, DeadlockNamesEveryBlockedCore) {
  LaunchResult r = runMix(1);
  ASSERT_FALSE(r.ok);
  ASSERT_EQ(r.diagnostics.size(), 2u) << dumpDiagnostics(r, true);
  for (int s = 0; s < 2; ++s) {
    const Diagnostic &d = r.diagnostics[s];
    EXPECT_EQ(d.category, "deadlock");
    EXPECT_EQ(d.file, "mix.py");
    EXPECT_EQ(d.line, 10u);
    EXPECT_EQ(d.message,
              "cross_core_wait_flag(7) on AIV " + std::to_string(s) +
                  " of block 0 waits forever: no core that is still running "
                  "can set it (every other core is blocked in a cross-core "
                  "wait or has finished)");
    ASSERT_EQ(d.notes.size(), 2u);
    EXPECT_EQ(d.notes[0].message,
              "the AIC of block 0 has finished (or stopped) and sets nothing "
              "more");
    EXPECT_EQ(d.notes[1].message, "AIV " + std::to_string(1 - s) +
                                      " of block 0 waits for cross-core flag "
                                      "7 here");
    EXPECT_EQ(d.notes[1].line, 10u);
  }
}

TEST(CubeMix, CubeApiOnAnAivAndCounterOverflow) {
  LaunchResult r = runMix(2);
  ASSERT_EQ(r.diagnostics.size(), 2u) << dumpDiagnostics(r, true);
  EXPECT_EQ(r.diagnostics[0].message,
            "mmad is a cube (AIC) instruction, but it runs on a vector core "
            "(AIV) and the kernel type is MIX_AIC_1_2; run it on the AIC "
            "(guard cube code with ASCEND_IS_AIC) and pass data between the "
            "AIVs and the AIC through GM with cross-core flags "
            "(CrossCoreSetFlag / CrossCoreWaitFlag), or use the Matmul API");
  EXPECT_EQ(r.diagnostics[0].line, 20u);
  r = runMix(3);
  ASSERT_FALSE(r.ok);
  ASSERT_GE(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].category, "sync");
  EXPECT_EQ(r.diagnostics[0].message,
            "cross_core_set_flag raises the counter of flag id 2 of AIV 0 of "
            "block 0 to 16: at most 15 sets may be pending before a wait (the "
            "NPU hangs; hardware.md §3.6)");
  EXPECT_EQ(r.diagnostics[0].line, 30u);
}

namespace {
void expectCubeError(int mode, const char *category, const std::string &msg,
                     unsigned line) {
  std::vector<ascsim::Half> a(1024, ascsim::Half(1.0f));
  std::vector<float> c(1024);
  LaunchResult r =
      cachedKernel(ASCSIM_KERNEL_CUBE_ERRORS)
          .launch(
              1, {addr(a.data()), addr(c.data()), static_cast<uint64_t>(mode)},
              {{addr(a.data()), 2048, "a"}, {addr(c.data()), 4096, "c"}}, {});
  ASSERT_FALSE(r.ok) << "mode " << mode;
  ASSERT_GE(r.diagnostics.size(), 1u);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_EQ(d.category, category) << "mode " << mode;
  EXPECT_EQ(d.message, msg) << "mode " << mode;
  EXPECT_EQ(d.file, "cube.py");
  EXPECT_EQ(d.line, line) << "mode " << mode;
}
} // namespace

TEST(CubeErrors, MessagesNameTheMemoryTheLimitAndTheLine) {
  expectCubeError(1, "alignment",
                  "LocalTensor address 256 in L0A is not 512-byte aligned "
                  "(next aligned address: 512)",
                  10);
  expectCubeError(2, "argument", "mmad: 'm' must be in [0, 4095], got 5000",
                  20);
  expectCubeError(3, "capacity",
                  "mmad writes L0C bytes [126976, 135168) through its "
                  "destination, beyond the L0C buffer (131072 bytes)",
                  30);
  expectCubeError(4, "dtype",
                  "mmad: float16 x float16 -> float16 is not a cube type "
                  "combination of A2/A3; use float16 x float16 -> float32, "
                  "bfloat16 x bfloat16 -> float32, float32 x float32 -> "
                  "float32 or int8 x int8 -> int32",
                  40);
  expectCubeError(5, "argument",
                  "mmad: the A matrix must be in L0A (A2), but it is at "
                  "position B2 (L0B)",
                  50);
  expectCubeError(6, "sync",
                  "mmad accumulates into L0C[0, 4096) that the previous mmad "
                  "writes, with no pipe_barrier(PIPE_M) between them: with "
                  "ceil(m/16) * ceil(n/16) = 4 < 10 fractals the hardware "
                  "does not order the two (hardware.md §3.3)",
                  60);
  expectCubeError(8, "argument",
                  "data_copy: the destination must be in L1 (A1, B1 or C1) "
                  "or UB (VECIN, VECCALC), but it is at position A2 (L0A)",
                  80);
  expectCubeError(9, "dtype",
                  "fixpipe: quant mode F322F16 cannot convert float32 to "
                  "float32; it converts float32 -> float16",
                  90);
  expectCubeError(10, "argument",
                  "cross_core_set_flag needs a MIX kernel type (MIX_AIC_1_1, "
                  "MIX_AIC_1_2, MIX_AIV_1_0 or MIX_AIC_1_0); this kernel is "
                  "AIC_ONLY (hardware.md §3.6)",
                  100);
  expectCubeError(11, "argument",
                  "set_flag: event MTE2_V is not valid on a cube core (AIC), "
                  "which has no vector pipe",
                  110);
}

TEST(CubeFixpipe, Co12CopyTakesTheScaleOfThePreQuantRegister) {
  std::vector<ascsim::Half> a(1024);
  for (int i = 0; i < 1024; ++i)
    a[i] = ascsim::Half(static_cast<float>(i % 23 - 11) / 4.0f);
  std::vector<int8_t> c(4096, 99);
  LaunchResult r =
      cachedKernel(ASCSIM_KERNEL_CUBE_ERRORS)
          .launch(1, {addr(a.data()), addr(c.data()), 20},
                  {{addr(a.data()), 2048, "a"}, {addr(c.data()), 4096, "c"}},
                  {});
  ASSERT_TRUE(r.ok) << dumpDiagnostics(r, true);
  for (int i = 0; i < 32; ++i)
    for (int j = 0; j < 32; ++j) {
      float s = 0;
      for (int k = 0; k < 32; ++k)
        s = s + static_cast<float>(a[i * 32 + k]) *
                    static_cast<float>(a[k * 32 + j]);
      double q = std::nearbyint(static_cast<double>(s) * 0.25);
      q = std::min(127.0, std::max(-128.0, q));
      ASSERT_EQ(c[i * 32 + j], static_cast<int8_t>(q)) << i << "," << j;
    }
  EXPECT_EQ(c[1024], 99); // only 32 x 32 bytes written
}

class Img2col : public ::testing::TestWithParam<int> {};

// Case 21 passes the feature map and pad value in LoadData3DParamsV2, case
// 22 sets them with SetFmatrix / SetLoadDataPaddingValue and loads with
// IsResetLoad3dConfig{false, false}: the same result.
INSTANTIATE_TEST_SUITE_P(CubeFormats, Img2col, ::testing::Values(21, 22));

TEST_P(Img2col, RepeatedAlongMTimesASelector) {
  // The map, then B[k][n] = (k == 32 + n): C[:, n] = im2col[:, 32 + n], the
  // third filter column (kw = 2) of channel n.
  std::vector<ascsim::Half> a(480 + 768, ascsim::Half(0.0f));
  for (int i = 0; i < 480; ++i)
    a[i] = ascsim::Half(static_cast<float>(i % 200));
  for (int n = 0; n < 16; ++n)
    a[480 + (32 + n) * 16 + n] = ascsim::Half(1.0f);
  std::vector<float> c(1024, 7.0f);
  LaunchResult r = cachedKernel(ASCSIM_KERNEL_CUBE_ERRORS)
                       .launch(1,
                               {addr(a.data()), addr(c.data()),
                                static_cast<uint64_t>(GetParam())},
                               {{addr(a.data()), a.size() * 2, "a"},
                                {addr(c.data()), 4096, "c"}},
                               {});
  ASSERT_TRUE(r.ok) << dumpDiagnostics(r, true);
  for (int m = 0; m < 32; ++m)
    for (int n = 0; n < 16; ++n) {
      float want = -3.0f; // padding, and m >= 30 (beyond the 5 x 6 output)
      int ho = m / 6, wo = m % 6, x = wo - 1 + 2;
      if (m < 30 && x < 6)
        want = static_cast<float>(a[(ho * 6 + x) * 16 + n]);
      ASSERT_EQ(c[m * 16 + n], want) << m << "," << n;
    }
}

TEST(CubeErrors, MissingMToFixFlagIsARaceAtBothLines) {
  std::vector<ascsim::Half> a(1024, ascsim::Half(1.0f));
  std::vector<float> c(1024);
  LaunchResult r =
      cachedKernel(ASCSIM_KERNEL_CUBE_ERRORS)
          .launch(1, {addr(a.data()), addr(c.data()), 7},
                  {{addr(a.data()), 2048, "a"}, {addr(c.data()), 4096, "c"}},
                  {});
  ASSERT_FALSE(r.ok);
  ASSERT_EQ(r.diagnostics.size(), 1u) << dumpDiagnostics(r, true);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_EQ(d.category, "race");
  EXPECT_EQ(d.line, 71u);
  EXPECT_NE(d.message.find("L0C"), std::string::npos) << d.message;
  ASSERT_GE(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0].line, 70u);
}

TEST(CubeErrors, CubeApiInAnAivOnlyKernel) {
  LaunchResult r =
      cachedKernel(ASCSIM_KERNEL_CUBE_AIV).launch(1, {0, 0, 0}, {}, {});
  ASSERT_EQ(r.diagnostics.size(), 1u) << dumpDiagnostics(r, true);
  EXPECT_EQ(r.diagnostics[0].message,
            "mmad is a cube (AIC) instruction, but it runs on a vector core "
            "(AIV) and the kernel type is AIV_ONLY; declare the kernel "
            "AIC_ONLY or MIX (KERNEL_TASK_TYPE_DEFAULT) and guard cube code "
            "with ASCEND_IS_AIC");
  EXPECT_EQ(r.diagnostics[0].line, 5u);
}

TEST(CubeFormats, Nd2NzIntoTheUnifiedBufferOnAVectorCore) {
  std::vector<ascsim::Half> x(20 * 24), y(1024, ascsim::Half(-1.0f));
  for (int i = 0; i < 20 * 24; ++i)
    x[i] = ascsim::Half(static_cast<float>(i));
  LaunchResult r = cachedKernel(ASCSIM_KERNEL_CUBE_AIV)
                       .launch(1, {addr(x.data()), addr(y.data()), 1},
                               {{addr(x.data()), x.size() * 2, "x"},
                                {addr(y.data()), y.size() * 2, "y"}},
                               {});
  ASSERT_TRUE(r.ok) << dumpDiagnostics(r, true);
  // Block b holds columns 16b..16b+15 of rows 0..31 (rows 20..31 and the
  // columns past 24 are the zeros Duplicate wrote / ND -> NZ padded).
  for (int b = 0; b < 2; ++b)
    for (int row = 0; row < 32; ++row)
      for (int col = 0; col < 16; ++col) {
        int j = b * 16 + col;
        float want =
            row < 20 && j < 24 ? static_cast<float>(row * 24 + j) : 0.0f;
        ASSERT_EQ(static_cast<float>(y[(b * 32 + row) * 16 + col]), want)
            << b << "," << row << "," << col;
      }
}
