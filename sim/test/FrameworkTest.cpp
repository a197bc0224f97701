//===- FrameworkTest.cpp - TPipe/TQue bookkeeping in isolation --*- C++ -*-===//
//
// The flag steps each queue call performs (hardware.md §3.5) and buffer
// placement, without running a kernel.
//
//===----------------------------------------------------------------------===//

#include "framework/Framework.h"
#include "support/Fault.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace ascsim;

namespace {

constexpr uint8_t kGM = 0, kVECIN = 9, kVECOUT = 10, kVECCALC = 11;
const Loc here{"t.py", 1};

std::string str(const std::vector<SyncOp> &ops) {
  std::string s;
  for (const SyncOp &op : ops) {
    if (!s.empty())
      s += " ";
    switch (op.kind) {
    case SyncOp::Set:
      s += std::string("set:") + eventInfo(op.event)->name + "#" +
           std::to_string(op.id);
      break;
    case SyncOp::Wait:
      s += std::string("wait:") + eventInfo(op.event)->name + "#" +
           std::to_string(op.id);
      break;
    case SyncOp::BarrierV:
      s += "barrier:V";
      break;
    case SyncOp::BarrierAll:
      s += "barrier:ALL";
      break;
    }
  }
  return s;
}

struct Pipe {
  LaunchConfig config;
  Framework fw{config};
  int token = 0;
  Pipe() { fw.create(&token, here); }
};

/// alloc, enque, deque, free, alloc of one queue: the steps of each call.
std::vector<std::string> cycle(uint8_t src, uint8_t dst) {
  Pipe p;
  int32_t q = p.fw.initQueue(0, src, dst, 1, 1, 64, false, here);
  std::vector<std::string> out;
  std::vector<SyncOp> ops;
  BufferView v = p.fw.alloc(q, here, ops);
  out.push_back(str(ops));
  ops.clear();
  p.fw.enque(q, v.handle, 16, 16, here, ops);
  out.push_back(str(ops));
  ops.clear();
  v = p.fw.deque(q, here, ops);
  out.push_back(str(ops));
  ops.clear();
  p.fw.free(q, v.handle, here, ops);
  out.push_back(str(ops));
  ops.clear();
  p.fw.alloc(q, here, ops);
  out.push_back(str(ops));
  return out;
}

TEST(FrameworkTest, QueueEventsFollowTheirPositions) {
  EXPECT_EQ(cycle(kGM, kVECIN),
            (std::vector<std::string>{"", "set:MTE2_V#0", "wait:MTE2_V#0",
                                      "set:V_MTE2#0", "wait:V_MTE2#0"}));
  EXPECT_EQ(cycle(kVECOUT, kGM),
            (std::vector<std::string>{"", "set:V_MTE3#0", "wait:V_MTE3#0",
                                      "set:MTE3_V#0", "wait:MTE3_V#0"}));
  EXPECT_EQ(cycle(kVECIN, kVECOUT),
            (std::vector<std::string>{"", "set:MTE2_MTE3#0",
                                      "wait:MTE2_MTE3#0", "set:MTE3_MTE2#0",
                                      "wait:MTE3_MTE2#0"}));
  EXPECT_EQ(cycle(kVECCALC, kVECCALC),
            (std::vector<std::string>{"", "barrier:V", "", "", ""}));
}

TEST(FrameworkTest, BuffersArePlacedInInitOrderAndRoundRobin) {
  Pipe p;
  int32_t a = p.fw.initQueue(0, kGM, kVECIN, 2, 2, 100, false, here);
  int32_t b = p.fw.initQueue(0, kVECOUT, kGM, 2, 1, 64, false, here);
  std::vector<SyncOp> ops;
  BufferView a0 = p.fw.alloc(a, here, ops);
  BufferView a1 = p.fw.alloc(a, here, ops);
  BufferView b0 = p.fw.alloc(b, here, ops);
  EXPECT_EQ(a0.addr, 0u);
  EXPECT_EQ(a0.bytes, 128u); // rounded up to 32
  EXPECT_EQ(a1.addr, 128u);
  EXPECT_EQ(b0.addr, 256u);
  EXPECT_EQ(b0.pos, kVECOUT);
}

TEST(FrameworkTest, DestroyWaitsPendingFreesThenDrains) {
  Pipe p;
  int32_t q = p.fw.initQueue(0, kGM, kVECIN, 2, 2, 64, false, here);
  std::vector<SyncOp> ops;
  BufferView x = p.fw.alloc(q, here, ops);
  BufferView y = p.fw.alloc(q, here, ops);
  p.fw.free(q, x.handle, here, ops);
  p.fw.free(q, y.handle, here, ops);
  EXPECT_EQ(str(ops), "set:V_MTE2#0 set:V_MTE2#1");
  ops.clear();
  p.fw.destroy(&p.token, here, ops);
  EXPECT_EQ(str(ops), "wait:V_MTE2#0 wait:V_MTE2#1 barrier:ALL");
  EXPECT_EQ(p.fw.pipe(), nullptr);
}

TEST(FrameworkTest, EventIdsComeFromTheSharedPool) {
  Pipe p;
  EXPECT_EQ(p.fw.allocEvent(4, true, here), 0);  // MTE2_V
  EXPECT_EQ(p.fw.allocEvent(4, false, here), 1); // fetch does not reserve
  EXPECT_EQ(p.fw.allocEvent(4, false, here), 1);
  int32_t q = p.fw.initQueue(0, kGM, kVECIN, 1, 1, 64, false, here);
  std::vector<SyncOp> ops;
  BufferView v = p.fw.alloc(q, here, ops);
  p.fw.enque(q, v.handle, 16, 16, here, ops);
  EXPECT_EQ(str(ops), "set:MTE2_V#1");
  p.fw.releaseEvent(4, 0, here);
  EXPECT_EQ(p.fw.allocEvent(4, false, here), 0);
  try {
    p.fw.releaseEvent(4, 5, here);
    FAIL() << "released an id that was not allocated";
  } catch (const Fault &f) {
    EXPECT_EQ(f.diag.category, "queue");
  }
}

} // namespace
