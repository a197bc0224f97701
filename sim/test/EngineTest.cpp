//===- EngineTest.cpp - The pipe engine and flags in isolation --*- C++ -*-===//

#include "pipes/Engine.h"
#include "ops/CubeOps.h"
#include "ops/VectorOps.h"
#include "support/Fault.h"

#include <gtest/gtest.h>

#include <vector>

using namespace ascsim;

namespace {

constexpr uint8_t kMte2V = 4; // HardEvent::MTE2_V
constexpr uint8_t kVMte3 = 7; // HardEvent::V_MTE3

struct Fixture {
  FlagTable flags;
  Engine engine{flags};
  uint64_t seq = 0;

  Instr make(InstrKind kind, Pipe p, uint64_t issue) {
    Instr i;
    i.kind = kind;
    i.pipe = p;
    i.issue = issue;
    i.site.seq = ++seq;
    i.site.loc = Loc{"test.py", static_cast<unsigned>(seq)};
    i.site.name = "test";
    return i;
  }
  void copy(Pipe p, uint64_t issue, float *dst, const float *src, uint64_t n,
            Cost cost) {
    Instr i = make(InstrKind::Work, p, issue);
    i.cost = cost;
    i.work.kind = WorkKind::Copy;
    i.work.type = DType::F32;
    i.work.dst = reinterpret_cast<uint8_t *>(dst);
    i.work.src0 = reinterpret_cast<const uint8_t *>(src);
    i.work.count = n;
    engine.push(std::move(i));
  }
  /// The count form Add(dst, a, b, n), planned as the core plans it.
  void add(uint64_t issue, float *dst, const float *a, const float *b,
           uint64_t n) {
    auto vi = std::make_shared<VecInstr>();
    VecInstr &in = *vi;
    in.op = VecOp::Add;
    in.dt = in.st = DType::F32;
    in.form = MaskForm::Count;
    in.counter = true;
    in.count = n;
    in.perRepeat = elementsPerRepeat(in.op, in.dt, in.st);
    in.repeats = static_cast<uint32_t>((n + in.perRepeat - 1) / in.perRepeat);
    const float *bases[] = {dst, a, b};
    for (int k = 0; k < 3; ++k) {
      VecOperand &o = in.opnd[k];
      o.used = true;
      o.es = 4;
      o.rep = 8;
      o.base = reinterpret_cast<uint8_t *>(const_cast<float *>(bases[k]));
    }
    planResult(in, footprint(in, Role::Dst, true), {});
    Instr i = make(InstrKind::Work, Pipe::V, issue);
    i.cost = timing::vectorOp(VecOp::Add, DType::F32, DType::F32, {in.repeats});
    i.work.kind = WorkKind::Vector;
    i.work.type = DType::F32;
    i.work.dst = in.out;
    i.work.vec = std::move(vi);
    engine.push(std::move(i));
  }
  void flag(InstrKind kind, Pipe p, uint8_t event, uint8_t id, uint64_t issue) {
    Instr i = make(kind, p, issue);
    i.event = event;
    i.id = id;
    engine.push(std::move(i));
  }
};

TEST(EngineTest, SetWaitOrdersPipesAndTimesFollowTheModel) {
  Fixture f;
  std::vector<float> gm(128, 3.f), ub(128, 0.f), out(128, 0.f);
  f.copy(Pipe::MTE2, 1, ub.data(), gm.data(), 128, timing::gmToLocal(512));
  f.flag(InstrKind::SetFlag, Pipe::MTE2, kMte2V, 0, 2);
  f.flag(InstrKind::WaitFlag, Pipe::V, kMte2V, 0, 3);
  f.add(4, out.data(), ub.data(), ub.data(), 128);
  uint64_t end = f.engine.drain(Stall{"end", Loc{nullptr, 0}});
  // copy: start 1, 11 cycles (512 B at 48 B/cycle) + 347 -> 359; set fires at
  // 359; add starts 360, 2 repeats + (6 + 15) -> 383.
  EXPECT_EQ(end, 383u);
  EXPECT_EQ(f.engine.busy(Pipe::MTE2), 358u);
  EXPECT_EQ(f.engine.busy(Pipe::V), 23u);
  for (float v : out)
    ASSERT_EQ(v, 6.f);
  EXPECT_FALSE(f.flags.isSet(kMte2V, 0));
}

TEST(EngineTest, WithoutSyncTheConsumerReadsStaleData) {
  Fixture f;
  std::vector<float> gm(64, 3.f), ub(64, -1.f), out(64, 0.f);
  f.copy(Pipe::MTE2, 1, ub.data(), gm.data(), 64, timing::gmToLocal(256));
  f.add(2, out.data(), ub.data(), ub.data(), 64);
  f.engine.drain(Stall{"end", Loc{nullptr, 0}});
  for (float v : out)
    ASSERT_EQ(v, -2.f);
  for (float v : ub)
    ASSERT_EQ(v, 3.f);
}

TEST(EngineTest, RunUntilStopsAtTheScalarCycle) {
  Fixture f;
  std::vector<float> gm(64, 3.f), ub(64, 0.f);
  f.copy(Pipe::MTE2, 1, ub.data(), gm.data(), 64, timing::gmToLocal(256));
  f.engine.runUntil(100);
  EXPECT_EQ(ub[0], 0.f); // completes at 1 + 6 + 347
  f.engine.runUntil(354);
  EXPECT_EQ(ub[0], 3.f);
}

TEST(EngineTest, DeadlockNamesTheBlockedWait) {
  Fixture f;
  f.flag(InstrKind::WaitFlag, Pipe::V, kMte2V, 2, 1);
  f.flag(InstrKind::WaitFlag, Pipe::MTE3, kVMte3, 1, 2);
  try {
    f.engine.drain(Stall{"kernel end", Loc{"test.py", 99}});
    FAIL() << "no deadlock";
  } catch (Fault &fault) {
    EXPECT_EQ(fault.diag.category, "deadlock");
    EXPECT_EQ(fault.diag.line, 1u);
    ASSERT_EQ(fault.diag.notes.size(), 2u);
    EXPECT_EQ(fault.diag.notes[0].line, 2u);
    EXPECT_EQ(fault.diag.notes[1].line, 99u);
  }
}

TEST(EngineTest, CircularWaitPointsAtTheQueuedSet) {
  Fixture f;
  // V waits for MTE2 whose set sits behind MTE2's own wait for V.
  f.flag(InstrKind::WaitFlag, Pipe::V, kMte2V, 0, 1);
  f.flag(InstrKind::SetFlag, Pipe::V, 5 /*V_MTE2*/, 0, 2);
  f.flag(InstrKind::WaitFlag, Pipe::MTE2, 5, 1, 3);
  f.flag(InstrKind::SetFlag, Pipe::MTE2, kMte2V, 0, 4);
  try {
    f.engine.drain(Stall{"kernel end", Loc{"test.py", 99}});
    FAIL() << "no deadlock";
  } catch (Fault &fault) {
    EXPECT_NE(fault.diag.message.find("queued in PIPE_MTE2"), std::string::npos)
        << fault.diag.message;
  }
}

TEST(EngineTest, QueueRoomFreesWhenTheHeadStarts) {
  Fixture f;
  std::vector<float> a(64, 1.f);
  for (int i = 0; i < 32; ++i)
    f.add(1, a.data(), a.data(), a.data(), 64);
  EXPECT_EQ(f.engine.queued(Pipe::V), 32u);
  uint64_t t = f.engine.runUntilRoom(Pipe::V, "add", Loc{nullptr, 0});
  EXPECT_EQ(t, 1u);
  EXPECT_EQ(f.engine.queued(Pipe::V), 31u);
}

TEST(EngineTest, AFlagSetUnblocksTheWaitsOnIt) {
  // MTE3's wait on V_MTE3 is found blocked first, then V's on MTE2_V; the
  // MTE2_V set must start V's wait, and V's later V_MTE3 set MTE3's (a set
  // unblocks only the waits on its flag, Engine::waiters_).
  Fixture f;
  std::vector<float> gm(128, 3.f), ub(128, 0.f), out(128, 0.f), back(128, 0.f);
  f.flag(InstrKind::WaitFlag, Pipe::MTE3, kVMte3, 1, 1);
  f.flag(InstrKind::WaitFlag, Pipe::V, kMte2V, 0, 1);
  f.copy(Pipe::MTE3, 1, back.data(), out.data(), 128, timing::localToGm(512));
  f.engine.runUntil(200); // both waits looked at and blocked
  EXPECT_EQ(f.engine.queued(Pipe::MTE3), 2u);
  EXPECT_EQ(f.engine.queued(Pipe::V), 1u);
  f.copy(Pipe::MTE2, 201, ub.data(), gm.data(), 128, timing::gmToLocal(512));
  f.flag(InstrKind::SetFlag, Pipe::MTE2, kMte2V, 0, 202);
  f.add(203, out.data(), ub.data(), ub.data(), 128);
  f.flag(InstrKind::SetFlag, Pipe::V, kVMte3, 1, 204);
  uint64_t end = f.engine.drain(Stall{"end", Loc{nullptr, 0}});
  // copy in 201 -> 559 (as in SetWaitOrdersPipesAndTimesFollowTheModel,
  // 200 cycles later); add 560 -> 583; the V_MTE3 set fires at 583, MTE3's
  // wait starts there and its copy out at 584.
  EXPECT_EQ(end, 584 + timing::localToGm(512).occupancy +
                     timing::localToGm(512).latency);
  for (float v : back)
    ASSERT_EQ(v, 6.f);
  EXPECT_FALSE(f.flags.isSet(kMte2V, 0));
  EXPECT_FALSE(f.flags.isSet(kVMte3, 1));
}

TEST(EngineTest, AFinishedEnginesStorageServesTheNextOne) {
  // An engine that ends in a deadlock with instructions still queued and a
  // staging buffer of 1 KiB hands its storage to the next engine on this
  // thread (Engine::Store): the next one starts empty and computes exactly.
  {
    Fixture a;
    std::vector<float> gm(256, 5.f), ub(256, 0.f), ub2(256, 0.f);
    a.copy(Pipe::MTE2, 1, ub.data(), gm.data(), 256, timing::gmToLocal(1024));
    a.flag(InstrKind::WaitFlag, Pipe::MTE2, 5 /*V_MTE2*/, 0, 2);
    a.copy(Pipe::MTE2, 3, ub2.data(), gm.data(), 256, timing::gmToLocal(1024));
    EXPECT_THROW(a.engine.drain(Stall{"end", Loc{nullptr, 0}}), Fault);
    EXPECT_EQ(a.engine.queued(Pipe::MTE2), 2u);
    EXPECT_EQ(ub[255], 5.f);
  }
  Fixture f;
  EXPECT_EQ(f.engine.queued(Pipe::MTE2), 0u);
  EXPECT_EQ(f.engine.now(), 0u);
  std::vector<float> gm(128, 3.f), ub(128, 0.f), out(128, 0.f);
  f.copy(Pipe::MTE2, 1, ub.data(), gm.data(), 128, timing::gmToLocal(512));
  f.flag(InstrKind::SetFlag, Pipe::MTE2, kMte2V, 0, 2);
  f.flag(InstrKind::WaitFlag, Pipe::V, kMte2V, 0, 3);
  f.add(4, out.data(), ub.data(), ub.data(), 128);
  EXPECT_EQ(f.engine.drain(Stall{"end", Loc{nullptr, 0}}), 383u);
  EXPECT_EQ(f.engine.busy(Pipe::MTE2), 358u);
  for (float v : out)
    ASSERT_EQ(v, 6.f);
}

TEST(EngineTest, ASetFlagsFlagAndLineRideInItsPendingEntry) {
  // Without race checks or a trace a set_flag has no in-flight slot: its
  // flag and line are in its pending entry. MTE2's set (line 2) starts at
  // 12 and fires at 359, after the copy; MTE3's set of the same flag
  // (line 3) starts at 20 and fires there, so its entry goes in before
  // MTE2's (which moves back one place). The flag set twice must name
  // both lines and cycles.
  Fixture f;
  std::vector<float> gm(128, 3.f), ub(128, 0.f);
  f.copy(Pipe::MTE2, 1, ub.data(), gm.data(), 128, timing::gmToLocal(512));
  f.flag(InstrKind::SetFlag, Pipe::MTE2, kMte2V, 1, 1);
  f.flag(InstrKind::SetFlag, Pipe::MTE3, kMte2V, 1, 20);
  try {
    f.engine.drain(Stall{"end", Loc{nullptr, 0}});
    FAIL() << "no double set";
  } catch (Fault &fault) {
    EXPECT_EQ(fault.diag.category, "sync");
    EXPECT_EQ(fault.diag.line, 2u);
    EXPECT_NE(fault.diag.message.find("set_flag"), std::string::npos);
    EXPECT_NE(fault.diag.message.find("at cycle 359"), std::string::npos)
        << fault.diag.message;
    ASSERT_EQ(fault.diag.notes.size(), 1u);
    EXPECT_EQ(fault.diag.notes[0].line, 3u);
    EXPECT_NE(fault.diag.notes[0].message.find("at cycle 20"),
              std::string::npos)
        << fault.diag.notes[0].message;
  }
  EXPECT_EQ(ub[127], 3.f); // the copy landed before the second set
}

TEST(EngineTest, ManyInFlightCompletionsLandInOrder) {
  // Three pipes of 100 copies each keep about 90 completions pending (the
  // pending list doubles past 64 entries) and the list does not empty
  // before the end: it reaches the end of its buffer and moves to the
  // front more than once (its sentinel must move with it). Each copy lands
  // its own values, the end is the last one's completion and each pipe is
  // busy from its first start to its last completion.
  Fixture f;
  constexpr int kCopies = 100, kN = 128;
  const Pipe pipes[] = {Pipe::MTE1, Pipe::MTE2, Pipe::MTE3};
  std::vector<float> src(3 * kCopies * kN), dst(3 * kCopies * kN, -1.f);
  for (size_t i = 0; i < src.size(); ++i)
    src[i] = static_cast<float>(i);
  const Cost cost = timing::gmToLocal(kN * 4);
  ASSERT_LT(cost.occupancy * 64, cost.latency * 3); // > 64 in flight
  for (int c = 0; c < kCopies; ++c)
    for (int p = 0; p < 3; ++p) {
      const size_t at = (static_cast<size_t>(p) * kCopies + c) * kN;
      f.copy(pipes[p], 1, dst.data() + at, src.data() + at, kN, cost);
    }
  const uint64_t end = f.engine.drain(Stall{"end", Loc{nullptr, 0}});
  const uint64_t last =
      1 + (kCopies - 1) * cost.occupancy + cost.occupancy + cost.latency;
  EXPECT_EQ(end, last);
  for (Pipe p : pipes)
    EXPECT_EQ(f.engine.busy(p), last - 1);
  for (size_t i = 0; i < dst.size(); ++i)
    ASSERT_EQ(dst[i], src[i]) << i;
}

TEST(EngineTest, ASetRidingOnItsPipesLastWorkKeepsItsPlace) {
  // A set_flag that fires when its pipe's last work lands rides on that
  // work's slot (no pending entry of its own). MTE2's copy (seq 1) and
  // MTE3's (seq 2) both land at 359; MTE3's set (seq 3) and MTE2's set of
  // the same flag (seq 4) ride on them. In completion order, 1, 2, 3, 4:
  // MTE2's set lands after MTE3's and is the one that finds the flag set.
  // (Set right after its own copy, it would land before MTE3's copy and
  // set.)
  Fixture f;
  std::vector<float> gm(128, 3.f), ub(128, 0.f), back(128, 0.f);
  f.copy(Pipe::MTE2, 1, ub.data(), gm.data(), 128, timing::gmToLocal(512));
  f.copy(Pipe::MTE3, 1, back.data(), gm.data(), 128, timing::gmToLocal(512));
  f.flag(InstrKind::SetFlag, Pipe::MTE3, kMte2V, 2, 1);
  f.flag(InstrKind::SetFlag, Pipe::MTE2, kMte2V, 2, 1);
  try {
    f.engine.drain(Stall{"end", Loc{nullptr, 0}});
    FAIL() << "no double set";
  } catch (Fault &fault) {
    EXPECT_EQ(fault.diag.line, 4u) << fault.diag.message;
    EXPECT_NE(fault.diag.message.find("at cycle 359"), std::string::npos)
        << fault.diag.message;
    ASSERT_EQ(fault.diag.notes.size(), 1u);
    EXPECT_EQ(fault.diag.notes[0].line, 3u);
  }
  EXPECT_EQ(ub[127], 3.f);
  EXPECT_EQ(back[127], 3.f);
}

TEST(EngineTest, ARiddenSetUnblocksItsWaitWhenItsWorkLands) {
  // V's wait on MTE2_V is found blocked; MTE2's set rides on its copy and
  // must start the wait when the copy lands (359), as a set of its own
  // would. MTE2's second set (event 5), due then too, cannot ride on the
  // same copy: it is pending on its own and starts MTE3's wait.
  Fixture f;
  std::vector<float> gm(128, 3.f), ub(128, 0.f), out(128, 0.f);
  f.flag(InstrKind::WaitFlag, Pipe::V, kMte2V, 3, 1);
  f.add(1, out.data(), ub.data(), ub.data(), 128);
  f.flag(InstrKind::WaitFlag, Pipe::MTE3, 5, 3, 1);
  f.copy(Pipe::MTE2, 1, ub.data(), gm.data(), 128, timing::gmToLocal(512));
  f.flag(InstrKind::SetFlag, Pipe::MTE2, kMte2V, 3, 1);
  f.flag(InstrKind::SetFlag, Pipe::MTE2, 5, 3, 1);
  EXPECT_EQ(f.engine.runUntilFlag(kMte2V, 3, Stall{"x", Loc{nullptr, 0}}),
            359u);
  EXPECT_EQ(f.engine.drain(Stall{"end", Loc{nullptr, 0}}), 383u);
  for (float v : out)
    ASSERT_EQ(v, 6.f);
  EXPECT_FALSE(f.flags.isSet(kMte2V, 3));
  EXPECT_FALSE(f.flags.isSet(5, 3));
}

TEST(EngineTest, AFlagEntryHasNoBodyAndReadsNoneOfItsSlot) {
  // 32 copies with a GM footprint fill MTE2's queue slots; after they ran,
  // a set_flag built in the first slot has no body (cost, work, footprint):
  // queuedGmEpoch must not read the footprint the slot's copy left behind,
  // and the set and its wait still order V after the copies.
  Fixture f;
  std::vector<float> gm(32 * 4), ub(32 * 4, 0.f), out(4, 0.f);
  for (size_t i = 0; i < gm.size(); ++i)
    gm[i] = static_cast<float>(i);
  for (unsigned i = 0; i < 32; ++i) {
    Instr &in = f.engine.emplace(InstrKind::Work, Pipe::MTE2, ++f.seq, 1,
                                 Loc{"test.py", i + 1}, "data_copy");
    ASSERT_TRUE(in.hasBody);
    EXPECT_EQ(in.cost.occupancy, 1u); // the body's defaults
    EXPECT_EQ(in.work.vec, nullptr);
    EXPECT_EQ(in.fp.size(), 0u);
    in.cost = timing::gmToLocal(16);
    in.work.kind = WorkKind::Copy;
    in.work.dst = reinterpret_cast<uint8_t *>(ub.data() + 4 * i);
    in.work.src0 = reinterpret_cast<const uint8_t *>(gm.data() + 4 * i);
    in.work.count = 4;
    const uint64_t a = reinterpret_cast<uintptr_t>(gm.data() + 4 * i);
    in.fp.emplace_back(Mem::GM, a, a + 16, false);
    in.gmEpoch = 7;
  }
  EXPECT_EQ(f.engine.queuedGmEpoch(Pipe::MTE2, 99), 7u);
  f.engine.drain(Stall{"end", Loc{nullptr, 0}});
  EXPECT_EQ(ub, gm);
  EXPECT_EQ(f.engine.queuedGmEpoch(Pipe::MTE2, 99), 99u);

  f.copy(Pipe::MTE2, 1, out.data(), gm.data() + 8, 4, timing::gmToLocal(16));
  Instr &set = f.engine.emplace(InstrKind::SetFlag, Pipe::MTE2, ++f.seq, 1,
                                Loc{"test.py", 40}, "set_flag");
  EXPECT_FALSE(set.hasBody);
  set.event = kMte2V;
  set.id = 2;
  set.gmEpoch = 3;
  // Neither the copy (no footprint given) nor the set (none at all, in the
  // slot of a copy that read GM) counts: its epoch 3 is not the answer.
  EXPECT_EQ(f.engine.queuedGmEpoch(Pipe::MTE2, 99), 99u);
  Instr &wait = f.engine.emplace(InstrKind::WaitFlag, Pipe::V, ++f.seq, 1,
                                 Loc{"test.py", 41}, "wait_flag");
  EXPECT_FALSE(wait.hasBody);
  wait.event = kMte2V;
  wait.id = 2;
  std::vector<float> z(4, 0.f);
  f.add(1, z.data(), out.data(), out.data(), 4);
  f.engine.drain(Stall{"end", Loc{nullptr, 0}});
  EXPECT_EQ(z, (std::vector<float>{16.f, 18.f, 20.f, 22.f}));
  EXPECT_FALSE(f.flags.isSet(kMte2V, 2));
}

TEST(EngineTest, AQueueHasASlotOnlyWithRoom) {
  // hasSlot tells the ABI entries' call-free issue (no runUntilRoom, no
  // grow): none with kQueueDepth instructions queued (also after an engine
  // whose queue grew), one again once the engine made room.
  {
    // 40 instructions pushed without room (the engine's tests do): MTE2's
    // slots grow, and the thread's next engine must not adopt them.
    Fixture g;
    for (unsigned i = 0; i < 40; ++i)
      g.flag(InstrKind::Barrier, Pipe::MTE2, 0, 0, 1);
    g.engine.drain(Stall{"end", Loc{nullptr, 0}});
  }
  Fixture f;
  for (unsigned i = 0; i < Engine::kQueueDepth; ++i) {
    f.flag(InstrKind::Barrier, Pipe::MTE2, 0, 0, 1);
    EXPECT_EQ(f.engine.hasSlot(Pipe::MTE2), i + 1 < Engine::kQueueDepth) << i;
    EXPECT_EQ(f.engine.slotOf(Pipe::MTE2) != nullptr,
              i + 1 < Engine::kQueueDepth)
        << i;
  }
  f.engine.runUntilRoom(Pipe::MTE2, "set_flag", Loc{"test.py", 1});
  EXPECT_EQ(f.engine.queued(Pipe::MTE2), Engine::kQueueDepth - 1);
  EXPECT_TRUE(f.engine.hasSlot(Pipe::MTE2));
  // A flag built in a free slot (slotOf, emplaceFlagAt) has no body and its
  // flag: the wait orders the add after the copy.
  std::vector<float> gm{1.f, 2.f, 3.f, 4.f}, ub(4, 0.f), out(4, 0.f);
  f.copy(Pipe::MTE2, 1, ub.data(), gm.data(), 4, timing::gmToLocal(16));
  EXPECT_FALSE(f.engine.hasSlot(Pipe::MTE2)); // full again
  f.engine.drain(Stall{"end", Loc{nullptr, 0}});
  EXPECT_EQ(ub, gm);
  ub.assign(4, 0.f);
  f.copy(Pipe::MTE2, 1, ub.data(), gm.data(), 4, timing::gmToLocal(16));
  f.flag(InstrKind::Barrier, Pipe::V, 0, 0, 1); // V's slots
  ASSERT_TRUE(f.engine.hasSlot(Pipe::MTE2));
  ASSERT_TRUE(f.engine.hasSlot(Pipe::V));
  void *at = f.engine.slotOf(Pipe::MTE2);
  ASSERT_NE(at, nullptr);
  Instr &set =
      f.engine.emplaceFlagAt(at, InstrKind::SetFlag, Pipe::MTE2, kMte2V, 5,
                             ++f.seq, 1, Loc{"test.py", 50}, "set_flag");
  EXPECT_EQ(static_cast<void *>(&set), at);
  EXPECT_FALSE(set.hasBody);
  EXPECT_EQ(set.kind, InstrKind::SetFlag);
  EXPECT_EQ(set.event, kMte2V);
  EXPECT_EQ(set.id, 5);
  Instr &wait = f.engine.emplaceFlagAt(
      f.engine.slotOf(Pipe::V), InstrKind::WaitFlag, Pipe::V, kMte2V, 5,
      ++f.seq, 1, Loc{"test.py", 51}, "wait_flag");
  EXPECT_FALSE(wait.hasBody);
  f.add(1, out.data(), ub.data(), ub.data(), 4);
  f.engine.drain(Stall{"end", Loc{nullptr, 0}});
  EXPECT_EQ(out, (std::vector<float>{2.f, 4.f, 6.f, 8.f}));
  EXPECT_FALSE(f.flags.isSet(kMte2V, 5));
}

/// The HardEvent from `src` to `dst`.
uint8_t eventOf(Pipe src, Pipe dst) {
  for (int e = 0; e < kNumEvents; ++e)
    if (const EventInfo *info = eventInfo(static_cast<uint8_t>(e)))
      if (info->src == src && info->dst == dst)
        return static_cast<uint8_t>(e);
  ADD_FAILURE() << "no such event";
  return 0;
}

/// The pipe order of the traced starts (slices in start order).
std::vector<Pipe> startOrder(const TraceSink &sink) {
  std::vector<Pipe> order;
  for (const TraceSink::Slice &s : sink.slices)
    order.push_back(s.pipe);
  return order;
}

TEST(EngineTest, AWokenWaitStartsWhenItsPipeIsFree) {
  // V's wait is found blocked behind a long add started 2 cycles before
  // MTE2's copy lands and sets its flag (ridden): it starts when the add
  // leaves the pipe, not when the flag is set (startWoken starts a wait in
  // its flag's step only when it can start then), and the add after it
  // one cycle later.
  Fixture f;
  std::vector<float> gm(64, 2.f), ub(64, 0.f), big(2048, 1.f), out1(2048),
      out2(64);
  const Cost copy = timing::gmToLocal(256);
  const uint64_t x = 1 + copy.occupancy + copy.latency; // the copy lands
  const Cost add1 =
      timing::vectorOp(VecOp::Add, DType::F32, DType::F32, {2048 / 64});
  ASSERT_GT(add1.occupancy, 2u);
  f.copy(Pipe::MTE2, 1, ub.data(), gm.data(), 64, copy);
  f.flag(InstrKind::SetFlag, Pipe::MTE2, kMte2V, 0, 1);
  f.add(x - 2, out1.data(), big.data(), big.data(), 2048);
  f.flag(InstrKind::WaitFlag, Pipe::V, kMte2V, 0, x - 2);
  f.add(x - 2, out2.data(), ub.data(), ub.data(), 64);
  const Cost add2 = timing::vectorOp(VecOp::Add, DType::F32, DType::F32, {1});
  const uint64_t end = f.engine.drain(Stall{"end", Loc{nullptr, 0}});
  const uint64_t start2 = x - 2 + add1.occupancy + 1;
  EXPECT_EQ(end, std::max(start2 + add2.occupancy + add2.latency,
                          x - 2 + add1.occupancy + add1.latency));
  EXPECT_EQ(f.engine.busy(Pipe::V),
            end - (x - 2)); // one busy interval: the adds never overlap
  for (float v : out2)
    ASSERT_EQ(v, 4.f);
}

TEST(EngineTest, AWokenWaitYieldsToALowerPipeStartingThen) {
  // MTE2's set lands at x and unblocks MTE3's wait; V's add, issued at x,
  // starts then too, and V comes first (pipe order): the wait is not
  // started in its flag's step.
  Fixture f;
  TraceSink sink;
  f.engine.setTrace(&sink);
  const uint8_t mte2Mte3 = eventOf(Pipe::MTE2, Pipe::MTE3);
  std::vector<float> gm(64, 2.f), ub(64, 0.f), out(64), z(64);
  const Cost copy = timing::gmToLocal(256);
  const uint64_t x = 1 + copy.occupancy + copy.latency;
  f.copy(Pipe::MTE2, 1, ub.data(), gm.data(), 64, copy);
  f.flag(InstrKind::SetFlag, Pipe::MTE2, mte2Mte3, 0, 1);
  f.flag(InstrKind::WaitFlag, Pipe::MTE3, mte2Mte3, 0, 1);
  f.copy(Pipe::MTE3, 1, out.data(), ub.data(), 64, timing::gmToLocal(256));
  f.add(x, z.data(), gm.data(), gm.data(), 64);
  f.engine.drain(Stall{"end", Loc{nullptr, 0}});
  EXPECT_EQ(startOrder(sink),
            (std::vector<Pipe>{Pipe::MTE2, Pipe::MTE2, Pipe::V, Pipe::MTE3,
                               Pipe::MTE3}));
  ASSERT_EQ(sink.slices.size(), 5u);
  EXPECT_EQ(sink.slices[2].start, x);
  EXPECT_EQ(sink.slices[3].end, x + 1); // the wait, started at x
  EXPECT_EQ(out, gm);
}

TEST(EngineTest, AWokenWaitStartsAfterEveryCompletionDueThen) {
  // Two sets of MTE2 land at x in program order: the first unblocks MTE3's
  // wait, the second V's. Both completions go before any start, then V's
  // wait (the lower pipe) starts first: the first set's step does not
  // start MTE3's wait while the second set is due then too.
  Fixture f;
  TraceSink sink;
  f.engine.setTrace(&sink);
  const uint8_t mte2Mte3 = eventOf(Pipe::MTE2, Pipe::MTE3);
  std::vector<float> gm(64, 2.f), ub(64, 0.f);
  const Cost copy = timing::gmToLocal(256);
  const uint64_t x = 1 + copy.occupancy + copy.latency;
  f.copy(Pipe::MTE2, 1, ub.data(), gm.data(), 64, copy);
  f.flag(InstrKind::SetFlag, Pipe::MTE2, mte2Mte3, 1, 1);
  f.flag(InstrKind::SetFlag, Pipe::MTE2, kMte2V, 1, 1);
  f.flag(InstrKind::WaitFlag, Pipe::MTE3, mte2Mte3, 1, 1);
  f.flag(InstrKind::WaitFlag, Pipe::V, kMte2V, 1, 1);
  f.engine.drain(Stall{"end", Loc{nullptr, 0}});
  EXPECT_EQ(startOrder(sink),
            (std::vector<Pipe>{Pipe::MTE2, Pipe::MTE2, Pipe::MTE2, Pipe::V,
                               Pipe::MTE3}));
  ASSERT_EQ(sink.slices.size(), 5u);
  EXPECT_EQ(sink.slices[3].end, x + 1);
  EXPECT_EQ(sink.slices[4].end, x + 1);
}

namespace {
/// A 32 x 32 x k float16 Mmad into L0C `c` (8 blocks of 512 B) or a
/// Fixpipe of it to `out` (ND float32), as UnitWork on the blocks 0-7,
/// waiting for the toggle of instruction `after` (0: none) and toggling.
Instr unitCube(Fixture &f, bool mmad, uint32_t k, const void *a, const void *b,
               float *c, float *out, uint64_t after, uint64_t issue = 0) {
  auto ci = std::make_shared<cube::CubeInstr>();
  Instr i = f.make(InstrKind::UnitWork, mmad ? Pipe::M : Pipe::FIX, issue);
  if (mmad) {
    ci->kind = cube::CubeKind::Mmad;
    ci->mmad.m = ci->mmad.n = 32;
    ci->mmad.k = k;
    ci->mmad.dst = DType::F32;
    ci->mmad.a = ci->mmad.b = DType::F16;
    ci->mmad.bias = DType::F32;
    ci->mmad.cmatrixInitVal = true;
    i.cost = timing::mmad(32, 32, k, DType::F16);
  } else {
    ci->kind = cube::CubeKind::Fixpipe;
    ci->fix.src = ci->fix.dst = DType::F32;
    ci->fix.nSize = ci->fix.mSize = ci->fix.srcStride = ci->fix.dstStride = 32;
    ci->fix.ndNum = 1;
    ci->late = after != 0;
    i.cost = timing::fixpipe(4096, 4096, true);
  }
  cube::CubeRuns runs = cube::planCube(*ci);
  ci->src = static_cast<const uint8_t *>(mmad ? a : c);
  ci->src1 = static_cast<const uint8_t *>(b);
  ci->dst = reinterpret_cast<uint8_t *>(mmad ? c : out);
  ci->writes = runs.dst;
  ci->stagingBytes = cube::extent(runs.dst);
  for (uint16_t blk = 0; blk < 8; ++blk)
    ci->unit.push_back({blk, after});
  ci->unitToggles = true;
  i.work.kind = WorkKind::Cube;
  i.work.dst = ci->dst;
  i.work.cube = std::move(ci);
  return i;
}
} // namespace

// UnitFlag (docs/timing.md): a Fixpipe waiting for a Mmad's toggle starts
// once the Mmad has produced its first block and is busy until the last one
// has gone through; the next Mmad waiting for the Fixpipe's toggle starts
// once it has read the first block and lands after the Fixpipe's result.
TEST(EngineTest, UnitFlagsOverlapTheFixpipeWithItsMmad) {
  Fixture f;
  TraceSink sink;
  f.engine.setTrace(&sink);
  std::vector<uint16_t> a(32 * 256, 0x3c00), b(32 * 256, 0x3c00); // 1.0
  std::vector<float> c(1024, -1.0f), out(1024, -1.0f);
  f.engine.push(
      unitCube(f, true, 256, a.data(), b.data(), c.data(), nullptr, 0));
  f.engine.push(
      unitCube(f, false, 0, nullptr, nullptr, c.data(), out.data(), 1));
  f.engine.push(
      unitCube(f, true, 256, a.data(), b.data(), c.data(), nullptr, 2));
  // Issued long after the Mmad it waits for: its own times only.
  std::vector<float> late(1024, -1.0f);
  f.engine.push(
      unitCube(f, false, 0, nullptr, nullptr, c.data(), late.data(), 3, 5000));
  f.engine.drain(Stall{});
  ASSERT_EQ(sink.slices.size(), 4u);
  EXPECT_EQ(sink.slices[3].start, 5000u);
  EXPECT_EQ(sink.slices[3].end,
            5000 + timing::fixpipe(4096, 4096, true).occupancy);
  EXPECT_EQ(sink.slices[3].done,
            sink.slices[3].end + timing::fixpipe(4096, 4096, true).latency);
  for (float v : late) // the second Mmad accumulated nothing: it overwrote
    ASSERT_EQ(v, 256.0f);
  const TraceSink::Slice &m1 = sink.slices[0], &fx = sink.slices[1],
                         &m2 = sink.slices[2];
  // The Mmad: 10 issue cycles, 64 MAC cycles (8 a block), latency 20.
  EXPECT_EQ(m1.start, 0u);
  EXPECT_EQ(m1.end, 74u);
  EXPECT_EQ(m1.done, 94u);
  // The Fixpipe starts when block 0 is produced (10 + 8 + 20), before the
  // Mmad lands, and its last block goes through after the Mmad's last.
  const Cost fc = timing::fixpipe(4096, 4096, true);
  const uint64_t perBlock = (fc.occupancy + 7) / 8;
  EXPECT_EQ(fx.start, 38u);
  EXPECT_LT(fx.start, m1.done);
  EXPECT_EQ(fx.end, std::max<uint64_t>(38 + fc.occupancy, 94 + perBlock));
  EXPECT_EQ(fx.done, fx.end + fc.latency);
  // The second Mmad: after the first (M is in order) and after the
  // Fixpipe read block 0; busy until the Fixpipe read block 7 plus one
  // block of its own; it lands after the Fixpipe's result.
  const uint64_t fxOcc = fx.end - fx.start;
  const uint64_t read0 = fx.start + (fxOcc + 7) / 8;
  EXPECT_EQ(m2.start, std::max<uint64_t>(74, read0));
  EXPECT_EQ(m2.end, std::max<uint64_t>(m2.start + 74, fx.end + 8));
  EXPECT_EQ(m2.done, std::max<uint64_t>(m2.end + 20, fx.done));
  // The Fixpipe wrote the first Mmad's sums (256 ones), not the second's.
  for (float v : out)
    ASSERT_EQ(v, 256.0f);
  std::printf("unit flags: mmad [%llu, %llu) done %llu; fixpipe [%llu, %llu) "
              "done %llu; mmad [%llu, %llu) done %llu\n",
              (unsigned long long)m1.start, (unsigned long long)m1.end,
              (unsigned long long)m1.done, (unsigned long long)fx.start,
              (unsigned long long)fx.end, (unsigned long long)fx.done,
              (unsigned long long)m2.start, (unsigned long long)m2.end,
              (unsigned long long)m2.done);
}

TEST(FlagsTest, ValidationAndLeaks) {
  EXPECT_THROW(FlagTable::validate("set_flag", 2 /*MTE1_M*/, 0, Loc{}), Fault);
  EXPECT_THROW(FlagTable::validate("set_flag", kMte2V, 8, Loc{}), Fault);
  EXPECT_THROW(FlagTable::validate("set_flag", 35, 0, Loc{}), Fault);
  EXPECT_EQ(FlagTable::validate("set_flag", kMte2V, 7, Loc{}).dst, Pipe::V);
  FlagTable t;
  t.issueSet(kMte2V, 1, Loc{"a.py", 3});
  EXPECT_THROW(t.issueSet(kMte2V, 1, Loc{"a.py", 4}), Fault);
  t.set(kMte2V, 1, 10, Loc{"a.py", 3});
  EXPECT_THROW(t.set(kMte2V, 1, 11, Loc{"a.py", 5}), Fault);
  std::vector<Diagnostic> leaks = t.leaked();
  ASSERT_EQ(leaks.size(), 1u);
  EXPECT_EQ(leaks[0].line, 3u);
}

} // namespace
