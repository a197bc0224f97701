//===- RaceShadowTest.cpp - The race detector's shadow state ----*- C++ -*-===//
//
// The detector keeps its shadow state (last write, last read per pipe) as
// flat, coalesced segment lists. This checks it against a per-byte model on
// random access sequences: the same racing pairs must be reported.
//
//===----------------------------------------------------------------------===//

#include "race/Race.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <optional>
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
std::set<Pair> modelPairs(const std::vector<Access> &accesses,
                          size_t gmBytes = 512) {
  struct Byte {
    int w = -1;
    int a = -1;         // the last atomic store since w
    uint8_t aClass = 0; // its class
    std::array<int, kNumPipes> r;
    Byte() { r.fill(-1); }
  };
  std::vector<Byte> ub(512), gm(gmBytes);
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
          if (r.write)
            for (int q = 0; q < kNumPipes; ++q)
              check(s.r[q], false);
          if (s.a >= 0 && (!r.atomic || s.aClass != r.atomic))
            check(s.a, true);
          const int pi = static_cast<int>(accesses[i].pipe);
          if (r.atomic) {
            s.a = i;
            s.aClass = r.atomic;
          } else if (r.write) {
            s.w = i;
            s.r.fill(-1);
            s.a = -1;
          } else {
            s.r[pi] = i;
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

/// Random access sequences (plain reads and writes, atomic stores of two
/// classes by MTE3, the pipe of atomic stores) against the per-byte model; the
/// detector compacts its log whenever it holds `logLimit` entries (0: the
/// default limit). With `strided`, GM accesses are strided rows (a matmul's
/// DataCopy of a tile: equal lengths at a constant stride, spanning several
/// 64-KiB buckets), which the detector takes as one group.
void compareWithModel(size_t logLimit, bool strided = false) {
  std::mt19937 rng(12345);
  const size_t gmBytes = strided ? 256 * 1024 : 512;
  const Pipe pipes[] = {Pipe::S, Pipe::V, Pipe::MTE2, Pipe::MTE3};
  GmMap gmMap({});
  int compared = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    std::vector<Access> accesses(2 + rng() % 6);
    for (Access &a : accesses) {
      a.pipe = pipes[rng() % 4];
      int ranges = 1 + static_cast<int>(rng() % 3);
      for (int k = 0; k < ranges; ++k) {
        if (strided && rng() % 2 == 0) {
          // Rows of a few shared shapes, so they coincide, nest and
          // interleave across buckets (and the deferred reads compact).
          uint64_t len = 32ull << (rng() % 4); // 32 ... 256
          uint64_t stride = len * (1 + rng() % 3) + (rng() % 2) * 32;
          uint64_t rows = 2 + rng() % 60;
          uint64_t base = (rng() % 64) * 4096 + (rng() % 4) * 32;
          bool write = rng() % 3 == 0;
          for (uint64_t i = 0; i < rows; ++i) {
            uint64_t st = base + i * stride;
            if (st + len > gmBytes)
              break;
            a.fp.push_back(ByteRange{Mem::GM, st, st + len, write});
          }
          continue;
        }
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
        if (r.write && a.pipe == Pipe::MTE3 && rng() % 2 == 0)
          r.atomic = atomicClass(rng() % 2 == 0 ? 1 : 2, DType::F32);
        a.fp.push_back(r);
      }
    }
    std::set<Pair> want = modelPairs(accesses, gmBytes);
    if (want.size() > 32) // beyond the per-core report cap
      continue;
    ++compared;
    RaceDetector det(Severity::Error, gmMap);
    if (logLimit)
      det.setLogLimitForTesting(logLimit);
    for (size_t i = 0; i < accesses.size(); ++i)
      det.access(accesses[i].pipe, accesses[i].fp, "op",
                 Loc{"t.py", static_cast<unsigned>(i + 1)}, i + 1);
    std::set<Pair> got;
    for (const Diagnostic &d : det.takeDiagnostics()) {
      ASSERT_EQ(d.notes.size(), 1u);
      bool prevW =
          d.notes[0].message.find("earlier write") != std::string::npos ||
          d.notes[0].message.find("earlier atomic") != std::string::npos;
      bool curW =
          d.message.rfind("WAW", 0) == 0 || d.message.rfind("WAR", 0) == 0;
      got.insert({d.notes[0].line, d.line, prevW, curW});
    }
    ASSERT_EQ(got, want) << "iteration " << iter;
  }
  EXPECT_GT(compared, 2000);
}

TEST(RaceShadowTest, MatchesAPerByteModel) { compareWithModel(0); }

// The log compacted at every access: the same reports (the entries the
// shadow refers to survive, renumbered).
TEST(RaceShadowTest, CompactingTheLogKeepsEveryReport) { compareWithModel(1); }

// Strided GM rows (one group: one deferred record per bucket, one summary
// merge) report the same pairs as byte by byte.
TEST(RaceShadowTest, StridedRowsMatchAPerByteModel) {
  compareWithModel(0, true);
}

// A loop (on the in-order scalar unit: no races) re-reading and re-writing
// the same bytes: the shadow, the log and
// the GM summary stay as large as one iteration's distinct ranges.
TEST(RaceShadowTest, StateIsBoundedInALoop) {
  GmMap gmMap({});
  RaceDetector det(Severity::Error, gmMap);
  for (uint64_t i = 0; i < 100000; ++i) {
    det.access(Pipe::S,
               Footprint{ByteRange{Mem::GM, 0, 256, false},
                         ByteRange{Mem::UB, 0, 256, true}},
               "data_copy", Loc{"t.py", 1}, 3 * i + 1);
    det.access(Pipe::S,
               Footprint{ByteRange{Mem::UB, 0, 256, false},
                         ByteRange{Mem::UB, 256, 512, true}},
               "add", Loc{"t.py", 2}, 3 * i + 2);
    det.access(Pipe::S,
               Footprint{ByteRange{Mem::UB, 256, 512, false},
                         ByteRange{Mem::GM, 512 + (i % 4) * 64,
                                   768 + (i % 4) * 64, true}},
               "data_copy", Loc{"t.py", 3}, 3 * i + 3);
  }
  EXPECT_TRUE(det.takeDiagnostics().empty());
  RaceStats st = det.stats();
  EXPECT_LE(st.logPeak, 8192u);
  EXPECT_LE(st.segmentPeak, 16u);
  EXPECT_LE(st.gmPeak, 4u);
  EXPECT_LE(det.gmAccesses().size(), 2u);
}

// GM reads wait in their bucket until its first write (no read races before
// one) and are compacted to the latest read of each range: the write still
// races with exactly the latest unsynchronised read of each range.
TEST(RaceShadowTest, DeferredGmReadsReportTheLatestReader) {
  GmMap gmMap({});
  RaceDetector det(Severity::Error, gmMap);
  const unsigned kReads = 1000; // several compactions (every 256 reads)
  std::set<unsigned> latest;    // the line of the last read of each range
  unsigned last[4] = {};
  for (unsigned i = 0; i < kReads; ++i) {
    uint64_t r = i % 4;
    unsigned line = 10 + i % 7;
    det.access(Pipe::MTE2,
               Footprint{ByteRange{Mem::GM, r * 64, r * 64 + 64, false},
                         ByteRange{Mem::UB, 0, 64, true}},
               "data_copy", Loc{"t.py", line}, i + 1);
    last[r] = line;
  }
  for (unsigned l : last)
    latest.insert(l);
  det.access(Pipe::MTE3, Footprint{ByteRange{Mem::GM, 0, 256, true}},
             "data_copy", Loc{"t.py", 99}, kReads + 1);
  std::set<unsigned> got;
  for (const Diagnostic &d : det.takeDiagnostics())
    if (d.message.rfind("WAR", 0) == 0 && d.line == 99)
      got.insert(d.notes[0].line);
  EXPECT_EQ(got, latest);
  EXPECT_LE(det.stats().deferredPeak, 4u);
}

// The GM summary of strided rows taken as groups (merged into the site's
// ranges in one pass) is the union row by row: random row groups of one
// access site against the same rows summarised one access each.
TEST(RaceShadowTest, StridedGmSummaryIsTheUnionOfItsRows) {
  std::mt19937 rng(7);
  GmMap gmMap({});
  for (int iter = 0; iter < 200; ++iter) {
    RaceDetector grouped(Severity::Error, gmMap),
        single(Severity::Error, gmMap);
    std::set<std::pair<uint64_t, uint64_t>> rowsSeen;
    for (int n = 0; n < 12; ++n) {
      uint64_t len = 32ull << (rng() % 4);
      uint64_t stride = len + (rng() % 4) * 32;
      uint64_t rows = 2 + rng() % 40;
      uint64_t base = (rng() % 512) * 32;
      Footprint fp;
      for (uint64_t i = 0; i < rows; ++i)
        fp.push_back(ByteRange{Mem::GM, base + i * stride,
                               base + i * stride + len, false});
      grouped.access(Pipe::MTE2, fp, "data_copy", Loc{"t.py", 5},
                     static_cast<uint64_t>(n + 1));
      for (const ByteRange &r : fp)
        single.access(Pipe::MTE2, Footprint{r}, "data_copy", Loc{"t.py", 5},
                      static_cast<uint64_t>(n + 1));
    }
    std::vector<GmAccess> g = grouped.gmAccesses(), s = single.gmAccesses();
    ASSERT_EQ(g.size(), s.size()) << "iteration " << iter;
    for (size_t i = 0; i < g.size(); ++i) {
      EXPECT_EQ(g[i].start, s[i].start);
      EXPECT_EQ(g[i].end, s[i].end);
    }
  }
}

TEST(RaceShadowTest, FootprintKeepsRangesInlineThenSpills) {
  Footprint fp;
  for (uint64_t i = 0; i < 9; ++i) {
    fp.push_back(ByteRange{Mem::UB, i, i + 1, i % 2 == 0});
    Footprint copy = fp;
    Footprint moved = std::move(copy);
    // Assigned over footprints of other sizes (inline ranges are copied as
    // the whole inline storage).
    Footprint assigned{ByteRange{Mem::L1, 7, 8, true}};
    assigned = moved;
    Footprint moveAssigned;
    moveAssigned = std::move(assigned);
    for (const Footprint *f : {&moved, &moveAssigned}) {
      ASSERT_EQ(f->size(), i + 1);
      EXPECT_EQ(f->plain(), fp.plain());
      for (uint64_t j = 0; j <= i; ++j) {
        EXPECT_EQ((*f)[j].mem, Mem::UB);
        EXPECT_EQ((*f)[j].start, j);
        EXPECT_EQ((*f)[j].end, j + 1);
        EXPECT_EQ((*f)[j].write, j % 2 == 0);
      }
    }
  }
  Footprint list{ByteRange{Mem::GM, 1, 2, true},
                 ByteRange{Mem::UB, 3, 4, false}};
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[1].start, 3u);
  list.clear();
  EXPECT_TRUE(list.empty());
}

// A copy's two ranges given at once (Footprint::assignPair, the cached
// copy's footprint) make the footprint two emplace_back calls make: the same
// ranges and the same shape (plain() decides the detector's path), for every
// pair of memories and directions.
TEST(RaceShadowTest, AFootprintPairIsTwoRangesAddedInOrder) {
  const Mem mems[] = {Mem::UB, Mem::GM, Mem::L1, Mem::L0A};
  int notPlain = 0;
  for (Mem m0 : mems)
    for (Mem m1 : mems)
      for (int w = 0; w < 4; ++w) {
        const bool w0 = w & 1, w1 = w & 2;
        Footprint two;
        two.emplace_back(m0, 0x100, 0x140, w0);
        two.emplace_back(m1, 0x140, 0x180, w1);
        Footprint pair;
        pair.assignPair(m0, 0x100, 0x140, w0, m1, 0x140, 0x180, w1);
        SCOPED_TRACE(testing::Message()
                     << int(m0) << " " << int(m1) << " " << w0 << w1);
        ASSERT_EQ(pair.size(), 2u);
        EXPECT_EQ(pair.plain(), two.plain());
        notPlain += !pair.plain();
        for (size_t i = 0; i < 2; ++i) {
          EXPECT_EQ(pair[i].mem, two[i].mem);
          EXPECT_EQ(pair[i].start, two[i].start);
          EXPECT_EQ(pair[i].end, two[i].end);
          EXPECT_EQ(pair[i].write, two[i].write);
          EXPECT_EQ(pair[i].atomic, 0);
          EXPECT_EQ(pair[i].rows, 1);
        }
        // A range added after the pair sees its shape (a read after the
        // pair's write is not plain).
        pair.emplace_back(Mem::UB, 0x200, 0x240, false);
        two.emplace_back(Mem::UB, 0x200, 0x240, false);
        EXPECT_EQ(pair.plain(), two.plain());
      }
  // L1, a write before a read and adjacent GM ranges each make one not
  // plain: the comparison saw both kinds.
  EXPECT_GT(notPlain, 0);
  EXPECT_LT(notPlain, 64);
}

} // namespace

// An access crossing a GM bucket boundary (a buffer that happens to straddle
// 64 KiB) is checked bucket by bucket; the race is still reported on all the
// bytes both accesses touched, not on the first bucket's part.
TEST(RaceShadowTest, RaceAcrossBucketsIsOneRange) {
  GmMap gmMap({});
  RaceDetector det(Severity::Error, gmMap);
  const uint64_t lo = (1u << 16) - 0xb0, hi = lo + 0x400;
  det.access(Pipe::MTE3, Footprint{ByteRange{Mem::GM, lo, hi, true}},
             "data_copy", Loc{"t.py", 10}, 1);
  det.access(Pipe::MTE2, Footprint{ByteRange{Mem::GM, lo, hi, false}},
             "data_copy", Loc{"t.py", 11}, 2);
  std::vector<Diagnostic> d = det.takeDiagnostics();
  ASSERT_EQ(d.size(), 1u);
  EXPECT_NE(d[0].message.find("RAW hazard on GM[0xff50,0x10350)"),
            std::string::npos)
      << d[0].message;
}

namespace {

/// What a diagnostic says, for comparing two runs exactly.
std::vector<std::string> texts(const std::vector<Diagnostic> &ds) {
  std::vector<std::string> out;
  for (const Diagnostic &d : ds) {
    std::string t = d.message + " @" + std::to_string(d.line) + " block " +
                    std::to_string(d.block);
    for (const Note &n : d.notes)
      t += " | " + n.message + " @" + std::to_string(n.line);
    out.push_back(t);
  }
  return out;
}

/// The detector reported exactly these diagnostics, in order, each message
/// starting with its prefix.
void expectReports(RaceDetector &det, std::vector<std::string> prefixes) {
  const std::vector<std::string> got = texts(det.takeDiagnostics());
  ASSERT_EQ(got.size(), prefixes.size());
  for (size_t i = 0; i < got.size(); ++i)
    EXPECT_EQ(got[i].rfind(prefixes[i], 0), 0u) << got[i];
}

/// A random row group's shape {length, stride, base}: whole 512-byte slots
/// `strideSteps` slots apart at most, or (one in three) unaligned rows.
std::array<uint64_t, 3> randomRowShape(std::mt19937 &rng,
                                       unsigned strideSteps) {
  uint64_t len = 512, stride = 512 * (1 + rng() % strideSteps);
  uint64_t base = (rng() % 24) * 512;
  if (rng() % 3 == 0) { // unaligned rows
    len = 16 + rng() % 600;
    stride = len + rng() % 300;
    base = rng() % 12000;
  }
  return {len, stride, base};
}

/// Now and then (one draw in `odds`) a write of MTE3 is an atomic store
/// (one of two F32 atomic operations); 0 otherwise, drawing nothing for an
/// access that cannot be one.
uint8_t randomAtomic(std::mt19937 &rng, bool write, Pipe pipe, unsigned odds) {
  return write && pipe == Pipe::MTE3 && rng() % odds == 0
             ? atomicClass(1 + rng() % 2, DType::F32)
             : uint8_t(0);
}

/// A GM row group's row length (32 << 0 .. lenShifts - 1 bytes) and stride
/// (1 to strideSteps lengths, 32 bytes more half the time; one time in six
/// rows that touch).
std::pair<uint64_t, uint64_t>
randomGmRowStride(std::mt19937 &rng, unsigned lenShifts, unsigned strideSteps) {
  const uint64_t len = 32ull << (rng() % lenShifts);
  uint64_t stride = len * (1 + rng() % strideSteps) + (rng() % 2) * 32;
  if (rng() % 6 == 0)
    stride = len; // rows that touch
  return {len, stride};
}

/// Takes both detectors' reports and expects them the same, message by
/// message in the same order, and (when `peak`) the same segment peak.
/// Returns how many reports there were.
size_t expectSameReports(RaceDetector &a, RaceDetector &b, int iter,
                         bool peak = true) {
  std::vector<std::string> x = texts(a.takeDiagnostics()),
                           y = texts(b.takeDiagnostics());
  EXPECT_EQ(x, y) << "iteration " << iter;
  if (peak)
    EXPECT_EQ(a.stats().segmentPeak, b.stats().segmentPeak)
        << "iteration " << iter;
  return x.size();
}

/// One access of a random sequence (sameReportsOnRandomSequences): both
/// detectors get `fp`, or the second gets `other` when it is set (the same
/// ranges written another way).
struct RandomAccess {
  Pipe pipe;
  Footprint fp;
  Loc loc;
  const char *op;
  std::optional<Footprint> other = std::nullopt;
};

/// How many random sequences, how long, and whether the segment peaks are
/// compared too (expectSameReports's `peak`).
struct SequenceRun {
  int iterations;
  int maxOps; // a sequence has 2 to maxOps + 1 accesses
  bool peak = true;
};

/// Random access sequences run through two detectors over `gmMap` and
/// compared report by report: per sequence `setUp(a, b, iter)` configures
/// the pair (it may draw from `rng`), then the length is drawn and
/// `draw(i)` makes each access (drawing from `rng` in its own order).
/// Returns how many reports there were; stops at the first mismatch.
template <class SetUp, class Draw>
size_t sameReportsOnRandomSequences(std::mt19937 &rng, const GmMap &gmMap,
                                    SequenceRun run, SetUp setUp, Draw draw) {
  size_t reports = 0;
  for (int iter = 0; iter < run.iterations; ++iter) {
    RaceDetector a(Severity::Error, gmMap), b(Severity::Error, gmMap);
    setUp(a, b, iter);
    const int n = 2 + static_cast<int>(rng() % run.maxOps);
    for (int i = 0; i < n; ++i) {
      const RandomAccess x = draw(i);
      const uint64_t seq = static_cast<uint64_t>(i + 1);
      a.access(x.pipe, x.fp, x.op, x.loc, seq);
      b.access(x.pipe, x.other ? *x.other : x.fp, x.op, x.loc, seq);
    }
    reports += expectSameReports(a, b, iter, run.peak);
    if (::testing::Test::HasFailure())
      break;
  }
  return reports;
}

/// No set-up: both detectors as constructed.
constexpr auto kAsConstructed = [](RaceDetector &, RaceDetector &, int) {};

} // namespace

// A LoadData's fractals in one L1 bucket are checked in one pass over the
// bucket's segments: the same reports, in the same order and with the same
// ranges, as one check per fractal, on random fractal lists (aligned and
// not, inside one 4-KiB bucket and across, ascending or not) of the pipes
// touching L1.
TEST(RaceShadowTest, L1RunsInOnePassReportAsRangeByRange) {
  std::mt19937 rng(99);
  const Pipe pipes[] = {Pipe::MTE1, Pipe::MTE2, Pipe::MTE3, Pipe::FIX, Pipe::S};
  const size_t reports = sameReportsOnRandomSequences(
      rng, GmMap({}), {2000, 8},
      [](RaceDetector &, RaceDetector &single, int) {
        single.setL1RunsForTesting(false);
      },
      [&](int i) {
        const Pipe p = pipes[rng() % 5];
        Footprint fp;
        const int groups = 1 + static_cast<int>(rng() % 2);
        for (int g = 0; g < groups; ++g) {
          const bool write = rng() % 3 == 0;
          const auto [len, stride, base] = randomRowShape(rng, 4);
          const uint64_t rows = 1 + rng() % 12;
          const bool down = rng() % 6 == 0; // not ascending: one by one
          for (uint64_t k = 0; k < rows; ++k) {
            const uint64_t r = down ? rows - 1 - k : k;
            fp.push_back(ByteRange{Mem::L1, base + r * stride,
                                   base + r * stride + len, write});
          }
          if (rng() % 4 == 0) // another memory between groups
            fp.push_back(ByteRange{Mem::L0A, 0, 512, !write});
        }
        return RandomAccess{p, std::move(fp),
                            Loc{"t.py", static_cast<unsigned>(i + 1)},
                            "load_data"};
      });
  EXPECT_GT(reports, 1000u); // the comparison saw races
}

// The cross-core check over strided GM summaries (a site's rows at a
// stride kept as one item, extended by the next K step) reports exactly
// what it reports over the union row by row (every row its own range, as
// the summary was before): random strided reads and writes of 2-4 cores,
// loops continuing their groups, some pairs ordered by sync.
TEST(RaceShadowTest, StridedCrossCoreSummaryReportsAsRowByRow) {
  std::mt19937 rng(2024);
  GmMap gmMap({});
  size_t reports = 0, quiet = 0, strided = 0;
  // Sync: core 0's MTE3 accesses happen before core 1's.
  auto ordered = [](const GmAccess &a, const GmAccess &b) {
    return a.core == 0 && b.core == 1 && a.pipe == Pipe::MTE3;
  };
  for (int iter = 0; iter < 1500; ++iter) {
    const uint32_t cores = 2 + rng() % 3;
    std::vector<std::vector<GmAccess>> grouped(cores), single(cores);
    for (uint32_t c = 0; c < cores; ++c) {
      RaceDetector g(Severity::Warning, gmMap), s(Severity::Warning, gmMap);
      g.setGmEpoch(c, 0);
      s.setGmEpoch(c, 0);
      uint64_t seq = 0;
      const int n = 1 + static_cast<int>(rng() % 6);
      for (int i = 0; i < n; ++i) {
        const unsigned line = 1 + rng() % 5;
        const bool write = rng() % 4 == 0;
        const Pipe pipe = write ? Pipe::MTE3 : Pipe::MTE2;
        uint64_t len = 32ull << (rng() % 3); // 32 ... 128
        uint64_t stride = len * (2 + rng() % 3) + (rng() % 2) * 32;
        if (rng() % 8 == 0)
          stride = len; // rows that touch: a range
        uint64_t rows = 2 + rng() % 24;
        uint64_t base = (rng() % 64) * 32 + (rng() % 2) * 4096;
        // A loop's steps: the next rows of a column (count grows) or the
        // next bytes of each row (len grows), now and then the same again.
        const int steps = 1 + static_cast<int>(rng() % 4);
        const int how = static_cast<int>(rng() % 3);
        for (int st = 0; st < steps; ++st) {
          Footprint fp;
          for (uint64_t k = 0; k < rows; ++k)
            fp.push_back(ByteRange{Mem::GM, base + k * stride,
                                   base + k * stride + len, write});
          const Loc loc{"t.py", line};
          g.access(pipe, fp, "data_copy", loc, ++seq);
          for (const ByteRange &r : fp)
            s.access(pipe, Footprint{r}, "data_copy", loc, seq);
          if (how == 0)
            base += rows * stride;
          else if (how == 1)
            base += len;
        }
      }
      grouped[c] = g.takeGmAccesses();
      single[c] = s.gmAccesses();
      for (const GmAccess &a : grouped[c])
        strided += a.count > 1;
      // The summary's union is the row-by-row one.
      std::vector<GmAccess> u = expandGmSummary(grouped[c]);
      ASSERT_EQ(u.size(), single[c].size()) << "iteration " << iter;
      for (size_t i = 0; i < u.size(); ++i) {
        ASSERT_EQ(u[i].start, single[c][i].start) << "iteration " << iter;
        ASSERT_EQ(u[i].end, single[c][i].end) << "iteration " << iter;
        ASSERT_EQ(u[i].count, 1u);
      }
    }
    std::vector<const std::vector<GmAccess> *> gl, sl;
    for (uint32_t c = 0; c < cores; ++c) {
      gl.push_back(&grouped[c]);
      sl.push_back(&single[c]);
    }
    std::vector<std::string> g =
        texts(crossCoreRaces(gl, Severity::Error, gmMap, ordered));
    std::vector<std::string> s =
        texts(crossCoreRaces(sl, Severity::Error, gmMap, ordered));
    ASSERT_EQ(g, s) << "iteration " << iter;
    reports += g.size();
    quiet += g.empty();
  }
  // Both verdicts occurred, and the summaries did use strided items.
  EXPECT_GT(reports, 500u);
  EXPECT_GT(quiet, 100u);
  EXPECT_GT(strided, 1000u);
}

// GM rows given as one record (ByteRange::rows: issueCube's ND -> NZ source
// rows, Fixpipe's destination rows) are checked as the same rows listed one
// range each: random launches of 2-3 cores (strided reads, writes and
// atomic stores of a few shared shapes, UB ranges between them, several
// pipes), compared report by report on each core, by the union of the GM
// summaries, and by the cross-core reports.
TEST(RaceShadowTest, GmRowRecordsReportAsListedRows) {
  std::mt19937 rng(4242);
  GmMap gmMap({});
  const Pipe pipes[] = {Pipe::MTE2, Pipe::MTE3, Pipe::FIX, Pipe::S, Pipe::V};
  size_t reports = 0, crossReports = 0, records = 0;
  for (int iter = 0; iter < 1500; ++iter) {
    const uint32_t cores = 2 + rng() % 2;
    std::vector<std::vector<GmAccess>> rec(cores), lst(cores);
    for (uint32_t c = 0; c < cores; ++c) {
      RaceDetector r(Severity::Error, gmMap), l(Severity::Error, gmMap);
      r.setGmEpoch(c, 0);
      l.setGmEpoch(c, 0);
      const int n = 2 + static_cast<int>(rng() % 7);
      for (int i = 0; i < n; ++i) {
        const Pipe pipe = pipes[rng() % 5];
        Footprint fr, fl;
        const int groups = 1 + static_cast<int>(rng() % 3);
        for (int g = 0; g < groups; ++g) {
          if (rng() % 4 == 0) { // a UB range between the row groups
            const uint64_t s = (rng() % 8) * 64;
            const ByteRange u{Mem::UB, s, s + 64 * (1 + rng() % 3),
                              rng() % 2 == 0};
            fr.push_back(u);
            fl.push_back(u);
            continue;
          }
          const bool write = rng() % 3 == 0;
          const uint8_t atomic = randomAtomic(rng, write, pipe, 3);
          const auto [len, stride] = randomGmRowStride(rng, 4, 3); // 32..256
          const uint64_t rows = 1 + rng() % 40;
          const uint64_t base = (rng() % 48) * 4096 + (rng() % 4) * 32;
          fr.emplace_rows(Mem::GM, base, base + len, stride, rows, write,
                          atomic);
          for (uint64_t k = 0; k < rows; ++k)
            fl.emplace_back(Mem::GM, base + k * stride, base + k * stride + len,
                            write, atomic);
        }
        for (const ByteRange &x : fr)
          records += x.rows > 1;
        const Loc loc{"t.py", static_cast<unsigned>(1 + rng() % 6)};
        r.access(pipe, fr, "data_copy", loc, static_cast<uint64_t>(i + 1));
        l.access(pipe, fl, "data_copy", loc, static_cast<uint64_t>(i + 1));
      }
      std::vector<std::string> dr = texts(r.takeDiagnostics()),
                               dl = texts(l.takeDiagnostics());
      ASSERT_EQ(dr, dl) << "iteration " << iter << " core " << c;
      reports += dr.size();
      std::vector<GmAccess> ur = r.gmAccesses(), ul = l.gmAccesses();
      ASSERT_EQ(ur.size(), ul.size()) << "iteration " << iter;
      for (size_t k = 0; k < ur.size(); ++k) {
        ASSERT_EQ(ur[k].start, ul[k].start) << "iteration " << iter;
        ASSERT_EQ(ur[k].end, ul[k].end) << "iteration " << iter;
      }
      rec[c] = r.takeGmAccesses();
      lst[c] = l.takeGmAccesses();
    }
    std::vector<const std::vector<GmAccess> *> rl, ll;
    for (uint32_t c = 0; c < cores; ++c) {
      rl.push_back(&rec[c]);
      ll.push_back(&lst[c]);
    }
    std::vector<std::string> xr = texts(
                                 crossCoreRaces(rl, Severity::Error, gmMap)),
                             xl = texts(
                                 crossCoreRaces(ll, Severity::Error, gmMap));
    ASSERT_EQ(xr, xl) << "iteration " << iter;
    crossReports += xr.size();
  }
  EXPECT_GT(records, 5000u);
  EXPECT_GT(reports, 2000u);
  EXPECT_GT(crossReports, 1000u);
}

// A record holds at most 65,535 rows at a stride below 4 GiB: more rows are
// several records, rows farther apart are listed one by one; either way the
// detector sees the rows.
TEST(RaceShadowTest, GmRowRecordsSplitWhereTheFieldsEnd) {
  Footprint fp;
  fp.emplace_rows(Mem::GM, 0, 32, 64, 70000, false);
  ASSERT_EQ(fp.size(), 2u);
  EXPECT_EQ(fp[0].rows, 65535u);
  EXPECT_EQ(fp[0].stride, 64u);
  EXPECT_EQ(fp[1].start, 65535u * 64);
  EXPECT_EQ(fp[1].rows, 70000u - 65535);
  Footprint far;
  far.emplace_rows(Mem::GM, 0, 32, 1ull << 33, 3, true);
  ASSERT_EQ(far.size(), 3u);
  EXPECT_EQ(far[2].start, 2ull << 33);
  EXPECT_EQ(far[2].rows, 1u);
  // The last row of the long record races with a write of its bytes.
  GmMap gmMap({});
  RaceDetector det(Severity::Error, gmMap);
  det.access(Pipe::MTE2, fp, "data_copy", Loc{"t.py", 1}, 1);
  const uint64_t last = 69999ull * 64;
  det.access(Pipe::MTE3, Footprint{ByteRange{Mem::GM, last, last + 32, true}},
             "data_copy", Loc{"t.py", 2}, 2);
  std::vector<std::string> d = texts(det.takeDiagnostics());
  ASSERT_EQ(d.size(), 1u);
  EXPECT_NE(d[0].find("WAR hazard on GM[0x445bc0,0x445be0)"), std::string::npos)
      << d[0];
}

// Rows of L1, L0A and UB given as one record (issueCube's LoadData
// fractals) are checked as the same rows listed one by one: the same
// reports, in the same order and with the same ranges, and the same shadow
// (segment counts), on random fractal-like and unaligned row groups, a
// listed range of the same bucket now and then right after a record.
TEST(RaceShadowTest, LocalRowRecordsReportAsListedRows) {
  std::mt19937 rng(777);
  const Pipe pipes[] = {Pipe::MTE1, Pipe::MTE2, Pipe::MTE3,
                        Pipe::FIX,  Pipe::S,    Pipe::V};
  const Mem mems[] = {Mem::L1, Mem::L1, Mem::L0A, Mem::UB};
  size_t records = 0;
  const size_t reports = sameReportsOnRandomSequences(
      rng, GmMap({}), {2000, 8}, kAsConstructed, [&](int i) {
        const Pipe p = pipes[rng() % 6];
        Footprint fr, fl;
        const int groups = 1 + static_cast<int>(rng() % 3);
        for (int g = 0; g < groups; ++g) {
          const Mem mem = mems[rng() % 4];
          const bool write = rng() % 3 == 0;
          const auto [len, stride, base] = randomRowShape(rng, 8);
          const uint64_t rows = 1 + rng() % 12;
          fr.emplace_rows(mem, base, base + len, stride, rows, write);
          for (uint64_t k = 0; k < rows; ++k)
            fl.emplace_back(mem, base + k * stride, base + k * stride + len,
                            write);
          if (rng() % 4 == 0) { // a listed range after the rows
            const uint64_t s = base + rows * stride + (rng() % 2) * 512;
            fr.emplace_back(mem, s, s + 512, write);
            fl.emplace_back(mem, s, s + 512, write);
          }
        }
        for (const ByteRange &x : fr)
          records += x.rows > 1;
        return RandomAccess{p, std::move(fr),
                            Loc{"t.py", static_cast<unsigned>(i + 1)},
                            "load_data", std::move(fl)};
      });
  EXPECT_GT(records, 3000u);
  EXPECT_GT(reports, 1000u);
}

// L1 is kept in 512-byte slots whose state is one per slot while accesses
// cover them whole (a LoadData's fractals, ND -> NZ's tiles): the reports,
// message by message, and their order must be those of the same slots kept
// as segment lists (setL1WholeSlotsForTesting(false)), on random L1 accesses
// of the pipes touching L1 (whole fractals, several slots at once, records,
// unaligned pieces splitting a whole slot and writes joining it again, the
// log compacted now and then). Fails when a whole slot skips a check or an
// update, or splits/joins with a state other than its bytes'.
TEST(RaceShadowTest, WholeL1SlotsReportAsSegments) {
  std::mt19937 rng(4242);
  const Pipe pipes[] = {Pipe::MTE1, Pipe::MTE2, Pipe::MTE3, Pipe::FIX, Pipe::S};
  size_t wholeFirst = 0;
  const size_t reports = sameReportsOnRandomSequences(
      rng, GmMap({}), {3000, 10, /*peak=*/false},
      [&](RaceDetector &whole, RaceDetector &segs, int iter) {
        segs.setL1WholeSlotsForTesting(false);
        if (iter % 5 == 0) {
          whole.setLogLimitForTesting(1 + rng() % 4);
          segs.setLogLimitForTesting(1);
        }
      },
      [&](int i) {
        const Pipe p = pipes[rng() % 5];
        Footprint fp;
        const int groups = 1 + static_cast<int>(rng() % 2);
        for (int g = 0; g < groups; ++g) {
          const bool write = rng() % 3 == 0;
          const uint8_t atomic = randomAtomic(rng, write, p, 4);
          const uint64_t slot = rng() % 12;
          switch (rng() % 4) {
          case 0: // fractals as a record (LoadData)
            fp.emplace_rows(Mem::L1, slot * 512, slot * 512 + 512,
                            512 * (1 + rng() % 3), 1 + rng() % 6, write,
                            atomic);
            break;
          case 1: // several whole slots at once (ND -> NZ)
            fp.emplace_back(Mem::L1, slot * 512, (slot + 1 + rng() % 6) * 512,
                            write, atomic);
            break;
          case 2: { // an unaligned piece (splits a slot)
            const uint64_t s = slot * 512 + rng() % 700;
            fp.emplace_back(Mem::L1, s, s + 1 + rng() % 900, write, atomic);
            break;
          }
          default: { // unaligned rows (grouped inside a slot)
            const uint64_t len = 8 + rng() % 100, stride = len + rng() % 60;
            fp.emplace_rows(Mem::L1, slot * 512 + rng() % 64,
                            slot * 512 + rng() % 64 + len, stride,
                            1 + rng() % 8, write, atomic);
            break;
          }
          }
        }
        wholeFirst += fp[0].start % 512 == 0 && fp[0].end % 512 == 0;
        return RandomAccess{p, std::move(fp),
                            Loc{"t.py", static_cast<unsigned>(i + 1)},
                            "load_data"};
      });
  EXPECT_GT(wholeFirst, 5000u); // whole slots were exercised
  EXPECT_GT(reports, 2000u);    // and the comparison saw races
}

// A race on whole L1 slots (two LoadData-sized writes of overlapping
// fractals from unordered pipes, then a read of one fractal unordered with
// both) is reported on exactly the bytes both touched, once per pair.
TEST(RaceShadowTest, WholeL1SlotRaceNamesTheSharedFractals) {
  GmMap gmMap({});
  RaceDetector det(Severity::Error, gmMap);
  det.access(Pipe::MTE2, Footprint{ByteRange{Mem::L1, 0, 2048, true}},
             "data_copy", Loc{"t.py", 1}, 1);
  Footprint fr;
  fr.emplace_rows(Mem::L1, 1024, 1536, 1024, 2, false);
  det.access(Pipe::MTE1, fr, "load_data", Loc{"t.py", 2}, 2);
  std::vector<Diagnostic> d = det.takeDiagnostics();
  ASSERT_EQ(d.size(), 1u);
  EXPECT_NE(d[0].message.find("RAW hazard on L1[0x0400,0x0600)"),
            std::string::npos)
      << d[0].message;
}

// The rows of a GM group that fall into one written bucket (a Fixpipe's C
// rows, a re-read of written rows) are checked in one pass over the bucket's
// segments: the same reports, message by message and in order, as row by
// row (setGmRunsForTesting(false)), on random strided reads, writes and
// atomic stores of the pipes touching GM (rows spanning buckets, rows that
// touch, buckets written before or by the group itself). Fails when the pass
// skips a row, visits pieces out of order or leaves a bucket's deferred
// reads unapplied.
TEST(RaceShadowTest, GmRowsInOnePassReportAsRowByRow) {
  std::mt19937 rng(5151);
  const Pipe pipes[] = {Pipe::MTE2, Pipe::MTE3, Pipe::FIX, Pipe::S, Pipe::V};
  const size_t reports = sameReportsOnRandomSequences(
      rng, GmMap({}), {2000, 8},
      [](RaceDetector &one, RaceDetector &rows, int iter) {
        rows.setGmRunsForTesting(false);
        if (iter % 4 == 0) {
          one.setLogLimitForTesting(1);
          rows.setLogLimitForTesting(1);
        }
      },
      [&](int) {
        const Pipe pipe = pipes[rng() % 5];
        Footprint fp;
        const int groups = 1 + static_cast<int>(rng() % 2);
        for (int g = 0; g < groups; ++g) {
          const bool write = rng() % 2 == 0;
          const uint8_t atomic = randomAtomic(rng, write, pipe, 3);
          const auto [len, stride] = randomGmRowStride(rng, 5, 4); // 32..512
          const uint64_t count = 1 + rng() % 48;
          const uint64_t base =
              (rng() % 3) * 65536 + (rng() % 24) * 2048 + (rng() % 4) * 32;
          fp.emplace_rows(Mem::GM, base, base + len, stride, count, write,
                          atomic);
        }
        const Loc loc{"t.py", static_cast<unsigned>(1 + rng() % 6)};
        return RandomAccess{pipe, std::move(fp), loc, "data_copy"};
      });
  EXPECT_GT(reports, 2000u);
}

namespace {

/// A random footprint of 1-4 plain ranges (UB, GM over the regions of
/// kRegions, L0A), reads first unless `anyOrder`; now and then an empty
/// range, an atomic store (MTE3, GM) or a strided GM group.
Footprint randomFootprint(std::mt19937 &rng, Pipe pipe, bool anyOrder) {
  static const uint64_t kGmBases[] = {0x10000, 0x10f00, 0x11000,
                                      0x2f800, 0x30000, 0x3ffc0};
  std::vector<ByteRange> rs;
  const int k = 1 + static_cast<int>(rng() % 4);
  for (int j = 0; j < k; ++j) {
    ByteRange r;
    const unsigned kind = rng() % 8;
    if (kind < 3) {
      r.mem = Mem::GM;
      r.start = kGmBases[rng() % 6] + (rng() % 8) * 64;
      r.end = r.start + (1 + rng() % 6) * 32;
    } else if (kind == 3) {
      r.mem = Mem::L0A;
      r.start = (rng() % 8) * 64;
      r.end = r.start + (1 + rng() % 4) * 64;
    } else {
      r.mem = Mem::UB;
      r.start = (rng() % 16) * 32;
      r.end = r.start + (1 + rng() % 6) * 32;
      if (rng() % 6 == 0) { // an unaligned piece
        r.start += rng() % 32;
        r.end = r.start + 1 + rng() % 40;
      }
    }
    if (rng() % 25 == 0)
      r.end = r.start; // empty
    r.write = rng() % 2 == 0;
    r.atomic = randomAtomic(rng, r.write && r.mem == Mem::GM, pipe, 3);
    rs.push_back(r);
  }
  if (!anyOrder)
    std::stable_partition(rs.begin(), rs.end(),
                          [](const ByteRange &r) { return !r.write; });
  Footprint fp;
  for (const ByteRange &r : rs)
    fp.push_back(r);
  if (rng() % 10 == 0) // a strided group: the general path
    fp.emplace_rows(Mem::GM, 0x10000 + (rng() % 4) * 32, 0x10040,
                    0x400 * (1 + rng() % 3), 2 + rng() % 12, rng() % 2 == 0);
  return fp;
}

/// Regions of the GM accesses above: x and y adjacent, w aliasing the end
/// of x and the start of y (a buffer passed twice), z across a 64-KiB
/// boundary of the address space.
GmMap randomRegions() {
  return GmMap({{0x10000, 0x1000, "x"},
                {0x11000, 0x1000, "y"},
                {0x10e00, 0x400, "w"},
                {0x2f800, 0x10800, "z"}});
}

/// An access of random plain footprints over randomRegions() (the draws
/// of PlainFootprintsReportAsTheGeneralPath and GmCutAtRegionsReportsAsUncut).
RandomAccess randomPlainAccess(std::mt19937 &rng) {
  const Pipe pipes[] = {Pipe::S, Pipe::V, Pipe::MTE2, Pipe::MTE3, Pipe::FIX};
  const Pipe p = pipes[rng() % 5];
  Footprint fp = randomFootprint(rng, p, rng() % 8 == 0);
  const Loc loc{"t.py", static_cast<unsigned>(1 + rng() % 6)};
  return RandomAccess{p, std::move(fp), loc, "op"};
}

} // namespace

// A footprint copied over another keeps the source's ranges whichever of
// the two spilled past its inline room (operator= skips the heap vector
// only when neither has one). Fails when a spilled source's heap is not
// copied onto an inline footprint.
TEST(RaceShadowTest, FootprintCopiesKeepTheirRanges) {
  const auto make = [](size_t n, uint64_t base) {
    Footprint fp;
    for (size_t i = 0; i < n; ++i)
      fp.push_back(
          ByteRange{Mem::UB, base + 64 * i, base + 64 * i + 32, i % 2 == 0});
    return fp;
  };
  const auto same = [](const Footprint &a, const Footprint &b) {
    if (a.size() != b.size())
      return false;
    for (size_t i = 0; i < a.size(); ++i) {
      const ByteRange &x = a.begin()[i], &y = b.begin()[i];
      if (x.mem != y.mem || x.start != y.start || x.end != y.end ||
          x.write != y.write)
        return false;
    }
    return true;
  };
  for (size_t from : {0, 2, 4, 5, 9})
    for (size_t to : {0, 3, 4, 6}) {
      const Footprint src = make(from, 0x1000);
      Footprint dst = make(to, 0x8000);
      dst = src;
      EXPECT_TRUE(same(dst, src)) << from << " over " << to;
      dst.push_back(ByteRange{Mem::UB, 0, 8, false}); // still usable
      EXPECT_EQ(dst.size(), from + 1) << from << " over " << to;
    }
}

// A footprint of plain ranges (rows 1, reads first, no adjacent GM ranges,
// no L1) is checked in one pass (RaceDetector::accessPlain): the reports,
// message by message and in order, must be those of the general path
// (setPlainPathForTesting(false)) on random footprints of the pipes
// (UB, GM over several regions, L0A, atomic stores, empty ranges, some
// footprints not plain: writes first, strided groups), the log compacted
// now and then. Fails when the one pass skips a range or a check, or
// orders the checks otherwise.
TEST(RaceShadowTest, PlainFootprintsReportAsTheGeneralPath) {
  std::mt19937 rng(2026);
  const size_t reports = sameReportsOnRandomSequences(
      rng, randomRegions(), {3000, 10, /*peak=*/false},
      [&](RaceDetector &plain, RaceDetector &general, int iter) {
        general.setPlainPathForTesting(false);
        if (iter % 5 == 0) {
          plain.setLogLimitForTesting(1 + rng() % 4);
          general.setLogLimitForTesting(1);
        }
      },
      [&](int) { return randomPlainAccess(rng); });
  EXPECT_GT(reports, 3000u); // the comparison saw races
}

// GM buckets are cut at the launch's region boundaries (a buffer's own
// buckets; reads of a buffer nobody writes stay deferred): the reports,
// message by message and in order, must be those of 64-KiB buckets of the
// whole address space (setGmUncutForTesting) on random GM accesses over
// adjacent regions, a region aliasing two others and one across a 64-KiB
// boundary, with UB traffic between them. Fails when a cut loses a
// segment's state, a deferred read or a bucket's bytes.
TEST(RaceShadowTest, GmCutAtRegionsReportsAsUncut) {
  std::mt19937 rng(4711);
  const size_t reports = sameReportsOnRandomSequences(
      rng, randomRegions(), {3000, 12, /*peak=*/false},
      [&](RaceDetector &cut, RaceDetector &uncut, int iter) {
        uncut.setGmUncutForTesting();
        if (iter % 5 == 0) {
          cut.setLogLimitForTesting(1);
          uncut.setLogLimitForTesting(1 + rng() % 4);
        }
      },
      [&](int) { return randomPlainAccess(rng); });
  EXPECT_GT(reports, 3000u);
}

// A buffer passed twice (two regions over the same bytes): a write through
// one and an unordered read through the other race, and tiles streamed
// into the buffers' own buckets keep every pair (the read of a buffer that
// was only read so far waits deferred until the write).
TEST(RaceShadowTest, AliasedRegionsRaceAcrossTheirCuts) {
  const GmMap gmMap({{0x10000, 0x1000, "x"}, {0x10800, 0x1000, "w"}});
  RaceDetector det(Severity::Error, gmMap);
  for (uint64_t t = 0; t < 4; ++t) // MTE2 reads tiles of w, deferred
    det.access(
        Pipe::MTE2,
        Footprint{ByteRange{Mem::GM, 0x10800 + t * 64, 0x10840 + t * 64, false},
                  ByteRange{Mem::UB, t * 64, t * 64 + 64, true}},
        "data_copy", Loc{"t.py", 1}, 2 * t + 1);
  // MTE3 writes x's bytes 0x0840..0x0880 = w's second tile, unordered.
  det.access(Pipe::MTE3,
             Footprint{ByteRange{Mem::UB, 512, 576, false},
                       ByteRange{Mem::GM, 0x10840, 0x10880, true}},
             "data_copy", Loc{"t.py", 2}, 9);
  expectReports(det, {"WAR hazard on GM[x+0x0840,x+0x0880): MTE2 "
                      "data_copy (t.py:1) \u2192 MTE3 data_copy (t.py:2)"});
}

// A pipe merges the scalar's clock at issue only when its generation is
// new (RaceDetector::merge): every way the scalar learns something (it
// waits for a pipe, drains, waits on a flag, or itself accesses memory in
// order) gives its clock a new generation, so an instruction issued after
// it knows the earlier access and reports nothing. Fails when one of them
// leaves the generation unchanged (the merge is skipped: a false race).
TEST(RaceShadowTest, ScalarKnowledgeReachesLaterIssues) {
  GmMap gmMap({});
  for (int how = 0; how < 4; ++how) {
    RaceDetector det(Severity::Error, gmMap);
    const Loc l1{"t.py", 1}, l2{"t.py", 2}, l3{"t.py", 3};
    // V issued before anything happened: its merged generation is the
    // initial one.
    det.merge(Pipe::V, det.clock(Pipe::S));
    det.access(Pipe::V, Footprint{ByteRange{Mem::UB, 256, 320, false}}, "add",
               l1, 1);
    Pipe writer = how == 3 ? Pipe::S : Pipe::MTE2;
    det.merge(writer, det.clock(Pipe::S));
    det.access(writer, Footprint{ByteRange{Mem::UB, 0, 64, true}}, "data_copy",
               l2, 2);
    switch (how) {
    case 0:
      det.pipeToScalar(Pipe::MTE2);
      break;
    case 1:
      det.drainAll();
      break;
    case 2: { // MTE2 sets a flag the scalar waits on
      VectorClock c;
      det.flagClock(Pipe::MTE2, c);
      det.publishFlag(0, 0, c);
      det.waitFlag(Pipe::S, 0, 0);
      break;
    }
    default: // the scalar's own write, in order
      break;
    }
    det.merge(Pipe::V, det.clock(Pipe::S));
    det.access(Pipe::V, Footprint{ByteRange{Mem::UB, 0, 64, false}}, "add", l3,
               3);
    EXPECT_TRUE(det.takeDiagnostics().empty()) << "case " << how;
  }
}

// A V write of UB [0, 64) (t.py:1) that two V reads in order after it
// (t.py:2, t.py:3) cut in halves: two segments, each half's start with its
// hint (the set-up of the join tests below).
static void writeThenReadHalves(RaceDetector &det) {
  const auto at = [](unsigned line) { return Loc{"t.py", line}; };
  det.access(Pipe::V, Footprint{ByteRange{Mem::UB, 0, 64, true}}, "dup", at(1),
             1);
  det.access(Pipe::V, Footprint{ByteRange{Mem::UB, 0, 32, false}}, "add", at(2),
             2);
  det.access(Pipe::V, Footprint{ByteRange{Mem::UB, 32, 64, false}}, "add",
             at(3), 3);
  EXPECT_EQ(det.stats().segmentPeak, 2u);
}

// A UB segment an instruction covers exactly joins a touching neighbour in
// equal state only when that neighbour refers to the same instruction; the
// join test is skipped for an instruction's first UB range (no segment can
// refer to it yet) and made for the later ones: two reads of one
// instruction over the halves of one write leave one segment, and an
// unordered write that follows races with it as one range.
TEST(RaceShadowTest, UbSegmentsJoinUnderOneInstruction) {
  GmMap gmMap({});
  RaceDetector det(Severity::Error, gmMap);
  const auto at = [](unsigned line) { return Loc{"t.py", line}; };
  writeThenReadHalves(det);
  // One V instruction reading both halves: the second is found by its hint
  // and joins the first.
  det.access(Pipe::V,
             Footprint{ByteRange{Mem::UB, 0, 32, false},
                       ByteRange{Mem::UB, 32, 64, false}},
             "add", at(4), 4);
  EXPECT_EQ(det.stats().segmentPeak, 1u);
  det.access(Pipe::MTE3, Footprint{ByteRange{Mem::UB, 0, 64, true}}, "copy",
             at(5), 5);
  expectReports(det, {"WAW hazard on UB[0x0000,0x0040): V dup (t.py:1) "
                      "\u2192 MTE3 copy (t.py:5)",
                      "WAR hazard on UB[0x0000,0x0040): V add (t.py:4) "
                      "\u2192 MTE3 copy (t.py:5)"});
}

// The GM epoch record (the stamp of each pipe's last GM access per epoch,
// which tells a cross-core release which epochs it orders) is kept only
// with a GM summary: a launch of several cores keeps it, so a release that
// does not know the pipe's last GM access orders none of that epoch; a
// launch of one core (skipGmSummary) has no other core to order and keeps
// none (every epoch is known). Fails when the record is skipped with a
// summary kept (the release would order an access it does not know).
TEST(RaceShadowTest, GmEpochRecordOnlyWithASummary) {
  const GmMap gmMap({{0x10000, 0x1000, "x"}});
  const int mte3 = static_cast<int>(Pipe::MTE3);
  for (bool oneCore : {false, true}) {
    RaceDetector det(Severity::Error, gmMap);
    if (oneCore)
      det.skipGmSummary();
    det.access(Pipe::MTE3,
               Footprint{ByteRange{Mem::UB, 0, 64, false},
                         ByteRange{Mem::GM, 0x10000, 0x10040, true}},
               "data_copy", Loc{"t.py", 1}, 1);
    det.setGmEpoch(0, 1);
    const VectorClock none;
    EXPECT_EQ(det.gmEpochsKnown(mte3, none, 2), oneCore ? 2u : 0u)
        << (oneCore ? "one core" : "several cores");
    VectorClock after; // a set in MTE3 after the copy knows it
    det.flagClock(Pipe::MTE3, after);
    EXPECT_EQ(det.gmEpochsKnown(mte3, after, 2), 2u);
  }
}

// The join test after a UB range found by its hint is skipped only when no
// segment can refer to the instruction in the slot the range sets: its
// first read range (r), its first write range (w) — an add's write after
// its reads. Its second write does the test: two writes of one
// instruction over the halves of a segment leave one segment, and the
// unordered read after it reports one RAW on the whole range.
TEST(RaceShadowTest, UbWritesJoinUnderOneInstruction) {
  GmMap gmMap({});
  RaceDetector det(Severity::Error, gmMap);
  const auto at = [](unsigned line) { return Loc{"t.py", line}; };
  writeThenReadHalves(det);
  // One V instruction reading elsewhere, then writing both halves: its
  // first write skips the join test, its second (found by its hint) joins
  // the first.
  det.access(Pipe::V,
             Footprint{ByteRange{Mem::UB, 128, 160, false},
                       ByteRange{Mem::UB, 0, 32, true},
                       ByteRange{Mem::UB, 32, 64, true}},
             "add", at(4), 4);
  EXPECT_EQ(det.stats().segmentPeak, 2u); // [0, 64) and [128, 160)
  det.access(Pipe::MTE3, Footprint{ByteRange{Mem::UB, 0, 64, false}}, "copy",
             at(5), 5);
  expectReports(det, {"RAW hazard on UB[0x0000,0x0040): V add (t.py:4) "
                      "\u2192 MTE3 copy (t.py:5)"});
}

// A detector made on a thread after one for the same GM regions keeps that
// one's bucket keys and cache (RaceDetector::Spare), the cache's entries
// packed to the front: a repeated launch finds its buffers' buckets
// without a search, and they are empty (nothing of the earlier detector's
// accesses is reported). Fails when the keys are not kept (searches), the
// cache not packed, or the buckets not emptied (a race with the earlier
// detector's write).
TEST(RaceShadowTest, ADetectorForTheSameRegionsKeepsTheBucketKeys) {
  const GmMap gmMap({{0x10000, 0x1000, "x"}, {0x20000, 0x1000, "z"}});
  const auto tile = [](RaceDetector &det, uint64_t t, uint64_t seq) {
    det.access(
        Pipe::MTE2,
        Footprint{ByteRange{Mem::GM, 0x10000 + t * 64, 0x10040 + t * 64, false},
                  ByteRange{Mem::UB, 0, 64, true}},
        "data_copy", Loc{"t.py", 1}, seq);
    det.access(
        Pipe::MTE3,
        Footprint{ByteRange{Mem::UB, 64, 128, false},
                  ByteRange{Mem::GM, 0x20000 + t * 64, 0x20040 + t * 64, true}},
        "data_copy", Loc{"t.py", 2}, seq + 1);
  };
  // Two before it (the first one's cache may lose x when its bucket store
  // grows for z; the second one's has both).
  for (int i = 0; i < 2; ++i) {
    RaceDetector before(Severity::Error, gmMap);
    tile(before, 0, 1);
    EXPECT_TRUE(before.takeDiagnostics().empty());
  }
  RaceDetector next(Severity::Error, gmMap);
  // Its cache holds x and z first (given back packed: the first one's
  // store growth had emptied entries before them).
  EXPECT_EQ(next.gmCachedFirstForTesting(), 2u);
  // The earlier detector's write of z's first tile is forgotten: reading
  // it is no race.
  next.access(Pipe::MTE2,
              Footprint{ByteRange{Mem::GM, 0x20000, 0x20040, false},
                        ByteRange{Mem::UB, 256, 320, true}},
              "data_copy", Loc{"t.py", 3}, 1);
  tile(next, 1, 2);
  EXPECT_EQ(next.gmBucketSearchesForTesting(), 0u);
  EXPECT_TRUE(next.takeDiagnostics().empty());
  // Its own accesses still race: MTE3's write of z's second tile and an
  // unordered MTE2 read of it.
  next.access(Pipe::MTE2,
              Footprint{ByteRange{Mem::GM, 0x20040, 0x20080, false},
                        ByteRange{Mem::UB, 320, 384, true}},
              "data_copy", Loc{"t.py", 4}, 4);
  expectReports(next, {"RAW hazard on GM[z+0x0040,z+0x0080): MTE3 "
                       "data_copy (t.py:2) \u2192 MTE2 data_copy (t.py:4)"});
}

// The bucket keys and cache are kept only for the same regions: a detector
// for other regions (other cuts) must not find an address through the
// earlier detector's cached bounds nor its keys. Here the earlier one
// cached x's 64-KiB bucket; the next one's regions cut it at 0x10020: its
// write of [0x10040, 0x10048) and the read of the same bytes after other
// buffers evicted the cache would land in two buckets (no report) if it
// kept them. Fails when the keys are kept for other regions.
TEST(RaceShadowTest, ADetectorForOtherRegionsMakesItsOwnBucketKeys) {
  {
    const GmMap before({{0x10000, 0x10000, "x"}});
    RaceDetector first(Severity::Error, before);
    first.access(Pipe::MTE2,
                 Footprint{ByteRange{Mem::GM, 0x10040, 0x10048, false}},
                 "data_copy", Loc{"t.py", 1}, 1);
  }
  const GmMap gmMap({{0x10000, 0x20, "x"}, {0x10020, 0xffe0, "y"}});
  RaceDetector next(Severity::Error, gmMap);
  next.access(Pipe::MTE3, Footprint{ByteRange{Mem::GM, 0x10040, 0x10048, true}},
              "data_copy", Loc{"t.py", 2}, 1);
  for (uint64_t k = 0; k < 4; ++k) // four other buckets: the cache's size
    next.access(Pipe::MTE2,
                Footprint{ByteRange{Mem::GM, 0x100000 + k * 0x10000,
                                    0x100040 + k * 0x10000, false}},
                "data_copy", Loc{"t.py", 3}, 2 + k);
  next.access(Pipe::MTE2,
              Footprint{ByteRange{Mem::GM, 0x10040, 0x10048, false}},
              "data_copy", Loc{"t.py", 4}, 6);
  expectReports(next, {"RAW hazard on GM[y+0x0020,y+0x0028): MTE3 "
                       "data_copy (t.py:2) \u2192 MTE2 data_copy (t.py:4)"});
}

// On random sequences over GM regions that change now and then (the
// regions of randomRegions(), the same shifted by 0x20 bytes, or none), a
// detector
// made after others on the thread (keeping their bucket keys and cache
// when the regions are the same) reports, message by message, what a
// detector made while it lives (no spare storage: its own keys) reports.
// Fails when kept keys or cache outlive their regions, when the second
// detector takes the keys the first one took (two detectors alive on one
// thread sharing buckets) or a kept bucket is not empty.
TEST(RaceShadowTest, KeptBucketKeysReportAsNewOnes) {
  std::mt19937 rng(31);
  const GmMap same = randomRegions();
  const GmMap shifted({{0x10020, 0x1000, "x"},
                       {0x11020, 0x1000, "y"},
                       {0x10e20, 0x400, "w"},
                       {0x2f820, 0x10800, "z"}});
  const GmMap none({}); // no regions: one cut scheme for every detector
  size_t reports = 0;
  for (int iter = 0; iter < 2000 && !::testing::Test::HasFailure(); ++iter) {
    const unsigned pick = rng() % 4;
    const GmMap &gmMap = pick == 0 ? shifted : pick == 1 ? none : same;
    // kept: made first, it takes the spare storage of the pair before.
    RaceDetector kept(Severity::Error, gmMap), fresh(Severity::Error, gmMap);
    const int n = 2 + static_cast<int>(rng() % 12);
    for (int i = 0; i < n; ++i) {
      const RandomAccess x = randomPlainAccess(rng);
      kept.access(x.pipe, x.fp, x.op, x.loc, static_cast<uint64_t>(i + 1));
      fresh.access(x.pipe, x.fp, x.op, x.loc, static_cast<uint64_t>(i + 1));
    }
    reports += expectSameReports(kept, fresh, iter, /*peak=*/false);
  }
  EXPECT_GT(reports, 1000u);
}

namespace {

/// One call into a detector of a random launch (RaceMemo tests): an access
/// (its pipe's issue clock merged first, as the engine does), or one of
/// the calls that move the clocks and the GM epochs.
struct MemoEvent {
  enum Kind { Access, Drain, Barrier, ToScalar, SetFlag, WaitFlag, Epoch };
  Kind kind;
  Pipe pipe = Pipe::S;
  uint8_t id = 0; // flag id (event 0), epoch
  RandomAccess access{Pipe::S, Footprint{}, Loc{nullptr, 0}, "op"};
};

/// A random launch of `n` accesses; `drainOdds` is the chance (in 10) of a
/// drain before an access (more: fewer races).
std::vector<MemoEvent> randomLaunch(std::mt19937 &rng, int n,
                                    unsigned drainOdds) {
  const Pipe pipes[] = {Pipe::S, Pipe::V, Pipe::MTE2, Pipe::MTE3, Pipe::FIX};
  std::vector<MemoEvent> out;
  for (int i = 0; i < n; ++i) {
    if (rng() % 10 < drainOdds)
      out.push_back({MemoEvent::Drain});
    switch (rng() % 8) {
    case 0:
      out.push_back({MemoEvent::Barrier, pipes[rng() % 5]});
      break;
    case 1:
      out.push_back({MemoEvent::ToScalar, pipes[rng() % 5]});
      break;
    case 2:
      out.push_back({MemoEvent::SetFlag, pipes[rng() % 5],
                     static_cast<uint8_t>(rng() % 3)});
      break;
    case 3:
      out.push_back({MemoEvent::WaitFlag, pipes[rng() % 5],
                     static_cast<uint8_t>(rng() % 3)});
      break;
    case 4:
      if (rng() % 3 == 0)
        out.push_back(
            {MemoEvent::Epoch, Pipe::S, static_cast<uint8_t>(1 + rng() % 3)});
      break;
    default:
      break;
    }
    MemoEvent a{MemoEvent::Access};
    a.access = randomPlainAccess(rng);
    out.push_back(std::move(a));
  }
  return out;
}

/// Makes the calls of `events` (program-order numbers from `seq`).
void runLaunch(RaceDetector &det, const std::vector<MemoEvent> &events,
               uint64_t seq = 1) {
  for (const MemoEvent &e : events) {
    switch (e.kind) {
    case MemoEvent::Access: {
      const VectorClock issue = det.clock(Pipe::S);
      det.merge(e.access.pipe, issue);
      det.access(e.access.pipe, e.access.fp, e.access.op, e.access.loc, seq++);
      break;
    }
    case MemoEvent::Drain:
      det.drainAll();
      break;
    case MemoEvent::Barrier:
      det.barrier(e.pipe);
      break;
    case MemoEvent::ToScalar:
      det.pipeToScalar(e.pipe);
      break;
    case MemoEvent::SetFlag: {
      VectorClock c;
      det.flagClock(e.pipe, c);
      det.publishFlag(0, e.id, c);
      break;
    }
    case MemoEvent::WaitFlag:
      det.waitFlag(e.pipe, 0, e.id);
      break;
    case MemoEvent::Epoch:
      det.setGmEpoch(0, e.id);
      break;
    }
  }
}

/// Expects everything the two detectors tell the same: their reports,
/// message by message, their GM summaries (taken), stats, clocks and GM
/// epoch records.
void expectSameOutputs(RaceDetector &m, RaceDetector &l, int iter,
                       size_t &reports) {
  const std::vector<std::string> dm = texts(m.takeDiagnostics()),
                                 dl = texts(l.takeDiagnostics());
  EXPECT_EQ(dm, dl) << "case " << iter;
  reports += dl.size();
  const RaceStats sm = m.stats(), sl = l.stats();
  EXPECT_EQ(std::tie(sm.logPeak, sm.segmentPeak, sm.gmPeak, sm.deferredPeak),
            std::tie(sl.logPeak, sl.segmentPeak, sl.gmPeak, sl.deferredPeak))
      << "case " << iter;
  for (int p = 0; p < kNumPipes; ++p) {
    EXPECT_EQ(m.clock(static_cast<Pipe>(p)), l.clock(static_cast<Pipe>(p)))
        << "case " << iter;
    EXPECT_EQ(m.gmEpochsKnown(p, m.clock(Pipe::S), 99),
              l.gmEpochsKnown(p, l.clock(Pipe::S), 99))
        << "case " << iter;
  }
  const std::vector<GmAccess> gm = m.takeGmAccesses(), gl = l.takeGmAccesses();
  ASSERT_EQ(gm.size(), gl.size()) << "case " << iter;
  for (size_t i = 0; i < gm.size(); ++i) {
    const GmAccess &x = gm[i], &y = gl[i];
    EXPECT_TRUE(x.start == y.start && x.end == y.end && x.write == y.write &&
                x.atomic == y.atomic && x.pipe == y.pipe && x.op == y.op &&
                x.loc.file == y.loc.file && x.loc.line == y.loc.line &&
                x.core == y.core && x.epoch == y.epoch &&
                x.stride == y.stride && x.count == y.count)
        << "case " << iter << " item " << i;
  }
}

} // namespace

// A detector made after a clean one on its thread (both with useMemo())
// compares its calls with that one's record instead of checking them
// (RaceDetector::Memo); at the
// first difference it replays the matched prefix into its state and goes on
// live. On thousands of random launches (accesses of randomPlainAccess over
// randomRegions(), flags, barriers, drains, GM epochs), a clean first launch
// recorded, then a second one that is the same (outputs from the record),
// the same up to a random call and then another tail with races, the same
// but for one clock-moving call left out (a skipped flag: only the clocks
// differ), a prefix of it, or the same and then more after its summary was
// taken; outputs asked for in the middle now and then: every output (the
// reports message by message, the GM summary, stats, clocks, GM epoch
// records) must be a live detector's fed the second launch. Fails when the
// replay skips a recorded call and when a matched prefix returns the
// record's outputs.
TEST(RaceMemoTest, AMemoisedLaunchTellsWhatALiveOneTells) {
  std::mt19937 rng(20261204);
  const GmMap gmMap = randomRegions();
  size_t reports = 0, matched = 0, fullyMatched = 0;
  for (int iter = 0; iter < 4000 && !::testing::Test::HasFailure(); ++iter) {
    const bool summary = rng() % 4 != 0;
    // A clean first launch (retried until it is), recorded by a detector
    // that found no record (the one before it left none: a testing hook).
    std::vector<MemoEvent> first;
    for (int tries = 0; tries < 100; ++tries) {
      first = randomLaunch(rng, 1 + static_cast<int>(rng() % 14), 9);
      {
        RaceDetector wipe(Severity::Error, gmMap);
        wipe.useMemo();
        wipe.setPlainPathForTesting(true);
      }
      RaceDetector rec(Severity::Error, gmMap);
      rec.useMemo();
      EXPECT_FALSE(rec.matchingForTesting());
      if (!summary)
        rec.skipGmSummary();
      runLaunch(rec, first);
      if (rec.takeDiagnostics().empty()) {
        rec.takeGmAccesses();
        break;
      }
    }
    // The second launch.
    std::vector<MemoEvent> second;
    const unsigned how = rng() % 5;
    const size_t k = rng() % (first.size() + 1);
    if (how == 0) { // the same
      second = first;
    } else if (how == 1) { // a prefix, then another tail
      second.assign(first.begin(), first.begin() + static_cast<long>(k));
      for (MemoEvent &e : randomLaunch(rng, 1 + static_cast<int>(rng() % 8), 2))
        second.push_back(std::move(e));
    } else if (how == 2) { // one clock-moving call left out
      second = first;
      for (size_t j = 0; j < second.size(); ++j) {
        const size_t at = (k + j) % second.size();
        if (second[at].kind != MemoEvent::Access) {
          second.erase(second.begin() + static_cast<long>(at));
          break;
        }
      }
    } else if (how == 3) { // a prefix only
      second.assign(first.begin(), first.begin() + static_cast<long>(k));
    } else { // the same, then more after the summary was taken
      second = first;
    }
    RaceDetector memo(Severity::Error, gmMap);
    memo.useMemo();
    RaceDetector live(Severity::Error, gmMap); // no memo: checks every call
    matched += memo.matchingForTesting();
    EXPECT_FALSE(live.matchingForTesting());
    if (!summary) {
      memo.skipGmSummary();
      live.skipGmSummary();
    }
    // Outputs asked for in the middle (a replay of the prefix so far).
    const size_t mid =
        rng() % 4 == 0 ? rng() % (second.size() + 1) : ~size_t(0);
    if (mid <= second.size()) {
      const std::vector<MemoEvent> head(
          second.begin(), second.begin() + static_cast<long>(mid)),
          rest(second.begin() + static_cast<long>(mid), second.end());
      runLaunch(memo, head);
      runLaunch(live, head);
      const size_t accesses = static_cast<size_t>(
          std::count_if(head.begin(), head.end(), [](const MemoEvent &e) {
            return e.kind == MemoEvent::Access;
          }));
      EXPECT_EQ(memo.gmAccesses().size(), live.gmAccesses().size())
          << "case " << iter;
      EXPECT_EQ(memo.stats().segmentPeak, live.stats().segmentPeak)
          << "case " << iter;
      runLaunch(memo, rest, 1 + accesses);
      runLaunch(live, rest, 1 + accesses);
    } else {
      runLaunch(memo, second);
      runLaunch(live, second);
      fullyMatched += how == 0 && memo.matchingForTesting();
    }
    expectSameOutputs(memo, live, iter, reports);
    if (how == 4) { // accesses after the summary was taken
      const std::vector<MemoEvent> more =
          randomLaunch(rng, 1 + static_cast<int>(rng() % 6), 2);
      runLaunch(memo, more, 1000);
      runLaunch(live, more, 1000);
      expectSameOutputs(memo, live, iter, reports);
    }
  }
  EXPECT_GT(matched, 3500u);     // the second launch found the record
  EXPECT_GT(fullyMatched, 500u); // and matched to its end
  EXPECT_GT(reports, 2000u);     // races in the tails
}

// useMemo() takes the record only before the first access: a detector that
// checked a call already goes on checking (its stamps count from that
// call: a record's would not). Fails when useMemo() takes the record later.
TEST(RaceMemoTest, UseMemoAfterAnAccessKeepsChecking) {
  const GmMap gmMap = randomRegions();
  const Footprint write{ByteRange{Mem::UB, 0, 64, true}};
  const Footprint read{ByteRange{Mem::UB, 0, 64, false}};
  const auto launch = [&](RaceDetector &det) {
    det.access(Pipe::V, write, "add", Loc{"t.py", 1}, 1);
    det.access(Pipe::V, read, "add", Loc{"t.py", 2}, 2);
  };
  {
    RaceDetector wipe(Severity::Error, gmMap);
    wipe.useMemo();
    wipe.setPlainPathForTesting(true);
  }
  {
    RaceDetector rec(Severity::Error, gmMap);
    rec.useMemo();
    launch(rec); // clean: V is in order
    EXPECT_TRUE(rec.takeDiagnostics().empty());
  }
  {
    RaceDetector late(Severity::Error, gmMap);
    late.access(Pipe::V, write, "add", Loc{"t.py", 1}, 1);
    late.useMemo();
    EXPECT_FALSE(late.matchingForTesting());
  }
  RaceDetector first(Severity::Error, gmMap); // the record is still there
  first.useMemo();
  EXPECT_TRUE(first.matchingForTesting());
  launch(first);
  EXPECT_TRUE(first.matchingForTesting());
  EXPECT_TRUE(first.takeDiagnostics().empty());
}

// The compare of a call with the record sees every byte that matters: a
// recorded launch of two calls (a strided atomic GM store of two ranges,
// a UB read), then the same launch with one thing of its second call
// changed — each field of a range (mem; start, end, rows, stride in their
// low and high bytes; write, atomic), the range count, pipe, op, file,
// line, program-order number, each component of the pipe's clock, the GM
// epoch, the GM summary flag — must leave the record at that call; the same
// launch unchanged matches to its end. Fails when the compare leaves out any of
// them. The 4 padding bytes after an AccessSite's line are whatever its builder
// left there: a call whose site differs from the record's only in them is
// matched.
TEST(RaceMemoTest, ASiteDifferingOnlyInItsPaddingIsMatched) {
  const GmMap gmMap = randomRegions();
  const Footprint fp{ByteRange{Mem::UB, 0x200, 0x280, false},
                     ByteRange{Mem::UB, 0x400, 0x480, true}};
  const auto site = [](unsigned char fill) {
    AccessSite s;
    std::memset(static_cast<void *>(&s), fill, sizeof s);
    s.seq = 5;
    s.loc = Loc{"t.py", 9};
    s.name = "add";
    return s;
  };
  {
    RaceDetector rec(Severity::Error, gmMap);
    rec.useMemo();
    rec.access(Pipe::V, site(0x00), fp);
    EXPECT_TRUE(rec.takeDiagnostics().empty());
  }
  RaceDetector det(Severity::Error, gmMap);
  det.useMemo();
  ASSERT_TRUE(det.matchingForTesting());
  det.access(Pipe::V, site(0xff), fp);
  EXPECT_TRUE(det.matchingForTesting());
}

TEST(RaceMemoTest, ACallDifferingInOneThingIsNotMatched) {
  const GmMap gmMap = randomRegions();
  const ByteRange gm{
      Mem::GM, 0x10000, 0x10040, true, atomicClass(1, DType::F32), 2, 0x100};
  const ByteRange ub{Mem::UB, 0x200, 0x280, false};
  struct Call {
    Pipe pipe = Pipe::MTE3;
    Footprint fp;
    const char *op = "copy";
    Loc loc{"t.py", 7};
    uint64_t seq = 2;
    int clockComponent = -1; // raised by a merge before the call
    uint32_t epoch = 0;
    bool summary = true; // else skipGmSummary() before the call
  };
  const Call base{Pipe::MTE3, Footprint{gm, ub}};
  const auto launch = [&](RaceDetector &det, const Call &second) {
    det.access(Pipe::V, Footprint{ub}, "add", Loc{"t.py", 3}, 1);
    if (second.clockComponent >= 0) {
      VectorClock c = det.clock(second.pipe);
      c[second.clockComponent] += 1000;
      c.setGeneration(4242);
      det.merge(second.pipe, c);
    }
    if (second.epoch)
      det.setGmEpoch(0, second.epoch);
    if (!second.summary)
      det.skipGmSummary();
    det.access(second.pipe, second.fp, second.op, second.loc, second.seq);
  };
  std::vector<Call> variants;
  const auto withRange = [&](auto change) {
    Call c = base;
    ByteRange r = gm;
    change(r);
    c.fp = Footprint{r, ub};
    variants.push_back(c);
  };
  withRange([](ByteRange &r) { r.mem = Mem::UB; });
  withRange([](ByteRange &r) { r.start += 1; });
  withRange([](ByteRange &r) { r.start += uint64_t(1) << 56; });
  withRange([](ByteRange &r) { r.end += 1; });
  withRange([](ByteRange &r) {
    r.write = false;
    r.atomic = 0;
  });
  withRange([](ByteRange &r) { r.atomic = atomicClass(2, DType::F32); });
  withRange([](ByteRange &r) { r.rows = 3; });
  withRange([](ByteRange &r) { r.rows += 1 << 8; });
  withRange([](ByteRange &r) { r.stride += 1; });
  withRange([](ByteRange &r) { r.stride += 1 << 24; });
  {
    Call c = base; // end's last byte (in UB: a GM range that long is slow)
    ByteRange r = ub;
    r.end += uint64_t(1) << 56;
    c.fp = Footprint{gm, r};
    variants.push_back(c);
  }
  {
    Call c = base;
    c.fp = Footprint{gm};
    variants.push_back(c);
    c.fp = Footprint{gm, ub, ub};
    variants.push_back(c);
  }
  {
    Call c = base;
    c.pipe = Pipe::MTE2;
    variants.push_back(c);
    c = base;
    c.op = "copy2";
    variants.push_back(c);
    c = base;
    c.loc.file = "u.py";
    variants.push_back(c);
    c = base;
    c.loc.line = 8;
    variants.push_back(c);
    c = base;
    c.loc.line += 1u << 24; // (the line's top byte: next to its padding)
    variants.push_back(c);
    c = base;
    c.seq = 3;
    variants.push_back(c);
    c = base;
    c.seq += uint64_t(1) << 56;
    variants.push_back(c);
    c = base;
    c.epoch = 2;
    variants.push_back(c);
    c = base;
    c.epoch = 1u << 24;
    variants.push_back(c);
    c = base;
    c.summary = false;
    variants.push_back(c);
  }
  for (int i = 0; i < VectorClock::kComponents; ++i) {
    Call c = base;
    c.clockComponent = i;
    variants.push_back(c);
  }
  for (size_t v = 0; v <= variants.size(); ++v) {
    {
      RaceDetector wipe(Severity::Error, gmMap);
      wipe.useMemo();
      wipe.setPlainPathForTesting(true);
    }
    {
      RaceDetector rec(Severity::Error, gmMap);
      rec.useMemo();
      launch(rec, base);
      EXPECT_TRUE(rec.takeDiagnostics().empty());
    }
    RaceDetector det(Severity::Error, gmMap);
    det.useMemo();
    ASSERT_TRUE(det.matchingForTesting());
    launch(det, v < variants.size() ? variants[v] : base);
    // (the unchanged launch last: matched to its end)
    EXPECT_EQ(det.matchingForTesting(), v == variants.size())
        << "variant " << v;
  }
}
