//===- ascsim/api.h - Ascend C basic API functions --------------*- C++ -*-===//
//
// Data movement, vector compute, synchronisation and system functions of
// namespace AscendC. Each is a thin inline forwarder to the simulator ABI;
// the trailing `loc` parameter records the caller's (Python) line.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_API_H
#define ASCSIM_API_H

#include "ascsim/tensor.h"

namespace AscendC {

//===----------------------------------------------------------------------===//
// Data movement (count forms)
//===----------------------------------------------------------------------===//

/// GM -> local (PIPE_MTE2).
template <typename T>
inline void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
                     const uint32_t count,
                     ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::dataCopy(dst.operand(), src.operand(), count,
                          ::ascsim::dtypeOf<T>(), loc);
}
/// Local -> GM (PIPE_MTE3).
template <typename T>
inline void DataCopy(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
                     const uint32_t count,
                     ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::dataCopy(dst.operand(), src.operand(), count,
                          ::ascsim::dtypeOf<T>(), loc);
}
/// Local -> local (UB -> UB: PIPE_V).
template <typename T>
inline void DataCopy(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                     const uint32_t count,
                     ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::dataCopy(dst.operand(), src.operand(), count,
                          ::ascsim::dtypeOf<T>(), loc);
}

//===----------------------------------------------------------------------===//
// Vector binary (tensor op tensor), PIPE_V
//===----------------------------------------------------------------------===//

// One line per instruction family member; the mask/repeat forms join the
// count form here when they are implemented.
#define ASCSIM_VEC_BINARY(NAME, OP)                                            \
  template <typename T>                                                        \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src0,      \
                   const LocalTensor<T> &src1, const int32_t &count,           \
                   ::ascsim::Loc loc = ::ascsim::here()) {                     \
    ::ascsim::abi::vecBinary(::ascsim::BinOp::OP, ::ascsim::dtypeOf<T>(),      \
                             dst.operand(), src0.operand(), src1.operand(),    \
                             count, loc);                                      \
  }
ASCSIM_VEC_BINARY(Add, Add)
ASCSIM_VEC_BINARY(Sub, Sub)
ASCSIM_VEC_BINARY(Mul, Mul)
ASCSIM_VEC_BINARY(Div, Div)
ASCSIM_VEC_BINARY(Max, Max)
ASCSIM_VEC_BINARY(Min, Min)
#undef ASCSIM_VEC_BINARY

//===----------------------------------------------------------------------===//
// Synchronisation
//===----------------------------------------------------------------------===//

/// Sits in the source pipe of `event`; sets the flag once that pipe's earlier
/// instructions are complete.
template <HardEvent event>
inline void SetFlag(int32_t eventID, ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::setFlag(static_cast<uint8_t>(event), eventID, loc);
}
/// Sits in the destination pipe of `event`; blocks it until the flag is set,
/// then clears the flag.
template <HardEvent event>
inline void WaitFlag(int32_t eventID, ::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::waitFlag(static_cast<uint8_t>(event), eventID, loc);
}
/// Orders the instructions of `pipe` (PIPE_ALL: every pipe).
template <pipe_t pipe>
inline void PipeBarrier(::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::pipeBarrier(static_cast<uint8_t>(pipe), loc);
}

//===----------------------------------------------------------------------===//
// System
//===----------------------------------------------------------------------===//

inline int64_t GetBlockIdx() { return ::ascsim::abi::blockIdx(); }
inline int64_t GetBlockNum() { return ::ascsim::abi::blockNum(); }
constexpr int16_t GetDataBlockSizeInBytes() { return 32; }
inline void InitSocState(::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::initSocState(loc);
}

} // namespace AscendC

#endif // ASCSIM_API_H
