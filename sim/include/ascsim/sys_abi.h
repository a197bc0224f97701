//===- ascsim/sys_abi.h - ABI of system control and scalar helpers -*- C++ -*-//
//
// The part of the kernel-to-simulator ABI used by ascsim/sys_api.h: scalar
// bit helpers and ScalarCast, the core's control registers (HF32, MM layout,
// store-atomic configuration), workspace and HCCL context pointers, caches,
// system variables, the UB access-range watch (CheckLocalMemoryIA) and the
// AIPP configuration. Like abi.h it is part of every kernel TU: <cstdint>
// only, PODs and functions. Enum values are part of the ABI: append only.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_SYS_ABI_H
#define ASCSIM_SYS_ABI_H

#include "ascsim/abi.h"

namespace ascsim {

/// Scalar-unit helpers (one scalar instruction each).
enum class ScalarOp : uint8_t {
  Cast = 0,         // value = float32 bits, arg = dst DType | RoundMode << 8
  SffValue,         // arg = countValue (0 or 1)
  CountOfValue,     // arg = countValue (0 or 1)
  CountLeadingZero, //
  CountSignBits,    // CountBitsCntSameAsSignBit
};

/// Control calls; `a`/`b` as documented per value.
enum class SysCtl : uint8_t {
  HF32Mode = 0,          // a = enable
  HF32TransMode,         // a = enable
  MMLayoutTransform,     // a = enable
  StoreAtomicConfig,     // a = AtomicDtype, b = AtomicOp
  SetSysWorkspace,       // a = GM address
  SetHcclContext,        // a = index, b = GM address
  DataCachePreload,      // a = GM address, b = byte offset
  DataCacheCleanInvalid, // a = GM address, b = CacheLine | DcciDst << 8 |
                         //     (1 << 16 if DcciDst given)
  ICachePreload,         // a = length in 2-KiB units
  Trap,                  //
  IntegerDivision,       // a fault of pyasc::div/rem (checked_division.h):
                         // a = IntegerFault | bits << 8 | signed << 16,
                         // b = dividend bits
  RangeStepZero,         // pyasc::range_count with a step of 0
                         // (range_count.h)
  NegativeShift,         // pyasc::shl/shr by a negative count
                         // (checked_shift.h): a = bits | signed << 8 |
                         // left << 9, b = count bits
};

/// What went wrong in an integer division (SysCtl::IntegerDivision).
enum class IntegerFault : uint8_t {
  DivideByZero = 0,
  RemainderByZero,
  DivideOverflow,    // INT_MIN / -1
  RemainderOverflow, // INT_MIN % -1
};

/// Queries of the core's registers and system variables.
enum class SysQuery : uint8_t {
  SubBlockIdx = 0,
  SubBlockNum,
  TaskRatio,
  ProgramCounter,
  SystemCycle, // 50 MHz system counter
  ArchVersion,
  SysWorkspace,
  HcclContext, // a = index
  ICachePreloadStatus,
  StoreAtomicType, // GetStoreAtomicConfig: AtomicDtype value
  StoreAtomicOp,   // GetStoreAtomicConfig: AtomicOp value
};

/// CheckLocalMemoryIAParam as the library sees it.
struct MemoryWatch {
  uint32_t enableBit;
  uint32_t startAddr, endAddr;
  bool scalarRead, scalarWrite, vectorRead, vectorWrite, mteRead, mteWrite;
  bool enable;
};

/// SetAippFunctions: what the simulator records (AippParams<U> flattened;
/// U-typed values as double).
struct AippConfig {
  uint64_t src0, src1; // GM addresses (src1 = 0: single source)
  uint32_t inputFormat;
  DType srcType, paramType;
  uint32_t paddingMode;
  double paddingValue[4];
  bool swapRB, swapUV, swapAX, singleLineCopy;
  uint8_t dtcMean[3];
  double dtcMin[3], dtcVar[3];
  uint32_t dtcRoundMode;
  uint32_t cPaddingMode;
  double cPaddingValue;
  bool cscEnable;
  int16_t cscMatrix[9];
  uint8_t cscBiasIn[3], cscBiasOut[3];
};

/// LoadImageToLocalParams as the library sees it (sizes in pixels).
struct ImageLoad {
  uint16_t horizSize, vertSize, horizStartPos, vertStartPos, srcHorizSize;
  uint8_t topPadSize, botPadSize;
  uint16_t leftPadSize, rightPadSize;
  uint8_t sid;
};

namespace abi {
/// ScalarCast, ScalarGetSFFValue, ... : the result bits.
ASCSIM_API uint64_t scalarOp(ScalarOp op, uint64_t value, uint64_t arg,
                             Loc loc);
ASCSIM_API void sysControl(SysCtl what, uint64_t a, uint64_t b, Loc loc);
ASCSIM_API int64_t sysQuery(SysQuery what, uint64_t a, Loc loc);
/// g_coreType of the core running the calling thread (AscendC::AIV = 2).
ASCSIM_API int32_t coreType();
ASCSIM_API void checkLocalMemoryIA(const MemoryWatch &watch, Loc loc);
ASCSIM_API void setAipp(const AippConfig &config, Loc loc);
/// LoadImageToLocal: the image configured by setAipp -> `dst` (A1/B1, L1)
/// of element type `type` (int8 / float16), on MTE2.
ASCSIM_API void loadImageToLocal(const Operand &dst, DType type,
                                 const ImageLoad &params, Loc loc);
} // namespace abi

} // namespace ascsim

#endif // ASCSIM_SYS_ABI_H
