//===- RaceShadowTest.cpp - The race detector's shadow state ----*- C++ -*-===//
//
// The detector keeps its shadow state (last write, last read per pipe) as
// flat, coalesced segment lists. This checks it against a per-byte model on
// random access sequences: the same racing pairs must be reported.
//
//===----------------------------------------------------------------------===//

#include "race/Race.h"

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace ascsim;

namespace {

struct Access {
  Pipe pipe;
  Footprint fp;
};

using Pair = std::tuple<unsigned, unsigned, bool, bool>; // lines, writes

/// Per-byte FastTrack with no synchronisation: S and V are in order, MTE2
/// and MTE3 are not; the report rules of RaceDetector::takeDiagnostics.
std::set<Pair> modelPairs(const std::vector<Access> &accesses) {
  struct Byte {
    int w = -1;
    std::array<int, kNumPipes> r;
    Byte() { r.fill(-1); }
  };
  std::vector<Byte> ub(512), gm(512);
  struct Raw {
    int prev, cur;
    bool prevW, curW;
    Mem mem;
  };
  std::vector<Raw> raw;
  auto ordered = [&](int prev, int cur) {
    Pipe p = accesses[prev].pipe;
    return p == accesses[cur].pipe && (p == Pipe::S || p == Pipe::V);
  };
  for (int i = 0; i < static_cast<int>(accesses.size()); ++i)
    for (int pass = 0; pass < 2; ++pass)
      for (const ByteRange &r : accesses[i].fp) {
        if (r.write != (pass == 1))
          continue;
        std::vector<Byte> &sh = r.mem == Mem::GM ? gm : ub;
        for (uint64_t b = r.start; b < r.end; ++b) {
          Byte &s = sh[b];
          auto check = [&](int prev, bool prevW) {
            if (prev >= 0 && prev != i && !ordered(prev, i))
              raw.push_back({prev, i, prevW, r.write, r.mem});
          };
          check(s.w, true);
          if (r.write) {
            for (int q = 0; q < kNumPipes; ++q)
              check(s.r[q], false);
            s.w = i;
            s.r.fill(-1);
          } else {
            s.r[static_cast<int>(accesses[i].pipe)] = i;
          }
        }
      }
  // A same-pipe pair is not reported when its later instruction also races
  // with another pipe on that memory.
  std::set<std::pair<int, Mem>> crossSites;
  for (const Raw &x : raw)
    if (accesses[x.prev].pipe != accesses[x.cur].pipe) {
      crossSites.insert({x.cur, x.mem});
      crossSites.insert({x.prev, x.mem});
    }
  std::set<Pair> out;
  for (const Raw &x : raw) {
    if (accesses[x.prev].pipe == accesses[x.cur].pipe &&
        crossSites.count({x.cur, x.mem}))
      continue;
    out.insert({static_cast<unsigned>(x.prev + 1),
                static_cast<unsigned>(x.cur + 1), x.prevW, x.curW});
  }
  return out;
}

TEST(RaceShadowTest, MatchesAPerByteModel) {
  std::mt19937 rng(12345);
  const Pipe pipes[] = {Pipe::S, Pipe::V, Pipe::MTE2, Pipe::MTE3};
  GmMap gmMap({});
  int compared = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    std::vector<Access> accesses(2 + rng() % 6);
    for (Access &a : accesses) {
      a.pipe = pipes[rng() % 4];
      int ranges = 1 + static_cast<int>(rng() % 3);
      for (int k = 0; k < ranges; ++k) {
        ByteRange r;
        r.mem = rng() % 4 == 0 ? Mem::GM : Mem::UB;
        // Few distinct boundaries, so ranges often coincide or nest.
        uint64_t s = (rng() % 16) * 32, len = (1 + rng() % 6) * 32;
        if (rng() % 5 == 0) { // an unaligned piece now and then
          s += rng() % 32;
          len = 1 + rng() % 40;
        }
        r.start = s;
        r.end = std::min<uint64_t>(s + len, 512);
        r.write = rng() % 2 == 0;
        a.fp.push_back(r);
      }
    }
    std::set<Pair> want = modelPairs(accesses);
    if (want.size() > 32) // beyond the per-core report cap
      continue;
    ++compared;
    RaceDetector det(Severity::Error, gmMap);
    for (size_t i = 0; i < accesses.size(); ++i)
      det.access(accesses[i].pipe, accesses[i].fp, "op",
                 Loc{"t.py", static_cast<unsigned>(i + 1)}, i + 1);
    std::set<Pair> got;
    for (const Diagnostic &d : det.takeDiagnostics()) {
      ASSERT_EQ(d.notes.size(), 1u);
      bool prevW =
          d.notes[0].message.find("earlier write") != std::string::npos;
      bool curW =
          d.message.rfind("WAW", 0) == 0 || d.message.rfind("WAR", 0) == 0;
      got.insert({d.notes[0].line, d.line, prevW, curW});
    }
    ASSERT_EQ(got, want) << "iteration " << iter;
  }
  EXPECT_GT(compared, 2000);
}

TEST(RaceShadowTest, FootprintKeepsRangesInlineThenSpills) {
  Footprint fp;
  for (uint64_t i = 0; i < 9; ++i) {
    fp.push_back(ByteRange{Mem::UB, i, i + 1, i % 2 == 0});
    Footprint copy = fp;
    Footprint moved = std::move(copy);
    ASSERT_EQ(moved.size(), i + 1);
    for (uint64_t j = 0; j <= i; ++j) {
      EXPECT_EQ(moved[j].start, j);
      EXPECT_EQ(moved[j].write, j % 2 == 0);
    }
  }
  Footprint list{ByteRange{Mem::GM, 1, 2, true},
                 ByteRange{Mem::UB, 3, 4, false}};
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[1].start, 3u);
  list.clear();
  EXPECT_TRUE(list.empty());
}

} // namespace
