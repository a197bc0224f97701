//===- AutoSyncLogTest.cpp - auto_sync's touched ranges ----------*- C++
//-*-===//
//
// AutoSyncLog (device/AutoSyncLog.h), whose union of intervals lets a range
// inside no earlier one skip the scan and whose notes wait in a queue until
// the log is read, against the scan of every note as it comes: the same
// ranges in the same order with the same write bits, and the same answers to
// dependent(), on random sequences of streams, repeats and folds.
//
//===----------------------------------------------------------------------===//

#include "device/AutoSyncLog.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace ascsim;

namespace {
// The log as a plain list (what Core kept before the union).
struct ScanLog {
  std::vector<AutoSyncLog::Range> v;
  void note(Mem m, uint64_t start, uint64_t end, bool write) {
    for (AutoSyncLog::Range &r : v)
      if (r.mem == m && r.start <= start && end <= r.end) {
        r.write |= write;
        return;
      }
    if (v.size() >= 64) {
      AutoSyncLog::Range hull{m, start, end, write};
      std::vector<AutoSyncLog::Range> rest;
      for (const AutoSyncLog::Range &r : v) {
        if (r.mem != m) {
          rest.push_back(r);
          continue;
        }
        hull.start = std::min(hull.start, r.start);
        hull.end = std::max(hull.end, r.end);
        hull.write |= r.write;
      }
      rest.push_back(hull);
      v = std::move(rest);
      return;
    }
    v.push_back({m, start, end, write});
  }
  bool dependent(Mem m, uint64_t start, uint64_t end, bool write) const {
    for (const AutoSyncLog::Range &r : v)
      if (r.mem == m && r.start < end && start < r.end && (write || r.write))
        return true;
    return false;
  }
};

void expectSame(AutoSyncLog &log, const ScanLog &ref, int step) {
  ASSERT_EQ(log.ranges().size(), ref.v.size()) << "step " << step;
  for (size_t i = 0; i < ref.v.size(); ++i) {
    const AutoSyncLog::Range &a = log.ranges()[i], &b = ref.v[i];
    ASSERT_TRUE(a.mem == b.mem && a.start == b.start && a.end == b.end &&
                a.write == b.write)
        << "step " << step << " range " << i << ": [" << a.start << ", "
        << a.end << ") w" << a.write << " against [" << b.start << ", " << b.end
        << ") w" << b.write;
  }
}
} // namespace

TEST(AutoSyncLog, MatchesTheScanOnRandomSequences) {
  std::mt19937_64 rng(20261204);
  for (int seq = 0; seq < 400; ++seq) {
    AutoSyncLog log;
    ScanLog ref;
    // A few streams of adjacent tiles (GM and UB), plus random ranges that
    // repeat, overlap or sit inside earlier ones.
    uint64_t streams[4] = {0, 1 << 20, 5000, 1 << 16};
    int steps = 50 + static_cast<int>(rng() % 400);
    for (int step = 0; step < steps; ++step) {
      Mem m = rng() % 3 == 0 ? Mem::UB : (rng() % 7 == 0 ? Mem::L1 : Mem::GM);
      bool write = rng() % 2;
      uint64_t start, end;
      switch (rng() % 4) {
      case 0:
      case 1: { // the next tile of a stream
        uint64_t &s = streams[rng() % 4];
        uint64_t len = 1 + rng() % 64;
        start = s;
        end = s + len;
        s = rng() % 5 == 0 ? s + len + rng() % 8 : end; // sometimes a gap
        break;
      }
      case 2: { // inside or across what earlier ranges cover
        start = rng() % 2048;
        end = start + 1 + rng() % 96;
        break;
      }
      default: { // a repeat of a range noted before, or part of one
        if (ref.v.empty()) {
          start = 10;
          end = 20;
        } else {
          const AutoSyncLog::Range &r = ref.v[rng() % ref.v.size()];
          m = r.mem;
          start = r.start + (rng() % 2 ? (r.end - r.start) / 3 : 0);
          end = r.end - (rng() % 2 ? (r.end - start) / 3 : 0);
        }
      }
      }
      log.note(m, start, end, write);
      ref.note(m, start, end, write);
      // Odd sequences read the log rarely: up to 150 notes wait in its queue
      // (applied at kPending = 64 and at the read), or are dropped by clear.
      // dependent() first: it must apply the queue itself.
      if (seq % 2 == 0 || rng() % 150 == 0) {
        for (int q = 0; q < 4; ++q) {
          const AutoSyncLog::Range &r =
              ref.v.empty() ? AutoSyncLog::Range{Mem::GM, 0, 1, false}
                            : ref.v[rng() % ref.v.size()];
          // Near a noted range half the time (else rarely a dependency).
          uint64_t qs = q % 2 ? rng() % (2 << 20)
                              : r.start + rng() % (r.end - r.start + 8);
          uint64_t qe = qs + 1 + rng() % 4096;
          Mem qm = q % 2 ? (rng() % 2 ? Mem::GM : Mem::UB) : r.mem;
          bool qw = rng() % 2;
          ASSERT_EQ(log.dependent(qm, qs, qe, qw),
                    ref.dependent(qm, qs, qe, qw))
              << "step " << step;
        }
        expectSame(log, ref, step);
      }
      if (rng() % 97 == 0) {
        log.clear();
        ref.v.clear();
      }
    }
    expectSame(log, ref, steps);
  }
}

TEST(AutoSyncLog, AStreamOfTilesIsOneIntervalAndFoldsAtSixtyFour) {
  AutoSyncLog log;
  for (uint64_t t = 0; t < 64; ++t)
    log.note(Mem::GM, t * 100, (t + 1) * 100, false);
  ASSERT_EQ(log.ranges().size(), 64u);
  // Inside the stream's union but in no single range: appended, so it folds.
  log.note(Mem::GM, 150, 250, true);
  ASSERT_EQ(log.ranges().size(), 1u);
  EXPECT_EQ(log.ranges()[0].start, 0u);
  EXPECT_EQ(log.ranges()[0].end, 6400u);
  EXPECT_TRUE(log.ranges()[0].write);
  // Inside the hull: its write bit, nothing appended.
  log.note(Mem::GM, 300, 400, false);
  EXPECT_EQ(log.ranges().size(), 1u);
  EXPECT_TRUE(log.dependent(Mem::GM, 6399, 6400, false));
  EXPECT_FALSE(log.dependent(Mem::GM, 6400, 6500, true));
  EXPECT_FALSE(log.dependent(Mem::UB, 0, 100, true));
}
