//===- TimingTest.cpp - Cost model and kernel estimate ----------*- C++ -*-===//

#include "timing/Timing.h"
#include "ascsim/runtime.h"
#include "options/Options.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <string>

using namespace ascsim;

namespace {

TEST(TimingTest, InstructionCosts) {
  Cost c = timing::gmToLocal(8192);
  EXPECT_EQ(c.occupancy, 171u); // ceil(8192 / 48), the HBM rate
  EXPECT_EQ(c.latency, 347u);
  // An L2-resident launch's cores copy at the ini's L2 rates (docs/timing.md).
  timing::DmaRates saved = timing::dmaRates();
  timing::dmaRates() = timing::dmaRatesFor(true);
  EXPECT_EQ(timing::gmToLocal(8192).occupancy, 75u); // ceil(8192 / 110)
  EXPECT_EQ(timing::localToGm(8192).occupancy, 96u); // ceil(8192 / 86)
  timing::dmaRates() = saved;
  EXPECT_EQ(timing::localToGm(44).latency, 203u);
  // Count forms: 1000 float32 bytes are 4 repeats of 256 B.
  Cost add = timing::vectorOp(VecOp::Add, DType::F32, DType::F32, {4});
  EXPECT_EQ(add.occupancy, 4u); // 4 repeats of 256 B
  EXPECT_EQ(add.latency, 21u);  // 6 + 15
  Cost div = timing::vectorOp(VecOp::Div, DType::F16, DType::F16, {1});
  EXPECT_EQ(div.occupancy, 4u); // 64 B per cycle
  EXPECT_EQ(timing::vectorOp(VecOp::Add, DType::I32, DType::I32, {1}).latency,
            19u);
  // Bank conflicts (hardware.md §2.3): two sources 8 KiB apart read the same
  // 8 groups, 2 cycles per repeat; 256 B apart, disjoint groups.
  timing::BankOperand same[] = {
      {0, 1, false}, {8192, 1, false}, {16384, 1, true}};
  EXPECT_EQ(timing::bankConflictCycles(same, 3), 2u);
  timing::BankOperand apart[] = {
      {0, 1, false}, {8448, 1, false}, {16384, 1, true}};
  EXPECT_EQ(timing::bankConflictCycles(apart, 3), 1u);
  // The doc's example: a block stride of 16 puts all 8 blocks in one group, of
  // 8 in two; a stride of 0 reads one block (here in a group the other
  // source reads too).
  timing::BankOperand s16[] = {{0, 16, true}}, s8[] = {{0, 8, true}},
                      s0[] = {{0, 0, false}, {0, 1, false}};
  EXPECT_EQ(timing::bankConflictCycles(s16, 1), 8u);
  EXPECT_EQ(timing::bankConflictCycles(s8, 1), 4u);
  EXPECT_EQ(timing::bankConflictCycles(s0, 2), 2u);
  EXPECT_EQ(
      timing::vectorOp(VecOp::Add, DType::F16, DType::F16, {32}, 2).occupancy,
      64u);
  // A slower op hides the conflict: f16 Div needs 4 cycles per repeat anyway.
  EXPECT_EQ(
      timing::vectorOp(VecOp::Div, DType::F16, DType::F16, {32}, 2).occupancy,
      128u);
}

TEST(TimingTest, WavesAndBoundPipe) {
  std::vector<CoreTiming> blocks(5);
  for (size_t i = 0; i < blocks.size(); ++i) {
    blocks[i].cycles = 100 * (i + 1);
    blocks[i].busy[static_cast<int>(Pipe::MTE2)] = 10 * (i + 1);
    blocks[i].busy[static_cast<int>(Pipe::V)] = 5;
  }
  KernelTiming k = estimateKernel(blocks, 2, 1000.0);
  // core0: 100, then block 2 (300) at 100 -> 400, then block 4 (500) -> 900
  // core1: 200, then block 3 (400) at 200 -> 600
  EXPECT_EQ(k.cycles, 900u);
  EXPECT_DOUBLE_EQ(k.durationUs, 0.9);
  EXPECT_EQ(k.busy[static_cast<int>(Pipe::MTE2)], 10u + 30u + 50u);
  EXPECT_EQ(k.boundPipe, static_cast<int>(Pipe::MTE2));
  EXPECT_EQ(k.blockCore, (std::vector<uint32_t>{0, 1, 0, 1, 0}));
  EXPECT_EQ(k.blockStart, (std::vector<uint64_t>{0, 0, 100, 200, 400}));
  KernelTiming q = estimateKernel(blocks, 2, 1000.0, false);
  EXPECT_EQ(q.cycles, 900u);
  EXPECT_EQ(q.busy, k.busy);
  EXPECT_TRUE(q.blockStart.empty() && q.blockCore.empty());
}

TEST(TimingTest, OneWave) {
  // As many cores as blocks: block i starts at 0 on core i.
  std::vector<CoreTiming> blocks(3);
  for (size_t i = 0; i < blocks.size(); ++i) {
    blocks[i].cycles = 100 * (3 - i);
    blocks[i].busy[static_cast<int>(Pipe::V)] = i == 2 ? 1 : 7 * (i + 1);
  }
  KernelTiming k = estimateKernel(blocks, 3, 1000.0);
  EXPECT_EQ(k.cycles, 300u);
  EXPECT_EQ(k.blockStart, (std::vector<uint64_t>{0, 0, 0}));
  EXPECT_EQ(k.blockCore, (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_EQ(k.busy[static_cast<int>(Pipe::V)], 14u);
  EXPECT_EQ(k.boundPipe, static_cast<int>(Pipe::V));
  // A block of 0 cycles frees its core at 0: the next block takes it.
  blocks[0].cycles = 0;
  k = estimateKernel(blocks, 3, 1000.0);
  EXPECT_EQ(k.blockCore, (std::vector<uint32_t>{0, 0, 1}));
  EXPECT_EQ(k.cycles, 200u);
  EXPECT_EQ(k.busy[static_cast<int>(Pipe::V)], 7u + 14u);
  // A last block of 0 cycles takes its own core (nothing follows it).
  blocks[0].cycles = 100;
  blocks[2].cycles = 0;
  k = estimateKernel(blocks, 3, 1000.0);
  EXPECT_EQ(k.blockCore, (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_EQ(k.cycles, 200u);
  blocks[0].cycles = 0;
  blocks[2].cycles = 100;
  k = estimateKernel(blocks, 3, 1000.0);
  // Without the schedule: the same estimate, no starts or cores.
  KernelTiming q = estimateKernel(blocks, 3, 1000.0, false);
  EXPECT_EQ(q.cycles, k.cycles);
  EXPECT_EQ(q.busy, k.busy);
  EXPECT_EQ(q.boundPipe, k.boundPipe);
  EXPECT_TRUE(q.blockStart.empty() && q.blockCore.empty());
}

// The estimate over timings read in place (a launch's per-core records,
// TimingList with their stride) equals the estimate over a vector of the
// same timings, on the one-wave path and the list schedule's.
TEST(TimingTest, TimingsReadInPlace) {
  struct Record { // as Kernel::launch's per-core record: other fields around
    uint64_t before[3];
    CoreTiming timing;
    char after[40];
  };
  std::vector<Record> records(7);
  std::vector<CoreTiming> copies;
  for (size_t i = 0; i < records.size(); ++i) {
    std::fill(std::begin(records[i].before), std::end(records[i].before),
              ~0ull);
    std::fill(std::begin(records[i].after), std::end(records[i].after), 'x');
    CoreTiming &t = records[i].timing;
    t.cycles = 50 + 37 * ((i * 5) % 7);
    t.busy[static_cast<int>(Pipe::MTE2)] = 3 * i + 1;
    t.busy[static_cast<int>(Pipe::V)] = 11 * (7 - i);
    copies.push_back(t);
  }
  const TimingList inPlace(&records[0].timing, records.size(), sizeof(Record));
  ASSERT_EQ(inPlace.size(), records.size());
  for (uint32_t cores : {7u, 3u, 1u}) { // one wave, then list schedules
    SCOPED_TRACE("cores " + std::to_string(cores));
    KernelTiming a = estimateKernel(inPlace, cores, 1000.0);
    KernelTiming b = estimateKernel(copies, cores, 1000.0);
    EXPECT_EQ(a.cycles, b.cycles);
    EXPECT_EQ(a.busy, b.busy);
    EXPECT_EQ(a.boundPipe, b.boundPipe);
    EXPECT_EQ(a.blockStart, b.blockStart);
    EXPECT_EQ(a.blockCore, b.blockCore);
  }
  // One core runs them all: the cycles are their sum.
  EXPECT_EQ(estimateKernel(inPlace, 1, 1000.0).cycles,
            50u * 7 + 37u * (0 + 5 + 3 + 1 + 6 + 4 + 2));
}

TEST(OptionsTest, Validation) {
  LaunchConfig c;
  EXPECT_FALSE(c.validate());
  c.ub_bytes = 100;
  ASSERT_TRUE(c.validate());
  EXPECT_NE(c.validate()->find("ub_bytes must be"), std::string::npos);
  c = LaunchConfig{};
  c.clock_mhz = 0;
  EXPECT_TRUE(c.validate());
  EXPECT_EQ(effectiveHostThreads(LaunchConfig{}, 1), 1u);
}

} // namespace

// LaunchResult's per-pipe tables (ascsim::PipeMap) read as the std::map they
// replaced: lookups by name, iteration in insertion (name) order, toMap();
// a missing pipe and an eighth pipe throw instead of writing past the array.
TEST(TimingTest, PipeMapReadsLikeAMap) {
  PipeMap<uint64_t> m;
  const char *names[] = {"FIX", "M", "MTE1", "MTE2", "MTE3", "S", "V"};
  for (uint64_t i = 0; i < 7; ++i)
    m.insert(names[i], 10 * i);
  EXPECT_EQ(m.size(), 7u);
  EXPECT_EQ(m.at("MTE2"), 30u);
  EXPECT_EQ(m["V"], 60u);
  EXPECT_EQ(m.count("S"), 1u);
  EXPECT_EQ(m.count("L0C"), 0u);
  EXPECT_THROW(m.at("L0C"), std::out_of_range);
  const std::map<std::string, uint64_t> asMap = m.toMap();
  EXPECT_EQ(asMap.size(), 7u);
  EXPECT_EQ(asMap.begin()->first, "FIX");
  EXPECT_EQ(asMap.at("M"), 10u);
  EXPECT_THROW(m.insert("X", 1), std::length_error);
  EXPECT_EQ(m.size(), 7u);
}
