//===- ascsim/sys_api.h - System control, cache, scalar helpers -*- C++ -*-===//
//
// Ascend C system-control calls (ascendc_api.md §5.14-§5.16, §2.9): scalar
// bit helpers and ScalarCast, store-atomic configuration, HF32 / MM layout
// control bits, workspace and HCCL context pointers, caches, system
// variables, Trap, CheckLocalMemoryIA and SetAippFunctions. Inline
// forwarders over ascsim/sys_abi.h; the library keeps the per-core state
// (sim/lib/device/SysControl.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_SYS_API_H
#define ASCSIM_SYS_API_H

#include "ascsim/sys_abi.h"
#include "ascsim/tensor.h"
#include "ascsim/vector_api.h"

#define ASCSIM_SYS_LOC ::ascsim::Loc loc = ::ascsim::here()

namespace AscendC {

// The enumerations of §3.25-§3.27 (CacheLine, DcciDst, AtomicDtype, AtomicOp,
// AippInputFormat) are in ascsim/gen/Enums.h, generated from the dialect's.

//===----------------------------------------------------------------------===//
// Scalar helpers (§5.16)
//===----------------------------------------------------------------------===//

namespace detail {
template <typename U> constexpr ::ascsim::DType scalarCastTarget() {
  return ::ascsim::dtypeOf<U>();
}
} // namespace detail

/// float -> half / int32_t in `roundMode`, bit-exact like Cast.
template <typename T, typename U, RoundMode roundMode>
inline U ScalarCast(T valueIn, ASCSIM_SYS_LOC) {
  static_assert(sizeof(T) == 4 && static_cast<T>(0.5f) != 0,
                "ScalarCast: the source type must be float");
  static_assert(sizeof(U) == 2 || sizeof(U) == 4,
                "ScalarCast: the destination type must be half or int32_t");
  float f = static_cast<float>(valueIn);
  uint32_t bits = 0;
  __builtin_memcpy(&bits, &f, 4);
  uint64_t arg = static_cast<uint64_t>(detail::scalarCastTarget<U>()) |
                 static_cast<uint64_t>(roundMode) << 8;
  uint64_t r =
      ::ascsim::abi::scalarOp(::ascsim::ScalarOp::Cast, bits, arg, loc);
  if constexpr (sizeof(U) == 2) {
    return U::fromBits(static_cast<uint16_t>(r));
  } else {
    return static_cast<U>(static_cast<uint32_t>(r));
  }
}

/// Bit position (from the LSB) of the first bit equal to countValue, -1 if
/// none.
template <int countValue>
inline int64_t ScalarGetSFFValue(uint64_t valueIn, ASCSIM_SYS_LOC) {
  static_assert(countValue == 0 || countValue == 1,
                "ScalarGetSFFValue: countValue must be 0 or 1");
  return static_cast<int64_t>(::ascsim::abi::scalarOp(
      ::ascsim::ScalarOp::SffValue, valueIn, countValue, loc));
}
/// Number of bits equal to countValue.
template <int countValue>
inline int64_t ScalarGetCountOfValue(uint64_t valueIn, ASCSIM_SYS_LOC) {
  static_assert(countValue == 0 || countValue == 1,
                "ScalarGetCountOfValue: countValue must be 0 or 1");
  return static_cast<int64_t>(::ascsim::abi::scalarOp(
      ::ascsim::ScalarOp::CountOfValue, valueIn, countValue, loc));
}
inline int64_t ScalarCountLeadingZero(uint64_t valueIn, ASCSIM_SYS_LOC) {
  return static_cast<int64_t>(::ascsim::abi::scalarOp(
      ::ascsim::ScalarOp::CountLeadingZero, valueIn, 0, loc));
}
/// Consecutive bits below the sign bit that equal it (0 and -1: 63).
inline int64_t CountBitsCntSameAsSignBit(int64_t valueIn, ASCSIM_SYS_LOC) {
  return static_cast<int64_t>(
      ::ascsim::abi::scalarOp(::ascsim::ScalarOp::CountSignBits,
                              static_cast<uint64_t>(valueIn), 0, loc));
}

//===----------------------------------------------------------------------===//
// Control registers (§5.13, §5.15)
//===----------------------------------------------------------------------===//

/// The store-atomic configuration shared with SetAtomicAdd/Max/Min/None.
template <AtomicDtype type, AtomicOp op>
inline void SetStoreAtomicConfig(ASCSIM_SYS_LOC) {
  ::ascsim::abi::sysControl(::ascsim::SysCtl::StoreAtomicConfig,
                            static_cast<uint64_t>(type),
                            static_cast<uint64_t>(op), loc);
}
inline void GetStoreAtomicConfig(uint16_t &atomicType, uint16_t &atomicOp,
                                 ASCSIM_SYS_LOC) {
  atomicType = static_cast<uint16_t>(
      ::ascsim::abi::sysQuery(::ascsim::SysQuery::StoreAtomicType, 0, loc));
  atomicOp = static_cast<uint16_t>(
      ::ascsim::abi::sysQuery(::ascsim::SysQuery::StoreAtomicOp, 0, loc));
}

// HF32 and M/N order of Mmad: recorded per core; they affect only the cube
// path, which the simulator does not model yet.
inline void SetHF32Mode(bool hf32Mode, ASCSIM_SYS_LOC) {
  ::ascsim::abi::sysControl(::ascsim::SysCtl::HF32Mode, hf32Mode, 0, loc);
}
inline void SetHF32TransMode(bool hf32TransMode, ASCSIM_SYS_LOC) {
  ::ascsim::abi::sysControl(::ascsim::SysCtl::HF32TransMode, hf32TransMode, 0,
                            loc);
}
inline void SetMMLayoutTransform(bool mmLayoutMode, ASCSIM_SYS_LOC) {
  ::ascsim::abi::sysControl(::ascsim::SysCtl::MMLayoutTransform, mmLayoutMode,
                            0, loc);
}

//===----------------------------------------------------------------------===//
// Workspace and HCCL context (§2.9)
//===----------------------------------------------------------------------===//

inline void SetSysWorkspace(GM_ADDR workspace, ASCSIM_SYS_LOC) {
  ::ascsim::abi::sysControl(::ascsim::SysCtl::SetSysWorkspace,
                            reinterpret_cast<uint64_t>(workspace), 0, loc);
}
template <uint32_t index>
inline void SetHcclContext(__gm__ uint8_t *context, ASCSIM_SYS_LOC) {
  ::ascsim::abi::sysControl(::ascsim::SysCtl::SetHcclContext, index,
                            reinterpret_cast<uint64_t>(context), loc);
}
template <uint32_t index>
inline __gm__ uint8_t *GetHcclContext(ASCSIM_SYS_LOC) {
  return reinterpret_cast<__gm__ uint8_t *>(
      ::ascsim::abi::sysQuery(::ascsim::SysQuery::HcclContext, index, loc));
}

//===----------------------------------------------------------------------===//
// Caches (§5.15): no data effect (the simulator has no data cache)
//===----------------------------------------------------------------------===//

template <typename T, CacheLine entireType, DcciDst dcciDst>
inline void DataCacheCleanAndInvalid(const GlobalTensor<T> &dst,
                                     ASCSIM_SYS_LOC) {
  ::ascsim::abi::sysControl(::ascsim::SysCtl::DataCacheCleanInvalid,
                            reinterpret_cast<uint64_t>(dst.GetPhyAddr()),
                            static_cast<uint64_t>(entireType) |
                                static_cast<uint64_t>(dcciDst) << 8 |
                                (1ull << 16),
                            loc);
}
template <typename T, CacheLine entireType>
inline void DataCacheCleanAndInvalid(const GlobalTensor<T> &dst,
                                     ASCSIM_SYS_LOC) {
  ::ascsim::abi::sysControl(::ascsim::SysCtl::DataCacheCleanInvalid,
                            reinterpret_cast<uint64_t>(dst.GetPhyAddr()),
                            static_cast<uint64_t>(entireType), loc);
}
template <typename T>
inline void DataCachePreload(const GlobalTensor<uint64_t> &src,
                             const T cacheOffset, ASCSIM_SYS_LOC) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 8,
                "DataCachePreload: cacheOffset must be int16_t or int64_t");
  ::ascsim::abi::sysControl(::ascsim::SysCtl::DataCachePreload,
                            reinterpret_cast<uint64_t>(src.GetPhyAddr()),
                            static_cast<uint64_t>(cacheOffset), loc);
}
inline void ICachePreLoad(const int64_t preFetchLen, ASCSIM_SYS_LOC) {
  ::ascsim::abi::sysControl(::ascsim::SysCtl::ICachePreload,
                            static_cast<uint64_t>(preFetchLen), 0, loc);
}
inline int64_t GetICachePreloadStatus(ASCSIM_SYS_LOC) {
  return ::ascsim::abi::sysQuery(::ascsim::SysQuery::ICachePreloadStatus, 0,
                                 loc);
}

//===----------------------------------------------------------------------===//
// System variables (§5.14)
//===----------------------------------------------------------------------===//

inline int64_t GetSubBlockIdx(ASCSIM_SYS_LOC) {
  return ::ascsim::abi::sysQuery(::ascsim::SysQuery::SubBlockIdx, 0, loc);
}
inline int64_t GetSubBlockNum(ASCSIM_SYS_LOC) {
  return ::ascsim::abi::sysQuery(::ascsim::SysQuery::SubBlockNum, 0, loc);
}
inline int64_t GetTaskRatio(ASCSIM_SYS_LOC) {
  return ::ascsim::abi::sysQuery(::ascsim::SysQuery::TaskRatio, 0, loc);
}
inline int64_t GetProgramCounter(ASCSIM_SYS_LOC) {
  return ::ascsim::abi::sysQuery(::ascsim::SysQuery::ProgramCounter, 0, loc);
}
inline int64_t GetSystemCycle(ASCSIM_SYS_LOC) {
  return ::ascsim::abi::sysQuery(::ascsim::SysQuery::SystemCycle, 0, loc);
}
inline void GetArchVersion(uint32_t &coreVersion, ASCSIM_SYS_LOC) {
  coreVersion = static_cast<uint32_t>(
      ::ascsim::abi::sysQuery(::ascsim::SysQuery::ArchVersion, 0, loc));
}
/// Aborts the core: a `trap` error naming the calling line.
inline void Trap(ASCSIM_SYS_LOC) {
  ::ascsim::abi::sysControl(::ascsim::SysCtl::Trap, 0, 0, loc);
}

//===----------------------------------------------------------------------===//
// CheckLocalMemoryIA (§4.2, §5.14)
//===----------------------------------------------------------------------===//

// CheckLocalMemoryIAParam: ascsim/gen/ParamStructs.h (generated).

/// Watches UB byte range [startAddr, endAddr) on channel enableBit (0-3):
/// a later access of an enabled kind that touches it stops the core.
inline void CheckLocalMemoryIA(const CheckLocalMemoryIAParam &checkParams,
                               ASCSIM_SYS_LOC) {
  ::ascsim::MemoryWatch w{};
  w.enableBit = checkParams.enableBit;
  w.startAddr = checkParams.startAddr;
  w.endAddr = checkParams.endAddr;
  w.scalarRead = checkParams.isScalarRead;
  w.scalarWrite = checkParams.isScalarWrite;
  w.vectorRead = checkParams.isVectorRead;
  w.vectorWrite = checkParams.isVectorWrite;
  w.mteRead = checkParams.isMteRead;
  w.mteWrite = checkParams.isMteWrite;
  w.enable = checkParams.isEnable;
  ::ascsim::abi::checkLocalMemoryIA(w, loc);
}

//===----------------------------------------------------------------------===//
// AIPP configuration (§4.2), recorded per core, and its consumer
// LoadImageToLocal (GM image -> A1/B1 through the AIPP stages; semantics in
// sim/VECTOR.md, "AIPP / LoadImageToLocal")
//===----------------------------------------------------------------------===//

template <typename T> struct AippPaddingParams {
  uint32_t paddingMode{0};
  T paddingValueCh0{0};
  T paddingValueCh1{0};
  T paddingValueCh2{0};
  T paddingValueCh3{0};
};
struct AippSwapParams {
  bool isSwapRB{false};
  bool isSwapUV{false};
  bool isSwapAX{false};
};
struct AippSingleLineParams {
  bool isSingleLineCopy{false};
};
struct AippDataTypeConvParams {
  uint8_t dtcMeanCh0{0};
  uint8_t dtcMeanCh1{0};
  uint8_t dtcMeanCh2{0};
  half dtcMinCh0{0};
  half dtcMinCh1{0};
  half dtcMinCh2{0};
  half dtcVarCh0{1.0};
  half dtcVarCh1{1.0};
  half dtcVarCh2{1.0};
  uint32_t dtcRoundMode{0};
};
template <typename T> struct AippChannelPaddingParams {
  uint32_t cPaddingMode{0};
  T cPaddingValue{0};
};
struct AippColorSpaceConvParams {
  bool isEnableCsc{false};
  int16_t cscMatrixR0C0{0};
  int16_t cscMatrixR0C1{0};
  int16_t cscMatrixR0C2{0};
  int16_t cscMatrixR1C0{0};
  int16_t cscMatrixR1C1{0};
  int16_t cscMatrixR1C2{0};
  int16_t cscMatrixR2C0{0};
  int16_t cscMatrixR2C1{0};
  int16_t cscMatrixR2C2{0};
  uint8_t cscBiasIn0{0};
  uint8_t cscBiasIn1{0};
  uint8_t cscBiasIn2{0};
  uint8_t cscBiasOut0{0};
  uint8_t cscBiasOut1{0};
  uint8_t cscBiasOut2{0};
};
template <typename U> struct AippParams {
  AippPaddingParams<U> paddingParams;
  AippSwapParams swapParams;
  AippSingleLineParams singleLineParams;
  AippDataTypeConvParams dtcParams;
  AippChannelPaddingParams<U> cPaddingParams;
  AippColorSpaceConvParams cscParams;
};

namespace detail {
template <typename T, typename U>
inline void setAipp(uint64_t src0, uint64_t src1, AippInputFormat format,
                    const AippParams<U> &p, ::ascsim::Loc loc) {
  ::ascsim::AippConfig c{};
  c.src0 = src0;
  c.src1 = src1;
  c.inputFormat = static_cast<uint32_t>(format);
  c.srcType = ::ascsim::dtypeOf<T>();
  c.paramType = ::ascsim::dtypeOf<U>();
  c.paddingMode = p.paddingParams.paddingMode;
  c.paddingValue[0] = static_cast<float>(p.paddingParams.paddingValueCh0);
  c.paddingValue[1] = static_cast<float>(p.paddingParams.paddingValueCh1);
  c.paddingValue[2] = static_cast<float>(p.paddingParams.paddingValueCh2);
  c.paddingValue[3] = static_cast<float>(p.paddingParams.paddingValueCh3);
  c.swapRB = p.swapParams.isSwapRB;
  c.swapUV = p.swapParams.isSwapUV;
  c.swapAX = p.swapParams.isSwapAX;
  c.singleLineCopy = p.singleLineParams.isSingleLineCopy;
  const AippDataTypeConvParams &d = p.dtcParams;
  c.dtcMean[0] = d.dtcMeanCh0;
  c.dtcMean[1] = d.dtcMeanCh1;
  c.dtcMean[2] = d.dtcMeanCh2;
  c.dtcMin[0] = static_cast<float>(d.dtcMinCh0);
  c.dtcMin[1] = static_cast<float>(d.dtcMinCh1);
  c.dtcMin[2] = static_cast<float>(d.dtcMinCh2);
  c.dtcVar[0] = static_cast<float>(d.dtcVarCh0);
  c.dtcVar[1] = static_cast<float>(d.dtcVarCh1);
  c.dtcVar[2] = static_cast<float>(d.dtcVarCh2);
  c.dtcRoundMode = d.dtcRoundMode;
  c.cPaddingMode = p.cPaddingParams.cPaddingMode;
  c.cPaddingValue = static_cast<float>(p.cPaddingParams.cPaddingValue);
  const AippColorSpaceConvParams &s = p.cscParams;
  c.cscEnable = s.isEnableCsc;
  const int16_t m[9] = {s.cscMatrixR0C0, s.cscMatrixR0C1, s.cscMatrixR0C2,
                        s.cscMatrixR1C0, s.cscMatrixR1C1, s.cscMatrixR1C2,
                        s.cscMatrixR2C0, s.cscMatrixR2C1, s.cscMatrixR2C2};
  for (int i = 0; i < 9; ++i)
    c.cscMatrix[i] = m[i];
  c.cscBiasIn[0] = s.cscBiasIn0;
  c.cscBiasIn[1] = s.cscBiasIn1;
  c.cscBiasIn[2] = s.cscBiasIn2;
  c.cscBiasOut[0] = s.cscBiasOut0;
  c.cscBiasOut[1] = s.cscBiasOut1;
  c.cscBiasOut[2] = s.cscBiasOut2;
  ::ascsim::abi::setAipp(c, loc);
}
} // namespace detail

template <typename T, typename U>
inline void SetAippFunctions(const GlobalTensor<T> &src0,
                             AippInputFormat format, AippParams<U> config,
                             ASCSIM_SYS_LOC) {
  detail::setAipp<T, U>(reinterpret_cast<uint64_t>(src0.GetPhyAddr()), 0,
                        format, config, loc);
}
template <typename T, typename U>
inline void
SetAippFunctions(const GlobalTensor<T> &src0, const GlobalTensor<T> &src1,
                 AippInputFormat format, AippParams<U> config, ASCSIM_SYS_LOC) {
  detail::setAipp<T, U>(reinterpret_cast<uint64_t>(src0.GetPhyAddr()),
                        reinterpret_cast<uint64_t>(src1.GetPhyAddr()), format,
                        config, loc);
}

// LoadImageToLocalParams: ascsim/gen/ParamStructs.h (generated).

template <typename T>
inline void LoadImageToLocal(const LocalTensor<T> &dst,
                             const LoadImageToLocalParams &loadDataParams,
                             ASCSIM_SYS_LOC) {
  const LoadImageToLocalParams &p = loadDataParams;
  ::ascsim::ImageLoad l{p.horizSize,    p.vertSize,     p.horizStartPos,
                        p.vertStartPos, p.srcHorizSize, p.topPadSize,
                        p.botPadSize,   p.leftPadSize,  p.rightPadSize,
                        p.sid};
  ::ascsim::abi::loadImageToLocal(dst.operand(), ::ascsim::dtypeOf<T>(), l,
                                  loc);
}

} // namespace AscendC

/// The system workspace pointer (global namespace, as in Ascend C).
inline __gm__ uint8_t *
GetSysWorkSpacePtr(::ascsim::Loc loc = ::ascsim::here()) {
  return reinterpret_cast<__gm__ uint8_t *>(
      ::ascsim::abi::sysQuery(::ascsim::SysQuery::SysWorkspace, 0, loc));
}

#undef ASCSIM_SYS_LOC

#endif // ASCSIM_SYS_API_H
