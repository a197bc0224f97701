//===- framework/Framework.h - TPipe/TQue/TBuf bookkeeping ------*- C++ -*-===//
//
// The state of one core's TPipe: where each queue's buffers live, the state
// of every buffer (FREE -> OCCUPIED -> ENQUE -> DEQUE -> FREE), the event ids
// each buffer holds, and the per-HardEvent 8-id pools (hardware.md §3.3,
// §3.5; ascendc_api.md §2.4-§2.7, §6.6).
//
// This module only keeps books and checks them: every operation that needs
// synchronisation returns the SetFlag/WaitFlag/barrier steps, which the core
// issues into its pipes like the user's own flags. Misuse throws a "queue"
// (or "capacity"/"argument") Fault at the user's line.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_FRAMEWORK_FRAMEWORK_H
#define ASCSIM_FRAMEWORK_FRAMEWORK_H

#include "ascsim/runtime.h"
#include "support/Isa.h"

#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace ascsim {

/// One synchronisation step a framework call performs.
struct SyncOp {
  enum Kind : uint8_t { Set, Wait, BarrierV, BarrierAll } kind;
  uint8_t event = 0;
  uint8_t id = 0;
};

class Framework {
public:
  explicit Framework(const LaunchConfig &config);
  /// The core is a cube core (AIC): queues and pools live in L1 and the
  /// cube memories (not UB), and its event ids are those of an AIC.
  void setAic(bool aic) { aic_ = aic; }
  /// The launch has cores of both types (MIX_AIC_1_1 / MIX_AIC_1_2): each
  /// runs the same source, the other type's buffer declarations included.
  void setBothCoreTypes(bool both) { bothCoreTypes_ = both; }

  //===--------------------------------------------------------------------===//
  // TPipe
  //===--------------------------------------------------------------------===//

  /// TPipe constructor. Fails if another TPipe is live on this core.
  void create(void *pipe, Loc loc);
  /// TPipe::Init after Destroy (a no-op on a live pipe).
  void init(void *pipe, Loc loc);
  /// Destroy: waits every pending free event, then PIPE_ALL; the queues die.
  /// A destroyed pipe is a no-op.
  void destroy(void *pipe, Loc loc, std::vector<SyncOp> &ops);
  /// Reset: waits every pending free event; all allocations are released.
  void reset(void *pipe, Loc loc, std::vector<SyncOp> &ops);
  /// The live pipe, or null.
  void *pipe() const { return live_ ? pipe_ : nullptr; }
  /// The TPipe created last on this core, live or destroyed (Ascend C's
  /// GetTPipePtr() keeps pointing at a destroyed one), or null.
  void *lastPipe() const { return pipe_; }
  /// Whether `pipe` is the live pipe.
  bool isLive(const void *pipe) const { return live_ && pipe == pipe_; }

  /// For a race on [start, end) of `mem` between pipes `earlier` -> `later`:
  /// when the bytes are a buffer of a TQue whose enque/deque orders other
  /// pipes, a note saying which queue would order these (empty otherwise).
  Note raceHint(Mem mem, uint64_t start, uint64_t end, Pipe earlier,
                Pipe later) const;

  //===--------------------------------------------------------------------===//
  // Queues, buffers and pools
  //===--------------------------------------------------------------------===//

  /// A queue of depth 0 holds an id of its free event per buffer for its
  /// life and sets it here (hardware.md §3.5), into `ops` when given.
  int32_t initQueue(int32_t pool, uint8_t src, uint8_t dst, int32_t depth,
                    int32_t num, uint32_t len, bool tbuf, Loc loc,
                    std::vector<SyncOp> *ops = nullptr);
  int32_t initPool(int32_t parent, uint8_t pos, uint32_t maxBufs, uint32_t len,
                   int32_t share, Loc loc);
  void resetPool(int32_t pool, Loc loc, std::vector<SyncOp> &ops);

  /// `inPlace`: AllocTensor(t), the form of depth-0 queues (which have no
  /// other).
  BufferView alloc(int32_t q, bool inPlace, Loc loc, std::vector<SyncOp> &ops);
  void enque(int32_t q, uint64_t buffer, uint8_t srcUser, uint8_t dstUser,
             Loc loc, std::vector<SyncOp> &ops);
  /// `srcUser`/`dstUser`: the user positions of DeQue<src, dst, T>, or MAX
  /// (16) for the queue's own event; either way the event must be the one
  /// the tensor was enqueued with.
  /// `inPlace`: DeQue(t); on a depth-0 queue it takes the buffer `buffer`
  /// (t's), which must be enqueued.
  BufferView deque(int32_t q, bool inPlace, uint64_t buffer, uint8_t srcUser,
                   uint8_t dstUser, Loc loc, std::vector<SyncOp> &ops);
  void free(int32_t q, uint64_t buffer, Loc loc, std::vector<SyncOp> &ops);
  /// PopStackBuffer: the UB above the TPipe's buffers (what the advanced
  /// API uses when it is given no temp buffer); `api` names the caller.
  BufferView stackBuffer(const char *api, Loc loc);
  /// TBuf::Get / GetWithOffset; `api` names the call in errors.
  BufferView get(int32_t q, uint32_t offset, uint64_t bytes, bool whole,
                 const char *api, Loc loc);
  int32_t query(int32_t q, QueueQuery what, uint64_t buffer, Loc loc);
  void freeAllEvents(int32_t q, Loc loc, std::vector<SyncOp> &ops);
  /// The user tag of the buffer named by `buffer` (set it first if `set`).
  /// Tensors that no queue or TBuf handed out have no buffer to hold one.
  int32_t userTag(uint64_t buffer, bool set, int32_t tag, const char *api,
                  Loc loc);

  //===--------------------------------------------------------------------===//
  // Static tensors next to the TPipe's buffers
  //===--------------------------------------------------------------------===//

  /// A static LocalTensor at [addr, end) of `mem`, made at `loc`. When it
  /// shares bytes with the live TPipe's buffers, the warning to record (once
  /// per line): the run-time twin of asc-verify-capacity's, for addresses
  /// known only at run time (docs/debugging.md).
  std::optional<Diagnostic> noteStatic(Mem mem, uint32_t addr, uint32_t end,
                                       Loc loc);
  /// The warnings of the init_buffer / init_buf_pool calls since the last
  /// take: a buffer placed over an earlier static tensor.
  std::vector<Diagnostic> takeWarnings() { return std::move(warnings_); }

  //===--------------------------------------------------------------------===//
  // Event ids
  //===--------------------------------------------------------------------===//

  /// AllocEventID (reserve) / FetchEventID (peek): the lowest free id of
  /// `event`. Fails when all 8 are taken.
  int32_t allocEvent(uint8_t event, bool reserve, Loc loc);
  void releaseEvent(uint8_t event, int32_t id, Loc loc);

  /// Sentinel event values of SyncOp-less queues.
  static constexpr uint8_t kNoEvent = 0xFF;
  static constexpr uint8_t kBarrierV = 0xFE;

private:
  bool aic_ = false;
  bool bothCoreTypes_ = false;
  /// Whether a queue or pool in `m` is only books on this core: when the
  /// launch has both core types, the AIC keeps those of UB ones and an AIV
  /// those of L1 and L0 ones, the other type's memories (docs/simulator.md).
  bool bookkeepingOnly(Mem m) const {
    return bothCoreTypes_ && m != Mem::GM && m != Mem::Invalid &&
           (aic_ ? m == Mem::UB : m != Mem::UB);
  }
  /// Whether memory `m` holds queues and pools on this core type; else
  /// fails with `what` naming the position.
  void requireMem(const char *api, const std::string &what, Mem m,
                  Loc loc) const;
  enum class State : uint8_t { Free, Occupied, Enqueued, Dequeued };
  struct Buffer {
    State state = State::Free;
    int16_t freeId = -1;    // pending freeBufEvt id (FreeTensor -> AllocTensor)
    int16_t enqId = -1;     // pending enQueEvt id (EnQue -> DeQue)
    int16_t ownFreeId = -1; // the freeBufEvt id a depth-0 queue holds
    uint8_t enqEvent = kNoEvent;
    // The user positions of the EnQue (16 = MAX: the queue's own).
    uint8_t enqSrcUser = 16, enqDstUser = 16;
    int32_t userTag = 0; // TBufType::usertag (LocalTensor::SetUserTag)
    Loc lastLoc{nullptr, 0};
  };
  struct Queue {
    bool alive = true;
    bool tbuf = false;
    uint8_t src = 0, dst = 0, pos = 0;
    Mem mem = Mem::UB;
    int32_t depth = 0;
    int32_t pool = 0;
    uint8_t enqEvent = kNoEvent;
    uint8_t freeEvent = kNoEvent;
    uint32_t base = 0, len = 0;
    std::vector<Buffer> bufs;
    uint32_t next = 0;             // round-robin allocation cursor
    std::deque<uint32_t> enqueued; // buffer indexes in EnQue order
    Loc loc{nullptr, 0};           // InitBuffer
  };
  struct Pool {
    bool alive = true;
    uint8_t pos = 0;
    Mem mem = Mem::UB;
    uint32_t base = 0, size = 0, cursor = 0;
    uint32_t maxBufs = 0, bufs = 0;
    int32_t parent = 0;
    bool shared = false; // on another pool's bytes: takes none of its own
    Loc loc{nullptr, 0};
  };

  struct StaticTensor {
    Mem mem;
    uint32_t addr, end;
    Loc loc;
  };
  /// The static tensors made so far (bounded: a kernel makes them at a few
  /// lines), the lines warned about, and the pending warnings.
  std::vector<StaticTensor> statics_;
  std::vector<Loc> staticWarned_;
  /// Whether a static-tensor warning was given at `loc`'s line.
  bool warnedAt(const Loc &loc) const;
  std::vector<Diagnostic> warnings_;
  /// "init_buffer of 2 x 2048 bytes for a VECIN queue" and the like.
  std::string contribution(const Queue &q) const;
  std::string contribution(const Pool &p) const;
  /// Warns when the root buffer [start, start + bytes) of `mem` just placed
  /// at `loc` covers an earlier static tensor.
  void checkStaticsUnder(const char *api, Mem mem, uint32_t start,
                         uint64_t bytes, const std::string &what, Loc loc);

  void requireLive(const char *api, Loc loc) const;
  Queue &queue(int32_t q, const char *api, Loc loc);
  std::string describe(const Queue &q) const;
  Loc queueLoc(const Queue &q) const { return q.loc; }
  /// Carves `bytes` from pool `pool` (0 = the pipe's memory `mem`).
  uint32_t carve(int32_t pool, Mem mem, uint64_t bytes, uint32_t nbufs,
                 const std::string &what, Loc loc);
  uint32_t &bufCount(int32_t pool);
  void waitPendingFrees(Queue &q, std::vector<SyncOp> &ops);
  /// Fails for the forms Ascend C does not define on a queue of depth 0.
  void requireDepth(const Queue &q, const char *api, const char *instead,
                    Loc loc) const;
  void releaseAll(Loc loc, std::vector<SyncOp> &ops);
  uint32_t bufferIndex(const Queue &q, int32_t qh, uint64_t buffer,
                       const char *api, Loc loc);
  uint8_t takeId(uint8_t event, const char *api, Loc loc);
  void giveId(uint8_t event, int16_t id);
  BufferView view(int32_t qh, const Queue &q, uint32_t b) const;
  /// The event EnQue/DeQue<srcUser, dstUser> use on `q` (the queue's own
  /// without user positions); fails for positions Ascend C rejects.
  uint8_t userEvent(const Queue &q, uint8_t srcUser, uint8_t dstUser,
                    const char *api, Loc loc) const;

  const LaunchConfig &config_;
  void *pipe_ = nullptr;
  bool live_ = false;
  Loc pipeLoc_{nullptr, 0};
  std::vector<Queue> queues_; // handle = index + 1
  std::vector<Pool> pools_;   // handle = index + 1
  std::array<uint32_t, 8> rootCursor_{};
  uint32_t rootBufs_ = 0;
  std::array<uint8_t, kNumEvents> idsInUse_{}; // bit i = id i taken
  /// The ids of idsInUse_ that alloc_event_id reserved (the rest are held
  /// by queue buffers): release_event_id may give back only these.
  std::array<uint8_t, kNumEvents> userIds_{};
  /// Where each id in use was taken: written by takeId when it sets the
  /// id's bit in idsInUse_, read only while the bit is set, so left
  /// uninitialised (zero-filling its 4.4 KiB cost ~550 host instructions of
  /// every core's construction).
  std::array<Loc, kNumEvents * kNumEventIds> idLoc_;
};

} // namespace ascsim

#endif // ASCSIM_FRAMEWORK_FRAMEWORK_H
