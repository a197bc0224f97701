//===- AutoSyncUtils.h - shared by the sync passes --------------*- C++ -*-===//
//
// Which pipe an op runs in and which local tensors it reads and writes, as
// the sync passes (AscAutoSync.cpp, AscVerifySync.cpp) see them.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_LIB_DIALECT_ASC_TRANSFORMS_AUTOSYNCUTILS_H
#define ASCIR_LIB_DIALECT_ASC_TRANSFORMS_AUTOSYNCUTILS_H

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <optional>
#include <string>

namespace mlir {
namespace asc {
namespace autosync {

/// The unit attribute asc-materialize-auto-tensors puts on the alloc_tensor
/// and free_tensor of a LocalTensorAuto's queue.
constexpr const char *kAutoTensorAttr = "asc.auto_tensor";

/// The pipes of a vector core and of a cube core (hardware.md §3.1).
enum class SyncPipe : uint8_t { S, V, MTE2, MTE3, MTE1, M, FIX };
constexpr int kNumSyncPipes = 7;

/// The pipe's name as in HardEvent and Pipe ("MTE2").
StringRef pipeName(SyncPipe p);

/// The pipe that moves data from memory `from` to memory `to` (hardware.md
/// §3.1): GM into L1, UB, L0A or L0B is MTE2; UB or L1 to GM MTE3; L1 to
/// L0A, L0B or the BiasTable (and a fill of L1, L0A or L0B: `from` none)
/// MTE1; L0C to GM or L1, and L1 to the Fixpipe buffer FIX; L0A/L0B to L0C
/// (Mmad) M; UB to UB V. None for a move no pipe makes.
std::optional<SyncPipe> pipeOfMove(std::optional<Hardware> from, Hardware to);

/// One access of an op to an on-chip tensor (UB, L1, L0A/B/C, BiasTable,
/// Fixpipe buffer).
struct TensorAccess {
  Value root; // the tensor the accessed view was derived from
  SyncPipe pipe;
  bool write;
};

/// Where a function's TPipe and TBufPools place the buffers of its TBufs and
/// queues, as far as the IR tells. The TPipe (and each pool) hands out its
/// bytes in order from its start (sim/lib/framework), and again from the
/// start after a reset: two buffers carved from one TPipe or pool share no
/// byte unless a reset of it (or of a pool it lies in, or of the TPipe) may
/// come between their init_buffer calls and their offsets (known from
/// constant lengths) may overlap; a pool initialised with `share_buf` takes
/// the bytes of the pool it shares.
class BufferLayout {
public:
  explicit BufferLayout(func::FuncOp func);

  /// Whether two TBufs, queues or pools may share bytes.
  bool mayOverlap(Value x, Value y) const;

  /// The bytes [lo, hi) of its memory a TBuf, queue or pool lies in (hi
  /// none: no bound known).
  std::pair<int64_t, std::optional<int64_t>> bounds(Value x) const;

  /// A TBuf that may be placed anew at another byte (initialised again, or
  /// in a loop, not always at one offset of a fixed container): the offsets
  /// of its tensors in it do not tell their bytes apart.
  bool movable(Value buf) const;

  /// The bytes [lo, hi) of its memory a LocalMemAllocator's tensor (an
  /// alloc's result) lies in, wherever and however often it is allocated
  /// (hi none: no bound known).
  std::pair<int64_t, std::optional<int64_t>> allocated(Value tensor) const;

private:
  struct Carved {
    /// The pool it was carved from; null: the TPipe.
    Value container;
    /// A pool initialised with `share_buf`: the pool whose bytes it takes.
    Value share;
    /// Initialised from several containers, or never.
    bool ambiguous = false;
    SmallVector<Operation *, 1> inits;
    /// Bounds of its bytes [lo, hi) from its container's start (hull of its
    /// inits); hi none: unbounded.
    int64_t lo = 0;
    std::optional<int64_t> hi;
    bool bounded = false;
    /// The bytes every init of it takes; none: unknown or not all alike.
    std::optional<int64_t> size;
  };
  DenseMap<Value, Carved> carved;
  /// Resets and inits of each pool; resets of the TPipe (reset, destroy,
  /// init, creation).
  DenseMap<Value, SmallVector<Operation *>> poolResets;
  SmallVector<Operation *> pipeResets;
  /// Pre-order position of the inits and resets.
  DenseMap<Operation *, unsigned> order;

  /// A container (a pool; null: the TPipe) and a memory.
  using Key = std::pair<Value, int>;
  /// Bounds [lo, hi) of an offset in a container; hi none: unbounded.
  using Bounds = std::pair<int64_t, std::optional<int64_t>>;
  /// Each init (without share_buf): its container and memory, its bytes
  /// (none: unknown), and the bounds of its offset from the cursors of the
  /// walk in program order.
  DenseMap<Operation *, Key> keyOf;
  DenseMap<Operation *, std::optional<int64_t>> sizeOf;
  DenseMap<Operation *, Bounds> at;
  /// The cursors (bytes surely and at most handed out) where each loop of
  /// the entry block starts.
  struct Cursors {
    DenseMap<Key, int64_t> low;
    DenseMap<Key, std::optional<int64_t>> high;
  };
  DenseMap<Operation *, Cursors> loopEntry;
  /// Each LocalMemAllocator alloc: the bytes its tensor lies in.
  DenseMap<Operation *, Bounds> allocs;

  void widen(Carved &c, Operation *init, Block *entry);
  void placeAllocation(LocalMemAllocatorAllocOp alloc,
                       DenseMap<Value, Bounds> &heads);
  void addHandedOut(Operation *op, const Key &key, int64_t &lo,
                    std::optional<int64_t> &hi) const;
  std::optional<Bounds> sinceEmptied(Operation *init) const;
  std::optional<Bounds> sinceLastIteration(Operation *init, Operation *from,
                                           ArrayRef<Operation *> emptiers,
                                           int64_t lo,
                                           std::optional<int64_t> hi) const;

  const Carved *find(Value v) const;
  Value slot(Value v) const;
  int depth(Value v) const;
  Value container(Value v) const;
  SmallVector<Operation *> resetsOf(Value from) const;
  bool separated(Value x, Value y, Value from) const;
  bool fixed(Value x) const;
  bool offsetsOverlap(Value x, Value y) const;
};

/// Whether two root tensors (rootOf) may share bytes: a root's own views
/// do; two static tensors (`local_tensor`) of one memory do when their byte
/// ranges [addr, addr + bytes) overlap, two tensors got from one TBuf
/// (`tbuf_get`, `tbuf_get_with_offset`) when their ranges in the buffer
/// do; a LocalMemAllocator tensor is a static tensor in the bytes
/// `layout.allocated` gives (two of one allocator created outside loops do
/// not overlap). Tensors of two TBufs or queues do when `layout` says the
/// buffers may overlap, a static or allocator tensor and a TBuf's or
/// queue's tensor when its range meets the buffer's bounds. Two tensors of
/// one queue do not: the queue orders them. An address or offset known only
/// at run time overlaps everything in its memory or buffer but a range at
/// the same loop-invariant run-time value plus another constant; a length
/// known only at run time reaches to the end, unless bounded by a constant
/// (min, and, unsigned rem); a tensor carried by a loop or chosen by a
/// branch (a block argument or a region op's result) overlaps everything in
/// its memory.
bool mayShareBytes(Value a, Value b, const BufferLayout &layout);

/// Ops whose result is a view (or updated descriptor) of operand #0.
bool isViewOp(Operation *op);

/// The tensor `tensor` is a view of (itself if it is not a view).
Value rootOf(Value tensor);

/// The on-chip tensors `op` reads and writes, and the pipe it runs in: S for
/// get_value/set_value/dump_tensor, else pipeOfMove of what it reads into
/// the memory it writes (V if none). A Matmul call writes the UB tensors it
/// fetches C into with MTE2 and reads the A, B or bias it is given with MTE3.
SmallVector<TensorAccess> accessesOf(Operation *op);

/// Where a kernel creates its queues and buffers, once: the start of its
/// entry block, or in a kernel with an asc.adv.Matmul right after the
/// registration (the last `regist_matmul` of the block holding the first):
/// the AIC of a MIX kernel serves the Matmul there and leaves the kernel, so
/// the Unified Buffer's queues are only created on the AIVs.
struct CreationPoint {
  Block *block;
  Operation *floor; // the regist_matmul; null: the start of `block`
};
CreationPoint creationPointOf(func::FuncOp func);

/// `op` is in the creation point's block after its floor, or nested in an op
/// there.
bool isUnder(Operation *op, const CreationPoint &cp);

/// `v` is defined in the creation point's block or in a block enclosing it.
bool isVisibleAt(Value v, const CreationPoint &cp);

/// The Python variable name the frontend put on `op` (NameLoc), or "".
std::string nameOf(Operation *op);

} // namespace autosync
} // namespace asc
} // namespace mlir

#endif // ASCIR_LIB_DIALECT_ASC_TRANSFORMS_AUTOSYNCUTILS_H
