//===- ascsim/api.h - Ascend C basic API functions --------------*- C++ -*-===//
//
// Data movement, synchronisation and system functions of namespace AscendC
// (the vector instructions, count forms included, are in
// ascsim/vector_api.h). Each is a thin inline forwarder to the simulator
// ABI; the trailing `loc` parameter records the caller's (Python) line.
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
/// Waits for the scalar's earlier GM (DDR) / UB / all memory accesses; in
/// the simulator they complete at issue, so it orders nothing more
/// (docs/sync.md). The value is checked.
template <MemDsbT arg0>
inline void DataSyncBarrier(::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::dataSyncBarrier(static_cast<uint8_t>(arg0), loc);
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
