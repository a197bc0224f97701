//===- CrossCoreTest.cpp - The Matmul message channel's order ---*- C++ -*-===//
//
// An AIC serving two AIVs takes their requests in device order (the smallest
// cycle), not in the order the host threads happened to post them, so a MIX
// launch's estimate does not change from run to run.
//
//===----------------------------------------------------------------------===//

#include "device/CrossCore.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <thread>

using namespace ascsim;

namespace {
constexpr Loc kLoc{"cross_core_test.cpp", 1};

void send(CrossCoreDomain &d, uint32_t sub, char tag, uint64_t cycle) {
  d.sendToAic(d.aivId(0, sub), &tag, 1, cycle);
}

char tagOf(const CrossCoreDomain::Message &m) {
  return m.data.empty() ? '?' : static_cast<char>(m.data[0]);
}
} // namespace

TEST(CrossCoreTest, AicTakesTheEarliestRequestNotTheFirstPosted) {
  CrossCoreDomain d(1, true, 2);
  send(d, 1, 'b', 500); // posted first by the host, later on the device
  send(d, 0, 'a', 100);
  send(d, 1, 'c', 90); // AIV 1's second request stays behind its first
  CrossCoreDomain::Message m;
  ASSERT_TRUE(d.receive(d.aicId(0), m, "waits", kLoc));
  EXPECT_EQ(tagOf(m), 'a');
  EXPECT_EQ(m.from, 0u);
  EXPECT_EQ(m.cycle, 100u);
  // AIV 0 could still send a request before 'b' until it finishes.
  d.finish(d.aivId(0, 0));
  ASSERT_TRUE(d.receive(d.aicId(0), m, "waits", kLoc));
  EXPECT_EQ(tagOf(m), 'b');
  EXPECT_EQ(m.from, 1u);
  ASSERT_TRUE(d.receive(d.aicId(0), m, "waits", kLoc));
  EXPECT_EQ(tagOf(m), 'c');
}

TEST(CrossCoreTest, TiesGoToTheLowerSubBlock) {
  CrossCoreDomain d(1, true, 2);
  send(d, 1, 'b', 300);
  send(d, 0, 'a', 300);
  CrossCoreDomain::Message m;
  ASSERT_TRUE(d.receive(d.aicId(0), m, "waits", kLoc));
  EXPECT_EQ(tagOf(m), 'a');
}

TEST(CrossCoreTest, AicWaitsForAnAivThatMayStillSendEarlier) {
  CrossCoreDomain d(1, true, 2);
  send(d, 1, 'b', 500);
  CrossCoreDomain::Message first;
  std::thread aic([&] { d.receive(d.aicId(0), first, "waits", kLoc); });
  // AIV 0 is still running: the AIC must not take AIV 1's request yet.
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  send(d, 0, 'a', 100);
  aic.join();
  EXPECT_EQ(tagOf(first), 'a');
}

TEST(CrossCoreTest, FinishedAndBlockedAivsLetTheAicPick) {
  CrossCoreDomain d(1, true, 2);
  // AIV 0 waits for the AIC's reply (it cannot send before it gets one).
  CrossCoreDomain::Message reply;
  std::thread aiv0([&] { d.receive(d.aivId(0, 0), reply, "waits", kLoc); });
  send(d, 1, 'b', 500);
  CrossCoreDomain::Message m;
  ASSERT_TRUE(d.receive(d.aicId(0), m, "waits", kLoc));
  EXPECT_EQ(tagOf(m), 'b');
  char r = 'r';
  d.sendToAiv(d.aicId(0), 0, &r, 1, 600);
  aiv0.join();
  EXPECT_EQ(tagOf(reply), 'r');
  EXPECT_EQ(reply.cycle, 600u);
  // AIV 1 finished: AIV 0's later request is taken; then the wait ends.
  d.finish(d.aivId(0, 1));
  send(d, 0, 'a', 700);
  ASSERT_TRUE(d.receive(d.aicId(0), m, "waits", kLoc));
  EXPECT_EQ(tagOf(m), 'a');
  d.finish(d.aivId(0, 0));
  EXPECT_FALSE(d.receive(d.aicId(0), m, "waits", kLoc));
}
