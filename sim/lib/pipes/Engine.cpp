//===- pipes/Engine.cpp - Per-core in-order pipe queues ---------*- C++ -*-===//

#include "pipes/Engine.h"

#include "ops/CubeOps.h"
#include "ops/FastPaths.h"
#include "ops/VectorOps.h"
#include "support/Fault.h"
#include "support/PerThread.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <algorithm>
#include <cstring>

namespace ascsim {

namespace {
/// In-flight instructions a small kernel reaches; reserved up front so that
/// a launch does not grow the lists one doubling (one malloc) at a time.
constexpr size_t kInFlightReserve = 16;
/// Room for pending completions: the list moves to the front of its buffer
/// when it reaches the end (growPending), about once per this many
/// completions.
constexpr uint32_t kPendingReserve = 64;
/// Set when the thread's Store is destroyed (thread exit): an engine
/// destroyed after that frees its storage.
thread_local bool tStoreGone = false;
} // namespace

struct Engine::Store {
  Store() = default;
  Store(const Store &) = delete;
  Store &operator=(const Store &) = delete;
  ~Store() { tStoreGone = true; }
  bool full = false; // holds an engine's storage
  std::array<InstrQueue::Buffer, kNumPipes> queues;
  std::vector<InFlight> slots;
  std::vector<uint32_t> freeSlots;
  std::unique_ptr<Pending[]> pendBuf;
  uint32_t pendCap = 0;
  Fifo<VecInFlight> vecInFlight;
};

Engine::Store *Engine::threadStore() {
  if (tStoreGone)
    return nullptr;
  return &perThread<Store>(); // support/PerThread.h
}

Engine::Engine(FlagTable &flags) : flags_(flags) {
  Store *store = threadStore();
  if (!store || !store->full) { // the first engine on this thread (or one
                                // is running)
    slots_.reserve(kInFlightReserve);
    freeSlots_.reserve(kInFlightReserve);
    growPending();
  } else {
    Store &st = *store;
    st.full = false;
    for (int p = 0; p < kNumPipes; ++p)
      pipes_[p].queue.adopt(std::move(st.queues[p]));
    // The slots come back free, their staging buffers kept.
    slots_ = std::move(st.slots);
    freeSlots_ = std::move(st.freeSlots);
    pendBuf_ = std::move(st.pendBuf);
    pendCap_ = st.pendCap;
    vecInFlight_ = std::move(st.vecInFlight);
  }
  pendBuf_[0].due = kNever; // the sentinel of the empty list
}

Engine::~Engine() {
  Store *store = threadStore();
  if (!store || store->full) // another engine's storage is kept already
    return;
  Store &st = *store;
  for (int p = 0; p < kNumPipes; ++p)
    st.queues[p] = pipes_[p].queue.release();
  // Every slot free, in index order (what a new engine's allocSlot would
  // hand out does not change what runs: a slot is only storage).
  freeSlots_.clear();
  for (uint32_t i = static_cast<uint32_t>(slots_.size()); i-- > 0;) {
    slots_[i].vec.reset();
    slots_[i].cube.reset();
    slots_[i].thenSet = false;
    freeSlots_.push_back(i);
  }
  st.slots = std::move(slots_);
  st.freeSlots = std::move(freeSlots_);
  st.pendBuf = std::move(pendBuf_);
  st.pendCap = pendCap_;
  vecInFlight_.clear();
  st.vecInFlight = std::move(vecInFlight_);
  st.full = true;
}

void Engine::push(Instr &&instr) {
  int p = idx(instr.pipe);
  pipes_[p].queue.push_back(std::move(instr));
  queuedPipes_ |= 1u << p;
}

[[gnu::always_inline]] inline uint32_t Engine::allocSlot() {
  if (!freeSlots_.empty()) {
    uint32_t s = freeSlots_.back();
    freeSlots_.pop_back();
    return s;
  }
  slots_.emplace_back();
  return static_cast<uint32_t>(slots_.size() - 1);
}

void Engine::growPending() {
  const uint32_t n = pendEnd_ - pendHead_;
  if (pendHead_ > 0) {
    std::memmove(pendBuf_.get(), pendBuf_.get() + pendHead_,
                 n * sizeof(Pending));
  } else {
    const uint32_t cap = pendCap_ == 0 ? kPendingReserve : pendCap_ * 2;
    std::unique_ptr<Pending[]> bigger(new Pending[cap]);
    if (n > 0)
      std::memcpy(bigger.get(), pendBuf_.get(), n * sizeof(Pending));
    pendBuf_ = std::move(bigger);
    pendCap_ = cap;
  }
  pendHead_ = 0;
  pendEnd_ = n;
  pendBuf_[n].due = kNever;
}

[[gnu::always_inline]] inline Engine::Pending &Engine::schedule(uint64_t cycle,
                                                                uint64_t seq) {
  // Sorted insertion from the back, earliest first: a new completion is
  // usually the latest, so it lands at the back after one comparison. Of
  // equal keys (the instructions of one call), the first scheduled lands
  // first.
  if (pendEnd_ + 1 == pendCap_) // no room for the entry and the sentinel
    growPending();
  Pending *buf = pendBuf_.get();
  uint32_t i = pendEnd_++;
  buf[pendEnd_].due = kNever;
  for (; i > pendHead_ && (buf[i - 1].due != cycle ? buf[i - 1].due > cycle
                                                   : buf[i - 1].seq > seq);
       --i)
    buf[i] = buf[i - 1];
  Pending &p = buf[i];
  p.due = cycle;
  p.seq = seq;
  return p;
}

void Engine::postFlagSet(uint8_t event, uint8_t id, uint64_t cycle,
                         uint64_t seq, Loc loc) {
  const uint64_t at = std::max(cycle, now_);
  pendFlagSet(Pipe::S, event, id, loc, seq, at, at);
}

[[gnu::always_inline]] inline void
Engine::pendFlagSet(Pipe p, uint8_t event, uint8_t id, Loc loc, uint64_t seq,
                    uint64_t started, uint64_t due) {
  uint32_t s = kNoSlot;
  if (race_ || trace_) {
    s = allocSlot();
    InFlight &f = slots_[s];
    if (race_)
      race_->flagClock(p, f.clock);
    f.started = started;
  }
  Pending &pd = schedule(due, seq);
  pd.slot = s;
  pd.flag = true;
  pd.event = event;
  pd.id = id;
  pd.pipe = p;
  pd.loc = loc;
}

namespace {

/// A copy out to GM (MTE3) of at least this many bytes is stored with
/// non-temporal stores (copyOut).
constexpr uint64_t kStreamBytes = 8 * 1024;

/// memcpy for an MTE3 copy: a large one with non-temporal stores, which do
/// not read the destination's lines into the cache first (a kernel's output
/// tiles are written once and not read back by the core; glibc's memcpy
/// stores through the cache below a few MiB). The same bytes either way; the
/// sfence makes them visible before anything this thread stores after it.
void copyOut(uint8_t *dst, const uint8_t *src, uint64_t n) {
#ifdef __SSE2__
  if (n >= kStreamBytes) {
    const uint64_t head = (16 - reinterpret_cast<uintptr_t>(dst) % 16) % 16;
    std::memcpy(dst, src, head);
    uint64_t i = head;
    for (; i + 64 <= n; i += 64) {
      __m128i v[4];
      for (int k = 0; k < 4; ++k)
        v[k] = _mm_loadu_si128(
            reinterpret_cast<const __m128i *>(src + i + 16 * k));
      for (int k = 0; k < 4; ++k)
        _mm_stream_si128(reinterpret_cast<__m128i *>(dst + i + 16 * k), v[k]);
    }
    std::memcpy(dst + i, src + i, n - i);
    _mm_sfence();
    return;
  }
#endif
  std::memcpy(dst, src, n);
}

[[gnu::always_inline]] inline std::array<std::pair<uintptr_t, uintptr_t>, 3>
rangesOf(const Work &w) {
  if (w.kind == WorkKind::Vector)
    return w.vec->hulls;
  if (w.kind == WorkKind::Cube) // never on PIPE_V
    return {};
  uint64_t srcBytes = w.count * dtypeSize(w.type);
  auto range = [](const uint8_t *p, uint64_t n) {
    uintptr_t a = reinterpret_cast<uintptr_t>(p);
    return std::make_pair(a, p ? a + n : a);
  };
  return {range(w.dst, resultBytes(w)), range(w.src0, srcBytes),
          range(nullptr, 0)};
}

bool overlaps(std::pair<uintptr_t, uintptr_t> a,
              std::pair<uintptr_t, uintptr_t> b) {
  return a.first < b.second && b.first < a.second;
}

} // namespace

bool &lazyLandingEnabled() {
  static bool on = true;
  return on;
}

void Engine::setUb(uint8_t *base, uint64_t bytes) {
  if (!lazyLandingEnabled() || !base)
    return;
  lazyUb_ = base;
  lazyUbEnd_ = base + bytes;
}

namespace {
bool overlapping(const uint8_t *a, uint64_t an, const uint8_t *b, uint64_t bn) {
  return a < b + bn && b < a + an;
}
bool inside(const uint8_t *a, uint64_t an, const uint8_t *b, uint64_t bn) {
  return a >= b && a + an <= b + bn;
}
} // namespace

void Engine::materialiseLazyAt(uint32_t i) {
  const Lazy &l = lazy_[i];
  std::memcpy(l.ub, l.gm, l.n);
  dropLazyAt(i);
}

void Engine::evaluateDeferredAt(uint32_t i) {
  const Deferred &d = deferred_[i];
  evaluateElementwiseDirect(*d.vec, d.src0, d.src1);
  dropDeferredAt(i);
}

void Engine::dropDeferredAt(uint32_t i) {
  for (uint32_t k = i + 1; k < deferCount_; ++k)
    deferred_[k - 1] = std::move(deferred_[k]);
  deferred_[--deferCount_].vec.reset();
}

void Engine::forgetDeferred() {
  for (uint32_t i = 0; i < deferCount_; ++i)
    deferred_[i].vec.reset();
  deferCount_ = 0;
}

void Engine::evaluateDeferredTouching(const uint8_t *p, uint64_t n,
                                      const uint8_t *w, uint64_t wn) {
  for (uint32_t i = 0; i < deferCount_;) {
    const Deferred &d = deferred_[i];
    if (overlapping(d.vec->out, d.n, p, n) ||
        (w && (overlapping(d.src0, d.n, w, wn) ||
               (d.src1 && overlapping(d.src1, d.n, w, wn)))))
      evaluateDeferredAt(i);
    else
      ++i;
  }
}

void Engine::materialiseLazyAll() {
  // The deferred instructions read GM only and write outside the lazy
  // ranges: they go first, in any order (their destinations are disjoint).
  for (uint32_t i = 0; i < deferCount_; ++i) {
    const Deferred &d = deferred_[i];
    evaluateElementwiseDirect(*d.vec, d.src0, d.src1);
  }
  forgetDeferred();
  // Pending copies never overlap: any order.
  for (uint32_t i = 0; i < lazyCount_; ++i)
    std::memcpy(lazy_[i].ub, lazy_[i].gm, lazy_[i].n);
  lazyCount_ = 0;
}

void Engine::landLazy(uint8_t *dst, const uint8_t *src, uint64_t n) {
  // A pending copy this one overwrites whole is dropped; one it overlaps in
  // part lands first. Pending copies never overlap each other.
  for (uint32_t i = 0; i < lazyCount_;) {
    const Lazy &l = lazy_[i];
    if (!overlapping(l.ub, l.n, dst, n))
      ++i;
    else if (inside(l.ub, l.n, dst, n))
      dropLazyAt(i);
    else
      materialiseLazyAt(i);
  }
  if (n < kLazyMinBytes) {
    std::memcpy(dst, src, n);
    return;
  }
  if (lazyCount_ == kMaxLazy)
    materialiseLazyAll();
  lazy_[lazyCount_++] = {dst, src, n};
}

void Engine::copyOutLazy(uint8_t *dst, const uint8_t *src, uint64_t n) {
  // A deferred instruction whose GM sources it overwrites is evaluated
  // first, as is one whose destination it reads other than a whole number
  // of elements inside it; one it reads inside its destination is evaluated
  // straight into the copy's GM destination below (and stays deferred: its
  // UB bytes may still be read).
  const Deferred *into = nullptr;
  if (deferCount_ != 0) {
    for (uint32_t i = 0; i < deferCount_;) {
      const Deferred &d = deferred_[i];
      const uint8_t *out = d.vec->out;
      const uint64_t es = dtypeSize(d.vec->dt);
      const bool writesSource = overlapping(d.src0, d.n, dst, n) ||
                                (d.src1 && overlapping(d.src1, d.n, dst, n));
      const bool part =
          inside(src, n, out, d.n) && (src - out) % es == 0 && n % es == 0;
      if (writesSource || (overlapping(out, d.n, src, n) && !part))
        evaluateDeferredAt(i);
      else
        ++i;
    }
    for (uint32_t i = 0; i < deferCount_; ++i)
      if (overlapping(deferred_[i].vec->out, deferred_[i].n, src, n))
        into = &deferred_[i];
  }
  // Its UB source, and every pending copy whose GM source it overwrites,
  // land first.
  for (uint32_t i = 0; i < lazyCount_;) {
    const Lazy &l = lazy_[i];
    if (overlapping(l.ub, l.n, src, n) || overlapping(l.gm, l.n, dst, n))
      materialiseLazyAt(i);
    else
      ++i;
  }
  if (into)
    evaluateInto(*into, dst, src - into->vec->out, n);
  else
    copyOut(dst, src, n);
}

void Engine::evaluateInto(const Deferred &d, uint8_t *dst, uint64_t off,
                          uint64_t n) {
  // A large part is stored with non-temporal stores, as the copy out it
  // replaces (an output tile is not read back): float32 + - * / computed
  // straight into GM, the other forms through an L1-sized buffer a chunk at
  // a time.
  if (n < kStreamBytes) {
    evaluateElementwisePart(*d.vec, dst, d.src0, d.src1, off, n);
    return;
  }
  if (evaluateElementwisePartStreamed(*d.vec, dst, d.src0, d.src1, off, n))
    return;
  alignas(64) uint8_t tmp[kStreamBytes];
  for (uint64_t k = 0; k < n; k += kStreamBytes) {
    const uint64_t c = std::min(n - k, kStreamBytes);
    evaluateElementwisePart(*d.vec, tmp, d.src0, d.src1, off + k, c);
    copyOut(dst + k, tmp, c);
  }
}

void Engine::evaluateVecDirectLazy(const std::shared_ptr<const VecInstr> &vec) {
  // elementwiseDirect's form: the destination's bytes are exactly the
  // written ones, every source is as long and contiguous, and disjoint from
  // the destination or exactly it.
  const VecInstr &in = *vec;
  uint8_t *out = in.out;
  const uint64_t n = in.hulls[0].second - in.hulls[0].first;
  const VecOperand &a = in.operand(Role::Src0), &b = in.operand(Role::Src1);
  if (deferCount_ != 0) {
    // Deferred instructions it reads, or whose destination it overwrites
    // in part, are evaluated first; one it overwrites whole is dropped
    // below.
    evaluateDeferredTouching(a.base, n, nullptr, 0);
    if (b.used)
      evaluateDeferredTouching(b.base, n, nullptr, 0);
    for (uint32_t i = 0; i < deferCount_;) {
      const Deferred &d = deferred_[i];
      if (overlapping(d.vec->out, d.n, out, n) &&
          !inside(d.vec->out, d.n, out, n))
        evaluateDeferredAt(i);
      else
        ++i;
    }
  }
  // A pending copy the result overwrites in part lands first.
  for (uint32_t i = 0; i < lazyCount_;) {
    const Lazy &l = lazy_[i];
    if (overlapping(l.ub, l.n, out, n) && !inside(l.ub, l.n, out, n))
      materialiseLazyAt(i);
    else
      ++i;
  }
  // A source inside a pending copy is read from its GM source; one that
  // overlaps it in part makes it land.
  auto source = [&](const uint8_t *p) {
    if (!p)
      return p;
    for (uint32_t i = 0; i < lazyCount_;) {
      const Lazy &l = lazy_[i];
      if (!overlapping(l.ub, l.n, p, n)) {
        ++i;
      } else if (inside(p, n, l.ub, l.n)) {
        return l.gm + (p - l.ub);
      } else {
        materialiseLazyAt(i);
      }
    }
    return p;
  };
  const uint8_t *src0 = source(a.base);
  const uint8_t *src1 = b.used ? source(b.base) : b.base;
  // Every source read from GM: its result is deferred (Deferred), else
  // computed now.
  const bool defer = src0 != a.base && (!b.used || src1 != b.base);
  if (!defer)
    evaluateElementwiseDirect(in, src0, src1);
  // The pending copies and deferred instructions it overwrote whole are
  // gone.
  for (uint32_t i = 0; i < lazyCount_;) {
    if (overlapping(lazy_[i].ub, lazy_[i].n, out, n))
      dropLazyAt(i);
    else
      ++i;
  }
  for (uint32_t i = 0; i < deferCount_;) {
    if (overlapping(deferred_[i].vec->out, deferred_[i].n, out, n))
      dropDeferredAt(i);
    else
      ++i;
  }
  if (!defer)
    return;
  if (deferCount_ == kMaxDeferred)
    evaluateDeferredAt(0);
  deferred_[deferCount_++] = {vec, src0, b.used ? src1 : nullptr, n};
}

uint64_t Engine::vectorDependency(const Instr &h) const {
  if (vecInFlight_.empty())
    return 0;
  auto mine = rangesOf(h.work);
  for (const VecInFlight &f : vecInFlight_) {
    if (f.done <= now_)
      continue;
    bool dep = overlaps(mine[0], f.r[0]) || overlaps(mine[0], f.r[1]) ||
               overlaps(mine[0], f.r[2]) || overlaps(mine[1], f.r[0]) ||
               overlaps(mine[2], f.r[0]);
    if (dep) // the compiler's pipe_barrier(PIPE_V): wait for all earlier V
      return pipes_[idx(Pipe::V)].lastDone;
  }
  return 0;
}

[[gnu::always_inline]] inline uint64_t
Engine::headStart(const PipeState &ps) const {
  const Instr &h = ps.queue.front(); // step asks only non-empty queues
  uint64_t t = std::max(std::max(ps.freeAt, h.issue), now_);
  switch (h.kind) {
  case InstrKind::Work:
    if (h.pipe == Pipe::V)
      return std::max(t, vectorDependency(h));
    return t;
  case InstrKind::UnitWork:
    return unitStart(h, t);
  case InstrKind::SetFlag:
    return t;
  case InstrKind::Barrier:
    return std::max(t, ps.lastDone);
  case InstrKind::WaitFlag:
    if (!flags_.isSet(h.event, h.id))
      return kNever;
    return std::max(t, flags_.setCycle(h.event, h.id));
  }
  return t;
}

[[gnu::always_inline]] inline uint64_t
Engine::scheduleSetFlag(Pipe p, uint8_t event, uint8_t id, Loc loc,
                        uint64_t seq, uint64_t cycle) {
  PipeState &ps = pipes_[idx(p)];
  const uint64_t fire = std::max(cycle, ps.lastDone);
  if (fire > cycle && !trace_ && event != kCrossCoreEvent) {
    // It fires when the pipe's last work lands (pending, as it is due after
    // now): it rides on that work's slot, unless another set does already.
    InFlight &w = slots_[ps.lastSlot];
    if (!w.thenSet) {
      w.thenSet = true;
      w.setEvent = event;
      w.setId = id;
      w.setSeq = seq;
      w.setLoc = loc;
      if (race_)
        race_->flagClock(p, w.setClock);
      return fire;
    }
  }
  pendFlagSet(p, event, id, loc, seq, cycle, fire);
  return fire;
}

// Inlined into the run loops too (its call, prologue and epilogue were a
// sixth of a work start).
[[gnu::always_inline]] inline uint64_t Engine::startWork(int pi, Instr &h,
                                                         uint64_t cycle) {
  const Pipe p = static_cast<Pipe>(pi);
  PipeState &ps = pipes_[pi];
  // Used in place (an Instr is a few hundred bytes) and popped at the end.
  // Its scalar fields are read into locals first: the stores below go
  // through byte-typed pointers, after which the compiler would load every
  // field of `h` again.
  const uint64_t seq = h.site.seq;
  const Loc loc = h.site.loc;
  const uint64_t occupancy = h.cost.occupancy;
  const uint64_t done = cycle + occupancy + h.cost.latency;
  blocked_ &= ~(1u << pi); // the head changes
  now_ = cycle;
  if (race_) {
    race_->merge(p, h.issueClock);
    race_->setAccessEpoch(h.gmEpoch);
    race_->access(p, h.site, h.fp);
  }
  Work &w = h.work;
  if (p == Pipe::V) {
    while (!vecInFlight_.empty() && vecInFlight_.front().done <= cycle)
      vecInFlight_.pop_front();
    // Filled in place (a VecInFlight built on the stack and copied in
    // stalled on store forwarding).
    VecInFlight &v = vecInFlight_.emplace_back();
    v.done = done;
    v.r = rangesOf(w);
  }
  // Staged work reads its sources now, a cube instruction may read them
  // now: the pending lazy copies land first (the direct kinds read them at
  // their completion).
  if (__builtin_expect((lazyCount_ | deferCount_) != 0, 0) &&
      (!w.direct || w.kind == WorkKind::Cube))
    materialiseLazyAll();
  const uint32_t s = allocSlot();
  InFlight &f = slots_[s];
  f.dst = w.dst;
  if (w.kind == WorkKind::Copy) {
    // A copy's result size (resultBytes' Copy case, inline: the call and
    // the registers saved around it were ~17 Ir a direct copy).
    const uint64_t bytes = w.count * dtypeSize(w.type);
    if (w.direct) { // read when it lands: no staging pass
      f.land = p == Pipe::MTE3 ? Land::CopyOut : Land::Copy;
      f.directSrc = w.src0;
      f.directBytes = bytes;
    } else { // evaluate's copy, inline
      f.land = bytes ? Land::Staged : Land::None;
      f.staging.resize(bytes);
      std::memcpy(f.staging.data(), w.src0, bytes);
    }
  } else if (w.kind == WorkKind::Vector) {
    if (w.direct) {
      f.land = Land::VecDirect;
    } else {
      f.land = Land::VecStaged;
      f.staging.resize(resultBytes(w));
      evaluate(w, f.staging.data());
    }
    // h is popped below: its reference moves (no refcount traffic; f's is
    // null, reset at its last completion).
    f.vec = std::move(w.vec);
  } else {
    f.land = Land::Cube;
    f.staging.resize(resultBytes(w));
    evaluate(w, f.staging.data());
    f.cube = std::move(w.cube);
  }
  Pending &pd = schedule(done, seq);
  pd.slot = s;
  pd.flag = false;
  ps.freeAt = cycle + occupancy;
  if (done >= ps.lastDone) {
    ps.lastDone = done;
    ps.lastSlot = s;
  }
  if (cycle >= ps.busyEnd) {
    ps.busy += done - cycle;
    ps.busyEnd = done;
  } else if (done > ps.busyEnd) {
    ps.busy += done - ps.busyEnd;
    ps.busyEnd = done;
  }
  ps.queue.pop_front(h);
  if (ps.queue.empty())
    queuedPipes_ &= ~(1u << pi);
  return done;
}

void Engine::start(Pipe p, uint64_t cycle) {
  const int pi = idx(p);
  PipeState &ps = pipes_[pi];
  Instr &h = ps.queue.front();
  const uint64_t seq = h.site.seq;
  const Loc loc = h.site.loc;
  const char *name = h.site.name;
  if (h.kind == InstrKind::Work) {
    const uint64_t occupancy = h.cost.occupancy;
    const uint64_t done = startWork(pi, h, cycle);
    if (trace_)
      trace_->slices.push_back(
          {p, cycle, cycle + occupancy, name, loc, seq, done});
    return;
  }
  if (h.kind == InstrKind::UnitWork) {
    // A Work whose occupancy and completion the unit flags set (unitBegin
    // writes them into its cost); its records are written after its race
    // access, which startWork made (nothing touches the detector between).
    unitBegin(p, h, cycle);
    const uint64_t occupancy = h.cost.occupancy;
    std::shared_ptr<const cube::CubeInstr> cube = h.work.cube;
    const uint64_t done = startWork(pi, h, cycle);
    unitRecord(p, *cube, seq, cycle, occupancy, done);
    if (trace_)
      trace_->slices.push_back(
          {p, cycle, cycle + occupancy, name, loc, seq, done});
    return;
  }
  if (!trace_)
    return startSync(pi, h, cycle);
  const InstrKind kind = h.kind;
  const uint8_t event = h.event, id = h.id;
  const uint64_t ready = std::max(ps.freeAt, h.issue); // reached the head
  startSync(pi, h, cycle);
  switch (kind) {
  case InstrKind::SetFlag:
    // scheduleSetFlag: the set fires when the pipe's earlier work landed.
    trace_->slices.push_back(
        {p, cycle, cycle + 1, name, loc, seq, std::max(cycle, ps.lastDone)});
    return;
  case InstrKind::WaitFlag: {
    trace_->slices.push_back({p, ready, cycle + 1, name, loc, seq, cycle + 1});
    const EventInfo *info = eventInfo(event);
    trace_->flows.push_back(
        {info->src, p, setStart_[event * kNumEventIds + id], cycle, event, id});
    return;
  }
  default: // Barrier
    trace_->slices.push_back({p, ready, cycle + 1, name, loc, seq, cycle + 1});
    return;
  }
}

// start's SetFlag, WaitFlag and Barrier, inlined into the run loops (6 of
// a tile's 10 instructions are flags: the call and the frame of the general
// start cost more than their work).
[[gnu::always_inline]] inline void Engine::startSync(int pi, Instr &h,
                                                     uint64_t cycle) {
  PipeState &ps = pipes_[pi];
  const Pipe p = static_cast<Pipe>(pi);
  blocked_ &= ~(1u << pi); // the head changes
  now_ = cycle;
  if (race_)
    race_->merge(p, h.issueClock);
  const uint8_t event = h.event, id = h.id;
  switch (h.kind) {
  case InstrKind::SetFlag:
    scheduleSetFlag(p, event, id, h.site.loc, h.site.seq, cycle);
    break;
  case InstrKind::WaitFlag:
    if (race_)
      race_->waitFlag(p, event, id);
    flags_.clear(event, id);
    break;
  default: // Barrier (a Work goes through startWork)
    if (__builtin_expect(h.kind == InstrKind::UnitWork, 0)) {
      start(p, cycle); // out of line: no other copy of startWork
      return;
    }
    if (race_)
      race_->barrier(p);
    break;
  }
  ps.freeAt = cycle + timing::kSyncOccupancy;
  ps.queue.pop_front(h);
  if (ps.queue.empty())
    queuedPipes_ &= ~(1u << pi);
}

[[gnu::always_inline]] inline uint32_t
Engine::setFlagAt(uint8_t event, uint8_t id, uint64_t cycle, Loc loc) {
  if (__builtin_expect(flags_.isSet(event, id), 0))
    consumeTiedWait(event, id, cycle, loc);
  flags_.set(event, id, cycle, loc);
  // The waits found blocked on this flag may start now (no other).
  const size_t fi = event * kNumEventIds + id;
  const uint32_t woken = waiters_[fi];
  blocked_ &= ~woken;
  waiters_[fi] = 0;
  return woken;
}

void Engine::consumeTiedWait(uint8_t event, uint8_t id, uint64_t cycle,
                             Loc loc) {
  // Completions go before starts within a cycle, which is only the event
  // loop's order: a wait that has reached its pipe's head and sees the flag
  // set by `cycle` consumes it at `cycle` on the NPU (hardware.md 3.3), and
  // program order puts it before this set (else issueSet had reported the
  // second set). Without it, two VECOUT queues enqueued and dequeued in
  // turn reported a lost event (the second EnQue reuses the id the first
  // DeQue released). When no wait can start, the set is lost: reported.
  for (uint32_t bits = queuedPipes_; bits; bits &= bits - 1) {
    const int p = __builtin_ctz(bits);
    const Instr &h = pipes_[p].queue.front();
    if (h.kind == InstrKind::WaitFlag && h.event == event && h.id == id &&
        headStart(pipes_[p]) <= cycle) {
      start(static_cast<Pipe>(p), cycle);
      return;
    }
  }
  // A lost set: named with the wait still queued behind other work.
  Loc wait{nullptr, 0};
  for (const Instr &in : pipes_[idx(eventInfo(event)->dst)].queue)
    if (in.kind == InstrKind::WaitFlag && in.event == event && in.id == id) {
      wait = in.site.loc;
      break;
    }
  flags_.lostSet(event, id, cycle, loc, wait);
}

[[gnu::always_inline]] inline void Engine::startWoken(uint32_t woken,
                                                      uint64_t cycle) {
  // The lowest of the waits the flag set at `cycle` (now_) unblocked is the
  // next event when it can start now and nothing else comes first: no
  // completion is due now, and no lower pipe may start now (each is empty
  // or blocked; no head starts before now_, and a higher one loses the
  // tie). Then the next step would start it: it starts here, without the
  // step's look at the heads. No run loop would stop between the two
  // steps: a start changes none of their conditions but the room in its
  // own queue and its queue's emptiness (runUntilRoom, runUntilPipeDone:
  // the next step would start it all the same), and the flag a scalar
  // wait_flag waits for (runUntilFlag) has no pipe's wait on it.
  const int q = __builtin_ctz(woken);
  if ((queuedPipes_ & ~blocked_ & ((1u << q) - 1)) != 0 ||
      pendBuf_[pendHead_].due <= cycle)
    return;
  PipeState &ps = pipes_[q];
  Instr &h = ps.queue.front(); // the wait (waiters_)
  if (std::max(ps.freeAt, h.issue) > cycle)
    return;
  if (trace_) {
    start(static_cast<Pipe>(q), cycle);
    return;
  }
  // What startSync does for a WaitFlag, without its switch (startSync or
  // start inlined here made the run loops big enough for the race
  // detector's calls to go out of line: 1.3k Ir more a launch).
  blocked_ &= ~(1u << q);
  if (race_) {
    race_->merge(static_cast<Pipe>(q), h.issueClock);
    race_->waitFlag(static_cast<Pipe>(q), h.event, h.id);
  }
  flags_.clear(h.event, h.id);
  ps.freeAt = cycle + timing::kSyncOccupancy;
  ps.queue.pop_front(h);
  if (ps.queue.empty())
    queuedPipes_ &= ~(1u << q);
}

void Engine::reinsertRiddenSet(const InFlight &f, uint64_t cycle) {
  // After every entry of its cycle and a seq up to its own. Of those, an
  // entry of its own seq scheduled after it (another instruction of its
  // API call) would have landed after it: nothing tells them apart (a flag
  // set or a result landing at one cycle before any start; two sets of one
  // flag from one call report the same line and cycle either way).
  const uint8_t event = f.setEvent, id = f.setId;
  const uint64_t seq = f.setSeq;
  const Loc loc = f.setLoc;
  uint32_t s = kNoSlot;
  if (race_) { // its clock goes into a slot of its own (f may move)
    const VectorClock clock = f.setClock;
    s = allocSlot();
    slots_[s].clock = clock;
  }
  Pending &pd = schedule(cycle, seq);
  pd.slot = s;
  pd.flag = true;
  pd.event = event;
  pd.id = id;
  pd.pipe = Pipe::S; // read only for cross-core sets, which never ride
  pd.loc = loc;
}

[[gnu::always_inline]] inline void Engine::complete() {
  // Its fields are read as needed, not copied whole (five words through
  // the stack); all before anything that may schedule (the entry may move).
  const Pending &next = pendBuf_[pendHead_++]; // not the sentinel
  const uint32_t slot = next.slot;
  const uint64_t cycle = next.due;
  now_ = std::max(now_, cycle);
  if (next.flag) {
    const uint8_t event = next.event, id = next.id;
    const Loc loc = next.loc;
    // Its slot (races or a trace: the clock and the start) is read below
    // and freed last.
    if (event == kCrossCoreEvent) {
      // A release: another core may write what a lazy copy reads once it
      // sees the set.
      materialiseLazy();
      --crossPending_;
      if (crossFn_)
        crossFn_(crossCtx_, id, cycle, loc, next.pipe,
                 race_ ? &slots_[slot].clock : nullptr);
      if (slot != kNoSlot)
        freeSlots_.push_back(slot);
      return;
    }
    const uint32_t woken = setFlagAt(event, id, cycle, loc);
    if (race_)
      race_->publishFlag(event, id, slots_[slot].clock);
    if (trace_)
      setStart_[event * kNumEventIds + id] = slots_[slot].started;
    if (slot != kNoSlot)
      freeSlots_.push_back(slot);
    if (woken)
      startWoken(woken, cycle);
    return;
  }
  InFlight &f = slots_[slot];
  freeSlots_.push_back(slot);
  switch (f.land) {
  case Land::Staged:
    materialiseLazy(); // its destination may be a lazy range or source
    std::memcpy(f.dst, f.staging.data(), f.staging.size());
    break;
  case Land::Copy:
    if (__builtin_expect(deferCount_ != 0, 0)) {
      // It reads or writes a deferred destination, or writes a deferred
      // source: evaluated first.
      evaluateDeferredTouching(f.dst, f.directBytes, f.dst, f.directBytes);
      evaluateDeferredTouching(f.directSrc, f.directBytes, nullptr, 0);
    }
    if (f.dst >= lazyUb_ && f.dst < lazyUbEnd_ &&
        (f.directBytes >= kLazyMinBytes || lazyCount_ != 0)) // GM -> UB
      landLazy(f.dst, f.directSrc, f.directBytes);
    else
      std::memcpy(f.dst, f.directSrc, f.directBytes);
    break;
  case Land::CopyOut:
    if ((lazyCount_ | deferCount_) != 0)
      copyOutLazy(f.dst, f.directSrc, f.directBytes);
    else
      copyOut(f.dst, f.directSrc, f.directBytes);
    break;
  case Land::VecStaged:
    materialiseLazy();
    commitVector(*f.vec, f.staging.data());
    f.vec.reset();
    break;
  case Land::VecDirect:
    if ((lazyCount_ | deferCount_) != 0)
      evaluateVecDirectLazy(f.vec);
    else
      evaluateElementwiseDirect(*f.vec);
    f.vec.reset();
    break;
  case Land::Cube:
    materialiseLazy();
    if (__builtin_expect(f.cube->late, 0))
      cube::evaluateCubeLate(*f.cube, f.staging.data());
    cube::commitCube(*f.cube, f.staging.data());
    f.cube.reset();
    break;
  case Land::None:
    break;
  }
  if (f.thenSet) {
    // The set_flag that rode on this work (scheduleSetFlag). Its pending
    // entry would have been due now with seq setSeq: what is due now with a
    // seq up to setSeq may have had to land before it, and then it goes
    // back into the list; otherwise it is next.
    f.thenSet = false;
    const Pending &after = pendBuf_[pendHead_];
    if (after.due == cycle && after.seq <= f.setSeq) {
      reinsertRiddenSet(f, cycle);
    } else {
      const uint32_t woken = setFlagAt(f.setEvent, f.setId, cycle, f.setLoc);
      if (race_)
        race_->publishFlag(f.setEvent, f.setId, f.setClock);
      if (woken)
        startWoken(woken, cycle);
    }
  }
}

// Inlined into each run loop below (the loops call it once per event).
[[gnu::always_inline]] inline Engine::Step Engine::step(uint64_t limit) {
  const uint64_t tc = pendBuf_[pendHead_].due; // kNever: none pending
  // Every head starts at now_ or later: a completion due by now_ goes
  // first without looking at the heads.
  if (tc > now_ || tc > limit) {
    uint64_t ts = kNever;
    int sp = -1;
    Instr *sh = nullptr; // sp's head
    // Only pipes with queued instructions, in pipe order (the tie-break),
    // and not known to wait for a flag that is not set.
    for (uint32_t bits = queuedPipes_ & ~blocked_; bits; bits &= bits - 1) {
      int p = __builtin_ctz(bits);
      uint64_t t = headStart(pipes_[p]);
      if (t == kNever) { // a WaitFlag whose flag is not set, or unitStart
        blocked_ |= 1u << p;
        const Instr &w = pipes_[p].queue.front();
        if (__builtin_expect(w.kind != InstrKind::UnitWork, 1))
          waiters_[w.event * kNumEventIds + w.id] |= 1u << p;
        else
          unitBlocked_ |= 1u << p;
        continue;
      }
      if (t < ts) {
        ts = t;
        sp = p;
        sh = &pipes_[p].queue.front();
        // No head starts before now_, and of equal starts the lower pipe
        // wins: the later pipes cannot beat this one.
        if (t <= now_)
          break;
      }
    }
    if (tc == kNever && ts == kNever)
      return queuedPipes_ ? Step::Blocked : Step::Idle;
    if (std::min(tc, ts) > limit)
      return Step::Limit;
    if (tc > ts) {
      if (trace_)
        start(static_cast<Pipe>(sp), ts);
      else if (sh->kind != InstrKind::Work)
        startSync(sp, *sh, ts);
      else
        startWork(sp, *sh, ts);
      return Step::Progressed;
    }
  }
  complete(); // one call site: complete is inlined here
  return Step::Progressed;
}

void Engine::runUntil(uint64_t cycle) {
  while (step(cycle) == Step::Progressed) {
  }
}

uint64_t Engine::runUntilRoom(Pipe p, const char *issuing, Loc loc) {
  while (queued(p) >= kQueueDepth)
    if (step(kNever) != Step::Progressed) {
      Stall stall;
      stall.loc = loc;
      stall.issuing = issuing;
      stall.fullPipe = p;
      deadlock(stall);
    }
  return now_;
}

uint64_t Engine::runUntilFlag(uint8_t event, uint8_t id, const Stall &stall) {
  while (!flags_.isSet(event, id))
    if (step(kNever) != Step::Progressed)
      deadlock(stall);
  return flags_.setCycle(event, id);
}

uint64_t Engine::runUntilPipeDone(Pipe p, const Stall &stall) {
  while (!pipes_[idx(p)].queue.empty())
    if (step(kNever) != Step::Progressed)
      deadlock(stall);
  uint64_t done = pipes_[idx(p)].lastDone;
  runUntil(done); // its completion commits the result
  return done;
}

uint64_t Engine::runUntilCrossSetsFired(const Stall &stall) {
  while (crossPending_ > 0)
    if (step(kNever) != Step::Progressed)
      deadlock(stall);
  return now_;
}

uint64_t Engine::drain(const Stall &stall) {
  Step s;
  while ((s = step(kNever)) == Step::Progressed) {
  }
  if (s == Step::Blocked)
    deadlock(stall);
  uint64_t end = now_;
  for (const PipeState &ps : pipes_)
    end = std::max(end, ps.lastDone);
  return end;
}

uint64_t Engine::unitStart(const Instr &h, uint64_t t) const {
  // It starts once the toggle of its first waited-for block has produced
  // (Mmad) or read (Fixpipe) that block (docs/timing.md "UnitFlag").
  bool first = true;
  for (const cube::CubeInstr::UnitBlock &u : h.work.cube->unit) {
    if (u.after == 0)
      continue;
    if (!unit_ || unit_[u.block].seq < u.after)
      return kNever;
    if (first)
      t = std::max(t, unit_[u.block].at);
    first = false;
  }
  return t;
}

namespace {
/// The cycles of a unit-flag instruction's occupancy before its first
/// block: a Mmad produces its blocks evenly over its MAC cycles, after its
/// issue cycles; a Fixpipe reads them evenly from its start.
uint64_t unitLead(const cube::CubeInstr &c, uint64_t occupancy) {
  return c.kind == cube::CubeKind::Mmad
             ? std::min<uint64_t>(hw::kMmadIssueCycles, occupancy)
             : 0;
}
} // namespace

void Engine::unitBegin(Pipe p, Instr &h, uint64_t cycle) {
  const cube::CubeInstr &c = *h.work.cube;
  uint64_t occupancy = h.cost.occupancy;
  uint64_t done = cycle + occupancy + h.cost.latency;
  bool waits = false;
  uint64_t lastAt = 0, landed = 0, joined = 0;
  for (const cube::CubeInstr::UnitBlock &u : c.unit) {
    if (u.after == 0)
      continue;
    const UnitRec &r = unit_[u.block]; // unitStart: started
    waits = true;
    lastAt = std::max(lastAt, r.at);
    landed = std::max(landed, r.done);
    if (race_ && r.seq != joined) { // the edge a flag would have carried
      race_->joinClock(p, r.clock);
      joined = r.seq;
    }
  }
  if (!waits)
    return;
  // Its last block goes through once the toggle has produced (read) the
  // last block it waits for: its pipe is busy until then.
  const uint64_t lead = unitLead(c, occupancy);
  const uint64_t perBlock = timing::ceilDiv(occupancy - lead, c.unit.size());
  if (lastAt + perBlock > cycle + occupancy) // (unsigned: no difference)
    occupancy = lastAt + perBlock - cycle;
  done = cycle + occupancy + h.cost.latency;
  // A Mmad's result lands after the Fixpipe's it waited for: the
  // simulator's Fixpipe reads L0C when its result lands.
  if (c.kind == cube::CubeKind::Mmad)
    done = std::max(done, landed);
  h.cost.occupancy = occupancy;
  h.cost.latency = done - cycle - occupancy;
}

void Engine::unitRecord(Pipe p, const cube::CubeInstr &c, uint64_t seq,
                        uint64_t cycle, uint64_t occupancy, uint64_t done) {
  if (!c.unitToggles)
    return;
  if (!unit_)
    unit_ = std::make_unique<UnitRec[]>((128u << 10) / 512);
  VectorClock clock;
  if (race_)
    race_->flagClock(p, clock);
  const bool mmad = c.kind == cube::CubeKind::Mmad;
  const uint64_t lead = unitLead(c, occupancy);
  const uint64_t n = c.unit.size();
  for (uint64_t i = 0; i < n; ++i) {
    UnitRec &r = unit_[c.unit[i].block];
    r.seq = seq;
    // Block i produced (with the Mmad's latency) or read.
    r.at = cycle + lead + timing::ceilDiv((i + 1) * (occupancy - lead), n) +
           (mmad ? done - cycle - occupancy : 0);
    r.done = done;
    r.clock = clock;
  }
  // The heads that waited for a toggle to start look again.
  blocked_ &= ~unitBlocked_;
  unitBlocked_ = 0;
}

std::string Stall::whatText() const {
  if (issuing)
    return std::string("the scalar unit stalls here: issuing ") + issuing +
           " needs room in the full PIPE_" + pipeName(fullPipe) + " queue (" +
           std::to_string(Engine::kQueueDepth) + " instructions)";
  if (scalarFlag)
    return "the scalar unit stalls here";
  if (drainFor)
    return std::string("the scalar unit stalls here: ") + drainFor +
           " waits for every pipe to drain";
  if (what.empty() && whatLiteral)
    return whatLiteral;
  return what;
}

std::string Stall::scalarWaitText() const {
  return scalarFlag ? flagCall("wait_flag", event, id) : scalarWait;
}

void Engine::deadlock(const Stall &stall) const {
  // Every non-empty queue is headed by a WaitFlag whose flag is not set.
  std::vector<const Instr *> blocked;
  for (const PipeState &ps : pipes_)
    if (!ps.queue.empty())
      blocked.push_back(&ps.queue.front());
  std::sort(blocked.begin(), blocked.end(), [](const Instr *a, const Instr *b) {
    return a->site.seq < b->site.seq;
  });

  auto matchingSet = [&](const Instr &w) -> const Instr * {
    for (const PipeState &ps : pipes_)
      for (const Instr &i : ps.queue)
        if (i.kind == InstrKind::SetFlag && i.event == w.event && i.id == w.id)
          return &i;
    return nullptr;
  };
  auto describe = [&](const Instr &w) {
    if (w.kind == InstrKind::UnitWork) // unitStart
      return std::string(w.site.name) + " in PIPE_" + pipeName(w.pipe) +
             " waits forever for the unit flag of its L0C blocks: the "
             "instruction that toggles it is queued behind another blocked "
             "instruction";
    std::string s = flagCall("wait_flag", w.event, w.id) + " in PIPE_" +
                    pipeName(w.pipe) + " waits forever";
    if (const Instr *set = matchingSet(w))
      s += ": its set_flag at " + formatLoc(set->site.loc) +
           " is queued in PIPE_" + pipeName(set->pipe) +
           " behind another blocked instruction";
    else
      s += ": no matching set_flag is pending";
    return s;
  };

  std::vector<Note> notes;
  std::string msg;
  Loc loc = stall.loc;
  std::string scalarWait = stall.scalarWaitText();
  if (blocked.empty()) {
    msg = "deadlock: " +
          (scalarWait.empty() ? std::string("the scalar unit")
                              : scalarWait + " on the scalar unit") +
          " waits forever: no pipe has work left that could set its flag";
  } else {
    const Instr &first = *blocked.front();
    msg = "deadlock: " + describe(first);
    loc = first.site.loc;
    for (size_t i = 1; i < blocked.size(); ++i)
      notes.push_back(makeNote("also blocked: " + describe(*blocked[i]),
                               blocked[i]->site.loc));
    notes.push_back(makeNote(stall.whatText(), stall.loc));
  }
  fail("deadlock", msg + "; the kernel would hang on the NPU", loc,
       std::move(notes));
}

} // namespace ascsim
