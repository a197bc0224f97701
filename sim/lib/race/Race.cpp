//===- race/Race.cpp - Happens-before race detector -------------*- C++ -*-===//

#include "race/Race.h"

#include "support/Fault.h"
#include "support/PerThread.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <tuple>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace ascsim {

namespace {

/// Pipes whose instructions complete in issue order (hardware.md §10.1: the
/// scalar unit; PIPE_V, where the compiler inserts the barriers).
/// Pipes whose instructions complete in order for the detector: the scalar,
/// PIPE_V (the compiler's automatic barriers) and PIPE_M (back-to-back
/// Mmads into one L0C; the < 10-fractal case needing a barrier is reported
/// by device/CubeAbi.cpp).
bool inOrder(Pipe p) { return p == Pipe::S || p == Pipe::V || p == Pipe::M; }

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

std::string describeAccess(Pipe p, const char *op, Loc loc, uint8_t atomic) {
  std::string kind;
  if (atomic) {
    kind = atomicName(atomic); // "atomic add float32"
    kind = "(" + kind + ") ";
  }
  return std::string(pipeName(p)) + " " + op + " " + kind + "(" +
         formatLoc(loc) + ")";
}

/// What the earlier access of a report did: "write", "read", "atomic add".
std::string accessVerb(bool write, uint8_t atomic) {
  if (atomic) {
    std::string name = atomicName(atomic); // "atomic add float32"
    return name.substr(0, name.rfind(' '));
  }
  return write ? "write" : "read";
}

/// Whether two GM accesses can race: a write among them, and not two atomic
/// stores of one class (they commute).
bool conflicting(bool aWrite, uint8_t aAtomic, bool bWrite, uint8_t bAtomic) {
  if (!aWrite && !bWrite)
    return false;
  return !(aAtomic && aAtomic == bAtomic);
}

/// Whether a row of `x` and a row of `y` share a byte (GmAccess rows).
bool rowsOverlap(const GmAccess &x, const GmAccess &y) {
  if (x.count > y.count)
    return rowsOverlap(y, x);
  const uint64_t len = y.end - y.start;
  for (uint32_t i = 0; i < x.count; ++i) {
    const uint64_t lo = x.start + i * x.stride, hi = x.end + i * x.stride;
    // The first row of y ending after lo; it overlaps when it starts
    // before hi (later rows start later).
    uint64_t j = 0;
    if (lo + 1 > y.start + len) {
      if (y.count == 1)
        continue;
      j = (lo + 1 - (y.start + len) + y.stride - 1) / y.stride;
    }
    if (j < y.count && y.start + j * y.stride < hi)
      return true;
  }
  return false;
}

constexpr size_t kMaxCrossCoreReports = 32;
constexpr size_t kMaxReportsPerCore = 32;

} // namespace

std::string atomicName(uint8_t atomicClass) {
  static const char *const kKinds[] = {"?", "add", "max", "min"};
  return std::string("atomic ") + kKinds[(atomicClass >> 5) & 3] + " " +
         dtypeName(static_cast<DType>(atomicClass & 31));
}

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

RaceDetector::Spare &RaceDetector::spare() {
  return perThread<Spare>(); // 424 bytes: support/PerThread.h
}

RaceDetector::RaceDetector(Severity severity, const GmMap &gm)
    : spare_(spare()), severity_(severity), gm_(gm) {
  // Empty, with the capacity the last detector on this thread reached.
  Spare &sp = spare_;
  log_.swap(sp.log);
  ub_.swap(sp.ub);
  std::swap(gm_local_, sp.gm);
  gmCuts_.swap(sp.cuts);
  gmRegions_.swap(sp.regions);
  if (log_.capacity() < 256)
    log_.reserve(256);
  // Distinct buffer ranges of a small kernel: the shadows do not grow one
  // doubling (one malloc) at a time in every launch.
  if (ub_.capacity() < 64)
    ub_.reserve(64);
  // The last detector's cuts, bucket keys and cache when they were made
  // for these regions (its buckets are empty: as good as new ones).
  const std::vector<GmRegion> &regions = gm.regions();
  // (Taken: a detector made while this one lives keys its own buckets.)
  bool same = sp.keyed && gmRegions_.size() == 2 * regions.size();
  sp.keyed = false;
  for (size_t i = 0; same && i < regions.size(); ++i)
    same = gmRegions_[2 * i] == regions[i].address &&
           gmRegions_[2 * i + 1] == regions[i].address + regions[i].bytes;
  if (same) {
    gmCache_ = sp.cache;
    gmCacheNext_ = sp.cacheNext;
  } else {
    forgetGmKeys(); // gmRegions_ empty
    for (const GmRegion &r : regions) {
      gmRegions_.push_back(r.address);
      gmRegions_.push_back(r.address + r.bytes);
    }
    gmCuts_.assign(gmRegions_.begin(), gmRegions_.end());
    std::sort(gmCuts_.begin(), gmCuts_.end());
    gmCuts_.erase(std::unique(gmCuts_.begin(), gmCuts_.end()), gmCuts_.end());
  }
}

void RaceDetector::useMemo() {
  if (memo_ || std::any_of(pending_.begin(), pending_.end(),
                           [](uint32_t stamp) { return stamp != 0; }))
    return; // once, before the first access
  // The last clean detector's record, taken (a detector made while this one
  // lives finds none). Matched only for the same cuts: they decide the
  // segments a stats() counts.
  Spare &sp = spare_;
  memo_ = sp.memoTaken ? &ownMemo_ : &sp.memo;
  const bool mine = memo_ == &sp.memo;
  sp.memoTaken = true;
  if (mine && memo_->valid && memo_->regions == gmRegions_) {
    memoMode_ = MemoMode::Match;
    memoNext_ = memo_->calls.data();
    memoEnd_ = memoNext_ + memo_->calls.size();
    memoRanges_ = memo_->ranges.data();
  } else {
    memo_->clear();
    memo_->regions = gmRegions_;
    memoMode_ = MemoMode::Record;
  }
}

void RaceDetector::forgetGmKeys() {
  gm_local_.used = 0; // every bucket is empty (the destructor emptied them)
  gm_local_.index.clear();
  gm_local_.lastKey = ~uint64_t(0);
  gmCache_.fill(CachedBucket{});
  gmCacheNext_ = 0;
  gmRegions_.clear(); // keyed for no regions: the next detector's too
}

RaceDetector::~RaceDetector() {
  // What is kept is bounded: the log up to twice the default compaction
  // limit (a detector whose tests raised the limit keeps its log to
  // itself), shadows and deferred lists up to a small kernel's size.
  Spare &sp = spare_;
  // The record for the next detector: a matching one's stays as it was
  // (whatever prefix of it was matched, it is a clean launch's); a
  // recording one's when it made no report (report() never called: no
  // race found, reported or not), with its end outputs.
  if (memo_) {
    if (memoMode_ == MemoMode::Record && reported_.empty()) {
      if (!memo_->summaryTaken)
        memo_->summary = gmSummary();
      memo_->stats = stats();
      memo_->valid = true;
    } else if (memoMode_ != MemoMode::Match) {
      memo_->clear();
    }
    if (memo_ == &sp.memo)
      sp.memoTaken = false;
  }
  if (log_.capacity() <= 2 * kMinLogLimit) {
    log_.clear();
    sp.log.swap(log_);
  }
  if (ub_.capacity() <= 1024) {
    ub_.clear();
    sp.ub.swap(ub_);
  }
  if (gm_local_.store.size() <= 256) {
    for (size_t i = 0; i < gm_local_.used; ++i) {
      Bucket &b = gm_local_.store[i];
      if (b.sh.capacity() > 256)
        Shadow().swap(b.sh);
      b.sh.clear();
      if (b.reads.capacity() > kMinDeferred)
        std::vector<Deferred>().swap(b.reads);
      b.reads.clear();
      b.readsLimit = kMinDeferred;
      b.written = false;
    }
    // Their keys and cache stay valid for these regions and cuts (the
    // store moves by a swap: the cached pointers stay valid), given back
    // together.
    std::swap(sp.gm, gm_local_);
    // Packed to the front (an empty entry, left where a store growth
    // cleared the cache, would be probed first on every lookup), the next
    // one replaced the first empty one.
    unsigned k = 0;
    for (const CachedBucket &c : gmCache_)
      if (c.bucket)
        sp.cache[k++] = c;
    sp.cacheNext = k < gmCache_.size() ? k : gmCacheNext_;
    while (k < gmCache_.size())
      sp.cache[k++] = CachedBucket{};
    sp.regions.swap(gmRegions_);
    sp.cuts.swap(gmCuts_);
    sp.keyed = true;
  }
}

void RaceDetector::accessMatched(Pipe p, const AccessSite &s,
                                 const Footprint &fp) {
  const MemoCall &c = *memoNext_;
  if (!sameAsMemo(c, p, s, fp)) {
    accessLive(p, s, fp);
    return;
  }
  // The recorded launch's call: its checks found no race and left the state
  // the record's next calls assume. The clocks are live.
  ++memoNext_;
  const int pi = idx(p);
  const uint32_t stamp = ++pending_[pi];
  if (inOrder(p)) {
    clocks_[pi][pi] = stamp;
    if (p == Pipe::S)
      scalarChanged();
  }
  // Last, as a tail call: no register has to live across a call (none
  // saved in the prologue).
  if (c.gmEpochRecord)
    noteGmEpoch(pi, stamp);
}

void RaceDetector::noteGmEpoch(int pi, uint32_t stamp) {
  auto &last = gmLast_[pi];
  if (!last.empty() && last.back().first == gmEpoch_)
    last.back().second = stamp;
  else
    last.emplace_back(gmEpoch_, stamp);
}

void RaceDetector::accessLive(Pipe p, const AccessSite &s,
                              const Footprint &fp) {
  // With a record in use: the matched prefix replayed at a difference, the
  // call recorded (out of line).
  const bool recorded = memoMode_ != MemoMode::Off && memoBefore(p, s, fp);
  // The entry's index, the log's size before it (one size computation:
  // an Entry is 40 bytes, a size a multiply).
  size_t n = log_.size();
  if (n >= logLimit_) {
    compactLog();
    n = log_.size();
  }
  const int32_t e = static_cast<int32_t>(n);
  int pi = idx(p);
  uint32_t stamp = ++pending_[pi];
  VectorClock &known = clocks_[pi];
  // One entry for all the instruction's ranges (what each does is in the
  // shadow slots that refer to it).
  log_.emplace_back(p, stamp, s.name, s.loc, s.seq);
  curPipe_ = pi;
  bool touchedGm = false;
  if (plainPath_ && fp.plain())
    touchedGm = accessPlain(p, e, fp);
  else
    touchedGm = accessGeneral(p, e, fp);
  // The stamp of this pipe's last GM access in this epoch, for the
  // cross-core releases (gmEpochsKnown): a launch of one core (no summary)
  // has no other core to order, so keeps none.
  if (touchedGm && gmSummary_) {
    auto &last = gmLast_[pi];
    if (!last.empty() && last.back().first == gmEpoch_)
      last.back().second = stamp;
    else
      last.emplace_back(gmEpoch_, stamp);
  }
  if (inOrder(p)) {
    known[pi] = stamp;
    if (p == Pipe::S)
      scalarChanged();
  }
  if (recorded)
    memo_->calls.back().gmEpochRecord = touchedGm && gmSummary_;
}

bool RaceDetector::memoBefore(Pipe p, const AccessSite &s,
                              const Footprint &fp) {
  if (memoMode_ == MemoMode::Match)
    replayMemo();
  return memoMode_ == MemoMode::Record && recordCall(p, s, fp);
}

[[gnu::always_inline]] inline bool
RaceDetector::sameAsMemo(const MemoCall &c, Pipe p, const AccessSite &s,
                         const Footprint &fp) const {
  // Differences or-ed together, one test at the end of each part (the
  // parts are almost always equal: branches would cost more than the
  // compares). Which path checks the footprint (plain()) is a function of
  // its ranges, compared below.
  const size_t n = fp.size();
  uint64_t diff = (c.key ^ memoKey(p, n)) | (c.where ^ memoWhere());
  // The clock's components (28 bytes: its generation follows).
  static_assert(sizeof(VectorClock) == 32 &&
                    VectorClock::kComponents * sizeof(uint32_t) == 28,
                "a clock's components are its first 28 bytes");
  const auto *a = reinterpret_cast<const unsigned char *>(&c.known);
  const auto *b = reinterpret_cast<const unsigned char *>(&clocks_[idx(p)]);
  const ByteRange *m = memoRanges_ + c.first;
  const ByteRange *r = fp.begin();
#ifdef __SSE2__
  // The clock as two overlapping 16-byte blocks, each range as two (the
  // seven padding bytes after `mem` left out: write, atomic, rows and
  // stride fill its last 8 bytes), their byte compares and-ed together:
  // one test at the end.
  static_assert(offsetof(ByteRange, start) == 8 &&
                    offsetof(ByteRange, write) == 24,
                "a range is mem, 7 padding bytes, then 24 compared bytes");
  auto load = [](const void *q) {
    return _mm_loadu_si128(static_cast<const __m128i *>(q));
  };
  __m128i same = _mm_and_si128(_mm_cmpeq_epi8(load(a), load(b)),
                               _mm_cmpeq_epi8(load(a + 12), load(b + 12)));
  // The site as two blocks: seq and file; line, its 4 padding bytes (left
  // out) and name.
  const auto *cs = reinterpret_cast<const unsigned char *>(&c.site);
  const auto *ss = reinterpret_cast<const unsigned char *>(&s);
  const __m128i linePadding =
      _mm_set_epi8(0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, 0, 0, 0, 0);
  same = _mm_and_si128(
      same,
      _mm_and_si128(_mm_cmpeq_epi8(load(cs), load(ss)),
                    _mm_or_si128(_mm_cmpeq_epi8(load(cs + 16), load(ss + 16)),
                                 linePadding)));
  const __m128i padding =
      _mm_set_epi8(0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, 0);
  // One induction variable: the call's range at the record's plus the
  // distance between the two arrays.
  const auto *q = reinterpret_cast<const unsigned char *>(m);
  const auto *const qEnd = q + n * sizeof(ByteRange);
  const ptrdiff_t d = reinterpret_cast<const unsigned char *>(r) - q;
  for (; q != qEnd; q += sizeof(ByteRange)) {
    const __m128i head =
        _mm_or_si128(_mm_cmpeq_epi8(load(q), load(q + d)), padding);
    const __m128i tail = _mm_cmpeq_epi8(load(q + 16), load(q + d + 16));
    same = _mm_and_si128(same, _mm_and_si128(head, tail));
  }
  return (diff | static_cast<unsigned>(_mm_movemask_epi8(same) ^ 0xffff)) == 0;
#else
  diff |= (reinterpret_cast<uintptr_t>(c.site.name) ^
           reinterpret_cast<uintptr_t>(s.name)) |
          (reinterpret_cast<uintptr_t>(c.site.loc.file) ^
           reinterpret_cast<uintptr_t>(s.loc.file)) |
          (c.site.loc.line ^ s.loc.line) | (c.site.seq ^ s.seq);
  // The clock as four overlapping words.
  for (int off : {0, 8, 16, 20}) {
    uint64_t x, y;
    std::memcpy(&x, a + off, sizeof x);
    std::memcpy(&y, b + off, sizeof y);
    diff |= x ^ y;
  }
  if (diff)
    return false;
  for (size_t i = 0; i < n; ++i) {
    // write, atomic, rows and stride fill the last 8 bytes (no padding).
    uint64_t x, y;
    std::memcpy(&x, &m[i].write, sizeof x);
    std::memcpy(&y, &r[i].write, sizeof y);
    diff |=
        (static_cast<uint64_t>(m[i].mem) ^ static_cast<uint64_t>(r[i].mem)) |
        (m[i].start ^ r[i].start) | (m[i].end ^ r[i].end) | (x ^ y);
  }
  return diff == 0;
#endif
}

bool RaceDetector::recordCall(Pipe p, const AccessSite &s,
                              const Footprint &fp) {
  // Too large to be worth it, or an access after the summary was taken
  // (the record's outputs are those after its last call).
  if (memo_->calls.size() >= kMemoMaxCalls ||
      memo_->ranges.size() + fp.size() > kMemoMaxRanges ||
      memo_->summaryTaken) {
    memo_->clear();
    memoMode_ = MemoMode::Off;
    return false;
  }
  if (memo_->calls.capacity() == 0) {
    memo_->calls.reserve(64);
    memo_->ranges.reserve(128);
  }
  MemoCall &c = memo_->calls.emplace_back();
  c.known = clocks_[idx(p)];
  c.site = s;
  c.key = memoKey(p, fp.size());
  c.where = memoWhere();
  c.first = static_cast<uint32_t>(memo_->ranges.size());
  c.gmEpochRecord = false;
  memo_->ranges.insert(memo_->ranges.end(), fp.begin(), fp.end());
  return true;
}

void RaceDetector::replayMemo() {
  // The matched calls again through accessLive(), as they were made: the
  // same arguments, the pipe's clock, GM core, epoch and summary flag as
  // recorded (equal to this launch's at each call: that is what matched),
  // the stamps counted again from 0 (access() is their only source). What
  // they do to the clocks and the GM epoch records is this launch's
  // already: saved and put back.
  const size_t matched = static_cast<size_t>(memoNext_ - memo_->calls.data());
  const std::array<VectorClock, kNumPipes> clocks = clocks_;
  const std::array<uint32_t, kNumPipes> pending = pending_;
  const uint32_t scalarGen = scalarGen_;
  const auto gmLast = gmLast_;
  const uint32_t core = gmCore_, epoch = gmEpoch_;
  const bool summary = gmSummary_;
  memoMode_ = MemoMode::Off; // (accessLive records nothing)
  memoNext_ = memoEnd_ = nullptr;
  pending_.fill(0);
  Footprint fp;
  for (size_t i = 0; i < matched; ++i) {
    const MemoCall &c = memo_->calls[i];
    fp.clear();
    for (uint32_t k = 0; k < c.ranges(); ++k)
      fp.push_back(memo_->ranges[c.first + k]);
    clocks_[idx(c.pipe())] = c.known;
    gmCore_ = static_cast<uint32_t>(c.where);
    gmEpoch_ = static_cast<uint32_t>(c.where >> 32);
    setGmSummary((c.key >> 40 & 1) != 0);
    accessLive(c.pipe(), c.site, fp);
  }
  clocks_ = clocks;
  pending_ = pending;
  scalarGen_ = scalarGen;
  gmLast_ = gmLast;
  gmCore_ = core;
  gmEpoch_ = epoch;
  setGmSummary(summary);
  if (memoTaken_) { // what takeGmAccesses did after the last call
    gmSites_.clear();
    siteSlot_.fill(0);
    gmRanges_ = 0;
  }
  // This launch's record from here: the prefix, then its own calls (none
  // after a taken summary: recordCall stops).
  if (matched < memo_->calls.size()) {
    memo_->calls.resize(matched);
    memo_->ranges.resize(
        matched ? memo_->calls.back().first + memo_->calls.back().ranges() : 0);
    memo_->summary.clear();
  }
  memo_->summaryTaken = memoTaken_;
  memo_->valid = false;
  memoMode_ = MemoMode::Record;
  memoNext_ = memoEnd_ = nullptr;
}

[[gnu::always_inline]] inline bool
RaceDetector::accessPlain(Pipe p, int32_t e, const Footprint &fp) {
  const VectorClock &known = clocks_[idx(p)];
  bool touchedGm = false;
  for (const ByteRange *rp = fp.plainBegin(), *rEnd = rp + fp.size();
       rp != rEnd; ++rp) {
    const ByteRange &r = *rp;
    if (r.end <= r.start)
      continue;
    cur_ = &r;
    if (r.mem == Mem::UB) {
      checkUb(e, known, r.start, r.end);
    } else if (r.mem == Mem::GM) {
      checkGm(e, known, r.start, r.end);
      if (gmSummary_) { // the cross-core records (access() reads touchedGm
                        // only then)
        touchedGm = true;
        summariseGm(log_[e], r.start, r.end);
      }
    } else if (r.mem >= Mem::L0A && r.mem <= Mem::FB) {
      check(cube_[static_cast<int>(r.mem) - static_cast<int>(Mem::L0A)], e,
            known, r.start, r.end);
    } else {
      checkUb(e, known, r.start, r.end);
    }
  }
  return touchedGm;
}

bool RaceDetector::accessGeneral(Pipe p, int32_t e, const Footprint &fp) {
  const int pi = idx(p);
  const VectorClock &known = clocks_[pi];
  // Reads first, so an instruction reading and writing the same bytes (add
  // in place) does not race with itself. The runs of a strided access share
  // the instruction's entry, so the log grows per instruction, not per run,
  // and touching runs of one instruction coalesce in the shadow. Reports
  // name the bytes both accesses touched (the shadow piece).
  bool touchedGm = false;
  // The writes pass starts at the first write (a copy's source rows come
  // first: not scanned twice).
  const ByteRange *firstWrite = fp.end();
  for (int pass = 0; pass < 2; ++pass) {
    const ByteRange *const rEnd = fp.end();
    for (const ByteRange *rp = pass ? firstWrite : fp.begin(); rp != rEnd;
         ++rp) {
      const ByteRange &r = *rp;
      if (r.write != (pass == 1) || r.end <= r.start) {
        if (r.write && rp < firstWrite)
          firstWrite = rp;
        continue;
      }
      // Rows of equal length at a constant stride: one record
      // (ByteRange::rows: issueCube's GM rows and L1 fractals) or, in GM,
      // consecutive in the footprint (a strided copy's rows). GM rows take
      // one entry update, one summary site lookup and one deferred record
      // per bucket for all of them; the rows of a record elsewhere are
      // checked as if listed.
      uint32_t rows = r.rows;
      uint64_t stride = r.stride;
      uint32_t listed = 1; // footprint ranges the rows take
      if (rows == 1 && r.mem == Mem::GM && rp + 1 != rEnd) {
        const uint64_t len = r.end - r.start;
        const ByteRange &n = rp[1];
        if (n.mem == Mem::GM && n.rows == 1 && n.write == r.write &&
            n.atomic == r.atomic && n.end - n.start == len &&
            n.start >= r.end) {
          stride = n.start - r.start;
          const ByteRange *q = rp + 1;
          while (q != rEnd && q->mem == Mem::GM && q->rows == 1 &&
                 q->write == r.write && q->atomic == r.atomic &&
                 q->start == q[-1].start + stride && q->end - q->start == len)
            ++q;
          rows = listed = static_cast<uint32_t>(q - rp);
        }
      }
      cur_ = &r;
      touchedGm |= r.mem == Mem::GM;
      if (r.mem == Mem::GM) {
        if (rows > 1) {
          checkGmRows(e, known, r.start, r.end, stride, rows);
          rp += listed - 1;
        } else {
          checkGm(e, known, r.start, r.end);
          if (gmSummary_)
            summariseGm(log_[e], r.start, r.end);
        }
      } else if (rows > 1 && r.mem == Mem::L1 && stride >= (1u << kSlotShift)) {
        // A LoadData's fractals: no two rows share a slot, so none would be
        // grouped (checkLocal): each row's slots in turn.
        for (uint32_t i = 0; i < rows; ++i)
          checkSlots(l1_, e, known, r.start + i * stride, r.end + i * stride);
      } else if (rows > 1) { // a record: its rows as listed
        const ByteRange *b = listRows(r, stride, rows), *bEnd = b + rows;
        while (b != bEnd)
          b += checkLocal(e, known, b, bEnd);
      } else {
        rp += checkLocal(e, known, rp, rEnd) - 1;
      }
    }
  }
  return touchedGm;
}

size_t RaceDetector::checkLocal(int32_t e, const VectorClock &known,
                                const ByteRange *rp, const ByteRange *rEnd) {
  const ByteRange &r = *rp;
  if (r.mem == Mem::L1) {
    // The instruction's next ranges in the same L1 slot (unaligned pieces
    // of a copy: ascending and disjoint after normalise()): one pass over
    // the slot's segments for all of them.
    const uint64_t k = r.start >> kSlotShift;
    const ByteRange *q = rp + 1;
    if (groupL1_ && (r.end - 1) >> kSlotShift == k)
      while (q != rEnd && q->mem == Mem::L1 && q->rows == 1 &&
             q->write == r.write && q->atomic == r.atomic &&
             q->start >= q[-1].end && q->end > q->start &&
             (q->end - 1) >> kSlotShift == k)
        ++q;
    if (q - rp > 1) {
      l1_.reach(k);
      checkRuns(splitSlot(l1_, k), e, known, rp, static_cast<size_t>(q - rp));
      joinSlot(l1_, k);
      return static_cast<size_t>(q - rp);
    }
    checkSlots(l1_, e, known, r.start, r.end);
  } else if (r.mem >= Mem::L0A && r.mem <= Mem::FB) {
    check(cube_[static_cast<int>(r.mem) - static_cast<int>(Mem::L0A)], e, known,
          r.start, r.end);
  } else {
    checkUb(e, known, r.start, r.end);
  }
  return 1;
}

void RaceDetector::checkSlots(Slotted &m, int32_t e, const VectorClock &known,
                              uint64_t start, uint64_t end) {
  const uint64_t last = (end - 1) >> kSlotShift;
  m.reach(last);
  for (uint64_t k = start >> kSlotShift; k <= last; ++k) {
    const uint64_t lo = std::max(start, k << kSlotShift);
    const uint64_t hi = std::min(end, (k + 1) << kSlotShift);
    if (!m.isSplit[k]) {
      if (wholeSlots_ && lo == k << kSlotShift && hi == (k + 1) << kSlotShift) {
        // The access covers the slot: its one state is the one piece.
        updatePiece(m.whole[k], e, known);
        continue;
      }
      splitSlot(m, k);
    }
    check(m.split[k], e, known, lo, hi);
    joinSlot(m, k);
  }
}

RaceDetector::Shadow &RaceDetector::splitSlot(Slotted &m, uint64_t k) {
  Shadow &sh = m.split[k];
  if (!m.isSplit[k]) {
    m.isSplit[k] = 1;
    sh.clear();
    if (!m.whole[k].sameState(Seg())) // never accessed: no segment
      sh.push_back(m.whole[k]);
  }
  return sh;
}

void RaceDetector::joinSlot(Slotted &m, uint64_t k) {
  Shadow &sh = m.split[k];
  if (wholeSlots_ && sh.size() == 1 && sh[0].start == k << kSlotShift &&
      sh[0].end == (k + 1) << kSlotShift) {
    m.whole[k] = sh[0];
    m.isSplit[k] = 0;
  }
}

const ByteRange *RaceDetector::listRows(ByteRange row, uint64_t stride,
                                        uint32_t n) {
  row.rows = 1;
  row.stride = 0;
  rowsBuf_.clear();
  for (uint32_t i = 0; i < n; ++i, row.start += stride, row.end += stride)
    rowsBuf_.push_back(row);
  return rowsBuf_.data();
}

RaceDetector::Bucket &RaceDetector::bucket(Buckets &b, uint64_t k) {
  if (k == b.lastKey)
    return b.store[b.last];
  auto it = std::lower_bound(b.index.begin(), b.index.end(), k,
                             [](const std::pair<uint64_t, uint32_t> &x,
                                uint64_t key) { return x.first < key; });
  if (it == b.index.end() || it->first != k) {
    if (b.used == b.store.size()) {
      b.store.emplace_back(); // may move the buckets: forget their cache
      for (CachedBucket &c : gmCache_)
        c = CachedBucket{};
    }
    it = b.index.insert(it, {k, static_cast<uint32_t>(b.used++)});
  }
  b.lastKey = k;
  b.last = it->second;
  return b.store[it->second];
}

[[gnu::always_inline]] inline RaceDetector::Bucket &
RaceDetector::gmBucket(uint64_t a, uint64_t &lo, uint64_t &hi) {
  for (const CachedBucket &c : gmCache_)
    if (a - c.lo < c.hi - c.lo) { // lo <= a < hi
      lo = c.lo;
      hi = c.hi;
      return *c.bucket;
    }
  return gmBucketSlow(a, lo, hi);
}

RaceDetector::Bucket &RaceDetector::gmBucketSlow(uint64_t a, uint64_t &lo,
                                                 uint64_t &hi) {
  ++gmSearches_;
  // The piece of GM between two cuts holding `a` (piece 0: below the first
  // cut), then its 64-KiB bucket counted from the piece's start.
  const size_t piece = static_cast<size_t>(
      std::upper_bound(gmCuts_.begin(), gmCuts_.end(), a) - gmCuts_.begin());
  const uint64_t base = piece ? gmCuts_[piece - 1] : 0;
  const uint64_t next = piece < gmCuts_.size() ? gmCuts_[piece] : ~uint64_t(0);
  const uint64_t k = (a - base) >> kGmBucketShift;
  lo = base + (k << kGmBucketShift);
  hi = next - lo > (uint64_t(1) << kGmBucketShift)
           ? lo + (uint64_t(1) << kGmBucketShift)
           : next;
  // Keys in address order (GM addresses are below 2^48: k < 2^40).
  Bucket &bk = bucket(gm_local_, static_cast<uint64_t>(piece) << 40 | k);
  CachedBucket &c = gmCache_[gmCacheNext_++ % gmCache_.size()];
  c.lo = lo;
  c.hi = hi;
  c.bucket = &bk;
  return bk;
}

[[gnu::always_inline]] inline void
RaceDetector::checkGm(int32_t e, const VectorClock &known, uint64_t start,
                      uint64_t end) {
  const bool write = curWrite(); // atomic stores are writes too
  for (uint64_t pos = start; pos < end;) {
    uint64_t lo, hi;
    Bucket &bk = gmBucket(pos, lo, hi);
    const uint64_t t = std::min(end, hi);
    if (!bk.written && !write) {
      deferRead(bk, e, pos, t, 0, 1);
    } else {
      if (write && !bk.written) {
        bk.written = true;
        applyReads(bk);
      }
      if (bk.sh.empty() || bk.sh.back().end <= pos) // a buffer's next tile
        appendFresh(bk.sh, e, known, pos, t);
      else
        check(bk.sh, e, known, pos, t);
    }
    pos = t;
  }
}

[[gnu::always_inline]] inline void
RaceDetector::deferRead(Bucket &bk, int32_t e, uint64_t start, uint64_t end,
                        uint64_t stride, uint32_t count) {
  if (bk.reads.empty()) // a tile loop's reads: not one regrowth per doubling
    bk.reads.reserve(16);
  // Filled in place (a Deferred built on the stack and copied in stalled on
  // store forwarding).
  Deferred &d = bk.reads.emplace_back();
  d.start = start;
  d.end = end;
  d.stride = stride;
  d.count = count;
  d.entry = e;
  // The current access's (e is always its entry here): no log lookup.
  d.stamp = pending_[curPipe_];
  d.pipe = static_cast<Pipe>(curPipe_);
  if (bk.reads.size() >= bk.readsLimit)
    compactReads(bk);
}

void RaceDetector::checkGmRows(int32_t e, const VectorClock &known,
                               uint64_t start, uint64_t end, uint64_t stride,
                               uint32_t count) {
  const bool write = curWrite();
  for (uint32_t i = 0; i < count;) {
    const uint64_t s = start + i * stride, t = end + i * stride;
    uint64_t lo, hi;
    Bucket &bk = gmBucket(s, lo, hi);
    // Row i and the next ones that lie in its bucket too (0: row i does
    // not).
    uint32_t n = 0;
    if (t <= hi)
      n = stride == 0 ? 1
                      : static_cast<uint32_t>(std::min<uint64_t>(
                            count - i, (hi - t) / stride + 1));
    if (!write && n > 0) {
      if (!bk.written) {
        // This row and the next ones ending in the same bucket: one record.
        deferRead(bk, e, s, t, stride, n);
        i += n;
        continue;
      }
    }
    if (groupGm_ && stride > 0 && n > 1) {
      // This row and the next ones inside the same bucket (a Fixpipe's C
      // rows, a read of a written bucket): one pass over its segments
      // (checkRuns: the same pieces in the same order as row by row).
      if (write && !bk.written) {
        bk.written = true;
        applyReads(bk);
      }
      ByteRange row;
      row.mem = Mem::GM;
      row.start = s;
      row.end = t;
      checkRuns(bk.sh, e, known, listRows(row, stride, n), n);
      i += n;
      continue;
    }
    checkGm(e, known, s, t);
    ++i;
  }
  if (!gmSummary_) // a launch of one core: no cross-core check
    return;
  // The summary: rows that touch are one range; apart, one strided group
  // (the union row by row is expandGmSummary()'s, for the cross-core check).
  GmSite &site = gmSite(log_[e]);
  if (stride <= end - start)
    mergeGm(site, start, end + (count - 1) * stride);
  else
    addStrided(site, start, end - start, stride, count);
}

void RaceDetector::addStrided(GmSite &site, uint64_t base, uint64_t len,
                              uint64_t stride, uint32_t count) {
  auto &v = site.strided;
  // The group extended last, then the newest: a loop's next step continues
  // one of them.
  for (size_t h : {site.stridedHint, v.size() - 1}) {
    if (h >= v.size())
      continue;
    GmStrided &x = v[h];
    if (x.stride != stride)
      continue;
    if (x.len == len && base == x.base + x.count * stride) {
      x.count += count; // the next rows of a column
      site.stridedHint = h;
      return;
    }
    if (x.count == count && base == x.base + x.len) {
      x.len += len; // the next bytes of each row
      site.stridedHint = h;
      if (x.len >= stride) { // the rows touch: one range
        const uint64_t lo = x.base,
                       hi = x.base + (x.count - 1) * stride + x.len;
        v.erase(v.begin() + static_cast<std::ptrdiff_t>(h));
        site.stridedHint = 0;
        --gmRanges_;
        mergeGm(site, lo, hi);
      }
      return;
    }
    if (base >= x.base) { // rows it already has (the same tile again)
      const uint64_t off = base - x.base;
      if (off % stride + len <= x.len && off / stride + count <= x.count)
        return;
    }
  }
  v.push_back(GmStrided{base, len, stride, count});
  site.stridedHint = v.size() - 1;
  if (++gmRanges_ > stats_.gmPeak)
    stats_.gmPeak = gmRanges_;
}

void RaceDetector::applyReads(Bucket &b) {
  // Per byte and pipe the latest read wins: apply each pipe's reads in
  // issue (stamp) order. No write is in the shadow yet, so none races.
  std::sort(b.reads.begin(), b.reads.end(),
            [](const Deferred &x, const Deferred &y) {
              return x.pipe != y.pipe ? x.pipe < y.pipe : x.stamp < y.stamp;
            });
  // Plain GM reads (the write being checked, if any, resumes after them).
  const ByteRange *const cur = cur_;
  const int curPipe = curPipe_;
  cur_ = &kGmRead;
  for (const Deferred &d : b.reads) {
    curPipe_ = idx(d.pipe);
    for (uint32_t i = 0; i < d.count; ++i)
      check(b.sh, d.entry, clocks_[idx(d.pipe)], d.start + i * d.stride,
            d.end + i * d.stride);
  }
  cur_ = cur;
  curPipe_ = curPipe;
  b.reads.clear();
  b.reads.shrink_to_fit();
  b.readsLimit = kMinDeferred;
}

void RaceDetector::compactReads(Bucket &b) {
  // The latest read of each (pipe, range) first, then drop the older ones
  // of the same range: they are superseded on every byte.
  std::sort(b.reads.begin(), b.reads.end(),
            [](const Deferred &x, const Deferred &y) {
              if (x.pipe != y.pipe)
                return x.pipe < y.pipe;
              if (x.start != y.start)
                return x.start < y.start;
              if (x.end != y.end)
                return x.end < y.end;
              if (x.count != y.count)
                return x.count < y.count;
              if (x.count > 1 && x.stride != y.stride)
                return x.stride < y.stride;
              return x.stamp > y.stamp;
            });
  b.reads.erase(std::unique(b.reads.begin(), b.reads.end(),
                            [](const Deferred &x, const Deferred &y) {
                              return x.start == y.start && x.end == y.end &&
                                     x.pipe == y.pipe && x.count == y.count &&
                                     (x.count == 1 || x.stride == y.stride);
                            }),
                b.reads.end());
  if (b.reads.size() > stats_.deferredPeak)
    stats_.deferredPeak = b.reads.size();
  if (b.reads.size() > kMaxDeferred)
    applyReads(b);
  else
    b.readsLimit = std::max(kMinDeferred, 2 * b.reads.size());
}

[[gnu::always_inline]] inline void
RaceDetector::updatePiece(Seg &piece, int32_t e, const VectorClock &known) {
  // An earlier access races unless it is this instruction's own (an add in
  // place reads and writes the same bytes; one entry per instruction) or
  // known to have completed.
  auto racesWith = [&](int32_t prevIdx) {
    if (prevIdx == e)
      return false;
    const Entry &prev = log_[prevIdx];
    return !known.knows(idx(prev.pipe), prev.stamp);
  };
  // Checks the access against one piece's state and updates it: every
  // access against the last plain write; a write against the reads since;
  // anything but an atomic store of the same class against the last atomic
  // store since. A plain write replaces the state; a read or an atomic store
  // is added to it. A race is on the piece's bytes, which both accesses
  // touched.
  const bool write = curWrite();
  const uint8_t atomic = cur_->atomic;
  if (piece.w >= 0 && racesWith(piece.w))
    raceOn(piece, e, piece.w, true, 0);
  if (write)
    for (unsigned m = piece.reads; m; m &= m - 1) { // pipes in order
      const int q = __builtin_ctz(m);
      if (racesWith(piece.r[q]))
        raceOn(piece, e, piece.r[q], false, 0);
    }
  if (piece.a >= 0 && (!atomic || piece.aClass != atomic) && racesWith(piece.a))
    raceOn(piece, e, piece.a, true, piece.aClass);
  if (atomic) {
    piece.a = e;
    piece.aClass = atomic;
  } else if (write) {
    piece.w = e;
    piece.r.fill(-1);
    piece.reads = 0;
    piece.a = -1;
    piece.aClass = 0;
  } else {
    const int pi = curPipe_;
    piece.r[pi] = e;
    piece.reads |= static_cast<uint8_t>(1u << pi);
  }
}

void RaceDetector::raceOn(const Seg &piece, int32_t e, int32_t prevIdx,
                          bool prevWrite, uint8_t prevAtomic) {
  const Entry &pe = log_[prevIdx], &ce = log_[e];
  // Both in the shadow of the current range's memory.
  const Side prev{pe.pipe,     pe.stamp,  prevWrite, prevAtomic, cur_->mem,
                  piece.start, piece.end, pe.op,     pe.loc,     pe.seq};
  const Side now{ce.pipe,     ce.stamp,  curWrite(), cur_->atomic, cur_->mem,
                 piece.start, piece.end, ce.op,      ce.loc,       ce.seq};
  report(prev, now);
}

/// The run [lo, hi) of `sh`'s segments overlapping [start, end).
std::pair<size_t, size_t>
RaceDetector::overlapRun(const Shadow &sh, uint64_t start, uint64_t end) {
  size_t lo = static_cast<size_t>(
      std::partition_point(sh.begin(), sh.end(),
                           [&](const Seg &s) { return s.end <= start; }) -
      sh.begin());
  size_t hi = lo;
  while (hi < sh.size() && sh[hi].start < end)
    ++hi;
  return {lo, hi};
}

[[gnu::always_inline]] inline size_t
RaceDetector::appendFresh(Shadow &sh, int32_t e, const VectorClock &known,
                          uint64_t curStart, uint64_t curEnd) {
  Seg s(curStart, curEnd);
  updatePiece(s, e, known);
  if (!sh.empty() && sh.back().end == curStart && sh.back().sameState(s)) {
    sh.back().end = curEnd;
    return sh.size() - 1;
  }
  if (sh.capacity() == 0) // a stream of tiles: not a regrowth per doubling
    sh.reserve(16);
  sh.push_back(s);
  return sh.size() - 1;
}

void RaceDetector::check(Shadow &sh, int32_t e, const VectorClock &known,
                         uint64_t curStart, uint64_t curEnd) {
  // Bytes past the last segment (a stream of tiles): no search; a new
  // segment, merged into the last one when it touches it in equal state
  // (checkRun's path for fresh bytes).
  if (sh.empty() || sh.back().end <= curStart) {
    appendFresh(sh, e, known, curStart, curEnd);
    return;
  }
  auto [lo, hi] = overlapRun(sh, curStart, curEnd);
  if (hi == lo + 1 && sh[lo].start == curStart && sh[lo].end == curEnd)
    checkCover(sh, lo, e, known);
  else
    checkRun(sh, lo, hi, e, known, curStart, curEnd);
}

[[gnu::always_inline]] inline void
RaceDetector::checkUb(int32_t e, const VectorClock &known, uint64_t curStart,
                      uint64_t curEnd) {
  Shadow &sh = ub_;
  uint32_t &hint =
      ubHint_[(static_cast<uint32_t>(curStart >> 5) * 0x9E3779B1u) >> 28];
  size_t lo, hi;
  // Whether a UB segment may refer to this instruction already in the
  // kind of slot this range sets (a read: r; a write or atomic store: w or
  // a). The entries of earlier instructions are older: compactLog
  // renumbers them, which at worst makes this true when it need not be.
  int32_t &last = ubEntry_[curWrite()];
  const bool again = last == e;
  last = e;
  if (hint < sh.size() && sh[hint].start == curStart &&
      sh[hint].end == curEnd) { // the segment this start had last time
    if (!again) {
      // The updated segment refers to this instruction in the slot just
      // set (w, a or its pipe's r); a neighbour in equal state would too,
      // and none does yet (an add's write after its reads: no segment
      // holds it in w): nothing joins (checkCover's test skipped).
      updatePiece(sh[hint], e, known);
      return;
    }
    hint = static_cast<uint32_t>(checkCover(sh, hint, e, known));
    return;
  }
  if (sh.empty() || sh.back().end <= curStart) {
    const size_t at = appendFresh(sh, e, known, curStart, curEnd);
    if (sh[at].start == curStart) // not merged into the one before
      hint = static_cast<uint32_t>(at);
    return;
  }
  std::tie(lo, hi) = overlapRun(sh, curStart, curEnd);
  const size_t at = checkRun(sh, lo, hi, e, known, curStart, curEnd);
  if (at != SIZE_MAX)
    hint = static_cast<uint32_t>(at);
}

[[gnu::always_inline]] inline size_t
RaceDetector::checkCover(Shadow &sh, size_t lo, int32_t e,
                         const VectorClock &known) {
  updatePiece(sh[lo], e, known);
  if (lo + 1 < sh.size() && sh[lo + 1].start == sh[lo].end &&
      sh[lo + 1].sameState(sh[lo])) {
    sh[lo].end = sh[lo + 1].end;
    sh.erase(sh.begin() + static_cast<std::ptrdiff_t>(lo + 1));
  }
  if (lo > 0 && sh[lo - 1].end == sh[lo].start &&
      sh[lo - 1].sameState(sh[lo])) {
    sh[lo - 1].end = sh[lo].end;
    sh.erase(sh.begin() + static_cast<std::ptrdiff_t>(lo));
    return lo - 1;
  }
  return lo;
}

size_t RaceDetector::checkRun(Shadow &sh, size_t lo, size_t hi, int32_t e,
                              const VectorClock &known, uint64_t curStart,
                              uint64_t curEnd) {
  auto update = [&](Seg &piece) { updatePiece(piece, e, known); };
  auto visit = [&](Seg piece) {
    update(piece);
    scratch_.push_back(piece);
  };

  // Fast path: the access covers exactly one existing segment (a buffer
  // accessed again).
  if (hi == lo + 1 && sh[lo].start == curStart && sh[lo].end == curEnd)
    return checkCover(sh, lo, e, known);

  // Fast path: the access lies inside one segment (a LoadData's fractal of
  // an L1 tile written whole): it becomes up to three (head, the piece,
  // tail), the piece merged into an equal neighbour it touches.
  if (hi == lo + 1 && sh[lo].start <= curStart && curEnd <= sh[lo].end) {
    Seg piece = sh[lo];
    piece.start = curStart;
    piece.end = curEnd;
    update(piece);
    if (piece.sameState(sh[lo]))
      return SIZE_MAX; // nothing changed
    const bool head = sh[lo].start < curStart, tail = curEnd < sh[lo].end;
    const bool left = !head && lo > 0 && sh[lo - 1].end == curStart &&
                      sh[lo - 1].sameState(piece);
    const bool right = !tail && lo + 1 < sh.size() &&
                       sh[lo + 1].start == curEnd &&
                       sh[lo + 1].sameState(piece);
    const auto at = [&](size_t i) {
      return sh.begin() + static_cast<std::ptrdiff_t>(i);
    };
    // (head or tail: the exact cover is the path above)
    if (!head) { // piece, tail
      sh[lo].start = curEnd;
      if (left)
        sh[lo - 1].end = curEnd;
      else
        sh.insert(at(lo), piece);
    } else if (!tail) { // head, piece
      sh[lo].end = curStart;
      if (right)
        sh[lo + 1].start = curStart;
      else
        sh.insert(at(lo + 1), piece);
    } else { // head, piece, tail
      Seg rest = sh[lo];
      rest.start = curEnd;
      sh[lo].end = curStart;
      Seg two[2] = {piece, rest};
      sh.insert(at(lo + 1), two, two + 2);
    }
    return SIZE_MAX;
  }

  // Fast path: the access covers exactly a run of touching segments (a
  // Mmad reading an L0A tile that several LoadData wrote, ND -> NZ writing
  // an L1 bucket whose fractals LoadData read one by one): each is updated
  // in place, in address order as below, then equal neighbours coalesce
  // (a plain write leaves one segment).
  if (hi > lo + 1 && sh[lo].start == curStart && sh[hi - 1].end == curEnd) {
    bool touching = true;
    for (size_t i = lo + 1; i < hi && touching; ++i)
      touching = sh[i].start == sh[i - 1].end;
    if (touching) {
      for (size_t i = lo; i < hi; ++i)
        update(sh[i]);
      // Coalesce [lo - 1, hi + 1): the run and the segments around it.
      const size_t from = lo > 0 ? lo - 1 : lo;
      const size_t to = std::min(hi + 1, sh.size());
      const size_t kept = coalesce(sh, from, to);
      if (kept < to)
        sh.erase(sh.begin() + static_cast<std::ptrdiff_t>(kept),
                 sh.begin() + static_cast<std::ptrdiff_t>(to));
      return SIZE_MAX;
    }
  }

  // Fast path: bytes never accessed before (GM streamed tile by tile): one
  // new segment, merged into an equal neighbour if it touches one.
  if (lo == hi) {
    Seg s;
    s.start = curStart;
    s.end = curEnd;
    update(s);
    bool left = lo > 0 && sh[lo - 1].end == s.start && sh[lo - 1].sameState(s);
    bool right = lo < sh.size() && sh[lo].start == s.end && sh[lo].sameState(s);
    if (left && right) {
      sh[lo - 1].end = sh[lo].end;
      sh.erase(sh.begin() + static_cast<std::ptrdiff_t>(lo));
    } else if (left) {
      sh[lo - 1].end = s.end;
    } else if (right) {
      sh[lo].start = s.start;
    } else if (lo == sh.size()) {
      sh.push_back(s);
      return lo;
    } else {
      sh.insert(sh.begin() + static_cast<std::ptrdiff_t>(lo), s);
      return lo;
    }
    return SIZE_MAX;
  }

  // Build the replacement of [lo, hi): untouched head and tail parts keep
  // their state, gaps inside the access become fresh segments.
  scratch_.clear();
  uint64_t pos = curStart;
  for (size_t i = lo; i < hi; ++i) {
    Seg s = sh[i];
    if (s.start < curStart) {
      Seg head = s;
      head.end = curStart;
      scratch_.push_back(head);
      s.start = curStart;
    }
    if (pos < s.start) {
      visit(Seg(pos, s.start));
    }
    Seg tail = s;
    bool hasTail = s.end > curEnd;
    if (hasTail) {
      s.end = curEnd;
      tail.start = curEnd;
    }
    visit(s);
    if (hasTail)
      scratch_.push_back(tail);
    pos = s.end;
  }
  if (pos < curEnd) {
    visit(Seg(pos, curEnd));
  }

  spliceRun(sh, lo, hi);
  return SIZE_MAX;
}

size_t RaceDetector::coalesce(Shadow &v, size_t from, size_t to) {
  size_t last = from; // the segment the next one may join
  for (size_t i = from + 1; i < to; ++i) {
    if (v[last].end == v[i].start && v[last].sameState(v[i]))
      v[last].end = v[i].end;
    else if (++last != i)
      v[last] = v[i];
  }
  return last + 1;
}

void RaceDetector::spliceRun(Shadow &sh, size_t lo, size_t hi) {
  // Coalesce equal neighbours, including the segments around the run.
  if (lo > 0 && sh[lo - 1].end == scratch_.front().start &&
      sh[lo - 1].sameState(scratch_.front())) {
    scratch_.front().start = sh[lo - 1].start;
    --lo;
  }
  if (hi < sh.size() && scratch_.back().end == sh[hi].start &&
      sh[hi].sameState(scratch_.back())) {
    scratch_.back().end = sh[hi].end;
    ++hi;
  }
  const size_t n = coalesce(scratch_, 0, scratch_.size());
  scratch_.resize(n);

  // Splice.
  size_t old = hi - lo;
  if (n > old)
    sh.insert(sh.begin() + static_cast<std::ptrdiff_t>(hi), n - old, Seg());
  else if (n < old)
    sh.erase(sh.begin() + static_cast<std::ptrdiff_t>(lo + n),
             sh.begin() + static_cast<std::ptrdiff_t>(hi));
  std::copy(scratch_.begin(), scratch_.end(),
            sh.begin() + static_cast<std::ptrdiff_t>(lo));
}

void RaceDetector::checkRuns(Shadow &sh, int32_t e, const VectorClock &known,
                             const ByteRange *rs, size_t n) {
  // The segments overlapping [first start, last end).
  const uint64_t first = rs[0].start, lastEnd = rs[n - 1].end;
  auto [lo, hi] = overlapRun(sh, first, lastEnd);
  // The replacement of [lo, hi), built as check() builds one range's, range
  // after range in address order (the same pieces visited in the same
  // order): segment parts between the ranges are kept as they are.
  scratch_.clear();
  auto visit = [&](Seg piece) {
    updatePiece(piece, e, known);
    scratch_.push_back(piece);
  };
  size_t i = lo;
  Seg s;             // the rest of sh[i - 1] not yet placed
  bool have = false; // whether `s` holds it
  auto next = [&]() {
    if (!have && i < hi) {
      s = sh[i++];
      have = true;
    }
    return have;
  };
  for (size_t j = 0; j < n; ++j) {
    const uint64_t curStart = rs[j].start, curEnd = rs[j].end;
    // Before the range: kept (a segment reaching into it is split).
    while (next() && s.start < curStart) {
      if (s.end <= curStart) {
        scratch_.push_back(s);
        have = false;
      } else {
        Seg head = s;
        head.end = curStart;
        scratch_.push_back(head);
        s.start = curStart;
      }
    }
    // In the range: pieces and gaps visited in address order.
    uint64_t pos = curStart;
    while (next() && s.start < curEnd) {
      if (pos < s.start) {
        visit(Seg(pos, s.start));
      }
      Seg piece = s;
      if (s.end > curEnd) {
        piece.end = curEnd;
        s.start = curEnd; // the tail stays for the next range
      } else {
        have = false;
      }
      visit(piece);
      pos = piece.end;
    }
    if (pos < curEnd) {
      visit(Seg(pos, curEnd));
    }
  }
  while (next()) { // after the last range
    scratch_.push_back(s);
    have = false;
  }
  spliceRun(sh, lo, hi);
}

void RaceDetector::compactLog() {
  std::vector<int32_t> remap(log_.size(), -1);
  std::vector<Entry> kept;
  // The log refills up to twice what is kept: room for it now, so it does
  // not grow (and copy itself) doubling by doubling until the next compaction.
  kept.reserve(log_.size());
  auto keep = [&](int32_t &i) {
    if (i < 0)
      return;
    if (remap[i] < 0) {
      remap[i] = static_cast<int32_t>(kept.size());
      kept.push_back(log_[i]);
    }
    i = remap[i];
  };
  for (Shadow *sh : shadows())
    for (Seg &s : *sh) {
      keep(s.w);
      for (int32_t &i : s.r)
        keep(i);
      keep(s.a);
    }
  for (size_t i = 0; i < gm_local_.used; ++i)
    for (Deferred &d : gm_local_.store[i].reads)
      keep(d.entry);
  log_.swap(kept);
  logLimit_ = std::max(minLogLimit_, 2 * log_.size());
}

RaceDetector::GmSite &RaceDetector::gmSite(const Entry &en) {
  // The site is compared field by field with the entry (a GmAccess key
  // built on the stack and compared stalled on store forwarding: it was
  // the hottest line of a matmul's launch); the key is built for a new
  // site only.
  const bool write = curWrite();
  const uint8_t atomic = cur_->atomic;
  auto same = [&](const GmAccess &s) {
    return s.write == write && s.atomic == atomic && s.pipe == en.pipe &&
           s.op == en.op && s.loc.file == en.loc.file &&
           s.loc.line == en.loc.line && s.epoch == gmEpoch_;
  };
  uint32_t &slot =
      siteSlot_[(en.loc.line * 31u + (reinterpret_cast<uintptr_t>(en.op) >> 4) +
                 static_cast<uint32_t>(en.pipe) * 7u + write + gmEpoch_ * 13u) %
                siteSlot_.size()];
  GmSite *site = nullptr;
  if (slot && same(gmSites_[slot - 1].site)) {
    site = &gmSites_[slot - 1];
  } else {
    for (size_t i = 0; i < gmSites_.size() && !site; ++i)
      if (same(gmSites_[i].site)) {
        site = &gmSites_[i];
        slot = static_cast<uint32_t>(i + 1);
      }
    if (!site) {
      GmAccess key{0,     0,      write,   atomic,  en.pipe,
                   en.op, en.loc, gmCore_, gmEpoch_};
      if (gmSites_.empty())
        gmSites_.reserve(16);
      gmSites_.push_back(GmSite{key, {}, 0, {}, 0});
      site = &gmSites_.back();
      slot = static_cast<uint32_t>(gmSites_.size());
    }
  }
  return *site;
}

void RaceDetector::mergeGm(GmSite &siteRef, uint64_t start, uint64_t end) {
  GmSite *site = &siteRef;
  struct {
    uint64_t start, end;
  } e{start, end};
  // Merge [start, end) with every range it overlaps or touches. First try
  // the range extended last and the next one: a strided access's rows
  // extend consecutive ranges.
  auto &r = site->ranges;
  for (size_t h = site->hint; h < r.size() && h <= site->hint + 1; ++h) {
    auto &x = r[h];
    if (x.first <= e.end && e.start <= x.second &&
        (h + 1 == r.size() || r[h + 1].first > e.end) &&
        (h == 0 || r[h - 1].second < e.start)) {
      x.first = std::min(x.first, e.start);
      x.second = std::max(x.second, e.end);
      site->hint = h;
      return;
    }
  }
  auto lo = std::partition_point(
      r.begin(), r.end(), [&](const auto &x) { return x.second < e.start; });
  auto hi = lo;
  while (hi != r.end() && hi->first <= e.end)
    ++hi;
  site->hint = static_cast<size_t>(lo - r.begin());
  if (lo == hi) {
    r.insert(lo, {e.start, e.end});
    if (++gmRanges_ > stats_.gmPeak)
      stats_.gmPeak = gmRanges_;
    return;
  }
  lo->first = std::min(lo->first, e.start);
  lo->second = std::max((hi - 1)->second, e.end);
  gmRanges_ -= static_cast<uint64_t>(hi - lo - 1);
  r.erase(lo + 1, hi);
}

std::vector<GmAccess> RaceDetector::takeGmAccesses() {
  if (memoMode_ == MemoMode::Match && memoNext_ == memoEnd_) {
    // The recorded launch's summary after its last call (forgotten once
    // taken, as below).
    std::vector<GmAccess> out;
    if (!memoTaken_)
      out = memo_->summary;
    memoTaken_ = true;
    return out;
  }
  std::vector<GmAccess> out = gmSummary();
  gmSites_.clear();
  siteSlot_.fill(0);
  gmRanges_ = 0;
  if (memoMode_ == MemoMode::Record && !memo_->summaryTaken) {
    memo_->summary = out;
    memo_->summaryTaken = true;
  }
  return out;
}

std::vector<GmAccess> RaceDetector::gmSummary() const {
  if (memoMode_ == MemoMode::Match) {
    if (memoNext_ == memoEnd_)
      return memoTaken_ ? std::vector<GmAccess>{} : memo_->summary;
    settle();
  }
  std::vector<GmAccess> out;
  out.reserve(gmRanges_);
  for (const GmSite &s : gmSites_) {
    for (const auto &[start, end] : s.ranges) {
      GmAccess g = s.site;
      g.start = start;
      g.end = end;
      out.push_back(g);
    }
    for (const GmStrided &x : s.strided) {
      GmAccess g = s.site;
      g.start = x.base;
      g.end = x.base + x.len;
      g.stride = x.stride;
      g.count = x.count;
      out.push_back(g);
    }
  }
  return out;
}

std::vector<GmAccess> RaceDetector::gmAccesses() const {
  return expandGmSummary(gmSummary());
}

std::vector<GmAccess> expandGmSummary(const std::vector<GmAccess> &summary) {
  std::vector<GmAccess> out;
  out.reserve(summary.size());
  std::vector<std::pair<uint64_t, uint64_t>> rows;
  for (size_t i = 0; i < summary.size();) {
    size_t j = i + 1;
    bool strided = summary[i].count > 1;
    while (j < summary.size() && summary[j].sameSite(summary[i]) &&
           summary[j].core == summary[i].core) {
      strided |= summary[j].count > 1;
      ++j;
    }
    if (!strided) { // merged ranges already
      out.insert(out.end(), summary.begin() + static_cast<std::ptrdiff_t>(i),
                 summary.begin() + static_cast<std::ptrdiff_t>(j));
      i = j;
      continue;
    }
    rows.clear();
    for (size_t k = i; k < j; ++k)
      for (uint32_t r = 0; r < summary[k].count; ++r)
        rows.emplace_back(summary[k].start + r * summary[k].stride,
                          summary[k].end + r * summary[k].stride);
    std::sort(rows.begin(), rows.end());
    GmAccess g = summary[i];
    g.stride = 0;
    g.count = 1;
    g.start = rows.front().first;
    g.end = rows.front().second;
    for (size_t k = 1; k < rows.size(); ++k) {
      if (rows[k].first <= g.end) {
        g.end = std::max(g.end, rows[k].second);
      } else {
        out.push_back(g);
        g.start = rows[k].first;
        g.end = rows[k].second;
      }
    }
    out.push_back(g);
    i = j;
  }
  return out;
}

RaceStats RaceDetector::stats() const {
  if (memoMode_ == MemoMode::Match) {
    if (memoNext_ == memoEnd_)
      return memo_->stats;
    settle();
  }
  RaceStats s = stats_;
  s.logPeak = std::max<uint64_t>(s.logPeak, log_.size());
  s.segmentPeak = std::max<uint64_t>(
      s.segmentPeak, ub_.size() + l1_.segments() + bucketSegments(gm_local_));
  return s;
}

void RaceDetector::report(const Side &a, const Side &b) {
  // Name the pair in program order: the user reads the kernel top down.
  const Side &prev = a.seq <= b.seq ? a : b;
  const Side &cur = a.seq <= b.seq ? b : a;
  std::string key = std::to_string(prev.write) + std::to_string(cur.write) +
                    std::to_string(prev.atomic) + "/" +
                    std::to_string(cur.atomic) + pipeName(prev.pipe) +
                    formatLoc(prev.loc) + pipeName(cur.pipe) +
                    formatLoc(cur.loc) + memName(cur.mem);
  if (auto it = open_.find(key); it != open_.end()) {
    // Another piece of the same two instructions (the next segment or
    // bucket of one access): report the bytes as one range when they join
    // up. A later instance of the lines (the next loop iteration) is not.
    auto &[p, c] = races_[it->second];
    if (p.seq == prev.seq && c.seq == cur.seq && p.start <= cur.end &&
        cur.start <= p.end) {
      p.start = c.start = std::min(p.start, cur.start);
      p.end = c.end = std::max(p.end, cur.end);
    }
    return;
  }
  if (races_.size() >= 4 * kMaxReportsPerCore || !reported_.insert(key).second)
    return;
  open_.emplace(std::move(key), races_.size());
  races_.emplace_back(prev, cur);
}

std::vector<Diagnostic> RaceDetector::takeDiagnostics() {
  // A same-pipe overlap whose later instruction (its line) also races with
  // another pipe on the same memory is a consequence: the missing cross-pipe
  // flag would order it too. Report the cause only.
  auto site = [](const Side &e) {
    return std::string(pipeName(e.pipe)) + formatLoc(e.loc) + memName(e.mem);
  };
  std::set<std::string> crossSites;
  for (auto &[prev, cur] : races_)
    if (prev.pipe != cur.pipe) {
      crossSites.insert(site(cur));
      crossSites.insert(site(prev));
    }
  std::vector<Diagnostic> out;
  for (auto &[prev, cur] : races_) {
    if (prev.pipe == cur.pipe && crossSites.count(site(cur)))
      continue;
    if (out.size() < kMaxReportsPerCore)
      out.push_back(diagnose(prev, cur));
  }
  races_.clear();
  open_.clear();
  return out;
}

Diagnostic RaceDetector::diagnose(const Side &prev, const Side &cur) const {
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
  Note hint;
  if (hint_)
    hint = hint_(cur.mem, s, e, prev.pipe, cur.pipe);
  // Without a framework hint (static tensors), name the event that orders
  // the pair, so that the message says which flag to add.
  if (hint.message.empty() && prev.pipe != cur.pipe && cur.pipe != Pipe::S)
    if (const EventInfo *ev = eventBetween(prev.pipe, cur.pipe))
      how += std::string(" (use event ") + ev->name +
             ": set_flag after the earlier access, wait_flag before this "
             "one)";
  std::string msg =
      std::string(kind) + " hazard on " + formatRange(cur.mem, s, e, gm_) +
      ": " + describeAccess(prev.pipe, prev.op, prev.loc, prev.atomic) +
      " \u2192 " + describeAccess(cur.pipe, cur.op, cur.loc, cur.atomic) +
      ", " + how;
  std::vector<Note> notes{
      makeNote("the earlier " + accessVerb(prev.write, prev.atomic) + " by " +
                   pipeName(prev.pipe) + " " + prev.op,
               prev.loc)};
  if (!hint.message.empty())
    notes.push_back(std::move(hint));
  Diagnostic d = makeDiagnostic("race", msg, cur.loc, std::move(notes));
  d.severity = severity_;
  d.order = cur.seq;
  return d;
}

void RaceDetector::barrier(Pipe p) {
  clocks_[idx(p)][idx(p)] = pending_[idx(p)];
  if (p == Pipe::S)
    scalarChanged();
}

void RaceDetector::pipeToScalar(Pipe p) {
  VectorClock &s = clocks_[idx(Pipe::S)];
  s.join(clocks_[idx(p)]);
  if (s[idx(p)] < pending_[idx(p)])
    s[idx(p)] = pending_[idx(p)];
  scalarChanged();
}

void RaceDetector::drainAll() {
  VectorClock &s = clocks_[idx(Pipe::S)];
  for (int p = 0; p < kNumPipes; ++p) {
    s.join(clocks_[p]);
    if (s[p] < pending_[p])
      s[p] = pending_[p];
  }
  scalarChanged();
}

//===----------------------------------------------------------------------===//
// Cross-core
//===----------------------------------------------------------------------===//

std::vector<Diagnostic> crossCoreRaces(
    const std::vector<const std::vector<GmAccess> *> &logs, Severity severity,
    const GmMap &gm,
    const std::function<bool(const GmAccess &, const GmAccess &)> &ordered,
    const std::vector<CrossCoreName> &names) {
  auto nameOf = [&](uint32_t c) {
    return c < names.size() ? names[c].name : "block " + std::to_string(c);
  };
  auto blockOf = [&](uint32_t c) {
    return c < names.size() ? names[c].block : static_cast<int64_t>(c);
  };
  // Cores of one block (a MIX launch's AIC and AIVs) are named apart.
  const bool blocksOnly = names.empty() || !names.front().coreOfBlock;
  struct Item {
    uint64_t start, end;
    uint32_t block;
    const GmAccess *a;
  };
  // A pair can be reported only if some row of one overlaps some row of the
  // other, they conflict and no sync orders them. First find the items of
  // such pairs on the summaries as they are (a strided item is one item,
  // the hull of its rows; overlap is then decided row against rows), then
  // sweep the union row by row of only the sites holding one: the other
  // ranges take part in no reported pair, so the reports (pairs, order,
  // ranges, the cap) are those of the sweep over everything.
  std::vector<Item> items;
  size_t total = 0;
  for (uint32_t b = 0; b < logs.size(); ++b)
    if (logs[b])
      total += logs[b]->size();
  items.reserve(total);
  for (uint32_t b = 0; b < logs.size(); ++b)
    if (logs[b])
      for (const GmAccess &a : *logs[b])
        items.push_back(Item{a.start, a.last(), b, &a});
  // By start, then core, then summary order (a total order: the same
  // sweep whatever the sort's algorithm).
  auto byStart = [](const Item &x, const Item &y) {
    if (x.start != y.start)
      return x.start < y.start;
    if (x.block != y.block)
      return x.block < y.block;
    return x.a < y.a;
  };
  std::sort(items.begin(), items.end(), byStart);
  auto conflict = [&](const GmAccess &x, const GmAccess &y) {
    return conflicting(x.write, x.atomic, y.write, y.atomic) &&
           !(ordered && (ordered(x, y) || ordered(y, x)));
  };
  std::vector<uint8_t> hot(total, 0); // by index in the concatenated logs
  std::vector<size_t> firstOf(logs.size(), 0);
  for (uint32_t b = 1; b < logs.size(); ++b)
    firstOf[b] = firstOf[b - 1] + (logs[b - 1] ? logs[b - 1]->size() : 0);
  auto slot = [&](const Item &x) {
    return firstOf[x.block] + static_cast<size_t>(x.a - logs[x.block]->data());
  };
  // Calls pair(earlier, later) for every two items (sorted by start) of
  // different blocks that overlap and conflict, until it returns false.
  auto sweep = [](const std::vector<Item> &sorted, auto &&pair) {
    std::vector<const Item *> active; // items whose end is beyond the sweep
    for (const Item &it : sorted) {
      active.erase(
          std::remove_if(active.begin(), active.end(),
                         [&](const Item *o) { return o->end <= it.start; }),
          active.end());
      for (const Item *o : active)
        if (o->block != it.block &&
            conflicting(o->a->write, o->a->atomic, it.a->write, it.a->atomic) &&
            !pair(*o, it))
          return;
      active.push_back(&it);
    }
  };
  bool any = false;
  sweep(items, [&](const Item &o, const Item &it) {
    uint8_t &ho = hot[slot(o)], &hi = hot[slot(it)];
    if (!(ho && hi) && rowsOverlap(*o.a, *it.a) && conflict(*o.a, *it.a)) {
      ho = hi = 1;
      any = true;
    }
    return true;
  });
  if (!any)
    return {};
  // The union row by row of every site holding a hot item.
  std::vector<std::vector<GmAccess>> expanded(logs.size());
  for (uint32_t b = 0; b < logs.size(); ++b) {
    if (!logs[b])
      continue;
    const std::vector<GmAccess> &log = *logs[b];
    std::vector<GmAccess> sites;
    for (size_t i = 0; i < log.size();) {
      size_t j = i + 1;
      bool keep = hot[firstOf[b] + i];
      while (j < log.size() && log[j].sameSite(log[i]) &&
             log[j].core == log[i].core) {
        keep |= hot[firstOf[b] + j] != 0;
        ++j;
      }
      if (keep)
        sites.insert(sites.end(), log.begin() + static_cast<std::ptrdiff_t>(i),
                     log.begin() + static_cast<std::ptrdiff_t>(j));
      i = j;
    }
    expanded[b] = expandGmSummary(sites);
  }
  items.clear();
  for (uint32_t b = 0; b < logs.size(); ++b)
    for (const GmAccess &a : expanded[b])
      items.push_back(Item{a.start, a.end, b, &a});
  std::sort(items.begin(), items.end(), byStart);

  std::vector<Diagnostic> out;
  std::set<std::string> seen;
  sweep(items, [&](const Item &oi, const Item &it) {
    const Item *o = &oi;
    // Ordered by the sync the cores used (cross-core flags, ib_set ->
    // ib_wait, ...): no race.
    if (ordered && (ordered(*o->a, *it.a) || ordered(*it.a, *o->a)))
      return true;
    const Item *lop = o->block < it.block ? o : &it;
    const Item *hip = o->block < it.block ? &it : o;
    // Between the cores of a MIX launch, a write and a read are named
    // write first (the reader's line is the report's).
    if (!blocksOnly && !lop->a->write && hip->a->write)
      std::swap(lop, hip);
    const Item &lo = *lop;
    const Item &hi = *hip;
    const char *kind = lo.a->write && hi.a->write ? "WAW"
                       : lo.a->write              ? "RAW"
                                                  : "WAR";
    std::string key = std::string(kind) + std::to_string(lo.a->atomic) + "/" +
                      std::to_string(hi.a->atomic) + formatLoc(lo.a->loc) +
                      formatLoc(hi.a->loc);
    if (!seen.insert(key).second)
      return true;
    if (out.size() >= kMaxCrossCoreReports)
      return false;
    uint64_t s = std::max(lo.start, hi.start), e = std::min(lo.end, hi.end);
    std::string msg =
        std::string("cross-core ") + kind + " hazard on " +
        formatRange(Mem::GM, s, e, gm) + ": " + nameOf(lo.block) + " " +
        describeAccess(lo.a->pipe, lo.a->op, lo.a->loc, lo.a->atomic) +
        " and " + nameOf(hi.block) + " " +
        describeAccess(hi.a->pipe, hi.a->op, hi.a->loc, hi.a->atomic) +
        (blocksOnly
             ? " touch the same bytes; blocks of one launch are not ordered. "
               "Give each block its own part of the array"
             : " touch the same bytes and no cross-core sync orders them "
               "(a cross_core_set_flag after the first and the "
               "cross_core_wait_flag it satisfies before the second, "
               "sync_all, ...)");
    std::string first = nameOf(lo.block);
    if (!blocksOnly && !first.empty() && first[0] == 't')
      first[0] = 'T'; // "The AIC of block 0's write"
    Diagnostic d = makeDiagnostic(
        "race", msg, hi.a->loc,
        {makeNote(first + "'s " + accessVerb(lo.a->write, lo.a->atomic),
                  lo.a->loc)});
    d.severity = severity;
    d.block = blockOf(hi.block);
    d.order = ~0ull;
    out.push_back(std::move(d));
    return true;
  });
  return out;
}

} // namespace ascsim
