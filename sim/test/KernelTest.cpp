//===- KernelTest.cpp - End-to-end kernels on the simulator -----*- C++ -*-===//
//
// Hand-written Ascend C kernels (kernels/*.cpp, compiled at build time like
// emitted kernels) launched through the C++ runtime API and checked against
// reference values computed here, plus every diagnostic the foundation
// reports, with the file/line remapped by #line.
//
//===----------------------------------------------------------------------===//

#include "ascsim/float16.h"
#include "ascsim/runtime.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace ascsim;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

std::unique_ptr<Kernel> loadKernel(const char *path) {
  std::string error;
  std::unique_ptr<Kernel> k = Kernel::load(path, error);
  EXPECT_TRUE(k) << error;
  return k;
}

template <class T> uint64_t addr(std::vector<T> &v) {
  return reinterpret_cast<uint64_t>(v.data());
}
template <class T> GmRegion region(std::vector<T> &v, const char *name) {
  return GmRegion{addr(v), v.size() * sizeof(T), name};
}

std::string dump(const LaunchResult &r) {
  std::string s;
  for (const Diagnostic &d : r.diagnostics) {
    s += "[" + d.category + "] block " + std::to_string(d.block) + " " +
         d.file + ":" + std::to_string(d.line) + ": " + d.message + "\n";
    for (const Note &n : d.notes)
      s += "    note " + n.file + ":" + std::to_string(n.line) + ": " +
           n.message + "\n";
  }
  return s;
}

LaunchConfig config(uint32_t threads = 0) {
  LaunchConfig c;
  c.host_threads = threads;
  return c;
}

bool contains(const std::string &s, const std::string &part) {
  return s.find(part) != std::string::npos;
}

uint32_t bitsOf(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

//===----------------------------------------------------------------------===//
// Seed vector add
//===----------------------------------------------------------------------===//

constexpr int kBlocks = 8;
constexpr int kLen = 2048;

TEST(KernelTest, VaddFloat32) {
  auto k = loadKernel(ASCSIM_KERNEL_VADD_F32);
  ASSERT_TRUE(k);
  std::vector<float> x(kBlocks * kLen), y(kBlocks * kLen), z(kBlocks * kLen);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = 0.25f * static_cast<float>(i) - 3.f;
    y[i] = 1.f / static_cast<float>(i + 1);
  }
  LaunchResult r =
      k->launch(kBlocks, {addr(x), addr(y), addr(z), kLen},
                {region(x, "x"), region(y, "y"), region(z, "z")}, config());
  ASSERT_TRUE(r.ok) << dump(r);
  for (size_t i = 0; i < z.size(); ++i)
    ASSERT_EQ(z[i], x[i] + y[i]) << i;

  // Timing: latency-bound DMA; two GM reads per tile make MTE2 the busiest.
  EXPECT_GT(r.cycles, 16u * (347 + 203));
  EXPECT_NEAR(r.duration_us, r.cycles / 1850.0 + 3.0, 1e-9); // + launch
  EXPECT_EQ(r.bound_pipe, "MTE2");
  EXPECT_GT(r.pipe_busy_cycles.at("V"), 0u);
  EXPECT_GT(r.pipe_busy_cycles.at("MTE3"), 0u);
  ASSERT_EQ(r.blocks.size(), static_cast<size_t>(kBlocks));
  for (const BlockTiming &b : r.blocks)
    EXPECT_EQ(b.cycles, r.blocks[0].cycles);
  EXPECT_EQ(r.cycles, r.blocks[0].cycles);
}

TEST(KernelTest, VaddFloat16IsCorrectlyRounded) {
  auto k = loadKernel(ASCSIM_KERNEL_VADD_F16);
  ASSERT_TRUE(k);
  std::vector<half> x(kBlocks * kLen), y(kBlocks * kLen), z(kBlocks * kLen);
  for (size_t i = 0; i < x.size(); ++i) {
    // Spread over the binary16 range, including subnormals and overflow.
    x[i] = half::fromBits(static_cast<uint16_t>((i * 40503u) & 0x7bffu));
    y[i] = half::fromBits(
        static_cast<uint16_t>(((i * 2654435761u) >> 7) & 0xfbffu));
  }
  LaunchResult r =
      k->launch(kBlocks, {addr(x), addr(y), addr(z), kLen},
                {region(x, "x"), region(y, "y"), region(z, "z")}, config());
  ASSERT_TRUE(r.ok) << dump(r);
  for (size_t i = 0; i < z.size(); ++i) {
    half ref(static_cast<float>(x[i]) + static_cast<float>(y[i]));
    ASSERT_EQ(z[i].bits(), ref.bits()) << i;
  }
}

TEST(KernelTest, VaddInt32Wraps) {
  auto k = loadKernel(ASCSIM_KERNEL_VADD_I32);
  ASSERT_TRUE(k);
  std::vector<int32_t> x(kBlocks * kLen), y(kBlocks * kLen), z(kBlocks * kLen);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = static_cast<int32_t>(i * 2654435761u);
    y[i] = static_cast<int32_t>(0x7fffff00 - i);
  }
  LaunchResult r =
      k->launch(kBlocks, {addr(x), addr(y), addr(z), kLen},
                {region(x, "x"), region(y, "y"), region(z, "z")}, config());
  ASSERT_TRUE(r.ok) << dump(r);
  for (size_t i = 0; i < z.size(); ++i)
    ASSERT_EQ(z[i], static_cast<int32_t>(static_cast<uint32_t>(x[i]) +
                                         static_cast<uint32_t>(y[i])))
        << i;
}

TEST(KernelTest, DeterministicAcrossHostThreads) {
  auto k = loadKernel(ASCSIM_KERNEL_VADD_F32);
  ASSERT_TRUE(k);
  const int blocks = 64;
  std::vector<float> x(blocks * kLen), y(blocks * kLen);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = std::sin(static_cast<float>(i));
    y[i] = std::cos(static_cast<float>(i));
  }
  std::vector<float> z1(x.size()), z2(x.size());
  LaunchResult r1 =
      k->launch(blocks, {addr(x), addr(y), addr(z1), kLen},
                {region(x, "x"), region(y, "y"), region(z1, "z")}, config(1));
  LaunchResult r2 =
      k->launch(blocks, {addr(x), addr(y), addr(z2), kLen},
                {region(x, "x"), region(y, "y"), region(z2, "z")}, config(2));
  ASSERT_TRUE(r1.ok && r2.ok) << dump(r1) << dump(r2);
  EXPECT_EQ(0, std::memcmp(z1.data(), z2.data(), z1.size() * sizeof(float)));
  EXPECT_EQ(r1.cycles, r2.cycles);
  EXPECT_EQ(r1.pipe_busy_cycles, r2.pipe_busy_cycles);
  // 64 blocks on 48 cores: two waves.
  EXPECT_EQ(r1.cycles, 2 * r1.blocks[0].cycles);
}

TEST(KernelTest, InterruptStopsEveryBlockAndTheNextLaunchRuns) {
  auto k = loadKernel(ASCSIM_KERNEL_VADD_F32);
  ASSERT_TRUE(k);
  std::vector<float> x(kBlocks * kLen, 1.f), y(x.size(), 2.f), z(x.size());
  auto run = [&] {
    return k->launch(kBlocks, {addr(x), addr(y), addr(z), kLen},
                     {region(x, "x"), region(y, "y"), region(z, "z")},
                     config());
  };
  requestInterrupt();
  EXPECT_TRUE(interruptRequested());
  LaunchResult r = run();
  clearInterrupt();
  EXPECT_TRUE(r.interrupted);
  EXPECT_FALSE(r.ok);
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  EXPECT_EQ(r.diagnostics[0].category, "interrupted");
  EXPECT_EQ(r.diagnostics[0].block, -1);
  EXPECT_EQ(r.diagnostics[0].message,
            "the launch was interrupted: 8 of 8 blocks stopped before their "
            "end (the results are partial)");
  EXPECT_EQ(z[0], 0.f);
  r = run();
  EXPECT_TRUE(r.ok && !r.interrupted) << dump(r);
  EXPECT_EQ(z[0], 3.f);
}

TEST(KernelTest, WatchdogStopsTheLowestBlockOverTheBudget) {
  auto k = loadKernel(ASCSIM_KERNEL_VADD_F32);
  ASSERT_TRUE(k);
  std::vector<float> x(kBlocks * kLen, 1.f), y(x.size(), 2.f), z(x.size());
  for (uint32_t threads : {1u, 2u, 4u}) {
    LaunchConfig cfg = config(threads);
    cfg.step_budget = 40; // the kernel makes more API calls than that
    LaunchResult r =
        k->launch(kBlocks, {addr(x), addr(y), addr(z), kLen},
                  {region(x, "x"), region(y, "y"), region(z, "z")}, cfg);
    ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
    const Diagnostic &d = r.diagnostics[0];
    EXPECT_EQ(d.category, "watchdog");
    EXPECT_EQ(d.block, 0);
    EXPECT_TRUE(contains(d.message, "ran more than 40 steps (API calls and "
                                    "loop iterations), the watchdog's budget "
                                    "per block: the kernel may never end"))
        << d.message;
    EXPECT_FALSE(r.interrupted);
    cfg.step_budget = 0; // no limit
    r = k->launch(kBlocks, {addr(x), addr(y), addr(z), kLen},
                  {region(x, "x"), region(y, "y"), region(z, "z")}, cfg);
    EXPECT_TRUE(r.ok) << dump(r);
  }
}

// The watchdog counts steps down (Core::step) and brings the count up to
// date at each checkpoint (every 1,024 steps): a launch of S steps passes
// with budget S and stops with S - 1, and S grows by exactly the steps the
// kernel adds, across checkpoints. kernels/tiles_add.cpp makes 10 steps a
// tile (3 copies, 1 add, 6 flags) beyond its first two tiles' 9.
TEST(KernelTest, TheWatchdogFiresAtTheStepAfterTheBudget) {
  auto k = loadKernel(ASCSIM_KERNEL_TILES_ADD);
  ASSERT_TRUE(k);
  auto run = [&](uint64_t tiles, uint64_t budget) {
    std::vector<float> x(16 * tiles, 1.f), y(x.size(), 2.f), z(x.size());
    LaunchConfig cfg = config(1);
    cfg.race_check = RaceCheck::Off;
    cfg.step_budget = budget;
    return k->launch(1, {addr(x), addr(y), addr(z), 16, tiles},
                     {region(x, "x"), region(y, "y"), region(z, "z")}, cfg);
  };
  auto steps = [&](uint64_t tiles) { // the smallest budget that passes
    uint64_t lo = 1, hi = 20 * tiles + 100;
    while (lo < hi) {
      const uint64_t mid = (lo + hi) / 2;
      if (run(tiles, mid).ok)
        hi = mid;
      else
        lo = mid + 1;
    }
    return lo;
  };
  const uint64_t s2 = steps(2), s16 = steps(16), s300 = steps(300);
  EXPECT_EQ(s16 - s2, 14u * 10);
  EXPECT_EQ(s300 - s2, 298u * 10); // 3,000 steps: two checkpoints crossed
  for (uint64_t tiles : {16u, 300u}) {
    const uint64_t s = tiles == 16 ? s16 : s300;
    EXPECT_TRUE(run(tiles, s).ok);
    LaunchResult r = run(tiles, s - 1);
    ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
    EXPECT_EQ(r.diagnostics[0].category, "watchdog");
    EXPECT_TRUE(contains(r.diagnostics[0].message,
                         "ran more than " + std::to_string(s - 1) + " steps"))
        << r.diagnostics[0].message;
    EXPECT_TRUE(run(tiles, 0).ok); // no limit
  }
}

TEST(KernelTest, BlocksBeyondCoresRunInWaves) {
  auto k = loadKernel(ASCSIM_KERNEL_VADD_F32);
  ASSERT_TRUE(k);
  std::vector<float> x(kBlocks * kLen, 1.f), y(kBlocks * kLen, 2.f),
      z(kBlocks * kLen);
  LaunchConfig c = config();
  c.aiv_cores = 3; // 8 blocks -> waves of 3, 3, 2
  LaunchResult r =
      k->launch(kBlocks, {addr(x), addr(y), addr(z), kLen},
                {region(x, "x"), region(y, "y"), region(z, "z")}, c);
  ASSERT_TRUE(r.ok) << dump(r);
  EXPECT_EQ(r.cycles, 3 * r.blocks[0].cycles);
  EXPECT_EQ(r.pipe_busy_cycles.at("MTE2"),
            3 * r.blocks[0].pipe_busy_cycles.at("MTE2"));
}

//===----------------------------------------------------------------------===//
// Synchronisation
//===----------------------------------------------------------------------===//

TEST(KernelTest, WaitBeforeSetInProgramOrderCompletes) {
  auto k = loadKernel(ASCSIM_KERNEL_WAIT_BEFORE_SET);
  ASSERT_TRUE(k);
  const int n = 512;
  std::vector<float> x(n), y(n), z(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i) * 0.5f;
    y[i] = static_cast<float>(n - i);
  }
  LaunchResult r =
      k->launch(1, {addr(x), addr(y), addr(z), n},
                {region(x, "x"), region(y, "y"), region(z, "z")}, config());
  ASSERT_TRUE(r.ok) << dump(r);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(z[i], x[i] + y[i]) << i;
}

struct SyncCase {
  LaunchResult result;
  std::vector<float> z;
};

SyncCase runSync(int mode) {
  // These kernels read unwritten UB on purpose; only sync findings matter.
  LaunchConfig cfg = config();
  cfg.init_check = false;
  auto k = loadKernel(ASCSIM_KERNEL_SYNC_ERRORS);
  SyncCase c;
  if (!k)
    return c;
  std::vector<float> x(64);
  for (int i = 0; i < 64; ++i)
    x[i] = static_cast<float>(i + 1);
  c.z.assign(64, 0.f);
  c.result = k->launch(1, {addr(x), addr(c.z), static_cast<uint64_t>(mode)},
                       {region(x, "x"), region(c.z, "z")}, cfg);
  return c;
}

TEST(KernelTest, DeadlockReportsTheBlockedWaitLine) {
  LaunchResult r = runSync(0).result;
  ASSERT_FALSE(r.ok);
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_EQ(d.category, "deadlock");
  EXPECT_EQ(d.file, "kernel.py");
  EXPECT_EQ(d.line, 42u);
  EXPECT_EQ(d.block, 0);
  EXPECT_TRUE(contains(d.message, "wait_flag(MTE2_V, 1) in PIPE_V"))
      << d.message;
}

TEST(KernelTest, DoubleSetInProgramOrder) {
  LaunchResult r = runSync(1).result;
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_EQ(d.category, "sync");
  EXPECT_EQ(d.file, "kernel.py");
  EXPECT_EQ(d.line, 51u);
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0].file, "kernel.py");
  EXPECT_EQ(d.notes[0].line, 50u);
}

TEST(KernelTest, LeakedFlag) {
  LaunchResult r = runSync(2).result;
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_EQ(d.category, "sync");
  EXPECT_EQ(d.line, 57u);
  EXPECT_TRUE(contains(d.message,
                       "flag MTE2_V id 1 set at kernel.py:57 is never waited"))
      << d.message;
}

TEST(KernelTest, DoubleSetOnTheTimeline) {
  LaunchResult r = runSync(3).result;
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_EQ(d.category, "sync");
  EXPECT_EQ(d.line, 63u);
  EXPECT_TRUE(contains(d.message, "still set")) << d.message;
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0].line, 60u);
}

TEST(KernelTest, DeadlockThroughAFullQueue) {
  LaunchResult r = runSync(4).result;
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_EQ(d.category, "deadlock");
  EXPECT_EQ(d.line, 80u);
  ASSERT_FALSE(d.notes.empty());
  EXPECT_TRUE(contains(d.notes.back().message, "the full PIPE_V queue"))
      << d.notes.back().message;
  EXPECT_EQ(d.notes.back().line, 82u);
}

TEST(KernelTest, MissingSyncReadsTheUninitialisedBuffer) {
  SyncCase c = runSync(5);
  // The race detector names both accesses ...
  ASSERT_EQ(c.result.diagnostics.size(), 1u) << dump(c.result);
  const Diagnostic &d = c.result.diagnostics[0];
  EXPECT_EQ(d.category, "race");
  EXPECT_EQ(d.line, 87u);
  EXPECT_EQ(d.message,
            "RAW hazard on UB[0x0000,0x0100): MTE2 data_copy (kernel.py:86) "
            "\u2192 V add (kernel.py:87), no set_flag/wait_flag orders them"
            " (use event MTE2_V: set_flag after the earlier access, "
            "wait_flag before this one)");
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0].line, 86u);
  // ... and the run goes on as the timeline has it: add started before the
  // copy landed, so it read the 0xFF fill (NaN).
  for (float v : c.z)
    ASSERT_EQ(bitsOf(v), 0xffffffffu);
}

TEST(KernelTest, RaceChecksCanWarnOrBeOff) {
  auto k = loadKernel(ASCSIM_KERNEL_SYNC_ERRORS);
  ASSERT_TRUE(k);
  std::vector<float> x(64, 1.f), z(64);
  LaunchConfig cfg = config();
  cfg.init_check = false;
  cfg.race_check = RaceCheck::Warn;
  LaunchResult r = k->launch(1, {addr(x), addr(z), 5},
                             {region(x, "x"), region(z, "z")}, cfg);
  EXPECT_TRUE(r.ok) << dump(r);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].severity, Severity::Warning);
  cfg.race_check = RaceCheck::Off;
  r = k->launch(1, {addr(x), addr(z), 5}, {region(x, "x"), region(z, "z")},
                cfg);
  EXPECT_TRUE(r.ok && r.diagnostics.empty()) << dump(r);
}

TEST(KernelTest, PipeBarrierAllOrdersEverything) {
  SyncCase c = runSync(6);
  ASSERT_TRUE(c.result.ok) << dump(c.result);
  for (int i = 0; i < 64; ++i)
    ASSERT_EQ(c.z[i], 2.f * static_cast<float>(i + 1));
}

// set/wait_flag's cases beside a loop's plain flags (Core::plainSet_): V_V
// is a PIPE_V barrier (a flag would be set twice here, and leak), S_V is set
// by the scalar unit (no PIPE_S queue entry).
TEST(KernelTest, BarrierAndScalarSideFlagsAreNotPlainFlags) {
  SyncCase c = runSync(10);
  ASSERT_TRUE(c.result.ok && c.result.diagnostics.empty()) << dump(c.result);
  for (int i = 0; i < 64; ++i)
    ASSERT_EQ(c.z[i], 3.f * static_cast<float>(i + 1));
}

TEST(KernelTest, EventNotValidOnVectorCore) {
  LaunchResult r = runSync(7).result;
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  EXPECT_EQ(r.diagnostics[0].category, "argument");
  EXPECT_EQ(r.diagnostics[0].line, 100u);
  EXPECT_TRUE(contains(r.diagnostics[0].message, "MTE1_M"));
}

TEST(KernelTest, EventIdOutOfRange) {
  LaunchResult r = runSync(8).result;
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  EXPECT_EQ(r.diagnostics[0].category, "argument");
  EXPECT_EQ(r.diagnostics[0].line, 110u);
  EXPECT_TRUE(contains(r.diagnostics[0].message, "0..7"));
}

TEST(KernelTest, DeadlockOnTheScalarUnit) {
  LaunchResult r = runSync(9).result;
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_EQ(d.category, "deadlock");
  EXPECT_EQ(d.line, 120u);
  EXPECT_TRUE(contains(d.message, "wait_flag(V_S, 0) on the scalar unit"))
      << d.message;
}

//===----------------------------------------------------------------------===//
// Memory and argument checks
//===----------------------------------------------------------------------===//

LaunchResult runCheck(int mode, uint32_t blocks = 1, int firstBad = 0,
                      uint32_t threads = 0) {
  auto k = loadKernel(ASCSIM_KERNEL_CHECK_ERRORS);
  if (!k)
    return LaunchResult{};
  const int n = 64;
  std::vector<float> x(n, 1.f), z(n, 0.f);
  return k->launch(blocks,
                   {addr(x), addr(z), n, static_cast<uint64_t>(mode),
                    static_cast<uint64_t>(firstBad)},
                   {region(x, "x"), region(z, "z")}, config(threads));
}

TEST(KernelTest, GmReadOutOfBoundsNamesTheArray) {
  LaunchResult r = runCheck(0);
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_EQ(d.category, "bounds");
  EXPECT_EQ(d.line, 10u);
  EXPECT_TRUE(contains(d.message, "data_copy reads GM bytes [0, 288) = "
                                  "elements [0, 72) relative to argument 'x'"))
      << d.message;
  EXPECT_TRUE(contains(d.message, "64 float32 elements (256 bytes)"))
      << d.message;
}

TEST(KernelTest, GmWriteOutOfBoundsNamesTheArray) {
  LaunchResult r = runCheck(1);
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_EQ(d.category, "bounds");
  EXPECT_EQ(d.line, 20u);
  EXPECT_TRUE(contains(d.message, "data_copy writes GM"));
  EXPECT_TRUE(contains(d.message, "argument 'z'"));
}

TEST(KernelTest, LocalTensorBeyondUnifiedBuffer) {
  LaunchResult r = runCheck(2);
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  EXPECT_EQ(r.diagnostics[0].category, "capacity");
  EXPECT_EQ(r.diagnostics[0].line, 30u);
  EXPECT_TRUE(contains(r.diagnostics[0].message, "196608"));
}

TEST(KernelTest, MisalignedLocalTensor) {
  LaunchResult r = runCheck(3);
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  EXPECT_EQ(r.diagnostics[0].category, "alignment");
  EXPECT_EQ(r.diagnostics[0].line, 40u);
}

TEST(KernelTest, DataCopyNotA32ByteMultiple) {
  LaunchResult r = runCheck(4);
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_EQ(d.category, "alignment");
  EXPECT_EQ(d.line, 50u);
  EXPECT_TRUE(contains(d.message,
                       "data_copy of 7 float32 elements (28 bytes) is not a "
                       "multiple of 32 bytes; the NPU would copy only 0 bytes"))
      << d.message;
}

TEST(KernelTest, AccessBeyondTheTensorView) {
  LaunchResult r = runCheck(5);
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  EXPECT_EQ(r.diagnostics[0].category, "bounds");
  EXPECT_EQ(r.diagnostics[0].line, 60u);
}

TEST(KernelTest, UnsupportedDtype) {
  LaunchResult r = runCheck(6);
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  EXPECT_EQ(r.diagnostics[0].category, "dtype");
  EXPECT_EQ(r.diagnostics[0].line, 70u);
  EXPECT_TRUE(contains(r.diagnostics[0].message, "bfloat16"));
}

TEST(KernelTest, ScalarAccessBeyondUnifiedBuffer) {
  LaunchResult r = runCheck(7);
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  EXPECT_EQ(r.diagnostics[0].category, "bounds");
  EXPECT_EQ(r.diagnostics[0].line, 80u);
  EXPECT_TRUE(contains(r.diagnostics[0].message, "get_value"));
}

TEST(KernelTest, DiagnosticsFromManyBlocksAreSortedAndDeterministic) {
  LaunchResult r1 = runCheck(0, 16, 5, 1);
  LaunchResult r2 = runCheck(0, 16, 5, 2);
  ASSERT_EQ(r1.diagnostics.size(), 11u) << dump(r1);
  ASSERT_EQ(dump(r1), dump(r2));
  for (size_t i = 0; i < r1.diagnostics.size(); ++i)
    EXPECT_EQ(r1.diagnostics[i].block, static_cast<int64_t>(5 + i));
}

//===----------------------------------------------------------------------===//
// Scalar unit and the other binary ops
//===----------------------------------------------------------------------===//

TEST(KernelTest, BinaryOpsAndScalarAccess) {
  auto k = loadKernel(ASCSIM_KERNEL_SCALAR_OPS);
  ASSERT_TRUE(k);
  const int n = 256;
  std::vector<float> x(n), y(n), z(6 * n + 8, 0.f);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i) * 0.75f - 40.f;
    y[i] = static_cast<float>(i % 17) - 8.5f;
  }
  LaunchResult r =
      k->launch(1, {addr(x), addr(y), addr(z), n},
                {region(x, "x"), region(y, "y"), region(z, "z")}, config());
  ASSERT_TRUE(r.ok) << dump(r);
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(z[0 * n + i], x[i] + y[i]);
    EXPECT_EQ(z[1 * n + i], x[i] - y[i]);
    EXPECT_EQ(z[2 * n + i], x[i] * y[i]);
    EXPECT_EQ(z[3 * n + i], x[i] / y[i]);
    EXPECT_EQ(z[4 * n + i], std::max(x[i], y[i]));
    EXPECT_EQ(z[5 * n + i], std::min(x[i], y[i]));
  }
  EXPECT_EQ(z[6 * n], x[0]);
  EXPECT_EQ(z[6 * n + 1], x[1] * 2.f);
}

//===----------------------------------------------------------------------===//
// Loading and configuration
//===----------------------------------------------------------------------===//

TEST(KernelTest, LoadFailureReportsDlerror) {
  std::string error;
  EXPECT_FALSE(Kernel::load("/nonexistent/kernel.so", error));
  EXPECT_TRUE(contains(error, "/nonexistent/kernel.so")) << error;
}

TEST(KernelTest, InvalidConfigIsADiagnostic) {
  auto k = loadKernel(ASCSIM_KERNEL_VADD_F32);
  ASSERT_TRUE(k);
  LaunchConfig c;
  c.aiv_cores = 0;
  LaunchResult r = k->launch(1, {0, 0, 0, 0}, {}, c);
  ASSERT_FALSE(r.ok);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].category, "config");
  EXPECT_EQ(r.diagnostics[0].block, -1);
  EXPECT_TRUE(contains(r.diagnostics[0].message, "aiv_cores must be"));
}

TEST(KernelTest, PlatformTable) {
  std::optional<LaunchConfig> b1 = platformConfig("Ascend910B1");
  ASSERT_TRUE(b1);
  EXPECT_EQ(b1->aiv_cores, 48u);
  EXPECT_EQ(b1->clock_mhz, 1850.0);
  std::optional<LaunchConfig> b3 = platformConfig("Ascend910B3");
  ASSERT_TRUE(b3);
  EXPECT_EQ(b3->aiv_cores, 40u);
  EXPECT_EQ(b3->clock_mhz, 1800.0);
  EXPECT_FALSE(platformConfig("Ascend310P"));
}

//===----------------------------------------------------------------------===//
// TPipe / TQue / TBuf framework
//===----------------------------------------------------------------------===//

template <class T>
LaunchResult runTqueVadd(std::vector<T> &x, std::vector<T> &y,
                         std::vector<T> &z, uint32_t blocks, int32_t n,
                         int32_t tile, int32_t buffers, int32_t dtype,
                         LaunchConfig c = config()) {
  auto k = loadKernel(ASCSIM_KERNEL_TQUE_VADD);
  if (!k)
    return LaunchResult{};
  return k->launch(blocks,
                   {addr(x), addr(y), addr(z), static_cast<uint64_t>(n),
                    static_cast<uint64_t>(tile), static_cast<uint64_t>(buffers),
                    static_cast<uint64_t>(dtype)},
                   {region(x, "x"), region(y, "y"), region(z, "z")}, c);
}

TEST(TQueTest, DoubleBufferedVaddFloat32IsExact) {
  const int n = 4096;
  std::vector<float> x(kBlocks * n), y(kBlocks * n), z(kBlocks * n);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = std::sin(static_cast<float>(i)) * 100.f;
    y[i] = 1.f / static_cast<float>(i + 3);
  }
  LaunchResult r = runTqueVadd(x, y, z, kBlocks, n, 512, 2, 0);
  ASSERT_TRUE(r.ok) << dump(r);
  for (size_t i = 0; i < z.size(); ++i)
    ASSERT_EQ(z[i], x[i] + y[i]) << i;
}

TEST(TQueTest, DoubleBufferedVaddFloat16IsExact) {
  const int n = 4096;
  std::vector<half> x(kBlocks * n), y(kBlocks * n), z(kBlocks * n);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = half::fromBits(static_cast<uint16_t>((i * 40503u) & 0x7bffu));
    y[i] = half::fromBits(
        static_cast<uint16_t>(((i * 2654435761u) >> 7) & 0xfbffu));
  }
  LaunchResult r = runTqueVadd(x, y, z, kBlocks, n, 1024, 2, 1);
  ASSERT_TRUE(r.ok) << dump(r);
  for (size_t i = 0; i < z.size(); ++i)
    ASSERT_EQ(z[i].bits(),
              half(static_cast<float>(x[i]) + static_cast<float>(y[i])).bits())
        << i;
}

TEST(TQueTest, DoubleBufferedVaddInt32IsExact) {
  const int n = 2048;
  std::vector<int32_t> x(kBlocks * n), y(kBlocks * n), z(kBlocks * n);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = static_cast<int32_t>(i * 2654435761u);
    y[i] = static_cast<int32_t>(0x7fffff00 - i);
  }
  LaunchResult r = runTqueVadd(x, y, z, kBlocks, n, 256, 2, 2);
  ASSERT_TRUE(r.ok) << dump(r);
  for (size_t i = 0; i < z.size(); ++i)
    ASSERT_EQ(z[i], static_cast<int32_t>(static_cast<uint32_t>(x[i]) +
                                         static_cast<uint32_t>(y[i])))
        << i;
}

TEST(TQueTest, DoubleBufferingOverlapsMte2AndVector) {
  const int n = 32768;
  std::vector<float> x(n, 1.f), y(n, 2.f), z1(n), z2(n);
  LaunchResult single = runTqueVadd(x, y, z1, 1, n, 2048, 1, 0);
  LaunchResult dbl = runTqueVadd(x, y, z2, 1, n, 2048, 2, 0);
  ASSERT_TRUE(single.ok && dbl.ok) << dump(single) << dump(dbl);
  EXPECT_EQ(z1, z2);
  // With two buffers the next tile's copy-in overlaps this tile's add and
  // copy-out.
  EXPECT_LT(dbl.cycles * 5, single.cycles * 4)
      << "single " << single.cycles << " double " << dbl.cycles;
  EXPECT_EQ(dbl.bound_pipe, "MTE2");
}

LaunchResult runTque(int mode, std::vector<float> *zOut = nullptr) {
  auto k = loadKernel(ASCSIM_KERNEL_TQUE_ERRORS);
  if (!k)
    return LaunchResult{};
  std::vector<float> x(64), z(64, 0.f);
  for (int i = 0; i < 64; ++i)
    x[i] = static_cast<float>(i) - 7.5f;
  LaunchResult r = k->launch(1, {addr(x), addr(z), static_cast<uint64_t>(mode)},
                             {region(x, "x"), region(z, "z")}, config());
  if (zOut)
    *zOut = z;
  return r;
}

void expectOne(const LaunchResult &r, const char *category, uint32_t line,
               const char *text) {
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_EQ(d.category, category) << dump(r);
  EXPECT_EQ(d.file, "kernel.py");
  EXPECT_EQ(d.line, line) << dump(r);
  EXPECT_TRUE(contains(d.message, text)) << d.message;
}

TEST(TQueTest, DequeFromEmptyQueue) {
  expectOne(runTque(0), "queue", 10, "finds it empty");
}

TEST(TQueTest, EnqueBeyondDepth) {
  expectOne(runTque(1), "queue", 20, "queue of depth 1");
}

TEST(TQueTest, AllocWithNoFreeBuffer) {
  expectOne(runTque(2), "queue", 30, "finds no free buffer");
}

TEST(TQueTest, FreeOfAnotherQueuesTensor) {
  expectOne(runTque(3), "queue", 40, "was not allocated from this queue");
}

TEST(TQueTest, DoubleFree) {
  LaunchResult r = runTque(4);
  expectOne(r, "queue", 50, "double free");
  ASSERT_EQ(r.diagnostics[0].notes.size(), 1u);
}

TEST(TQueTest, InitBufferBeyondUnifiedBuffer) {
  expectOne(runTque(5), "capacity", 60, "beyond the UB capacity of 196608");
}

TEST(TQueTest, EventIdPoolExhausted) {
  LaunchResult r = runTque(6);
  expectOne(r, "queue", 70, "needs an event id of MTE2_V, but all 8 are held");
  // Where each id was taken (Framework's idLoc_, written when an id is
  // taken and read only while it is held; not initialised per core).
  const std::vector<Note> &notes = r.diagnostics[0].notes;
  ASSERT_EQ(notes.size(), 8u);
  for (size_t id = 0; id < notes.size(); ++id) {
    EXPECT_EQ(notes[id].message,
              "id " + std::to_string(id) + " was taken here");
    EXPECT_EQ(notes[id].file, "kernel.py");
    EXPECT_EQ(notes[id].line, 70u);
  }
}

TEST(TQueTest, SecondLiveTPipe) {
  expectOne(runTque(7), "queue", 80, "a second TPipe");
}

TEST(TQueTest, TBufTQueSyncEventIdsAndScalarAccess) {
  std::vector<float> z;
  LaunchResult r = runTque(8, &z);
  ASSERT_TRUE(r.ok) << dump(r);
  EXPECT_TRUE(r.diagnostics.empty()) << dump(r);
  for (int i = 0; i < 64; ++i)
    ASSERT_EQ(z[i], (static_cast<float>(i) - 7.5f) * 3.0f) << i;
}

TEST(TQueTest, TBufPoolResetAndShare) {
  std::vector<float> z;
  LaunchResult r = runTque(9, &z);
  ASSERT_TRUE(r.ok) << dump(r);
  for (int i = 0; i < 64; ++i)
    ASSERT_EQ(z[i], 2.f * (static_cast<float>(i) - 7.5f)) << i;
}

TEST(TQueTest, LocalMemAllocator) {
  std::vector<float> z;
  LaunchResult r = runTque(10, &z);
  ASSERT_TRUE(r.ok) << dump(r);
  for (int i = 0; i < 64; ++i) {
    float v = static_cast<float>(i) - 7.5f;
    ASSERT_EQ(z[i], v * v) << i;
  }
}

TEST(TQueTest, TBufGetBeyondBuffer) {
  expectOne(runTque(11), "bounds", 110, "beyond its 256 bytes");
}

TEST(TQueTest, DestroyAllowsANewTPipe) {
  LaunchResult r = runTque(12);
  EXPECT_TRUE(r.ok) << dump(r);
  EXPECT_TRUE(r.diagnostics.empty()) << dump(r);
}

TEST(TQueTest, QueueUsedAfterDestroy) {
  expectOne(runTque(13), "queue", 130, "destroyed or reset");
}

TEST(TQueTest, EnqueWithoutDequeLeaksItsFlag) {
  expectOne(runTque(14), "sync", 140, "flag MTE2_V id 0 set at kernel.py:140");
}

//===----------------------------------------------------------------------===//
// Race detection
//===----------------------------------------------------------------------===//

LaunchResult runRace(int mode, uint32_t blocks = 1) {
  auto k = loadKernel(ASCSIM_KERNEL_RACE_CASES);
  if (!k)
    return LaunchResult{};
  std::vector<float> x(1024, 1.f), z(1024, 0.f);
  LaunchConfig cfg = config();
  cfg.init_check = false;
  return k->launch(blocks, {addr(x), addr(z), static_cast<uint64_t>(mode)},
                   {region(x, "x"), region(z, "z")}, cfg);
}

void expectRace(const LaunchResult &r, uint32_t line, uint32_t noteLine,
                const std::string &text) {
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(d.category, "race");
  EXPECT_EQ(d.file, "race.py");
  EXPECT_EQ(d.line, line) << dump(r);
  EXPECT_EQ(d.message, text);
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0].line, noteLine);
}

TEST(RaceTest, MissingVectorToMte3) {
  expectRace(runRace(0), 12, 11,
             "RAW hazard on UB[0x0400,0x0500): V add (race.py:11) \u2192 MTE3 "
             "data_copy (race.py:12), no set_flag/wait_flag orders them"
             " (use event V_MTE3: set_flag after the earlier access, "
             "wait_flag before this one)");
}

TEST(RaceTest, MissingMte3ToMte2WithPingPongBuffers) {
  // The copy-in of tile 2 reuses tile 0's buffer while copy-out 0 may still
  // read it. (It also overlaps copy-in 0 in MTE2, a consequence the missing
  // MTE3 -> MTE2 flag would fix too, so that is not reported.)
  expectRace(runRace(1), 17, 20,
             "WAR hazard on UB[0x0000,0x0100): MTE3 data_copy (race.py:20) "
             "\u2192 MTE2 data_copy (race.py:17), no set_flag/wait_flag "
             "orders them"
             " (use event MTE3_MTE2: set_flag after the earlier access, "
             "wait_flag before this one)");
}

TEST(RaceTest, OverlappingCopiesInOnePipeNeedABarrier) {
  expectRace(runRace(2), 31, 30,
             "WAW hazard on UB[0x0100,0x0200): MTE2 data_copy (race.py:30) "
             "\u2192 MTE2 data_copy (race.py:31), no pipe_barrier(PIPE_MTE2) "
             "orders them (instructions of one pipe may overlap)");
  EXPECT_TRUE(runRace(5).diagnostics.empty()) << dump(runRace(5));
}

// A launch repeating a clean one is compared with the race detector's record
// of it (RaceDetector::Memo) until it differs; then the matched prefix is
// replayed and the rest checked live. Here the same buffers are launched
// clean twice (the second matched to its end), then with tile 2 copying in
// what tile 0 wrote unordered: the launch matches up to tile 2's copy-in
// and its race is with tile 0's copy-out (matched, replayed). It must be
// reported exactly as by a launch with no record (the same race launched
// first: a launch that reports leaves none), and a clean launch after it is
// clean again. Fails when the replay loses a matched call (no report) or a
// matched launch returns stale outputs.
TEST(RaceTest, ARaceOnlyInARepeatedLaunchIsReportedAsCold) {
  auto k = loadKernel(ASCSIM_KERNEL_RACE_CASES);
  ASSERT_TRUE(k);
  std::vector<float> x(1024, 1.f), z(1024, 0.f);
  LaunchConfig cfg = config(1);
  cfg.init_check = false;
  auto run = [&](int skip) {
    return k->launch(1, {addr(x), addr(z), static_cast<uint64_t>(16 + skip)},
                     {region(x, "x"), region(z, "z")}, cfg);
  };
  const LaunchResult cold = run(2);
  expectRace(cold, 160, 166,
             "RAW hazard on GM[z+0x0000,z+0x0100): MTE3 data_copy "
             "(race.py:166) \u2192 MTE2 data_copy (race.py:160), no "
             "set_flag/wait_flag orders them"
             " (use event MTE3_MTE2: set_flag after the earlier access, "
             "wait_flag before this one)");
  for (int i = 0; i < 2; ++i) {
    const LaunchResult clean = run(4);
    EXPECT_TRUE(clean.ok && clean.diagnostics.empty()) << dump(clean);
  }
  const LaunchResult warm = run(2);
  ASSERT_EQ(warm.diagnostics.size(), cold.diagnostics.size()) << dump(warm);
  for (size_t i = 0; i < cold.diagnostics.size(); ++i) {
    const Diagnostic &c = cold.diagnostics[i], &w = warm.diagnostics[i];
    EXPECT_EQ(w.category, c.category);
    EXPECT_EQ(w.message, c.message);
    EXPECT_EQ(w.file, c.file);
    EXPECT_EQ(w.line, c.line);
    EXPECT_EQ(w.block, c.block);
    EXPECT_EQ(w.order, c.order);
    EXPECT_EQ(w.severity, c.severity);
    ASSERT_EQ(w.notes.size(), c.notes.size());
    for (size_t n = 0; n < c.notes.size(); ++n) {
      EXPECT_EQ(w.notes[n].message, c.notes[n].message);
      EXPECT_EQ(w.notes[n].line, c.notes[n].line);
    }
  }
  EXPECT_EQ(warm.ok, cold.ok);
  const LaunchResult after = run(4);
  EXPECT_TRUE(after.ok && after.diagnostics.empty()) << dump(after);
}

TEST(RaceTest, ScalarReadOfAVectorResult) {
  LaunchResult r = runRace(3);
  expectRace(r, 41, 37,
             "RAW hazard on UB[0x0400,0x0404): V add (race.py:37) \u2192 S "
             "get_value (race.py:41), no set_flag/wait_flag orders them (the "
             "scalar unit does not wait for other pipes; wait for the V_S "
             "event or use pipe_barrier(PIPE_ALL))");
  EXPECT_TRUE(runRace(6).diagnostics.empty()) << dump(runRace(6));
}

TEST(RaceTest, CrossCoreOverlappingGmWrites) {
  LaunchResult r = runRace(4, 3);
  ASSERT_EQ(r.diagnostics.size(), 1u) << dump(r);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_EQ(d.category, "race");
  EXPECT_EQ(d.block, 1);
  EXPECT_EQ(d.line, 50u);
  EXPECT_TRUE(contains(d.message,
                       "cross-core WAW hazard on GM[z+0x0000,z+0x0100): block "
                       "0 MTE3 data_copy (race.py:50) and block 1 MTE3 "
                       "data_copy (race.py:50)"))
      << d.message;
}

TEST(RaceTest, GmReadAfterWriteInsideACore) {
  expectRace(runRace(7), 71, 69,
             "RAW hazard on GM[z+0x0000,z+0x0100): MTE3 data_copy "
             "(race.py:69) \u2192 MTE2 data_copy (race.py:71), no "
             "set_flag/wait_flag orders them"
             " (use event MTE3_MTE2: set_flag after the earlier access, "
             "wait_flag before this one)");
}

TEST(RaceTest, CrossPipeWawOnUb) {
  expectRace(runRace(8), 81, 80,
             "WAW hazard on UB[0x0000,0x0100): MTE2 data_copy (race.py:80) "
             "\u2192 V duplicate (race.py:81), no set_flag/wait_flag orders "
             "them"
             " (use event MTE2_V: set_flag after the earlier access, "
             "wait_flag before this one)");
}

TEST(RaceTest, WawOnL1) {
  // L1 is the cube core's (AIC): the case is in the AIC_ONLY cube_errors
  // kernel.
  auto k = loadKernel(ASCSIM_KERNEL_CUBE_ERRORS);
  ASSERT_TRUE(k);
  std::vector<uint16_t> a(1024, 0x3c00);
  std::vector<float> c(1024, 0.f);
  LaunchConfig cfg = config();
  cfg.init_check = false;
  LaunchResult r = k->launch(1, {addr(a), addr(c), 12},
                             {region(a, "a"), region(c, "c")}, cfg);
  expectRace(r, 91, 90,
             "WAW hazard on L1[0x0100,0x0200): MTE2 data_copy (race.py:90) "
             "\u2192 MTE2 data_copy (race.py:91), no pipe_barrier(PIPE_MTE2) "
             "orders them (instructions of one pipe may overlap)");
}

/// The one cross-core report of `r`, from block 1 at `line`.
const Diagnostic &crossCoreReport(const LaunchResult &r, uint32_t line) {
  static const Diagnostic none;
  EXPECT_EQ(r.diagnostics.size(), 1u) << dump(r);
  if (r.diagnostics.size() != 1)
    return none;
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(d.category, "race");
  EXPECT_EQ(d.block, 1);
  EXPECT_EQ(d.line, line);
  return d;
}

TEST(RaceTest, CrossCoreRaw) {
  LaunchResult r = runRace(10, 2);
  EXPECT_EQ(crossCoreReport(r, 102).message,
            "cross-core RAW hazard on GM[z+0x0000,z+0x0100): block 0 MTE3 "
            "data_copy (race.py:100) and block 1 MTE2 data_copy (race.py:102) "
            "touch the same bytes; blocks of one launch are not ordered. Give "
            "each block its own part of the array");
}

TEST(RaceTest, CrossCoreWar) {
  LaunchResult r = runRace(11, 2);
  EXPECT_EQ(crossCoreReport(r, 112).message,
            "cross-core WAR hazard on GM[z+0x0100,z+0x0200): block 0 MTE2 "
            "data_copy (race.py:110) and block 1 MTE3 data_copy (race.py:112) "
            "touch the same bytes; blocks of one launch are not ordered. Give "
            "each block its own part of the array");
}

TEST(RaceTest, AtomicAddsOfManyBlocksDoNotRace) {
  auto k = loadKernel(ASCSIM_KERNEL_RACE_CASES);
  ASSERT_TRUE(k);
  std::vector<float> x(1024, 1.5f), z(1024, 0.f);
  LaunchResult r = k->launch(5, {addr(x), addr(z), 12},
                             {region(x, "x"), region(z, "z")}, config());
  EXPECT_TRUE(r.ok && r.diagnostics.empty()) << dump(r);
  for (int i = 0; i < 64; ++i)
    ASSERT_EQ(z[i], 7.5f) << i;
  EXPECT_EQ(z[64], 0.f);
}

TEST(RaceTest, AtomicAddRacesWithAPlainReadOfAnotherBlock) {
  LaunchResult r = runRace(13, 2);
  const Diagnostic &d = crossCoreReport(r, 132);
  EXPECT_EQ(d.message,
            "cross-core RAW hazard on GM[z+0x0000,z+0x0100): block 0 MTE3 "
            "data_copy (atomic add float32) (race.py:130) and block 1 MTE2 "
            "data_copy (race.py:132) touch the same bytes; blocks of one "
            "launch are not ordered. Give each block its own part of the "
            "array");
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0].message, "block 0's atomic add");
}

TEST(RaceTest, DifferentAtomicAccumulationsRace) {
  LaunchResult r = runRace(14, 2);
  EXPECT_EQ(crossCoreReport(r, 142).message,
            "cross-core WAW hazard on GM[z+0x0000,z+0x0100): block 0 MTE3 "
            "data_copy (atomic add float32) (race.py:140) and block 1 MTE3 "
            "data_copy (atomic max float32) (race.py:142) touch the same "
            "bytes; blocks of one launch are not ordered. Give each block its "
            "own part of the array");
}

TEST(RaceTest, AtomicAddThenCopyInInsideACore) {
  LaunchResult r = runRace(15);
  expectRace(r, 151, 150,
             "RAW hazard on GM[z+0x0000,z+0x0100): MTE3 data_copy (atomic add "
             "float32) (race.py:150) \u2192 MTE2 data_copy (race.py:151), no "
             "set_flag/wait_flag orders them"
             " (use event MTE3_MTE2: set_flag after the earlier access, "
             "wait_flag before this one)");
  EXPECT_EQ(r.diagnostics[0].notes[0].message,
            "the earlier atomic add by MTE3 data_copy");
}

TEST(RaceTest, CorrectKernelsReportNothing) {
  for (const char *path : {ASCSIM_KERNEL_VADD_F32, ASCSIM_KERNEL_VADD_I32}) {
    auto k = loadKernel(path);
    ASSERT_TRUE(k);
    std::vector<int32_t> x(kBlocks * kLen, 3), y(kBlocks * kLen, 4),
        z(kBlocks * kLen);
    LaunchResult r =
        k->launch(kBlocks, {addr(x), addr(y), addr(z), kLen},
                  {region(x, "x"), region(y, "y"), region(z, "z")}, config());
    EXPECT_TRUE(r.ok && r.diagnostics.empty()) << path << dump(r);
  }
  std::vector<float> x(kBlocks * 4096, 1.f), y(x.size(), 2.f), z(x.size());
  for (int buffers : {1, 2}) {
    LaunchResult r = runTqueVadd(x, y, z, kBlocks, 4096, 512, buffers, 0);
    EXPECT_TRUE(r.ok && r.diagnostics.empty()) << dump(r);
  }
}

//===----------------------------------------------------------------------===//
// Reports: uninitialised reads, summary, trace
//===----------------------------------------------------------------------===//

TEST(ReportTest, UninitialisedUbReadIsAWarning) {
  auto k = loadKernel(ASCSIM_KERNEL_SYNC_ERRORS);
  ASSERT_TRUE(k);
  std::vector<float> x(64, 1.f), z(64);
  LaunchResult r = k->launch(1, {addr(x), addr(z), 9},
                             {region(x, "x"), region(z, "z")}, config());
  ASSERT_GE(r.diagnostics.size(), 1u) << dump(r);
  const Diagnostic &d = r.diagnostics[0];
  EXPECT_EQ(d.category, "uninit");
  EXPECT_EQ(d.severity, Severity::Warning);
  EXPECT_TRUE(contains(d.message, "add reads UB[0, 256) through its source 0, "
                                  "but 256 of those 256 bytes"))
      << d.message;
}

TEST(ReportTest, SummaryAndTrace) {
  std::vector<float> x(2 * 4096, 1.f), y(x.size(), 2.f), z(x.size());
  LaunchConfig c = config();
  c.trace = true;
  LaunchResult r = runTqueVadd(x, y, z, 2, 4096, 512, 2, 0, c);
  ASSERT_TRUE(r.ok) << dump(r);
  std::string s = summary(r);
  EXPECT_TRUE(contains(s, "2 blocks on 2 vector cores at 1850 MHz")) << s;
  EXPECT_TRUE(contains(s, "bound by MTE2")) << s;
  EXPECT_TRUE(contains(s, "VECTOR")) << s;
  EXPECT_NEAR(r.pipe_ratio.at("MTE2"),
              double(r.pipe_busy_cycles.at("MTE2")) / double(r.cycles), 1e-12);
  EXPECT_EQ(r.gm_read_bytes, 2u * 2 * 4096 * 4);
  EXPECT_EQ(r.gm_write_bytes, 2u * 4096 * 4);
  ASSERT_TRUE(r.trace);
  std::string path = ::testing::TempDir() + "ascsim_trace.json";
  ASSERT_EQ(writeTrace(r, path), "");
  FILE *f = std::fopen(path.c_str(), "rb");
  ASSERT_TRUE(f);
  std::string json;
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;)
    json.append(buf, n);
  std::fclose(f);
  EXPECT_TRUE(contains(json, "\"name\":\"MTE2\"")) << json.substr(0, 400);
  EXPECT_TRUE(contains(json, "\"name\":\"VECTOR\""));
  EXPECT_TRUE(contains(json, "\"name\":\"data_copy\",\"ph\":\"X\""));
  EXPECT_TRUE(contains(json, "\"name\":\"MTE2_V id 0\",\"cat\":\"flag\""));
  EXPECT_EQ(json.back(), '\n');
  // Without tracing there is nothing to write.
  LaunchResult plain = runTqueVadd(x, y, z, 2, 4096, 512, 2, 0);
  EXPECT_FALSE(plain.trace);
  EXPECT_TRUE(contains(writeTrace(plain, path), "recorded no trace"));
}

TEST(TimingTest2, L2WorkingSetDecidesWhatReachesHbm) {
  // docs/timing.md's L2 model on add_calib (4 blocks partitioning 3 arrays
  // of 128 KiB in 16-KiB tiles: 16 reads and 8 writes) with a small L2.
  const uint32_t tile = 8192, tiles = 8, n = tile * tiles;
  std::string error;
  auto k = Kernel::load(ASCSIM_KERNEL_ADD_CALIB, error);
  ASSERT_TRUE(k) << error;
  std::vector<half> x(n, half(1.f)), y(n, half(2.f)), z(n);
  const std::vector<GmRegion> regions = {
      {addr(x), n * 2, "x"}, {addr(y), n * 2, "y"}, {addr(z), n * 2, "z"}};
  LaunchConfig c = config(1);
  c.race_check = RaceCheck::Off;
  auto run = [&](uint64_t l2, uint32_t flags, bool withRegions = true) {
    LaunchConfig cfg = c;
    cfg.l2_bytes = l2;
    LaunchResult r =
        k->launch(4, {addr(x), addr(y), addr(z), tiles, tile, 2, 0, flags | 4},
                  withRegions ? regions : std::vector<GmRegion>{}, cfg);
    EXPECT_TRUE(r.ok) << dump(r);
    EXPECT_EQ(static_cast<float>(z[n - 1]), 3.f);
    return r;
  };
  auto hbm = [&](double bytes, double transfers) {
    return static_cast<uint64_t>(
        (bytes + transfers * 1763) / (c.hbm_gbps * 1e3 / c.clock_mhz) + 0.5);
  };
  const double array = n * 2.0;
  // 384 KiB do not fit a 256-KiB L2: every byte reaches HBM.
  LaunchResult stream = run(256 << 10, 0);
  EXPECT_FALSE(stream.l2_resident);
  EXPECT_EQ(stream.hbm_cycles, hbm(3 * array, 24));
  // Without registered buffers the working set is unknown: streamed too.
  LaunchResult unknown = run(1 << 20, 0, false);
  EXPECT_FALSE(unknown.l2_resident);
  EXPECT_EQ(unknown.hbm_cycles, stream.hbm_cycles);
  // They fit a 1-MiB L2: cold start, only the first reads of x and y reach
  // HBM; the cores copy at the L2 rates, so MTE2 is busy for less time.
  LaunchResult fits = run(1 << 20, 0);
  EXPECT_TRUE(fits.l2_resident);
  EXPECT_EQ(fits.hbm_cycles, hbm(2 * array, 16));
  EXPECT_LT(fits.pipe_busy_cycles.at("MTE2"),
            stream.pipe_busy_cycles.at("MTE2"));
  EXPECT_LT(fits.cycles, stream.cycles);
  // Reading x and y past the L2 (CACHE_MODE_DISABLE) leaves only z cached:
  // 128 KiB fit the 256-KiB L2, and the bypassed reads reach HBM.
  LaunchResult bypass = run(256 << 10, 1);
  EXPECT_TRUE(bypass.l2_resident);
  EXPECT_EQ(bypass.hbm_cycles, hbm(2 * array, 16));
  EXPECT_EQ(bypass.gm_read_bytes, stream.gm_read_bytes); // timing only
}

TEST(TimingTest2, MoreCoresAreFasterUntilHbmBound) {
  // 48 MiB per array: a few cores are core bound, many are HBM bound.
  const uint32_t tile = 8192, tilesTotal = 1536;
  std::string error;
  auto k = Kernel::load(ASCSIM_KERNEL_ADD_CALIB, error);
  ASSERT_TRUE(k) << error;
  double prev = 1e30;
  bool sawHbmBound = false;
  for (uint32_t blocks : {1u, 2u, 4u, 8u, 16u, 32u, 48u}) {
    uint32_t perBlock = (tilesTotal + blocks - 1) / blocks;
    std::vector<half> x(size_t(perBlock) * tile, half(1.f)), y(x.size()),
        z(x.size());
    LaunchConfig c = config(1);
    c.race_check = RaceCheck::Off;
    c.init_check = false;
    LaunchResult r = k->launch(
        blocks, {addr(x), addr(y), addr(z), tilesTotal, tile, 2, 0, 0}, {}, c);
    ASSERT_TRUE(r.ok) << dump(r);
    EXPECT_LE(r.duration_us, prev * 1.0001) << blocks;
    if (!r.hbm_bound)
      EXPECT_LT(r.duration_us, prev) << blocks;
    sawHbmBound |= r.hbm_bound;
    EXPECT_EQ(r.bound_pipe, "MTE2") << blocks;
    prev = r.duration_us;
  }
  EXPECT_TRUE(sawHbmBound);
}

} // namespace
