//===- AscAutoSync.cpp - LocalTensorAuto and sync insertion ---------------===//
//
// The passes of SyncPasses.td that transform the IR: asc-erase-sync,
// asc-auto-tensor-position, asc-materialize-auto-tensors,
// asc-hoist-queue-creation, asc-unify-pipe and asc-insert-sync.
// docs/sync.md describes what @asc.jit(insert_sync=...) makes of a kernel.
//
//===----------------------------------------------------------------------===//

#include "AutoSyncUtils.h"

#include "ascir/Dialect/Asc/IR/AscDiagnostics.h"
#include "ascir/Dialect/Asc/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

#include <array>

namespace mlir {
namespace asc {
#define GEN_PASS_DEF_ASCERASESYNC
#define GEN_PASS_DEF_ASCAUTOTENSORPOSITION
#define GEN_PASS_DEF_ASCMATERIALIZEAUTOTENSORS
#define GEN_PASS_DEF_ASCHOISTQUEUECREATION
#define GEN_PASS_DEF_ASCUNIFYPIPE
#define GEN_PASS_DEF_ASCINSERTSYNC
#include "ascir/Dialect/Asc/Transforms/Passes.h.inc"
} // namespace asc
} // namespace mlir

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::autosync;

//===----------------------------------------------------------------------===//
// Shared helpers (AutoSyncUtils.h)
//===----------------------------------------------------------------------===//

bool autosync::isViewOp(Operation *op) {
  return isa<SubviewOp, LocalTensorReinterpretCastOp, LocalTensorSetSizeOp,
             LocalTensorSetBufferLenOp, LocalTensorSetAddrWithOffsetOp>(op);
}

Value autosync::rootOf(Value tensor) {
  while (Operation *def = tensor.getDefiningOp()) {
    if (!isViewOp(def))
      break;
    tensor = def->getOperand(0);
  }
  return tensor;
}

//===----------------------------------------------------------------------===//
// BufferLayout
//===----------------------------------------------------------------------===//

/// The loops (region ops other than scf.if) around `op` in its function.
static SmallVector<Operation *, 4> loopsAround(Operation *op) {
  SmallVector<Operation *, 4> loops;
  for (Operation *p = op->getParentOp(); p && !isa<func::FuncOp>(p);
       p = p->getParentOp())
    if (!isa<scf::IfOp>(p))
      loops.push_back(p);
  return loops;
}

static bool inLoop(Operation *op) { return !loopsAround(op).empty(); }

/// A loop holds both ops.
static bool shareLoop(Operation *a, Operation *b) {
  return llvm::any_of(loopsAround(a),
                      [&](Operation *loop) { return loop->isAncestor(b); });
}

/// `v` when it is a constant above 0 (a byte count, a length, a bound).
static std::optional<int64_t> positiveConstant(Value v) {
  std::optional<int64_t> n = getConstantInt(v);
  return n && *n > 0 ? n : std::nullopt;
}

static Hardware memoryOfObject(Type type) {
  if (auto buf = dyn_cast<TBufType>(type))
    return getHardware(buf.getPosition());
  if (auto pool = dyn_cast<TBufPoolType>(type))
    return getHardware(pool.getPosition());
  return getHardware(getQueueTensorPosition(type));
}

BufferLayout::BufferLayout(func::FuncOp func) {
  Block *entry = &func.getBody().front();
  // Per container and memory: the bytes it has surely handed out since it
  // was last emptied (inits in the entry block), and at most (none:
  // unbounded).
  DenseMap<Key, int64_t> low;
  DenseMap<Key, std::optional<int64_t>> high;
  auto block32 = [](std::optional<int64_t> n) -> std::optional<int64_t> {
    if (!n)
      return std::nullopt;
    return (*n + 31) / 32 * 32;
  };
  // `from` starts again from byte 0 at `op`: surely so in the entry block.
  auto empty = [&](Value from, Operation *op) {
    for (auto &[key, lo] : low)
      if (!from || key.first == from)
        lo = 0;
    if (op->getBlock() == entry)
      for (auto &[key, hi] : high)
        if (!from || key.first == from)
          hi = 0;
  };
  auto record = [&](Operation *op, Value object, Value from, Value share,
                    std::optional<int64_t> bytes) {
    Carved &c = carved[object];
    if (!c.inits.empty() && c.container != from)
      c.ambiguous = true;
    c.container = from;
    c.share = share;
    c.inits.push_back(op);
    if (isa<TBufPoolType>(object.getType())) {
      // A pool (re)initialised starts empty.
      poolResets[object].push_back(op);
      empty(object, op);
    }
    if (share)
      return;
    // Carved at its container's cursor.
    Key key{from, static_cast<int>(memoryOfObject(object.getType()))};
    int64_t lo = low.lookup(key);
    auto it = high.try_emplace(key, 0).first;
    std::optional<int64_t> hi;
    if (it->second && bytes && !inLoop(op))
      hi = *it->second + *bytes;
    keyOf[op] = key;
    sizeOf[op] = bytes;
    c.size = c.inits.size() == 1 || c.size == bytes ? bytes : std::nullopt;
    at[op] = {lo, hi};
    it->second = hi;
    if (bytes && op->getBlock() == entry)
      low[key] = lo + *bytes;
  };
  // Per LocalMemAllocator: the next byte it surely hands out, and at most.
  DenseMap<Value, Bounds> heads;
  unsigned next = 0;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<scf::ForOp>(op) && op->getBlock() == entry)
      loopEntry[op] = {low, high};
    if (auto alloc = dyn_cast<LocalMemAllocatorAllocOp>(op)) {
      placeAllocation(alloc, heads);
      return;
    }
    if (isa<TPipeOp, TPipeResetOp, TPipeDestroyOp, TPipeInitOp>(op)) {
      order[op] = next++;
      pipeResets.push_back(op);
      empty(Value(), op);
      return;
    }
    if (auto reset = dyn_cast<TBufPoolResetOp>(op)) {
      order[op] = next++;
      poolResets[reset.getPool()].push_back(op);
      empty(reset.getPool(), op);
      return;
    }
    Value object, from, share;
    std::optional<int64_t> bytes, num = 1;
    Value length;
    if (auto init = dyn_cast<TPipeInitBufferOp>(op)) {
      object = init.getQueue();
      num = positiveConstant(init.getNum());
      length = init.getLength();
    } else if (auto init = dyn_cast<TPipeInitTBufOp>(op)) {
      object = init.getBuf();
      length = init.getLength();
    } else if (auto init = dyn_cast<TPipeInitBufPoolOp>(op)) {
      object = init.getPool();
      share = init.getShare();
      length = init.getLength();
    } else if (auto init = dyn_cast<TBufPoolInitBufferOp>(op)) {
      object = init.getQueue();
      from = init.getPool();
      num = positiveConstant(init.getNum());
      length = init.getLength();
    } else if (auto init = dyn_cast<TBufPoolInitTBufOp>(op)) {
      object = init.getBuf();
      from = init.getPool();
      length = init.getLength();
    } else if (auto init = dyn_cast<TBufPoolInitBufPoolOp>(op)) {
      object = init.getSubPool();
      from = init.getPool();
      share = init.getShare();
      length = init.getLength();
    } else {
      return;
    }
    if (std::optional<int64_t> len = block32(positiveConstant(length));
        len && num)
      bytes = *num * *len;
    order[op] = next++;
    record(op, object, from, share, bytes);
  });
  for (auto &[object, c] : carved)
    for (Operation *init : c.inits)
      widen(c, init, entry);
}

/// Widens the bounds of `c` by where `init`, one of its inits, places it.
void BufferLayout::widen(Carved &c, Operation *init, Block *entry) {
  auto it = at.find(init);
  if (it == at.end())
    return;
  Bounds b = it->second;
  std::optional<Bounds> refined;
  if (init->getBlock() != entry)
    refined = sinceEmptied(init);
  if (refined)
    b = *refined;
  else if (llvm::any_of(resetsOf(c.container), [&](Operation *reset) {
             return shareLoop(init, reset);
           }))
    b.first = 0;
  if (!c.bounded) {
    std::tie(c.lo, c.hi) = b;
  } else {
    c.lo = std::min(c.lo, b.first);
    c.hi = c.hi && b.second ? std::optional(std::max(*c.hi, *b.second))
                            : std::nullopt;
  }
  c.bounded = true;
}

/// A LocalMemAllocator hands out its memory from byte 0 in order, each
/// tensor `size * sizeof(T)` bytes (sim/include/ascsim/framework.h), apart
/// from the TPipe: the tensor lies in [the least byte its allocator may be
/// at, the greatest it may end at). An alloc in the allocator's block moves
/// the least byte; one nested in a branch the greatest only; one in a loop
/// the allocator is not created in hands out further bytes each time.
void BufferLayout::placeAllocation(LocalMemAllocatorAllocOp alloc,
                                   DenseMap<Value, Bounds> &heads) {
  Value allocator = alloc.getAllocator();
  Operation *def = allocator.getDefiningOp();
  Bounds &head =
      heads
          .try_emplace(allocator, Bounds{0, def ? std::optional<int64_t>(0)
                                                : std::nullopt})
          .first->second;
  std::optional<int64_t> bytes;
  std::optional<int64_t> n = positiveConstant(alloc.getSize());
  Type elem = alloc.getType().getElementType();
  if (n && elem.isIntOrFloat() && elem.getIntOrFloatBitWidth() % 8 == 0)
    bytes = *n * (elem.getIntOrFloatBitWidth() / 8);
  bool repeated =
      !def || llvm::any_of(loopsAround(alloc), [&](Operation *loop) {
        return !loop->isAncestor(def);
      });
  std::optional<int64_t> end;
  if (head.second && bytes && !repeated)
    end = *head.second + *bytes;
  allocs[alloc] = {head.first, end};
  head.second = end;
  if (bytes && def && alloc->getBlock() == def->getBlock())
    head.first += *bytes;
}

BufferLayout::Bounds BufferLayout::allocated(Value tensor) const {
  auto it = allocs.find(tensor.getDefiningOp());
  return it == allocs.end() ? Bounds{0, std::nullopt} : it->second;
}

/// `op` is nested around one of `emptiers`.
static bool holdsEmptier(Operation *op, ArrayRef<Operation *> emptiers) {
  return llvm::any_of(emptiers,
                      [&](Operation *e) { return op->isProperAncestor(e); });
}

/// Adds what `op` (an op of the block being walked) hands out of `key`:
/// surely if it is an init, at most if the inits are nested (in a loop:
/// unbounded).
void BufferLayout::addHandedOut(Operation *op, const Key &key, int64_t &lo,
                                std::optional<int64_t> &hi) const {
  op->walk([&](Operation *inner) {
    auto it = keyOf.find(inner);
    if (it == keyOf.end() || it->second != key)
      return;
    std::optional<int64_t> bytes = sizeOf.lookup(inner);
    if (inner == op && bytes)
      lo += *bytes;
    bool repeated = llvm::any_of(loopsAround(inner), [&](Operation *loop) {
      return op->isAncestor(loop);
    });
    hi = hi && bytes && !repeated ? std::optional(*hi + *bytes) : std::nullopt;
  });
}

/// An init after something that empties its container in its own block (a
/// loop body's reset, say), or before a branch (scf.if) it is in, is placed
/// by the inits between the two on its path (the other branch's do not
/// run); else one in a loop with such a reset may be at its byte 0 (none).
std::optional<BufferLayout::Bounds>
BufferLayout::sinceEmptied(Operation *init) const {
  Key key = keyOf.lookup(init);
  SmallVector<Operation *> emptiers = resetsOf(key.first);
  std::optional<int64_t> own = sizeOf.lookup(init);
  int64_t lo = 0;
  std::optional<int64_t> hi = 0;
  Operation *from = init;
  while (true) {
    for (Operation *op = from->getPrevNode(); op; op = op->getPrevNode()) {
      if (llvm::is_contained(emptiers, op))
        return Bounds{lo, hi && own ? std::optional(*hi + *own) : std::nullopt};
      if (holdsEmptier(op, emptiers))
        return std::nullopt;
      addHandedOut(op, key, lo, hi);
    }
    Operation *parent = from->getParentOp();
    if (!isa<scf::IfOp>(parent))
      break;
    from = parent;
  }
  return sinceLastIteration(init, from, emptiers, lo, hi);
}

/// Nothing empties the container before `init` in its loop body (`from`:
/// `init` or the branch of the body it is in, which hands out [lo, hi)
/// bytes before `init`): the previous iteration's end, after its last
/// emptier, or the cursor where the loop starts, places it.
std::optional<BufferLayout::Bounds>
BufferLayout::sinceLastIteration(Operation *init, Operation *from,
                                 ArrayRef<Operation *> emptiers, int64_t lo,
                                 std::optional<int64_t> hi) const {
  Key key = keyOf.lookup(init);
  std::optional<int64_t> own = sizeOf.lookup(init);
  Block *body = from->getBlock();
  Operation *loop = body->getParentOp();
  auto entryState = loopEntry.find(loop);
  if (entryState == loopEntry.end())
    return std::nullopt;
  int64_t wrapLo = 0;
  std::optional<int64_t> wrapHi = 0;
  Operation *op = &body->back();
  for (; op != from && !llvm::is_contained(emptiers, op);
       op = op->getPrevNode()) {
    if (holdsEmptier(op, emptiers))
      return std::nullopt;
    addHandedOut(op, key, wrapLo, wrapHi);
  }
  if (op == from)
    return std::nullopt;
  const Cursors &start = entryState->second;
  int64_t startLo = std::min(start.low.lookup(key), wrapLo);
  auto h = start.high.find(key);
  std::optional<int64_t> startHi =
      h == start.high.end() ? std::optional<int64_t>(0) : h->second;
  startHi = startHi && wrapHi ? std::optional(std::max(*startHi, *wrapHi))
                              : std::nullopt;
  return Bounds{startLo + lo, startHi && hi && own
                                  ? std::optional(*startHi + *hi + *own)
                                  : std::nullopt};
}

const BufferLayout::Carved *BufferLayout::find(Value v) const {
  auto it = carved.find(v);
  return it == carved.end() ? nullptr : &it->second;
}

Value BufferLayout::slot(Value v) const {
  // A pool initialised with share_buf lies where the pool it shares lies.
  for (int hops = 0; hops < 64; ++hops) {
    const Carved *c = find(v);
    if (!c || !c->share || c->share == v)
      return v;
    v = c->share;
  }
  return v;
}

Value BufferLayout::container(Value v) const {
  const Carved *c = find(slot(v));
  return c ? c->container : Value();
}

int BufferLayout::depth(Value v) const {
  int d = 0;
  for (Value c = slot(v); c && d < 64; c = container(c))
    ++d;
  return d;
}

/// What empties `from` (null: the TPipe): its resets and inits, those of the
/// pools it lies in, the TPipe's resets.
SmallVector<Operation *> BufferLayout::resetsOf(Value from) const {
  SmallVector<Operation *> resets(pipeResets);
  int hops = 0;
  for (Value c = from; c && hops < 64; c = container(c), ++hops) {
    auto it = poolResets.find(c);
    if (it != poolResets.end())
      resets.append(it->second.begin(), it->second.end());
  }
  return resets;
}

/// Something that empties `from` may come between an init of `x` and one
/// of `y`, both carved from `from`.
bool BufferLayout::separated(Value x, Value y, Value from) const {
  const Carved *cx = find(x), *cy = find(y);
  if (!cx || !cy)
    return true;
  for (Operation *r : resetsOf(from))
    for (Operation *ix : cx->inits)
      for (Operation *iy : cy->inits) {
        unsigned a = order.lookup(ix), b = order.lookup(iy),
                 m = order.lookup(r);
        if ((a < m && m < b) || (b < m && m < a) || shareLoop(r, ix) ||
            shareLoop(r, iy))
          return true;
      }
  return false;
}

/// The offsets of `x` and `y` in their containers, which start at one byte,
/// may overlap.
bool BufferLayout::offsetsOverlap(Value x, Value y) const {
  const Carved *a = find(x), *b = find(y);
  if (!a || !b || !a->bounded || !b->bounded)
    return true;
  return (!a->hi || b->lo < *a->hi) && (!b->hi || a->lo < *b->hi);
}

bool BufferLayout::mayOverlap(Value x, Value y) const {
  x = slot(x);
  y = slot(y);
  if (x == y)
    return true;
  const Carved *cx = find(x), *cy = find(y);
  if (!cx || !cy || cx->ambiguous || cy->ambiguous)
    return true;
  // Up to a common depth: a buffer inside a pool lies in its bytes.
  int dx = depth(x), dy = depth(y);
  for (; dx > dy; --dx)
    if ((x = slot(container(x))) == y)
      return true;
  for (; dy > dx; --dy)
    if ((y = slot(container(y))) == x)
      return true;
  Value px = container(x), py = container(y);
  // One container hands out disjoint bytes until it is emptied; two pools
  // sharing bytes hand them out each from the same start.
  if (px == py)
    return separated(x, y, px) && offsetsOverlap(x, y);
  if (px && py && slot(px) == slot(py))
    return offsetsOverlap(x, y);
  return mayOverlap(px, py);
}

std::pair<int64_t, std::optional<int64_t>> BufferLayout::bounds(Value x) const {
  int64_t lo = 0;
  x = slot(x);
  for (int hops = 0; hops < 64; ++hops) {
    const Carved *c = find(x);
    if (!c || c->ambiguous || !c->bounded)
      break;
    lo += c->lo;
    if (!c->container)
      return {lo, c->hi};
    x = slot(c->container);
  }
  return {0, std::nullopt};
}

/// `x` is at one byte of its memory whenever it is handed out.
bool BufferLayout::fixed(Value x) const {
  for (int hops = 0; hops < 64; ++hops) {
    const Carved *c = find(slot(x));
    if (!c || c->ambiguous || !c->bounded || !c->hi || !c->size ||
        *c->hi - c->lo != *c->size)
      return false;
    if (!c->container)
      return true;
    x = c->container;
  }
  return false;
}

bool BufferLayout::movable(Value buf) const {
  const Carved *c = find(buf);
  if (!c)
    return true;
  bool again = c->inits.size() > 1 ||
               llvm::any_of(c->inits, [](Operation *op) { return inLoop(op); });
  return again && !fixed(buf);
}

namespace {
/// Where a root tensor lies, as far as the IR tells (mayShareBytes).
struct Placement {
  enum Kind { Own, Static, Allocator, TBuf, Queue, Unknown } kind = Own;
  /// Own: the root; TBuf: the buffer; Queue: the queue.
  Value base;
  /// Static, Allocator: the memory. Allocator: base is the allocator.
  Hardware memory{};
  /// The bytes in the base or memory; none: unknown (Allocator: from the
  /// least byte it may start at to the greatest it may end at). With `sym`,
  /// counted from the run-time value `sym`, the same wherever the tensor is
  /// used (defined outside every loop).
  std::optional<int64_t> begin, end;
  Value sym;

  bool framework() const { return kind == TBuf || kind == Queue; }
};
} // namespace

/// The greatest value `v` may take, if bounded by constants: a constant,
/// or the min (arith.minsi/minui, or a select of a comparison of the two)
/// with a positive one, an `and` with one, a remainder by one, a select of
/// two such.
static std::optional<int64_t> upperBoundOf(Value v, int depth = 0) {
  if (std::optional<int64_t> c = getConstantInt(v))
    return c;
  Operation *def = v.getDefiningOp();
  if (!def || depth > 8)
    return std::nullopt;
  auto bound = [&](Value x) -> std::optional<int64_t> {
    std::optional<int64_t> b = upperBoundOf(x, depth + 1);
    return b && *b > 0 ? b : std::nullopt;
  };
  // An unsigned min is bounded by a constant operand only (positiveConstant):
  // a bounded value may be negative, which is large unsigned.
  auto least = [](std::optional<int64_t> a, std::optional<int64_t> b) {
    return a && b ? std::optional(std::min(*a, *b)) : a ? a : b;
  };
  if (isa<arith::MinSIOp>(def))
    return least(bound(def->getOperand(0)), bound(def->getOperand(1)));
  if (isa<arith::MinUIOp>(def))
    return least(positiveConstant(def->getOperand(0)),
                 positiveConstant(def->getOperand(1)));
  if (isa<arith::AndIOp>(def)) {
    for (Value x : def->getOperands())
      if (std::optional<int64_t> c = positiveConstant(x))
        return c;
    return std::nullopt;
  }
  if (isa<arith::RemUIOp, arith::RemSIOp>(def)) {
    // Below the divisor (a signed remainder may be negative: lower still).
    std::optional<int64_t> c = getConstantInt(def->getOperand(1));
    return c && *c > 1 ? std::optional(*c - 1) : std::nullopt;
  }
  if (auto sel = dyn_cast<arith::SelectOp>(def)) {
    Value t = sel.getTrueValue(), f = sel.getFalseValue();
    // min(x, y) as Python's min() writes it: select(x < y, x, y), or
    // select(x > y, y, x); either operand's bound holds.
    if (auto cmp = sel.getCondition().getDefiningOp<arith::CmpIOp>()) {
      using P = arith::CmpIPredicate;
      P pred = cmp.getPredicate();
      bool isUnsigned =
          pred == P::ult || pred == P::ule || pred == P::ugt || pred == P::uge;
      bool less =
          pred == P::slt || pred == P::sle || pred == P::ult || pred == P::ule;
      bool greater =
          pred == P::sgt || pred == P::sge || pred == P::ugt || pred == P::uge;
      Value l = cmp.getLhs(), r = cmp.getRhs();
      // One value, or two constants of one value (before CSE).
      auto same = [](Value a, Value b) {
        std::optional<int64_t> ca = getConstantInt(a);
        return a == b || (ca && ca == getConstantInt(b));
      };
      if ((less && same(t, l) && same(f, r)) ||
          (greater && same(t, r) && same(f, l)))
        return isUnsigned ? least(positiveConstant(l), positiveConstant(r))
                          : least(bound(l), bound(r));
    }
    std::optional<int64_t> a = bound(t), b = bound(f);
    return a && b ? std::optional(std::max(*a, *b)) : std::nullopt;
  }
  return std::nullopt;
}

/// `v` as a run-time value plus a constant: {null, c} for a constant c,
/// {x, c} for x + c (arith.addi, arith.subi of constants), else {v, 0}. A
/// run-time x is kept only when it is defined outside every loop, so that
/// every tensor placed from it sees one value; else {null, none}.
static std::pair<Value, std::optional<int64_t>> splitOffset(Value v) {
  int64_t c = 0;
  for (int depth = 0; depth < 16; ++depth) {
    if (std::optional<int64_t> k = getConstantInt(v))
      return {Value(), c + *k};
    Operation *def = v.getDefiningOp();
    if (auto add = dyn_cast_or_null<arith::AddIOp>(def)) {
      if (std::optional<int64_t> k = getConstantInt(add.getRhs())) {
        c += *k;
        v = add.getLhs();
        continue;
      }
      if (std::optional<int64_t> k = getConstantInt(add.getLhs())) {
        c += *k;
        v = add.getRhs();
        continue;
      }
    } else if (auto sub = dyn_cast_or_null<arith::SubIOp>(def)) {
      if (std::optional<int64_t> k = getConstantInt(sub.getRhs())) {
        c -= *k;
        v = sub.getLhs();
        continue;
      }
    }
    break;
  }
  // A block argument of a loop body, or a value computed in a loop, may
  // differ from one iteration to the next.
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    if (!isa_and_nonnull<func::FuncOp>(arg.getOwner()->getParentOp()))
      return {Value(), std::nullopt};
  } else if (inLoop(v.getDefiningOp())) {
    return {Value(), std::nullopt};
  }
  return {v, c};
}

/// The bytes `elements` elements of `tensor`'s type take at most, if
/// bounded (upperBoundOf).
static std::optional<int64_t> bytesOf(Value tensor, Value elements) {
  std::optional<int64_t> n = upperBoundOf(elements);
  Type elem = cast<LocalTensorType>(tensor.getType()).getElementType();
  if (!n || !elem.isIntOrFloat())
    return std::nullopt;
  return (*n * elem.getIntOrFloatBitWidth() + 7) / 8;
}

static Placement placementOf(Value root, const BufferLayout &layout) {
  Placement p;
  p.base = root;
  auto range = [&](std::optional<int64_t> begin, std::optional<int64_t> bytes) {
    p.begin = begin;
    if (begin && bytes)
      p.end = *begin + *bytes;
  };
  // At a run-time value plus a constant.
  auto rangeAt = [&](Value at, std::optional<int64_t> bytes) {
    auto [sym, offset] = splitOffset(at);
    p.sym = sym;
    range(offset, bytes);
  };
  Operation *def = root.getDefiningOp();
  if (!def || def->getNumRegions() > 0) {
    // A loop-carried tensor or a branch's result: any of the tensors it
    // may be.
    p.kind = Placement::Unknown;
  } else if (auto op = dyn_cast<LocalTensorOp>(def)) {
    p.kind = Placement::Static;
    p.memory = op.getType().getHardware();
    rangeAt(op.getAddr(), bytesOf(root, op.getLength()));
  } else if (auto op = dyn_cast<LocalMemAllocatorAllocOp>(def)) {
    p.kind = Placement::Allocator;
    p.memory = op.getType().getHardware();
    p.base = op.getAllocator();
    std::tie(p.begin, p.end) = layout.allocated(root);
  } else if (auto op = dyn_cast<TBufGetOp>(def)) {
    p.kind = Placement::TBuf;
    p.base = op.getBuf();
    // The whole buffer (no length) ends with the buffer: end unknown.
    range(0, op.getLength() ? bytesOf(root, op.getLength()) : std::nullopt);
  } else if (auto op = dyn_cast<TBufGetWithOffsetOp>(def)) {
    p.kind = Placement::TBuf;
    p.base = op.getBuf();
    rangeAt(op.getOffset(), bytesOf(root, op.getSize()));
  } else if (auto op = dyn_cast<AllocTensorOp>(def)) {
    p.kind = Placement::Queue;
    p.base = op.getQueue();
  } else if (auto op = dyn_cast<DeQueOp>(def)) {
    p.kind = Placement::Queue;
    p.base = op.getQueue();
  }
  return p;
}

bool autosync::mayShareBytes(Value a, Value b, const BufferLayout &layout) {
  if (a == b)
    return true;
  Placement x = placementOf(a, layout), y = placementOf(b, layout);
  using K = Placement::Kind;
  auto memoryOf = [](Value v) {
    return cast<LocalTensorType>(v.getType()).getHardware();
  };
  if (memoryOf(a) != memoryOf(b))
    return false;
  if (x.kind == K::Unknown || y.kind == K::Unknown)
    return true;
  if (x.kind == K::Own || y.kind == K::Own)
    return false;
  if (x.framework() && y.framework()) {
    if (x.base != y.base)
      return layout.mayOverlap(x.base, y.base);
    // One queue's tensors are ordered by the queue; one TBuf's tensors share
    // bytes when their ranges in it overlap.
    if (x.kind == K::Queue)
      return false;
    if (layout.movable(x.base))
      return true;
  } else if (x.framework() || y.framework()) {
    // A static or allocator tensor's range against the buffer's bounds.
    const Placement &f = x.framework() ? x : y;
    const Placement &s = x.framework() ? y : x;
    if (!s.begin || s.sym)
      return true;
    auto [lo, hi] = layout.bounds(f.base);
    return (!hi || *s.begin < *hi) && (!s.end || lo < *s.end);
  } else {
    // Static and allocator tensors of one memory, by their ranges; two
    // allocations of one allocator created once never overlap (another
    // allocator, or one created again in a loop, starts from byte 0 again).
    if (x.kind == K::Allocator && y.kind == K::Allocator && x.base == y.base &&
        x.base.getDefiningOp() && !inLoop(x.base.getDefiningOp()))
      return false;
  }
  // Ranges from one run-time value (or both constant) compare.
  if (!x.begin || !y.begin || x.sym != y.sym)
    return true;
  return (!x.end || *y.begin < *x.end) && (!y.end || *x.begin < *y.end);
}

static bool isUbTensor(Type type) {
  auto t = dyn_cast<LocalTensorType>(type);
  return t && t.getHardware() == Hardware::UB;
}

/// A tensor in an on-chip memory the pipes of one core share.
static bool isOnChipTensor(Type type) { return isa<LocalTensorType>(type); }

std::optional<SyncPipe> autosync::pipeOfMove(std::optional<Hardware> from,
                                             Hardware to) {
  using H = Hardware;
  if (!from) // a fill (InitConstValue)
    return to == H::L1 || to == H::L0A || to == H::L0B
               ? std::optional(SyncPipe::MTE1)
               : std::nullopt;
  switch (*from) {
  case H::GM:
    if (to == H::L1 || to == H::UB || to == H::L0A || to == H::L0B)
      return SyncPipe::MTE2;
    break;
  case H::UB:
    if (to == H::GM)
      return SyncPipe::MTE3;
    if (to == H::UB)
      return SyncPipe::V;
    break;
  case H::L1:
    if (to == H::GM)
      return SyncPipe::MTE3;
    if (to == H::L0A || to == H::L0B || to == H::BIAS)
      return SyncPipe::MTE1;
    if (to == H::FIXBUF)
      return SyncPipe::FIX;
    break;
  case H::L0C:
    if (to == H::GM || to == H::L1)
      return SyncPipe::FIX;
    break;
  case H::L0A:
  case H::L0B:
  case H::BIAS:
    if (to == H::L0C)
      return SyncPipe::M;
    break;
  default:
    break;
  }
  return std::nullopt;
}

static bool isGmResource(SideEffects::Resource *r) {
  return r == GMResource::get();
}

/// A Matmul method's access to the UB tensors it is passed (sim/MATMUL.md):
/// C fetched into UB is copied there from the workspace by the AIV's MTE2; an
/// A, B or bias in UB is read by the AIV's MTE3 into the workspace.
static SmallVector<TensorAccess> matmulAccesses(MatmulCallOp call) {
  SmallVector<TensorAccess> result;
  StringRef m = call.getMethod();
  bool writes = m == "GetTensorC" || m == "AsyncGetTensorC" ||
                m == "IterateAll" || m == "IterateBatch" ||
                m == "GetBatchTensorC";
  bool reads = m == "SetTensorA" || m == "SetTensorB" || m == "SetBias";
  if (!writes && !reads)
    return result;
  for (Value v : call.getArgs())
    if (isUbTensor(v.getType()))
      result.push_back(
          {rootOf(v), writes ? SyncPipe::MTE2 : SyncPipe::MTE3, writes});
  return result;
}

SmallVector<TensorAccess> autosync::accessesOf(Operation *op) {
  if (auto call = dyn_cast<MatmulCallOp>(op))
    return matmulAccesses(call);
  SmallVector<TensorAccess> result;
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface || isViewOp(op))
    return result;
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  // The memories read and the one written, by the tensors' types (the
  // atomic configuration a GM write reads is no memory).
  SmallVector<Hardware> reads;
  std::optional<Hardware> written;
  for (auto &e : effects) {
    Value v = e.getValue();
    auto tensor = v ? dyn_cast<LocalTensorType>(v.getType()) : nullptr;
    std::optional<Hardware> memory;
    if (tensor)
      memory = tensor.getHardware();
    else if (isGmResource(e.getResource()))
      memory = Hardware::GM;
    if (!memory)
      continue;
    if (isa<MemoryEffects::Write>(e.getEffect()))
      written = memory;
    else if (isa<MemoryEffects::Read>(e.getEffect()))
      reads.push_back(*memory);
  }
  SyncPipe pipe = SyncPipe::V;
  if (isa<GetValueOp, SetValueOp, DumpTensorOp, DumpTensorShapeOp,
          DumpAccChkPointOp>(op)) {
    pipe = SyncPipe::S;
  } else if (written) {
    std::optional<SyncPipe> moved = pipeOfMove(std::nullopt, *written);
    for (Hardware from : reads)
      if (std::optional<SyncPipe> p = pipeOfMove(from, *written)) {
        moved = p;
        break;
      }
    if (moved)
      pipe = *moved;
  }
  for (auto &e : effects) {
    bool write = isa<MemoryEffects::Write>(e.getEffect());
    if (!write && !isa<MemoryEffects::Read>(e.getEffect()))
      continue;
    Value v = e.getValue();
    if (!v || !isOnChipTensor(v.getType()))
      continue;
    result.push_back({rootOf(v), pipe, write});
  }
  return result;
}

StringRef autosync::pipeName(SyncPipe p) {
  static const char *names[] = {"S", "V", "MTE2", "MTE3", "MTE1", "M", "FIX"};
  return names[static_cast<int>(p)];
}

CreationPoint autosync::creationPointOf(func::FuncOp func) {
  CreationPoint cp{&func.getBody().front(), nullptr};
  func.walk([&](RegistMatmulOp op) {
    if (!cp.floor || op->getBlock() == cp.block) {
      cp.block = op->getBlock();
      if (!cp.floor || cp.floor->isBeforeInBlock(op))
        cp.floor = op;
    }
  });
  return cp;
}

bool autosync::isUnder(Operation *op, const CreationPoint &cp) {
  Operation *inBlock = cp.block->findAncestorOpInBlock(*op);
  return inBlock && (!cp.floor || cp.floor->isBeforeInBlock(inBlock));
}

bool autosync::isVisibleAt(Value v, const CreationPoint &cp) {
  Block *def = v.getParentBlock();
  for (Block *b = cp.block; b;) {
    if (b == def)
      return true;
    Operation *parent = b->getParentOp();
    b = parent ? parent->getBlock() : nullptr;
  }
  return false;
}

std::string autosync::nameOf(Operation *op) {
  if (auto named = dyn_cast<NameLoc>(op->getLoc()))
    return named.getName().str();
  return "";
}

//===----------------------------------------------------------------------===//
// asc-erase-sync
//===----------------------------------------------------------------------===//

namespace {
struct AscEraseSync : public mlir::asc::impl::AscEraseSyncBase<AscEraseSync> {
  void runOnOperation() override {
    SmallVector<Operation *> doomed;
    getOperation().walk([&](Operation *op) {
      if (isa<SetFlagOp, WaitFlagOp, PipeBarrierOp>(op))
        doomed.push_back(op);
    });
    for (Operation *op : doomed)
      op->erase();
    numErased += doomed.size();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// asc-auto-tensor-position
//===----------------------------------------------------------------------===//

namespace {
struct AscAutoTensorPosition
    : public mlir::asc::impl::AscAutoTensorPositionBase<AscAutoTensorPosition> {
  void runOnOperation() override {
    bool failed = false;
    getOperation().walk([&](LocalTensorAutoOp op) {
      if (failed)
        return;
      // The tensor and its views.
      SmallVector<Value> values{op.getResult()};
      bool input = false, output = false;
      for (size_t i = 0; i < values.size(); ++i) {
        for (OpOperand &use : values[i].getUses()) {
          Operation *user = use.getOwner();
          if (isViewOp(user) && use.getOperandNumber() == 0) {
            values.push_back(user->getResult(0));
            continue;
          }
          if (isa<scf::YieldOp, func::ReturnOp, func::CallOp>(user) ||
              user->getNumRegions() > 0) {
            emitApiError(user, DiagCategory::Argument)
                << "a LocalTensorAuto cannot be carried out of a loop or "
                   "branch, returned or passed to a function that is not "
                   "inlined; its queue and synchronisation are decided "
                   "where it is declared";
            failed = true;
            return;
          }
          for (const TensorAccess &a : accessesOf(user)) {
            if (a.root != op.getResult())
              continue;
            input |= a.pipe == SyncPipe::MTE2 && a.write;
            output |= a.pipe == SyncPipe::MTE3 && !a.write;
          }
        }
      }
      TPosition pos = TPosition::VECCALC;
      if (input && !output) {
        pos = TPosition::VECIN;
        ++numInputs;
      } else if (output && !input) {
        pos = TPosition::VECOUT;
        ++numOutputs;
      } else {
        ++numScratch;
      }
      for (Value v : values) {
        auto t = cast<LocalTensorType>(v.getType());
        v.setType(
            LocalTensorType::get(t.getContext(), pos, t.getElementType()));
      }
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// asc-materialize-auto-tensors
//===----------------------------------------------------------------------===//

/// The function's TPipe, moved to the start of its entry block, or a new one.
static Value getOrCreatePipe(func::FuncOp func) {
  Block &entry = func.getBody().front();
  TPipeOp pipe;
  func.walk([&](TPipeOp op) {
    if (!pipe)
      pipe = op;
  });
  if (pipe) {
    pipe->moveBefore(&entry, entry.begin());
    return pipe.getResult();
  }
  OpBuilder b(func.getContext());
  b.setInsertionPointToStart(&entry);
  return b.create<TPipeOp>(func.getLoc(), TPipeType::get(func.getContext()))
      .getResult();
}

static std::string describeShape(LocalTensorAutoOp op) {
  std::string s = getPyTypeName(op.getType().getElementType()) + "[";
  for (auto [i, dim] : llvm::enumerate(op.getShape())) {
    if (i)
      s += ", ";
    if (std::optional<int64_t> n = getConstantInt(dim))
      s += std::to_string(*n);
    else
      s += "?";
  }
  return s + "]";
}

namespace {
struct AscMaterializeAutoTensors
    : public mlir::asc::impl::AscMaterializeAutoTensorsBase<
          AscMaterializeAutoTensors> {
  using AscMaterializeAutoTensorsBase::AscMaterializeAutoTensorsBase;

  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (!func.isExternal() && failed(runOnFunction(func)))
        return signalPassFailure();
  }

  LogicalResult runOnFunction(func::FuncOp func) {
    SmallVector<LocalTensorAutoOp> autos;
    func.walk([&](LocalTensorAutoOp op) { autos.push_back(op); });
    if (autos.empty())
      return success();
    if (failed(checkCapacity(autos)))
      return failure();
    CreationPoint cp = creationPointOf(func);
    bool hasMatmul = false;
    func.walk([&](MatmulOp) { hasMatmul = true; });
    if (hasMatmul && !cp.floor)
      return emitApiError(autos.front(), DiagCategory::Argument)
             << "in a kernel with an asc.adv.Matmul a LocalTensorAuto needs "
                "asc.adv.register_matmul before it: its buffer is created "
                "right after the registration, which the cube core (AIC) of "
                "a MIX kernel never passes";
    if (cp.floor)
      for (LocalTensorAutoOp op : autos)
        if (!isUnder(op, cp))
          return emitApiError(op, DiagCategory::Argument)
                 << "in a kernel with an asc.adv.Matmul a LocalTensorAuto is "
                    "declared after register_matmul (in its block or nested "
                    "under it): its buffer is created right after the "
                    "registration, which the cube core (AIC) of a MIX kernel "
                    "never passes (it serves the Matmul there and leaves the "
                    "kernel)";
    Value pipe = getOrCreatePipe(func);
    MLIRContext *ctx = func.getContext();
    OpBuilder b(ctx);
    Type i32 = b.getI32Type();
    Operation *lastCreated = cp.floor ? cp.floor : pipe.getDefiningOp();
    for (LocalTensorAutoOp op : autos) {
      // Where the queue or buffer is created: after the pipe (or the Matmul's
      // registration), the earlier tensors' queues and the definitions of
      // the runtime dimensions, all in the creation point's block.
      Operation *after = lastCreated;
      for (auto [i, dim] : llvm::enumerate(op.getShape())) {
        if (getConstantInt(dim))
          continue;
        if (!isVisibleAt(dim, cp))
          return emitApiError(op, DiagCategory::Argument)
                 << "dimension " << i
                 << " of the shape is computed inside a loop or branch; a "
                    "LocalTensorAuto's buffer is created once, at the "
                 << (cp.floor ? "Matmul's registration" : "kernel's entry")
                 << ", so its runtime dimensions must be known there";
        if (Operation *def = dim.getDefiningOp())
          if (def->getBlock() == cp.block && after->isBeforeInBlock(def))
            after = def;
      }
      b.setInsertionPointAfter(after);
      Location loc = op.getLoc();
      auto type = op.getType();
      // Element count and bytes, as i32.
      int64_t elemBytes =
          (type.getElementType().getIntOrFloatBitWidth() + 7) / 8;
      Value count;
      int64_t constCount = 1;
      for (Value dim : op.getShape()) {
        if (std::optional<int64_t> n = getConstantInt(dim)) {
          constCount *= *n;
          continue;
        }
        Value d = dim;
        if (d.getType() != i32)
          d = b.create<arith::TruncIOp>(loc, i32, d);
        count = count ? b.create<arith::MulIOp>(loc, count, d).getResult() : d;
      }
      Value constPart = b.create<arith::ConstantIntOp>(loc, constCount, 32);
      count = count ? b.create<arith::MulIOp>(loc, count, constPart).getResult()
                    : constPart;
      Value elem = b.create<arith::ConstantIntOp>(loc, elemBytes, 32);
      Value bytes = b.create<arith::MulIOp>(loc, count, elem);
      TPosition pos = type.getPosition();
      if (pos == TPosition::VECIN || pos == TPosition::VECOUT) {
        auto qType = TQueType::get(ctx, pos, 1);
        Value queue = b.create<TQueOp>(loc, qType).getResult();
        Value one = b.create<arith::ConstantIntOp>(loc, 1, 32);
        lastCreated = b.create<TPipeInitBufferOp>(loc, pipe, queue, one, bytes);
        b.setInsertionPoint(op);
        auto alloc = b.create<AllocTensorOp>(loc, type, queue);
        alloc->setAttr(kAutoTensorAttr, UnitAttr::get(ctx));
        op.replaceAllUsesWith(alloc.getResult());
        b.setInsertionPoint(op->getBlock()->getTerminator());
        auto free =
            b.create<FreeTensorOp>(op->getBlock()->getTerminator()->getLoc(),
                                   queue, alloc.getResult());
        free->setAttr(kAutoTensorAttr, UnitAttr::get(ctx));
        ++numQueues;
      } else {
        auto bufType = TBufType::get(ctx, TPosition::VECCALC);
        Value buf = b.create<TBufOp>(loc, bufType).getResult();
        lastCreated = b.create<TPipeInitTBufOp>(loc, pipe, buf, bytes);
        b.setInsertionPoint(op);
        auto get = b.create<TBufGetOp>(loc, type, buf, count);
        op.replaceAllUsesWith(get.getResult());
        ++numBuffers;
      }
      op.erase();
    }
    return success();
  }

  /// The constant-sized tensors of one function together fit in the UB.
  LogicalResult checkCapacity(ArrayRef<LocalTensorAutoOp> autos) {
    uint64_t total = 0;
    SmallVector<std::pair<LocalTensorAutoOp, uint64_t>> sized;
    for (LocalTensorAutoOp op : autos) {
      uint64_t elems = 1;
      bool constant = true;
      for (Value dim : op.getShape()) {
        if (std::optional<int64_t> n = getConstantInt(dim))
          elems *= static_cast<uint64_t>(*n);
        else
          constant = false;
      }
      if (!constant)
        continue;
      uint64_t elemBytes =
          (op.getType().getElementType().getIntOrFloatBitWidth() + 7) / 8;
      uint64_t bytes = (elems * elemBytes + 31) / 32 * 32;
      total += bytes;
      sized.push_back({op, bytes});
    }
    if (total <= ubSize)
      return success();
    // Report at the tensor that brings the total beyond the UB.
    uint64_t running = 0;
    LocalTensorAutoOp culprit = sized.back().first;
    for (auto &[op, bytes] : sized) {
      running += bytes;
      if (running > ubSize) {
        culprit = op;
        break;
      }
    }
    auto describe = [](LocalTensorAutoOp op, uint64_t bytes) {
      std::string name = nameOf(op);
      return (name.empty() ? std::string("a LocalTensorAuto")
                           : "'" + name + "'") +
             " " + describeShape(op) + ": " + std::to_string(bytes) + " bytes";
    };
    InFlightDiagnostic diag = emitApiError(culprit, DiagCategory::Capacity);
    diag << "the LocalTensorAuto tensors of this kernel need " << total
         << " bytes of the Unified Buffer, which has "
         << static_cast<uint64_t>(ubSize) << " (";
    for (auto [i, entry] : llvm::enumerate(sized))
      diag << (i ? ", " : "") << describe(entry.first, entry.second);
    diag << "); each tensor has its own buffer for the whole kernel";
    for (auto &[op, bytes] : sized)
      diag.attachNote(op.getLoc()) << describe(op, bytes);
    return failure();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// asc-hoist-queue-creation
//===----------------------------------------------------------------------===//

namespace {
struct AscHoistQueueCreation
    : public mlir::asc::impl::AscHoistQueueCreationBase<AscHoistQueueCreation> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      Block &entry = func.getBody().front();
      // Declarations first (no operands): after the pipe, if any.
      Operation *front = nullptr;
      for (Operation &op : entry)
        if (isa<TPipeOp>(op))
          front = &op;
      // The InitBuffers go to the creation point: the entry, or after the
      // Matmul's registration (the AIC of a MIX kernel leaves there).
      CreationPoint cp = creationPointOf(func);
      SmallVector<Operation *> decls, inits;
      func.walk([&](Operation *op) {
        if (isa<TQueOp, TQueBindOp, TBufOp>(op)) {
          if (op->getBlock() != &entry)
            decls.push_back(op);
        } else if (isa<TPipeInitBufferOp, TPipeInitTBufOp>(op)) {
          if (op->getBlock() != cp.block && isUnder(op, cp))
            inits.push_back(op);
        }
      });
      for (Operation *op : decls) {
        if (front)
          op->moveAfter(front);
        else
          op->moveBefore(&entry, entry.begin());
        front = op;
        ++numHoisted;
      }
      for (Operation *op : inits)
        hoistInit(op, cp);
    }
  }

  void hoistInit(Operation *op, const CreationPoint &cp) {
    // Constants defined in the loop are cloned; other operands must already
    // be defined in the creation point's block (after its floor) or in a
    // block enclosing it.
    OpBuilder b(op->getContext());
    Operation *after = cp.floor;
    SmallVector<std::pair<unsigned, Operation *>> clones;
    for (OpOperand &operand : op->getOpOperands()) {
      Value v = operand.get();
      Operation *def = v.getDefiningOp();
      if (isVisibleAt(v, cp)) {
        if (def && def->getBlock() == cp.block &&
            (!after || after->isBeforeInBlock(def)))
          after = def;
        continue;
      }
      if (def && def->hasTrait<::mlir::OpTrait::ConstantLike>()) {
        clones.push_back({operand.getOperandNumber(), def});
        continue;
      }
      return; // depends on a value of the loop or branch: stays
    }
    if (after)
      b.setInsertionPointAfter(after);
    else
      b.setInsertionPointToStart(cp.block);
    for (auto [index, def] : clones)
      op->setOperand(index, b.clone(*def)->getResult(0));
    op->moveBefore(b.getInsertionBlock(), b.getInsertionPoint());
    ++numHoisted;
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// asc-unify-pipe
//===----------------------------------------------------------------------===//

namespace {
struct AscUnifyPipe : public mlir::asc::impl::AscUnifyPipeBase<AscUnifyPipe> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      SmallVector<TPipeOp> pipes;
      func.walk([&](TPipeOp op) { pipes.push_back(op); });
      if (pipes.empty())
        continue;
      Block &entry = func.getBody().front();
      pipes.front()->moveBefore(&entry, entry.begin());
      for (TPipeOp other : llvm::drop_begin(pipes)) {
        other.replaceAllUsesWith(pipes.front().getResult());
        other.erase();
        ++numMerged;
      }
    }
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// asc-insert-sync
//===----------------------------------------------------------------------===//

namespace {

constexpr uint8_t kRead = 1, kWrite = 2;

enum class QueueState : uint8_t { Free, Alloc, Deque };

/// A LocalTensorAuto with a queue.
struct QueueTensor {
  Value queue;
  SyncPipe producer, consumer;
  Type type;
};

/// The analysis state at a program point.
struct SyncState {
  /// acc[root][y][x]: kinds of accesses pipe y made to root that are not yet
  /// ordered before later accesses of pipe x.
  DenseMap<Value, std::array<std::array<uint8_t, kNumSyncPipes>, kNumSyncPipes>>
      acc;
  DenseMap<Value, QueueState> queue;
  /// The value naming each queue tensor's buffer here.
  DenseMap<Value, Value> current;
  /// The last op (of the block being walked) with a producer access, and
  /// with any other access, of each queue tensor: `enque` goes right after
  /// the former and `free_tensor` after the latter, so that the queue events
  /// of several tensors are all set before any is waited for (TPipe ids are
  /// reused once released).
  DenseMap<Value, Operation *> lastProducer, lastOther;
};

int idx(SyncPipe p) { return static_cast<int>(p); }

/// An Mmad that needs no pipe_barrier(PIPE_M) after earlier Mmads into its
/// L0C: with ceil(m/16) * ceil(n/16) >= 10 fractals the hardware orders
/// them (hardware.md §3.3); m and n must be constants of its MmadParams.
bool mmadOrderedByHardware(Operation *op) {
  Value params;
  if (auto mmad = dyn_cast<MmadOp>(op))
    params = mmad.getParams();
  else if (auto mmad = dyn_cast<MmadBiasOp>(op))
    params = mmad.getParams();
  else if (auto mmad = dyn_cast<MmadWithSparseOp>(op))
    params = mmad.getMmadParams();
  auto def = params ? params.getDefiningOp<MmadParamsOp>() : nullptr;
  if (!def)
    return false;
  std::optional<int64_t> m = getConstantInt(def.getM());
  std::optional<int64_t> n = getConstantInt(def.getN());
  return m && n && ((*m + 15) / 16) * ((*n + 15) / 16) >= 10;
}

/// The HardEvent from pipe `from` to pipe `to` (S_V, MTE2_MTE1, ...), or
/// none where Ascend C has no flag between the two (MTE3 -> FIX).
std::optional<HardEvent> eventOf(SyncPipe from, SyncPipe to) {
  std::string name = (pipeName(from) + "_" + pipeName(to)).str();
  return symbolizeHardEvent(StringRef(name).lower());
}

Pipe barrierPipe(SyncPipe p) { return *symbolizePipe(pipeName(p).lower()); }

struct AscInsertSync
    : public mlir::asc::impl::AscInsertSyncBase<AscInsertSync> {
  using AscInsertSyncBase::AscInsertSyncBase;

  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (!func.isExternal())
        runOnFunction(func);
  }

private:
  DenseMap<Value, QueueTensor> queues; // by the canonical alloc value
  DenseMap<Value, Value> canonical;    // every alloc value -> canonical
  Value pipe;
  /// mayShareBytes of two roots, by the pair in pointer order.
  DenseMap<std::pair<Value, Value>, bool> aliasCache;
  std::optional<BufferLayout> layout;
  MLIRContext *ctx = nullptr;

  void runOnFunction(func::FuncOp func) {
    ctx = func.getContext();
    queues.clear();
    canonical.clear();
    aliasCache.clear();
    layout.emplace(func);
    pipe = nullptr;
    func.walk([&](AllocTensorOp alloc) {
      if (!alloc->hasAttr(kAutoTensorAttr))
        return;
      auto qType = dyn_cast<TQueType>(alloc.getQueue().getType());
      if (!qType)
        return;
      bool in = qType.getPosition() == TPosition::VECIN;
      queues[alloc.getResult()] = {
          alloc.getQueue(), in ? SyncPipe::MTE2 : SyncPipe::V,
          in ? SyncPipe::V : SyncPipe::MTE3, alloc.getType()};
      canonical[alloc.getResult()] = alloc.getResult();
    });
    SyncState state;
    markers.clear();
    walkBlock(func.getBody().front(), state, /*emit=*/true);
    // The declarations' allocs: every access now names an alloc of its own.
    for (Operation *marker : markers)
      if (marker->use_empty())
        marker->erase();
  }

  SmallVector<Operation *> markers; // the declarations' alloc_tensor ops

  Value canon(Value root) {
    auto it = canonical.find(root);
    return it == canonical.end() ? root : it->second;
  }

  Value getPipe(Operation *anchor) {
    if (!pipe) {
      auto func = anchor->getParentOfType<func::FuncOp>();
      pipe = getOrCreatePipe(func);
    }
    return pipe;
  }

  static void mergeAcc(SyncState &into, const SyncState &from) {
    for (auto &[root, m] : from.acc) {
      auto &dst = into.acc[root];
      for (int y = 0; y < kNumSyncPipes; ++y)
        for (int x = 0; x < kNumSyncPipes; ++x)
          dst[y][x] |= m[y][x];
    }
  }

  /// A flag (or queue event) from pipe `from` to pipe `to` was inserted:
  /// every earlier access of `from`, and every access `from` was already
  /// ordered after, now precedes the later accesses of `to`.
  /// Mmads into one L0C stay apart by pipe_barrier(PIPE_M) whatever flags
  /// ordered them (hardware.md §3.3 asks for the barrier between
  /// back-to-back Mmads of fewer than 10 fractals, not for a flag; the
  /// simulator takes only a PIPE_M or PIPE_ALL barrier for it).
  static void clearPair(SyncState &st, SyncPipe from, SyncPipe to) {
    for (auto &entry : st.acc) {
      auto &m = entry.second;
      for (int z = 0; z < kNumSyncPipes; ++z)
        if (z != idx(from) && m[z][idx(from)] == 0 &&
            !(z == idx(to) && to == SyncPipe::M))
          m[z][idx(to)] = 0;
      m[idx(from)][idx(to)] = 0;
    }
  }

  bool skipped(SyncPipe p) const { return autoSync && p == SyncPipe::S; }

  void walkBlock(Block &block, SyncState &st, bool emit) {
    for (Operation &op : llvm::make_early_inc_range(block.without_terminator()))
      visit(&op, st, emit);
  }

  /// Runs a nested block (loop body, branch) from `st`; returns its end
  /// state with the queue protocol brought back to `st`'s.
  SyncState runNested(Block &block, const SyncState &st, bool emit) {
    SyncState inner = st;
    walkBlock(block, inner, emit);
    OpBuilder b(ctx);
    b.setInsertionPoint(block.getTerminator());
    for (auto &[root, want] : st.queue) {
      QueueState have = inner.queue.lookup(root);
      if (have == want ||
          (have == QueueState::Free && want != QueueState::Free))
        continue;
      transition(b, block.getTerminator()->getLoc(), root, inner, want, emit);
    }
    return inner;
  }

  void visit(Operation *op, SyncState &st, bool emit) {
    if (op->getNumRegions() > 0) {
      bool branch = isa<scf::IfOp>(op);
      if (!branch)
        syncBeforeLoop(op, st, emit);
      SyncState merged = st;
      // Queue tensors accessed inside: their last access is now this op.
      auto noteInner = [&](const SyncState &inner) {
        for (auto &[root, last] : inner.lastProducer)
          if (st.lastProducer.lookup(root) != last)
            merged.lastProducer[root] = op;
        for (auto &[root, last] : inner.lastOther)
          if (st.lastOther.lookup(root) != last)
            merged.lastOther[root] = op;
      };
      for (Region &region : op->getRegions()) {
        if (region.empty())
          continue;
        Block &body = region.front();
        if (branch) {
          SyncState inner = runNested(body, st, emit);
          noteInner(inner);
          mergeAcc(merged, inner);
          continue;
        }
        // A loop body starts with what its previous iteration left.
        SyncState dry = runNested(body, st, /*emit=*/false);
        SyncState in = st;
        mergeAcc(in, dry);
        SyncState inner = runNested(body, in, emit);
        noteInner(inner);
        mergeAcc(merged, inner);
        mergeAcc(merged, in);
      }
      st.acc = std::move(merged.acc);
      st.lastProducer = std::move(merged.lastProducer);
      st.lastOther = std::move(merged.lastOther);
      return;
    }
    if (op->hasAttr(kAutoTensorAttr)) {
      // The declaration's alloc marks where the tensor starts; its buffer is
      // allocated at the first access (access()), so a loop that uses the
      // tensor allocates and frees it in each iteration rather than freeing
      // and re-allocating it at the end of each (whose last re-allocation
      // the final free would undo at once, setting the free event twice).
      if (auto alloc = dyn_cast<AllocTensorOp>(op)) {
        Value root = canon(alloc.getResult());
        st.queue[root] = QueueState::Free;
        st.current[root] = alloc.getResult();
        st.acc.erase(root);
        if (emit)
          markers.push_back(op);
      } else if (auto free = dyn_cast<FreeTensorOp>(op)) {
        // The declaration's free becomes a free of what is allocated here
        // (nothing, if the last access already freed it).
        Value root = canon(rootOf(free.getTensor()));
        if (st.queue.lookup(root) != QueueState::Free) {
          OpBuilder b(op);
          transition(b, op->getLoc(), root, st, QueueState::Free, emit);
        }
        if (emit)
          free.erase();
      }
      return;
    }
    // One access per tensor (a write if any operand writes it): the op's
    // own operands are not ordered against each other.
    SmallVector<TensorAccess> accesses;
    for (const TensorAccess &a : accessesOf(op)) {
      Value root = canon(a.root);
      auto it = llvm::find_if(accesses, [&](const TensorAccess &other) {
        return other.root == root;
      });
      if (it != accesses.end())
        it->write |= a.write;
      else
        accesses.push_back({root, a.pipe, a.write});
    }
    OpBuilder b(op);
    for (const TensorAccess &a : accesses)
      if (!skipped(a.pipe))
        access(b, op, a.root, a.pipe, a.write, st, emit);
    for (const TensorAccess &a : accesses) {
      auto q = queues.find(a.root);
      if (q != queues.end())
        (a.pipe == q->second.producer ? st.lastProducer
                                      : st.lastOther)[a.root] = op;
      if (skipped(a.pipe))
        continue;
      auto &m = st.acc[a.root];
      for (int z = 0; z < kNumSyncPipes; ++z)
        if (!(a.pipe == SyncPipe::S && z == idx(SyncPipe::S)))
          m[idx(a.pipe)][z] |= a.write ? kWrite : kRead;
    }
  }

  /// Orders before `loop` what its body's accesses to tensors other than
  /// queue tensors depend on from before it. Inside, such a flag would be
  /// set in every iteration with the same fetched id while the waiting
  /// pipe may still be blocked on another wait: the second set would be
  /// lost (docs/sync.md, "Same-cycle set and wait").
  void syncBeforeLoop(Operation *loop, SyncState &st, bool emit) {
    SmallVector<TensorAccess> inside;
    loop->walk([&](Operation *inner) {
      if (inner == loop)
        return;
      for (const TensorAccess &a : accessesOf(inner)) {
        Value root = canon(a.root);
        if (queues.count(root) || skipped(a.pipe))
          continue;
        auto it = llvm::find_if(inside, [&](const TensorAccess &other) {
          return other.root == root && other.pipe == a.pipe;
        });
        if (it != inside.end())
          it->write |= a.write;
        else
          inside.push_back({root, a.pipe, a.write});
      }
    });
    OpBuilder b(loop);
    for (const TensorAccess &a : inside)
      access(b, loop, a.root, a.pipe, a.write, st, emit);
  }

  /// The kinds of accesses pipe `y` made to `root`, or to a tensor that may
  /// share bytes with it, not yet ordered before later accesses of pipe `x`.
  uint8_t pending(const SyncState &st, Value root, SyncPipe y, SyncPipe x) {
    uint8_t bits = 0;
    for (auto &[other, m] : st.acc)
      if (m[idx(y)][idx(x)] && aliases(root, other))
        bits |= m[idx(y)][idx(x)];
    return bits;
  }

  bool aliases(Value a, Value b) {
    if (a == b)
      return true;
    auto key = a.getAsOpaquePointer() < b.getAsOpaquePointer()
                   ? std::make_pair(a, b)
                   : std::make_pair(b, a);
    auto [it, inserted] = aliasCache.try_emplace(key, false);
    if (inserted)
      it->second = mayShareBytes(a, b, *layout);
    return it->second;
  }

  /// The synchronisation access (x, write) of `root` needs before `op`.
  void access(OpBuilder &b, Operation *op, Value root, SyncPipe x, bool write,
              SyncState &st, bool emit) {
    Location loc = op->getLoc();
    auto q = queues.find(root);
    bool isQueue = q != queues.end();
    if (isQueue && st.queue.lookup(root) == QueueState::Free)
      transition(b, loc, root, st, QueueState::Alloc, emit);
    if (isQueue) {
      QueueState s = st.queue.lookup(root);
      if (x == q->second.producer && s == QueueState::Deque)
        transition(b, loc, root, st, QueueState::Alloc, emit);
      else if (x == q->second.consumer && s == QueueState::Alloc)
        transition(b, loc, root, st, QueueState::Deque, emit);
    }
    for (int y = 0; y < kNumSyncPipes; ++y) {
      SyncPipe from = static_cast<SyncPipe>(y);
      if (from == x || skipped(from))
        continue;
      if (isQueue && ((from == q->second.producer && x == q->second.consumer) ||
                      (from == q->second.consumer && x == q->second.producer)))
        continue;
      uint8_t bits = pending(st, root, from, x);
      if ((bits & kWrite) || (write && bits)) {
        std::optional<HardEvent> event = eventOf(from, x);
        if (emit && event) {
          Value p = getPipe(op);
          Value id =
              b.create<TPipeFetchEventIdOp>(loc, b.getI32Type(), p, *event);
          b.create<SetFlagOp>(loc, *event, id);
          b.create<WaitFlagOp>(loc, *event, id);
          ++numFlags;
        } else if (emit) {
          // No flag joins the two pipes (MTE3 -> FIX): wait for all.
          b.create<PipeBarrierOp>(loc, Pipe::ALL);
          ++numBarriers;
        }
        if (event)
          clearPair(st, from, x);
        else
          for (int z = 0; z < kNumSyncPipes; ++z)
            clearPair(st, static_cast<SyncPipe>(z), x);
      }
    }
    // Dependent instructions of one pipe may overlap (hardware.md §3.1);
    // bisheng orders PIPE_V ones under auto_sync, the hardware large Mmads.
    bool barrierPipeline = x != SyncPipe::S && (x != SyncPipe::V || !autoSync);
    bool hardwareOrders = x == SyncPipe::M && mmadOrderedByHardware(op);
    if (barrierPipeline) {
      uint8_t bits = pending(st, root, x, x);
      if ((bits & kWrite) || (write && bits)) {
        if (emit && !hardwareOrders) {
          b.create<PipeBarrierOp>(loc, barrierPipe(x));
          ++numBarriers;
        }
        clearPair(st, x, x);
      }
    }
  }

  /// Moves queue tensor `root` to queue state `want` at `b`'s point.
  void transition(OpBuilder &b, Location loc, Value root, SyncState &st,
                  QueueState want, bool emit) {
    const QueueTensor &q = queues[root];
    QueueState have = st.queue.lookup(root);
    Value cur = st.current.lookup(root);
    if (have == QueueState::Alloc && want == QueueState::Deque) {
      if (emit) {
        OpBuilder at = after(b, st.lastProducer.lookup(root), cur);
        at.create<EnQueOp>(loc, q.queue, cur, nullptr, nullptr);
        auto deque =
            b.create<DeQueOp>(loc, q.type, q.queue, Value(), nullptr, nullptr);
        replaceLaterUses(cur, deque.getResult(), deque);
        canonical[deque.getResult()] = root;
        st.current[root] = deque.getResult();
        numQueueOps += 2;
      }
      clearPair(st, q.producer, q.consumer);
    } else if (have == QueueState::Free && want == QueueState::Alloc) {
      if (emit) {
        auto alloc = b.create<AllocTensorOp>(loc, q.type, q.queue);
        replaceLaterUses(cur, alloc.getResult(), alloc);
        canonical[alloc.getResult()] = root;
        st.current[root] = alloc.getResult();
        ++numQueueOps;
      }
    } else if (have != QueueState::Free && want == QueueState::Free) {
      if (emit) {
        OpBuilder at =
            after(b,
                  have == QueueState::Deque ? st.lastOther.lookup(root)
                                            : st.lastProducer.lookup(root),
                  cur);
        at.create<FreeTensorOp>(loc, q.queue, cur);
        ++numQueueOps;
      }
      clearPair(st, q.consumer, q.producer);
    } else if (have == QueueState::Deque && want == QueueState::Alloc) {
      if (emit) {
        OpBuilder at = after(b, st.lastOther.lookup(root), cur);
        at.create<FreeTensorOp>(loc, q.queue, cur);
        auto alloc = b.create<AllocTensorOp>(loc, q.type, q.queue);
        replaceLaterUses(cur, alloc.getResult(), alloc);
        canonical[alloc.getResult()] = root;
        st.current[root] = alloc.getResult();
        numQueueOps += 2;
      }
      clearPair(st, q.consumer, q.producer);
    }
    st.queue[root] = want;
  }

  /// A builder right after `last` when it is in `b`'s block and after the
  /// definition of `value` there; else `b` itself.
  static OpBuilder after(OpBuilder &b, Operation *last, Value value) {
    Block *block = b.getInsertionBlock();
    if (!last || last->getBlock() != block)
      return b;
    if (Operation *def = value.getDefiningOp())
      if (def->getBlock() == block && last->isBeforeInBlock(def))
        return b;
    OpBuilder at(last->getContext());
    at.setInsertionPointAfter(last);
    return at;
  }

  /// Uses of `old` after `def` in `def`'s block (or nested in later ops)
  /// name the buffer through `replacement` from now on.
  static void replaceLaterUses(Value old, Value replacement, Operation *def) {
    Block *block = def->getBlock();
    old.replaceUsesWithIf(replacement, [&](OpOperand &use) {
      Operation *user = block->findAncestorOpInBlock(*use.getOwner());
      return user && user != def && def->isBeforeInBlock(user);
    });
  }
};

} // namespace
