//===- race/Race.cpp - Happens-before race detector -------------*- C++ -*-===//

#include "race/Race.h"

#include "support/Fault.h"

#include <algorithm>

namespace ascsim {

namespace {

/// Pipes whose instructions complete in issue order (hardware.md §10.1: the
/// scalar unit; PIPE_V, where the compiler inserts the barriers).
bool inOrder(Pipe p) { return p == Pipe::S || p == Pipe::V; }

std::string hex4(uint64_t v) {
  static const char *const kDigits = "0123456789abcdef";
  std::string s;
  do {
    s.insert(s.begin(), kDigits[v & 15]);
    v >>= 4;
  } while (v);
  while (s.size() < 4)
    s.insert(s.begin(), '0');
  return "0x" + s;
}

std::string describeAccess(Pipe p, const char *op, Loc loc) {
  return std::string(pipeName(p)) + " " + op + " (" + formatLoc(loc) + ")";
}

constexpr size_t kMaxReportsPerCore = 32;
constexpr size_t kMaxCrossCoreReports = 32;

} // namespace

std::string formatRange(Mem mem, uint64_t start, uint64_t end,
                        const GmMap &gm) {
  if (mem != Mem::GM)
    return std::string(memName(mem)) + "[" + hex4(start) + "," + hex4(end) +
           ")";
  if (const GmRegion *r = gm.find(start))
    return "GM[" + r->name + "+" + hex4(start - r->address) + "," + r->name +
           "+" + hex4(end - r->address) + ")";
  return "GM[" + hex4(start) + "," + hex4(end) + ")";
}

RaceDetector::RaceDetector(Severity severity, const GmMap &gm)
    : severity_(severity), gm_(gm) {}

void RaceDetector::split(Shadow &sh, uint64_t at) {
  auto it = sh.upper_bound(at);
  if (it == sh.begin())
    return;
  --it;
  if (it->first == at || it->second.end <= at)
    return;
  Seg tail = it->second;
  it->second.end = at;
  sh.emplace(at, tail);
}

void RaceDetector::access(Pipe p, const Footprint &fp, const char *op, Loc loc,
                          uint64_t seq) {
  int pi = idx(p);
  uint32_t stamp = ++pending_[pi];
  VectorClock &known = clocks_[pi];
  // Reads first, so an instruction reading and writing the same bytes (add
  // in place) does not race with itself.
  for (int pass = 0; pass < 2; ++pass) {
    for (const ByteRange &r : fp) {
      if (r.write != (pass == 1) || r.end <= r.start)
        continue;
      log_.push_back(
          Entry{p, stamp, r.write, r.mem, r.start, r.end, op, loc, seq});
      int32_t e = static_cast<int32_t>(log_.size() - 1);
      if (r.mem == Mem::GM) {
        check(gm_local_, e, known);
        gmLog_.push_back(GmAccess{r.start, r.end, r.write, p, op, loc});
      } else {
        check(ub_, e, known);
      }
    }
  }
  if (inOrder(p))
    known[pi] = stamp;
}

void RaceDetector::check(Shadow &sh, int32_t e, const VectorClock &known) {
  const Entry cur = log_[e];
  split(sh, cur.start);
  split(sh, cur.end);
  // Fill the gaps so every byte of [start, end) has a segment.
  uint64_t pos = cur.start;
  auto it = sh.lower_bound(cur.start);
  while (pos < cur.end) {
    if (it == sh.end() || it->first > pos) {
      uint64_t gapEnd =
          it == sh.end() ? cur.end : std::min<uint64_t>(it->first, cur.end);
      Seg s;
      s.end = gapEnd;
      it = sh.emplace_hint(it, pos, s);
    }
    Seg &seg = it->second;
    auto racesWith = [&](int32_t prevIdx) {
      const Entry &prev = log_[prevIdx];
      if (prev.pipe == cur.pipe && prev.stamp == cur.stamp)
        return false; // the same instruction
      return !known.knows(idx(prev.pipe), prev.stamp);
    };
    if (seg.w >= 0 && racesWith(seg.w))
      report(log_[seg.w], cur);
    if (cur.write) {
      for (int q = 0; q < kNumPipes; ++q)
        if (seg.r[q] >= 0 && racesWith(seg.r[q]))
          report(log_[seg.r[q]], cur);
      seg.w = e;
      seg.r.fill(-1);
    } else {
      seg.r[idx(cur.pipe)] = e;
    }
    pos = seg.end;
    ++it;
  }
  // Coalesce equal neighbours around the updated range.
  auto first = sh.lower_bound(cur.start);
  if (first != sh.begin())
    --first;
  while (first != sh.end() && first->first < cur.end) {
    auto next = std::next(first);
    if (next != sh.end() && first->second.end == next->first &&
        first->second.sameState(next->second)) {
      first->second.end = next->second.end;
      sh.erase(next);
    } else {
      first = next;
    }
  }
}

void RaceDetector::report(const Entry &a, const Entry &b) {
  if (races_.size() >= 4 * kMaxReportsPerCore)
    return;
  // Name the pair in program order: the user reads the kernel top down.
  const Entry &prev = a.seq <= b.seq ? a : b;
  const Entry &cur = a.seq <= b.seq ? b : a;
  std::string key = std::to_string(prev.write) + std::to_string(cur.write) +
                    pipeName(prev.pipe) + formatLoc(prev.loc) +
                    pipeName(cur.pipe) + formatLoc(cur.loc) + memName(cur.mem);
  if (!reported_.insert(key).second)
    return;
  races_.emplace_back(prev, cur);
}

std::vector<Diagnostic> RaceDetector::takeDiagnostics() {
  // A same-pipe overlap whose later access also races with another pipe is
  // a consequence: the missing cross-pipe flag orders it too. Report the
  // cause only.
  std::set<std::pair<int, uint32_t>> crossLater;
  for (auto &[prev, cur] : races_)
    if (prev.pipe != cur.pipe)
      crossLater.insert({idx(cur.pipe), cur.stamp});
  std::vector<Diagnostic> out;
  for (auto &[prev, cur] : races_) {
    if (prev.pipe == cur.pipe && crossLater.count({idx(cur.pipe), cur.stamp}))
      continue;
    if (out.size() < kMaxReportsPerCore)
      out.push_back(diagnose(prev, cur));
  }
  races_.clear();
  return out;
}

Diagnostic RaceDetector::diagnose(const Entry &prev, const Entry &cur) const {
  const char *kind = prev.write && cur.write ? "WAW"
                     : prev.write            ? "RAW"
                                             : "WAR";
  uint64_t s = std::max(prev.start, cur.start), e = std::min(prev.end, cur.end);
  std::string how;
  if (prev.pipe == cur.pipe)
    how = std::string("no pipe_barrier(PIPE_") + pipeName(cur.pipe) +
          ") orders them (instructions of one pipe may overlap)";
  else if (cur.pipe == Pipe::S)
    how = "no set_flag/wait_flag orders them (the scalar unit does not wait "
          "for other pipes; wait for the " +
          std::string(pipeName(prev.pipe)) +
          "_S event or use pipe_barrier(PIPE_ALL))";
  else
    how = "no set_flag/wait_flag orders them";
  std::string msg = std::string(kind) + " hazard on " +
                    formatRange(cur.mem, s, e, gm_) + ": " +
                    describeAccess(prev.pipe, prev.op, prev.loc) + " \u2192 " +
                    describeAccess(cur.pipe, cur.op, cur.loc) + ", " + how;
  Diagnostic d = makeDiagnostic(
      "race", msg, cur.loc,
      {makeNote(std::string("the earlier ") + (prev.write ? "write" : "read") +
                    " by " + pipeName(prev.pipe) + " " + prev.op,
                prev.loc)});
  d.severity = severity_;
  d.order = cur.seq;
  return d;
}

VectorClock RaceDetector::flagClock(Pipe p) const {
  VectorClock c = clocks_[idx(p)];
  c[idx(p)] = pending_[idx(p)];
  return c;
}

void RaceDetector::waitFlag(Pipe p, uint8_t event, uint8_t id) {
  clocks_[idx(p)].join(flagClocks_[event * kNumEventIds + id]);
}

void RaceDetector::barrier(Pipe p) {
  clocks_[idx(p)][idx(p)] = pending_[idx(p)];
}

void RaceDetector::drainAll() {
  VectorClock &s = clocks_[idx(Pipe::S)];
  for (int p = 0; p < kNumPipes; ++p) {
    s.join(clocks_[p]);
    if (s[p] < pending_[p])
      s[p] = pending_[p];
  }
}

//===----------------------------------------------------------------------===//
// Cross-core
//===----------------------------------------------------------------------===//

std::vector<Diagnostic>
crossCoreRaces(const std::vector<const std::vector<GmAccess> *> &logs,
               Severity severity, const GmMap &gm) {
  struct Item {
    uint64_t start, end;
    uint32_t block;
    const GmAccess *a;
  };
  std::vector<Item> items;
  for (uint32_t b = 0; b < logs.size(); ++b)
    if (logs[b])
      for (const GmAccess &a : *logs[b])
        items.push_back(Item{a.start, a.end, b, &a});
  std::sort(items.begin(), items.end(), [](const Item &x, const Item &y) {
    return x.start != y.start ? x.start < y.start : x.block < y.block;
  });

  std::vector<Diagnostic> out;
  std::set<std::string> seen;
  std::vector<const Item *> active; // items whose end is beyond the sweep
  for (const Item &it : items) {
    active.erase(std::remove_if(active.begin(), active.end(),
                                [&](const Item *o) { return o->end <= it.start; }),
                 active.end());
    for (const Item *o : active) {
      if (o->block == it.block || (!o->a->write && !it.a->write))
        continue;
      const Item &lo = o->block < it.block ? *o : it;
      const Item &hi = o->block < it.block ? it : *o;
      const char *kind = lo.a->write && hi.a->write ? "WAW"
                         : lo.a->write              ? "RAW"
                                                    : "WAR";
      std::string key = std::string(kind) + formatLoc(lo.a->loc) +
                        formatLoc(hi.a->loc);
      if (!seen.insert(key).second)
        continue;
      if (out.size() >= kMaxCrossCoreReports)
        return out;
      uint64_t s = std::max(lo.start, hi.start), e = std::min(lo.end, hi.end);
      std::string msg =
          std::string("cross-core ") + kind + " hazard on " +
          formatRange(Mem::GM, s, e, gm) + ": block " +
          std::to_string(lo.block) + " " +
          describeAccess(lo.a->pipe, lo.a->op, lo.a->loc) + " and block " +
          std::to_string(hi.block) + " " +
          describeAccess(hi.a->pipe, hi.a->op, hi.a->loc) +
          " touch the same bytes; blocks of one launch are not ordered. Give "
          "each block its own part of the array";
      Diagnostic d = makeDiagnostic(
          "race", msg, hi.a->loc,
          {makeNote("block " + std::to_string(lo.block) + "'s " +
                        (lo.a->write ? "write" : "read"),
                    lo.a->loc)});
      d.severity = severity;
      d.block = hi.block;
      d.order = ~0ull;
      out.push_back(std::move(d));
    }
    active.push_back(&it);
  }
  return out;
}

} // namespace ascsim
