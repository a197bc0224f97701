//===- race/Race.h - Happens-before race detector ---------------*- C++ -*-===//
//
// Finds pairs of memory accesses that no synchronisation orders (hardware.md
// §3.7, §10.3). Happens-before edges inside a core:
//  - issue order: an instruction knows everything the scalar unit knew when
//    it issued it (the scalar is in order);
//  - set_flag -> wait_flag: a set carries its pipe's knowledge plus the
//    completion of every earlier instruction of that pipe; the wait merges it;
//  - pipe_barrier(p): later instructions of p know all earlier ones of p;
//    PIPE_ALL: the scalar knows everything;
//  - in-pipe order only where documented: the scalar unit and PIPE_V (where
//    the compiler inserts PIPE_V barriers) are in order; MTE2 and MTE3
//    instructions may overlap, so two DataCopy with overlapping destinations
//    need a barrier (hardware.md §3.3, §5.1).
// Accesses are checked FastTrack-style against per-byte-range shadow state
// (last plain write, last read per pipe and last atomic store since it) held
// in sorted segment vectors, so the cost is per distinct buffer range, not per
// byte. Atomic stores (SetAtomicAdd/Max/Min) are writes that commute with
// atomic stores of the same class (operation and element type): two of them
// never race, an atomic store and any other access with a write do.
// The access records the shadow refers to (one per instruction: what a
// range did is told by the shadow slot referring to it) live in a log that
// is compacted when it doubles, so memory stays proportional to the distinct
// ranges, not to the number of accesses.
// GM accesses are also summarised per block for the cross-core check at the
// end of a launch (one range per access site, merged while they overlap or
// touch): blocks of one launch are never ordered with each other, so
// overlapping GM accesses from two blocks with a write among them are a race.
//
// The detector exists only when race checks are on (no clocks otherwise).
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_RACE_RACE_H
#define ASCSIM_RACE_RACE_H

#include "ascsim/runtime.h"
#include "clock/Clock.h"
#include "memory/Memory.h"
#include "support/Fifo.h"
#include "support/Isa.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <initializer_list>
#include <map>
#include <new>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace ascsim {

/// One contiguous byte range an instruction reads or writes. UB and L1
/// addresses are byte offsets in the core's Unified Buffer / L1, GM
/// addresses host addresses.
struct ByteRange {
  Mem mem = Mem::UB;
  uint64_t start = 0;
  uint64_t end = 0;
  /// Set for an atomic store too (the detector takes `write` as "writes").
  bool write = false;
  /// An atomic store's class (atomicClass(); `write` set), 0 for a plain
  /// access.
  uint8_t atomic = 0;
  /// The range is the first of `rows` rows [start + i * stride,
  /// end + i * stride) (a strided copy's GM rows, a LoadData's L1 fractals
  /// as one record, which the detector checks as it checks the rows listed
  /// one by one: one record to build and queue instead of a range per row,
  /// and a footprint that stays inline). 1: the range itself.
  uint16_t rows = 1;
  uint32_t stride = 0;
};
static_assert(sizeof(ByteRange) == 32, "a footprint range stays 32 bytes");
static_assert(std::is_trivially_copyable_v<ByteRange>,
              "a footprint copies its inline ranges as bytes");

/// The class of an atomic store: its accumulation (1 add, 2 max, 3 min: the
/// values of AtomicKind) and element type. Atomic stores of one class commute.
inline uint8_t atomicClass(uint8_t kind, DType type) {
  return static_cast<uint8_t>(kind << 5 | static_cast<uint8_t>(type));
}
/// "atomic add float32" for a class.
std::string atomicName(uint8_t atomicClass);

/// Everything an instruction touches (a list: strided and masked forms have
/// several ranges per operand). A vector with inline room for the common
/// case (up to kInline ranges: no allocation per instruction).
class Footprint {
public:
  static constexpr size_t kInline = 4;

  Footprint() = default;
  Footprint(std::initializer_list<ByteRange> ranges) {
    for (const ByteRange &r : ranges)
      push_back(r);
  }
  // Copies move the inline storage as one fixed-size block, nothing when
  // empty, and no heap storage unless spilled (an Instr moves through the
  // pipe queue; its footprint is the largest part of it).
  Footprint(const Footprint &o)
      : heap_(o.heap_), size_(o.size_), shape_(o.shape_) {
    copyInline(o);
  }
  Footprint(Footprint &&o) noexcept
      : heap_(std::move(o.heap_)), size_(o.size_), shape_(o.shape_) {
    copyInline(o);
    o.size_ = 0;
    o.shape_ = 0;
  }
  Footprint &operator=(const Footprint &o) {
    if (this != &o) {
      if (!heap_.empty() || !o.heap_.empty()) // (a spilled one only)
        heap_ = o.heap_;
      size_ = o.size_;
      shape_ = o.shape_;
      copyInline(o);
    }
    return *this;
  }
  Footprint &operator=(Footprint &&o) noexcept {
    if (this != &o) {
      heap_ = std::move(o.heap_);
      size_ = o.size_;
      shape_ = o.shape_;
      copyInline(o);
      o.size_ = 0;
      o.shape_ = 0;
    }
    return *this;
  }

  /// Whether the detector may check the footprint in one pass
  /// (RaceDetector::accessPlain): at most kInline ranges, each plain
  /// (rows 1) and not in L1, reads before writes, no two GM ranges
  /// adjacent. Kept up to date as ranges are added (no scan per access).
  bool plain() const { return (shape_ & kNotPlain) == 0; }

  void push_back(const ByteRange &r) {
    noteShape(r.mem, r.write);
    if (r.rows != 1)
      shape_ |= kNotPlain;
    if (size_ < kInline) {
      new (inlineData() + size_) ByteRange(r);
      ++size_;
      return;
    }
    if (size_ == kInline)
      heap_.assign(inlineData(), inlineData() + kInline);
    heap_.push_back(r);
    ++size_;
    shape_ |= kNotPlain;
  }
  /// Constructs the range in place (a ByteRange built by the caller and
  /// copied in stalls on store forwarding).
  void emplace_back(Mem mem, uint64_t start, uint64_t end, bool write,
                    uint8_t atomic = 0) {
    if (size_ < kInline) {
      noteShape(mem, write);
      new (inlineData() + size_) ByteRange{mem, start, end, write, atomic};
      ++size_;
      return;
    }
    push_back(ByteRange{mem, start, end, write, atomic});
  }
  /// An empty footprint given two plain ranges at once (a copy's source
  /// and destination): what two emplace_back calls make, without the
  /// per-range size and shape bookkeeping through memory (where this is
  /// inlined with the memories and directions known, the shape is a
  /// constant).
  void assignPair(Mem m0, uint64_t s0, uint64_t e0, bool w0, Mem m1,
                  uint64_t s1, uint64_t e1, bool w1) {
    shape_ = 0; // what an empty one has: the compiler folds the shape
    noteShape(m0, w0);
    noteShape(m1, w1);
    new (inlineData()) ByteRange{m0, s0, e0, w0, 0};
    new (inlineData() + 1) ByteRange{m1, s1, e1, w1, 0};
    size_ = 2;
  }
  /// `count` rows [start + i * stride, end + i * stride) of equal length
  /// (stride >= end - start when count > 1) as few records as their count
  /// and stride fit (ByteRange::rows).
  void emplace_rows(Mem mem, uint64_t start, uint64_t end, uint64_t stride,
                    uint64_t count, bool write, uint8_t atomic = 0) {
    if (count > 1 && stride > UINT32_MAX) { // too far apart for a record
      for (uint64_t i = 0; i < count; ++i)
        emplace_back(mem, start + i * stride, end + i * stride, write, atomic);
      return;
    }
    while (count > 0) {
      const uint64_t n = std::min<uint64_t>(count, UINT16_MAX);
      emplace_back(mem, start, end, write, atomic);
      ByteRange &r = data()[size_ - 1];
      r.rows = static_cast<uint16_t>(n);
      r.stride = n > 1 ? static_cast<uint32_t>(stride) : 0;
      if (n > 1)
        shape_ |= kNotPlain;
      start += n * stride;
      end += n * stride;
      count -= n;
    }
  }
  void clear() {
    size_ = 0;
    shape_ = 0;
    heap_.clear();
  }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Read-only: plain() summarises the ranges as they were added.
  const ByteRange *begin() const { return data(); }
  /// begin() when plain() (its ranges are inline).
  const ByteRange *plainBegin() const { return inlineData(); }
  const ByteRange *end() const { return data() + size_; }
  const ByteRange &operator[](size_t i) const { return data()[i]; }
  const ByteRange &back() const { return data()[size_ - 1]; }

private:
  static constexpr uint8_t kWrote = 1, kLastGm = 2, kNotPlain = 4;
  void noteShape(Mem mem, bool write) {
    const bool gm = mem == Mem::GM;
    uint8_t f = shape_;
    if (mem == Mem::L1 || (!write && (f & kWrote)) || (gm && (f & kLastGm)))
      f |= kNotPlain;
    f = static_cast<uint8_t>((f & ~kLastGm) | (gm ? kLastGm : 0) |
                             (write ? kWrote : 0));
    shape_ = f;
  }
  ByteRange *inlineData() { return reinterpret_cast<ByteRange *>(raw_); }
  const ByteRange *inlineData() const {
    return reinterpret_cast<const ByteRange *>(raw_);
  }
  const ByteRange *data() const {
    return size_ > kInline ? heap_.data() : inlineData();
  }
  ByteRange *data() { return size_ > kInline ? heap_.data() : inlineData(); }
  void copyInline(const Footprint &o) {
    // The whole inline storage, used or not (bytes: ByteRange is trivially
    // copyable): a fixed-size copy of a few vector moves, no loop per range.
    // (An empty footprint, races off, copies nothing.)
    if (size_ - 1 < kInline)
      std::memcpy(raw_, o.raw_, sizeof(raw_));
  }

  // Up to kInline ranges live here (uninitialised beyond size_); beyond
  // that, all ranges are in heap_.
  alignas(ByteRange) unsigned char raw_[kInline * sizeof(ByteRange)];
  std::vector<ByteRange> heap_;
  size_t size_ = 0;
  uint8_t shape_ = 0; // kWrote | kLastGm | kNotPlain
};

/// GM bytes one access site (pipe, op, line, kind of access) of a block
/// touched, kept for the cross-core check.
struct GmAccess {
  uint64_t start = 0;
  uint64_t end = 0;
  bool write = false;
  uint8_t atomic = 0; // atomicClass(), 0 for a plain access
  Pipe pipe = Pipe::S;
  const char *op = "";
  Loc loc{nullptr, 0};
  /// The core (its id in the launch's cross-core domain) and its epoch:
  /// the number of inter-block sync points (ib_set, ib_wait, software
  /// sync_all, ...) it had passed; the launch orders accesses of different
  /// cores by the clocks of their epochs (crossCoreRaces).
  uint32_t core = 0;
  uint32_t epoch = 0;
  /// A strided summary item (RaceDetector::takeGmAccesses): the rows
  /// [start + i * stride, end + i * stride), i < count, of one site (a
  /// matmul's B column or C tile as one item instead of a range per row).
  /// count 1 (stride unused): the range [start, end).
  uint64_t stride = 0;
  uint32_t count = 1;

  /// One past the last byte of the last row.
  uint64_t last() const { return end + (count - 1) * stride; }

  bool sameSite(const GmAccess &o) const {
    return write == o.write && atomic == o.atomic && pipe == o.pipe &&
           op == o.op && loc.file == o.loc.file && loc.line == o.loc.line &&
           epoch == o.epoch;
  }
};

/// What the detector is told of an instruction besides its pipe and
/// footprint: its user-facing API name, source line and program-order
/// number. The engine's Instr is one (it derives from it): a call hands
/// over one pointer, and a repeated launch compares it with its record as
/// one 32-byte block (RaceDetector::sameAsMemo).
struct AccessSite {
  uint64_t seq = 0;    // program order
  Loc loc{nullptr, 0}; // (4 padding bytes after the line)
  const char *name = "";
};
static_assert(sizeof(AccessSite) == 32 && offsetof(AccessSite, name) == 24,
              "an access site is seq, file, line, 4 padding bytes, name");

/// How much the race detector of one core held at most (the bounded-state
/// test, sim/test/RaceShadowTest.cpp).
struct RaceStats {
  /// Access records (the log the shadow state refers to).
  uint64_t logPeak = 0;
  /// Shadow segments of all memories.
  uint64_t segmentPeak = 0;
  /// GM summary ranges kept for the cross-core check.
  uint64_t gmPeak = 0;
  /// GM reads waiting in one bucket for its first write (after compaction).
  uint64_t deferredPeak = 0;
};

static_assert(std::is_trivially_destructible_v<VectorClock> &&
                  std::is_trivially_copyable_v<VectorClock>,
              "published flag clocks live in raw storage");

class RaceDetector {
public:
  RaceDetector(Severity severity, const GmMap &gm);
  ~RaceDetector();
  RaceDetector(const RaceDetector &) = delete;
  RaceDetector &operator=(const RaceDetector &) = delete;
  /// Error: races raise; Warning: they are reported only.
  Severity severity() const { return severity_; }

  /// Instruction start in pipe p: merge the scalar's knowledge at issue.
  /// (Skipped when the pipe merged this value of the scalar's clock
  /// already, told by its generation: the scalar's knowledge rarely
  /// changes between two issues, and a join is idempotent.)
  [[gnu::always_inline]] void merge(Pipe p, const VectorClock &issue) {
    uint32_t &last = mergedGen_[idx(p)];
    if (issue.generation() == last)
      return;
    clocks_[idx(p)].join(issue);
    last = issue.generation();
    if (p == Pipe::S)
      scalarChanged();
  }
  /// A memory-touching instruction `s` of pipe p: checked, or compared
  /// with the record of a repeated launch (Memo; the one test inline: no
  /// call between the engine and either path).
  void access(Pipe p, const AccessSite &s, const Footprint &fp) {
    if (memoNext_ != memoEnd_)
      accessMatched(p, s, fp);
    else
      accessLive(p, s, fp);
  }
  /// The same for an access built in place (the scalar's, tests).
  void access(Pipe p, const Footprint &fp, const char *op, Loc loc,
              uint64_t seq) {
    access(p, AccessSite{seq, loc, op}, fp);
  }
  /// The knowledge a set_flag executing now in pipe p carries: p's clock
  /// plus the completion of every earlier instruction of p.
  /// (Written into `out`: a clock returned by value and copied stalled on
  /// store forwarding.)
  void flagClock(Pipe p, VectorClock &out) const {
    out = clocks_[idx(p)];
    out[idx(p)] = pending_[idx(p)];
  }
  /// The flag becomes set (at its fire time) carrying `c`.
  void publishFlag(uint8_t event, uint8_t id, const VectorClock &c) {
    const unsigned f = event * kNumEventIds + id;
    new (flagClocks_ + f * sizeof(VectorClock)) VectorClock(c);
    flagSet_[f >> 6] |= uint64_t(1) << (f & 63);
  }
  [[gnu::always_inline]] void waitFlag(Pipe p, uint8_t event, uint8_t id) {
    const unsigned f = event * kNumEventIds + id;
    if (flagSet_[f >> 6] >> (f & 63) & 1) {
      clocks_[idx(p)].join(publishedClock(f));
      if (p == Pipe::S)
        scalarChanged();
    }
  }
  /// A unit-flag edge (sim/CUBE.md "UnitFlag"): pipe p (M or FIX) now
  /// knows `c`, the flagClock of the toggle it waited for.
  void joinClock(Pipe p, const VectorClock &c) { clocks_[idx(p)].join(c); }
  /// pipe_barrier(p) (also the completion semantics of PIPE_V barriers).
  void barrier(Pipe p);
  /// pipe_barrier(PIPE_ALL) / a drain: the scalar knows everything.
  void drainAll();
  /// The scalar waited for every issued instruction of `p` (auto_sync's
  /// SetFlag/WaitFlag<p_S>).
  void pipeToScalar(Pipe p);
  const VectorClock &clock(Pipe p) const { return clocks_[idx(p)]; }

  /// Explains a race on [start, end) of `mem` between pipes `earlier` and
  /// `later` from what else the core knows (e.g. the TQue the bytes belong
  /// to); an empty message adds nothing.
  using Hint = std::function<Note(Mem mem, uint64_t start, uint64_t end,
                                  Pipe earlier, Pipe later)>;
  void setHint(Hint hint) { hint_ = std::move(hint); }
  /// GM accesses from now on belong to `core`'s inter-block epoch `epoch`
  /// (the core passed an inter-block sync point; its pipes are drained).
  void setGmEpoch(uint32_t core, uint32_t epoch) {
    gmCore_ = core;
    gmEpoch_ = epoch;
  }
  /// The epoch of the GM accesses of the instruction about to start (its
  /// core's epoch when it was issued: instructions start after later sync
  /// points may have begun new epochs).
  void setAccessEpoch(uint32_t epoch) { gmEpoch_ = epoch; }
  /// A cross-core release (a CrossCoreSetFlag firing in a pipe, a Matmul
  /// message) knowing `knows` (flagClock of its pipe): the number E of this
  /// core's epochs whose GM accesses in pipe `p` all happen before it
  /// (every access of pipe p in epochs < E is known to `knows`), at most
  /// `cap`. A set orders only the pipes ordered before its own.
  uint32_t gmEpochsKnown(int p, const VectorClock &knows, uint32_t cap) const {
    for (const auto &[epoch, last] : gmLast_[p])
      if (last > knows[p])
        return std::min(cap, epoch);
    return cap;
  }
  /// Forgets the epoch records the scalar has seen complete (any release
  /// issued from now on knows them); call with no cross-core set pending.
  void pruneGmEpochs() {
    for (int p = 0; p < kNumPipes; ++p)
      while (!gmLast_[p].empty() &&
             gmLast_[p].front().second <= clocks_[idx(Pipe::S)][p])
        gmLast_[p].pop_front();
  }

  /// Keeps no GM summary (a launch of one block has no cross-core check:
  /// gmAccesses() stays empty) and no GM epoch record (gmEpochsKnown then
  /// says every epoch is known: no other core's access to order).
  void skipGmSummary() { setGmSummary(false); }
  /// Compares this detector's accesses with the record the last clean
  /// detector on this thread left, or records them for the next one
  /// (Memo; call before the first access). For a launch of one core: the
  /// cores of a larger one run one after another on a thread, each would
  /// be compared with another core's record.
  void useMemo();

  std::vector<Diagnostic> takeDiagnostics();
  /// This block's GM summary, site by site: per access site, its merged
  /// ranges (count 1) and then its strided row groups (count > 1), which
  /// may overlap each other and the ranges (expandGmSummary() turns them
  /// into the union).
  std::vector<GmAccess> gmSummary() const;
  /// The same bytes as the union row by row: per access site, sorted,
  /// disjoint, non-touching ranges (tests).
  std::vector<GmAccess> gmAccesses() const;
  /// gmSummary(), and forgets it (the cross-core check's input).
  std::vector<GmAccess> takeGmAccesses();
  RaceStats stats() const;
  // The testing hooks below change how the state is kept: a detector they
  // touch runs live from then on and leaves no record (memoOff()).
  /// Tests: compact the log whenever it reaches `entries` (at least 1).
  void setLogLimitForTesting(size_t entries) {
    memoOff();
    minLogLimit_ = logLimit_ = entries;
  }
  /// Tests: check an instruction's L1 ranges one by one (as before the
  /// per-slot pass; the reports must be the same).
  void setL1RunsForTesting(bool grouped) {
    memoOff();
    groupL1_ = grouped;
  }
  /// Tests: check the GM rows of a group in a written bucket row by row
  /// (as before the per-bucket pass; the reports must be the same).
  void setGmRunsForTesting(bool grouped) {
    memoOff();
    groupGm_ = grouped;
  }
  /// Tests: check every footprint on the general path (no accessPlain):
  /// the reports must be the same.
  void setPlainPathForTesting(bool plain) {
    memoOff();
    plainPath_ = plain;
  }
  /// Tests: how many GM addresses missed the bucket cache (gmBucketSlow)
  /// (a matched launch's as if it had run live).
  uint64_t gmBucketSearchesForTesting() const {
    settle();
    return gmSearches_;
  }
  /// Tests: how many buckets the cache holds before its first empty entry.
  unsigned gmCachedFirstForTesting() const {
    settle();
    unsigned k = 0;
    while (k < gmCache_.size() && gmCache_[k].bucket)
      ++k;
    return k;
  }
  /// Tests: GM in 64-KiB buckets of the whole address space, not cut at
  /// the regions (call before the first access): the reports must be the
  /// same.
  void setGmUncutForTesting() {
    memoOff();
    gmCuts_.clear();
    forgetGmKeys();
  }
  /// Tests: keep every L1 slot split into segments (no whole-slot state):
  /// the reports must be the same.
  void setL1WholeSlotsForTesting(bool whole) {
    memoOff();
    wholeSlots_ = whole;
  }
  /// Tests: whether the accesses so far were matched against the last
  /// clean detector's record (none of them checked yet).
  bool matchingForTesting() const { return memoMode_ == MemoMode::Match; }

private:
  /// One instruction's access record (one per instruction, whatever its
  /// ranges: what a range does, read, write or atomic store, is in the
  /// shadow slot that refers to it and in cur* while it is checked).
  struct Entry {
    Pipe pipe;
    uint32_t stamp;
    const char *op;
    Loc loc;
    uint64_t seq; // program order

    Entry() = default;
    /// Built in place (log_.emplace_back(...): no zero fill first).
    Entry(Pipe pipe, uint32_t stamp, const char *op, Loc loc, uint64_t seq)
        : pipe(pipe), stamp(stamp), op(op), loc(loc), seq(seq) {}
  };
  /// One side of a racing pair as reported: the instruction, what it did
  /// and the bytes both accesses touched.
  struct Side {
    Pipe pipe;
    uint32_t stamp;
    bool write;
    uint8_t atomic; // atomicClass(), 0 for a plain access
    Mem mem;
    uint64_t start, end;
    const char *op;
    Loc loc;
    uint64_t seq;
  };
  /// Shadow state of the bytes [start, end): the last plain write, the last
  /// read per pipe since it and the last atomic store since it (atomic
  /// stores come from one pipe, MTE3) (indices into log_, -1 = none).
  struct Seg {
    uint64_t start = 0;
    uint64_t end = 0;
    int32_t w = -1;
    int32_t a = -1;
    std::array<int32_t, kNumPipes> r;
    /// Bit q set: r[q] >= 0 (a write checks only the pipes that read).
    uint8_t reads = 0;
    /// The class of the atomic store `a` (0 when a < 0): an instruction
    /// may store with several classes, and its entry does not say which.
    uint8_t aClass = 0;
    /// To 64 bytes: a shadow's size and index are shifts, not divisions
    /// by 56.
    uint8_t pad[10] = {};
    Seg() { r.fill(-1); }
    /// A fresh segment (no access yet) over [s, e): a gap an access fills.
    Seg(uint64_t s, uint64_t e) : Seg() {
      start = s;
      end = e;
    }
    bool sameState(const Seg &o) const {
      if (w != o.w || a != o.a || aClass != o.aClass)
        return false;
      for (int p = 0; p < kNumPipes; ++p) // not operator== (a memcmp call)
        if (r[p] != o.r[p])
          return false;
      return true;
    }
  };
  static_assert(sizeof(Seg) == 64, "a segment is 64 bytes");
  /// Segments sorted by address, disjoint (gaps = never accessed). A flat
  /// vector: kernels touch few distinct ranges per memory, and an update
  /// replaces the affected run in one splice.
  using Shadow = std::vector<Seg>;

  static int idx(Pipe p) { return static_cast<int>(p); }
  /// Checks and updates the bytes [start, end) of the access `entry` (a
  /// part of its range) in one shadow.
  void check(Shadow &sh, int32_t entry, const VectorClock &knows,
             uint64_t start, uint64_t end);
  /// check() with the run [lo, hi) of `sh`'s segments overlapping
  /// [start, end) found; returns the index of the segment holding
  /// [start, end) after the update when the access was one exact cover
  /// or fresh bytes (the next lookup's hint), else SIZE_MAX.
  size_t checkRun(Shadow &sh, size_t lo, size_t hi, int32_t entry,
                  const VectorClock &knows, uint64_t start, uint64_t end);
  /// checkRun()'s path for an access covering exactly the segment sh[i]
  /// (inline at the callers: a buffer accessed again); returns the index
  /// of the segment holding its bytes afterwards.
  size_t checkCover(Shadow &sh, size_t i, int32_t entry,
                    const VectorClock &knows);
  /// check()'s path for bytes past the last segment (a stream of tiles):
  /// a new segment, merged into the last one when it touches it in equal
  /// state; returns the index of the segment holding the bytes.
  size_t appendFresh(Shadow &sh, int32_t entry, const VectorClock &knows,
                     uint64_t start, uint64_t end);
  /// check() on the Unified Buffer, trying first the segment a hint slot
  /// (by start address) remembers: a buffer accessed again is found
  /// without a search.
  void checkUb(int32_t entry, const VectorClock &knows, uint64_t start,
               uint64_t end);
  std::array<uint32_t, 16> ubHint_{};
  /// The entry of the last access checkUb() checked with a read ([0]) and
  /// with a write or atomic store ([1]) (every UB shadow update goes
  /// through it): a UB segment can refer to the current instruction in a
  /// read slot (r) only if [0] is its entry, in a write slot (w, a) only if
  /// [1] is.
  std::array<int32_t, 2> ubEntry_{-1, -1};
  /// access() for a footprint of plain ranges (rows 1) of UB, GM and the
  /// cube buffers, reads before writes, no two GM ranges adjacent (no row
  /// group) and no L1 (no slot grouping): one pass over the ranges, all of
  /// them for the instruction's entry `e`. The reports are those of the
  /// general path. Returns whether it touched GM.
  bool accessPlain(Pipe p, int32_t e, const Footprint &fp);
  /// access() for any footprint: reads then writes, row groups, L1 slot
  /// groups. Returns whether it touched GM.
  bool accessGeneral(Pipe p, int32_t e, const Footprint &fp);
  /// access() checking the call (its pipe's clock as it is now): what
  /// access() was before the memo, after memoBefore's replay and record
  /// when a record is in use. The replay calls it with the recorded clocks.
  void accessLive(Pipe p, const AccessSite &s, const Footprint &fp);
  /// access() with a record to compare with: the call matched (the clocks
  /// moved on, nothing checked), else accessLive().
  void accessMatched(Pipe p, const AccessSite &s, const Footprint &fp);
  /// accessLive()'s part with a record in use: the matched prefix replayed
  /// at a difference, the call recorded (returns whether it was).
  [[gnu::noinline]] bool memoBefore(Pipe p, const AccessSite &s,
                                    const Footprint &fp);
  /// Records the stamp of pipe pi's last GM access in the current epoch
  /// (a matched call's, as accessLive() does).
  void noteGmEpoch(int pi, uint32_t stamp);

  /// The memo of a repeated launch. A detector's reports and outputs are a
  /// function of its access() calls, each with its pipe's clock at the
  /// call, gmCore_, gmEpoch_ and gmSummary_ (the clocks themselves are kept
  /// live: the engine reads them). A detector that made no report records
  /// them (its end outputs too) and gives the record to the next detector
  /// on its thread, which compares each call with it instead of checking
  /// it: while they are equal the state would be the recorded launch's. At
  /// the first difference (or when an output of a prefix is asked for) the
  /// recorded prefix is replayed into the shadow state (replayMemo) and the
  /// detector goes on live, recording again.
  struct MemoCall {
    VectorClock known; // the pipe's clock at the call (not its generation)
    AccessSite site;   // compared as two 16-byte blocks
    /// The range count | pipe << 32 | gmSummary_ << 40 (memoKey): one
    /// compare. (A footprint has fewer than 2^32 ranges: 128 GiB.)
    uint64_t key;
    uint64_t where; // gmCore_ | gmEpoch_ << 32
    uint32_t first; // its ranges: Memo::ranges[first, first + ranges())
    /// It touched GM with a summary kept (noteGmEpoch).
    bool gmEpochRecord;
    Pipe pipe() const { return static_cast<Pipe>(key >> 32 & 0xff); }
    uint32_t ranges() const { return static_cast<uint32_t>(key); }
  };
  uint64_t memoKey(Pipe p, size_t ranges) const {
    return ranges | memoKeys_[idx(p)];
  }
  /// memoKey()'s bits above the range count, by pipe (gmSummary_ changes them:
  /// set together, setGmSummary). One load a compare instead of two shifts.
  std::array<uint64_t, kNumPipes> memoKeys_ = keysFor(true);
  static std::array<uint64_t, kNumPipes> keysFor(bool summary) {
    std::array<uint64_t, kNumPipes> keys{};
    for (int p = 0; p < kNumPipes; ++p)
      keys[p] = static_cast<uint64_t>(p) << 32 | static_cast<uint64_t>(summary)
                                                     << 40;
    return keys;
  }
  void setGmSummary(bool summary) {
    gmSummary_ = summary;
    memoKeys_ = keysFor(summary);
  }
  uint64_t memoWhere() const {
    return gmCore_ | static_cast<uint64_t>(gmEpoch_) << 32;
  }
  /// Calls and ranges a record holds at most (a larger launch runs live:
  /// the record's copies would cost without a launch small enough to gain).
  static constexpr size_t kMemoMaxCalls = 2048, kMemoMaxRanges = 8192;
  struct Memo {
    std::vector<MemoCall> calls;
    std::vector<ByteRange> ranges;
    /// The GM regions (gmRegions_) it was recorded for: its cuts.
    std::vector<uint64_t> regions;
    /// The outputs after the last call: the GM summary (as taken, when it
    /// was taken after the last call) and the stats.
    std::vector<GmAccess> summary;
    bool summaryTaken = false;
    RaceStats stats;
    /// A whole record of a detector that made no report.
    bool valid = false;
    void clear() {
      calls.clear();
      ranges.clear();
      summary.clear();
      summaryTaken = false;
      stats = RaceStats{};
      valid = false;
    }
  };
  enum class MemoMode : uint8_t {
    Match,  // comparing calls with the record taken (memoNext_)
    Record, // live, recording
    Off     // live, no record (too large, testing hooks, ...)
  };
  /// The thread's record (Spare::memo) when this detector took it, else
  /// ownMemo_ (a detector made while another lives: its record is dropped).
  Memo *memo_ = nullptr; // none until useMemo()
  Memo ownMemo_;
  MemoMode memoMode_ = MemoMode::Off;
  /// Match: the record's next call and its end (both null in the other
  /// modes: access() tests one pointer pair).
  const MemoCall *memoNext_ = nullptr, *memoEnd_ = nullptr;
  const ByteRange *memoRanges_ = nullptr; // Match: the record's ranges
  /// Match: the recorded summary was taken (takeGmAccesses) by this one.
  bool memoTaken_ = false;
  /// Whether the call matches the record's next call.
  bool sameAsMemo(const MemoCall &c, Pipe p, const AccessSite &s,
                  const Footprint &fp) const;
  /// Records a live call (Record mode); false when the record is full
  /// (the detector then records nothing more).
  bool recordCall(Pipe p, const AccessSite &s, const Footprint &fp);
  /// Match -> Record: the matched prefix replayed into the shadow state,
  /// the record cut to it.
  void replayMemo();
  /// The live state for a const output (a matched prefix replayed). The
  /// detector is never a const object: the replay changes no output.
  void settle() const {
    if (memoMode_ == MemoMode::Match)
      const_cast<RaceDetector *>(this)->replayMemo();
  }
  /// Live from now on and no record left (the state replayed first).
  void memoOff() {
    settle();
    memoMode_ = MemoMode::Off;
    if (!memo_)
      memo_ = &ownMemo_; // (useMemo() does nothing then)
  }
  static std::pair<size_t, size_t> overlapRun(const Shadow &sh, uint64_t start,
                                              uint64_t end);
  /// check() for the ranges rs[0..n) at once: ascending, disjoint, all in
  /// `sh` (one bucket's share of a LoadData's fractals). The same shadow
  /// and the same reports in the same order as one check() per range, with
  /// one replacement run and one splice.
  void checkRuns(Shadow &sh, int32_t entry, const VectorClock &knows,
                 const ByteRange *rs, size_t n);
  /// Coalesces scratch_ (the replacement of the segments [lo, hi) of `sh`)
  /// with itself and its neighbours and splices it in.
  void spliceRun(Shadow &sh, size_t lo, size_t hi);
  /// Merges the touching neighbours of equal state among v[from, to)
  /// (non-empty) in place, in address order; returns the end of the
  /// segments kept (v[kept, to) is left over).
  static size_t coalesce(Shadow &v, size_t from, size_t to);
  /// Checks a piece of the current access against its shadow state and
  /// updates it (check()'s core).
  void updatePiece(Seg &piece, int32_t entry, const VectorClock &knows);
  /// GM and L1 shadows are split into buckets, each its own sorted
  /// vector: kernels with many scattered ranges (a matmul's strided rows
  /// and fractals) would otherwise insert into the middle of one long
  /// vector. An access is checked bucket by bucket (the same per-byte
  /// state; a race seen in two buckets is reported once).
  /// A plain read whose shadow update waits (see Bucket): `count` rows
  /// [start + i * stride, end + i * stride) of one instruction (a strided
  /// access's rows that fall into one bucket: one record, not one per row).
  struct Deferred {
    uint64_t start, end;
    uint64_t stride;
    uint32_t count;
    int32_t entry;
    /// The entry's stamp and pipe, kept here for the sorts (no lookup in
    /// the log per comparison).
    uint32_t stamp;
    Pipe pipe;
  };
  struct Bucket {
    Shadow sh;
    /// GM only: plain reads not yet applied to `sh`. Until a write or an
    /// atomic store touches the bucket, a read cannot race and only the
    /// last read per pipe and byte matters later, so its update (a splice
    /// per strided row of a matmul's A and B) waits for the first write;
    /// the list is compacted to one entry per range and pipe as it grows.
    std::vector<Deferred> reads;
    size_t readsLimit = kMinDeferred;
    bool written = false;
  };
  static constexpr size_t kMinDeferred = 256;
  static constexpr size_t kMaxDeferred = 1 << 16;
  /// Buckets by number, and the one found last (a strided access's rows
  /// fall into one bucket after another: most lookups hit it). The buckets
  /// live in `store` in creation order ([0, used) in use; the rest are
  /// empty buckets with their storage, left by an earlier detector on this
  /// thread: a launch's buckets are not allocated again in every core),
  /// found by key through `index` (sorted by key). A Bucket & stays valid
  /// until the next bucket is created.
  struct Buckets {
    std::vector<Bucket> store;
    size_t used = 0;
    std::vector<std::pair<uint64_t, uint32_t>> index; // (key, store index)
    uint64_t lastKey = ~uint64_t(0);
    uint32_t last = 0;
  };
  struct CachedBucket {
    uint64_t lo = 0, hi = 0; // empty: matches no address
    Bucket *bucket = nullptr;
  };
  /// The storage a detector leaves to the next one on its thread (the
  /// cores of a launch run one after another on a thread): the log, the
  /// UB shadow, the GM buckets (emptied), the cuts. When `keyed` and
  /// `regions` (the GM regions the cuts were made for: start and end of
  /// each, in the GmMap's order) are the next detector's, it keeps the
  /// buckets' keys (empty buckets) and their cache as well: a repeated
  /// launch finds its buffers' buckets without a search (gmBucketSlow,
  /// bucket).
  struct Spare {
    std::vector<Entry> log;
    Shadow ub;
    Buckets gm;
    std::vector<uint64_t> cuts;
    std::vector<uint64_t> regions;
    std::array<CachedBucket, 4> cache{};
    unsigned cacheNext = 0;
    /// gm, cuts, regions and cache were given back together by one
    /// detector (and not taken since).
    bool keyed = false;
    /// The last clean detector's record (RaceDetector::Memo), in use by
    /// the detector that took it (`memoTaken`: one made while it lives
    /// records into its own, which it drops).
    Memo memo;
    bool memoTaken = false;
  };
  static Spare &spare();
  /// This thread's (the destructor gives the storage back to it).
  Spare &spare_;
  /// The regions gmCuts_ were made for (Spare::regions).
  std::vector<uint64_t> gmRegions_;
  /// Forgets the buckets' keys and their cache (new cuts).
  void forgetGmKeys();
  /// The bucket `k` of `b`, created when new.
  Bucket &bucket(Buckets &b, uint64_t k);
  /// The GM bucket holding address `a` (created when new) and its bounds
  /// [lo, hi). GM is cut at the launch's region boundaries (gmCuts_) and
  /// each piece into 64-KiB buckets from its start: every argument buffer
  /// has buckets of its own, so a stream of tiles appends to its buffer's
  /// segments instead of inserting between another buffer's, and reads of
  /// a buffer no one writes wait as deferred records. The buckets found
  /// last are cached by their bounds (gmCache_): no map search while a
  /// loop alternates between a few buffers.
  Bucket &gmBucket(uint64_t a, uint64_t &lo, uint64_t &hi);
  /// gmBucket() past its cache: finds or creates the bucket and caches it.
  Bucket &gmBucketSlow(uint64_t a, uint64_t &lo, uint64_t &hi);
  /// Region starts and ends, sorted, unique (the cuts of gmBucket).
  std::vector<uint64_t> gmCuts_;
  std::array<CachedBucket, 4> gmCache_{};
  unsigned gmCacheNext_ = 0;
  uint64_t gmSearches_ = 0; // gmBucketSlow calls (tests)
  /// Applies the bucket's deferred reads in pipe and issue order.
  void applyReads(Bucket &b);
  /// Keeps the latest deferred read of each range and pipe; applies them
  /// all if that leaves more than kMaxDeferred.
  void compactReads(Bucket &b);
  /// GM buckets are 64 KiB (vector kernels stream tiles of up to 64 KiB:
  /// one bucket per access). L1 is kept in 512-byte slots (Slotted).
  static constexpr unsigned kGmBucketShift = 16;
  /// Checks the GM bytes [start, end) of the access `entry` bucket by
  /// bucket (a read of a bucket not yet written waits there, deferred).
  void checkGm(int32_t entry, const VectorClock &knows, uint64_t start,
               uint64_t end);
  /// The GM rows [start + i * stride, end + i * stride), i < count, of the
  /// access `entry` (consecutive footprint ranges of equal length and
  /// stride: a strided copy's rows): checked row by row as checkGm
  /// does, except that the rows of a read falling into one not yet written
  /// bucket wait there as one Deferred record; summarised with one site
  /// lookup.
  void checkGmRows(int32_t entry, const VectorClock &knows, uint64_t start,
                   uint64_t end, uint64_t stride, uint32_t count);
  /// Appends a deferred read to `bk` (compacting it when it is full).
  void deferRead(Bucket &bk, int32_t entry, uint64_t start, uint64_t end,
                 uint64_t stride, uint32_t count);
  /// Drops the log entries no shadow segment refers to (they can never be
  /// reported again) and renumbers the rest.
  void compactLog();
  /// Adds the bytes [start, end) of the GM access `e` to this block's
  /// summary for the cross-core check.
  void summariseGm(const Entry &e, uint64_t start, uint64_t end) {
    mergeGm(gmSite(e), start, end);
  }
  struct GmSite;
  /// The summary of the access site of `e` doing the current range's
  /// kind of access (cur_; created when new).
  GmSite &gmSite(const Entry &e);
  /// Adds [start, end) to the site's ranges.
  void mergeGm(GmSite &site, uint64_t start, uint64_t end);
  /// Records the unordered pair (a, b), oriented by program order.
  void report(const Side &a, const Side &b);
  /// Reports the race of the current range (entry `e`) with the earlier
  /// access `prevIdx` (a write, `prevAtomic` its class, or a read) on the
  /// bytes of `piece` (out of line: the checks stay small).
  void raceOn(const Seg &piece, int32_t e, int32_t prevIdx, bool prevWrite,
              uint8_t prevAtomic);
  Diagnostic diagnose(const Side &prev, const Side &cur) const;
  std::string where(Mem mem, uint64_t start, uint64_t end) const;

  Severity severity_;
  const GmMap &gm_;
  Hint hint_;
  std::array<VectorClock, kNumPipes> clocks_{};
  std::array<uint32_t, kNumPipes> pending_{}; // last stamp per pipe
  /// The scalar's clock may have changed: give it a new generation (every
  /// change of clocks_[S] calls this; generation 0 is its initial zero
  /// value).
  void scalarChanged() { clocks_[idx(Pipe::S)].setGeneration(++scalarGen_); }
  uint32_t scalarGen_ = 0;
  /// The generation of the scalar clock each pipe merged last (merge()).
  std::array<uint32_t, kNumPipes> mergedGen_{};
  /// The clock each flag was last published with; read only where its
  /// bit in flagSet_ says it was (the table is not zero-filled per core:
  /// a never published flag knows nothing).
  alignas(VectorClock) unsigned char flagClocks_[kNumEvents * kNumEventIds *
                                                 sizeof(VectorClock)];
  const VectorClock &publishedClock(unsigned f) const {
    return *std::launder(reinterpret_cast<const VectorClock *>(
        flagClocks_ + f * sizeof(VectorClock)));
  }
  std::array<uint64_t, (kNumEvents * kNumEventIds + 63) / 64> flagSet_{};
  std::vector<Entry> log_;
  /// The range being checked (an entry is per instruction: what the range
  /// does, read, write or atomic store, and its memory are read here) and
  /// the pipe of its instruction.
  const ByteRange *cur_ = &kGmRead;
  int curPipe_ = 0;
  /// A plain GM read (the deferred reads as they are applied).
  static constexpr ByteRange kGmRead{Mem::GM, 0, 0, false, 0, 1, 0};
  bool curWrite() const { return cur_->write; }
  /// The thread's spare log: a detector takes its storage and gives it back
  /// (the cores of a launch run one after another on a thread: the log does
  /// not regrow, copying itself doubling by doubling, in every core).
  static constexpr size_t kMinLogLimit = 4096;
  size_t minLogLimit_ = kMinLogLimit;
  size_t logLimit_ = kMinLogLimit; // compactLog() when log_ reaches it
  Shadow ub_;
  Buckets gm_local_;
  /// A local memory as 512-byte slots (L1: a LoadData's fractal is one
  /// slot, ND -> NZ writes whole slots). A slot is whole (`whole[k]`, one
  /// state for all its bytes; all -1 when never accessed) or split into
  /// segments (`split[k]`, a Shadow of its own, for accesses not covering
  /// it). An access covering a whole slot updates its one state in place:
  /// no search, no splitting, no coalescing. The per-byte state and the
  /// pieces' order are those of one segment list: the same reports.
  static constexpr unsigned kSlotShift = 9;
  struct Slotted {
    std::vector<Seg> whole;
    std::vector<Shadow> split;
    std::vector<uint8_t> isSplit;
    /// Grown to the highest slot touched.
    void reach(uint64_t k) {
      if (k < whole.size())
        return;
      const size_t from = whole.size();
      whole.resize(k + 1);
      split.resize(k + 1);
      isSplit.resize(k + 1, 0);
      for (size_t i = from; i <= k; ++i)
        whole[i] = Seg(i << kSlotShift, (i + 1) << kSlotShift);
    }
    uint64_t segments() const {
      uint64_t n = 0;
      for (size_t k = 0; k < whole.size(); ++k)
        n += isSplit[k] ? split[k].size() : (whole[k].sameState(Seg()) ? 0 : 1);
      return n;
    }
  };
  /// The slots of `m` that [start, end) touches, each checked as its own
  /// segment list would be (rows == 1).
  void checkSlots(Slotted &m, int32_t entry, const VectorClock &knows,
                  uint64_t start, uint64_t end);
  /// Slot k split into segments (its whole state as one segment, or none).
  Shadow &splitSlot(Slotted &m, uint64_t k);
  /// Slot k whole again when its segments are one covering it.
  void joinSlot(Slotted &m, uint64_t k);
  Slotted l1_;
  Shadow cube_[5]; // L0A, L0B, L0C, BiasTable, Fixpipe buffer
  /// Every memory's shadow (compactLog() renumbers their indices).
  std::vector<Shadow *> shadows() {
    std::vector<Shadow *> v = {&ub_,      &cube_[0], &cube_[1], &cube_[2],
                               &cube_[3], &cube_[4], &l1_.whole};
    for (size_t k = 0; k < l1_.split.size(); ++k)
      if (l1_.isSplit[k])
        v.push_back(&l1_.split[k]);
    for (size_t i = 0; i < gm_local_.used; ++i)
      v.push_back(&gm_local_.store[i].sh);
    return v;
  }
  uint64_t bucketSegments(const Buckets &b) const {
    uint64_t n = 0;
    for (size_t i = 0; i < b.used; ++i)
      n += b.store[i].sh.size();
    return n;
  }
  Shadow scratch_; // the replacement run of one check
  /// The rows of a record (ByteRange::rows) or of a GM row group inside one
  /// bucket, listed for the checks (listRows).
  std::vector<ByteRange> rowsBuf_;
  /// `n` plain ranges like `row` (rows == 1), the i-th shifted by
  /// i * stride, in rowsBuf_; returns its data.
  const ByteRange *listRows(ByteRange row, uint64_t stride, uint32_t n);
  /// Checks the ranges [rp, rEnd) of one memory other than GM (at least
  /// one; rows == 1 each) for the access `e` as listed: an L1 range with
  /// the next ones in its bucket in one pass. Returns the ranges it took.
  size_t checkLocal(int32_t e, const VectorClock &known, const ByteRange *rp,
                    const ByteRange *rEnd);
  /// The GM summary of one access site (pipe, op, line, kind of access):
  /// the bytes it touched as sorted, disjoint, non-touching ranges. A
  /// strided access (a matmul's rows) lands in the range of its row, which
  /// the next K step extends, so a site's summary stays as small as the
  /// distinct areas it touched (no log of pieces to sort and merge).
  /// Rows [base + i * stride, base + i * stride + len), i < count, with
  /// len < stride (rows that touch are a range).
  struct GmStrided {
    uint64_t base, len, stride;
    uint32_t count;
  };
  struct GmSite {
    GmAccess site; // start/end unused
    std::vector<std::pair<uint64_t, uint64_t>> ranges;
    size_t hint = 0; // the range extended last (rows come in order)
    /// Strided row groups, extended in place while a loop walks a tile
    /// (a B column's next K rows: count grows; an A tile's next K
    /// columns: len grows until the rows touch and become a range).
    std::vector<GmStrided> strided;
    size_t stridedHint = 0; // the group extended last
  };
  /// Adds the rows of a strided group (len < stride) to the site.
  void addStrided(GmSite &site, uint64_t base, uint64_t len, uint64_t stride,
                  uint32_t count);
  std::vector<GmSite> gmSites_;
  uint64_t gmRanges_ = 0; // ranges of all sites
  /// By access site (line and op): 1 + its gmSites_ index.
  std::array<uint32_t, 64> siteSlot_{};
  uint32_t gmCore_ = 0, gmEpoch_ = 0;
  /// Per pipe, per epoch in which the pipe accessed GM: (epoch, the stamp
  /// of its last GM access in it), oldest first (gmEpochsKnown).
  std::array<Fifo<std::pair<uint32_t, uint32_t>>, kNumPipes> gmLast_;
  bool gmSummary_ = true;
  bool groupL1_ = true;
  bool wholeSlots_ = true;
  bool groupGm_ = true;
  bool plainPath_ = true;
  RaceStats stats_;
  std::set<std::string> reported_;
  /// The races_ index of each key reported since the last takeDiagnostics:
  /// the pieces of one racing pair (segments, buckets) join into one range.
  std::map<std::string, size_t> open_;
  /// Racing pairs (earlier, later in program order), deduplicated by lines;
  /// turned into diagnostics by takeDiagnostics.
  std::vector<std::pair<Side, Side>> races_;
};

/// How the cross-core check names the core of a log: "block 1", "AIV 0 of
/// block 1", and the block index its diagnostics carry.
struct CrossCoreName {
  std::string name;
  int64_t block = 0;
  /// One core of a block of several (a MIX launch's AIC or AIVs): the
  /// report says which sync would order them.
  bool coreOfBlock = false;
};

/// The union row by row of a GM summary (RaceDetector::gmSummary(): items
/// of one site consecutive): per site, its bytes as sorted, disjoint,
/// non-touching ranges (count 1), sites in their order.
std::vector<GmAccess> expandGmSummary(const std::vector<GmAccess> &summary);

/// The cross-core check: every pair of overlapping GM accesses from two
/// different cores with at least one write. `logs[c]` is core c's GM
/// summary (strided items allowed; the reports are those of its union row
/// by row, expandGmSummary()).
/// `ordered(a, b)`, when given, says whether access `a` happens before `b`
/// through the sync the cores used (such pairs are no race). `names[c]`
/// names core c (default: "block c", block c).
std::vector<Diagnostic> crossCoreRaces(
    const std::vector<const std::vector<GmAccess> *> &logs, Severity severity,
    const GmMap &gm,
    const std::function<bool(const GmAccess &, const GmAccess &)> &ordered =
        nullptr,
    const std::vector<CrossCoreName> &names = {});

/// "UB[0x0400,0x0800)" / "GM[z+0x0400,z+0x0800)".
std::string formatRange(Mem mem, uint64_t start, uint64_t end, const GmMap &gm);

} // namespace ascsim

#endif // ASCSIM_RACE_RACE_H
