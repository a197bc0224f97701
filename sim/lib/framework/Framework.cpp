//===- framework/Framework.cpp - TPipe/TQue/TBuf bookkeeping ----*- C++ -*-===//

#include "framework/Framework.h"

#include "options/Options.h"
#include "support/Fault.h"

#include <algorithm>
#include <string_view>

namespace ascsim {

namespace {

constexpr uint8_t kPosGM = 0, kPosA1 = 1, kPosA2 = 2, kPosB1 = 3, kPosB2 = 4,
                  kPosC1 = 5, kPosC2 = 6, kPosCO1 = 7, kPosCO2 = 8,
                  kPosVECIN = 9, kPosVECOUT = 10, kPosVECCALC = 11,
                  kPosTSCM = 13, kPosMAX = 16;
constexpr uint32_t kMaxBuffers = 64; // QBUF_MAX_LEN
constexpr uint8_t kNoPipe = 0xFF;

/// The pipe that fills a buffer travelling src -> dst.
uint8_t producerPipe(uint8_t src, uint8_t dst) {
  (void)dst;
  switch (src) {
  case kPosGM:
  case kPosVECIN:
    return static_cast<uint8_t>(Pipe::MTE2);
  case kPosVECCALC:
  case kPosVECOUT:
    return static_cast<uint8_t>(Pipe::V);
  case kPosA1:
  case kPosB1:
  case kPosC1:
    return static_cast<uint8_t>(Pipe::MTE1);
  case kPosCO1:
    return static_cast<uint8_t>(Pipe::M);
  case kPosCO2:
    return static_cast<uint8_t>(Pipe::FIX);
  default:
    return kNoPipe;
  }
}

/// The pipe that consumes a buffer travelling src -> dst.
uint8_t consumerPipe(uint8_t src, uint8_t dst) {
  switch (dst) {
  case kPosGM:
    return memOfPosition(src) == Mem::UB ? static_cast<uint8_t>(Pipe::MTE3)
                                         : static_cast<uint8_t>(Pipe::FIX);
  case kPosVECIN:
  case kPosVECCALC:
    return static_cast<uint8_t>(Pipe::V);
  case kPosVECOUT:
    return static_cast<uint8_t>(Pipe::MTE3);
  case kPosA1:
  case kPosB1:
  case kPosC1:
    return static_cast<uint8_t>(Pipe::MTE1);
  case kPosA2:
  case kPosB2:
  case kPosC2:
    return static_cast<uint8_t>(Pipe::M);
  case kPosCO2:
    return static_cast<uint8_t>(Pipe::FIX);
  default:
    return kNoPipe;
  }
}

/// The HardEvent whose source pipe is `from` and destination pipe `to`.
uint8_t eventBetween(uint8_t from, uint8_t to) {
  if (from == kNoPipe || to == kNoPipe)
    return Framework::kNoEvent;
  if (from == to && from == static_cast<uint8_t>(Pipe::V))
    return Framework::kBarrierV;
  for (int e = 0; e < kNumEvents; ++e) {
    const EventInfo *info = eventInfo(static_cast<uint8_t>(e));
    if (static_cast<uint8_t>(info->src) == from &&
        static_cast<uint8_t>(info->dst) == to)
      return static_cast<uint8_t>(e);
  }
  return Framework::kNoEvent;
}

uint32_t roundUp32(uint64_t v) {
  return static_cast<uint32_t>((v + 31) / 32 * 32);
}

std::string eventName(uint8_t e) {
  const EventInfo *info = eventInfo(e);
  return info ? info->name : "?";
}

/// What an EnQue sets / a DeQue waits, for messages.
std::string syncName(uint8_t e) {
  if (e == Framework::kBarrierV)
    return "a PIPE_V barrier (nothing to wait)";
  if (e == Framework::kNoEvent)
    return "no event";
  return "the " + eventName(e) + " flag";
}

/// " (user positions A, B)", or " (the queue's own positions)".
std::string userPositions(uint8_t src, uint8_t dst) {
  if (src == kPosMAX && dst == kPosMAX)
    return " (the queue's own positions)";
  return std::string(" (user positions ") + positionName(src) + ", " +
         positionName(dst) + ")";
}

bool isUbPathEnd(uint8_t pos) {
  return pos == kPosGM || pos == kPosVECIN || pos == kPosVECCALC ||
         pos == kPosVECOUT;
}

} // namespace

Framework::Framework(const LaunchConfig &config) : config_(config) {}

//===----------------------------------------------------------------------===//
// TPipe
//===----------------------------------------------------------------------===//

void Framework::create(void *pipe, Loc loc) {
  if (live_)
    fail("queue",
         "a second TPipe is created while the TPipe created at " +
             formatLoc(pipeLoc_) +
             " is still live; a core has one TPipe. Call destroy() on the "
             "first one before creating another, or reuse it",
         loc, {makeNote("the live TPipe was created here", pipeLoc_)});
  pipe_ = pipe;
  live_ = true;
  pipeLoc_ = loc;
  rootCursor_.fill(0);
  rootBufs_ = 0;
  idsInUse_.fill(0);
  userIds_.fill(0);
}

void Framework::init(void *pipe, Loc loc) {
  if (isLive(pipe))
    return;
  create(pipe, loc);
}

void Framework::releaseAll(Loc loc, std::vector<SyncOp> &ops) {
  (void)loc;
  for (Queue &q : queues_) {
    if (!q.alive)
      continue;
    waitPendingFrees(q, ops);
    q.alive = false;
  }
  for (Pool &p : pools_)
    p.alive = false;
  rootCursor_.fill(0);
  rootBufs_ = 0;
}

void Framework::destroy(void *pipe, Loc loc, std::vector<SyncOp> &ops) {
  if (!isLive(pipe))
    return;
  releaseAll(loc, ops);
  ops.push_back(SyncOp{SyncOp::BarrierAll, 0, 0});
  live_ = false;
  idsInUse_.fill(0);
  userIds_.fill(0);
}

void Framework::reset(void *pipe, Loc loc, std::vector<SyncOp> &ops) {
  if (!isLive(pipe))
    fail("queue",
         "reset() on a TPipe that is not live (destroyed or never "
         "initialised)",
         loc);
  releaseAll(loc, ops);
}

void Framework::requireLive(const char *api, Loc loc) const {
  if (!live_)
    fail("queue",
         std::string(api) +
             " needs a live TPipe on this core; create one (asc.TPipe()) "
             "before initialising queues and buffers",
         loc);
}

//===----------------------------------------------------------------------===//
// Allocation of memory
//===----------------------------------------------------------------------===//

uint32_t &Framework::bufCount(int32_t pool) {
  return pool == 0 ? rootBufs_ : pools_[pool - 1].bufs;
}

uint32_t Framework::carve(int32_t pool, Mem mem, uint64_t bytes, uint32_t nbufs,
                          const std::string &what, Loc loc) {
  if (pool == 0) {
    uint64_t cap = capacityOf(mem, config_);
    uint32_t &cur = rootCursor_[static_cast<int>(mem)];
    if (cur + bytes > cap)
      fail("capacity",
           what + " needs " + std::to_string(bytes) + " bytes of " +
               memName(mem) + " at offset " + std::to_string(cur) +
               " (after the earlier init_buffer calls), ending at byte " +
               std::to_string(cur + bytes) + ", beyond the " + memName(mem) +
               " capacity of " + std::to_string(cap) + " bytes",
           loc);
    uint32_t start = cur;
    cur += static_cast<uint32_t>(bytes);
    if (rootBufs_ + nbufs > kMaxBuffers)
      fail("queue",
           what + " brings the TPipe to " + std::to_string(rootBufs_ + nbufs) +
               " buffers; a TPipe holds at most " + std::to_string(kMaxBuffers),
           loc);
    rootBufs_ += nbufs;
    return start;
  }
  if (pool < 0 || static_cast<size_t>(pool) > pools_.size())
    fail("queue", what + " on a TBufPool that was not initialised", loc);
  Pool &p = pools_[pool - 1];
  if (!p.alive)
    fail("queue",
         what + " on a TBufPool that was reset or whose TPipe was destroyed",
         loc, {makeNote("the pool was initialised here", p.loc)});
  if (p.mem != mem)
    fail("queue",
         what + " places a buffer in " + memName(mem) + ", but the TBufPool " +
             "initialised at " + formatLoc(p.loc) + " is in " + memName(p.mem),
         loc);
  if (p.cursor + bytes > p.size)
    fail("capacity",
         what + " needs " + std::to_string(bytes) + " bytes at offset " +
             std::to_string(p.cursor) + " of a TBufPool of " +
             std::to_string(p.size) + " bytes",
         loc, {makeNote("the pool was initialised here", p.loc)});
  if (nbufs && p.bufs + nbufs > p.maxBufs)
    fail("queue",
         what + " brings the TBufPool to " + std::to_string(p.bufs + nbufs) +
             " buffers; it was declared with at most " +
             std::to_string(p.maxBufs),
         loc, {makeNote("the pool was initialised here", p.loc)});
  uint32_t start = p.base + p.cursor;
  p.cursor += static_cast<uint32_t>(bytes);
  p.bufs += nbufs;
  return start;
}

void Framework::requireMem(const char *api, const std::string &what, Mem m,
                           Loc loc) const {
  // A vector core has the Unified Buffer only (hardware.md §0, §2.1).
  if (!aic_ && m != Mem::UB)
    fail("argument",
         std::string(api) + ": " + what + " (" + memName(m) +
             ") is not accessible from a vector core (AIV), which has only "
             "the Unified Buffer; use VECIN, VECOUT or VECCALC (UB), and put "
             "L1 and L0 buffers on the cube core (AIC) (guard them with "
             "ASCEND_IS_AIC in a MIX kernel)",
         loc);
  if (aic_ && (m == Mem::UB || m == Mem::GM || m == Mem::Invalid))
    fail("argument",
         std::string(api) + ": " + what + " (" + memName(m) +
             ") is not accessible from a cube core (AIC); use A1/B1/C1 (L1), "
             "A2 (L0A), B2 (L0B), CO1 (L0C) or C2 (BiasTable), and put UB "
             "buffers on the vector cores (AIV) (guard them with "
             "ASCEND_IS_AIV in a MIX kernel)",
         loc);
}

int32_t Framework::initQueue(int32_t pool, uint8_t src, uint8_t dst,
                             int32_t depth, int32_t num, uint32_t len,
                             bool tbuf, Loc loc, std::vector<SyncOp> *ops) {
  const char *api = "init_buffer";
  requireLive(api, loc);
  Queue q;
  q.tbuf = tbuf;
  q.src = src;
  q.dst = dst;
  // The buffers live at the local end: VECIN / A1 (from GM), VECOUT / CO1
  // (to GM / CO2), and the L0 / BiasTable end of an A1->A2, B1->B2, C1->C2
  // queue.
  bool toL0 = (src == kPosA1 || src == kPosB1 || src == kPosC1) &&
              (dst == kPosA2 || dst == kPosB2 || dst == kPosC2);
  q.pos = src == kPosGM || toL0 ? dst : src;
  q.mem = memOfPosition(q.pos);
  q.depth = depth;
  q.pool = pool;
  q.loc = loc;
  if (q.mem == Mem::Invalid || q.mem == Mem::GM)
    fail("argument",
         std::string(api) + ": a buffer cannot be placed at position " +
             positionName(q.pos),
         loc);
  // An AIV's TSCM queue is the Matmul API's message channel to its AIC's
  // L1 (hardware.md §3.5: messages only on 2201), not an L1 of its own; its
  // tensors' uses are checked like any other. The AIC and the AIVs of a MIX
  // kernel run the same source: InitBuffer only assigns addresses and event
  // ids, so the other type's queues are books; the instructions that would
  // touch its memories fail.
  if ((aic_ || q.pos != kPosTSCM) && !bookkeepingOnly(q.mem))
    requireMem(api, std::string("position ") + positionName(q.pos), q.mem, loc);
  if (num < 1 || num > static_cast<int32_t>(kMaxBuffers))
    fail("argument",
         std::string(api) +
             ": the number of buffers must be in 1..64, but "
             "got " +
             std::to_string(num),
         loc);
  if (len == 0)
    fail("argument", std::string(api) + ": the buffer length must be positive",
         loc);
  if (depth < 0)
    fail("argument",
         std::string(api) + ": queue depth must be non-negative, but got " +
             std::to_string(depth),
         loc);
  q.len = roundUp32(len);
  if (!tbuf) {
    uint8_t prod = producerPipe(src, dst), cons = consumerPipe(src, dst);
    q.enqEvent = eventBetween(prod, cons);
    q.freeEvent = q.enqEvent == kBarrierV ? kNoEvent : eventBetween(cons, prod);
  }
  q.bufs.resize(static_cast<size_t>(num));
  std::string what = std::string(api) + " of " + std::to_string(num) +
                     " buffer" + (num == 1 ? "" : "s") + " of " +
                     std::to_string(q.len) + " bytes";
  q.base = carve(pool, q.mem, static_cast<uint64_t>(num) * q.len,
                 static_cast<uint32_t>(num), what, loc);
  if (pool == 0 && !bookkeepingOnly(q.mem))
    checkStaticsUnder(api, q.mem, q.base, static_cast<uint64_t>(num) * q.len,
                      contribution(q), loc);
  if (!tbuf && depth == 0 && q.freeEvent != kNoEvent)
    for (Buffer &b : q.bufs) {
      b.ownFreeId = static_cast<int16_t>(takeId(q.freeEvent, api, loc));
      b.freeId = b.ownFreeId;
      if (ops)
        ops->push_back(SyncOp{SyncOp::Set, q.freeEvent,
                              static_cast<uint8_t>(b.ownFreeId)});
    }
  queues_.push_back(std::move(q));
  return static_cast<int32_t>(queues_.size());
}

int32_t Framework::initPool(int32_t parent, uint8_t pos, uint32_t maxBufs,
                            uint32_t len, int32_t share, Loc loc) {
  const char *api = "init_buf_pool";
  requireLive(api, loc);
  Pool p;
  p.pos = pos;
  p.mem = memOfPosition(pos);
  p.maxBufs = maxBufs;
  p.parent = parent;
  p.loc = loc;
  p.size = roundUp32(len);
  if (!bookkeepingOnly(p.mem))
    requireMem(api, std::string("a TBufPool at position ") + positionName(pos),
               p.mem, loc);
  if (share) {
    if (share < 0 || static_cast<size_t>(share) > pools_.size() ||
        !pools_[share - 1].alive)
      fail("queue",
           std::string(api) +
               ": the shared TBufPool is not initialised or was reset",
           loc);
    const Pool &s = pools_[share - 1];
    if (p.size > s.size)
      fail("capacity",
           std::string(api) + ": a shared pool of " + std::to_string(p.size) +
               " bytes exceeds the " + std::to_string(s.size) +
               " bytes of the pool it shares",
           loc, {makeNote("the shared pool was initialised here", s.loc)});
    p.base = s.base;
    p.shared = true;
  } else {
    p.base = carve(
        parent, p.mem, p.size, 0,
        std::string(api) + " of " + std::to_string(p.size) + " bytes", loc);
    if (parent == 0 && !bookkeepingOnly(p.mem))
      checkStaticsUnder(api, p.mem, p.base, p.size, contribution(p), loc);
  }
  pools_.push_back(p);
  return static_cast<int32_t>(pools_.size());
}

void Framework::resetPool(int32_t pool, Loc loc, std::vector<SyncOp> &ops) {
  if (pool <= 0 || static_cast<size_t>(pool) > pools_.size())
    fail("queue", "reset() on a TBufPool that was not initialised", loc);
  if (!pools_[pool - 1].alive)
    fail("queue", "reset() on a TBufPool whose TPipe was destroyed or reset",
         loc);
  // The pool, and every pool nested in it, empties.
  std::vector<int32_t> dying{pool};
  for (size_t i = 0; i < dying.size(); ++i)
    for (size_t k = 0; k < pools_.size(); ++k)
      if (pools_[k].alive && pools_[k].parent == dying[i])
        dying.push_back(static_cast<int32_t>(k + 1));
  for (Queue &q : queues_) {
    if (!q.alive ||
        std::find(dying.begin(), dying.end(), q.pool) == dying.end())
      continue;
    // ascendc_api.md §6.6: Alloc/Free and EnQue/DeQue pair inside a pool;
    // a tensor still out would live on in memory the pool hands out anew.
    for (const Buffer &b : q.bufs)
      if (b.state != State::Free)
        fail("queue",
             "reset() on the TBufPool initialised at " +
                 formatLoc(pools_[pool - 1].loc) + " while " + describe(q) +
                 " still has a tensor " +
                 (b.state == State::Enqueued ? "in the queue"
                                             : "allocated and not freed") +
                 ": alloc_tensor and free_tensor (and enque and deque) must "
                 "pair inside a pool; free the tensor before the reset",
             loc,
             {makeNote(b.state == State::Enqueued
                           ? "it was enqueued here"
                           : (b.state == State::Occupied
                                  ? "it was allocated here"
                                  : "it was dequeued here"),
                       b.lastLoc)});
    waitPendingFrees(q, ops);
    q.alive = false;
  }
  for (size_t i = 1; i < dying.size(); ++i)
    pools_[dying[i] - 1].alive = false;
  Pool &p = pools_[pool - 1];
  p.cursor = 0;
  p.bufs = 0;
}

//===----------------------------------------------------------------------===//
// Queue operations
//===----------------------------------------------------------------------===//

std::string Framework::describe(const Queue &q) const {
  std::string s;
  if (q.tbuf)
    s = std::string("TBuf<") + positionName(q.pos) + ">";
  else if (q.src == kPosGM || q.dst == kPosGM)
    s = std::string("the ") + positionName(q.pos) + " queue";
  else
    s = std::string("the ") + positionName(q.src) + "->" + positionName(q.dst) +
        " queue";
  return s + " (" + std::to_string(q.bufs.size()) + " x " +
         std::to_string(q.len) + " bytes, initialised at " + formatLoc(q.loc) +
         ")";
}

Framework::Queue &Framework::queue(int32_t qh, const char *api, Loc loc) {
  if (qh == 0)
    fail("queue",
         std::string(api) +
             " on a queue or buffer that was never initialised; call "
             "pipe.init_buffer(...) on it first",
         loc);
  if (qh < 0 || static_cast<size_t>(qh) > queues_.size())
    fail("queue", std::string(api) + " on an invalid queue object", loc);
  Queue &q = queues_[qh - 1];
  if (!q.alive)
    fail("queue",
         std::string(api) + " on " + describe(q) +
             ", whose TPipe or TBufPool was destroyed or reset since",
         loc);
  return q;
}

Note Framework::raceHint(Mem mem, uint64_t start, uint64_t end, Pipe earlier,
                         Pipe later) const {
  // Races are explained when the block ends, after its TPipe has died: the
  // newest queue (alive or not) that held the bytes is the one the kernel used.
  for (auto it = queues_.rbegin(); it != queues_.rend(); ++it) {
    const Queue &q = *it;
    if (q.tbuf || q.mem != mem || q.enqEvent == kNoEvent ||
        q.enqEvent == kBarrierV)
      continue;
    uint64_t base = q.base, limit = base + uint64_t(q.len) * q.bufs.size();
    if (end <= base || start >= limit)
      continue;
    auto prod = static_cast<Pipe>(producerPipe(q.src, q.dst));
    auto cons = static_cast<Pipe>(consumerPipe(q.src, q.dst));
    if (prod == earlier && cons == later)
      return makeNote("the bytes belong to " + describe(q) +
                          ", whose enque/deque orders exactly these pipes: "
                          "enque the tensor after the earlier access and "
                          "deque it before this one",
                      q.loc);
    std::string fix;
    if (earlier == Pipe::MTE2 && later == Pipe::MTE3)
      fix = "to copy the data from GM straight back to GM, use a "
            "TQueBind(VECIN, VECOUT) queue, whose enque/deque orders MTE2 -> "
            "MTE3, or go through a VECOUT queue after a vector instruction";
    else
      fix = std::string("move the data through a queue whose enque/deque "
                        "orders ") +
            pipeName(earlier) + " -> " + pipeName(later) +
            " (its producer and consumer positions decide that), or add "
            "set_flag/wait_flag of that event";
    Note n = makeNote("the bytes belong to " + describe(q) +
                          ", whose enque/deque orders " + pipeName(prod) +
                          " -> " + pipeName(cons) + " only; " + fix,
                      q.loc);
    return n;
  }
  return {};
}

uint8_t Framework::userEvent(const Queue &q, uint8_t srcUser, uint8_t dstUser,
                             const char *api, Loc loc) const {
  if (srcUser == kPosMAX && dstUser == kPosMAX)
    return q.enqEvent;
  // EnQue<srcUserPos, dstUserPos> (hardware.md §3.5): the event of the
  // positions' memories, GM -> UB MTE2_V, UB -> GM V_MTE3, and UB -> UB a
  // PIPE_V barrier.
  if (!isUbPathEnd(srcUser) || !isUbPathEnd(dstUser) ||
      (srcUser == kPosGM && dstUser == kPosGM))
    fail("argument",
         std::string(api) + userPositions(srcUser, dstUser) + " on " +
             describe(q) +
             ": each user position must be GM, VECIN, VECCALC or VECOUT, "
             "and not both GM",
         loc);
  if (q.mem != Mem::UB)
    fail("argument",
         std::string(api) + userPositions(srcUser, dstUser) + " on " +
             describe(q) +
             ": user positions name a path through the Unified Buffer, but "
             "the queue's buffers are not in it",
         loc);
  if (srcUser == kPosGM)
    return eventBetween(static_cast<uint8_t>(Pipe::MTE2),
                        static_cast<uint8_t>(Pipe::V));
  if (dstUser == kPosGM)
    return eventBetween(static_cast<uint8_t>(Pipe::V),
                        static_cast<uint8_t>(Pipe::MTE3));
  return kBarrierV;
}

BufferView Framework::view(int32_t qh, const Queue &q, uint32_t b) const {
  BufferView v;
  v.addr = q.base + b * q.len;
  v.bytes = q.len;
  v.handle = (static_cast<uint64_t>(qh) << 16) | (b + 1);
  v.pos = q.pos;
  return v;
}

uint32_t Framework::bufferIndex(const Queue &q, int32_t qh, uint64_t buffer,
                                const char *api, Loc loc) {
  int32_t owner = static_cast<int32_t>(buffer >> 16);
  uint32_t b = static_cast<uint32_t>(buffer & 0xFFFF);
  if (buffer == 0 || owner != qh || b == 0 || b > q.bufs.size()) {
    if (buffer == kNoBufferHandle)
      failNoBuffer(api, "tensor", loc);
    std::vector<Note> notes;
    if (owner > 0 && static_cast<size_t>(owner) <= queues_.size() &&
        owner != qh)
      notes.push_back(
          makeNote("the tensor belongs to " + describe(queues_[owner - 1]),
                   queues_[owner - 1].loc));
    fail("queue",
         std::string(api) + " on " + describe(q) + " with a tensor that " +
             (buffer == 0 ? "was not allocated from any queue"
                          : "was not allocated from this queue"),
         loc, std::move(notes));
  }
  return b - 1;
}

uint8_t Framework::takeId(uint8_t event, const char *api, Loc loc) {
  uint8_t used = idsInUse_[event];
  for (int id = 0; id < kNumEventIds; ++id) {
    if (!(used & (1u << id))) {
      idsInUse_[event] = static_cast<uint8_t>(used | (1u << id));
      idLoc_[event * kNumEventIds + id] = loc;
      return static_cast<uint8_t>(id);
    }
  }
  std::vector<Note> notes;
  for (int id = 0; id < kNumEventIds; ++id)
    notes.push_back(makeNote("id " + std::to_string(id) + " was taken here",
                             idLoc_[event * kNumEventIds + id]));
  fail("queue",
       std::string(api) + " needs an event id of " + eventName(event) +
           ", but all 8 are held: too many buffers are in flight between "
           "these pipes (each queue buffer between enque and deque, or "
           "between free_tensor and the next alloc_tensor, holds one). Use "
           "fewer buffers or queues on these positions, or release ids",
       loc, std::move(notes));
}

void Framework::giveId(uint8_t event, int16_t id) {
  idsInUse_[event] = static_cast<uint8_t>(idsInUse_[event] & ~(1u << id));
}

void Framework::waitPendingFrees(Queue &q, std::vector<SyncOp> &ops) {
  for (Buffer &b : q.bufs) {
    if (b.freeId >= 0)
      ops.push_back(
          SyncOp{SyncOp::Wait, q.freeEvent, static_cast<uint8_t>(b.freeId)});
    // A depth-0 queue's own ids go back with the last wait.
    int16_t id = b.freeId >= 0 ? b.freeId : b.ownFreeId;
    if (id >= 0)
      giveId(q.freeEvent, id);
    b.freeId = -1;
    b.ownFreeId = -1;
  }
}

void Framework::requireDepth(const Queue &q, const char *api,
                             const char *instead, Loc loc) const {
  if (q.tbuf || q.depth != 0)
    return;
  fail("queue",
       std::string(api) + " on " + describe(q) +
           ", whose depth is 0: Ascend C's depth-0 (in-place) queues " +
           instead,
       loc);
}

BufferView Framework::alloc(int32_t qh, bool inPlace, Loc loc,
                            std::vector<SyncOp> &ops) {
  const char *api = "alloc_tensor";
  Queue &q = queue(qh, api, loc);
  if (q.tbuf)
    return view(qh, q, 0);
  if (!inPlace)
    requireDepth(q, "AllocTensor<T>()",
                 "take the in-place AllocTensor(t) and DeQue(t)", loc);
  uint32_t n = static_cast<uint32_t>(q.bufs.size());
  uint32_t b = n;
  for (uint32_t k = 0; k < n; ++k) {
    uint32_t c = (q.next + k) % n;
    if (q.bufs[c].state == State::Free) {
      b = c;
      break;
    }
  }
  if (b == n) {
    std::vector<Note> notes;
    for (uint32_t k = 0; k < n; ++k)
      notes.push_back(makeNote("buffer " + std::to_string(k) +
                                   " is still in use since here",
                               q.bufs[k].lastLoc));
    fail("queue",
         std::string(api) + " on " + describe(q) +
             " finds no free buffer: " + "all " + std::to_string(n) +
             " are allocated and not yet freed. Call free_tensor on a "
             "buffer before allocating another, or give the queue more "
             "buffers",
         loc, std::move(notes));
  }
  q.next = (b + 1) % n;
  Buffer &buf = q.bufs[b];
  if (buf.freeId >= 0) {
    ops.push_back(
        SyncOp{SyncOp::Wait, q.freeEvent, static_cast<uint8_t>(buf.freeId)});
    if (buf.ownFreeId < 0)
      giveId(q.freeEvent, buf.freeId);
    buf.freeId = -1;
  }
  buf.state = State::Occupied;
  buf.lastLoc = loc;
  return view(qh, q, b);
}

void Framework::enque(int32_t qh, uint64_t buffer, uint8_t srcUser,
                      uint8_t dstUser, Loc loc, std::vector<SyncOp> &ops) {
  const char *api = "enque";
  Queue &q = queue(qh, api, loc);
  if (q.tbuf)
    return;
  uint32_t b = bufferIndex(q, qh, buffer, api, loc);
  Buffer &buf = q.bufs[b];
  if (buf.state == State::Free)
    fail("queue",
         std::string(api) + " on " + describe(q) +
             " of a tensor whose buffer is free (freed at " +
             formatLoc(buf.lastLoc) + "); allocate it again first",
         loc);
  if (buf.state == State::Enqueued)
    fail("queue",
         std::string(api) + " on " + describe(q) +
             " of a tensor that is already in the queue (enqueued at " +
             formatLoc(buf.lastLoc) + " and not dequeued since)",
         loc);
  size_t limit = q.depth > 0 ? static_cast<size_t>(q.depth) : q.bufs.size();
  if (q.enqueued.size() >= limit)
    fail("queue",
         std::string(api) + " on " + describe(q) + " would make " +
             std::to_string(q.enqueued.size() + 1) +
             " tensors wait in a queue of depth " + std::to_string(limit) +
             "; deque a tensor first or declare a deeper queue",
         loc,
         {makeNote("the oldest tensor still in the queue was enqueued here",
                   q.bufs[q.enqueued.front()].lastLoc)});
  uint8_t event = userEvent(q, srcUser, dstUser, api, loc);
  buf.enqId = -1;
  buf.enqEvent = event;
  buf.enqSrcUser = srcUser;
  buf.enqDstUser = dstUser;
  if (event == kBarrierV) {
    ops.push_back(SyncOp{SyncOp::BarrierV, 0, 0});
  } else if (event != kNoEvent) {
    uint8_t id = takeId(event, api, loc);
    ops.push_back(SyncOp{SyncOp::Set, event, id});
    buf.enqId = id;
  }
  buf.state = State::Enqueued;
  buf.lastLoc = loc;
  q.enqueued.push_back(b);
}

BufferView Framework::deque(int32_t qh, bool inPlace, uint64_t buffer,
                            uint8_t srcUser, uint8_t dstUser, Loc loc,
                            std::vector<SyncOp> &ops) {
  const char *api = "deque";
  Queue &q = queue(qh, api, loc);
  if (q.tbuf)
    return view(qh, q, 0);
  uint8_t event = userEvent(q, srcUser, dstUser, api, loc);
  if (!inPlace)
    requireDepth(q, "DeQue<T>()",
                 "take the in-place AllocTensor(t) and DeQue(t)", loc);
  if (q.enqueued.empty())
    fail("queue",
         std::string(api) + " on " + describe(q) +
             " finds it empty: no enqueued tensor is waiting. Every deque "
             "needs an earlier enque",
         loc);
  // A depth-0 queue keeps no order: DeQue(t) takes t's buffer.
  auto pos = q.enqueued.begin();
  if (inPlace && q.depth == 0) {
    uint32_t want = bufferIndex(q, qh, buffer, api, loc);
    pos = std::find(q.enqueued.begin(), q.enqueued.end(), want);
    if (pos == q.enqueued.end())
      fail("queue",
           std::string(api) + "(t) on " + describe(q) +
               " of a tensor that is not in the queue (its buffer was not "
               "enqueued, or was dequeued since); enque it first",
           loc, {makeNote("its buffer's last use", q.bufs[want].lastLoc)});
  }
  uint32_t b = *pos;
  Buffer &buf = q.bufs[b];
  // DeQue waits the event its own (user) positions name: one the EnQue did
  // not set is never set, and the NPU hangs there. A depth-0 queue's
  // DeQue(t) has no user positions: only the enque can change.
  if (event != buf.enqEvent)
    fail("queue",
         std::string(api) + userPositions(srcUser, dstUser) + " on " +
             describe(q) + " waits " + syncName(event) +
             ", but the tensor was enqueued" +
             userPositions(buf.enqSrcUser, buf.enqDstUser) + " with " +
             syncName(buf.enqEvent) +
             ": that wait is never satisfied (the NPU hangs). " +
             (inPlace && q.depth == 0
                  ? "The in-place deque(t) of a depth-0 queue takes no user "
                    "positions: enque the tensor without them, or use a "
                    "queue of depth 1 or more and give its deque the user "
                    "positions of the enque"
                  : "Give deque the user positions the enque used"),
         loc, {makeNote("it was enqueued here", buf.lastLoc)});
  q.enqueued.erase(pos);
  if (buf.enqId >= 0) {
    ops.push_back(
        SyncOp{SyncOp::Wait, buf.enqEvent, static_cast<uint8_t>(buf.enqId)});
    giveId(buf.enqEvent, buf.enqId);
    buf.enqId = -1;
  }
  buf.state = State::Dequeued;
  buf.lastLoc = loc;
  return view(qh, q, b);
}

void Framework::free(int32_t qh, uint64_t buffer, Loc loc,
                     std::vector<SyncOp> &ops) {
  const char *api = "free_tensor";
  Queue &q = queue(qh, api, loc);
  if (q.tbuf)
    return;
  uint32_t b = bufferIndex(q, qh, buffer, api, loc);
  Buffer &buf = q.bufs[b];
  if (buf.state == State::Free)
    fail("queue",
         std::string(api) + " on " + describe(q) +
             " of a buffer that is already free: double free",
         loc, {makeNote("it was freed here", buf.lastLoc)});
  if (buf.state == State::Enqueued)
    fail("queue",
         std::string(api) + " on " + describe(q) +
             " of a tensor that is still in the queue: deque it first",
         loc, {makeNote("it was enqueued here", buf.lastLoc)});
  if (q.freeEvent != kNoEvent) {
    uint8_t id = buf.ownFreeId >= 0 ? static_cast<uint8_t>(buf.ownFreeId)
                                    : takeId(q.freeEvent, api, loc);
    ops.push_back(SyncOp{SyncOp::Set, q.freeEvent, id});
    buf.freeId = id;
  }
  buf.state = State::Free;
  buf.lastLoc = loc;
}

BufferView Framework::stackBuffer(const char *api, Loc loc) {
  if (!live_)
    fail("argument",
         std::string(api) +
             " without a temp buffer works in the Unified Buffer above the "
             "TPipe's buffers (Ascend C's PopStackBuffer), but no TPipe is "
             "live: create a TPipe, or pass temp_buffer",
         loc);
  const uint32_t cap = static_cast<uint32_t>(capacityOf(Mem::UB, config_));
  const uint32_t used = rootCursor_[static_cast<int>(Mem::UB)];
  BufferView v;
  v.addr = used;
  v.bytes = cap > used ? cap - used : 0;
  v.handle = 0;
  v.pos = kPosVECCALC;
  return v;
}

BufferView Framework::get(int32_t qh, uint32_t offset, uint64_t bytes,
                          bool whole, const char *api, Loc loc) {
  Queue &q = queue(qh, api, loc);
  BufferView v = view(qh, q, 0);
  if (whole)
    return v;
  if (offset % 32 != 0)
    fail("alignment",
         std::string(api) + ": the byte offset " + std::to_string(offset) +
             " into " + describe(q) + " is not 32-byte aligned",
         loc);
  if (offset + bytes > q.len)
    fail("bounds",
         std::string(api) + " of " + std::to_string(bytes) +
             " bytes at byte offset " + std::to_string(offset) + " of " +
             describe(q) + " ends at byte " + std::to_string(offset + bytes) +
             ", beyond its " + std::to_string(q.len) + " bytes",
         loc);
  v.addr += offset;
  v.bytes = static_cast<uint32_t>(bytes);
  return v;
}

int32_t Framework::query(int32_t qh, QueueQuery what, uint64_t buffer,
                         Loc loc) {
  Queue &q = queue(qh, "queue query", loc);
  if (what != QueueQuery::State)
    requireDepth(q,
                 "a queue query (VacantInQue, HasTensorInQue, "
                 "GetTensorCountInQue, HasIdleBuffer)",
                 "have no query methods", loc);
  size_t limit = q.depth > 0 ? static_cast<size_t>(q.depth) : q.bufs.size();
  switch (what) {
  case QueueQuery::Vacant:
    return q.enqueued.size() < limit;
  case QueueQuery::HasTensor:
    return !q.enqueued.empty();
  case QueueQuery::TensorCount:
    return static_cast<int32_t>(q.enqueued.size());
  case QueueQuery::HasIdleBuffer:
    for (const Buffer &b : q.bufs)
      if (b.state == State::Free)
        return 1;
    return 0;
  case QueueQuery::State:
    return static_cast<int32_t>(
        q.bufs[bufferIndex(q, qh, buffer, "get_state", loc)].state);
  }
  return 0;
}

int32_t Framework::userTag(uint64_t buffer, bool set, int32_t tag,
                           const char *api, Loc loc) {
  int32_t qh = static_cast<int32_t>(buffer >> 16);
  if (buffer == 0 || qh <= 0 || static_cast<size_t>(qh) > queues_.size()) {
    if (buffer == kNoBufferHandle)
      failNoBuffer(api, "tensor", loc);
    // Only a tensor with bytes but no queue buffer is left: one declared at
    // an address (or a view of one), whose handle is null.
    fail("argument",
         std::string(api) +
             ": the tensor has no queue buffer to keep the tag in: it is a "
             "static LocalTensor (declared at an address, "
             "asc.LocalTensor(dtype, pos, addr, tile_size), or by a "
             "LocalMemAllocator) or a view of one; tag a tensor a TQue "
             "(alloc_tensor, deque) or a TBuf (get) handed out",
         loc);
  }
  Queue &q = queue(qh, api, loc);
  Buffer &b = q.bufs[bufferIndex(q, qh, buffer, api, loc)];
  if (set)
    b.userTag = tag;
  return b.userTag;
}

void Framework::freeAllEvents(int32_t qh, Loc loc, std::vector<SyncOp> &ops) {
  Queue &q = queue(qh, "free_all_event", loc);
  requireDepth(q, "free_all_event",
               "have no FreeAllEvent: their ids are held until the TPipe is "
               "destroyed",
               loc);
  waitPendingFrees(q, ops);
}

//===----------------------------------------------------------------------===//
// Static tensors next to the TPipe's buffers
//===----------------------------------------------------------------------===//

namespace {

bool sameLine(const Loc &a, const Loc &b) {
  return a.line == b.line && a.file == b.file;
}

/// "bytes [0, 4096) of UB", as asc-verify-capacity words it.
std::string bytesOf(uint64_t begin, uint64_t end, Mem mem) {
  return "bytes [" + std::to_string(begin) + ", " + std::to_string(end) +
         ") of " + memName(mem);
}

/// "a VECIN", "an A1", "an SPM": a position name's first letter is read
/// as a letter, and those whose name starts with a vowel take "an".
std::string withArticle(const std::string &name) {
  const bool an =
      !name.empty() &&
      std::string_view("AEFHILMNORSX").find(name[0]) != std::string_view::npos;
  return (an ? "an " : "a ") + name;
}

} // namespace

std::string Framework::contribution(const Queue &q) const {
  if (q.tbuf)
    return "init_buffer of " + std::to_string(q.len) + " bytes for " +
           withArticle(positionName(q.pos)) + " TBuf";
  std::string queue =
      q.src == kPosGM || q.dst == kPosGM || q.src == q.dst
          ? std::string(positionName(q.pos))
          : std::string(positionName(q.src)) + "-to-" + positionName(q.dst);
  return "init_buffer of " + std::to_string(q.bufs.size()) + " × " +
         std::to_string(q.len) + " bytes for " + withArticle(queue) + " queue";
}

std::string Framework::contribution(const Pool &p) const {
  return "init_buf_pool of " + std::to_string(p.size) + " bytes for " +
         withArticle(positionName(p.pos)) + " TBufPool";
}

bool Framework::warnedAt(const Loc &loc) const {
  return std::any_of(staticWarned_.begin(), staticWarned_.end(),
                     [&](const Loc &at) { return sameLine(at, loc); });
}

std::optional<Diagnostic> Framework::noteStatic(Mem mem, uint32_t addr,
                                                uint32_t end, Loc loc) {
  // Only the memories this core has: a tensor elsewhere is a descriptor
  // (a MIX kernel's cores run the same declarations), and the AIC's UB
  // queues and an AIV's TSCM queue are books and messages.
  if (aic_ ? mem == Mem::UB : mem != Mem::UB)
    return std::nullopt;
  bool known = false;
  for (const StaticTensor &t : statics_)
    known = known || (t.mem == mem && t.addr == addr && t.end == end &&
                      sameLine(t.loc, loc));
  if (!known && statics_.size() < 64)
    statics_.push_back({mem, addr, end, loc});
  const uint32_t top = rootCursor_[static_cast<int>(mem)];
  if (!live_ || addr >= top)
    return std::nullopt;
  if (warnedAt(loc))
    return std::nullopt; // once per line, as the compile-time warning
  std::vector<Note> notes;
  auto overlaps = [&](uint32_t start, uint64_t bytes) {
    return start < end && addr < start + bytes;
  };
  // The buffers at the TPipe's top level, in init_buffer order.
  for (const Queue &q : queues_) {
    const uint64_t bytes = static_cast<uint64_t>(q.len) * q.bufs.size();
    if (q.alive && q.pool == 0 && q.mem == mem && overlaps(q.base, bytes))
      notes.push_back(makeNote(contribution(q) + " takes " +
                                   bytesOf(q.base, q.base + bytes, mem),
                               q.loc));
  }
  for (const Pool &p : pools_) {
    if (p.alive && p.parent == 0 && !p.shared && p.mem == mem &&
        overlaps(p.base, p.size))
      notes.push_back(makeNote(contribution(p) + " takes " +
                                   bytesOf(p.base, p.base + p.size, mem),
                               p.loc));
  }
  staticWarned_.push_back(loc);
  Diagnostic d = makeDiagnostic(
      "capacity",
      "LocalTensor: the tensor occupies " + bytesOf(addr, end, mem) +
          ", which the TPipe's buffers at " + bytesOf(0, top, mem) +
          " also use (a TPipe places its buffers from byte 0 of each "
          "memory): each may overwrite the other. Place the tensor at byte " +
          std::to_string(top) + " or above",
      loc, std::move(notes));
  d.severity = Severity::Warning;
  return d;
}

void Framework::checkStaticsUnder(const char *api, Mem mem, uint32_t start,
                                  uint64_t bytes, const std::string &what,
                                  Loc loc) {
  const uint64_t end = start + bytes;
  for (const StaticTensor &t : statics_) {
    if (t.mem != mem || t.end <= start || t.addr >= end)
      continue;
    if (warnedAt(t.loc))
      continue;
    staticWarned_.push_back(t.loc);
    Diagnostic d = makeDiagnostic(
        "capacity",
        std::string(api) + ": " + what + " takes " + bytesOf(start, end, mem) +
            " (a TPipe places its buffers from byte 0 of each memory), which "
            "the static local tensor at " +
            bytesOf(t.addr, t.end, mem) +
            " also uses: each may overwrite the other. Place the tensor at "
            "byte " +
            std::to_string(end) + " or above",
        loc, {makeNote("the static local tensor", t.loc)});
    d.severity = Severity::Warning;
    warnings_.push_back(std::move(d));
  }
}

//===----------------------------------------------------------------------===//
// Event ids
//===----------------------------------------------------------------------===//

int32_t Framework::allocEvent(uint8_t event, bool reserve, Loc loc) {
  const char *api = reserve ? "alloc_event_id" : "fetch_event_id";
  const EventInfo *info = eventInfo(event);
  if (!info || (aic_ ? !hw::kEvents[event].aic : !info->onAiv))
    fail("argument",
         std::string(api) + ": " + (info ? info->name : std::string("?")) +
             (aic_ ? std::string(" is not an event of a cube core (AIC)")
                   : " is not an event of a vector core (AIV); valid events "
                     "are " +
                         aivEventList()),
         loc);
  if (!reserve) {
    for (int id = 0; id < kNumEventIds; ++id)
      if (!(idsInUse_[event] & (1u << id)))
        return id;
  }
  uint8_t id = takeId(event, api, loc);
  userIds_[event] = static_cast<uint8_t>(userIds_[event] | (1u << id));
  return id;
}

void Framework::releaseEvent(uint8_t event, int32_t id, Loc loc) {
  const EventInfo *info = eventInfo(event);
  if (!info || id < 0 || id >= kNumEventIds)
    fail("argument",
         "release_event_id: event id must be in 0..7, but got " +
             std::to_string(id),
         loc);
  if (!(idsInUse_[event] & (1u << id)))
    fail("queue",
         "release_event_id(" + std::string(info->name) + ", " +
             std::to_string(id) + ") releases an id that is not allocated",
         loc);
  // Giving back a queue's id lets alloc_event_id hand it out again while
  // the queue's set/wait still use it: two waits on one flag.
  if (!(userIds_[event] & (1u << id)))
    fail("queue",
         "release_event_id(" + std::string(info->name) + ", " +
             std::to_string(id) +
             ") releases an id that a queue buffer holds, not one that "
             "alloc_event_id reserved; release only the ids alloc_event_id "
             "returned",
         loc,
         {makeNote("the queue took the id here",
                   idLoc_[event * kNumEventIds + id])});
  userIds_[event] = static_cast<uint8_t>(userIds_[event] & ~(1u << id));
  giveId(event, static_cast<int16_t>(id));
}

} // namespace ascsim
