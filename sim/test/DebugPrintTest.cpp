//===- DebugPrintTest.cpp - printf and DumpTensor ---------------*- C++ -*-===//
//
// kernels/debug_print.cpp on the simulator: the exact text of printf and
// DumpTensor (the format docs/debugging.md documents), its order across
// blocks whatever the host thread count, and the errors (with their lines).
//
//===----------------------------------------------------------------------===//

#include "ascsim/runtime.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

using namespace ascsim;

namespace {

struct PrintRun {
  LaunchResult result;
  std::vector<float> x, z;
};

PrintRun run(int mode, uint32_t blocks = 1, uint32_t threads = 1) {
  PrintRun r;
  r.x.assign(64, 0.f);
  r.z.assign(64, 0.f);
  const float inf = std::numeric_limits<float>::infinity();
  float head[] = {0.1f, 1.5f, -2.f, 1e10f,     std::nanf(""),
                  inf,  -inf, -0.f, 1.f / 3.f, 1e-7f};
  for (int i = 0; i < 10; ++i)
    r.x[i] = head[i];
  for (int i = 10; i < 64; ++i)
    r.x[i] = static_cast<float>(i) + 0.5f;
  std::string error;
  std::unique_ptr<Kernel> k = Kernel::load(ASCSIM_KERNEL_DEBUG_PRINT, error);
  EXPECT_TRUE(k) << error;
  if (!k)
    return r;
  LaunchConfig c;
  c.host_threads = threads;
  auto a = [](std::vector<float> &v) {
    return reinterpret_cast<uint64_t>(v.data());
  };
  r.result = k->launch(blocks, {a(r.x), a(r.z), static_cast<uint64_t>(mode)},
                       {{a(r.x), 256, "x"}, {a(r.z), 256, "z"}}, c);
  return r;
}

std::string dump(const LaunchResult &r) {
  std::string s;
  for (const Diagnostic &d : r.diagnostics)
    s += "[" + d.category + "] " + d.file + ":" + std::to_string(d.line) +
         ": " + d.message + "\n";
  return s;
}

std::string printfText(int b, int blocks) {
  std::string p = "[block " + std::to_string(b) + "] ";
  return p + "block " + std::to_string(b) + " of " + std::to_string(blocks) +
         "\n" + p + "ints -8 -1600 -32 -6400000000 1\n" + p +
         "uints 200 65000 4000000000 18000000000000000000 4294967295\n" + p +
         "hex ff FF 0xff 10 0000beef|42   |+42|   42\n" + p +
         "char ok str text % pct\n" + p +
         "floats 0.099976 1.500000 3.250000 0.333 3.250000e+00 0.333333   "
         "3.2|\n" +
         p + "PRINTF 7 continues the line\n" + p + "next\n" + p +
         "last without newline\n";
}

TEST(DebugPrintTest, PrintfFormatsEveryArgumentKind) {
  PrintRun r = run(0);
  ASSERT_TRUE(r.result.ok) << dump(r.result);
  EXPECT_TRUE(r.result.diagnostics.empty()) << dump(r.result);
  ASSERT_EQ(r.result.output.size(), 1u);
  EXPECT_EQ(r.result.output[0].first, 0u);
  EXPECT_EQ(r.result.output[0].second, printfText(0, 1));
}

TEST(DebugPrintTest, OutputIsPerBlockInBlockOrderWhateverTheThreads) {
  for (uint32_t threads : {1u, 2u, 4u}) {
    PrintRun r = run(0, 5, threads);
    ASSERT_TRUE(r.result.ok) << dump(r.result);
    ASSERT_EQ(r.result.output.size(), 5u);
    for (uint32_t b = 0; b < 5; ++b) {
      EXPECT_EQ(r.result.output[b].first, b);
      EXPECT_EQ(r.result.output[b].second, printfText(b, 5)) << threads;
    }
  }
}

TEST(DebugPrintTest, DumpTensorWritesHeadOnceThenRecords) {
  PrintRun r = run(1);
  ASSERT_TRUE(r.result.ok) << dump(r.result);
  EXPECT_TRUE(r.result.diagnostics.empty()) << dump(r.result);
  ASSERT_EQ(r.result.output.size(), 1u);
  char gm[32];
  std::snprintf(gm, sizeof gm, "0x%llx",
                static_cast<unsigned long long>(
                    reinterpret_cast<uintptr_t>(r.x.data() + 60)));
  const std::string p = "[block 0] ";
  std::string want =
      p + "before dumps\n" + p + "partial \n" + p +
      "DumpHead: block_idx=0, core_type=AIV, total_blocks=1\n" + p +
      "DumpTensor: desc=7, addr=0x0, data_type=float32, position=VECIN, "
      "dump_size=10\n" +
      p + "[0] 0.1, 1.5, -2, 1e+10, nan, inf, -inf, -0\n" + p +
      "[8] 0.33333334, 1e-07\n" + p +
      "DumpTensor: desc=8, addr=0x220, data_type=int32, position=VECCALC, "
      "dump_size=8\n" +
      p + "[0] 0, 1000, 2000, 3000, 4000, 5000, 6000, 7000\n" + p +
      "DumpTensor: desc=9, addr=0x400, data_type=float16, position=VECCALC, "
      "dump_size=4\n" +
      p + "[0] 0, 0.1, 0.2, 0.3\n" + p + "DumpTensor: desc=10, addr=" + gm +
      ", data_type=float32, position=GM, dump_size=4\n" + p +
      "[0] 60.5, 61.5, 62.5, 63.5\n" + p +
      "DumpTensor: desc=11, addr=0x0, data_type=float32, position=VECIN, "
      "dump_size=0\n" +
      p + "after dumps\n";
  EXPECT_EQ(r.result.output[0].second, want);
}

TEST(DebugPrintTest, DumpWithoutSyncIsAScalarRace) {
  PrintRun r = run(2);
  ASSERT_FALSE(r.result.ok);
  ASSERT_EQ(r.result.diagnostics.size(), 1u) << dump(r.result);
  const Diagnostic &d = r.result.diagnostics[0];
  EXPECT_EQ(d.category, "race");
  EXPECT_EQ(d.file, "debug.py");
  EXPECT_EQ(d.line, 20u);
  EXPECT_NE(d.message.find("RAW hazard on UB[0x0100,0x0200): V add"),
            std::string::npos)
      << d.message;
  EXPECT_NE(d.message.find("S dump_tensor (debug.py:20)"), std::string::npos)
      << d.message;
}

TEST(DebugPrintTest, DumpBeyondTheLocalTensorIsABoundsError) {
  PrintRun r = run(3);
  ASSERT_FALSE(r.result.ok);
  ASSERT_EQ(r.result.diagnostics.size(), 1u) << dump(r.result);
  const Diagnostic &d = r.result.diagnostics[0];
  EXPECT_EQ(d.category, "bounds");
  EXPECT_EQ(d.line, 30u);
  EXPECT_EQ(d.message,
            "dump_tensor reads 40 float32 elements (160 bytes) of its tensor, "
            "but that LocalTensor view holds only 32 float32 elements (128 "
            "bytes)");
}

TEST(DebugPrintTest, DumpBeyondTheGlobalTensorIsABoundsError) {
  PrintRun r = run(4);
  ASSERT_FALSE(r.result.ok);
  ASSERT_EQ(r.result.diagnostics.size(), 1u) << dump(r.result);
  const Diagnostic &d = r.result.diagnostics[0];
  EXPECT_EQ(d.category, "bounds");
  EXPECT_EQ(d.line, 40u);
  EXPECT_EQ(d.message, "dump_tensor of 65 elements reads beyond the "
                       "GlobalTensor, which holds 64 float32 elements");
  EXPECT_TRUE(r.result.output.empty());
}

TEST(DebugPrintTest, FormatErrorsNameTheLine) {
  struct Case {
    int mode;
    unsigned line;
    const char *message;
  } cases[] = {
      {5, 50,
       "printf: the conversion '%n' is not supported; use %d %i %u %o %x %X "
       "%c %f %e %g %s %p or %% (with flags, width and precision)"},
      {6, 60,
       "printf: the format \"a=%d b=%d\n\" has more conversions than the 1 "
       "argument(s) given"},
      {7, 70, "printf: '%d' needs an integer, but argument 1 is float32"},
  };
  for (const Case &c : cases) {
    PrintRun r = run(c.mode);
    ASSERT_FALSE(r.result.ok) << c.mode;
    ASSERT_EQ(r.result.diagnostics.size(), 1u) << dump(r.result);
    const Diagnostic &d = r.result.diagnostics[0];
    EXPECT_EQ(d.category, "argument");
    EXPECT_EQ(d.file, "debug.py");
    EXPECT_EQ(d.line, c.line);
    EXPECT_EQ(d.message, c.message);
  }
}

TEST(DebugPrintTest, OutputBeyondOneMiBIsTruncatedWithOneWarning) {
  PrintRun r = run(8, 2, 2);
  ASSERT_TRUE(r.result.ok) << dump(r.result);
  ASSERT_EQ(r.result.diagnostics.size(), 2u) << dump(r.result);
  for (int b = 0; b < 2; ++b) {
    const Diagnostic &d = r.result.diagnostics[b];
    EXPECT_EQ(d.severity, Severity::Warning);
    EXPECT_EQ(d.category, "capacity");
    EXPECT_EQ(d.block, b);
    EXPECT_EQ(d.line, 80u);
    EXPECT_NE(d.message.find("exceeds the per-core buffer of 1048576 bytes"),
              std::string::npos)
        << d.message;
  }
  ASSERT_EQ(r.result.output.size(), 2u);
  for (int b = 0; b < 2; ++b) {
    const std::string &text = r.result.output[b].second;
    std::string prefix = "[block " + std::to_string(b) + "] ";
    std::string marker = prefix +
                         "[output truncated: the 1 MiB printf buffer of this "
                         "core is full]\n";
    EXPECT_LE(text.size(), (1u << 20) + marker.size());
    EXPECT_GT(text.size(), (1u << 20) - 100);
    ASSERT_GT(text.size(), marker.size());
    EXPECT_EQ(text.substr(text.size() - marker.size()), marker);
    EXPECT_EQ(text.substr(0, prefix.size() + 8), prefix + "line 0: ");
  }
}

TEST(DebugPrintTest, DumpOfNeverWrittenUbWarnsAndShowsNan) {
  PrintRun r = run(9);
  ASSERT_TRUE(r.result.ok) << dump(r.result);
  ASSERT_EQ(r.result.diagnostics.size(), 1u) << dump(r.result);
  EXPECT_EQ(r.result.diagnostics[0].category, "uninit");
  EXPECT_EQ(r.result.diagnostics[0].line, 90u);
  ASSERT_EQ(r.result.output.size(), 1u);
  EXPECT_NE(r.result.output[0].second.find(
                "[block 0] [0] nan, nan, nan, nan, nan, nan, nan, nan\n"),
            std::string::npos)
      << r.result.output[0].second;
}

TEST(DebugPrintTest, OutputBeforeAnErrorIsKept) {
  PrintRun r = run(10, 2);
  ASSERT_FALSE(r.result.ok);
  ASSERT_EQ(r.result.diagnostics.size(), 2u) << dump(r.result);
  EXPECT_EQ(r.result.diagnostics[0].category, "bounds");
  EXPECT_EQ(r.result.diagnostics[0].line, 100u);
  ASSERT_EQ(r.result.output.size(), 2u);
  EXPECT_EQ(r.result.output[0].second, "[block 0] before the error\n");
  EXPECT_EQ(r.result.output[1].second, "[block 1] before the error\n");
}

} // namespace
