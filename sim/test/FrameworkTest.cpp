//===- FrameworkTest.cpp - TPipe/TQue bookkeeping in isolation --*- C++ -*-===//
//
// The flag steps each queue call performs (hardware.md §3.5) and buffer
// placement, without running a kernel.
//
//===----------------------------------------------------------------------===//

#include "framework/Framework.h"
#include "support/Fault.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

using namespace ascsim;

namespace {

constexpr uint8_t kGM = 0, kVECIN = 9, kVECOUT = 10, kVECCALC = 11;
constexpr uint8_t kA1 = 1, kMAX = 16;
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
  BufferView v = p.fw.alloc(q, false, here, ops);
  out.push_back(str(ops));
  ops.clear();
  p.fw.enque(q, v.handle, 16, 16, here, ops);
  out.push_back(str(ops));
  ops.clear();
  v = p.fw.deque(q, false, 0, kMAX, kMAX, here, ops);
  out.push_back(str(ops));
  ops.clear();
  p.fw.free(q, v.handle, here, ops);
  out.push_back(str(ops));
  ops.clear();
  p.fw.alloc(q, false, here, ops);
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
            (std::vector<std::string>{"", "set:MTE2_MTE3#0", "wait:MTE2_MTE3#0",
                                      "set:MTE3_MTE2#0", "wait:MTE3_MTE2#0"}));
  EXPECT_EQ(cycle(kVECCALC, kVECCALC),
            (std::vector<std::string>{"", "barrier:V", "", "", ""}));
}

/// alloc, enque<su, du>, deque<su, du>, free, alloc of a queue src -> dst.
std::vector<std::string> userCycle(uint8_t src, uint8_t dst, uint8_t su,
                                   uint8_t du) {
  Pipe p;
  int32_t q = p.fw.initQueue(0, src, dst, 1, 1, 64, false, here);
  std::vector<std::string> out;
  std::vector<SyncOp> ops;
  BufferView v = p.fw.alloc(q, false, here, ops);
  out.push_back(str(ops));
  ops.clear();
  p.fw.enque(q, v.handle, su, du, here, ops);
  out.push_back(str(ops));
  ops.clear();
  v = p.fw.deque(q, false, 0, su, du, here, ops);
  out.push_back(str(ops));
  ops.clear();
  p.fw.free(q, v.handle, here, ops);
  out.push_back(str(ops));
  ops.clear();
  p.fw.alloc(q, false, here, ops);
  out.push_back(str(ops));
  return out;
}

// EnQue/DeQue<srcUserPos, dstUserPos> use the event of the positions'
// memories (hardware.md §3.5); FreeTensor/AllocTensor keep the queue's own.
TEST(FrameworkTest, UserPositionsUseTheEventOfTheirMemories) {
  EXPECT_EQ(userCycle(kGM, kVECIN, kGM, kVECIN),
            (std::vector<std::string>{"", "set:MTE2_V#0", "wait:MTE2_V#0",
                                      "set:V_MTE2#0", "wait:V_MTE2#0"}));
  EXPECT_EQ(userCycle(kGM, kVECIN, kVECOUT, kGM),
            (std::vector<std::string>{"", "set:V_MTE3#0", "wait:V_MTE3#0",
                                      "set:V_MTE2#0", "wait:V_MTE2#0"}));
  EXPECT_EQ(userCycle(kGM, kVECIN, kVECCALC, kGM),
            (std::vector<std::string>{"", "set:V_MTE3#0", "wait:V_MTE3#0",
                                      "set:V_MTE2#0", "wait:V_MTE2#0"}));
  EXPECT_EQ(userCycle(kVECOUT, kGM, kGM, kVECOUT),
            (std::vector<std::string>{"", "set:MTE2_V#0", "wait:MTE2_V#0",
                                      "set:MTE3_V#0", "wait:MTE3_V#0"}));
  // UB -> UB: a PIPE_V barrier, nothing to wait.
  EXPECT_EQ(userCycle(kVECIN, kVECOUT, kVECIN, kVECOUT),
            (std::vector<std::string>{"", "barrier:V", "", "set:MTE3_MTE2#0",
                                      "wait:MTE3_MTE2#0"}));
  EXPECT_EQ(userCycle(kGM, kVECIN, kVECCALC, kVECOUT),
            (std::vector<std::string>{"", "barrier:V", "", "set:V_MTE2#0",
                                      "wait:V_MTE2#0"}));
}

std::string faultOf(const std::function<void()> &f) {
  try {
    f();
  } catch (const Fault &fault) {
    return fault.diag.category + ": " + fault.diag.message;
  }
  return "no fault";
}

TEST(FrameworkTest, DequeMustUseTheUserPositionsOfItsEnque) {
  Pipe p;
  int32_t q = p.fw.initQueue(0, kGM, kVECIN, 1, 1, 64, false, here);
  std::vector<SyncOp> ops;
  BufferView v = p.fw.alloc(q, false, here, ops);
  p.fw.enque(q, v.handle, kVECOUT, kGM, here, ops);
  std::string f =
      faultOf([&] { p.fw.deque(q, false, 0, kMAX, kMAX, here, ops); });
  EXPECT_NE(f.find("queue: deque (the queue's own positions) on the VECIN "
                   "queue"),
            std::string::npos)
      << f;
  EXPECT_NE(f.find("waits the MTE2_V flag, but the tensor was enqueued (user "
                   "positions VECOUT, GM) with the V_MTE3 flag"),
            std::string::npos)
      << f;
  ops.clear();
  p.fw.deque(q, false, 0, kVECOUT, kGM, here, ops);
  EXPECT_EQ(str(ops), "wait:V_MTE3#0");
}

TEST(FrameworkTest, UserPositionsOutsideTheUnifiedBufferAreRefused) {
  Pipe p;
  int32_t ub = p.fw.initQueue(0, kGM, kVECIN, 2, 2, 64, false, here);
  std::vector<SyncOp> ops;
  BufferView v = p.fw.alloc(ub, false, here, ops);
  EXPECT_NE(faultOf([&] { p.fw.enque(ub, v.handle, kA1, kGM, here, ops); })
                .find("argument: enque (user positions A1, GM) on the VECIN "
                      "queue"),
            std::string::npos);
  EXPECT_NE(faultOf([&] { p.fw.enque(ub, v.handle, kGM, kGM, here, ops); })
                .find(": each user position must be GM, VECIN, VECCALC or "
                      "VECOUT, and not both GM"),
            std::string::npos);
}

// InitBuffer of a depth-0 queue takes and sets a free-event id per buffer
// (hardware.md §3.5); the buffers keep them; DeQue(t) takes t's buffer.
TEST(FrameworkTest, DepthZeroQueuesPresetTheirFreeFlagsAndWorkInPlace) {
  Pipe p;
  std::vector<SyncOp> ops;
  int32_t q = p.fw.initQueue(0, kGM, kVECIN, 0, 2, 64, false, here, &ops);
  EXPECT_EQ(str(ops), "set:V_MTE2#0 set:V_MTE2#1");
  ops.clear();
  BufferView a = p.fw.alloc(q, true, here, ops);
  BufferView b = p.fw.alloc(q, true, here, ops);
  EXPECT_EQ(str(ops), "wait:V_MTE2#0 wait:V_MTE2#1");
  ops.clear();
  p.fw.enque(q, b.handle, kMAX, kMAX, here, ops);
  p.fw.enque(q, a.handle, kMAX, kMAX, here, ops);
  EXPECT_EQ(str(ops), "set:MTE2_V#0 set:MTE2_V#1");
  ops.clear();
  BufferView d = p.fw.deque(q, true, a.handle, kMAX, kMAX, here, ops);
  EXPECT_EQ(d.addr, a.addr);
  EXPECT_EQ(str(ops), "wait:MTE2_V#1");
  ops.clear();
  p.fw.free(q, a.handle, here, ops);
  EXPECT_EQ(str(ops), "set:V_MTE2#0");
  EXPECT_NE(faultOf([&] {
              p.fw.alloc(q, false, here, ops);
            }).find("queue: AllocTensor<T>() on the VECIN queue"),
            std::string::npos);
  EXPECT_NE(faultOf([&] { p.fw.query(q, QueueQuery::Vacant, 0, here); })
                .find("whose depth is 0: Ascend C's depth-0 (in-place) queues "
                      "have no query methods"),
            std::string::npos);
  EXPECT_NE(faultOf([&] {
              p.fw.freeAllEvents(q, here, ops);
            }).find("queue: free_all_event on the VECIN queue"),
            std::string::npos);
  // The queue holds its V_MTE2 ids (5) until Destroy gives them back.
  EXPECT_EQ(p.fw.allocEvent(5, false, here), 2);
  ops.clear();
  p.fw.destroy(&p.token, here, ops);
  EXPECT_EQ(str(ops), "wait:V_MTE2#0 barrier:ALL");
  EXPECT_EQ(p.fw.allocEvent(5, false, here), 0);
}

TEST(FrameworkTest, BuffersArePlacedInInitOrderAndRoundRobin) {
  Pipe p;
  int32_t a = p.fw.initQueue(0, kGM, kVECIN, 2, 2, 100, false, here);
  int32_t b = p.fw.initQueue(0, kVECOUT, kGM, 2, 1, 64, false, here);
  std::vector<SyncOp> ops;
  BufferView a0 = p.fw.alloc(a, false, here, ops);
  BufferView a1 = p.fw.alloc(a, false, here, ops);
  BufferView b0 = p.fw.alloc(b, false, here, ops);
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
  BufferView x = p.fw.alloc(q, false, here, ops);
  BufferView y = p.fw.alloc(q, false, here, ops);
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
  BufferView v = p.fw.alloc(q, false, here, ops);
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
