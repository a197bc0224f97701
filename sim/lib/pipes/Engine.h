//===- pipes/Engine.h - Per-core in-order pipe queues -----------*- C++ -*-===//
//
// The discrete-event model of one core's pipes (hardware.md §3.1, §3.3, §10).
// The kernel's C++ code is the scalar front end: it issues instructions into
// per-pipe in-order queues (depth 32). The engine starts each pipe's head
// when the pipe is free, the instruction has been issued and, for WaitFlag,
// its flag is set; different pipes run concurrently. Among startable heads
// the earliest start wins (ties: pipe order S, V, M, MTE1, MTE2, MTE3, FIX);
// pending completions at the same cycle go first.
//
// A work instruction reads its sources when it starts (into a staging
// buffer) and writes its destination when it completes, so a correctly
// synchronised kernel computes exact results and a wrongly synchronised one
// sees memory as the timeline has it (the cube data movers, the GM <->
// local DataCopy and the dense elementwise vector instructions evaluate at
// completion when races raise: ops/CubeOps.h, CubeInstr::direct, and
// Work::direct — any kernel where that differs writes the source between
// the start and the completion of the read with no flag between them, a
// race the detector raises; on PIPE_V itself a later instruction writing
// an in-flight one's source waits for its completion, vectorDependency).
// SetFlag
// fires once every earlier instruction of its pipe has completed; WaitFlag
// clears the flag it waited for; PipeBarrier holds its pipe until earlier
// instructions complete.
//
// The engine runs lazily, only when the scalar must wait (full queue, a wait
// with destination S, a scalar memory access, PIPE_ALL, kernel end). If it
// cannot progress while the scalar waits, that is a deadlock and it throws a
// "deadlock" Fault naming every blocked WaitFlag.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_PIPES_ENGINE_H
#define ASCSIM_PIPES_ENGINE_H

#include "flags/Flags.h"
#include "ops/Ops.h"
#include "race/Race.h"
#include "support/Fifo.h"
#include "timing/Timing.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

namespace ascsim {

/// UnitWork: a cube Work that waits for or toggles unit flags (its
/// CubeInstr::unit), started as a Work through Engine::start.
enum class InstrKind : uint8_t { Work, SetFlag, WaitFlag, Barrier, UnitWork };

/// One issued instruction. A SetFlag, WaitFlag or Barrier built by the
/// kind constructor has no body (cost, work, footprint): a loop's flags are
/// most of the queue entries, and constructing (and destroying) the body of
/// a few hundred bytes was most of the cost of issuing one.
struct Instr {
  InstrKind kind = InstrKind::Work;
  Pipe pipe = Pipe::V;
  uint8_t event = 0; // SetFlag / WaitFlag
  uint8_t id = 0;
  /// Whether cost, work and fp are constructed (the default constructor
  /// and a Work built by the kind constructor). Read by the destructor and
  /// the move, not by the kind: an Instr built empty and given its kind
  /// afterwards (as the ABI's own builders do) keeps its body.
  bool hasBody = true;
  uint64_t issue = 0; // scalar cycle of issue
  /// The user-facing API name, the call site and the program order on this
  /// core, as one record (the race detector takes it as one).
  AccessSite site;
  /// Race detection only: the scalar's knowledge when it issued the
  /// instruction. Zero from the default constructor, not initialised by the
  /// kind constructors (the issue writes it when races are checked, and
  /// only then is it read: two stores less a queue entry).
  union {
    VectorClock issueClock;
  };
  /// The core's inter-block / cross-core epoch at issue: the GM accesses
  /// are tagged with it when the instruction starts (race detection only;
  /// initialised as issueClock).
  uint32_t gmEpoch;
  // The body, constructed only when hasBody (each member in an anonymous
  // union of its own: it keeps its name and its storage).
  union {
    Cost cost; // Work only
  };
  union {
    Work work; // Work only
  };
  /// Race detection only (empty otherwise): the bytes the instruction
  /// touches (Work only).
  union {
    Footprint fp;
  };

  Instr() : gmEpoch(0) {
    new (&issueClock) VectorClock;
    constructBody();
  }
  /// The fields every instruction has, set once where it is built (its
  /// queue slot) instead of defaulted and then overwritten; the body only
  /// for a Work.
  Instr(InstrKind kind, Pipe pipe, uint64_t seq, uint64_t issue, Loc loc,
        const char *name)
      : kind(kind), pipe(pipe), hasBody(kind == InstrKind::Work), issue(issue),
        site{seq, loc, name} {
    if (hasBody)
      constructBody();
  }
  /// A SetFlag or WaitFlag of flag (event, id): no body.
  Instr(InstrKind kind, Pipe pipe, uint8_t event, uint8_t id, uint64_t seq,
        uint64_t issue, Loc loc, const char *name)
      : kind(kind), pipe(pipe), event(event), id(id), hasBody(false),
        issue(issue), site{seq, loc, name} {}
  Instr(Instr &&o) noexcept
      : kind(o.kind), pipe(o.pipe), event(o.event), id(o.id),
        hasBody(o.hasBody), issue(o.issue), site(o.site) {
    // As bytes: a kind-built entry's may be uninitialised (races off).
    std::memcpy(static_cast<void *>(&issueClock), &o.issueClock,
                sizeof(VectorClock));
    std::memcpy(&gmEpoch, &o.gmEpoch, sizeof gmEpoch);
    if (hasBody) {
      new (&cost) Cost(o.cost);
      new (&work) Work(std::move(o.work));
      new (&fp) Footprint(std::move(o.fp));
    }
  }
  Instr(const Instr &) = delete;
  Instr &operator=(const Instr &) = delete;
  Instr &operator=(Instr &&) = delete;
  ~Instr() {
    if (hasBody) {
      fp.~Footprint();
      work.~Work();
    }
  }

private:
  // Default-initialised, as members without an initialiser are (`T()`
  // would zero the footprint's inline ranges first).
  void constructBody() {
    new (&cost) Cost;
    new (&work) Work;
    new (&fp) Footprint;
  }
};

/// A pipe's in-order instruction queue: a ring buffer of raw slots that
/// grows by doubling (a pipe queue holds at most Engine::kQueueDepth
/// instructions, so it stops allocating after its first push; std::deque
/// allocated a node for every instruction of this size). An instruction is
/// move-constructed into its slot and destroyed when popped.
class InstrQueue {
public:
  class const_iterator {
  public:
    const_iterator(const InstrQueue *q, size_t i) : q_(q), i_(i) {}
    const Instr &operator*() const { return q_->at(i_); }
    const Instr *operator->() const { return &q_->at(i_); }
    const_iterator &operator++() {
      ++i_;
      return *this;
    }
    bool operator!=(const const_iterator &o) const { return i_ != o.i_; }
    bool operator==(const const_iterator &o) const { return i_ == o.i_; }

  private:
    const InstrQueue *q_;
    size_t i_;
  };

  InstrQueue() = default;
  InstrQueue(const InstrQueue &) = delete;
  InstrQueue &operator=(const InstrQueue &) = delete;
  ~InstrQueue() {
    while (size_ > 0)
      pop_front();
  }

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  Instr &front() { return *slot(head_); }
  const Instr &front() const { return *slot(head_); }
  void push_back(Instr &&in) {
    if (size_ == cap_)
      grow();
    new (slot((head_ + size_) & (cap_ - 1))) Instr(std::move(in));
    ++size_;
  }
  /// An instruction constructed in its slot from `args`, for the caller to
  /// fill the rest in place (no move of a few hundred bytes).
  template <class... Args> Instr &emplace_back(Args &&...args) {
    if (size_ == cap_)
      grow();
    // Default-initialised without args: value-initialisation would first
    // zero all of it.
    Instr *in = new (slot((head_ + size_) & (cap_ - 1)))
        Instr(std::forward<Args>(args)...);
    ++size_;
    return *in;
  }
  /// Whether a slot is free without growing: once allocated, a pipe's
  /// queue has kFirstSlots (Engine::kQueueDepth) slots and never more
  /// (every issue makes room first; adopt takes no grown buffer), so a free
  /// slot is room to issue.
  bool hasFreeSlot() const { return size_ < cap_; }
  /// emplace_back into a free slot (hasFreeSlot): no grow test, so no call
  /// on the way.
  template <class... Args> Instr &emplaceInFreeSlot(Args &&...args) {
    return constructAtEnd(freeSlot(), std::forward<Args>(args)...);
  }
  /// The storage of the next slot (hasFreeSlot), for constructAtEnd.
  void *freeSlot() { return slot((head_ + size_) & (cap_ - 1)); }
  /// Constructs an instruction from `args` in `at`, freeSlot().
  template <class... Args> Instr &constructAtEnd(void *at, Args &&...args) {
    Instr *in = new (at) Instr(std::forward<Args>(args)...);
    ++size_;
    return *in;
  }
  void pop_front() { pop_front(front()); }
  /// Pops `head`, which is front(), through the caller's reference (the
  /// slot's address is not computed from the index again).
  void pop_front(Instr &head) {
    head.~Instr();
    head_ = (head_ + 1) & (cap_ - 1);
    --size_;
  }
  const_iterator begin() const { return const_iterator(this, 0); }
  const_iterator end() const { return const_iterator(this, size_); }

private:
  struct Slot {
    alignas(Instr) unsigned char raw[sizeof(Instr)];
  };

public:
  /// The raw slots of a queue, handed from a finished engine to the next
  /// one on the thread (Engine::Store) instead of freed and allocated again.
  struct Buffer {
    std::unique_ptr<Slot[]> buf;
    size_t cap = 0;
  };
  /// Empties the queue and gives up its slots.
  Buffer release() {
    while (size_ > 0)
      pop_front();
    Buffer b{std::move(buf_), cap_};
    cap_ = head_ = 0;
    return b;
  }
  /// Takes `b`'s slots; the queue is new (no slots yet). Not a buffer
  /// grown past kFirstSlots (a queue pushed past its room, as the engine's
  /// tests do): hasFreeSlot's bound is the slot count.
  void adopt(Buffer &&b) {
    if (b.cap != kFirstSlots)
      return;
    buf_ = std::move(b.buf);
    cap_ = b.cap;
    b.cap = 0;
  }

private:
  Instr *slot(size_t i) { return reinterpret_cast<Instr *>(buf_[i].raw); }
  const Instr *slot(size_t i) const {
    return reinterpret_cast<const Instr *>(buf_[i].raw);
  }
  const Instr &at(size_t i) const { return *slot((head_ + i) & (cap_ - 1)); }
  void grow() {
    size_t cap = cap_ == 0 ? kFirstSlots : cap_ * 2;
    std::unique_ptr<Slot[]> bigger(new Slot[cap]);
    for (size_t i = 0; i < size_; ++i) {
      Instr *from = slot((head_ + i) & (cap_ - 1));
      new (bigger[i].raw) Instr(std::move(*from));
      from->~Instr();
    }
    buf_ = std::move(bigger);
    cap_ = cap;
    head_ = 0;
  }

public:
  /// The slots of a queue's first allocation (Engine::kQueueDepth).
  static constexpr size_t kFirstSlots = 32;

private:
  std::unique_ptr<Slot[]> buf_; // cap_ slots, a power of two
  size_t cap_ = 0;
  size_t head_ = 0;
  size_t size_ = 0;
};

/// The recorded timeline of one core (LaunchConfig::trace). A work slice
/// spans the cycles the instruction occupies its pipe (slices of one pipe
/// never overlap); `done` is when its result lands.
struct TraceSink {
  struct Slice {
    Pipe pipe;
    uint64_t start, end;
    const char *name;
    Loc loc;
    uint64_t seq;
    uint64_t done = 0;
  };
  struct Flow {
    Pipe from, to;
    uint64_t fromCycle, toCycle;
    uint8_t event, id;
  };
  std::vector<Slice> slices;
  std::vector<Flow> flows;
};

/// Where and why the scalar waits, for deadlock reports.
struct Stall {
  /// A note sentence about the scalar's state at `loc`.
  std::string what;
  Loc loc{nullptr, 0};
  /// For a WaitFlag executed by the scalar (destination S): its spelling.
  std::string scalarWait;

  // The frequent stalls are described lazily: no string is built unless a
  // deadlock is reported (whatText / scalarWaitText).
  /// The scalar needs room in the full queue of `fullPipe` to issue this.
  const char *issuing = nullptr;
  Pipe fullPipe = Pipe::S;
  /// The scalar executes wait_flag(event, id) (a destination-S event).
  bool scalarFlag = false;
  uint8_t event = 0, id = 0;
  /// "<drainFor> waits for every pipe to drain".
  const char *drainFor = nullptr;
  /// A fixed note sentence (used when `what` is empty).
  const char *whatLiteral = nullptr;

  std::string whatText() const;
  std::string scalarWaitText() const;
};

class Engine {
public:
  static constexpr size_t kQueueDepth = 32;
  static_assert(InstrQueue::kFirstSlots == kQueueDepth,
                "hasSlot: an allocated queue's slots are its room");
  static constexpr uint64_t kNever = ~0ull;

  explicit Engine(FlagTable &flags);
  /// Hands its storage to the thread's next engine (Store).
  ~Engine();
  // The pending completions hold indices into slots_.
  Engine(const Engine &) = delete;
  Engine &operator=(const Engine &) = delete;
  /// Optional observers (null = off, no cost).
  void setRaceDetector(RaceDetector *race) { race_ = race; }
  void setTrace(TraceSink *trace) { trace_ = trace; }

  size_t queued(Pipe p) const { return pipes_[idx(p)].queue.size(); }
  /// Appends to the pipe's queue; the caller has made room.
  void push(Instr &&instr);
  /// Appends an instruction of `kind` to `p`'s queue and returns it, for
  /// the caller to fill the rest in place before anything else runs the
  /// engine; the caller has made room.
  Instr &emplace(InstrKind kind, Pipe p, uint64_t seq, uint64_t issue, Loc loc,
                 const char *name) {
    Instr &in =
        pipes_[idx(p)].queue.emplace_back(kind, p, seq, issue, loc, name);
    queuedPipes_ |= 1u << idx(p);
    return in;
  }
  /// Whether `p`'s queue has room and a free slot (an allocated queue has
  /// kQueueDepth slots): an issue needs neither runUntilRoom nor a grow,
  /// the ABI entries' call-free paths.
  bool hasSlot(Pipe p) const { return pipes_[idx(p)].queue.hasFreeSlot(); }
  /// emplace when hasSlot(p).
  Instr &emplaceInSlot(InstrKind kind, Pipe p, uint64_t seq, uint64_t issue,
                       Loc loc, const char *name) {
    Instr &in =
        pipes_[idx(p)].queue.emplaceInFreeSlot(kind, p, seq, issue, loc, name);
    queuedPipes_ |= 1u << idx(p);
    return in;
  }
  /// The storage of `p`'s next queue slot when it has a free slot
  /// (hasSlot), else null: the slot is found before the caller's side
  /// effects, the entry built there after them (emplaceFlagAt).
  void *slotOf(Pipe p) {
    InstrQueue &q = pipes_[idx(p)].queue;
    return q.hasFreeSlot() ? q.freeSlot() : nullptr;
  }
  /// A SetFlag or WaitFlag of flag (event, id) built in `at`, p's slotOf.
  Instr &emplaceFlagAt(void *at, InstrKind kind, Pipe p, uint8_t event,
                       uint8_t id, uint64_t seq, uint64_t issue, Loc loc,
                       const char *name) {
    Instr &in = pipes_[idx(p)].queue.constructAtEnd(at, kind, p, event, id, seq,
                                                    issue, loc, name);
    queuedPipes_ |= 1u << idx(p);
    return in;
  }
  /// A SetFlag whose source pipe is S (issued as instruction `seq`): the flag
  /// is set at `cycle`.
  void postFlagSet(uint8_t event, uint8_t id, uint64_t cycle, uint64_t seq,
                   Loc loc);

  /// Cycle of the last processed event (never after the scalar's cycle).
  uint64_t now() const { return now_; }
  /// Processes every event at or before `cycle`.
  void runUntil(uint64_t cycle);
  /// Runs until `p`'s queue has room for the scalar to issue `issuing` at
  /// `loc`; returns the cycle it got room. (The Stall of a deadlock report
  /// is built only then: the scalar waits here for most instructions.)
  uint64_t runUntilRoom(Pipe p, const char *issuing, Loc loc);
  /// Runs until flag (event, id) is set; returns the cycle it was set.
  uint64_t runUntilFlag(uint8_t event, uint8_t id, const Stall &stall);
  /// Runs until every queue is empty and every instruction has completed;
  /// returns the cycle of the last completion.
  uint64_t drain(const Stall &stall);
  /// Runs until `p`'s queue is empty and its last started instruction has
  /// completed; returns that completion cycle (GatherMask: the scalar waits
  /// for the kept count).
  uint64_t runUntilPipeDone(Pipe p, const Stall &stall);

  /// Cross-core flags (device/CrossCore.cpp): a SetFlag instruction with
  /// event kCrossCoreEvent and id = flagId | mode << 4 fires through
  /// `onCrossSet` instead of the core's flag table, with the set's pipe and
  /// the happens-before knowledge it carries (`clock`, null when the race
  /// check is off).
  static constexpr uint8_t kCrossCoreEvent = 0xFE;
  using CrossSetFn = void (*)(void *ctx, uint8_t id, uint64_t cycle, Loc loc,
                              Pipe pipe, const VectorClock *clock);
  void setCrossCore(CrossSetFn fn, void *ctx) {
    crossFn_ = fn;
    crossCtx_ = ctx;
  }
  /// The smallest gmEpoch of the instructions of `p` not started yet that
  /// touch GM (`none` when there is none): their accesses are known to no
  /// flag yet (race check on).
  uint32_t queuedGmEpoch(Pipe p, uint32_t none) const {
    uint32_t e = none;
    for (const Instr &in : pipes_[static_cast<int>(p)].queue)
      if (in.hasBody) // a flag or barrier touches no memory
        for (const ByteRange &r : in.fp)
          if (r.mem == Mem::GM && in.gmEpoch < e)
            e = in.gmEpoch;
    return e;
  }
  /// A cross-core set was pushed (counted until it fires).
  void noteCrossSet() { ++crossPending_; }
  /// Runs until every pushed cross-core set has fired; returns now().
  uint64_t runUntilCrossSetsFired(const Stall &stall);

  /// Cycles during which `p` had at least one instruction in flight.
  uint64_t busy(Pipe p) const { return pipes_[idx(p)].busy; }

  /// The core's Unified Buffer [base, base + bytes): a direct GM -> UB copy
  /// landing in it lands lazily (when lazyLandingEnabled()): the engine
  /// records {UB range, GM source} instead of copying, a direct elementwise
  /// instruction reads such a source from GM, and anything else that
  /// touches the range (or writes the GM source) first lands it
  /// (materialiseLazy). In a race-free kernel the GM source cannot change
  /// before then: this core's own GM writes materialise first, and another
  /// core's are ordered after this one's next cross-core release, which
  /// materialises everything.
  void setUb(uint8_t *base, uint64_t bytes);
  /// Lands every pending lazy copy (the memcpy, late): the scalar touches
  /// memory, a cross-core release.
  void materialiseLazy() {
    if (__builtin_expect((lazyCount_ | deferCount_) != 0, 0))
      materialiseLazyAll();
  }
  /// Forgets the pending lazy copies and deferred results without landing
  /// them: the end of a block, after which nothing reads this core's UB (the
  /// next block on the thread gets it reset, its chunks marked dirty when the
  /// copies were issued) and nothing needs their GM reads.
  void dropLazy() {
    lazyCount_ = 0;
    forgetDeferred();
  }

private:
  enum class Step { Progressed, Idle, Blocked, Limit };
  /// A direct GM -> UB copy that landed lazily: UB bytes [ub, ub + n) hold
  /// GM bytes [gm, gm + n) (setUb).
  struct Lazy {
    uint8_t *ub;
    const uint8_t *gm;
    uint64_t n;
  };
  /// Pending lazy copies at most (the UB holds a few buffers): one more
  /// materialises them all first.
  static constexpr uint32_t kMaxLazy = 16;
  /// Smaller copies land at once: their memcpy costs less than keeping
  /// them pending (a tiny launch's 64-byte tiles).
  static constexpr uint64_t kLazyMinBytes = 1024;
  /// A direct elementwise instruction whose every source was read from a
  /// lazy copy's GM source, not evaluated yet: its UB destination
  /// [vec->out, + n) does not hold its result (deferred). Its sources are
  /// GM bytes only, so it can be evaluated at any time until one of them is
  /// written; an MTE3 copy of (part of) its destination evaluates straight
  /// into the copy's GM destination instead. Deferred destinations never
  /// overlap each other or a pending lazy copy's UB range.
  struct Deferred {
    std::shared_ptr<const VecInstr> vec;
    const uint8_t *src0, *src1; // GM; src1 null for the scalar forms
    uint64_t n;
  };
  static constexpr uint32_t kMaxDeferred = 4;
  /// Bytes [off, off + n) of deferred `d`'s result into GM `dst`.
  void evaluateInto(const Deferred &d, uint8_t *dst, uint64_t off, uint64_t n);
  /// Evaluates every deferred instruction, then lands every lazy copy
  /// (the deferred ones read GM only, and write outside the lazy ranges).
  [[gnu::cold, gnu::noinline]] void materialiseLazyAll();
  /// Evaluates deferred instruction i into the UB and removes it.
  void evaluateDeferredAt(uint32_t i);
  /// Removes deferred instruction i without evaluating it (the later ones
  /// move down: the oldest stays first).
  void dropDeferredAt(uint32_t i);
  /// Removes every deferred instruction without evaluating it.
  void forgetDeferred();
  /// Evaluates the deferred instructions whose destination overlaps
  /// [p, p + n) or whose GM sources overlap [w, w + wn) (null: none).
  void evaluateDeferredTouching(const uint8_t *p, uint64_t n, const uint8_t *w,
                                uint64_t wn);
  /// Lands lazy copy i and removes it (the last one takes its place).
  void materialiseLazyAt(uint32_t i);
  /// Removes lazy copy i without landing it (it was overwritten whole).
  void dropLazyAt(uint32_t i) { lazy_[i] = lazy_[--lazyCount_]; }
  /// A direct copy of n bytes from GM `src` to UB `dst` lands: lazily
  /// (n >= kLazyMinBytes) or at once, after the pending copies it overlaps.
  void landLazy(uint8_t *dst, const uint8_t *src, uint64_t n);
  /// A direct MTE3 copy from `src` to `dst` lands with lazies pending.
  void copyOutLazy(uint8_t *dst, const uint8_t *src, uint64_t n);
  /// A direct elementwise instruction lands with lazies or deferred
  /// instructions pending (`vec` is `in`'s record, kept if it is deferred).
  void evaluateVecDirectLazy(const std::shared_ptr<const VecInstr> &vec);

  struct PipeState {
    InstrQueue queue;
    uint64_t freeAt = 0;   // earliest start of the next instruction
    uint64_t lastDone = 0; // latest completion of a started instruction
    /// The in-flight slot of the (last started) work due at lastDone,
    /// while it is pending: a set_flag that fires then rides on it.
    uint32_t lastSlot = 0;
    uint64_t busy = 0;
    uint64_t busyEnd = 0;
  };
  /// How a work instruction's result lands (InFlight::land): one switch
  /// at completion instead of a test per kind of result.
  enum class Land : uint8_t {
    Staged,    // staging -> dst
    Copy,      // a direct Copy: directSrc -> dst
    CopyOut,   // a direct MTE3 Copy: stored with copyOut
    VecStaged, // commitVector from staging
    VecDirect, // evaluated into its destination (elementwiseDirect)
    Cube,      // commitCube from staging
    None,      // nothing to write
  };
  /// A started work instruction's result until it lands (or a set_flag's
  /// clock and start, when races are checked or the timeline traced).
  struct InFlight {
    Land land = Land::None;
    uint8_t *dst = nullptr;
    /// The instruction's result until it lands. Grown without zeroing:
    /// every evaluate writes each byte its commit reads (a reused slot
    /// holds an earlier instruction's bytes either way), and clearing
    /// a 64-KiB Mmad staging per instruction was a memset per Mmad.
    struct Staging {
      std::unique_ptr<uint8_t[]> buf;
      size_t n = 0, cap = 0;
      void resize(size_t bytes) {
        if (bytes > cap) {
          buf.reset(new uint8_t[bytes]); // default-initialised: no memset
          cap = bytes;
        }
        n = bytes;
      }
      uint8_t *data() { return buf.get(); }
      size_t size() const { return n; }
      bool empty() const { return n == 0; }
    } staging;
    /// A direct Copy (Work::direct): its source, read when it lands.
    const uint8_t *directSrc = nullptr;
    uint64_t directBytes = 0;
    /// WorkKind::Vector: lands through commitVector (scattered / atomic)
    /// or, direct (Work::direct), is evaluated into its destination
    /// (ops/FastPaths.h elementwiseDirect).
    std::shared_ptr<const VecInstr> vec;
    /// WorkKind::Cube: lands through commitCube (written runs, Mmad sums).
    std::shared_ptr<const cube::CubeInstr> cube;
    VectorClock clock;    // a flag's happens-before knowledge (races on)
    uint64_t started = 0; // a set_flag's start (trace)
    /// A set_flag of the same pipe that fires when this lands (it waits
    /// for the pipe's earlier work, and this is the last of it): set right
    /// after this lands instead of through a pending entry of its own
    /// (scheduleSetFlag; without a trace, not cross-core). Cleared when it
    /// is set (or when the engine ends with it pending).
    bool thenSet = false;
    uint8_t setEvent = 0, setId = 0;
    uint64_t setSeq = 0;
    Loc setLoc{nullptr, 0};
    VectorClock setClock; // its knowledge (races on)
  };
  /// A pending completion: its cycle, the program order of its instruction
  /// (ties: an API call that issues several instructions gives them one
  /// seq) and its slot. The keys are kept here, not in the slot, so the
  /// sorted insertion and the next-event test read no slot. A set_flag's
  /// flag, pipe and line are kept here too: with neither race checks nor a
  /// trace it has no slot (kNoSlot; the slot holds only its clock and its
  /// start).
  struct Pending {
    uint64_t due;
    uint64_t seq;
    uint32_t slot;
    bool flag;
    uint8_t event, id;
    Pipe pipe;
    Loc loc; // a flag's
  };
  static constexpr uint32_t kNoSlot = ~0u;
  /// An in-flight PIPE_V instruction's byte ranges (host addresses), for the
  /// PIPE_V barriers the compiler inserts between dependent instructions.
  struct VecInFlight {
    uint64_t done;
    std::array<std::pair<uintptr_t, uintptr_t>, 3> r; // dst, src0, src1
  };
  /// Whether completion `x` lands after `y`: by cycle, then by program
  /// order.
  static bool later(const Pending &x, const Pending &y) {
    return x.due != y.due ? x.due > y.due : x.seq > y.seq;
  }

  static int idx(Pipe p) { return static_cast<int>(p); }
  /// Earliest start of the head of a non-empty queue (kNever: a WaitFlag
  /// whose flag is not set).
  uint64_t headStart(const PipeState &ps) const;
  /// Earliest start of V work `h` after the automatic dependency barrier.
  uint64_t vectorDependency(const Instr &h) const;
  /// Processes the next event at or before `limit`: a start, or a
  /// completion (then the start of a wait its flag unblocked when that is
  /// the next event: startWoken).
  Step step(uint64_t limit);
  /// Starts the head of `p` at `cycle` (any kind, traced or not).
  void start(Pipe p, uint64_t cycle);
  /// Starts the Work head `h` of pipe `pi` at `cycle` and pops it; returns
  /// its completion cycle (what start does for a Work, without the trace).
  uint64_t startWork(int pi, Instr &h, uint64_t cycle);
  /// A SetFlag started at `cycle` (start and startSync): due when the
  /// pipe's earlier work has landed, as a pending entry or a ride on that
  /// work (InFlight::thenSet); returns that cycle.
  uint64_t scheduleSetFlag(Pipe p, uint8_t event, uint8_t id, Loc loc,
                           uint64_t seq, uint64_t cycle);
  /// A set_flag of pipe `p` started at `started`, due at `due`, as a
  /// pending entry (its slot only for the race clock or the trace).
  void pendFlagSet(Pipe p, uint8_t event, uint8_t id, Loc loc, uint64_t seq,
                   uint64_t started, uint64_t due);
  /// start of a SetFlag, WaitFlag or Barrier head of pipe `pi` when there
  /// is no trace (what start does for them, inline).
  void startSync(int pi, Instr &h, uint64_t cycle);
  void complete();
  /// Starts the lowest of the waits `woken` (unblocked by a flag set at
  /// `cycle`, now_) when it is the next event.
  void startWoken(uint32_t woken, uint64_t cycle);
  uint32_t allocSlot();
  /// Inserts a pending completion due at `cycle` (program order `seq`) and
  /// returns it for the caller to fill in the rest.
  Pending &schedule(uint64_t cycle, uint64_t seq);
  /// Sets flag (event, id) at `cycle` from a completion (flags_, the
  /// waits blocked on it); returns the pipes of those waits.
  uint32_t setFlagAt(uint8_t event, uint8_t id, uint64_t cycle, Loc loc);
  /// A set of flag (event, id) lands at `cycle` while it is still set: the
  /// WaitFlag at the head of a pipe that can start at `cycle` starts first
  /// and consumes the earlier set (docs/sync.md "Same-cycle set and wait");
  /// without one the set is lost: a "sync" Fault (FlagTable::lostSet).
  [[gnu::cold, gnu::noinline]] void consumeTiedWait(uint8_t event, uint8_t id,
                                                    uint64_t cycle, Loc loc);
  /// Puts the set_flag that rode on work slot `f`, landed at `cycle`, back
  /// into the pending list (complete).
  void reinsertRiddenSet(const InFlight &f, uint64_t cycle);
  /// Makes room at pendEnd_ for an entry and the sentinel: moves the list
  /// to the start of pendBuf_ or doubles it.
  void growPending();
  [[noreturn]] void deadlock(const Stall &stall) const;
  /// UnitFlag (sim/CUBE.md, docs/timing.md): per 512-B L0C block, the last
  /// instruction that toggled its bit when it started: its seq, when it
  /// produced (Mmad) or read (Fixpipe) the block, when its result landed,
  /// and its race clock.
  struct UnitRec {
    uint64_t seq = 0, at = 0, done = 0;
    VectorClock clock;
  };
  /// Earliest start of UnitWork `h` from t: kNever
  /// while a toggle it waits for has not started.
  [[gnu::cold, gnu::noinline]] uint64_t unitStart(const Instr &h,
                                                  uint64_t t) const;
  /// Starting UnitWork `h` at `cycle`: the race edges of the toggles it
  /// waits for, and its occupancy and completion after them (into its
  /// cost, for startWork).
  [[gnu::cold, gnu::noinline]] void unitBegin(Pipe p, Instr &h, uint64_t cycle);
  /// After its race access: the records of the blocks `c` (instruction
  /// `seq`, started at `cycle`) toggles.
  [[gnu::cold, gnu::noinline]] void unitRecord(Pipe p, const cube::CubeInstr &c,
                                               uint64_t seq, uint64_t cycle,
                                               uint64_t occupancy,
                                               uint64_t done);
  std::unique_ptr<UnitRec[]> unit_; // 256 records, from the first toggle
  /// Pipes whose head waits for a toggle that had not started (unitStart):
  /// unblocked by the next toggle's start.
  uint32_t unitBlocked_ = 0;
  /// The storage an engine allocates as it runs (queue slots, in-flight
  /// slots with their staging buffers, the pending list, the PIPE_V
  /// ranges), kept per thread between engines: a core is built per block
  /// and launch, and a tiny launch allocated it all again each time.
  struct Store;
  /// The thread's Store (null once the thread is ending).
  static Store *threadStore();

  FlagTable &flags_;
  RaceDetector *race_ = nullptr;
  TraceSink *trace_ = nullptr;
  Fifo<VecInFlight> vecInFlight_;
  // Trace only: when the set that holds a flag started (written by every
  // set's completion before a wait can start on it, so not zero-filled).
  std::array<uint64_t, kNumEvents * kNumEventIds> setStart_;
  std::array<PipeState, kNumPipes> pipes_;
  std::vector<InFlight> slots_;
  std::vector<uint32_t> freeSlots_;
  /// The pending completions (slots) in [pendHead_, pendEnd_) of
  /// pendBuf_, sorted earliest first: the next one is at pendHead_ (popped
  /// by advancing it), and pendBuf_[pendEnd_] is a sentinel due kNever (the
  /// next event's cycle is read without testing for an empty list). A
  /// kernel has a handful in flight and a new one is usually the latest: an
  /// insertion from the back into the short sorted list costs less than a
  /// binary heap's push and pop.
  std::unique_ptr<Pending[]> pendBuf_;
  uint32_t pendHead_ = 0, pendEnd_ = 0, pendCap_ = 0;
  uint64_t now_ = 0;
  uint32_t queuedPipes_ = 0; // bit p: pipe p's queue is not empty
  /// Bit p: p's head is a WaitFlag whose flag was not set when step last
  /// looked, and that flag has not been set since (only complete() sets
  /// one, and it clears the bits of the waits on it, waiters_): step does
  /// not look at it again. Most of the heads a step looked at were such
  /// waits.
  uint32_t blocked_ = 0;
  /// Per flag (event * kNumEventIds + id): the pipes whose head was found
  /// blocked on it (bits of blocked_).
  std::array<uint8_t, kNumEvents * kNumEventIds> waiters_{};
  CrossSetFn crossFn_ = nullptr;
  void *crossCtx_ = nullptr;
  uint32_t crossPending_ = 0;
  /// setUb's range (null, empty: no lazy landing).
  uint8_t *lazyUb_ = nullptr;
  uint8_t *lazyUbEnd_ = nullptr;
  uint32_t lazyCount_ = 0;
  std::array<Lazy, kMaxLazy> lazy_;
  uint32_t deferCount_ = 0;
  std::array<Deferred, kMaxDeferred> deferred_;
};

/// Whether direct GM -> UB copies land lazily (Engine::setUb; default
/// true). A test-only switch (tests compare every output against eager
/// landing); read when a core is built, not thread-safe to flip while
/// kernels run. Exported from the shared library for that test only (not
/// in a public header).
[[gnu::visibility("default")]] bool &lazyLandingEnabled();

} // namespace ascsim

#endif // ASCSIM_PIPES_ENGINE_H
