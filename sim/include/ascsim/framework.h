//===- ascsim/framework.h - TPipe, TQue, TBuf, TBufPool ---------*- C++ -*-===//
//
// The Ascend C buffer framework (ascendc_api.md §2.4-§2.9). The objects are
// handles: the simulator library owns every buffer, its state and the event
// ids, and drives the same SetFlag/WaitFlag machinery a hand-synchronised
// kernel uses (hardware.md §3.5), so timing, deadlocks and races come out as
// on the NPU.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_FRAMEWORK_H
#define ASCSIM_FRAMEWORK_H

#include "ascsim/api.h"
#include "ascsim/tensor.h"

namespace ascsim {

/// (src, dst) TPositions of TQue<pos> (ascendc_api.md §2.5).
constexpr AscendC::TPosition queSrc(AscendC::TPosition pos) {
  using P = AscendC::TPosition;
  switch (pos) {
  case P::VECIN:
  case P::A1:
  case P::B1:
  case P::C1:
    return P::GM;
  case P::A2:
    return P::A1;
  case P::B2:
    return P::B1;
  case P::C2:
    return P::C1;
  default:
    return pos;
  }
}
constexpr AscendC::TPosition queDst(AscendC::TPosition pos) {
  using P = AscendC::TPosition;
  switch (pos) {
  case P::VECOUT:
  case P::CO2:
    return P::GM;
  case P::CO1:
    return P::CO2;
  default:
    return pos;
  }
}

/// A LocalTensor over a buffer the framework handed out.
template <class T> AscendC::LocalTensor<T> localOf(const BufferView &v) {
  AscendC::LocalTensor<T> t;
  t.address_.bufferAddr = v.addr;
  t.address_.dataLen = v.bytes;
  t.address_.bufferHandle =
      reinterpret_cast<AscendC::TBufHandle>(static_cast<uintptr_t>(v.handle));
  t.address_.logicPos = v.pos;
  return t;
}

template <class T> uint64_t handleOf(const AscendC::LocalTensor<T> &t) {
  return t.handle();
}

/// HardEvent of a (source pipe, destination pipe) pair; MAX if none.
constexpr AscendC::HardEvent eventOfPipes(pipe_t src, pipe_t dst) {
  using E = AscendC::HardEvent;
  struct Row {
    pipe_t s, d;
    E e;
  };
  constexpr Row rows[] = {
      {PIPE_MTE2, PIPE_V, E::MTE2_V},
      {PIPE_V, PIPE_MTE2, E::V_MTE2},
      {PIPE_MTE3, PIPE_V, E::MTE3_V},
      {PIPE_V, PIPE_MTE3, E::V_MTE3},
      {PIPE_V, PIPE_V, E::V_V},
      {PIPE_MTE3, PIPE_MTE2, E::MTE3_MTE2},
      {PIPE_MTE2, PIPE_MTE3, E::MTE2_MTE3},
      {PIPE_S, PIPE_V, E::S_V},
      {PIPE_V, PIPE_S, E::V_S},
      {PIPE_S, PIPE_MTE2, E::S_MTE2},
      {PIPE_MTE2, PIPE_S, E::MTE2_S},
      {PIPE_S, PIPE_MTE3, E::S_MTE3},
      {PIPE_MTE3, PIPE_S, E::MTE3_S},
      {PIPE_MTE2, PIPE_MTE1, E::MTE2_MTE1},
      {PIPE_MTE1, PIPE_MTE2, E::MTE1_MTE2},
      {PIPE_MTE1, PIPE_M, E::MTE1_M},
      {PIPE_M, PIPE_MTE1, E::M_MTE1},
      {PIPE_M, PIPE_V, E::M_V},
      {PIPE_V, PIPE_M, E::V_M},
      {PIPE_MTE3, PIPE_MTE1, E::MTE3_MTE1},
      {PIPE_MTE1, PIPE_MTE3, E::MTE1_MTE3},
      {PIPE_MTE1, PIPE_V, E::MTE1_V},
      {PIPE_MTE2, PIPE_M, E::MTE2_M},
      {PIPE_M, PIPE_MTE2, E::M_MTE2},
      {PIPE_V, PIPE_MTE1, E::V_MTE1},
      {PIPE_M, PIPE_FIX, E::M_FIX},
      {PIPE_FIX, PIPE_M, E::FIX_M},
      {PIPE_MTE2, PIPE_FIX, E::MTE2_FIX},
      {PIPE_FIX, PIPE_MTE2, E::FIX_MTE2},
      {PIPE_FIX, PIPE_S, E::FIX_S},
      {PIPE_M, PIPE_S, E::M_S},
      {PIPE_FIX, PIPE_MTE3, E::FIX_MTE3},
      {PIPE_MTE1, PIPE_FIX, E::MTE1_FIX},
      {PIPE_FIX, PIPE_MTE1, E::FIX_MTE1},
      {PIPE_FIX, PIPE_FIX, E::FIX_FIX},
  };
  for (const Row &r : rows)
    if (r.s == src && r.d == dst)
      return r.e;
  return E::MAX;
}

} // namespace ascsim

namespace AscendC {

template <TPosition pos> class TBuf;
template <TPosition pos, uint32_t bufIDSize> class TBufPool;

//===----------------------------------------------------------------------===//
// TQueBind / TQue
//===----------------------------------------------------------------------===//

/// A queue of `num` buffers (set by TPipe::InitBuffer) carrying tensors from
/// position `src` to `dst`. AllocTensor/EnQue/DeQue/FreeTensor are the flags
/// of hardware.md §3.5.
template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind {
public:
  static constexpr TPosition kSrc = src;
  static constexpr TPosition kDst = dst;
  static constexpr int32_t kDepth = depth;
  static constexpr bool kIsTBuf = false;

  TQueBind() = default;

  template <typename T>
  LocalTensor<T> AllocTensor(::ascsim::Loc loc = ::ascsim::here()) {
    return ::ascsim::localOf<T>(
        ::ascsim::abi::queueAlloc(ascsimHandle_, false, loc));
  }
  /// In-place form (depth 0 queues).
  template <typename T>
  void AllocTensor(LocalTensor<T> &tensor,
                   ::ascsim::Loc loc = ::ascsim::here()) {
    tensor = ::ascsim::localOf<T>(
        ::ascsim::abi::queueAlloc(ascsimHandle_, true, loc));
  }
  template <typename T>
  void FreeTensor(LocalTensor<T> &tensor,
                  ::ascsim::Loc loc = ::ascsim::here()) {
    ::ascsim::abi::queueFree(ascsimHandle_, ::ascsim::handleOf(tensor), loc);
  }
  template <typename T>
  bool EnQue(const LocalTensor<T> &tensor,
             ::ascsim::Loc loc = ::ascsim::here()) {
    ::ascsim::abi::queueEnque(ascsimHandle_, ::ascsim::handleOf(tensor),
                              kNoUserPos, kNoUserPos, loc);
    return true;
  }
  /// EnQue with the user positions naming the synchronised pipes.
  template <TPosition srcUserPos, TPosition dstUserPos, typename T>
  bool EnQue(const LocalTensor<T> &tensor,
             ::ascsim::Loc loc = ::ascsim::here()) {
    ::ascsim::abi::queueEnque(ascsimHandle_, ::ascsim::handleOf(tensor),
                              static_cast<uint8_t>(srcUserPos),
                              static_cast<uint8_t>(dstUserPos), loc);
    return true;
  }
  template <typename T>
  LocalTensor<T> DeQue(::ascsim::Loc loc = ::ascsim::here()) {
    return ::ascsim::localOf<T>(::ascsim::abi::queueDeque(
        ascsimHandle_, false, 0, kNoUserPos, kNoUserPos, loc));
  }
  /// DeQue waiting the event of the user positions its EnQue named.
  template <TPosition srcUserPos, TPosition dstUserPos, typename T>
  LocalTensor<T> DeQue(::ascsim::Loc loc = ::ascsim::here()) {
    return ::ascsim::localOf<T>(::ascsim::abi::queueDeque(
        ascsimHandle_, false, 0, static_cast<uint8_t>(srcUserPos),
        static_cast<uint8_t>(dstUserPos), loc));
  }
  /// In-place form (depth 0 queues): the buffer `tensor` holds.
  template <typename T>
  void DeQue(LocalTensor<T> &tensor, ::ascsim::Loc loc = ::ascsim::here()) {
    tensor = ::ascsim::localOf<T>(::ascsim::abi::queueDeque(
        ascsimHandle_, true, ::ascsim::handleOf(tensor), kNoUserPos, kNoUserPos,
        loc));
  }

  bool VacantInQue(::ascsim::Loc loc = ::ascsim::here()) {
    return query(::ascsim::QueueQuery::Vacant, 0, loc) != 0;
  }
  bool HasTensorInQue(::ascsim::Loc loc = ::ascsim::here()) {
    return query(::ascsim::QueueQuery::HasTensor, 0, loc) != 0;
  }
  int32_t GetTensorCountInQue(::ascsim::Loc loc = ::ascsim::here()) {
    return query(::ascsim::QueueQuery::TensorCount, 0, loc);
  }
  bool HasIdleBuffer(::ascsim::Loc loc = ::ascsim::here()) {
    return query(::ascsim::QueueQuery::HasIdleBuffer, 0, loc) != 0;
  }
  template <typename T>
  TBufState GetState(const LocalTensor<T> &tensor,
                     ::ascsim::Loc loc = ::ascsim::here()) const {
    return static_cast<TBufState>(
        ::ascsim::abi::queueQuery(ascsimHandle_, ::ascsim::QueueQuery::State,
                                  ::ascsim::handleOf(tensor), loc));
  }
  void FreeAllEvent(::ascsim::Loc loc = ::ascsim::here()) {
    ::ascsim::abi::queueFreeAllEvent(ascsimHandle_, loc);
  }

  /// Simulator handle (0 until InitBuffer).
  int32_t ascsimHandle_ = 0;

private:
  /// No user positions: the queue's own event.
  static constexpr uint8_t kNoUserPos = static_cast<uint8_t>(TPosition::MAX);

  int32_t query(::ascsim::QueueQuery what, uint64_t buf, ::ascsim::Loc loc) {
    return ::ascsim::abi::queueQuery(ascsimHandle_, what, buf, loc);
  }
};

template <TPosition pos, int32_t depth, auto mask = 0>
class TQue : public TQueBind<::ascsim::queSrc(pos), ::ascsim::queDst(pos),
                             depth, mask> {};

//===----------------------------------------------------------------------===//
// PopStackBuffer
//===----------------------------------------------------------------------===//

/// All of the Unified Buffer above the TPipe's buffers (the advanced API's
/// scratch space when it is given no temp buffer). Needs a live TPipe.
template <typename T, TPosition pos>
inline bool PopStackBuffer(LocalTensor<T> &popBuffer,
                           ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::BufferView v = ::ascsim::abi::stackBuffer("PopStackBuffer", loc);
  v.pos = static_cast<uint8_t>(pos);
  popBuffer = ::ascsim::localOf<T>(v);
  return true;
}

//===----------------------------------------------------------------------===//
// TBuf
//===----------------------------------------------------------------------===//

/// One un-queued buffer; its queue-like methods do no synchronisation.
template <TPosition pos = TPosition::VECCALC> class TBuf {
public:
  static constexpr TPosition kSrc = pos;
  static constexpr TPosition kDst = pos;
  static constexpr int32_t kDepth = 0;
  static constexpr bool kIsTBuf = true;

  template <typename T>
  LocalTensor<T> Get(::ascsim::Loc loc = ::ascsim::here()) {
    return ::ascsim::localOf<T>(
        ::ascsim::abi::bufGet(ascsimHandle_, 0, 0, true, "get", loc));
  }
  /// The first `len` elements.
  template <typename T>
  LocalTensor<T> Get(uint32_t len, ::ascsim::Loc loc = ::ascsim::here()) {
    return ::ascsim::localOf<T>(::ascsim::abi::bufGet(
        ascsimHandle_, 0, static_cast<uint64_t>(len) * sizeof(T), false, "get",
        loc));
  }
  /// `size` elements starting at byte `bufOffset`.
  template <typename T>
  LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset,
                               ::ascsim::Loc loc = ::ascsim::here()) {
    return ::ascsim::localOf<T>(::ascsim::abi::bufGet(
        ascsimHandle_, bufOffset, static_cast<uint64_t>(size) * sizeof(T),
        false, "get_with_offset", loc));
  }
  template <typename T>
  LocalTensor<T> AllocTensor(::ascsim::Loc loc = ::ascsim::here()) {
    return Get<T>(loc);
  }
  template <typename T> void FreeTensor(LocalTensor<T> &) {}
  template <typename T> void EnQue(const LocalTensor<T> &) {}
  template <typename T>
  LocalTensor<T> DeQue(::ascsim::Loc loc = ::ascsim::here()) {
    return Get<T>(loc);
  }

  int32_t ascsimHandle_ = 0;
};

//===----------------------------------------------------------------------===//
// TPipe
//===----------------------------------------------------------------------===//

/// The per-core owner of queue buffers and event ids. One may be live per
/// core; the destructor destroys it.
class TPipe {
public:
  explicit TPipe(::ascsim::Loc loc = ::ascsim::here()) {
    ::ascsim::abi::pipeCreate(this, loc);
  }
  ~TPipe() noexcept(false) {
    ::ascsim::abi::pipeRelease(this, ::ascsim::here());
  }
  TPipe(const TPipe &) = delete;
  TPipe &operator=(const TPipe &) = delete;

  void Init(::ascsim::Loc loc = ::ascsim::here()) {
    ::ascsim::abi::pipeInit(this, loc);
  }
  void Destroy(::ascsim::Loc loc = ::ascsim::here()) {
    ::ascsim::abi::pipeDestroy(this, loc);
  }
  void Reset(::ascsim::Loc loc = ::ascsim::here()) {
    ::ascsim::abi::pipeReset(this, loc);
  }

  /// `num` buffers of `len` bytes (rounded up to 32) for a TQue/TQueBind.
  template <class Q>
  bool InitBuffer(Q &que, uint8_t num, uint32_t len,
                  ::ascsim::Loc loc = ::ascsim::here()) {
    que.ascsimHandle_ = ::ascsim::abi::queueInit(
        0, static_cast<uint8_t>(Q::kSrc), static_cast<uint8_t>(Q::kDst),
        Q::kDepth, num, len, Q::kIsTBuf, loc);
    return true;
  }
  /// One buffer of `len` bytes (rounded up to 32) for a TBuf.
  template <TPosition pos>
  bool InitBuffer(TBuf<pos> &buf, uint32_t len,
                  ::ascsim::Loc loc = ::ascsim::here()) {
    buf.ascsimHandle_ = ::ascsim::abi::queueInit(0, static_cast<uint8_t>(pos),
                                                 static_cast<uint8_t>(pos), 0,
                                                 1, len, true, loc);
    return true;
  }
  template <class P>
  bool InitBufPool(P &bufPool, uint32_t len,
                   ::ascsim::Loc loc = ::ascsim::here()) {
    bufPool.ascsimHandle_ = ::ascsim::abi::poolInit(
        0, static_cast<uint8_t>(P::kPos), P::kBufIDSize, len, 0, loc);
    return true;
  }
  template <class P, class U>
  bool InitBufPool(P &bufPool, uint32_t len, U &shareBuf,
                   ::ascsim::Loc loc = ::ascsim::here()) {
    bufPool.ascsimHandle_ =
        ::ascsim::abi::poolInit(0, static_cast<uint8_t>(P::kPos), P::kBufIDSize,
                                len, shareBuf.ascsimHandle_, loc);
    return true;
  }

  template <HardEvent evt>
  TEventID AllocEventID(::ascsim::Loc loc = ::ascsim::here()) {
    return static_cast<TEventID>(
        ::ascsim::abi::eventAlloc(static_cast<uint8_t>(evt), true, loc));
  }
  template <HardEvent evt>
  void ReleaseEventID(TEventID id, ::ascsim::Loc loc = ::ascsim::here()) {
    ::ascsim::abi::eventRelease(static_cast<uint8_t>(evt), id, loc);
  }
  template <HardEvent evt>
  TEventID FetchEventID(::ascsim::Loc loc = ::ascsim::here()) {
    return static_cast<TEventID>(
        ::ascsim::abi::eventAlloc(static_cast<uint8_t>(evt), false, loc));
  }
  TEventID FetchEventID(HardEvent evt, ::ascsim::Loc loc = ::ascsim::here()) {
    return static_cast<TEventID>(
        ::ascsim::abi::eventAlloc(static_cast<uint8_t>(evt), false, loc));
  }

  /// The first REGIST_MATMUL_OBJ with this (the core's) TPipe (matmul_impl.h:
  /// a MIX kernel's AIC serves only that one's objects).
  ::ascsim::Loc ascsimMatmulRegist_{nullptr, 0};
};

//===----------------------------------------------------------------------===//
// TBufPool
//===----------------------------------------------------------------------===//

/// A region carved from the TPipe (InitBufPool) out of which queues and
/// TBufs are initialised; Reset() waits the pending buffer events and empties
/// it.
template <TPosition pos, uint32_t bufIDSize = 4> class TBufPool {
public:
  static constexpr TPosition kPos = pos;
  static constexpr uint32_t kBufIDSize = bufIDSize;
  static_assert(bufIDSize <= 16, "TBufPool holds at most 16 buffers");

  template <class Q>
  bool InitBuffer(Q &que, uint8_t num, uint32_t len,
                  ::ascsim::Loc loc = ::ascsim::here()) {
    que.ascsimHandle_ = ::ascsim::abi::queueInit(
        ascsimHandle_, static_cast<uint8_t>(Q::kSrc),
        static_cast<uint8_t>(Q::kDst), Q::kDepth, num, len, Q::kIsTBuf, loc);
    return true;
  }
  template <TPosition bufPos>
  bool InitBuffer(TBuf<bufPos> &buf, uint32_t len,
                  ::ascsim::Loc loc = ::ascsim::here()) {
    buf.ascsimHandle_ = ::ascsim::abi::queueInit(
        ascsimHandle_, static_cast<uint8_t>(bufPos),
        static_cast<uint8_t>(bufPos), 0, 1, len, true, loc);
    return true;
  }
  template <class P>
  bool InitBufPool(P &bufPool, uint32_t len,
                   ::ascsim::Loc loc = ::ascsim::here()) {
    bufPool.ascsimHandle_ =
        ::ascsim::abi::poolInit(ascsimHandle_, static_cast<uint8_t>(P::kPos),
                                P::kBufIDSize, len, 0, loc);
    return true;
  }
  template <class P, class U>
  bool InitBufPool(P &bufPool, uint32_t len, U &shareBuf,
                   ::ascsim::Loc loc = ::ascsim::here()) {
    bufPool.ascsimHandle_ = ::ascsim::abi::poolInit(
        ascsimHandle_, static_cast<uint8_t>(P::kPos), P::kBufIDSize, len,
        shareBuf.ascsimHandle_, loc);
    return true;
  }
  void Reset(::ascsim::Loc loc = ::ascsim::here()) {
    ::ascsim::abi::poolReset(ascsimHandle_, loc);
  }

  int32_t ascsimHandle_ = 0;
};

//===----------------------------------------------------------------------===//
// LocalMemAllocator
//===----------------------------------------------------------------------===//

/// Bump allocator of static LocalTensors in one memory (static-tensor
/// programming); each tensor is checked like LocalTensor(pos, addr, size).
template <Hardware hard = Hardware::UB> class LocalMemAllocator {
public:
  static constexpr TPosition defaultPosition() {
    switch (hard) {
    case Hardware::L1:
      return TPosition::A1;
    case Hardware::L0A:
      return TPosition::A2;
    case Hardware::L0B:
      return TPosition::B2;
    case Hardware::L0C:
      return TPosition::CO1;
    case Hardware::BIAS:
      return TPosition::C2;
    case Hardware::FIXBUF:
      return TPosition::C2PIPE2GM;
    default:
      return TPosition::VECCALC;
    }
  }

  LocalMemAllocator() = default;
  uint32_t GetCurAddr() const { return head_; }

  template <TPosition pos, class DataType, uint32_t tileSize>
  LocalTensor<DataType> Alloc(::ascsim::Loc loc = ::ascsim::here()) {
    return Alloc<pos, DataType>(tileSize, loc);
  }
  template <TPosition pos, class DataType>
  LocalTensor<DataType> Alloc(uint32_t tileSize,
                              ::ascsim::Loc loc = ::ascsim::here()) {
    LocalTensor<DataType> t(pos, head_, tileSize, loc);
    head_ += tileSize * static_cast<uint32_t>(sizeof(DataType));
    return t;
  }
  template <class DataType, uint32_t tileSize>
  LocalTensor<DataType> Alloc(::ascsim::Loc loc = ::ascsim::here()) {
    return Alloc<defaultPosition(), DataType>(tileSize, loc);
  }
  template <class DataType>
  LocalTensor<DataType> Alloc(uint32_t tileSize,
                              ::ascsim::Loc loc = ::ascsim::here()) {
    return Alloc<defaultPosition(), DataType>(tileSize, loc);
  }

private:
  uint32_t head_ = 0;
};

//===----------------------------------------------------------------------===//
// TQueSync
//===----------------------------------------------------------------------===//

/// SetFlag/WaitFlag of the HardEvent between two pipes.
template <pipe_t src, pipe_t dst> class TQueSync {
public:
  static constexpr HardEvent kEvent = ::ascsim::eventOfPipes(src, dst);
  static_assert(kEvent != HardEvent::MAX, "no HardEvent for this pipe pair");

  void SetFlag(TEventID id, ::ascsim::Loc loc = ::ascsim::here()) {
    ::ascsim::abi::setFlag(static_cast<uint8_t>(kEvent), id, loc);
  }
  void WaitFlag(TEventID id, ::ascsim::Loc loc = ::ascsim::here()) {
    ::ascsim::abi::waitFlag(static_cast<uint8_t>(kEvent), id, loc);
  }
};

} // namespace AscendC

/// The live TPipe of this core (global namespace, as in Ascend C).
inline AscendC::TPipe *GetTPipePtr(::ascsim::Loc loc = ::ascsim::here()) {
  return static_cast<AscendC::TPipe *>(::ascsim::abi::tpipePtr(loc));
}

#endif // ASCSIM_FRAMEWORK_H
