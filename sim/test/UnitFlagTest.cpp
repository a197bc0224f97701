//===- UnitFlagTest.cpp - Mmad <-> Fixpipe unit flags -----------*- C++ -*-===//
//
// kernels/cube_unit_flag.cpp: unit flags instead of the M_FIX / FIX_M flags
// compute what the flags do, race-free; the same kernel without them races;
// a Fixpipe waiting for a bit no Mmad set reports the hang, a Mmad writing a
// block whose Fixpipe is not issued yet is an error (sim/CUBE.md
// "UnitFlag"). The timing rule is tested on the engine (EngineTest.cpp).
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "ascsim/float16.h"

#include <gtest/gtest.h>

#include <vector>

using namespace ascsim;
using ascsim::test::cachedKernel;
using ascsim::test::dumpDiagnostics;

namespace {

uint64_t addr(const void *p) { return reinterpret_cast<uint64_t>(p); }

struct UnitRun {
  LaunchResult r;
  std::vector<float> c;
};

UnitRun run(int mode, RaceCheck check = RaceCheck::Raise) {
  std::vector<ascsim::Half> a(1024);
  for (int i = 0; i < 1024; ++i)
    a[i] = ascsim::Half((i * 7 % 19 - 9) / 8.0f);
  UnitRun out;
  out.c.assign(2048, -1.0f);
  LaunchConfig config;
  config.race_check = check;
  out.r =
      cachedKernel(ASCSIM_KERNEL_CUBE_UNIT_FLAG)
          .launch(
              1,
              {addr(a.data()), addr(out.c.data()), static_cast<uint64_t>(mode)},
              {{addr(a.data()), 2048, "a"}, {addr(out.c.data()), 8192, "c"}},
              config);
  return out;
}

/// The launch of `mode` fails with one diagnostic: that one (empty, after
/// the test's failure, if there is not exactly one).
Diagnostic onlyError(int mode) {
  UnitRun r = run(mode);
  EXPECT_FALSE(r.r.ok);
  EXPECT_EQ(r.r.diagnostics.size(), 1u) << dumpDiagnostics(r.r, true);
  return r.r.diagnostics.size() == 1 ? r.r.diagnostics[0] : Diagnostic{};
}

} // namespace

TEST(UnitFlag, Mmad3ThenFixpipe3ComputesWhatTheFlagDoesRaceFree) {
  UnitRun ref = run(0);
  ASSERT_TRUE(ref.r.ok) << dumpDiagnostics(ref.r, true);
  UnitRun unit = run(1);
  ASSERT_TRUE(unit.r.ok) << dumpDiagnostics(unit.r, true);
  EXPECT_TRUE(unit.r.diagnostics.empty()) << dumpDiagnostics(unit.r, true);
  for (int i = 0; i < 1024; ++i)
    ASSERT_EQ(unit.c[i], ref.c[i]) << i;
  EXPECT_NE(ref.c[0], -1.0f);
}

TEST(UnitFlag, AKLoopOfMode2ThenMode3) {
  UnitRun ref = run(12);
  ASSERT_TRUE(ref.r.ok) << dumpDiagnostics(ref.r, true);
  UnitRun unit = run(2);
  ASSERT_TRUE(unit.r.ok) << dumpDiagnostics(unit.r, true);
  EXPECT_TRUE(unit.r.diagnostics.empty()) << dumpDiagnostics(unit.r, true);
  for (int i = 0; i < 1024; ++i)
    ASSERT_EQ(unit.c[i], ref.c[i]) << i;
}

TEST(UnitFlag, WithoutUnitFlagsTheSameKernelRaces) {
  const Diagnostic d = onlyError(3);
  EXPECT_EQ(d.category, "race");
  EXPECT_EQ(d.line, 31u);
  EXPECT_NE(d.message.find("L0C"), std::string::npos) << d.message;
  ASSERT_GE(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0].line, 30u);
}

TEST(UnitFlag, AFixpipeWaitingForABitNoMmadSetIsAHang) {
  const Diagnostic d = onlyError(4);
  EXPECT_EQ(d.category, "deadlock");
  EXPECT_EQ(d.file, "unit.py");
  EXPECT_EQ(d.line, 40u);
  EXPECT_EQ(d.message,
            "deadlock: fixpipe with unit_flag 3 in PIPE_FIX waits forever for "
            "the unit flag of L0C bytes [0, 512): no mmad with unit_flag 3 has "
            "written them; give the last mmad that writes them unit_flag 3 "
            "(or use unit_flag 0 and set_flag/wait_flag(PIPE_M, PIPE_FIX)); "
            "the kernel would hang on the NPU");
}

TEST(UnitFlag, ASecondFixpipe3FindsTheBitCleared) {
  const Diagnostic d = onlyError(5);
  EXPECT_EQ(d.category, "deadlock");
  EXPECT_EQ(d.line, 51u);
  EXPECT_NE(d.message.find("the fixpipe at unit.py:50 cleared it (unit_flag "
                           "3) and no mmad with unit_flag 3 has written them "
                           "since"),
            std::string::npos)
      << d.message;
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0].line, 50u);
}

TEST(UnitFlag, AMmadWritingABlockWhoseFixpipeIsNotIssuedIsAnError) {
  const Diagnostic d = onlyError(6);
  EXPECT_EQ(d.category, "sync");
  EXPECT_EQ(d.line, 61u);
  EXPECT_EQ(d.message,
            "mmad with unit_flag 3 writes L0C bytes [0, 512), whose unit flag "
            "the mmad at unit.py:60 set (unit_flag 3) and no fixpipe with "
            "unit_flag 3 has cleared since: on the NPU this mmad would wait "
            "for a fixpipe issued after it, which the simulator's program "
            "order cannot model; issue the fixpipe with unit_flag 3 that "
            "reads the block before this mmad, or write another L0C buffer");
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0].line, 60u);
}

TEST(UnitFlag, AFixpipe3OrdersTheNextMmadsWrite) {
  UnitRun ref = run(0);
  UnitRun r = run(7);
  ASSERT_TRUE(r.r.ok) << dumpDiagnostics(r.r, true);
  EXPECT_TRUE(r.r.diagnostics.empty()) << dumpDiagnostics(r.r, true);
  for (int i = 0; i < 1024; ++i) {
    ASSERT_EQ(r.c[i], ref.c[i]) << i;
    ASSERT_EQ(r.c[1024 + i], 2 * ref.c[i]) << i; // accumulated: exact
  }
  // The second Mmad without its unit flag writes what the Fixpipe reads.
  UnitRun racy = run(8);
  ASSERT_FALSE(racy.r.ok);
  ASSERT_EQ(racy.r.diagnostics.size(), 1u) << dumpDiagnostics(racy.r, true);
  const Diagnostic &d = racy.r.diagnostics[0];
  EXPECT_EQ(d.category, "race");
  EXPECT_EQ(d.line, 82u);
  EXPECT_NE(d.message.find("L0C"), std::string::npos) << d.message;
  ASSERT_GE(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0].line, 80u);
}

// Race checks off: the Mmad and the Fixpipe are staged (not evaluated in
// place when they land); the Fixpipe that starts before its Mmad has
// landed reads L0C when it lands, and the Mmad after it lands after it.
TEST(UnitFlag, StagedInstructionsReadWhatTheUnitFlagsOrder) {
  UnitRun ref = run(0, RaceCheck::Off);
  ASSERT_TRUE(ref.r.ok) << dumpDiagnostics(ref.r, true);
  for (int mode : {1, 7}) {
    UnitRun r = run(mode, RaceCheck::Off);
    ASSERT_TRUE(r.r.ok) << dumpDiagnostics(r.r, true);
    for (int i = 0; i < 1024; ++i) {
      ASSERT_EQ(r.c[i], ref.c[i]) << mode << ": " << i;
      if (mode == 7)
        ASSERT_EQ(r.c[1024 + i], 2 * ref.c[i]) << i;
    }
  }
}
