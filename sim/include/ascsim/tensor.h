//===- ascsim/tensor.h - GlobalTensor and LocalTensor -----------*- C++ -*-===//
//
// The two tensor views of the Ascend C API. They are cheap value types; all
// checking and all memory traffic happens in the simulator library through
// the ABI of ascsim/abi.h.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_TENSOR_H
#define ASCSIM_TENSOR_H

#include "ascsim/abi.h"
#include "ascsim/enums.h"
#include "ascsim/float16.h"

namespace ascsim {

//===----------------------------------------------------------------------===//
// Element type -> DType
//===----------------------------------------------------------------------===//

template <class T> struct DTypeOf; // undefined: not an Ascend C element type
#define ASCSIM_DTYPE(T, D)                                                     \
  template <> struct DTypeOf<T> {                                              \
    static constexpr DType value = DType::D;                                   \
  };
ASCSIM_DTYPE(bool, Bool)
ASCSIM_DTYPE(int8_t, I8)
ASCSIM_DTYPE(uint8_t, U8)
ASCSIM_DTYPE(int16_t, I16)
ASCSIM_DTYPE(uint16_t, U16)
ASCSIM_DTYPE(int32_t, I32)
ASCSIM_DTYPE(uint32_t, U32)
ASCSIM_DTYPE(long, I64)
ASCSIM_DTYPE(unsigned long, U64)
ASCSIM_DTYPE(long long, I64)
ASCSIM_DTYPE(unsigned long long, U64)
ASCSIM_DTYPE(Half, F16)
ASCSIM_DTYPE(BFloat16, BF16)
ASCSIM_DTYPE(float, F32)
ASCSIM_DTYPE(double, F64)
#undef ASCSIM_DTYPE

template <class T> constexpr DType dtypeOf() {
  return DTypeOf<typename RemoveCv<T>::type>::value;
}

} // namespace ascsim

namespace AscendC {

/// Element type of a tensor parameter (TensorTrait is not supported).
template <class T> using PrimT = T;

//===----------------------------------------------------------------------===//
// GlobalTensor
//===----------------------------------------------------------------------===//

/// A view of Global Memory: a base pointer and an element count.
template <typename T> class GlobalTensor {
public:
  using PrimType = T;

  GlobalTensor() = default;

  void SetGlobalBuffer(__gm__ T *buffer, uint64_t bufferSize) {
    address_ = buffer;
    oriAddress_ = buffer;
    bufferSize_ = bufferSize;
  }
  void SetGlobalBuffer(__gm__ T *buffer) { SetGlobalBuffer(buffer, 0); }

  const __gm__ T *GetPhyAddr() const { return address_; }
  __gm__ T *GetPhyAddr(const uint64_t offset) const {
    return address_ + offset;
  }
  uint64_t GetSize() const { return bufferSize_; }

  /// CACHE_MODE_DISABLE: DMA reads of this buffer bypass the L2 (served by
  /// HBM, not kept); every other mode caches it (the simulator models L2
  /// residency for timing only: docs/timing.md). A buffer of size 0 hints
  /// nothing.
  template <CacheRwMode rwMode = CacheRwMode::RW>
  void SetL2CacheHint(CacheMode mode) {
    cacheMode_ = mode;
    ::ascsim::abi::setL2CacheHint(reinterpret_cast<uint64_t>(address_),
                                  bufferSize_ * sizeof(T),
                                  mode == CACHE_MODE_DISABLE);
  }

  /// Sub-view starting `offset` elements later; the size is not reduced.
  GlobalTensor operator[](const uint64_t offset) const {
    GlobalTensor r = *this;
    r.address_ = address_ + offset;
    return r;
  }

  /// Scalar read (PIPE_S).
  T GetValue(const uint64_t offset,
             ::ascsim::Loc loc = ::ascsim::here()) const {
    T v;
    ::ascsim::abi::scalarRead(operand(), offset, ::ascsim::dtypeOf<T>(), &v,
                              loc);
    return v;
  }
  /// Scalar write (PIPE_S).
  void SetValue(const uint64_t offset, T value,
                ::ascsim::Loc loc = ::ascsim::here()) const {
    ::ascsim::abi::scalarWrite(operand(), offset, ::ascsim::dtypeOf<T>(),
                               &value, loc);
  }

  /// The ABI operand of this view (simulator internal).
  ::ascsim::Operand operand() const {
    return ::ascsim::Operand{reinterpret_cast<uint64_t>(address_),
                             bufferSize_ * sizeof(T),
                             static_cast<uint8_t>(TPosition::GM)};
  }

  __gm__ T *address_ = nullptr;
  __gm__ T *oriAddress_ = nullptr;
  uint64_t bufferSize_ = 0;
  CacheMode cacheMode_ = CACHE_MODE_NORMAL;
};

//===----------------------------------------------------------------------===//
// LocalTensor
//===----------------------------------------------------------------------===//

/// Address descriptor of a local tensor (byte length and byte address inside
/// the physical memory of `logicPos`).
struct TBuffAddr {
  uint32_t dataLen = 0;
  uint32_t bufferAddr = 0;
  TBufHandle bufferHandle = nullptr;
  /// kNoBufferPos until the tensor is given a buffer.
  uint8_t logicPos = ::ascsim::kNoBufferPos;
};

/// A view of an on-chip buffer (UB on a vector core).
template <typename T> class LocalTensor {
public:
  using PrimType = T;

  LocalTensor() = default;

  /// Static tensor: `addr` is a byte address in the physical memory of `pos`
  /// (32-B aligned), `tileSize` an element count. Checked by the simulator.
  LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize,
              ::ascsim::Loc loc = ::ascsim::here()) {
    ::ascsim::abi::checkLocalTensor(static_cast<uint8_t>(pos), addr, tileSize,
                                    sizeof(T), loc);
    address_.logicPos = static_cast<uint8_t>(pos);
    address_.bufferAddr = addr;
    address_.dataLen = tileSize * static_cast<uint32_t>(sizeof(T));
  }

  /// Sub-view: the address advances and the length shrinks by `offset`
  /// elements (to 0 if the offset is past the end).
  LocalTensor operator[](const uint32_t offset) const {
    LocalTensor r = *this;
    uint32_t bytes = offset * static_cast<uint32_t>(sizeof(T));
    r.address_.bufferAddr += bytes;
    r.address_.dataLen =
        bytes > address_.dataLen ? 0 : address_.dataLen - bytes;
    return r;
  }

  /// Element count.
  uint32_t GetSize() const {
    return address_.dataLen / static_cast<uint32_t>(sizeof(T));
  }
  void SetSize(const uint32_t size) {
    address_.dataLen = size * static_cast<uint32_t>(sizeof(T));
  }
  /// Byte length (deprecated in the API).
  uint32_t GetLength() const { return address_.dataLen; }
  void SetBufferLen(uint32_t dataLen) { address_.dataLen = dataLen; }
  /// GM (0) while the tensor has no buffer, as before the marker.
  int32_t GetPosition() const {
    return address_.logicPos == ::ascsim::kNoBufferPos ? 0 : address_.logicPos;
  }
  /// Byte address inside the physical memory.
  uint64_t GetPhyAddr() const { return address_.bufferAddr; }
  uint64_t GetPhyAddr(const uint32_t offset) const {
    return address_.bufferAddr + offset * sizeof(T);
  }

  /// Scalar read (PIPE_S).
  T GetValue(const uint32_t index, ::ascsim::Loc loc = ::ascsim::here()) const {
    T v;
    ::ascsim::abi::scalarRead(operand(), index, ::ascsim::dtypeOf<T>(), &v,
                              loc);
    return v;
  }
  /// Scalar write (PIPE_S); the value is converted to T.
  template <typename S>
  void SetValue(const uint32_t index, const S value,
                ::ascsim::Loc loc = ::ascsim::here()) const {
    T v = static_cast<T>(value);
    ::ascsim::abi::scalarWrite(operand(), index, ::ascsim::dtypeOf<T>(), &v,
                               loc);
  }

  /// Tag of the queue buffer this tensor came from (shared by every tensor
  /// of that buffer); static tensors have none (reported, as is a tensor
  /// with no buffer). The errors use the pyasc names.
  void SetUserTag(const TTagType tag, ::ascsim::Loc loc = ::ascsim::here()) {
    ::ascsim::abi::bufferUserTag(handle(), true, tag, "set_user_tag", loc);
  }
  TTagType GetUserTag(::ascsim::Loc loc = ::ascsim::here()) const {
    return ::ascsim::abi::bufferUserTag(handle(), false, 0, "get_user_tag",
                                        loc);
  }

  /// This tensor becomes `src[offset]` (offset in elements of S): src's
  /// address descriptor, position included, `offset * sizeof(S)` bytes on.
  template <typename S>
  void SetAddrWithOffset(LocalTensor<S> &src, const uint32_t offset) {
    LocalTensor<S> view = src[offset];
    address_ = view.address_;
  }

  /// Same memory seen as elements of U; the byte length is preserved.
  template <typename U> LocalTensor<U> ReinterpretCast() const {
    LocalTensor<U> r;
    r.address_ = address_;
    return r;
  }

  /// The ABI operand of this view (simulator internal).
  ::ascsim::Operand operand() const {
    return ::ascsim::Operand{address_.bufferAddr, address_.dataLen,
                             address_.logicPos};
  }
  /// The queue buffer's handle; kNoBufferHandle while there is no buffer.
  uint64_t handle() const {
    return address_.logicPos == ::ascsim::kNoBufferPos
               ? ::ascsim::kNoBufferHandle
               : static_cast<uint64_t>(
                     reinterpret_cast<uintptr_t>(address_.bufferHandle));
  }

  TBuffAddr address_;
};

} // namespace AscendC

#endif // ASCSIM_TENSOR_H
