//===- device/AutoSyncLog.h - auto_sync's ranges touched by a pipe -*- C++
//-*-===//
//
// What auto_sync remembers of one pipe's instructions since the scalar unit
// last waited for it (Core::noteAutoSync / autoSyncBefore): the ranges the
// pipe read or wrote, in the order first noted. A range inside an earlier one
// of the same memory is not added: the first such range (in that order) takes
// its write bit. At 64 ranges, a range that is inside none folds every range
// of its memory, and itself, into their hull, placed after the other
// memories' ranges. A scalar access depends on the pipe when it overlaps a
// range of its memory and one of the two writes.
//
// Beside the ranges, the log keeps their union per memory as disjoint,
// non-touching intervals (a few: a stream of adjacent tiles is one). A range
// inside an earlier range is inside one interval of the union, so a range
// inside none of the intervals is appended without scanning the ranges: the
// common case of a kernel streaming tiles through GM, whose ranges would
// otherwise be compared with up to 64 earlier ones per instruction. The
// ranges, their order and the write bits are those of the scan alone
// (AutoSyncLogTest compares the two on random sequences).
//
// A note is only queued (a store); the queue is applied, in order, when the
// log is read (dependent, ranges) or holds kPending notes. Most kernels never
// read it — no scalar access follows their pipes' work, e.g. every tile loop
// that only copies, computes and copies back — so their notes cost a store,
// not the union and the range scan: the tiny launch's 144 notes took 12.8k
// host instructions of 114k. The log read is the one the eager notes built.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_DEVICE_AUTOSYNCLOG_H
#define ASCSIM_DEVICE_AUTOSYNCLOG_H

#include "support/Isa.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ascsim {

class AutoSyncLog {
public:
  struct Range {
    Mem mem;
    uint64_t start, end;
    bool write;
  };
  static constexpr size_t kMaxRanges = 64;

  static constexpr size_t kPending = 64;

  /// Notes that the pipe touched [start, end) of `m` (end > start).
  void note(Mem m, uint64_t start, uint64_t end, bool write) {
    if (pendingCount_ == kPending)
      apply();
    pending_[pendingCount_++] = {m, start, end, write};
  }

  /// Whether an access to [start, end) of `m` depends on a noted range.
  bool dependent(Mem m, uint64_t start, uint64_t end, bool write) {
    apply();
    for (const Range &r : ranges_)
      if (r.mem == m && r.start < end && start < r.end && (write || r.write))
        return true;
    return false;
  }

  void clear() {
    pendingCount_ = 0;
    ranges_.clear();
    union_.clear();
  }
  const std::vector<Range> &ranges() {
    apply();
    return ranges_;
  }

private:
  [[gnu::noinline]] void apply() {
    for (size_t i = 0; i < pendingCount_; ++i) {
      const Range &n = pending_[i];
      add(n.mem, n.start, n.end, n.write);
    }
    pendingCount_ = 0;
  }

  void add(Mem m, uint64_t start, uint64_t end, bool write) {
    if (insideUnion(m, start, end))
      for (Range &r : ranges_)
        if (r.mem == m && r.start <= start && end <= r.end) {
          r.write |= write;
          return;
        }
    if (ranges_.size() >= kMaxRanges) {
      fold(m, start, end, write);
      return;
    }
    if (ranges_.capacity() == 0)   // a Core is fresh for every block: one
      ranges_.reserve(kMaxRanges); // allocation, not one per doubling
    ranges_.push_back({m, start, end, write});
    addToUnion(m, start, end);
  }

  struct Interval {
    Mem mem;
    uint64_t start, end;
  };

  bool insideUnion(Mem m, uint64_t start, uint64_t end) const {
    for (const Interval &u : union_)
      if (u.mem == m && u.start <= start && end <= u.end)
        return true;
    return false;
  }

  /// Adds [start, end) to the union of `m`'s ranges: the interval it
  /// overlaps or touches grows (a stream's next tile: one compare per
  /// interval and a store), and any other interval the grown one now
  /// touches is merged into it; else a new interval. (The intervals are
  /// disjoint and do not touch, so an interval the range does not touch
  /// touches the grown one only if it touches the old one: never.)
  void addToUnion(Mem m, uint64_t start, uint64_t end) {
    constexpr size_t kNone = SIZE_MAX;
    size_t hit = kNone;
    for (size_t i = 0; i < union_.size(); ++i) {
      Interval &u = union_[i];
      if (u.mem != m || u.end < start || end < u.start)
        continue;
      start = std::min(start, u.start);
      end = std::max(end, u.end);
      if (hit == kNone) {
        hit = i;
        u.start = start;
        u.end = end;
        continue;
      }
      union_[hit].start = start;
      union_[hit].end = end;
      union_[i] = union_.back(); // order is not kept: the union is a set
      union_.pop_back();
      --i;
    }
    if (hit == kNone) {
      if (union_.capacity() == 0)
        union_.reserve(8);
      union_.push_back({m, start, end});
    }
  }

  /// Bounded: `m`'s ranges and the new one become their hull, after the
  /// other memories' ranges (kept in order); `m`'s union is the hull.
  void fold(Mem m, uint64_t start, uint64_t end, bool write) {
    Range hull{m, start, end, write};
    size_t kept = 0;
    for (const Range &r : ranges_) {
      if (r.mem != m) {
        ranges_[kept++] = r;
        continue;
      }
      hull.start = std::min(hull.start, r.start);
      hull.end = std::max(hull.end, r.end);
      hull.write |= r.write;
    }
    ranges_.resize(kept);
    ranges_.push_back(hull);
    kept = 0;
    for (const Interval &u : union_)
      if (u.mem != m)
        union_[kept++] = u;
    union_.resize(kept);
    union_.push_back({m, hull.start, hull.end});
  }

  std::vector<Range> ranges_;
  std::vector<Interval> union_;
  size_t pendingCount_ = 0;
  std::array<Range, kPending> pending_; // [0, pendingCount_) are set
};

} // namespace ascsim

#endif // ASCSIM_DEVICE_AUTOSYNCLOG_H
